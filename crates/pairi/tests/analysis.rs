//! Analysis cases: `data/mcr/discard-seed1.jsonl` (whole discard tables) and
//! `data/mcr/shanten-seed1.jsonl` (useful tiles per form), under MCR forms; and, through
//! the JSON shanten request (meld objects included), every scoring case file: a hand is
//! complete exactly when the oracle scores it.
//!
//! As `data/mcr/README.md` says, the oracle counts shanten structurally (a wait on a
//! kind the hand holds four of still counts), so discard tables are compared only for
//! hands that hold no kind four times, and useful tiles only on lines without
//! `"classic": true`.

use pairi::analysis::{Analyzer, DiscardedCopy, Family, Holding};
use pairi::api::analysis::ShantenRequest;
use pairi::api::Request;
use pairi::notation::{format_pai, format_set, parse_hand, Format};
use serde_json::Value;
use std::collections::BTreeMap;

/// The cases of a shared file (`mcr/discard-seed1.jsonl`), or `None` without it.
fn lines(file: &str) -> Option<Vec<Value>> {
    let text = crate::shared::read(&format!("data/{file}"))?;
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .collect(),
    )
}

fn holding(case: &Value) -> Holding {
    let hand = parse_hand(case["hand"].as_str().unwrap()).unwrap();
    let melds = usize::try_from(case["melds"].as_u64().unwrap()).unwrap();
    Holding::with_unlisted_melds(&hand, melds).unwrap()
}

/// Runs `check` on every case, prints the pass count, and fails with the first few
/// disagreements.
#[allow(clippy::print_stderr)]
fn run(file: &str, cases: &[&Value], check: impl Fn(&Value) -> Result<(), String> + Sync) {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let chunk = cases.len().div_ceil(threads).max(1);
    let failures: Vec<String> = std::thread::scope(|s| {
        let workers: Vec<_> = cases
            .chunks(chunk)
            .map(|part| {
                s.spawn(|| {
                    part.iter()
                        .filter_map(|c| {
                            check(c)
                                .err()
                                .map(|e| format!("{} {}: {e}", c["id"], c["hand"]))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a checker thread panicked"))
            .collect()
    });
    eprintln!(
        "{file}: {} / {} pass",
        cases.len() - failures.len(),
        cases.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures, first:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

/// One discard line: the hand's shanten and every row (shanten, useful, count).
fn check_discards(case: &Value) -> Result<(), String> {
    let h = holding(case);
    // The reference counts from the hand alone, as tenhou.net/2 does.
    let analyzer = Analyzer::new(Family::Mcr).with_discarded(DiscardedCopy::Drawable);
    let forms = analyzer
        .forms(h.concealed(), h.melds())
        .map_err(|e| e.to_string())?;
    let e = &case["expected"];
    if Some(i64::from(forms.shanten())) != e["shanten"].as_i64() {
        return Err(format!("shanten {} want {}", forms.shanten(), e["shanten"]));
    }
    let rows = analyzer.discards(&h).map_err(|e| e.to_string())?;
    let got: BTreeMap<String, (i64, String, u64)> = rows
        .iter()
        .map(|d| {
            (
                format_pai(d.tile, Format::Mpsz),
                (
                    i64::from(d.shanten),
                    format_set(d.useful.tiles),
                    u64::from(d.useful.count),
                ),
            )
        })
        .collect();
    let want: BTreeMap<String, (i64, String, u64)> = e["discards"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(t, v)| {
            (
                t.clone(),
                (
                    v["shanten"].as_i64().unwrap(),
                    v["useful"].as_str().unwrap().to_owned(),
                    v["count"].as_u64().unwrap(),
                ),
            )
        })
        .collect();
    if got != want {
        let diff: Vec<String> = want
            .iter()
            .filter(|(t, w)| got.get(*t) != Some(w))
            .map(|(t, w)| format!("{t}: got {:?} want {w:?}", got.get(t)))
            .collect();
        return Err(format!("rows differ: {}", diff.join("; ")));
    }
    // Best first: lower shanten, then higher count.
    let ordered = rows.windows(2).all(|w| {
        (w[0].shanten, std::cmp::Reverse(w[0].useful.count))
            <= (w[1].shanten, std::cmp::Reverse(w[1].useful.count))
    });
    if !ordered {
        return Err("rows not ordered best first".into());
    }
    Ok(())
}

#[test]
fn mcr_discard_tables() {
    let Some(all) = lines("mcr/discard-seed1.jsonl") else {
        return;
    };
    let cases: Vec<&Value> = all
        .iter()
        .filter(|c| holding(c).concealed().max_count() < 4)
        .collect();
    assert!(cases.len() > 900, "{} cases", cases.len());
    run("mcr/discard-seed1.jsonl", &cases, check_discards);
}

/// One shanten line of a 13 − 3n tile hand: the useful tiles of every form and overall.
fn check_useful(case: &Value) -> Result<(), String> {
    let u = Analyzer::new(Family::Mcr)
        .useful_by_form(&holding(case))
        .map_err(|e| e.to_string())?;
    let want = &case["expected"]["useful"];
    let mut diffs = Vec::new();
    for (form, set) in &u.by_form {
        let got = set.map(format_set);
        let w = want[form.id()].as_str().map(str::to_owned);
        if got != w {
            diffs.push(format!("{}: got {got:?} want {w:?}", form.id()));
        }
    }
    if want["all"].as_str() != Some(format_set(u.all).as_str()) {
        diffs.push(format!(
            "all: got {} want {}",
            format_set(u.all),
            want["all"]
        ));
    }
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(diffs.join("; "))
    }
}

#[test]
fn mcr_useful_tiles() {
    let Some(all) = lines("mcr/shanten-seed1.jsonl") else {
        return;
    };
    let cases: Vec<&Value> = all
        .iter()
        .filter(|c| c["classic"] != Value::Bool(true) && !c["expected"]["useful"].is_null())
        .collect();
    assert!(cases.len() > 1500, "{} cases", cases.len());
    run("mcr/shanten-seed1.jsonl", &cases, check_useful);
}

/// Shanten through the JSON request (meld objects of the scoring case files included).
fn request_shanten(case: &Value, family: Family) -> Result<i8, String> {
    let mut req: ShantenRequest =
        serde_json::from_value(case.clone()).map_err(|e| e.to_string())?;
    req.apply_defaults(&family);
    req.answer().map(|r| r.shanten).map_err(|e| e.to_string())
}

#[test]
fn mcr_fan_cases_complete_unless_not_winning() {
    // Every MCR fan case is complete under MCR forms exactly when the oracle scores it.
    for file in ["mcr/fan-seed1.jsonl", "mcr/fan-anchors.jsonl"] {
        let Some(all) = lines(file) else {
            return;
        };
        let cases: Vec<&Value> = all.iter().collect();
        run(file, &cases, |c| {
            let s = request_shanten(c, Family::Mcr)?;
            let not_winning = c["expected"]["error"] == "not_winning";
            if (s == -1) == not_winning {
                Err(format!("shanten {s}, expected {}", c["expected"]))
            } else {
                Ok(())
            }
        });
    }
}

#[test]
fn riichi_score_cases_complete() {
    let Some(all) = lines("riichi/score-cases.jsonl") else {
        return;
    };
    let cases: Vec<&Value> = all.iter().collect();
    run(
        "riichi/score-cases.jsonl",
        &cases,
        |c| match request_shanten(c, Family::Riichi)? {
            -1 => Ok(()),
            s => Err(format!("shanten {s}")),
        },
    );
}
