//! Three-player (sanma) beside four-player: shanten, discard tables and scoring under
//! each rule set, in one run. Hands are dealt with the same seed from the 108-tile wall
//! (no 2m–8m) and from the 136-tile wall; `xiangting` (three-player mode) is the outside
//! baseline for shanten. Scoring runs over the four-player shared cases that are also
//! three-player hands, under each rule set, counted per hand.
//!
//! Run: `cd bench && cargo bench --bench sanma`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pairi::analysis::{Analyzer, Family, Holding};
use pairi::wall::Wall;
use pairi::{Hand, TileCounts};
use pairi_bench::{deal_from, sum_over, HANDS};
use std::hint::black_box;
use xiangting::PlayerCount;

const FOUR: Wall = Wall::four_player([1, 1, 1]);
const THREE: Wall = Wall::three_player([1, 1, 1]);

fn shanten(c: &mut Criterion) {
    for size in [13, 14] {
        let (four, three) = (
            deal_from(&FOUR, size, HANDS),
            deal_from(&THREE, size, HANDS),
        );
        let mut g = c.benchmark_group(format!("sanma/shanten/{size}"));
        g.throughput(Throughput::Elements(HANDS as u64));
        g.bench_function("pairi-4p", |b| {
            b.iter(|| {
                sum_over(&four, |h| {
                    i64::from(pairi::shanten::riichi(h, 0).map_or(0, |s| s.min()))
                })
            });
        });
        g.bench_function("pairi-3p", |b| {
            b.iter(|| {
                sum_over(&three, |h| {
                    i64::from(pairi::shanten::riichi_on(h, 0, &THREE).map_or(0, |s| s.min()))
                })
            });
        });
        // The four-player kernel on the three-player hands: what the wall check costs.
        g.bench_function("pairi-4p-kernel-on-3p-hands", |b| {
            b.iter(|| {
                sum_over(&three, |h| {
                    i64::from(pairi::shanten::riichi(h, 0).map_or(0, |s| s.min()))
                })
            });
        });
        g.bench_function("xiangting-3p", |b| {
            b.iter(|| {
                sum_over(&three, |h| {
                    xiangting::calculate_replacement_number(h.as_array(), PlayerCount::Three)
                        .map_or(0, i64::from)
                })
            });
        });
        g.finish();
    }
}

fn holdings(hands: &[TileCounts]) -> Vec<Holding> {
    hands
        .iter()
        .map(|c| Holding::from_hand(&Hand::from_counts(*c).expect("a dealt hand")))
        .collect()
}

fn tables(c: &mut Criterion) {
    for (name, size) in [("useful/13", 13), ("discards/14", 14)] {
        let four = holdings(&deal_from(&FOUR, size, HANDS));
        let three = holdings(&deal_from(&THREE, size, HANDS));
        let mut g = c.benchmark_group(format!("sanma/{name}"));
        g.throughput(Throughput::Elements(HANDS as u64));
        // The four-player analyzer on the three-player hands: what the hands themselves cost.
        for (label, wall, hands) in [
            ("pairi-4p", FOUR, &four),
            ("pairi-3p", THREE, &three),
            ("pairi-4p-on-3p-hands", FOUR, &three),
        ] {
            let analyzer = Analyzer::new(Family::Riichi).with_wall(wall);
            g.bench_function(label, |b| {
                b.iter(|| {
                    for h in hands {
                        let _ = black_box(analyzer.analyze(black_box(h)));
                    }
                });
            });
        }
        g.finish();
    }
}

fn score(c: &mut Criterion) {
    let cases = pairi_bench::sanma_score_cases();
    let mut g = c.benchmark_group("sanma/score");
    g.throughput(Throughput::Elements(cases.len() as u64));
    for label in ["pairi-4p", "pairi-3p"] {
        g.bench_function(label, |b| {
            b.iter(|| {
                for (i, three) in &cases {
                    let rules = if label == "pairi-3p" { three } else { &i.rules };
                    let _ = black_box(pairi::riichi::score(
                        black_box(&i.hand),
                        black_box(&i.context),
                        black_box(rules),
                    ));
                }
            });
        });
    }
    g.finish();
}

criterion_group!(benches, shanten, tables, score);
criterion_main!(benches);
