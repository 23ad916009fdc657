//! Events: what happens at the table, in the order of play.
//!
//! The variants and their meaning are those of the record model
//! (`record::Event`): draws, discards with tsumogiri, riichi and its acceptance,
//! calls with the claimed tile and the caller's tiles, added and closed kongs, kita,
//! dora indicators, wins and drawn hands; plus the start and end of each kyoku and the
//! end of the game. Every event is `Copy` and holds its tiles in fixed arrays, so
//! playing allocates nothing.
//!
//! What a seat may see of an event is [`Event::seen_by`]: another seat's draw and
//! dealt tiles are hidden.

use super::action::Seat;
use crate::riichi::context::Indicators;
use crate::riichi::yaku::YakuList;
use crate::tile::{Pai, Wind};
use crate::util::FixedList;

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

/// One thing that happened at the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// A kyoku starts: the deal.
    KyokuStart(KyokuStart),
    /// A draw from the wall, replacement draws included; `pai` is `None` in another
    /// seat's view.
    Draw {
        /// Who drew.
        seat: Seat,
        /// The tile.
        pai: Option<Pai>,
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
        /// The caller's own tiles (2, or 3 for a kong).
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
    Win(Win),
    /// A drawn hand, with the score changes.
    Ryukyoku {
        /// Why.
        reason: DrawReason,
        /// Score changes per seat.
        deltas: [i32; 4],
        /// The seats ready at an exhaustive draw (bit per seat).
        tenpai: u8,
    },
    /// The kyoku is over: the scores after it.
    KyokuEnd {
        /// Scores.
        scores: [i32; 4],
    },
    /// The game is over.
    GameEnd {
        /// Final scores, leftover riichi sticks given.
        scores: [i32; 4],
        /// Each seat's place, 1 first.
        places: [u8; 4],
        /// Each seat's result: score − return points + uma, + oka for the first, in
        /// points (divide by 1 000 for the usual figure).
        results: [i32; 4],
    },
}

impl Event {
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

    /// The seat that acted, if one did.
    #[must_use]
    pub fn seat(&self) -> Option<Seat> {
        match *self {
            Event::Draw { seat, .. }
            | Event::Discard { seat, .. }
            | Event::Riichi { seat }
            | Event::RiichiAccepted { seat }
            | Event::Call { seat, .. }
            | Event::AddedKan { seat, .. }
            | Event::ClosedKan { seat, .. }
            | Event::Kita { seat } => Some(seat),
            Event::Win(ref w) => Some(w.seat),
            _ => None,
        }
    }
}
