//! The tile universe of a game (牌山 / 牌墙): which kinds exist, how many copies of each,
//! and how many of the fives are red. Everything that counts copies (hand validation,
//! useful-tile counts, dora, dealt-hand statistics) asks a [`Wall`] instead of assuming
//! 34 kinds of 4.
//!
//! - [`Wall::four_player`]: 136 tiles, 4 of each of the 34 kinds.
//! - [`Wall::three_player`]: 108 tiles; 2m–8m are taken out (三人麻雀 / 三麻), so the man
//!   suit is only 1m and 9m, and a 1m indicator shows a 9m dora (and 9m shows 1m).
//! - [`Wall::custom`]: any copies up to 4 per kind, for study and tests.
//!
//! ```
//! use pairi::wall::Wall;
//! use pairi::t;
//!
//! let sanma = Wall::three_player([0, 1, 1]);
//! assert_eq!(sanma.total(), 108);
//! assert_eq!(sanma.copies(t!(5m)), 0);
//! assert_eq!(sanma.dora_from_indicator(t!(1m)), t!(9m));
//! assert_eq!(Wall::default().dora_from_indicator(t!(1m)), t!(2m));
//! ```

use crate::tile::{Suit, Tile, TileCounts, TileSet};

/// The most copies of one kind any wall holds.
pub const MAX_COPIES: u8 = 4;

/// The tile universe: copies per kind (at most [`MAX_COPIES`]) and red fives per
/// numbered suit (at most the copies of that suit's five).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wall {
    copies: TileCounts,
    red: [u8; 3],
    /// Which of the two standard walls `copies` is, if either: kept beside the copies
    /// so that the hot paths ask with one comparison.
    layout: Layout,
}

/// The standard walls, recognised once when a wall is built.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Layout {
    FourPlayer,
    ThreePlayer,
    Custom,
}

/// A wall that cannot exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WallError {
    /// More than four copies of a kind.
    #[error("{count} copies of {tile} in the wall: at most {MAX_COPIES}")]
    TooManyCopies {
        /// The kind.
        tile: Tile,
        /// The copies asked for.
        count: u8,
    },
    /// More red fives of a suit than the wall holds fives of it.
    #[error("{red} red fives of {suit:?} with {fives} fives in the wall")]
    TooManyRed {
        /// The suit.
        suit: Suit,
        /// Red fives asked for.
        red: u8,
        /// Fives of the suit in the wall.
        fives: u8,
    },
}

impl Default for Wall {
    /// The four-player wall with one red five per suit.
    fn default() -> Self {
        Wall::four_player([1, 1, 1])
    }
}

impl Wall {
    /// The four-player wall: 4 copies of each of the 34 kinds, `red` red fives per suit
    /// (m, p, s; each at most 4).
    #[must_use]
    pub const fn four_player(red: [u8; 3]) -> Wall {
        Wall {
            copies: TileCounts::from_array([MAX_COPIES; 34]),
            red: clamp_red(red),
            layout: Layout::FourPlayer,
        }
    }

    /// The three-player wall: no 2m..8m, 4 copies of every other kind; `red` red fives
    /// per suit (the man entry is ignored: no 5m exists).
    #[must_use]
    pub const fn three_player(red: [u8; 3]) -> Wall {
        // Built once at compile time: scoring asks for the rules' wall on every hand.
        const COPIES: [u8; 34] = {
            let mut copies = [MAX_COPIES; 34];
            let mut i = 1;
            while i < 8 {
                copies[i] = 0;
                i += 1;
            }
            copies
        };
        let red = clamp_red(red);
        Wall {
            copies: TileCounts::from_array(COPIES),
            red: [0, red[1], red[2]],
            layout: Layout::ThreePlayer,
        }
    }

    /// Any wall: `copies` per kind (at most 4) and `red` red fives per suit (at most the
    /// copies of that suit's five).
    ///
    /// # Errors
    ///
    /// [`WallError`] when a count is out of range.
    pub fn custom(copies: TileCounts, red: [u8; 3]) -> Result<Wall, WallError> {
        if let Some((tile, count)) = copies.iter().find(|&(_, c)| c > MAX_COPIES) {
            return Err(WallError::TooManyCopies { tile, count });
        }
        for (i, suit) in Suit::NUMBERED.into_iter().enumerate() {
            let five = Tile::from_suit_number(suit, 5).unwrap_or(Tile::M5);
            if red[i] > copies.get(five) {
                return Err(WallError::TooManyRed {
                    suit,
                    red: red[i],
                    fives: copies.get(five),
                });
            }
        }
        let four = Wall::four_player(red);
        let three = Wall::three_player(red);
        let layout = if *copies.as_array() == *four.copies.as_array() {
            Layout::FourPlayer
        } else if *copies.as_array() == *three.copies.as_array() {
            Layout::ThreePlayer
        } else {
            Layout::Custom
        };
        Ok(Wall {
            copies,
            red,
            layout,
        })
    }

    /// The same kinds and copies with other red fives.
    ///
    /// # Errors
    ///
    /// [`WallError::TooManyRed`] when a suit has fewer fives than red fives asked.
    pub fn with_red(self, red: [u8; 3]) -> Result<Wall, WallError> {
        Wall::custom(self.copies, red)
    }

    /// Copies of `t` in the wall.
    #[must_use]
    pub const fn copies(&self, t: Tile) -> u8 {
        self.copies.get(t)
    }

    /// Copies of every kind.
    #[must_use]
    pub const fn counts(&self) -> &TileCounts {
        &self.copies
    }

    /// Red fives per numbered suit (m, p, s).
    #[must_use]
    pub const fn red(&self) -> [u8; 3] {
        self.red
    }

    /// The first kind (in index order) of which `counts` holds more copies than the
    /// wall has, with its count: the copy check of hands, indicators and dealt tiles.
    #[must_use]
    pub fn excess(&self, counts: &TileCounts) -> Option<(Tile, u8)> {
        // Every scored hand is checked: a branch-free pass answers the usual "none".
        let (held, wall) = (counts.as_array(), self.copies.as_array());
        if held
            .iter()
            .zip(wall)
            .fold(0, |over, (h, w)| over | h.saturating_sub(*w))
            == 0
        {
            return None;
        }
        counts.iter().find(|&(t, c)| c > self.copies(t))
    }

    /// The kinds the wall holds at least one copy of.
    #[must_use]
    pub fn kinds(&self) -> TileSet {
        self.copies.kinds()
    }

    /// Whether the wall holds `t`.
    #[must_use]
    pub const fn contains(&self, t: Tile) -> bool {
        self.copies.get(t) > 0
    }

    /// The number of tiles.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.copies.total()
    }

    /// Whether this is the four-player wall (4 of each of the 34 kinds), whatever its
    /// red fives: the case the table kernels are built for.
    #[must_use]
    pub fn is_four_player(&self) -> bool {
        self.layout == Layout::FourPlayer
    }

    /// Whether every kind but 2m–8m has four copies and 2m–8m none: the three-player
    /// wall, whatever its red fives.
    #[must_use]
    pub fn is_three_player(&self) -> bool {
        self.layout == Layout::ThreePlayer
    }

    /// Copies of `t` neither `held` nor `seen`: `copies − held − seen`, 0 when negative.
    #[must_use]
    pub fn left(&self, t: Tile, held: u8, seen: u8) -> u8 {
        self.copies.get(t).saturating_sub(held.saturating_add(seen))
    }

    /// The dora a dora indicator points at (ドラ表示牌 → ドラ): the next kind of the
    /// indicator's cycle that the wall holds. The cycles are each numbered suit 1..9
    /// (9 wraps to 1), the winds E S W N and the dragons White Green Red. In the
    /// three-player wall 1m indicates 9m and 9m indicates 1m.
    #[must_use]
    pub fn dora_from_indicator(&self, indicator: Tile) -> Tile {
        self.step(indicator, 1)
    }

    /// The indicator that makes `dora` a dora (inverse of [`Wall::dora_from_indicator`]).
    #[must_use]
    pub fn indicator_for_dora(&self, dora: Tile) -> Tile {
        self.step(dora, -1)
    }

    /// The kind `dir` (±1) places along `t`'s cycle, skipping kinds the wall lacks;
    /// `t` itself when no other kind of the cycle is there.
    fn step(&self, t: Tile, dir: i8) -> Tile {
        let (base, len) = cycle(t);
        let mut pos = t.as_u8() - base;
        for _ in 1..len {
            pos = if dir > 0 {
                (pos + 1) % len
            } else {
                (pos + len - 1) % len
            };
            let next = Tile::new_unchecked(base + pos);
            if self.contains(next) {
                return next;
            }
        }
        t
    }
}

/// The first index and length of the dora cycle of `t`.
const fn cycle(t: Tile) -> (u8, u8) {
    match t.suit() {
        Suit::Honor if t.is_wind() => (Tile::EAST.as_u8(), 4),
        Suit::Honor => (Tile::WHITE.as_u8(), 3),
        s => (s.base(), 9),
    }
}

const fn clamp_red(red: [u8; 3]) -> [u8; 3] {
    let mut out = red;
    let mut i = 0;
    while i < 3 {
        if out[i] > MAX_COPIES {
            out[i] = MAX_COPIES;
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::t;

    #[test]
    fn layout_ok_standard_walls_recognised_when_custom() {
        let four = Wall::four_player([1, 1, 1]);
        let three = Wall::three_player([0, 1, 1]);
        assert!(four.is_four_player() && !four.is_three_player());
        assert!(three.is_three_player() && !three.is_four_player());
        assert_eq!(Wall::custom(*four.counts(), [1, 1, 1]), Ok(four));
        assert_eq!(Wall::custom(*three.counts(), [0, 1, 1]), Ok(three));
        let mut fewer = *four.counts();
        fewer.as_mut_array()[33] = 3;
        let custom = Wall::custom(fewer, [1, 1, 1]).unwrap();
        assert!(!custom.is_four_player() && !custom.is_three_player());
    }

    #[test]
    fn excess_ok_first_kind_over_the_wall() {
        let mut c = TileCounts::new();
        c.add(t!(1m));
        c.add(t!(2m));
        assert_eq!(Wall::default().excess(&c), None);
        // Three-player: no 2m at all, so one copy is already too many.
        assert_eq!(Wall::three_player([0; 3]).excess(&c), Some((t!(2m), 1)));
        for _ in 0..5 {
            c.add(t!(7z));
        }
        assert_eq!(Wall::default().excess(&c), Some((t!(7z), 5)));
    }

    #[test]
    fn dora_ok_four_player_wraps() {
        let w = Wall::default();
        assert_eq!(w.dora_from_indicator(t!(9m)), t!(1m));
        assert_eq!(w.dora_from_indicator(t!(4p)), t!(5p));
        assert_eq!(w.dora_from_indicator(t!(N)), t!(E));
        assert_eq!(w.dora_from_indicator(t!(E)), t!(S));
        assert_eq!(w.dora_from_indicator(t!(C)), t!(P));
        assert_eq!(w.dora_from_indicator(t!(P)), t!(F));
        for t in Tile::all() {
            assert_eq!(w.indicator_for_dora(w.dora_from_indicator(t)), t);
        }
    }

    #[test]
    fn dora_ok_three_player_skips_missing_man() {
        let w = Wall::three_player([0, 1, 1]);
        assert_eq!(w.dora_from_indicator(t!(1m)), t!(9m));
        assert_eq!(w.dora_from_indicator(t!(9m)), t!(1m));
        assert_eq!(w.indicator_for_dora(t!(9m)), t!(1m));
        assert_eq!(w.dora_from_indicator(t!(9p)), t!(1p));
        assert_eq!(w.total(), 108);
        assert_eq!(w.kinds().len(), 27);
        assert_eq!(w.red(), [0, 1, 1]);
        assert!(!w.is_four_player());
    }

    #[test]
    fn custom_err_out_of_range() {
        let mut c = TileCounts::from_array([4; 34]);
        c[t!(E)] = 5;
        assert!(matches!(
            Wall::custom(c, [0; 3]),
            Err(WallError::TooManyCopies { count: 5, .. })
        ));
        c[t!(E)] = 4;
        c[t!(5p)] = 1;
        assert!(matches!(
            Wall::custom(c, [0, 2, 0]),
            Err(WallError::TooManyRed { red: 2, .. })
        ));
        assert_eq!(
            Wall::custom(c, [1, 1, 1]).map(|w| w.left(t!(5p), 0, 1)),
            Ok(0)
        );
    }
}
