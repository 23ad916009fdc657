use super::*;
use crate::notation::parse_hand;
use crate::tile::TileSet;
use proptest::prelude::*;

fn counts(hand: &str) -> TileCounts {
    *parse_hand(hand).unwrap().concealed()
}

fn r(hand: &str, melds: usize) -> Shanten {
    riichi(&counts(hand), melds).unwrap()
}

fn m(hand: &str, melds: usize) -> McrShanten {
    mcr(&counts(hand), melds).unwrap()
}

#[test]
fn riichi_ok_karaten_quad_wait() {
    let s = r("123m456p789s1111z", 0);
    assert_eq!(s.regular, 1);
    assert_eq!(s.min(), 1);
    let c = riichi_classic(&counts("123m456p789s1111z"), 0).unwrap();
    assert_eq!(c.regular, 0);
}

#[test]
fn riichi_ok_quad_with_three_melds() {
    assert_eq!(r("5555m", 3).regular, 1);
    assert_eq!(riichi_classic(&counts("5555m"), 3).unwrap().regular, 0);
    assert_eq!(r("5555m", 3).chiitoitsu, None);
}

#[test]
fn riichi_ok_complete() {
    let s = r("123m456p789s11222z", 0);
    assert_eq!(s.regular, -1);
    assert_eq!(s.min(), -1);
    assert_eq!(r("11z", 4).regular, -1);
    assert_eq!(r("1z", 4).regular, 0);
}

#[test]
fn riichi_ok_example_of_the_data_readme() {
    let s = r("1289m3478p25s1567z", 0);
    assert_eq!(
        s,
        Shanten {
            regular: 4,
            chiitoitsu: Some(6),
            kokushi: Some(7)
        }
    );
}

#[test]
fn chiitoitsu_ok_quad_is_one_pair() {
    assert_eq!(r("11112233445566z", 0).chiitoitsu, Some(1));
    assert_eq!(r("1122334455667z", 0).chiitoitsu, Some(0));
    assert_eq!(r("11223344556677z", 0).chiitoitsu, Some(-1));
}

#[test]
fn kokushi_ok_tenpai_and_complete() {
    assert_eq!(r("19m19p19s1234567z", 0).kokushi, Some(0));
    assert_eq!(r("19m19p19s12345677z", 0).kokushi, Some(-1));
    assert_eq!(r("19m19p19s12345677z", 0).min(), -1);
}

#[test]
fn riichi_err_wrong_count() {
    let e = riichi(&counts("123m"), 0).unwrap_err();
    assert_eq!(e.kind(), "invalid_hand");
    assert!(matches!(
        riichi(&counts("1z"), 5),
        Err(HandError::TooManyMelds { .. })
    ));
    let mut c = counts("123m456p789s111z");
    c.as_mut_array()[27] = 5;
    assert!(matches!(
        riichi(&c, 0),
        Err(HandError::TooManyCopies { count: 5, .. })
    ));
}

#[test]
fn riichi_err_too_many_copies_anywhere() {
    // Every kind and every count over 4 (the word-wise check must see each byte).
    for i in 0..34 {
        for n in [5u8, 7, 123, 127, 128, 129, 200, 255] {
            let mut c = TileCounts::new();
            c.as_mut_array()[i] = n;
            let e = riichi(&c, 0).unwrap_err();
            assert!(
                matches!(e, HandError::TooManyCopies { count, .. } if count == u32::from(n)),
                "kind {i} count {n}: {e:?}"
            );
        }
    }
}

#[test]
fn riichi_ok_counts_every_kind() {
    // Words hold kinds 8i..8i + 8 and 32, 33: a tile at every place counts once.
    for i in 0..34 {
        let mut c = counts("123m456p789s1234z");
        if c.as_array()[i] < 4 {
            c.as_mut_array()[i] += 1;
            assert!(riichi(&c, 0).is_ok(), "kind {i}");
            c.as_mut_array()[i] += 1;
            assert!(
                matches!(
                    riichi(&c, 0),
                    Err(HandError::WrongTileCount { concealed: 15, .. })
                ),
                "kind {i}: {:?}",
                riichi(&c, 0)
            );
        }
    }
}

#[test]
fn mcr_ok_seven_pairs_quad_is_two_pairs() {
    let s = m("11112233445566z", 0);
    assert_eq!(s.seven_pairs, Some(-1));
}

#[test]
fn mcr_ok_knitted_forms() {
    // Greater honours and knitted tiles: 147m 258p 369s minus two, plus the 7 honours.
    assert_eq!(m("147m258p3s1234567z", 0).honors_and_knitted, Some(-1));
    assert_eq!(m("147m258p369s12345z", 0).honors_and_knitted, Some(-1));
    assert_eq!(m("147m258p369s1234z", 0).honors_and_knitted, Some(0));
    assert_eq!(m("147m258p369s1122z", 0).honors_and_knitted, Some(2));
    // Knitted straight, a set and a pair.
    assert_eq!(m("147m258p369s11122z", 0).knitted_straight, Some(-1));
    assert_eq!(m("147m258p369s1112z", 0).knitted_straight, Some(0));
    assert_eq!(m("147m258p369s22z", 1).knitted_straight, Some(-1));
    assert_eq!(m("147m258p369s2z", 1).knitted_straight, Some(0));
    assert_eq!(m("11z", 4).knitted_straight, None);
}

#[test]
fn mcr_ok_example_of_the_data_readme() {
    let s = m("35567m2344555p4z", 0);
    assert_eq!(
        s,
        McrShanten {
            regular: 1,
            seven_pairs: Some(3),
            thirteen_orphans: Some(12),
            honors_and_knitted: Some(8),
            knitted_straight: Some(4),
        }
    );
}

#[test]
fn suit_costs_ok_examples() {
    let c = suit_costs(&[1, 1, 1, 0, 2, 0, 0, 0, 0]).unwrap();
    assert_eq!(
        c.0,
        reference::suit_costs(&[1, 1, 1, 0, 2, 0, 0, 0, 0], Mode::Exact).0
    );
    assert_eq!(suit_costs(&[0; 9]), Some(SuitCosts::EMPTY));
    assert_eq!(suit_costs(&[0; 7]), Some(SuitCosts::EMPTY));
    // 4 of a kind: two triplets are impossible exactly, possible classically.
    let q = [4, 0, 0, 0, 0, 0, 0];
    assert_eq!(suit_costs(&q).unwrap().get(2, 0), Some(3));
    assert_eq!(suit_costs_classic(&q).unwrap().get(2, 0), Some(2));
}

#[test]
fn suit_costs_err_bad_input() {
    assert_eq!(suit_costs(&[0; 8]), None);
    assert_eq!(suit_costs(&[5, 0, 0, 0, 0, 0, 0]), None);
    assert_eq!(suit_costs(&[4, 4, 4, 3, 0, 0, 0, 0, 0]), None);
}

#[test]
fn suit_costs_ok_matches_reference_sampled() {
    // Every count vector with at most 14 tiles, sampled; `cargo xtask verify` checks all.
    let mut n = 0u32;
    for code in 0..5u32.pow(9) {
        let mut c = [0u8; 9];
        let mut x = code;
        for d in &mut c {
            *d = (x % 5) as u8;
            x /= 5;
        }
        if c.iter().map(|&v| u32::from(v)).sum::<u32>() > 14 {
            continue;
        }
        n += 1;
        if n % 4001 != 0 {
            continue;
        }
        for mode in [Mode::Exact, Mode::Classic] {
            let want = reference::suit_costs(&c, mode);
            let got = match mode {
                Mode::Exact => suit_costs(&c),
                Mode::Classic => suit_costs_classic(&c),
            };
            assert_eq!(got, Some(want), "{c:?} {mode:?}");
        }
    }
    assert_eq!(n, 405_350);
}

#[test]
fn suit_costs_ok_honours_match_reference() {
    for code in (0..5u32.pow(7)).step_by(7) {
        let mut c = [0u8; 7];
        let mut x = code;
        for d in &mut c {
            *d = (x % 5) as u8;
            x /= 5;
        }
        if c.iter().map(|&v| u32::from(v)).sum::<u32>() > 14 {
            continue;
        }
        assert_eq!(suit_costs(&c), Some(reference::suit_costs(&c, Mode::Exact)));
        assert_eq!(
            suit_costs_classic(&c),
            Some(reference::suit_costs(&c, Mode::Classic))
        );
    }
}

/// A random hand: `melds` in 0..=4, then 13 − 3k or 14 − 3k tiles dealt from `wall`
/// (tile ids, id / 4 = kind).
fn hand_from(wall: Vec<u8>) -> impl Strategy<Value = (TileCounts, usize)> {
    (0usize..=4, 0usize..=1).prop_flat_map(move |(melds, drawn)| {
        let n = 13 - 3 * melds + drawn;
        proptest::sample::subsequence(wall.clone(), n).prop_map(move |ids| {
            let mut c = TileCounts::new();
            for id in ids {
                c.as_mut_array()[usize::from(id / 4)] += 1;
            }
            (c, melds)
        })
    })
}

fn full_wall() -> Vec<u8> {
    (0..136).collect()
}

/// One numbered suit and the honours: many pairs, triplets and quads.
fn flush_wall() -> Vec<u8> {
    (0..36).chain(108..136).collect()
}

/// The knitted tiles of one assignment and the honours, plus a few others.
fn knitted_wall() -> Vec<u8> {
    let kinds = [
        0u8, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 29, 30, 31, 32, 33, 1, 14, 25,
    ];
    kinds
        .iter()
        .flat_map(|&k| (0..4).map(move |j| k * 4 + j))
        .collect()
}

fn check_riichi(c: &TileCounts, melds: usize) {
    for mode in [Mode::Exact, Mode::Classic] {
        let got = riichi_with(c, melds, mode).unwrap();
        let want = reference::riichi(c, melds, mode);
        assert_eq!(got, want, "{c:?} melds {melds} {mode:?}");
    }
}

fn check_mcr(c: &TileCounts, melds: usize) {
    for mode in [Mode::Exact, Mode::Classic] {
        let got = mcr_with(c, melds, mode).unwrap();
        let want = reference::mcr(c, melds, mode);
        assert_eq!(got, want, "{c:?} melds {melds} {mode:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn riichi_ok_matches_reference_random((c, melds) in hand_from(full_wall())) {
        check_riichi(&c, melds);
    }

    #[test]
    fn riichi_ok_matches_reference_flush((c, melds) in hand_from(flush_wall())) {
        check_riichi(&c, melds);
    }

    #[test]
    fn mcr_ok_matches_reference_random((c, melds) in hand_from(full_wall())) {
        check_mcr(&c, melds);
    }

    #[test]
    fn mcr_ok_matches_reference_knitted((c, melds) in hand_from(knitted_wall())) {
        check_mcr(&c, melds);
    }

    #[test]
    fn mcr_ok_matches_reference_flush((c, melds) in hand_from(flush_wall())) {
        check_mcr(&c, melds);
    }
}

/// Useful tiles by trying every draw with the public shanten API.
fn naive_useful(c: &TileCounts, melds: usize) -> (i8, TileSet, u32) {
    let s = riichi(c, melds).unwrap().min();
    let mut tiles = TileSet::EMPTY;
    let mut count = 0;
    for t in Tile::all() {
        if c.get(t) >= 4 {
            continue;
        }
        let mut d = *c;
        d.add(t);
        if riichi(&d, melds).unwrap().min() < s {
            tiles.insert(t);
            count += u32::from(4 - c.get(t));
        }
    }
    (s, tiles, count)
}

fn check_useful(c: &TileCounts, melds: usize) {
    if c.total() as usize + 3 * melds == 13 {
        let (shanten, u) = useful(c, melds).unwrap();
        assert_eq!(
            (shanten, u.tiles, u.count),
            naive_useful(c, melds),
            "{c:?} {melds}"
        );
        assert!(discards(c, melds).is_err());
    } else {
        let d = discards(c, melds).unwrap();
        assert_eq!(d.shanten, riichi(c, melds).unwrap().min(), "{c:?} {melds}");
        let kinds: Vec<Tile> = c.iter().map(|(t, _)| t).collect();
        assert_eq!(
            d.rows().iter().map(|r| r.tile.tile()).collect::<Vec<_>>(),
            kinds
        );
        for row in d.rows() {
            let mut rest = *c;
            rest.remove(row.tile.tile());
            let want = naive_useful(&rest, melds);
            assert_eq!(
                (row.shanten, row.useful.tiles, row.useful.count),
                want,
                "{c:?} {melds} -{:?}",
                row.tile
            );
        }
        assert!(useful(c, melds).is_err());
    }
}

#[test]
fn useful_ok_examples() {
    let (shanten, u) = useful(&counts("123m456p789s1111z"), 0).unwrap();
    assert_eq!(shanten, 1);
    assert!(!u.tiles.contains(crate::t!(1z)));
    check_useful(&counts("123m456p789s1111z"), 0);
    check_useful(&counts("19m19p19s1234567z"), 0);
    check_useful(&counts("1122334455667z"), 0);
    check_useful(&counts("5555m"), 3);
    check_useful(&counts("1z"), 4);
    check_useful(&counts("11z"), 4);
    check_useful(&counts("11112222333344m"), 0);
    check_useful(&counts("1112345678999m5m"), 0);
}

#[test]
fn discards_err_wrong_size() {
    assert!(matches!(
        discards(&counts("123m456p789s1111z"), 0),
        Err(HandError::WrongTileCount { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn useful_ok_matches_naive_random((c, melds) in hand_from(full_wall())) {
        check_useful(&c, melds);
    }

    #[test]
    fn useful_ok_matches_naive_flush((c, melds) in hand_from(flush_wall())) {
        check_useful(&c, melds);
    }

    #[test]
    fn useful_ok_matches_naive_orphans((c, melds) in hand_from(orphan_wall())) {
        check_useful(&c, melds);
    }
}

/// Terminals, honours and a few simples: seven pairs and thirteen orphans shapes.
fn orphan_wall() -> Vec<u8> {
    let kinds = [0u8, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, 4, 13];
    kinds
        .iter()
        .flat_map(|&k| (0..4).map(move |j| k * 4 + j))
        .collect()
}

/// [`discards_keeping`] is [`discards`] with only the rows at the hand's shanten, in the
/// same order; a 13 − 3k hand is an error for both.
fn check_discards_keeping(c: &TileCounts, melds: usize) {
    match discards(c, melds) {
        Ok(all) => {
            let kept = discards_keeping(c, melds).unwrap();
            assert_eq!(kept.shanten, all.shanten, "{c:?} {melds}");
            let want: Vec<_> = all
                .rows()
                .iter()
                .filter(|r| r.shanten == all.shanten)
                .copied()
                .collect();
            assert_eq!(kept.rows(), want.as_slice(), "{c:?} {melds}");
        }
        Err(e) => assert_eq!(discards_keeping(c, melds).unwrap_err(), e),
    }
}

#[test]
fn discards_keeping_ok_examples() {
    check_discards_keeping(&counts("123m456p789s11223z"), 0);
    check_discards_keeping(&counts("123m456p789s11222z"), 0);
    check_discards_keeping(&counts("11223344556677z"), 0);
    check_discards_keeping(&counts("19m19p19s12345677z"), 0);
    check_discards_keeping(&counts("11112222333344m"), 0);
    check_discards_keeping(&counts("55556m"), 3);
    check_discards_keeping(&counts("123m456p789s1111z"), 0);
    // Complete: no discard keeps it.
    let done = discards_keeping(&counts("123m456p789s11122z"), 0).unwrap();
    assert_eq!((done.shanten, done.rows().len()), (-1, 0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn discards_keeping_ok_matches_discards_random((c, melds) in hand_from(full_wall())) {
        check_discards_keeping(&c, melds);
    }

    #[test]
    fn discards_keeping_ok_matches_discards_flush((c, melds) in hand_from(flush_wall())) {
        check_discards_keeping(&c, melds);
    }

    #[test]
    fn discards_keeping_ok_matches_discards_orphans((c, melds) in hand_from(orphan_wall())) {
        check_discards_keeping(&c, melds);
    }

    #[test]
    fn discards_keeping_ok_matches_discards_knitted((c, melds) in hand_from(knitted_wall())) {
        check_discards_keeping(&c, melds);
    }
}

/// [`discards_keeping`] on the hands a tile-efficient player meets: from a random
/// 14 − 3k hand, throw a discard that keeps the shanten and draw a useful tile of the
/// row, until the hand is complete or the wall runs out; every 14 − 3k hand on the way
/// checked (seeded, 0 to 3 melds, so ready and one-from-ready hands are common).
#[test]
fn discards_keeping_ok_on_the_way_to_ready() {
    let mut rng = crate::util::rng::SplitMix64::new(29);
    let mut checked = 0;
    for round in 0..3_000u64 {
        let melds = (round % 4) as usize;
        let mut wall: Vec<u8> = (0..136).map(|i| (i / 4) as u8).collect();
        for i in (1..wall.len()).rev() {
            wall.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut c = TileCounts::new();
        for _ in 0..14 - 3 * melds {
            c.add(Tile::new_unchecked(wall.pop().unwrap()));
        }
        for _ in 0..30 {
            check_discards_keeping(&c, melds);
            checked += 1;
            let d = discards(&c, melds).unwrap();
            let rows: Vec<_> = d.rows().iter().filter(|r| r.shanten == d.shanten).collect();
            if d.shanten < 0 || rows.is_empty() {
                break;
            }
            let row = rows[rng.below(rows.len() as u64) as usize];
            c.remove(row.tile.tile());
            // A useful tile still in the wall, else any tile.
            let pick = wall
                .iter()
                .position(|&k| row.useful.tiles.contains(Tile::new_unchecked(k)))
                .unwrap_or(wall.len() - 1);
            c.add(Tile::new_unchecked(wall.swap_remove(pick)));
        }
    }
    assert!(checked > 10_000, "{checked}");
}
