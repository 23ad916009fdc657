//! What one seat may see: its own tiles, and of the others only what lies on the
//! table. The type has no field that could hold another seat's concealed tiles or
//! the wall, so no observation can leak them.

use super::action::Seat;
use super::{RiichiStatus, Table};
use crate::hand::Meld;
use crate::riichi::context::Indicators;
use crate::tile::{Pai, Tile, Wind};
use crate::util::FixedList;

/// The most discards one seat can make in a kyoku that an observation keeps.
pub const MAX_RIVER: usize = 48;

/// One discard as everyone sees it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct RiverTile {
    /// The tile.
    pub pai: Pai,
    /// Thrown straight from the draw (ツモ切り).
    pub tsumogiri: bool,
    /// The riichi declaration tile.
    pub riichi: bool,
    /// Claimed by another player.
    pub called: bool,
}

/// One seat's view of the table.
#[derive(Clone, Debug)]
pub struct Observation {
    /// The viewer.
    pub seat: Seat,
    /// Three or four.
    pub players: u8,
    /// The round wind.
    pub round: Wind,
    /// The dealer's seat.
    pub dealer: Seat,
    /// Honba.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub riichi_sticks: u32,
    /// Scores by seat.
    pub scores: [i32; 4],
    /// The dora indicators turned.
    pub dora: Indicators,
    /// Tiles left in the live wall.
    pub tiles_left: u8,
    /// The seat whose turn it is (or who discarded the tile being claimed).
    pub turn: Seat,
    /// The seats that must decide now (bit per seat).
    pub to_act: u8,
    /// The viewer's concealed tiles, sorted, the drawn tile included.
    pub hand: FixedList<Pai, 14>,
    /// The tile the viewer just drew.
    pub drawn: Option<Pai>,
    /// The tile being claimed and who gave it, while claims are open.
    pub claimable: Option<(Seat, Pai)>,
    /// Every seat's melds.
    pub melds: [FixedList<Meld, 4>; 4],
    /// Every seat's discards in order.
    pub rivers: [FixedList<RiverTile, MAX_RIVER>; 4],
    /// Whether each seat's riichi is on the table (declared and accepted).
    pub riichi: [bool; 4],
    /// North tiles each seat set aside (three players).
    pub kita: [u8; 4],
    /// Whether the game is over.
    pub over: bool,
}

pub(super) fn observe(t: &Table, seat: Seat) -> Observation {
    let viewer = usize::from(seat.min(3));
    let me = &t.seats[viewer];
    let mut hand = FixedList::new();
    let c = me.hand.concealed();
    let mut red = me.hand.concealed_red();
    for k in Tile::all() {
        for _ in 0..c.get(k) {
            let suit = k.index() / 9;
            let p = if !k.is_honor() && k.number() == 5 && red[suit] > 0 {
                red[suit] -= 1;
                k.red().unwrap_or(k.black())
            } else {
                k.black()
            };
            hand.push(p);
        }
    }
    let mut melds: [FixedList<Meld, 4>; 4] = Default::default();
    let mut rivers: [FixedList<RiverTile, MAX_RIVER>; 4] = Default::default();
    let mut riichi = [false; 4];
    let mut kita = [0u8; 4];
    for (i, s) in t.seats.iter().enumerate().take(usize::from(t.n)) {
        for &m in s.hand.melds() {
            melds[i].push(m);
        }
        riichi[i] = s.riichi == RiichiStatus::Accepted;
        kita[i] = s.kita;
    }
    for (owner, r) in t.river() {
        rivers[usize::from(owner)].push(r);
    }
    let claims = t.phase == super::Phase::Claims;
    Observation {
        seat,
        players: t.n,
        round: t.round,
        dealer: t.dealer,
        honba: t.honba,
        riichi_sticks: t.sticks,
        scores: t.scores,
        dora: t.dora_indicators(),
        tiles_left: t.tiles_left(),
        turn: if claims { t.claim.from } else { t.turn },
        to_act: t.to_act(),
        hand,
        drawn: me.drawn,
        claimable: claims.then_some((t.claim.from, t.claim.pai)),
        melds,
        rivers,
        riichi,
        kita,
        over: t.is_over(),
    }
}
