//! The fans between sets: two, three or four chows, and two, three or four pungs,
//! under the principles of no separation, no identical use and account once (see the
//! parent module).

use super::super::fan::{Fan, FanSheet};
use crate::tile::{Suit, Tile};

fn same_suit(a: Tile, b: Tile) -> bool {
    a.suit() as u8 == b.suit() as u8
}

fn distinct_suits(a: Tile, b: Tile, c: Tile) -> bool {
    !same_suit(a, b) && !same_suit(a, c) && !same_suit(b, c)
}

/// Three numbers that are consecutive in some order.
fn consecutive_numbers(a: u8, b: u8, c: u8) -> bool {
    let mut n = [a, b, c];
    n.sort_unstable();
    n[0] + 1 == n[1] && n[1] + 1 == n[2]
}

/// Three-suited or pure terminal chows: 123 and 789 chows with a pair of 5.
pub(super) fn terminal_chows(chows: &[Tile], pair: Tile) -> Option<Fan> {
    if pair.is_honor() || pair.number() != 5 || chows.iter().any(|t| !matches!(t.number(), 1 | 7)) {
        return None;
    }
    let has = |suit: Suit, n: u8| chows.iter().any(|t| t.suit() == suit && t.number() == n);
    let others: Vec<Suit> = Suit::NUMBERED
        .into_iter()
        .filter(|&s| s != pair.suit())
        .collect();
    if chows.iter().all(|t| t.suit() != pair.suit())
        && others.iter().all(|&s| has(s, 1) && has(s, 7))
    {
        return Some(Fan::ThreeSuitedTerminalChows);
    }
    let lows = chows.iter().filter(|t| t.number() == 1).count();
    if chows.iter().all(|t| t.suit() == pair.suit()) && lows == 2 {
        return Some(Fan::PureTerminalChows);
    }
    None
}

/// The fan of two chows (by lowest tile), if any.
pub(super) fn two_chows(a: Tile, b: Tile) -> Option<Fan> {
    if !same_suit(a, b) {
        return (a.number() == b.number()).then_some(Fan::MixedDoubleChow);
    }
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    if hi.as_u8() == lo.as_u8() + 3 {
        Some(Fan::ShortStraight)
    } else if lo.number() == 1 && hi.number() == 7 {
        Some(Fan::TwoTerminalChows)
    } else if lo == hi {
        Some(Fan::PureDoubleChow)
    } else {
        None
    }
}

/// The fan of three chows (sorted), if any.
fn three_chows(a: Tile, b: Tile, c: Tile) -> Option<Fan> {
    let (x, y, z) = (a.number(), b.number(), c.number());
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
pub(super) fn three_of_three_chows(s: &mut FanSheet, c: &[Tile]) {
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
pub(super) fn four_chows(s: &mut FanSheet, c: &[Tile]) {
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
pub(super) fn two_pungs(a: Tile, b: Tile) -> Option<Fan> {
    if !a.is_honor() && !b.is_honor() {
        (a.number() == b.number()).then_some(Fan::DoublePung)
    } else {
        (a.is_dragon() && b.is_dragon()).then_some(Fan::TwoDragonPungs)
    }
}

/// The fan of three pungs (sorted), if any.
fn three_pungs(a: Tile, b: Tile, c: Tile) -> Option<Fan> {
    if !a.is_honor() && !b.is_honor() && !c.is_honor() {
        let (x, y, z) = (a.number(), b.number(), c.number());
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
pub(super) fn three_of_three_pungs(s: &mut FanSheet, p: &[Tile]) {
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
pub(super) fn four_pungs(s: &mut FanSheet, p: &[Tile]) {
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
