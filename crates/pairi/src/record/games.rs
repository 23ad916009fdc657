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
//!
//! [`GameStream`] finds the same games in a text given in pieces (a file read a block at
//! a time), holding about the largest game rather than the file.

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

/// The games of a record file whose text comes in pieces (a front reading the file a
/// block at a time): the same games as [`games`] finds in the whole text, each given as
/// soon as the text after it shows where it ends. It holds the last game begun and the
/// text pushed after it, so about twice the largest game (text is searched again only
/// once it has doubled, so that a long game costs a linear time).
///
/// ```
/// use pairi::record::{games, Format, GameStream};
///
/// let text = "{\"type\":\"start_game\"}\n{\"type\":\"end_game\"}\n{\"type\":\"start_game\"}\n{\"type\":\"end_game\"}\n";
/// let mut stream = GameStream::new(Format::Mjai);
/// let mut found = Vec::new();
/// for line in text.split_inclusive('\n') {
///     found.extend(stream.push(line));
/// }
/// found.extend(stream.finish());
/// assert_eq!(found, games(text, Format::Mjai).collect::<Vec<_>>());
/// ```
#[derive(Clone, Debug)]
pub struct GameStream {
    format: Format,
    /// The text not given yet: from the start of the last game begun.
    buf: String,
    /// The kind of the file, once a game has been given (the text before it is gone,
    /// so it cannot be found again from the start).
    kind: Option<Kind>,
    /// The buffer's length from which it is searched again.
    next_search: usize,
}

/// The least text searched at a time, in bytes.
const SEARCH_MIN: usize = 1 << 16;

impl GameStream {
    /// A stream of games in `format` (found by [`Format::detect`](super::Format::detect)
    /// from the file's first block when not given).
    #[must_use]
    pub fn new(format: Format) -> GameStream {
        GameStream {
            format,
            buf: String::new(),
            kind: None,
            next_search: SEARCH_MIN,
        }
    }

    /// Adds the next piece of the text (pieces end at line ends, but for the file's
    /// last) and gives the games it completes.
    pub fn push(&mut self, text: &str) -> Vec<String> {
        self.buf.push_str(text);
        if self.buf.len() < self.next_search {
            return Vec::new();
        }
        let found = self.search(false);
        self.next_search = (2 * self.buf.len()).max(SEARCH_MIN);
        found
    }

    /// The games left once the whole text has been pushed.
    #[must_use]
    pub fn finish(mut self) -> Vec<String> {
        self.search(true)
    }

    /// The games of the buffer, all of them at the end of the text, else all but the
    /// last (which the text to come may continue); the buffer keeps the rest.
    fn search(&mut self, end: bool) -> Vec<String> {
        let buf = self.buf.as_str();
        let found: Games<'_> = match self.kind {
            // The text from the last game's start is where the whole text's search
            // stood after the games given.
            Some(kind) => Games {
                rest: buf,
                kind,
                whole: None,
            },
            None => games(buf, self.format),
        };
        let kind = found.kind;
        let mut list: Vec<&str> = found.collect();
        let kept = if end { None } else { list.pop() };
        let mut out: Vec<String> = list.iter().map(|g| (*g).to_owned()).collect();
        match kept {
            Some(last) if !out.is_empty() => {
                // Each game is a slice of the buffer: keep it from the last one's start.
                let at = last.as_ptr() as usize - buf.as_ptr() as usize;
                self.buf.drain(..at);
                self.kind = Some(kind);
            }
            Some(_) => {}
            None => {
                self.buf.clear();
                if !out.is_empty() {
                    self.kind = Some(kind);
                }
            }
        }
        out.shrink_to_fit();
        out
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

    /// The games of `text` found by a [`GameStream`] fed `lines` lines at a time.
    fn streamed(text: &str, format: Format, lines: usize) -> Vec<String> {
        let mut stream = GameStream::new(format);
        let mut out = Vec::new();
        let all: Vec<&str> = text.split_inclusive('\n').collect();
        for piece in all.chunks(lines.max(1)) {
            out.extend(stream.push(&piece.concat()));
        }
        out.extend(stream.finish());
        out
    }

    #[test]
    fn a_stream_finds_the_games_of_the_whole_text() {
        let mjai_game = |n: usize| {
            let mut g = String::from("{\"type\":\"start_game\"}\n");
            for i in 0..n {
                g.push_str(&format!(
                    "{{\"type\":\"dahai\",\"n\":{i},\"pad\":\"{}\"}}\n",
                    "x".repeat(900)
                ));
            }
            g.push_str("{\"type\":\"end_game\"}\n");
            g
        };
        let mjai: String = (0..40).map(|i| mjai_game(1 + (i * 37) % 150)).collect();
        let a = r#"{"name":["A"],"log":[[[0,0,0],1]]}"#;
        let a2 = r#"{"name":["A"],"log":[[[1,0,0],1]]}"#;
        let b = r#"{"name":["B"],"log":[[[0,0,0],1]]}"#;
        let big = format!(
            r#"{{"name":["C"],"log":[[[0,0,0],"{}"]]}}"#,
            "y".repeat(70_000)
        );
        let objects: String = (0..30)
            .map(|i| match i % 4 {
                0 => format!("{a}\n{a2}\n"),
                1 => format!("{b}\n"),
                2 => format!("{big}\n"),
                _ => format!("{a}\n"),
            })
            .collect();
        let elements: Vec<String> = (0..30)
            .map(|i| {
                if i % 3 == 0 {
                    big.clone()
                } else {
                    a.to_owned()
                }
            })
            .collect();
        let array = format!("[\n{}\n]\n", elements.join(",\n"));
        let cases = [
            (mjai.as_str(), Format::Mjai),
            (objects.as_str(), Format::Tenhou6),
            (array.as_str(), Format::Tenhou6),
            ("[]", Format::Tenhou6),
            ("", Format::Mjai),
            ("nope\nnot a record\n", Format::Tenhou6),
            ("<mjloggm>\n</mjloggm>\n", Format::Mjlog),
        ];
        for (text, format) in cases {
            let whole: Vec<&str> = games(text, format).collect();
            for lines in [1, 2, 7, 64, 1000, usize::MAX] {
                assert_eq!(
                    streamed(text, format, lines),
                    whole,
                    "{format:?}, {lines} lines a piece"
                );
            }
        }
        assert_eq!(games(&mjai, Format::Mjai).count(), 40);
        assert_eq!(games(&array, Format::Tenhou6).count(), 30);
    }
}
