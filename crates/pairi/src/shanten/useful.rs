//! Useful tiles and discard tables under Riichi rules (regular form, seven pairs,
//! thirteen orphans), exact count, computed without evaluating each draw separately.
//!
//! # Method
//!
//! The regular-form cost of a hand is `min over (m, p) of V_k[m, p] + C_k[M − m, 1 − p]`
//! for any suit `k`, where `V_k` are the suit's costs and `C_k` the joined costs of the
//! other three suits (`M` = sets needed). Drawing a tile `t` of suit `k` lowers each
//! entry of `V_k` by 0 or 1 and leaves `C_k` alone, so `t` lowers the hand's cost exactly
//! when it lowers `V_k` at some split `(m, p)` that reaches the minimum. The minimal
//! splits are a bit mask over packed 6-bit lanes, and the suit's draw entry (generated,
//! see [`crate::tables`]) holds, in the same lanes, which kinds lower which costs, so the
//! useful tiles of a suit are one lookup of its draw entry and a few word operations.
//! Draw entries cover the splits `m` ≤ 3; a suit that must make all four sets of a
//! closed hand is handled by looking each draw up (rare: it needs about ten tiles of
//! one suit).
//!
//! For a discard table, the hand's suits, their pairwise joins and draw entries are
//! read once. Each discard then reads the entry of the suit it leaves, and re-joins it
//! with the (fixed) joins of the other suits: four join lookups per discard.

use super::{check_words, regular, Words};
use crate::hand::HandError;
use crate::tables::{self, LANE_BITS};
use crate::tile::{Pai, Tile, TileCounts, TileSet};

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
/// Lanes `2m + p` with `m` ≤ 3: those the draw entries cover.
const DRAW_LANES: u64 = (1 << (LANE_BITS * 8)) - 1;

/// Kinds of the 13 terminals and honours.
const ORPHANS: u64 = TileSet::TERMINALS_AND_HONORS.bits();

/// Powers of 5 by position inside a suit's base-5 code part.
const POW5: [usize; 7] = [1, 5, 25, 125, 625, 3125, 15625];

/// Useful tiles (受け入れ / 有效牌) and how many copies of them are left.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Useful {
    /// The kinds whose draw lowers the shanten. A kind the hand holds as many of as
    /// the wall has is never useful.
    pub tiles: TileSet,
    /// Copies of them neither held nor seen: Σ (copies in the wall − held − seen).
    pub count: u32,
}

/// One row of a discard table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Discard {
    /// The tile discarded (a red five when the row is for the red one).
    pub tile: Pai,
    /// Shanten of the hand after the discard.
    pub shanten: i8,
    /// Useful tiles of the hand after the discard, counted without the discarded copy.
    pub useful: Useful,
}

/// A checked 14 − 3k tile hand read for a discard table: sets needed, the count words,
/// the suits and their joins.
struct Fourteen {
    sets: usize,
    words: Words,
    suits: [Suit; 4],
    j: Joins,
}

impl Fourteen {
    #[inline]
    fn of(concealed: &TileCounts, melds: usize) -> Result<Fourteen, HandError> {
        let (sets, words) = check_words(concealed, melds)?;
        if words.total() as usize != 14 - 3 * melds {
            return Err(HandError::WrongTileCount {
                concealed: words.total() as usize,
                melds,
            });
        }
        let suits = suits_of(concealed.as_array());
        let j = joins(&suits);
        Ok(Fourteen {
            sets,
            words,
            suits,
            j,
        })
    }

    /// The hand's kinds, the special forms' counts ([`special_counts`]; `None` with
    /// melds, as the special forms only count in a closed hand), and the hand's
    /// shanten over every form (the formulas hold for 14 tiles as well).
    #[inline]
    fn whole(&self, melds: usize) -> (Held, Option<[i8; 4]>, i8) {
        let t = &tables::EXACT;
        let cost =
            t.join_gh_cost[self.j.rest[3] * t.honours_classes + self.suits[3].class][self.sets];
        let mut shanten = cost as i8 - 1;
        let held = Held::of(&self.words);
        let counts = (melds == 0).then(|| special_counts(&self.words));
        if let Some([kinds, pairs, orphan_kinds, orphan_pairs]) = counts {
            for (s, _) in special(&held, kinds, pairs, orphan_kinds, orphan_pairs) {
                shanten = shanten.min(s);
            }
        }
        (held, counts, shanten)
    }
}

/// The regular form's cost (shanten + 1) after a discard leaves suit `k` in class
/// `class`, the other suits joined in `j`, for a hand of `sets` sets to make.
#[inline]
fn cost_after(j: &Joins, sets: usize, k: usize, class: usize) -> u8 {
    let t = &tables::EXACT;
    if k == 3 {
        t.join_gh_cost[j.rest[3] * t.honours_classes + class][sets]
    } else {
        let g = usize::from(t.join_gn[j.rest[k] * t.numbered_classes + class]);
        tables::GROUPS_COSTS[g][sets * 2 + 1]
    }
}

/// The discard table of a 14 − 3k tile hand: one row per kind held, in tile order,
/// tiles black, counts `Σ (4 − held)` (nothing else seen).
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

/// One suit's state: its code, class, cost vector and draw entry.
#[derive(Clone, Copy)]
struct Suit {
    /// Base-5 number of counts 1..5 (the honours: of all 7 counts).
    lo: usize,
    /// Base-5 number of counts 6..9 (the honours: 0).
    hi: usize,
    /// Tiles among counts 1..5 (the honours: 0), which selects the `RANK_HI` row.
    sum_lo: usize,
    class: usize,
    packed: u64,
    draws: [u64; 2],
}

impl Suit {
    /// A numbered suit from counts 1..9.
    #[inline]
    fn numbered(c: &[u8]) -> Suit {
        let d = |i: usize| usize::from(c[i]);
        let lo = d(0) + 5 * d(1) + 25 * d(2) + 125 * d(3) + 625 * d(4);
        let hi = d(5) + 5 * d(6) + 25 * d(7) + 125 * d(8);
        numbered_at(lo, hi, d(0) + d(1) + d(2) + d(3) + d(4))
    }

    /// The honours from their 7 counts.
    #[inline]
    fn honours(c: &[u8]) -> Suit {
        honours_at(regular::honours_code(c))
    }

    /// The count of the kind at `pos` (0-based).
    #[inline]
    fn count(&self, honours: bool, pos: usize) -> usize {
        if honours || pos < 5 {
            self.lo / POW5[pos] % 5
        } else {
            self.hi / POW5[pos - 5] % 5
        }
    }

    /// The suit with one more (`add`) or one fewer tile at `pos`. Adding needs the
    /// kind held at most three times and the suit at most 13 tiles; removing needs the
    /// kind held.
    #[inline]
    fn moved(self, honours: bool, pos: usize, add: bool) -> Suit {
        let step = |code: usize, p: usize| {
            if add {
                code + POW5[p]
            } else {
                code - POW5[p]
            }
        };
        if honours {
            honours_at(step(self.lo, pos))
        } else if pos < 5 {
            let sum_lo = if add {
                self.sum_lo + 1
            } else {
                self.sum_lo - 1
            };
            numbered_at(step(self.lo, pos), self.hi, sum_lo)
        } else {
            numbered_at(self.lo, step(self.hi, pos - 5), self.sum_lo)
        }
    }

    /// The kinds of this suit (bit `pos`) whose draw lowers one of the costs marked in
    /// `opt` (a 1 at the bottom of each marked lane).
    #[inline]
    fn drawn(&self, honours: bool, opt: u64) -> u64 {
        if opt & !DRAW_LANES != 0 {
            return self.drawn_one_by_one(honours, opt);
        }
        // Each marked lane filled with ones selects that cost's kinds in both words;
        // folding the eight 6-bit lanes onto the lowest ORs them together.
        let lanes = opt * ((1 << LANE_BITS) - 1);
        let fold = |x: u64| {
            let x = x | x >> 24;
            let x = x | x >> 12;
            (x | x >> 6) & 63
        };
        fold(self.draws[0] & lanes) | fold(self.draws[1] & lanes) << 6
    }

    /// [`Suit::drawn`] by looking up the suit after each draw: any lanes.
    #[cold]
    fn drawn_one_by_one(&self, honours: bool, opt: u64) -> u64 {
        let kinds = if honours { 7 } else { 9 };
        let mut bits = 0;
        for pos in 0..kinds {
            if self.count(honours, pos) < 4 {
                let lowered = self.packed - self.moved(honours, pos, true).packed;
                bits |= u64::from(lowered & opt != 0) << pos;
            }
        }
        bits
    }
}

#[inline]
fn numbered_at(lo: usize, hi: usize, sum_lo: usize) -> Suit {
    let offset = (tables::RANK_LO[lo] & ((1 << tables::RANK_OFFSET_BITS) - 1)) as usize;
    let rank = offset + usize::from(tables::RANK_HI[sum_lo * 625 + hi]);
    let class = usize::from(tables::EXACT.numbered_class[rank]);
    Suit {
        lo,
        hi,
        sum_lo,
        class,
        packed: tables::NUMBERED_PACKED[class],
        draws: tables::NUMBERED_DRAWS[usize::from(tables::NUMBERED_STATE[rank])],
    }
}

#[inline]
fn honours_at(code: usize) -> Suit {
    let class = usize::from(tables::EXACT.honours_class[code]);
    Suit {
        lo: code,
        hi: 0,
        sum_lo: 0,
        class,
        packed: tables::HONOURS_PACKED[class],
        draws: tables::HONOURS_DRAWS[usize::from(tables::HONOURS_STATE[code])],
    }
}

/// Lanes (as a 1 at the bottom of each) of the splits `(m, p)` where
/// `suit[m, p] + rest[M − m, 1 − p]` equals `total`, the hand's least cost.
#[inline]
fn optimal(suit: u64, rest_group: usize, sets: usize, total: u8) -> u64 {
    let shift = LANE_BITS * (8 - 2 * sets as u32);
    let sum = suit + (tables::GROUPS_PACKED_REV[rest_group] >> shift);
    let x = sum ^ (LOW * u64::from(total));
    let nonzero = (x + LOW * 31) & HIGH;
    let lanes = (1u64 << (LANE_BITS * (2 * sets as u32 + 2))) - 1;
    ((!nonzero & HIGH) >> (LANE_BITS - 1)) & lanes
}

const BASES: [usize; 4] = [0, 9, 18, 27];

/// The suits other than `k`, in order.
const OTHER_SUITS: [[usize; 3]; 4] = [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]];

fn suits_of(c: &[u8; 34]) -> [Suit; 4] {
    [
        Suit::numbered(&c[0..9]),
        Suit::numbered(&c[9..18]),
        Suit::numbered(&c[18..27]),
        Suit::honours(&c[27..34]),
    ]
}

/// The joins of a hand's suits: the group class of every pair of suits, and of every
/// three suits (`rest[k]`: all but suit `k`).
struct Joins {
    pair: [[usize; 4]; 4],
    rest: [usize; 4],
}

#[inline]
fn joins(s: &[Suit; 4]) -> Joins {
    let t = &tables::EXACT;
    let n = t.numbered_classes;
    let h = t.honours_classes;
    let (c0, c1, c2, c3) = (s[0].class, s[1].class, s[2].class, s[3].class);
    // A numbered suit alone as a group: joined with an empty suit, which adds nothing.
    let empty = usize::from(t.numbered_class[0]);
    let alone = |c: usize| usize::from(t.join_nn[c * n + empty]);
    let nn = |a: usize, b: usize| usize::from(t.join_nn[a * n + b]);
    let gh = |g: usize| usize::from(t.join_gh[g * h + c3]);
    let p01 = nn(c0, c1);
    let p02 = nn(c0, c2);
    let p12 = nn(c1, c2);
    let p03 = gh(alone(c0));
    let p13 = gh(alone(c1));
    let p23 = gh(alone(c2));
    Joins {
        pair: [
            [0, p01, p02, p03],
            [p01, 0, p12, p13],
            [p02, p12, 0, p23],
            [p03, p13, p23, 0],
        ],
        rest: [
            gh(p12),
            gh(p02),
            gh(p01),
            usize::from(t.join_gn[p01 * n + c2]),
        ],
    }
}

/// The two suits other than `j` and `k` (`j` ≠ `k`).
const OTHERS: [[(usize, usize); 4]; 4] = {
    let mut out = [[(0, 0); 4]; 4];
    let mut j = 0;
    while j < 4 {
        let mut k = 0;
        while k < 4 {
            let mut found = [0usize; 2];
            let mut n = 0;
            let mut x = 0;
            while x < 4 {
                if x != j && x != k && n < 2 {
                    found[n] = x;
                    n += 1;
                }
                x += 1;
            }
            out[j][k] = (found[0], found[1]);
            k += 1;
        }
        j += 1;
    }
    out
};

/// Kinds by how many copies are held, as bit sets.
#[derive(Clone, Copy)]
struct Held {
    /// Held at least once.
    any: u64,
    /// Held exactly once.
    once: u64,
    /// Bits 0 and 1 of every count (for `Σ (4 − held)`).
    bit0: u64,
    bit1: u64,
}

/// The bit set of the bytes of `words` whose bit `b` is set (byte `i` of word `w` is kind
/// `8w + i`).
#[inline]
fn gather(words: &Words, b: u32) -> u64 {
    let mut bits = 0u64;
    for (i, &w) in words.0.iter().enumerate() {
        // Each byte's bit moved to the byte's bottom; the multiplication sends byte `i`'s
        // bit to bit 56 + i with no carries (a standard gather of byte flags).
        let flags = (w >> b) & 0x0101_0101_0101_0101;
        bits |= (flags.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
    }
    bits
}

impl Held {
    #[inline]
    fn of(words: &Words) -> Held {
        let bit0 = gather(words, 0);
        let bit1 = gather(words, 1);
        let bit2 = gather(words, 2);
        let any = bit0 | bit1 | bit2;
        Held {
            any,
            once: bit0 & !bit1 & !bit2,
            bit0,
            bit1,
        }
    }

    /// After one copy of kind `d`, held `n` ≥ 1 times, is taken away (`once` and `any`
    /// only).
    #[inline]
    fn removed(self, d: usize, n: u8) -> Held {
        let bit = 1u64 << d;
        let set = |x: u64, on: bool| if on { x | bit } else { x & !bit };
        Held {
            any: set(self.any, n >= 2),
            once: set(self.once, n == 2),
            ..self
        }
    }

    /// `Σ (4 − held)` over `tiles`, none of them held four times.
    #[inline]
    fn count(&self, tiles: u64) -> u8 {
        let n = 4 * tiles.count_ones()
            - (tiles & self.bit0).count_ones()
            - 2 * (tiles & self.bit1).count_ones();
        n as u8
    }
}

/// Seven pairs and thirteen orphans of a closed 13-tile hand: (shanten, useful) of each.
/// `kinds`, `pairs`, `orphan_kinds` and `orphan_pairs` count the kinds held at least
/// once / twice, all and among the terminals and honours.
#[inline]
fn special(
    held: &Held,
    kinds: i8,
    pairs: i8,
    orphan_kinds: i8,
    orphan_pairs: i8,
) -> [(i8, u64); 2] {
    let chiitoi = 6 - pairs.min(7) + (7 - kinds).max(0);
    let absent = TileSet::ALL.bits() & !held.any;
    let chiitoi_useful = held.once | if kinds < 7 { absent } else { 0 };
    let paired = orphan_pairs > 0;
    let kokushi = 13 - orphan_kinds - i8::from(paired);
    let kokushi_useful = (absent & ORPHANS) | if paired { 0 } else { held.once & ORPHANS };
    [(chiitoi, chiitoi_useful), (kokushi, kokushi_useful)]
}

/// [`special`] after discarding one of the `n` copies of kind `d` from a hand of
/// `held` kinds and special `counts` ([`special_counts`]).
#[inline]
fn special_after(held: &Held, counts: [i8; 4], d: usize, n: u8) -> [(i8, u64); 2] {
    let [kinds, pairs, orphan_kinds, orphan_pairs] = counts;
    let orphan = ORPHANS >> d & 1 != 0;
    special(
        &held.removed(d, n),
        kinds - i8::from(n == 1),
        pairs - i8::from(n == 2),
        orphan_kinds - i8::from(orphan && n == 1),
        orphan_pairs - i8::from(orphan && n == 2),
    )
}

/// Kinds held at least once and twice, all and among the orphans, from [`Words`].
#[inline]
fn special_counts(words: &Words) -> [i8; 4] {
    let ones = words.at_least(1);
    let twos = words.at_least(2);
    let flags = |w: &[u64; 5], mask: &[u64; 5]| -> i8 {
        let mut bytes = 0u64;
        for i in 0..5 {
            bytes += (w[i] & mask[i]) >> 7;
        }
        (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as i8
    };
    let all = [u64::MAX; 5];
    let orphans = super::special::ORPHAN_BYTES;
    [
        flags(&ones, &all),
        flags(&twos, &all),
        flags(&ones, &orphans),
        flags(&twos, &orphans),
    ]
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
/// Returns the shanten and the useful tiles, counted as `Σ (4 − held)` (nothing else
/// seen).
///
/// ```
/// use pairi::notation::parse_hand;
/// let h = parse_hand("123m456p789s1122z").unwrap();
/// let (shanten, u) = pairi::shanten::useful(h.concealed(), 0).unwrap();
/// assert_eq!(shanten, 0);
/// assert_eq!(pairi::notation::format_set(u.tiles), "12z");
/// assert_eq!(u.count, 4);
/// ```
pub fn useful(concealed: &TileCounts, melds: usize) -> Result<(i8, Useful), HandError> {
    let (sets, words) = check_words(concealed, melds)?;
    let total = 13 - 3 * melds;
    if words.total() as usize != total {
        return Err(HandError::WrongTileCount {
            concealed: words.total() as usize,
            melds,
        });
    }
    let c = concealed.as_array();
    let suits = suits_of(c);
    let j = joins(&suits);
    let t = &tables::EXACT;
    let cost = t.join_gh_cost[j.rest[3] * t.honours_classes + suits[3].class][sets];
    let mut tiles = 0u64;
    for (k, suit) in suits.iter().enumerate() {
        let opt = optimal(suit.packed, j.rest[k], sets, cost);
        tiles |= suit.drawn(k == 3, opt) << BASES[k];
    }
    let mut best = (cost as i8 - 1, tiles);
    let held = Held::of(&words);
    if melds == 0 {
        let [kinds, pairs, orphan_kinds, orphan_pairs] = special_counts(&words);
        for form in special(&held, kinds, pairs, orphan_kinds, orphan_pairs) {
            merge(&mut best, form);
        }
    }
    Ok((
        best.0,
        Useful {
            tiles: TileSet::from_bits(best.1),
            count: u32::from(held.count(best.1)),
        },
    ))
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
/// let row = d.rows().iter().find(|r| r.tile.tile() == t!(3z)).unwrap();
/// assert_eq!(row.shanten, 0);
/// assert_eq!(pairi::notation::format_set(row.useful.tiles), "12z");
/// ```
pub fn discards(concealed: &TileCounts, melds: usize) -> Result<Discards, HandError> {
    let f = Fourteen::of(concealed, melds)?;
    let (held, counts, shanten) = f.whole(melds);
    let (sets, suits, j) = (f.sets, &f.suits, &f.j);
    let t = &tables::EXACT;
    let (n, h) = (t.numbered_classes, t.honours_classes);
    let c = concealed.as_array();
    let mut out = Discards {
        shanten,
        len: 0,
        rows: [Discard {
            tile: Tile::M1.black(),
            shanten: 0,
            useful: Useful::default(),
        }; 14],
    };
    for (k, suit) in suits.iter().enumerate() {
        let honours = k == 3;
        let mut left = held.any >> BASES[k] & if honours { 0x7f } else { 0x1ff };
        // The other suits, each with the group of the two suits besides it and `k`.
        let others = OTHER_SUITS[k].map(|i| {
            let (x, y) = OTHERS[i][k];
            (i, j.pair[x][y])
        });
        // Discards leaving this suit in the same class share the cost and the useful
        // draws of the other suits.
        let mut seen = [(usize::MAX, 0u8, 0u64); 9];
        while left != 0 {
            let pos = left.trailing_zeros() as usize;
            left &= left - 1;
            let d = BASES[k] + pos;
            let after = suit.moved(honours, pos, false);
            let slot = seen
                .iter()
                .position(|e| e.0 == after.class || e.0 == usize::MAX);
            let (cost, elsewhere) = match slot.map(|i| seen[i]) {
                Some((class, cost, tiles)) if class == after.class => (cost, tiles),
                _ => {
                    let cost = cost_after(j, sets, k, after.class);
                    let mut tiles = 0u64;
                    for (i, g) in others {
                        let rest = if honours {
                            t.join_gh[g * h + after.class]
                        } else {
                            t.join_gn[g * n + after.class]
                        };
                        let opt = optimal(suits[i].packed, usize::from(rest), sets, cost);
                        tiles |= suits[i].drawn(i == 3, opt) << BASES[i];
                    }
                    if let Some(i) = slot {
                        seen[i] = (after.class, cost, tiles);
                    }
                    (cost, tiles)
                }
            };
            let opt = optimal(after.packed, j.rest[k], sets, cost);
            let tiles = elsewhere | after.drawn(honours, opt) << BASES[k];
            let mut best = (cost as i8 - 1, tiles);
            let n_d = c[d];
            if let Some(counts) = counts {
                for form in special_after(&held, counts, d, n_d) {
                    merge(&mut best, form);
                }
            }
            // The discarded kind (possibly held four times) has one copy fewer.
            let bit = 1u64 << d;
            let count = held.count(best.1 & !bit) + if best.1 & bit != 0 { 5 - n_d } else { 0 };
            out.rows[usize::from(out.len)] = Discard {
                tile: Tile::new_unchecked(d as u8).black(),
                shanten: best.0,
                useful: Useful {
                    tiles: TileSet::from_bits(best.1),
                    count: u32::from(count),
                },
            };
            out.len += 1;
        }
    }
    Ok(out)
}

/// The rows of [`discards`] that keep the hand's shanten (the discards a hand one
/// draw closer to ready may make), the others left out: the shanten after each discard
/// is found first, and the useful tiles only for the discards that keep it. The same
/// rows, in the same order, as [`discards`] filtered on `row.shanten == shanten`; none
/// for a complete hand (every discard of it raises the shanten).
///
/// # Errors
///
/// As [`discards`].
///
/// ```
/// use pairi::notation::{format_set, parse_hand};
/// let h = parse_hand("123m456p789s11223z").unwrap();
/// let d = pairi::shanten::discards_keeping(h.concealed(), 0).unwrap();
/// assert_eq!(d.shanten, 0);
/// assert_eq!(d.rows().len(), 1);
/// assert_eq!(format_set(d.rows()[0].useful.tiles), "12z");
/// ```
pub fn discards_keeping(concealed: &TileCounts, melds: usize) -> Result<Discards, HandError> {
    let mut out = Discards {
        shanten: 0,
        len: 0,
        rows: [Discard {
            tile: Tile::M1.black(),
            shanten: 0,
            useful: Useful::default(),
        }; 14],
    };
    out.shanten = each_keeping(concealed, melds, |row| {
        out.rows[usize::from(out.len)] = row;
        out.len += 1;
    })?;
    Ok(out)
}

/// [`discards_keeping`] row by row: `row` is given each row in order, and the hand's
/// shanten is returned (for callers that fold the rows as they come).
///
/// # Errors
///
/// As [`discards`].
#[inline]
pub(crate) fn each_keeping(
    concealed: &TileCounts,
    melds: usize,
    mut row: impl FnMut(Discard),
) -> Result<i8, HandError> {
    let f = Fourteen::of(concealed, melds)?;
    let (held, counts, shanten) = f.whole(melds);
    let (sets, suits, j) = (f.sets, &f.suits, &f.j);
    let t = &tables::EXACT;
    let (n, h) = (t.numbered_classes, t.honours_classes);
    let c = concealed.as_array();
    // A discard never lowers a special form's count (it takes pairs and kinds away):
    // forms above the shanten for the whole hand stay above it after any discard.
    let counts = counts.filter(|&[kinds, pairs, orphan_kinds, orphan_pairs]| {
        special(&held, kinds, pairs, orphan_kinds, orphan_pairs)
            .iter()
            .any(|&(s, _)| s <= shanten)
    });
    for (k, suit) in suits.iter().enumerate() {
        let honours = k == 3;
        let mut left = held.any >> BASES[k] & if honours { 0x7f } else { 0x1ff };
        let others = OTHER_SUITS[k].map(|i| {
            let (x, y) = OTHERS[i][k];
            (i, j.pair[x][y])
        });
        // The useful draws in the other suits, by the class this suit is left in.
        let mut seen = [(usize::MAX, 0u64); 9];
        while left != 0 {
            let pos = left.trailing_zeros() as usize;
            left &= left - 1;
            let d = BASES[k] + pos;
            let after = suit.moved(honours, pos, false);
            let cost = cost_after(j, sets, k, after.class);
            let regular = cost as i8 - 1;
            let n_d = c[d];
            let forms = counts.map(|counts| special_after(&held, counts, d, n_d));
            let shanten_after = forms
                .iter()
                .flatten()
                .fold(regular, |s, &(form, _)| s.min(form));
            if shanten_after != shanten {
                continue;
            }
            let mut tiles = 0u64;
            if regular == shanten {
                let slot = seen
                    .iter()
                    .position(|e| e.0 == after.class || e.0 == usize::MAX);
                let elsewhere = match slot.map(|i| seen[i]) {
                    Some((class, tiles)) if class == after.class => tiles,
                    _ => {
                        let mut tiles = 0u64;
                        for (i, g) in others {
                            let rest = if honours {
                                t.join_gh[g * h + after.class]
                            } else {
                                t.join_gn[g * n + after.class]
                            };
                            let opt = optimal(suits[i].packed, usize::from(rest), sets, cost);
                            tiles |= suits[i].drawn(i == 3, opt) << BASES[i];
                        }
                        if let Some(i) = slot {
                            seen[i] = (after.class, tiles);
                        }
                        tiles
                    }
                };
                let opt = optimal(after.packed, j.rest[k], sets, cost);
                tiles = elsewhere | after.drawn(honours, opt) << BASES[k];
            }
            for (form, useful) in forms.iter().flatten() {
                if *form == shanten {
                    tiles |= useful;
                }
            }
            let bit = 1u64 << d;
            let count = held.count(tiles & !bit) + if tiles & bit != 0 { 5 - n_d } else { 0 };
            row(Discard {
                tile: Tile::new_unchecked(d as u8).black(),
                shanten,
                useful: Useful {
                    tiles: TileSet::from_bits(tiles),
                    count: u32::from(count),
                },
            });
        }
    }
    Ok(shanten)
}

/// The shanten of a 14 − 3k tile hand under Riichi rules (every form, exact) and the
/// kinds whose discard keeps it: [`discards`] without the useful tiles of each row, for
/// searches that visit many hands and only need where they may go.
///
/// # Errors
///
/// As [`discards`].
///
/// ```
/// use pairi::notation::{format_set, parse_hand};
/// let h = parse_hand("123m456p789s11223z").unwrap();
/// let (shanten, keep) = pairi::shanten::keeping(h.concealed(), 0).unwrap();
/// assert_eq!((shanten, format_set(keep).as_str()), (0, "3z"));
/// ```
pub fn keeping(concealed: &TileCounts, melds: usize) -> Result<(i8, TileSet), HandError> {
    let f = Fourteen::of(concealed, melds)?;
    let (held, counts, shanten) = f.whole(melds);
    let (sets, suits, j) = (f.sets, &f.suits, &f.j);
    let c = concealed.as_array();
    let mut keep = 0u64;
    for (k, suit) in suits.iter().enumerate() {
        let honours = k == 3;
        let mut left = held.any >> BASES[k] & if honours { 0x7f } else { 0x1ff };
        while left != 0 {
            let pos = left.trailing_zeros() as usize;
            left &= left - 1;
            let d = BASES[k] + pos;
            let mut s = cost_after(j, sets, k, suit.moved(honours, pos, false).class) as i8 - 1;
            if let Some(counts) = counts.filter(|_| s > shanten) {
                for (form, _) in special_after(&held, counts, d, c[d]) {
                    s = s.min(form);
                }
            }
            if s == shanten {
                keep |= 1 << d;
            }
        }
    }
    Ok((shanten, TileSet::from_bits(keep)))
}

#[cfg(test)]
mod tests {
    /// [`keeping`] is the discard table's shanten and its rows that keep it, on seeded
    /// random hands with 0 to 2 melds.
    #[test]
    fn keeping_ok_agrees_with_discards() {
        let mut rng = crate::util::rng::SplitMix64::new(11);
        let mut checked = 0;
        for melds in 0..3usize {
            for _ in 0..20_000 {
                let mut wall: Vec<u8> = (0..136).map(|i| (i / 4) as u8).collect();
                let mut c = [0u8; 34];
                for i in 0..14 - 3 * melds {
                    let j = i + rng.below((136 - i) as u64) as usize;
                    wall.swap(i, j);
                    c[usize::from(wall[i])] += 1;
                }
                let counts = TileCounts::from_array(c);
                let d = discards(&counts, melds).unwrap();
                let want = d
                    .rows()
                    .iter()
                    .filter(|r| r.shanten == d.shanten)
                    .fold(0u64, |acc, r| acc | 1 << r.tile.tile().index());
                let (s, keep) = keeping(&counts, melds).unwrap();
                assert_eq!(
                    (s, keep.bits()),
                    (d.shanten, want),
                    "{c:?} with {melds} melds"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 60_000);
    }

    /// [`keeping`] against the shanten of the hand after each discard, each computed on
    /// its own (the kernel checked against the slow reference in `shanten::tests`), on
    /// hands dealt from a few kinds (low shanten, long suits that must make every set,
    /// seven pairs and thirteen orphans among them), with 0 to 2 melds.
    #[test]
    fn keeping_ok_against_shanten_after_each_discard() {
        let mut rng = crate::util::rng::SplitMix64::new(23);
        let mut checked = 0;
        for round in 0..6_000u64 {
            let melds = (round % 3) as usize;
            // A pool of at most 13 kinds: one suit, a suit and honours, the orphans, or four
            // kinds drawn at random.
            let kinds: Vec<u8> = match round % 4 {
                0 => (0..9).collect(),
                1 => (9..18).chain(27..31).collect(),
                2 => vec![0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33],
                _ => (0..4).map(|_| rng.below(34) as u8).collect(),
            };
            let mut wall: Vec<u8> = kinds.iter().flat_map(|&k| [k; 4]).collect();
            let n = 14 - 3 * melds;
            if wall.len() < n {
                continue;
            }
            let mut c = [0u8; 34];
            let mut held = 0;
            let mut i = 0;
            while held < n && i < wall.len() {
                let j = i + rng.below((wall.len() - i) as u64) as usize;
                wall.swap(i, j);
                let k = usize::from(wall[i]);
                if c[k] < 4 {
                    c[k] += 1;
                    held += 1;
                }
                i += 1;
            }
            if held < n {
                continue;
            }
            let counts = TileCounts::from_array(c);
            let shanten = |c: &TileCounts| crate::shanten::riichi(c, melds).unwrap().min();
            let want_s = shanten(&counts);
            let mut want = 0u64;
            for d in (0..34).filter(|&d| c[d] > 0) {
                let mut after = c;
                after[d] -= 1;
                if shanten(&TileCounts::from_array(after)) == want_s {
                    want |= 1 << d;
                }
            }
            let (s, keep) = keeping(&counts, melds).unwrap();
            assert_eq!((s, keep.bits()), (want_s, want), "{c:?} with {melds} melds");
            checked += 1;
        }
        assert!(checked > 5_000, "{checked}");
    }

    use super::*;

    /// Every suit's draw entry against looking up the suit after each draw, at every
    /// lane the entries cover (exhaustive: all numbered and honours count vectors).
    fn check_draws(len: usize) {
        let honours = len == 7;
        let mut checked = 0;
        for code in 0..5usize.pow(len as u32) {
            let mut v = [0u8; 9];
            let mut x = code;
            for d in v.iter_mut().take(len) {
                *d = (x % 5) as u8;
                x /= 5;
            }
            let sum: u8 = v.iter().sum();
            if sum > 14 {
                continue;
            }
            let suit = if honours {
                Suit::honours(&v[..7])
            } else {
                Suit::numbered(&v)
            };
            for lane in 0..8 {
                let opt = 1u64 << (LANE_BITS * lane);
                let mut want = 0u64;
                for (pos, &n) in v.iter().enumerate().take(len) {
                    if n < 4 && sum < 14 {
                        let lowered = suit.packed - suit.moved(honours, pos, true).packed;
                        want |= u64::from(lowered & opt != 0) << pos;
                    }
                }
                assert_eq!(suit.drawn(honours, opt), want, "{v:?} lane {lane}");
                if sum < 14 {
                    assert_eq!(suit.drawn_one_by_one(honours, opt), want, "{v:?}");
                }
            }
            checked += 1;
        }
        assert_eq!(checked, if honours { 43_130 } else { 405_350 });
    }

    #[test]
    fn draws_ok_numbered_exhaustive() {
        check_draws(9);
    }

    #[test]
    fn draws_ok_honours_exhaustive() {
        check_draws(7);
    }

    #[test]
    fn gather_ok_every_byte() {
        for i in 0..34 {
            for n in 0..=4u8 {
                let mut c = TileCounts::new();
                c.as_mut_array()[i] = n;
                let h = Held::of(&Words::of(&c));
                assert_eq!(h.any, u64::from(n >= 1) << i);
                assert_eq!(h.once, u64::from(n == 1) << i);
                assert_eq!(h.bit0, u64::from(n & 1) << i);
                assert_eq!(h.bit1, u64::from(n >> 1 & 1) << i);
            }
        }
        // Many bytes at once.
        for k in 0..25usize {
            let mut c = TileCounts::new();
            for (i, x) in c.as_mut_array().iter_mut().enumerate() {
                *x = ((i * k + i / 5) % 5) as u8;
            }
            let h = Held::of(&Words::of(&c));
            let bits = |f: &dyn Fn(u8) -> bool| {
                (0..34).fold(0u64, |acc, i| acc | u64::from(f(c.as_array()[i])) << i)
            };
            assert_eq!(h.any, bits(&|n| n >= 1), "{k}");
            assert_eq!(h.once, bits(&|n| n == 1), "{k}");
            assert_eq!(h.bit0, bits(&|n| n & 1 != 0), "{k}");
            assert_eq!(h.bit1, bits(&|n| n & 2 != 0), "{k}");
        }
    }
}
