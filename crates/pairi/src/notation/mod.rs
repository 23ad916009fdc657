//! Tile and hand notation (`docs/notation.md`): [`parse`] reads every dialect,
//! [`format`](mod@format) writes them.

pub mod format;
pub mod parse;

pub use format::{
    format_counts, format_hand, format_meld, format_pai, format_pais, format_set, Format,
};
pub use parse::{
    parse_hand, parse_hand_unchecked, parse_hand_unchecked_with, parse_hand_with, parse_tile,
    parse_tiles, parse_tiles_each, parse_tiles_with, parse_wind, Dialect, NotationError,
    ParseError,
};

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;
