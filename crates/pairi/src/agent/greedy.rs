//! `greedy`: tile efficiency from the discard table.
//!
//! The policy, in order:
//!
//! 1. a win (tsumo, ron) is always taken; a North is always set aside (kita); nine
//!    kinds of terminals and honours always abort the hand; kongs are never made;
//! 2. a discard is ranked by the shanten it leaves (lowest first), then by the useful
//!    tiles it leaves, counted as the copies this seat has not seen (most first), then by
//!    the shape: the useful tiles one draw further, summed over each useful draw weighted
//!    by its unseen copies (the "two-step" acceptance; most first, computed only between
//!    discards tied so far), then by the tile's worth kept (a lone guest wind goes before
//!    a terminal, a terminal before a 2 or 8, those before a middle tile; a yakuhai
//!    honour, a dora or a red five is kept longer);
//! 3. riichi is declared whenever the best discard leaves the hand ready;
//! 4. a chi or pon is called only when it lowers the shanten of the hand (the best
//!    discard after the call against the hand as it is) and the hand keeps a yaku it can
//!    count on: the call is a pon of a yakuhai (a dragon, the round wind or the seat's
//!    wind), or the hand already has a yakuhai pon or kong or a concealed yakuhai
//!    triplet, or all simples is allowed open and the call, every meld and all but at
//!    most one concealed tile are simples. An open kong is never called.

use super::sight::{dora_count, is_yakuhai, Sight};
use super::{win_in, Agent};
use crate::hand::MeldKind;
use crate::shanten;
use crate::table::{kuikae_set, Action, Kuikae, Observation, Seat, TableRules, MAX_LEGAL};
use crate::tile::{Pai, Tile, TileCounts, TileSet};
use crate::util::FixedList;

/// Which calls [`Greedy`] makes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum CallPolicy {
    /// Chi and pon that lower the shanten of a hand that keeps a yaku (the module
    /// documentation).
    #[default]
    Yaku,
    /// None: the hand stays closed.
    Never,
}

/// The tile-efficiency agent (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    rules: TableRules,
    seat: Seat,
    /// Which calls it makes.
    pub calls: CallPolicy,
}

impl Greedy {
    /// A greedy agent that makes the calls `calls` allows.
    #[must_use]
    pub fn with_calls(calls: CallPolicy) -> Greedy {
        Greedy {
            calls,
            ..Greedy::default()
        }
    }
}

impl Agent for Greedy {
    fn start(&mut self, seat: Seat, rules: &TableRules, _seed: u64) {
        self.seat = seat;
        self.rules = *rules;
    }

    fn listens(&self) -> bool {
        false
    }

    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        // One choice (a pass, or the draw thrown after riichi): the rules below would
        // take it too.
        if let [only] = legal {
            return *only;
        }
        if let Some(w) = win_in(legal) {
            return w;
        }
        for a in [Action::Kita, Action::NineTerminals] {
            if legal.contains(&a) {
                return a;
            }
        }
        let sight = Sight::of(obs);
        if legal.contains(&Action::Pass) {
            if self.calls == CallPolicy::Yaku {
                if let Some((a, _)) = best_call(obs, &sight, legal, &self.rules) {
                    return a;
                }
            }
            return Action::Pass;
        }
        match rank_discards(obs, &sight, legal).first().copied() {
            Some((a, e)) => {
                if e.shanten == 0 && legal.contains(&Action::Riichi) {
                    Action::Riichi
                } else {
                    a
                }
            }
            None => super::fallback(legal),
        }
    }
}

/// How good a discard is for tile efficiency: compared by shanten (lower is better),
/// useful tiles, shape (more is better), then the worth of the tile thrown (less is
/// better).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Efficiency {
    /// Shanten after the discard.
    pub shanten: i8,
    /// Unseen copies of the useful tiles after it.
    pub useful: u32,
    /// The two-step acceptance (0 when not computed).
    pub shape: u32,
    /// The worth of the tile thrown (kept longer when higher).
    pub worth: i32,
}

impl Efficiency {
    /// The sort key: smaller is better.
    fn key(&self) -> (i8, i64, i64, i32) {
        (
            self.shanten,
            -i64::from(self.useful),
            -i64::from(self.shape),
            self.worth,
        )
    }
}

/// The worth of keeping `p` (higher kept longer): a lone guest honour 0, a yakuhai
/// honour 2, a terminal 1, a 2 or 8 3, a middle tile 4; 6 more per dora and for a red
/// five.
pub(crate) fn worth(p: Pai, obs: &Observation, sight: &Sight) -> i32 {
    let t = p.tile();
    let mut v = if t.is_honor() {
        if is_yakuhai(t, obs.round, sight.seat_wind) {
            2
        } else {
            0
        }
    } else {
        match t.number() {
            1 | 9 => 1,
            2 | 8 => 3,
            _ => 4,
        }
    };
    v += 6 * i32::from(dora_count(t, obs));
    if p.is_red() {
        v += 6;
    }
    v
}

/// The discard rows of the seat's 14 − 3k hand: shanten and useful tiles after each
/// kind discarded (`None` for a hand of another size).
fn rows(hand: &TileCounts, melds: usize) -> Option<shanten::Discards> {
    shanten::discards(hand, melds).ok()
}

/// Every legal discard with its [`Efficiency`], best first; shapes computed between
/// those tied with the best on shanten and useful tiles.
pub(crate) fn rank_discards(
    obs: &Observation,
    sight: &Sight,
    legal: &[Action],
) -> FixedList<(Action, Efficiency), MAX_LEGAL> {
    let mut out: FixedList<(Action, Efficiency), MAX_LEGAL> = FixedList::new();
    let Some(table) = rows(&sight.hand, sight.melds) else {
        return out;
    };
    // The useful draws after each kind discarded, from the table's rows.
    let mut useful_after = [0u64; 34];
    for r in table.rows() {
        useful_after[r.tile.tile().index()] = r.useful.tiles.bits();
    }
    for &a in legal {
        let Action::Discard { pai, .. } = a else {
            continue;
        };
        let Some(row) = table.rows().iter().find(|r| r.tile.tile() == pai.tile()) else {
            continue;
        };
        out.push((
            a,
            Efficiency {
                shanten: row.shanten,
                useful: sight.left_of(row.useful.tiles.bits()),
                shape: 0,
                worth: worth(pai, obs, sight),
            },
        ));
    }
    let s = out.as_mut_slice();
    s.sort_by_key(|(_, e)| (e.shanten, -i64::from(e.useful)));
    if let Some(&(_, first)) = s.first() {
        let tied = s
            .iter()
            .take_while(|(_, e)| e.shanten == first.shanten && e.useful == first.useful)
            .count();
        if tied > 1 && first.shanten > 0 {
            // One shape per kind: the tile from the hand and the one drawn, a red five
            // and a black one, leave the same hand.
            let mut done: [Option<u32>; 34] = [None; 34];
            for (a, e) in &mut s[..tied] {
                if let Action::Discard { pai, .. } = *a {
                    let k = pai.tile();
                    e.shape = *done[k.index()].get_or_insert_with(|| {
                        let useful = TileSet::from_bits(useful_after[k.index()]);
                        shape(sight, k, e.shanten, useful)
                    });
                }
            }
        }
    }
    s.sort_by_key(|(_, e)| e.key());
    out
}

/// The two-step acceptance of the hand after discarding `d` (at `shanten`, `useful` the
/// draws that lower it: its row of the discard table): for each useful draw, its unseen
/// copies times the most unseen useful tiles a discard then leaves at one shanten less
/// (only those rows of the discard table are made: [`shanten::discards_keeping`], row
/// by row).
fn shape(sight: &Sight, d: Tile, shanten: i8, useful: TileSet) -> u32 {
    let mut h = sight.hand;
    h.remove(d);
    let mut total = 0;
    for t in useful.iter() {
        let left = u32::from(sight.left(t));
        if left == 0 {
            continue;
        }
        let mut h2 = h;
        h2.add(t);
        // Only the discards one shanten lower count: the hand's own shanten after the
        // useful draw, so the rows that keep it.
        let mut best = 0;
        let kept = shanten::each_keeping(&h2, sight.melds, |r| {
            if r.shanten < shanten {
                let mut n = sight.left_of(r.useful.tiles.bits());
                if r.useful.tiles.contains(t) {
                    n = n.saturating_sub(1);
                }
                best = best.max(n);
            }
        });
        if kept.is_err() {
            continue;
        }
        total += left * best;
    }
    total
}

/// The shanten of the seat's 13 − 3k hand (or of the best discard of a 14 − 3k one).
pub(crate) fn shanten_now(hand: &TileCounts, melds: usize) -> i8 {
    match shanten::riichi(hand, melds) {
        Ok(s) => s.min(),
        Err(_) => {
            rows(hand, melds).map_or(8, |r| r.rows().iter().map(|r| r.shanten).min().unwrap_or(8))
        }
    }
}

/// The hand after a chi or pon: its concealed tiles and the kinds kuikae forbids to
/// discard next.
pub(crate) fn after_call(
    sight: &Sight,
    action: Action,
    rules: &TableRules,
) -> Option<(TileCounts, TileSet)> {
    let (consumed, called, chi) = match action {
        Action::Chi { consumed, called } => (consumed, called, true),
        Action::Pon { consumed, called } => (consumed, called, false),
        _ => return None,
    };
    let mut h = sight.hand;
    for p in consumed {
        if !h.remove(p.tile()) {
            return None;
        }
    }
    let forbidden = if rules.kuikae == Kuikae::Forbidden {
        kuikae_set(called.tile(), &consumed, chi)
    } else {
        TileSet::EMPTY
    };
    Some((h, forbidden))
}

/// The best discard after a call: its shanten and unseen useful tiles.
pub(crate) fn call_efficiency(
    sight: &Sight,
    hand: &TileCounts,
    forbidden: TileSet,
) -> Option<(i8, u32)> {
    let table = rows(hand, sight.melds + 1)?;
    table
        .rows()
        .iter()
        .filter(|r| !forbidden.contains(r.tile.tile()))
        .map(|r| (r.shanten, sight.left_of(r.useful.tiles.bits())))
        .min_by_key(|&(s, u)| (s, -i64::from(u)))
}

/// Whether the hand after `action` (concealed tiles `after`) keeps a yaku it can count
/// on (the module documentation, rule 4).
pub(crate) fn keeps_yaku(
    obs: &Observation,
    sight: &Sight,
    action: Action,
    after: &TileCounts,
    rules: &TableRules,
) -> bool {
    let (called, pon) = match action {
        Action::Pon { called, .. } => (called.tile(), true),
        Action::Chi { called, .. } => (called.tile(), false),
        _ => return false,
    };
    let yakuhai = |t: Tile| is_yakuhai(t, obs.round, sight.seat_wind);
    if pon && yakuhai(called) {
        return true;
    }
    let melds = &obs.melds[usize::from(obs.seat.min(3))];
    if melds
        .iter()
        .any(|m| m.kind() != MeldKind::Chi && yakuhai(m.first()))
    {
        return true;
    }
    if Tile::all().any(|t| t.is_honor() && yakuhai(t) && after.get(t) >= 3) {
        return true;
    }
    if !rules.scoring.open_tanyao {
        return false;
    }
    let simple_call = match action {
        Action::Chi { consumed, called } => {
            consumed.iter().all(|p| p.tile().is_simple()) && called.tile().is_simple()
        }
        _ => called.is_simple(),
    };
    let simple_melds = melds.iter().all(|m| m.tiles().all(|t| t.is_simple()));
    let outside: u32 = after
        .iter()
        .filter(|(t, _)| !t.is_simple())
        .map(|(_, n)| u32::from(n))
        .sum();
    simple_call && simple_melds && outside <= 1
}

/// The best chi or pon by the greedy rule (lowers the shanten, keeps a yaku), with the
/// shanten and useful tiles it leads to.
pub(crate) fn best_call(
    obs: &Observation,
    sight: &Sight,
    legal: &[Action],
    rules: &TableRules,
) -> Option<(Action, (i8, u32))> {
    let now = shanten_now(&sight.hand, sight.melds);
    let mut best: Option<(Action, (i8, u32))> = None;
    for &a in legal {
        let Some((after, forbidden)) = after_call(sight, a, rules) else {
            continue;
        };
        let Some(e) = call_efficiency(sight, &after, forbidden) else {
            continue;
        };
        if e.0 >= now || !keeps_yaku(obs, sight, a, &after, rules) {
            continue;
        }
        if best.is_none_or(|(_, b)| (e.0, -i64::from(e.1)) < (b.0, -i64::from(b.1))) {
            best = Some((a, e));
        }
    }
    best
}
