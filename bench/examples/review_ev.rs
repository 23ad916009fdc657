//! The review's expected-value searches of a record, one seat and kyoku at a time in
//! game order through one `ev::Cache` (or from scratch with `scratch`): per decision
//! the states searched and reused and the time, then the median, p99 and each shanten
//! class: `cargo run --release --example review_ev -- RECORD [cache|scratch]`.
#![allow(clippy::print_stdout)]
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use pairi::ev::{evaluate, Cache};
use pairi::record::review::{ev_options, positions, Selection};
use pairi::util::Stop;

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let mode = std::env::args().nth(2).unwrap_or_else(|| "cache".into());
    let text = std::fs::read_to_string(path).unwrap();
    let game = pairi::record::read(&text, None).unwrap();
    let rules = pairi::record::check::rules_of(&game);
    let sel = Selection {
        ev: true,
        ..Selection::default()
    };
    let pos = positions(&game, &rules, &sel).unwrap();
    let options = ev_options(&sel);
    let mut order: Vec<usize> = (0..pos.len()).collect();
    order.sort_by_key(|&i| (pos[i].kyoku, pos[i].seat, i));
    let mut cache = Cache::new(4_000_000);
    let mut last = (usize::MAX, 255u8);
    let (mut tot, mut states, mut reused) = (0.0, 0usize, 0usize);
    let mut times = Vec::new();
    let mut class = std::collections::BTreeMap::new();
    for &i in &order {
        let p = &pos[i];
        if (p.kyoku, p.seat) != last {
            cache = Cache::new(4_000_000);
            last = (p.kyoku, p.seat);
        }
        let t0 = std::time::Instant::now();
        let a = if mode == "scratch" {
            evaluate(&p.setup, &options)
        } else {
            cache.evaluate(&p.setup, &options, &Stop::never())
        };
        let dt = t0.elapsed().as_secs_f64();
        tot += dt;
        times.push(dt);
        let r = cache.last();
        states += r.searched;
        reused += r.reused;
        if let Ok(e) = &a {
            class
                .entry(e.shanten)
                .or_insert_with(Vec::new)
                .push((e.searched, dt));
        }
        println!(
            "k{} s{} e{} t{} {:?} reused {}/{} held {} {:.3} ms",
            p.kyoku,
            p.seat,
            p.event,
            p.setup.turn,
            a.as_ref().map(|e| e.shanten).map_err(|e| e.kind()),
            r.reused,
            r.searched,
            r.held,
            dt * 1e3
        );
    }
    for (s, v) in &mut class {
        let mut n: Vec<usize> = v.iter().map(|x| x.0).collect();
        n.sort_unstable();
        v.sort_by(|a, b| a.1.total_cmp(&b.1));
        println!(
            "class {s}: {} positions, states median {} max {}, time median {:.2} ms max {:.2} ms",
            v.len(),
            n[n.len() / 2],
            n[n.len() - 1],
            v[v.len() / 2].1 * 1e3,
            v[v.len() - 1].1 * 1e3
        );
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let q = |f: f64| times[((times.len() - 1) as f64 * f) as usize] * 1e3;
    println!("positions {} total {:.3} s states {states} reused {reused} median {:.3} ms p99 {:.3} ms max {:.3} ms", pos.len(), tot, q(0.5), q(0.99), q(1.0));
}
