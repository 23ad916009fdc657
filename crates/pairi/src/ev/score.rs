//! The value of a self-drawn win in the search: the Riichi score of the completed hand
//! (tsumo, riichi when declared), with ura dora as an expectation over the indicators
//! still in the wall.

use super::state::{self, Counts};
use super::EvError;
use crate::hand::{Hand, Meld};
use crate::riichi::{self, Flags, Limit, Rules, ScoreError, WinContext};
use crate::tile::{Pai, Tile, TileCounts, Wind};
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;

/// Ura dora beyond this many add nothing more (13 han is a counted yakuman whatever
/// the hand held before).
const MAX_URA: usize = 12;
/// At most five dora indicators are ever shown.
const MAX_INDICATORS: usize = 5;
/// The han one ura indicator can add: 0 to 4 (the copies of its dora held, kongs
/// included).
const GAINS: usize = 5;

/// A win scored with every five black.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Base {
    /// No yaku: no win.
    NoYaku,
    /// A yakuman's total, which dora do not change.
    Fixed(u32),
    /// Han and fu, and the odds of each ura dora count when they are counted.
    Han {
        han: u8,
        fu: u8,
        odds: Option<[f64; MAX_URA + 1]>,
    },
}

/// Scores already found: by (hand with every five black and the state's flags, winning
/// kind).
pub(crate) type Known = FxHashMap<(u128, u8), Base>;

/// Scores wins of one search: the melds, winds, indicators and rules are fixed.
pub(crate) struct WinScorer {
    melds: Vec<Meld>,
    round_wind: Wind,
    seat_wind: Wind,
    dora: Vec<Pai>,
    /// Whether riichi wins count ura dora (as an expectation).
    ura: bool,
    rules: Rules,
    /// The kinds' copies in the melds (kongs count four).
    meld_counts: TileCounts,
    /// The initial wall plus the initial hand, per kind of the 34 (a red five counted
    /// as its five): the wall of a state `H` is this minus `H`.
    pool_merged: [u8; 34],
    /// Per kind of the 34, the kind its indicator makes a dora.
    dora_of: [u8; 34],
    /// The seat's self-draw, for the payments of a number of han and fu.
    totals: WinContext,
}

impl WinScorer {
    pub(crate) fn new(
        melds: Vec<Meld>,
        (round_wind, seat_wind): (Wind, Wind),
        dora: Vec<Pai>,
        ura: bool,
        rules: Rules,
        pool: Counts,
    ) -> Result<WinScorer, EvError> {
        let meld_counts = melds.iter().flat_map(Meld::tiles).collect();
        // Payments read only the seat and the method.
        let totals = WinContext::tsumo(Tile::EAST.black())
            .with_winds(round_wind, seat_wind)
            .map_err(ScoreError::from)?;
        let wall = rules.wall();
        let dora_of = std::array::from_fn(|i| {
            wall.dora_from_indicator(Tile::new_unchecked(i as u8))
                .as_u8()
        });
        Ok(WinScorer {
            melds,
            round_wind,
            seat_wind,
            dora,
            ura,
            rules,
            meld_counts,
            dora_of,
            totals,
            pool_merged: *state::merge(&pool).as_array(),
        })
    }

    /// What the winner receives on a self-draw completing `hand` (37 counts, the
    /// winning tile included) with the tile of kind `win`, with the declarations of the
    /// state `flags` (riichi, double riichi, ippatsu: the flag bits of a packed state,
    /// with [`state::HAITEI`] for a draw of the last tile); 0 without a yaku.
    ///
    /// Red fives change nothing but the han of their dora, so the hand is scored with
    /// every five black and the red fives added to its han; `known` keeps those scores
    /// by hand, winning kind and flags, for the hands that differ only in red fives.
    pub(crate) fn tsumo(
        &self,
        hand: &Counts,
        win: usize,
        flags: u128,
        known: &mut Known,
    ) -> Result<f64, EvError> {
        let mut black = [0u8; state::KINDS];
        black[..34].copy_from_slice(state::merge(hand).as_array());
        let aka: u8 = hand[state::RED..].iter().sum();
        let win = state::merged(win);
        let key = (state::pack(&black) | flags, win as u8);
        let base = match known.entry(key) {
            Entry::Occupied(seen) => *seen.get(),
            Entry::Vacant(slot) => *slot.insert(self.base(&black, win, flags)?),
        };
        Ok(match base {
            Base::NoYaku => 0.0,
            Base::Fixed(total) => f64::from(total),
            Base::Han { han, fu, odds } => {
                let points = |extra: usize| {
                    let han = han.saturating_add(aka).saturating_add(extra as u8);
                    let (basic, _) = riichi::score::basic_points(han, fu, &self.rules);
                    f64::from(riichi::score::total_for(basic, &self.totals, &self.rules))
                };
                match odds {
                    None => points(0),
                    Some(odds) => odds
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| **p != 0.0)
                        .map(|(u, p)| p * points(u))
                        .sum(),
                }
            }
        })
    }

    /// The score of a win by `hand` (no red fives) with kind `win`: see
    /// [`WinScorer::tsumo`].
    fn base(&self, hand: &Counts, win: usize, flags: u128) -> Result<Base, EvError> {
        let riichi = flags & state::RIICHI != 0;
        let winning = state::pai(win);
        let h = Hand::from_trusted(state::merge(hand), self.melds.clone(), winning);
        let flags = Flags {
            tsumo: true,
            riichi,
            double_riichi: riichi && flags & state::DOUBLE != 0,
            ippatsu: riichi && flags & state::IPPATSU != 0,
            haitei: flags & state::HAITEI != 0,
            ..Flags::default()
        };
        let ctx = WinContext::new(
            winning,
            flags,
            self.round_wind,
            self.seat_wind,
            &self.dora,
            &[],
            0,
            0,
        )
        .map_err(ScoreError::from)?;
        let s = match riichi::score::score_unchecked(&h, &ctx, &self.rules) {
            Ok(s) => s,
            Err(ScoreError::NoYaku) => return Ok(Base::NoYaku),
            Err(e) => return Err(e.into()),
        };
        if s.yakuman > 0 && s.limit != Some(Limit::KazoeYakuman) {
            return Ok(Base::Fixed(s.total));
        }
        let ura = riichi && self.ura && !self.dora.is_empty();
        Ok(Base::Han {
            han: s.han,
            fu: s.fu,
            odds: ura.then(|| self.ura_odds(hand)),
        })
    }

    /// The distribution of the ura dora a winning `hand` gets: as many indicators as
    /// dora indicators, drawn without replacement from the wall of that state; an
    /// indicator adds the copies of its dora in hand and melds (the total capped at
    /// [`MAX_URA`]).
    ///
    /// Only how many wall tiles add each gain (0 to 4 han an indicator) matters, so the
    /// count runs over those five classes, not over the 34 kinds: `C(n, m)` ways to
    /// take `m` indicators from the `n` tiles of a class.
    fn ura_odds(&self, hand: &Counts) -> [f64; MAX_URA + 1] {
        let concealed = state::merge(hand);
        let mut held = concealed;
        for (t, n) in self.meld_counts.iter() {
            held[t] += n;
        }
        let (concealed, held) = (concealed.as_array(), held.as_array());
        // The wall tiles by the han their indicator adds (a five's copies red or black
        // together: the hand may hold a red five as black).
        let mut class = [0u32; GAINS];
        for t in 0..34 {
            let copies = u32::from(self.pool_merged[t].saturating_sub(concealed[t]));
            let gain = usize::from(held[usize::from(self.dora_of[t])]);
            class[gain.min(GAINS - 1)] += copies;
        }
        let draws = self.dora.len().min(MAX_INDICATORS);
        let mut odds = [0f64; MAX_URA + 1];
        let total: u32 = class.iter().sum();
        if total == 0 {
            return odds;
        }
        if draws == 1 {
            for (gain, &n) in class.iter().enumerate() {
                odds[gain] += f64::from(n) / f64::from(total);
            }
            return odds;
        }
        // ways[j][u]: ways to pick j indicators adding u, class by class.
        let mut ways = [[0f64; MAX_URA + 1]; MAX_INDICATORS + 1];
        ways[0][0] = 1.0;
        for (gain, &copies) in class.iter().enumerate() {
            if copies == 0 {
                continue;
            }
            // From the most indicators down, so each count reads the classes before it.
            for j in (0..draws).rev() {
                for u in 0..=MAX_URA {
                    let w = ways[j][u];
                    if w == 0.0 {
                        continue;
                    }
                    let mut choose = 1.0;
                    for m in 1..=(draws - j).min(copies as usize) {
                        choose = choose * f64::from(copies + 1 - m as u32) / m as f64;
                        let v = (u + m * gain).min(MAX_URA);
                        ways[j + m][v] += w * choose;
                    }
                }
            }
        }
        let all: f64 = ways[draws].iter().sum();
        if all > 0.0 {
            for (o, w) in odds.iter_mut().zip(ways[draws]) {
                *o = w / all;
            }
        }
        odds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ev::state::KINDS;
    use crate::riichi::Preset;
    use crate::tile::Wind;

    /// A win holding red fives is scored as the same hand with black fives plus one
    /// han a red five: [`WinScorer::tsumo`] agrees with the scorer given the red
    /// hand itself, with and without riichi, the black twin scored first or not.
    #[test]
    fn tsumo_ok_red_fives_add_their_han() {
        // Complete hands in notation, the winning tile last.
        let hands = [
            "34m456p789s234s11z0m",
            "234m46p567s22m888s0p",
            "234m46p567s22m888s5p",
            "123m406p99p456s34s0s",
            "05m50p05s1122334z4z",
            "11223344556677z",
            "222m333p444s55z0s6s7s",
        ];
        let rules = Preset::Tenhou.rules();
        let pool = [4u8; KINDS];
        let dora = vec![Tile::new_unchecked(2).black()];
        let scorer = WinScorer::new(
            Vec::new(),
            (Wind::East, Wind::South),
            dora.clone(),
            false,
            rules,
            pool,
        )
        .unwrap();
        let mut known = Known::default();
        for text in hands {
            let hand = crate::notation::parse_hand(text).unwrap();
            let win = hand.last().unwrap();
            let mut counts = [0u8; KINDS];
            for p in hand.concealed_pais() {
                counts[state::kind_of(p)] += 1;
            }
            for flags in [0, state::RIICHI] {
                let riichi = flags != 0;
                let ctx = WinContext::new(
                    win,
                    Flags {
                        tsumo: true,
                        riichi,
                        ..Flags::default()
                    },
                    Wind::East,
                    Wind::South,
                    &dora,
                    &[],
                    0,
                    0,
                )
                .unwrap();
                let want = match riichi::score::score_unchecked(&hand, &ctx, &rules) {
                    Ok(s) => f64::from(s.total),
                    Err(ScoreError::NoYaku) => 0.0,
                    Err(e) => panic!("{text}: {e}"),
                };
                let got = scorer
                    .tsumo(&counts, state::kind_of(win), flags, &mut known)
                    .unwrap();
                assert_eq!(got, want, "{text}, riichi {riichi}");
            }
        }
    }

    /// [`WinScorer::ura_odds`], counted over gain classes, is the share of every set
    /// of one to three indicators taken from the wall's physical tiles, on seeded random
    /// hands with red fives.
    #[test]
    fn ura_odds_ok_agrees_with_every_draw_of_indicators() {
        let mut rng = crate::util::rng::SplitMix64::new(7);
        // A four-player wall with one red five a suit: three black fives, one red.
        let mut pool = [4u8; KINDS];
        for s in 0..3 {
            pool[s * 9 + 4] = 3;
            pool[state::RED + s] = 1;
        }
        let rules = Preset::Tenhou.rules();
        let wall_of_game = rules.wall();
        for case in 0..24 {
            let indicators = 1 + case % 3;
            let mut hand = [0u8; KINDS];
            let mut drawn = 0;
            while drawn < 14 {
                let k = rng.below(KINDS as u64) as usize;
                if hand[k] < pool[k] {
                    hand[k] += 1;
                    drawn += 1;
                }
            }
            let dora = vec![Tile::new_unchecked(0).black(); indicators];
            let scorer = WinScorer::new(
                Vec::new(),
                (Wind::East, Wind::East),
                dora,
                true,
                rules,
                pool,
            )
            .unwrap();
            let held = state::merge(&hand);
            let mut wall = Vec::new();
            for k in 0..KINDS {
                for _ in 0..pool[k] - hand[k] {
                    wall.push(Tile::new_unchecked(state::merged(k) as u8));
                }
            }
            let gain = |t: Tile| usize::from(held.get(wall_of_game.dora_from_indicator(t)));
            let mut ways = [0f64; MAX_URA + 1];
            let n = wall.len();
            let mut all = 0f64;
            for a in 0..n {
                if indicators == 1 {
                    ways[gain(wall[a]).min(MAX_URA)] += 1.0;
                    all += 1.0;
                    continue;
                }
                for b in a + 1..n {
                    if indicators == 2 {
                        ways[(gain(wall[a]) + gain(wall[b])).min(MAX_URA)] += 1.0;
                        all += 1.0;
                        continue;
                    }
                    for c in b + 1..n {
                        let u = gain(wall[a]) + gain(wall[b]) + gain(wall[c]);
                        ways[u.min(MAX_URA)] += 1.0;
                        all += 1.0;
                    }
                }
            }
            let odds = scorer.ura_odds(&hand);
            for (u, (&o, &w)) in odds.iter().zip(&ways).enumerate() {
                assert!(
                    (o - w / all).abs() < 1e-12,
                    "case {case}, {u} ura: {o} vs {}",
                    w / all
                );
            }
        }
    }
}
