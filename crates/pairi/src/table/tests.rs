//! Scenario tests of the table's rules, and random play.

use super::*;
use crate::riichi::rules::Players;
use crate::util::rng::Xoshiro256;

/// How an agent picks among the legal actions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Agent {
    /// Uniformly at random.
    Random,
    /// Wins when it can, declares riichi when it can, otherwise at random.
    Eager,
}

pub(crate) fn pick(
    agent: Agent,
    legal: &Legal,
    rng: &mut Xoshiro256,
    t: &Table,
    seat: Seat,
) -> Action {
    if agent == Agent::Eager {
        for want in [Action::Tsumo, Action::Ron, Action::Riichi] {
            if legal.contains(&want) {
                return want;
            }
        }
        if legal.contains(&Action::Pass) {
            return Action::Pass;
        }
        // A discard that keeps the least shanten.
        let h = &t.seats[usize::from(seat)].hand;
        if let Ok((_, keep)) = crate::shanten::keeping(h.concealed(), h.melds().len()) {
            let good: FixedList<Action, MAX_LEGAL> = legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Discard { pai, .. } if keep.contains(pai.tile())))
                .collect();
            if !good.is_empty() {
                return good[rng.below(good.len() as u64) as usize];
            }
        }
    }
    legal[rng.below(legal.len() as u64) as usize]
}

/// Plays a whole game; checks every step's invariants: points conserved, every seat
/// asked has a legal action, the direct legality check agrees with the list, each
/// observation shows the viewer's own tiles and no one else's. Returns the table at
/// the end and the number of steps.
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
        if steps % 7 == 0 {
            check_views(&t, &legal, seat);
        }
        let a = pick(agents[usize::from(seat)], &legal, &mut rng, &t, seat);
        let events = t.step(seat, a).unwrap_or_else(|e| panic!("{e}")).to_vec();
        for e in &events {
            for viewer in 0..n {
                match e.seen_by(viewer) {
                    Event::Draw { seat, pai } => assert_eq!(pai.is_some(), seat == viewer),
                    Event::KyokuStart(k) => assert_eq!(k.shown, 1 << viewer),
                    _ => {}
                }
            }
        }
        steps += 1;
        let sum: i32 = t.scores()[..usize::from(n)].iter().sum();
        let sticks = 1000 * t.riichi_sticks() as i32;
        if rules.leftover_sticks == LeftoverSticks::ToTop || !t.is_over() {
            assert_eq!(sum + sticks, total, "points conserved");
        }
        assert!(steps < 100_000, "the game ends");
    }
    assert!(t.legal(0).is_empty());
    assert_eq!(t.step(0, Action::Pass), Err(TableError::GameOver));
    (t, steps)
}

/// The direct legality check agrees with the list on every discard and pass; each
/// seat's observation holds its own concealed tiles and nobody else's.
fn check_views(t: &Table, legal: &Legal, seat: Seat) {
    for k in 0..37u8 {
        let p = if k < 34 {
            Tile::new_unchecked(k).black()
        } else {
            Tile::new_unchecked((k - 34) * 9 + 4).red().unwrap()
        };
        for tsumogiri in [false, true] {
            let a = Action::Discard { pai: p, tsumogiri };
            assert_eq!(t.is_legal(seat, a), legal.contains(&a), "{a:?}");
        }
    }
    assert_eq!(
        t.is_legal(seat, Action::Pass),
        legal.contains(&Action::Pass)
    );
    for viewer in 0..t.players() {
        let o = t.observation(viewer);
        let own = &t.seats[usize::from(viewer)].hand;
        assert_eq!(o.hand.len(), own.concealed_len());
        let mut c = TileCounts::new();
        for p in o.hand.iter() {
            c.add(p.tile());
        }
        assert_eq!(&c, own.concealed());
        assert_eq!(o.drawn, t.seats[usize::from(viewer)].drawn);
    }
}

#[test]
fn random_ok_games_end_and_conserve_points() {
    for seed in 0..12 {
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

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
    /// Random legal play with mixed agents (uniform, and eager to win and declare
    /// riichi) under every preset: no error, no leak, points conserved, every game
    /// ends, and eager agents win hands.
    #[test]
    fn random_ok_mixed_agents(seed in proptest::prelude::any::<u64>(), preset in 0..6usize, mix in 0..16u8) {
        let agents = [0, 1, 2, 3].map(|i| if mix & (1 << i) != 0 { Agent::Eager } else { Agent::Random });
        play(TablePreset::ALL[preset].rules(), seed, agents);
    }
}

#[test]
fn eager_ok_games_have_wins_and_riichi() {
    let (mut wins, mut riichi) = (0, 0);
    for seed in 0..6 {
        let mut t = Table::new(tenhou(), WallSource::Seed(seed)).unwrap();
        let mut rng = Xoshiro256::new(seed);
        while !t.is_over() {
            let seat = t.to_act().trailing_zeros() as Seat;
            let legal = t.legal(seat);
            let a = pick(Agent::Eager, &legal, &mut rng, &t, seat);
            for e in t.step(seat, a).unwrap() {
                match e {
                    Event::Win(_) => wins += 1,
                    Event::RiichiAccepted { .. } => riichi += 1,
                    _ => {}
                }
            }
        }
    }
    assert!(wins > 10 && riichi > 10, "{wins} wins, {riichi} riichi");
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

// ---- scenarios: an explicit wall, the actions, the legal sets and events ----

/// Tiles in order from MPSZ text (`123m0p5z`: 0 is a red five).
fn tiles(s: &str) -> Vec<Pai> {
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for ch in s.chars() {
        match ch {
            '0'..='9' => digits.push(ch as u8 - b'0'),
            'm' | 'p' | 's' | 'z' => {
                let base = match ch {
                    'm' => 0,
                    'p' => 9,
                    's' => 18,
                    _ => 27,
                };
                for &d in &digits {
                    let (n, red) = if d == 0 { (5, true) } else { (d, false) };
                    let t = Tile::new(base + n - 1).unwrap();
                    out.push(if red { t.red().unwrap() } else { t.black() });
                }
                digits.clear();
            }
            _ => {}
        }
    }
    out
}

fn pai(s: &str) -> Pai {
    tiles(s)[0]
}

/// A scenario's wall: each seat's 13 tiles (seat 0 deals first), the live draws in
/// order, the replacement draws, the dora indicators; every other place filled.
struct Scenario {
    rules: TableRules,
    hands: Vec<&'static str>,
    draws: &'static str,
    rinshan: &'static str,
    dora: &'static str,
    dealer: Seat,
    scores: Option<[i32; 4]>,
    round: Wind,
    honba: u32,
    sticks: u32,
    /// Seeded walls after the scenario's own, for the kyoku that follow it.
    more: u64,
}

impl Scenario {
    fn new(rules: TableRules, hands: &[&'static str], draws: &'static str) -> Scenario {
        Scenario {
            rules,
            hands: hands.to_vec(),
            draws,
            rinshan: "",
            dora: "",
            dealer: 0,
            scores: None,
            round: Wind::East,
            honba: 0,
            sticks: 0,
            more: 0,
        }
    }

    fn wall(&self) -> KyokuWall {
        let players = self.rules.scoring.players;
        let red = self.rules.scoring.red_fives;
        let ids = wall::tile_ids(players);
        let all = ids.as_slice();
        let len = all.len();
        let n = usize::from(players.count());
        let dead = wall::DeadWall::of(players);
        let mut free: Vec<u8> = all.to_vec();
        let mut slots: Vec<Option<u8>> = vec![None; len];
        let mut put = |slot: usize, p: Pai| {
            let i = free
                .iter()
                .position(|&id| wall::pai_of_id(id, red) == Some(p))
                .unwrap_or_else(|| panic!("no {p} left for the wall"));
            slots[slot] = Some(free.remove(i));
        };
        let hands: Vec<Vec<Pai>> = self.hands.iter().map(|h| tiles(h)).collect();
        let mut top = len - 1;
        let mut taken = vec![0usize; n];
        for round in 0..4 {
            let take = if round < 3 { 4 } else { 1 };
            for s in 0..n {
                let seat = (usize::from(self.dealer) + s) % n;
                for _ in 0..take {
                    put(top, hands[seat][taken[seat]]);
                    taken[seat] += 1;
                    top -= 1;
                }
            }
        }
        for p in tiles(self.draws) {
            put(top, p);
            top -= 1;
        }
        for (i, p) in tiles(self.rinshan).into_iter().enumerate() {
            put(usize::from(dead.replacements[i]), p);
        }
        for (i, p) in tiles(self.dora).into_iter().enumerate() {
            put(usize::from(dead.dora[i]), p);
        }
        // The rest in an order that deals no pattern: honours last drawn.
        let mut rest = free.into_iter();
        let ids: Vec<u8> = slots
            .into_iter()
            .map(|s| s.or_else(|| rest.next()).unwrap())
            .collect();
        KyokuWall::from_ids(players, &ids, [1, 1]).unwrap()
    }

    fn table(&self) -> Table {
        let n = self.rules.players();
        let mut scores = [0; 4];
        for x in scores.iter_mut().take(usize::from(n)) {
            *x = self.rules.start_points;
        }
        let setup = KyokuSetup {
            round: self.round,
            dealer: self.dealer,
            honba: self.honba,
            riichi_sticks: self.sticks,
            scores: self.scores.unwrap_or(scores),
            kyoku_index: 0,
        };
        let players = self.rules.scoring.players;
        let mut walls = vec![self.wall()];
        walls.extend((0..self.more).map(|k| KyokuWall::seeded(players, 99, k)));
        Table::starting_at(self.rules, WallSource::Explicit(walls), setup).unwrap()
    }
}

fn tenhou() -> TableRules {
    TablePreset::Tenhou.rules()
}

/// Plays `a` for `seat`; panics with the legal set when refused.
fn go(t: &mut Table, seat: Seat, a: Action) -> Vec<Event> {
    let legal = t.legal(seat);
    match t.step(seat, a) {
        Ok(ev) => ev.to_vec(),
        Err(e) => panic!("{e}; legal: {:?}", legal.as_slice()),
    }
}

/// Discards `p` from the hand, or as the tile just drawn when that is the only way.
fn dahai(t: &mut Table, seat: Seat, p: &str) -> Vec<Event> {
    let pai = pai(p);
    let legal = t.legal(seat);
    let a = legal
        .iter()
        .copied()
        .find(|&a| {
            a == Action::Discard {
                pai,
                tsumogiri: true,
            }
        })
        .or_else(|| {
            legal.iter().copied().find(|&a| {
                a == Action::Discard {
                    pai,
                    tsumogiri: false,
                }
            })
        })
        .unwrap_or_else(|| panic!("seat {seat} cannot discard {p}: {:?}", legal.as_slice()));
    go(t, seat, a)
}

/// Every seat asked to claim passes.
fn pass_all(t: &mut Table) -> Vec<Event> {
    let mut ev = Vec::new();
    while t.phase == Phase::Claims {
        let s = t.to_act().trailing_zeros() as Seat;
        ev.extend(go(t, s, Action::Pass));
    }
    ev
}

/// Everyone discards the tile drawn (and passes) until the kyoku ends.
fn run_out(t: &mut Table) -> Vec<Event> {
    let kyoku = t.kyoku_index;
    let mut ev = Vec::new();
    while t.kyoku_index == kyoku && !t.is_over() {
        if t.phase == Phase::Claims {
            ev.extend(pass_all(t));
            continue;
        }
        let s = t.turn;
        let d = t.seats[usize::from(s)].drawn;
        let a = match d {
            Some(pai) => Action::Discard {
                pai,
                tsumogiri: true,
            },
            None => t.legal(s)[0],
        };
        ev.extend(go(t, s, a));
    }
    ev
}

fn wins(ev: &[Event]) -> Vec<Win> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Win(w) => Some(*w),
            _ => None,
        })
        .collect()
}

fn drawn_hand(ev: &[Event]) -> Option<(DrawReason, [i32; 4])> {
    ev.iter().find_map(|e| match *e {
        Event::Ryukyoku { reason, deltas, .. } => Some((reason, deltas)),
        _ => None,
    })
}

fn has(t: &Table, seat: Seat, a: Action) -> bool {
    t.legal(seat).contains(&a)
}

/// Four hands that do nothing: scattered tiles, no pairs to pon, no runs.
const QUIET: [&str; 4] = [
    "159m159p159s1234z",
    "26m26p26s1234567z",
    "37m37p37s1234567z",
    "48m48p48s1234567z",
];

#[test]
fn scenario_ok_deal_draw_discard_and_exhaustive_draw() {
    let s = Scenario::new(tenhou(), &QUIET, "");
    let mut t = s.table();
    assert_eq!(t.to_act(), 1);
    assert_eq!(t.tiles_left(), 69);
    let o = t.observation(0);
    assert_eq!(o.hand.len(), 14);
    assert!(o.drawn.is_some());
    // Others see no tile of seat 0.
    let o1 = t.observation(1);
    assert_eq!(o1.hand.len(), 13);
    assert!(o1.drawn.is_none());
    let ev = run_out(&mut t);
    let (reason, deltas) = drawn_hand(&ev).unwrap();
    assert_eq!(reason, DrawReason::Exhaustive);
    assert_eq!(deltas, [0; 4]);
    // One wall given: the game ends where the walls do.
    assert!(t.is_over());
}

/// Filler hands far from ready, with no pair: they only discard what they draw.
const F0: &str = "2468m2468p1347z9m";
const F1: &str = "2468m2468p1347z9p";
const F2: &str = "13579m13579p246z";

#[test]
fn scenario_ok_riichi_conditions() {
    let s = Scenario::new(tenhou(), &["123m456p789s1122z", F0, F1, F2], "3z");
    // Ready after discarding 3z: riichi, and after it only that discard.
    let mut t = s.table();
    assert!(has(&t, 0, Action::Riichi));
    go(&mut t, 0, Action::Riichi);
    assert_eq!(
        t.legal(0).as_slice(),
        &[Action::Discard {
            pai: pai("3z"),
            tsumogiri: true
        }]
    );
    let ev = dahai(&mut t, 0, "3z");
    let ev = [ev, pass_all(&mut t)].concat();
    assert!(ev.contains(&Event::RiichiAccepted { seat: 0 }));
    assert_eq!(t.scores()[0], 24_000);
    assert_eq!(t.riichi_sticks(), 1);
    assert!(t.observation(2).riichi[0]);
    // Below 1000 points: no riichi.
    let mut low = Scenario::new(tenhou(), &["123m456p789s1122z", F0, F1, F2], "3z");
    low.scores = Some([900, 25_000, 25_000, 25_000]);
    assert!(!has(&low.table(), 0, Action::Riichi));
    // Fewer than four tiles left in the live wall: no riichi.
    let mut t = s.table();
    let kyoku = t.kyoku_index;
    while t.kyoku_index == kyoku && !t.is_over() {
        if t.phase == Phase::Turn && t.turn == 0 {
            assert_eq!(
                has(&t, 0, Action::Riichi),
                t.tiles_left() >= 4,
                "{}",
                t.tiles_left()
            );
        }
        if t.phase == Phase::Claims {
            pass_all(&mut t);
        } else {
            let s = t.turn;
            let d = t.seats[usize::from(s)].drawn.unwrap();
            go(
                &mut t,
                s,
                Action::Discard {
                    pai: d,
                    tsumogiri: true,
                },
            );
        }
    }
}

/// Riichi needs a draw left after the declaration: 4 tiles in the live wall with four
/// players, 3 with three (ja.wikipedia 立直, 条件: 王牌を除いて4枚、三人麻雀では3枚).
#[test]
fn scenario_ok_riichi_tiles_left_by_players() {
    for (preset, hands, least) in [
        (
            TablePreset::TenhouSanma,
            vec![
                "111m456p789s1122z",
                "19m2468p2468s357z",
                "9m13579p1357s667z",
            ],
            3,
        ),
        (
            TablePreset::MahjongSoulSanma,
            vec![
                "111m456p789s1122z",
                "19m2468p2468s357z",
                "9m13579p1357s667z",
            ],
            3,
        ),
        (
            TablePreset::Tenhou,
            vec!["123m456p789s1122z", F0, F1, F2],
            4,
        ),
    ] {
        assert_eq!(preset.rules().riichi_min_tiles, least);
        let s = Scenario::new(preset.rules(), &hands, "3z");
        let mut t = s.table();
        let kyoku = t.kyoku_index;
        let mut seen = [false; 2];
        while t.kyoku_index == kyoku && !t.is_over() {
            if t.phase == Phase::Turn && t.turn == 0 {
                let left = t.tiles_left();
                assert_eq!(
                    has(&t, 0, Action::Riichi),
                    left >= least,
                    "{preset:?}, {left} left"
                );
                seen[usize::from(left >= least)] = true;
            }
            if t.phase == Phase::Claims {
                pass_all(&mut t);
            } else {
                let s = t.turn;
                let d = t.seats[usize::from(s)].drawn.unwrap();
                go(
                    &mut t,
                    s,
                    Action::Discard {
                        pai: d,
                        tsumogiri: true,
                    },
                );
            }
        }
        assert!(
            seen[0] && seen[1],
            "{preset:?}: both sides of the limit seen"
        );
    }
}

/// Seat 3 waits on 6s and 9s with a white-dragon triplet (a yaku for any win).
const WAITS_69S: &str = "123m456p78s55522z";

#[test]
fn scenario_ok_furiten_permanent_temporary_riichi() {
    // Permanent: seat 3 discards its own wait 9s, then cannot ron 6s; tsumo stays.
    let s = Scenario::new(tenhou(), &[F0, F1, F2, WAITS_69S], "1s2s3s9s4s6s7s6s");
    let mut t = s.table();
    dahai(&mut t, 0, "1s");
    pass_all(&mut t);
    dahai(&mut t, 1, "2s");
    pass_all(&mut t);
    dahai(&mut t, 2, "3s");
    pass_all(&mut t);
    assert!(has(&t, 3, Action::Tsumo));
    dahai(&mut t, 3, "9s");
    assert_eq!(t.to_act(), 1, "nobody claims 9s");
    dahai(&mut t, 0, "4s");
    dahai(&mut t, 1, "6s");
    assert_eq!(t.to_act() & 8, 0, "furiten: no ron on 6s");
    pass_all(&mut t);
    dahai(&mut t, 2, "7s");
    pass_all(&mut t);
    assert!(has(&t, 3, Action::Tsumo), "tsumo in furiten");

    // Temporary: a ron passed on 9s blocks 6s until seat 3's own discard.
    let s = Scenario::new(tenhou(), &[F0, F1, F2, WAITS_69S], "9s6s1s2s6s");
    let mut t = s.table();
    dahai(&mut t, 0, "9s");
    assert!(has(&t, 3, Action::Ron));
    go(&mut t, 3, Action::Pass);
    pass_all(&mut t);
    dahai(&mut t, 1, "6s");
    assert!(!has(&t, 3, Action::Ron), "temporary furiten");
    pass_all(&mut t);
    dahai(&mut t, 2, "1s");
    pass_all(&mut t);
    dahai(&mut t, 3, "2s");
    pass_all(&mut t);
    dahai(&mut t, 0, "6s");
    assert!(
        has(&t, 3, Action::Ron),
        "furiten ends with the seat's discard"
    );

    // Riichi: a ron passed after riichi blocks every later ron.
    let s = Scenario::new(tenhou(), &[F0, F1, F2, WAITS_69S], "1s2s3s1p9s6s7s2p6s");
    let mut t = s.table();
    for (seat, p) in [(0, "1s"), (1, "2s"), (2, "3s")] {
        dahai(&mut t, seat, p);
        pass_all(&mut t);
    }
    go(&mut t, 3, Action::Riichi);
    dahai(&mut t, 3, "1p");
    pass_all(&mut t);
    dahai(&mut t, 0, "9s");
    go(&mut t, 3, Action::Pass);
    pass_all(&mut t);
    dahai(&mut t, 1, "6s");
    assert!(!has(&t, 3, Action::Ron));
    pass_all(&mut t);
    dahai(&mut t, 2, "7s");
    pass_all(&mut t);
    dahai(&mut t, 3, "2p");
    pass_all(&mut t);
    dahai(&mut t, 0, "6s");
    assert!(!has(&t, 3, Action::Ron), "riichi furiten stays");
}

#[test]
fn scenario_ok_kuikae() {
    // Seat 1 chis 3m with 45m: 3m and 6m may not be discarded right after; seat 2
    // pons 9p: 9p may not be discarded.
    let s = Scenario::new(
        tenhou(),
        &[
            "13m1p1z2z3z4z5z6z7z7z7z6z",
            "4566m12p33s789s11z",
            "99p1234m567s1289s",
            F2,
        ],
        "3m",
    );
    let mut t = s.table();
    dahai(&mut t, 0, "3m");
    let chi = Action::Chi {
        consumed: [pai("4m"), pai("5m")],
        called: pai("3m"),
    };
    assert!(has(&t, 1, chi));
    go(&mut t, 1, chi);
    pass_all(&mut t);
    let legal = t.legal(1);
    assert!(!legal.iter().any(
        |a| matches!(a, Action::Discard { pai: p, .. } if *p == pai("3m") || *p == pai("6m"))
    ));
    assert!(legal.contains(&Action::Discard {
        pai: pai("1p"),
        tsumogiri: false
    }));
    assert!(!legal.contains(&Action::Riichi) && !legal.contains(&Action::Tsumo));
    dahai(&mut t, 1, "1p");
    pass_all(&mut t);
}

#[test]
fn scenario_ok_call_priorities() {
    // Seat 0 discards 5p: seat 1 can chi (46p), seat 2 can pon (55p), seat 3 can ron
    // (tanki on 5p with a white-dragon triplet). Ron beats pon beats chi.
    let hands = [
        "5p1s2s3s4s6s7s8s9s1z2z3z4z",
        "46p13579m1357s9p6z",
        "55p2468m2468s19p7z",
        "123m789m123p555z0p",
    ];
    let build = || Scenario::new(tenhou(), &hands, "6z").table();
    let chi = Action::Chi {
        consumed: [pai("4p"), pai("6p")],
        called: pai("5p"),
    };
    let pon = Action::Pon {
        consumed: [pai("5p"), pai("5p")],
        called: pai("5p"),
    };
    let mut t = build();
    dahai(&mut t, 0, "5p");
    assert!(has(&t, 1, chi) && has(&t, 2, pon) && has(&t, 3, Action::Ron));
    go(&mut t, 1, chi);
    go(&mut t, 2, pon);
    let ev = go(&mut t, 3, Action::Ron);
    let w = wins(&ev);
    assert_eq!((w.len(), w[0].seat, w[0].from), (1, 3, 0));
    // Without the ron, the pon is made, not the chi.
    let mut t = build();
    dahai(&mut t, 0, "5p");
    go(&mut t, 1, chi);
    go(&mut t, 3, Action::Pass);
    let ev = go(&mut t, 2, pon);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Call {
            kind: CallKind::Pon,
            seat: 2,
            from: 0,
            ..
        }
    )));
    assert_eq!((t.turn, t.to_act()), (2, 4));
    // Only the chi: made.
    let mut t = build();
    dahai(&mut t, 0, "5p");
    go(&mut t, 2, Action::Pass);
    go(&mut t, 3, Action::Pass);
    let ev = go(&mut t, 1, chi);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Call {
            kind: CallKind::Chi,
            seat: 1,
            ..
        }
    )));
}

/// Seats 1, 2 and 3 each wait on 9s alone, each with a dragon triplet for a yaku.
const RON_9S: [&str; 4] = [
    "9s2468m2468p1234z",
    "123m456m789m555z9s",
    "123p456p789p666z9s",
    "234s567s777z111p9s",
];

#[test]
fn scenario_ok_double_and_triple_ron_per_preset() {
    let ronners = |rules: TableRules, who: &[Seat]| {
        let mut s = Scenario::new(rules, &RON_9S, "6z");
        s.sticks = 1;
        s.honba = 2;
        let mut t = s.table();
        dahai(&mut t, 0, "9s");
        assert_eq!(t.to_act(), 0b1110);
        let mut ev = Vec::new();
        for seat in 1..4 {
            let a = if who.contains(&seat) {
                Action::Ron
            } else {
                Action::Pass
            };
            ev.extend(go(&mut t, seat, a));
        }
        ev
    };
    // Tenhou: two winners; the riichi stick and the honba go to the first after the
    // discarder.
    let ev = ronners(tenhou(), &[2, 3]);
    let w = wins(&ev);
    assert_eq!(w.iter().map(|w| w.seat).collect::<Vec<_>>(), [2, 3]);
    assert_eq!(w[0].deltas[2], w[0].points as i32 + 1000);
    assert_eq!(w[1].deltas[3], w[1].points as i32);
    assert_eq!(
        w[0].deltas[0] + w[1].deltas[0],
        -((w[0].points + w[1].points) as i32)
    );
    // Tenhou: three claimants abort the hand.
    let ev = ronners(tenhou(), &[1, 2, 3]);
    assert!(wins(&ev).is_empty());
    assert_eq!(drawn_hand(&ev).unwrap().0, DrawReason::TripleRon);
    // Mahjong Soul: three winners.
    let ev = ronners(TablePreset::MahjongSoul.rules(), &[1, 2, 3]);
    assert_eq!(wins(&ev).len(), 3);
    // Head bump: only the first in turn order wins.
    let head = TableRules {
        multi_ron: MultiRon::HeadBump,
        ..tenhou()
    };
    let ev = ronners(head, &[2, 3]);
    assert_eq!(wins(&ev).iter().map(|w| w.seat).collect::<Vec<_>>(), [2]);
}

#[test]
fn scenario_ok_chankan_and_added_kan() {
    let hands = [
        "7p2468m2468p3z4z5z7z",
        "77p2468s13579s56z",
        "68p123m456m789m11z",
        "13579m1359p246z7z",
    ];
    let s = Scenario::new(tenhou(), &hands, "1z2z3z4z7p");
    let setup = |s: &Scenario| {
        let mut t = s.table();
        dahai(&mut t, 0, "7p");
        let pon = Action::Pon {
            consumed: [pai("7p"), pai("7p")],
            called: pai("7p"),
        };
        go(&mut t, 1, pon);
        pass_all(&mut t);
        dahai(&mut t, 1, "5z");
        pass_all(&mut t);
        for seat in [2, 3, 0] {
            let d = t.seats[usize::from(seat)].drawn.unwrap();
            go(
                &mut t,
                seat,
                Action::Discard {
                    pai: d,
                    tsumogiri: true,
                },
            );
            pass_all(&mut t);
        }
        let kan = Action::AddedKan { pai: pai("7p") };
        assert!(has(&t, 1, kan));
        go(&mut t, 1, kan);
        t
    };
    let mut t = setup(&s);
    // Seat 2 waits on 7p with 68p: only ron or pass.
    assert_eq!(t.legal(2).as_slice(), &[Action::Ron, Action::Pass]);
    let w = wins(&go(&mut t, 2, Action::Ron));
    assert_eq!((w[0].seat, w[0].from), (2, 1));
    assert!(w[0].yaku.iter().any(|y| y.yaku == Yaku::Chankan));
    // Not robbed: the kong completes, its indicator waits for the discard (Tenhou),
    // the replacement tile is drawn.
    let mut t = setup(&s);
    let ev = go(&mut t, 2, Action::Pass);
    assert!(matches!(ev.as_slice(), [Event::Draw { seat: 1, .. }]));
    assert_eq!(t.dora_indicators().len(), 1);
    let d = t.seats[1].drawn.unwrap();
    let ev = go(
        &mut t,
        1,
        Action::Discard {
            pai: d,
            tsumogiri: true,
        },
    );
    assert!(matches!(ev[0], Event::Dora { .. }));
    assert_eq!(t.dora_indicators().len(), 2);
}

/// Seat 1 waits on East for thirteen orphans; seat 0 holds three East and draws the
/// fourth.
const KOKUSHI: [&str; 4] = [
    "111z2468m2468p35s",
    "19m19p19s2345677z",
    "2345m2345p2345s8m",
    "6788m6788p678s6s9p",
];

#[test]
fn scenario_ok_kokushi_robs_a_closed_kong_per_preset() {
    for (preset, robs) in [
        (TablePreset::Tenhou, false),
        (TablePreset::MahjongSoul, true),
    ] {
        let mut s = Scenario::new(preset.rules(), &KOKUSHI, "1z");
        s.rinshan = "9m";
        let mut t = s.table();
        let ev = go(&mut t, 0, Action::ClosedKan { tile: Tile::EAST });
        if robs {
            assert_eq!(t.legal(1).as_slice(), &[Action::Ron, Action::Pass]);
            let w = wins(&go(&mut t, 1, Action::Ron));
            assert!(w[0].yakuman >= 1);
        } else {
            assert!(t.legal(1).is_empty());
            // The closed kong's indicator at once, then the replacement draw.
            assert!(matches!(ev[1], Event::Dora { .. }));
            assert!(matches!(ev[2], Event::Draw { seat: 0, .. }));
        }
    }
}

#[test]
fn scenario_ok_rinshan() {
    let mut s = Scenario::new(tenhou(), &["555z123m456p78s99s", F0, F1, F2], "5z");
    s.rinshan = "6s";
    let mut t = s.table();
    go(&mut t, 0, Action::ClosedKan { tile: Tile::WHITE });
    assert!(has(&t, 0, Action::Tsumo));
    let w = wins(&go(&mut t, 0, Action::Tsumo));
    assert!(w[0].yaku.iter().any(|y| y.yaku == Yaku::RinshanKaihou));
}

#[test]
fn scenario_ok_ippatsu_ended_by_a_call() {
    let s = Scenario::new(
        tenhou(),
        &[
            "123m456p789s1122z",
            "7p2468m13579s6z45p",
            "77p2468m13579s7z3z",
            F2,
        ],
        "3z4z",
    );
    let mut t = s.table();
    go(&mut t, 0, Action::Riichi);
    dahai(&mut t, 0, "3z");
    pass_all(&mut t);
    assert!(t.seats[0].ippatsu && t.seats[0].double_riichi);
    dahai(&mut t, 1, "7p");
    let pon = Action::Pon {
        consumed: [pai("7p"), pai("7p")],
        called: pai("7p"),
    };
    go(&mut t, 2, pon);
    pass_all(&mut t);
    assert!(!t.seats[0].ippatsu, "a call ends ippatsu");
}

#[test]
fn scenario_ok_double_riichi_only_on_the_first_turn() {
    // Seat 0's first discard is not a riichi: its next riichi is a plain one.
    let s = Scenario::new(tenhou(), &["123m456p789s1122z", F0, F1, F2], "5s6s7s8s3z");
    let mut t = s.table();
    dahai(&mut t, 0, "5s");
    pass_all(&mut t);
    for seat in 1..4 {
        let d = t.seats[usize::from(seat)].drawn.unwrap();
        go(
            &mut t,
            seat,
            Action::Discard {
                pai: d,
                tsumogiri: true,
            },
        );
        pass_all(&mut t);
    }
    go(&mut t, 0, Action::Riichi);
    assert!(!t.seats[0].double_riichi);
}

#[test]
fn scenario_ok_tenhou_and_chiihou() {
    let s = Scenario::new(tenhou(), &["123m456p789s5566z", F0, F1, F2], "5z");
    let mut t = s.table();
    let w = wins(&go(&mut t, 0, Action::Tsumo));
    assert!(w[0].yaku.iter().any(|y| y.yaku == Yaku::Tenhou));
    assert_eq!(w[0].deltas, [48_000, -16_000, -16_000, -16_000]);
    let s = Scenario::new(tenhou(), &[F0, "123m456p789s5566z", F1, F2], "3s5z");
    let mut t = s.table();
    dahai(&mut t, 0, "3s");
    pass_all(&mut t);
    let w = wins(&go(&mut t, 1, Action::Tsumo));
    assert!(w[0].yaku.iter().any(|y| y.yaku == Yaku::Chiihou));
    assert_eq!(w[0].deltas, [-16_000, 32_000, -8_000, -8_000]);
}

#[test]
fn scenario_ok_nine_terminals() {
    let hands = ["19m19p19s1234z246m", "2468p2468s3579m7z", F1, F2];
    let mut t = Scenario::new(tenhou(), &hands, "5z").table();
    assert!(has(&t, 0, Action::NineTerminals));
    let ev = go(&mut t, 0, Action::NineTerminals);
    assert_eq!(drawn_hand(&ev), Some((DrawReason::NineTerminals, [0; 4])));
    // Not after the first go-around.
    let mut t = Scenario::new(tenhou(), &hands, "5z").table();
    dahai(&mut t, 0, "5z");
    pass_all(&mut t);
    assert!(!t.legal(1).contains(&Action::NineTerminals));
}

#[test]
fn scenario_ok_four_winds() {
    let hands = [
        "1z2468m2468p1357s",
        "1z2468m2468p1357s",
        "1z3579m3579p2468s",
        "1z3579m3579p2468s",
    ];
    let s = Scenario::new(tenhou(), &hands, "9m9m9p9p");
    let mut t = s.table();
    let mut ev = Vec::new();
    for seat in 0..4 {
        ev.extend(dahai(&mut t, seat, "1z"));
        ev.extend(pass_all(&mut t));
    }
    assert_eq!(drawn_hand(&ev).unwrap().0, DrawReason::FourWinds);
}

#[test]
fn scenario_ok_four_riichi() {
    let hands = [
        "123m456p789s1122z",
        "123p456s789m3344z",
        "123s456m789p5566z",
        "456m456p456s99m12s",
    ];
    let mut s = Scenario::new(tenhou(), &hands, "3z5z7z6z");
    s.more = 1;
    let mut t = s.table();
    let mut ev = Vec::new();
    for (seat, p) in [(0, "3z"), (1, "5z"), (2, "7z"), (3, "6z")] {
        go(&mut t, seat, Action::Riichi);
        ev.extend(dahai(&mut t, seat, p));
        ev.extend(pass_all(&mut t));
    }
    assert_eq!(drawn_hand(&ev).unwrap().0, DrawReason::FourRiichi);
    assert_eq!(t.riichi_sticks(), 4);
}

#[test]
fn scenario_ok_four_kans() {
    let hands = [
        "111z222z333z44z55z",
        "666z2468m2468p13s",
        "13579m13579p189s",
        "2457s24578m3579p",
    ];
    let mut s = Scenario::new(tenhou(), &hands, "1z");
    s.rinshan = "2z3z6z7z";
    let mut t = s.table();
    go(&mut t, 0, Action::ClosedKan { tile: Tile::EAST });
    go(&mut t, 0, Action::ClosedKan { tile: Tile::SOUTH });
    go(&mut t, 0, Action::ClosedKan { tile: Tile::WEST });
    dahai(&mut t, 0, "6z");
    go(&mut t, 1, Action::OpenKan { called: pai("6z") });
    pass_all(&mut t);
    // A fifth kong is never offered; the next discard passing aborts the hand.
    let ev = [dahai(&mut t, 1, "7z"), pass_all(&mut t)].concat();
    assert_eq!(drawn_hand(&ev).unwrap().0, DrawReason::FourKans);
}

#[test]
fn scenario_ok_tenpai_payments_and_renchan() {
    let mut s = Scenario::new(tenhou(), &["123m456p789s1122z", F0, F1, F2], "");
    s.more = 1;
    let mut t = s.table();
    let ev = run_out(&mut t);
    let (reason, deltas) = drawn_hand(&ev).unwrap();
    assert_eq!(
        (reason, deltas),
        (DrawReason::Exhaustive, [3000, -1000, -1000, -1000])
    );
    // The dealer was ready: it keeps the seat, one more honba.
    assert_eq!(t.round(), (Wind::East, 0, 1));
    // Seat 3 alone ready under another dealer: the seat moves on, honba still rise.
    let mut s = Scenario::new(tenhou(), &[F0, F1, F2, "123m456p789s1122z"], "");
    s.more = 1;
    let mut t = s.table();
    let ev = run_out(&mut t);
    assert_eq!(drawn_hand(&ev).unwrap().1, [-1000, -1000, -1000, 3000]);
    assert_eq!(t.round(), (Wind::East, 1, 1));
}

#[test]
fn scenario_ok_nagashi_mangan() {
    // Seat 1 draws only terminals and honours and discards them all.
    let rules = tenhou();
    let hands = [
        "2345m2345p2345s6m",
        "2345m2345p2345s6p",
        "6778m6778p6778s6s",
        "6s6s7s8s3m3p3s4m4p4s6m6p8m",
    ];
    let used: Vec<Pai> = hands.iter().flat_map(|h| tiles(h)).collect();
    let mut left: Vec<Pai> = wall::tile_ids(Players::Four)
        .as_slice()
        .iter()
        .map(|&id| wall::pai_of_id(id, rules.scoring.red_fives).unwrap())
        .collect();
    for p in &used {
        let i = left.iter().position(|q| q == p).unwrap();
        left.remove(i);
    }
    let (mut orphans, mut simples): (Vec<Pai>, Vec<Pai>) = left
        .into_iter()
        .partition(|p| p.tile().is_terminal_or_honor());
    let mut draws = Vec::new();
    for i in 0..70 {
        draws.push(
            if i % 4 == 1 {
                orphans.pop()
            } else {
                simples.pop()
            }
            .or_else(|| orphans.pop())
            .unwrap(),
        );
    }
    let text: String = draws
        .iter()
        .map(|p| {
            format!(
                "{}{}",
                if p.is_red() { 0 } else { p.tile().number() },
                p.tile().suit().letter()
            )
        })
        .collect();
    let text: &'static str = Box::leak(text.into_boxed_str());
    let s = Scenario::new(rules, &hands, text);
    let mut t = s.table();
    let ev = run_out(&mut t);
    let (reason, deltas) = drawn_hand(&ev).unwrap();
    assert_eq!(reason, DrawReason::NagashiMangan);
    assert_eq!(deltas, [-4000, 8000, -2000, -2000]);
}

#[test]
fn scenario_ok_pao_daisangen() {
    let hands = [
        "567z2468m2468s35p",
        "55z66z77z123m9m1p4p7p",
        "13579p2468p13z98s",
        "13579p2468p24z98s",
    ];
    let s = Scenario::new(tenhou(), &hands, "1s2s3s1s2s3s1s2s3s4s9m");
    let mut t = s.table();
    let turn = |t: &mut Table, seat: Seat, p: Option<&str>| {
        match p {
            Some(p) => dahai(t, seat, p),
            None => {
                let d = t.seats[usize::from(seat)].drawn.unwrap();
                go(
                    t,
                    seat,
                    Action::Discard {
                        pai: d,
                        tsumogiri: true,
                    },
                )
            }
        };
        pass_all(t);
    };
    for (dragon, out) in [("5z", "1p"), ("6z", "4p"), ("7z", "7p")] {
        dahai(&mut t, 0, dragon);
        let pon = Action::Pon {
            consumed: [pai(dragon), pai(dragon)],
            called: pai(dragon),
        };
        go(&mut t, 1, pon);
        pass_all(&mut t);
        turn(&mut t, 1, Some(out));
        turn(&mut t, 2, None);
        turn(&mut t, 3, None);
    }
    assert_eq!(t.seats[1].pao, Some((0, Yaku::Daisangen)));
    turn(&mut t, 0, None);
    let w = wins(&go(&mut t, 1, Action::Tsumo));
    assert_eq!(w[0].pao, Some(0));
    assert_eq!(w[0].deltas, [-32_000, 32_000, 0, 0]);
}

#[test]
fn scenario_ok_game_flow() {
    // A dealer's win keeps the seat and adds a honba; a non-dealer's moves it on.
    let mut s = Scenario::new(tenhou(), &["123m456p789s5566z", F0, F1, F2], "5z");
    s.more = 1;
    let mut t = s.table();
    go(&mut t, 0, Action::Tsumo);
    assert_eq!(t.round(), (Wind::East, 0, 1));
    let mut s = Scenario::new(tenhou(), &[F0, "123m456p789s5566z", F1, F2], "3s5z");
    s.more = 1;
    s.honba = 3;
    let mut t = s.table();
    dahai(&mut t, 0, "3s");
    pass_all(&mut t);
    go(&mut t, 1, Action::Tsumo);
    assert_eq!(t.round(), (Wind::East, 1, 0));
    // Bust: a score below zero ends the game.
    let mut s = Scenario::new(tenhou(), &["123m456p789s5566z", F0, F1, F2], "5z");
    s.more = 1;
    s.scores = Some([25_000, 5_000, 35_000, 35_000]);
    let mut t = s.table();
    let ev = go(&mut t, 0, Action::Tsumo);
    assert!(t.is_over());
    assert!(matches!(ev.last(), Some(Event::GameEnd { .. })));
    // Agari-yame: South 4's dealer wins and is first with 30 000 or more.
    let mut s = Scenario::new(tenhou(), &[F0, F1, F2, "123m456p789s5566z"], "5z");
    s.more = 1;
    s.round = Wind::South;
    s.dealer = 3;
    s.scores = Some([20_000, 20_000, 20_000, 40_000]);
    let mut t = s.table();
    let ev = go(&mut t, 3, Action::Tsumo);
    let Some(&Event::GameEnd {
        scores,
        places,
        results,
    }) = ev.last()
    else {
        panic!("the game goes on: {ev:?}");
    };
    assert_eq!(scores, [4_000, 4_000, 4_000, 88_000]);
    assert_eq!(places, [2, 3, 4, 1]);
    // Uma 20/10/-10/-20, oka 20 000 to the first, 30 000 returned.
    assert_eq!(results, [-16_000, -36_000, -46_000, 98_000]);
    // The west extension: South 4 ends with nobody at 30 000 (seat 0 alone ready:
    // 28 000): West 1 is dealt.
    let mut s = Scenario::new(tenhou(), &["123m456p789s1122z", F0, F1, F2], "");
    s.more = 1;
    s.round = Wind::South;
    s.dealer = 3;
    let mut t = s.table();
    run_out(&mut t);
    assert_eq!(t.scores(), [28_000, 24_000, 24_000, 24_000]);
    assert_eq!(t.round(), (Wind::West, 0, 1));
    // With 30 000 reached the game ends there instead.
    s.scores = Some([27_000, 25_000, 25_000, 23_000]);
    let mut t = s.table();
    run_out(&mut t);
    assert!(t.is_over());
    // In the extension, the first kyoku that ends with 30 000 reached ends the game.
    s.round = Wind::West;
    s.dealer = 0;
    s.scores = Some([27_000, 25_000, 25_000, 23_000]);
    let mut t = s.table();
    run_out(&mut t);
    assert!(t.is_over());
}

#[test]
fn scenario_ok_kita_replacement_ron_and_ippatsu_per_preset() {
    let hands = [
        "4z123p456p789p123s",
        "123s456s789s11m99m",
        "777p888s555z666z4z",
    ];
    let kept = TableRules {
        kita_ends_ippatsu: false,
        ..TablePreset::MahjongSoulSanma.rules()
    };
    for (rules, ends) in [
        (TablePreset::TenhouSanma.rules(), true),
        (TablePreset::MahjongSoulSanma.rules(), true),
        (kept, false),
    ] {
        let mut s = Scenario::new(rules, &hands, "9p5z6s2s");
        s.rinshan = "1p";
        // Kita, its replacement draw, a ron on it.
        let mut t = s.table();
        assert!(has(&t, 0, Action::Kita));
        go(&mut t, 0, Action::Kita);
        assert_eq!(t.legal(2).as_slice(), &[Action::Ron, Action::Pass]);
        let w = wins(&go(&mut t, 2, Action::Ron));
        assert_eq!((w[0].seat, w[0].from, w[0].pai), (2, 0, pai("4z")));
        assert!(!w[0].yaku.iter().any(|y| y.yaku == Yaku::Chankan));
        // A kita passed without a ron: the replacement draw; another seat's riichi
        // loses its ippatsu by the preset.
        let mut t = s.table();
        dahai(&mut t, 0, "9p");
        pass_all(&mut t);
        go(&mut t, 1, Action::Riichi);
        dahai(&mut t, 1, "5z");
        pass_all(&mut t);
        assert!(t.seats[1].ippatsu);
        dahai(&mut t, 2, "6s");
        pass_all(&mut t);
        go(&mut t, 0, Action::Kita);
        let ev = pass_all(&mut t);
        assert!(
            matches!(ev.as_slice(), [Event::Draw { seat: 0, pai: Some(p) }] if *p == pai("1p"))
        );
        assert_eq!(t.observation(1).kita[0], 1);
        assert_eq!(t.seats[1].ippatsu, !ends, "{rules:?}");
    }
}

#[test]
fn scenario_ok_own_kita_ends_ippatsu_rinshan_win_without_it() {
    // Seat 1 declares riichi on its first draw (1m-9m wait), draws a North on its
    // ippatsu turn, sets it aside and wins on the replacement tile: rinshan, never
    // ippatsu, whatever the rules say of the others' ippatsu.
    let hands = [
        "4z123p456p789p123s",
        "123s456s789s11m99m",
        "777p888s555z666z4z",
    ];
    let kept = TableRules {
        kita_ends_ippatsu: false,
        ..TablePreset::MahjongSoulSanma.rules()
    };
    for rules in [
        TablePreset::TenhouSanma.rules(),
        TablePreset::MahjongSoulSanma.rules(),
        kept,
    ] {
        let mut s = Scenario::new(rules, &hands, "9p5z6s2s4z");
        s.rinshan = "1m";
        let mut t = s.table();
        dahai(&mut t, 0, "9p");
        pass_all(&mut t);
        go(&mut t, 1, Action::Riichi);
        dahai(&mut t, 1, "5z");
        pass_all(&mut t);
        dahai(&mut t, 2, "6s");
        pass_all(&mut t);
        dahai(&mut t, 0, "2s");
        pass_all(&mut t);
        assert!(t.seats[1].ippatsu);
        assert!(has(&t, 1, Action::Kita));
        go(&mut t, 1, Action::Kita);
        pass_all(&mut t);
        assert!(!t.seats[1].ippatsu, "{rules:?}");
        assert!(has(&t, 1, Action::Tsumo));
        let w = wins(&go(&mut t, 1, Action::Tsumo));
        let yaku: Vec<Yaku> = w[0].yaku.iter().map(|y| y.yaku).collect();
        assert!(yaku.contains(&Yaku::RinshanKaihou), "{yaku:?}");
        assert!(!yaku.contains(&Yaku::Ippatsu), "{yaku:?}");
    }
}

#[test]
fn scenario_ok_seen_by_hides_other_draws_and_deals() {
    let t = Scenario::new(tenhou(), &QUIET, "").table();
    let start = t.events()[0];
    let Event::KyokuStart(k) = start.seen_by(2) else {
        panic!("{start:?}");
    };
    assert_eq!(k.shown, 1 << 2);
    assert_eq!(k.hands[0], [Pai::default(); 13]);
    assert_ne!(k.hands[2], [Pai::default(); 13]);
    assert_eq!(t.events()[1].seen_by(1), Event::Draw { seat: 0, pai: None });
    assert!(matches!(
        t.events()[1].seen_by(0),
        Event::Draw {
            seat: 0,
            pai: Some(_)
        }
    ));
}

#[test]
fn sizes_ok_small_values() {
    assert!(core::mem::size_of::<Action>() <= 8);
    assert!(core::mem::size_of::<Legal>() <= 8 * MAX_LEGAL + 8);
}

#[test]
fn step_err_illegal_actions_leave_the_table_unchanged() {
    let s = Scenario::new(tenhou(), &["123m456p789s1122z", F0, F1, F2], "3z");
    let mut t = s.table();
    let view = |t: &Table| {
        format!(
            "{:?} {:?} {:?}",
            t.observation(0),
            t.observation(1),
            t.legal(0)
        )
    };
    let before = view(&t);
    for (seat, a) in [
        (
            1,
            Action::Discard {
                pai: pai("2m"),
                tsumogiri: false,
            },
        ),
        (
            0,
            Action::Discard {
                pai: pai("9m"),
                tsumogiri: false,
            },
        ),
        (
            0,
            Action::Discard {
                pai: pai("1z"),
                tsumogiri: true,
            },
        ),
        (0, Action::Ron),
        (0, Action::Pass),
        (0, Action::Kita),
        (0, Action::ClosedKan { tile: Tile::EAST }),
    ] {
        let e = t.step(seat, a).unwrap_err();
        assert_eq!(e, TableError::Illegal { seat, action: a });
        assert_eq!(e.kind(), crate::ErrorKind::InvalidHand);
    }
    assert_eq!(
        t.step(4, Action::Pass).unwrap_err().kind(),
        crate::ErrorKind::InvalidRequest
    );
    assert_eq!(view(&t), before);
}

#[test]
fn mjai_ok_action_forms() {
    let s = Scenario::new(
        tenhou(),
        &[
            "5p1s2s3s4s6s7s8s9s1z2z3z4z",
            "46p13579m1357s9p6z",
            "55p2468m2468s19p7z",
            "123m789m123p555z0p",
        ],
        "6z",
    );
    let mut t = s.table();
    assert_eq!(
        t.action_mjai(
            0,
            &Action::Discard {
                pai: pai("6z"),
                tsumogiri: true
            }
        ),
        r#"{"type":"dahai","actor":0,"pai":"F","tsumogiri":true}"#
    );
    dahai(&mut t, 0, "5p");
    let chi = Action::Chi {
        consumed: [pai("4p"), pai("6p")],
        called: pai("5p"),
    };
    assert_eq!(
        t.action_mjai(1, &chi),
        r#"{"type":"chi","actor":1,"target":0,"pai":"5p","consumed":["4p","6p"]}"#
    );
    assert_eq!(
        t.action_mjai(3, &Action::Ron),
        r#"{"type":"hora","actor":3,"target":0,"pai":"5p"}"#
    );
    assert_eq!(t.action_mjai(2, &Action::Pass), r#"{"type":"none"}"#);
    assert_eq!(chi.id(), 78);
}

/// The live wall's draws: whatever the hands leave, in wall order, with `last` at the
/// end (the final draws of the kyoku when nobody calls).
fn draws_ending_with(rules: &TableRules, hands: &[&str], last: &str, avoid: &str) -> &'static str {
    let mut left: Vec<Pai> = wall::tile_ids(rules.scoring.players)
        .as_slice()
        .iter()
        .map(|&id| wall::pai_of_id(id, rules.scoring.red_fives).unwrap())
        .collect();
    let tail = tiles(last);
    for p in hands
        .iter()
        .flat_map(|h| tiles(h))
        .chain(tail.iter().copied())
    {
        let i = left.iter().position(|q| *q == p).unwrap();
        left.remove(i);
    }
    // Kinds to avoid before the end go to the dead wall.
    let avoid = tiles(avoid);
    left.sort_by_key(|p| avoid.iter().any(|a| a.tile() == p.tile()));
    let live = 70 - tail.len();
    let mut draws: Vec<Pai> = left.into_iter().take(live).collect();
    draws.extend(tail);
    let text: String = draws
        .iter()
        .map(|p| {
            let n = if p.is_red() { 0 } else { p.tile().number() };
            format!("{n}{}", p.tile().suit().letter())
        })
        .collect();
    Box::leak(text.into_boxed_str())
}

/// Plays tsumogiri and passes until `seat` is offered `want`.
fn until_offered(t: &mut Table, seat: Seat, want: Action) {
    loop {
        assert!(!t.is_over());
        if has(t, seat, want) {
            return;
        }
        if t.phase == Phase::Claims {
            let s = t.to_act().trailing_zeros() as Seat;
            go(t, s, Action::Pass);
            continue;
        }
        let s = t.turn;
        let d = t.seats[usize::from(s)].drawn.unwrap();
        go(
            t,
            s,
            Action::Discard {
                pai: d,
                tsumogiri: true,
            },
        );
    }
}

#[test]
fn scenario_ok_haitei_and_houtei() {
    // The 70th draw (seat 1's, nobody calling) is the last tile: seat 1 waits on it.
    let rules = tenhou();
    let hands = [
        "2468m2468p2468s1z",
        "123m456p789s5566z",
        "13579m13579p27z4z",
        "13579m1379p3z4z7z1z",
    ];
    let s = Scenario::new(
        rules,
        &hands,
        draws_ending_with(&rules, &hands, "5z", "56z"),
    );
    let mut t = s.table();
    until_offered(&mut t, 1, Action::Tsumo);
    assert_eq!(t.tiles_left(), 0);
    let w = wins(&go(&mut t, 1, Action::Tsumo));
    assert!(
        w[0].yaku.iter().any(|y| y.yaku == Yaku::Haitei),
        "{:?}",
        w[0].yaku
    );
    // Seat 2 waits on the last discard instead (houtei); no call is offered on it.
    let hands = [
        "2468m2468p2468s1z",
        "13579m13579p27z4z",
        "123m456p789s5566z",
        "13579m1379p3z4z7z1z",
    ];
    let s = Scenario::new(
        rules,
        &hands,
        draws_ending_with(&rules, &hands, "5z", "56z"),
    );
    let mut t = s.table();
    until_offered(&mut t, 2, Action::Ron);
    assert_eq!(t.tiles_left(), 0);
    assert_eq!(t.legal(2).as_slice(), &[Action::Ron, Action::Pass]);
    let w = wins(&go(&mut t, 2, Action::Ron));
    assert!(
        w[0].yaku.iter().any(|y| y.yaku == Yaku::Houtei),
        "{:?}",
        w[0].yaku
    );
}

#[test]
fn actions_and_refusals_read_in_words() {
    let said = |a: Action| a.to_string();
    assert_eq!(
        said(Action::Discard {
            pai: pai("1m"),
            tsumogiri: true
        }),
        "discard 1m (tsumogiri)"
    );
    assert_eq!(
        said(Action::Pon {
            consumed: [pai("5p"), pai("0p")],
            called: pai("5p")
        }),
        "pon 5p with 5p 0p"
    );
    assert_eq!(
        said(Action::ClosedKan { tile: Tile::NORTH }),
        "closed kan of 4z"
    );
    assert_eq!(said(Action::NineTerminals), "nine terminals");
    let e = TableError::Illegal {
        seat: 2,
        action: Action::Discard {
            pai: pai("9s"),
            tsumogiri: false,
        },
    };
    assert_eq!(e.to_string(), "seat 2 cannot discard 9s now");
}
