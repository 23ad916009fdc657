//! The review's expected-value searches of a record, one after another on one thread:
//! per decision the states searched and the time, then the median, p99 and each
//! shanten class: `cargo run --release --example review_ev -- RECORD`.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use pairi::ev::evaluate;
use pairi::record::review::{ev_options, positions, Selection};

fn main() {
    let path = std::env::args().nth(1).expect("a record");
    let text = std::fs::read_to_string(path).expect("readable");
    let game = pairi::record::read(&text, None).expect("a record");
    let rules = pairi::record::check::rules_of(&game);
    let sel = Selection {
        ev: true,
        ..Selection::default()
    };
    let pos = positions(&game, &rules, &sel).expect("replayable");
    let options = ev_options(&sel);
    let (mut total, mut states) = (0.0, 0usize);
    let mut times = Vec::new();
    let mut class = std::collections::BTreeMap::new();
    for p in &pos {
        let t0 = std::time::Instant::now();
        let a = evaluate(&p.setup, &options);
        let dt = t0.elapsed().as_secs_f64();
        total += dt;
        times.push(dt);
        if let Ok(e) = &a {
            states += e.searched;
            class.entry(e.shanten).or_insert_with(Vec::new).push((e.searched, dt));
        }
        println!(
            "kyoku {} seat {} event {} turn {}: {:?} {:.3} ms",
            p.kyoku,
            p.seat,
            p.event,
            p.setup.turn,
            a.as_ref().map(|e| (e.shanten, e.searched)).map_err(|e| e.kind()),
            dt * 1e3
        );
    }
    for (s, v) in &mut class {
        let mut n: Vec<usize> = v.iter().map(|x| x.0).collect();
        n.sort_unstable();
        v.sort_by(|a, b| a.1.total_cmp(&b.1));
        println!(
            "{s}-shanten: {} decisions, states median {} max {}, time median {:.2} ms max {:.2} ms",
            v.len(),
            n[n.len() / 2],
            n[n.len() - 1],
            v[v.len() / 2].1 * 1e3,
            v[v.len() - 1].1 * 1e3
        );
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let q = |f: f64| times[((times.len() - 1) as f64 * f) as usize] * 1e3;
    println!(
        "{} decisions, {total:.3} s, {states} states, median {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        pos.len(),
        q(0.5),
        q(0.99),
        q(1.0)
    );
}
