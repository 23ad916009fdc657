//! The special forms: seven pairs (and seven shifted pairs), honors and knitted tiles,
//! thirteen orphans, nine gates, and a knitted straight with a set and a pair.

use super::super::fan::{Fan, FanSheet};
use super::super::rules::{KnittedStraightWaits, SevenPairsCombinations};
use super::facts::Facts;
use super::regular::add_wait_fan;
use super::ScoredForm;
use crate::decompose::{regular_waits, BlockKind, Origin, Reading};
use crate::hand::MeldKind;
use crate::tile::{shape, TileSet};

impl Facts<'_> {
    /// Seven pairs, or seven shifted pairs.
    pub(super) fn seven_pairs(&self, r: &Reading) -> (FanSheet, ScoredForm) {
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
            if !self.kinds.intersects(TileSet::TERMINALS) {
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
    pub(super) fn honors_and_knitted(&self) -> FanSheet {
        let mut s = self.situation;
        let honors = self.kinds.intersection(TileSet::HONORS).len();
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
    pub(super) fn thirteen_orphans(&self) -> FanSheet {
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
    pub(super) fn nine_gates(&self) -> Option<FanSheet> {
        let win = self.ctx.win;
        if win.is_honor() {
            return None;
        }
        let base = win.suit().base() as usize;
        let mut c = *self.concealed;
        c.remove(win);
        if c.as_array()[base..base + 9] != shape::NINE_GATES || c.total() != 13 {
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
    pub(super) fn knitted_straight(&self, r: &Reading) -> FanSheet {
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
}
