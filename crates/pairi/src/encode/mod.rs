//! Fixed-size numeric encodings of a seat's decision, for learning programs: the
//! action space ([`index_of`], [`action_at`], [`mask`]) and the observation planes
//! ([`observe`]), both versioned by [`ENCODING_VERSION`]. `docs/env.md` lists every
//! index range and every plane.
//!
//! Both are pure computation over the table's public types: an action index over
//! [`Action`](crate::table::Action), the planes over a seat's
//! [`Observation`](crate::table::Observation) only, which holds no other seat's
//! concealed tiles, so no encoding can reveal them. Nothing allocates: the caller
//! owns the buffers.
//!
//! ```
//! use pairi::encode::{self, ACTION_COUNT, OBS_SIZE};
//! use pairi::table::{Table, TablePreset, WallSource};
//!
//! let table = Table::new(TablePreset::Tenhou.rules(), WallSource::Seed(1)).unwrap();
//! let seat = table.to_act().trailing_zeros() as u8;
//! let legal = table.legal(seat);
//! let mut planes = [0f32; OBS_SIZE];
//! encode::observe(&table.observation(seat), &mut planes);
//! let mut mask = [false; ACTION_COUNT];
//! encode::mask(&legal, &mut mask);
//! let first = mask.iter().position(|&m| m).unwrap();
//! assert_eq!(encode::action_at(first, &legal), Some(legal[0]));
//! ```

mod action;
mod planes;
#[cfg(test)]
mod tests;

pub use action::{action_at, index_of, mask, ACTION_COUNT};
pub use action::{
    ADDED_KAN, CHI, CLOSED_KAN, DISCARD, KITA, NINE_TERMINALS, OPEN_KAN, PASS, PON, RIICHI, RON,
    TSUMO, TSUMOGIRI,
};
pub use planes::{
    observe, observe_bytes, scalar, seat_plane, BYTE_PLANES, OBS_SHAPE, OBS_SIZE, OWN_PLANES,
    PLANES, SEAT_PLANES,
};

/// The version of the action space and of the observation layout: it changes whenever
/// an index or a plane changes meaning.
pub const ENCODING_VERSION: u32 = 1;
