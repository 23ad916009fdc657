//! Regular form: per-suit costs and their min-plus combination.

use super::Mode;
use crate::tile::TileCounts;

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
    let honours = match counts.len() {
        9 => false,
        7 => true,
        _ => return None,
    };
    if counts.iter().any(|&c| c > 4) || counts.iter().map(|&c| u32::from(c)).sum::<u32>() > 14 {
        return None;
    }
    Some(costs_dp(counts, honours, mode))
}

/// Regular-form shanten of a checked hand needing `sets` sets and a pair.
pub(super) fn shanten(counts: &TileCounts, sets: usize, mode: Mode) -> i8 {
    missing(counts, sets, mode) as i8 - 1
}

/// Least number of tiles missing for `sets` sets and a pair over the whole hand.
pub(super) fn missing(counts: &TileCounts, sets: usize, mode: Mode) -> u8 {
    let c = &counts.0;
    let m = costs_dp(&c[0..9], false, mode);
    let p = costs_dp(&c[9..18], false, mode);
    let s = costs_dp(&c[18..27], false, mode);
    let z = costs_dp(&c[27..34], true, mode);
    m.combine(p).combine(s).combine(z).0[sets * 2 + 1]
}

#[allow(clippy::needless_range_loop)]
/// Digit DP over the kinds of one suit. State: sets made so far, pair made, runs begun
/// at the previous kind and at the one before (they still need this kind).
fn costs_dp(counts: &[u8], honours: bool, mode: Mode) -> SuitCosts {
    const INF: u8 = u8::MAX;
    // best[m][p][a][b]: a runs begun one kind back, b two kinds back.
    let mut best = [[[[INF; 5]; 5]; 2]; 5];
    best[0][0][0][0] = 0;
    let n = counts.len();
    for (i, &c) in counts.iter().enumerate() {
        let mut next = [[[[INF; 5]; 5]; 2]; 5];
        let runs_allowed = !honours && i + 2 < n;
        for m in 0..5 {
            for p in 0..2 {
                for a in 0..5 {
                    for b in 0..5 {
                        let cur = best[m][p][a][b];
                        if cur == INF {
                            continue;
                        }
                        let max_runs = if runs_allowed { 4 - m } else { 0 };
                        for x in 0..=max_runs {
                            for q in 0..=(4 - m - x) {
                                for r in 0..=(1 - p) {
                                    let used = a + b + x + 3 * q + 2 * r;
                                    if mode == Mode::Exact && used > 4 {
                                        continue;
                                    }
                                    let cost = cur + (used as u8).saturating_sub(c);
                                    let slot = &mut next[m + x + q][p + r][x][a];
                                    *slot = (*slot).min(cost);
                                }
                            }
                        }
                    }
                }
            }
        }
        best = next;
    }
    let mut out = [0u8; 10];
    for m in 0..5 {
        for p in 0..2 {
            out[m * 2 + p] = best[m][p][0][0];
        }
    }
    SuitCosts(out)
}
