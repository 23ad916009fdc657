//! The batch envelope (`docs/json-api.md`, "Batch mode"): one request per JSON line, one
//! answer per line, the request's `id` echoed byte for byte as written (a large integer
//! or `1e400` comes back unchanged; absent, it is `null`). A line that cannot be
//! answered gets `{"id": …, "error": {"kind", "message"}}`: a bad line never stops a
//! batch. Reading lines, splitting work and writing them out is the front end's job;
//! this module answers one line at a time, so every front answers alike.
//!
//! The fronts that name a request's kind in text (the HTTP server, Python, the
//! browser) go through [`prepare`]: the body read and checked against the front's
//! [`Limits`] before any work, its [`Cost`] known, then [`Prepared::answer`] writes the
//! answer: a JSON array of requests is answered element by element as batch lines,
//! each streamed into the output as it is answered.

use super::limits::{Bounded, Cost, Limits, LIBRARY};
use super::{Error, ErrorKind, Request, Stop};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;

/// Appends the answer to one line (without a line ending) to `out`: the result of
/// `R` with the line's `id` first, or an error object.
///
/// A byte order mark at the start of the line is skipped; the line ending is the
/// caller's to remove.
pub fn answer_line<R: Request>(line: &str, defaults: &R::Defaults, out: &mut Vec<u8>) {
    answer_numbered::<R>(line, None, defaults, &LIBRARY, &Stop::never(), out);
}

/// [`answer_line`] of raw bytes, the line's number in its input (1-based) written into
/// an error object as `"line"` when given: a line that is not UTF-8 gets an
/// `invalid_request` error with `id` null.
pub fn answer_bytes<R: Request>(
    line: &[u8],
    number: Option<u64>,
    defaults: &R::Defaults,
    out: &mut Vec<u8>,
) {
    match core::str::from_utf8(line) {
        Ok(text) => answer_numbered::<R>(text, number, defaults, &LIBRARY, &Stop::never(), out),
        Err(e) => write_error(
            out,
            None,
            number,
            &Error::invalid_request(format!("the line is not UTF-8: {e}")),
        ),
    }
}

/// One request given as JSON text, answered as a value: the shims (Python, the server)
/// call this, so their answers and errors are the batch's, message for message.
///
/// # Errors
///
/// `invalid_request` for text that is not such a request (the message names the field),
/// and whatever [`Request::answer`] returns.
pub fn answer_json<R: Request>(json: &str, defaults: &R::Defaults) -> Result<R::Answer, Error> {
    read_json::<R>(json, defaults)?.answer()
}

/// One request of type `R` read from JSON text, `defaults` applied.
fn read_json<R: Request>(json: &str, defaults: &R::Defaults) -> Result<R, Error> {
    let json = json.strip_prefix('\u{feff}').unwrap_or(json);
    let mut request: R =
        serde_json::from_str(json).map_err(|e| Error::invalid_request(named::<R>(json, &e)))?;
    request.apply_defaults(defaults);
    Ok(request)
}

/// A request read from a JSON value rather than text (a binding that builds the value
/// from its own objects): refused as [`answer_json`] refuses text, the field named and
/// number ranges in words, without a text position.
///
/// # Errors
///
/// `invalid_request` for a value that is not such a request.
pub fn request_of_value<R: serde::de::DeserializeOwned>(
    value: serde_json::Value,
) -> Result<R, Error> {
    serde_path_to_error::deserialize::<_, R>(value).map_err(|e| {
        let path = e.path().to_string();
        Error::invalid_request(in_field(&path, plain_ranges(&e.into_inner().to_string())))
    })
}

fn answer_numbered<R: Request>(
    line: &str,
    number: Option<u64>,
    defaults: &R::Defaults,
    limits: &Limits,
    stop: &Stop,
    out: &mut Vec<u8>,
) {
    let line = line.strip_prefix('\u{feff}').unwrap_or(line);
    match serde_json::from_str::<Line<'_, R>>(line) {
        Ok(Line { id, mut request }) => {
            request.apply_defaults(defaults);
            match request.answer_within(limits, stop) {
                Ok(result) => write_answer(out, id, &result),
                Err(e) => write_error(out, id, number, &e),
            }
        }
        Err(e) => {
            let id = serde_json::from_str::<IdOnly<'_>>(line)
                .ok()
                .and_then(|l| l.id);
            write_error(
                out,
                id,
                number,
                &Error::invalid_request(named::<R>(line, &e)),
            );
        }
    }
}

/// The message of a line's JSON error, naming the field it is about (`` `honba`: … ``):
/// serde's own message says what was wrong with a value but not where. Only a refused
/// line is read this second time.
fn named<'de, R: Deserialize<'de>>(line: &'de str, e: &serde_json::Error) -> String {
    let mut d = serde_json::Deserializer::from_str(line);
    match serde_path_to_error::deserialize::<_, R>(&mut d) {
        Err(pe) if !e.is_syntax() && !e.is_eof() => {
            in_field(&pe.path().to_string(), plain_ranges(&e.to_string()))
        }
        _ => e.to_string(),
    }
}

/// `message` said of the field at `path` (`` `honba`: … ``), or alone when the path
/// names no field.
fn in_field(path: &str, message: String) -> String {
    if path.is_empty() || path.starts_with(['.', '?', '[']) {
        message
    } else {
        format!("`{path}`: {message}")
    }
}

/// serde names the Rust type a number was read into (`expected u8`); a caller wants
/// the range.
pub(crate) fn plain_ranges(message: &str) -> String {
    [
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected u16", "expected a whole number from 0 to 65535"),
        (
            "expected u32",
            "expected a whole number from 0 to 4294967295",
        ),
        ("expected u64", "expected a whole number from 0 to 2^64 - 1"),
        (
            "expected usize",
            "expected a whole number from 0 to 2^64 - 1",
        ),
    ]
    .iter()
    .fold(message.to_owned(), |m, (rust, plain)| {
        m.replace(rust, plain)
    })
}

/// Appends an error answer: `{"id": id, "error": {"line"?, "kind", "message"}}`, with
/// the line's number in its input when given.
pub fn write_error(out: &mut Vec<u8>, id: Option<&RawValue>, number: Option<u64>, error: &Error) {
    open_answer(out, id);
    out.extend_from_slice(b",\"error\":");
    let at = out.len();
    // An object of two strings always serialises.
    let _ = serde_json::to_writer(&mut *out, error);
    if let Some(n) = number {
        // After the object's `{`.
        let field = format!("\"line\":{n},");
        out.splice(at + 1..at + 1, field.bytes());
    }
    out.push(b'}');
}

/// Appends `{"id": id, <the fields of result>}`; should the result not serialise as an
/// object, an error object takes its place, so every line stays one JSON object.
pub fn write_answer<T: serde::Serialize>(out: &mut Vec<u8>, id: Option<&RawValue>, result: &T) {
    let start = out.len();
    open_answer(out, id);
    let body = out.len();
    match serde_json::to_writer(&mut *out, result) {
        Ok(()) if out.get(body) == Some(&b'{') => {
            if out.len() == body + 2 {
                // `{}`: no field follows the id.
                out.truncate(body);
                out.push(b'}');
            } else {
                out[body] = b',';
            }
        }
        Ok(()) => {
            out.truncate(start);
            let e = Error::invalid_request("the answer is not an object");
            write_error(out, id, None, &e);
        }
        Err(e) => {
            out.truncate(start);
            let message = format!("cannot serialise the answer: {e}");
            write_error(out, id, None, &Error::invalid_request(message));
        }
    }
}

/// `{"id":` and the id as written (`null` when absent).
fn open_answer(out: &mut Vec<u8>, id: Option<&RawValue>) {
    out.extend_from_slice(b"{\"id\":");
    out.extend_from_slice(id.map_or("null", RawValue::get).as_bytes());
}

/// A batch line: the request, and its `id` as written. The `id` is taken out of the
/// object as the request's fields are read, so the line is parsed once.
struct Line<'de, R> {
    id: Option<&'de RawValue>,
    request: R,
}

impl<'de, R: Deserialize<'de>> Deserialize<'de> for Line<'de, R> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct LineVisitor<R>(core::marker::PhantomData<R>);
        impl<'de, R: Deserialize<'de>> Visitor<'de> for LineVisitor<R> {
            type Value = Line<'de, R>;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                let mut id = None;
                let request = R::deserialize(de::value::MapAccessDeserializer::new(WithoutId {
                    map,
                    id: &mut id,
                }))?;
                Ok(Line { id, request })
            }
        }
        d.deserialize_map(LineVisitor(core::marker::PhantomData))
    }
}

/// The entries of a map but `id`, whose raw value is kept aside.
struct WithoutId<'a, 'de, A> {
    map: A,
    id: &'a mut Option<&'de RawValue>,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for WithoutId<'_, 'de, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        loop {
            match self.map.next_key::<Key<'de>>()? {
                None => return Ok(None),
                Some(Key::Borrowed("id")) => *self.id = Some(self.map.next_value()?),
                Some(Key::Owned(k)) if k == "id" => *self.id = Some(self.map.next_value()?),
                Some(Key::Borrowed(k)) => {
                    return seed
                        .deserialize(de::value::BorrowedStrDeserializer::new(k))
                        .map(Some)
                }
                Some(Key::Owned(k)) => {
                    return seed
                        .deserialize(de::value::StringDeserializer::new(k))
                        .map(Some)
                }
            }
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.map.next_value_seed(seed)
    }
}

/// A map key, borrowed from the line when it has no escapes.
enum Key<'de> {
    Borrowed(&'de str),
    Owned(String),
}

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a field name")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key::Borrowed(v))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key::Owned(v.to_owned()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key::Owned(v))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// The `id` of a line whose request could not be read: only an object has one.
struct IdOnly<'a> {
    id: Option<&'a RawValue>,
}

impl<'de> Deserialize<'de> for IdOnly<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct IdVisitor;
        impl<'de> Visitor<'de> for IdVisitor {
            type Value = IdOnly<'de>;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<IdOnly<'de>, A::Error> {
                let mut id = None;
                while let Some(key) = map.next_key::<Key<'de>>()? {
                    let is_id = match &key {
                        Key::Borrowed(k) => *k == "id",
                        Key::Owned(k) => k == "id",
                    };
                    if is_id {
                        id = Some(map.next_value()?);
                    } else {
                        map.next_value::<de::IgnoredAny>()?;
                    }
                }
                Ok(IdOnly { id })
            }
        }
        d.deserialize_map(IdVisitor)
    }
}

/// The request kinds [`answer_kind`] knows, by name: the `/v1/<kind>` paths of the HTTP
/// server, the kinds of the Python and browser bindings.
pub const KINDS: [&str; 12] = [
    "parse",
    "shanten",
    "analyze",
    "score",
    "fan",
    "stats",
    "ev",
    "record_check",
    "record_convert",
    "record_legal",
    "review",
    "play",
];

/// Answers one request of the kind named `kind` given as JSON text, as JSON text (the
/// result object, no `id`), within the library's limits: the one entry point of the
/// bindings that pass requests by name (Python, the browser).
///
/// # Errors
///
/// As the request's `answer`; `invalid_request` for a kind not in [`KINDS`].
pub fn answer_kind(kind: &str, json: &str) -> Result<String, Error> {
    let prepared = prepare_one(kind, json, &LIBRARY)?;
    let mut out = Vec::new();
    prepared.answer(&LIBRARY, &Stop::never(), &mut out)?;
    // serde_json writes UTF-8.
    String::from_utf8(out).map_err(Error::invalid_request)
}

/// `$make!(RequestType)` for the request kind named `$kind`, or an `invalid_request`
/// error returned.
macro_rules! by_kind {
    ($kind:expr, $make:ident) => {{
        use super::{analysis, ev, mcr, parse, play, record, riichi, stats};
        match $kind {
            "parse" => $make!(parse::ParseRequest),
            "shanten" => $make!(analysis::ShantenRequest),
            "analyze" => $make!(analysis::AnalysisRequest),
            "score" => $make!(riichi::ScoreRequest),
            "fan" => $make!(mcr::FanRequest),
            "stats" => $make!(stats::StatsRequest),
            "ev" => $make!(ev::EvRequest),
            "record_check" => $make!(record::CheckRequest),
            "record_convert" => $make!(record::ConvertRequest),
            "record_legal" => $make!(record::LegalRequest),
            "review" => $make!(record::ReviewRequest),
            "play" => $make!(play::PlayRequest),
            other => {
                return Err(Error::invalid_request(format!(
                    "no request kind {other:?}: one of {}",
                    KINDS.join(", ")
                )))
            }
        }
    }};
}

/// A body of the kind named by a front, read and checked: one request or an array of
/// them. Its [`Cost`] says whether its work is short; [`Prepared::answer`] does it.
pub struct Prepared(Box<dyn Job>);

impl core::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Prepared").field(&self.0.cost()).finish()
    }
}

/// A body past this many bytes is [`Cost::Long`] whatever it asks: reading it takes a
/// millisecond or more.
pub const SHORT_BYTES: usize = 64 << 10;

/// An array of more requests than this is [`Cost::Long`].
pub const SHORT_ITEMS: usize = 16;

impl Prepared {
    /// How long its work is.
    #[must_use]
    pub fn cost(&self) -> Cost {
        self.0.cost()
    }

    /// Appends the answer to `out`: one request's result object (no `id`), or for an
    /// array, an array of batch-line answers in order (`id` echoed as written, `null`
    /// when absent; an error object in place of a request that cannot be answered).
    ///
    /// # Errors
    ///
    /// One request: its error. An array: `timeout` once `stop` is set (what was
    /// written is then to be thrown away).
    pub fn answer(&self, limits: &Limits, stop: &Stop, out: &mut Vec<u8>) -> Result<(), Error> {
        self.0.answer(limits, stop, out)
    }
}

trait Job: Send {
    fn cost(&self) -> Cost;
    fn answer(&self, limits: &Limits, stop: &Stop, out: &mut Vec<u8>) -> Result<(), Error>;
}

/// One request.
struct One<R> {
    request: R,
    cost: Cost,
}

impl<R: Request + Send> Job for One<R> {
    fn cost(&self) -> Cost {
        self.cost
    }

    fn answer(&self, limits: &Limits, stop: &Stop, out: &mut Vec<u8>) -> Result<(), Error> {
        let answer = self.request.compute(limits, stop)?;
        serde_json::to_writer(out, &answer)
            .map_err(|e| Error::invalid_request(format!("cannot serialise the answer: {e}")))
    }
}

/// An array of requests: the text, and where each element is in it.
struct Many<R> {
    text: String,
    items: Vec<core::ops::Range<usize>>,
    cost: Cost,
    kind: core::marker::PhantomData<fn() -> R>,
}

impl<R: Request> Job for Many<R> {
    fn cost(&self) -> Cost {
        self.cost
    }

    fn answer(&self, limits: &Limits, stop: &Stop, out: &mut Vec<u8>) -> Result<(), Error> {
        out.push(b'[');
        for (i, range) in self.items.iter().enumerate() {
            stop.check()?;
            if i > 0 {
                out.push(b',');
            }
            let item = &self.text[range.clone()];
            answer_numbered::<R>(item, None, &R::Defaults::default(), limits, stop, out);
        }
        // An element cut short by the stop holds its `timeout` error: the whole array
        // is late.
        stop.check()?;
        out.push(b']');
        Ok(())
    }
}

/// Reads a body of the request kind named `kind`: one JSON object, or an array of them
/// (at most [`Limits::max_items`]). Nothing is computed yet; each request is checked
/// against `limits` (an array's elements as they are answered, each then refused on
/// its own).
///
/// # Errors
///
/// `invalid_request` for a kind not in [`KINDS`], a body that is not JSON, or (one
/// request) a request that cannot be read; `too_large` past `limits`.
pub fn prepare(kind: &str, json: &str, limits: &Limits) -> Result<Prepared, Error> {
    let text = json.strip_prefix('\u{feff}').unwrap_or(json);
    if !text.trim_start().starts_with('[') {
        return prepare_one(kind, json, limits);
    }
    let items = items(text, limits)?;
    macro_rules! many {
        ($r:ty) => {{
            let short = json.len() <= SHORT_BYTES
                && items.len() <= SHORT_ITEMS
                && items.iter().all(|r| {
                    read_element::<$r>(&text[r.clone()])
                        .is_none_or(|q| q.check(limits) == Ok(Cost::Short))
                });
            Prepared(Box::new(Many::<$r> {
                text: text.to_owned(),
                items,
                cost: if short { Cost::Short } else { Cost::Long },
                kind: core::marker::PhantomData,
            }))
        }};
    }
    Ok(by_kind!(kind, many))
}

/// [`prepare`] of one request (an array is not read as one).
fn prepare_one(kind: &str, json: &str, limits: &Limits) -> Result<Prepared, Error> {
    macro_rules! one {
        ($r:ty) => {{
            let request = read_json::<$r>(json, &Default::default())?;
            let cost = match request.check(limits)? {
                Cost::Short if json.len() <= SHORT_BYTES => Cost::Short,
                _ => Cost::Long,
            };
            Prepared(Box::new(One { request, cost }))
        }};
    }
    Ok(by_kind!(kind, one))
}

/// An element of an array read as a request, if it is one (its `id` left aside).
fn read_element<R: Request>(text: &str) -> Option<R> {
    serde_json::from_str::<Line<'_, R>>(text)
        .ok()
        .map(|l| l.request)
}

/// Where each element of a JSON array is in `text`, refused past
/// [`Limits::max_items`] as soon as the count passes it.
fn items(text: &str, limits: &Limits) -> Result<Vec<core::ops::Range<usize>>, Error> {
    struct Elements<'a> {
        base: usize,
        max: usize,
        over: &'a core::cell::Cell<bool>,
    }
    impl<'de> Visitor<'de> for Elements<'_> {
        type Value = Vec<core::ops::Range<usize>>;
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("an array of requests")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(raw) = seq.next_element::<&'de RawValue>()? {
                if out.len() == self.max {
                    self.over.set(true);
                    return Err(de::Error::custom("too many elements"));
                }
                let start = raw.get().as_ptr() as usize - self.base;
                out.push(start..start + raw.get().len());
            }
            Ok(out)
        }
    }
    let over = core::cell::Cell::new(false);
    let mut d = serde_json::Deserializer::from_str(text);
    let read = d
        .deserialize_seq(Elements {
            base: text.as_ptr() as usize,
            max: limits.max_items,
            over: &over,
        })
        .and_then(|items| d.end().map(|()| items));
    match read {
        Ok(items) => Ok(items),
        Err(_) if over.get() => Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "an array of more than {0} requests: at most {0} here",
                limits.max_items
            ),
        )),
        Err(e) => Err(Error::invalid_request(format!("the body is not JSON: {e}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::analysis::ShantenRequest;

    fn answer(line: &str) -> String {
        let mut out = Vec::new();
        answer_line::<ShantenRequest>(line, &Default::default(), &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn answer_line_err_names_the_field_and_its_range() {
        let out = answer(r#"{"id": 3, "hand": "123m456p789s1122z", "classic": 1}"#);
        assert!(
            out.starts_with(r#"{"id":3,"error":{"kind":"invalid_request""#),
            "{out}"
        );
        assert!(out.contains("`classic`: invalid type"), "{out}");
        let mut out = Vec::new();
        let line = r#"{"hand": "123m456p789s11555z", "win": "5z", "melds": [{"kind": "pon", "tiles": "777z", "from": 300}]}"#;
        answer_line::<crate::api::riichi::ScoreRequest>(line, &Default::default(), &mut out);
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("`melds[0].from`: invalid value: integer `300`, expected a whole number from 0 to 255"), "{out}");
        // Not an object: no field to name.
        assert!(!answer("[1, 2]").contains('`'), "{}", answer("[1, 2]"));
    }

    #[test]
    fn request_of_value_err_as_text_without_position() {
        let line = r#"{"hand": "123m456p789s11555z", "win": "5z", "melds": [{"kind": "pon", "tiles": "777z", "from": 300}]}"#;
        let text =
            answer_json::<crate::api::riichi::ScoreRequest>(line, &Default::default()).unwrap_err();
        let value = request_of_value::<crate::api::riichi::ScoreRequest>(
            serde_json::from_str(line).unwrap(),
        )
        .unwrap_err();
        assert_eq!(value.kind, crate::api::ErrorKind::InvalidRequest);
        assert!(
            text.message.starts_with(&value.message),
            "{text:?} {value:?}"
        );
        assert!(value.message.ends_with("from 0 to 255"), "{value:?}");
        let ok: ShantenRequest =
            request_of_value(serde_json::json!({"hand": "123m", "classic": true})).unwrap();
        assert!(ok.classic);
    }

    #[test]
    fn answer_line_ok_id_echoed_as_written() {
        for id in [
            "9007199254740993",
            "1e400",
            "\"a\\u0062\"",
            "[1, {\"x\": 2}]",
            "-0.0",
        ] {
            let got = answer(&format!(r#"{{"hand": "123m456p789s1122z", "id": {id}}}"#));
            assert!(
                got.starts_with(&format!("{{\"id\":{id},\"shanten\":0,")),
                "{got}"
            );
        }
        let got = answer(r#"{"hand": "123m456p789s1122z"}"#);
        assert!(got.starts_with(r#"{"id":null,"shanten":0,"#), "{got}");
    }

    #[test]
    fn answer_line_ok_bom_and_errors() {
        let got = answer("\u{feff}{\"id\": 3, \"hand\": \"123m456p789s1122z\"}");
        assert!(got.starts_with(r#"{"id":3,"shanten":0"#), "{got}");
        let got = answer(r#"{"id": 4, "hand": 5}"#);
        assert!(
            got.starts_with(r#"{"id":4,"error":{"kind":"invalid_request""#),
            "{got}"
        );
        let got = answer("not json");
        assert!(
            got.starts_with(r#"{"id":null,"error":{"kind":"invalid_request""#),
            "{got}"
        );
        let got = answer(r#"{"id": "x", "hand": "12q"}"#);
        assert!(
            got.starts_with(r#"{"id":"x","error":{"kind":"parse""#),
            "{got}"
        );
        let mut out = Vec::new();
        answer_bytes::<ShantenRequest>(b"\xff{}", Some(9), &Default::default(), &mut out);
        assert!(out.starts_with(br#"{"id":null,"error":{"line":9,"kind":"invalid_request""#));
    }

    fn prepared(kind: &str, body: &str, limits: &Limits) -> Result<(Cost, String), Error> {
        let p = prepare(kind, body, limits)?;
        let mut out = Vec::new();
        p.answer(limits, &Stop::never(), &mut out)?;
        Ok((p.cost(), String::from_utf8(out).unwrap()))
    }

    #[test]
    fn prepare_ok_array_ids_verbatim_as_batch_lines() {
        let body = r#" [{"id": 123456789012345678901234567890, "hand": "123m"},
            {"id": 1.50, "hand": "123m456p789s1122z"}, {"id": 1e400, "hand": "12x"},
            {"hand": "123m456p789s1122z"}, 5]"#;
        let (cost, out) = prepared("shanten", body, &LIBRARY).unwrap();
        assert_eq!(cost, Cost::Short);
        let lines = [
            r#"{"id": 123456789012345678901234567890, "hand": "123m"}"#,
            r#"{"id": 1.50, "hand": "123m456p789s1122z"}"#,
            r#"{"id": 1e400, "hand": "12x"}"#,
            r#"{"hand": "123m456p789s1122z"}"#,
            "5",
        ];
        let want: Vec<String> = lines.iter().map(|l| answer(l)).collect();
        assert_eq!(out, format!("[{}]", want.join(",")));
        assert!(
            out.starts_with(r#"[{"id":123456789012345678901234567890,"error""#),
            "{out}"
        );
        assert!(out.contains(r#"{"id":1.50,"shanten":0"#), "{out}");
        assert!(
            out.contains(r#"{"id":1e400,"error":{"kind":"parse""#),
            "{out}"
        );
        let (_, empty) = prepared("shanten", "[]", &LIBRARY).unwrap();
        assert_eq!(empty, "[]");
    }

    #[test]
    fn prepare_ok_one_request_is_its_result() {
        let (cost, out) =
            prepared("shanten", r#"{"hand": "123m456p789s1122z"}"#, &LIBRARY).unwrap();
        assert_eq!(cost, Cost::Short);
        assert_eq!(
            out,
            answer_kind("shanten", r#"{"hand": "123m456p789s1122z"}"#).unwrap()
        );
        assert!(out.starts_with(r#"{"shanten":0,"#), "{out}");
        let (cost, _) = prepared("stats", r#"{"exact": true}"#, &LIBRARY).unwrap();
        assert_eq!(cost, Cost::Long);
    }

    #[test]
    fn prepare_err_limits_before_any_work() {
        let narrow = Limits {
            max_items: 2,
            max_hands: 10,
            ..LIBRARY
        };
        let three = r#"[{"hand": "1m"}, {"hand": "1m"}, {"hand": "1m"}]"#;
        let e = prepare("shanten", three, &narrow).unwrap_err();
        assert_eq!(e.kind, ErrorKind::TooLarge, "{e}");
        let e = prepare("stats", r#"{"exact": true, "hands": 10000000000}"#, &narrow).unwrap_err();
        assert_eq!(e.kind, ErrorKind::TooLarge, "{e}");
        assert!(e.message.starts_with("`hands`"), "{e}");
        // In an array, each element is refused on its own.
        let (_, out) = prepared(
            "stats",
            r#"[{"id": 1, "hands": 11}, {"id": 2, "observed": {"1": 3}}]"#,
            &narrow,
        )
        .unwrap();
        assert!(
            out.starts_with(r#"[{"id":1,"error":{"kind":"too_large""#),
            "{out}"
        );
        assert!(out.contains(r#"{"id":2,"tiles":13"#), "{out}");
        for (kind, body) in [("nothing", "{}"), ("shanten", "[1,"), ("shanten", "{")] {
            assert_eq!(
                prepare(kind, body, &narrow).unwrap_err().kind,
                ErrorKind::InvalidRequest
            );
        }
    }

    #[test]
    fn prepare_ok_long_arrays_and_bodies() {
        let many = format!("[{}]", vec![r#"{"hand": "1m"}"#; SHORT_ITEMS + 1].join(","));
        assert_eq!(
            prepare("shanten", &many, &LIBRARY).unwrap().cost(),
            Cost::Long
        );
        let long = format!(
            r#"{{"hand": "123m456p789s1122z", "x": "{}"}}"#,
            " ".repeat(SHORT_BYTES)
        );
        assert_eq!(
            prepare("shanten", &long, &LIBRARY).unwrap().cost(),
            Cost::Long
        );
        let ev = r#"[{"hand": "123m456p789s11223z"}]"#;
        assert_eq!(prepare("ev", ev, &LIBRARY).unwrap().cost(), Cost::Long);
    }

    #[test]
    fn prepare_err_stopped_is_a_timeout() {
        let stop = Stop::new();
        stop.stop();
        let p = prepare("stats", r#"{"hands": 1000000}"#, &LIBRARY).unwrap();
        let e = p.answer(&LIBRARY, &stop, &mut Vec::new()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Timeout);
        let p = prepare("ev", r#"{"hand": "1235m2469p13588s1z"}"#, &LIBRARY).unwrap();
        let e = p.answer(&LIBRARY, &stop, &mut Vec::new()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Timeout);
        let p = prepare("shanten", r#"[{"hand": "123m"}]"#, &LIBRARY).unwrap();
        let e = p.answer(&LIBRARY, &stop, &mut Vec::new()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Timeout);
    }

    #[test]
    fn answer_within_stops_a_long_search_soon() {
        // A search of about 200 000 states (a second or more): stopped from another
        // thread after 50 ms, it gives up long before its end.
        let req: crate::api::ev::EvRequest =
            serde_json::from_str(r#"{"hand": "1235m2469p13588s1z", "explain": true, "paths": 20}"#)
                .unwrap();
        let stop = Stop::new();
        let setter = stop.clone();
        let t = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            setter.stop();
        });
        let started = std::time::Instant::now();
        let e = req.answer_within(&LIBRARY, &stop).unwrap_err();
        t.join().unwrap();
        assert_eq!(e.kind, ErrorKind::Timeout, "{e}");
        // Generous: the whole answer takes several seconds.
        assert!(started.elapsed() < std::time::Duration::from_secs(3));
    }
}
