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
    count_of, deal, pairi_shanten, riichienv_shanten, xiangting_discards, xiangting_discards_all,
    xiangting_shanten, HANDS,
};
use std::hint::black_box;
use std::process::ExitCode;
use xiangting::PlayerCount;

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
    let start = std::time::Instant::now();
    let mut sum = 0i64;
    for _ in 0..rounds {
        for h in &hands {
            let h = black_box(h);
            sum += match parts.as_slice() {
                ["shanten", _, "pairi"] => i64::from(pairi_shanten(h, melds)),
                ["shanten", _, "riichienv"] => i64::from(riichienv_shanten(h)),
                ["shanten", _, "xiangting"] => i64::from(xiangting_shanten(h)),
                ["useful", "pairi"] => {
                    pairi::shanten::useful(h, 0).map_or(0, |u| i64::from(u.count))
                }
                ["useful", "xiangting"] => {
                    xiangting::calculate_necessary_tiles(&h.0, PlayerCount::Four)
                        .map_or(0, |(_, n)| i64::from(count_of(h, n)))
                }
                ["discards", _, "pairi"] => pairi::shanten::discards(h, melds)
                    .map_or(0, |t| t.rows().iter().map(|r| i64::from(r.count)).sum()),
                ["discards", _, "xiangting"] => {
                    xiangting_discards(h, &mut rows);
                    rows.iter().map(|r| i64::from(r.3)).sum()
                }
                ["discards", _, "xiangting", "all"] => {
                    xiangting_discards_all(h, &mut rows);
                    rows.iter().map(|r| i64::from(r.3)).sum()
                }
                ["mcr", _] => pairi::shanten::mcr(h, 0).map_or(0, |s| i64::from(s.min())),
                _ => {
                    eprintln!("unknown workload {work}");
                    return ExitCode::from(2);
                }
            };
        }
    }
    let n = (rounds * HANDS) as f64;
    println!(
        "{work}: {:.1} ns per hand (wall), checksum {sum}",
        start.elapsed().as_nanos() as f64 / n
    );
    ExitCode::SUCCESS
}
