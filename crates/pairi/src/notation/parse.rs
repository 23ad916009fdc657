//! One parser for every notation of `docs/notation.md`: MPSZ with red `0`, libsaki
//! `1f..4f`/`1y..3y`, the letters `E S W N P F C`, mjai red fives `5mr`, Unicode tiles,
//! and bracket melds with claim numbers, mixed freely in one string.

use crate::error::ErrorKind;
use crate::hand::{Hand, HandError, Meld, MeldKind, Source};
use crate::tile::{Pai, Suit, Tile, TileCounts, Wind};
use crate::util::FixedList;
use crate::wall::{Wall, MAX_COPIES};

/// Which meaning `z` digits have.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Dialect {
    /// Tenhou order: `5z` White, `6z` Green, `7z` Red.
    #[default]
    Standard,
    /// The MCR helper's Chinese order: `5z` Red, `6z` Green, `7z` White.
    Mcr,
}

/// A string that is not valid notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at column {column}: found {found}, expected {expected}")]
pub struct ParseError {
    /// Byte offset of the problem in the input.
    pub offset: usize,
    /// The same place as a 1-based character column (what a person counts, and where a
    /// caret goes under the input).
    pub column: usize,
    /// What was found there: a quoted character, `end of input`, or `the meld [..]`.
    pub found: String,
    /// What would have been valid there.
    pub expected: &'static str,
}

/// Why a hand could not be read: bad notation, or tiles no game allows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// Notation that cannot be read (`parse`).
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// Tiles that break the rules of the game: a fifth copy, too many red fives, a
    /// meld that cannot hold its red fives (`invalid_hand`).
    #[error(transparent)]
    Hand(#[from] HandError),
}

impl NotationError {
    /// The JSON error kind: [`ErrorKind::Parse`] or [`ErrorKind::InvalidHand`].
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        match self {
            NotationError::Parse(e) => e.kind(),
            NotationError::Hand(e) => e.kind(),
        }
    }
}

impl ParseError {
    /// The JSON error kind: always [`ErrorKind::Parse`].
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        ErrorKind::Parse
    }

    fn at(input: &str, offset: usize, expected: &'static str) -> ParseError {
        let found = match input[offset..].chars().next() {
            Some(c) => format!("{c:?}"),
            None => "end of input".to_owned(),
        };
        ParseError {
            offset,
            column: column(input, offset),
            found,
            expected,
        }
    }
}

/// The 1-based character column of byte `offset` of `input`.
fn column(input: &str, offset: usize) -> usize {
    input.get(..offset).map_or(offset, |s| s.chars().count()) + 1
}

/// A tile or meld as read, before it is placed in a hand.
enum Item {
    Tile(Pai),
    Meld(Meld),
}

struct Parser<'a> {
    input: &'a str,
    pos: usize,
    dialect: Dialect,
}

const EXPECT_ITEM: &str =
    "a tile (digits and m/p/s/z/f/y, E S W N P F C, or a Unicode tile) or '['";

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<char> {
        self.input[self.pos..].chars().next()
    }

    fn skip_whitespace(&mut self) {
        while let Some(c) = self.peek().filter(|c| c.is_whitespace()) {
            self.pos += c.len_utf8();
        }
    }

    fn err(&self, offset: usize, expected: &'static str) -> ParseError {
        ParseError::at(self.input, offset, expected)
    }

    /// Reads tiles until the end or a `]`, `,` (inside a meld); pushes them to `out`.
    /// Returns the trailing digits with no suit letter (the comma-less claim number of
    /// `[567m2]`) when `in_meld` is set.
    fn tiles(
        &mut self,
        out: &mut Vec<Pai>,
        in_meld: bool,
    ) -> Result<Option<(usize, Vec<u8>)>, ParseError> {
        let mut digits: Vec<u8> = Vec::new();
        let mut digits_at = 0;
        // Whether the previous character was a Unicode tile (a presentation selector may follow).
        let mut after_unicode = false;
        while let Some(c) = self.peek() {
            let at = self.pos;
            let was_after_unicode = core::mem::take(&mut after_unicode);
            match c {
                '0'..='9' => {
                    if digits.is_empty() {
                        digits_at = at;
                    }
                    digits.push(c as u8 - b'0');
                    self.pos += 1;
                }
                'm' | 'p' | 's' | 'z' | 'f' | 'y' => {
                    if digits.is_empty() {
                        return Err(self.err(at, "digits before a suit letter"));
                    }
                    self.pos += 1;
                    let mjai_red = matches!(c, 'm' | 'p' | 's') && self.peek() == Some('r');
                    if mjai_red {
                        if digits != [5] {
                            return Err(self
                                .err(self.pos, "'r' only after a single 5 (mjai red five: 5mr)"));
                        }
                        self.pos += 1;
                        digits[0] = 0;
                    }
                    for (i, &d) in digits.iter().enumerate() {
                        out.push(
                            self.suited(c, d)
                                .ok_or_else(|| self.err(digits_at + i, expect_digit(c)))?,
                        );
                    }
                    digits.clear();
                }
                'E' | 'S' | 'W' | 'N' | 'P' | 'F' | 'C' => {
                    if !digits.is_empty() {
                        return Err(self.err(at, "a suit letter after the digits"));
                    }
                    self.pos += 1;
                    out.push(letter(c).black());
                }
                ']' | ',' if in_meld => break,
                c if c.is_whitespace() => {
                    if !digits.is_empty() {
                        return Err(self.err(at, "a suit letter after the digits"));
                    }
                    self.pos += c.len_utf8();
                }
                '\u{FE0E}' | '\u{FE0F}' if was_after_unicode => {
                    // Text/emoji presentation selectors after a Unicode tile (🀄️).
                    self.pos += c.len_utf8();
                }
                c => {
                    if let Some(t) = unicode(c) {
                        if !digits.is_empty() {
                            return Err(self.err(at, "a suit letter after the digits"));
                        }
                        self.pos += c.len_utf8();
                        out.push(t.black());
                        after_unicode = true;
                    } else if c == '[' && !in_meld {
                        break;
                    } else if !digits.is_empty() {
                        return Err(self.err(at, "a suit letter after the digits"));
                    } else {
                        return Err(self.err(
                            at,
                            if in_meld {
                                "a tile, ',' or ']'"
                            } else {
                                EXPECT_ITEM
                            },
                        ));
                    }
                }
            }
        }
        if digits.is_empty() {
            Ok(None)
        } else if in_meld {
            Ok(Some((digits_at, digits)))
        } else {
            Err(self.err(self.pos, "a suit letter after the digits"))
        }
    }

    fn suited(&self, suit: char, d: u8) -> Option<Pai> {
        suited(self.dialect, suit, d)
    }

    /// Reads a meld after its `[`.
    fn meld(&mut self, open_at: usize) -> Result<Meld, NotationError> {
        let mut tiles = Vec::with_capacity(4);
        let trailing = self.tiles(&mut tiles, true)?;
        let mut claim: Option<(usize, u8)> = None;
        if let Some((at, digits)) = trailing {
            if digits.len() != 1 {
                return Err(self
                    .err(at + 1, "a suit letter, or one claim digit before ']'")
                    .into());
            }
            claim = Some((at, digits[0]));
        }
        if self.peek() == Some(',') {
            if claim.is_some() {
                return Err(self.err(self.pos, "']'").into());
            }
            self.pos += 1;
            self.skip_whitespace();
            let at = self.pos;
            match self.peek() {
                Some(c @ '0'..='9') => {
                    self.pos += 1;
                    claim = Some((at, c as u8 - b'0'));
                }
                _ => return Err(self.err(at, "a claim number 1-3 or 5-7").into()),
            }
        }
        self.skip_whitespace();
        if self.peek() != Some(']') {
            return Err(self.err(self.pos, "']' closing the meld").into());
        }
        self.pos += 1;
        build_meld(self.input, open_at..self.pos, &tiles, claim)
    }

    fn items(&mut self) -> Result<Vec<Item>, NotationError> {
        let mut items = Vec::new();
        loop {
            let mut tiles = Vec::new();
            self.tiles(&mut tiles, false)?;
            items.extend(tiles.into_iter().map(Item::Tile));
            match self.peek() {
                None => return Ok(items),
                Some('[') => {
                    let at = self.pos;
                    self.pos += 1;
                    items.push(Item::Meld(self.meld(at)?));
                }
                Some(_) => return Err(self.err(self.pos, EXPECT_ITEM).into()),
            }
        }
    }
}

/// The tile of digit `d` before the suit letter `suit` (`m p s z f y`).
#[inline]
fn suited(dialect: Dialect, suit: char, d: u8) -> Option<Pai> {
    match suit {
        'm' | 'p' | 's' => {
            let s = match suit {
                'm' => Suit::Man,
                'p' => Suit::Pin,
                _ => Suit::Sou,
            };
            if d == 0 {
                Tile::from_suit_number(s, 5).and_then(Tile::red)
            } else {
                Tile::from_suit_number(s, d).map(Tile::black)
            }
        }
        'z' => {
            let n = match (dialect, d) {
                (Dialect::Mcr, 5) => 7,
                (Dialect::Mcr, 7) => 5,
                _ => d,
            };
            Tile::from_suit_number(Suit::Honor, n).map(Tile::black)
        }
        'f' => (1..=4)
            .contains(&d)
            .then(|| Tile::new_unchecked(26 + d).black()),
        _ => (1..=3)
            .contains(&d)
            .then(|| Tile::new_unchecked(30 + d).black()),
    }
}

fn expect_digit(suit: char) -> &'static str {
    match suit {
        'z' => "a digit 1-7 before 'z'",
        'f' => "a digit 1-4 before 'f'",
        'y' => "a digit 1-3 before 'y'",
        _ => "a digit 0-9 before a suit letter (0 = red five)",
    }
}

fn letter(c: char) -> Tile {
    match c {
        'E' => Tile::EAST,
        'S' => Tile::SOUTH,
        'W' => Tile::WEST,
        'N' => Tile::NORTH,
        'P' => Tile::WHITE,
        'F' => Tile::GREEN,
        _ => Tile::RED,
    }
}

/// The kind of a Unicode Mahjong Tiles character (U+1F000..U+1F021), if it is one of
/// the 34 kinds (flowers, seasons and the joker are not).
pub(crate) fn unicode(c: char) -> Option<Tile> {
    let u = c as u32;
    let i = match u {
        0x1F000..=0x1F003 => 27 + (u - 0x1F000),
        0x1F004 => 33,
        0x1F005 => 32,
        0x1F006 => 31,
        0x1F007..=0x1F00F => u - 0x1F007,
        0x1F010..=0x1F018 => 18 + (u - 0x1F010),
        0x1F019..=0x1F021 => 9 + (u - 0x1F019),
        _ => return None,
    };
    Tile::new(u8::try_from(i).ok()?)
}

/// Builds the meld written at `span` (brackets included) from its tiles and claim
/// number. A bracket that holds no meld shape is a parse error at its `[`; the kind
/// comes from the shape and the claim number, the meld itself from [`Meld::from_tiles`].
fn build_meld(
    input: &str,
    span: core::ops::Range<usize>,
    tiles: &[Pai],
    claim: Option<(usize, u8)>,
) -> Result<Meld, NotationError> {
    let mut kinds: Vec<Tile> = tiles.iter().map(|p| p.tile()).collect();
    kinds.sort_unstable();
    let not_a_meld = |expected| ParseError {
        offset: span.start,
        column: column(input, span.start),
        found: format!("the meld {}", &input[span.clone()]),
        expected,
    };
    let claim_err = |at: usize, what| ParseError::at(input, at, what);
    let all_same = kinds.windows(2).all(|w| w[0] == w[1]);
    let (kind, claimed, source) = match (kinds.len(), all_same) {
        (0..=2, _) | (5.., _) => return Err(not_a_meld("a meld of 3 or 4 tiles").into()),
        (3, true) => {
            let source = match claim {
                None => Source::Left,
                Some((at, n)) => Source::from_number(n)
                    .ok_or_else(|| claim_err(at, "a source seat 1-3 for a pung"))?,
            };
            (MeldKind::Pon, None, Some(source))
        }
        (3, false) => {
            let run =
                kinds[0].succ_by(1) == Some(kinds[1]) && kinds[0].succ_by(2) == Some(kinds[2]);
            if !run {
                return Err(
                    not_a_meld("three of a kind, or a run of three of one numbered suit").into(),
                );
            }
            let claimed = match claim {
                None => None,
                Some((_, n @ 1..=3)) => Some(kinds[usize::from(n - 1)]),
                Some((at, _)) => {
                    return Err(claim_err(at, "the claimed tile's position 1-3 for a chow").into())
                }
            };
            (MeldKind::Chi, claimed, None)
        }
        (4, true) => match claim {
            None => (MeldKind::ClosedKan, None, None),
            Some((_, n @ 1..=3)) => (MeldKind::OpenKan, None, Source::from_number(n)),
            Some((_, n @ 5..=7)) => (MeldKind::AddedKan, None, Source::from_number(n - 4)),
            Some((at, _)) => {
                return Err(
                    claim_err(at, "a claim number 1-3 (open kong) or 5-7 (added kong)").into(),
                )
            }
        },
        (4, false) => return Err(not_a_meld("four of a kind").into()),
    };
    Ok(Meld::from_tiles(kind, tiles, claimed, source)?)
}

fn parse_items(input: &str, dialect: Dialect) -> Result<Vec<Item>, NotationError> {
    Parser {
        input,
        pos: 0,
        dialect,
    }
    .items()
}

/// Parses a hand in any notation, Tenhou order for `z`, and validates copies (at most
/// 4 of a kind), red fives (at most one per suit) and meld shapes; not the tile count
/// (see [`Hand::validate_full`]).
///
/// ```
/// let h = pairi::notation::parse_hand("[123p,1][345s,2][999s,3]6m6pEW1m").unwrap();
/// assert_eq!(h.melds().len(), 3);
/// assert_eq!(h.to_string(), "16m6p13z[123p,1][345s,2][999s,3]");
/// ```
///
/// # Errors
///
/// [`NotationError::Parse`] for bad notation, [`NotationError::Hand`] for tiles that
/// break the four-player wall's limits.
pub fn parse_hand(input: &str) -> Result<Hand, NotationError> {
    parse_hand_with(input, Dialect::Standard)
}

/// [`parse_hand`] in a chosen dialect.
///
/// # Errors
///
/// As [`parse_hand`].
pub fn parse_hand_with(input: &str, dialect: Dialect) -> Result<Hand, NotationError> {
    let h = parse_hand_unchecked_with(input, dialect)?;
    h.validate(&Wall::default())?;
    Ok(h)
}

/// Parses a hand without checking it against a wall (meld shapes are checked, and no
/// kind is held concealed more than four times): for callers that check it against
/// their own rules.
///
/// # Errors
///
/// As [`parse_hand`].
pub fn parse_hand_unchecked(input: &str) -> Result<Hand, NotationError> {
    parse_hand_unchecked_with(input, Dialect::Standard)
}

/// [`parse_hand_unchecked`] in a chosen dialect.
///
/// # Errors
///
/// As [`parse_hand`].
pub fn parse_hand_unchecked_with(input: &str, dialect: Dialect) -> Result<Hand, NotationError> {
    match plain_mpsz(input, dialect) {
        Some(h) => Ok(h),
        None => parse_any(input, dialect),
    }
}

/// Plain MPSZ (`234m406p78999s777z`: groups of digits, each followed by `m`, `p`, `s` or
/// `z`, nothing else), read straight into a hand: the common case of hands sent by
/// programs, without the allocations of the reader of every notation. `None` for any
/// other input, and for input that reader refuses (it then says why); otherwise the
/// hand that reader reads (`proptests::plain_mpsz_ok_reads_as_every_notation`).
pub(super) fn plain_mpsz(input: &str, dialect: Dialect) -> Option<Hand> {
    // One pass from the end: a digit's suit is the letter that closes its group, met
    // first, and each digit's place in the counts is read from that letter's row of
    // [`PLAIN_PLACES`]. The counts and red fives do not depend on the order of adding;
    // the last tile is the digit before the final letter. At most [`PLAIN_MAX_LEN`]
    // bytes, so that no count can wrap before the fifth copies are looked for at the end.
    let bytes = input.as_bytes();
    let &[.., d, letter] = bytes else {
        return None;
    };
    if bytes.len() > PLAIN_MAX_LEN {
        return None;
    }
    let rows = match dialect {
        Dialect::Mcr => &PLAIN_PLACES_MCR,
        _ => &PLAIN_PLACES,
    };
    let last = {
        let at = *rows
            .get(plain_suit(letter)?)?
            .get(usize::from(d.wrapping_sub(b'0')))?;
        Pai::new(Tile::new(at)?, d == b'0')?
    };
    let mut counts = [0u8; 34];
    let mut red = [0u8; 3];
    // The places of the group being read: none before the first letter.
    let mut row: &[u8] = &[];
    let mut suit = 0;
    // A letter read and no digit since: the group it closes is still empty.
    let mut open = false;
    for &b in bytes.iter().rev() {
        let digit = b.wrapping_sub(b'0');
        if let Some(&at) = row.get(usize::from(digit)) {
            *counts.get_mut(usize::from(at))? += 1;
            if digit == 0 {
                *red.get_mut(suit)? += 1;
            }
            open = false;
        } else if digit <= 9 || open {
            // A digit its suit has no tile for (`0z`, `8z`) or with no letter after it,
            // or a letter closing an empty group.
            return None;
        } else {
            suit = plain_suit(b)?;
            row = rows.get(suit)?;
            open = true;
        }
    }
    if open || counts.iter().any(|&c| c > MAX_COPIES) {
        return None;
    }
    Some(Hand::from_checked(
        TileCounts::from_array(counts),
        red,
        Some(last),
    ))
}

/// The longest text [`plain_mpsz`] reads (longer text is left to the reader of every
/// notation): far more than any hand, few enough that no count of a kind can wrap.
const PLAIN_MAX_LEN: usize = 128;

/// The row of [`PLAIN_PLACES`] of a suit letter (`m`, `p`, `s`, `z`).
#[inline]
fn plain_suit(letter: u8) -> Option<usize> {
    match letter {
        b'm' => Some(0),
        b'p' => Some(1),
        b's' => Some(2),
        b'z' => Some(3),
        _ => None,
    }
}

/// Per suit (man, pin, sou, honors), each digit's place in the counts, `0` a red five
/// of its suit; a row stops at the last digit its suit has.
const PLAIN_PLACES: [&[u8]; 4] = [
    &[4, 0, 1, 2, 3, 4, 5, 6, 7, 8],
    &[13, 9, 10, 11, 12, 13, 14, 15, 16, 17],
    &[22, 18, 19, 20, 21, 22, 23, 24, 25, 26],
    &[NO_PLACE, 27, 28, 29, 30, 31, 32, 33],
];

/// [`PLAIN_PLACES`] in the MCR dialect, whose `5z` and `7z` are the red and white
/// dragons (Tenhou's `7z` and `5z`).
const PLAIN_PLACES_MCR: [&[u8]; 4] = [
    PLAIN_PLACES[0],
    PLAIN_PLACES[1],
    PLAIN_PLACES[2],
    &[NO_PLACE, 27, 28, 29, 30, 33, 32, 31],
];

/// A digit with no tile in a row that goes on past it (`0z`).
const NO_PLACE: u8 = u8::MAX;

/// Calls `f` with each tile of plain MPSZ text in order; `None` when the text is not
/// plain MPSZ, has a digit no suit allows, or `f` says so.
fn plain_each(input: &str, dialect: Dialect, mut f: impl FnMut(Pai) -> Option<()>) -> Option<()> {
    let bytes = input.as_bytes();
    let mut digits_from = 0;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'0'..=b'9' => {}
            b'm' | b'p' | b's' | b'z' => {
                let digits = &bytes[digits_from..i];
                if digits.is_empty() {
                    return None;
                }
                for &d in digits {
                    f(suited(dialect, char::from(b), d - b'0')?)?;
                }
                digits_from = i + 1;
            }
            _ => return None,
        }
    }
    (digits_from == bytes.len()).then_some(())
}

/// [`parse_hand_unchecked_with`] by the reader of every notation.
pub(super) fn parse_any(input: &str, dialect: Dialect) -> Result<Hand, NotationError> {
    let items = parse_items(input, dialect)?;
    let mut tiles = Vec::new();
    let mut melds = Vec::new();
    for item in items {
        match item {
            Item::Tile(p) => tiles.push(p),
            Item::Meld(m) => melds.push(m),
        }
    }
    Ok(Hand::from_parts(&tiles, melds)?)
}

/// Parses a list of tiles (no melds), in order as written.
pub fn parse_tiles(input: &str) -> Result<Vec<Pai>, ParseError> {
    parse_tiles_with(input, Dialect::Standard)
}

/// [`parse_tiles`] in a chosen dialect.
pub fn parse_tiles_with(input: &str, dialect: Dialect) -> Result<Vec<Pai>, ParseError> {
    let mut out = Vec::new();
    if plain_each(input, dialect, |p| {
        out.push(p);
        Some(())
    })
    .is_some()
    {
        return Ok(out);
    }
    parse_tiles_any(input, dialect)
}

/// Calls `f` with each tile [`parse_tiles_with`] reads, in order: a few tiles of plain
/// MPSZ (an indicator, a winning tile) without allocating, anything else as
/// [`parse_tiles_with`] reads it.
///
/// # Errors
///
/// As [`parse_tiles_with`], before `f` is called.
pub fn parse_tiles_each(
    input: &str,
    dialect: Dialect,
    mut f: impl FnMut(Pai),
) -> Result<(), ParseError> {
    // One tile, a digit and its suit letter: what `plain_each` reads of it, without
    // its list.
    if let &[d @ b'0'..=b'9', letter @ (b'm' | b'p' | b's' | b'z')] = input.as_bytes() {
        if let Some(p) = suited(dialect, char::from(letter), d - b'0') {
            f(p);
            return Ok(());
        }
    }
    let mut few = FixedList::<Pai, 16>::new();
    if plain_each(input, dialect, |p| few.push(p).then_some(())).is_some() {
        few.iter().for_each(|&p| f(p));
        return Ok(());
    }
    parse_tiles_with(input, dialect)?.into_iter().for_each(f);
    Ok(())
}

/// [`parse_tiles_with`] by the reader of every notation.
pub(super) fn parse_tiles_any(input: &str, dialect: Dialect) -> Result<Vec<Pai>, ParseError> {
    let mut p = Parser {
        input,
        pos: 0,
        dialect,
    };
    let mut out = Vec::new();
    p.tiles(&mut out, false)?;
    if p.pos < input.len() {
        return Err(p.err(p.pos, "a tile (melds are not allowed here)"));
    }
    Ok(out)
}

/// Parses exactly one tile (`5m`, `0p`, `E`, `7z`, `🀄`, `5sr`).
pub fn parse_tile(input: &str) -> Result<Pai, ParseError> {
    let tiles = parse_tiles(input)?;
    match tiles.as_slice() {
        [one] => Ok(*one),
        [] => Err(ParseError::at(input, input.len(), "one tile")),
        _ => Err(ParseError {
            offset: 0,
            column: 1,
            found: format!("{} tiles", tiles.len()),
            expected: "one tile",
        }),
    }
}

/// Parses a wind: any one-tile notation of a wind (`E`, `1z`, `🀀`, `1f`), its English
/// name in any case (`east`), or its letter in lower case (`e`).
///
/// # Errors
///
/// [`ParseError`] when the text is not one of those.
pub fn parse_wind(input: &str) -> Result<Wind, ParseError> {
    // The letter alone, the spelling most often sent, first.
    if let [letter] = input.as_bytes() {
        match letter.to_ascii_lowercase() {
            b'e' => return Ok(Wind::East),
            b's' => return Ok(Wind::South),
            b'w' => return Ok(Wind::West),
            b'n' => return Ok(Wind::North),
            _ => {}
        }
    }
    let text = input.trim();
    let by_name = [
        ("e", "east", Wind::East),
        ("s", "south", Wind::South),
        ("w", "west", Wind::West),
        ("n", "north", Wind::North),
    ]
    .into_iter()
    .find(|(letter, name, _)| text.eq_ignore_ascii_case(letter) || text.eq_ignore_ascii_case(name));
    if let Some((_, _, w)) = by_name {
        return Ok(w);
    }
    let not_wind = || ParseError {
        offset: 0,
        column: 1,
        found: format!("{input:?}"),
        expected: "a wind: E S W N, 1z-4z, or east south west north",
    };
    let tile = parse_tile(text).map_err(|_| not_wind())?;
    Wind::from_tile(tile.tile()).ok_or_else(not_wind)
}
