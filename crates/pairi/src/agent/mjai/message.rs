//! Events as mjai messages, written once for the two places pairi writes them: the
//! stream a bot receives ([`super::event`], a table event as one seat sees it) and a
//! record's lines (`record::mjai`, a recorded event in its kyoku).
//!
//! [`event`] writes every variant of [`Event`] for any [`Detail`]; what differs
//! between a played game and a record (a draw's tile, a win, a drawn hand, the deal and
//! the scores at the ends) comes from the writer's [`Payloads`], each as the fields its
//! message states. The two forms differ in two places, kept by [`Dialect`]: a North set
//! aside is a bot's `nukidora` (with its tile) and a record's `kita`, and a bot's `hora`
//! names its tile before the changes where a record's names it after the ura dora.

use crate::table::{mjai_tile, CallKind, Detail, DrawReason, Event, Seat};
use crate::tile::{Pai, Wind};
use serde_json::{json, Map, Value};

/// Which of the two forms a message is written in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialect {
    /// The messages a bot receives (as mjai.app's simulator sends them).
    Bot,
    /// A record's lines (the RiichiEnv form of wins, the original `kita`).
    Record,
}

/// What a `start_kyoku` states.
#[derive(Clone, Debug)]
pub struct StartKyoku<'a> {
    /// The round wind.
    pub round: Wind,
    /// The dealer.
    pub dealer: Seat,
    /// Honba counters.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub riichi_sticks: u32,
    /// Scores at the start, a seat each.
    pub scores: &'a [i32],
    /// The first dora indicator.
    pub dora: Pai,
    /// Each seat's dealt tiles; `None` for a hand not shown (13 `?`).
    pub hands: Vec<Option<&'a [Pai]>>,
}

/// What a `hora` states; the fields that are `None` are left out.
#[derive(Clone, Debug)]
pub struct Hora<'a> {
    /// The winner.
    pub actor: Seat,
    /// Who dealt the tile; the winner for a self-draw.
    pub target: Seat,
    /// The winning tile.
    pub pai: Option<Pai>,
    /// Score changes, a seat each.
    pub deltas: Option<&'a [i32]>,
    /// The ura dora indicators (written even when empty).
    pub ura: &'a [Pai],
    /// The yaku, each `[name, han]`.
    pub yakus: Option<Vec<Value>>,
    /// Han.
    pub fan: Option<u8>,
    /// Fu.
    pub fu: Option<u8>,
    /// What the other players pay in all (`hora_points`).
    pub points: Option<u32>,
    /// The player liable for a yakuman.
    pub pao: Option<Seat>,
}

/// What a `ryukyoku` states besides its reason; `None` is left out.
#[derive(Clone, Debug)]
pub struct Ryukyoku<'a> {
    /// Score changes, a seat each.
    pub deltas: Option<&'a [i32]>,
    /// Which seats were ready.
    pub tenpais: Option<&'a [bool]>,
}

/// The payloads of one [`Detail`] as the fields of their messages: what a writer of
/// [`event`] supplies.
pub trait Payloads<D: Detail> {
    /// The form written.
    fn dialect(&self) -> Dialect;
    /// A drawn tile, `None` when hidden (`?`).
    fn draw(&self, pai: &D::DrawTile) -> Option<Pai>;
    /// The deal.
    fn start_kyoku<'a>(&'a self, start: &'a D::KyokuStart) -> StartKyoku<'a>;
    /// A win.
    fn hora<'a>(&'a self, win: &'a D::Win) -> Hora<'a>;
    /// A drawn hand's changes and ready seats.
    fn ryukyoku<'a>(&'a self, deltas: &'a D::Deltas, tenpai: &'a D::Tenpai) -> Ryukyoku<'a>;
    /// The final scores of an `end_game`, a seat each; `None` leaves them out.
    fn end_scores<'a>(&'a self, scores: &'a D::Scores) -> Option<&'a [i32]>;
}

fn names(tiles: &[Pai]) -> Vec<&'static str> {
    tiles.iter().map(|&p| mjai_tile(p)).collect()
}

/// The mjai message of `e`, its payloads written through `p`.
#[must_use]
pub fn event<D: Detail>(e: &Event<D>, p: &impl Payloads<D>) -> Value {
    match e {
        Event::KyokuStart(k) => start_kyoku(&p.start_kyoku(k)),
        Event::Draw { seat, pai } => {
            json!({"type": "tsumo", "actor": seat, "pai": p.draw(pai).map_or("?", mjai_tile)})
        }
        Event::Discard {
            seat,
            pai,
            tsumogiri,
        } => {
            json!({"type": "dahai", "actor": seat, "pai": mjai_tile(*pai), "tsumogiri": tsumogiri})
        }
        Event::Riichi { seat } => json!({"type": "reach", "actor": seat}),
        Event::RiichiAccepted { seat } => json!({"type": "reach_accepted", "actor": seat}),
        Event::Call {
            kind,
            seat,
            from,
            pai,
            consumed,
        } => {
            let t = match kind {
                CallKind::Chi => "chi",
                CallKind::Pon => "pon",
                CallKind::OpenKan => "daiminkan",
            };
            json!({"type": t, "actor": seat, "target": from, "pai": mjai_tile(*pai), "consumed": names(consumed)})
        }
        Event::AddedKan {
            seat,
            pai,
            consumed,
        } => {
            json!({"type": "kakan", "actor": seat, "pai": mjai_tile(*pai), "consumed": names(consumed)})
        }
        Event::ClosedKan { seat, consumed } => {
            json!({"type": "ankan", "actor": seat, "consumed": names(consumed)})
        }
        Event::Kita { seat } => match p.dialect() {
            Dialect::Bot => json!({"type": "nukidora", "actor": seat, "pai": "N"}),
            Dialect::Record => json!({"type": "kita", "actor": seat}),
        },
        Event::Dora { indicator } => {
            json!({"type": "dora", "dora_marker": mjai_tile(*indicator)})
        }
        Event::Win(w) => hora(&p.hora(w), p.dialect()),
        Event::Ryukyoku {
            reason,
            deltas,
            tenpai,
        } => ryukyoku(*reason, &p.ryukyoku(deltas, tenpai)),
        Event::KyokuEnd { .. } => end_kyoku(),
        Event::GameEnd { scores, .. } => end_game(p.end_scores(scores)),
    }
}

/// A `start_game`: the seat it is sent to (a bot's stream), then the players' names.
#[must_use]
pub fn start_game(id: Option<Seat>, names: &[String]) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("type".into(), json!("start_game"));
    if let Some(id) = id {
        m.insert("id".into(), json!(id));
    }
    m.insert("names".into(), json!(names));
    m
}

/// A `start_kyoku`.
#[must_use]
pub fn start_kyoku(k: &StartKyoku<'_>) -> Value {
    let tehais: Vec<Vec<&str>> = k
        .hands
        .iter()
        .map(|h| h.map_or_else(|| vec!["?"; 13], names))
        .collect();
    json!({
        "type": "start_kyoku",
        "bakaze": k.round.letter().to_string(),
        "dora_marker": mjai_tile(k.dora),
        "kyoku": k.dealer + 1,
        "honba": k.honba,
        "kyotaku": k.riichi_sticks,
        "oya": k.dealer,
        "scores": k.scores,
        "tehais": tehais,
    })
}

/// A `hora` in `dialect`.
#[must_use]
pub fn hora(h: &Hora<'_>, dialect: Dialect) -> Value {
    let mut m = Map::new();
    m.insert("type".into(), json!("hora"));
    m.insert("actor".into(), json!(h.actor));
    m.insert("target".into(), json!(h.target));
    let pai = h.pai.map(|p| json!(mjai_tile(p)));
    if dialect == Dialect::Bot {
        if let Some(p) = &pai {
            m.insert("pai".into(), p.clone());
        }
    }
    if let Some(d) = h.deltas {
        m.insert("deltas".into(), json!(d));
    }
    m.insert("ura_markers".into(), json!(names(h.ura)));
    if dialect == Dialect::Record {
        if let Some(p) = pai {
            m.insert("pai".into(), p);
        }
    }
    if let Some(y) = &h.yakus {
        m.insert("yakus".into(), Value::Array(y.clone()));
    }
    if let Some(f) = h.fan {
        m.insert("fan".into(), json!(f));
    }
    if let Some(f) = h.fu {
        m.insert("fu".into(), json!(f));
    }
    if let Some(p) = h.points {
        m.insert("hora_points".into(), json!(p));
    }
    if let Some(p) = h.pao {
        m.insert("pao".into(), json!(p));
    }
    Value::Object(m)
}

/// A `ryukyoku`.
#[must_use]
pub fn ryukyoku(reason: DrawReason, r: &Ryukyoku<'_>) -> Value {
    let mut m = Map::new();
    m.insert("type".into(), json!("ryukyoku"));
    m.insert("reason".into(), json!(reason.mjai()));
    if let Some(d) = r.deltas {
        m.insert("deltas".into(), json!(d));
    }
    if let Some(t) = r.tenpais {
        m.insert("tenpais".into(), json!(t));
    }
    Value::Object(m)
}

/// An `end_kyoku`.
#[must_use]
pub fn end_kyoku() -> Value {
    json!({"type": "end_kyoku"})
}

/// An `end_game`, with the final scores when given.
#[must_use]
pub fn end_game(scores: Option<&[i32]>) -> Value {
    match scores {
        Some(s) => json!({"type": "end_game", "scores": s}),
        None => json!({"type": "end_game"}),
    }
}
