//! `pairi record check|convert` and `pairi review` from the outside: the shared records,
//! exit codes, JSON, gzip, directories, the HTML page.

mod common;

use common::Run;
use serde_json::Value;

fn pairi(args: &[&str], stdin: &str) -> Run {
    common::run(args, stdin.as_bytes())
}

/// `shared/data/logs`, or `None` (the test is skipped) without the shared data.
fn logs() -> Option<String> {
    common::shared::path("data/logs").map(|p| p.display().to_string())
}

/// A record of `shared/data/logs` (a test asks [`logs`] first).
fn log(name: &str) -> String {
    format!("{}/data/logs/{name}", common::shared::root().display())
}

#[test]
fn record_check_ok_every_shared_record_agrees() {
    let Some(logs) = logs() else {
        return;
    };
    // Two of the mjai records are excerpts that stop mid-game.
    let r = pairi(&["record", "check", "--partial", &logs], "");
    assert_eq!(r.code, 0, "{r:?}");
    let last = r.stdout.lines().last().unwrap();
    assert_eq!(last, "18 records, 46/46 wins agree");
    let r = pairi(&["record", "check", &logs], "");
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stdout.contains(
            "tenhou_4p_ranked_excerpt.jsonl: error: parse: mjai: the record is cut off: kyoku E2"
        ),
        "{r:?}"
    );
    assert!(r
        .stdout
        .contains("double_ron.json: 1 kyoku, 2 wins re-scored, 2 agree"));
}

#[test]
fn record_check_json_lines_name_the_file() {
    if logs().is_none() {
        return;
    }
    let r = pairi(
        &["record", "check", "--json", &log("mjlog/pao-tsumo.mjlog")],
        "",
    );
    assert_eq!(r.code, 0, "{r:?}");
    let v: Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["format"], "mjlog");
    assert_eq!(
        (v["wins"].as_u64(), v["wins_agreeing"].as_u64()),
        (Some(5), Some(5))
    );
    assert!(v["file"].as_str().unwrap().ends_with("pao-tsumo.mjlog"));
}

/// The hand-written records of the library's tests.
const HAND_WRITTEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../pairi/tests/data/records");

#[test]
fn record_check_ok_a_rule_the_record_does_not_state_is_a_line_not_a_failure() {
    let kiriage = format!("{HAND_WRITTEN}/kiriage.json");
    let ranked = format!("{HAND_WRITTEN}/kiriage_ranked_room.mjlog");
    let r = pairi(&["record", "check", &kiriage], "");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.stdout.contains(
            "kiriage.json: 1 kyoku, 1 wins re-scored, 1 agree — under a rule the record does not state:"
        ),
        "{r:?}"
    );
    assert!(
        r.stdout
            .contains("E1 event 26 rule: record 4 han 30 fu paid 8000 (kiriage: 切り上げ満貫)"),
        "{r:?}"
    );
    let r = pairi(&["record", "check", "--json", &kiriage], "");
    assert_eq!(r.code, 0, "{r:?}");
    let v: Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["mismatches"][0]["what"], "rule");
    // With a record whose lobby does not round up, the same payment is a difference.
    let r = pairi(&["record", "check", &kiriage, &ranked], "");
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout
            .ends_with("2 records, 1/2 wins agree (1 under a rule the record does not state)\n"),
        "{r:?}"
    );
}

#[test]
fn record_check_err_a_changed_score_exits_1_with_both_readings() {
    if logs().is_none() {
        return;
    }
    let text = std::fs::read_to_string(log("tenhou6/chankan.json")).unwrap();
    // The record claims one han more for the red fives, and points to match.
    let changed = text.replace("赤ドラ(2飜)", "赤ドラ(3飜)");
    let dir = std::env::temp_dir().join(format!("pairi-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("changed.json");
    std::fs::write(&path, changed).unwrap();
    let r = pairi(&["record", "check", path.to_str().unwrap()], "");
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout
            .contains("E1 event 90 yaku: record 場風 東 1, 槍槓 1, ドラ 1, 赤ドラ 3 | pairi"),
        "{r:?}"
    );
    // Not a record at all: exit 2, the other files still checked.
    std::fs::write(dir.join("broken.json"), "{\"log\": 5}").unwrap();
    let r = pairi(&["record", "check", dir.to_str().unwrap()], "");
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stdout.contains("broken.json: error: parse:"), "{r:?}");
    assert!(r.stdout.contains("changed.json: 1 kyoku"), "{r:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn record_check_ok_gzip_and_stdin_conversion() {
    if logs().is_none() {
        return;
    }
    use std::io::Write;
    let text = std::fs::read(log("mjlog/2010091009gm-00a9-0000-83af2648.mjlog")).unwrap();
    let dir = std::env::temp_dir().join(format!("pairi-gz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.mjlog.gz");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&text).unwrap();
    std::fs::write(&path, gz.finish().unwrap()).unwrap();
    let r = pairi(&["record", "check", path.to_str().unwrap()], "");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.stdout.contains("8 kyoku, 7 wins re-scored, 7 agree"),
        "{r:?}"
    );
    // `.mjson`, the usual name of an mjai log, is walked too.
    std::fs::copy(
        log("mjai/tenhou_4p_ranked_excerpt.jsonl"),
        dir.join("game.mjson"),
    )
    .unwrap();
    let r = pairi(&["record", "check", "--partial", dir.to_str().unwrap()], "");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("game.mjson: 2 kyoku"), "{r:?}");
    assert!(r.stdout.ends_with("2 records, 8/8 wins agree\n"), "{r:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn record_convert_ok_tenhou6_to_mjai_and_back() {
    if logs().is_none() {
        return;
    }
    let r = pairi(
        &[
            "record",
            "convert",
            &log("tenhou6/rinshan.json"),
            "--to",
            "mjai",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{r:?}");
    let first: Value = serde_json::from_str(r.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["type"], "start_game");
    assert!(r
        .stdout
        .contains(r#"{"type":"ankan","actor":3,"consumed":["6m","6m","6m","6m"]}"#));
    let back = pairi(&["record", "convert", "-", "--to", "tenhou6"], &r.stdout);
    assert_eq!(back.code, 0, "{back:?}");
    let original: Value =
        serde_json::from_str(&std::fs::read_to_string(log("tenhou6/rinshan.json")).unwrap())
            .unwrap();
    let again: Value = serde_json::from_str(&back.stdout).unwrap();
    assert_eq!(again, original);
    let r = pairi(
        &[
            "record",
            "convert",
            &log("tenhou6/rinshan.json"),
            "--to",
            "mjlog",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.starts_with("<mjloggm"), "{r:?}");
    let back = pairi(&["record", "convert", "-", "--to", "tenhou6"], &r.stdout);
    assert_eq!(back.code, 0, "{back:?}");
    let again: Value = serde_json::from_str(&back.stdout).unwrap();
    assert_eq!(again["log"], original["log"]);
}

#[test]
fn record_convert_refused_when_the_record_does_not_replay() {
    // An mjai record whose seat 0 discards a tile it does not hold: read, but not
    // replayed, so not converted.
    let lines = pairi(
        &[
            "record",
            "convert",
            &log("tenhou6/double_ron.json"),
            "--to",
            "mjai",
        ],
        "",
    );
    assert_eq!(lines.code, 0, "{lines:?}");
    let broken = lines.stdout.replacen(
        r#"{"type":"dahai","actor":0,"pai":"E","tsumogiri":false}"#,
        r#"{"type":"dahai","actor":0,"pai":"1m","tsumogiri":false}"#,
        1,
    );
    assert_ne!(broken, lines.stdout);
    for to in ["tenhou6", "mjai", "mjlog"] {
        let r = pairi(&["record", "convert", "-", "--to", to], &broken);
        assert_eq!(r.code, 2, "{r:?}");
        assert!(r.stdout.is_empty(), "{r:?}");
        assert!(r.stderr.contains("error: invalid_hand"), "{r:?}");
        assert!(r.stderr.contains("cannot discard 1m"), "{r:?}");
    }
}

#[test]
fn review_ok_table_summary_and_selection() {
    if logs().is_none() {
        return;
    }
    let r = pairi(
        &["review", &log("tenhou6/double_ron.json"), "--seats", "3"],
        "",
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.stdout.starts_with("S4 (win) [13000, 0, 2000, -14000]"),
        "{r:?}"
    );
    // Seat 3 dealt into both wins with its riichi tile.
    assert!(r.stdout.contains("→ 7m R"), "{r:?}");
    assert!(r.stdout.contains("[dealt_in]"), "{r:?}");
    assert!(r.stdout.contains("player            kyoku  win%"), "{r:?}");
    let r = pairi(
        &[
            "review",
            &log("tenhou6/majiang_full_hanchan.json"),
            "--kyoku",
            "E2,S1",
            "--json",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{r:?}");
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let kyokus: Vec<&str> = v["kyokus"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kyoku"].as_str().unwrap())
        .collect();
    assert_eq!(kyokus, ["E2", "S1", "S1.1"]);
    let r = pairi(
        &["review", &log("tenhou6/double_ron.json"), "--kyoku", "E9"],
        "",
    );
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stderr
            .contains("no kyoku \"E9\" in the record (it has S4)"),
        "{r:?}"
    );
    let r = pairi(
        &["review", &log("tenhou6/double_ron.json"), "--seats", "4"],
        "",
    );
    assert_eq!(r.code, 2, "{r:?}");
}

#[test]
fn review_ok_html_page_is_self_contained() {
    if logs().is_none() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("pairi-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("review.html");
    let r = pairi(
        &[
            "review",
            &log("mjai/selfplay_hanchan_126_204_0.jsonl"),
            "--html",
            page.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{r:?}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!doctype html>"));
    assert_eq!(html.matches("<h2 ").count(), 12);
    // One chart a kyoku, the tile pictures once (a sprite of symbols), each tile a use.
    assert_eq!(html.matches("<svg class=\"chart\"").count(), 12);
    assert_eq!(html.matches("<symbol id=\"t1m\"").count(), 1);
    assert!(html.matches("<use href=\"#t").count() > 1000);
    // Melds apart from the concealed tiles, the claimed tile sideways.
    assert!(html.contains("<span class=\"melds\"><span class=\"meld\">"));
    assert!(html.contains("<svg class=\"t s\""));
    for outside in ["http://", "https://", "<script", "@import", "url("] {
        assert!(!html.contains(outside), "{outside}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file of several games through `record legal` and `review`: two mjai games one
/// after the other, a tenhou.net/6 array of two games. Each game answers as it does
/// alone, the legal lines with their `game`, the review under a `game N:` line and one
/// HTML section per game.
#[test]
fn legal_and_review_ok_several_games_game_by_game() {
    let example = |name: &str| {
        std::fs::read_to_string(format!(
            "{}/../../examples/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
    };
    let dir = std::env::temp_dir().join(format!("pairi-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (tenhou6, mjai) = (example("game.json"), example("game.jsonl"));
    for (name, one, two) in [
        (
            "two.json",
            tenhou6.clone(),
            format!("[{}, {}]", tenhou6.trim(), tenhou6.trim()),
        ),
        (
            "two.jsonl",
            mjai.clone(),
            format!("{}\n{}\n", mjai.trim(), mjai.trim()),
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, &two).unwrap();
        let path = path.to_str().unwrap();
        // Legal: the lines of one game alone, then the same lines of each game with
        // its number.
        let alone = pairi(&["record", "legal", "-"], &one);
        assert_eq!(alone.code, 0, "{alone:?}");
        assert!(!alone.stdout.contains("\"game\""));
        let r = pairi(&["record", "legal", path], "");
        assert_eq!(r.code, 0, "{r:?}");
        let want: String = [1, 2]
            .iter()
            .flat_map(|n| {
                alone
                    .stdout
                    .lines()
                    .map(move |l| format!("{{\"game\":{n},{}\n", &l[1..]))
            })
            .collect();
        assert_eq!(r.stdout, want);
        let r = pairi(&["record", "legal", path, "--json"], "");
        let v: Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(v["games"], 2);
        // Review: each game's text under its heading, JSON one review per game.
        let alone = pairi(&["review", "-", "--seats", "0"], &one);
        assert_eq!(alone.code, 0, "{alone:?}");
        let r = pairi(&["review", path, "--seats", "0"], "");
        assert_eq!(r.code, 0, "{r:?}");
        let games: Vec<&str> = r.stdout.split("\ngame 2: ").collect();
        assert_eq!(games.len(), 2, "{}", r.stdout);
        assert!(games[0].starts_with("game 1: "));
        assert!(games[0].ends_with(&format!("\n{}", alone.stdout)));
        assert!(games[1].ends_with(&alone.stdout));
        let single: Value =
            serde_json::from_str(&pairi(&["review", "-", "--seats", "0", "--json"], &one).stdout)
                .unwrap();
        let v: Value =
            serde_json::from_str(&pairi(&["review", path, "--seats", "0", "--json"], "").stdout)
                .unwrap();
        assert_eq!(v["format"], single["format"]);
        assert_eq!(v["games"], Value::Array(vec![single.clone(), single]));
        let page = dir.join(format!("{name}.html"));
        let r = pairi(&["review", path, "--html", page.to_str().unwrap()], "");
        assert_eq!(r.code, 0, "{r:?}");
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(html.contains("<h2 class=\"game\" id=\"g1\">game 1: "));
        assert!(html.contains("<h2 class=\"game\" id=\"g2\">game 2: "));
        assert!(html.contains("href=\"#g2k0\"") && html.contains("id=\"g2k0\""));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file larger than a block of reading, of many games (mjai one after the other,
/// tenhou.net/6 objects one after the other, a tenhou.net/6 array), plain and gzipped:
/// `record check`, `convert` and `legal`, which read it a block at a time, answer as
/// the library does for the whole text.
#[test]
fn record_ok_large_files_read_in_blocks_answer_as_the_whole_text() {
    use pairi::api::record::{CheckRequest, ConvertRequest, LegalRequest};
    use pairi::api::Request;
    use pairi::record::Format;
    use std::io::Write;
    let example = |name: &str| {
        std::fs::read_to_string(format!(
            "{}/../../examples/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
    };
    let dir = std::env::temp_dir().join(format!("pairi-blocks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (tenhou6, mjai) = (example("game.json"), example("game.jsonl"));
    let objects: String = (0..2600).map(|_| format!("{}\n", tenhou6.trim())).collect();
    let array = format!("[{}]\n", vec![tenhou6.trim(); 2600].join(",\n"));
    let lines: String = (0..760).map(|_| format!("{}\n", mjai.trim())).collect();
    for (name, text) in [
        ("objects.json", objects),
        ("array.json", array),
        ("lines.jsonl", lines),
    ] {
        assert!(text.len() > 1 << 20, "{name}: {} bytes", text.len());
        let plain = dir.join(name);
        std::fs::write(&plain, &text).unwrap();
        let gz = dir.join(format!("{name}.gz"));
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(text.as_bytes()).unwrap();
        std::fs::write(&gz, enc.finish().unwrap()).unwrap();
        let check = CheckRequest {
            record: text.clone(),
            ..Default::default()
        }
        .answer()
        .unwrap();
        assert!(check.games > 700, "{name}: {} games", check.games);
        let legal = LegalRequest {
            record: text.clone(),
            ..Default::default()
        }
        .answer()
        .unwrap();
        let legal_lines: String = legal
            .decisions
            .iter()
            .map(|d| format!("{}\n", serde_json::to_string(d).unwrap()))
            .collect();
        let converted: String = ConvertRequest {
            record: text.clone(),
            format: None,
            partial: false,
            to: Format::Mjai,
        }
        .games()
        .map(Result::unwrap)
        .map(|g| format!("{}\n", g.trim_end()))
        .collect();
        for path in [&plain, &gz] {
            let path = path.to_str().unwrap();
            let r = pairi(&["record", "check", path, "--json"], "");
            assert_eq!(r.code, 0, "{r:?}");
            let mut v: Value = serde_json::from_str(&r.stdout).unwrap();
            v.as_object_mut().unwrap().remove("file");
            assert_eq!(v, serde_json::to_value(&check).unwrap(), "{path}");
            let r = pairi(&["record", "legal", path], "");
            assert_eq!(r.code, 0, "{r:?}");
            assert!(r.stdout == legal_lines, "{path}: legal lines differ");
            let r = pairi(&["record", "convert", path, "--to", "mjai"], "");
            assert_eq!(r.code, 0, "{r:?}");
            assert!(r.stdout == converted, "{path}: converted text differs");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
