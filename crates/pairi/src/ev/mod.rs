//! Expected value of each discard (期待値 / 期望值): the probability of reaching tenpai
//! and of winning by each later turn, and the expected score, computed exactly over
//! every way the hand can develop.
//!
//! # The model
//!
//! [`Model::Compat`] is the single-player model of nekobean/mahjong-cpp's expected-score
//! calculator (version 0.9.8), restated in `docs/ev-model.md`: the player draws alone
//! until the last turn, never calls, declares riichi on every closed tenpai, and wins
//! only by self-draw. A hand state is the concealed tiles (red fives a kind of their
//! own) with the riichi flag; a *draw node* holds 13 − 3k tiles and waits to draw, a
//! *discard node* holds 14 − 3k and chooses a discard. Drawing kind `k` has weight
//! `W(H)[k]` = copies of `k` in the initial wall plus those of the initial hand minus
//! those held (discards go back to the wall), over a denominator `S − t` fixed by the
//! initial wall. Draws that do not lower the shanten are explored only while the hand
//! stays within the search radius of the best; every discard node reached by a discard
//! is also reached again by drawing that tile back. The values of a node are computed
//! turn by turn from the last turn back (backward induction), each of the three
//! maximised on its own, as the model has it.
//!
//! Every distinct hand is one node, whatever the paths to it: the graph of a 3-shanten
//! hand has at most a few hundred thousand nodes while its paths are countless, which
//! is what keeps the "wait tree" of every path to tenpai bounded.
//!
//! ```
//! use pairi::ev::{evaluate, Options, Setup};
//! use pairi::notation::parse_hand;
//!
//! let setup = Setup::new(parse_hand("123m456p789s11223z").unwrap());
//! let ev = evaluate(&setup, &Options::default()).unwrap();
//! // Discarding 3z keeps tenpai on a 1z/2z wait: sure tenpai, a fair chance to win.
//! let best = ev.discards.iter().find(|d| d.tile.map(|p| p.to_string()) == Some("3z".into())).unwrap();
//! assert_eq!(best.shanten, 0);
//! assert_eq!(best.tenpai[1], 1.0);
//! assert!(best.win[1] > 0.3);
//! ```

mod calls;
mod explain;
mod graph;
mod score;
mod simulate;
mod state;
mod values;

pub use calls::{calls, swap_call_discards, Call, CallValue};
pub use explain::{Explanation, FirstDraw, Path, Step};
pub use simulate::{Estimate, Simulated};

use crate::error::ErrorKind;
use crate::hand::{Hand, HandError, MeldKind};
use crate::riichi::rules::Players;
use crate::riichi::rules::RedFives;
use crate::riichi::{self, Preset, Rules, ScoreError, WinContext};
use crate::shanten;
use crate::tile::{Pai, Tile, TileCounts, TileSet, Wind};
use crate::util::{Stop, Stopped};
use state::{Counts, KINDS, RED};

/// The last turn the model plays to (a live wall gives each player 18 draws at most).
pub const MAX_TURNS: u8 = 18;

/// The draw that takes the last tile of a four-player wall when nobody calls or makes a
/// kong: 122 live tiles less 52 dealt leave 70 draws, the dealer's first; South draws
/// the 2nd, 6th, ... 70th, so South's 18th draw is the last tile. (West and North draw
/// 17 times, the dealer's 18th is the 69th tile; with three players the 55th and last
/// draw is the dealer's 19th, beyond [`MAX_TURNS`].)
const HAITEI_TURN: u8 = 18;
/// The search takes hands up to this far from tenpai (the reference stops at 3). A
/// 4-shanten hand's graph often passes a million states: [`Options::max_states`]
/// bounds it, and a search past the bound is refused ([`EvError::TooLarge`]).
pub const MAX_SHANTEN: i8 = 4;
/// The search radius (the reference's `extra`) is at most this.
pub const MAX_RADIUS: u8 = 2;

/// Which model of play the values follow.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Model {
    /// The reference's model (`docs/ev-model.md`), reproduced quirks included.
    #[default]
    Compat,
    /// pairi's model: one policy (the one maximising the quantity asked) behind all
    /// three values; riichi or dama is a choice; a discard is gone (only the tiles
    /// drawn and held leave the wall, and each draw is one of the tiles left, so
    /// probabilities stay in [0, 1]); no return to a discard node by drawing its
    /// discard again; a win is always taken; a riichi wins with ippatsu on the next
    /// draw, and is a double riichi when declared on the first discard (turn 1);
    /// South's 18th draw, the last tile of the wall, wins by haitei.
    Pairi,
}

/// The quantity a table is sorted by (and, where the model has one policy, maximised).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Maximize {
    /// Expected score.
    #[default]
    Score,
    /// Win probability.
    Win,
    /// Tenpai probability.
    Tenpai,
}

/// How the search runs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(clippy::struct_excessive_bools)]
pub struct Options {
    /// The model of play.
    pub model: Model,
    /// How far beyond the best shanten the search may wander (drawn tiles not in the
    /// initial hand plus shanten, against the initial shanten plus this).
    pub search_radius: u8,
    /// Red fives are dora and their own kind; off, every red five is read as a five.
    pub red_fives: bool,
    /// Riichi wins count ura dora, as an expectation over the wall.
    pub ura: bool,
    /// Discards that raise the shanten are explored (向聴戻し), inside the radius.
    pub shanten_back: bool,
    /// Draws that keep the shanten are explored (手変わり), inside the radius.
    pub hand_changes: bool,
    /// The quantity the policy of [`Model::Pairi`] maximises (the others are valued
    /// under that policy); under [`Model::Compat`] each is maximised on its own.
    pub maximize: Maximize,
    /// The search stops with [`EvError::TooLarge`] past this many hand states (about
    /// 230 bytes each on large graphs, reported as [`Evaluation::memory_bytes`]).
    pub max_states: usize,
}

/// The default bound on the hand states of one search: four times the largest shared
/// case, about half a gigabyte.
pub const MAX_STATES: usize = 2_000_000;

/// A pass over every node of a graph (a turn's values, the count of paths to tenpai)
/// checks its [`Stop`] each time it has gone through this many nodes: a tenth of a
/// millisecond or so, so that a stopped search ends at once and a search
/// [yielding](crate::util::Yield) to other work gives way within a fraction of a
/// millisecond.
pub(crate) const CHECK_NODES: usize = 4096;

impl Default for Options {
    /// The reference server's settings: radius 1, every option on.
    fn default() -> Self {
        Options {
            model: Model::Compat,
            search_radius: 1,
            red_fives: true,
            ura: true,
            shanten_back: true,
            hand_changes: true,
            maximize: Maximize::Score,
            max_states: MAX_STATES,
        }
    }
}

/// The position: the hand (13 − 3k or 14 − 3k concealed tiles and its melds), winds,
/// dora indicators, the turn and the wall.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The hand.
    pub hand: Hand,
    /// Round wind.
    pub round_wind: Wind,
    /// Seat wind (East is the dealer).
    pub seat_wind: Wind,
    /// Dora indicators.
    pub dora: Vec<Pai>,
    /// Tiles seen elsewhere (rivers, other players' melds): not in the wall. Ignored
    /// with a `wall` given.
    pub visible: Vec<Pai>,
    /// Draws made so far (1 is the first draw): the first turn valued.
    pub turn: u8,
    /// The last turn with a draw, at most [`MAX_TURNS`].
    pub t_max: u8,
    /// The tiles left to draw, per kind (a five counting its red copies) and red fives
    /// per suit; `None` for every copy not in the hand, its melds or the indicators.
    pub wall: Option<(TileCounts, [u8; 3])>,
    /// Four players, or three (no 2m–8m, 1m indicates 9m, self-draws pay as the
    /// three-player rules say).
    pub players: Players,
}

impl Setup {
    /// `hand` at the first draw, East round, East seat, no dora, the full wall.
    #[must_use]
    pub fn new(hand: Hand) -> Setup {
        Setup {
            hand,
            round_wind: Wind::East,
            seat_wind: Wind::East,
            dora: Vec::new(),
            visible: Vec::new(),
            turn: 1,
            t_max: MAX_TURNS,
            wall: None,
            players: Players::Four,
        }
    }
}

/// The values of one candidate discard (or of the hand itself when it has 13 − 3k
/// tiles).
#[derive(Clone, Debug, PartialEq)]
pub struct DiscardValue {
    /// The tile discarded (red for a red five); `None` for a 13 − 3k hand.
    pub tile: Option<Pai>,
    /// Shanten after the discard.
    pub shanten: i8,
    /// Tenpai probability by turn `0..=t_max` (0 before the setup's turn).
    pub tenpai: Vec<f64>,
    /// Win probability by turn.
    pub win: Vec<f64>,
    /// Expected score by turn (points received on a win, 0 without one).
    pub score: Vec<f64>,
    /// The useful tiles after the discard, with their copies in the initial wall.
    pub useful: Vec<(Tile, u8)>,
    /// Riichi is declared with the discard (always on reaching closed tenpai under
    /// [`Model::Compat`]; the policy's choice at the turn asked under [`Model::Pairi`]).
    pub riichi: bool,
    /// [`Model::Pairi`], a discard into closed tenpai: its values with riichi declared
    /// and without (dama), of which the policy takes the better turn by turn (the
    /// arrays above).
    pub declare: Option<Declare>,
}

/// A discard into closed tenpai valued both ways ([`DiscardValue::declare`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Declare {
    /// Riichi declared with the discard (ippatsu on the next draw, a double riichi on
    /// the first discard).
    pub riichi: Line,
    /// No riichi (ダマ): the hand may still change its wait.
    pub dama: Line,
}

/// Tenpai probability, win probability and expected score by turn `0..=t_max` of one
/// way to play.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Line {
    /// Tenpai probability by turn.
    pub tenpai: Vec<f64>,
    /// Win probability by turn.
    pub win: Vec<f64>,
    /// Expected score by turn.
    pub score: Vec<f64>,
}

/// The value of `metric` at `turn` in a line's (tenpai, win, score) arrays by turn (0
/// past the arrays): what [`Line::at`] and [`DiscardValue::at`] read.
fn value_at(tenpai: &[f64], win: &[f64], score: &[f64], metric: Maximize, turn: u8) -> f64 {
    let v = match metric {
        Maximize::Score => score,
        Maximize::Win => win,
        Maximize::Tenpai => tenpai,
    };
    v.get(usize::from(turn)).copied().unwrap_or(0.0)
}

impl Line {
    /// The value of `metric` at `turn` (0 past the arrays).
    #[must_use]
    pub fn at(&self, metric: Maximize, turn: u8) -> f64 {
        value_at(&self.tenpai, &self.win, &self.score, metric, turn)
    }

    /// (win probability, expected score) at `turn`.
    #[must_use]
    pub fn win_score(&self, turn: u8) -> (f64, f64) {
        (self.at(Maximize::Win, turn), self.at(Maximize::Score, turn))
    }
}

impl Maximize {
    /// Its place in a (tenpai, win, score) triple.
    pub(crate) const fn index(self) -> usize {
        match self {
            Maximize::Tenpai => 0,
            Maximize::Win => 1,
            Maximize::Score => 2,
        }
    }
}

impl DiscardValue {
    /// The value of `metric` at `turn` (0 past the arrays).
    #[must_use]
    pub fn at(&self, metric: Maximize, turn: u8) -> f64 {
        value_at(&self.tenpai, &self.win, &self.score, metric, turn)
    }

    /// (win probability, expected score) at `turn`.
    #[must_use]
    pub fn win_score(&self, turn: u8) -> (f64, f64) {
        (self.at(Maximize::Win, turn), self.at(Maximize::Score, turn))
    }
}

impl Evaluation {
    /// The values of the discard of `pai`: that very tile's, else (a red five asked
    /// where the plain one was searched, or the other way round) its kind's.
    #[must_use]
    pub fn discard_of(&self, pai: Pai) -> Option<&DiscardValue> {
        self.discards
            .iter()
            .find(|d| d.tile == Some(pai))
            .or_else(|| {
                self.discards
                    .iter()
                    .find(|d| d.tile.is_some_and(|t| t.tile() == pai.tile()))
            })
    }

    /// The discard of the highest expected score at `turn` among those whose kind is
    /// not in `forbidden` (the last of equal ones).
    #[must_use]
    pub fn best_discard(&self, turn: u8, forbidden: TileSet) -> Option<&DiscardValue> {
        self.discards
            .iter()
            .filter(|d| d.tile.is_some_and(|p| !forbidden.contains(p.tile())))
            .max_by(|a, b| {
                a.at(Maximize::Score, turn)
                    .total_cmp(&b.at(Maximize::Score, turn))
            })
    }
}

/// The answer: the hand's shanten, the nodes searched, the candidates in tile order
/// (1m … 7z, then red 5m, 5p, 5s).
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Shanten of the hand as given.
    pub shanten: i8,
    /// Hand states searched (draw and discard nodes, with and without riichi).
    pub searched: usize,
    /// Bytes the search held at its largest: the builder's tables with the graph's at
    /// the end of the build, or the graph with its values by turn, whichever is more
    /// (counted from the tables' capacities; [`Options::max_states`] bounds it).
    pub memory_bytes: usize,
    /// One entry per discard explored; one entry with no tile for a 13 − 3k hand.
    pub discards: Vec<DiscardValue>,
}

/// Why a position cannot be evaluated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EvError {
    /// The hand itself is not a hand (`invalid_hand`).
    #[error(transparent)]
    Hand(#[from] HandError),
    /// A win in the search could not be scored (`invalid_hand`).
    #[error(transparent)]
    Score(#[from] ScoreError),
    /// A 14 − 3k hand that is already complete has nothing to choose (`invalid_hand`).
    #[error("the hand is already complete: score it instead")]
    Complete,
    /// Too far from tenpai for an exact search (`invalid_request`).
    #[error("the hand is {0}-shanten: the search takes hands up to {MAX_SHANTEN}-shanten")]
    TooFar(i8),
    /// Turns out of range (`invalid_request`).
    #[error(
        "turns must satisfy 0 <= turn <= t_max <= {MAX_TURNS}; got turn {turn}, t_max {t_max}"
    )]
    Turns {
        /// The first turn asked.
        turn: u8,
        /// The last turn asked.
        t_max: u8,
    },
    /// The search radius is out of range (`invalid_request`).
    #[error("the search radius is at most {MAX_RADIUS}; got {0}")]
    Radius(u8),
    /// A custom wall holds more of a kind than is left (`invalid_request`).
    #[error("the wall holds {copies} of {pai}, more than the {left} not in the hand, melds or indicators")]
    Wall {
        /// The tile (red for the red count).
        pai: Pai,
        /// Copies the wall gives.
        copies: u8,
        /// Copies not seen.
        left: u8,
    },
    /// The search outgrew its bounds (`too_large`).
    #[error("the search passed {0} hand states: lower the search radius, the shanten or turn off hand changes, or raise max_states")]
    TooLarge(usize),
    /// The search was stopped by its [`Stop`] (`timeout`).
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// More copies are seen than exist (`invalid_hand`).
    #[error("{copies} {pai} seen, but only {left} are not in the hand, melds or indicators")]
    Visible {
        /// The tile.
        pai: Pai,
        /// Copies seen.
        copies: u8,
        /// Copies not in the hand, melds or indicators.
        left: u8,
    },
    /// Only the pairi model's values are probabilities of one policy (`invalid_request`).
    #[error("only the pairi model can be simulated: its three values follow one policy")]
    NotSimulable,
    /// Calls were asked for a hand that does not wait to draw (`invalid_request`).
    #[error(
        "a call is made by a hand waiting to draw (13 - 3k tiles): this hand has a tile to discard"
    )]
    CallHand,
    /// The wall has too few tiles for the turns asked (`invalid_request`).
    #[error("the wall holds {tiles} tiles, too few for turn {t_max}")]
    ShortWall {
        /// Tiles in the wall.
        tiles: u32,
        /// The last turn asked.
        t_max: u8,
    },
}

impl EvError {
    /// The JSON error kind.
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        match self {
            EvError::Hand(_) | EvError::Score(_) | EvError::Complete | EvError::Visible { .. } => {
                ErrorKind::InvalidHand
            }
            EvError::TooFar(_)
            | EvError::Turns { .. }
            | EvError::Radius(_)
            | EvError::Wall { .. }
            | EvError::ShortWall { .. }
            | EvError::CallHand
            | EvError::NotSimulable => ErrorKind::InvalidRequest,
            EvError::TooLarge(_) => ErrorKind::TooLarge,
            EvError::Stopped(s) => s.kind(),
        }
    }
}

/// The checked inputs of a search.
pub(crate) struct Problem {
    /// The concealed tiles.
    pub(crate) hand: Counts,
    /// Declared melds (kongs included).
    pub(crate) melds: usize,
    /// No melds but concealed kongs: riichi is possible.
    pub(crate) closed: bool,
    /// The initial wall per kind.
    pub(crate) wall: Counts,
    /// The initial wall plus the initial hand: under [`Model::Compat`] the wall of a
    /// state `H` is `pool − H` (discards go back).
    pub(crate) pool: Counts,
    /// The scoring rules: the default preset for the players, red fives as asked.
    pub(crate) rules: Rules,
    /// Tiles in the initial wall (the `S` of the denominator `S − t`).
    pub(crate) total: u32,
    /// Shanten of the hand as given.
    pub(crate) shanten: i8,
    pub(crate) turn: u8,
    pub(crate) t_max: u8,
    /// [`Model::Pairi`]: the turn whose draw is the last tile of the wall, where a
    /// self-draw wins by haitei, if this seat draws it within [`MAX_TURNS`]; see
    /// [`HAITEI_TURN`].
    pub(crate) haitei: Option<u8>,
    pub(crate) options: Options,
    /// The three-player wall, when three play: shanten is counted on it.
    pub(crate) sanma: Option<crate::wall::Wall>,
}

/// Counts of a hand over the search's kinds; red fives folded into fives unless
/// `red` is on.
fn kinds_of(pais: impl Iterator<Item = Pai>, red: bool) -> Counts {
    let mut c = [0u8; KINDS];
    for p in pais {
        let k = if red {
            state::kind_of(p)
        } else {
            p.tile().index()
        };
        c[k] = c[k].saturating_add(1);
    }
    c
}

impl Problem {
    /// Copies of kind `k` left to draw in state `c`: the reference returns discards to
    /// the wall (`pool − H`); [`Model::Pairi`] only takes out the tiles drawn and still
    /// held.
    pub(crate) fn left(&self, c: &Counts, k: usize) -> u8 {
        self.left_of(c[k], k)
    }

    /// [`Problem::left`] for a state holding `held` copies of kind `k`.
    pub(crate) fn left_of(&self, held: u8, k: usize) -> u8 {
        match self.options.model {
            Model::Compat => self.pool[k].saturating_sub(held),
            Model::Pairi => self.wall[k].saturating_sub(held.saturating_sub(self.hand[k])),
        }
    }

    fn new(setup: &Setup, options: &Options) -> Result<Problem, EvError> {
        let (turn, t_max) = (setup.turn, setup.t_max);
        if turn > t_max || t_max > MAX_TURNS {
            return Err(EvError::Turns { turn, t_max });
        }
        if options.search_radius > MAX_RADIUS {
            return Err(EvError::Radius(options.search_radius));
        }
        let red = options.red_fives;
        let hand = &setup.hand;
        let mut rules = Preset::Default.rules().with_players(setup.players);
        // The players' wall, with its red fives whatever `red` says: without them a red
        // five is read as a five below.
        let game = rules.wall();
        if !red {
            rules.red_fives = RedFives::None;
        }
        hand.validate(&game)?;
        // The scorer's own check of the players' rules (chi and a North seat or round
        // with three players), on a self-draw in these winds.
        let winds = WinContext::tsumo(Tile::EAST.black())
            .with_winds(setup.round_wind, setup.seat_wind)
            .map_err(ScoreError::from)?;
        riichi::score::check_players(hand, &winds, &rules)?;
        let melds = hand.melds().len();
        let pais = hand.concealed_pais();
        let concealed = kinds_of(pais.iter().copied(), red);
        let size = hand.size()?;
        // Every copy seen: hand, melds, indicators.
        let seen = kinds_of(
            pais.into_iter()
                .chain(hand.melds().iter().flat_map(|m| m.pais()))
                .chain(setup.dora.iter().copied()),
            red,
        );
        let mut left = [0u8; KINDS];
        for k in 0..KINDS {
            let tile = Tile::new_unchecked(state::merged(k) as u8);
            let reds = if red && is_five(state::merged(k)) {
                game.red()[state::merged(k) / 9]
            } else {
                0
            };
            let copies: u8 = if k >= RED {
                reds
            } else {
                // A black five's copies leave room for the red one.
                game.copies(tile) - reds
            };
            left[k] = copies.saturating_sub(seen[k]);
            if seen[k] > copies {
                return Err(HandError::TooManyCopies {
                    tile,
                    count: u32::from(seen[k]),
                }
                .into());
            }
        }
        let wall = match setup.wall {
            None => {
                let visible = kinds_of(setup.visible.iter().copied(), red);
                let mut wall = left;
                for k in 0..KINDS {
                    if visible[k] > wall[k] {
                        let p = state::pai(k);
                        return Err(EvError::Visible {
                            pai: if red { p } else { p.tile().black() },
                            copies: visible[k],
                            left: wall[k],
                        });
                    }
                    wall[k] -= visible[k];
                }
                wall
            }
            Some((counts, reds)) => custom_wall(&counts, reds, &left, red)?,
        };
        let total: u32 = wall.iter().map(|&n| u32::from(n)).sum();
        if total <= u32::from(t_max) {
            return Err(EvError::ShortWall {
                tiles: total,
                t_max,
            });
        }
        let merged = state::merge(&concealed);
        let s = shanten::riichi_on(&merged, melds, &game)?.min();
        if size == crate::hand::HandSize::Drawn && s < 0 {
            return Err(EvError::Complete);
        }
        if s > MAX_SHANTEN {
            return Err(EvError::TooFar(s));
        }
        let closed = hand.melds().iter().all(|m| m.kind() == MeldKind::ClosedKan);
        let mut pool = wall;
        for (p, h) in pool.iter_mut().zip(concealed) {
            *p += h;
        }
        Ok(Problem {
            pool,
            rules,
            hand: concealed,
            melds,
            closed,
            wall,
            total,
            shanten: s,
            turn,
            t_max,
            haitei: (options.model == Model::Pairi
                && setup.players == Players::Four
                && setup.seat_wind == Wind::South)
                .then_some(HAITEI_TURN),
            options: *options,
            sanma: (setup.players == Players::Three).then_some(game),
        })
    }
}

const fn is_five(k: usize) -> bool {
    k < 27 && k % 9 == 4
}

/// The wall of a request: 34 counts (a five with its red copies) and red counts, each
/// at most what is left.
fn custom_wall(
    counts: &TileCounts,
    reds: [u8; 3],
    left: &Counts,
    red: bool,
) -> Result<Counts, EvError> {
    let mut w = [0u8; KINDS];
    for t in Tile::all() {
        let k = t.index();
        let n = counts.get(t);
        let (black, r) = if is_five(k) {
            let s = k / 9;
            let r = reds[s].min(n);
            if red {
                (n - r, r)
            } else {
                (n, 0)
            }
        } else {
            (n, 0)
        };
        let avail = left[k];
        if black > avail {
            return Err(EvError::Wall {
                pai: t.black(),
                copies: black,
                left: avail,
            });
        }
        w[k] = black;
        if is_five(k) && red {
            let rk = RED + k / 9;
            if r > left[rk] {
                return Err(EvError::Wall {
                    pai: t.red().unwrap_or(t.black()),
                    copies: r,
                    left: left[rk],
                });
            }
            w[rk] = r;
        }
    }
    Ok(w)
}

/// Evaluates every discard of the setup's hand (or the hand itself with 13 − 3k
/// tiles).
///
/// A search allocates its tables afresh. A program running many is faster with an
/// allocator that keeps freed memory for the next (the `pairi` binary links mimalloc):
/// the system allocator of Linux returns large tables to the kernel, and each search
/// then faults their pages in again.
///
/// # Errors
///
/// [`EvError`]: a hand that is not a hand or is complete with 14 − 3k tiles, more than
/// [`MAX_SHANTEN`] from tenpai, turns or radius out of range, a wall holding more than
/// is left.
pub fn evaluate(setup: &Setup, options: &Options) -> Result<Evaluation, EvError> {
    evaluate_with(setup, options, &mut |_| {}, &Stop::never())
}

/// [`evaluate`], reporting progress (nodes built so far) to `progress` now and then,
/// and giving up with [`EvError::Stopped`] soon after `stop` is set (the build checks
/// it every few thousand nodes, the values every turn).
///
/// # Errors
///
/// As [`evaluate`]; [`EvError::Stopped`].
pub fn evaluate_with(
    setup: &Setup,
    options: &Options,
    progress: &mut dyn FnMut(usize),
    stop: &Stop,
) -> Result<Evaluation, EvError> {
    let problem = Problem::new(setup, options)?;
    let scorer = scorer_of(setup, &problem)?;
    let graph = graph::Graph::build(&problem, &scorer, progress, stop)?;
    Ok(values::evaluate(&problem, &graph, None, stop)?.0)
}

/// [`evaluate`], with the explanation of every candidate for `metric`: first draws,
/// the `paths` most likely paths to a win, the number of paths to tenpai; progress and
/// `stop` as [`evaluate_with`] (the explanation checks `stop` along its paths too).
///
/// # Errors
///
/// As [`evaluate_with`].
pub fn explain(
    setup: &Setup,
    options: &Options,
    metric: Maximize,
    paths: usize,
    progress: &mut dyn FnMut(usize),
    stop: &Stop,
) -> Result<(Evaluation, Vec<Explanation>), EvError> {
    let problem = Problem::new(setup, options)?;
    let scorer = scorer_of(setup, &problem)?;
    let graph = graph::Graph::build(&problem, &scorer, progress, stop)?;
    let (ev, history) = values::evaluate(&problem, &graph, Some(metric.index()), stop)?;
    let why = explain::explain(&problem, &graph, &history, metric, paths, stop)?;
    Ok((ev, why))
}

/// [`evaluate`] under [`Model::Pairi`], then `games` seeded games of the Monte Carlo
/// player per candidate (see [`Simulated`]): the exact values and their simulation.
///
/// # Errors
///
/// As [`evaluate`]; [`EvError::NotSimulable`] under [`Model::Compat`], whose values are
/// not probabilities of one policy.
pub fn simulate(
    setup: &Setup,
    options: &Options,
    games: u64,
    seed: u64,
) -> Result<(Evaluation, Vec<Simulated>), EvError> {
    if options.model != Model::Pairi {
        return Err(EvError::NotSimulable);
    }
    let problem = Problem::new(setup, options)?;
    let scorer = scorer_of(setup, &problem)?;
    let never = Stop::never();
    let graph = graph::Graph::build(&problem, &scorer, &mut |_| {}, &never)?;
    let (ev, history) = values::evaluate(&problem, &graph, Some(options.maximize.index()), &never)?;
    let sims = simulate::simulate(&problem, &graph, &history, games.max(2), seed);
    Ok((ev, sims))
}

fn scorer_of(setup: &Setup, problem: &Problem) -> Result<score::WinScorer, EvError> {
    let red = problem.options.red_fives;
    let fold = |p: Pai| if red { p } else { p.tile().black() };
    let melds = setup.hand.melds().to_vec();
    score::WinScorer::new(
        melds,
        (setup.round_wind, setup.seat_wind),
        setup.dora.iter().copied().map(fold).collect(),
        problem.options.ura,
        problem.rules,
        problem.pool,
    )
}
