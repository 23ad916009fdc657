//! Shanten statistics of dealt hands: how likely a hand dealt from the wall is to be
//! tenpai, 1-shanten, …, exactly ([`exact`]) or by Monte Carlo sampling ([`MonteCarlo`]).
//!
//! # Model
//!
//! A hand of `n` tiles is dealt uniformly from the 136 physical tiles of the wall: the four
//! copies of a kind are distinct, so there are `C(136, n)` equally likely hands, and a hand
//! whose counts are `c` stands for `∏ C(4, c_k)` of them. Its shanten is that of
//! [`crate::shanten::riichi`] with `(14 − n) / 3` declared melds (none for 13 and 14
//! tiles), read in one form ([`Counted`]); with 14 tiles, `-1` (complete) is a value like
//! the others.
//!
//! Another [`Wall`](crate::wall::Wall) (the three-player wall of 108 tiles) changes both
//! what is dealt and what the shanten means: [`exact_on`] and [`MonteCarlo::on`] read it
//! as [`crate::shanten::riichi_on`] does (no run through the missing 2m–8m). [`exact_from`]
//! deals from the tiles still live in a wall, with the shanten of the whole wall.
//!
//! # Exact method
//!
//! Everything the three Riichi forms look at adds up suit by suit:
//!
//! - regular: the suit's [`SuitCosts`], merged by min-plus [`SuitCosts::combine`];
//! - seven pairs: the number of kinds held at least twice and at least once (both only
//!   matter up to 7);
//! - thirteen orphans: the number of terminal and honour kinds held, and whether one of
//!   them is held twice.
//!
//! So every count vector of one suit is reduced to that *class* (plus its tile count),
//! each class weighted by the number of physical hands it stands for. A suit has at most
//! a few thousand classes, against 405 350 count vectors; the three numbered suits are
//! convolved class by class (merging equal classes), and the honours are matched last
//! against the exact number of tiles left. Counts are exact integers (`u128`); the
//! complete table for 14 tiles takes a fraction of a second.
//!
//! # Monte Carlo
//!
//! [`MonteCarlo`] deals hands by a partial Fisher–Yates shuffle of the 136 tiles, driven
//! by xoshiro256++ (seeded by SplitMix64), and reads their shanten with the table kernel.
//! The hands are cut into blocks of [`MonteCarlo::BLOCK`], and block `b` draws from its
//! own generator seeded from `(seed, b)`: the sum of the blocks' counts depends on the
//! seed only, whatever order or thread ran them in.
//!
//! ```
//! use pairi::stats::{self, Form};
//!
//! let d = stats::exact(13, Some(Form::Regular)).unwrap();
//! assert_eq!(d.total(), 483_774_556_165_488_000); // C(136, 13)
//! assert!(d.probability(0) > 0.0 && d.probability(0) < 0.001);
//!
//! let mc = stats::MonteCarlo::new(13, Some(Form::Regular), 10_000, 7).unwrap();
//! let sample = mc.run();
//! assert_eq!(sample.total(), 10_000);
//! ```

use crate::decompose::Family;
pub use crate::decompose::Form;
use crate::error::ErrorKind;
use crate::shanten::{self, SuitCosts};
use core::ops::RangeInclusive;

mod exact;
mod sample;

pub use exact::{exact, exact_from, exact_on};
pub use sample::MonteCarlo;

/// Which shanten of a hand is counted: `None` for the hand's shanten (the least over
/// the forms that apply: all three for a closed hand of 13 or 14 tiles, the regular
/// form otherwise, as [`crate::shanten::Shanten::min`]), `Some(form)` for one Riichi
/// form alone ([`Form::Regular`], [`Form::SevenPairs`] and [`Form::ThirteenOrphans`];
/// the last two need a closed hand of 13 or 14 tiles).
pub type Counted = Option<Form>;

/// Every counted form, in the order of [`form_id`]'s names.
pub const FORMS: [Counted; 4] = [
    None,
    Some(Form::Regular),
    Some(Form::SevenPairs),
    Some(Form::ThirteenOrphans),
];

/// The name of a counted form in JSON and on the command line: `all`, `regular`,
/// `chiitoitsu`, `kokushi` (the Riichi keys of [`Family::key`]).
#[must_use]
pub const fn form_id(form: Counted) -> &'static str {
    match form {
        None => "all",
        Some(f) => Family::Riichi.key(f),
    }
}

/// The counted form named `id` (the inverse of [`form_id`]).
#[must_use]
pub fn form_by_id(id: &str) -> Option<Counted> {
    FORMS.into_iter().find(|&f| form_id(f) == id)
}

/// The shanten of `s` counted as `form` (`None` when the form does not apply).
#[must_use]
pub fn shanten_in(form: Counted, s: &crate::shanten::Shanten) -> Option<i8> {
    match form {
        None => Some(s.min()),
        Some(Form::Regular) => Some(s.regular),
        Some(Form::SevenPairs) => s.chiitoitsu,
        Some(Form::ThirteenOrphans) => s.kokushi,
        Some(_) => None,
    }
}

/// Why a distribution cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StatsError {
    /// Not a hand size: a hand has 13 − 3k or 14 − 3k tiles for k in 0..=4.
    #[error(
        "{tiles} tiles: a hand has 13 − 3k or 14 − 3k tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14)"
    )]
    TileCount {
        /// The number asked for.
        tiles: usize,
    },
    /// Seven pairs and thirteen orphans need a closed hand of 13 or 14 tiles.
    #[error("form {} needs a closed hand of 13 or 14 tiles, not {tiles}", form_id(*form))]
    FormNeedsClosedHand {
        /// The form asked for.
        form: Counted,
        /// The number of tiles asked for.
        tiles: usize,
    },
    /// A form that Riichi does not have (the MCR forms).
    #[error("form {} is not a Riichi form: all, regular, chiitoitsu or kokushi", .0.id())]
    NotRiichiForm(Form),
    /// Tiles left to deal that the wall does not have.
    #[error("{count} copies of kind {index} left to deal: the wall has {copies}")]
    TooManyCopies {
        /// The kind's index (`< 34`).
        index: usize,
        /// The copies asked for.
        count: u8,
        /// The copies of the wall.
        copies: u8,
    },
    /// A wall whose kinds do not all have four copies, or fewer than the 27 kinds of
    /// the three-player wall: shanten values there are not bounded as [`range`] says.
    #[error("statistics need a wall of at least 27 kinds with four copies each (the four- or three-player wall)")]
    UnsupportedWall,
    /// A wall with fewer tiles than a hand.
    #[error("a wall of {wall} tiles cannot deal a hand of {tiles}")]
    WallTooSmall {
        /// Tiles in the wall.
        wall: usize,
        /// Tiles in a hand.
        tiles: usize,
    },
    /// A count given for a shanten value that hands of this size cannot have in this form.
    #[error("shanten {shanten} is out of range for {tiles}-tile hands, form {} ({lowest}..={highest})", form_id(*form))]
    OutOfRange {
        /// The value given.
        shanten: i8,
        /// Tiles per hand.
        tiles: usize,
        /// The form.
        form: Counted,
        /// The least value of [`range`].
        lowest: i8,
        /// The greatest value of [`range`].
        highest: i8,
    },
    /// More hands than a distribution holds (2^64 − 1; `C(136, 14)` is about 2^62).
    #[error("more than 2^64 - 1 hands in one distribution")]
    TooManyHands,
    /// A Monte Carlo run of no hands.
    #[error("a Monte Carlo run needs at least one hand")]
    NoHands,
    /// Two distributions of different hand sizes or forms.
    #[error("distributions of {0} and {1} cannot be merged or compared")]
    Mismatch(String, String),
}

impl StatsError {
    /// The JSON error kind: always [`ErrorKind::InvalidRequest`].
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        ErrorKind::InvalidRequest
    }
}

/// Number of declared melds of a hand of `tiles` concealed tiles, or an error when no
/// number of melds makes it a hand; checks that `form` applies.
fn melds_of(tiles: usize, form: Counted) -> Result<usize, StatsError> {
    if let Some(f @ (Form::HonorsAndKnitted | Form::KnittedStraight)) = form {
        return Err(StatsError::NotRiichiForm(f));
    }
    if tiles == 0 || tiles > 14 || tiles % 3 == 0 {
        return Err(StatsError::TileCount { tiles });
    }
    let melds = (14 - tiles) / 3;
    if melds > 0 && form.is_some_and(|f| f != Form::Regular) {
        return Err(StatsError::FormNeedsClosedHand { form, tiles });
    }
    Ok(melds)
}

/// The shanten values a hand of `tiles` tiles can have in `form` (every count of a
/// [`Distribution`] lies in it): from `-1` (14 − 3k tiles) or `0` (13 − 3k) up to
/// `2 × sets` for the regular form, 6 for seven pairs (and so for the least of the
/// closed forms), 13 for thirteen orphans.
///
/// # Errors
///
/// [`StatsError`] for a hand size that no hand has or a form that does not apply.
pub fn range(tiles: usize, form: Counted) -> Result<RangeInclusive<i8>, StatsError> {
    let melds = melds_of(tiles, form)?;
    let sets = 4 - melds as i8;
    let lowest = if (14 - tiles) % 3 == 0 { -1 } else { 0 };
    let highest = match form {
        Some(Form::ThirteenOrphans) => 13,
        Some(Form::Regular) => 2 * sets,
        None if melds > 0 => 2 * sets,
        _ => 6,
    };
    Ok(lowest..=highest)
}

/// What the shanten of a hand depends on, for a part of it (one suit, several suits, or
/// the whole hand): parts join by [`Tally::join`]. A field that the form does not look
/// at is left at its empty value, so that hands equal in what matters share one tally.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Tally {
    /// Tiles in the part.
    tiles: u8,
    /// Regular form: least missing tiles for m sets and p pairs inside the part.
    costs: SuitCosts,
    /// Kinds held at least twice, at most 7 (seven pairs cannot use more).
    pairs: u8,
    /// Kinds held at least once, at most 7 (seven pairs cannot use more).
    kinds: u8,
    /// Terminal and honour kinds held (thirteen orphans).
    orphans: u8,
    /// Whether a terminal or honour kind is held at least twice.
    orphan_pair: bool,
}

impl Tally {
    /// The tally of no tiles.
    const EMPTY: Tally = Tally {
        tiles: 0,
        costs: SuitCosts::EMPTY,
        pairs: 0,
        kinds: 0,
        orphans: 0,
        orphan_pair: false,
    };

    /// The tally of one suit's counts (`costs` its [`SuitCosts`]; `orphan(i)` tells
    /// whether the suit's `i`-th kind is a terminal or an honour), keeping what `form`
    /// looks at.
    fn of_suit(
        counts: &[u8],
        costs: SuitCosts,
        orphan: impl Fn(usize) -> bool,
        form: Counted,
    ) -> Tally {
        let mut t = Tally::EMPTY;
        for (i, &c) in counts.iter().enumerate() {
            t.tiles += c;
            t.pairs += u8::from(c >= 2);
            t.kinds += u8::from(c >= 1);
            if orphan(i) {
                t.orphans += u8::from(c >= 1);
                t.orphan_pair |= c >= 2;
            }
        }
        t.costs = costs;
        t.pairs = t.pairs.min(7);
        t.kinds = t.kinds.min(7);
        t.keep(form)
    }

    /// Resets the fields that `form` does not look at.
    fn keep(mut self, form: Counted) -> Tally {
        let counts = |f: Form| form.is_none_or(|g| g == f);
        if !counts(Form::Regular) {
            self.costs = SuitCosts::EMPTY;
        }
        if !counts(Form::SevenPairs) {
            self.pairs = 0;
            self.kinds = 0;
        }
        if !counts(Form::ThirteenOrphans) {
            self.orphans = 0;
            self.orphan_pair = false;
        }
        self
    }

    /// The tally of two disjoint parts taken together. [`SuitCosts::EMPTY`] is the
    /// identity of the min-plus combination, so reset costs stay reset.
    fn join(self, other: Tally) -> Tally {
        Tally {
            tiles: self.tiles + other.tiles,
            costs: self.costs.combine(other.costs),
            pairs: (self.pairs + other.pairs).min(7),
            kinds: (self.kinds + other.kinds).min(7),
            orphans: self.orphans + other.orphans,
            orphan_pair: self.orphan_pair || other.orphan_pair,
        }
    }

    /// The tally packed in 55 bits, one-to-one: 4 bits per cost (at most 14), 4 for the
    /// tiles (at most 14), 3 each for pairs and kinds (at most 7), 4 for the orphans (at
    /// most 13), 1 for the orphan pair.
    fn key(&self) -> u64 {
        let costs = self
            .costs
            .0
            .iter()
            .rev()
            .fold(0u64, |k, &c| k << 4 | u64::from(c));
        costs
            | u64::from(self.tiles) << 40
            | u64::from(self.pairs) << 44
            | u64::from(self.kinds) << 47
            | u64::from(self.orphans) << 50
            | u64::from(self.orphan_pair) << 54
    }

    /// The shanten of a whole hand with this tally, needing `sets` sets and a pair.
    fn shanten(&self, form: Counted, sets: usize) -> i8 {
        let regular = || self.costs.0[sets * 2 + 1] as i8 - 1;
        let pairs = || shanten::chiitoitsu_of(self.pairs, self.kinds);
        let orphans = || shanten::thirteen_orphans_of(self.orphans, self.orphan_pair);
        match form {
            Some(Form::SevenPairs) => pairs(),
            Some(Form::ThirteenOrphans) => orphans(),
            None if sets == 4 => regular().min(pairs()).min(orphans()),
            _ => regular(),
        }
    }
}

/// A shanten distribution of dealt hands: for every value in [`range`], how many hands
/// have it. Exact ([`exact`]: the counts add up to `C(wall, tiles)`) or sampled
/// ([`MonteCarlo`]: they add up to the number of hands). At most 2^64 − 1 hands in all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distribution {
    tiles: usize,
    form: Counted,
    lowest: i8,
    counts: Vec<u128>,
}

impl Distribution {
    /// A distribution of no hands.
    ///
    /// # Errors
    ///
    /// As [`range`].
    pub fn empty(tiles: usize, form: Counted) -> Result<Distribution, StatsError> {
        let r = range(tiles, form)?;
        Ok(Distribution {
            tiles,
            form,
            lowest: *r.start(),
            counts: vec![0; (r.end() - r.start() + 1) as usize],
        })
    }

    /// A distribution from counts given per shanten value (as a table from elsewhere):
    /// values not given count 0.
    ///
    /// # Errors
    ///
    /// As [`range`]; [`StatsError::OutOfRange`] for a value outside [`range`],
    /// [`StatsError::TooManyHands`] for more than 2^64 − 1 hands in all.
    pub fn from_counts(
        tiles: usize,
        form: Counted,
        counts: impl IntoIterator<Item = (i8, u128)>,
    ) -> Result<Distribution, StatsError> {
        let mut d = Distribution::empty(tiles, form)?;
        let range = d.range();
        for (shanten, n) in counts {
            let slot = d.slot(shanten).ok_or(StatsError::OutOfRange {
                shanten,
                tiles,
                form,
                lowest: *range.start(),
                highest: *range.end(),
            })?;
            *slot = slot.saturating_add(n);
        }
        d.check_total()?;
        Ok(d)
    }

    /// Keeps the invariant that makes sums and means safe: at most 2^64 − 1 hands.
    fn check_total(&self) -> Result<(), StatsError> {
        let mut total = 0u128;
        for &n in &self.counts {
            total = total.saturating_add(n);
        }
        if total > u128::from(u64::MAX) {
            Err(StatsError::TooManyHands)
        } else {
            Ok(())
        }
    }

    fn slot(&mut self, shanten: i8) -> Option<&mut u128> {
        let i = usize::try_from(i16::from(shanten) - i16::from(self.lowest)).ok()?;
        self.counts.get_mut(i)
    }

    /// Adds `n` hands of shanten `s` (a value out of [`range`] is never produced by the
    /// library and is dropped).
    fn add(&mut self, shanten: i8, n: u128) {
        let slot = self.slot(shanten);
        debug_assert!(slot.is_some(), "shanten {shanten} out of range");
        if let Some(slot) = slot {
            *slot += n;
        }
    }

    /// Tiles per hand.
    #[must_use]
    pub const fn tiles(&self) -> usize {
        self.tiles
    }

    /// The form counted.
    #[must_use]
    pub const fn form(&self) -> Counted {
        self.form
    }

    /// The shanten values counted: [`range`] of the hand size and form.
    #[must_use]
    pub fn range(&self) -> RangeInclusive<i8> {
        self.lowest..=self.lowest + self.counts.len() as i8 - 1
    }

    /// The number of hands: `C(136, tiles)` for an exact distribution on the full wall,
    /// the number of hands dealt for a sample.
    #[must_use]
    pub fn total(&self) -> u128 {
        self.counts.iter().sum()
    }

    /// Every shanten value of [`Distribution::range`] with its number of hands.
    pub fn bins(&self) -> impl DoubleEndedIterator<Item = (i8, u128)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .map(|(i, &n)| (self.lowest + i as i8, n))
    }

    /// The number of hands of shanten `s` (0 outside the range).
    #[must_use]
    pub fn count(&self, shanten: i8) -> u128 {
        self.bins()
            .find(|&(s, _)| s == shanten)
            .map_or(0, |(_, n)| n)
    }

    /// The share of hands of shanten `s` (0 for no hands).
    #[must_use]
    pub fn probability(&self, shanten: i8) -> f64 {
        ratio(self.count(shanten), self.total())
    }

    /// The mean shanten (0 for no hands).
    #[must_use]
    pub fn mean(&self) -> f64 {
        let (mut below, mut above) = (0u128, 0u128);
        for (s, n) in self.bins() {
            let w = u128::from(s.unsigned_abs()) * n;
            if s < 0 {
                below += w;
            } else {
                above += w;
            }
        }
        ratio(above, self.total()) - ratio(below, self.total())
    }

    /// Adds the counts of `other` (a sample of the same hand size and form).
    ///
    /// # Errors
    ///
    /// [`StatsError::Mismatch`] when the hand sizes or forms differ,
    /// [`StatsError::TooManyHands`] (and no change) for more than 2^64 − 1 hands in all.
    pub fn merge(&mut self, other: &Distribution) -> Result<(), StatsError> {
        self.same_kind(other)?;
        let mut sum = self.clone();
        for (a, b) in sum.counts.iter_mut().zip(&other.counts) {
            *a = a.saturating_add(*b);
        }
        sum.check_total()?;
        *self = sum;
        Ok(())
    }

    fn same_kind(&self, other: &Distribution) -> Result<(), StatsError> {
        if self.tiles == other.tiles && self.form == other.form {
            Ok(())
        } else {
            Err(StatsError::Mismatch(
                format!("{} tiles, form {}", self.tiles, form_id(self.form)),
                format!("{} tiles, form {}", other.tiles, form_id(other.form)),
            ))
        }
    }

    /// The z-score of the count of shanten `s` in this sample against the `exact`
    /// distribution: `(x − N p) / √(N p (1 − p))` for `x` hands of `N` where `p` is the
    /// exact probability. `None` where `p` is 0 or 1 and the count is what it must be
    /// (the score is undefined); infinite where it is not.
    ///
    /// # Errors
    ///
    /// [`StatsError::Mismatch`] when the hand sizes or forms differ.
    pub fn z_score(&self, exact: &Distribution, shanten: i8) -> Result<Option<f64>, StatsError> {
        self.same_kind(exact)?;
        let n = self.total() as f64;
        let x = self.count(shanten) as f64;
        let p = exact.probability(shanten);
        let expected = n * p;
        let var = expected * (1.0 - p);
        Ok(if var > 0.0 {
            Some((x - expected) / var.sqrt())
        } else if x == expected {
            None
        } else {
            Some(if x > expected {
                f64::INFINITY
            } else {
                f64::NEG_INFINITY
            })
        })
    }
}

/// `a / b` in floating point, 0 when `b` is 0.
fn ratio(a: u128, b: u128) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

#[cfg(test)]
mod tests;
