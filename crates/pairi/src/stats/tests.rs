use super::exact::suit_classes;
use super::sample::{hand_shanten, Dealer};
use super::*;
use crate::notation::parse_tiles;
use crate::shanten::{self, suit_costs};
use crate::tile::TileCounts;
use crate::util::rng::Xoshiro256;
use crate::wall::Wall;

/// `C(n, k)`, computed here apart from the library's table.
fn choose(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The shanten of a hand as the library's public entry point reads it in `form`.
fn library_shanten(hand: &TileCounts, form: Counted) -> i8 {
    library_shanten_on(&FOUR, hand, form)
}

/// The shanten of a hand on `wall` as the library's public entry point reads it.
fn library_shanten_on(wall: &Wall, hand: &TileCounts, form: Counted) -> i8 {
    let melds = (14 - hand.total() as usize) / 3;
    let s = shanten::riichi_on(hand, melds, wall).unwrap();
    shanten_in(form, &s).unwrap()
}

/// The distribution by brute force: every count vector of `tiles` tiles within `wall`,
/// weighted by its physical choices, its shanten read by [`shanten::riichi`].
fn brute_force(wall: &TileCounts, tiles: usize, form: Counted) -> Distribution {
    brute_force_on(&FOUR, wall, tiles, form)
}

/// [`brute_force`] with the shanten read on `universe` by [`shanten::riichi_on`].
fn brute_force_on(universe: &Wall, wall: &TileCounts, tiles: usize, form: Counted) -> Distribution {
    #[allow(clippy::too_many_arguments)]
    fn walk(
        universe: &Wall,
        wall: &TileCounts,
        kinds: &[usize],
        hand: &mut TileCounts,
        left: u8,
        weight: u128,
        form: Counted,
        d: &mut Distribution,
    ) {
        let Some((&k, rest)) = kinds.split_first() else {
            if left == 0 {
                d.add(library_shanten_on(universe, hand, form), weight);
            }
            return;
        };
        for c in 0..=wall.as_array()[k].min(left) {
            hand.as_mut_array()[k] = c;
            let w = weight * choose(u128::from(wall.as_array()[k]), u128::from(c));
            walk(universe, wall, rest, hand, left - c, w, form, d);
        }
        hand.as_mut_array()[k] = 0;
    }
    let kinds: Vec<usize> = (0..34).filter(|&k| wall.as_array()[k] > 0).collect();
    let mut d = Distribution::empty(tiles, form).unwrap();
    let mut hand = TileCounts::new();
    walk(
        universe,
        wall,
        &kinds,
        &mut hand,
        tiles as u8,
        1,
        form,
        &mut d,
    );
    d
}

fn wall_of(tiles: &str) -> TileCounts {
    TileCounts::from_tiles(parse_tiles(tiles).unwrap().into_iter().map(|p| p.tile()))
}

const FULL: TileCounts = TileCounts::from_array([4; 34]);
const FOUR: Wall = Wall::four_player([0; 3]);

/// Hand sizes and the forms that apply to them.
fn sizes_and_forms() -> impl Iterator<Item = (usize, Counted)> {
    [1, 2, 4, 5, 7, 8, 10, 11, 13, 14]
        .into_iter()
        .flat_map(|n| FORMS.into_iter().map(move |f| (n, f)))
        .filter(|&(n, f)| n >= 13 || matches!(f, None | Some(Form::Regular)))
}

#[test]
fn exact_ok_totals_are_binomials_on_the_full_wall() {
    for (n, form) in sizes_and_forms() {
        let d = exact(n, form).unwrap();
        assert_eq!(d.total(), choose(136, n as u128), "{n} tiles, {form:?}");
        assert_eq!(d.tiles(), n);
        assert_eq!(d.form(), form);
    }
}

#[test]
fn exact_ok_small_hands_by_enumeration_of_the_full_wall() {
    for n in [1, 2, 4, 5] {
        for form in [None, Some(Form::Regular)] {
            assert_eq!(
                exact(n, form).unwrap(),
                brute_force(&FULL, n, form),
                "{n} tiles {form:?}"
            );
        }
    }
}

#[test]
fn exact_ok_one_suit_and_honours_walls_by_enumeration() {
    let walls = [
        "111122223333444455556666777788889999m",
        "1111222233334444555566667777z",
        "123456789p1234567z",
    ];
    for w in walls {
        let wall = wall_of(w);
        for n in [13, 14] {
            for form in FORMS {
                let d = exact_from(&FOUR, &wall, n, form).unwrap();
                assert_eq!(d, brute_force(&wall, n, form), "{w}: {n} tiles {form:?}");
                assert_eq!(d.total(), choose(u128::from(wall.total()), n as u128));
            }
        }
    }
}

/// Every hand size and form on each of `walls` (live tiles of `universe`): the exact
/// method against [`brute_force_on`]; a form that does not apply is refused.
fn agrees_with_brute_force(universe: &Wall, walls: &[&str]) {
    for w in walls {
        let live = wall_of(w);
        for n in [1, 2, 4, 5, 7, 8, 10, 11, 13, 14] {
            for form in FORMS {
                let d = exact_from(universe, &live, n, form);
                if n < 13 && !matches!(form, None | Some(Form::Regular)) {
                    assert!(d.is_err());
                    continue;
                }
                let want = brute_force_on(universe, &live, n, form);
                assert_eq!(d.unwrap(), want, "{w}: {n} tiles {form:?}");
            }
        }
    }
}

#[test]
fn exact_ok_few_kinds_walls_by_enumeration() {
    // Kinds from every suit, terminals and honours among them, so that all three
    // forms are reachable (thirteen orphans on the first wall).
    let walls = [
        "19m19p19s1234567z55m55p",
        "111222345m5566p789s1122z",
        "1112345678999m1z",
        "2233445566p11s77z",
    ];
    agrees_with_brute_force(&FOUR, &walls);
}

#[test]
fn exact_ok_random_walls_by_enumeration() {
    // Walls of 8 random kinds with 1..4 copies each, dealt 13 and 14 tiles.
    let mut rng = Xoshiro256::for_block(2024, 0);
    for round in 0..12 {
        let mut wall = TileCounts::new();
        let mut kinds = 0;
        while kinds < 8 {
            let k = rng.below(34) as usize;
            if wall.as_array()[k] == 0 {
                wall.as_mut_array()[k] = 1 + rng.below(4) as u8;
                kinds += 1;
            }
        }
        for n in [13, 14] {
            if (wall.total() as usize) < n {
                continue;
            }
            for form in FORMS {
                let d = exact_from(&FOUR, &wall, n, form).unwrap();
                assert_eq!(
                    d,
                    brute_force(&wall, n, form),
                    "round {round}: {wall:?} {n} {form:?}"
                );
            }
        }
    }
}

/// The tally of a whole hand as [`exact`] builds it: one class per suit, joined.
fn tally_of_hand(hand: &TileCounts, form: Counted) -> Tally {
    let suit = |base: usize, len: usize, orphan: &dyn Fn(usize) -> bool| {
        let c = &hand.as_array()[base..base + len];
        Tally::of_suit(c, suit_costs(c).unwrap(), orphan, form)
    };
    let ends = |i: usize| i == 0 || i == 8;
    suit(0, 9, &ends)
        .join(suit(9, 9, &ends))
        .join(suit(18, 9, &ends))
        .join(suit(27, 7, &|_| true))
}

#[test]
fn per_hand_functions_ok_agree_with_the_library_on_random_hands() {
    let mut dealer = Dealer::new(&FOUR, 99, 3);
    for (n, form) in sizes_and_forms() {
        let sets = 4 - (14 - n) / 3;
        for _ in 0..20_000 {
            let hand = dealer.deal(n);
            assert_eq!(hand.total() as usize, n);
            assert!(hand.max_count() <= 4);
            let want = library_shanten(&hand, form);
            assert_eq!(
                tally_of_hand(&hand, form).shanten(form, sets),
                want,
                "{hand:?} {form:?}"
            );
            assert_eq!(hand_shanten(&hand, form, sets), want, "{hand:?} {form:?}");
        }
    }
}

#[test]
fn per_hand_functions_ok_on_special_hands() {
    let cases = [
        // Thirteen orphans complete and 13-sided tenpai, seven pairs complete, a quad
        // that seven pairs count once, a wait on a fifth tile.
        ("19m19p19s12345677z", -1),
        ("19m19p19s1234567z", 0),
        ("11223344556677z", -1),
        ("11112233445566z", 1),
        ("123m456p789s1111z", 1),
    ];
    for (hand, all) in cases {
        let c = wall_of(hand);
        let n = c.total() as usize;
        let sets = 4 - (14 - n) / 3;
        assert_eq!(hand_shanten(&c, None, sets), all, "{hand}");
        assert_eq!(tally_of_hand(&c, None).shanten(None, sets), all, "{hand}");
        for form in FORMS {
            let want = library_shanten(&c, form);
            assert_eq!(hand_shanten(&c, form, sets), want, "{hand} {form:?}");
            assert_eq!(
                tally_of_hand(&c, form).shanten(form, sets),
                want,
                "{hand} {form:?}"
            );
        }
    }
}

#[test]
fn suit_classes_ok_few_per_suit() {
    // What makes the method fast: a numbered suit's 405 350 count vectors of at most
    // 14 tiles fall into a few thousand classes, the regular form into a few hundred.
    let ends = |i: usize| i == 0 || i == 8;
    let count = |form| {
        let classes = suit_classes(&[4; 9], &[4; 9], ends, 14, form);
        classes.iter().map(Vec::len).sum::<usize>()
    };
    assert!(
        count(Some(Form::Regular)) < 200,
        "{}",
        count(Some(Form::Regular))
    );
    assert!(count(None) < 5_000, "{}", count(None));
}

#[test]
fn tally_key_ok_one_to_one() {
    // Every class of a suit and of two suits joined: equal keys only for equal tallies.
    let ends = |i: usize| i == 0 || i == 8;
    let one: Vec<Tally> = suit_classes(&[4; 9], &[4; 9], ends, 14, None)
        .into_iter()
        .flatten()
        .map(|(t, _)| t)
        .chain(
            suit_classes(&[4; 7], &[4; 7], |_| true, 14, None)
                .into_iter()
                .flatten()
                .map(|(t, _)| t),
        )
        .collect();
    let mut seen = std::collections::HashMap::new();
    for (i, a) in one.iter().enumerate() {
        for b in one.iter().skip(i).step_by(7) {
            let t = a.join(*b);
            if t.tiles <= 14 {
                assert_eq!(*seen.entry(t.key()).or_insert(t), t);
            }
        }
    }
    assert!(seen.len() > 5_000, "{}", seen.len());
}

#[test]
fn exact_ok_known_values() {
    // A dealt 14-tile hand is complete in about one deal of 330 000 (heavenly hand).
    let d = exact(14, None).unwrap();
    let p = d.probability(-1);
    assert!((1.0 / 340_000.0..1.0 / 320_000.0).contains(&p), "{p}");
    // Every 13-tile hand is at most 6-shanten once seven pairs count.
    let d = exact(13, None).unwrap();
    assert!(d.count(6) > 0 || d.count(5) > 0);
    let regular = exact(13, Some(Form::Regular)).unwrap();
    assert!(
        regular.count(8) > 0,
        "a hand of 13 isolated tiles is 8-shanten"
    );
    // Seven pairs alone: a 13-tile hand of 13 distinct kinds is 6-shanten.
    let chiitoi = exact(13, Some(Form::SevenPairs)).unwrap();
    assert!(chiitoi.count(6) > 0);
    // Thirteen orphans: tenpai needs 12 or 13 of the 13 kinds.
    let kokushi = exact(13, Some(Form::ThirteenOrphans)).unwrap();
    let tenpai = 4u128.pow(13) + 13 * 6 * 4u128.pow(11) * 12;
    assert_eq!(kokushi.count(0), tenpai);
}

#[test]
fn exact_err_bad_sizes_forms_and_walls() {
    for n in [0, 3, 6, 9, 12, 15] {
        assert_eq!(exact(n, None), Err(StatsError::TileCount { tiles: n }));
    }
    assert_eq!(
        exact(10, Some(Form::ThirteenOrphans)),
        Err(StatsError::FormNeedsClosedHand {
            form: Some(Form::ThirteenOrphans),
            tiles: 10
        })
    );
    let mut wall = FULL;
    wall.as_mut_array()[5] = 5;
    assert_eq!(
        exact_from(&FOUR, &wall, 13, None),
        Err(StatsError::TooManyCopies {
            index: 5,
            count: 5,
            copies: 4
        })
    );
    let small = wall_of("123456789m");
    assert_eq!(
        exact_from(&FOUR, &small, 13, None),
        Err(StatsError::WallTooSmall { wall: 9, tiles: 13 })
    );
    assert_eq!(MonteCarlo::new(13, None, 0, 1), Err(StatsError::NoHands));
    assert_eq!(StatsError::NoHands.kind(), "invalid_request");
}

#[test]
fn range_ok_per_size_and_form() {
    assert_eq!(range(13, Some(Form::Regular)).unwrap(), 0..=8);
    assert_eq!(range(14, Some(Form::Regular)).unwrap(), -1..=8);
    assert_eq!(range(14, None).unwrap(), -1..=6);
    assert_eq!(range(13, Some(Form::ThirteenOrphans)).unwrap(), 0..=13);
    assert_eq!(range(13, Some(Form::SevenPairs)).unwrap(), 0..=6);
    assert_eq!(range(5, None).unwrap(), -1..=2);
    assert_eq!(range(1, Some(Form::Regular)).unwrap(), 0..=0);
}

#[test]
fn distribution_ok_mean_probability_merge() {
    let d = Distribution::from_counts(14, Some(Form::Regular), [(-1, 1), (0, 1), (2, 2)]).unwrap();
    assert_eq!(d.total(), 4);
    assert!((d.mean() - 0.75).abs() < 1e-12);
    assert!((d.probability(2) - 0.5).abs() < 1e-12);
    assert_eq!(d.count(7), 0);
    let mut e = d.clone();
    e.merge(&d).unwrap();
    assert_eq!(e.count(2), 4);
    let other = Distribution::empty(13, Some(Form::Regular)).unwrap();
    assert!(e.merge(&other).is_err());
    assert!(Distribution::from_counts(13, Some(Form::Regular), [(-1, 1)]).is_err());
    let huge = u128::from(u64::MAX);
    assert!(Distribution::from_counts(13, Some(Form::Regular), [(1, huge)]).is_ok());
    assert_eq!(
        Distribution::from_counts(13, Some(Form::Regular), [(1, huge), (2, 1)]),
        Err(StatsError::TooManyHands)
    );
    assert_eq!(
        Distribution::from_counts(13, Some(Form::Regular), [(1, u128::MAX), (1, u128::MAX)]),
        Err(StatsError::TooManyHands)
    );
    let mut full = Distribution::from_counts(13, Some(Form::Regular), [(1, huge)]).unwrap();
    let one = Distribution::from_counts(13, Some(Form::Regular), [(1, 1)]).unwrap();
    assert_eq!(full.merge(&one), Err(StatsError::TooManyHands));
    assert_eq!(full.total(), huge, "a failed merge changes nothing");
    assert!((full.mean() - 1.0).abs() < 1e-12);
    assert!(Distribution::from_counts(13, Some(Form::Regular), [(9, 1)]).is_err());
}

#[test]
fn z_score_ok_defined_zero_and_infinite() {
    let exact = Distribution::from_counts(13, Some(Form::Regular), [(1, 1), (2, 3)]).unwrap();
    let sample = Distribution::from_counts(13, Some(Form::Regular), [(1, 25), (2, 75)]).unwrap();
    assert_eq!(sample.z_score(&exact, 1).unwrap(), Some(0.0));
    assert_eq!(sample.z_score(&exact, 5).unwrap(), None);
    let odd =
        Distribution::from_counts(13, Some(Form::Regular), [(1, 25), (2, 74), (5, 1)]).unwrap();
    assert_eq!(odd.z_score(&exact, 5).unwrap(), Some(f64::INFINITY));
    let high = Distribution::from_counts(13, Some(Form::Regular), [(1, 35), (2, 65)]).unwrap();
    let z = high.z_score(&exact, 1).unwrap().unwrap();
    assert!((z - 10.0 / 18.75f64.sqrt()).abs() < 1e-9, "{z}");
    let wrong = Distribution::empty(14, Some(Form::Regular)).unwrap();
    assert!(wrong.z_score(&exact, 1).is_err());
}

#[test]
fn monte_carlo_ok_agrees_with_exact() {
    // Deterministic for the seed: the bounds are wide (|z| < 5, chi-square far in the
    // tail) only so that a correct sampler passes for any seed one might pick.
    for (n, form) in [
        (13, Some(Form::Regular)),
        (13, None),
        (14, None),
        (13, Some(Form::ThirteenOrphans)),
    ] {
        let exact = exact(n, form).unwrap();
        let mc = MonteCarlo::new(n, form, 300_000, 20_240_601).unwrap();
        let sample = mc.run();
        assert_eq!(sample.total(), 300_000);
        let mut chi2 = 0.0;
        let mut bins = 0;
        for (s, x) in sample.bins() {
            let p = exact.probability(s);
            if p == 0.0 {
                assert_eq!(x, 0, "{n} {form:?}: shanten {s} is impossible");
                continue;
            }
            let z = sample.z_score(&exact, s).unwrap().unwrap();
            assert!(z.abs() < 5.0, "{n} {form:?}: shanten {s} z = {z}");
            let e = 300_000.0 * p;
            chi2 += (x as f64 - e).powi(2) / e;
            bins += 1;
        }
        // The 0.9999 quantile of chi-square with 14 degrees of freedom is about 44.
        assert!(chi2 < 45.0, "{n} {form:?}: chi2 = {chi2} over {bins} bins");
        assert!((sample.mean() - exact.mean()).abs() < 0.02);
    }
}

#[test]
fn monte_carlo_ok_blocks_in_any_order_give_the_run() {
    let mc = MonteCarlo::new(13, None, 3 * MonteCarlo::BLOCK + 17, 5).unwrap();
    assert_eq!(mc.blocks(), 4);
    assert_eq!(mc.block_hands(3), 17);
    assert_eq!(mc.block_hands(4), 0);
    let mut d = mc.run_block(3);
    for b in [1, 0, 2] {
        d.merge(&mc.run_block(b)).unwrap();
    }
    assert_eq!(d, mc.run());
    assert_eq!(d.total(), u128::from(mc.hands()));
    let other = MonteCarlo::new(13, None, mc.hands(), 6).unwrap().run();
    assert_ne!(d, other, "another seed deals other hands");
}

#[test]
fn dealer_ok_uniform_kinds() {
    // Every kind is dealt about equally often: 34 kinds, 13 × 20 000 tiles.
    let mut dealer = Dealer::new(&FOUR, 1, 1);
    let mut seen = [0u32; 34];
    for _ in 0..20_000 {
        let hand = dealer.deal(13);
        for (k, &c) in hand.as_array().iter().enumerate() {
            seen[k] += u32::from(c);
        }
    }
    let e = 13.0 * 20_000.0 / 34.0;
    let chi2: f64 = seen.iter().map(|&x| (f64::from(x) - e).powi(2) / e).sum();
    assert!(chi2 < 70.0, "{chi2}: {seen:?}");
}

const SANMA: Wall = Wall::three_player([0; 3]);

#[test]
fn exact_on_ok_three_player_totals_are_binomials() {
    // Every hand of the 108-tile wall lands in the range: none dropped.
    for (n, form) in sizes_and_forms() {
        let d = exact_on(&SANMA, n, form).unwrap();
        assert_eq!(d.total(), choose(108, n as u128), "{n} tiles, {form:?}");
    }
}

#[test]
fn exact_from_ok_three_player_few_kinds_by_enumeration() {
    // Live tiles around the missing 2m–8m (1m and 9m four times, so the capped runs
    // matter), read on the three-player wall and checked against `riichi_on` hand by
    // hand.
    let walls = [
        "11119999m123p111z",
        "1111999m5566p789s1z",
        "119m19p19s1234567z",
    ];
    agrees_with_brute_force(&SANMA, &walls);
}

#[test]
fn monte_carlo_ok_three_player_agrees_with_exact() {
    let exact = exact_on(&SANMA, 13, None).unwrap();
    let sample = MonteCarlo::on(&SANMA, 13, None, 200_000, 5).unwrap().run();
    assert_eq!(sample.total(), 200_000);
    for (s, _) in exact.bins() {
        if let Some(z) = sample.z_score(&exact, s).unwrap() {
            assert!(z.abs() < 5.0, "shanten {s}: z = {z}");
        }
    }
    // The four-player wall and the three-player one differ.
    assert_ne!(exact, super::exact(13, None).unwrap());
}

#[test]
fn stats_err_unsupported_wall_and_forms() {
    let mut copies = FULL;
    copies.as_mut_array()[0] = 3;
    let odd = Wall::custom(copies, [0; 3]).unwrap();
    assert_eq!(exact_on(&odd, 13, None), Err(StatsError::UnsupportedWall));
    assert_eq!(
        MonteCarlo::on(&odd, 13, None, 10, 1),
        Err(StatsError::UnsupportedWall)
    );
    assert_eq!(
        exact(14, Some(Form::KnittedStraight)),
        Err(StatsError::NotRiichiForm(Form::KnittedStraight))
    );
    assert_eq!(form_by_id("kokushi"), Some(Some(Form::ThirteenOrphans)));
    assert_eq!(form_by_id("all"), Some(None));
    assert_eq!(form_by_id("seven"), None);
}
