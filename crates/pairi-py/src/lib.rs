//! The Python module `pairi._pairi`: every request of `pairi::api` answered from JSON
//! text, hands given as 34 counts or 136-tile ids turned into notation, and array entry
//! points for training loops. No logic of its own: the Python package (`python/pairi`)
//! wraps these in typed results.

use numpy::{PyArray1, PyArray2, PyReadonlyArray2, PyUntypedArrayMethods};
use pairi::api::analysis::{AnalysisRequest, ShantenRequest};
use pairi::api::batch::answer_kind;
use pairi::api::ev::EvRequest;
use pairi::api::mcr::FanRequest;
use pairi::api::mcr::FanResponse;
use pairi::api::parse::ParseRequest;
use pairi::api::riichi::ScoreResult;
use pairi::api::riichi::{Prepared, ScoreRequest};

use pairi::api::{Error, ErrorKind, Request};
use pairi::{Hand, Pai, TileCounts};
use pyo3::create_exception;
use pyo3::exceptions::{PyAttributeError, PyException, PyKeyError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use rayon::prelude::*;
use serde::de::DeserializeOwned;

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

/// Answers one request given as JSON text; returns the result as JSON text.
#[pyfunction]
fn answer(py: Python<'_>, kind: &str, json: &str) -> PyResult<String> {
    py.detach(|| answer_kind(kind, json)).map_err(|e| raise(&e))
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

/// The request `R` of keyword arguments (`hand` given apart: notation, 34 counts or
/// 136-tile ids), read by the same serde definitions as JSON. An argument that is not
/// one of `fields` is a `TypeError`, as for any Python function.
fn request<R: DeserializeOwned>(
    py: Python<'_>,
    name: &str,
    hand: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
    fields: &[&str],
) -> PyResult<R> {
    let dict = PyDict::new(py);
    if let Some(k) = kwargs {
        for (key, value) in k {
            let key_str: String = key.extract()?;
            if !fields.contains(&key_str.as_str()) {
                return Err(PyTypeError::new_err(format!(
                    "{name}() got an unexpected keyword argument '{key_str}'"
                )));
            }
            dict.set_item(key, value)?;
        }
    }
    if let Some(h) = hand {
        if h.is_instance_of::<PyString>() {
            dict.set_item("hand", h)?;
        } else {
            dict.set_item("hand", hand_text(h.extract()?)?)?;
        }
    }
    pythonize::depythonize(dict.as_any()).map_err(|e| raise(&Error::invalid_request(e)))
}

/// Answers `R` read from keyword arguments, without the interpreter's lock while the
/// answer is computed (an expected-value search can take seconds).
fn answer_request<R: Request + Sync>(
    py: Python<'_>,
    name: &str,
    hand: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
    fields: &[&str],
) -> PyResult<R::Answer>
where
    R::Answer: Send,
{
    let mut r: R = request(py, name, hand, kwargs, fields)?;
    r.apply_defaults(&R::Defaults::default());
    py.detach(|| r.answer()).map_err(|e| raise(&e))
}

/// A value as Python objects, exactly as its JSON reads (arrays are lists, objects
/// dicts, whole numbers ints).
fn to_python<T: serde::Serialize>(py: Python<'_>, value: &T) -> PyResult<Py<PyAny>> {
    let v = serde_json::to_value(value).map_err(|e| raise(&Error::invalid_request(e)))?;
    json_to_python(py, &v)
}

fn json_to_python(py: Python<'_>, v: &serde_json::Value) -> PyResult<Py<PyAny>> {
    use pyo3::types::PyList;
    use serde_json::Value;
    Ok(match v {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any().unbind(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any().unbind(),
            _ => n
                .as_f64()
                .unwrap_or(f64::NAN)
                .into_pyobject(py)?
                .into_any()
                .unbind(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::Array(a) => {
            let items = a
                .iter()
                .map(|x| json_to_python(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any().unbind()
        }
        Value::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, json_to_python(py, x)?)?;
            }
            d.into_any().unbind()
        }
    })
}

// `family` is the form family's field; `rules`, its name before, is read too.
const SHANTEN_FIELDS: &[&str] = &[
    "melds",
    "classic",
    "family",
    "rules",
    "kongs_in_hand",
    "players",
    "kita",
];
const ANALYZE_FIELDS: &[&str] = &[
    "melds",
    "classic",
    "family",
    "rules",
    "kongs_in_hand",
    "players",
    "kita",
    "visible",
    "discarded",
    "ev",
];
const PARSE_FIELDS: &[&str] = &["dialect", "to"];
const EV_FIELDS: &[&str] = &[
    "melds",
    "round_wind",
    "seat_wind",
    "dora",
    "turn",
    "t_max",
    "search_radius",
    "red_fives",
    "ura",
    "shanten_back",
    "hand_changes",
    "visible",
    "wall",
    "model",
    "maximize",
    "explain",
    "paths",
    "players",
    "max_states",
];

/// What the typed results share: `to_dict()` (the JSON answer as Python objects),
/// reading a field by item or attribute, equality, and a repr.
macro_rules! answer_class {
    ($class:ident, { $($getters:tt)* }) => {
        #[pymethods]
        impl $class {
            $($getters)*

            /// The answer as the JSON object of `docs/json-api.md`.
            fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                to_python(py, &self.inner)
            }

            fn __getitem__(&self, py: Python<'_>, key: &str) -> PyResult<Py<PyAny>> {
                let d = self.to_dict(py)?;
                d.bind(py)
                    .get_item(key)
                    .map(Bound::unbind)
                    .map_err(|_| PyKeyError::new_err(key.to_owned()))
            }

            fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
                self.__getitem__(py, name)
                    .map_err(|_| PyAttributeError::new_err(name.to_owned()))
            }

            fn __contains__(&self, py: Python<'_>, key: &str) -> PyResult<bool> {
                self.to_dict(py)?.bind(py).contains(key)
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .downcast::<$class>()
                    .is_ok_and(|o| o.get().inner == self.inner)
            }

            fn __repr__(&self) -> String {
                format!(
                    "{}({})",
                    stringify!($class),
                    serde_json::to_string(&self.inner).unwrap_or_default()
                )
            }
        }
    };
}

/// A Riichi score: `han`, `fu`, `yakuman`, `yaku`, `payments`, `total`, ... (the
/// fields of the JSON answer; `to_dict()` gives them all).
#[pyclass(module = "pairi", frozen)]
struct Score {
    inner: ScoreResult,
}

answer_class!(Score, {
    #[getter]
    fn han(&self) -> u8 {
        self.inner.han
    }
    #[getter]
    fn fu(&self) -> u8 {
        self.inner.fu
    }
    #[getter]
    fn yakuman(&self) -> u8 {
        self.inner.yakuman
    }
    #[getter]
    fn total(&self) -> u32 {
        self.inner.total
    }
    #[getter]
    fn limit(&self) -> Option<&'static str> {
        self.inner.limit
    }
    #[getter]
    fn wait(&self) -> &'static str {
        self.inner.wait
    }
    #[getter]
    fn how(&self) -> &'static str {
        self.inner.how
    }
});

/// An MCR score: `fan` in all, the `fans` counted, ... (`to_dict()` gives them all).
#[pyclass(module = "pairi", frozen)]
struct Fan {
    inner: FanResponse,
}

answer_class!(Fan, {
    #[getter]
    fn fan(&self) -> u32 {
        self.inner.fan
    }
    #[getter]
    fn base(&self) -> u32 {
        self.inner.base
    }
    #[getter]
    fn meets_minimum(&self) -> bool {
        self.inner.meets_minimum
    }
});

/// A field read as the JSON reader reads it: `invalid_request` naming the field.
fn field<T: DeserializeOwned>(name: &str, value: &Bound<'_, PyAny>) -> PyResult<T> {
    pythonize::depythonize(value)
        .map_err(|e| raise(&Error::invalid_request(format!("`{name}`: {e}"))))
}

/// A text field, or `None`.
fn optional_text(name: &str, value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if value.is_none() {
        return Ok(None);
    }
    match value.downcast::<PyString>() {
        Ok(s) => Ok(Some(s.to_str()?.to_owned())),
        Err(_) => Err(raise(&Error::invalid_request(format!(
            "`{name}`: expected a string"
        )))),
    }
}

/// A whole-number field of `u32`.
fn counter(name: &str, value: &Bound<'_, PyAny>) -> PyResult<u32> {
    value.extract::<u32>().map_err(|_| {
        raise(&Error::invalid_request(format!(
            "`{name}`: expected a whole number from 0 to 4294967295, not {value}"
        )))
    })
}

/// A wind in any spelling.
fn wind(name: &str, value: &Bound<'_, PyAny>) -> PyResult<pairi::Wind> {
    use serde::de::IntoDeserializer;
    let text = value
        .downcast::<PyString>()
        .map_err(|_| {
            raise(&Error::invalid_request(format!(
                "`{name}`: expected a wind"
            )))
        })?
        .to_str()?;
    let d: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
        text.into_deserializer();
    serde::Deserialize::deserialize(d)
        .map_err(|e| raise(&Error::invalid_request(format!("`{name}`: {e}"))))
}

/// Tiles as one notation string or a list of tiles.
fn tiles_field(value: &Bound<'_, PyAny>) -> PyResult<pairi::api::hand::TilesField> {
    use pairi::api::hand::TilesField;
    Ok(match value.downcast::<PyString>() {
        Ok(s) => TilesField::Text(s.to_str()?.to_owned()),
        Err(_) => TilesField::List(value.extract()?),
    })
}

/// The notation of `hand` (a string, 34 counts or 136-tile ids).
fn hand_field(hand: &Bound<'_, PyAny>) -> PyResult<String> {
    match hand.downcast::<PyString>() {
        Ok(s) => Ok(s.to_str()?.to_owned()),
        Err(_) => hand_text(hand.extract()?),
    }
}

/// Calls `set` with each keyword argument's name; an unknown name is a `TypeError`.
fn each_field(
    function: &str,
    fields: Option<&Bound<'_, PyDict>>,
    mut set: impl FnMut(&str, &Bound<'_, PyAny>) -> PyResult<bool>,
) -> PyResult<()> {
    if let Some(fields) = fields {
        for (key, value) in fields {
            let key = key.downcast::<PyString>()?.to_str()?;
            if !set(key, &value)? {
                return Err(PyTypeError::new_err(format!(
                    "{function}() got an unexpected keyword argument '{key}'"
                )));
            }
        }
    }
    Ok(())
}

/// Riichi score of a winning hand; the keyword arguments are the JSON request fields.
///
/// The fields are read one by one (the hot path of training loops); each is read as
/// the JSON reader reads it.
#[pyfunction]
#[pyo3(signature = (hand, **fields))]
fn score(hand: &Bound<'_, PyAny>, fields: Option<&Bound<'_, PyDict>>) -> PyResult<Score> {
    let r = score_request("score", hand, fields)?;
    r.answer()
        .map(|inner| Score { inner })
        .map_err(|e| raise(&e))
}

/// The scoring request of `hand` and keyword arguments (`function` names the caller in
/// a `TypeError`).
fn score_request(
    function: &str,
    hand: &Bound<'_, PyAny>,
    fields: Option<&Bound<'_, PyDict>>,
) -> PyResult<ScoreRequest> {
    score_fields(function, ScoreRequest::new(hand_field(hand)?), fields)
}

/// `r` with the scoring keyword arguments read into it.
fn score_fields(
    function: &str,
    mut r: ScoreRequest,
    fields: Option<&Bound<'_, PyDict>>,
) -> PyResult<ScoreRequest> {
    each_field(function, fields, |key, v| {
        match key {
            "melds" => r.melds = field(key, v)?,
            "win" => r.win = optional_text(key, v)?,
            "tsumo" => r.tsumo = v.is_truthy()?,
            "riichi" => r.riichi = v.is_truthy()?,
            "double_riichi" => r.double_riichi = v.is_truthy()?,
            "ippatsu" => r.ippatsu = v.is_truthy()?,
            "rinshan" => r.rinshan = v.is_truthy()?,
            "chankan" => r.chankan = v.is_truthy()?,
            "haitei" => r.haitei = v.is_truthy()?,
            "houtei" => r.houtei = v.is_truthy()?,
            "tenhou" => r.tenhou = v.is_truthy()?,
            "chiihou" => r.chiihou = v.is_truthy()?,
            "renhou" => r.renhou = v.is_truthy()?,
            "round_wind" => r.round_wind = wind(key, v)?,
            "seat_wind" => r.seat_wind = wind(key, v)?,
            "dora" => r.dora = tiles_field(v)?,
            "ura" => r.ura = tiles_field(v)?,
            "honba" => r.honba = counter(key, v)?,
            "riichi_sticks" => r.riichi_sticks = counter(key, v)?,
            "kita" => r.kita = counter(key, v)?,
            "rules" => r.rules = field(key, v)?,
            "players" => r.players = field(key, v)?,
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    Ok(r)
}

/// A Riichi scoring situation read once: the keyword arguments of `score` (winning
/// tile, flags, winds, dora, counters, rules) without the hand, for scoring many hands
/// in it. `Situation(win="9s", tsumo=True).score("234m406p78999s777z")` equals
/// `score("234m406p78999s777z", win="9s", tsumo=True)`.
#[pyclass(module = "pairi", frozen)]
struct Situation {
    inner: Prepared,
}

#[pymethods]
impl Situation {
    #[new]
    #[pyo3(signature = (**fields))]
    fn new(fields: Option<&Bound<'_, PyDict>>) -> PyResult<Situation> {
        let r = score_fields("Situation", ScoreRequest::default(), fields)?;
        r.prepare()
            .map(|inner| Situation { inner })
            .map_err(|e| raise(&e))
    }

    /// Scores `hand` (notation, 34 counts or 136-tile ids) in this situation.
    fn score(&self, hand: &Bound<'_, PyAny>) -> PyResult<Score> {
        let answer = match hand.downcast::<PyString>() {
            Ok(s) => self.inner.answer(s.to_str()?),
            Err(_) => self.inner.answer(&hand_field(hand)?),
        };
        answer.map(|inner| Score { inner }).map_err(|e| raise(&e))
    }
}

/// MCR fans of a winning hand; the keyword arguments are the JSON request fields.
#[pyfunction]
#[pyo3(signature = (hand, **fields))]
fn fan(hand: &Bound<'_, PyAny>, fields: Option<&Bound<'_, PyDict>>) -> PyResult<Fan> {
    let mut r = FanRequest {
        hand: hand_field(hand)?,
        ..FanRequest::default()
    };
    each_field("fan", fields, |key, v| {
        match key {
            "melds" => r.melds = field(key, v)?,
            "win" => r.win = optional_text(key, v)?,
            "tsumo" => r.tsumo = v.is_truthy()?,
            "fourth_tile" => r.fourth_tile = v.is_truthy()?,
            "kong" => r.kong = v.is_truthy()?,
            "last_tile" => r.last_tile = v.is_truthy()?,
            "flowers" => r.flowers = field(key, v)?,
            "round_wind" => r.round_wind = wind(key, v)?,
            "seat_wind" => r.seat_wind = wind(key, v)?,
            "rules" => r.rules = field(key, v)?,
            "dialect" => r.dialect = field(key, v)?,
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    r.answer().map(|inner| Fan { inner }).map_err(|e| raise(&e))
}

/// Scores a list of requests (dicts of the JSON fields, `hand` included) on every core,
/// in order: a `Score`, or the exception (not raised) of a request that could not be
/// scored.
#[pyfunction]
fn score_many(py: Python<'_>, requests: Vec<Bound<'_, PyDict>>) -> PyResult<Vec<Py<PyAny>>> {
    let mut read = Vec::with_capacity(requests.len());
    for d in &requests {
        let fields = d.copy()?;
        let hand = fields.get_item("hand")?;
        if hand.is_some() {
            fields.del_item("hand")?;
        }
        read.push(match hand {
            Some(hand) => score_request("score_many", &hand, Some(&fields)),
            None => Err(raise(&Error::invalid_request("missing field `hand`"))),
        });
    }
    let answered: Vec<Option<Result<ScoreResult, Error>>> = py.detach(|| {
        read.par_iter()
            .map(|r| r.as_ref().ok().map(Request::answer))
            .collect()
    });
    read.into_iter()
        .zip(answered)
        .map(|(r, a)| match (r, a) {
            (Err(e), _) => Ok(e.into_value(py).into_any()),
            (Ok(_), Some(Ok(inner))) => Ok(Py::new(py, Score { inner })?.into_any()),
            (Ok(_), Some(Err(e))) => Ok(raise(&e).into_value(py).into_any()),
            (Ok(_), None) => Err(PairiError::new_err("unreachable")),
        })
        .collect()
}

/// The JSON answer, as Python objects, of a request of `kind` (`parse shanten
/// analyze ev`) given as keyword arguments. (Statistics go through [`answer`]: their
/// counts reach past 2^64, which JSON text carries whole.)
#[pyfunction]
#[pyo3(signature = (kind, hand = None, **fields))]
fn answer_fields(
    py: Python<'_>,
    kind: &str,
    hand: Option<&Bound<'_, PyAny>>,
    fields: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    match kind {
        "parse" => to_python(
            py,
            &answer_request::<ParseRequest>(py, kind, hand, fields, PARSE_FIELDS)?,
        ),
        "shanten" => to_python(
            py,
            &answer_request::<ShantenRequest>(py, kind, hand, fields, SHANTEN_FIELDS)?,
        ),
        "analyze" => to_python(
            py,
            &answer_request::<AnalysisRequest>(py, kind, hand, fields, ANALYZE_FIELDS)?,
        ),
        "ev" => to_python(
            py,
            &answer_request::<EvRequest>(py, kind, hand, fields, EV_FIELDS)?,
        ),
        _ => Err(raise(&Error::invalid_request(format!(
            "no request kind {kind}"
        )))),
    }
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
    m.add_class::<Score>()?;
    m.add_class::<Fan>()?;
    m.add_class::<Situation>()?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(fan, m)?)?;
    m.add_function(wrap_pyfunction!(score_many, m)?)?;
    m.add_function(wrap_pyfunction!(answer_fields, m)?)?;
    m.add_function(wrap_pyfunction!(answer, m)?)?;
    m.add_function(wrap_pyfunction!(hand_text, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_array, m)?)?;
    m.add_function(wrap_pyfunction!(useful_array, m)?)?;
    Ok(())
}
