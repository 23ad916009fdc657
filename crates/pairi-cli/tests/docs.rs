//! Every `pairi` command shown to a user runs: the README, `docs/*.md`, the
//! architecture and design notes, `examples/README.md`, every `--help` (each of which
//! has examples), and the shared JSON contract when it is beside the repository. A
//! document whose example stops working fails here, so examples cannot rot.
//!
//! An example is a line of a code block (fenced or indented) or of a `--help` text, or
//! an inline code span of at least four words, that starts with `pairi <subcommand>`
//! (or `$ pairi`, or `cargo run … -- <subcommand>`). Synopses with placeholders
//! (`FILE|-`, `[--rules …]`, `<N>`) are not examples. Each runs in a fresh folder
//! holding a copy of `examples/` (the files the examples name) and must exit with
//! status 0, unless its comment says it shows an error (`# error: parse …`): then it
//! must fail with status 2 and that kind. Monte Carlo runs of more than a million
//! hands run on a million (the flags are what can rot, not the count); `pairi serve`
//! runs on a free loopback port until it says where it listens.
#![allow(clippy::print_stderr)] // the count of commands run is reported on stderr

mod common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Examples of the shared contract (read-only) that cannot work as written, with why.
const KNOWN_WRONG: &[(&str, &str)] = &[(
    r#"pairi fan "[123p,1][345s,2][999s,3]6m6pEW1m" --win 1m"#,
    "three melds leave 4 concealed tiles plus the winning tile: 6m 6p E W 1m is no set \
     and a pair, so no reading completes the hand (not_winning)",
)];

const SUBCOMMANDS: [&str; 14] = [
    "parse", "analyze", "shanten", "score", "fan", "stats", "ev", "record", "review", "serve",
    "arena", "mjai-bot", "play", "dataset",
];

/// Every `--help` page: the program's, each subcommand's, and `record`'s own.
const HELP_PAGES: [&[&str]; 18] = [
    &[],
    &["parse"],
    &["analyze"],
    &["shanten"],
    &["score"],
    &["fan"],
    &["stats"],
    &["ev"],
    &["record"],
    &["record", "check"],
    &["record", "convert"],
    &["record", "legal"],
    &["review"],
    &["serve"],
    &["arena"],
    &["mjai-bot"],
    &["play"],
    &["dataset"],
];

/// The documents of the repository, and the shared contract when it is there.
fn documents() -> Vec<(String, String)> {
    let root = Path::new(ROOT);
    let mut paths = vec![
        root.join("README.md"),
        root.join("ARCHITECTURE.md"),
        root.join("DESIGN.md"),
        root.join("examples/README.md"),
    ];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    paths.extend(docs);
    let mut out: Vec<(String, String)> = paths
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
            let name = p.strip_prefix(root).unwrap_or(p).display().to_string();
            (name, text)
        })
        .collect();
    if let Some(text) = common::shared::read("spec/json-api.md") {
        out.push(("shared spec/json-api.md".into(), text));
    }
    out
}

/// What an example expects: success, or a failure of an error kind.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Expect {
    Success,
    /// Exit status 2 and `error: <kind>:` on standard error.
    Error(String),
}

/// The command of one line of text, if it is an example: `pairi …` with a subcommand,
/// and what it expects.
fn example(text: &str) -> Option<(String, Expect)> {
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
    // A trailing comment: `# error: <kind> …` marks an example of an error.
    let (command, comment) = match text.find(" #") {
        Some(i) => (text[..i].trim_end(), text[i + 2..].trim()),
        None => (text.trim_end(), ""),
    };
    let expect = match comment.strip_prefix("error:") {
        Some(kind) => Expect::Error(
            kind.split_whitespace()
                .next()
                .unwrap_or("")
                .trim_end_matches(':')
                .to_owned(),
        ),
        None => Expect::Success,
    };
    // A placeholder is a word in capitals that is no hand of honour letters (`HAND`,
    // `FILE`, `TILES`; `EEEFFF` is a hand).
    let placeholder = command.split_whitespace().any(|w| {
        w.len() > 1
            && w.chars().all(|c| c.is_ascii_uppercase())
            && w.chars().any(|c| !"ESWNPFC".contains(c))
    });
    let synopsis =
        placeholder || command.contains("[--") || command.contains('|') || command.contains('<');
    (!synopsis).then(|| (command.to_owned(), expect))
}

/// The examples of a Markdown text, in order.
fn examples(markdown: &str) -> Vec<(String, Expect)> {
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
        // Inline code spans with at least four words (a bare `pairi stats` or
        // `pairi score --batch` names a command in prose).
        for (i, span) in line.split('`').enumerate() {
            if i % 2 == 1 {
                out.extend(example(span).filter(|(c, _)| c.split_whitespace().count() >= 4));
            }
        }
    }
    out
}

/// The examples of a `--help` text: its lines that are commands.
fn help_examples(help: &str) -> Vec<(String, Expect)> {
    help.lines().filter_map(example).collect()
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

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for e in std::fs::read_dir(from).expect("a folder to copy") {
        let p = e.expect("entry").path();
        let dest = to.join(p.file_name().expect("a name"));
        if p.is_dir() {
            copy_dir(&p, &dest);
        } else {
            std::fs::copy(&p, &dest).expect("a file copied");
        }
    }
}

/// A fresh folder holding a copy of `examples/`, and `docs/` for the charts the
/// documents draw.
fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pairi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&Path::new(ROOT).join("examples"), &dir);
    std::fs::create_dir_all(dir.join("docs")).expect("a folder");
    // The mjai program the arena examples seat.
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bots/tsumogiri.py"),
        dir.join("bot.py"),
    )
    .expect("the test bot");
    dir
}

/// Caps `--hands N` at a million and an arena's `--games N` at four; gives `serve` a free
/// loopback port.
fn bounded(mut args: Vec<String>) -> Vec<String> {
    for i in 1..args.len() {
        if args[i - 1] == "--hands" && args[i].parse::<u64>().is_ok_and(|n| n > 1_000_000) {
            args[i] = "1000000".to_owned();
        }
        if args[0] == "serve" && args[i - 1] == "--addr" {
            "127.0.0.1:0".clone_into(&mut args[i]);
        }
        if args[i - 1] == "--games" && args[i].parse::<u64>().is_ok_and(|n| n > 4) {
            args[i] = "4".to_owned();
        }
    }
    if args[0] == "serve" && !args.iter().any(|a| a == "--addr") {
        args.extend(["--addr".to_owned(), "127.0.0.1:0".to_owned()]);
    }
    args
}

/// Runs one example in `dir`; `Err` says what went wrong.
fn run_example(dir: &Path, command: &str, expect: &Expect) -> Result<(), String> {
    let args = bounded(split(command).split_off(1));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_pairi"));
    cmd.args(&args).current_dir(dir);
    if args[0] == "serve" {
        // A server runs until stopped: it must start and say where it listens.
        let mut child = cmd
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| e.to_string())?;
        let mut line = String::new();
        let read = BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line);
        let _ = child.kill();
        let out = child.wait_with_output().map_err(|e| e.to_string())?;
        return match read {
            Ok(_) if line.starts_with("pairi serve: http://127.0.0.1:") => Ok(()),
            _ => Err(format!(
                "did not start: {line}{}",
                String::from_utf8_lossy(&out.stderr).trim()
            )),
        };
    }
    let out = cmd.output().map_err(|e| e.to_string())?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    match expect {
        Expect::Success if out.status.success() => Ok(()),
        Expect::Success => Err(format!("exit {:?}: {}", out.status.code(), stderr.trim())),
        Expect::Error(kind) => {
            let prefix = format!("error: {kind}:");
            if out.status.code() == Some(2) && stderr.starts_with(&prefix) {
                Ok(())
            } else {
                Err(format!(
                    "expected exit 2 and `{prefix}`, got exit {:?}: {}",
                    out.status.code(),
                    stderr.trim()
                ))
            }
        }
    }
}

/// Runs every example of `sources` (name, examples) in a fresh copy of `examples/`;
/// fails listing those that do not do what they show.
fn run_all(label: &str, sources: Vec<(String, Vec<(String, Expect)>)>, at_least: usize) {
    let dir = workdir(label);
    let mut ran = 0;
    let mut bad = Vec::new();
    for (source, list) in sources {
        for (command, expect) in list {
            if KNOWN_WRONG.iter().any(|(c, _)| *c == command) {
                continue;
            }
            ran += 1;
            if let Err(e) = run_example(&dir, &command, &expect) {
                bad.push(format!("{source}: {command}\n  {e}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{ran} {label} examples run");
    assert!(ran >= at_least, "only {ran} {label} examples found");
    assert!(bad.is_empty(), "examples that fail:\n{}", bad.join("\n"));
}

fn help(page: &[&str]) -> String {
    let mut args = page.to_vec();
    args.push("--help");
    let r = common::run(&args, b"");
    assert_eq!(r.code, 0, "pairi {args:?}: {r:?}");
    r.stdout
}

#[test]
fn docs_ok_every_example_runs() {
    let sources = documents()
        .into_iter()
        .map(|(name, text)| {
            let list = examples(&text);
            (name, list)
        })
        .collect();
    run_all("docs", sources, 40);
}

#[test]
fn help_ok_every_page_has_examples_and_they_run() {
    let mut sources = Vec::new();
    for page in HELP_PAGES {
        let text = help(page);
        let list = help_examples(&text);
        let name = format!("pairi {} --help", page.join(" "));
        assert!(
            text.contains("Examples:") && !list.is_empty(),
            "{name} shows no example"
        );
        // The examples of a subcommand's page are of that subcommand.
        if let Some(first) = page.first() {
            for (command, _) in &list {
                assert!(
                    command.starts_with(&format!("pairi {}", page.join(" "))),
                    "{name}: {command}"
                );
            }
            assert!(SUBCOMMANDS.contains(first));
        }
        sources.push((name, list));
    }
    run_all("help", sources, 40);
}

#[test]
fn docs_ok_every_subcommand_has_a_help_page() {
    let main = help(&[]);
    for sub in SUBCOMMANDS {
        assert!(
            main.contains(&format!("\n  {sub} ")),
            "pairi --help lists {sub}"
        );
        assert!(HELP_PAGES.iter().any(|p| p.first() == Some(&sub)));
    }
}

/// Text of a shared document and what it reads in the repository's copy.
type Rewrites = &'static [(&'static str, &'static str)];

/// The shared contracts carried into `docs/` as the project's own documents, with the
/// paths that read differently there (the shared folder's relative paths).
const CARRIED: &[(&str, &str, Rewrites)] = &[
    (
        "spec/formats.md",
        "docs/formats.md",
        &[
            ("`../data/logs/`", "`shared/data/logs/`"),
            ("our `shared/spec/cases.md`", "our `docs/json-api.md`"),
        ],
    ),
    (
        "spec/ev-model.md",
        "docs/ev-model.md",
        &[("`../data/ev/`", "`shared/data/ev/`")],
    ),
    ("spec/notation.md", "docs/notation.md", &[]),
];

/// The words of a Markdown text's code: inline spans and fenced blocks, split at
/// everything but letters, digits and `_` (`{"ron": X}` gives `ron`, `X`).
fn code_words(markdown: &str) -> Vec<String> {
    let mut code = String::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            code.push_str(line);
            code.push('\n');
            continue;
        }
        for (i, span) in line.split('`').enumerate() {
            if i % 2 == 1 {
                code.push_str(span);
                code.push('\n');
            }
        }
    }
    code.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| w.len() >= 2 && w.chars().any(|c| c.is_ascii_lowercase()))
        .map(str::to_owned)
        .collect()
}

#[test]
fn docs_ok_carried_contracts_say_what_the_shared_ones_say() {
    let root = Path::new(ROOT);
    for (shared, ours, paths) in CARRIED {
        let Some(text) = common::shared::read(shared) else {
            return;
        };
        let text = paths.iter().fold(text, |t, (a, b)| t.replace(a, b));
        let doc = std::fs::read_to_string(root.join(ours)).expect(ours);
        let lines: std::collections::HashSet<&str> = doc.lines().map(str::trim_end).collect();
        let missing: Vec<&str> = text
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty() && !lines.contains(l))
            .collect();
        assert!(
            missing.is_empty(),
            "{ours} does not say what the shared {shared} says:\n{}",
            missing.join("\n")
        );
    }
    // The JSON contract is the project's own, longer document: every word of the code
    // of the shared contract and of the shared case files' schema (fields, ids, kinds,
    // values) is in it.
    let doc = std::fs::read_to_string(root.join("docs/json-api.md")).expect("docs/json-api.md");
    let words: std::collections::HashSet<&str> = doc
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .collect();
    for shared in ["spec/json-api.md", "spec/cases.md"] {
        let Some(text) = common::shared::read(shared) else {
            return;
        };
        let mut missing: Vec<String> = code_words(&text)
            .into_iter()
            .filter(|w| !words.contains(w.as_str()))
            .collect();
        missing.sort();
        missing.dedup();
        assert!(
            missing.is_empty(),
            "docs/json-api.md lacks words of the shared {shared}: {missing:?}"
        );
    }
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
    let ok = |c: &str| Some((c.to_owned(), Expect::Success));
    assert_eq!(
        example("pairi analyze 123m  # shanten"),
        ok("pairi analyze 123m")
    );
    assert_eq!(example("$ pairi analyze 123m"), ok("pairi analyze 123m"));
    assert_eq!(
        example("pairi parse 12x   # error: parse (a caret under the x)"),
        Some(("pairi parse 12x".to_owned(), Expect::Error("parse".into())))
    );
    assert_eq!(
        example("pairi score 1m  # error: invalid_hand: too few tiles"),
        Some((
            "pairi score 1m".to_owned(),
            Expect::Error("invalid_hand".into())
        ))
    );
    assert_eq!(example("pairi score --batch FILE|-"), None);
    assert_eq!(example("pairi parse HAND --json"), None);
    assert_eq!(
        example("pairi parse EEEFFF --json"),
        ok("pairi parse EEEFFF --json")
    );
    assert_eq!(example("pairi (牌理) is"), None);
    assert_eq!(
        example("cargo run --release --bin pairi -- analyze 1m"),
        ok("pairi analyze 1m")
    );
    assert_eq!(
        split(r#"pairi fan "[123p,1] x" --win '1m'"#),
        ["pairi", "fan", "[123p,1] x", "--win", "1m"]
    );
    assert_eq!(
        bounded(split("serve --addr 0.0.0.0:8750 --public")),
        ["serve", "--addr", "127.0.0.1:0", "--public"]
    );
    assert_eq!(
        bounded(split("stats --hands 9999999999 --exact")),
        ["stats", "--hands", "1000000", "--exact"]
    );
}

#[test]
fn docs_ok_example_files_are_small_and_named() {
    // The files the examples name are the repository's own, small enough to read.
    let dir = Path::new(ROOT).join("examples");
    let mut names = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("examples/") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let len = std::fs::metadata(&p).expect("metadata").len();
                assert!(len < 16 * 1024, "{p:?}: {len} bytes");
                names.push(p.strip_prefix(&dir).expect("under").display().to_string());
            }
        }
    }
    let readme = std::fs::read_to_string(dir.join("README.md")).expect("examples/README.md");
    for name in names.iter().filter(|n| *n != "README.md") {
        assert!(
            readme.contains(&format!("`{name}`")),
            "examples/README.md: {name}"
        );
    }
}
