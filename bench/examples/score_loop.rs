//! Scores the shared cases many times: for `perf stat` / `perf record` (CPU time per
//! hand, independent of other load on the machine).

use pairi::api::riichi::{Inputs, ScoreRequest};
use std::hint::black_box;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/riichi/score-cases.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("shared riichi cases");
    let cases: Vec<Inputs> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<ScoreRequest>(l).ok()?.inputs().ok())
        .collect();
    let start = std::time::Instant::now();
    for _ in 0..rounds {
        for i in &cases {
            let _ = black_box(pairi::riichi::score(
                black_box(&i.hand),
                black_box(&i.context),
                black_box(&i.rules),
            ));
        }
    }
    let n = rounds * cases.len();
    let ns = start.elapsed().as_nanos() as f64 / n as f64;
    println!("{n} hands, {ns:.0} ns per hand (wall)");
}
