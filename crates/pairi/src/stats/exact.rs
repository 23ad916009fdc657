//! The exact distribution: per-suit classes convolved suit by suit (see the module docs).

use super::{melds_of, Counted, Distribution, StatsError, Tally};
use crate::shanten::{suit_costs, suit_costs_capped};
use crate::tile::{Suit, TileCounts};
use crate::wall::{Wall, MAX_COPIES};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The exact shanten distribution of a hand of `tiles` tiles dealt from the full
/// four-player wall (136 tiles, four copies of each of the 34 kinds): for every shanten
/// value the number of the `C(136, tiles)` hands that have it.
///
/// # Errors
///
/// [`StatsError`] for a hand size that no hand has (13 − 3k or 14 − 3k tiles) or a form
/// that does not apply to it (seven pairs and thirteen orphans need 13 or 14 tiles).
pub fn exact(tiles: usize, form: Counted) -> Result<Distribution, StatsError> {
    let wall = Wall::four_player([0; 3]);
    exact_from(&wall, wall.counts(), tiles, form)
}

/// [`exact`] on another wall: every tile of `wall` dealt, the shanten read on it (on
/// the three-player wall, `C(108, tiles)` hands).
///
/// # Errors
///
/// As [`exact`]; [`StatsError::UnsupportedWall`] for a wall that is not the four- or
/// three-player wall (at least 27 kinds, four copies each).
pub fn exact_on(wall: &Wall, tiles: usize, form: Counted) -> Result<Distribution, StatsError> {
    exact_from(wall, wall.counts(), tiles, form)
}

/// [`exact_on`] for a hand dealt from the tiles still `live` in `wall` (some were
/// taken): the counts add up to `C(live tiles, tiles)`; the shanten is still that of
/// `wall`.
///
/// # Errors
///
/// As [`exact_on`]; [`StatsError::TooManyCopies`] for more live copies of a kind than
/// the wall has, [`StatsError::WallTooSmall`] for fewer live tiles than a hand.
pub fn exact_from(
    wall: &Wall,
    live: &TileCounts,
    tiles: usize,
    form: Counted,
) -> Result<Distribution, StatsError> {
    let melds = melds_of(tiles, form)?;
    check_wall(wall)?;
    if let Some((t, count)) = wall.excess(live) {
        return Err(StatsError::TooManyCopies {
            index: t.index(),
            count,
            copies: wall.copies(t),
        });
    }
    let size = live.total() as usize;
    if size < tiles {
        return Err(StatsError::WallTooSmall { wall: size, tiles });
    }
    let n = tiles as u8;
    let live = live.as_array();
    let copies = wall.counts().as_array();
    let class = |suit: Suit| {
        let r = suit.range();
        let orphan = |i: usize| suit == Suit::Honor || i == 0 || i == 8;
        suit_classes(&live[r.clone()], &copies[r], orphan, n, form)
    };
    let man_pin = convolve(&class(Suit::Man), &class(Suit::Pin), n);
    let suited = convolve(&man_pin, &class(Suit::Sou), n);
    let honours = class(Suit::Honor);

    let mut d = Distribution::empty(tiles, form)?;
    let sets = 4 - melds;
    for (t, part) in suited.iter().enumerate() {
        let rest = &honours[tiles - t];
        for &(a, wa) in part {
            for &(h, wh) in rest {
                d.add(a.join(h).shanten(form, sets), wa * wh);
            }
        }
    }
    Ok(d)
}

/// The walls the statistics are exact on: every kind present has four copies and at
/// least the 27 kinds of the three-player wall are present. There, seven pairs and
/// thirteen orphans read as on the full wall, only the regular form's runs change, and
/// every shanten value lies in [`super::range`].
pub(super) fn check_wall(wall: &Wall) -> Result<(), StatsError> {
    let kinds = wall.kinds();
    if kinds.len() >= 27 && kinds.iter().all(|t| wall.copies(t) == MAX_COPIES) {
        Ok(())
    } else {
        Err(StatsError::UnsupportedWall)
    }
}

/// Tallies of a part of the hand, with the number of physical choices of each, listed
/// by the part's tile count (index `t` holds the tallies of `t` tiles).
pub(super) type Classes = Vec<Vec<(Tally, u128)>>;

/// `C(w, c)` for `w, c ≤ 4`.
const BINOMIAL: [[u8; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// The classes of one suit (9 or 7 kinds) with at most `n` tiles dealt from `live`
/// (each at most 4 copies): every count vector within it, weighted by its physical
/// choices `∏ C(live_k, c_k)`, merged by tally. The regular form's costs are those of
/// the suit of the wall whose copies are `copies` (the tables for a full suit).
pub(super) fn suit_classes(
    live: &[u8],
    copies: &[u8],
    orphan: impl Fn(usize) -> bool,
    n: u8,
    form: Counted,
) -> Classes {
    let mut merged = vec![Merged::default(); usize::from(n) + 1];
    let mut counts = [0u8; 9];
    let counts = &mut counts[..live.len()];
    let full = copies.iter().all(|&c| c == MAX_COPIES);
    each_count_vector(live, counts, 0, n, 1, &mut |c, weight| {
        let costs = if full {
            // Within the wall, no count exceeds 4 nor the sum 14: the costs exist.
            let Some(costs) = suit_costs(c) else {
                debug_assert!(false, "no costs for {c:?}");
                return;
            };
            costs
        } else {
            suit_costs_capped(c, copies)
        };
        let t = Tally::of_suit(c, costs, &orphan, form);
        add(&mut merged[usize::from(t.tiles)], t, weight);
    });
    listed(merged)
}

/// Calls `visit` with every count vector `c` (from index `i` on, earlier entries as
/// given) such that `c_k ≤ wall_k` and at most `left` more tiles, with its weight
/// `weight × ∏ C(wall_k, c_k)`.
fn each_count_vector(
    wall: &[u8],
    counts: &mut [u8],
    i: usize,
    left: u8,
    weight: u128,
    visit: &mut impl FnMut(&[u8], u128),
) {
    let Some(&w) = wall.get(i) else {
        visit(counts, weight);
        return;
    };
    for c in 0..=w.min(left) {
        counts[i] = c;
        let choices = u128::from(BINOMIAL[usize::from(w)][usize::from(c)]);
        each_count_vector(wall, counts, i + 1, left - c, weight * choices, visit);
    }
    counts[i] = 0;
}

/// The classes of two disjoint parts taken together, up to `n` tiles.
fn convolve(a: &Classes, b: &Classes, n: u8) -> Classes {
    let n = usize::from(n);
    let mut merged = vec![Merged::default(); n + 1];
    for (ta, part_a) in a.iter().enumerate() {
        for (tb, part_b) in b.iter().enumerate().take(n + 1 - ta) {
            let out = &mut merged[ta + tb];
            for &(x, wx) in part_a {
                for &(y, wy) in part_b {
                    add(out, x.join(y), wx * wy);
                }
            }
        }
    }
    listed(merged)
}

/// Tallies merged by [`Tally::key`], with their summed weights.
type Merged = HashMap<u64, (Tally, u128), BuildHasherDefault<KeyHasher>>;

/// Merged tallies by tile count as [`Classes`].
fn listed(merged: Vec<Merged>) -> Classes {
    merged
        .into_iter()
        .map(|m| m.into_values().collect())
        .collect()
}

fn add(merged: &mut Merged, t: Tally, weight: u128) {
    merged.entry(t.key()).or_insert((t, 0)).1 += weight;
}

/// Hashes the `u64` keys of [`Merged`] by one multiplication (the keys are distinct
/// packed tallies, not chosen by anyone: no need for a keyed hash).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}
