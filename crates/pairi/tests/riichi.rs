//! Every Riichi scoring case of `shared/data/riichi/score-cases.jsonl`.

use pairi::api::riichi::ScoreRequest;
use pairi::api::Request;
use serde_json::Value;

const CASES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/data/riichi/score-cases.jsonl"
);

/// Cases where this implementation and the reference disagree on purpose (none).
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[];

/// Compares one case; returns a description of the first difference.
fn check(line: &str) -> Result<(), String> {
    let case: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let req: ScoreRequest = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let want = &case["expected"];
    let got = req.answer();
    if let Some(kind) = want.get("error") {
        return match got {
            Err(e) if kind.as_str() == Some(e.kind().id()) => Ok(()),
            Err(e) => Err(format!("want error {kind}, got error {} ({e})", e.kind())),
            Ok(r) => Err(format!(
                "want error {kind}, got {}",
                serde_json::to_string(&r).unwrap()
            )),
        };
    }
    let got = got.map_err(|e| format!("want a score, got error {} ({e})", e.kind()))?;
    let got = serde_json::to_value(got).unwrap();
    let mut fields = vec!["han", "yakuman", "yaku", "payments", "total"];
    if want["yakuman"] == 0 {
        fields.push("fu");
    }
    for f in fields {
        if got[f] != want[f] {
            return Err(format!(
                "{f}: want {}, got {}\n  got {}",
                want[f], got[f], got
            ));
        }
    }
    Ok(())
}

#[test]
fn riichi_ok_every_shared_case() {
    let text = std::fs::read_to_string(CASES).expect("shared riichi cases");
    let mut failures = Vec::new();
    let mut total = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        total += 1;
        let id = serde_json::from_str::<Value>(line).unwrap()["id"]
            .as_str()
            .unwrap_or("?")
            .to_string();
        if KNOWN_DIFFERENCES.iter().any(|(k, _)| *k == id) {
            continue;
        }
        if let Err(e) = check(line) {
            failures.push(format!("{id}: {e}\n  {line}"));
        }
    }
    assert_eq!(total, 3000);
    assert!(
        failures.is_empty(),
        "{} of {total} cases differ:\n{}",
        failures.len(),
        failures
            .iter()
            .take(15)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
