//! `pairi stats`: the shanten distribution of dealt hands, exact or by Monte Carlo, as a
//! table, JSON or a plot.

use crate::output::{print_json, print_line, refused};
use crate::plot::{self, Series};
use anyhow::Context as _;
use pairi::api::stats::{FormName, StatsRequest, StatsResult};
use pairi::stats::{Counted, Distribution, Form, MonteCarlo, StatsError};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::Path;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `pairi stats`.
#[derive(clap::Args, Debug)]
#[command(
    group(clap::ArgGroup::new("what").required(true).multiple(true).args(["exact", "hands"])),
    after_help = "Examples:\n  \
    pairi stats --exact --tiles 13 --form regular\n  \
    pairi stats --hands 100000000 --seed 1 --threads 2 --exact\n  \
    pairi stats --hands 100000 --seed 1 --form regular --exact --plot mc.svg\n  \
    pairi stats --exact --form regular --observed 0:5,1:484,2:6688,3:24873,4:37662,5:23684,6:6030,7:563,8:11\n\n\
JSON (--json), one object:\n  \
    {\"tiles\": 13, \"form\": \"all\", \"total\": N, \"counts\": {\"0\": n, \"1\": n, ...}, \"mean\": m}\n\
total is the number of hands: C(136, tiles) (C(108, tiles) with --players 3) for --exact alone, the hands dealt (or observed)\n\
otherwise; counts has every shanten value the form allows (-1 = complete, 14 tiles only),\n\
zeros included. A Monte Carlo run adds \"seed\"; a sample compared with the exact\n\
distribution (--exact with --hands or --observed) adds \"exact\": {\"0\": p, ...}, the exact\n\
probability of each value, and \"z\": {\"0\": z, ...}, the z-score (count - N p) / sqrt(N p (1 - p)),\n\
null where p is 0 or 1."
)]
pub(crate) struct Args {
    /// The exact distribution of a hand dealt from the 136 tiles (108 with
    /// --players 3). With --hands or
    /// --observed: compare the counts with it (exact probability and z-score per value).
    #[arg(long)]
    exact: bool,
    /// Monte Carlo: deal N random hands and count their shanten.
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    hands: Option<u64>,
    /// Seed of the Monte Carlo run: the same seed gives the same counts on any number of
    /// threads.
    #[arg(long, value_name = "S", default_value_t = 0, requires = "hands")]
    seed: u64,
    /// Tiles per hand: 13 (a hand as dealt) or 14 (with the first draw; -1 = complete).
    #[arg(long, value_name = "N", default_value_t = 13,
          value_parser = clap::value_parser!(u8).range(13..=14))]
    tiles: u8,
    /// Which shanten: `all` (the least over the three forms), `regular`, `chiitoitsu`
    /// (seven pairs) or `kokushi` (thirteen orphans).
    #[arg(long, value_enum, default_value_t = FormArg::All)]
    form: FormArg,
    /// Worker threads of the Monte Carlo run (default: one per core; at most
    /// four per core).
    #[arg(long, value_name = "T", requires = "hands", value_parser = thread_count)]
    threads: Option<u64>,
    /// Counts from elsewhere to compare with the exact distribution, as
    /// `SHANTEN:COUNT,...` (e.g. `0:5,1:484,2:6688`); needs --exact.
    #[arg(
        long,
        value_name = "COUNTS",
        requires = "exact",
        conflicts_with = "hands"
    )]
    observed: Option<String>,
    /// 3 for three-player mahjong (sanma): hands dealt from the 108 tiles without
    /// 2m–8m.
    #[arg(long, value_name = "N", value_parser = crate::parse::players)]
    players: Option<pairi::api::hand::PlayersField>,
    /// Print one JSON object instead of the table (see below).
    #[arg(long)]
    pub(crate) json: bool,
    /// Draw the distribution as a bar chart to FILE, SVG or PNG by its extension
    /// (`.svg`, `.png`); a sample and the exact distribution side by side.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
}

/// `--form`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum FormArg {
    /// The hand's shanten: the least over regular, seven pairs and thirteen orphans.
    All,
    /// Regular form: four sets and a pair.
    Regular,
    /// Seven pairs of distinct kinds.
    Chiitoitsu,
    /// Thirteen orphans.
    Kokushi,
}

impl FormArg {
    fn counted(self) -> Counted {
        match self {
            FormArg::All => None,
            FormArg::Regular => Some(Form::Regular),
            FormArg::Chiitoitsu => Some(Form::SevenPairs),
            FormArg::Kokushi => Some(Form::ThirteenOrphans),
        }
    }
}

/// A number of threads: at least 1, at most [`MAX_THREADS_PER_CORE`] per core (more
/// only cost time to start).
fn thread_count(s: &str) -> Result<u64, String> {
    let n = at_least_one(s)?;
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get() as u64);
    let max = MAX_THREADS_PER_CORE * cores;
    if n > max {
        return Err(format!(
            "at most {max} ({MAX_THREADS_PER_CORE} per core on {cores} core{})",
            if cores == 1 { "" } else { "s" }
        ));
    }
    Ok(n)
}

/// The most threads per core a Monte Carlo run starts.
const MAX_THREADS_PER_CORE: u64 = 4;

/// A whole number of at least 1.
fn at_least_one(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("must be at least 1".to_owned()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// Where the counts of a sample came from.
enum Source {
    MonteCarlo {
        seed: u64,
        threads: usize,
        time: Duration,
    },
    Observed,
}

/// The request of the command-line arguments.
fn request(args: &Args) -> anyhow::Result<StatsRequest> {
    let observed = args.observed.as_deref().map(parse_observed).transpose()?;
    Ok(StatsRequest {
        tiles: usize::from(args.tiles),
        form: FormName(args.form.counted()),
        exact: args.exact,
        hands: args.hands,
        seed: args.seed,
        observed,
        players: args.players,
    })
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    // Arguments are checked before any work.
    if let Some(path) = &args.plot {
        plot::check_path(path)?;
    }
    let req = request(args)?;
    let mut source = Source::Observed;
    let start = Instant::now();
    let computed = req
        .compute_with(&pairi::api::limits::LIBRARY, |mc| {
            let (d, s) = monte_carlo(mc, args.threads)
                .map_err(|e| pairi::api::Error::invalid_request(format!("{e:#}")))?;
            source = s;
            Ok(d)
        })
        .map_err(|e| refused(e, args.json))?;
    let sample_time = match &source {
        Source::MonteCarlo { time, .. } => *time,
        Source::Observed => Duration::ZERO,
    };
    let exact_time = start.elapsed().saturating_sub(sample_time);
    let result = computed.result(&req).map_err(|e| refused(e, args.json))?;
    // The plot first: when it cannot be written, nothing is printed.
    if let Some(path) = &args.plot {
        draw(path, &result, computed.sample.is_some(), &source).map_err(|e| {
            crate::output::io_failed(format!("cannot draw {}: {e:#}", path.display()), args.json)
        })?;
    }
    if args.json {
        return print_json(&result);
    }
    let mut out = if computed.sample.is_some() {
        sample_table(&result, &source, args.exact.then_some(exact_time))
    } else {
        exact_table(&result, exact_time)
    };
    if let Some(path) = &args.plot {
        let _ = write!(out, "\nplot written to {}", path.display());
    }
    print_line(out.trim_end())
}

/// The bar chart of the sample and the exact distribution, side by side.
fn draw(path: &Path, r: &StatsResult, sampled: bool, source: &Source) -> anyhow::Result<()> {
    let mut series = Vec::new();
    if sampled {
        let what = match source {
            Source::MonteCarlo { .. } => "Monte Carlo",
            Source::Observed => "observed",
        };
        series.push(Series::new(
            format!("{what}, {} hands", grouped(r.total)),
            r.counts.keys().map(|&s| (s, probability(r, s))).collect(),
        ));
    }
    match &r.exact {
        Some(exact) => series.push(Series::new(
            "exact".to_owned(),
            exact.clone().into_iter().collect(),
        )),
        None if !sampled => series.push(Series::new(
            "exact".to_owned(),
            r.counts.keys().map(|&s| (s, probability(r, s))).collect(),
        )),
        None => {}
    }
    let title = format!(
        "Shanten of {}-tile hands dealt from {} tiles, form {}",
        r.tiles,
        wall_size(r),
        r.form
    );
    plot::bars(path, &title, &series)
}

/// The share of hands of shanten `s` in the result's counts.
fn probability(r: &StatsResult, s: i8) -> f64 {
    let n = r.counts.get(&s).copied().unwrap_or(0);
    if r.total == 0 {
        0.0
    } else {
        n as f64 / r.total as f64
    }
}

/// Runs the blocks of `mc` in parallel on `threads` threads (all cores by default),
/// with a progress bar when standard error is a terminal.
fn monte_carlo(mc: &MonteCarlo, threads: Option<u64>) -> anyhow::Result<(Distribution, Source)> {
    let threads = threads.map_or(Ok(0), usize::try_from)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let bar = if std::io::stderr().is_terminal() {
        let style = indicatif::ProgressStyle::with_template(
            "{bar:30} {percent:>3}% of {human_len} hands, {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        indicatif::ProgressBar::new(mc.hands()).with_style(style)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let empty = Distribution::empty(mc.tiles(), mc.form())?;
    let start = Instant::now();
    let d = pool.install(|| {
        (0..mc.blocks())
            .into_par_iter()
            .map(|b| {
                let d = mc.run_block(b);
                bar.inc(mc.block_hands(b));
                Ok::<_, StatsError>(d)
            })
            .try_reduce(
                || empty.clone(),
                |mut a, b| {
                    a.merge(&b)?;
                    Ok(a)
                },
            )
    })?;
    let time = start.elapsed();
    bar.finish_and_clear();
    let source = Source::MonteCarlo {
        seed: mc.seed(),
        threads: pool.current_num_threads(),
        time,
    };
    Ok((d, source))
}

/// `SHANTEN:COUNT,...` → counts per shanten.
fn parse_observed(text: &str) -> anyhow::Result<BTreeMap<i8, u128>> {
    let mut counts = BTreeMap::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let parsed = item.split_once(':').and_then(|(s, n)| {
            Some((s.trim().parse::<i8>().ok()?, n.trim().parse::<u128>().ok()?))
        });
        let (s, n) = parsed.with_context(|| {
            format!("--observed: `{item}` is not SHANTEN:COUNT (e.g. `3:24873`)")
        })?;
        *counts.entry(s).or_insert(0u128) += n;
    }
    Ok(counts)
}

/// A probability with about four significant digits in 11 columns.
fn prob(p: f64) -> String {
    if p == 0.0 || p >= 1e-3 {
        format!("{p:.7}")
    } else {
        format!("{p:.3e}")
    }
}

/// Tiles in the wall the hands were dealt from.
fn wall_size(r: &StatsResult) -> u32 {
    if r.players == Some(3) {
        108
    } else {
        136
    }
}

/// The table of an exact distribution.
fn exact_table(r: &StatsResult, time: Duration) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Exact shanten distribution of {}-tile hands dealt from {} tiles, form {}",
        r.tiles,
        wall_size(r),
        r.form
    );
    let _ = writeln!(
        out,
        "{} hands (C({}, {})), computed in {:.3} s\n",
        r.total,
        wall_size(r),
        r.tiles,
        time.as_secs_f64()
    );
    let _ = writeln!(out, "shanten                 hands  probability");
    for (&s, n) in &r.counts {
        let _ = writeln!(out, "{s:>7}  {n:>20}  {:>11}", prob(probability(r, s)));
    }
    let _ = writeln!(out, "\nmean {:.6}", r.mean);
    out
}

/// The table of a sample, with the exact probabilities and z-scores when compared.
fn sample_table(r: &StatsResult, source: &Source, exact_time: Option<Duration>) -> String {
    let mut out = String::new();
    match source {
        Source::MonteCarlo {
            seed,
            threads,
            time,
        } => {
            let secs = time.as_secs_f64();
            let _ = writeln!(
                out,
                "Monte Carlo: {} hands of {} tiles dealt from {}, form {}, seed {seed}",
                r.total,
                r.tiles,
                wall_size(r),
                r.form
            );
            let _ = writeln!(
                out,
                "dealt in {secs:.3} s on {threads} thread{} ({:.1} M hands/s)",
                if *threads == 1 { "" } else { "s" },
                r.total as f64 / secs.max(1e-9) / 1e6
            );
        }
        Source::Observed => {
            let _ = writeln!(
                out,
                "Observed: {} hands of {} tiles, form {}",
                r.total, r.tiles, r.form
            );
        }
    }
    if let Some(time) = exact_time {
        let _ = writeln!(
            out,
            "exact distribution computed in {:.3} s",
            time.as_secs_f64()
        );
    }
    out.push('\n');
    match (&r.exact, &r.expected, &r.z) {
        (Some(exact), Some(expected), Some(z)) => {
            let _ = writeln!(
                out,
                "shanten        count  probability        exact       expected        z"
            );
            for (&s, n) in &r.counts {
                let z = match z.get(&s).copied().flatten() {
                    Some(z) => format!("{z:+.2}"),
                    None => "-".to_owned(),
                };
                let _ = writeln!(
                    out,
                    "{s:>7}  {n:>11}  {:>11}  {:>11}  {:>13.1}  {z:>7}",
                    prob(probability(r, s)),
                    prob(exact.get(&s).copied().unwrap_or(0.0)),
                    expected.get(&s).copied().unwrap_or(0.0),
                );
            }
        }
        _ => {
            let _ = writeln!(out, "shanten        count  probability");
            for (&s, n) in &r.counts {
                let _ = writeln!(out, "{s:>7}  {n:>11}  {:>11}", prob(probability(r, s)));
            }
        }
    }
    let _ = write!(out, "\nmean {:.6}", r.mean);
    if let Some(e) = r.exact_mean {
        let _ = write!(out, " (exact {e:.6})");
    }
    out.push('\n');
    out
}

/// `n` with its digits in groups of three: `1 000 000`.
fn grouped(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}
