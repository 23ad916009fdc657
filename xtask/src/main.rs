//! Project tasks: `cargo xtask gen-tables [--check]`, `cargo xtask verify`, `cargo xtask web`.
#![forbid(unsafe_code)]
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod tables;
mod verify;
mod web;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <command>

commands:
  gen-tables           regenerate crates/pairi/src/tables/ (shanten tables)
  gen-tables --check   fail if the committed tables are stale
  verify               long exhaustive checks of the shanten kernel against the reference
  web [OUT]            build the web page (WebAssembly and static files) into OUT or target/web";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["gen-tables"] => gen_tables(false),
        ["gen-tables", "--check"] => gen_tables(true),
        ["verify"] => verify::run(),
        ["web", rest @ ..] if rest.len() <= 1 => match web::run(rest.first().copied()) {
            Ok(out) => {
                let size = std::fs::metadata(out.join("pairi.wasm")).map_or(0, |m| m.len());
                println!("wrote {} (pairi.wasm {size} bytes)", out.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("web: {e}");
                ExitCode::FAILURE
            }
        },
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
