//! The situation of a win (和了状況): how the tile came, riichi, timing, winds, dora,
//! counters. Separate from the hand and from the rules.
//!
//! The types make most impossible combinations unrepresentable: rinshan and haitei
//! are self-draw events, chankan and houtei are discard events, and each win has at
//! most one of them. [`WinContext::new`] turns the flags of a request into this form and
//! reports the combinations that are impossible on their face; the checks that need
//! the hand (a rinshan without a kong, riichi with an open meld, …) are made when
//! scoring.

use crate::hand::suit_five;
use crate::tile::{Pai, Tile, TileCounts, Wind};
use crate::util::{plural, FixedList};
use crate::wall::Wall;

/// How the winning tile came: drawn (自摸) or claimed from a discard (栄和), with the
/// special event of that kind, if any.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinMethod {
    /// Self-draw, ツモ / 自摸.
    Tsumo(TsumoEvent),
    /// On another player's tile, ロン / 荣和.
    Ron(RonEvent),
}

impl WinMethod {
    /// Whether the tile was drawn.
    #[must_use]
    pub const fn is_tsumo(self) -> bool {
        matches!(self, WinMethod::Tsumo(_))
    }
}

/// A special self-draw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum TsumoEvent {
    /// An ordinary draw.
    #[default]
    Plain,
    /// The replacement tile after a kong, 嶺上開花 / 岭上开花.
    Rinshan,
    /// The last tile of the wall, 海底摸月 / 海底捞月.
    Haitei,
}

/// A special win on another player's tile.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum RonEvent {
    /// An ordinary discard.
    #[default]
    Plain,
    /// The tile added to a pon to make a kong, 搶槓 / 抢杠.
    Chankan,
    /// The last discard of the hand, 河底撈魚 / 河底捞鱼.
    Houtei,
}

/// The riichi declaration (立直).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Riichi {
    /// No riichi.
    #[default]
    None,
    /// Riichi, 1 han.
    Riichi,
    /// Riichi on the first uninterrupted turn, ダブル立直, 2 han.
    Double,
}

/// A win in the first uninterrupted go-around (天和 / 地和 / 人和).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum FirstTurn {
    /// No.
    #[default]
    None,
    /// The dealer wins on the initial deal, 天和.
    Tenhou,
    /// A non-dealer wins on their first draw, 地和.
    Chiihou,
    /// A non-dealer wins on a discard before their first draw, 人和.
    Renhou,
}

/// The most dora indicators: the first one plus one per kong.
pub const MAX_INDICATORS: usize = 5;

/// Dora indicators (ドラ表示牌), red ones allowed (a red five indicates a six).
pub type Indicators = FixedList<Pai, MAX_INDICATORS>;

/// Everything about a win that is not the hand itself.
///
/// The fields are private so that every value in the hands of a caller is a
/// situation that can happen in a game: it is built by [`WinContext::new`] (from
/// request flags), [`WinContext::ron`] / [`WinContext::tsumo`] and changed only by the
/// `with_*` methods, each of which re-checks the whole situation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WinContext {
    /// The winning tile (red if it is a red five).
    pub(crate) win: Pai,
    /// Tsumo or ron, and the special event.
    pub(crate) method: WinMethod,
    /// Riichi declared.
    pub(crate) riichi: Riichi,
    /// Won within one go-around of the riichi, 一発.
    pub(crate) ippatsu: bool,
    /// A first-turn win.
    pub(crate) first_turn: FirstTurn,
    /// The round (prevailing) wind, 場風.
    pub(crate) round_wind: Wind,
    /// The winner's seat wind, 自風 (East is the dealer).
    pub(crate) seat_wind: Wind,
    /// Dora indicators.
    pub(crate) dora: Indicators,
    /// Ura dora indicators (only with riichi).
    pub(crate) ura: Indicators,
    /// Continuation counters on the table, 本場.
    pub(crate) honba: u32,
    /// Riichi sticks on the table before this win, collected by the winner, 供託.
    pub(crate) riichi_sticks: u32,
    /// North tiles set aside as dora (抜きドラ, three-player only).
    pub(crate) kita: u8,
}

/// The most North tiles a player can set aside: all four copies.
pub const MAX_KITA: u8 = 4;

/// The flags of a request, as booleans: [`WinContext::new`] checks and converts them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[allow(clippy::struct_excessive_bools)]
pub struct Flags {
    /// Self-draw.
    pub tsumo: bool,
    /// Riichi declared.
    pub riichi: bool,
    /// Double riichi (implies riichi).
    pub double_riichi: bool,
    /// Ippatsu.
    pub ippatsu: bool,
    /// Rinshan kaihou.
    pub rinshan: bool,
    /// Chankan.
    pub chankan: bool,
    /// Haitei.
    pub haitei: bool,
    /// Houtei.
    pub houtei: bool,
    /// Tenhou.
    pub tenhou: bool,
    /// Chiihou.
    pub chiihou: bool,
    /// Renhou.
    pub renhou: bool,
}

/// A situation that cannot happen in a game (`invalid_hand`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Impossible {
    /// Rinshan kaihou needs a kong of one's own.
    #[error("rinshan without a kong")]
    RinshanWithoutKan,
    /// Rinshan is a self-draw.
    #[error("rinshan on a discard")]
    RinshanRon,
    /// Chankan is won on another player's added kong, so it is a ron.
    #[error("chankan by self-draw")]
    ChankanTsumo,
    /// The robbed tile is the fourth copy: the winner cannot hold another one.
    #[error("chankan on {0} while holding another copy of it")]
    ChankanHeldCopy(Tile),
    /// Ippatsu needs riichi.
    #[error("ippatsu without riichi")]
    IppatsuWithoutRiichi,
    /// A kong call ends the ippatsu turn, so the replacement tile cannot be ippatsu.
    #[error("ippatsu with rinshan")]
    IppatsuWithRinshan,
    /// Riichi needs a closed hand.
    #[error("riichi with an open meld")]
    RiichiOpen,
    /// Tenhou, chiihou and renhou are won before any call or riichi.
    #[error("first-turn win with riichi")]
    FirstTurnWithRiichi,
    /// Tenhou, chiihou and renhou are won before any call (concealed kongs included).
    #[error("first-turn win with a meld")]
    FirstTurnWithMeld,
    /// Tenhou is the dealer's; chiihou and renhou are a non-dealer's.
    #[error("first-turn win by the wrong seat")]
    FirstTurnWrongSeat,
    /// Tenhou and chiihou are self-draws; renhou is a ron.
    #[error("first-turn win by the wrong method")]
    FirstTurnWrongMethod,
    /// Only one first-turn win can apply.
    #[error("two first-turn wins at once")]
    FirstTurnTwice,
    /// The replacement tile is not the last tile of the wall.
    #[error("haitei with rinshan")]
    HaiteiWithRinshan,
    /// Haitei is a self-draw.
    #[error("haitei on a discard")]
    HaiteiRon,
    /// Houtei is a discard win.
    #[error("houtei by self-draw")]
    HouteiTsumo,
    /// A robbed kong tile is not the last discard.
    #[error("houtei with chankan")]
    HouteiWithChankan,
    /// Ura dora are only looked at after a riichi win.
    #[error("ura dora indicators without riichi")]
    UraWithoutRiichi,
    /// More indicators than the dead wall shows.
    #[error("more than {MAX_INDICATORS} dora or ura indicators")]
    TooManyIndicators,
    /// A winning hand has 14 − 3k concealed tiles for k melds, the winning tile
    /// included.
    #[error("a winning hand needs 14 - 3k concealed tiles, the winning tile included")]
    MissingWinningTile,
    /// The dora indicators and the hand hold more copies of a kind than exist.
    #[error("the hand and the dora indicators hold {} of {tile}: the wall has {}", plural(u32::from(*count), "copy", "copies"), plural(u32::from(*copies), "copy", "copies"))]
    IndicatorCopies {
        /// The kind.
        tile: Tile,
        /// Copies in hand and indicators.
        count: u8,
        /// Copies in the wall (0 for 2m–8m with three players).
        copies: u8,
    },
    /// The dora indicators and the hand hold more red fives than the rules have.
    #[error("the hand and the dora indicators hold {}: the rules have {limit}", plural(u32::from(*count), &format!("red {}", suit_five(*suit)), &format!("red {}s", suit_five(*suit))))]
    IndicatorRed {
        /// The suit.
        suit: crate::tile::Suit,
        /// Red fives found.
        count: u8,
        /// Red fives in the wall.
        limit: u8,
    },
    /// Each ura indicator lies under a dora indicator.
    #[error("more ura dora indicators than dora indicators")]
    MoreUraThanDora,
    /// Each kong turns over one more dora indicator.
    #[error("{} turn over {} dora indicators, fewer are given", plural(*kongs as u32, "kong", "kongs"), kongs + 1)]
    TooFewIndicators {
        /// Kongs of the hand.
        kongs: usize,
    },
    /// The winning tile must be one of the concealed tiles.
    #[error("the winning tile {0} is not in the hand")]
    WinNotInHand(Pai),
    /// Only four North tiles exist.
    #[error("{0} kita: at most {MAX_KITA} North tiles can be set aside")]
    TooManyKita(u8),
    /// The hand and the North tiles set aside hold more Norths than exist.
    #[error("the hand and the kita hold {0} North tiles: 4 exist")]
    TooManyNorths(u8),
    /// Setting a North aside is a call: no first-turn win after it.
    #[error("a first-turn win after a kita")]
    FirstTurnWithKita,
    /// North tiles are set aside only in three-player mahjong.
    #[error("kita (North set aside) is three-player only: set `players` to 3")]
    KitaWithFourPlayers,
    /// Three players sit East, South and West, in an East, South or West round.
    #[error("no {} seat or round in three-player mahjong", .0.name())]
    ThreePlayerWind(Wind),
    /// Three-player mahjong has no chi.
    #[error("a chi in three-player mahjong, which has none")]
    ThreePlayerChi,
}

impl Flags {
    /// The flags' names in JSON and on the command line (with `-` for `_`), in field
    /// order.
    pub const NAMES: [&'static str; 11] = [
        "tsumo",
        "riichi",
        "double_riichi",
        "ippatsu",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
        "renhou",
    ];

    /// The flag named `NAMES[i]`; `None` past the last.
    pub fn named_mut(&mut self, i: usize) -> Option<&mut bool> {
        Some(match i {
            0 => &mut self.tsumo,
            1 => &mut self.riichi,
            2 => &mut self.double_riichi,
            3 => &mut self.ippatsu,
            4 => &mut self.rinshan,
            5 => &mut self.chankan,
            6 => &mut self.haitei,
            7 => &mut self.houtei,
            8 => &mut self.tenhou,
            9 => &mut self.chiihou,
            10 => &mut self.renhou,
            _ => return None,
        })
    }
}

impl WinContext {
    /// A plain situation: ron on `win`, East round, East seat, no dora.
    #[must_use]
    pub fn ron(win: Pai) -> WinContext {
        WinContext {
            win,
            method: WinMethod::Ron(RonEvent::Plain),
            riichi: Riichi::None,
            ippatsu: false,
            first_turn: FirstTurn::None,
            round_wind: Wind::East,
            seat_wind: Wind::East,
            dora: Indicators::new(),
            ura: Indicators::new(),
            honba: 0,
            riichi_sticks: 0,
            kita: 0,
        }
    }

    /// A plain self-draw situation on `win`.
    #[must_use]
    pub fn tsumo(win: Pai) -> WinContext {
        WinContext {
            method: WinMethod::Tsumo(TsumoEvent::Plain),
            ..WinContext::ron(win)
        }
    }

    /// The typed situation of request flags, winds, indicators and counters.
    ///
    /// Errors on combinations impossible whatever the hand: rinshan or haitei on a
    /// discard, chankan or houtei on a draw, ippatsu without riichi or with rinshan,
    /// haitei with rinshan, houtei with chankan, ura without riichi, two first-turn wins
    /// or one by the wrong seat, method, or with riichi, and more than five indicators.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        win: Pai,
        flags: Flags,
        round_wind: Wind,
        seat_wind: Wind,
        dora: &[Pai],
        ura: &[Pai],
        honba: u32,
        riichi_sticks: u32,
    ) -> Result<WinContext, Impossible> {
        let f = flags;
        let method = if f.tsumo {
            if f.chankan {
                return Err(Impossible::ChankanTsumo);
            }
            if f.houtei {
                return Err(Impossible::HouteiTsumo);
            }
            match (f.rinshan, f.haitei) {
                (true, true) => return Err(Impossible::HaiteiWithRinshan),
                (true, false) => WinMethod::Tsumo(TsumoEvent::Rinshan),
                (false, true) => WinMethod::Tsumo(TsumoEvent::Haitei),
                (false, false) => WinMethod::Tsumo(TsumoEvent::Plain),
            }
        } else {
            if f.rinshan {
                return Err(Impossible::RinshanRon);
            }
            if f.haitei {
                return Err(Impossible::HaiteiRon);
            }
            match (f.chankan, f.houtei) {
                (true, true) => return Err(Impossible::HouteiWithChankan),
                (true, false) => WinMethod::Ron(RonEvent::Chankan),
                (false, true) => WinMethod::Ron(RonEvent::Houtei),
                (false, false) => WinMethod::Ron(RonEvent::Plain),
            }
        };
        let riichi = match (f.riichi, f.double_riichi) {
            (_, true) => Riichi::Double,
            (true, false) => Riichi::Riichi,
            (false, false) => Riichi::None,
        };
        if f.ippatsu && riichi == Riichi::None {
            return Err(Impossible::IppatsuWithoutRiichi);
        }
        if f.ippatsu && f.rinshan {
            return Err(Impossible::IppatsuWithRinshan);
        }
        if !ura.is_empty() && riichi == Riichi::None {
            return Err(Impossible::UraWithoutRiichi);
        }
        let first_turn = match (f.tenhou, f.chiihou, f.renhou) {
            (false, false, false) => FirstTurn::None,
            (true, false, false) => FirstTurn::Tenhou,
            (false, true, false) => FirstTurn::Chiihou,
            (false, false, true) => FirstTurn::Renhou,
            _ => return Err(Impossible::FirstTurnTwice),
        };
        let dealer = seat_wind == Wind::East;
        match first_turn {
            FirstTurn::None => {}
            _ if riichi != Riichi::None => return Err(Impossible::FirstTurnWithRiichi),
            FirstTurn::Tenhou if !dealer => return Err(Impossible::FirstTurnWrongSeat),
            FirstTurn::Chiihou | FirstTurn::Renhou if dealer => {
                return Err(Impossible::FirstTurnWrongSeat)
            }
            FirstTurn::Tenhou | FirstTurn::Chiihou if !f.tsumo => {
                return Err(Impossible::FirstTurnWrongMethod)
            }
            FirstTurn::Renhou if f.tsumo => return Err(Impossible::FirstTurnWrongMethod),
            _ if f.rinshan || f.chankan || f.haitei || f.houtei => {
                return Err(Impossible::FirstTurnWrongMethod)
            }
            _ => {}
        }
        let mut dora_list = Indicators::new();
        let mut ura_list = Indicators::new();
        for (src, dst) in [(dora, &mut dora_list), (ura, &mut ura_list)] {
            for &p in src {
                if !dst.push(p) {
                    return Err(Impossible::TooManyIndicators);
                }
            }
        }
        Ok(WinContext {
            win,
            method,
            riichi,
            ippatsu: f.ippatsu,
            first_turn,
            round_wind,
            seat_wind,
            dora: dora_list,
            ura: ura_list,
            honba,
            riichi_sticks,
            kita: 0,
        })
    }

    /// The winning tile (red if it is a red five).
    #[must_use]
    pub const fn win(&self) -> Pai {
        self.win
    }

    /// Tsumo or ron, and the special event.
    #[must_use]
    pub const fn method(&self) -> WinMethod {
        self.method
    }

    /// Riichi declared, and which.
    #[must_use]
    pub const fn riichi(&self) -> Riichi {
        self.riichi
    }

    /// Won within one go-around of the riichi, 一発.
    #[must_use]
    pub const fn ippatsu(&self) -> bool {
        self.ippatsu
    }

    /// The first-turn win, if any.
    #[must_use]
    pub const fn first_turn(&self) -> FirstTurn {
        self.first_turn
    }

    /// The round (prevailing) wind, 場風.
    #[must_use]
    pub const fn round_wind(&self) -> Wind {
        self.round_wind
    }

    /// The winner's seat wind, 自風.
    #[must_use]
    pub const fn seat_wind(&self) -> Wind {
        self.seat_wind
    }

    /// Dora indicators.
    #[must_use]
    pub const fn dora(&self) -> &Indicators {
        &self.dora
    }

    /// Ura dora indicators.
    #[must_use]
    pub const fn ura(&self) -> &Indicators {
        &self.ura
    }

    /// Continuation counters, 本場.
    #[must_use]
    pub const fn honba(&self) -> u32 {
        self.honba
    }

    /// Riichi sticks on the table before this win, 供託.
    #[must_use]
    pub const fn riichi_sticks(&self) -> u32 {
        self.riichi_sticks
    }

    /// North tiles set aside as dora (抜きドラ), three-player only.
    #[must_use]
    pub const fn kita(&self) -> u8 {
        self.kita
    }

    /// The same situation with `kita` North tiles set aside (三人麻雀's 抜きドラ). Each
    /// counts one dora, and one more per indicator pointing at North; each is replaced
    /// by a draw from the dead wall, so a win on that draw is rinshan kaihou without a
    /// kong. Setting a North aside is a call, so no first-turn win follows one.
    ///
    /// # Errors
    ///
    /// [`Impossible::TooManyKita`] above four, [`Impossible::FirstTurnWithKita`].
    pub const fn with_kita(mut self, kita: u8) -> Result<WinContext, Impossible> {
        if kita > MAX_KITA {
            return Err(Impossible::TooManyKita(kita));
        }
        if kita > 0 && !matches!(self.first_turn, FirstTurn::None) {
            return Err(Impossible::FirstTurnWithKita);
        }
        self.kita = kita;
        Ok(self)
    }

    /// The same situation as request flags (the inverse of [`WinContext::new`]).
    #[must_use]
    pub fn flags(&self) -> Flags {
        Flags {
            tsumo: self.method.is_tsumo(),
            riichi: self.riichi == Riichi::Riichi,
            double_riichi: self.riichi == Riichi::Double,
            ippatsu: self.ippatsu,
            rinshan: self.method == WinMethod::Tsumo(TsumoEvent::Rinshan),
            chankan: self.method == WinMethod::Ron(RonEvent::Chankan),
            haitei: self.method == WinMethod::Tsumo(TsumoEvent::Haitei),
            houtei: self.method == WinMethod::Ron(RonEvent::Houtei),
            tenhou: self.first_turn == FirstTurn::Tenhou,
            chiihou: self.first_turn == FirstTurn::Chiihou,
            renhou: self.first_turn == FirstTurn::Renhou,
        }
    }

    /// The same situation with other flags, checked as [`WinContext::new`] checks them.
    pub fn with_flags(self, flags: Flags) -> Result<WinContext, Impossible> {
        self.rebuild(
            flags,
            self.round_wind,
            self.seat_wind,
            &self.dora,
            &self.ura,
        )
    }

    /// The same situation in other winds (a first-turn win stays tied to its seat).
    pub fn with_winds(self, round_wind: Wind, seat_wind: Wind) -> Result<WinContext, Impossible> {
        self.rebuild(self.flags(), round_wind, seat_wind, &self.dora, &self.ura)
    }

    /// The same situation with other dora and ura indicators.
    pub fn with_indicators(self, dora: &[Pai], ura: &[Pai]) -> Result<WinContext, Impossible> {
        self.rebuild(self.flags(), self.round_wind, self.seat_wind, dora, ura)
    }

    /// The same situation with other table counters (any count is possible).
    #[must_use]
    pub const fn with_counters(mut self, honba: u32, riichi_sticks: u32) -> WinContext {
        self.honba = honba;
        self.riichi_sticks = riichi_sticks;
        self
    }

    fn rebuild(
        &self,
        flags: Flags,
        round_wind: Wind,
        seat_wind: Wind,
        dora: &[Pai],
        ura: &[Pai],
    ) -> Result<WinContext, Impossible> {
        WinContext::new(
            self.win,
            flags,
            round_wind,
            seat_wind,
            dora,
            ura,
            self.honba,
            self.riichi_sticks,
        )?
        .with_kita(self.kita)
    }

    /// Whether the winner is the dealer (親 / 庄家): seat East.
    #[must_use]
    pub fn is_dealer(&self) -> bool {
        self.seat_wind == Wind::East
    }

    /// How many times each kind is a dora on `wall`: one per indicator pointing at it.
    #[must_use]
    pub fn dora_counts(&self, wall: &Wall) -> TileCounts {
        indicator_counts(&self.dora, wall)
    }

    /// How many times each kind is an ura dora on `wall`.
    #[must_use]
    pub fn ura_counts(&self, wall: &Wall) -> TileCounts {
        indicator_counts(&self.ura, wall)
    }
}

fn indicator_counts(list: &Indicators, wall: &Wall) -> TileCounts {
    let mut c = TileCounts::new();
    for p in list {
        c.add(wall.dora_from_indicator(p.tile()));
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::t;

    fn new(flags: Flags, seat: Wind) -> Result<WinContext, Impossible> {
        WinContext::new(t!(5m).black(), flags, Wind::East, seat, &[], &[], 0, 0)
    }

    #[test]
    fn situation_ok_plain_and_events() {
        let s = new(Flags::default(), Wind::South).unwrap();
        assert_eq!(s.method, WinMethod::Ron(RonEvent::Plain));
        let f = Flags {
            tsumo: true,
            rinshan: true,
            ..Flags::default()
        };
        assert_eq!(
            new(f, Wind::South).unwrap().method,
            WinMethod::Tsumo(TsumoEvent::Rinshan)
        );
        let f = Flags {
            riichi: true,
            double_riichi: true,
            ippatsu: true,
            ..Flags::default()
        };
        let s = new(f, Wind::South).unwrap();
        assert_eq!((s.riichi, s.ippatsu), (Riichi::Double, true));
    }

    #[test]
    fn situation_err_impossible_flags() {
        let cases = [
            (
                Flags {
                    rinshan: true,
                    ..Flags::default()
                },
                Impossible::RinshanRon,
            ),
            (
                Flags {
                    tsumo: true,
                    chankan: true,
                    ..Flags::default()
                },
                Impossible::ChankanTsumo,
            ),
            (
                Flags {
                    ippatsu: true,
                    ..Flags::default()
                },
                Impossible::IppatsuWithoutRiichi,
            ),
            (
                Flags {
                    tsumo: true,
                    riichi: true,
                    ippatsu: true,
                    rinshan: true,
                    ..Flags::default()
                },
                Impossible::IppatsuWithRinshan,
            ),
            (
                Flags {
                    tsumo: true,
                    rinshan: true,
                    haitei: true,
                    ..Flags::default()
                },
                Impossible::HaiteiWithRinshan,
            ),
            (
                Flags {
                    tsumo: true,
                    houtei: true,
                    ..Flags::default()
                },
                Impossible::HouteiTsumo,
            ),
            (
                Flags {
                    chankan: true,
                    houtei: true,
                    ..Flags::default()
                },
                Impossible::HouteiWithChankan,
            ),
            (
                Flags {
                    tsumo: true,
                    tenhou: true,
                    riichi: true,
                    ..Flags::default()
                },
                Impossible::FirstTurnWithRiichi,
            ),
            (
                Flags {
                    tsumo: true,
                    tenhou: true,
                    ..Flags::default()
                },
                Impossible::FirstTurnWrongSeat,
            ),
            (
                Flags {
                    chiihou: true,
                    ..Flags::default()
                },
                Impossible::FirstTurnWrongMethod,
            ),
        ];
        for (f, want) in cases {
            assert_eq!(new(f, Wind::South), Err(want), "{f:?}");
        }
        let f = Flags {
            tsumo: true,
            chiihou: true,
            ..Flags::default()
        };
        assert_eq!(new(f, Wind::East), Err(Impossible::FirstTurnWrongSeat));
        let ura = [t!(1m).black()];
        assert_eq!(
            WinContext::new(
                t!(5m).black(),
                Flags::default(),
                Wind::East,
                Wind::East,
                &[],
                &ura,
                0,
                0
            ),
            Err(Impossible::UraWithoutRiichi)
        );
    }

    #[test]
    fn dora_counts_ok_red_indicator() {
        let mut s = WinContext::ron(t!(1m).black());
        s.dora.push(t!(5p).red().unwrap());
        s.dora.push(t!(9s).black());
        s.dora.push(t!(9s).black());
        let c = s.dora_counts(&Wall::default());
        assert_eq!(c.get(t!(6p)), 1);
        assert_eq!(c.get(t!(1s)), 2);
    }
}
