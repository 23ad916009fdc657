//! Random self-play on the table: hanchan per second, steps per second and the time of
//! a legal-action set, on one core. Every seat picks uniformly at random among its
//! legal actions.
//!
//! Run: `cd bench && cargo run --release --example table_selfplay -- [GAMES] [PRESET]`
//! (default 2000 games of `tenhou`).

use pairi::table::{Table, TablePreset, WallSource};
use std::hint::black_box;
use std::time::Instant;

#[allow(clippy::print_stdout)]
fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let preset = args
        .next()
        .and_then(|p| TablePreset::from_id(&p))
        .unwrap_or(TablePreset::Tenhou);
    let rules = preset.rules();
    let start = Instant::now();
    let cpu0 = cpu_seconds();
    let mut steps = 0;
    for seed in 0..games {
        steps += pairi_bench::random_game(rules, seed);
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu0;
    println!(
        "{}: {games} random games in {secs:.2} s ({cpu:.2} s of CPU): {:.0} games/s ({:.0} per CPU second), {:.2} M steps/s, {:.0} steps a game",
        preset.id(),
        games as f64 / secs,
        games as f64 / cpu,
        steps as f64 / secs / 1e6,
        steps as f64 / games as f64
    );
    if std::env::var_os("TABLE_GAMES_ONLY").is_some() {
        return;
    }
    // The legal set at a decision point: the same games again, asking each legal set
    // eleven times instead of once; the difference is ten legal sets a decision.
    let extra = 10;
    let cpu1 = cpu_seconds();
    let (mut decisions, mut actions) = (0u64, 0u64);
    for seed in 0..games {
        let mut t = Table::new(rules, WallSource::Seed(seed)).expect("table");
        let mut rng = pairi::util::rng::Xoshiro256::new(seed);
        while !t.is_over() {
            let seat = t.to_act().trailing_zeros() as u8;
            for _ in 0..extra {
                actions += black_box(t.legal(black_box(seat))).len() as u64;
            }
            let legal = t.legal(seat);
            let a = legal[rng.below(legal.len() as u64) as usize];
            t.step(seat, a).expect("legal");
            decisions += 1;
        }
    }
    let with_extra = cpu_seconds() - cpu1;
    let per = (with_extra - cpu) / (extra * decisions) as f64;
    println!(
        "legal set: {:.0} ns on average over {decisions} decision points ({:.1} actions each)",
        per * 1e9,
        actions as f64 / (extra * decisions) as f64
    );
}

/// CPU time of this process (user and system) from `/proc/self/stat`, in seconds: the
/// machine is shared, so wall time would count the waits for a core. 0 elsewhere.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command's closing parenthesis; utime and stime are 14 and 15.
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}
