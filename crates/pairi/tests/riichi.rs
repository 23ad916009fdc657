//! Every Riichi scoring case of `shared/data/riichi/score-cases.jsonl`, and every
//! three-player case of `shared/data/sanma/score-cases.jsonl` (under the project's
//! default rules for three players, and under `tenhou-sanma` where Tenhou differs).

use pairi::api::riichi::{RulesRequest, ScoreRequest};
use pairi::api::Request;
use pairi::riichi::Preset;
use serde_json::Value;

const CASES: &str = "data/riichi/score-cases.jsonl";

const SANMA_CASES: &str = "data/sanma/score-cases.jsonl";

/// Cases where this implementation and the reference disagree on purpose (none).
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[];

/// Compares one case with its `expected` object; returns a description of the first
/// difference.
fn check(line: &str) -> Result<(), String> {
    check_against(line, "expected", None)
}

/// Compares one case, scored under `preset` if given, with its object `key`.
fn check_against(line: &str, key: &str, preset: Option<Preset>) -> Result<(), String> {
    let case: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let mut req: ScoreRequest = serde_json::from_str(line).map_err(|e| e.to_string())?;
    if let Some(p) = preset {
        req.rules = Some(RulesRequest::Preset(p));
    }
    let want = &case[key];
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

/// Runs `check` over every case of the shared `file`, and returns how many there are,
/// and the failures (`None` without the shared data).
fn run(
    file: &str,
    check: impl Fn(&str, &Value) -> Option<Result<(), String>>,
) -> Option<(usize, Vec<String>)> {
    let text = crate::shared::read(file)?;
    let mut failures = Vec::new();
    let mut total = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case = serde_json::from_str::<Value>(line).unwrap();
        let id = case["id"].as_str().unwrap_or("?").to_string();
        if KNOWN_DIFFERENCES.iter().any(|(k, _)| *k == id) {
            continue;
        }
        if let Some(result) = check(line, &case) {
            total += 1;
            if let Err(e) = result {
                failures.push(format!("{id}: {e}\n  {line}"));
            }
        }
    }
    Some((total, failures))
}

fn assert_none_failed(total: usize, failures: &[String]) {
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

#[test]
fn sanma_ok_every_shared_case() {
    let Some((total, failures)) = run(SANMA_CASES, |line, _| Some(check(line))) else {
        return;
    };
    assert_eq!(total, 1926);
    assert_none_failed(total, &failures);
}

#[test]
fn sanma_ok_tenhou_where_it_differs() {
    let Some((total, failures)) = run(SANMA_CASES, |line, case| {
        case.get("expected_tenhou")
            .map(|_| check_against(line, "expected_tenhou", Some(Preset::TenhouSanma)))
    }) else {
        return;
    };
    // The folder README says 160 lines; the file holds 73.
    assert_eq!(total, 73);
    assert_none_failed(total, &failures);
}

#[test]
fn riichi_ok_every_shared_case() {
    let Some((total, failures)) = run(CASES, |line, _| Some(check(line))) else {
        return;
    };
    assert_eq!(total, 3000);
    assert_none_failed(total, &failures);
}

/// Whether a four-player case is also a three-player hand that reads the same: no 2m–8m
/// anywhere, no chi, no North seat or round, and no 1m indicator (it shows 2m with four
/// players, 9m with three).
fn also_sanma(line: &str) -> bool {
    use pairi::hand::MeldKind;
    use pairi::tile::{Tile, Wind};
    let Ok(i) = serde_json::from_str::<ScoreRequest>(line).unwrap().inputs() else {
        return false;
    };
    let ctx = &i.context;
    let mut counts = i.hand.all_counts();
    for p in ctx.dora().iter().chain(ctx.ura().iter()) {
        counts.add(p.tile());
    }
    let indicators = ctx.dora().iter().chain(ctx.ura().iter());
    (1..8).all(|n| counts.get(Tile::new(n).unwrap()) == 0)
        && !i.hand.melds().iter().any(|m| m.kind() == MeldKind::Chi)
        && ctx.seat_wind() != Wind::North
        && ctx.round_wind() != Wind::North
        && !indicators
            .into_iter()
            .any(|p| p.tile() == Tile::new(0).unwrap())
}

/// Every four-player case that is also a three-player hand has the same yaku, han and
/// fu with three players (the payments differ: tsumo loss, honba).
#[test]
fn sanma_ok_four_player_cases_read_the_same() {
    let Some((total, failures)) = run(CASES, |line, case| {
        if case["expected"].get("error").is_some() || !also_sanma(line) {
            return None;
        }
        let mut req: ScoreRequest = serde_json::from_str(line).unwrap();
        req.players = Some(pairi::api::hand::PlayersField(
            pairi::riichi::rules::Players::Three,
        ));
        let want = &case["expected"];
        Some(match req.answer() {
            Err(e) => Err(format!("three players: {} ({e})", e.kind())),
            Ok(r) => {
                let got = serde_json::to_value(r).unwrap();
                let mut fields = vec!["han", "yakuman", "yaku"];
                if want["yakuman"] == 0 {
                    fields.push("fu");
                }
                fields
                    .into_iter()
                    .find(|f| got[f] != want[f])
                    .map_or(Ok(()), |f| {
                        Err(format!("{f}: want {}, got {}", want[f], got[f]))
                    })
            }
        })
    }) else {
        return;
    };
    // 522 of the 3000 cases are three-player hands.
    assert_eq!(total, 522, "four-player cases that are three-player hands");
    assert_none_failed(total, &failures);
}
