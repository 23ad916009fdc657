//! pairi in the browser: the library's request kinds (`api::batch::KINDS`) as three
//! WebAssembly exports, JSON text in and out, no logic of its own.
//!
//! The calling convention needs no generated glue (a dozen lines of JavaScript in
//! `web/pairi.js`), so the build is `cargo build --target wasm32-unknown-unknown` and
//! nothing else:
//!
//! 1. `pairi_input(len)` makes room for `len` bytes and returns where they go; the
//!    caller writes `kind`, a newline and the request's JSON there (UTF-8);
//! 2. `pairi_answer()` answers and returns the answer's length in bytes;
//! 3. `pairi_output()` returns where the answer is: `{"ok": result}` or
//!    `{"error": {"kind", "message"}}`, the error object of `docs/json-api.md`.
//!
//! Why no wasm-bindgen: its command-line tool must match the crate's version exactly and
//! takes about twelve minutes to build on two cores, for three functions that pass
//! bytes. The buffers are owned by Rust (`thread_local`, one thread in a browser), so no
//! pointer is ever taken back from JavaScript; `#[no_mangle]` on the exports is the only
//! thing the `unsafe_code` lint counts.
#![deny(unsafe_code)]

use pairi::api::batch::answer_kind;
use pairi::api::Error;
use std::cell::RefCell;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The answer to `kind\njson` as the JSON text the exports hand out.
#[must_use]
pub fn answer_text(input: &[u8]) -> String {
    let answer = std::str::from_utf8(input)
        .map_err(|_| Error::invalid_request("the request is not UTF-8"))
        .and_then(|text| {
            let (kind, json) = text.split_once('\n').unwrap_or((text, ""));
            answer_kind(kind.trim(), json)
        });
    match answer {
        Ok(result) => format!("{{\"ok\":{result}}}"),
        Err(e) => serde_json::json!({ "error": e }).to_string(),
    }
}

/// Room for `len` bytes of input; returns its address in linear memory.
#[allow(unsafe_code)] // `no_mangle` only: the export needs its plain name.
#[no_mangle]
pub extern "C" fn pairi_input(len: u32) -> *mut u8 {
    INPUT.with(|b| {
        let mut b = b.borrow_mut();
        b.clear();
        b.resize(len as usize, 0);
        b.as_mut_ptr()
    })
}

/// Answers the input; returns the length of the answer.
#[allow(unsafe_code)] // `no_mangle` only.
#[no_mangle]
pub extern "C" fn pairi_answer() -> u32 {
    let answer = INPUT.with(|b| answer_text(&b.borrow()));
    let len = answer.len() as u32;
    OUTPUT.with(|o| *o.borrow_mut() = answer.into_bytes());
    len
}

/// The address of the last answer.
#[allow(unsafe_code)] // `no_mangle` only.
#[no_mangle]
pub extern "C" fn pairi_output() -> *const u8 {
    OUTPUT.with(|o| o.borrow().as_ptr())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_and_errors_as_json() {
        let ok: serde_json::Value =
            serde_json::from_str(&answer_text(b"analyze\n{\"hand\": \"123m456p789s1122z\"}"))
                .unwrap();
        assert_eq!(ok["ok"]["shanten"], 0);
        let bad: serde_json::Value =
            serde_json::from_str(&answer_text(b"analyze\n{\"hand\": \"12x\"}")).unwrap();
        assert_eq!(bad["error"]["kind"], "parse");
        let none: serde_json::Value = serde_json::from_str(&answer_text(b"nothing\n{}")).unwrap();
        assert_eq!(none["error"]["kind"], "invalid_request");
        let raw: serde_json::Value = serde_json::from_str(&answer_text(&[0xff, 0xfe])).unwrap();
        assert_eq!(raw["error"]["kind"], "invalid_request");
        // The exports round-trip through their buffers.
        let text = b"shanten\n{\"hand\": \"19m19p19s1234567z\"}";
        let _ = pairi_input(text.len() as u32);
        INPUT.with(|b| b.borrow_mut().copy_from_slice(text));
        let len = pairi_answer() as usize;
        let out = OUTPUT.with(|o| o.borrow().clone());
        assert_eq!(out.len(), len);
        assert!(String::from_utf8(out).unwrap().starts_with("{\"ok\":{"));
    }
}
