//! The one record model every reader fills and every writer reads: a game of kyoku,
//! each an ordered list of events in table order.
//!
//! The events follow the order of play (the order mjai writes and the Tenhou XML log
//! keeps). Formats that do not store that order (tenhou.net/6 keeps one list per seat)
//! rebuild it when read. Seats are absolute (0 = East at East 1), as in every format.

use crate::riichi::rules::Players;
pub use crate::table::{Absent, CallKind, Detail, DrawReason};
use crate::tile::{Pai, Wind};

/// A seat at the table, 0 to 3 (0 to 2 with three players), absolute.
pub type Seat = u8;

/// A whole record: one game, or an excerpt of one.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Game {
    /// Three or four players.
    pub players: Players,
    /// Player names in seat order (empty strings when unknown).
    pub names: Vec<String>,
    /// Red fives in the set, per suit (man, pin, sou): 0 or 1 each in every known room.
    pub red_fives: [u8; 3],
    /// Whether all simples counts in an open hand (喰いタン); `true` unless the record
    /// says otherwise (Tenhou's 喰 rooms, every mjai producer).
    pub open_tanyao: bool,
    /// The rounds the game was to last, when the record says.
    pub length: Option<Length>,
    /// Whether 4 han 30 fu and 3 han 60 fu are paid as mangan (切り上げ満貫), when the
    /// record says: Tenhou's XML log does by its lobby bits (its chip rooms round up, its
    /// other public rooms do not); tenhou.net/6 and mjai carry no such flag.
    pub kiriage: Option<bool>,
    /// The kyoku in order.
    pub kyokus: Vec<Kyoku>,
    /// Tenhou's shuffle seed, when the record keeps it (the Tenhou XML log's
    /// `<SHUFFLE seed>`, `mt19937ar-sha512-n288-base64,…`): every kyoku's wall follows
    /// from it ([`crate::table::wall::TenhouShuffle`], checked by
    /// [`super::walls::reproduce`]).
    pub wall_seed: Option<String>,
    /// What a tenhou.net/6 record carries beyond the game itself (title, rule label,
    /// ratings, final points), kept so that a conversion back loses nothing.
    pub tenhou6: Option<Tenhou6Extras>,
}

/// The length of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Length {
    /// East round only (東風戦, tonpuu).
    East,
    /// East and South rounds (半荘戦, hanchan).
    South,
}

/// tenhou.net/6 details with no place in the other formats (the Tenhou XML reader fills
/// them too, with the keys Tenhou's viewer writes for its logs).
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Tenhou6Extras {
    /// Top-level keys other than `log` and `name`, verbatim (`title`, `rule`, `ref`,
    /// `dan`, `sc`, ...).
    pub meta: serde_json::Map<String, serde_json::Value>,
    /// Whether a daiminkan leaves a `0` in the caller's discard column (Tenhou does;
    /// some converters do not).
    pub kan_placeholder: bool,
    /// Whether the record departs from Tenhou's own writing (dealt hands or a meld's
    /// tiles in another order, yaku of 0 han listed), and is written back as read
    /// rather than in Tenhou's form.
    pub as_read: bool,
}

/// One hand (局): the deal, the events in order, and how it ended.
#[derive(Clone, PartialEq, Debug)]
pub struct Kyoku {
    /// The round wind (場風).
    pub round: Wind,
    /// The dealer's seat (親); also the kyoku number minus one within the round.
    pub dealer: Seat,
    /// Continuation counters (本場).
    pub honba: u32,
    /// Riichi sticks on the table at the start (供託), in sticks.
    pub riichi_sticks: u32,
    /// Scores at the start, per seat.
    pub scores: Vec<i32>,
    /// The first dora indicator; kong indicators come as [`Event::Dora`].
    pub dora: Pai,
    /// The ura dora indicators shown at the end (empty unless a riichi hand won).
    pub ura: Vec<Pai>,
    /// Each seat's 13 dealt tiles, in the record's order.
    pub hands: Vec<Vec<Pai>>,
    /// What happened, in order; the last events are the win(s) or the draw.
    pub events: Vec<Event>,
    /// The scores the record states just before a result, with the index of the win or
    /// draw they precede (Tenhou XML's `sc` gives them at every `AGARI` and
    /// `RYUUKYOKU`): the check compares them with the scores the kyoku reached.
    pub stated_scores: Vec<(usize, Vec<i32>)>,
}

/// One thing that happened, as a record states it: the table's event model
/// ([`crate::table::Event`]) with the record's payloads ([`Recorded`]). A record's
/// kyoku keeps its deal in [`Kyoku`], so its events never hold `KyokuStart`,
/// `KyokuEnd` or `GameEnd` (their payloads are [`Absent`]).
pub type Event = crate::table::Event<Recorded>;

/// The record's payloads of the one event model ([`Detail`]): a draw's tile is always
/// known, a win is what the record states ([`Win`]), a drawn hand's score changes and
/// ready seats are there when the record gives them, and the deal and the ends of a
/// kyoku and of the game are not events ([`Absent`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Recorded;

impl Detail for Recorded {
    type DrawTile = Pai;
    type Win = Win;
    type Deltas = Option<Vec<i32>>;
    type Tenpai = Option<Vec<bool>>;
    type KyokuStart = Absent;
    type Scores = Absent;

    fn winner(win: &Win) -> Seat {
        win.seat
    }
}

/// A win as recorded.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Win {
    /// The winner.
    pub seat: Seat,
    /// Who dealt the tile; the winner for a self-draw.
    pub from: Seat,
    /// The winning tile, when the record names it (otherwise it is the last tile drawn
    /// or discarded).
    pub pai: Option<Pai>,
    /// The player liable for a yakuman (責任払い, pao), when one is.
    pub pao: Option<Seat>,
    /// Score changes per seat from this win, honba and riichi sticks included.
    pub deltas: Vec<i32>,
    /// What the record says the hand was worth, when it says.
    pub value: Option<RecordedValue>,
}

/// A recorded valuation of a win.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RecordedValue {
    /// Han, dora included (0 when only yakuman are listed and no han is given).
    pub han: Option<u8>,
    /// Fu, when recorded.
    pub fu: Option<u8>,
    /// Points before honba and sticks: what a ron's discarder pays, or a self-draw's
    /// payments added up.
    pub points: Option<u32>,
    /// The yaku as the record names them.
    pub yaku: Vec<RecordedYaku>,
}

/// One yaku as a record names it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordedYaku {
    /// The name as written (`立直`, `役牌 白`, `翻牌 白`, `場風 東`, ...).
    pub name: String,
    /// Its value.
    pub value: YakuValueRec,
}

/// What one recorded yaku is worth.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum YakuValueRec {
    /// Han (0 is written for ura dora that did not hit).
    Han(u8),
    /// A yakuman, with its multiplier.
    Yakuman(u8),
}

impl Kyoku {
    /// The tile a win was made on, when the record does not name it: the winner's last
    /// draw for a self-draw, otherwise the last tile discarded, added to a kong, made a
    /// closed kong (robbed by thirteen orphans, where the rules allow it) or set aside as
    /// a kita by the player who dealt it.
    #[must_use]
    pub fn winning_tile(&self, w: &Win) -> Option<Pai> {
        let tsumo = w.seat == w.from;
        self.events.iter().rev().find_map(|e| match *e {
            Event::Draw { seat, pai } if tsumo && seat == w.seat => Some(pai),
            Event::Discard { seat, pai, .. } | Event::AddedKan { seat, pai, .. }
                if !tsumo && seat == w.from =>
            {
                Some(pai)
            }
            Event::ClosedKan { seat, consumed } if !tsumo && seat == w.from => Some(consumed[0]),
            Event::Kita { seat } if !tsumo && seat == w.from => {
                Some(crate::tile::Tile::NORTH.black())
            }
            _ => None,
        })
    }

    /// The recorded score changes of the kyoku's wins and draw, added up per seat
    /// (`players` seats; riichi sticks paid are not in them).
    #[must_use]
    pub fn deltas(&self, players: Players) -> Vec<i32> {
        let mut sum = vec![0; usize::from(players.count())];
        for e in &self.events {
            let d = match e {
                Event::Win(w) => Some(&w.deltas),
                Event::Ryukyoku { deltas, .. } => deltas.as_ref(),
                _ => None,
            };
            for (x, y) in sum.iter_mut().zip(d.into_iter().flatten()) {
                *x += y;
            }
        }
        sum
    }

    /// Names the tile of every win that does not name it ([`Kyoku::winning_tile`]).
    pub(crate) fn name_winning_tiles(&mut self) {
        for i in 0..self.events.len() {
            if let Event::Win(w) = &self.events[i] {
                if w.pai.is_none() {
                    let pai = self.winning_tile(w);
                    if let Event::Win(w) = &mut self.events[i] {
                        w.pai = pai;
                    }
                }
            }
        }
    }
}
