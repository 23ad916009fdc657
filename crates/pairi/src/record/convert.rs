//! Converting a record: played at the table first (a record whose actions the table
//! does not allow is not written), completed with what the target format states and
//! the record left out, then written.
//!
//! What is completed, when the record leaves it out:
//! - at an exhaustive draw, which seats were ready (Tenhou writes 全員聴牌 or 全員不聴
//!   when all or none were; the XML log shows the ready hands), and for tenhou.net/6
//!   and the XML log the noten payments;
//! - for tenhou.net/6 and the XML log, a win's score changes and value (an mjai `hora`
//!   without them), scored by [`crate::riichi::score()`] as [`check`](super::check)
//!   scores it, with Tenhou's yaku names;
//! - for the XML log, the fu and the yaku of a value that states only han and points,
//!   or names a yaku Tenhou has no id for (the original mjai's `sangenpai`), where
//!   pairi's score agrees with the record's han and points.

use super::check::{deltas_of, situation_at, table_rules_of, Unscorable};
use super::on_table::{self, Decision, Visit};
use super::{
    mjai, mjlog, tenhou6, tenhou_id_of, tenhou_yaku_id, DrawReason, Event, Format, Game, Kyoku,
    RecordError, RecordedValue, RecordedYaku, Seat, Win, YakuValueRec,
};
use crate::riichi::rules::Players;
use crate::riichi::score::HONBA_PER_PAYER;
use crate::riichi::Score;
use crate::table::{Event as TableEvent, Table};
use crate::tile::Wind;

/// Writes `game` in format `to`: one JSON object (tenhou.net/6) or JSON Lines (mjai)
/// or one XML document (Tenhou's log), newline-terminated.
///
/// # Errors
///
/// [`RecordError::OnTable`] when the table refuses an action of a kyoku, or
/// [`RecordError::Unscorable`] when a win whose record
/// gives no score changes (or, for Tenhou's log, no value) cannot be scored;
/// [`RecordError::Format`] when the game cannot be written as a Tenhou log (red fives
/// other than Tenhou's).
pub fn convert(game: &Game, to: Format) -> Result<String, RecordError> {
    let game = complete(game, to)?;
    Ok(match to {
        Format::Tenhou6 => format!("{}\n", tenhou6::write(&game)),
        Format::Mjai => mjai::write_lines(&game),
        Format::Mjlog => mjlog::write(&game)?,
    })
}

/// What the table showed of one kyoku for its completion: each win with the table
/// before it, each exhaustive draw with the table's changes and ready seats.
#[derive(Default)]
struct Shown {
    wins: Vec<(usize, Table)>,
    draws: Vec<(usize, [i32; 4], u8)>,
}

impl Visit for Shown {
    fn decision(&mut self, _: Decision<'_>) {}

    fn result(&mut self, _: usize, index: usize, before: &Table, made: Option<&TableEvent>) {
        match made {
            Some(TableEvent::Win(_)) => self.wins.push((index, before.clone())),
            Some(TableEvent::Ryukyoku { deltas, tenpai, .. }) => {
                self.draws.push((index, *deltas, *tenpai));
            }
            _ => {}
        }
    }
}

/// `game` played at the table kyoku by kyoku ([`on_table::kyoku_at_table`]) and
/// completed for format `to` (see the module): under Tenhou's rules with the record's
/// red fives, open tanyao and kiriage, or Mahjong Soul's when only they play the whole
/// game (as `record check`'s `auto`).
///
/// # Errors
///
/// As [`convert`]; a refusal is the one under Tenhou's rules.
pub fn complete(game: &Game, to: Format) -> Result<Game, RecordError> {
    on_table::under_either(
        on_table::RecordRules::Auto,
        |mahjong_soul| complete_under(game, to, mahjong_soul),
        |_| true,
    )
    .map(|(game, _)| game)
}

/// [`complete`] under Tenhou's rules, or Mahjong Soul's when `mahjong_soul`.
fn complete_under(game: &Game, to: Format, mahjong_soul: bool) -> Result<Game, RecordError> {
    let mut out = game.clone();
    let rules = table_rules_of(game, mahjong_soul);
    let values = matches!(to, Format::Tenhou6 | Format::Mjlog);
    let n = game.players.count();
    for (i, kyoku) in game.kyokus.iter().enumerate() {
        if kyoku.events.is_empty() {
            continue;
        }
        let first = first_winner(kyoku, game.players);
        let mut shown = Shown::default();
        on_table::kyoku_at_table(game, i, rules, false, &mut shown)?;
        let mut fills: Vec<(usize, Event)> = Vec::new();
        let mut failed: Option<(usize, Unscorable)> = None;
        for (index, table) in &shown.wins {
            let Some(Event::Win(w)) = kyoku.events.get(*index) else {
                continue;
            };
            if !values || !incomplete(w, to) {
                continue;
            }
            let collects = first == Some(w.seat);
            let scored = situation_at(kyoku, table, w, collects)
                .ok_or(Unscorable::NoSeat)
                .and_then(|(hand, ctx)| {
                    crate::riichi::score(&hand, &ctx, &rules.scoring)
                        .map(|s| (s, ctx))
                        .map_err(Unscorable::from)
                });
            let (score, ctx) = match scored {
                Ok(score) => score,
                Err(why) => {
                    // Changes are stated by both formats, a value by the XML log.
                    if w.deltas.is_empty() || to == Format::Mjlog && w.value.is_none() {
                        failed.get_or_insert((*index, why));
                    }
                    continue;
                }
            };
            let (round, dealer, honba) = table.round();
            let honba = if collects { honba } else { 0 };
            let seat_wind = Wind::ALL[usize::from((w.seat % n + n - dealer % n) % n)];
            let ours = value_of(&score, honba, n, round, seat_wind);
            let mut w = w.clone();
            if w.deltas.is_empty() {
                w.deltas = deltas_of(&score, &w, &ctx, &rules.scoring, dealer);
            }
            match w.value.as_mut() {
                None => w.value = Some(ours),
                // The fu or yaku the XML log states and the record leaves out (or names
                // as Tenhou has no id for), where the record's value is pairi's.
                Some(v) => {
                    let han = v.han.or_else(|| recorded_han(v));
                    let agrees = v.points.is_none_or(|p| ours.points == Some(p))
                        && han.is_none_or(|h| ours.han == Some(h) || score.yakuman > 0);
                    if to == Format::Mjlog && agrees {
                        v.fu = v.fu.or(ours.fu);
                        if v.yaku.is_empty() || !v.yaku.iter().all(has_tenhou_id) {
                            v.yaku = ours.yaku;
                        }
                    }
                }
            }
            fills.push((*index, Event::Win(w)));
        }
        for &(index, table_deltas, ready) in &shown.draws {
            let Some(Event::Ryukyoku {
                reason: DrawReason::Exhaustive,
                deltas,
                tenpai,
            }) = kyoku.events.get(index)
            else {
                continue;
            };
            if !(tenpai.is_none() || (values && deltas.is_none())) {
                continue;
            }
            // The ready seats and the noten payments are the table's at the draw (both
            // Tenhou formats state the payments).
            let ready: Vec<bool> = (0..n).map(|s| ready & (1 << s) != 0).collect();
            let deltas = match deltas {
                None if values => Some(table_deltas[..usize::from(n)].to_vec()),
                d => d.clone(),
            };
            fills.push((
                index,
                Event::Ryukyoku {
                    reason: DrawReason::Exhaustive,
                    deltas,
                    tenpai: Some(tenpai.clone().unwrap_or(ready)),
                },
            ));
        }
        if let Some((index, source)) = failed {
            return Err(RecordError::Unscorable {
                kyoku: kyoku.label(),
                index,
                source,
            });
        }
        for (index, e) in fills {
            out.kyokus[i].events[index] = e;
        }
    }
    Ok(out)
}

/// Whether a win lacks what format `to` states: score changes, a value, and in the XML
/// log the fu and the yaku by Tenhou's ids.
fn incomplete(w: &Win, to: Format) -> bool {
    w.deltas.is_empty()
        || match &w.value {
            None => true,
            Some(v) => {
                to == Format::Mjlog
                    && (v.fu.is_none() || v.yaku.is_empty() || !v.yaku.iter().all(has_tenhou_id))
            }
        }
}

/// Whether the XML log can name a recorded yaku: by Tenhou's name or as a yaku Tenhou
/// has an id for (North dora is counted with ドラ).
fn has_tenhou_id(y: &RecordedYaku) -> bool {
    super::tenhou_id_of_name(&y.name).is_some() || super::yaku_of_name(&y.name).is_some()
}

/// The han of a recorded value's yaku added up (`None` with a yakuman or no yaku).
fn recorded_han(v: &RecordedValue) -> Option<u8> {
    let mut han: u8 = 0;
    for y in &v.yaku {
        match y.value {
            YakuValueRec::Han(h) => han = han.saturating_add(h),
            YakuValueRec::Yakuman(_) => return None,
        }
    }
    (!v.yaku.is_empty()).then_some(han)
}

/// The winner who collects honba and riichi sticks in a multiple ron: the first after
/// the discarder in turn order (上家取り).
fn first_winner(kyoku: &Kyoku, players: Players) -> Option<Seat> {
    let n = i32::from(players.count());
    kyoku
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Win(w) => Some(w),
            _ => None,
        })
        .min_by_key(|w| (i32::from(w.seat) - i32::from(w.from)).rem_euclid(n))
        .map(|w| w.seat)
}

/// A scored win as a record states it: han, fu, the points before honba, and the yaku
/// by Tenhou's names in Tenhou's order (its ids'); North dora as 抜きドラ.
fn value_of(score: &Score, honba: u32, players: u8, round: Wind, seat: Wind) -> RecordedValue {
    let n = u32::from(players);
    let mut yaku: Vec<(u32, RecordedYaku)> = score
        .yaku
        .iter()
        .filter(|y| y.value > 0)
        .map(|y| {
            let id = tenhou_id_of(y.yaku, round, seat);
            let name = id
                .and_then(tenhou_yaku_id)
                .unwrap_or(y.yaku.info().japanese)
                .to_string();
            let value = if y.yaku.is_yakuman() {
                YakuValueRec::Yakuman(y.value)
            } else {
                YakuValueRec::Han(y.value)
            };
            // North dora after the ids' 0–54.
            (id.unwrap_or(55), RecordedYaku { name, value })
        })
        .collect();
    yaku.sort_by_key(|(id, _)| *id);
    let yakuman = yaku
        .iter()
        .any(|(_, y)| matches!(y.value, YakuValueRec::Yakuman(_)));
    if yakuman {
        yaku.retain(|(_, y)| matches!(y.value, YakuValueRec::Yakuman(_)));
    }
    RecordedValue {
        han: (!yakuman).then_some(score.han),
        fu: Some(score.fu),
        points: Some(
            score
                .total
                .saturating_sub(honba.saturating_mul(HONBA_PER_PAYER * (n - 1))),
        ),
        yaku: yaku.into_iter().map(|(_, y)| y).collect(),
    }
}
