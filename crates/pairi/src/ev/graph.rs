//! The state graph of the search: every distinct hand state once, draw nodes with their
//! weighted draws, discard nodes with the draw nodes they choose among.

use super::score::{Known, WinScorer};
use super::state::{self, Counts, DOUBLE, FIRST, IPPATSU, KINDS, RIICHI};
use super::{EvError, Model, Problem, CHECK_NODES};
use crate::shanten;
use crate::tile::{TileCounts, TileSet};
use crate::util::{Stop, Stopped};
use crate::wall::Wall;
use hashbrown::hash_table::{Entry, HashTable};

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

/// A draw that completes the hand with a yaku (or by haitei alone).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WinEdge {
    /// The (complete) discard node reached.
    pub(crate) target: u32,
    /// Copies of the tile in the wall (a byte: the edge stays 24 bytes).
    pub(crate) weight: u8,
    /// Points received (0: a complete hand without a yaku, a win only by haitei).
    pub(crate) score: f64,
    /// Points received when the draw is the last tile ([`Problem::haitei`]), 0 when
    /// that turn is not this seat's.
    pub(crate) haitei: f64,
    /// The winning kind.
    pub(crate) kind: u8,
}

impl WinEdge {
    /// The points of this draw, if it wins: at the draw of the last tile (`last`) or at
    /// any other.
    pub(crate) fn points(&self, last: bool) -> Option<f64> {
        let p = if last { self.haitei } else { self.score };
        (p > 0.0).then_some(p)
    }
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

    /// Bytes on the heap.
    fn bytes(&self) -> usize {
        bytes_of(&self.start) + bytes_of(&self.items)
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
        let mut items = match pairs.first() {
            Some(&(_, first)) => vec![first; pairs.len()],
            None => Vec::new(),
        };
        for &(r, item) in pairs {
            items[fill[r as usize] as usize] = item;
            fill[r as usize] += 1;
        }
        Rows { start, items }
    }
}

/// The whole graph.
pub(crate) struct Graph {
    pub(crate) draws: Vec<Node>,
    pub(crate) discards: Vec<Node>,
    /// Per draw node, the draws that do not win: `target << 8 | weight`.
    pub(crate) plain: Rows<u32>,
    /// Per draw node, the draws that win (some only at the last tile).
    pub(crate) wins: Rows<WinEdge>,
    /// Per draw node, the weight of all its draws.
    pub(crate) weights: Vec<f64>,
    /// Per draw node, whether it is tenpai: read every turn, apart from the nodes.
    pub(crate) tenpai: Vec<bool>,
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
    /// [`Model::Pairi`]: the draw nodes whose draws without an edge (no win, no move)
    /// lead to another node rather than back to themselves, with that node, by the
    /// first: a riichi with ippatsu pending, and the same riichi without it. In id order.
    pub(crate) stays: Vec<(u32, u32)>,
    /// Bytes held at the end of the build, the builder's tables and the graph's at once:
    /// the most the build held.
    pub(crate) built_bytes: usize,
}

/// Bytes a vector holds on the heap.
pub(crate) fn bytes_of<T>(v: &Vec<T>) -> usize {
    v.capacity() * std::mem::size_of::<T>()
}

/// A draw from a draw node while building (12 bytes: a large search makes millions).
#[derive(Clone, Copy)]
struct Draw {
    target: u32,
    weight: u8,
    /// The kind drawn.
    kind: u8,
    /// One more than the index of the win's points in [`Builder::wins`]; 0 for a draw
    /// that does not win.
    win: u32,
}

/// A node made by the level being expanded: (is a draw node, id).
type Fresh = (bool, u32);

/// What the nodes of one level need to be expanded, found for many nodes at once (on
/// every core for a large level): their shanten and tiles, and the points of the wins
/// they can make, in kind order.
#[derive(Default)]
struct Settled {
    /// Per node, its shanten, tiles and moves (bit `k` for each kind `k` it draws or
    /// discards).
    nodes: Vec<(i8, u64, u64)>,
    /// Per node, where its scores start in `scores`.
    starts: Vec<u32>,
    scores: Vec<f64>,
}

/// The graph being built. The search is level by level: the nodes a level made are
/// settled (shanten, tiles, win scores: the costly, independent work) and expanded in
/// order on one thread, which numbers the nodes they reach. Numbering on one thread
/// keeps the ids and so the graph the same on every run; the new nodes are settled on
/// the other cores while it runs (see [`Builder::level_pipelined`]).
struct Builder<'a> {
    problem: &'a Problem,
    /// Checked every [`STOP_EVERY`] new nodes.
    stop: &'a Stop,
    /// What settling needs, copied into the jobs that settle on other cores.
    settler: Settler<'a>,
    /// Node ids by packed state (draw and discard nodes hold different tile counts, so
    /// one table serves both, each kind numbered from 0, a draw node's id marked with
    /// [`DRAW_ID`]). The table holds only the ids, 4 bytes each, and finds the keys in
    /// the nodes: a large search's table is about 6 times smaller than one holding its
    /// 16-byte keys (32 bytes an entry with their alignment) as well.
    ids: HashTable<u32>,
    /// The [`short_hash`] of each discard node (`[0]`) and draw node (`[1]`) by id,
    /// which the id table reads when it grows (4 bytes a node, against reading the
    /// 32-byte nodes at random).
    hashes: [Vec<u32>; 2],
    draws: Vec<Node>,
    discards: Vec<Node>,
    /// The draws of each draw node, in one list: node `i` has `forward[range[i]]`.
    forward: Vec<Draw>,
    range: Vec<(u32, u32)>,
    /// Draws back into a discard node from the draw nodes it discards to: (source, draw).
    back: Vec<(u32, Draw)>,
    /// The points of the wins of [`Draw::win`]: (any draw but the last, the last).
    wins: Vec<(f64, f64)>,
    /// [`Model::Pairi`]: the discards of each discard node, (discard node, draw node).
    children: Vec<(u32, u32)>,
    /// [`Model::Pairi`]: draw nodes that a draw without a win leaves for another node
    /// (ippatsu lost), with that node.
    stays: Vec<(u32, u32)>,
}

/// What settling a node reads: the problem and the scorer, shared by every core.
#[derive(Clone, Copy)]
struct Settler<'a> {
    problem: &'a Problem,
    scorer: &'a WinScorer,
    /// Checked every [`SETTLE_CHECK`] nodes settled.
    stop: &'a Stop,
}

impl Settler<'_> {
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

    /// The kinds (bit `k` for kind `k`) a draw node of counts `c` explores: those left
    /// in its wall that lower its shanten, or every one left with hand changes.
    fn draws_of(&self, node: &Node, c: &Counts) -> u64 {
        let changes = self.problem.options.hand_changes
            && node.key & RIICHI == 0
            && self.inside(c, node.shanten);
        let mut left = 0u64;
        for k in 0..KINDS {
            left |= u64::from(self.problem.left(c, k) > 0) << k;
        }
        left & if changes {
            u64::MAX
        } else {
            spread(node.tiles)
        }
    }

    /// The kinds a discard node of counts `c` explores: those held whose discard keeps
    /// its shanten, or every one held with shanten back.
    fn discards_of(&self, node: &Node, c: &Counts) -> u64 {
        let back = self.problem.options.shanten_back
            && node.key & RIICHI == 0
            && self.inside(c, node.shanten);
        let mut held = 0u64;
        for (k, &n) in c.iter().enumerate() {
            held |= u64::from(n > 0) << k;
        }
        held & if back { u64::MAX } else { spread(node.tiles) }
    }

    /// A node's shanten and tiles, its moves (bit `k` for each kind `k` it draws or
    /// discards), and the points of its wins pushed on `scores`: a tenpai draw node's
    /// useful draws.
    fn settle(
        &self,
        key: u128,
        draw: bool,
        scores: &mut Vec<f64>,
        known: &mut Known,
    ) -> Result<(Node, u64), EvError> {
        let c = state::unpack(key);
        let node = if draw {
            self.draw_info(key, state::merge(&c))?
        } else {
            self.discard_info(key, state::merge(&c))?
        };
        if !draw {
            return Ok((node, self.discards_of(&node, &c)));
        }
        let moves = self.draws_of(&node, &c);
        if node.shanten == 0 {
            let flags = key & state::FLAGS;
            for k in Bits(moves & spread(node.tiles)) {
                let mut after = c;
                after[k] += 1;
                scores.push(self.scorer.tsumo(&after, k, flags, known)?);
                if self.problem.haitei.is_some() {
                    scores.push(self.scorer.tsumo(&after, k, flags | state::HAITEI, known)?);
                }
            }
        }
        Ok((node, moves))
    }

    /// [`Settler::settle`] of every node of `keys` (draw node or not, packed state).
    fn run(&self, keys: &[(bool, u128)]) -> Result<Settled, EvError> {
        let mut out = Settled {
            nodes: Vec::with_capacity(keys.len()),
            starts: Vec::with_capacity(keys.len()),
            scores: Vec::new(),
        };
        // Scores of the wins met in this part, shared by the hands that differ only in
        // red fives.
        let mut known = Known::default();
        for (i, &(draw, key)) in keys.iter().enumerate() {
            if i % SETTLE_CHECK == 0 {
                self.stop.check()?;
            }
            out.starts.push(out.scores.len() as u32);
            let (node, moves) = self.settle(key, draw, &mut out.scores, &mut known)?;
            out.nodes.push((node.shanten, node.tiles, moves));
        }
        Ok(out)
    }

    /// [`Settler::run`] on every core for many keys.
    fn run_all(&self, keys: &[(bool, u128)]) -> Result<Settled, EvError> {
        #[cfg(feature = "parallel")]
        if keys.len() >= PARALLEL_LEVEL {
            use rayon::prelude::*;
            let parts: Vec<Result<Settled, EvError>> =
                keys.par_chunks(SETTLE_CHUNK).map(|p| self.run(p)).collect();
            let mut all = Settled::default();
            for part in parts {
                all.append(part?);
            }
            return Ok(all);
        }
        self.run(keys)
    }

    /// A draw node's shanten and useful kinds, from its merged counts `c`.
    fn draw_info(&self, key: u128, c: TileCounts) -> Result<Node, EvError> {
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

    /// [`Settler::draw_info`] on the three-player wall: the shanten counted on that
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

    /// A discard node's shanten and the kinds it may discard, from its merged counts `c`.
    fn discard_info(&self, key: u128, c: TileCounts) -> Result<Node, EvError> {
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
}

impl Builder<'_> {
    fn pairi(&self) -> bool {
        self.settler.pairi()
    }

    /// The id of the draw (`draw`) or discard node of `key`, made (unsettled) and listed
    /// in `fresh` if it is new.
    fn node(&mut self, key: u128, draw: bool, fresh: &mut Vec<Fresh>) -> Result<u32, EvError> {
        let next = if draw {
            self.draws.len()
        } else {
            self.discards.len()
        };
        let (draws, discards) = (&self.draws, &self.discards);
        let hashes = &self.hashes;
        let short = short_hash(key);
        match self.ids.entry(
            table_hash(short),
            |&id| stored_key(draws, discards, id) == key,
            // Growing the table reads the hashes kept by id, not the nodes' keys.
            |&id| table_hash(hashes[usize::from(id & DRAW_ID != 0)][(id & !DRAW_ID) as usize]),
        ) {
            Entry::Occupied(known) => return Ok(*known.get() & !DRAW_ID),
            Entry::Vacant(slot) => slot.insert(next as u32 | if draw { DRAW_ID } else { 0 }),
        };
        let states = self.ids.len();
        let full = if draw {
            next >= DRAW_ID as usize
        } else {
            next >= MAX_DISCARD_NODES
        };
        if states > self.problem.options.max_states || full {
            return Err(EvError::TooLarge(states));
        }
        if states % STOP_EVERY == 0 {
            self.stop.check()?;
        }
        let node = Node {
            key,
            shanten: 0,
            tiles: 0,
        };
        if draw {
            self.draws.push(node);
            self.range.push((0, 0));
        } else {
            self.discards.push(node);
        }
        self.hashes[usize::from(draw)].push(short);
        fresh.push((draw, next as u32));
        Ok(next as u32)
    }

    /// The packed state of a draw (`draw`) or discard node.
    fn key_of(&self, draw: bool, id: u32) -> u128 {
        if draw {
            self.draws[id as usize].key
        } else {
            self.discards[id as usize].key
        }
    }

    /// Gives the nodes of `fresh` their settled shanten and tiles.
    fn record(&mut self, fresh: &[Fresh], settled: &Settled) {
        for (&(draw, id), &(shanten, tiles, _)) in fresh.iter().zip(&settled.nodes) {
            let node = if draw {
                &mut self.draws[id as usize]
            } else {
                &mut self.discards[id as usize]
            };
            node.shanten = shanten;
            node.tiles = tiles;
        }
    }

    /// Adds the draws of draw node `id`: the kinds of `moves`, the scores of its wins in
    /// `scores` (settled).
    fn expand_draw(
        &mut self,
        id: u32,
        moves: u64,
        scores: &[f64],
        fresh: &mut Vec<Fresh>,
    ) -> Result<(), EvError> {
        let node = self.draws[id as usize];
        let mut scores = scores.iter();
        let start = self.forward.len() as u32;
        for k in Bits(moves) {
            let useful = node.tiles >> state::merged(k) & 1 != 0;
            let (score, haitei) = if node.shanten == 0 && useful {
                let score = scores.next().copied().unwrap_or(0.0);
                let haitei = match self.problem.haitei {
                    Some(_) => scores.next().copied().unwrap_or(0.0),
                    None => 0.0,
                };
                (score, haitei)
            } else {
                (0.0, 0.0)
            };
            // A win ends the hand: under [`Model::Pairi`] it is always taken, so the
            // complete hand needs no node.
            let target = if self.pairi() && score > 0.0 {
                WON
            } else {
                self.node(node.key + state::unit(k), false, fresh)?
            };
            let win = if score > 0.0 || haitei > 0.0 {
                self.wins.push((score, haitei));
                self.wins.len() as u32
            } else {
                0
            };
            self.forward.push(Draw {
                target,
                weight: self.problem.left_of(state::count(node.key, k), k),
                kind: k as u8,
                win,
            });
        }
        self.range[id as usize] = (start, self.forward.len() as u32);
        // The ippatsu chance lasts one draw: a draw that does not win leaves the same
        // hand without it.
        if node.key & IPPATSU != 0 {
            let twin = self.node(node.key & !IPPATSU, true, fresh)?;
            self.stays.push((id, twin));
        }
        Ok(())
    }

    /// Adds the discards of discard node `id`: the kinds of `moves` (settled).
    fn expand_discard(
        &mut self,
        id: u32,
        moves: u64,
        fresh: &mut Vec<Fresh>,
    ) -> Result<(), EvError> {
        let node = self.discards[id as usize];
        let riichi = node.key & RIICHI;
        for k in Bits(moves) {
            let keeps = node.tiles >> state::merged(k) & 1 != 0;
            // Riichi is declared on every closed tenpai reached by a discard (under
            // [`Model::Pairi`], it may be: dama is a choice too).
            let declare = self.problem.closed && node.shanten == 0 && keeps;
            let hand = (node.key & !FIRST) - state::unit(k);
            let key = if declare {
                hand | RIICHI | self.declared_now(node.key)
            } else {
                hand
            };
            let child = self.node(key, true, fresh)?;
            if self.pairi() {
                self.children.push((id, child));
                if declare && riichi == 0 {
                    let dama = self.node(hand, true, fresh)?;
                    self.children.push((id, dama));
                }
                continue;
            }
            // Drawing the discarded kind again returns to this node. When this node is
            // complete, the draw node it discards to draws that kind itself (at least
            // the copy discarded is left) into this node with the same flags, so that
            // edge, which carries the win, is the one kept: this one needs no score.
            self.back.push((
                child,
                Draw {
                    target: id,
                    weight: self.problem.left_of(state::count(node.key, k), k) + 1,
                    kind: k as u8,
                    win: 0,
                },
            ));
        }
        Ok(())
    }

    /// [`Model::Pairi`]: the flags a riichi declared now from discard node `from` adds:
    /// ippatsu on the next draw, and double riichi on the first discard.
    fn declared_now(&self, from: u128) -> u128 {
        if !self.pairi() || from & RIICHI != 0 {
            0
        } else if from & FIRST != 0 {
            IPPATSU | DOUBLE
        } else {
            IPPATSU
        }
    }

    /// The keys of nodes.
    fn keys(&self, fresh: &[Fresh]) -> Vec<(bool, u128)> {
        fresh
            .iter()
            .map(|&(draw, id)| (draw, self.key_of(draw, id)))
            .collect()
    }

    /// Expands the nodes one level made (settled in `settled`), in order; returns the
    /// nodes they made, settled.
    fn level(
        &mut self,
        made: &[Fresh],
        settled: &Settled,
    ) -> Result<(Vec<Fresh>, Settled), EvError> {
        self.record(made, settled);
        let mut fresh = Vec::with_capacity(2 * made.len());
        #[cfg(feature = "parallel")]
        if made.len() >= PIPELINE_FROM {
            return self.level_pipelined(made, settled, fresh);
        }
        for (i, &(draw, id)) in made.iter().enumerate() {
            self.expand(draw, id, settled.get(i), &mut fresh)?;
        }
        let next = self.settler.run_all(&self.keys(&fresh))?;
        Ok((fresh, next))
    }

    /// [`Builder::level`], settling the nodes made while the level is expanded: each
    /// run of new nodes (from [`PIPELINE_CHUNK`] to [`SETTLE_CHUNK`] by the level's
    /// size) is settled by a job another core takes, so that the numbering (on one core,
    /// to stay the same on every run) and the settling overlap.
    #[cfg(feature = "parallel")]
    fn level_pipelined(
        &mut self,
        made: &[Fresh],
        settled: &Settled,
        mut fresh: Vec<Fresh>,
    ) -> Result<(Vec<Fresh>, Settled), EvError> {
        let settler = self.settler;
        // Small jobs keep the other cores busy on a small level; larger ones cost less
        // to hand over on a large one.
        let chunk = (made.len() / 8).clamp(PIPELINE_CHUNK, SETTLE_CHUNK);
        let (done, parts) = std::sync::mpsc::channel();
        let expanded = rayon::scope(|jobs| -> Result<usize, EvError> {
            let mut sent = 0;
            for (i, &(draw, id)) in made.iter().enumerate() {
                self.expand(draw, id, settled.get(i), &mut fresh)?;
                while fresh.len() - sent >= chunk {
                    let keys = self.keys(&fresh[sent..sent + chunk]);
                    let (done, part) = (done.clone(), sent / chunk);
                    jobs.spawn(move |_| {
                        // The receiver outlives the scope: sending cannot fail.
                        let _ = done.send((part, settler.run(&keys)));
                    });
                    sent += chunk;
                }
            }
            Ok(sent)
        });
        drop(done);
        let mut parts: Vec<(usize, Result<Settled, EvError>)> = parts.into_iter().collect();
        let sent = expanded?;
        parts.sort_unstable_by_key(|&(part, _)| part);
        let mut parts: Vec<Settled> = parts
            .into_iter()
            .map(|(_, p)| p)
            .collect::<Result<_, _>>()?;
        parts.push(settler.run(&self.keys(&fresh[sent..]))?);
        // Joined once into tables of their whole size, not grown part by part.
        let mut next = Settled {
            nodes: Vec::with_capacity(fresh.len()),
            starts: Vec::with_capacity(fresh.len()),
            scores: Vec::with_capacity(parts.iter().map(|p| p.scores.len()).sum()),
        };
        for part in parts {
            next.append(part);
        }
        Ok((fresh, next))
    }

    /// Adds the moves of a settled node.
    fn expand(
        &mut self,
        draw: bool,
        id: u32,
        (moves, scores): (u64, &[f64]),
        fresh: &mut Vec<Fresh>,
    ) -> Result<(), EvError> {
        if draw {
            self.expand_draw(id, moves, scores, fresh)
        } else {
            self.expand_discard(id, moves, fresh)
        }
    }
}

impl Settled {
    /// Adds the nodes of `part` after these.
    #[cfg(feature = "parallel")]
    fn append(&mut self, part: Settled) {
        let base = self.scores.len() as u32;
        self.nodes.extend(part.nodes);
        self.starts.extend(part.starts.iter().map(|s| s + base));
        self.scores.extend(part.scores);
    }

    /// The moves and win scores of node `i`.
    fn get(&self, i: usize) -> (u64, &[f64]) {
        let start = self.starts[i] as usize;
        let end = self
            .starts
            .get(i + 1)
            .map_or(self.scores.len(), |&e| e as usize);
        (self.nodes[i].2, &self.scores[start..end])
    }
}

/// Tiles over the 34 kinds (bit `i` for tile index `i`) as kinds of the search: a
/// red five's kind with its five's.
fn spread(tiles: u64) -> u64 {
    let fives = |s: usize| (tiles >> (s * 9 + 4) & 1) << (state::RED + s);
    tiles | fives(0) | fives(1) | fives(2)
}

/// The set bits of a mask, lowest first.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let k = self.0.trailing_zeros() as usize;
        (self.0 != 0).then(|| {
            self.0 &= self.0 - 1;
            k
        })
    }
}

/// The mark of a draw node's id in [`Builder::ids`].
const DRAW_ID: u32 = 1 << 31;

/// The key of the node `id` of [`Builder::ids`] (a draw node's marked with
/// [`DRAW_ID`]).
fn stored_key(draws: &[Node], discards: &[Node], id: u32) -> u128 {
    if id & DRAW_ID != 0 {
        draws[(id & !DRAW_ID) as usize].key
    } else {
        discards[id as usize].key
    }
}

/// The hash of a packed state in [`Builder::ids`].
fn hash_of(key: u128) -> u64 {
    table_hash(short_hash(key))
}

/// A packed state's hash in 32 bits, kept by node ([`Builder::hashes`]): the two
/// halves folded by multiplication, the top bits of a product depending on every bit
/// of what was multiplied.
fn short_hash(key: u128) -> u32 {
    let (low, high) = (key as u64, (key >> 64) as u64);
    ((low.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ high).wrapping_mul(0xf135_7aea_2e62_a9c5) >> 32)
        as u32
}

/// The id table's hash of a [`short_hash`]: spread over 64 bits, as the table places an
/// entry by the low bits and tags it with the top seven.
fn table_hash(short: u32) -> u64 {
    u64::from(short).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A search checks its [`Stop`] each time it has made this many more nodes (their
/// settling checks on its own, [`SETTLE_CHECK`]).
const STOP_EVERY: usize = 512;
/// Settling checks the search's [`Stop`] each time it has settled this many nodes
/// (some microseconds each: well under a millisecond).
const SETTLE_CHECK: usize = 32;
/// Room for this many nodes is made at once: most searches need more.
const INITIAL_IDS: usize = 1024;
/// Room for this many nodes of each kind, and edges, is made at once: a small search
/// then grows no table (a few kilobytes each, against a dozen reallocations).
const INITIAL_NODES: usize = 128;
const INITIAL_EDGES: usize = 512;

/// A level of at least this many nodes is settled on every core.
#[cfg(feature = "parallel")]
const PARALLEL_LEVEL: usize = 256;
/// Nodes settled together on one core.
#[cfg(feature = "parallel")]
const SETTLE_CHUNK: usize = 256;
/// The fewest nodes a job settles while a level is expanded.
#[cfg(feature = "parallel")]
const PIPELINE_CHUNK: usize = 64;
/// A level of at least this many nodes settles the nodes it makes while it is expanded
/// (handing work to another core costs tens of microseconds: a small level is faster on
/// one).
#[cfg(feature = "parallel")]
const PIPELINE_FROM: usize = 256;

impl Graph {
    pub(crate) fn build(
        problem: &Problem,
        scorer: &WinScorer,
        progress: &mut dyn FnMut(usize),
        stop: &Stop,
    ) -> Result<Graph, EvError> {
        let mut b = Builder {
            problem,
            stop,
            settler: Settler {
                problem,
                scorer,
                stop,
            },
            ids: HashTable::with_capacity(INITIAL_IDS.min(problem.options.max_states)),
            hashes: [
                Vec::with_capacity(INITIAL_NODES),
                Vec::with_capacity(INITIAL_NODES),
            ],
            draws: Vec::with_capacity(INITIAL_NODES),
            discards: Vec::with_capacity(INITIAL_NODES),
            forward: Vec::with_capacity(INITIAL_EDGES),
            range: Vec::with_capacity(INITIAL_NODES),
            back: Vec::with_capacity(INITIAL_EDGES),
            wins: Vec::new(),
            children: Vec::new(),
            stays: Vec::new(),
        };
        let tiles: u32 = problem.hand.iter().map(|&n| u32::from(n)).sum();
        let draw = tiles as usize + 3 * problem.melds == 13;
        // A riichi on the first discard (after the first draw, or the dealer's dealt 14
        // tiles) is a double riichi.
        let first = problem.options.model == Model::Pairi && !draw && problem.turn <= 1;
        let key = state::pack(&problem.hand) | if first { FIRST } else { 0 };
        let mut level = Vec::new();
        let id = b.node(key, draw, &mut level)?;
        let mut settled = b.settler.run(&b.keys(&level))?;
        let root = if draw {
            Root::Draw(id)
        } else {
            Root::Discard(id)
        };
        let mut reported = 0;
        while !level.is_empty() {
            stop.check()?;
            (level, settled) = b.level(&level, &settled)?;
            let states = b.ids.len();
            if states >= reported + 65_536 {
                reported = states;
                progress(states);
            }
        }
        let candidates = b.candidates(root);
        Ok(b.finish(candidates)?)
    }

    /// Where draw node `i` is after a draw without an edge: itself, or the node of
    /// [`Graph::stays`].
    pub(crate) fn stay(&self, i: u32) -> u32 {
        self.stays
            .binary_search_by_key(&i, |&(node, _)| node)
            .map_or(i, |at| self.stays[at].1)
    }

    /// Bytes of the graph's tables on the heap.
    pub(crate) fn bytes(&self) -> usize {
        bytes_of(&self.draws)
            + bytes_of(&self.discards)
            + self.plain.bytes()
            + self.wins.bytes()
            + bytes_of(&self.weights)
            + bytes_of(&self.tenpai)
            + bytes_of(&self.wall_sizes)
            + self.choices.bytes()
            + bytes_of(&self.candidates)
            + bytes_of(&self.stays)
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
                        (Some(state::kind_between(node.key, child) as u8), c)
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
                        // Only a draw node holds a 13 − 3k hand.
                        self.ids
                            .find(hash_of(key), |&id| {
                                stored_key(&self.draws, &self.discards, id) == key
                            })
                            .map(|&d| (Some(k as u8), d & !DRAW_ID))
                    })
                    .collect()
            }
        }
    }

    /// Compressed rows, one edge per (draw node, target): the draws of a node, then
    /// the draws back into the discard nodes that made it, unless already there.
    fn finish(self, candidates: Vec<(Option<u8>, u32)>) -> Result<Graph, Stopped> {
        let n = self.draws.len();
        // Draws back, by their source, each node's in kind order like its own draws:
        // the levels find them in the order their discard nodes were numbered, which a
        // stable sort keeps for the discard nodes of one kind (a riichi and the same
        // hand before it).
        let mut back = Rows::grouped(n, &self.back);
        for i in 0..n {
            if i % CHECK_NODES == 0 {
                self.stop.check()?;
            }
            back.row_mut(i).sort_by_key(|d| d.kind);
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
        plain.start.reserve(n);
        // Every draw and draw back at most, so the rows never grow.
        let edges = self.forward.len() + self.back.len();
        plain.items.reserve(edges);
        let mut wins = Rows::new();
        wins.start.reserve(n);
        let mut weights = Vec::with_capacity(n);
        // (discard node, draw node with a draw into it).
        let mut into = Vec::with_capacity(if pairi { 0 } else { edges });
        for i in 0..n {
            if i % CHECK_NODES == 0 {
                self.stop.check()?;
            }
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
                let points = d.win.checked_sub(1).and_then(|w| self.wins.get(w as usize));
                if let Some(&(score, haitei)) = points {
                    wins.items.push(WinEdge {
                        target: d.target,
                        weight: d.weight,
                        score,
                        haitei,
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
        let tenpai = self.draws.iter().map(|d| d.shanten == 0).collect();
        let mut graph = Graph {
            tenpai,
            draws: self.draws,
            discards: self.discards,
            plain,
            wins,
            weights,
            wall_sizes,
            choices,
            candidates,
            model,
            stays: self.stays,
            built_bytes: 0,
        };
        // The id table: an id and a control byte a slot.
        let ids = self.ids.capacity() * (std::mem::size_of::<u32>() + 1);
        graph.built_bytes = graph.bytes()
            + ids
            + bytes_of(&self.forward)
            + bytes_of(&self.range)
            + bytes_of(&self.back)
            + bytes_of(&self.hashes[0])
            + bytes_of(&self.hashes[1])
            + bytes_of(&self.wins)
            + bytes_of(&self.children)
            + back.bytes()
            + bytes_of(&into);
        Ok(graph)
    }
}

#[cfg(all(test, feature = "parallel"))]
mod tests {
    use crate::ev::{evaluate, EvError, Model, Options, Setup};
    use crate::notation::{parse_hand, parse_tile};

    /// The same answer, to the bit, on one core and on two: the nodes are numbered in
    /// one order whichever core settles them (levels of a few thousand nodes, each
    /// model, red fives and ura dora).
    #[test]
    fn build_ok_same_on_one_core_and_two() {
        for (hand, model) in [
            ("35669m233347p68s", Model::Compat),
            ("2305567m134p349s", Model::Compat),
            ("123455m8p4055689s", Model::Pairi),
        ] {
            let mut setup = Setup::new(parse_hand(hand).unwrap());
            setup.dora = vec![parse_tile("4p").unwrap()];
            let options = Options {
                model,
                ..Options::default()
            };
            let on = |threads: usize| {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                pool.install(|| evaluate(&setup, &options).unwrap())
            };
            let one = on(1);
            assert!(one.searched > 2_500, "{hand}: {} states", one.searched);
            assert_eq!(one, on(2), "{hand}");
        }
    }

    /// A search past its bound stops with the state that passed it, on one core and on
    /// two (while other cores settle the level being numbered).
    #[test]
    fn build_err_too_large_past_the_bound() {
        let setup = Setup::new(parse_hand("2305567m134p349s").unwrap());
        for max_states in [1, 700, 5_000] {
            let options = Options {
                max_states,
                ..Options::default()
            };
            for threads in [1, 2] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                let got = pool.install(|| evaluate(&setup, &options));
                assert_eq!(got, Err(EvError::TooLarge(max_states + 1)), "{max_states}");
            }
        }
    }
}
