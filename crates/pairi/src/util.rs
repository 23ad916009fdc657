//! Small generic pieces the domain modules share: a fixed-capacity list, seeded
//! random number generators, and the flag that stops long work. Nothing here knows
//! about mahjong.

use crate::error::ErrorKind;
use core::fmt;
use core::ops::{Deref, DerefMut};
use core::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag that stops long work from outside: the caller keeps a clone and calls
/// [`Stop::stop`] (at a deadline, when its client is gone); the work checks
/// [`Stop::check`] now and then and returns [`Stopped`]. [`Stop::never`] holds no
/// flag and costs nothing to check.
///
/// A stop may also carry a [`Yield`]: the work then gives way to other work at the
/// same checks ([`Stop::yielding_to`]), and is still stopped by the flag while it
/// waits.
///
/// ```
/// use pairi::util::Stop;
///
/// let stop = Stop::new();
/// let theirs = stop.clone();
/// assert!(theirs.check().is_ok());
/// stop.stop();
/// assert!(theirs.check().is_err());
/// assert!(Stop::never().check().is_ok());
/// ```
#[derive(Clone, Default)]
pub struct Stop {
    flag: Option<Arc<AtomicBool>>,
    defer: Option<Arc<dyn Yield>>,
}

/// What long work gives way to at each check of its [`Stop`]: the caller decides
/// when the work should wait and how (a short sleep, a park with a timeout), the work
/// only calls [`Yield::hold`] where it checks its stop.
///
/// ```
/// use pairi::util::{Stop, Yield};
/// use std::sync::atomic::{AtomicU32, Ordering};
/// use std::sync::Arc;
///
/// /// Holds the work back twice, then lets it go on.
/// struct Twice(AtomicU32);
///
/// impl Yield for Twice {
///     fn hold(&self) -> bool {
///         self.0.fetch_add(1, Ordering::Relaxed) < 2
///     }
/// }
///
/// let twice = Arc::new(Twice(AtomicU32::new(0)));
/// let stop = Stop::new().yielding_to(twice.clone());
/// assert!(stop.check().is_ok());
/// assert_eq!(twice.0.load(Ordering::Relaxed), 3);
/// ```
pub trait Yield: Send + Sync {
    /// Called at each check of the stop that holds it (from any thread the work runs
    /// on). Returns `true` after waiting a little while, when the work should wait
    /// more: the check then looks at the stop flag and calls again. Returns `false`
    /// when the work may go on; then soon, as most checks do.
    fn hold(&self) -> bool;
}

impl Stop {
    /// A flag that can be set.
    #[must_use]
    pub fn new() -> Stop {
        Stop {
            flag: Some(Arc::new(AtomicBool::new(false))),
            defer: None,
        }
    }

    /// No flag: the work runs to its end.
    #[must_use]
    pub const fn never() -> Stop {
        Stop {
            flag: None,
            defer: None,
        }
    }

    /// The same flag, its checks giving way to `other` as [`Yield::hold`] says.
    #[must_use]
    pub fn yielding_to(self, other: Arc<dyn Yield>) -> Stop {
        Stop {
            defer: Some(other),
            ..self
        }
    }

    /// Asks the work to stop (every clone sees it).
    pub fn stop(&self) {
        if let Some(flag) = &self.flag {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the work was asked to stop.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// `Err(Stopped)` once the work was asked to stop; before that, waits as long as
    /// its [`Yield`] holds it back.
    ///
    /// # Errors
    ///
    /// [`Stopped`] after [`Stop::stop`].
    pub fn check(&self) -> Result<(), Stopped> {
        loop {
            if self.stopped() {
                return Err(Stopped);
            }
            match &self.defer {
                Some(other) if other.hold() => {}
                _ => return Ok(()),
            }
        }
    }
}

impl fmt::Debug for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stop")
            .field("stopped", &self.stopped())
            .field("yielding", &self.defer.is_some())
            .finish()
    }
}

/// Two stops are equal when they are the same flag (or both [`Stop::never`]).
impl PartialEq for Stop {
    fn eq(&self, other: &Stop) -> bool {
        match (&self.flag, &other.flag) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Stop {}

#[cfg(test)]
mod tests {
    use super::{Stop, Yield};
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;

    /// Holds the work back every time, and sets the stop after `after` calls.
    struct Forever {
        calls: AtomicU32,
        after: u32,
        stop: Stop,
    }

    impl Yield for Forever {
        fn hold(&self) -> bool {
            if self.calls.fetch_add(1, Ordering::Relaxed) + 1 >= self.after {
                self.stop.stop();
            }
            true
        }
    }

    #[test]
    fn stop_err_set_while_the_work_waits() {
        let stop = Stop::new();
        let forever = Arc::new(Forever {
            calls: AtomicU32::new(0),
            after: 5,
            stop: stop.clone(),
        });
        let yielding = stop.clone().yielding_to(forever.clone());
        assert!(yielding.check().is_err());
        assert_eq!(forever.calls.load(Ordering::Relaxed), 5);
        // The same flag: equal, and stopped for every clone.
        assert_eq!(yielding, stop);
        assert!(stop.stopped());
    }

    /// Holds the work back once.
    struct Once(AtomicU32);

    impl Yield for Once {
        fn hold(&self) -> bool {
            self.0.fetch_add(1, Ordering::Relaxed) == 0
        }
    }

    #[test]
    fn stop_ok_after_the_yield_lets_go() {
        let once = Arc::new(Once(AtomicU32::new(0)));
        let stop = Stop::new().yielding_to(once.clone());
        assert!(stop.check().is_ok());
        assert!(stop.check().is_ok());
        // Held once, then let go at each check.
        assert_eq!(once.0.load(Ordering::Relaxed), 3);
        assert!(format!("{stop:?}").contains("yielding: true"));
    }
}

/// Work given up because its [`Stop`] was set (`timeout`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("stopped before the end: the time allowed ran out")]
pub struct Stopped;

impl Stopped {
    /// The JSON error kind: `timeout`.
    #[must_use]
    pub const fn kind(self) -> ErrorKind {
        ErrorKind::Timeout
    }
}

/// `n` and the noun that agrees with it: "1 meld", "2 melds".
pub(crate) fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A fixed-capacity list: an `ArrayVec`-like store of `Copy` values, no heap.
#[derive(Clone, Copy)]
pub struct FixedList<T: Copy + Default, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy + Default, const N: usize> FixedList<T, N> {
    /// An empty list.
    #[must_use]
    pub fn new() -> Self {
        FixedList {
            items: [T::default(); N],
            len: 0,
        }
    }

    /// Appends `item`; returns false (and drops it) when the list is full.
    pub fn push(&mut self, item: T) -> bool {
        let i = usize::from(self.len);
        if i < N {
            self.items[i] = item;
            self.len += 1;
            true
        } else {
            false
        }
    }

    /// Removes the last item.
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            Some(self.items[usize::from(self.len)])
        }
    }

    /// The items as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }

    /// The items as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }
}

impl<T: Copy + Default, const N: usize> Default for FixedList<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for FixedList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for FixedList<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for FixedList<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for FixedList<T, N> {}

impl<T: Copy + Default + core::hash::Hash, const N: usize> core::hash::Hash for FixedList<T, N> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for FixedList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for FixedList<T, N> {
    /// The first `N` items of `iter` (the rest are dropped).
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut l = FixedList::new();
        for x in iter {
            l.push(x);
        }
        l
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a FixedList<T, N> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// Seeded pseudo-random generators: reproducible streams for dealing hands in
/// statistics, benches and tests. Not for anything that needs unpredictability.
pub mod rng {
    /// SplitMix64 (Steele, Lea and Flood, 2014): one 64-bit word of state, every seed
    /// usable. Used on its own for quick streams and to seed [`Xoshiro256`].
    #[derive(Clone, Debug)]
    pub struct SplitMix64(u64);

    impl SplitMix64 {
        /// The generator started at `seed`.
        #[must_use]
        pub const fn new(seed: u64) -> SplitMix64 {
            SplitMix64(seed)
        }

        /// The next output.
        #[inline]
        pub fn next_u64(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        /// A uniform number below `range` (> 0): see [`below`].
        #[inline]
        pub fn below(&mut self, range: u64) -> u64 {
            below(range, || self.next_u64())
        }
    }

    /// xoshiro256++ (Blackman and Vigna): 256 bits of state, period 2^256 − 1; the
    /// generator of the Monte Carlo samplers.
    #[derive(Clone, Debug)]
    pub struct Xoshiro256([u64; 4]);

    impl Xoshiro256 {
        /// The generator seeded from `seed` through SplitMix64.
        #[must_use]
        pub fn new(seed: u64) -> Xoshiro256 {
            Xoshiro256::from_splitmix(SplitMix64::new(seed))
        }

        /// The generator of block `block` of a run seeded with `seed`: its state is four
        /// SplitMix64 outputs from a start that mixes the seed, then the block number, so
        /// each block of a run has its own stream whatever order blocks run in.
        #[must_use]
        pub fn for_block(seed: u64, block: u64) -> Xoshiro256 {
            let start = SplitMix64::new(seed).next_u64() ^ block;
            Xoshiro256::from_splitmix(SplitMix64::new(start))
        }

        fn from_splitmix(mut s: SplitMix64) -> Xoshiro256 {
            let mut state = [0u64; 4];
            for x in &mut state {
                *x = s.next_u64();
            }
            if state == [0; 4] {
                // The one state xoshiro cannot leave.
                state[0] = 1;
            }
            Xoshiro256(state)
        }

        /// The next output.
        #[inline]
        pub fn next_u64(&mut self) -> u64 {
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

        /// A uniform number below `range` (> 0): see [`below`].
        #[inline]
        pub fn below(&mut self, range: u64) -> u64 {
            below(range, || self.next_u64())
        }

        /// A uniform number in `[0, 1)` with 53 random bits.
        #[inline]
        pub fn unit(&mut self) -> f64 {
            (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
        }
    }

    /// A uniform number below `range` (> 0) from a stream of uniform words, by Lemire's
    /// multiply-and-reject: the high half of `x × range`, drawing again in the rare case
    /// (`range / 2^64`) where the low half falls in the biased part. `range` 0 gives 0.
    #[inline]
    pub fn below(range: u64, mut next: impl FnMut() -> u64) -> u64 {
        if range == 0 {
            return 0;
        }
        let mut m = u128::from(next()) * u128::from(range);
        if (m as u64) < range {
            let threshold = range.wrapping_neg() % range;
            while (m as u64) < threshold {
                m = u128::from(next()) * u128::from(range);
            }
        }
        (m >> 64) as u64
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn splitmix_ok_reference_outputs() {
            // The first outputs of SplitMix64 seeded with 0 (Vigna's reference code).
            let mut s = SplitMix64::new(0);
            assert_eq!(s.next_u64(), 0xE220_A839_7B1D_CDAF);
            assert_eq!(s.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        }

        #[test]
        fn below_ok_in_range() {
            let mut x = Xoshiro256::new(3);
            for range in [1, 2, 3, 136, u64::MAX] {
                for _ in 0..100 {
                    assert!(x.below(range) < range);
                }
            }
            assert_eq!(x.below(0), 0);
            let u = x.unit();
            assert!((0.0..1.0).contains(&u));
        }
    }
}
