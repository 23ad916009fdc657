//! Runs one shanten workload of the `shanten` bench over its 1000 hands `ROUNDS` times
//! and prints the wall time per hand. For CPU time on a busy machine run it under
//! `perf stat -e task-clock`; for instruction counts under `valgrind --tool=callgrind`.
//!
//! `cargo build --release --example shanten_loop && target/release/examples/shanten_loop WORKLOAD [ROUNDS]`
//!
//! Workloads: `shanten-{13,14,11,8}-{pairi,riichienv,xiangting}`, `useful-{pairi,xiangting}`,
//! `discards-{14,11}-{pairi,xiangting,xiangting-all}`, `mcr-{13,14}`; `paired` prints the
//! interleaved comparisons of `pairi_bench::paired_report` instead.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use pairi_bench::{
    deal, pairi_shanten, riichienv_shanten, sum_over, work, xiangting_shanten, HANDS,
};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let Some(work) = args.get(1) else {
        eprintln!("usage: shanten_loop WORKLOAD [ROUNDS]");
        return ExitCode::from(2);
    };
    if work == "paired" {
        for line in pairi_bench::paired_report() {
            println!("{line}");
        }
        return ExitCode::SUCCESS;
    }
    let rounds: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(1000);
    let parts: Vec<&str> = work.split('-').collect();
    let size: usize = parts.get(1).and_then(|s| s.parse().ok()).unwrap_or(13);
    let melds = (14 - size) / 3;
    let hands = deal(size, HANDS);
    let mut rows = Vec::with_capacity(14);
    let mut workload: Box<dyn FnMut(&pairi::TileCounts) -> i64> = match parts.as_slice() {
        ["shanten", _, "pairi"] => Box::new(|h| i64::from(pairi_shanten(h, melds))),
        ["shanten", _, "riichienv"] => Box::new(|h| i64::from(riichienv_shanten(h))),
        ["shanten", _, "xiangting"] => Box::new(|h| i64::from(xiangting_shanten(h))),
        ["useful", "pairi"] => Box::new(work::pairi_useful),
        ["useful", "xiangting"] => Box::new(work::xiangting_useful),
        ["discards", _, "pairi"] => Box::new(|h| work::pairi_discards(h, melds)),
        ["discards", _, "xiangting"] => Box::new(|h| work::xiangting_discards_sum(h, &mut rows)),
        ["discards", _, "xiangting", "all"] => {
            Box::new(|h| work::xiangting_discards_all_sum(h, &mut rows))
        }
        ["mcr", _] => Box::new(work::pairi_mcr),
        _ => {
            eprintln!("unknown workload {work}");
            return ExitCode::from(2);
        }
    };
    let start = std::time::Instant::now();
    let mut sum = 0i64;
    for _ in 0..rounds {
        sum += sum_over(&hands, &mut workload);
    }
    let n = (rounds * HANDS) as f64;
    println!(
        "{work}: {:.1} ns per hand (wall), checksum {sum}",
        start.elapsed().as_nanos() as f64 / n
    );
    ExitCode::SUCCESS
}
