//! MCR fan cases of `shared/data/mcr` (`fan-seed1.jsonl`, `fan-anchors.jsonl`): every
//! line is answered through the JSON request type and compared with the reference
//! (PyMahjongGB 1.4.0, see the README beside the files).

#![allow(clippy::print_stderr)] // The pass counts are the report.

use pairi::api::mcr::FanRequest;
use pairi::api::Request;
use serde_json::Value;
use std::collections::BTreeMap;

/// Lines whose fan map differs from the reference's with the same total: the reference
/// keeps the first of several breakdowns of equal total (README, "Oracle conventions" 7).
/// Each entry: case id and the reason.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[];

/// What one line yields: the total and the fan map, or an error kind.
#[derive(Debug, PartialEq)]
enum Outcome {
    Fans(u64, BTreeMap<String, u64>),
    Error(String),
}

fn expected(v: &Value) -> Outcome {
    let e = &v["expected"];
    if let Some(kind) = e.get("error") {
        return Outcome::Error(kind.as_str().unwrap_or_default().to_owned());
    }
    let fans = e["fans"]
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), v.as_u64().unwrap_or(0)))
                .collect()
        })
        .unwrap_or_default();
    Outcome::Fans(e["fan"].as_u64().unwrap_or(0), fans)
}

fn check(v: &Value) -> Outcome {
    let req: FanRequest = match serde_json::from_value(v.clone()) {
        Ok(r) => r,
        Err(_) => return Outcome::Error("invalid_request".into()),
    };
    match req.answer() {
        Ok(r) => Outcome::Fans(
            u64::from(r.fan),
            r.fans
                .0
                .iter()
                .map(|(f, p)| (f.id().to_owned(), u64::from(*p)))
                .collect(),
        ),
        Err(e) => Outcome::Error(e.kind().id().to_owned()),
    }
}

/// Runs a file of `shared/data/mcr`; returns (lines, totals passed, maps passed) after
/// printing failures (nothing without the shared data).
fn run(file: &str) -> (usize, usize, usize) {
    let Some(text) = crate::shared::read(&format!("data/mcr/{file}")) else {
        return (0, 0, 0);
    };
    let (mut lines, mut totals, mut maps) = (0, 0, 0);
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).expect("JSON line");
        let id = v["id"].as_str().unwrap_or_default().to_owned();
        lines += 1;
        let want = expected(&v);
        let got = check(&v);
        let total_ok = match (&want, &got) {
            (Outcome::Fans(a, _), Outcome::Fans(b, _)) => a == b,
            (a, b) => a == b,
        };
        let known = KNOWN_DIFFERENCES.iter().any(|(k, _)| *k == id);
        if total_ok {
            totals += 1;
        }
        if want == got {
            maps += 1;
            assert!(
                !known,
                "{id} is listed in KNOWN_DIFFERENCES but now matches"
            );
        } else if !(total_ok && known) {
            failures.push(format!(
                "{id}: {}\n  want {want:?}\n  got  {got:?}",
                v["hand"]
            ));
        }
    }
    eprintln!("{file}: {lines} lines, totals {totals}/{lines}, fan maps {maps}/{lines}");
    for f in failures.iter().take(40) {
        eprintln!("{f}");
    }
    assert!(failures.is_empty(), "{} failures in {file}", failures.len());
    (lines, totals, maps)
}

#[test]
fn mcr_fan_seed1() {
    run("fan-seed1.jsonl");
}

#[test]
fn mcr_fan_anchors() {
    run("fan-anchors.jsonl");
}
