//! Actions a seat can take, their dense ids and their mjai form.
//!
//! The legal set ([`Legal`]) lists a seat's actions in one stable order:
//!
//! 1. on its turn: discards by tile (kind order, a black five before the red one; the
//!    tile from the hand before the same tile just drawn, `tsumogiri`), then riichi,
//!    closed kongs by kind, added kongs by kind, kita, tsumo, nine terminals;
//! 2. after a riichi declaration: the discards that keep the hand ready;
//! 3. on another seat's tile: chi (by the lowest tile of the run, without a red five
//!    first), pon (without a red five first), open kong, ron, and pass last.
//!
//! Ids ([`Action::id`], 0 to [`ACTION_IDS`] − 1) are fixed by the kind of action and
//! its tiles: discards 0–36 by tile (34 kinds, then red 5m, 5p, 5s), the same + 37 for
//! tsumogiri, riichi 74, tsumo 75, ron 76, chi 77–82 (the claimed tile's place in the
//! run low/middle/high, then + 3 with a red five among the caller's tiles), pon 83 and
//! 84 (with a red five), open kong 85, closed kong 86–119 and added kong 120–153 by
//! kind, kita 154, nine terminals 155, pass 156.

use crate::tile::{Pai, Tile};
use crate::util::FixedList;

/// A seat number, 0 to 3 (0 to 2 with three players); 0 is East in the first kyoku.
pub type Seat = u8;

/// The most actions one seat can have at once: on its turn at most 15 discards (14
/// tiles and the drawn one again), riichi, 3 closed and 2 added kongs, kita, tsumo and
/// nine terminals (24); on a claim at most 6 chi, 3 pon, a kong, ron and pass.
pub const MAX_LEGAL: usize = 32;

/// The legal actions of one seat, in the order of the module documentation.
pub type Legal = FixedList<Action, MAX_LEGAL>;

/// The number of action ids.
pub const ACTION_IDS: u16 = 157;

/// One action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Action {
    /// Discard a tile; `tsumogiri` when it is the tile just drawn.
    Discard {
        /// The tile (red fives distinct).
        pai: Pai,
        /// Whether it is the tile just drawn (ツモ切り).
        tsumogiri: bool,
    },
    /// Declare riichi; the declaring discard is the next action.
    Riichi,
    /// Win on the tile just drawn (ツモ).
    Tsumo,
    /// Win on the tile just discarded, added to a kong or set aside (ロン).
    Ron,
    /// Claim the left player's discard into a run with two own tiles.
    Chi {
        /// The caller's two tiles.
        consumed: [Pai; 2],
        /// The claimed tile.
        called: Pai,
    },
    /// Claim a discard into a triplet.
    Pon {
        /// The caller's two tiles.
        consumed: [Pai; 2],
        /// The claimed tile.
        called: Pai,
    },
    /// Claim a discard into a kong with three own tiles (大明槓).
    OpenKan {
        /// The claimed tile.
        called: Pai,
    },
    /// Make a kong of four concealed tiles (暗槓).
    ClosedKan {
        /// The kind.
        tile: Tile,
    },
    /// Add the fourth tile to a pon (加槓).
    AddedKan {
        /// The tile added.
        pai: Pai,
    },
    /// Set a North aside (抜きドラ, three players).
    Kita,
    /// Abort the hand with nine kinds of terminals and honours (九種九牌).
    NineTerminals,
    /// Decline every claim.
    #[default]
    Pass,
}

/// The 37-tile index of a tile: its kind, or 34 + suit for a red five.
#[must_use]
pub const fn pai_index(p: Pai) -> u16 {
    if p.is_red() {
        34 + p.tile().index() as u16 / 9
    } else {
        p.tile().index() as u16
    }
}

/// An action in words, as errors name it: `discard 1m`, `discard 1m (tsumogiri)`,
/// `riichi`, `tsumo`, `ron`, `chi 3m with 1m 2m`, `pon 5p with 5p 0p`, `open kan on 7s`,
/// `closed kan of 4z`, `added kan 5s`, `kita`, `nine terminals`, `pass`.
impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Action::Discard { pai, tsumogiri } => {
                write!(f, "discard {pai}")?;
                if tsumogiri {
                    f.write_str(" (tsumogiri)")?;
                }
                Ok(())
            }
            Action::Riichi => f.write_str("riichi"),
            Action::Tsumo => f.write_str("tsumo"),
            Action::Ron => f.write_str("ron"),
            Action::Chi { consumed, called } => {
                write!(f, "chi {called} with {} {}", consumed[0], consumed[1])
            }
            Action::Pon { consumed, called } => {
                write!(f, "pon {called} with {} {}", consumed[0], consumed[1])
            }
            Action::OpenKan { called } => write!(f, "open kan on {called}"),
            Action::ClosedKan { tile } => write!(f, "closed kan of {tile}"),
            Action::AddedKan { pai } => write!(f, "added kan {pai}"),
            Action::Kita => f.write_str("kita"),
            Action::NineTerminals => f.write_str("nine terminals"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

impl Action {
    /// The action's dense id (see the module documentation).
    #[must_use]
    pub fn id(&self) -> u16 {
        match *self {
            Action::Discard { pai, tsumogiri } => pai_index(pai) + if tsumogiri { 37 } else { 0 },
            Action::Riichi => 74,
            Action::Tsumo => 75,
            Action::Ron => 76,
            Action::Chi { consumed, called } => {
                let low = consumed[0].tile().min(consumed[1].tile());
                let place = if called.tile() < low {
                    0
                } else if called.tile().index() == low.index() + 1 {
                    1
                } else {
                    2
                };
                77 + place
                    + if consumed.iter().any(|p| p.is_red()) {
                        3
                    } else {
                        0
                    }
            }
            Action::Pon { consumed, .. } => 83 + u16::from(consumed.iter().any(|p| p.is_red())),
            Action::OpenKan { .. } => 85,
            Action::ClosedKan { tile } => 86 + tile.index() as u16,
            Action::AddedKan { pai } => 120 + pai.tile().index() as u16,
            Action::Kita => 154,
            Action::NineTerminals => 155,
            Action::Pass => 156,
        }
    }

    /// The mjai message type of the action (`dahai`, `reach`, `hora`, `chi`, `pon`,
    /// `daiminkan`, `ankan`, `kakan`, `nukidora`, `ryukyoku`, `none`).
    #[must_use]
    pub const fn mjai_type(&self) -> &'static str {
        match self {
            Action::Discard { .. } => "dahai",
            Action::Riichi => "reach",
            Action::Tsumo | Action::Ron => "hora",
            Action::Chi { .. } => "chi",
            Action::Pon { .. } => "pon",
            Action::OpenKan { .. } => "daiminkan",
            Action::ClosedKan { .. } => "ankan",
            Action::AddedKan { .. } => "kakan",
            Action::Kita => "nukidora",
            Action::NineTerminals => "ryukyoku",
            Action::Pass => "none",
        }
    }
}

/// The mjai name of a tile: `1m`–`9m`, `5mr` for a red five, `E S W N P F C` for the
/// honours.
#[must_use]
pub fn mjai_tile(p: Pai) -> &'static str {
    const NAMES: [&str; 37] = [
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p",
        "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N",
        "P", "F", "C", "5mr", "5pr", "5sr",
    ];
    NAMES[usize::from(pai_index(p))]
}

/// A list of tiles in mjai JSON: `["5mr","5m"]`.
pub(crate) fn mjai_tiles(tiles: &[Pai]) -> String {
    let names: Vec<String> = tiles
        .iter()
        .map(|&p| format!("\"{}\"", mjai_tile(p)))
        .collect();
    format!("[{}]", names.join(","))
}

/// What a seat needs to write an action as mjai JSON besides the action: who it
/// targets and, for kongs, the concealed tiles it takes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MjaiContext {
    /// The seat whose tile is claimed or won on (the actor for a self-draw).
    pub target: Seat,
    /// The tile won on.
    pub win: Pai,
    /// The tiles a closed or added kong or an open kong takes from the hand.
    pub kan: FixedList<Pai, 4>,
}

/// The mjai JSON of `action` by `seat`.
pub(crate) fn mjai_json(seat: Seat, action: &Action, cx: &MjaiContext) -> String {
    let t = action.mjai_type();
    match *action {
        Action::Discard { pai, tsumogiri } => format!(
            r#"{{"type":"{t}","actor":{seat},"pai":"{}","tsumogiri":{tsumogiri}}}"#,
            mjai_tile(pai)
        ),
        Action::Tsumo | Action::Ron => format!(
            r#"{{"type":"{t}","actor":{seat},"target":{},"pai":"{}"}}"#,
            cx.target,
            mjai_tile(cx.win)
        ),
        Action::Chi { consumed, called } | Action::Pon { consumed, called } => format!(
            r#"{{"type":"{t}","actor":{seat},"target":{},"pai":"{}","consumed":{}}}"#,
            cx.target,
            mjai_tile(called),
            mjai_tiles(&consumed)
        ),
        Action::OpenKan { called } => format!(
            r#"{{"type":"{t}","actor":{seat},"target":{},"pai":"{}","consumed":{}}}"#,
            cx.target,
            mjai_tile(called),
            mjai_tiles(&cx.kan)
        ),
        Action::ClosedKan { .. } => format!(
            r#"{{"type":"{t}","actor":{seat},"consumed":{}}}"#,
            mjai_tiles(&cx.kan)
        ),
        Action::AddedKan { pai } => format!(
            r#"{{"type":"{t}","actor":{seat},"pai":"{}","consumed":{}}}"#,
            mjai_tile(pai),
            mjai_tiles(&cx.kan)
        ),
        Action::Kita => format!(r#"{{"type":"{t}","actor":{seat},"pai":"N"}}"#),
        Action::NineTerminals => {
            format!(r#"{{"type":"{t}","actor":{seat},"reason":"kyushukyuhai"}}"#)
        }
        Action::Riichi => format!(r#"{{"type":"{t}","actor":{seat}}}"#),
        Action::Pass => format!(r#"{{"type":"{t}"}}"#),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::t;

    #[test]
    fn ids_ok_distinct_and_in_range() {
        let five = t!(5m);
        let red = five.red().unwrap();
        let b = |t: Tile| t.black();
        let actions = [
            Action::Discard {
                pai: red,
                tsumogiri: false,
            },
            Action::Discard {
                pai: red,
                tsumogiri: true,
            },
            Action::Chi {
                consumed: [b(t!(3m)), b(t!(4m))],
                called: b(five),
            },
            Action::Chi {
                consumed: [b(t!(4m)), b(t!(6m))],
                called: red,
            },
            Action::Chi {
                consumed: [red, b(t!(7m))],
                called: b(t!(6m)),
            },
            Action::Pon {
                consumed: [red, b(five)],
                called: b(five),
            },
            Action::ClosedKan { tile: t!(7z) },
            Action::AddedKan { pai: b(t!(1m)) },
            Action::Pass,
        ];
        let ids: Vec<u16> = actions.iter().map(Action::id).collect();
        assert_eq!(ids, [34, 71, 79, 78, 81, 84, 119, 120, 156]);
        assert!(ids.iter().all(|&i| i < ACTION_IDS));
        assert_eq!(mjai_tile(red), "5mr");
        assert_eq!(mjai_tile(b(t!(7z))), "C");
    }
}
