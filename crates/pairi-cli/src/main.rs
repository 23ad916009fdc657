//! `pairi`: mahjong hand analysis and scoring from the terminal and JSON Lines.
//!
//! Every subcommand is a shim over `pairi::api`: it builds the request of its arguments,
//! calls the request's `answer()` (or, with `--batch`, answers each line through
//! `pairi::api::batch`), and prints the result as JSON or as text. Nothing here
//! computes an answer.
#![forbid(unsafe_code)]
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod analyze;
mod arena;
mod batch;
mod bot;
#[cfg(test)]
mod both_ways;
mod dataset;
mod ev;
mod fan;
mod html;
mod mjai_bot;
mod output;
mod parse;
mod play;
mod plot;
mod record;
mod score;
mod serve;
mod stats;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Batches allocate many small short-lived values (request strings, answers) on every
/// thread; mimalloc serves them several times faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// pairi (牌理): reads every common tile notation, measures shanten, waits, useful tiles
/// and discards, and scores winning hands under Riichi and Chinese Official (MCR) rules.
#[derive(Parser, Debug)]
#[command(
    name = "pairi",
    version,
    about,
    long_about = None,
    propagate_version = true,
    after_help = "Examples:\n  \
    pairi analyze 1289m3478p25s1567z\n  \
    pairi score 234m406p78999s[777z] --win 9s --seat-wind S --dora 3p\n  \
    pairi shanten --batch cases.jsonl\n\n\
Every command has --help with examples. Errors: `error: <kind>: <message>` on standard\n\
error, exit status 2. Flags are the JSON fields in kebab case (docs/json-api.md)."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Parsed once per run: the size of the largest variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand, Debug)]
enum Command {
    /// Read a hand in any notation and print it normalised (or as JSON).
    Parse(parse::Args),
    /// Shanten by form, waits, useful tiles, discard table and improvements of a hand
    /// (or JSON Lines requests with `--batch FILE|-`).
    Analyze(analyze::AnalyzeArgs),
    /// Shanten by form of one hand, or of many as JSON Lines (`--batch FILE|-`).
    Shanten(analyze::ShantenArgs),
    /// Score a winning hand under Riichi rules: yaku, fu, han, payments.
    Score(score::Args),
    /// Count the fans of a winning hand under Chinese Official (MCR) rules.
    Fan(fan::Args),
    /// Shanten distribution of random dealt hands: exact, or Monte Carlo.
    Stats(stats::Args),
    /// Tenpai probability, win probability and expected score of each discard, turn by
    /// turn, with the paths behind them (or JSON Lines requests with `--batch FILE|-`).
    Ev(ev::Args),
    /// Game records (tenhou.net/6, mjai, Tenhou XML): check them (replay, score every
    /// win again) or convert them.
    Record(record::RecordArgs),
    /// Training data: every decision of record files as Parquet rows (observation
    /// planes, legal mask, action taken, labels).
    Dataset(dataset::Args),
    /// Review every discard of a game record against the best one, with a summary per
    /// player (`--html` for a page).
    Review(record::ReviewArgs),
    /// Play many games between agents (built-in or mjai programs) on every core, and
    /// compare them with 95 % intervals.
    Arena(arena::Args),
    /// One of pairi's agents as an mjai bot: mjai messages on standard input, one
    /// answer a line on standard output.
    MjaiBot(mjai_bot::Args),
    /// Play a game against pairi's agents, one decision a request: the table rebuilt
    /// from the seed and the actions so far (JSON answer; `--batch` for JSON Lines).
    Play(play::Args),
    /// Serve the JSON API over HTTP (`POST /v1/<kind>`) and the web page, on loopback
    /// unless told otherwise.
    Serve(serve::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return output::usage(&e),
    };
    let json = cli.command.json();
    let result = match cli.command {
        Command::Parse(a) => parse::run(&a),
        Command::Analyze(a) => analyze::run_analyze(&a),
        Command::Shanten(a) => analyze::run_shanten(&a),
        Command::Score(a) => score::run(&a),
        Command::Fan(a) => fan::run(&a),
        Command::Stats(a) => stats::run(&a),
        Command::Ev(a) => ev::run(&a),
        Command::Record(a) => match record::run(&a) {
            Ok(code) => return code,
            Err(e) => Err(e),
        },
        Command::Review(a) => record::review(&a),
        Command::Dataset(a) => match dataset::run(&a) {
            Ok(code) => return code,
            Err(e) => Err(e),
        },
        Command::Arena(a) => arena::run(&a),
        Command::MjaiBot(a) => mjai_bot::run(&a),
        Command::Play(a) => play::run(&a),
        Command::Serve(a) => serve::run(&a),
    };
    output::exit(result, json)
}

impl Command {
    /// Whether the run asked for JSON output (its errors are then JSON too).
    fn json(&self) -> bool {
        match self {
            Command::Parse(a) => a.json,
            Command::Analyze(a) => a.json,
            Command::Shanten(a) => a.json,
            Command::Score(a) => a.json,
            Command::Fan(a) => a.json,
            Command::Stats(a) => a.json,
            Command::Ev(a) => a.json,
            Command::Record(a) => a.json(),
            Command::Review(a) => a.json,
            Command::Arena(a) => a.json,
            Command::Play(_) => true,
            Command::MjaiBot(_) | Command::Serve(_) | Command::Dataset(_) => false,
        }
    }
}
