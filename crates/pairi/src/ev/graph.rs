//! The state graph of the search: every distinct hand state once, draw nodes with their
//! weighted draws, discard nodes with the draw nodes they choose among.

use super::score::WinScorer;
use super::state::{self, Counts, KINDS, RIICHI};
use super::{EvError, Model, Problem};
use crate::shanten;
use rustc_hash::FxHashMap;

/// The target of a win under [`Model::Pairi`]: the hand ends, no node.
pub(crate) const WON: u32 = u32::MAX;
/// Discard nodes are numbered in 24 bits inside a plain edge.
pub(crate) const MAX_DISCARD_NODES: usize = 1 << 24;

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

/// A draw that completes the hand with a yaku.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WinEdge {
    /// The (complete) discard node reached.
    pub(crate) target: u32,
    /// Copies of the tile in the wall.
    pub(crate) weight: f64,
    /// Points received.
    pub(crate) score: f64,
    /// The winning kind.
    pub(crate) kind: u8,
}

/// Where the search starts.
#[derive(Clone, Copy, Debug)]
enum Root {
    /// A 13 − 3k hand: this draw node, as dama.
    Draw(u32),
    /// A 14 − 3k hand: this discard node.
    Discard(u32),
}

/// Compressed rows: the items of row `i` are `items[start[i]..start[i + 1]]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Rows<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T> Rows<T> {
    fn new() -> Rows<T> {
        Rows {
            start: vec![0],
            items: Vec::new(),
        }
    }

    fn close_row(&mut self) {
        self.start.push(self.items.len() as u32);
    }

    pub(crate) fn row(&self, i: usize) -> &[T] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }

    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }
}

/// The whole graph.
pub(crate) struct Graph {
    pub(crate) draws: Vec<Node>,
    pub(crate) discards: Vec<Node>,
    /// Per draw node, the draws that do not win: `target << 8 | weight`.
    pub(crate) plain: Rows<u32>,
    /// Per draw node, the draws that win.
    pub(crate) wins: Rows<WinEdge>,
    /// Per draw node, the weight of all its draws.
    pub(crate) weights: Vec<f64>,
    /// [`Model::Pairi`]: per draw node, the tiles it can draw (the wall of its state);
    /// empty under [`Model::Compat`], whose denominator is `S − t`.
    pub(crate) wall_sizes: Vec<f64>,
    /// Per discard node, the draw nodes with a draw into it: the hand less one tile,
    /// whichever path made that node. The node chooses among them.
    pub(crate) choices: Rows<u32>,
    /// What the root's values are read from: (kind discarded, draw node), in kind
    /// order; one entry with no kind for a 13 − 3k hand. Under [`Model::Pairi`] a
    /// discard into closed tenpai has two entries, riichi then dama.
    pub(crate) candidates: Vec<(Option<u8>, u32)>,
    /// The model the graph was built for.
    pub(crate) model: Model,
}

/// A draw from a draw node while building.
#[derive(Clone, Copy)]
struct Draw {
    target: u32,
    weight: u8,
    /// Points of the win, 0 for none.
    score: f64,
    /// The kind drawn.
    kind: u8,
}

struct Builder<'a> {
    problem: &'a Problem,
    scorer: &'a WinScorer,
    /// Initial wall plus initial hand: the wall of state `H` is `pool − H`.
    pool: Counts,
    ids: FxHashMap<u128, u32>,
    draws: Vec<Node>,
    discards: Vec<Node>,
    /// The draws of each draw node, in one list: node `i` has `forward[range[i]]`.
    forward: Vec<Draw>,
    range: Vec<(u32, u32)>,
    /// Draws back into a discard node from the draw nodes it discards to: (source, draw).
    back: Vec<(u32, Draw)>,
    /// [`Model::Pairi`]: the discards of each discard node, (discard node, draw node).
    children: Vec<(u32, u32)>,
    /// Nodes created but not expanded: (is a draw node, index).
    pending: Vec<(bool, u32)>,
}

impl Builder<'_> {
    fn pairi(&self) -> bool {
        self.problem.options.model == Model::Pairi
    }

    /// Copies of kind `k` left to draw in state `c`: the reference returns discards to
    /// the wall (initial wall plus initial hand less the hand); [`Model::Pairi`] only
    /// takes out the tiles drawn and still held.
    fn left(&self, c: &Counts, k: usize) -> u8 {
        if self.pairi() {
            self.problem.wall[k].saturating_sub(c[k].saturating_sub(self.problem.hand[k]))
        } else {
            self.pool[k].saturating_sub(c[k])
        }
    }

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
        match self.ids.get(&key) {
            Some(&id) => Ok(id),
            None => self.new_draw_node(key),
        }
    }

    /// A draw node for a state not in the graph yet.
    fn new_draw_node(&mut self, key: u128) -> Result<u32, EvError> {
        let states = self.draws.len() + self.discards.len();
        if states >= self.problem.options.max_states {
            return Err(EvError::TooLarge(states));
        }
        let c = state::merge(&state::unpack(key));
        let (shanten, useful) = shanten::useful(&c, self.problem.melds)?;
        let tiles = useful.tiles.bits();
        let id = self.draws.len() as u32;
        self.draws.push(Node {
            key,
            shanten,
            tiles,
        });
        self.range.push((0, 0));
        self.ids.insert(key, id);
        self.pending.push((true, id));
        Ok(id)
    }

    fn discard_node(&mut self, key: u128) -> Result<u32, EvError> {
        match self.ids.get(&key) {
            Some(&id) => Ok(id),
            None => self.new_discard_node(key),
        }
    }

    /// A discard node for a state not in the graph yet.
    fn new_discard_node(&mut self, key: u128) -> Result<u32, EvError> {
        let states = self.draws.len() + self.discards.len();
        if self.discards.len() >= MAX_DISCARD_NODES || states >= self.problem.options.max_states {
            return Err(EvError::TooLarge(states));
        }
        let c = state::merge(&state::unpack(key));
        let (mut shanten, keep) = shanten::keeping(&c, self.problem.melds)?;
        let mut tiles = keep.bits();
        if shanten == -1 && self.pairi() {
            // Under [`Model::Pairi`] a complete hand reached by a draw has no yaku (wins
            // are taken): it may discard back into tenpai.
            let d = shanten::discards(&c, self.problem.melds)?;
            shanten = d.shanten;
            tiles = d
                .rows()
                .iter()
                .filter(|r| r.shanten == 0)
                .fold(0u64, |acc, r| acc | 1 << r.tile.tile().index());
        }
        let id = self.discards.len() as u32;
        self.discards.push(Node {
            key,
            shanten,
            tiles,
        });
        self.ids.insert(key, id);
        self.pending.push((false, id));
        Ok(id)
    }

    fn expand_draw(&mut self, id: u32) -> Result<(), EvError> {
        let node = self.draws[id as usize];
        let riichi = node.key & RIICHI;
        let c = state::unpack(node.key);
        let opts = &self.problem.options;
        let changes = opts.hand_changes && riichi == 0 && self.inside(&c, node.shanten);
        // The draws explored: kind, copies, lowers the shanten.
        let mut draws = [(0u8, 0u8, false); KINDS];
        let mut keys = [0u128; KINDS];
        let mut n = 0;
        for k in 0..KINDS {
            let left = self.left(&c, k);
            if left == 0 {
                continue;
            }
            let useful = node.tiles >> state::merged(k) & 1 != 0;
            if useful || changes {
                draws[n] = (k as u8, left, useful);
                keys[n] = node.key + state::unit(k);
                n += 1;
            }
        }
        // All lookups first: independent memory accesses overlap.
        let mut found = [None; KINDS];
        for (f, key) in found.iter_mut().zip(&keys[..n]) {
            *f = self.ids.get(key).copied();
        }
        let start = self.forward.len() as u32;
        for i in 0..n {
            let (k, left, useful) = draws[i];
            let k = usize::from(k);
            let score = if node.shanten == 0 && useful {
                let mut after = c;
                after[k] += 1;
                self.scorer.tsumo(&after, k, riichi != 0)?
            } else {
                0.0
            };
            // A win ends the hand: under [`Model::Pairi`] it is always taken, so the
            // complete hand needs no node.
            let target = if self.pairi() && score > 0.0 {
                WON
            } else if let Some(t) = found[i] {
                t
            } else {
                self.new_discard_node(keys[i])?
            };
            self.forward.push(Draw {
                target,
                weight: left,
                score,
                kind: k as u8,
            });
        }
        self.range[id as usize] = (start, self.forward.len() as u32);
        Ok(())
    }

    fn expand_discard(&mut self, id: u32) -> Result<(), EvError> {
        let node = self.discards[id as usize];
        let riichi = node.key & RIICHI;
        let c = state::unpack(node.key);
        let opts = &self.problem.options;
        let back = opts.shanten_back && riichi == 0 && self.inside(&c, node.shanten);
        // The discards explored: kind, keeps the shanten, declares riichi.
        let mut moves = [(0u8, false, false); KINDS];
        let mut keys = [0u128; KINDS];
        let mut n = 0;
        for (k, _) in c.iter().enumerate().filter(|&(_, &held)| held > 0) {
            let keeps = node.tiles >> state::merged(k) & 1 != 0;
            if !(keeps || back) {
                continue;
            }
            // Riichi is declared on every closed tenpai reached by a discard (under
            // [`Model::Pairi`], it may be: dama is a choice too).
            let declare = self.problem.closed && node.shanten == 0 && keeps;
            moves[n] = (k as u8, keeps, declare);
            keys[n] = (node.key - state::unit(k)) | if declare { RIICHI } else { 0 };
            n += 1;
        }
        // All lookups first: independent memory accesses overlap.
        let mut found = [None; KINDS];
        for (f, key) in found.iter_mut().zip(&keys[..n]) {
            *f = self.ids.get(key).copied();
        }
        for i in 0..n {
            let (k, _, declare) = moves[i];
            let k = usize::from(k);
            let child = match found[i] {
                Some(c) => c,
                None => self.new_draw_node(keys[i])?,
            };
            if self.pairi() {
                self.children.push((id, child));
                if declare && riichi == 0 {
                    let dama = self.draw_node(keys[i] & !RIICHI)?;
                    self.children.push((id, dama));
                }
                continue;
            }
            // Drawing the discarded kind again returns to this node.
            let score = if node.shanten == -1 {
                self.scorer.tsumo(&c, k, riichi != 0)?
            } else {
                0.0
            };
            self.back.push((
                child,
                Draw {
                    target: id,
                    weight: self.left(&c, k) + 1,
                    score,
                    kind: k as u8,
                },
            ));
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
            forward: Vec::new(),
            range: Vec::new(),
            back: Vec::new(),
            children: Vec::new(),
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
        let candidates = b.candidates(root);
        Ok(b.finish(candidates))
    }

    /// Nodes of both kinds.
    pub(crate) fn len(&self) -> usize {
        self.draws.len() + self.discards.len()
    }

    /// The target of a plain edge.
    pub(crate) const fn target(edge: u32) -> u32 {
        edge >> 8
    }

    /// The weight of a plain edge.
    pub(crate) const fn weight(edge: u32) -> u32 {
        edge & 0xff
    }
}

/// The kind discarded from the hand `from` to reach `to` (riichi flags ignored).
fn kind_of_step(from: u128, to: u128) -> u8 {
    let diff = (from & !RIICHI) - (to & !RIICHI);
    (diff.trailing_zeros() / 3) as u8
}

impl Builder<'_> {
    /// The candidates of the root: each discard whose draw node exists.
    fn candidates(&self, root: Root) -> Vec<(Option<u8>, u32)> {
        match root {
            Root::Draw(d) => vec![(None, d)],
            Root::Discard(j) if self.pairi() => {
                let node = self.discards[j as usize];
                let mut list: Vec<(Option<u8>, u32)> = self
                    .children
                    .iter()
                    .filter(|&&(d, _)| d == j)
                    .map(|&(_, c)| {
                        let child = self.draws[c as usize].key;
                        (Some(kind_of_step(node.key, child)), c)
                    })
                    .collect();
                list.sort_by_key(|&(k, c)| (k, self.draws[c as usize].key & RIICHI == 0));
                list
            }
            Root::Discard(j) => {
                let node = self.discards[j as usize];
                let hand = state::unpack(node.key);
                (0..KINDS)
                    .filter(|&k| hand[k] > 0)
                    .filter_map(|k| {
                        let keeps = node.tiles >> state::merged(k) & 1 != 0;
                        let declare = self.problem.closed && node.shanten == 0 && keeps;
                        let key = (node.key - state::unit(k)) | if declare { RIICHI } else { 0 };
                        self.ids.get(&key).map(|&d| (Some(k as u8), d))
                    })
                    .collect()
            }
        }
    }

    /// Compressed rows, one edge per (draw node, target): the draws of a node, then
    /// the draws back into the discard nodes that made it, unless already there.
    fn finish(self, candidates: Vec<(Option<u8>, u32)>) -> Graph {
        let n = self.draws.len();
        // Draws back, bucketed by their source.
        let mut back_start = vec![0u32; n + 1];
        for &(s, _) in &self.back {
            back_start[s as usize + 1] += 1;
        }
        for i in 0..n {
            back_start[i + 1] += back_start[i];
        }
        let mut fill = back_start.clone();
        let mut back = vec![
            Draw {
                target: 0,
                weight: 0,
                score: 0.0,
                kind: 0,
            };
            self.back.len()
        ];
        for &(s, d) in &self.back {
            back[fill[s as usize] as usize] = d;
            fill[s as usize] += 1;
        }
        let pairi = self.pairi();
        let wall_sizes: Vec<f64> = if pairi {
            self.draws
                .iter()
                .map(|d| {
                    let c = state::unpack(d.key);
                    (0..KINDS).map(|k| f64::from(self.left(&c, k))).sum()
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut plain = Rows::new();
        let mut wins = Rows::new();
        let mut weights = Vec::with_capacity(n);
        let mut into = vec![0u32; self.discards.len() + 1];
        for i in 0..n {
            let (a, z) = self.range[i];
            let forward = &self.forward[a as usize..z as usize];
            let extra = &back[back_start[i] as usize..back_start[i + 1] as usize];
            let mut total = 0u32;
            for (j, d) in forward.iter().chain(extra).enumerate() {
                if j >= forward.len() && forward.iter().any(|f| f.target == d.target) {
                    continue;
                }
                total += u32::from(d.weight);
                if d.target != WON {
                    into[d.target as usize + 1] += 1;
                }
                if d.score > 0.0 {
                    wins.items.push(WinEdge {
                        target: d.target,
                        weight: f64::from(d.weight),
                        score: d.score,
                        kind: d.kind,
                    });
                } else {
                    plain.items.push(d.target << 8 | u32::from(d.weight));
                }
            }
            plain.close_row();
            wins.close_row();
            weights.push(f64::from(total));
        }
        if pairi {
            // Each discard node's choices: its own discards.
            let mut into = vec![0u32; self.discards.len() + 1];
            for &(d, _) in &self.children {
                into[d as usize + 1] += 1;
            }
            for j in 0..self.discards.len() {
                into[j + 1] += into[j];
            }
            let mut fill = into.clone();
            let mut items = vec![0u32; self.children.len()];
            for &(d, c) in &self.children {
                items[fill[d as usize] as usize] = c;
                fill[d as usize] += 1;
            }
            return Graph {
                draws: self.draws,
                discards: self.discards,
                plain,
                wins,
                weights,
                wall_sizes,
                choices: Rows { start: into, items },
                candidates,
                model: Model::Pairi,
            };
        }
        // Each discard node's choices: the sources of the edges into it.
        for j in 0..self.discards.len() {
            into[j + 1] += into[j];
        }
        let mut fill = into.clone();
        let mut items = vec![0u32; plain.len() + wins.len()];
        for i in 0..n {
            let targets = plain
                .row(i)
                .iter()
                .map(|&e| Graph::target(e))
                .chain(wins.row(i).iter().map(|w| w.target));
            for t in targets {
                items[fill[t as usize] as usize] = i as u32;
                fill[t as usize] += 1;
            }
        }
        Graph {
            draws: self.draws,
            discards: self.discards,
            plain,
            wins,
            weights,
            wall_sizes,
            choices: Rows { start: into, items },
            candidates,
            model: Model::Compat,
        }
    }
}
