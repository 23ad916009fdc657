//! Tiles: the 34 kinds, suits, red fives, counts and sets.
//!
//! The index order follows libsaki's `T34` and Tenhou: 1m..9m (0..8), 1p..9p (9..17),
//! 1s..9s (18..26), East South West North (27..30), White Green Red (31..33).
//! Red fives are not kinds: a [`Pai`] (a physical tile) is a kind plus a red mark.

use core::fmt;
use core::ops::{Index, IndexMut};

/// One of the 34 tile kinds. Invariant: the index is `< 34`.
///
/// 牌の種類 / 牌种.
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

/// The four suits: characters, circles, bamboo and honours.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Suit {
    /// Characters, 萬子 / 万子 (`m`).
    Man,
    /// Circles, 筒子 / 饼子 (`p`).
    Pin,
    /// Bamboo, 索子 / 条子 (`s`).
    Sou,
    /// Winds and dragons, 字牌 / 字牌 (`z`).
    Honor,
}

impl Suit {
    /// The three numbered suits, in index order.
    pub const NUMBERED: [Suit; 3] = [Suit::Man, Suit::Pin, Suit::Sou];
    /// The four suits, in index order.
    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];

    /// The MPSZ letter of the suit.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// Index of the suit's first tile (`1m`, `1p`, `1s`, East).
    #[must_use]
    pub const fn base(self) -> u8 {
        match self {
            Suit::Man => 0,
            Suit::Pin => 9,
            Suit::Sou => 18,
            Suit::Honor => 27,
        }
    }

    /// Number of kinds in the suit (9, or 7 for honours).
    #[must_use]
    #[allow(clippy::len_without_is_empty)]
    pub const fn len(self) -> u8 {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }

    /// The indices of the suit's kinds (`0..9` for characters, `27..34` for honours).
    #[must_use]
    pub const fn range(self) -> core::ops::Range<usize> {
        self.base() as usize..(self.base() + self.len()) as usize
    }

    /// Whether the suit has numbers (is not honours).
    #[must_use]
    pub const fn is_numbered(self) -> bool {
        !matches!(self, Suit::Honor)
    }
}

/// Suit and number of each kind, read from one table: scorers ask for them in their
/// innermost loops, where a load beats the compare chain of a range match.
const SUIT_AND_NUMBER: [(Suit, u8); Tile::COUNT] = {
    let mut t = [(Suit::Honor, 0u8); Tile::COUNT];
    let mut i = 0;
    while i < Tile::COUNT {
        t[i] = match i / 9 {
            0 => (Suit::Man, (i % 9) as u8 + 1),
            1 => (Suit::Pin, (i % 9) as u8 + 1),
            2 => (Suit::Sou, (i % 9) as u8 + 1),
            _ => (Suit::Honor, (i - 26) as u8),
        };
        i += 1;
    }
    t
};

impl Tile {
    /// Number of tile kinds.
    pub const COUNT: usize = 34;

    /// 1m.
    pub const M1: Tile = Tile(0);
    /// 5m (also the kind of a red 5m).
    pub const M5: Tile = Tile(4);
    /// 9m.
    pub const M9: Tile = Tile(8);
    /// 1p.
    pub const P1: Tile = Tile(9);
    /// 5p.
    pub const P5: Tile = Tile(13);
    /// 9p.
    pub const P9: Tile = Tile(17);
    /// 1s.
    pub const S1: Tile = Tile(18);
    /// 5s.
    pub const S5: Tile = Tile(22);
    /// 9s.
    pub const S9: Tile = Tile(26);
    /// East wind, 東 / 东.
    pub const EAST: Tile = Tile(27);
    /// South wind, 南.
    pub const SOUTH: Tile = Tile(28);
    /// West wind, 西.
    pub const WEST: Tile = Tile(29);
    /// North wind, 北.
    pub const NORTH: Tile = Tile(30);
    /// White dragon, 白 / 白板.
    pub const WHITE: Tile = Tile(31);
    /// Green dragon, 發 / 发财.
    pub const GREEN: Tile = Tile(32);
    /// Red dragon, 中 / 红中.
    pub const RED: Tile = Tile(33);

    /// The tile of index `index`, or `None` when `index >= 34`.
    #[must_use]
    pub const fn new(index: u8) -> Option<Tile> {
        if (index as usize) < Self::COUNT {
            Some(Tile(index))
        } else {
            None
        }
    }

    /// The tile of index `index` without a check in release builds.
    ///
    /// Passing `index >= 34` is a logic error: the result is unspecified (indexing
    /// with it may panic), but never undefined behaviour.
    #[must_use]
    pub const fn new_unchecked(index: u8) -> Tile {
        debug_assert!((index as usize) < Self::COUNT);
        Tile(index)
    }

    /// The tile of `suit` and `number` (1..=9, or 1..=7 for honours in the order
    /// East South West North White Green Red).
    #[must_use]
    pub const fn from_suit_number(suit: Suit, number: u8) -> Option<Tile> {
        if number == 0 || number > suit.len() {
            return None;
        }
        Some(Tile(suit.base() + number - 1))
    }

    /// The index, 0..34.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The index as a byte.
    #[must_use]
    pub const fn as_u8(self) -> u8 {
        self.0
    }

    /// Every kind in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = Tile> + ExactSizeIterator + Clone {
        (0..Self::COUNT as u8).map(Tile)
    }

    /// The suit.
    #[must_use]
    pub const fn suit(self) -> Suit {
        SUIT_AND_NUMBER[self.0 as usize].0
    }

    /// The number within the suit: 1..=9, or 1..=7 for honours (E S W N White Green Red).
    #[must_use]
    pub const fn number(self) -> u8 {
        SUIT_AND_NUMBER[self.0 as usize].1
    }

    /// A wind or a dragon.
    #[must_use]
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// East, South, West or North.
    #[must_use]
    pub const fn is_wind(self) -> bool {
        self.0 >= 27 && self.0 <= 30
    }

    /// White, Green or Red.
    #[must_use]
    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// A 1 or a 9 of a numbered suit (老頭牌 / 幺九).
    #[must_use]
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && (self.number() == 1 || self.number() == 9)
    }

    /// A terminal or an honour (么九牌 / 幺九牌).
    #[must_use]
    pub const fn is_terminal_or_honor(self) -> bool {
        // One bit of a set, no branch (the scorer asks it of every block).
        TileSet::TERMINALS_AND_HONORS.contains(self)
    }

    /// A 2..8 of a numbered suit (中張牌 / 中张).
    #[must_use]
    pub const fn is_simple(self) -> bool {
        !self.is_terminal_or_honor()
    }

    /// The next tile of the same numbered suit (`8m` → `9m`), none after a 9 or for honours.
    #[must_use]
    pub const fn succ(self) -> Option<Tile> {
        if self.is_honor() || self.number() == 9 {
            None
        } else {
            Some(Tile(self.0 + 1))
        }
    }

    /// The tile `n` numbers up in the same numbered suit (`3m` by 2 → `5m`); none past
    /// 9 or for honours (`n` = 0 gives the tile itself, honours included).
    #[must_use]
    pub const fn succ_by(self, n: u8) -> Option<Tile> {
        if n == 0 {
            Some(self)
        } else if self.is_honor() || self.number() as u32 + n as u32 > 9 {
            None
        } else {
            Some(Tile(self.0 + n))
        }
    }

    /// The previous tile of the same numbered suit, none before a 1 or for honours.
    #[must_use]
    pub const fn pred(self) -> Option<Tile> {
        if self.is_honor() || self.number() == 1 {
            None
        } else {
            Some(Tile(self.0 - 1))
        }
    }

    /// Whether the two tiles are adjacent numbers of one suit (8m–9m yes, 9m–1m and 9m–1p no).
    #[must_use]
    pub const fn is_neighbour(self, other: Tile) -> bool {
        self.same_numbered_suit(other) && self.0.abs_diff(other.0) == 1
    }

    /// Whether the two tiles sandwich exactly one tile of their suit (7m–9m: a kanchan).
    #[must_use]
    pub const fn is_gap_pair(self, other: Tile) -> bool {
        self.same_numbered_suit(other) && self.0.abs_diff(other.0) == 2
    }

    /// The tile sandwiched by a gap pair (`7m`, `9m` → `8m`).
    #[must_use]
    pub const fn gap_middle(self, other: Tile) -> Option<Tile> {
        if self.is_gap_pair(other) {
            Some(Tile((self.0 + other.0) / 2))
        } else {
            None
        }
    }

    /// Whether the tiles are suji: same numbered suit, three apart (1s–4s, 4s–7s).
    ///
    /// 筋 / 筋.
    #[must_use]
    pub const fn is_suji(self, other: Tile) -> bool {
        self.same_numbered_suit(other) && self.0.abs_diff(other.0) == 3
    }

    /// The suji partners of this tile (one or two tiles; none for honours).
    pub fn suji(self) -> impl Iterator<Item = Tile> {
        let this = self;
        [self.0.checked_sub(3), Some(self.0 + 3)]
            .into_iter()
            .flatten()
            .filter_map(Tile::new)
            .filter(move |t| this.is_suji(*t))
    }

    const fn same_numbered_suit(self, other: Tile) -> bool {
        !self.is_honor() && self.suit() as u8 == other.suit() as u8
    }

    /// This kind as a black (not red) physical tile.
    #[must_use]
    pub const fn black(self) -> Pai {
        Pai {
            tile: self,
            red: false,
        }
    }

    /// This kind as a red physical tile, if it is a five of a numbered suit.
    #[must_use]
    pub const fn red(self) -> Option<Pai> {
        if self.is_honor() || self.number() != 5 {
            None
        } else {
            Some(Pai {
                tile: self,
                red: true,
            })
        }
    }

    /// The MPSZ spelling, e.g. `5m`, `1z`.
    #[must_use]
    pub fn mpsz(self) -> [char; 2] {
        [char::from(b'0' + self.number()), self.suit().letter()]
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [n, s] = self.mpsz();
        write!(f, "{n}{s}")
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl From<Tile> for usize {
    fn from(t: Tile) -> usize {
        t.index()
    }
}

impl<T> Index<Tile> for [T] {
    type Output = T;
    fn index(&self, t: Tile) -> &T {
        &self[t.index()]
    }
}

impl<T> IndexMut<Tile> for [T] {
    fn index_mut(&mut self, t: Tile) -> &mut T {
        &mut self[t.index()]
    }
}

/// A tile literal: `t!(5m)`, `t!(0p)` is not allowed (kinds have no red), honours as
/// `t!(1z)`..`t!(7z)` or `t!(E)`, `t!(S)`, `t!(W)`, `t!(N)`, `t!(P)` (White), `t!(F)`
/// (Green), `t!(C)` (Red). Usable in `match` patterns.
#[macro_export]
macro_rules! t {
    (1m) => {
        $crate::tile::Tile::M1
    };
    (2m) => {
        $crate::tile::Tile::new_unchecked(1)
    };
    (3m) => {
        $crate::tile::Tile::new_unchecked(2)
    };
    (4m) => {
        $crate::tile::Tile::new_unchecked(3)
    };
    (5m) => {
        $crate::tile::Tile::M5
    };
    (6m) => {
        $crate::tile::Tile::new_unchecked(5)
    };
    (7m) => {
        $crate::tile::Tile::new_unchecked(6)
    };
    (8m) => {
        $crate::tile::Tile::new_unchecked(7)
    };
    (9m) => {
        $crate::tile::Tile::M9
    };
    (1p) => {
        $crate::tile::Tile::P1
    };
    (2p) => {
        $crate::tile::Tile::new_unchecked(10)
    };
    (3p) => {
        $crate::tile::Tile::new_unchecked(11)
    };
    (4p) => {
        $crate::tile::Tile::new_unchecked(12)
    };
    (5p) => {
        $crate::tile::Tile::P5
    };
    (6p) => {
        $crate::tile::Tile::new_unchecked(14)
    };
    (7p) => {
        $crate::tile::Tile::new_unchecked(15)
    };
    (8p) => {
        $crate::tile::Tile::new_unchecked(16)
    };
    (9p) => {
        $crate::tile::Tile::P9
    };
    (1s) => {
        $crate::tile::Tile::S1
    };
    (2s) => {
        $crate::tile::Tile::new_unchecked(19)
    };
    (3s) => {
        $crate::tile::Tile::new_unchecked(20)
    };
    (4s) => {
        $crate::tile::Tile::new_unchecked(21)
    };
    (5s) => {
        $crate::tile::Tile::S5
    };
    (6s) => {
        $crate::tile::Tile::new_unchecked(23)
    };
    (7s) => {
        $crate::tile::Tile::new_unchecked(24)
    };
    (8s) => {
        $crate::tile::Tile::new_unchecked(25)
    };
    (9s) => {
        $crate::tile::Tile::S9
    };
    (1z) => {
        $crate::tile::Tile::EAST
    };
    (2z) => {
        $crate::tile::Tile::SOUTH
    };
    (3z) => {
        $crate::tile::Tile::WEST
    };
    (4z) => {
        $crate::tile::Tile::NORTH
    };
    (5z) => {
        $crate::tile::Tile::WHITE
    };
    (6z) => {
        $crate::tile::Tile::GREEN
    };
    (7z) => {
        $crate::tile::Tile::RED
    };
    (E) => {
        $crate::tile::Tile::EAST
    };
    (S) => {
        $crate::tile::Tile::SOUTH
    };
    (W) => {
        $crate::tile::Tile::WEST
    };
    (N) => {
        $crate::tile::Tile::NORTH
    };
    (P) => {
        $crate::tile::Tile::WHITE
    };
    (F) => {
        $crate::tile::Tile::GREEN
    };
    (C) => {
        $crate::tile::Tile::RED
    };
}

/// A physical tile: a kind plus whether it is a red five (赤ドラ / 赤五).
///
/// Comparing kinds ignores the mark: `pai.tile() == other.tile()`; comparing `Pai`s
/// tells red and black apart.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pai {
    tile: Tile,
    red: bool,
}

impl Pai {
    /// A physical tile; `None` when `red` is asked of a tile that is not a numbered five.
    #[must_use]
    pub const fn new(tile: Tile, red: bool) -> Option<Pai> {
        if red {
            tile.red()
        } else {
            Some(tile.black())
        }
    }

    /// The tile of a 136-tile id, as Tenhou's records and the Python `mahjong` package
    /// number them: kind `id / 4`, and the first copy of each five (ids 16, 52 and 88)
    /// red. `None` from 136 up.
    #[must_use]
    pub const fn from_id136(id: u8) -> Option<Pai> {
        let Some(tile) = Tile::new(id / 4) else {
            return None;
        };
        Pai::new(tile, matches!(id, 16 | 52 | 88))
    }

    /// Its kind (a red five is a five).
    #[must_use]
    pub const fn tile(self) -> Tile {
        self.tile
    }

    /// Whether it is a red five.
    #[must_use]
    pub const fn is_red(self) -> bool {
        self.red
    }

    /// Whether the two are the same kind, red or not.
    #[must_use]
    pub const fn same_kind(self, other: Pai) -> bool {
        self.tile.0 == other.tile.0
    }
}

impl Default for Pai {
    /// A black 1m (a filler for fixed-size stores).
    fn default() -> Self {
        Tile::M1.black()
    }
}

impl From<Pai> for Tile {
    fn from(p: Pai) -> Tile {
        p.tile
    }
}

impl fmt::Display for Pai {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.red {
            write!(f, "0{}", self.tile.suit().letter())
        } else {
            fmt::Display::fmt(&self.tile, f)
        }
    }
}

impl fmt::Debug for Pai {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// How many of each kind: a fixed array indexed by [`Tile`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TileCounts([u8; 34]);

impl TileCounts {
    /// No tiles.
    #[must_use]
    pub const fn new() -> TileCounts {
        TileCounts([0; 34])
    }

    /// Counts from an array indexed by tile index.
    #[must_use]
    pub const fn from_array(counts: [u8; 34]) -> TileCounts {
        TileCounts(counts)
    }

    /// The counts as an array indexed by tile index.
    #[must_use]
    pub const fn as_array(&self) -> &[u8; 34] {
        &self.0
    }

    /// The counts as a mutable array indexed by tile index.
    pub fn as_mut_array(&mut self) -> &mut [u8; 34] {
        &mut self.0
    }

    /// Counts of the given tiles.
    pub fn from_tiles<I: IntoIterator<Item = Tile>>(tiles: I) -> TileCounts {
        let mut c = TileCounts::new();
        for t in tiles {
            c.0[t.index()] = c.0[t.index()].saturating_add(1);
        }
        c
    }

    /// The count of one kind.
    #[must_use]
    pub const fn get(&self, t: Tile) -> u8 {
        self.0[t.index()]
    }

    /// Adds one tile.
    pub fn add(&mut self, t: Tile) {
        self.0[t.index()] = self.0[t.index()].saturating_add(1);
    }

    /// Removes one tile; returns false (and changes nothing) when there is none.
    pub fn remove(&mut self, t: Tile) -> bool {
        if self.0[t.index()] == 0 {
            false
        } else {
            self.0[t.index()] -= 1;
            true
        }
    }

    /// The number of tiles.
    #[must_use]
    pub fn total(&self) -> u32 {
        // Eight counts at a time (every hand's size is asked several times a score):
        // neighbouring bytes added into four 16-bit lanes (each at most 510), the lanes
        // added by one multiplication into the top lane (at most 2 040, no carry out).
        const LOW: u64 = 0x00ff_00ff_00ff_00ff;
        let words = self.0.chunks_exact(8);
        let rest: u64 = words.remainder().iter().map(|&c| u64::from(c)).sum();
        let mut sum = 0u64;
        for w in words {
            let x = u64::from_le_bytes(w.try_into().unwrap_or_default());
            let lanes = (x & LOW) + ((x >> 8) & LOW);
            sum += lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48;
        }
        // At most 34 × 255.
        (sum + rest) as u32
    }

    /// The kinds present, with their counts, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (Tile, u8)> + '_ {
        Tile::all()
            .map(|t| (t, self.0[t.index()]))
            .filter(|&(_, c)| c > 0)
    }

    /// Every tile, one per copy, in index order.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.iter()
            .flat_map(|(t, c)| core::iter::repeat_n(t, usize::from(c)))
    }

    /// The set of kinds present.
    #[must_use]
    pub fn kinds(&self) -> TileSet {
        // Branch-free, eight counts at a time (scorers build this set for every hand):
        // the top bit of each byte set when the byte is not zero, then the eight top
        // bits gathered into one byte by a multiplication whose partial products never
        // overlap (byte k's bit lands on bit 56 + k).
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let words = self.0.chunks_exact(8);
        let rest = words.remainder();
        let mut set = 0u64;
        for (i, w) in words.enumerate() {
            let x = u64::from_le_bytes(w.try_into().unwrap_or_default());
            let nonzero = (x | ((x & LOW7) + LOW7)) & HIGH;
            set |= ((nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
        }
        for (i, &n) in rest.iter().enumerate() {
            set |= u64::from(n > 0) << (32 + i);
        }
        TileSet(set)
    }

    /// The counts of one numbered suit (9 entries) or the honours (7 entries).
    #[must_use]
    pub fn suit(&self, suit: Suit) -> &[u8] {
        &self.0[suit.range()]
    }

    /// The kind held most often and its count, or `None` when empty.
    #[must_use]
    pub fn max_count(&self) -> u8 {
        // A fold the compiler turns into a few vector maxima.
        self.0.iter().fold(0, |m, &c| m.max(c))
    }
}

impl Default for TileCounts {
    fn default() -> Self {
        TileCounts::new()
    }
}

impl Index<Tile> for TileCounts {
    type Output = u8;
    fn index(&self, t: Tile) -> &u8 {
        &self.0[t.index()]
    }
}

impl IndexMut<Tile> for TileCounts {
    fn index_mut(&mut self, t: Tile) -> &mut u8 {
        &mut self.0[t.index()]
    }
}

impl FromIterator<Tile> for TileCounts {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        TileCounts::from_tiles(iter)
    }
}

impl fmt::Debug for TileCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TileCounts(")?;
        for t in self.tiles() {
            write!(f, "{t}")?;
        }
        f.write_str(")")
    }
}

/// A set of kinds, one bit per kind (bit `i` = tile index `i`). Invariant: no bit at or
/// above 34 is set, so every member is a [`Tile`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct TileSet(u64);

/// The bits of the 34 kinds.
const KIND_BITS: u64 = (1 << 34) - 1;

/// The set of suit `base..base + len`, as bits.
const fn run_bits(base: u32, len: u32) -> u64 {
    ((1 << len) - 1) << base
}

/// Ones and nines of the three numbered suits, as bits.
const TERMINAL_BITS: u64 = 0x101 | 0x101 << 9 | 0x101 << 18;

impl TileSet {
    /// The empty set.
    pub const EMPTY: TileSet = TileSet(0);
    /// All 34 kinds.
    pub const ALL: TileSet = TileSet(KIND_BITS);
    /// The characters 1m..9m (萬子 / 万子).
    pub const MAN: TileSet = TileSet(run_bits(0, 9));
    /// The circles 1p..9p (筒子 / 饼子).
    pub const PIN: TileSet = TileSet(run_bits(9, 9));
    /// The bamboo 1s..9s (索子 / 条子).
    pub const SOU: TileSet = TileSet(run_bits(18, 9));
    /// The 27 numbered kinds.
    pub const NUMBERED: TileSet = TileSet(run_bits(0, 27));
    /// The seven honours (字牌).
    pub const HONORS: TileSet = TileSet(run_bits(27, 7));
    /// The four winds (風牌 / 风牌).
    pub const WINDS: TileSet = TileSet(run_bits(27, 4));
    /// The three dragons (三元牌 / 箭牌).
    pub const DRAGONS: TileSet = TileSet(run_bits(31, 3));
    /// The six terminals: ones and nines (老頭牌 / 幺九).
    pub const TERMINALS: TileSet = TileSet(TERMINAL_BITS);
    /// The 13 terminals and honours (么九牌; the kinds of thirteen orphans).
    pub const TERMINALS_AND_HONORS: TileSet = TileSet(TERMINAL_BITS | run_bits(27, 7));
    /// The 21 simples, 2..8 of each numbered suit (中張牌 / 中张).
    pub const SIMPLES: TileSet = TileSet(run_bits(0, 27) & !TERMINAL_BITS);
    /// The all-green kinds 2s 3s 4s 6s 8s and Green (緑一色 / 绿一色).
    pub const GREENS: TileSet = TileSet(1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32);
    /// The kinds that look the same upside down (推不倒, MCR): 1234589p, 245689s, White.
    pub const REVERSIBLE: TileSet = TileSet(0b1_1001_1111 << 9 | 0b1_1011_1010 << 18 | 1 << 31);

    /// The set of these bits; bits at or above 34 (no kind) are dropped.
    #[must_use]
    pub const fn from_bits(bits: u64) -> TileSet {
        TileSet(bits & KIND_BITS)
    }

    /// The bits of the set (bit `i` for the kind of index `i`; none at or above 34).
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The kinds of one suit.
    #[must_use]
    pub const fn of_suit(suit: Suit) -> TileSet {
        TileSet(run_bits(suit.base() as u32, suit.len() as u32))
    }

    /// Whether `t` is in the set.
    #[must_use]
    pub const fn contains(self, t: Tile) -> bool {
        self.0 >> t.0 & 1 == 1
    }

    /// Adds `t`.
    pub fn insert(&mut self, t: Tile) {
        self.0 |= 1 << t.0;
    }

    /// Removes `t`.
    pub fn remove(&mut self, t: Tile) {
        self.0 &= !(1 << t.0);
    }

    /// The number of kinds in the set.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The union.
    #[must_use]
    pub const fn union(self, other: TileSet) -> TileSet {
        TileSet(self.0 | other.0)
    }

    /// The intersection.
    #[must_use]
    pub const fn intersection(self, other: TileSet) -> TileSet {
        TileSet(self.0 & other.0)
    }

    /// The kinds of `self` not in `other`.
    #[must_use]
    pub const fn difference(self, other: TileSet) -> TileSet {
        TileSet(self.0 & !other.0)
    }

    /// Whether every kind of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: TileSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the two sets share a kind.
    #[must_use]
    pub const fn intersects(self, other: TileSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The lowest kind of the set, if any.
    #[must_use]
    pub const fn first(self) -> Option<Tile> {
        if self.0 == 0 {
            None
        } else {
            Some(Tile(self.0.trailing_zeros() as u8))
        }
    }

    /// The kinds in the set, in index order.
    pub fn iter(self) -> impl Iterator<Item = Tile> {
        let mut bits = self.0;
        core::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                Some(Tile(i as u8))
            }
        })
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        let mut s = TileSet::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TileSet(")?;
        for t in self.iter() {
            write!(f, "{t}")?;
        }
        f.write_str(")")
    }
}

/// A wind: the round (場風 / 圈风) or a seat (自風 / 门风). East is the dealer's seat.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum Wind {
    /// East, 東 / 东.
    #[default]
    East,
    /// South, 南.
    South,
    /// West, 西.
    West,
    /// North, 北.
    North,
}

impl Wind {
    /// The four winds in seat order.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The wind's tile.
    #[must_use]
    pub const fn tile(self) -> Tile {
        Tile(Tile::EAST.0 + self as u8)
    }

    /// The wind of a wind tile; `None` for any other kind.
    #[must_use]
    pub const fn from_tile(t: Tile) -> Option<Wind> {
        match t {
            Tile::EAST => Some(Wind::East),
            Tile::SOUTH => Some(Wind::South),
            Tile::WEST => Some(Wind::West),
            Tile::NORTH => Some(Wind::North),
            _ => None,
        }
    }

    /// The wind of seat offset `i` from East (0 East, 1 South, 2 West, 3 North), modulo 4.
    #[must_use]
    pub const fn from_index(i: u8) -> Wind {
        Wind::ALL[(i % 4) as usize]
    }

    /// Its seat offset from East: 0 East … 3 North.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The next wind in seat order (North is followed by East).
    #[must_use]
    pub const fn next(self) -> Wind {
        Wind::from_index(self as u8 + 1)
    }

    /// The letter `E S W N`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Wind::East => 'E',
            Wind::South => 'S',
            Wind::West => 'W',
            Wind::North => 'N',
        }
    }

    /// The English name: `East` … `North`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Wind::East => "East",
            Wind::South => "South",
            Wind::West => "West",
            Wind::North => "North",
        }
    }
}

impl fmt::Display for Wind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Tile patterns that several rules look at, stated once.
pub mod shape {
    /// The counts of nine gates (九蓮宝燈 / 九莲宝灯) over one suit's 1..9 before the
    /// winning tile: `1112345678999`. Riichi's chuuren and MCR's nine gates both read it.
    pub const NINE_GATES: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];

    /// The six knitted assignments (组合龙 / 全不靠): for the suits in order man, pin, sou,
    /// the offset (0, 1 or 2) of the knitted triple that suit takes, numbers
    /// `offset + 1`, `offset + 4`, `offset + 7` (147, 258 or 369).
    pub const KNITTED: [[u8; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The word-at-a-time total and kinds agree with a count-by-count reading, on
        /// any bytes (not only counts a wall allows).
        #[test]
        fn counts_total_and_kinds_ok_match_a_count_by_count_reading(
            counts in proptest::array::uniform32(proptest::prelude::any::<u8>()),
            last in proptest::array::uniform2(proptest::prelude::any::<u8>()),
            sparse in proptest::prelude::any::<u64>(),
        ) {
            let mut all = [0u8; 34];
            all[..32].copy_from_slice(&counts);
            all[32..].copy_from_slice(&last);
            // Many zeros too: a count is kept when its bit of `sparse` is set.
            for (i, n) in all.iter_mut().enumerate() {
                if sparse >> i & 1 == 0 {
                    *n = 0;
                }
            }
            let c = TileCounts::from_array(all);
            let total: u32 = all.iter().map(|&n| u32::from(n)).sum();
            let kinds = all
                .iter()
                .enumerate()
                .fold(0u64, |k, (i, &n)| k | u64::from(n > 0) << i);
            proptest::prop_assert_eq!(c.total(), total);
            proptest::prop_assert_eq!(c.kinds().0, kinds);
        }
    }

    #[test]
    fn tile_ok_suit_and_number_table_matches_the_index_layout() {
        for t in Tile::all() {
            let i = t.as_u8();
            let (suit, base) = match i {
                0..=8 => (Suit::Man, 0),
                9..=17 => (Suit::Pin, 9),
                18..=26 => (Suit::Sou, 18),
                _ => (Suit::Honor, 27),
            };
            assert_eq!(t.suit(), suit, "{t}");
            assert_eq!(t.number(), i - base + 1, "{t}");
            assert_eq!(suit.base(), base);
        }
    }

    #[test]
    fn tile_ok_index_order() {
        assert_eq!(t!(1m).index(), 0);
        assert_eq!(t!(9m).index(), 8);
        assert_eq!(t!(1p).index(), 9);
        assert_eq!(t!(1s).index(), 18);
        assert_eq!(t!(E).index(), 27);
        assert_eq!(t!(N).index(), 30);
        assert_eq!(t!(P).index(), 31);
        assert_eq!(t!(F).index(), 32);
        assert_eq!(t!(C).index(), 33);
        assert_eq!(t!(7z), t!(C));
        assert!(Tile::new(34).is_none());
        assert_eq!(Tile::all().count(), 34);
    }

    #[test]
    fn tile_ok_predicates() {
        assert!(t!(1m).is_terminal() && !t!(1m).is_simple());
        assert!(t!(5p).is_simple());
        assert!(t!(E).is_wind() && t!(E).is_honor() && !t!(E).is_dragon());
        assert!(t!(C).is_dragon() && !t!(C).is_wind());
        assert!(t!(9s).is_terminal_or_honor() && !t!(9s).is_honor());
        assert_eq!(t!(7s).suit(), Suit::Sou);
        assert_eq!(t!(7s).number(), 7);
        assert_eq!(t!(F).number(), 6);
    }

    #[test]
    fn neighbour_ok_and_err() {
        assert!(t!(8m).is_neighbour(t!(9m)));
        assert!(t!(9m).is_neighbour(t!(8m)));
        assert!(!t!(9m).is_neighbour(t!(1p)));
        assert!(!t!(9m).is_neighbour(t!(1m)));
        assert!(!t!(E).is_neighbour(t!(S)));
        assert_eq!(t!(9m).succ(), None);
        assert_eq!(t!(1p).pred(), None);
    }

    #[test]
    fn gap_ok_and_err() {
        assert!(t!(7m).is_gap_pair(t!(9m)));
        assert_eq!(t!(7m).gap_middle(t!(9m)), Some(t!(8m)));
        assert!(!t!(8m).is_gap_pair(t!(1p)));
        assert!(!t!(E).is_gap_pair(t!(W)));
    }

    #[test]
    fn suji_ok_and_err() {
        assert!(t!(1s).is_suji(t!(4s)));
        assert!(t!(4s).is_suji(t!(7s)));
        assert!(!t!(7m).is_suji(t!(1p)));
        assert!(!t!(E).is_suji(t!(N)));
        assert_eq!(t!(4s).suji().collect::<Vec<_>>(), vec![t!(1s), t!(7s)]);
        assert_eq!(t!(8p).suji().collect::<Vec<_>>(), vec![t!(5p)]);
    }

    #[test]
    fn pai_ok_from_id136() {
        assert_eq!(Pai::from_id136(0), Some(Tile::M1.black()));
        assert_eq!(Pai::from_id136(16), Tile::new(4).unwrap().red());
        assert_eq!(Pai::from_id136(17), Some(Tile::new(4).unwrap().black()));
        assert_eq!(Pai::from_id136(52).map(Pai::is_red), Some(true));
        assert_eq!(Pai::from_id136(88).map(Pai::is_red), Some(true));
        assert_eq!(Pai::from_id136(135), Some(Tile::new(33).unwrap().black()));
        assert_eq!(Pai::from_id136(136), None);
    }

    #[test]
    fn pai_ok_red_is_same_kind() {
        let red = t!(5m).red().unwrap();
        assert!(red.same_kind(t!(5m).black()));
        assert_ne!(red, t!(5m).black());
        assert_eq!(red.tile(), t!(5m));
        assert!(t!(4m).red().is_none());
        assert_eq!(red.to_string(), "0m");
    }

    #[test]
    fn tileset_ok_iter() {
        let s: TileSet = [t!(1m), t!(C), t!(5p)].into_iter().collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![t!(1m), t!(5p), t!(C)]);
        assert_eq!(TileSet::TERMINALS_AND_HONORS.len(), 13);
        for t in Tile::all() {
            assert_eq!(
                t.is_terminal_or_honor(),
                t.is_honor() || t.is_terminal(),
                "{t}"
            );
        }
        assert_eq!(TileSet::ALL.len(), 34);
    }
}
