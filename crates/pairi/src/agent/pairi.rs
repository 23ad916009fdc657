//! `pairi`: pairi's own decision engine.
//!
//! - **Wins** are always taken; a North is always set aside; nine kinds of terminals and
//!   honours abort the hand; kongs are never made.
//! - **Folding**: when another player is in riichi and the hand's best discard leaves it
//!   [`PairiOptions::fold_shanten`] or more from ready, the discard is the safest tile
//!   ([`super::safety`]: genbutsu, suji, kabe and one-chance, honours by copies seen),
//!   ties broken by efficiency.
//! - **Discards by expected value**: when the best discard leaves the hand at most
//!   [`PairiOptions::ev_shanten`] from ready, the discards are valued by the
//!   expected-value search ([`crate::ev`], the pairi model: the seat's wall as it sees
//!   it, its draws left, its winds and the dora) within a budget of hand states
//!   ([`PairiOptions::max_states`]); each discard's expected score, less its danger
//!   times [`PairiOptions::deal_in_cost`] against a riichi, and the best is played
//!   (efficiency breaks ties). Beyond the search's reach or budget, the greedy order of
//!   tile efficiency ([`super::Greedy`]) decides.
//! - **Riichi or dama**: when riichi is legal, the search's policy says whether declaring
//!   with the chosen discard is worth more than staying silent (its `riichi` flag); a
//!   hand the search did not value declares.
//! - **Calls**: a chi or pon that lowers the shanten is valued by the search: the
//!   expected score of the hand after the call (its best discard) against that of the
//!   hand as it is, and made when it is higher. Where the search cannot value the hand,
//!   the greedy rule decides (lower shanten and a yaku kept). No call is made while
//!   another player is in riichi, and an open kong never.
//!
//! [`Pairi::decide`] returns the action with the numbers it compared ([`Decision`]).

use super::greedy::{self, Efficiency};
use super::safety::{self, Threat};
use super::sight::Sight;
use super::{win_in, Agent};
use crate::ev::{self, Maximize, Model, Options, Setup};
use crate::hand::{Hand, Meld, MeldKind, Source};
use crate::riichi::rules::{Players, RedFives};
use crate::table::{Action, Event, Observation, Seat, TableRules, MAX_LEGAL};
use crate::tile::{Pai, TileSet};
use crate::util::{FixedList, Stop};
use core::fmt;

/// The settings of [`Pairi`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct PairiOptions {
    /// The search values discards when the best leaves the hand at most this far from
    /// ready (0 to 3).
    pub ev_shanten: i8,
    /// The most hand states one search may build; past it the decision falls back on
    /// efficiency.
    pub max_states: usize,
    /// Against a riichi, fold when the best discard leaves the hand this far from ready
    /// or more.
    pub fold_shanten: i8,
    /// Points a deal-in is taken to cost against a riichi, weighing a discard's danger
    /// against its expected score.
    pub deal_in_cost: f64,
    /// Calls are valued by the search (otherwise by the greedy rule).
    pub ev_calls: bool,
}

impl Default for PairiOptions {
    fn default() -> Self {
        PairiOptions {
            ev_shanten: 1,
            max_states: 20_000,
            fold_shanten: 2,
            deal_in_cost: 7000.0,
            ev_calls: true,
        }
    }
}

/// pairi's decision engine (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct Pairi {
    /// Its settings.
    pub options: PairiOptions,
    rules: TableRules,
    seat: Seat,
    /// The kinds discarded since each seat's riichi declaration.
    after_riichi: [TileSet; 4],
    /// Seats whose riichi is declared in this kyoku.
    declared: u8,
    /// The last search: the hand and turn it was for, and its values.
    last: Option<(Vec<Pai>, u8, ev::Evaluation)>,
    stop: Stop,
}

/// One candidate a decision compared.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Candidate {
    /// The action.
    pub action: Action,
    /// Shanten after it.
    pub shanten: i8,
    /// Unseen copies of the useful tiles after it.
    pub useful: u32,
    /// Win probability by the search (NaN when not searched).
    pub win: f64,
    /// Expected score by the search (NaN when not searched).
    pub score: f64,
    /// The chance that it deals into a riichi now.
    pub danger: f64,
    /// The number the decision maximised.
    pub value: f64,
}

/// Why a decision was made.
#[derive(Clone, PartialEq, Debug)]
pub enum Reason {
    /// A win was offered.
    Win,
    /// The only sensible action: a kita, nine terminals, the one legal action, the tile
    /// drawn in riichi.
    Forced,
    /// Another player is in riichi and the hand is far from ready: the safest tile.
    Fold {
        /// The best shanten a discard leaves.
        shanten: i8,
        /// The candidates, safest first.
        candidates: FixedList<Candidate, MAX_LEGAL>,
    },
    /// Discards valued by the expected-value search.
    Search {
        /// Hand states searched.
        searched: usize,
        /// The candidates, best first.
        candidates: FixedList<Candidate, MAX_LEGAL>,
        /// Riichi was legal: whether the search's policy declares it.
        riichi: Option<bool>,
    },
    /// Discards by tile efficiency.
    Efficiency {
        /// Why the search was not used.
        why: &'static str,
        /// The candidates, best first.
        candidates: FixedList<Candidate, MAX_LEGAL>,
    },
    /// A claim: the expected score without a call and with each call searched.
    Call {
        /// The expected score of the hand as it is (NaN when not searched).
        without: f64,
        /// The calls considered, best first.
        candidates: FixedList<Candidate, MAX_LEGAL>,
        /// How they were valued.
        why: &'static str,
    },
}

/// An action and the numbers behind it.
#[derive(Clone, PartialEq, Debug)]
pub struct Decision {
    /// The action chosen.
    pub action: Action,
    /// Why.
    pub reason: Reason,
}

impl Agent for Pairi {
    fn start(&mut self, seat: Seat, rules: &TableRules, _seed: u64) {
        self.seat = seat;
        self.rules = *rules;
        self.after_riichi = [TileSet::EMPTY; 4];
        self.declared = 0;
        self.last = None;
    }

    fn event(&mut self, event: &Event) {
        match *event {
            Event::KyokuStart(_) => {
                self.after_riichi = [TileSet::EMPTY; 4];
                self.declared = 0;
                self.last = None;
            }
            Event::Riichi { seat } => self.declared |= 1 << seat,
            Event::Discard { pai, .. } => {
                for s in 0..4 {
                    if self.declared & (1 << s) != 0 {
                        self.after_riichi[s].insert(pai.tile());
                    }
                }
            }
            _ => {}
        }
    }

    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        self.decide(obs, legal).action
    }
}

impl Pairi {
    /// A pairi agent with `options`.
    #[must_use]
    pub fn new(options: PairiOptions) -> Pairi {
        Pairi {
            options,
            ..Pairi::default()
        }
    }

    /// A flag that stops a search in progress when set (from another thread, a timer):
    /// the decision then falls back on efficiency. Searches bounded by
    /// [`PairiOptions::max_states`] alone decide the same for the same game.
    #[must_use]
    pub fn with_stop(mut self, stop: Stop) -> Pairi {
        self.stop = stop;
        self
    }

    /// The action for `obs` among `legal`, and why.
    pub fn decide(&mut self, obs: &Observation, legal: &[Action]) -> Decision {
        let forced = |action| Decision {
            action,
            reason: Reason::Forced,
        };
        if let Some(w) = win_in(legal) {
            return Decision {
                action: w,
                reason: Reason::Win,
            };
        }
        if legal.len() == 1 {
            return forced(legal[0]);
        }
        for a in [Action::Kita, Action::NineTerminals] {
            if legal.contains(&a) {
                return forced(a);
            }
        }
        let sight = Sight::of(obs);
        let threats = safety::threats(obs, &self.after_riichi);
        if legal.contains(&Action::Pass) {
            return self.claim(obs, &sight, legal, &threats);
        }
        if obs.riichi[usize::from(obs.seat.min(3))] {
            return forced(super::fallback(legal));
        }
        self.discard(obs, &sight, legal, &threats)
    }

    fn discard(
        &mut self,
        obs: &Observation,
        sight: &Sight,
        legal: &[Action],
        threats: &[Threat],
    ) -> Decision {
        let ranked = greedy::rank_discards(obs, sight, legal);
        let Some(&(first, best)) = ranked.first() else {
            return Decision {
                action: super::fallback(legal),
                reason: Reason::Forced,
            };
        };
        let candidate = |a: Action, e: &Efficiency| Candidate {
            action: a,
            shanten: e.shanten,
            useful: e.useful,
            win: f64::NAN,
            score: f64::NAN,
            danger: match a {
                Action::Discard { pai, .. } if !threats.is_empty() => {
                    safety::danger_all(pai.tile(), threats, sight)
                }
                _ => 0.0,
            },
            value: 0.0,
        };
        let riichi_legal = legal.contains(&Action::Riichi);
        if !threats.is_empty() && best.shanten >= self.options.fold_shanten {
            let mut c: FixedList<Candidate, MAX_LEGAL> =
                ranked.iter().map(|(a, e)| candidate(*a, e)).collect();
            for x in c.as_mut_slice() {
                x.value = -x.danger;
            }
            // Stable: efficiency order between equally safe tiles.
            c.as_mut_slice().sort_by(|a, b| b.value.total_cmp(&a.value));
            return Decision {
                action: c[0].action,
                reason: Reason::Fold {
                    shanten: best.shanten,
                    candidates: c,
                },
            };
        }
        let efficiency = |why: &'static str| {
            let c: FixedList<Candidate, MAX_LEGAL> =
                ranked.iter().map(|(a, e)| candidate(*a, e)).collect();
            let action = if best.shanten == 0 && riichi_legal {
                Action::Riichi
            } else {
                first
            };
            Decision {
                action,
                reason: Reason::Efficiency { why, candidates: c },
            }
        };
        if best.shanten > self.options.ev_shanten.min(ev::MAX_SHANTEN) {
            return efficiency("too far from ready for the search");
        }
        let turn = self.turn(obs, true);
        let ev = match self.search(obs, sight, None, turn) {
            Ok(ev) => ev,
            Err(_) => {
                return efficiency("the search passed its budget or could not value the hand")
            }
        };
        let mut c: FixedList<Candidate, MAX_LEGAL> = FixedList::new();
        let mut riichi_of = FixedList::<bool, MAX_LEGAL>::new();
        for (a, e) in ranked.iter() {
            let Action::Discard { pai, .. } = *a else {
                continue;
            };
            let row = ev.discard_of(pai);
            let mut x = candidate(*a, e);
            match row {
                Some(r) => {
                    x.win = r.at(Maximize::Win, turn);
                    x.score = r.at(Maximize::Score, turn);
                    riichi_of.push(r.riichi);
                }
                None => {
                    x.win = 0.0;
                    x.score = 0.0;
                    riichi_of.push(false);
                }
            }
            x.value = x.score - x.danger * self.options.deal_in_cost;
            c.push(x);
        }
        if c.is_empty() {
            return efficiency("no discard valued");
        }
        let mut order: FixedList<usize, MAX_LEGAL> = (0..c.len()).collect();
        // Stable: efficiency order between equal values.
        order
            .as_mut_slice()
            .sort_by(|&i, &j| c[j].value.total_cmp(&c[i].value));
        let riichi_flags = riichi_of;
        let chosen = order[0];
        let sorted: FixedList<Candidate, MAX_LEGAL> = order.iter().map(|&i| c[i]).collect();
        let declare = (riichi_legal && c[chosen].shanten == 0).then(|| riichi_flags[chosen]);
        let action = if declare == Some(true) {
            Action::Riichi
        } else {
            c[chosen].action
        };
        Decision {
            action,
            reason: Reason::Search {
                searched: ev.searched,
                candidates: sorted,
                riichi: declare,
            },
        }
    }

    fn claim(
        &mut self,
        obs: &Observation,
        sight: &Sight,
        legal: &[Action],
        threats: &[Threat],
    ) -> Decision {
        let pass = |why, without, candidates| Decision {
            action: Action::Pass,
            reason: Reason::Call {
                without,
                candidates,
                why,
            },
        };
        if !threats.is_empty() {
            return pass("another player is in riichi", f64::NAN, FixedList::new());
        }
        let now = greedy::shanten_now(&sight.hand, sight.melds);
        // Calls that lower the shanten, with their best discard's efficiency.
        let mut calls: FixedList<Candidate, MAX_LEGAL> = FixedList::new();
        for &a in legal {
            let Some((after, forbidden)) = greedy::after_call(sight, a, &self.rules) else {
                continue;
            };
            let Some((s, u)) = greedy::call_efficiency(sight, &after, forbidden) else {
                continue;
            };
            if s < now {
                calls.push(Candidate {
                    action: a,
                    shanten: s,
                    useful: u,
                    win: f64::NAN,
                    score: f64::NAN,
                    danger: 0.0,
                    value: 0.0,
                });
            }
        }
        if calls.is_empty() {
            return pass("no call lowers the shanten", f64::NAN, calls);
        }
        let rules = self.rules;
        let greedy_rule = |calls: FixedList<Candidate, MAX_LEGAL>, why| match greedy::best_call(
            obs, sight, legal, &rules,
        ) {
            Some((a, _)) => Decision {
                action: a,
                reason: Reason::Call {
                    without: f64::NAN,
                    candidates: calls,
                    why,
                },
            },
            None => pass(why, f64::NAN, calls),
        };
        if !self.options.ev_calls || now > self.options.ev_shanten.min(ev::MAX_SHANTEN) + 1 {
            return greedy_rule(calls, "the greedy rule: too far from ready for the search");
        }
        let turn = self.turn(obs, false);
        let without = match self.search(obs, sight, None, turn) {
            Ok(ev) => ev
                .discards
                .first()
                .map_or(0.0, |d| d.at(Maximize::Score, turn)),
            Err(_) => {
                return greedy_rule(
                    calls,
                    "the greedy rule: the search could not value the hand",
                )
            }
        };
        for x in calls.as_mut_slice() {
            let value = self
                .search(obs, sight, Some(x.action), turn)
                .ok()
                .and_then(|ev| {
                    let forbidden = greedy::after_call(sight, x.action, &self.rules)
                        .map_or(TileSet::EMPTY, |f| f.1);
                    ev.best_discard(turn, forbidden)
                        .map(|d| (d.at(Maximize::Score, turn), d.at(Maximize::Win, turn)))
                });
            let (score, win) = value.unwrap_or((0.0, 0.0));
            x.score = score;
            x.win = win;
            x.value = score;
        }
        calls
            .as_mut_slice()
            .sort_by(|a, b| b.value.total_cmp(&a.value));
        if calls[0].value > without {
            Decision {
                action: calls[0].action,
                reason: Reason::Call {
                    without,
                    candidates: calls,
                    why: "the search: the call raises the expected score",
                },
            }
        } else {
            pass(
                "the search: no call raises the expected score",
                without,
                calls,
            )
        }
    }

    /// The turn the search starts from: 18 less the draws this seat has left (the live
    /// wall shared by the players), at least 1 with a tile drawn.
    fn turn(&self, obs: &Observation, drawn: bool) -> u8 {
        let n = obs.players.clamp(3, 4);
        let left = (obs.tiles_left / n).min(ev::MAX_TURNS);
        let turn = ev::MAX_TURNS - left;
        if drawn {
            turn.max(1)
        } else {
            turn
        }
    }

    /// The search of the seat's hand, or of the hand after `call`; the last search is
    /// kept for the decision that follows a riichi declaration.
    fn search(
        &mut self,
        obs: &Observation,
        sight: &Sight,
        call: Option<Action>,
        turn: u8,
    ) -> Result<ev::Evaluation, ev::EvError> {
        let seat = usize::from(obs.seat.min(3));
        let mut concealed: Vec<Pai> = obs.hand.to_vec();
        let mut melds = obs.melds[seat].to_vec();
        if let Some(a) = call {
            let (consumed, called, from) = match (a, obs.claimable) {
                (Action::Chi { consumed, called }, Some((from, _)))
                | (Action::Pon { consumed, called }, Some((from, _))) => (consumed, called, from),
                _ => return Err(ev::EvError::Complete),
            };
            for p in consumed {
                if let Some(i) = concealed.iter().position(|&q| q == p) {
                    concealed.remove(i);
                }
            }
            let tiles = [consumed[0], consumed[1], called];
            let kind = if matches!(a, Action::Chi { .. }) {
                MeldKind::Chi
            } else {
                MeldKind::Pon
            };
            let n = obs.players.clamp(3, 4);
            let d = (obs.seat + n - from) % n;
            let source = Source::from_number(if n == 3 && d == 2 { 3 } else { d });
            let meld = Meld::from_tiles(kind, &tiles, Some(called.tile()), source)?;
            melds.push(meld);
        }
        if call.is_none() {
            if let Some((h, t, ev)) = &self.last {
                if *h == concealed && *t == turn {
                    return Ok(ev.clone());
                }
            }
        }
        let hand = Hand::from_parts(&concealed, melds)?;
        let mut visible = Vec::with_capacity(64);
        let n = usize::from(obs.players.clamp(3, 4));
        for s in 0..n {
            if s != seat {
                for m in obs.melds[s].iter() {
                    visible.extend(m.pais());
                }
            }
            visible.extend(obs.rivers[s].iter().filter(|r| !r.called).map(|r| r.pai));
            for _ in 0..obs.kita[s] {
                visible.push(crate::tile::Tile::NORTH.black());
            }
        }
        // The claimed tile is in the new meld, not in the river.
        if let Some(Action::Chi { called, .. } | Action::Pon { called, .. }) = call {
            if let Some(i) = visible.iter().position(|&p| p == called) {
                visible.remove(i);
            }
        }
        let _ = sight;
        let setup = Setup {
            hand,
            round_wind: obs.round,
            seat_wind: sight.seat_wind,
            dora: obs.dora.to_vec(),
            visible,
            turn,
            t_max: ev::MAX_TURNS,
            wall: None,
            players: if obs.players == 3 {
                Players::Three
            } else {
                Players::Four
            },
        };
        let options = Options {
            model: Model::Pairi,
            search_radius: 1,
            red_fives: self.rules.scoring.red_fives != RedFives::None,
            ura: true,
            shanten_back: true,
            hand_changes: true,
            maximize: Maximize::Score,
            max_states: self.options.max_states,
        };
        let ev = ev::evaluate_with(&setup, &options, &mut |_| {}, &self.stop)?;
        if call.is_none() {
            self.last = Some((concealed, turn, ev.clone()));
        }
        Ok(ev)
    }
}

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:<22} shanten {} useful {:>2}",
            action_text(self.action),
            self.shanten,
            self.useful
        )?;
        if !self.score.is_nan() {
            write!(
                f,
                "  win {:>5.1}%  exp. score {:>6.0}",
                100.0 * self.win,
                self.score
            )?;
        }
        if self.danger > 0.0 {
            write!(f, "  danger {:>4.1}%", 100.0 * self.danger)?;
        }
        write!(f, "  value {:.0}", self.value)
    }
}

/// An action in words: `discard 5mr`, `pon 5m (5m 5m)`.
fn action_text(a: Action) -> String {
    use crate::table::mjai_tile;
    match a {
        Action::Discard { pai, tsumogiri } => format!(
            "discard {}{}",
            mjai_tile(pai),
            if tsumogiri { " (drawn)" } else { "" }
        ),
        Action::Chi { consumed, called } | Action::Pon { consumed, called } => format!(
            "{} {} ({} {})",
            a.mjai_type(),
            mjai_tile(called),
            mjai_tile(consumed[0]),
            mjai_tile(consumed[1])
        ),
        _ => a.mjai_type().to_owned(),
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, c: &[Candidate]| -> fmt::Result {
            for x in c {
                writeln!(f, "  {x}")?;
            }
            Ok(())
        };
        match &self.reason {
            Reason::Win => writeln!(f, "{}: a win", action_text(self.action)),
            Reason::Forced => writeln!(f, "{}", action_text(self.action)),
            Reason::Fold {
                shanten,
                candidates,
            } => {
                writeln!(
                    f,
                    "{}: fold against riichi ({shanten}-shanten at best), the safest tile",
                    action_text(self.action)
                )?;
                list(f, candidates)
            }
            Reason::Search {
                searched,
                candidates,
                riichi,
            } => {
                let r = match riichi {
                    Some(true) => ", riichi by the search's policy",
                    Some(false) => ", dama by the search's policy",
                    None => "",
                };
                writeln!(
                    f,
                    "{}: the expected-value search ({searched} hand states){r}",
                    action_text(self.action)
                )?;
                list(f, candidates)
            }
            Reason::Efficiency { why, candidates } => {
                writeln!(f, "{}: tile efficiency ({why})", action_text(self.action))?;
                list(f, candidates)
            }
            Reason::Call {
                without,
                candidates,
                why,
            } => {
                if without.is_nan() {
                    writeln!(f, "{}: {why}", action_text(self.action))?;
                } else {
                    writeln!(
                        f,
                        "{}: {why}; without a call, exp. score {without:.0}",
                        action_text(self.action)
                    )?;
                }
                list(f, candidates)
            }
        }
    }
}
