//! Shanten (向聴 / 向听): how far a hand is from complete, per form and per rule family.
//!
//! # Definition
//!
//! The shanten of a hand is the least number of tiles missing from some complete target
//! hand, minus one (tomohxx's "replacement number" minus one). A target holds at most four
//! copies of a kind, counting only the concealed tiles: a wait on a tile the hand already
//! holds four of does not count, so `123m456p789s1111z` is 1-shanten, not tenpai (Tenhou's
//! 牌理 and the Python `mahjong` library agree). Declared melds take no part: their tiles
//! are not given and do not count toward the limit. `-1` means complete, `0` tenpai.
//!
//! The same definition covers 13 − 3k and 14 − 3k tile hands. For a 14 − 3k hand that is
//! not complete it equals the best 13 − 3k shanten over all discards, which is how
//! mahjong-algorithm defines it: a target that differs from the hand always leaves a tile
//! of the hand unused, and discarding that tile changes nothing.
//!
//! [`Mode::Classic`] drops the four-copy limit: the structural count older tools print,
//! where `1111m234567p789s` is tenpai on a fifth `1m`.
//!
//! # Forms
//!
//! | form | rule family | target |
//! | --- | --- | --- |
//! | regular | both | 4 − k sets (runs or triplets) and a pair |
//! | chiitoitsu | Riichi | 7 pairs of 7 distinct kinds (a quad is one pair) |
//! | kokushi / thirteen orphans | both | the 13 terminals and honours, one of them paired |
//! | seven pairs | MCR | 7 pairs; a kind held four times is two pairs |
//! | honours and knitted | MCR | 14 distinct tiles among one knitted 147/258/369 assignment and the 7 honours |
//! | knitted straight | MCR | the 9 tiles of a knitted straight, one set and a pair (0 or 1 meld) |
//!
//! Forms other than regular need a closed hand (knitted straight allows one meld); they
//! are `None` otherwise.
//!
//! # Kernel
//!
//! The regular form is computed per suit: [`suit_costs`] gives, for one suit, the least
//! number of missing tiles for every count of sets (0..=4) and pairs (0..=1) inside that
//! suit, and [`SuitCosts::combine`] merges suits by min-plus convolution. The table-driven
//! kernel in `regular.rs` does the same with precomputed classes; `reference.rs` is a slow
//! brute force used as a test oracle.
//!
//! ```
//! use pairi::notation::parse_hand;
//! use pairi::shanten;
//!
//! let hand = parse_hand("123m456p789s1111z").unwrap();
//! let s = shanten::riichi(hand.concealed(), 0).unwrap();
//! assert_eq!(s.regular, 1);
//! assert_eq!(s.min(), 1);
//! // The classic count takes a wait on a fifth East.
//! assert_eq!(shanten::riichi_classic(hand.concealed(), 0).unwrap().regular, 0);
//! ```

use crate::hand::HandError;
use crate::tile::{Tile, TileCounts};

pub mod reference;
mod regular;
mod special;
mod useful;
mod wall;

pub use regular::{suit_costs, suit_costs_classic, SuitCosts};
pub use wall::{kernel_reads, riichi_on, suit_costs_capped};
// The unchecked special-form kernels and their formulas, for hands the library builds
// itself (the dealt hands and suit classes of `stats`).
pub(crate) use special::{chiitoitsu, chiitoitsu_of, thirteen_orphans, thirteen_orphans_of};
pub(crate) use useful::each_keeping;
pub use useful::{discards, discards_keeping, keeping, useful, Discard, Discards, Useful};

/// How tile availability is counted.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Mode {
    /// A target holds at most four copies of a kind (counting the concealed tiles only).
    #[default]
    Exact,
    /// No limit on copies: the structural count of block-decomposition tools, where a
    /// wait on a tile the hand holds four of still counts (mahjong-algorithm, older
    /// Riichi tools).
    Classic,
}

/// Shanten of a hand under Riichi rules, per form.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Shanten {
    /// Regular form: 4 − k sets and a pair (一般形).
    pub regular: i8,
    /// Seven pairs of distinct kinds (七対子); `None` with melds.
    pub chiitoitsu: Option<i8>,
    /// Thirteen orphans (国士無双); `None` with melds.
    pub kokushi: Option<i8>,
}

impl Shanten {
    /// The least shanten over the forms: the hand's shanten.
    #[must_use]
    pub fn min(&self) -> i8 {
        let mut s = self.regular;
        for v in [self.chiitoitsu, self.kokushi].into_iter().flatten() {
            s = s.min(v);
        }
        s
    }
}

/// Shanten of a hand under Chinese Official (MCR) rules, per form.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct McrShanten {
    /// Regular form: 4 − k sets and a pair.
    pub regular: i8,
    /// Seven pairs (七对); a kind held four times is two pairs. `None` with melds.
    pub seven_pairs: Option<i8>,
    /// Thirteen orphans (十三幺); `None` with melds.
    pub thirteen_orphans: Option<i8>,
    /// Lesser and greater honours and knitted tiles (全不靠 / 七星不靠); `None` with melds.
    pub honors_and_knitted: Option<i8>,
    /// Knitted straight (组合龙) plus a set and a pair; `None` with more than one meld.
    pub knitted_straight: Option<i8>,
}

impl McrShanten {
    /// The least shanten over the forms: the hand's shanten.
    #[must_use]
    pub fn min(&self) -> i8 {
        let mut s = self.regular;
        for v in [
            self.seven_pairs,
            self.thirteen_orphans,
            self.honors_and_knitted,
            self.knitted_straight,
        ]
        .into_iter()
        .flatten()
        {
            s = s.min(v);
        }
        s
    }
}

/// The 34 counts as five little-endian words of bytes (kinds `8i..8i + 8` in word `i`,
/// kinds 32 and 33 in word 4), for whole-hand checks and counts without a loop over kinds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Words([u64; 5]);

/// A 1 in every byte.
const BYTES_ONE: u64 = 0x0101_0101_0101_0101;
/// The high bit of every byte.
const BYTES_HIGH: u64 = BYTES_ONE << 7;

impl Words {
    #[inline]
    pub(crate) fn of(counts: &TileCounts) -> Words {
        let c = counts.as_array();
        let w = |i: usize| {
            u64::from_le_bytes([
                c[i],
                c[i + 1],
                c[i + 2],
                c[i + 3],
                c[i + 4],
                c[i + 5],
                c[i + 6],
                c[i + 7],
            ])
        };
        Words([
            w(0),
            w(8),
            w(16),
            w(24),
            u64::from(c[32]) | u64::from(c[33]) << 8,
        ])
    }

    /// Whether some count exceeds 4: a byte's high bit is set, or its low seven bits
    /// plus 123 reach 128.
    #[inline]
    fn over(&self) -> bool {
        let mut x = 0;
        for w in self.0 {
            x |= (((w & !BYTES_HIGH) + BYTES_ONE * 123) | w) & BYTES_HIGH;
        }
        x != 0
    }

    /// The number of tiles, when no count exceeds 4 (each word's byte sum is then at
    /// most 32, so one multiplication adds a word's bytes up in its top byte).
    #[inline]
    fn total(&self) -> u32 {
        self.0
            .iter()
            .map(|&w| (w.wrapping_mul(BYTES_ONE) >> 56) as u32)
            .sum()
    }

    /// The high bit of each byte whose count is at least `n` (1..=4), when no count
    /// exceeds 4.
    #[inline]
    pub(crate) fn at_least(&self, n: u8) -> [u64; 5] {
        let add = BYTES_ONE * u64::from(128 - n);
        self.0.map(|w| (w + add) & BYTES_HIGH)
    }
}

/// Checks that `concealed` with `melds` declared melds is a full hand: at most 4 melds,
/// 13 − 3k or 14 − 3k concealed tiles, at most 4 copies of a kind. Returns the number of
/// sets the regular form needs (4 − k).
fn check(concealed: &TileCounts, melds: usize) -> Result<usize, HandError> {
    check_words(concealed, melds).map(|(sets, _)| sets)
}

/// [`check`], also returning the counts as [`Words`].
#[inline]
fn check_words(concealed: &TileCounts, melds: usize) -> Result<(usize, Words), HandError> {
    if melds > 4 {
        return Err(HandError::TooManyMelds { melds });
    }
    let words = Words::of(concealed);
    if words.over() {
        let (i, &c) = concealed
            .as_array()
            .iter()
            .enumerate()
            .find(|&(_, &c)| c > 4)
            .unwrap_or((0, &0));
        return Err(HandError::TooManyCopies {
            tile: Tile::new(i as u8).unwrap_or(Tile::M1),
            count: u32::from(c),
        });
    }
    let total = words.total() as usize;
    if total + 3 * melds != 13 && total + 3 * melds != 14 {
        return Err(HandError::WrongTileCount {
            concealed: total,
            melds,
        });
    }
    Ok((4 - melds, words))
}

/// Shanten under Riichi rules, exact (at most four copies of a kind in a target).
///
/// `concealed` holds the concealed tiles (13 − 3k or 14 − 3k of them), `melds` = k.
///
/// # Errors
///
/// [`HandError`] (`invalid_hand`) for more than 4 melds, a wrong tile count or more than
/// 4 copies of a kind.
pub fn riichi(concealed: &TileCounts, melds: usize) -> Result<Shanten, HandError> {
    riichi_with(concealed, melds, Mode::Exact)
}

/// Shanten under Riichi rules, classic count (no four-copy limit; see [`Mode::Classic`]).
///
/// # Errors
///
/// As [`riichi`].
pub fn riichi_classic(concealed: &TileCounts, melds: usize) -> Result<Shanten, HandError> {
    riichi_with(concealed, melds, Mode::Classic)
}

/// Shanten under Riichi rules in the given [`Mode`].
///
/// # Errors
///
/// As [`riichi`].
pub fn riichi_with(concealed: &TileCounts, melds: usize, mode: Mode) -> Result<Shanten, HandError> {
    let (sets, words) = check_words(concealed, melds)?;
    let regular = regular::shanten(concealed, sets, mode);
    if melds != 0 {
        return Ok(Shanten {
            regular,
            chiitoitsu: None,
            kokushi: None,
        });
    }
    let (ones, twos) = (words.at_least(1), words.at_least(2));
    Ok(Shanten {
        regular,
        chiitoitsu: Some(special::chiitoitsu(&ones, &twos)),
        kokushi: Some(special::thirteen_orphans(&ones, &twos)),
    })
}

/// Regular-form shanten only (4 − k sets and a pair), exact.
///
/// # Errors
///
/// As [`riichi`].
pub fn regular(concealed: &TileCounts, melds: usize) -> Result<i8, HandError> {
    let sets = check(concealed, melds)?;
    Ok(regular::shanten(concealed, sets, Mode::Exact))
}

/// The exact regular-form replacement number (shanten + 1) of a hand that is valid by
/// construction: at most 4 copies of a kind and at most 14 tiles, needing `sets` ≤ 4 sets
/// and a pair. The table kernel of [`regular`] without its checks, for hands the library
/// builds itself (the dealt hands of [`crate::stats`]).
#[inline]
pub(crate) fn regular_missing_unchecked(concealed: &TileCounts, sets: usize) -> u8 {
    regular::missing(concealed, sets, Mode::Exact)
}

/// Regular-form shanten only in the given [`Mode`].
///
/// # Errors
///
/// As [`riichi`].
pub fn regular_with(concealed: &TileCounts, melds: usize, mode: Mode) -> Result<i8, HandError> {
    let sets = check(concealed, melds)?;
    Ok(regular::shanten(concealed, sets, mode))
}

/// Shanten under Chinese Official (MCR) rules, exact, every form.
///
/// # Errors
///
/// As [`riichi`].
pub fn mcr(concealed: &TileCounts, melds: usize) -> Result<McrShanten, HandError> {
    mcr_with(concealed, melds, Mode::Exact)
}

/// Shanten under MCR rules, classic count (no four-copy limit; see [`Mode::Classic`]).
///
/// # Errors
///
/// As [`riichi`].
pub fn mcr_classic(concealed: &TileCounts, melds: usize) -> Result<McrShanten, HandError> {
    mcr_with(concealed, melds, Mode::Classic)
}

/// Shanten under MCR rules in the given [`Mode`].
///
/// # Errors
///
/// As [`riichi`].
pub fn mcr_with(concealed: &TileCounts, melds: usize, mode: Mode) -> Result<McrShanten, HandError> {
    let (sets, words) = check_words(concealed, melds)?;
    let closed = melds == 0;
    Ok(McrShanten {
        regular: regular::shanten(concealed, sets, mode),
        seven_pairs: closed
            .then(|| special::seven_pairs_mcr(&words.at_least(2), &words.at_least(4))),
        thirteen_orphans: closed
            .then(|| special::thirteen_orphans(&words.at_least(1), &words.at_least(2))),
        honors_and_knitted: closed.then(|| special::honors_and_knitted(concealed)),
        knitted_straight: (melds <= 1)
            .then(|| special::knitted_straight(concealed, sets - 3, mode)),
    })
}

#[cfg(test)]
mod tests;
