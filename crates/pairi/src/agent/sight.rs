//! What a seat knows of the tiles: its own hand, and every copy it has seen.

use crate::table::{Observation, Seat};
use crate::tile::{Tile, TileCounts, Wind};

/// One seat's count of the tiles: its concealed hand, and the copies of each kind it
/// has seen (its hand, every meld, every river, the dora indicators, the Norths set
/// aside), against the copies the set holds.
#[derive(Clone, Debug)]
pub struct Sight {
    /// The seat.
    pub seat: Seat,
    /// The concealed tiles.
    pub hand: TileCounts,
    /// The seat's declared melds.
    pub melds: usize,
    /// Copies of each kind seen.
    pub seen: [u8; 34],
    /// Copies of each kind in the set: 4, or 0 for 2m–8m with three players.
    pub copies: [u8; 34],
    /// The seat's wind.
    pub seat_wind: Wind,
}

impl Sight {
    /// The count of `obs`.
    #[must_use]
    pub fn of(obs: &Observation) -> Sight {
        let mut hand = TileCounts::new();
        let mut seen = [0u8; 34];
        for p in obs.hand.iter() {
            hand.add(p.tile());
            seen[p.tile().index()] += 1;
        }
        let n = usize::from(obs.players.clamp(3, 4));
        for s in 0..n {
            for m in obs.melds[s].iter() {
                for t in m.tiles() {
                    seen[t.index()] += 1;
                }
            }
            // A claimed tile is in the caller's meld.
            for r in obs.rivers[s].iter().filter(|r| !r.called) {
                seen[r.pai.tile().index()] += 1;
            }
            seen[Tile::NORTH.index()] += obs.kita[s];
        }
        for p in obs.dora.iter() {
            seen[p.tile().index()] += 1;
        }
        let mut copies = [4u8; 34];
        if n == 3 {
            for c in &mut copies[1..8] {
                *c = 0;
            }
        }
        for (s, c) in seen.iter_mut().zip(copies) {
            *s = (*s).min(c);
        }
        let seat = obs.seat;
        let seat_wind =
            Wind::from_index((seat + obs.players - obs.dealer % obs.players) % obs.players);
        Sight {
            seat,
            hand,
            melds: obs.melds[usize::from(seat.min(3))].len(),
            seen,
            copies,
            seat_wind,
        }
    }

    /// Copies of `t` the seat has not seen: in the wall or in other hands.
    #[must_use]
    pub fn left(&self, t: Tile) -> u8 {
        self.copies[t.index()] - self.seen[t.index()]
    }

    /// Unseen copies of the kinds in `tiles` (a [`crate::tile::TileSet`]'s bits).
    #[must_use]
    pub fn left_of(&self, tiles: u64) -> u32 {
        let mut bits = tiles;
        let mut n = 0;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if i < 34 {
                n += u32::from(self.copies[i] - self.seen[i]);
            }
        }
        n
    }
}

/// Whether `t` gives a yakuhai triplet to the seat: a dragon, the round wind or the
/// seat's wind.
#[must_use]
pub(crate) fn is_yakuhai(t: Tile, round: Wind, seat: Wind) -> bool {
    t.is_dragon() || t == round.tile() || t == seat.tile()
}

/// How many dora `t` is worth for the indicators in `obs`.
#[must_use]
pub(crate) fn dora_count(t: Tile, obs: &Observation) -> u8 {
    let wall = if obs.players == 3 {
        crate::wall::Wall::three_player([0, 1, 1])
    } else {
        crate::wall::Wall::four_player([1, 1, 1])
    };
    obs.dora
        .iter()
        .filter(|i| wall.dora_from_indicator(i.tile()) == t)
        .count() as u8
}
