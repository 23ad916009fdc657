//! Replay: every seat's concealed tiles, melds, river and riichi at every event of a
//! kyoku, with the checks a real table makes: the review's view of a record. What is
//! legal is the table's ([`crate::table`] through [`mod@super::on_table`]): `check`,
//! `convert`, `legal`, the dataset and the review's decision points play a record
//! there, and `review` does before it walks the record here.
//!
//! [`replay`] walks a kyoku's events and shows the table *before* each one to a
//! visitor, so a reviewer sees the hand a discard was chosen from and a scorer sees
//! the hand a win was made with. An event the table does not allow (a tile discarded
//! that is not held, a call on a tile that was not the last discard, riichi with an
//! open hand, more copies of a kind than the wall has) ends the replay with
//! [`RecordError::Illegal`], naming the kyoku and the event.

use super::{CallKind, DrawReason, Event, Game, Kyoku, RecordError, Seat};
use crate::analysis::{Analysis, Analyzer, Holding};
use crate::decompose::Family;
use crate::error::ErrorKind;
use crate::hand::{Hand, HandError, Meld, MeldKind, Source};
use crate::riichi::rules::Players;
use crate::tile::{Pai, Tile, TileCounts, Wind};
use crate::wall::Wall;

/// Tiles of the dead wall (王牌): never drawn from the live wall.
const DEAD_WALL: u32 = 14;
/// Tiles dealt to each player.
const DEALT: u32 = 13;

/// One tile of a river.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RiverTile {
    /// The tile.
    pub pai: Pai,
    /// Thrown straight from the draw (ツモ切り).
    pub tsumogiri: bool,
    /// The riichi declaration tile.
    pub riichi: bool,
    /// Claimed by another player (it then lies in their meld).
    pub called: bool,
}

/// A seat's riichi.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RiichiState {
    /// Declared on the first uninterrupted turn (ダブル立直).
    pub double: bool,
    /// Still within the one go-around of ippatsu.
    pub ippatsu: bool,
    /// The declaring discard has passed (the stick is on the table).
    pub accepted: bool,
}

/// One seat at one moment.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SeatState {
    /// Concealed tiles, the drawn tile included, in no particular order.
    pub concealed: Vec<Pai>,
    /// Declared melds in order.
    pub melds: Vec<Meld>,
    /// Discards in order.
    pub river: Vec<RiverTile>,
    /// The riichi, once its discard is made.
    pub riichi: Option<RiichiState>,
    /// North tiles set aside (三麻 抜きドラ).
    pub kita: u8,
    /// The tile just drawn, until the seat discards or calls.
    pub drawn: Option<Pai>,
    /// The tile just drawn was a replacement after a kong or a kita (嶺上).
    pub replacement: bool,
    /// Whether the seat has drawn yet.
    pub has_drawn: bool,
    /// A riichi declared whose discard is next.
    declaring: bool,
}

impl SeatState {
    /// The hand: concealed tiles and melds.
    ///
    /// # Errors
    ///
    /// [`HandError`] when the tiles break a hand's limits (more than four of a kind).
    pub fn hand(&self) -> Result<Hand, HandError> {
        Hand::from_parts(&self.concealed, self.melds.clone())
    }

    /// Whether the hand is closed (no open meld).
    #[must_use]
    pub fn closed(&self) -> bool {
        self.melds.iter().all(|m| !m.kind().is_open())
    }

    /// Concealed counts.
    #[must_use]
    pub fn counts(&self) -> TileCounts {
        TileCounts::from_tiles(self.concealed.iter().map(|p| p.tile()))
    }
}

/// The table at one moment of a kyoku.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Table {
    /// Three or four players.
    pub players: Players,
    /// The round wind.
    pub round: Wind,
    /// The dealer.
    pub dealer: Seat,
    /// Honba.
    pub honba: u32,
    /// Riichi sticks on the table (those of earlier kyoku and accepted ones).
    pub sticks: u32,
    /// Every seat.
    pub seats: Vec<SeatState>,
    /// Dora indicators turned over so far.
    pub dora: Vec<Pai>,
    /// Tiles drawn so far, replacement draws included.
    pub draws: u32,
    /// Whether any call, kong or kita has been made (ends the first go-around).
    pub interrupted: bool,
    /// The last discard, while it can still be claimed or won on.
    pub last_discard: Option<(Seat, Pai)>,
    /// The last added kong's tile, while it can be robbed (搶槓).
    pub robbable: Option<(Seat, Pai)>,
    /// The last closed kong's tile, while it can be robbed: by thirteen orphans alone,
    /// and only where the rules allow it ([`crate::riichi::Rules::kokushi_robs_closed_kan`]).
    pub robbable_closed: Option<(Seat, Pai)>,
    /// The seat that just set a North aside, while it can be won on (three players;
    /// not a chankan).
    pub robbed_kita: Option<Seat>,
    /// The wall in play (its kinds and copies).
    pub wall: Wall,
    /// The seat whose next draw replaces a kong or a kita.
    replacement_due: Option<Seat>,
    /// A kong or a kita was declared and no one has won on its tile yet: the next event
    /// completes it and ends every ippatsu (a robbed kong never completes, so the robber
    /// keeps its ippatsu; so does a ron on a kita).
    ippatsu_ending: bool,
    /// Every tile out of the wall so far (dealt, drawn, indicators), to check copies.
    out: TileCounts,
    /// Red fives among them, per suit.
    out_red: [u8; 3],
}

impl Table {
    /// The table at the deal of `kyoku`.
    #[must_use]
    pub fn new(game: &Game, kyoku: &Kyoku) -> Table {
        let wall = match game.players {
            Players::Four => Wall::four_player(game.red_fives),
            Players::Three => Wall::three_player(game.red_fives),
        };
        Table {
            players: game.players,
            round: kyoku.round,
            dealer: kyoku.dealer,
            honba: kyoku.honba,
            sticks: kyoku.riichi_sticks,
            seats: kyoku
                .hands
                .iter()
                .map(|h| SeatState {
                    concealed: h.clone(),
                    ..SeatState::default()
                })
                .collect(),
            dora: vec![kyoku.dora],
            draws: 0,
            interrupted: false,
            last_discard: None,
            robbable: None,
            robbable_closed: None,
            robbed_kita: None,
            wall,
            replacement_due: None,
            ippatsu_ending: false,
            out: TileCounts::new(),
            out_red: [0; 3],
        }
    }

    /// Counts a tile out of the wall; more copies than the wall has is an error.
    fn count_out(&mut self, p: Pai) -> Result<(), Illegal> {
        let t = p.tile();
        self.out.add(t);
        if self.out.get(t) > self.wall.copies(t) {
            return Err(Illegal::TooManyCopies(t));
        }
        if p.is_red() {
            let suit = t.index() / 9;
            self.out_red[suit] += 1;
            if self.out_red[suit] > self.wall.red()[suit] {
                return Err(Illegal::TooManyRedFives(p));
            }
        }
        Ok(())
    }

    /// Checks the deal: 13 tiles a seat and no more copies than the wall has.
    ///
    /// # Errors
    ///
    /// [`Illegal`], naming the first problem.
    pub fn check_deal(&mut self) -> Result<(), Illegal> {
        if self.seats.len() != usize::from(self.players.count()) {
            return Err(Illegal::HandsDealt {
                hands: self.seats.len(),
                players: self.players.count(),
            });
        }
        let tiles: Vec<Pai> = self
            .seats
            .iter()
            .flat_map(|s| s.concealed.iter().copied())
            .chain(self.dora.iter().copied())
            .collect();
        for (i, s) in self.seats.iter().enumerate() {
            if s.concealed.len() != DEALT as usize {
                return Err(Illegal::Dealt {
                    seat: i,
                    tiles: s.concealed.len(),
                });
            }
        }
        for p in tiles {
            self.count_out(p)?;
        }
        Ok(())
    }

    /// Draws the live wall holds in all: the wall less the dead wall and the deal
    /// (70 with four players, 55 with three). Replacement draws come out of it too, as
    /// the dead wall is made up from its end.
    #[must_use]
    pub fn live_wall(&self) -> u32 {
        let n = u32::from(self.players.count());
        self.wall.total().saturating_sub(DEAD_WALL + DEALT * n)
    }

    /// Draws left in the live wall.
    #[must_use]
    pub fn left(&self) -> u32 {
        self.live_wall().saturating_sub(self.draws)
    }

    /// The seat wind of `seat`.
    #[must_use]
    pub fn seat_wind(&self, seat: Seat) -> Wind {
        let n = self.players.count();
        Wind::ALL[usize::from((seat + n - self.dealer % n) % n)]
    }

    /// Tiles `seat` can see besides its own hand: every river tile not claimed, every
    /// meld of the others, its own melds, and the dora indicators.
    #[must_use]
    pub fn visible_to(&self, seat: Seat) -> TileCounts {
        let mut c = TileCounts::new();
        for (i, s) in self.seats.iter().enumerate() {
            for r in s.river.iter().filter(|r| !r.called) {
                c.add(r.pai.tile());
            }
            for m in &s.melds {
                for t in m.tiles() {
                    c.add(t);
                }
            }
            if i != usize::from(seat) {
                for _ in 0..s.kita {
                    c.add(Tile::NORTH);
                }
            }
        }
        for d in &self.dora {
            c.add(d.tile());
        }
        // Own melds are known to the holder through the hand; the visible counts are the
        // tiles outside it.
        for m in self
            .seats
            .get(usize::from(seat))
            .map_or(&[][..], |s| &s.melds[..])
        {
            for t in m.tiles() {
                c.remove(t);
            }
        }
        c
    }

    /// Whether `seat`'s 13 − 3k tiles wait on a tile it does not hold every copy of
    /// (形式聴牌, as Tenhou counts tenpai at an exhaustive draw).
    #[must_use]
    pub fn is_tenpai(&self, seat: Seat) -> bool {
        let Some(Ok(hand)) = self.seats.get(usize::from(seat)).map(SeatState::hand) else {
            return false;
        };
        let analyzer = Analyzer::new(Family::Riichi).with_wall(self.wall);
        match analyzer.analyze(&Holding::from_hand(&hand)) {
            Ok(Analysis::Waiting(w)) => w.waits().is_some_and(|t| !t.is_empty()),
            _ => false,
        }
    }

    fn seat_mut(&mut self, seat: Seat) -> Result<&mut SeatState, Illegal> {
        self.seats
            .get_mut(usize::from(seat))
            .ok_or(Illegal::NoSeat(seat))
    }

    fn take(&mut self, seat: Seat, p: Pai) -> Result<(), Illegal> {
        let s = self.seat_mut(seat)?;
        match s.concealed.iter().position(|&q| q == p) {
            Some(i) => {
                s.concealed.swap_remove(i);
                Ok(())
            }
            None => Err(Illegal::NotHeld { seat, pai: p }),
        }
    }

    fn end_ippatsu(&mut self) {
        for s in &mut self.seats {
            if let Some(r) = s.riichi.as_mut() {
                r.ippatsu = false;
            }
        }
    }

    fn hand_size_ok(&self, seat: Seat, drawn: bool) -> Result<(), Illegal> {
        let s = &self.seats[usize::from(seat)];
        let Some(want) = (13 + usize::from(drawn)).checked_sub(3 * s.melds.len()) else {
            return Err(Illegal::TooManyMelds(seat));
        };
        if s.concealed.len() == want {
            Ok(())
        } else {
            Err(Illegal::HandSize {
                seat,
                held: s.concealed.len(),
                want,
            })
        }
    }

    /// Plays one event.
    ///
    /// # Errors
    ///
    /// [`Illegal`]: why the event cannot happen at this table.
    pub fn apply(&mut self, e: &Event) -> Result<(), Illegal> {
        let n = self.players.count();
        let seats = self.seats.len();
        let known = |seat: Seat| seat < n && usize::from(seat) < seats;
        if let Some(seat) = e.seat() {
            if !known(seat) {
                return Err(Illegal::NoSuchSeat { seat, players: n });
            }
        }
        if let Event::Call { from, .. } | Event::Win(super::Win { from, .. }) = *e {
            if !known(from) {
                return Err(Illegal::NoSuchSeat {
                    seat: from,
                    players: n,
                });
            }
        }
        if !matches!(e, Event::Win(_) | Event::Dora { .. })
            && std::mem::take(&mut self.ippatsu_ending)
        {
            self.end_ippatsu();
        }
        match *e {
            Event::KyokuStart(a)
            | Event::KyokuEnd { scores: a }
            | Event::GameEnd { scores: a, .. } => match a {},
            Event::Draw { seat, pai } => {
                self.hand_size_ok(seat, false)?;
                if self.draws >= self.live_wall() {
                    return Err(Illegal::EmptyWall);
                }
                let replacement = self.replacement_due.take() == Some(seat);
                self.count_out(pai)?;
                self.draws += 1;
                self.last_discard = None;
                self.robbable = None;
                self.robbable_closed = None;
                self.robbed_kita = None;
                let s = self.seat_mut(seat)?;
                s.concealed.push(pai);
                s.drawn = Some(pai);
                s.replacement = replacement;
                s.has_drawn = true;
            }
            Event::Riichi { seat } => {
                let s = self.seat_mut(seat)?;
                if s.riichi.is_some() {
                    return Err(Illegal::RiichiTwice(seat));
                }
                if !s.closed() {
                    return Err(Illegal::RiichiOpen(seat));
                }
                s.declaring = true;
            }
            Event::Discard {
                seat,
                pai,
                tsumogiri,
            } => {
                self.hand_size_ok(seat, true)?;
                if tsumogiri && self.seats[usize::from(seat)].drawn != Some(pai) {
                    return Err(Illegal::NotTheDrawnTile { seat, pai });
                }
                self.take(seat, pai)?;
                let first = self.seats[usize::from(seat)].river.is_empty() && !self.interrupted;
                let s = self.seat_mut(seat)?;
                let declaring = std::mem::take(&mut s.declaring);
                if let Some(r) = s.riichi.as_mut() {
                    r.ippatsu = false;
                }
                s.river.push(RiverTile {
                    pai,
                    tsumogiri,
                    riichi: declaring,
                    called: false,
                });
                s.drawn = None;
                s.replacement = false;
                if declaring {
                    s.riichi = Some(RiichiState {
                        double: first,
                        ippatsu: true,
                        accepted: false,
                    });
                }
                self.last_discard = Some((seat, pai));
                self.robbable = None;
                self.robbable_closed = None;
                if declaring && !self.is_tenpai(seat) {
                    return Err(Illegal::RiichiNotReady(seat));
                }
            }
            Event::RiichiAccepted { seat } => {
                let s = self.seat_mut(seat)?;
                match s.riichi.as_mut() {
                    Some(r) if !r.accepted => r.accepted = true,
                    _ => return Err(Illegal::RiichiNotDeclared(seat)),
                }
                self.sticks += 1;
            }
            Event::Call {
                kind,
                seat,
                from,
                pai,
                ref consumed,
            } => {
                if self.last_discard.map(|(s, p)| (s, p.tile())) != Some((from, pai.tile())) {
                    return Err(Illegal::NotTheLastDiscard { seat, pai, from });
                }
                self.hand_size_ok(seat, false)?;
                for &p in consumed {
                    self.take(seat, p)?;
                }
                let rel = (seat + n - from) % n;
                let source = match (n, rel) {
                    (_, 1) => Source::Left,
                    (4, 2) => Source::Opposite,
                    _ => Source::Right,
                };
                let meld_kind = match kind {
                    CallKind::Chi => MeldKind::Chi,
                    CallKind::Pon => MeldKind::Pon,
                    CallKind::OpenKan => MeldKind::OpenKan,
                };
                let mut tiles = consumed.to_vec();
                tiles.push(pai);
                let meld = Meld::from_tiles(meld_kind, &tiles, Some(pai.tile()), Some(source))?;
                if let Some(r) = self.seats[usize::from(from)].river.last_mut() {
                    r.called = true;
                }
                self.last_discard = None;
                self.interrupted = true;
                self.end_ippatsu();
                let s = self.seat_mut(seat)?;
                s.melds.push(meld);
                s.drawn = None;
                s.replacement = false;
                if kind == CallKind::OpenKan {
                    self.replacement_due = Some(seat);
                }
            }
            Event::AddedKan { seat, pai, .. } => {
                self.hand_size_ok(seat, true)?;
                self.take(seat, pai)?;
                let s = self.seat_mut(seat)?;
                let Some(m) = s
                    .melds
                    .iter_mut()
                    .find(|m| m.kind() == MeldKind::Pon && m.first() == pai.tile())
                else {
                    return Err(Illegal::NoPon { seat, pai });
                };
                *m = Meld::set(
                    MeldKind::AddedKan,
                    pai.tile(),
                    m.source(),
                    m.red() + u8::from(pai.is_red()),
                )?;
                s.drawn = None;
                self.robbable = Some((seat, pai));
                self.interrupted = true;
                self.ippatsu_ending = true;
                self.replacement_due = Some(seat);
            }
            Event::ClosedKan { seat, consumed } => {
                self.hand_size_ok(seat, true)?;
                for p in consumed {
                    self.take(seat, p)?;
                }
                let meld = Meld::from_tiles(MeldKind::ClosedKan, &consumed, None, None)?;
                let s = self.seat_mut(seat)?;
                s.melds.push(meld);
                s.drawn = None;
                self.robbable = None;
                self.robbable_closed = Some((seat, consumed[0]));
                self.interrupted = true;
                self.ippatsu_ending = true;
                self.replacement_due = Some(seat);
            }
            Event::Kita { seat } => {
                if self.players != Players::Three {
                    return Err(Illegal::KitaWithFour);
                }
                self.hand_size_ok(seat, true)?;
                let north = Tile::NORTH.black();
                self.take(seat, north)?;
                let s = self.seat_mut(seat)?;
                s.kita += 1;
                s.drawn = None;
                self.robbed_kita = Some(seat);
                self.last_discard = None;
                self.interrupted = true;
                // A completed kita ends every ippatsu, the kita player's own too (Tenhou;
                // sources in docs/riichi-rules.md).
                self.ippatsu_ending = true;
                self.replacement_due = Some(seat);
            }
            Event::Dora { indicator } => {
                if self.dora.len() >= 5 {
                    return Err(Illegal::TooManyIndicators);
                }
                self.count_out(indicator)?;
                self.dora.push(indicator);
            }
            Event::Ryukyoku { reason, .. } => {
                // Only nine kinds of terminals is declared with the drawn tile in hand;
                // every other draw comes after a discard.
                if reason != DrawReason::NineTerminals {
                    if let Some(seat) = (0..n)
                        .find(|&s| usize::from(s) < seats && self.hand_size_ok(s, true).is_ok())
                    {
                        return Err(Illegal::DrawWithDrawnTile(seat));
                    }
                }
            }
            Event::Win(_) => {}
        }
        Ok(())
    }
}

/// Why an event cannot happen at the table (`invalid_hand`): the source of
/// [`RecordError::Illegal`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// More copies of a kind out of the wall than it has.
    #[error("more copies of {0} than the wall has")]
    TooManyCopies(Tile),
    /// More red fives of a suit out of the wall than it has.
    #[error("more red fives than the wall has ({0})")]
    TooManyRedFives(Pai),
    /// Another number of hands than players.
    #[error("{hands} hands dealt to {players} players")]
    HandsDealt {
        /// Hands dealt.
        hands: usize,
        /// Players.
        players: u8,
    },
    /// A hand dealt with another number of tiles than 13.
    #[error("seat {seat} is dealt {tiles} tiles")]
    Dealt {
        /// The seat.
        seat: usize,
        /// Its tiles.
        tiles: usize,
    },
    /// A seat the table does not have.
    #[error("no seat {0}")]
    NoSeat(Seat),
    /// A seat past the players of the table.
    #[error("seat {seat} at a {players}-player table")]
    NoSuchSeat {
        /// The seat.
        seat: Seat,
        /// The players.
        players: u8,
    },
    /// A tile given away that the seat does not hold.
    #[error("seat {seat} does not hold {pai}")]
    NotHeld {
        /// The seat.
        seat: Seat,
        /// The tile.
        pai: Pai,
    },
    /// A fifth meld.
    #[error("seat {0} has more than four melds")]
    TooManyMelds(Seat),
    /// A hand of the wrong size for the event.
    #[error("seat {seat} holds {held} concealed tiles, {want} expected")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// Its concealed tiles.
        held: usize,
        /// The number the event needs.
        want: usize,
    },
    /// A draw with no live tile left.
    #[error("a draw from an empty wall")]
    EmptyWall,
    /// A second riichi.
    #[error("seat {0} declares riichi twice")]
    RiichiTwice(Seat),
    /// A riichi with an open meld.
    #[error("seat {0} declares riichi with an open hand")]
    RiichiOpen(Seat),
    /// A riichi whose discard leaves the hand not ready.
    #[error("seat {0} declares riichi without a ready hand")]
    RiichiNotReady(Seat),
    /// A riichi accepted that was not declared (or accepted twice).
    #[error("seat {0}'s riichi accepted without a declaration")]
    RiichiNotDeclared(Seat),
    /// A tsumogiri of another tile than the one drawn.
    #[error("seat {seat} discards {pai} as the drawn tile, which it is not")]
    NotTheDrawnTile {
        /// The seat.
        seat: Seat,
        /// The tile discarded.
        pai: Pai,
    },
    /// A call on another tile than the last discard.
    #[error("seat {seat} calls {pai} from seat {from}, which is not the last discard")]
    NotTheLastDiscard {
        /// The caller.
        seat: Seat,
        /// The tile called.
        pai: Pai,
        /// The seat called from.
        from: Seat,
    },
    /// An added kong without its pon.
    #[error("seat {seat} adds {pai} to a pon it does not have")]
    NoPon {
        /// The seat.
        seat: Seat,
        /// The tile added.
        pai: Pai,
    },
    /// A kita with four players.
    #[error("kita at a four-player table")]
    KitaWithFour,
    /// A sixth dora indicator.
    #[error("more than five dora indicators")]
    TooManyIndicators,
    /// A drawn hand (other than nine terminals) while a seat holds its drawn tile.
    #[error("seat {0} drew and did not discard before the kyoku ended in a draw")]
    DrawWithDrawnTile(Seat),
    /// A meld that breaks a hand's limits.
    #[error(transparent)]
    Hand(#[from] HandError),
}

impl Illegal {
    /// The JSON error kind: `invalid_hand`.
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        ErrorKind::InvalidHand
    }
}

/// Replays kyoku `index` of `game`, showing the table before each event to `visit`
/// (with the event's index), and returns the table after the last event.
///
/// # Errors
///
/// [`RecordError::Illegal`] at the first event the table does not allow.
pub fn replay(
    game: &Game,
    index: usize,
    mut visit: impl FnMut(&Table, usize, &Event),
) -> Result<Table, RecordError> {
    let Some(kyoku) = game.kyokus.get(index) else {
        return Err(RecordError::Inconsistent {
            kyoku: format!("#{index}"),
            index: 0,
            source: super::Inconsistency::NoSuchKyoku,
        });
    };
    let fail = |i: usize, source: Illegal| RecordError::Illegal {
        kyoku: kyoku.label(),
        index: i,
        source,
    };
    let mut table = Table::new(game, kyoku);
    table.check_deal().map_err(|m| fail(0, m))?;
    for (i, e) in kyoku.events.iter().enumerate() {
        visit(&table, i, e);
        table.apply(e).map_err(|m| fail(i, m))?;
    }
    Ok(table)
}
