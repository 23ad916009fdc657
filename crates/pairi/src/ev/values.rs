//! Backward induction over the graph, turn by turn from the last.

use super::graph::{Graph, NO_WIN};
use super::state::{self, Counts, KINDS};
use super::{DiscardValue, Evaluation, Problem};
use crate::tile::TileSet;

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
    pub(crate) fn step(&mut self, graph: &Graph, problem: &Problem, t: u8) {
        if t == problem.t_max {
            for (v, n) in self.draws.iter_mut().zip(&graph.draws) {
                *v = [f64::from(u8::from(n.shanten == 0)), 0.0, 0.0];
            }
        } else {
            let left = f64::from(problem.total) - f64::from(t);
            for (i, v) in self.draws.iter_mut().enumerate() {
                let x = *v;
                let mut acc = [0.0; 3];
                for e in graph.edges_of(i as u32) {
                    let d = self.discards[e.target as usize];
                    let p = if e.win == NO_WIN {
                        d
                    } else {
                        [1.0, 1.0, graph.wins[e.win as usize].max(d[2])]
                    };
                    let w = f64::from(e.weight);
                    for m in 0..3 {
                        acc[m] += w * (p[m] - x[m]);
                    }
                }
                for m in 0..3 {
                    v[m] = x[m] + acc[m] / left;
                }
                if graph.draws[i].shanten == 0 {
                    v[0] = 1.0;
                }
            }
        }
        for (j, v) in self.discards.iter_mut().enumerate() {
            let mut best = [0.0f64; 3];
            for &c in graph.children_of(j as u32) {
                let x = self.draws[c as usize];
                for m in 0..3 {
                    best[m] = best[m].max(x[m]);
                }
            }
            *v = best;
        }
    }
}

pub(crate) fn evaluate(problem: &Problem, graph: &Graph) -> Evaluation {
    let roots = &graph.candidates;
    let n = usize::from(problem.t_max) + 1;
    let mut out: Vec<[Vec<f64>; 3]> = roots
        .iter()
        .map(|_| [vec![0.0; n], vec![0.0; n], vec![0.0; n]])
        .collect();
    let mut layer = Layer::new(graph);
    for t in (problem.turn..=problem.t_max).rev() {
        layer.step(graph, problem, t);
        for (o, &(_, d)) in out.iter_mut().zip(roots) {
            let v = layer.draws[d as usize];
            for m in 0..3 {
                o[m][usize::from(t)] = v[m];
            }
        }
    }
    let merged_wall = merged(&problem.wall);
    let discards = roots
        .iter()
        .zip(out)
        .map(|(&(kind, d), [tenpai, win, score])| {
            let node = graph.draws[d as usize];
            DiscardValue {
                tile: kind.map(|k| state::pai(usize::from(k))),
                shanten: node.shanten,
                tenpai,
                win,
                score,
                useful: TileSet::from_bits(node.tiles)
                    .iter()
                    .map(|t| (t, merged_wall[t.index()]))
                    .collect(),
            }
        })
        .collect();
    Evaluation {
        shanten: problem.shanten,
        searched: graph.len(),
        discards,
    }
}

/// Copies per tile kind (a five with its red copies).
pub(crate) fn merged(c: &Counts) -> [u8; 34] {
    let mut m = [0u8; 34];
    for k in 0..KINDS {
        m[state::merged(k)] += c[k];
    }
    m
}
