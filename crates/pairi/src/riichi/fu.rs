//! Fu (符 / 符): the minipoints of a reading, each item with its reason.
//!
//! The count, as the EMA and WRC rule books and riichi.wiki ("Fu") describe it:
//!
//! - seven pairs: 25 fu flat, never rounded;
//! - otherwise 20 fu base, +10 for a closed hand won on a discard (門前加符), +2 for a
//!   self-draw (ツモ符) except a pinfu self-draw (rule option) and, under one rule
//!   option, a rinshan win;
//! - +2 for a closed, edge or pair wait (嵌張 / 辺張 / 単騎);
//! - +2 for a pair of dragons, of the seat wind, of the round wind (a wind that is
//!   both: 4 or 2 fu, rule option);
//! - triplets 2, quads 8, doubled for terminals and honours (么九), doubled again when
//!   concealed; a triplet completed by a discard counts as open (明刻);
//! - an open hand with 20 fu in all is raised to 30 (rule option);
//! - the total rounds up to the next 10.

use super::context::{TsumoEvent, WinContext, WinMethod};
use super::rules::{DoubleWindFu, OpenPinfuFu, PinfuTsumoFu, RinshanFu, Rules};
use crate::decompose::{Block, BlockKind, Form, Origin, Wait, WinReading};
use crate::hand::MeldKind;
use crate::tile::Tile;
use crate::util::FixedList;

/// Why some fu were counted.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FuReason {
    /// The 20 fu every hand gets (副底).
    Base,
    /// Seven pairs: 25 fu flat (七対子).
    SevenPairs,
    /// A closed hand won on a discard: +10 (門前加符).
    ClosedRon,
    /// A self-draw: +2 (ツモ符).
    Tsumo,
    /// A closed (kanchan), edge (penchan) or pair (tanki) wait: +2.
    Wait(Wait),
    /// A pair of dragons, seat or round wind: +2 (or 4 for a double wind).
    ValuedPair(Tile),
    /// A triplet or quad: 2 to 32.
    Set {
        /// The block.
        block: Block,
        /// Whether it counts as concealed.
        concealed: bool,
    },
    /// An open hand with no fu raised to 30 (喰い平和の30符).
    OpenNoFu,
    /// Rounding up to the next 10 (切り上げ).
    Rounding,
}

impl FuReason {
    /// The id used in JSON `fu_detail`.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            FuReason::Base => "base",
            FuReason::SevenPairs => "chiitoitsu",
            FuReason::ClosedRon => "closed_ron",
            FuReason::Tsumo => "tsumo",
            FuReason::Wait(w) => w.id(),
            FuReason::ValuedPair(_) => "valued_pair",
            FuReason::Set { block, concealed } => match (block.kind, concealed) {
                (BlockKind::Quad, true) => "closed_quad",
                (BlockKind::Quad, false) => "open_quad",
                (_, true) => "closed_triplet",
                (_, false) => "open_triplet",
            },
            FuReason::OpenNoFu => "open_no_fu",
            FuReason::Rounding => "rounding",
        }
    }

    /// The tiles the reason is about, if any (the pair, the set).
    #[must_use]
    pub fn block(self) -> Option<Block> {
        match self {
            FuReason::ValuedPair(t) => Some(Block::concealed(BlockKind::Pair, t)),
            FuReason::Set { block, .. } => Some(block),
            _ => None,
        }
    }
}

/// Some fu and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FuItem {
    /// Why.
    pub reason: FuReason,
    /// How many.
    pub fu: u8,
}

impl Default for FuItem {
    fn default() -> Self {
        FuItem {
            reason: FuReason::Base,
            fu: 0,
        }
    }
}

/// The fu items of a reading, in the order counted (at most base, ron/tsumo, wait,
/// pair, four sets, open-no-fu, rounding).
pub type FuItems = FixedList<FuItem, 12>;

/// The fu of a reading: each item, and the rounded total.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Fu {
    /// Each item; the last one may be the rounding.
    pub items: FuItems,
    /// The total after rounding.
    pub total: u8,
}

/// Whether a reading is pinfu (平和): a closed hand of four sequences and a pair that
/// is no dragon, seat or round wind, won on a two-sided wait. Exactly the readings
/// whose only fu are the base, the closed ron and the tsumo: the yaku and the fu count
/// both ask here.
#[must_use]
pub fn is_pinfu(win: &WinReading<'_>, closed: bool, ctx: &WinContext) -> bool {
    let (seat, round) = (ctx.seat_wind.tile(), ctx.round_wind.tile());
    closed
        && win.reading.form() == Form::Regular
        && win.wait.wait == Wait::Ryanmen
        && win.reading.blocks().iter().all(|b| match b.kind {
            BlockKind::Sequence => true,
            BlockKind::Pair => !(b.first.is_dragon() || b.first == seat || b.first == round),
            _ => false,
        })
}

/// The fu of one (reading, wait). `closed`: the hand has no open meld.
#[must_use]
pub fn count(win: &WinReading<'_>, closed: bool, ctx: &WinContext, rules: &Rules) -> Fu {
    let mut items = FuItems::new();
    let total = count_into(win, closed, ctx, rules, &mut items);
    Fu { items, total }
}

/// Fu of a triplet (2) or quad (8) by block kind, before doubling; none for the others.
const SET_FU: [u8; 6] = {
    let mut t = [0u8; 6];
    t[BlockKind::Triplet as usize] = 2;
    t[BlockKind::Quad as usize] = 8;
    t
};

/// Counts the fu of one (reading, wait) into `items`, in order; the rounded total.
fn count_into(
    win: &WinReading<'_>,
    closed: bool,
    ctx: &WinContext,
    rules: &Rules,
    items: &mut FuItems,
) -> u8 {
    if win.reading.form() == Form::SevenPairs {
        items.push(FuItem {
            reason: FuReason::SevenPairs,
            fu: 25,
        });
        return 25;
    }
    let mut raw = 0u8;
    let mut add = |reason, fu: u8| {
        if fu > 0 {
            raw += fu;
            items.push(FuItem { reason, fu });
        }
    };
    add(FuReason::Base, 20);
    let tsumo = ctx.method.is_tsumo();
    if closed && !tsumo {
        add(FuReason::ClosedRon, 10);
    }
    if tsumo {
        let pinfu = is_pinfu(win, closed, ctx);
        let rinshan = ctx.method == WinMethod::Tsumo(TsumoEvent::Rinshan);
        let skip = (pinfu && rules.pinfu_tsumo_fu == PinfuTsumoFu::Twenty)
            || (rinshan && rules.rinshan_fu == RinshanFu::NoTsumoFu);
        if !skip {
            add(FuReason::Tsumo, 2);
        }
    }
    // The items of the hand's shape (wait, pair, sets), listed after the tsumo fu.
    if matches!(win.wait.wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
        add(FuReason::Wait(win.wait.wait), 2);
    }
    let seat = ctx.seat_wind.tile();
    let round = ctx.round_wind.tile();
    let double_wind = match rules.double_wind_fu {
        DoubleWindFu::Four => 2,
        DoubleWindFu::Two => 0,
    };
    let completed = usize::from(win.wait.block);
    // One test a block (a set of fu or not) rather than a jump on its kind; the pair,
    // the last block of a regular reading, after the sets.
    let blocks = win.reading.blocks();
    for (i, b) in blocks.iter().enumerate() {
        let set_fu = SET_FU[b.kind as usize];
        if set_fu > 0 {
            let concealed = match b.origin {
                Origin::Concealed => tsumo | (i != completed),
                Origin::Declared(k) => k == MeldKind::ClosedKan,
            };
            add(
                FuReason::Set {
                    block: *b,
                    concealed,
                },
                set_fu << (u8::from(b.first.is_terminal_or_honor()) + u8::from(concealed)),
            );
        }
    }
    let pair = if win.reading.form() == Form::Regular {
        debug_assert_eq!(blocks.last().map(|b| b.kind), Some(BlockKind::Pair));
        blocks.last().map(|b| b.first)
    } else {
        win.reading.pair()
    };
    if let Some(t) = pair {
        let (is_seat, is_round) = (t == seat, t == round);
        let fu = 2 * u8::from(t.is_dragon() | is_seat | is_round)
            + double_wind * u8::from(is_seat & is_round);
        add(FuReason::ValuedPair(t), fu);
    }
    if !closed && raw == 20 && rules.open_pinfu_fu == OpenPinfuFu::Thirty {
        items.push(FuItem {
            reason: FuReason::OpenNoFu,
            fu: 10,
        });
        raw = 30;
    }
    let total = raw.div_ceil(10) * 10;
    if total > raw {
        items.push(FuItem {
            reason: FuReason::Rounding,
            fu: total - raw,
        });
    }
    total
}
