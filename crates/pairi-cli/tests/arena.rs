//! `pairi arena` and `pairi mjai-bot`: the same results on any number of threads,
//! records that read back, programs that fail without stopping the table, pairi's
//! agents as mjai programs.

#![allow(clippy::print_stderr)] // a skipped scenario says so

mod common;

use common::{run, Run};
use serde_json::Value;

fn pairi(args: &[&str]) -> Run {
    run(args, b"")
}

/// The JSON summary of a run that succeeded.
fn summary(args: &[&str]) -> Value {
    let mut all = vec!["arena", "--json"];
    all.extend_from_slice(args);
    let r = pairi(&all);
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    serde_json::from_str(&r.stdout).expect("one JSON object")
}

/// The agents' results without the decision counts (a program's are counted as the
/// arena asks, a built-in's the same way, but a fault changes nothing else).
fn agents(v: &Value) -> Value {
    let mut a = v["agents"].clone();
    for x in a.as_array_mut().expect("agents") {
        x.as_object_mut().expect("agent").remove("decisions");
    }
    a
}

const BOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/bots/tsumogiri.py");

fn python() -> bool {
    let ok = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("python3 not found: the bot scenarios are skipped");
    }
    ok
}

#[test]
fn arena_ok_same_results_whatever_the_threads() {
    let args = |threads| {
        summary(&[
            "--agents",
            "greedy,random,tsumogiri,greedy",
            "--games",
            "6",
            "--seed",
            "11",
            "--duplicate",
            "--threads",
            threads,
        ])
    };
    let one = args("1");
    let two = args("3");
    assert_eq!(one, two);
    // Duplicate: rounded up to whole sets of four rotations.
    assert_eq!(one["games"], 8);
    assert_eq!(one["units"], 2);
    let labels: Vec<&str> = one["agents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["greedy", "random", "tsumogiri"]);
    // Each slot sits in every seat once per set: greedy twice per game.
    assert_eq!(one["agents"][0]["seats"], 16);
    assert_eq!(one["agents"][1]["seats"], 8);
    // Places add up: the average placement over all seats is 2.5.
    let mut place = 0.0;
    for a in one["agents"].as_array().unwrap() {
        place += a["placement"]["mean"].as_f64().unwrap() * a["seats"].as_f64().unwrap();
    }
    assert!((place / 32.0 - 2.5).abs() < 1e-9);
    // The baseline is the last slot's agent; the others are compared with it.
    assert_eq!(one["baseline"], "greedy");
    assert!(one["agents"][1]["placement"]["vs_baseline"]["significant"].is_boolean());
}

#[test]
fn arena_ok_three_players_records_read_back_and_review() {
    let dir = std::env::temp_dir().join(format!("pairi-arena-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let v = summary(&[
        "--agents",
        "greedy,greedy,pairi",
        "--players",
        "3",
        "--games",
        "2",
        "--seed",
        "4",
        "--records",
        d,
    ]);
    assert_eq!(v["rules"], "tenhou-sanma");
    assert_eq!(v["agents"][0]["places"].as_array().unwrap().len(), 3);
    for i in 0..2 {
        let f = dir.join(format!("game-{i:06}.json"));
        let f = f.to_str().unwrap();
        let check = pairi(&["record", "check", f]);
        assert_eq!(check.code, 0, "{f}: {}{}", check.stdout, check.stderr);
        let review = pairi(&["review", f]);
        assert_eq!(review.code, 0, "{f}: {}", review.stderr);
        assert!(review.stdout.contains("E1"), "{}", review.stdout);
    }
    // mjai records too.
    let v = summary(&[
        "--agents",
        "greedy,greedy,greedy,greedy",
        "--games",
        "1",
        "--records",
        d,
        "--records-format",
        "mjai",
    ]);
    assert_eq!(v["games"], 1);
    let f = dir.join("game-000000.jsonl");
    let check = pairi(&["record", "check", f.to_str().unwrap()]);
    assert_eq!(check.code, 0, "{}{}", check.stdout, check.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn arena_err_bad_requests_exit_2() {
    for args in [
        &["arena", "--agents", "greedy,nobody,greedy,greedy"][..],
        &["arena", "--agents", "greedy,greedy,greedy"],
        &[
            "arena",
            "--agents",
            "greedy,greedy,greedy,greedy",
            "--games",
            "0",
        ],
        &[
            "arena",
            "--agents",
            "greedy,greedy,greedy,greedy",
            "--rules",
            "mcr",
        ],
        &[
            "arena",
            "--agents",
            "greedy,greedy,greedy,greedy",
            "--baseline",
            "pairi",
        ],
        &["mjai-bot", "--agent", "nobody"],
    ] {
        let r = pairi(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.starts_with("error: invalid_request: "),
            "{args:?}: {}",
            r.stderr
        );
    }
}

#[test]
fn bot_ok_faults_are_marked_and_the_game_goes_on() {
    if !python() {
        return;
    }
    let play = |mode: &str, timeout: &str| {
        let agent = format!("bot=cmd:python3 {BOT} {mode}");
        summary(&[
            "--agent",
            &agent,
            "--agents",
            "greedy,greedy,greedy",
            "--games",
            "2",
            "--seed",
            "9",
            "--timeout",
            timeout,
        ])
    };
    let good = play("good", "3");
    assert_eq!(good["marked"], Value::Array(vec![]));
    assert_eq!(good["faults"], Value::Array(vec![]));
    for (mode, timeout, reason) in [
        ("illegal", "3", "illegal answer"),
        ("crash", "3", "crashed: exited with exit status: 3"),
        ("close", "3", "closed"),
        ("slow", "1", "timeout"),
    ] {
        let v = play(mode, timeout);
        // Every game is marked, with the reason; the fallback (the tile drawn, a pass)
        // is what the bot would have played, so nothing else changes.
        assert_eq!(v["marked"], serde_json::json!([0, 1]), "{mode}");
        let faults: Vec<&str> = v["faults"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_str().unwrap())
            .collect();
        assert!(
            faults.iter().all(|f| f.contains(reason)),
            "{mode}: {faults:?}"
        );
        assert_eq!(agents(&v), agents(&good), "{mode}");
        match mode {
            // One question answered late: the program is asked again after it.
            "slow" | "illegal" => assert_eq!(faults.len(), 2, "{mode}: {faults:?}"),
            // Gone: the rest of the game is played without it, and said so.
            _ => assert!(
                faults.iter().any(|f| f.contains("played without asking")),
                "{mode}: {faults:?}"
            ),
        }
    }
    // A program that cannot start.
    let v = summary(&[
        "--agent",
        "cmd:/nonexistent/bot",
        "--agents",
        "greedy,greedy,greedy",
        "--games",
        "1",
    ]);
    assert_eq!(v["marked"], serde_json::json!([0]));
}

#[test]
fn mjai_bot_ok_plays_as_the_builtin_agent() {
    // pairi's greedy agent as a program at the table plays the same games as the
    // built-in one: its view rebuilt from the mjai messages gives the same choices.
    let exe = env!("CARGO_BIN_EXE_pairi");
    let agent = format!("g=cmd:{exe} mjai-bot --agent greedy");
    let common = [
        "--agents",
        "greedy,greedy,greedy",
        "--games",
        "3",
        "--seed",
        "2",
    ];
    let mut a = vec!["--agent", agent.as_str()];
    a.extend_from_slice(&common);
    let program = summary(&a);
    let mut b = vec!["--agent", "g=greedy"];
    b.extend_from_slice(&common);
    let builtin = summary(&b);
    assert_eq!(program["faults"], Value::Array(vec![]));
    assert_eq!(agents(&program), agents(&builtin));
}

#[test]
fn mjai_bot_ok_answers_each_line() {
    let start = r#"[{"type":"start_game","id":0,"names":["a","b","c","d"]},{"type":"start_kyoku","bakaze":"E","dora_marker":"1s","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","S","N"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]},{"type":"tsumo","actor":0,"pai":"E"}]"#;
    let input = format!(
        "{start}\nnot json\n{}\n",
        r#"{"type":"dahai","actor":0,"pai":"N","tsumogiri":false}"#
    );
    let r = run(&["mjai-bot", "--agent", "greedy"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    // Ready on its first draw (a single wait on S or N): greedy declares riichi.
    assert_eq!(lines[0]["type"], "reach");
    assert_eq!(lines[0]["actor"], 0);
    // A line it cannot read: `none`, and a line on standard error.
    assert_eq!(lines[1]["type"], "none");
    assert!(r.stderr.contains("error:"), "{}", r.stderr);
    // Its declaring discard asks nothing more of it.
    assert_eq!(lines[2]["type"], "none");
}
