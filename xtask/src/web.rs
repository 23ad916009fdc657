//! `cargo xtask web [OUT]`: the web page in one folder any static host can serve
//! (default `target/web`): the files of `web/` and `pairi.wasm`, built for
//! `wasm32-unknown-unknown` with the `wasm` profile (size over speed, LTO, stripped).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The files of the page, in `web/`.
pub(crate) const FILES: [&str; 8] = [
    "index.html",
    "style.css",
    "app.js",
    "pairi.js",
    "worker.js",
    "tiles.js",
    "glyphs.js",
    "OFL-NotoSansCJK.txt",
];

pub(crate) fn run(out: Option<&str>) -> Result<PathBuf, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = out.map_or_else(|| root.join("target/web"), PathBuf::from);
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(&root)
        .args([
            "build",
            "--quiet",
            "--package",
            "pairi-wasm",
            "--target",
            "wasm32-unknown-unknown",
            "--profile",
            "wasm",
        ])
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(
            "the WebAssembly build failed (is the target installed? `rustup target add wasm32-unknown-unknown`)"
                .into(),
        );
    }
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let wasm = root.join("target/wasm32-unknown-unknown/wasm/pairi_wasm.wasm");
    std::fs::copy(&wasm, out.join("pairi.wasm")).map_err(|e| format!("{}: {e}", wasm.display()))?;
    for f in FILES {
        std::fs::copy(root.join("web").join(f), out.join(f))
            .map_err(|e| format!("web/{f}: {e}"))?;
    }
    Ok(out)
}
