//! Why a discard is worth what it is: what each first draw adds to its value, the most
//! likely paths from it to a win under the policy that maximises the value, and how many
//! paths to tenpai the graph holds.
//!
//! The graph keeps every distinct hand once, so a path is a walk through shared states:
//! the number of paths grows exponentially with the turns while the states stay the
//! graph's. Paths are found best-first on their probability: a path's probability
//! summed over the turns at which its draws can happen never grows as it is extended,
//! so the first complete paths taken off the queue are the most likely ones.

use super::graph::{Graph, WON};
use super::state::{self, kind_between, RIICHI};
use super::values::History;
use super::{Maximize, Model, Problem, CHECK_NODES};
use crate::tile::{Pai, TileSet};
use crate::util::{Stop, Stopped};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Prefixes taken off the queue before the search for paths stops.
const MAX_EXPANSIONS: usize = 20_000;

/// The explanation of one candidate discard.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// The discard explained (`None` for a 13 − 3k hand).
    pub tile: Option<Pai>,
    /// The quantity explained (and the policy the paths follow).
    pub metric: Maximize,
    /// Its value at the turn asked.
    pub value: f64,
    /// Its value one turn later: what remains if the next draw changes nothing.
    pub later: f64,
    /// What each first draw adds to `later`, largest first; they sum to
    /// `value − later`.
    pub first_draws: Vec<FirstDraw>,
    /// The most likely paths to a win, most likely first.
    pub paths: Vec<Path>,
    /// Distinct paths from the candidate to a tenpai hand within the turns left, every
    /// explored discard counted (not only the policy's): the size of the "wait tree" the
    /// graph holds without expanding it.
    pub paths_to_tenpai: f64,
}

/// One kind of first draw.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstDraw {
    /// The tile drawn.
    pub draw: Pai,
    /// Its copies in the wall.
    pub copies: u8,
    /// The chance to draw it now: copies over the tiles left.
    pub probability: f64,
    /// The discard the policy makes after it (`None` on a win).
    pub discard: Option<Pai>,
    /// Points when the draw wins.
    pub win: Option<f64>,
    /// The value after the draw (at the next turn).
    pub value: f64,
    /// What the draw adds to the candidate's value.
    pub contribution: f64,
}

/// One draw and the discard that follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The tile drawn.
    pub draw: Pai,
    /// The tile discarded.
    pub discard: Pai,
}

/// A path to a win.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    /// The draws that change the hand and their discards, in order.
    pub steps: Vec<Step>,
    /// The waits of the tenpai hand reached.
    pub waits: TileSet,
    /// Riichi was declared on reaching tenpai.
    pub riichi: bool,
    /// The winning tile.
    pub win: Pai,
    /// Points of the win.
    pub points: f64,
    /// Probability of winning along exactly this path by the last turn.
    pub probability: f64,
}

/// The policy's choice at discard node `d` at turn `t`: the draw node of greatest value.
pub(crate) fn choice(graph: &Graph, history: &History, d: u32, t: usize) -> Option<u32> {
    let values = history.get(t).filter(|v| !v.is_empty())?;
    let mut best: Option<(u32, f64)> = None;
    let key = |c: u32| graph.draws[c as usize].key;
    for &c in graph.choices.row(d as usize) {
        let v = values[c as usize];
        // Equal values: the pairi policy keeps the first discard, as the values do; the
        // compat model has no policy, so take the least state, whatever order the graph
        // was built in.
        let compat = graph.model == Model::Compat;
        if best.is_none_or(|(b, bv)| v > bv || (v == bv && compat && key(c) < key(b))) {
            best = Some((c, v));
        }
    }
    best.map(|(c, _)| c)
}

/// A draw from a draw node: its target discard node, weight, win score and the kind
/// drawn; `last`: the draw takes the last tile (haitei).
pub(crate) fn draws_of(
    graph: &Graph,
    node: u32,
    last: bool,
) -> impl Iterator<Item = (u32, f64, Option<f64>, usize)> + '_ {
    let i = node as usize;
    let key = graph.draws[i].key;
    graph
        .plain
        .row(i)
        .iter()
        .map(move |&e| {
            let target = Graph::target(e);
            let kind = kind_between(graph.discards[target as usize].key, key);
            (target, f64::from(Graph::weight(e)), None, kind)
        })
        .chain(graph.wins.row(i).iter().map(move |w| {
            let weight = f64::from(w.weight);
            (w.target, weight, w.points(last), usize::from(w.kind))
        }))
}

pub(crate) fn explain(
    problem: &Problem,
    graph: &Graph,
    history: &History,
    metric: Maximize,
    paths: usize,
    stop: &Stop,
) -> Result<Vec<Explanation>, Stopped> {
    let turn = usize::from(problem.turn);
    let t_max = usize::from(problem.t_max);
    // The tiles a draw node draws from at turn t: `S − t`, or its own wall (pairi).
    let wall_at = |node: u32, t: usize| {
        graph
            .wall_sizes
            .get(node as usize)
            .copied()
            .unwrap_or(f64::from(problem.total) - t as f64)
    };
    graph
        .candidates
        .iter()
        .map(|&(kind, node)| {
            stop.check()?;
            let value = history[turn][node as usize];
            let later = if turn < t_max {
                history[turn + 1][graph.stay(node) as usize]
            } else {
                value
            };
            let mut first_draws = Vec::new();
            if turn < t_max {
                let last = problem.haitei == Some(problem.turn + 1);
                for (target, w, win, kind) in draws_of(graph, node, last) {
                    let after = if target == WON {
                        None
                    } else {
                        choice(graph, history, target, turn + 1)
                    };
                    let next = after.map_or(0.0, |c| history[turn + 1][c as usize]);
                    let (v, discard) = match win {
                        Some(score) => {
                            let v = match metric {
                                Maximize::Score => score.max(next),
                                _ => 1.0,
                            };
                            (v, None)
                        }
                        None => (
                            next,
                            after.map(|c| {
                                let d = graph.discards[target as usize];
                                state::pai(kind_between(d.key, graph.draws[c as usize].key))
                            }),
                        ),
                    };
                    first_draws.push(FirstDraw {
                        draw: state::pai(kind),
                        copies: w as u8,
                        probability: w / wall_at(node, turn),
                        discard,
                        win,
                        value: v,
                        contribution: w * (v - later) / wall_at(node, turn),
                    });
                }
                first_draws.sort_by(|a, b| b.contribution.total_cmp(&a.contribution));
            }
            Ok(Explanation {
                tile: kind.map(|k| state::pai(usize::from(k))),
                metric,
                value,
                later,
                first_draws,
                paths: best_paths(problem, graph, history, node, paths, stop)?,
                paths_to_tenpai: paths_to_tenpai(graph, node, t_max - turn, stop)?,
            })
        })
        .collect()
}

/// A path prefix on the queue: the draw node reached, the probability of arriving
/// there at each turn, and the steps taken.
struct Prefix {
    node: u32,
    arrive: Vec<f64>,
    bound: f64,
    steps: Vec<Step>,
    riichi: bool,
}

impl PartialEq for Prefix {
    fn eq(&self, other: &Self) -> bool {
        self.bound == other.bound
    }
}
impl Eq for Prefix {}
impl PartialOrd for Prefix {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Prefix {
    fn cmp(&self, other: &Self) -> Ordering {
        self.bound.total_cmp(&other.bound)
    }
}

/// The edge index of a path's move to [`Graph::stay`]: no step.
const STAY: usize = usize::MAX;

/// The `k` most likely paths from draw node `start` to a win, following the policy of
/// `history`.
fn best_paths(
    problem: &Problem,
    graph: &Graph,
    history: &History,
    start: u32,
    k: usize,
    stop: &Stop,
) -> Result<Vec<Path>, Stopped> {
    let turn = usize::from(problem.turn);
    let t_max = usize::from(problem.t_max);
    // The tiles a draw node draws from at turn t: `S − t`, or its own wall (pairi).
    let wall_at = |node: u32, t: usize| {
        graph
            .wall_sizes
            .get(node as usize)
            .copied()
            .unwrap_or(f64::from(problem.total) - t as f64)
    };
    let mut arrive = vec![0.0; t_max + 1];
    arrive[turn] = 1.0;
    let first = graph.draws[start as usize];
    let mut queue = BinaryHeap::new();
    queue.push(Prefix {
        node: start,
        arrive,
        bound: 1.0,
        steps: Vec::new(),
        riichi: first.key & RIICHI != 0,
    });
    let mut done: Vec<Path> = Vec::new();
    let mut expansions = 0;
    while let Some(p) = queue.pop() {
        if k == 0 || expansions >= MAX_EXPANSIONS {
            break;
        }
        if done.len() >= k && p.bound <= done[k - 1].probability {
            break;
        }
        // An expansion is a tenth of a millisecond or more: each checks.
        stop.check()?;
        expansions += 1;
        let node = graph.draws[p.node as usize];
        // The draws, and the same draws taking the last tile (haitei): some more win.
        let edges: Vec<(u32, f64, Option<f64>, usize)> = draws_of(graph, p.node, false).collect();
        let last_edges: Vec<_> = draws_of(graph, p.node, true).collect();
        // Where each draw leads at each turn: the next node (or a win), and whether
        // the hand changes.
        let mut occupied = 0.0;
        // (edge index, next node) → arrival probabilities by turn; the edge index is
        // `STAY` for the draws without an edge when they leave the node.
        let mut next: Vec<((usize, u32), Vec<f64>)> = Vec::new();
        let stay = graph.stay(p.node);
        // The probability of each draw winning, at other draws and at the last tile.
        let mut wins = [vec![0.0; edges.len()], vec![0.0; edges.len()]];
        let mut arrive =
            |key: (usize, u32), t: usize, prob: f64| match next.iter_mut().find(|(k, _)| *k == key)
            {
                Some((_, v)) => v[t] += prob,
                None => {
                    let mut v = vec![0.0; t_max + 1];
                    v[t] = prob;
                    next.push((key, v));
                }
            };
        for t in turn..t_max {
            occupied += p.arrive[t];
            if occupied == 0.0 {
                continue;
            }
            let last = problem.haitei == Some(t as u8 + 1);
            let mut leave = 0.0;
            let here = if last { &last_edges } else { &edges };
            for (i, &(target, w, win, _)) in here.iter().enumerate() {
                let prob = occupied * w / wall_at(p.node, t);
                if win.is_some() {
                    wins[usize::from(last)][i] += prob;
                    leave += prob;
                    continue;
                }
                let Some(c) = choice(graph, history, target, t + 1) else {
                    continue;
                };
                if c == p.node {
                    continue;
                }
                leave += prob;
                arrive((i, c), t + 1, prob);
            }
            occupied -= leave;
            if stay != p.node && occupied > 0.0 {
                arrive((STAY, stay), t + 1, occupied);
                occupied = 0.0;
            }
        }
        for (list, wins) in [&edges, &last_edges].into_iter().zip(&wins) {
            for (i, &(_, _, win, kind)) in list.iter().enumerate() {
                if let Some(points) = win.filter(|_| wins[i] > 0.0) {
                    done.push(Path {
                        steps: p.steps.clone(),
                        waits: TileSet::from_bits(node.tiles),
                        riichi: p.riichi,
                        win: state::pai(kind),
                        points,
                        probability: wins[i],
                    });
                }
            }
        }
        done.sort_by(|a, b| b.probability.total_cmp(&a.probability));
        done.truncate(k);
        for ((i, c), arrive) in next {
            let child = graph.draws[c as usize];
            let mut steps = p.steps.clone();
            if let Some(&(target, ..)) = edges.get(i) {
                let d = graph.discards[target as usize];
                steps.push(Step {
                    draw: state::pai(edges[i].3),
                    discard: state::pai(kind_between(d.key, child.key)),
                });
            }
            let bound = arrive.iter().sum();
            queue.push(Prefix {
                node: c,
                arrive,
                bound,
                steps,
                riichi: child.key & RIICHI != 0,
            });
        }
    }
    // The prefixes left are many small vectors: freed a part at a time between checks.
    let mut left = queue.into_vec();
    while !left.is_empty() {
        stop.check()?;
        left.truncate(left.len().saturating_sub(CHECK_NODES));
    }
    Ok(done)
}

/// Distinct paths from draw node `start` to a tenpai draw node in at most `steps`
/// hand-changing draws, over every choice the graph explores.
fn paths_to_tenpai(graph: &Graph, start: u32, steps: usize, stop: &Stop) -> Result<f64, Stopped> {
    let n = graph.draws.len();
    // count[i]: paths from draw node i within s steps; through[j]: their sum over the
    // choices of discard node j.
    let mut count: Vec<f64> = graph
        .draws
        .iter()
        .map(|d| f64::from(u8::from(d.shanten == 0)))
        .collect();
    if graph.draws[start as usize].shanten == 0 {
        return Ok(1.0);
    }
    let mut through = vec![0.0; graph.discards.len()];
    for _ in 0..steps {
        for (j, t) in through.iter_mut().enumerate() {
            if j % CHECK_NODES == 0 {
                stop.check()?;
            }
            *t = graph
                .choices
                .row(j)
                .iter()
                .map(|&c| count[c as usize])
                .sum();
        }
        let mut next = vec![0.0; n];
        for (i, v) in next.iter_mut().enumerate() {
            if i % CHECK_NODES == 0 {
                stop.check()?;
            }
            if graph.draws[i].shanten == 0 {
                *v = 1.0;
                continue;
            }
            // Every choice after a draw but the one that returns here.
            *v = draws_of(graph, i as u32, false)
                .filter(|e| e.2.is_none())
                .map(|(target, ..)| through[target as usize] - count[i])
                .sum();
        }
        count = next;
    }
    Ok(count[start as usize])
}
