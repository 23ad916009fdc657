//! Paired timing of Riichi scoring with four and with three players on the same hands
//! (the four-player shared cases that are also three-player hands): alternating passes,
//! the median of the per-round ratios, which a busy machine disturbs less than separate
//! runs. `cargo run --release --example sanma_paired`.
#![allow(clippy::print_stdout)]

use std::hint::black_box;
use std::time::Instant;

fn main() {
    let cases = pairi_bench::sanma_score_cases();
    let pass = |three: bool| {
        let start = Instant::now();
        for (i, r3) in &cases {
            let rules = if three { r3 } else { &i.rules };
            let _ = black_box(pairi::riichi::score(
                black_box(&i.hand),
                black_box(&i.context),
                black_box(rules),
            ));
        }
        start.elapsed().as_secs_f64()
    };
    let mut ratios = Vec::new();
    let (mut t4, mut t3) = (Vec::new(), Vec::new());
    for round in 0..400 {
        let (a, b) = if round % 2 == 0 {
            let a = pass(false);
            (a, pass(true))
        } else {
            let b = pass(true);
            (pass(false), b)
        };
        t4.push(a);
        t3.push(b);
        ratios.push(b / a);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let n = cases.len() as f64;
    println!(
        "{} hands: four players {:.0} ns, three players {:.0} ns per hand; median ratio 3p/4p {:.3}",
        cases.len(),
        median(&mut t4) / n * 1e9,
        median(&mut t3) / n * 1e9,
        median(&mut ratios)
    );
}
