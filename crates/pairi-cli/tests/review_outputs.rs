//! `pairi review` writes what it wrote before it read a file a game at a time: its text,
//! its JSON and its HTML page for every shared record, for files of several games
//! (mjai games one after the other, tenhou.net/6 games a line each and in an array),
//! for a selection of seats and kyoku and with `--ev`, compared byte for byte with the
//! outputs of the binary that read the file whole (commit debb438), kept as their
//! SHA-256 and length in `tests/data/review-outputs.sha256`.
//!
//! `PAIRI_WRITE_REVIEW_OUTPUTS=1` writes that file from the binary under test instead
//! (only for a change that is meant to change the review's output).

mod common;

use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const EXPECTED: &str = include_str!("data/review-outputs.sha256");

/// A file of `shared/data/logs`.
fn log(name: &str) -> String {
    format!("{}/data/logs/{name}", common::shared::root().display())
}

fn read(name: &str) -> String {
    std::fs::read_to_string(log(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every case: its name, its record file and the review's flags.
fn cases(dir: &Path) -> Vec<(String, PathBuf, Vec<&'static str>)> {
    let mut out = Vec::new();
    let mut names: Vec<String> = ["tenhou6", "mjlog", "mjai"]
        .iter()
        .flat_map(|d| {
            std::fs::read_dir(log(d))
                .unwrap_or_else(|e| panic!("{d}: {e}"))
                .map(move |e| format!("{d}/{}", e.unwrap().file_name().to_string_lossy()))
        })
        .collect();
    names.sort();
    for name in names {
        let file = name.rsplit('/').next().unwrap_or(&name).to_owned();
        // The two excerpts stop mid-game.
        let flags = if file.contains("excerpt") {
            vec!["--partial"]
        } else {
            Vec::new()
        };
        out.push((file, PathBuf::from(log(&name)), flags));
    }
    // Files of several games, made from the shared ones.
    let selfplay = read("mjai/selfplay_hanchan_126_204_0.jsonl");
    let (ranked, majiang, ron) = (
        read("tenhou6/ranked_game.json"),
        read("tenhou6/majiang_full_hanchan.json"),
        read("tenhou6/double_ron.json"),
    );
    let made = [
        ("three_selfplay.jsonl", format!("{selfplay}\n").repeat(3)),
        ("three_games.json", format!("{ranked}\n{majiang}\n{ron}\n")),
        ("array.json", format!("[{ranked},{majiang}]")),
    ];
    for (name, text) in made {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        out.push((name.to_owned(), path, Vec::new()));
    }
    let majiang = PathBuf::from(log("tenhou6/majiang_full_hanchan.json"));
    let ron = PathBuf::from(log("tenhou6/double_ron.json"));
    out.push((
        "majiang_seat1_E1.json".into(),
        majiang,
        vec!["--seats", "1", "--kyoku", "E1"],
    ));
    out.push((
        "double_ron_ev.json".into(),
        ron,
        vec!["--seats", "0", "--ev"],
    ));
    out
}

fn line(name: &str, bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut hex = String::new();
    for b in digest {
        let _ = write!(hex, "{b:02x}");
    }
    format!("{hex} {} {name}", bytes.len())
}

#[test]
fn review_outputs_are_the_same_as_before_streaming() {
    if common::shared::path("data/logs").is_none() {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("review-outputs");
    std::fs::create_dir_all(&dir).unwrap();
    let mut got = Vec::new();
    let mut files = Vec::new();
    for (name, path, flags) in cases(&dir) {
        let path = path.display().to_string();
        let page = dir.join(format!("{name}.html"));
        let page_arg = page.display().to_string();
        let mut args = vec!["review", path.as_str()];
        args.extend(&flags);
        for (ext, extra) in [
            ("txt", Vec::new()),
            ("json", vec!["--json"]),
            ("html", vec!["--html", page_arg.as_str()]),
        ] {
            let mut all = args.clone();
            all.extend(extra);
            let r = common::run(&all, b"");
            assert_eq!(r.code, 0, "pairi {all:?}: {}", r.stderr);
            let out = if ext == "html" {
                std::fs::read(&page).unwrap()
            } else {
                r.stdout.into_bytes()
            };
            let file = format!("{name}.{ext}");
            got.push(line(&file, &out));
            files.push((file, out));
        }
    }
    got.sort_by(|a, b| a.rsplit(' ').next().cmp(&b.rsplit(' ').next()));
    if std::env::var("PAIRI_WRITE_REVIEW_OUTPUTS").is_ok_and(|v| v == "1") {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/review-outputs.sha256"
        );
        std::fs::write(path, got.join("\n") + "\n").unwrap();
        return;
    }
    let mut want: Vec<&str> = EXPECTED.lines().collect();
    want.sort_unstable();
    // An output that differs is left beside the others to compare.
    let differ: Vec<&String> = got.iter().filter(|l| !want.contains(&l.as_str())).collect();
    for (file, out) in &files {
        if differ.iter().any(|l| l.ends_with(&format!(" {file}"))) {
            std::fs::write(dir.join(file), out).unwrap();
        }
    }
    assert_eq!(
        got.len(),
        want.len(),
        "cases run: {got:#?}\nexpected: {want:#?}"
    );
    assert!(
        differ.is_empty(),
        "outputs that differ (written to {}): {differ:#?}",
        dir.display()
    );
}
