//! Command-line tests: run the built `pairi` binary and compare its output.
#![allow(clippy::print_stderr)] // pass counts and disagreements are reported on stderr

mod common;

use common::Run;

/// Runs `pairi` with `args` and `stdin`.
fn pairi_with_input(args: &[&str], stdin: &str) -> Run {
    common::run(args, stdin.as_bytes())
}

/// Runs `pairi` with `args` and empty input.
fn pairi(args: &[&str]) -> Run {
    pairi_with_input(args, "")
}

/// Like `assert_eq!` on strings, but shows both sides as blocks of text.
macro_rules! eqnice {
    ($expected:expr, $got:expr $(,)?) => {{
        let expected: &str = &$expected;
        let got: &str = &$got;
        if expected != got {
            panic!(
                "\nexpected:\n{}\n{}\n{}\ngot:\n{}\n{}\n{}\n",
                "~".repeat(60),
                expected,
                "~".repeat(60),
                "~".repeat(60),
                got,
                "~".repeat(60),
            );
        }
    }};
}

/// A successful run's standard output.
fn ok(args: &[&str]) -> String {
    let r = pairi(args);
    assert_eq!(r.code, 0, "pairi {args:?}: {r:?}");
    assert!(r.stderr.is_empty(), "pairi {args:?}: {r:?}");
    r.stdout
}

/// A failed run: exit status 2, nothing on stdout, one line on stderr (and, for notation
/// that cannot be read, the hand with a caret under the problem); returns the first line.
fn fails(args: &[&str]) -> String {
    let r = pairi(args);
    assert_eq!(r.code, 2, "pairi {args:?}: {r:?}");
    assert!(r.stdout.is_empty(), "pairi {args:?}: {r:?}");
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert!(lines[0].starts_with("error: "), "pairi {args:?}: {r:?}");
    match lines.len() {
        1 => {}
        3 => assert!(lines[2].trim_end().ends_with('^'), "pairi {args:?}: {r:?}"),
        _ => panic!("pairi {args:?}: {r:?}"),
    }
    format!("{}\n", lines[0])
}

#[test]
fn parse_ok_normalises() {
    eqnice!("111666z\n", ok(&["parse", "1f1f1f2y2y2y"]));
    eqnice!(
        "456m678p66z[3333z,1][444s,1]\n",
        ok(&["parse", "[WWWW,1][444s]45m678pFF6m"])
    );
    eqnice!(
        "16m6p13z[123p,1][345s,2][999s,3]\n",
        ok(&["parse", "[123p,1][345s,2][999s,3]6m6pEW1m"])
    );
    eqnice!(
        "123m406p789s11z\n",
        ok(&["parse", "5pr 4p 6p 123m 789s E E"])
    );
}

#[test]
fn parse_ok_every_output_notation() {
    let hand = "123m406p1257z[567s,2][WWWW,1]";
    for (to, want) in [
        ("mpsz", "123m406p1257z[567s,2][3333z,1]"),
        ("unicode", "🀇🀈🀉🀜🀝🀞🀀🀁🀆🀄[🀔🀕🀖,2][🀂🀂🀂🀂,1]"),
        (
            "mjai",
            "1m 2m 3m 4p 5pr 6p E S P C [5s 6s 7s,2] [W W W W,1]",
        ),
        ("mcr", "123m456pESPC[567s,2][WWWW,1]"),
        ("libsaki", "123m406p12f13y[567s,2][3333f,1]"),
    ] {
        eqnice!(format!("{want}\n"), ok(&["parse", hand, "--to", to]));
    }
}

#[test]
fn parse_ok_mcr_dialect() {
    eqnice!("7z\n", ok(&["parse", "5z", "--dialect", "mcr"]));
    eqnice!("5z\n", ok(&["parse", "5z", "--dialect", "standard"]));
    eqnice!(
        "C\n",
        ok(&["parse", "5z", "--dialect", "mcr", "--to", "mcr"])
    );
}

#[test]
fn parse_ok_json_same_for_equivalent_spellings() {
    let want = ok(&["parse", "111z666z", "--json"]);
    eqnice!(
        "{\"concealed\":\"111666z\",\"red_fives\":{\"m\":0,\"p\":0,\"s\":0},\"last\":\"6z\",\"melds\":[]}\n",
        want
    );
    for s in ["1f1f1f2y2y2y", "EEEFFF", "🀀🀀🀀🀅🀅🀅"] {
        eqnice!(want, ok(&["parse", s, "--json"]));
    }
}

#[test]
fn parse_ok_json_melds() {
    let out = ok(&["parse", "[567m,2]406p[EEEE]", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["red_fives"]["p"], 1);
    assert_eq!(v["melds"][0]["kind"], "chi");
    assert_eq!(v["melds"][0]["claimed"], "6m");
    assert_eq!(v["melds"][0]["source"], "left");
    assert_eq!(v["melds"][1]["kind"], "ankan");
    assert_eq!(v["melds"][1]["claimed"], serde_json::Value::Null);
}

#[test]
fn parse_ok_does_not_check_tile_count() {
    eqnice!("1m\n", ok(&["parse", "1m"]));
    eqnice!("\n", ok(&["parse", ""]));
}

#[test]
fn parse_err_exit_2_with_position() {
    eqnice!(
        "error: parse: at column 4: found 'x', expected a tile (digits and m/p/s/z/f/y, \
         E S W N P F C, or a Unicode tile) or '['\n",
        fails(&["parse", "12mx"])
    );
    // The hand with a caret under the problem, by display width.
    let r = pairi(&["parse", "🀄🀄x"]);
    assert!(r.stderr.ends_with("  🀄🀄x\n      ^\n"), "{r:?}");
    for (hand, want) in [
        (
            "123",
            "error: parse: at column 4: found end of input, expected a suit letter",
        ),
        (
            "0z",
            "error: parse: at column 1: found '0', expected a digit 1-7 before 'z'",
        ),
        (
            "1m[124m]",
            "error: parse: at column 3: found the meld [124m], expected",
        ),
        ("[123m,4]", "error: parse: at column 7: found '4', expected"),
        (
            "[123m",
            "error: parse: at column 6: found end of input, expected",
        ),
        ("🀄x", "error: parse: at column 2: found 'x'"),
    ] {
        let err = fails(&["parse", hand]);
        assert!(err.starts_with(want), "{hand}: {err}");
    }
}

#[test]
fn parse_err_invalid_hand() {
    eqnice!(
        "error: invalid_hand: 5 copies of 1m: at most 4 exist\n",
        fails(&["parse", "11111m"])
    );
    assert!(fails(&["parse", "1111m[111m]"]).contains("copies of 1m"));
    assert!(fails(&["parse", "0m0m"]).contains("red fives"));
}

#[test]
fn parse_err_usage() {
    let r = pairi(&["parse"]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.is_empty());
    let r = pairi(&["parse", "1m", "--to", "klingon"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("klingon"));
}

#[test]
fn help_ok_every_subcommand() {
    let top = ok(&["--help"]);
    for sub in ["parse", "analyze", "shanten", "score", "fan", "stats"] {
        assert!(top.contains(sub), "top-level help lists {sub}");
        let help = ok(&[sub, "--help"]);
        assert!(help.contains("Usage: pairi"), "{sub}: {help}");
        let help = ok(&["help", sub]);
        assert!(help.contains("Usage: pairi"), "{sub}: {help}");
    }
    assert!(ok(&["--version"]).starts_with("pairi "));
}

/// A batch run's output lines as JSON.
fn batch(args: &[&str], input: &str) -> Vec<serde_json::Value> {
    let r = pairi_with_input(args, input);
    assert_eq!(r.code, 0, "pairi {args:?}: {r:?}");
    assert!(r.stderr.is_empty(), "pairi {args:?}: {r:?}");
    r.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn analyze_ok_human_output() {
    let out = ok(&["analyze", "123m406p789s1122z"]);
    eqnice!(
        "Hand     123m406p789s1122z\n\
         Shanten  tenpai (0 shanten)  [riichi: regular 0, chiitoitsu 4, kokushi 8]\n\
         Waits    12z  (4 left)\n\
         \x20 1z  2 left  shanpon\n\
         \x20 2z  2 left  shanpon\n\
         Improvements  none\n",
        out
    );
    let out = ok(&["analyze", "13m456p789s123s55z", "--visible", "2m"]);
    eqnice!(
        "Hand     13m456p123789s55z\n\
         Shanten  tenpai (0 shanten)  [riichi: regular 0, chiitoitsu 5, kokushi 8]\n\
         Waits    2m  (3 left)\n\
         \x20 2m  3 left  kanchan\n\
         \n\
         Improvements (draws that keep the shanten but widen it):\n\
         Draw  Discard  Left  Useful tiles\n\
         4m    1m          7  25m\n\
         1m    3m          4  1m5z\n\
         3m    1m          4  3m5z\n\
         5m    1m          4  4m\n",
        out
    );
}

#[test]
fn analyze_ok_discard_table() {
    let out = ok(&["analyze", "[123m][456p][789s]11z2z45s"]);
    eqnice!(
        "Hand     45s112z[123m][456p][789s]\n\
         Shanten  tenpai (0 shanten)  [riichi: regular 0]\n\
         \n\
         Discard  Shanten  Left  Useful tiles\n\
         2z             0     8  36s\n\
         5s             1    23  23456s12z\n\
         4s             1    22  34567s12z\n\
         1z             1    13  36s12z\n",
        out
    );
    let out = ok(&["analyze", "11z2z45s", "--melds", "3", "--family", "mcr"]);
    assert!(out.contains("[mcr: regular 0]\n"), "{out}");
    let out = ok(&["analyze", "147m258p369s1234z", "--family", "mcr"]);
    assert!(out.contains("[mcr: regular 8, seven_pairs 6, thirteen_orphans 7, honors_and_knitted 0, knitted_straight 2]"), "{out}");
}

#[test]
fn analyze_ok_json() {
    let out = ok(&["analyze", "123m456p789s11z35z", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["shanten"], 1);
    assert_eq!(v["forms"]["regular"], 1);
    assert_eq!(v["useful"], "135z");
    assert_eq!(v["count"], 8);
    assert_eq!(v["waits"], serde_json::Value::Null);
    assert!(v["improvements"].as_array().unwrap().len() > 10);
    let out = ok(&["analyze", "123m406p789s11222z", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["shanten"], -1);
    assert_eq!(v["discards"][0]["shanten"], 0);
    assert!(v.get("useful").is_none());
}

#[test]
fn analyze_err_exit_2() {
    assert!(fails(&["analyze", "12x"]).starts_with("error: parse: at column 3: found 'x'"));
    eqnice!(
        "error: invalid_hand: 3 concealed tiles with 0 melds: a hand needs 13 or 14\n",
        fails(&["analyze", "123m"])
    );
    assert!(
        fails(&["analyze", "123m406p789s1122z", "--visible", "1z1z1z"])
            .contains("1z: 2 in the hand and 3 seen elsewhere")
    );
    assert!(fails(&["analyze", "123m406p789s1122z", "--visible", "1q"])
        .contains("`visible`: at column 2"));
    let r = pairi(&["analyze", "123m406p789s1122z", "--batch", "-"]);
    assert_eq!(r.code, 2, "a hand and --batch together: {r:?}");
    let r = pairi(&["analyze"]);
    assert_eq!(r.code, 2, "neither a hand nor --batch: {r:?}");
}

#[test]
fn shanten_ok_single() {
    eqnice!(
        "1 shanten  (regular 1, chiitoitsu 5, kokushi 9)\n",
        ok(&["shanten", "123m456p789s1111z"])
    );
    eqnice!(
        "tenpai (0 shanten)  (regular 0, chiitoitsu 5, kokushi 9)\n",
        ok(&["shanten", "123m456p789s1111z", "--classic"])
    );
    eqnice!(
        "{\"shanten\":0,\"regular\":0,\"seven_pairs\":null,\"thirteen_orphans\":null,\"honors_and_knitted\":null,\"knitted_straight\":null}\n",
        ok(&["shanten", "3s", "--melds", "4", "--family", "mcr", "--json"])
    );
}

#[test]
fn shanten_batch_ok_ids_order_errors_blank_lines() {
    let input = concat!(
        "{\"id\": \"a\", \"hand\": \"123m456p789s1111z\", \"melds\": 0}\n",
        "\n",
        "   \n",
        "{\"id\": 2, \"hand\": \"12x\"}\n",
        "not json\n",
        "{\"id\": [3], \"hand\": \"123m\"}\n",
        "{\"id\": \"d\", \"hand\": 5}\n",
        "{\"hand\": \"123m456p789s1111z\", \"classic\": true, \"extra\": {\"x\": 1}}\n",
        "{\"id\": \"f\", \"hand\": \"11z2z45s\", \"melds\": [{\"kind\": \"chi\", \"tiles\": \"123m\"}, {\"kind\": \"pon\", \"tiles\": \"444p\"}, {\"kind\": \"kong\", \"tiles\": \"9999s\", \"from\": 2}]}\n",
    );
    let out = batch(&["shanten", "--batch", "-"], input);
    assert_eq!(out.len(), 7, "{out:?}");
    assert_eq!(
        out[0],
        serde_json::json!({"id": "a", "shanten": 1, "regular": 1, "chiitoitsu": 5, "kokushi": 9})
    );
    assert_eq!(out[1]["id"], 2);
    assert_eq!(out[1]["error"]["kind"], "parse");
    assert!(out[1]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("at column 3"));
    assert_eq!(out[1]["error"]["line"], 4);
    assert_eq!(out[1]["error"]["column"], 3);
    assert_eq!(out[2]["id"], serde_json::Value::Null);
    assert_eq!(out[2]["error"]["kind"], "invalid_request");
    assert_eq!(out[3]["id"], serde_json::json!([3]));
    assert_eq!(out[3]["error"]["kind"], "invalid_hand");
    assert_eq!(out[4]["id"], "d");
    assert_eq!(out[4]["error"]["kind"], "invalid_request");
    assert_eq!(out[5]["id"], serde_json::Value::Null);
    assert_eq!(out[5]["regular"], 0);
    assert_eq!(out[6]["id"], "f");
    assert_eq!(out[6]["shanten"], 0);
    assert_eq!(out[6]["chiitoitsu"], serde_json::Value::Null);
}

#[test]
fn shanten_batch_ok_shared_riichi_cases() {
    let Some(path) = common::shared::path("data/shanten/cases.jsonl") else {
        return;
    };
    let input = std::fs::read_to_string(&path).unwrap();
    let out = batch(&["shanten", "--batch", &path.display().to_string()], "");
    let cases: Vec<serde_json::Value> = input
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(out.len(), cases.len());
    let mut pass = 0;
    for (case, got) in cases.iter().zip(&out) {
        assert_eq!(got["id"], case["id"]);
        let e = &case["expected"];
        if ["shanten", "regular", "chiitoitsu", "kokushi"]
            .iter()
            .all(|k| got[k] == e[k])
        {
            pass += 1;
        } else {
            eprintln!("{}: got {got} want {e}", case["id"]);
        }
    }
    eprintln!(
        "shanten/cases.jsonl through pairi shanten --batch: {pass} / {} pass",
        cases.len()
    );
    assert_eq!(pass, cases.len());
}

#[test]
fn shanten_batch_ok_shared_mcr_cases_from_stdin() {
    let Some(input) = common::shared::read("data/mcr/shanten-seed1.jsonl") else {
        return;
    };
    let out = batch(&["shanten", "--batch", "-", "--family", "mcr"], &input);
    let cases: Vec<serde_json::Value> = input
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(out.len(), cases.len());
    let keys = [
        "shanten",
        "regular",
        "seven_pairs",
        "thirteen_orphans",
        "honors_and_knitted",
        "knitted_straight",
    ];
    let mut pass = 0;
    for (case, got) in cases.iter().zip(&out) {
        assert_eq!(got["id"], case["id"]);
        if keys.iter().all(|k| got[k] == case["expected"][k]) {
            pass += 1;
        } else {
            eprintln!("{}: got {got} want {}", case["id"], case["expected"]);
        }
    }
    eprintln!(
        "mcr/shanten-seed1.jsonl through pairi shanten --batch: {pass} / {} pass",
        cases.len()
    );
    assert_eq!(pass, cases.len());
}

#[test]
fn analyze_batch_ok_ids_order_errors() {
    let input = concat!(
        "{\"id\": \"a-1\", \"hand\": \"123m406p789s1122z\", \"visible\": \"1z\"}\n",
        "\n",
        "{\"id\": \"a-2\", \"hand\": \"[123m][456p][789s]11z2z45s\"}\n",
        "{\"id\": \"a-3\", \"hand\": \"123m406p789s1122z\", \"visible\": \"1z1z1z\"}\n",
        "{\"id\": \"a-4\", \"hand\": \"1m[1111m]\"}\n",
        "{\"id\": \"a-5\", \"hand\": \"123m\", \"melds\": \"two\"}\n",
        "{\"id\": \"a-6\", \"hand\": \"11z2z45s\", \"melds\": 3}\n",
    );
    let out = batch(&["analyze", "--batch", "-"], input);
    let ids: Vec<&str> = out.iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["a-1", "a-2", "a-3", "a-4", "a-5", "a-6"]);
    assert_eq!(
        out[0],
        serde_json::json!({"id": "a-1", "hand": "123m406p789s1122z", "shanten": 0,
            "forms": {"regular": 0, "chiitoitsu": 4, "kokushi": 8},
            "useful": "12z", "count": 3, "tiles": [["1z", 1], ["2z", 2]], "waits": "12z",
            "improvements": [], "wait_shapes": [
                {"tile": "1z", "left": 1, "shapes": ["shanpon"]},
                {"tile": "2z", "left": 2, "shapes": ["shanpon"]}]})
    );
    assert_eq!(
        out[1]["discards"][0],
        serde_json::json!({"tile": "2z", "shanten": 0, "useful": "36s", "count": 8,
            "tiles": [["3s", 4], ["6s", 4]]})
    );
    assert_eq!(out[1]["discards"].as_array().unwrap().len(), 4);
    assert_eq!(out[2]["error"]["kind"], "invalid_hand");
    assert_eq!(out[3]["error"]["kind"], "invalid_hand");
    assert_eq!(out[4]["error"]["kind"], "invalid_request");
    assert_eq!(out[5]["forms"]["chiitoitsu"], serde_json::Value::Null);
    // Melds only counted: the 7s of the [789s] chow is no longer known to be held.
    assert_eq!(out[5]["discards"][0], out[1]["discards"][0]);
    assert_eq!(out[5]["discards"][1]["tile"], "4s");
    assert_eq!(out[5]["discards"][1]["count"], 23);
}

#[test]
fn analyze_batch_ok_shared_discard_lines() {
    // The first lines of the MCR discard file, answered through the CLI: every row of
    // the table as the oracle gives it (these hands hold no kind four times).
    let Some(text) = common::shared::read("data/mcr/discard-seed1.jsonl") else {
        return;
    };
    // The oracle counts from the hand alone: the discarded copy drawable.
    let input: String = text
        .lines()
        .take(20)
        .map(|l| format!("{{\"discarded\": \"drawable\", {}\n", &l[1..]))
        .collect();
    let out = batch(&["analyze", "--batch", "-", "--family", "mcr"], &input);
    assert_eq!(out.len(), 20);
    for (line, got) in input.lines().zip(&out) {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(got["id"], case["id"]);
        assert_eq!(
            got["shanten"], case["expected"]["shanten"],
            "{}",
            case["id"]
        );
        let want = case["expected"]["discards"].as_object().unwrap();
        let rows = got["discards"].as_array().unwrap();
        assert_eq!(rows.len(), want.len(), "{}", case["id"]);
        for row in rows {
            let w = &want[row["tile"].as_str().unwrap()];
            for k in ["shanten", "useful", "count"] {
                assert_eq!(row[k], w[k], "{} {}", case["id"], row["tile"]);
            }
        }
    }
}

#[test]
fn batch_err_missing_file_exit_2() {
    let r = pairi(&["shanten", "--batch", "/nonexistent/file.jsonl"]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.is_empty());
    assert!(
        r.stderr.contains("cannot open /nonexistent/file.jsonl"),
        "{r:?}"
    );
}

#[test]
fn output_err_full_disk_ends_with_status_2_without_a_panic() {
    let commands: &[&[&str]] = &[
        &["parse", "123m"],
        &["parse", "12x", "--json"],
        &["analyze", "123m456p789s1122z"],
        &["analyze", "123m", "--json"],
        &["shanten", "123m456p789s1122z", "--json"],
        &["score", "234m406p78999s[777z]"],
        &["score", "234m406p78999s[777z]", "--json"],
        &["score", "123m", "--json"],
        &["fan", "123m456p789s11222z"],
        &["fan", "123m", "--json"],
        &["stats", "--exact", "--tiles", "14", "--form", "kokushi"],
    ];
    for args in commands {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_pairi"))
            .args(*args)
            .stdout(full)
            .output()
            .expect("pairi runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "pairi {args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "pairi {args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "pairi {args:?}: {stderr}");
    }
}

#[test]
fn output_err_closed_pipe_ends_quietly_with_status_2() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_pairi"))
        .args(["shanten", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pairi runs");
    // Nobody reads the answers.
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        for _ in 0..200_000 {
            if stdin
                .write_all(b"{\"hand\": \"123m456p789s1122z\"}\n")
                .is_err()
            {
                break;
            }
        }
    });
    let out = child.wait_with_output().expect("pairi ends");
    writer.join().expect("the writer ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn analyze_kongs_in_hand_reads_plain_fours_as_kongs() {
    // Four kongs and a pair written as a plain list of 18 tiles.
    let hand = "111122223333444455m";
    let err = fails(&["analyze", hand]);
    assert!(err.contains("18 concealed tiles"), "{err}");
    assert!(
        err.contains("[1111m]") && err.contains("--kongs-in-hand"),
        "{err}"
    );
    let text = ok(&["analyze", hand, "--kongs-in-hand"]);
    assert!(text.contains("[1111m][2222m][3333m][4444m]"), "{text}");
    assert!(text.contains("Complete in 1 way"), "{text}");
    let written = ok(&["analyze", "[1111m][2222m][3333m][4444m]55m", "--json"]);
    let plain = ok(&["analyze", hand, "--kongs-in-hand", "--json"]);
    assert_eq!(plain, written);
    eqnice!(
        "complete (-1)  (regular -1)\n",
        ok(&["shanten", hand, "--kongs-in-hand"])
    );
    // The same in a batch line, and a line without the flag is refused.
    let batch = pairi_with_input(
        &["shanten", "--batch", "-"],
        &format!(
            "{{\"id\": 1, \"hand\": \"{hand}\", \"kongs_in_hand\": true}}\n{{\"id\": 2, \"hand\": \"{hand}\"}}\n"
        ),
    );
    let lines: Vec<&str> = batch.stdout.lines().collect();
    assert!(lines[0].contains("\"shanten\":-1"), "{}", batch.stdout);
    assert!(lines[1].contains("invalid_hand"), "{}", batch.stdout);
}

#[test]
fn sanma_ok_score_analyze_and_batch() {
    let out = ok(&[
        "score",
        "67p33405667789s5p",
        "--players",
        "3",
        "--kita",
        "1",
        "--tsumo",
        "--riichi",
        "--rinshan",
        "--seat-wind",
        "S",
    ]);
    assert!(
        out.starts_with("67p33405667789s5p  tsumo 5p  round E, seat S, three players, 1 kita\n"),
        "{out}"
    );
    assert!(out.contains("North dora"), "{out}");
    assert!(
        out.contains("6000 from the dealer, 3000 from the non-dealer"),
        "{out}"
    );
    // The preset and the rule option say the same as --players.
    for rules in [["--rules", "tenhou-sanma"], ["--rule", "players=3"]] {
        let json = ok(&["score", "19m19p19s1234567z1s", rules[0], rules[1], "--json"]);
        assert!(json.contains(r#""kokushi_13":"#), "{json}");
    }
    let out = ok(&[
        "analyze",
        "119m123p456p789s1z",
        "--players",
        "3",
        "--kita",
        "1",
    ]);
    assert!(
        out.starts_with("Hand     119m123456p789s1z  (three players, 108 tiles, 1 kita)\n"),
        "{out}"
    );
    assert!(out.contains("Useful   19m1z  (8 left)"), "{out}");
    let r = pairi_with_input(
        &["shanten", "--batch", "-"],
        "{\"hand\": \"11119999m66789p\", \"players\": 3}\n{\"hand\": \"11119999m66789p\"}\n",
    );
    assert_eq!(r.code, 0, "{r:?}");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(
        lines[0].contains(r#""shanten":2"#) && lines[1].contains(r#""shanten":1"#),
        "{r:?}"
    );
}

/// The spellings of 0.1, hidden aliases for one release: each gives what its new name
/// gives, byte for byte.
#[test]
fn flags_ok_old_spellings_still_work() {
    for (old, new) in [
        (
            &[
                "score",
                "234m406p78999s[777z]",
                "--win",
                "9s",
                "--round",
                "S",
                "--seat",
                "W",
                "--sticks",
                "2",
                "--json",
            ][..],
            &[
                "score",
                "234m406p78999s[777z]",
                "--win",
                "9s",
                "--round-wind",
                "S",
                "--seat-wind",
                "W",
                "--riichi-sticks",
                "2",
                "--json",
            ][..],
        ),
        (
            &[
                "fan",
                "123m456p789s1122z",
                "--win",
                "2z",
                "--round",
                "S",
                "--seat",
                "W",
                "--json",
            ],
            &[
                "fan",
                "123m456p789s1122z",
                "--win",
                "2z",
                "--round-wind",
                "S",
                "--seat-wind",
                "W",
                "--json",
            ],
        ),
        (
            &[
                "ev",
                "123m456p789s11223z",
                "--round",
                "S",
                "--seat",
                "S",
                "--radius",
                "0",
                "--no-red",
                "--t-max",
                "6",
                "--json",
            ],
            &[
                "ev",
                "123m456p789s11223z",
                "--round-wind",
                "S",
                "--seat-wind",
                "S",
                "--search-radius",
                "0",
                "--no-red-fives",
                "--t-max",
                "6",
                "--json",
            ],
        ),
        (
            &["analyze", "147m258p369s1234z", "--rules", "mcr", "--json"],
            &["analyze", "147m258p369s1234z", "--family", "mcr", "--json"],
        ),
        (
            &["shanten", "147m258p369s1234z", "--rules", "mcr", "--json"],
            &["shanten", "147m258p369s1234z", "--family", "mcr", "--json"],
        ),
    ] {
        let (a, b) = (pairi(old), pairi(new));
        assert_eq!((a.code, &a.stdout), (0, &b.stdout), "{old:?}: {a:?}");
        assert_eq!(b.code, 0, "{new:?}: {b:?}");
    }
    // The old names are not shown.
    for command in ["score", "fan", "ev", "analyze", "shanten"] {
        let help = pairi(&[command, "--help"]).stdout;
        for old in [
            "--round ",
            "--seat ",
            "--sticks",
            "--radius",
            "--no-red ",
            "--rules <",
        ] {
            assert!(
                !help.contains(old) || (old == "--rules <" && ["score", "fan"].contains(&command)),
                "{command} --help shows {old}"
            );
        }
    }
}

#[test]
fn sanma_err_impossible_inputs() {
    eqnice!(
        "error: invalid_hand: 1 copy of 2m: the wall has 0 copies\n",
        fails(&["score", "234m456p789s11z555z", "--players", "3"])
    );
    eqnice!(
        "error: invalid_hand: impossible situation: kita (North set aside) is three-player only: set `players` to 3\n",
        fails(&["score", "123456789p123s99s", "--riichi", "--kita", "1"])
    );
    eqnice!(
        "error: invalid_request: `kita` (North tiles set aside) is three-player only: set `players` to 3\n",
        fails(&["analyze", "119m123p456p789s1z", "--kita", "1"])
    );
    eqnice!(
        "error: invalid_hand: impossible situation: no North seat or round in three-player mahjong\n",
        fails(&["score", "123456789p123s99s", "--riichi", "--players", "3", "--seat-wind", "N"])
    );
    let r = pairi(&["analyze", "1m", "--players", "5"]);
    assert!(
        r.code == 2 && r.stderr.contains("`players` is 3 or 4, not 5"),
        "{r:?}"
    );
}
