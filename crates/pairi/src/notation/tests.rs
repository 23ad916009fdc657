use super::*;
use crate::t;
use crate::{HandError, MeldKind, NotationError, Source};

fn mpsz(s: &str) -> String {
    parse_hand(s).unwrap().to_string()
}

#[test]
fn parse_ok_spec_examples() {
    for s in [
        "[EEEE][CCCC][FFFF][PPPP]NN",
        "1112345678999s9s",
        "[WWWW,1][444s]45m678pFF6m",
        "[123p,1][345s,2][999s,3]6m6pEW1m",
        "123m406p789s11z",
        "1f1f1f2y2y2y",
    ] {
        parse_hand(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    }
}

#[test]
fn parse_ok_equivalent_spellings() {
    let want = mpsz("111z666z");
    for s in [
        "1f1f1f2y2y2y",
        "EEEFFF",
        "🀀🀀🀀🀅🀅🀅",
        "111f222y",
        "E E E F F F",
        "1z1z1zFFF",
    ] {
        assert_eq!(mpsz(s), want, "{s}");
        assert_eq!(
            parse_hand(s).unwrap(),
            parse_hand("111z666z").unwrap(),
            "{s}"
        );
    }
}

#[test]
fn parse_ok_honor_letters() {
    let h = parse_hand("ESWNPFC").unwrap();
    assert_eq!(h.to_string(), "1234567z");
    assert_eq!(parse_hand("🀆🀅🀄").unwrap().to_string(), "567z");
    assert_eq!(parse_hand("🀄\u{FE0F}").unwrap().to_string(), "7z");
}

#[test]
fn parse_ok_unicode_suits() {
    assert_eq!(mpsz("🀇🀏🀙🀡🀐🀘"), "19m19p19s");
}

#[test]
fn parse_ok_red_fives() {
    let h = parse_hand("406p5mr").unwrap();
    assert_eq!(h.concealed_red(), [1, 1, 0]);
    assert_eq!(h.concealed().get(t!(5p)), 1);
    assert_eq!(h.to_string(), "0m406p");
    assert_eq!(h.last(), t!(5m).red());
}

#[test]
fn parse_ok_mcr_dialect() {
    let h = parse_hand_with("567z", Dialect::Mcr).unwrap();
    assert_eq!(h.to_string(), "567z");
    let h = parse_hand_with("5z", Dialect::Mcr).unwrap();
    assert_eq!(h.to_string(), "7z");
    let h = parse_hand_with("7z", Dialect::Mcr).unwrap();
    assert_eq!(h.to_string(), "5z");
    assert_eq!(parse_hand("5z").unwrap().to_string(), "5z");
}

#[test]
fn parse_ok_melds() {
    let h = parse_hand("[567m,2]").unwrap();
    let m = h.melds()[0];
    assert_eq!(m.kind(), MeldKind::Chi);
    assert_eq!(m.claimed_tile(), Some(t!(6m)));
    assert_eq!(parse_hand("[567m2]").unwrap(), h);
    let h = parse_hand("[999s,3]").unwrap();
    assert_eq!(h.melds()[0].kind(), MeldKind::Pon);
    assert_eq!(h.melds()[0].source(), Some(Source::Right));
    assert_eq!(
        parse_hand("[999s]").unwrap().melds()[0].source(),
        Some(Source::Left)
    );
    let h = parse_hand("[SSSS][4444z]").unwrap();
    assert!(h.melds().iter().all(|m| m.kind() == MeldKind::ClosedKan));
    let h = parse_hand("[8888p,1][8888s,5][7777m,7]").unwrap();
    assert_eq!(h.melds()[0].kind(), MeldKind::OpenKan);
    assert_eq!(h.melds()[1].kind(), MeldKind::AddedKan);
    assert_eq!(h.melds()[1].source(), Some(Source::Left));
    assert_eq!(h.melds()[2].source(), Some(Source::Right));
    assert_eq!(h.to_string(), "[8888p,1][8888s,5][7777m,7]");
    let h = parse_hand("[406p]1111z").unwrap();
    assert_eq!(h.melds()[0].red(), 1);
    assert_eq!(
        h.concealed().get(t!(E)),
        4,
        "a bare quad is four tiles, not a kong"
    );
    assert_eq!(h.to_string(), "1111z[406p]");
}

#[test]
fn parse_ok_last_tile() {
    let h = parse_hand("[567m]11z123m").unwrap();
    assert_eq!(h.last(), Some(t!(3m).black()));
    let h = parse_hand("[567m]").unwrap();
    assert_eq!(h.last(), None);
}

fn parse_err(s: &str) -> ParseError {
    match parse_hand(s) {
        Err(NotationError::Parse(e)) => e,
        other => panic!("{s}: expected a parse error, got {other:?}"),
    }
}

#[test]
fn parse_err_positions() {
    assert_eq!(parse_err("123").offset, 3);
    assert_eq!(parse_err("123x").offset, 3);
    assert_eq!(parse_err("12m8z").offset, 3);
    assert_eq!(parse_err("m").offset, 0);
    assert_eq!(parse_err("0z").offset, 0);
    assert_eq!(parse_err("5f").offset, 0);
    assert_eq!(parse_err("4y").offset, 0);
    assert_eq!(parse_err("[123m").offset, 5);
    assert_eq!(parse_err("[123m,4]").offset, 6);
    assert_eq!(parse_err("[111m,5]").offset, 6);
    assert_eq!(parse_err("[1111m,4]").offset, 7);
    assert_eq!(parse_err("[12m]").offset, 0);
    assert_eq!(parse_err("12]").offset, 2);
    assert_eq!(parse_err("55mr").offset, 3);
    assert_eq!(parse_err("[123m,]").offset, 6);
    assert_eq!(parse_err("1 2m").offset, 1);
    let e = parse_err("12q");
    assert_eq!(e.found, "'q'");
    assert!(parse_hand("").is_ok());
}

#[test]
fn parse_err_bad_melds() {
    for (s, at) in [
        ("[124m]", 0),
        ("1m[EFS]", 2),
        ("[899m1p]", 0),
        ("[1122m]", 0),
        ("[123z]", 0),
        ("11z [12m]", 4),
    ] {
        let e = parse_err(s);
        assert_eq!(e.offset, at, "{s}");
        assert!(e.found.starts_with("the meld ["), "{s}: {e}");
    }
    assert_eq!(
        parse_err("1m[EFS]").to_string(),
        "at column 3: found the meld [EFS], expected three of a kind, \
         or a run of three of one numbered suit"
    );
}

#[test]
fn parse_err_copies() {
    assert!(matches!(
        parse_hand("1111m[111m]"),
        Err(NotationError::Hand(HandError::TooManyCopies { .. }))
    ));
    assert!(matches!(
        parse_hand("0m0m"),
        Err(NotationError::Hand(HandError::TooManyRed { .. }))
    ));
}

#[test]
fn parse_tile_ok_and_err() {
    assert_eq!(parse_tile("0s").unwrap(), t!(5s).red().unwrap());
    assert_eq!(parse_tile("C").unwrap(), t!(7z).black());
    assert!(parse_tile("12m").is_err());
    assert!(parse_tile("").is_err());
    assert!(parse_tiles("1m[123m]").is_err());
}

#[test]
fn format_ok_every_dialect() {
    let h = parse_hand("123m406p1257z[567s,2][WWWW,1]").unwrap();
    assert_eq!(
        format_hand(&h, Format::Mpsz),
        "123m406p1257z[567s,2][3333z,1]"
    );
    assert_eq!(format_hand(&h, Format::Mcr), "123m456pESPC[567s,2][WWWW,1]");
    assert_eq!(
        format_hand(&h, Format::Libsaki),
        "123m406p12f13y[567s,2][3333f,1]"
    );
    assert_eq!(
        format_hand(&h, Format::Mjai),
        "1m 2m 3m 4p 5pr 6p E S P C [5s 6s 7s,2] [W W W W,1]"
    );
    assert_eq!(
        format_hand(&h, Format::Unicode),
        "🀇🀈🀉🀜🀝🀞🀀🀁🀆🀄[🀔🀕🀖,2][🀂🀂🀂🀂,1]"
    );
    for f in [
        Format::Mpsz,
        Format::Mcr,
        Format::Libsaki,
        Format::Mjai,
        Format::Unicode,
    ] {
        let back = parse_hand(&format_hand(&h, f)).unwrap();
        assert_eq!(back.all_counts(), h.all_counts(), "{f:?}");
        assert_eq!(back.melds().len(), 2);
    }
}

#[test]
fn format_ok_sets() {
    let s = [t!(1m), t!(4m), t!(7m), t!(2p), t!(E)]
        .into_iter()
        .collect();
    assert_eq!(format_set(s), "147m2p1z");
}

#[test]
fn parse_ok_every_spec_spelling() {
    // Every tile and meld spelling that docs/notation.md shows, one by one.
    for (s, want) in [
        ("1m9m1p9p1s9s", "19m19p19s"),
        ("1z2z3z4z5z6z7z", "1234567z"),
        ("1f2f3f4f1y2y3y", "1234567z"),
        ("ESWNPFC", "1234567z"),
        ("🀀🀁🀂🀃🀆🀅🀄", "1234567z"),
        ("🀇🀏🀙🀡🀐🀘", "19m19p19s"),
        ("0m0p0s", "0m0p0s"),
        ("5mr5pr5sr", "0m0p0s"),
        ("123m406p55z", "123m406p55z"),
        ("[567m]", "[567m]"),
        ("[567m,2]", "[567m,2]"),
        ("[999s]", "[999s,1]"),
        ("[999s,3]", "[999s,3]"),
        ("[SSSS]", "[2222z]"),
        ("[4444z]", "[4444z]"),
        ("[8888p,1]", "[8888p,1]"),
        ("[8888p,5][8888s,6][8888m,7]", "[8888p,5][8888s,6][8888m,7]"),
        ("1111z", "1111z"),
    ] {
        assert_eq!(mpsz(s), want, "{s}");
    }
    let h = parse_hand("[WWWW,1][444s]45m678pFF6m").unwrap();
    assert_eq!(h.to_string(), "456m678p66z[3333z,1][444s,1]");
    assert_eq!(h.last(), Some(t!(6m).black()));
}

#[test]
fn parse_ok_whitespace_in_melds() {
    assert_eq!(mpsz("[5s 6s 7s, 2 ]"), "[567s,2]");
    assert_eq!(mpsz("1m 5mr E P"), "10m15z");
}

#[test]
fn parse_err_selector_not_after_unicode_tile() {
    assert_eq!(parse_err("1m\u{FE0F}").offset, 2);
    assert_eq!(parse_err("🀄\u{FE0F}\u{FE0F}").offset, 7);
    assert!(parse_hand("🀄\u{FE0E}🀄\u{FE0F}").is_ok());
}

#[test]
fn parse_err_message_names_offset_found_expected() {
    let e = parse_err("12mx");
    assert_eq!(e.offset, 3);
    assert_eq!(e.found, "'x'");
    assert!(e.expected.contains("a tile"));
    assert_eq!(e.column, 4);
    assert!(e
        .to_string()
        .starts_with("at column 4: found 'x', expected "));
    // Columns count characters, not bytes.
    let e = parse_err("🀄🀄x");
    assert_eq!((e.offset, e.column), (8, 3));
    assert_eq!(parse_err("12").found, "end of input");
}

#[test]
fn parse_wind_ok_every_spelling() {
    use crate::tile::Wind;
    for (text, w) in [
        ("E", Wind::East),
        ("e", Wind::East),
        ("S", Wind::South),
        ("s", Wind::South),
        ("W", Wind::West),
        ("n", Wind::North),
        (" N ", Wind::North),
        ("east", Wind::East),
        ("SOUTH", Wind::South),
        ("3z", Wind::West),
        ("4z", Wind::North),
        ("🀀", Wind::East),
        ("1f", Wind::East),
    ] {
        assert_eq!(parse_wind(text), Ok(w), "{text:?}");
    }
    for bad in ["", "x", "5z", "P", "1m", "EE", "es"] {
        assert!(parse_wind(bad).is_err(), "{bad:?}");
    }
}
