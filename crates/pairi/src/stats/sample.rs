//! Monte Carlo: dealt hands by partial Fisher–Yates shuffles, a seeded generator per
//! block of hands, the table kernel for the shanten.

use super::exact::check_wall;
use super::{melds_of, Counted, Distribution, Form, StatsError};
use crate::shanten;
use crate::tile::{Tile, TileCounts};
use crate::util::rng::Xoshiro256;
use crate::wall::Wall;

/// A Monte Carlo estimate of a shanten distribution: `hands` hands of `tiles` tiles
/// dealt from a wall (the full four-player wall unless [`MonteCarlo::on`] says
/// otherwise), reproducible from `seed`.
///
/// The hands are cut into blocks of [`MonteCarlo::BLOCK`] (the last one shorter); block
/// `b` is dealt by its own generator, seeded from `(seed, b)`. Run the blocks in any
/// order, on any number of threads, and [`Distribution::merge`] their counts: the sum is
/// the same.
///
/// ```
/// use pairi::stats::MonteCarlo;
///
/// let mc = MonteCarlo::new(14, None, 100_000, 42).unwrap();
/// assert_eq!(mc.blocks(), 2);
/// let mut d = mc.run_block(1);
/// d.merge(&mc.run_block(0)).unwrap();
/// assert_eq!(d, mc.run());
/// assert_eq!(d.total(), 100_000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonteCarlo {
    wall: Wall,
    tiles: usize,
    form: Counted,
    hands: u64,
    seed: u64,
    /// Sets the regular form needs.
    sets: usize,
    /// The lowest shanten value and the number of values ([`super::range`]).
    lowest: i8,
    bins: usize,
}

impl MonteCarlo {
    /// Hands per block.
    pub const BLOCK: u64 = 1 << 16;

    /// A run of `hands` hands of `tiles` tiles, counting `form`, from `seed`, on the
    /// four-player wall.
    ///
    /// # Errors
    ///
    /// As [`super::exact`]; [`StatsError::NoHands`] for no hands.
    pub fn new(
        tiles: usize,
        form: Counted,
        hands: u64,
        seed: u64,
    ) -> Result<MonteCarlo, StatsError> {
        MonteCarlo::on(&Wall::four_player([0; 3]), tiles, form, hands, seed)
    }

    /// [`MonteCarlo::new`] on another wall: hands dealt from its tiles, their shanten
    /// read on it as [`shanten::riichi_on`] does. Block by block the same hands as a
    /// four-player run with the same seed would deal when the wall is the four-player one.
    ///
    /// # Errors
    ///
    /// As [`super::exact_on`]; [`StatsError::NoHands`] for no hands.
    pub fn on(
        wall: &Wall,
        tiles: usize,
        form: Counted,
        hands: u64,
        seed: u64,
    ) -> Result<MonteCarlo, StatsError> {
        let melds = melds_of(tiles, form)?;
        check_wall(wall)?;
        let range = super::range(tiles, form)?;
        if hands == 0 {
            return Err(StatsError::NoHands);
        }
        Ok(MonteCarlo {
            wall: *wall,
            tiles,
            form,
            hands,
            seed,
            sets: 4 - melds,
            lowest: *range.start(),
            bins: range.count(),
        })
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

    /// The wall dealt from.
    #[must_use]
    pub const fn wall(&self) -> &Wall {
        &self.wall
    }

    /// Hands in the run.
    #[must_use]
    pub const fn hands(&self) -> u64 {
        self.hands
    }

    /// The seed.
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// Number of blocks.
    #[must_use]
    pub const fn blocks(&self) -> u64 {
        self.hands.div_ceil(Self::BLOCK)
    }

    /// Hands in block `block` (0 past the last block).
    #[must_use]
    pub fn block_hands(&self, block: u64) -> u64 {
        let start = block.saturating_mul(Self::BLOCK);
        self.hands.saturating_sub(start).min(Self::BLOCK)
    }

    /// The counts of block `block` (no hands past the last block).
    #[must_use]
    pub fn run_block(&self, block: u64) -> Distribution {
        let mut bins = [0u64; 16];
        let mut dealer = Dealer::new(&self.wall, self.seed, block);
        let four_player = self.wall.is_four_player();
        let mut batch = [TileCounts::new(); BATCH];
        let mut left = self.block_hands(block);
        while left > 0 {
            // Deal a few hands, then read them: the table lookups of different hands
            // are independent and overlap.
            let len = left.min(BATCH as u64) as usize;
            for hand in &mut batch[..len] {
                *hand = dealer.deal(self.tiles);
            }
            for hand in &batch[..len] {
                // The kernel also reads three-player hands with at most three 1m and 9m
                // (see `shanten::kernel_reads`); a dealt hand needs no checks.
                let s = if four_player || shanten::kernel_reads(hand, &self.wall, 0) {
                    hand_shanten(hand, self.form, self.sets)
                } else {
                    shanten_on(hand, &self.wall, self.form, self.sets)
                };
                if let Some(b) = bins.get_mut((s - self.lowest) as usize) {
                    *b += 1;
                }
            }
            left -= len as u64;
        }
        Distribution {
            tiles: self.tiles,
            form: self.form,
            lowest: self.lowest,
            counts: bins[..self.bins].iter().map(|&n| u128::from(n)).collect(),
        }
    }

    /// Every block in order on the calling thread.
    #[must_use]
    pub fn run(&self) -> Distribution {
        let mut d = self.run_block(0);
        for b in 1..self.blocks() {
            // Blocks of one run always merge.
            let _ = d.merge(&self.run_block(b));
        }
        d
    }
}

/// The shanten of a dealt hand (`sets` sets and a pair for the regular form), as
/// [`shanten::riichi`] reads it in `form`, without the checks of a hand from outside.
#[inline]
pub(super) fn hand_shanten(hand: &TileCounts, form: Counted, sets: usize) -> i8 {
    let regular = || shanten::regular_missing_unchecked(hand, sets) as i8 - 1;
    if form == Some(Form::Regular) || (form.is_none() && sets < 4) {
        return regular();
    }
    // The kinds held at least once and at least twice, read by both special forms.
    let w = shanten::Words::of(hand);
    let (ones, twos) = (w.at_least(1), w.at_least(2));
    match form {
        Some(Form::SevenPairs) => shanten::chiitoitsu(&ones, &twos),
        Some(Form::ThirteenOrphans) => shanten::thirteen_orphans(&ones, &twos),
        _ => regular()
            .min(shanten::chiitoitsu(&ones, &twos))
            .min(shanten::thirteen_orphans(&ones, &twos)),
    }
}

/// The shanten of a dealt hand on another wall, as [`shanten::riichi_on`] reads it.
pub(super) fn shanten_on(hand: &TileCounts, wall: &Wall, form: Counted, sets: usize) -> i8 {
    // A dealt hand is always a hand of the wall; the value past the range is dropped.
    shanten::riichi_on(hand, 4 - sets, wall)
        .ok()
        .and_then(|s| super::shanten_in(form, &s))
        .unwrap_or(i8::MAX)
}

/// Hands dealt before their shanten is read.
const BATCH: usize = 16;

/// The most tiles a wall holds: 34 kinds of [`crate::wall::MAX_COPIES`].
const MAX_TILES: usize = 34 * crate::wall::MAX_COPIES as usize;

/// Deals hands from a wall: the wall's tiles (by kind) are kept in an array whose first
/// `n` entries, after a partial Fisher–Yates shuffle, are the hand. The array is not
/// reset between hands: each shuffle picks a uniform `n`-subset whatever order the
/// array is in, so successive hands are independent and uniform.
pub(super) struct Dealer {
    tiles: [u8; MAX_TILES],
    len: usize,
    rng: Xoshiro256,
}

impl Dealer {
    pub(super) fn new(wall: &Wall, seed: u64, block: u64) -> Dealer {
        let mut tiles = [0u8; MAX_TILES];
        let mut len = 0;
        for t in Tile::all() {
            for _ in 0..wall.copies(t) {
                tiles[len] = t.index() as u8;
                len += 1;
            }
        }
        Dealer {
            tiles,
            len,
            rng: Xoshiro256::for_block(seed, block),
        }
    }

    #[inline]
    #[allow(clippy::manual_swap)] // see the swap below
    pub(super) fn deal(&mut self, n: usize) -> TileCounts {
        let mut hand = TileCounts::new();
        let len = self.len;
        for i in 0..n.min(len) {
            let j = i + self.rng.below((len - i) as u64) as usize;
            // Swap entries i and j, keeping the dealt kind in a register (`swap` stores
            // it and loads it back, on the critical path).
            let k = self.tiles[j];
            self.tiles[j] = self.tiles[i];
            self.tiles[i] = k;
            hand.as_mut_array()[usize::from(k)] += 1;
        }
        hand
    }
}
