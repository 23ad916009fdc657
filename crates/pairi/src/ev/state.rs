//! Hand states of the search: concealed counts over 37 kinds (the 34 kinds, a five
//! counting its black copies only, then red 5m, 5p, 5s) packed three bits a kind into
//! one `u128`, with the flags of the declarations in the top bits.

use crate::tile::{Pai, Tile, TileCounts};

/// Kinds of the search: 34 tile kinds and the three red fives.
pub(crate) const KINDS: usize = 37;
/// Index of the first red kind (red 5m); red 5p and 5s follow.
pub(crate) const RED: usize = 34;
/// Bits per kind in a packed state.
const BITS: u32 = 3;
/// The riichi flag of a packed state.
pub(crate) const RIICHI: u128 = 1 << 127;
/// [`Model::Pairi`](super::Model::Pairi): riichi was declared by the discard that made
/// this draw node, so its next draw wins with ippatsu.
pub(crate) const IPPATSU: u128 = 1 << 126;
/// [`Model::Pairi`](super::Model::Pairi): the riichi is a double riichi.
pub(crate) const DOUBLE: u128 = 1 << 125;
/// [`Model::Pairi`](super::Model::Pairi): the discard node of the player's first
/// discard, where a riichi is a double riichi.
pub(crate) const FIRST: u128 = 1 << 124;
/// Not a state's flag but a draw's, given to the scorer with a state's flags: the draw
/// is the last tile of the wall (haitei).
pub(crate) const HAITEI: u128 = 1 << 123;
/// Every flag: what is not the hand.
pub(crate) const FLAGS: u128 = RIICHI | IPPATSU | DOUBLE | FIRST | HAITEI;

/// The kind `big` holds one more of than `small` (flags ignored).
pub(crate) fn kind_between(big: u128, small: u128) -> usize {
    let diff = (big & !FLAGS) - (small & !FLAGS);
    (diff.trailing_zeros() / BITS) as usize
}

/// Counts over the 37 kinds.
pub(crate) type Counts = [u8; KINDS];

/// The packed form of `c` (every count below 8).
pub(crate) fn pack(c: &Counts) -> u128 {
    c.iter()
        .enumerate()
        .fold(0, |acc, (k, &n)| acc | u128::from(n) << (BITS * k as u32))
}

/// The counts of a packed state (its flags ignored).
pub(crate) fn unpack(key: u128) -> Counts {
    // Eight 3-bit counts at a time spread to the eight bytes of a word: each step moves
    // the upper half of every group up by the room it makes, with no carries.
    let spread = |x: u64| {
        let x = x & 0xff_ffff;
        let x = (x | x << 20) & 0x0000_0fff_0000_0fff;
        let x = (x | x << 10) & 0x003f_003f_003f_003f;
        (x | x << 5) & 0x0707_0707_0707_0707
    };
    let mut bytes = [0u8; 40];
    for (i, eight) in bytes.chunks_exact_mut(8).enumerate() {
        let group = (key >> (BITS as usize * 8 * i)) as u64;
        eight.copy_from_slice(&spread(group).to_le_bytes());
    }
    let mut c = [0u8; KINDS];
    c.copy_from_slice(&bytes[..KINDS]);
    c
}

/// The count of kind `k` in a packed state.
pub(crate) const fn count(key: u128, k: usize) -> u8 {
    ((key >> (BITS * k as u32)) & 0b111) as u8
}

/// The packed unit of kind `k`: adding it draws one copy.
pub(crate) const fn unit(k: usize) -> u128 {
    1 << (BITS * k as u32)
}

/// The black five of a red kind (`k` ≥ [`RED`]), or `k` itself.
pub(crate) const fn merged(k: usize) -> usize {
    if k >= RED {
        (k - RED) * 9 + 4
    } else {
        k
    }
}

/// The 34 merged counts (a red five counted as its five).
pub(crate) fn merge(c: &Counts) -> TileCounts {
    let mut m = [0u8; 34];
    m.copy_from_slice(&c[..34]);
    for s in 0..3 {
        m[s * 9 + 4] += c[RED + s];
    }
    TileCounts::from_array(m)
}

/// The tile of kind `k`, red for the red kinds.
pub(crate) fn pai(k: usize) -> Pai {
    let t = Tile::new_unchecked(merged(k) as u8);
    if k >= RED {
        t.red().unwrap_or(t.black())
    } else {
        t.black()
    }
}

/// The kind of a tile: its red kind for a red five.
pub(crate) fn kind_of(p: Pai) -> usize {
    let t = p.tile();
    if p.is_red() {
        RED + t.suit() as usize
    } else {
        t.index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`unpack`] undoes [`pack`] whatever the flags, on seeded random counts 0 to 7.
    #[test]
    fn unpack_ok_undoes_pack() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..10_000 {
            let mut c = [0u8; KINDS];
            for n in c.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *n = (x & 7) as u8;
            }
            let flags = [0, RIICHI, FLAGS][(x >> 8) as usize % 3];
            assert_eq!(unpack(pack(&c) | flags), c);
        }
    }
}
