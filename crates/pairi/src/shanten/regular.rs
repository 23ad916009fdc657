//! Regular form: per-suit costs and their min-plus combination.

use super::Mode;
use crate::tables::{self, ShantenTables};
use crate::tile::{Suit, TileCounts};

/// For one suit (a numbered suit or the honours): the least number of tiles missing to
/// make exactly `m` sets and `p` pairs out of that suit's tiles, for `m` in 0..=4 and `p`
/// in 0..=1, stored at index `m * 2 + p`.
///
/// A set is a run of three consecutive numbers or three of a kind; honours have no runs.
/// Values are exact (a target holds at most four copies of a kind) unless made by
/// [`suit_costs_classic`]. `costs.0[0]` is always 0.
///
/// The regular-form cost of a whole hand is the min-plus combination of its four suits
/// ([`SuitCosts::combine`]) read at `(4 − k, 1)`.
///
/// ```
/// use pairi::shanten::{suit_costs, SuitCosts};
/// // 123m55m: one set and a pair are there; two sets and a pair need 4m 6m and a 5m.
/// let m = suit_costs(&[1, 1, 1, 0, 2, 0, 0, 0, 0]).unwrap();
/// assert_eq!(m.get(1, 1), Some(0));
/// assert_eq!(m.get(2, 1), Some(3));
/// assert_eq!(m.get(0, 0), Some(0));
/// let z = suit_costs(&[0; 7]).unwrap();
/// assert_eq!(z, SuitCosts::EMPTY);
/// assert_eq!(m.combine(z).get(1, 1), Some(0));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct SuitCosts(pub [u8; 10]);

impl SuitCosts {
    /// The costs of a suit holding no tile: `3m + 2p`.
    pub const EMPTY: SuitCosts = SuitCosts([0, 2, 3, 5, 6, 8, 9, 11, 12, 14]);

    /// The cost of `sets` sets and `pairs` pairs, `None` when `sets > 4` or `pairs > 1`.
    #[must_use]
    pub const fn get(&self, sets: usize, pairs: usize) -> Option<u8> {
        if sets > 4 || pairs > 1 {
            None
        } else {
            Some(self.0[sets * 2 + pairs])
        }
    }

    /// Min-plus combination: the costs of the two suits taken together,
    /// `out[m, p] = min over m1 + m2 = m, p1 + p2 = p of self[m1, p1] + other[m2, p2]`.
    /// Associative and commutative; combine the four suits of a hand in any order.
    #[must_use]
    pub fn combine(self, other: SuitCosts) -> SuitCosts {
        let a = &self.0;
        let b = &other.0;
        let mut out = [u8::MAX; 10];
        for m in 0..5 {
            for m1 in 0..=m {
                let m2 = m - m1;
                let x0 = a[m1 * 2];
                let x1 = a[m1 * 2 + 1];
                let y0 = b[m2 * 2];
                let y1 = b[m2 * 2 + 1];
                out[m * 2] = out[m * 2].min(x0.saturating_add(y0));
                out[m * 2 + 1] = out[m * 2 + 1]
                    .min(x0.saturating_add(y1))
                    .min(x1.saturating_add(y0));
            }
        }
        SuitCosts(out)
    }

    /// The number of tiles missing for `sets` sets and a pair (the replacement number of
    /// a whole hand when `self` combines all four suits and `sets` = 4 − melds).
    #[must_use]
    pub const fn with_pair(&self, sets: usize) -> Option<u8> {
        self.get(sets, 1)
    }

    /// The exact costs of a numbered class (`honours` false) or honours class.
    pub(super) fn of_class(class: usize, honours: bool) -> SuitCosts {
        let t = &tables::EXACT;
        SuitCosts(if honours {
            t.honours_costs[class]
        } else {
            t.numbered_costs[class]
        })
    }

    /// Regular-form shanten of a whole hand whose four suits combine to `self`, with
    /// `melds` declared melds: `self[4 − melds, 1] − 1`. `None` when `melds > 4`.
    #[must_use]
    pub fn shanten(&self, melds: usize) -> Option<i8> {
        let sets = 4usize.checked_sub(melds)?;
        // Costs are at most 14.
        Some(self.0[sets * 2 + 1] as i8 - 1)
    }
}

/// The exact [`SuitCosts`] of one suit: 9 counts (1..9 of a numbered suit) or 7 counts
/// (East South West North White Green Red).
///
/// `None` when the slice has another length, a count exceeds 4, or the suit holds more
/// than 14 tiles (no hand does).
#[must_use]
pub fn suit_costs(counts: &[u8]) -> Option<SuitCosts> {
    costs_checked(counts, Mode::Exact)
}

/// [`suit_costs`] without the four-copy limit on targets ([`Mode::Classic`]).
#[must_use]
pub fn suit_costs_classic(counts: &[u8]) -> Option<SuitCosts> {
    costs_checked(counts, Mode::Classic)
}

fn costs_checked(counts: &[u8], mode: Mode) -> Option<SuitCosts> {
    let t = tables_of(mode);
    if counts.iter().any(|&c| c > 4) || counts.iter().map(|&c| u32::from(c)).sum::<u32>() > 14 {
        return None;
    }
    match *counts {
        [_, _, _, _, _, _, _, _, _] => {
            let class = t.numbered_class[numbered_rank(counts)];
            Some(SuitCosts(t.numbered_costs[usize::from(class)]))
        }
        [_, _, _, _, _, _, _] => {
            let class = t.honours_class[honours_code(counts)];
            Some(SuitCosts(t.honours_costs[usize::from(class)]))
        }
        _ => None,
    }
}

fn tables_of(mode: Mode) -> &'static ShantenTables {
    match mode {
        Mode::Exact => &tables::EXACT,
        Mode::Classic => &tables::CLASSIC,
    }
}

/// Dense rank of the 9 counts of a numbered suit (each at most 4, at most 14 in all).
///
/// `RANK_LO` and `RANK_HI` are read independently of each other: the sum of counts 1..5
/// that selects the `RANK_HI` row is added up here rather than read from `RANK_LO`.
#[inline]
pub(super) fn numbered_rank(c: &[u8]) -> usize {
    let d = |i: usize| usize::from(c[i]);
    let lo = d(0) + 5 * d(1) + 25 * d(2) + 125 * d(3) + 625 * d(4);
    let hi = d(5) + 5 * d(6) + 25 * d(7) + 125 * d(8);
    let sum = d(0) + d(1) + d(2) + d(3) + d(4);
    let offset = (tables::RANK_LO[lo] & ((1 << tables::RANK_OFFSET_BITS) - 1)) as usize;
    offset + usize::from(tables::RANK_HI[sum * 625 + hi])
}

/// Base-5 number of the 7 honour counts.
#[inline]
pub(super) fn honours_code(c: &[u8]) -> usize {
    let d = |i: usize| usize::from(c[i]);
    d(0) + 5 * d(1) + 25 * d(2) + 125 * d(3) + 625 * d(4) + 3125 * d(5) + 15625 * d(6)
}

/// Class of a numbered suit's 9 counts (at most 4 each, at most 14 in all).
#[inline]
pub(super) fn numbered_class(c: &[u8], mode: Mode) -> usize {
    usize::from(tables_of(mode).numbered_class[numbered_rank(c)])
}

/// Class of the 7 honour counts (at most 4 each, at most 14 in all).
#[inline]
pub(super) fn honours_class(c: &[u8], mode: Mode) -> usize {
    usize::from(tables_of(mode).honours_class[honours_code(c)])
}

/// Least number of tiles missing for `sets` sets and a pair over three numbered suits
/// and the honours, given their classes (of a hand of at most 14 tiles): three joins in
/// a chain, the last giving the cost directly.
#[inline]
pub(super) fn joined_missing(
    m: usize,
    p: usize,
    s: usize,
    z: usize,
    sets: usize,
    mode: Mode,
) -> u8 {
    let t = tables_of(mode);
    let n = t.numbered_classes;
    let g = usize::from(t.join_nn[m * n + p]);
    let g = usize::from(t.join_gn[g * n + s]);
    t.join_gh_cost[g * t.honours_classes + z][sets]
}

/// Least number of tiles missing for `sets` sets and a pair over a checked hand (at
/// most 4 of a kind, at most 14 tiles). The four suit classes are read independently.
#[inline]
pub(super) fn missing(counts: &TileCounts, sets: usize, mode: Mode) -> u8 {
    joined_missing(
        numbered_class(counts.suit(Suit::Man), mode),
        numbered_class(counts.suit(Suit::Pin), mode),
        numbered_class(counts.suit(Suit::Sou), mode),
        honours_class(counts.suit(Suit::Honor), mode),
        sets,
        mode,
    )
}

/// Regular-form shanten of a checked hand needing `sets` sets and a pair.
#[inline]
pub(super) fn shanten(counts: &TileCounts, sets: usize, mode: Mode) -> i8 {
    missing(counts, sets, mode) as i8 - 1
}
