//! Rule options where authorities on Chinese Official mahjong differ. Each option names
//! its sources; [`Rules::default`] follows mahjong-algorithm (the calculator of the
//! ChineseOfficialMahjongHelper app), which mostly follows the Mahjong International
//! League (MIL). `docs/mcr-rules.md` lists every option with examples.

/// How one concealed kong and one melded kong score.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum KongPair {
    /// One fan, 明暗杠, 5 points (MIL; mahjong-algorithm since 2016-04).
    #[default]
    Combined,
    /// Concealed kong (2) plus melded kong (1), as the 1998 Chinese rules list them.
    Separate,
}

/// Whether a knitted straight hand (组合龙 + a set + a pair) scores edge, closed or
/// single wait when the winning tile was the only wait of the four tiles outside the
/// knitted straight.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum KnittedStraightWaits {
    /// Also when the winning tile is one of the knitted straight's tiles and can be read
    /// as that wait (MIL; mahjong-algorithm since 2023-10).
    #[default]
    Mil,
    /// Only when the winning tile is not one of the knitted straight's nine tiles
    /// (mahjong-algorithm before 2023-10).
    OutsideKnittedOnly,
}

/// Which fans seven pairs combines with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum SevenPairsCombinations {
    /// Every fan the tiles make: all green, all honors, all terminals, all terminals and
    /// honors, upper/middle/lower tiles, upper/lower four … (common practice; the
    /// default of mahjong-algorithm).
    #[default]
    All,
    /// The strict reading of the 1998 rules (mahjong-algorithm's `STRICT_98_RULE`):
    /// those fans are defined on sets and a pair, so seven pairs makes none of them.
    Strict1998,
}

/// What all terminals (清幺九) leaves out besides its fixed exclusions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum AllTerminalsPungs {
    /// Double pung is not counted, triple pung is (common practice, 通行计法).
    #[default]
    NoDoublePung,
    /// Neither double nor triple pung (strict reading of the 1998 rules' "不计同刻").
    NoDoubleOrTriplePung,
}

/// The rule options of MCR scoring.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Rules {
    /// One concealed plus one melded kong.
    pub kong_pair: KongPair,
    /// Wait fans of knitted straight hands.
    pub knitted_straight_waits: KnittedStraightWaits,
    /// Fans that combine with seven pairs.
    pub seven_pairs: SevenPairsCombinations,
    /// Same-number pungs under all terminals.
    pub all_terminals: AllTerminalsPungs,
}

impl Rules {
    /// The strict 1998 reading: separate kong fans, no tile-based fans on seven pairs,
    /// no same-number pungs under all terminals, and knitted straight waits only outside
    /// the knitted straight.
    #[must_use]
    pub const fn strict_1998() -> Rules {
        Rules {
            kong_pair: KongPair::Separate,
            knitted_straight_waits: KnittedStraightWaits::OutsideKnittedOnly,
            seven_pairs: SevenPairsCombinations::Strict1998,
            all_terminals: AllTerminalsPungs::NoDoubleOrTriplePung,
        }
    }
}
