//! Arbitrary bytes as a game record in each format, and as a record to review: never a
//! panic. A text that reads as a record is also checked, reviewed and written back in
//! every format (the writers directly, and through a conversion); a record converted to
//! Tenhou's XML log reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pairi::record::{self, check, review, Format};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for format in [Format::Tenhou6, Format::Mjai, Format::Mjlog] {
        let Ok(game) = record::read(text, Some(format)) else {
            continue;
        };
        let rules = check::rules_of(&game);
        let _ = check::check(&game, &rules);
        let _ = review::review(&game, &rules, &review::Selection::default());
        let _ = record::tenhou6::write(&game);
        let _ = record::mjai::write(&game);
        let _ = record::mjlog::write(&game);
        for to in [Format::Tenhou6, Format::Mjai] {
            let _ = record::convert(&game, to);
        }
        if let Ok(xml) = record::convert(&game, Format::Mjlog) {
            assert!(record::mjlog::read(&xml).is_ok(), "{xml}");
        }
    }
});
