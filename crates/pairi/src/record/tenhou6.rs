//! tenhou.net/6 JSON records: read and write.
//!
//! A tenhou.net/6 kyoku keeps one list of takes and one of discards per seat, not the
//! order of play. [`read`] rebuilds that order by playing the table: from the dealer,
//! each seat takes and discards in turn; after each discard, a seat whose next take is
//! a claim on that tile from that seat claims it (a pon or kong before a chi). When the
//! same tile is discarded twice before a claim, either discard could be the claimed
//! one: the reader tries the claim first and, if the rest of the kyoku cannot be played
//! from there, goes back and lets the tile pass. Format reference: `docs/formats.md`.

use serde_json::{json, Map, Value};

use super::{
    pai_of_tenhou, tenhou_of_pai, CallKind, DrawReason, Event, Game, Inconsistency, Kyoku, Length,
    RecordError, RecordedValue, RecordedYaku, Seat, Tenhou6Extras, Win, YakuValueRec,
};
use crate::riichi::rules::Players;
use crate::riichi::score::{BAIMAN, HANEMAN, MANGAN, SANBAIMAN, YAKUMAN};
use crate::tile::{Pai, Tile, Wind};
use crate::util::FixedList;

const FORMAT: &str = "tenhou.net/6";

/// The most branches tried when rebuilding one kyoku's order (a record needs a handful;
/// the bound keeps a hostile record from taking exponential time).
const MAX_BRANCHES: u32 = 4096;

fn bad(message: impl Into<String>) -> RecordError {
    RecordError::format(FORMAT, message)
}

/// What is wrong with a tenhou.net/6 text, for the reasons a caller tells apart
/// ([`RecordError::Tenhou6`], `parse`); the reader's other reasons are only words
/// ([`RecordError::Format`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Tenhou6Error {
    /// An object after the first, read as the next kyoku of the same game, names other
    /// players or rules.
    #[error("object {object}: `{key}` differs from the first object's: not the same game")]
    NotSameGame {
        /// The object's number in the text (2 for the second).
        object: usize,
        /// `name` or `rule`.
        key: &'static str,
    },
    /// A win's value text (or its yaku) states a value without its points.
    #[error("a win's value text {text:?} states no points (`30符4飜7700点`, `満貫8000点`)")]
    NoPoints {
        /// The text.
        text: String,
    },
}

/// Reads a tenhou.net/6 record: one JSON object, or one object per kyoku (as some
/// tools write a game, a line each), read as one game.
///
/// # Errors
///
/// [`RecordError::Format`] when the text is not such a record (or its objects are not
/// of one game: other names or rules); [`RecordError::Inconsistent`] when a kyoku
/// cannot be played as written; [`RecordError::CutOff`] when a kyoku has no result.
pub fn read(text: &str) -> Result<Game, RecordError> {
    read_with(text, false)
}

/// Reads a tenhou.net/6 record as [`read`], or a partial game too when `partial`.
///
/// # Errors
///
/// As [`read`], but a kyoku without its result is not one when `partial`.
pub fn read_with(text: &str, partial: bool) -> Result<Game, RecordError> {
    let game = read_any(text)?;
    let missing = game
        .kyokus
        .iter()
        .find(|k| !k.is_over())
        .map(|k| super::Missing::KyokuEnd {
            kyoku: k.label(),
            end: "result",
        });
    super::cut_off(FORMAT, missing, partial)?;
    Ok(game)
}

/// Reads the objects one at a time: one object's JSON beside the game read so far.
fn read_any(text: &str) -> Result<Game, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut objects = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    let first = match objects.next() {
        Some(v) => v.map_err(|e| bad(e.to_string()))?,
        None => return Err(bad("no JSON object")),
    };
    let mut reading = Reading::start(&first)?;
    let first = first
        .as_object()
        .map(|o| (o.get("name").cloned(), o.get("rule").cloned()));
    // Further objects: a game written one object per kyoku, joined. Objects of another
    // game (other names or rules) are an error, not a longer game.
    for (i, v) in objects.enumerate() {
        let v = v.map_err(|e| bad(e.to_string()))?;
        let Value::Object(o) = v else {
            return Err(bad(format!("object {}: not a JSON object", i + 2)));
        };
        if let Some((name, rule)) = &first {
            for (key, want) in [("name", name), ("rule", rule)] {
                if o.get(key) != want.as_ref() {
                    return Err(Tenhou6Error::NotSameGame { object: i + 2, key }.into());
                }
            }
        }
        match o.get("log") {
            Some(Value::Array(a)) => reading.kyokus(a)?,
            _ => return Err(bad(format!("object {}: no `log` array", i + 2))),
        }
    }
    Ok(reading.finish())
}

/// Reads a tenhou.net/6 record already parsed as JSON, a partial game too (a kyoku
/// without its result).
///
/// # Errors
///
/// As [`read_with`] with `partial`.
pub fn from_value(value: &Value) -> Result<Game, RecordError> {
    Ok(Reading::start(value)?.finish())
}

/// A game being read, kyoku by kyoku.
struct Reading {
    game: Game,
    /// Kyoku read so far (the index of the next in error messages).
    read: usize,
    placeholder: Option<bool>,
}

impl Reading {
    /// The game of the record's first object, with that object's kyoku.
    fn start(value: &Value) -> Result<Reading, RecordError> {
        let obj = value.as_object().ok_or_else(|| bad("not a JSON object"))?;
        let log = obj
            .get("log")
            .and_then(Value::as_array)
            .ok_or_else(|| bad("no `log` array"))?;
        let names: Vec<String> = match obj.get("name") {
            Some(Value::Array(a)) => a
                .iter()
                .map(|n| n.as_str().unwrap_or_default().to_string())
                .collect(),
            _ => Vec::new(),
        };
        let rule = obj.get("rule").and_then(Value::as_object);
        let disp = rule
            .and_then(|r| r.get("disp"))
            .and_then(Value::as_str)
            .unwrap_or("");
        let three = disp.contains('三')
            || disp.contains("3-Player")
            || log.first().is_some_and(is_three_player);
        let players = if three { Players::Three } else { Players::Four };
        let red_fives = red_fives_of(rule, players);
        let length = if disp.contains('東') {
            Some(Length::East)
        } else if disp.contains('南') {
            Some(Length::South)
        } else {
            None
        };
        let open_tanyao = disp.is_empty() || disp.contains('喰');
        let mut meta = Map::new();
        for (k, v) in obj {
            if k != "log" && k != "name" {
                meta.insert(k.clone(), v.clone());
            }
        }
        let game = Game {
            players,
            names,
            red_fives,
            open_tanyao,
            length,
            kiriage: None,
            kyokus: Vec::new(),
            wall_seed: None,
            tenhou6: Some(Tenhou6Extras {
                meta,
                kan_placeholder: true,
                as_read: false,
            }),
        };
        let mut reading = Reading {
            game,
            read: 0,
            placeholder: None,
        };
        reading.kyokus(log)?;
        Ok(reading)
    }

    /// Reads the kyoku of one `log` array.
    fn kyokus(&mut self, log: &[Value]) -> Result<(), RecordError> {
        let players = self.game.players;
        for k in log {
            let i = self.read;
            let (kyoku, zero) = read_kyoku(k, players).map_err(|e| match e {
                RecordError::Format { format, message } => RecordError::Format {
                    format,
                    message: format!("log[{i}]: {message}"),
                },
                e => e,
            })?;
            self.read += 1;
            self.placeholder = self.placeholder.or(zero);
            self.game.kyokus.push(kyoku);
        }
        Ok(())
    }

    fn finish(mut self) -> Game {
        let as_read = !in_tenhou_form(&self.game);
        if let Some(extras) = self.game.tenhou6.as_mut() {
            extras.kan_placeholder = self.placeholder.unwrap_or(true);
            extras.as_read = as_read;
        }
        self.game
    }
}

/// The order Tenhou writes tiles in: by kind, a red five after the other fives.
fn tenhou_key(p: Pai) -> (Tile, bool) {
    (p.tile(), p.is_red())
}

fn tenhou_sorted(tiles: &[Pai]) -> bool {
    tiles
        .windows(2)
        .all(|w| tenhou_key(w[0]) <= tenhou_key(w[1]))
}

/// Whether a record read is written as Tenhou writes: dealt hands and the caller's
/// tiles of every meld in Tenhou's order, and no yaku of 0 han listed nor named
/// otherwise than Tenhou names it.
fn in_tenhou_form(game: &Game) -> bool {
    game.kyokus.iter().all(|k| {
        k.hands.iter().all(|h| tenhou_sorted(h))
            && k.events.iter().all(|e| match e {
                Event::Call { consumed, .. } => tenhou_sorted(consumed),
                Event::ClosedKan { consumed, .. } => tenhou_sorted(consumed),
                Event::Win(w) => w.value.as_ref().is_none_or(|v| {
                    v.yaku.iter().all(|y| {
                        y.value != YakuValueRec::Han(0)
                            && tenhou_name(&y.name, k, w.seat, game.players) == y.name
                    })
                }),
                _ => true,
            })
    })
}

fn is_three_player(kyoku: &Value) -> bool {
    kyoku
        .get(4 + 3 * 3)
        .and_then(Value::as_array)
        .is_some_and(Vec::is_empty)
}

fn red_fives_of(rule: Option<&Map<String, Value>>, players: Players) -> [u8; 3] {
    let get = |k: &str| {
        rule.and_then(|r| r.get(k))
            .and_then(Value::as_u64)
            .map(|n| n.min(4) as u8)
    };
    if let Some(aka) = get("aka") {
        let man = if players == Players::Three { 0 } else { aka };
        return [man, aka, aka];
    }
    match (get("aka51"), get("aka52"), get("aka53")) {
        (None, None, None) => [0; 3],
        (m, p, s) => [m.unwrap_or(0), p.unwrap_or(0), s.unwrap_or(0)],
    }
}

/// One item of a take list.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Take {
    Draw(Pai),
    /// A claim: kind, source relative to the claimer (1 left, 2 opposite, 3 right),
    /// claimed tile, own tiles.
    Call(CallKind, u8, Pai, [Option<Pai>; 3]),
}

/// One item of a discard list.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Out {
    Tile(Pai),
    Tsumogiri,
    Riichi(Option<Pai>),
    AddedKan(Pai, [Pai; 3]),
    ClosedKan([Pai; 4]),
    Kita,
    Placeholder,
}

fn pai(v: &Value) -> Result<Pai, RecordError> {
    v.as_u64()
        .and_then(pai_of_tenhou)
        .ok_or_else(|| bad(format!("not a tile code: {v}")))
}

/// The two-digit tile codes of a call string, with the position of its letter.
fn call_codes(s: &str, letters: &[char]) -> Result<(char, usize, Vec<Pai>), RecordError> {
    let err = || bad(format!("not a call: {s:?}"));
    let (at, letter) = s
        .char_indices()
        .find(|(_, c)| letters.contains(c))
        .ok_or_else(err)?;
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    if digits.len() + 1 != s.len() || digits.len() % 2 != 0 || at % 2 != 0 {
        return Err(err());
    }
    let tiles = (0..digits.len() / 2)
        .map(|i| {
            digits[2 * i..2 * i + 2]
                .parse::<u64>()
                .ok()
                .and_then(pai_of_tenhou)
                .ok_or_else(err)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((letter, at / 2, tiles))
}

fn take(v: &Value) -> Result<Take, RecordError> {
    let Some(s) = v.as_str() else {
        return Ok(Take::Draw(pai(v)?));
    };
    let (letter, at, tiles) = call_codes(s, &['c', 'p', 'm'])?;
    let err = || bad(format!("not a call: {s:?}"));
    // The claimed tile follows the letter.
    let claimed = *tiles.get(at).ok_or_else(err)?;
    let mut own = [None; 3];
    for (slot, p) in own.iter_mut().zip(
        tiles
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != at)
            .map(|(_, p)| *p),
    ) {
        *slot = Some(p);
    }
    let (kind, size) = match letter {
        'c' => (CallKind::Chi, 3),
        'p' => (CallKind::Pon, 3),
        _ => (CallKind::OpenKan, 4),
    };
    if tiles.len() != size {
        return Err(err());
    }
    // The letter's place gives the source: first the left player (上家), second the
    // opposite one (対面), last the right one (下家). Numbers as `hand::Source`.
    let source = match at {
        0 => 1,
        1 => 2,
        a if a + 1 == size => 3,
        _ => return Err(err()),
    };
    Ok(Take::Call(kind, source, claimed, own))
}

fn out(v: &Value) -> Result<Out, RecordError> {
    match v {
        Value::Number(n) if n.as_u64() == Some(60) => Ok(Out::Tsumogiri),
        Value::Number(n) if n.as_u64() == Some(0) => Ok(Out::Placeholder),
        Value::Number(_) => Ok(Out::Tile(pai(v)?)),
        Value::String(s) => {
            let err = || bad(format!("not a discard: {s:?}"));
            if let Some(rest) = s.strip_prefix('r') {
                let code: u64 = rest.parse().map_err(|_| err())?;
                return Ok(Out::Riichi(if code == 60 {
                    None
                } else {
                    Some(pai_of_tenhou(code).ok_or_else(err)?)
                }));
            }
            if s.starts_with('f') {
                return Ok(Out::Kita);
            }
            let (letter, at, tiles) = call_codes(s, &['k', 'a'])?;
            match (letter, tiles.as_slice()) {
                ('a', &[a, b, c, d]) => Ok(Out::ClosedKan([a, b, c, d])),
                ('k', t) if t.len() == 4 && at < 4 => {
                    let added = t[at];
                    let mut pon = t.iter().enumerate().filter(|&(i, _)| i != at);
                    let mut next = || pon.next().map(|(_, p)| *p).ok_or_else(err);
                    Ok(Out::AddedKan(added, [next()?, next()?, next()?]))
                }
                _ => Err(err()),
            }
        }
        _ => Err(bad(format!("not a discard: {v}"))),
    }
}

fn list<T>(
    v: Option<&Value>,
    f: fn(&Value) -> Result<T, RecordError>,
) -> Result<Vec<T>, RecordError> {
    match v {
        Some(Value::Array(a)) => a.iter().map(f).collect(),
        _ => Err(bad("missing list")),
    }
}

/// Reads one kyoku; also whether a daiminkan there left a `0` placeholder.
fn read_kyoku(k: &Value, players: Players) -> Result<(Kyoku, Option<bool>), RecordError> {
    let a = k.as_array().ok_or_else(|| bad("a kyoku is not an array"))?;
    if a.len() < 17 {
        return Err(bad("a kyoku has fewer than 17 items"));
    }
    let head = list(a.first(), |v| {
        v.as_u64().ok_or_else(|| bad("bad kyoku header"))
    })?;
    let &[index, honba, sticks, ..] = head.as_slice() else {
        return Err(bad("bad kyoku header"));
    };
    let n = players.count();
    let round = Wind::from_index((index / 4 % 4) as u8);
    let dealer = (index % 4) as u8;
    if dealer >= n {
        return Err(bad("dealer seat beyond the players"));
    }
    let scores = list(a.get(1), |v| {
        v.as_i64()
            .and_then(|x| i32::try_from(x).ok())
            .ok_or_else(|| bad("bad score"))
    })?;
    let dora = list(a.get(2), pai)?;
    let ura = list(a.get(3), pai)?;
    let mut hands = Vec::new();
    let mut takes = Vec::new();
    let mut outs = Vec::new();
    for s in 0..usize::from(n) {
        hands.push(list(a.get(4 + 3 * s), pai)?);
        takes.push(list(a.get(5 + 3 * s), take)?);
        outs.push(list(a.get(6 + 3 * s), out)?);
    }
    let first = *dora.first().ok_or_else(|| bad("no dora indicator"))?;
    let mut kyoku = Kyoku {
        round,
        dealer,
        honba: honba as u32,
        riichi_sticks: sticks as u32,
        scores: scores.into_iter().take(usize::from(n)).collect(),
        dora: first,
        ura,
        hands,
        events: Vec::new(),
        stated_scores: Vec::new(),
    };
    let result = a
        .get(16)
        .and_then(Value::as_array)
        .ok_or_else(|| bad("no result"))?;
    let ending = ending(result, n)?;
    let table = Table {
        n,
        takes,
        outs,
        kan_dora: dora[1..].to_vec(),
    };
    let sim = Sim::start(&kyoku, &table);
    let mut branches = 0;
    let sim = play(&table, sim, &ending, &mut branches).map_err(|(index, source)| {
        RecordError::Inconsistent {
            kyoku: kyoku.label(),
            index,
            source,
        }
    })?;
    let placeholder = sim.placeholder;
    kyoku.events = sim.events;
    kyoku.events.extend(ending.events);
    kyoku.name_winning_tiles();
    Ok((kyoku, placeholder))
}

/// How a kyoku ended, read from its result item.
struct Ending {
    events: Vec<Event>,
    /// The discard that was won on (a ron), if any: the winners' `from`.
    ron_from: Option<Seat>,
}

fn deltas(v: Option<&Value>, n: u8) -> Result<Vec<i32>, RecordError> {
    let d = list(v, |x| {
        x.as_i64()
            .and_then(|x| i32::try_from(x).ok())
            .ok_or_else(|| bad("bad delta"))
    })?;
    Ok(d.into_iter().take(usize::from(n)).collect())
}

fn ending(result: &[Value], n: u8) -> Result<Ending, RecordError> {
    let word = result.first().and_then(Value::as_str).unwrap_or("");
    if result.is_empty() {
        // An excerpt cut before the end of the kyoku.
        return Ok(Ending {
            events: Vec::new(),
            ron_from: None,
        });
    }
    if word == "和了" {
        let mut events = Vec::new();
        let mut ron_from = None;
        for pair in result[1..].chunks(2) {
            let [d, detail] = pair else {
                return Err(bad("a win without its detail"));
            };
            let deltas = deltas(Some(d), n)?;
            let detail = detail.as_array().ok_or_else(|| bad("bad win detail"))?;
            let seat_at = |i: usize| {
                detail
                    .get(i)
                    .and_then(Value::as_u64)
                    .filter(|&s| s < u64::from(n))
                    .map(|s| s as Seat)
                    .ok_or_else(|| bad("bad seat in win detail"))
            };
            let (seat, from, pao) = (seat_at(0)?, seat_at(1)?, seat_at(2)?);
            if from != seat {
                ron_from = Some(from);
            }
            let text = detail.get(3).and_then(Value::as_str).unwrap_or("");
            let yaku = detail[4.min(detail.len())..]
                .iter()
                .filter_map(Value::as_str)
                .map(yaku_of_text)
                .collect::<Result<Vec<_>, _>>()?;
            let mut value = value_of_text(text, n);
            // A win without text or yaku states no value (the changes are still
            // checked); a text, or yaku without one, must state the points.
            let recorded = !text.is_empty() || !yaku.is_empty();
            if recorded && value.points.is_none() {
                return Err(Tenhou6Error::NoPoints {
                    text: text.to_owned(),
                }
                .into());
            }
            value.han = if yaku
                .iter()
                .any(|y| matches!(y.value, YakuValueRec::Yakuman(_)))
            {
                None
            } else {
                Some(
                    yaku.iter()
                        .map(|y| match y.value {
                            YakuValueRec::Han(h) => h,
                            YakuValueRec::Yakuman(_) => 0,
                        })
                        .fold(0u8, u8::saturating_add),
                )
            };
            value.yaku = yaku;
            events.push(Event::Win(Win {
                seat,
                from,
                pai: None,
                pao: (pao != seat).then_some(pao),
                deltas,
                value: recorded.then_some(value),
            }));
        }
        return Ok(Ending { events, ron_from });
    }
    let (reason, all_ready) =
        DrawReason::of_tenhou(word).ok_or_else(|| bad(format!("unknown result {word:?}")))?;
    let deltas = match result.get(1) {
        Some(d) => Some(deltas(Some(d), n)?),
        None => None,
    };
    Ok(Ending {
        events: vec![Event::Ryukyoku {
            reason,
            deltas,
            tenpai: all_ready.map(|r| vec![r; usize::from(n)]),
        }],
        ron_from: None,
    })
}

/// `立直(1飜)`, `四槓子(役満)`.
fn yaku_of_text(s: &str) -> Result<RecordedYaku, RecordError> {
    let err = || bad(format!("not a yaku: {s:?}"));
    let (name, rest) = s.rsplit_once('(').ok_or_else(err)?;
    let inner = rest.strip_suffix(')').ok_or_else(err)?;
    let value = if inner == "役満" {
        YakuValueRec::Yakuman(1)
    } else if let Some(k) = inner.strip_suffix("倍役満") {
        YakuValueRec::Yakuman(k.parse().map_err(|_| err())?)
    } else {
        YakuValueRec::Han(
            inner
                .strip_suffix('飜')
                .and_then(|h| h.parse().ok())
                .ok_or_else(err)?,
        )
    };
    Ok(RecordedYaku {
        name: name.to_string(),
        value,
    })
}

/// `30符4飜7700点`, `満貫2000-4000点`, `30符4飜3900点∀`: fu and the points (a self-draw's
/// payments added up over the `n - 1` payers).
fn value_of_text(text: &str, n: u8) -> RecordedValue {
    let payers = u32::from(n) - 1;
    let mut v = RecordedValue::default();
    let body = text.trim_end_matches('∀');
    let all = text.ends_with('∀');
    if let Some((fu, _)) = body.split_once('符') {
        v.fu = fu.parse().ok();
    }
    let digits_end = body.strip_suffix('点').unwrap_or(body);
    let start = digits_end
        .rfind(|c: char| !(c.is_ascii_digit() || c == '-'))
        .map_or(0, |i| {
            i + digits_end[i..].chars().next().map_or(1, char::len_utf8)
        });
    let pts = &digits_end[start..];
    v.points = match pts.split_once('-') {
        Some((a, b)) => a
            .parse::<u32>()
            .ok()
            .zip(b.parse::<u32>().ok())
            .map(|(nd, d)| (payers - 1).saturating_mul(nd).saturating_add(d)),
        None => pts
            .parse::<u32>()
            .ok()
            .map(|p| if all { payers.saturating_mul(p) } else { p }),
    };
    v
}

/// The per-seat lists of a kyoku.
struct Table {
    n: u8,
    takes: Vec<Vec<Take>>,
    outs: Vec<Vec<Out>>,
    kan_dora: Vec<Pai>,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Phase {
    Draw(Seat),
    Act(Seat, Option<Pai>),
    Claims(Seat, Pai),
    Over,
}

#[derive(Clone)]
struct Sim {
    hands: Vec<Vec<Pai>>,
    next_take: Vec<usize>,
    next_out: Vec<usize>,
    events: Vec<Event>,
    phase: Phase,
    /// A riichi declared whose discard has not been passed yet.
    riichi: Option<Seat>,
    /// Kong dora turned over so far.
    dora_shown: usize,
    /// A kong whose dora comes after the replacement draw.
    dora_after_draw: bool,
    /// Whether a daiminkan was followed by a `0` (None before any daiminkan).
    placeholder: Option<bool>,
}

type Fail = (usize, Inconsistency);

impl Sim {
    fn start(k: &Kyoku, t: &Table) -> Sim {
        Sim {
            hands: k.hands.clone(),
            next_take: vec![0; usize::from(t.n)],
            next_out: vec![0; usize::from(t.n)],
            events: Vec::new(),
            phase: Phase::Draw(k.dealer),
            riichi: None,
            dora_shown: 0,
            dora_after_draw: false,
            placeholder: None,
        }
    }

    fn fail(&self, why: Inconsistency) -> Fail {
        (self.events.len(), why)
    }

    fn remove(&mut self, seat: Seat, p: Pai) -> Result<(), Fail> {
        let hand = &mut self.hands[usize::from(seat)];
        match hand.iter().position(|&q| q == p) {
            Some(i) => {
                hand.swap_remove(i);
                Ok(())
            }
            None => Err(self.fail(Inconsistency::NotHeld { seat, pai: p })),
        }
    }

    fn accept_riichi(&mut self) {
        if let Some(seat) = self.riichi.take() {
            self.events.push(Event::RiichiAccepted { seat });
        }
    }

    fn show_dora(&mut self, t: &Table) {
        if let Some(&indicator) = t.kan_dora.get(self.dora_shown) {
            self.dora_shown += 1;
            self.events.push(Event::Dora { indicator });
        }
    }

    /// The claim a seat could make on `pai` discarded by `from`, if its next take is one.
    fn claim(&self, t: &Table, seat: Seat, from: Seat, pai: Pai) -> Option<Take> {
        let take = *t.takes[usize::from(seat)].get(self.next_take[usize::from(seat)])?;
        let Take::Call(_, source, claimed, _) = take else {
            return None;
        };
        let source_seat = seat_of(seat, source);
        (source_seat == from && claimed == pai).then_some(take)
    }
}

/// The absolute seat `source` (1 left, 2 opposite, 3 right) is from `seat`. Tenhou
/// counts four places round the table with three players too (the empty North seat
/// keeps its place), so at a three-player table seat 0's left is that empty seat and
/// its opposite seat 2 (the one before it in turn).
fn seat_of(seat: Seat, source: u8) -> Seat {
    let step = match source {
        1 => 3,
        2 => 2,
        _ => 1,
    };
    (seat + step) % 4
}

/// Plays the table from `sim` to the end of the lists; a claim that could be on this
/// discard or a later one is tried both ways.
fn play(t: &Table, mut sim: Sim, ending: &Ending, branches: &mut u32) -> Result<Sim, Fail> {
    loop {
        match sim.phase {
            Phase::Over => return finish(t, sim, ending),
            Phase::Draw(seat) => {
                let s = usize::from(seat);
                let Some(&take) = t.takes[s].get(sim.next_take[s]) else {
                    sim.phase = Phase::Over;
                    continue;
                };
                let Take::Draw(p) = take else {
                    return Err(sim.fail(Inconsistency::ClaimForDraw(seat)));
                };
                sim.accept_riichi();
                sim.next_take[s] += 1;
                sim.hands[s].push(p);
                sim.events.push(Event::Draw { seat, pai: p });
                if std::mem::take(&mut sim.dora_after_draw) {
                    sim.show_dora(t);
                }
                sim.phase = Phase::Act(seat, Some(p));
            }
            Phase::Act(seat, drawn) => act(t, &mut sim, seat, drawn)?,
            Phase::Claims(from, pai) => {
                let claims: Vec<(Seat, Take)> = (0..t.n)
                    .filter(|&o| o != from)
                    .filter_map(|o| sim.claim(t, o, from, pai).map(|c| (o, c)))
                    .collect();
                let best = claims
                    .iter()
                    .find(|(_, c)| !matches!(c, Take::Call(CallKind::Chi, ..)))
                    .or(claims.first())
                    .copied();
                let Some((seat, take)) = best else {
                    sim.phase = Phase::Draw((from + 1) % t.n);
                    continue;
                };
                *branches += 1;
                if *branches > MAX_BRANCHES {
                    return Err(sim.fail(Inconsistency::TooManyOrders));
                }
                let mut claimed = sim.clone();
                let first = claim(t, &mut claimed, seat, from, take)
                    .and_then(|()| play(t, claimed, ending, branches));
                // If the claim cannot be played from here, the tile passes: the claim is
                // on a later discard, or the record is wrong (then the first error is
                // the one to report).
                return first.or_else(|e| {
                    sim.phase = Phase::Draw((from + 1) % t.n);
                    play(t, sim, ending, branches).map_err(|_| e)
                });
            }
        }
    }
}

fn claim(t: &Table, sim: &mut Sim, seat: Seat, from: Seat, take: Take) -> Result<(), Fail> {
    let Take::Call(kind, _, pai, own) = take else {
        return Ok(());
    };
    let s = usize::from(seat);
    sim.accept_riichi();
    sim.next_take[s] += 1;
    let consumed: FixedList<Pai, 3> = own.iter().flatten().copied().collect();
    for &p in &consumed {
        sim.remove(seat, p)?;
    }
    sim.events.push(Event::Call {
        kind,
        seat,
        from,
        pai,
        consumed,
    });
    if kind == CallKind::OpenKan {
        let zero = t.outs[s].get(sim.next_out[s]) == Some(&Out::Placeholder);
        if zero {
            sim.next_out[s] += 1;
        }
        sim.placeholder.get_or_insert(zero);
        sim.dora_after_draw = true;
        sim.phase = Phase::Draw(seat);
    } else {
        sim.phase = Phase::Act(seat, None);
    }
    Ok(())
}

fn act(t: &Table, sim: &mut Sim, seat: Seat, drawn: Option<Pai>) -> Result<(), Fail> {
    let s = usize::from(seat);
    let Some(&item) = t.outs[s].get(sim.next_out[s]) else {
        sim.phase = Phase::Over;
        return Ok(());
    };
    sim.next_out[s] += 1;
    let discard = |sim: &mut Sim, p: Option<Pai>, riichi: bool| -> Result<(), Fail> {
        let (pai, tsumogiri) = match p {
            Some(p) => (p, false),
            None => (
                drawn.ok_or_else(|| sim.fail(Inconsistency::TsumogiriAfterClaim(seat)))?,
                true,
            ),
        };
        sim.remove(seat, pai)?;
        if riichi {
            sim.events.push(Event::Riichi { seat });
        }
        sim.events.push(Event::Discard {
            seat,
            pai,
            tsumogiri,
        });
        if riichi {
            sim.riichi = Some(seat);
        }
        sim.phase = Phase::Claims(seat, pai);
        Ok(())
    };
    match item {
        Out::Tile(p) => discard(sim, Some(p), false)?,
        Out::Tsumogiri => discard(sim, None, false)?,
        Out::Riichi(p) => discard(sim, p, true)?,
        Out::Placeholder => return Err(sim.fail(Inconsistency::StrayPlaceholder(seat))),
        Out::AddedKan(pai, pon) => {
            sim.remove(seat, pai)?;
            sim.events.push(Event::AddedKan {
                seat,
                pai,
                consumed: pon,
            });
            sim.dora_after_draw = true;
            sim.phase = Phase::Draw(seat);
        }
        Out::ClosedKan(tiles) => {
            for p in tiles {
                sim.remove(seat, p)?;
            }
            sim.events.push(Event::ClosedKan {
                seat,
                consumed: tiles,
            });
            sim.show_dora(t);
            sim.phase = Phase::Draw(seat);
        }
        Out::Kita => {
            let north = Tile::NORTH.black();
            sim.remove(seat, north)?;
            sim.events.push(Event::Kita { seat });
            sim.phase = Phase::Draw(seat);
        }
    }
    Ok(())
}

/// The end of the lists: every item used, and the result fits the last event.
fn finish(t: &Table, mut sim: Sim, ending: &Ending) -> Result<Sim, Fail> {
    for seat in 0..t.n {
        let s = usize::from(seat);
        if sim.next_take[s] != t.takes[s].len() || sim.next_out[s] != t.outs[s].len() {
            return Err(sim.fail(Inconsistency::LeftAfterEnd(seat)));
        }
    }
    // A ron is on the last tile given: a discard, a tile added to a kong, a North set
    // aside, or (thirteen orphans on some sites) a concealed kong's.
    let last_discard = sim.events.iter().rev().find_map(|e| match *e {
        Event::Discard { seat, .. }
        | Event::AddedKan { seat, .. }
        | Event::ClosedKan { seat, .. }
        | Event::Kita { seat } => Some(seat),
        Event::Draw { .. } => Some(u8::MAX),
        _ => None,
    });
    if let Some(from) = ending.ron_from {
        if last_discard != Some(from) {
            return Err(sim.fail(Inconsistency::RonNotOnLast(from)));
        }
        sim.riichi = None;
    }
    sim.accept_riichi();
    Ok(sim)
}

/// Writes a game as a tenhou.net/6 record, in Tenhou's own form: dealt hands and each
/// meld's tiles in Tenhou's order (a red five after the other fives), meld strings
/// placed by Tenhou's four-seat count (three players too), no yaku of 0 han, the
/// result words and score texts Tenhou writes. A record read from tenhou.net/6 that
/// departs from that form ([`Tenhou6Extras::as_read`]) is written back as read.
#[must_use]
pub fn write(game: &Game) -> Value {
    let mut obj = Map::new();
    let extras = game.tenhou6.as_ref();
    match extras {
        Some(x) => obj.extend(x.meta.clone()),
        None => {
            obj.insert("title".into(), json!(["", ""]));
            let mut disp = String::new();
            if game.players == Players::Three {
                disp.push('三');
            }
            disp.push(if game.length == Some(Length::East) {
                '東'
            } else {
                '南'
            });
            if game.open_tanyao {
                disp.push('喰');
            }
            if game.red_fives.iter().any(|&r| r > 0) {
                disp.push('赤');
            }
            obj.insert(
                "rule".into(),
                json!({"disp": disp, "aka53": game.red_fives[2], "aka52": game.red_fives[1], "aka51": game.red_fives[0]}),
            );
        }
    }
    let mut names = game.names.clone();
    names.resize(4, String::new());
    obj.insert("name".into(), json!(names));
    let style = Style {
        players: game.players,
        placeholder: extras.is_none_or(|x| x.kan_placeholder),
        as_read: extras.is_some_and(|x| x.as_read),
    };
    let log: Vec<Value> = game.kyokus.iter().map(|k| write_kyoku(k, style)).collect();
    obj.insert("log".into(), Value::Array(log));
    Value::Object(obj)
}

/// How a game's kyoku are written.
#[derive(Clone, Copy)]
struct Style {
    players: Players,
    /// A `0` after a daiminkan.
    placeholder: bool,
    /// Tiles in the model's order and 0-han yaku kept, rather than Tenhou's form.
    as_read: bool,
}

impl Style {
    /// Tiles in the order they are written.
    fn order(self, tiles: &[Pai]) -> Vec<Pai> {
        let mut v = tiles.to_vec();
        if !self.as_read {
            v.sort_by_key(|&p| tenhou_key(p));
        }
        v
    }
}

fn codes(tiles: impl IntoIterator<Item = Pai>) -> Vec<Value> {
    tiles.into_iter().map(|p| json!(tenhou_of_pai(p))).collect()
}

fn two(p: Pai) -> String {
    format!("{:02}", tenhou_of_pai(p))
}

/// A claim's string: the caller's own tiles with the letter and the claimed tile put
/// where Tenhou puts them for the seat it came from: first for the left seat, second
/// for the opposite one, last for the right one. Seats are counted four round the table
/// with three players too: at a three-player table seat 0's claim on seat 2 is written
/// as from the opposite seat.
fn call_string(kind: CallKind, seat: Seat, from: Seat, pai: Pai, own: &[Pai]) -> String {
    let letter = match kind {
        CallKind::Chi => 'c',
        CallKind::Pon => 'p',
        CallKind::OpenKan => 'm',
    };
    let mut parts: Vec<String> = own.iter().map(|&p| two(p)).collect();
    let at = match (from + 4 - seat) % 4 {
        3 => 0,
        2 => 1,
        _ => parts.len(),
    }
    .min(parts.len());
    parts.insert(at, format!("{letter}{}", two(pai)));
    parts.concat()
}

fn write_kyoku(k: &Kyoku, style: Style) -> Value {
    let players = style.players;
    let n = usize::from(players.count());
    let mut takes = vec![Vec::<Value>::new(); 4];
    let mut outs = vec![Vec::<Value>::new(); 4];
    let mut pons: Vec<(Seat, Tile, String)> = Vec::new();
    let mut riichi = [false; 4];
    let mut result: Vec<Value> = Vec::new();
    let mut dora = vec![k.dora];
    // A seat the record's table does not have cannot be written (a replay refuses it).
    let seats = players.count();
    let outside = |e: &Event| match *e {
        Event::Call { seat, from, .. } => seat >= seats || from >= seats || seat == from,
        ref e => e.seat().is_some_and(|s| s >= seats),
    };
    for e in k.events.iter().filter(|e| !outside(e)) {
        match e {
            Event::KyokuStart(a)
            | Event::KyokuEnd { scores: a }
            | Event::GameEnd { scores: a, .. } => match *a {},
            Event::Draw { seat, pai } => takes[usize::from(*seat)].push(json!(tenhou_of_pai(*pai))),
            Event::Riichi { seat } => riichi[usize::from(*seat)] = true,
            Event::Discard {
                seat,
                pai,
                tsumogiri,
            } => {
                let code = if *tsumogiri { 60 } else { tenhou_of_pai(*pai) };
                let s = usize::from(*seat);
                if std::mem::take(&mut riichi[s]) {
                    outs[s].push(json!(format!("r{code}")));
                } else {
                    outs[s].push(json!(code));
                }
            }
            Event::Call {
                kind,
                seat,
                from,
                pai,
                consumed,
            } => {
                let s = call_string(*kind, *seat, *from, *pai, &style.order(consumed));
                if *kind == CallKind::Pon {
                    pons.push((*seat, pai.tile(), s.clone()));
                }
                takes[usize::from(*seat)].push(json!(s));
                if *kind == CallKind::OpenKan && style.placeholder {
                    outs[usize::from(*seat)].push(json!(0));
                }
            }
            Event::AddedKan {
                seat,
                pai,
                consumed,
            } => {
                let pon = pons
                    .iter()
                    .find(|(s, t, _)| s == seat && *t == pai.tile())
                    .map(|(_, _, s)| s.clone());
                let s = match pon {
                    Some(p) => p.replacen('p', &format!("k{}", two(*pai)), 1),
                    None => format!(
                        "k{}{}",
                        two(*pai),
                        consumed.iter().map(|&p| two(p)).collect::<String>()
                    ),
                };
                outs[usize::from(*seat)].push(json!(s));
            }
            Event::ClosedKan { seat, consumed } => {
                let tiles = style.order(consumed);
                let mut s: String = tiles[..3].iter().map(|&p| two(p)).collect();
                s.push('a');
                s.push_str(&two(tiles[3]));
                outs[usize::from(*seat)].push(json!(s));
            }
            Event::Kita { seat } => outs[usize::from(*seat)].push(json!("f44")),
            Event::Dora { indicator } => dora.push(*indicator),
            Event::RiichiAccepted { .. } => {}
            Event::Win(w) => {
                if result.is_empty() {
                    result.push(json!("和了"));
                }
                result.push(json!(pad(&w.deltas)));
                let mut detail = vec![json!(w.seat), json!(w.from), json!(w.pao.unwrap_or(w.seat))];
                detail.push(json!(score_text(w, k, players)));
                if let Some(v) = &w.value {
                    for y in &v.yaku {
                        let value = match y.value {
                            YakuValueRec::Han(0) if !style.as_read => continue,
                            YakuValueRec::Han(h) => format!("{h}飜"),
                            YakuValueRec::Yakuman(1) => "役満".to_string(),
                            YakuValueRec::Yakuman(m) => format!("{m}倍役満"),
                        };
                        let name = if style.as_read {
                            y.name.as_str()
                        } else {
                            tenhou_name(&y.name, k, w.seat, players)
                        };
                        detail.push(json!(format!("{name}({value})")));
                    }
                }
                result.push(Value::Array(detail));
            }
            Event::Ryukyoku {
                reason,
                deltas,
                tenpai,
            } => result.extend(draw_result(*reason, deltas.as_deref(), tenpai.as_deref())),
        }
    }
    let mut scores: Vec<i32> = k.scores.clone();
    scores.resize(4, 0);
    let index = (k.round as u32) * 4 + u32::from(k.dealer);
    let mut out = vec![
        json!([index, k.honba, k.riichi_sticks]),
        json!(scores),
        Value::Array(codes(dora)),
        Value::Array(codes(k.ura.iter().copied())),
    ];
    for s in 0..4 {
        let hand = k.hands.get(s).filter(|_| s < n);
        out.push(Value::Array(
            hand.map(|h| codes(style.order(h))).unwrap_or_default(),
        ));
        out.push(Value::Array(std::mem::take(&mut takes[s])));
        out.push(Value::Array(std::mem::take(&mut outs[s])));
    }
    out.push(Value::Array(result));
    Value::Array(out)
}

/// The name Tenhou gives a recorded yaku (another producer's spelling of it: `reach`,
/// `翻牌 白`, `場風牌`), or the name as recorded when Tenhou has none for it.
fn tenhou_name<'a>(name: &'a str, k: &Kyoku, seat: Seat, players: Players) -> &'a str {
    if crate::record::tenhou_id_of_name(name).is_some() {
        return name;
    }
    let n = players.count();
    let seat_wind = Wind::from_index((seat % n + n - k.dealer % n) % n);
    crate::record::yaku_of_name(name)
        .and_then(|y| crate::record::tenhou_id_of(y, k.round, seat_wind))
        .and_then(crate::record::tenhou_yaku_id)
        .unwrap_or(name)
}

/// The result items of a drawn hand as Tenhou writes them: `["流局", deltas]`, and
/// `["全員聴牌"]` / `["全員不聴"]` when every seat or none is ready (no payments);
/// `["流し満貫", deltas]`; an abortive draw's word alone (`["九種九牌"]`).
fn draw_result(reason: DrawReason, deltas: Option<&[i32]>, tenpai: Option<&[bool]>) -> Vec<Value> {
    let no_payment = deltas.is_none_or(|d| d.iter().all(|&x| x == 0));
    let all = |ready: bool| tenpai.is_some_and(|t| !t.is_empty() && t.iter().all(|&r| r == ready));
    let word = match reason {
        DrawReason::Exhaustive if no_payment && all(true) => return vec![json!("全員聴牌")],
        DrawReason::Exhaustive if no_payment && all(false) => return vec![json!("全員不聴")],
        r if r.is_abortive() && no_payment => return vec![json!(r.tenhou())],
        r => r.tenhou(),
    };
    let mut out = vec![json!(word)];
    if let Some(d) = deltas {
        out.push(json!(pad(d)));
    }
    out
}

fn pad(d: &[i32]) -> Vec<i32> {
    let mut d = d.to_vec();
    d.resize(4, 0);
    d
}

/// Fu a hand below mangan can have.
const FU: [u8; 11] = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];

/// What each payer pays for `basic` points, as Tenhou writes it (honba not included):
/// `Ron(points)`, `All(each)` for a dealer's self-draw, `Split(non_dealer, dealer)`.
/// Three-player Tenhou pays a self-draw as four players do, less the absent seat's
/// share (ツモ損).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Amounts {
    Ron(u32),
    All(u32),
    Split(u32, u32),
}

impl Amounts {
    fn of(basic: u32, dealer: bool, tsumo: bool) -> Amounts {
        let up = |k: u32| basic.saturating_mul(k).div_ceil(100).saturating_mul(100);
        match (tsumo, dealer) {
            (false, true) => Amounts::Ron(up(6)),
            (false, false) => Amounts::Ron(up(4)),
            (true, true) => Amounts::All(up(2)),
            (true, false) => Amounts::Split(up(1), up(2)),
        }
    }

    /// What the winner receives in all, over `n` players.
    fn total(self, n: u32) -> u32 {
        match self {
            Amounts::Ron(p) => p,
            Amounts::All(each) => n.saturating_sub(1).saturating_mul(each),
            Amounts::Split(non_dealer, dealer) => n
                .saturating_sub(2)
                .saturating_mul(non_dealer)
                .saturating_add(dealer),
        }
    }

    fn text(self) -> String {
        match self {
            Amounts::Ron(p) => format!("{p}点"),
            Amounts::All(each) => format!("{each}点∀"),
            Amounts::Split(non_dealer, dealer) => format!("{non_dealer}-{dealer}点"),
        }
    }
}

/// Tenhou's limit of `basic` points: 0 below mangan, 1 mangan, 2 haneman, 3 baiman,
/// 4 sanbaiman, 5 yakuman (the XML log's third `ten` value).
pub(crate) fn limit_of(basic: u32) -> usize {
    [MANGAN, HANEMAN, BAIMAN, SANBAIMAN, YAKUMAN]
        .iter()
        .filter(|&&b| basic >= b)
        .count()
}

/// The name Tenhou gives a limit hand of `basic` points, if it is one.
fn limit_name(basic: u32) -> Option<&'static str> {
    ["満貫", "跳満", "倍満", "三倍満", "役満"]
        .get(limit_of(basic).checked_sub(1)?)
        .copied()
}

/// The basic points of a recorded win, with the fu and han to write (`None` for a
/// limit reached by han alone or a yakuman): from the recorded yakuman, han and fu; a
/// record that states only some of them is completed from its points (the fu of a
/// hand below mangan, or the whole value), and a value the record's points contradict
/// gives way to them (a lobby that rounds 4 han 30 fu up to mangan).
pub(crate) fn recorded_basic(
    v: &RecordedValue,
    dealer: bool,
    tsumo: bool,
    players: Players,
) -> Option<(u32, Option<(u8, u8)>)> {
    let n = u32::from(players.count());
    let rules = crate::riichi::Preset::Tenhou.rules();
    let basic_of = |han: u8, fu: u8| crate::riichi::score::basic_points(han, fu, &rules).0;
    let matches = |basic: u32| {
        v.points
            .is_none_or(|p| Amounts::of(basic, dealer, tsumo).total(n) == p)
    };
    let yakuman: u32 = v
        .yaku
        .iter()
        .map(|y| match y.value {
            YakuValueRec::Yakuman(m) => u32::from(m),
            YakuValueRec::Han(_) => 0,
        })
        .fold(0u32, u32::saturating_add);
    let mut found: Option<(u32, Option<(u8, u8)>)> = None;
    if yakuman > 0 {
        found = Some((YAKUMAN.saturating_mul(yakuman), None));
    } else if let Some(han) = v.han {
        found = match v.fu {
            Some(fu) => Some((basic_of(han, fu), Some((fu, han)))),
            None if han >= 5 => Some((basic_of(han, 0), None)),
            None => FU
                .iter()
                .map(|&fu| (basic_of(han, fu), Some((fu, han))))
                .find(|&(b, _)| b > 0 && matches(b)),
        };
    }
    if found.is_none_or(|(b, _)| !matches(b)) && v.points.is_some() {
        // The points decide: the han and fu or the limit they are worth, the recorded
        // han first when several fit.
        let below = (1u8..=4)
            .flat_map(|han| FU.iter().map(move |&fu| (han, fu)))
            .map(|(han, fu)| (basic_of(han, fu), Some((fu, han))))
            .filter(|&(b, _)| b < MANGAN);
        let limits = [MANGAN, HANEMAN, BAIMAN, SANBAIMAN]
            .into_iter()
            .chain((1..=6).map(|m| YAKUMAN * m))
            .map(|b| (b, None));
        let fitting: Vec<(u32, Option<(u8, u8)>)> =
            below.chain(limits).filter(|&(b, _)| matches(b)).collect();
        let by_points = fitting
            .iter()
            .find(|(_, hf)| hf.is_some_and(|(_, h)| Some(h) == v.han))
            .or(fitting.first())
            .copied();
        found = by_points.or(found);
    }
    found
}

/// The score text of a win as Tenhou writes it: `30符4飜7700点`, `満貫8000点`,
/// `満貫2000-4000点` (a non-dealer's self-draw: each non-dealer, then the dealer),
/// `満貫4000点∀` (a dealer's self-draw: each), `役満32000点`; honba not included. The
/// value is read by [`recorded_basic`]; without han and fu the text is the points alone
/// (`7700点`); without any value, empty.
fn score_text(w: &Win, k: &Kyoku, players: Players) -> String {
    let Some(v) = &w.value else {
        return String::new();
    };
    let dealer = w.seat == k.dealer;
    let tsumo = w.seat == w.from;
    let Some((basic, fu_han)) = recorded_basic(v, dealer, tsumo, players) else {
        return v.points.map(|p| format!("{p}点")).unwrap_or_default();
    };
    let head = match (limit_name(basic), fu_han) {
        (Some(name), _) => name.to_string(),
        (None, Some((fu, han))) => format!("{fu}符{han}飜"),
        (None, None) => String::new(),
    };
    format!("{head}{}", Amounts::of(basic, dealer, tsumo).text())
}
