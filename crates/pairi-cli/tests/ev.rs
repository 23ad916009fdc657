//! `pairi ev` from the outside: the table, the explanation, JSON, the chart, batches of
//! the shared cases, and exit codes.

mod common;

use common::Run;
use serde_json::Value;

fn pairi(args: &[&str], stdin: &str) -> Run {
    common::run(args, stdin.as_bytes())
}

#[test]
fn ev_ok_table_sorted_by_score() {
    let r = pairi(&["ev", "222567m345p33667s", "--dora", "1z"], "");
    assert_eq!(r.code, 0, "{r:?}");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "0-shanten, turn 1, 173 hand states searched (0.1 MB), sorted by expected score"
    );
    assert!(lines[2].starts_with("discard  shanten   win %"), "{r:?}");
    // Discarding 6s keeps tenpai on 5s-8s with riichi: the best expected score.
    assert!(
        lines[3].starts_with("6s R           0    71.7     100.0         6117  5s 8s (8)"),
        "{r:?}"
    );
}

#[test]
fn ev_ok_explain_and_maximize() {
    let r = pairi(
        &[
            "ev",
            "222567m345p33667s",
            "--dora",
            "1z",
            "--maximize",
            "win",
            "--explain",
            "--paths",
            "2",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("sorted by win probability"), "{r:?}");
    assert!(
        r.stdout.contains("Discard 6s: win probability 71.7% now"),
        "{r:?}"
    );
    assert!(
        r.stdout
            .contains("path 35.85%: already tenpai; riichi on 58s, win on 8s"),
        "{r:?}"
    );
}

#[test]
fn ev_ok_json_explained_sums() {
    let r = pairi(
        &[
            "ev",
            "123m456p789s11223z",
            "--t-max",
            "8",
            "--explain",
            "--json",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{r:?}");
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["maximize"], "score");
    for d in v["discards"].as_array().unwrap() {
        let x = &d["explain"];
        let added: f64 = x["first_draws"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["contribution"].as_f64().unwrap())
            .sum();
        let (value, later) = (x["value"].as_f64().unwrap(), x["later"].as_f64().unwrap());
        assert!((later + added - value).abs() < 1e-6 * value.max(1.0), "{d}");
        assert_eq!(d["score"][1].as_f64().unwrap(), value);
    }
}

#[test]
fn ev_ok_plot_svg() {
    let dir = std::env::temp_dir().join(format!("pairi-ev-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("win.svg");
    let r = pairi(
        &[
            "ev",
            "23345m77p678s[345s]",
            "--plot",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{r:?}");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(
        svg.contains("<svg") && svg.contains("polyline"),
        "{}",
        &svg[..200.min(svg.len())]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ev_err_exit_2() {
    for (args, kind) in [
        (vec!["ev", "123m456p789s11222z"], "invalid_hand"),
        (vec!["ev", "147m258p369s1357z"], "invalid_request"),
        (
            vec!["ev", "123m456p789s11223z", "--turn", "19"],
            "invalid_request",
        ),
        (
            vec!["ev", "123m456p789s11223z", "--visible", "1z1z1z1z"],
            "invalid_hand",
        ),
        (vec!["ev", "123m456p789s1123x"], "parse"),
    ] {
        let r = pairi(&args, "");
        assert_eq!(r.code, 2, "{args:?}: {r:?}");
        assert!(
            r.stderr.starts_with(&format!("error: {kind}: ")),
            "{args:?}: {r:?}"
        );
    }
}

/// The shared cases through `pairi ev --batch`: every line answered, ids echoed, the
/// reference's values within 1e-9 (the library test compares every element; this one
/// the value at the case's own turn, through the JSON of the command line).
#[test]
fn ev_ok_batch_shared_cases() {
    let Some(text) = common::shared::read("data/ev/cases.jsonl") else {
        return;
    };
    let r = pairi(&["ev", "--batch", "-"], &text);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let cases: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let answers: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(cases.len(), answers.len());
    for (c, a) in cases.iter().zip(&answers) {
        assert_eq!(c["id"], a["id"]);
        let want = &c["expected"];
        assert_eq!(a["searched"], want["searched"], "{}", c["id"]);
        let turn = c["turn"].as_u64().unwrap() as usize;
        for w in want["discards"].as_array().unwrap() {
            let got = a["discards"]
                .as_array()
                .unwrap()
                .iter()
                .find(|d| d["tile"] == w["tile"])
                .unwrap_or_else(|| panic!("{}: no discard {}", c["id"], w["tile"]));
            for m in ["tenpai", "win", "score"] {
                let (g, e) = (got[m][turn].as_f64().unwrap(), w[m][turn].as_f64().unwrap());
                assert!(
                    (g - e).abs() <= 1e-9 * e.abs().max(1.0),
                    "{} {}: {m} {g} != {e}",
                    c["id"],
                    w["tile"]
                );
            }
        }
    }
}

#[test]
fn analyze_ok_ev_columns() {
    let r = pairi(
        &["analyze", "222567m345p33667s", "--ev", "--dora", "1z"],
        "",
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.stdout
            .contains("Discard  Shanten  Left  Useful tiles\n6s "),
        "{r:?}"
    );
    assert!(
        r.stdout
            .contains("Expected value by turn 18 (173 hand states; R: riichi):"),
        "{r:?}"
    );
    assert!(
        r.stdout
            .contains("\n6s R           0    71.7     100.0        6117\n"),
        "{r:?}"
    );
    let r = pairi(&["analyze", "222567m345p3367s", "--ev", "--json"], "");
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["waits"], "58s");
    assert_eq!(v["ev"]["discards"][0]["tile"], Value::Null);
    let r = pairi(
        &["analyze", "222567m345p33667s", "--ev", "--family", "mcr"],
        "",
    );
    assert_eq!(r.code, 2, "{r:?}");
}
