//! What every reading of one hand shares: the situation, the tiles held, the fans of
//! the tiles alone, and the final exclusions.

use super::super::context::{CheckedWin, WinContext};
use super::super::fan::{Fan, FanSheet};
use super::super::rules::{AllTerminalsPungs, Rules};
use crate::decompose::{regular_waits, seven_pairs_waits, Family};
use crate::hand::Hand;
use crate::tile::{Suit, Tile, TileCounts, TileSet};
use core::cell::Cell;

/// What every reading of one hand shares.
pub(super) struct Facts<'a> {
    pub(super) ctx: WinContext,
    pub(super) all: &'a TileCounts,
    pub(super) concealed: &'a TileCounts,
    pub(super) kinds: TileSet,
    pub(super) rules: &'a Rules,
    /// Declared melds other than concealed kongs.
    pub(super) open_melds: usize,
    /// Whether the hand waited on one kind only (computed on first use).
    pub(super) unique_wait: Cell<Option<bool>>,
    /// The fans of the situation alone.
    pub(super) situation: FanSheet,
    /// The situation fans plus the fans of the tiles alone (suits, terminals and honors,
    /// numbers), shared by every reading with sets.
    pub(super) common: FanSheet,
}

impl<'a> Facts<'a> {
    pub(super) fn new(checked: &'a CheckedWin, hand: &Hand, rules: &'a Rules) -> Facts<'a> {
        let kinds = checked.all.kinds();
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

    pub(super) fn self_drawn(&self) -> bool {
        self.ctx.source.is_self_drawn()
    }

    /// Whether the concealed tiles without the winning tile waited on one kind only,
    /// over the regular and seven-pairs shapes.
    pub(super) fn unique_wait(&self) -> bool {
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
    pub(super) fn add_situation(&self, s: &mut FanSheet) {
        use super::super::context::WinSource;
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
    pub(super) fn concealment(&self, s: &mut FanSheet, open_sets: usize) {
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
    pub(super) fn tile_fans(&self, s: &mut FanSheet, sets_based: bool) {
        let k = self.kinds;
        let has_honors = k.intersects(TileSet::HONORS);
        if !has_honors {
            s.add(Fan::NoHonors);
        }
        let voided = Suit::NUMBERED
            .into_iter()
            .filter(|&suit| !k.intersects(TileSet::of_suit(suit)))
            .count();
        match voided {
            1 => s.add(Fan::OneVoidedSuit),
            2 => s.add(if has_honors {
                Fan::HalfFlush
            } else {
                Fan::FullFlush
            }),
            _ => {}
        }
        if voided == 0 && k.intersects(TileSet::WINDS) && k.intersects(TileSet::DRAGONS) {
            s.add(Fan::AllTypes);
        }
        let simples = !k.intersects(TileSet::TERMINALS_AND_HONORS);
        if simples {
            s.add(Fan::AllSimples);
        }
        if k.is_subset(TileSet::REVERSIBLE) {
            s.add(Fan::ReversibleTiles);
        }
        if !sets_based {
            return;
        }
        if k.is_subset(TileSet::GREENS) {
            s.add(Fan::AllGreen);
        }
        if !simples {
            if k.is_subset(TileSet::HONORS) {
                s.add(Fan::AllHonors);
            } else if k.is_subset(TileSet::TERMINALS) {
                s.add(Fan::AllTerminals);
            } else if k.is_subset(TileSet::TERMINALS_AND_HONORS) {
                s.add(Fan::AllTerminalsAndHonors);
            }
        }
        if !has_honors {
            let n = numbers(k);
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
    pub(super) fn tile_hog(&self, s: &mut FanSheet, kongs: usize) {
        let fours = self.all.as_array().iter().filter(|&&c| c == 4).count();
        let n = fours.saturating_sub(kongs);
        if n > 0 {
            s.set(Fan::TileHog, n as u8);
        }
    }

    /// Prevalent and seat wind for a wind pung; returns whether it took either.
    pub(super) fn wind_pung(&self, s: &mut FanSheet, t: Tile) -> bool {
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
    pub(super) fn finish(&self, s: &mut FanSheet) {
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
}

/// The numbers present in any numbered suit of `kinds`, as bits (bit 1 for a 1 … bit 9
/// for a 9).
fn numbers(kinds: TileSet) -> u16 {
    Suit::NUMBERED
        .into_iter()
        .flat_map(|s| kinds.intersection(TileSet::of_suit(s)).iter())
        .fold(0, |bits, t| bits | 1 << t.number())
}
