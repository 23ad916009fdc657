//! A game played at a [`crate::table::Table`] as a record: the table's events are the
//! record's events ([`crate::table::Event`], one model), so a game an arena played is
//! written as tenhou.net/6 or mjai and reviewed like any other record.
//!
//! Only the payloads differ ([`crate::table::Detail`]), and
//! [`crate::table::Event::map_detail`] restates them through one payload map: a
//! kyoku's deal (the table's `KyokuStart`) becomes the record's [`Kyoku`] header and
//! the ends of a kyoku and of the game close it; a win's han, fu, points and yaku
//! become the record's [`RecordedValue`] (yaku by their Japanese names, ura indicators
//! on the kyoku, the points without the honba, as records write them); a drawn hand's
//! score changes and ready seats become the record's lists of the table's seats.

use super::model::{
    DrawReason, Game, Kyoku, Length, Recorded, RecordedValue, RecordedYaku, Win, YakuValueRec,
};
use crate::riichi::rules::Players;
use crate::riichi::score::HONBA_PER_PAYER;
use crate::table::{self, Absent, GameLength, KyokuStart, MapDetail, Played, Seat, TableRules};
use crate::tile::Pai;

/// The record of a game from every one of its table events (as the table gives them,
/// nothing hidden), with the players' `names`.
#[must_use]
pub fn game_of_events(events: &[table::Event], rules: &TableRules, names: Vec<String>) -> Game {
    let mut r = Recording::new(rules, names);
    for &e in events {
        if let Some(e) = e.map_detail(&mut r) {
            if let Some(k) = r.kyoku.as_mut() {
                k.events.push(e);
            }
        }
    }
    r.close_kyoku();
    r.game
}

/// A played game being written as a record: the payload map from the table's events
/// to the record's ([`MapDetail`]), with the game and the kyoku they go in.
struct Recording<'a> {
    rules: &'a TableRules,
    /// The game so far.
    game: Game,
    /// The kyoku being played.
    kyoku: Option<Kyoku>,
    /// Wins already recorded in the kyoku: only the first of a multiple ron collects
    /// the honba, unless the rules pay it to each winner.
    wins_in_kyoku: u32,
}

impl<'a> Recording<'a> {
    /// An empty record of a game under `rules` between `names`.
    fn new(rules: &'a TableRules, names: Vec<String>) -> Recording<'a> {
        let game = Game {
            players: if rules.players() == 3 {
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
        Recording {
            rules,
            game,
            kyoku: None,
            wins_in_kyoku: 0,
        }
    }

    fn players(&self) -> usize {
        usize::from(self.rules.players())
    }

    /// Puts the kyoku being played into the game.
    fn close_kyoku(&mut self) {
        if let Some(done) = self.kyoku.take() {
            self.game.kyokus.push(done);
        }
    }
}

impl MapDetail<Played, Recorded> for Recording<'_> {
    fn draw(&mut self, _seat: Seat, pai: Option<Pai>) -> Option<Pai> {
        pai
    }

    fn win(&mut self, w: table::Win) -> Win {
        let n = self.players();
        let mut honba = 0;
        if let Some(k) = self.kyoku.as_mut() {
            if !w.ura.is_empty() {
                k.ura = w.ura.to_vec();
            }
            if self.wins_in_kyoku == 0 || self.rules.honba_each_winner {
                honba = k.honba;
            }
        }
        self.wins_in_kyoku += 1;
        // The record's points are the hand's value before honba.
        let honba_part = honba
            .saturating_mul(HONBA_PER_PAYER)
            .saturating_mul(n as u32 - 1);
        Win {
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
        }
    }

    fn drawn(
        &mut self,
        reason: DrawReason,
        deltas: [i32; 4],
        tenpai: u8,
    ) -> (Option<Vec<i32>>, Option<Vec<bool>>) {
        let n = self.players();
        (
            Some(deltas[..n].to_vec()),
            (reason == DrawReason::Exhaustive)
                .then(|| (0..n).map(|s| tenpai & (1 << s) != 0).collect()),
        )
    }

    fn kyoku_start(&mut self, k: KyokuStart) -> Option<Absent> {
        self.close_kyoku();
        self.wins_in_kyoku = 0;
        let n = self.players();
        self.kyoku = Some(Kyoku {
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
        None
    }

    fn scores(&mut self, _scores: [i32; 4], _game_end: bool) -> Option<Absent> {
        self.close_kyoku();
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::{Agent, Builtin};
    use crate::record::Event;
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
                // One model: the record holds the table's events one for one, in order;
                // only the payloads of draws, wins and drawn hands are restated.
                let played: Vec<&table::Event> = all
                    .iter()
                    .filter(|e| {
                        !matches!(
                            e,
                            table::Event::KyokuStart(_)
                                | table::Event::KyokuEnd { .. }
                                | table::Event::GameEnd { .. }
                        )
                    })
                    .collect();
                let recorded: Vec<&Event> = game.kyokus.iter().flat_map(|k| &k.events).collect();
                assert_eq!(played.len(), recorded.len());
                for (p, r) in played.iter().zip(&recorded) {
                    assert_eq!(p.seat(), r.seat());
                    match (p, r) {
                        (table::Event::Draw { pai, .. }, Event::Draw { pai: q, .. }) => {
                            assert_eq!(*pai, Some(*q));
                        }
                        (table::Event::Win(w), Event::Win(v)) => {
                            assert_eq!(
                                (w.from, Some(w.pai), &w.deltas[..usize::from(n)]),
                                (v.from, v.pai, &v.deltas[..])
                            );
                        }
                        (
                            table::Event::Ryukyoku { reason, .. },
                            Event::Ryukyoku { reason: q, .. },
                        ) => assert_eq!(reason, q),
                        // The other variants' payloads are of one type: the same text.
                        _ => assert_eq!(format!("{p:?}"), format!("{r:?}")),
                    }
                }
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
