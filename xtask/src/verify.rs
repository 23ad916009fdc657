//! `cargo xtask verify`: exhaustive and long randomized checks of the shanten kernel
//! against `pairi::shanten::reference` (target enumeration).
//!
//! 1. Every numbered-suit count vector with at most 14 tiles (405 350) and every honours
//!    vector, exact and classic: table costs == enumerated costs.
//! 2. Random hands (full wall, one suit + honours, knitted tiles; 0..4 melds; 13 − 3k
//!    and 14 − 3k tiles), every Riichi and MCR form in both modes == reference.
//! 3. A 14 − 3k hand that is not complete has the best 13 − 3k shanten over its
//!    discards, in every form.

use pairi::shanten::{self, reference, Mode};
use pairi::TileCounts;
use rayon::prelude::*;
use std::process::ExitCode;
use std::time::Instant;

const RANDOM_HANDS: u64 = 20_000;

pub(crate) fn run() -> ExitCode {
    let mut ok = true;
    ok &= suits(9);
    ok &= suits(7);
    ok &= hands();
    if ok {
        println!("verify: all checks pass");
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn suits(len: usize) -> bool {
    let start = Instant::now();
    let codes: Vec<Vec<u8>> = (0..5usize.pow(u32::try_from(len).unwrap()))
        .map(|c| crate::tables::digits(c, len))
        .filter(|d| d.iter().map(|&x| u32::from(x)).sum::<u32>() <= 14)
        .collect();
    let bad: Vec<String> = codes
        .par_iter()
        .flat_map_iter(|d| {
            let mut out = Vec::new();
            for mode in [Mode::Exact, Mode::Classic] {
                let want = reference::suit_costs(d, mode);
                let got = match mode {
                    Mode::Exact => shanten::suit_costs(d),
                    Mode::Classic => shanten::suit_costs_classic(d),
                };
                if got != Some(want) {
                    out.push(format!("{d:?} {mode:?}: got {got:?}, want {want:?}"));
                }
            }
            out
        })
        .collect();
    report(
        &format!("every {len}-kind suit vector ({} of them)", codes.len()),
        codes.len() * 2,
        &bad,
        start,
    )
}

fn report(what: &str, total: usize, bad: &[String], start: Instant) -> bool {
    println!(
        "{what}: {} / {total} agree ({:.1} s)",
        total - bad.len(),
        start.elapsed().as_secs_f64()
    );
    for b in bad.iter().take(20) {
        println!("  {b}");
    }
    bad.is_empty()
}

/// The library's seeded generator, `below(n)` as a `usize`.
struct Rng(pairi::util::rng::SplitMix64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }
}

/// A hand dealt from a wall of tile kinds (four copies each).
fn deal(seed: u64) -> (TileCounts, usize) {
    let mut rng = Rng(pairi::util::rng::SplitMix64::new(seed));
    let kinds: Vec<usize> = match rng.below(3) {
        0 => (0..34).collect(),
        1 => {
            let suit = rng.below(3) * 9;
            (suit..suit + 9).chain(27..34).collect()
        }
        _ => vec![
            0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 29, 30, 31, 32, 33, 4, 12, 21,
        ],
    };
    let mut wall: Vec<usize> = kinds.iter().flat_map(|&k| [k; 4]).collect();
    let melds = [0, 0, 0, 1, 2, 3, 4][rng.below(7)];
    let n = 13 - 3 * melds + rng.below(2);
    let mut c = TileCounts::new();
    for _ in 0..n {
        let i = rng.below(wall.len());
        c.as_mut_array()[wall.swap_remove(i)] += 1;
    }
    (c, melds)
}

fn hands() -> bool {
    let start = Instant::now();
    let bad: Vec<String> = (0..RANDOM_HANDS)
        .into_par_iter()
        .flat_map_iter(|seed| {
            let (c, melds) = deal(seed);
            let mut out = Vec::new();
            for mode in [Mode::Exact, Mode::Classic] {
                let r = shanten::riichi_with(&c, melds, mode).unwrap();
                let rr = reference::riichi(&c, melds, mode);
                if r != rr {
                    out.push(format!("riichi {c:?} {melds} {mode:?}: {r:?} vs {rr:?}"));
                }
                let m = shanten::mcr_with(&c, melds, mode).unwrap();
                let mr = reference::mcr(&c, melds, mode);
                if m != mr {
                    out.push(format!("mcr {c:?} {melds} {mode:?}: {m:?} vs {mr:?}"));
                }
                if c.total() as usize + 3 * melds == 14 {
                    if let Some(e) = discard_rule(&c, melds, mode) {
                        out.push(e);
                    }
                }
            }
            out
        })
        .collect();
    report(
        &format!("{RANDOM_HANDS} random hands x 2 modes"),
        usize::try_from(RANDOM_HANDS).unwrap() * 2,
        &bad,
        start,
    )
}

/// Checks that each form of a 14 − 3k hand is −1 or the best over discards.
fn discard_rule(c: &TileCounts, melds: usize, mode: Mode) -> Option<String> {
    let whole = shanten::mcr_with(c, melds, mode).unwrap();
    let forms = |s: &shanten::McrShanten| {
        [
            Some(s.regular),
            s.seven_pairs,
            s.thirteen_orphans,
            s.honors_and_knitted,
            s.knitted_straight,
        ]
    };
    let mut best = [Some(i8::MAX); 5];
    for d in 0..34 {
        if c.as_array()[d] == 0 {
            continue;
        }
        let mut rest = *c;
        rest.as_mut_array()[d] -= 1;
        let s = shanten::mcr_with(&rest, melds, mode).unwrap();
        for (b, v) in best.iter_mut().zip(forms(&s)) {
            *b = match (*b, v) {
                (Some(x), Some(y)) => Some(x.min(y)),
                _ => None,
            };
        }
    }
    let got = forms(&whole);
    for (g, b) in got.iter().zip(best) {
        let want = match (*g, b) {
            (Some(-1), _) => Some(-1),
            _ => b,
        };
        if *g != want {
            return Some(format!(
                "discard rule {c:?} {melds} {mode:?}: {got:?} vs best {best:?}"
            ));
        }
    }
    None
}
