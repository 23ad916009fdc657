//! Events: what happens at the table, in the order of play. One model for a game played
//! at the table and for a game record.
//!
//! [`Event`] is generic over its [`Detail`]: the variants and their meaning are the
//! same for every detail (draws, discards with tsumogiri, riichi and its acceptance,
//! calls with the claimed tile and the caller's tiles, added and closed kongs, kita,
//! dora indicators, wins and drawn hands, the start and end of each kyoku and the end
//! of the game); the detail types the payloads that differ between what the table
//! computed and what a record states:
//!
//! | payload | [`Played`] (the table) | `record::Recorded` (a record) |
//! | --- | --- | --- |
//! | a draw's tile | `Option<Pai>` (`None` in another seat's view) | `Pai` |
//! | a win | [`Win`]: deltas, han, fu, points, yaku, ura as computed | `record::Win`: what the record states |
//! | a drawn hand's deltas | `[i32; 4]` | `Option<Vec<i32>>` (when recorded) |
//! | the ready seats of a drawn hand | `u8`, a bit per seat | `Option<Vec<bool>>` (when recorded) |
//! | the deal, the scores after a kyoku and at the end | [`KyokuStart`], `[i32; 4]` | [`Absent`]: a record keeps the deal in its kyoku |
//!
//! `Event<Played>` (the default, `table::Event`) is `Copy` and holds its tiles in fixed
//! arrays, so playing allocates nothing. A played game becomes a record by
//! [`Event::map_detail`], which restates the payloads and nothing else.
//!
//! What a seat may see of an event is [`Event::seen_by`]: another seat's draw and
//! dealt tiles are hidden.

use super::action::Seat;
use crate::hand::MeldKind;
use crate::riichi::context::Indicators;
use crate::riichi::yaku::YakuList;
use crate::tile::{Pai, Wind};
use crate::util::FixedList;
use core::fmt;

/// Which claim made a meld.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CallKind {
    /// チー.
    Chi,
    /// ポン.
    Pon,
    /// 大明槓.
    OpenKan,
}

impl CallKind {
    /// The kind of meld the call makes.
    #[must_use]
    pub const fn meld_kind(self) -> MeldKind {
        match self {
            CallKind::Chi => MeldKind::Chi,
            CallKind::Pon => MeldKind::Pon,
            CallKind::OpenKan => MeldKind::OpenKan,
        }
    }
}

/// Why a hand was drawn, exhaustive or abortive.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DrawReason {
    /// The live wall ran out (荒牌平局).
    Exhaustive,
    /// Nagashi mangan at the exhaustive draw (流し満貫).
    NagashiMangan,
    /// Nine kinds of terminals and honours (九種九牌).
    NineTerminals,
    /// Four of the same wind discarded on the first go-around (四風連打).
    FourWinds,
    /// Four kongs by more than one player (四開槓).
    FourKans,
    /// Four riichi (四家立直).
    FourRiichi,
    /// Three players won on the same tile (三家和).
    TripleRon,
}

impl DrawReason {
    /// Every reason.
    pub const ALL: [DrawReason; 7] = [
        DrawReason::Exhaustive,
        DrawReason::NagashiMangan,
        DrawReason::NineTerminals,
        DrawReason::FourWinds,
        DrawReason::FourKans,
        DrawReason::FourRiichi,
        DrawReason::TripleRon,
    ];

    /// The tenhou.net/6 result word as Tenhou writes it (an exhaustive draw where
    /// every seat or none is ready is written 全員聴牌 or 全員不聴 instead of 流局).
    #[must_use]
    pub const fn tenhou(self) -> &'static str {
        match self {
            DrawReason::Exhaustive => "流局",
            DrawReason::NagashiMangan => "流し満貫",
            DrawReason::NineTerminals => "九種九牌",
            DrawReason::FourWinds => "四風連打",
            DrawReason::FourKans => "四槓散了",
            DrawReason::FourRiichi => "四家立直",
            DrawReason::TripleRon => "三家和了",
        }
    }

    /// The reason of a tenhou.net/6 result word: Tenhou's words, and 四開槓 and 三家和
    /// as other converters write them. 全員聴牌 and 全員不聴 are exhaustive draws (with
    /// every seat ready, or none).
    #[must_use]
    pub fn of_tenhou(word: &str) -> Option<(DrawReason, Option<bool>)> {
        let reason = match word {
            "全員聴牌" => return Some((DrawReason::Exhaustive, Some(true))),
            "全員不聴" => return Some((DrawReason::Exhaustive, Some(false))),
            "四開槓" => DrawReason::FourKans,
            "三家和" => DrawReason::TripleRon,
            w => DrawReason::ALL.into_iter().find(|r| r.tenhou() == w)?,
        };
        Some((reason, None))
    }

    /// The reason of an mjai `reason`, as the producers write it: the original
    /// protocol's (`fanpai`, `kyushukyuhai`, `sufonrenta`, `sukaikan`, `suchareach`,
    /// `sanchaho`), RiichiEnv's (`exhaustive_draw`, `kyushu_kyuhai`, `sufuurenta`,
    /// `suukansansen`, `suucha_riichi`, `nagashimangan`) and their spelling variants;
    /// case, `_` and `-` do not count.
    #[must_use]
    pub fn of_mjai(reason: &str) -> Option<DrawReason> {
        let key: String = reason
            .chars()
            .filter(|c| !matches!(c, '_' | '-' | ' '))
            .flat_map(char::to_lowercase)
            .collect();
        let reason = match key.as_str() {
            "fanpai" | "exhaustivedraw" | "exhaustive" | "ryukyoku" | "ryuukyoku" | "howanpai"
            | "normal" | "draw" => DrawReason::Exhaustive,
            "nagashimangan" | "nagashi" => DrawReason::NagashiMangan,
            "kyushukyuhai" | "kyuushukyuuhai" | "kyushu" | "kyuushu" | "nineterminals" | "yao9" => {
                DrawReason::NineTerminals
            }
            "sufonrenta" | "sufuurenta" | "suufonrenda" | "suufuurenta" | "sufonrenda"
            | "fourwinds" | "kaze4" => DrawReason::FourWinds,
            "sukaikan" | "suukaikan" | "suukansansen" | "sukansanra" | "suukansanra"
            | "fourkans" | "kan4" => DrawReason::FourKans,
            "suchareach" | "suucharichi" | "suuchariichi" | "sucharichi" | "fourriichi"
            | "fourreach" | "reach4" => DrawReason::FourRiichi,
            "sanchaho" | "sanchahou" | "sanchahoo" | "tripleron" | "ron3" => DrawReason::TripleRon,
            _ => return None,
        };
        Some(reason)
    }

    /// Whether the hand was drawn before the wall ran out (途中流局): no deltas, no
    /// noten payments.
    #[must_use]
    pub const fn is_abortive(self) -> bool {
        !matches!(self, DrawReason::Exhaustive | DrawReason::NagashiMangan)
    }

    /// The mjai `reason` (original protocol; `nagashimangan` is an extension).
    #[must_use]
    pub const fn mjai(self) -> &'static str {
        match self {
            DrawReason::Exhaustive => "fanpai",
            DrawReason::NagashiMangan => "nagashimangan",
            DrawReason::NineTerminals => "kyushukyuhai",
            DrawReason::FourWinds => "sufonrenta",
            DrawReason::FourKans => "sukaikan",
            DrawReason::FourRiichi => "suchareach",
            DrawReason::TripleRon => "sanchaho",
        }
    }
}

/// The deal of a kyoku.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KyokuStart {
    /// The round wind.
    pub round: Wind,
    /// The dealer's seat (also the kyoku number within the round, minus one).
    pub dealer: Seat,
    /// Honba counters.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub riichi_sticks: u32,
    /// Scores at the start.
    pub scores: [i32; 4],
    /// The first dora indicator.
    pub dora: Pai,
    /// The dice.
    pub dice: [u8; 2],
    /// Each seat's 13 dealt tiles, in the order dealt.
    pub hands: [[Pai; 13]; 4],
    /// Which seats' hands are shown (bit `s` for seat `s`): all in the table's own
    /// events, only the viewer's in [`Event::seen_by`].
    pub shown: u8,
}

/// A win.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Win {
    /// The winner.
    pub seat: Seat,
    /// Who dealt the tile; the winner for a self-draw.
    pub from: Seat,
    /// The winning tile.
    pub pai: Pai,
    /// The player liable for a yakuman (責任払い), when one is.
    pub pao: Option<Seat>,
    /// Score changes per seat from this win, honba and riichi sticks included.
    pub deltas: [i32; 4],
    /// Han, dora included (0 for a yakuman).
    pub han: u8,
    /// Fu.
    pub fu: u8,
    /// Yakuman count.
    pub yakuman: u8,
    /// What the other players pay in all, honba included, riichi sticks not.
    pub points: u32,
    /// The yaku with their values.
    pub yaku: YakuList,
    /// The ura dora indicators shown (riichi wins only).
    pub ura: Indicators,
}

/// A payload a detail does not have: a type with no value, so the variants that hold
/// it cannot be made (a record's events never hold the deal or the end of a kyoku).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Absent {}

/// The payload types of an [`Event`] that differ between a played game ([`Played`]) and
/// a record (`record::Recorded`); every other payload is the same type for both.
pub trait Detail: Clone + Copy + PartialEq + Eq + fmt::Debug {
    /// The tile of a [`Event::Draw`].
    type DrawTile: Clone + PartialEq + Eq + fmt::Debug;
    /// The payload of an [`Event::Win`].
    type Win: Clone + PartialEq + Eq + fmt::Debug;
    /// The score changes of an [`Event::Ryukyoku`].
    type Deltas: Clone + PartialEq + Eq + fmt::Debug;
    /// The ready seats of an [`Event::Ryukyoku`].
    type Tenpai: Clone + PartialEq + Eq + fmt::Debug;
    /// The payload of an [`Event::KyokuStart`].
    type KyokuStart: Clone + PartialEq + Eq + fmt::Debug;
    /// The scores of an [`Event::KyokuEnd`] and an [`Event::GameEnd`].
    type Scores: Clone + PartialEq + Eq + fmt::Debug;

    /// The winner of a win.
    fn winner(win: &Self::Win) -> Seat;
}

/// The table's detail: what it computed, `Copy`, no allocation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Played;

impl Detail for Played {
    type DrawTile = Option<Pai>;
    type Win = Win;
    type Deltas = [i32; 4];
    type Tenpai = u8;
    type KyokuStart = KyokuStart;
    type Scores = [i32; 4];

    fn winner(win: &Win) -> Seat {
        win.seat
    }
}

/// Restates the payloads of one detail as another's, for [`Event::map_detail`]: the
/// mapper sees every payload in order, so it may keep what a later one needs (the
/// kyoku a win is in).
pub trait MapDetail<D: Detail, E: Detail> {
    /// The tile of `seat`'s draw; `None` leaves the draw out.
    fn draw(&mut self, seat: Seat, pai: D::DrawTile) -> Option<E::DrawTile>;
    /// A win.
    fn win(&mut self, win: D::Win) -> E::Win;
    /// A drawn hand's score changes and ready seats.
    fn drawn(
        &mut self,
        reason: DrawReason,
        deltas: D::Deltas,
        tenpai: D::Tenpai,
    ) -> (E::Deltas, E::Tenpai);
    /// The deal of a kyoku; `None` leaves the event out.
    fn kyoku_start(&mut self, start: D::KyokuStart) -> Option<E::KyokuStart>;
    /// The scores after a kyoku (`game_end` false) or at the end of the game; `None`
    /// leaves the event out.
    fn scores(&mut self, scores: D::Scores, game_end: bool) -> Option<E::Scores>;
}

/// One thing that happened at the table, or in a record; `D` types the payloads that
/// differ ([`Detail`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event<D: Detail = Played> {
    /// A kyoku starts: the deal.
    KyokuStart(D::KyokuStart),
    /// A draw from the wall, replacement draws after a kong or a kita included; at the
    /// table `pai` is `None` in another seat's view.
    Draw {
        /// Who drew.
        seat: Seat,
        /// The tile.
        pai: D::DrawTile,
    },
    /// A discard.
    Discard {
        /// Who.
        seat: Seat,
        /// The tile.
        pai: Pai,
        /// Whether it was the tile just drawn (ツモ切り).
        tsumogiri: bool,
    },
    /// A riichi declaration; the declaring discard follows.
    Riichi {
        /// Who.
        seat: Seat,
    },
    /// The declaring discard passed without a ron: the stick is on the table.
    RiichiAccepted {
        /// Who.
        seat: Seat,
    },
    /// A chi, pon or open kong.
    Call {
        /// Which call.
        kind: CallKind,
        /// Who called.
        seat: Seat,
        /// Whose discard.
        from: Seat,
        /// The claimed tile.
        pai: Pai,
        /// The caller's own tiles (2, or 3 for a kong), in the record's order.
        consumed: FixedList<Pai, 3>,
    },
    /// A pon made a kong with the fourth tile.
    AddedKan {
        /// Who.
        seat: Seat,
        /// The added tile.
        pai: Pai,
        /// The pon's three tiles.
        consumed: [Pai; 3],
    },
    /// A kong of four concealed tiles.
    ClosedKan {
        /// Who.
        seat: Seat,
        /// The four tiles.
        consumed: [Pai; 4],
    },
    /// A North set aside (three players).
    Kita {
        /// Who.
        seat: Seat,
    },
    /// A new dora indicator.
    Dora {
        /// The indicator.
        indicator: Pai,
    },
    /// A win; a double ron is two wins in a row.
    Win(D::Win),
    /// A drawn hand (流局), exhaustive or abortive, with the score changes.
    Ryukyoku {
        /// Why.
        reason: DrawReason,
        /// Score changes per seat (a record's when recorded).
        deltas: D::Deltas,
        /// The seats ready at an exhaustive draw (at the table a bit per seat; a
        /// record's when it says: mjai `tenpais`, Tenhou's 全員聴牌 and 全員不聴, the
        /// hands the XML log shows).
        tenpai: D::Tenpai,
    },
    /// The kyoku is over: the scores after it.
    KyokuEnd {
        /// Scores.
        scores: D::Scores,
    },
    /// The game is over.
    GameEnd {
        /// Final scores, leftover riichi sticks given.
        scores: D::Scores,
        /// Each seat's place, 1 first.
        places: [u8; 4],
        /// Each seat's result: score − return points + uma, + oka for the first, in
        /// points (divide by 1 000 for the usual figure).
        results: [i32; 4],
    },
}

impl<D: Detail> Event<D> {
    /// The seat that acted, if one did.
    #[must_use]
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Event::Draw { seat, .. }
            | Event::Discard { seat, .. }
            | Event::Riichi { seat }
            | Event::RiichiAccepted { seat }
            | Event::Call { seat, .. }
            | Event::AddedKan { seat, .. }
            | Event::ClosedKan { seat, .. }
            | Event::Kita { seat } => Some(*seat),
            Event::Win(w) => Some(D::winner(w)),
            Event::KyokuStart(_)
            | Event::Dora { .. }
            | Event::Ryukyoku { .. }
            | Event::KyokuEnd { .. }
            | Event::GameEnd { .. } => None,
        }
    }

    /// The same event under detail `E`, its payloads restated by `map`; `None` when
    /// `map` leaves it out. Every other field is kept as it is.
    pub fn map_detail<E: Detail>(self, map: &mut impl MapDetail<D, E>) -> Option<Event<E>> {
        Some(match self {
            Event::KyokuStart(k) => Event::KyokuStart(map.kyoku_start(k)?),
            Event::Draw { seat, pai } => Event::Draw {
                seat,
                pai: map.draw(seat, pai)?,
            },
            Event::Discard {
                seat,
                pai,
                tsumogiri,
            } => Event::Discard {
                seat,
                pai,
                tsumogiri,
            },
            Event::Riichi { seat } => Event::Riichi { seat },
            Event::RiichiAccepted { seat } => Event::RiichiAccepted { seat },
            Event::Call {
                kind,
                seat,
                from,
                pai,
                consumed,
            } => Event::Call {
                kind,
                seat,
                from,
                pai,
                consumed,
            },
            Event::AddedKan {
                seat,
                pai,
                consumed,
            } => Event::AddedKan {
                seat,
                pai,
                consumed,
            },
            Event::ClosedKan { seat, consumed } => Event::ClosedKan { seat, consumed },
            Event::Kita { seat } => Event::Kita { seat },
            Event::Dora { indicator } => Event::Dora { indicator },
            Event::Win(w) => Event::Win(map.win(w)),
            Event::Ryukyoku {
                reason,
                deltas,
                tenpai,
            } => {
                let (deltas, tenpai) = map.drawn(reason, deltas, tenpai);
                Event::Ryukyoku {
                    reason,
                    deltas,
                    tenpai,
                }
            }
            Event::KyokuEnd { scores } => Event::KyokuEnd {
                scores: map.scores(scores, false)?,
            },
            Event::GameEnd {
                scores,
                places,
                results,
            } => Event::GameEnd {
                scores: map.scores(scores, true)?,
                places,
                results,
            },
        })
    }
}

impl Event<Played> {
    /// The event as `viewer` may see it: another seat's draw and dealt tiles hidden.
    #[must_use]
    pub fn seen_by(&self, viewer: Seat) -> Event {
        match *self {
            Event::Draw { seat, .. } if seat != viewer => Event::Draw { seat, pai: None },
            Event::KyokuStart(mut k) => {
                k.shown &= 1 << viewer;
                for (s, h) in k.hands.iter_mut().enumerate() {
                    if k.shown & (1 << s) == 0 {
                        *h = [Pai::default(); 13];
                    }
                }
                Event::KyokuStart(k)
            }
            e => e,
        }
    }
}
