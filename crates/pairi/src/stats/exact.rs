//! The exact distribution: per-suit classes convolved suit by suit (see the module docs).

use super::{melds_of, Distribution, Form, StatsError, Tally};
use crate::shanten::suit_costs;
use crate::tile::TileCounts;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The exact shanten distribution of a hand of `tiles` tiles dealt from the full wall
/// (136 tiles, four copies of each of the 34 kinds): for every shanten value the number
/// of the `C(136, tiles)` hands that have it.
///
/// # Errors
///
/// [`StatsError`] for a hand size that no hand has (13 − 3k or 14 − 3k tiles) or a form
/// that does not apply to it (seven pairs and thirteen orphans need 13 or 14 tiles).
pub fn exact(tiles: usize, form: Form) -> Result<Distribution, StatsError> {
    exact_on_wall(&TileCounts([4; 34]), tiles, form)
}

/// [`exact`] for a hand dealt from another wall: `wall` holds the number of physical
/// copies of each kind (at most 4, as in a wall some tiles were taken from), and the
/// counts add up to `C(wall size, tiles)`.
///
/// # Errors
///
/// As [`exact`]; [`StatsError`] for more than 4 copies of a kind or a wall smaller than
/// a hand.
pub fn exact_on_wall(
    wall: &TileCounts,
    tiles: usize,
    form: Form,
) -> Result<Distribution, StatsError> {
    let melds = melds_of(tiles, form)?;
    if let Some((index, &count)) = wall.0.iter().enumerate().find(|&(_, &c)| c > 4) {
        return Err(StatsError::TooManyCopies { index, count });
    }
    let size = wall.total() as usize;
    if size < tiles {
        return Err(StatsError::WallTooSmall { wall: size, tiles });
    }
    let n = tiles as u8;
    let numbered = |base: usize| {
        let orphan = |i: usize| i == 0 || i == 8;
        suit_classes(&wall.0[base..base + 9], orphan, n, form)
    };
    let man_pin = convolve(&numbered(0), &numbered(9), n);
    let suited = convolve(&man_pin, &numbered(18), n);
    let honours = suit_classes(&wall.0[27..34], |_| true, n, form);

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

/// The classes of one suit of `wall` (9 or 7 kinds, each at most 4 copies) with at most
/// `n` tiles: every count vector within the wall, weighted by its physical choices
/// `∏ C(wall_k, c_k)`, merged by tally.
pub(super) fn suit_classes(
    wall: &[u8],
    orphan: impl Fn(usize) -> bool,
    n: u8,
    form: Form,
) -> Classes {
    let mut merged = vec![Merged::default(); usize::from(n) + 1];
    let mut counts = [0u8; 9];
    let counts = &mut counts[..wall.len()];
    each_count_vector(wall, counts, 0, n, 1, &mut |c, weight| {
        // Within the wall, no count exceeds 4 nor the sum 14: the costs exist.
        let Some(costs) = suit_costs(c) else {
            debug_assert!(false, "no costs for {c:?}");
            return;
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
