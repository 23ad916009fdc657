//! `pairi stats` as a process: exact and Monte Carlo distributions, JSON shape,
//! reproducibility across thread counts, plots, exit codes.

mod common;

use common::Run;
use serde_json::Value;

fn pairi(args: &[&str]) -> Run {
    let args: Vec<&str> = std::iter::once("stats")
        .chain(args.iter().copied())
        .collect();
    common::run(&args, b"")
}

/// A successful run's standard output (nothing on standard error: not a terminal, so
/// no progress bar).
fn ok(args: &[&str]) -> String {
    let r = pairi(args);
    assert_eq!(r.code, 0, "pairi stats {args:?}: {r:?}");
    assert!(r.stderr.is_empty(), "pairi stats {args:?}: {r:?}");
    r.stdout
}

fn json(args: &[&str]) -> Value {
    let out = ok(args);
    assert_eq!(out.lines().count(), 1, "{out}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{out}: {e}"))
}

/// A failed run: exit status 2, nothing on standard output; returns standard error.
fn fails(args: &[&str]) -> String {
    let r = pairi(args);
    assert_eq!(r.code, 2, "pairi stats {args:?}: {r:?}");
    assert!(r.stdout.is_empty(), "pairi stats {args:?}: {r:?}");
    assert!(
        r.stderr.starts_with("error: "),
        "pairi stats {args:?}: {r:?}"
    );
    r.stderr
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_object().unwrap().keys().map(String::as_str).collect()
}

/// The counts of a result, in key order, checked to add up to `total`.
fn counts(v: &Value) -> Vec<(i64, u64)> {
    let counts: Vec<(i64, u64)> = v["counts"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, n)| (k.parse().unwrap(), n.as_u64().unwrap()))
        .collect();
    let sum: u64 = counts.iter().map(|&(_, n)| n).sum();
    assert_eq!(sum, v["total"].as_u64().unwrap());
    counts
}

#[test]
fn stats_ok_exact_json_shape() {
    let v = json(&["--exact", "--tiles", "13", "--form", "regular", "--json"]);
    assert_eq!(keys(&v), ["tiles", "form", "total", "counts", "mean"]);
    assert_eq!(v["tiles"], 13);
    assert_eq!(v["form"], "regular");
    assert_eq!(
        v["total"].as_u64(),
        Some(483_774_556_165_488_000),
        "C(136, 13)"
    );
    let c = counts(&v);
    assert_eq!(
        c.iter().map(|&(s, _)| s).collect::<Vec<_>>(),
        (0..=8).collect::<Vec<_>>()
    );
    assert_eq!(c[0].1, 32_244_742_336_860, "tenpai hands");
    let mean = v["mean"].as_f64().unwrap();
    assert!((3.78..3.79).contains(&mean), "{mean}");
}

#[test]
fn stats_ok_exact_every_form_and_size() {
    for tiles in ["13", "14"] {
        for form in ["all", "regular", "chiitoitsu", "kokushi"] {
            let v = json(&["--exact", "--tiles", tiles, "--form", form, "--json"]);
            assert_eq!(v["form"], form);
            let c = counts(&v);
            assert_eq!(c[0].0, if tiles == "14" { -1 } else { 0 }, "{tiles} {form}");
        }
    }
    let v = json(&["--exact", "--tiles", "14", "--json"]);
    assert_eq!(
        v["total"].as_u64(),
        Some(4_250_305_029_168_216_000),
        "C(136, 14)"
    );
    assert_eq!(
        v["counts"]["-1"].as_u64(),
        Some(12_859_078_207_674),
        "complete hands"
    );
}

#[test]
fn stats_ok_monte_carlo_same_counts_on_one_and_two_threads() {
    let run = |threads| {
        json(&[
            "--hands",
            "300000",
            "--seed",
            "11",
            "--tiles",
            "14",
            "--threads",
            threads,
            "--json",
        ])
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(
        keys(&one),
        ["tiles", "form", "total", "counts", "mean", "seed"]
    );
    assert_eq!(one["total"], 300_000);
    assert_eq!(one["seed"], 11);
    counts(&one);
    let other = json(&[
        "--hands", "300000", "--seed", "12", "--tiles", "14", "--json",
    ]);
    assert_ne!(
        one["counts"], other["counts"],
        "another seed deals other hands"
    );
}

#[test]
fn stats_ok_monte_carlo_against_exact_json() {
    let v = json(&[
        "--hands", "200000", "--seed", "3", "--form", "regular", "--exact", "--json",
    ]);
    assert_eq!(
        keys(&v),
        [
            "tiles",
            "form",
            "total",
            "counts",
            "mean",
            "seed",
            "exact",
            "exact_mean",
            "expected",
            "z"
        ]
    );
    let c = counts(&v);
    for (s, _) in c {
        let key = s.to_string();
        let p = v["exact"][&key].as_f64().unwrap();
        assert!(p > 0.0 && p < 1.0, "{key}: {p}");
        let z = v["z"][&key].as_f64().unwrap();
        assert!(z.abs() < 5.0, "shanten {key}: z = {z}");
    }
}

#[test]
fn stats_ok_human_tables() {
    let out = ok(&["--exact", "--tiles", "13", "--form", "regular"]);
    assert!(
        out.contains("483774556165488000 hands (C(136, 13))"),
        "{out}"
    );
    assert!(
        out.contains("      0        32244742336860     6.665e-5"),
        "{out}"
    );
    assert!(out.contains("mean 3.785806"), "{out}");
    let out = ok(&[
        "--hands",
        "100000",
        "--seed",
        "1",
        "--exact",
        "--threads",
        "2",
    ]);
    assert!(
        out.contains("Monte Carlo: 100000 hands of 13 tiles"),
        "{out}"
    );
    assert!(out.contains("on 2 threads"), "{out}");
    assert!(
        out.contains("probability        exact       expected        z"),
        "{out}"
    );
    let out = ok(&["--hands", "1000", "--form", "kokushi"]);
    assert!(out.contains("shanten        count  probability\n"), "{out}");
    assert!(!out.contains("exact"), "{out}");
}

#[test]
fn stats_ok_observed_table_against_exact() {
    let seed_table = "0:5,1:484,2:6688,3:24873,4:37662,5:23684,6:6030,7:563,8:11";
    let out = ok(&["--exact", "--form", "regular", "--observed", seed_table]);
    assert!(
        out.starts_with("Observed: 100000 hands of 13 tiles, form regular"),
        "{out}"
    );
    assert!(
        out.contains("      3        24873    0.2487300    0.3111381        31113.8   -42.63"),
        "{out}"
    );
    let v = json(&[
        "--exact",
        "--form",
        "regular",
        "--observed",
        seed_table,
        "--json",
    ]);
    assert_eq!(
        keys(&v),
        [
            "tiles",
            "form",
            "total",
            "counts",
            "mean",
            "exact",
            "exact_mean",
            "expected",
            "z"
        ]
    );
    assert_eq!(v["counts"]["8"], 11);
}

#[test]
fn stats_ok_plots_svg_and_png() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let svg = dir.join("stats-plot.svg");
    let png = dir.join("stats-plot.PNG");
    let svg_arg = svg.to_str().unwrap();
    ok(&[
        "--exact", "--hands", "20000", "--seed", "2", "--plot", svg_arg,
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"), "{text}");
    assert!(text.contains("Monte Carlo, 20 000 hands"), "the legend");
    assert!(
        text.contains(">\nexact\n<") || text.contains(">exact<"),
        "the legend"
    );
    ok(&["--exact", "--tiles", "14", "--plot", png.to_str().unwrap()]);
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
}

#[test]
fn stats_err_exit_2_with_a_message() {
    let e = fails(&["--exact", "--tiles", "12"]);
    assert!(e.contains("--tiles"), "{e}");
    let e = fails(&["--tiles", "13"]);
    assert!(e.contains("--exact"), "{e}");
    let e = fails(&["--hands", "0"]);
    assert!(e.contains("at least 1"), "{e}");
    let e = fails(&["--hands", "10", "--threads", "0"]);
    assert!(e.contains("at least 1"), "{e}");
    let e = fails(&["--hands", "10", "--threads", "5000"]);
    assert!(e.contains("per core"), "{e}");
    let e = fails(&["--exact", "--form", "fourteen"]);
    assert!(e.contains("--form"), "{e}");
    let e = fails(&["--exact", "--plot", "chart.pdf"]);
    assert_eq!(
        e,
        "error: invalid_request: --plot chart.pdf: the file name must end in .svg or .png\n"
    );
    let e = fails(&["--exact", "--observed", "0:5,x"]);
    assert!(e.contains("`x` is not SHANTEN:COUNT"), "{e}");
    let e = fails(&["--exact", "--observed", "7:5"]);
    assert_eq!(
        e,
        "error: invalid_request: `observed`: shanten 7 is out of range for 13-tile hands, form all (0..=6)\n"
    );
    let e = fails(&["--observed", "0:5"]);
    assert!(e.contains("--exact"), "{e}");
    let e = fails(&["--hands", "10", "--observed", "0:5", "--exact"]);
    assert!(e.contains("cannot be used with"), "{e}");
}

#[test]
fn stats_ok_three_players() {
    let v = json(&["--exact", "--players", "3", "--json"]);
    assert_eq!(
        v["total"].as_u64(),
        Some(20_592_957_740_312_160),
        "C(108, 13)"
    );
    assert_eq!(v["players"], 3);
    assert_eq!(counts(&v)[0], (0, 4_248_510_347_840), "tenpai hands");
    let out = ok(&["--exact", "--players", "3", "--tiles", "14"]);
    assert!(out.contains("hands (C(108, 14))"), "{out}");
}
