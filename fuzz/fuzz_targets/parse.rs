//! The notation parser must never panic, and whatever it accepts must format and
//! read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pairi::notation::{
    format_hand, format_pais, parse_hand, parse_hand_with, parse_tile, parse_tiles,
    parse_tiles_with, Dialect, Format,
};

const FORMATS: [Format; 5] = [
    Format::Mpsz,
    Format::Unicode,
    Format::Mjai,
    Format::Mcr,
    Format::Libsaki,
];

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    for dialect in [Dialect::Standard, Dialect::Mcr] {
        if let Ok(hand) = parse_hand_with(input, dialect) {
            for f in FORMATS {
                let text = format_hand(&hand, f);
                assert!(parse_hand(&text).is_ok(), "{input:?} -> {text:?}");
            }
        }
        if let Ok(tiles) = parse_tiles_with(input, dialect) {
            for f in FORMATS {
                let text = format_pais(&tiles, f);
                assert!(parse_tiles(&text).is_ok(), "{input:?} -> {text:?}");
            }
        }
    }
    let _ = parse_tile(input);
});
