//! MCR fan calculation over the shared cases (`shared/data/mcr/fan-*.jsonl`), in
//! process: hands are parsed once, then every winning hand is scored per iteration.
//! Throughput is reported per hand; `time / elements` is the per-hand figure.
//!
//! Run: `cd bench && cargo bench --bench fan`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pairi::api::mcr::FanRequest;
use pairi::mcr::{score_with, Rules, WinContext};
use pairi::Hand;
use std::hint::black_box;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/mcr/");

/// Every line of the fan files that scores, as (hand, situation, rules).
fn cases() -> Vec<(Hand, WinContext, Rules)> {
    let mut out = Vec::new();
    for file in ["fan-seed1.jsonl", "fan-anchors.jsonl"] {
        let text = std::fs::read_to_string(format!("{DATA}{file}")).expect("shared data");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let req: FanRequest = serde_json::from_str(line).expect("fan request");
            let rules = req.rules();
            if let Ok((hand, ctx)) = req.to_input() {
                if score_with(&hand, &ctx, &rules).is_ok() {
                    out.push((hand, ctx, rules));
                }
            }
        }
    }
    out
}

/// Per-hand times: each hand scored `REPS` times in a row, best of three rounds; prints
/// the median, the 90th percentile and the slowest hand (the criterion figure below is
/// the mean over all hands).
fn per_hand_distribution(cases: &[(Hand, WinContext, Rules)]) {
    const REPS: u32 = 64;
    let mut times: Vec<f64> = cases
        .iter()
        .map(|(hand, ctx, rules)| {
            (0..3)
                .map(|_| {
                    let start = std::time::Instant::now();
                    for _ in 0..REPS {
                        black_box(score_with(black_box(hand), black_box(ctx), rules).ok());
                    }
                    start.elapsed().as_nanos() as f64 / f64::from(REPS)
                })
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    eprintln!(
        "fan per hand over {} hands: median {:.0} ns, p90 {:.0} ns, max {:.0} ns",
        times.len(),
        at(0.5),
        at(0.9),
        at(1.0)
    );
}

fn fan(c: &mut Criterion) {
    let cases = cases();
    per_hand_distribution(&cases);
    let mut g = c.benchmark_group("fan");
    g.throughput(Throughput::Elements(cases.len() as u64));
    g.bench_function("score_shared_cases", |b| {
        b.iter(|| {
            let mut total = 0u32;
            for (hand, ctx, rules) in &cases {
                if let Ok(r) = score_with(black_box(hand), black_box(ctx), rules) {
                    total = total.wrapping_add(r.total());
                }
            }
            total
        });
    });
    g.finish();
}

criterion_group!(benches, fan);
criterion_main!(benches);
