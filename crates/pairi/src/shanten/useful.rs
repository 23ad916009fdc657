//! Useful tiles and discard tables under Riichi rules (regular form, seven pairs,
//! thirteen orphans), exact count, computed without evaluating each draw separately.
//!
//! # Method
//!
//! The regular-form cost of a hand is `min over (m, p) of V_k[m, p] + C_k[M − m, 1 − p]`
//! for any suit `k`, where `V_k` are the suit's costs and `C_k` the joined costs of the
//! other three suits (`M` = sets needed). Drawing a tile `t` of suit `k` lowers each
//! entry of `V_k` by 0 or 1 and leaves `C_k` alone, so `t` lowers the hand's cost exactly
//! when it lowers `V_k` at some split `(m, p)` that reaches the minimum. Both the
//! minimal splits and the lowered entries are bit masks over packed 6-bit lanes, so the
//! useful tiles of a suit cost one AND per tile.
//!
//! For a discard table the other suits' per-tile masks are computed once per hand;
//! each discard then re-joins the classes (seven byte lookups), and only the discarded
//! suit's tiles are looked up again.

use super::{check, regular};
use crate::hand::HandError;
use crate::tables::{self, LANE_BITS};
use crate::tile::{Tile, TileCounts, TileSet};

/// A 1 in every lane.
const LOW: u64 = {
    let mut x = 0u64;
    let mut l = 0;
    while l < 10 {
        x |= 1 << (LANE_BITS * l);
        l += 1;
    }
    x
};
/// The top bit of every lane.
const HIGH: u64 = LOW << (LANE_BITS - 1);

/// Kinds of the 13 terminals and honours.
const ORPHANS: u64 = TileSet::TERMINALS_AND_HONORS.0;

/// Powers of 5 by position inside a suit's base-5 code part.
const POW5: [usize; 7] = [1, 5, 25, 125, 625, 3125, 15625];

/// The shanten of a 13 − 3k tile hand and the draws that lower it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Useful {
    /// The hand's shanten (every form of the rule family).
    pub shanten: i8,
    /// The kinds whose draw lowers the shanten (受け入れ / 有效牌). A kind the hand
    /// holds four of is never useful.
    pub tiles: TileSet,
    /// Copies of those kinds not in the hand: `Σ (4 − held)` (no other tile is known).
    pub count: u8,
}

/// One row of a discard table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Discard {
    /// The kind discarded.
    pub tile: Tile,
    /// Shanten of the 13 − 3k tiles left.
    pub shanten: i8,
    /// Draws that lower it, and how many copies of them are not in the hand left.
    pub useful: TileSet,
    /// `Σ (4 − held)` over `useful`, counted on the hand after the discard.
    pub count: u8,
}

/// The discard table of a 14 − 3k tile hand: one row per kind held, in tile order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Discards {
    /// Shanten of the whole 14 − 3k hand.
    pub shanten: i8,
    len: u8,
    rows: [Discard; 14],
}

impl Discards {
    /// The rows, one per kind held, in tile order.
    #[must_use]
    pub fn rows(&self) -> &[Discard] {
        &self.rows[..usize::from(self.len)]
    }
}

/// One suit's state: its code (base-5 parts) and class cost vector.
#[derive(Clone, Copy)]
struct Suit {
    lo: usize,
    hi: usize,
    class: usize,
    packed: u64,
}

impl Suit {
    /// A numbered suit from counts 1..9.
    fn numbered(c: &[u8]) -> Suit {
        let d = |i: usize| usize::from(c[i]);
        let lo = d(0) + 5 * d(1) + 25 * d(2) + 125 * d(3) + 625 * d(4);
        let hi = d(5) + 5 * d(6) + 25 * d(7) + 125 * d(8);
        numbered_at(lo, hi)
    }

    /// The honours from their 7 counts.
    fn honours(c: &[u8]) -> Suit {
        honours_at(regular::honours_code(c))
    }

    /// The suit with one more (`+`) or one fewer (`−`) tile at `pos` (0-based).
    #[inline]
    fn moved(self, honours: bool, pos: usize, add: bool) -> Suit {
        if honours {
            let code = if add {
                self.lo + POW5[pos]
            } else {
                self.lo - POW5[pos]
            };
            honours_at(code)
        } else if pos < 5 {
            let lo = if add {
                self.lo + POW5[pos]
            } else {
                self.lo - POW5[pos]
            };
            numbered_at(lo, self.hi)
        } else {
            let hi = if add {
                self.hi + POW5[pos - 5]
            } else {
                self.hi - POW5[pos - 5]
            };
            numbered_at(self.lo, hi)
        }
    }

    /// The suit with one tile moved from `from` to `to`.
    #[inline]
    fn swapped(self, honours: bool, from: usize, to: usize) -> Suit {
        if honours {
            honours_at(self.lo - POW5[from] + POW5[to])
        } else {
            let (mut lo, mut hi) = (self.lo, self.hi);
            if from < 5 {
                lo -= POW5[from];
            } else {
                hi -= POW5[from - 5];
            }
            if to < 5 {
                lo += POW5[to];
            } else {
                hi += POW5[to - 5];
            }
            numbered_at(lo, hi)
        }
    }
}

#[inline]
fn numbered_at(lo: usize, hi: usize) -> Suit {
    let a = tables::RANK_LO[lo];
    let offset = (a & ((1 << tables::RANK_OFFSET_BITS) - 1)) as usize;
    let sum = (a >> tables::RANK_OFFSET_BITS) as usize;
    let rank = offset + usize::from(tables::RANK_HI[sum * 625 + hi]);
    let class = usize::from(tables::EXACT.numbered_class[rank]);
    Suit {
        lo,
        hi,
        class,
        packed: tables::NUMBERED_PACKED[class],
    }
}

#[inline]
fn honours_at(code: usize) -> Suit {
    let class = usize::from(tables::EXACT.honours_class[code]);
    Suit {
        lo: code,
        hi: 0,
        class,
        packed: tables::HONOURS_PACKED[class],
    }
}

/// Group classes of a hand from its four suit classes: the whole hand, and for each
/// suit the other three joined.
#[inline]
fn joins(s: &[Suit; 4]) -> (usize, [usize; 4]) {
    let t = &tables::EXACT;
    let n = t.numbered_classes;
    let h = t.honours_classes;
    let (c0, c1, c2, c3) = (s[0].class, s[1].class, s[2].class, s[3].class);
    let j01 = usize::from(t.join_nn[c0 * n + c1]);
    let j02 = usize::from(t.join_nn[c0 * n + c2]);
    let j12 = usize::from(t.join_nn[c1 * n + c2]);
    let rest3 = usize::from(t.join_gn[j01 * n + c2]);
    let whole = usize::from(t.join_gh[rest3 * h + c3]);
    let rest2 = usize::from(t.join_gh[j01 * h + c3]);
    let rest1 = usize::from(t.join_gh[j02 * h + c3]);
    let rest0 = usize::from(t.join_gh[j12 * h + c3]);
    (whole, [rest0, rest1, rest2, rest3])
}

/// Lanes (as a 1 in each) of the splits `(m, p)` where `suit[m, p] + rest[M − m, 1 − p]`
/// equals `total`, the hand's least cost.
#[inline]
fn optimal(suit: u64, rest_group: usize, sets: usize, total: u8) -> u64 {
    let shift = LANE_BITS * (8 - 2 * sets as u32);
    let sum = suit + (tables::GROUPS_PACKED_REV[rest_group] >> shift);
    let x = sum ^ (LOW * u64::from(total));
    let nonzero = (x + LOW * 31) & HIGH;
    let lanes = (1u64 << (LANE_BITS * (2 * sets as u32 + 2))) - 1;
    ((!nonzero & HIGH) >> (LANE_BITS - 1)) & lanes
}

/// For a suit, the lanes each draw lowers: `V − V⁺ᵗ`, 0 when the kind is held four
/// times (bit `l` set in lane `l` when lowered). A suit of 14 tiles has no valid draw;
/// its masks are meaningless (and never read).
#[inline]
fn draw_masks(s: Suit, honours: bool, counts: &[u8], out: &mut [u64]) {
    for (pos, (&c, o)) in counts.iter().zip(out.iter_mut()).enumerate() {
        *o = if c < 4 {
            s.packed.wrapping_sub(s.moved(honours, pos, true).packed)
        } else {
            0
        };
    }
}

/// Useful tiles of a suit: kinds whose mask meets the optimal lanes.
#[inline]
fn useful_in(masks: &[u64], opt: u64, base: usize) -> u64 {
    let mut bits = 0u64;
    for (i, &m) in masks.iter().enumerate() {
        bits |= u64::from(m & opt != 0) << (base + i);
    }
    bits
}

const BASES: [usize; 4] = [0, 9, 18, 27];
const LENS: [usize; 4] = [9, 9, 9, 7];

fn suits_of(c: &[u8; 34]) -> [Suit; 4] {
    [
        Suit::numbered(&c[0..9]),
        Suit::numbered(&c[9..18]),
        Suit::numbered(&c[18..27]),
        Suit::honours(&c[27..34]),
    ]
}

/// Kinds held exactly `n` times, as a bit set.
#[inline]
fn held(c: &[u8; 34], n: u8) -> u64 {
    let mut bits = 0u64;
    for (i, &x) in c.iter().enumerate() {
        bits |= u64::from(x == n) << i;
    }
    bits
}

/// Seven pairs and thirteen orphans of a closed 13-tile hand given as bit sets of
/// kinds held once, twice, three or four times: (shanten, useful) of each.
#[inline]
fn special(ones: u64, twos: u64, more: u64) -> [(i8, u64); 2] {
    let kinds = (ones | twos | more).count_ones() as i8;
    let pairs = (twos | more).count_ones() as i8;
    let chiitoi = 6 - pairs + (7 - kinds).max(0);
    let absent = TileSet::ALL.0 & !(ones | twos | more);
    let chiitoi_useful = ones | if kinds < 7 { absent } else { 0 };
    let orphan_kinds = ((ones | twos | more) & ORPHANS).count_ones() as i8;
    let paired = (twos | more) & ORPHANS != 0;
    let kokushi = 13 - orphan_kinds - i8::from(paired);
    let kokushi_useful = (absent & ORPHANS) | if paired { 0 } else { ones & ORPHANS };
    [(chiitoi, chiitoi_useful), (kokushi, kokushi_useful)]
}

/// `Σ (4 − held)` over the kinds in `tiles`.
#[inline]
fn count_of(c: &[u8; 34], tiles: u64) -> u8 {
    let mut n = 0u8;
    let mut bits = tiles;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        n += 4 - c[i];
    }
    n
}

/// Merges a form's (shanten, useful) into the best so far.
#[inline]
fn merge(best: &mut (i8, u64), form: (i8, u64)) {
    if form.0 < best.0 {
        *best = form;
    } else if form.0 == best.0 {
        best.1 |= form.1;
    }
}

/// The shanten of a 13 − 3k tile hand under Riichi rules (every form, exact) and the
/// draws that lower it.
///
/// # Errors
///
/// [`HandError`] for more than 4 melds, more than 4 copies of a kind, or a tile count
/// other than 13 − 3k.
///
/// ```
/// use pairi::notation::parse_hand;
/// let h = parse_hand("123m456p789s1122z").unwrap();
/// let u = pairi::shanten::useful(h.concealed(), 0).unwrap();
/// assert_eq!(u.shanten, 0);
/// assert_eq!(pairi::notation::format_set(u.tiles), "12z");
/// assert_eq!(u.count, 4);
/// ```
pub fn useful(concealed: &TileCounts, melds: usize) -> Result<Useful, HandError> {
    let sets = check(concealed, melds)?;
    let total_tiles = 13 - 3 * melds;
    if concealed.total() as usize != total_tiles {
        return Err(HandError::WrongTileCount {
            concealed: concealed.total() as usize,
            melds,
        });
    }
    let c = &concealed.0;
    let suits = suits_of(c);
    let (whole, rest) = joins(&suits);
    let cost = tables::GROUPS_COSTS[whole][sets * 2 + 1];
    let mut masks = [0u64; 34];
    let mut tiles = 0u64;
    for k in 0..4 {
        let (b, l) = (BASES[k], LENS[k]);
        draw_masks(suits[k], k == 3, &c[b..b + l], &mut masks[b..b + l]);
        let opt = optimal(suits[k].packed, rest[k], sets, cost);
        tiles |= useful_in(&masks[b..b + l], opt, b);
    }
    let mut best = (cost as i8 - 1, tiles);
    if melds == 0 {
        for form in special(held(c, 1), held(c, 2), held(c, 3) | held(c, 4)) {
            merge(&mut best, form);
        }
    }
    Ok(Useful {
        shanten: best.0,
        tiles: TileSet(best.1),
        count: count_of(c, best.1),
    })
}

/// The discard table of a 14 − 3k tile hand under Riichi rules (every form, exact):
/// for each kind held, the shanten after discarding it and the draws that would then
/// lower it.
///
/// This is the fast path for discard analysis: about as costly as a few shanten calls
/// rather than one per (discard, draw) pair.
///
/// # Errors
///
/// [`HandError`] for more than 4 melds, more than 4 copies of a kind, or a tile count
/// other than 14 − 3k.
///
/// ```
/// use pairi::notation::parse_hand;
/// use pairi::t;
/// let h = parse_hand("123m456p789s11223z").unwrap();
/// let d = pairi::shanten::discards(h.concealed(), 0).unwrap();
/// assert_eq!(d.shanten, 0);
/// let row = d.rows().iter().find(|r| r.tile == t!(3z)).unwrap();
/// assert_eq!(row.shanten, 0);
/// assert_eq!(pairi::notation::format_set(row.useful), "12z");
/// ```
pub fn discards(concealed: &TileCounts, melds: usize) -> Result<Discards, HandError> {
    let sets = check(concealed, melds)?;
    if concealed.total() as usize != 14 - 3 * melds {
        return Err(HandError::WrongTileCount {
            concealed: concealed.total() as usize,
            melds,
        });
    }
    let c = &concealed.0;
    let suits = suits_of(c);
    let (whole, _) = joins(&suits);
    let mut out = Discards {
        shanten: tables::GROUPS_COSTS[whole][sets * 2 + 1] as i8 - 1,
        len: 0,
        rows: [Discard {
            tile: Tile::M1,
            shanten: 0,
            useful: TileSet::EMPTY,
            count: 0,
        }; 14],
    };
    // Draw masks of every suit as held; a discarded suit's are redone below.
    let mut masks = [0u64; 34];
    for k in 0..4 {
        let (b, l) = (BASES[k], LENS[k]);
        draw_masks(suits[k], k == 3, &c[b..b + l], &mut masks[b..b + l]);
    }
    let ones = held(c, 1);
    let twos = held(c, 2);
    let threes = held(c, 3);
    let fours = held(c, 4);
    if melds == 0 {
        // The formulas hold for 14 tiles as well.
        for (s, _) in special(ones, twos, threes | fours) {
            out.shanten = out.shanten.min(s);
        }
    }
    let mut kinds = ones | twos | threes | fours;
    while kinds != 0 {
        let d = kinds.trailing_zeros() as usize;
        kinds &= kinds - 1;
        let k = match d {
            0..=8 => 0,
            9..=17 => 1,
            18..=26 => 2,
            _ => 3,
        };
        let (b, l) = (BASES[k], LENS[k]);
        let honours = k == 3;
        let pos = d - b;
        let mut after = suits;
        after[k] = suits[k].moved(honours, pos, false);
        let (whole_d, rest_d) = joins(&after);
        let cost = tables::GROUPS_COSTS[whole_d][sets * 2 + 1];
        let mut tiles = 0u64;
        for j in 0..4 {
            let opt = optimal(after[j].packed, rest_d[j], sets, cost);
            if j == k {
                // The discarded suit: draws looked up on the suit after the discard.
                let base_packed = after[k].packed;
                for t in 0..l {
                    let held_after = c[b + t] - u8::from(t == pos);
                    if held_after >= 4 {
                        continue;
                    }
                    let drawn = if t == pos {
                        suits[k].packed
                    } else {
                        suits[k].swapped(honours, pos, t).packed
                    };
                    tiles |= u64::from((base_packed - drawn) & opt != 0) << (b + t);
                }
            } else {
                let (bj, lj) = (BASES[j], LENS[j]);
                tiles |= useful_in(&masks[bj..bj + lj], opt, bj);
            }
        }
        let mut best = (cost as i8 - 1, tiles);
        let bit = 1u64 << d;
        if melds == 0 {
            // Move the discarded kind down one count.
            let (o, t2, more) = match c[d] {
                1 => (ones & !bit, twos, threes | fours),
                2 => (ones | bit, twos & !bit, threes | fours),
                3 => (ones, twos | bit, (threes & !bit) | fours),
                _ => (ones, twos, threes | fours),
            };
            for form in special(o, t2, more) {
                merge(&mut best, form);
            }
        }
        let mut after_counts = *c;
        after_counts[d] -= 1;
        out.rows[usize::from(out.len)] = Discard {
            tile: Tile::new_unchecked(d as u8),
            shanten: best.0,
            useful: TileSet(best.1),
            count: count_of(&after_counts, best.1),
        };
        out.len += 1;
    }
    Ok(out)
}
