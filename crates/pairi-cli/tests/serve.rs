//! `pairi serve` on a free loopback port: the API answers as the batch mode does, every
//! bad request is a 4xx with the JSON error object, the page is served; the limits
//! hold against hostile clients (caps whatever the fields, memory, slow and many
//! connections, long work beside short, deadlines that stop the work, browsers of other
//! sites). Time limits are set short so the tests stay fast; no test asserts a timing
//! beyond a generous bound.

mod common;

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

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

/// The server's peak resident memory so far, in kB (Linux).
fn peak_kb(s: &Server) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", s.child.id())).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
}

const JSON: &[(&str, &str)] = &[("Content-Type", "application/json")];

/// One HTTP/1.1 exchange: status, content type, body.
fn request(s: &Server, method: &str, path: &str, body: &[u8]) -> (u16, String, String) {
    request_with(s, method, path, JSON, body)
}

/// [`request`] with these headers (and `Host`, `Content-Length`, `Connection: close`).
fn request_with(
    s: &Server,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, String, String) {
    request_at(&s.addr, method, path, headers, body)
}

fn request_at(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, String, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    ));
    stream.write_all(head.as_bytes()).unwrap();
    // The server may answer (413) before the body is all sent.
    let _ = stream.write_all(body);
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
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
fn serve_ok_array_ids_come_back_as_written() {
    let s = start(&[]);
    let body = br#"[{"id": 123456789012345678901234567890, "hand": "123m"},
        {"id": 1.50, "hand": "123m456p789s1122z"}, {"id": 1e400, "hand": "12x"},
        {"hand": "123m456p789s1122z"}]"#;
    let (code, _, text) = request(&s, "POST", "/v1/analyze", body);
    assert_eq!(code, 200, "{text}");
    assert!(
        text.starts_with(r#"[{"id":123456789012345678901234567890,"error":{"kind":"invalid_hand""#),
        "{text}"
    );
    assert!(
        text.contains(r#"{"id":1.50,"hand":"123m456p789s1122z""#),
        "{text}"
    );
    assert!(
        text.contains(r#"{"id":1e400,"error":{"kind":"parse""#),
        "{text}"
    );
    assert!(
        text.contains(r#"{"id":null,"hand":"123m456p789s1122z""#),
        "{text}"
    );
    // The bytes the command line's batch writes, line for line.
    let lines = [
        r#"{"id": 123456789012345678901234567890, "hand": "123m"}"#,
        r#"{"id": 1.50, "hand": "123m456p789s1122z"}"#,
        r#"{"id": 1e400, "hand": "12x"}"#,
    ];
    let batch = common::run(&["analyze", "--batch", "-"], lines.join("\n").as_bytes());
    for line in batch.stdout.lines() {
        let mut line = line.to_owned();
        if let Some(at) = line.find(r#""line":"#) {
            // A batch error names its line; an array element does not.
            let end = at + line[at..].find(',').unwrap() + 1;
            line.replace_range(at..end, "");
        }
        assert!(text.contains(&line), "{line}\nnot in\n{text}");
    }
}

#[test]
fn serve_err_every_bad_request_is_a_4xx_json_error() {
    let s = start(&[
        "--max-body",
        "100000",
        "--max-states",
        "5000",
        "--max-hands",
        "1000000",
        "--max-items",
        "5",
        "--max-record",
        "1000",
    ]);
    let six = format!("[{}]", [r#"{"hand": "1m"}"#; 6].join(","));
    let record = format!(r#"{{"record": "{}"}}"#, "x".repeat(1001));
    let big = vec![b' '; 100_001];
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
        // Every cap, whatever the other fields say: 422 `too_large`, before any work.
        (
            "/v1/ev",
            br#"{"hand": "2233m456p789s1123z", "max_states": 99999}"#,
            422,
            "too_large",
        ),
        (
            "/v1/ev",
            br#"{"hand": "2233m456p789s1123z", "explain": true, "paths": 21}"#,
            422,
            "too_large",
        ),
        // Within the cap the search still stops at it.
        (
            "/v1/ev",
            br#"{"hand": "1235m2469p13588s1z"}"#,
            422,
            "too_large",
        ),
        ("/v1/stats", br#"{"hands": 99999999999}"#, 422, "too_large"),
        (
            "/v1/stats",
            br#"{"exact": true, "hands": 10000000000}"#,
            422,
            "too_large",
        ),
        (
            "/v1/analyze",
            br#"{"hand": "2233m456p789s1123z", "ev": {"max_states": 99999}}"#,
            422,
            "too_large",
        ),
        (
            "/v1/stats",
            br#"{"exact": true, "hands": 1000001, "observed": {"1": 2}}"#,
            422,
            "too_large",
        ),
        ("/v1/analyze", six.as_bytes(), 422, "too_large"),
        ("/v1/record_check", record.as_bytes(), 422, "too_large"),
        ("/v1/review", record.as_bytes(), 422, "too_large"),
        ("/v1/nothing", b"{}", 404, "invalid_request"),
        ("/v1/analyze", &big, 413, "too_large"),
        ("/v1/analyze", b"\xff{}", 400, "invalid_request"),
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
    // Methods, paths, media types, other sites: JSON errors too.
    for (method, path, headers, want) in [
        ("GET", "/nothing.js", JSON, 404),
        ("GET", "/v1/analyze", JSON, 405),
        ("PUT", "/v1/health", JSON, 405),
        ("GET", "/a/b/c", JSON, 404),
        ("POST", "/v1/analyze", &[][..], 415),
        (
            "POST",
            "/v1/analyze",
            &[("Content-Type", "application/x-www-form-urlencoded")][..],
            415,
        ),
        (
            "POST",
            "/v1/analyze",
            &[("Content-Type", "text/plain")][..],
            415,
        ),
        (
            "POST",
            "/v1/analyze",
            &[
                ("Content-Type", "application/json"),
                ("Origin", "https://example.com"),
            ][..],
            403,
        ),
        (
            "POST",
            "/v1/analyze",
            &[
                ("Content-Type", "application/json"),
                ("Sec-Fetch-Site", "cross-site"),
            ][..],
            403,
        ),
    ] {
        let (code, ctype, text) = request_with(
            &s,
            method,
            path,
            headers,
            br#"{"hand": "123m456p789s1122z"}"#,
        );
        assert_eq!(
            (code, ctype.as_str()),
            (want, "application/json"),
            "{method} {path} {headers:?} {text}"
        );
        assert!(json(&text)["error"]["message"].is_string(), "{text}");
    }
    // The page's own requests pass: same origin, charset given.
    let origin = format!("http://{}", s.addr);
    let (code, _, text) = request_with(
        &s,
        "POST",
        "/v1/analyze",
        &[
            ("Content-Type", "application/json; charset=utf-8"),
            ("Origin", &origin),
            ("Sec-Fetch-Site", "same-origin"),
        ],
        br#"{"hand": "123m456p789s1122z"}"#,
    );
    assert_eq!(code, 200, "{text}");
}

#[test]
fn serve_err_past_the_time_limit_is_a_503_and_the_work_stops() {
    let s = start(&["--timeout", "1", "--long-jobs", "1"]);
    let one = r#"{"hands": 10000000, "seed": 1}"#;
    let many = format!("[{}]", vec![one; 40].join(","));
    let (code, ctype, text) = request(&s, "POST", "/v1/stats", many.as_bytes());
    assert_eq!((code, ctype.as_str()), (503, "application/json"), "{text}");
    assert_eq!(json(&text)["error"]["kind"], "timeout");
    // A review valuing every discard runs for minutes: stopped at the deadline.
    let Some(record) = common::shared::read("data/logs/tenhou6/majiang_full_hanchan.json") else {
        return;
    };
    let review = serde_json::json!({"record": record, "ev": true}).to_string();
    for _ in 0..2 {
        let (code, _, text) = request(&s, "POST", "/v1/review", review.as_bytes());
        assert_eq!(code, 503, "{text}");
        assert_eq!(json(&text)["error"]["kind"], "timeout");
    }
    // The long thread is free again soon: the work itself stopped, or this long
    // request would wait past its own deadline.
    std::thread::sleep(Duration::from_millis(300));
    let (code, _, text) = request(&s, "POST", "/v1/stats", br#"{"hands": 100000}"#);
    assert_eq!(code, 200, "{text}");
    let (code, _, _) = request(&s, "GET", "/v1/health", b"");
    assert_eq!(code, 200);
    let (code, _, text) = request(&s, "POST", "/v1/analyze", br#"{"hand": "123m"}"#);
    assert_eq!(code, 422, "{text}");
}

/// The threads of long requests run at nice 10 or lower still (higher numbers), the
/// others as the server was started: read from `/proc`, field 19 of each thread's
/// `stat` (the nice value), and field 41 (the policy: 0, the normal one).
#[cfg(target_os = "linux")]
#[test]
fn serve_ok_long_threads_run_at_a_lower_priority() {
    let s = start(&[]);
    let threads = || -> Vec<(String, i64, u32)> {
        let tasks = format!("/proc/{}/task", s.child.id());
        let Ok(dir) = std::fs::read_dir(tasks) else {
            return Vec::new();
        };
        dir.filter_map(|t| {
            let t = t.ok()?.path();
            let name = std::fs::read_to_string(t.join("comm")).ok()?;
            let stat = std::fs::read_to_string(t.join("stat")).ok()?;
            // The fields after the name in parentheses start at field 3.
            let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
            let nice = fields.get(19 - 3)?.parse().ok()?;
            let policy = fields.get(41 - 3)?.parse().ok()?;
            Some((name.trim().to_owned(), nice, policy))
        })
        .collect()
    };
    let long = |seen: &[(String, i64, u32)]| -> Vec<i64> {
        seen.iter()
            .filter(|(n, _, _)| n.starts_with("pairi-long"))
            .map(|&(_, nice, _)| nice)
            .collect()
    };
    // The pool's threads lower their priority as they start: wait for them.
    let mut seen = threads();
    for _ in 0..100 {
        let nices = long(&seen);
        if !nices.is_empty() && nices.iter().all(|&n| n >= 10) {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
        seen = threads();
    }
    let nices = long(&seen);
    assert!(!nices.is_empty(), "no thread of long requests: {seen:?}");
    assert!(nices.iter().all(|&n| n >= 10), "{seen:?}");
    assert!(seen.iter().all(|&(_, _, policy)| policy == 0), "{seen:?}");
}

#[test]
fn serve_ok_short_requests_pass_long_ones() {
    let s = start(&["--long-jobs", "1", "--timeout", "60"]);
    // Two long searches with explanations (seconds each), one waiting for the other.
    let addr = s.addr.clone();
    let long = std::thread::spawn(move || {
        let body = br#"{"hand": "1235m2469p13588s1z", "explain": true, "paths": 20}"#;
        request_at(&addr, "POST", "/v1/ev", JSON, body).0
    });
    std::thread::sleep(Duration::from_millis(200));
    // Short requests are answered meanwhile, on their own threads.
    for _ in 0..20 {
        let (code, _, text) = request(
            &s,
            "POST",
            "/v1/analyze",
            br#"{"hand": "1289m3478p25s1567z"}"#,
        );
        assert_eq!(code, 200, "{text}");
    }
    assert!(
        !long.is_finished(),
        "the long search ended before the short ones"
    );
    assert_eq!(long.join().unwrap(), 200);
}

#[test]
fn serve_ok_memory_stays_small_on_a_large_array() {
    let s = start(&["--max-items", "1000"]);
    let item = r#"{"id": 1, "hand": "1289m3478p25s1567z"}"#;
    // 33 290 requests in 1.3 MB: refused before any work.
    let huge = format!("[{}]", vec![item; 33_290].join(","));
    let (code, _, text) = request(&s, "POST", "/v1/analyze", huge.as_bytes());
    assert_eq!(code, 422, "{text}");
    // 1000 requests: 3 MB of answers, written as they come.
    let most = format!("[{}]", vec![item; 1000].join(","));
    for _ in 0..3 {
        let (code, _, text) = request(&s, "POST", "/v1/analyze", most.as_bytes());
        assert_eq!(code, 200);
        assert_eq!(json(&text).as_array().map(Vec::len), Some(1000));
    }
    if let Some(kb) = peak_kb(&s) {
        // Was 1.3-3.5 GB for the refused body alone; a generous bound.
        assert!(kb < 200_000, "peak {kb} kB");
    }
}

#[test]
fn serve_ok_slow_and_many_connections_do_not_block_a_request() {
    let s = start(&["--read-timeout", "0.5", "--max-connections", "50"]);
    // A connection that says nothing is closed after the read timeout.
    let mut silent = TcpStream::connect(&s.addr).unwrap();
    silent
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let started = Instant::now();
    let mut buf = [0u8; 64];
    let n = silent.read(&mut buf).unwrap_or(0);
    assert!(started.elapsed() < Duration::from_secs(15));
    // Closed (hyper may write a 408 first).
    assert!(n == 0 || buf.starts_with(b"HTTP/1.1 408"), "{n}");
    // 300 connections trickling their heads, six times the cap: each new one takes the
    // place of the one idle the longest, so a quick request still gets through.
    let mut slow: Vec<TcpStream> = (0..300)
        .filter_map(|_| TcpStream::connect(&s.addr).ok())
        .collect();
    for c in &mut slow {
        let _ = c.write_all(b"POST /v1/analyze HTTP/1.1\r\nHost: x\r\n");
    }
    let (code, _, text) = request(
        &s,
        "POST",
        "/v1/analyze",
        br#"{"hand": "123m456p789s1122z"}"#,
    );
    assert_eq!(code, 200, "{text}");
    for c in &mut slow {
        let _ = c.write_all(b"X-Slow: 1\r\n");
    }
    let (code, _, text) = request(
        &s,
        "POST",
        "/v1/analyze",
        br#"{"hand": "123m456p789s1122z"}"#,
    );
    assert_eq!(code, 200, "{text}");
    // A body that never comes: 408 after the read timeout, JSON.
    let mut stream = TcpStream::connect(&s.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        stream,
        "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{"
    )
    .unwrap();
    let mut raw = String::new();
    let _ = stream.read_to_string(&mut raw);
    assert!(raw.starts_with("HTTP/1.1 408"), "{raw}");
    assert!(raw.contains(r#""kind":"timeout""#), "{raw}");
}

#[test]
fn serve_ok_the_page_and_loopback_only() {
    let s = start(&[]);
    let (code, kind, body) = request(&s, "GET", "/", b"");
    assert_eq!(code, 200);
    assert!(kind.starts_with("text/html"));
    assert!(body.contains("<script type=\"module\" src=\"app.js\">"));
    for f in [
        "app.js",
        "pairi.js",
        "tiles.js",
        "glyphs.js",
        "worker.js",
        "style.css",
        "OFL-NotoSansCJK.txt",
    ] {
        let (code, _, _) = request(&s, "GET", &format!("/{f}"), b"");
        assert_eq!(code, 200, "{f}");
    }
    let r = common::run(&["serve", "--addr", "0.0.0.0:0"], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--public"), "{r:?}");
}
