//! The notation parser must never panic, and whatever it accepts must format in every
//! notation and read back to the same hand: exactly in the notations that keep red fives
//! (MPSZ, mjai, libsaki), the same tiles and melds in those that do not (Unicode, MCR
//! letters).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pairi::notation::{
    format_hand, format_pais, parse_hand, parse_hand_with, parse_tile, parse_tiles,
    parse_tiles_with, Dialect, Format,
};
use pairi::Hand;

/// The notations that write red fives, and those that write them as fives.
const LOSSLESS: [Format; 3] = [Format::Mpsz, Format::Mjai, Format::Libsaki];
const LOSSY: [Format; 2] = [Format::Unicode, Format::Mcr];

/// The hand as the canonical MPSZ text says it (the last tile written aside).
fn canonical(h: &Hand) -> String {
    format_hand(h, Format::Mpsz)
}

/// The hand's tiles, red fives read as fives, and its meld kinds.
fn without_red(h: &Hand) -> (pairi::TileCounts, Vec<pairi::MeldKind>) {
    (h.all_counts(), h.melds().iter().map(|m| m.kind()).collect())
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    for dialect in [Dialect::Standard, Dialect::Mcr] {
        if let Ok(hand) = parse_hand_with(input, dialect) {
            for f in LOSSLESS {
                let text = format_hand(&hand, f);
                let back =
                    parse_hand(&text).unwrap_or_else(|e| panic!("{input:?} -> {text:?}: {e}"));
                assert_eq!(canonical(&back), canonical(&hand), "{input:?} -> {text:?}");
            }
            for f in LOSSY {
                let text = format_hand(&hand, f);
                let back = parse_hand_with(&text, Dialect::Standard)
                    .unwrap_or_else(|e| panic!("{input:?} -> {text:?}: {e}"));
                assert_eq!(
                    without_red(&back),
                    without_red(&hand),
                    "{input:?} -> {text:?}"
                );
            }
        }
        if let Ok(tiles) = parse_tiles_with(input, dialect) {
            for f in LOSSLESS {
                let text = format_pais(&tiles, f);
                assert_eq!(
                    parse_tiles(&text).as_ref().ok(),
                    Some(&tiles),
                    "{input:?} -> {text:?}"
                );
            }
        }
    }
    let _ = parse_tile(input);
    let _ = pairi::notation::parse_wind(input);
});
