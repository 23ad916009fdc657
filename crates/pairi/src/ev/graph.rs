//! The state graph of the search: every distinct hand state once, draw nodes with their
//! weighted draws, discard nodes with their candidate discards.

use super::score::WinScorer;
use super::state::{self, Counts, KINDS, RIICHI};
use super::{EvError, Problem};
use crate::shanten;
use rustc_hash::FxHashMap;

/// No win on this edge.
pub(crate) const NO_WIN: u32 = u32::MAX;

/// A hand state.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// The packed counts, with [`RIICHI`] when riichi is declared.
    pub(crate) key: u128,
    /// Shanten (−1: complete).
    pub(crate) shanten: i8,
    /// Draw node: the kinds whose draw lowers the shanten. Discard node: the kinds whose
    /// discard keeps it. Merged kinds (bit `i` for tile index `i`).
    pub(crate) tiles: u64,
}

impl Node {
    pub(crate) const fn riichi(&self) -> bool {
        self.key & RIICHI != 0
    }
}

/// A draw of one kind from a draw node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    /// The discard node reached.
    pub(crate) target: u32,
    /// The kind drawn.
    pub(crate) kind: u8,
    /// Copies of it in the wall of the draw node.
    pub(crate) weight: u8,
    /// Index of the win's score in [`Graph::wins`], or [`NO_WIN`].
    pub(crate) win: u32,
}

/// Where the search starts.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Root {
    /// A 13 − 3k hand: this draw node, as dama.
    Draw(u32),
    /// A 14 − 3k hand: this discard node.
    Discard(u32),
}

/// The whole graph, edges in compressed rows.
pub(crate) struct Graph {
    pub(crate) draws: Vec<Node>,
    pub(crate) discards: Vec<Node>,
    /// Edges of draw node `i`: `edges[edge_start[i]..edge_start[i + 1]]`.
    pub(crate) edge_start: Vec<u32>,
    pub(crate) edges: Vec<Edge>,
    /// Scores of the wins, by [`Edge::win`].
    pub(crate) wins: Vec<f64>,
    /// Candidates of discard node `j`: `children[child_start[j]..child_start[j + 1]]`,
    /// the draw nodes with a draw into it.
    pub(crate) child_start: Vec<u32>,
    pub(crate) children: Vec<u32>,
    /// What the root's values are read from: (kind discarded, draw node), in kind
    /// order; one entry with no kind for a 13 − 3k hand.
    pub(crate) candidates: Vec<(Option<u8>, u32)>,
}

struct Builder<'a> {
    problem: &'a Problem,
    scorer: &'a WinScorer,
    /// Initial wall plus initial hand: the wall of state `H` is `pool − H`.
    pool: Counts,
    ids: FxHashMap<u128, u32>,
    draws: Vec<Node>,
    discards: Vec<Node>,
    draw_edges: Vec<Vec<Edge>>,
    wins: Vec<f64>,
    /// Nodes created but not expanded: (is a draw node, index).
    pending: Vec<(bool, u32)>,
}

impl Builder<'_> {
    /// Tiles held that were not in the initial hand.
    fn distance(&self, c: &Counts) -> i32 {
        c.iter()
            .zip(&self.problem.hand)
            .map(|(&n, &h)| i32::from(n.saturating_sub(h)))
            .sum()
    }

    /// Whether moves that do not approach a win may be explored from this state.
    fn inside(&self, c: &Counts, shanten: i8) -> bool {
        self.distance(c) + i32::from(shanten)
            < i32::from(self.problem.shanten) + i32::from(self.problem.options.search_radius)
    }

    fn draw_node(&mut self, key: u128) -> Result<u32, EvError> {
        if let Some(&id) = self.ids.get(&key) {
            return Ok(id);
        }
        let c = state::unpack(key);
        let (shanten, useful) = shanten::useful(&state::merge(&c), self.problem.melds)?;
        let id = self.draws.len() as u32;
        self.draws.push(Node {
            key,
            shanten,
            tiles: useful.tiles.bits(),
        });
        self.draw_edges.push(Vec::new());
        self.ids.insert(key, id);
        self.pending.push((true, id));
        Ok(id)
    }

    fn discard_node(&mut self, key: u128) -> Result<u32, EvError> {
        if let Some(&id) = self.ids.get(&key) {
            return Ok(id);
        }
        let c = state::unpack(key);
        let d = shanten::discards(&state::merge(&c), self.problem.melds)?;
        let keep = d
            .rows()
            .iter()
            .filter(|r| r.shanten == d.shanten)
            .fold(0u64, |acc, r| acc | 1 << r.tile.tile().index());
        let id = self.discards.len() as u32;
        self.discards.push(Node {
            key,
            shanten: d.shanten,
            tiles: keep,
        });
        self.ids.insert(key, id);
        self.pending.push((false, id));
        Ok(id)
    }

    fn win(&mut self, c: &Counts, kind: usize, riichi: bool) -> Result<u32, EvError> {
        let score = self.scorer.tsumo(c, kind, riichi)?;
        if score > 0.0 {
            self.wins.push(score);
            Ok(self.wins.len() as u32 - 1)
        } else {
            Ok(NO_WIN)
        }
    }

    fn expand_draw(&mut self, id: u32) -> Result<(), EvError> {
        let node = self.draws[id as usize];
        let riichi = node.key & RIICHI;
        let c = state::unpack(node.key);
        let opts = &self.problem.options;
        let changes = opts.hand_changes && riichi == 0 && self.inside(&c, node.shanten);
        for k in 0..KINDS {
            let left = self.pool[k].saturating_sub(c[k]);
            if left == 0 {
                continue;
            }
            let useful = node.tiles >> state::merged(k) & 1 != 0;
            if !(useful || changes) {
                continue;
            }
            let target = self.discard_node(node.key + state::unit(k))?;
            let win = if node.shanten == 0 && useful {
                let mut after = c;
                after[k] += 1;
                self.win(&after, k, riichi != 0)?
            } else {
                NO_WIN
            };
            self.draw_edges[id as usize].push(Edge {
                target,
                kind: k as u8,
                weight: left,
                win,
            });
        }
        Ok(())
    }

    fn expand_discard(&mut self, id: u32) -> Result<(), EvError> {
        let node = self.discards[id as usize];
        let riichi = node.key & RIICHI;
        let c = state::unpack(node.key);
        let opts = &self.problem.options;
        let back = opts.shanten_back && riichi == 0 && self.inside(&c, node.shanten);
        for k in 0..KINDS {
            if c[k] == 0 {
                continue;
            }
            let keeps = node.tiles >> state::merged(k) & 1 != 0;
            if !(keeps || back) {
                continue;
            }
            // Riichi is declared on every closed tenpai reached by a discard.
            let declare = self.problem.closed && node.shanten == 0 && keeps;
            let key = (node.key - state::unit(k)) | if declare { RIICHI } else { 0 };
            let child = self.draw_node(key)?;
            // Drawing the discarded kind again returns to this node.
            let win = if node.shanten == -1 {
                self.win(&c, k, riichi != 0)?
            } else {
                NO_WIN
            };
            self.draw_edges[child as usize].push(Edge {
                target: id,
                kind: k as u8,
                weight: self.pool[k] - (c[k] - 1),
                win,
            });
        }
        Ok(())
    }
}

impl Graph {
    pub(crate) fn build(
        problem: &Problem,
        scorer: &WinScorer,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Graph, EvError> {
        let mut pool = problem.wall;
        for (p, h) in pool.iter_mut().zip(problem.hand) {
            *p += h;
        }
        let mut b = Builder {
            problem,
            scorer,
            pool,
            ids: FxHashMap::default(),
            draws: Vec::new(),
            discards: Vec::new(),
            draw_edges: Vec::new(),
            wins: Vec::new(),
            pending: Vec::new(),
        };
        let key = state::pack(&problem.hand);
        let tiles: u32 = problem.hand.iter().map(|&n| u32::from(n)).sum();
        let root = if tiles as usize + 3 * problem.melds == 13 {
            Root::Draw(b.draw_node(key)?)
        } else {
            Root::Discard(b.discard_node(key)?)
        };
        let mut done = 0usize;
        while let Some((draw, id)) = b.pending.pop() {
            if draw {
                b.expand_draw(id)?;
            } else {
                b.expand_discard(id)?;
            }
            done += 1;
            if done % 65_536 == 0 {
                progress(b.draws.len() + b.discards.len());
            }
        }
        // Compressed rows; one edge per (draw node, target), the first one made.
        let mut edge_start = Vec::with_capacity(b.draws.len() + 1);
        let mut edges = Vec::new();
        for mut list in b.draw_edges {
            edge_start.push(edges.len() as u32);
            list.sort_by_key(|e| e.target);
            list.dedup_by_key(|e| e.target);
            edges.extend(list);
        }
        edge_start.push(edges.len() as u32);
        // A discard node chooses among every draw node with a draw into it: the hand
        // less one tile, whichever path made that node.
        let mut child_start = vec![0u32; b.discards.len() + 1];
        for e in &edges {
            child_start[e.target as usize + 1] += 1;
        }
        for j in 0..b.discards.len() {
            child_start[j + 1] += child_start[j];
        }
        let mut fill = child_start.clone();
        let mut children = vec![0u32; edges.len()];
        for i in 0..b.draws.len() {
            for e in &edges[edge_start[i] as usize..edge_start[i + 1] as usize] {
                let slot = &mut fill[e.target as usize];
                children[*slot as usize] = i as u32;
                *slot += 1;
            }
        }
        // The candidates of the root: each discard whose draw node exists.
        let candidates = match root {
            Root::Draw(d) => vec![(None, d)],
            Root::Discard(j) => {
                let node = b.discards[j as usize];
                let hand = state::unpack(node.key);
                (0..KINDS)
                    .filter(|&k| hand[k] > 0)
                    .filter_map(|k| {
                        let keeps = node.tiles >> state::merged(k) & 1 != 0;
                        let declare = problem.closed && node.shanten == 0 && keeps;
                        let key = (node.key - state::unit(k)) | if declare { RIICHI } else { 0 };
                        b.ids.get(&key).map(|&d| (Some(k as u8), d))
                    })
                    .collect()
            }
        };
        Ok(Graph {
            draws: b.draws,
            discards: b.discards,
            edge_start,
            edges,
            wins: b.wins,
            child_start,
            children,
            candidates,
        })
    }

    pub(crate) fn edges_of(&self, draw: u32) -> &[Edge] {
        let i = draw as usize;
        &self.edges[self.edge_start[i] as usize..self.edge_start[i + 1] as usize]
    }

    pub(crate) fn children_of(&self, discard: u32) -> &[u32] {
        let j = discard as usize;
        &self.children[self.child_start[j] as usize..self.child_start[j + 1] as usize]
    }

    /// Nodes of both kinds.
    pub(crate) fn len(&self) -> usize {
        self.draws.len() + self.discards.len()
    }
}
