//! Records read, replayed and re-scored per second on every core: the three complete
//! hanchan of `shared/data/logs` (one per format) checked over and over by rayon, as
//! `pairi record check` does over a directory.
//!
//! Run: `cd bench && cargo run --release --example record_rate [seconds]`.
#![allow(clippy::print_stdout)]

use pairi::record::{self, check, review};
use rayon::prelude::*;
use std::time::Instant;

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3.0);
    let texts: Vec<String> = [
        "tenhou6/majiang_full_hanchan.json",
        "mjai/selfplay_hanchan_126_204_0.jsonl",
        "mjlog/2010091009gm-00a9-0000-83af2648.mjlog",
    ]
    .iter()
    .map(|n| {
        std::fs::read_to_string(format!(
            "{}/../../shared/data/logs/{n}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("a shared record")
    })
    .collect();
    for (what, job) in [("check", 0), ("review", 1)] {
        let start = Instant::now();
        let mut done = 0usize;
        while start.elapsed().as_secs_f64() < seconds {
            done += (0..3000)
                .into_par_iter()
                .map(|i| {
                    let game = record::read(&texts[i % texts.len()], None).unwrap();
                    let rules = check::rules_of(&game);
                    if job == 0 {
                        check::check(&game, &rules).unwrap().wins
                    } else {
                        review::review(&game, &rules, &Default::default())
                            .unwrap()
                            .discards
                            .len()
                    }
                })
                .count();
        }
        let rate = done as f64 / start.elapsed().as_secs_f64();
        println!(
            "{what}: {rate:.0} hanchan/s on {} threads ({:.2} ms each per thread)",
            rayon::current_num_threads(),
            1e3 * rayon::current_num_threads() as f64 / rate
        );
    }
}
