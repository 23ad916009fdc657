//! Fan evaluation: every reading of the hand is scored and the highest total wins.
//!
//! Rules restated from the Chinese Mahjong Competition Rules (1998) with the
//! conventions of mahjong-algorithm (ChineseOfficialMahjongHelper), which mostly follow
//! the MIL Green Book (2006); `docs/mcr-rules.md` explains each point.
//!
//! - **Special forms** first. Without melds: seven pairs (seven shifted pairs when the
//!   pairs are seven consecutive numbers of one suit), honors and knitted tiles,
//!   thirteen orphans, a knitted straight with a set and a pair, nine gates (the
//!   thirteen tiles before the win are 1112345678999 of one suit). With one meld: a
//!   knitted straight. A special form other than seven pairs is the answer; seven pairs
//!   competes with the regular readings, which win ties.
//! - **Regular readings** (four sets and a pair) are scored one by one. Sets combine
//!   under the principles of the rules: *no repeat* (a fan implied by a bigger one is
//!   not counted: the exclusions of `fan.rs`), *no separation* and *no identical use*
//!   (sets already combined into a fan do not combine again into the same fan), and
//!   *account once* (a set not yet combined may combine once with a set already used).
//!   In practice: among four chows, a three-chow fan leaves the fourth chow one 1-point
//!   fan with one of the three; without one, at most three 1-point chow fans count, one
//!   fewer for each chow related to no other. Pungs work the same way.
//! - A pung completed by a claimed tile is melded unless the tile can be read as part of
//!   a concealed chow. Kongs and concealed pungs follow the MIL: one fan from the kong
//!   series (melded kong … four kongs) and one from the concealed-pung series, counting
//!   concealed kongs as concealed pungs (two concealed kongs use up two of them).
//! - Wait fans (edge, closed, single) count only when the hand waited on one kind
//!   alone, counted structurally over regular and seven-pairs shapes; when the tile fits
//!   several places, edge beats closed beats single.
//! - Among readings of equal total the first in a fixed order is kept, replaced by a
//!   later one with pure triple chow or triple pung, or by any regular reading when the
//!   special form was seven pairs (mahjong-algorithm's preference).
//!
//! The module is cut along those steps: `facts` (what every reading of a hand shares:
//! the situation and the tiles), `special` (the special forms), `regular` (a reading of
//! four sets and a pair, with its waits and kongs) and `combine` (the fans between two,
//! three or four chows or pungs).

mod combine;
mod facts;
mod regular;
mod special;

use super::context::{check, FanError, WinContext};
use super::fan::{Fan, FanSheet};
use super::rules::Rules;
use crate::decompose::{decompose, BlockKind, Family, Form, Origin, Reading, MAX_READINGS};
use crate::hand::Hand;
use crate::tile::{Suit, Tile};
use facts::Facts;
use regular::has_second_wait;

/// The scored hand: the fans of the best reading, flowers included.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FanResult {
    sheet: FanSheet,
    reading: Reading,
    form: ScoredForm,
}

/// The form a hand was scored as: the reading's form, with nine gates and seven shifted
/// pairs told apart.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ScoredForm {
    /// Four sets and a pair.
    Regular,
    /// Seven pairs.
    SevenPairs,
    /// Seven shifted pairs (连七对).
    SevenShiftedPairs,
    /// Thirteen orphans (十三幺).
    ThirteenOrphans,
    /// Lesser or greater honors and knitted tiles (全不靠 / 七星不靠).
    HonorsAndKnitted,
    /// Knitted straight with a set and a pair (组合龙).
    KnittedStraight,
    /// Nine gates (九莲宝灯), scored as a form of its own.
    NineGates,
}

impl ScoredForm {
    /// The id used in JSON.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            ScoredForm::Regular => "regular",
            ScoredForm::SevenPairs => "seven_pairs",
            ScoredForm::SevenShiftedPairs => "seven_shifted_pairs",
            ScoredForm::ThirteenOrphans => "thirteen_orphans",
            ScoredForm::HonorsAndKnitted => "honors_and_knitted",
            ScoredForm::KnittedStraight => "knitted_straight",
            ScoredForm::NineGates => "nine_gates",
        }
    }
}

impl FanResult {
    /// The fans and their counts (flower tiles included as [`Fan::FlowerTiles`]).
    #[must_use]
    pub const fn sheet(&self) -> &FanSheet {
        &self.sheet
    }

    /// The fans that count, with their counts, in table order.
    pub fn fans(&self) -> impl Iterator<Item = (Fan, u8)> + '_ {
        self.sheet.iter()
    }

    /// The total, flowers included.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.sheet.total()
    }

    /// The total without flowers.
    #[must_use]
    pub fn base(&self) -> u32 {
        self.sheet.total_without_flowers()
    }

    /// The number of flowers counted.
    #[must_use]
    pub const fn flowers(&self) -> u8 {
        self.sheet.count(Fan::FlowerTiles)
    }

    /// Whether the hand reaches the 8 fans needed to declare a win (flowers do not
    /// count towards it, 起和番 8番).
    #[must_use]
    pub fn meets_minimum(&self) -> bool {
        self.base() >= MINIMUM
    }

    /// The reading scored.
    #[must_use]
    pub const fn reading(&self) -> &Reading {
        &self.reading
    }

    /// The form scored.
    #[must_use]
    pub const fn form(&self) -> ScoredForm {
        self.form
    }
}

/// The fans a hand needs, flowers aside, to be declared a win.
pub const MINIMUM: u32 = 8;

/// Scores a winning hand under the default rules (those of the shared test data).
///
/// `hand` holds its melds and either its 13 − 3k concealed tiles (the winning tile
/// `ctx.win` is added) or 14 − 3k with the winning tile among them.
pub fn score(hand: &Hand, ctx: &WinContext) -> Result<FanResult, FanError> {
    score_with(hand, ctx, &Rules::default())
}

/// [`score`] under chosen rule options.
pub fn score_with(hand: &Hand, ctx: &WinContext, rules: &Rules) -> Result<FanResult, FanError> {
    let checked = check(hand, ctx)?;
    let readings = decompose(&checked.concealed, hand.melds(), Family::Mcr);
    let facts = Facts::new(&checked, hand, rules);
    if readings
        .iter()
        .any(|r| r.form() == Form::Regular && has_second_wait(r, checked.ctx.win))
    {
        facts.unique_wait.set(Some(false));
    }
    let mut best: Option<(FanSheet, Reading, ScoredForm)> = None;
    let mut seven_pairs = false;
    let no_melds = hand.melds().is_empty();

    // Special forms: the first that fits is the answer, except plain seven pairs.
    for r in readings.iter() {
        let special = match r.form() {
            Form::SevenPairs => {
                let (sheet, form) = facts.seven_pairs(r);
                seven_pairs = form == ScoredForm::SevenPairs;
                Some((sheet, form))
            }
            Form::HonorsAndKnitted => {
                Some((facts.honors_and_knitted(), ScoredForm::HonorsAndKnitted))
            }
            Form::ThirteenOrphans => Some((facts.thirteen_orphans(), ScoredForm::ThirteenOrphans)),
            Form::KnittedStraight => Some((facts.knitted_straight(r), ScoredForm::KnittedStraight)),
            Form::Regular => None,
        };
        if let Some((sheet, form)) = special {
            best = Some((sheet, *r, form));
            break;
        }
    }
    if best.is_none() && no_melds {
        if let Some(sheet) = facts.nine_gates() {
            let first = readings.iter().find(|r| r.form() == Form::Regular);
            best = first.map(|r| (sheet, *r, ScoredForm::NineGates));
        }
    }
    if best.is_none() || seven_pairs {
        let mut order = [([0u16; 4], 0usize); MAX_READINGS];
        let mut n = 0;
        for (i, r) in readings.iter().enumerate() {
            if r.form() == Form::Regular && n < MAX_READINGS {
                order[n].1 = i;
                n += 1;
            }
        }
        if n > 1 {
            for o in &mut order[..n] {
                o.0 = order_key(&readings[o.1]);
            }
            order[..n].sort_unstable();
        }
        let mut best_total = best.as_ref().map_or(0, |b| b.0.total());
        for &(_, i) in &order[..n] {
            let r = &readings[i];
            let sheet = facts.regular(r);
            let total = sheet.total();
            let replace = match &best {
                None => true,
                Some(_) if total > best_total => true,
                Some(_) => {
                    total == best_total
                        && (seven_pairs
                            || sheet.has(Fan::PureTripleChow)
                            || sheet.has(Fan::TriplePung))
                }
            };
            if replace {
                best_total = total;
                best = Some((sheet, *r, ScoredForm::Regular));
            }
        }
    }
    let (mut sheet, reading, form) = best.ok_or(FanError::NotWinning)?;
    sheet.set(Fan::FlowerTiles, checked.ctx.flowers);
    Ok(FanResult {
        sheet,
        reading,
        form,
    })
}

/// The order in which regular readings are tried (it only matters between equal
/// totals): concealed sets sorted, compared set by set; a set's key is its lowest tile
/// in the order characters, bamboo, dots, then East South West North Red Green White,
/// a pung before a chow of the same tile. This is mahjong-algorithm's enumeration order.
fn order_key(r: &Reading) -> [u16; 4] {
    let mut key = [u16::MAX; 4];
    let mut n = 0;
    for b in r.blocks() {
        if b.origin == Origin::Concealed
            && matches!(b.kind, BlockKind::Sequence | BlockKind::Triplet)
            && n < 4
        {
            key[n] = tile_key(b.first) * 2 + u16::from(b.kind == BlockKind::Sequence);
            n += 1;
        }
    }
    key[..n].sort_unstable();
    key
}

/// A tile's position in mahjong-algorithm's order (characters, bamboo, dots, winds, Red,
/// Green, White), used to break ties between equal totals the same way.
fn tile_key(t: Tile) -> u16 {
    let n = u16::from(t.number());
    match t.suit() {
        Suit::Man => n,
        Suit::Sou => 16 + n,
        Suit::Pin => 32 + n,
        // East South West North, then Red Green White (numbers 7 6 5).
        Suit::Honor => 48 + if n <= 4 { n } else { 12 - n },
    }
}
