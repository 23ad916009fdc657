//! The batch envelope (`spec/json-api.md`, "Batch mode"): one request per JSON line, one
//! answer per line, the request's `id` echoed byte for byte as written (a large integer
//! or `1e400` comes back unchanged; absent, it is `null`). A line that cannot be
//! answered gets `{"id": …, "error": {"kind", "message"}}`: a bad line never stops a
//! batch. Reading lines, splitting work and writing them out is the front end's job;
//! this module answers one line at a time, so every front answers alike.

use super::{Error, Request};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;

/// Appends the answer to one line (without a line ending) to `out`: the result of
/// `R` with the line's `id` first, or an error object.
///
/// A byte order mark at the start of the line is skipped; the line ending is the
/// caller's to remove.
pub fn answer_line<R: Request>(line: &str, defaults: &R::Defaults, out: &mut Vec<u8>) {
    answer_numbered::<R>(line, None, defaults, out);
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
        Ok(text) => answer_numbered::<R>(text, number, defaults, out),
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
    let json = json.strip_prefix('\u{feff}').unwrap_or(json);
    let mut request: R =
        serde_json::from_str(json).map_err(|e| Error::invalid_request(named::<R>(json, &e)))?;
    request.apply_defaults(defaults);
    request.answer()
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
    out: &mut Vec<u8>,
) {
    let line = line.strip_prefix('\u{feff}').unwrap_or(line);
    match serde_json::from_str::<Line<'_, R>>(line) {
        Ok(Line { id, mut request }) => {
            request.apply_defaults(defaults);
            match request.answer() {
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
fn plain_ranges(message: &str) -> String {
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
pub const KINDS: [&str; 10] = [
    "parse",
    "shanten",
    "analyze",
    "score",
    "fan",
    "stats",
    "ev",
    "record_check",
    "record_convert",
    "review",
];

/// Answers one request of the kind named `kind` given as JSON text, as JSON text (the
/// result object, no `id`): the one entry point of the bindings that pass requests by
/// name (Python, the browser, the HTTP server).
///
/// # Errors
///
/// As the request's `answer`; `invalid_request` for a kind not in [`KINDS`].
pub fn answer_kind(kind: &str, json: &str) -> Result<String, Error> {
    use super::{analysis, ev, mcr, parse, record, riichi, stats};
    fn as_text<R: Request>(json: &str) -> Result<String, Error> {
        let answer = answer_json::<R>(json, &R::Defaults::default())?;
        serde_json::to_string(&answer).map_err(Error::invalid_request)
    }
    match kind {
        "parse" => as_text::<parse::ParseRequest>(json),
        "shanten" => as_text::<analysis::ShantenRequest>(json),
        "analyze" => as_text::<analysis::AnalysisRequest>(json),
        "score" => as_text::<riichi::ScoreRequest>(json),
        "fan" => as_text::<mcr::FanRequest>(json),
        "stats" => as_text::<stats::StatsRequest>(json),
        "ev" => as_text::<ev::EvRequest>(json),
        "record_check" => as_text::<record::CheckRequest>(json),
        "record_convert" => as_text::<record::ConvertRequest>(json),
        "review" => as_text::<record::ReviewRequest>(json),
        _ => Err(Error::invalid_request(format!(
            "no request kind {kind:?}: one of {}",
            KINDS.join(", ")
        ))),
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
}
