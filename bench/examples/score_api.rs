//! `api::riichi::ScoreRequest::answer` per call on the closed shared cases (what a
//! binding pays beyond its own calling convention).
#![allow(clippy::print_stdout)]
use pairi::api::riichi::ScoreRequest;
use pairi::api::Request;
use std::time::Instant;

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/riichi/score-cases.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let reqs: Vec<ScoreRequest> = text
        .lines()
        .filter_map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).ok()?;
            let o = v.as_object_mut()?;
            if o["melds"].as_array().is_some_and(|m| !m.is_empty()) || o["expected"].get("error").is_some() {
                return None;
            }
            o.remove("id");
            o.remove("expected");
            serde_json::from_value(v).ok()
        })
        .collect();
    let mut best = f64::MAX;
    for _ in 0..7 {
        let t = Instant::now();
        for r in &reqs {
            std::hint::black_box(r.answer().ok());
        }
        best = best.min(t.elapsed().as_secs_f64() / reqs.len() as f64);
    }
    println!("{} requests: {:.0} ns per answer (best of 7)", reqs.len(), best * 1e9);
}
