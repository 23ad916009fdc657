//! Scores every shared MCR case `ROUNDS` times in rotation and prints the wall time per
//! hand. Run under `perf stat -e task-clock` on a busy machine to read CPU time instead:
//! `cargo build --release --example fan_loop && perf stat -e task-clock target/release/examples/fan_loop`.
#![allow(clippy::print_stdout)]

use pairi::api::mcr::FanRequest;
use pairi::mcr::score_with;
use std::hint::black_box;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/mcr/");
const ROUNDS: usize = 300;

fn main() {
    let mut cases = Vec::new();
    for file in ["fan-seed1.jsonl", "fan-anchors.jsonl"] {
        let text = std::fs::read_to_string(format!("{DATA}{file}")).expect("shared data");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let req: FanRequest = serde_json::from_str(line).expect("fan request");
            let rules = req.rules();
            if let Ok((hand, ctx)) = req.to_input() {
                if score_with(&hand, &ctx, &rules).is_ok() {
                    cases.push((hand, ctx, rules));
                }
            }
        }
    }
    let start = std::time::Instant::now();
    let mut total = 0u64;
    for _ in 0..ROUNDS {
        for (hand, ctx, rules) in &cases {
            if let Ok(r) = score_with(black_box(hand), black_box(ctx), rules) {
                total += u64::from(r.total());
            }
        }
    }
    let n = (ROUNDS * cases.len()) as f64;
    println!(
        "{} hands x {ROUNDS}: {:.0} ns per hand (wall), checksum {total}",
        cases.len(),
        start.elapsed().as_nanos() as f64 / n
    );
}
