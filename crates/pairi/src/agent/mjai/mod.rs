//! The mjai protocol: how bots that are other programs (Mortal, akochan, the entries of
//! mjai.app) see a game and answer.
//!
//! A bot receives the events of the game as mjai messages (`start_game`, `start_kyoku`,
//! `tsumo`, `dahai`, `reach`, `reach_accepted`, `chi`, `pon`, `daiminkan`, `kakan`,
//! `ankan`, `nukidora`, `dora`, `hora`, `ryukyoku`, `end_kyoku`, `end_game`), as its seat
//! sees them (another seat's draws and dealt tiles as `"?"`), and answers a decision with
//! one message: `dahai`, `reach`, `hora`, `chi`, `pon`, `daiminkan`, `ankan`, `kakan`,
//! `nukidora`, `ryukyoku` or `none`. As mjai.app's simulator does, a front sends a bot
//! the events up to its decision as one JSON array on one line, and reads its answer as
//! one JSON object on one line.
//!
//! - [`start_game`], [`event`]: the messages a seat receives, written by [`message`],
//!   which writes a record's lines too (`record::mjai`);
//! - [`reply`]: an answer read back into one of the legal actions;
//! - [`action_message`]: an action written as the answer a bot gives;
//! - [`View`]: the other way round, a seat's [`Observation`] and legal actions rebuilt
//!   from the messages it receives, so that pairi's agents can play as mjai bots.

pub mod message;
mod view;

pub use view::{View, ViewError};

use message::{Dialect, Hora, Payloads, Ryukyoku, StartKyoku};

use crate::table::{mjai_tile, Action, Event, KyokuStart, Observation, Played, Seat, Win};
use crate::tile::{Pai, Tile};
use serde_json::{json, Value};

/// The tile of an mjai name (`5mr`, `E`, ... ).
#[must_use]
pub fn pai_named(name: &str) -> Option<Pai> {
    (0..37u8).map(pai_of_index).find(|&p| mjai_tile(p) == name)
}

/// The tile of a 37-tile index (34 kinds, then the red fives).
fn pai_of_index(i: u8) -> Pai {
    if i < 34 {
        Tile::new_unchecked(i).black()
    } else {
        let t = Tile::new_unchecked((i - 34) * 9 + 4);
        t.red().unwrap_or(t.black())
    }
}

fn names(tiles: &[Pai]) -> Vec<&'static str> {
    tiles.iter().map(|&p| mjai_tile(p)).collect()
}

/// The `start_game` message for `seat`.
#[must_use]
pub fn start_game(seat: Seat, names: &[String]) -> Value {
    Value::Object(message::start_game(Some(seat), names))
}

/// The mjai message of a table event (as the seat sees it: pass `Event::seen_by`); a
/// hidden tile is `"?"`.
#[must_use]
pub fn event(e: &Event, players: u8) -> Value {
    message::event(
        e,
        &Stream {
            n: usize::from(players.clamp(3, 4)),
        },
    )
}

/// The table's payloads as a bot's stream writes them, for `n` players.
struct Stream {
    n: usize,
}

impl Payloads<Played> for Stream {
    fn dialect(&self) -> Dialect {
        Dialect::Bot
    }

    fn draw(&self, pai: &Option<Pai>) -> Option<Pai> {
        *pai
    }

    fn start_kyoku<'a>(&'a self, k: &'a KyokuStart) -> StartKyoku<'a> {
        StartKyoku {
            round: k.round,
            dealer: k.dealer,
            honba: k.honba,
            riichi_sticks: k.riichi_sticks,
            scores: &k.scores[..self.n],
            dora: k.dora,
            hands: (0..self.n)
                .map(|s| (k.shown & (1 << s) != 0).then_some(&k.hands[s][..]))
                .collect(),
        }
    }

    fn hora<'a>(&'a self, w: &'a Win) -> Hora<'a> {
        Hora {
            actor: w.seat,
            target: w.from,
            pai: Some(w.pai),
            deltas: Some(&w.deltas[..self.n]),
            ura: &w.ura,
            yakus: None,
            fan: Some(w.han),
            fu: Some(w.fu),
            points: Some(w.points),
            pao: None,
        }
    }

    fn ryukyoku<'a>(&'a self, deltas: &'a [i32; 4], _: &'a u8) -> Ryukyoku<'a> {
        Ryukyoku {
            deltas: Some(&deltas[..self.n]),
            tenpais: None,
        }
    }

    fn end_scores<'a>(&'a self, scores: &'a [i32; 4]) -> Option<&'a [i32]> {
        Some(&scores[..self.n])
    }
}

/// Whether a bot is asked to answer after `e`: its decisions, and the end of a kyoku
/// and of the game (answered with `none`).
#[must_use]
pub fn ends_batch(e: &Event) -> bool {
    matches!(e, Event::KyokuEnd { .. } | Event::GameEnd { .. })
}

/// Why an answer is not one of the legal actions.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplyError {
    /// Not a JSON object with a `type`.
    #[error("unreadable answer: {0}")]
    Unreadable(String),
    /// A well-formed action that is not legal now.
    #[error("illegal answer: {0}")]
    Illegal(String),
}

/// The legal action a bot's answer `text` names.
///
/// A `dahai` is matched by its tile (a red five is its own tile); its `tsumogiri` flag
/// chooses between the tile from the hand and the one just drawn when both are legal.
/// `hora` is the tsumo or ron on offer; `chi` and `pon` are matched by their tiles,
/// `ankan` and `kakan` by kind; `none` is a pass, or on the seat's turn not an action.
///
/// # Errors
///
/// [`ReplyError`]: not JSON, or no legal action matches.
pub fn reply(text: &str, legal: &[Action]) -> Result<Action, ReplyError> {
    let v: Value = serde_json::from_str(text.trim())
        .map_err(|e| ReplyError::Unreadable(format!("{e}: {}", clip(text))))?;
    let illegal = || ReplyError::Illegal(clip(text));
    let t = v
        .get("type")
        .and_then(Value::as_str)
        .ok_or_else(|| ReplyError::Unreadable(clip(text)))?;
    let pai = || v.get("pai").and_then(Value::as_str).and_then(pai_named);
    let consumed = || -> Option<Vec<Pai>> {
        v.get("consumed")?
            .as_array()?
            .iter()
            .map(|x| x.as_str().and_then(pai_named))
            .collect()
    };
    let same = |a: &[Pai], b: &[Pai]| {
        let mut a = a.to_vec();
        let mut b = b.to_vec();
        a.sort_by_key(|p| (p.tile(), p.is_red()));
        b.sort_by_key(|p| (p.tile(), p.is_red()));
        a == b
    };
    let found = match t {
        "dahai" => {
            let p = pai().ok_or_else(illegal)?;
            let want = v.get("tsumogiri").and_then(Value::as_bool);
            let of = |tg: Option<bool>| {
                legal.iter().copied().find(|a| {
                    matches!(*a, Action::Discard { pai, tsumogiri }
                        if pai == p && tg.is_none_or(|x| x == tsumogiri))
                })
            };
            of(want).or_else(|| of(None))
        }
        "reach" => legal.iter().copied().find(|a| *a == Action::Riichi),
        "hora" => legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Tsumo | Action::Ron)),
        "chi" | "pon" => {
            let c = consumed().ok_or_else(illegal)?;
            legal.iter().copied().find(|a| match (t, *a) {
                ("chi", Action::Chi { consumed, called })
                | ("pon", Action::Pon { consumed, called }) => {
                    same(&consumed, &c) && pai().is_none_or(|p| p == called)
                }
                _ => false,
            })
        }
        "daiminkan" => legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::OpenKan { .. })),
        "ankan" => {
            let k = consumed()
                .and_then(|c| c.first().map(|p| p.tile()))
                .or_else(|| pai().map(|p| p.tile()));
            legal
                .iter()
                .copied()
                .find(|a| matches!(*a, Action::ClosedKan { tile } if k.is_none_or(|k| k == tile)))
        }
        "kakan" => {
            let k = pai().map(|p| p.tile());
            legal.iter().copied().find(
                |a| matches!(*a, Action::AddedKan { pai } if k.is_none_or(|k| k == pai.tile())),
            )
        }
        "nukidora" | "kita" => legal.iter().copied().find(|a| *a == Action::Kita),
        "ryukyoku" => legal.iter().copied().find(|a| *a == Action::NineTerminals),
        "none" => legal.iter().copied().find(|a| *a == Action::Pass),
        _ => None,
    };
    found.ok_or_else(illegal)
}

/// At most 200 characters of a bot's text, for a log line.
fn clip(text: &str) -> String {
    let t = text.trim();
    match t.char_indices().nth(200) {
        Some((i, _)) => format!("{}…", &t[..i]),
        None => t.to_owned(),
    }
}

/// `action` as the answer an mjai bot at the seat of `obs` gives.
#[must_use]
pub fn action_message(obs: &Observation, action: Action) -> Value {
    let seat = obs.seat;
    let target = obs.claimable.map_or(seat, |(from, _)| from);
    let held = |t: Tile, n: usize| -> Vec<&'static str> {
        // Red fives first, as the table takes them.
        let mut v: Vec<Pai> = obs.hand.iter().copied().filter(|p| p.tile() == t).collect();
        v.sort_by_key(|p| !p.is_red());
        v.truncate(n);
        names(&v)
    };
    match action {
        Action::Discard { pai, tsumogiri } => {
            json!({"type": "dahai", "actor": seat, "pai": mjai_tile(pai), "tsumogiri": tsumogiri})
        }
        Action::Riichi => json!({"type": "reach", "actor": seat}),
        Action::Tsumo => json!({
            "type": "hora", "actor": seat, "target": seat,
            "pai": obs.drawn.map_or("?", mjai_tile),
        }),
        Action::Ron => json!({
            "type": "hora", "actor": seat, "target": target,
            "pai": obs.claimable.map_or("?", |(_, p)| mjai_tile(p)),
        }),
        Action::Chi { consumed, called } | Action::Pon { consumed, called } => json!({
            "type": action.mjai_type(), "actor": seat, "target": target,
            "pai": mjai_tile(called), "consumed": names(&consumed),
        }),
        Action::OpenKan { called } => json!({
            "type": "daiminkan", "actor": seat, "target": target,
            "pai": mjai_tile(called), "consumed": held(called.tile(), 3),
        }),
        Action::ClosedKan { tile } => {
            json!({"type": "ankan", "actor": seat, "consumed": held(tile, 4)})
        }
        Action::AddedKan { pai } => {
            let meld = obs.melds[usize::from(seat.min(3))]
                .iter()
                .find(|m| m.first() == pai.tile() && !m.kind().is_kan())
                .map(|m| m.pais().collect::<Vec<_>>())
                .unwrap_or_default();
            json!({"type": "kakan", "actor": seat, "pai": mjai_tile(pai), "consumed": names(&meld)})
        }
        Action::Kita => json!({"type": "nukidora", "actor": seat, "pai": "N"}),
        Action::NineTerminals => {
            json!({"type": "ryukyoku", "actor": seat, "reason": "kyushukyuhai"})
        }
        Action::Pass => json!({"type": "none"}),
    }
}

#[cfg(test)]
mod tests;
