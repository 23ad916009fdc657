//! MCR fan requests and results (`spec/json-api.md`, `spec/cases.md`).
//!
//! A request is the MCR case format: `hand` (concealed tiles, the winning tile included),
//! `melds` (`chow` with `claimed`, `pung` / `kong` with `from`, `concealed_kong`),
//! `win`, the flags `tsumo fourth_tile kong last_tile`, `flowers`, `round_wind`,
//! `seat_wind`; optionally `rules` (a preset name or an object of options) and
//! `dialect` (`"mcr"` reads `5z..7z` in the MCR helper's order). Unknown fields, such
//! as a case's `expected`, are ignored.

use crate::hand::{Hand, Meld, MeldKind, Source};
use crate::mcr::{
    score_with, AllTerminalsPungs, Fan, FanResult, KnittedStraightWaits, KongPair, Rules,
    SevenPairsCombinations, WinContext, WinSource, Wind,
};
use crate::notation::{parse_hand_unchecked_with, parse_tile, parse_tiles_with, Dialect};
use crate::tile::Tile;
use crate::Error;
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};

/// A fan request (the id is handled by the caller).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct FanRequest {
    /// Concealed tiles, the winning tile included (or not: then it is added).
    pub hand: String,
    /// Declared melds.
    #[serde(default)]
    pub melds: Vec<MeldSpec>,
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
    /// The prevalent wind (`E S W N`), East by default.
    #[serde(default)]
    pub round_wind: WindName,
    /// The seat wind, East by default.
    #[serde(default)]
    pub seat_wind: WindName,
    /// Rule options: a preset (`"default"`, `"strict_1998"`) or an object.
    #[serde(default)]
    pub rules: Option<RulesSpec>,
    /// `"mcr"` to read `5z 6z 7z` as Red, Green, White (the MCR helper's order).
    #[serde(default)]
    pub dialect: Option<DialectName>,
}

/// A wind as written in requests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub enum WindName {
    /// East.
    #[default]
    E,
    /// South.
    S,
    /// West.
    W,
    /// North.
    N,
}

impl From<WindName> for Wind {
    fn from(w: WindName) -> Wind {
        match w {
            WindName::E => Wind::East,
            WindName::S => Wind::South,
            WindName::W => Wind::West,
            WindName::N => Wind::North,
        }
    }
}

/// The notation dialect of a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DialectName {
    /// Tenhou order for `z`.
    Standard,
    /// The MCR helper's order for `z`.
    Mcr,
}

/// A declared meld as written in MCR requests.
#[derive(Clone, Debug, Deserialize)]
pub struct MeldSpec {
    /// The kind.
    pub kind: MeldSpecKind,
    /// Its tiles, e.g. `234s` or `1111s`.
    pub tiles: String,
    /// For a chow, which tile of the run (1, 2, 3, in order) was claimed.
    #[serde(default)]
    pub claimed: Option<u8>,
    /// For a pung or kong, the seat it was claimed from: 1 left, 2 opposite, 3 right.
    #[serde(default)]
    pub from: Option<u8>,
}

/// The kinds of declared melds in MCR requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldSpecKind {
    /// A claimed run.
    Chow,
    /// A claimed triplet.
    Pung,
    /// A melded kong (from a claimed tile, or a pung upgraded: scored alike).
    Kong,
    /// A pung upgraded with the fourth tile (加杠); scored as a melded kong.
    AddedKong,
    /// A concealed kong.
    ConcealedKong,
}

/// Rule options in a request: a preset or an object of options.
#[derive(Clone, Debug, Deserialize)]
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
    /// [`Rules::strict_1998`].
    Strict1998,
}

/// Rule options by name (see `docs/mcr-rules.md`).
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleOptions {
    /// `combined` (明暗杠 5) or `separate`.
    #[serde(default)]
    pub kong_pair: Option<KongPairName>,
    /// `mil` or `outside_knitted_only`.
    #[serde(default)]
    pub knitted_straight_waits: Option<KnittedWaitsName>,
    /// `all` or `strict_1998`.
    #[serde(default)]
    pub seven_pairs: Option<SevenPairsName>,
    /// `no_double_pung` or `no_double_or_triple_pung`.
    #[serde(default)]
    pub all_terminals: Option<AllTerminalsName>,
}

/// [`KongPair`] by name.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum KongPairName {
    Combined,
    Separate,
}

/// [`KnittedStraightWaits`] by name.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum KnittedWaitsName {
    Mil,
    OutsideKnittedOnly,
}

/// [`SevenPairsCombinations`] by name.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum SevenPairsName {
    All,
    #[serde(rename = "strict_1998")]
    Strict1998,
}

/// [`AllTerminalsPungs`] by name.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum AllTerminalsName {
    NoDoublePung,
    NoDoubleOrTriplePung,
}

impl RulesSpec {
    /// The rules asked for.
    #[must_use]
    pub fn rules(&self) -> Rules {
        match self {
            RulesSpec::Preset(RulesPreset::Default) => Rules::default(),
            RulesSpec::Preset(RulesPreset::Strict1998) => Rules::strict_1998(),
            RulesSpec::Options(o) => {
                let mut r = Rules::default();
                if let Some(k) = o.kong_pair {
                    r.kong_pair = match k {
                        KongPairName::Combined => KongPair::Combined,
                        KongPairName::Separate => KongPair::Separate,
                    };
                }
                if let Some(k) = o.knitted_straight_waits {
                    r.knitted_straight_waits = match k {
                        KnittedWaitsName::Mil => KnittedStraightWaits::Mil,
                        KnittedWaitsName::OutsideKnittedOnly => {
                            KnittedStraightWaits::OutsideKnittedOnly
                        }
                    };
                }
                if let Some(k) = o.seven_pairs {
                    r.seven_pairs = match k {
                        SevenPairsName::All => SevenPairsCombinations::All,
                        SevenPairsName::Strict1998 => SevenPairsCombinations::Strict1998,
                    };
                }
                if let Some(k) = o.all_terminals {
                    r.all_terminals = match k {
                        AllTerminalsName::NoDoublePung => AllTerminalsPungs::NoDoublePung,
                        AllTerminalsName::NoDoubleOrTriplePung => {
                            AllTerminalsPungs::NoDoubleOrTriplePung
                        }
                    };
                }
                r
            }
        }
    }
}

/// A request field that cannot be used (`invalid_request`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FieldError(pub String);

/// Why a request could not be answered: a field, or the library's error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    /// A field that cannot be used (`invalid_request`).
    #[error(transparent)]
    Field(#[from] FieldError),
    /// Notation, hand or scoring error.
    #[error(transparent)]
    Pairi(#[from] Error),
}

impl RequestError {
    /// The JSON error kind.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            RequestError::Field(_) => "invalid_request",
            RequestError::Pairi(e) => e.kind(),
        }
    }
}

impl From<crate::mcr::FanError> for RequestError {
    fn from(e: crate::mcr::FanError) -> Self {
        RequestError::Pairi(e.into())
    }
}

impl FanRequest {
    /// The dialect asked for.
    fn dialect(&self) -> Dialect {
        match self.dialect {
            Some(DialectName::Mcr) => Dialect::Mcr,
            _ => Dialect::Standard,
        }
    }

    /// The hand (with its melds) and the win situation.
    pub fn to_input(&self) -> Result<(Hand, WinContext), RequestError> {
        let dialect = self.dialect();
        let mut hand =
            parse_hand_unchecked_with(&self.hand, dialect).map_err(RequestError::from)?;
        for m in &self.melds {
            hand.push_meld(m.to_meld(dialect)?);
        }
        let win = match &self.win {
            Some(w) => parse_win(w, dialect)?,
            None => hand
                .last()
                .map(|p| p.tile())
                .ok_or_else(|| FieldError("no winning tile: `hand` is empty".into()))?,
        };
        let ctx = WinContext {
            win,
            source: WinSource::from_flags(self.tsumo, self.kong),
            last_of_wall: self.last_tile,
            fourth_tile: self.fourth_tile,
            flowers: self.flowers,
            round_wind: self.round_wind.into(),
            seat_wind: self.seat_wind.into(),
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

    /// Answers the request.
    pub fn answer(&self) -> Result<FanResponse, RequestError> {
        self.answer_or(&Rules::default())
    }

    /// Answers the request under its own `rules`, or `default` when it names none.
    pub fn answer_or(&self, default: &Rules) -> Result<FanResponse, RequestError> {
        let (hand, ctx) = self.to_input()?;
        let rules = self.rules.as_ref().map_or(*default, RulesSpec::rules);
        let result = score_with(&hand, &ctx, &rules)?;
        Ok(FanResponse::from(&result))
    }
}

fn parse_win(w: &str, dialect: Dialect) -> Result<Tile, RequestError> {
    let tiles = match dialect {
        Dialect::Standard => parse_tile(w).map(|p| vec![p]),
        Dialect::Mcr => parse_tiles_with(w, dialect),
    }
    .map_err(|e| RequestError::Pairi(e.into()))?;
    match tiles.as_slice() {
        [one] => Ok(one.tile()),
        _ => Err(FieldError(format!("`win` must be one tile, found {w:?}")).into()),
    }
}

impl MeldSpec {
    /// The meld, checked against its kind.
    pub fn to_meld(&self, dialect: Dialect) -> Result<Meld, RequestError> {
        let tiles =
            parse_tiles_with(&self.tiles, dialect).map_err(|e| RequestError::Pairi(e.into()))?;
        let mut kinds: Vec<Tile> = tiles.iter().map(|p| p.tile()).collect();
        kinds.sort_unstable();
        let red = u8::try_from(tiles.iter().filter(|p| p.is_red()).count()).unwrap_or(u8::MAX);
        let source = |from: Option<u8>| -> Result<Option<Source>, RequestError> {
            match from {
                None => Ok(Some(Source::Left)),
                Some(n) => Source::from_number(n).map(Some).ok_or_else(|| {
                    FieldError(format!("`from` must be 1, 2 or 3, found {n}")).into()
                }),
            }
        };
        let bad = |what: &str| -> RequestError {
            FieldError(format!("meld {:?} is not a {what}", self.tiles)).into()
        };
        let same = kinds.windows(2).all(|w| w[0] == w[1]);
        let meld = match self.kind {
            MeldSpecKind::Chow => {
                if kinds.len() != 3 {
                    return Err(bad("chow"));
                }
                let claimed = match self.claimed {
                    None => None,
                    Some(n @ 1..=3) => Some(n - 1),
                    Some(n) => {
                        return Err(
                            FieldError(format!("`claimed` must be 1, 2 or 3, found {n}")).into(),
                        )
                    }
                };
                let run = kinds[1].as_u8() == kinds[0].as_u8() + 1
                    && kinds[2].as_u8() == kinds[0].as_u8() + 2
                    && kinds[0].suit() == kinds[2].suit();
                if !run {
                    return Err(bad("chow"));
                }
                Meld::chi(kinds[0], claimed, red).map_err(|e| RequestError::Pairi(e.into()))?
            }
            MeldSpecKind::Pung => {
                if kinds.len() != 3 || !same {
                    return Err(bad("pung"));
                }
                Meld::set(MeldKind::Pon, kinds[0], source(self.from)?, red)
                    .map_err(|e| RequestError::Pairi(e.into()))?
            }
            MeldSpecKind::Kong | MeldSpecKind::AddedKong | MeldSpecKind::ConcealedKong => {
                if kinds.len() != 4 || !same {
                    return Err(bad("kong"));
                }
                let (kind, src) = match self.kind {
                    MeldSpecKind::Kong => (MeldKind::OpenKan, source(self.from)?),
                    MeldSpecKind::AddedKong => (MeldKind::AddedKan, source(self.from)?),
                    _ => (MeldKind::ClosedKan, None),
                };
                Meld::set(kind, kinds[0], src, red).map_err(|e| RequestError::Pairi(e.into()))?
            }
        };
        Ok(meld)
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

impl From<&FanResult> for FanResponse {
    fn from(r: &FanResult) -> FanResponse {
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
