//! Tenhou mjlog XML: read and write.
//!
//! The log is one `<mjloggm>` element holding flat tags in time order (`GO`, `UN`,
//! `INIT`, the draw and discard tags `T12`/`D12`..., `N`, `REACH`, `DORA`, `AGARI`,
//! `RYUUKYOKU`); `docs/formats.md` ("Tenhou mjlog") describes them. The tags are read
//! by a small tokenizer of our own: the format uses no text content, no nesting below
//! the root, and only attributes with quoted values.
//!
//! Not handled: gzip-compressed files (decompress them first) and logs without a `GO`
//! tag before the first `INIT`.

use std::collections::HashMap;

use serde_json::{json, Map, Value};

use super::{
    tenhou_yaku_id, CallKind, DrawReason, Event, Game, Kyoku, Length, RecordError, RecordedValue,
    RecordedYaku, Seat, Tenhou6Extras, Win, YakuValueRec,
};
use crate::riichi::rules::Players;
use crate::tile::{Pai, Tile, Wind};

mod writer;
pub use writer::{write, Unwritable};

const FORMAT: &str = "mjlog";

fn err(message: impl Into<String>) -> RecordError {
    RecordError::format(FORMAT, message)
}

/// What is wrong with one tag of an mjlog, or a value in it. The reader reports it as
/// a [`RecordError::Format`] (`parse`) naming the tag and its byte offset.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MjlogError {
    /// A tag lacks an attribute it needs.
    #[error("no attribute `{0}`")]
    NoAttribute(String),
    /// A player name has a broken `%` escape.
    #[error("bad percent escape in {0:?}")]
    PercentEscape(String),
    /// A player name decodes to bytes that are not UTF-8.
    #[error("name {0:?} is not UTF-8")]
    NameNotUtf8(String),
    /// An attribute's value (or one of its list) is not a number.
    #[error("`{what}`: {text:?} is not a number")]
    NotNumber {
        /// The attribute.
        what: String,
        /// The text found.
        text: String,
    },
    /// An `sc` value pair is not finite or out of range.
    #[error("bad `sc` {0:?}")]
    Sc(String),
    /// An `sc` has fewer than two values a seat.
    #[error("`sc` has {values} values, fewer than {want}")]
    ScTooShort {
        /// How many values it has.
        values: usize,
        /// How many it needs.
        want: usize,
    },
    /// A tile id is 136 or more.
    #[error("tile id {0} is not below 136")]
    TileIdRange(u32),
    /// A tile id names no tile of the game (a red five's id with red fives off cannot
    /// happen; any id below 136 is a tile).
    #[error("tile id {0} is not a tile")]
    TileId(u8),
    /// A seat attribute names no seat of the game.
    #[error("`{what}` {seat} is not a seat of {players} players")]
    NotSeat {
        /// The attribute.
        what: String,
        /// Its value.
        seat: u8,
        /// The players of the game.
        players: u8,
    },
    /// A tag of a kyoku before any `INIT`.
    #[error("before the first INIT")]
    BeforeInit,
    /// A draw or discard tag has attributes.
    #[error("unexpected attributes")]
    UnexpectedAttributes,
    /// A `REACH` step other than 1 and 2.
    #[error("unknown step {0:?}")]
    ReachStep(String),
    /// A second `GO`.
    #[error("a second GO")]
    SecondGo,
    /// A `GO` after the first `INIT`.
    #[error("GO after INIT")]
    GoAfterInit,
    /// An `INIT` before any `GO`.
    #[error("no GO tag before it")]
    InitBeforeGo,
    /// An `INIT`'s `seed` does not have 6 values.
    #[error("`seed` has {0} values, not 6")]
    Seed(usize),
    /// A `ten` has fewer values than seats.
    #[error("`ten` has {values} values, fewer than {want}")]
    TenTooShort {
        /// How many values it has.
        values: usize,
        /// How many it needs.
        want: usize,
    },
    /// An `INIT` score is not finite or out of range.
    #[error("bad score {0}")]
    Score(f64),
    /// An `INIT`'s kyoku number is past the North round.
    #[error("kyoku {0} is past the North round")]
    PastNorth(u32),
    /// An `INIT` deals a seat other than 13 tiles.
    #[error("seat {seat} is dealt {tiles} tiles, not 13")]
    Dealt {
        /// The seat.
        seat: usize,
        /// How many tiles.
        tiles: usize,
    },
    /// A draw or discard tag of a seat the game does not have.
    #[error("seat {seat} at a table of {players}")]
    SeatAtTable {
        /// The seat.
        seat: u8,
        /// The players of the game.
        players: u8,
    },
    /// A draw or discard of a tile id above 255.
    #[error("bad id")]
    Id(u32),
    /// A draw or discard of a seat beyond four.
    #[error("bad seat")]
    Seat(u8),
    /// A meld code `m` over 16 bits.
    #[error("m {0} is over 16 bits")]
    MeldWide(u32),
    /// A meld code claiming from a seat the game does not have.
    #[error("meld m {m}: from seat {from}, at a table of {players}")]
    MeldFrom {
        /// The meld code.
        m: u32,
        /// The seat claimed from.
        from: u8,
        /// The players of the game.
        players: u8,
    },
    /// A chi code whose run starts nowhere.
    #[error("chi m {m}: no run starts at {start}")]
    ChiStart {
        /// The meld code.
        m: u32,
        /// The run's start it codes.
        start: u32,
    },
    /// A pon code of no tile kind.
    #[error("pon m {m}: no kind {kind}")]
    PonKind {
        /// The meld code.
        m: u32,
        /// The kind it codes.
        kind: u32,
    },
    /// An added kong code of no tile kind.
    #[error("kakan m {m}: no kind {kind}")]
    KakanKind {
        /// The meld code.
        m: u32,
        /// The kind it codes.
        kind: u32,
    },
    /// An added kong of a seat with no pon of that kind.
    #[error("kakan m {m}: seat {seat} has no pon of that kind")]
    KakanNoPon {
        /// The meld code.
        m: u32,
        /// The seat.
        seat: u8,
    },
    /// An added kong whose added tile is one of its pon's.
    #[error("kakan m {0}: the added tile is in the pon")]
    KakanInPon(u32),
    /// A closed kong not of four tiles.
    #[error("closed kan: not four tiles")]
    ClosedKan,
    /// A chi or pon claimed from the caller's own seat.
    #[error("{0:?} from the caller's own seat")]
    OwnSeat(CallKind),
    /// A chi or pon claiming a tile it does not have.
    #[error("{kind:?}: called index {called}")]
    CalledIndex {
        /// The claim.
        kind: CallKind,
        /// The index of the claimed tile.
        called: usize,
    },
    /// An `AGARI` fu over 255.
    #[error("fu {0}")]
    Fu(u32),
    /// An `AGARI`'s `ten` has fewer than 2 values.
    #[error("`ten` has fewer than 2 values")]
    TenFewerThanTwo,
    /// An `AGARI`'s `yaku` has an odd number of values.
    #[error("`yaku` has an odd number of values")]
    YakuOdd,
    /// An `AGARI`'s `yaku` pair is broken.
    #[error("bad `yaku`")]
    Yaku,
    /// A yaku of more han than a byte holds.
    #[error("yaku {id}: {han} han")]
    YakuHan {
        /// The yaku id.
        id: u32,
        /// Its han.
        han: u32,
    },
    /// An `AGARI`'s han sum over 255.
    #[error("too many han")]
    TooManyHan,
    /// An `AGARI` with neither `yaku` nor `yakuman`.
    #[error("neither `yaku` nor `yakuman`")]
    NoYaku,
    /// A `RYUUKYOKU` of an unknown type.
    #[error("unknown type {0:?}")]
    DrawType(String),
    /// A yaku id Tenhou does not use.
    #[error("unknown yaku id {0}")]
    YakuId(u32),
}

/// Reads a Tenhou mjlog XML text.
///
/// # Errors
///
/// [`RecordError::Format`] when the text is not a log, or a tag in it is malformed or
/// out of place; [`RecordError::CutOff`] when the log stops before its closing
/// `</mjloggm>` or its last kyoku before the `AGARI` or `RYUUKYOKU`.
pub fn read(text: &str) -> Result<Game, RecordError> {
    read_with(text, false)
}

/// Reads a Tenhou mjlog XML text as [`read`], or a partial game too when `partial`.
///
/// # Errors
///
/// As [`read`], but a cut-off log is not one when `partial`.
pub fn read_with(text: &str, partial: bool) -> Result<Game, RecordError> {
    let mut reader = Reader::default();
    let mut closed = false;
    let mut tags = Tokenizer::new(text);
    match tags.next_tag()? {
        Some(tag) if tag.name == "mjloggm" && !tag.closing => {
            if let Some(ver) = tag.get("ver").and_then(|v| v.trim().parse::<f64>().ok()) {
                reader.meta.insert("ver".into(), json_number(ver));
            }
        }
        Some(tag) => return Err(err(format!("the root is <{}>, not <mjloggm>", tag.name))),
        None => return Err(err("no <mjloggm> root")),
    }
    while let Some(tag) = tags.next_tag()? {
        if tag.closing {
            if tag.name == "mjloggm" {
                closed = true;
                break;
            }
            continue;
        }
        reader
            .tag(&tag)
            .map_err(|e| err(format!("<{}> at byte {}: {e}", tag.name, tag.offset)))?;
    }
    let game = reader.finish()?;
    let missing = match game.kyokus.last() {
        Some(k) if !k.is_over() => Some(super::Missing::KyokuEnd {
            kyoku: k.label(),
            end: "`AGARI` or `RYUUKYOKU`",
        }),
        _ => (!closed).then_some(super::Missing::ClosingTag),
    };
    super::cut_off(FORMAT, missing, partial)?;
    Ok(game)
}

// ---------------------------------------------------------------------------------
// Tokenizer

/// One tag: its name and attributes, values unescaped.
struct Tag<'a> {
    name: &'a str,
    attrs: Vec<(&'a str, String)>,
    closing: bool,
    offset: usize,
}

impl Tag<'_> {
    fn get(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    fn need(&self, name: &str) -> Result<&str, MjlogError> {
        self.get(name)
            .ok_or_else(|| MjlogError::NoAttribute(name.to_string()))
    }
}

struct Tokenizer<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Tokenizer<'a> {
    fn new(text: &'a str) -> Tokenizer<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Tokenizer { text, pos: 0 }
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or("")
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// The next element tag, skipping the XML declaration, comments and whitespace;
    /// `None` at the end of the text.
    fn next_tag(&mut self) -> Result<Option<Tag<'a>>, RecordError> {
        loop {
            self.skip_space();
            let rest = self.rest();
            if rest.is_empty() {
                return Ok(None);
            }
            if !rest.starts_with('<') {
                return Err(err(format!("text outside a tag at byte {}", self.pos)));
            }
            if rest.starts_with("<?") {
                let end = rest
                    .find("?>")
                    .ok_or_else(|| err("unterminated declaration"))?;
                self.pos += end + 2;
                continue;
            }
            if rest.starts_with("<!--") {
                let end = rest
                    .find("-->")
                    .ok_or_else(|| err("unterminated comment"))?;
                self.pos += end + 3;
                continue;
            }
            return self.tag().map(Some);
        }
    }

    /// Reads one tag at `<`.
    fn tag(&mut self) -> Result<Tag<'a>, RecordError> {
        let offset = self.pos;
        self.pos += 1;
        let closing = self.rest().starts_with('/');
        if closing {
            self.pos += 1;
        }
        let name = self.name();
        if name.is_empty() {
            return Err(err(format!("a tag without a name at byte {offset}")));
        }
        let mut attrs = Vec::new();
        loop {
            self.skip_space();
            let rest = self.rest();
            if rest.starts_with("/>") {
                self.pos += 2;
                break;
            }
            if rest.starts_with('>') {
                self.pos += 1;
                break;
            }
            if rest.is_empty() {
                return Err(err(format!("<{name}> at byte {offset} is not closed")));
            }
            if closing {
                return Err(err(format!("</{name}> at byte {offset} has attributes")));
            }
            let attr = self.name();
            if attr.is_empty() {
                return Err(err(format!("<{name}> at byte {offset}: bad attribute")));
            }
            self.skip_space();
            if !self.rest().starts_with('=') {
                return Err(err(format!(
                    "<{name}> at byte {offset}: `{attr}` has no value"
                )));
            }
            self.pos += 1;
            self.skip_space();
            let rest = self.rest();
            let quote = match rest.chars().next() {
                Some(q @ ('"' | '\'')) => q,
                _ => {
                    return Err(err(format!(
                        "<{name}> at byte {offset}: `{attr}` is not quoted"
                    )))
                }
            };
            let body = rest.get(1..).unwrap_or("");
            let end = body
                .find(quote)
                .ok_or_else(|| err(format!("<{name}> at byte {offset}: `{attr}` is not closed")))?;
            let raw = body.get(..end).unwrap_or("");
            let value = unescape(raw)
                .ok_or_else(|| err(format!("<{name}> at byte {offset}: bad entity in `{attr}`")))?;
            attrs.push((attr, value));
            self.pos += 1 + end + 1;
        }
        Ok(Tag {
            name,
            attrs,
            closing,
            offset,
        })
    }

    /// A run of name characters (possibly empty).
    fn name(&mut self) -> &'a str {
        let rest = self.rest();
        let len = rest
            .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ':')))
            .unwrap_or(rest.len());
        self.pos += len;
        rest.get(..len).unwrap_or("")
    }
}

/// The XML entities of an attribute value; `None` for an unknown or broken one.
fn unescape(raw: &str) -> Option<String> {
    if !raw.contains('&') {
        return Some(raw.to_string());
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(i) = rest.find('&') {
        out.push_str(rest.get(..i)?);
        let after = rest.get(i + 1..)?;
        let end = after.find(';')?;
        let entity = after.get(..end)?;
        let c = match entity {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let code = if let Some(hex) = entity.strip_prefix("#x") {
                    u32::from_str_radix(hex, 16).ok()?
                } else {
                    entity.strip_prefix('#')?.parse().ok()?
                };
                char::from_u32(code)?
            }
        };
        out.push(c);
        rest = after.get(end + 1..)?;
    }
    out.push_str(rest);
    Some(out)
}

/// A percent-encoded UTF-8 string (Tenhou's player names).
fn percent_decode(s: &str) -> Result<String, MjlogError> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = s
                .get(i + 1..i + 3)
                .ok_or_else(|| MjlogError::PercentEscape(s.to_string()))?;
            let v = u8::from_str_radix(hex, 16)
                .map_err(|_| MjlogError::PercentEscape(s.to_string()))?;
            out.push(v);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| MjlogError::NameNotUtf8(s.to_string()))
}

// ---------------------------------------------------------------------------------
// Values

fn number<T: std::str::FromStr>(s: &str, what: &str) -> Result<T, MjlogError> {
    s.trim().parse().map_err(|_| MjlogError::NotNumber {
        what: what.to_string(),
        text: s.to_string(),
    })
}

/// A comma-separated list of numbers (empty text: an empty list).
fn list<T: std::str::FromStr>(s: &str, what: &str) -> Result<Vec<T>, MjlogError> {
    if s.trim().is_empty() {
        return Ok(Vec::new());
    }
    s.split(',').map(|x| number(x, what)).collect()
}

/// The scores before and the score changes of an `sc` attribute (score before, change,
/// per seat, in hundreds), ×100.
fn before_and_deltas(sc: &str, n: usize) -> Result<(Vec<i32>, Vec<i32>), MjlogError> {
    let before = list::<f64>(sc, "sc")?
        .chunks(2)
        .take(n)
        .map(|pair| match pair {
            [b, _] if b.is_finite() && b.abs() < 1e7 => Ok((b * 100.0).round() as i32),
            _ => Err(MjlogError::Sc(sc.to_string())),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((before, deltas(sc, n)?))
}

/// Score changes of an `sc` attribute (start, change per seat, in hundreds), ×100.
fn deltas(sc: &str, n: usize) -> Result<Vec<i32>, MjlogError> {
    let values: Vec<f64> = list(sc, "sc")?;
    if values.len() < 2 * n {
        return Err(MjlogError::ScTooShort {
            values: values.len(),
            want: 2 * n,
        });
    }
    values
        .chunks(2)
        .take(n)
        .map(|pair| match pair {
            [_, d] if d.is_finite() && d.abs() < 1e7 => Ok((d * 100.0).round() as i32),
            _ => Err(MjlogError::Sc(sc.to_string())),
        })
        .collect()
}

// ---------------------------------------------------------------------------------
// Reader

/// A kyoku being read, with what the tags refer back to.
struct Current {
    kyoku: Kyoku,
    /// Each seat's last drawn id, until it discards or calls.
    last_draw: [Option<u8>; 4],
    /// Each seat's pons not yet made kongs: (seat, kind) → the three ids.
    pons: HashMap<(Seat, u8), [u8; 3]>,
}

#[derive(Default)]
struct Reader {
    /// From `GO`: players, red, open tanyao, length.
    go: Option<Go>,
    names: Option<Vec<String>>,
    kyokus: Vec<Kyoku>,
    current: Option<Current>,
    /// The tenhou.net/6 keys Tenhou's viewer writes for the log (`ver`, `rule`,
    /// `ratingc`, `lobby`, `dan`, `rate`, `sx`, `sc`).
    meta: Map<String, Value>,
    /// `<SHUFFLE seed>`.
    wall_seed: Option<String>,
}

#[derive(Clone, Copy)]
struct Go {
    players: Players,
    red: bool,
    open_tanyao: bool,
    length: Length,
    kiriage: Option<bool>,
}

/// Whether a game of `GO type` bits in `lobby` pays 4 han 30 fu as mangan: yes in the
/// chip rooms (bit 0x200, 祝儀), no in the other rooms of the public lobby (lobby 0 or
/// none), unknown in a private lobby (its owner sets its rules, which the log does not
/// carry). Sources in `docs/riichi-rules.md` ("Kiriage").
fn kiriage_of(bits: u32, lobby: Option<&str>) -> Option<bool> {
    if bits & 0x200 != 0 {
        Some(true)
    } else if lobby.is_none_or(|l| l.trim() == "0") {
        Some(false)
    } else {
        None
    }
}

impl Reader {
    fn n(&self) -> u8 {
        self.go.map_or(4, |g| g.players.count())
    }

    fn red(&self) -> bool {
        self.go.is_some_and(|g| g.red)
    }

    fn pai(&self, id: u32) -> Result<Pai, MjlogError> {
        let id = u8::try_from(id)
            .ok()
            .filter(|&i| i < 136)
            .ok_or(MjlogError::TileIdRange(id))?;
        let pai = if self.red() {
            Pai::from_id136(id)
        } else {
            Tile::new(id / 4).and_then(|t| Pai::new(t, false))
        };
        pai.ok_or(MjlogError::TileId(id))
    }

    fn pai_str(&self, s: &str, what: &str) -> Result<Pai, MjlogError> {
        self.pai(number(s, what)?)
    }

    fn seat(&self, s: &str, what: &str) -> Result<Seat, MjlogError> {
        let seat: u8 = number(s, what)?;
        if seat >= self.n() {
            return Err(MjlogError::NotSeat {
                what: what.to_string(),
                seat,
                players: self.n(),
            });
        }
        Ok(seat)
    }

    fn current(&mut self) -> Result<&mut Current, MjlogError> {
        self.current.as_mut().ok_or(MjlogError::BeforeInit)
    }

    fn push(&mut self, event: Event) -> Result<(), MjlogError> {
        self.current()?.kyoku.events.push(event);
        Ok(())
    }

    fn tag(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        if let Some((seat, discard, id)) = draw_or_discard(tag.name) {
            if !tag.attrs.is_empty() {
                return Err(MjlogError::UnexpectedAttributes);
            }
            return self.draw_discard(seat, discard, id);
        }
        match tag.name {
            "GO" => self.go(tag),
            "UN" => self.un(tag),
            "INIT" => self.init(tag),
            "N" => self.meld(tag),
            "DORA" => {
                let indicator = self.pai_str(tag.need("hai")?, "hai")?;
                self.push(Event::Dora { indicator })
            }
            "REACH" => {
                let seat = self.seat(tag.need("who")?, "who")?;
                match tag.need("step")? {
                    "1" => self.push(Event::Riichi { seat }),
                    "2" => self.push(Event::RiichiAccepted { seat }),
                    s => Err(MjlogError::ReachStep(s.to_string())),
                }
            }
            "AGARI" => self.agari(tag),
            "RYUUKYOKU" => self.ryuukyoku(tag),
            "SHUFFLE" => {
                self.wall_seed = tag.get("seed").map(str::to_owned);
                Ok(())
            }
            // TAIKYOKU, BYE and any tag of later versions.
            _ => Ok(()),
        }
    }

    fn go(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        if self.go.is_some() {
            return Err(MjlogError::SecondGo);
        }
        if self.current.is_some() || !self.kyokus.is_empty() {
            return Err(MjlogError::GoAfterInit);
        }
        let bits: u32 = number(tag.need("type")?, "type")?;
        // Tenhou writes one red five a suit with three players too (the set has no 5m).
        let red = u8::from(bits & 0x02 == 0);
        self.meta.insert(
            "rule".into(),
            json!({"disp": label::disp(bits), "aka51": red, "aka52": red, "aka53": red}),
        );
        if let Some(r) = label::rating_class(bits) {
            self.meta.insert("ratingc".into(), json!(r));
        }
        if let Some(lobby) = tag.get("lobby").and_then(|l| l.trim().parse::<u64>().ok()) {
            self.meta.insert("lobby".into(), json!(lobby));
        }
        self.go = Some(Go {
            players: if bits & 0x10 != 0 {
                Players::Three
            } else {
                Players::Four
            },
            red: bits & 0x02 == 0,
            open_tanyao: bits & 0x04 == 0,
            length: if bits & 0x08 != 0 {
                Length::South
            } else {
                Length::East
            },
            kiriage: kiriage_of(bits, tag.get("lobby")),
        });
        Ok(())
    }

    fn un(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        // A reconnection sends UN again (with one name); the first one names the table.
        if self.names.is_some() {
            return Ok(());
        }
        let names = ["n0", "n1", "n2", "n3"]
            .iter()
            .map(|k| percent_decode(tag.get(k).unwrap_or("")))
            .collect::<Result<Vec<_>, _>>()?;
        self.names = Some(names);
        if let Some(dan) = tag.get("dan") {
            let dan: Vec<usize> = list(dan, "dan")?;
            let names: Vec<&str> = dan.iter().map(|&d| label::dan(d)).collect();
            self.meta.insert("dan".into(), json!(names));
        }
        if let Some(rate) = tag.get("rate") {
            let rate: Vec<f64> = list(rate, "rate")?;
            let rate: Vec<Value> = rate.into_iter().map(json_number).collect();
            self.meta.insert("rate".into(), Value::Array(rate));
        }
        if let Some(sx) = tag.get("sx") {
            let sx: Vec<&str> = sx.split(',').map(str::trim).collect();
            self.meta.insert("sx".into(), json!(sx));
        }
        Ok(())
    }

    /// The final points and results of an `owari` attribute, as tenhou.net/6's `sc`
    /// (points, not hundreds).
    fn owari(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        let Some(owari) = tag.get("owari") else {
            return Ok(());
        };
        let values: Vec<f64> = list(owari, "owari")?;
        let sc: Vec<Value> = values
            .chunks(2)
            .flat_map(|pair| {
                let points = pair.first().map(|p| json_number(p * 100.0));
                let result = pair.get(1).map(|&r| json_number(r));
                points.into_iter().chain(result)
            })
            .collect();
        self.meta.insert("sc".into(), Value::Array(sc));
        Ok(())
    }

    fn init(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        if self.go.is_none() {
            return Err(MjlogError::InitBeforeGo);
        }
        let n = usize::from(self.n());
        let seed: Vec<u32> = list(tag.need("seed")?, "seed")?;
        let [kyoku, honba, sticks, _, _, dora] = seed[..] else {
            return Err(MjlogError::Seed(seed.len()));
        };
        let ten: Vec<f64> = list(tag.need("ten")?, "ten")?;
        if ten.len() < n {
            return Err(MjlogError::TenTooShort {
                values: ten.len(),
                want: n,
            });
        }
        let scores = ten
            .iter()
            .take(n)
            .map(|t| {
                if t.is_finite() && t.abs() < 1e7 {
                    Ok((t * 100.0).round() as i32)
                } else {
                    Err(MjlogError::Score(*t))
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let dealer = self.seat(tag.need("oya")?, "oya")?;
        let round = u8::try_from(kyoku / 4)
            .ok()
            .filter(|&r| r < 4)
            .map(Wind::from_index)
            .ok_or(MjlogError::PastNorth(kyoku))?;
        let mut hands = Vec::with_capacity(n);
        for (seat, key) in ["hai0", "hai1", "hai2", "hai3"].iter().take(n).enumerate() {
            let ids: Vec<u32> = list(tag.need(key)?, key)?;
            if ids.len() != 13 {
                return Err(MjlogError::Dealt {
                    seat,
                    tiles: ids.len(),
                });
            }
            hands.push(
                ids.into_iter()
                    .map(|id| self.pai(id))
                    .collect::<Result<_, _>>()?,
            );
        }
        let kyoku = Kyoku {
            round,
            dealer,
            honba,
            riichi_sticks: sticks,
            scores,
            dora: self.pai(dora)?,
            ura: Vec::new(),
            hands,
            events: Vec::new(),
            stated_scores: Vec::new(),
        };
        if let Some(done) = self.current.take() {
            self.kyokus.push(done.kyoku);
        }
        self.current = Some(Current {
            kyoku,
            last_draw: [None; 4],
            pons: HashMap::new(),
        });
        Ok(())
    }

    fn draw_discard(&mut self, seat: u8, discard: bool, id: u32) -> Result<(), MjlogError> {
        if seat >= self.n() {
            return Err(MjlogError::SeatAtTable {
                seat,
                players: self.n(),
            });
        }
        let pai = self.pai(id)?;
        let id = u8::try_from(id).map_err(|_| MjlogError::Id(id))?;
        let cur = self.current()?;
        let last = cur
            .last_draw
            .get_mut(usize::from(seat))
            .ok_or(MjlogError::Seat(seat))?;
        let event = if discard {
            let tsumogiri = last.take() == Some(id);
            Event::Discard {
                seat,
                pai,
                tsumogiri,
            }
        } else {
            *last = Some(id);
            Event::Draw { seat, pai }
        };
        cur.kyoku.events.push(event);
        Ok(())
    }

    fn meld(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        let n = self.n();
        let seat = self.seat(tag.need("who")?, "who")?;
        let m: u32 = number(tag.need("m")?, "m")?;
        if m > 0xffff {
            return Err(MjlogError::MeldWide(m));
        }
        // The source counts four places round the table with three players too (the
        // empty North seat keeps its place): at a three-player table, seat 1's left is
        // 3 places on, seat 0.
        let relative = (m & 3) as u8;
        let from = (seat + relative) % 4;
        if from >= n {
            return Err(MjlogError::MeldFrom {
                m,
                from,
                players: n,
            });
        }
        let ids_of = |ids: &[u32]| -> Result<Vec<Pai>, MjlogError> {
            ids.iter().map(|&id| self.pai(id)).collect()
        };
        let event = if m & 0x4 != 0 {
            // Chi: a run; `t` = start * 3 + called, start = suit * 7 + first number - 1.
            let t = m >> 10;
            let called = (t % 3) as usize;
            let start = t / 3;
            if start >= 21 {
                return Err(MjlogError::ChiStart { m, start });
            }
            let base = (start / 7) * 9 + start % 7;
            let ids: Vec<u32> = (0..3)
                .map(|i| (base + i) * 4 + ((m >> (3 + 2 * i)) & 3))
                .collect();
            self.call(CallKind::Chi, seat, from, &ids, called)?
        } else if m & 0x8 != 0 {
            // Pon: `t` = kind * 3 + called; bits 5-6 the copy left out.
            let t = m >> 9;
            let called = (t % 3) as usize;
            let kind = t / 3;
            if kind >= 34 {
                return Err(MjlogError::PonKind { m, kind });
            }
            let unused = (m >> 5) & 3;
            let ids: Vec<u32> = (0..4)
                .filter(|&c| c != unused)
                .map(|c| kind * 4 + c)
                .collect();
            self.call(CallKind::Pon, seat, from, &ids, called)?
        } else if m & 0x10 != 0 {
            // Kakan: the pon's `t`, bits 5-6 the added copy.
            let kind = (m >> 9) / 3;
            let kind8 = u8::try_from(kind)
                .ok()
                .filter(|&k| k < 34)
                .ok_or(MjlogError::KakanKind { m, kind })?;
            let added = kind * 4 + ((m >> 5) & 3);
            let pai = self.pai(added)?;
            let cur = self.current()?;
            let pon = cur
                .pons
                .remove(&(seat, kind8))
                .ok_or(MjlogError::KakanNoPon { m, seat })?;
            if pon.contains(&(added as u8)) {
                return Err(MjlogError::KakanInPon(m));
            }
            cur.last_draw[usize::from(seat)] = None;
            let [a, b, c] = pon;
            Event::AddedKan {
                seat,
                pai,
                consumed: [
                    self.pai(a.into())?,
                    self.pai(b.into())?,
                    self.pai(c.into())?,
                ],
            }
        } else if m & 0x20 != 0 {
            Event::Kita { seat }
        } else {
            // Kong: bits 8-15 a 136 id.
            let id = m >> 8;
            let pai = self.pai(id)?;
            let base = id / 4 * 4;
            if relative == 0 {
                let all = ids_of(&[base, base + 1, base + 2, base + 3])?;
                let consumed = <[Pai; 4]>::try_from(all).map_err(|_| MjlogError::ClosedKan)?;
                Event::ClosedKan { seat, consumed }
            } else {
                let others: Vec<u32> = (base..base + 4).filter(|&c| c != id).collect();
                let consumed = ids_of(&others)?;
                self.current()?.last_draw[usize::from(seat)] = None;
                Event::Call {
                    kind: CallKind::OpenKan,
                    seat,
                    from,
                    pai,
                    consumed: consumed.into_iter().collect(),
                }
            }
        };
        self.push(event)
    }

    /// A chi or pon of the three `ids` (ascending), the `called`-th one claimed.
    fn call(
        &mut self,
        kind: CallKind,
        seat: Seat,
        from: Seat,
        ids: &[u32],
        called: usize,
    ) -> Result<Event, MjlogError> {
        if from == seat {
            return Err(MjlogError::OwnSeat(kind));
        }
        let &claimed = ids
            .get(called)
            .ok_or(MjlogError::CalledIndex { kind, called })?;
        let pai = self.pai(claimed)?;
        let consumed = ids
            .iter()
            .filter(|&&id| id != claimed)
            .map(|&id| self.pai(id))
            .collect::<Result<Vec<_>, _>>()?;
        let cur = self.current()?;
        cur.last_draw[usize::from(seat)] = None;
        if kind == CallKind::Pon {
            if let [a, b, c] = *ids {
                // All ids are below 136 (checked by `pai`).
                let kind = (a / 4) as u8;
                cur.pons.insert((seat, kind), [a as u8, b as u8, c as u8]);
            }
        }
        Ok(Event::Call {
            kind,
            seat,
            from,
            pai,
            consumed: consumed.into_iter().collect(),
        })
    }

    fn agari(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        let n = usize::from(self.n());
        let seat = self.seat(tag.need("who")?, "who")?;
        let from = self.seat(tag.need("fromWho")?, "fromWho")?;
        let pao = match tag.get("paoWho") {
            Some(p) => Some(self.seat(p, "paoWho")?).filter(|&p| p != seat),
            None => None,
        };
        let pai = self.pai_str(tag.need("machi")?, "machi")?;
        let ten: Vec<u32> = list(tag.need("ten")?, "ten")?;
        let (fu, points) = match ten[..] {
            [fu, points, ..] => (u8::try_from(fu).map_err(|_| MjlogError::Fu(fu))?, points),
            _ => return Err(MjlogError::TenFewerThanTwo),
        };
        let mut yaku = Vec::new();
        let mut han = None;
        if let Some(y) = tag.get("yaku") {
            let values: Vec<u32> = list(y, "yaku")?;
            if values.len() % 2 != 0 {
                return Err(MjlogError::YakuOdd);
            }
            let mut sum: u8 = 0;
            for pair in values.chunks(2) {
                let [id, h] = *pair else {
                    return Err(MjlogError::Yaku);
                };
                let h = u8::try_from(h).map_err(|_| MjlogError::YakuHan { id, han: h })?;
                sum = sum.checked_add(h).ok_or(MjlogError::TooManyHan)?;
                yaku.push(RecordedYaku {
                    name: yaku_name(id)?,
                    value: YakuValueRec::Han(h),
                });
            }
            han = Some(sum);
        }
        if let Some(y) = tag.get("yakuman") {
            for id in list::<u32>(y, "yakuman")? {
                yaku.push(RecordedYaku {
                    name: yaku_name(id)?,
                    value: YakuValueRec::Yakuman(1),
                });
            }
        }
        if tag.get("yaku").is_none() && tag.get("yakuman").is_none() {
            return Err(MjlogError::NoYaku);
        }
        let (before, deltas) = before_and_deltas(tag.need("sc")?, n)?;
        let ura = match tag.get("doraHaiUra") {
            Some(u) => list::<u32>(u, "doraHaiUra")?
                .into_iter()
                .map(|id| self.pai(id))
                .collect::<Result<Vec<_>, _>>()?,
            None => Vec::new(),
        };
        self.owari(tag)?;
        let cur = self.current()?;
        if cur.kyoku.ura.is_empty() {
            cur.kyoku.ura = ura;
        }
        let index = cur.kyoku.events.len();
        cur.kyoku.stated_scores.push((index, before));
        cur.kyoku.events.push(Event::Win(Win {
            seat,
            from,
            pai: Some(pai),
            pao,
            deltas,
            value: Some(RecordedValue {
                han,
                // Tenhou writes a win's fu, limit hands too; 0 says none was known.
                fu: (fu > 0).then_some(fu),
                points: Some(points),
                yaku,
            }),
        }));
        Ok(())
    }

    fn ryuukyoku(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        let reason = match tag.get("type") {
            None => DrawReason::Exhaustive,
            Some("nm") => DrawReason::NagashiMangan,
            Some("yao9") => DrawReason::NineTerminals,
            Some("kaze4") => DrawReason::FourWinds,
            Some("reach4") => DrawReason::FourRiichi,
            Some("ron3") => DrawReason::TripleRon,
            Some("kan4") => DrawReason::FourKans,
            Some(t) => return Err(MjlogError::DrawType(t.to_string())),
        };
        let n = usize::from(self.n());
        let (before, deltas) = before_and_deltas(tag.need("sc")?, n)?;
        // The hands shown at an exhaustive draw are the ready ones.
        let tenpai = (reason == DrawReason::Exhaustive).then(|| {
            ["hai0", "hai1", "hai2", "hai3"][..n]
                .iter()
                .map(|k| tag.get(k).is_some())
                .collect()
        });
        self.owari(tag)?;
        let kyoku = &mut self.current()?.kyoku;
        kyoku.stated_scores.push((kyoku.events.len(), before));
        self.push(Event::Ryukyoku {
            reason,
            deltas: Some(deltas),
            tenpai,
        })
    }

    fn finish(mut self) -> Result<Game, RecordError> {
        if let Some(done) = self.current.take() {
            self.kyokus.push(done.kyoku);
        }
        let go = self.go.ok_or_else(|| err("no GO tag"))?;
        let n = usize::from(go.players.count());
        let mut names = self.names.unwrap_or_default();
        names.resize(4, String::new());
        names.truncate(n);
        let red_fives = match (go.red, go.players) {
            (false, _) => [0, 0, 0],
            (true, Players::Four) => [1, 1, 1],
            (true, Players::Three) => [0, 1, 1],
        };
        Ok(Game {
            players: go.players,
            names,
            red_fives,
            open_tanyao: go.open_tanyao,
            length: Some(go.length),
            kiriage: go.kiriage,
            kyokus: self.kyokus,
            wall_seed: self.wall_seed,
            tenhou6: Some(Tenhou6Extras {
                meta: self.meta,
                kan_placeholder: true,
                as_read: false,
            }),
        })
    }
}

/// A number as Tenhou's JSON writes it: whole numbers without a fraction.
fn json_number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

/// Tenhou's names for what the log's numbers code: the lobby's rule label from the
/// `GO` type bits, the rating class, the dan of a `UN` value. Source: Tenhou's own log
/// viewer (the label is what tenhou.net/6 records carry as `rule.disp`, e.g. `鳳南喰赤`
/// for type 169).
pub(crate) mod label {
    /// `GO` type bits.
    pub(crate) const HUMAN: u32 = 0x01;
    pub(crate) const NO_RED: u32 = 0x02;
    pub(crate) const NO_KUITAN: u32 = 0x04;
    pub(crate) const HANCHAN: u32 = 0x08;
    pub(crate) const SANMA: u32 = 0x10;
    pub(crate) const TOKUJOU: u32 = 0x20;
    pub(crate) const FAST: u32 = 0x40;
    pub(crate) const JOUKYUU: u32 = 0x80;
    pub(crate) const DARK: u32 = 0x100;
    pub(crate) const CHIP: u32 = 0x200;

    /// The lobby level letters: 一般, 上級, 特上, 鳳凰 (the level is the 0x20 and 0x80
    /// bits: neither, 0x80, 0x20, both).
    const LEVELS: [char; 4] = ['般', '上', '特', '鳳'];

    /// The rule label of type bits: `三` for three players, the level, `東` or `南`,
    /// then `喰` (open tanyao), `赤` (red fives), `速` (fast), `暗` (hidden), `祝`
    /// (chips) for the rules on.
    pub(crate) fn disp(bits: u32) -> String {
        let mut s = String::new();
        if bits & SANMA != 0 {
            s.push('三');
        }
        let level = usize::from(bits & TOKUJOU != 0) * 2 + usize::from(bits & JOUKYUU != 0);
        s.push(LEVELS[level]);
        s.push(if bits & HANCHAN != 0 { '南' } else { '東' });
        for (on, c) in [
            (bits & NO_KUITAN == 0, '喰'),
            (bits & NO_RED == 0, '赤'),
            (bits & FAST != 0, '速'),
            (bits & DARK != 0, '暗'),
            (bits & CHIP != 0, '祝'),
        ] {
            if on {
                s.push(c);
            }
        }
        s
    }

    /// The type bits of a rule label ([`disp`] read back); `None` for a label that is
    /// not one of Tenhou's.
    pub(crate) fn bits(disp: &str) -> Option<u32> {
        let mut chars = disp.chars().peekable();
        let mut bits = HUMAN | NO_KUITAN | NO_RED;
        if chars.peek() == Some(&'三') {
            bits |= SANMA;
            chars.next();
        }
        let c = chars.next()?;
        let level = LEVELS.iter().position(|&l| l == c)?;
        if level & 2 != 0 {
            bits |= TOKUJOU;
        }
        if level & 1 != 0 {
            bits |= JOUKYUU;
        }
        match chars.next()? {
            '南' => bits |= HANCHAN,
            '東' => {}
            _ => return None,
        }
        for c in chars {
            match c {
                '喰' => bits &= !NO_KUITAN,
                '赤' => bits &= !NO_RED,
                '速' => bits |= FAST,
                '暗' => bits |= DARK,
                '祝' => bits |= CHIP,
                _ => return None,
            }
        }
        Some(bits)
    }

    /// The rating class Tenhou's viewer gives a ranked game: `PF4` or `PF3`.
    pub(crate) fn rating_class(bits: u32) -> Option<&'static str> {
        // Chip and 雀荘 tables (0x200, 0x400) and 技能 (0x800) rate otherwise.
        if bits & 0xe00 != 0 {
            return None;
        }
        Some(if bits & SANMA != 0 { "PF3" } else { "PF4" })
    }

    /// Tenhou's dan names by number (0 新人 … 20 天鳳), as its records write them.
    const DAN: [&str; 21] = [
        "新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級", "初段",
        "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳",
    ];

    /// The dan name of a `UN` dan number (an unknown number: empty).
    pub(crate) fn dan(d: usize) -> &'static str {
        DAN.get(d).copied().unwrap_or("")
    }

    /// The number of a dan name.
    pub(crate) fn dan_number(name: &str) -> Option<usize> {
        DAN.iter()
            .position(|&d| d == name)
            .or_else(|| (name == "天鳳位").then_some(20))
    }
}

fn yaku_name(id: u32) -> Result<String, MjlogError> {
    tenhou_yaku_id(id)
        .map(str::to_string)
        .ok_or(MjlogError::YakuId(id))
}

/// `T12` → (seat 0, draw, 12); `F7` → (seat 2, discard, 7); other names → `None`.
fn draw_or_discard(name: &str) -> Option<(u8, bool, u32)> {
    let mut chars = name.chars();
    let letter = chars.next()?;
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (seat, discard) = match letter {
        'T' => (0, false),
        'U' => (1, false),
        'V' => (2, false),
        'W' => (3, false),
        'D' => (0, true),
        'E' => (1, true),
        'F' => (2, true),
        'G' => (3, true),
        _ => return None,
    };
    // An id too long for u32 is still this tag; it fails as "not below 136".
    Some((seat, discard, digits.parse().unwrap_or(u32::MAX)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A log of `shared/data/logs/mjlog`, or `None` (the test is skipped) without it.
    fn shared(file: &str) -> Option<String> {
        crate::test_shared::read(&format!("data/logs/mjlog/{file}"))
    }

    const GAME: &str = "2010091009gm-00a9-0000-83af2648.mjlog";
    const PAO: &str = "pao-tsumo.mjlog";

    fn counts(game: &Game) -> (usize, usize, usize) {
        let events = || game.kyokus.iter().flat_map(|k| k.events.iter());
        let wins = events().filter(|e| matches!(e, Event::Win(_))).count();
        let draws = events()
            .filter(|e| matches!(e, Event::Ryukyoku { .. }))
            .count();
        (game.kyokus.len(), wins, draws)
    }

    /// Plays every kyoku at the table under Tenhou's rules, which must allow each
    /// action (each discarded, called or melded tile held, each call on the last discard
    /// of its `from`), make each draw and win the record shows with the record's score
    /// changes; and each kyoku ends in a win or a draw.
    fn simulate(game: &Game) {
        let n = usize::from(game.players.count());
        for kyoku in &game.kyokus {
            assert_eq!(kyoku.hands.len(), n);
            assert_eq!(kyoku.scores.len(), n);
            assert!(matches!(
                kyoku.events.last(),
                Some(Event::Win(_) | Event::Ryukyoku { .. })
            ));
        }
        let rules = crate::record::on_table::rules_of(game, false);
        crate::record::on_table(game, rules, true, |_| {}).unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn reads_a_hanchan() {
        let Some(log) = shared(GAME) else {
            return;
        };
        let game = read(&log).expect("read");
        assert_eq!(game.players, Players::Four);
        assert_eq!(game.red_fives, [1, 1, 1]);
        assert!(game.open_tanyao);
        assert_eq!(game.length, Some(Length::South));
        assert_eq!(game.names.len(), 4);
        assert_eq!(game.names[0], "ワイルド");
        assert_eq!(game.names[3], "＼(＾o＾)／★");
        assert_eq!(counts(&game), (8, 7, 2));
        let first = &game.kyokus[0];
        assert_eq!(first.scores, vec![25000; 4]);
        assert_eq!((first.round, first.dealer, first.honba), (Wind::East, 0, 0));
        // The double ron ends the last kyoku: two wins in a row, both on 2m.
        let last = game.kyokus.last().expect("a kyoku");
        let wins: Vec<&Win> = last
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Win(w) => Some(w),
                _ => None,
            })
            .collect();
        assert_eq!(wins.len(), 2);
        assert!(matches!(last.events[last.events.len() - 2], Event::Win(_)));
        assert_eq!(wins[0].seat, 3);
        assert_eq!(wins[0].from, 2);
        assert_eq!(wins[0].deltas, vec![0, 0, -32000, 33000]);
        let v = wins[0].value.as_ref().expect("value");
        assert_eq!(v.han, None);
        assert_eq!(v.yaku[0].name, "大三元");
        assert_eq!(v.yaku[0].value, YakuValueRec::Yakuman(1));
        let v = wins[1].value.as_ref().expect("value");
        assert_eq!((v.han, v.fu, v.points), (Some(4), Some(30), Some(7700)));
        assert_eq!(v.yaku[0].name, "立直");
        assert!(!last.ura.is_empty());
        let tsumogiri = game
            .kyokus
            .iter()
            .flat_map(|k| &k.events)
            .filter(|e| {
                matches!(
                    e,
                    Event::Discard {
                        tsumogiri: true,
                        ..
                    }
                )
            })
            .count();
        assert!(tsumogiri > 0 && tsumogiri < 406);
        simulate(&game);
    }

    #[test]
    fn reads_a_pao_tsumo() {
        let Some(log) = shared(PAO) else {
            return;
        };
        let game = read(&log).expect("read");
        assert_eq!(counts(&game), (5, 5, 0));
        let wins: Vec<&Win> = game
            .kyokus
            .iter()
            .flat_map(|k| &k.events)
            .filter_map(|e| match e {
                Event::Win(w) => Some(w),
                _ => None,
            })
            .collect();
        let pao = wins.iter().filter(|w| w.pao.is_some()).collect::<Vec<_>>();
        assert_eq!(pao.len(), 1);
        assert_eq!(pao[0].pao, Some(0));
        assert_eq!(pao[0].deltas, vec![-32000, 0, 32000, 0]);
        // The first kyoku's `N who="0" m="2634"`: a pon of 2m from the opposite seat,
        // copies 0, 1 and 3, the last one claimed.
        let pon = game.kyokus[0]
            .events
            .iter()
            .find(|e| matches!(e, Event::Call { .. }))
            .expect("a call");
        let two = Tile::new(1).expect("2m").black();
        assert_eq!(
            *pon,
            Event::Call {
                kind: CallKind::Pon,
                seat: 0,
                from: 2,
                pai: two,
                consumed: [two, two].into_iter().collect(),
            }
        );
        simulate(&game);
    }

    #[test]
    fn decodes_flags_and_names() {
        let text = r#"<mjloggm ver="2.3"><GO type="23"/><UN n0="%41" n1="b" n2="c" n3=""/><TAIKYOKU oya="0"/><INIT seed="4,1,2,0,0,16" ten="350,350,350,0" oya="1" hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="36,37,38,39,40,41,42,43,44,45,46,47,48" hai2="108,109,110,111,112,113,114,115,116,117,118,119,120" hai3=""/><U123/><N who="1" m="31264"/><RYUUKYOKU ba="1,2" sc="350,0,350,0,350,0,0,0" type="yao9"/></mjloggm>"#;
        let game = read(text).expect("read");
        // 23 = 0x17: three players, no red, no kuitan, East only.
        assert_eq!(game.players, Players::Three);
        assert_eq!(game.red_fives, [0, 0, 0]);
        assert!(!game.open_tanyao);
        assert_eq!(game.length, Some(Length::East));
        assert_eq!(game.names, vec!["A", "b", "c"]);
        let k = &game.kyokus[0];
        assert_eq!(
            (k.round, k.dealer, k.honba, k.riichi_sticks),
            (Wind::South, 1, 1, 2)
        );
        assert!(!k.dora.is_red());
        assert_eq!(k.scores, vec![35000; 3]);
        // 31264 = 123 << 8 | 0x20: a kita.
        assert_eq!(k.events[1], Event::Kita { seat: 1 });
        assert_eq!(
            k.events[2],
            Event::Ryukyoku {
                reason: DrawReason::NineTerminals,
                deltas: Some(vec![0, 0, 0]),
                tenpai: None,
            }
        );
    }

    #[test]
    fn lobby_labels_read_back_to_their_type_bits() {
        // 169 = 0xa9: a human game, hanchan, 鳳凰 (0x20 and 0x80), red, open tanyao.
        assert_eq!(label::disp(169), "鳳南喰赤");
        assert_eq!(label::disp(0x29), "特南喰赤");
        assert_eq!(label::disp(0x81), "上東喰赤");
        assert_eq!(label::disp(0xb9), "三鳳南喰赤");
        assert_eq!(label::disp(0x07), "般東");
        assert_eq!(label::disp(0x49), "般南喰赤速");
        for bits in 0..0x400u32 {
            let bits = bits | label::HUMAN;
            assert_eq!(label::bits(&label::disp(bits)), Some(bits), "{bits:#x}");
        }
        assert_eq!(label::bits("金の間"), None);
        assert_eq!(label::rating_class(169), Some("PF4"));
        assert_eq!(label::rating_class(0xb9), Some("PF3"));
        assert_eq!(label::dan(13), "四段");
        assert_eq!(label::dan(4), "６級");
        assert_eq!(label::dan_number("九段"), Some(18));
        assert_eq!(label::dan(99), "");
    }

    #[test]
    fn decodes_kongs() {
        // Seat 0 holds 1m ×3 (ids 0-2) and 2m ×4 (ids 4-7); seat 1 discards the last 1m
        // (id 3), seat 0 calls it (m = 3 << 8 | 1, from the next seat), then makes a
        // closed kong of 2m (m = 4 << 8).
        let text = r#"<mjloggm ver="2.3"><GO type="9"/><INIT seed="0,0,0,0,0,100" ten="250,250,250,250" oya="0" hai0="0,1,2,4,5,6,7,40,44,48,52,56,60" hai1="8,9,10,11,12,13,14,15,16,17,18,19,20" hai2="21,22,23,24,25,26,27,28,29,30,31,32,33" hai3="34,35,64,65,66,67,68,69,70,71,72,73,74"/><T120/><D120/><U3/><E3/><N who="0" m="769"/><T121/><N who="0" m="1024"/><DORA hai="101"/><T122/><D122/><RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/></mjloggm>"#;
        let game = read(text).expect("read");
        let k = &game.kyokus[0];
        let pai = |id: u8| Pai::from_id136(id).expect("id");
        assert_eq!(
            k.events[4],
            Event::Call {
                kind: CallKind::OpenKan,
                seat: 0,
                from: 1,
                pai: pai(3),
                consumed: [pai(0), pai(1), pai(2)].into_iter().collect(),
            }
        );
        assert_eq!(
            k.events[6],
            Event::ClosedKan {
                seat: 0,
                consumed: [pai(4), pai(5), pai(6), pai(7)],
            }
        );
        assert_eq!(
            k.events[7],
            Event::Dora {
                indicator: pai(101)
            }
        );
        assert_eq!(
            k.events[9],
            Event::Discard {
                seat: 0,
                pai: pai(122),
                tsumogiri: true
            }
        );
        // At the table every event up to the drawn hand is legal; the hand is drawn
        // with tiles left in the wall, which the table does not do.
        let rules = crate::record::on_table::rules_of(&game, false);
        let e = crate::record::on_table(&game, rules, false, |_| {}).unwrap_err();
        assert!(
            matches!(
                e,
                RecordError::OnTable { index: 10, ref source, .. }
                    if matches!(**source, crate::record::on_table::Mismatch::Event {
                        source: crate::record::on_table::EventMismatch::NoDrawnHand(_),
                        ..
                    })
            ),
            "{e}"
        );
        assert!(matches!(k.events[10], Event::Ryukyoku { .. }));
    }

    #[test]
    fn garbage_is_an_error() {
        for text in [
            "",
            "   ",
            "hello",
            "<mjloggm><N who=\"9\" m=\"x\"/>",
            "<mjloggm><N who=\"0\" m=\"2634\"/>",
            "<mjloggm><GO type=\"1\"/><INIT seed=\"0\"/>",
            "<mjloggm><GO type=\"1\"/><T5/>",
            "<mjloggm",
            "<mjloggm><GO type=\"1\"",
            "<mjloggm><GO type=1/>",
            "<other/>",
            "<mjloggm>text</mjloggm>",
            "<mjloggm><GO type=\"1\"/><UN n0=\"%E3\"/>",
            "<mjloggm><GO type=\"1\"/><UN n0=\"%Z\"/>",
        ] {
            assert!(read(text).is_err(), "{text:?}");
        }
        // Random bytes, every prefix of a real log and that log with bytes changed: an
        // answer each time, never a panic.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..200 {
            let bytes: Vec<u8> = (0..next() % 300).map(|_| next() as u8).collect();
            assert!(read(&String::from_utf8_lossy(&bytes)).is_err());
        }
        let Some(log) = shared(PAO) else {
            return;
        };
        for end in (0..log.len()).step_by(7) {
            if let Some(prefix) = log.get(..end) {
                let _ = read(prefix);
            }
        }
        let alphabet = b"0123456789<>/=\"\" ,TDNmwho";
        for _ in 0..2000 {
            let mut bytes = log.clone().into_bytes();
            for _ in 0..3 {
                let i = (next() % bytes.len() as u64) as usize;
                bytes[i] = alphabet[(next() % alphabet.len() as u64) as usize];
            }
            let _ = read(&String::from_utf8_lossy(&bytes));
        }
    }
}
