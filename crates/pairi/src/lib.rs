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

// The layer order of the modules is the table of ARCHITECTURE.md (rustfmt sorts this
// list); `tests/layering.rs` enforces it.
pub mod agent;
pub mod analysis;
#[cfg(feature = "serde")]
pub mod api;
pub mod decompose;
pub mod encode;
pub mod error;
pub mod ev;
pub mod hand;
pub mod mcr;
pub mod notation;
#[cfg(feature = "serde")]
pub mod record;
pub mod riichi;
pub mod shanten;
pub mod stats;
pub mod table;
pub mod tables;
pub mod tile;
pub mod util;
pub mod wall;

/// The shared test data, for the unit tests that read it (one file with the
/// integration tests').
#[cfg(test)]
#[path = "../tests/shared.rs"]
mod test_shared;

pub use error::ErrorKind;
pub use hand::{Hand, HandError, HandSize, Meld, MeldKind, Source};
pub use notation::{NotationError, ParseError};
pub use tile::{Pai, Suit, Tile, TileCounts, TileSet, Wind};
pub use wall::Wall;
