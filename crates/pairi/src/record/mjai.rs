//! mjai JSON Lines (one event per line): read and write.
//!
//! The reader takes the replay form (every tile visible) and the extensions of its
//! producers: `ura_markers` (Mortal, RiichiEnv), `uradora_markers` (original mjai) or
//! `uradora_marker`, `yakus`/`fan` or `yaku`/`han` on a win, a win's changes as `deltas`
//! or as the `scores` after it (or not at all), fu before rounding, `kyotaku` or
//! `kyoutaku`, draw reasons as the engines write them, `tenpais` at a draw,
//! three-element arrays and `kita` for three players, the events wrapped in one
//! object's `events` (mjai.app's match results); unknown fields and event types are
//! ignored. The writer writes the RiichiEnv form of the wins (`pai`, `yakus`,
//! `fan`, `fu`, `hora_points`, `ura_markers`) and the original `tenpais` of a draw,
//! each event through the writer of a bot's messages ([`crate::agent::mjai::message`],
//! in its record form). Format reference: `docs/formats.md`.

use serde_json::{json, Value};

use super::{
    pai_of_mjai, CallKind, DrawReason, Event, Game, Kyoku, Length, RecordError, Recorded,
    RecordedValue, RecordedYaku, Seat, Tenhou6Extras, Win, YakuValueRec,
};
use crate::agent::mjai::message;
use crate::riichi::rules::Players;
use crate::table::Absent;
use crate::tile::{Pai, Wind};

const FORMAT: &str = "mjai";

/// Han a record writes for one yakuman in a `yakus` list.
const YAKUMAN_HAN: u8 = 13;

fn bad(line: usize, e: &MjaiError) -> RecordError {
    RecordError::format(FORMAT, format!("line {line}: {e}"))
}

/// What is wrong with one mjai event. The reader reports it as a
/// [`RecordError::Format`] (`parse`) naming the line, or the event's index in a
/// wrapped game.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MjaiError {
    /// The line is not JSON.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// A field the event needs is absent.
    #[error("no `{0}`")]
    NoField(String),
    /// A tile is not a string.
    #[error("not a tile: {0}")]
    NotTile(Value),
    /// A tile is hidden (`?`): the record is not a replay log.
    #[error("a hidden tile `?`: only replay logs (every tile shown) can be read")]
    HiddenTile,
    /// A string that names no tile.
    #[error("not a tile: {0:?}")]
    UnknownTile(String),
    /// A tile list is not an array.
    #[error("not a tile list: {0}")]
    NotTileList(Value),
    /// A field is not a non-negative integer.
    #[error("`{0}` is not a number")]
    NotNumber(String),
    /// A list of scores or changes is not a list of 32-bit integers.
    #[error("not a list of numbers")]
    NotNumbers,
    /// A seat field names no seat of the game.
    #[error("`{key}` {value} is not a seat")]
    NotSeat {
        /// The field.
        key: String,
        /// Its value.
        value: u64,
    },
    /// An event of a kyoku comes before any `start_kyoku`.
    #[error("an event outside a kyoku")]
    OutsideKyoku,
    /// A `chi`, `pon` or `daiminkan` consumes the wrong number of tiles.
    #[error("a {kind} consumes {want} tiles")]
    CallConsumes {
        /// The event type.
        kind: String,
        /// How many tiles it consumes.
        want: usize,
    },
    /// A `kakan` does not consume 3 tiles.
    #[error("a kakan consumes 3 tiles")]
    KakanConsumes,
    /// An `ankan` does not consume 4 tiles.
    #[error("an ankan consumes 4 tiles")]
    AnkanConsumes,
    /// A `ryukyoku` gives a reason the reader does not know.
    #[error("unknown draw reason {0:?}")]
    DrawReason(String),
    /// A `ryukyoku`'s `tenpais` is not a list of booleans.
    #[error("`tenpais` is not a list of booleans")]
    Tenpais,
    /// A `start_kyoku`'s `tehais` is not a list.
    #[error("`tehais` is not a list")]
    Tehais,
    /// A `start_kyoku` deals to neither 3 nor 4 seats.
    #[error("{0} hands dealt")]
    HandsDealt(usize),
    /// A `start_kyoku`'s round wind is not `E`, `S`, `W` or `N`.
    #[error("`bakaze` {0:?}")]
    Bakaze(String),
    /// A `hora`'s `scores` do not have one score per seat.
    #[error("`scores` does not have a score per seat")]
    ScoresPerSeat,
    /// A yaku of a `hora` has no name.
    #[error("a yaku without a name")]
    YakuName,
    /// A yaku of a `hora` has no han.
    #[error("a yaku without han")]
    YakuHan,
    /// A yaku of a `hora` has more han than a byte holds.
    #[error("a yaku of too many han")]
    YakuTooManyHan(u64),
    /// A `start_kyoku` gives the whole wall (this field) and no dora indicator.
    #[error(
        "`start_kyoku` has no `dora_marker`, only the whole wall (`{0}`), whose layout \
         does not say which tile is the dora indicator: give `dora_marker`"
    )]
    WallWithoutDora(&'static str),
    /// A `start_kyoku` has no dora indicator.
    #[error("`start_kyoku` has no `dora_marker`")]
    NoDora,
}

/// Reads an mjai event stream (JSON Lines; blank lines skipped).
///
/// # Errors
///
/// [`RecordError::Format`] naming the line when a line is not an event the model can
/// take (hidden `?` tiles included); [`RecordError::CutOff`] when a kyoku has no
/// `hora` or `ryukyoku` or a game started by `start_game` has no `end_game`.
pub fn read(text: &str) -> Result<Game, RecordError> {
    read_with(text, false)
}

/// Reads an mjai event stream as [`read`], or a partial game too when `partial`.
///
/// # Errors
///
/// As [`read`], but a cut-off game is not one when `partial`.
pub fn read_with(text: &str, partial: bool) -> Result<Game, RecordError> {
    let mut reader = Reader {
        partial,
        ..Reader::default()
    };
    if let Some(events) = wrapped(text) {
        for (i, v) in events.iter().enumerate() {
            reader
                .event(v)
                .map_err(|e| RecordError::format(FORMAT, format!("event {i}: {e}")))?;
        }
        return reader.finish();
    }
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(line).map_err(|e| bad(i + 1, &e.into()))?;
        reader.event(&v).map_err(|e| bad(i + 1, &e))?;
    }
    reader.finish()
}

/// The events of a game written as one JSON object that holds them in `events` (a match
/// result as mjai.app writes it, the object spread over lines), if the text is one.
fn wrapped(text: &str) -> Option<Vec<Value>> {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    let first = t.lines().next()?;
    // JSON Lines: the first line is a whole event.
    if !t.starts_with('{') || serde_json::from_str::<Value>(first).is_ok() {
        return None;
    }
    match serde_json::from_str::<Value>(t).ok()? {
        Value::Object(mut o) => match o.remove("events")? {
            Value::Array(events) => Some(events),
            _ => None,
        },
        _ => None,
    }
}

/// What a riichi declaration puts on the table.
const RIICHI_STICK: i32 = 1000;

#[derive(Default)]
struct Reader {
    game: Game,
    started: bool,
    /// Whether `end_game` was read.
    ended: bool,
    /// Whether a game cut off is read as far as it goes.
    partial: bool,
    /// The first thing found missing: a kyoku without its end.
    missing: Option<super::Missing>,
    kyoku: Option<Kyoku>,
    /// The scores as the kyoku goes (riichi sticks paid and wins), to read the changes
    /// of a `hora` that gives the scores after it instead of its `deltas`.
    scores: Vec<i32>,
}

fn field<'a>(v: &'a Value, key: &str) -> Result<&'a Value, MjaiError> {
    v.get(key)
        .ok_or_else(|| MjaiError::NoField(key.to_string()))
}

fn tile(v: &Value) -> Result<Pai, MjaiError> {
    let s = v.as_str().ok_or_else(|| MjaiError::NotTile(v.clone()))?;
    if s == "?" {
        return Err(MjaiError::HiddenTile);
    }
    pai_of_mjai(s).ok_or_else(|| MjaiError::UnknownTile(s.to_string()))
}

fn tiles(v: &Value) -> Result<Vec<Pai>, MjaiError> {
    v.as_array()
        .ok_or_else(|| MjaiError::NotTileList(v.clone()))?
        .iter()
        .map(tile)
        .collect()
}

fn number(v: &Value, key: &str) -> Result<u64, MjaiError> {
    field(v, key)?
        .as_u64()
        .ok_or_else(|| MjaiError::NotNumber(key.to_string()))
}

fn ints(v: &Value) -> Result<Vec<i32>, MjaiError> {
    v.as_array()
        .ok_or(MjaiError::NotNumbers)?
        .iter()
        .map(|x| {
            x.as_i64()
                .and_then(|x| i32::try_from(x).ok())
                .ok_or(MjaiError::NotNumbers)
        })
        .collect()
}

impl Reader {
    fn seat(&self, v: &Value, key: &str) -> Result<Seat, MjaiError> {
        let s = number(v, key)?;
        if s >= u64::from(self.game.players.count()) {
            return Err(MjaiError::NotSeat {
                key: key.to_string(),
                value: s,
            });
        }
        Ok(s as Seat)
    }

    fn kyoku(&mut self) -> Result<&mut Kyoku, MjaiError> {
        self.kyoku.as_mut().ok_or(MjaiError::OutsideKyoku)
    }

    fn push(&mut self, e: Event) -> Result<(), MjaiError> {
        self.kyoku()?.events.push(e);
        Ok(())
    }

    fn apply_deltas(&mut self, deltas: &[i32]) {
        for (x, d) in self.scores.iter_mut().zip(deltas) {
            *x = x.saturating_add(*d);
        }
    }

    fn end_kyoku(&mut self) {
        if let Some(mut k) = self.kyoku.take() {
            if !k.is_over() && self.missing.is_none() {
                self.missing = Some(super::Missing::KyokuEnd {
                    kyoku: k.label(),
                    end: "`hora` or `ryukyoku`",
                });
            }
            k.name_winning_tiles();
            self.game.kyokus.push(k);
        }
    }

    fn event(&mut self, v: &Value) -> Result<(), MjaiError> {
        let kind = field(v, "type")?.as_str().unwrap_or("");
        match kind {
            "start_game" => self.start_game(v),
            "start_kyoku" => self.start_kyoku(v),
            "tsumo" => {
                let e = Event::Draw {
                    seat: self.seat(v, "actor")?,
                    pai: tile(field(v, "pai")?)?,
                };
                self.push(e)
            }
            "dahai" => {
                let e = Event::Discard {
                    seat: self.seat(v, "actor")?,
                    pai: tile(field(v, "pai")?)?,
                    tsumogiri: v.get("tsumogiri").and_then(Value::as_bool).unwrap_or(false),
                };
                self.push(e)
            }
            "chi" | "pon" | "daiminkan" => {
                let call = match kind {
                    "chi" => CallKind::Chi,
                    "pon" => CallKind::Pon,
                    _ => CallKind::OpenKan,
                };
                let consumed = tiles(field(v, "consumed")?)?;
                let want = if call == CallKind::OpenKan { 3 } else { 2 };
                if consumed.len() != want {
                    return Err(MjaiError::CallConsumes {
                        kind: kind.to_string(),
                        want,
                    });
                }
                let e = Event::Call {
                    kind: call,
                    seat: self.seat(v, "actor")?,
                    from: self.seat(v, "target")?,
                    pai: tile(field(v, "pai")?)?,
                    consumed: consumed.into_iter().collect(),
                };
                self.push(e)
            }
            "kakan" => {
                let c = tiles(field(v, "consumed")?)?;
                let &[a, b, d] = c.as_slice() else {
                    return Err(MjaiError::KakanConsumes);
                };
                let e = Event::AddedKan {
                    seat: self.seat(v, "actor")?,
                    pai: tile(field(v, "pai")?)?,
                    consumed: [a, b, d],
                };
                self.push(e)
            }
            "ankan" => {
                let c = tiles(field(v, "consumed")?)?;
                let &[a, b, d, e] = c.as_slice() else {
                    return Err(MjaiError::AnkanConsumes);
                };
                let ev = Event::ClosedKan {
                    seat: self.seat(v, "actor")?,
                    consumed: [a, b, d, e],
                };
                self.push(ev)
            }
            "kita" | "nukidora" => {
                let e = Event::Kita {
                    seat: self.seat(v, "actor")?,
                };
                self.push(e)
            }
            "dora" => {
                let e = Event::Dora {
                    indicator: tile(field(v, "dora_marker")?)?,
                };
                self.push(e)
            }
            "reach" => {
                let e = Event::Riichi {
                    seat: self.seat(v, "actor")?,
                };
                self.push(e)
            }
            "reach_accepted" => {
                let seat = self.seat(v, "actor")?;
                if let Some(x) = self.scores.get_mut(usize::from(seat)) {
                    *x = x.saturating_sub(RIICHI_STICK);
                }
                self.push(Event::RiichiAccepted { seat })
            }
            "hora" => self.hora(v),
            "ryukyoku" => {
                let reason = match v.get("reason").and_then(Value::as_str) {
                    None => DrawReason::Exhaustive,
                    Some(r) => DrawReason::of_mjai(r)
                        .ok_or_else(|| MjaiError::DrawReason(r.to_string()))?,
                };
                let deltas = v.get("deltas").map(ints).transpose()?;
                let tenpai = match v.get("tenpais").or_else(|| v.get("tenpai")) {
                    Some(Value::Array(a)) => Some(
                        a.iter()
                            .map(|x| x.as_bool().ok_or(MjaiError::Tenpais))
                            .collect::<Result<Vec<_>, _>>()?,
                    ),
                    Some(_) => return Err(MjaiError::Tenpais),
                    None => None,
                };
                if let Some(d) = &deltas {
                    self.apply_deltas(d);
                }
                self.push(Event::Ryukyoku {
                    reason,
                    deltas,
                    tenpai,
                })
            }
            "end_kyoku" => {
                self.end_kyoku();
                Ok(())
            }
            "end_game" => {
                self.end_kyoku();
                self.ended = true;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn start_game(&mut self, v: &Value) -> Result<(), MjaiError> {
        self.started = true;
        let names: Vec<String> = v
            .get("names")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .map(|n| n.as_str().unwrap_or_default().to_string())
                    .collect()
            })
            .unwrap_or_default();
        if names.len() == 3 {
            self.game.players = Players::Three;
        }
        self.game.names = names;
        self.game.open_tanyao = true;
        self.game.length = match v.get("kyoku_first").and_then(Value::as_u64) {
            Some(0) => Some(Length::South),
            Some(4) => Some(Length::East),
            _ => None,
        };
        let red = v.get("aka_flag").and_then(Value::as_bool).unwrap_or(true);
        self.game.red_fives = [u8::from(red); 3];
        if let Some(x) = v.get("tenhou6").and_then(Value::as_object) {
            self.game.tenhou6 = Some(Tenhou6Extras {
                meta: x
                    .get("meta")
                    .and_then(Value::as_object)
                    .cloned()
                    .unwrap_or_default(),
                kan_placeholder: x
                    .get("kan_placeholder")
                    .and_then(Value::as_bool)
                    .unwrap_or(true),
                as_read: x.get("as_read").and_then(Value::as_bool).unwrap_or(false),
            });
        }
        Ok(())
    }

    fn start_kyoku(&mut self, v: &Value) -> Result<(), MjaiError> {
        self.end_kyoku();
        let hands = field(v, "tehais")?
            .as_array()
            .ok_or(MjaiError::Tehais)?
            .iter()
            .map(tiles)
            .collect::<Result<Vec<_>, _>>()?;
        match hands.len() {
            3 => self.game.players = Players::Three,
            4 => {}
            n => return Err(MjaiError::HandsDealt(n)),
        }
        if self.game.players == Players::Three {
            self.game.red_fives[0] = 0;
        }
        let wind = field(v, "bakaze")?.as_str().unwrap_or("");
        let round = match wind {
            "E" => Wind::East,
            "S" => Wind::South,
            "W" => Wind::West,
            "N" => Wind::North,
            _ => return Err(MjaiError::Bakaze(wind.to_string())),
        };
        let dealer = self.seat(v, "oya")?;
        let scores = v.get("scores").map(ints).transpose()?.unwrap_or_default();
        self.scores.clone_from(&scores);
        self.kyoku = Some(Kyoku {
            round,
            dealer,
            honba: number(v, "honba").unwrap_or(0) as u32,
            riichi_sticks: number(v, "kyotaku")
                .or_else(|_| number(v, "kyoutaku"))
                .unwrap_or(0) as u32,
            scores,
            dora: dora_marker(v)?,
            ura: Vec::new(),
            hands,
            events: Vec::new(),
            stated_scores: Vec::new(),
        });
        Ok(())
    }

    fn hora(&mut self, v: &Value) -> Result<(), MjaiError> {
        let seat = self.seat(v, "actor")?;
        let from = self.seat(v, "target")?;
        let pai = v.get("pai").map(tile).transpose()?;
        // The changes, or the scores after the win they are read from; neither: not
        // recorded (empty), which the check does not count as a difference.
        let deltas = match (v.get("deltas"), v.get("scores")) {
            (Some(d), _) => ints(d)?,
            (None, Some(after)) => {
                let after = ints(after)?;
                if after.len() != self.scores.len() {
                    return Err(MjaiError::ScoresPerSeat);
                }
                after
                    .iter()
                    .zip(&self.scores)
                    .map(|(a, b)| a.saturating_sub(*b))
                    .collect()
            }
            (None, None) => Vec::new(),
        };
        self.apply_deltas(&deltas);
        let ura = match ["ura_markers", "uradora_markers", "uradora_marker"]
            .iter()
            .find_map(|k| v.get(*k))
        {
            Some(u @ Value::String(_)) => vec![tile(u)?],
            Some(u) => tiles(u)?,
            None => Vec::new(),
        };
        let yaku = match v.get("yakus").or_else(|| v.get("yaku")) {
            Some(Value::Array(list)) => list
                .iter()
                .map(|y| {
                    let name = y
                        .get(0)
                        .and_then(Value::as_str)
                        .ok_or(MjaiError::YakuName)?;
                    let han = y.get(1).and_then(Value::as_u64).ok_or(MjaiError::YakuHan)?;
                    let han = u8::try_from(han).map_err(|_| MjaiError::YakuTooManyHan(han))?;
                    let value = if han >= YAKUMAN_HAN {
                        YakuValueRec::Yakuman(han / YAKUMAN_HAN)
                    } else {
                        YakuValueRec::Han(han)
                    };
                    Ok(RecordedYaku {
                        name: name.to_string(),
                        value,
                    })
                })
                .collect::<Result<Vec<_>, MjaiError>>()?,
            _ => Vec::new(),
        };
        let han = v
            .get("fan")
            .or_else(|| v.get("han"))
            .and_then(Value::as_u64)
            .map(|h| h.min(255) as u8);
        // Fu as the rules count them: some producers write them before rounding up to
        // tens (seven pairs' 25 stays).
        let fu = v
            .get("fu")
            .and_then(Value::as_u64)
            .map(|f| if f == 25 { f } else { f.div_ceil(10) * 10 })
            .map(|f| f.min(250) as u8);
        let points = v
            .get("hora_points")
            .and_then(Value::as_u64)
            .map(|p| p.min(u64::from(u32::MAX)) as u32);
        let any = !yaku.is_empty() || han.is_some() || fu.is_some() || points.is_some();
        let all_yakuman = !yaku.is_empty()
            && yaku
                .iter()
                .any(|y| matches!(y.value, YakuValueRec::Yakuman(_)));
        let value = any.then_some(RecordedValue {
            han: if all_yakuman { None } else { han },
            fu,
            points,
            yaku,
        });
        let pao = v
            .get("pao")
            .and_then(Value::as_u64)
            .filter(|&p| p < u64::from(self.game.players.count()) && p != u64::from(seat))
            .map(|p| p as Seat);
        let k = self.kyoku()?;
        if k.ura.is_empty() {
            k.ura = ura;
        }
        k.events.push(Event::Win(Win {
            seat,
            from,
            pai,
            pao,
            deltas,
            value,
        }));
        Ok(())
    }

    fn finish(mut self) -> Result<Game, RecordError> {
        self.end_kyoku();
        if !self.started && self.game.kyokus.is_empty() {
            return Err(RecordError::format(FORMAT, "no start_game or start_kyoku"));
        }
        let missing = match self.missing {
            Some(m) => Some(m),
            None => (self.started && !self.ended).then_some(super::Missing::EndGame),
        };
        super::cut_off(FORMAT, missing, self.partial)?;
        Ok(self.game)
    }
}

/// The first dora indicator of a `start_kyoku`: `dora_marker`, or the first of a
/// `dora_markers` list. A deal given as the whole wall does not say which of its tiles is
/// the indicator (producers lay walls out differently): refused, saying so.
fn dora_marker(v: &Value) -> Result<Pai, MjaiError> {
    if let Some(d) = v.get("dora_marker") {
        return tile(d);
    }
    if let Some(first) = v.get("dora_markers").and_then(|d| d.get(0)) {
        return tile(first);
    }
    match ["wall", "yama", "haiyama"]
        .iter()
        .find(|k| v.get(**k).is_some())
    {
        Some(k) => Err(MjaiError::WallWithoutDora(k)),
        None => Err(MjaiError::NoDora),
    }
}

/// Writes a game as mjai events, `start_game` to `end_game`.
#[must_use]
pub fn write(game: &Game) -> Vec<Value> {
    let mut out = vec![start_game(game)];
    for k in &game.kyokus {
        write_kyoku(k, &mut out);
    }
    out.push(message::end_game(None));
    out
}

/// Writes a game as [`write()`] does, as JSON Lines (each line ends with a newline), one
/// kyoku's events at a time: the memory of one kyoku beside the text.
#[must_use]
pub fn write_lines(game: &Game) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let line = |s: &mut String, v: &Value| {
        let _ = writeln!(s, "{v}");
    };
    line(&mut s, &start_game(game));
    let mut events = Vec::new();
    for k in &game.kyokus {
        write_kyoku(k, &mut events);
        for e in events.drain(..) {
            line(&mut s, &e);
        }
    }
    line(&mut s, &message::end_game(None));
    s
}

fn start_game(game: &Game) -> Value {
    let mut start = message::start_game(None, &game.names);
    start.insert(
        "kyoku_first".into(),
        json!(if game.length == Some(Length::East) {
            4
        } else {
            0
        }),
    );
    start.insert(
        "aka_flag".into(),
        json!(game.red_fives.iter().any(|&r| r > 0)),
    );
    if let Some(x) = &game.tenhou6 {
        start.insert(
            "tenhou6".into(),
            json!({"meta": x.meta, "kan_placeholder": x.kan_placeholder, "as_read": x.as_read}),
        );
    }
    Value::Object(start)
}

/// A kyoku's events as mjai lines, `start_kyoku` to `end_kyoku`.
fn write_kyoku(k: &Kyoku, out: &mut Vec<Value>) {
    out.push(message::start_kyoku(&message::StartKyoku {
        round: k.round,
        dealer: k.dealer,
        honba: k.honba,
        riichi_sticks: k.riichi_sticks,
        scores: &k.scores,
        dora: k.dora,
        hands: k.hands.iter().map(|h| Some(h.as_slice())).collect(),
    }));
    let kyoku = InKyoku(k);
    out.extend(k.events.iter().map(|e| message::event(e, &kyoku)));
    out.push(message::end_kyoku());
}

/// A record's payloads as its mjai lines write them: a win with the kyoku's ura dora
/// and, when the record does not name it, its winning tile found in the kyoku.
struct InKyoku<'k>(&'k Kyoku);

impl message::Payloads<Recorded> for InKyoku<'_> {
    fn dialect(&self) -> message::Dialect {
        message::Dialect::Record
    }

    fn draw(&self, pai: &Pai) -> Option<Pai> {
        Some(*pai)
    }

    fn start_kyoku<'a>(&'a self, start: &'a Absent) -> message::StartKyoku<'a> {
        match *start {}
    }

    fn hora<'a>(&'a self, w: &'a Win) -> message::Hora<'a> {
        let k = self.0;
        let mut h = message::Hora {
            actor: w.seat,
            target: w.from,
            pai: w.pai.or_else(|| k.winning_tile(w)),
            deltas: (!w.deltas.is_empty()).then_some(&w.deltas[..]),
            ura: &k.ura,
            yakus: None,
            fan: None,
            fu: None,
            points: None,
            pao: w.pao,
        };
        if let Some(v) = &w.value {
            if !v.yaku.is_empty() {
                h.yakus = Some(
                    v.yaku
                        .iter()
                        .map(|y| {
                            let han = match y.value {
                                YakuValueRec::Han(h) => h,
                                YakuValueRec::Yakuman(n) => n.saturating_mul(YAKUMAN_HAN),
                            };
                            json!([y.name, han])
                        })
                        .collect(),
                );
            }
            h.fan = v.han.or_else(|| {
                let n: u32 = v
                    .yaku
                    .iter()
                    .map(|y| match y.value {
                        YakuValueRec::Yakuman(n) => u32::from(n) * u32::from(YAKUMAN_HAN),
                        YakuValueRec::Han(_) => 0,
                    })
                    .sum();
                (n > 0).then(|| n.min(255) as u8)
            });
            h.fu = v.fu;
            h.points = v.points;
        }
        h
    }

    fn ryukyoku<'a>(
        &'a self,
        deltas: &'a Option<Vec<i32>>,
        tenpai: &'a Option<Vec<bool>>,
    ) -> message::Ryukyoku<'a> {
        message::Ryukyoku {
            deltas: deltas.as_deref(),
            tenpais: tenpai.as_deref(),
        }
    }

    fn end_scores<'a>(&'a self, scores: &'a Absent) -> Option<&'a [i32]> {
        match *scores {}
    }
}
