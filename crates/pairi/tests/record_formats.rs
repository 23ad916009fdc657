//! The record formats against each other and against Tenhou's own writing: the shared
//! records through every format and back, and the hand-written records of
//! `tests/data/records/` (`fmt_*`, described in its README), one per thing a reader or
//! writer must get right.

use pairi::record::{
    self, check, on_table, DrawReason, Event, Format, Game, Kyoku, Missing, RecordError,
};
use serde_json::Value;
use std::path::PathBuf;

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/logs/");
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records/");

fn shared(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(format!("{SHARED}{dir}"))
        .expect("shared logs")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    files
}

fn all_shared() -> Vec<PathBuf> {
    ["tenhou6", "mjai", "mjlog"]
        .iter()
        .flat_map(|d| shared(d))
        .collect()
}

fn text(path: &PathBuf) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn fixture(name: &str) -> String {
    text(&format!("{DATA}{name}").into())
}

/// A record read as a partial game (the shared excerpts stop mid-game).
fn read(text: &str) -> Game {
    record::read_with(text, None, true).unwrap_or_else(|e| panic!("{e}"))
}

fn convert(game: &Game, to: Format) -> String {
    record::convert(game, to).unwrap_or_else(|e| panic!("{e}"))
}

/// JSON with every object's keys sorted.
fn sorted(v: &Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let mut out = serde_json::Map::new();
            for k in keys {
                out.insert(k.clone(), sorted(&m[k]));
            }
            Value::Object(out)
        }
        Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
        v => v.clone(),
    }
}

fn json(text: &str) -> Value {
    sorted(&serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}")))
}

/// Every check of a game agrees with the record.
fn agrees(game: &Game, what: &str) {
    let r = check::check(game, &check::rules_of(game)).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(r.mismatches, [], "{what}");
    assert_eq!(
        (r.wins, r.kyokus),
        (r.wins_agreeing, r.kyokus_agreeing),
        "{what}"
    );
}

/// The play of a kyoku (every event but the ending) and its endings as the formats can
/// all state them: winners, payer, liable player, changes, and the value when the
/// first record gives one; the draw's reason, changes (none stated = none) and ready
/// seats.
fn same_events(a: &Kyoku, b: &Kyoku, what: &str) {
    assert_eq!(a.events.len(), b.events.len(), "{what} {}", a.label());
    for (i, (x, y)) in a.events.iter().zip(&b.events).enumerate() {
        let at = format!("{what} {} event {i}", a.label());
        match (x, y) {
            (Event::Win(v), Event::Win(w)) => {
                assert_eq!((v.seat, v.from, v.pao), (w.seat, w.from, w.pao), "{at}");
                // A win without its changes is written with pairi's.
                if !v.deltas.is_empty() {
                    assert_eq!(v.deltas, w.deltas, "{at}");
                }
                if let (Some(p), Some(q)) = (&v.value, &w.value) {
                    if p.han.is_some() {
                        assert_eq!(p.han, q.han, "{at}");
                    }
                    // tenhou.net/6 does not state a limit hand's fu.
                    if p.fu.is_some() && q.fu.is_some() {
                        assert_eq!(p.fu, q.fu, "{at}");
                    }
                    if p.points.is_some() {
                        assert_eq!(p.points, q.points, "{at}");
                    }
                }
            }
            (
                Event::Ryukyoku {
                    reason: r,
                    deltas: d,
                    tenpai: t,
                },
                Event::Ryukyoku {
                    reason: s,
                    deltas: e,
                    tenpai: u,
                },
            ) => {
                let zero =
                    |d: &Option<Vec<i32>>| d.clone().unwrap_or_default().iter().all(|&x| x == 0);
                assert_eq!(r, s, "{at}");
                assert!(d == e || (zero(d) && zero(e)), "{at}: {d:?} {e:?}");
                if let (Some(t), Some(u)) = (t, u) {
                    assert_eq!(t, u, "{at}");
                }
            }
            (x, y) => assert_eq!(tiles_sorted(x), tiles_sorted(y), "{at}"),
        }
    }
    assert_eq!(
        (
            a.round,
            a.dealer,
            a.honba,
            a.riichi_sticks,
            &a.scores,
            a.dora,
            &a.ura
        ),
        (
            b.round,
            b.dealer,
            b.honba,
            b.riichi_sticks,
            &b.scores,
            b.dora,
            &b.ura
        ),
        "{what} {}",
        a.label()
    );
    for (h, g) in a.hands.iter().zip(&b.hands) {
        let mut h = h.clone();
        let mut g = g.clone();
        h.sort();
        g.sort();
        assert_eq!(h, g, "{what} {}", a.label());
    }
}

/// An event with a meld's tiles sorted (formats keep them in different orders: the XML
/// log by tile id, tenhou.net/6 by Tenhou's order).
fn tiles_sorted(e: &Event) -> Event {
    let mut e = e.clone();
    match &mut e {
        Event::Call { consumed, .. } => consumed.sort(),
        Event::AddedKan { consumed, .. } => consumed.sort(),
        Event::ClosedKan { consumed, .. } => consumed.sort(),
        _ => {}
    }
    e
}

// ---------------------------------------------------------------------------------
// The shared records through every format

#[test]
fn every_shared_record_converts_to_mjlog_and_reads_back_to_the_same_events() {
    for f in all_shared() {
        let game = read(&text(&f));
        let what = f.display().to_string();
        let xml = convert(&game, Format::Mjlog);
        let back =
            record::mjlog::read_with(&xml, true).unwrap_or_else(|e| panic!("{what}: {e}\n{xml}"));
        assert_eq!(back.kyokus.len(), game.kyokus.len(), "{what}");
        assert_eq!(back.players, game.players, "{what}");
        // A Tenhou log's shuffle seed is kept, and still gives its walls.
        assert_eq!(back.wall_seed, game.wall_seed, "{what}");
        if back.wall_seed.is_some() {
            assert!(
                matches!(
                    record::walls::reproduce(&back),
                    record::walls::Walls::Reproduced { .. }
                ),
                "{what}"
            );
        }
        for (a, b) in game.kyokus.iter().zip(&back.kyokus) {
            same_events(a, b, &what);
        }
        agrees(&back, &format!("{what} via mjlog"));
    }
}

#[test]
fn mjlog_to_tenhou6_to_mjlog_to_tenhou6_is_stable() {
    for f in all_shared() {
        let what = f.display().to_string();
        let first = read(&convert(&read(&text(&f)), Format::Mjlog));
        let t1 = convert(&first, Format::Tenhou6);
        let m2 = convert(&read(&t1), Format::Mjlog);
        let t2 = convert(&read(&m2), Format::Tenhou6);
        assert_eq!(json(&t1), json(&t2), "{what}");
        let m3 = convert(&read(&t2), Format::Mjlog);
        assert_eq!(m2, m3, "{what}");
    }
}

#[test]
fn tenhou_s_own_records_through_mjlog_come_back_as_tenhou_wrote_them() {
    // ranked_game.json is Tenhou's tenhou.net/6 of a whole game: through the XML log
    // and back it is the same record, but for `ref` (the log's id, which only its name
    // carries).
    let path: PathBuf = format!("{SHARED}tenhou6/ranked_game.json").into();
    let mut original = json(&text(&path));
    original.as_object_mut().unwrap().remove("ref");
    let xml = convert(&read(&text(&path)), Format::Mjlog);
    let back = convert(&read(&xml), Format::Tenhou6);
    assert_eq!(json(&back), original);
    // The others made from Tenhou logs: the same kyoku.
    for f in shared("tenhou6") {
        if f.ends_with("majiang_full_hanchan.json") {
            continue;
        }
        let original = json(&text(&f));
        let xml = convert(&read(&text(&f)), Format::Mjlog);
        let back = json(&convert(&read(&xml), Format::Tenhou6));
        assert_eq!(back["log"], original["log"], "{}", f.display());
    }
}

#[test]
fn tenhou6_to_mjai_to_tenhou6_is_the_identity_through_convert() {
    for f in shared("tenhou6") {
        let original = json(&text(&f));
        let lines = convert(&read(&text(&f)), Format::Mjai);
        let back = convert(&read(&lines), Format::Tenhou6);
        assert_eq!(json(&back), original, "{}", f.display());
    }
}

#[test]
fn every_hand_written_record_converts_to_mjlog_and_back() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(DATA)
        .expect("records")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("fmt_") && !name.contains("wall")
        })
        .collect();
    files.sort();
    assert!(files.len() >= 11, "{files:?}");
    for f in files {
        let what = f.display().to_string();
        let game = read(&text(&f));
        agrees(&game, &what);
        let back = read(&convert(&game, Format::Mjlog));
        for (a, b) in game.kyokus.iter().zip(&back.kyokus) {
            same_events(a, b, &what);
        }
        agrees(&back, &format!("{what} via mjlog"));
    }
}

// ---------------------------------------------------------------------------------
// Three players: Tenhou counts four places round the table

fn calls(g: &Game) -> Vec<(u8, u8)> {
    g.kyokus
        .iter()
        .flat_map(|k| &k.events)
        .filter_map(|e| match e {
            Event::Call { seat, from, .. } => Some((*seat, *from)),
            _ => None,
        })
        .collect()
}

fn meld_tags(xml: &str) -> Vec<String> {
    xml.split('<')
        .filter(|t| t.starts_with("N "))
        .map(|t| t.trim_end_matches(['/', '>', '\n']).trim().to_string())
        .collect()
}

#[test]
fn three_player_melds_are_counted_four_places_round_the_table() {
    // A pon in each direction: seat 1 on seat 0 (from its left), seat 0 on seat 1 (its
    // right), seat 2 on seat 0 and seat 0 on seat 2 (written as from the opposite seat,
    // the empty North seat between them), seat 2 on seat 1, seat 1 on seat 2.
    let want = [(1, 0), (0, 1), (2, 0), (0, 2), (2, 1), (1, 2)];
    let xml = fixture("fmt_3p_calls.mjlog");
    let t6 = fixture("fmt_3p_calls.json");
    let games = [read(&xml), read(&t6), read(&fixture("fmt_3p_calls.jsonl"))];
    for g in &games {
        assert_eq!(g.players, pairi::riichi::rules::Players::Three);
        assert_eq!(calls(g), want);
        assert!(g.kyokus[0].events.contains(&Event::Kita { seat: 2 }));
        agrees(g, "fmt_3p_calls");
    }
    for g in &games[1..] {
        same_events(&games[0].kyokus[0], &g.kyokus[0], "fmt_3p_calls");
    }
    // Written back: the meld strings and codes where Tenhou puts them.
    assert_eq!(json(&convert(&games[1], Format::Tenhou6)), json(&t6));
    for g in &games {
        assert_eq!(json(&convert(g, Format::Tenhou6))["log"], json(&t6)["log"]);
        assert_eq!(meld_tags(&convert(g, Format::Mjlog)), meld_tags(&xml));
    }
}

#[test]
fn a_record_that_does_not_replay_is_never_converted() {
    use pairi::api::{record::ConvertRequest, Request};
    let nine_pin = record::pai_of_mjai("9p").unwrap();
    // Seat 1 discards a 5p it does not hold (it holds 3p 4p 5p 6p 7p 8p).
    let lines = fixture("fmt_3p_calls.jsonl");
    let broken = lines.replacen(
        r#"{"type":"dahai","actor":1,"pai":"9m","tsumogiri":false}"#,
        r#"{"type":"dahai","actor":1,"pai":"9p","tsumogiri":false}"#,
        1,
    );
    assert_ne!(broken, lines);
    let game = read(&broken);
    for to in [Format::Tenhou6, Format::Mjai, Format::Mjlog] {
        // The table refuses the discard.
        let e = record::convert(&game, to).unwrap_err();
        let RecordError::OnTable { source, .. } = &e else {
            panic!("{e}")
        };
        assert!(
            matches!(
                **source,
                on_table::Mismatch::Event {
                    source: on_table::EventMismatch::Refused {
                        error: pairi::table::TableError::Illegal {
                            action: pairi::table::Action::Discard { pai, .. },
                            ..
                        },
                        ..
                    },
                    ..
                } if pai == nine_pin
            ),
            "{e}"
        );
        let req = ConvertRequest {
            record: broken.clone(),
            format: None,
            to,
            partial: false,
        };
        let e = req.answer().unwrap_err();
        assert_eq!(e.kind, pairi::ErrorKind::InvalidHand, "{e:?}");
    }
}

// ---------------------------------------------------------------------------------
// tenhou.net/6 result words

/// A drawn hand's reason, changes and ready seats.
type Ending = (DrawReason, Option<Vec<i32>>, Option<Vec<bool>>);

fn endings(g: &Game) -> Vec<Ending> {
    g.kyokus
        .iter()
        .flat_map(|k| &k.events)
        .filter_map(|e| match e {
            Event::Ryukyoku {
                reason,
                deltas,
                tenpai,
            } => Some((*reason, deltas.clone(), tenpai.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn every_draw_word_of_tenhou_is_read_and_written_back() {
    use DrawReason::*;
    let t6 = fixture("fmt_draw_words.json");
    let game = read(&t6);
    agrees(&game, "fmt_draw_words");
    let got = endings(&game);
    let reasons: Vec<DrawReason> = got.iter().map(|e| e.0).collect();
    assert_eq!(
        reasons,
        [
            NagashiMangan,
            Exhaustive,
            Exhaustive,
            Exhaustive,
            NineTerminals,
            FourWinds,
            FourRiichi,
            FourKans,
            TripleRon
        ]
    );
    assert_eq!(got[1].1, Some(vec![-1500, 1500, -1500, 1500]));
    assert_eq!(
        (got[2].1.clone(), got[2].2.clone()),
        (None, Some(vec![true; 4]))
    );
    assert_eq!(
        (got[3].1.clone(), got[3].2.clone()),
        (None, Some(vec![false; 4]))
    );
    assert!(got[4..].iter().all(|e| e.1.is_none()));
    // Written back in Tenhou's words, through mjai and through the XML log too.
    assert_eq!(json(&convert(&game, Format::Tenhou6)), json(&t6));
    let lines = convert(&game, Format::Mjai);
    assert_eq!(json(&convert(&read(&lines), Format::Tenhou6)), json(&t6));
    let xml = fixture("fmt_draw_words.mjlog");
    assert_eq!(
        json(&convert(&read(&xml), Format::Tenhou6))["log"],
        json(&t6)["log"]
    );
    let ours = convert(&game, Format::Mjlog);
    for t in ["nm", "yao9", "kaze4", "reach4", "kan4", "ron3"] {
        assert!(ours.contains(&format!("type=\"{t}\"")), "{t}");
    }
    // Which seats were ready, when the record does not say: found by the replay.
    let silent: String = lines
        .lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("tenpais");
            v.to_string() + "\n"
        })
        .collect();
    assert_eq!(json(&convert(&read(&silent), Format::Tenhou6)), json(&t6));
    // Other converters' spellings of two abortive draws.
    let other = t6
        .replace("四槓散了", "四開槓")
        .replace("三家和了", "三家和");
    assert_ne!(other, t6);
    assert_eq!(json(&convert(&read(&other), Format::Tenhou6)), json(&t6));
}

#[test]
fn draw_reasons_as_the_engines_write_them() {
    use DrawReason::*;
    for (name, reason) in [
        ("fanpai", Exhaustive),
        ("exhaustive_draw", Exhaustive),
        ("kyushukyuhai", NineTerminals),
        ("kyushu_kyuhai", NineTerminals),
        ("sufonrenta", FourWinds),
        ("sufuurenta", FourWinds),
        ("sukaikan", FourKans),
        ("suukansansen", FourKans),
        ("suchareach", FourRiichi),
        ("suucha_riichi", FourRiichi),
        ("sanchaho", TripleRon),
        ("nagashimangan", NagashiMangan),
        ("Nagashi-Mangan", NagashiMangan),
    ] {
        assert_eq!(DrawReason::of_mjai(name), Some(reason), "{name}");
    }
    assert_eq!(DrawReason::of_mjai("tobi"), None);
    for r in DrawReason::ALL {
        assert_eq!(DrawReason::of_mjai(r.mjai()), Some(r));
        assert_eq!(DrawReason::of_tenhou(r.tenhou()), Some((r, None)));
    }
}

// ---------------------------------------------------------------------------------
// Score texts

#[test]
fn limit_hands_are_written_as_tenhou_writes_them() {
    for (name, texts) in [
        (
            "fmt_limit_texts.jsonl",
            &[
                "満貫2000-4000点",
                "満貫4000点∀",
                "満貫8000点",
                "30符4飜7700点",
                "役満32000点",
            ][..],
        ),
        (
            "fmt_limit_texts_3p.jsonl",
            &["満貫2000-4000点", "満貫4000点∀"][..],
        ),
    ] {
        let game = read(&fixture(name));
        agrees(&game, name);
        let t6 = convert(&game, Format::Tenhou6);
        let v = json(&t6);
        let got: Vec<&str> = v["log"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k[16][2][3].as_str().unwrap())
            .collect();
        assert_eq!(got, texts, "{name}");
        // Read back, the texts give the same points.
        let back = read(&t6);
        agrees(&back, &format!("{name} via tenhou6"));
        for (a, b) in game.kyokus.iter().zip(&back.kyokus) {
            same_events(a, b, name);
        }
    }
}

// ---------------------------------------------------------------------------------
// Tenhou's own tenhou.net/6

#[test]
fn a_tenhou_log_becomes_the_tenhou6_tenhou_s_viewer_writes() {
    let xml = fixture("fmt_tenhou_form.mjlog");
    let t6 = fixture("fmt_tenhou_form.json");
    let game = read(&xml);
    agrees(&game, "fmt_tenhou_form");
    assert_eq!(json(&convert(&game, Format::Tenhou6)), json(&t6));
    // And back: Tenhou's XML (the GO type, the UN ranks, owari) from those keys.
    let again = convert(&read(&t6), Format::Mjlog);
    assert!(again.contains(r#"<GO type="41" lobby="0"/>"#), "{again}");
    assert!(
        again.contains(r#"owari="211,-19.0,230,-7.0,230,-13.0,329,39.0""#),
        "{again}"
    );
    assert_eq!(json(&convert(&read(&again), Format::Tenhou6)), json(&t6));
}

#[test]
fn one_object_per_kyoku_is_one_game() {
    let lines = fixture("fmt_lines.json");
    let game = read(&lines);
    let whole = read(&fixture("fmt_limit_texts.jsonl"));
    assert_eq!(game.kyokus.len(), 5);
    for (a, b) in whole.kyokus.iter().zip(&game.kyokus) {
        same_events(a, b, "fmt_lines");
    }
    agrees(&game, "fmt_lines");
    assert_eq!(game.names, ["A", "B", "C", "D"]);
    // A line of another game is not read into this one.
    let mut other: Vec<&str> = lines.lines().collect();
    let last = other.pop().unwrap().replacen(r#""A""#, r#""Z""#, 1);
    let other = format!("{}\n{last}\n", other.join("\n"));
    let e = record::read(&other, None).unwrap_err();
    assert!(
        matches!(
            e,
            RecordError::Tenhou6(record::tenhou6::Tenhou6Error::NotSameGame { key: "name", .. })
        ),
        "{e}"
    );
    assert!(e.to_string().contains("not the same game"), "{e}");
}

// ---------------------------------------------------------------------------------
// mjai as other engines write it

#[test]
fn mjai_as_other_engines_write_it() {
    let lines = fixture("fmt_mjai_bots.jsonl");
    let game = read(&lines);
    agrees(&game, "fmt_mjai_bots");
    let k = &game.kyokus;
    assert_eq!((k[1].honba, k[1].riichi_sticks), (1, 1));
    let wins: Vec<&record::Win> = k
        .iter()
        .flat_map(|k| &k.events)
        .filter_map(|e| match e {
            Event::Win(w) => Some(w),
            _ => None,
        })
        .collect();
    // The changes read from the scores after the win; the fu rounded up (24 to 30).
    assert_eq!(wins[0].deltas, [-4000, 10200, -2100, -2100]);
    assert_eq!(wins[0].value.as_ref().unwrap().fu, Some(30));
    assert_eq!(k[1].ura.len(), 1);
    // No changes and no scores: none read, and the next kyoku's scores are checked with
    // pairi's changes.
    assert!(wins[1].deltas.is_empty());
    let broken = lines.replacen(
        r#""scores":[23000,33200,29600,14200]"#,
        r#""scores":[23000,33200,29700,14100]"#,
        1,
    );
    assert_ne!(broken, lines);
    let g = read(&broken);
    let r = check::check(&g, &check::rules_of(&g)).unwrap();
    assert_eq!(r.mismatches.len(), 1, "{:?}", r.mismatches);
    assert_eq!(
        (r.mismatches[0].what, r.mismatches[0].kyoku.as_str()),
        (check::Difference::Scores, "E2")
    );
    let reasons: Vec<DrawReason> = endings(&game).iter().map(|e| e.0).collect();
    assert_eq!(reasons, [DrawReason::Exhaustive, DrawReason::NineTerminals]);
    // A deal given as the whole wall, without its indicator: refused, saying why.
    let e = record::read(&fixture("fmt_mjai_wall.jsonl"), None).unwrap_err();
    let m = e.to_string();
    assert!(
        m.contains("no `dora_marker`") && m.contains("whole wall"),
        "{m}"
    );
}

#[test]
fn mjai_wrapped_in_one_object_bare_draws_and_the_original_yaku_names() {
    let lines = fixture("fmt_mjai_bots.jsonl");
    let game = read(&lines);
    // mjai.app's match result: the events in one object, spread over lines.
    let events: Vec<Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let wrapped = serde_json::to_string_pretty(
        &serde_json::json!({"events": events, "seatRank": [1, 2, 3, 4], "error_msg": ""}),
    )
    .unwrap();
    assert_eq!(Format::detect(&wrapped), Format::Mjai);
    let again = read(&wrapped);
    assert_eq!(again.kyokus, game.kyokus);
    // A draw without its changes: the noten payments carry the scores on.
    let bare = lines.replacen(
        r#"{"type":"ryukyoku","reason":"exhaustive_draw","deltas":[3000,-1000,-1000,-1000]}"#,
        r#"{"type":"ryukyoku"}"#,
        1,
    );
    assert_ne!(bare, lines);
    agrees(&read(&bare), "a bare ryukyoku");
    let wrong = bare.replacen(
        r#""scores":[27000,24000,24000,24000]"#,
        r#""scores":[26000,24000,24000,25000]"#,
        1,
    );
    assert_ne!(wrong, bare);
    let g = read(&wrong);
    let r = check::check(&g, &check::rules_of(&g)).unwrap();
    assert!(
        r.mismatches
            .iter()
            .any(|m| m.what == check::Difference::Scores && m.kyoku == "E1"),
        "{:?}",
        r.mismatches
    );
    // The original mjai's yaku names.
    let named = fixture("fmt_limit_texts.jsonl")
        .replace("門前清自摸和", "menzenchin_tsumoho")
        .replace("平和", "pinfu")
        .replace("断幺九", "tanyaochu")
        .replace("三色同順", "sanshokudojun")
        .replace("国士無双", "kokushimuso");
    agrees(&read(&named), "mjai yaku names");
}

#[test]
fn absurd_counters_are_answers_not_panics() {
    // Found by the fuzz target: a kyoku of billions of honba.
    let text = text(&format!("{SHARED}tenhou6/rinshan.json").into());
    let huge = text.replacen("[[[5,0,0]", "[[[5,9999999990,0]", 1);
    assert_ne!(huge, text);
    let game = read(&huge);
    let _ = check::check(&game, &check::rules_of(&game));
    for to in [Format::Tenhou6, Format::Mjai, Format::Mjlog] {
        let _ = record::convert(&game, to);
    }
}

/// What reading `text` as a whole game finds missing: it must be a cut-off record.
fn cut_off(text: &str) -> record::Missing {
    let e = record::read(text, None).unwrap_err();
    assert_eq!(e.kind(), pairi::ErrorKind::Parse);
    assert!(record::read_with(text, None, true).is_ok(), "{e}");
    match e {
        RecordError::CutOff { missing, .. } => missing,
        other => panic!("not a cut-off record: {other:?}"),
    }
}

#[test]
fn a_record_cut_off_mid_game_is_an_error_unless_a_partial_game_is_asked_for() {
    // mjai: without `end_game`; cut after a kyoku's last discard.
    let mjai = fixture("fmt_mjai_bots.jsonl");
    let lines: Vec<&str> = mjai.lines().collect();
    let no_end = lines[..lines.len() - 1].join("\n");
    assert!(lines[lines.len() - 1].contains("end_game"));
    assert_eq!(cut_off(&no_end), Missing::EndGame);
    let missing = cut_off(&lines[..144].join("\n"));
    assert!(
        matches!(
            missing,
            Missing::KyokuEnd {
                end: "`hora` or `ryukyoku`",
                ..
            }
        ),
        "{missing}"
    );
    // The message says it in words.
    let e = record::read(&no_end, None).unwrap_err().to_string();
    assert!(e.contains("the record is cut off: no `end_game`"), "{e}");
    let partial = record::read_with(&lines[..144].join("\n"), None, true).unwrap();
    assert!(!partial.kyokus.last().unwrap().is_over());
    // Tenhou XML: without its closing tag; cut before the last kyoku's result.
    let xml = fixture("fmt_tenhou_form.mjlog");
    let open = xml.replace("</mjloggm>", "");
    assert_eq!(cut_off(&open), Missing::ClosingTag);
    let before_result = &xml[..xml.rfind("<RYUUKYOKU").unwrap()];
    let missing = cut_off(before_result);
    assert!(
        matches!(
            missing,
            Missing::KyokuEnd {
                end: "`AGARI` or `RYUUKYOKU`",
                ..
            }
        ),
        "{missing}"
    );
    // tenhou.net/6: the last kyoku's result emptied.
    let lines_json = fixture("fmt_lines.json");
    let mut objects: Vec<Value> = lines_json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let last = objects.last_mut().unwrap();
    last["log"][0][16] = serde_json::json!([]);
    let cut: Vec<String> = objects.iter().map(Value::to_string).collect();
    let missing = cut_off(&cut.join("\n"));
    assert!(
        matches!(missing, Missing::KyokuEnd { end: "result", .. }),
        "{missing}"
    );
    // Through the api: `partial` in the request.
    let req = |partial| pairi::api::record::CheckRequest {
        record: no_end.clone(),
        partial,
        ..Default::default()
    };
    use pairi::api::Request;
    assert_eq!(
        req(false).answer().unwrap_err().kind,
        pairi::ErrorKind::Parse
    );
    assert!(req(true).answer().is_ok());
}

#[test]
fn a_seat_that_draws_and_never_discards_before_a_drawn_kyoku_is_refused() {
    let mjai = fixture("fmt_mjai_bots.jsonl");
    let lines: Vec<&str> = mjai.lines().collect();
    // Line 144 is the last discard before the exhaustive draw of line 145.
    assert!(lines[143].contains("dahai") && lines[144].contains("exhaustive_draw"));
    let skipped: Vec<&str> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 143)
        .map(|(_, l)| *l)
        .collect();
    let game = read(&skipped.join("\n"));
    // The table, with seat 1 still to discard, makes no drawn hand.
    let e = check::check(&game, &check::rules_of(&game)).unwrap_err();
    let RecordError::OnTable { source, .. } = &e else {
        panic!("{e}")
    };
    assert!(
        matches!(
            **source,
            on_table::Mismatch::Event {
                source: on_table::EventMismatch::NoDrawnHand(_),
                ..
            }
        ),
        "{e}"
    );
    // Nine kinds of terminals is declared with the drawn tile: accepted.
    let game = read(&mjai);
    check::check(&game, &check::rules_of(&game)).unwrap();
}

#[test]
fn xml_before_scores_that_break_continuity_are_reported() {
    let xml = fixture("fmt_tenhou_form.mjlog");
    let game = read(&xml);
    let report = check::check(&game, &check::rules_of(&game)).unwrap();
    assert_eq!(report.mismatches, []);
    let changed = xml.replacen("sc=\"250,-39,", "sc=\"251,-39,", 1);
    assert_ne!(changed, xml);
    let game = read(&changed);
    let report = check::check(&game, &check::rules_of(&game)).unwrap();
    assert_eq!(report.mismatches.len(), 1, "{:?}", report.mismatches);
    let m = &report.mismatches[0];
    assert_eq!(
        (m.what, m.record.as_str()),
        (check::Difference::Scores, "[25100, 25000, 25000, 24000]")
    );
    assert_eq!(report.kyokus_agreeing, report.kyokus - 1);
}

#[test]
fn an_emptied_win_value_text_in_tenhou6_is_reported() {
    let t6 = fixture("fmt_tenhou_form.json");
    assert!(t6.contains("\"30符4飜2000-3900点\""));
    let emptied = t6.replace("\"30符4飜2000-3900点\"", "\"\"");
    let e = record::read(&emptied, None).unwrap_err();
    assert_eq!(e.kind(), pairi::ErrorKind::Parse);
    assert_eq!(
        e,
        RecordError::Tenhou6(record::tenhou6::Tenhou6Error::NoPoints {
            text: String::new()
        })
    );
    assert!(e.to_string().contains("states no points"), "{e}");
    let garbled = t6.replace("\"30符4飜2000-3900点\"", "\"30符4飜\"");
    assert!(record::read(&garbled, None).is_err());
}
