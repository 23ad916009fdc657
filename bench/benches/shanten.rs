//! Shanten, useful tiles and discard tables of random hands, pairi beside two other
//! crates: `riichienv-core` (shanten from tile counts, every Riichi form) and
//! `xiangting` (replacement number, necessary and unnecessary tiles, every Riichi form).
//!
//! Hands are dealt from a shuffled 136-tile wall with a fixed seed, `HANDS` per group.
//! Each iteration evaluates every hand of the group once and throughput is counted in
//! hands, so with `HANDS = 1000` criterion's time per iteration in µs reads directly as
//! ns per hand.
//!
//! Before timing, the setup checks that the crates agree on every sampled hand (all three
//! count a target with at most four copies of a kind, and declared melds take no part).
//!
//! Before the criterion groups it prints interleaved comparisons of pairi and the
//! baselines (alternating passes over the same hands, medians), which a busy machine
//! disturbs less than separate measurements.
//!
//! Run: `cd bench && cargo bench --bench shanten`. The hands and the baselines are set
//! up in `src/lib.rs`, shared with `examples/shanten_loop.rs`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use pairi_bench::{
    check_agreement, deal, pairi_shanten, riichienv_shanten, sum_over, work, xiangting_shanten,
    GROUPS, HANDS,
};

fn shanten(c: &mut Criterion) {
    check_agreement();
    eprintln!("interleaved comparisons (medians of alternating passes):");
    for line in pairi_bench::paired_report() {
        eprintln!("{line}");
    }
    for (name, size, melds) in GROUPS {
        let hands = deal(size, HANDS);
        let mut g = c.benchmark_group(format!("shanten/{name}"));
        g.throughput(Throughput::Elements(HANDS as u64));
        g.bench_function("pairi", |b| {
            b.iter(|| sum_over(&hands, |h| i64::from(pairi_shanten(h, melds))));
        });
        g.bench_function("riichienv-core", |b| {
            b.iter(|| sum_over(&hands, |h| i64::from(riichienv_shanten(h))));
        });
        g.bench_function("xiangting", |b| {
            b.iter(|| sum_over(&hands, |h| i64::from(xiangting_shanten(h))));
        });
        g.finish();
    }
}

fn useful(c: &mut Criterion) {
    let hands = deal(13, HANDS);
    let mut g = c.benchmark_group("useful/13");
    g.throughput(Throughput::Elements(HANDS as u64));
    g.bench_function("pairi", |b| b.iter(|| sum_over(&hands, work::pairi_useful)));
    g.bench_function("xiangting", |b| {
        b.iter(|| sum_over(&hands, work::xiangting_useful));
    });
    g.finish();
}

fn discards(c: &mut Criterion) {
    for (name, size, melds) in [("14", 14, 0), ("11+1meld", 11, 1)] {
        let hands = deal(size, HANDS);
        let mut g = c.benchmark_group(format!("discards/{name}"));
        g.throughput(Throughput::Elements(HANDS as u64));
        g.bench_function("pairi", |b| {
            b.iter(|| sum_over(&hands, |h| work::pairi_discards(h, melds)));
        });
        let mut rows = Vec::with_capacity(14);
        g.bench_function("xiangting", |b| {
            b.iter(|| sum_over(&hands, |h| work::xiangting_discards_sum(h, &mut rows)));
        });
        g.bench_function(BenchmarkId::new("xiangting", "every-discard"), |b| {
            b.iter(|| sum_over(&hands, |h| work::xiangting_discards_all_sum(h, &mut rows)));
        });
        g.finish();
    }
}

fn mcr(c: &mut Criterion) {
    for (name, size) in [("13", 13), ("14", 14)] {
        let hands = deal(size, HANDS);
        let mut g = c.benchmark_group(format!("mcr/{name}"));
        g.throughput(Throughput::Elements(HANDS as u64));
        g.bench_function("pairi", |b| b.iter(|| sum_over(&hands, work::pairi_mcr)));
        g.finish();
    }
}

criterion_group!(benches, shanten, useful, discards, mcr);
criterion_main!(benches);
