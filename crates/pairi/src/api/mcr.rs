//! MCR fan requests and results (`docs/json-api.md`).
//!
//! A request is the MCR case format: `hand` (concealed tiles, the winning tile included),
//! `melds` (`chow` with `claimed`, `pung` / `kong` with `from`, `concealed_kong`),
//! `win`, the flags `tsumo fourth_tile kong last_tile`, `flowers`, `round_wind`,
//! `seat_wind`; optionally `rules` (a preset name or an object of options) and
//! `dialect` (`"mcr"` reads `5z..7z` in the MCR helper's order). Unknown fields, such
//! as a case's `expected`, are ignored.

use super::hand::{winning_tile, MeldRequest};
use super::{deserialize_by_name, Error, Request};
use crate::hand::Hand;
use crate::mcr::{
    score_with, AllTerminalsPungs, Fan, FanResult, KnittedStraightWaits, KongPair, Rules,
    SevenPairsCombinations, WinContext, WinSource,
};
use crate::notation::{parse_hand_unchecked_with, Dialect};
use crate::tile::Wind;
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};

/// A fan request.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct FanRequest {
    /// Concealed tiles, the winning tile included (or not: then it is added).
    pub hand: String,
    /// Declared melds.
    #[serde(default)]
    pub melds: Vec<MeldRequest>,
    /// The winning tile; the last tile of `hand` when absent.
    #[serde(default)]
    pub win: Option<String>,
    /// Self-drawn.
    #[serde(default)]
    pub tsumo: bool,
    /// The last copy of its kind (和绝张).
    #[serde(default)]
    pub fourth_tile: bool,
    /// With `tsumo` out with replacement tile, without it robbing the kong.
    #[serde(default)]
    pub kong: bool,
    /// With `tsumo` last tile draw, without it last tile claim.
    #[serde(default)]
    pub last_tile: bool,
    /// Flowers, 0 to 8.
    #[serde(default)]
    pub flowers: u8,
    /// The prevalent wind, East by default, in any spelling of a wind.
    #[serde(default)]
    pub round_wind: Wind,
    /// The seat wind, East by default.
    #[serde(default)]
    pub seat_wind: Wind,
    /// Rule options: a preset (`"default"`, `"strict_1998"`) or an object.
    #[serde(default)]
    pub rules: Option<RulesSpec>,
    /// `"mcr"` to read `5z 6z 7z` as Red, Green, White (the MCR helper's order).
    #[serde(default)]
    pub dialect: Option<Dialect>,
}

/// Rule options in a request: a preset or an object of options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum RulesSpec {
    /// `"default"` or `"strict_1998"`.
    Preset(RulesPreset),
    /// Options; missing ones take their defaults.
    Options(RuleOptions),
}

/// Named rule presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RulesPreset {
    /// The defaults (mahjong-algorithm / MIL conventions).
    Default,
    /// [`Rules::strict_1998`]; `strict1998` and `strict-1998` are read too.
    #[serde(rename = "strict_1998", alias = "strict1998", alias = "strict-1998")]
    Strict1998,
}

/// Rule options by name (see `docs/mcr-rules.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleOptions {
    /// `combined` (明暗杠 5) or `separate`.
    #[serde(default)]
    pub kong_pair: Option<KongPair>,
    /// `mil` or `outside_knitted_only`.
    #[serde(default)]
    pub knitted_straight_waits: Option<KnittedStraightWaits>,
    /// `all` or `strict_1998`.
    #[serde(default)]
    pub seven_pairs: Option<SevenPairsCombinations>,
    /// `no_double_pung` or `no_double_or_triple_pung`.
    #[serde(default)]
    pub all_terminals: Option<AllTerminalsPungs>,
}

deserialize_by_name!(KongPair, "combined or separate", {
    "combined" => KongPair::Combined,
    "separate" => KongPair::Separate,
});

deserialize_by_name!(KnittedStraightWaits, "mil or outside_knitted_only", {
    "mil" => KnittedStraightWaits::Mil,
    "outside_knitted_only" => KnittedStraightWaits::OutsideKnittedOnly,
});

deserialize_by_name!(SevenPairsCombinations, "all or strict_1998", {
    "all" => SevenPairsCombinations::All,
    "strict_1998" => SevenPairsCombinations::Strict1998,
});

deserialize_by_name!(AllTerminalsPungs, "no_double_pung or no_double_or_triple_pung", {
    "no_double_pung" => AllTerminalsPungs::NoDoublePung,
    "no_double_or_triple_pung" => AllTerminalsPungs::NoDoubleOrTriplePung,
});

impl RulesSpec {
    /// The rules asked for.
    #[must_use]
    pub fn rules(&self) -> Rules {
        match self {
            RulesSpec::Preset(RulesPreset::Default) => Rules::default(),
            RulesSpec::Preset(RulesPreset::Strict1998) => Rules::strict_1998(),
            RulesSpec::Options(o) => {
                let d = Rules::default();
                Rules {
                    kong_pair: o.kong_pair.unwrap_or(d.kong_pair),
                    knitted_straight_waits: o
                        .knitted_straight_waits
                        .unwrap_or(d.knitted_straight_waits),
                    seven_pairs: o.seven_pairs.unwrap_or(d.seven_pairs),
                    all_terminals: o.all_terminals.unwrap_or(d.all_terminals),
                }
            }
        }
    }
}

impl FanRequest {
    /// A request for `hand` alone: won on a discard of its last tile, East winds.
    #[must_use]
    pub fn new(hand: impl Into<String>) -> FanRequest {
        FanRequest {
            hand: hand.into(),
            ..FanRequest::default()
        }
    }

    /// The dialect asked for.
    fn dialect(&self) -> Dialect {
        self.dialect.unwrap_or_default()
    }

    /// The hand (with its melds) and the win situation.
    ///
    /// # Errors
    ///
    /// `parse` for bad notation, `invalid_request` for a `win` that is not one tile or
    /// a hand with no tile to win on, `invalid_hand` for bad melds.
    pub fn to_input(&self) -> Result<(Hand, WinContext), Error> {
        let dialect = self.dialect();
        let mut hand = parse_hand_unchecked_with(&self.hand, dialect)?;
        for m in &self.melds {
            hand.push_meld(m.to_meld(dialect)?);
        }
        let win = winning_tile(&mut hand, self.win.as_deref(), dialect)?.tile();
        let ctx = WinContext {
            win,
            source: WinSource::from_flags(self.tsumo, self.kong),
            last_of_wall: self.last_tile,
            fourth_tile: self.fourth_tile,
            flowers: self.flowers,
            round_wind: self.round_wind,
            seat_wind: self.seat_wind,
        };
        Ok((hand, ctx))
    }

    /// The rules asked for (the defaults when none).
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
            .as_ref()
            .map(RulesSpec::rules)
            .unwrap_or_default()
    }
}

impl Request for FanRequest {
    type Answer = FanResponse;
    type Defaults = Option<RulesSpec>;

    fn apply_defaults(&mut self, rules: &Option<RulesSpec>) {
        if self.rules.is_none() {
            self.rules = *rules;
        }
    }

    /// The fans of the hand: `parse`, `invalid_request`, `invalid_hand` or
    /// `not_winning` when it cannot be scored.
    fn compute(&self, _: &super::limits::Limits, _: &super::Stop) -> Result<FanResponse, Error> {
        let (hand, ctx) = self.to_input()?;
        let result = score_with(&hand, &ctx, &self.rules())?;
        Ok(FanResponse::of(&result, ctx.win))
    }
}

/// One fan of the breakdown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FanLine {
    /// The JSON id.
    pub id: &'static str,
    /// The Chinese name.
    pub zh: &'static str,
    /// The English name.
    pub en: &'static str,
    /// Points of one occurrence.
    pub points: u32,
    /// How many times it counts.
    pub count: u32,
}

/// Fan ids mapped to their points summed over their count, in table order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FanPoints(pub Vec<(Fan, u32)>);

impl Serialize for FanPoints {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (f, p) in &self.0 {
            m.serialize_entry(f.id(), p)?;
        }
        m.end()
    }
}

/// An MCR result: `fan` (total, flowers included) and `fans` as in `cases.md`, then the
/// total without flowers, the flowers, whether the 8-fan minimum is met, the form and
/// reading scored, and the breakdown with names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FanResponse {
    /// Total points, flowers included.
    pub fan: u32,
    /// The winning tile (MPSZ).
    pub win: String,
    /// Fan id → points (a fan counted n times shows n × its points).
    pub fans: FanPoints,
    /// The reading scored, blocks in MPSZ (`[…]` for declared melds).
    pub decomposition: String,
    /// The form scored: `regular`, `seven_pairs`, `nine_gates`, ….
    pub form: &'static str,
    /// Total without flowers.
    pub base: u32,
    /// Flowers counted.
    pub flowers: u8,
    /// Whether `base` reaches the 8-fan minimum.
    pub meets_minimum: bool,
    /// Every fan with names, points and count.
    pub breakdown: Vec<FanLine>,
}

impl FanResponse {
    /// The response of a hand won on `win` and scored as `r`.
    #[must_use]
    pub fn of(r: &FanResult, win: crate::tile::Tile) -> FanResponse {
        let fans = r
            .fans()
            .map(|(f, c)| (f, u32::from(f.points()) * u32::from(c)))
            .collect();
        let breakdown = r
            .fans()
            .map(|(f, c)| FanLine {
                id: f.id(),
                zh: f.zh(),
                en: f.en(),
                points: u32::from(f.points()),
                count: u32::from(c),
            })
            .collect();
        FanResponse {
            fan: r.total(),
            win: win.to_string(),
            fans: FanPoints(fans),
            decomposition: r.reading().to_string(),
            form: r.form().id(),
            base: r.base(),
            flowers: r.flowers(),
            meets_minimum: r.meets_minimum(),
            breakdown,
        }
    }
}
