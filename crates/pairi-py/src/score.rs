//! Riichi scoring from Python: `score(hand, **fields)`, `Situation` and `score_many`.
//!
//! A call's keywords are read in one walk over the dictionary CPython hands over, each
//! keyword found by its address when it is the interned name a program writes, else by
//! its name packed into one number ([`Interned`]), each value converted straight to
//! its field's type (a flag to a bool, a wind to a `Wind`, indicators to tiles): no
//! JSON value and no owned text on the way. The fields then go through
//! `ScoreFields::prepare`, the code the JSON request's fields go through, so the two
//! answer and fail alike; a value of another type than the fast paths take is read as
//! JSON reads it ([`field`]), for the same error.

use crate::convert::{
    count32, field, flag, hand_arg, hand_text, list, small_int, text, type_name, wind, HandArg,
};
use crate::errors::{invalid, raise, type_error, unexpected_keyword};
use crate::results::Score;
use pairi::api::hand::{IndicatorTiles, MeldRequest, PlayersField, TilesField};
use pairi::api::riichi::{win_tile, Prepared, RulesRequest, ScoreFields, ScoreResult};
use pairi::api::Error;
use pairi::notation::parse_wind;
use pairi::riichi::{Flags, Preset, Rules};
use pairi::{Pai, Wind};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};
use rayon::prelude::*;

/// The keywords of a scoring call, in the order their values are read: of two wrong
/// values, the one whose keyword comes first here is reported.
const KEYWORDS: [&str; KEYWORD_COUNT] = {
    let before = ["win", "melds"];
    let after = [
        "round_wind",
        "seat_wind",
        "dora",
        "ura",
        "honba",
        "riichi_sticks",
        "rules",
        "players",
        "kita",
    ];
    let mut out = [""; KEYWORD_COUNT];
    let mut i = 0;
    while i < KEYWORD_COUNT {
        out[i] = if i < FIRST_FLAG {
            before[i]
        } else if i < FIRST_FLAG + Flags::NAMES.len() {
            Flags::NAMES[i - FIRST_FLAG]
        } else {
            after[i - FIRST_FLAG - Flags::NAMES.len()]
        };
        i += 1;
    }
    out
};

/// The place in [`KEYWORDS`] of the first flag: the flags follow, in the order of
/// [`Flags::NAMES`] (their one list, shared with JSON and the command line).
const FIRST_FLAG: usize = 2;

/// How many keywords a scoring call takes: `win`, `melds`, the flags, then nine more.
const KEYWORD_COUNT: usize = FIRST_FLAG + Flags::NAMES.len() + 9;

// The places of the other keywords in [`KEYWORDS`].
const WIN: usize = 0;
const MELDS: usize = 1;
const ROUND_WIND: usize = FIRST_FLAG + Flags::NAMES.len();
const SEAT_WIND: usize = ROUND_WIND + 1;
const DORA: usize = ROUND_WIND + 2;
const URA: usize = ROUND_WIND + 3;
const HONBA: usize = ROUND_WIND + 4;
const RIICHI_STICKS: usize = ROUND_WIND + 5;
const RULES: usize = ROUND_WIND + 6;
const PLAYERS: usize = ROUND_WIND + 7;
const KITA: usize = ROUND_WIND + 8;

/// The place of the keyword `name` in [`KEYWORDS`], or [`HAND`] for `hand`: the name
/// packed into one number ([`packed_name`]), looked up in the one slot of [`SLOTS`] its
/// hash names.
#[inline]
fn place_by_name(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    macro_rules! by_length {
        ($($n:literal)*) => {
            match b.len() {
                $($n => packed::<$n>(b),)*
                _ => return None,
            }
        };
    }
    let w = by_length!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
    let (k, i) = SLOTS[slot(w)];
    (k == w).then_some(i)
}

/// [`packed_name`] of a name of `N` bytes (at most 15), its bytes copied at once.
#[inline]
fn packed<const N: usize>(name: &[u8]) -> u128 {
    let mut a = [0u8; 16];
    a[..N].copy_from_slice(&name[..N]);
    a[15] = N as u8;
    u128::from_le_bytes(a)
}

/// A name of at most 15 bytes as one number: its bytes, little-endian, and its length
/// in the top byte, so that two names have the same number only when they are equal.
const fn packed_name(name: &[u8]) -> u128 {
    let mut w = (name.len() as u128) << 120;
    let mut i = 0;
    while i < name.len() {
        w |= (name[i] as u128) << (8 * i);
        i += 1;
    }
    w
}

/// The slot of a packed name: a multiplicative hash under which the keywords fall in
/// distinct slots of 64 (checked in building [`SLOTS`]).
const fn slot(w: u128) -> usize {
    let folded = (w as u64) ^ ((w >> 64) as u64);
    (folded.wrapping_mul(0x35bf_992d_c9e9_c617) >> 58) as usize
}

/// Each keyword's packed name and place in [`KEYWORDS`], and `hand`'s and [`HAND`], in
/// its slot; the other slots hold a number no name packs to.
const SLOTS: [(u128, usize); 64] = {
    let mut slots = [(u128::MAX, usize::MAX); 64];
    let mut i = 0;
    while i <= KEYWORDS.len() {
        let name = if i < KEYWORDS.len() {
            KEYWORDS[i]
        } else {
            "hand"
        };
        assert!(name.len() <= 15);
        let w = packed_name(name.as_bytes());
        assert!(slots[slot(w)].1 == usize::MAX, "two keywords share a slot");
        slots[slot(w)] = (w, i);
        i += 1;
    }
    slots
};

// The places named above hold their keywords.
const _: () = {
    let named = [
        (WIN, "win"),
        (MELDS, "melds"),
        (FIRST_FLAG, "tsumo"),
        (ROUND_WIND, "round_wind"),
        (SEAT_WIND, "seat_wind"),
        (DORA, "dora"),
        (URA, "ura"),
        (HONBA, "honba"),
        (RIICHI_STICKS, "riichi_sticks"),
        (RULES, "rules"),
        (PLAYERS, "players"),
        (KITA, "kita"),
    ];
    let mut i = 0;
    while i < named.len() {
        let (place, name) = named[i];
        assert!(packed_name(KEYWORDS[place].as_bytes()) == packed_name(name.as_bytes()));
        i += 1;
    }
};

/// The place of `hand` among the names [`Interned`] finds: after the keywords.
const HAND: usize = KEYWORD_COUNT;

/// The keywords of a scoring call and `hand`, as CPython's interned strings, held, and
/// where they lie. CPython interns the names a program writes (`score(h, tsumo=True)`,
/// `{"tsumo": True}`), so a call's keyword is most often one of these very objects:
/// found by its address, one slot of a table, without reading its text. Any other key
/// (a name read from a file, say) is read by its text ([`place_by_name`]).
struct Interned {
    /// The names, in the places of [`KEYWORDS`] then [`HAND`], then the objects of
    /// `winds` (held, so that their addresses stay theirs).
    _names: Vec<Py<PyString>>,
    /// Each name's address and place, in the slot of its address; 0 in the others.
    slots: [(usize, usize); INTERNED_SLOTS],
    /// The multiplier of [`address_slot`] under which the names fall in distinct slots.
    multiplier: u64,
    /// The winds' letters `E S W N`, each one's address and wind: CPython's one object
    /// of each one-letter string (the letter `json.loads` or `chr` gives), and the
    /// interned letter (the one a program writes), which is either that object or
    /// another, whichever was interned first.
    winds: [(usize, Wind); 8],
}

/// How many slots [`Interned`] has.
const INTERNED_SLOTS: usize = 128;

/// The slot of an object's address under `multiplier`: a multiplicative hash of the
/// address without its low bits (objects are 16-byte aligned).
#[inline]
fn address_slot(address: usize, multiplier: u64) -> usize {
    ((address as u64 >> 4).wrapping_mul(multiplier) >> (64 - INTERNED_SLOTS.trailing_zeros()))
        as usize
}

impl Interned {
    fn new(py: Python<'_>) -> Interned {
        let letters = ["E", "S", "W", "N"];
        let mut names: Vec<Py<PyString>> = KEYWORDS
            .iter()
            .chain(&["hand"])
            .chain(&letters)
            .map(|name| PyString::intern(py, name).unbind())
            .collect();
        names.extend(letters.map(|l| PyString::new(py, l).unbind()));
        let addresses: Vec<usize> = names[..=HAND].iter().map(|n| n.as_ptr() as usize).collect();
        let winds = [Wind::East, Wind::South, Wind::West, Wind::North];
        let winds = std::array::from_fn(|i| (names[HAND + 1 + i].as_ptr() as usize, winds[i % 4]));
        // The first of 64 odd multipliers under which no two names share a slot (one
        // in four or so is, for any addresses); under the last, a name whose slot is
        // taken is left out, to be read by its text.
        let mut tried = 0u64;
        loop {
            let multiplier = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(2 * tried + 1);
            let mut slots = [(0, 0); INTERNED_SLOTS];
            let mut distinct = true;
            for (place, &address) in addresses.iter().enumerate() {
                let slot = &mut slots[address_slot(address, multiplier)];
                if slot.0 == 0 {
                    *slot = (address, place);
                } else {
                    distinct = false;
                }
            }
            tried += 1;
            if distinct || tried == 64 {
                return Interned {
                    _names: names,
                    slots,
                    multiplier,
                    winds,
                };
            }
        }
    }

    /// The place of `key` when it is one of the names.
    #[inline]
    fn place(&self, key: &Bound<'_, PyAny>) -> Option<usize> {
        let address = key.as_ptr() as usize;
        let (held, place) = self.slots[address_slot(address, self.multiplier)];
        (held == address).then_some(place)
    }

    /// The wind `v` names when it is one of the objects of the letters `E S W N`.
    #[inline]
    fn wind(&self, v: &Bound<'_, PyAny>) -> Option<Wind> {
        let address = v.as_ptr() as usize;
        self.winds.iter().find(|w| w.0 == address).map(|w| w.1)
    }
}

static INTERNED: PyOnceLock<Interned> = PyOnceLock::new();

/// The place of a call's key in [`KEYWORDS`], or [`HAND`]: by its address when it is
/// the interned name, else by its text; `None` for any other key. The keys of one call
/// most often come from one source, all written in a program or all read from a file:
/// once a key is not found by its address, `by_address` turns false and the keys that
/// follow are read by their text at once.
#[inline]
fn place_of(interned: &Interned, key: &Bound<'_, PyAny>, by_address: &mut bool) -> Option<usize> {
    if *by_address {
        if let Some(place) = interned.place(key) {
            return Some(place);
        }
        *by_address = false;
    }
    place_by_name(str_of(key)?)
}

/// The text of `v` when it is a `str` of valid Unicode.
fn str_of<'a>(v: &'a Bound<'_, PyAny>) -> Option<&'a str> {
    v.downcast::<PyString>().ok().and_then(|s| s.to_str().ok())
}

/// Indicators given as notation, or a list or tuple of notation strings (each read as
/// `TilesField::indicators` reads it: a reading that fails is kept, the first, for
/// `ScoreFields::prepare` to report in its turn); `None` for a value of another form,
/// or text that is not Unicode.
fn indicators_of(v: &Bound<'_, PyAny>) -> Option<Result<IndicatorTiles, Error>> {
    let mut tiles = IndicatorTiles::default();
    if let Ok(l) = v.downcast_exact::<PyList>() {
        // No indicator, or one: the lists most calls give, read without an iterator.
        match l.len() {
            0 => return Some(Ok(tiles)),
            1 => {
                if let Some(s) = l.get_item(0).ok().as_ref().and_then(str_of) {
                    return Some(tiles.read(s).map(|()| tiles));
                }
            }
            _ => {}
        }
    }
    if let Some(s) = str_of(v) {
        return Some(tiles.read(s).map(|()| tiles));
    }
    let mut failed = None;
    let mut read = |x: Bound<'_, PyAny>| {
        let s = str_of(&x)?;
        if failed.is_none() {
            failed = tiles.read(s).err();
        }
        Some(())
    };
    match (v.downcast::<PyList>(), v.downcast::<PyTuple>()) {
        (Ok(l), _) => l.iter().try_for_each(&mut read)?,
        (_, Ok(t)) => t.iter().try_for_each(&mut read)?,
        _ => return None,
    }
    Some(match failed {
        Some(e) => Err(e),
        None => Ok(tiles),
    })
}

/// Indicators as [`indicators_of`] reads them, anything else as JSON reads it. Text
/// that is not Unicode is refused first, in a list up to its first item that is not
/// text (the list is then read as JSON reads it).
fn indicators(name: &str, v: &Bound<'_, PyAny>) -> PyResult<Result<IndicatorTiles, Error>> {
    let unicode = |x: &Bound<'_, PyAny>| match x.downcast::<PyString>() {
        Ok(s) => text(s, name).map(|_| true),
        Err(_) => Ok(false),
    };
    if let Ok(l) = v.downcast::<PyList>() {
        for x in l.iter() {
            if !unicode(&x)? {
                break;
            }
        }
    } else if let Ok(t) = v.downcast::<PyTuple>() {
        for x in t.iter() {
            if !unicode(&x)? {
                break;
            }
        }
    } else {
        unicode(v)?;
    }
    match indicators_of(v) {
        Some(read) => Ok(read),
        None => Ok(field::<TilesField>(name, v)?.indicators()),
    }
}

/// The scoring fields read from keyword values.
struct Read {
    melds: Vec<MeldRequest>,
    win: Option<Result<Pai, Error>>,
    flags: Flags,
    round_wind: Wind,
    seat_wind: Wind,
    dora: Result<IndicatorTiles, Error>,
    ura: Result<IndicatorTiles, Error>,
    honba: u32,
    riichi_sticks: u32,
    rules: Option<Rules>,
    players: Option<PlayersField>,
    kita: u32,
}

impl Read {
    fn new() -> Self {
        let ScoreFields {
            flags,
            round_wind,
            seat_wind,
            honba,
            riichi_sticks,
            rules,
            players,
            kita,
            ..
        } = ScoreFields::default();
        Read {
            melds: Vec::new(),
            win: None,
            flags,
            round_wind,
            seat_wind,
            dora: Ok(IndicatorTiles::default()),
            ura: Ok(IndicatorTiles::default()),
            honba,
            riichi_sticks,
            rules,
            players,
            kita,
        }
    }

    /// Reads `v` (not `None`) as the field of keyword `KEYWORDS[i]` when it has the type
    /// calls most often give, which cannot fail; false leaves it to [`Read::set`].
    #[inline]
    fn set_quickly(&mut self, interned: &Interned, i: usize, v: &Bound<'_, PyAny>) -> bool {
        match i {
            WIN => match str_of(v) {
                Some(s) => self.win = Some(win_tile(s)),
                None => return false,
            },
            MELDS => match v.downcast::<PyList>() {
                Ok(l) if l.is_empty() => self.melds = Vec::new(),
                _ => return false,
            },
            FIRST_FLAG..ROUND_WIND => {
                match (
                    v.downcast_exact::<PyBool>(),
                    self.flags.named_mut(i - FIRST_FLAG),
                ) {
                    (Ok(b), Some(f)) => *f = b.is_true(),
                    _ => return false,
                }
            }
            ROUND_WIND | SEAT_WIND => {
                let read = || str_of(v).and_then(|s| parse_wind(s).ok());
                match interned.wind(v).or_else(read) {
                    Some(w) if i == ROUND_WIND => self.round_wind = w,
                    Some(w) => self.seat_wind = w,
                    None => return false,
                }
            }
            DORA | URA => match indicators_of(v) {
                Some(read) if i == DORA => self.dora = read,
                Some(read) => self.ura = read,
                None => return false,
            },
            HONBA | RIICHI_STICKS | KITA => match small_int(v) {
                Some(n) if i == HONBA => self.honba = u32::from(n),
                Some(n) if i == RIICHI_STICKS => self.riichi_sticks = u32::from(n),
                Some(n) => self.kita = u32::from(n),
                None => return false,
            },
            RULES => match str_of(v).and_then(Preset::from_id) {
                Some(p) => self.rules = Some(p.rules()),
                None => return false,
            },
            _ => return false,
        }
        true
    }

    /// Reads `v` (not `None`) as the field of keyword `KEYWORDS[i]`, as JSON reads it.
    fn set(&mut self, i: usize, v: &Bound<'_, PyAny>) -> PyResult<()> {
        let name = KEYWORDS[i];
        match i {
            WIN => {
                self.win = match v.downcast::<PyString>() {
                    Ok(s) => Some(win_tile(text(s, name)?)),
                    Err(_) => field::<Option<String>>(name, v)?.map(|s| win_tile(&s)),
                };
            }
            MELDS => self.melds = list(name, v)?,
            FIRST_FLAG..ROUND_WIND => {
                let b = flag(name, v)?;
                if let Some(f) = self.flags.named_mut(i - FIRST_FLAG) {
                    *f = b;
                }
            }
            ROUND_WIND => self.round_wind = wind(name, v)?,
            SEAT_WIND => self.seat_wind = wind(name, v)?,
            DORA => self.dora = indicators(name, v)?,
            URA => self.ura = indicators(name, v)?,
            HONBA => self.honba = count32(name, v)?,
            RIICHI_STICKS => self.riichi_sticks = count32(name, v)?,
            RULES => {
                self.rules = match str_of(v).and_then(Preset::from_id) {
                    Some(p) => Some(p.rules()),
                    None => field::<Option<RulesRequest>>(name, v)?.map(|r| r.rules()),
                };
            }
            PLAYERS => {
                let given = v
                    .downcast_exact::<PyInt>()
                    .ok()
                    .and_then(|n| n.extract::<u8>().ok())
                    .and_then(|n| PlayersField::try_from(n).ok());
                self.players = match given {
                    Some(p) => Some(p),
                    None => field(name, v)?,
                };
            }
            _ => self.kita = count32(name, v)?,
        }
        Ok(())
    }

    /// The situation of these fields, checked by `ScoreFields::prepare`.
    fn prepare(self) -> PyResult<Prepared> {
        ScoreFields {
            melds: &self.melds,
            win: self.win,
            flags: self.flags,
            round_wind: self.round_wind,
            seat_wind: self.seat_wind,
            dora: self.dora,
            ura: self.ura,
            honba: self.honba,
            riichi_sticks: self.riichi_sticks,
            rules: self.rules,
            players: self.players,
            kita: self.kita,
        }
        .prepare()
        .map_err(|e| raise(&e))
    }
}

/// The fields of keyword arguments given as a dict's items, read in the dict's order
/// (`function` names the caller in an unknown keyword's error).
fn read_items(function: &str, items: &[(Bound<'_, PyAny>, Bound<'_, PyAny>)]) -> PyResult<Read> {
    let mut r = Read::new();
    for (key, v) in items {
        let name = match key.downcast::<PyString>() {
            Ok(k) => text(k, "a keyword")?,
            Err(_) => return Err(type_error("keywords must be strings")),
        };
        if v.is_none() {
            continue;
        }
        match place_by_name(name) {
            Some(i) if i < KEYWORD_COUNT => r.set(i, v)?,
            _ => {
                return Err(type_error(format!(
                    "{function}() got an unexpected keyword argument '{name}'"
                )))
            }
        }
    }
    Ok(r)
}

/// The score of `hand` in the situation `p`.
fn score_in(p: &Prepared, hand: &Bound<'_, PyAny>) -> PyResult<Score> {
    let answer = match hand_arg(hand)? {
        HandArg::Text(s) => p.answer(s),
        HandArg::Tiles(h) => p.answer(&h.to_string()),
    };
    answer.map(|inner| Score { inner }).map_err(|e| raise(&e))
}

/// Riichi score of a winning hand: a `Score` (`han`, `fu`, `yakuman`, `yaku`,
/// `payments`, `total`, `breakdown` with the yaku's names, ...).
///
/// `hand`: the concealed tiles with the winning tile, as notation (melds in brackets
/// allowed), 34 counts or 136-tile ids. The keywords are the JSON request's fields,
/// read as JSON reads them (a flag is a bool, a wind a str; `None` means the default):
///
/// - `win`: the winning tile (default: the hand's last tile); `melds`: declared melds,
///   dicts such as `{"kind": "pon", "tiles": "777z", "from": 3}`;
/// - `tsumo`, `riichi`, `double_riichi`, `ippatsu`, `rinshan`, `chankan`, `haitei`,
///   `houtei`, `tenhou`, `chiihou`, `renhou` (under a renhou rule): the situation;
/// - `round_wind`, `seat_wind`: `E S W N` (or `east`, `1z`, ...);
/// - `dora`, `ura`: indicators, notation or a list of tiles;
/// - `honba`, `riichi_sticks`: the counters on the table; `kita`: North tiles set
///   aside (three players);
/// - `rules`: a preset (`tenhou`, `mahjongsoul`, `mleague`, `wrc`, `ema`,
///   `tenhou-sanma`, ...) or a dict of rule options; `players`: 3 or 4.
///
/// Raises `ParseError`, `InvalidRequestError` (`InvalidTypeError` for a wrong type or
/// keyword), `InvalidHandError`, `NotWinningError` or `NoYakuError`. To score many
/// hands in one situation, read it once with `Situation`.
#[pyfunction]
#[pyo3(text_signature = "(hand, *, win=None, melds=(), tsumo=False, riichi=False, double_riichi=False, ippatsu=False, rinshan=False, chankan=False, haitei=False, houtei=False, tenhou=False, chiihou=False, renhou=False, round_wind='E', seat_wind='E', dora=(), ura=(), honba=0, riichi_sticks=0, rules=None, players=None, kita=0)",
    // The arguments as CPython gives them, read by `read_call` in one walk.
    signature = (*args, **fields))]
pub(crate) fn score<'py>(
    args: &Bound<'py, PyTuple>,
    fields: Option<&Bound<'py, PyDict>>,
) -> PyResult<Score> {
    let (hand, r) = read_call(args, fields)?;
    score_in(&r.prepare()?, &hand)
}

/// The fields and the hand of a `score` call, read in one walk over its keywords. A
/// value of the type calls most often give is read as it comes ([`Read::set_quickly`]);
/// the others are read after the walk, in the order of [`KEYWORDS`], so that of two
/// wrong values the first in that order is reported. The argument errors are those of
/// a function of the signature `(hand, *, win=None, ...)`, in its order: too many
/// positional arguments, the hand given twice, no hand, then an unknown keyword (the
/// first in the call's order).
fn read_call<'py>(
    args: &Bound<'py, PyTuple>,
    fields: Option<&Bound<'py, PyDict>>,
) -> PyResult<(Bound<'py, PyAny>, Read)> {
    if args.len() > 1 {
        return Err(PyTypeError::new_err(format!(
            "score() takes 1 positional arguments but {} were given",
            args.len()
        )));
    }
    let mut hand = args.get_borrowed_item(0).ok().map(|h| h.to_owned());
    let mut r = Read::new();
    let mut later = Vec::new();
    let mut unknown = false;
    let interned = INTERNED.get_or_init(args.py(), || Interned::new(args.py()));
    let mut by_address = true;
    for (key, v) in fields.into_iter().flatten() {
        match place_of(interned, &key, &mut by_address) {
            Some(HAND) => {
                if hand.replace(v).is_some() {
                    return Err(PyTypeError::new_err(
                        "score() got multiple values for argument 'hand'",
                    ));
                }
            }
            Some(_) if v.is_none() => {}
            Some(i) => {
                if !r.set_quickly(interned, i, &v) {
                    later.push((i, v));
                }
            }
            None => unknown = true,
        }
    }
    let Some(hand) = hand else {
        return Err(PyTypeError::new_err(
            "score() missing 1 required positional argument: 'hand'",
        ));
    };
    if unknown {
        if let Some(key) = fields.and_then(first_unknown) {
            return Err(unexpected_keyword("score", &key));
        }
    }
    later.sort_unstable_by_key(|&(i, _)| i);
    for (i, v) in &later {
        r.set(*i, v)?;
    }
    Ok((hand, r))
}

/// The first key of `fields` that is not a keyword of `score`.
fn first_unknown<'py>(fields: &Bound<'py, PyDict>) -> Option<Bound<'py, PyAny>> {
    fields
        .keys()
        .into_iter()
        .find(|key| str_of(key).and_then(place_by_name).is_none())
}

/// A Riichi scoring situation read once: the keyword arguments of `score` without the
/// hand, for scoring many hands in it. `Situation(win="9s", tsumo=True).score(hand)`
/// equals `score(hand, win="9s", tsumo=True)`.
#[pyclass(module = "pairi", frozen)]
pub(crate) struct Situation {
    inner: Prepared,
}

#[pymethods]
impl Situation {
    #[new]
    #[pyo3(text_signature = "(*, win=None, melds=(), tsumo=False, riichi=False, double_riichi=False, ippatsu=False, rinshan=False, chankan=False, haitei=False, houtei=False, tenhou=False, chiihou=False, renhou=False, round_wind='E', seat_wind='E', dora=(), ura=(), honba=0, riichi_sticks=0, rules=None, players=None, kita=0)", signature = (**fields))]
    fn new(fields: Option<&Bound<'_, PyDict>>) -> PyResult<Situation> {
        let items: Vec<_> = fields.into_iter().flatten().collect();
        let inner = read_items("Situation", &items)?.prepare()?;
        Ok(Situation { inner })
    }

    /// score(self, hand)
    /// --
    ///
    /// Scores `hand` (notation, 34 counts or 136-tile ids) in this situation.
    fn score(&self, hand: &Bound<'_, PyAny>) -> PyResult<Score> {
        score_in(&self.inner, hand)
    }
}

/// Scores a list of requests (dicts of the JSON fields, `hand` included) on every
/// core, in order: a `Score`, or the exception (not raised) of a request that could not
/// be scored.
#[pyfunction]
pub(crate) fn score_many(py: Python<'_>, requests: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyAny>>> {
    let requests = requests
        .downcast::<PyList>()
        .map_err(|_| type_error("requests: a list of dicts"))?;
    let mut read = Vec::with_capacity(requests.len());
    for d in requests {
        let one = match d.downcast::<PyDict>() {
            Ok(d) => {
                let items: Vec<_> = d
                    .iter()
                    .filter(|(k, _)| {
                        !k.downcast::<PyString>()
                            .is_ok_and(|k| k.to_str().is_ok_and(|k| k == "hand"))
                    })
                    .collect();
                match d.get_item("hand")? {
                    Some(hand) => read_items("score_many", &items).and_then(|r| {
                        let hand = hand_text(&hand)?;
                        Ok((hand, r.prepare()?))
                    }),
                    None => Err(raise(&Error::invalid_request("missing field `hand`"))),
                }
            }
            Err(_) => Err(type_error(format!(
                "a request is a dict, not a {}",
                type_name(&d)
            ))),
        };
        read.push(one);
    }
    let answered: Vec<Option<Result<ScoreResult, Error>>> = py.detach(|| {
        read.par_iter()
            .map(|r| r.as_ref().ok().map(|(hand, p)| p.answer(hand)))
            .collect()
    });
    read.into_iter()
        .zip(answered)
        .map(|(r, a)| match (r, a) {
            (Err(e), _) => Ok(e.into_value(py).into_any()),
            (Ok(_), Some(Ok(inner))) => Ok(Py::new(py, Score { inner })?.into_any()),
            (Ok(_), Some(Err(e))) => Ok(raise(&e).into_value(py).into_any()),
            (Ok(_), None) => Err(invalid("unreachable")),
        })
        .collect()
}
