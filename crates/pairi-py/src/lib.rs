//! The Python module `pairi._pairi`: every request of `pairi::api` answered from JSON
//! text, hands given as 34 counts or 136-tile ids turned into notation, and array entry
//! points for training loops. No logic of its own: the Python package (`python/pairi`)
//! wraps these in typed results.

use numpy::{PyArray1, PyArray2, PyReadonlyArray2, PyUntypedArrayMethods};
use pairi::api::analysis::{AnalysisRequest, ShantenRequest};
use pairi::api::batch::answer_json;
use pairi::api::mcr::FanRequest;
use pairi::api::parse::ParseRequest;
use pairi::api::riichi::ScoreRequest;
use pairi::api::stats::StatsRequest;
use pairi::api::{Error, ErrorKind, Request};
use pairi::{Hand, Pai, TileCounts};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use rayon::prelude::*;

create_exception!(
    pairi,
    PairiError,
    PyException,
    "A request pairi cannot answer; `kind` is its JSON error kind."
);
create_exception!(
    pairi,
    ParseError,
    PairiError,
    "Notation that cannot be read (`parse`)."
);
create_exception!(
    pairi,
    InvalidRequestError,
    PairiError,
    "A field that cannot be used (`invalid_request`)."
);
create_exception!(
    pairi,
    InvalidHandError,
    PairiError,
    "Tiles or a situation that break the rules of the game (`invalid_hand`)."
);
create_exception!(
    pairi,
    NotWinningError,
    PairiError,
    "A score or fan request whose hand is not complete (`not_winning`)."
);
create_exception!(
    pairi,
    NoYakuError,
    PairiError,
    "A complete Riichi hand without a yaku (`no_yaku`)."
);

/// The exception of an error's kind, with the CLI's message.
fn raise(e: &Error) -> PyErr {
    let m = e.message.clone();
    match e.kind {
        ErrorKind::Parse => ParseError::new_err(m),
        ErrorKind::InvalidRequest => InvalidRequestError::new_err(m),
        ErrorKind::InvalidHand => InvalidHandError::new_err(m),
        ErrorKind::NotWinning => NotWinningError::new_err(m),
        ErrorKind::NoYaku => NoYakuError::new_err(m),
        _ => PairiError::new_err(m),
    }
}

/// The answer of one request as JSON text, or its error.
fn answer_as<R: Request>(json: &str) -> Result<String, Error> {
    let answer = answer_json::<R>(json, &R::Defaults::default())?;
    serde_json::to_string(&answer).map_err(Error::invalid_request)
}

/// `kind` names the request (`parse shanten analyze score fan stats`).
fn answer_kind(kind: &str, json: &str) -> Result<String, Error> {
    match kind {
        "parse" => answer_as::<ParseRequest>(json),
        "shanten" => answer_as::<ShantenRequest>(json),
        "analyze" => answer_as::<AnalysisRequest>(json),
        "score" => answer_as::<ScoreRequest>(json),
        "fan" => answer_as::<FanRequest>(json),
        "stats" => answer_as::<StatsRequest>(json),
        _ => Err(Error::invalid_request(format!("no request kind {kind}"))),
    }
}

/// Answers one request given as JSON text; returns the result as JSON text.
#[pyfunction]
fn answer(py: Python<'_>, kind: &str, json: &str) -> PyResult<String> {
    py.detach(|| answer_kind(kind, json)).map_err(|e| raise(&e))
}

/// One answer of [`answer_many`]: the result as JSON text, or the kind and message of
/// its error.
type Answered = (Option<String>, Option<(&'static str, String)>);

/// Answers many requests of one kind on every core, in order.
#[pyfunction]
fn answer_many(py: Python<'_>, kind: &str, jsons: Vec<String>) -> Vec<Answered> {
    py.detach(|| {
        jsons
            .par_iter()
            .map(|j| match answer_kind(kind, j) {
                Ok(text) => (Some(text), None),
                Err(e) => (None, Some((e.kind.id(), e.message))),
            })
            .collect()
    })
}

/// A hand given as 34 counts (one per kind, 1m..9m 1p..9p 1s..9s E S W N P F C) or as
/// 136-tile ids (kind `id / 4`, ids 16, 52, 88 the red fives), in MPSZ notation.
#[pyfunction]
fn hand_text(tiles: Vec<i64>) -> PyResult<String> {
    let bad = |m: String| raise(&Error::new(ErrorKind::Parse, m));
    let hand = if tiles.len() == 34 {
        let mut counts = [0u8; 34];
        for (c, &n) in counts.iter_mut().zip(&tiles) {
            *c = u8::try_from(n)
                .ok()
                .filter(|&n| n <= 4)
                .ok_or_else(|| bad(format!("a count of 34 is 0 to 4, not {n}")))?;
        }
        Hand::from_counts(TileCounts::from_array(counts))
    } else {
        let mut hand = Hand::default();
        for &id in &tiles {
            let pai = u8::try_from(id)
                .ok()
                .and_then(Pai::from_id136)
                .ok_or_else(|| bad(format!("a tile id is 0 to 135, not {id}")))?;
            hand.add(pai).map_err(|e| raise(&Error::from(e)))?;
        }
        Ok(hand)
    };
    hand.map(|h| h.to_string())
        .map_err(|e| raise(&Error::from(e)))
}

/// The rows of an `(N, 34)` array of counts, each checked as a hand of `melds` melds.
fn rows(counts: &PyReadonlyArray2<'_, u8>) -> PyResult<Vec<TileCounts>> {
    let shape = counts.shape();
    if shape[1] != 34 {
        return Err(raise(&Error::invalid_request(format!(
            "counts: an (N, 34) array, not {shape:?}"
        ))));
    }
    let a = counts.as_array();
    Ok(a.rows()
        .into_iter()
        .map(|r| {
            let mut c = [0u8; 34];
            for (d, &s) in c.iter_mut().zip(r.iter()) {
                *d = s;
            }
            TileCounts::from_array(c)
        })
        .collect())
}

/// `f` of every row on every core; the first failing row raises, naming its index.
fn each_row<T: Send>(
    py: Python<'_>,
    hands: &[TileCounts],
    f: impl Fn(&TileCounts) -> Result<T, pairi::HandError> + Sync,
) -> PyResult<Vec<T>> {
    py.detach(|| {
        hands
            .par_iter()
            .enumerate()
            .map(|(i, h)| f(h).map_err(|e| (i, e)))
            .collect::<Result<Vec<T>, _>>()
    })
    .map_err(|(i, e)| {
        let e = Error::from(e);
        raise(&Error::new(e.kind, format!("row {i}: {}", e.message)))
    })
}

/// Riichi shanten (the least over the forms) of each row of an `(N, 34)` `uint8`
/// array of counts, with `melds` melds declared: an `int8` array of N.
#[pyfunction]
#[pyo3(signature = (counts, melds = 0))]
fn shanten_array<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
    melds: usize,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let hands = rows(&counts)?;
    let out = each_row(py, &hands, |h| {
        pairi::shanten::riichi(h, melds).map(|s| s.min())
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// Shanten, useful kinds and their count of each row of an `(N, 34)` `uint8` array of
/// 13 − 3k tiles: `(shanten int8 (N,), useful uint8 (N, 34) of 0/1, count uint32 (N,))`,
/// the count of copies not in the hand.
#[pyfunction]
#[pyo3(signature = (counts, melds = 0))]
#[allow(clippy::type_complexity)]
fn useful_array<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
    melds: usize,
) -> PyResult<(
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray1<u32>>,
)> {
    let hands = rows(&counts)?;
    let out = each_row(py, &hands, |h| pairi::shanten::useful(h, melds))?;
    let shanten: Vec<i8> = out.iter().map(|(s, _)| *s).collect();
    let count: Vec<u32> = out.iter().map(|(_, u)| u.count).collect();
    let mut mask = vec![0u8; out.len() * 34];
    for (row, (_, u)) in mask.chunks_mut(34).zip(&out) {
        for t in u.tiles.iter() {
            row[t.index()] = 1;
        }
    }
    let mask = numpy::ndarray::Array2::from_shape_vec((out.len(), 34), mask)
        .map_err(|e| raise(&Error::invalid_request(e)))?;
    Ok((
        PyArray1::from_vec(py, shanten),
        PyArray2::from_owned_array(py, mask),
        PyArray1::from_vec(py, count),
    ))
}

#[pymodule]
fn _pairi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PairiError", py.get_type::<PairiError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("InvalidRequestError", py.get_type::<InvalidRequestError>())?;
    m.add("InvalidHandError", py.get_type::<InvalidHandError>())?;
    m.add("NotWinningError", py.get_type::<NotWinningError>())?;
    m.add("NoYakuError", py.get_type::<NoYakuError>())?;
    m.add_function(wrap_pyfunction!(answer, m)?)?;
    m.add_function(wrap_pyfunction!(answer_many, m)?)?;
    m.add_function(wrap_pyfunction!(hand_text, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_array, m)?)?;
    m.add_function(wrap_pyfunction!(useful_array, m)?)?;
    Ok(())
}
