//! Shanten cases: `data/shanten/cases.jsonl` (Riichi, every form) and
//! `data/mcr/shanten-seed1.jsonl` (MCR, every form; `"classic": true` lines in the
//! classic count).

use pairi::notation::parse_hand;
use pairi::shanten::{self, Mode};
use serde_json::Value;

/// The cases of a shared file (`shanten/cases.jsonl`), or `None` without it.
fn lines(file: &str) -> Option<Vec<Value>> {
    let text = crate::shared::read(&format!("data/{file}"))?;
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .collect(),
    )
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
    let Some(cases) = lines(file) else {
        return;
    };
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

/// One three-player case through the JSON requests: shanten per form (`shanten`),
/// useful tiles and their count (`analyze`) on the 108-tile wall, and the four-player
/// answer for the same tiles (`expected_4p`).
fn check_sanma(case: &Value) -> Result<(), String> {
    use pairi::api::analysis::{AnalysisRequest, ShantenRequest};
    use pairi::api::Request;
    let answer = |players: bool| -> Result<(Value, Value), String> {
        let mut case = case.clone();
        if !players {
            case.as_object_mut().unwrap().remove("players");
        }
        let shanten: ShantenRequest = serde_json::from_value(case.clone()).unwrap();
        let analysis: AnalysisRequest = serde_json::from_value(case).unwrap();
        let s = shanten.answer().map_err(|e| e.to_string())?;
        let a = analysis.answer().map_err(|e| e.to_string())?;
        Ok((
            serde_json::to_value(s).unwrap(),
            serde_json::to_value(a).unwrap(),
        ))
    };
    let (s, a) = answer(true)?;
    let e = &case["expected"];
    for form in ["regular", "chiitoitsu", "kokushi"] {
        if s[form] != e[form] {
            return Err(format!(
                "{form}: got {}, want {}",
                s["forms"][form], e[form]
            ));
        }
    }
    if s["shanten"] != e["shanten"] || a["shanten"] != e["shanten"] {
        return Err(format!(
            "shanten: got {} / {}, want {}",
            s["shanten"], a["shanten"], e["shanten"]
        ));
    }
    for field in ["useful", "count"] {
        if e.get(field).is_some() && a[field] != e[field] {
            return Err(format!("{field}: got {}, want {}", a[field], e[field]));
        }
    }
    let (_, a4) = answer(false)?;
    let e4 = &case["expected_4p"];
    for field in ["shanten", "useful", "count"] {
        if e4.get(field).is_some() && a4[field] != e4[field] {
            return Err(format!(
                "four players, {field}: got {}, want {}",
                a4[field], e4[field]
            ));
        }
    }
    Ok(())
}

#[test]
fn shanten_cases_sanma() {
    let Some(cases) = lines("sanma/shanten-cases.jsonl") else {
        return;
    };
    assert_eq!(cases.len(), 976);
    run("sanma/shanten-cases.jsonl", check_sanma);
}
