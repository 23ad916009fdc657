//! Writing tiles and hands: MPSZ (default), Unicode, mjai names, MCR letters, libsaki.

use crate::hand::{Hand, Meld, MeldKind};
use crate::tile::{Pai, Suit, Tile, TileCounts, TileSet};
use core::fmt;

/// An output notation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Format {
    /// Tenhou MPSZ: `123m406p11z` (red fives as `0`).
    #[default]
    Mpsz,
    /// Unicode Mahjong Tiles: `🀇🀈🀉` (red fives are written as fives).
    Unicode,
    /// mjai names, space separated: `1m 5mr E P`.
    Mjai,
    /// The MCR helper: digits with `m p s`, honours as `E S W N C F P` (no red fives).
    Mcr,
    /// libsaki: honours as `1f..4f` and `1y..3y`.
    Libsaki,
}

const UNICODE_HONORS: [char; 7] = ['🀀', '🀁', '🀂', '🀃', '🀆', '🀅', '🀄'];
const LETTERS: [char; 7] = ['E', 'S', 'W', 'N', 'P', 'F', 'C'];

/// The Unicode character of a kind.
#[must_use]
pub fn unicode_char(t: Tile) -> char {
    let base = match t.suit() {
        Suit::Man => 0x1F007,
        Suit::Pin => 0x1F019,
        Suit::Sou => 0x1F010,
        Suit::Honor => return UNICODE_HONORS[usize::from(t.number() - 1)],
    };
    char::from_u32(base + u32::from(t.number()) - 1).unwrap_or('?')
}

/// One tile alone (`5m`, `0p`, `E`, `🀄`, `5sr`, `2y`).
#[must_use]
pub fn format_pai(p: Pai, f: Format) -> String {
    format_pais(&[p], f)
}

/// Tiles in the order given; consecutive tiles of one suit share their letter
/// (`123m`), except in mjai (space separated names) and Unicode.
#[must_use]
pub fn format_pais(tiles: &[Pai], f: Format) -> String {
    let mut out = String::new();
    let mut run: Option<char> = None;
    for (i, &p) in tiles.iter().enumerate() {
        let t = p.tile();
        match f {
            Format::Unicode => out.push(unicode_char(t)),
            Format::Mjai => {
                if i > 0 {
                    out.push(' ');
                }
                if t.is_honor() {
                    out.push(LETTERS[usize::from(t.number() - 1)]);
                } else {
                    out.push(char::from(b'0' + t.number()));
                    out.push(t.suit().letter());
                    if p.is_red() {
                        out.push('r');
                    }
                }
            }
            Format::Mcr if t.is_honor() => {
                if let Some(s) = run.take() {
                    out.push(s);
                }
                out.push(LETTERS[usize::from(t.number() - 1)]);
            }
            _ => {
                let (digit, letter) = match (f, t.suit()) {
                    (Format::Libsaki, Suit::Honor) if t.number() <= 4 => (t.number(), 'f'),
                    (Format::Libsaki, Suit::Honor) => (t.number() - 4, 'y'),
                    (Format::Mcr, _) => (t.number(), t.suit().letter()),
                    _ => (if p.is_red() { 0 } else { t.number() }, t.suit().letter()),
                };
                if let Some(s) = run {
                    if s != letter {
                        out.push(s);
                    }
                }
                out.push(char::from(b'0' + digit));
                run = Some(letter);
            }
        }
    }
    if let Some(s) = run {
        out.push(s);
    }
    out
}

/// A meld in brackets with its claim number: `[567m,2]`, `[999s,3]`, `[4444z]`,
/// `[8888p,5]` (an added kong from the left).
#[must_use]
pub fn format_meld(m: &Meld, f: Format) -> String {
    let pais: Vec<Pai> = m.pais().collect();
    let mut s = String::from("[");
    s.push_str(&format_pais(&pais, f));
    let claim = match m.kind() {
        MeldKind::Chi => m.claimed_index().map(|i| i + 1),
        MeldKind::ClosedKan => None,
        MeldKind::Pon | MeldKind::OpenKan => m.source().map(|s| s as u8),
        MeldKind::AddedKan => m.source().map(|s| s as u8 + 4),
    };
    if let Some(n) = claim {
        s.push(',');
        s.push(char::from(b'0' + n));
    }
    s.push(']');
    s
}

/// A hand, normalised: concealed tiles sorted, then the melds in the order declared.
#[must_use]
pub fn format_hand(h: &Hand, f: Format) -> String {
    let mut s = format_pais(&h.concealed_pais(), f);
    for m in h.melds() {
        if f == Format::Mjai && !s.is_empty() {
            s.push(' ');
        }
        s.push_str(&format_meld(m, f));
    }
    s
}

/// Tile counts, sorted, in MPSZ.
#[must_use]
pub fn format_counts(c: &TileCounts) -> String {
    let pais: Vec<Pai> = c.tiles().map(Tile::black).collect();
    format_pais(&pais, Format::Mpsz)
}

/// A set of kinds, sorted, in MPSZ (`147m258p`).
#[must_use]
pub fn format_set(s: TileSet) -> String {
    let pais: Vec<Pai> = s.iter().map(Tile::black).collect();
    format_pais(&pais, Format::Mpsz)
}

impl fmt::Display for Hand {
    /// The hand normalised in MPSZ ([`format_hand`] with [`Format::Mpsz`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_hand(self, Format::Mpsz))
    }
}
