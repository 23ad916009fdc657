//! Arbitrary bytes as one `shanten` batch line: never a panic, always one JSON answer.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    common::answer_line::<pairi::api::analysis::ShantenRequest>(data);
});
