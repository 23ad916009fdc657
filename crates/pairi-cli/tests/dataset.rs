//! `pairi dataset` from the outside: Parquet files of the rows, a bad file reported and
//! skipped with exit status 2, the rows split by `--rows-per-file`.

mod common;

use std::path::PathBuf;

fn records() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../pairi/tests/data/records"
    ))
}

fn out(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pairi-dataset-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn parts(dir: &PathBuf) -> Vec<PathBuf> {
    let mut p: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("out")
        .map(|e| e.expect("entry").path())
        .collect();
    p.sort();
    p
}

#[test]
fn dataset_writes_parquet_and_skips_a_bad_file() {
    let dir = out("mixed");
    let good = records().join("fmt_draw_words.mjlog");
    let bad = records().join("kokushi_robs_closed_kong.jsonl");
    let r = common::run(
        &[
            "dataset",
            good.to_str().unwrap(),
            bad.to_str().unwrap(),
            "--out",
            dir.to_str().unwrap(),
            "--rows-per-file",
            "100",
        ],
        b"",
    );
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stderr
            .contains("kokushi_robs_closed_kong.jsonl: error: invalid_hand:"),
        "{r:?}"
    );
    assert!(
        r.stdout
            .starts_with("436 decisions of 1 games in 5 Parquet files"),
        "{r:?}"
    );
    let files = parts(&dir);
    assert_eq!(files.len(), 5);
    for f in &files {
        let bytes = std::fs::read(f).expect("parquet");
        assert!(bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"));
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains("pairi.encoding_version"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dataset_of_good_records_succeeds() {
    let dir = out("good");
    let good = records().join("fmt_draw_words.json");
    let r = common::run(
        &[
            "dataset",
            good.to_str().unwrap(),
            "--out",
            dir.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(parts(&dir).len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}
