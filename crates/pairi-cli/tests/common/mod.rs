//! Running the built `pairi` binary: shared by the command tests.
#![allow(dead_code)] // each test binary uses part of it

#[path = "../../../pairi/tests/shared.rs"]
pub(crate) mod shared;

use std::io::Write;
use std::process::{Command, Stdio};

/// What one run of the binary produced.
#[derive(Debug)]
pub(crate) struct Run {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// Runs `pairi` with `args`, writing `stdin` (any bytes) to its standard input.
pub(crate) fn run(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pairi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the pairi binary runs");
    {
        let mut input = child.stdin.take().expect("stdin is piped");
        input.write_all(stdin).expect("stdin accepts the input");
    }
    let out = child.wait_with_output().expect("pairi finishes");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).expect("pairi writes UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("pairi writes UTF-8"),
    }
}
