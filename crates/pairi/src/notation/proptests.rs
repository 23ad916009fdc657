//! Property tests of the notation: formatting a valid hand and parsing it back gives the
//! same hand, and no input string makes the parser panic.

use super::*;
use crate::hand::{Hand, Meld, MeldKind, Source};
use crate::tile::{Pai, Tile, TileCounts};
use proptest::prelude::*;

/// A meld as drawn by the strategy, before copy limits are applied.
#[derive(Clone, Debug)]
struct MeldDraw {
    kind: MeldKind,
    tile: u8,
    /// Claim position of a chi (0..3) or source seat (1..=3) of a set; `None` = not written.
    claim: Option<u8>,
    red: bool,
}

fn meld_draw() -> impl Strategy<Value = MeldDraw> {
    (
        prop_oneof![
            Just(MeldKind::Chi),
            Just(MeldKind::Pon),
            Just(MeldKind::OpenKan),
            Just(MeldKind::ClosedKan),
            Just(MeldKind::AddedKan),
        ],
        0u8..34,
        proptest::option::of(0u8..3),
        any::<bool>(),
    )
        .prop_map(|(kind, tile, claim, red)| MeldDraw {
            kind,
            tile,
            claim,
            red,
        })
}

/// Builds a legal meld from a draw, or `None` when the draw cannot be one (an honour
/// chi, a chi starting above 7).
fn build_meld(d: &MeldDraw) -> Option<Meld> {
    let tile = Tile::new(d.tile)?;
    let has_five = |first: Tile, len: u8| {
        !first.is_honor() && (first.number()..first.number() + len).contains(&5)
    };
    match d.kind {
        MeldKind::Chi => {
            if tile.is_honor() || tile.number() > 7 {
                return None;
            }
            let red = u8::from(d.red && has_five(tile, 3));
            Meld::chi(tile, d.claim, red).ok()
        }
        kind => {
            // Pon, open and added kongs always carry a source once written (no number
            // reads as the left player); a concealed kong never has one.
            let source = Source::from_number(d.claim.unwrap_or(0) + 1);
            let red = u8::from(d.red && has_five(tile, 1));
            Meld::set(kind, tile, source, red).ok()
        }
    }
}

/// A hand as `format` writes it back: 0-4 legal melds, concealed tiles in sorted order
/// (so the last tile is the last sorted one), at most 4 copies of a kind, at most one
/// red five per suit.
fn valid_hand() -> impl Strategy<Value = Hand> {
    (
        proptest::collection::vec(meld_draw(), 0..=4),
        proptest::collection::vec((0u8..34, any::<bool>()), 0..=14),
    )
        .prop_map(|(meld_draws, tiles)| {
            let mut counts = TileCounts::new();
            let mut red_used = [false; 3];
            let mut melds = Vec::new();
            for d in &meld_draws {
                let Some(mut m) = build_meld(d) else { continue };
                // Skip a meld for which not enough copies are left.
                let mut c = counts;
                if m.tiles().any(|t| {
                    c.add(t);
                    c.get(t) > 4
                }) {
                    continue;
                }
                if m.red() > 0 {
                    let suit = m.first().suit() as usize;
                    if red_used[suit] {
                        m = strip_red(&m);
                    } else {
                        red_used[suit] = true;
                    }
                }
                counts = c;
                melds.push(m);
            }
            let mut pais = Vec::new();
            for (i, red) in tiles {
                let t = Tile::new_unchecked(i);
                if counts.get(t) >= 4 {
                    continue;
                }
                counts.add(t);
                let pai = match t.red() {
                    Some(r) if red && !red_used[t.suit() as usize] => {
                        red_used[t.suit() as usize] = true;
                        r
                    }
                    _ => t.black(),
                };
                pais.push(pai);
            }
            let mut h = Hand::from_parts(&pais, melds).expect("at most 4 of a kind");
            h.set_last(h.concealed_pais().last().copied());
            h
        })
}

fn strip_red(m: &Meld) -> Meld {
    match m.kind() {
        MeldKind::Chi => Meld::chi(m.first(), m.claimed_index(), 0),
        kind => Meld::set(kind, m.first(), m.source(), 0),
    }
    .unwrap_or(*m)
}

/// What survives a notation without red fives: kinds, melds without their red marks.
fn without_red(h: &Hand) -> (TileCounts, Vec<Meld>) {
    (*h.concealed(), h.melds().iter().map(strip_red).collect())
}

/// Text that looks like notation often enough to reach deep into the parser.
fn notation_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => proptest::sample::select(vec![
            "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "m", "p", "s", "z", "f", "y", "r",
            "E", "S", "W", "N", "P", "F", "C", "[", "]", ",", " ", "\t", "🀄", "🀇", "🀀",
            "🀡", "🀢", "\u{FE0F}", "\u{FE0E}", "é", "x", "-", "\u{0}",
        ])
        .prop_map(str::to_owned),
        1 => any::<char>().prop_map(String::from),
    ];
    proptest::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

/// Runs every parse entry point on `s`; on success, formats the result in every
/// notation and checks it reads back.
fn parse_everything(s: &str) {
    for dialect in [Dialect::Standard, Dialect::Mcr] {
        if let Ok(h) = parse_hand_with(s, dialect) {
            for f in FORMATS {
                let text = format_hand(&h, f);
                let back = parse_hand(&text);
                assert!(back.is_ok(), "{s:?} -> {text:?}: {back:?}");
            }
        }
        if let Ok(h) = parse_hand_unchecked_with(s, dialect) {
            let _ = format_hand(&h, Format::Mpsz);
        }
        if let Ok(tiles) = parse_tiles_with(s, dialect) {
            for f in FORMATS {
                let text = format_pais(&tiles, f);
                assert!(parse_tiles(&text).is_ok(), "{s:?} -> {text:?}");
            }
        }
    }
    let _ = parse_tile(s);
    let _ = parse_hand(s).map_err(|e| e.to_string());
}

const FORMATS: [Format; 5] = [
    Format::Mpsz,
    Format::Unicode,
    Format::Mjai,
    Format::Mcr,
    Format::Libsaki,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn format_parse_ok_roundtrip_keeps_red(h in valid_hand()) {
        prop_assert!(h.validate(&crate::wall::Wall::default()).is_ok());
        for f in [Format::Mpsz, Format::Mjai, Format::Libsaki] {
            let text = format_hand(&h, f);
            let back = parse_hand(&text);
            prop_assert_eq!(back.as_ref().ok(), Some(&h), "{:?}: {}", f, text);
        }
    }

    #[test]
    fn format_parse_ok_roundtrip_without_red(h in valid_hand()) {
        for f in [Format::Unicode, Format::Mcr] {
            let text = format_hand(&h, f);
            for dialect in [Dialect::Standard, Dialect::Mcr] {
                let back = parse_hand_with(&text, dialect);
                prop_assert!(back.is_ok(), "{:?}: {} {:?}", f, text, back);
                let back = back.unwrap();
                prop_assert_eq!(without_red(&back), without_red(&h), "{:?}: {}", f, text);
                prop_assert_eq!(back.concealed_red(), [0, 0, 0]);
            }
        }
    }

    #[test]
    fn format_pais_ok_roundtrip_in_order(tiles in proptest::collection::vec((0u8..34, any::<bool>()), 0..20)) {
        let pais: Vec<Pai> = tiles
            .iter()
            .map(|&(i, red)| {
                let t = Tile::new_unchecked(i);
                if red { t.red().unwrap_or(t.black()) } else { t.black() }
            })
            .collect();
        for f in [Format::Mpsz, Format::Mjai, Format::Libsaki] {
            let text = format_pais(&pais, f);
            prop_assert_eq!(parse_tiles(&text).ok(), Some(pais.clone()), "{:?}: {}", f, text);
        }
        for f in [Format::Unicode, Format::Mcr] {
            let text = format_pais(&pais, f);
            let kinds: Vec<Tile> = pais.iter().map(|p| p.tile()).collect();
            let back: Option<Vec<Tile>> =
                parse_tiles(&text).ok().map(|v| v.iter().map(|p| p.tile()).collect());
            prop_assert_eq!(back, Some(kinds), "{:?}: {}", f, text);
        }
    }

    #[test]
    fn parse_ok_never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        parse_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn parse_ok_never_panics_on_unicode(s in any::<String>()) {
        parse_everything(&s);
    }

    #[test]
    fn parse_ok_never_panics_on_notation_like(s in notation_like()) {
        parse_everything(&s);
    }

    /// The plain-MPSZ reader reads what the reader of every notation reads, and leaves
    /// every other input (a fifth copy, a digit with no suit, `5mr`, spaces, letters) to
    /// it: on text made of MPSZ pieces, on notation-like text, on hands written out.
    #[test]
    fn plain_mpsz_ok_reads_as_every_notation(
        s in prop_oneof![
            proptest::collection::vec(
                proptest::sample::select(vec![
                    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "m", "p", "s", "z",
                    "1m", "5p", "0s", "7z", "8z", "r", " ", "[",
                ]),
                0..30,
            )
            .prop_map(|v| v.concat()),
            notation_like(),
            valid_hand().prop_map(|h| format_hand(&h, Format::Mpsz)),
        ],
    ) {
        for dialect in [Dialect::Standard, Dialect::Mcr] {
            if let Some(h) = parse::plain_mpsz(&s, dialect) {
                prop_assert_eq!(Ok(h), parse::parse_any(&s, dialect), "{:?}", s);
            }
            // Tiles: the same answer, error included, whichever reader read it.
            let any = parse::parse_tiles_any(&s, dialect);
            prop_assert_eq!(parse_tiles_with(&s, dialect), any.clone(), "{:?}", s);
            let mut each = Vec::new();
            let read = parse::parse_tiles_each(&s, dialect, |p| each.push(p)).map(|()| each);
            prop_assert_eq!(read, any, "{:?}", s);
        }
    }
}

#[test]
fn plain_mpsz_ok_takes_plain_text_only() {
    let h = parse::plain_mpsz("234m406p78999s777z", Dialect::Standard);
    assert_eq!(
        h,
        parse::parse_any("234m406p78999s777z", Dialect::Standard).ok()
    );
    assert!(h.is_some());
    for other in ["", "1m ", "5mr", "11111m", "[777z]", "1x", "9z", "12"] {
        let h = parse::plain_mpsz(other, Dialect::Standard);
        assert!(h.is_none() || other.is_empty(), "{other:?}");
    }
}

#[test]
fn one_tile_reads_as_every_notation() {
    // Each digit before each suit letter (and before letters that are no suit): the
    // one-tile path of `parse_tiles_each` answers as the reader of every notation.
    for d in b'0'..=b'9' {
        for letter in [b'm', b'p', b's', b'z', b'f', b'j', b'x'] {
            let s = String::from_utf8(vec![d, letter]).unwrap();
            for dialect in [Dialect::Standard, Dialect::Mcr] {
                let mut each = Vec::new();
                let read = parse::parse_tiles_each(&s, dialect, |p| each.push(p)).map(|()| each);
                assert_eq!(read, parse::parse_tiles_any(&s, dialect), "{s:?}");
            }
        }
    }
}
