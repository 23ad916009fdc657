//! The shared test data: `../shared` beside the repository (another folder when the
//! environment variable `PAIRI_SHARED` names one). A test that needs a file of it asks
//! here; without the file the test says `skipped: needs ../shared/<file>` and passes,
//! so a clone alone tests everything else. With `PAIRI_REQUIRE_SHARED=1` (CI sets it)
//! a missing file fails the test instead: nothing is skipped unseen.
//!
//! One file for every Rust test of the workspace: the library's integration tests
//! (`mod shared`), its unit tests and the command line's tests include it by path.
#![allow(dead_code)] // each test crate uses part of it

use std::io::Write as _;
use std::path::PathBuf;

/// The shared folder: `$PAIRI_SHARED`, or `shared` beside the repository.
pub(crate) fn root() -> PathBuf {
    match std::env::var_os("PAIRI_SHARED") {
        Some(dir) => PathBuf::from(dir),
        // Every crate of the workspace sits two folders below the repository.
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")),
    }
}

/// Whether a missing shared file fails the test (`PAIRI_REQUIRE_SHARED=1`).
pub(crate) fn required() -> bool {
    std::env::var("PAIRI_REQUIRE_SHARED").is_ok_and(|v| v == "1")
}

/// The path of `file` under the shared folder (`data/riichi/score-cases.jsonl`) when it
/// exists. Otherwise the test is skipped: `None`, after one line on standard error
/// (written past the test harness's capture, so it shows) — or a failure when the
/// shared data is required.
pub(crate) fn path(file: &str) -> Option<PathBuf> {
    let path = root().join(file);
    if path.exists() {
        return Some(path);
    }
    let message = format!("skipped: needs ../shared/{file}");
    assert!(
        !required(),
        "{message} (PAIRI_REQUIRE_SHARED=1: the shared data must be beside the repository, or in $PAIRI_SHARED)"
    );
    // Once per file and process (a property test asks hundreds of times).
    static SAID: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut said = SAID
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !said.contains(&message) {
        let _ = writeln!(std::io::stderr(), "{message}");
        said.push(message);
    }
    None
}

/// The text of `file` under the shared folder, or `None` as [`path`] says.
pub(crate) fn read(file: &str) -> Option<String> {
    let path = path(file)?;
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}
