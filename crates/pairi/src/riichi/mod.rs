//! Japanese Riichi scoring (日本麻雀の点数計算 / 日麻算分): rules, situation, yaku, fu,
//! points.
//!
//! Three inputs, kept apart: the [`Hand`](crate::Hand) (concealed tiles with red
//! fives, and melds), the [`WinContext`] (winning tile, tsumo or ron, riichi, special
//! events, winds, dora, counters) and the [`Rules`]. [`score()`] returns a [`Score`]:
//! han, fu with every item, yaku, yakuman, limit, payments, total, and the reading and
//! wait chosen among all readings of [`crate::decompose`].
//!
//! ```
//! use pairi::notation::parse_hand;
//! use pairi::riichi::{score, Rules, WinContext};
//! use pairi::tile::Wind;
//! use pairi::t;
//!
//! let hand = parse_hand("234m406p78999s[777z]").unwrap();
//! let ctx = WinContext::ron(t!(9s).black())
//!     .with_winds(Wind::East, Wind::South)
//!     .unwrap();
//! let s = score(&hand, &ctx, &Rules::default()).unwrap();
//! assert_eq!((s.han, s.fu, s.total), (2, 30, 2000)); // red dragon + red five
//! ```
//!
//! This module never imports `mcr`; both build on `decompose`.

pub mod context;
pub mod fu;
pub mod rules;
pub mod score;
pub mod yaku;

pub use context::{
    FirstTurn, Flags, Impossible, Riichi, RonEvent, TsumoEvent, WinContext, WinMethod,
};
pub use fu::{Fu, FuItem, FuReason};
pub use rules::{Preset, Rules};
pub use score::{score, Limit, Payments, Score};
pub use yaku::{Yaku, YakuValue};

use crate::error::ErrorKind;
use crate::hand::HandError;

/// Why a hand could not be scored. [`ScoreError::kind`] is the JSON error kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// The tiles break the rules of the game (`invalid_hand`).
    #[error(transparent)]
    Hand(#[from] HandError),
    /// The situation cannot happen with this hand (`invalid_hand`).
    #[error("impossible situation: {0}")]
    Impossible(#[from] Impossible),
    /// No reading completes the hand (`not_winning`).
    #[error("the hand is not complete")]
    NotWinning,
    /// The hand is complete but has no yaku; dora alone do not count (`no_yaku`).
    #[error("the hand has no yaku")]
    NoYaku,
}

impl ScoreError {
    /// The JSON error kind: invalid hand, not winning or no yaku.
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        match self {
            ScoreError::Hand(_) | ScoreError::Impossible(_) => ErrorKind::InvalidHand,
            ScoreError::NotWinning => ErrorKind::NotWinning,
            ScoreError::NoYaku => ErrorKind::NoYaku,
        }
    }
}

#[cfg(test)]
mod tests;
