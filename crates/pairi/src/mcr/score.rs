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

use super::context::{check, CheckedWin, FanError, WinContext};
use super::fan::{Fan, FanSheet};
use super::rules::{
    AllTerminalsPungs, KnittedStraightWaits, KongPair, Rules, SevenPairsCombinations,
};
use crate::decompose::{
    decompose, regular_waits, seven_pairs_waits, Block, BlockKind, Family, Form, Origin, Reading,
    MAX_READINGS,
};
use crate::hand::{Hand, MeldKind};
use crate::tile::{Suit, Tile, TileCounts, TileSet};
use core::cell::Cell;

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

/// The number (1..=9, honors 1..=7) and the suit index (0 m, 1 p, 2 s, 3 honors) of
/// each kind, looked up: these run in the innermost loops.
const NUMBER_SUIT: [(u8, u8); 34] = {
    let mut t = [(0u8, 0u8); 34];
    let mut i = 0;
    while i < 34 {
        t[i] = if i < 27 {
            ((i % 9) as u8 + 1, (i / 9) as u8)
        } else {
            ((i - 26) as u8, 3)
        };
        i += 1;
    }
    t
};

fn num(t: Tile) -> u8 {
    NUMBER_SUIT[t.index()].0
}

fn suit_of(t: Tile) -> u8 {
    NUMBER_SUIT[t.index()].1
}

/// A tile's position in mahjong-algorithm's order (characters, bamboo, dots, winds, Red,
/// Green, White), used to break ties between equal totals the same way.
fn tile_key(t: Tile) -> u16 {
    TILE_KEY[t.index()]
}

const TILE_KEY: [u16; 34] = {
    let mut k = [0u16; 34];
    let mut i = 0;
    while i < 34 {
        let n = NUMBER_SUIT[i].0 as u16;
        k[i] = match NUMBER_SUIT[i].1 {
            0 => n,
            2 => 16 + n,
            1 => 32 + n,
            _ => 48 + if n <= 4 { n } else { 12 - n },
        };
        i += 1;
    }
    k
};

/// The kinds of numbered suit `s` (0 m, 1 p, 2 s) as a set.
const fn suit_mask(s: u32) -> u64 {
    0x1ff << (9 * s)
}
const HONORS: u64 = 0x7f << 27;
const WINDS: u64 = 0xf << 27;
const DRAGONS: u64 = 0x7 << 31;
/// 1 and 9 of each suit.
const TERMINALS: u64 = (1 | 1 << 8) | (1 | 1 << 8) << 9 | (1 | 1 << 8) << 18;
/// 1234589 of dots, 245689 of bamboo and the white dragon (推不倒).
const REVERSIBLE: u64 = 0b1_1001_1111 << 9 | 0b1_1011_1010 << 18 | 1 << 31;
/// 23468 of bamboo and the green dragon (绿一色).
const GREEN: u64 = 0b0_1010_1110 << 18 | 1 << 32;

/// A tile's number as a bit (bit 1 for a 1 … bit 9 for a 9).
fn number_bits(kinds: u64) -> u16 {
    let mut bits = 0u16;
    for s in 0..3 {
        bits |= (((kinds >> (9 * s)) & 0x1ff) as u16) << 1;
    }
    bits
}

/// What every reading of one hand shares.
struct Facts<'a> {
    ctx: WinContext,
    all: &'a TileCounts,
    concealed: &'a TileCounts,
    kinds: u64,
    rules: &'a Rules,
    /// Declared melds other than concealed kongs.
    open_melds: usize,
    /// Whether the hand waited on one kind only (computed on first use).
    unique_wait: Cell<Option<bool>>,
    /// The fans of the situation alone.
    situation: FanSheet,
    /// The situation fans plus the fans of the tiles alone (suits, terminals and honors,
    /// numbers), shared by every reading with sets.
    common: FanSheet,
}

impl<'a> Facts<'a> {
    fn new(checked: &'a CheckedWin, hand: &Hand, rules: &'a Rules) -> Facts<'a> {
        let kinds = checked
            .all
            .0
            .iter()
            .enumerate()
            .fold(0u64, |k, (i, &n)| k | u64::from(n > 0) << i);
        let mut facts = Facts {
            ctx: checked.ctx,
            all: &checked.all,
            concealed: &checked.concealed,
            kinds,
            rules,
            open_melds: hand.melds().iter().filter(|m| m.kind().is_open()).count(),
            unique_wait: Cell::new(None),
            situation: FanSheet::new(),
            common: FanSheet::new(),
        };
        let mut situation = FanSheet::new();
        facts.add_situation(&mut situation);
        let mut common = situation;
        facts.tile_fans(&mut common, true);
        facts.situation = situation;
        facts.common = common;
        facts
    }

    fn self_drawn(&self) -> bool {
        self.ctx.source.is_self_drawn()
    }

    /// Whether the concealed tiles without the winning tile waited on one kind only,
    /// over the regular and seven-pairs shapes.
    fn unique_wait(&self) -> bool {
        if let Some(u) = self.unique_wait.get() {
            return u;
        }
        let mut before = *self.concealed;
        before.remove(self.ctx.win);
        let mut waits = regular_waits(&before);
        waits = waits.union(seven_pairs_waits(&before, Family::Mcr));
        let u = waits.len() == 1;
        self.unique_wait.set(Some(u));
        u
    }

    /// Fans of the situation: last tile, self-drawn, last tile of the wall, kongs.
    fn add_situation(&self, s: &mut FanSheet) {
        use super::context::WinSource;
        if self.ctx.fourth_tile {
            s.add(Fan::LastTile);
        }
        if self.self_drawn() {
            s.add(Fan::SelfDrawn);
        }
        if self.ctx.last_of_wall {
            s.add(if self.self_drawn() {
                Fan::LastTileDraw
            } else {
                Fan::LastTileClaim
            });
        }
        match self.ctx.source {
            WinSource::ReplacementTile => s.add(Fan::OutWithReplacementTile),
            WinSource::RobbingTheKong => s.add(Fan::RobbingTheKong),
            WinSource::Discard | WinSource::SelfDrawn => {}
        }
    }

    /// Concealed hand or fully concealed hand, when no set is melded.
    fn concealment(&self, s: &mut FanSheet, open_sets: usize) {
        if open_sets == 0 {
            s.add(if self.self_drawn() {
                Fan::FullyConcealedHand
            } else {
                Fan::ConcealedHand
            });
        }
    }

    /// Fans of the tiles alone: suits, terminals and honors, numbers. `sets_based`
    /// false leaves out the fans the strict 1998 reading does not give seven pairs.
    fn tile_fans(&self, s: &mut FanSheet, sets_based: bool) {
        let k = self.kinds;
        let has_honors = k & HONORS != 0;
        if !has_honors {
            s.add(Fan::NoHonors);
        }
        let voided = (0..3).filter(|&i| k & suit_mask(i) == 0).count();
        match voided {
            1 => s.add(Fan::OneVoidedSuit),
            2 => s.add(if has_honors {
                Fan::HalfFlush
            } else {
                Fan::FullFlush
            }),
            _ => {}
        }
        if voided == 0 && k & WINDS != 0 && k & DRAGONS != 0 {
            s.add(Fan::AllTypes);
        }
        let simples = k & (TERMINALS | HONORS) == 0;
        if simples {
            s.add(Fan::AllSimples);
        }
        if k & !REVERSIBLE == 0 {
            s.add(Fan::ReversibleTiles);
        }
        if !sets_based {
            return;
        }
        if k & !GREEN == 0 {
            s.add(Fan::AllGreen);
        }
        if !simples {
            if k & !HONORS == 0 {
                s.add(Fan::AllHonors);
            } else if k & !TERMINALS == 0 {
                s.add(Fan::AllTerminals);
            } else if k & !(TERMINALS | HONORS) == 0 {
                s.add(Fan::AllTerminalsAndHonors);
            }
        }
        if !has_honors {
            let n = number_bits(k);
            if n & !0b1_1110 == 0 {
                s.add(if n & 1 << 4 != 0 {
                    Fan::LowerFour
                } else {
                    Fan::LowerTiles
                });
            } else if n & !0b11_1100_0000 == 0 {
                s.add(if n & 1 << 6 != 0 {
                    Fan::UpperFour
                } else {
                    Fan::UpperTiles
                });
            } else if n & !0b111_0000 == 0 {
                s.add(Fan::MiddleTiles);
            }
        }
    }

    /// Tile hog: kinds whose four copies are all used, not as a kong.
    fn tile_hog(&self, s: &mut FanSheet, kongs: usize) {
        let fours = self.all.0.iter().filter(|&&c| c == 4).count();
        let n = fours.saturating_sub(kongs);
        if n > 0 {
            s.set(Fan::TileHog, n as u8);
        }
    }

    /// Prevalent and seat wind for a wind pung; returns whether it took either.
    fn wind_pung(&self, s: &mut FanSheet, t: Tile) -> bool {
        let mut used = false;
        if t == self.ctx.round_wind.tile() {
            s.add(Fan::PrevalentWind);
            used = true;
        }
        if t == self.ctx.seat_wind.tile() {
            s.add(Fan::SeatWind);
            used = true;
        }
        used
    }

    /// Removes excluded fans, applies the rule options, and makes an empty sheet a
    /// chicken hand.
    fn finish(&self, s: &mut FanSheet) {
        s.apply_exclusions();
        if self.rules.all_terminals == AllTerminalsPungs::NoDoubleOrTriplePung
            && s.has(Fan::AllTerminals)
        {
            s.remove(Fan::TriplePung);
        }
        if s.is_empty() {
            s.add(Fan::ChickenHand);
        }
    }

    /// Seven pairs, or seven shifted pairs.
    fn seven_pairs(&self, r: &Reading) -> (FanSheet, ScoredForm) {
        let pairs = r.blocks();
        let first = pairs[0].first;
        let shifted = first.suit().is_numbered()
            && pairs.len() == 7
            && pairs.iter().enumerate().all(|(i, b)| {
                b.first.as_u8() == first.as_u8() + i as u8 && b.first.suit() == first.suit()
            });
        if shifted {
            let mut s = self.situation;
            s.add(Fan::SevenShiftedPairs);
            if self.kinds & TERMINALS == 0 {
                s.add(Fan::AllSimples);
            }
            self.finish(&mut s);
            return (s, ScoredForm::SevenShiftedPairs);
        }
        let mut s = if self.rules.seven_pairs == SevenPairsCombinations::All {
            self.common
        } else {
            let mut s = self.situation;
            self.tile_fans(&mut s, false);
            s
        };
        s.add(Fan::SevenPairs);
        self.tile_hog(&mut s, 0);
        self.finish(&mut s);
        (s, ScoredForm::SevenPairs)
    }

    /// Lesser or greater honors and knitted tiles.
    fn honors_and_knitted(&self) -> FanSheet {
        let mut s = self.situation;
        let honors = (self.kinds & HONORS).count_ones();
        if honors == 7 {
            s.add(Fan::GreaterHonorsAndKnittedTiles);
        } else {
            s.add(Fan::LesserHonorsAndKnittedTiles);
            if honors == 5 {
                s.add(Fan::KnittedStraight);
            }
        }
        self.finish(&mut s);
        s
    }

    /// Thirteen orphans.
    fn thirteen_orphans(&self) -> FanSheet {
        let mut s = self.situation;
        s.add(Fan::ThirteenOrphans);
        self.finish(&mut s);
        s
    }

    /// Nine gates, when the thirteen tiles before the win are 1112345678999 of one
    /// suit. The tiles also make, by the winning tile's number (mahjong-algorithm,
    /// after the MIL): 1 or 9 a pure straight and a tile hog; 2 or 8 two concealed
    /// pungs, a short straight and a pung of terminals; 5 two concealed pungs and a pung
    /// of terminals; 3, 4, 6 or 7 a short straight.
    fn nine_gates(&self) -> Option<FanSheet> {
        let win = self.ctx.win;
        if win.is_honor() {
            return None;
        }
        let base = win.suit().base() as usize;
        let mut c = *self.concealed;
        c.remove(win);
        let gates = [3, 1, 1, 1, 1, 1, 1, 1, 3];
        if c.0[base..base + 9] != gates || c.total() != 13 {
            return None;
        }
        let mut s = self.situation;
        s.add(Fan::NineGates);
        match win.number() {
            1 | 9 => {
                s.add(Fan::PureStraight);
                s.add(Fan::TileHog);
            }
            2 | 8 => {
                s.add(Fan::TwoConcealedPungs);
                s.add(Fan::ShortStraight);
                s.add(Fan::PungOfTerminalsOrHonors);
            }
            5 => {
                s.add(Fan::TwoConcealedPungs);
                s.add(Fan::PungOfTerminalsOrHonors);
            }
            _ => s.add(Fan::ShortStraight),
        }
        self.finish(&mut s);
        Some(s)
    }

    /// Knitted straight with a fourth set and a pair.
    fn knitted_straight(&self, r: &Reading) -> FanSheet {
        let mut s = self.common;
        s.add(Fan::KnittedStraight);
        let win = self.ctx.win;
        let mut knitted = TileSet::EMPTY;
        let mut set = None;
        let mut pair = None;
        for &b in r.blocks() {
            match b.kind {
                BlockKind::Knitted => b.tiles().for_each(|t| knitted.insert(t)),
                BlockKind::Pair => pair = Some(b),
                _ => set = Some(b),
            }
        }
        let (Some(set), Some(pair)) = (set, pair) else {
            return s;
        };
        let p = pair.first;
        match set.kind {
            BlockKind::Sequence => {
                if !p.is_honor() {
                    s.add(Fan::AllChows);
                }
                if self.all.get(p) == 4 {
                    s.add(Fan::TileHog);
                }
            }
            _ => {
                let t = set.first;
                if t.is_dragon() {
                    s.add(Fan::DragonPung);
                } else if t.is_wind() {
                    if !self.wind_pung(&mut s, t) {
                        s.add(Fan::PungOfTerminalsOrHonors);
                    }
                } else if t.is_terminal() {
                    s.add(Fan::PungOfTerminalsOrHonors);
                }
                if set.kind == BlockKind::Triplet && !t.is_honor() && self.all.get(t) == 4 {
                    s.add(Fan::TileHog);
                }
            }
        }
        match set.origin {
            Origin::Declared(MeldKind::ClosedKan) => s.add(Fan::ConcealedKong),
            Origin::Declared(k) if k.is_kan() => s.add(Fan::MeldedKong),
            _ => {}
        }
        self.concealment(&mut s, usize::from(set.origin.is_open()));
        // Wait fans: the four tiles outside the knitted straight, without the winning
        // tile, must have waited on it alone.
        let in_knitted = knitted.contains(win);
        let waits_counted = match self.rules.knitted_straight_waits {
            KnittedStraightWaits::Mil => true,
            KnittedStraightWaits::OutsideKnittedOnly => !in_knitted,
        };
        if waits_counted {
            if set.origin.is_declared() {
                // Only the pair was concealed besides the knitted straight.
                let pair_was_single = !in_knitted || self.concealed.get(win) == 3;
                if p == win && pair_was_single {
                    s.add(Fan::SingleWait);
                }
            } else {
                let mut rest = *self.concealed;
                for t in knitted.iter() {
                    rest.remove(t);
                }
                if rest.remove(win) && regular_waits(&rest).len() == 1 {
                    add_wait_fan(&mut s, [set, pair].iter().copied(), win);
                }
            }
        }
        self.finish(&mut s);
        s
    }

    /// A regular reading: four sets (declared or concealed) and a pair.
    fn regular(&self, r: &Reading) -> FanSheet {
        let mut s = self.common;
        let win = self.ctx.win;
        let mut chows = [Tile::M1; 4];
        let mut nc = 0;
        let mut pungs = [Tile::M1; 4];
        let mut np = 0;
        let mut pair = Tile::M1;
        let mut hand_pungs = 0;
        let mut win_pung = false;
        let mut win_in_hand_chow = false;
        let (mut melded_kongs, mut concealed_kongs) = (0, 0);
        for &b in r.blocks() {
            match b.kind {
                BlockKind::Sequence => {
                    if nc < 4 {
                        chows[nc] = b.first;
                        nc += 1;
                    }
                    win_in_hand_chow |= b.origin == Origin::Concealed && b.contains(win);
                }
                BlockKind::Triplet | BlockKind::Quad => {
                    if np < 4 {
                        pungs[np] = b.first;
                        np += 1;
                    }
                    match b.origin {
                        Origin::Concealed => {
                            hand_pungs += 1;
                            win_pung |= b.first == win;
                        }
                        Origin::Declared(MeldKind::ClosedKan) => concealed_kongs += 1,
                        Origin::Declared(k) if k.is_kan() => melded_kongs += 1,
                        Origin::Declared(_) => {}
                    }
                }
                BlockKind::Pair => pair = b.first,
                BlockKind::Knitted | BlockKind::Lone => {}
            }
        }
        // A pung completed by a claimed tile is melded, unless the tile fits a
        // concealed chow instead.
        if !self.self_drawn() && win_pung && !win_in_hand_chow {
            hand_pungs -= 1;
        }
        kong_fans(
            &mut s,
            hand_pungs,
            melded_kongs,
            concealed_kongs,
            self.rules.kong_pair,
        );
        if np == 4 {
            s.add(Fan::AllPungs);
        }
        let mut terminal_pungs = 0u8;
        let mut plain_wind_pungs = 0u8;
        let mut wind_pungs = 0u8;
        for &t in &pungs[..np] {
            if t.is_dragon() {
                s.add(Fan::DragonPung);
            } else if t.is_wind() {
                wind_pungs += 1;
                if !self.wind_pung(&mut s, t) {
                    plain_wind_pungs += 1;
                }
            } else if t.is_terminal() {
                terminal_pungs += 1;
            }
        }
        // Three or four wind pungs make a winds fan that accounts for them.
        let winds_counted = if wind_pungs >= 3 { 0 } else { plain_wind_pungs };
        s.set(Fan::PungOfTerminalsOrHonors, terminal_pungs + winds_counted);

        let chows = &mut chows[..nc];
        let pungs = &mut pungs[..np];
        chows.sort_unstable_by_key(|&t| tile_key(t));
        pungs.sort_unstable_by_key(|&t| tile_key(t));
        match nc {
            4 => {
                if let Some(f) = terminal_chows(chows, pair) {
                    s.add(f);
                } else {
                    four_chows(&mut s, chows);
                }
            }
            3 => three_of_three_chows(&mut s, chows),
            2 => {
                if let Some(f) = two_chows(chows[0], chows[1]) {
                    s.add(f);
                }
                if let Some(f) = two_pungs(pungs[0], pungs[1]) {
                    s.add(f);
                }
            }
            1 => three_of_three_pungs(&mut s, pungs),
            _ => four_pungs(&mut s, pungs),
        }

        self.concealment(&mut s, self.open_melds);
        if self.open_melds == 4 && !self.self_drawn() {
            s.add(Fan::MeldedHand);
        }
        if nc == 4 && !pair.is_honor() {
            s.add(Fan::AllChows);
        }
        if s.has(Fan::TwoDragonPungs) && pair.is_dragon() {
            s.add(Fan::LittleThreeDragons);
        }
        if s.has(Fan::BigThreeWinds) && pair.is_wind() {
            s.add(Fan::LittleFourWinds);
        }
        set_fans(&mut s, r.blocks());
        if !s.has(Fan::QuadrupleChow) {
            self.tile_hog(&mut s, usize::from(melded_kongs + concealed_kongs));
        }
        if !s.has(Fan::MeldedHand) && !s.has(Fan::FourKongs) {
            let concealed = r
                .blocks()
                .iter()
                .copied()
                .filter(|b| b.origin == Origin::Concealed);
            let possible = concealed
                .clone()
                .any(|b| b.kind != BlockKind::Triplet && b.contains(win));
            if possible && self.unique_wait() {
                add_wait_fan(&mut s, concealed, win);
            }
        }
        self.finish(&mut s);
        s
    }
}

/// Whether a regular reading shows at once that the hand waited on more than the
/// winning kind: the winning tile ends a concealed chow that could also have been
/// completed at its other end (a two-sided wait), or it completes a concealed pung
/// beside a pair (a double-pung wait, either pair could have been the pung).
fn has_second_wait(r: &Reading, win: Tile) -> bool {
    r.blocks().iter().any(|b| {
        b.origin == Origin::Concealed
            && match b.kind {
                BlockKind::Sequence => {
                    let first = num(b.first);
                    (win == b.first && first <= 6)
                        || (win.as_u8() == b.first.as_u8() + 2 && first >= 2)
                }
                BlockKind::Triplet => b.first == win,
                _ => false,
            }
    })
}

/// Edge, closed or single wait from the concealed blocks holding the winning tile
/// (the hand is known to have waited on that kind alone): edge before closed before
/// single when several readings of the tile exist.
fn add_wait_fan(s: &mut FanSheet, blocks: impl Iterator<Item = Block>, win: Tile) {
    let (mut edge, mut closed, mut single) = (false, false, false);
    for b in blocks {
        match b.kind {
            BlockKind::Sequence if b.origin == Origin::Concealed && b.contains(win) => {
                if win.as_u8() == b.first.as_u8() + 1 {
                    closed = true;
                } else {
                    edge = true;
                }
            }
            BlockKind::Pair if b.first == win => single = true,
            _ => {}
        }
    }
    if edge {
        s.add(Fan::EdgeWait);
    } else if closed {
        s.add(Fan::ClosedWait);
    } else if single {
        s.add(Fan::SingleWait);
    }
}

/// The kong series and the concealed-pung series (MIL): one fan from each. Concealed
/// kongs count as concealed pungs, except that two concealed kongs already stand for
/// two concealed pungs.
fn kong_fans(
    s: &mut FanSheet,
    hand_pungs: u8,
    melded_kongs: u8,
    concealed_kongs: u8,
    pair: KongPair,
) {
    let kongs = melded_kongs + concealed_kongs;
    match (kongs, concealed_kongs) {
        (0, _) => {}
        (1, 0) => s.add(Fan::MeldedKong),
        (1, _) => s.add(Fan::ConcealedKong),
        (2, 0) => s.add(Fan::TwoMeldedKongs),
        (2, 1) => match pair {
            KongPair::Combined => s.add(Fan::ConcealedKongAndMeldedKong),
            KongPair::Separate => {
                s.add(Fan::ConcealedKong);
                s.add(Fan::MeldedKong);
            }
        },
        (2, _) => s.add(Fan::TwoConcealedKongs),
        (3, _) => s.add(Fan::ThreeKongs),
        _ => s.add(Fan::FourKongs),
    }
    let concealed = hand_pungs + concealed_kongs;
    let two_used = s.has(Fan::TwoConcealedKongs);
    match concealed {
        2 if !two_used => s.add(Fan::TwoConcealedPungs),
        3 => s.add(Fan::ThreeConcealedPungs),
        4 => s.add(Fan::FourConcealedPungs),
        _ => {}
    }
}

/// Outside hand, all fives or all even pungs, from the five blocks.
fn set_fans(s: &mut FanSheet, blocks: &[Block]) {
    let (mut outside, mut fives, mut evens) = (0, 0, 0);
    for b in blocks {
        let t = b.first;
        if t.is_honor() {
            outside += 1;
            continue;
        }
        match b.kind {
            BlockKind::Sequence => match num(t) + 1 {
                2 | 8 => outside += 1,
                4..=6 => fives += 1,
                _ => {}
            },
            _ => match num(t) {
                1 | 9 => outside += 1,
                5 => fives += 1,
                2 | 4 | 6 | 8 => evens += 1,
                _ => {}
            },
        }
    }
    if outside == 5 {
        s.add(Fan::OutsideHand);
    } else if fives == 5 {
        s.add(Fan::AllFives);
    } else if evens == 5 {
        s.add(Fan::AllEvenPungs);
    }
}

fn same_suit(a: Tile, b: Tile) -> bool {
    suit_of(a) == suit_of(b)
}

fn distinct_suits(a: Tile, b: Tile, c: Tile) -> bool {
    suit_of(a) != suit_of(b) && suit_of(a) != suit_of(c) && suit_of(b) != suit_of(c)
}

/// Three numbers that are consecutive in some order.
fn consecutive_numbers(a: u8, b: u8, c: u8) -> bool {
    let mut n = [a, b, c];
    n.sort_unstable();
    n[0] + 1 == n[1] && n[1] + 1 == n[2]
}

/// Three-suited or pure terminal chows: 123 and 789 chows with a pair of 5.
fn terminal_chows(chows: &[Tile], pair: Tile) -> Option<Fan> {
    if pair.is_honor() || num(pair) != 5 || chows.iter().any(|t| !matches!(num(*t), 1 | 7)) {
        return None;
    }
    let has = |suit: Suit, n: u8| chows.iter().any(|t| t.suit() == suit && num(*t) == n);
    let others: Vec<Suit> = Suit::NUMBERED
        .into_iter()
        .filter(|&s| s != pair.suit())
        .collect();
    if chows.iter().all(|t| t.suit() != pair.suit())
        && others.iter().all(|&s| has(s, 1) && has(s, 7))
    {
        return Some(Fan::ThreeSuitedTerminalChows);
    }
    let lows = chows.iter().filter(|t| num(**t) == 1).count();
    if chows.iter().all(|t| t.suit() == pair.suit()) && lows == 2 {
        return Some(Fan::PureTerminalChows);
    }
    None
}

/// The fan of two chows (by lowest tile), if any.
fn two_chows(a: Tile, b: Tile) -> Option<Fan> {
    if !same_suit(a, b) {
        return (num(a) == num(b)).then_some(Fan::MixedDoubleChow);
    }
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    if hi.as_u8() == lo.as_u8() + 3 {
        Some(Fan::ShortStraight)
    } else if num(lo) == 1 && num(hi) == 7 {
        Some(Fan::TwoTerminalChows)
    } else if lo == hi {
        Some(Fan::PureDoubleChow)
    } else {
        None
    }
}

/// The fan of three chows (sorted), if any.
fn three_chows(a: Tile, b: Tile, c: Tile) -> Option<Fan> {
    let (x, y, z) = (num(a), num(b), num(c));
    if distinct_suits(a, b, c) {
        if consecutive_numbers(x, y, z) {
            return Some(Fan::MixedShiftedChows);
        }
        if x == y && y == z {
            return Some(Fan::MixedTripleChow);
        }
        let mut n = [x, y, z];
        n.sort_unstable();
        return (n == [1, 4, 7]).then_some(Fan::MixedStraight);
    }
    if !(same_suit(a, b) && same_suit(b, c)) {
        return None;
    }
    let (x, y, z) = (a.as_u8(), b.as_u8(), c.as_u8());
    if x + 3 == y && y + 3 == z {
        Some(Fan::PureStraight)
    } else if (x + 2 == y && y + 2 == z) || (x + 1 == y && y + 1 == z) {
        Some(Fan::PureShiftedChows)
    } else if x == y && y == z {
        Some(Fan::PureTripleChow)
    } else {
        None
    }
}

/// Three chows: a three-chow fan, or at most two 1-point fans between them.
fn three_of_three_chows(s: &mut FanSheet, c: &[Tile]) {
    if let Some(f) = three_chows(c[0], c[1], c[2]) {
        s.add(f);
        return;
    }
    let fans = [
        two_chows(c[0], c[1]),
        two_chows(c[0], c[2]),
        two_chows(c[1], c[2]),
    ];
    limit_pair_fans(s, &fans, 2);
}

/// Four chows: a four-chow fan; or a three-chow fan with the fourth chow combined once
/// with one of the three; or 1-point fans between pairs, at most three, one fewer for
/// each chow related to no other.
fn four_chows(s: &mut FanSheet, c: &[Tile]) {
    let (a, b, cc, d) = (c[0], c[1], c[2], c[3]);
    if same_suit(a, b) && same_suit(b, cc) && same_suit(cc, d) {
        let (w, x, y, z) = (a.as_u8(), b.as_u8(), cc.as_u8(), d.as_u8());
        if (w + 1 == x && x + 1 == y && y + 1 == z) || (w + 2 == x && x + 2 == y && y + 2 == z) {
            s.add(Fan::FourPureShiftedChows);
            return;
        }
        if w == z {
            s.add(Fan::QuadrupleChow);
            return;
        }
    }
    for (i, j, k, free) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
        if let Some(f) = three_chows(c[i], c[j], c[k]) {
            s.add(f);
            let extra = [
                two_chows(c[i], c[free]),
                two_chows(c[j], c[free]),
                two_chows(c[k], c[free]),
            ];
            // The fourth chow combines once, the highest-ranked 1-point fan first.
            for want in [
                Fan::PureDoubleChow,
                Fan::MixedDoubleChow,
                Fan::ShortStraight,
                Fan::TwoTerminalChows,
            ] {
                if extra.contains(&Some(want)) {
                    s.add(want);
                    break;
                }
            }
            return;
        }
    }
    let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    let fans = pairs.map(|(i, j)| two_chows(c[i], c[j]));
    let lonely = (0..4)
        .filter(|&i| {
            pairs
                .iter()
                .zip(&fans)
                .all(|(&(x, y), f)| f.is_none() || (x != i && y != i))
        })
        .count();
    let limit = 3usize.saturating_sub(lonely);
    if limit > 0 {
        limit_pair_fans(s, &fans, limit);
    }
}

/// Counts the 1-point chow fans found between pairs of chows, at most `limit` in all:
/// repeated fans are cut first (two terminal chows, then short straight, mixed double
/// chow, pure double chow), down to one each, then to none in the same order.
fn limit_pair_fans(s: &mut FanSheet, fans: &[Option<Fan>], limit: usize) {
    const ORDER: [Fan; 4] = [
        Fan::PureDoubleChow,
        Fan::MixedDoubleChow,
        Fan::ShortStraight,
        Fan::TwoTerminalChows,
    ];
    let mut counts = [0usize; 4];
    for f in fans.iter().flatten() {
        if let Some(i) = ORDER.iter().position(|o| o == f) {
            counts[i] += 1;
        }
    }
    let mut total: usize = counts.iter().sum();
    for keep in [1, 0] {
        for i in (0..4).rev() {
            while counts[i] > keep && total > limit {
                counts[i] -= 1;
                total -= 1;
            }
        }
    }
    for (i, &n) in counts.iter().enumerate() {
        if n > 0 {
            s.set(ORDER[i], n as u8);
        }
    }
}

/// The fan of two pungs, if any.
fn two_pungs(a: Tile, b: Tile) -> Option<Fan> {
    if !a.is_honor() && !b.is_honor() {
        (num(a) == num(b)).then_some(Fan::DoublePung)
    } else {
        (a.is_dragon() && b.is_dragon()).then_some(Fan::TwoDragonPungs)
    }
}

/// The fan of three pungs (sorted), if any.
fn three_pungs(a: Tile, b: Tile, c: Tile) -> Option<Fan> {
    if !a.is_honor() && !b.is_honor() && !c.is_honor() {
        let (x, y, z) = (num(a), num(b), num(c));
        if distinct_suits(a, b, c) {
            if consecutive_numbers(x, y, z) {
                return Some(Fan::MixedShiftedPungs);
            }
            return (x == y && y == z).then_some(Fan::TriplePung);
        }
        let run = same_suit(a, b) && same_suit(b, c) && x + 1 == y && y + 1 == z;
        return run.then_some(Fan::PureShiftedPungs);
    }
    if a.is_wind() && b.is_wind() && c.is_wind() {
        return Some(Fan::BigThreeWinds);
    }
    (a.is_dragon() && b.is_dragon() && c.is_dragon()).then_some(Fan::BigThreeDragons)
}

/// Three pungs: a three-pung fan, or every fan between pairs.
fn three_of_three_pungs(s: &mut FanSheet, p: &[Tile]) {
    if let Some(f) = three_pungs(p[0], p[1], p[2]) {
        s.add(f);
        return;
    }
    for (i, j) in [(0, 1), (0, 2), (1, 2)] {
        if let Some(f) = two_pungs(p[i], p[j]) {
            s.add(f);
        }
    }
}

/// Four pungs: a four-pung fan; or a three-pung fan with the fourth pung combined once;
/// or every fan between pairs.
fn four_pungs(s: &mut FanSheet, p: &[Tile]) {
    let numbered_run = p.iter().all(|t| !t.is_honor() && same_suit(*t, p[0]))
        && p.windows(2).all(|w| w[0].as_u8() + 1 == w[1].as_u8());
    if numbered_run {
        s.add(Fan::FourPureShiftedPungs);
        return;
    }
    if p.iter().all(|t| t.is_wind()) {
        s.add(Fan::BigFourWinds);
        return;
    }
    for (i, j, k, free) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
        if let Some(f) = three_pungs(p[i], p[j], p[k]) {
            s.add(f);
            for other in [i, j, k] {
                if let Some(f) = two_pungs(p[other], p[free]) {
                    s.add(f);
                    break;
                }
            }
            return;
        }
    }
    for (i, j) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
        if let Some(f) = two_pungs(p[i], p[j]) {
            s.add(f);
        }
    }
}
