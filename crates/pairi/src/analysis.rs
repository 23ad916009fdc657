//! Hand analysis on top of [`crate::shanten`]: useful tiles (受け入れ / 有效牌) and how
//! many of them are left, waits (待ち / 听牌), the discard table of a hand that has just
//! drawn (何切る), and improvement draws (改良) of a hand at tenpai or one step away.
//!
//! # Definitions
//!
//! - A *useful* tile of a 13 − 3k tile hand is a kind whose draw lowers the hand's
//!   shanten (the best over the forms of its [`Family`]). A kind the concealed hand
//!   already holds four of cannot be drawn and is never useful. At shanten 0 the useful
//!   tiles are the waits.
//! - The *count* of a set of useful tiles sums, over its kinds, 4 minus the copies the
//!   player holds (concealed and in listed melds) minus the copies seen elsewhere
//!   ([`Analyzer::with_visible`]). A kind whose copies are all seen is still useful, it
//!   just adds nothing: shanten is a property of the hand alone.
//! - In a discard table the copy just discarded is in the river: it is not counted among
//!   the copies left ([`DiscardedCopy::Gone`], the default). tenhou.net/2 and most tables
//!   count from the hand alone, the discarded copy drawable ([`DiscardedCopy::Drawable`]).
//! - The *discard table* of a 14 − 3k tile hand has one entry per distinct kind held
//!   concealed (a red five is its own entry only when a black five of its suit is also
//!   held), with the shanten after discarding it and the useful tiles of the rest,
//!   ordered best first: lower shanten, then higher count, then tile order, black before
//!   red (on a tie, keep the red five).
//! - An *improvement* (改良) of a 13 − 3k tile hand at shanten 0 or 1 is a draw that
//!   keeps the shanten but, with the best discard after it, leaves more useful tiles than
//!   the hand has now. Only draws with a copy left count.
//!
//! Declared melds count toward the tiles the player holds when their tiles are known
//! (a [`Hand`] with melds), and only toward the number of sets otherwise
//! ([`Holding::with_unlisted_melds`]).
//!
//! # Cost
//!
//! Under Riichi forms with the exact count, useful tiles and discard tables come from
//! the table-driven [`shanten::useful`] and [`shanten::discards`] (a few shanten calls'
//! worth). Other cases (MCR forms, the classic count) evaluate the shanten after every
//! draw: 34 calls for useful tiles, up to 14 × 34 for a discard table. Improvements
//! run a discard table per candidate draw.
//!
//! ```
//! use pairi::analysis::{Analyzer, Holding, Family};
//! use pairi::notation::{format_set, parse_hand};
//!
//! let hand = parse_hand("123m406p789s1122z").unwrap();
//! let useful = Analyzer::new(Family::Riichi)
//!     .useful(&Holding::from_hand(&hand))
//!     .unwrap();
//! assert_eq!(format_set(useful.tiles), "12z");
//! assert_eq!(useful.count, 4);
//! ```

use crate::decompose::{decompose_hand, Reading, Wait};
pub use crate::decompose::{Family, Form};
use crate::hand::{Hand, HandError, HandSize};
use crate::shanten::{self, McrShanten, Mode, Shanten};
pub use crate::shanten::{Discard, Useful};
use crate::tile::{Pai, Tile, TileCounts, TileSet};
use crate::wall::Wall;

/// Shanten per form under one rule family.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Forms {
    /// Riichi forms.
    Riichi(Shanten),
    /// MCR forms.
    Mcr(McrShanten),
}

impl Forms {
    /// The hand's shanten: the least over its forms (−1 complete, 0 tenpai).
    #[must_use]
    pub fn shanten(&self) -> i8 {
        match self {
            Forms::Riichi(s) => s.min(),
            Forms::Mcr(s) => s.min(),
        }
    }

    /// The family the forms belong to.
    #[must_use]
    pub const fn family(&self) -> Family {
        match self {
            Forms::Riichi(_) => Family::Riichi,
            Forms::Mcr(_) => Family::Mcr,
        }
    }

    /// The shanten of one form; `None` when the form cannot be built with the hand's
    /// melds or belongs to the other family.
    #[must_use]
    pub const fn get(&self, form: Form) -> Option<i8> {
        match (self, form) {
            (Forms::Riichi(s), Form::Regular) => Some(s.regular),
            (Forms::Mcr(s), Form::Regular) => Some(s.regular),
            (Forms::Riichi(s), Form::SevenPairs) => s.chiitoitsu,
            (Forms::Riichi(s), Form::ThirteenOrphans) => s.kokushi,
            (Forms::Mcr(s), Form::SevenPairs) => s.seven_pairs,
            (Forms::Mcr(s), Form::ThirteenOrphans) => s.thirteen_orphans,
            (Forms::Mcr(s), Form::HonorsAndKnitted) => s.honors_and_knitted,
            (Forms::Mcr(s), Form::KnittedStraight) => s.knitted_straight,
            _ => None,
        }
    }

    /// Every form of the family with its shanten, in JSON key order.
    pub fn iter(&self) -> impl Iterator<Item = (Form, Option<i8>)> + '_ {
        self.family().forms().iter().map(|&f| (f, self.get(f)))
    }
}

/// What a player holds: concealed tiles (with red fives), the number of declared melds,
/// and every tile known to be theirs (concealed plus the tiles of listed melds).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Holding {
    concealed: TileCounts,
    red: [u8; 3],
    melds: usize,
    known: TileCounts,
}

impl Holding {
    /// A hand whose melds are all listed with their tiles.
    #[must_use]
    pub fn from_hand(hand: &Hand) -> Holding {
        Holding {
            concealed: *hand.concealed(),
            red: hand.concealed_red(),
            melds: hand.melds().len(),
            known: hand.all_counts(),
        }
    }

    /// A hand with `unlisted` declared melds besides those `hand` lists: they count as
    /// sets, but their tiles are unknown (the shanten case files give a number of
    /// melds, not their tiles).
    ///
    /// # Errors
    ///
    /// [`HandError::TooManyMelds`] when the melds number more than 4 in all.
    pub fn with_unlisted_melds(hand: &Hand, unlisted: usize) -> Result<Holding, HandError> {
        let melds = hand.melds().len().saturating_add(unlisted);
        if melds > 4 {
            return Err(HandError::TooManyMelds { melds });
        }
        Ok(Holding {
            melds,
            ..Holding::from_hand(hand)
        })
    }

    /// Concealed tile counts.
    #[must_use]
    pub const fn concealed(&self) -> &TileCounts {
        &self.concealed
    }

    /// Number of declared melds.
    #[must_use]
    pub const fn melds(&self) -> usize {
        self.melds
    }

    /// Counts of every tile known to be the player's: concealed and in listed melds.
    #[must_use]
    pub const fn known(&self) -> &TileCounts {
        &self.known
    }

    /// Whether the hand waits (13 − 3k concealed tiles) or has drawn (14 − 3k).
    ///
    /// # Errors
    ///
    /// [`HandError::WrongTileCount`] for any other number of tiles.
    pub fn size(&self) -> Result<HandSize, HandError> {
        let n = self.concealed.total() as usize;
        match n + 3 * self.melds {
            13 => Ok(HandSize::Waiting),
            14 => Ok(HandSize::Drawn),
            _ => Err(HandError::WrongTileCount {
                concealed: n,
                melds: self.melds,
            }),
        }
    }

    /// The concealed tiles as the distinct physical tiles a discard table lists: one per
    /// kind, plus a red five where a black five of its suit is also held.
    fn discard_choices(&self) -> Vec<Pai> {
        let mut out = Vec::with_capacity(15);
        for (t, n) in self.concealed.iter() {
            let red = match t.red() {
                Some(r) if self.red[t.suit() as usize] > 0 => Some(r),
                _ => None,
            };
            let black_held = red.is_none() || n > self.red[t.suit() as usize];
            if black_held {
                out.push(t.black());
            }
            out.extend(red);
        }
        out
    }
}

/// A draw that keeps the shanten but widens the useful tiles, with the discard after it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Improvement {
    /// The tile drawn.
    pub draw: Tile,
    /// The best discard after drawing it.
    pub discard: Pai,
    /// The useful tiles of the hand after draw and discard (more than before).
    pub useful: Useful,
}

/// The analysis of a hand, by its size.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Analysis {
    /// A 13 − 3k tile hand.
    Waiting(Waiting),
    /// A 14 − 3k tile hand.
    Drawn(Drawn),
}

impl Analysis {
    /// Shanten per form of the hand as given.
    #[must_use]
    pub const fn forms(&self) -> &Forms {
        match self {
            Analysis::Waiting(w) => &w.forms,
            Analysis::Drawn(d) => &d.forms,
        }
    }

    /// The hand's shanten.
    #[must_use]
    pub fn shanten(&self) -> i8 {
        self.forms().shanten()
    }
}

/// The analysis of a 13 − 3k tile hand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Waiting {
    /// Shanten per form.
    pub forms: Forms,
    /// Useful tiles.
    pub useful: Useful,
}

impl Waiting {
    /// The waits: the useful tiles at tenpai, `None` otherwise.
    #[must_use]
    pub fn waits(&self) -> Option<TileSet> {
        (self.forms.shanten() == 0).then_some(self.useful.tiles)
    }
}

/// The analysis of a 14 − 3k tile hand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Drawn {
    /// Shanten per form (−1 when complete).
    pub forms: Forms,
    /// The discard table, best first.
    pub discards: Vec<Discard>,
}

/// Useful tiles per form of a 13 − 3k tile hand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UsefulByForm {
    /// Shanten per form of the hand.
    pub forms: Forms,
    /// For each form of the family, the kinds that lower that form's shanten (`None`
    /// when the form cannot be built).
    pub by_form: Vec<(Form, Option<TileSet>)>,
    /// The kinds that lower the overall shanten.
    pub all: TileSet,
}

/// How a discard table counts the copies of the kind just discarded.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum DiscardedCopy {
    /// The discarded tile lies in the river and cannot be drawn again (the default: a
    /// player who discards a 5z and waits on 5z has one copy fewer to win on).
    #[default]
    Gone,
    /// The discarded tile is counted as drawable, as tenhou.net/2 and most tables count
    /// from the hand alone (4 − copies held after the discard).
    Drawable,
}

/// Copies of each kind left to draw (0..=4), as three bit planes over the kinds, so
/// that the count of a [`TileSet`] is three popcounts.
#[derive(Clone, Copy)]
struct Left([u64; 3]);

impl Left {
    /// `copies − held − visible` per kind (0 when that is negative).
    fn new(wall: &Wall, known: &TileCounts, visible: &TileCounts) -> Left {
        let mut planes = [0u64; 3];
        for t in Tile::all() {
            let left = wall.left(t, known[t], visible[t]);
            for (i, plane) in planes.iter_mut().enumerate() {
                *plane |= u64::from(left >> i & 1) << t.index();
            }
        }
        Left(planes)
    }

    /// Σ over `tiles` of the copies left.
    fn count(self, tiles: TileSet) -> u32 {
        let [b0, b1, b2] = self.0;
        (tiles.bits() & b0).count_ones()
            + 2 * (tiles.bits() & b1).count_ones()
            + 4 * (tiles.bits() & b2).count_ones()
    }
}

/// Runs analyses under one rule family, one counting [`Mode`], one [`Wall`] and one set
/// of tiles seen elsewhere.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analyzer {
    family: Family,
    mode: Mode,
    wall: Wall,
    visible: TileCounts,
    discarded: DiscardedCopy,
}

impl Analyzer {
    /// Exact shanten under `family` on the four-player wall, nothing seen elsewhere.
    #[must_use]
    pub const fn new(family: Family) -> Analyzer {
        Analyzer {
            family,
            mode: Mode::Exact,
            wall: Wall::four_player([1, 1, 1]),
            visible: TileCounts::new(),
            discarded: DiscardedCopy::Gone,
        }
    }

    /// Counts the discarded copy of a discard table's row as `discarded` says.
    #[must_use]
    pub const fn with_discarded(mut self, discarded: DiscardedCopy) -> Analyzer {
        self.discarded = discarded;
        self
    }

    /// Plays on `wall`: its copies bound the targets of the exact count (Riichi forms)
    /// and the copies left of useful tiles. MCR forms are those of the four-player wall,
    /// and the classic count ignores copies whatever the wall.
    #[must_use]
    pub const fn with_wall(mut self, wall: Wall) -> Analyzer {
        self.wall = wall;
        self
    }

    /// The wall.
    #[must_use]
    pub const fn wall(&self) -> &Wall {
        &self.wall
    }

    /// Counts shanten in `mode` ([`Mode::Classic`]: no four-copy limit on targets).
    #[must_use]
    pub const fn with_mode(mut self, mode: Mode) -> Analyzer {
        self.mode = mode;
        self
    }

    /// Tiles seen elsewhere (rivers, other players' melds, dora indicators): they are
    /// subtracted from the counts of useful tiles.
    #[must_use]
    pub const fn with_visible(mut self, visible: TileCounts) -> Analyzer {
        self.visible = visible;
        self
    }

    /// The rule family.
    #[must_use]
    pub const fn family(&self) -> Family {
        self.family
    }

    /// Shanten per form of concealed tiles with `melds` declared melds (13 − 3k or
    /// 14 − 3k tiles).
    ///
    /// # Errors
    ///
    /// As [`shanten::riichi`]: wrong tile count, more than 4 melds or 4 copies.
    pub fn forms(&self, concealed: &TileCounts, melds: usize) -> Result<Forms, HandError> {
        Ok(match self.family {
            Family::Riichi if self.mode == Mode::Exact => {
                Forms::Riichi(shanten::riichi_on(concealed, melds, &self.wall)?)
            }
            Family::Riichi => Forms::Riichi(shanten::riichi_with(concealed, melds, self.mode)?),
            Family::Mcr => Forms::Mcr(shanten::mcr_with(concealed, melds, self.mode)?),
        })
    }

    /// Checks the holding against the wall and the visible tiles: no more copies of a
    /// kind among held and seen tiles than the wall has, at most four melds, a full
    /// hand's tile count.
    fn check(&self, h: &Holding) -> Result<HandSize, HandError> {
        if h.melds > 4 {
            return Err(HandError::TooManyMelds { melds: h.melds });
        }
        for t in Tile::all() {
            let (held, seen, copies) = (h.known[t], self.visible[t], self.wall.copies(t));
            if held > copies {
                return Err(crate::hand::copies_error(t, u32::from(held), copies));
            }
            if u32::from(held) + u32::from(seen) > u32::from(copies) {
                return Err(HandError::TooManySeen {
                    tile: t,
                    held,
                    seen,
                    copies,
                });
            }
        }
        h.size()
    }

    /// Copies of `t` left to draw for the holder of `h`, after discarding `discarded`
    /// (for a discard table's row): the wall's copies less those held and seen, the
    /// discarded copy counted as [`DiscardedCopy`] says. The counts of [`Useful`] are
    /// the sums of these.
    #[must_use]
    pub fn copies_left(&self, h: &Holding, discarded: Option<Tile>, t: Tile) -> u8 {
        let back = self.discarded == DiscardedCopy::Drawable && discarded == Some(t);
        self.wall.left(t, h.known[t], self.visible[t]) + u8::from(back)
    }

    /// Copies of `tiles` left for the holder: Σ (copies − held − visible).
    fn count(&self, known: &TileCounts, tiles: TileSet) -> u32 {
        Left::new(&self.wall, known, &self.visible).count(tiles)
    }

    /// The overall shanten of `counts` and, for every kind whose draw lowers it, that
    /// kind. `counts` holds 13 − 3k tiles.
    fn useful_kinds(
        &self,
        counts: &TileCounts,
        melds: usize,
        base: i8,
    ) -> Result<TileSet, HandError> {
        if self.uses_riichi_fast_path(counts) {
            let (shanten, u) = shanten::useful(counts, melds)?;
            debug_assert_eq!(shanten, base);
            return self.fourth_end_draws(counts, None, melds, base, u.tiles);
        }
        self.useful_by_draws(counts, melds, base)
    }

    /// The useful kinds by definition: every draw evaluated.
    fn useful_by_draws(
        &self,
        counts: &TileCounts,
        melds: usize,
        base: i8,
    ) -> Result<TileSet, HandError> {
        let mut tiles = TileSet::EMPTY;
        let mut c = *counts;
        for t in Tile::all() {
            if c[t] >= self.wall.copies(t) {
                continue;
            }
            c[t] += 1;
            if self.forms(&c, melds)?.shanten() < base {
                tiles.insert(t);
            }
            c[t] -= 1;
        }
        Ok(tiles)
    }

    /// Useful tiles of a 13 − 3k tile hand.
    ///
    /// # Errors
    ///
    /// [`HandError`] when the hand is not a 13 − 3k tile hand or holds or sees more than
    /// four copies of a kind.
    pub fn useful(&self, h: &Holding) -> Result<Useful, HandError> {
        self.expect_size(h, HandSize::Waiting)?;
        let base = self.forms(&h.concealed, h.melds)?.shanten();
        self.useful_at(&h.concealed, &h.known, h.melds, base)
    }

    fn useful_at(
        &self,
        concealed: &TileCounts,
        known: &TileCounts,
        melds: usize,
        base: i8,
    ) -> Result<Useful, HandError> {
        let tiles = self.useful_kinds(concealed, melds, base)?;
        Ok(Useful {
            tiles,
            count: self.count(known, tiles),
        })
    }

    fn expect_size(&self, h: &Holding, want: HandSize) -> Result<(), HandError> {
        if self.check(h)? == want {
            Ok(())
        } else {
            Err(HandError::WrongTileCount {
                concealed: h.concealed.total() as usize,
                melds: h.melds,
            })
        }
    }

    /// Useful tiles per form of a 13 − 3k tile hand, and overall.
    ///
    /// # Errors
    ///
    /// As [`Analyzer::useful`].
    pub fn useful_by_form(&self, h: &Holding) -> Result<UsefulByForm, HandError> {
        self.expect_size(h, HandSize::Waiting)?;
        let forms = self.forms(&h.concealed, h.melds)?;
        let family = self.family.forms();
        let mut sets: Vec<Option<TileSet>> = family
            .iter()
            .map(|&f| forms.get(f).map(|_| TileSet::EMPTY))
            .collect();
        let mut all = TileSet::EMPTY;
        let mut c = h.concealed;
        for t in Tile::all() {
            if c[t] >= self.wall.copies(t) {
                continue;
            }
            c[t] += 1;
            let after = self.forms(&c, h.melds)?;
            c[t] -= 1;
            for (set, &f) in sets.iter_mut().zip(family) {
                if let (Some(set), Some(before), Some(now)) = (set, forms.get(f), after.get(f)) {
                    if now < before {
                        set.insert(t);
                    }
                }
            }
            if after.shanten() < forms.shanten() {
                all.insert(t);
            }
        }
        Ok(UsefulByForm {
            forms,
            by_form: family.iter().copied().zip(sets).collect(),
            all,
        })
    }

    /// The discard table of a 14 − 3k tile hand, best first.
    ///
    /// # Errors
    ///
    /// [`HandError`] when the hand is not a 14 − 3k tile hand or holds or sees more than
    /// four copies of a kind.
    pub fn discards(&self, h: &Holding) -> Result<Vec<Discard>, HandError> {
        self.expect_size(h, HandSize::Drawn)?;
        self.discard_table(h)
    }

    /// Whether the table-driven useful tiles and discard tables of
    /// [`shanten::useful`] and [`shanten::discards`] answer for this analyzer (Riichi
    /// forms, exact count) on `counts`: the four-player wall, or the three-player one
    /// where the kernel reads the same ([`shanten::kernel_reads`]; see
    /// [`Analyzer::fourth_end_draws`] for the draws it does not read); other cases
    /// evaluate every draw.
    fn uses_riichi_fast_path(&self, counts: &TileCounts) -> bool {
        self.family == Family::Riichi
            && self.mode == Mode::Exact
            && shanten::kernel_reads(counts, &self.wall, 0)
    }

    /// The table-driven useful kinds `tiles` of `counts` less `discard` (at shanten
    /// `base`) on this wall: kept to the wall's kinds and, on the three-player wall, the
    /// draw of a fourth 1m or 9m evaluated (only there does it differ from four players).
    fn fourth_end_draws(
        &self,
        counts: &TileCounts,
        discard: Option<Tile>,
        melds: usize,
        base: i8,
        tiles: TileSet,
    ) -> Result<TileSet, HandError> {
        if self.wall.is_four_player() {
            return Ok(tiles);
        }
        let mut counts = *counts;
        if let Some(d) = discard {
            counts[d] -= 1;
        }
        let mut tiles = tiles.intersection(self.wall.kinds());
        for t in [Tile::M1, Tile::M9] {
            if counts[t] == 3 {
                let mut c = counts;
                c[t] += 1;
                if self.forms(&c, melds)?.shanten() < base {
                    tiles.insert(t);
                } else {
                    tiles.remove(t);
                }
            }
        }
        Ok(tiles)
    }

    fn discard_table(&self, h: &Holding) -> Result<Vec<Discard>, HandError> {
        let fast = if self.uses_riichi_fast_path(&h.concealed) {
            Some(shanten::discards(&h.concealed, h.melds)?)
        } else {
            None
        };
        // The table-driven rows by kind, when there are any.
        let mut by_kind: [Option<(i8, TileSet)>; Tile::COUNT] = [None; Tile::COUNT];
        if let Some(f) = &fast {
            for r in f.rows() {
                let t = r.tile.tile();
                let tiles = self.fourth_end_draws(
                    &h.concealed,
                    Some(t),
                    h.melds,
                    r.shanten,
                    r.useful.tiles,
                )?;
                by_kind[t.index()] = Some((r.shanten, tiles));
            }
        }
        let left = Left::new(&self.wall, &h.known, &self.visible);
        let mut rows: Vec<Discard> = Vec::with_capacity(15);
        for p in h.discard_choices() {
            let t = p.tile();
            // A red and a black five of one suit leave the same kinds: compute once.
            if let Some(prev) = rows.last().filter(|r| r.tile.tile() == t) {
                rows.push(Discard { tile: p, ..*prev });
                continue;
            }
            let (shanten, tiles) = match by_kind[t.index()] {
                Some(row) => row,
                None => {
                    let mut rest = h.concealed;
                    rest[t] -= 1;
                    let shanten = self.forms(&rest, h.melds)?.shanten();
                    (shanten, self.useful_kinds(&rest, h.melds, shanten)?)
                }
            };
            rows.push(Discard {
                tile: p,
                shanten,
                useful: Useful {
                    tiles,
                    // The discarded copy is no longer held: in the river, or drawable.
                    count: left.count(tiles)
                        + u32::from(self.discarded == DiscardedCopy::Drawable && tiles.contains(t)),
                },
            });
        }
        rows.sort_by(|a, b| {
            a.shanten
                .cmp(&b.shanten)
                .then(b.useful.count.cmp(&a.useful.count))
                .then(a.tile.cmp(&b.tile))
        });
        Ok(rows)
    }

    /// Shanten per form and useful tiles (13 − 3k tiles) or the discard table
    /// (14 − 3k tiles).
    ///
    /// # Errors
    ///
    /// [`HandError`] when the hand has a wrong number of tiles or more than four copies
    /// of a kind among held and seen tiles.
    pub fn analyze(&self, h: &Holding) -> Result<Analysis, HandError> {
        let size = self.check(h)?;
        let forms = self.forms(&h.concealed, h.melds)?;
        Ok(match size {
            HandSize::Waiting => Analysis::Waiting(Waiting {
                forms,
                useful: self.useful_at(&h.concealed, &h.known, h.melds, forms.shanten())?,
            }),
            HandSize::Drawn => Analysis::Drawn(Drawn {
                forms,
                discards: self.discard_table(h)?,
            }),
        })
    }

    /// Improvement draws (改良) of a 13 − 3k tile hand at shanten 0 or 1, most useful
    /// tiles first; empty at other shanten.
    ///
    /// # Errors
    ///
    /// As [`Analyzer::useful`].
    pub fn improvements(&self, h: &Holding) -> Result<Vec<Improvement>, HandError> {
        self.expect_size(h, HandSize::Waiting)?;
        let base = self.forms(&h.concealed, h.melds)?.shanten();
        if !(0..=1).contains(&base) {
            return Ok(Vec::new());
        }
        let now = self.useful_at(&h.concealed, &h.known, h.melds, base)?;
        let mut out = Vec::new();
        for draw in Tile::all() {
            let left = self.wall.left(draw, h.known[draw], self.visible[draw]);
            if now.tiles.contains(draw) || left == 0 {
                continue;
            }
            let mut drawn = h.clone();
            drawn.concealed[draw] += 1;
            drawn.known[draw] += 1;
            let mut best: Option<(Pai, Useful)> = None;
            for row in self.discard_table(&drawn)? {
                if row.shanten != base || row.tile.tile() == draw {
                    continue;
                }
                if best.is_none_or(|(_, u)| row.useful.count > u.count) {
                    best = Some((row.tile, row.useful));
                }
            }
            if let Some((discard, useful)) = best.filter(|(_, u)| u.count > now.count) {
                out.push(Improvement {
                    draw,
                    discard,
                    useful,
                });
            }
        }
        out.sort_by(|a, b| {
            b.useful
                .count
                .cmp(&a.useful.count)
                .then(a.draw.cmp(&b.draw))
        });
        Ok(out)
    }
}

/// One way to read a complete hand, and the waits its winning tile takes in it (a
/// tile may complete different blocks of one reading: a shanpon or a tanki, say).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CompleteReading {
    /// The reading.
    pub reading: Reading,
    /// The waits of the winning tile in it, each once, in [`Wait`] order.
    pub waits: Vec<Wait>,
}

/// Every reading of a complete hand (14 − 3k concealed tiles with its listed melds),
/// each with the waits `win` takes in it; empty when the hand is not complete.
#[must_use]
pub fn complete_readings(hand: &Hand, family: Family, win: Tile) -> Vec<CompleteReading> {
    decompose_hand(hand, family)
        .iter()
        .map(|reading| {
            let mut waits: Vec<Wait> = reading.waits(win).map(|w| w.wait).collect();
            waits.sort_unstable();
            waits.dedup();
            CompleteReading {
                reading: *reading,
                waits,
            }
        })
        .collect()
}

/// A wait of a tenpai hand: the tile, the copies of it left, and the shapes it
/// completes (両面, 嵌張, … over every reading of the completed hand).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WaitDetail {
    /// The tile waited on.
    pub tile: Tile,
    /// Copies of it left to draw.
    pub left: u8,
    /// The wait shapes it completes, each once, in [`Wait`] order.
    pub shapes: Vec<Wait>,
}

impl Analyzer {
    /// The waits of a tenpai 13 − 3k tile hand one by one: copies left and the wait
    /// shapes each completes. `hand` lists the melds the holding `h` counts.
    #[must_use]
    pub fn wait_details(&self, hand: &Hand, h: &Holding, waits: TileSet) -> Vec<WaitDetail> {
        waits
            .iter()
            .map(|tile| {
                let mut complete = hand.clone();
                // A wait has a copy the hand does not hold four of.
                let shapes = match complete.add(tile.black()) {
                    Ok(()) => {
                        let mut s: Vec<Wait> = complete_readings(&complete, self.family, tile)
                            .into_iter()
                            .flat_map(|r| r.waits)
                            .collect();
                        s.sort_unstable();
                        s.dedup();
                        s
                    }
                    Err(_) => Vec::new(),
                };
                WaitDetail {
                    tile,
                    left: self.copies_left(h, None, tile),
                    shapes,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
