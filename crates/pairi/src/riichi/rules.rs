//! Rule options and presets (ルール / 规则).
//!
//! A [`Rules`] value is an explicit set of options; [`Preset`] names the documented
//! combinations (`docs/riichi-rules.md` gives each cell with its source). Options are
//! plain fields, so a request can start from a preset and change any of them.
//!
//! Three-player mahjong (三人麻雀 / 三麻) is not implemented, but nothing here assumes
//! four players except [`Players::Four`]: payments are computed from the number of
//! players, and a `Three` variant (with its own payment and nukidora options) can be
//! added without touching the callers.

use crate::wall::Wall;

/// How many players sit at the table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Players {
    /// Four-player mahjong (四人麻雀).
    #[default]
    Four,
}

impl Players {
    /// The number of players.
    #[must_use]
    pub const fn count(self) -> u8 {
        match self {
            Players::Four => 4,
        }
    }
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
    /// The number of players (only four for now).
    pub players: Players,
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
}

impl Rules {
    /// The wall these rules play with: the four-player wall with the rules' red fives.
    #[must_use]
    pub const fn wall(&self) -> Wall {
        match self.players {
            Players::Four => Wall::four_player(self.red_fives.per_suit()),
        }
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
}

impl Preset {
    /// Every preset, in documentation order.
    pub const ALL: [Preset; 6] = [
        Preset::Default,
        Preset::Tenhou,
        Preset::MahjongSoul,
        Preset::MLeague,
        Preset::Wrc,
        Preset::Ema,
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
        }
    }

    /// The preset of that name.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.id() == id)
    }

    /// Its options. Sources for each value: `docs/riichi-rules.md`.
    #[must_use]
    pub const fn rules(self) -> Rules {
        let base = Rules {
            players: Players::Four,
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
                ..base
            },
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
