//! Rule options and presets (ルール / 规则).
//!
//! A [`Rules`] value is an explicit set of options; [`Preset`] names the documented
//! combinations (`docs/riichi-rules.md` gives each cell with its source). Options are
//! plain fields, so a request can start from a preset and change any of them.
//!
//! Three-player mahjong (三人麻雀 / 三麻) is the same rules with [`Players::Three`]: the
//! wall loses 2m–8m ([`Rules::wall`]), a self-draw is paid by two players
//! ([`ThreePlayerTsumo`]), and North tiles set aside (抜きドラ, "kita") count as dora
//! (see [`crate::riichi::WinContext::with_kita`]). The presets `tenhou-sanma` and
//! `mahjongsoul-sanma` are the platforms' three-player rooms.

use crate::wall::Wall;

/// How many players sit at the table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Players {
    /// Four-player mahjong (四人麻雀).
    #[default]
    Four,
    /// Three-player mahjong (三人麻雀, sanma): no 2m–8m, no chi, North set aside as
    /// dora, East, South and West seats only.
    Three,
}

impl Players {
    /// The number of players.
    #[must_use]
    pub const fn count(self) -> u8 {
        match self {
            Players::Four => 4,
            Players::Three => 3,
        }
    }

    /// The value for `n` players (3 or 4).
    #[must_use]
    pub const fn from_count(n: u8) -> Option<Players> {
        match n {
            4 => Some(Players::Four),
            3 => Some(Players::Three),
            _ => None,
        }
    }
}

/// Who pays a self-draw in three-player mahjong, where the fourth player's share has
/// nobody to pay it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum ThreePlayerTsumo {
    /// Tsumo loss (ツモ損): the two others pay what they would pay with four players,
    /// so a self-draw is worth less than a ron (Tenhou, Mahjong Soul).
    #[default]
    Loss,
    /// North split (北家折半): the missing player's payment is shared by the two
    /// payers, half each (each half rounded up to 100), so a self-draw is worth about a
    /// ron.
    Split,
}

/// How many red fives (赤ドラ / 赤宝牌) the set holds, per suit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum RedFives {
    /// No red fives.
    None,
    /// One red five in each suit (three in all): the most common choice.
    #[default]
    OnePerSuit,
    /// One red 5m, two red 5p, one red 5s (four in all, 四枚赤).
    FourTwoPin,
}

impl RedFives {
    /// How many red fives of each numbered suit (m, p, s) exist.
    #[must_use]
    pub const fn per_suit(self) -> [u8; 3] {
        match self {
            RedFives::None => [0, 0, 0],
            RedFives::OnePerSuit => [1, 1, 1],
            RedFives::FourTwoPin => [1, 2, 1],
        }
    }

    /// The total number of red fives (0, 3 or 4).
    #[must_use]
    pub const fn total(self) -> u8 {
        let [m, p, s] = self.per_suit();
        m + p + s
    }

    /// The option from its total count (0, 3 or 4).
    #[must_use]
    pub const fn from_total(n: u8) -> Option<RedFives> {
        match n {
            0 => Some(RedFives::None),
            3 => Some(RedFives::OnePerSuit),
            4 => Some(RedFives::FourTwoPin),
            _ => None,
        }
    }
}

/// What 13 or more han from ordinary yaku and dora are worth (数え役満).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum KazoeLimit {
    /// A (single) yakuman, "kazoe yakuman".
    #[default]
    Yakuman,
    /// Sanbaiman: 11 han and more all pay the same.
    Sanbaiman,
}

/// The fu of a pair of a wind that is both the round and the seat wind (連風牌 / 连风牌).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum DoubleWindFu {
    /// 2 fu for each role: 4 fu.
    #[default]
    Four,
    /// 2 fu, as for any valued pair.
    Two,
}

/// The fu of a closed pinfu hand won by self-draw (平和ツモ).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum PinfuTsumoFu {
    /// No tsumo fu: 20 fu.
    #[default]
    Twenty,
    /// The 2 tsumo fu are added (22, rounded to 30); pinfu still counts.
    Thirty,
}

/// The fu of an open hand whose sets, pair and wait give no fu (喰い平和形).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum OpenPinfuFu {
    /// Raised to 30 fu (the usual rule).
    #[default]
    Thirty,
    /// Left at 20 fu.
    Twenty,
}

/// Winning on a discard before one's first draw (人和).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Renhou {
    /// Not a yaku.
    #[default]
    Off,
    /// Worth a mangan, or the hand's own value if that is higher.
    Mangan,
    /// A yakuman.
    Yakuman,
}

/// Whether a rinshan win (嶺上開花) gets the 2 tsumo fu.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum RinshanFu {
    /// Like any self-drawn win: +2 fu.
    #[default]
    TsumoFu,
    /// No tsumo fu for the replacement tile.
    NoTsumoFu,
}

/// When the new dora indicator of an open or added kong (大明槓, 加槓) is turned over. A
/// closed kong's (暗槓) is turned at once under every rule here.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum OpenKanDora {
    /// Once the kong's player discards (or declares another kong): a win on the
    /// replacement tile counts only the indicators turned before the kong (後めくり).
    #[default]
    AfterDiscard,
    /// At once, like a closed kong's (即乗り).
    AtOnce,
}

/// Who pays the honba (積み棒) of a ron when another player is liable for the hand
/// (責任払い / 包, pao): the liable player and the discarder share the rest half each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum PaoHonba {
    /// The liable player pays them all.
    #[default]
    Liable,
    /// They are shared like the rest: half each.
    Split,
    /// The discarder pays them all.
    Discarder,
}

/// Whether the four shapes with a double form (kokushi 13-sided, suuankou tanki,
/// junsei chuuren, daisuushii) count as two yakuman (ダブル役満).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum DoubleYakuman {
    /// The four shapes count two yakuman.
    #[default]
    Double,
    /// Every yakuman counts one.
    Single,
}

/// Whether several yakuman in one hand add up (役満の複合).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum YakumanStacking {
    /// They add up (e.g. tsuuiisou + daisangen = 2 yakuman).
    #[default]
    Stack,
    /// Only the largest one counts.
    Single,
}

/// Every option of Riichi scoring.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The number of players.
    pub players: Players,
    /// Who pays a three-player self-draw (ignored with four players).
    pub three_player_tsumo: ThreePlayerTsumo,
    /// All simples counts in an open hand (喰いタン / 食断).
    pub open_tanyao: bool,
    /// Red fives in the set.
    pub red_fives: RedFives,
    /// Double yakuman for the four double shapes.
    pub double_yakuman: DoubleYakuman,
    /// Several yakuman add up.
    pub yakuman_stacking: YakumanStacking,
    /// What 13+ han are worth.
    pub kazoe: KazoeLimit,
    /// 4 han 30 fu and 3 han 60 fu are rounded up to mangan (切り上げ満貫).
    pub kiriage: bool,
    /// Fu of a double-wind pair.
    pub double_wind_fu: DoubleWindFu,
    /// Fu of a pinfu tsumo.
    pub pinfu_tsumo_fu: PinfuTsumoFu,
    /// Fu of an open hand without fu.
    pub open_pinfu_fu: OpenPinfuFu,
    /// Renhou.
    pub renhou: Renhou,
    /// Nagashi mangan (流し満貫) is recognised at an exhaustive draw. It is not a
    /// winning hand, so it never changes a score here; see
    /// [`crate::riichi::score::nagashi_mangan`].
    pub nagashi_mangan: bool,
    /// Tsumo fu on a rinshan win.
    pub rinshan_fu: RinshanFu,
    /// When an open or added kong's dora indicator is turned: the indicators a win on
    /// its replacement tile counts.
    pub open_kan_dora: OpenKanDora,
    /// Thirteen orphans may win on a tile another player makes a closed kong of
    /// (暗槓の国士無双搶槓). A rule of the table, not of a hand's score: records are
    /// checked against it.
    pub kokushi_robs_closed_kan: bool,
    /// Who pays the honba of a ron another player is liable for. A rule of the table,
    /// not of a hand's score: see [`crate::riichi::score::liability`].
    pub pao_honba: PaoHonba,
}

impl Rules {
    /// The wall these rules play with: 136 tiles for four players, 108 (no 2m–8m) for
    /// three, with the rules' red fives (a three-player wall has no red 5m).
    #[must_use]
    pub const fn wall(&self) -> Wall {
        match self.players {
            Players::Four => Wall::four_player(self.red_fives.per_suit()),
            Players::Three => Wall::three_player(self.red_fives.per_suit()),
        }
    }

    /// The same rules for `players` players.
    #[must_use]
    pub const fn with_players(self, players: Players) -> Rules {
        Rules { players, ..self }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Preset::Default.rules()
    }
}

/// A named rule set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Preset {
    /// The project's default: the rules behind `shared/data/riichi` (as configured in
    /// the reference implementation used there).
    #[default]
    Default,
    /// Tenhou (天鳳) ranked rooms with red fives.
    Tenhou,
    /// Mahjong Soul (雀魂) ranked matches.
    MahjongSoul,
    /// M-League (Mリーグ) professional league.
    MLeague,
    /// World Riichi Championship rules (2022 edition).
    Wrc,
    /// European Mahjong Association Riichi Competition Rules (2016 edition).
    Ema,
    /// Tenhou's three-player ranked rooms (三麻).
    TenhouSanma,
    /// Mahjong Soul's three-player ranked matches (三人麻将).
    MahjongSoulSanma,
}

impl Preset {
    /// Every preset, in documentation order.
    pub const ALL: [Preset; 8] = [
        Preset::Default,
        Preset::Tenhou,
        Preset::MahjongSoul,
        Preset::MLeague,
        Preset::Wrc,
        Preset::Ema,
        Preset::TenhouSanma,
        Preset::MahjongSoulSanma,
    ];

    /// The name used in requests and on the command line.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Preset::Default => "default",
            Preset::Tenhou => "tenhou",
            Preset::MahjongSoul => "mahjongsoul",
            Preset::MLeague => "mleague",
            Preset::Wrc => "wrc",
            Preset::Ema => "ema",
            Preset::TenhouSanma => "tenhou-sanma",
            Preset::MahjongSoulSanma => "mahjongsoul-sanma",
        }
    }

    /// The preset of that name (`_` is read as `-`: `tenhou_sanma`).
    #[must_use]
    pub fn from_id(id: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| {
            p.id()
                .bytes()
                .eq(id.bytes().map(|b| if b == b'_' { b'-' } else { b }))
        })
    }

    /// Its options. Sources for each value: `docs/riichi-rules.md`.
    #[must_use]
    pub const fn rules(self) -> Rules {
        let base = Rules {
            players: Players::Four,
            three_player_tsumo: ThreePlayerTsumo::Loss,
            open_tanyao: true,
            red_fives: RedFives::OnePerSuit,
            double_yakuman: DoubleYakuman::Double,
            yakuman_stacking: YakumanStacking::Stack,
            kazoe: KazoeLimit::Yakuman,
            kiriage: false,
            double_wind_fu: DoubleWindFu::Four,
            pinfu_tsumo_fu: PinfuTsumoFu::Twenty,
            open_pinfu_fu: OpenPinfuFu::Thirty,
            renhou: Renhou::Off,
            nagashi_mangan: false,
            rinshan_fu: RinshanFu::TsumoFu,
            open_kan_dora: OpenKanDora::AfterDiscard,
            kokushi_robs_closed_kan: false,
            pao_honba: PaoHonba::Liable,
        };
        match self {
            Preset::Default => base,
            Preset::Tenhou => Rules {
                double_yakuman: DoubleYakuman::Single,
                nagashi_mangan: true,
                ..base
            },
            Preset::MahjongSoul => Rules {
                nagashi_mangan: true,
                kokushi_robs_closed_kan: true,
                ..base
            },
            Preset::MLeague => Rules {
                double_yakuman: DoubleYakuman::Single,
                yakuman_stacking: YakumanStacking::Single,
                kiriage: true,
                double_wind_fu: DoubleWindFu::Two,
                nagashi_mangan: true,
                ..base
            },
            Preset::Wrc => Rules {
                red_fives: RedFives::None,
                double_yakuman: DoubleYakuman::Single,
                yakuman_stacking: YakumanStacking::Single,
                kazoe: KazoeLimit::Sanbaiman,
                kiriage: true,
                renhou: Renhou::Mangan,
                open_kan_dora: OpenKanDora::AtOnce,
                pao_honba: PaoHonba::Split,
                ..base
            },
            Preset::Ema => Rules {
                red_fives: RedFives::None,
                double_yakuman: DoubleYakuman::Single,
                yakuman_stacking: YakumanStacking::Single,
                kazoe: KazoeLimit::Sanbaiman,
                kiriage: true,
                renhou: Renhou::Mangan,
                nagashi_mangan: true,
                open_kan_dora: OpenKanDora::AtOnce,
                kokushi_robs_closed_kan: true,
                pao_honba: PaoHonba::Discarder,
                ..base
            },
            Preset::TenhouSanma => Preset::Tenhou.rules().with_players(Players::Three),
            Preset::MahjongSoulSanma => Preset::MahjongSoul.rules().with_players(Players::Three),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preset_ok_names_round_trip() {
        for p in Preset::ALL {
            assert_eq!(Preset::from_id(p.id()), Some(p));
        }
        assert_eq!(Preset::from_id("nope"), None);
        assert_eq!(Rules::default(), Preset::Default.rules());
    }

    #[test]
    fn red_fives_ok_totals() {
        for n in [0, 3, 4] {
            assert_eq!(RedFives::from_total(n).map(RedFives::total), Some(n));
        }
        assert_eq!(RedFives::from_total(2), None);
    }
}
