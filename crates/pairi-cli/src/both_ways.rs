//! Every shared case answered both ways: once as a batch line (the library's envelope,
//! what `--batch` prints) and once from the command line the case translates to (what
//! a person typing the hand gets with `--json`). The two answers must be identical:
//! the single-hand commands and the batches are the same `api` requests.

use crate::{Cli, Command};
use clap::Parser;
use pairi::api::hand::MeldRequest;
use pairi::api::{batch, Request};
use pairi::notation::{format_meld, Dialect, Format};
use pairi::MeldKind;
use serde_json::Value;

#[path = "../../pairi/tests/shared.rs"]
mod shared;

/// The cases of a shared file (`riichi/score-cases.jsonl`), or `None` (the test is
/// skipped) without the shared data.
fn cases(file: &str) -> Option<Vec<(String, Value)>> {
    let text = shared::read(&format!("data/{file}"))?;
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| (l.to_owned(), serde_json::from_str(l).expect("a JSON line")))
            .collect(),
    )
}

/// The batch answer of `line` with its `id` taken out, as text: `{…fields}`.
fn batch_answer<R: Request>(line: &str, defaults: &R::Defaults) -> String {
    let mut out = Vec::new();
    batch::answer_line::<R>(line, defaults, &mut out);
    let text = String::from_utf8(out).expect("UTF-8");
    let case: Value = serde_json::from_str(line).expect("a JSON line");
    // The case ids are plain strings: the envelope writes them as serde_json does.
    let prefix = format!("{{\"id\":{},", case["id"]);
    let rest = text.strip_prefix(&prefix).expect("the id first");
    format!("{{{rest}")
}

/// The answer of a single-hand request, as the CLI prints it with `--json`.
fn single_answer<R: Request>(request: &R) -> String {
    #[derive(serde::Serialize)]
    struct Refused {
        error: pairi::api::Error,
    }
    match request.answer() {
        Ok(r) => serde_json::to_string(&r),
        Err(error) => serde_json::to_string(&Refused { error }),
    }
    .expect("serialisable")
}

fn str_field<'a>(case: &'a Value, key: &str) -> Option<&'a str> {
    case.get(key).and_then(Value::as_str)
}

/// The hand written with its melds in brackets, as a person types it.
fn hand_with_melds(case: &Value, dialect: Dialect) -> String {
    let mut hand = str_field(case, "hand").unwrap_or("").to_owned();
    for m in case["melds"].as_array().into_iter().flatten() {
        let mut req: MeldRequest = serde_json::from_value(m.clone()).expect("a meld");
        // Brackets tell an open kong from a concealed one by its claim number: a meld
        // claimed from an unknown seat is written as claimed from the left (no score
        // depends on the seat).
        if req.kind != MeldKind::ClosedKan && req.from.is_none() && req.source.is_none() {
            req.from = Some(1);
        }
        let meld = req.to_meld(dialect).expect("a legal meld");
        // In the MCR dialect honours are written as letters, which read the same in
        // both dialects (and MCR has no red fives to lose).
        let format = match dialect {
            Dialect::Standard => Format::Mpsz,
            Dialect::Mcr => Format::Mcr,
        };
        hand.push_str(&format_meld(&meld, format));
    }
    hand
}

fn flag(args: &mut Vec<String>, case: &Value, key: &str, name: &str) {
    if case[key].as_bool() == Some(true) {
        args.push(format!("--{name}"));
    }
}

fn parse(args: &[String]) -> Command {
    match Cli::try_parse_from(args) {
        Ok(cli) => cli.command,
        Err(e) => panic!("{args:?}: {e}"),
    }
}

fn compare(
    file: &str,
    want: String,
    got: String,
    id: &str,
    args: &[String],
    bad: &mut Vec<String>,
) {
    if want != got {
        bad.push(format!(
            "{file} {id}: {args:?}\n  batch  {want}\n  single {got}"
        ));
    }
}

fn report(bad: &[String], total: usize) {
    assert!(
        bad.is_empty(),
        "{} of {total} cases differ:\n{}",
        bad.len(),
        bad.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn both_ways_ok_riichi_score_cases() {
    let file = "riichi/score-cases.jsonl";
    let Some(all) = cases(file) else {
        return;
    };
    let mut bad = Vec::new();
    for (line, case) in &all {
        let mut args: Vec<String> = vec!["pairi".into(), "score".into()];
        args.push(hand_with_melds(case, Dialect::Standard));
        if let Some(w) = str_field(case, "win") {
            args.extend(["--win".into(), w.into()]);
        }
        for key in pairi::riichi::Flags::NAMES {
            flag(&mut args, case, key, &key.replace('_', "-"));
        }
        // Every flag is its JSON field in kebab case.
        for key in ["round_wind", "seat_wind"] {
            if let Some(w) = str_field(case, key) {
                args.extend([format!("--{}", key.replace('_', "-")), w.into()]);
            }
        }
        for key in ["dora", "ura"] {
            for t in case[key].as_array().into_iter().flatten() {
                args.extend([format!("--{key}"), t.as_str().unwrap_or("").into()]);
            }
        }
        for key in ["honba", "riichi_sticks"] {
            if let Some(n) = case[key].as_u64() {
                args.extend([format!("--{}", key.replace('_', "-")), n.to_string()]);
            }
        }
        let Command::Score(a) = parse(&args) else {
            unreachable!()
        };
        let single = single_answer(&crate::score::request(&a).expect("a request"));
        let want = batch_answer::<pairi::api::riichi::ScoreRequest>(line, &None);
        compare(
            file,
            want,
            single,
            str_field(case, "id").unwrap_or("?"),
            &args,
            &mut bad,
        );
    }
    assert_eq!(all.len(), 3000);
    report(&bad, all.len());
}

#[test]
fn both_ways_ok_mcr_fan_cases() {
    let mut total = 0;
    let mut bad = Vec::new();
    for file in ["mcr/fan-seed1.jsonl", "mcr/fan-anchors.jsonl"] {
        let Some(cases) = cases(file) else {
            return;
        };
        for (line, case) in cases {
            total += 1;
            let dialect = match str_field(&case, "dialect") {
                Some("mcr") => Dialect::Mcr,
                _ => Dialect::Standard,
            };
            let mut args: Vec<String> = vec!["pairi".into(), "fan".into()];
            args.push(hand_with_melds(&case, dialect));
            if let Some(w) = str_field(&case, "win") {
                args.extend(["--win".into(), w.into()]);
            }
            for key in ["tsumo", "fourth_tile", "kong", "last_tile"] {
                flag(&mut args, &case, key, &key.replace('_', "-"));
            }
            if let Some(n) = case["flowers"].as_u64() {
                args.extend(["--flowers".into(), n.to_string()]);
            }
            for key in ["round_wind", "seat_wind"] {
                if let Some(w) = str_field(&case, key) {
                    args.extend([format!("--{}", key.replace('_', "-")), w.into()]);
                }
            }
            if dialect == Dialect::Mcr {
                args.extend(["--dialect".into(), "mcr".into()]);
            }
            if case.get("rules").is_some() {
                // Rule objects have no command-line form; presets are checked in tests/fan.rs.
                continue;
            }
            let Command::Fan(a) = parse(&args) else {
                unreachable!()
            };
            let single = single_answer(&crate::fan::request(&a).expect("a request"));
            let want = batch_answer::<pairi::api::mcr::FanRequest>(&line, &None);
            compare(
                file,
                want,
                single,
                str_field(&case, "id").unwrap_or("?"),
                &args,
                &mut bad,
            );
        }
    }
    assert!(total > 3300, "{total} cases");
    report(&bad, total);
}

#[test]
fn both_ways_ok_shanten_and_analysis_cases() {
    let mut total = 0;
    let mut bad = Vec::new();
    for (file, family) in [
        ("shanten/cases.jsonl", "riichi"),
        ("mcr/shanten-seed1.jsonl", "mcr"),
    ] {
        let Some(cases) = cases(file) else {
            return;
        };
        for (line, case) in cases {
            let Some(melds) = case["melds"].as_u64() else {
                continue;
            };
            total += 1;
            let base: Vec<String> = vec![
                str_field(&case, "hand").unwrap_or("").into(),
                "--melds".into(),
                melds.to_string(),
                "--family".into(),
                family.into(),
            ];
            let classic = case["classic"].as_bool() == Some(true);
            let id = str_field(&case, "id").unwrap_or("?");
            let family = crate::parse::json_name(family).expect("a family");
            for command in ["shanten", "analyze"] {
                let mut args: Vec<String> = vec!["pairi".into(), command.into()];
                args.extend(base.iter().cloned());
                if classic {
                    args.push("--classic".into());
                }
                let (want, single) = match parse(&args) {
                    Command::Shanten(a) => (
                        batch_answer::<pairi::api::analysis::ShantenRequest>(&line, &family),
                        single_answer(&a.request()),
                    ),
                    Command::Analyze(a) => (
                        batch_answer::<pairi::api::analysis::AnalysisRequest>(&line, &family),
                        single_answer(&a.request()),
                    ),
                    _ => unreachable!(),
                };
                compare(file, want, single, id, &args, &mut bad);
            }
        }
    }
    assert!(total > 8000, "{total} cases");
    report(&bad, total);
}
