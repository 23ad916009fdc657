//! A record played again at the [`Table`]: each kyoku dealt from a wall rebuilt from
//! the record (its deal, draws and indicators where the table takes them), and each of
//! its actions fed to the table, which must list it as legal.
//!
//! [`on_table`] shows the table to a visitor at every decision point (the seats of
//! [`Table::to_act`], with their [`Table::legal`] actions), and fails with
//! [`RecordError::Inconsistent`], naming the kyoku and the event, on the first action
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
use crate::table::wall::{pai_of_id, tile_ids, DeadWall};
use crate::table::{
    Action, Event, KyokuSetup, KyokuWall, Seat, Table, TablePreset, TableRules, WallSource,
};
use crate::tile::Pai;

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
/// A message when the record shows more copies of a tile than the set has, or more
/// replacement draws or indicators than a dead wall holds.
pub fn wall_of(kyoku: &Kyoku, players: Players, red: RedFives) -> Result<KyokuWall, String> {
    let ids = tile_ids(players);
    let all = ids.as_slice();
    let len = all.len();
    let n = usize::from(players.count());
    let dead = DeadWall::of(players);
    let mut free: Vec<u8> = all.to_vec();
    let mut slots: Vec<Option<u8>> = vec![None; len];
    let put = |slots: &mut Vec<Option<u8>>,
               slot: usize,
               p: Pai,
               free: &mut Vec<u8>|
     -> Result<(), String> {
        let id = take_id(free, p, red).ok_or_else(|| format!("no tile {p} left for the wall"))?;
        match slots.get_mut(slot) {
            Some(s) => *s = Some(id),
            None => return Err("the wall is too short".into()),
        }
        Ok(())
    };
    let mut top = len - 1;
    let mut taken = vec![0usize; n];
    for round in 0..4 {
        let take = if round < 3 { 4 } else { 1 };
        for s in 0..n {
            let seat = (usize::from(kyoku.dealer) + s) % n;
            for _ in 0..take {
                let p = *kyoku
                    .hands
                    .get(seat)
                    .and_then(|h| h.get(taken[seat]))
                    .ok_or("a short deal")?;
                taken[seat] += 1;
                put(&mut slots, top, p, &mut free)?;
                top -= 1;
            }
        }
    }
    put(&mut slots, usize::from(dead.dora[0]), kyoku.dora, &mut free)?;
    let mut replacement = false;
    let mut replacements = 0;
    let mut indicators = 1;
    for e in &kyoku.events {
        match *e {
            RecEvent::Draw { pai, .. } => {
                if replacement {
                    let slot = *dead
                        .replacements
                        .get(replacements)
                        .ok_or("too many replacements")?;
                    put(&mut slots, usize::from(slot), pai, &mut free)?;
                    replacements += 1;
                } else {
                    if top < dead.dora.len() + dead.replacements.len() {
                        return Err("more draws than the live wall holds".into());
                    }
                    put(&mut slots, top, pai, &mut free)?;
                    top -= 1;
                }
                replacement = false;
            }
            RecEvent::Call { kind, .. } => replacement = kind == CallKind::OpenKan,
            RecEvent::AddedKan { .. } | RecEvent::ClosedKan { .. } | RecEvent::Kita { .. } => {
                replacement = true;
            }
            RecEvent::Dora { indicator } => {
                let slot = *dead.dora.get(indicators).ok_or("too many indicators")?;
                put(&mut slots, usize::from(slot), indicator, &mut free)?;
                indicators += 1;
            }
            _ => {}
        }
    }
    for (i, &p) in kyoku.ura.iter().enumerate() {
        if let Some(&slot) = dead.ura.get(i) {
            if slots[usize::from(slot)].is_none() {
                put(&mut slots, usize::from(slot), p, &mut free)?;
            }
        }
    }
    let mut rest = free.into_iter();
    let wall: Vec<u8> = slots
        .into_iter()
        .map(|s| s.or_else(|| rest.next()).unwrap_or(0))
        .collect();
    KyokuWall::from_ids(players, &wall, [1, 1]).map_err(|e| e.to_string())
}

/// Plays every kyoku of `game` at a table under `rules` (see the module), showing
/// each decision point to `visit`, and returns the number of kyoku played (a kyoku
/// with no event, the dealt end of an excerpt, is skipped). With `scores`, each win's
/// and draw's score changes must be the record's.
///
/// # Errors
///
/// [`RecordError::Inconsistent`] with the kyoku's label and the event's index at the
/// first disagreement.
pub fn on_table(
    game: &Game,
    rules: TableRules,
    scores: bool,
    mut visit: impl FnMut(Decision<'_>),
) -> Result<usize, RecordError> {
    let mut played = 0;
    for (i, k) in game.kyokus.iter().enumerate() {
        if k.events.is_empty() {
            continue;
        }
        played += 1;
        let fail = |index: usize, message: String| RecordError::Inconsistent {
            kyoku: k.label(),
            index,
            message,
        };
        let wall = wall_of(k, game.players, rules.scoring.red_fives).map_err(|m| fail(0, m))?;
        kyoku_on_table(game, i, rules, wall, scores, &mut visit)
            .map_err(|(index, m)| fail(index, m))?;
    }
    Ok(played)
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
fn pass_all(t: &mut Table, queue: &mut Vec<Event>, except: Option<Seat>) -> Result<(), String> {
    let n = t.players();
    loop {
        let mask = t.to_act();
        let Some(s) = (0..n).find(|&s| {
            mask & (1 << s) != 0 && Some(s) != except && t.legal(s).contains(&Action::Pass)
        }) else {
            return Ok(());
        };
        let ev = t.step(s, Action::Pass).map_err(|e| e.to_string())?;
        extend(queue, ev);
    }
}

/// Plays kyoku `index` of `game` from `wall`; the index of the event and a message at
/// the first disagreement.
#[allow(clippy::too_many_lines)]
fn kyoku_on_table(
    game: &Game,
    index: usize,
    rules: TableRules,
    wall: KyokuWall,
    check_scores: bool,
    visit: &mut dyn FnMut(Decision<'_>),
) -> Result<(), (usize, String)> {
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
        .map_err(|e| (0, e.to_string()))?;
    let mut queue: Vec<Event> = Vec::new();
    extend(&mut queue, t.events().get(1..).unwrap_or(&[]));
    let n = t.players();
    let mut ended = false;
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
                visit: &mut dyn FnMut(Decision<'_>)| {
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
            visit(Decision {
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
                    return Err((i, format!("no win for seat {}", w.seat)));
                };
                if let Event::Win(v) = queue.remove(j) {
                    if check_scores
                        && v.deltas[..usize::from(n)] != w.deltas[..]
                        && !w.deltas.is_empty()
                    {
                        return Err((
                            i,
                            format!(
                                "win deltas {:?}, record {:?}",
                                &v.deltas[..usize::from(n)],
                                w.deltas
                            ),
                        ));
                    }
                }
                continue;
            }
            return Err((i, "after the end of the kyoku".into()));
        }
        show(&t, &queue, Some(e), &mut pending, i, visit);
        let fail = |m: String| (i, format!("{e:?}: {m}"));
        let act = |t: &mut Table,
                   queue: &mut Vec<Event>,
                   pending: &mut bool,
                   seat: Seat,
                   a: Action|
         -> Result<(), (usize, String)> {
            let legal = t.legal(seat);
            let ev = t
                .step(seat, a)
                .map_err(|err| fail(format!("{err}; legal: {:?}", legal.as_slice())))?;
            *pending |= !ev.is_empty();
            extend(queue, ev);
            Ok(())
        };
        let pass = |t: &mut Table,
                    queue: &mut Vec<Event>,
                    pending: &mut bool,
                    except: Option<Seat>|
         -> Result<(), (usize, String)> {
            let before = queue.len();
            let mask = t.to_act();
            pass_all(t, queue, except).map_err(fail)?;
            *pending |= queue.len() != before || t.to_act() != mask;
            Ok(())
        };
        match *e {
            RecEvent::Draw { seat, pai } => {
                let want = |x: &Event| matches!(*x, Event::Draw { seat: s, pai: Some(p) } if s == seat && p == pai);
                if !find(&mut queue, &want) {
                    pass(&mut t, &mut queue, &mut pending, None)?;
                    if !find(&mut queue, &want) {
                        return Err(fail(format!("the table did not draw it; events {queue:?}")));
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
                pass(&mut t, &mut queue, &mut pending, None)?;
                act(
                    &mut t,
                    &mut queue,
                    &mut pending,
                    seat,
                    Action::Discard { pai, tsumogiri },
                )?;
            }
            RecEvent::Riichi { seat } => {
                pass(&mut t, &mut queue, &mut pending, None)?;
                act(&mut t, &mut queue, &mut pending, seat, Action::Riichi)?;
            }
            RecEvent::Call {
                kind,
                seat,
                pai,
                ref consumed,
                ..
            } => {
                pass(&mut t, &mut queue, &mut pending, Some(seat))?;
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
                    _ => return Err(fail("a call without two tiles of the caller".into())),
                };
                act(&mut t, &mut queue, &mut pending, seat, a)?;
                pass(&mut t, &mut queue, &mut pending, None)?;
            }
            RecEvent::AddedKan { seat, pai, .. } => {
                pass(&mut t, &mut queue, &mut pending, None)?;
                act(
                    &mut t,
                    &mut queue,
                    &mut pending,
                    seat,
                    Action::AddedKan { pai },
                )?;
            }
            RecEvent::ClosedKan { seat, consumed } => {
                pass(&mut t, &mut queue, &mut pending, None)?;
                act(
                    &mut t,
                    &mut queue,
                    &mut pending,
                    seat,
                    Action::ClosedKan {
                        tile: consumed[0].tile(),
                    },
                )?;
            }
            RecEvent::Kita { seat } => {
                pass(&mut t, &mut queue, &mut pending, None)?;
                act(&mut t, &mut queue, &mut pending, seat, Action::Kita)?;
            }
            RecEvent::Win(ref w) => {
                if w.seat == w.from {
                    act(&mut t, &mut queue, &mut pending, w.seat, Action::Tsumo)?;
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
                        act(&mut t, &mut queue, &mut pending, s, Action::Ron)?;
                    }
                    pass(&mut t, &mut queue, &mut pending, None)?;
                }
                let Some(j) = queue
                    .iter()
                    .position(|x| matches!(x, Event::Win(v) if v.seat == w.seat))
                else {
                    return Err(fail(format!("no win; events {queue:?}")));
                };
                if let Event::Win(v) = queue.remove(j) {
                    if check_scores
                        && !w.deltas.is_empty()
                        && v.deltas[..usize::from(n)] != w.deltas[..]
                    {
                        return Err(fail(format!(
                            "deltas {:?}, record {:?} ({:?})",
                            &v.deltas[..usize::from(n)],
                            w.deltas,
                            v.yaku
                        )));
                    }
                }
                ended = true;
            }
            RecEvent::Ryukyoku {
                reason, ref deltas, ..
            } => {
                if reason == DrawReason::NineTerminals {
                    let mask = t.to_act();
                    let s = (0..n).find(|&s| mask & (1 << s) != 0).unwrap_or(0);
                    act(&mut t, &mut queue, &mut pending, s, Action::NineTerminals)?;
                } else if reason == DrawReason::TripleRon {
                    for s in 0..n {
                        if t.legal(s).contains(&Action::Ron) {
                            act(&mut t, &mut queue, &mut pending, s, Action::Ron)?;
                        }
                    }
                    pass(&mut t, &mut queue, &mut pending, None)?;
                } else {
                    pass(&mut t, &mut queue, &mut pending, None)?;
                }
                let Some(j) = queue
                    .iter()
                    .position(|x| matches!(x, Event::Ryukyoku { .. }))
                else {
                    return Err(fail(format!("no drawn hand; events {queue:?}")));
                };
                if let Event::Ryukyoku {
                    reason: r,
                    deltas: d,
                    ..
                } = queue.remove(j)
                {
                    if format!("{r:?}") != format!("{reason:?}") {
                        return Err(fail(format!("drawn as {r:?}")));
                    }
                    if let (true, Some(want)) = (check_scores, deltas) {
                        if d[..usize::from(n)] != want[..] {
                            return Err(fail(format!(
                                "deltas {:?}, record {want:?}",
                                &d[..usize::from(n)]
                            )));
                        }
                    }
                }
                ended = true;
            }
        }
    }
    deferred.retain(|(_, want)| !find(&mut queue, want.as_ref()));
    if let Some((i, _)) = deferred.first() {
        return Err((*i, "never made by the table".into()));
    }
    if !ended {
        show(&t, &queue, None, &mut pending, kyoku.events.len(), visit);
    }
    Ok(())
}
