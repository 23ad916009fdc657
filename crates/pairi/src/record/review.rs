//! Review: every discard of a record against the best one by shanten and useful tiles
//! (tiles seen at that moment subtracted), with flags for the moments a player would
//! want to look at again, and a summary per player.
//!
//! "Best" is the greedy order of a discard table: the lowest shanten after the
//! discard, then the most useful tiles left to draw. The expected-value engine
//! ([`crate::ev`]) answers the deeper question for one hand at a time; a review
//! stays fast enough for a whole directory of records.

use super::choices::{self, ChoiceKind, ChoiceOption, ChoiceReview, Defence, Point};
use super::on_table::{self, Decision, Visit};
use super::{CallKind, Event, Game, Kyoku, RecordError, Seat};
use crate::analysis::{Analyzer, Holding};
use crate::decompose::Family;
use crate::ev::{evaluate_with, EvError, Evaluation, Model, Options, Setup, MAX_TURNS};
use crate::hand::{Hand, Meld, Source};
use crate::riichi::context::Flags;
use crate::riichi::rules::Players;
use crate::riichi::{Rules, WinContext};
use crate::shanten::Discard;
use crate::table::{Action, Event as TableEvent, RiichiState, Table, TableRules};
use crate::tile::{Pai, Tile, TileCounts, TileSet, Wind};
use crate::util::{Stop, Stopped};
use crate::wall::Wall;

/// Something worth a second look about a discard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Flag {
    /// The hand was ready (or could stay ready) and this discard left it not ready.
    LostTenpai,
    /// A discard that raises the shanten when another keeps it.
    ShantenBack,
    /// The discarded tile is one of the hand's own waits after the discard: the hand is
    /// now furiten (フリテン).
    Furiten,
    /// The drawn tile completed a hand with a yaku, and the player discarded instead
    /// of winning (見逃しツモ).
    MissedTsumo,
    /// Ready and closed, riichi not declared with tiles left to draw (ダマ): a choice,
    /// worth a look.
    Dama,
    /// Another player won on this discard (放銃).
    DealtIn,
    /// Against a threat, the safest tile offered, given up efficiency for
    /// ([`super::choices`]): judged by its danger, not as a shanten or tenpai loss.
    Fold,
}

impl Flag {
    /// The id used in JSON.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Flag::LostTenpai => "lost_tenpai",
            Flag::ShantenBack => "shanten_back",
            Flag::Furiten => "furiten",
            Flag::MissedTsumo => "missed_tsumo",
            Flag::Dama => "dama",
            Flag::DealtIn => "dealt_in",
            Flag::Fold => "fold",
        }
    }
}

/// One discard reviewed.
#[derive(Clone, PartialEq, Debug)]
pub struct DiscardReview {
    /// Index of the kyoku in the game.
    pub kyoku: usize,
    /// Index of the discard event in the kyoku.
    pub event: usize,
    /// Who discarded.
    pub seat: Seat,
    /// The concealed tiles before the discard, the drawn one included.
    pub hand: Vec<Pai>,
    /// Number of declared melds.
    pub melds: usize,
    /// The declared melds, in the order declared.
    pub declared: Vec<crate::hand::Meld>,
    /// The tile just drawn, if the discard follows a draw (not a call).
    pub drawn: Option<Pai>,
    /// The tile discarded.
    pub discard: Pai,
    /// Whether it was thrown straight from the draw.
    pub tsumogiri: bool,
    /// Whether it declared riichi.
    pub riichi: bool,
    /// Shanten of the hand before the discard.
    pub shanten_before: i8,
    /// Shanten after the discard.
    pub shanten: i8,
    /// Useful kinds after the discard, and copies of them not seen.
    pub useful: TileSet,
    /// See `useful`.
    pub useful_count: u32,
    /// The best discards (every one tied for best).
    pub best: Vec<Pai>,
    /// Shanten after the best discard.
    pub best_shanten: i8,
    /// Useful copies after the best discard.
    pub best_useful_count: u32,
    /// Rank of the chosen discard among the distinct discards (1 = best; ties share).
    pub rank: usize,
    /// Number of distinct discards.
    pub choices: usize,
    /// Flags.
    pub flags: Vec<Flag>,
    /// Win probability and expected score of the chosen and the best discard, when the
    /// review asked for them and the hand was near enough to search.
    pub ev: Option<EvReview>,
    /// When an opponent threatened: every discard offered with its danger (and its
    /// value, with `ev`).
    pub defence: Option<Defence>,
}

/// A discard valued by the expected-value engine ([`crate::ev`], pairi's model: the
/// real wall, one policy), from this turn to the end of the wall.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct EvReview {
    /// Win probability of the chosen discard.
    pub win: f64,
    /// Its expected score (points received on a win).
    pub score: f64,
    /// The discard of the highest expected score.
    pub best: Pai,
    /// Its win probability.
    pub best_win: f64,
    /// Its expected score.
    pub best_score: f64,
    /// At a discard into closed tenpai where riichi could be declared (a closed hand
    /// not in riichi, four tiles or more left to draw): the chosen discard with riichi
    /// and without, whichever the record shows.
    pub riichi: Option<RiichiReview>,
}

/// Riichi against dama (ダマ) for one discard into closed tenpai, valued at the turn of
/// the discard ([`crate::ev::Declare`]).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct RiichiReview {
    /// Win probability with riichi declared.
    pub riichi_win: f64,
    /// Expected score with riichi declared.
    pub riichi_score: f64,
    /// Win probability without.
    pub dama_win: f64,
    /// Expected score without.
    pub dama_score: f64,
}

impl RiichiReview {
    /// Whether riichi scores more on average than dama.
    #[must_use]
    pub fn riichi_better(&self) -> bool {
        self.riichi_score > self.dama_score
    }
}

/// A call the record shows (chi, pon or open kong on another player's discard) against
/// passing, both valued by the expected-value engine at the turn of the call.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct CallReview {
    /// Index of the kyoku.
    pub kyoku: usize,
    /// Index of the call event.
    pub event: usize,
    /// Who called.
    pub seat: Seat,
    /// Which call.
    pub kind: CallKind,
    /// The tile called.
    pub pai: Pai,
    /// Win probability after the call: of the best discard that follows a chi or a
    /// pon (a swap-call discard excluded), of the hand after an open kong (its
    /// replacement tile one more draw).
    pub call_win: f64,
    /// Expected score after the call.
    pub call_score: f64,
    /// Win probability of passing: the hand as it was, drawing on.
    pub pass_win: f64,
    /// Expected score of passing.
    pub pass_score: f64,
}

impl CallReview {
    /// Whether the call scores more on average than passing.
    #[must_use]
    pub fn call_better(&self) -> bool {
        self.call_score > self.pass_score
    }
}

/// A win a player could have taken and did not.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Missed {
    /// Index of the kyoku.
    pub kyoku: usize,
    /// Index of the event after which the win was possible.
    pub event: usize,
    /// Who could have won.
    pub seat: Seat,
    /// On which tile.
    pub pai: Pai,
    /// Self-draw or ron.
    pub tsumo: bool,
    /// The points it would have scored (honba and sticks included).
    pub points: u32,
}

/// A player's game in figures.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PlayerSummary {
    /// Seat.
    pub seat: Seat,
    /// Name in the record.
    pub name: String,
    /// Kyoku played.
    pub kyokus: usize,
    /// Wins.
    pub wins: usize,
    /// Kyoku in which the player dealt into a win.
    pub deal_ins: usize,
    /// Kyoku with a riichi declared.
    pub riichi: usize,
    /// Kyoku with a chi, pon or open kong.
    pub calls: usize,
    /// Kyoku in which the player folded (a discard flagged [`Flag::Fold`]).
    pub folds: usize,
    /// Points won, added up (score changes of the wins).
    pub win_points: i64,
    /// Discards reviewed.
    pub discards: usize,
    /// Of them, ranked best.
    pub best: usize,
}

impl PlayerSummary {
    /// Share of kyoku won.
    #[must_use]
    pub fn win_rate(&self) -> f64 {
        ratio(self.wins, self.kyokus)
    }
    /// Share of kyoku dealt in.
    #[must_use]
    pub fn deal_in_rate(&self) -> f64 {
        ratio(self.deal_ins, self.kyokus)
    }
    /// Share of kyoku with riichi.
    #[must_use]
    pub fn riichi_rate(&self) -> f64 {
        ratio(self.riichi, self.kyokus)
    }
    /// Share of kyoku with a call.
    #[must_use]
    pub fn call_rate(&self) -> f64 {
        ratio(self.calls, self.kyokus)
    }
    /// Average points of a win.
    #[must_use]
    pub fn average_win(&self) -> f64 {
        if self.wins == 0 {
            0.0
        } else {
            self.win_points as f64 / self.wins as f64
        }
    }
    /// Share of discards that were ranked best.
    #[must_use]
    pub fn agreement(&self) -> f64 {
        ratio(self.best, self.discards)
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// A whole review.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Review {
    /// Every discard of the chosen seats, in game order.
    pub discards: Vec<DiscardReview>,
    /// Wins passed up.
    pub missed: Vec<Missed>,
    /// With [`Selection::ev`]: the calls of the chosen seats against passing, where
    /// both could be valued.
    pub calls: Vec<CallReview>,
    /// The other choices of the chosen seats the table offered: riichi or dama,
    /// calling or passing, a kong or not ([`super::choices`]), in game order.
    pub choices: Vec<ChoiceReview>,
    /// One summary per seat.
    pub players: Vec<PlayerSummary>,
}

/// Which part of a game to review.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Selection {
    /// The seats whose discards are reviewed (all when empty).
    pub seats: Vec<Seat>,
    /// The kyoku reviewed, by index in the game (all when empty).
    pub kyokus: Vec<usize>,
    /// Value each discard with the expected-value engine too (milliseconds to a
    /// second a discard; hands beyond 3-shanten or [`Selection::ev_states`] states are
    /// left without).
    pub ev: bool,
    /// The largest state graph searched for one discard ([`EV_MAX_STATES`] when
    /// `None`).
    pub ev_states: Option<usize>,
    /// The review gives up with [`RecordError::Stopped`] soon after this is set: it is
    /// checked before each discard and inside each search.
    pub stop: Stop,
}

/// The largest state graph a review searches for one discard, unless its selection
/// says less.
pub const EV_MAX_STATES: usize = 300_000;

impl Selection {
    fn seat(&self, s: Seat) -> bool {
        self.seats.is_empty() || self.seats.contains(&s)
    }
    fn kyoku(&self, k: usize) -> bool {
        self.kyokus.is_empty() || self.kyokus.contains(&k)
    }
}

/// Reviews `game` under `rules` (for the missed wins' yaku and points).
///
/// # Errors
///
/// [`RecordError::OnTable`] when the table does not allow an action of the record;
/// [`RecordError::Stopped`] once the selection's stop is set.
pub fn review(game: &Game, rules: &Rules, selection: &Selection) -> Result<Review, RecordError> {
    let (mut out, jobs) = walk(game, rules, selection)?;
    let values = value_all(&jobs, selection)?;
    let mut calls: Vec<PendingCall> = Vec::new();
    for (job, ev) in jobs.iter().zip(&values) {
        let Some(ev) = ev else {
            continue;
        };
        match job.want {
            Want::Discard {
                review,
                pai,
                riichi,
                after_call,
                riichi_choice,
            } => {
                let forbidden = after_call.map_or(TileSet::EMPTY, |(_, f)| f);
                let turn = job.setup.turn;
                out.discards[review].ev = chosen_and_best(ev, turn, pai, forbidden, riichi);
                if let Some(d) = out.discards[review].defence.as_mut() {
                    d.value(pai, |p| value_of_discard(ev, turn, p));
                }
                if let Some(c) = riichi_choice.and_then(|c| out.choices.get_mut(c)) {
                    riichi_or_dama(ev, turn, c);
                }
                if let (Some((call, _)), Some(best)) = (after_call, best_of(ev, turn, forbidden)) {
                    pending(&mut calls, call).call = Some(best);
                }
            }
            Want::Choice {
                choice,
                option,
                forbidden,
            } => {
                let t = job.setup.turn;
                let value = best_of(ev, t, forbidden)
                    .or_else(|| ev.discards.first().map(|d| d.win_score(t)));
                if let (Some((w, s)), Some(o)) = (
                    value,
                    out.choices
                        .get_mut(choice)
                        .and_then(|c| c.options.get_mut(option)),
                ) {
                    o.win = Some(w);
                    o.score = Some(s);
                }
            }
            Want::Pass { call } => {
                let t = job.setup.turn;
                pending(&mut calls, call).pass = ev.discards.first().map(|d| d.win_score(t));
            }
            Want::Kan { call } => {
                // The replacement tile is one more draw: the values a turn earlier.
                let t = job.setup.turn;
                pending(&mut calls, call).call = ev.discards.first().map(|d| d.win_score(t));
            }
        }
    }
    for (i, c) in out.calls.iter_mut().enumerate() {
        if let Some(PendingCall {
            call: Some((call_win, call_score)),
            pass: Some((pass_win, pass_score)),
        }) = calls.get(i)
        {
            c.call_win = *call_win;
            c.call_score = *call_score;
            c.pass_win = *pass_win;
            c.pass_score = *pass_score;
        } else {
            c.call_score = f64::NAN;
        }
    }
    out.calls.retain(|c| !c.call_score.is_nan());
    for c in &mut out.choices {
        c.judge();
    }
    Ok(out)
}

/// (win probability, expected score) at `turn` of the discard of `pai` (or of its kind).
fn value_of_discard(e: &Evaluation, turn: u8, pai: Pai) -> Option<(f64, f64)> {
    e.discard_of(pai).map(|d| d.win_score(turn))
}

/// Values a riichi choice (options dama, riichi) at `turn`: riichi, the best discard
/// into closed tenpai declared; dama, the best discard without declaring.
fn riichi_or_dama(e: &Evaluation, turn: u8, c: &mut ChoiceReview) {
    let pick = |a: (f64, f64), b: (f64, f64)| if b.1 > a.1 { b } else { a };
    let mut riichi: Option<(f64, f64)> = None;
    let mut dama: Option<(f64, f64)> = None;
    for d in e.discards.iter().filter(|d| d.tile.is_some()) {
        let silent = match &d.declare {
            Some(x) => {
                let r = x.riichi.win_score(turn);
                riichi = Some(riichi.map_or(r, |a| pick(a, r)));
                x.dama.win_score(turn)
            }
            None => d.win_score(turn),
        };
        dama = Some(dama.map_or(silent, |a| pick(a, silent)));
    }
    for (o, v) in c.options.iter_mut().zip([dama, riichi]) {
        if let Some((w, s)) = v {
            o.win = Some(w);
            o.score = Some(s);
        }
    }
}

/// The values found so far of a call: (win probability, expected score) of calling
/// and of passing.
#[derive(Clone, Copy, Default)]
struct PendingCall {
    call: Option<(f64, f64)>,
    pass: Option<(f64, f64)>,
}

fn pending(calls: &mut Vec<PendingCall>, i: usize) -> &mut PendingCall {
    if calls.len() <= i {
        calls.resize(i + 1, PendingCall::default());
    }
    &mut calls[i]
}

/// A position the review values with the expected-value engine.
#[derive(Clone, Debug)]
pub struct Position {
    /// Index of the kyoku.
    pub kyoku: usize,
    /// Index of the event (the discard, or the call).
    pub event: usize,
    /// Whose hand.
    pub seat: Seat,
    /// The position: the hand (14 − 3k tiles before a discard, 13 − 3k before a call
    /// passed, or after an open kong), winds, indicators, tiles seen, turn.
    pub setup: Setup,
}

/// What a valued position answers.
#[derive(Clone, Copy, Debug)]
enum Want {
    /// The discard reviewed at this index of [`Review::discards`]: the tile thrown,
    /// whether riichi could be declared with it, and the call it follows (its index in
    /// [`Review::calls`] and the discards that call forbids).
    Discard {
        review: usize,
        pai: Pai,
        riichi: bool,
        after_call: Option<(usize, TileSet)>,
        riichi_choice: Option<usize>,
    },
    /// Option `option` of the choice at this index of [`Review::choices`]: the hand
    /// after it (a 13 − 3k hand drawing on, or a 14 − 3k hand's best discard not
    /// `forbidden`).
    Choice {
        choice: usize,
        option: usize,
        forbidden: TileSet,
    },
    /// The call at this index of [`Review::calls`], passed: the hand before it.
    Pass { call: usize },
    /// The open kong at this index of [`Review::calls`]: the hand after it.
    Kan { call: usize },
}

struct Job {
    /// Shanten of the hand (the larger, the larger the search).
    shanten: i8,
    seat: Seat,
    kyoku: usize,
    event: usize,
    setup: Setup,
    want: Want,
}

impl Job {
    fn new(seat: Seat, kyoku: usize, event: usize, setup: Setup, want: Want) -> Job {
        let shanten = crate::shanten::riichi(setup.hand.concealed(), setup.hand.melds().len())
            .map_or(i8::MAX, |s| s.min());
        Job {
            shanten,
            seat,
            kyoku,
            event,
            setup,
            want,
        }
    }
}

/// The positions [`review`] values for `selection` (with [`Selection::ev`]), in game
/// order, each searched with [`ev_options`]; a position the engine does not take (more
/// than 3-shanten, a search past the bound) is left without values.
///
/// # Errors
///
/// As [`review`].
pub fn positions(
    game: &Game,
    rules: &Rules,
    selection: &Selection,
) -> Result<Vec<Position>, RecordError> {
    let (_, jobs) = walk(game, rules, selection)?;
    Ok(jobs
        .into_iter()
        .map(|j| Position {
            kyoku: j.kyoku,
            event: j.event,
            seat: j.seat,
            setup: j.setup,
        })
        .collect())
}

/// The options of the review's searches: pairi's model, every default, at most
/// [`Selection::ev_states`] hand states.
#[must_use]
pub fn ev_options(selection: &Selection) -> Options {
    Options {
        model: Model::Pairi,
        max_states: selection.ev_states.unwrap_or(EV_MAX_STATES),
        ..Options::default()
    }
}

/// The values of every job, on every core: one search a job (a search of one position
/// on one core wastes less than one spread over both while the other waits), the
/// hands farthest from winning (the largest searches) first, so that the cores finish
/// together.
fn value_all(jobs: &[Job], selection: &Selection) -> Result<Vec<Option<Evaluation>>, RecordError> {
    let options = ev_options(selection);
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| core::cmp::Reverse(jobs[i].shanten));
    let run = |&i: &usize| -> Result<(usize, Option<Evaluation>), Stopped> {
        selection.stop.check()?;
        match evaluate_with(&jobs[i].setup, &options, &mut |_| {}, &selection.stop) {
            Ok(e) => Ok((i, Some(e))),
            Err(EvError::Stopped(s)) => Err(s),
            Err(_) => Ok((i, None)),
        }
    };
    #[cfg(feature = "parallel")]
    let done: Vec<Result<(usize, Option<Evaluation>), Stopped>> = {
        use rayon::prelude::*;
        order.par_iter().with_max_len(1).map(run).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let done: Vec<Result<(usize, Option<Evaluation>), Stopped>> = order.iter().map(run).collect();
    let mut values: Vec<Option<Evaluation>> = vec![None; jobs.len()];
    for d in done {
        let (i, ev) = d?;
        values[i] = ev;
    }
    Ok(values)
}

/// The review values discards of hands up to this far from tenpai (the searches of
/// farther hands take seconds each).
const EV_MAX_SHANTEN: i8 = 3;

/// The walk of the review through the record at the table: every discard reviewed,
/// the choices at the table's decision points, the wins passed up, the calls, and the
/// positions to value. The record is played once, under Tenhou's rules, or Mahjong
/// Soul's when Tenhou's refuse it ([`on_table::under_either`]): the whole walk is then
/// Mahjong Soul's.
fn walk(
    game: &Game,
    rules: &Rules,
    selection: &Selection,
) -> Result<(Review, Vec<Job>), RecordError> {
    let (walked, _) = on_table::under_either(
        on_table::RecordRules::Auto,
        |mahjong_soul| {
            walk_under(
                game,
                rules,
                selection,
                on_table::rules_of(game, mahjong_soul),
            )
        },
        |_| true,
    )?;
    Ok(walked?)
}

/// Shows each event of a kyoku to a function with the table before it, and whether
/// the table reached a decision point there. A decision point comes just before the
/// event its `after` names, at the same table ([`Visit::decision`]).
struct Events<F> {
    f: F,
    /// The `after` of the decision point not yet shown with its event.
    decision: Option<usize>,
}

impl<F: FnMut(usize, &Table, &[TableEvent], bool)> Events<F> {
    fn new(f: F) -> Self {
        Events { f, decision: None }
    }
}

impl<F: FnMut(usize, &Table, &[TableEvent], bool)> Visit for Events<F> {
    fn decision(&mut self, d: Decision<'_>) {
        self.decision = Some(d.after);
    }
    fn event(&mut self, _: usize, index: usize, table: &Table, ahead: &[TableEvent]) {
        let decided = self.decision.take() == Some(index);
        (self.f)(index, table, ahead, decided);
    }
    fn wants_result(&self) -> bool {
        false
    }
}

/// What the record has shown of a kyoku up to an event: the indicators turned, the
/// riichi sticks on the table, the riichi accepted, and the last discard while it can
/// still be claimed.
struct Shown {
    dora: Vec<Pai>,
    sticks: u32,
    accepted: [bool; 4],
    last_discard: Option<(Seat, Pai)>,
    /// The events folded in so far.
    seen: usize,
}

impl Shown {
    fn new(kyoku: &Kyoku) -> Shown {
        Shown {
            dora: vec![kyoku.dora],
            sticks: kyoku.riichi_sticks,
            accepted: [false; 4],
            last_discard: None,
            seen: 0,
        }
    }

    /// Folds in the events before `upto`.
    fn up_to(&mut self, events: &[Event], upto: usize) {
        for e in events.get(self.seen..upto).into_iter().flatten() {
            match *e {
                Event::Dora { indicator } => self.dora.push(indicator),
                Event::RiichiAccepted { seat } => {
                    self.sticks += 1;
                    if let Some(a) = self.accepted.get_mut(usize::from(seat)) {
                        *a = true;
                    }
                }
                Event::Discard { seat, pai, .. } => self.last_discard = Some((seat, pai)),
                Event::Draw { .. } | Event::Call { .. } | Event::Kita { .. } => {
                    self.last_discard = None;
                }
                _ => {}
            }
        }
        self.seen = self.seen.max(upto);
    }
}

/// The walk under `table_rules`: every kyoku of the record played at the table (the
/// ones not selected too, for the table to refuse the record there), the selected ones
/// reviewed. A walk stopped by the selection's stop plays the rest of the record
/// without reviewing it, and answers the stop.
#[allow(clippy::too_many_lines)]
fn walk_under(
    game: &Game,
    rules: &Rules,
    selection: &Selection,
    table_rules: TableRules,
) -> Result<Result<(Review, Vec<Job>), Stopped>, RecordError> {
    let n = game.players.count();
    let mut out = Review {
        players: (0..n)
            .map(|seat| PlayerSummary {
                seat,
                name: game
                    .names
                    .get(usize::from(seat))
                    .cloned()
                    .unwrap_or_default(),
                ..PlayerSummary::default()
            })
            .collect(),
        ..Review::default()
    };
    let mut jobs: Vec<Job> = Vec::new();
    let wall = match game.players {
        Players::Four => Wall::four_player(game.red_fives),
        Players::Three => Wall::three_player(game.red_fives),
    };
    let mut stopped = None;
    for (ki, kyoku) in game.kyokus.iter().enumerate() {
        if !selection.kyoku(ki) || stopped.is_some() {
            if !kyoku.events.is_empty() {
                let mut idle = Events::new(|_: usize, _: &Table, _: &[TableEvent], _: bool| {});
                on_table::kyoku_at_table(game, ki, table_rules, false, &mut idle)?;
            }
            continue;
        }
        // Per seat, the riichi choice whose discard comes next.
        let mut riichi_choice: Vec<Option<usize>> = vec![None; usize::from(n)];
        let mut reviews: Vec<DiscardReview> = Vec::new();
        let mut missed: Vec<Missed> = Vec::new();
        let mut furiten = vec![false; usize::from(n)];
        // Per seat, the chi or pon whose discard comes next: its index in `out.calls`
        // and the discards it forbids.
        let mut after_call: Vec<Option<(usize, TileSet)>> = vec![None; usize::from(n)];
        let events = &kyoku.events;
        let base = out.discards.len();
        let mut shown = Shown::new(kyoku);
        let mut visit = Events::new(|i: usize, t: &Table, ahead: &[TableEvent], decided: bool| {
            let Some(e) = events.get(i) else {
                return;
            };
            // The reviewed seats' decision points at this event.
            let points = if decided && stopped.is_none() {
                choices::points_at(game, ki, i, t, |s| selection.seat(s))
            } else {
                Vec::new()
            };
            shown.up_to(events, i);
            let table = View {
                table: t,
                kyoku,
                players: game.players,
                wall,
                ahead: ahead.iter().find_map(|x| match *x {
                    TableEvent::Draw { seat, pai: Some(p) } => Some((seat, p)),
                    _ => None,
                }),
                dora: &shown.dora,
                sticks: shown.sticks,
                accepted: shown.accepted,
                last_discard: shown.last_discard,
                call: None,
            };
            let table = &table;
            if stopped.is_none() {
                for p in &points {
                    let ctx = ChoiceAt {
                        table,
                        event: e,
                        kyoku: ki,
                        index: i,
                        ev: selection.ev,
                    };
                    if let Some(c) = choose(&ctx, p, &mut out.choices, &mut jobs) {
                        if let Some(r) = riichi_choice.get_mut(usize::from(p.seat)) {
                            *r = Some(c);
                        }
                    }
                }
            }
            // A discard just passed (this event is not a win on it): who could have won?
            if let (Some((from, pai)), false) = (table.last_discard, matches!(e, Event::Win(_))) {
                if matches!(events.get(i.wrapping_sub(1)), Some(Event::Discard { .. })) {
                    for seat in (0..n).filter(|&s| s != from) {
                        if furiten[usize::from(seat)] {
                            continue;
                        }
                        if let Some(points) = could_win(kyoku, table, seat, from, pai, rules) {
                            missed.push(Missed {
                                kyoku: ki,
                                event: i,
                                seat,
                                pai,
                                tsumo: false,
                                points,
                            });
                            furiten[usize::from(seat)] = true;
                        }
                    }
                }
            }
            if let Event::Call {
                kind, seat, pai, ..
            } = *e
            {
                if selection.ev && selection.seat(seat) {
                    let call = out.calls.len();
                    out.calls.push(CallReview {
                        kyoku: ki,
                        event: i,
                        seat,
                        kind,
                        pai,
                        call_win: 0.0,
                        call_score: 0.0,
                        pass_win: 0.0,
                        pass_score: 0.0,
                    });
                    let turn = turn_of(table);
                    if let Some(setup) = setup_of(table, seat, turn) {
                        jobs.push(Job::new(seat, ki, i, setup, Want::Pass { call }));
                    }
                    if kind == CallKind::OpenKan {
                        let consumed = match e {
                            Event::Call { consumed, .. } => &consumed[..],
                            _ => &[],
                        };
                        if let Some(setup) = table
                            .called(seat, kind, pai, consumed)
                            .and_then(|after| setup_of(&after, seat, turn.saturating_sub(1)))
                        {
                            jobs.push(Job::new(seat, ki, i, setup, Want::Kan { call }));
                        }
                    } else if let Event::Call { consumed, .. } = e {
                        after_call[usize::from(seat)] =
                            Some((call, swap_calls(kind, pai, consumed)));
                    }
                }
            }
            if let Event::Discard {
                seat,
                pai,
                tsumogiri,
            } = *e
            {
                let riichi_declared =
                    i > 0 && matches!(events.get(i - 1), Some(Event::Riichi { .. }));
                // A seat the table does not have: the table refuses the event next.
                let Some(s) = table.seat(seat) else {
                    return;
                };
                let follows = after_call.get_mut(usize::from(seat)).and_then(Option::take);
                let riichi_of = riichi_choice
                    .get_mut(usize::from(seat))
                    .and_then(Option::take);
                // Temporary furiten ends with one's own discard (unless in riichi).
                if s.riichi.is_none() {
                    furiten[usize::from(seat)] = false;
                }
                // After riichi the discards are not a choice.
                if !selection.seat(seat) || s.riichi.is_some() || stopped.is_some() {
                    return;
                }
                if let Err(e) = selection.stop.check() {
                    stopped = Some(e);
                    return;
                }
                if let Some(mut r) =
                    review_discard(table, &s, seat, pai, tsumogiri, riichi_declared)
                {
                    r.kyoku = ki;
                    r.event = i;
                    r.defence = points
                        .iter()
                        .find(|p| p.seat == seat)
                        .and_then(|p| p.defence.clone());
                    if let Some(d) = r.defence.as_mut() {
                        d.settle(pai, r.rank);
                        if d.fold {
                            r.flags
                                .retain(|f| !matches!(f, Flag::LostTenpai | Flag::ShantenBack));
                            r.flags.push(Flag::Fold);
                        }
                    }
                    if selection.ev && r.shanten_before <= EV_MAX_SHANTEN {
                        if let Some(setup) = setup_of(table, seat, turn_of(table)) {
                            let want = Want::Discard {
                                review: base + reviews.len(),
                                pai,
                                // Riichi needs a closed hand and four tiles left.
                                riichi: s.closed() && table.left() >= 4,
                                after_call: follows,
                                riichi_choice: riichi_of,
                            };
                            jobs.push(Job::new(seat, ki, i, setup, want));
                        }
                    }
                    if let Some(points) = s
                        .drawn
                        .and_then(|d| could_win(kyoku, table, seat, seat, d, rules))
                    {
                        r.flags.push(Flag::MissedTsumo);
                        missed.push(Missed {
                            kyoku: ki,
                            event: i,
                            seat,
                            pai: s.drawn.unwrap_or(pai),
                            tsumo: true,
                            points,
                        });
                    }
                    let dealt_in = events[i + 1..]
                        .iter()
                        .take_while(|e| !matches!(e, Event::Draw { .. } | Event::Call { .. }))
                        .any(|e| matches!(e, Event::Win(w) if w.from == seat && w.seat != seat));
                    if dealt_in {
                        r.flags.push(Flag::DealtIn);
                    }
                    reviews.push(r);
                }
            }
        });
        if !events.is_empty() {
            on_table::kyoku_at_table(game, ki, table_rules, false, &mut visit)?;
        }
        if stopped.is_some() {
            continue;
        }
        tally(&mut out.players, kyoku, &reviews);
        out.discards.extend(reviews);
        out.missed
            .extend(missed.into_iter().filter(|m| selection.seat(m.seat)));
    }
    Ok(match stopped {
        Some(e) => Err(e),
        None => Ok((out, jobs)),
    })
}

/// The table as the review sees it before one event of the record: the [`Table`] the
/// record is played at, less the draw it made that the record shows later, with the
/// indicators, riichi sticks and accepted riichi the record has shown so far.
#[derive(Clone)]
struct View<'a> {
    table: &'a Table,
    kyoku: &'a Kyoku,
    players: Players,
    /// The wall's kinds and copies (the record's red fives).
    wall: Wall,
    /// A draw the table has made that the record shows at this event or later.
    ahead: Option<(Seat, Pai)>,
    dora: &'a [Pai],
    sticks: u32,
    accepted: [bool; 4],
    /// The last discard, while it can still be claimed.
    last_discard: Option<(Seat, Pai)>,
    /// A call looked ahead to ([`View::called`]).
    call: Option<Called>,
}

/// A call on the last discard, looked ahead to.
#[derive(Clone)]
struct Called {
    seat: Seat,
    meld: Meld,
    consumed: Vec<Pai>,
}

/// One seat of a [`View`].
struct SeatView {
    /// Concealed tiles, the drawn one included, sorted.
    concealed: Vec<Pai>,
    melds: Vec<Meld>,
    drawn: Option<Pai>,
    /// The tile drawn came from the dead wall.
    replacement: bool,
    /// The riichi, once its discard is made; accepted as the record shows.
    riichi: Option<RiichiState>,
    kita: u8,
    /// Whether the seat has discarded in this kyoku.
    discarded: bool,
}

impl SeatView {
    fn hand(&self) -> Option<Hand> {
        Hand::from_parts(&self.concealed, self.melds.clone()).ok()
    }

    fn closed(&self) -> bool {
        self.melds.iter().all(|m| !m.kind().is_open())
    }

    fn counts(&self) -> TileCounts {
        TileCounts::from_tiles(self.concealed.iter().map(|p| p.tile()))
    }
}

impl View<'_> {
    fn seat(&self, seat: Seat) -> Option<SeatView> {
        if seat >= self.players.count() {
            return None;
        }
        let hand = self.table.hand(seat)?;
        let mut concealed = hand.concealed_pais();
        let mut melds = hand.melds().to_vec();
        let mut drawn = self.table.drawn(seat);
        let mut replacement = self.table.rinshan() && drawn.is_some();
        let take = |concealed: &mut Vec<Pai>, p: Pai| {
            let i = concealed.iter().position(|&q| q == p)?;
            concealed.remove(i);
            Some(())
        };
        if let Some((s, p)) = self.ahead.filter(|&(s, _)| s == seat) {
            let _ = s;
            take(&mut concealed, p)?;
            drawn = None;
            replacement = false;
        }
        if let Some(c) = self.call.as_ref().filter(|c| c.seat == seat) {
            for &p in &c.consumed {
                take(&mut concealed, p)?;
            }
            melds.push(c.meld);
            drawn = None;
            replacement = false;
        }
        let mut discarded = false;
        let mut declared = false;
        for (s, r) in self.table.river() {
            if s == seat {
                discarded = true;
                declared |= r.riichi;
            }
        }
        let table_riichi = self.table.riichi(seat);
        Some(SeatView {
            concealed,
            melds,
            drawn,
            replacement,
            riichi: declared.then(|| RiichiState {
                accepted: self.accepted[usize::from(seat.min(3))],
                double: table_riichi.is_some_and(|r| r.double),
                ippatsu: table_riichi.is_some_and(|r| r.ippatsu),
            }),
            kita: self.table.kita_of(seat),
            discarded,
        })
    }

    /// Draws left in the live wall.
    fn left(&self) -> u32 {
        u32::from(self.table.tiles_left()) + u32::from(self.ahead.is_some())
    }

    fn seat_wind(&self, seat: Seat) -> Wind {
        let n = self.players.count();
        Wind::ALL[usize::from((seat % n + n - self.kyoku.dealer % n) % n)]
    }

    /// Every seat's discards not claimed, in order, seat by seat.
    fn river_of(&self, seat: Seat) -> impl Iterator<Item = Pai> + '_ {
        let last = self.table.river().count().saturating_sub(1);
        self.table
            .river()
            .enumerate()
            .filter(move |&(i, (s, r))| {
                s == seat && !r.called && !(self.call.is_some() && i == last)
            })
            .map(|(_, (_, r))| r.pai)
    }

    /// Tiles `seat` can see besides its own hand: every river tile not claimed, every
    /// meld of the others, the others' Norths set aside, and the dora indicators.
    fn visible_to(&self, seat: Seat) -> TileCounts {
        let mut c = TileCounts::new();
        for s in 0..self.players.count() {
            for p in self.river_of(s) {
                c.add(p.tile());
            }
            if s == seat {
                continue;
            }
            if let Some(other) = self.seat(s) {
                for m in &other.melds {
                    for t in m.tiles() {
                        c.add(t);
                    }
                }
                for _ in 0..other.kita {
                    c.add(Tile::NORTH);
                }
            }
        }
        for d in self.dora {
            c.add(d.tile());
        }
        c
    }

    /// The table after `seat` calls `pai` from the last discard with `consumed`
    /// (`None` when it cannot).
    fn called(&self, seat: Seat, kind: CallKind, pai: Pai, consumed: &[Pai]) -> Option<Self> {
        let (from, last) = self.last_discard?;
        if last.tile() != pai.tile() || self.call.is_some() {
            return None;
        }
        let s = self.seat(seat)?;
        if s.concealed.len() + 3 * s.melds.len() != 13 {
            return None;
        }
        let source = Source::of_call(seat, from, self.players.count())?;
        let mut tiles = consumed.to_vec();
        tiles.push(pai);
        let meld =
            Meld::from_tiles(kind.meld_kind(), &tiles, Some(pai.tile()), Some(source)).ok()?;
        let after = View {
            call: Some(Called {
                seat,
                meld,
                consumed: consumed.to_vec(),
            }),
            last_discard: None,
            ..self.clone()
        };
        after.seat(seat)?;
        Some(after)
    }
}

/// Where a choice is met in the walk.
struct ChoiceAt<'a> {
    table: &'a View<'a>,
    event: &'a Event,
    kyoku: usize,
    index: usize,
    ev: bool,
}

/// Whether any opponent of `seat` threatens ([`choices`]: in riichi or with three melds).
fn threatened(table: &View<'_>, seat: Seat) -> bool {
    (0..table.players.count())
        .filter(|&s| s != seat)
        .filter_map(|s| table.seat(s))
        .any(|s| s.riichi.is_some() || s.melds.len() >= 3)
}

/// The choices of the point `p` (riichi, calls, kongs), added to `out` with the jobs
/// that value them; the index of a riichi choice, whose values come with the discard
/// that follows.
fn choose(
    at: &ChoiceAt<'_>,
    p: &Point,
    out: &mut Vec<ChoiceReview>,
    jobs: &mut Vec<Job>,
) -> Option<usize> {
    let seat = p.seat;
    let table = at.table;
    let s = table.seat(seat)?;
    let counts = s.counts();
    let melds = s.melds.len();
    let now = choices::shanten_of(&counts, melds);
    let mine = |e: &Event| match *e {
        Event::Discard { seat: x, .. }
        | Event::Riichi { seat: x }
        | Event::ClosedKan { seat: x, .. }
        | Event::AddedKan { seat: x, .. } => x == seat,
        _ => false,
    };
    let option = |action, taken, shanten| ChoiceOption {
        action,
        taken,
        shanten,
        win: None,
        score: None,
    };
    let new = |kind, options| ChoiceReview {
        kyoku: at.kyoku,
        event: at.index,
        seat,
        kind,
        options,
        best: None,
        mistake: false,
        threat: threatened(table, seat),
    };
    let mut riichi = None;
    // Kongs in one's turn.
    let kans: Vec<Action> = p
        .legal
        .iter()
        .filter(|a| matches!(a, Action::ClosedKan { .. } | Action::AddedKan { .. }))
        .copied()
        .collect();
    if !kans.is_empty() && mine(at.event) {
        let mut options = vec![option(
            Action::Pass,
            !matches!(at.event, Event::ClosedKan { .. } | Event::AddedKan { .. }),
            now,
        )];
        for a in kans {
            let mut after = counts;
            let (taken, shanten) = match a {
                Action::ClosedKan { tile } => {
                    for _ in 0..4 {
                        after.remove(tile);
                    }
                    let taken = matches!(at.event, Event::ClosedKan { consumed, .. } if consumed[0].tile() == tile);
                    (taken, choices::shanten_of(&after, melds + 1))
                }
                Action::AddedKan { pai } => {
                    after.remove(pai.tile());
                    let taken = matches!(at.event, Event::AddedKan { pai: x, .. } if x.tile() == pai.tile());
                    (taken, choices::shanten_of(&after, melds))
                }
                _ => continue,
            };
            options.push(option(a, taken, shanten));
        }
        out.push(new(ChoiceKind::Kan, options));
    }
    // Riichi or dama, where the record discarded.
    if p.legal.contains(&Action::Riichi)
        && matches!(at.event, Event::Riichi { .. } | Event::Discard { .. })
        && mine(at.event)
    {
        let declared = matches!(at.event, Event::Riichi { .. });
        riichi = Some(out.len());
        out.push(new(
            ChoiceKind::Riichi,
            vec![
                option(Action::Pass, !declared, 0),
                option(Action::Riichi, declared, 0),
            ],
        ));
    }
    // Calls on another player's discard.
    let mut calls: Vec<Action> = Vec::new();
    for &a in &p.legal {
        if matches!(
            a,
            Action::Chi { .. } | Action::Pon { .. } | Action::OpenKan { .. }
        ) && !calls.contains(&a)
        {
            calls.push(a);
        }
    }
    if table.last_discard.is_none() {
        return riichi;
    }
    if calls.is_empty() {
        return riichi;
    }
    let called_here = match at.event {
        Event::Call {
            seat: x,
            kind,
            consumed,
            ..
        } if *x == seat => Some((*kind, *consumed)),
        _ => None,
    };
    let c = out.len();
    let turn = turn_of(table);
    let mut options = vec![option(Action::Pass, called_here.is_none(), now)];
    let mut searched = false;
    for a in calls {
        let (kind, called, consumed): (CallKind, Pai, Vec<Pai>) = match a {
            Action::Chi { consumed, called } => (CallKind::Chi, called, consumed.to_vec()),
            Action::Pon { consumed, called } => (CallKind::Pon, called, consumed.to_vec()),
            Action::OpenKan { called } => (
                CallKind::OpenKan,
                called,
                s.concealed
                    .iter()
                    .filter(|q| q.tile() == called.tile())
                    .copied()
                    .collect(),
            ),
            _ => continue,
        };
        let same = |x: &[Pai]| {
            let mut a: Vec<Pai> = x.to_vec();
            let mut b = consumed.clone();
            a.sort_unstable();
            b.sort_unstable();
            a == b
        };
        let taken = called_here
            .as_ref()
            .is_some_and(|(k, x)| *k == kind && (kind == CallKind::OpenKan || same(x)));
        let Some(after) = table.called(seat, kind, called, &consumed) else {
            continue;
        };
        let Some(a_seat) = after.seat(seat) else {
            continue;
        };
        let shanten = choices::shanten_of(&a_seat.counts(), a_seat.melds.len());
        let o = options.len();
        options.push(option(a, taken, shanten));
        // A call that does not bring the hand nearer and was not made needs no search.
        if at.ev && now <= EV_MAX_SHANTEN && (shanten < now || taken) {
            searched = true;
            // The replacement tile of a kong is one more draw: a turn earlier.
            let t = if kind == CallKind::OpenKan {
                turn.saturating_sub(1)
            } else {
                turn
            };
            let forbidden = if kind == CallKind::OpenKan {
                TileSet::EMPTY
            } else {
                swap_calls(kind, called, &consumed)
            };
            if let Some(setup) = setup_of(&after, seat, t) {
                let want = Want::Choice {
                    choice: c,
                    option: o,
                    forbidden,
                };
                jobs.push(Job::new(seat, at.kyoku, at.index, setup, want));
            }
        }
    }
    if searched {
        if let Some(setup) = setup_of(table, seat, turn) {
            let want = Want::Choice {
                choice: c,
                option: 0,
                forbidden: TileSet::EMPTY,
            };
            jobs.push(Job::new(seat, at.kyoku, at.index, setup, want));
        }
    }
    out.push(new(ChoiceKind::Call, options));
    riichi
}

/// The discards a call forbids next (喰い替え): [`crate::ev::swap_call_discards`].
fn swap_calls(kind: CallKind, pai: Pai, consumed: &[Pai]) -> TileSet {
    let call = if kind == CallKind::Chi {
        crate::ev::Call::Chi
    } else {
        crate::ev::Call::Pon
    };
    let own: Vec<Tile> = consumed.iter().map(|p| p.tile()).collect();
    crate::ev::swap_call_discards(call, pai.tile(), &own)
}

/// The turn of a position: the draws the model has made, counted from those left to
/// the seat (a four-player wall's 70 draws, 18 or 17 a seat).
fn turn_of(table: &View<'_>) -> u8 {
    let n = u32::from(table.players.count());
    let left = u8::try_from(table.left() / n)
        .unwrap_or(MAX_TURNS)
        .min(MAX_TURNS);
    (MAX_TURNS - left).max(1)
}

/// The search's setup of `seat`'s hand at `turn`: the tiles seen are every river tile
/// not called, the other seats' melds and Norths set aside (the seat's own melds are in
/// its hand, the indicators in [`Setup::dora`]), red fives as red.
fn setup_of(table: &View<'_>, seat: Seat, turn: u8) -> Option<Setup> {
    let hand = table.seat(seat)?.hand()?;
    let mut visible = Vec::new();
    for i in 0..table.players.count() {
        let other = table.seat(i)?;
        visible.extend(table.river_of(i));
        if i != seat {
            for m in &other.melds {
                visible.extend(m.pais());
            }
        }
        visible.extend(core::iter::repeat_n(
            Tile::NORTH.black(),
            usize::from(other.kita),
        ));
    }
    Some(Setup {
        hand,
        round_wind: table.kyoku.round,
        seat_wind: table.seat_wind(seat),
        dora: table.dora.to_vec(),
        visible,
        turn,
        t_max: MAX_TURNS,
        wall: None,
        players: table.players,
    })
}

fn tally(players: &mut [PlayerSummary], kyoku: &super::Kyoku, reviews: &[DiscardReview]) {
    for p in players.iter_mut() {
        p.kyokus += 1;
        let me = p.seat;
        let mut riichi = false;
        let mut called = false;
        let mut dealt_in = false;
        for e in &kyoku.events {
            match e {
                Event::Riichi { seat } if *seat == me => riichi = true,
                Event::Call { seat, .. } if *seat == me => called = true,
                Event::Win(w) if w.seat == me => {
                    p.wins += 1;
                    p.win_points += i64::from(w.deltas.get(usize::from(me)).copied().unwrap_or(0));
                }
                Event::Win(w) if w.from == me && w.seat != me => dealt_in = true,
                _ => {}
            }
        }
        p.riichi += usize::from(riichi);
        p.folds += usize::from(
            reviews
                .iter()
                .any(|r| r.seat == me && r.flags.contains(&Flag::Fold)),
        );
        p.deal_ins += usize::from(dealt_in);
        p.calls += usize::from(called);
        for r in reviews.iter().filter(|r| r.seat == me) {
            p.discards += 1;
            p.best += usize::from(r.rank == 1);
        }
    }
}

/// The discard table of the seat's hand and where the chosen discard stands in it.
fn review_discard(
    table: &View<'_>,
    s: &SeatView,
    seat: Seat,
    pai: Pai,
    tsumogiri: bool,
    riichi: bool,
) -> Option<DiscardReview> {
    let hand = s.hand()?;
    let analyzer = Analyzer::new(Family::Riichi)
        .with_wall(table.wall)
        .with_visible(table.visible_to(seat));
    let holding = Holding::from_hand(&hand);
    let rows = analyzer.discards(&holding).ok()?;
    let key = |d: &Discard| (d.shanten, core::cmp::Reverse(d.useful.count));
    let best_key = rows.iter().map(key).min()?;
    let chosen = rows
        .iter()
        .find(|d| d.tile == pai)
        .or_else(|| rows.iter().find(|d| d.tile.tile() == pai.tile()))?;
    let rank = 1 + rows.iter().filter(|d| key(d) < key(chosen)).count();
    let shanten_before = analyzer.forms(&s.counts(), s.melds.len()).ok()?.shanten();
    let mut flags = Vec::new();
    if best_key.0 == 0 && chosen.shanten > 0 {
        flags.push(Flag::LostTenpai);
    } else if chosen.shanten > best_key.0 {
        flags.push(Flag::ShantenBack);
    }
    if chosen.shanten == 0 && chosen.useful.tiles.contains(pai.tile()) {
        flags.push(Flag::Furiten);
    }
    if chosen.shanten == 0 && s.closed() && s.riichi.is_none() && !riichi && table.left() >= 4 {
        flags.push(Flag::Dama);
    }
    Some(DiscardReview {
        kyoku: 0,
        event: 0,
        seat,
        hand: s.concealed.clone(),
        melds: s.melds.len(),
        declared: s.melds.clone(),
        drawn: s.drawn,
        discard: pai,
        tsumogiri,
        riichi,
        shanten_before,
        shanten: chosen.shanten,
        useful: chosen.useful.tiles,
        useful_count: chosen.useful.count,
        best: rows
            .iter()
            .filter(|d| key(d) == best_key)
            .map(|d| d.tile)
            .collect(),
        best_shanten: best_key.0,
        best_useful_count: best_key.1 .0,
        rank,
        choices: rows.len(),
        flags,
        ev: None,
        defence: None,
    })
}

/// The values at `turn` of the discard of `pai` (with riichi and without, when
/// `riichi` could be declared) and of the best discard by expected score among those
/// not `forbidden`.
fn chosen_and_best(
    e: &Evaluation,
    turn: u8,
    pai: Pai,
    forbidden: TileSet,
    riichi: bool,
) -> Option<EvReview> {
    let chosen = e.discard_of(pai)?;
    let best = e.best_discard(turn, forbidden)?;
    let declare = chosen.declare.as_ref().filter(|_| riichi);
    let ((win, score), (best_win, best_score)) = (chosen.win_score(turn), best.win_score(turn));
    Some(EvReview {
        win,
        score,
        best: best.tile?,
        best_win,
        best_score,
        riichi: declare.map(|d| {
            let ((riichi_win, riichi_score), (dama_win, dama_score)) =
                (d.riichi.win_score(turn), d.dama.win_score(turn));
            RiichiReview {
                riichi_win,
                riichi_score,
                dama_win,
                dama_score,
            }
        }),
    })
}

/// (win probability, expected score) at `turn` of the discard of the highest expected
/// score among those not `forbidden`.
fn best_of(e: &Evaluation, turn: u8, forbidden: TileSet) -> Option<(f64, f64)> {
    e.best_discard(turn, forbidden).map(|d| d.win_score(turn))
}

/// What `seat` would score winning on `pai` from `from` (itself for a self-draw, the
/// tile then already in hand), if the hand is complete, has a yaku, and (on another
/// player's tile) is not furiten by its own river.
fn could_win(
    kyoku: &Kyoku,
    table: &View<'_>,
    seat: Seat,
    from: Seat,
    pai: Pai,
    rules: &Rules,
) -> Option<u32> {
    let s = table.seat(seat)?;
    let tsumo = seat == from;
    let mut counts = s.counts();
    if !tsumo {
        counts.add(pai.tile());
    }
    if crate::shanten::riichi(&counts, s.melds.len()).ok()?.min() >= 0 {
        return None;
    }
    if !tsumo && table.table.furiten_tile(seat).is_some() {
        return None;
    }
    let (hand, ctx) = situation(kyoku, table, &s, seat, tsumo, pai)?;
    crate::riichi::score(&hand, &ctx, rules)
        .ok()
        .map(|s| s.total)
}

/// The hand and situation of a win by `seat` (`s`) on `pai`: a self-draw of the tile
/// it drew, or a ron on the last discard.
fn situation(
    kyoku: &Kyoku,
    table: &View<'_>,
    s: &SeatView,
    seat: Seat,
    tsumo: bool,
    pai: Pai,
) -> Option<(Hand, WinContext)> {
    let tile = if tsumo { s.drawn? } else { pai };
    let mut concealed = s.concealed.clone();
    if !tsumo {
        concealed.push(tile);
    }
    let mut hand = Hand::from_parts(&concealed, s.melds.clone()).ok()?;
    hand.set_last(Some(tile));
    let riichi = s.riichi.filter(|r| r.accepted || tsumo);
    let first_go = !table.table.interrupted() && !s.discarded;
    let left = table.left();
    let flags = Flags {
        tsumo,
        riichi: riichi.is_some(),
        double_riichi: riichi.is_some_and(|r| r.double),
        ippatsu: riichi.is_some_and(|r| r.ippatsu),
        rinshan: tsumo && s.replacement,
        chankan: false,
        haitei: tsumo && !s.replacement && left == 0,
        houtei: !tsumo && left == 0,
        tenhou: tsumo && first_go && seat == kyoku.dealer,
        chiihou: tsumo && first_go && seat != kyoku.dealer,
        renhou: false,
    };
    let ura: Vec<Pai> = if riichi.is_some() {
        kyoku.ura.iter().copied().take(table.dora.len()).collect()
    } else {
        Vec::new()
    };
    WinContext::new(
        tile,
        flags,
        kyoku.round,
        table.seat_wind(seat),
        table.dora,
        &ura,
        kyoku.honba,
        table.sticks,
    )
    .and_then(|c| c.with_kita(s.kita))
    .ok()
    .map(|c| (hand, c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_tiles;
    use crate::record::{Game, Kyoku};
    use crate::tile::Wind;

    fn tiles(s: &str) -> Vec<Pai> {
        parse_tiles(s).unwrap()
    }

    fn one(s: &str) -> Pai {
        tiles(s)[0]
    }

    /// East 1: the dealer (seat 0) waits on 5p with a pure straight, draws it and
    /// throws 1m instead of winning (a tenhou!) (now waiting on 1m-4m, furiten by that 1m); seat 3
    /// discards East, which seat 1 (on East and South) could ron for the round wind.
    fn game() -> Game {
        let draw = |seat, p: &str| Event::Draw { seat, pai: one(p) };
        let discard = |seat, p: &str, tsumogiri| Event::Discard {
            seat,
            pai: one(p),
            tsumogiri,
        };
        Game {
            names: vec!["A".into(), "B".into(), "C".into(), "D".into()],
            red_fives: [0; 3],
            open_tanyao: true,
            kyokus: vec![Kyoku {
                round: Wind::East,
                dealer: 0,
                honba: 0,
                riichi_sticks: 0,
                scores: vec![25000; 4],
                dora: one("2z"),
                ura: Vec::new(),
                hands: vec![
                    tiles("123456789m123p5p"),
                    tiles("123m456p789s1122z"),
                    tiles("334455z189p246s7z"),
                    tiles("66778899p999m57z"),
                ],
                events: vec![
                    draw(0, "5p"),
                    discard(0, "1m", false),
                    draw(1, "8s"),
                    discard(1, "8s", true),
                    draw(2, "7z"),
                    discard(2, "7z", true),
                    draw(3, "1z"),
                    discard(3, "1z", true),
                    draw(0, "9s"),
                    discard(0, "9s", true),
                ],
                stated_scores: Vec::new(),
            }],
            ..Game::default()
        }
    }

    #[test]
    fn missed_tsumo_and_missed_ron_are_found() {
        let g = game();
        let rules = crate::record::check::rules_of(&g);
        let r = review(&g, &rules, &Selection::default()).unwrap();
        let first = &r.discards[0];
        assert_eq!((first.seat, first.discard), (0, one("1m")));
        assert_eq!(first.shanten_before, -1);
        assert!(
            first.flags.contains(&Flag::MissedTsumo),
            "{:?}",
            first.flags
        );
        assert!(first.flags.contains(&Flag::Dama), "{:?}", first.flags);
        assert!(first.flags.contains(&Flag::Furiten), "{:?}", first.flags);
        let missed: Vec<(Seat, bool, Pai)> =
            r.missed.iter().map(|m| (m.seat, m.tsumo, m.pai)).collect();
        assert_eq!(missed, [(0, true, one("5p")), (1, false, one("1z"))]);
        // On the dealer's first draw: tenhou (天和), a yakuman, 16000 all.
        assert_eq!(r.missed[0].points, 48000);
        // Seat 1's ron: East triplet, South pair, 40 fu 1 han.
        assert_eq!(r.missed[1].points, 1300);
        // The dealer's second discard throws the 9s it drew and keeps tenpai.
        let second = r
            .discards
            .iter()
            .find(|d| d.seat == 0 && d.event == 9)
            .unwrap();
        assert_eq!(second.shanten, 0);
        assert_eq!(r.players[0].discards, 2);
    }

    #[test]
    fn a_discard_of_one_s_own_wait_is_furiten_and_a_broken_wait_is_lost_tenpai() {
        let mut g = game();
        // The dealer throws the 5p it drew: still waiting on 5p, now furiten.
        g.kyokus[0].events[1] = Event::Discard {
            seat: 0,
            pai: one("5p"),
            tsumogiri: true,
        };
        // Later the dealer breaks its wait by throwing 9m.
        g.kyokus[0].events[9] = Event::Discard {
            seat: 0,
            pai: one("9m"),
            tsumogiri: false,
        };
        let rules = crate::record::check::rules_of(&g);
        let r = review(&g, &rules, &Selection::default()).unwrap();
        let first = &r.discards[0];
        assert!(first.flags.contains(&Flag::Furiten), "{:?}", first.flags);
        assert!(first.flags.contains(&Flag::MissedTsumo));
        let last = r.discards.iter().find(|d| d.event == 9).unwrap();
        assert_eq!((last.shanten, last.best_shanten), (1, 0));
        assert!(last.flags.contains(&Flag::LostTenpai), "{:?}", last.flags);
        assert!(last.rank > 1);
        assert_eq!(r.missed.len(), 2);
    }

    #[test]
    fn a_wait_in_one_s_own_river_is_furiten() {
        // Seat 1 waits on East and South (123m456p789s1122z); here it draws a third
        // South (a self-draw win it passes up) and throws it, so South is in its own
        // river: seat 3's East is no ron for it (and a recorded one is a `furiten`
        // mismatch of `check`).
        let mut g = game();
        g.kyokus[0].events[2] = Event::Draw {
            seat: 1,
            pai: one("2z"),
        };
        g.kyokus[0].events[3] = Event::Discard {
            seat: 1,
            pai: one("2z"),
            tsumogiri: true,
        };
        let rules = crate::record::check::rules_of(&g);
        let r = review(&g, &rules, &Selection::default()).unwrap();
        let missed: Vec<(Seat, bool, Pai)> =
            r.missed.iter().map(|m| (m.seat, m.tsumo, m.pai)).collect();
        assert_eq!(missed, [(0, true, one("5p")), (1, true, one("2z"))]);
        // Without it in the river, the same East is a ron passed up.
        let r = review(&game(), &rules, &Selection::default()).unwrap();
        assert!(r
            .missed
            .iter()
            .any(|m| (m.seat, m.tsumo, m.pai, m.points) == (1, false, one("1z"), 1300)));
    }

    #[test]
    fn riichi_and_calls_offered_are_choices_with_their_numbers() {
        let g = game();
        let rules = crate::record::check::rules_of(&g);
        let sel = Selection {
            ev: true,
            ..Selection::default()
        };
        let r = review(&g, &rules, &sel).unwrap();
        // The dealer could declare riichi with each discard and did not (its complete
        // first hand is not searched: the second is valued).
        let riichi: Vec<&ChoiceReview> = r
            .choices
            .iter()
            .filter(|c| c.kind == ChoiceKind::Riichi && c.seat == 0)
            .collect();
        assert_eq!(riichi.iter().map(|c| c.event).collect::<Vec<_>>(), [1, 9]);
        let riichi = riichi[1];
        assert_eq!(riichi.taken().unwrap().action, Action::Pass);
        let (dama, declared) = (&riichi.options[0], &riichi.options[1]);
        assert_eq!(declared.action, Action::Riichi);
        let (ds, rs) = (dama.score.unwrap(), declared.score.unwrap());
        assert!(ds > 0.0 && rs > 0.0, "{riichi:?}");
        assert!((0.0..=1.0).contains(&dama.win.unwrap()));
        assert_eq!(riichi.best, Some(usize::from(rs > ds)));
        assert_eq!(riichi.mistake, choices::worse(ds, ds.max(rs)));
        // Seat 1 could pon seat 3's East (it could also win on it) and passed.
        // (It could chi the dealer's 1m before, at event 2.)
        let calls: Vec<(Seat, usize)> = r
            .choices
            .iter()
            .filter(|c| c.kind == ChoiceKind::Call)
            .map(|c| (c.seat, c.event))
            .collect();
        assert_eq!(calls, [(1, 2), (1, 8)]);
        let call = r.choices.iter().find(|c| c.event == 8).unwrap();
        assert!(call.options[0].taken);
        let pon = call
            .options
            .iter()
            .find(|o| matches!(o.action, Action::Pon { called, .. } if called == one("1z")))
            .expect("a pon");
        // The pon leaves the hand ready (a shanpon wait turned single) as passing
        // does: no search for a call that does not bring the hand nearer.
        assert_eq!((call.options[0].shanten, pon.shanten), (0, 0));
        assert!(pon.score.is_none() && call.options[0].score.is_none());
        assert_eq!((call.best, call.mistake), (None, false));
        // No threat: no defence.
        assert!(r.discards.iter().all(|d| d.defence.is_none()));
    }

    #[test]
    fn selection_limits_the_seats() {
        let g = game();
        let rules = crate::record::check::rules_of(&g);
        let sel = Selection {
            seats: vec![3],
            ..Selection::default()
        };
        let r = review(&g, &rules, &sel).unwrap();
        assert!(r.discards.iter().all(|d| d.seat == 3));
        assert_eq!(r.discards.len(), 1);
        assert!(r.missed.is_empty());
    }
}

#[cfg(test)]
mod ev_tests {
    use super::*;
    use crate::record::check::rules_of;

    #[test]
    fn the_expected_value_engine_values_near_hands() {
        let Some(text) = crate::test_shared::read("data/logs/tenhou6/double_ron.json") else {
            return;
        };
        let game = crate::record::tenhou6::read(&text).unwrap();
        let sel = Selection {
            seats: vec![3],
            ev: true,
            ..Selection::default()
        };
        let r = review(&game, &rules_of(&game), &sel).unwrap();
        let valued: Vec<&DiscardReview> = r.discards.iter().filter(|d| d.ev.is_some()).collect();
        assert!(!valued.is_empty());
        for d in valued {
            let ev = d.ev.unwrap();
            assert!(ev.score <= ev.best_score + 1e-9, "{d:?}");
            assert!((0.0..=1.0).contains(&ev.win) && (0.0..=1.0).contains(&ev.best_win));
        }
        // Far hands are left without.
        assert!(r
            .discards
            .iter()
            .all(|d| d.shanten_before <= 3 || d.ev.is_none()));
        // A review whose stop is set gives up.
        let stop = Stop::new();
        stop.stop();
        let sel = Selection { stop, ..sel };
        let e = review(&game, &rules_of(&game), &sel).unwrap_err();
        assert!(matches!(e, RecordError::Stopped(_)), "{e:?}");
        assert_eq!(e.kind(), crate::ErrorKind::Timeout);
    }
}
