//! The observation planes: [`PLANES`] rows of 34 values, one per tile kind, written
//! from a seat's [`Observation`] alone.
//!
//! Seats are relative to the viewer: 0 the viewer, 1 the next seat in turn order
//! (shimocha), 2 the one after, 3 the last (kamicha with four players; always empty
//! with three). Counts are plain numbers (0 to 4), marks 1.0.

use crate::hand::MeldKind;
use crate::table::{Observation, RiverTile};
use crate::tile::{Pai, Tile};

/// Planes about the viewer alone and the dora, before the per-seat planes.
pub const OWN_PLANES: usize = 11;
/// Planes per seat.
pub const SEAT_PLANES: usize = 15;
/// The number of planes: the viewer's, four seats', and the row of scalars last.
pub const PLANES: usize = OWN_PLANES + 4 * SEAT_PLANES + 1;
/// The observation's shape: planes × tile kinds.
pub const OBS_SHAPE: [usize; 2] = [PLANES, 34];
/// The number of values of one observation.
pub const OBS_SIZE: usize = PLANES * 34;
/// How many of a seat's most recent discards have their own planes.
const RECENT: usize = 6;

/// The plane of `offset` (0 to [`SEAT_PLANES`] − 1) of relative seat `rel` (0 to 3).
#[must_use]
pub const fn seat_plane(rel: usize, offset: usize) -> usize {
    OWN_PLANES + rel * SEAT_PLANES + offset
}

/// The index in the observation of the scalar at `column` of the last plane.
#[must_use]
pub const fn scalar(column: usize) -> usize {
    (PLANES - 1) * 34 + column
}

/// The values of planes 0 to 70, one byte each in [`observe_bytes`]: every one of
/// them is a small whole number.
pub const BYTE_PLANES: usize = (PLANES - 1) * 34;

/// Where [`write`] puts the planes: `f32` values throughout ([`observe`]), or bytes
/// for planes 0 to 70 and `f32` for the scalars ([`observe_bytes`]).
trait Planes {
    /// Adds `v` to plane `plane` (below `PLANES - 1`) at kind `t`.
    fn put(&mut self, plane: usize, t: Tile, v: u8);
    /// The row of scalars (34 values).
    fn scalars(&mut self) -> &mut [f32];
}

/// The whole observation as `f32`, [`OBS_SIZE`] values.
struct Floats<'a>(&'a mut [f32]);

impl Planes for Floats<'_> {
    fn put(&mut self, plane: usize, t: Tile, v: u8) {
        self.0[plane * 34 + t.index()] += f32::from(v);
    }
    fn scalars(&mut self) -> &mut [f32] {
        let sc = scalar(0);
        &mut self.0[sc..sc + 34]
    }
}

/// Planes 0 to 70 as bytes ([`BYTE_PLANES`]), and the scalars (34).
struct Bytes<'a> {
    planes: &'a mut [u8],
    scalars: &'a mut [f32],
}

impl Planes for Bytes<'_> {
    fn put(&mut self, plane: usize, t: Tile, v: u8) {
        let x = &mut self.planes[plane * 34 + t.index()];
        *x = x.saturating_add(v);
    }
    fn scalars(&mut self) -> &mut [f32] {
        self.scalars
    }
}

fn put<P: Planes>(out: &mut P, plane: usize, t: Tile, v: u8) {
    out.put(plane, t, v);
}

/// The kind a dora indicator points at: the next of its cycle (numbers 9 → 1, winds
/// E S W N, dragons White Green Red); with three players 1m → 9m → 1m, as the
/// three-player wall has no 2m–8m.
fn dora_of(indicator: Tile, players: u8) -> Tile {
    let i = indicator.index();
    let next = if i >= 31 {
        31 + (i - 31 + 1) % 3
    } else if i >= 27 {
        27 + (i - 27 + 1) % 4
    } else if players == 3 && i == 0 {
        8
    } else if players == 3 && i == 8 {
        0
    } else {
        i / 9 * 9 + (i % 9 + 1) % 9
    };
    Tile::new_unchecked(next as u8)
}

/// Writes the planes of `obs` into `out`, which must hold [`OBS_SIZE`] values (the
/// first [`OBS_SIZE`] are written; a shorter slice is left untouched).
///
/// The viewer's planes (0 to 10): 0–3 the concealed tiles, drawn one included, plane
/// `k` marking kinds held at least `k + 1` times; 4 the red fives held (at the five's
/// kind); 5 the tile just drawn; 6 that tile when red; 7 the tile being claimed; 8 that
/// tile when red; 9 the dora indicators (counts); 10 the dora they point at (counts).
///
/// Each seat's planes ([`seat_plane`]`(rel, k)`), `k`: 0 tiles in its chi, 1 in its
/// pon, 2 in its open and added kongs, 3 in its closed kongs; 4 its discards; 5 those
/// thrown straight from the draw; 6 those another seat claimed; 7 its riichi
/// declaration tile; 8 red fives it has shown (melds and discards); 9–14 its six most
/// recent discards, latest first.
///
/// The scalars (last plane, by column): 0–3 round wind, 4–7 the viewer's seat wind,
/// 8–11 the dealer's relative seat (one-hot); 12–15 scores by relative seat in units of
/// 10 000 points; 16–19 riichi on the table; 20–23 Norths set aside; 24 honba; 25
/// riichi sticks; 26 tiles left in the live wall; 27 three players (1.0); 28 a claim is
/// being decided; 29 the game is over.
pub fn observe(obs: &Observation, out: &mut [f32]) {
    let Some(out) = out.get_mut(..OBS_SIZE) else {
        return;
    };
    out.fill(0.0);
    write(obs, &mut Floats(out));
}

/// [`observe`] with planes 0 to 70 as bytes: `planes` gets their [`BYTE_PLANES`]
/// values (each the `f32` of [`observe`] as a `u8`, exactly: they are small whole
/// numbers), `scalars` the 34 values of the last plane as [`observe`] writes them.
/// Nothing is written unless `planes` holds [`BYTE_PLANES`] values and `scalars` 34
/// (only the first are written).
pub fn observe_bytes(obs: &Observation, planes: &mut [u8], scalars: &mut [f32]) {
    let (Some(planes), Some(scalars)) = (planes.get_mut(..BYTE_PLANES), scalars.get_mut(..34))
    else {
        return;
    };
    planes.fill(0);
    scalars.fill(0.0);
    write(obs, &mut Bytes { planes, scalars });
}

/// Writes the planes of `obs` into `out`, which holds zeros.
fn write<P: Planes>(obs: &Observation, out: &mut P) {
    let n = usize::from(obs.players.clamp(3, 4));
    let me = usize::from(obs.seat) % n;
    let rel = |s: usize| (s + n - me) % n;

    let mut counts = [0u8; 34];
    for p in obs.hand.iter() {
        let t = p.tile();
        let c = &mut counts[t.index()];
        if usize::from(*c) < 4 {
            put(out, usize::from(*c), t, 1);
        }
        *c += 1;
        if p.is_red() {
            put(out, 4, t, 1);
        }
    }
    let mark = |out: &mut P, plane: usize, p: Pai| {
        put(out, plane, p.tile(), 1);
        if p.is_red() {
            put(out, plane + 1, p.tile(), 1);
        }
    };
    if let Some(p) = obs.drawn {
        mark(out, 5, p);
    }
    if let Some((_, p)) = obs.claimable {
        mark(out, 7, p);
    }
    for p in obs.dora.iter() {
        put(out, 9, p.tile(), 1);
        put(out, 10, dora_of(p.tile(), obs.players), 1);
    }

    for s in 0..n {
        let r = rel(s);
        for m in obs.melds[s].iter() {
            let k = match m.kind() {
                MeldKind::Chi => 0,
                MeldKind::Pon => 1,
                MeldKind::OpenKan | MeldKind::AddedKan => 2,
                MeldKind::ClosedKan => 3,
            };
            for t in m.tiles() {
                put(out, seat_plane(r, k), t, 1);
            }
            if m.red() > 0 {
                let five = m.tiles().find(|t| !t.is_honor() && t.number() == 5);
                if let Some(t) = five {
                    put(out, seat_plane(r, 8), t, m.red());
                }
            }
        }
        let river: &[RiverTile] = obs.rivers[s].as_slice();
        for d in river {
            let t = d.pai.tile();
            put(out, seat_plane(r, 4), t, 1);
            if d.tsumogiri {
                put(out, seat_plane(r, 5), t, 1);
            }
            if d.called {
                put(out, seat_plane(r, 6), t, 1);
            }
            if d.riichi {
                put(out, seat_plane(r, 7), t, 1);
            }
            if d.pai.is_red() {
                put(out, seat_plane(r, 8), t, 1);
            }
        }
        for (i, d) in river.iter().rev().take(RECENT).enumerate() {
            put(out, seat_plane(r, 9 + i), d.pai.tile(), 1);
        }
    }

    let row = out.scalars();
    row[usize::from(obs.round.index()) % 4] = 1.0;
    row[4 + (me + n - usize::from(obs.dealer) % n) % n] = 1.0;
    row[8 + rel(usize::from(obs.dealer) % n)] = 1.0;
    for s in 0..n {
        let r = rel(s);
        row[12 + r] = obs.scores[s] as f32 / 10_000.0;
        row[16 + r] = f32::from(u8::from(obs.riichi[s]));
        row[20 + r] = f32::from(obs.kita[s]);
    }
    row[24] = obs.honba as f32;
    row[25] = obs.riichi_sticks as f32;
    row[26] = f32::from(obs.tiles_left);
    row[27] = f32::from(u8::from(n == 3));
    row[28] = f32::from(u8::from(obs.claimable.is_some()));
    row[29] = f32::from(u8::from(obs.over));
}
