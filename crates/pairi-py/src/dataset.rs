//! Training rows from records for `pairi.dataset` (`python/pairi/dataset.py`): a
//! reader fed one record text at a time, giving its rows ([`pairi::record::dataset`])
//! in batches of NumPy arrays, the work done without the interpreter lock.

use crate::errors::raise;
use numpy::{PyArray1, PyArrayMethods};
use pairi::api::Error;
use pairi::record::dataset::{self, Batch, Columns, Options, MASK_BYTES, PLANE_BYTES, SCALARS};
use pairi::record::{Format, RecordError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Reads record texts game by game into rows; `take` gives them `batch_size` at a
/// time.
#[pyclass(module = "pairi._pairi")]
pub(crate) struct DatasetReader {
    batch: Batch,
    partial: bool,
    /// The text being read, its format, and the byte spans of its games not read yet.
    text: String,
    name: String,
    format: Format,
    spans: Vec<(usize, usize)>,
    next: usize,
    /// Games read so far (the next game's index).
    games: usize,
}

/// `e` as the pairi exception, naming the record.
fn error(name: &str, e: RecordError) -> PyErr {
    let mut e = Error::from(e);
    if !name.is_empty() {
        e.message = format!("{name}: {}", e.message);
    }
    raise(&e)
}

impl DatasetReader {
    /// Reads games until the batch holds `batch_size` rows or the text runs out.
    fn fill(&mut self) -> Result<(), RecordError> {
        while !self.batch.is_full() && self.next < self.spans.len() {
            let (a, b) = self.spans[self.next];
            self.next += 1;
            let n = self.next;
            let text = &self.text[a..b];
            let (game, complete) =
                dataset::read_game(text, self.format, self.partial).map_err(|e| e.in_game(n))?;
            self.batch
                .push_game(&game, self.games, complete)
                .map_err(|e| e.in_game(n))?;
            self.games += 1;
        }
        Ok(())
    }
}

fn array<'py, T: numpy::Element + Copy>(
    py: Python<'py>,
    v: &[T],
    rows: usize,
    width: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let a = PyArray1::from_slice(py, &v[..rows * width]);
    if width == 1 {
        Ok(a.into_any())
    } else {
        Ok(a.reshape([rows, width])?.into_any())
    }
}

fn columns<'py>(py: Python<'py>, c: &Columns, rows: usize) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("planes", array(py, &c.planes, rows, PLANE_BYTES)?)?;
    d.set_item("scalars", array(py, &c.scalars, rows, SCALARS)?)?;
    d.set_item("mask", array(py, &c.mask, rows, MASK_BYTES)?)?;
    d.set_item("action", array(py, &c.action, rows, 1)?)?;
    d.set_item("game", array(py, &c.game, rows, 1)?)?;
    d.set_item("kyoku", array(py, &c.kyoku, rows, 1)?)?;
    d.set_item("round", array(py, &c.round, rows, 1)?)?;
    d.set_item("dealer", array(py, &c.dealer, rows, 1)?)?;
    d.set_item("honba", array(py, &c.honba, rows, 1)?)?;
    d.set_item("seat", array(py, &c.seat, rows, 1)?)?;
    d.set_item("event", array(py, &c.event, rows, 1)?)?;
    d.set_item("kyoku_delta", array(py, &c.kyoku_delta, rows, 1)?)?;
    d.set_item("kyoku_over", array(py, &c.kyoku_over, rows, 1)?)?;
    d.set_item("final_points", array(py, &c.final_points, rows, 1)?)?;
    d.set_item("placement", array(py, &c.placement, rows, 1)?)?;
    d.set_item("game_over", array(py, &c.game_over, rows, 1)?)?;
    Ok(d)
}

#[pymethods]
impl DatasetReader {
    #[new]
    #[pyo3(signature = (partial=false, batch_size=65536, forced=false))]
    fn new(partial: bool, batch_size: usize, forced: bool) -> DatasetReader {
        DatasetReader {
            batch: Batch::new(
                batch_size,
                Options {
                    forced,
                    ..Options::default()
                },
            ),
            partial,
            text: String::new(),
            name: String::new(),
            format: Format::Mjai,
            spans: Vec::new(),
            next: 0,
            games: 0,
        }
    }

    /// Starts reading `text` (the record `name`, for errors), after the text before it
    /// is read whole.
    fn feed(&mut self, py: Python<'_>, text: String, name: String) {
        py.detach(|| {
            self.format = Format::detect(&text);
            let base = text.as_ptr() as usize;
            self.spans = pairi::record::games(&text, self.format)
                .map(|g| {
                    let a = g.as_ptr() as usize - base;
                    (a, a + g.len())
                })
                .collect();
            self.text = text;
            self.name = name;
            self.next = 0;
        });
    }

    /// The next `batch_size` rows as a dict of arrays, once there are so many; with
    /// `last`, the rows left too. `None` when the text fed needs more.
    #[pyo3(signature = (last=false))]
    fn take<'py>(&mut self, py: Python<'py>, last: bool) -> PyResult<Option<Bound<'py, PyDict>>> {
        let filled = py.detach(|| self.fill());
        filled.map_err(|e| error(&self.name, e))?;
        let cap = self.batch.capacity();
        if self.batch.is_full() || (last && !self.batch.is_empty()) {
            let d = self.batch.drain(cap, |c, n| columns(py, c, n))?;
            return Ok(Some(d));
        }
        Ok(None)
    }

    /// Games read so far.
    #[getter]
    fn games(&self) -> usize {
        self.games
    }
}

pub(crate) fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<DatasetReader>()?;
    m.add("DATASET_PLANE_BYTES", PLANE_BYTES)?;
    m.add("DATASET_MASK_BYTES", MASK_BYTES)?;
    Ok(())
}
