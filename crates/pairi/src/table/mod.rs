//! The table (卓): a whole Riichi game under named rules, from the first deal to the
//! final placement, for four or three players. It knows at every moment which actions
//! are legal for which seat, and plays them.
//!
//! - [`Table::new`] takes the rules ([`TableRules`], presets in [`TablePreset`]) and
//!   where the walls come from ([`WallSource`]: a seed, explicit walls, or Tenhou's
//!   shuffle of a record's seed), and deals the first kyoku;
//! - [`Table::to_act`] says which seats must decide, [`Table::legal`] lists a seat's
//!   legal actions ([`Action`]) in a stable order, [`Table::step`] plays one and
//!   returns the events that follow ([`Event`]); an illegal action is a
//!   [`TableError`] and leaves the table as it was;
//! - [`Table::observation`] is what one seat may see ([`Observation`]).
//!
//! After a discard (an added kong, a kita, or a closed kong that thirteen orphans may
//! rob), every seat that can claim the tile must answer (a claim, a ron or
//! [`Action::Pass`]); the claims are settled when all have answered: ron first (one,
//! two or three winners by the rules), then pon or open kong, then chi. Seats that
//! cannot claim are not asked. The next kyoku is dealt as soon as one ends.
//!
//! ```
//! use pairi::table::{Action, Table, TablePreset, WallSource};
//!
//! let mut table = Table::new(TablePreset::Tenhou.rules(), WallSource::Seed(1)).unwrap();
//! // The dealer (seat 0) has drawn: discard the tile just drawn.
//! let legal = table.legal(0);
//! let tsumogiri = legal
//!     .iter()
//!     .copied()
//!     .find(|a| matches!(a, Action::Discard { tsumogiri: true, .. }))
//!     .unwrap();
//! let events = table.step(0, tsumogiri).unwrap();
//! assert!(!events.is_empty());
//! ```

pub mod action;
pub mod event;
pub mod observation;
pub mod rules;
pub mod wall;

#[cfg(test)]
mod tests;

pub use action::{mjai_tile, Action, Legal, Seat, ACTION_IDS, MAX_LEGAL};
pub use event::{Absent, CallKind, Detail, DrawReason, Event, KyokuStart, MapDetail, Played, Win};
pub use observation::{Observation, RiverTile};
pub use rules::{Bust, GameLength, Kuikae, LeftoverSticks, MultiRon, TablePreset, TableRules};
pub use wall::{KyokuWall, TenhouShuffle, WallError, WallSource};

use crate::error::ErrorKind;
use crate::hand::{Hand, Meld, MeldKind, Source};
use crate::riichi::context::{
    FirstTurn, Indicators, Riichi, RonEvent, TsumoEvent, WinContext, WinMethod,
};
use crate::riichi::rules::{OpenKanDora, PaoHonba, Renhou};
use crate::riichi::score::{self, Payments, Score, YAKUMAN};
use crate::riichi::yaku::Yaku;
use crate::shanten;
use crate::tile::{Pai, Tile, TileCounts, TileSet, Wind};
use crate::util::FixedList;
use crate::wall::Wall;

/// Why an action was refused or the table could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// The action is not among the seat's legal actions now (`invalid_hand`).
    #[error("seat {seat} cannot {action} now")]
    Illegal {
        /// The seat.
        seat: Seat,
        /// The action refused.
        action: Action,
    },
    /// No such seat at this table (`invalid_request`).
    #[error("no seat {0} at this table")]
    NoSeat(Seat),
    /// The game is over (`invalid_request`).
    #[error("the game is over")]
    GameOver,
    /// The wall source gives no wall for the first kyoku, or a wall is not of the
    /// rules' set (`invalid_request`).
    #[error("wall: {0}")]
    Wall(#[from] WallError),
}

impl TableError {
    /// The JSON error kind.
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        match self {
            TableError::Illegal { .. } => ErrorKind::InvalidHand,
            TableError::NoSeat(_) | TableError::GameOver | TableError::Wall(_) => {
                ErrorKind::InvalidRequest
            }
        }
    }
}

/// Where a table starts: the kyoku and the scores.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KyokuSetup {
    /// The round wind.
    pub round: Wind,
    /// The dealer's seat.
    pub dealer: Seat,
    /// Honba counters.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub riichi_sticks: u32,
    /// Scores by seat.
    pub scores: [i32; 4],
    /// The kyoku's number in the game (0 first): which seeded or explicit wall it
    /// takes.
    pub kyoku_index: u32,
}

/// Discards kept per kyoku: a bound on draws plus calls (70 + 16 with four players).
const RIVER_CAP: usize = 96;
/// River entry flags (bits 8 and up of an entry; bits 0–5 the tile, 6–7 the seat).
const TSUMOGIRI: u16 = 1 << 8;
const RIICHI: u16 = 1 << 9;
const CALLED: u16 = 1 << 10;

/// Claim option bits.
const RON: u8 = 1;
const PON: u8 = 2;
const KAN: u8 = 4;
const CHI: u8 = 8;

/// A seat's riichi ([`Table::riichi`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RiichiState {
    /// The declaring discard has passed (the stick is on the table).
    pub accepted: bool,
    /// Declared before the seat's first discard with no call made (ダブル立直).
    pub double: bool,
    /// Still within the go-around of ippatsu (once accepted).
    pub ippatsu: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum RiichiStatus {
    None,
    Declared,
    Accepted,
}

/// What a claim window is on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ClaimOn {
    Discard,
    AddedKan,
    ClosedKan,
    Kita,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// `turn` acts on its 14 − 3k tiles.
    Turn,
    /// `turn` declared riichi and discards.
    RiichiDiscard,
    /// Seats in `claim.pending` answer a claim window.
    Claims,
    /// The game has ended.
    Over,
}

#[derive(Clone, Copy, Debug)]
struct Claim {
    on: ClaimOn,
    from: Seat,
    pai: Pai,
    can: [u8; 4],
    pending: u8,
    answers: [Action; 4],
    /// Seats whose waits hold the tile: furiten if they do not win on it.
    saw: u8,
}

#[derive(Clone, Debug)]
struct SeatState {
    hand: Hand,
    drawn: Option<Pai>,
    /// Waits of the 13 − 3k hand (empty unless ready).
    waits: TileSet,
    /// Shanten of the 13 − 3k hand.
    shanten: i8,
    discarded: TileSet,
    temp_furiten: bool,
    riichi_furiten: bool,
    riichi: RiichiStatus,
    double_riichi: bool,
    ippatsu: bool,
    discards: u8,
    kita: u8,
    nagashi: bool,
    pao: Option<(Seat, Yaku)>,
    kans: u8,
    can_tsumo: bool,
    can_riichi: bool,
    riichi_kan: bool,
}

impl SeatState {
    fn new() -> SeatState {
        SeatState::blank(Hand::with_meld_room())
    }

    /// A seat before the deal, holding `hand` (emptied) so that its storage is kept.
    fn blank(mut hand: Hand) -> SeatState {
        hand.clear();
        SeatState {
            hand,
            drawn: None,
            waits: TileSet::EMPTY,
            shanten: 8,
            discarded: TileSet::EMPTY,
            temp_furiten: false,
            riichi_furiten: false,
            riichi: RiichiStatus::None,
            double_riichi: false,
            ippatsu: false,
            discards: 0,
            kita: 0,
            nagashi: true,
            pao: None,
            kans: 0,
            can_tsumo: false,
            can_riichi: false,
            riichi_kan: false,
        }
    }

    fn reset(&mut self) {
        let hand = core::mem::take(&mut self.hand);
        *self = SeatState::blank(hand);
    }

    fn closed(&self) -> bool {
        self.hand.melds().iter().all(|m| !m.kind().is_open())
    }

    fn furiten(&self) -> bool {
        self.temp_furiten || self.riichi_furiten || self.waits.intersects(self.discarded)
    }
}

/// Red fives of kind `t` in the concealed hand.
fn red_of(hand: &Hand, t: Tile) -> u8 {
    if t.is_honor() || t.number() != 5 {
        0
    } else {
        hand.concealed_red()[t.index() / 9]
    }
}

/// Shanten and waits of a 13 − 3k hand on `wall` (exact: a wait on a kind held four
/// times does not count).
pub(crate) fn waits_of(c: &TileCounts, melds: usize, wall: &Wall) -> (i8, TileSet) {
    if !wall.is_four_player() && !shanten::kernel_reads(c, wall, 1) {
        let s = shanten::riichi_on(c, melds, wall).map_or(i8::MAX, |s| s.min());
        if s != 0 {
            return (s, TileSet::EMPTY);
        }
        let mut waits = TileSet::EMPTY;
        for t in wall.kinds().iter() {
            if c.get(t) < 4 {
                let mut d = *c;
                d.add(t);
                if shanten::riichi_on(&d, melds, wall).is_ok_and(|s| s.min() == -1) {
                    waits.insert(t);
                }
            }
        }
        return (0, waits);
    }
    match shanten::riichi(c, melds) {
        Ok(s) if s.min() == 0 => match shanten::useful(c, melds) {
            Ok((0, u)) => (0, u.tiles.intersection(wall.kinds())),
            Ok((s, _)) => (s, TileSet::EMPTY),
            Err(_) => (i8::MAX, TileSet::EMPTY),
        },
        Ok(s) => (s.min(), TileSet::EMPTY),
        Err(_) => (i8::MAX, TileSet::EMPTY),
    }
}

/// Shanten of a 14 − 3k hand on `wall`.
pub(crate) fn shanten14(c: &TileCounts, melds: usize, wall: &Wall) -> i8 {
    let s = if wall.is_four_player() || shanten::kernel_reads(c, wall, 0) {
        shanten::riichi(c, melds)
    } else {
        shanten::riichi_on(c, melds, wall)
    };
    s.map_or(i8::MAX, |s| s.min())
}

/// The game.
#[derive(Clone, Debug)]
pub struct Table {
    rules: TableRules,
    wall_kinds: Wall,
    source: Box<WallSource>,
    n: u8,
    round: Wind,
    dealer: Seat,
    honba: u32,
    sticks: u32,
    scores: [i32; 4],
    kyoku_index: u32,
    wall: KyokuWall,
    next_draw: u8,
    replacements: u8,
    dora_shown: u8,
    dora_pending: bool,
    seats: [SeatState; 4],
    river: [u16; RIVER_CAP],
    river_len: u8,
    phase: Phase,
    turn: Seat,
    turn_drawn: bool,
    rinshan: bool,
    claim: Claim,
    interrupted: bool,
    kans_total: u8,
    four_kans_pending: bool,
    riichi_count: u8,
    open_kan_from: Option<Seat>,
    /// The kinds kuikae forbids the turn's seat to discard after its call.
    kuikae: TileSet,
    /// The kinds whose discard keeps a riichi declaration's hand ready.
    riichi_keep: TileSet,
    events: Vec<Event>,
}

impl Table {
    /// A table with `rules`, walls from `source`, the first kyoku dealt and the dealer
    /// to play (its deal and draw are [`Table::events`]).
    ///
    /// # Errors
    ///
    /// [`TableError::Wall`] when the source has no wall for the first kyoku, or an
    /// explicit wall is not of the rules' set of tiles.
    pub fn new(rules: TableRules, source: WallSource) -> Result<Table, TableError> {
        let mut scores = [0; 4];
        for x in scores.iter_mut().take(usize::from(rules.players())) {
            *x = rules.start_points;
        }
        Table::starting_at(
            rules,
            source,
            KyokuSetup {
                round: Wind::East,
                dealer: 0,
                honba: 0,
                riichi_sticks: 0,
                scores,
                kyoku_index: 0,
            },
        )
    }

    /// A table whose first kyoku is `setup` (a game taken up in its middle, as a
    /// record's excerpt starts); the game goes on from there under `rules`.
    ///
    /// # Errors
    ///
    /// As [`Table::new`]; a dealer seat out of the table is a [`TableError::NoSeat`].
    pub fn starting_at(
        rules: TableRules,
        source: WallSource,
        setup: KyokuSetup,
    ) -> Result<Table, TableError> {
        let players = rules.scoring.players;
        if let WallSource::Explicit(walls) = &source {
            let want = wall::tile_ids(players).as_slice().len();
            if walls.is_empty() {
                return Err(WallError::Length { len: 0, want }.into());
            }
            if let Some(w) = walls.iter().find(|w| w.len() != want) {
                return Err(WallError::Length { len: w.len(), want }.into());
            }
        }
        let n = players.count();
        if setup.dealer >= n {
            return Err(TableError::NoSeat(setup.dealer));
        }
        let mut t = Table {
            rules,
            wall_kinds: rules.scoring.wall(),
            source: Box::new(source),
            n,
            round: setup.round,
            dealer: setup.dealer,
            honba: setup.honba,
            sticks: setup.riichi_sticks,
            scores: setup.scores,
            kyoku_index: setup.kyoku_index,
            wall: KyokuWall::seeded(players, 0, 0),
            next_draw: 0,
            replacements: 0,
            dora_shown: 0,
            dora_pending: false,
            seats: [
                SeatState::new(),
                SeatState::new(),
                SeatState::new(),
                SeatState::new(),
            ],
            river: [0; RIVER_CAP],
            river_len: 0,
            phase: Phase::Over,
            turn: 0,
            turn_drawn: false,
            rinshan: false,
            claim: Claim {
                on: ClaimOn::Discard,
                from: 0,
                pai: Pai::default(),
                can: [0; 4],
                pending: 0,
                answers: [Action::Pass; 4],
                saw: 0,
            },
            interrupted: false,
            kans_total: 0,
            four_kans_pending: false,
            riichi_count: 0,
            open_kan_from: None,
            kuikae: TileSet::EMPTY,
            riichi_keep: TileSet::EMPTY,
            events: Vec::with_capacity(32),
        };
        if !t.start_kyoku() {
            return Err(WallError::Missing {
                kyoku: setup.kyoku_index,
            }
            .into());
        }
        Ok(t)
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &TableRules {
        &self.rules
    }

    /// The number of players.
    #[must_use]
    pub const fn players(&self) -> u8 {
        self.n
    }

    /// The events of the last step (or of the deal, after [`Table::new`]).
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The scores now.
    #[must_use]
    pub const fn scores(&self) -> [i32; 4] {
        self.scores
    }

    /// Riichi sticks on the table.
    #[must_use]
    pub const fn riichi_sticks(&self) -> u32 {
        self.sticks
    }

    /// The round wind, the dealer's seat and the honba.
    #[must_use]
    pub const fn round(&self) -> (Wind, Seat, u32) {
        (self.round, self.dealer, self.honba)
    }

    /// The seats that must decide now, one bit per seat: the seat whose turn it is, or
    /// every seat that can claim the last tile; 0 when the game is over.
    #[must_use]
    pub fn to_act(&self) -> u8 {
        match self.phase {
            Phase::Turn | Phase::RiichiDiscard => 1 << self.turn,
            Phase::Claims => self.claim.pending,
            Phase::Over => 0,
        }
    }

    /// Tiles left to draw from the live wall.
    #[must_use]
    pub fn tiles_left(&self) -> u8 {
        let floor = wall::DEAD_WALL as i16 + i16::from(self.replacements);
        (i16::from(self.next_draw) + 1 - floor).max(0) as u8
    }

    fn pai(&self, id: u8) -> Pai {
        wall::pai_of_id(id, self.rules.scoring.red_fives).unwrap_or_default()
    }

    fn indicator(&self, i: usize) -> Pai {
        self.pai(self.wall.id(usize::from(self.wall.dead().dora[i])))
    }

    fn ura_indicator(&self, i: usize) -> Pai {
        self.pai(self.wall.id(usize::from(self.wall.dead().ura[i])))
    }

    /// The dora indicators turned so far.
    #[must_use]
    pub fn dora_indicators(&self) -> Indicators {
        let mut d = Indicators::new();
        for i in 0..usize::from(self.dora_shown) {
            d.push(self.indicator(i));
        }
        d
    }

    /// The hand `seat` would win with now and its situation, as the table scores it: a
    /// ron on the tile being claimed (the tile added to the hand) while claims are
    /// open, a self-draw on its drawn tile on its turn; `None` when `seat` has no tile
    /// to win on. `first` is whether it takes the honba and riichi sticks (the first
    /// winner of a multiple ron). Read-only: for re-scoring a win under other rules.
    #[must_use]
    pub fn win_situation(&self, seat: Seat, first: bool) -> Option<(Hand, WinContext)> {
        let s = self.seats.get(usize::from(seat))?;
        let (pai, on) = match self.phase {
            Phase::Claims if self.claim.can[usize::from(seat)] != 0 => {
                (self.claim.pai, Some(self.claim.on))
            }
            Phase::Turn if seat == self.turn => (s.drawn?, None),
            _ => return None,
        };
        let mut hand = s.hand.clone();
        if on.is_some() {
            hand.add(pai).ok()?;
        }
        hand.set_last(Some(pai));
        Some((hand, self.context(seat, pai, on, first)))
    }

    /// A kind among `seat`'s waits that it has discarded itself (振聴: no ron), if any.
    #[must_use]
    pub fn furiten_tile(&self, seat: Seat) -> Option<Tile> {
        let s = self.seats.get(usize::from(seat))?;
        s.waits.intersection(s.discarded).iter().next()
    }

    /// `seat`'s hand now: its concealed tiles (the drawn tile included) and melds.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> Option<&Hand> {
        self.seats.get(usize::from(seat)).map(|s| &s.hand)
    }

    /// The tile `seat` just drew, until it discards or calls.
    #[must_use]
    pub fn drawn(&self, seat: Seat) -> Option<Pai> {
        self.seats.get(usize::from(seat)).and_then(|s| s.drawn)
    }

    /// Whether the tile just drawn came from the dead wall (a kong's or a kita's
    /// replacement, 嶺上), until it is discarded.
    #[must_use]
    pub const fn rinshan(&self) -> bool {
        self.rinshan
    }

    /// Whether a call, a completed kong or a kita has ended the first go-around.
    #[must_use]
    pub const fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// North tiles `seat` has set aside (three players).
    #[must_use]
    pub fn kita_of(&self, seat: Seat) -> u8 {
        self.seats.get(usize::from(seat)).map_or(0, |s| s.kita)
    }

    /// `seat`'s riichi once declared (its discard may be still to come).
    #[must_use]
    pub fn riichi(&self, seat: Seat) -> Option<RiichiState> {
        let s = self.seats.get(usize::from(seat))?;
        (s.riichi != RiichiStatus::None).then_some(RiichiState {
            accepted: s.riichi == RiichiStatus::Accepted,
            double: s.double_riichi,
            ippatsu: s.ippatsu,
        })
    }

    /// Every discard of the kyoku in order, with the seat that made it.
    pub fn river(&self) -> impl Iterator<Item = (Seat, RiverTile)> + '_ {
        self.river[..usize::from(self.river_len)].iter().map(|&e| {
            let idx = e & 0x3f;
            let pai = if idx >= 34 {
                Tile::new_unchecked((idx as u8 - 34) * 9 + 4)
                    .red()
                    .unwrap_or_default()
            } else {
                Tile::new_unchecked(idx as u8).black()
            };
            let tile = RiverTile {
                pai,
                tsumogiri: e & TSUMOGIRI != 0,
                riichi: e & RIICHI != 0,
                called: e & CALLED != 0,
            };
            ((e >> 6) as u8 & 3, tile)
        })
    }

    fn seat_wind(&self, seat: Seat) -> Wind {
        Wind::from_index((seat + self.n - self.dealer) % self.n)
    }

    // ---- kyoku start and draws ----

    /// Deals the next kyoku; false when the source has no wall for it.
    fn start_kyoku(&mut self) -> bool {
        let players = self.rules.scoring.players;
        let Some(w) = self.source.wall(players, self.kyoku_index) else {
            return false;
        };
        self.wall = w;
        let n = usize::from(self.n);
        for s in &mut self.seats {
            s.reset();
        }
        self.river_len = 0;
        self.replacements = 0;
        self.dora_shown = 1;
        self.dora_pending = false;
        self.interrupted = false;
        self.kans_total = 0;
        self.four_kans_pending = false;
        self.riichi_count = 0;
        self.open_kan_from = None;
        self.rinshan = false;
        let mut hands = [[Pai::default(); 13]; 4];
        let mut top = w.len() - 1;
        for round in 0..4 {
            let take = if round < 3 { 4 } else { 1 };
            for k in 0..n {
                let seat = (usize::from(self.dealer) + k) % n;
                for j in 0..take {
                    let p = self.pai(w.id(top));
                    top -= 1;
                    hands[seat][round * 4 + j] = p;
                    let _ = self.seats[seat].hand.add(p);
                }
            }
        }
        self.next_draw = top as u8;
        for s in 0..n {
            self.update_waits(s as Seat);
        }
        self.events.push(Event::KyokuStart(KyokuStart {
            round: self.round,
            dealer: self.dealer,
            honba: self.honba,
            riichi_sticks: self.sticks,
            scores: self.scores,
            dora: self.indicator(0),
            dice: w.dice,
            hands,
            shown: (1 << n) - 1,
        }));
        self.draw(self.dealer, false);
        true
    }

    fn update_waits(&mut self, seat: Seat) {
        let s = &mut self.seats[usize::from(seat)];
        let (sh, waits) = waits_of(s.hand.concealed(), s.hand.melds().len(), &self.wall_kinds);
        s.shanten = sh;
        s.waits = waits;
    }

    /// `seat` draws the next live tile, or a replacement tile.
    fn draw(&mut self, seat: Seat, replacement: bool) {
        let id = if replacement {
            let i = self.wall.dead().replacements[usize::from(self.replacements)];
            self.replacements += 1;
            self.wall.id(usize::from(i))
        } else {
            let id = self.wall.id(usize::from(self.next_draw));
            self.next_draw -= 1;
            id
        };
        let p = self.pai(id);
        let i = usize::from(seat);
        let _ = self.seats[i].hand.add(p);
        self.seats[i].drawn = Some(p);
        self.rinshan = replacement;
        self.turn = seat;
        self.turn_drawn = true;
        self.phase = Phase::Turn;
        self.events.push(Event::Draw { seat, pai: Some(p) });
        // What the draw allows: a tsumo, a riichi, a kong while in riichi.
        let can_tsumo =
            self.seats[i].waits.contains(p.tile()) && self.scores_win(seat, p, None).is_some();
        let s = &self.seats[i];
        let melds = s.hand.melds().len();
        let can_riichi = s.riichi == RiichiStatus::None
            && s.closed()
            && s.shanten <= 1
            && shanten14(s.hand.concealed(), melds, &self.wall_kinds) <= 0;
        let riichi_kan =
            s.riichi == RiichiStatus::Accepted && s.hand.concealed().get(p.tile()) == 4 && {
                let mut c = *s.hand.concealed();
                c.as_mut_array()[p.tile().index()] = 0;
                waits_of(&c, melds + 1, &self.wall_kinds).1 == s.waits
            };
        let s = &mut self.seats[i];
        s.can_tsumo = can_tsumo;
        s.can_riichi = can_riichi;
        s.riichi_kan = riichi_kan;
    }

    // ---- legal actions ----

    /// The legal actions of `seat` now, in the order of [`action`]'s documentation;
    /// empty when the seat has nothing to decide.
    #[must_use]
    pub fn legal(&self, seat: Seat) -> Legal {
        let mut out = Legal::new();
        if seat >= self.n {
            return out;
        }
        match self.phase {
            Phase::Turn if seat == self.turn => self.legal_turn(seat, &mut out),
            Phase::RiichiDiscard if seat == self.turn => {
                let s = &self.seats[usize::from(seat)];
                self.push_discards(s, self.riichi_keep, &mut out);
            }
            Phase::Claims if self.claim.pending & (1 << seat) != 0 => {
                self.legal_claim(seat, &mut out);
            }
            _ => {}
        }
        out
    }

    /// Discards of kinds in `allowed`, each tile once from the hand and once as the
    /// tile just drawn where both apply.
    fn push_discards(&self, s: &SeatState, allowed: TileSet, out: &mut Legal) {
        let c = s.hand.concealed().as_array();
        let reds = s.hand.concealed_red();
        let mut kinds = held_kinds(c) & allowed.bits();
        while kinds != 0 {
            let i = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let n = c[i];
            let t = Tile::new_unchecked(i as u8);
            let red = if i < 27 && i % 9 == 4 { reds[i / 9] } else { 0 };
            let black = n - red;
            for (pai, copies) in [(t.black(), black), (t.red().unwrap_or(t.black()), red)] {
                if copies == 0 {
                    continue;
                }
                let drawn = u8::from(s.drawn == Some(pai));
                if copies > drawn {
                    out.push(Action::Discard {
                        pai,
                        tsumogiri: false,
                    });
                }
                if drawn == 1 {
                    out.push(Action::Discard {
                        pai,
                        tsumogiri: true,
                    });
                }
            }
        }
    }

    fn can_kan(&self) -> bool {
        self.kans_total < 4 && self.tiles_left() > 0
    }

    fn legal_turn(&self, seat: Seat, out: &mut Legal) {
        let s = &self.seats[usize::from(seat)];
        let c = s.hand.concealed();
        if s.riichi == RiichiStatus::Accepted {
            if let Some(d) = s.drawn {
                out.push(Action::Discard {
                    pai: d,
                    tsumogiri: true,
                });
                if s.riichi_kan && self.can_kan() {
                    out.push(Action::ClosedKan { tile: d.tile() });
                }
                if self.n == 3 && d.tile() == Tile::NORTH && self.tiles_left() > 0 {
                    out.push(Action::Kita);
                }
                if s.can_tsumo {
                    out.push(Action::Tsumo);
                }
            }
            return;
        }
        self.push_discards(s, TileSet::ALL.difference(self.kuikae), out);
        if !self.turn_drawn {
            return;
        }
        if s.can_riichi
            && self.scores[usize::from(seat)] >= self.rules.riichi_min_points
            && self.tiles_left() >= self.rules.riichi_min_tiles
        {
            out.push(Action::Riichi);
        }
        if self.can_kan() {
            for t in TileSet::from_bits(held_kinds(c.as_array())).iter() {
                if c.get(t) == 4 {
                    out.push(Action::ClosedKan { tile: t });
                }
            }
            for m in s.hand.melds() {
                if m.kind() == MeldKind::Pon && c.get(m.first()) > 0 {
                    let t = m.first();
                    let pai = if red_of(&s.hand, t) > 0 {
                        t.red().unwrap_or(t.black())
                    } else {
                        t.black()
                    };
                    out.push(Action::AddedKan { pai });
                }
            }
        }
        if self.n == 3 && c.get(Tile::NORTH) > 0 && self.tiles_left() > 0 {
            out.push(Action::Kita);
        }
        if s.can_tsumo {
            out.push(Action::Tsumo);
        }
        if self.rules.nine_terminals
            && s.discards == 0
            && !self.interrupted
            && (held_kinds(c.as_array()) & TileSet::TERMINALS_AND_HONORS.bits()).count_ones() >= 9
        {
            out.push(Action::NineTerminals);
        }
    }

    fn legal_claim(&self, seat: Seat, out: &mut Legal) {
        let can = self.claim.can[usize::from(seat)];
        let called = self.claim.pai;
        let s = &self.seats[usize::from(seat)];
        if can & CHI != 0 {
            for (a, b) in chi_shapes(called.tile()) {
                for x in variants(s, a) {
                    for y in variants(s, b) {
                        if self.call_leaves_discard(s, called, &[x, y], true) {
                            out.push(Action::Chi {
                                consumed: [x, y],
                                called,
                            });
                        }
                    }
                }
            }
        }
        if can & PON != 0 {
            let t = called.tile();
            let red = red_of(&s.hand, t);
            let black = s.hand.concealed().get(t) - red;
            let r = t.red().unwrap_or(t.black());
            let b = t.black();
            for (consumed, ok) in [
                ([b, b], black >= 2),
                ([r, b], red >= 1 && black >= 1),
                ([r, r], red >= 2),
            ] {
                if ok && self.call_leaves_discard(s, called, &consumed, false) {
                    out.push(Action::Pon { consumed, called });
                }
            }
        }
        if can & KAN != 0 {
            out.push(Action::OpenKan { called });
        }
        if can & RON != 0 {
            out.push(Action::Ron);
        }
        out.push(Action::Pass);
    }

    /// Whether, after calling `called` with `consumed`, the hand keeps a tile that
    /// kuikae allows to discard.
    fn call_leaves_discard(&self, s: &SeatState, called: Pai, consumed: &[Pai], chi: bool) -> bool {
        if self.rules.kuikae == Kuikae::Allowed {
            return true;
        }
        let forbidden = kuikae_set(called.tile(), consumed, chi);
        let c = s.hand.concealed();
        let mut left = c.total() as usize - consumed.len();
        for f in forbidden.iter() {
            let used = consumed.iter().filter(|p| p.tile() == f).count();
            left -= usize::from(c.get(f)) - used;
        }
        left > 0
    }

    /// Whether `action` is in [`Table::legal`] for `seat`: discards and passes, the
    /// common actions, are checked directly; the others against the list.
    fn is_legal(&self, seat: Seat, action: Action) -> bool {
        match (self.phase, action) {
            (Phase::Claims, Action::Pass) => self.claim.pending & (1 << seat) != 0,
            (Phase::Turn | Phase::RiichiDiscard, Action::Discard { pai, tsumogiri })
                if seat == self.turn =>
            {
                let s = &self.seats[usize::from(seat)];
                let t = pai.tile();
                let allowed = match (self.phase, s.riichi) {
                    (Phase::RiichiDiscard, _) => self.riichi_keep.contains(t),
                    (_, RiichiStatus::Accepted) => tsumogiri,
                    _ => !self.kuikae.contains(t),
                };
                let n = s.hand.concealed().get(t);
                let red = red_of(&s.hand, t);
                let copies = if pai.is_red() { red } else { n - red };
                let drawn = u8::from(s.drawn == Some(pai));
                allowed
                    && if tsumogiri {
                        drawn == 1
                    } else {
                        copies > drawn
                    }
            }
            _ => self.legal(seat).contains(&action),
        }
    }

    // ---- stepping ----

    /// Plays `action` for `seat` and returns the events that follow (the next draw,
    /// a settled claim, the end of the kyoku and the next deal, ...). An empty list
    /// means the table waits for other seats' answers.
    ///
    /// # Errors
    ///
    /// [`TableError::Illegal`] when the action is not in [`Table::legal`] for the
    /// seat, [`TableError::NoSeat`], [`TableError::GameOver`]; the table is then
    /// unchanged.
    pub fn step(&mut self, seat: Seat, action: Action) -> Result<&[Event], TableError> {
        if self.phase == Phase::Over {
            return Err(TableError::GameOver);
        }
        if seat >= self.n {
            return Err(TableError::NoSeat(seat));
        }
        if !self.is_legal(seat, action) {
            return Err(TableError::Illegal { seat, action });
        }
        self.events.clear();
        match self.phase {
            Phase::Claims => self.answer(seat, action),
            _ => self.act(seat, action),
        }
        Ok(&self.events)
    }

    fn act(&mut self, seat: Seat, action: Action) {
        match action {
            Action::Discard { pai, tsumogiri } => self.discard(seat, pai, tsumogiri),
            Action::Riichi => {
                self.events.push(Event::Riichi { seat });
                let s = &self.seats[usize::from(seat)];
                let c = *s.hand.concealed();
                let melds = s.hand.melds().len();
                let mut keep = TileSet::EMPTY;
                for t in c.kinds().iter() {
                    let mut d = c;
                    d.remove(t);
                    if waits_of(&d, melds, &self.wall_kinds).0 == 0 {
                        keep.insert(t);
                    }
                }
                let s = &mut self.seats[usize::from(seat)];
                s.riichi = RiichiStatus::Declared;
                s.double_riichi = s.discards == 0 && !self.interrupted;
                self.riichi_keep = keep;
                self.phase = Phase::RiichiDiscard;
            }
            Action::Tsumo => {
                let p = self.seats[usize::from(seat)].drawn.unwrap_or_default();
                self.wins(&[seat], seat, p, None);
            }
            Action::ClosedKan { tile } => self.closed_kan(seat, tile),
            Action::AddedKan { pai } => self.added_kan(seat, pai),
            Action::Kita => self.kita(seat),
            Action::NineTerminals => self.abort(DrawReason::NineTerminals),
            _ => {}
        }
    }

    fn push_river(&mut self, seat: Seat, pai: Pai, flags: u16) {
        if usize::from(self.river_len) < RIVER_CAP {
            self.river[usize::from(self.river_len)] =
                action::pai_index(pai) | u16::from(seat) << 6 | flags;
            self.river_len += 1;
        }
    }

    fn discard(&mut self, seat: Seat, pai: Pai, tsumogiri: bool) {
        let i = usize::from(seat);
        let declaring = self.seats[i].riichi == RiichiStatus::Declared;
        let flags = if tsumogiri { TSUMOGIRI } else { 0 } | if declaring { RIICHI } else { 0 };
        self.push_river(seat, pai, flags);
        let s = &mut self.seats[i];
        s.hand.remove(pai);
        s.discarded.insert(pai.tile());
        s.discards = s.discards.saturating_add(1);
        if !pai.tile().is_terminal_or_honor() {
            s.nagashi = false;
        }
        s.temp_furiten = false;
        if s.riichi == RiichiStatus::Accepted {
            s.ippatsu = false;
        }
        self.kuikae = TileSet::EMPTY;
        s.drawn = None;
        s.can_tsumo = false;
        // Discarding the tile just drawn leaves the hand whose waits are known.
        if !(tsumogiri && self.turn_drawn) {
            self.update_waits(seat);
        }
        // A kong's pending indicator is turned as its replacement tile is discarded
        // (Tenhou's records show it just before the discard).
        if self.dora_pending {
            self.reveal_dora();
        }
        self.events.push(Event::Discard {
            seat,
            pai,
            tsumogiri,
        });
        self.rinshan = false;
        self.open_kan_from = None;
        self.open_claims(ClaimOn::Discard, seat, pai);
        if self.claim.pending == 0 {
            self.settle_claims();
        }
    }

    fn reveal_dora(&mut self) {
        self.dora_pending = false;
        if usize::from(self.dora_shown) < 5 {
            self.dora_shown += 1;
            let indicator = self.indicator(usize::from(self.dora_shown) - 1);
            self.events.push(Event::Dora { indicator });
        }
    }

    /// Opens a claim window on `pai` from `from`: who may ron, pon, kong or chi.
    fn open_claims(&mut self, on: ClaimOn, from: Seat, pai: Pai) {
        let t = pai.tile();
        let last = self.tiles_left() == 0;
        let mut claim = Claim {
            on,
            from,
            pai,
            can: [0; 4],
            pending: 0,
            answers: [Action::Pass; 4],
            saw: 0,
        };
        for k in 1..self.n {
            let o = (from + k) % self.n;
            let oi = usize::from(o);
            let mut bits = 0;
            if self.seats[oi].waits.contains(t) {
                claim.saw |= 1 << o;
                if !self.seats[oi].furiten() && self.ron_allowed(o, on, pai) {
                    bits |= RON;
                }
            }
            let s = &self.seats[oi];
            if on == ClaimOn::Discard && !last && s.riichi == RiichiStatus::None {
                let n = s.hand.concealed().get(t);
                if n >= 2 && self.pon_possible(s, pai) {
                    bits |= PON;
                }
                if n == 3 && self.kans_total < 4 {
                    bits |= KAN;
                }
                if self.n == 4 && k == 1 && self.chi_possible(s, pai) {
                    bits |= CHI;
                }
            }
            claim.can[oi] = bits;
            if bits != 0 {
                claim.pending |= 1 << o;
            }
        }
        self.claim = claim;
        if claim.pending != 0 {
            self.phase = Phase::Claims;
        }
    }

    fn ron_allowed(&mut self, seat: Seat, on: ClaimOn, pai: Pai) -> bool {
        match self.scores_win(seat, pai, Some(on)) {
            Some(score) => {
                on != ClaimOn::ClosedKan
                    || (self.rules.scoring.kokushi_robs_closed_kan
                        && score
                            .yaku
                            .iter()
                            .any(|y| matches!(y.yaku, Yaku::Kokushi | Yaku::Kokushi13)))
            }
            None => false,
        }
    }

    fn pon_possible(&self, s: &SeatState, pai: Pai) -> bool {
        let t = pai.tile();
        let red = red_of(&s.hand, t);
        let black = s.hand.concealed().get(t) - red;
        let r = t.red().unwrap_or(t.black());
        let b = t.black();
        (black >= 2 && self.call_leaves_discard(s, pai, &[b, b], false))
            || (red >= 1 && black >= 1 && self.call_leaves_discard(s, pai, &[r, b], false))
            || (red >= 2 && self.call_leaves_discard(s, pai, &[r, r], false))
    }

    fn chi_possible(&self, s: &SeatState, pai: Pai) -> bool {
        chi_shapes(pai.tile()).any(|(a, b)| {
            variants(s, a)
                .any(|x| variants(s, b).any(|y| self.call_leaves_discard(s, pai, &[x, y], true)))
        })
    }

    fn answer(&mut self, seat: Seat, action: Action) {
        self.claim.answers[usize::from(seat)] = action;
        self.claim.pending &= !(1 << seat);
        if self.claim.pending == 0 {
            self.settle_claims();
        }
    }

    /// Every seat asked has answered (or none was asked): wins, then calls, then the
    /// kong, kita or next draw the tile was waiting on.
    fn settle_claims(&mut self) {
        let c = self.claim;
        let mut rons = FixedList::<Seat, 3>::new();
        for k in 1..self.n {
            let o = (c.from + k) % self.n;
            if c.answers[usize::from(o)] == Action::Ron {
                rons.push(o);
            }
        }
        if !rons.is_empty() {
            let winners: &[Seat] = match self.rules.multi_ron {
                MultiRon::HeadBump => &rons[..1],
                MultiRon::DoubleAbortTriple if rons.len() == 3 => {
                    self.abort(DrawReason::TripleRon);
                    return;
                }
                _ => &rons,
            };
            let winners: FixedList<Seat, 3> = {
                let mut w = FixedList::new();
                for &s in winners {
                    w.push(s);
                }
                w
            };
            self.wins(&winners, c.from, c.pai, Some(c.on));
            return;
        }
        for k in 1..self.n {
            let o = (c.from + k) % self.n;
            if c.saw & (1 << o) != 0 {
                let s = &mut self.seats[usize::from(o)];
                if s.riichi == RiichiStatus::Accepted {
                    s.riichi_furiten = true;
                } else {
                    s.temp_furiten = true;
                }
            }
        }
        self.phase = Phase::Turn;
        match c.on {
            ClaimOn::Discard => {
                if !self.discard_passes(c.from) {
                    return;
                }
                let call = (1..self.n)
                    .map(|k| (c.from + k) % self.n)
                    .find(|&o| {
                        matches!(
                            c.answers[usize::from(o)],
                            Action::Pon { .. } | Action::OpenKan { .. }
                        )
                    })
                    .or_else(|| {
                        (1..self.n)
                            .map(|k| (c.from + k) % self.n)
                            .find(|&o| matches!(c.answers[usize::from(o)], Action::Chi { .. }))
                    });
                match call {
                    Some(o) => self.call(o, c.answers[usize::from(o)], c.from, c.pai),
                    None => self.next_draw(c.from),
                }
            }
            ClaimOn::AddedKan | ClaimOn::ClosedKan => {
                self.complete_kan(c.from, c.on == ClaimOn::ClosedKan);
            }
            ClaimOn::Kita => {
                self.interrupted = true;
                // The kita player's own ippatsu ends with it: a win on the replacement
                // tile is a rinshan win, never ippatsu (docs/riichi-rules.md, "Ippatsu
                // and kita"); the others' ends by the rules.
                let others = self.rules.kita_ends_ippatsu;
                for (i, s) in self.seats.iter_mut().enumerate() {
                    if others || i == usize::from(c.from) {
                        s.ippatsu = false;
                    }
                }
                self.draw(c.from, true);
            }
        }
    }

    /// A discard passed without a ron: a declaring riichi is accepted, and abortive
    /// draws are checked. False when the kyoku ended.
    fn discard_passes(&mut self, from: Seat) -> bool {
        let i = usize::from(from);
        if self.seats[i].riichi == RiichiStatus::Declared {
            let s = &mut self.seats[i];
            s.riichi = RiichiStatus::Accepted;
            s.ippatsu = true;
            self.scores[i] = self.scores[i].saturating_sub(1000);
            self.sticks = self.sticks.saturating_add(1);
            self.riichi_count += 1;
            self.events.push(Event::RiichiAccepted { seat: from });
            if self.rules.four_riichi && self.n == 4 && self.riichi_count == 4 {
                self.abort(DrawReason::FourRiichi);
                return false;
            }
        }
        if self.rules.four_winds
            && self.n == 4
            && !self.interrupted
            && self.river_len == 4
            && self.river[0] & 0x3f >= 27
            && self.river[0] & 0x3f <= 30
            && self.river[..4]
                .iter()
                .all(|&e| e & 0x3f == self.river[0] & 0x3f)
        {
            self.abort(DrawReason::FourWinds);
            return false;
        }
        if self.four_kans_pending {
            self.abort(DrawReason::FourKans);
            return false;
        }
        true
    }

    fn next_draw(&mut self, from: Seat) {
        if self.tiles_left() == 0 {
            self.exhaustive_draw();
        } else {
            self.draw((from + 1) % self.n, false);
        }
    }

    fn end_ippatsu(&mut self) {
        for s in &mut self.seats {
            s.ippatsu = false;
        }
    }

    fn call(&mut self, seat: Seat, action: Action, from: Seat, pai: Pai) {
        let i = usize::from(seat);
        let (kind, consumed): (CallKind, FixedList<Pai, 3>) = match action {
            Action::Chi { consumed, .. } => (CallKind::Chi, consumed.into_iter().collect()),
            Action::Pon { consumed, .. } => (CallKind::Pon, consumed.into_iter().collect()),
            _ => {
                let t = pai.tile();
                let mut l = FixedList::new();
                let red = red_of(&self.seats[i].hand, t);
                for k in 0..3 {
                    l.push(if k < red {
                        t.red().unwrap_or(t.black())
                    } else {
                        t.black()
                    });
                }
                (CallKind::OpenKan, l)
            }
        };
        let s = &mut self.seats[i];
        for &p in consumed.iter() {
            s.hand.remove(p);
        }
        let mut tiles = [Pai::default(); 4];
        tiles[..consumed.len()].copy_from_slice(&consumed);
        tiles[consumed.len()] = pai;
        if let Ok(m) = Meld::from_tiles(
            kind.meld_kind(),
            &tiles[..=consumed.len()],
            Some(pai.tile()),
            Source::of_call(seat, from, self.n),
        ) {
            s.hand.push_meld(m);
        }
        if let Some(e) = self.river[..usize::from(self.river_len)].last_mut() {
            *e |= CALLED;
        }
        self.seats[usize::from(from)].nagashi = false;
        self.interrupted = true;
        self.end_ippatsu();
        self.check_pao(seat, from, pai.tile());
        self.events.push(Event::Call {
            kind,
            seat,
            from,
            pai,
            consumed,
        });
        if kind == CallKind::OpenKan {
            self.update_waits(seat);
            self.open_kan_from = Some(from);
            self.kans_total += 1;
            self.seats[i].kans += 1;
            self.kan_done(false, true);
            self.draw(seat, true);
        } else {
            let forbidden = if self.rules.kuikae == Kuikae::Forbidden {
                kuikae_set(pai.tile(), &consumed, kind == CallKind::Chi)
            } else {
                TileSet::EMPTY
            };
            let s = &mut self.seats[i];
            self.kuikae = forbidden;
            s.drawn = None;
            s.can_tsumo = false;
            s.can_riichi = false;
            self.turn = seat;
            self.turn_drawn = false;
            self.rinshan = false;
            self.phase = Phase::Turn;
        }
    }

    /// Liability (pao): the call that completed the third dragon set or the fourth
    /// wind set makes its discarder liable.
    fn check_pao(&mut self, seat: Seat, from: Seat, t: Tile) {
        let s = &mut self.seats[usize::from(seat)];
        let sets = |set: TileSet| {
            s.hand
                .melds()
                .iter()
                .filter(|m| m.kind() != MeldKind::Chi && set.contains(m.first()))
                .count()
        };
        if TileSet::DRAGONS.contains(t) && sets(TileSet::DRAGONS) == 3 {
            s.pao = Some((from, Yaku::Daisangen));
        } else if TileSet::WINDS.contains(t) && sets(TileSet::WINDS) == 4 {
            s.pao = Some((from, Yaku::Daisuushii));
        }
    }

    /// After a kong: the four-kong check and its indicator (a closed kong's at once;
    /// an open or added one's by the rules).
    fn kan_done(&mut self, closed: bool, _open: bool) {
        if self.kans_total == 4 && !self.seats.iter().any(|s| s.kans == 4) {
            self.four_kans_pending = self.rules.four_kans;
        }
        if closed || self.rules.scoring.open_kan_dora == OpenKanDora::AtOnce {
            self.reveal_dora();
        } else {
            self.dora_pending = true;
        }
    }

    fn closed_kan(&mut self, seat: Seat, t: Tile) {
        let i = usize::from(seat);
        if self.dora_pending {
            self.reveal_dora();
        }
        let s = &mut self.seats[i];
        let red = red_of(&s.hand, t);
        let mut consumed = [t.black(); 4];
        for (k, p) in consumed.iter_mut().enumerate() {
            if (k as u8) < red {
                *p = t.red().unwrap_or(t.black());
            }
        }
        for p in consumed {
            s.hand.remove(p);
        }
        if let Ok(m) = Meld::set(MeldKind::ClosedKan, t, None, red) {
            s.hand.push_meld(m);
        }
        s.drawn = None;
        s.can_tsumo = false;
        self.events.push(Event::ClosedKan { seat, consumed });
        self.update_waits(seat);
        if self.rules.scoring.kokushi_robs_closed_kan {
            self.open_claims(ClaimOn::ClosedKan, seat, t.black());
            if self.claim.pending != 0 {
                return;
            }
        }
        self.complete_kan(seat, true);
    }

    fn added_kan(&mut self, seat: Seat, pai: Pai) {
        let i = usize::from(seat);
        if self.dora_pending {
            self.reveal_dora();
        }
        let s = &mut self.seats[i];
        s.hand.remove(pai);
        let t = pai.tile();
        let mut consumed = [t.black(); 3];
        if let Some(k) = s
            .hand
            .melds()
            .iter()
            .position(|m| m.kind() == MeldKind::Pon && m.first() == t)
        {
            let m = s.hand.melds()[k];
            for (j, p) in m.pais().enumerate().take(3) {
                consumed[j] = p;
            }
            if let Ok(kan) = Meld::set(
                MeldKind::AddedKan,
                t,
                m.source(),
                m.red() + u8::from(pai.is_red()),
            ) {
                s.hand.replace_meld(k, kan);
            }
        }
        s.drawn = None;
        s.can_tsumo = false;
        self.events.push(Event::AddedKan {
            seat,
            pai,
            consumed,
        });
        self.update_waits(seat);
        self.open_claims(ClaimOn::AddedKan, seat, pai);
        if self.claim.pending == 0 {
            self.complete_kan(seat, false);
        }
    }

    /// A closed or added kong that was not robbed: it interrupts the go-around, ends
    /// every ippatsu, turns its indicator and draws the replacement tile.
    fn complete_kan(&mut self, seat: Seat, closed: bool) {
        self.phase = Phase::Turn;
        self.interrupted = true;
        self.end_ippatsu();
        self.kans_total += 1;
        self.seats[usize::from(seat)].kans += 1;
        self.kan_done(closed, false);
        self.draw(seat, true);
    }

    fn kita(&mut self, seat: Seat) {
        let north = Tile::NORTH.black();
        let s = &mut self.seats[usize::from(seat)];
        s.hand.remove(north);
        s.kita += 1;
        s.drawn = None;
        s.can_tsumo = false;
        self.events.push(Event::Kita { seat });
        self.update_waits(seat);
        self.open_claims(ClaimOn::Kita, seat, north);
        if self.claim.pending == 0 {
            self.settle_claims();
        }
    }

    // ---- wins and draws ----

    /// The situation of a win by `seat` on `pai`: a self-draw when `on` is `None`.
    fn context(&self, seat: Seat, pai: Pai, on: Option<ClaimOn>, first: bool) -> WinContext {
        let s = &self.seats[usize::from(seat)];
        let last = self.tiles_left() == 0;
        let method = match on {
            None if self.rinshan => WinMethod::Tsumo(TsumoEvent::Rinshan),
            None if last => WinMethod::Tsumo(TsumoEvent::Haitei),
            None => WinMethod::Tsumo(TsumoEvent::Plain),
            Some(ClaimOn::AddedKan | ClaimOn::ClosedKan) => WinMethod::Ron(RonEvent::Chankan),
            Some(ClaimOn::Discard) if last => WinMethod::Ron(RonEvent::Houtei),
            Some(_) => WinMethod::Ron(RonEvent::Plain),
        };
        let riichi = match s.riichi {
            RiichiStatus::Accepted if s.double_riichi => Riichi::Double,
            RiichiStatus::Accepted => Riichi::Riichi,
            _ => Riichi::None,
        };
        let dealer = seat == self.dealer;
        let first_turn = if self.interrupted || s.discards > 0 || riichi != Riichi::None {
            FirstTurn::None
        } else if on.is_none() {
            if dealer {
                FirstTurn::Tenhou
            } else {
                FirstTurn::Chiihou
            }
        } else if !dealer && self.rules.scoring.renhou != Renhou::Off {
            FirstTurn::Renhou
        } else {
            FirstTurn::None
        };
        let mut ura = Indicators::new();
        if riichi != Riichi::None {
            for k in 0..usize::from(self.dora_shown) {
                ura.push(self.ura_indicator(k));
            }
        }
        let honba = if first || self.rules.honba_each_winner {
            self.honba
        } else {
            0
        };
        WinContext {
            win: pai,
            method,
            riichi,
            ippatsu: s.ippatsu && riichi != Riichi::None,
            first_turn,
            round_wind: self.round,
            seat_wind: self.seat_wind(seat),
            dora: self.dora_indicators(),
            ura,
            honba,
            riichi_sticks: if first { self.sticks } else { 0 },
            kita: s.kita,
        }
    }

    /// The score of a win by `seat` on `pai` (held already for a self-draw), if the
    /// hand completes with a yaku.
    fn scores_win(&mut self, seat: Seat, pai: Pai, on: Option<ClaimOn>) -> Option<Score> {
        let ctx = self.context(seat, pai, on, true);
        let i = usize::from(seat);
        if on.is_none() {
            return score::score_unchecked(&self.seats[i].hand, &ctx, &self.rules.scoring).ok();
        }
        // The tile is added in place and taken back: no copy of the hand.
        let _ = self.seats[i].hand.add(pai);
        let sc = score::score_unchecked(&self.seats[i].hand, &ctx, &self.rules.scoring).ok();
        self.seats[i].hand.remove(pai);
        sc
    }

    fn wins(&mut self, winners: &[Seat], from: Seat, pai: Pai, on: Option<ClaimOn>) {
        let mut dealer_won = false;
        for (k, &w) in winners.iter().enumerate() {
            let wi = usize::from(w);
            if on.is_some() {
                let _ = self.seats[wi].hand.add(pai);
            }
            let ctx = self.context(w, pai, on, k == 0);
            let result = score::score_unchecked(&self.seats[wi].hand, &ctx, &self.rules.scoring);
            if on.is_some() {
                self.seats[wi].hand.remove(pai);
            }
            let Ok(sc) = result else { continue };
            let deltas = self.win_deltas(w, from, &sc, &ctx);
            for (x, d) in self.scores.iter_mut().zip(deltas) {
                *x = x.saturating_add(d);
            }
            dealer_won |= w == self.dealer;
            let pao = self.seats[wi]
                .pao
                .filter(|&(_, y)| sc.yaku.iter().any(|v| v.yaku == y))
                .map(|(s, _)| s)
                .or_else(|| {
                    self.open_kan_from
                        .filter(|_| self.rules.pao_open_kan_rinshan && on.is_none() && self.rinshan)
                });
            self.events.push(Event::Win(Win {
                seat: w,
                from,
                pai,
                pao,
                deltas,
                han: sc.han,
                fu: sc.fu,
                yakuman: sc.yakuman,
                points: sc.total,
                yaku: sc.yaku,
                ura: ctx.ura,
            }));
            if k == 0 {
                self.sticks = 0;
            }
        }
        self.end_kyoku(dealer_won, false, self.rules.agari_yame);
    }

    /// Score changes of one win, honba, riichi sticks and liability included.
    fn win_deltas(&self, w: Seat, from: Seat, sc: &Score, ctx: &WinContext) -> [i32; 4] {
        let mut d = [0i32; 4];
        let wi = usize::from(w);
        // Saturating: a record's counters (honba, sticks) may be absurd.
        let pay = |d: &mut [i32; 4], payer: usize, amount: u32| {
            d[payer] = d[payer].saturating_sub_unsigned(amount);
            d[wi] = d[wi].saturating_add_unsigned(amount);
        };
        let tsumo_split = |d: &mut [i32; 4], payments: Payments| match payments {
            Payments::Ron { discarder } => pay(d, usize::from(from), discarder),
            Payments::DealerTsumo { each } => {
                for o in 0..usize::from(self.n) {
                    if o != wi {
                        pay(d, o, each);
                    }
                }
            }
            Payments::Tsumo { dealer, non_dealer } => {
                for o in 0..usize::from(self.n) {
                    if o != wi {
                        let a = if o == usize::from(self.dealer) {
                            dealer
                        } else {
                            non_dealer
                        };
                        pay(d, o, a);
                    }
                }
            }
        };
        let pao = self.seats[wi]
            .pao
            .and_then(|(s, y)| sc.yaku.iter().find(|v| v.yaku == y).map(|v| (s, v.value)));
        let tsumo = w == from;
        let honba_all = 100u32
            .saturating_mul(ctx.honba)
            .saturating_mul(u32::from(self.n - 1));
        let sticks = 1000u32.saturating_mul(ctx.riichi_sticks);
        let factor = if w == self.dealer { 6 } else { 4 };
        if tsumo && self.rules.pao_open_kan_rinshan && self.rinshan {
            if let Some(f) = self.open_kan_from {
                pay(&mut d, usize::from(f), sc.total);
                d[wi] = d[wi].saturating_add_unsigned(sticks);
                return d;
            }
        }
        match pao {
            Some((liable, mult)) if sc.yakuman > 0 && (tsumo || liable != from) => {
                let pao_basic = YAKUMAN * u32::from(mult);
                let pao_full = pao_basic * factor;
                let rest = sc.basic_points.saturating_sub(pao_basic);
                if tsumo {
                    pay(
                        &mut d,
                        usize::from(liable),
                        pao_full.saturating_add(honba_all),
                    );
                    if rest > 0 {
                        let ctx0 = ctx.with_counters(0, 0);
                        tsumo_split(&mut d, score::pay(rest, &ctx0, &self.rules.scoring).0);
                    }
                } else {
                    let liable_part =
                        (pao_full / 2).saturating_add(match self.rules.scoring.pao_honba {
                            PaoHonba::Liable => honba_all,
                            PaoHonba::Split => honba_all / 2,
                            PaoHonba::Discarder => 0,
                        });
                    pay(&mut d, usize::from(liable), liable_part);
                    pay(
                        &mut d,
                        usize::from(from),
                        sc.total.saturating_sub(liable_part),
                    );
                }
            }
            _ => tsumo_split(&mut d, sc.payments),
        }
        d[wi] = d[wi].saturating_add_unsigned(sticks);
        d
    }

    fn abort(&mut self, reason: DrawReason) {
        self.events.push(Event::Ryukyoku {
            reason,
            deltas: [0; 4],
            tenpai: 0,
        });
        self.end_kyoku(true, true, false);
    }

    fn exhaustive_draw(&mut self) {
        let n = usize::from(self.n);
        let mut tenpai = 0u8;
        let mut nagashi = 0u8;
        for i in 0..n {
            let s = &self.seats[i];
            if !s.waits.is_empty() {
                tenpai |= 1 << i;
            }
            if self.rules.scoring.nagashi_mangan && s.nagashi && s.discards > 0 {
                nagashi |= 1 << i;
            }
        }
        let mut deltas = [0i32; 4];
        let reason = if nagashi != 0 {
            for i in 0..n {
                if nagashi & (1 << i) == 0 {
                    continue;
                }
                let seat = i as Seat;
                let ctx = self
                    .context(seat, Tile::M1.black(), None, false)
                    .with_counters(0, 0);
                let tsumo = WinContext {
                    method: WinMethod::Tsumo(TsumoEvent::Plain),
                    ..ctx
                };
                let (payments, _) = score::pay(score::MANGAN, &tsumo, &self.rules.scoring);
                let sc_deltas = self.nagashi_deltas(seat, payments);
                for (x, y) in deltas.iter_mut().zip(sc_deltas) {
                    *x += y;
                }
            }
            DrawReason::NagashiMangan
        } else {
            let t = tenpai.count_ones() as i32;
            if t > 0 && t < n as i32 {
                let total = self.rules.noten_total;
                for (i, d) in deltas.iter_mut().enumerate().take(n) {
                    *d = if tenpai & (1 << i) != 0 {
                        total / t
                    } else {
                        -total / (n as i32 - t)
                    };
                }
            }
            DrawReason::Exhaustive
        };
        for (x, d) in self.scores.iter_mut().zip(deltas) {
            *x = x.saturating_add(d);
        }
        self.events.push(Event::Ryukyoku {
            reason,
            deltas,
            tenpai,
        });
        let dealer_tenpai = tenpai & (1 << self.dealer) != 0;
        self.end_kyoku(
            dealer_tenpai && self.rules.renchan_on_tenpai,
            true,
            self.rules.tenpai_yame,
        );
    }

    fn nagashi_deltas(&self, seat: Seat, payments: Payments) -> [i32; 4] {
        let mut d = [0i32; 4];
        let wi = usize::from(seat);
        for o in 0..usize::from(self.n) {
            if o == wi {
                continue;
            }
            let a = match payments {
                Payments::DealerTsumo { each } => each,
                Payments::Tsumo { dealer, non_dealer } => {
                    if o == usize::from(self.dealer) {
                        dealer
                    } else {
                        non_dealer
                    }
                }
                Payments::Ron { discarder } => discarder,
            } as i32;
            d[o] -= a;
            d[wi] += a;
        }
        d
    }

    // ---- game flow ----

    fn top(&self) -> Seat {
        let mut best = 0;
        for s in 1..self.n {
            if self.scores[usize::from(s)] > self.scores[usize::from(best)] {
                best = s;
            }
        }
        best
    }

    /// The kyoku ended: `renchan` when the dealer keeps the seat, `draw` when honba
    /// go up without a dealer's win (drawn hands), `yame` when a first dealer keeping
    /// the seat in the last kyoku ends the game (agari-yame or tenpai-yame).
    fn end_kyoku(&mut self, renchan: bool, draw: bool, yame: bool) {
        self.events.push(Event::KyokuEnd {
            scores: self.scores,
        });
        let n = usize::from(self.n);
        let busted = match self.rules.bust {
            Bust::Off => false,
            Bust::BelowZero => self.scores[..n].iter().any(|&s| s < 0),
            Bust::ZeroOrBelow => self.scores[..n].iter().any(|&s| s <= 0),
        };
        if busted {
            self.game_end();
            return;
        }
        let last_round = match self.rules.length {
            GameLength::East => Wind::East,
            GameLength::South => Wind::South,
        };
        let in_extension = self.round.index() > last_round.index();
        let all_last = self.round == last_round && self.dealer == self.n - 1;
        let max = self.scores[..n].iter().copied().max().unwrap_or(0);
        let reached = max >= self.rules.target_points;
        if in_extension && reached {
            self.game_end();
            return;
        }
        if renchan {
            if all_last && yame && self.top() == self.dealer && (!self.rules.extension || reached) {
                self.game_end();
                return;
            }
            self.honba = self.honba.saturating_add(1);
        } else {
            self.honba = if draw {
                self.honba.saturating_add(1)
            } else {
                0
            };
            if self.dealer == self.n - 1 {
                if all_last && (!self.rules.extension || reached) {
                    self.game_end();
                    return;
                }
                if in_extension {
                    self.game_end();
                    return;
                }
                self.dealer = 0;
                self.round = self.round.next();
            } else {
                self.dealer += 1;
            }
        }
        self.kyoku_index += 1;
        if !self.start_kyoku() {
            self.game_end();
        }
    }

    fn game_end(&mut self) {
        let n = usize::from(self.n);
        let top = usize::from(self.top());
        if self.rules.leftover_sticks == LeftoverSticks::ToTop {
            self.scores[top] =
                self.scores[top].saturating_add_unsigned(1000u32.saturating_mul(self.sticks));
            self.sticks = 0;
        }
        let mut order: [usize; 4] = [0, 1, 2, 3];
        order[..n].sort_by_key(|&s| (core::cmp::Reverse(self.scores[s]), s));
        let mut places = [0u8; 4];
        let mut results = [0i32; 4];
        let oka = (self.rules.return_points - self.rules.start_points) * n as i32;
        for (place, &s) in order[..n].iter().enumerate() {
            places[s] = place as u8 + 1;
            results[s] = self.scores[s]
                .saturating_sub(self.rules.return_points)
                .saturating_add(self.rules.uma[place])
                .saturating_add(if place == 0 { oka } else { 0 });
        }
        self.events.push(Event::GameEnd {
            scores: self.scores,
            places,
            results,
        });
        self.phase = Phase::Over;
    }

    // ---- observation ----

    /// What `seat` may see now.
    #[must_use]
    pub fn observation(&self, seat: Seat) -> Observation {
        observation::observe(self, seat)
    }

    /// The mjai JSON of `action` by `seat` now (the form `pairi record legal` writes).
    #[must_use]
    pub fn action_mjai(&self, seat: Seat, action: &Action) -> String {
        let mut cx = action::MjaiContext {
            target: seat,
            ..Default::default()
        };
        let s = &self.seats[usize::from(seat.min(3))];
        match *action {
            Action::Tsumo => cx.win = s.drawn.unwrap_or_default(),
            Action::Ron | Action::Chi { .. } | Action::Pon { .. } => {
                cx.target = self.claim.from;
                cx.win = self.claim.pai;
            }
            Action::OpenKan { called } => {
                cx.target = self.claim.from;
                let t = called.tile();
                let red = red_of(&s.hand, t);
                for k in 0..3 {
                    cx.kan.push(if k < red {
                        t.red().unwrap_or(t.black())
                    } else {
                        t.black()
                    });
                }
            }
            Action::ClosedKan { tile } => {
                let red = red_of(&s.hand, tile);
                for k in 0..4 {
                    cx.kan.push(if k < red {
                        tile.red().unwrap_or(tile.black())
                    } else {
                        tile.black()
                    });
                }
            }
            Action::AddedKan { pai } => {
                if let Some(m) = s
                    .hand
                    .melds()
                    .iter()
                    .find(|m| m.kind() == MeldKind::Pon && m.first() == pai.tile())
                {
                    for p in m.pais() {
                        cx.kan.push(p);
                    }
                }
            }
            _ => {}
        }
        action::mjai_json(seat, action, &cx)
    }
}

/// The kinds held (a count above zero), as [`TileSet`] bits: eight counts at a time
/// (each at most 4, so bits 0–2 of its byte), one bit per byte gathered by a multiply.
#[inline]
pub(crate) fn held_kinds(c: &[u8; 34]) -> u64 {
    let mut bits = 0u64;
    for (k, chunk) in c.chunks(8).enumerate() {
        let mut b = [0u8; 8];
        b[..chunk.len()].copy_from_slice(chunk);
        let w = u64::from_le_bytes(b);
        let any = (w | w >> 1 | w >> 2) & 0x0101_0101_0101_0101;
        bits |= (any.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    bits
}

/// The pairs of kinds that make a run with `t` (lowest run first).
pub(crate) fn chi_shapes(t: Tile) -> impl Iterator<Item = (Tile, Tile)> {
    let ok = !t.is_honor();
    let n = t.number();
    let i = t.as_u8();
    [
        (n >= 3, i.wrapping_sub(2), i.wrapping_sub(1)),
        ((2..=8).contains(&n), i.wrapping_sub(1), i + 1),
        (n <= 7, i + 1, i + 2),
    ]
    .into_iter()
    .filter(move |&(fits, _, _)| ok && fits)
    .map(|(_, a, b)| (Tile::new_unchecked(a), Tile::new_unchecked(b)))
}

/// The tiles of kind `t` the seat can give to a call: black first, then red.
fn variants(s: &SeatState, t: Tile) -> impl Iterator<Item = Pai> {
    let red = red_of(&s.hand, t);
    let black = s.hand.concealed().get(t) - red;
    let r = t.red().unwrap_or(t.black());
    [(t.black(), black > 0), (r, red > 0)]
        .into_iter()
        .filter(|&(_, ok)| ok)
        .map(|(p, _)| p)
}

/// Kinds kuikae forbids after calling `called` with `consumed`: the called kind, and
/// after a chi with the called tile at one end, the kind beyond the other end.
pub(crate) fn kuikae_set(called: Tile, consumed: &[Pai], chi: bool) -> TileSet {
    let mut set = TileSet::EMPTY;
    set.insert(called);
    if chi {
        let lo = consumed.iter().map(|p| p.tile()).min().unwrap_or(called);
        let hi = consumed.iter().map(|p| p.tile()).max().unwrap_or(called);
        if called < lo {
            if let Some(t) = hi.succ() {
                set.insert(t);
            }
        } else if called > hi {
            if let Some(t) = lo.pred() {
                set.insert(t);
            }
        }
    }
    set
}
