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
    check_agreement, count_of, deal, pairi_shanten, riichienv_shanten, xiangting_discards,
    xiangting_discards_all, xiangting_shanten, GROUPS, HANDS,
};
use std::hint::black_box;
use xiangting::PlayerCount;

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
            b.iter(|| {
                let mut sum = 0i32;
                for h in &hands {
                    sum += i32::from(pairi_shanten(black_box(h), melds));
                }
                sum
            });
        });
        g.bench_function("riichienv-core", |b| {
            b.iter(|| {
                let mut sum = 0i32;
                for h in &hands {
                    sum += i32::from(riichienv_shanten(black_box(h)));
                }
                sum
            });
        });
        g.bench_function("xiangting", |b| {
            b.iter(|| {
                let mut sum = 0i32;
                for h in &hands {
                    sum += i32::from(xiangting_shanten(black_box(h)));
                }
                sum
            });
        });
        g.finish();
    }
}

fn useful(c: &mut Criterion) {
    let hands = deal(13, HANDS);
    let mut g = c.benchmark_group("useful/13");
    g.throughput(Throughput::Elements(HANDS as u64));
    g.bench_function("pairi", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for h in &hands {
                if let Ok(u) = pairi::shanten::useful(black_box(h), 0) {
                    sum += u32::from(u.count);
                }
            }
            sum
        });
    });
    g.bench_function("xiangting", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for h in &hands {
                if let Ok((_, needed)) =
                    xiangting::calculate_necessary_tiles(&black_box(h).0, PlayerCount::Four)
                {
                    sum += count_of(h, needed);
                }
            }
            sum
        });
    });
    g.finish();
}

fn discards(c: &mut Criterion) {
    for (name, size, melds) in [("14", 14, 0), ("11+1meld", 11, 1)] {
        let hands = deal(size, HANDS);
        let mut g = c.benchmark_group(format!("discards/{name}"));
        g.throughput(Throughput::Elements(HANDS as u64));
        g.bench_function("pairi", |b| {
            b.iter(|| {
                let mut sum = 0u32;
                for h in &hands {
                    if let Ok(t) = pairi::shanten::discards(black_box(h), melds) {
                        sum += t.rows().iter().map(|r| u32::from(r.count)).sum::<u32>();
                    }
                }
                sum
            });
        });
        let mut rows = Vec::with_capacity(14);
        g.bench_function("xiangting", |b| {
            b.iter(|| {
                let mut sum = 0u32;
                for h in &hands {
                    xiangting_discards(black_box(h), &mut rows);
                    sum += rows.iter().map(|r| r.3).sum::<u32>();
                }
                sum
            });
        });
        g.bench_function(BenchmarkId::new("xiangting", "every-discard"), |b| {
            b.iter(|| {
                let mut sum = 0u32;
                for h in &hands {
                    xiangting_discards_all(black_box(h), &mut rows);
                    sum += rows.iter().map(|r| r.3).sum::<u32>();
                }
                sum
            });
        });
        g.finish();
    }
}

fn mcr(c: &mut Criterion) {
    for (name, size) in [("13", 13), ("14", 14)] {
        let hands = deal(size, HANDS);
        let mut g = c.benchmark_group(format!("mcr/{name}"));
        g.throughput(Throughput::Elements(HANDS as u64));
        g.bench_function("pairi", |b| {
            b.iter(|| {
                let mut sum = 0i32;
                for h in &hands {
                    if let Ok(s) = pairi::shanten::mcr(black_box(h), 0) {
                        sum += i32::from(s.min());
                    }
                }
                sum
            });
        });
        g.finish();
    }
}

criterion_group!(benches, shanten, useful, discards, mcr);
criterion_main!(benches);
