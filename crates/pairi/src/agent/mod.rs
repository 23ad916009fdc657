//! Players (打ち手): what sits at a [`Table`](crate::table::Table) and chooses among
//! its legal actions.
//!
//! An [`Agent`] is told where it sits when a game starts ([`Agent::start`]), sees every
//! event as its seat sees it ([`Agent::event`]), and when its seat must decide is given
//! the seat's [`Observation`] and legal actions and returns one of them
//! ([`Agent::act`]). The same agent with the same seed makes the same choices.
//!
//! Built in ([`Builtin`]):
//!
//! - `random`: uniformly among the legal actions;
//! - `tsumogiri`: wins when it can, otherwise discards the tile just drawn and passes;
//! - `greedy` ([`Greedy`]): tile efficiency from the discard table;
//! - `pairi` ([`Pairi`]): pairi's own decision engine, the expected-value search of
//!   [`crate::ev`] where it is cheap enough, folding against a riichi, each decision
//!   explained ([`Pairi::decide`]).
//!
//! [`arena`] plays many games between agents and measures them; [`mjai`] speaks the
//! mjai protocol, for bots that run as other programs.
//!
//! ```
//! use pairi::agent::{Agent, Builtin};
//! use pairi::table::{Table, TablePreset, WallSource};
//!
//! let rules = TablePreset::Tenhou.rules();
//! let mut table = Table::new(rules, WallSource::Seed(3)).unwrap();
//! let mut agents: Vec<Box<dyn Agent>> = (0..4).map(|_| Builtin::Greedy.agent()).collect();
//! for (seat, a) in agents.iter_mut().enumerate() {
//!     a.start(seat as u8, &rules, 7);
//! }
//! while !table.is_over() {
//!     let seat = table.to_act().trailing_zeros() as u8;
//!     let action = agents[usize::from(seat)].act(&table.observation(seat), &table.legal(seat));
//!     let events = table.step(seat, action).unwrap().to_vec();
//!     for (s, a) in agents.iter_mut().enumerate() {
//!         for e in &events {
//!             a.event(&e.seen_by(s as u8));
//!         }
//!     }
//! }
//! ```

pub mod arena;
pub(crate) mod greedy;
#[cfg(feature = "serde")]
pub mod mjai;
mod pairi;
pub mod safety;
mod sight;

pub use greedy::{CallPolicy, Greedy};
pub use pairi::{Decision, Pairi, PairiOptions, Reason};
pub use sight::Sight;

use crate::table::{Action, Event, Observation, Seat, TableRules};
use crate::util::rng::Xoshiro256;

/// Gives `agent`, seated at `seat`, each of `events` as that seat sees it
/// (`Event::seen_by`), in order; nothing to an agent that does not listen
/// ([`Agent::listens`]).
pub fn tell(agent: &mut dyn Agent, seat: Seat, events: &[Event]) {
    if agent.listens() {
        for e in events {
            agent.event(&e.seen_by(seat));
        }
    }
}

/// A player: chooses one of the legal actions of its seat.
///
/// The arena calls [`Agent::start`] once a game, [`Agent::event`] with every event as the
/// seat sees it (`Event::seen_by`), in order, and [`Agent::act`] whenever the seat must
/// decide. `act` is only called with a non-empty legal set and must return one of its
/// actions; an agent that cannot (a program that failed) returns [`fallback`] and
/// reports why through [`Agent::faults`].
pub trait Agent: Send {
    /// A new game: the seat, the rules and the seed of any random choice.
    fn start(&mut self, seat: Seat, rules: &TableRules, seed: u64) {
        let _ = (seat, rules, seed);
    }

    /// An event of the game as the seat sees it.
    fn event(&mut self, event: &Event) {
        let _ = event;
    }

    /// Whether [`Agent::event`] does anything: an agent that decides from the
    /// observation alone says no, and is not given the events.
    fn listens(&self) -> bool {
        true
    }

    /// One action of `legal` (never empty) for the seat's view `obs`.
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action;

    /// What went wrong since the last call (an agent that is another program: a late,
    /// illegal or missing answer), each played as [`fallback`]. Built-in agents never
    /// fail.
    fn faults(&mut self) -> Vec<Fault> {
        Vec::new()
    }
}

/// An answer an agent could not give, and what was played instead.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Fault {
    /// Why: `timeout`, `illegal`, `crashed`, `closed`, `unreadable` and a detail.
    pub reason: String,
    /// The action played in its place (`None` for a fault outside a decision).
    pub played: Option<Action>,
}

/// The action played for a seat whose agent gave none: pass a claim; on a turn, the tile
/// just drawn, or else the last tile the seat may discard.
#[must_use]
pub fn fallback(legal: &[Action]) -> Action {
    if legal.contains(&Action::Pass) {
        return Action::Pass;
    }
    let discards = || {
        legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Discard { .. }))
    };
    discards()
        .find(|a| {
            matches!(
                a,
                Action::Discard {
                    tsumogiri: true,
                    ..
                }
            )
        })
        .or_else(|| discards().next_back())
        .or_else(|| legal.first().copied())
        .unwrap_or(Action::Pass)
}

/// The built-in agents.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Builtin {
    /// Uniformly among the legal actions.
    Random,
    /// Wins when it can; otherwise discards the tile just drawn (or the last tile it may)
    /// and passes every claim.
    Tsumogiri,
    /// Tile efficiency ([`Greedy`]).
    Greedy,
    /// pairi's decision engine ([`Pairi`]).
    Pairi,
}

impl Builtin {
    /// Every built-in agent.
    pub const ALL: [Builtin; 4] = [
        Builtin::Random,
        Builtin::Tsumogiri,
        Builtin::Greedy,
        Builtin::Pairi,
    ];

    /// The agent's name.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Builtin::Random => "random",
            Builtin::Tsumogiri => "tsumogiri",
            Builtin::Greedy => "greedy",
            Builtin::Pairi => "pairi",
        }
    }

    /// The agent of a name.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Builtin> {
        Builtin::ALL.into_iter().find(|b| b.id() == id)
    }

    /// A new agent of this kind.
    #[must_use]
    pub fn agent(self) -> Box<dyn Agent> {
        match self {
            Builtin::Random => Box::new(Uniform::default()),
            Builtin::Tsumogiri => Box::new(Tsumogiri),
            Builtin::Greedy => Box::new(Greedy::default()),
            Builtin::Pairi => Box::new(Pairi::default()),
        }
    }
}

/// The `random` agent: uniformly among the legal actions, from a generator seeded by
/// [`Agent::start`].
#[derive(Clone, Debug)]
pub struct Uniform {
    rng: Xoshiro256,
}

impl Default for Uniform {
    fn default() -> Self {
        Uniform {
            rng: Xoshiro256::new(0),
        }
    }
}

impl Agent for Uniform {
    fn start(&mut self, _seat: Seat, _rules: &TableRules, seed: u64) {
        self.rng = Xoshiro256::new(seed);
    }

    fn listens(&self) -> bool {
        false
    }

    fn act(&mut self, _obs: &Observation, legal: &[Action]) -> Action {
        legal[self.rng.below(legal.len() as u64) as usize]
    }
}

/// Wins when it can; otherwise [`fallback`]: the tile just drawn, a pass on every claim.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tsumogiri;

impl Agent for Tsumogiri {
    fn listens(&self) -> bool {
        false
    }

    fn act(&mut self, _obs: &Observation, legal: &[Action]) -> Action {
        legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Tsumo | Action::Ron))
            .unwrap_or_else(|| fallback(legal))
    }
}

/// A win among the legal actions, if there is one.
fn win_in(legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Tsumo | Action::Ron))
}

#[cfg(test)]
mod tests;
