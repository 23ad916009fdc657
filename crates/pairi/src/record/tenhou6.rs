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
    pai_of_tenhou, tenhou_of_pai, CallKind, DrawReason, Event, Game, Kyoku, Length, RecordError,
    RecordedValue, RecordedYaku, Seat, Tenhou6Extras, Win, YakuValueRec,
};
use crate::riichi::rules::Players;
use crate::tile::{Pai, Tile, Wind};

const FORMAT: &str = "tenhou.net/6";

/// The most branches tried when rebuilding one kyoku's order (a record needs a handful;
/// the bound keeps a hostile record from taking exponential time).
const MAX_BRANCHES: u32 = 4096;

fn bad(message: impl Into<String>) -> RecordError {
    RecordError::format(FORMAT, message)
}

/// Reads a tenhou.net/6 record (one JSON object).
///
/// # Errors
///
/// [`RecordError::Format`] when the text is not such a record; [`RecordError::Inconsistent`]
/// when a kyoku cannot be played as written.
pub fn read(text: &str) -> Result<Game, RecordError> {
    let value: Value = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    from_value(&value)
}

/// Reads a tenhou.net/6 record already parsed as JSON.
///
/// # Errors
///
/// As [`read`].
pub fn from_value(value: &Value) -> Result<Game, RecordError> {
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
    let mut game = Game {
        players,
        names,
        red_fives,
        open_tanyao,
        length,
        kiriage: None,
        kyokus: Vec::new(),
        tenhou6: Some(Tenhou6Extras {
            meta,
            kan_placeholder: true,
        }),
    };
    let mut placeholder = None;
    for (i, k) in log.iter().enumerate() {
        let (kyoku, zero) = read_kyoku(k, players).map_err(|e| match e {
            RecordError::Format { format, message } => RecordError::Format {
                format,
                message: format!("log[{i}]: {message}"),
            },
            e => e,
        })?;
        placeholder = placeholder.or(zero);
        game.kyokus.push(kyoku);
    }
    if let Some(extras) = game.tenhou6.as_mut() {
        extras.kan_placeholder = placeholder.unwrap_or(true);
    }
    Ok(game)
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
    let sim = play(&table, sim, &ending, &mut branches).map_err(|(index, message)| {
        RecordError::Inconsistent {
            kyoku: kyoku.label(),
            index,
            message,
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
            let recorded = !text.is_empty() || !yaku.is_empty();
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
    let reason = DrawReason::ALL
        .into_iter()
        .find(|r| r.tenhou() == word)
        .ok_or_else(|| bad(format!("unknown result {word:?}")))?;
    let deltas = match result.get(1) {
        Some(d) => Some(deltas(Some(d), n)?),
        None => None,
    };
    Ok(Ending {
        events: vec![Event::Ryukyoku { reason, deltas }],
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
            .map(|(nd, d)| (payers - 1) * nd + d),
        None => pts
            .parse::<u32>()
            .ok()
            .map(|p| if all { payers * p } else { p }),
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

type Fail = (usize, String);

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

    fn fail(&self, message: impl Into<String>) -> Fail {
        (self.events.len(), message.into())
    }

    fn remove(&mut self, seat: Seat, p: Pai) -> Result<(), Fail> {
        let hand = &mut self.hands[usize::from(seat)];
        match hand.iter().position(|&q| q == p) {
            Some(i) => {
                hand.swap_remove(i);
                Ok(())
            }
            None => Err(self.fail(format!("seat {seat} does not hold {p}"))),
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
        let source_seat = seat_of(seat, source, t.n);
        (source_seat == from && claimed == pai).then_some(take)
    }
}

/// The absolute seat `source` (1 left, 2 opposite, 3 right) is from `seat`.
fn seat_of(seat: Seat, source: u8, n: u8) -> Seat {
    let step = match source {
        1 => n - 1,
        2 => 2,
        _ => 1,
    };
    (seat + step) % n
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
                    return Err(sim.fail(format!("seat {seat} claims when it should draw")));
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
                    return Err(sim.fail("too many ways to order the claims"));
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
    let consumed: Vec<Pai> = own.iter().flatten().copied().collect();
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
                drawn.ok_or_else(|| {
                    sim.fail(format!("seat {seat} discards the drawn tile after a claim"))
                })?,
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
        Out::Placeholder => return Err(sim.fail(format!("seat {seat}: a 0 not after a kong"))),
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
    for s in 0..usize::from(t.n) {
        if sim.next_take[s] != t.takes[s].len() || sim.next_out[s] != t.outs[s].len() {
            return Err(sim.fail(format!("seat {s}: takes or discards left after the end")));
        }
    }
    let last_discard = sim.events.iter().rev().find_map(|e| match *e {
        Event::Discard { seat, .. } | Event::AddedKan { seat, .. } | Event::Kita { seat } => {
            Some(seat)
        }
        Event::Draw { .. } => Some(u8::MAX),
        _ => None,
    });
    if let Some(from) = ending.ron_from {
        if last_discard != Some(from) {
            return Err(sim.fail(format!("a ron on seat {from}, who did not discard last")));
        }
        sim.riichi = None;
    }
    sim.accept_riichi();
    Ok(sim)
}

/// Writes a game as a tenhou.net/6 record.
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
    let placeholder = extras.is_none_or(|x| x.kan_placeholder);
    let log: Vec<Value> = game
        .kyokus
        .iter()
        .map(|k| write_kyoku(k, game.players, placeholder))
        .collect();
    obj.insert("log".into(), Value::Array(log));
    Value::Object(obj)
}

fn codes(tiles: impl IntoIterator<Item = Pai>) -> Vec<Value> {
    tiles.into_iter().map(|p| json!(tenhou_of_pai(p))).collect()
}

fn two(p: Pai) -> String {
    format!("{:02}", tenhou_of_pai(p))
}

fn write_kyoku(k: &Kyoku, players: Players, placeholder: bool) -> Value {
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
        Event::Call { seat, from, .. } => seat >= seats || from >= seats,
        ref e => e.seat().is_some_and(|s| s >= seats),
    };
    for e in k.events.iter().filter(|e| !outside(e)) {
        match e {
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
                let n8 = players.count();
                // 1 left, 2 opposite, 3 right.
                let rel = (seat + n8 - from) % n8;
                let rel = if n8 == 3 && rel == 2 { 3 } else { rel };
                let letter = match kind {
                    CallKind::Chi => 'c',
                    CallKind::Pon => 'p',
                    CallKind::OpenKan => 'm',
                };
                let mut parts: Vec<String> = consumed.iter().map(|&p| two(p)).collect();
                let at = match (kind, rel) {
                    (_, 1) => 0,
                    (_, 2) => 1,
                    (CallKind::OpenKan, _) => 3,
                    _ => 2,
                }
                .min(parts.len());
                parts.insert(at, format!("{letter}{}", two(*pai)));
                let s: String = parts.concat();
                if *kind == CallKind::Pon {
                    pons.push((*seat, pai.tile(), s.clone()));
                }
                takes[usize::from(*seat)].push(json!(s));
                if *kind == CallKind::OpenKan && placeholder {
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
                let mut s: String = consumed[..3].iter().map(|&p| two(p)).collect();
                s.push('a');
                s.push_str(&two(consumed[3]));
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
                let dealer = w.seat == k.dealer;
                detail.push(json!(score_text(w, dealer, k.honba)));
                if let Some(v) = &w.value {
                    for y in &v.yaku {
                        let value = match y.value {
                            YakuValueRec::Han(h) => format!("{h}飜"),
                            YakuValueRec::Yakuman(1) => "役満".to_string(),
                            YakuValueRec::Yakuman(m) => format!("{m}倍役満"),
                        };
                        detail.push(json!(format!("{}({value})", y.name)));
                    }
                }
                result.push(Value::Array(detail));
            }
            Event::Ryukyoku { reason, deltas } => {
                result.push(json!(reason.tenhou()));
                if let Some(d) = deltas {
                    result.push(json!(pad(d)));
                }
            }
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
            hand.map(|h| codes(h.iter().copied())).unwrap_or_default(),
        ));
        out.push(Value::Array(std::mem::take(&mut takes[s])));
        out.push(Value::Array(std::mem::take(&mut outs[s])));
    }
    out.push(Value::Array(result));
    Value::Array(out)
}

fn pad(d: &[i32]) -> Vec<i32> {
    let mut d = d.to_vec();
    d.resize(4, 0);
    d
}

/// The score text of a win: `30符4飜7700点`, `満貫2000-4000点`, `30符4飜3900点∀`,
/// `役満32000点`. Rebuilt from han, fu and the points when the record came from
/// another format.
fn score_text(w: &Win, dealer: bool, _honba: u32) -> String {
    let Some(v) = &w.value else {
        return String::new();
    };
    let yakuman: u32 = v
        .yaku
        .iter()
        .map(|y| match y.value {
            YakuValueRec::Yakuman(m) => u32::from(m),
            YakuValueRec::Han(_) => 0,
        })
        .sum();
    let han = v.han.unwrap_or(0);
    let fu = v.fu.unwrap_or(0);
    let basic = if yakuman > 0 {
        8000 * yakuman
    } else {
        crate::riichi::score::basic_points(han, fu, &crate::riichi::Preset::Tenhou.rules()).0
    };
    let head = if yakuman > 0 || han >= 13 {
        "役満".to_string()
    } else if han >= 11 {
        "三倍満".to_string()
    } else if han >= 8 {
        "倍満".to_string()
    } else if han >= 6 {
        "跳満".to_string()
    } else if han >= 5 || basic >= 2000 || v.fu.is_none() {
        "満貫".to_string()
    } else {
        format!("{fu}符{han}飜")
    };
    let up = |x: u32| x.div_ceil(100) * 100;
    let tail = if w.from != w.seat {
        format!(
            "{}点",
            v.points.unwrap_or(up(basic * if dealer { 6 } else { 4 }))
        )
    } else if dealer {
        format!("{}点∀", up(2 * basic))
    } else {
        format!("{}-{}点", up(basic), up(2 * basic))
    };
    format!("{head}{tail}")
}
