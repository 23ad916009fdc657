//! Slow, plainly correct shanten: every target hand is enumerated. The test oracle of
//! the table kernel; not for production use (a regular-form call takes about a
//! millisecond).
//!
//! Each function follows the definition of the module docs literally: the least number
//! of tiles missing from some complete target hand (at most four copies of a kind in
//! [`Mode::Exact`]), minus one. Inputs are not checked; pass full hands.

use super::{McrShanten, Mode, Shanten, SuitCosts};
use crate::tile::TileCounts;

/// A set inside one suit: three of a kind at `start`, or a run from `start`.
#[derive(Clone, Copy)]
enum Set {
    Triplet(usize),
    Run(usize),
}

fn sets_of(len: usize) -> Vec<Set> {
    let mut v: Vec<Set> = (0..len).map(Set::Triplet).collect();
    if len == 9 {
        v.extend((0..7).map(Set::Run));
    }
    v
}

fn add(target: &mut [u8], set: Set, sign: i8) {
    let idx: &[usize] = match set {
        Set::Triplet(i) => &[i, i, i],
        Set::Run(i) => &[i, i + 1, i + 2],
    };
    for &i in idx {
        target[i] = target[i].wrapping_add_signed(sign);
    }
}

fn missing(target: &[u8], counts: &[u8]) -> u8 {
    target
        .iter()
        .zip(counts)
        .map(|(&t, &c)| t.saturating_sub(c))
        .sum()
}

/// [`SuitCosts`] of one suit (9 or 7 counts) by enumerating every multiset of at most
/// four sets plus an optional pair inside the suit.
#[must_use]
pub fn suit_costs(counts: &[u8], mode: Mode) -> SuitCosts {
    suit_costs_with(counts, |target| {
        mode == Mode::Classic || target.iter().all(|&t| t <= 4)
    })
}

/// [`suit_costs`] over the targets that `allowed` accepts (a target is the suit's
/// counts of the sets and pair, in the suit's order).
#[must_use]
pub fn suit_costs_with(counts: &[u8], allowed: impl Fn(&[u8]) -> bool) -> SuitCosts {
    let sets = sets_of(counts.len());
    let mut target = vec![0u8; counts.len()];
    let mut out = [u8::MAX; 10];
    walk(&sets, 0, 0, &mut target, counts, &allowed, &mut out);
    SuitCosts(out)
}

fn walk(
    sets: &[Set],
    from: usize,
    m: usize,
    target: &mut [u8],
    counts: &[u8],
    allowed: &impl Fn(&[u8]) -> bool,
    out: &mut [u8; 10],
) {
    if allowed(target) {
        out[m * 2] = out[m * 2].min(missing(target, counts));
        for j in 0..target.len() {
            target[j] += 2;
            if allowed(target) {
                out[m * 2 + 1] = out[m * 2 + 1].min(missing(target, counts));
            }
            target[j] -= 2;
        }
    }
    if m == 4 {
        return;
    }
    for (k, &s) in sets.iter().enumerate().skip(from) {
        add(target, s, 1);
        walk(sets, k, m + 1, target, counts, allowed, out);
        add(target, s, -1);
    }
}

/// Regular-form shanten with `melds` melds: the suits' enumerated costs combined.
#[must_use]
pub fn regular(concealed: &TileCounts, melds: usize, mode: Mode) -> i8 {
    regular_missing(concealed, 4 - melds, mode) as i8 - 1
}

fn regular_missing(c: &TileCounts, sets: usize, mode: Mode) -> u8 {
    let m = suit_costs(&c.as_array()[0..9], mode);
    let p = suit_costs(&c.as_array()[9..18], mode);
    let s = suit_costs(&c.as_array()[18..27], mode);
    let z = suit_costs(&c.as_array()[27..34], mode);
    m.combine(p).combine(s).combine(z).0[sets * 2 + 1]
}

/// Riichi seven pairs: the best 7 distinct kinds, each completed to a pair.
#[must_use]
pub fn chiitoitsu(c: &TileCounts) -> i8 {
    let mut have: Vec<u8> = c.as_array().iter().map(|&n| n.min(2)).collect();
    have.sort_unstable_by(|a, b| b.cmp(a));
    let missing: u8 = have[..7].iter().map(|&h| 2 - h).sum();
    missing as i8 - 1
}

const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Thirteen orphans: every choice of the paired kind tried.
#[must_use]
pub fn thirteen_orphans(c: &TileCounts) -> i8 {
    let best = ORPHANS
        .iter()
        .map(|&pair| {
            ORPHANS
                .iter()
                .map(|&i| (if i == pair { 2u8 } else { 1 }).saturating_sub(c.as_array()[i]))
                .sum::<u8>()
        })
        .min()
        .unwrap_or(14);
    best as i8 - 1
}

/// MCR seven pairs: 7 pairs where a kind may give two pairs (four copies). Every kind
/// offers a first pair and a second pair that costs at least as much; the 7 cheapest
/// pairs are taken.
#[must_use]
pub fn seven_pairs_mcr(c: &TileCounts) -> i8 {
    let mut costs: Vec<u8> = Vec::new();
    for &n in c.as_array() {
        costs.push(2u8.saturating_sub(n));
        costs.push(4u8.saturating_sub(n.max(2)));
    }
    costs.sort_unstable();
    costs[..7].iter().sum::<u8>() as i8 - 1
}

fn knitted_sets() -> Vec<[usize; 9]> {
    let mut out = Vec::new();
    for a in 0..3 {
        for b in 0..3 {
            for s in 0..3 {
                if a != b && b != s && a != s {
                    let starts = [a, b, s];
                    let mut t = [0; 9];
                    for suit in 0..3 {
                        for j in 0..3 {
                            t[suit * 3 + j] = suit * 9 + starts[suit] + 3 * j;
                        }
                    }
                    out.push(t);
                }
            }
        }
    }
    out
}

/// Honours and knitted tiles: every assignment, 14 distinct tiles among its 16.
#[must_use]
pub fn honors_and_knitted(c: &TileCounts) -> i8 {
    let mut best = u8::MAX;
    for k in knitted_sets() {
        let mut kinds: Vec<usize> = k.to_vec();
        kinds.extend(27..34);
        // Choosing which 2 of the 16 to leave out.
        for a in 0..16 {
            for b in a + 1..16 {
                let missing = kinds
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != a && j != b)
                    .filter(|&(_, &i)| c.as_array()[i] == 0)
                    .count() as u8;
                best = best.min(missing);
            }
        }
    }
    best as i8 - 1
}

/// Every set of the 34-tile space as its three indices.
fn all_sets() -> Vec<[usize; 3]> {
    let mut v = Vec::new();
    for i in 0..34 {
        v.push([i, i, i]);
    }
    for suit in 0..3 {
        for n in 0..7 {
            let i = suit * 9 + n;
            v.push([i, i + 1, i + 2]);
        }
    }
    v
}

/// Knitted straight: every assignment, every set (with no meld) and every pair, on the
/// whole hand at once.
#[must_use]
pub fn knitted_straight(c: &TileCounts, melds: usize, mode: Mode) -> i8 {
    let set_choices: Vec<Option<[usize; 3]>> = if melds == 0 {
        all_sets().into_iter().map(Some).collect()
    } else {
        vec![None]
    };
    let mut best = u8::MAX;
    for k in knitted_sets() {
        for set in &set_choices {
            for pair in 0..34 {
                let mut t = [0u8; 34];
                for &i in &k {
                    t[i] += 1;
                }
                if let Some(s) = set {
                    for &i in s {
                        t[i] += 1;
                    }
                }
                t[pair] += 2;
                if mode == Mode::Exact && t.iter().any(|&n| n > 4) {
                    continue;
                }
                best = best.min(missing(&t, c.as_array()));
            }
        }
    }
    best as i8 - 1
}

/// Every Riichi form.
#[must_use]
pub fn riichi(c: &TileCounts, melds: usize, mode: Mode) -> Shanten {
    Shanten {
        regular: regular(c, melds, mode),
        chiitoitsu: (melds == 0).then(|| chiitoitsu(c)),
        kokushi: (melds == 0).then(|| thirteen_orphans(c)),
    }
}

/// Every MCR form.
#[must_use]
pub fn mcr(c: &TileCounts, melds: usize, mode: Mode) -> McrShanten {
    McrShanten {
        regular: regular(c, melds, mode),
        seven_pairs: (melds == 0).then(|| seven_pairs_mcr(c)),
        thirteen_orphans: (melds == 0).then(|| thirteen_orphans(c)),
        honors_and_knitted: (melds == 0).then(|| honors_and_knitted(c)),
        knitted_straight: (melds <= 1).then(|| knitted_straight(c, melds, mode)),
    }
}
