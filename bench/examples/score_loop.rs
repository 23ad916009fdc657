//! Scores the shared cases many times and times each hand alone: the median per hand,
//! and a loop for `perf stat` / `perf record` (CPU time per hand).
//!
//! `cargo run --release --example score_loop -- 200`

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
    println!("{n} hands, mean {ns:.0} ns per hand (wall, including any time the process waits for a CPU)");
    // Each hand timed alone: the median is barely touched by other load on the machine
    // (a preempted sample is an outlier).
    let mut each: Vec<u64> = Vec::with_capacity(n.min(3_000_000));
    for _ in 0..rounds.min(50) {
        for i in &cases {
            let t = std::time::Instant::now();
            let _ = black_box(pairi::riichi::score(
                black_box(&i.hand),
                black_box(&i.context),
                black_box(&i.rules),
            ));
            each.push(t.elapsed().as_nanos() as u64);
        }
    }
    each.sort_unstable();
    let q = |f: f64| each[((each.len() - 1) as f64 * f) as usize];
    println!(
        "per hand: median {} ns, p10 {} ns, p90 {} ns, p99 {} ns ({} samples)",
        q(0.5),
        q(0.1),
        q(0.9),
        q(0.99),
        each.len()
    );
}
