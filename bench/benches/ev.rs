//! The expected-value search on shared cases of `data/ev/cases.jsonl`, from a few
//! hundred hand states to the largest (569 k), in both models. No crate on crates.io
//! computes these values; the reference (nekobean/mahjong-cpp 0.9.8, C++) was timed by
//! the case files themselves (`reference_us`, the median on a 2-core machine), which the
//! bench prints beside each case: `bench/examples/ev_cases.rs` gives the ratio on every
//! case.
//!
//! Run: `cd bench && cargo bench --bench ev`.

use criterion::{criterion_group, criterion_main, Criterion};
use pairi::api::ev::EvRequest;
use pairi::ev::{evaluate, Model, Options, Setup};
use std::hint::black_box;

/// The allocator the `pairi` binary ships with (see [`pairi_bench::SearchAllocator`]).
#[global_allocator]
static ALLOCATOR: pairi_bench::SearchAllocator = pairi_bench::SEARCH_ALLOCATOR;

/// Cases by id: the median, 75th and 90th percentile of graph size, and the largest.
const CASES: [&str; 4] = ["evp-0124", "evp-0176", "evp-0251", "evp-0225"];

fn load(id: &str) -> (Setup, Options, f64) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/ev/cases.jsonl");
    let text = std::fs::read_to_string(path).expect("the shared ev cases");
    let line = text
        .lines()
        .find(|l| l.contains(&format!("\"id\": \"{id}\"")))
        .expect("a case of that id");
    let value: serde_json::Value = serde_json::from_str(line).unwrap();
    let req: EvRequest = serde_json::from_value(value.clone()).unwrap();
    let (setup, options) = req.setup().unwrap();
    (setup, options, value["reference_us"].as_f64().unwrap_or(0.0))
}

#[allow(clippy::print_stderr)]
fn ev(c: &mut Criterion) {
    for id in CASES {
        let (setup, options, reference) = load(id);
        let states = evaluate(&setup, &options).map(|e| e.searched).unwrap_or(0);
        eprintln!("{id}: {states} states, reference {:.1} ms", reference / 1e3);
        let mut g = c.benchmark_group(format!("ev/{id}"));
        if states > 100_000 {
            g.sample_size(10);
        }
        g.bench_function("pairi-compat", |b| {
            b.iter(|| evaluate(black_box(&setup), &options).map(|e| e.searched));
        });
        let pairi_model = Options {
            model: Model::Pairi,
            ..options
        };
        g.bench_function("pairi-model", |b| {
            b.iter(|| evaluate(black_box(&setup), &pairi_model).map(|e| e.searched));
        });
        g.finish();
    }
}

criterion_group!(benches, ev);
criterion_main!(benches);
