//! pairi (牌理): mahjong hand logic.
//!
//! Tiles and notation, hand analysis (decompositions, shanten, waits, useful tiles,
//! discards) and scoring under Japanese Riichi and Chinese Official (MCR) rules.
//! The library does no I/O and never prints; every public function returns a typed
//! error instead of panicking on user input.
//!
//! ```
//! use pairi::notation::parse_hand;
//! let hand = parse_hand("123m406p789s11z").unwrap();
//! assert_eq!(hand.concealed_len(), 11);
//! assert_eq!(hand.to_string(), "123m406p789s11z");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
#[cfg(feature = "serde")]
pub mod api;
pub mod decompose;
pub mod hand;
pub mod mcr;
pub mod notation;
pub mod riichi;
pub mod shanten;
pub mod stats;
pub mod tables;
pub mod tile;

pub use hand::{Hand, HandError, HandSize, Meld, MeldKind, Source};
pub use notation::ParseError;
pub use tile::{Pai, Suit, Tile, TileCounts, TileSet};

/// Any error of the library. [`Error::kind`] is the JSON error kind of `spec/json-api.md`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Notation that cannot be read.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A hand that breaks the rules of the game.
    #[error(transparent)]
    Hand(#[from] HandError),
    /// A Chinese Official (MCR) fan request that cannot be scored.
    #[error(transparent)]
    Fan(#[from] mcr::FanError),
    /// A Riichi hand that cannot be scored (impossible, incomplete, no yaku).
    #[error(transparent)]
    Score(#[from] riichi::ScoreError),
    /// A shanten distribution that cannot be computed (hand size, form, wall).
    #[error(transparent)]
    Stats(#[from] stats::StatsError),
}

impl Error {
    /// The JSON error kind: `parse`, `invalid_hand`, ….
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            Error::Parse(e) => e.kind(),
            Error::Hand(e) => e.kind(),
            Error::Fan(e) => e.kind(),
            Error::Score(e) => e.kind(),
            Error::Stats(e) => e.kind(),
        }
    }
}
