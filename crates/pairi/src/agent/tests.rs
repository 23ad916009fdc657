//! Agents play whole games under every preset.

use super::*;
use crate::table::{Table, TablePreset, WallSource};

/// Plays one game with `agents`; returns the final scores.
fn play(rules: TableRules, seed: u64, agents: &mut [Box<dyn Agent>]) -> [i32; 4] {
    let mut t = Table::new(rules, WallSource::Seed(seed)).unwrap();
    let n = t.players();
    for (s, a) in agents.iter_mut().enumerate().take(usize::from(n)) {
        a.start(s as Seat, &rules, seed ^ s as u64);
    }
    let mut steps = 0;
    while !t.is_over() {
        let seat = t.to_act().trailing_zeros() as Seat;
        let legal = t.legal(seat);
        let a = agents[usize::from(seat)].act(&t.observation(seat), &legal);
        assert!(legal.contains(&a), "{a:?} not in {legal:?}");
        let events = t.step(seat, a).unwrap().to_vec();
        for e in &events {
            for (s, ag) in agents.iter_mut().enumerate().take(usize::from(n)) {
                ag.event(&e.seen_by(s as Seat));
            }
        }
        steps += 1;
        assert!(steps < 100_000);
    }
    t.scores()
}

#[test]
fn builtin_ok_legal_actions_under_every_preset() {
    for preset in TablePreset::ALL {
        for (i, b) in Builtin::ALL.into_iter().enumerate() {
            let mut agents: Vec<Box<dyn Agent>> = (0..4)
                .map(|s| {
                    if s % 2 == 0 {
                        b.agent()
                    } else {
                        Builtin::Greedy.agent()
                    }
                })
                .collect();
            play(preset.rules(), i as u64, &mut agents);
        }
    }
}

/// Scenarios for `pairi`'s decisions: a seat's game told as mjai messages (seat 0, the
/// dealer), its view rebuilt ([`super::mjai::View`]) and every event given to the agent.
#[cfg(feature = "serde")]
mod scenarios {
    use super::super::mjai::View;
    use super::super::{Agent, Decision, Pairi, Reason};
    use crate::table::{Action, TablePreset};
    use serde_json::{json, Value};

    /// Seat 0's hand `tehai` (13 tiles), then `events`; returns pairi's decision at the
    /// end.
    fn decide(tehai: &[&str], events: &[Value]) -> Decision {
        let rules = TablePreset::Tenhou.rules();
        let mut view = View::new(rules);
        let mut agent = Pairi::default();
        let hidden = vec!["?"; 13];
        let mut all = vec![
            json!({"type": "start_game", "id": 0, "names": ["a", "b", "c", "d"]}),
            json!({"type": "start_kyoku", "bakaze": "E", "dora_marker": "1s", "kyoku": 1,
                "honba": 0, "kyotaku": 0, "oya": 0,
                "scores": [25000, 25000, 25000, 25000],
                "tehais": [tehai, &hidden, &hidden, &hidden]}),
        ];
        all.extend_from_slice(events);
        for m in &all {
            let e = view.apply(m).unwrap_or_else(|e| panic!("{e}: {m}"));
            if m["type"] == "start_game" {
                agent.start(0, &rules, 0);
            }
            if let Some(e) = e {
                agent.event(&e);
            }
        }
        let legal = view.legal();
        assert!(!legal.is_empty(), "seat 0 has nothing to decide");
        let d = agent.decide(&view.observation(), &legal);
        assert!(legal.contains(&d.action));
        d
    }

    fn draw(seat: u8, pai: &str) -> Value {
        json!({"type": "tsumo", "actor": seat, "pai": pai})
    }

    fn discard(seat: u8, pai: &str, tsumogiri: bool) -> Value {
        json!({"type": "dahai", "actor": seat, "pai": pai, "tsumogiri": tsumogiri})
    }

    /// One go-round of seats 1 to 3 (hidden draws, discards `d`), seat 1 declaring
    /// riichi with its discard when `riichi`.
    fn others(d: [&str; 3], riichi: bool) -> Vec<Value> {
        let mut v = Vec::new();
        for (i, p) in d.iter().enumerate() {
            let s = i as u8 + 1;
            v.push(draw(s, "?"));
            if riichi && s == 1 {
                v.push(json!({"type": "reach", "actor": 1}));
            }
            v.push(discard(s, p, false));
            if riichi && s == 1 {
                v.push(json!({"type": "reach_accepted", "actor": 1}));
            }
        }
        v
    }

    fn discarded(d: &Decision) -> &'static str {
        match d.action {
            Action::Discard { pai, .. } => crate::table::mjai_tile(pai),
            a => panic!("not a discard: {a:?}"),
        }
    }

    /// Far from ready against a riichi: the safest tile, a genbutsu of the riichi
    /// player, though a lone honour would be the efficient discard.
    #[test]
    fn pairi_ok_folds_against_riichi_with_a_genbutsu() {
        let hand = [
            "1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s", "E", "S", "W", "N",
        ];
        let mut ev = vec![draw(0, "F"), discard(0, "F", true)];
        ev.extend(others(["4m", "P", "P"], false));
        ev.push(draw(0, "C"));
        ev.push(discard(0, "C", true));
        ev.extend(others(["7m", "F", "C"], true));
        ev.push(draw(0, "P"));
        let d = decide(&hand, &ev);
        let Reason::Fold { candidates, .. } = &d.reason else {
            panic!("{d}");
        };
        assert!(["4m", "7m"].contains(&discarded(&d)), "{d}");
        assert_eq!(candidates[0].danger, 0.0);
        // A middle tile no one has shown is the most dangerous.
        let worst = candidates.last().unwrap();
        assert!(worst.danger > 0.1, "{d}");
        let text = d.to_string();
        assert!(text.contains("fold against riichi"), "{text}");
        assert!(text.contains("danger"), "{text}");
    }

    /// The same hand with no riichi on the table: efficiency throws a lone honour.
    #[test]
    fn pairi_ok_without_a_riichi_plays_for_efficiency() {
        let hand = [
            "1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s", "E", "S", "W", "N",
        ];
        let mut ev = vec![draw(0, "F"), discard(0, "F", true)];
        ev.extend(others(["4m", "P", "P"], false));
        ev.push(draw(0, "C"));
        ev.push(discard(0, "C", true));
        ev.extend(others(["7m", "F", "C"], false));
        ev.push(draw(0, "P"));
        let d = decide(&hand, &ev);
        assert!(matches!(d.reason, Reason::Efficiency { .. }), "{d}");
    }

    /// One from ready: the discards are valued by the expected-value search, the best
    /// first, each with its win chance and expected score.
    #[test]
    fn pairi_ok_near_ready_searches_and_explains() {
        let hand = [
            "2m", "3m", "4m", "6p", "7p", "3s", "4s", "5s", "7s", "8s", "E", "E", "N",
        ];
        let d = decide(&hand, &[draw(0, "9p")]);
        let Reason::Search { candidates, .. } = &d.reason else {
            panic!("{d}");
        };
        // The lone North and the 9p leave the same two-sided shapes (within a point).
        assert!(["N", "9p"].contains(&discarded(&d)), "{d}");
        assert_eq!(candidates[0].action, d.action);
        assert!(candidates[0].score > 0.0 && candidates[0].win > 0.0, "{d}");
        for w in candidates.windows(2) {
            assert!(w[0].value >= w[1].value, "{d}");
        }
        assert!(d.to_string().contains("exp. score"), "{d}");
    }

    /// Ready with a good wait and no yaku but riichi: the search's policy declares.
    #[test]
    fn pairi_ok_riichi_when_ready_without_a_yaku() {
        let hand = [
            "2m", "3m", "4m", "6p", "7p", "3s", "4s", "5s", "7s", "8s", "9s", "E", "E",
        ];
        let d = decide(&hand, &[draw(0, "N")]);
        assert_eq!(d.action, Action::Riichi, "{d}");
        assert!(
            matches!(
                d.reason,
                Reason::Search {
                    riichi: Some(true),
                    ..
                }
            ),
            "{d}"
        );
    }

    /// A win offered is taken (a triplet of East, the round's and the dealer's wind).
    #[test]
    fn pairi_ok_takes_a_ron() {
        let hand = [
            "2m", "3m", "4m", "6p", "7p", "3s", "4s", "5s", "E", "E", "E", "N", "N",
        ];
        let mut ev = vec![draw(0, "W"), discard(0, "W", true)];
        ev.push(draw(1, "?"));
        ev.push(discard(1, "5p", false));
        let d = decide(&hand, &ev);
        assert_eq!(d.action, Action::Ron, "{d}");
        assert_eq!(d.reason, Reason::Win);
    }
}
