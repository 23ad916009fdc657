//! `pairi`: mahjong hand analysis and scoring from the terminal and JSON Lines.
#![forbid(unsafe_code)]
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod analyze;
mod batch;
mod fan;
mod parse;
mod plot;
mod score;
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
#[command(name = "pairi", version, about, long_about = None, propagate_version = true)]
struct Cli {
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
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Command::Parse(a) => parse::run(&a),
        Command::Analyze(a) => analyze::run_analyze(&a),
        Command::Shanten(a) => analyze::run_shanten(&a),
        Command::Score(a) => score::run(&a),
        Command::Fan(a) => fan::run(&a),
        Command::Stats(a) => stats::run(&a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Writes one line to standard output; a closed pipe is an error that `main` answers
/// with exit status 0 (`println!` would panic instead).
pub(crate) fn print_line(line: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(line.as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(())
}

/// The one-line message of a library error: parse errors name the byte offset, what
/// was found and what was expected; hand errors say what breaks the rules.
pub(crate) fn hand_error(e: pairi::Error) -> anyhow::Error {
    match e {
        pairi::Error::Parse(p) => anyhow::anyhow!("{p}"),
        other => anyhow::anyhow!("invalid hand: {other}"),
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
