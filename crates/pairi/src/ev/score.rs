//! The value of a self-drawn win in the search: the Riichi score of the completed hand
//! (tsumo, riichi when declared), with ura dora as an expectation over the indicators
//! still in the wall.

use super::state::{self, Counts, KINDS};
use super::EvError;
use crate::hand::{Hand, Meld};
use crate::riichi::{self, Flags, Limit, Rules, ScoreError, WinContext};
use crate::tile::{Pai, Tile, TileCounts, Wind};

/// Ura dora beyond this many add nothing more (13 han is a counted yakuman whatever
/// the hand held before).
const MAX_URA: usize = 12;
/// At most five dora indicators are ever shown.
const MAX_INDICATORS: usize = 5;
/// The han one ura indicator can add: 0 to 4 (the copies of its dora held, kongs
/// included).
const GAINS: usize = 5;

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
    /// The initial wall plus the initial hand, per kind: the wall of a state `H` is
    /// this minus `H`.
    pool: Counts,
    /// Per kind of the 34, the kind its indicator makes a dora.
    dora_of: [u8; 34],
}

impl WinScorer {
    pub(crate) fn new(
        melds: Vec<Meld>,
        (round_wind, seat_wind): (Wind, Wind),
        dora: Vec<Pai>,
        ura: bool,
        rules: Rules,
        pool: Counts,
    ) -> WinScorer {
        let meld_counts = melds.iter().flat_map(Meld::tiles).collect();
        let wall = rules.wall();
        let dora_of = std::array::from_fn(|i| {
            wall.dora_from_indicator(Tile::new_unchecked(i as u8))
                .as_u8()
        });
        WinScorer {
            melds,
            round_wind,
            seat_wind,
            dora,
            ura,
            rules,
            meld_counts,
            pool,
            dora_of,
        }
    }

    /// What the winner receives on a self-draw completing `hand` (37 counts, the
    /// winning tile included) with the tile of kind `win`, with the declarations of the
    /// state `flags` (riichi, double riichi, ippatsu: the flag bits of a packed state,
    /// with [`state::HAITEI`] for a draw of the last tile); 0 without a yaku.
    pub(crate) fn tsumo(&self, hand: &Counts, win: usize, flags: u128) -> Result<f64, EvError> {
        let riichi = flags & state::RIICHI != 0;
        let winning = state::pai(win);
        let red = [hand[state::RED], hand[state::RED + 1], hand[state::RED + 2]];
        let h = Hand::from_trusted(state::merge(hand), red, self.melds.clone(), winning);
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
            Err(ScoreError::NoYaku) => return Ok(0.0),
            Err(e) => return Err(e.into()),
        };
        let counted = s.yakuman > 0 && s.limit != Some(Limit::KazoeYakuman);
        if !(riichi && self.ura && !self.dora.is_empty()) || counted {
            return Ok(f64::from(s.total));
        }
        let odds = self.ura_odds(hand);
        let mut expected = 0.0;
        for (u, p) in odds.iter().enumerate() {
            if *p == 0.0 {
                continue;
            }
            let han = s.han.saturating_add(u as u8);
            let (basic, _) = riichi::score::basic_points(han, s.fu, &self.rules);
            expected += p * f64::from(riichi::score::total_for(basic, &ctx, &self.rules));
        }
        Ok(expected)
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
        let mut held = state::merge(hand);
        for (t, n) in self.meld_counts.iter() {
            held[t] += n;
        }
        let held = held.as_array();
        // The wall tiles by the han their indicator adds.
        let mut class = [0u32; GAINS];
        for k in 0..KINDS {
            let copies = u32::from(self.pool[k].saturating_sub(hand[k]));
            let gain = usize::from(held[usize::from(self.dora_of[state::merged(k)])]);
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
    use crate::riichi::Preset;
    use crate::tile::Wind;

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
            );
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
