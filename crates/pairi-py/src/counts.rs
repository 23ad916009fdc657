//! `shanten` of 34 counts with no keyword, the call a bot makes in its loop, read and
//! answered in the fewest steps: a list of CPython's `int` objects 0 to 4 (known by
//! their addresses) or a contiguous `uint8` array, of 13 or 14 tiles, goes straight
//! to the Riichi shanten kernel on the four-player wall. That is what the request
//! answers for such a hand (no meld, no wall but the four-player one, no check left
//! that can fail); any other hand (another length or type, a count past 4, a tile
//! count the kernel refuses) is left to the request, which gives its answer or error.

use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pairi::analysis::Forms;
use pairi::api::analysis::ShantenResult;
use pairi::TileCounts;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;

/// CPython's `int` objects 0 to 4, held, and where they lie.
struct SmallInts {
    /// The objects 0 to 4 (held, so that their addresses stay theirs).
    objects: [Py<PyAny>; 5],
    /// When object `n` lies at `objects[0]`'s address plus `n << shift` for every `n`
    /// (CPython keeps its small integers in one array): that `shift`.
    shift: Option<u32>,
}

impl SmallInts {
    fn new(py: Python<'_>) -> SmallInts {
        let objects = [0u8, 1, 2, 3, 4].map(|n| match n.into_pyobject(py) {
            Ok(i) => i.into_any().unbind(),
            Err(e) => match e {},
        });
        let address = |n: usize| objects[n].as_ptr() as usize;
        let stride = address(1).wrapping_sub(address(0));
        let shift = (stride.is_power_of_two()
            && (0..5).all(|n| address(n) == address(0).wrapping_add(n * stride)))
        .then(|| stride.trailing_zeros());
        SmallInts { objects, shift }
    }

    /// The value of `item` when it is one of the objects 0 to 4.
    #[inline]
    fn value(&self, item: &Bound<'_, PyAny>) -> Option<u8> {
        let address = item.as_ptr() as usize;
        match self.shift {
            Some(shift) => {
                let offset = address.wrapping_sub(self.objects[0].as_ptr() as usize);
                let n = offset >> shift;
                (n <= 4 && offset == n << shift).then_some(n as u8)
            }
            None => self
                .objects
                .iter()
                .position(|o| o.as_ptr() as usize == address)
                .map(|n| n as u8),
        }
    }
}

static SMALL_INTS: PyOnceLock<SmallInts> = PyOnceLock::new();

fn small_ints(py: Python<'_>) -> &'static SmallInts {
    SMALL_INTS.get_or_init(py, || SmallInts::new(py))
}

/// The value of `item` when it is one of CPython's `int` objects 0 to 4. CPython keeps
/// one object of each small integer, so a count is most often one of these very
/// objects: known by its address, without reading its value.
#[inline]
pub(crate) fn small_int(item: &Bound<'_, PyAny>) -> Option<u8> {
    small_ints(item.py()).value(item)
}

/// The counts of `hand` when it is a list of 34 of the `int` objects 0 to 4, or a
/// contiguous one-dimensional `uint8` array of 34 counts of at most 4, holding 13 or
/// 14 tiles; `None` otherwise.
fn plain_counts(hand: &Bound<'_, PyAny>) -> Option<TileCounts> {
    let mut counts = [0u8; 34];
    if let Ok(list) = hand.downcast_exact::<PyList>() {
        if list.len() != 34 {
            return None;
        }
        let small = small_ints(hand.py());
        let mut read = 0;
        for (c, item) in counts.iter_mut().zip(list.iter()) {
            *c = small.value(&item)?;
            read += 1;
        }
        if read != 34 {
            return None;
        }
    } else if let Ok(array) = hand.downcast::<PyArray1<u8>>() {
        if array.len() != 34 {
            return None;
        }
        let numbers = array.to_vec().ok()?;
        counts.copy_from_slice(&numbers);
        if counts.iter().any(|&c| c > 4) {
            return None;
        }
    } else {
        return None;
    }
    let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    matches!(total, 13 | 14).then(|| TileCounts::from_array(counts))
}

/// The answer of a `shanten` request with no field but `hand` for the hand `hand`, when
/// [`plain_counts`] reads it and the kernel takes it; `None` leaves the call to the
/// request.
pub(crate) fn shanten(hand: &Bound<'_, PyAny>) -> Option<ShantenResult> {
    let counts = plain_counts(hand)?;
    let forms = pairi::shanten::riichi(&counts, 0).ok()?;
    Some(ShantenResult::from_forms(&Forms::Riichi(forms)))
}
