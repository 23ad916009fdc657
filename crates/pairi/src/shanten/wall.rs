//! Riichi shanten on any [`Wall`]: a target hand holds no more copies of a kind than
//! the wall has. On the four-player wall this is the table kernel of the module; on
//! others (three-player, custom) each suit's costs come from its copy limits.
//!
//! - A suit whose kinds all have four copies reads the exact tables.
//! - A numbered suit with only its 1 and 9 (the three-player man suit) cannot make runs:
//!   its costs are those of two honours, read from the honours tables.
//! - Any other suit is solved by [`suit_costs_capped`], a dynamic program over the kinds.
//!
//! Seven pairs needs pairs of kinds with at least two copies; thirteen orphans needs
//! every terminal and honour in the wall (`None` otherwise).
//!
//! On the three-player wall, a hand holding at most three 1m and three 9m has its
//! four-player shanten, and is read by the table kernel: for those counts the man suit
//! costs the same whether 2m–8m exist or not (a run 123m that uses a held 1m costs two
//! draws, as does the triplet it could be instead; every count up to three is checked in
//! `three_player_man_costs_ok_equal_four_player_up_to_three`). Only a fourth 1m or 9m
//! differs: with four players it could start 123m or 789m.

use super::regular::{self, SuitCosts};
use super::{special, Mode, Shanten};
use crate::hand::HandError;
use crate::tile::{Suit, Tile, TileCounts, TileSet};
use crate::wall::{Wall, MAX_COPIES};

/// The least number of missing tiles for `m` sets and `p` pairs (index `2m + p`) inside
/// one suit of `counts.len()` kinds (9: runs allowed; 7: honours) when a target holds at
/// most `caps[i]` copies of kind `i`. Counts above their cap are not expected.
///
/// Dynamic programming over the kinds in order: the state after kind `i` is the sets and
/// pairs made, and the runs started at `i − 1` and at `i` (they still need kinds `i + 1`
/// and `i + 2`). About 10⁴ steps per suit.
///
/// ```
/// use pairi::shanten::{suit_costs, suit_costs_capped};
/// let held = [1, 1, 0, 0, 0, 0, 0, 0, 0];
/// // With every kind available this is the exact count.
/// assert_eq!(suit_costs_capped(&held, &[4; 9]), suit_costs(&held).unwrap());
/// // Without 3m, the run 123m cannot be made: one set costs a triplet.
/// let caps = [4, 4, 0, 4, 4, 4, 4, 4, 4];
/// assert_eq!(suit_costs_capped(&held, &caps).get(1, 0), Some(2));
/// ```
#[must_use]
pub fn suit_costs_capped(counts: &[u8], caps: &[u8]) -> SuitCosts {
    const INF: u8 = u8::MAX;
    let runs_allowed = counts.len() == 9;
    // dp[m][p][a][b]: a = runs started two kinds back, b = runs started one kind back.
    let mut dp = [[[[INF; 5]; 5]; 2]; 5];
    dp[0][0][0][0] = 0;
    for (i, (&held, &cap)) in counts.iter().zip(caps).enumerate() {
        let mut next = [[[[INF; 5]; 5]; 2]; 5];
        let can_start = runs_allowed && i + 2 < counts.len();
        for (m, by_p) in dp.iter().enumerate() {
            for (p, by_a) in by_p.iter().enumerate() {
                for (a, by_b) in by_a.iter().enumerate() {
                    for (b, &cost) in by_b.iter().enumerate() {
                        if cost == INF {
                            continue;
                        }
                        let max_new = if can_start { 4 - m } else { 0 };
                        for r in 0..=max_new {
                            for t in 0..=usize::from(m + r < 4) {
                                for q in 0..=(1 - p) {
                                    let target = a + b + r + 3 * t + 2 * q;
                                    if target > usize::from(cap) {
                                        continue;
                                    }
                                    let missing = (target as u8).saturating_sub(held);
                                    let slot = &mut next[m + r + t][p + q][b][r];
                                    *slot = (*slot).min(cost + missing);
                                }
                            }
                        }
                    }
                }
            }
        }
        dp = next;
    }
    let mut out = [INF; 10];
    for (m, by_p) in dp.iter().enumerate() {
        for (p, runs) in by_p.iter().enumerate() {
            // Every run must have been completed inside the suit.
            out[2 * m + p] = runs[0][0];
        }
    }
    SuitCosts(out)
}

/// The copy limits of one suit of the wall.
fn caps_of(wall: &Wall, suit: Suit) -> ([u8; 9], usize) {
    let mut caps = [0u8; 9];
    let len = usize::from(suit.len());
    for (i, c) in caps.iter_mut().enumerate().take(len) {
        *c = wall.copies(Tile::new_unchecked(suit.base() + i as u8));
    }
    (caps, len)
}

/// The exact costs of one suit of `counts` on `wall`.
fn suit_costs_on(counts: &TileCounts, wall: &Wall, suit: Suit) -> SuitCosts {
    let (caps, len) = caps_of(wall, suit);
    let held = counts.suit(suit);
    let caps = &caps[..len];
    if caps.iter().all(|&c| c == MAX_COPIES) {
        return if len == 9 {
            SuitCosts::of_class(regular::numbered_class(held, Mode::Exact), false)
        } else {
            SuitCosts::of_class(regular::honours_class(held, Mode::Exact), true)
        };
    }
    let ends_only = len == 9
        && caps[0] == MAX_COPIES
        && caps[8] == MAX_COPIES
        && caps[1..8].iter().all(|&c| c == 0);
    if ends_only {
        // Two kinds that cannot make runs: honours.
        let as_honours = [held[0], held[8], 0, 0, 0, 0, 0];
        return SuitCosts::of_class(regular::honours_class(&as_honours, Mode::Exact), true);
    }
    suit_costs_capped(held, caps)
}

/// Checks a hand against the wall: at most 4 melds, no more copies than the wall has,
/// 13 − 3k or 14 − 3k tiles. Returns the sets the regular form needs.
fn check_on(concealed: &TileCounts, melds: usize, wall: &Wall) -> Result<usize, HandError> {
    if melds > 4 {
        return Err(HandError::TooManyMelds { melds });
    }
    if let Some((tile, count)) = wall.excess(concealed) {
        return Err(crate::hand::copies_error(
            tile,
            u32::from(count),
            wall.copies(tile),
        ));
    }
    let total = concealed.total() as usize;
    if total + 3 * melds != 13 && total + 3 * melds != 14 {
        return Err(HandError::WrongTileCount {
            concealed: total,
            melds,
        });
    }
    Ok(4 - melds)
}

/// Shanten under Riichi rules on `wall`: a target holds at most as many copies of a kind
/// as the wall has (on the four-player wall, [`super::riichi`]). A form the wall cannot
/// build is `None` (seven pairs, thirteen orphans) or `i8::MAX` (regular: only on a
/// custom wall of very few kinds).
///
/// # Errors
///
/// [`HandError`] for more than 4 melds, a wrong tile count, or more copies of a kind
/// than the wall holds.
///
/// ```
/// use pairi::notation::parse_hand;
/// use pairi::shanten;
/// use pairi::wall::Wall;
///
/// // The fourth 1m and 9m could start 12m and 89m with four players; not with three.
/// let h = parse_hand("11119999m66789p").unwrap();
/// assert_eq!(shanten::riichi(h.concealed(), 0).unwrap().min(), 1);
/// let sanma = Wall::three_player([0, 1, 1]);
/// assert_eq!(shanten::riichi_on(h.concealed(), 0, &sanma).unwrap().min(), 2);
/// ```
pub fn riichi_on(concealed: &TileCounts, melds: usize, wall: &Wall) -> Result<Shanten, HandError> {
    if wall.is_four_player() {
        return super::riichi(concealed, melds);
    }
    if kernel_reads(concealed, wall, 0) {
        // The three-player wall: the kernel checks everything but 2m–8m.
        let man = &concealed.as_array()[1..8];
        if let Some(i) = man.iter().position(|&c| c > 0) {
            let t = Tile::new_unchecked(i as u8 + 1);
            return Err(crate::hand::copies_error(t, u32::from(man[i]), 0));
        }
        return super::riichi(concealed, melds);
    }
    let sets = check_on(concealed, melds, wall)?;
    Ok(by_suits(concealed, melds, sets, wall))
}

/// [`riichi_on`] from each suit's costs under the wall's copy limits, for a hand
/// already checked (`sets` the sets the regular form needs).
fn by_suits(concealed: &TileCounts, melds: usize, sets: usize, wall: &Wall) -> Shanten {
    let costs =
        [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor].map(|s| suit_costs_on(concealed, wall, s));
    let all = costs[0]
        .combine(costs[1])
        .combine(costs[2])
        .combine(costs[3]);
    // A wall too small to build the regular form at all leaves the cost unreachable.
    let regular = match all.with_pair(sets) {
        Some(c) if c <= 14 => c as i8 - 1,
        _ => i8::MAX,
    };
    if melds != 0 {
        return Shanten {
            regular,
            chiitoitsu: None,
            kokushi: None,
        };
    }
    Shanten {
        regular,
        chiitoitsu: chiitoitsu_on(concealed, wall),
        kokushi: kokushi_on(concealed, wall),
    }
}

/// Whether the four-player table kernel answers exactly for `concealed` on `wall`, and
/// for `concealed` with up to `more` tiles added: the four-player wall, or the
/// three-player wall with 1m and 9m held at most three times once they are added (see
/// the module docs).
#[must_use]
pub fn kernel_reads(concealed: &TileCounts, wall: &Wall, more: u8) -> bool {
    wall.is_four_player()
        || (wall.is_three_player()
            && concealed.get(Tile::M1) + more <= 3
            && concealed.get(Tile::M9) + more <= 3)
}

/// Seven distinct pairs on `wall`: each pair needs a kind with at least two copies. A
/// kind held once is paired by one tile, a fresh kind by two; `None` when seven such
/// kinds do not exist.
fn chiitoitsu_on(concealed: &TileCounts, wall: &Wall) -> Option<i8> {
    let (mut pairs, mut singles, mut fresh) = (0u8, 0u8, 0u8);
    for t in Tile::all() {
        match (concealed.get(t), wall.copies(t) >= 2) {
            (2.., _) => pairs += 1,
            (1, true) => singles += 1,
            (0, true) => fresh += 1,
            _ => {}
        }
    }
    if pairs + singles + fresh < 7 {
        return None;
    }
    let need = 7u8.saturating_sub(pairs);
    let missing = singles.min(need) + 2 * need.saturating_sub(singles);
    Some(missing as i8 - 1)
}

/// Thirteen orphans on `wall`: `None` unless every terminal and honour is in the wall
/// and one of them has two copies.
fn kokushi_on(concealed: &TileCounts, wall: &Wall) -> Option<i8> {
    let orphans = TileSet::TERMINALS_AND_HONORS;
    if !orphans.is_subset(wall.kinds()) || !orphans.iter().any(|t| wall.copies(t) >= 2) {
        return None;
    }
    let kinds = orphans.iter().filter(|&t| concealed.get(t) > 0).count() as u8;
    let paired = orphans.iter().any(|t| concealed.get(t) >= 2);
    Some(special::thirteen_orphans_of(kinds, paired))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hand;
    use crate::shanten::reference;
    use proptest::prelude::*;

    #[test]
    fn three_player_man_costs_ok_equal_four_player_up_to_three() {
        // The man suit of the three-player wall is 1m and 9m alone: its costs, read as
        // two honours, against the four-player suit tables of the same counts.
        for c1 in 0..=4u8 {
            for c9 in 0..=4u8 {
                let numbered = [c1, 0, 0, 0, 0, 0, 0, 0, c9];
                let four =
                    SuitCosts::of_class(regular::numbered_class(&numbered, Mode::Exact), false);
                let three = suit_costs_on(
                    &TileCounts::from_array({
                        let mut a = [0; 34];
                        a[0] = c1;
                        a[8] = c9;
                        a
                    }),
                    &Wall::three_player([0; 3]),
                    Suit::Man,
                );
                assert_eq!(four == three, c1 <= 3 && c9 <= 3, "{c1} 1m, {c9} 9m");
            }
        }
    }

    #[test]
    fn suit_costs_capped_ok_equals_tables_on_full_suits() {
        // Every numbered suit of up to 14 tiles with at most 2 of a kind, and every
        // honours vector: the program against the exact tables.
        for code in 0..3usize.pow(9) {
            let mut v = [0u8; 9];
            let mut x = code;
            for d in &mut v {
                *d = (x % 3) as u8;
                x /= 3;
            }
            let Some(want) = regular::suit_costs(&v) else {
                continue; // more than 14 tiles
            };
            assert_eq!(suit_costs_capped(&v, &[4; 9]), want, "{v:?}");
        }
        for code in 0..5usize.pow(7) {
            let mut v = [0u8; 7];
            let mut x = code;
            for d in &mut v {
                *d = (x % 5) as u8;
                x /= 5;
            }
            if v.iter().map(|&c| u32::from(c)).sum::<u32>() > 14 {
                continue;
            }
            let want = regular::suit_costs(&v).unwrap();
            assert_eq!(suit_costs_capped(&v, &[4; 7]), want, "{v:?}");
        }
    }

    #[test]
    fn riichi_on_ok_three_player() {
        let sanma = Wall::three_player([0, 1, 1]);
        for (hand, want) in [
            ("11119999m66789p", 2),
            ("19m229p123788s146z", 4),
            ("119m14446689p25z", 3),
        ] {
            let h = parse_hand(hand).unwrap();
            assert_eq!(
                riichi_on(h.concealed(), 0, &sanma).unwrap().min(),
                want,
                "{hand}"
            );
        }
        let h = parse_hand("123m456p789s1122z").unwrap();
        assert!(matches!(
            riichi_on(h.concealed(), 0, &sanma),
            Err(HandError::NotInWall { copies: 0, .. })
        ));
    }

    #[test]
    fn riichi_on_ok_special_forms_need_the_wall() {
        let mut copies = TileCounts::from_array([4; 34]);
        copies[crate::t!(C)] = 0;
        let wall = Wall::custom(copies, [1, 1, 1]).unwrap();
        let h = parse_hand("19m19p19s1234566z").unwrap();
        let s = riichi_on(h.concealed(), 0, &wall).unwrap();
        assert_eq!(s.kokushi, None);
        assert_eq!(s.chiitoitsu, Some(5));
    }

    fn capped_reference(counts: &[u8], caps: &[u8]) -> SuitCosts {
        // The brute force of `reference` with the caps applied to its targets.
        reference::suit_costs_with(counts, |target| {
            target.iter().zip(caps).all(|(&t, &c)| t <= c)
        })
    }

    proptest! {
        #[test]
        fn suit_costs_capped_ok_against_brute_force(
            held in proptest::collection::vec(0u8..=2, 9),
            caps in proptest::collection::vec(0u8..=4, 9),
        ) {
            let held: Vec<u8> = held.iter().zip(&caps).map(|(&h, &c)| h.min(c)).collect();
            prop_assert_eq!(suit_costs_capped(&held, &caps), capped_reference(&held, &caps));
        }

        /// Three-player hands (1m and 9m up to four times): the table kernel where it
        /// reads, the suit costs of the wall everywhere, agree.
        #[test]
        fn riichi_on_ok_three_player_kernel_equals_suit_costs(
            (melds, picks) in (0usize..=4, 0usize..=1).prop_flat_map(|(melds, extra)| {
                let n = 13 - 3 * melds + extra;
                (Just(melds), proptest::sample::subsequence((0..108u8).collect::<Vec<_>>(), n))
            }),
        ) {
            let sanma = Wall::three_player([0; 3]);
            let kinds: Vec<Tile> = sanma.kinds().iter().collect();
            let counts: TileCounts = picks.iter().map(|&i| kinds[usize::from(i / 4)]).collect();
            let sets = check_on(&counts, melds, &sanma).unwrap();
            prop_assert_eq!(
                riichi_on(&counts, melds, &sanma).unwrap(),
                by_suits(&counts, melds, sets, &sanma)
            );
        }
    }
}
