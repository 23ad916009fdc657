//! The Python module `pairi._pairi`, re-exported whole by the package `pairi`
//! (`python/pairi`): every request of `pairi::api`, with its JSON fields as keyword
//! arguments read as JSON reads them ([`convert`]), answered as typed results
//! ([`results`]), refused with one exception class per JSON error kind ([`errors`]).
//! No logic of its own: a call is the JSON request of the same fields, answer for
//! answer and error for error; the hot calls (`shanten` of counts, `score`) read their
//! arguments straight into the request rather than through a JSON value.

mod arena;
mod convert;
mod counts;
mod dataset;
mod env;
mod errors;
mod results;
mod score;

use convert::{
    count32, field, flag, hand_arg, hand_text, list, object, optional_text, request, text, wind,
    HandArg,
};
use errors::{invalid, raise, type_error, unknown_keyword};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pairi::api::analysis::{AnalysisRequest, MeldsField, ShantenRequest};
use pairi::api::batch::answer_kind;
use pairi::api::ev::EvRequest;
use pairi::api::mcr::FanRequest;
use pairi::api::parse::ParseRequest;
use pairi::api::stats::StatsRequest;
use pairi::api::{Error, Request};
use pairi::TileCounts;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyString};
use rayon::prelude::*;
use results::{Analysis, Answer, Ev, Fan, FanItem, Parsed, Score, Shanten, Stats, Yaku};

type Arg<'a, 'py> = Option<&'a Bound<'py, PyAny>>;

/// Each keyword argument given (not `None`), with its name.
fn given<'a, 'py, const N: usize>(
    fields: [(&'static str, Arg<'a, 'py>); N],
) -> impl Iterator<Item = (&'static str, &'a Bound<'py, PyAny>)> {
    fields
        .into_iter()
        .filter_map(|(k, v)| v.filter(|v| !v.is_none()).map(|v| (k, v)))
}

/// MCR (Chinese Official) fans of a winning hand: a `Fan` (`fan` in all, `fans`,
/// `base`, `meets_minimum`, `breakdown` with the fans' names, ...).
///
/// `hand`: the concealed tiles (the winning tile included, or added), as notation, 34
/// counts or 136-tile ids. The keywords are the JSON request's fields (`None` means
/// the default): `win` the winning tile; `melds` declared melds (`chow` with
/// `claimed`, `pung` / `kong` with `from`, `concealed_kong`); `tsumo`, `fourth_tile`
/// (the last copy of its kind), `kong` (out on a replacement tile, or robbing a kong
/// without `tsumo`), `last_tile`; `flowers` 0 to 8; `round_wind`, `seat_wind`;
/// `rules` (`default`, `strict_1998` or a dict of options); `dialect` (`mcr` reads
/// 5z 6z 7z as Red, Green, White).
#[pyfunction]
#[pyo3(text_signature = "(hand, *, win=None, melds=(), tsumo=False, fourth_tile=False, kong=False, last_tile=False, flowers=0, round_wind='E', seat_wind='E', rules='default', dialect='standard')",
    signature = (hand, *, win=None, melds=None, tsumo=None, fourth_tile=None, kong=None,
    last_tile=None, flowers=None, round_wind=None, seat_wind=None, rules=None, dialect=None,
    **unknown))]
#[allow(clippy::too_many_arguments)]
fn fan<'py>(
    hand: &Bound<'py, PyAny>,
    win: Arg<'_, 'py>,
    melds: Arg<'_, 'py>,
    tsumo: Arg<'_, 'py>,
    fourth_tile: Arg<'_, 'py>,
    kong: Arg<'_, 'py>,
    last_tile: Arg<'_, 'py>,
    flowers: Arg<'_, 'py>,
    round_wind: Arg<'_, 'py>,
    seat_wind: Arg<'_, 'py>,
    rules: Arg<'_, 'py>,
    dialect: Arg<'_, 'py>,
    unknown: Option<&Bound<'py, PyDict>>,
) -> PyResult<Fan> {
    unknown_keyword("fan", unknown)?;
    let mut r = FanRequest::default();
    macro_rules! read {
        ($($field:ident: $read:ident),* $(,)?) => {$(
            if let Some(v) = $field.filter(|v| !v.is_none()) {
                r.$field = $read(stringify!($field), v)?;
            }
        )*};
    }
    read!(
        win: optional_text,
        melds: list,
        tsumo: flag,
        fourth_tile: flag,
        kong: flag,
        last_tile: flag,
        flowers: field,
        round_wind: wind,
        seat_wind: wind,
        rules: field,
        dialect: field,
    );
    r.hand = hand_text(hand)?;
    r.answer().map(|inner| Fan { inner }).map_err(|e| raise(&e))
}

/// Shanten of a hand of 13 − 3k or 14 − 3k tiles: a `Shanten` (`shanten`, the least
/// over the forms, and each form's: `regular`, `chiitoitsu`, `kokushi`, or the five MCR
/// forms).
///
/// `hand`: notation, 34 counts or 136-tile ids (a list, tuple or NumPy array; counts
/// are read straight from it). Keywords as the JSON request (`None` means the
/// default): `melds` the number of declared melds not written in the hand (or their
/// list); `classic` the structural count that ignores which tiles are left; `family`
/// `riichi` or `mcr` (the forms counted; `rules`, its name before, is still read);
/// `kongs_in_hand` reads each four of a kind of
/// a long hand as a kong; `players` 3 or 4; `kita` North tiles set aside (three
/// players).
#[pyfunction]
#[pyo3(
    text_signature = "(hand, *, melds=0, classic=False, family='riichi', kongs_in_hand=False, players=4, kita=0)"
)]
#[pyo3(signature = (hand, *, melds=None, classic=None, family=None, kongs_in_hand=None,
    players=None, kita=None, rules=None, **unknown))]
#[allow(clippy::too_many_arguments)]
fn shanten<'py>(
    hand: &Bound<'py, PyAny>,
    melds: Arg<'_, 'py>,
    classic: Arg<'_, 'py>,
    family: Arg<'_, 'py>,
    kongs_in_hand: Arg<'_, 'py>,
    players: Arg<'_, 'py>,
    kita: Arg<'_, 'py>,
    rules: Arg<'_, 'py>,
    unknown: Option<&Bound<'py, PyDict>>,
) -> PyResult<Shanten> {
    unknown_keyword("shanten", unknown)?;
    // No field but the hand: 34 counts are answered without the request (`counts`).
    let fields = [melds, classic, family, kongs_in_hand, players, kita, rules];
    if fields.iter().all(|f| f.is_none_or(|v| v.is_none())) {
        if let Some(inner) = counts::shanten(hand) {
            return Ok(Shanten { inner });
        }
    }
    let family = family_or_rules("shanten", family, rules)?;
    let mut r = ShantenRequest {
        hand: String::new(),
        melds: MeldsField::Count(0),
        classic: false,
        family: None,
        kongs_in_hand: false,
        players: None,
        kita: 0,
    };
    for (key, v) in given([
        ("melds", melds),
        ("classic", classic),
        ("family", family),
        ("kongs_in_hand", kongs_in_hand),
        ("players", players),
        ("kita", kita),
    ]) {
        match key {
            "melds" => {
                r.melds = match v.downcast_exact::<PyInt>().map(|i| i.extract::<usize>()) {
                    Ok(Ok(n)) => MeldsField::Count(n),
                    _ => field(key, v)?,
                }
            }
            "classic" => r.classic = flag(key, v)?,
            "family" => r.family = field(key, v)?,
            "kongs_in_hand" => r.kongs_in_hand = flag(key, v)?,
            "players" => r.players = field(key, v)?,
            _ => r.kita = count32(key, v)?,
        }
    }
    r.apply_defaults(&Default::default());
    let answer = match hand_arg(hand)? {
        HandArg::Text(s) => {
            r.hand = s.to_owned();
            r.answer()
        }
        HandArg::Tiles(h) => r.answer_hand(h),
    };
    answer.map(|inner| Shanten { inner }).map_err(|e| raise(&e))
}

/// The form family of `shanten` and `analyze`: `family`, or `rules`, its name before
/// (read for one more release); not both.
fn family_or_rules<'a, 'py>(
    name: &str,
    family: Arg<'a, 'py>,
    rules: Arg<'a, 'py>,
) -> PyResult<Arg<'a, 'py>> {
    let given = |a: Arg<'a, 'py>| a.filter(|v| !v.is_none());
    match (given(family), given(rules)) {
        (Some(_), Some(_)) => Err(type_error(format!(
            "{name}() got `family` and `rules`, its old name: give `family`"
        ))),
        (f, r) => Ok(f.or(r)),
    }
}

/// The request `R` of `hand` and the keyword arguments given, answered without the
/// interpreter's lock (an expected-value search or a statistic can take seconds).
fn answered<R: Request + Sync>(
    py: Python<'_>,
    hand: Option<&Bound<'_, PyAny>>,
    fields: &[(&str, Arg<'_, '_>)],
) -> PyResult<R::Answer>
where
    R::Answer: Send,
{
    let hand = hand.map(hand_text).transpose()?;
    let mut r: R = request(object(hand, fields)?)?;
    r.apply_defaults(&R::Defaults::default());
    py.detach(|| r.answer()).map_err(|e| raise(&e))
}

/// Reads a hand in any notation (or 34 counts, 136-tile ids): a `Parsed` with `hand`
/// (its canonical JSON) and `text`, written in the notation `to` names (`mpsz`,
/// `unicode`, `mjai`, `mcr` or `libsaki`). `dialect` `mcr` reads 5z 6z 7z as Red,
/// Green, White.
#[pyfunction]
#[pyo3(text_signature = "(hand, *, dialect='standard', to='mpsz')",
    signature = (hand, *, dialect=None, to=None, **unknown))]
fn parse<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    dialect: Arg<'_, 'py>,
    to: Arg<'_, 'py>,
    unknown: Option<&Bound<'py, PyDict>>,
) -> PyResult<Py<PyAny>> {
    unknown_keyword("parse", unknown)?;
    let a = answered::<ParseRequest>(py, Some(hand), &[("dialect", dialect), ("to", to)])?;
    Parsed::of(py, results::to_python(py, &a)?)
}

/// Useful tiles, waits and improvements of a hand of 13 − 3k tiles, or the discard
/// table of 14 − 3k tiles: an `Analysis`.
///
/// `hand`: notation, 34 counts or 136-tile ids. Keywords as `shanten`'s, and
/// `visible` (tiles seen elsewhere: rivers, others' melds, dora indicators; notation or
/// a list), `discarded` (`gone`: the copy just discarded is in the river; `drawable`:
/// counted from the hand alone, as tenhou.net/2) and `ev` (`True`, or a dict of `ev`
/// request fields: the expected value of each discard as well, in the answer's `ev`).
#[pyfunction]
#[pyo3(
    text_signature = "(hand, *, melds=0, visible=None, classic=False, family='riichi', discarded='gone', kongs_in_hand=False, players=4, kita=0, ev=False)"
)]
#[pyo3(signature = (hand, *, melds=None, visible=None, classic=None, family=None,
    discarded=None, kongs_in_hand=None, players=None, kita=None, ev=None, rules=None,
    **unknown))]
#[allow(clippy::too_many_arguments)]
fn analyze<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    melds: Arg<'_, 'py>,
    visible: Arg<'_, 'py>,
    classic: Arg<'_, 'py>,
    family: Arg<'_, 'py>,
    discarded: Arg<'_, 'py>,
    kongs_in_hand: Arg<'_, 'py>,
    players: Arg<'_, 'py>,
    kita: Arg<'_, 'py>,
    ev: Arg<'_, 'py>,
    rules: Arg<'_, 'py>,
    unknown: Option<&Bound<'py, PyDict>>,
) -> PyResult<Py<PyAny>> {
    unknown_keyword("analyze", unknown)?;
    let family = family_or_rules("analyze", family, rules)?;
    let a = answered::<AnalysisRequest>(
        py,
        Some(hand),
        &[
            ("melds", melds),
            ("visible", visible),
            ("classic", classic),
            ("family", family),
            ("discarded", discarded),
            ("kongs_in_hand", kongs_in_hand),
            ("players", players),
            ("kita", kita),
            ("ev", ev),
        ],
    )?;
    Analysis::of(py, results::to_python(py, &a)?)
}

/// Expected value of each discard of `hand` (14 − 3k tiles) or of the hand as it is
/// (13 − 3k): an `Ev`, discards sorted best first, each with its tenpai and win
/// probability and expected score by turn. The keywords are the JSON request's fields
/// (`None` means the default): `dora` and `visible` tiles; `turn` the draws made so
/// far and `t_max` the last turn; `search_radius`, `shanten_back`, `hand_changes`
/// bound the search; `red_fives` and `ura` count; `wall` the tiles left (a dict of
/// tile → copies); `model` `compat` or `pairi`; `maximize` `score`, `win` or `tenpai`;
/// `explain` with `paths` paths per discard; `max_states` bounds the search's size.
#[pyfunction]
#[pyo3(
    text_signature = "(hand, *, melds=(), round_wind='E', seat_wind='E', dora=(), visible=(), turn=1, t_max=18, search_radius=1, red_fives=True, ura=True, shanten_back=True, hand_changes=True, wall=None, model='compat', maximize='score', explain=False, paths=3, players=4, max_states=2000000)"
)]
#[pyo3(signature = (hand, *, melds=None, round_wind=None, seat_wind=None, dora=None,
    visible=None, turn=None, t_max=None, search_radius=None, red_fives=None, ura=None,
    shanten_back=None, hand_changes=None, wall=None, model=None, maximize=None,
    explain=None, paths=None, players=None, max_states=None, **unknown))]
#[allow(clippy::too_many_arguments)]
fn ev<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    melds: Arg<'_, 'py>,
    round_wind: Arg<'_, 'py>,
    seat_wind: Arg<'_, 'py>,
    dora: Arg<'_, 'py>,
    visible: Arg<'_, 'py>,
    turn: Arg<'_, 'py>,
    t_max: Arg<'_, 'py>,
    search_radius: Arg<'_, 'py>,
    red_fives: Arg<'_, 'py>,
    ura: Arg<'_, 'py>,
    shanten_back: Arg<'_, 'py>,
    hand_changes: Arg<'_, 'py>,
    wall: Arg<'_, 'py>,
    model: Arg<'_, 'py>,
    maximize: Arg<'_, 'py>,
    explain: Arg<'_, 'py>,
    paths: Arg<'_, 'py>,
    players: Arg<'_, 'py>,
    max_states: Arg<'_, 'py>,
    unknown: Option<&Bound<'py, PyDict>>,
) -> PyResult<Py<PyAny>> {
    unknown_keyword("ev", unknown)?;
    let a = answered::<EvRequest>(
        py,
        Some(hand),
        &[
            ("melds", melds),
            ("round_wind", round_wind),
            ("seat_wind", seat_wind),
            ("dora", dora),
            ("visible", visible),
            ("turn", turn),
            ("t_max", t_max),
            ("search_radius", search_radius),
            ("red_fives", red_fives),
            ("ura", ura),
            ("shanten_back", shanten_back),
            ("hand_changes", hand_changes),
            ("wall", wall),
            ("model", model),
            ("maximize", maximize),
            ("explain", explain),
            ("paths", paths),
            ("players", players),
            ("max_states", max_states),
        ],
    )?;
    Ev::of(py, results::to_python(py, &a)?)
}

/// Shanten distribution of hands dealt from the wall: a `Stats`. `tiles` 13 or 14;
/// `form` `all`, `regular`, `chiitoitsu` or `kokushi`; `exact` the exact distribution;
/// `hands` a Monte Carlo sample of that many hands with `seed`; `observed` counts from
/// elsewhere (shanten → hands) compared with the exact distribution; `players` 3 or 4.
#[pyfunction]
#[pyo3(
    text_signature = "(*, tiles=13, form='all', exact=False, hands=None, seed=0, observed=None, players=4)"
)]
#[pyo3(signature = (*, tiles=None, form=None, exact=None, hands=None, seed=None,
    observed=None, players=None, **unknown))]
#[allow(clippy::too_many_arguments)]
fn stats<'py>(
    py: Python<'py>,
    tiles: Arg<'_, 'py>,
    form: Arg<'_, 'py>,
    exact: Arg<'_, 'py>,
    hands: Arg<'_, 'py>,
    seed: Arg<'_, 'py>,
    observed: Arg<'_, 'py>,
    players: Arg<'_, 'py>,
    unknown: Option<&Bound<'py, PyDict>>,
) -> PyResult<Py<PyAny>> {
    unknown_keyword("stats", unknown)?;
    let a = answered::<StatsRequest>(
        py,
        None,
        &[
            ("tiles", tiles),
            ("form", form),
            ("exact", exact),
            ("hands", hands),
            ("seed", seed),
            ("observed", observed),
            ("players", players),
        ],
    )?;
    // Counts reach past 2^64: through JSON text, which carries them whole.
    let json = serde_json::to_string(&a).map_err(|e| raise(&Error::invalid_request(e)))?;
    let data = py.import("json")?.call_method1("loads", (json,))?;
    Stats::of(py, data.unbind())
}

/// The JSON answer, as Python objects, of a request of `kind` (any of
/// `pairi.api.batch.KINDS`: `record_check`, `record_convert`, `review`, ...) whose
/// fields are the keyword arguments, read as JSON reads them.
#[pyfunction]
#[pyo3(signature = (kind, **fields))]
fn answer_fields(
    py: Python<'_>,
    kind: &Bound<'_, PyAny>,
    fields: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let kind = match kind.downcast::<PyString>() {
        Ok(k) => text(k, "kind")?.to_owned(),
        Err(_) => return Err(type_error("kind: a request kind (str)")),
    };
    let mut map = serde_json::Map::new();
    if let Some(fields) = fields {
        for (k, v) in fields {
            let k = k.downcast::<PyString>()?.to_str()?.to_owned();
            if !v.is_none() {
                let value = convert::json(&k, &v)?;
                map.insert(k, value);
            }
        }
    }
    let json = serde_json::Value::Object(map).to_string();
    let out = py
        .detach(|| answer_kind(&kind, &json))
        .map_err(|e| raise(&e))?;
    Ok(py.import("json")?.call_method1("loads", (out,))?.unbind())
}

/// Answers one request given as JSON text (`kind` one of the batch kinds: `parse`,
/// `shanten`, `analyze`, `score`, `fan`, `stats`, `ev`, `record_check`,
/// `record_convert`, `review`, `play`); returns the answer as JSON text, the same bytes as every
/// other front.
#[pyfunction]
fn answer(py: Python<'_>, kind: &Bound<'_, PyAny>, json: &Bound<'_, PyAny>) -> PyResult<String> {
    let (Ok(kind), Ok(json)) = (kind.downcast::<PyString>(), json.downcast::<PyString>()) else {
        return Err(type_error("answer(kind, json): two strings"));
    };
    let (kind, json) = (text(kind, "kind")?, text(json, "json")?);
    py.detach(|| answer_kind(kind, json)).map_err(|e| raise(&e))
}

/// The rows of an `(N, 34)` `uint8` array of counts, and `melds`.
fn rows(counts: &Bound<'_, PyAny>, melds: Arg<'_, '_>) -> PyResult<(Vec<TileCounts>, usize)> {
    let melds = match melds.filter(|m| !m.is_none()) {
        None => 0,
        Some(m) => field::<usize>("melds", m)?,
    };
    let Ok(array) = counts.downcast::<PyArray2<u8>>() else {
        return Err(type_error(format!(
            "counts: an (N, 34) NumPy array of uint8 (np.asarray(x, dtype=np.uint8)), not \
             a {}",
            counts
                .getattr("dtype")
                .map_or_else(|_| convert::type_name(counts), |d| format!("array of {d}"))
        )));
    };
    let shape = array.shape();
    if shape[1] != 34 {
        return Err(invalid(format!("counts: an (N, 34) array, not {shape:?}")));
    }
    let a = array.readonly();
    let rows = a
        .as_array()
        .rows()
        .into_iter()
        .map(|r| {
            let mut c = [0u8; 34];
            for (d, &s) in c.iter_mut().zip(r.iter()) {
                *d = s;
            }
            TileCounts::from_array(c)
        })
        .collect();
    Ok((rows, melds))
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

/// Riichi shanten (the least over the forms) of each row of an `(N, 34)` `uint8` array
/// of counts with `melds` melds declared, on every core without the interpreter's lock:
/// an `int8` array of N.
#[pyfunction]
#[pyo3(text_signature = "(counts, melds=0)",
    signature = (counts, melds = None))]
fn shanten_array<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    melds: Arg<'_, 'py>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let (hands, melds) = rows(counts, melds)?;
    let out = each_row(py, &hands, |h| {
        pairi::shanten::riichi(h, melds).map(|s| s.min())
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// Shanten, useful kinds and their count of each row of an `(N, 34)` `uint8` array of
/// 13 − 3k tiles: `(shanten int8 (N,), useful uint8 (N, 34) of 0/1, count uint32 (N,))`,
/// the count of copies not in the hand.
#[pyfunction]
#[pyo3(text_signature = "(counts, melds=0)",
    signature = (counts, melds = None))]
#[allow(clippy::type_complexity)]
fn useful_array<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    melds: Arg<'_, 'py>,
) -> PyResult<(
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray1<u32>>,
)> {
    let (hands, melds) = rows(counts, melds)?;
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
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::add(m)?;
    env::add(m)?;
    arena::add(m)?;
    dataset::add(m)?;
    m.add_class::<Score>()?;
    m.add_class::<Yaku>()?;
    m.add_class::<Fan>()?;
    m.add_class::<FanItem>()?;
    m.add_class::<Shanten>()?;
    m.add_class::<score::Situation>()?;
    m.add_class::<Answer>()?;
    m.add_class::<Parsed>()?;
    m.add_class::<Analysis>()?;
    m.add_class::<Stats>()?;
    m.add_class::<Ev>()?;
    m.add_class::<results::RecordCheck>()?;
    m.add_class::<results::Review>()?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(shanten, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(score::score, m)?)?;
    m.add_function(wrap_pyfunction!(fan, m)?)?;
    m.add_function(wrap_pyfunction!(stats, m)?)?;
    m.add_function(wrap_pyfunction!(ev, m)?)?;
    m.add_function(wrap_pyfunction!(score::score_many, m)?)?;
    m.add_function(wrap_pyfunction!(answer_fields, m)?)?;
    m.add_function(wrap_pyfunction!(answer, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_array, m)?)?;
    m.add_function(wrap_pyfunction!(useful_array, m)?)?;
    Ok(())
}
