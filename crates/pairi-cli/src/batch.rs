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

const CHUNK: usize = 8192;

/// Runs a batch from `path` (`-` for standard input) to standard output.
pub(crate) fn run<Req, Res, F>(path: &str, answer: F) -> anyhow::Result<()>
where
    Req: Request,
    Res: Serialize,
    F: Fn(&Req) -> Result<Res, Failure> + Sync,
{
    let reader: Box<dyn BufRead> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let f = std::fs::File::open(path).with_context(|| format!("cannot open {path}"))?;
        Box::new(std::io::BufReader::with_capacity(1 << 16, f))
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut lines = reader.lines();
    loop {
        let mut chunk = Vec::with_capacity(CHUNK);
        for line in lines.by_ref() {
            let line = line.context("cannot read the input")?;
            if !line.trim().is_empty() {
                chunk.push(line);
            }
            if chunk.len() == CHUNK {
                break;
            }
        }
        if chunk.is_empty() {
            break;
        }
        let answers: Vec<String> = chunk
            .par_iter()
            .map(|l| answer_line::<Req, Res, F>(l, &answer))
            .collect();
        for a in answers {
            out.write_all(a.as_bytes())?;
            out.write_all(b"\n")?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Answers one line: the result, or an error object.
pub(crate) fn answer_line<Req, Res, F>(line: &str, answer: &F) -> String
where
    Req: Request,
    Res: Serialize,
    F: Fn(&Req) -> Result<Res, Failure>,
{
    match serde_json::from_str::<Req>(line) {
        Ok(req) => match answer(&req) {
            Ok(result) => to_line(&Answer {
                id: req.id(),
                result,
            }),
            Err(f) => error_line(req.id(), &f),
        },
        Err(e) => {
            let id = serde_json::from_str::<Value>(line)
                .ok()
                .and_then(|v| v.get("id").cloned())
                .unwrap_or(Value::Null);
            error_line(&id, &Failure::invalid_request(e))
        }
    }
}

fn error_line(id: &Value, f: &Failure) -> String {
    to_line(&ErrorAnswer {
        id,
        error: ErrorBody {
            kind: f.kind,
            message: &f.message,
        },
    })
}

fn to_line<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| {
        format!(r#"{{"id":null,"error":{{"kind":"invalid_request","message":"cannot serialise the answer: {e}"}}}}"#)
    })
}
