//! Arbitrary bytes as one `ev` batch line: never a panic, always one JSON answer. A line
//! that is a JSON object has its search bounded (`max_states` at most 20 000) so that
//! each run stays short; everything else reaches the batch reader as written.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

const MAX_STATES: u64 = 20_000;

fuzz_target!(|data: &[u8]| {
    let line = match serde_json::from_slice::<serde_json::Value>(data) {
        Ok(serde_json::Value::Object(mut m)) => {
            let bound = m
                .get("max_states")
                .and_then(serde_json::Value::as_u64)
                .map_or(MAX_STATES, |n| n.min(MAX_STATES));
            m.insert("max_states".into(), bound.into());
            serde_json::to_vec(&m).unwrap_or_default()
        }
        _ => data.to_vec(),
    };
    common::answer_line::<pairi::api::ev::EvRequest>(&line);
});
