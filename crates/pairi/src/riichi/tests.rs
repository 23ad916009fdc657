//! Unit tests written as hands: every yaku, fu item, limit, preset difference and
//! impossible situation.

use super::rules::{
    DoubleWindFu, KazoeLimit, OpenKanDora, OpenPinfuFu, PaoHonba, PinfuTsumoFu, RedFives, Renhou,
    RinshanFu,
};
use super::*;
use crate::notation::{parse_hand_unchecked, parse_tile};
use crate::tile::Wind;

/// Scores `hand` (melds in brackets) under `rules`. `spec` holds space-separated
/// words: `tsumo riichi double ippatsu rinshan chankan haitei houtei tenhou chiihou
/// renhou`, and `win=T seat=W round=W dora=T,T ura=T honba=N sticks=N`. The winning
/// tile defaults to the last concealed tile written; winds default to East; `kita=N`
/// sets North tiles aside (three players).
fn score_with(hand: &str, spec: &str, rules: &Rules) -> Result<Score, ScoreError> {
    let h = parse_hand_unchecked(hand).unwrap();
    let mut flags = Flags::default();
    let (mut round, mut seat) = (Wind::East, Wind::East);
    let mut win = h.last().unwrap();
    let (mut dora, mut ura) = (Vec::new(), Vec::new());
    let (mut honba, mut sticks, mut kita) = (0, 0, 0);
    for word in spec.split_whitespace() {
        match word.split_once('=') {
            None => match word {
                "tsumo" => flags.tsumo = true,
                "riichi" => flags.riichi = true,
                "double" => flags.double_riichi = true,
                "ippatsu" => flags.ippatsu = true,
                "rinshan" => flags.rinshan = true,
                "chankan" => flags.chankan = true,
                "haitei" => flags.haitei = true,
                "houtei" => flags.houtei = true,
                "tenhou" => flags.tenhou = true,
                "chiihou" => flags.chiihou = true,
                "renhou" => flags.renhou = true,
                _ => panic!("unknown flag {word}"),
            },
            Some(("win", t)) => win = parse_tile(t).unwrap(),
            Some(("seat", w)) => seat = crate::notation::parse_wind(w).unwrap(),
            Some(("round", w)) => round = crate::notation::parse_wind(w).unwrap(),
            Some(("dora", ts)) => dora = ts.split(',').map(|t| parse_tile(t).unwrap()).collect(),
            Some(("ura", ts)) => ura = ts.split(',').map(|t| parse_tile(t).unwrap()).collect(),
            Some(("honba", n)) => honba = n.parse().unwrap(),
            Some(("sticks", n)) => sticks = n.parse().unwrap(),
            Some(("kita", n)) => kita = n.parse().unwrap(),
            _ => panic!("unknown word {word}"),
        }
    }
    let ctx =
        WinContext::new(win, flags, round, seat, &dora, &ura, honba, sticks)?.with_kita(kita)?;
    score(&h, &ctx, rules)
}

fn score_of(hand: &str, spec: &str) -> Result<Score, ScoreError> {
    score_with(hand, spec, &Rules::default())
}

fn ok(hand: &str, spec: &str) -> Score {
    score_of(hand, spec).unwrap_or_else(|e| panic!("{hand} {spec}: {e}"))
}

fn yaku(s: &Score) -> Vec<(&'static str, u8)> {
    s.yaku.iter().map(|v| (v.yaku.id(), v.value)).collect()
}

/// Asserts the hand has exactly these yaku (ids with han or multiplier).
#[track_caller]
fn assert_yaku(hand: &str, spec: &str, want: &[(&str, u8)]) {
    let s = ok(hand, spec);
    assert_eq!(yaku(&s), want, "{hand} {spec}: {}", s.reading);
}

/// Asserts the hand has this yaku among others.
#[track_caller]
fn assert_has(hand: &str, spec: &str, id: &str, value: u8) {
    let s = ok(hand, spec);
    assert!(
        yaku(&s).contains(&(id, value)),
        "{hand} {spec}: want {id} {value}, got {:?}",
        yaku(&s)
    );
}

fn fu_items(s: &Score) -> Vec<(&'static str, u8)> {
    s.fu_detail
        .items
        .iter()
        .map(|i| (i.reason.id(), i.fu))
        .collect()
}

fn err(hand: &str, spec: &str) -> ScoreError {
    match score_of(hand, spec) {
        Ok(s) => panic!("{hand} {spec}: scored {:?}", yaku(&s)),
        Err(e) => e,
    }
}

fn impossible(hand: &str, spec: &str) -> Impossible {
    match err(hand, spec) {
        ScoreError::Impossible(i) => i,
        e => panic!("{hand} {spec}: want impossible, got {e}"),
    }
}

/// A closed all-simples pinfu shape waiting 4-7p (won on 7p).
const PINFU: &str = "234m345678s55p567p";

// ---------------------------------------------------------------- situation yaku

#[test]
fn yaku_ok_riichi_pinfu_tanyao() {
    assert_yaku(
        PINFU,
        "riichi",
        &[("riichi", 1), ("pinfu", 1), ("tanyao", 1)],
    );
}

#[test]
fn yaku_ok_double_riichi_replaces_riichi() {
    assert_yaku(
        PINFU,
        "riichi double",
        &[("double_riichi", 2), ("pinfu", 1), ("tanyao", 1)],
    );
}

#[test]
fn yaku_ok_ippatsu() {
    assert_has(PINFU, "riichi ippatsu", "ippatsu", 1);
}

#[test]
fn yaku_ok_menzen_tsumo_only_closed() {
    assert_has(PINFU, "tsumo", "menzen_tsumo", 1);
    let s = ok("234m345s55p567p[678s]", "tsumo");
    assert!(!yaku(&s).iter().any(|(id, _)| *id == "menzen_tsumo"));
}

#[test]
fn yaku_ok_rinshan_kaihou() {
    assert_yaku(
        "234m456p55m678s[1111s]",
        "tsumo rinshan",
        &[("menzen_tsumo", 1), ("rinshan_kaihou", 1)],
    );
}

#[test]
fn yaku_ok_chankan() {
    assert_has(PINFU, "chankan win=7p", "chankan", 1);
}

#[test]
fn yaku_ok_haitei_and_houtei() {
    assert_has("234m345s55p567p[678s]", "tsumo haitei", "haitei", 1);
    assert_has("234m345s55p567p[678s]", "houtei", "houtei", 1);
}

#[test]
fn yaku_ok_tenhou_chiihou() {
    assert_yaku(PINFU, "tsumo tenhou", &[("tenhou", 1)]);
    assert_yaku(PINFU, "tsumo chiihou seat=S", &[("chiihou", 1)]);
}

// ---------------------------------------------------------------- hand yaku

#[test]
fn yaku_ok_pinfu_needs_two_sided_wait() {
    // 6p is the middle of 567p: kanchan, no pinfu.
    let s = ok("234m345678s55p576p", "riichi win=6p");
    assert_eq!(yaku(&s), [("riichi", 1), ("tanyao", 1)]);
    // A valued pair breaks pinfu.
    let s = ok("234m345678s567p11z", "riichi round=E seat=S win=7p");
    assert_eq!(yaku(&s), [("riichi", 1)]);
}

#[test]
fn yaku_ok_tanyao_open_by_rule() {
    assert_yaku("234m345s55p567p[678s]", "", &[("tanyao", 1)]);
    let closed_only = Rules {
        open_tanyao: false,
        ..Rules::default()
    };
    assert_eq!(
        score_with("234m345s55p567p[678s]", "", &closed_only).unwrap_err(),
        ScoreError::NoYaku
    );
}

#[test]
fn yaku_ok_iipeikou() {
    assert_yaku(
        "112233m456p789s55p",
        "riichi win=3m",
        &[("riichi", 1), ("iipeikou", 1)],
    );
}

#[test]
fn yaku_ok_ryanpeikou_not_chiitoitsu() {
    assert_yaku(
        "112233m445566p55s",
        "win=6p",
        &[("pinfu", 1), ("ryanpeikou", 3)],
    );
}

#[test]
fn yaku_ok_dragons() {
    assert_has("234m456p789s55m555z", "win=5z", "yakuhai_haku", 1);
    assert_has("234m456p789s55m666z", "win=6z", "yakuhai_hatsu", 1);
    assert_has("234m456p789s55m777z", "win=7z", "yakuhai_chun", 1);
}

#[test]
fn yaku_ok_winds() {
    assert_yaku(
        "234m456p789s55m222z",
        "seat=S round=E win=2z",
        &[("yakuhai_seat_wind", 1)],
    );
    assert_yaku(
        "234m456p789s55m111z",
        "seat=S round=E win=1z",
        &[("yakuhai_round_wind", 1)],
    );
    // A double wind appears as both ids.
    assert_yaku(
        "234m456p789s55m111z",
        "seat=E round=E win=1z",
        &[("yakuhai_round_wind", 1), ("yakuhai_seat_wind", 1)],
    );
    let s = score_of("234m456p789s55m333z", "seat=S round=E win=3z").unwrap_err();
    assert_eq!(s, ScoreError::NoYaku);
}

#[test]
fn yaku_ok_chiitoitsu() {
    let s = ok("1133m2266p4477s55z", "win=5z");
    assert_eq!(yaku(&s), [("chiitoitsu", 2)]);
    assert_eq!((s.fu, fu_items(&s)), (25, vec![("chiitoitsu", 25)]));
    // Four of a kind is not two pairs in Riichi.
    assert_eq!(
        score_of("1111m2266p4477s55z", "win=5z").unwrap_err(),
        ScoreError::NotWinning
    );
}

#[test]
fn yaku_ok_sanshoku_doujun_closed_and_open() {
    assert_has("123789m123p123s55z", "win=9m", "sanshoku_doujun", 2);
    assert_has("789m123p123s55z[123m]", "win=9m", "sanshoku_doujun", 1);
}

#[test]
fn yaku_ok_ittsu() {
    assert_has("123456789m234p55s", "win=9m", "ittsu", 2);
    assert_has("456789m234p55s[123m]", "win=9m", "ittsu", 1);
}

#[test]
fn yaku_ok_chanta_and_junchan() {
    assert_yaku("123999m789p123s11z", "win=3s", &[("chanta", 2)]);
    assert_yaku("123999m789p123s11s", "win=3s", &[("junchan", 3)]);
    assert_yaku("999m789p123s11s[123m]", "win=3s", &[("junchan", 2)]);
    // No sequence: honroutou, not chanta.
    let s = ok("111999m999p11z[111s]", "win=1z");
    assert!(!yaku(&s).iter().any(|(id, _)| *id == "chanta"));
}

#[test]
fn yaku_ok_toitoi_and_sanankou() {
    assert_yaku(
        "222p333s444z55z[111m]",
        "win=5z",
        &[("toitoi", 2), ("sanankou", 2)],
    );
    // Ron on the shanpon makes that triplet open: no sanankou.
    assert_yaku("222p333s55z444z[111m]", "win=4z", &[("toitoi", 2)]);
    // Won in a sequence: three concealed triplets.
    assert_yaku("111m222p333s55z456s", "win=6s", &[("sanankou", 2)]);
}

#[test]
fn yaku_ok_sanshoku_doukou() {
    assert_has("222m222p456s55z[222s]", "win=6s", "sanshoku_doukou", 2);
}

#[test]
fn yaku_ok_sankantsu() {
    assert_yaku(
        "456s55z[1111m][2222p,1][3333s,5]",
        "win=6s",
        &[("sankantsu", 2)],
    );
}

#[test]
fn yaku_ok_shousangen() {
    assert_yaku(
        "123m456p555z666z77z",
        "win=7z",
        &[("yakuhai_haku", 1), ("yakuhai_hatsu", 1), ("shousangen", 2)],
    );
}

#[test]
fn yaku_ok_honroutou() {
    assert_yaku(
        "999p111s999s11z[111m]",
        "win=1z",
        &[("toitoi", 2), ("sanankou", 2), ("honroutou", 2)],
    );
    assert_has("1199m1199p1199s11z", "win=1z", "honroutou", 2);
}

#[test]
fn yaku_ok_honitsu_and_chinitsu() {
    assert_has("123456789m111z55z", "win=5z", "honitsu", 3);
    assert_has("456789m111z55z[123m]", "win=5z", "honitsu", 2);
    assert_has("11223344556677p", "win=7p", "chinitsu", 6);
    assert_has("234567789p55p[123p]", "win=9p", "chinitsu", 5);
}

// ---------------------------------------------------------------- yakuman

#[test]
fn yakuman_ok_kokushi_single_and_13() {
    let s = ok("19m19p19s12345677z", "win=1m");
    assert_eq!((yaku(&s), s.yakuman), (vec![("kokushi", 1)], 1));
    let s = ok("19m19p19s12345677z", "win=7z");
    assert_eq!((yaku(&s), s.yakuman), (vec![("kokushi_13", 2)], 2));
}

#[test]
fn yakuman_ok_suuankou() {
    assert_yaku("111m222p333s55z444z", "tsumo win=4z", &[("suuankou", 1)]);
    assert_yaku("111m222p333s444z55z", "win=5z", &[("suuankou_tanki", 2)]);
    // Ron on the shanpon: toitoi + sanankou, not a yakuman.
    assert_yaku(
        "111m222p333s55z444z",
        "win=4z",
        &[("toitoi", 2), ("sanankou", 2)],
    );
}

#[test]
fn yakuman_ok_dragons_and_winds() {
    assert_yaku("123m555z666z777z11p", "win=1p", &[("daisangen", 1)]);
    assert_yaku("123m111z222z333z44z", "win=4z", &[("shousuushii", 1)]);
    assert_yaku("55m222z333z444z[111z]", "win=5m", &[("daisuushii", 2)]);
}

#[test]
fn yakuman_ok_tsuuiisou_ryuuiisou_chinroutou() {
    assert_yaku("222z555z666z77z[111z]", "win=7z", &[("tsuuiisou", 1)]);
    assert_yaku("223344s666z888s66s", "win=6s", &[("ryuuiisou", 1)]);
    assert_yaku("999m111p999p11s[111m]", "win=1s", &[("chinroutou", 1)]);
}

#[test]
fn yakuman_ok_chuuren_and_junsei() {
    assert_yaku("11123456789999m", "win=1m", &[("chuuren", 1)]);
    assert_yaku("11123456789999m", "win=9m", &[("junsei_chuuren", 2)]);
}

#[test]
fn yakuman_ok_suukantsu_and_stacking() {
    assert_yaku(
        "33m[2222s,1][1111s][5555z,1][6666z,5]",
        "win=3m",
        &[("suukantsu", 1)],
    );
    // All honours + big three dragons + four concealed triplets on a pair wait.
    let s = ok("555z666z777z111z22z", "win=2z");
    assert_eq!(
        yaku(&s),
        [("suuankou_tanki", 2), ("daisangen", 1), ("tsuuiisou", 1)]
    );
    assert_eq!((s.yakuman, s.total), (4, 192_000));
}

// ---------------------------------------------------------------- dora

#[test]
fn dora_ok_counted_with_yaku_only() {
    let s = ok("234m345678s5p0p567p", "riichi win=7p dora=4p ura=3m");
    assert_eq!(
        yaku(&s),
        [
            ("riichi", 1),
            ("pinfu", 1),
            ("tanyao", 1),
            ("dora", 3),
            ("aka_dora", 1),
            ("ura_dora", 1)
        ]
    );
    // Dora alone are not a yaku.
    let e = score_of("234m345s55p567p[678s]", "dora=4p");
    assert!(e.is_ok());
    let e = score_of("234m345s55p567p[789s]", "dora=4p").unwrap_err();
    assert_eq!(e, ScoreError::NoYaku);
}

#[test]
fn dora_ok_not_on_yakuman() {
    let s = ok("555z666z777z123m11p", "win=1p dora=4z");
    assert_eq!((yaku(&s), s.han), (vec![("daisangen", 1)], 0));
}

// ---------------------------------------------------------------- fu

#[test]
fn fu_ok_pinfu_ron_and_tsumo() {
    let s = ok(PINFU, "");
    assert_eq!(fu_items(&s), [("base", 20), ("closed_ron", 10)]);
    let s = ok(PINFU, "tsumo");
    assert_eq!((s.fu, fu_items(&s)), (20, vec![("base", 20)]));
    let thirty = Rules {
        pinfu_tsumo_fu: PinfuTsumoFu::Thirty,
        ..Rules::default()
    };
    let s = score_with(PINFU, "tsumo", &thirty).unwrap();
    assert_eq!(s.fu, 30);
    assert!(yaku(&s).contains(&("pinfu", 1)));
}

#[test]
fn fu_ok_waits() {
    let s = ok("234m345678s55p576p", "riichi win=6p");
    assert!(fu_items(&s).contains(&("kanchan", 2)));
    let s = ok("234m345678s55p123p", "riichi win=3p");
    assert!(fu_items(&s).contains(&("penchan", 2)));
    let s = ok("234m345678s567p1p1p", "riichi win=1p");
    assert!(fu_items(&s).contains(&("tanki", 2)));
}

#[test]
fn fu_ok_valued_pairs() {
    let s = ok("234m345678s567p55z", "riichi win=7p");
    assert!(
        fu_items(&s).contains(&("valued_pair", 2)),
        "{:?}",
        fu_items(&s)
    );
    let s = ok("234m345678s567p11z", "riichi win=7p round=E seat=E");
    assert!(fu_items(&s).contains(&("valued_pair", 4)));
    let two = Rules {
        double_wind_fu: DoubleWindFu::Two,
        ..Rules::default()
    };
    let s = score_with("234m345678s567p11z", "riichi win=7p round=E seat=E", &two).unwrap();
    assert!(fu_items(&s).contains(&("valued_pair", 2)));
}

#[test]
fn fu_ok_sets() {
    // Open simple 2, open terminal 4, concealed simple 4, concealed honour 8.
    let s = ok("222m111z55p[333p][999s]", "tsumo win=5p");
    assert_eq!(
        fu_items(&s),
        [
            ("base", 20),
            ("tsumo", 2),
            ("tanki", 2),
            ("closed_triplet", 4),
            ("closed_triplet", 8),
            ("open_triplet", 2),
            ("open_triplet", 4),
            ("rounding", 8)
        ]
    );
    // Quads: open 8 / 16, concealed 16 / 32.
    let s = ok(
        "55p[2222p,1][9999s,5][3333s][1111z]",
        "win=5p seat=S round=S",
    );
    let quads: Vec<_> = fu_items(&s)
        .into_iter()
        .filter(|(r, _)| r.ends_with("quad"))
        .collect();
    assert_eq!(
        quads,
        [
            ("open_quad", 8),
            ("open_quad", 16),
            ("closed_quad", 16),
            ("closed_quad", 32)
        ]
    );
}

#[test]
fn fu_ok_ron_on_shanpon_is_open() {
    let s = ok("234m567p55s999s888s", "riichi win=8s");
    assert!(fu_items(&s).contains(&("open_triplet", 2)));
    assert!(fu_items(&s).contains(&("closed_triplet", 8)));
}

#[test]
fn fu_ok_open_no_fu_is_thirty() {
    let s = ok("234m345s55p567p[678s]", "");
    assert_eq!(
        (s.fu, fu_items(&s)),
        (30, vec![("base", 20), ("open_no_fu", 10)])
    );
    let twenty = Rules {
        open_pinfu_fu: OpenPinfuFu::Twenty,
        ..Rules::default()
    };
    assert_eq!(
        score_with("234m345s55p567p[678s]", "", &twenty).unwrap().fu,
        20
    );
}

#[test]
fn fu_ok_rinshan_tsumo_fu_by_rule() {
    let s = ok("234m456p55m678s[1111s]", "tsumo rinshan");
    assert!(fu_items(&s).contains(&("tsumo", 2)));
    let none = Rules {
        rinshan_fu: RinshanFu::NoTsumoFu,
        ..Rules::default()
    };
    let s = score_with("234m456p55m678s[1111s]", "tsumo rinshan", &none).unwrap();
    assert!(!fu_items(&s).contains(&("tsumo", 2)));
}

// ---------------------------------------------------------------- limits and payments

#[test]
fn limit_ok_table() {
    let r = Rules::default();
    let cases = [
        ((1, 30), (240, None)),
        ((3, 60), (1920, None)),
        ((3, 70), (2000, Some(Limit::Mangan))),
        ((4, 30), (1920, None)),
        ((4, 40), (2000, Some(Limit::Mangan))),
        ((5, 30), (2000, Some(Limit::Mangan))),
        ((6, 30), (3000, Some(Limit::Haneman))),
        ((8, 30), (4000, Some(Limit::Baiman))),
        ((11, 30), (6000, Some(Limit::Sanbaiman))),
        ((13, 30), (8000, Some(Limit::KazoeYakuman))),
    ];
    for ((han, fu), want) in cases {
        assert_eq!(score::basic_points(han, fu, &r), want, "{han} han {fu} fu");
    }
    let kiriage = Rules {
        kiriage: true,
        ..Rules::default()
    };
    assert_eq!(
        score::basic_points(4, 30, &kiriage),
        (2000, Some(Limit::Mangan))
    );
    assert_eq!(
        score::basic_points(3, 60, &kiriage),
        (2000, Some(Limit::Mangan))
    );
    let sanbaiman = Rules {
        kazoe: KazoeLimit::Sanbaiman,
        ..Rules::default()
    };
    assert_eq!(
        score::basic_points(14, 30, &sanbaiman),
        (6000, Some(Limit::Sanbaiman))
    );
}

#[test]
fn payments_ok_ron_tsumo_dealer_honba() {
    // Riichi only, kanchan: 1 han 40 fu, 1300 ron (2000 from the dealer's ron).
    let hand = "123m345678s55p576p";
    let s = ok(hand, "riichi win=6p seat=S");
    assert_eq!((s.han, s.fu), (1, 40));
    assert_eq!(
        (s.payments, s.total),
        (Payments::Ron { discarder: 1300 }, 1300)
    );
    let s = ok(hand, "riichi win=6p seat=E honba=2 sticks=1");
    assert_eq!(
        (s.payments, s.total, s.riichi_sticks),
        (Payments::Ron { discarder: 2600 }, 2600, 1000)
    );
    // Riichi tsumo, 2 han 30 fu: 500 / 1000 to a non-dealer, 1000 all to the dealer.
    let s = ok(hand, "riichi tsumo win=6p seat=S");
    assert_eq!((s.han, s.fu), (2, 30));
    assert_eq!(
        (s.payments, s.total),
        (
            Payments::Tsumo {
                dealer: 1000,
                non_dealer: 500
            },
            2000
        )
    );
    let s = ok(hand, "riichi tsumo win=6p seat=E honba=1");
    assert_eq!(
        (s.payments, s.total),
        (Payments::DealerTsumo { each: 1100 }, 3300)
    );
}

#[test]
fn score_ok_best_reading_wins() {
    // 111222333m: three concealed triplets (sanankou) beat the iipeikou-free runs.
    let s = ok("111222333m456p77z", "riichi tsumo win=3m");
    assert!(yaku(&s).contains(&("sanankou", 2)), "{:?}", yaku(&s));
}

#[test]
fn kazoe_ok_yakuman_and_sanbaiman() {
    // riichi, tsumo, chinitsu, pinfu, ryanpeikou... 13+ han.
    let hand = "11223344556677p";
    let s = ok(hand, "riichi tsumo win=7p dora=1p");
    assert!(s.han >= 13, "{}", s.han);
    assert_eq!((s.limit, s.yakuman), (Some(Limit::KazoeYakuman), 1));
    let r = Preset::Wrc.rules();
    let s = score_with(hand, "riichi tsumo win=7p dora=1p", &r).unwrap();
    assert_eq!((s.limit, s.yakuman), (Some(Limit::Sanbaiman), 0));
}

// ---------------------------------------------------------------- presets

#[test]
fn preset_ok_double_yakuman_off() {
    let r = Preset::Tenhou.rules();
    let s = score_with("19m19p19s12345677z", "win=7z", &r).unwrap();
    assert_eq!((yaku(&s), s.yakuman), (vec![("kokushi_13", 1)], 1));
}

#[test]
fn preset_ok_stacking_off() {
    let r = Rules {
        yakuman_stacking: rules::YakumanStacking::Single,
        ..Rules::default()
    };
    let s = score_with("555z666z777z111z22z", "win=2z", &r).unwrap();
    assert_eq!((yaku(&s), s.yakuman), (vec![("suuankou_tanki", 2)], 2));
}

#[test]
fn preset_ok_red_fives() {
    let none = Preset::Wrc.rules();
    let e = score_with("234m345678s5p0p567p", "riichi win=7p", &none).unwrap_err();
    assert_eq!(e.kind(), "invalid_hand");
    let four = Rules {
        red_fives: RedFives::FourTwoPin,
        ..Rules::default()
    };
    let s = score_with("234m345678s00p567p", "riichi win=7p", &four).unwrap();
    assert!(yaku(&s).contains(&("aka_dora", 2)));
    let e = score_of("234m345678s00p567p", "riichi win=7p").unwrap_err();
    assert_eq!(e.kind(), "invalid_hand");
}

#[test]
fn preset_ok_renhou() {
    let hand = "123m345s55p567p798s";
    assert_eq!(
        score_of(hand, "renhou seat=S win=8s").unwrap_err(),
        ScoreError::NoYaku
    );
    let r = Preset::Ema.rules();
    let s = score_with(hand, "renhou seat=S win=8s", &r).unwrap();
    assert_eq!(
        (yaku(&s), s.limit, s.total),
        (vec![("renhou", 5)], Some(Limit::Mangan), 8000)
    );
    let r = Rules {
        renhou: Renhou::Yakuman,
        ..Rules::default()
    };
    let s = score_with(hand, "renhou seat=S win=8s", &r).unwrap();
    assert_eq!((yaku(&s), s.total), (vec![("renhou", 1)], 32000));
}

#[test]
fn preset_ok_every_preset_scores() {
    // Riichi, pinfu, tanyao without man tiles: a hand for three players too.
    for p in Preset::ALL {
        let r = p.rules();
        let s = score_with("234p345678s55p567p", "riichi", &r).unwrap();
        assert_eq!(s.han, 3, "{p:?}");
    }
    assert_eq!(Preset::MLeague.rules().double_wind_fu, DoubleWindFu::Two);
}

#[test]
fn nagashi_ok_by_rule() {
    let ctx = WinContext::tsumo(crate::t!(1m).black());
    assert_eq!(score::nagashi_mangan(&ctx, &Rules::default()), None);
    let r = Preset::Tenhou.rules();
    assert_eq!(
        score::nagashi_mangan(&ctx, &r),
        Some((Payments::DealerTsumo { each: 4000 }, 12000))
    );
}

// ---------------------------------------------------------------- errors

#[test]
fn score_err_impossible_situations() {
    assert_eq!(
        impossible(PINFU, "tsumo rinshan"),
        Impossible::RinshanWithoutKan
    );
    assert_eq!(
        impossible("234m345678s55p567p", "chankan win=5p"),
        Impossible::ChankanHeldCopy(crate::t!(5p))
    );
    assert_eq!(
        impossible(PINFU, "ippatsu"),
        Impossible::IppatsuWithoutRiichi
    );
    assert_eq!(
        impossible("234m456p55m678s[1111s]", "tsumo riichi ippatsu rinshan"),
        Impossible::IppatsuWithRinshan
    );
    assert_eq!(
        impossible("234m345s55p567p[678s]", "riichi"),
        Impossible::RiichiOpen
    );
    assert_eq!(
        impossible("234m345s55p567p[678s]", "riichi double"),
        Impossible::RiichiOpen
    );
    assert_eq!(
        impossible(PINFU, "tsumo tenhou riichi"),
        Impossible::FirstTurnWithRiichi
    );
    assert_eq!(
        impossible("234m456p55m678s[1111s]", "tsumo tenhou"),
        Impossible::FirstTurnWithMeld
    );
    assert_eq!(
        impossible(PINFU, "tsumo tenhou seat=S"),
        Impossible::FirstTurnWrongSeat
    );
    assert_eq!(
        impossible(PINFU, "tsumo chiihou seat=E"),
        Impossible::FirstTurnWrongSeat
    );
    assert_eq!(
        impossible("234m456p55m678s[1111s]", "tsumo rinshan haitei"),
        Impossible::HaiteiWithRinshan
    );
    assert_eq!(impossible(PINFU, "tsumo houtei"), Impossible::HouteiTsumo);
    assert_eq!(
        impossible(PINFU, "chankan houtei"),
        Impossible::HouteiWithChankan
    );
    assert_eq!(impossible(PINFU, "ura=1m"), Impossible::UraWithoutRiichi);
    assert_eq!(
        impossible(PINFU, "win=1z"),
        Impossible::WinNotInHand(crate::t!(1z).black())
    );
    assert_eq!(
        impossible("234m345678s55p56p", "win=6p"),
        Impossible::MissingWinningTile
    );
}

#[test]
fn score_err_invalid_tiles() {
    assert!(matches!(
        err("1111m345678s567p[111m]", "win=1m"),
        ScoreError::Hand(HandError::TooManyCopies { .. })
    ));
    // Five concealed copies are refused as the hand is read.
    assert_eq!(
        parse_hand_unchecked("11111m345678s567p").map_err(|e| e.kind()),
        Err(crate::ErrorKind::InvalidHand)
    );
    assert!(matches!(
        err("234m345678s00p567p", "win=7p"),
        ScoreError::Hand(HandError::TooManyRed { .. })
    ));
}

#[test]
fn score_err_not_winning_and_no_yaku() {
    assert_eq!(err("234m345678s55p568p", "win=8p"), ScoreError::NotWinning);
    assert_eq!(err("234m345s55p567p[789s]", ""), ScoreError::NoYaku);
    assert_eq!(ScoreError::NoYaku.kind(), "no_yaku");
    assert_eq!(ScoreError::NotWinning.kind(), "not_winning");
}

#[test]
fn score_ok_real_yakuman_beats_kazoe_at_equal_points() {
    // Chinitsu + iipeikou + haitei + tsumo + 3 dora is 13 han (kazoe), as much as the
    // suuankou reading of the same tiles: the real yakuman is the answer.
    let s = score_of("22233344059994p", "tsumo haitei round=S seat=N dora=8p").unwrap();
    assert_eq!(s.limit, Some(Limit::Yakuman));
    assert_eq!(
        s.yaku.iter().map(|v| v.yaku).collect::<Vec<_>>(),
        [Yaku::Suuankou]
    );
}

#[test]
fn score_ok_counters_never_overflow() {
    let s = score_of(
        "234m406p78999s[777z]",
        "seat=S honba=4294967295 sticks=4294967295",
    )
    .unwrap();
    assert_eq!(s.total, u32::MAX);
    assert_eq!(s.riichi_sticks, u32::MAX);
}

#[test]
fn score_err_impossible_indicators() {
    // Five 1m indicators; the hand's three 1m and two indicators.
    assert!(matches!(
        impossible("111m234p567p789s22z", "dora=1m,1m,1m,1m,1m"),
        Impossible::IndicatorCopies { .. }
    ));
    assert!(matches!(
        impossible("111m234p567p789s22z", "dora=1m,1m"),
        Impossible::IndicatorCopies { count: 5, .. }
    ));
    // A red five indicator with the red five in hand (one red five per suit).
    assert!(matches!(
        impossible("406m234p567p789s22z", "dora=0m"),
        Impossible::IndicatorRed { .. }
    ));
    assert_eq!(
        impossible("123m234p567p789s22z", "riichi dora=1s ura=2s,3s"),
        Impossible::MoreUraThanDora
    );
    // Four kongs show five indicators.
    assert_eq!(
        impossible("22z[1111m][2222p][3333s][4444s]", "dora=1z"),
        Impossible::TooFewIndicators { kongs: 4 }
    );
}

/// An open or added kong's indicator is turned after the kong's discard on Tenhou: a win
/// on its replacement tile counts only the indicators turned before the kong (one here).
/// Rules that turn it at once want one more; a closed kong's is always turned at once.
#[test]
fn kan_dora_ok_rinshan_after_open_kong_by_rule() {
    let tenhou = Preset::Tenhou.rules();
    let at_once = Rules {
        open_kan_dora: OpenKanDora::AtOnce,
        ..tenhou
    };
    for hand in ["234m567p234s9m9m[5555z,1]", "234m567p234s9m9m[5555z,5]"] {
        let s = score_with(hand, "tsumo rinshan seat=S dora=9s", &tenhou)
            .unwrap_or_else(|e| panic!("{hand}: {e}"));
        assert_eq!((s.han, s.fu, s.total), (2, 40, 2700), "{hand}");
        assert!(yaku(&s).contains(&("rinshan_kaihou", 1)), "{hand}");
        assert_eq!(
            score_with(hand, "tsumo rinshan dora=9s", &at_once).unwrap_err(),
            ScoreError::Impossible(Impossible::TooFewIndicators { kongs: 1 })
        );
        // Its second indicator, when given, counts.
        assert!(score_with(hand, "tsumo rinshan dora=9s,4z", &at_once).is_ok());
        // Only the replacement tile can be won before the indicator is turned.
        assert_eq!(
            score_with(hand, "tsumo dora=9s", &tenhou).unwrap_err(),
            ScoreError::Impossible(Impossible::TooFewIndicators { kongs: 1 })
        );
    }
    assert_eq!(
        score_with("234m567p234s9m9m[5555z]", "tsumo rinshan dora=9s", &tenhou).unwrap_err(),
        ScoreError::Impossible(Impossible::TooFewIndicators { kongs: 1 })
    );
    assert_eq!(Preset::Ema.rules().open_kan_dora, OpenKanDora::AtOnce);
    assert_eq!(
        Preset::MahjongSoul.rules().open_kan_dora,
        OpenKanDora::AfterDiscard
    );
}

/// Robbing an added kong (搶槓) keeps the robber's ippatsu: the kong never completes.
#[test]
fn yaku_ok_chankan_with_ippatsu() {
    let s = ok("23499m456789p46s5s", "riichi ippatsu chankan seat=W");
    assert_eq!(
        yaku(&s),
        [("riichi", 1), ("ippatsu", 1), ("chankan", 1)],
        "{}",
        s.reading
    );
    assert_eq!((s.han, s.fu, s.total), (3, 40, 5200));
}

/// The liable player (包) pays a self-draw alone and half a ron; the ron's honba go to
/// the player the rules name (Tenhou: the liable one; EMA: the discarder; or half each).
#[test]
fn liability_ok_honba_by_rule() {
    let tenhou = Preset::Tenhou.rules();
    let hand = "234m9s9s[555z,1][666z,2][777z,3]";
    let s = score_with(hand, "seat=S honba=1", &tenhou).unwrap();
    assert_eq!(s.total, 32300);
    let ctx = WinContext::ron(parse_tile("9s").unwrap())
        .with_winds(Wind::East, Wind::South)
        .unwrap()
        .with_counters(1, 0);
    let pay = score::liability(&s, &ctx, &tenhou);
    assert_eq!((pay.liable, pay.discarder), (16300, 16000));
    let ema = Rules {
        pao_honba: PaoHonba::Discarder,
        ..tenhou
    };
    let pay = score::liability(&s, &ctx, &ema);
    assert_eq!((pay.liable, pay.discarder), (16000, 16300));
    // Shared like the rest (the table's WRC preset): 150 each.
    let split = Rules {
        pao_honba: PaoHonba::Split,
        ..tenhou
    };
    let pay = score::liability(&s, &ctx, &split);
    assert_eq!((pay.liable, pay.discarder), (16150, 16150));
    // A self-draw: the liable player pays everything, honba included.
    let s = score_with(hand, "tsumo seat=S honba=1", &tenhou).unwrap();
    let ctx = WinContext::tsumo(parse_tile("9s").unwrap())
        .with_winds(Wind::East, Wind::South)
        .unwrap()
        .with_counters(1, 0);
    let pay = score::liability(&s, &ctx, &tenhou);
    assert_eq!((pay.liable, pay.discarder), (32300, 0));
}

/// Kiriage (切り上げ満貫): 4 han 30 fu and 3 han 60 fu paid as mangan, by rule.
#[test]
fn kiriage_ok_a_hand_by_rule() {
    let tenhou = Preset::Tenhou.rules();
    let kiriage = Rules {
        kiriage: true,
        ..tenhou
    };
    // Riichi, pinfu, tanyao and one dora: 4 han 30 fu.
    let hand = "234m567m45p678s88s6p";
    let s = score_with(hand, "riichi seat=W dora=4m", &tenhou).unwrap();
    assert_eq!((s.han, s.fu, s.total, s.limit), (4, 30, 7700, None));
    let s = score_with(hand, "riichi seat=W dora=4m", &kiriage).unwrap();
    assert_eq!(
        (s.han, s.fu, s.total, s.limit),
        (4, 30, 8000, Some(Limit::Mangan))
    );
}

/// The context is only changed through checked methods: an impossible situation
/// cannot be built from outside the module.
#[test]
fn context_changes_are_checked() {
    let win = crate::t!(1m).black();
    let tenhou = Flags {
        tsumo: true,
        tenhou: true,
        ..Flags::default()
    };
    let ctx = WinContext::tsumo(win).with_flags(tenhou).unwrap();
    assert_eq!(ctx.first_turn(), FirstTurn::Tenhou);
    // Tenhou belongs to the dealer: moving the winner to South is refused.
    assert_eq!(
        ctx.with_winds(Wind::East, Wind::South),
        Err(Impossible::FirstTurnWrongSeat)
    );
    // Ippatsu without riichi is refused.
    let ippatsu = Flags {
        ippatsu: true,
        ..Flags::default()
    };
    assert_eq!(
        WinContext::ron(win).with_flags(ippatsu),
        Err(Impossible::IppatsuWithoutRiichi)
    );
    // Ura dora need riichi.
    let p = crate::t!(2p).black();
    assert_eq!(
        WinContext::ron(win).with_indicators(&[p], &[p]),
        Err(Impossible::UraWithoutRiichi)
    );
    // Flags round-trip.
    let f = Flags {
        tsumo: true,
        riichi: true,
        ippatsu: true,
        haitei: true,
        ..Flags::default()
    };
    assert_eq!(WinContext::tsumo(win).with_flags(f).unwrap().flags(), f);
    let c = WinContext::ron(win).with_counters(3, 2);
    assert_eq!((c.honba(), c.riichi_sticks()), (3, 2));
}

/// Three-player mahjong (三麻): each difference of `docs/riichi-rules.md` as a hand.
mod sanma {
    use super::super::rules::{Players, ThreePlayerTsumo};
    use super::*;

    const SANMA: Rules = Preset::Default.rules().with_players(Players::Three);

    fn s3(hand: &str, spec: &str) -> Result<Score, ScoreError> {
        score_with(hand, spec, &SANMA)
    }

    fn ok3(hand: &str, spec: &str) -> Score {
        s3(hand, spec).unwrap_or_else(|e| panic!("{hand} {spec}: {e}"))
    }

    fn impossible3(hand: &str, spec: &str) -> Impossible {
        match s3(hand, spec) {
            Err(ScoreError::Impossible(i)) => i,
            other => panic!("{hand} {spec}: want impossible, got {other:?}"),
        }
    }

    /// Riichi, pure straight in pin, 123s and a 9s pair: 4 han closed before dora.
    const ITTSU: &str = "123456789p123s99s";

    #[test]
    fn wall_err_two_to_eight_man_and_red_man() {
        for hand in ["234m456p789s11z555z", "11z555z406m456p789s"] {
            let e = s3(hand, "").unwrap_err();
            assert_eq!(e.kind(), "invalid_hand", "{hand}: {e}");
        }
        // The same tiles are a hand with four players.
        assert!(score_of("234m456p789s11z555z", "").is_ok());
    }

    #[test]
    fn dora_ok_one_and_nine_man_indicate_each_other() {
        let hand = "111999m123p456s55z";
        let s = ok3(hand, "riichi dora=1m");
        assert!(yaku(&s).contains(&("dora", 3)), "{:?}", yaku(&s));
        let s = ok3(hand, "riichi dora=9m");
        assert!(yaku(&s).contains(&("dora", 3)), "{:?}", yaku(&s));
        // Four players: 1m indicates 2m.
        let s = ok(hand, "riichi dora=1m");
        assert!(
            !yaku(&s).iter().any(|&(id, _)| id == "dora"),
            "{:?}",
            yaku(&s)
        );
    }

    #[test]
    fn kita_ok_one_han_each_and_dora_on_them() {
        let s = ok3(ITTSU, "riichi kita=2");
        assert_eq!(
            yaku(&s),
            [("riichi", 1), ("ittsu", 2), ("kita", 2)],
            "{}",
            s.reading
        );
        // West indicates North: each North set aside is a dora too, and ura alike.
        let s = ok3(ITTSU, "riichi kita=2 dora=3z ura=3z");
        assert_eq!(
            yaku(&s),
            [
                ("riichi", 1),
                ("ittsu", 2),
                ("dora", 2),
                ("ura_dora", 2),
                ("kita", 2)
            ]
        );
        // Dora do not make a yaku: North dora neither.
        let e = s3("123p456p999p99s222z", "kita=4 dora=3z").unwrap_err();
        assert!(matches!(e, ScoreError::NoYaku), "{e}");
    }

    #[test]
    fn kita_ok_rinshan_on_its_replacement_draw() {
        assert!(yaku(&ok3(ITTSU, "tsumo riichi rinshan kita=1")).contains(&("rinshan_kaihou", 1)));
        assert_eq!(
            impossible3(ITTSU, "tsumo riichi rinshan"),
            Impossible::RinshanWithoutKan
        );
    }

    /// A completed kita ends every ippatsu, the kita player's own too (Tenhou): a win on
    /// its replacement tile is never ippatsu. A ron on the North being set aside is
    /// (a plain ron, no chankan), which the situation alone cannot tell from a ron after
    /// an earlier kita: ippatsu with kita is accepted.
    #[test]
    fn kita_ok_ippatsu_on_the_kita_not_after_it() {
        assert_eq!(
            impossible3(ITTSU, "tsumo riichi ippatsu rinshan kita=1"),
            Impossible::IppatsuWithRinshan
        );
        let s = ok3("123p456p678p234s44z", "riichi ippatsu seat=W");
        assert_eq!(yaku(&s), [("riichi", 1), ("ippatsu", 1)], "{}", s.reading);
        assert_eq!((s.fu, s.total), (40, 2600));
        assert!(yaku(&ok3(ITTSU, "riichi ippatsu kita=1")).contains(&("ippatsu", 1)));
    }

    #[test]
    fn kita_err_impossible_situations() {
        assert_eq!(
            impossible3("123p456p789p11s444z", "kita=2"),
            Impossible::TooManyNorths(5)
        );
        assert_eq!(impossible3(ITTSU, "kita=5"), Impossible::TooManyKita(5));
        assert_eq!(
            impossible3(ITTSU, "tsumo tenhou kita=1"),
            Impossible::FirstTurnWithKita
        );
        match score_of(ITTSU, "riichi kita=1") {
            Err(ScoreError::Impossible(i)) => assert_eq!(i, Impossible::KitaWithFourPlayers),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn seats_err_north_and_chi() {
        assert_eq!(
            impossible3(ITTSU, "riichi seat=N"),
            Impossible::ThreePlayerWind(Wind::North)
        );
        assert_eq!(
            impossible3(ITTSU, "riichi round=N seat=S"),
            Impossible::ThreePlayerWind(Wind::North)
        );
        assert_eq!(
            impossible3("456789p123s99s[123p]", ""),
            Impossible::ThreePlayerChi
        );
    }

    #[test]
    fn north_ok_a_guest_wind_for_every_seat() {
        let hand = "123p456p999p99s444z";
        for seat in ["E", "S", "W"] {
            let e = s3(hand, &format!("seat={seat}")).unwrap_err();
            assert!(matches!(e, ScoreError::NoYaku), "{seat}: {e}");
        }
        assert_yaku(hand, "seat=N", &[("yakuhai_seat_wind", 1)]);
    }

    #[test]
    fn payments_ok_tsumo_loss_and_north_split() {
        // 5 han: riichi, tsumo, ittsu, one dora (9s indicates 1s).
        let pays = |spec: &str, rules: &Rules| {
            let s = score_with(ITTSU, spec, rules).unwrap();
            (s.payments, s.total)
        };
        let split = Rules {
            three_player_tsumo: ThreePlayerTsumo::Split,
            ..SANMA
        };
        let non_dealer = "tsumo riichi dora=9s seat=S";
        assert_eq!(
            pays(non_dealer, &SANMA),
            (
                Payments::Tsumo {
                    dealer: 4000,
                    non_dealer: 2000
                },
                6000
            )
        );
        assert_eq!(
            pays(non_dealer, &split),
            (
                Payments::Tsumo {
                    dealer: 5000,
                    non_dealer: 3000
                },
                8000
            )
        );
        let dealer = "tsumo riichi dora=9s";
        assert_eq!(
            pays(dealer, &SANMA),
            (Payments::DealerTsumo { each: 4000 }, 8000)
        );
        assert_eq!(
            pays(dealer, &split),
            (Payments::DealerTsumo { each: 6000 }, 12000)
        );
        // Four players for contrast.
        assert_eq!(
            pays(non_dealer, &Rules::default()),
            (
                Payments::Tsumo {
                    dealer: 4000,
                    non_dealer: 2000
                },
                8000
            )
        );
        // Honba: 100 from each payer on a self-draw, 200 on a ron.
        assert_eq!(
            pays("tsumo riichi dora=9s seat=S honba=2", &SANMA),
            (
                Payments::Tsumo {
                    dealer: 4200,
                    non_dealer: 2200
                },
                6400
            )
        );
        assert_eq!(
            pays("riichi dora=9s seat=S honba=2", &SANMA),
            (Payments::Ron { discarder: 8400 }, 8400)
        );
    }

    #[test]
    fn presets_ok_double_yakuman_by_platform() {
        let kokushi = "19m19p19s1234567z1s";
        let count = |p: Preset| score_with(kokushi, "", &p.rules()).unwrap().yakuman;
        assert_eq!(count(Preset::MahjongSoulSanma), 2);
        assert_eq!(count(Preset::TenhouSanma), 1);
        assert_eq!(Preset::TenhouSanma.rules().players, Players::Three);
        assert_eq!(Preset::from_id("tenhou_sanma"), Some(Preset::TenhouSanma));
    }
}

mod every_reading {
    use super::super::score::score_by_every_reading;
    use super::*;
    use crate::hand::{Hand, Meld, MeldKind};
    use crate::tile::{Pai, Tile};
    use proptest::prelude::*;

    /// A block: a sequence (suit, start 1-7), or a triplet of any kind.
    fn block() -> impl Strategy<Value = (bool, u8)> {
        prop_oneof![
            (0u8..3, 0u8..7).prop_map(|(s, n)| (true, s * 9 + n)),
            (0u8..34).prop_map(|t| (false, t)),
        ]
    }

    /// A hand of four blocks and a pair (or seven random pairs), its first block
    /// declared or not, red fives, a winning tile among its tiles, and a situation.
    #[allow(clippy::type_complexity)]
    fn case() -> impl Strategy<Value = (Hand, WinContext, Rules)> {
        (
            (
                proptest::collection::vec(block(), 4),
                0u8..34,
                any::<bool>(),
            ),
            proptest::collection::vec(0u8..34, 7),
            (0u8..4, any::<[bool; 3]>(), 0usize..14),
            (any::<[bool; 4]>(), 0u8..4),
            (
                proptest::collection::vec((0u8..34, any::<bool>()), 0..3),
                0usize..3,
                0u32..3,
                0u8..3,
            ),
        )
            .prop_filter_map(
                "not a possible hand",
                |(
                    (blocks, pair, seven),
                    pairs,
                    (meld, red, win),
                    flags,
                    (dora, ura, honba, preset),
                )| {
                    let mut kinds = Vec::new();
                    if seven {
                        for p in pairs {
                            kinds.extend([p, p]);
                        }
                    } else {
                        for &(seq, t) in &blocks {
                            if seq {
                                kinds.extend([t, t + 1, t + 2]);
                            } else {
                                kinds.extend([t, t, t]);
                            }
                        }
                        kinds.extend([pair, pair]);
                    }
                    // The first block declared: a chi, a pon or a concealed kong.
                    let mut melds = Vec::new();
                    if !seven && meld > 0 {
                        let (seq, t) = blocks[0];
                        let first = Tile::new(t)?;
                        let m = match (seq, meld) {
                            (true, _) => Meld::chi(first, Some(0), 0).ok()?,
                            (false, 1) => Meld::set(MeldKind::Pon, first, None, 0).ok()?,
                            (false, _) => Meld::set(MeldKind::ClosedKan, first, None, 0).ok()?,
                        };
                        kinds.drain(..3);
                        melds.push(m);
                    }
                    let mut reds = red;
                    let mut pais: Vec<Pai> = Vec::new();
                    for &k in &kinds {
                        let t = Tile::new(k)?;
                        let s = k / 9;
                        let p = match t.red() {
                            Some(r) if k < 27 && reds[usize::from(s)] => {
                                reds[usize::from(s)] = false;
                                r
                            }
                            _ => t.black(),
                        };
                        pais.push(p);
                    }
                    let w = pais[win % pais.len()];
                    let hand = Hand::from_parts(&pais, melds).ok()?;
                    let [tsumo, riichi, ippatsu, south] = flags.0;
                    let f = Flags {
                        tsumo,
                        riichi,
                        ippatsu: riichi && ippatsu,
                        ..Flags::default()
                    };
                    let winds = [Wind::East, Wind::South, Wind::West, Wind::North];
                    let seat = winds[usize::from(flags.1)];
                    let round = if south { Wind::South } else { Wind::East };
                    let to_pai = |&(t, r): &(u8, bool)| {
                        let t = Tile::new(t)?;
                        Some(if r {
                            t.red().unwrap_or(t.black())
                        } else {
                            t.black()
                        })
                    };
                    let dora_tiles: Vec<Pai> = dora.iter().map(to_pai).collect::<Option<_>>()?;
                    let ura_tiles: Vec<Pai> = if riichi {
                        dora_tiles.iter().copied().take(ura).collect()
                    } else {
                        Vec::new()
                    };
                    let ctx = WinContext::new(w, f, round, seat, &dora_tiles, &ura_tiles, honba, 1)
                        .ok()?;
                    let rules =
                        [Preset::Tenhou, Preset::Wrc, Preset::Ema][usize::from(preset)].rules();
                    Some((hand, ctx, rules))
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// Scoring each reading as the decomposition finds it, with the hand's copies
        /// checked together with the indicators', answers as listing every reading
        /// first and checking the hand on its own first: same score, same error.
        #[test]
        fn score_ok_same_as_every_reading_first((hand, ctx, rules) in case()) {
            prop_assert_eq!(score(&hand, &ctx, &rules), score_by_every_reading(&hand, &ctx, &rules));
        }
    }
}
