//! A regular reading (four sets and a pair): its sets, kongs, wait and outside fans;
//! the fans between its sets come from `combine`.

use super::super::fan::{Fan, FanSheet};
use super::super::rules::KongPair;
use super::combine::{
    four_chows, four_pungs, terminal_chows, three_of_three_chows, three_of_three_pungs, two_chows,
    two_pungs,
};
use super::facts::Facts;
use super::tile_key;
use crate::decompose::{Block, BlockKind, Origin, Reading};
use crate::hand::MeldKind;
use crate::tile::Tile;

impl Facts<'_> {
    /// A regular reading: four sets (declared or concealed) and a pair.
    pub(super) fn regular(&self, r: &Reading) -> FanSheet {
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
pub(super) fn has_second_wait(r: &Reading, win: Tile) -> bool {
    r.blocks().iter().any(|b| {
        b.origin == Origin::Concealed
            && match b.kind {
                BlockKind::Sequence => {
                    let first = b.first.number();
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
pub(super) fn add_wait_fan(s: &mut FanSheet, blocks: impl Iterator<Item = Block>, win: Tile) {
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
            BlockKind::Sequence => match t.number() + 1 {
                2 | 8 => outside += 1,
                4..=6 => fives += 1,
                _ => {}
            },
            _ => match t.number() {
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
