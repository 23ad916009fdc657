//! Special forms: seven pairs (Riichi and MCR), thirteen orphans, and the MCR knitted
//! forms. Each function takes a checked closed hand (13 or 14 tiles, or 10/11 for a
//! knitted straight with one meld) and returns its shanten in that form.

use super::{regular, Mode};
use crate::tile::{shape, TileCounts};

/// The high bits of the bytes of the 13 terminals and honours in [`super::Words`].
pub(super) const ORPHAN_BYTES: [u64; 5] = [
    0x80,                  // 1m
    0x8080,                // 9m 1p
    0x0080_8000,           // 9p 1s
    0x8080_8080_8080_0000, // 9s, East South West North White
    0x8080,                // Green, Red
];

/// For each numbered suit and knitted triple `q` (numbers `q + 1`, `q + 4`, `q + 7`):
/// how many of the triple's three kinds the suit lacks.
fn lacking(c: &TileCounts) -> [[u8; 3]; 3] {
    let mut out = [[0u8; 3]; 3];
    for (suit, row) in out.iter_mut().enumerate() {
        for (q, l) in row.iter_mut().enumerate() {
            *l = (0..3)
                .map(|j| u8::from(c.as_array()[suit * 9 + q + 3 * j] == 0))
                .sum();
        }
    }
    out
}

/// Riichi seven pairs (七対子): seven pairs of distinct kinds, so a quad is one pair and
/// every missing kind must be drawn twice: `6 − pairs + max(0, 7 − kinds)`.
///
/// `ones` and `twos` mark the kinds held at least once and at least twice
/// ([`super::Words::at_least`]).
pub(crate) fn chiitoitsu(ones: &[u64; 5], twos: &[u64; 5]) -> i8 {
    // At most 34 kinds: the counts fit a u8.
    let kinds = flags(ones.iter().copied()) as u8;
    let pairs = flags(twos.iter().copied()) as u8;
    chiitoitsu_of(pairs, kinds)
}

/// [`chiitoitsu`] of a closed hand holding `pairs` kinds at least twice and `kinds`
/// kinds in all (only values up to 7 matter).
pub(crate) fn chiitoitsu_of(pairs: u8, kinds: u8) -> i8 {
    6 - pairs.min(7) as i8 + (7 - kinds.min(7) as i8)
}

/// The number of byte high bits set over some words of [`super::Words`] (at most 5 of
/// them): the flags moved to the low bits add up bytewise, then one multiplication
/// sums the bytes (no `popcnt` needed on the baseline target).
#[inline]
fn flags(words: impl Iterator<Item = u64>) -> u32 {
    let bytes = words.fold(0u64, |acc, w| acc + (w >> 7));
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// Thirteen orphans (国士無双 / 十三幺): one of each terminal and honour, one of them
/// twice: `13 − kinds − (1 if one of them is paired)`. Arguments as for [`chiitoitsu`].
pub(crate) fn thirteen_orphans(ones: &[u64; 5], twos: &[u64; 5]) -> i8 {
    let kinds = flags((0..5).map(|i| ones[i] & ORPHAN_BYTES[i])) as u8;
    let paired = (0..5).any(|i| twos[i] & ORPHAN_BYTES[i] != 0);
    thirteen_orphans_of(kinds, paired)
}

/// [`thirteen_orphans`] of a closed hand holding `kinds` of the terminal and honour
/// kinds, one of them at least twice when `paired`.
pub(crate) fn thirteen_orphans_of(kinds: u8, paired: bool) -> i8 {
    13 - kinds as i8 - i8::from(paired)
}

/// MCR seven pairs (七对): a kind held four times makes two pairs (rules of the Chinese
/// Official rulebook, 2006, fan 七对). A kind held once or three times is paired by one
/// more copy, and a 13- or 14-tile hand with `p` pairs keeps at least `7 − p` such single
/// copies, so the shanten is `6 − Σ ⌊count / 2⌋`: a pair for every kind held at least
/// twice, and a second for every kind held four times.
pub(super) fn seven_pairs_mcr(twos: &[u64; 5], fours: &[u64; 5]) -> i8 {
    let pairs = (flags(twos.iter().copied()) + flags(fours.iter().copied())) as i8;
    6 - pairs.min(7)
}

/// Lesser and greater honours and knitted tiles (全不靠 / 七星不靠, MCR): 14 distinct
/// tiles among the 9 of one knitted assignment and the 7 honours (any 14 of those 16).
/// `13 − min(14, distinct kinds held among the 16)`, best assignment.
pub(super) fn honors_and_knitted(c: &TileCounts) -> i8 {
    let honours: i8 = c.as_array()[27..34].iter().map(|&n| i8::from(n > 0)).sum();
    let lack = lacking(c);
    let mut best = 0i8;
    for k in shape::KNITTED.map(|k| k.map(usize::from)) {
        let suited = 9 - (lack[0][k[0]] + lack[1][k[1]] + lack[2][k[2]]) as i8;
        best = best.max(suited + honours);
    }
    13 - best.min(14)
}

/// Knitted straight (组合龙, MCR) plus `sets` sets (1 closed, 0 with one meld) and a pair.
///
/// The nine knitted tiles are distinct, so a target is the knitted straight plus an
/// ordinary `sets`-sets-and-a-pair part. Its missing tiles split into knitted tiles not
/// held plus the regular cost of the other tiles. The four-copy limit never binds
/// between the two parts: the ordinary part holds at most 3 of a kind (a triplet, or a
/// run and a pair), and a knitted tile adds one.
///
/// Each suit's class with one knitted triple set aside is read once per triple (nine
/// lookups), then the six assignments only join classes.
pub(super) fn knitted_straight(c: &TileCounts, sets: usize, mode: Mode) -> i8 {
    let lack = lacking(c);
    let mut class = [[0usize; 3]; 3];
    for (suit, row) in class.iter_mut().enumerate() {
        for (q, cl) in row.iter_mut().enumerate() {
            let mut v = [0u8; 9];
            v.copy_from_slice(&c.as_array()[suit * 9..suit * 9 + 9]);
            for j in 0..3 {
                v[q + 3 * j] = v[q + 3 * j].saturating_sub(1);
            }
            *cl = regular::numbered_class(&v, mode);
        }
    }
    let z = regular::honours_class(&c.as_array()[27..34], mode);
    let mut best = u8::MAX;
    for k in shape::KNITTED.map(|k| k.map(usize::from)) {
        let missing = lack[0][k[0]] + lack[1][k[1]] + lack[2][k[2]];
        let rest = regular::joined_missing(
            class[0][k[0]],
            class[1][k[1]],
            class[2][k[2]],
            z,
            sets,
            mode,
        );
        best = best.min(missing + rest);
    }
    best as i8 - 1
}
