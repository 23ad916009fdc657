//! Hands: concealed tiles with red-five marks, melds, and the last tile written.

use crate::error::ErrorKind;
use crate::tile::{Pai, Suit, Tile, TileCounts};
use crate::util::plural;
use crate::wall::{Wall, MAX_COPIES};

/// What kind of meld (副露 / 副露, 明刻 …).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum MeldKind {
    /// A claimed run of three (チー / 吃, chow).
    Chi,
    /// A claimed triplet (ポン / 碰, pung).
    Pon,
    /// A kong made from a claimed tile (大明槓 / 明杠).
    OpenKan,
    /// A kong of four drawn tiles (暗槓 / 暗杠).
    ClosedKan,
    /// A pon upgraded with the fourth tile (加槓 / 加杠).
    AddedKan,
}

impl MeldKind {
    /// The id used in JSON: `chi pon minkan ankan kakan`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::OpenKan => "minkan",
            MeldKind::ClosedKan => "ankan",
            MeldKind::AddedKan => "kakan",
        }
    }

    /// Whether the meld has four tiles.
    #[must_use]
    pub const fn is_kan(self) -> bool {
        matches!(
            self,
            MeldKind::OpenKan | MeldKind::ClosedKan | MeldKind::AddedKan
        )
    }

    /// Whether the meld opens the hand (every kind but the concealed kong).
    #[must_use]
    pub const fn is_open(self) -> bool {
        !matches!(self, MeldKind::ClosedKan)
    }
}

/// The seat a claimed tile came from, relative to the claimer.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Source {
    /// The player on the left (上家 / 上家, kamicha), number 1.
    Left = 1,
    /// The player opposite (対面 / 对家, toimen), number 2.
    Opposite = 2,
    /// The player on the right (下家 / 下家, shimocha), number 3.
    Right = 3,
}

impl Source {
    /// The source of claim number 1, 2 or 3.
    #[must_use]
    pub const fn from_number(n: u8) -> Option<Source> {
        match n {
            1 => Some(Source::Left),
            2 => Some(Source::Opposite),
            3 => Some(Source::Right),
            _ => None,
        }
    }

    /// Where a tile `claimer` calls from `giver` came from, at a table of `players`
    /// seats (3 or 4) numbered in turn order: the seat that plays just before the
    /// claimer sits on its left (kamicha), the one just after it on its right
    /// (shimocha), and, at four, the one across opposite (toimen). `None` when the two
    /// are one seat, when either is not at the table, or for another number of players.
    #[must_use]
    pub const fn of_call(claimer: u8, giver: u8, players: u8) -> Option<Source> {
        if !matches!(players, 3 | 4) || claimer >= players || giver >= players {
            return None;
        }
        match ((claimer + players - giver) % players, players) {
            (0, _) => None,
            (1, _) => Some(Source::Left),
            (2, 4) => Some(Source::Opposite),
            _ => Some(Source::Right),
        }
    }

    /// The id used in JSON: `left opposite right`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Source::Left => "left",
            Source::Opposite => "opposite",
            Source::Right => "right",
        }
    }
}

/// A declared meld. Invariant: its shape is legal for its kind (a run of three of one
/// numbered suit for a chi, three or four of one kind otherwise), and its red count is
/// at most the number of fives in it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Meld {
    kind: MeldKind,
    first: Tile,
    red: u8,
    claimed: Option<u8>,
    source: Option<Source>,
}

impl Default for Meld {
    /// A pon of 1m from the left (a filler for fixed-size stores).
    fn default() -> Self {
        Meld {
            kind: MeldKind::Pon,
            first: Tile::M1,
            red: 0,
            claimed: None,
            source: Some(Source::Left),
        }
    }
}

impl Meld {
    /// A chi whose lowest tile is `first`; `claimed` is the position (0, 1, 2) of the
    /// claimed tile in the run, if known; `red` the number of red fives in it.
    pub fn chi(first: Tile, claimed: Option<u8>, red: u8) -> Result<Meld, HandError> {
        let ok = !first.is_honor() && first.number() <= 7 && claimed.is_none_or(|c| c < 3);
        let has_five = ok && (first.number()..first.number() + 3).contains(&5);
        if !ok || red > u8::from(has_five) {
            return Err(HandError::BadMeld {
                kind: MeldKind::Chi,
                first,
            });
        }
        Ok(Meld {
            kind: MeldKind::Chi,
            first,
            red,
            claimed,
            source: Some(Source::Left),
        })
    }

    /// A pon, open kong, concealed kong or added kong of `tile`. `source` is where the
    /// claimed tile came from (ignored for a concealed kong); `red` the number of red fives.
    pub fn set(
        kind: MeldKind,
        tile: Tile,
        source: Option<Source>,
        red: u8,
    ) -> Result<Meld, HandError> {
        let size = if kind.is_kan() { 4 } else { 3 };
        let fives = if tile.is_honor() || tile.number() != 5 {
            0
        } else {
            size
        };
        if kind == MeldKind::Chi || red > fives {
            return Err(HandError::BadMeld { kind, first: tile });
        }
        let source = if kind == MeldKind::ClosedKan {
            None
        } else {
            source
        };
        Ok(Meld {
            kind,
            first: tile,
            red,
            claimed: None,
            source,
        })
    }

    /// The meld of `kind` made of `tiles` (in any order, red fives marked): the one
    /// builder behind the parser and every request. `claimed` is the claimed tile when
    /// known (for a chi, which tile of the run; for a set it must be the set's kind);
    /// `source` the seat it came from (a chi always comes from the left; a concealed
    /// kong has none).
    ///
    /// # Errors
    ///
    /// [`HandError::BadMeld`] when the tiles do not have the shape of `kind` (a run of
    /// three of one numbered suit for a chi, three or four of a kind otherwise), the
    /// claimed tile is not in the meld, or the source is impossible.
    pub fn from_tiles(
        kind: MeldKind,
        tiles: &[Pai],
        claimed: Option<Tile>,
        source: Option<Source>,
    ) -> Result<Meld, HandError> {
        let mut kinds = [Tile::M1; 4];
        let size = if kind.is_kan() { 4 } else { 3 };
        let first = tiles.iter().map(|p| p.tile()).min().unwrap_or(Tile::M1);
        let bad = || HandError::BadMeld { kind, first };
        if tiles.len() != size {
            return Err(bad());
        }
        for (k, p) in kinds.iter_mut().zip(tiles) {
            *k = p.tile();
        }
        let kinds = &mut kinds[..size];
        kinds.sort_unstable();
        // At most four tiles: the count fits.
        let red = tiles.iter().filter(|p| p.is_red()).count() as u8;
        if kind == MeldKind::Chi {
            let run = kinds
                .iter()
                .enumerate()
                .all(|(i, &t)| first.succ_by(i as u8) == Some(t));
            let index = match claimed {
                None => None,
                Some(c) => Some(kinds.iter().position(|&t| t == c).ok_or_else(bad)? as u8),
            };
            if !run || source.is_some_and(|s| s != Source::Left) {
                return Err(bad());
            }
            return Meld::chi(first, index, red);
        }
        let same = kinds.iter().all(|&t| t == first);
        let claim_ok = claimed.is_none_or(|c| c == first);
        let source_ok = kind != MeldKind::ClosedKan || source.is_none();
        if !same || !claim_ok || !source_ok {
            return Err(bad());
        }
        Meld::set(kind, first, source, red)
    }

    /// The kind of meld.
    #[must_use]
    pub const fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The lowest tile (the only kind, for a set).
    #[must_use]
    pub const fn first(&self) -> Tile {
        self.first
    }

    /// Number of red fives in the meld.
    #[must_use]
    pub const fn red(&self) -> u8 {
        self.red
    }

    /// For a chi, the position (0..3) of the claimed tile in the run, if known.
    #[must_use]
    pub const fn claimed_index(&self) -> Option<u8> {
        self.claimed
    }

    /// The claimed tile's kind, if known (`None` for a concealed kong).
    #[must_use]
    pub fn claimed_tile(&self) -> Option<Tile> {
        match self.kind {
            MeldKind::Chi => self
                .claimed
                .map(|i| Tile::new_unchecked(self.first.as_u8() + i)),
            MeldKind::ClosedKan => None,
            _ => Some(self.first),
        }
    }

    /// Where the claimed tile came from, if known.
    #[must_use]
    pub const fn source(&self) -> Option<Source> {
        self.source
    }

    /// The number of tiles (3 or 4).
    #[must_use]
    pub const fn len(&self) -> u8 {
        if self.kind.is_kan() {
            4
        } else {
            3
        }
    }

    /// Always false: a meld has three or four tiles.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The kinds of its tiles, lowest first.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        let n = self.len();
        (0..n).map(move |i| {
            if self.kind == MeldKind::Chi {
                Tile::new_unchecked(self.first.as_u8() + i)
            } else {
                self.first
            }
        })
    }

    /// Its physical tiles, lowest first, red fives before black ones of the same kind.
    pub fn pais(&self) -> impl Iterator<Item = Pai> + '_ {
        let mut red_left = self.red;
        self.tiles().map(move |t| {
            if red_left > 0 && !t.is_honor() && t.number() == 5 {
                red_left -= 1;
                t.red().unwrap_or(t.black())
            } else {
                t.black()
            }
        })
    }
}

/// A hand: concealed tiles (counts plus red-five marks), declared melds, and the last
/// tile written (the tile just drawn or won, where that matters).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Hand {
    concealed: TileCounts,
    red: [u8; 3],
    melds: Vec<Meld>,
    last: Option<Pai>,
}

/// Whether a hand waits (13 − 3k concealed tiles) or has drawn (14 − 3k).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HandSize {
    /// 13 − 3k concealed tiles: waiting for a draw.
    Waiting,
    /// 14 − 3k concealed tiles: a tile drawn or won, about to discard or win.
    Drawn,
}

/// A hand that breaks the rules of the game (`invalid_hand`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HandError {
    /// More than four copies of a kind across hand and melds (and visible tiles, where given).
    #[error("{count} copies of {tile}: at most 4 exist")]
    TooManyCopies {
        /// The kind.
        tile: Tile,
        /// How many were found.
        count: u32,
    },
    /// More copies of a kind than the wall has (a wall with fewer than four, such as
    /// the three-player wall without 2m..8m).
    #[error("{} of {tile}: the wall has {}", plural(*count, "copy", "copies"), plural(u32::from(*copies), "copy", "copies"))]
    NotInWall {
        /// The kind.
        tile: Tile,
        /// How many were found.
        count: u32,
        /// How many the wall has.
        copies: u8,
    },
    /// More copies of a kind among the hand and the tiles seen elsewhere than exist.
    #[error(
        "{tile}: {held} in the hand and {seen} seen elsewhere, but only {} exist",
        copies
    )]
    TooManySeen {
        /// The kind.
        tile: Tile,
        /// Copies held (concealed and in melds).
        held: u8,
        /// Copies seen elsewhere.
        seen: u8,
        /// Copies in the wall.
        copies: u8,
    },
    /// More red fives of a suit than the rules allow.
    #[error("{} of {}: the rules have {limit}", plural(u32::from(*count), "red five", "red fives"), suit_five(*suit))]
    TooManyRed {
        /// The suit.
        suit: Suit,
        /// How many were found.
        count: u8,
        /// How many exist.
        limit: u8,
    },
    /// A meld whose tiles cannot form that kind of meld.
    #[error("not a legal {}: starting at {first}", kind.id())]
    BadMeld {
        /// The kind of meld asked for.
        kind: MeldKind,
        /// The first tile.
        first: Tile,
    },
    /// A full hand needs 13 − 3k or 14 − 3k concealed tiles for k melds.
    #[error("{} with {}: a hand needs {} or {}{}", plural(*concealed as u32, "concealed tile", "concealed tiles"), plural(*melds as u32, "meld", "melds"), 13usize.saturating_sub(3 * melds), 14usize.saturating_sub(3 * melds), if *concealed > 14usize.saturating_sub(3 * melds) { " (a kong is a meld: write it in brackets, [1111m]; `analyze` and `shanten` read each plain four of a kind as a concealed kong with --kongs-in-hand, JSON `\"kongs_in_hand\": true`)" } else { "" })]
    WrongTileCount {
        /// Concealed tiles found.
        concealed: usize,
        /// Melds declared.
        melds: usize,
    },
    /// More than four melds.
    #[error("{melds} melds: at most 4")]
    TooManyMelds {
        /// Melds declared.
        melds: usize,
    },
}

/// The five of a numbered suit, as a reader names it (`5m`).
pub(crate) fn suit_five(suit: Suit) -> String {
    Tile::from_suit_number(suit, 5).map_or_else(|| format!("{suit:?}"), |t| t.to_string())
}

/// The error of `count` copies of `tile` where the wall has `copies`.
pub(crate) fn copies_error(tile: Tile, count: u32, copies: u8) -> HandError {
    if copies >= MAX_COPIES {
        HandError::TooManyCopies { tile, count }
    } else {
        HandError::NotInWall {
            tile,
            count,
            copies,
        }
    }
}

impl HandError {
    /// The JSON error kind: always [`ErrorKind::InvalidHand`].
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        ErrorKind::InvalidHand
    }
}

impl Hand {
    /// A hand from physical tiles and melds; the last tile is the last of `concealed`.
    ///
    /// Only the concealed copies are checked (at most four of a kind); the whole hand is
    /// checked by [`Hand::validate`] or [`Hand::validate_full`].
    ///
    /// # Errors
    ///
    /// [`HandError::TooManyCopies`] for a fifth concealed copy of a kind.
    pub fn from_parts(concealed: &[Pai], melds: Vec<Meld>) -> Result<Hand, HandError> {
        let mut h = Hand {
            melds,
            ..Hand::default()
        };
        for &p in concealed {
            h.add(p)?;
        }
        Ok(h)
    }

    /// A hand of black tiles from counts, without melds or last tile.
    ///
    /// # Errors
    ///
    /// [`HandError::TooManyCopies`] for more than four copies of a kind.
    pub fn from_counts(concealed: TileCounts) -> Result<Hand, HandError> {
        if let Some((tile, count)) = concealed.iter().find(|&(_, c)| c > MAX_COPIES) {
            return Err(HandError::TooManyCopies {
                tile,
                count: u32::from(count),
            });
        }
        Ok(Hand {
            concealed,
            ..Hand::default()
        })
    }

    /// A hand of black tiles from `concealed` counts, with `melds` and last tile
    /// `last`, all trusted: the search's states hold at most four of a kind.
    pub(crate) fn from_trusted(concealed: TileCounts, melds: Vec<Meld>, last: Pai) -> Hand {
        Hand {
            concealed,
            red: [0; 3],
            melds,
            last: Some(last),
        }
    }

    /// A hand of no melds from `concealed` counts of at most four each, `red` fives of
    /// each numbered suit among them, and last tile `last`, as the reader of plain
    /// notation has checked them.
    pub(crate) fn from_checked(concealed: TileCounts, red: [u8; 3], last: Option<Pai>) -> Hand {
        Hand {
            concealed,
            red,
            melds: Vec::new(),
            last,
        }
    }

    /// Adds a concealed tile (it becomes the last tile).
    ///
    /// # Errors
    ///
    /// [`HandError::TooManyCopies`] when the hand already holds four of its kind
    /// concealed: no wall has a fifth, and the counts stay small.
    pub fn add(&mut self, p: Pai) -> Result<(), HandError> {
        let t = p.tile();
        if self.concealed.get(t) >= MAX_COPIES {
            return Err(HandError::TooManyCopies {
                tile: t,
                count: u32::from(self.concealed.get(t)) + 1,
            });
        }
        self.concealed.add(t);
        if p.is_red() {
            self.red[t.suit() as usize] += 1;
        }
        self.last = Some(p);
        Ok(())
    }

    /// Removes one concealed tile of that physical kind; false when there is none.
    /// Removing a black five when only red ones are left fails.
    pub fn remove(&mut self, p: Pai) -> bool {
        let t = p.tile();
        let reds = if t.is_honor() {
            0
        } else {
            self.red[t.suit() as usize]
        };
        let ok = if p.is_red() {
            reds > 0 && t.number() == 5
        } else {
            self.concealed.get(t)
                > if t.number() == 5 && !t.is_honor() {
                    reds
                } else {
                    0
                }
        };
        if ok {
            self.concealed.remove(t);
            if p.is_red() {
                self.red[t.suit() as usize] -= 1;
            }
            if self.last == Some(p) && !self.holds(p) {
                self.last = None;
            }
        }
        ok
    }

    fn holds(&self, p: Pai) -> bool {
        let t = p.tile();
        if t.is_honor() || t.number() != 5 {
            return self.concealed.get(t) > 0;
        }
        let reds = self.red[t.suit() as usize];
        if p.is_red() {
            reds > 0
        } else {
            self.concealed.get(t) > reds
        }
    }

    /// Reads every kind held four times among the concealed tiles as a concealed kong
    /// (暗槓): the four tiles, red fives with them, leave the concealed tiles and become
    /// a meld. For hands written as a plain list where each four of a kind is a set.
    pub fn fours_as_kongs(&mut self) {
        for t in Tile::all() {
            if self.concealed.get(t) != MAX_COPIES {
                continue;
            }
            let s = t.suit() as usize;
            let red = if t.is_honor() || t.number() != 5 {
                0
            } else {
                core::mem::take(&mut self.red[s])
            };
            self.concealed[t] = 0;
            if let Ok(m) = Meld::set(MeldKind::ClosedKan, t, None, red) {
                self.melds.push(m);
            }
            if self.last.is_some_and(|p| p.tile() == t) {
                self.last = None;
            }
        }
    }

    /// Appends a meld.
    pub fn push_meld(&mut self, m: Meld) {
        self.melds.push(m);
    }

    /// Replaces meld `i` (a pon made an added kong); false when there is no such meld.
    pub(crate) fn replace_meld(&mut self, i: usize, m: Meld) -> bool {
        match self.melds.get_mut(i) {
            Some(slot) => {
                *slot = m;
                true
            }
            None => false,
        }
    }

    /// Empties the hand, keeping the melds' storage (a table reuses it every kyoku
    /// without allocating).
    pub(crate) fn clear(&mut self) {
        self.concealed = TileCounts::new();
        self.red = [0; 3];
        self.melds.clear();
        self.last = None;
    }

    /// An empty hand with room for four melds.
    pub(crate) fn with_meld_room() -> Hand {
        Hand {
            melds: Vec::with_capacity(4),
            ..Hand::default()
        }
    }

    /// Concealed tile counts (red fives counted as fives).
    #[must_use]
    pub const fn concealed(&self) -> &TileCounts {
        &self.concealed
    }

    /// Red fives among the concealed tiles, per numbered suit (m, p, s).
    #[must_use]
    pub const fn concealed_red(&self) -> [u8; 3] {
        self.red
    }

    /// The declared melds, in the order written.
    #[must_use]
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// The last concealed tile written (the tile drawn or won, in a 14 − 3k hand).
    #[must_use]
    pub const fn last(&self) -> Option<Pai> {
        self.last
    }

    /// Sets the last tile (it must be one of the concealed tiles to mean anything).
    pub fn set_last(&mut self, last: Option<Pai>) {
        self.last = last;
    }

    /// Concealed tiles as physical tiles, sorted (a red five sorts as a five, before
    /// the black fives).
    #[must_use]
    pub fn concealed_pais(&self) -> Vec<Pai> {
        let mut red = self.red;
        let mut out = Vec::with_capacity(self.concealed.total() as usize);
        for t in self.concealed.tiles() {
            let s = t.suit() as usize;
            if t.suit().is_numbered() && t.number() == 5 && red[s] > 0 {
                red[s] -= 1;
                out.push(t.red().unwrap_or(t.black()));
            } else {
                out.push(t.black());
            }
        }
        out
    }

    /// Counts of every tile, concealed and melded.
    #[must_use]
    pub fn all_counts(&self) -> TileCounts {
        let mut c = self.concealed;
        for m in &self.melds {
            for t in m.tiles() {
                c.add(t);
            }
        }
        c
    }

    /// Red fives in the whole hand, concealed and melded, per numbered suit.
    #[must_use]
    pub fn all_red(&self) -> [u8; 3] {
        let mut r = self.red;
        for m in &self.melds {
            if m.red > 0 {
                r[m.first.suit() as usize] += m.red;
            }
        }
        r
    }

    /// Number of concealed tiles.
    #[must_use]
    pub fn concealed_len(&self) -> usize {
        self.concealed.total() as usize
    }

    /// Checks copies (no more of a kind across hand and melds than the wall holds), red
    /// fives (no more per suit than the wall holds) and the number of melds (at most 4);
    /// not the tile count.
    ///
    /// # Errors
    ///
    /// The first [`HandError`] found.
    pub fn validate(&self, wall: &Wall) -> Result<(), HandError> {
        if self.melds.len() > 4 {
            return Err(HandError::TooManyMelds {
                melds: self.melds.len(),
            });
        }
        let all = self.all_counts();
        if let Some((tile, count)) = wall.excess(&all) {
            return Err(copies_error(tile, u32::from(count), wall.copies(tile)));
        }
        let limit = wall.red();
        for (i, &count) in self.all_red().iter().enumerate() {
            if count > limit[i] {
                return Err(HandError::TooManyRed {
                    suit: Suit::NUMBERED[i],
                    count,
                    limit: limit[i],
                });
            }
        }
        Ok(())
    }

    /// [`Hand::validate`] plus the tile count of a full hand: 13 − 3k or 14 − 3k
    /// concealed tiles for k melds. Returns which of the two it is.
    ///
    /// # Errors
    ///
    /// The first [`HandError`] found.
    pub fn validate_full(&self, wall: &Wall) -> Result<HandSize, HandError> {
        self.validate(wall)?;
        self.size()
    }

    /// Whether the hand waits or has drawn, from its tile count alone.
    ///
    /// # Errors
    ///
    /// [`HandError::TooManyMelds`] or [`HandError::WrongTileCount`].
    pub fn size(&self) -> Result<HandSize, HandError> {
        let k = self.melds.len();
        let n = self.concealed_len();
        if k > 4 {
            return Err(HandError::TooManyMelds { melds: k });
        }
        if n + 3 * k == 13 {
            Ok(HandSize::Waiting)
        } else if n + 3 * k == 14 {
            Ok(HandSize::Drawn)
        } else {
            Err(HandError::WrongTileCount {
                concealed: n,
                melds: k,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hand;
    use crate::t;

    #[test]
    fn fours_as_kongs_ok_moves_each_four_with_its_red_five() {
        let mut h = parse_hand("1111m5550p7777z123s").unwrap();
        h.fours_as_kongs();
        assert_eq!(h.concealed_len(), 3);
        assert_eq!(h.melds().len(), 3);
        assert!(h.melds().iter().all(|m| m.kind() == MeldKind::ClosedKan));
        let pin = h.melds().iter().find(|m| m.first() == t!(5p)).unwrap();
        assert_eq!(pin.red(), 1);
        assert_eq!(h.concealed_red(), [0, 0, 0]);
        // Three of a kind stay concealed tiles.
        let mut h = parse_hand("111m").unwrap();
        h.fours_as_kongs();
        assert!(h.melds().is_empty());
    }

    #[test]
    fn validate_err_five_copies() {
        let h = parse_hand("11111m").unwrap_err();
        assert_eq!(h.kind(), "invalid_hand");
        let h = crate::notation::parse_hand_unchecked("1111m[111m]").unwrap();
        assert!(matches!(
            h.validate(&Wall::default()),
            Err(HandError::TooManyCopies { count: 7, .. })
        ));
    }

    #[test]
    fn validate_err_two_reds() {
        let h = crate::notation::parse_hand_unchecked("00m").unwrap();
        assert!(matches!(
            h.validate(&Wall::default()),
            Err(HandError::TooManyRed { .. })
        ));
        assert!(h
            .validate(&Wall::default().with_red([2, 2, 2]).unwrap())
            .is_ok());
    }

    #[test]
    fn size_ok_and_err() {
        let h = parse_hand("123m456p789s11222z").unwrap();
        assert_eq!(h.size(), Ok(HandSize::Drawn));
        let h = parse_hand("[EEEE][CCCC][FFFF][PPPP]NN").unwrap();
        assert_eq!(h.size(), Ok(HandSize::Drawn));
        assert_eq!(h.all_counts().total(), 18);
        let h = parse_hand("123m").unwrap();
        assert!(matches!(h.size(), Err(HandError::WrongTileCount { .. })));
    }

    #[test]
    fn fours_as_kongs_ok_every_four() {
        let mut h = parse_hand("111122223333444405m").unwrap();
        h.fours_as_kongs();
        assert_eq!(h.melds().len(), 4);
        assert_eq!(h.size(), Ok(HandSize::Drawn));
        assert_eq!(h.to_string(), "05m[1111m][2222m][3333m][4444m]");
        let mut h = parse_hand("0555m123p").unwrap();
        h.fours_as_kongs();
        assert_eq!(h.to_string(), "123p[0555m]");
    }

    #[test]
    fn remove_ok_red_and_black() {
        let mut h = parse_hand("0m55m").unwrap();
        assert!(h.remove(t!(5m).black()));
        assert!(h.remove(t!(5m).black()));
        assert!(!h.remove(t!(5m).black()));
        assert!(h.remove(t!(5m).red().unwrap()));
        assert_eq!(h.concealed_len(), 0);
    }

    #[test]
    fn source_of_call_ok_every_claimer_and_giver() {
        use Source::{Left, Opposite, Right};
        /// Row `claimer` of `table`: the source of a tile from each seat in turn.
        fn check<const N: usize>(table: [[Option<Source>; N]; N]) {
            let players = N as u8;
            for (claimer, row) in (0u8..).zip(table) {
                for (giver, want) in (0u8..).zip(row) {
                    let got = Source::of_call(claimer, giver, players);
                    assert_eq!(got, want, "{players} players: {claimer} {giver}");
                }
            }
        }
        check([
            [None, Some(Right), Some(Opposite), Some(Left)],
            [Some(Left), None, Some(Right), Some(Opposite)],
            [Some(Opposite), Some(Left), None, Some(Right)],
            [Some(Right), Some(Opposite), Some(Left), None],
        ]);
        // Three players: no one sits opposite.
        check([
            [None, Some(Right), Some(Left)],
            [Some(Left), None, Some(Right)],
            [Some(Right), Some(Left), None],
        ]);
    }

    #[test]
    fn source_of_call_none_off_the_table() {
        assert_eq!(Source::of_call(3, 0, 3), None);
        assert_eq!(Source::of_call(0, 3, 3), None);
        assert_eq!(Source::of_call(4, 0, 4), None);
        assert_eq!(Source::of_call(0, u8::MAX, 4), None);
        assert_eq!(Source::of_call(u8::MAX, u8::MAX - 1, u8::MAX), None);
        assert_eq!(Source::of_call(1, 0, 2), None);
        assert_eq!(Source::of_call(1, 0, 5), None);
        assert_eq!(Source::of_call(0, 0, 0), None);
    }
}
