use super::*;
use crate::riichi::rules::Players;
use crate::table::wall::KyokuWall;
use crate::table::{Action, Event, Table, TablePreset, WallSource};
use crate::util::rng::Xoshiro256;

fn check_legal(table: &Table, seat: u8) {
    let legal = table.legal(seat);
    let mut seen = [false; ACTION_COUNT];
    for a in legal.iter() {
        let i = index_of(a);
        assert!(i < ACTION_COUNT, "{a:?} -> {i}");
        assert!(!seen[i], "two legal actions at {i}: {legal:?}");
        seen[i] = true;
        assert_eq!(action_at(i, &legal), Some(*a));
    }
    let mut m = [true; ACTION_COUNT];
    mask(&legal, &mut m);
    assert_eq!(m, seen);
    for (i, &on) in m.iter().enumerate() {
        if !on {
            assert_eq!(action_at(i, &legal), None);
        }
    }
}

#[test]
fn legal_actions_round_trip_and_mask_equals_the_legal_set() {
    let mut planes = vec![0f32; OBS_SIZE];
    for preset in [
        TablePreset::Tenhou,
        TablePreset::TenhouSanma,
        TablePreset::MahjongSoulSanma,
    ] {
        for seed in 0..12u64 {
            let mut table = Table::new(preset.rules(), WallSource::Seed(seed)).unwrap();
            let mut rng = Xoshiro256::new(seed);
            while !table.is_over() {
                let to_act = table.to_act();
                for seat in 0..4u8 {
                    if to_act & (1 << seat) != 0 {
                        check_legal(&table, seat);
                    }
                }
                let seat = to_act.trailing_zeros() as u8;
                observe(&table.observation(seat), &mut planes);
                assert!(planes.iter().all(|v| v.is_finite()));
                let legal = table.legal(seat);
                let a = legal[rng.below(legal.len() as u64) as usize];
                table.step(seat, a).unwrap();
            }
        }
    }
}

#[test]
fn indices_cover_the_space_once() {
    use crate::t;
    let five = t!(5m);
    let red = five.red().unwrap();
    let b = |t: crate::tile::Tile| t.black();
    let cases = [
        (
            Action::Discard {
                pai: b(t!(1m)),
                tsumogiri: false,
            },
            DISCARD,
        ),
        (
            Action::Discard {
                pai: red,
                tsumogiri: false,
            },
            DISCARD + 34,
        ),
        (
            Action::Discard {
                pai: b(t!(7z)),
                tsumogiri: true,
            },
            TSUMOGIRI + 33,
        ),
        (
            Action::Chi {
                consumed: [b(t!(3m)), b(t!(4m))],
                called: b(five),
            },
            CHI + 2,
        ),
        (
            Action::Chi {
                consumed: [b(t!(4m)), b(t!(6m))],
                called: red,
            },
            CHI + 1,
        ),
        (
            Action::Chi {
                consumed: [red, b(t!(6m))],
                called: b(t!(4m)),
            },
            CHI + 3,
        ),
        (
            Action::Pon {
                consumed: [red, b(five)],
                called: b(five),
            },
            PON + 1,
        ),
        (Action::OpenKan { called: b(t!(9s)) }, OPEN_KAN + 26),
        (Action::ClosedKan { tile: t!(7z) }, CLOSED_KAN + 33),
        (Action::AddedKan { pai: b(t!(1m)) }, ADDED_KAN),
        (Action::Pass, ACTION_COUNT - 1),
    ];
    for (a, i) in cases {
        assert_eq!(index_of(&a), i, "{a:?}");
    }
    let ranges = [
        (DISCARD, 37),
        (TSUMOGIRI, 37),
        (RIICHI, 1),
        (CHI, 6),
        (PON, 2),
        (OPEN_KAN, 34),
        (CLOSED_KAN, 34),
        (ADDED_KAN, 34),
        (KITA, 1),
        (TSUMO, 1),
        (RON, 1),
        (NINE_TERMINALS, 1),
        (PASS, 1),
    ];
    let mut next = 0;
    for (start, len) in ranges {
        assert_eq!(start, next);
        next += len;
    }
    assert_eq!(next, ACTION_COUNT);
}

/// The first tile a seat-to-act rule would throw: the tile just drawn, a pass on every
/// claim, a win when offered (so the play never depends on the concealed tiles except
/// through wins and claims, which end the comparison).
fn tsumogiri(legal: &[Action]) -> Action {
    legal
        .iter()
        .copied()
        .find(|a| {
            matches!(
                a,
                Action::Discard {
                    tsumogiri: true,
                    ..
                }
            )
        })
        .or_else(|| legal.iter().copied().find(|a| *a == Action::Pass))
        .unwrap_or(legal[legal.len() - 1])
}

fn hands(table: &Table) -> [[crate::tile::Pai; 13]; 4] {
    match table.events()[0] {
        Event::KyokuStart(k) => k.hands,
        _ => unreachable!(),
    }
}

#[test]
fn planes_do_not_depend_on_other_seats_hidden_tiles() {
    let mut compared = 0;
    for (preset, players) in [
        (TablePreset::Tenhou, Players::Four),
        (TablePreset::TenhouSanma, Players::Three),
    ] {
        for seed in 0..20u64 {
            let wall = KyokuWall::seeded(players, seed, 0);
            let plain = Table::new(preset.rules(), WallSource::Explicit(vec![wall])).unwrap();
            let base = hands(&plain);
            // Swap two wall tiles dealt to other seats, of different kinds.
            let mut found = None;
            'search: for i in 0..wall.len() {
                for j in i + 1..wall.len() {
                    let mut ids = wall.ids.as_slice().to_vec();
                    ids.swap(i, j);
                    let Ok(w) = KyokuWall::from_ids(players, &ids, wall.dice) else {
                        continue;
                    };
                    let t = Table::new(preset.rules(), WallSource::Explicit(vec![w])).unwrap();
                    let h = hands(&t);
                    let same_public = t.events().len() == plain.events().len()
                        && t.events()[1..] == plain.events()[1..]
                        && t.dora_indicators().as_slice() == plain.dora_indicators().as_slice();
                    if same_public && h[0] == base[0] && h != base {
                        found = Some(t);
                        break 'search;
                    }
                }
            }
            let mut other = found.expect("a swap among the other seats' dealt tiles");
            let mut table = plain;
            let mut a = vec![0f32; OBS_SIZE];
            let mut b = vec![0f32; OBS_SIZE];
            while !table.is_over() && table.to_act() == other.to_act() {
                observe(&table.observation(0), &mut a);
                observe(&other.observation(0), &mut b);
                assert_eq!(a, b, "seed {seed}");
                compared += 1;
                let seat = table.to_act().trailing_zeros() as u8;
                let (la, lb) = (table.legal(seat), other.legal(seat));
                let (x, y) = (tsumogiri(&la), tsumogiri(&lb));
                if x != y {
                    break;
                }
                let ea: Vec<Event> = table
                    .step(seat, x)
                    .unwrap()
                    .iter()
                    .map(|e| e.seen_by(0))
                    .collect();
                let eb: Vec<Event> = other
                    .step(seat, y)
                    .unwrap()
                    .iter()
                    .map(|e| e.seen_by(0))
                    .collect();
                if ea != eb || ea.iter().any(|e| matches!(e, Event::KyokuEnd { .. })) {
                    break;
                }
            }
        }
    }
    assert!(compared > 500, "only {compared} positions compared");
}

/// The byte planes are the float planes value for value, at every decision of every
/// seat of random games (four and three players, red fives, calls and kongs).
#[test]
fn byte_planes_are_the_float_planes() {
    let mut floats = vec![0f32; OBS_SIZE];
    let mut bytes = vec![7u8; BYTE_PLANES];
    let mut scalars = vec![7f32; 34];
    let mut checked = 0;
    for preset in [TablePreset::Tenhou, TablePreset::TenhouSanma] {
        for seed in 0..8u64 {
            let mut table = Table::new(preset.rules(), WallSource::Seed(seed)).unwrap();
            let mut rng = Xoshiro256::new(seed ^ 0x5eed);
            while !table.is_over() {
                for seat in 0..table.players() {
                    let obs = table.observation(seat);
                    observe(&obs, &mut floats);
                    observe_bytes(&obs, &mut bytes, &mut scalars);
                    for (i, (&b, &f)) in bytes.iter().zip(&floats).enumerate() {
                        assert_eq!(f32::from(b), f, "value {i}");
                    }
                    assert_eq!(scalars[..], floats[BYTE_PLANES..]);
                    checked += 1;
                }
                let seat = table.to_act().trailing_zeros() as u8;
                let legal = table.legal(seat);
                let a = legal[rng.below(legal.len() as u64) as usize];
                table.step(seat, a).unwrap();
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
    // Short buffers are left alone.
    let obs = Table::new(TablePreset::Tenhou.rules(), WallSource::Seed(1))
        .unwrap()
        .observation(0);
    let mut short = vec![9u8; BYTE_PLANES - 1];
    observe_bytes(&obs, &mut short, &mut scalars);
    assert!(short.iter().all(|&b| b == 9));
}
