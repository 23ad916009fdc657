//! How dangerous a discard is against a player in riichi (放銃率の目安).
//!
//! The estimate is pairi's own heuristic, not a measured statistic: it counts the
//! waits a ready hand could have on the tile and weighs each kind of wait.
//!
//! - **Genbutsu** (現物): a tile in the riichi player's river, or discarded by anyone
//!   after the riichi declaration and not won on, cannot win for that player (furiten):
//!   danger 0.
//! - A number tile `n` can be waited on by a two-sided wait from below (`n−2 n−1`, which
//!   also waits on `n−3`) or from above (`n+1 n+2`, also waiting on `n+3`). **Suji**
//!   (筋): when `n−3` (or `n+3`) is genbutsu, that two-sided wait would be furiten, so it
//!   does not count. A 3 waited on by `1 2` and a 7 by `8 9` are edge waits, which suji
//!   does not remove.
//! - **Kabe** (壁) and **one-chance** (ワンチャンス): a wait needs the other player to
//!   hold its two tiles. If every copy of one of them has been seen (by this seat: its
//!   hand, the rivers, the melds, the indicators), the wait is impossible; with one copy
//!   left, it is counted at half weight.
//! - A closed wait (`n−1 n+1`), a pair wait (shanpon, two unseen copies needed) and a
//!   single wait (tanki) count at a small weight each.
//! - **Honours**: only pair and single waits; by the copies left unseen: none 0, one
//!   0.01 (a single wait), two 0.03, three 0.04.
//!
//! Weights: a live two-sided wait 0.055, an edge wait 0.015, a closed wait 0.015, a pair
//! wait 0.01, a single wait 0.005. A middle tile with nothing known is about 0.14, a suji
//! 4–6 with one side known 0.085, with both 0.03, a suji terminal 0.015; these follow the
//! usual order of danger (a non-suji middle tile worst, genbutsu none) without claiming
//! to be the rates of any data set.

use super::sight::Sight;
use crate::table::{Observation, Seat};
use crate::tile::{Tile, TileSet};

/// A live two-sided wait.
const TWO_SIDED: f64 = 0.055;
/// An edge wait (`1 2` on 3, `8 9` on 7).
const EDGE: f64 = 0.015;
/// A closed wait.
const CLOSED: f64 = 0.015;
/// A pair wait (shanpon).
const PAIR: f64 = 0.01;
/// A single wait (tanki).
const SINGLE: f64 = 0.005;

/// What one seat in riichi has shown: the kinds safe against it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Threat {
    /// The seat in riichi.
    pub seat: Seat,
    /// Kinds that cannot win for it (its river, and the discards since its riichi).
    pub genbutsu: TileSet,
}

/// The seats in riichi in `obs` other than the viewer, with the kinds safe against each:
/// their river and `after[seat]`, the discards since their declaration (which the caller
/// tracks from the events; an empty set without them).
#[must_use]
pub fn threats(obs: &Observation, after: &[TileSet; 4]) -> crate::util::FixedList<Threat, 3> {
    let mut out = crate::util::FixedList::new();
    for s in 0..obs.players.min(4) {
        let i = usize::from(s);
        if s == obs.seat || !obs.riichi[i] {
            continue;
        }
        let mut genbutsu = after[i];
        for r in obs.rivers[i].iter() {
            genbutsu.insert(r.pai.tile());
        }
        out.push(Threat { seat: s, genbutsu });
    }
    out
}

/// The weight of a wait on two tiles `a`, `b` held by the other player: 0 when a copy of
/// either cannot be held (none unseen), half with one left.
fn held(sight: &Sight, a: Tile, b: Tile) -> f64 {
    let left = sight.left(a).min(sight.left(b));
    match left {
        0 => 0.0,
        1 => 0.5,
        _ => 1.0,
    }
}

/// The danger of discarding `t` against `threat` (see the module documentation).
#[must_use]
pub fn danger(t: Tile, threat: &Threat, sight: &Sight) -> f64 {
    if threat.genbutsu.contains(t) {
        return 0.0;
    }
    let left = sight.left(t);
    if t.is_honor() {
        return match left {
            0 => 0.0,
            1 => 0.01,
            2 => 0.03,
            _ => 0.04,
        };
    }
    let n = t.number();
    let at = |d: i8| Tile::new_unchecked((t.as_u8() as i8 + d) as u8);
    let mut d = 0.0;
    // From below: n−2 n−1.
    if n >= 3 {
        let w = held(sight, at(-2), at(-1));
        if n == 3 {
            d += EDGE * w;
        } else if !threat.genbutsu.contains(at(-3)) {
            d += TWO_SIDED * w;
        }
    }
    // From above: n+1 n+2.
    if n <= 7 {
        let w = held(sight, at(1), at(2));
        if n == 7 {
            d += EDGE * w;
        } else if !threat.genbutsu.contains(at(3)) {
            d += TWO_SIDED * w;
        }
    }
    if (2..=8).contains(&n) {
        d += CLOSED * held(sight, at(-1), at(1));
    }
    if left >= 2 {
        d += PAIR;
    }
    if left >= 1 {
        d += SINGLE;
    }
    d
}

/// The danger of `t` against every threat: the chance that at least one wins on it,
/// each taken as independent.
#[must_use]
pub fn danger_all(t: Tile, threats: &[Threat], sight: &Sight) -> f64 {
    1.0 - threats
        .iter()
        .map(|th| 1.0 - danger(t, th, sight))
        .product::<f64>()
}

/// Why a tile is as safe as [`danger_all`] says, in the words players use: the reasons
/// behind the same numbers, for a reader.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Reasons {
    /// Genbutsu against every threat.
    pub genbutsu: bool,
    /// A number tile whose two-sided waits are all ruled out by genbutsu (suji)
    /// against every threat it is not genbutsu to.
    pub suji: bool,
    /// A neighbouring kind a run wait on the tile needs has every copy seen (壁).
    pub kabe: bool,
    /// No run wait on the tile is possible by the copies seen (ノーチャンス): only a
    /// pair or single wait can win on it.
    pub no_chance: bool,
    /// Every run wait on the tile needs a kind of which one copy is left (ワンチャンス).
    pub one_chance: bool,
    /// An honour.
    pub honour: bool,
    /// Copies of the tile this seat has not seen.
    pub left: u8,
}

/// The reasons behind the danger of `t` against `threats` ([`Reasons`]).
#[must_use]
pub fn reasons(t: Tile, threats: &[Threat], sight: &Sight) -> Reasons {
    let mut r = Reasons {
        genbutsu: !threats.is_empty() && threats.iter().all(|th| th.genbutsu.contains(t)),
        honour: t.is_honor(),
        left: sight.left(t),
        ..Reasons::default()
    };
    if t.is_honor() {
        return r;
    }
    let n = t.number();
    let at = |d: i8| Tile::new_unchecked((t.as_u8() as i8 + d) as u8);
    r.suji = !r.genbutsu
        && threats.iter().all(|th| {
            th.genbutsu.contains(t)
                || ((n < 4 || th.genbutsu.contains(at(-3)))
                    && (n > 6 || th.genbutsu.contains(at(3))))
        });
    // The run waits on the tile: below (n−2 n−1), above (n+1 n+2), closed (n−1 n+1).
    let mut runs: [Option<f64>; 3] = [None; 3];
    if n >= 3 {
        runs[0] = Some(held(sight, at(-2), at(-1)));
    }
    if n <= 7 {
        runs[1] = Some(held(sight, at(1), at(2)));
    }
    if (2..=8).contains(&n) {
        runs[2] = Some(held(sight, at(-1), at(1)));
    }
    let near = [-2i8, -1, 1, 2];
    r.kabe = near.iter().any(|&d| {
        let k = i16::from(n) + i16::from(d);
        (1..=9).contains(&k) && sight.left(at(d)) == 0
    });
    let live: Vec<f64> = runs.iter().flatten().copied().collect();
    r.no_chance = live.iter().all(|&w| w == 0.0);
    r.one_chance = !r.no_chance && live.iter().all(|&w| w <= 0.5);
    r
}
