//! Tenhou XML log writer: the inverse of [`read`](super::read).
//!
//! Every tile gets a 136-id as it appears (dealt, drawn, turned as an indicator): the
//! first free copy of its kind, copy 0 being the red five when red fives are on (so a
//! plain five takes copies 1–3). Discards, calls and kongs then use the ids the seat
//! holds, so a tsumogiri is the id just drawn, as the reader tells it. Meld codes are
//! built as the reader decodes them (chi, pon, added and open kong, concealed kong,
//! kita; the source counted four places round the table with three players too). The
//! tenhou.net/6 keys of the game (`rule`, `lobby`, `dan`, `rate`, `sx`, `sc`) become
//! `GO`, `UN` and `owari`; a win's value becomes `ten`, `yaku` or `yakuman` by
//! Tenhou's ids (North dora counted with ドラ, as Tenhou does).

use serde_json::Value;
use std::fmt::Write as _;

use super::label;
use crate::record::tenhou6::{limit_of, recorded_basic};
use crate::record::{
    tenhou_id_of, tenhou_id_of_name, yaku_of_name, CallKind, DrawReason, Event, Game, Kyoku,
    RecordError, Seat, Win, YakuValueRec,
};
use crate::riichi::rules::Players;
use crate::riichi::Yaku;
use crate::tile::{Pai, Tile, Wind};

const FORMAT: &str = "mjlog";

/// Why a kyoku cannot be written as a Tenhou log.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Unwritable {
    /// A red five where the game has none of its suit.
    #[error("{0}: no red fives")]
    NoRedFives(Pai),
    /// More copies of a tile than the wall has.
    #[error("more copies of {0} than the wall has")]
    TooManyCopies(Pai),
    /// A seat the table does not have.
    #[error("seat {seat} at a table of {players}")]
    NoSeat {
        /// The seat.
        seat: Seat,
        /// The number of players.
        players: u8,
    },
    /// A tile given up that the seat does not hold.
    #[error("seat {seat} does not hold {pai}")]
    NotHeld {
        /// The seat.
        seat: Seat,
        /// The tile.
        pai: Pai,
    },
    /// A dealt hand of another size than thirteen tiles.
    #[error("a hand of {0} tiles")]
    HandSize(usize),
    /// Not one dealt hand a seat.
    #[error("{hands} hands at a table of {players}")]
    HandCount {
        /// The hands dealt.
        hands: usize,
        /// The number of players.
        players: u8,
    },
    /// An added kong without its pon.
    #[error("seat {seat} adds {pai} to a pon it does not have")]
    NoPon {
        /// The seat.
        seat: Seat,
        /// The tile added.
        pai: Pai,
    },
    /// A call on a tile that is not the last discard.
    #[error("seat {seat} calls {pai} from seat {from}, which is not the last discard")]
    NotLastDiscard {
        /// The caller.
        seat: Seat,
        /// The tile called.
        pai: Pai,
        /// The seat it is called from.
        from: Seat,
    },
    /// A chi whose tiles are not a run.
    #[error("seat {seat}'s chi on {pai} is not a run")]
    NotARun {
        /// The caller.
        seat: Seat,
        /// The tile called.
        pai: Pai,
    },
    /// A win without its recorded value.
    #[error("seat {0}'s win has no recorded value")]
    NoValue(Seat),
    /// A yaku of the record Tenhou has no id for.
    #[error("yaku {0:?} has no Tenhou id")]
    NoTenhouId(String),
    /// A win's value without a yaku.
    #[error("seat {0}'s win lists no yaku")]
    NoYaku(Seat),
    /// A self-draw win by a seat that has drawn no tile.
    #[error("seat {0} wins without a draw")]
    NoDraw(Seat),
    /// A ron on a seat whose tile was not the last given up.
    #[error("a ron on seat {0}, who gave no tile last")]
    NoRonTile(Seat),
}

/// Tenhou's id of ドラ, which also counts North dora.
const DORA_ID: u32 = 52;

/// Writes a game as a Tenhou XML log (newline-terminated).
///
/// # Errors
///
/// [`RecordError::Format`] when the game's red fives are other than one a suit (the 5m
/// one left out with three players); [`RecordError::Unwritable`], naming the kyoku,
/// when a kyoku cannot be a Tenhou log ([`Unwritable`]): more copies of a tile than
/// the wall has, an event the table does not allow (a seat it does not have, a tile
/// not held, a call not on the last discard, an added kong without its pon), a win's
/// yaku without a Tenhou id. A record replays before it is written
/// ([`convert`](fn@crate::record::convert)), which names such a problem by kyoku and event.
pub fn write(game: &Game) -> Result<String, RecordError> {
    let n = game.players.count();
    let red = match (game.red_fives, game.players) {
        ([0, 0, 0], _) => false,
        ([1, 1, 1], Players::Four) | ([0 | 1, 1, 1], Players::Three) => true,
        (r, _) => {
            return Err(RecordError::format(
                FORMAT,
                format!("red fives {r:?} per suit: Tenhou logs have one a suit or none"),
            ))
        }
    };
    let meta = game.tenhou6.as_ref().map(|x| &x.meta);
    let get = |k: &str| meta.and_then(|m| m.get(k));
    let mut bits = get("rule")
        .and_then(|r| r.get("disp"))
        .and_then(Value::as_str)
        .and_then(label::bits)
        .unwrap_or(label::HUMAN);
    let set = |bits: &mut u32, bit: u32, on: bool| {
        if on {
            *bits |= bit;
        } else {
            *bits &= !bit;
        }
    };
    set(&mut bits, label::SANMA, game.players == Players::Three);
    set(&mut bits, label::NO_RED, !red);
    set(&mut bits, label::NO_KUITAN, !game.open_tanyao);
    match game.length {
        Some(crate::record::Length::East) => set(&mut bits, label::HANCHAN, false),
        Some(crate::record::Length::South) => set(&mut bits, label::HANCHAN, true),
        None => {}
    }
    let mut out = String::new();
    let ver = get("ver").map_or_else(|| "2.3".to_string(), ToString::to_string);
    let _ = write!(out, "<mjloggm ver=\"{}\">", attr(ver.trim_matches('"')));
    // The shuffle's seed, which gives every kyoku's wall (`record::walls`).
    if let Some(seed) = &game.wall_seed {
        let _ = write!(out, "<SHUFFLE seed=\"{}\" ref=\"\"/>", attr(seed));
    }
    let _ = write!(out, "<GO type=\"{bits}\"");
    if let Some(lobby) = get("lobby").and_then(Value::as_u64) {
        let _ = write!(out, " lobby=\"{lobby}\"");
    }
    out.push_str("/>");
    out.push_str("<UN");
    for s in 0..4 {
        let name = game.names.get(s).map_or("", String::as_str);
        let _ = write!(out, " n{s}=\"{}\"", percent_encode(name));
    }
    if let Some(Value::Array(dan)) = get("dan") {
        let dan: Vec<String> = dan
            .iter()
            .map(|d| {
                d.as_str()
                    .and_then(label::dan_number)
                    .unwrap_or(0)
                    .to_string()
            })
            .collect();
        let _ = write!(out, " dan=\"{}\"", dan.join(","));
    }
    if let Some(Value::Array(rate)) = get("rate") {
        let rate: Vec<String> = rate.iter().map(ToString::to_string).collect();
        let _ = write!(out, " rate=\"{}\"", attr(&rate.join(",")));
    }
    if let Some(Value::Array(sx)) = get("sx") {
        let sx: Vec<&str> = sx.iter().map(|s| s.as_str().unwrap_or("")).collect();
        let _ = write!(out, " sx=\"{}\"", attr(&sx.join(",")));
    }
    out.push_str("/><TAIKYOKU oya=\"0\"/>");
    let owari = get("sc").and_then(Value::as_array).map(|sc| owari(sc));
    for (i, k) in game.kyokus.iter().enumerate() {
        let last = i + 1 == game.kyokus.len();
        let mut w = KyokuWriter::new(game, k, n, red);
        w.kyoku(if last { owari.as_deref() } else { None })
            .map_err(|source| RecordError::Unwritable {
                format: FORMAT,
                kyoku: k.label(),
                source: Box::new(source),
            })?;
        out.push_str(&w.out);
    }
    out.push_str("</mjloggm>\n");
    Ok(out)
}

/// An attribute value with XML's special characters escaped.
fn attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Every byte of the UTF-8 text as `%XX`, as Tenhou writes player names.
fn percent_encode(s: &str) -> String {
    s.bytes().fold(String::new(), |mut out, b| {
        let _ = write!(out, "%{b:02X}");
        out
    })
}

/// The `owari` of a tenhou.net/6 `sc` (points and results by seat): points in
/// hundreds, results with one decimal as Tenhou writes them.
fn owari(sc: &[Value]) -> String {
    let mut parts = Vec::new();
    for pair in sc.chunks(2) {
        let points = pair.first().and_then(Value::as_f64).unwrap_or(0.0);
        let result = pair.get(1).and_then(Value::as_f64).unwrap_or(0.0);
        parts.push(format!("{}", (points / 100.0).round() as i64));
        parts.push(format!("{result:.1}"));
    }
    parts.join(",")
}

/// A tile's kind, 0–33 (a 136-id over 4).
fn kind(p: Pai) -> u8 {
    p.tile().index() as u8
}

/// The tile a 136-id's tile reads back as: plain when red fives are off.
fn reads_as(p: Pai, red: bool) -> Pai {
    if red {
        p
    } else {
        p.tile().black()
    }
}

/// A win's yaku by Tenhou's ids: (id, han) of the ordinary ones, the ids of the
/// yakuman.
type TenhouYaku = (Vec<(u32, u8)>, Vec<u32>);

/// A pon waiting to be made a kong: its ids, which one was claimed, where from.
#[derive(Clone, Copy)]
struct Pon {
    seat: Seat,
    kind: u8,
    called: u32,
    relative: u32,
}

struct KyokuWriter<'a> {
    game: &'a Game,
    k: &'a Kyoku,
    n: u8,
    red: bool,
    /// Which of the 136 ids are out (dealt, drawn, shown).
    used: [bool; 136],
    hands: Vec<Vec<u8>>,
    melds: Vec<Vec<u32>>,
    last_draw: Vec<Option<u8>>,
    /// The last tile given to the table: discarded, added to a kong or set aside.
    last_out: Option<(Seat, u8)>,
    pons: Vec<Pon>,
    dora: Vec<u8>,
    ura: Option<Vec<u8>>,
    riichi: Vec<bool>,
    scores: Vec<i32>,
    sticks: u32,
    out: String,
}

impl<'a> KyokuWriter<'a> {
    fn new(game: &'a Game, k: &'a Kyoku, n: u8, red: bool) -> KyokuWriter<'a> {
        let mut scores = k.scores.clone();
        scores.resize(4, 0);
        KyokuWriter {
            game,
            k,
            n,
            red,
            used: [false; 136],
            hands: vec![Vec::new(); 4],
            melds: vec![Vec::new(); 4],
            last_draw: vec![None; 4],
            last_out: None,
            pons: Vec::new(),
            dora: Vec::new(),
            ura: None,
            riichi: vec![false; 4],
            scores,
            sticks: k.riichi_sticks,
            out: String::new(),
        }
    }

    /// A free id for `pai`: copy 0 of a five is the red one when red fives are on.
    fn alloc(&mut self, pai: Pai) -> Result<u8, Unwritable> {
        let kind = kind(pai);
        let five = kind < 27 && kind % 9 == 4;
        let copies: &[u8] = match (self.red && five, pai.is_red()) {
            (_, true) if !self.red || !five => return Err(Unwritable::NoRedFives(pai)),
            (_, true) => &[0],
            (true, false) => &[1, 2, 3],
            (false, false) => &[0, 1, 2, 3],
        };
        let id = copies
            .iter()
            .map(|c| kind * 4 + c)
            .find(|&id| !self.used[usize::from(id)])
            .ok_or(Unwritable::TooManyCopies(pai))?;
        self.used[usize::from(id)] = true;
        Ok(id)
    }

    fn seat(&self, seat: Seat) -> Result<usize, Unwritable> {
        if seat < self.n {
            Ok(usize::from(seat))
        } else {
            Err(Unwritable::NoSeat {
                seat,
                players: self.n,
            })
        }
    }

    /// Takes `pai` out of `seat`'s hand: another copy than the one just drawn when it
    /// can (a discard from the hand), the drawn one otherwise.
    fn take(&mut self, seat: Seat, pai: Pai, drawn: bool) -> Result<u8, Unwritable> {
        let s = self.seat(seat)?;
        let last = self.last_draw[s];
        let red = self.red;
        let hand = &mut self.hands[s];
        let matching = |id: &u8| Pai::from_id136(*id).map(|p| reads_as(p, red)) == Some(pai);
        let at = if drawn {
            hand.iter().position(|id| Some(*id) == last && matching(id))
        } else {
            hand.iter()
                .position(|id| Some(*id) != last && matching(id))
                .or_else(|| hand.iter().position(matching))
        }
        .ok_or(Unwritable::NotHeld { seat, pai })?;
        Ok(hand.remove(at))
    }

    /// The tile an id reads back as.
    fn red_of(&self, p: Pai) -> Pai {
        reads_as(p, self.red)
    }

    fn letter(seat: usize, discard: bool) -> char {
        let letters = if discard { "DEFG" } else { "TUVW" };
        letters.chars().nth(seat).unwrap_or('T')
    }

    fn hundreds(v: &[i32]) -> String {
        let mut v = v.to_vec();
        v.resize(4, 0);
        v.iter()
            .map(|x| (x / 100).to_string())
            .collect::<Vec<_>>()
            .join(",")
    }

    fn ids(ids: &[u8]) -> String {
        ids.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }

    fn kyoku(&mut self, owari: Option<&str>) -> Result<(), Unwritable> {
        let k = self.k;
        for h in &k.hands {
            if h.len() != 13 {
                return Err(Unwritable::HandSize(h.len()));
            }
        }
        if k.hands.len() != usize::from(self.n) {
            return Err(Unwritable::HandCount {
                hands: k.hands.len(),
                players: self.n,
            });
        }
        for (s, h) in k.hands.iter().enumerate() {
            for &p in h {
                let id = self.alloc(p)?;
                self.hands[s].push(id);
            }
        }
        let dora = self.alloc(k.dora)?;
        self.dora.push(dora);
        let index = k.round as u32 * 4 + u32::from(k.dealer);
        let hai: Vec<String> = (0..4)
            .map(|s| {
                let mut h = self.hands[s].clone();
                h.sort_unstable();
                Self::ids(&h)
            })
            .collect();
        let _ = write!(
            self.out,
            "<INIT seed=\"{index},{},{},0,0,{dora}\" ten=\"{}\" oya=\"{}\" hai0=\"{}\" hai1=\"{}\" hai2=\"{}\" hai3=\"{}\"/>",
            k.honba,
            k.riichi_sticks,
            Self::hundreds(&k.scores),
            k.dealer,
            hai[0],
            hai[1],
            hai[2],
            hai[3]
        );
        let endings = k
            .events
            .iter()
            .filter(|e| matches!(e, Event::Win(_) | Event::Ryukyoku { .. }))
            .count();
        let mut seen = 0;
        for e in &k.events {
            let ending = matches!(e, Event::Win(_) | Event::Ryukyoku { .. });
            if ending {
                seen += 1;
            }
            self.event(e, owari.filter(|_| ending && seen == endings))?;
        }
        Ok(())
    }

    fn event(&mut self, e: &Event, owari: Option<&str>) -> Result<(), Unwritable> {
        match e {
            Event::KyokuStart(a)
            | Event::KyokuEnd { scores: a }
            | Event::GameEnd { scores: a, .. } => match *a {},
            Event::Draw { seat, pai } => {
                let s = self.seat(*seat)?;
                let id = self.alloc(*pai)?;
                self.hands[s].push(id);
                self.last_draw[s] = Some(id);
                let _ = write!(self.out, "<{}{id}/>", Self::letter(s, false));
            }
            Event::Discard {
                seat,
                pai,
                tsumogiri,
            } => {
                let s = self.seat(*seat)?;
                let id = self.take(*seat, *pai, *tsumogiri)?;
                self.last_draw[s] = None;
                self.last_out = Some((*seat, id));
                let _ = write!(self.out, "<{}{id}/>", Self::letter(s, true));
            }
            Event::Riichi { seat } => {
                let s = self.seat(*seat)?;
                self.riichi[s] = true;
                let _ = write!(self.out, "<REACH who=\"{s}\" step=\"1\"/>");
            }
            Event::RiichiAccepted { seat } => {
                let s = self.seat(*seat)?;
                self.scores[s] = self.scores[s].saturating_sub(1000);
                self.sticks = self.sticks.saturating_add(1);
                let _ = write!(
                    self.out,
                    "<REACH who=\"{s}\" ten=\"{}\" step=\"2\"/>",
                    Self::hundreds(&self.scores)
                );
            }
            Event::Call {
                kind,
                seat,
                from,
                pai,
                consumed,
            } => self.call(*kind, *seat, *from, *pai, consumed)?,
            Event::AddedKan { seat, pai, .. } => {
                let s = self.seat(*seat)?;
                let kind = kind(*pai);
                let at = self
                    .pons
                    .iter()
                    .position(|p| p.seat == *seat && p.kind == kind)
                    .ok_or(Unwritable::NoPon {
                        seat: *seat,
                        pai: *pai,
                    })?;
                let pon = self.pons.remove(at);
                let id = self.take(*seat, *pai, false)?;
                let t = u32::from(kind) * 3 + pon.called;
                let m = t << 9 | u32::from(id % 4) << 5 | 0x10 | pon.relative;
                self.replace_meld(s, &pon, m);
                self.last_draw[s] = None;
                self.last_out = Some((*seat, id));
                let _ = write!(self.out, "<N who=\"{s}\" m=\"{m}\"/>");
            }
            Event::ClosedKan { seat, consumed } => {
                let s = self.seat(*seat)?;
                for &p in consumed {
                    self.take(*seat, p, false)?;
                }
                let m = (u32::from(kind(consumed[0])) * 4) << 8;
                self.melds[s].push(m);
                self.last_draw[s] = None;
                let _ = write!(self.out, "<N who=\"{s}\" m=\"{m}\"/>");
            }
            Event::Kita { seat } => {
                let s = self.seat(*seat)?;
                let north = Tile::NORTH.black();
                let drawn = self.last_draw[s].is_some_and(|id| id / 4 == kind(north));
                let id = self.take(*seat, north, drawn)?;
                let m = u32::from(id) << 8 | 0x20;
                self.melds[s].push(m);
                self.last_draw[s] = None;
                self.last_out = Some((*seat, id));
                let _ = write!(self.out, "<N who=\"{s}\" m=\"{m}\"/>");
            }
            Event::Dora { indicator } => {
                let id = self.alloc(*indicator)?;
                self.dora.push(id);
                let _ = write!(self.out, "<DORA hai=\"{id}\"/>");
            }
            Event::Win(w) => self.agari(w, owari)?,
            Event::Ryukyoku {
                reason,
                deltas,
                tenpai,
            } => self.ryuukyoku(*reason, deltas.as_deref(), tenpai.as_deref(), owari)?,
        }
        Ok(())
    }

    /// Replaces a pon's code by its added kong's.
    fn replace_meld(&mut self, s: usize, pon: &Pon, m: u32) {
        let old = (u32::from(pon.kind) * 3 + pon.called) << 9;
        if let Some(x) = self.melds[s]
            .iter_mut()
            .find(|x| **x & 0x18 == 0x08 && (**x >> 9) == old >> 9)
        {
            *x = m;
        }
    }

    fn call(
        &mut self,
        kind: CallKind,
        seat: Seat,
        from: Seat,
        pai: Pai,
        consumed: &[Pai],
    ) -> Result<(), Unwritable> {
        let s = self.seat(seat)?;
        self.seat(from)?;
        let called = match self.last_out {
            Some((f, id))
                if f == from && Pai::from_id136(id).map(|p| self.red_of(p)) == Some(pai) =>
            {
                id
            }
            _ => return Err(Unwritable::NotLastDiscard { seat, pai, from }),
        };
        let mut own = Vec::new();
        for &p in consumed {
            own.push(self.take(seat, p, false)?);
        }
        let relative = u32::from((from + 4 - seat) % 4);
        let m = match kind {
            CallKind::Chi => {
                let mut ids = own.clone();
                ids.push(called);
                ids.sort_unstable();
                let first = ids[0] / 4;
                let (suit, number) = (first / 9, first % 9);
                if ids.len() != 3 || suit > 2 || number > 6 {
                    return Err(Unwritable::NotARun { seat, pai });
                }
                let at = ids.iter().position(|&id| id == called).unwrap_or(0) as u32;
                let t = (u32::from(suit) * 7 + u32::from(number)) * 3 + at;
                let copies = ids
                    .iter()
                    .enumerate()
                    .fold(0, |m, (i, &id)| m | u32::from(id % 4) << (3 + 2 * i));
                t << 10 | copies | 0x04 | relative
            }
            CallKind::Pon => {
                let mut ids = own.clone();
                ids.push(called);
                ids.sort_unstable();
                let kind = ids[0] / 4;
                let unused = (0..4).find(|c| !ids.contains(&(kind * 4 + c))).unwrap_or(0);
                let at = ids.iter().position(|&id| id == called).unwrap_or(0) as u32;
                let t = u32::from(kind) * 3 + at;
                self.pons.push(Pon {
                    seat,
                    kind,
                    called: at,
                    relative,
                });
                t << 9 | u32::from(unused) << 5 | 0x08 | relative
            }
            CallKind::OpenKan => u32::from(called) << 8 | relative,
        };
        self.melds[s].push(m);
        self.last_draw[s] = None;
        self.last_out = None;
        let _ = write!(self.out, "<N who=\"{s}\" m=\"{m}\"/>");
        Ok(())
    }

    /// The `yaku` and `yakuman` attributes of a recorded value, by Tenhou's ids.
    fn yaku(&self, w: &Win) -> Result<TenhouYaku, Unwritable> {
        let Some(v) = &w.value else {
            return Err(Unwritable::NoValue(w.seat));
        };
        let seat_wind = Wind::from_index((w.seat + self.n - self.k.dealer) % self.n);
        let mut han: Vec<(u32, u8)> = Vec::new();
        let mut yakuman = Vec::new();
        for y in &v.yaku {
            let known = tenhou_id_of_name(&y.name);
            let yaku = yaku_of_name(&y.name);
            let id = match (known, yaku) {
                (Some(id), _) => Some(id),
                (None, Some(Yaku::Kita)) => Some(DORA_ID),
                (None, Some(y)) => tenhou_id_of(y, self.k.round, seat_wind),
                (None, None) => None,
            }
            .ok_or_else(|| Unwritable::NoTenhouId(y.name.clone()))?;
            match y.value {
                YakuValueRec::Han(h) => match han.iter_mut().find(|(i, _)| *i == id) {
                    Some((_, x)) if id == DORA_ID => *x = x.saturating_add(h),
                    _ => han.push((id, h)),
                },
                YakuValueRec::Yakuman(_) => yakuman.push(id),
            }
        }
        if han.is_empty() && yakuman.is_empty() {
            return Err(Unwritable::NoYaku(w.seat));
        }
        Ok((han, yakuman))
    }

    fn agari(&mut self, w: &Win, owari: Option<&str>) -> Result<(), Unwritable> {
        let s = self.seat(w.seat)?;
        self.seat(w.from)?;
        let tsumo = w.seat == w.from;
        let machi = if tsumo {
            self.last_draw[s].ok_or(Unwritable::NoDraw(w.seat))?
        } else {
            match self.last_out {
                Some((f, id)) if f == w.from => id,
                _ => return Err(Unwritable::NoRonTile(w.from)),
            }
        };
        let mut hai = self.hands[s].clone();
        if !tsumo {
            hai.push(machi);
        }
        hai.sort_unstable();
        let (han, yakuman) = self.yaku(w)?;
        let v = w.value.as_ref().ok_or(Unwritable::NoValue(w.seat))?;
        let dealer = w.seat == self.k.dealer;
        let basic = recorded_basic(v, dealer, tsumo, self.game.players);
        let fu =
            v.fu.or_else(|| basic.and_then(|(_, fh)| fh.map(|(fu, _)| fu)))
                .unwrap_or(0);
        let points = v.points.unwrap_or(0);
        let limit = basic.map_or(0, |(b, _)| limit_of(b));
        let _ = write!(
            self.out,
            "<AGARI ba=\"{},{}\" hai=\"{}\"",
            self.k.honba,
            self.sticks,
            Self::ids(&hai)
        );
        if !self.melds[s].is_empty() {
            let m: Vec<String> = self.melds[s].iter().map(ToString::to_string).collect();
            let _ = write!(self.out, " m=\"{}\"", m.join(","));
        }
        let _ = write!(self.out, " machi=\"{machi}\" ten=\"{fu},{points},{limit}\"");
        if !han.is_empty() {
            let y: Vec<String> = han.iter().map(|(id, h)| format!("{id},{h}")).collect();
            let _ = write!(self.out, " yaku=\"{}\"", y.join(","));
        }
        if !yakuman.is_empty() {
            let y: Vec<String> = yakuman.iter().map(ToString::to_string).collect();
            let _ = write!(self.out, " yakuman=\"{}\"", y.join(","));
        }
        let _ = write!(self.out, " doraHai=\"{}\"", Self::ids(&self.dora));
        if self.riichi[s] && !self.k.ura.is_empty() {
            if self.ura.is_none() {
                let mut ura = Vec::new();
                for &p in &self.k.ura {
                    ura.push(self.alloc(p)?);
                }
                self.ura = Some(ura);
            }
            let ura = self.ura.clone().unwrap_or_default();
            let _ = write!(self.out, " doraHaiUra=\"{}\"", Self::ids(&ura));
        }
        let _ = write!(self.out, " who=\"{}\" fromWho=\"{}\"", w.seat, w.from);
        if let Some(p) = w.pao {
            let _ = write!(self.out, " paoWho=\"{p}\"");
        }
        let sc = self.sc(&w.deltas);
        let _ = write!(self.out, " sc=\"{sc}\"");
        if let Some(o) = owari {
            let _ = write!(self.out, " owari=\"{o}\"");
        }
        self.out.push_str("/>");
        self.sticks = 0;
        Ok(())
    }

    /// `sc`: each seat's score before and its change, in hundreds; the scores move on.
    fn sc(&mut self, deltas: &[i32]) -> String {
        let mut parts = Vec::new();
        for s in 0..4 {
            let d = deltas.get(s).copied().unwrap_or(0);
            parts.push((self.scores[s] / 100).to_string());
            parts.push((d / 100).to_string());
            self.scores[s] = self.scores[s].saturating_add(d);
        }
        parts.join(",")
    }

    fn ryuukyoku(
        &mut self,
        reason: DrawReason,
        deltas: Option<&[i32]>,
        tenpai: Option<&[bool]>,
        owari: Option<&str>,
    ) -> Result<(), Unwritable> {
        self.out.push_str("<RYUUKYOKU");
        let kind = match reason {
            DrawReason::Exhaustive => None,
            DrawReason::NagashiMangan => Some("nm"),
            DrawReason::NineTerminals => Some("yao9"),
            DrawReason::FourWinds => Some("kaze4"),
            DrawReason::FourRiichi => Some("reach4"),
            DrawReason::TripleRon => Some("ron3"),
            DrawReason::FourKans => Some("kan4"),
        };
        if let Some(t) = kind {
            let _ = write!(self.out, " type=\"{t}\"");
        }
        let _ = write!(self.out, " ba=\"{},{}\"", self.k.honba, self.sticks);
        let sc = self.sc(deltas.unwrap_or(&[]));
        let _ = write!(self.out, " sc=\"{sc}\"");
        // The hands shown: the ready ones at an exhaustive draw.
        if reason == DrawReason::Exhaustive {
            for (s, ready) in tenpai.unwrap_or(&[]).iter().enumerate() {
                if *ready && s < usize::from(self.n) {
                    let mut h = self.hands[s].clone();
                    h.sort_unstable();
                    let _ = write!(self.out, " hai{s}=\"{}\"", Self::ids(&h));
                }
            }
        }
        if let Some(o) = owari {
            let _ = write!(self.out, " owari=\"{o}\"");
        }
        self.out.push_str("/>");
        Ok(())
    }
}
