//! Game records: read, replay and score every win again (`record::check`), and review
//! every discard, on the three complete hanchan of `shared/data/logs` (one per format).
//! No Rust crate reads and re-scores records natively (riichienv-core's mjai replay is
//! built for Python only), so the figures stand alone; `bench/examples/record_rate.rs`
//! gives records per second on every core.
//!
//! Run: `cd bench && cargo bench --bench record`.

use criterion::{criterion_group, criterion_main, Criterion};
use pairi::record::{self, check, review};
use std::hint::black_box;

/// The complete hanchan, one per format.
pub const HANCHAN: [&str; 3] = [
    "tenhou6/majiang_full_hanchan.json",
    "mjai/selfplay_hanchan_126_204_0.jsonl",
    "mjlog/2010091009gm-00a9-0000-83af2648.mjlog",
];

fn text(name: &str) -> String {
    let path = format!("{}/../../shared/data/logs/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("a shared record")
}

fn records(c: &mut Criterion) {
    for name in HANCHAN {
        let t = text(name);
        let short = name.split('/').next().unwrap_or(name);
        let mut g = c.benchmark_group(format!("record/{short}"));
        g.bench_function("read", |b| b.iter(|| record::read(black_box(&t), None).unwrap()));
        g.bench_function("read+check", |b| {
            b.iter(|| {
                let game = record::read(black_box(&t), None).unwrap();
                check::check(&game, &check::rules_of(&game)).unwrap()
            });
        });
        let game = record::read(&t, None).unwrap();
        let rules = check::rules_of(&game);
        g.bench_function("review", |b| {
            b.iter(|| review::review(black_box(&game), &rules, &Default::default()).unwrap());
        });
        g.finish();
    }
}

criterion_group!(benches, records);
criterion_main!(benches);
