//! The state graph of the search: every distinct hand state once, draw nodes with their
//! weighted draws, discard nodes with the draw nodes they choose among.

use super::score::WinScorer;
use super::state::{self, Counts, KINDS, RIICHI};
use super::{EvError, Model, Problem};
use crate::shanten;
use crate::tile::{TileCounts, TileSet};
use crate::wall::Wall;
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

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

    fn row_mut(&mut self, i: usize) -> &mut [T] {
        &mut self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

impl<T: Copy> Rows<T> {
    /// `rows` rows from (row, item) pairs, each row's items in the order given (a
    /// counting sort).
    fn grouped(rows: usize, pairs: &[(u32, T)]) -> Rows<T> {
        let mut start = vec![0u32; rows + 1];
        for &(r, _) in pairs {
            start[r as usize + 1] += 1;
        }
        for r in 0..rows {
            start[r + 1] += start[r];
        }
        let mut fill = start.clone();
        let mut items: Vec<Option<T>> = vec![None; pairs.len()];
        for &(r, item) in pairs {
            items[fill[r as usize] as usize] = Some(item);
            fill[r as usize] += 1;
        }
        Rows {
            start,
            items: items.into_iter().flatten().collect(),
        }
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

/// Node ids by packed state, in shards that threads lock one at a time.
struct Ids {
    shards: Vec<Mutex<FxHashMap<u128, u32>>>,
    /// The next draw node id, and the next discard node id.
    next: [AtomicU32; 2],
}

/// Shards of [`Ids`]: enough that two threads rarely meet.
const SHARDS: usize = 64;

impl Ids {
    fn new() -> Ids {
        Ids {
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
            next: [AtomicU32::new(0), AtomicU32::new(0)],
        }
    }

    fn shard(&self, key: u128) -> MutexGuard<'_, FxHashMap<u128, u32>> {
        let h = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.shards[(h >> 58) as usize % SHARDS]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn get(&self, key: u128) -> Option<u32> {
        self.shard(key).get(&key).copied()
    }

    /// The id of `key` among draw nodes (`draw`) or discard nodes, and whether it was
    /// made now.
    fn get_or_insert(&self, key: u128, draw: bool) -> (u32, bool) {
        let mut shard = self.shard(key);
        if let Some(&id) = shard.get(&key) {
            return (id, false);
        }
        let id = self.next[usize::from(!draw)].fetch_add(1, Ordering::Relaxed);
        shard.insert(key, id);
        (id, true)
    }

    fn len(&self) -> usize {
        self.next
            .iter()
            .map(|n| n.load(Ordering::Relaxed) as usize)
            .sum()
    }
}

/// What the expansion of some nodes produced: their draws, the draws back into them,
/// the nodes they made (with their shanten), on one thread.
#[derive(Default)]
struct Level {
    /// (draw node, draw), each node's draws together and in kind order.
    forward: Vec<(u32, Draw)>,
    /// (draw node, draw back into a discard node).
    back: Vec<(u32, Draw)>,
    /// [`Model::Pairi`]: (discard node, draw node chosen among).
    children: Vec<(u32, u32)>,
    /// Nodes made: (is a draw node, id, node).
    made: Vec<(bool, u32, Node)>,
    error: Option<EvError>,
}

struct Builder<'a> {
    problem: &'a Problem,
    scorer: &'a WinScorer,
    ids: Ids,
    draws: Vec<Node>,
    discards: Vec<Node>,
    /// The draws of each draw node, in one list: node `i` has `forward[range[i]]`.
    forward: Vec<Draw>,
    range: Vec<(u32, u32)>,
    /// Draws back into a discard node from the draw nodes it discards to: (source, draw).
    back: Vec<(u32, Draw)>,
    /// [`Model::Pairi`]: the discards of each discard node, (discard node, draw node).
    children: Vec<(u32, u32)>,
}

impl Builder<'_> {
    fn pairi(&self) -> bool {
        self.problem.options.model == Model::Pairi
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

    /// The id of the draw (`draw`) or discard node of `key`, made with its shanten
    /// into `out` if it is new.
    fn node(&self, key: u128, draw: bool, out: &mut Level) -> Result<u32, EvError> {
        let (id, made) = self.ids.get_or_insert(key, draw);
        if made {
            let states = self.ids.len();
            if states > self.problem.options.max_states
                || (!draw && id as usize >= MAX_DISCARD_NODES)
            {
                return Err(EvError::TooLarge(states));
            }
            let node = if draw {
                self.draw_info(key)?
            } else {
                self.discard_info(key)?
            };
            out.made.push((draw, id, node));
        }
        Ok(id)
    }

    /// A draw node's shanten and useful kinds.
    fn draw_info(&self, key: u128) -> Result<Node, EvError> {
        let c = state::merge(&state::unpack(key));
        if let Some(wall) = &self.problem.sanma {
            return self.draw_info_on(key, c, wall);
        }
        let (shanten, useful) = shanten::useful(&c, self.problem.melds)?;
        Ok(Node {
            key,
            shanten,
            tiles: useful.tiles.bits(),
        })
    }

    /// [`Builder::draw_info`] on the three-player wall: the shanten counted on that
    /// wall (the four-player kernel would build runs through 2m–8m around a fourth 1m or
    /// 9m), each draw tried.
    fn draw_info_on(&self, key: u128, c: TileCounts, wall: &Wall) -> Result<Node, EvError> {
        let melds = self.problem.melds;
        let shanten = shanten::riichi_on(&c, melds, wall)?.min();
        let mut tiles = 0u64;
        for t in wall.kinds().iter() {
            if c.get(t) < 4 {
                let mut more = c;
                more.add(t);
                if shanten::riichi_on(&more, melds, wall)?.min() < shanten {
                    tiles |= 1 << t.index();
                }
            }
        }
        Ok(Node {
            key,
            shanten,
            tiles,
        })
    }

    /// A discard node's keeping kinds on the three-player wall, each discard tried.
    fn keeping_on(&self, c: &TileCounts, wall: &Wall) -> Result<(i8, TileSet), EvError> {
        let melds = self.problem.melds;
        let shanten = shanten::riichi_on(c, melds, wall)?.min();
        let mut keep = TileSet::EMPTY;
        for (t, _) in c.iter().filter(|&(_, n)| n > 0) {
            let mut less = *c;
            less.remove(t);
            let after = shanten::riichi_on(&less, melds, wall)?.min();
            // A complete hand keeps nothing: every discard leaves it waiting.
            if after == shanten {
                keep.insert(t);
            }
        }
        Ok((shanten, keep))
    }

    /// A discard node's shanten and the kinds it may discard.
    fn discard_info(&self, key: u128) -> Result<Node, EvError> {
        let c = state::merge(&state::unpack(key));
        let (shanten, keep) = match &self.problem.sanma {
            Some(wall) => self.keeping_on(&c, wall)?,
            None => shanten::keeping(&c, self.problem.melds)?,
        };
        let mut tiles = keep.bits();
        if shanten == -1 && self.pairi() {
            // Under [`Model::Pairi`] a complete hand reached by a draw has no yaku (wins
            // are taken): it may discard back into tenpai.
            tiles = 0;
            for (t, _) in c.iter().filter(|&(_, n)| n > 0) {
                let mut less = c;
                less.remove(t);
                let after = match &self.problem.sanma {
                    Some(wall) => shanten::riichi_on(&less, self.problem.melds, wall)?.min(),
                    None => shanten::riichi(&less, self.problem.melds)?.min(),
                };
                if after == 0 {
                    tiles |= 1 << t.index();
                }
            }
        }
        Ok(Node {
            key,
            shanten,
            tiles,
        })
    }

    fn expand_draw(&self, id: u32, node: Node, out: &mut Level) -> Result<(), EvError> {
        let riichi = node.key & RIICHI;
        let c = state::unpack(node.key);
        let opts = &self.problem.options;
        let changes = opts.hand_changes && riichi == 0 && self.inside(&c, node.shanten);
        for k in 0..KINDS {
            let left = self.problem.left(&c, k);
            if left == 0 {
                continue;
            }
            let useful = node.tiles >> state::merged(k) & 1 != 0;
            if !(useful || changes) {
                continue;
            }
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
            } else {
                self.node(node.key + state::unit(k), false, out)?
            };
            out.forward.push((
                id,
                Draw {
                    target,
                    weight: left,
                    score,
                    kind: k as u8,
                },
            ));
        }
        Ok(())
    }

    fn expand_discard(&self, id: u32, node: Node, out: &mut Level) -> Result<(), EvError> {
        let riichi = node.key & RIICHI;
        let c = state::unpack(node.key);
        let opts = &self.problem.options;
        let back = opts.shanten_back && riichi == 0 && self.inside(&c, node.shanten);
        for (k, _) in c.iter().enumerate().filter(|&(_, &held)| held > 0) {
            let keeps = node.tiles >> state::merged(k) & 1 != 0;
            if !(keeps || back) {
                continue;
            }
            // Riichi is declared on every closed tenpai reached by a discard (under
            // [`Model::Pairi`], it may be: dama is a choice too).
            let declare = self.problem.closed && node.shanten == 0 && keeps;
            let key = (node.key - state::unit(k)) | if declare { RIICHI } else { 0 };
            let child = self.node(key, true, out)?;
            if self.pairi() {
                out.children.push((id, child));
                if declare && riichi == 0 {
                    let dama = self.node(key & !RIICHI, true, out)?;
                    out.children.push((id, dama));
                }
                continue;
            }
            // Drawing the discarded kind again returns to this node.
            let score = if node.shanten == -1 {
                self.scorer.tsumo(&c, k, riichi != 0)?
            } else {
                0.0
            };
            out.back.push((
                child,
                Draw {
                    target: id,
                    weight: self.problem.left(&c, k) + 1,
                    score,
                    kind: k as u8,
                },
            ));
        }
        Ok(())
    }

    /// Expands the nodes of one level (made by the level before): (is a draw node, id,
    /// node).
    fn expand(&self, nodes: &[(bool, u32, Node)]) -> Vec<Level> {
        let one = |out: &mut Level, &(draw, id, node): &(bool, u32, Node)| {
            if out.error.is_some() {
                return;
            }
            let done = if draw {
                self.expand_draw(id, node, out)
            } else {
                self.expand_discard(id, node, out)
            };
            if let Err(e) = done {
                out.error = Some(e);
            }
        };
        #[cfg(feature = "parallel")]
        if nodes.len() >= PARALLEL_LEVEL {
            use rayon::prelude::*;
            return nodes
                .par_iter()
                .with_min_len(32)
                .fold(Level::default, |mut out, n| {
                    one(&mut out, n);
                    out
                })
                .collect();
        }
        let mut out = Level::default();
        for n in nodes {
            one(&mut out, n);
        }
        vec![out]
    }

    /// Files what a level produced; returns the nodes it made, to expand next.
    fn file(&mut self, levels: Vec<Level>) -> Result<Vec<(bool, u32, Node)>, EvError> {
        let blank = Node {
            key: 0,
            shanten: 0,
            tiles: 0,
        };
        let [draws, discards] = self
            .ids
            .next
            .each_ref()
            .map(|n| n.load(Ordering::Relaxed) as usize);
        self.draws.resize(draws, blank);
        self.discards.resize(discards, blank);
        self.range.resize(draws, (0, 0));
        let mut made = Vec::new();
        for level in levels {
            if let Some(e) = level.error {
                return Err(e);
            }
            let mut i = 0;
            while i < level.forward.len() {
                let node = level.forward[i].0;
                let start = self.forward.len() as u32;
                while i < level.forward.len() && level.forward[i].0 == node {
                    self.forward.push(level.forward[i].1);
                    i += 1;
                }
                self.range[node as usize] = (start, self.forward.len() as u32);
            }
            self.back.extend(level.back);
            self.children.extend(level.children);
            for &(draw, id, node) in &level.made {
                if draw {
                    self.draws[id as usize] = node;
                } else {
                    self.discards[id as usize] = node;
                }
            }
            made.extend(level.made);
        }
        Ok(made)
    }
}

/// A level of at least this many nodes is expanded on every core.
#[cfg(feature = "parallel")]
const PARALLEL_LEVEL: usize = 128;

impl Graph {
    pub(crate) fn build(
        problem: &Problem,
        scorer: &WinScorer,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Graph, EvError> {
        let mut b = Builder {
            problem,
            scorer,
            ids: Ids::new(),
            draws: Vec::new(),
            discards: Vec::new(),
            forward: Vec::new(),
            range: Vec::new(),
            back: Vec::new(),
            children: Vec::new(),
        };
        let key = state::pack(&problem.hand);
        let tiles: u32 = problem.hand.iter().map(|&n| u32::from(n)).sum();
        let draw = tiles as usize + 3 * problem.melds == 13;
        let mut first = Level::default();
        let id = b.node(key, draw, &mut first)?;
        let root = if draw {
            Root::Draw(id)
        } else {
            Root::Discard(id)
        };
        let mut level = b.file(vec![first])?;
        let mut reported = 0;
        while !level.is_empty() {
            let levels = b.expand(&level);
            level = b.file(levels)?;
            let states = b.ids.len();
            if states >= reported + 65_536 {
                reported = states;
                progress(states);
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
                        self.ids.get(key).map(|d| (Some(k as u8), d))
                    })
                    .collect()
            }
        }
    }

    /// Compressed rows, one edge per (draw node, target): the draws of a node, then
    /// the draws back into the discard nodes that made it, unless already there.
    fn finish(self, candidates: Vec<(Option<u8>, u32)>) -> Graph {
        let n = self.draws.len();
        // Draws back, by their source. Threads file a level's draws back in any order:
        // sort each node's, so that its sums add in one order and every run gives the
        // same bits.
        let mut back = Rows::grouped(n, &self.back);
        for i in 0..n {
            back.row_mut(i)
                .sort_unstable_by_key(|d| (d.kind, self.discards[d.target as usize].key));
        }
        let pairi = self.pairi();
        let wall_sizes: Vec<f64> = if pairi {
            self.draws
                .iter()
                .map(|d| {
                    let c = state::unpack(d.key);
                    (0..KINDS)
                        .map(|k| f64::from(self.problem.left(&c, k)))
                        .sum()
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut plain = Rows::new();
        let mut wins = Rows::new();
        let mut weights = Vec::with_capacity(n);
        // (discard node, draw node with a draw into it).
        let mut into = Vec::new();
        for i in 0..n {
            let (a, z) = self.range[i];
            let forward = &self.forward[a as usize..z as usize];
            let mut total = 0u32;
            for (j, d) in forward.iter().chain(back.row(i)).enumerate() {
                if j >= forward.len() && forward.iter().any(|f| f.target == d.target) {
                    continue;
                }
                total += u32::from(d.weight);
                if d.target != WON {
                    into.push((d.target, i as u32));
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
        // A pairi discard node chooses among its own discards; a compat one among every
        // draw node with a draw into it.
        let (choices, model) = if pairi {
            (
                Rows::grouped(self.discards.len(), &self.children),
                Model::Pairi,
            )
        } else {
            (Rows::grouped(self.discards.len(), &into), Model::Compat)
        };
        Graph {
            draws: self.draws,
            discards: self.discards,
            plain,
            wins,
            weights,
            wall_sizes,
            choices,
            candidates,
            model,
        }
    }
}
