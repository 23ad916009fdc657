//! A record played again at the [`Table`]: each kyoku dealt from a wall rebuilt from
//! the record (its deal, draws and indicators where the table takes them), and each of
//! its actions fed to the table, which must list it as legal.
//!
//! [`on_table`] shows the table to a visitor at every decision point (the seats of
//! [`Table::to_act`], with their [`Table::legal`] actions), and fails with
//! [`RecordError::OnTable`], naming the kyoku and the event, on the first action
//! the table does not allow, on a draw, indicator or riichi stick the table does not
//! make where the record has it, and, when asked, on a score change that differs from
//! the record's.
//!
//! A decision point is shown once every event the table made on the way to it has
//! been met in the record: `after` is then the number of the kyoku's events before
//! it (a turn after its draw, claims after the discard and, with the rules that turn
//! it there, the kong indicator that follows it).

use super::{CallKind, DrawReason, Event as RecEvent, Game, Kyoku, RecordError};
use crate::riichi::rules::{Players, RedFives};
use crate::riichi::yaku::YakuList;
use crate::table::wall::{pai_of_id, tile_ids, DeadWall, WallError};
use crate::table::{
    Action, Event, KyokuSetup, KyokuWall, Seat, Table, TableError, TablePreset, TableRules,
    WallSource,
};
use crate::tile::Pai;

/// Why no wall can deal a kyoku as recorded ([`wall_of`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WallMismatch {
    /// The record shows more copies of this tile than the set has.
    #[error("no tile {0} left for the wall")]
    NoTileLeft(Pai),
    /// A tile placed beyond the wall's end.
    #[error("the wall is too short")]
    TooShort,
    /// A seat dealt fewer tiles than a hand holds.
    #[error("a short deal")]
    ShortDeal,
    /// More replacement draws than the dead wall holds.
    #[error("too many replacements")]
    TooManyReplacements,
    /// More draws than the live wall holds.
    #[error("more draws than the live wall holds")]
    LiveWallExhausted,
    /// More dora indicators than the dead wall shows.
    #[error("too many indicators")]
    TooManyIndicators,
    /// The wall built is refused by the table.
    #[error(transparent)]
    Wall(#[from] WallError),
}

/// Where a record and the table disagree in a kyoku ([`on_table`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Mismatch {
    /// No wall deals the kyoku as recorded.
    #[error(transparent)]
    Wall(#[from] WallMismatch),
    /// The table cannot start the kyoku as recorded.
    #[error(transparent)]
    Setup(TableError),
    /// A second winner of a double ron that the table does not make win.
    #[error("no win for seat {0}")]
    NoWinFor(Seat),
    /// A second winner's score changes at the table and in the record.
    #[error("win deltas {table:?}, record {record:?}")]
    WinDeltas {
        /// The table's.
        table: Vec<i32>,
        /// The record's.
        record: Vec<i32>,
    },
    /// An event after the kyoku's end.
    #[error("after the end of the kyoku")]
    AfterEnd,
    /// A dora indicator or riichi stick of the record the table never makes.
    #[error("never made by the table")]
    NeverMade,
    /// The table disagrees on this event of the record.
    #[error("{event:?}: {source}")]
    Event {
        /// The record's event.
        event: Box<RecEvent>,
        /// How the table disagrees.
        #[source]
        source: EventMismatch,
    },
}

/// How the table disagrees with one event of a record ([`Mismatch::Event`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EventMismatch {
    /// The table refuses the recorded action; its legal actions then.
    #[error("{error}; legal: {legal:?}")]
    Refused {
        /// The table's refusal.
        #[source]
        error: TableError,
        /// The seat's legal actions.
        legal: Vec<Action>,
    },
    /// A seat could not pass its claim.
    #[error(transparent)]
    Pass(TableError),
    /// The table did not make the recorded draw; the events it made.
    #[error("the table did not draw it; events {0:?}")]
    NotDrawn(Vec<Event>),
    /// A chi or pon that does not name two tiles of the caller.
    #[error("a call without two tiles of the caller")]
    CallWithoutTiles,
    /// The table did not make the recorded win; the events it made.
    #[error("no win; events {0:?}")]
    NoWin(Vec<Event>),
    /// A win's score changes at the table and in the record, and the table's yaku.
    #[error("deltas {table:?}, record {record:?} ({yaku:?})")]
    WinDeltas {
        /// The table's.
        table: Vec<i32>,
        /// The record's.
        record: Vec<i32>,
        /// The table's yaku.
        yaku: YakuList,
    },
    /// The table did not draw the hand; the events it made.
    #[error("no drawn hand; events {0:?}")]
    NoDrawnHand(Vec<Event>),
    /// The table drew the hand for another reason.
    #[error("drawn as {0:?}")]
    DrawnAs(DrawReason),
    /// A drawn hand's score changes at the table and in the record.
    #[error("deltas {table:?}, record {record:?}")]
    DrawDeltas {
        /// The table's.
        table: Vec<i32>,
        /// The record's.
        record: Vec<i32>,
    },
}

/// The rules a record was played under: Tenhou's (three or four players), or Mahjong
/// Soul's when `mahjong_soul`, with the record's red fives and open tanyao.
#[must_use]
pub fn rules_of(game: &Game, mahjong_soul: bool) -> TableRules {
    let preset = match (game.players, mahjong_soul) {
        (Players::Four, false) => TablePreset::Tenhou,
        (Players::Four, true) => TablePreset::MahjongSoul,
        (Players::Three, false) => TablePreset::TenhouSanma,
        (Players::Three, true) => TablePreset::MahjongSoulSanma,
    };
    let mut rules = preset.rules();
    let red: u8 = game.red_fives.iter().sum();
    rules.scoring.red_fives = match (red, game.red_fives) {
        (0, _) => RedFives::None,
        (_, [_, 2, _]) => RedFives::FourTwoPin,
        _ => RedFives::OnePerSuit,
    };
    rules.scoring.open_tanyao = game.open_tanyao;
    rules
}

/// One decision point of a record at the table.
#[derive(Clone, Copy, Debug)]
pub struct Decision<'a> {
    /// The kyoku's index in the game.
    pub kyoku: usize,
    /// The number of the kyoku's events before the decision.
    pub after: usize,
    /// The table: [`Table::to_act`] are the seats that decide, [`Table::legal`] their
    /// actions, [`Table::action_mjai`] their mjai form.
    pub table: &'a Table,
}

/// What a replay at the table shows ([`on_table_visit`]): each decision point, each
/// action a seat took, and each kyoku's end.
pub trait Visit {
    /// A decision point ([`Decision`]), shown just before [`Visit::event`] of the event
    /// its `after` names (when the kyoku has that event), at the same table.
    fn decision(&mut self, d: Decision<'_>);
    /// `seat` took `action` at the table in kyoku `kyoku` (shown after the table made
    /// it): the record's action, or a pass where the record shows no claim.
    fn acted(&mut self, kyoku: usize, seat: Seat, action: &Action) {
        let _ = (kyoku, seat, action);
    }
    /// Event `index` of kyoku `kyoku` is next (until the kyoku's end): `table` as it
    /// stands before it is played, and `ahead` the events the table has made that the
    /// record shows at this event or later (a draw the table made as the discard before
    /// passed, an indicator or a riichi stick it turned sooner than the record). The
    /// record's view of the moment is the table less `ahead`.
    fn event(&mut self, kyoku: usize, index: usize, table: &Table, ahead: &[Event]) {
        let _ = (kyoku, index, table, ahead);
    }
    /// Kyoku `kyoku` was played to its last recorded event: `table` as it stands then
    /// (its scores after the win or draw, when the kyoku has one).
    fn kyoku_end(&mut self, kyoku: usize, table: &Table) {
        let _ = (kyoku, table);
    }
    /// The record's win or drawn hand at event `index` of kyoku `kyoku`: `before` is
    /// the table just before the action that made it (the winners' ron or the
    /// self-draw, the last pass, the nine-terminals call), `made` the table's
    /// [`Event::Win`] of that winner or its [`Event::Ryukyoku`]; for a win, `None` when
    /// the table refuses it (the replay then fails at `index`).
    fn result(&mut self, kyoku: usize, index: usize, before: &Table, made: Option<&Event>) {
        let _ = (kyoku, index, before, made);
    }
    /// Whether [`Visit::result`] is wanted: the table is kept as it stands before each
    /// action that ends a kyoku only then (a copy of the table).
    fn wants_result(&self) -> bool {
        true
    }
}

/// A visitor of decision points alone.
struct Decisions<F>(F);

impl<F: FnMut(Decision<'_>)> Visit for Decisions<F> {
    fn decision(&mut self, d: Decision<'_>) {
        (self.0)(d);
    }
    fn wants_result(&self) -> bool {
        false
    }
}

/// A physical id for `p` not used yet.
fn take_id(free: &mut Vec<u8>, p: Pai, red: RedFives) -> Option<u8> {
    let i = free.iter().position(|&id| pai_of_id(id, red) == Some(p))?;
    Some(free.remove(i))
}

/// A wall that deals `kyoku`'s hands and gives its draws and indicators where the
/// table takes them; the tiles the record never shows fill the rest in id order.
///
/// # Errors
///
/// [`WallMismatch`] when the record shows more copies of a tile than the set has, or
/// more replacement draws or indicators than a dead wall holds.
pub fn wall_of(kyoku: &Kyoku, players: Players, red: RedFives) -> Result<KyokuWall, WallMismatch> {
    let all = tile_ids(players);
    let mut free: Vec<u8> = all.as_slice().to_vec();
    let mut slots: Vec<Option<u8>> = vec![None; all.as_slice().len()];
    each_shown(kyoku, players, |t| -> Result<(), WallMismatch> {
        let slot = slots.get_mut(t.slot).ok_or(WallMismatch::TooShort)?;
        // An ura indicator where another tile already lies is left to it.
        if t.place == Place::Ura && slot.is_some() {
            return Ok(());
        }
        *slot = Some(take_id(&mut free, t.pai, red).ok_or(WallMismatch::NoTileLeft(t.pai))?);
        Ok(())
    })?;
    let mut rest = free.into_iter();
    let wall: Vec<u8> = slots
        .into_iter()
        .map(|s| s.or_else(|| rest.next()).unwrap_or(0))
        .collect();
    Ok(KyokuWall::from_ids(players, &wall, [1, 1])?)
}

/// Which part of the wall a tile a record shows comes from ([`Shown`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Place {
    /// Dealt to this seat.
    Deal(usize),
    /// The first dora indicator.
    Dora,
    /// Drawn from the live wall.
    Draw,
    /// Drawn from the dead wall after a kong or a kita.
    Replacement,
    /// A kong's dora indicator.
    KongDora,
    /// An ura indicator.
    Ura,
}

/// A tile a record shows, and where on the wall it lies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Shown {
    /// Its part of the wall.
    pub place: Place,
    /// Its index in the wall ([`KyokuWall::id`]).
    pub slot: usize,
    /// The tile.
    pub pai: Pai,
    /// The index of the event that shows it (0 for the deal and the first indicator,
    /// the last event for the ura indicators).
    pub event: usize,
}

/// Every tile `kyoku` shows, in the order of play, with its place on a wall of
/// `players` (Tenhou's layout, [`DeadWall::of`]): the deal (four tiles to each seat
/// from the dealer three times, then one each, from the wall's end), the first
/// indicator, each draw (from the live wall's end, or from the dead wall after a kong or
/// a kita), each kong's indicator and the ura indicators. The walk stops at `visit`'s
/// first error.
///
/// # Errors
///
/// [`WallMismatch`] when the record deals a seat fewer than 13 tiles, or shows more
/// draws, replacement draws or indicators than a wall holds; or `visit`'s error.
pub(crate) fn each_shown<E: From<WallMismatch>>(
    kyoku: &Kyoku,
    players: Players,
    mut visit: impl FnMut(Shown) -> Result<(), E>,
) -> Result<(), E> {
    let len = tile_ids(players).as_slice().len();
    let n = usize::from(players.count());
    let dead = DeadWall::of(players);
    let mut top = len - 1;
    let mut taken = vec![0usize; n];
    for round in 0..4 {
        let take = if round < 3 { 4 } else { 1 };
        for s in 0..n {
            let seat = (usize::from(kyoku.dealer) + s) % n;
            for _ in 0..take {
                let pai = *kyoku
                    .hands
                    .get(seat)
                    .and_then(|h| h.get(taken[seat]))
                    .ok_or(WallMismatch::ShortDeal)?;
                taken[seat] += 1;
                visit(Shown {
                    place: Place::Deal(seat),
                    slot: top,
                    pai,
                    event: 0,
                })?;
                top -= 1;
            }
        }
    }
    visit(Shown {
        place: Place::Dora,
        slot: usize::from(dead.dora[0]),
        pai: kyoku.dora,
        event: 0,
    })?;
    let mut replacement = false;
    let mut replacements = 0;
    let mut indicators = 1;
    for (event, e) in kyoku.events.iter().enumerate() {
        match *e {
            RecEvent::Draw { pai, .. } => {
                let (place, slot) = if replacement {
                    let slot = *dead
                        .replacements
                        .get(replacements)
                        .ok_or(WallMismatch::TooManyReplacements)?;
                    replacements += 1;
                    (Place::Replacement, usize::from(slot))
                } else {
                    if top < dead.dora.len() + dead.replacements.len() {
                        return Err(WallMismatch::LiveWallExhausted.into());
                    }
                    top -= 1;
                    (Place::Draw, top + 1)
                };
                visit(Shown {
                    place,
                    slot,
                    pai,
                    event,
                })?;
                replacement = false;
            }
            RecEvent::Call { kind, .. } => replacement = kind == CallKind::OpenKan,
            RecEvent::AddedKan { .. } | RecEvent::ClosedKan { .. } | RecEvent::Kita { .. } => {
                replacement = true;
            }
            RecEvent::Dora { indicator } => {
                let slot = *dead
                    .dora
                    .get(indicators)
                    .ok_or(WallMismatch::TooManyIndicators)?;
                indicators += 1;
                visit(Shown {
                    place: Place::KongDora,
                    slot: usize::from(slot),
                    pai: indicator,
                    event,
                })?;
            }
            _ => {}
        }
    }
    let last = kyoku.events.len().saturating_sub(1);
    for (i, &pai) in kyoku.ura.iter().enumerate() {
        if let Some(&slot) = dead.ura.get(i) {
            visit(Shown {
                place: Place::Ura,
                slot: usize::from(slot),
                pai,
                event: last,
            })?;
        }
    }
    Ok(())
}

/// Plays every kyoku of `game` at a table under `rules` (see the module), showing
/// each decision point to `visit`, and returns the number of kyoku played (a kyoku
/// with no event, the dealt end of an excerpt, is skipped). With `scores`, each win's
/// and draw's score changes must be the record's.
///
/// # Errors
///
/// [`RecordError::OnTable`] with the kyoku's label and the event's index at the first
/// disagreement.
pub fn on_table(
    game: &Game,
    rules: TableRules,
    scores: bool,
    visit: impl FnMut(Decision<'_>),
) -> Result<usize, RecordError> {
    on_table_visit(game, rules, scores, &mut Decisions(visit))
}

/// [`on_table`], showing `visit` each action taken and each kyoku's end as well as
/// each decision point.
///
/// # Errors
///
/// As [`on_table`].
pub fn on_table_visit(
    game: &Game,
    rules: TableRules,
    scores: bool,
    visit: &mut dyn Visit,
) -> Result<usize, RecordError> {
    let mut played = 0;
    for (i, k) in game.kyokus.iter().enumerate() {
        if k.events.is_empty() {
            continue;
        }
        played += 1;
        kyoku_at_table(game, i, rules, scores, visit)?;
    }
    Ok(played)
}

/// Plays kyoku `index` of `game` alone at a table under `rules`, as [`on_table_visit`]
/// plays each: dealt from [`wall_of`] with the record's scores, honba and sticks.
///
/// # Errors
///
/// As [`on_table`]; [`RecordError::Inconsistent`] when the game has no such kyoku.
pub fn kyoku_at_table(
    game: &Game,
    index: usize,
    rules: TableRules,
    scores: bool,
    visit: &mut dyn Visit,
) -> Result<(), RecordError> {
    let Some(k) = game.kyokus.get(index) else {
        return Err(RecordError::Inconsistent {
            kyoku: format!("#{index}"),
            index: 0,
            source: super::Inconsistency::NoSuchKyoku,
        });
    };
    let fail = |at: usize, source: Mismatch| RecordError::OnTable {
        kyoku: k.label(),
        index: at,
        source: Box::new(source),
    };
    let wall = wall_of(k, game.players, rules.scoring.red_fives).map_err(|m| fail(0, m.into()))?;
    kyoku_on_table(game, index, rules, wall, scores, visit).map_err(|(at, m)| fail(at, m))
}

/// An event the table should make later.
type Expect = Box<dyn Fn(&Event) -> bool>;

/// Whether the table makes `e` only as the echo of an action fed to it.
fn is_echo(e: &Event) -> bool {
    matches!(
        e,
        Event::KyokuStart(_)
            | Event::Discard { .. }
            | Event::Riichi { .. }
            | Event::Call { .. }
            | Event::AddedKan { .. }
            | Event::ClosedKan { .. }
            | Event::Kita { .. }
            | Event::KyokuEnd { .. }
            | Event::GameEnd { .. }
    )
}

/// The events of a step still to be met in the record: the echoes left out.
fn extend(queue: &mut Vec<Event>, events: &[Event]) {
    queue.extend(events.iter().filter(|e| !is_echo(e)).cloned());
}

/// Takes the first event of `queue` that `want` accepts.
fn find(queue: &mut Vec<Event>, want: &dyn Fn(&Event) -> bool) -> bool {
    match queue.iter().position(want) {
        Some(i) => {
            queue.remove(i);
            true
        }
        None => false,
    }
}

/// Passes every seat still asked to claim but `except`.
fn pass_all(
    t: &mut Table,
    queue: &mut Vec<Event>,
    except: Option<Seat>,
    kyoku: usize,
    visit: &mut dyn Visit,
) -> Result<(), TableError> {
    let n = t.players();
    loop {
        let mask = t.to_act();
        let Some(s) = (0..n).find(|&s| {
            mask & (1 << s) != 0 && Some(s) != except && t.legal(s).contains(&Action::Pass)
        }) else {
            return Ok(());
        };
        let ev = t.step(s, Action::Pass)?;
        extend(queue, ev);
        visit.acted(kyoku, s, &Action::Pass);
    }
}

/// Plays kyoku `index` of `game` from `wall`; the index of the event and the mismatch
/// at the first disagreement.
#[allow(clippy::too_many_lines)]
fn kyoku_on_table(
    game: &Game,
    index: usize,
    rules: TableRules,
    wall: KyokuWall,
    check_scores: bool,
    visit: &mut dyn Visit,
) -> Result<(), (usize, Mismatch)> {
    let kyoku = &game.kyokus[index];
    let mut scores = [0; 4];
    for (x, y) in scores.iter_mut().zip(&kyoku.scores) {
        *x = *y;
    }
    // Some bots' logs give no scores: the game's starting points then.
    if scores.iter().all(|&x| x == 0) {
        for x in scores.iter_mut().take(usize::from(game.players.count())) {
            *x = rules.start_points;
        }
    }
    let setup = KyokuSetup {
        round: kyoku.round,
        dealer: kyoku.dealer,
        honba: kyoku.honba,
        riichi_sticks: kyoku.riichi_sticks,
        scores,
        kyoku_index: 0,
    };
    let mut t = Table::starting_at(rules, WallSource::Explicit(vec![wall]), setup)
        .map_err(|e| (0, Mismatch::Setup(e)))?;
    let mut queue: Vec<Event> = Vec::new();
    extend(&mut queue, t.events().get(1..).unwrap_or(&[]));
    let n = t.players();
    let mut ended = false;
    // The table just before the action that ended the kyoku ([`Visit::result`], when
    // the visitor wants it), and whether a win ended it.
    let mut before_end: Option<Table> = None;
    let mut won = false;
    // A decision the table reached and the visitor has not seen.
    let mut pending = true;
    // Events the record shows before the table makes them (a riichi stick before the
    // call that follows it, an indicator before the discard that turns it).
    let mut deferred: Vec<(usize, Expect)> = Vec::new();
    // Shows the decision the table reached once the record has shown every event on
    // the way to it: its draws, and the indicator or riichi stick `next` is.
    let show = |t: &Table,
                queue: &[Event],
                next: Option<&RecEvent>,
                pending: &mut bool,
                after: usize,
                visit: &mut dyn Visit| {
        let waits = queue.iter().any(|x| {
            matches!(
                (x, next),
                (Event::Draw { .. }, _)
                    | (Event::Dora { .. }, Some(RecEvent::Dora { .. }))
                    | (
                        Event::RiichiAccepted { .. },
                        Some(RecEvent::RiichiAccepted { .. })
                    )
            )
        });
        if *pending && !waits && t.to_act() != 0 {
            visit.decision(Decision {
                kyoku: index,
                after,
                table: t,
            });
            *pending = false;
        }
    };
    for (i, e) in kyoku.events.iter().enumerate() {
        deferred.retain(|(_, want)| !find(&mut queue, want.as_ref()));
        if ended {
            if let RecEvent::Win(w) = e {
                // A second winner of a double ron: its win was settled with the first.
                let got = queue
                    .iter()
                    .position(|x| matches!(x, Event::Win(v) if v.seat == w.seat));
                let Some(j) = got else {
                    if let Some(b) = &before_end {
                        visit.result(index, i, b, None);
                    }
                    return Err((i, Mismatch::NoWinFor(w.seat)));
                };
                if let Some(b) = &before_end {
                    visit.result(index, i, b, queue.get(j));
                }
                if let Event::Win(v) = queue.remove(j) {
                    if check_scores
                        && v.deltas[..usize::from(n)] != w.deltas[..]
                        && !w.deltas.is_empty()
                    {
                        return Err((
                            i,
                            Mismatch::WinDeltas {
                                table: v.deltas[..usize::from(n)].to_vec(),
                                record: w.deltas.clone(),
                            },
                        ));
                    }
                }
                continue;
            }
            return Err((i, Mismatch::AfterEnd));
        }
        show(&t, &queue, Some(e), &mut pending, i, visit);
        visit.event(index, i, &t, &queue);
        let fail = |source: EventMismatch| {
            (
                i,
                Mismatch::Event {
                    event: Box::new(e.clone()),
                    source,
                },
            )
        };
        let act = |t: &mut Table,
                   queue: &mut Vec<Event>,
                   pending: &mut bool,
                   seat: Seat,
                   a: Action,
                   visit: &mut dyn Visit|
         -> Result<(), (usize, Mismatch)> {
            let legal = t.legal(seat);
            let ev = t.step(seat, a).map_err(|error| {
                fail(EventMismatch::Refused {
                    error,
                    legal: legal.as_slice().to_vec(),
                })
            })?;
            *pending |= !ev.is_empty();
            extend(queue, ev);
            visit.acted(index, seat, &a);
            Ok(())
        };
        let pass = |t: &mut Table,
                    queue: &mut Vec<Event>,
                    pending: &mut bool,
                    except: Option<Seat>,
                    visit: &mut dyn Visit|
         -> Result<(), (usize, Mismatch)> {
            let before = queue.len();
            let mask = t.to_act();
            pass_all(t, queue, except, index, visit)
                .map_err(|err| fail(EventMismatch::Pass(err)))?;
            *pending |= queue.len() != before || t.to_act() != mask;
            Ok(())
        };
        match *e {
            RecEvent::KyokuStart(a)
            | RecEvent::KyokuEnd { scores: a }
            | RecEvent::GameEnd { scores: a, .. } => match a {},
            RecEvent::Draw { seat, pai } => {
                let want = |x: &Event| matches!(*x, Event::Draw { seat: s, pai: Some(p) } if s == seat && p == pai);
                if !find(&mut queue, &want) {
                    pass(&mut t, &mut queue, &mut pending, None, visit)?;
                    if !find(&mut queue, &want) {
                        return Err(fail(EventMismatch::NotDrawn(queue)));
                    }
                }
            }
            RecEvent::Dora { indicator } => {
                let want =
                    move |x: &Event| matches!(*x, Event::Dora { indicator: p } if p == indicator);
                if !find(&mut queue, &want) {
                    deferred.push((i, Box::new(want)));
                }
            }
            RecEvent::RiichiAccepted { seat } => {
                let want =
                    move |x: &Event| matches!(*x, Event::RiichiAccepted { seat: s } if s == seat);
                if !find(&mut queue, &want) {
                    deferred.push((i, Box::new(want)));
                }
            }
            RecEvent::Discard {
                seat,
                pai,
                tsumogiri,
            } => {
                pass(&mut t, &mut queue, &mut pending, None, visit)?;
                act(
                    &mut t,
                    &mut queue,
                    &mut pending,
                    seat,
                    Action::Discard { pai, tsumogiri },
                    visit,
                )?;
            }
            RecEvent::Riichi { seat } => {
                pass(&mut t, &mut queue, &mut pending, None, visit)?;
                act(
                    &mut t,
                    &mut queue,
                    &mut pending,
                    seat,
                    Action::Riichi,
                    visit,
                )?;
            }
            RecEvent::Call {
                kind,
                seat,
                pai,
                ref consumed,
                ..
            } => {
                pass(&mut t, &mut queue, &mut pending, Some(seat), visit)?;
                let a = match (kind, consumed.first(), consumed.get(1)) {
                    (CallKind::Chi | CallKind::Pon, Some(&x), Some(&y)) => {
                        let mut c = [x, y];
                        if kind == CallKind::Chi && c[0].tile() > c[1].tile() {
                            c.swap(0, 1);
                        }
                        if kind == CallKind::Pon && !c[0].is_red() && c[1].is_red() {
                            c.swap(0, 1);
                        }
                        if kind == CallKind::Chi {
                            Action::Chi {
                                consumed: c,
                                called: pai,
                            }
                        } else {
                            Action::Pon {
                                consumed: c,
                                called: pai,
                            }
                        }
                    }
                    (CallKind::OpenKan, _, _) => Action::OpenKan { called: pai },
                    _ => return Err(fail(EventMismatch::CallWithoutTiles)),
                };
                act(&mut t, &mut queue, &mut pending, seat, a, visit)?;
                pass(&mut t, &mut queue, &mut pending, None, visit)?;
            }
            RecEvent::AddedKan { seat, pai, .. } => {
                pass(&mut t, &mut queue, &mut pending, None, visit)?;
                act(
                    &mut t,
                    &mut queue,
                    &mut pending,
                    seat,
                    Action::AddedKan { pai },
                    visit,
                )?;
            }
            RecEvent::ClosedKan { seat, consumed } => {
                pass(&mut t, &mut queue, &mut pending, None, visit)?;
                act(
                    &mut t,
                    &mut queue,
                    &mut pending,
                    seat,
                    Action::ClosedKan {
                        tile: consumed[0].tile(),
                    },
                    visit,
                )?;
            }
            RecEvent::Kita { seat } => {
                pass(&mut t, &mut queue, &mut pending, None, visit)?;
                act(&mut t, &mut queue, &mut pending, seat, Action::Kita, visit)?;
            }
            RecEvent::Win(ref w) => {
                let before = visit.wants_result().then(|| t.clone());
                let made = (|| {
                    if w.seat == w.from {
                        act(
                            &mut t,
                            &mut queue,
                            &mut pending,
                            w.seat,
                            Action::Tsumo,
                            visit,
                        )?;
                    } else {
                        // Every winner of this tile says ron; the others pass.
                        let winners: Vec<Seat> = kyoku.events[i..]
                            .iter()
                            .filter_map(|x| match x {
                                RecEvent::Win(v) => Some(v.seat),
                                _ => None,
                            })
                            .collect();
                        for &s in &winners {
                            act(&mut t, &mut queue, &mut pending, s, Action::Ron, visit)?;
                        }
                        pass(&mut t, &mut queue, &mut pending, None, visit)?;
                    }
                    let Some(j) = queue
                        .iter()
                        .position(|x| matches!(x, Event::Win(v) if v.seat == w.seat))
                    else {
                        return Err(fail(EventMismatch::NoWin(queue.clone())));
                    };
                    Ok(j)
                })();
                if let Some(b) = &before {
                    visit.result(index, i, b, made.as_ref().ok().and_then(|&j| queue.get(j)));
                }
                let j = made?;
                before_end = before;
                won = true;
                if let Event::Win(v) = queue.remove(j) {
                    if check_scores
                        && !w.deltas.is_empty()
                        && v.deltas[..usize::from(n)] != w.deltas[..]
                    {
                        return Err(fail(EventMismatch::WinDeltas {
                            table: v.deltas[..usize::from(n)].to_vec(),
                            record: w.deltas.clone(),
                            yaku: v.yaku,
                        }));
                    }
                }
                ended = true;
            }
            RecEvent::Ryukyoku {
                reason, ref deltas, ..
            } => {
                let before = visit.wants_result().then(|| t.clone());
                if reason == DrawReason::NineTerminals {
                    let mask = t.to_act();
                    let s = (0..n).find(|&s| mask & (1 << s) != 0).unwrap_or(0);
                    act(
                        &mut t,
                        &mut queue,
                        &mut pending,
                        s,
                        Action::NineTerminals,
                        visit,
                    )?;
                } else if reason == DrawReason::TripleRon {
                    for s in 0..n {
                        if t.legal(s).contains(&Action::Ron) {
                            act(&mut t, &mut queue, &mut pending, s, Action::Ron, visit)?;
                        }
                    }
                    pass(&mut t, &mut queue, &mut pending, None, visit)?;
                } else {
                    pass(&mut t, &mut queue, &mut pending, None, visit)?;
                }
                let Some(j) = queue
                    .iter()
                    .position(|x| matches!(x, Event::Ryukyoku { .. }))
                else {
                    return Err(fail(EventMismatch::NoDrawnHand(queue)));
                };
                if let Some(b) = &before {
                    visit.result(index, i, b, queue.get(j));
                }
                if let Event::Ryukyoku {
                    reason: r,
                    deltas: d,
                    ..
                } = queue.remove(j)
                {
                    if format!("{r:?}") != format!("{reason:?}") {
                        return Err(fail(EventMismatch::DrawnAs(r)));
                    }
                    if let (true, Some(want)) = (check_scores, deltas) {
                        if d[..usize::from(n)] != want[..] {
                            return Err(fail(EventMismatch::DrawDeltas {
                                table: d[..usize::from(n)].to_vec(),
                                record: want.clone(),
                            }));
                        }
                    }
                }
                ended = true;
            }
        }
    }
    deferred.retain(|(_, want)| !find(&mut queue, want.as_ref()));
    // An indicator the record turns before a win that ends the kyoku where the table
    // turns it later (a ron on a closed kong): the kyoku is over before it matters.
    if won {
        deferred.retain(|&(i, _)| !matches!(kyoku.events[i], RecEvent::Dora { .. }));
    }
    if let Some((i, _)) = deferred.first() {
        return Err((*i, Mismatch::NeverMade));
    }
    if !ended {
        show(&t, &queue, None, &mut pending, kyoku.events.len(), visit);
    }
    visit.kyoku_end(index, &t);
    Ok(())
}

/// The rules a record is played again under at the table, its players and red fives
/// taken from the record ([`rules_of`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RecordRules {
    /// Tenhou's (`tenhou` or `tenhou-sanma` at the table).
    #[default]
    Tenhou,
    /// Mahjong Soul's (`mahjongsoul` or `mahjongsoul-sanma`).
    MahjongSoul,
    /// Tenhou's, and Mahjong Soul's for a game whose actions the table refuses under
    /// Tenhou's and plays under Mahjong Soul's (a folder of records from both).
    Auto,
}

/// A record played under `rules`: `play(false)` plays it under Tenhou's rules,
/// `play(true)` under Mahjong Soul's. With [`RecordRules::Auto`], Tenhou's, or Mahjong
/// Soul's when only they play it: Tenhou's answer is kept unless it is an error or
/// `whole` refuses it (a check with a win the table refused), and Mahjong Soul's is
/// taken when it is neither; otherwise Tenhou's answer, or error, stands. The answer,
/// and whether it is Mahjong Soul's.
///
/// # Errors
///
/// `play`'s error under the rules named, or under Tenhou's with `Auto`.
pub fn under_either<T>(
    rules: RecordRules,
    mut play: impl FnMut(bool) -> Result<T, RecordError>,
    whole: impl Fn(&T) -> bool,
) -> Result<(T, bool), RecordError> {
    match rules {
        RecordRules::Tenhou => Ok((play(false)?, false)),
        RecordRules::MahjongSoul => Ok((play(true)?, true)),
        RecordRules::Auto => match play(false) {
            Ok(t) if whole(&t) => Ok((t, false)),
            tenhou => match play(true) {
                Ok(t) if whole(&t) => Ok((t, true)),
                _ => tenhou.map(|t| (t, false)),
            },
        },
    }
}
