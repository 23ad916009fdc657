//! One test per fan and per exclusion, written as hands: each states the whole fan list
//! of its hand, so a fan that should not combine is shown absent.
//!
//! Situation words: `tsumo`, `kong` (with `tsumo` a replacement tile, without it robbing
//! the kong), `last` (last tile of the wall), `fourth` (和绝张), `flowers=N`,
//! `round=S`, `seat=W`, `strict` (the strict 1998 rules), `separate` (concealed kong
//! and melded kong scored apart), `outside_knitted` (knitted straight waits only outside
//! the knitted straight). East round, East seat and a discard otherwise.

use super::*;
use crate::notation::{parse_hand, parse_tile};
use crate::tile::Tile;
use Fan::*;

fn situation(win: &str, words: &str) -> (WinContext, Rules) {
    let win = parse_tile(win).unwrap().tile();
    let mut ctx = WinContext::new(win);
    let mut rules = Rules::default();
    let (mut tsumo, mut kong) = (false, false);
    for w in words.split_whitespace() {
        match w.split_once('=') {
            Some(("flowers", n)) => ctx.flowers = n.parse().unwrap(),
            Some(("round", c)) => ctx.round_wind = crate::notation::parse_wind(&c[..1]).unwrap(),
            Some(("seat", c)) => ctx.seat_wind = crate::notation::parse_wind(&c[..1]).unwrap(),
            _ => match w {
                "tsumo" => tsumo = true,
                "kong" => kong = true,
                "last" => ctx.last_of_wall = true,
                "fourth" => ctx.fourth_tile = true,
                "strict" => rules = Rules::strict_1998(),
                "separate" => rules.kong_pair = KongPair::Separate,
                "outside_knitted" => {
                    rules.knitted_straight_waits = KnittedStraightWaits::OutsideKnittedOnly
                }
                other => panic!("unknown situation word {other}"),
            },
        }
    }
    ctx.source = WinSource::from_flags(tsumo, kong);
    (ctx, rules)
}

/// Scores `hand` won on `win` and checks the total and every fan with its count.
#[track_caller]
fn check(hand: &str, win: &str, words: &str, total: u32, fans: &[(Fan, u8)]) {
    let h = parse_hand(hand).unwrap();
    let (ctx, rules) = situation(win, words);
    let r = score_with(&h, &ctx, &rules).unwrap();
    let got: Vec<(Fan, u8)> = r.fans().collect();
    let mut want = fans.to_vec();
    want.sort();
    assert_eq!(got, want, "{hand} won on {win} {words}");
    assert_eq!(r.total(), total, "{hand} total");
}

macro_rules! hands {
    ($($name:ident: $hand:literal, $win:literal, $words:literal => $total:literal, [$($fan:ident $(* $n:literal)?),* $(,)?];)*) => {
        $(
            #[test]
            fn $name() {
                check($hand, $win, $words, $total, &[$(($fan, 1 $(* 0 + $n)?)),*]);
            }
        )*
    };
}

hands! {
    // ---- 88 ----
    score_ok_big_four_winds_not_pungs_nor_winds: "111222z55p[333z][444z]", "5p", "" => 97,
        [BigFourWinds, HalfFlush, TwoConcealedPungs, SingleWait];
    score_ok_big_three_dragons_not_dragon_pungs: "555666777z123m99s", "9s", "" => 112,
        [BigThreeDragons, ThreeConcealedPungs, OutsideHand, ConcealedHand, OneVoidedSuit, SingleWait];
    score_ok_all_green_not_half_flush: "22334466688s666z", "8s", "" => 95,
        [AllGreen, DragonPung, ConcealedHand, TwoConcealedPungs, PureDoubleChow];
    score_ok_nine_gates_not_full_flush_concealed_nor_a_pung: "11123455678999m", "5m", "" => 91,
        [NineGates, TwoConcealedPungs, PungOfTerminalsOrHonors];
    score_ok_nine_gates_on_nine_straight_and_hog: "11123456789999m", "9m", "tsumo" => 107,
        [NineGates, PureStraight, TileHog, SelfDrawn];
    score_ok_nine_gates_shape_won_elsewhere_scores_normally: "11123455678999m", "2m", "" => 30,
        [FullFlush, ConcealedHand, TwoConcealedPungs, PungOfTerminalsOrHonors * 2];
    score_ok_four_kongs_not_single_wait_nor_all_pungs: "55z[1111m][2222p,1][3333s,2][EEEE]", "5z", "tsumo" => 110,
        [FourKongs, MixedShiftedPungs, AllTypes, PrevalentWind, SeatWind, TwoConcealedPungs,
         PungOfTerminalsOrHonors, SelfDrawn];
    score_ok_seven_shifted_pairs_not_seven_pairs_nor_flush: "22334455667788p", "8p", "" => 90,
        [SevenShiftedPairs, AllSimples];
    score_ok_thirteen_orphans: "19m19p19s12345677z", "7z", "" => 88, [ThirteenOrphans];
    // ---- 64 ----
    score_ok_all_terminals_not_double_pung: "111999m111p99s[999p]", "9s", "" => 81,
        [AllTerminals, ThreeConcealedPungs, SingleWait];
    score_ok_all_terminals_keeps_triple_pung: "111m111p111s99s[999m]", "9s", "" => 97,
        [AllTerminals, TriplePung, ThreeConcealedPungs, SingleWait];
    score_ok_all_terminals_strict_not_triple_pung: "111m111p111s99s[999m]", "9s", "strict" => 81,
        [AllTerminals, ThreeConcealedPungs, SingleWait];
    score_ok_little_four_winds_not_big_three_winds: "11122233344z123m", "3m", "" => 97,
        [LittleFourWinds, ThreeConcealedPungs, HalfFlush, OutsideHand, PrevalentWind, SeatWind,
         ConcealedHand, EdgeWait];
    score_ok_little_three_dragons_not_two_dragon_pungs: "55566677z123456m", "4m", "" => 75,
        [LittleThreeDragons, HalfFlush, ConcealedHand, TwoConcealedPungs, ShortStraight];
    score_ok_all_honors_not_pungs_nor_voided_suit: "111222z44z[555z][666z]", "2z", "" => 74,
        [AllHonors, TwoDragonPungs, PrevalentWind, SeatWind];
    score_ok_four_concealed_pungs_keeps_self_drawn: "111m222p333s555z77z", "7z", "tsumo" => 77,
        [FourConcealedPungs, MixedShiftedPungs, DragonPung, PungOfTerminalsOrHonors, SingleWait, SelfDrawn];
    score_ok_pure_terminal_chows_not_flush_nor_chow_fans: "12312378978955m", "5m", "" => 67,
        [PureTerminalChows, ConcealedHand, SingleWait];
    // ---- 48 ----
    score_ok_quadruple_chow_not_triple_chow_nor_hog: "22223333444455p", "5p", "" => 86,
        [QuadrupleChow, FullFlush, ReversibleTiles, ConcealedHand, AllChows, AllSimples];
    score_ok_four_pure_shifted_pungs_not_shifted_pungs: "222333m11z[444m][555m]", "1z", "" => 57,
        [FourPureShiftedPungs, HalfFlush, TwoConcealedPungs, SingleWait];
    // ---- 32 ----
    score_ok_four_pure_shifted_chows_not_shifted_chows: "123234345456s11z", "1z", "" => 41,
        [FourPureShiftedChows, HalfFlush, ConcealedHand, SingleWait];
    score_ok_three_kongs_not_smaller_kong_fans: "456m11z[1111m][2222p,1][3333s,2]", "4m", "" => 41,
        [ThreeKongs, MixedShiftedPungs, PungOfTerminalsOrHonors];
    score_ok_all_terminals_and_honors_not_outside_nor_pungs: "111m999p11z[222z][999s]", "1z", "" => 37,
        [AllTerminalsAndHonors, DoublePung, TwoConcealedPungs, SingleWait];
    // ---- 24 ----
    score_ok_seven_pairs_not_concealed_nor_single: "1155m2299p3377s44z", "4z", "" => 24, [SevenPairs];
    score_ok_seven_pairs_with_terminals_and_honors: "1199m1199p99s1122z", "2z", "" => 56,
        [AllTerminalsAndHonors, SevenPairs];
    score_ok_seven_pairs_strict_without_tile_fans: "1199m1199p99s1122z", "2z", "strict" => 24, [SevenPairs];
    score_ok_seven_pairs_quad_is_two_pairs_and_hog: "1111m2299p3377s44z", "4z", "tsumo" => 27,
        [SevenPairs, TileHog, SelfDrawn];
    score_ok_greater_honors_and_knitted: "147m25p36s1234567z", "7z", "" => 24, [GreaterHonorsAndKnittedTiles];
    score_ok_all_even_pungs_not_simples_nor_pungs: "222444m22s[666p][888s]", "2s", "" => 27,
        [AllEvenPungs, TwoConcealedPungs, SingleWait];
    score_ok_full_flush_not_voided_suit_nor_no_honors: "222m345m567m999m11m", "1m", "" => 29,
        [FullFlush, ConcealedHand, TwoConcealedPungs, PungOfTerminalsOrHonors];
    score_ok_pure_triple_chow_not_pure_double_chow: "234234m567p99s[234m,1]", "9s", "" => 27,
        [PureTripleChow, AllChows, SingleWait];
    score_ok_pure_shifted_pungs: "222333444m567p99s", "9s", "" => 44,
        [PureShiftedPungs, ThreeConcealedPungs, ConcealedHand, NoHonors, SingleWait];
    score_ok_upper_tiles_not_upper_four: "777888m99p789s777p", "9p", "" => 44,
        [UpperTiles, ThreeConcealedPungs, ConcealedHand, DoublePung];
    score_ok_middle_tiles_not_all_simples: "444555m456p456s66p", "6p", "" => 29,
        [MiddleTiles, ConcealedHand, TwoConcealedPungs, MixedDoubleChow];
    score_ok_lower_tiles_not_lower_four: "111222m33p123s123p", "3p", "" => 31,
        [LowerTiles, ConcealedHand, TwoConcealedPungs, MixedDoubleChow, PungOfTerminalsOrHonors, EdgeWait];
    // ---- 16 ----
    score_ok_pure_straight: "123456789m234p55s", "5s", "" => 21,
        [PureStraight, ConcealedHand, AllChows, SingleWait];
    score_ok_three_suited_terminal_chows_not_all_chows: "123789m123789s55p", "5p", "" => 19,
        [ThreeSuitedTerminalChows, ConcealedHand, SingleWait];
    score_ok_pure_shifted_chows: "123234345m678p55s", "5s", "" => 21,
        [PureShiftedChows, ConcealedHand, AllChows, SingleWait];
    score_ok_all_fives_not_all_simples: "345m456m456p55p[555s]", "5p", "" => 18,
        [AllFives, MixedDoubleChow, ClosedWait];
    score_ok_triple_pung: "333m333p333s789m11z", "1z", "" => 35,
        [TriplePung, ThreeConcealedPungs, ConcealedHand, SingleWait];
    score_ok_three_concealed_pungs: "111m234m555p888s99s", "9s", "tsumo" => 22,
        [ThreeConcealedPungs, FullyConcealedHand, PungOfTerminalsOrHonors, NoHonors];
    // ---- 12 ----
    score_ok_lesser_honors_and_knitted: "147m258p36s123456z", "6z", "" => 12, [LesserHonorsAndKnittedTiles];
    score_ok_lesser_honors_with_knitted_straight: "147m258p369s12345z", "5z", "" => 24,
        [LesserHonorsAndKnittedTiles, KnittedStraight];
    score_ok_knitted_straight_with_pung: "147m258p369s999m11z", "1z", "" => 16,
        [KnittedStraight, ConcealedHand, PungOfTerminalsOrHonors, SingleWait];
    score_ok_knitted_straight_with_meld: "147m258p369s11z[789m,1]", "1z", "" => 13,
        [KnittedStraight, SingleWait];
    score_ok_knitted_straight_edge_on_knitted_tile: "147m258p369s789m11z", "7m", "" => 15,
        [KnittedStraight, ConcealedHand, EdgeWait];
    score_ok_knitted_straight_no_wait_fan_outside_rule: "147m258p369s789m11z", "7m", "outside_knitted" => 14,
        [KnittedStraight, ConcealedHand];
    score_ok_upper_four: "678m789p66s789s999p", "9p", "" => 18,
        [UpperFour, ConcealedHand, TileHog, MixedDoubleChow, PungOfTerminalsOrHonors];
    score_ok_lower_four: "123m234p44s123s111p", "1p", "" => 16,
        [LowerFour, ConcealedHand, MixedDoubleChow, PungOfTerminalsOrHonors];
    score_ok_big_three_winds_not_their_pungs: "111222333z789m55p", "5p", "" => 36,
        [ThreeConcealedPungs, BigThreeWinds, PrevalentWind, SeatWind, ConcealedHand, OneVoidedSuit, SingleWait];
    // ---- 8 ----
    score_ok_mixed_straight: "123m456p789s111z55s", "5s", "" => 15,
        [MixedStraight, PrevalentWind, SeatWind, ConcealedHand, SingleWait];
    score_ok_reversible_tiles_not_voided_suit: "123p123p456s888s55z", "5z", "" => 12,
        [ReversibleTiles, ConcealedHand, PureDoubleChow, SingleWait];
    score_ok_mixed_triple_chow: "123m123p123s789m55p", "5p", "" => 14,
        [MixedTripleChow, ConcealedHand, AllChows, TwoTerminalChows, SingleWait];
    score_ok_mixed_shifted_pungs: "222m333p444s789m11z", "1z", "" => 27,
        [ThreeConcealedPungs, MixedShiftedPungs, ConcealedHand, SingleWait];
    score_ok_chicken_hand: "567p789s45s11z[234m,1]", "3s", "" => 8, [ChickenHand];
    score_ok_last_tile_draw_not_self_drawn: "123m456p678s234s55z", "5z", "tsumo last" => 13,
        [LastTileDraw, FullyConcealedHand, SingleWait];
    score_ok_last_tile_claim: "123m456p678s234s55z", "5z", "last" => 11,
        [LastTileClaim, ConcealedHand, SingleWait];
    score_ok_out_with_replacement_tile_not_self_drawn: "123m456p678s55z[2222s,1]", "5z", "tsumo kong" => 10,
        [OutWithReplacementTile, MeldedKong, SingleWait];
    score_ok_robbing_the_kong_not_last_tile: "123m456p678s23s55z", "4s", "kong fourth" => 10,
        [RobbingTheKong, ConcealedHand];
    // ---- 6 ----
    score_ok_all_pungs: "222m555p55z[888s][777z]", "5z", "" => 11,
        [AllPungs, DragonPung, TwoConcealedPungs, SingleWait];
    score_ok_half_flush: "123m456m789m111z22z", "2z", "" => 29,
        [PureStraight, HalfFlush, PrevalentWind, SeatWind, ConcealedHand, SingleWait];
    score_ok_mixed_shifted_chows: "123m234p345s678m99s", "9s", "" => 11,
        [MixedShiftedChows, ConcealedHand, AllChows, SingleWait];
    score_ok_all_types: "123m456p789s111z55z", "5z", "" => 21,
        [MixedStraight, AllTypes, PrevalentWind, SeatWind, ConcealedHand, SingleWait];
    score_ok_melded_hand_not_single_wait: "5z[123m,1][345p,1][678s,1][111z,1]", "5z", "" => 16,
        [AllTypes, MeldedHand, PrevalentWind, SeatWind];
    score_ok_two_concealed_kongs_not_concealed_kong: "345m678p55z[2222s][3333p]", "5z", "" => 9,
        [TwoConcealedKongs, ConcealedHand, SingleWait];
    score_ok_two_dragon_pungs_not_dragon_pung: "555666z123m456p99s", "9s", "" => 11,
        [TwoDragonPungs, ConcealedHand, TwoConcealedPungs, SingleWait];
    // ---- 4 ----
    score_ok_outside_hand: "123m789p111s99s[777z]", "9s", "" => 8,
        [OutsideHand, DragonPung, PungOfTerminalsOrHonors, SingleWait];
    score_ok_fully_concealed_hand_not_self_drawn: "123m456p678s234s55z", "5z", "tsumo" => 5,
        [FullyConcealedHand, SingleWait];
    score_ok_two_melded_kongs_not_melded_kong: "345m678p55z[2222s,1][3333p,2]", "5z", "" => 5,
        [TwoMeldedKongs, SingleWait];
    score_ok_last_tile: "123m456p678s23s55z", "4s", "fourth" => 6, [LastTile, ConcealedHand];
    score_ok_last_tile_implied_by_own_pung: "46m456p678s55z[555m,1]", "5m", "" => 8,
        [LastTile, TileHog, MixedDoubleChow, ClosedWait];
    // ---- 2 ----
    score_ok_dragon_pung: "123m345p678s99s777z", "9s", "" => 4, [DragonPung, ConcealedHand];
    score_ok_prevalent_wind_not_pung_of_honors: "123m345p678s99s222z", "9s", "round=S" => 4,
        [PrevalentWind, ConcealedHand];
    score_ok_seat_wind_not_pung_of_honors: "123m345p678s99s333z", "9s", "seat=W" => 4,
        [SeatWind, ConcealedHand];
    score_ok_round_and_seat_wind_on_one_pung: "123m345p678s99s444z", "9s", "round=N seat=N" => 6,
        [PrevalentWind, SeatWind, ConcealedHand];
    score_ok_concealed_hand: "123m456p678s234s55z", "5z", "" => 3, [ConcealedHand, SingleWait];
    score_ok_all_chows_not_no_honors: "123m456p678s234s55m", "5m", "" => 5,
        [ConcealedHand, AllChows, SingleWait];
    score_ok_tile_hog: "123m345m345p678s33m", "3m", "" => 7,
        [ConcealedHand, AllChows, TileHog, MixedDoubleChow];
    score_ok_double_pung: "222m222p345s678m11z", "1z", "" => 7,
        [ConcealedHand, DoublePung, TwoConcealedPungs, SingleWait];
    score_ok_two_concealed_pungs: "222m333p345s678m11z", "1z", "tsumo" => 7,
        [FullyConcealedHand, TwoConcealedPungs, SingleWait];
    score_ok_pung_claimed_on_the_win_is_melded: "111m222p333s789m11z", "3s", "" => 13,
        [MixedShiftedPungs, ConcealedHand, TwoConcealedPungs, PungOfTerminalsOrHonors];
    score_ok_pung_stays_concealed_when_win_fits_a_chow: "111m123m555p789s99s", "1m", "" => 8,
        [ConcealedHand, TileHog, TwoConcealedPungs, PungOfTerminalsOrHonors, NoHonors];
    score_ok_pung_melded_when_win_fits_no_chow: "111m234m555p789s99s", "1m", "" => 4,
        [ConcealedHand, PungOfTerminalsOrHonors, NoHonors];
    score_ok_concealed_kong: "345m678p123s55z[2222m]", "5z", "" => 5,
        [ConcealedHand, ConcealedKong, SingleWait];
    score_ok_all_simples_not_no_honors: "234m567p678s345s55m", "5m", "" => 7,
        [ConcealedHand, AllChows, AllSimples, ShortStraight];
    // ---- 1 ----
    score_ok_pure_double_chow: "123m123m345p678s11z", "1z", "" => 4,
        [ConcealedHand, PureDoubleChow, SingleWait];
    score_ok_mixed_double_chow: "123m123p345s789s11z", "1z", "" => 4,
        [ConcealedHand, MixedDoubleChow, SingleWait];
    score_ok_short_straight: "123m456m345p678s11z", "1z", "" => 4,
        [ConcealedHand, ShortStraight, SingleWait];
    score_ok_two_terminal_chows: "123m789m345p678s11z", "1z", "" => 4,
        [ConcealedHand, TwoTerminalChows, SingleWait];
    score_ok_pung_of_terminals_or_honors: "111m345m678p234s22z", "2z", "" => 4,
        [ConcealedHand, PungOfTerminalsOrHonors, SingleWait];
    score_ok_melded_kong: "123m345p678s55z[2222s,1]", "5z", "" => 2, [MeldedKong, SingleWait];
    score_ok_one_voided_suit: "123m345m678p234p11z", "1z", "" => 4,
        [ConcealedHand, OneVoidedSuit, SingleWait];
    score_ok_no_honors: "123m345m678p222s55s", "5s", "" => 4, [ConcealedHand, NoHonors, SingleWait];
    score_ok_edge_wait: "12m456p678s234s55z", "3m", "" => 3, [ConcealedHand, EdgeWait];
    score_ok_closed_wait: "13m456p678s234s55z", "2m", "" => 3, [ConcealedHand, ClosedWait];
    score_ok_single_wait: "123m456p678s234s5z", "5z", "" => 3, [ConcealedHand, SingleWait];
    score_ok_no_wait_fan_on_two_sided_wait: "123m456p678s23s55z", "4s", "" => 2, [ConcealedHand];
    score_ok_self_drawn: "123m456p678s55z[777z]", "5z", "tsumo" => 4, [DragonPung, SingleWait, SelfDrawn];
    score_ok_flower_tiles_outside_minimum: "123m456p678s234s55z", "5z", "flowers=3" => 6,
        [ConcealedHand, SingleWait, FlowerTiles * 3];
    score_ok_concealed_kong_and_melded_kong: "345m678p55z[2222s][3333p,2]", "5z", "" => 6,
        [SingleWait, ConcealedKongAndMeldedKong];
    score_ok_concealed_kong_and_melded_kong_separate: "345m678p55z[2222s][3333p,2]", "5z", "separate" => 4,
        [ConcealedKong, MeldedKong, SingleWait];
}

#[test]
fn score_ok_every_fan_has_a_hand() {
    // The hands above, by the fans they show (a guard against a fan left untested).
    let shown = [
        BigFourWinds,
        BigThreeDragons,
        AllGreen,
        NineGates,
        FourKongs,
        SevenShiftedPairs,
        ThirteenOrphans,
        AllTerminals,
        LittleFourWinds,
        LittleThreeDragons,
        AllHonors,
        FourConcealedPungs,
        PureTerminalChows,
        QuadrupleChow,
        FourPureShiftedPungs,
        FourPureShiftedChows,
        ThreeKongs,
        AllTerminalsAndHonors,
        SevenPairs,
        GreaterHonorsAndKnittedTiles,
        AllEvenPungs,
        FullFlush,
        PureTripleChow,
        PureShiftedPungs,
        UpperTiles,
        MiddleTiles,
        LowerTiles,
        PureStraight,
        ThreeSuitedTerminalChows,
        PureShiftedChows,
        AllFives,
        TriplePung,
        ThreeConcealedPungs,
        LesserHonorsAndKnittedTiles,
        KnittedStraight,
        UpperFour,
        LowerFour,
        BigThreeWinds,
        MixedStraight,
        ReversibleTiles,
        MixedTripleChow,
        MixedShiftedPungs,
        ChickenHand,
        LastTileDraw,
        LastTileClaim,
        OutWithReplacementTile,
        RobbingTheKong,
        AllPungs,
        HalfFlush,
        MixedShiftedChows,
        AllTypes,
        MeldedHand,
        TwoConcealedKongs,
        TwoDragonPungs,
        OutsideHand,
        FullyConcealedHand,
        TwoMeldedKongs,
        LastTile,
        DragonPung,
        PrevalentWind,
        SeatWind,
        ConcealedHand,
        AllChows,
        TileHog,
        DoublePung,
        TwoConcealedPungs,
        ConcealedKong,
        AllSimples,
        PureDoubleChow,
        MixedDoubleChow,
        ShortStraight,
        TwoTerminalChows,
        PungOfTerminalsOrHonors,
        MeldedKong,
        OneVoidedSuit,
        NoHonors,
        EdgeWait,
        ClosedWait,
        SingleWait,
        SelfDrawn,
        FlowerTiles,
        ConcealedKongAndMeldedKong,
    ];
    for f in Fan::ALL {
        assert!(shown.contains(&f), "{f} has no hand");
    }
}

#[test]
fn exclusions_ok_every_listed_exclusion_removes() {
    // Table level: a fan with everything it excludes keeps none of them.
    for f in Fan::ALL {
        let mut s = FanSheet::new();
        s.add(f);
        for &e in f.excludes() {
            s.add(e);
        }
        s.apply_exclusions();
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![(f, 1)], "{f}");
    }
}

#[test]
fn score_ok_minimum_ignores_flowers() {
    let h = parse_hand("123m456p678s234s55z").unwrap();
    let (ctx, _) = situation("5z", "flowers=8");
    let r = score(&h, &ctx).unwrap();
    assert_eq!((r.total(), r.base(), r.flowers()), (11, 3, 8));
    assert!(!r.meets_minimum());
    let h = parse_hand("567p789s45s11z[234m,1]").unwrap();
    let r = score(&h, &WinContext::new(crate::t!(3s))).unwrap();
    assert!(r.meets_minimum());
}

#[test]
fn score_ok_thirteen_tile_hand_takes_the_win() {
    let h = parse_hand("123m456p678s234s5z").unwrap();
    let r = score(&h, &WinContext::new(crate::t!(5z))).unwrap();
    assert_eq!(r.total(), 3);
}

#[test]
fn score_ok_best_reading_of_a_shifted_pungs_shape() {
    // 555666777p is three pungs or three chows; the chows give pure triple chow with all
    // fives (45) against pure shifted pungs with three concealed pungs (44).
    check(
        "555666777p456s55m",
        "5m",
        "",
        45,
        &[
            (PureTripleChow, 1),
            (AllFives, 1),
            (ConcealedHand, 1),
            (AllChows, 1),
            (SingleWait, 1),
        ],
    );
}

#[test]
fn score_err_not_winning() {
    let h = parse_hand("123m456p678s234s5z6z").unwrap();
    let e = score(&h, &WinContext::new(crate::t!(6z))).unwrap_err();
    assert_eq!(e, FanError::NotWinning);
    assert_eq!(e.kind(), "not_winning");
}

#[test]
fn score_err_impossible_situations() {
    let h = parse_hand("123m456p678s234s55z").unwrap();
    let kinds = |words: &str, win: &str| {
        let (ctx, rules) = situation(win, words);
        score_with(&h, &ctx, &rules).unwrap_err().kind()
    };
    assert_eq!(kinds("kong", "5z"), "invalid_hand"); // robbing a held tile
    assert_eq!(kinds("tsumo kong", "5z"), "invalid_hand"); // no kong to replace
    assert_eq!(kinds("fourth", "5z"), "invalid_hand"); // another copy held
    assert_eq!(kinds("flowers=9", "5z"), "invalid_hand");
    let h = parse_hand("123m456p678s23s55z").unwrap();
    let (ctx, _) = situation("4s", "kong last");
    assert_eq!(score(&h, &ctx).unwrap_err().kind(), "invalid_hand");
    let h = parse_hand("11111m456p678s234s").unwrap_err();
    assert_eq!(h.kind(), "invalid_hand");
}

proptest::proptest! {
    /// Any fourteen tiles with any situation: an answer or a typed error, never a panic;
    /// an answer is at least 8 (chicken hand) when some fan other than flowers counts.
    #[test]
    fn score_ok_random_hands_never_panic(
        tiles in proptest::collection::vec(0u8..34, 14),
        win_at in 0usize..14,
        flags in 0u8..16,
        flowers in 0u8..10,
    ) {
        let mut counts = crate::tile::TileCounts::new();
        for &t in &tiles {
            counts.add(Tile::new_unchecked(t));
        }
        // A fifth copy of a kind is refused when the hand is built.
        let Ok(hand) = crate::Hand::from_counts(counts) else {
            return Ok(());
        };
        let mut ctx = WinContext::new(Tile::new_unchecked(tiles[win_at]));
        ctx.source = WinSource::from_flags(flags & 1 != 0, flags & 2 != 0);
        ctx.last_of_wall = flags & 4 != 0;
        ctx.fourth_tile = flags & 8 != 0;
        ctx.flowers = flowers;
        match score(&hand, &ctx) {
            Ok(r) => {
                proptest::prop_assert!(r.base() >= 1);
                proptest::prop_assert_eq!(r.total(), r.base() + u32::from(r.flowers()));
            }
            Err(e) => proptest::prop_assert!(matches!(e.kind(), crate::ErrorKind::InvalidHand | crate::ErrorKind::NotWinning)),
        }
    }
}

#[test]
fn score_ok_complete_random_regular_hands() {
    // Every sixth kind pair with chows and pungs around it: many complete hands, each
    // scored without panicking and with a chicken hand at worst.
    let mut scored = 0;
    for a in 0..7u8 {
        for b in 9..16u8 {
            for p in 27..34u8 {
                let mut counts = crate::tile::TileCounts::new();
                for t in [
                    a,
                    a + 1,
                    a + 2,
                    b,
                    b + 1,
                    b + 2,
                    18,
                    19,
                    20,
                    22,
                    22,
                    22,
                    p,
                    p,
                ] {
                    counts.add(Tile::new_unchecked(t));
                }
                let hand = crate::Hand::from_counts(counts).expect("at most 4 of a kind");
                let r = score(&hand, &WinContext::new(Tile::new_unchecked(p))).unwrap();
                assert!(r.total() >= 1);
                scored += 1;
            }
        }
    }
    assert_eq!(scored, 7 * 7 * 7);
}
