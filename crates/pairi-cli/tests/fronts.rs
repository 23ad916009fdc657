//! One request, the same bytes from every front: each request of `fronts.jsonl` (one
//! of every kind at least, an error among them) is answered by the library itself
//! (`api::batch::answer_kind`), the WebAssembly shim's entry point, the HTTP server,
//! and the command line (its batch mode, or the command that prints the same answer),
//! and every answer must be the library's, byte for byte: the same keys in the same
//! order, the same numbers written the same way. Python and the page in a browser are
//! held to the same file by their own tests (`crates/pairi-py/tests/test_fronts.py`,
//! `web/tests/e2e.mjs`).

mod common;

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The request kinds the command line answers in a batch.
const BATCH_KINDS: [&str; 6] = ["shanten", "analyze", "score", "fan", "ev", "play"];

/// One line of `fronts.jsonl`: the kind, the request as JSON text (a record file named
/// by `record` read into its `record` field), and the command line that prints its
/// answer when the kind has no batch mode.
struct Case {
    kind: String,
    json: String,
    cli: Vec<String>,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fronts.jsonl"))
        .expect("fronts.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("a JSON line");
            let mut request = v["request"].clone();
            if let Some(file) = v["record"].as_str() {
                let record = std::fs::read_to_string(Path::new(ROOT).join(file)).expect(file);
                request["record"] = Value::String(record);
            }
            let cli = v["cli"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|s| s.as_str().unwrap_or("").to_owned())
                        .collect()
                })
                .unwrap_or_default();
            Case {
                kind: v["kind"].as_str().expect("a kind").to_owned(),
                json: request.to_string(),
                cli,
            }
        })
        .collect()
}

/// The library's answer: the result object, or `{"error": {…}}`.
fn library(case: &Case) -> String {
    match pairi::api::batch::answer_kind(&case.kind, &case.json) {
        Ok(text) => text,
        Err(e) => serde_json::json!({ "error": e }).to_string(),
    }
}

/// The WebAssembly shim's answer (`{"ok": result}` or the error object), unwrapped.
fn wasm(case: &Case) -> String {
    let text = pairi_wasm::answer_text(format!("{}\n{}", case.kind, case.json).as_bytes());
    match text
        .strip_prefix("{\"ok\":")
        .and_then(|t| t.strip_suffix('}'))
    {
        Some(result) => result.to_owned(),
        None => text,
    }
}

/// A batch line's answer with its `id` and the error's `line` taken out.
fn unbatched(line: &str) -> String {
    let rest = line.strip_prefix("{\"id\":1,").expect("the id first");
    format!("{{{rest}").replacen("{\"line\":1,", "{", 1)
}

/// The command line's answer: a batch line, or what the kind's command prints, put
/// back into the answer's shape where the command prints a part of it.
fn cli(case: &Case) -> String {
    if BATCH_KINDS.contains(&case.kind.as_str()) {
        let line = format!("{{\"id\":1,{}", &case.json[1..]);
        let r = common::run(&[case.kind.as_str(), "--batch", "-"], line.as_bytes());
        assert_eq!(r.code, 0, "{r:?}");
        return unbatched(r.stdout.trim_end());
    }
    let args: Vec<&str> = case.cli.iter().map(String::as_str).collect();
    if case.kind == "parse" {
        // Without `--json`, the answer's `text`; with it (and no `--to`), its `hand`.
        let plain = common::run(&args, b"");
        let mut view: Vec<&str> = Vec::new();
        let mut rest = args.iter();
        while let Some(a) = rest.next() {
            if *a == "--to" {
                rest.next();
            } else {
                view.push(a);
            }
        }
        view.push("--json");
        let hand = common::run(&view, b"");
        assert_eq!((plain.code, hand.code), (0, 0), "{plain:?} {hand:?}");
        return format!(
            "{{\"text\":{},\"hand\":{}}}",
            Value::String(plain.stdout.trim_end().to_owned()),
            hand.stdout.trim_end()
        );
    }
    let out = Command::new(env!("CARGO_BIN_EXE_pairi"))
        .args(&args)
        .current_dir(ROOT)
        .output()
        .expect("pairi runs");
    assert!(out.status.success(), "{args:?}: {out:?}");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    match case.kind.as_str() {
        // The answer with the file's name added last.
        "record_check" => {
            let text = stdout.trim_end();
            let at = text.rfind(",\"file\":").expect("the file named");
            format!("{}}}", &text[..at])
        }
        // The record itself.
        "record_convert" => {
            let v: Value = serde_json::from_str(&case.json).expect("JSON");
            format!(
                "{{\"format\":{},\"record\":{}}}",
                v["to"],
                Value::String(stdout)
            )
        }
        _ => stdout.trim_end().to_owned(),
    }
}

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

fn serve() -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pairi"))
        .args(["serve", "--addr", "127.0.0.1:0"])
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

/// The server's answer to one request: the body.
fn http(server: &Server, case: &Case) -> String {
    let mut stream = TcpStream::connect(&server.addr).expect("connect");
    write!(
        stream,
        "POST /v1/{} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
        case.kind,
        server.addr,
        case.json.len(),
        case.json
    )
    .expect("the request is sent");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("an answer");
    let text = String::from_utf8(raw).expect("UTF-8");
    let (_, body) = text.split_once("\r\n\r\n").expect("headers and a body");
    body.to_owned()
}

#[test]
fn fronts_ok_every_front_answers_the_libraries_bytes() {
    let cases = cases();
    let kinds: std::collections::BTreeSet<&str> = cases.iter().map(|c| c.kind.as_str()).collect();
    assert_eq!(
        kinds.len(),
        pairi::api::batch::KINDS.len(),
        "one request of every kind"
    );
    let server = serve();
    let mut bad = Vec::new();
    for case in &cases {
        let want = library(case);
        for (front, got) in [
            ("wasm", wasm(case)),
            ("http", http(&server, case)),
            ("cli", cli(case)),
        ] {
            if got != want {
                let at = want
                    .bytes()
                    .zip(got.bytes())
                    .position(|(a, b)| a != b)
                    .unwrap_or(want.len().min(got.len()));
                let from = at.saturating_sub(40);
                bad.push(format!(
                    "{} via {front}, from byte {at}:\n  library {}\n  {front:7} {}",
                    case.kind,
                    want.get(from..(at + 60).min(want.len())).unwrap_or(""),
                    got.get(from..(at + 60).min(got.len())).unwrap_or("")
                ));
            }
        }
    }
    assert!(bad.is_empty(), "fronts differ:\n{}", bad.join("\n"));
}

#[test]
fn fronts_ok_a_converted_record_keeps_its_key_order() {
    // tenhou.net/6 written from a Tenhou XML log: the keys in the writer's order (Tenhou's
    // own, `ver` first), not sorted, whichever front asked.
    let case = cases()
        .into_iter()
        .find(|c| c.kind == "record_convert" && c.json.contains("\"to\":\"tenhou6\""))
        .expect("a conversion to tenhou6");
    let answer: Value = serde_json::from_str(&library(&case)).expect("JSON");
    let record = answer["record"].as_str().expect("the record");
    assert!(record.starts_with("{\"ver\":"), "{record}");
}
