//! Python arguments read as the JSON request reads its fields: a Python value becomes
//! the JSON value it would be written as (`True` a boolean, `3` a number, a list an
//! array, a dict an object), and anything JSON has no value for is refused rather than
//! guessed at (`tsumo="no"` is not a tsumo: it is an `InvalidTypeError`, as `"tsumo":
//! "no"` is refused in JSON). Hands come as notation, 34 counts or 136-tile ids.

pub(crate) use crate::counts::small_int;
use crate::errors::{invalid, parse_error, raise, type_error};
use pairi::api::batch::request_of_value;
use pairi::api::Error;
use pairi::{Hand, Pai, TileCounts};
use pyo3::buffer::PyBuffer;
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyList, PyMemoryView, PyString, PyTuple,
};
use serde::de::DeserializeOwned;
use serde_json::{Map, Number, Value};

/// How deep containers may nest in an argument: as deep as the JSON reader reads.
const MAX_DEPTH: usize = 128;

/// The Python type name of `v`, for messages.
pub(crate) fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type()
        .name()
        .map_or_else(|_| "object".into(), |n| n.to_string())
}

/// The text of a Python string; a string that is not Unicode text (a lone surrogate)
/// is refused with `what` named.
pub(crate) fn text<'a>(s: &'a Bound<'_, PyString>, what: &str) -> PyResult<&'a str> {
    s.to_str().map_err(|_| {
        invalid(format!(
            "{what}: the text is not valid Unicode (it holds a lone surrogate)"
        ))
    })
}

/// The JSON value of the argument `name`.
pub(crate) fn json(name: &str, v: &Bound<'_, PyAny>) -> PyResult<Value> {
    json_at(name, v, 0)
}

fn json_at(name: &str, v: &Bound<'_, PyAny>, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        return Err(invalid(format!(
            "`{name}`: containers nested more than {MAX_DEPTH} deep"
        )));
    }
    if v.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = v.downcast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(i) = v.downcast::<PyInt>() {
        return whole_number(name, i.as_any());
    }
    if let Ok(f) = v.downcast::<PyFloat>() {
        let x = f.value();
        return Number::from_f64(x).map(Value::Number).ok_or_else(|| {
            invalid(format!(
                "`{name}`: {x} is not a number JSON can carry (no NaN or infinity)"
            ))
        });
    }
    if let Ok(s) = v.downcast::<PyString>() {
        return Ok(Value::String(text(s, &format!("`{name}`"))?.to_owned()));
    }
    if let Ok(l) = v.downcast::<PyList>() {
        return l
            .iter()
            .map(|x| json_at(name, &x, depth + 1))
            .collect::<PyResult<_>>()
            .map(Value::Array);
    }
    if let Ok(t) = v.downcast::<PyTuple>() {
        return t
            .iter()
            .map(|x| json_at(name, &x, depth + 1))
            .collect::<PyResult<_>>()
            .map(Value::Array);
    }
    if let Ok(d) = v.downcast::<PyDict>() {
        let mut map = Map::new();
        for (k, x) in d {
            let key = if let Ok(s) = k.downcast::<PyString>() {
                text(s, &format!("`{name}`"))?.to_owned()
            } else if k.is_instance_of::<PyInt>() && !k.is_instance_of::<PyBool>() {
                // As `json.dumps` writes an integer key.
                k.str()?.to_str()?.to_owned()
            } else {
                return Err(type_error(format!(
                    "`{name}`: invalid type: a {} key, expected a string key",
                    type_name(&k)
                )));
            };
            map.insert(key, json_at(name, &x, depth + 1)?);
        }
        return Ok(Value::Object(map));
    }
    // NumPy's scalars: its booleans, and integers through `__index__`.
    if let Ok(b) = v.extract::<bool>() {
        return Ok(Value::Bool(b));
    }
    if v.hasattr("__index__")? && !v.is_instance_of::<PyBytes>() {
        return whole_number(name, v);
    }
    Err(type_error(format!(
        "`{name}`: invalid type: {}, which JSON has no value for",
        type_name(v)
    )))
}

/// An integer (or an object with `__index__`) as a JSON number; one past 64 bits is
/// refused as out of range, as every field's range is far smaller.
fn whole_number(name: &str, v: &Bound<'_, PyAny>) -> PyResult<Value> {
    if let Ok(i) = v.extract::<i64>() {
        return Ok(Value::from(i));
    }
    if let Ok(u) = v.extract::<u64>() {
        return Ok(Value::from(u));
    }
    Err(invalid(format!(
        "`{name}`: {} is out of range",
        v.str()
            .map_or_else(|_| "the number".into(), |s| s.to_string())
    )))
}

/// The keyword arguments given (`None` meaning "not given", as the JSON request's
/// defaults apply) as a JSON object, with `hand` first when given.
pub(crate) fn object(
    hand: Option<String>,
    fields: &[(&str, Option<&Bound<'_, PyAny>>)],
) -> PyResult<Map<String, Value>> {
    let mut map = Map::new();
    if let Some(h) = hand {
        map.insert("hand".into(), Value::String(h));
    }
    for &(name, value) in fields {
        if let Some(v) = value.filter(|v| !v.is_none()) {
            map.insert(name.into(), json(name, v)?);
        }
    }
    Ok(map)
}

/// The request `R` of a JSON object, read by the JSON reader's rules.
pub(crate) fn request<R: DeserializeOwned>(map: Map<String, Value>) -> PyResult<R> {
    request_of_value(Value::Object(map)).map_err(|e| raise(&e))
}

/// A field of type `T` read from a Python value as the JSON reader reads it (the error
/// names the field).
pub(crate) fn field<T: DeserializeOwned>(name: &str, v: &Bound<'_, PyAny>) -> PyResult<T> {
    let mut map = Map::new();
    map.insert(name.into(), json(name, v)?);
    let one: One<T> = request(map)?;
    Ok(one.0)
}

/// A flag: a bool (or NumPy bool); anything else as JSON reads it (refused).
pub(crate) fn flag(name: &str, v: &Bound<'_, PyAny>) -> PyResult<bool> {
    match v.downcast::<PyBool>() {
        Ok(b) => Ok(b.is_true()),
        Err(_) => field(name, v),
    }
}

/// A whole number of `u32`.
pub(crate) fn count32(name: &str, v: &Bound<'_, PyAny>) -> PyResult<u32> {
    if let Some(n) = small_int(v) {
        return Ok(u32::from(n));
    }
    if let Ok(i) = v.downcast_exact::<PyInt>() {
        if let Ok(n) = i.extract::<u32>() {
            return Ok(n);
        }
    }
    field(name, v)
}

/// A wind in any spelling (as JSON reads a wind's text).
pub(crate) fn wind(name: &str, v: &Bound<'_, PyAny>) -> PyResult<pairi::Wind> {
    if let Ok(s) = v.downcast::<PyString>() {
        if let Ok(w) = pairi::notation::parse_wind(text(s, name)?) {
            return Ok(w);
        }
    }
    field(name, v)
}

/// A text field, or `None`.
pub(crate) fn optional_text(name: &str, v: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    match v.downcast::<PyString>() {
        Ok(s) => Ok(Some(text(s, name)?.to_owned())),
        Err(_) => field(name, v),
    }
}

/// A list field that is most often empty.
pub(crate) fn list<T: serde::de::DeserializeOwned>(
    name: &str,
    v: &Bound<'_, PyAny>,
) -> PyResult<Vec<T>> {
    match (v.downcast::<PyList>(), v.downcast::<PyTuple>()) {
        (Ok(l), _) if l.is_empty() => Ok(Vec::new()),
        (_, Ok(t)) if t.is_empty() => Ok(Vec::new()),
        _ => field(name, v),
    }
}

/// A one-field object's value (its key is not looked at).
struct One<T>(T);

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for One<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::{MapAccess, Visitor};
        struct V<T>(core::marker::PhantomData<T>);
        impl<'de, T: serde::Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = One<T>;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("one field")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<One<T>, A::Error> {
                match map.next_key::<String>()? {
                    Some(_) => Ok(One(map.next_value()?)),
                    None => Err(serde::de::Error::custom("no field")),
                }
            }
        }
        d.deserialize_map(V(core::marker::PhantomData))
    }
}

/// A hand argument: notation, or tiles given as numbers.
pub(crate) enum HandArg<'a> {
    /// Notation.
    Text(&'a str),
    /// 34 counts or 136-tile ids, read into a hand.
    Tiles(Hand),
}

/// What a hand may be, for messages.
const HAND_FORMS: &str = "notation (a str), 34 counts or 136-tile ids (a list, tuple or \
                          1-D array of whole numbers)";

/// The hand of the argument `hand`.
pub(crate) fn hand_arg<'a>(hand: &'a Bound<'_, PyAny>) -> PyResult<HandArg<'a>> {
    if let Ok(s) = hand.downcast::<PyString>() {
        return Ok(HandArg::Text(text(s, "hand")?));
    }
    let bytes =
        |v: &Bound<'_, PyAny>| v.is_instance_of::<PyBytes>() || v.is_instance_of::<PyByteArray>();
    if bytes(hand)
        || (hand.is_instance_of::<PyMemoryView>() && hand.getattr("obj").is_ok_and(|o| bytes(&o)))
    {
        return Err(type_error(format!(
            "hand: bytes are not a hand: give {HAND_FORMS}; for notation in bytes, decode \
             them first (b.decode())"
        )));
    }
    let hand = if let Ok(list) = hand.downcast::<PyList>() {
        items_hand(list.len(), list.iter())?
    } else if let Ok(tuple) = hand.downcast::<PyTuple>() {
        items_hand(tuple.len(), tuple.iter())?
    } else {
        let mut numbers = [0i64; 136];
        let n = buffer_numbers(hand, &mut numbers)?;
        tiles_hand(&numbers[..n])?
    };
    Ok(HandArg::Tiles(hand))
}

/// The notation of the argument `hand`.
pub(crate) fn hand_text(hand: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(match hand_arg(hand)? {
        HandArg::Text(s) => s.to_owned(),
        HandArg::Tiles(h) => h.to_string(),
    })
}

/// The hand of `n` numbers read from `items` (a list or a tuple).
fn items_hand<'py>(n: usize, items: impl Iterator<Item = Bound<'py, PyAny>>) -> PyResult<Hand> {
    if n == 34 {
        let mut counts = [0u8; 34];
        let mut read = 0;
        for (c, item) in counts.iter_mut().zip(items) {
            *c = count(&item)?;
            read += 1;
        }
        if read < 34 {
            // A list shortened while read (by another thread).
            return Err(too_long(read));
        }
        return Hand::from_counts(TileCounts::from_array(counts))
            .map_err(|e| raise(&Error::from(e)));
    }
    if n > 136 {
        return Err(too_long(n));
    }
    let mut hand = Hand::default();
    for item in items {
        let id = tile_number(&item, id_error)?;
        add_id(&mut hand, id)?;
    }
    Ok(hand)
}

/// The hand of 34 counts (one per kind, 1m..9m 1p..9p 1s..9s E S W N P F C) or of
/// 136-tile ids (kind `id / 4`, ids 16, 52, 88 the red fives).
fn tiles_hand(numbers: &[i64]) -> PyResult<Hand> {
    if numbers.len() == 34 {
        let mut counts = [0u8; 34];
        for (c, &n) in counts.iter_mut().zip(numbers) {
            *c = u8::try_from(n)
                .ok()
                .filter(|&n| n <= 4)
                .ok_or_else(|| count_error(&n.to_string()))?;
        }
        Hand::from_counts(TileCounts::from_array(counts)).map_err(|e| raise(&Error::from(e)))
    } else {
        let mut hand = Hand::default();
        for &id in numbers {
            add_id(&mut hand, id)?;
        }
        Ok(hand)
    }
}

fn add_id(hand: &mut Hand, id: i64) -> PyResult<()> {
    let pai = u8::try_from(id)
        .ok()
        .and_then(Pai::from_id136)
        .ok_or_else(|| id_error(&id.to_string()))?;
    hand.add(pai).map_err(|e| raise(&Error::from(e)))
}

fn count_error(n: &str) -> PyErr {
    parse_error(format!("a count of 34 is 0 to 4, not {n}"))
}

fn id_error(n: &str) -> PyErr {
    parse_error(format!("a tile id is 0 to 135, not {n}"))
}

fn too_long(n: usize) -> PyErr {
    parse_error(format!(
        "a hand is 34 counts or at most 136 tile ids, not {n} numbers"
    ))
}

/// One count of 34: 0 to 4.
fn count(item: &Bound<'_, PyAny>) -> PyResult<u8> {
    if let Some(n) = small_int(item) {
        return Ok(n);
    }
    let n = tile_number(item, count_error)?;
    u8::try_from(n)
        .ok()
        .filter(|&n| n <= 4)
        .ok_or_else(|| count_error(&n.to_string()))
}

/// One count or id: a whole number (an `int`, or a NumPy integer), not a bool.
fn tile_number(item: &Bound<'_, PyAny>, range: fn(&str) -> PyErr) -> PyResult<i64> {
    if let Ok(i) = item.downcast_exact::<PyInt>() {
        return i.extract::<i64>().map_err(|_| range(&i.to_string()));
    }
    if item.is_instance_of::<PyBool>() || item.is_instance_of::<PyFloat>() {
        return Err(not_whole(item));
    }
    match item.extract::<i64>() {
        Ok(n) => Ok(n),
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(item.py()) => {
            Err(range(&item.to_string()))
        }
        Err(_) => Err(not_whole(item)),
    }
}

fn not_whole(item: &Bound<'_, PyAny>) -> PyErr {
    type_error(format!(
        "hand: a tile count or id is a whole number, not a {}",
        type_name(item)
    ))
}

/// The numbers of an object with the buffer protocol (a NumPy array, `array.array`)
/// of integers, one dimension.
fn buffer_numbers(hand: &Bound<'_, PyAny>, out: &mut [i64; 136]) -> PyResult<usize> {
    macro_rules! try_types {
        ($($t:ty),*) => {$(
            if let Ok(buf) = PyBuffer::<$t>::get(hand) {
                if buf.dimensions() != 1 {
                    return Err(type_error(format!(
                        "hand: an array of one dimension, not {}",
                        buf.dimensions()
                    )));
                }
                let n = buf.item_count();
                if n > 136 {
                    return Err(too_long(n));
                }
                let mut read = [<$t>::default(); 136];
                buf.copy_to_slice(hand.py(), &mut read[..n])?;
                for (o, &x) in out.iter_mut().zip(&read[..n]) {
                    // Every type tried fits `i64` but `u64`, whose values past it are
                    // out of range anyway.
                    *o = i64::try_from(x).unwrap_or(i64::MAX);
                }
                return Ok(n);
            }
        )*};
    }
    try_types!(u8, i64, i32, i8, u16, i16, u32, u64);
    let kind = hand
        .getattr("dtype")
        .map_or_else(|_| type_name(hand), |d| format!("array of {d}"));
    Err(type_error(format!("hand: give {HAND_FORMS}, not a {kind}")))
}
