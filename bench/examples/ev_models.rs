//! How the pairi model moves the numbers of the shared expected-value cases against the
//! reference's (compat) model, at each case's own turn, for the quantity maximised:
//! `cargo run --release --example ev_models`.

use pairi::api::ev::EvRequest;
use pairi::ev::{evaluate, Maximize, Model};

/// The allocator the `pairi` binary ships with (see [`pairi_bench::SearchAllocator`]).
#[global_allocator]
static ALLOCATOR: pairi_bench::SearchAllocator = pairi_bench::SEARCH_ALLOCATOR;

#[allow(clippy::print_stdout)]
fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/ev/cases.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("the shared ev cases");
    for metric in [Maximize::Score, Maximize::Win, Maximize::Tenpai] {
        let (mut n, mut same_best, mut over_one) = (0, 0, 0);
        let mut ratios = Vec::new();
        // The case of largest ratio: (ratio, id, turn).
        let mut largest: Option<(f64, String, u8)> = None;
        let (mut states_c, mut states_p) = (0usize, 0usize);
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let req: EvRequest = serde_json::from_str(line).unwrap();
            let (setup, mut options) = req.setup().unwrap();
            options.maximize = metric;
            let compat = evaluate(&setup, &options).unwrap();
            options.model = Model::Pairi;
            let pairi = evaluate(&setup, &options).unwrap();
            let t = setup.turn;
            let best = |ev: &pairi::ev::Evaluation| {
                ev.discards
                    .iter()
                    .max_by(|a, b| a.at(metric, t).total_cmp(&b.at(metric, t)))
                    .map(|d| (d.tile, d.at(metric, t)))
                    .unwrap()
            };
            let (bc, vc) = best(&compat);
            let (bp, vp) = best(&pairi);
            n += 1;
            same_best += usize::from(bc == bp);
            if compat
                .discards
                .iter()
                .any(|d| d.at(Maximize::Tenpai, t) > 1.0 || d.at(Maximize::Win, t) > 1.0)
            {
                over_one += 1;
            }
            if vc > 0.0 {
                ratios.push(vp / vc);
                let id = line
                    .split("\"id\":")
                    .nth(1)
                    .unwrap_or("")
                    .split('"')
                    .nth(1)
                    .unwrap_or("")
                    .to_string();
                if largest.as_ref().is_none_or(|(r, ..)| vp / vc > *r) {
                    largest = Some((vp / vc, id, t));
                }
            }
            states_c += compat.searched;
            states_p += pairi.searched;
        }
        ratios.sort_by(f64::total_cmp);
        let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
        println!(
            "{metric:?}: {n} cases, same best discard in {same_best}, pairi/compat best value: mean {mean:.3}, median {:.3}, range {:.3}..{:.3}; compat values above 1 in {over_one} cases; states {states_c} vs {states_p}",
            ratios[ratios.len() / 2],
            ratios[0],
            ratios[ratios.len() - 1]
        );
        if let Some((r, id, t)) = largest {
            println!("  largest ratio {r:.3}: {id} at turn {t}");
        }
    }
}
