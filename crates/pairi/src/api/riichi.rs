//! Riichi scoring requests and results (`docs/json-api.md`).
//!
//! A request is a case line of `cases.md`: `hand`, `melds`, `win`, the flags, winds,
//! `dora`/`ura` indicators, `honba`, `riichi_sticks`, and optionally `rules` (a preset
//! name, or an object of options with an optional `preset` to start from). Unknown
//! fields (such as `expected`) are ignored; unknown rule options are an error.
//!
//! Three-player (sanma) requests say `"players": 3` (or name a `-sanma` preset) and
//! give the North tiles set aside as `"kita": n`.

use super::hand::{check_kita, winning_pai, IndicatorTiles, MeldRequest, PlayersField, TilesField};
use super::{deserialize_by_name, Display, Error, Request};
use crate::decompose::{Origin, Reading};
use crate::hand::Hand;
use crate::notation::{parse_hand_unchecked, Dialect};
use crate::riichi::rules::{
    DoubleWindFu, DoubleYakuman, KazoeLimit, OpenKanDora, OpenPinfuFu, PaoHonba, PinfuTsumoFu,
    RedFives, Renhou, RinshanFu, ThreePlayerTsumo, YakumanStacking,
};
use crate::riichi::yaku::YakuList;
use crate::riichi::{self, Flags, Fu, FuItem, Payments, Preset, Rules, Score, WinContext};
use crate::tile::{Pai, Wind};
use serde::de::{self, IntoDeserializer, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A scoring request.
#[derive(Clone, Debug, Default, Deserialize)]
#[allow(clippy::struct_excessive_bools)]
pub struct ScoreRequest {
    /// Concealed tiles, winning tile included (melds in brackets are accepted too).
    pub hand: String,
    /// Declared melds.
    #[serde(default)]
    pub melds: Vec<MeldRequest>,
    /// The winning tile; defaults to the last tile of `hand`.
    #[serde(default)]
    pub win: Option<String>,
    /// Self-draw (otherwise ron).
    #[serde(default)]
    pub tsumo: bool,
    /// Riichi.
    #[serde(default)]
    pub riichi: bool,
    /// Double riichi.
    #[serde(default)]
    pub double_riichi: bool,
    /// Ippatsu.
    #[serde(default)]
    pub ippatsu: bool,
    /// Rinshan kaihou.
    #[serde(default)]
    pub rinshan: bool,
    /// Chankan.
    #[serde(default)]
    pub chankan: bool,
    /// Haitei.
    #[serde(default)]
    pub haitei: bool,
    /// Houtei.
    #[serde(default)]
    pub houtei: bool,
    /// Tenhou.
    #[serde(default)]
    pub tenhou: bool,
    /// Chiihou.
    #[serde(default)]
    pub chiihou: bool,
    /// Renhou (scored only under a renhou rule).
    #[serde(default)]
    pub renhou: bool,
    /// Round wind (default East), in any spelling of a wind.
    #[serde(default)]
    pub round_wind: Wind,
    /// Seat wind (default East, the dealer).
    #[serde(default)]
    pub seat_wind: Wind,
    /// Dora indicators: a list of tiles or one notation string.
    #[serde(default)]
    pub dora: TilesField,
    /// Ura dora indicators.
    #[serde(default)]
    pub ura: TilesField,
    /// Honba counters.
    #[serde(default)]
    pub honba: u32,
    /// Riichi sticks on the table.
    #[serde(default)]
    pub riichi_sticks: u32,
    /// Rules: a preset name or options.
    #[serde(default)]
    pub rules: Option<RulesRequest>,
    /// 3 or 4 players: the rules asked for, played by that many (default: as the rules
    /// say, four unless a `-sanma` preset).
    #[serde(default)]
    pub players: Option<PlayersField>,
    /// North tiles set aside as dora (抜きドラ), 0 to 4; three-player only.
    #[serde(default)]
    pub kita: u32,
}

/// The `rules` field: a preset name or an object of options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesRequest {
    /// A preset by name.
    Preset(Preset),
    /// Options, on top of a preset (the default one if none is named).
    Options(RuleOptions),
}

impl<'de> Deserialize<'de> for RulesRequest {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Either;
        impl<'de> Visitor<'de> for Either {
            type Value = RulesRequest;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a preset name or an object of rule options")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<RulesRequest, E> {
                Preset::deserialize(s.into_deserializer()).map(RulesRequest::Preset)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RulesRequest, A::Error> {
                RuleOptions::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(RulesRequest::Options)
            }
        }
        d.deserialize_any(Either)
    }
}

/// A preset by its name (`default tenhou mahjongsoul mleague wrc ema`).
impl<'de> Deserialize<'de> for Preset {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'_, str>>::deserialize(d)?;
        Preset::from_id(&s).ok_or_else(|| {
            de::Error::invalid_value(
                de::Unexpected::Str(&s),
                &"a preset: default, tenhou, mahjongsoul, mleague, wrc, ema, tenhou-sanma or \
                  mahjongsoul-sanma",
            )
        })
    }
}

/// Rule options, each optional; see `docs/riichi-rules.md`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleOptions {
    /// The preset to start from.
    #[serde(default)]
    pub preset: Option<Preset>,
    /// Open tanyao.
    #[serde(default)]
    pub open_tanyao: Option<bool>,
    /// Red fives: 0, 3 or 4.
    #[serde(default)]
    pub red_fives: Option<RedFivesOption>,
    /// Double yakuman for the four double shapes.
    #[serde(default)]
    pub double_yakuman: Option<bool>,
    /// Several yakuman add up.
    #[serde(default)]
    pub yakuman_stacking: Option<bool>,
    /// `yakuman` or `sanbaiman`.
    #[serde(default)]
    pub kazoe: Option<KazoeLimit>,
    /// Kiriage mangan.
    #[serde(default)]
    pub kiriage: Option<bool>,
    /// Fu of a double-wind pair: 2 or 4.
    #[serde(default)]
    pub double_wind_fu: Option<FuOption<2, 4>>,
    /// Fu of a pinfu tsumo: 20 or 30.
    #[serde(default)]
    pub pinfu_tsumo_fu: Option<FuOption<20, 30>>,
    /// Fu of an open hand without fu: 20 or 30.
    #[serde(default)]
    pub open_pinfu_fu: Option<FuOption<20, 30>>,
    /// `off`, `mangan` or `yakuman`.
    #[serde(default)]
    pub renhou: Option<Renhou>,
    /// Nagashi mangan recognised.
    #[serde(default)]
    pub nagashi_mangan: Option<bool>,
    /// Tsumo fu on a rinshan win.
    #[serde(default)]
    pub rinshan_fu: Option<bool>,
    /// When an open or added kong's dora indicator is turned: `after_discard` or
    /// `at_once`.
    #[serde(default)]
    pub open_kan_dora: Option<OpenKanDora>,
    /// Thirteen orphans may rob a closed kong.
    #[serde(default)]
    pub kokushi_robs_closed_kan: Option<bool>,
    /// Who pays a liable ron's honba: `liable`, `split` or `discarder`.
    #[serde(default)]
    pub pao_honba: Option<PaoHonba>,
    /// 3 or 4 players.
    #[serde(default)]
    pub players: Option<PlayersField>,
    /// Who pays a three-player self-draw: `loss` (tsumo loss) or `split` (North split).
    #[serde(default)]
    pub three_player_tsumo: Option<ThreePlayerTsumo>,
}

/// A red-five count: 0, 3 or 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "u8")]
pub struct RedFivesOption(pub RedFives);

impl TryFrom<u8> for RedFivesOption {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, String> {
        RedFives::from_total(n)
            .map(RedFivesOption)
            .ok_or_else(|| format!("red_fives must be 0, 3 or 4, not {n}"))
    }
}

/// One of two fu values.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(try_from = "u8")]
pub struct FuOption<const A: u8, const B: u8>(pub u8);

impl<const A: u8, const B: u8> TryFrom<u8> for FuOption<A, B> {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, String> {
        if n == A || n == B {
            Ok(FuOption(n))
        } else {
            Err(format!("fu must be {A} or {B}, not {n}"))
        }
    }
}

deserialize_by_name!(KazoeLimit, "yakuman or sanbaiman", {
    "yakuman" => KazoeLimit::Yakuman,
    "sanbaiman" => KazoeLimit::Sanbaiman,
});

deserialize_by_name!(ThreePlayerTsumo, "loss or split", {
    "loss" => ThreePlayerTsumo::Loss,
    "split" => ThreePlayerTsumo::Split,
});

deserialize_by_name!(OpenKanDora, "after_discard or at_once", {
    "after_discard" => OpenKanDora::AfterDiscard,
    "at_once" => OpenKanDora::AtOnce,
});

deserialize_by_name!(PaoHonba, "liable, split or discarder", {
    "liable" => PaoHonba::Liable,
    "split" => PaoHonba::Split,
    "discarder" => PaoHonba::Discarder,
});

deserialize_by_name!(Renhou, "off, mangan or yakuman", {
    "off" => Renhou::Off,
    "mangan" => Renhou::Mangan,
    "yakuman" => Renhou::Yakuman,
});

impl RulesRequest {
    /// The rules asked for.
    #[must_use]
    pub fn rules(&self) -> Rules {
        match self {
            RulesRequest::Preset(p) => p.rules(),
            RulesRequest::Options(o) => o.rules(),
        }
    }
}

impl RuleOptions {
    /// The preset's rules with these options applied.
    #[must_use]
    pub fn rules(&self) -> Rules {
        let mut r = self.preset.unwrap_or_default().rules();
        if let Some(v) = self.open_tanyao {
            r.open_tanyao = v;
        }
        if let Some(v) = self.red_fives {
            r.red_fives = v.0;
        }
        if let Some(v) = self.double_yakuman {
            r.double_yakuman = if v {
                DoubleYakuman::Double
            } else {
                DoubleYakuman::Single
            };
        }
        if let Some(v) = self.yakuman_stacking {
            r.yakuman_stacking = if v {
                YakumanStacking::Stack
            } else {
                YakumanStacking::Single
            };
        }
        if let Some(v) = self.kazoe {
            r.kazoe = v;
        }
        if let Some(v) = self.kiriage {
            r.kiriage = v;
        }
        if let Some(v) = self.double_wind_fu {
            r.double_wind_fu = if v.0 == 4 {
                DoubleWindFu::Four
            } else {
                DoubleWindFu::Two
            };
        }
        if let Some(v) = self.pinfu_tsumo_fu {
            r.pinfu_tsumo_fu = if v.0 == 20 {
                PinfuTsumoFu::Twenty
            } else {
                PinfuTsumoFu::Thirty
            };
        }
        if let Some(v) = self.open_pinfu_fu {
            r.open_pinfu_fu = if v.0 == 30 {
                OpenPinfuFu::Thirty
            } else {
                OpenPinfuFu::Twenty
            };
        }
        if let Some(v) = self.renhou {
            r.renhou = v;
        }
        if let Some(v) = self.nagashi_mangan {
            r.nagashi_mangan = v;
        }
        if let Some(v) = self.rinshan_fu {
            r.rinshan_fu = if v {
                RinshanFu::TsumoFu
            } else {
                RinshanFu::NoTsumoFu
            };
        }
        if let Some(v) = self.open_kan_dora {
            r.open_kan_dora = v;
        }
        if let Some(v) = self.kokushi_robs_closed_kan {
            r.kokushi_robs_closed_kan = v;
        }
        if let Some(v) = self.pao_honba {
            r.pao_honba = v;
        }
        if let Some(v) = self.players {
            r.players = v.0;
        }
        if let Some(v) = self.three_player_tsumo {
            r.three_player_tsumo = v;
        }
        r
    }
}

/// The largest honba and riichi-stick counter a request may give: far beyond any game
/// (a few dozen at most), small enough that no payment overflows.
pub const MAX_COUNTER: u32 = 999;

/// `invalid_request` unless `value` is in `0..=max`.
fn in_range(field: &str, value: u32, max: u32) -> Result<(), Error> {
    if value > max {
        return Err(Error::invalid_request(format!(
            "`{field}` is 0 to {max}, not {value}"
        )));
    }
    Ok(())
}

/// The three scoring inputs of a request.
#[derive(Clone, Debug)]
pub struct Inputs {
    /// The hand.
    pub hand: Hand,
    /// The win situation.
    pub context: WinContext,
    /// The rules.
    pub rules: Rules,
}

impl ScoreRequest {
    /// A request for `hand` alone: ron on its last tile, East round and seat, default
    /// rules.
    #[must_use]
    pub fn new(hand: impl Into<String>) -> ScoreRequest {
        ScoreRequest {
            hand: hand.into(),
            ..ScoreRequest::default()
        }
    }

    /// Parses and checks the request's hand, situation and rules.
    ///
    /// # Errors
    ///
    /// Bad notation (`parse`), bad melds or impossible flags (`invalid_hand`).
    pub fn inputs(&self) -> Result<Inputs, Error> {
        self.prepare()?.inputs(&self.hand)
    }

    /// Reads and checks everything but the hand once, for scoring many hands in the
    /// same situation ([`Prepared::answer`]): what a binding called in a loop saves.
    ///
    /// # Errors
    ///
    /// As [`ScoreRequest::inputs`], for all but the hand.
    pub fn prepare(&self) -> Result<Prepared, Error> {
        self.fields().prepare()
    }

    /// The fields but the hand, as [`ScoreFields`].
    #[must_use]
    pub fn fields(&self) -> ScoreFields<'_> {
        ScoreFields {
            melds: &self.melds,
            win: self.win.as_deref().map(win_tile),
            flags: Flags {
                tsumo: self.tsumo,
                riichi: self.riichi,
                double_riichi: self.double_riichi,
                ippatsu: self.ippatsu,
                rinshan: self.rinshan,
                chankan: self.chankan,
                haitei: self.haitei,
                houtei: self.houtei,
                tenhou: self.tenhou,
                chiihou: self.chiihou,
                renhou: self.renhou,
            },
            round_wind: self.round_wind,
            seat_wind: self.seat_wind,
            dora: self.dora.indicators(),
            ura: self.ura.indicators(),
            honba: self.honba,
            riichi_sticks: self.riichi_sticks,
            rules: self.rules.as_ref().map(RulesRequest::rules),
            players: self.players,
            kita: self.kita,
        }
    }
}

/// The fields of a scoring request but the hand, read into their types: what
/// [`ScoreRequest::fields`] gives, and what a binding fills straight from its own
/// arguments (the Python module's keywords) rather than through a request. Both are
/// checked by the one [`ScoreFields::prepare`], so they answer and fail alike.
///
/// The winning tile and the indicators are read already ([`win_tile`],
/// [`TilesField::indicators`]); a reading that failed is kept and reported where
/// `prepare` comes to it (the indicators after the counters and melds, the winning tile
/// after the rules), as a request reports it.
#[derive(Clone, Debug)]
pub struct ScoreFields<'a> {
    /// Declared melds.
    pub melds: &'a [MeldRequest],
    /// The winning tile, or why it could not be read; `None`: the last tile of the hand.
    pub win: Option<Result<Pai, Error>>,
    /// The flags.
    pub flags: Flags,
    /// Round wind.
    pub round_wind: Wind,
    /// Seat wind.
    pub seat_wind: Wind,
    /// Dora indicators, or why they could not be read.
    pub dora: Result<IndicatorTiles, Error>,
    /// Ura dora indicators, or why they could not be read.
    pub ura: Result<IndicatorTiles, Error>,
    /// Honba counters.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub riichi_sticks: u32,
    /// The rules asked for (`None`: the default rules).
    pub rules: Option<Rules>,
    /// 3 or 4 players, when asked for.
    pub players: Option<PlayersField>,
    /// North tiles set aside.
    pub kita: u32,
}

impl Default for ScoreFields<'_> {
    /// The fields of a request that gives none: ron, East round and seat, no indicators,
    /// default rules.
    fn default() -> Self {
        ScoreFields {
            melds: &[],
            win: None,
            flags: Flags::default(),
            round_wind: Wind::East,
            seat_wind: Wind::East,
            dora: Ok(IndicatorTiles::default()),
            ura: Ok(IndicatorTiles::default()),
            honba: 0,
            riichi_sticks: 0,
            rules: None,
            players: None,
            kita: 0,
        }
    }
}

impl ScoreFields<'_> {
    /// Checks the fields and reads them into a [`Prepared`] situation.
    ///
    /// # Errors
    ///
    /// As [`ScoreRequest::prepare`].
    pub fn prepare(self) -> Result<Prepared, Error> {
        in_range("honba", self.honba, MAX_COUNTER)?;
        in_range("riichi_sticks", self.riichi_sticks, MAX_COUNTER)?;
        check_kita(self.kita)?;
        let melds = self
            .melds
            .iter()
            .map(|m| m.to_meld(Dialect::Standard))
            .collect::<Result<Vec<_>, _>>()?;
        let flags = self.flags;
        let dora = self.dora.map_err(|e| e.in_field("dora"))?;
        let ura = self.ura.map_err(|e| e.in_field("ura"))?;
        let mut rules = self.rules.unwrap_or_default();
        if let Some(p) = self.players {
            rules.players = p.0;
        }
        if flags.renhou && rules.renhou == Renhou::Off {
            return Err(Error::invalid_request(
                "`renhou` is not a yaku under these rules: turn on the rule option \
                 `renhou` (`mangan` or `yakuman`), or a preset that has it (wrc, ema)",
            ));
        }
        let win = self.win.transpose().map_err(|e| e.in_field("win"))?;
        let kita = u8::try_from(self.kita).unwrap_or(u8::MAX);
        let situation = |win: Pai| {
            WinContext::new(
                win,
                flags,
                self.round_wind,
                self.seat_wind,
                dora.as_slice(),
                ura.as_slice(),
                self.honba,
                self.riichi_sticks,
            )
            .and_then(|c| c.with_kita(kita))
            .map_err(|e| Error::from(riichi::ScoreError::from(e)))
        };
        // With the winning tile given, the whole situation is read now; without it, it
        // is the last tile of each hand.
        let context = match win {
            Some(w) => Ok(situation(w)?),
            None => Err((flags, dora, ura)),
        };
        Ok(Prepared {
            melds,
            win,
            context,
            round_wind: self.round_wind,
            seat_wind: self.seat_wind,
            honba: self.honba,
            riichi_sticks: self.riichi_sticks,
            kita,
            rules,
        })
    }
}

/// The winning tile of a request's `win` (one tile, in notation).
///
/// # Errors
///
/// `parse` for text that is not notation, `invalid_request` for more tiles than one.
pub fn win_tile(text: &str) -> Result<Pai, Error> {
    super::hand::parse_tile_with(text, Dialect::Standard)
}

/// A scoring request read once without its hand ([`ScoreRequest::prepare`]).
#[derive(Clone, Debug)]
pub struct Prepared {
    melds: Vec<crate::hand::Meld>,
    win: Option<Pai>,
    /// The situation, or what it is made of until a hand names its winning tile.
    context: Result<WinContext, (Flags, IndicatorTiles, IndicatorTiles)>,
    round_wind: Wind,
    seat_wind: Wind,
    honba: u32,
    riichi_sticks: u32,
    kita: u8,
    rules: Rules,
}

impl Prepared {
    /// The scoring inputs of `hand` (notation) in this situation.
    ///
    /// # Errors
    ///
    /// As [`ScoreRequest::inputs`].
    pub fn inputs(&self, hand: &str) -> Result<Inputs, Error> {
        let (hand, win) = self.hand(hand)?;
        let context = match &self.context {
            Ok(c) => *c,
            Err(parts) => self.context_of(win, parts)?,
        };
        Ok(Inputs {
            hand,
            context,
            rules: self.rules,
        })
    }

    /// The hand of `hand` (notation) with the declared melds, made whole, and its
    /// winning tile.
    fn hand(&self, hand: &str) -> Result<(Hand, Pai), Error> {
        let mut h = parse_hand_unchecked(hand)?;
        for m in &self.melds {
            h.push_meld(*m);
        }
        let win = winning_pai(&mut h, self.win)?;
        Ok((h, win))
    }

    /// The situation of a hand won on `win`, from its parts.
    fn context_of(
        &self,
        win: Pai,
        (flags, dora, ura): &(Flags, IndicatorTiles, IndicatorTiles),
    ) -> Result<WinContext, Error> {
        Ok(WinContext::new(
            win,
            *flags,
            self.round_wind,
            self.seat_wind,
            dora.as_slice(),
            ura.as_slice(),
            self.honba,
            self.riichi_sticks,
        )
        .and_then(|c| c.with_kita(self.kita))
        .map_err(riichi::ScoreError::from)?)
    }

    /// Scores `hand` (notation) in this situation: what [`ScoreRequest::answer`] gives
    /// for the request with that hand.
    ///
    /// # Errors
    ///
    /// As [`ScoreRequest::answer`].
    pub fn answer(&self, hand: &str) -> Result<ScoreResult, Error> {
        let (hand, win) = self.hand(hand)?;
        let made;
        let context = match &self.context {
            Ok(c) => c,
            Err(parts) => {
                made = self.context_of(win, parts)?;
                &made
            }
        };
        let s = riichi::score(&hand, context, &self.rules)?;
        Ok(ScoreResult::of(&s, context))
    }
}

impl Request for ScoreRequest {
    type Answer = ScoreResult;
    type Defaults = Option<RulesRequest>;

    fn apply_defaults(&mut self, rules: &Option<RulesRequest>) {
        if self.rules.is_none() {
            self.rules.clone_from(rules);
        }
    }

    /// Scores the request: `parse`, `invalid_hand`, `not_winning` or `no_yaku` when it
    /// cannot.
    fn compute(&self, _: &super::limits::Limits, _: &super::Stop) -> Result<ScoreResult, Error> {
        self.prepare()?.answer(&self.hand)
    }
}

/// The yaku of a result: a JSON object from id to han (or yakuman multiplier), in
/// table order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YakuMap(pub YakuList);

impl Serialize for YakuMap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for v in &self.0 {
            map.serialize_entry(v.yaku.id(), &v.value)?;
        }
        map.end()
    }
}

/// The yaku of a result with their names: a JSON array of `{"id", "en", "ja", "zh", "han",
/// "yakuman"}` objects in table order (`en` the English name, `ja` the Japanese one, `zh`
/// the Chinese one,
/// `han` 0 for a yakuman, `yakuman` its multiplier and 0 for an ordinary yaku), the
/// names from the one yaku table (`riichi/yaku.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YakuNames {
    /// The yaku with their values.
    pub yaku: YakuList,
    /// Whether the values are yakuman multipliers (a yakuman hand) rather than han.
    pub yakuman: bool,
}

impl Serialize for YakuNames {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeSeq, SerializeStruct};
        struct Line(crate::riichi::yaku::YakuValue, bool);
        impl Serialize for Line {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let (info, value) = (self.0.yaku.info(), self.0.value);
                let mut st = s.serialize_struct("YakuLine", 5)?;
                st.serialize_field("id", info.id)?;
                st.serialize_field("en", info.english)?;
                st.serialize_field("ja", info.japanese)?;
                st.serialize_field("zh", info.chinese)?;
                st.serialize_field("han", &if self.1 { 0 } else { value })?;
                st.serialize_field("yakuman", &if self.1 { value } else { 0 })?;
                st.end()
            }
        }
        let mut seq = s.serialize_seq(Some(self.yaku.len()))?;
        for &v in &self.yaku {
            seq.serialize_element(&Line(v, self.yakuman))?;
        }
        seq.end()
    }
}

/// The payments of a result: `{"ron": X}`, `{"all": X}` or `{"dealer": X, "non_dealer": Y}`.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct PaymentsView {
    /// The discarder's payment on a ron.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ron: Option<u32>,
    /// Each player's payment on the dealer's self-draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all: Option<u32>,
    /// The dealer's payment on a non-dealer's self-draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealer: Option<u32>,
    /// Each non-dealer's payment on a non-dealer's self-draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub non_dealer: Option<u32>,
}

impl From<Payments> for PaymentsView {
    fn from(p: Payments) -> Self {
        let none = PaymentsView {
            ron: None,
            all: None,
            dealer: None,
            non_dealer: None,
        };
        match p {
            Payments::Ron { discarder } => PaymentsView {
                ron: Some(discarder),
                ..none
            },
            Payments::DealerTsumo { each } => PaymentsView {
                all: Some(each),
                ..none
            },
            Payments::Tsumo { dealer, non_dealer } => PaymentsView {
                dealer: Some(dealer),
                non_dealer: Some(non_dealer),
                ..none
            },
        }
    }
}

/// The fu items of a result: a JSON array of `{"reason", "fu", "tiles"?}` objects,
/// `reason` one of `base chiitoitsu closed_ron tsumo kanchan penchan tanki valued_pair
/// open_triplet closed_triplet open_quad closed_quad open_no_fu rounding`, `tiles` the
/// pair or set concerned in MPSZ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FuDetail(pub Fu);

impl Serialize for FuDetail {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        struct Item(FuItem);
        impl Serialize for Item {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeStruct;
                let block = self.0.reason.block();
                let mut st = s.serialize_struct("FuItem", 2 + usize::from(block.is_some()))?;
                st.serialize_field("reason", self.0.reason.id())?;
                st.serialize_field("fu", &self.0.fu)?;
                if let Some(mut b) = block {
                    b.origin = Origin::Concealed;
                    st.serialize_field("tiles", &Display(b))?;
                }
                st.end()
            }
        }
        let mut seq = s.serialize_seq(Some(self.0.items.len()))?;
        for &i in &self.0.items {
            seq.serialize_element(&Item(i))?;
        }
        seq.end()
    }
}

/// A scoring result (`docs/json-api.md`, "score"). Serialising it allocates
/// nothing beyond the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreResult {
    /// Han (0 for a yakuman; the real total for a kazoe yakuman).
    pub han: u8,
    /// Fu of the chosen reading.
    pub fu: u8,
    /// Number of yakuman.
    pub yakuman: u8,
    /// Yaku ids with their han or yakuman multiplier.
    pub yaku: YakuMap,
    /// Payments per payer, honba included.
    pub payments: PaymentsView,
    /// What the winner receives from the others, riichi sticks excluded.
    pub total: u32,
    /// `mangan` … `kazoe_yakuman`, or null.
    pub limit: Option<&'static str>,
    /// Points collected from riichi sticks on the table.
    pub riichi_sticks_collected: u32,
    /// The fu items.
    pub fu_detail: FuDetail,
    /// The chosen reading, blocks in MPSZ (melds in brackets).
    pub decomposition: Display<Reading>,
    /// The wait the winning tile took in it.
    pub wait: &'static str,
    /// The winning tile (MPSZ, `0` for a red five).
    pub win: Display<Pai>,
    /// Whether it was self-drawn (`tsumo`) or claimed (`ron`).
    pub how: &'static str,
}

impl ScoreResult {
    /// The result of `s`, a hand won in the situation `ctx`.
    #[must_use]
    pub fn of(s: &Score, ctx: &WinContext) -> ScoreResult {
        ScoreResult {
            win: Display(ctx.win),
            how: if ctx.method.is_tsumo() {
                "tsumo"
            } else {
                "ron"
            },
            han: s.han,
            fu: s.fu,
            yakuman: s.yakuman,
            yaku: YakuMap(s.yaku),
            payments: s.payments.into(),
            total: s.total,
            limit: s.limit.map(riichi::Limit::id),
            riichi_sticks_collected: s.riichi_sticks,
            fu_detail: FuDetail(s.fu_detail),
            decomposition: Display(s.reading),
            wait: s.wait.wait.id(),
        }
    }

    /// The yaku again, each with its names (the JSON field `breakdown`).
    #[must_use]
    pub fn breakdown(&self) -> YakuNames {
        YakuNames {
            yaku: self.yaku.0,
            yakuman: self.han == 0 && self.yakuman > 0,
        }
    }
}

impl Serialize for ScoreResult {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("ScoreResult", 14)?;
        st.serialize_field("han", &self.han)?;
        st.serialize_field("fu", &self.fu)?;
        st.serialize_field("yakuman", &self.yakuman)?;
        st.serialize_field("yaku", &self.yaku)?;
        st.serialize_field("payments", &self.payments)?;
        st.serialize_field("total", &self.total)?;
        st.serialize_field("limit", &self.limit)?;
        st.serialize_field("riichi_sticks_collected", &self.riichi_sticks_collected)?;
        st.serialize_field("fu_detail", &self.fu_detail)?;
        st.serialize_field("decomposition", &self.decomposition)?;
        st.serialize_field("wait", &self.wait)?;
        st.serialize_field("win", &self.win)?;
        st.serialize_field("how", &self.how)?;
        st.serialize_field("breakdown", &self.breakdown())?;
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::MeldKind;

    fn req(json: &str) -> ScoreRequest {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn rules_ok_preset_name_and_options() {
        let r = req(r#"{"hand": "123m456p789s11222z", "rules": "tenhou"}"#)
            .inputs()
            .unwrap();
        assert_eq!(r.rules, Preset::Tenhou.rules());
        let r: RulesRequest = serde_json::from_str(r#""wrc""#).unwrap();
        assert_eq!(r.rules(), Preset::Wrc.rules());
        let r: RulesRequest =
            serde_json::from_str(r#"{"preset": "tenhou", "kiriage": true, "double_wind_fu": 2}"#)
                .unwrap();
        let want = Rules {
            kiriage: true,
            double_wind_fu: DoubleWindFu::Two,
            ..Preset::Tenhou.rules()
        };
        assert_eq!(r.rules(), want);
        let r: RulesRequest =
            serde_json::from_str(r#"{"red_fives": 4, "renhou": "yakuman", "kazoe": "sanbaiman"}"#)
                .unwrap();
        let r = r.rules();
        assert_eq!(
            (r.red_fives, r.renhou, r.kazoe),
            (RedFives::FourTwoPin, Renhou::Yakuman, KazoeLimit::Sanbaiman)
        );
    }

    /// Each name of `Flags::NAMES` is the JSON field of the flag `Flags::named_mut`
    /// gives for its place (the fronts' keywords and options are built from the names).
    #[test]
    fn flags_ok_names_are_the_json_fields() {
        for (i, name) in Flags::NAMES.into_iter().enumerate() {
            let got = req(&format!(
                r#"{{"hand": "123m456p789s1122z", "{name}": true}}"#
            ))
            .fields()
            .flags;
            let mut want = Flags::default();
            *want.named_mut(i).unwrap() = true;
            assert_eq!(got, want, "{name}");
        }
        assert!(Flags::default().named_mut(Flags::NAMES.len()).is_none());
    }

    #[test]
    fn rules_ok_table_options() {
        let r: RulesRequest = serde_json::from_str(
            r#"{"preset": "tenhou", "open_kan_dora": "at_once", "kokushi_robs_closed_kan": true,
            "pao_honba": "discarder"}"#,
        )
        .unwrap();
        let r = r.rules();
        assert_eq!(
            (r.open_kan_dora, r.kokushi_robs_closed_kan, r.pao_honba),
            (OpenKanDora::AtOnce, true, PaoHonba::Discarder)
        );
        let split: RulesRequest = serde_json::from_str(r#"{"pao_honba": "split"}"#).unwrap();
        assert_eq!(split.rules().pao_honba, PaoHonba::Split);
        for bad in [r#"{"open_kan_dora": "later"}"#, r#"{"pao_honba": "both"}"#] {
            assert!(serde_json::from_str::<RulesRequest>(bad).is_err(), "{bad}");
        }
    }

    /// A win on an open kong's replacement tile with the indicators turned before the
    /// kong: scored under Tenhou's rules, refused where the indicator is turned at once.
    #[test]
    fn score_ok_rinshan_after_an_open_kong_by_rule() {
        let line = |rules: &str| {
            format!(
                r#"{{"hand": "234m567p234s99m", "melds": [{{"kind": "minkan", "tiles": "5555z", "from": 1}}],
                "tsumo": true, "rinshan": true, "seat_wind": "S", "dora": ["9s"], "rules": {rules}}}"#
            )
        };
        let r = req(&line(r#""tenhou""#)).answer().unwrap();
        assert_eq!((r.han, r.fu, r.total), (2, 40, 2700));
        let e = req(&line(r#"{"preset": "tenhou", "open_kan_dora": "at_once"}"#))
            .answer()
            .unwrap_err();
        assert_eq!(e.kind(), "invalid_hand");
        assert!(e.message.contains("dora indicators"), "{}", e.message);
    }

    #[test]
    fn rules_err_unknown_or_bad_values() {
        for bad in [
            r#""tenho""#,
            r#"{"bogus": 1}"#,
            r#"{"red_fives": 2}"#,
            r#"{"double_wind_fu": 3}"#,
            r#"{"renhou": "maybe"}"#,
            "3",
        ] {
            assert!(serde_json::from_str::<RulesRequest>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn score_ok_case_line_and_defaults() {
        let r = req(
            r#"{"id": "r-1", "hand": "234m406p78999s", "melds": [{"kind": "pon", "tiles": "777z"}],
            "win": "9s", "seat_wind": "S", "dora": ["3p"], "expected": {"han": 3}}"#,
        )
        .answer()
        .unwrap();
        assert_eq!((r.han, r.fu, r.total), (3, 30, 3900));
        let json = serde_json::to_string(&r).unwrap();
        assert!(json.starts_with(r#"{"han":3,"fu":30,"yakuman":0,"yaku":{"yakuhai_chun":1,"dora":1,"aka_dora":1},"payments":{"ron":3900},"total":3900,"limit":null"#), "{json}");
        // Without `win`, the last concealed tile is the winning tile.
        let r = req(r#"{"hand": "234m406p78999s[777z]", "seat_wind": "S"}"#)
            .answer()
            .unwrap();
        assert_eq!(r.total, 2000);
    }

    #[test]
    fn breakdown_ok_names_and_values() {
        let json = |j: &str| serde_json::to_value(req(j).answer().unwrap()).unwrap();
        let r = json(r#"{"hand": "234m406p78999s[777z]", "win": "9s", "dora": ["3p"]}"#);
        assert_eq!(
            r["breakdown"][0],
            serde_json::json!({"id": "yakuhai_chun", "en": "Red dragon", "ja": "役牌 中", "zh": "役牌 中", "han": 1, "yakuman": 0})
        );
        assert_eq!(r["breakdown"].as_array().unwrap().len(), 3);
        let r = json(r#"{"hand": "19m19p19s11234567z", "win": "7z"}"#);
        assert_eq!(
            r["breakdown"],
            serde_json::json!([{"id": "kokushi", "en": "Thirteen orphans", "ja": "国士無双", "zh": "国士无双", "han": 0, "yakuman": 1}])
        );
        // Renhou as a mangan is 5 han, not a yakuman.
        let r = json(
            r#"{"hand": "123m456p789s11122z", "win": "2z", "renhou": true, "seat_wind": "S", "rules": {"renhou": "mangan"}}"#,
        );
        assert_eq!(r["breakdown"][0]["id"], "renhou");
        assert_eq!(
            (
                r["breakdown"][0]["han"].as_u64(),
                r["breakdown"][0]["yakuman"].as_u64()
            ),
            (Some(5), Some(0))
        );
    }

    #[test]
    fn score_err_kinds() {
        let kind = |j: &str| req(j).answer().unwrap_err().kind();
        assert_eq!(kind(r#"{"hand": "234m4x6p78999s777z"}"#), "parse");
        // Three players: 2m–8m, five kita.
        assert_eq!(
            kind(r#"{"hand": "234m406p78999s777z", "players": 3}"#),
            "invalid_hand"
        );
        assert_eq!(
            kind(r#"{"hand": "123456789p123s99s", "players": 3, "riichi": true, "kita": 5}"#),
            "invalid_hand"
        );
        assert!(serde_json::from_str::<ScoreRequest>(r#"{"hand": "1m", "players": 2}"#).is_err());
        assert_eq!(
            kind(r#"{"hand": "234m406p78999s", "melds": [{"kind": "pon", "tiles": "556s"}]}"#),
            "invalid_hand"
        );
        assert_eq!(
            kind(r#"{"hand": "234m406p78999s", "melds": [{"kind": "chi", "tiles": "777z"}]}"#),
            "invalid_hand"
        );
        assert_eq!(
            kind(
                r#"{"hand": "234m406p78999s", "melds": [{"kind": "pon", "tiles": "777z"}], "ura": ["1m"]}"#
            ),
            "invalid_hand"
        );
        assert_eq!(
            kind(r#"{"hand": "234m406p78997s", "melds": [{"kind": "pon", "tiles": "777z"}]}"#),
            "not_winning"
        );
        assert_eq!(
            kind(r#"{"hand": "234m406p78999s", "melds": [{"kind": "pon", "tiles": "777s"}]}"#),
            "no_yaku"
        );
    }

    #[test]
    fn meld_ok_red_and_claim() {
        let m: MeldRequest =
            serde_json::from_str(r#"{"kind": "chi", "tiles": "406p", "claimed": 2}"#).unwrap();
        let m = m.to_meld(Dialect::Standard).unwrap();
        assert_eq!(
            (m.kind(), m.red(), m.claimed_index()),
            (MeldKind::Chi, 1, Some(1))
        );
        let m: MeldRequest =
            serde_json::from_str(r#"{"kind": "kakan", "tiles": "0555s"}"#).unwrap();
        assert_eq!(
            m.to_meld(Dialect::Standard).unwrap().kind(),
            MeldKind::AddedKan
        );
    }
}
