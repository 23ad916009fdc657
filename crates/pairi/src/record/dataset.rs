//! Training data from records: every decision of every seat in a game, played again at
//! the [`Table`] ([`on_table()`](super::on_table())), as one row of
//! fixed-width columns ([`Columns`]): the seat's observation planes
//! ([`encode::observe`], exactly what the environment gives that seat at that moment),
//! its legal actions as a mask over [`ACTION_COUNT`], the action it took (its
//! [`encode::index_of`]), and labels (where the decision stands in the game, and how
//! the kyoku and the game ended for the seat).
//!
//! A decision is a point where a seat had more than one legal action: a turn (discard,
//! riichi, kong, kita, tsumo, nine terminals) or a claim (chi, pon, kong, ron, or pass,
//! the action a seat takes when it claims nothing). With [`Options::forced`], points
//! with a single legal action are rows too (the discard of a seat in riichi that can
//! do nothing but throw its draw).
//!
//! The planes are stored compactly, as they are written to Parquet: planes 0 to 70
//! hold small whole numbers (counts and marks), one byte each ([`PLANE_BYTES`] a row);
//! plane 71, the scalars, holds fractions (scores in units of 10 000 points), 34
//! `f32` a row; the mask is 190 bits, bit `i` of byte `i / 8` (least significant
//! first) for action `i`. [`Columns::observation`] gives a row's planes back as the
//! `f32` of [`encode::observe`], value for value.
//!
//! A game's rows are added whole or not at all ([`Batch::push_game`]); the caller
//! drains the batch ([`Batch::drain`]) once it holds [`Batch::capacity`] rows, so the
//! memory held is the batch's, whatever the number of records. Nothing allocates per
//! decision: the columns are reserved for the batch and one game.

use super::on_table::{self, Decision, Visit};
use super::{Format, Game, RecordError, Seat};
use crate::encode::{self, ACTION_COUNT, OBS_SIZE};
use crate::table::{Action, Table};

/// Bytes of a row's planes 0 to 70 (one byte a value, [`encode::observe_bytes`]).
pub const PLANE_BYTES: usize = encode::BYTE_PLANES;
/// Values of a row's scalars (plane 71).
pub const SCALARS: usize = 34;
/// Bytes of a row's legal mask (190 bits).
pub const MASK_BYTES: usize = ACTION_COUNT.div_ceil(8);

/// What a game's rows hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Also a row for each point where the seat had a single legal action.
    pub forced: bool,
    /// Play the records under Mahjong Soul's rules rather than Tenhou's
    /// ([`on_table::rules_of`]).
    pub mahjong_soul: bool,
}

macro_rules! columns {
    ($($(#[$doc:meta])* $name:ident: $t:ty, $width:expr;)*) => {
        /// The rows of a batch, column by column: each column holds its width of
        /// values a row (the planes [`PLANE_BYTES`], the scalars [`SCALARS`], the mask
        /// [`MASK_BYTES`], the others one).
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct Columns {
            $($(#[$doc])* pub $name: Vec<$t>,)*
        }

        impl Columns {
            /// The column names and their widths, in the order of the fields.
            pub const NAMES: &'static [(&'static str, usize)] = &[$((stringify!($name), $width),)*];

            fn with_capacity(rows: usize) -> Columns {
                Columns { $($name: Vec::with_capacity(rows * $width),)* }
            }

            fn truncate(&mut self, rows: usize) {
                $(self.$name.truncate(rows * $width);)*
            }

            fn copy_row(&mut self, from: usize, to: usize) {
                $(self.$name.copy_within(from * $width..(from + 1) * $width, to * $width);)*
            }

            fn remove_front(&mut self, rows: usize) {
                $(self.$name.drain(..rows * $width);)*
            }

            /// The first `rows` rows, as a copy.
            #[must_use]
            pub fn head(&self, rows: usize) -> Columns {
                let rows = rows.min(self.len());
                Columns { $($name: self.$name[..rows * $width].to_vec(),)* }
            }
        }
    };
}

columns! {
    /// Planes 0 to 70 of [`encode::observe`], one byte a value.
    planes: u8, PLANE_BYTES;
    /// Plane 71 (the scalars) of [`encode::observe`].
    scalars: f32, SCALARS;
    /// The legal actions: bit `i % 8` of byte `i / 8` for action index `i`.
    mask: u8, MASK_BYTES;
    /// The action taken ([`encode::index_of`]).
    action: i16, 1;
    /// The game's index among the games read (from 0).
    game: i32, 1;
    /// The kyoku's index in the game (from 0).
    kyoku: i32, 1;
    /// The round wind (0 East to 3 North).
    round: i8, 1;
    /// The dealer's seat.
    dealer: i8, 1;
    /// The kyoku's honba (repeat counters).
    honba: i32, 1;
    /// The seat that decides.
    seat: i8, 1;
    /// The number of the kyoku's recorded events before the decision.
    event: i32, 1;
    /// The seat's score change over the kyoku (its riichi stick, wins, payments and
    /// draw settlements); 0 when `kyoku_over` is false.
    kyoku_delta: i32, 1;
    /// Whether the record has the kyoku's end (a win or a draw).
    kyoku_over: bool, 1;
    /// The seat's points at the game's end; 0 when `game_over` is false.
    final_points: i32, 1;
    /// The seat's placement at the game's end (1 to 4); −1 when `game_over` is false.
    placement: i8, 1;
    /// Whether the record holds the whole game (not a partial game).
    game_over: bool, 1;
}

impl Columns {
    /// The number of rows.
    #[must_use]
    pub fn len(&self) -> usize {
        self.action.len()
    }

    /// Whether there is no row.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.action.is_empty()
    }

    /// Writes row `row`'s planes as [`encode::observe`] wrote them into `out`, which
    /// must hold [`OBS_SIZE`] values (nothing is written for a row out of range or a
    /// shorter `out`).
    pub fn observation(&self, row: usize, out: &mut [f32]) {
        let (Some(planes), Some(scalars), Some(out)) = (
            self.planes.get(row * PLANE_BYTES..(row + 1) * PLANE_BYTES),
            self.scalars.get(row * SCALARS..(row + 1) * SCALARS),
            out.get_mut(..OBS_SIZE),
        ) else {
            return;
        };
        let (p, s) = out.split_at_mut(PLANE_BYTES);
        for (o, &v) in p.iter_mut().zip(planes) {
            *o = f32::from(v);
        }
        s.copy_from_slice(scalars);
    }

    /// Writes row `row`'s legal mask as [`encode::mask`] writes it into `out` (at most
    /// [`ACTION_COUNT`] values).
    pub fn legal(&self, row: usize, out: &mut [bool]) {
        let Some(mask) = self.mask.get(row * MASK_BYTES..(row + 1) * MASK_BYTES) else {
            return;
        };
        for (i, o) in out.iter_mut().take(ACTION_COUNT).enumerate() {
            *o = mask[i / 8] >> (i % 8) & 1 == 1;
        }
    }
}

/// Rows gathered game by game until the caller drains them.
#[derive(Clone, Debug)]
pub struct Batch {
    columns: Columns,
    capacity: usize,
    options: Options,
    /// Rows whose recorded action did not match the legal set shown (never expected;
    /// left out and counted).
    dropped: usize,
}

/// Room reserved beyond the capacity for the game being read (a hanchan has about a
/// thousand decisions).
const GAME_ROOM: usize = 4096;

impl Batch {
    /// A batch to be drained at `capacity` rows (at least 1).
    #[must_use]
    pub fn new(capacity: usize, options: Options) -> Batch {
        let capacity = capacity.max(1);
        Batch {
            columns: Columns::with_capacity(capacity + GAME_ROOM.min(capacity)),
            capacity,
            options,
            dropped: 0,
        }
    }

    /// The rows held.
    #[must_use]
    pub fn columns(&self) -> &Columns {
        &self.columns
    }

    /// The number of rows held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.columns.len()
    }

    /// Whether no row is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }

    /// The number of rows at which the batch is to be drained.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Whether the batch holds [`Batch::capacity`] rows or more.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.len() >= self.capacity
    }

    /// Rows left out because the recorded action was not in the legal set shown at
    /// the decision (none in every record the tests play; counted, not hidden).
    #[must_use]
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// Removes the first `rows` rows (all when more), after `take` has seen them.
    pub fn drain<T>(&mut self, rows: usize, take: impl FnOnce(&Columns, usize) -> T) -> T {
        let rows = rows.min(self.len());
        let out = take(&self.columns, rows);
        self.columns.remove_front(rows);
        out
    }

    /// Adds the rows of every decision of `game` (its index `index` in the `game`
    /// column), played at the table; `complete` says that the record
    /// holds the whole game (the final points and placements are then labels). The
    /// number of rows added.
    ///
    /// # Errors
    ///
    /// As [`on_table::on_table`]; no row of the game is kept then.
    pub fn push_game(
        &mut self,
        game: &Game,
        index: usize,
        complete: bool,
    ) -> Result<usize, RecordError> {
        let rules = on_table::rules_of(game, self.options.mahjong_soul);
        let start = self.len();
        let mut rows = Rows {
            columns: &mut self.columns,
            game,
            index: i32::try_from(index).unwrap_or(i32::MAX),
            forced: self.options.forced,
            start_points: rules.start_points,
            pending: [None; 4],
            kyoku_start: start,
            dropped: 0,
            end: [0; 4],
            sticks: 0,
        };
        match on_table::on_table_visit(game, rules, false, &mut rows) {
            Ok(_) => {
                let (end, sticks, dropped) = (rows.end, rows.sticks, rows.dropped);
                self.dropped += dropped;
                let outcome = complete.then(|| outcome(game, end, sticks));
                let c = &mut self.columns;
                for row in start..c.len() {
                    let seat = usize::from(c.seat[row].unsigned_abs()) % 4;
                    if let Some((points, places)) = outcome {
                        c.final_points[row] = points[seat];
                        c.placement[row] = places[seat];
                        c.game_over[row] = true;
                    }
                }
                Ok(self.len() - start)
            }
            Err(e) => {
                self.columns.truncate(start);
                Err(e)
            }
        }
    }
}

/// Each seat's final points and placement: the record's stated final points when it
/// has them (Tenhou's `owari`, tenhou.net/6's `sc`), else the scores at the end of the
/// last kyoku with the riichi sticks left on the table given to the first placed (the
/// rule of Tenhou and Mahjong Soul). Equal points are placed by seat, the first
/// dealer's first (Tenhou's rule).
fn outcome(game: &Game, end: [i32; 4], sticks: u32) -> ([i32; 4], [i8; 4]) {
    let n = usize::from(game.players.count());
    let mut points = end;
    let stated: Option<Vec<i32>> = game.tenhou6.as_ref().and_then(|t| {
        let sc = t.meta.get("sc")?.as_array()?;
        let v: Vec<i32> = sc
            .iter()
            .step_by(2)
            .filter_map(serde_json::Value::as_f64)
            .map(|p| p.round() as i32)
            .collect();
        (v.len() == n).then_some(v)
    });
    let place = |points: &[i32; 4]| {
        let mut places = [-1i8; 4];
        for s in 0..n {
            let ahead = (0..n)
                .filter(|&o| points[o] > points[s] || (points[o] == points[s] && o < s))
                .count();
            places[s] = ahead as i8 + 1;
        }
        places
    };
    if let Some(v) = stated {
        points[..n].copy_from_slice(&v);
    } else {
        let first = place(&points).iter().position(|&p| p == 1).unwrap_or(0);
        points[first] += i32::try_from(sticks).unwrap_or(0).saturating_mul(1000);
    }
    (points, place(&points))
}

/// The visitor that writes a game's rows.
struct Rows<'a> {
    columns: &'a mut Columns,
    game: &'a Game,
    index: i32,
    forced: bool,
    start_points: i32,
    /// Each seat's row waiting for its action.
    pending: [Option<usize>; 4],
    /// The first row of the kyoku being played.
    kyoku_start: usize,
    dropped: usize,
    /// The scores and riichi sticks at the end of the last kyoku played.
    end: [i32; 4],
    sticks: u32,
}

impl Rows<'_> {
    fn push(&mut self, d: &Decision<'_>, seat: Seat, row: Option<usize>) -> usize {
        let t = d.table;
        let c = &mut *self.columns;
        let row = match row {
            Some(row) => row,
            None => {
                let row = c.len();
                let k = self.game.kyokus.get(d.kyoku);
                c.planes.resize((row + 1) * PLANE_BYTES, 0);
                c.scalars.resize((row + 1) * SCALARS, 0.0);
                c.mask.resize((row + 1) * MASK_BYTES, 0);
                c.action.push(-1);
                c.game.push(self.index);
                c.kyoku.push(i32::try_from(d.kyoku).unwrap_or(i32::MAX));
                c.round.push(k.map_or(0, |k| k.round as i8));
                c.dealer.push(k.map_or(0, |k| k.dealer as i8));
                c.honba
                    .push(k.map_or(0, |k| i32::try_from(k.honba).unwrap_or(i32::MAX)));
                c.seat.push(seat as i8);
                c.event.push(i32::try_from(d.after).unwrap_or(i32::MAX));
                c.kyoku_delta.push(0);
                c.kyoku_over.push(false);
                c.final_points.push(0);
                c.placement.push(-1);
                c.game_over.push(false);
                row
            }
        };
        encode::observe_bytes(
            &t.observation(seat),
            &mut c.planes[row * PLANE_BYTES..(row + 1) * PLANE_BYTES],
            &mut c.scalars[row * SCALARS..(row + 1) * SCALARS],
        );
        let mask = &mut c.mask[row * MASK_BYTES..(row + 1) * MASK_BYTES];
        mask.fill(0);
        for a in t.legal(seat).iter() {
            let i = encode::index_of(a);
            mask[i / 8] |= 1 << (i % 8);
        }
        row
    }
}

impl Visit for Rows<'_> {
    fn wants_result(&self) -> bool {
        false
    }
    fn decision(&mut self, d: Decision<'_>) {
        let t = d.table;
        let mask = t.to_act();
        for seat in 0..t.players().min(4) {
            if mask & (1 << seat) == 0 {
                continue;
            }
            let pending = self.pending[usize::from(seat)];
            if pending.is_none() && !self.forced && t.legal(seat).len() < 2 {
                continue;
            }
            let row = self.push(&d, seat, pending);
            self.pending[usize::from(seat)] = Some(row);
        }
    }

    fn acted(&mut self, _kyoku: usize, seat: Seat, action: &Action) {
        let Some(row) = self
            .pending
            .get_mut(usize::from(seat))
            .and_then(Option::take)
        else {
            return;
        };
        let i = encode::index_of(action);
        let c = &mut *self.columns;
        if c.mask[row * MASK_BYTES + i / 8] >> (i % 8) & 1 == 1 {
            c.action[row] = i as i16;
        } else {
            self.dropped += 1;
        }
    }

    fn kyoku_end(&mut self, kyoku: usize, table: &Table) {
        let obs = table.observation(0);
        let k = &self.game.kyokus[kyoku];
        let n = usize::from(self.game.players.count()).min(4);
        // The kyoku's starting scores as the replay sets them: the record's, or the
        // starting points when the record gives none.
        let mut start = [0i32; 4];
        for (x, y) in start.iter_mut().zip(&k.scores) {
            *x = *y;
        }
        if start.iter().all(|&x| x == 0) {
            for x in start.iter_mut().take(n) {
                *x = self.start_points;
            }
        }
        let over = k.is_over();
        let c = &mut *self.columns;
        // Rows whose seat never acted (the record stops there) are left out.
        let mut kept = self.kyoku_start;
        for row in self.kyoku_start..c.len() {
            if c.action[row] < 0 {
                continue;
            }
            if kept != row {
                c.copy_row(row, kept);
            }
            let seat = usize::from(c.seat[kept].unsigned_abs()) % 4;
            if over {
                c.kyoku_delta[kept] = obs.scores[seat] - start[seat];
                c.kyoku_over[kept] = true;
            }
            kept += 1;
        }
        c.truncate(kept);
        self.kyoku_start = kept;
        self.pending = [None; 4];
        self.end = obs.scores;
        self.sticks = obs.riichi_sticks;
    }
}

/// Reads each game of a record file's text (any format [`Format::detect`] finds, any
/// number of games, [`super::games()`]): the game and whether the record holds all of it.
/// Without `partial`, a game cut off is an error; with it, it is read as far as it
/// goes and said not complete.
pub fn read_games(
    text: &str,
    partial: bool,
) -> impl Iterator<Item = Result<(Game, bool), RecordError>> + '_ {
    let format = Format::detect(text);
    super::games(text, format)
        .enumerate()
        .map(move |(i, text)| read_game(text, format, partial).map_err(|e| e.in_game(i + 1)))
}

/// One game's text read as [`read_games`] does.
///
/// # Errors
///
/// As [`super::read_with`].
pub fn read_game(text: &str, format: Format, partial: bool) -> Result<(Game, bool), RecordError> {
    match super::read_with(text, Some(format), false) {
        Ok(game) => Ok((game, true)),
        Err(RecordError::CutOff { .. }) if partial => {
            super::read_with(text, Some(format), true).map(|g| (g, false))
        }
        Err(e) => Err(e),
    }
}
