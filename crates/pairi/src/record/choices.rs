//! The decisions of a review besides the choice of discard: riichi or dama, calling or
//! passing, making a kong or not, and the danger of each discard when an opponent
//! threatens.
//!
//! The decision points and their legal sets are the table's ([`super::on_table()`]): a
//! choice is reviewed only where the table offered it. The measures are the ones the
//! pairi agent plays by: expected scores of the search ([`crate::ev`], pairi's model)
//! for riichi and calls, the shanten for a kong, and the danger of [`crate::agent::safety`]
//! (genbutsu, suji, kabe, one-chance, honours by copies seen) for a discard against a
//! threat, weighed against its expected score at the agent's cost of a deal-in.
//!
//! A **threat** is an opponent in riichi, or an opponent with three declared melds or
//! more (four tiles or fewer in hand: one step from ready or ready). Nothing else counts
//! as one (a flush or yakuhai look is left out: it is too often wrong to call it a
//! threat). Against an open hand the tiles safe by genbutsu are its river.
//!
//! A **fold** is a discard against a threat that is the safest tile offered and gives up
//! tile efficiency for it (not ranked best). A fold is judged by its danger and by
//! what the hand gave up, never as a tile-efficiency error.
//!
//! A **mistake** is marked only where the measure says so: an option whose expected
//! score (less the danger's cost against a threat) is below the best option's by more
//! than [`MARGIN`] points or 5 %, whichever is larger; without values, a discard
//! against a threat is a mistake when another was safer and at least as efficient, and
//! a kong when it leaves the hand farther from ready than not making it.

use super::{Event, Game};
use crate::agent::greedy;
use crate::agent::safety::{self, Reasons, Threat};
use crate::agent::{PairiOptions, Sight};
use crate::table::{Action, Seat, Table};
use crate::tile::{Pai, TileSet};

/// The gap in points below which no option is called a mistake (or 5 % of the best
/// option's value, whichever is larger).
pub const MARGIN: f64 = 100.0;

/// Whether `chosen` is worse than `best` by more than the margin.
#[must_use]
pub fn worse(chosen: f64, best: f64) -> bool {
    best - chosen > (0.05 * best.abs()).max(MARGIN)
}

/// The points a deal-in is taken to cost (the pairi agent's
/// [`PairiOptions::deal_in_cost`]).
#[must_use]
pub fn deal_in_cost() -> f64 {
    PairiOptions::default().deal_in_cost
}

/// What a choice is about.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ChoiceKind {
    /// Riichi or dama, where the table allowed riichi.
    Riichi,
    /// A chi, pon or open kong offered on another player's discard, or passing.
    Call,
    /// A closed or added kong offered in one's turn, or not.
    Kan,
}

impl ChoiceKind {
    /// The id used in JSON.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            ChoiceKind::Riichi => "riichi",
            ChoiceKind::Call => "call",
            ChoiceKind::Kan => "kan",
        }
    }
}

/// One option of a choice.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ChoiceOption {
    /// The action: [`Action::Riichi`], a call or a kong; [`Action::Pass`] for dama,
    /// passing or no kong.
    pub action: Action,
    /// The record took it.
    pub taken: bool,
    /// Shanten of the hand after it (the best discard's, for a hand to discard from).
    pub shanten: i8,
    /// Win probability by the search, when valued.
    pub win: Option<f64>,
    /// Expected score by the search, when valued.
    pub score: Option<f64>,
}

/// One choice of a reviewed seat.
#[derive(Clone, PartialEq, Debug)]
pub struct ChoiceReview {
    /// Index of the kyoku.
    pub kyoku: usize,
    /// Index of the record's event at which the choice was made (the action taken, or
    /// the event that follows when every call was passed).
    pub event: usize,
    /// Who chose.
    pub seat: Seat,
    /// Which choice.
    pub kind: ChoiceKind,
    /// The options, the one that forgoes the action (dama, pass, no kong) first.
    pub options: Vec<ChoiceOption>,
    /// The option the measure prefers, when it could judge.
    pub best: Option<usize>,
    /// The option taken is worse than the best by the measure (see the module).
    pub mistake: bool,
    /// An opponent threatened at the time.
    pub threat: bool,
}

impl ChoiceReview {
    /// The option the record took.
    #[must_use]
    pub fn taken(&self) -> Option<&ChoiceOption> {
        self.options.iter().find(|o| o.taken)
    }

    /// Settles [`ChoiceReview::best`] and [`ChoiceReview::mistake`] from the scores of
    /// the options valued (when the one taken is), or from their shanten for a kong.
    pub(crate) fn judge(&mut self) {
        if self.kind == ChoiceKind::Kan {
            let no = self.options.first().map_or(i8::MAX, |o| o.shanten);
            self.best = Some(0);
            self.mistake = self.taken().is_some_and(|t| t.shanten > no);
            return;
        }
        // Among the options valued, when the one taken is.
        let Some(taken) = self.taken().and_then(|o| o.score) else {
            return;
        };
        let mut best: Option<(usize, f64)> = None;
        for (i, o) in self.options.iter().enumerate() {
            if let Some(s) = o.score {
                if best.is_none_or(|(_, b)| s > b) {
                    best = Some((i, s));
                }
            }
        }
        if let Some((i, b)) = best {
            self.best = Some(i);
            self.mistake = worse(taken, b);
        }
    }
}

/// One discard offered against a threat.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct DefenceOption {
    /// The tile.
    pub pai: Pai,
    /// The chance it deals in now ([`safety::danger_all`]).
    pub danger: f64,
    /// The reasons for that danger.
    pub reasons: Reasons,
    /// Shanten after it.
    pub shanten: i8,
    /// Unseen copies of the useful tiles after it.
    pub useful: u32,
    /// Win probability by the search, when valued.
    pub win: Option<f64>,
    /// Expected score by the search, when valued.
    pub score: Option<f64>,
    /// The expected score less the danger times [`deal_in_cost`], when valued.
    pub value: Option<f64>,
}

/// A discard against a threat: each discard offered with its danger and its value.
#[derive(Clone, PartialEq, Debug)]
pub struct Defence {
    /// The seats that threaten: in riichi, or with three melds or more.
    pub threats: Vec<Seat>,
    /// Which of them are in riichi.
    pub riichi: Vec<Seat>,
    /// Every distinct discard offered, safest first.
    pub options: Vec<DefenceOption>,
    /// The discard was a fold (see the module).
    pub fold: bool,
    /// The option of the highest value, or the safest without values.
    pub best: Option<Pai>,
    /// The discard is worse than the best by the measure (see the module).
    pub mistake: bool,
}

impl Defence {
    /// The option of `pai` (or of its kind).
    #[must_use]
    pub fn option(&self, pai: Pai) -> Option<&DefenceOption> {
        self.options
            .iter()
            .find(|o| o.pai == pai)
            .or_else(|| self.options.iter().find(|o| o.pai.tile() == pai.tile()))
    }

    /// Marks the fold and, without values, the mistake, for the discard of `pai`
    /// ranked `rank` by efficiency.
    pub(crate) fn settle(&mut self, pai: Pai, rank: usize) {
        let Some(c) = self.option(pai).copied() else {
            return;
        };
        let safest = self.options.iter().map(|o| o.danger).fold(1.0, f64::min);
        let efficient = |o: &DefenceOption| (o.shanten, core::cmp::Reverse(o.useful));
        let top = self.options.iter().map(efficient).min();
        let best_danger = self
            .options
            .iter()
            .filter(|o| Some(efficient(o)) == top)
            .map(|o| o.danger)
            .fold(1.0, f64::min);
        self.fold = rank > 1 && c.danger <= safest + 1e-12 && c.danger < best_danger;
        self.best = self
            .options
            .iter()
            .min_by(|a, b| a.danger.total_cmp(&b.danger))
            .map(|o| o.pai);
        self.mistake = self.options.iter().any(|o| {
            o.danger + 1e-12 < c.danger
                && efficient(o) <= efficient(&c)
                && o.pai.tile() != pai.tile()
        });
    }

    /// Adds the search's values (`value_of` a tile: win probability and expected
    /// score) and judges the discard of `pai` by them.
    pub(crate) fn value(&mut self, pai: Pai, value_of: impl Fn(Pai) -> Option<(f64, f64)>) {
        let cost = deal_in_cost();
        for o in &mut self.options {
            if let Some((w, s)) = value_of(o.pai) {
                o.win = Some(w);
                o.score = Some(s);
                o.value = Some(s - o.danger * cost);
            }
        }
        let Some(values) = self
            .options
            .iter()
            .map(|o| o.value)
            .collect::<Option<Vec<f64>>>()
        else {
            return;
        };
        let Some(c) = self
            .options
            .iter()
            .position(|o| o.pai == pai)
            .or_else(|| self.options.iter().position(|o| o.pai.tile() == pai.tile()))
        else {
            return;
        };
        let best = (0..values.len()).fold(0, |b, i| if values[i] > values[b] { i } else { b });
        self.best = Some(self.options[best].pai);
        self.mistake = worse(values[c], values[best]);
    }
}

/// One decision point of a reviewed seat at the table.
#[derive(Clone, Debug)]
pub(crate) struct Point {
    /// The seat.
    pub seat: Seat,
    /// Its legal actions.
    pub legal: Vec<Action>,
    /// At a discard with a threat: each discard's danger.
    pub defence: Option<Defence>,
}

/// Whether a point offers a choice the review looks at.
fn wanted(legal: &[Action]) -> bool {
    legal.iter().any(|a| {
        matches!(
            a,
            Action::Riichi
                | Action::Chi { .. }
                | Action::Pon { .. }
                | Action::OpenKan { .. }
                | Action::ClosedKan { .. }
                | Action::AddedKan { .. }
        )
    })
}

/// The points of the seats `want` takes at a decision point of `game` at the table
/// ([`super::on_table::Decision`]): in kyoku `kyoku` after its first `after` events,
/// at `table`, each seat of [`Table::to_act`] offered a choice the review looks at or a
/// discard against a threat.
pub(crate) fn points_at(
    game: &Game,
    kyoku: usize,
    after: usize,
    table: &Table,
    want: impl Fn(Seat) -> bool,
) -> Vec<Point> {
    let mut out = Vec::new();
    let Some(k) = game.kyokus.get(kyoku) else {
        return out;
    };
    let mask = table.to_act();
    for seat in 0..table.players() {
        if mask & (1 << seat) == 0 || !want(seat) {
            continue;
        }
        let legal: Vec<Action> = table.legal(seat).iter().copied().collect();
        let discards = legal
            .iter()
            .filter(|a| matches!(a, Action::Discard { .. }))
            .count();
        let defence = if discards > 0 {
            defence_at(table, seat, &legal, &k.events[..after.min(k.events.len())])
        } else {
            None
        };
        if defence.is_none() && !wanted(&legal) {
            continue;
        }
        out.push(Point {
            seat,
            legal,
            defence,
        });
    }
    out
}

/// The threats `seat` sees at the table, each with its safe kinds: an opponent in
/// riichi (its river and every discard since its declaration, from `before`, the
/// kyoku's events so far), or with three melds or more (its river).
fn threats_of(obs: &crate::table::Observation, before: &[Event]) -> Vec<Threat> {
    let mut after = [TileSet::EMPTY; 4];
    let mut declared = [false; 4];
    for e in before {
        match *e {
            Event::Riichi { seat } => {
                if let Some(d) = declared.get_mut(usize::from(seat)) {
                    *d = true;
                }
            }
            Event::Discard { pai, .. } => {
                for (a, _) in after.iter_mut().zip(declared).filter(|(_, d)| *d) {
                    a.insert(pai.tile());
                }
            }
            _ => {}
        }
    }
    let mut out: Vec<Threat> = safety::threats(obs, &after).iter().copied().collect();
    for s in 0..obs.players.min(4) {
        let i = usize::from(s);
        if s == obs.seat || obs.riichi[i] || obs.melds[i].len() < 3 {
            continue;
        }
        let mut genbutsu = TileSet::EMPTY;
        for r in obs.rivers[i].iter() {
            genbutsu.insert(r.pai.tile());
        }
        out.push(Threat { seat: s, genbutsu });
    }
    out
}

/// The danger of each discard `seat` is offered, when an opponent threatens.
fn defence_at(
    t: &crate::table::Table,
    seat: Seat,
    legal: &[Action],
    before: &[Event],
) -> Option<Defence> {
    let obs = t.observation(seat);
    let threats = threats_of(&obs, before);
    if threats.is_empty() {
        return None;
    }
    let sight = Sight::of(&obs);
    let ranked = greedy::rank_discards(&obs, &sight, legal);
    let mut options: Vec<DefenceOption> = Vec::new();
    for (a, e) in ranked.iter() {
        let Action::Discard { pai, .. } = *a else {
            continue;
        };
        if options.iter().any(|o| o.pai == pai) {
            continue;
        }
        options.push(DefenceOption {
            pai,
            danger: safety::danger_all(pai.tile(), &threats, &sight),
            reasons: safety::reasons(pai.tile(), &threats, &sight),
            shanten: e.shanten,
            useful: e.useful,
            win: None,
            score: None,
            value: None,
        });
    }
    // Stable: efficiency order between equally safe tiles.
    options.sort_by(|a, b| a.danger.total_cmp(&b.danger));
    let riichi = threats
        .iter()
        .filter(|th| obs.riichi[usize::from(th.seat.min(3))])
        .map(|th| th.seat)
        .collect();
    Some(Defence {
        threats: threats.iter().map(|th| th.seat).collect(),
        riichi,
        options,
        fold: false,
        best: None,
        mistake: false,
    })
}

/// Shanten of `counts` with `melds` declared; of a 14 − 3k hand, that of its best
/// discard (a hand complete before discarding, after a call, counts as ready).
pub(crate) fn shanten_of(counts: &crate::tile::TileCounts, melds: usize) -> i8 {
    if counts.total() % 3 == 2 {
        if let Ok(d) = crate::shanten::discards(counts, melds) {
            if let Some(s) = d.rows().iter().map(|r| r.shanten).min() {
                return s;
            }
        }
    }
    greedy::shanten_now(counts, melds)
}
