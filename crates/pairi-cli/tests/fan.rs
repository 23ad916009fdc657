//! `pairi fan` from the outside: the referee sheet, JSON, batch mode and exit codes.

mod common;

use common::Run;

fn pairi(args: &[&str], stdin: Option<&str>) -> Run {
    common::run(args, stdin.unwrap_or_default().as_bytes())
}

#[test]
fn fan_ok_referee_sheet() {
    let out = pairi(
        &["fan", "123m456m789m234p55s", "--tsumo", "--flowers", "2"],
        None,
    );
    assert!(out.code == 0);
    let expected = "\
Reading  123m 456m 789m 234p 55s (regular)
Win      5s, self-drawn
Winds    round East, seat East

   16  清龙        Pure Straight
    4  不求人      Fully Concealed Hand
    2  平和        All Chows
    1  单钓将      Single Wait
    2  花牌        Flower Tiles (2 x 1)
  ---
   25  total (23 + 2 flowers)
  8-fan minimum (flowers excluded): met
";
    assert_eq!(out.stdout, expected);
}

#[test]
fn fan_ok_mcr_helper_string_and_json() {
    let out = pairi(
        &[
            "fan",
            "[EEEE][CCCC][FFFF][PPPP]NN",
            "--tsumo",
            "--kong",
            "--last-tile",
            "--json",
        ],
        None,
    );
    assert!(out.code == 0);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    assert_eq!(v["fan"], 324);
    assert_eq!(v["fans"]["big_three_dragons"], 88);
    assert_eq!(v["fans"]["four_concealed_pungs"], 64);
    assert_eq!(v["meets_minimum"], true);
}

#[test]
fn fan_ok_dialect_mcr_reads_z_in_chinese_order() {
    // 5z is Red in the MCR dialect: a dragon pung either way, but the reading differs.
    let out = pairi(
        &[
            "fan",
            "123m456p678s99s555z",
            "--win",
            "9s",
            "--dialect",
            "mcr",
            "--json",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    assert!(v["decomposition"].as_str().unwrap().contains("777z"));
}

#[test]
fn fan_err_not_winning_exits_2() {
    let out = pairi(&["fan", "123m456p678s234s5z6z"], None);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("not a winning hand"));
}

#[test]
fn fan_ok_batch_answers_every_line_in_order() {
    let input = concat!(
        r#"{"id": 1, "hand": "123m456p678s234s55z", "win": "5z", "tsumo": true}"#,
        "\n\nnot json\n",
        r#"{"id": "x", "hand": "123m456p678s234s5z6z", "win": "6z"}"#,
        "\n",
        r#"{"id": 3, "hand": "123m456p678s23s55z", "win": "4s", "kong": true, "last_tile": true}"#,
        "\n",
    );
    let out = pairi(&["fan", "--batch", "-"], Some(input));
    assert!(out.code == 0);
    let lines: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["id"], 1);
    assert_eq!(lines[0]["fan"], 5);
    assert_eq!(lines[0]["fans"]["fully_concealed_hand"], 4);
    assert_eq!(lines[1]["id"], serde_json::Value::Null);
    assert_eq!(lines[1]["error"]["kind"], "invalid_request");
    assert_eq!(lines[2]["id"], "x");
    assert_eq!(lines[2]["error"]["kind"], "not_winning");
    assert_eq!(lines[3]["error"]["kind"], "invalid_hand");
}

#[test]
fn fan_err_missing_batch_file_exits_2() {
    let out = pairi(&["fan", "--batch", "/nonexistent/cases.jsonl"], None);
    assert_eq!(out.code, 2);
}

#[test]
fn fan_strict_1998_is_read_by_its_documented_name() {
    // Seven pairs of honours: the strict 1998 reading scores no tile fan beside seven pairs.
    let hand = "11223344556677z";
    for spelling in ["strict_1998", "strict1998", "strict-1998"] {
        let out = pairi(&["fan", hand, "--rules", spelling, "--json"], None);
        assert_eq!(out.code, 0, "{spelling}: {}", out.stderr);
        let v: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
        assert!(v["fans"].get("all_honors").is_none(), "{spelling}: {v}");
        let line = format!(r#"{{"hand": "{hand}", "rules": "{spelling}"}}"#);
        let batch = pairi(&["fan", "--batch", "-"], Some(&line));
        let mut b: serde_json::Value = serde_json::from_str(&batch.stdout).expect("JSON");
        b.as_object_mut().expect("an object").remove("id");
        assert_eq!(b, v, "{spelling}: batch and single differ");
    }
    let default = pairi(&["fan", hand, "--json"], None);
    let v: serde_json::Value = serde_json::from_str(&default.stdout).expect("JSON");
    assert!(v["fans"].get("all_honors").is_some(), "{v}");
}
