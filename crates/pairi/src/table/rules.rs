//! The rules of a whole game: the scoring rules ([`Rules`]) and every option of the
//! game's flow. Each option's values and sources are in `docs/riichi-rules.md`
//! ("Game flow"); [`TablePreset`] names the documented rule sets.
//!
//! An option that the scoring rules and the table both need is the scoring rules'
//! alone, and the table reads it there: when an open kong's indicator is turned
//! ([`Rules::open_kan_dora`]), thirteen orphans robbing a closed kong
//! ([`Rules::kokushi_robs_closed_kan`]), who pays a liable ron's honba
//! ([`Rules::pao_honba`]). [`TableRules`] holds only the options of the game's flow.

use crate::riichi::rules::{Preset, Rules};

/// How long a game lasts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameLength {
    /// The East round only (東風戦, tonpuu).
    East,
    /// East and South rounds (半荘戦, hanchan).
    South,
}

/// Who may win on one discard when several can.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MultiRon {
    /// Only the first claimant in turn order from the discarder (頭ハネ, head bump).
    HeadBump,
    /// Two may win (ダブロン); three claimants abort the hand (三家和, Tenhou).
    DoubleAbortTriple,
    /// Two or three may win (Mahjong Soul).
    All,
}

/// Discarding, right after a chi or pon, the tile just claimed or its swap (喰い替え).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kuikae {
    /// Any tile may be discarded after a call.
    Allowed,
    /// Neither the claimed kind nor, after a chi with the claimed tile at one end of the
    /// run, the kind beyond the other end (the suji swap); a call that would leave no
    /// other tile to discard is not offered (Tenhou, Mahjong Soul, WRC).
    Forbidden,
}

/// When a low score ends the game (飛び, tobi).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Bust {
    /// Never: scores may go below zero.
    Off,
    /// A score below zero ends the game (Tenhou, Mahjong Soul).
    BelowZero,
    /// A score of zero or below ends it.
    ZeroOrBelow,
}

/// What happens to riichi sticks left on the table when the game ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum LeftoverSticks {
    /// The player in first place takes them (Tenhou, Mahjong Soul).
    ToTop,
    /// Nobody takes them.
    Lost,
}

/// Every rule of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(clippy::struct_excessive_bools)]
pub struct TableRules {
    /// The scoring rules (players, red fives, open tanyao, kazoe, nagashi mangan, ...),
    /// with the options the table reads from them: `open_kan_dora` (when an open or
    /// added kong's indicator is turned), `kokushi_robs_closed_kan` and `pao_honba`.
    pub scoring: Rules,
    /// Tonpuu or hanchan.
    pub length: GameLength,
    /// Each player's points at the start.
    pub start_points: i32,
    /// The points each player returns at the end (返し); the difference with
    /// `start_points` from every player goes to the top (oka).
    pub return_points: i32,
    /// Placement points (uma) for places 1 to 4, in points (20 000 = +20).
    pub uma: [i32; 4],
    /// Whether the game goes on past its last round while nobody has `target_points`
    /// (西入 / 南入, sudden death: it ends at the end of the first kyoku where someone
    /// has them, or after one more round).
    pub extension: bool,
    /// The points that end the game after its last round when `extension` is on, and
    /// that the dealer must have to stop by agari-yame.
    pub target_points: i32,
    /// When a low score ends the game.
    pub bust: Bust,
    /// The last kyoku ends the game when its dealer wins and is first (アガリ止め).
    pub agari_yame: bool,
    /// The last kyoku ends the game when its dealer is ready at the exhaustive draw and
    /// is first (テンパイ止め).
    pub tenpai_yame: bool,
    /// The dealer keeps the seat when ready at an exhaustive draw (otherwise only a
    /// dealer's win repeats).
    pub renchan_on_tenpai: bool,
    /// Several wins on one discard.
    pub multi_ron: MultiRon,
    /// Nine kinds of terminals and honours may abort the hand (九種九牌).
    pub nine_terminals: bool,
    /// Four of the same wind discarded first by all four players abort it (四風連打).
    pub four_winds: bool,
    /// A fourth accepted riichi aborts it (四家立直).
    pub four_riichi: bool,
    /// A fourth kong by more than one player aborts it after the next discard passes
    /// (四開槓).
    pub four_kans: bool,
    /// Swap-calling.
    pub kuikae: Kuikae,
    /// A completed kita (北抜き) ends the other players' ippatsu (three players); the
    /// kita player's own ends in any case (a win on its replacement tile is never
    /// ippatsu). True in every preset (sources in docs/riichi-rules.md).
    pub kita_ends_ippatsu: bool,
    /// The discarder of the tile of an open kong pays alone for a win on its
    /// replacement tile (大明槓の責任払い).
    pub pao_open_kan_rinshan: bool,
    /// The fewest points a player needs to declare riichi.
    pub riichi_min_points: i32,
    /// The fewest tiles left in the live wall to declare riichi.
    pub riichi_min_tiles: u8,
    /// What the players not ready pay in all at an exhaustive draw (不聴罰符), shared
    /// by the ready ones.
    pub noten_total: i32,
    /// With several winners on one discard, each takes the honba (otherwise only the
    /// first in turn order); the riichi sticks go to the first.
    pub honba_each_winner: bool,
    /// Riichi sticks on the table when the game ends.
    pub leftover_sticks: LeftoverSticks,
}

impl TableRules {
    /// The number of players.
    #[must_use]
    pub const fn players(&self) -> u8 {
        self.scoring.players.count()
    }
}

impl Default for TableRules {
    fn default() -> Self {
        TablePreset::Tenhou.rules()
    }
}

/// A named rule set of a whole game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum TablePreset {
    /// Tenhou's four-player ranked hanchan with red fives (東南戦 喰赤).
    #[default]
    Tenhou,
    /// Tenhou's four-player ranked tonpuu (東風戦 喰赤).
    TenhouTonpuu,
    /// Tenhou's three-player ranked hanchan (三麻).
    TenhouSanma,
    /// Mahjong Soul's four-player ranked hanchan.
    MahjongSoul,
    /// Mahjong Soul's three-player ranked hanchan.
    MahjongSoulSanma,
    /// World Riichi Championship rules (2022 edition): no red fives.
    Wrc,
}

impl TablePreset {
    /// Every preset, in documentation order.
    pub const ALL: [TablePreset; 6] = [
        TablePreset::Tenhou,
        TablePreset::TenhouTonpuu,
        TablePreset::TenhouSanma,
        TablePreset::MahjongSoul,
        TablePreset::MahjongSoulSanma,
        TablePreset::Wrc,
    ];

    /// The preset's name.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            TablePreset::Tenhou => "tenhou",
            TablePreset::TenhouTonpuu => "tenhou-tonpuu",
            TablePreset::TenhouSanma => "tenhou-sanma",
            TablePreset::MahjongSoul => "mahjongsoul",
            TablePreset::MahjongSoulSanma => "mahjongsoul-sanma",
            TablePreset::Wrc => "wrc",
        }
    }

    /// The preset of that name (`_` read as `-`).
    #[must_use]
    pub fn from_id(id: &str) -> Option<TablePreset> {
        TablePreset::ALL.into_iter().find(|p| {
            p.id()
                .bytes()
                .eq(id.bytes().map(|b| if b == b'_' { b'-' } else { b }))
        })
    }

    /// Its rules. Sources: `docs/riichi-rules.md`, "Game flow".
    #[must_use]
    pub const fn rules(self) -> TableRules {
        let tenhou = TableRules {
            scoring: Preset::Tenhou.rules(),
            length: GameLength::South,
            start_points: 25_000,
            return_points: 30_000,
            uma: [20_000, 10_000, -10_000, -20_000],
            extension: true,
            target_points: 30_000,
            bust: Bust::BelowZero,
            agari_yame: true,
            tenpai_yame: false,
            renchan_on_tenpai: true,
            multi_ron: MultiRon::DoubleAbortTriple,
            nine_terminals: true,
            four_winds: true,
            four_riichi: true,
            four_kans: true,
            kuikae: Kuikae::Forbidden,
            kita_ends_ippatsu: true,
            pao_open_kan_rinshan: false,
            riichi_min_points: 1000,
            riichi_min_tiles: 4,
            noten_total: 3000,
            honba_each_winner: false,
            leftover_sticks: LeftoverSticks::ToTop,
        };
        match self {
            TablePreset::Tenhou => tenhou,
            TablePreset::TenhouTonpuu => TableRules {
                length: GameLength::East,
                ..tenhou
            },
            TablePreset::TenhouSanma => TableRules {
                scoring: Preset::TenhouSanma.rules(),
                start_points: 35_000,
                return_points: 40_000,
                uma: [20_000, 0, -20_000, 0],
                target_points: 40_000,
                four_winds: false,
                four_riichi: false,
                noten_total: 2000,
                riichi_min_tiles: 3,
                ..tenhou
            },
            TablePreset::MahjongSoul => TableRules {
                scoring: Preset::MahjongSoul.rules(),
                return_points: 25_000,
                uma: [15_000, 5_000, -5_000, -15_000],
                multi_ron: MultiRon::All,
                tenpai_yame: true,
                ..tenhou
            },
            TablePreset::MahjongSoulSanma => TableRules {
                scoring: Preset::MahjongSoulSanma.rules(),
                start_points: 35_000,
                return_points: 35_000,
                uma: [15_000, 0, -15_000, 0],
                target_points: 40_000,
                multi_ron: MultiRon::All,
                tenpai_yame: true,
                four_winds: false,
                four_riichi: false,
                noten_total: 2000,
                riichi_min_tiles: 3,
                ..tenhou
            },
            TablePreset::Wrc => TableRules {
                scoring: Preset::Wrc.rules(),
                start_points: 30_000,
                return_points: 30_000,
                uma: [15_000, 5_000, -5_000, -15_000],
                extension: false,
                bust: Bust::Off,
                agari_yame: false,
                multi_ron: MultiRon::All,
                nine_terminals: false,
                four_winds: false,
                four_riichi: false,
                four_kans: false,
                ..tenhou
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::rules::{OpenKanDora, PaoHonba, RedFives};

    #[test]
    fn presets_ok_names_and_players() {
        for p in TablePreset::ALL {
            assert_eq!(TablePreset::from_id(p.id()), Some(p));
            let r = p.rules();
            let three = matches!(p, TablePreset::TenhouSanma | TablePreset::MahjongSoulSanma);
            assert_eq!(r.players(), if three { 3 } else { 4 });
        }
        assert_eq!(
            TablePreset::from_id("tenhou_sanma"),
            Some(TablePreset::TenhouSanma)
        );
        assert_eq!(TablePreset::from_id("nope"), None);
        assert_eq!(TablePreset::Wrc.rules().scoring.red_fives, RedFives::None);
    }

    /// Every option of a preset, one `name = value` a line: the game-flow options and
    /// the scoring rules (the three options both use written once, by their meaning).
    fn options(r: &TableRules) -> String {
        let scoring = Rules {
            open_kan_dora: OpenKanDora::AfterDiscard,
            kokushi_robs_closed_kan: false,
            pao_honba: PaoHonba::Liable,
            ..r.scoring
        };
        let (kan_dora, kokushi, pao_honba) = (
            match r.scoring.open_kan_dora {
                OpenKanDora::AfterDiscard => "after_discard",
                OpenKanDora::AtOnce => "at_once",
            },
            r.scoring.kokushi_robs_closed_kan,
            match r.scoring.pao_honba {
                PaoHonba::Liable => "liable",
                PaoHonba::Split => "split",
                PaoHonba::Discarder => "discarder",
            },
        );
        format!(
            "scoring = {scoring:?}\nlength = {:?}\nstart_points = {}\nreturn_points = {}\n\
             uma = {:?}\nextension = {}\ntarget_points = {}\nbust = {:?}\nagari_yame = {}\n\
             tenpai_yame = {}\nrenchan_on_tenpai = {}\nmulti_ron = {:?}\nnine_terminals = {}\n\
             four_winds = {}\nfour_riichi = {}\nfour_kans = {}\nkan_dora = {kan_dora}\n\
             kuikae = {:?}\nkokushi_robs_closed_kan = {kokushi}\nkita_ends_ippatsu = {}\n\
             pao_open_kan_rinshan = {}\npao_honba = {pao_honba}\nriichi_min_points = {}\n\
             riichi_min_tiles = {}\nnoten_total = {}\nhonba_each_winner = {}\n\
             leftover_sticks = {:?}\n",
            r.length,
            r.start_points,
            r.return_points,
            r.uma,
            r.extension,
            r.target_points,
            r.bust,
            r.agari_yame,
            r.tenpai_yame,
            r.renchan_on_tenpai,
            r.multi_ron,
            r.nine_terminals,
            r.four_winds,
            r.four_riichi,
            r.four_kans,
            r.kuikae,
            r.kita_ends_ippatsu,
            r.pao_open_kan_rinshan,
            r.riichi_min_points,
            r.riichi_min_tiles,
            r.noten_total,
            r.honba_each_winner,
            r.leftover_sticks,
        )
    }

    #[test]
    fn presets_ok_every_option_pinned() {
        let all: String = TablePreset::ALL
            .iter()
            .map(|p| format!("[{}]\n{}", p.id(), options(&p.rules())))
            .collect();
        assert_eq!(all, include_str!("presets.txt"));
    }
}
