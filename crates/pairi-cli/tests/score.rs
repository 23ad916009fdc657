//! `pairi score` as a process: single hands and JSON Lines batches.

mod common;

fn pairi(args: &[&str], stdin: &str) -> (i32, String, String) {
    let r = common::run(args, stdin.as_bytes());
    (r.code, r.stdout, r.stderr)
}

#[test]
fn score_ok_single_hand_breakdown() {
    let (code, out, _) = pairi(
        &[
            "score",
            "234m406p78999s[777z]",
            "--win",
            "9s",
            "--seat-wind",
            "S",
            "--dora",
            "3p",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Red dragon"), "{out}");
    assert!(out.contains("3 han 30 fu"), "{out}");
    assert!(out.contains("ron 3900"), "{out}");
}

#[test]
fn score_ok_single_hand_json() {
    let (code, out, _) = pairi(
        &[
            "score",
            "234m406p78999s[777z]",
            "--win",
            "9s",
            "--seat-wind",
            "S",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["total"], 2000);
    assert_eq!(v["yaku"]["yakuhai_chun"], 1);
}

#[test]
fn score_err_single_hand_no_yaku() {
    let (code, _, err) = pairi(&["score", "234m406p78999s[777s]"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no_yaku"), "{err}");
}

#[test]
fn score_ok_batch_keeps_order_and_survives_bad_lines() {
    let input = r#"{"id": 1, "hand": "234m406p78999s", "melds": [{"kind": "pon", "tiles": "777z"}], "win": "9s", "seat_wind": "S"}
not json

{"id": "b", "hand": "234m406p78999s", "melds": [{"kind": "pon", "tiles": "777s"}], "win": "9s"}
{"id": "c", "hand": "123m"}
{"id": "d", "hand": "234m4x6p"}
{"id": "e", "hand": "19m19p19s12345677z", "rules": {"preset": "tenhou", "double_yakuman": true}}
{"id": "f", "hand": "19m19p19s12345677z", "rules": {"nope": 1}}
"#;
    let (code, out, _) = pairi(&["score", "--batch", "-"], input);
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(lines[0]["id"], 1);
    assert_eq!(lines[0]["total"], 2000);
    assert_eq!(lines[1]["id"], serde_json::Value::Null);
    assert_eq!(lines[1]["error"]["kind"], "invalid_request");
    assert_eq!(lines[2]["error"]["kind"], "no_yaku");
    assert_eq!(lines[3]["error"]["kind"], "invalid_hand");
    assert_eq!(lines[4]["error"]["kind"], "parse");
    assert_eq!(lines[5]["yaku"]["kokushi_13"], 2);
    assert_eq!(lines[6]["error"]["kind"], "invalid_request");
}

#[test]
fn score_ok_batch_survives_bytes_that_are_not_utf8_and_crlf_endings() {
    let mut input = Vec::new();
    input.extend_from_slice(b"{\"id\": 1, \"hand\": \"234m406p78999s\", \"melds\": [{\"kind\": \"pon\", \"tiles\": \"777z\"}], \"win\": \"9s\"}\r\n");
    input.extend_from_slice(b"{\"id\": \"\xff\xfe\"}\n");
    input.extend_from_slice(b"\r\n");
    input.extend_from_slice(b"{\"id\": 3, \"hand\": \"234m406p78999s\", \"melds\": [{\"kind\": \"pon\", \"tiles\": \"777z\"}], \"win\": \"9s\"}");
    let out = common::run(&["score", "--batch", "-"], &input);
    assert_eq!(out.code, 0);
    let lines: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["id"], 1);
    assert!(lines[0]["total"].as_u64().unwrap() > 0);
    assert_eq!(lines[1]["error"]["kind"], "invalid_request");
    assert_eq!(lines[2]["id"], 3);
    assert_eq!(lines[2]["total"], lines[0]["total"]);
}
