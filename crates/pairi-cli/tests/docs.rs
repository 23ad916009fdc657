//! Every `pairi` command shown in the documents runs: the README, `docs/*.md`, the
//! architecture and design notes, and the shared JSON contract. A document whose
//! example stops working fails here, so examples cannot rot.
//!
//! An example is a line of a code block (fenced or indented) or an inline code span
//! that starts with `pairi <subcommand>` (or `cargo run … -- <subcommand>`). Synopses
//! with placeholders (`FILE|-`, `[--rules …]`, `<N>`) are not examples. Each runs in a fresh
//! folder holding the batch files the examples name; Monte Carlo runs of more than a
//! million hands run on a million (the flags are what can rot, not the count).
#![allow(clippy::print_stderr)] // the commands run are listed on stderr

mod common;

use std::path::{Path, PathBuf};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Examples of the shared contract (read-only) that cannot work as written, with why.
const KNOWN_WRONG: &[(&str, &str)] = &[(
    r#"pairi fan "[123p,1][345s,2][999s,3]6m6pEW1m" --win 1m"#,
    "three melds leave 4 concealed tiles plus the winning tile: 6m 6p E W 1m is no set \
     and a pair, so no reading completes the hand (not_winning)",
)];

const SUBCOMMANDS: [&str; 11] = [
    "parse", "analyze", "shanten", "score", "fan", "stats", "ev", "record", "review", "arena",
    "mjai-bot",
];

fn documents() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut out = vec![
        root.join("README.md"),
        root.join("ARCHITECTURE.md"),
        root.join("DESIGN.md"),
        root.join("../shared/spec/json-api.md"),
    ];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    out.extend(docs);
    out
}

/// The command of one line of text, if it is an example: `pairi …` with a subcommand.
fn example(text: &str) -> Option<String> {
    let text = text.trim().trim_start_matches("$ ");
    let text = match text.strip_prefix("cargo run --release --bin pairi -- ") {
        Some(rest) => format!("pairi {rest}"),
        None => text.to_owned(),
    };
    let rest = text.strip_prefix("pairi ")?;
    let sub = rest.split_whitespace().next()?;
    if !SUBCOMMANDS.contains(&sub) {
        return None;
    }
    // Drop a trailing comment.
    let command = match text.find(" #") {
        Some(i) => text[..i].trim_end().to_owned(),
        None => text.trim_end().to_owned(),
    };
    let synopsis = command.contains("FILE")
        || command.contains("[--")
        || command.contains('|')
        || command.contains('<');
    (!synopsis).then_some(command)
}

/// The examples of a Markdown text, in order.
fn examples(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || line.starts_with("    ") {
            out.extend(example(line));
            continue;
        }
        // Inline code spans with at least two arguments (a bare `pairi stats` or
        // `pairi score --batch` names a command in prose).
        for (i, span) in line.split('`').enumerate() {
            if i % 2 == 1 {
                out.extend(example(span).filter(|c| c.split_whitespace().count() >= 4));
            }
        }
    }
    out
}

/// Splits a command line as a POSIX shell would for these examples: spaces, single
/// and double quotes.
fn split(command: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    args.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (None, c) => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        args.push(cur);
    }
    args
}

/// A fresh folder with the batch files the examples name.
fn workdir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pairi-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("docs")).expect("a temporary folder");
    let shared = Path::new(ROOT).join("../shared/data");
    let first = |file: &str, n: usize| -> String {
        let text = std::fs::read_to_string(shared.join(file)).expect("shared data");
        text.lines().take(n).map(|l| format!("{l}\n")).collect()
    };
    for (name, source) in [
        ("cases.jsonl", "shanten/cases.jsonl"),
        ("requests.jsonl", "shanten/cases.jsonl"),
        ("score-cases.jsonl", "riichi/score-cases.jsonl"),
        ("fan-cases.jsonl", "mcr/fan-seed1.jsonl"),
        ("big.jsonl", "riichi/score-cases.jsonl"),
        ("fanbig.jsonl", "mcr/fan-seed1.jsonl"),
        ("ev-cases.jsonl", "ev/cases.jsonl"),
    ] {
        std::fs::write(dir.join(name), first(source, 20)).expect("a batch file");
    }
    // Records under the names the examples use, and a folder of all of them.
    let logs = shared.join("logs");
    for (name, source) in [
        ("game.json", "tenhou6/ranked_game.json"),
        ("game.jsonl", "mjai/selfplay_hanchan_126_204_0.jsonl"),
        ("game.mjlog", "mjlog/2010091009gm-00a9-0000-83af2648.mjlog"),
    ] {
        std::fs::copy(logs.join(source), dir.join(name)).expect("a record");
    }
    // The mjai program the arena examples seat.
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bots/tsumogiri.py"),
        dir.join("bot.py"),
    )
    .expect("the test bot");
    std::fs::create_dir_all(dir.join("logs")).expect("a folder");
    for sub in ["tenhou6", "mjai", "mjlog"] {
        for e in std::fs::read_dir(logs.join(sub)).expect("shared logs") {
            let p = e.expect("entry").path();
            std::fs::copy(&p, dir.join("logs").join(p.file_name().expect("a name")))
                .expect("a record");
        }
    }
    dir
}

/// Caps `--hands N` at a million and an arena's `--games N` at four.
fn bounded(mut args: Vec<String>) -> Vec<String> {
    for i in 1..args.len() {
        if args[i - 1] == "--hands" && args[i].parse::<u64>().is_ok_and(|n| n > 1_000_000) {
            args[i] = "1000000".to_owned();
        }
        if args[i - 1] == "--games" && args[i].parse::<u64>().is_ok_and(|n| n > 4) {
            args[i] = "4".to_owned();
        }
    }
    args
}

#[test]
fn docs_ok_every_example_runs() {
    let dir = workdir();
    let mut ran = 0;
    let mut bad = Vec::new();
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap_or_else(|e| panic!("{doc:?}: {e}"));
        for command in examples(&text) {
            if KNOWN_WRONG.iter().any(|(c, _)| *c == command) {
                continue;
            }
            let args = bounded(split(&command));
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_pairi"))
                .args(&args[1..])
                .current_dir(&dir)
                .output()
                .expect("pairi runs");
            ran += 1;
            if !out.status.success() {
                bad.push(format!(
                    "{}: {command}\n  {}",
                    doc.file_name().and_then(|n| n.to_str()).unwrap_or("?"),
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{ran} examples run");
    assert!(ran >= 20, "only {ran} examples found");
    assert!(bad.is_empty(), "examples that fail:\n{}", bad.join("\n"));
}

#[test]
fn docs_ok_known_wrong_examples_still_fail() {
    // Should the shared contract's example be corrected, drop it from the list.
    for (command, _) in KNOWN_WRONG {
        let args = split(command);
        let r = common::run(
            &args.iter().skip(1).map(String::as_str).collect::<Vec<_>>(),
            b"",
        );
        assert_eq!(r.code, 2, "{command}: {r:?}");
    }
}

#[test]
fn docs_ok_example_and_split() {
    assert_eq!(
        example("pairi analyze 123m  # shanten"),
        Some("pairi analyze 123m".to_owned())
    );
    assert_eq!(example("pairi score --batch FILE|-"), None);
    assert_eq!(example("pairi (牌理) is"), None);
    assert_eq!(
        example("cargo run --release --bin pairi -- analyze 1m"),
        Some("pairi analyze 1m".to_owned())
    );
    assert_eq!(
        split(r#"pairi fan "[123p,1] x" --win '1m'"#),
        ["pairi", "fan", "[123p,1] x", "--win", "1m"]
    );
}
