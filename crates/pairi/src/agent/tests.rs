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
