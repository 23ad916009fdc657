//! The JSON Lines batch runner shared by `score`, `fan`, `shanten` and `analyze`
//! (`docs/json-api.md`): reads lines, has `pairi::api::batch` answer each (the envelope,
//! the `id` echo and error objects are the library's), and writes the answers in input
//! order.
//!
//! Three threads overlap the work: one reads lines into chunks, the calling thread has
//! a chunk's lines answered in parallel (rayon), one writes the answers. Memory is
//! bounded whatever the input: a chunk holds at most [`CHUNK_LINES`] lines or
//! [`CHUNK_BYTES`] bytes, at most two chunks wait on each side, and a line longer than
//! [`MAX_LINE`] is answered with an error without being held in memory.
//!
//! From a pipe or a terminal the runner streams: a chunk is answered, written and flushed
//! as soon as no more input is waiting, so a program that writes one request and waits
//! for its answer gets it. From a regular file, chunks are filled for throughput.

use anyhow::Context;
use pairi::api::{batch, Error, Request};
use rayon::prelude::*;
use std::io::{BufRead, BufReader, Read, Write};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};

/// The most lines in one chunk.
const CHUNK_LINES: usize = 4096;
/// The most bytes of input in one chunk (a chunk ends after the line that passes it).
const CHUNK_BYTES: usize = 1 << 20;
/// The longest line answered; a longer one gets an error object.
pub(crate) const MAX_LINE: usize = 1 << 20;
/// Lines answered by one parallel task (into one output buffer).
const TASK: usize = 256;
/// Chunks that may wait between two threads.
const QUEUE: usize = 2;

/// One input line of a chunk.
#[derive(Clone, Copy)]
enum Line {
    /// Its 1-based number and where its bytes lie in the chunk's text.
    Text {
        number: u64,
        start: usize,
        end: usize,
    },
    /// A line over [`MAX_LINE`] bytes: its number and length (its bytes were skipped).
    TooLong { number: u64, len: usize },
}

/// Lines read together.
#[derive(Default)]
struct Chunk {
    text: Vec<u8>,
    lines: Vec<Line>,
}

/// Where a batch comes from, and whether to stream (answer each line as it comes).
struct Input {
    reader: Box<dyn Read + Send>,
    stream: bool,
}

fn open(path: &str) -> anyhow::Result<Input> {
    if path == "-" {
        let stdin = std::io::stdin();
        // Standard input redirected from a regular file is read like a file.
        let file = std::os::fd::AsFd::as_fd(&stdin)
            .try_clone_to_owned()
            .map(std::fs::File::from)
            .ok();
        let is_file = file
            .as_ref()
            .and_then(|f| f.metadata().ok())
            .is_some_and(|m| m.is_file());
        return Ok(match file {
            Some(f) => Input {
                reader: Box::new(f),
                stream: !is_file,
            },
            None => Input {
                reader: Box::new(stdin),
                stream: true,
            },
        });
    }
    let f = std::fs::File::open(path).with_context(|| format!("cannot open {path}"))?;
    Ok(Input {
        reader: Box::new(f),
        stream: false,
    })
}

/// Runs a batch of `R` requests from `path` (`-` for standard input) to standard
/// output; lines that leave fields out take them from `defaults`.
pub(crate) fn run<R: Request + Send>(path: &str, defaults: &R::Defaults) -> anyhow::Result<()> {
    let input = open(path)?;
    let stream = input.stream;
    let (chunks_tx, chunks_rx) = sync_channel::<Chunk>(QUEUE);
    let (answers_tx, answers_rx) = sync_channel::<Vec<u8>>(QUEUE);
    std::thread::scope(|s| {
        let reader = s.spawn(move || read_chunks(input, &chunks_tx));
        let writer = s.spawn(move || write_answers(&answers_rx, stream));
        for chunk in chunks_rx {
            if answers_tx
                .send(answer_chunk::<R>(&chunk, defaults))
                .is_err()
            {
                // The writer stopped (closed output): its error says why.
                break;
            }
        }
        drop(answers_tx);
        let written = writer
            .join()
            .unwrap_or_else(|_| Err(anyhow::anyhow!("the writer thread stopped")));
        // When the writer failed, the reader may be blocked on a full queue; it is only
        // joined when the output is healthy.
        written?;
        reader
            .join()
            .unwrap_or_else(|_| Err(anyhow::anyhow!("the reader thread stopped")))
    })
}

/// Reads `input` into chunks and sends them; stops quietly when the receiver is gone.
fn read_chunks(input: Input, out: &SyncSender<Chunk>) -> anyhow::Result<()> {
    let mut reader = BufReader::with_capacity(1 << 16, input.reader);
    let mut chunk = Chunk::default();
    let mut number = 0u64;
    loop {
        let start = chunk.text.len();
        let read = read_line(&mut reader, &mut chunk.text).context("cannot read the input")?;
        let Some(len) = read else {
            break;
        };
        number += 1;
        if len > MAX_LINE {
            chunk.text.truncate(start);
            chunk.lines.push(Line::TooLong { number, len });
        } else if chunk.text[start..].iter().all(u8::is_ascii_whitespace) {
            chunk.text.truncate(start);
        } else {
            chunk.lines.push(Line::Text {
                number,
                start,
                end: chunk.text.len(),
            });
        }
        let full = chunk.lines.len() >= CHUNK_LINES || chunk.text.len() >= CHUNK_BYTES;
        let idle = input.stream && reader.buffer().is_empty();
        if !chunk.lines.is_empty()
            && (full || idle)
            && out.send(std::mem::take(&mut chunk)).is_err()
        {
            return Ok(());
        }
    }
    if !chunk.lines.is_empty() {
        let _ = out.send(chunk);
    }
    Ok(())
}

/// Appends the next line, without its ending (`\n` or `\r\n`), to `buf`; returns its
/// length, `None` at the end of the input. Past [`MAX_LINE`] bytes the rest of the line
/// is skipped, not stored: the length returned is then over the limit.
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<Option<usize>> {
    let start = buf.len();
    let mut len = 0usize;
    let mut any = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        any = true;
        let (piece, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], Some(i + 1)),
            None => (available, None),
        };
        if len + piece.len() <= MAX_LINE {
            buf.extend_from_slice(piece);
        }
        len += piece.len();
        let used = done.unwrap_or(piece.len());
        reader.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if len <= MAX_LINE && buf.last() == Some(&b'\r') && buf.len() > start {
        buf.pop();
        len -= 1;
    }
    Ok(Some(len))
}

/// The answers of a chunk's lines, in order, one per line.
fn answer_chunk<R: Request + Send>(chunk: &Chunk, defaults: &R::Defaults) -> Vec<u8> {
    let parts: Vec<Vec<u8>> = chunk
        .lines
        .par_chunks(TASK)
        .map(|task| {
            let mut buf = Vec::with_capacity(task.len() * 256);
            for line in task {
                match *line {
                    Line::Text { number, start, end } => {
                        let text = &chunk.text[start..end];
                        batch::answer_bytes::<R>(text, Some(number), defaults, &mut buf);
                    }
                    Line::TooLong { number, len } => {
                        let message =
                            format!("the line is {len} bytes long: at most {MAX_LINE} are read");
                        let e = Error::invalid_request(message);
                        batch::write_error(&mut buf, None, Some(number), &e);
                    }
                }
                buf.push(b'\n');
            }
            buf
        })
        .collect();
    parts.concat()
}

/// Writes answers as they come; flushes after each chunk when streaming.
fn write_answers(answers: &Receiver<Vec<u8>>, stream: bool) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    for a in answers {
        out.write_all(&a).context(crate::output::CANNOT_WRITE)?;
        if stream {
            out.flush().context(crate::output::CANNOT_WRITE)?;
        }
    }
    out.flush().context(crate::output::CANNOT_WRITE)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(Option<usize>, Vec<u8>)> {
        let mut r = BufReader::with_capacity(8, input);
        let mut out = Vec::new();
        loop {
            let mut buf = Vec::new();
            let n = read_line(&mut r, &mut buf).unwrap();
            out.push((n, buf));
            if n.is_none() {
                return out;
            }
        }
    }

    #[test]
    fn read_line_ok_endings() {
        let got = lines(b"ab\r\ncd\n\nlast");
        let want: Vec<(Option<usize>, Vec<u8>)> = vec![
            (Some(2), b"ab".to_vec()),
            (Some(2), b"cd".to_vec()),
            (Some(0), Vec::new()),
            (Some(4), b"last".to_vec()),
            (None, Vec::new()),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn read_line_ok_long_line_skipped() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.extend_from_slice(b"\nok\n");
        let got = lines(&input);
        assert_eq!(got[0].0, Some(MAX_LINE + 10));
        assert!(got[0].1.len() <= MAX_LINE);
        assert_eq!(got[1], (Some(2), b"ok".to_vec()));
    }
}
