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

/// FNV-1a (64 bits) of `bytes`.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The hash of a Parquet file's column chunks: its bytes between the leading magic
/// and the footer (the footer names the version that wrote it, which the pins leave
/// out).
fn chunks_hash(path: &PathBuf) -> String {
    let bytes = std::fs::read(path).expect("parquet");
    let n = bytes.len();
    assert!(n >= 12 && bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"));
    let footer = u32::from_le_bytes(bytes[n - 8..n - 4].try_into().expect("4 bytes")) as usize;
    let chunks = &bytes[4..n - 8 - footer];
    format!("chunks {} bytes {:016x}", chunks.len(), fnv(chunks))
}

/// The Parquet bytes of `pairi dataset`, pinned: the hand-written records 14 times
/// over in files of 10 000 rows, and the shared Tenhou XML records 22 times over in
/// one file of two row groups (several pages a column each). A change of the rows,
/// the layout or the writer's settings shows here.
#[test]
fn dataset_bytes_are_pinned() {
    let mut sets = vec![("records", records(), 14, "10000", 2)];
    if let Some(dir) = common::shared::path("data/logs/mjlog") {
        sets.push(("shared mjlog", dir, 22, "1000000", 0));
    }
    let mut got = String::new();
    for (name, dir, times, per_file, code) in sets {
        let out = out(&format!("pins-{times}"));
        let mut args = vec!["dataset".to_string()];
        args.extend((0..times).map(|_| dir.display().to_string()));
        args.extend(
            ["--out", out.to_str().unwrap(), "--rows-per-file", per_file].map(String::from),
        );
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = common::run(&args, b"");
        assert_eq!(r.code, code, "{r:?}");
        got += &format!("{name}: {}", r.stdout.replace(out.to_str().unwrap(), "OUT"));
        for f in parts(&out) {
            let file = f.file_name().unwrap().to_string_lossy().to_string();
            got += &format!("{name}: {file} {}\n", chunks_hash(&f));
        }
        let _ = std::fs::remove_dir_all(&out);
    }
    let want: String = include_str!("data/dataset-pins.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter(|l| common::shared::path("data/logs/mjlog").is_some() || !l.starts_with("shared"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(got, want, "Parquet bytes changed:\n{got}");
}
