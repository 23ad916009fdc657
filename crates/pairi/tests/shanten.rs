//! Shanten cases: `data/shanten/cases.jsonl` (Riichi, every form) and
//! `data/mcr/shanten-seed1.jsonl` (MCR, every form; `"classic": true` lines in the
//! classic count).

use pairi::notation::parse_hand;
use pairi::shanten::{self, Mode};
use serde_json::Value;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/");

fn lines(file: &str) -> Vec<Value> {
    let path = format!("{DATA}{file}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn opt(v: &Value) -> Option<i8> {
    v.as_i64().map(|n| i8::try_from(n).unwrap())
}

fn input(case: &Value) -> (pairi::TileCounts, usize) {
    let hand = parse_hand(case["hand"].as_str().unwrap()).unwrap();
    let melds = usize::try_from(case["melds"].as_u64().unwrap()).unwrap();
    (*hand.concealed(), melds)
}

/// One Riichi case: every field of `expected`.
fn check_riichi(case: &Value) -> Result<(), String> {
    let (c, melds) = input(case);
    let e = &case["expected"];
    let got = shanten::riichi(&c, melds).map_err(|e| e.to_string())?;
    let want = (
        opt(&e["regular"]),
        opt(&e["chiitoitsu"]),
        opt(&e["kokushi"]),
        opt(&e["shanten"]),
    );
    let have = (
        Some(got.regular),
        got.chiitoitsu,
        got.kokushi,
        Some(got.min()),
    );
    if have == want {
        Ok(())
    } else {
        Err(format!("got {have:?}, want {want:?}"))
    }
}

/// One MCR case: every form and the minimum.
fn check_mcr(case: &Value) -> Result<(), String> {
    let (c, melds) = input(case);
    let e = &case["expected"];
    let mode = if case["classic"].as_bool() == Some(true) {
        Mode::Classic
    } else {
        Mode::Exact
    };
    let got = shanten::mcr_with(&c, melds, mode).map_err(|e| e.to_string())?;
    let want = [
        opt(&e["regular"]),
        opt(&e["seven_pairs"]),
        opt(&e["thirteen_orphans"]),
        opt(&e["honors_and_knitted"]),
        opt(&e["knitted_straight"]),
        opt(&e["shanten"]),
    ];
    let have = [
        Some(got.regular),
        got.seven_pairs,
        got.thirteen_orphans,
        got.honors_and_knitted,
        got.knitted_straight,
        Some(got.min()),
    ];
    if have == want {
        Ok(())
    } else {
        Err(format!("got {have:?}, want {want:?}"))
    }
}

#[allow(clippy::print_stderr)]
fn run(file: &str, check: fn(&Value) -> Result<(), String>) {
    let cases = lines(file);
    let mut failures = Vec::new();
    for case in &cases {
        if let Err(msg) = check(case) {
            failures.push(format!("{} {}: {msg}", case["id"], case["hand"]));
        }
    }
    eprintln!(
        "{file}: {} / {} pass",
        cases.len() - failures.len(),
        cases.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}

#[test]
fn shanten_cases_riichi() {
    run("shanten/cases.jsonl", check_riichi);
}

#[test]
fn shanten_cases_mcr() {
    run("mcr/shanten-seed1.jsonl", check_mcr);
}
