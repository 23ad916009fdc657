//! Project tasks: `cargo xtask gen-tables [--check]`, `cargo xtask verify`.
#![forbid(unsafe_code)]
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod tables;
mod verify;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <command>

commands:
  gen-tables           regenerate crates/pairi/src/tables/ (shanten tables)
  gen-tables --check   fail if the committed tables are stale
  verify               long exhaustive checks of the shanten kernel against the reference";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["gen-tables"] => gen_tables(false),
        ["gen-tables", "--check"] => gen_tables(true),
        ["verify"] => verify::run(),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn gen_tables(check: bool) -> ExitCode {
    match tables::run(check) {
        Ok(stale) if stale.is_empty() => {
            println!("tables are up to date");
            ExitCode::SUCCESS
        }
        Ok(stale) if check => {
            eprintln!(
                "stale tables (run `cargo xtask gen-tables`): {}",
                stale.join(", ")
            );
            ExitCode::FAILURE
        }
        Ok(stale) => {
            println!("wrote {}", stale.join(", "));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gen-tables: {e}");
            ExitCode::FAILURE
        }
    }
}
