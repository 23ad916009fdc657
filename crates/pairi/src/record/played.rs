//! A game played at a [`crate::table::Table`] as a record: the table's events become
//! the record model's, so a game an arena played is written as tenhou.net/6 or mjai and
//! reviewed like any other record.
//!
//! The table's events have the record model's meaning; the differences are of form
//! (documented in `docs/table.md`): a kyoku's deal is the table's `KyokuStart` event, a
//! win carries the table's han, fu, points and yaku, which become the record's
//! [`RecordedValue`] (yaku by their Japanese names, ura indicators on the kyoku, the
//! points without the honba, as records write them).

use super::model::{
    DrawReason, Event, Game, Kyoku, Length, RecordedValue, RecordedYaku, Win, YakuValueRec,
};
use crate::riichi::rules::Players;
use crate::riichi::score::HONBA_PER_PAYER;
use crate::table::{self, GameLength, TableRules};

/// The record of a game from every one of its table events (as the table gives them,
/// nothing hidden), with the players' `names`.
#[must_use]
pub fn game_of_events(events: &[table::Event], rules: &TableRules, names: Vec<String>) -> Game {
    let n = usize::from(rules.players());
    let mut game = Game {
        players: if n == 3 {
            Players::Three
        } else {
            Players::Four
        },
        names,
        red_fives: rules.scoring.red_fives.per_suit(),
        open_tanyao: rules.scoring.open_tanyao,
        length: Some(match rules.length {
            GameLength::East => Length::East,
            GameLength::South => Length::South,
        }),
        kiriage: Some(rules.scoring.kiriage),
        kyokus: Vec::new(),
        wall_seed: None,
        tenhou6: None,
    };
    let mut kyoku: Option<Kyoku> = None;
    // Wins already recorded in the kyoku: only the first of a multiple ron collects
    // the honba, unless the rules pay it to each winner.
    let mut wins_in_kyoku = 0u32;
    for e in events {
        let ev = match *e {
            table::Event::KyokuStart(k) => {
                if let Some(done) = kyoku.take() {
                    game.kyokus.push(done);
                }
                wins_in_kyoku = 0;
                kyoku = Some(Kyoku {
                    round: k.round,
                    dealer: k.dealer,
                    honba: k.honba,
                    riichi_sticks: k.riichi_sticks,
                    scores: k.scores[..n].to_vec(),
                    dora: k.dora,
                    ura: Vec::new(),
                    hands: k.hands[..n].iter().map(|h| h.to_vec()).collect(),
                    events: Vec::new(),
                    stated_scores: Vec::new(),
                });
                continue;
            }
            table::Event::KyokuEnd { .. } | table::Event::GameEnd { .. } => {
                if let Some(done) = kyoku.take() {
                    game.kyokus.push(done);
                }
                continue;
            }
            table::Event::Draw { seat, pai } => match pai {
                Some(pai) => Event::Draw { seat, pai },
                None => continue,
            },
            table::Event::Discard {
                seat,
                pai,
                tsumogiri,
            } => Event::Discard {
                seat,
                pai,
                tsumogiri,
            },
            table::Event::Riichi { seat } => Event::Riichi { seat },
            table::Event::RiichiAccepted { seat } => Event::RiichiAccepted { seat },
            table::Event::Call {
                kind,
                seat,
                from,
                pai,
                consumed,
            } => Event::Call {
                kind,
                seat,
                from,
                pai,
                consumed,
            },
            table::Event::AddedKan {
                seat,
                pai,
                consumed,
            } => Event::AddedKan {
                seat,
                pai,
                consumed,
            },
            table::Event::ClosedKan { seat, consumed } => Event::ClosedKan { seat, consumed },
            table::Event::Kita { seat } => Event::Kita { seat },
            table::Event::Dora { indicator } => Event::Dora { indicator },
            table::Event::Win(w) => {
                let mut honba = 0;
                if let Some(k) = kyoku.as_mut() {
                    if !w.ura.is_empty() {
                        k.ura = w.ura.to_vec();
                    }
                    if wins_in_kyoku == 0 || rules.honba_each_winner {
                        honba = k.honba;
                    }
                }
                wins_in_kyoku += 1;
                // The record's points are the hand's value before honba.
                let honba_part = honba
                    .saturating_mul(HONBA_PER_PAYER)
                    .saturating_mul(n as u32 - 1);
                Event::Win(Win {
                    seat: w.seat,
                    from: w.from,
                    pai: Some(w.pai),
                    pao: w.pao,
                    deltas: w.deltas[..n].to_vec(),
                    value: Some(RecordedValue {
                        han: Some(w.han),
                        fu: Some(w.fu),
                        points: Some(w.points.saturating_sub(honba_part)),
                        yaku: w
                            .yaku
                            .iter()
                            .map(|y| RecordedYaku {
                                name: y.yaku.info().japanese.to_owned(),
                                value: if y.yaku.is_yakuman() {
                                    YakuValueRec::Yakuman(y.value)
                                } else {
                                    YakuValueRec::Han(y.value)
                                },
                            })
                            .collect(),
                    }),
                })
            }
            table::Event::Ryukyoku {
                reason,
                deltas,
                tenpai,
            } => Event::Ryukyoku {
                reason,
                deltas: Some(deltas[..n].to_vec()),
                tenpai: (reason == DrawReason::Exhaustive)
                    .then(|| (0..n).map(|s| tenpai & (1 << s) != 0).collect()),
            },
        };
        if let Some(k) = kyoku.as_mut() {
            k.events.push(ev);
        }
    }
    if let Some(done) = kyoku.take() {
        game.kyokus.push(done);
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::{Agent, Builtin};
    use crate::table::{Table, TablePreset, WallSource};

    /// Games played by greedy agents, written as records, read back and checked: every
    /// win scores as recorded, every score change is reproduced.
    #[test]
    fn played_ok_records_check_and_read_back() {
        for preset in [
            TablePreset::Tenhou,
            TablePreset::TenhouSanma,
            TablePreset::MahjongSoul,
        ] {
            let rules = preset.rules();
            for seed in 0..6 {
                let mut t = Table::new(rules, WallSource::Seed(seed)).unwrap();
                let n = t.players();
                let mut agents: Vec<Box<dyn Agent>> =
                    (0..n).map(|_| Builtin::Greedy.agent()).collect();
                for (s, a) in agents.iter_mut().enumerate() {
                    a.start(s as u8, &rules, 1);
                }
                let mut all = t.events().to_vec();
                while !t.is_over() {
                    let seat = t.to_act().trailing_zeros() as u8;
                    let a = agents[usize::from(seat)].act(&t.observation(seat), &t.legal(seat));
                    all.extend_from_slice(t.step(seat, a).unwrap());
                }
                let names = (0..n).map(|s| format!("p{s}")).collect();
                let game = game_of_events(&all, &rules, names);
                let check_rules = crate::record::check::rules_of(&game);
                let report = crate::record::check::check(&game, &check_rules).unwrap();
                assert!(
                    report.mismatches.is_empty(),
                    "{preset:?} seed {seed}: {:?}",
                    report.mismatches
                );
                let text = crate::record::tenhou6::write(&game).to_string();
                let back = crate::record::read(&text, None).unwrap();
                assert_eq!(back.kyokus.len(), game.kyokus.len());
                let lines: Vec<String> = crate::record::mjai::write(&game)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                let back = crate::record::read(&lines.join("\n"), None).unwrap();
                assert_eq!(back.kyokus.len(), game.kyokus.len());
            }
        }
    }
}
