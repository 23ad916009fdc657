//! A Monte Carlo player for [`Model::Pairi`]: it plays the computed policy against
//! draws sampled from the model's wall, game after game, and counts how often it
//! reaches tenpai and wins and what it scores. Its averages must agree with the exact
//! values within their standard errors: a check of the backward induction (and of the
//! policy read from it) by a computation that shares nothing with it but the graph.

use super::explain::{choice, draws_of};
use super::graph::Graph;
use super::state::{self, Counts, RIICHI};
use super::values::History;
use super::{Model, Problem};
use crate::tile::Pai;
use crate::util::rng::Xoshiro256;

/// A mean and its standard error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The sample mean.
    pub mean: f64,
    /// Its standard error (sample standard deviation over √games).
    pub std_error: f64,
}

impl Estimate {
    fn of(sum: f64, squares: f64, games: u64) -> Estimate {
        let n = games as f64;
        let mean = sum / n;
        let var = (squares / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
        Estimate {
            mean,
            std_error: (var / n).sqrt(),
        }
    }

    /// How many standard errors `exact` lies from the mean (0 when both agree exactly).
    #[must_use]
    pub fn z(&self, exact: f64) -> f64 {
        let d = exact - self.mean;
        if d == 0.0 {
            0.0
        } else if self.std_error == 0.0 {
            f64::INFINITY
        } else {
            d / self.std_error
        }
    }
}

/// Simulated values of one candidate at the turn asked.
#[derive(Clone, Debug, PartialEq)]
pub struct Simulated {
    /// The discard (`None` for a 13 − 3k hand).
    pub tile: Option<Pai>,
    /// Riichi declared with it (the policy's choice).
    pub riichi: bool,
    /// Reached tenpai by the last turn.
    pub tenpai: Estimate,
    /// Won by the last turn.
    pub win: Estimate,
    /// Points won.
    pub score: Estimate,
}

pub(crate) fn simulate(
    problem: &Problem,
    graph: &Graph,
    history: &History,
    games: u64,
    seed: u64,
) -> Vec<Simulated> {
    debug_assert_eq!(graph.model, Model::Pairi);
    let turn = usize::from(problem.turn);
    let mut out: Vec<Simulated> = Vec::new();
    let mut i = 0;
    while i < graph.candidates.len() {
        let (kind, mut start) = graph.candidates[i];
        // Riichi and dama entries of one discard: the policy takes the better now.
        if let Some(&(k2, dama)) = graph.candidates.get(i + 1) {
            if k2 == kind && kind.is_some() {
                if history[turn][dama as usize] > history[turn][start as usize] {
                    start = dama;
                }
                i += 1;
            }
        }
        i += 1;
        let mut rng = Xoshiro256::for_block(seed, out.len() as u64);
        let (mut tenpai, mut win, mut score, mut squares) = (0.0, 0.0, 0.0, 0.0);
        for _ in 0..games {
            let (t, w, s) = play(problem, graph, history, start, &mut rng);
            tenpai += t;
            win += w;
            score += s;
            squares += s * s;
        }
        out.push(Simulated {
            tile: kind.map(|k| state::pai(usize::from(k))),
            riichi: graph.draws[start as usize].key & RIICHI != 0,
            tenpai: Estimate::of(tenpai, tenpai, games),
            win: Estimate::of(win, win, games),
            score: Estimate::of(score, squares, games),
        });
    }
    out
}

/// One game from draw node `node` at the turn asked: (tenpai reached, won, points).
fn play(
    problem: &Problem,
    graph: &Graph,
    history: &History,
    mut node: u32,
    rng: &mut Xoshiro256,
) -> (f64, f64, f64) {
    let mut tenpai = false;
    for t in usize::from(problem.turn)..usize::from(problem.t_max) {
        let here = graph.draws[node as usize];
        tenpai |= here.shanten == 0;
        // The wall of the state: every copy not drawn and held.
        let held = state::unpack(here.key);
        let wall: Counts = core::array::from_fn(|k| problem.left(&held, k));
        let total: u64 = wall.iter().map(|&n| u64::from(n)).sum();
        let mut pick = rng.below(total);
        let mut drawn = 0;
        for (k, &n) in wall.iter().enumerate() {
            if pick < u64::from(n) {
                drawn = k;
                break;
            }
            pick -= u64::from(n);
        }
        // The model's draw of that kind: a win, a move, or (none) a tile that goes
        // straight back to the river.
        let last = problem.haitei == Some(t as u8 + 1);
        match draws_of(graph, node, last).find(|e| e.3 == drawn) {
            Some((_, _, Some(points), _)) => return (1.0, 1.0, points),
            Some((d, _, None, _)) => match choice(graph, history, d, t + 1) {
                Some(c) => node = c,
                // No discard to make (cannot happen in a graph the builder made).
                None => return (f64::from(u8::from(tenpai)), 0.0, 0.0),
            },
            None => node = graph.stay(node),
        }
    }
    tenpai |= graph.draws[node as usize].shanten == 0;
    (f64::from(u8::from(tenpai)), 0.0, 0.0)
}
