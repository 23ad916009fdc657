//! `cargo xtask gen-tables [--check]`: the shanten tables of `crates/pairi/src/tables/`.
//!
//! Everything is computed here from a digit DP over one suit (independent of the
//! library's brute-force reference, which `cargo xtask verify` compares against).
//!
//! # What is generated
//!
//! A suit's *costs* are the least numbers of missing tiles for `m` sets and `p` pairs
//! inside the suit (index `2m + p`, `m` ≤ 4, `p` ≤ 1). Only 126 distinct cost vectors
//! occur for numbered suits of at most 14 tiles, 55 for honours, and 180 for any group
//! of suits of at most 14 tiles together (110 / 55 / 164 without the four-copy limit);
//! the classes number them in sorted order. The same counts appear in Cryolite's
//! Nyanten, whose class-joining scheme this follows.
//!
//! Files (little-endian):
//! - `rank_lo.bin` `[u32; 3125]`: for the base-5 number of counts 1..5 of a numbered
//!   suit, `offset | sum << 19`: how many valid count vectors come before, and the tile
//!   sum (15 when over 14).
//! - `rank_hi.bin` `[u16; 16 * 625]`: for a sum `s` of counts 1..5 and the base-5 number
//!   of counts 6..9, the rank among vectors of counts 6..9 with sum at most `14 − s`.
//!   The dense rank of a suit is `offset + rank_hi[s][hi]` (0..405 350).
//! - `numbered_class{,_classic}.bin` `[u8; 405 350]`: class of each dense rank.
//! - `honours_class{,_classic}.bin` `[u8; 78 125]`: class of each base-5 number of the 7
//!   honour counts (class 0 when over 14 tiles).
//! - `join_nn{,_classic}.bin` `[u8; N × N]`, `join_gn…` `[u8; G × N]`, `join_gh…`
//!   `[u8; G × H]`: the group class of numbered ⊗ numbered, group ⊗ numbered and
//!   group ⊗ honours (min-plus); 0 for pairs no hand of 14 tiles reaches.
//! - `numbered_state.bin` `[u16; 405 350]`, `honours_state.bin` `[u16; 78 125]` (exact
//!   count only): the *draw state* of each dense rank / honours code, numbering the
//!   distinct draw entries in sorted order.
//! - `numbered_draws.bin`, `honours_draws.bin` `[[u64; 2]; states]`: each draw state's
//!   entry: the suit's class, and for every kind and cost `2m + p` with `m` ≤ 3 whether
//!   drawing that kind lowers the cost (see `draw_entry`). These give a suit's useful
//!   draws in one lookup instead of one lookup per kind.
//! - `costs.rs`: the cost vectors of every class, as `[u8; 10]`, and the numbers of
//!   draw states.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Sentinel for "no target".
const INF: u8 = u8::MAX;

/// Whether the four-copy limit applies.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Limit {
    FourCopies,
    None,
}

/// Costs of one suit by digit DP. State: sets made, pair made, runs begun one kind back
/// (`a`) and two kinds back (`b`); at each kind choose new runs `x`, triplets `q` and a
/// pair `r`; the kind then holds `a + b + x + 3q + 2r` target tiles.
pub(crate) fn suit_dp(counts: &[u8], honours: bool, limit: Limit) -> [u8; 10] {
    let mut best = [[[[INF; 5]; 5]; 2]; 5];
    best[0][0][0][0] = 0;
    let n = counts.len();
    for (i, &c) in counts.iter().enumerate() {
        let mut next = [[[[INF; 5]; 5]; 2]; 5];
        let runs_allowed = !honours && i + 2 < n;
        for (m, by_m) in best.iter().enumerate() {
            for (p, by_p) in by_m.iter().enumerate() {
                for (a, by_a) in by_p.iter().enumerate() {
                    for (b, &cur) in by_a.iter().enumerate() {
                        if cur == INF {
                            continue;
                        }
                        let max_runs = if runs_allowed { 4 - m } else { 0 };
                        for x in 0..=max_runs {
                            for q in 0..=(4 - m - x) {
                                for r in 0..=(1 - p) {
                                    let used = a + b + x + 3 * q + 2 * r;
                                    if limit == Limit::FourCopies && used > 4 {
                                        continue;
                                    }
                                    let cost = cur + u8::try_from(used).unwrap().saturating_sub(c);
                                    let slot = &mut next[m + x + q][p + r][x][a];
                                    *slot = (*slot).min(cost);
                                }
                            }
                        }
                    }
                }
            }
        }
        best = next;
    }
    let mut out = [0u8; 10];
    for m in 0..5 {
        for p in 0..2 {
            out[m * 2 + p] = best[m][p][0][0];
        }
    }
    out
}

/// Min-plus combination of two cost vectors.
pub(crate) fn combine(a: &[u8; 10], b: &[u8; 10]) -> [u8; 10] {
    let mut out = [INF; 10];
    for m in 0..5 {
        for m1 in 0..=m {
            let m2 = m - m1;
            out[m * 2] = out[m * 2].min(a[m1 * 2] + b[m2 * 2]);
            out[m * 2 + 1] = out[m * 2 + 1]
                .min(a[m1 * 2] + b[m2 * 2 + 1])
                .min(a[m1 * 2 + 1] + b[m2 * 2]);
        }
    }
    out
}

pub(crate) fn digits(mut code: usize, len: usize) -> Vec<u8> {
    (0..len)
        .map(|_| {
            let d = u8::try_from(code % 5).unwrap();
            code /= 5;
            d
        })
        .collect()
}

fn sum(d: &[u8]) -> usize {
    d.iter().map(|&x| usize::from(x)).sum()
}

/// Numbered count vectors with at most 14 tiles, in dense-rank order, plus the two rank
/// tables.
struct Ranking {
    vectors: Vec<Vec<u8>>,
    rank_lo: Vec<u32>,
    rank_hi: Vec<u16>,
}

fn ranking() -> Ranking {
    let mut vectors = Vec::new();
    let mut rank_lo = vec![0u32; 3125];
    let mut rank_hi = vec![0u16; 16 * 625];
    for s in 0..=14 {
        let mut r = 0u16;
        for hi in 0..625 {
            if sum(&digits(hi, 4)) <= 14 - s {
                rank_hi[s * 625 + hi] = r;
                r += 1;
            }
        }
    }
    for (lo, entry) in rank_lo.iter_mut().enumerate() {
        let dl = digits(lo, 5);
        let s = sum(&dl);
        if s > 14 {
            *entry = 15 << 19;
            continue;
        }
        *entry = u32::try_from(vectors.len()).unwrap() | u32::try_from(s).unwrap() << 19;
        for hi in 0..625 {
            let dh = digits(hi, 4);
            if s + sum(&dh) <= 14 {
                let mut v = dl.clone();
                v.extend(dh);
                vectors.push(v);
            }
        }
    }
    assert_eq!(vectors.len(), 405_350);
    Ranking {
        vectors,
        rank_lo,
        rank_hi,
    }
}

/// Classes of one mode: the cost vectors in sorted order, with the least tile count
/// that reaches each.
struct Classes {
    costs: Vec<[u8; 10]>,
    min_tiles: Vec<usize>,
    index: BTreeMap<[u8; 10], usize>,
}

impl Classes {
    fn from_map(map: &BTreeMap<[u8; 10], usize>) -> Classes {
        let costs: Vec<[u8; 10]> = map.keys().copied().collect();
        let min_tiles = map.values().copied().collect();
        let index = costs.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        Classes {
            costs,
            min_tiles,
            index,
        }
    }
}

fn note(map: &mut BTreeMap<[u8; 10], usize>, v: [u8; 10], tiles: usize) {
    let e = map.entry(v).or_insert(tiles);
    *e = (*e).min(tiles);
}

struct Mode {
    suffix: &'static str,
    numbered: Classes,
    honours: Classes,
    groups: Classes,
    numbered_class: Vec<u8>,
    honours_class: Vec<u8>,
    join_nn: Vec<u8>,
    join_gn: Vec<u8>,
    join_gh: Vec<u8>,
    /// Costs of every numbered vector, by dense rank.
    numbered_by_rank: Vec<[u8; 10]>,
    /// Costs of every honours vector, by base-5 code (`None` over 14 tiles).
    honours_by_code: Vec<Option<[u8; 10]>>,
}

fn mode(r: &Ranking, limit: Limit, suffix: &'static str) -> Mode {
    let numbered_costs: Vec<[u8; 10]> =
        r.vectors.iter().map(|v| suit_dp(v, false, limit)).collect();
    let mut map = BTreeMap::new();
    for (v, c) in r.vectors.iter().zip(&numbered_costs) {
        note(&mut map, *c, sum(v));
    }
    let numbered = Classes::from_map(&map);
    let numbered_class = numbered_costs
        .iter()
        .map(|c| u8::try_from(numbered.index[c]).unwrap())
        .collect();

    let mut map = BTreeMap::new();
    let honours_costs: Vec<Option<[u8; 10]>> = (0..78_125)
        .map(|code| {
            let d = digits(code, 7);
            (sum(&d) <= 14).then(|| suit_dp(&d, true, limit))
        })
        .collect();
    for (code, c) in honours_costs.iter().enumerate() {
        if let Some(c) = c {
            note(&mut map, *c, sum(&digits(code, 7)));
        }
    }
    let honours = Classes::from_map(&map);
    let honours_class = honours_costs
        .iter()
        .map(|c| c.map_or(0, |c| u8::try_from(honours.index[&c]).unwrap()))
        .collect();

    // Groups of suits: the closure of joins under the 14-tile bound.
    let mut groups = BTreeMap::new();
    for (a, &ta) in numbered.costs.iter().zip(&numbered.min_tiles) {
        for (b, &tb) in numbered.costs.iter().zip(&numbered.min_tiles) {
            if ta + tb <= 14 {
                note(&mut groups, combine(a, b), ta + tb);
            }
        }
    }
    loop {
        let before = groups.clone();
        for (g, &tg) in &before {
            for (cl, _) in [(&numbered, 0), (&honours, 1)] {
                for (b, &tb) in cl.costs.iter().zip(&cl.min_tiles) {
                    if tg + tb <= 14 {
                        note(&mut groups, combine(g, b), tg + tb);
                    }
                }
            }
        }
        if groups == before {
            break;
        }
    }
    let groups = Classes::from_map(&groups);
    let join = |left: &Classes, right: &Classes| -> Vec<u8> {
        let mut out = Vec::with_capacity(left.costs.len() * right.costs.len());
        for (a, &ta) in left.costs.iter().zip(&left.min_tiles) {
            for (b, &tb) in right.costs.iter().zip(&right.min_tiles) {
                let v = if ta + tb <= 14 {
                    groups.index[&combine(a, b)]
                } else {
                    0
                };
                out.push(u8::try_from(v).unwrap());
            }
        }
        out
    };
    let join_nn = join(&numbered, &numbered);
    let join_gn = join(&groups, &numbered);
    let join_gh = join(&groups, &honours);
    Mode {
        suffix,
        numbered,
        honours,
        groups,
        numbered_class,
        honours_class,
        join_nn,
        join_gn,
        join_gh,
        numbered_by_rank: numbered_costs,
        honours_by_code: honours_costs,
    }
}

/// Lanes `2m + p` of a cost vector that the draw tables cover: `m` ≤ 3. A suit making
/// all four sets of a hand is left to a direct computation in the library.
const DRAW_LANES: usize = 8;

/// Bits per lane of a packed draw entry (as the library's packed cost vectors).
const DRAW_LANE_BITS: usize = 6;

/// Dense rank of a numbered vector of at most 14 tiles.
fn rank_of(r: &Ranking, v: &[u8]) -> usize {
    let code = |d: &[u8]| {
        d.iter()
            .rev()
            .fold(0usize, |acc, &x| acc * 5 + usize::from(x))
    };
    let a = r.rank_lo[code(&v[..5])];
    let offset = (a & ((1 << 19) - 1)) as usize;
    let s = (a >> 19) as usize;
    offset + usize::from(r.rank_hi[s * 625 + code(&v[5..])])
}

/// A suit's draw entry: for each kind `t` and lane `l` < [`DRAW_LANES`], whether drawing
/// `t` lowers cost `l` by one (never more). Tiles 0..6 in the first word at bit
/// `6l + t`, tiles 6.. in the second at bit `6l + t − 6`; the suit's class in bits 48..56
/// of the first word. A suit of 14 tiles, or a kind held four times, has no draws.
fn draw_entry(
    v: &[u8],
    costs: &[u8; 10],
    class: usize,
    after: impl Fn(&[u8]) -> [u8; 10],
) -> [u64; 2] {
    let mut e = [u64::try_from(class).unwrap() << 48, 0];
    if sum(v) < 14 {
        for t in 0..v.len() {
            if v[t] >= 4 {
                continue;
            }
            let mut w = v.to_vec();
            w[t] += 1;
            let next = after(&w);
            for l in 0..DRAW_LANES {
                assert!(
                    costs[l] - next[l] <= 1,
                    "a draw lowers a cost by at most one"
                );
                if next[l] < costs[l] {
                    let (word, bit) = if t < 6 { (0, t) } else { (1, t - 6) };
                    e[word] |= 1 << (DRAW_LANE_BITS * l + bit);
                }
            }
        }
    }
    e
}

/// Numbers distinct draw entries in sorted order: (state of each input, entries).
fn number_states(entries: &[[u64; 2]]) -> (Vec<u16>, Vec<[u64; 2]>) {
    let distinct: BTreeMap<[u64; 2], u16> = entries
        .iter()
        .map(|&e| (e, 0))
        .collect::<BTreeMap<_, _>>()
        .into_keys()
        .enumerate()
        .map(|(i, e)| (e, u16::try_from(i).unwrap()))
        .collect();
    let states = entries.iter().map(|e| distinct[e]).collect();
    (states, distinct.into_keys().collect())
}

/// The draw tables of the exact mode: `numbered_state.bin`, `numbered_draws.bin`,
/// `honours_state.bin`, `honours_draws.bin`, and the numbers of states.
fn draw_tables(r: &Ranking, m: &Mode) -> (Vec<(String, Vec<u8>)>, [usize; 2]) {
    let numbered: Vec<[u64; 2]> = r
        .vectors
        .iter()
        .zip(&m.numbered_by_rank)
        .map(|(v, c)| {
            draw_entry(v, c, m.numbered.index[c], |w| {
                m.numbered_by_rank[rank_of(r, w)]
            })
        })
        .collect();
    let code = |d: &[u8]| {
        d.iter()
            .rev()
            .fold(0usize, |acc, &x| acc * 5 + usize::from(x))
    };
    let honours: Vec<[u64; 2]> = m
        .honours_by_code
        .iter()
        .enumerate()
        .map(|(i, c)| match c {
            Some(c) => draw_entry(&digits(i, 7), c, m.honours.index[c], |w| {
                m.honours_by_code[code(w)].unwrap()
            }),
            None => [0, 0],
        })
        .collect();
    let (n_state, n_draws) = number_states(&numbered);
    let (h_state, h_draws) = number_states(&honours);
    let words =
        |v: &[[u64; 2]]| -> Vec<u8> { v.iter().flatten().flat_map(|x| x.to_le_bytes()).collect() };
    let sizes = [n_draws.len(), h_draws.len()];
    let files = vec![
        ("numbered_state.bin".to_string(), bytes_u16(&n_state)),
        ("numbered_draws.bin".to_string(), words(&n_draws)),
        ("honours_state.bin".to_string(), bytes_u16(&h_state)),
        ("honours_draws.bin".to_string(), words(&h_draws)),
    ];
    (files, sizes)
}

const HEADER: &str = "// DO NOT EDIT. Generated by cargo xtask gen-tables (xtask/src/tables.rs)\n";

fn costs_rs(modes: &[Mode], draw_states: [usize; 2]) -> String {
    let mut s = String::from(HEADER);
    s.push_str("//! Cost vectors of the shanten classes, and the sizes of the binary tables.\n\n");
    writeln!(
        s,
        "/// Number of distinct numbered draw entries (exact).\npub(crate) const NUMBERED_DRAW_STATES: usize = {};\n/// Number of distinct honours draw entries (exact).\npub(crate) const HONOURS_DRAW_STATES: usize = {};\n",
        draw_states[0], draw_states[1]
    )
    .unwrap();
    for m in modes {
        let up = m.suffix.to_uppercase();
        for (name, cl) in [
            ("NUMBERED", &m.numbered),
            ("HONOURS", &m.honours),
            ("GROUPS", &m.groups),
        ] {
            writeln!(
                s,
                "/// Number of {} classes{}.\npub(crate) const {name}{up}_CLASSES: usize = {};",
                name.to_lowercase(),
                if m.suffix.is_empty() {
                    ""
                } else {
                    " (classic)"
                },
                cl.costs.len()
            )
            .unwrap();
            writeln!(
                s,
                "/// Cost vectors of the {} classes{}, index `2 × sets + pairs`.\n#[rustfmt::skip]\npub(crate) static {name}{up}_COSTS: [[u8; 10]; {name}{up}_CLASSES] = [",
                name.to_lowercase(),
                if m.suffix.is_empty() { "" } else { " (classic)" },
            )
            .unwrap();
            for c in &cl.costs {
                writeln!(s, "    {c:?},").unwrap();
            }
            s.push_str("];\n\n");
        }
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}

fn bytes_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn bytes_u16(v: &[u16]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Every generated file: path relative to the tables directory, and contents.
pub(crate) fn generate() -> Vec<(String, Vec<u8>)> {
    let r = ranking();
    let modes = [
        mode(&r, Limit::FourCopies, ""),
        mode(&r, Limit::None, "_classic"),
    ];
    let (draws, draw_states) = draw_tables(&r, &modes[0]);
    let mut files = vec![
        ("rank_lo.bin".to_string(), bytes_u32(&r.rank_lo)),
        ("rank_hi.bin".to_string(), bytes_u16(&r.rank_hi)),
        (
            "costs.rs".to_string(),
            costs_rs(&modes, draw_states).into_bytes(),
        ),
    ];
    files.extend(draws);
    for m in &modes {
        let sfx = m.suffix;
        files.push((format!("numbered_class{sfx}.bin"), m.numbered_class.clone()));
        files.push((format!("honours_class{sfx}.bin"), m.honours_class.clone()));
        files.push((format!("join_nn{sfx}.bin"), m.join_nn.clone()));
        files.push((format!("join_gn{sfx}.bin"), m.join_gn.clone()));
        files.push((format!("join_gh{sfx}.bin"), m.join_gh.clone()));
    }
    files
}

pub(crate) fn tables_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("crates/pairi/src/tables")
}

/// Writes the tables, or with `check` only compares them; returns the stale files.
pub(crate) fn run(check: bool) -> std::io::Result<Vec<String>> {
    let dir = tables_dir();
    let mut stale = Vec::new();
    for (name, contents) in generate() {
        let path = dir.join(&name);
        let same = std::fs::read(&path).is_ok_and(|old| old == contents);
        if !same {
            stale.push(name);
            if !check {
                std::fs::write(&path, &contents)?;
            }
        }
    }
    Ok(stale)
}
