//! The JSON Lines batch runner shared by `score`, `fan`, `shanten` and `analyze`
//! (`spec/json-api.md`): one result per line, in input order, the request's `id`
//! echoed; a bad line gets an error object and the batch goes on. Lines are read and
//! answered in bounded chunks (answered in parallel), so memory does not grow with
//! the input.

use anyhow::Context;
use rayon::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::io::{BufRead, BufWriter, Write};

/// A failed request: its JSON error kind and a message.
#[derive(Debug, Clone)]
pub(crate) struct Failure {
    pub(crate) kind: &'static str,
    pub(crate) message: String,
}

impl Failure {
    pub(crate) fn new(kind: &'static str, message: impl std::fmt::Display) -> Failure {
        Failure {
            kind,
            message: message.to_string(),
        }
    }

    pub(crate) fn invalid_request(message: impl std::fmt::Display) -> Failure {
        Failure::new("invalid_request", message)
    }
}

impl From<pairi::Error> for Failure {
    fn from(e: pairi::Error) -> Failure {
        Failure::new(e.kind(), e)
    }
}

impl From<pairi::HandError> for Failure {
    fn from(e: pairi::HandError) -> Failure {
        Failure::new(e.kind(), e)
    }
}

impl From<pairi::ParseError> for Failure {
    fn from(e: pairi::ParseError) -> Failure {
        Failure::new(e.kind(), e)
    }
}

/// A request with an `id` to echo.
pub(crate) trait Request: DeserializeOwned + Send {
    fn id(&self) -> &Value;
}

#[derive(Serialize)]
struct Answer<'a, R: Serialize> {
    id: &'a Value,
    #[serde(flatten)]
    result: R,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    kind: &'a str,
    message: &'a str,
}

#[derive(Serialize)]
struct ErrorAnswer<'a> {
    id: &'a Value,
    error: ErrorBody<'a>,
}

/// Lines read and answered together; the answers of a chunk are written in order before
/// the next chunk is read.
const CHUNK: usize = 16384;
/// Lines answered by one parallel task (into one output buffer).
const TASK: usize = 256;

/// Runs a batch from `path` (`-` for standard input) to standard output.
pub(crate) fn run<Req, Res, F>(path: &str, answer: F) -> anyhow::Result<()>
where
    Req: Request,
    Res: Serialize,
    F: Fn(&Req) -> Result<Res, Failure> + Sync,
{
    let mut reader: Box<dyn BufRead> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let f = std::fs::File::open(path).with_context(|| format!("cannot open {path}"))?;
        Box::new(std::io::BufReader::with_capacity(1 << 16, f))
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    // One buffer holds the bytes of a whole chunk; `lines` marks where each line lies.
    let mut text: Vec<u8> = Vec::new();
    let mut lines: Vec<(usize, usize)> = Vec::with_capacity(CHUNK);
    loop {
        text.clear();
        lines.clear();
        while lines.len() < CHUNK {
            let start = text.len();
            let n = reader
                .read_until(b'\n', &mut text)
                .context("cannot read the input")?;
            if n == 0 {
                break;
            }
            let line = trim_line(&text[start..]);
            if line.iter().all(u8::is_ascii_whitespace) {
                text.truncate(start);
            } else {
                lines.push((start, text.len()));
            }
        }
        if lines.is_empty() {
            break;
        }
        let answers: Vec<Vec<u8>> = lines
            .par_chunks(TASK)
            .map(|task| {
                let mut buf = Vec::with_capacity(task.len() * 256);
                for &(start, end) in task {
                    let bytes = trim_line(&text[start..end]);
                    match std::str::from_utf8(bytes) {
                        Ok(line) => answer_into::<Req, Res, F>(&mut buf, line, &answer),
                        Err(e) => write_error(
                            &mut buf,
                            &Value::Null,
                            &Failure::invalid_request(format!("the line is not UTF-8: {e}")),
                        ),
                    }
                    buf.push(b'\n');
                }
                buf
            })
            .collect();
        for a in answers {
            out.write_all(&a)?;
        }
    }
    out.flush()?;
    Ok(())
}

/// A line without its line ending (`\n` or `\r\n`).
fn trim_line(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Writes the answer to one line (without a line ending) to `buf`.
fn answer_into<Req, Res, F>(buf: &mut Vec<u8>, line: &str, answer: &F)
where
    Req: Request,
    Res: Serialize,
    F: Fn(&Req) -> Result<Res, Failure>,
{
    match serde_json::from_str::<Req>(line) {
        Ok(req) => match answer(&req) {
            Ok(result) => write_json(
                buf,
                &Answer {
                    id: req.id(),
                    result,
                },
            ),
            Err(f) => write_error(buf, req.id(), &f),
        },
        Err(e) => {
            let id = serde_json::from_str::<Value>(line)
                .ok()
                .and_then(|v| v.get("id").cloned())
                .unwrap_or(Value::Null);
            write_error(buf, &id, &Failure::invalid_request(e));
        }
    }
}

fn write_error(buf: &mut Vec<u8>, id: &Value, f: &Failure) {
    write_json(
        buf,
        &ErrorAnswer {
            id,
            error: ErrorBody {
                kind: f.kind,
                message: &f.message,
            },
        },
    );
}

/// Serialises `v` onto `buf`; should serialisation fail, the partial output is removed
/// and an error object takes its place, so every line stays one JSON object.
fn write_json<T: Serialize>(buf: &mut Vec<u8>, v: &T) {
    let start = buf.len();
    if let Err(e) = serde_json::to_writer(&mut *buf, v) {
        buf.truncate(start);
        let message = format!("cannot serialise the answer: {e}");
        let fallback = ErrorAnswer {
            id: &Value::Null,
            error: ErrorBody {
                kind: "invalid_request",
                message: &message,
            },
        };
        // An object of two strings always serialises.
        let _ = serde_json::to_writer(&mut *buf, &fallback);
    }
}
