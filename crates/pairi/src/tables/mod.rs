//! Generated tables and their accessors. Regenerate with `cargo xtask gen-tables`; the
//! generator (`xtask/src/tables.rs`) documents how each is computed.
//!
//! # Shanten tables
//!
//! A suit's *costs* ([`crate::shanten::SuitCosts`]) are the least numbers of missing
//! tiles for `m` sets and `p` pairs inside it. Only a few distinct cost vectors exist,
//! numbered as *classes*: 126 for numbered suits, 55 for honours, and 180 for any group
//! of several suits of at most 14 tiles (110 / 55 / 164 in the classic count).
//!
//! Layouts (all little-endian, decoded at compile time where wider than a byte):
//!
//! | table | type | index → value |
//! | --- | --- | --- |
//! | `RANK_LO` | `[u32; 5^5]` | base-5 number of counts 1..5 → `offset \| sum << 19` (sum 15 if over 14) |
//! | `RANK_HI` | `[u16; 16 × 5^4]` | `sum × 625 +` base-5 number of counts 6..9 → rank among tails with at most `14 − sum` tiles |
//! | `*NUMBERED_CLASS` | `[u8; 405 350]` | dense rank `offset + RANK_HI[…]` → numbered class |
//! | `*HONOURS_CLASS` | `[u8; 5^7]` | base-5 number of the 7 honour counts → honours class (0 over 14 tiles) |
//! | `*JOIN_NN` | `[u8; N × N]` | `a × N + b` → group class of numbered ⊗ numbered |
//! | `*JOIN_GN` | `[u8; G × N]` | `g × N + b` → group class of group ⊗ numbered |
//! | `*JOIN_GH` | `[u8; G × H]` | `g × H + h` → group class of group ⊗ honours |
//! | `*_COSTS` | `[[u8; 10]; classes]` | class → cost vector, index `2m + p` |
//! | `NUMBERED_STATE` | `[u16; 405 350]` | dense rank → draw state (exact) |
//! | `HONOURS_STATE` | `[u16; 5^7]` | base-5 honour code → draw state (exact) |
//! | `*_DRAWS` | `[[u64; 2]; states]` | draw state → draw entry |
//!
//! A *draw entry* tells, for every kind of the suit and every cost `2m + p` with `m` ≤ 3,
//! whether drawing that kind lowers that cost (by one: never more): kinds 0..6 in word 0
//! at bit `6 × (2m + p) + kind`, kinds 6.. in word 1 at bit `6 × (2m + p) + kind − 6`,
//! and the suit's class in bits 48..56 of word 0. The lanes are those of the packed cost
//! vectors below. A suit of 14 tiles has no draws, nor has a kind held four times.
//!
//! Digit `i` of a base-5 number is the count of the suit's `i`-th kind (kind 1 lowest).
//! Join entries for classes that no hand of 14 tiles combines are 0.

#![allow(clippy::cast_possible_truncation)]

mod costs;

pub(crate) use costs::*;

const fn decode_u32<const N: usize>(bytes: &[u8]) -> [u32; N] {
    assert!(bytes.len() == 4 * N);
    let mut out = [0u32; N];
    let mut i = 0;
    while i < N {
        out[i] = u32::from_le_bytes([
            bytes[4 * i],
            bytes[4 * i + 1],
            bytes[4 * i + 2],
            bytes[4 * i + 3],
        ]);
        i += 1;
    }
    out
}

const fn decode_u16<const N: usize>(bytes: &[u8]) -> [u16; N] {
    assert!(bytes.len() == 2 * N);
    let mut out = [0u16; N];
    let mut i = 0;
    while i < N {
        out[i] = u16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]]);
        i += 1;
    }
    out
}

const fn decode_pairs<const N: usize>(bytes: &[u8]) -> [[u64; 2]; N] {
    assert!(bytes.len() == 16 * N);
    let mut out = [[0u64; 2]; N];
    let mut i = 0;
    while i < 2 * N {
        let b = 8 * i;
        out[i / 2][i % 2] = u64::from_le_bytes([
            bytes[b],
            bytes[b + 1],
            bytes[b + 2],
            bytes[b + 3],
            bytes[b + 4],
            bytes[b + 5],
            bytes[b + 6],
            bytes[b + 7],
        ]);
        i += 1;
    }
    out
}

/// Number of numbered-suit count vectors with at most 14 tiles.
pub(crate) const NUMBERED_RANKS: usize = 405_350;
/// Number of base-5 numbers of the 7 honour counts.
pub(crate) const HONOURS_CODES: usize = 78_125;

/// Bits of the offset in a `RANK_LO` entry.
pub(crate) const RANK_OFFSET_BITS: u32 = 19;

/// See the module docs.
pub(crate) static RANK_LO: [u32; 3125] = decode_u32(include_bytes!("rank_lo.bin"));
/// See the module docs.
pub(crate) static RANK_HI: [u16; 16 * 625] = decode_u16(include_bytes!("rank_hi.bin"));

/// Dense rank → draw state (exact count).
pub(crate) static NUMBERED_STATE: [u16; NUMBERED_RANKS] =
    decode_u16(include_bytes!("numbered_state.bin"));
/// Base-5 honour code → draw state (exact count).
pub(crate) static HONOURS_STATE: [u16; HONOURS_CODES] =
    decode_u16(include_bytes!("honours_state.bin"));
/// Draw state → draw entry of a numbered suit.
pub(crate) static NUMBERED_DRAWS: [[u64; 2]; NUMBERED_DRAW_STATES] =
    decode_pairs(include_bytes!("numbered_draws.bin"));
/// Draw state → draw entry of the honours.
pub(crate) static HONOURS_DRAWS: [[u64; 2]; HONOURS_DRAW_STATES] =
    decode_pairs(include_bytes!("honours_draws.bin"));

/// The classes and joins of one counting mode.
pub(crate) struct ShantenTables {
    /// Dense rank → numbered class.
    pub(crate) numbered_class: &'static [u8; NUMBERED_RANKS],
    /// Base-5 honour code → honours class.
    pub(crate) honours_class: &'static [u8; HONOURS_CODES],
    /// Numbered ⊗ numbered → group.
    pub(crate) join_nn: &'static [u8],
    /// Group ⊗ numbered → group.
    pub(crate) join_gn: &'static [u8],
    /// Group ⊗ honours → group.
    pub(crate) join_gh: &'static [u8],
    /// Group ⊗ honours → cost of `sets` sets and a pair (index `sets`, 0..=4): `join_gh`
    /// and `groups_costs` in one lookup.
    pub(crate) join_gh_cost: &'static [[u8; 5]],
    /// Number of numbered classes (row length of `join_nn`, `join_gn`).
    pub(crate) numbered_classes: usize,
    /// Number of honours classes (row length of `join_gh`).
    pub(crate) honours_classes: usize,
    /// Numbered class → costs.
    pub(crate) numbered_costs: &'static [[u8; 10]],
    /// Honours class → costs.
    pub(crate) honours_costs: &'static [[u8; 10]],
}

const JOIN_GH: &[u8; GROUPS_CLASSES * HONOURS_CLASSES] = include_bytes!("join_gh.bin");
const JOIN_GH_CLASSIC: &[u8; GROUPS_CLASSIC_CLASSES * HONOURS_CLASSIC_CLASSES] =
    include_bytes!("join_gh_classic.bin");

/// For each entry of a group ⊗ honours join, the joined group's costs of `sets` sets and
/// a pair, `sets` in 0..=4.
const fn join_cost<const N: usize>(join: &[u8; N], groups: &[[u8; 10]]) -> [[u8; 5]; N] {
    let mut out = [[0u8; 5]; N];
    let mut i = 0;
    while i < N {
        let g = join[i] as usize;
        let mut sets = 0;
        while sets < 5 {
            out[i][sets] = groups[g][sets * 2 + 1];
            sets += 1;
        }
        i += 1;
    }
    out
}

static JOIN_GH_COST: [[u8; 5]; GROUPS_CLASSES * HONOURS_CLASSES] =
    join_cost(JOIN_GH, &GROUPS_COSTS);
static JOIN_GH_COST_CLASSIC: [[u8; 5]; GROUPS_CLASSIC_CLASSES * HONOURS_CLASSIC_CLASSES] =
    join_cost(JOIN_GH_CLASSIC, &GROUPS_CLASSIC_COSTS);

/// Tables of the exact count (at most four copies of a kind in a target).
pub(crate) static EXACT: ShantenTables = ShantenTables {
    numbered_class: include_bytes!("numbered_class.bin"),
    honours_class: include_bytes!("honours_class.bin"),
    join_nn: include_bytes!("join_nn.bin"),
    join_gn: include_bytes!("join_gn.bin"),
    join_gh: JOIN_GH,
    join_gh_cost: &JOIN_GH_COST,
    numbered_classes: NUMBERED_CLASSES,
    honours_classes: HONOURS_CLASSES,
    numbered_costs: &NUMBERED_COSTS,
    honours_costs: &HONOURS_COSTS,
};

/// Tables of the classic count (no limit on copies).
pub(crate) static CLASSIC: ShantenTables = ShantenTables {
    numbered_class: include_bytes!("numbered_class_classic.bin"),
    honours_class: include_bytes!("honours_class_classic.bin"),
    join_nn: include_bytes!("join_nn_classic.bin"),
    join_gn: include_bytes!("join_gn_classic.bin"),
    join_gh: JOIN_GH_CLASSIC,
    join_gh_cost: &JOIN_GH_COST_CLASSIC,
    numbered_classes: NUMBERED_CLASSIC_CLASSES,
    honours_classes: HONOURS_CLASSIC_CLASSES,
    numbered_costs: &NUMBERED_CLASSIC_COSTS,
    honours_costs: &HONOURS_CLASSIC_COSTS,
};

/// Bits per lane of a packed cost vector.
pub(crate) const LANE_BITS: u32 = 6;

/// Packs cost vectors into `u64`s, lane `l` (6 bits) at bit `6l`; with `reverse`, lane
/// `l` holds cost `9 − l`. Lanes leave room for the sum of two costs (at most 28).
const fn pack<const N: usize>(costs: &[[u8; 10]; N], reverse: bool) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        let mut l = 0;
        while l < 10 {
            let v = if reverse {
                costs[i][9 - l]
            } else {
                costs[i][l]
            };
            out[i] |= (v as u64) << (LANE_BITS as usize * l);
            l += 1;
        }
        i += 1;
    }
    out
}

/// [`NUMBERED_COSTS`] packed (lane `2m + p`).
pub(crate) static NUMBERED_PACKED: [u64; NUMBERED_CLASSES] = pack(&NUMBERED_COSTS, false);
/// [`HONOURS_COSTS`] packed (lane `2m + p`).
pub(crate) static HONOURS_PACKED: [u64; HONOURS_CLASSES] = pack(&HONOURS_COSTS, false);
/// [`GROUPS_COSTS`] packed in reverse (lane `9 − (2m + p)`), so that shifting right by
/// `8 − 2M` lanes puts the cost of `(M − m, 1 − p)` in lane `2m + p`.
pub(crate) static GROUPS_PACKED_REV: [u64; GROUPS_CLASSES] = pack(&GROUPS_COSTS, true);
