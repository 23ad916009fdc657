//! Every way to read a complete hand (面子分解 / 拆牌), and the waits the winning tile
//! can take in each reading.
//!
//! # API in brief
//!
//! - [`decompose`]`(concealed, melds, family)` / [`decompose_hand`]`(hand, family)` →
//!   [`Readings`]: every distinct [`Reading`] of a complete hand, no duplicates. An
//!   incomplete hand gives an empty list (never a panic). [`decompose_each`] hands each
//!   reading to a closure in the same order without storing the list (the Riichi scorer
//!   weighs each reading as it is found).
//! - A [`Reading`] is a [`Form`] (regular, seven pairs, thirteen orphans, honours and
//!   knitted, knitted straight) plus its [`Block`]s. A block is a [`BlockKind`]
//!   (sequence, triplet, quad, pair, knitted run, lone tile), its lowest tile and its
//!   [`Origin`] (concealed, or the declared [`MeldKind`]). Declared melds appear as
//!   blocks of their kind, so a reading alone holds the whole hand.
//! - [`Reading::waits`]`(win)` lists every [`WaitShape`] (a [`Wait`] kind plus the index
//!   of the concealed block the winning tile completed); [`Readings::wins`] pairs them
//!   with their readings as [`WinReading`]s. A scorer takes the best over all of them:
//!   which block the tile completed matters (a ron on a shanpon makes that triplet
//!   open for fu and 三暗刻; a ryanmen reading may give pinfu where a kanchan does not).
//! - [`Family`] selects the forms: Riichi (seven *distinct* pairs, thirteen orphans) or
//!   MCR (a concealed four-of-a-kind may be two of the seven pairs; honours and knitted,
//!   knitted straight).
//!
//! Everything is a small fixed-size value: a [`Reading`] is about 45 bytes and
//! [`Readings`] a fixed array, so decomposing allocates nothing.
//!
//! # Why no duplicates
//!
//! Regular readings are enumerated by fixing the pair (each kind once) and then always
//! consuming the lowest remaining tile with a block that starts at it (a triplet, or a
//! sequence). Every multiset of blocks has exactly one such derivation, so each reading
//! appears once. Special forms are fixed by their tile sets (the knitted suit assignment
//! is unique for a given set of tiles), so they appear at most once each.

use crate::hand::{Hand, Meld, MeldKind};
use crate::tile::{shape, Tile, TileCounts, TileSet};
use crate::util::FixedList;
use core::fmt;

/// Which game's hand forms count (the rule family).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Family {
    /// Japanese Riichi: regular, seven pairs of seven *different* kinds (七対子),
    /// thirteen orphans (国士無双).
    #[default]
    Riichi,
    /// Chinese Official (国标麻将): regular, seven pairs where a four-of-a-kind counts as
    /// two pairs (七对), thirteen orphans (十三幺), honours and knitted (全不靠 /
    /// 七星不靠) and knitted straight (组合龙).
    Mcr,
}

impl Family {
    /// The forms of the family, in the order of their JSON keys.
    #[must_use]
    pub const fn forms(self) -> &'static [Form] {
        match self {
            Family::Riichi => &[Form::Regular, Form::SevenPairs, Form::ThirteenOrphans],
            Family::Mcr => &[
                Form::Regular,
                Form::SevenPairs,
                Form::ThirteenOrphans,
                Form::HonorsAndKnitted,
                Form::KnittedStraight,
            ],
        }
    }

    /// The JSON key of `form` in this family (`docs/json-api.md`): Riichi names seven
    /// pairs and thirteen orphans `chiitoitsu` and `kokushi`; MCR keeps the English ids.
    #[must_use]
    pub const fn key(self, form: Form) -> &'static str {
        match (self, form) {
            (Family::Riichi, Form::SevenPairs) => "chiitoitsu",
            (Family::Riichi, Form::ThirteenOrphans) => "kokushi",
            _ => form.id(),
        }
    }

    /// The id used in JSON and on the command line: `riichi` or `mcr`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Family::Riichi => "riichi",
            Family::Mcr => "mcr",
        }
    }
}

/// A winning form: the overall shape of a complete hand (和了形). The rule family decides
/// which forms count and how seven pairs reads a four-of-a-kind ([`Family`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum Form {
    /// Four sets and a pair (四面子一雀頭 / 基本和型), both families.
    #[default]
    Regular,
    /// Seven pairs (七対子 / 七对): of seven distinct kinds under Riichi; under MCR a
    /// kind held four times is two pairs.
    SevenPairs,
    /// Thirteen orphans: one of each terminal and honour plus a pair (国士無双 / 十三幺).
    ThirteenOrphans,
    /// MCR: fourteen distinct tiles, numbered ones from one knitted assignment
    /// (147/258/369 across the three suits), the rest honours (全不靠; with all seven
    /// honours, 七星不靠).
    HonorsAndKnitted,
    /// MCR: the nine tiles of a knitted straight (组合龙), one set and a pair.
    KnittedStraight,
}

impl Form {
    /// The id used in the decomposition text and in MCR JSON.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Form::Regular => "regular",
            Form::SevenPairs => "seven_pairs",
            Form::ThirteenOrphans => "thirteen_orphans",
            Form::HonorsAndKnitted => "honors_and_knitted",
            Form::KnittedStraight => "knitted_straight",
        }
    }
}

/// The shape of one block of a reading.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum BlockKind {
    /// Three consecutive numbers of one suit (順子 / 顺子, chow).
    Sequence,
    /// Three of a kind (刻子 / 刻子, pung).
    Triplet,
    /// Four of a kind, only ever a declared kong (槓子 / 杠子).
    Quad,
    /// Two of a kind: the head of a regular hand or one of seven pairs (対子 / 对子).
    #[default]
    Pair,
    /// Three tiles of one suit three apart, `n`, `n+3`, `n+6` with `n` in 1..=3: one
    /// third of a knitted straight (組合竜 / 组合龙).
    Knitted,
    /// One tile on its own: the singles of thirteen orphans and of honours and knitted.
    Lone,
}

impl BlockKind {
    /// Number of tiles in a block of this kind.
    #[must_use]
    pub const fn len(self) -> u8 {
        match self {
            BlockKind::Sequence | BlockKind::Triplet | BlockKind::Knitted => 3,
            BlockKind::Quad => 4,
            BlockKind::Pair => 2,
            BlockKind::Lone => 1,
        }
    }

    /// Always false: every block holds at least one tile.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// A triplet or a quad (刻子 or 槓子: what counts as a pung for yaku and fans).
    #[must_use]
    pub const fn is_triplet_like(self) -> bool {
        matches!(self, BlockKind::Triplet | BlockKind::Quad)
    }
}

/// Where a block came from.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum Origin {
    /// Made of concealed tiles (the winning tile included, which may have been claimed:
    /// see [`WaitShape`] for which block it completed).
    #[default]
    Concealed,
    /// A declared meld of this kind (chi, pon, open, concealed or added kong).
    Declared(MeldKind),
}

impl Origin {
    /// Whether the block is open: a declared meld other than a concealed kong. The
    /// block completed by a claimed winning tile is concealed here; the scorer decides.
    #[must_use]
    pub const fn is_open(self) -> bool {
        match self {
            Origin::Concealed => false,
            Origin::Declared(k) => k.is_open(),
        }
    }

    /// Whether the block is a declared meld (concealed kongs included).
    #[must_use]
    pub const fn is_declared(self) -> bool {
        matches!(self, Origin::Declared(_))
    }
}

/// One block of a reading: a kind, its lowest tile and its origin. Three bytes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Block {
    /// The shape.
    pub kind: BlockKind,
    /// The lowest tile (the only kind of a triplet, quad, pair or lone tile).
    pub first: Tile,
    /// Concealed, or which kind of declared meld.
    pub origin: Origin,
}

impl Default for Block {
    fn default() -> Self {
        Block::concealed(BlockKind::Pair, Tile::M1)
    }
}

impl Block {
    /// A concealed block.
    #[must_use]
    pub const fn concealed(kind: BlockKind, first: Tile) -> Block {
        Block {
            kind,
            first,
            origin: Origin::Concealed,
        }
    }

    /// The block of a declared meld.
    #[must_use]
    pub fn from_meld(m: &Meld) -> Block {
        let kind = match m.kind() {
            MeldKind::Chi => BlockKind::Sequence,
            MeldKind::Pon => BlockKind::Triplet,
            MeldKind::OpenKan | MeldKind::ClosedKan | MeldKind::AddedKan => BlockKind::Quad,
        };
        Block {
            kind,
            first: m.first(),
            origin: Origin::Declared(m.kind()),
        }
    }

    /// The kinds of its tiles, lowest first.
    pub fn tiles(self) -> impl Iterator<Item = Tile> {
        let step = match self.kind {
            BlockKind::Sequence => 1,
            BlockKind::Knitted => 3,
            _ => 0,
        };
        (0..self.kind.len()).map(move |i| Tile::new_unchecked(self.first.as_u8() + i * step))
    }

    /// Whether one of its tiles is `t`.
    #[must_use]
    pub fn contains(self, t: Tile) -> bool {
        let (f, x) = (self.first.as_u8(), t.as_u8());
        match self.kind {
            BlockKind::Sequence => x >= f && x <= f + 2,
            BlockKind::Knitted => x >= f && x <= f + 6 && (x - f) % 3 == 0,
            _ => x == f,
        }
    }

    /// Whether every tile is a terminal or an honour.
    #[must_use]
    pub fn is_all_terminal_or_honor(self) -> bool {
        self.tiles().all(Tile::is_terminal_or_honor)
    }

    /// Whether some tile is a terminal or an honour (the block counts for chanta / 全带幺).
    #[must_use]
    pub fn has_terminal_or_honor(self) -> bool {
        self.tiles().any(Tile::is_terminal_or_honor)
    }

    /// Whether this is a concealed block holding `t`: [`Block::contains`] without a
    /// branch on the kind.
    fn holds_concealed(self, t: Tile) -> bool {
        // How far past the first tile `t` lies a block of each kind spans: a sequence
        // 0..=2, a knitted run 0..=6 (of which 0, 3 and 6), any other block 0.
        const SPAN: [u8; 6] = {
            let mut s = [0u8; 6];
            s[BlockKind::Sequence as usize] = 2;
            s[BlockKind::Knitted as usize] = 6;
            s
        };
        let d = t.as_u8().wrapping_sub(self.first.as_u8());
        let knitted = self.kind == BlockKind::Knitted;
        let step = (d % 3 == 0) | !knitted;
        !self.origin.is_declared() & (d <= SPAN[self.kind as usize]) & step
    }

    /// The wait the winning tile `win` takes when it completes this concealed block,
    /// or `None` if the block does not hold `win` or is declared.
    #[must_use]
    pub fn wait_for(self, win: Tile) -> Option<Wait> {
        if self.origin.is_declared() || !self.contains(win) {
            return None;
        }
        Some(self.wait_of(win))
    }

    /// The wait of `win` in this block, which holds it.
    fn wait_of(self, win: Tile) -> Wait {
        // The wait of each kind other than a sequence's.
        const WAIT: [Wait; 6] = {
            let mut w = [Wait::Shanpon; 6];
            w[BlockKind::Pair as usize] = Wait::Tanki;
            w[BlockKind::Knitted as usize] = Wait::Knitted;
            w[BlockKind::Lone as usize] = Wait::Lone;
            w
        };
        if self.kind == BlockKind::Sequence {
            let pos = win.as_u8().wrapping_sub(self.first.as_u8());
            match (pos, self.first.number()) {
                (1, _) => Wait::Kanchan,
                (0, 7) | (2, 1) => Wait::Penchan,
                _ => Wait::Ryanmen,
            }
        } else {
            WAIT[self.kind as usize]
        }
    }
}

impl Block {
    /// Appends the MPSZ text of the block to `out` at `at`; returns the new end.
    /// At most 7 bytes (`[1111z]`).
    fn write_mpsz(self, out: &mut [u8], mut at: usize) -> usize {
        let mut put = |b: u8| {
            out[at] = b;
            at += 1;
        };
        if self.origin.is_declared() {
            put(b'[');
        }
        for t in self.tiles() {
            put(b'0' + t.number());
        }
        put(self.first.suit().letter() as u8);
        if self.origin.is_declared() {
            put(b']');
        }
        at
    }
}

impl fmt::Display for Block {
    /// MPSZ: `123m`, `777z`, `147m` (knitted), `5z` (lone); declared melds in brackets
    /// (`[1111z]` for a concealed kong as well).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 8];
        let end = self.write_mpsz(&mut buf, 0);
        f.write_str(core::str::from_utf8(&buf[..end]).map_err(|_| fmt::Error)?)
    }
}

/// The shape of the wait the winning tile filled (待ち / 听牌类型).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Wait {
    /// Two-sided sequence wait, `23` waiting on 1 or 4 (両面 / 两面).
    Ryanmen,
    /// Closed wait, the middle of a sequence, `13` waiting on 2 (嵌張 / 嵌张, MCR
    /// "closed wait").
    Kanchan,
    /// Edge wait, `12` waiting on 3 or `89` on 7 (辺張 / 边张, MCR "edge wait").
    Penchan,
    /// Two pairs, one becoming a triplet (双碰 / 对倒).
    Shanpon,
    /// Single wait on the pair (単騎 / 单钓将, MCR "single wait"). For thirteen orphans,
    /// completing the pair: the thirteen-sided wait (国士無双十三面).
    Tanki,
    /// Completing one of the knitted runs of a knitted straight (组合龙).
    Knitted,
    /// Completing a lone tile of thirteen orphans or of honours and knitted.
    Lone,
}

impl Wait {
    /// The id used in JSON.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Wait::Ryanmen => "ryanmen",
            Wait::Kanchan => "kanchan",
            Wait::Penchan => "penchan",
            Wait::Shanpon => "shanpon",
            Wait::Tanki => "tanki",
            Wait::Knitted => "knitted",
            Wait::Lone => "lone",
        }
    }
}

/// The most blocks a reading can hold: fourteen lone tiles of honours and knitted.
pub const MAX_BLOCKS: usize = 14;

/// The blocks of one reading.
pub type Blocks = FixedList<Block, MAX_BLOCKS>;

/// One way to read a complete hand.
///
/// Block order: concealed sets (sequences, triplets, knitted runs) by lowest tile, then
/// the declared melds in the order declared, then the pair(s) or lone tiles by tile.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Reading {
    form: Form,
    blocks: Blocks,
}

impl Reading {
    /// The overall shape.
    #[must_use]
    pub const fn form(&self) -> Form {
        self.form
    }

    /// The blocks (see the type's doc for their order).
    #[must_use]
    pub fn blocks(&self) -> &[Block] {
        self.blocks.as_slice()
    }

    /// The pair (雀頭 / 将) of a regular, knitted-straight or thirteen-orphans reading;
    /// the first pair of seven pairs.
    #[must_use]
    pub fn pair(&self) -> Option<Tile> {
        self.blocks
            .iter()
            .find(|b| b.kind == BlockKind::Pair)
            .map(|b| b.first)
    }

    /// The sets: sequences, triplets and quads (concealed or declared).
    pub fn sets(&self) -> impl Iterator<Item = Block> + '_ {
        self.blocks.iter().copied().filter(|b| {
            matches!(
                b.kind,
                BlockKind::Sequence | BlockKind::Triplet | BlockKind::Quad
            )
        })
    }

    /// Every tile of the reading, declared melds included (a quad gives four).
    #[must_use]
    pub fn counts(&self) -> TileCounts {
        let mut c = TileCounts::new();
        for b in &self.blocks {
            for t in b.tiles() {
                c.add(t);
            }
        }
        c
    }

    /// Every wait the winning tile `win` can take in this reading, one per concealed
    /// block that holds it. Blocks equal to an earlier block (二盃口's twin sequences,
    /// a four-of-a-kind read as two pairs) are reported once: their scores are equal.
    pub fn waits(&self, win: Tile) -> impl Iterator<Item = WaitShape> + '_ {
        let blocks = self.blocks.as_slice();
        // Bit `i` set when block `i` is concealed and holds `win`: every block is tested
        // without a branch on its kind, and only those found are looked at again.
        let mut found = 0u16;
        for (i, b) in blocks.iter().enumerate() {
            found |= u16::from(b.holds_concealed(win)) << i;
        }
        core::iter::from_fn(move || loop {
            if found == 0 {
                return None;
            }
            let i = found.trailing_zeros() as usize;
            found &= found - 1;
            let b = blocks[i];
            if blocks[..i].contains(&b) {
                continue;
            }
            return Some(WaitShape {
                wait: b.wait_of(win),
                block: i as u8,
            });
        })
    }
}

impl fmt::Display for Reading {
    /// The blocks in MPSZ separated by spaces: `123m 456p 789s [777z] 11z`. Written in
    /// one piece (at most 14 blocks of 8 bytes).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; MAX_BLOCKS * 8];
        let mut end = 0;
        for (i, b) in self.blocks.iter().enumerate() {
            if i > 0 {
                buf[end] = b' ';
                end += 1;
            }
            end = b.write_mpsz(&mut buf, end);
        }
        f.write_str(core::str::from_utf8(&buf[..end]).map_err(|_| fmt::Error)?)
    }
}

/// The wait the winning tile took in a reading: its kind and the index (into
/// [`Reading::blocks`]) of the concealed block it completed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct WaitShape {
    /// The kind of wait.
    pub wait: Wait,
    /// Index of the completed block in [`Reading::blocks`].
    pub block: u8,
}

/// A reading together with one wait the winning tile takes in it: the unit a scorer
/// evaluates.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct WinReading<'a> {
    /// The reading.
    pub reading: &'a Reading,
    /// The wait and the completed block.
    pub wait: WaitShape,
}

impl WinReading<'_> {
    /// The block the winning tile completed.
    #[must_use]
    pub fn completed(&self) -> Block {
        self.reading.blocks[usize::from(self.wait.block)]
    }
}

/// Room for the readings of one hand. Enumerating every one-suit hand (the worst
/// case: honours have one reading, and suits multiply only the few readings of runs of
/// triplets) gives at most 6, seven pairs included (see the tests).
pub const MAX_READINGS: usize = 12;

/// Every reading of a hand.
pub type Readings = FixedList<Reading, MAX_READINGS>;

impl Readings {
    /// Every (reading, wait) the winning tile `win` can take, readings in order.
    pub fn wins(&self, win: Tile) -> impl Iterator<Item = WinReading<'_>> + '_ {
        self.iter().flat_map(move |reading| {
            reading
                .waits(win)
                .map(move |wait| WinReading { reading, wait })
        })
    }
}

/// Every distinct reading of the complete hand made of `concealed` tiles and `melds`.
///
/// Empty when the hand is not complete (wrong tile count, or no form fits).
#[must_use]
pub fn decompose(concealed: &TileCounts, melds: &[Meld], family: Family) -> Readings {
    let mut out = Readings::new();
    decompose_each(concealed, melds, family, |r| {
        let stored = out.push(*r);
        debug_assert!(stored, "more readings than MAX_READINGS");
    });
    out
}

/// Calls `f` with each reading [`decompose`] lists, in its order, without storing
/// them: a scorer that weighs each reading as it comes needs no room for all of them.
/// `f` is never called when the hand is not complete.
pub fn decompose_each(
    concealed: &TileCounts,
    melds: &[Meld],
    family: Family,
    mut f: impl FnMut(&Reading),
) {
    let n = concealed.total() as usize;
    if melds.len() > 4 || n + 3 * melds.len() != 14 || concealed.max_count() > 4 {
        return;
    }
    let mut declared = Blocks::new();
    for m in melds {
        declared.push(Block::from_meld(m));
    }
    regular(concealed, &declared, &mut f);
    if melds.is_empty() {
        seven_pairs(concealed, family, &mut f);
        thirteen_orphans(concealed, &mut f);
    }
    if family == Family::Mcr {
        if melds.is_empty() {
            honors_and_knitted(concealed, &mut f);
        }
        if melds.len() <= 1 {
            knitted_straight(concealed, &declared, &mut f);
        }
    }
}

/// [`decompose`] of a hand's concealed tiles and melds.
#[must_use]
pub fn decompose_hand(hand: &Hand, family: Family) -> Readings {
    decompose(hand.concealed(), hand.melds(), family)
}

/// Whether each suit's tile count allows sets plus at most one pair: every suit a
/// multiple of 3 except one that is 2 more (the pair's suit), which is returned.
fn pair_suit(c: &[u8; 34]) -> Option<usize> {
    // Eight counts at a time: one multiplication adds the bytes of a word into its top
    // byte (the callers' counts are at most 4: no byte overflows).
    let word = |at: usize| word_at(c, at);
    let bytes_sum = |w: u64| -> u32 { (w.wrapping_mul(BYTES) >> 56) as u32 };
    let sums = [
        bytes_sum(word(0)) + u32::from(c[8]),
        bytes_sum(word(9)) + u32::from(c[17]),
        bytes_sum(word(18)) + u32::from(c[26]),
        // The honours are the top seven bytes of the last word.
        bytes_sum(word(26) & !0xff),
    ];
    let mut pair_suit = None;
    for (s, sum) in sums.into_iter().enumerate() {
        match sum % 3 {
            0 => {}
            2 if pair_suit.is_none() => pair_suit = Some(s),
            _ => return None,
        }
    }
    pair_suit
}

/// Regular readings: for each possible pair, every split of the rest into sets.
fn regular(concealed: &TileCounts, declared: &Blocks, out: &mut impl FnMut(&Reading)) {
    let mut c = *concealed.as_array();
    let Some(s) = pair_suit(&c) else { return };
    // Honours can never be in sequences: each must be 0, 2 (the pair) or 3; each count's
    // byte tested in the honours' word.
    let honours = word_at(&c, 26) >> 8;
    let at_least = |n| at_least_bytes(honours, n);
    let (one, two, three, four) = (at_least(1), at_least(2), at_least(3), at_least(4));
    let pairs = two & !three;
    if (one & !two) | four != 0 || pairs & pairs.wrapping_sub(1) != 0 {
        return;
    }
    let range = suit_range(s);
    // Every set's numbers sum to a multiple of three, so in a numbered suit the pair's
    // number p satisfies 2p = the suit's sum (mod 3): p = 2 * sum (mod 3).
    let first = if s < 3 {
        let weight: usize = c[range.clone()]
            .iter()
            .enumerate()
            .map(|(i, &n)| i * usize::from(n))
            .sum();
        range.start + (2 * weight) % 3
    } else {
        range.start
    };
    let step = if s < 3 { 3 } else { 1 };
    // The split into sets can take two ways only where three numbers in a row are each
    // held three times or more (three sequences or three triplets); otherwise each
    // tile's count decides its blocks, and one pass finds the one split.
    let threes = at_least_three(&c);
    let branches = threes & (threes >> 1) & (threes >> 2) & RUN_STARTS != 0;
    // The kinds held, lowest first: a tile at 0 is never used up by a split.
    let kinds = concealed.kinds();
    // The pair's candidates held twice or more, as bits from the suit's first kind.
    let mut pairs = suit_at_least(&c, range.start, 2) >> (first - range.start);
    if step == 3 {
        pairs &= 0b1001001;
    }
    while pairs != 0 {
        let p = first + pairs.trailing_zeros() as usize;
        pairs &= pairs - 1;
        c[p] -= 2;
        let pair = Block::concealed(BlockKind::Pair, Tile::new_unchecked(p as u8));
        if branches {
            let mut blocks = Blocks::new();
            sets(&mut c, 0, &mut blocks, &mut |sets| {
                let mut r = Reading {
                    form: Form::Regular,
                    blocks: *sets,
                };
                for &b in declared {
                    r.blocks.push(b);
                }
                r.blocks.push(pair);
                out(&r);
            });
        } else {
            let mut r = Reading {
                form: Form::Regular,
                blocks: Blocks::new(),
            };
            if sets_in_one_pass(c, kinds, &mut r.blocks) {
                for &b in declared {
                    r.blocks.push(b);
                }
                r.blocks.push(pair);
                out(&r);
            }
        }
        c[p] += 2;
    }
}

/// A byte of ones in each lane.
const BYTES: u64 = 0x0101_0101_0101_0101;
/// The top bit of each byte.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The eight counts from `at` as one word, the first in the low byte.
fn word_at(c: &[u8; 34], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&c[at..at + 8]);
    u64::from_le_bytes(w)
}

/// The top bits of a word's bytes gathered into one byte (byte `k`'s into bit `k`) by a
/// multiplication whose partial products never overlap.
const fn gather(high: u64) -> u32 {
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The top bit of each byte of `word` set where that byte, a count of at most 4, is `n`
/// or more (1 to 4): adding 0x80 - n to the byte carries into its top bit exactly from
/// `n` on, and never into the next byte.
const fn at_least_bytes(word: u64, n: u8) -> u64 {
    (word + (0x80 - n as u64) * BYTES) & HIGH_BITS
}

/// Bit `k` set when `c[start + k]` is `n` or more (1 to 4), for the nine kinds of the
/// numbered suit starting at `start` or the seven honours (start 27); counts of at most 4.
fn suit_at_least(c: &[u8; 34], start: usize, n: u8) -> u32 {
    if start == 27 {
        gather(at_least_bytes(word_at(c, 26) >> 8, n))
    } else {
        gather(at_least_bytes(word_at(c, start), n)) | u32::from(c[start + 8] >= n) << 8
    }
}

/// The numbered kinds a run of three can start at (numbers 1 to 7), as bits.
const RUN_STARTS: u32 = 0x7f | 0x7f << 9 | 0x7f << 18;

/// Bit `i` set when `c[i]` is 3 or more, for the 27 numbered kinds (counts of at most 4),
/// eight counts at a time.
fn at_least_three(c: &[u8; 34]) -> u32 {
    let mut set = 0u32;
    for k in 0..4 {
        set |= gather(at_least_bytes(word_at(c, 8 * k), 3)) << (8 * k);
    }
    set & ((1 << 27) - 1)
}

/// The one split of `c` into triplets and sequences when no tile's count leaves a
/// choice (see [`regular`]), its blocks appended to `blocks` as [`sets`] gives them:
/// a tile held three or four times is a triplet and the rest sequences starting at it,
/// a tile held once or twice that many sequences. False when `c` does not split.
/// `kinds`: the kinds `c` may hold (the others are at 0).
fn sets_in_one_pass(mut c: [u8; 34], kinds: TileSet, blocks: &mut Blocks) -> bool {
    let mut left = kinds.bits();
    while left != 0 {
        let i = left.trailing_zeros() as usize;
        left &= left - 1;
        let n = c[i];
        if n == 0 {
            continue;
        }
        let t = Tile::new_unchecked(i as u8);
        let triplet = n >= 3;
        let runs = if triplet { n - 3 } else { n };
        if runs > 0 {
            if !(i < 27 && t.number() <= 7 && c[i + 1] >= runs && c[i + 2] >= runs) {
                return false;
            }
            c[i + 1] -= runs;
            c[i + 2] -= runs;
        }
        if triplet {
            blocks.push(Block::concealed(BlockKind::Triplet, t));
        }
        for _ in 0..runs {
            blocks.push(Block::concealed(BlockKind::Sequence, t));
        }
    }
    true
}

/// Splits every tile of `c` (from index `from` on; lower ones are already used up)
/// into triplets and sequences, calling `emit` once per split.
///
/// The lowest remaining tile, held `n` times, is used up at once by `t` triplets
/// (0 or 1) and `n - 3t` sequences starting at it. Deciding both counts in one step
/// gives every multiset of blocks exactly one derivation (taking a sequence and then a
/// triplet of the same tile would repeat the triplet-then-sequence reading).
fn sets(c: &mut [u8; 34], from: usize, blocks: &mut Blocks, emit: &mut impl FnMut(&Blocks)) {
    let Some(i) = (from..34).find(|&i| c[i] > 0) else {
        emit(blocks);
        return;
    };
    let t = Tile::new_unchecked(i as u8);
    let n = c[i];
    let can_run = i < 27 && t.number() <= 7;
    for triplets in [1, 0] {
        if 3 * triplets > n {
            continue;
        }
        let runs = n - 3 * triplets;
        if runs > 0 && !(can_run && c[i + 1] >= runs && c[i + 2] >= runs) {
            continue;
        }
        let mark = blocks.len();
        if triplets == 1 {
            blocks.push(Block::concealed(BlockKind::Triplet, t));
        }
        for _ in 0..runs {
            blocks.push(Block::concealed(BlockKind::Sequence, t));
        }
        c[i] = 0;
        if runs > 0 {
            c[i + 1] -= runs;
            c[i + 2] -= runs;
        }
        sets(c, i + 1, blocks, emit);
        c[i] = n;
        if runs > 0 {
            c[i + 1] += runs;
            c[i + 2] += runs;
        }
        while blocks.len() > mark {
            blocks.pop();
        }
    }
}

/// Seven pairs: seven different kinds twice each (Riichi), or any seven pairs where a
/// four-of-a-kind is two of them (MCR).
fn seven_pairs(concealed: &TileCounts, family: Family, out: &mut impl FnMut(&Reading)) {
    let ok = concealed.as_array().iter().all(|&x| match family {
        Family::Riichi => x == 0 || x == 2,
        Family::Mcr => x % 2 == 0,
    });
    if !ok {
        return;
    }
    let mut r = Reading {
        form: Form::SevenPairs,
        blocks: Blocks::new(),
    };
    for (t, n) in concealed.iter() {
        for _ in 0..n / 2 {
            r.blocks.push(Block::concealed(BlockKind::Pair, t));
        }
    }
    out(&r);
}

/// Thirteen orphans: each terminal and honour once, one of them twice.
fn thirteen_orphans(concealed: &TileCounts, out: &mut impl FnMut(&Reading)) {
    let orphans = TileSet::TERMINALS_AND_HONORS;
    // Most hands lack a terminal: looked at first, before every kind is.
    let c = concealed.as_array();
    if c[0] == 0 || c[8] == 0 || c[9] == 0 || c[17] == 0 || c[18] == 0 || c[26] == 0 {
        return;
    }
    if concealed.kinds() != orphans {
        return;
    }
    let mut r = Reading {
        form: Form::ThirteenOrphans,
        blocks: Blocks::new(),
    };
    for (t, n) in concealed.iter() {
        let kind = if n == 2 {
            BlockKind::Pair
        } else {
            BlockKind::Lone
        };
        r.blocks.push(Block::concealed(kind, t));
    }
    out(&r);
}

/// The first tile of the knitted run of `suit` (0..3) at `offset` (0..3).
fn knitted_first(suit: usize, offset: u8) -> Tile {
    Tile::new_unchecked(suit as u8 * 9 + offset)
}

/// Honours and knitted: fourteen distinct tiles, the numbered ones all from one
/// knitted assignment, the rest honours.
fn honors_and_knitted(concealed: &TileCounts, out: &mut impl FnMut(&Reading)) {
    if concealed.max_count() != 1 {
        return;
    }
    for perm in shape::KNITTED {
        let fits =
            (0..27).all(|i| concealed.as_array()[i] == 0 || (i % 9) as u8 % 3 == perm[i / 9]);
        if fits {
            let mut r = Reading {
                form: Form::HonorsAndKnitted,
                blocks: Blocks::new(),
            };
            for t in concealed.tiles() {
                r.blocks.push(Block::concealed(BlockKind::Lone, t));
            }
            out(&r);
            // Fourteen of the sixteen candidate tiles leave every suit present, so
            // the assignment is unique.
            return;
        }
    }
}

/// Knitted straight: the nine tiles of one knitted assignment, then one set (concealed
/// or the single declared meld) and a pair from the rest.
fn knitted_straight(concealed: &TileCounts, declared: &Blocks, out: &mut impl FnMut(&Reading)) {
    for perm in shape::KNITTED {
        let mut c = *concealed.as_array();
        let mut knitted = Blocks::new();
        let mut ok = true;
        for (suit, &offset) in perm.iter().enumerate() {
            let first = knitted_first(suit, offset);
            for k in 0..3 {
                let i = first.index() + 3 * k;
                if c[i] == 0 {
                    ok = false;
                }
                c[i] = c[i].saturating_sub(1);
            }
            knitted.push(Block::concealed(BlockKind::Knitted, first));
        }
        if !ok {
            continue;
        }
        let rest = TileCounts::from_array(c);
        regular(&rest, declared, &mut |r: &Reading| {
            let mut k = Reading {
                form: Form::KnittedStraight,
                blocks: knitted,
            };
            for &b in r.blocks() {
                k.blocks.push(b);
            }
            out(&k);
        });
    }
}

/// Every kind that completes `concealed` (13 − 3k tiles, k sets declared elsewhere)
/// into sets and a pair: the waits of the regular form.
///
/// Structural, like classic wait tables: copies are not limited to four, so a kind
/// already held four times is listed when a fifth copy would complete the shape (MCR's
/// "unique wait" test counts waits this way). Each suit is checked on its own: the new
/// tile must leave every suit a multiple of three tiles but one, two more (the pair's).
#[must_use]
pub fn regular_waits(concealed: &TileCounts) -> TileSet {
    let c = concealed.as_array();
    let mut out = TileSet::EMPTY;
    let mut rem = [0u8; 4];
    for (s, r) in rem.iter_mut().enumerate() {
        let sum: u32 = c[suit_range(s)].iter().map(|&x| u32::from(x)).sum();
        *r = (sum % 3) as u8;
    }
    // Whether each suit splits as it is (sets, or sets and the pair), computed once.
    let mut splits: [Option<bool>; 4] = [None; 4];
    for s in 0..4 {
        let new_rem = (rem[s] + 1) % 3;
        let mut pairs = usize::from(new_rem == 2);
        let mut shapes_ok = new_rem != 1;
        for o in (0..4).filter(|&o| o != s) {
            pairs += usize::from(rem[o] == 2);
            shapes_ok &= rem[o] != 1;
        }
        if !shapes_ok || pairs != 1 {
            continue;
        }
        let others_split = (0..4).filter(|&o| o != s).all(|o| {
            *splits[o].get_or_insert_with(|| suit_splits(&c[suit_range(o)], o == 3, rem[o] == 2))
        });
        if !others_split {
            continue;
        }
        let range = suit_range(s);
        let mut suit = [0u8; 9];
        let len = range.len();
        suit[..len].copy_from_slice(&c[range.clone()]);
        // Every set's numbers sum to a multiple of three: without a pair in the suit
        // the new tile's number is fixed modulo three.
        let weight: usize = suit
            .iter()
            .enumerate()
            .map(|(i, &n)| i * usize::from(n))
            .sum();
        for k in 0..len {
            if s < 3 && new_rem == 0 && (weight + k) % 3 != 0 {
                continue;
            }
            // A tile with no copy and no neighbour within two can join no set or pair.
            let near = if s == 3 {
                suit[k] > 0
            } else {
                (k.saturating_sub(2)..(k + 3).min(9)).any(|j| suit[j] > 0)
            };
            if !near {
                continue;
            }
            suit[k] += 1;
            if suit_splits(&suit[..len], s == 3, new_rem == 2) {
                out.insert(Tile::new_unchecked((range.start + k) as u8));
            }
            suit[k] -= 1;
        }
    }
    out
}

/// Every kind that completes `concealed` (13 concealed tiles) as seven pairs: the odd
/// kind once six pairs are held. For MCR a kind held three times is a pair plus the
/// wait (four of a kind are two pairs); for Riichi the pairs must be distinct.
#[must_use]
pub fn seven_pairs_waits(concealed: &TileCounts, family: Family) -> TileSet {
    let c = concealed.as_array();
    let mut out = TileSet::EMPTY;
    if concealed.total() != 13 {
        return out;
    }
    let ok = match family {
        Family::Riichi => c.iter().all(|&x| x <= 2) && c.iter().filter(|&&x| x == 2).count() == 6,
        Family::Mcr => c.iter().map(|&x| u32::from(x / 2)).sum::<u32>() == 6,
    };
    if ok {
        if let Some(i) = c.iter().position(|&x| x % 2 == 1) {
            out.insert(Tile::new_unchecked(i as u8));
        }
    }
    out
}

/// The index range of suit `s` (0..3 numbered, 3 honours).
fn suit_range(s: usize) -> core::ops::Range<usize> {
    if s < 3 {
        s * 9..s * 9 + 9
    } else {
        27..34
    }
}

/// Whether one suit's counts split into sets, plus one pair when `with_pair`.
fn suit_splits(counts: &[u8], honors: bool, with_pair: bool) -> bool {
    if honors {
        let pairs = counts.iter().filter(|&&x| x == 2).count();
        return counts.iter().all(|&x| x == 0 || x == 2 || x == 3)
            && pairs == usize::from(with_pair);
    }
    let mut c = [0u8; 9];
    c.copy_from_slice(counts);
    if !with_pair {
        return sets_only(&c);
    }
    // Every set's numbers sum to a multiple of three, so the pair's number p satisfies
    // 2p = sum (mod 3), that is p = 2 * sum (mod 3).
    let weight: usize = c.iter().enumerate().map(|(i, &n)| i * usize::from(n)).sum();
    for j in ((2 * weight) % 3..9).step_by(3) {
        if c[j] >= 2 {
            c[j] -= 2;
            let ok = sets_only(&c);
            c[j] += 2;
            if ok {
                return true;
            }
        }
    }
    false
}

/// Whether the counts of one numbered suit split into sets only.
///
/// Linear: three identical sequences can always be read as three triplets instead, so
/// some split uses fewer than three sequences starting at each number; after the
/// sequences from lower numbers are taken out, that number's count fixes them (its
/// count modulo three).
fn sets_only(c: &[u8; 9]) -> bool {
    let (mut carry1, mut carry2) = (0u8, 0u8);
    for (i, &n) in c.iter().enumerate() {
        let Some(left) = n.checked_sub(carry1) else {
            return false;
        };
        let runs = left % 3;
        if runs > 0 && i >= 7 {
            return false;
        }
        carry1 = carry2 + runs;
        carry2 = runs;
    }
    carry1 == 0 && carry2 == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_hand, parse_hand_unchecked, parse_hand_with, Dialect};
    use crate::t;
    use std::collections::HashSet;

    fn readings(s: &str, family: Family) -> Vec<String> {
        let h = parse_hand(s).unwrap();
        decompose_hand(&h, family)
            .iter()
            .map(|r| format!("{}: {r}", r.form().id()))
            .collect()
    }

    fn waits(s: &str, win: Tile, family: Family) -> Vec<String> {
        let h = parse_hand(s).unwrap();
        decompose_hand(&h, family)
            .wins(win)
            .map(|w| format!("{} {} in {}", w.wait.wait.id(), w.completed(), w.reading))
            .collect()
    }

    /// Every reading puts back the hand, and no two readings are equal as multisets.
    fn check_invariants(h: &Hand, family: Family) -> usize {
        let rs = decompose_hand(h, family);
        let mut seen = HashSet::new();
        for r in rs.iter() {
            assert_eq!(r.counts(), h.all_counts(), "{h}: {r}");
            let mut key: Vec<Block> = r.blocks().to_vec();
            key.sort();
            assert!(seen.insert((r.form(), key)), "{h}: duplicate {r}");
            let declared = r.blocks().iter().filter(|b| b.origin.is_declared()).count();
            assert_eq!(declared, h.melds().len());
        }
        rs.len()
    }

    #[test]
    fn decompose_ok_triplets_or_sequences() {
        assert_eq!(
            readings("111222333m456p77z", Family::Riichi),
            [
                "regular: 111m 222m 333m 456p 77z",
                "regular: 123m 123m 123m 456p 77z"
            ]
        );
    }

    #[test]
    fn decompose_ok_seven_pairs_and_regular() {
        assert_eq!(
            readings("11223344556677p", Family::Riichi),
            [
                "regular: 234p 234p 567p 567p 11p",
                "regular: 123p 123p 567p 567p 44p",
                "regular: 123p 123p 456p 456p 77p",
                "seven_pairs: 11p 22p 33p 44p 55p 66p 77p",
            ]
        );
    }

    #[test]
    fn decompose_ok_sevens_pairs_chinitsu() {
        let rs = readings("22334455667788m", Family::Riichi);
        assert!(rs.contains(&"seven_pairs: 22m 33m 44m 55m 66m 77m 88m".to_string()));
        assert!(rs.contains(&"regular: 234m 234m 567m 567m 88m".to_string()));
        assert!(rs.contains(&"regular: 345m 345m 678m 678m 22m".to_string()));
        assert!(rs.contains(&"regular: 234m 234m 678m 678m 55m".to_string()));
        assert_eq!(rs.len(), 4, "{rs:?}");
    }

    #[test]
    fn decompose_ok_quad_is_two_pairs_only_in_mcr() {
        let h = "11112233445566s";
        assert!(!readings(h, Family::Riichi)
            .iter()
            .any(|r| r.starts_with("seven_pairs")));
        assert!(readings(h, Family::Mcr)
            .contains(&"seven_pairs: 11s 11s 22s 33s 44s 55s 66s".to_string()));
    }

    #[test]
    fn decompose_ok_with_melds() {
        assert_eq!(
            readings("234m55p[777z][1111z][456s,1]", Family::Riichi),
            ["regular: 234m [777z] [1111z] [456s] 55p"]
        );
        let h = parse_hand("234m55p[777z][1111z][456s,1]").unwrap();
        let r = decompose_hand(&h, Family::Riichi)[0];
        assert_eq!(r.blocks()[1].origin, Origin::Declared(MeldKind::Pon));
        assert_eq!(r.blocks()[2].origin, Origin::Declared(MeldKind::ClosedKan));
        assert!(!r.blocks()[2].origin.is_open() && r.blocks()[1].origin.is_open());
        assert_eq!(r.blocks()[2].kind, BlockKind::Quad);
    }

    #[test]
    fn decompose_ok_four_melds_tanki() {
        assert_eq!(
            readings("[EEEE][CCCC][FFFF][PPPP]NN", Family::Riichi),
            ["regular: [1111z] [7777z] [6666z] [5555z] 44z"]
        );
    }

    #[test]
    fn decompose_err_not_complete() {
        for s in ["123m456p789s1122z", "123m456p789s112z", "1112223334445m"] {
            let h = parse_hand_unchecked(s).unwrap();
            assert!(decompose_hand(&h, Family::Mcr).is_empty(), "{s}");
        }
    }

    #[test]
    fn decompose_ok_nine_gates() {
        for extra in 1..=9 {
            let s = format!("1112345678999m{extra}m");
            let h = parse_hand(&s).unwrap();
            let rs = decompose_hand(&h, Family::Riichi);
            assert!(!rs.is_empty(), "{s}");
            check_invariants(&h, Family::Riichi);
        }
        // 1112345678999m + 5m: one reading, the 5m only as the pair.
        assert_eq!(
            waits("11123455678999m", t!(5m), Family::Riichi),
            ["tanki 55m in 111m 234m 678m 999m 55m"]
        );
        // 1112345678999m + 2m: only 111 22 345 678 999.
        assert_eq!(
            waits("11122345678999m", t!(2m), Family::Riichi),
            ["tanki 22m in 111m 345m 678m 999m 22m"]
        );
    }

    #[test]
    fn decompose_ok_kokushi() {
        assert_eq!(
            readings("19m19p19s12345677z", Family::Riichi),
            ["thirteen_orphans: 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 77z"]
        );
        assert_eq!(
            waits("19m19p19s12345677z", t!(7z), Family::Riichi),
            ["tanki 77z in 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 77z"]
        );
        assert_eq!(
            waits("19m19p19s12345677z", t!(1m), Family::Riichi),
            ["lone 1m in 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 77z"]
        );
    }

    #[test]
    fn decompose_ok_honors_and_knitted() {
        assert_eq!(
            readings("147m258p369s12345z", Family::Mcr),
            ["honors_and_knitted: 1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 2z 3z 4z 5z"]
        );
        assert_eq!(
            readings("147m25p39s1234567z", Family::Mcr),
            ["honors_and_knitted: 1m 4m 7m 2p 5p 3s 9s 1z 2z 3z 4z 5z 6z 7z"]
        );
        assert_eq!(
            waits("147m25p39s1234567z", t!(C), Family::Mcr),
            ["lone 7z in 1m 4m 7m 2p 5p 3s 9s 1z 2z 3z 4z 5z 6z 7z"]
        );
        // Riichi knows no knitted forms; a wrong suit or a repeated tile breaks them.
        assert!(readings("147m258p369s12345z", Family::Riichi).is_empty());
        assert!(readings("147m258p368s12345z", Family::Mcr).is_empty());
        assert!(readings("1477m25p39s123456z", Family::Mcr).is_empty());
        assert!(readings("147m147p369s12345z", Family::Mcr).is_empty());
    }

    #[test]
    fn decompose_ok_knitted_straight() {
        assert_eq!(
            readings("147m258p369s11122z", Family::Mcr),
            ["knitted_straight: 147m 258p 369s 111z 22z"]
        );
        assert_eq!(
            readings("147p258s369m234m55z", Family::Mcr),
            ["knitted_straight: 369m 147p 258s 234m 55z"]
        );
        // One meld allowed.
        assert_eq!(
            readings("147m258p369s22z[777z]", Family::Mcr),
            ["knitted_straight: 147m 258p 369s [777z] 22z"]
        );
        // The knitted tile as the winning tile.
        assert_eq!(
            waits("147m258p369s11122z", t!(5p), Family::Mcr),
            ["knitted 258p in 147m 258p 369s 111z 22z"]
        );
        let h = parse_hand_with("147m258p369s11122z", Dialect::Mcr).unwrap();
        check_invariants(&h, Family::Mcr);
    }

    #[test]
    fn waits_ok_every_block_counts() {
        // 34555m + 5m: ryanmen on 345 or tanki on 55, in one reading.
        assert_eq!(
            waits("123p456p789s34555m", t!(5m), Family::Riichi),
            [
                "ryanmen 345m in 345m 123p 456p 789s 55m",
                "tanki 55m in 345m 123p 456p 789s 55m"
            ]
        );
        // 444456m + 4m: shanpon on 444 or ryanmen on 456.
        assert_eq!(
            waits("123p789s11z444456m", t!(4m), Family::Riichi),
            [
                "shanpon 444m in 444m 456m 123p 789s 11z",
                "ryanmen 456m in 444m 456m 123p 789s 11z"
            ]
        );
        // 111222333m + 3m: shanpon in the triplet reading, penchan in the sequence one.
        assert_eq!(
            waits("111222333m456p77z", t!(3m), Family::Riichi),
            [
                "shanpon 333m in 111m 222m 333m 456p 77z",
                "penchan 123m in 123m 123m 123m 456p 77z"
            ]
        );
    }

    #[test]
    fn waits_ok_kinds() {
        let one = |s: &str, win: Tile| waits(&format!("111999p555s11z{s}"), win, Family::Riichi);
        assert_eq!(
            one("234m", t!(4m)),
            ["ryanmen 234m in 234m 111p 999p 555s 11z"]
        );
        assert_eq!(
            one("234m", t!(3m)),
            ["kanchan 234m in 234m 111p 999p 555s 11z"]
        );
        assert_eq!(
            one("123m", t!(3m)),
            ["penchan 123m in 123m 111p 999p 555s 11z"]
        );
        assert_eq!(
            one("789m", t!(7m)),
            ["penchan 789m in 789m 111p 999p 555s 11z"]
        );
        assert_eq!(
            one("789m", t!(9m)),
            ["ryanmen 789m in 789m 111p 999p 555s 11z"]
        );
        assert_eq!(
            one("999m", t!(9m)),
            ["shanpon 999m in 999m 111p 999p 555s 11z"]
        );
        assert_eq!(one("999m", t!(E)), ["tanki 11z in 999m 111p 999p 555s 11z"]);
        // Twin sequences give one wait, not two.
        assert_eq!(waits("112233m456p789s11z", t!(2m), Family::Riichi).len(), 1);
    }

    /// Calls `f` with every count of one suit's nine numbers (at most 4 of each) holding
    /// at most 14 tiles.
    fn each_suit_count(f: &mut impl FnMut(&[u8; 9])) {
        fn rec(i: usize, left: u8, counts: &mut [u8; 9], f: &mut impl FnMut(&[u8; 9])) {
            if i == 9 {
                f(counts);
                return;
            }
            for n in 0..=left.min(4) {
                counts[i] = n;
                rec(i + 1, left - n, counts, f);
            }
            counts[i] = 0;
        }
        rec(0, 14, &mut [0u8; 9], f);
    }

    #[test]
    fn decompose_ok_capacity_one_suit_exhaustive() {
        // Every 14-tile one-suit hand (at most 4 of a kind): readings fit and satisfy the
        // invariants. Also hands with honours are strictly simpler.
        let mut max = 0;
        let mut hands = 0;
        each_suit_count(&mut |c| {
            if c.iter().sum::<u8>() != 14 {
                return;
            }
            let mut tc = TileCounts::new();
            tc.as_mut_array()[..9].copy_from_slice(c);
            for family in [Family::Riichi, Family::Mcr] {
                let h = Hand::from_counts(tc).expect("at most 4 of a kind");
                let n = check_invariants(&h, family);
                max = max.max(n);
            }
            hands += 1;
        });
        assert!(hands > 10_000);
        // The most is 6 (e.g. 11122233344455m-like chinitsu shapes).
        assert!(max <= 6, "max {max}");
        assert!(max < MAX_READINGS);
    }

    /// A random complete regular hand: four sets and a pair, some sets declared.
    /// The regular readings as first written, the reference of the pass that skips
    /// pairs and recursion (`regular`): every pair of the pair's suit, every split by
    /// [`sets`].
    fn regular_by_recursion(concealed: &TileCounts, declared: &Blocks) -> Vec<Reading> {
        let mut all = Vec::new();
        let mut c = *concealed.as_array();
        let Some(s) = pair_suit(&c) else { return all };
        if c[27..].iter().any(|&x| x == 1 || x == 4)
            || c[27..].iter().filter(|&&x| x == 2).count() > 1
        {
            return all;
        }
        for p in suit_range(s) {
            if c[p] < 2 {
                continue;
            }
            c[p] -= 2;
            let mut blocks = Blocks::new();
            sets(&mut c, 0, &mut blocks, &mut |sets| {
                let mut r = Reading {
                    form: Form::Regular,
                    blocks: *sets,
                };
                for &b in declared {
                    r.blocks.push(b);
                }
                r.blocks.push(Block::concealed(
                    BlockKind::Pair,
                    Tile::new_unchecked(p as u8),
                ));
                all.push(r);
            });
            c[p] += 2;
        }
        all
    }

    #[test]
    fn holds_concealed_ok_as_wait_for_every_block_and_tile() {
        let kinds = [
            BlockKind::Sequence,
            BlockKind::Triplet,
            BlockKind::Quad,
            BlockKind::Pair,
            BlockKind::Knitted,
            BlockKind::Lone,
        ];
        let origins = [
            Origin::Concealed,
            Origin::Declared(MeldKind::Chi),
            Origin::Declared(MeldKind::ClosedKan),
        ];
        for kind in kinds {
            for first in Tile::all() {
                for origin in origins {
                    let b = Block {
                        kind,
                        first,
                        origin,
                    };
                    for t in Tile::all() {
                        assert_eq!(b.holds_concealed(t), b.wait_for(t).is_some(), "{b:?} {t}");
                    }
                }
            }
        }
    }

    #[test]
    fn suit_at_least_ok_every_count_at_every_kind() {
        for start in [0, 9, 18, 27] {
            let len = if start == 27 { 7 } else { 9 };
            for k in 0..len {
                for fill in [0u8, 4] {
                    for v in 0..=4u8 {
                        let mut c = [fill; 34];
                        c[start + k] = v;
                        for n in 1..=4u8 {
                            let expected = (0..len)
                                .filter(|&j| c[start + j] >= n)
                                .fold(0u32, |s, j| s | 1 << j);
                            assert_eq!(suit_at_least(&c, start, n), expected);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn at_least_three_ok_every_count_at_every_numbered_kind() {
        for i in 0..27 {
            for n in 0..=4u8 {
                let mut c = [1u8; 34];
                c[i] = n;
                let set = at_least_three(&c);
                assert_eq!(set, u32::from(n >= 3) << i, "{i} {n}");
                c = [4u8; 34];
                c[i] = n;
                let all = (1u32 << 27) - 1;
                assert_eq!(at_least_three(&c), all & !(u32::from(n < 3) << i));
            }
        }
    }

    fn regular_listed(concealed: &TileCounts, declared: &Blocks) -> Vec<Reading> {
        let mut all = Vec::new();
        regular(concealed, declared, &mut |r| all.push(*r));
        all
    }

    /// Every one-suit count of 2 to 14 tiles (at most 4 of a kind), in each numbered
    /// suit and beside a pair of honours: `regular` lists what the recursion over every
    /// pair lists, in its order.
    #[test]
    fn regular_ok_same_as_recursion_one_suit_exhaustive() {
        let mut readings = 0;
        each_suit_count(&mut |c| {
            let total: u8 = c.iter().sum();
            for suit in 0..3 {
                for honour_pair in [false, true] {
                    if total % 3 != if honour_pair { 0 } else { 2 } {
                        continue;
                    }
                    let mut tc = TileCounts::new();
                    tc.as_mut_array()[suit * 9..suit * 9 + 9].copy_from_slice(c);
                    if honour_pair {
                        tc.as_mut_array()[33] = 2;
                    }
                    let want = regular_by_recursion(&tc, &Blocks::new());
                    assert_eq!(regular_listed(&tc, &Blocks::new()), want, "{c:?} {suit}");
                    readings += want.len();
                }
            }
        });
        assert!(readings > 10_000, "{readings}");
    }

    fn arb_regular() -> impl proptest::strategy::Strategy<Value = Option<Hand>> {
        use proptest::prelude::*;
        (
            proptest::collection::vec((0u8..34, any::<bool>(), 0u8..4), 4),
            0u8..34,
        )
            .prop_map(|(sets, pair)| {
                let mut concealed = TileCounts::new();
                let mut melds = Vec::new();
                for (t, run, declare) in sets {
                    let t = Tile::new_unchecked(t);
                    let run = run && !t.is_honor() && t.number() <= 7;
                    let meld = if run {
                        Meld::chi(t, None, 0).ok()?
                    } else {
                        let kind = [MeldKind::Pon, MeldKind::OpenKan, MeldKind::ClosedKan]
                            [usize::from(declare % 3)];
                        Meld::set(kind, t, None, 0).ok()?
                    };
                    if declare == 0 {
                        melds.push(meld);
                    } else {
                        let step = u8::from(run);
                        for i in 0..3 {
                            concealed.add(Tile::new_unchecked(t.as_u8() + i * step));
                        }
                    }
                }
                concealed.add(Tile::new_unchecked(pair));
                concealed.add(Tile::new_unchecked(pair));
                let mut h = Hand::from_counts(concealed).ok()?;
                for m in melds {
                    h.push_meld(m);
                }
                h.validate(&crate::wall::Wall::default()).ok()?;
                Some(h)
            })
    }

    proptest::proptest! {
        #[test]
        fn regular_ok_same_as_recursion_random(h in arb_regular()) {
            if let Some(h) = h {
                let mut declared = Blocks::new();
                for m in h.melds() {
                    declared.push(Block::from_meld(m));
                }
                proptest::prop_assert_eq!(
                    regular_listed(h.concealed(), &declared),
                    regular_by_recursion(h.concealed(), &declared)
                );
            }
        }

        #[test]
        fn decompose_ok_random_regular(h in arb_regular()) {
            if let Some(h) = h {
                for family in [Family::Riichi, Family::Mcr] {
                    let n = check_invariants(&h, family);
                    proptest::prop_assert!(n >= 1, "{}", h);
                    let rs = decompose_hand(&h, family);
                    for win in h.concealed().kinds().iter() {
                        for w in rs.wins(win) {
                            proptest::prop_assert!(w.completed().contains(win));
                            proptest::prop_assert!(!w.completed().origin.is_declared());
                        }
                        proptest::prop_assert!(rs.wins(win).count() >= 1);
                    }
                }
            }
        }

        #[test]
        fn decompose_ok_random_counts_never_panics(v in proptest::collection::vec(0u8..34, 14)) {
            let h = Hand::from_counts(v.into_iter().map(Tile::new_unchecked).collect());
            if let Ok(h) = h {
                check_invariants(&h, Family::Mcr);
                check_invariants(&h, Family::Riichi);
            }
        }
    }

    fn tiles_of(set: TileSet) -> String {
        set.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn regular_waits_ok_shapes() {
        let w = |s: &str| tiles_of(regular_waits(parse_hand(s).unwrap().concealed()));
        assert_eq!(w("123m456p789s1z23s"), "");
        assert_eq!(w("123m456p789s11z23s"), "1s4s");
        assert_eq!(w("123m456p789s11z13s"), "2s");
        assert_eq!(w("123m456p789s11z12s"), "3s");
        assert_eq!(w("123m456p789s11z99s"), "6s9s1z");
        assert_eq!(w("1112345678999m"), "1m2m3m4m5m6m7m8m9m");
        assert_eq!(w("123m456p789s111z4z"), "4z");
        // Four sets declared: one tile left, a single wait.
        assert_eq!(w("7z"), "7z");
    }

    #[test]
    fn regular_waits_ok_fifth_copy_is_structural() {
        let h = parse_hand("1111m234567p789s").unwrap();
        assert_eq!(tiles_of(regular_waits(h.concealed())), "1m");
    }

    #[test]
    fn seven_pairs_waits_ok_families() {
        let h = parse_hand("1122m3344p5566s7z").unwrap();
        assert_eq!(
            tiles_of(seven_pairs_waits(h.concealed(), Family::Mcr)),
            "7z"
        );
        let h = parse_hand("1111m3344p5566s7z").unwrap();
        assert_eq!(
            tiles_of(seven_pairs_waits(h.concealed(), Family::Mcr)),
            "7z"
        );
        assert_eq!(
            tiles_of(seven_pairs_waits(h.concealed(), Family::Riichi)),
            ""
        );
        let h = parse_hand("11123m3344p5566s").unwrap();
        assert_eq!(tiles_of(seven_pairs_waits(h.concealed(), Family::Mcr)), "");
        let h = parse_hand("111m223344p5566s").unwrap();
        assert_eq!(
            tiles_of(seven_pairs_waits(h.concealed(), Family::Mcr)),
            "1m"
        );
    }

    #[test]
    fn regular_waits_ok_matches_decompose_one_suit_exhaustive() {
        // Every one-suit hand of 13 tiles, at most four of a kind: the waits are the
        // kinds (below four copies) whose addition gives a regular reading.
        fn rec(i: usize, left: u8, c: &mut [u8; 9], f: &mut impl FnMut(&[u8; 9])) {
            if i == 9 {
                if left == 0 {
                    f(c);
                }
                return;
            }
            for n in 0..=left.min(4) {
                c[i] = n;
                rec(i + 1, left - n, c, f);
            }
            c[i] = 0;
        }
        let mut checked = 0;
        rec(0, 13, &mut [0; 9], &mut |c| {
            let mut counts = TileCounts::new();
            counts.as_mut_array()[9..18].copy_from_slice(c);
            let waits = regular_waits(&counts);
            for t in Tile::all() {
                if counts.get(t) == 4 {
                    continue;
                }
                let mut full = counts;
                full.add(t);
                let regular = decompose(&full, &[], Family::Mcr)
                    .iter()
                    .any(|r| r.form() == Form::Regular);
                assert_eq!(waits.contains(t), regular, "{counts:?} + {t}");
            }
            checked += 1;
        });
        assert!(checked > 10_000);
    }
}
