//! Standard output and the end of a run: one writer for answers, one form for errors.
//!
//! - Answers go to standard output, a line at a time, flushed.
//! - Every error is `error: <kind>: <message>` on standard error, whatever raised it:
//!   the library's errors keep their kind; a file or stream that cannot be read or
//!   written is `io`; a flag's value the command line refuses (or clap's usage errors)
//!   is `invalid_request`. With `--json` the same error is also the JSON error object
//!   on standard output, so a program reading the output always gets one JSON value.
//! - Exit status: 0 when everything was answered, 2 for an error. An output that cannot
//!   be written (a closed pipe, a full disk) ends the run with status 2: quietly for a
//!   closed pipe (its reader is gone), with one line on standard error otherwise.

use anyhow::Context;
use pairi::api;
use pairi::notation::{parse_hand_unchecked_with, Dialect, NotationError};
use std::io::Write;
use std::process::ExitCode;

/// An answer the library refused, whether the caller asked for JSON, and the hand
/// text to point into when the error is in it.
#[derive(Debug)]
pub(crate) struct Refused {
    pub(crate) error: api::Error,
    pub(crate) json: bool,
    pub(crate) input: Option<String>,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.error.kind, self.error.message)
    }
}

impl std::error::Error for Refused {}

/// The error of `e` for a run that asked for JSON (`json`) or not.
pub(crate) fn refused(e: impl Into<api::Error>, json: bool) -> anyhow::Error {
    anyhow::Error::new(Refused {
        error: e.into(),
        json,
        input: None,
    })
}

/// An error of a file or stream the command cannot read or write (kind `io`); the
/// message names it.
pub(crate) fn io_failed(message: impl std::fmt::Display, json: bool) -> anyhow::Error {
    refused(api::Error::new(api::ErrorKind::Io, message), json)
}

/// [`refused`] for a request about `hand` (read in `dialect`): a notation error inside
/// the hand is shown with a caret under it.
pub(crate) fn refused_hand(
    e: impl Into<api::Error>,
    json: bool,
    hand: &str,
    dialect: Dialect,
) -> anyhow::Error {
    let error = e.into();
    let in_hand = match (error.column, parse_hand_unchecked_with(hand, dialect)) {
        (Some(c), Err(NotationError::Parse(p))) => p.column == c,
        _ => false,
    };
    anyhow::Error::new(Refused {
        error,
        json,
        input: in_hand.then(|| hand.to_owned()),
    })
}

/// `text` padded with spaces to `columns` terminal columns (CJK characters and tile
/// pictures are two columns wide), never cut.
pub(crate) fn pad(text: &str, columns: usize) -> String {
    let width = unicode_width::UnicodeWidthStr::width(text);
    format!("{text}{}", " ".repeat(columns.saturating_sub(width)))
}

/// The two lines that point at character `column` (1-based) of `input`: the input, and a
/// caret under that character, wide characters counted at their display width.
pub(crate) fn caret(input: &str, column: usize) -> String {
    let before: String = input.chars().take(column.saturating_sub(1)).collect();
    let pad = unicode_width::UnicodeWidthStr::width(before.as_str());
    format!("  {input}\n  {}^", " ".repeat(pad))
}

/// Writes one line to standard output; a closed pipe or a full disk is an error that
/// [`exit`] answers (`println!` would panic instead).
pub(crate) fn print_line(line: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(line.as_bytes())
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .context(CANNOT_WRITE)
}

/// The message of an output that cannot be written.
pub(crate) const CANNOT_WRITE: &str = "cannot write the output";

/// Writes `value` as one line of compact JSON.
pub(crate) fn print_json<T: serde::Serialize>(value: &T) -> anyhow::Result<()> {
    print_line(&serde_json::to_string(value)?)
}

/// The error a run ends with, as the JSON contract names it: a refusal keeps its
/// kind and message; otherwise an input or output that failed is `io` and anything
/// else the command line refused is `invalid_request`, the message being the whole
/// chain of causes.
pub(crate) fn classify(e: &anyhow::Error) -> api::Error {
    if let Some(r) = e.downcast_ref::<Refused>() {
        return r.error.clone();
    }
    let io = e
        .chain()
        .any(|c| c.downcast_ref::<std::io::Error>().is_some());
    let kind = if io {
        api::ErrorKind::Io
    } else {
        api::ErrorKind::InvalidRequest
    };
    api::Error::new(kind, format!("{e:#}"))
}

/// The exit status of a run, after reporting its error (also as JSON on standard
/// output when the run asked for JSON).
pub(crate) fn exit(result: anyhow::Result<()>, json: bool) -> ExitCode {
    let Err(e) = result else {
        return ExitCode::SUCCESS;
    };
    if is_broken_pipe(&e) {
        return ExitCode::from(2);
    }
    let refused = e.downcast_ref::<Refused>();
    let error = classify(&e);
    if json || refused.is_some_and(|r| r.json) {
        #[derive(serde::Serialize)]
        struct Body<'a> {
            error: &'a api::Error,
        }
        if let Ok(text) = serde_json::to_string(&Body { error: &error }) {
            let _ = print_line(&text);
        }
    }
    // Standard error may be closed too: nothing more can be said then.
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "error: {}: {}", error.kind, error.message);
    if let Some(r) = refused {
        if let (Some(input), Some(column)) = (&r.input, r.error.column) {
            let _ = writeln!(err, "{}", caret(input, column));
        }
    }
    ExitCode::from(2)
}

/// Prints a usage error of the argument parser as every other error is printed:
/// `error: invalid_request: …` (its usage lines follow); help and version go to
/// standard output. Returns the exit status: 2 for an error, 0 otherwise.
pub(crate) fn usage(e: &clap::Error) -> ExitCode {
    if !e.use_stderr() {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    let text = e.render().to_string();
    let kind = api::ErrorKind::InvalidRequest;
    let text = match text.strip_prefix("error: ") {
        Some(rest) => format!("error: {kind}: {rest}"),
        // A command without its subcommand: clap shows the command's help.
        None => format!("error: {kind}: a subcommand is needed\n\n{text}"),
    };
    let _ = write!(std::io::stderr().lock(), "{text}");
    ExitCode::from(2)
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// `2 name`, or `seat 2` for a record without names.
pub(crate) fn seat_name(res: &pairi::api::record::ReviewResult, seat: u8) -> String {
    match res.names.get(usize::from(seat)).filter(|n| !n.is_empty()) {
        Some(n) => format!("{seat} {n}"),
        None => format!("seat {seat}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_ok_under_the_column() {
        assert_eq!(caret("12mx", 4), "  12mx\n     ^");
        // Tile pictures are two columns wide.
        assert_eq!(caret("🀄x", 2), "  🀄x\n    ^");
    }
}
