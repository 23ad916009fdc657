use super::*;
use crate::notation::{format_pai, format_set, parse_hand, parse_tiles, Format};
use crate::t;

fn holding(hand: &str) -> Holding {
    Holding::from_hand(&parse_hand(hand).unwrap())
}

fn holding_melds(hand: &str, melds: usize) -> Holding {
    Holding::with_unlisted_melds(&parse_hand(hand).unwrap(), melds).unwrap()
}

fn riichi() -> Analyzer {
    Analyzer::new(Family::Riichi)
}

fn mcr() -> Analyzer {
    Analyzer::new(Family::Mcr)
}

fn visible(tiles: &str) -> TileCounts {
    parse_tiles(tiles)
        .unwrap()
        .iter()
        .map(|p| p.tile())
        .collect()
}

/// A discard table as `tile:shanten:useful:count` rows.
fn table(a: &Analyzer, hand: &str) -> Vec<String> {
    a.discards(&holding(hand))
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{}:{}:{}:{}",
                format_pai(d.tile, Format::Mpsz),
                d.shanten,
                format_set(d.useful.tiles),
                d.useful.count
            )
        })
        .collect()
}

#[test]
fn useful_ok_tenpai_waits() {
    let u = riichi().useful(&holding("123m406p789s1122z")).unwrap();
    assert_eq!(format_set(u.tiles), "12z");
    assert_eq!(u.count, 4);
    let a = riichi().analyze(&holding("123m406p789s1122z")).unwrap();
    let Analysis::Waiting(w) = a else {
        panic!("13 tiles wait")
    };
    assert_eq!(w.waits(), Some(u.tiles));
    assert_eq!(w.forms.shanten(), 0);
}

#[test]
fn useful_ok_one_shanten_has_no_waits() {
    // Three sets, a pair of East and two single honours: a triplet or a second pair of
    // an honour held, or a third East, makes tenpai.
    let h = holding("123m456p789s11z35z");
    let Analysis::Waiting(w) = riichi().analyze(&h).unwrap() else {
        panic!("13 tiles wait")
    };
    assert_eq!(w.forms.shanten(), 1);
    assert_eq!(w.waits(), None);
    assert_eq!(format_set(w.useful.tiles), "135z");
    assert_eq!(w.useful.count, 8);
}

#[test]
fn useful_ok_quad_held_is_not_a_wait() {
    // Exact shanten: 1111z waits on nothing; the hand is 1-shanten.
    let h = holding("123m456p789s1111z");
    let u = riichi().useful(&h).unwrap();
    assert!(!u.tiles.contains(t!(E)));
    assert_eq!(riichi().forms(h.concealed(), 0).unwrap().shanten(), 1);
}

#[test]
fn useful_ok_visible_lowers_count() {
    let h = holding("123m406p789s1122z");
    let u = riichi()
        .with_visible(visible("1z2z2z9m"))
        .useful(&h)
        .unwrap();
    assert_eq!(format_set(u.tiles), "12z", "seen tiles are still waits");
    assert_eq!(u.count, 1);
    let u = riichi()
        .with_visible(visible("1z1z2z2z"))
        .useful(&h)
        .unwrap();
    assert_eq!((format_set(u.tiles).as_str(), u.count), ("12z", 0));
}

#[test]
fn useful_ok_listed_meld_tiles_count_as_held() {
    // Waiting on 1m with a pon of 1m: one copy left, counted; with the meld only
    // counted (tiles unknown), two are left.
    let listed = holding("1m234p567p789s[111m]");
    assert_eq!(riichi().useful(&listed).unwrap().count, 0);
    let counted = holding_melds("1m234p567p789s", 1);
    assert_eq!(riichi().useful(&counted).unwrap().count, 3);
}

#[test]
fn useful_err_wrong_size_or_copies() {
    assert!(matches!(
        riichi().useful(&holding("123m406p789s11222z")),
        Err(HandError::WrongTileCount { .. })
    ));
    assert!(matches!(
        riichi().useful(&holding("123m")),
        Err(HandError::WrongTileCount { .. })
    ));
    assert!(matches!(
        riichi()
            .with_visible(visible("1z1z1z"))
            .useful(&holding("123m406p789s1122z")),
        Err(HandError::TooManySeen {
            held: 2,
            seen: 3,
            ..
        })
    ));
    assert!(matches!(
        riichi()
            .with_visible(visible("1m1m"))
            .useful(&holding("1m234p567p789s[111m]")),
        Err(HandError::TooManySeen {
            held: 4,
            seen: 2,
            copies: 4,
            ..
        })
    ));
}

#[test]
fn with_unlisted_melds_ok_and_err() {
    let h = parse_hand("1m234p567p789s[111m]").unwrap();
    assert_eq!(
        Holding::with_unlisted_melds(&h, 0).unwrap(),
        Holding::from_hand(&h)
    );
    assert_eq!(Holding::with_unlisted_melds(&h, 3).unwrap().melds(), 4);
    assert!(matches!(
        Holding::with_unlisted_melds(&h, 4),
        Err(HandError::TooManyMelds { melds: 5 })
    ));
}

#[test]
fn discards_ok_best_first() {
    let rows = table(&riichi(), "123m406p789s1122z7z");
    assert_eq!(rows[0], "7z:0:12z:4");
    assert_eq!(rows.len(), 12);
    // Every other discard leaves a 1-shanten hand.
    assert!(rows[1..].iter().all(|r| r.split(':').nth(1) == Some("1")));
    let counts: Vec<u32> = rows[1..]
        .iter()
        .map(|r| r.rsplit(':').next().unwrap().parse().unwrap())
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{rows:?}");
}

#[test]
fn discards_ok_complete_hand() {
    let a = riichi().analyze(&holding("123m406p789s11222z")).unwrap();
    assert_eq!(a.shanten(), -1);
    let Analysis::Drawn(d) = a else {
        panic!("14 tiles drawn")
    };
    assert_eq!(d.discards[0].shanten, 0);
}

#[test]
fn discards_ok_red_five_entries() {
    // A red and a black 5p: two rows, black first on the tie.
    let rows = table(&riichi(), "123m4055p789s1122z");
    let fives: Vec<&String> = rows
        .iter()
        .filter(|r| r.contains("5p:") || r.contains("0p:"))
        .collect();
    assert_eq!(fives.len(), 2, "{rows:?}");
    let i5 = rows.iter().position(|r| r.starts_with("5p:")).unwrap();
    let i0 = rows.iter().position(|r| r.starts_with("0p:")).unwrap();
    assert_eq!(i0, i5 + 1);
    assert_eq!(rows[i5][2..], rows[i0][2..]);
    // Only a red five: one row, written red.
    let rows = table(&riichi(), "123m406p789s11223z");
    assert!(rows.iter().any(|r| r.starts_with("0p:")));
    assert!(!rows.iter().any(|r| r.starts_with("5p:")));
}

#[test]
fn discards_ok_with_melds() {
    let rows = table(&riichi(), "[123m][456p][789s]11z2z45s");
    assert_eq!(rows[0], "2z:0:36s:8");
    assert_eq!(rows.len(), 4);
}

#[test]
fn discards_err_waiting_hand() {
    assert!(riichi().discards(&holding("123m406p789s1122z")).is_err());
}

#[test]
fn improvements_ok_kanchan_to_ryanmen() {
    // 13m waits on 2m (4 left); drawing 4m and discarding 1m waits on 25m (8 left).
    let h = holding("13m456p789s123s55z");
    let imps = riichi().improvements(&h).unwrap();
    let four = imps.iter().find(|i| i.draw == t!(4m)).unwrap();
    assert_eq!(four.discard, t!(1m).black());
    assert_eq!(format_set(four.useful.tiles), "25m");
    assert_eq!(four.useful.count, 8);
    assert!(imps
        .windows(2)
        .all(|w| w[0].useful.count >= w[1].useful.count));
    assert!(imps.iter().all(|i| i.useful.count > 4));
    assert!(
        imps.iter().all(|i| i.draw != t!(2m)),
        "a useful tile is no improvement"
    );
}

#[test]
fn improvements_ok_none_when_far() {
    let h = holding("1289m3478p25s156z");
    assert!(riichi().forms(h.concealed(), 0).unwrap().shanten() > 1);
    assert!(riichi().improvements(&h).unwrap().is_empty());
}

#[test]
fn improvements_ok_skip_dead_draws() {
    // With every 4m seen, drawing 4m is no improvement.
    let h = holding("13m456p789s123s55z");
    let imps = riichi()
        .with_visible(visible("4m4m4m4m"))
        .improvements(&h)
        .unwrap();
    assert!(imps.iter().all(|i| i.draw != t!(4m)));
}

#[test]
fn forms_ok_family_keys() {
    let h = holding("35567m2344555p4z");
    let f = mcr().forms(h.concealed(), 0).unwrap();
    let keys: Vec<&str> = f.iter().map(|(form, _)| Family::Mcr.key(form)).collect();
    assert_eq!(
        keys,
        [
            "regular",
            "seven_pairs",
            "thirteen_orphans",
            "honors_and_knitted",
            "knitted_straight"
        ]
    );
    let f = riichi().forms(h.concealed(), 0).unwrap();
    let keys: Vec<&str> = f.iter().map(|(form, _)| Family::Riichi.key(form)).collect();
    assert_eq!(keys, ["regular", "chiitoitsu", "kokushi"]);
    assert_eq!(f.get(Form::HonorsAndKnitted), None);
}

#[test]
fn useful_by_form_ok_mcr_case() {
    // ms-000001 of data/mcr/shanten-seed1.jsonl.
    let u = mcr().useful_by_form(&holding("35567m2344555p4z")).unwrap();
    let got: Vec<(&str, Option<String>)> = u
        .by_form
        .iter()
        .map(|(f, s)| (f.id(), s.map(format_set)))
        .collect();
    let want = [
        ("regular", "4m1346p4z"),
        ("seven_pairs", "367m235p4z"),
        ("thirteen_orphans", "19m19p19s1234567z"),
        ("honors_and_knitted", "9m8p147s123567z"),
        ("knitted_straight", "9m8p147s"),
    ];
    for ((f, s), (wf, ws)) in got.iter().zip(want) {
        assert_eq!((*f, s.as_deref()), (wf, Some(ws)));
    }
    assert_eq!(format_set(u.all), "4m1346p4z");
}

mod fast_path {
    use super::*;
    use proptest::prelude::*;

    /// A full hand of `13 − 3k` or `14 − 3k` tiles drawn from a wall (no kind more than
    /// four times), with `k` unlisted melds.
    fn dealt() -> impl Strategy<Value = (TileCounts, usize)> {
        (0usize..=4, 0usize..=1, Just(()))
            .prop_flat_map(|(melds, extra, ())| {
                let n = 13 - 3 * melds + extra;
                (
                    proptest::sample::subsequence((0..136u8).collect::<Vec<_>>(), n),
                    Just(melds),
                )
            })
            .prop_map(|(picks, melds)| {
                let counts = picks
                    .into_iter()
                    .map(|i| Tile::new_unchecked(i / 4))
                    .collect();
                (counts, melds)
            })
    }

    /// The analyzer's useful tiles and discard rows of `counts` (with `melds` unlisted
    /// melds) against evaluating every draw.
    fn agrees_with_every_draw(
        a: &Analyzer,
        counts: TileCounts,
        melds: usize,
    ) -> Result<(), TestCaseError> {
        let base = a.forms(&counts, melds).unwrap().shanten();
        let hand = Hand::from_counts(counts).expect("at most 4 of a kind");
        let h = Holding::with_unlisted_melds(&hand, melds).unwrap();
        match h.size().unwrap() {
            HandSize::Waiting => {
                prop_assert_eq!(
                    a.useful_kinds(&counts, melds, base).unwrap(),
                    a.useful_by_draws(&counts, melds, base).unwrap()
                );
            }
            HandSize::Drawn => {
                for row in a.discards(&h).unwrap() {
                    let mut rest = counts;
                    rest[row.tile.tile()] -= 1;
                    let s = a.forms(&rest, melds).unwrap().shanten();
                    prop_assert_eq!(row.shanten, s);
                    prop_assert_eq!(
                        row.useful.tiles,
                        a.useful_by_draws(&rest, melds, s).unwrap()
                    );
                }
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The table-driven Riichi useful tiles and discard tables of `shanten` agree
        /// with evaluating every draw.
        #[test]
        fn riichi_fast_path_ok_matches_every_draw((counts, melds) in dealt()) {
            agrees_with_every_draw(&riichi(), counts, melds)?;
        }

        /// The same on the three-player wall, where the table path answers for hands
        /// with at most three 1m and three 9m, the kinds kept to the wall's.
        #[test]
        fn riichi_fast_path_ok_three_player((melds, picks) in (0usize..=4, 0usize..=1)
            .prop_flat_map(|(melds, extra)| {
                let n = 13 - 3 * melds + extra;
                (Just(melds), proptest::sample::subsequence((0..108u8).collect::<Vec<_>>(), n))
            }))
        {
            let sanma = Wall::three_player([0, 1, 1]);
            let kinds: Vec<Tile> = sanma.kinds().iter().collect();
            let counts: TileCounts = picks.iter().map(|&i| kinds[usize::from(i / 4)]).collect();
            agrees_with_every_draw(&riichi().with_wall(sanma), counts, melds)?;
        }
    }
}

#[test]
fn left_ok_counts_match_the_sum() {
    let known = *holding("1112345678999m[EEE]").known();
    let seen = visible("1m5m5m9pE");
    let left = Left::new(&Wall::default(), &known, &seen);
    let all = TileSet::ALL;
    let want: u32 = Tile::all()
        .map(|t| 4u32.saturating_sub(u32::from(known[t]) + u32::from(seen[t])))
        .sum();
    assert_eq!(left.count(all), want);
    let s: TileSet = [t!(1m), t!(5m), t!(9p), t!(E), t!(S)].into_iter().collect();
    // 1m: 4 − 3 − 1; 5m: 4 − 1 − 2; 9p: 4 − 1; East: 4 − 3 − 1; South: 4.
    assert_eq!(left.count(s), 1 + 3 + 4);
}
