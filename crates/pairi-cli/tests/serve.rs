//! `pairi serve` on a free loopback port: the API answers as the batch mode does, every
//! bad request is a 4xx with the JSON error object, the page is served.

mod common;

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(extra: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pairi"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("pairi serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the address line");
    let addr = line
        .trim()
        .strip_prefix("pairi serve: http://")
        .and_then(|a| a.strip_suffix('/'))
        .expect("an address")
        .to_owned();
    Server { child, addr }
}

/// One HTTP/1.1 exchange: status, content type, body.
fn request(s: &Server, method: &str, path: &str, body: &[u8]) -> (u16, String, String) {
    let mut stream = TcpStream::connect(&s.addr).expect("connect");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        s.addr,
        body.len()
    )
    .unwrap();
    stream.write_all(body).unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let kind = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-type")
                .then(|| v.trim().to_owned())
        })
        .unwrap_or_default();
    (status, kind, body.to_owned())
}

fn json(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

#[test]
fn serve_ok_answers_as_the_batch_mode() {
    let s = start(&[]);
    let (code, kind, body) = request(&s, "GET", "/v1/health", b"");
    assert_eq!((code, kind.as_str()), (200, "application/json"));
    assert_eq!(json(&body)["status"], "ok");
    let Some(lines) = common::shared::read("data/riichi/score-cases.jsonl") else {
        return;
    };
    let lines: Vec<&str> = lines.lines().take(60).collect();
    let batch = common::run(&["score", "--batch", "-"], lines.join("\n").as_bytes());
    let array = format!("[{}]", lines.join(","));
    let (code, _, body) = request(&s, "POST", "/v1/score", array.as_bytes());
    assert_eq!(code, 200, "{body}");
    let answers = json(&body);
    for (i, (ours, theirs)) in answers
        .as_array()
        .unwrap()
        .iter()
        .zip(batch.stdout.lines())
        .enumerate()
    {
        let mut theirs = json(theirs);
        // A batch error also names its line.
        if let Some(e) = theirs.get_mut("error").and_then(Value::as_object_mut) {
            e.remove("line");
        }
        assert_eq!(ours, &theirs, "line {}", i + 1);
    }
    // One request: its result, no id.
    let (code, _, body) = request(
        &s,
        "POST",
        "/v1/analyze",
        br#"{"hand": "123m406p789s1122z"}"#,
    );
    assert_eq!(code, 200);
    assert_eq!(json(&body)["waits"], "12z");
}

#[test]
fn serve_err_every_bad_request_is_a_4xx_json_error() {
    let s = start(&["--max-body", "1000", "--max-states", "5000"]);
    for (path, body, want, kind) in [
        ("/v1/analyze", &br#"{"hand": "12x"}"#[..], 400, "parse"),
        ("/v1/analyze", b"not json", 400, "invalid_request"),
        ("/v1/analyze", br#"{"hand": 5}"#, 400, "invalid_request"),
        ("/v1/analyze", br#"{"hand": "1m"}"#, 422, "invalid_hand"),
        (
            "/v1/score",
            br#"{"hand": "123m456p789s11222z", "win": "9m"}"#,
            422,
            "invalid_hand",
        ),
        (
            "/v1/score",
            br#"{"hand": "1289m3478p25s1567z", "win": "1m"}"#,
            422,
            "not_winning",
        ),
        (
            "/v1/ev",
            br#"{"hand": "2233m456p789s1123z", "max_states": 99999}"#,
            422,
            "invalid_request",
        ),
        (
            "/v1/analyze",
            br#"{"hand": "2233m456p789s1123z", "ev": {"max_states": 99999}}"#,
            422,
            "invalid_request",
        ),
        (
            "/v1/stats",
            br#"{"hands": 99999999999}"#,
            422,
            "invalid_request",
        ),
        ("/v1/nothing", b"{}", 404, "invalid_request"),
        ("/v1/analyze", &[b'x'; 5000][..], 413, "invalid_request"),
    ] {
        let (code, ctype, text) = request(&s, "POST", path, body);
        assert_eq!(
            (code, ctype.as_str()),
            (want, "application/json"),
            "{path} {text}"
        );
        assert_eq!(json(&text)["error"]["kind"], kind, "{path} {text}");
    }
    // An expected-value request without a bound gets the server's.
    let (code, _, text) = request(&s, "POST", "/v1/ev", br#"{"hand": "123m456p789s11223z"}"#);
    assert_eq!(code, 200, "{text}");
    // So does an analysis's: 2233m456p789s1123z needs 906 states, under 5000.
    let (code, _, text) = request(
        &s,
        "POST",
        "/v1/analyze",
        br#"{"hand": "2233m456p789s1123z", "ev": true}"#,
    );
    assert_eq!(code, 200, "{text}");
    assert_eq!(json(&text)["ev"]["searched"], 906, "{text}");
    let (code, _, _) = request(&s, "GET", "/nothing.js", b"");
    assert_eq!(code, 404);
}

#[test]
fn serve_err_past_the_time_limit_is_a_503_json_error() {
    let s = start(&["--timeout", "1", "--jobs", "1"]);
    let one = r#"{"hands": 10000000, "seed": 1}"#;
    let many = format!("[{}]", vec![one; 40].join(","));
    let (code, ctype, text) = request(&s, "POST", "/v1/stats", many.as_bytes());
    assert_eq!((code, ctype.as_str()), (503, "application/json"), "{text}");
    assert_eq!(json(&text)["error"]["kind"], "invalid_request");
    // The server is still there, and answers once the work is cut at the deadline.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let (code, _, _) = request(&s, "GET", "/v1/health", b"");
    assert_eq!(code, 200);
    let (code, _, text) = request(&s, "POST", "/v1/analyze", br#"{"hand": "123m"}"#);
    assert_eq!(code, 422, "{text}");
}

#[test]
fn serve_ok_the_page_and_loopback_only() {
    let s = start(&[]);
    let (code, kind, body) = request(&s, "GET", "/", b"");
    assert_eq!(code, 200);
    assert!(kind.starts_with("text/html"));
    assert!(body.contains("<script type=\"module\" src=\"app.js\">"));
    for f in ["app.js", "pairi.js", "tiles.js", "worker.js", "style.css"] {
        let (code, _, _) = request(&s, "GET", &format!("/{f}"), b"");
        assert_eq!(code, 200, "{f}");
    }
    let r = common::run(&["serve", "--addr", "0.0.0.0:0"], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--public"), "{r:?}");
}
