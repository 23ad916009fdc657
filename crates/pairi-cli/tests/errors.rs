//! Every way a command fails says the same thing in the same form: `error: <kind>:
//! <message>` on standard error, exit status 2, with `--json` also the JSON error object
//! on standard output; a file that cannot be read, converted or reviewed is named. One
//! bad input (at least) per subcommand.

mod common;

use std::path::{Path, PathBuf};

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");

/// A fresh folder (one per test: they run at once) with files that are not what their
/// names say.
fn bad_files(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pairi-errors-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    std::fs::write(dir.join("binary.json"), b"\xff\xfe\x00{").expect("a file");
    std::fs::write(dir.join("broken.gz"), b"\x1f\x8b\x08\x00garbage").expect("a file");
    std::fs::write(dir.join("notes.json"), "{\"log\": 3}").expect("a file");
    // The example game with the dealer's first discard changed to a tile it does not
    // hold: the game cannot be replayed.
    let game = std::fs::read_to_string(Path::new(EXAMPLES).join("game.json")).expect("game");
    let broken = game.replacen("[38,22,47]", "[39,22,47]", 1);
    assert_ne!(broken, game);
    std::fs::write(dir.join("changed.json"), broken).expect("a file");
    dir
}

/// Runs `args`; checks exit status 2, one `error: <kind>:` line first on standard
/// error that contains `names`, nothing on standard output; returns standard error.
fn fails_with(args: &[&str], kind: &str, names: &str) -> String {
    let r = common::run(args, b"");
    assert_eq!(r.code, 2, "pairi {args:?}: {r:?}");
    let first = r.stderr.lines().next().unwrap_or("");
    assert!(
        first.starts_with(&format!("error: {kind}: ")),
        "pairi {args:?}: {first}"
    );
    assert!(
        first.contains(names),
        "pairi {args:?} should name {names}: {first}"
    );
    assert!(r.stdout.is_empty(), "pairi {args:?}: {r:?}");
    r.stderr
}

#[test]
fn errors_ok_every_subcommand_prefixes_its_kind() {
    let dir = bad_files("kinds");
    let d = |name: &str| dir.join(name).display().to_string();
    let missing = d("missing.json");
    let (binary, broken_gz, notes, changed) = (
        d("binary.json"),
        d("broken.gz"),
        d("notes.json"),
        d("changed.json"),
    );
    let (no_chart, no_page) = (d("no/such/folder/chart.svg"), d("no/such/folder/page.html"));
    let game = Path::new(EXAMPLES).join("game.json").display().to_string();
    let cases: Vec<(Vec<&str>, &str, String)> = vec![
        (vec!["parse", "12x"], "parse", String::new()),
        (
            vec!["parse", "1m", "--to", "klingon"],
            "invalid_request",
            "klingon".into(),
        ),
        (vec!["analyze", "123m"], "invalid_hand", String::new()),
        (vec!["analyze", "--batch", &missing], "io", missing.clone()),
        (
            vec!["analyze", "123m456p789s1z", "--melds", "1", "--ev"],
            "invalid_request",
            "`ev`".into(),
        ),
        (
            vec!["shanten", "1m", "--family", "go"],
            "invalid_request",
            "go".into(),
        ),
        (vec!["shanten", "--batch", &missing], "io", missing.clone()),
        (
            vec!["score", "234m406p78999s[777s]"],
            "no_yaku",
            String::new(),
        ),
        (
            vec!["score", "123m", "--win", "1m"],
            "invalid_hand",
            String::new(),
        ),
        (
            vec!["score", "1m", "--rule", "x"],
            "invalid_request",
            "--rule x".into(),
        ),
        (vec!["score", "--batch", &missing], "io", missing.clone()),
        (
            vec!["fan", "123m456p789s1122z", "--win", "3z"],
            "not_winning",
            String::new(),
        ),
        (vec!["fan", "--batch", &missing], "io", missing.clone()),
        (
            vec!["stats", "--exact", "--tiles", "12"],
            "invalid_request",
            String::new(),
        ),
        (
            vec!["stats", "--exact", "--plot", "chart.gif"],
            "invalid_request",
            "chart.gif".into(),
        ),
        (
            vec!["stats", "--exact", "--plot", &no_chart],
            "io",
            "chart.svg".into(),
        ),
        (vec!["ev", "123m456p789s1z"], "invalid_hand", String::new()),
        (vec!["ev", "--batch", &missing], "io", missing.clone()),
        (
            vec!["record", "convert", &missing, "--to", "mjai"],
            "io",
            missing.clone(),
        ),
        (
            vec!["record", "convert", &binary, "--to", "mjai"],
            "parse",
            binary.clone(),
        ),
        (
            vec!["record", "convert", &broken_gz, "--to", "mjai"],
            "parse",
            broken_gz.clone(),
        ),
        (
            vec!["record", "convert", &notes, "--to", "mjai"],
            "parse",
            notes.clone(),
        ),
        (
            vec!["record", "convert", &changed, "--to", "tenhou6"],
            "invalid_hand",
            changed.clone(),
        ),
        (vec!["review", &missing], "io", missing.clone()),
        (vec!["review", &binary], "parse", binary.clone()),
        (vec!["review", &changed], "invalid_hand", changed.clone()),
        (
            vec!["review", &game, "--kyoku", "S9"],
            "invalid_request",
            game.clone(),
        ),
        (
            vec!["review", &game, "--html", &no_page],
            "io",
            "page.html".into(),
        ),
        (
            vec!["serve", "--addr", "192.0.2.1:8750"],
            "invalid_request",
            "192.0.2.1".into(),
        ),
        // Usage errors of the argument parser are requests that cannot be used too.
        (
            vec!["analyze", "--no-such-flag"],
            "invalid_request",
            "--no-such-flag".into(),
        ),
        (vec!["record"], "invalid_request", String::new()),
        (vec!["frobnicate"], "invalid_request", "frobnicate".into()),
    ];
    for (args, kind, names) in &cases {
        fails_with(args, kind, names);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn errors_ok_json_runs_print_the_error_object_too() {
    let dir = bad_files("json");
    let missing = dir.join("missing.json").display().to_string();
    for (args, kind) in [
        (vec!["analyze", "123m", "--json"], "invalid_hand"),
        (vec!["review", missing.as_str(), "--json"], "io"),
        (
            vec!["stats", "--exact", "--plot", "chart.gif", "--json"],
            "invalid_request",
        ),
    ] {
        let r = common::run(&args, b"");
        assert_eq!(r.code, 2, "{args:?}: {r:?}");
        let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).expect("one JSON value");
        assert_eq!(v["error"]["kind"], kind, "{args:?}: {r:?}");
        assert!(r.stderr.starts_with(&format!("error: {kind}: ")), "{r:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn errors_ok_record_check_names_each_file_and_its_kind() {
    let dir = bad_files("check");
    let missing = dir.join("missing.json").display().to_string();
    let binary = dir.join("binary.json").display().to_string();
    let game = Path::new(EXAMPLES).join("game.json").display().to_string();
    let r = common::run(&["record", "check", &game, &missing, &binary], b"");
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stdout
            .contains(&format!("{missing}: error: io: cannot read {missing}")),
        "{r:?}"
    );
    assert!(
        r.stdout
            .contains(&format!("{binary}: error: parse: {binary}: not UTF-8 text")),
        "{r:?}"
    );
    assert!(
        r.stdout
            .contains("game.json: 1 kyoku, 1 wins re-scored, 1 agree"),
        "{r:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn errors_ok_an_output_that_cannot_be_written() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        return;
    }
    for args in [
        &["analyze", "123m406p789s1122z"][..],
        &["shanten", "--batch", "-"],
        &[
            "review",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/game.json"),
        ],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_pairi"))
            .args(args)
            .stdin(std::process::Stdio::null())
            .stdout(std::fs::File::create(full).expect("/dev/full"))
            .output()
            .expect("pairi runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        if args[0] == "shanten" {
            // No input: nothing to write, nothing fails.
            assert_eq!(out.status.code(), Some(0), "{stderr}");
            continue;
        }
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("error: io: cannot write the output"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn errors_ok_a_later_game_of_a_file_is_named_with_the_file() {
    let dir = bad_files("games");
    let game = std::fs::read_to_string(Path::new(EXAMPLES).join("game.json")).expect("game");
    let changed = std::fs::read_to_string(dir.join("changed.json")).expect("changed");
    let two = dir.join("two.json");
    std::fs::write(&two, format!("{}\n{}", game.trim(), changed.trim())).expect("a file");
    let two = two.display().to_string();
    let want = format!("error: invalid_hand: {two}: game 2: kyoku E1, event ");
    // Converted game by game: the first is written, then the second's error.
    let r = common::run(&["record", "convert", &two, "--to", "mjai"], b"");
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.starts_with(&want), "{r:?}");
    assert_eq!(r.stdout.matches("\"end_game\"").count(), 1, "{r:?}");
    // Tenhou's XML log holds one game: nothing is written.
    let good = dir.join("good.json");
    std::fs::write(&good, format!("{}\n{}", game.trim(), game.trim())).expect("a file");
    let good = good.display().to_string();
    fails_with(
        &["record", "convert", &good, "--to", "mjlog"],
        "parse",
        &good,
    );
    fails_with(&["review", &two], "invalid_hand", &two);
    let r = common::run(&["record", "check", &two], b"");
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stdout.starts_with(&format!(
            "{two}: error: invalid_hand: game 2: kyoku E1, event "
        )),
        "{r:?}"
    );
    let r = common::run(&["record", "check", &good, "--json"], b"");
    assert_eq!(r.code, 0, "{r:?}");
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).expect("one line");
    assert_eq!(v["games"], 2, "{r:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
