//! Backward induction over the graph, turn by turn from the last.

use super::graph::{Graph, WON};
use super::state;
use super::{Declare, DiscardValue, Evaluation, Line, Model, Problem, CHECK_NODES};
use crate::tile::TileSet;
use crate::util::{Stop, Stopped};

/// Tenpai probability, win probability, expected score.
pub(crate) type Triple = [f64; 3];

/// Values of every node at one turn, updated in place as the turn goes down.
pub(crate) struct Layer {
    pub(crate) draws: Vec<Triple>,
    pub(crate) discards: Vec<Triple>,
}

impl Layer {
    pub(crate) fn new(graph: &Graph) -> Layer {
        Layer {
            draws: vec![[0.0; 3]; graph.draws.len()],
            discards: vec![[0.0; 3]; graph.discards.len()],
        }
    }

    /// Moves the layer from turn `t + 1` to turn `t` (or sets the last turn).
    ///
    /// A draw node's value at `t` is its value at `t + 1` moved, for each draw, by the
    /// draw's weight times the difference to what the draw leads to, over the `S − t`
    /// tiles of the wall: `x + Σ w (p − x) / (S − t)`, computed as
    /// `x + (Σ w p − x Σ w) / (S − t)`. A winning draw leads to a sure tenpai and win
    /// and the better of its score and going on.
    ///
    /// # Errors
    ///
    /// [`Stopped`] when `stop` is set (checked every [`CHECK_NODES`] nodes).
    pub(crate) fn step(
        &mut self,
        graph: &Graph,
        problem: &Problem,
        t: u8,
        read: &Read,
        stop: &Stop,
    ) -> Result<(), Stopped> {
        // Only the nodes read at this turn or later are valued: the others keep their
        // value of the next turn, which nothing reads.
        let k = t - problem.turn;
        let (draw_from, discard_from) = (&read.draws, &read.discards);
        if t == problem.t_max {
            for (v, n) in self.draws.iter_mut().zip(&graph.draws) {
                *v = [f64::from(u8::from(n.shanten == 0)), 0.0, 0.0];
            }
        } else {
            let left = f64::from(problem.total) - f64::from(t);
            let wall = |i: usize| graph.wall_sizes.get(i).copied().unwrap_or(left);
            // The next draw takes the last tile: haitei.
            let last = problem.haitei == Some(t + 1);
            let discards = &self.discards;
            // A node that a draw without an edge leaves for another reads that node's
            // value at `t + 1`: kept before the pass overwrites it.
            let stays: Vec<Triple> = graph
                .stays
                .iter()
                .map(|&(_, other)| self.draws[other as usize])
                .collect();
            for_each(&mut self.draws, stop, |i, v| {
                if draw_from[i] <= k {
                    *v = draw_value(graph, discards, (wall(i), last), i, *v);
                }
            })?;
            for (&(node, _), &stay) in graph.stays.iter().zip(&stays) {
                let i = node as usize;
                if draw_from[i] <= k {
                    self.draws[i] = draw_value(graph, discards, (wall(i), last), i, stay);
                }
            }
        }
        let draws = &self.draws;
        match graph.model {
            // Each quantity maximised on its own.
            Model::Compat => for_each(&mut self.discards, stop, |j, v| {
                if discard_from[j] > k {
                    return;
                }
                let mut best = [0.0f64; 3];
                for &c in graph.choices.row(j) {
                    let x = draws[c as usize];
                    // Values are never NaN: a plain comparison is the maximum.
                    for m in 0..3 {
                        if x[m] > best[m] {
                            best[m] = x[m];
                        }
                    }
                }
                *v = best;
            })?,
            // One policy: the discard best for the quantity asked, all three values
            // its own.
            Model::Pairi => {
                let m = problem.options.maximize.index();
                for_each(&mut self.discards, stop, |j, v| {
                    if discard_from[j] > k {
                        return;
                    }
                    *v = best_choice(graph.choices.row(j), draws, m)
                        .map_or([0.0; 3], |c| draws[c as usize]);
                })?;
            }
        }
        Ok(())
    }
}

/// Per node, the first turn (counted from [`Problem::turn`]) at which its value is read:
/// a candidate's at once, a draw's target's one turn after its draw node's, a discard
/// node's choices' when the node's. A node `k` draws from every candidate is not read
/// before turn `k`, so the turns before skip it (`u8::MAX`: never read).
pub(crate) struct Read {
    draws: Vec<u8>,
    discards: Vec<u8>,
}

impl Read {
    /// Every node read from the first turn.
    fn all(graph: &Graph) -> Read {
        Read {
            draws: vec![0; graph.draws.len()],
            discards: vec![0; graph.discards.len()],
        }
    }

    /// Breadth first from the candidates, a draw adding a turn and a discard none.
    fn of(graph: &Graph, problem: &Problem) -> Read {
        let mut read = Read {
            draws: vec![u8::MAX; graph.draws.len()],
            discards: vec![u8::MAX; graph.discards.len()],
        };
        let turns = problem.t_max - problem.turn;
        let mut now: Vec<u32> = Vec::new();
        for &(_, d) in &graph.candidates {
            if read.draws[d as usize] != 0 {
                read.draws[d as usize] = 0;
                now.push(d);
            }
        }
        let mut next: Vec<u32> = Vec::new();
        let mut k = 0u8;
        // The draw nodes read at turn `k`: the discard nodes their draws lead to, and
        // those nodes' choices, are read a turn later (the last turn reads no further).
        while !now.is_empty() && k < turns {
            for &d in &now {
                let mut target = |j: u32| {
                    let j = j as usize;
                    if read.discards[j] == u8::MAX {
                        read.discards[j] = k + 1;
                        for &c in graph.choices.row(j) {
                            if read.draws[c as usize] == u8::MAX {
                                read.draws[c as usize] = k + 1;
                                next.push(c);
                            }
                        }
                    }
                };
                for &e in graph.plain.row(d as usize) {
                    target(Graph::target(e));
                }
                for e in graph.wins.row(d as usize) {
                    if e.target != WON {
                        target(e.target);
                    }
                }
                let stay = graph.stay(d);
                if read.draws[stay as usize] == u8::MAX {
                    read.draws[stay as usize] = k + 1;
                    next.push(stay);
                }
            }
            std::mem::swap(&mut now, &mut next);
            next.clear();
            k += 1;
        }
        read
    }
}

/// The choice of greatest value `m` (the first of equals).
pub(crate) fn best_choice(choices: &[u32], draws: &[Triple], m: usize) -> Option<u32> {
    let mut best: Option<(u32, f64)> = None;
    for &c in choices {
        let v = draws[c as usize][m];
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((c, v));
        }
    }
    best.map(|(c, _)| c)
}

/// The value of draw node `i` with `wall` tiles to draw from (`last`: the draw is the
/// last tile), from the discard nodes' values at the next turn and `x`, the value at the
/// next turn of where a draw without an edge leaves it (itself, or [`Graph::stay`]).
fn draw_value(
    graph: &Graph,
    discards: &[Triple],
    (wall, last): (f64, bool),
    i: usize,
    x: Triple,
) -> Triple {
    let mut v = [0.0; 3];
    let mut acc = [0.0; 3];
    for &e in graph.plain.row(i) {
        let d = discards[Graph::target(e) as usize];
        let w = f64::from(Graph::weight(e));
        acc[0] += w * d[0];
        acc[1] += w * d[1];
        acc[2] += w * d[2];
    }
    for e in graph.wins.row(i) {
        let weight = f64::from(e.weight);
        let Some(points) = e.points(last) else {
            // A complete hand without a yaku, before the last tile: a move.
            let d = discards[e.target as usize];
            for m in 0..3 {
                acc[m] += weight * d[m];
            }
            continue;
        };
        // A win is sure tenpai and a sure win; the reference may decline it for the
        // expected score when going on is worth more.
        let score = if e.target == WON || last {
            points
        } else {
            points.max(discards[e.target as usize][2])
        };
        acc[0] += weight;
        acc[1] += weight;
        acc[2] += weight * score;
    }
    let w = graph.weights[i];
    for m in 0..3 {
        v[m] = x[m] + (acc[m] - w * x[m]) / wall;
    }
    if graph.tenpai[i] {
        v[0] = 1.0;
    }
    v
}

/// Below this many nodes a turn is computed on one thread.
#[cfg(feature = "parallel")]
const PARALLEL_FROM: usize = 16_384;

/// Runs `f(index, value)` on every value, spread over the cores for large graphs,
/// checking `stop` every [`CHECK_NODES`] values.
fn for_each(
    values: &mut [Triple],
    stop: &Stop,
    f: impl Fn(usize, &mut Triple) + Sync,
) -> Result<(), Stopped> {
    let g = |(i, v): (usize, &mut Triple)| {
        if i % CHECK_NODES == 0 {
            stop.check()?;
        }
        f(i, v);
        Ok(())
    };
    #[cfg(feature = "parallel")]
    if values.len() >= PARALLEL_FROM {
        use rayon::prelude::*;
        return values
            .par_iter_mut()
            .with_min_len(CHECK_NODES)
            .enumerate()
            .try_for_each(g);
    }
    values.iter_mut().enumerate().try_for_each(g)
}

/// Draw nodes' values of one metric at every turn: `[t][node]` (empty before the
/// first turn valued).
pub(crate) type History = Vec<Vec<f64>>;

pub(crate) fn evaluate(
    problem: &Problem,
    graph: &Graph,
    keep: Option<usize>,
    stop: &Stop,
) -> Result<(Evaluation, History), Stopped> {
    let roots = &graph.candidates;
    let n = usize::from(problem.t_max) + 1;
    let mut out: Vec<[Vec<f64>; 3]> = roots
        .iter()
        .map(|_| [vec![0.0; n], vec![0.0; n], vec![0.0; n]])
        .collect();
    let mut history: History = vec![Vec::new(); n];
    let mut layer = Layer::new(graph);
    // The explanation and the simulation read the history along their own paths:
    // every node valued at every turn.
    let read = match keep {
        Some(_) => Read::all(graph),
        None => Read::of(graph, problem),
    };
    for t in (problem.turn..=problem.t_max).rev() {
        layer.step(graph, problem, t, &read, stop)?;
        for (o, &(_, d)) in out.iter_mut().zip(roots) {
            let v = layer.draws[d as usize];
            for m in 0..3 {
                o[m][usize::from(t)] = v[m];
            }
        }
        if let Some(m) = keep {
            history[usize::from(t)] = layer.draws.iter().map(|v| v[m]).collect();
        }
    }
    let merged_wall = state::merge(&problem.wall);
    let turn = usize::from(problem.turn);
    let metric = problem.options.maximize.index();
    let mut discards: Vec<DiscardValue> = Vec::new();
    for (i, (&(kind, d), [tenpai, win, score])) in roots.iter().zip(out).enumerate() {
        let node = graph.draws[d as usize];
        let riichi = node.key & state::RIICHI != 0;
        // Under the pairi model a discard into closed tenpai is listed twice, riichi
        // then dama: the policy takes the better, turn by turn.
        if i > 0 && roots[i - 1].0 == kind && kind.is_some() {
            let prev = discards.last_mut().expect("the riichi entry came first");
            let riichi = Line {
                tenpai: prev.tenpai.clone(),
                win: prev.win.clone(),
                score: prev.score.clone(),
            };
            let mut chose_dama_now = false;
            for t in turn..n {
                let dama = [tenpai[t], win[t], score[t]];
                let here = [prev.tenpai[t], prev.win[t], prev.score[t]];
                if dama[metric] > here[metric] {
                    prev.tenpai[t] = dama[0];
                    prev.win[t] = dama[1];
                    prev.score[t] = dama[2];
                    chose_dama_now |= t == turn;
                }
            }
            if chose_dama_now {
                prev.riichi = false;
            }
            prev.declare = Some(Declare {
                riichi,
                dama: Line { tenpai, win, score },
            });
            continue;
        }
        discards.push(DiscardValue {
            tile: kind.map(|k| state::pai(usize::from(k))),
            shanten: node.shanten,
            tenpai,
            win,
            score,
            useful: TileSet::from_bits(node.tiles)
                .iter()
                .map(|t| (t, merged_wall.get(t)))
                .collect(),
            riichi,
            declare: None,
        });
    }
    let values = super::graph::bytes_of(&layer.draws)
        + super::graph::bytes_of(&layer.discards)
        + super::graph::bytes_of(&read.draws)
        + super::graph::bytes_of(&read.discards)
        + history.iter().map(super::graph::bytes_of).sum::<usize>();
    let ev = Evaluation {
        shanten: problem.shanten,
        searched: graph.len(),
        memory_bytes: graph.built_bytes.max(graph.bytes() + values),
        discards,
    };
    Ok((ev, history))
}
