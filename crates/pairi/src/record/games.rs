//! A record file's games, one at a time: the text of each game of a file that holds
//! several, found without reading the games, so that a file is checked or converted in
//! the memory of its largest game.
//!
//! - mjai: a `start_game` line after the first game's events starts the next game;
//! - tenhou.net/6: a JSON array of game objects, each element a game; or objects one
//!   after the other (JSON Lines), an object starting a new game when its names or rules
//!   differ from the game's first object or its first kyoku is East 1 with no honba
//!   (objects of one kyoku each, as some tools write a game, stay one game);
//! - Tenhou XML: one game a file.

use serde::de::IgnoredAny;
use serde_json::Value;

use super::Format;

/// The text of each game of a record file in `format`, in file order (a text without
/// games gives itself, so that the reader says what is wrong with it).
#[must_use]
pub fn games(text: &str, format: Format) -> Games<'_> {
    let rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    let kind = match format {
        Format::Mjlog => Kind::Whole,
        Format::Mjai if is_json_lines(rest) => Kind::Mjai,
        Format::Mjai => Kind::Whole,
        Format::Tenhou6 => match rest.trim_start().strip_prefix('[') {
            Some(inner) => {
                return Games {
                    rest: inner,
                    kind: Kind::Array,
                    whole: Some(text),
                }
            }
            None => Kind::Objects,
        },
    };
    Games {
        rest,
        kind,
        whole: Some(text),
    }
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    /// The whole text is one game.
    Whole,
    /// mjai JSON Lines.
    Mjai,
    /// tenhou.net/6 objects one after the other.
    Objects,
    /// The elements of a tenhou.net/6 array (after its `[`).
    Array,
}

/// The games of a record file ([`games`]).
#[derive(Clone, Debug)]
pub struct Games<'a> {
    rest: &'a str,
    kind: Kind,
    /// The whole text, until a game has been given.
    whole: Option<&'a str>,
}

/// Whether the text's first line is a whole JSON value (mjai JSON Lines, not events
/// wrapped in one object spread over lines).
fn is_json_lines(text: &str) -> bool {
    let first = text.trim_start().lines().next().unwrap_or("");
    serde_json::from_str::<IgnoredAny>(first).is_ok()
}

/// Whether an mjai line is a `start_game`.
fn starts_game(line: &str) -> bool {
    line.contains("start_game")
        && serde_json::from_str::<Value>(line)
            .is_ok_and(|v| v.get("type").and_then(Value::as_str) == Some("start_game"))
}

/// The length of the JSON value at the start of `text` (after white space), if one is.
fn value_len(text: &str) -> Option<usize> {
    let mut values = serde_json::Deserializer::from_str(text).into_iter::<IgnoredAny>();
    match values.next() {
        Some(Ok(_)) => Some(values.byte_offset()),
        _ => None,
    }
}

/// What says whether a tenhou.net/6 object continues a game: its names, its rules,
/// and whether its first kyoku is East 1 with no honba.
fn head(object: &str) -> Option<(Option<Value>, Option<Value>, bool)> {
    #[derive(serde::Deserialize)]
    struct Head {
        name: Option<Value>,
        rule: Option<Value>,
        log: Option<Value>,
    }
    let h: Head = serde_json::from_str(object).ok()?;
    // A kyoku's first element: [kyoku, honba, sticks].
    let first = h.log.as_ref().and_then(|l| l.get(0)).and_then(|k| k.get(0));
    let starts = first.is_some_and(|f| {
        f.get(0).and_then(Value::as_u64) == Some(0) && f.get(1).and_then(Value::as_u64) == Some(0)
    });
    Some((h.name, h.rule, starts))
}

impl<'a> Iterator for Games<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let first = self.whole.take();
        let game = match self.kind {
            Kind::Whole => first,
            Kind::Mjai => self.mjai(),
            Kind::Objects => self.objects(),
            Kind::Array => self.array(),
        };
        // A text with no game at all is given whole, for its reader's error.
        game.or(first)
    }
}

impl<'a> Games<'a> {
    fn mjai(&mut self) -> Option<&'a str> {
        let text = self.rest;
        let mut at = 0;
        let mut events = false;
        while at < text.len() {
            let end = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
            let line = text[at..end].trim();
            if !line.is_empty() {
                if events && starts_game(line) {
                    break;
                }
                events = true;
            }
            at = end;
        }
        self.rest = &text[at..];
        events.then(|| &text[..at])
    }

    fn objects(&mut self) -> Option<&'a str> {
        let text = self.rest;
        let first_len = value_len(text)?;
        let Some((name, rule, _)) = head(&text[..first_len]) else {
            // Not a game object: the reader says why.
            self.rest = "";
            return Some(text);
        };
        let mut at = first_len;
        while let Some(len) = value_len(&text[at..]) {
            match head(&text[at..at + len]) {
                Some((n, r, starts)) if n == name && r == rule && !starts => at += len,
                Some(_) => break,
                None => {
                    // The reader reports what is wrong with this object.
                    at += len;
                }
            }
        }
        // The rest is white space or a text that is not JSON: the last game's reader
        // says so.
        if text[at..].trim().is_empty() || value_len(&text[at..]).is_none() {
            at = text.len();
        }
        self.rest = &text[at..];
        Some(&text[..at])
    }

    fn array(&mut self) -> Option<&'a str> {
        let text = self.rest.trim_start();
        let text = text.strip_prefix(',').unwrap_or(text).trim_start();
        if text.trim_start().starts_with(']') || text.trim().is_empty() {
            self.rest = "";
            return None;
        }
        let Some(len) = value_len(text) else {
            self.rest = "";
            return Some(text);
        };
        self.rest = &text[len..];
        Some(&text[..len])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mjai_games_split_at_start_game() {
        let text = "{\"type\":\"start_game\"}\n{\"type\":\"end_game\"}\n\n{\"type\":\"start_game\"}\n{\"type\":\"end_game\"}";
        let g: Vec<_> = games(text, Format::Mjai).collect();
        assert_eq!(
            g,
            [
                "{\"type\":\"start_game\"}\n{\"type\":\"end_game\"}\n\n",
                "{\"type\":\"start_game\"}\n{\"type\":\"end_game\"}"
            ]
        );
        assert_eq!(games("", Format::Mjai).collect::<Vec<_>>(), [""]);
        assert_eq!(games("x", Format::Mjlog).collect::<Vec<_>>(), ["x"]);
    }

    #[test]
    fn tenhou6_games_by_object_and_element() {
        let a = r#"{"name":["A"],"log":[[[0,0,0],1]]}"#;
        let a2 = r#"{"name":["A"],"log":[[[1,0,0],1]]}"#;
        let b = r#"{"name":["B"],"log":[[[0,0,0],1]]}"#;
        let text = format!("{a}\n{a2}\n{a}\n{b}\n");
        let g: Vec<_> = games(&text, Format::Tenhou6).collect();
        assert_eq!(
            g,
            [format!("{a}\n{a2}"), format!("\n{a}"), format!("\n{b}\n")]
        );
        let text = format!("[{a}, {b}]");
        let g: Vec<_> = games(&text, Format::Tenhou6).collect();
        assert_eq!(g, [a, b]);
        assert_eq!(games("[]", Format::Tenhou6).collect::<Vec<_>>(), ["[]"]);
        assert_eq!(games("nope", Format::Tenhou6).collect::<Vec<_>>(), ["nope"]);
    }
}
