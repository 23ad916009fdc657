//! Times the expected-value search on every case of `data/ev/cases.jsonl` (median of
//! a few runs, or the fastest with `fastest`) and prints the ratio to the reference's
//! median time stored with each case:
//! `cargo run --release --example ev_cases [-- REPEATS [fastest]]`.
//! `EV_CASES_SHANTEN=s` times only the hands of shanten `s`; `EV_CASES_ALL=1` lists
//! every case, not only the 15 slowest for the reference.

use pairi::api::ev::EvRequest;
use std::time::Instant;

/// The allocator the `pairi` binary ships with (see [`pairi_bench::SearchAllocator`]).
#[global_allocator]
static ALLOCATOR: pairi_bench::SearchAllocator = pairi_bench::SEARCH_ALLOCATOR;

#[allow(clippy::print_stdout)]
fn main() {
    let repeats: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5)
        .max(1);
    // The fastest run of each case: on a shared machine, the least disturbed.
    let fastest = std::env::args().nth(2).is_some_and(|a| a == "fastest");
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/ev/cases.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("the shared ev cases");
    let (mut ours, mut theirs) = (0.0f64, 0.0f64);
    let mut rows = Vec::new();
    let mut shanten = Vec::new();
    let only: Option<i64> = std::env::var("EV_CASES_SHANTEN")
        .ok()
        .and_then(|s| s.parse().ok());
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        if only.is_some_and(|s| case["expected"]["shanten"].as_i64() != Some(s)) {
            continue;
        }
        let req: EvRequest = serde_json::from_value(case.clone()).unwrap();
        let (setup, options) = req.setup().unwrap();
        let mut times: Vec<f64> = (0..repeats)
            .map(|_| {
                let start = Instant::now();
                let ev = pairi::ev::evaluate(&setup, &options).unwrap();
                std::hint::black_box(ev);
                start.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let median = if fastest {
            times[0]
        } else {
            times[times.len() / 2]
        };
        let reference = case["reference_us"].as_f64().unwrap();
        ours += median;
        theirs += reference;
        rows.push((
            reference,
            median,
            case["id"].as_str().unwrap().to_string(),
            case["expected"]["searched"].as_u64().unwrap(),
        ));
        shanten.push(case["expected"]["shanten"].as_i64().unwrap());
    }
    // Ratios by the shanten of the hand as given.
    for s in 0..=3 {
        let part: Vec<_> = rows
            .iter()
            .zip(&shanten)
            .filter(|(_, &k)| k == s)
            .map(|(r, _)| r)
            .collect();
        if part.is_empty() {
            continue;
        }
        let (r, m): (f64, f64) = part.iter().fold((0.0, 0.0), |(a, b), x| (a + x.0, b + x.1));
        let mut each: Vec<f64> = part.iter().map(|x| x.0 / x.1).collect();
        each.sort_by(f64::total_cmp);
        println!("shanten {s}: {} cases, reference {:.1} ms, pairi {:.1} ms, ratio {:.1} (per-case median {:.1})", part.len(), r / 1e3, m / 1e3, r / m, each[each.len() / 2]);
    }
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!(
        "{:>10} {:>12} {:>12} {:>7} {:>9}",
        "case", "reference µs", "pairi µs", "ratio", "states"
    );
    let listed = if std::env::var_os("EV_CASES_ALL").is_some() {
        rows.len()
    } else {
        15
    };
    for (r, m, id, n) in rows.iter().take(listed) {
        println!("{id:>10} {r:>12.1} {m:>12.1} {:>7.1} {n:>9}", r / m);
    }
    println!(
        "all {} cases: reference {:.3} s, pairi {:.3} s, ratio {:.1}",
        rows.len(),
        theirs / 1e6,
        ours / 1e6,
        theirs / ours
    );
    let mut worst: Vec<_> = rows.iter().collect();
    worst.sort_by(|a, b| (a.0 / a.1).total_cmp(&(b.0 / b.1)));
    for (r, m, id, n) in worst.iter().take(8) {
        println!(
            "slowest ratio {id:>10} {r:>12.1} {m:>12.1} {:>7.2} {n:>9}",
            r / m
        );
    }
    // Ratios by graph size.
    for (lo, hi) in [
        (0, 100),
        (100, 1_000),
        (1_000, 10_000),
        (10_000, 100_000),
        (100_000, u64::MAX),
    ] {
        let part: Vec<_> = rows.iter().filter(|r| r.3 >= lo && r.3 < hi).collect();
        if part.is_empty() {
            continue;
        }
        let (r, m): (f64, f64) = part.iter().fold((0.0, 0.0), |(a, b), x| (a + x.0, b + x.1));
        println!(
            "states {lo}..{hi}: {} cases, reference {:.1} ms, pairi {:.1} ms, ratio {:.1}",
            part.len(),
            r / 1e3,
            m / 1e3,
            r / m
        );
    }
    let mut ratios: Vec<f64> = rows.iter().map(|(r, m, ..)| r / m).collect();
    ratios.sort_by(f64::total_cmp);
    println!(
        "per-case ratio: min {:.1}, median {:.1}, max {:.1}",
        ratios[0],
        ratios[ratios.len() / 2],
        ratios[ratios.len() - 1]
    );
}
