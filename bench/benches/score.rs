//! Riichi scoring of the shared cases, in process: the hand, situation and rules are
//! parsed once; each iteration scores every case.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pairi::api::riichi::{Inputs, ScoreRequest};
use pairi::decompose::{decompose_hand, Family};
use std::hint::black_box;

fn cases() -> Vec<Inputs> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/riichi/score-cases.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("shared riichi cases");
    text.lines()
        .filter_map(|l| serde_json::from_str::<ScoreRequest>(l).ok()?.inputs().ok())
        .collect()
}

fn bench(c: &mut Criterion) {
    let cases = cases();
    let mut g = c.benchmark_group("score");
    g.throughput(Throughput::Elements(cases.len() as u64));
    g.bench_function("shared_cases", |b| {
        b.iter(|| {
            for i in &cases {
                let _ = black_box(pairi::riichi::score(
                    black_box(&i.hand),
                    black_box(&i.context),
                    black_box(&i.rules),
                ));
            }
        });
    });
    g.finish();
    let mut g = c.benchmark_group("decompose");
    g.throughput(Throughput::Elements(cases.len() as u64));
    g.bench_function("shared_cases", |b| {
        b.iter(|| {
            for i in &cases {
                black_box(decompose_hand(black_box(&i.hand), Family::Riichi));
            }
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
