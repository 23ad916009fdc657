//! Every recorded win scored again, and every kyoku's score changes reproduced.
//!
//! Each kyoku is played at the [`Table`], which scores each win from the winner's
//! hand and situation there (riichi, double riichi and ippatsu, rinshan, chankan,
//! haitei and houtei, first-turn wins, dora and ura indicators, honba, riichi sticks,
//! kita) under rules read from the record (Tenhou's by default). Han, fu, points, yaku
//! and the score changes are compared with what the record says; every difference is
//! a [`Mismatch`] carrying both readings.

use super::on_table::{self, Decision, Visit};
use super::{
    yaku_of_name, DrawReason, Event, Game, Kyoku, RecordError, RecordedValue, Seat, Win,
    YakuValueRec,
};
use crate::riichi::rules::{Players, RedFives};
use crate::riichi::score::{liability, Payments, HONBA_PER_PAYER, RIICHI_STICK};
use crate::riichi::yaku::YakuList;
use crate::riichi::{Preset, Rules, Score, WinContext, Yaku};
use crate::table::{Event as TableEvent, Table, TableRules, Win as TableWin};

/// What a [`Mismatch`] is about; its JSON name is [`Difference::name`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Difference {
    /// The han.
    Han,
    /// The fu (below mangan).
    Fu,
    /// The points (before honba and sticks).
    Points,
    /// The yaku and their values.
    Yaku,
    /// A win's or a draw's score changes.
    Deltas,
    /// The win could not be scored (the record's value against pairi's reason).
    Score,
    /// The scores from one kyoku to the next, or stated before a result.
    Scores,
    /// A ron the rules forbid (振聴).
    Furiten,
    /// A deal, draw or indicator that is not the wall's of the record's Tenhou shuffle
    /// seed ([`super::walls::reproduce`]).
    Wall,
    /// Not a difference: the record agrees under a rule it does not state (kiriage).
    Rule,
}

impl Difference {
    /// The name in JSON and in `record check`'s lines: `han`, `fu`, `points`, `yaku`,
    /// `deltas`, `score`, `scores`, `furiten`, `wall`, `rule`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Difference::Han => "han",
            Difference::Fu => "fu",
            Difference::Points => "points",
            Difference::Yaku => "yaku",
            Difference::Deltas => "deltas",
            Difference::Score => "score",
            Difference::Scores => "scores",
            Difference::Furiten => "furiten",
            Difference::Wall => "wall",
            Difference::Rule => "rule",
        }
    }

    /// Whether the kyoku's score changes are what differs (the kyoku does not agree).
    #[must_use]
    pub const fn is_score_change(self) -> bool {
        matches!(self, Difference::Deltas | Difference::Scores)
    }
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One difference between the record and pairi.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Mismatch {
    /// The kyoku's label.
    pub kyoku: String,
    /// The event's index in the kyoku.
    pub event: usize,
    /// What differs, or [`Difference::Rule`]: the record agrees once a rule it does
    /// not state is applied (kiriage), which [`Mismatch::is_rule`] tells apart.
    pub what: Difference,
    /// The record's reading.
    pub record: String,
    /// pairi's reading.
    pub pairi: String,
}

/// The kind of a [`Mismatch`] that a rule variant explains ([`Mismatch::what`]).
pub const RULE: Difference = Difference::Rule;

impl Mismatch {
    /// Whether the record agrees under a rule it does not state (not a scoring error).
    #[must_use]
    pub fn is_rule(&self) -> bool {
        self.what == RULE
    }
}

/// The outcome of checking a record.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Report {
    /// Kyoku played at the table.
    pub kyokus: usize,
    /// Wins scored.
    pub wins: usize,
    /// Wins whose han, fu, points, yaku and score changes all agree (under a rule the
    /// record does not state, for those with a `rule` mismatch).
    pub wins_agreeing: usize,
    /// Kyoku whose score changes all agree.
    pub kyokus_agreeing: usize,
    /// Every difference.
    pub mismatches: Vec<Mismatch>,
    /// Wins the table refused (each a `furiten` or `score` difference).
    pub refused: usize,
}

/// The scoring rules a record was played under: Tenhou's (three-player Tenhou's for
/// three players), with the record's red fives, open tanyao and kiriage (when it says).
#[must_use]
pub fn rules_of(game: &Game) -> Rules {
    let preset = match game.players {
        Players::Four => Preset::Tenhou,
        Players::Three => Preset::TenhouSanma,
    };
    let reds: u8 = game.red_fives.iter().sum();
    let mut rules = preset.rules();
    rules.red_fives = match (game.players, reds) {
        (_, 0) => RedFives::None,
        (Players::Three, 2) => RedFives::OnePerSuit,
        (_, n) => RedFives::from_total(n).unwrap_or(RedFives::OnePerSuit),
    };
    rules.open_tanyao = game.open_tanyao;
    if let Some(k) = game.kiriage {
        rules.kiriage = k;
    }
    rules
}

/// Plays every kyoku of `game` at the table under Tenhou's table rules with `rules`
/// for scoring, and compares every win and drawn hand with the record: [`check_at`].
///
/// # Errors
///
/// As [`check_at`].
pub fn check(game: &Game, rules: &Rules) -> Result<Report, RecordError> {
    let mut table = on_table::rules_of(game, false);
    table.scoring = *rules;
    check_at(game, table)
}

/// The table rules a record was played under ([`on_table::rules_of`]: Tenhou's, or
/// Mahjong Soul's when `mahjong_soul`), with its kiriage when it says.
#[must_use]
pub fn table_rules_of(game: &Game, mahjong_soul: bool) -> TableRules {
    let mut rules = on_table::rules_of(game, mahjong_soul);
    if let Some(k) = game.kiriage {
        rules.scoring.kiriage = k;
    }
    rules
}

/// What the table showed of one kyoku ([`Visit::result`]): each win and drawn hand,
/// with the table before it and what the table made of it.
#[derive(Default)]
struct Results {
    kyoku: usize,
    wins: Vec<(usize, Table, Option<TableWin>)>,
    draws: Vec<(usize, Vec<i32>)>,
    /// The index of a win the table refused.
    refused: Option<usize>,
}

impl Visit for Results {
    fn decision(&mut self, _: Decision<'_>) {}

    fn result(&mut self, kyoku: usize, index: usize, before: &Table, made: Option<&TableEvent>) {
        self.kyoku = kyoku;
        match made {
            Some(TableEvent::Win(w)) => self.wins.push((index, before.clone(), Some(*w))),
            Some(TableEvent::Ryukyoku { deltas, .. }) => {
                let n = usize::from(before.players());
                self.draws.push((index, deltas[..n].to_vec()));
            }
            Some(_) => {}
            None => {
                self.wins.push((index, before.clone(), None));
                self.refused = Some(index);
            }
        }
    }
}

/// Plays every kyoku of `game` at a table under `rules` ([`on_table::kyoku_at_table`]:
/// every action must be legal there) and compares each win the table makes (han, fu,
/// points, yaku and score changes) with the record's, each drawn hand's score changes,
/// and the scores the record states before a result and at the next kyoku.
///
/// A win the table refuses is a difference, not an error: `furiten` when the winner
/// has discarded one of its waits, `score` otherwise (the reason), and the kyoku ends
/// there. A win that differs under `rules` but agrees with kiriage (4 han 30 fu and 3
/// han 60 fu paid as mangan) gives one `rule` mismatch instead, when the record does not
/// say whether its lobby rounds up ([`Game::kiriage`]) and `rules` do not: the record is
/// consistent, under a rule pairi cannot read from it.
///
/// # Errors
///
/// [`RecordError::OnTable`], naming the kyoku and the event, when the table refuses
/// another action of the record, or does not make a draw, indicator or drawn hand the
/// record shows.
pub fn check_at(game: &Game, rules: TableRules) -> Result<Report, RecordError> {
    let mut report = Report::default();
    let n = usize::from(game.players.count());
    for (i, kyoku) in game.kyokus.iter().enumerate() {
        let before = report.mismatches.len();
        let mut seen = Results::default();
        if !kyoku.events.is_empty() {
            match on_table::kyoku_at_table(game, i, rules, false, &mut seen) {
                Ok(()) => {}
                Err(RecordError::OnTable { index, .. }) if seen.refused == Some(index) => {
                    report.refused += 1;
                }
                Err(e) => return Err(e),
            }
        }
        let label = kyoku.label();
        let first_winner = first_winner(kyoku, game.players);
        // Riichi sticks each seat has put on the table before event `at`.
        let paid = |seat: usize, at: usize| -> i32 {
            let sticks = kyoku.events[..at.min(kyoku.events.len())]
                .iter()
                .filter(
                    |e| matches!(e, Event::RiichiAccepted { seat: s } if usize::from(*s) == seat),
                )
                .count();
            i32::try_from(sticks).unwrap_or(0) * RIICHI_STICK as i32
        };
        // pairi's changes for the wins and draws whose record gives none (an mjai `hora`
        // without `deltas` or `scores`, a bare `ryukyoku`): the next kyoku's scores are
        // checked with them.
        let mut unstated = vec![0i32; n];
        let mut unscored = false;
        let mut results: Vec<usize> = Vec::new();
        for (index, table, made) in &seen.wins {
            let Some(Event::Win(w)) = kyoku.events.get(*index) else {
                continue;
            };
            results.push(*index);
            report.wins += 1;
            let mut found = Vec::new();
            let collects = first_winner == Some(w.seat);
            let shown = 1 + kyoku.events[..*index]
                .iter()
                .filter(|e| matches!(e, Event::Dora { .. }))
                .count();
            let ours = match made {
                None => {
                    found.push(refusal(kyoku, *index, table, w, &rules));
                    None
                }
                Some(tw) => {
                    let scored = with_record_ura(kyoku, table, w, tw, &rules.scoring, collects)
                        .unwrap_or_else(|| Scored::of_table(tw, n));
                    compare_win(kyoku, w, &scored, collects, &mut found);
                    let turned = table.dora_indicators().len();
                    if !found.is_empty() && turned != shown {
                        // The value differs where the table has turned another number of
                        // indicators than the record shows: that is the difference.
                        let recorded = w
                            .value
                            .as_ref()
                            .map_or_else(|| format!("{:?}", w.deltas), describe);
                        found = vec![(
                            Difference::Score,
                            recorded,
                            format!(
                                "{turned} dora indicators turned at the table, {shown} in the record"
                            ),
                        )];
                        None
                    } else {
                        Some(scored)
                    }
                }
            };
            if w.deltas.is_empty() {
                match &ours {
                    Some(s) => unstated
                        .iter_mut()
                        .zip(&s.deltas)
                        .for_each(|(x, d)| *x += d),
                    None => unscored = true,
                }
            }
            if let (false, Some(s)) = (found.is_empty(), &ours) {
                if game.kiriage.is_none() && !rules.scoring.kiriage {
                    if let Some(rule) = explained_by_kiriage(kyoku, table, w, &rules, collects, s) {
                        found = vec![rule];
                    }
                }
            }
            if found.iter().all(|(what, _, _)| *what == RULE) {
                report.wins_agreeing += 1;
            }
            report
                .mismatches
                .extend(found.into_iter().map(|(what, record, pairi)| Mismatch {
                    kyoku: label.clone(),
                    event: *index,
                    what,
                    record,
                    pairi,
                }));
        }
        for (index, ours) in &seen.draws {
            let Some(Event::Ryukyoku { reason, deltas, .. }) = kyoku.events.get(*index) else {
                continue;
            };
            results.push(*index);
            // A draw without its changes: the noten payments the table makes carry the
            // scores on (an abortive draw has none; a nagashi mangan's are not counted).
            match (deltas, reason) {
                (None, DrawReason::Exhaustive) => {
                    unstated.iter_mut().zip(ours).for_each(|(x, d)| *x += d);
                }
                (None, DrawReason::NagashiMangan) => unscored = true,
                _ => {}
            }
            if let (Some(recorded), true) = (deltas, *reason == DrawReason::Exhaustive) {
                if ours != recorded {
                    report.mismatches.push(Mismatch {
                        kyoku: label.clone(),
                        event: *index,
                        what: Difference::Deltas,
                        record: format!("{recorded:?}"),
                        pairi: format!("{ours:?}"),
                    });
                }
            }
        }
        // The scores the record states before each result (Tenhou XML's `sc`): the
        // start scores, less the riichi sticks paid, plus the earlier wins' changes.
        for (index, stated) in &kyoku.stated_scores {
            if !results.contains(index) {
                continue;
            }
            let mut expected: Vec<i32> = kyoku
                .scores
                .iter()
                .enumerate()
                .map(|(s, x)| x - paid(s, *index))
                .collect();
            for e in &kyoku.events[..(*index).min(kyoku.events.len())] {
                if let Event::Win(w) = e {
                    expected
                        .iter_mut()
                        .zip(&w.deltas)
                        .for_each(|(x, d)| *x += d);
                }
            }
            if *stated != expected {
                report.mismatches.push(Mismatch {
                    kyoku: label.clone(),
                    event: *index,
                    what: Difference::Scores,
                    record: format!("{stated:?}"),
                    pairi: format!("{expected:?}"),
                });
            }
        }
        if let Some(next) = game.kyokus.get(i + 1) {
            let end = kyoku.events.len();
            let mut expected: Vec<i32> = kyoku
                .scores
                .iter()
                .zip(kyoku.deltas(game.players))
                .enumerate()
                .map(|(s, (score, d))| score + d - paid(s, end))
                .collect();
            expected
                .iter_mut()
                .zip(&unstated)
                .for_each(|(x, d)| *x += d);
            if !unscored && !next.scores.is_empty() && expected != next.scores {
                report.mismatches.push(Mismatch {
                    kyoku: label.clone(),
                    event: end,
                    what: Difference::Scores,
                    record: format!("{:?}", next.scores),
                    pairi: format!("{expected:?}"),
                });
            }
        }
        report.kyokus += 1;
        if report.mismatches[before..]
            .iter()
            .all(|m| !m.what.is_score_change())
        {
            report.kyokus_agreeing += 1;
        }
    }
    Ok(report)
}

/// Why the table refuses the record's win `w` at event `index`: `furiten` when the
/// winner of a ron has discarded one of its waits, a `score` difference otherwise.
fn refusal(
    kyoku: &Kyoku,
    index: usize,
    table: &Table,
    w: &Win,
    rules: &TableRules,
) -> (Difference, String, String) {
    let recorded = w
        .value
        .as_ref()
        .map_or_else(|| format!("{:?}", w.deltas), describe);
    let ron = w.seat != w.from;
    if ron {
        if let Some(t) = table.furiten_tile(w.seat) {
            return (
                Difference::Furiten,
                format!("a ron by seat {}", w.seat),
                format!(
                    "seat {} discarded {t}, one of its waits: no ron (furiten)",
                    w.seat
                ),
            );
        }
    }
    // A ron on the closed kong just declared: thirteen orphans alone, by the rules.
    let closed_kan = kyoku.events[..index]
        .iter()
        .rev()
        .find(|e| !matches!(e, Event::Dora { .. }))
        .and_then(|e| match e {
            Event::ClosedKan { seat, consumed } if ron && *seat == w.from => Some(consumed[0]),
            _ => None,
        });
    let why = if let Some(pai) = closed_kan {
        let kokushi = table.hand(w.seat).is_some_and(|h| {
            let mut c = *h.concealed();
            c.add(pai.tile());
            crate::shanten::riichi(&c, h.melds().len()).is_ok_and(|sh| sh.kokushi == Some(-1))
        });
        if kokushi && !rules.scoring.kokushi_robs_closed_kan {
            Unscorable::ClosedKongNotAllowed(w.from).to_string()
        } else {
            Unscorable::ClosedKongRobbed(w.from).to_string()
        }
    } else {
        match table.win_situation(w.seat, true) {
            Some((hand, ctx)) => match crate::riichi::score(&hand, &ctx, &rules.scoring) {
                Err(e) => e.to_string(),
                Ok(_) => format!("the table does not allow seat {}'s win", w.seat),
            },
            None => format!("the table gives seat {} no tile to win on", w.seat),
        }
    };
    (Difference::Score, recorded, why)
}

/// The table's win `tw` scored again with the record's ura indicators where they are
/// not the table's (a record that does not show them: the table's wall has other tiles
/// there), from the winner's hand and situation before the win; `None` when they are
/// the same.
fn with_record_ura(
    kyoku: &Kyoku,
    table: &Table,
    w: &Win,
    tw: &TableWin,
    rules: &Rules,
    collects: bool,
) -> Option<Scored> {
    if kyoku.ura.iter().take(tw.ura.len()).eq(tw.ura.iter()) {
        return None;
    }
    let (hand, ctx) = situation_at(kyoku, table, w, collects)?;
    let score = crate::riichi::score(&hand, &ctx, rules).ok()?;
    let (_, dealer, _) = table.round();
    let deltas = deltas_of(&score, w, &ctx, rules, dealer);
    Some(Scored::of_score(&score, deltas))
}

/// The winner's hand and situation at the table before its win
/// ([`Table::win_situation`]), with the record's ura indicators (as many as the table
/// turns).
pub(crate) fn situation_at(
    kyoku: &Kyoku,
    table: &Table,
    w: &Win,
    collects: bool,
) -> Option<(crate::hand::Hand, WinContext)> {
    let (hand, mut ctx) = table.win_situation(w.seat, collects)?;
    let turned = ctx.ura.len();
    ctx.ura = crate::riichi::context::Indicators::new();
    for &p in kyoku.ura.iter().take(turned) {
        ctx.ura.push(p);
    }
    Some((hand, ctx))
}

/// A win's value as pairi makes it: the table's, or a re-scoring under another rule.
struct Scored {
    han: u8,
    fu: u8,
    yakuman: u8,
    /// What the others pay, honba included, sticks not.
    total: u32,
    yaku: YakuList,
    deltas: Vec<i32>,
}

impl Scored {
    fn of_table(w: &TableWin, players: usize) -> Scored {
        Scored {
            han: w.han,
            fu: w.fu,
            yakuman: w.yakuman,
            total: w.points,
            yaku: w.yaku,
            deltas: w.deltas[..players].to_vec(),
        }
    }

    fn of_score(s: &Score, deltas: Vec<i32>) -> Scored {
        Scored {
            han: s.han,
            fu: s.fu,
            yakuman: s.yakuman,
            total: s.total,
            yaku: s.yaku,
            deltas,
        }
    }
}

/// The winner who collects honba and riichi sticks in a multiple ron: the first after
/// the discarder in turn order (上家取り, Tenhou's rule).
fn first_winner(kyoku: &Kyoku, players: Players) -> Option<Seat> {
    let n = players.count();
    kyoku
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Win(w) => Some(w),
            _ => None,
        })
        .min_by_key(|w| (w.seat % n + n - w.from % n) % n)
        .map(|w| w.seat)
}

/// Why a recorded win cannot be scored (`invalid_hand`): the table has no tile to win
/// on, or the hand or situation at the table is not one a score exists for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unscorable {
    /// The winner is not a seat of the table.
    #[error("no such seat")]
    NoSeat,
    /// A self-draw win by a seat that has drawn no tile.
    #[error("a self-draw win without a drawn tile")]
    NoDrawnTile,
    /// A ron on this seat, which gave no tile to win on.
    #[error("a ron on seat {0} without its tile")]
    NoRonTile(Seat),
    /// A ron on this seat's closed kong by a hand that is not thirteen orphans.
    #[error("a ron on seat {0}'s closed kong by a hand other than thirteen orphans")]
    ClosedKongRobbed(Seat),
    /// Thirteen orphans robs this seat's closed kong, which the rules do not allow.
    #[error("thirteen orphans robs seat {0}'s closed kong, which these rules do not allow")]
    ClosedKongNotAllowed(Seat),
    /// The winning hand breaks the rules of the game.
    #[error(transparent)]
    Hand(#[from] crate::hand::HandError),
    /// The win's situation cannot happen.
    #[error(transparent)]
    Situation(#[from] crate::riichi::Impossible),
    /// The scorer refuses the hand.
    #[error(transparent)]
    Score(#[from] crate::riichi::ScoreError),
}

impl Unscorable {
    /// The JSON error kind: `invalid_hand`.
    #[must_use]
    pub const fn kind(&self) -> crate::error::ErrorKind {
        crate::error::ErrorKind::InvalidHand
    }
}

/// Score changes of a scored win: payments by the payers (a liable player's share as
/// [`crate::riichi::score::liability`] gives it), the total and the sticks to the
/// winner.
#[must_use]
pub fn deltas_of(
    score: &Score,
    w: &Win,
    ctx: &WinContext,
    rules: &Rules,
    dealer: Seat,
) -> Vec<i32> {
    let n = rules.players.count();
    let mut d = vec![0i32; usize::from(n)];
    let win = usize::from(w.seat);
    let pay = |d: &mut Vec<i32>, seat: Seat, amount: u32| {
        if let Some(x) = d.get_mut(usize::from(seat)) {
            *x = x.saturating_sub_unsigned(amount);
        }
    };
    match (score.payments, w.pao) {
        (_, Some(pao)) => {
            let share = liability(score, ctx, rules);
            pay(&mut d, pao, share.liable);
            pay(&mut d, w.from, share.discarder);
        }
        (Payments::Ron { discarder }, None) => pay(&mut d, w.from, discarder),
        (Payments::DealerTsumo { each }, None) => {
            for s in (0..n).filter(|&s| s != w.seat) {
                pay(&mut d, s, each);
            }
        }
        (
            Payments::Tsumo {
                dealer: dp,
                non_dealer,
            },
            None,
        ) => {
            for s in (0..n).filter(|&s| s != w.seat) {
                pay(&mut d, s, if s == dealer { dp } else { non_dealer });
            }
        }
    }
    if let Some(x) = d.get_mut(win) {
        *x = x.saturating_add_unsigned(score.total.saturating_add(score.riichi_sticks));
    }
    d
}

type Found = Vec<(Difference, String, String)>;

/// Compares pairi's value of a win with the record's.
fn compare_win(kyoku: &Kyoku, w: &Win, ours: &Scored, collects: bool, found: &mut Found) {
    if !w.deltas.is_empty() && ours.deltas != w.deltas {
        found.push((
            Difference::Deltas,
            format!("{:?}", w.deltas),
            format!("{:?}", ours.deltas),
        ));
    }
    let Some(v) = &w.value else {
        return;
    };
    let n = u32::try_from(ours.deltas.len()).unwrap_or(4);
    let honba_part = if collects {
        kyoku
            .honba
            .saturating_mul(HONBA_PER_PAYER * n.saturating_sub(1))
    } else {
        0
    };
    let points = ours.total.saturating_sub(honba_part);
    if let Some(p) = v.points {
        if p != points {
            found.push((Difference::Points, p.to_string(), points.to_string()));
        }
    }
    if let Some(h) = v.han {
        if ours.yakuman == 0 && h != ours.han {
            found.push((Difference::Han, h.to_string(), ours.han.to_string()));
        }
    }
    if let Some(f) = v.fu {
        let limit = ours.yakuman > 0 || ours.han >= 5;
        if !limit && f != ours.fu {
            found.push((Difference::Fu, f.to_string(), ours.fu.to_string()));
        }
    }
    if !v.yaku.is_empty() {
        compare_yaku(v, &ours.yaku, found);
    }
}

/// The original mjai's one entry for every dragon triplet (mjai-manue-go writes it):
/// compared with the sum of pairi's 役牌 白, 發 and 中.
const SANGENPAI: &str = "sangenpai";

/// Compares the yaku by kind and value. North tiles set aside count as dora where the
/// record has no entry of their own (Tenhou lists them inside ドラ; pairi names them
/// 抜きドラ): the values are compared, not the names.
fn compare_yaku(v: &RecordedValue, yaku: &YakuList, found: &mut Found) {
    let mut record: Vec<(Option<Yaku>, String, u8)> = v
        .yaku
        .iter()
        .filter(|y| y.value != YakuValueRec::Han(0))
        .map(|y| {
            let value = match y.value {
                YakuValueRec::Han(h) | YakuValueRec::Yakuman(h) => h,
            };
            let kind = if y.name.trim() == SANGENPAI {
                Some(Yaku::YakuhaiHaku)
            } else {
                yaku_of_name(&y.name)
            };
            (kind, y.name.clone(), value)
        })
        .collect();
    let record_kita = record.iter().any(|(y, _, _)| *y == Some(Yaku::Kita));
    let dragons_as_one = v.yaku.iter().any(|y| y.name.trim() == SANGENPAI);
    let mut pairi: Vec<(Option<Yaku>, u8)> = Vec::new();
    for y in yaku.iter().filter(|y| y.value > 0) {
        let dragon = matches!(
            y.yaku,
            Yaku::YakuhaiHaku | Yaku::YakuhaiHatsu | Yaku::YakuhaiChun
        );
        let kind = if y.yaku == Yaku::Kita && !record_kita {
            Yaku::Dora
        } else if dragon && dragons_as_one {
            Yaku::YakuhaiHaku
        } else {
            y.yaku
        };
        let summed = kind == Yaku::Dora || dragon && dragons_as_one;
        match pairi.iter_mut().find(|(k, _)| *k == Some(kind)) {
            Some((_, n)) if summed => *n += y.value,
            _ => pairi.push((Some(kind), y.value)),
        }
    }
    record.sort_by_key(|(y, _, v)| (*y, *v));
    pairi.sort();
    let same = record.len() == pairi.len()
        && record
            .iter()
            .zip(&pairi)
            .all(|((y, _, v), (p, pv))| y == p && v == pv);
    if !same {
        let r: Vec<String> = record
            .iter()
            .map(|(_, name, v)| format!("{name} {v}"))
            .collect();
        let p: Vec<String> = pairi
            .iter()
            .map(|(y, v)| format!("{} {v}", y.map_or("?", |y| y.info().japanese)))
            .collect();
        found.push((Difference::Yaku, r.join(", "), p.join(", ")));
    }
}

/// A win that differs under `rules` and agrees in every point once 4 han 30 fu and 3 han
/// 60 fu are paid as mangan: the `rule` mismatch saying so. The winner's hand and
/// situation are the table's before the win ([`Table::win_situation`]).
fn explained_by_kiriage(
    kyoku: &Kyoku,
    table: &Table,
    w: &Win,
    rules: &TableRules,
    collects: bool,
    without: &Scored,
) -> Option<(Difference, String, String)> {
    if without.yakuman > 0 || !matches!((without.han, without.fu), (4, 30) | (3, 60)) {
        return None;
    }
    let kiriage = Rules {
        kiriage: true,
        ..rules.scoring
    };
    let (hand, ctx) = situation_at(kyoku, table, w, collects)?;
    let with = crate::riichi::score(&hand, &ctx, &kiriage).ok()?;
    let (_, dealer, _) = table.round();
    let deltas = deltas_of(&with, w, &ctx, &kiriage, dealer);
    let mut found = Vec::new();
    compare_win(
        kyoku,
        w,
        &Scored::of_score(&with, deltas),
        collects,
        &mut found,
    );
    found.is_empty().then(|| {
        (
            RULE,
            format!(
                "{} han {} fu paid {} (kiriage: 切り上げ満貫)",
                with.han, with.fu, with.total
            ),
            format!(
                "{} without kiriage, which the record does not state",
                without.total
            ),
        )
    })
}

fn describe(v: &RecordedValue) -> String {
    let yaku: Vec<&str> = v.yaku.iter().map(|y| y.name.as_str()).collect();
    format!(
        "{} han {} fu {} points ({})",
        v.han.map_or("-".into(), |h| h.to_string()),
        v.fu.map_or("-".into(), |f| f.to_string()),
        v.points.map_or("-".into(), |p| p.to_string()),
        yaku.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::super::RecordedYaku;
    use super::*;
    use crate::notation::{parse_hand_unchecked, parse_tile};
    use crate::riichi::context::Flags;
    use crate::tile::Wind;

    /// A closed hand with triplets of 發 and 中, won by ron on 3p (a closed wait): 役牌 發 1, 役牌 中 1,
    /// 混一色 3 (no dora).
    fn two_dragons() -> Score {
        let hand = parse_hand_unchecked("12p456p11p666z777z3p").expect("a hand");
        let win = parse_tile("3p").expect("a tile");
        let ctx = WinContext::new(
            win,
            Flags::default(),
            Wind::East,
            Wind::South,
            &[],
            &[],
            0,
            0,
        )
        .expect("a situation");
        crate::riichi::score(&hand, &ctx, &Rules::default()).expect("a score")
    }

    fn recorded(yaku: &[(&str, u8)]) -> RecordedValue {
        RecordedValue {
            han: None,
            fu: None,
            points: None,
            yaku: yaku
                .iter()
                .map(|&(name, han)| RecordedYaku {
                    name: name.to_owned(),
                    value: YakuValueRec::Han(han),
                })
                .collect(),
        }
    }

    #[test]
    fn sangenpai_stands_for_every_dragon_triplet() {
        let score = two_dragons();
        let mut found = Vec::new();
        compare_yaku(
            &recorded(&[("sangenpai", 2), ("honiso", 3)]),
            &score.yaku,
            &mut found,
        );
        assert!(found.is_empty(), "{found:?}");
        compare_yaku(
            &recorded(&[("sangenpai", 1), ("honiso", 3)]),
            &score.yaku,
            &mut found,
        );
        assert_eq!(found.len(), 1, "one dragon short is a difference");
        found.clear();
        compare_yaku(
            &recorded(&[("役牌 發", 1), ("役牌 中", 1), ("混一色", 3)]),
            &score.yaku,
            &mut found,
        );
        assert!(found.is_empty(), "{found:?}");
    }
}
