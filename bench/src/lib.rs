//! Shared setup of the benches and loops: seeded random hands, the baselines
//! (`riichienv-core`, `xiangting`) wrapped to answer the same questions as pairi, and the
//! allocator of the expected-value benches.

use pairi::TileCounts;
use xiangting::PlayerCount;

/// The allocator the `pairi` binary ships with, which the expected-value benches and
/// examples link as their global allocator (`static ALLOCATOR: SearchAllocator =
/// SEARCH_ALLOCATOR`). A search allocates its tables afresh; the system allocator
/// returns large ones to the kernel and the next search faults their pages in again
/// (evp-0196, 300 searches: 130 000 page faults against 1 700).
pub type SearchAllocator = mimalloc::MiMalloc;

/// The value of [`SearchAllocator`].
pub const SEARCH_ALLOCATOR: SearchAllocator = mimalloc::MiMalloc;

/// Hands per group.
pub const HANDS: usize = 1000;
/// Seed of the deal.
pub const SEED: u64 = 0x5EED_2024;

/// The library's seeded generator, `below(n)` as a `usize`.
struct Rng(pairi::util::rng::SplitMix64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }
}

/// `n` hands of `size` concealed tiles, each the first `size` tiles of a freshly shuffled
/// 136-tile wall. The seed mixes in `size` so that groups do not share prefixes.
pub fn deal(size: usize, n: usize) -> Vec<TileCounts> {
    deal_from(&pairi::wall::Wall::four_player([0; 3]), size, n)
}

/// As [`deal`], from any wall (the 108 tiles of three-player mahjong).
pub fn deal_from(from: &pairi::wall::Wall, size: usize, n: usize) -> Vec<TileCounts> {
    let mut rng = Rng(pairi::util::rng::SplitMix64::new(
        SEED ^ ((size as u64) << 32),
    ));
    let mut wall: Vec<u8> = pairi::Tile::all()
        .flat_map(|t| std::iter::repeat_n(t.index() as u8, usize::from(from.copies(t))))
        .collect();
    let total = wall.len();
    (0..n)
        .map(|_| {
            // Partial Fisher-Yates: only the first `size` places are needed.
            for i in 0..size {
                let j = i + rng.below(total - i);
                wall.swap(i, j);
            }
            let mut c = TileCounts::new();
            for &t in &wall[..size] {
                c.as_mut_array()[usize::from(t)] += 1;
            }
            c
        })
        .collect()
}

pub fn pairi_shanten(c: &TileCounts, melds: usize) -> i8 {
    pairi::shanten::riichi(c, melds).map_or(i8::MAX, |s| s.min())
}

pub fn riichienv_shanten(c: &TileCounts) -> i8 {
    let total: u8 = c.as_array().iter().sum();
    riichienv_core::shanten::calc_shanten_from_counts(c.as_array(), total / 3)
}

pub fn xiangting_shanten(c: &TileCounts) -> i8 {
    xiangting::calculate_replacement_number(c.as_array(), PlayerCount::Four)
        .map_or(i8::MAX, |r| r as i8 - 1)
}

/// `Σ (4 − held)` over the kinds in `tiles`.
pub fn count_of(c: &TileCounts, tiles: u64) -> u32 {
    let mut n = 0;
    let mut bits = tiles;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        n += 4 - u32::from(c.as_array()[i]);
    }
    n
}

/// One row of a discard table built from xiangting: (discard, shanten, useful, count).
pub type Row = (usize, i8, u64, u32);

/// The best discard table built from xiangting: one unnecessary-tiles call for the
/// 14 − 3k tile hand, then one necessary-tiles call per discard that keeps the shanten,
/// with the count of the useful tiles. Rows go to `out`; returns the hand's shanten.
pub fn xiangting_discards(c: &TileCounts, out: &mut Vec<Row>) -> i8 {
    out.clear();
    let Ok((r, unneeded)) = xiangting::calculate_unnecessary_tiles(c.as_array(), PlayerCount::Four)
    else {
        return i8::MAX;
    };
    let mut bits = unneeded;
    while bits != 0 {
        let d = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        out.extend(xiangting_row(c, d));
    }
    r as i8 - 1
}

/// The row of discarding `d` from `c`: one necessary-tiles call on the hand after it.
fn xiangting_row(c: &TileCounts, d: usize) -> Option<Row> {
    let mut after = *c;
    after.as_mut_array()[d] -= 1;
    let (r13, needed) =
        xiangting::calculate_necessary_tiles(after.as_array(), PlayerCount::Four).ok()?;
    Some((d, r13 as i8 - 1, needed, count_of(&after, needed)))
}

/// The same, with one necessary-tiles call for every kind held (a full table, as pairi
/// gives): rows for every discard, not only those keeping the shanten.
pub fn xiangting_discards_all(c: &TileCounts, out: &mut Vec<Row>) -> i8 {
    out.clear();
    let Ok(r) = xiangting::calculate_replacement_number(c.as_array(), PlayerCount::Four) else {
        return i8::MAX;
    };
    out.extend(
        (0..34)
            .filter(|&d| c.as_array()[d] > 0)
            .filter_map(|d| xiangting_row(c, d)),
    );
    r as i8 - 1
}

/// The workloads timed, each reduced to a number so that no work is optimised away.
/// The bench, `examples/shanten_loop.rs` and [`paired_report`] call these same functions.
pub mod work {
    use super::{count_of, xiangting_discards, xiangting_discards_all, Row};
    use pairi::TileCounts;
    use xiangting::PlayerCount;

    /// pairi's useful tiles of a 13-tile hand: their count.
    pub fn pairi_useful(h: &TileCounts) -> i64 {
        pairi::shanten::useful(h, 0).map_or(0, |(_, u)| i64::from(u.count))
    }

    /// xiangting's necessary tiles of a 13-tile hand: their count.
    pub fn xiangting_useful(h: &TileCounts) -> i64 {
        xiangting::calculate_necessary_tiles(h.as_array(), PlayerCount::Four)
            .map_or(0, |(_, n)| i64::from(count_of(h, n)))
    }

    /// pairi's discard table: the sum of its rows' counts.
    pub fn pairi_discards(h: &TileCounts, melds: usize) -> i64 {
        pairi::shanten::discards(h, melds).map_or(0, |t| {
            t.rows().iter().map(|r| i64::from(r.useful.count)).sum()
        })
    }

    /// [`xiangting_discards`]: the sum of its rows' counts (`rows` is scratch space).
    pub fn xiangting_discards_sum(h: &TileCounts, rows: &mut Vec<Row>) -> i64 {
        xiangting_discards(h, rows);
        rows.iter().map(|r| i64::from(r.3)).sum()
    }

    /// [`xiangting_discards_all`]: the sum of its rows' counts.
    pub fn xiangting_discards_all_sum(h: &TileCounts, rows: &mut Vec<Row>) -> i64 {
        xiangting_discards_all(h, rows);
        rows.iter().map(|r| i64::from(r.3)).sum()
    }

    /// pairi's MCR shanten, all five forms: the least.
    pub fn pairi_mcr(h: &TileCounts) -> i64 {
        pairi::shanten::mcr(h, 0).map_or(0, |s| i64::from(s.min()))
    }
}

/// One pass of `f` over `hands` (each hand behind `black_box`): the sum of its answers.
pub fn sum_over(hands: &[TileCounts], mut f: impl FnMut(&TileCounts) -> i64) -> i64 {
    let mut sum = 0i64;
    for h in hands {
        sum += f(std::hint::black_box(h));
    }
    sum
}

/// The groups of shanten hands: (name, concealed tiles, melds).
pub const GROUPS: [(&str, usize, usize); 4] = [
    ("13", 13, 0),
    ("14", 14, 0),
    ("11+1meld", 11, 1),
    ("8+2melds", 8, 2),
];

/// Panics unless pairi, riichienv-core and xiangting give the same shanten on every hand,
/// and pairi's discard tables agree with xiangting's on the shanten-keeping discards.
pub fn check_agreement() {
    let mut checked = 0;
    for (name, size, melds) in GROUPS {
        for c in deal(size, HANDS) {
            checked += 1;
            let p = pairi_shanten(&c, melds);
            assert_eq!(
                p,
                riichienv_shanten(&c),
                "{name}: riichienv-core on {:?}",
                c.as_array()
            );
            assert_eq!(
                p,
                xiangting_shanten(&c),
                "{name}: xiangting on {:?}",
                c.as_array()
            );
        }
    }
    let mut rows = Vec::new();
    for (size, melds) in [(14, 0), (11, 1)] {
        for c in deal(size, HANDS) {
            let table = pairi::shanten::discards(&c, melds).expect("valid hand");
            let s = xiangting_discards(&c, &mut rows);
            assert_eq!(table.shanten, s, "discards of {:?}", c.as_array());
            let keeping: Vec<Row> = table
                .rows()
                .iter()
                .filter(|r| r.shanten == s)
                .map(|r| {
                    (
                        r.tile.tile().index(),
                        r.shanten,
                        r.useful.tiles.bits(),
                        r.useful.count,
                    )
                })
                .collect();
            // Neither lists a kind the hand holds four of (it cannot be drawn). A complete
            // hand keeps its shanten (-1) with no discard.
            if s >= 0 {
                assert_eq!(keeping, rows, "discard table of {:?}", c.as_array());
            }
            checked += 1;
        }
    }
    eprintln!("agreement: {checked} hands, shanten and discard tables the same");
}

/// Median of a non-empty list.
fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Times two workloads over the same hands in alternation, `rounds` passes each (the
/// first to run alternates too), and returns the median ns per hand of each and the
/// median of the per-round ratios `a / b`. On a shared machine a burst of load hits
/// both sides of a round alike, so the ratio is steadier than two separate runs'.
pub fn paired(
    hands: &[TileCounts],
    rounds: usize,
    mut a: impl FnMut(&TileCounts) -> i64,
    mut b: impl FnMut(&TileCounts) -> i64,
) -> (f64, f64, f64) {
    let pass = |f: &mut dyn FnMut(&TileCounts) -> i64| {
        let start = std::time::Instant::now();
        std::hint::black_box(sum_over(hands, f));
        start.elapsed().as_nanos() as f64 / hands.len() as f64
    };
    let (mut ta, mut tb, mut ratio) = (Vec::new(), Vec::new(), Vec::new());
    for r in 0..rounds {
        let (x, y) = if r % 2 == 0 {
            let x = pass(&mut a);
            (x, pass(&mut b))
        } else {
            let y = pass(&mut b);
            (pass(&mut a), y)
        };
        ta.push(x);
        tb.push(y);
        ratio.push(x / y);
    }
    (median(ta), median(tb), median(ratio))
}

/// The interleaved comparisons behind the goals, as Markdown table rows: every shanten
/// group against riichienv-core, and the 14-tile discard table against the
/// xiangting-built one.
pub fn paired_report() -> Vec<String> {
    let mut out = vec![
        "| group | pairi ns/hand | baseline | baseline ns/hand | median ratio |".to_string(),
        "| --- | ---: | --- | ---: | ---: |".to_string(),
    ];
    for (name, size, melds) in GROUPS {
        let hands = deal(size, HANDS);
        let (p, r, q) = paired(
            &hands,
            5001,
            |h| i64::from(pairi_shanten(h, melds)),
            |h| i64::from(riichienv_shanten(h)),
        );
        out.push(format!(
            "| shanten/{name} | {p:.1} | riichienv-core | {r:.1} | {q:.2} |"
        ));
    }
    for (name, size, melds) in [("14", 14, 0), ("11+1meld", 11, 1)] {
        let hands = deal(size, HANDS);
        let mut rows = Vec::with_capacity(14);
        let (p, x, q) = paired(
            &hands,
            501,
            |h| work::pairi_discards(h, melds),
            |h| work::xiangting_discards_sum(h, &mut rows),
        );
        out.push(format!(
            "| discards/{name} | {p:.1} | xiangting | {x:.1} | {q:.2} |"
        ));
    }
    out
}

/// The four-player shared scoring cases that are also three-player hands (no 2m–8m, no
/// chi, no North seat; scored without error both ways), each with its rules for three
/// players: one hand under both rule sets.
pub fn sanma_score_cases() -> Vec<(pairi::api::riichi::Inputs, pairi::riichi::Rules)> {
    use pairi::riichi::rules::Players;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/riichi/score-cases.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("shared cases");
    text.lines()
        .filter_map(|l| {
            serde_json::from_str::<pairi::api::riichi::ScoreRequest>(l)
                .ok()?
                .inputs()
                .ok()
        })
        .filter_map(|i| {
            let three = i.rules.with_players(Players::Three);
            let both = pairi::riichi::score(&i.hand, &i.context, &i.rules).is_ok()
                && pairi::riichi::score(&i.hand, &i.context, &three).is_ok();
            both.then_some((i, three))
        })
        .collect()
}

/// Plays one game of `rules` on walls seeded with `seed`, every seat choosing
/// uniformly at random among its legal actions (the generator seeded with `seed` too);
/// returns the steps played. The self-play loop of the table benches.
pub fn random_game(rules: pairi::table::TableRules, seed: u64) -> u64 {
    let mut t = pairi::table::Table::new(rules, pairi::table::WallSource::Seed(seed))
        .expect("a seeded table");
    let mut rng = pairi::util::rng::Xoshiro256::new(seed);
    let mut steps = 0;
    while !t.is_over() {
        let seat = t.to_act().trailing_zeros() as u8;
        let legal = t.legal(seat);
        let a = legal[rng.below(legal.len() as u64) as usize];
        if t.step(seat, a).is_err() {
            break;
        }
        steps += 1;
    }
    steps
}
