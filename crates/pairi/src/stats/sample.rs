//! Monte Carlo: dealt hands by partial Fisher–Yates shuffles, a seeded generator per
//! block of hands, the table kernel for the shanten.

use super::{melds_of, Distribution, Form, StatsError};
use crate::shanten;
use crate::tile::TileCounts;

/// A Monte Carlo estimate of a shanten distribution: `hands` hands of `tiles` tiles
/// dealt from the full wall, reproducible from `seed`.
///
/// The hands are cut into blocks of [`MonteCarlo::BLOCK`] (the last one shorter); block
/// `b` is dealt by its own generator, seeded from `(seed, b)`. Run the blocks in any
/// order, on any number of threads, and [`Distribution::merge`] their counts: the sum is
/// the same.
///
/// ```
/// use pairi::stats::{Form, MonteCarlo};
///
/// let mc = MonteCarlo::new(14, Form::All, 100_000, 42).unwrap();
/// assert_eq!(mc.blocks(), 2);
/// let mut d = mc.run_block(1);
/// d.merge(&mc.run_block(0)).unwrap();
/// assert_eq!(d, mc.run());
/// assert_eq!(d.total(), 100_000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonteCarlo {
    tiles: usize,
    form: Form,
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

    /// A run of `hands` hands of `tiles` tiles, counting `form`, from `seed`.
    ///
    /// # Errors
    ///
    /// As [`super::exact`]; [`StatsError::NoHands`] for no hands.
    pub fn new(tiles: usize, form: Form, hands: u64, seed: u64) -> Result<MonteCarlo, StatsError> {
        let melds = melds_of(tiles, form)?;
        let range = super::range(tiles, form)?;
        if hands == 0 {
            return Err(StatsError::NoHands);
        }
        Ok(MonteCarlo {
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
    pub const fn form(&self) -> Form {
        self.form
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
        let mut dealer = Dealer::new(self.seed, block);
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
                let s = hand_shanten(hand, self.form, self.sets);
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
pub(super) fn hand_shanten(hand: &TileCounts, form: Form, sets: usize) -> i8 {
    let regular = || shanten::regular_missing_unchecked(hand, sets) as i8 - 1;
    if form == Form::Regular || (form == Form::All && sets < 4) {
        return regular();
    }
    // The kinds held at least once and at least twice, read by both special forms.
    let w = shanten::Words::of(hand);
    let (ones, twos) = (w.at_least(1), w.at_least(2));
    match form {
        Form::Chiitoitsu => shanten::chiitoitsu(&ones, &twos),
        Form::Kokushi => shanten::thirteen_orphans(&ones, &twos),
        Form::Regular | Form::All => regular()
            .min(shanten::chiitoitsu(&ones, &twos))
            .min(shanten::thirteen_orphans(&ones, &twos)),
    }
}

/// Hands dealt before their shanten is read.
const BATCH: usize = 16;

/// Deals hands from the 136-tile wall: the wall's kinds are kept in an array whose
/// first `n` entries, after a partial Fisher–Yates shuffle, are the hand. The array is
/// not reset between hands: each shuffle picks a uniform `n`-subset whatever order the
/// array is in, so successive hands are independent and uniform.
pub(super) struct Dealer {
    wall: [u8; 136],
    rng: Xoshiro256,
}

impl Dealer {
    pub(super) fn new(seed: u64, block: u64) -> Dealer {
        let mut wall = [0u8; 136];
        for (i, k) in wall.iter_mut().enumerate() {
            *k = (i / 4) as u8;
        }
        Dealer {
            wall,
            rng: Xoshiro256::for_block(seed, block),
        }
    }

    #[inline]
    #[allow(clippy::manual_swap)] // see the swap below
    pub(super) fn deal(&mut self, n: usize) -> TileCounts {
        let mut hand = TileCounts::new();
        for i in 0..n.min(136) {
            let j = i + self.rng.below(136 - i as u64) as usize;
            // Swap entries i and j, keeping the dealt kind in a register (`swap` stores
            // it and loads it back, on the critical path).
            let k = self.wall[j];
            self.wall[j] = self.wall[i];
            self.wall[i] = k;
            hand.0[usize::from(k)] += 1;
        }
        hand
    }
}

/// One step of SplitMix64 (Steele, Lea and Flood): used to seed [`Xoshiro256`].
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// xoshiro256++ (Blackman and Vigna): 256 bits of state, period 2^256 − 1.
pub(super) struct Xoshiro256([u64; 4]);

impl Xoshiro256 {
    /// The generator of block `block` of a run seeded with `seed`: its state is four
    /// SplitMix64 outputs from a start that mixes the seed, then the block number.
    pub(super) fn for_block(seed: u64, block: u64) -> Xoshiro256 {
        let mut s = seed;
        let mut start = splitmix64(&mut s) ^ block;
        let mut state = [0u64; 4];
        for x in &mut state {
            *x = splitmix64(&mut start);
        }
        if state == [0; 4] {
            // The one state xoshiro cannot leave.
            state[0] = 1;
        }
        Xoshiro256(state)
    }

    #[inline]
    fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        let out = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        out
    }

    /// A uniform number below `range` (> 0), by Lemire's multiply-and-reject: the high
    /// half of `x × range`, drawing again in the rare case (`range / 2^64`) where the low
    /// half falls in the biased part.
    #[inline]
    pub(super) fn below(&mut self, range: u64) -> u64 {
        let mut m = u128::from(self.next_u64()) * u128::from(range);
        if (m as u64) < range {
            let threshold = range.wrapping_neg() % range;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(range);
            }
        }
        (m >> 64) as u64
    }
}
