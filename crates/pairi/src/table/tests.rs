//! Scenario tests of the table's rules, and random play.

use super::*;
use crate::util::rng::Xoshiro256;

/// How an agent picks among the legal actions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Agent {
    /// Uniformly at random.
    Random,
    /// Wins when it can, declares riichi when it can, otherwise at random.
    Eager,
}

pub(crate) fn pick(agent: Agent, legal: &Legal, rng: &mut Xoshiro256) -> Action {
    if agent == Agent::Eager {
        for want in [Action::Tsumo, Action::Ron, Action::Riichi] {
            if legal.contains(&want) {
                return want;
            }
        }
        // Prefer not to call, so that hands stay closed and reach riichi.
        let quiet: FixedList<Action, MAX_LEGAL> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Discard { .. } | Action::Pass))
            .collect();
        if !quiet.is_empty() && rng.below(4) != 0 {
            return quiet[rng.below(quiet.len() as u64) as usize];
        }
    }
    legal[rng.below(legal.len() as u64) as usize]
}

/// Plays a whole game; checks every step's invariants. Returns the table at the end
/// and the number of steps.
pub(crate) fn play(rules: TableRules, seed: u64, agents: [Agent; 4]) -> (Table, u64) {
    let mut t = Table::new(rules, WallSource::Seed(seed)).unwrap();
    let mut rng = Xoshiro256::new(seed ^ 0x5eed);
    let n = t.players();
    let total = rules.start_points * i32::from(n);
    let mut steps = 0u64;
    while !t.is_over() {
        let mask = t.to_act();
        assert_ne!(mask, 0, "nobody to act");
        let seat = (0..n).find(|s| mask & (1 << s) != 0).unwrap();
        let legal = t.legal(seat);
        assert!(
            !legal.is_empty(),
            "seat {seat} must act with no legal action"
        );
        let a = pick(agents[usize::from(seat)], &legal, &mut rng);
        t.step(seat, a).unwrap_or_else(|e| panic!("{e}"));
        steps += 1;
        let sum: i32 = t.scores()[..usize::from(n)].iter().sum();
        assert_eq!(
            sum + 1000 * t.riichi_sticks() as i32,
            total,
            "points conserved"
        );
        assert!(steps < 100_000, "the game ends");
    }
    (t, steps)
}

#[test]
fn random_ok_games_end_and_conserve_points() {
    for seed in 0..40 {
        for preset in TablePreset::ALL {
            let agents = if seed % 2 == 0 {
                [Agent::Random; 4]
            } else {
                [Agent::Eager; 4]
            };
            play(preset.rules(), seed, agents);
        }
    }
}

#[test]
fn held_kinds_ok_matches_counts() {
    let mut rng = Xoshiro256::new(9);
    for _ in 0..2000 {
        let mut c = [0u8; 34];
        for x in &mut c {
            *x = rng.below(5) as u8 * u8::from(rng.below(3) == 0);
        }
        let want = TileCounts::from_array(c).kinds().bits();
        assert_eq!(held_kinds(&c), want, "{c:?}");
    }
}
