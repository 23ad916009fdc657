//! The fixed action space: every action a seat can take has one index below
//! [`ACTION_COUNT`], and within one legal set no two actions share an index.

use crate::table::action::pai_index;
use crate::table::{Action, Legal};

/// Discards from the hand: 37 indices, the 34 kinds then red 5m, 5p, 5s.
pub const DISCARD: usize = 0;
/// Discards of the tile just drawn (ツモ切り): 37 indices, as [`DISCARD`].
pub const TSUMOGIRI: usize = 37;
/// Riichi (the declaring discard is the next decision).
pub const RIICHI: usize = 74;
/// Chi: 6 indices, the claimed tile low, middle or high in the run, then the same + 3
/// with a red five among the caller's two tiles.
pub const CHI: usize = 75;
/// Pon: 2 indices, without then with a red five among the caller's two tiles.
pub const PON: usize = 81;
/// Open kong (大明槓): 34 indices by kind.
pub const OPEN_KAN: usize = 83;
/// Closed kong (暗槓): 34 indices by kind.
pub const CLOSED_KAN: usize = 117;
/// Added kong (加槓): 34 indices by kind.
pub const ADDED_KAN: usize = 151;
/// Kita (北抜き, three players).
pub const KITA: usize = 185;
/// Win on the tile drawn.
pub const TSUMO: usize = 186;
/// Win on another seat's tile.
pub const RON: usize = 187;
/// Abort with nine kinds of terminals and honours.
pub const NINE_TERMINALS: usize = 188;
/// Decline every claim.
pub const PASS: usize = 189;
/// The number of action indices.
pub const ACTION_COUNT: usize = 190;

/// The index of an action, below [`ACTION_COUNT`].
#[must_use]
pub fn index_of(action: &Action) -> usize {
    match *action {
        Action::Discard { pai, tsumogiri } => {
            usize::from(pai_index(pai)) + if tsumogiri { TSUMOGIRI } else { DISCARD }
        }
        Action::Riichi => RIICHI,
        Action::Chi { consumed, called } => {
            let low = consumed[0].tile().min(consumed[1].tile());
            let place = if called.tile() < low {
                0
            } else if called.tile().index() == low.index() + 1 {
                1
            } else {
                2
            };
            CHI + place
                + if consumed.iter().any(|p| p.is_red()) {
                    3
                } else {
                    0
                }
        }
        Action::Pon { consumed, .. } => PON + usize::from(consumed.iter().any(|p| p.is_red())),
        Action::OpenKan { called } => OPEN_KAN + called.tile().index(),
        Action::ClosedKan { tile } => CLOSED_KAN + tile.index(),
        Action::AddedKan { pai } => ADDED_KAN + pai.tile().index(),
        Action::Kita => KITA,
        Action::Tsumo => TSUMO,
        Action::Ron => RON,
        Action::NineTerminals => NINE_TERMINALS,
        Action::Pass => PASS,
    }
}

/// The legal action at `index`, if one is there.
#[must_use]
pub fn action_at(index: usize, legal: &Legal) -> Option<Action> {
    legal.iter().copied().find(|a| index_of(a) == index)
}

/// Marks the indices of the legal actions in `out` (true) and clears the others;
/// `out` shorter than [`ACTION_COUNT`] is filled as far as it goes.
pub fn mask(legal: &Legal, out: &mut [bool]) {
    out.fill(false);
    for a in legal.iter() {
        if let Some(m) = out.get_mut(index_of(a)) {
            *m = true;
        }
    }
}
