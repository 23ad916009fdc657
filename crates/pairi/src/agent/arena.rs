//! The arena: many games between agents, and how each agent did, with confidence
//! intervals.
//!
//! # Games and seeds
//!
//! The agents are a list of *slots*, one per seat, each with a label; slots with the
//! same label are one agent in the results. Game `i` is planned from the run's seed
//! alone ([`Arena::plan`]), so a run gives the same games whatever order or thread they
//! are played on:
//!
//! - every game's walls come from a seed of its own (`WallSource::Seed`, kyoku `k` of
//!   the game taking wall `k` of that seed);
//! - the slots sit in a rotation: in rotation `r`, seat `s` holds slot `(s + r) mod n`;
//!   game `i` takes rotation `i mod n`, so each slot sits in each seat equally often;
//! - with `duplicate`, the `n` games of a *set* (`i / n`) share their walls, one game per
//!   rotation: every slot meets the same tiles from every seat, and the luck of the deal
//!   cancels between agents. Each seat's agent is seeded by the set and the seat, so the
//!   same agent in the same seat with the same walls plays the same game.
//!
//! # Results and intervals
//!
//! Each measure is a ratio of sums over the games' seats of one agent: average placement
//! (places over seats played), average final points, each place's rate, win, deal-in,
//! riichi and call rates (over kyoku played; a call rate counts the kyoku with at least
//! one chi, pon or open kong), average win size (points of the wins, honba included,
//! over wins) and deal-in size (points paid on a ron dealt in, over deal-ins). Games are
//! independent units, and so are sets of duplicate games (the games of one set are
//! not: they share walls), so the sampling unit is the game, or the set with
//! `duplicate`. The 95 % interval of a ratio `R = Σy / Σx` over `U` units is
//! `R ± 1.96 · SE` with `SE² = Σ (y_u − R x_u)² / (U (U − 1) x̄²)`, the usual
//! linearised (delta-method) variance of a ratio estimator. A difference to the
//! baseline agent is computed unit by unit on the same linearised terms, so its interval
//! accounts for the pairing of agents that played the same games (and, duplicate, the
//! same walls); it is *significant* when its 95 % interval excludes zero.

use super::{fallback, Agent, Fault};
use crate::table::{Event, Seat, Table, TableError, TableRules, WallSource};
use crate::util::rng::{SplitMix64, Xoshiro256};

/// A run: rules, slots, games and seed.
#[derive(Clone, Debug)]
pub struct Arena {
    /// The rules of every game.
    pub rules: TableRules,
    /// The label of each slot (one per seat).
    pub labels: Vec<String>,
    /// Games to play (with `duplicate`, rounded up to whole sets).
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Play each set of walls once per rotation.
    pub duplicate: bool,
    /// The label the others are compared with.
    pub baseline: String,
}

/// Why a run cannot be made or played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// The number of slots is not the number of players (`invalid_request`).
    #[error("{slots} agents for {players} players: give one agent per seat")]
    Slots {
        /// Slots given.
        slots: usize,
        /// Players of the rules.
        players: u8,
    },
    /// The baseline is none of the labels (`invalid_request`).
    #[error("the baseline {0:?} is not one of the agents")]
    Baseline(String),
    /// No game to play (`invalid_request`).
    #[error("no game to play")]
    NoGames,
    /// An agent could not be made (`invalid_request`).
    #[error("agent {label}: {message}")]
    Agent {
        /// Its label.
        label: String,
        /// Why.
        message: String,
    },
    /// The table refused (a bug: agents' actions are checked first).
    #[error(transparent)]
    Table(#[from] TableError),
}

impl ArenaError {
    /// The JSON error kind.
    #[must_use]
    pub const fn kind(&self) -> crate::ErrorKind {
        match self {
            ArenaError::Table(e) => e.kind(),
            _ => crate::ErrorKind::InvalidRequest,
        }
    }
}

/// One game of a run: its walls, who sits where, each seat's seed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GamePlan {
    /// The game's number in the run.
    pub index: u64,
    /// Its sampling unit: the game, or the set of duplicate games.
    pub unit: u64,
    /// The seed of its walls.
    pub wall_seed: u64,
    /// The slot at each seat.
    pub slots: [usize; 4],
    /// The seed of each seat's agent.
    pub agent_seeds: [u64; 4],
}

/// One seat's counts over one game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
pub struct SeatStats {
    /// Kyoku played.
    pub kyoku: u32,
    /// Wins.
    pub wins: u32,
    /// Points of the wins (what the others paid, honba included, sticks not).
    pub win_points: u64,
    /// Wins by another player on this seat's tile.
    pub deal_ins: u32,
    /// Points paid for them.
    pub deal_in_points: u64,
    /// Riichi declared.
    pub riichi: u32,
    /// Kyoku with at least one chi, pon or open kong.
    pub called: u32,
    /// Decisions asked of the agent.
    pub decisions: u64,
}

/// A game played.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// Its plan.
    pub plan: GamePlan,
    /// Players.
    pub players: u8,
    /// Final scores by seat.
    pub scores: [i32; 4],
    /// Places by seat, 1 first.
    pub places: [u8; 4],
    /// Counts by seat.
    pub stats: [SeatStats; 4],
    /// What agents could not answer, by seat and kyoku (the game is marked).
    pub faults: Vec<(Seat, u32, Fault)>,
    /// Every event, when kept (for records).
    pub events: Vec<Event>,
}

impl Arena {
    /// A run of `games` games under `rules` between the slots `labels`.
    ///
    /// # Errors
    ///
    /// [`ArenaError`]: slots not one per seat, a baseline not among them, no game.
    pub fn new(
        rules: TableRules,
        labels: Vec<String>,
        games: u64,
        seed: u64,
        duplicate: bool,
        baseline: Option<String>,
    ) -> Result<Arena, ArenaError> {
        let players = rules.players();
        if labels.len() != usize::from(players) {
            return Err(ArenaError::Slots {
                slots: labels.len(),
                players,
            });
        }
        if games == 0 {
            return Err(ArenaError::NoGames);
        }
        let baseline = baseline.unwrap_or_else(|| labels[labels.len() - 1].clone());
        if !labels.contains(&baseline) {
            return Err(ArenaError::Baseline(baseline));
        }
        let n = u64::from(players);
        let games = if duplicate {
            games.div_ceil(n).saturating_mul(n)
        } else {
            games
        };
        Ok(Arena {
            rules,
            labels,
            games,
            seed,
            duplicate,
            baseline,
        })
    }

    /// The players.
    #[must_use]
    pub fn players(&self) -> u8 {
        self.rules.players()
    }

    /// The distinct labels, in the order of their first slot.
    #[must_use]
    pub fn agents(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for l in &self.labels {
            if !out.contains(l) {
                out.push(l.clone());
            }
        }
        out
    }

    /// The plan of game `index`.
    #[must_use]
    pub fn plan(&self, index: u64) -> GamePlan {
        let n = u64::from(self.players());
        let unit = if self.duplicate { index / n } else { index };
        let rotation = (index % n) as usize;
        let wall_seed = Xoshiro256::for_block(self.seed, unit).next_u64();
        let mut seeds = SplitMix64::new(wall_seed ^ 0xa9e7_5eed);
        let mut slots = [0usize; 4];
        let mut agent_seeds = [0u64; 4];
        for s in 0..n as usize {
            slots[s] = (s + rotation) % n as usize;
            agent_seeds[s] = seeds.next_u64();
        }
        GamePlan {
            index,
            unit,
            wall_seed,
            slots,
            agent_seeds,
        }
    }

    /// Plays game `plan` with `agents` (one per seat, already made for the slots of the
    /// plan), keeping its events when `keep_events`.
    ///
    /// An action not in the legal set is played as [`fallback`] and counted as a fault.
    ///
    /// # Errors
    ///
    /// [`ArenaError::Table`] if the table refuses the rules.
    pub fn play(
        &self,
        plan: &GamePlan,
        agents: &mut [Box<dyn Agent>],
        keep_events: bool,
    ) -> Result<GameResult, ArenaError> {
        let mut table = Table::new(self.rules, WallSource::Seed(plan.wall_seed))?;
        let n = table.players();
        let mut result = GameResult {
            plan: *plan,
            players: n,
            scores: [0; 4],
            places: [0; 4],
            stats: [SeatStats::default(); 4],
            faults: Vec::new(),
            events: Vec::new(),
        };
        for (s, a) in agents.iter_mut().enumerate().take(usize::from(n)) {
            a.start(s as Seat, &self.rules, plan.agent_seeds[s]);
        }
        let mut tally = Tally::default();
        deliver(
            table.events(),
            agents,
            n,
            &mut tally,
            &mut result,
            keep_events,
        );
        while !table.is_over() {
            let seat = table.to_act().trailing_zeros() as Seat;
            let legal = table.legal(seat);
            let obs = table.observation(seat);
            let agent = &mut agents[usize::from(seat)];
            let mut action = agent.act(&obs, &legal);
            result.stats[usize::from(seat)].decisions += 1;
            for f in agent.faults() {
                result.faults.push((seat, tally.kyoku, f));
            }
            if !legal.contains(&action) {
                let played = fallback(&legal);
                result.faults.push((
                    seat,
                    tally.kyoku,
                    Fault {
                        reason: format!("illegal: {}", table.action_mjai(seat, &action)),
                        played: Some(played),
                    },
                ));
                action = played;
            }
            let events = table.step(seat, action)?;
            deliver(events, agents, n, &mut tally, &mut result, keep_events);
        }
        for (s, a) in agents.iter_mut().enumerate().take(usize::from(n)) {
            for f in a.faults() {
                result.faults.push((s as Seat, tally.kyoku, f));
            }
        }
        Ok(result)
    }
}

/// What the counts need across events: the kyoku number and who has called in it.
#[derive(Default)]
struct Tally {
    kyoku: u32,
    called: u8,
}

fn deliver(
    events: &[Event],
    agents: &mut [Box<dyn Agent>],
    n: u8,
    tally: &mut Tally,
    result: &mut GameResult,
    keep: bool,
) {
    for e in events {
        for (s, a) in agents.iter_mut().enumerate().take(usize::from(n)) {
            if a.listens() {
                a.event(&e.seen_by(s as Seat));
            }
        }
        if keep {
            result.events.push(*e);
        }
        let st = &mut result.stats;
        match *e {
            Event::KyokuStart(_) => {
                tally.kyoku += 1;
                tally.called = 0;
                for x in st.iter_mut().take(usize::from(n)) {
                    x.kyoku += 1;
                }
            }
            Event::Riichi { seat } => st[usize::from(seat)].riichi += 1,
            Event::Call { seat, .. } if tally.called & (1 << seat) == 0 => {
                tally.called |= 1 << seat;
                st[usize::from(seat)].called += 1;
            }
            Event::Win(w) => {
                let x = &mut st[usize::from(w.seat)];
                x.wins += 1;
                x.win_points += u64::from(w.points);
                if w.from != w.seat {
                    let d = &mut st[usize::from(w.from)];
                    d.deal_ins += 1;
                    d.deal_in_points += u64::from((-w.deltas[usize::from(w.from)]).max(0) as u32);
                }
            }
            Event::GameEnd { scores, places, .. } => {
                result.scores = scores;
                result.places = places;
            }
            _ => {}
        }
    }
}

/// Plays every game of `arena` on every core (with the `parallel` feature; in order
/// otherwise). `make(slot)` makes a fresh agent for a slot; `done` is called with each
/// game as it ends, on the thread that played it (events kept when `keep_events`). The
/// results come back in game order without their events, the same whatever the number
/// of threads.
///
/// # Errors
///
/// The first [`ArenaError`] of any game, or of an agent that could not be made.
pub fn run(
    arena: &Arena,
    make: &(dyn Fn(usize) -> Result<Box<dyn Agent>, String> + Sync),
    done: &(dyn Fn(&GameResult) + Sync),
    keep_events: bool,
) -> Result<Vec<GameResult>, ArenaError> {
    run_range(arena, 0..arena.games, make, done, keep_events)
}

/// Plays the games `indices` of `arena` as [`run`] plays them all: each game is the
/// same whichever range, process or machine plays it, so the results of several ranges
/// put together are those of one run over them.
///
/// # Errors
///
/// The first [`ArenaError`] of any game, or of an agent that could not be made.
pub fn run_range(
    arena: &Arena,
    indices: std::ops::Range<u64>,
    make: &(dyn Fn(usize) -> Result<Box<dyn Agent>, String> + Sync),
    done: &(dyn Fn(&GameResult) + Sync),
    keep_events: bool,
) -> Result<Vec<GameResult>, ArenaError> {
    let one = |i: u64| -> Result<GameResult, ArenaError> {
        let plan = arena.plan(i);
        let n = usize::from(arena.players());
        let mut agents = Vec::with_capacity(n);
        for s in 0..n {
            let slot = plan.slots[s];
            agents.push(make(slot).map_err(|message| ArenaError::Agent {
                label: arena.labels[slot].clone(),
                message,
            })?);
        }
        let mut r = arena.play(&plan, &mut agents, keep_events)?;
        done(&r);
        r.events = Vec::new();
        Ok(r)
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        indices.into_par_iter().map(one).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        indices.map(one).collect()
    }
}

/// A ratio estimate with its 95 % interval, and its difference to the baseline.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Estimate {
    /// The estimate (NaN when nothing was counted).
    pub mean: f64,
    /// The 95 % interval's half-width (NaN with fewer than two units).
    pub ci: f64,
    /// The difference to the baseline, when this is not the baseline.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub vs_baseline: Option<Difference>,
}

/// A difference to the baseline agent, paired unit by unit.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Difference {
    /// This agent's estimate less the baseline's.
    pub diff: f64,
    /// The 95 % interval's half-width.
    pub ci: f64,
    /// Whether the interval excludes zero.
    pub significant: bool,
}

/// How one agent did.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AgentSummary {
    /// Its label.
    pub label: String,
    /// Seats it played (games × its slots).
    pub seats: u64,
    /// Average placement.
    pub placement: Estimate,
    /// Average final points.
    pub points: Estimate,
    /// The rate of each place, first to last.
    pub places: Vec<Estimate>,
    /// Wins per kyoku.
    pub win_rate: Estimate,
    /// Deal-ins per kyoku.
    pub deal_in_rate: Estimate,
    /// Riichi per kyoku.
    pub riichi_rate: Estimate,
    /// Kyoku with a call, per kyoku.
    pub call_rate: Estimate,
    /// Points per win.
    pub win_size: Estimate,
    /// Points per deal-in.
    pub deal_in_size: Estimate,
    /// Decisions asked of it.
    pub decisions: u64,
}

/// The results of a run.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Sampling units: games, or sets of duplicate games.
    pub units: u64,
    /// Whether the games were duplicate.
    pub duplicate: bool,
    /// The baseline's label.
    pub baseline: String,
    /// Each agent, in the order of its first slot.
    pub agents: Vec<AgentSummary>,
    /// Games with a fault (their numbers).
    pub marked: Vec<u64>,
    /// Kyoku played.
    pub kyoku: u64,
}

/// Sums of one agent over one unit.
#[derive(Clone, Copy, Default)]
struct Sums {
    seats: f64,
    placement: f64,
    points: f64,
    places: [f64; 4],
    kyoku: f64,
    wins: f64,
    win_points: f64,
    deal_ins: f64,
    deal_in_points: f64,
    riichi: f64,
    called: f64,
}

/// A measure: its numerator and denominator in a unit's sums.
type Measure = fn(&Sums) -> (f64, f64);

/// The linearised terms of a ratio over units: the estimate and `z_u = (y_u − R x_u) /
/// x̄`.
fn linearised(units: &[Sums], m: Measure) -> (f64, Vec<f64>) {
    let (sy, sx) = units.iter().fold((0.0, 0.0), |(a, b), u| {
        let (y, x) = m(u);
        (a + y, b + x)
    });
    if sx == 0.0 {
        return (f64::NAN, vec![0.0; units.len()]);
    }
    let r = sy / sx;
    let xbar = sx / units.len() as f64;
    let z = units
        .iter()
        .map(|u| {
            let (y, x) = m(u);
            (y - r * x) / xbar
        })
        .collect();
    (r, z)
}

/// The 95 % half-width of a mean of linearised terms.
fn half_width(z: &[f64]) -> f64 {
    let u = z.len() as f64;
    if z.len() < 2 {
        return f64::NAN;
    }
    let mean = z.iter().sum::<f64>() / u;
    let ss: f64 = z.iter().map(|v| (v - mean) * (v - mean)).sum();
    1.96 * (ss / (u * (u - 1.0))).sqrt()
}

fn estimate(mine: &[Sums], base: Option<&[Sums]>, m: Measure) -> Estimate {
    let (r, z) = linearised(mine, m);
    let vs_baseline = base.map(|b| {
        let (rb, zb) = linearised(b, m);
        let d: Vec<f64> = z.iter().zip(&zb).map(|(a, b)| a - b).collect();
        let ci = half_width(&d);
        let diff = r - rb;
        Difference {
            diff,
            ci,
            significant: diff.abs() > ci,
        }
    });
    Estimate {
        mean: r,
        ci: half_width(&z),
        vs_baseline,
    }
}

/// The results of `games` (all of a run, in any order).
#[must_use]
pub fn summarize(arena: &Arena, games: &[GameResult]) -> Summary {
    let labels = arena.agents();
    let units = games.iter().map(|g| g.plan.unit).max().map_or(0, |u| u + 1) as usize;
    let mut sums = vec![vec![Sums::default(); units]; labels.len()];
    let mut decisions = vec![0u64; labels.len()];
    let mut marked = Vec::new();
    let mut kyoku = 0u64;
    for g in games {
        if !g.faults.is_empty() {
            marked.push(g.plan.index);
        }
        kyoku += u64::from(g.stats[0].kyoku);
        for s in 0..usize::from(g.players) {
            let label = &arena.labels[g.plan.slots[s]];
            let a = labels.iter().position(|l| l == label).unwrap_or(0);
            let u = &mut sums[a][g.plan.unit as usize];
            let st = &g.stats[s];
            u.seats += 1.0;
            u.placement += f64::from(g.places[s]);
            u.points += f64::from(g.scores[s]);
            if let Some(p) = u.places.get_mut(usize::from(g.places[s]).wrapping_sub(1)) {
                *p += 1.0;
            }
            u.kyoku += f64::from(st.kyoku);
            u.wins += f64::from(st.wins);
            u.win_points += st.win_points as f64;
            u.deal_ins += f64::from(st.deal_ins);
            u.deal_in_points += st.deal_in_points as f64;
            u.riichi += f64::from(st.riichi);
            u.called += f64::from(st.called);
            decisions[a] += st.decisions;
        }
    }
    marked.sort_unstable();
    let base = labels.iter().position(|l| *l == arena.baseline);
    let n = usize::from(arena.players());
    let agents = labels
        .iter()
        .enumerate()
        .map(|(a, label)| {
            let mine = &sums[a];
            let b = base.filter(|&b| b != a).map(|b| sums[b].as_slice());
            let e = |m: Measure| estimate(mine, b, m);
            AgentSummary {
                label: label.clone(),
                seats: mine.iter().map(|u| u.seats as u64).sum(),
                placement: e(|u| (u.placement, u.seats)),
                points: e(|u| (u.points, u.seats)),
                places: (0..n)
                    .map(|p| {
                        let f: [Measure; 4] = [
                            |u| (u.places[0], u.seats),
                            |u| (u.places[1], u.seats),
                            |u| (u.places[2], u.seats),
                            |u| (u.places[3], u.seats),
                        ];
                        e(f[p])
                    })
                    .collect(),
                win_rate: e(|u| (u.wins, u.kyoku)),
                deal_in_rate: e(|u| (u.deal_ins, u.kyoku)),
                riichi_rate: e(|u| (u.riichi, u.kyoku)),
                call_rate: e(|u| (u.called, u.kyoku)),
                win_size: e(|u| (u.win_points, u.wins)),
                deal_in_size: e(|u| (u.deal_in_points, u.deal_ins)),
                decisions: decisions[a],
            }
        })
        .collect();
    Summary {
        games: games.len() as u64,
        units: units as u64,
        duplicate: arena.duplicate,
        baseline: arena.baseline.clone(),
        agents,
        marked,
        kyoku,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::Builtin;
    use crate::table::TablePreset;

    #[test]
    fn ranges_put_together_are_the_whole_run() {
        for (preset, duplicate) in [
            (TablePreset::Tenhou, true),
            (TablePreset::TenhouSanma, false),
        ] {
            let n = usize::from(preset.rules().players());
            let labels = (0..n)
                .map(|s| if s == 0 { "random" } else { "tsumogiri" }.to_owned())
                .collect();
            let arena = Arena::new(preset.rules(), labels, 7, 3, duplicate, None).unwrap();
            let make = |slot: usize| -> Result<Box<dyn Agent>, String> {
                Ok(if slot == 0 {
                    Builtin::Random
                } else {
                    Builtin::Tsumogiri
                }
                .agent())
            };
            let whole = run(&arena, &make, &|_| {}, false).unwrap();
            let mut parts = run_range(&arena, 5..arena.games, &make, &|_| {}, false).unwrap();
            parts.extend(run_range(&arena, 0..5, &make, &|_| {}, false).unwrap());
            assert_eq!(parts.len(), whole.len());
            // Debug text: a measure nothing counted is NaN in both.
            assert_eq!(
                format!("{:?}", summarize(&arena, &parts)),
                format!("{:?}", summarize(&arena, &whole))
            );
            parts.sort_by_key(|g| g.plan.index);
            assert_eq!(parts, whole);
        }
    }
}
