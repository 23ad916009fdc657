//! Game records (牌譜 / 牌谱): one model ([`Game`]) read from and written to the formats
//! of `docs/formats.md`, replayed seat by seat, every win re-scored, every discard
//! reviewed.
//!
//! - [`tenhou6`]: tenhou.net/6 JSON (read and write), whose per-seat lists are put back
//!   in table order by simulating the table, backtracking where a claim is ambiguous;
//! - [`mjai`]: mjai JSON Lines (read and write), with the producers' extensions;
//! - [`mjlog`]: Tenhou's XML log (read and write);
//! - [`check`]: each recorded win scored again by [`crate::riichi`] and compared with
//!   the record, and every kyoku's score changes reproduced;
//! - [`convert`](mod@convert): a record replayed, completed with what the target format states, and
//!   written;
//! - [`review`]: each discard against the best one by shanten and useful tiles, each
//!   seat's view taken from the table the record is played at;
//! - [`played`]: a game played at a [`crate::table::Table`] as a record;
//! - [`on_table`](mod@on_table): a record played again at a [`crate::table::Table`], each
//!   action legal there, with every decision point's legal actions.

pub mod check;
pub mod choices;
pub mod convert;
pub mod dataset;
pub mod games;
pub mod mjai;
pub mod mjlog;
mod model;
pub mod on_table;
pub mod played;
pub mod review;
pub mod tenhou6;
pub mod walls;
mod yaku_names;

pub use model::*;
pub use yaku_names::{tenhou_id_of, tenhou_id_of_name, tenhou_yaku_id, yaku_of_name};

pub use convert::convert;
pub use games::{games, GameStream};
pub use on_table::on_table;

use crate::error::ErrorKind;
use crate::tile::{Pai, Tile, Wind};

/// What can go wrong with a record.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The text is not a record of the format (`parse`).
    #[error("{format}: {message}")]
    Format {
        /// The format read.
        format: &'static str,
        /// What is wrong, with the place.
        message: String,
    },
    /// A tenhou.net/6 text that is not one game's record as that format writes it
    /// (`parse`), for the reasons a caller may tell apart ([`tenhou6::Tenhou6Error`]);
    /// the format's other errors are [`RecordError::Format`].
    #[error("tenhou.net/6: {0}")]
    Tenhou6(#[from] tenhou6::Tenhou6Error),
    /// The record breaks the rules of the table (`invalid_hand`): a tile discarded
    /// that is not held, a call on a tile that was not discarded, ...
    #[error("kyoku {kyoku}, event {index}: {source}")]
    Inconsistent {
        /// The kyoku's label (`E1`, `S3.1`).
        kyoku: String,
        /// The index of the event in the kyoku (0 = the first after the deal).
        index: usize,
        /// What is wrong.
        #[source]
        source: Inconsistency,
    },
    /// The record stops before the game's end (`parse`): a kyoku without its win or
    /// draw, a game without its close (mjai `end_game`, the XML's `</mjloggm>`). Read
    /// anyway when a partial game is asked for ([`read_with`]).
    #[error("{format}: the record is cut off: {missing} (read it as a partial game to accept it)")]
    CutOff {
        /// The format read.
        format: &'static str,
        /// What is missing.
        missing: Missing,
    },
    /// A win whose record gives no score changes (or, for Tenhou's XML log, no value)
    /// and that cannot be scored, in a conversion that must state them
    /// (`invalid_hand`).
    #[error(
        "kyoku {kyoku}, event {index}: the win states no score changes or value, and cannot be scored: {source}"
    )]
    Unscorable {
        /// The kyoku's label (`E1`, `S3.1`).
        kyoku: String,
        /// The index of the event in the kyoku.
        index: usize,
        /// Why it cannot be scored.
        #[source]
        source: check::Unscorable,
    },
    /// An action of the record the table does not allow when the record is played
    /// again at it ([`on_table()`]), or a draw, indicator, riichi stick or score change
    /// that differs from the table's (`invalid_hand`).
    #[error("kyoku {kyoku}, event {index}: {source}")]
    OnTable {
        /// The kyoku's label (`E1`, `S3.1`).
        kyoku: String,
        /// The index of the event in the kyoku (0 = the first after the deal).
        index: usize,
        /// How the record and the table disagree.
        #[source]
        source: Box<on_table::Mismatch>,
    },
    /// A game that cannot be written in a format (`parse`): a kyoku of it breaks what
    /// the format can state ([`mjlog::write`]).
    #[error("{format}: {kyoku}: {source}")]
    Unwritable {
        /// The format written.
        format: &'static str,
        /// The kyoku's label (`E1`, `S3.1`).
        kyoku: String,
        /// What the format cannot state.
        #[source]
        source: Box<mjlog::Unwritable>,
    },
    /// The work on the record was stopped by its [`crate::util::Stop`] (`timeout`).
    #[error(transparent)]
    Stopped(#[from] crate::util::Stopped),
    /// What is wrong with a game after the first of a file that holds several
    /// ([`games()`]): that game's error, of its kind.
    #[error("game {game}: {source}")]
    InGame {
        /// The game's number in the file (2 for the second).
        game: usize,
        /// What is wrong with it.
        #[source]
        source: Box<RecordError>,
    },
}

/// What a record cut off before the game's end lacks ([`RecordError::CutOff`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Missing {
    /// A kyoku has no win or draw: its label and the words the format ends a kyoku with
    /// (mjai's `hora` or `ryukyoku`, the XML log's `AGARI` or `RYUUKYOKU`, a tenhou.net/6
    /// result).
    #[error("kyoku {kyoku} has no {end}")]
    KyokuEnd {
        /// The kyoku's label (`E1`, `S3.1`).
        kyoku: String,
        /// What ends a kyoku in the format.
        end: &'static str,
    },
    /// An mjai game has no `end_game`.
    #[error("no `end_game`")]
    EndGame,
    /// A Tenhou XML log has no closing `</mjloggm>`.
    #[error("no closing `</mjloggm>`")]
    ClosingTag,
}

/// Why a record's lists cannot be played at the table ([`RecordError::Inconsistent`]):
/// found putting a tenhou.net/6 kyoku's per-seat lists back in table order, or asking
/// for a kyoku the game does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Inconsistency {
    /// A seat gives a tile it does not hold.
    #[error("seat {seat} does not hold {pai}")]
    NotHeld {
        /// The seat.
        seat: Seat,
        /// The tile.
        pai: Pai,
    },
    /// A seat's next take is a claim where it draws.
    #[error("seat {0} claims when it should draw")]
    ClaimForDraw(Seat),
    /// The claims of a kyoku can be ordered in too many ways to try them all.
    #[error("too many ways to order the claims")]
    TooManyOrders,
    /// A seat's discard is the drawn tile (tsumogiri) right after a claim.
    #[error("seat {0} discards the drawn tile after a claim")]
    TsumogiriAfterClaim(Seat),
    /// A seat's discards hold a `0` that does not follow an open kong.
    #[error("seat {0}: a 0 not after a kong")]
    StrayPlaceholder(Seat),
    /// A seat's lists have takes or discards left when the kyoku ends.
    #[error("seat {0}: takes or discards left after the end")]
    LeftAfterEnd(Seat),
    /// A ron on a seat that did not give the last tile.
    #[error("a ron on seat {0}, who did not discard last")]
    RonNotOnLast(Seat),
    /// The game has no kyoku of that index.
    #[error("no such kyoku")]
    NoSuchKyoku,
}

impl RecordError {
    /// The JSON error kind: `parse` for a text that is not a record, `invalid_hand`
    /// for a record that breaks the rules, `timeout` for work stopped.
    #[must_use]
    pub fn kind(&self) -> ErrorKind {
        match self {
            RecordError::Format { .. }
            | RecordError::Tenhou6(_)
            | RecordError::CutOff { .. }
            | RecordError::Unwritable { .. } => ErrorKind::Parse,
            RecordError::Inconsistent { .. } | RecordError::OnTable { .. } => {
                ErrorKind::InvalidHand
            }
            RecordError::Unscorable { source, .. } => source.kind(),
            RecordError::Stopped(s) => s.kind(),
            RecordError::InGame { source, .. } => source.kind(),
        }
    }

    /// The error said of game number `game` of a file (1 for the first, which is said
    /// as it is).
    #[must_use]
    pub fn in_game(self, game: usize) -> RecordError {
        if game <= 1 {
            self
        } else {
            RecordError::InGame {
                game,
                source: Box::new(self),
            }
        }
    }

    pub(crate) fn format(format: &'static str, message: impl Into<String>) -> RecordError {
        RecordError::Format {
            format,
            message: message.into(),
        }
    }
}

/// The formats a record can be written in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Format {
    /// tenhou.net/6 JSON.
    Tenhou6,
    /// mjai JSON Lines.
    Mjai,
    /// Tenhou's XML log.
    Mjlog,
}

impl Format {
    /// The name used on the command line and in JSON.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Format::Tenhou6 => "tenhou6",
            Format::Mjai => "mjai",
            Format::Mjlog => "mjlog",
        }
    }

    /// The format of that name.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Format> {
        [Format::Tenhou6, Format::Mjai, Format::Mjlog]
            .into_iter()
            .find(|f| f.id() == id)
    }

    /// The format a text is in, by its first characters: `<` an XML log, a JSON object
    /// with a `log` key (or an array of them) a tenhou.net/6 record, anything else mjai
    /// lines (or mjai events wrapped in one object's `events`).
    #[must_use]
    pub fn detect(text: &str) -> Format {
        let t = text.trim_start_matches('\u{feff}').trim_start();
        if t.starts_with('<') {
            return Format::Mjlog;
        }
        if t.starts_with('[') && t.contains("\"log\"") {
            return Format::Tenhou6;
        }
        let first_line = t.lines().next().unwrap_or("");
        let one_object = t.starts_with('{') && !first_line.contains("\"type\"");
        let events = one_object && !t.contains("\"log\"") && t.contains("\"events\"");
        if (one_object && !events) || t.starts_with("{\"log\"") {
            Format::Tenhou6
        } else {
            Format::Mjai
        }
    }
}

/// Reads a whole game in `format`, or in the format [`Format::detect`] finds.
///
/// # Errors
///
/// As the format's reader; [`RecordError::CutOff`] for a record that stops before the
/// game's end ([`read_with`] reads such a record as a partial game).
pub fn read(text: &str, format: Option<Format>) -> Result<Game, RecordError> {
    read_with(text, format, false)
}

/// Reads a record as [`read`] does, or, when `partial`, a game cut off anywhere at an
/// event's boundary too (an excerpt, a game still being played): the kyoku read so
/// far, the last one without its end.
///
/// # Errors
///
/// As [`read`], but a cut-off record is not one when `partial`.
pub fn read_with(text: &str, format: Option<Format>, partial: bool) -> Result<Game, RecordError> {
    match format.unwrap_or_else(|| Format::detect(text)) {
        Format::Tenhou6 => tenhou6::read_with(text, partial),
        Format::Mjai => mjai::read_with(text, partial),
        Format::Mjlog => mjlog::read_with(text, partial),
    }
}

/// The error for a cut-off record, unless a partial game is accepted.
fn cut_off(
    format: &'static str,
    missing: Option<Missing>,
    partial: bool,
) -> Result<(), RecordError> {
    match missing {
        Some(missing) if !partial => Err(RecordError::CutOff { format, missing }),
        _ => Ok(()),
    }
}

impl Kyoku {
    /// Whether the kyoku's events end with its win(s) or draw.
    #[must_use]
    pub fn is_over(&self) -> bool {
        matches!(
            self.events.last(),
            Some(Event::Win(_) | Event::Ryukyoku { .. })
        )
    }
}

/// A kyoku's label as players write it: the round wind's letter, the kyoku number, and
/// `.honba` when there are counters (`E1`, `S3.1`).
#[must_use]
pub fn label(round: Wind, dealer: Seat, honba: u32) -> String {
    let letter = ['E', 'S', 'W', 'N'][round as usize];
    if honba == 0 {
        format!("{letter}{}", dealer + 1)
    } else {
        format!("{letter}{}.{honba}", dealer + 1)
    }
}

impl Kyoku {
    /// The label of [`label`].
    #[must_use]
    pub fn label(&self) -> String {
        label(self.round, self.dealer, self.honba)
    }
}

/// The tile of a tenhou.net/6 code: 11–19, 21–29, 31–39 the suits, 41–47 the honours,
/// 51–53 the red fives.
#[must_use]
pub fn pai_of_tenhou(code: u64) -> Option<Pai> {
    let (tens, unit) = (code / 10, (code % 10) as u8);
    match (tens, unit) {
        (1..=3, 1..=9) => Pai::new(Tile::new((tens as u8 - 1) * 9 + unit - 1)?, false),
        (4, 1..=7) => Pai::new(Tile::new(26 + unit)?, false),
        (5, 1..=3) => Pai::new(Tile::new((unit - 1) * 9 + 4)?, true),
        _ => None,
    }
}

/// The tenhou.net/6 code of a tile.
#[must_use]
pub fn tenhou_of_pai(p: Pai) -> u32 {
    let t = p.tile();
    if p.is_red() {
        return 51 + t.index() as u32 / 9;
    }
    if t.is_honor() {
        return 41 + (t.index() as u32 - 27);
    }
    10 * (t.index() as u32 / 9 + 1) + u32::from(t.number())
}

/// The tile of an mjai name.
#[must_use]
pub fn pai_of_mjai(s: &str) -> Option<Pai> {
    let honors = ["E", "S", "W", "N", "P", "F", "C"];
    if let Some(i) = honors.iter().position(|&h| h == s) {
        return Pai::new(Tile::new(27 + i as u8)?, false);
    }
    let b = s.as_bytes();
    let (red, body) = match b {
        [n, suit, b'r'] => (true, [*n, *suit]),
        [n, suit] => (false, [*n, *suit]),
        _ => return None,
    };
    let n = body[0].checked_sub(b'0').filter(|n| (1..=9).contains(n))?;
    let base = match body[1] {
        b'm' => 0,
        b'p' => 9,
        b's' => 18,
        _ => return None,
    };
    Pai::new(Tile::new(base + n - 1)?, red)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_codes_round_trip() {
        for t in Tile::all() {
            for red in [false, true] {
                let Some(p) = Pai::new(t, red) else { continue };
                assert_eq!(pai_of_tenhou(u64::from(tenhou_of_pai(p))), Some(p));
                assert_eq!(
                    pai_of_mjai(&crate::notation::format_pai(
                        p,
                        crate::notation::Format::Mjai
                    )),
                    Some(p)
                );
            }
        }
        assert_eq!(pai_of_tenhou(60), None);
        assert_eq!(pai_of_tenhou(0), None);
        assert_eq!(pai_of_mjai("5sr").map(|p| p.is_red()), Some(true));
        assert_eq!(pai_of_mjai("?"), None);
        assert_eq!(label(Wind::South, 2, 1), "S3.1");
    }
}
