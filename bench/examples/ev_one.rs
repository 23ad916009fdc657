//! Runs the expected-value search on one case of `data/ev/cases.jsonl` N times (for
//! profiling): `cargo run --release --example ev_one -- evp-0225 3`.

use pairi::api::ev::EvRequest;

/// The allocator the `pairi` binary ships with (see [`pairi_bench::SearchAllocator`]).
#[global_allocator]
static ALLOCATOR: pairi_bench::SearchAllocator = pairi_bench::SEARCH_ALLOCATOR;

fn main() {
    let id = std::env::args().nth(1).unwrap_or_else(|| "evp-0225".into());
    let n: usize = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/ev/cases.jsonl");
    let text = std::fs::read_to_string(path).expect("the shared ev cases");
    let line = text.lines().find(|l| l.contains(&format!("\"{id}\""))).expect("no such case");
    let req: EvRequest = serde_json::from_str(line).unwrap();
    let (setup, options) = req.setup().unwrap();
    let start = std::time::Instant::now();
    for _ in 0..n {
        std::hint::black_box(pairi::ev::evaluate(&setup, &options).unwrap());
    }
    #[allow(clippy::print_stderr)]
    {
        eprintln!("{id}: {:.3} ms per search", start.elapsed().as_secs_f64() * 1e3 / n as f64);
    }
}
