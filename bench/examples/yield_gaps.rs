//! How often long work looks at its stop: runs the longest `ev` request `pairi serve`
//! allows (the one `serve_load` loops) with a [`Yield`] that only notes when it is
//! called, and prints the gaps between calls (p50, p99, max) in the search thread's
//! CPU time (what the search computes between two checks, whatever else runs on the
//! machine) and in wall time. A gap is how long a long request keeps its core after the
//! server asks it to give way. Each gap of more than `report` ms of CPU is printed with
//! the function whose check ended it.
//!
//! ```sh
//! cd bench && cargo run --release --example yield_gaps -- [threads=1] [runs=3] [report=1]
//! ```
//!
//! `threads`: the pool the search runs on (`pairi serve` gives long requests one thread
//! fewer than the cores: 1 on two cores). With more than one thread the CPU clock read
//! is the calling thread's, and the gaps mix threads.

use pairi::api::batch::prepare;
use pairi::api::limits::Limits;
use pairi::util::{Stop, Yield};
use rustix::time::{clock_gettime, ClockId};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The allocator the `pairi` binary ships with (see [`pairi_bench::SearchAllocator`]).
#[global_allocator]
static ALLOCATOR: pairi_bench::SearchAllocator = pairi_bench::SEARCH_ALLOCATOR;

const LONG: (&str, &str) = (
    "ev",
    r#"{"hand": "1235m2469p13588s1z", "explain": true, "paths": 20}"#,
);

/// The calling thread's CPU time.
fn cpu() -> Duration {
    let t = clock_gettime(ClockId::ThreadCPUTime);
    Duration::new(
        u64::try_from(t.tv_sec).unwrap_or(0),
        u32::try_from(t.tv_nsec).unwrap_or(0),
    )
}

/// Notes when it is called (wall clock, thread CPU clock); never holds the work back.
struct Clock {
    report: Duration,
    calls: Mutex<Vec<(Instant, Duration)>>,
}

impl Yield for Clock {
    fn hold(&self) -> bool {
        let now = (Instant::now(), cpu());
        let mut calls = self
            .calls
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(&(_, last)) = calls.last() {
            if now.1.saturating_sub(last) > self.report {
                let trace = std::backtrace::Backtrace::force_capture().to_string();
                let place = trace
                    .lines()
                    .filter(|l| l.contains("pairi::") && !l.contains("pairi::util::"))
                    .find(|l| !l.contains("yield_gaps"))
                    .unwrap_or("?")
                    .trim()
                    .to_owned();
                #[allow(clippy::print_stdout)]
                {
                    println!("  {} of CPU before {place}", ms(now.1 - last));
                }
            }
        }
        calls.push((Instant::now(), cpu()));
        false
    }
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

/// p50, p99 and max of `gaps`.
fn spread(mut gaps: Vec<Duration>) -> String {
    gaps.sort_unstable();
    let at = |p: f64| gaps[((gaps.len() as f64 * p).ceil() as usize).clamp(1, gaps.len()) - 1];
    format!(
        "p50 {}, p99 {}, max {}",
        ms(at(0.5)),
        ms(at(0.99)),
        ms(at(1.0))
    )
}

fn main() {
    let number = |i: usize, default: f64| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    let threads = number(1, 1.0) as usize;
    let runs = number(2, 3.0) as usize;
    let report = Duration::from_secs_f64(number(3, 1.0) / 1e3);
    let limits = Limits {
        max_states: 300_000,
        ..Limits::default()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .expect("a thread pool");
    for _ in 0..runs {
        let clock = Arc::new(Clock {
            report,
            calls: Mutex::new(Vec::new()),
        });
        let stop = Stop::new().yielding_to(clock.clone());
        let (answered, start, end) = pool.install(|| {
            let start = (Instant::now(), cpu());
            let answered = prepare(LONG.0, LONG.1, &limits).and_then(|prepared| {
                let mut out = Vec::new();
                prepared
                    .answer(&limits, &stop, &mut out)
                    .map(|()| out.len())
            });
            (answered, start, (Instant::now(), cpu()))
        });
        let calls = std::mem::take(
            &mut *clock
                .calls
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        let points: Vec<(Instant, Duration)> = std::iter::once(start)
            .chain(calls.iter().copied())
            .chain(std::iter::once(end))
            .collect();
        let wall = points.windows(2).map(|w| w[1].0 - w[0].0).collect();
        let cpu = points
            .windows(2)
            .map(|w| w[1].1.saturating_sub(w[0].1))
            .collect();
        #[allow(clippy::print_stdout)]
        {
            println!(
                "{} on {threads} thread(s): {} in {} ({} of CPU), {} checks; gaps in CPU time {}; in wall time {}",
                LONG.0,
                match answered {
                    Ok(bytes) => format!("{bytes} bytes"),
                    Err(e) => format!("error {e}"),
                },
                ms(end.0 - start.0),
                ms(end.1 - start.1),
                calls.len(),
                spread(cpu),
                spread(wall),
            );
        }
    }
}
