//! Prints the per-hand times of the last `cargo bench --bench shanten` run and their
//! ratios to the baselines, from criterion's estimates (the median of the samples).
//!
//! `cd bench && cargo bench --bench shanten && cargo run --release --example shanten_report`
//!
//! An argument names another criterion directory (default `target/criterion`).
#![allow(clippy::print_stdout, clippy::print_stderr)]

use pairi_bench::HANDS;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Median time per hand in ns of one benchmark, if it was run.
fn per_hand(root: &Path, group: &str, function: &str) -> Option<f64> {
    let path = root
        .join(group.replace('/', "_"))
        .join(function)
        .join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    Some(v["median"]["point_estimate"].as_f64()? / HANDS as f64)
}

fn main() -> ExitCode {
    let root = std::env::args().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/criterion"),
        PathBuf::from,
    );
    let mut missing = false;
    let mut get = |group: &str, function: &str| {
        let t = per_hand(&root, group, function);
        missing |= t.is_none();
        t.unwrap_or(f64::NAN)
    };
    println!("| group | pairi ns/hand | baseline | baseline ns/hand | ratio | goal |");
    println!("| --- | ---: | --- | ---: | ---: | --- |");
    for hands in ["13", "14", "11+1meld", "8+2melds"] {
        let group = format!("shanten/{hands}");
        let p = get(&group, "pairi");
        for (base, goal) in [("riichienv-core", "≤ 1.0"), ("xiangting", "")] {
            let b = get(&group, base);
            println!(
                "| {group} | {p:.1} | {base} | {b:.1} | {:.2} | {goal} |",
                p / b
            );
        }
    }
    let p = get("useful/13", "pairi");
    let b = get("useful/13", "xiangting");
    println!(
        "| useful/13 | {p:.1} | xiangting | {b:.1} | {:.2} | |",
        p / b
    );
    for hands in ["14", "11+1meld"] {
        let group = format!("discards/{hands}");
        let p = get(&group, "pairi");
        let goal = if hands == "14" { "≤ 0.3" } else { "" };
        let b = get(&group, "xiangting");
        println!(
            "| {group} | {p:.1} | xiangting | {b:.1} | {:.2} | {goal} |",
            p / b
        );
        let b = get(&group, "xiangting/every-discard");
        println!(
            "| {group} | {p:.1} | xiangting, every discard | {b:.1} | {:.2} | |",
            p / b
        );
    }
    for hands in ["13", "14"] {
        let group = format!("mcr/{hands}");
        println!("| {group} | {:.1} | | | | per hand |", get(&group, "pairi"));
    }
    if missing {
        eprintln!(
            "some benchmarks have no estimates under {} (run `cargo bench --bench shanten`)",
            root.display()
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
