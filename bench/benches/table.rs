//! The table: random self-play (games per second; a game's steps are printed by the
//! `table_selfplay` example) and the legal set at a decision point.
//!
//! Run: `cd bench && cargo bench --bench table`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pairi::table::{Table, TablePreset, WallSource};
use pairi::util::rng::Xoshiro256;
use std::hint::black_box;

fn games(c: &mut Criterion) {
    let mut g = c.benchmark_group("table/random-game");
    g.throughput(Throughput::Elements(1));
    for preset in [TablePreset::Tenhou, TablePreset::TenhouSanma] {
        let rules = preset.rules();
        let mut seed = 0;
        g.bench_function(preset.id(), |b| {
            b.iter(|| {
                seed += 1;
                black_box(pairi_bench::random_game(rules, seed))
            });
        });
    }
    g.finish();
}

/// Decision points of a few random games, as (table, seat): the legal set of each
/// is asked in turn (256 tables, about 250 KB: they stay in cache).
fn decision_points(preset: TablePreset) -> Vec<(Table, u8)> {
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < 256 {
        let mut t = Table::new(preset.rules(), WallSource::Seed(seed)).expect("table");
        let mut rng = Xoshiro256::new(seed);
        let mut k = 0u64;
        while !t.is_over() && out.len() < 256 {
            let seat = t.to_act().trailing_zeros() as u8;
            if k.is_multiple_of(7) {
                out.push((t.clone(), seat));
            }
            k += 1;
            let legal = t.legal(seat);
            let a = legal[rng.below(legal.len() as u64) as usize];
            t.step(seat, a).expect("legal");
        }
        seed += 1;
    }
    out
}

fn legal(c: &mut Criterion) {
    let mut g = c.benchmark_group("table/legal");
    for preset in [TablePreset::Tenhou, TablePreset::TenhouSanma] {
        let points = decision_points(preset);
        g.throughput(Throughput::Elements(points.len() as u64));
        g.bench_function(preset.id(), |b| {
            b.iter(|| {
                let mut n = 0;
                for (t, seat) in &points {
                    n += black_box(t.legal(*seat)).len();
                }
                n
            });
        });
    }
    g.finish();
}

criterion_group!(benches, games, legal);
criterion_main!(benches);
