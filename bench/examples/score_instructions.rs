//! The library's part of a Python `score(hand, **fields)` call on the closed shared
//! cases (the 1 673 `bench/python` scores), for counting its instructions:
//!
//! ```sh
//! cargo build --release --example score_instructions
//! valgrind --tool=callgrind --toggle-collect='*passes*' \
//!     target/release/examples/score_instructions MODE 3
//! ```
//!
//! Each mode reads the cases and calls its part once on each (what a first call sets up
//! is then counted in no pass), then makes `PASSES` more passes in the one function
//! `passes`: its instructions divided by the calls it prints are one call's. Modes:
//! `prepare` (`ScoreFields::prepare`, the fields already read), `answer`
//! (`Prepared::answer`: the hand read and scored, the result made), `score`
//! (`riichi::score` of the parsed hand), `call` (`prepare` and `answer`: what the Python
//! module's keyword call asks of the library).
#![allow(clippy::print_stdout)]
use pairi::api::riichi::{Inputs, Prepared, ScoreFields, ScoreRequest};
use std::hint::black_box;

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "call".into());
    let count: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/riichi/score-cases.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("shared riichi cases");
    let reqs: Vec<ScoreRequest> = text
        .lines()
        .filter_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).ok()?;
            let closed = v["melds"].as_array().is_some_and(Vec::is_empty);
            (closed && v["expected"].get("error").is_none())
                .then(|| serde_json::from_value(v).ok())?
        })
        .collect();
    let fields: Vec<ScoreFields<'_>> = reqs.iter().map(ScoreRequest::fields).collect();
    let prepared: Vec<Prepared> = reqs.iter().map(|r| r.prepare().unwrap()).collect();
    let inputs: Vec<Inputs> = reqs.iter().map(|r| r.inputs().unwrap()).collect();
    let cases = Cases {
        reqs: &reqs,
        fields: &fields,
        prepared: &prepared,
        inputs: &inputs,
    };
    // The first pass sets up what a first call sets up; callgrind's
    // `--toggle-collect=*passes*` counts the others alone.
    cases.pass(&mode);
    let n = passes(&cases, &mode, count);
    println!("{} cases, {n} calls", reqs.len());
}

struct Cases<'a> {
    reqs: &'a [ScoreRequest],
    fields: &'a [ScoreFields<'a>],
    prepared: &'a [Prepared],
    inputs: &'a [Inputs],
}

impl Cases<'_> {
    fn pass(&self, mode: &str) {
        match mode {
            "prepare" => {
                for f in self.fields {
                    black_box(black_box(f.clone()).prepare().ok());
                }
            }
            "answer" => {
                for (p, r) in self.prepared.iter().zip(self.reqs) {
                    black_box(black_box(p).answer(black_box(&r.hand)).ok());
                }
            }
            "score" => {
                for i in self.inputs {
                    black_box(
                        pairi::riichi::score(black_box(&i.hand), black_box(&i.context), &i.rules)
                            .ok(),
                    );
                }
            }
            "call" => {
                for (f, r) in self.fields.iter().zip(self.reqs) {
                    let p = black_box(f.clone()).prepare().unwrap();
                    black_box(p.answer(black_box(&r.hand)).ok());
                }
            }
            _ => panic!("mode: prepare, answer, score or call"),
        }
    }
}

/// `passes` passes over the cases in `mode`; the number of calls.
#[inline(never)]
fn passes(cases: &Cases<'_>, mode: &str, passes: usize) -> usize {
    for _ in 0..passes {
        cases.pass(mode);
    }
    passes * cases.reqs.len()
}
