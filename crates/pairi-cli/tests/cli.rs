//! Command-line tests: run the built `pairi` binary and compare its output.

use std::io::Write;
use std::process::{Command, Stdio};

/// What one run of the binary produced.
#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `pairi` with `args` and `stdin`.
fn pairi_with_input(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pairi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the pairi binary runs");
    {
        let mut input = child.stdin.take().expect("stdin is piped");
        input
            .write_all(stdin.as_bytes())
            .expect("stdin accepts the input");
    }
    let out = child.wait_with_output().expect("pairi finishes");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs `pairi` with `args` and empty input.
fn pairi(args: &[&str]) -> Run {
    pairi_with_input(args, "")
}

/// Like `assert_eq!` on strings, but shows both sides as blocks of text.
macro_rules! eqnice {
    ($expected:expr, $got:expr $(,)?) => {{
        let expected: &str = &$expected;
        let got: &str = &$got;
        if expected != got {
            panic!(
                "\nexpected:\n{}\n{}\n{}\ngot:\n{}\n{}\n{}\n",
                "~".repeat(60),
                expected,
                "~".repeat(60),
                "~".repeat(60),
                got,
                "~".repeat(60),
            );
        }
    }};
}

/// A successful run's standard output.
fn ok(args: &[&str]) -> String {
    let r = pairi(args);
    assert_eq!(r.code, 0, "pairi {args:?}: {r:?}");
    assert!(r.stderr.is_empty(), "pairi {args:?}: {r:?}");
    r.stdout
}

/// A failed run: exit status 2, nothing on stdout, one line on stderr; returns it.
fn fails(args: &[&str]) -> String {
    let r = pairi(args);
    assert_eq!(r.code, 2, "pairi {args:?}: {r:?}");
    assert!(r.stdout.is_empty(), "pairi {args:?}: {r:?}");
    assert_eq!(r.stderr.lines().count(), 1, "pairi {args:?}: {r:?}");
    r.stderr
}

#[test]
fn parse_ok_normalises() {
    eqnice!("111666z\n", ok(&["parse", "1f1f1f2y2y2y"]));
    eqnice!(
        "456m678p66z[3333z,1][444s,1]\n",
        ok(&["parse", "[WWWW,1][444s]45m678pFF6m"])
    );
    eqnice!(
        "16m6p13z[123p,1][345s,2][999s,3]\n",
        ok(&["parse", "[123p,1][345s,2][999s,3]6m6pEW1m"])
    );
    eqnice!(
        "123m406p789s11z\n",
        ok(&["parse", "5pr 4p 6p 123m 789s E E"])
    );
}

#[test]
fn parse_ok_every_output_notation() {
    let hand = "123m406p1257z[567s,2][WWWW,1]";
    for (to, want) in [
        ("mpsz", "123m406p1257z[567s,2][3333z,1]"),
        ("unicode", "🀇🀈🀉🀜🀝🀞🀀🀁🀆🀄[🀔🀕🀖,2][🀂🀂🀂🀂,1]"),
        (
            "mjai",
            "1m 2m 3m 4p 5pr 6p E S P C [5s 6s 7s,2] [W W W W,1]",
        ),
        ("mcr", "123m456pESPC[567s,2][WWWW,1]"),
        ("libsaki", "123m406p12f13y[567s,2][3333f,1]"),
    ] {
        eqnice!(format!("{want}\n"), ok(&["parse", hand, "--to", to]));
    }
}

#[test]
fn parse_ok_mcr_dialect() {
    eqnice!("7z\n", ok(&["parse", "5z", "--dialect", "mcr"]));
    eqnice!("5z\n", ok(&["parse", "5z", "--dialect", "standard"]));
    eqnice!(
        "C\n",
        ok(&["parse", "5z", "--dialect", "mcr", "--to", "mcr"])
    );
}

#[test]
fn parse_ok_json_same_for_equivalent_spellings() {
    let want = ok(&["parse", "111z666z", "--json"]);
    eqnice!(
        "{\"concealed\":\"111666z\",\"red_fives\":{\"m\":0,\"p\":0,\"s\":0},\"last\":\"6z\",\"melds\":[]}\n",
        want
    );
    for s in ["1f1f1f2y2y2y", "EEEFFF", "🀀🀀🀀🀅🀅🀅"] {
        eqnice!(want, ok(&["parse", s, "--json"]));
    }
}

#[test]
fn parse_ok_json_melds() {
    let out = ok(&["parse", "[567m,2]406p[EEEE]", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["red_fives"]["p"], 1);
    assert_eq!(v["melds"][0]["kind"], "chi");
    assert_eq!(v["melds"][0]["claimed"], "6m");
    assert_eq!(v["melds"][0]["source"], "left");
    assert_eq!(v["melds"][1]["kind"], "ankan");
    assert_eq!(v["melds"][1]["claimed"], serde_json::Value::Null);
}

#[test]
fn parse_ok_does_not_check_tile_count() {
    eqnice!("1m\n", ok(&["parse", "1m"]));
    eqnice!("\n", ok(&["parse", ""]));
}

#[test]
fn parse_err_exit_2_with_position() {
    eqnice!(
        "error: at byte 3: found 'x', expected a tile (digits and m/p/s/z/f/y, \
         E S W N P F C, or a Unicode tile) or '['\n",
        fails(&["parse", "12mx"])
    );
    for (hand, want) in [
        (
            "123",
            "error: at byte 3: found end of input, expected a suit letter",
        ),
        (
            "0z",
            "error: at byte 0: found '0', expected a digit 1-7 before 'z'",
        ),
        (
            "1m[124m]",
            "error: at byte 2: found the meld [124m], expected",
        ),
        ("[123m,4]", "error: at byte 6: found '4', expected"),
        ("[123m", "error: at byte 5: found end of input, expected"),
        ("🀄x", "error: at byte 4: found 'x'"),
    ] {
        let err = fails(&["parse", hand]);
        assert!(err.starts_with(want), "{hand}: {err}");
    }
}

#[test]
fn parse_err_invalid_hand() {
    eqnice!(
        "error: invalid hand: 5 copies of 1m: at most 4 exist\n",
        fails(&["parse", "11111m"])
    );
    assert!(fails(&["parse", "1111m[111m]"]).contains("copies of 1m"));
    assert!(fails(&["parse", "0m0m"]).contains("red fives"));
}

#[test]
fn parse_err_usage() {
    let r = pairi(&["parse"]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.is_empty());
    let r = pairi(&["parse", "1m", "--to", "klingon"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("klingon"));
}

#[test]
fn help_ok_every_subcommand() {
    let top = ok(&["--help"]);
    for sub in ["parse", "analyze", "shanten", "score", "fan", "stats"] {
        assert!(top.contains(sub), "top-level help lists {sub}");
        let help = ok(&[sub, "--help"]);
        assert!(help.contains("Usage: pairi"), "{sub}: {help}");
        let help = ok(&["help", sub]);
        assert!(help.contains("Usage: pairi"), "{sub}: {help}");
    }
    assert!(ok(&["--version"]).starts_with("pairi "));
}
