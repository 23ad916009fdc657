//! Analysis and shanten requests and results (`docs/json-api.md`, "analyze" and
//! "shanten").
//!
//! A request is `{"hand", "melds", "visible", "classic", "family", "discarded",
//! "kongs_in_hand", "players", "kita", "ev"}` (only `hand` is required; `family`:
//! `riichi` or `mcr`); the `id` of
//! a batch line is the envelope's business ([`super::batch`]). `melds` is a number of
//! melds whose tiles are not given, or a list of [`MeldRequest`]s; melds written in
//! brackets inside `hand` count too.
//!
//! ```
//! use pairi::api::{analysis::AnalysisRequest, Request};
//!
//! let req: AnalysisRequest =
//!     serde_json::from_str(r#"{"hand": "123m406p789s1122z", "visible": "1z"}"#).unwrap();
//! let res = req.answer().unwrap();
//! assert_eq!((res.shanten, res.useful.as_deref(), res.count), (0, Some("12z"), Some(3)));
//! let json = serde_json::to_string(&res).unwrap();
//! assert!(json.contains(r#""tiles":[["1z",1],["2z",2]],"waits":"12z""#));
//! ```

use super::ev::{EvRequest, EvResult};
use super::hand::{check_kita, MeldRequest, PlayersField, TilesField};
use super::{deserialize_by_name, Error, Request};
use crate::analysis::{
    complete_readings, Analysis, Analyzer, DiscardedCopy, Family, Forms, Holding, Improvement,
};
use crate::decompose::Wait;
use crate::error::ErrorKind;
use crate::hand::{Hand, MeldKind};
use crate::notation::{format_pai, format_set, parse_hand, Dialect, Format};
use crate::riichi::rules::Players;
use crate::shanten::Mode;
use crate::tile::{Tile, TileCounts, TileSet};
use crate::wall::Wall;
use serde::{Deserialize, Serialize};

/// The `melds` field: a number of melds whose tiles are not given, or the melds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum MeldsField {
    /// That many declared melds, tiles unknown (the shanten case files).
    Count(usize),
    /// The declared melds with their tiles (the scoring case files).
    List(Vec<MeldRequest>),
}

impl Default for MeldsField {
    fn default() -> Self {
        MeldsField::Count(0)
    }
}

/// An analysis request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisRequest {
    /// The hand in any notation: concealed tiles (13 − 3k or 14 − 3k), melds in brackets
    /// allowed.
    pub hand: String,
    /// The melds not written in `hand`.
    #[serde(default)]
    pub melds: MeldsField,
    /// Tiles seen elsewhere (rivers, others' melds, dora indicators).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visible: Option<TilesField>,
    /// `true`: the classic structural shanten that ignores tile availability.
    #[serde(default)]
    pub classic: bool,
    /// Which family's winning forms count: `riichi` (the default) or `mcr`. Also read
    /// as `rules`, its name before 0.2.
    #[serde(default, alias = "rules", skip_serializing_if = "Option::is_none")]
    pub family: Option<Family>,
    /// How a discard table counts the copy just discarded: `gone` (in the river, the
    /// default) or `drawable` (from the hand alone, as tenhou.net/2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discarded: Option<DiscardedCopy>,
    /// `true`: a hand of more tiles than 14 − 3k reads each four of a kind as a concealed
    /// kong (a plain list such as `111122223333444455m`).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub kongs_in_hand: bool,
    /// 3 or 4 players (default 4): three play without 2m–8m (Riichi forms only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<PlayersField>,
    /// North tiles set aside (抜きドラ), 0 to 4, three players only: they are not in the
    /// hand and cannot be drawn.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub kita: u32,
    /// The expected value of each discard as well (Riichi, four or three players, every
    /// meld's tiles known): `true` for the expected-value search's defaults, or an
    /// object of its settings (the fields of an `ev` request but `hand`, `melds`,
    /// `visible` and `players`, which are this request's).
    #[serde(default, skip_serializing_if = "EvField::is_off")]
    pub ev: EvField,
}

/// The `ev` field of an analysis request: off (`false`, the default), on with the
/// defaults (`true`), or on with settings (an object of `ev` request fields).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EvField {
    /// No expected values.
    #[default]
    Off,
    /// Expected values with these settings (empty: every default).
    On(serde_json::Map<String, serde_json::Value>),
}

impl EvField {
    fn is_off(&self) -> bool {
        *self == EvField::Off
    }
}

impl Serialize for EvField {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            EvField::Off => s.serialize_bool(false),
            EvField::On(m) if m.is_empty() => s.serialize_bool(true),
            EvField::On(m) => m.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for EvField {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = EvField;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("true, false or an object of expected-value settings")
            }
            fn visit_bool<E: serde::de::Error>(self, on: bool) -> Result<EvField, E> {
                Ok(if on {
                    EvField::On(serde_json::Map::new())
                } else {
                    EvField::Off
                })
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<EvField, A::Error> {
                let m =
                    Deserialize::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(EvField::On(m))
            }
        }
        d.deserialize_any(V)
    }
}

/// The fields of an analysis request an `ev` object may not set: the analysis gives them.
const EV_FROM_ANALYSIS: [&str; 4] = ["hand", "melds", "visible", "players"];

impl AnalysisRequest {
    /// The expected-value request of the `ev` field: the same hand, melds, visible tiles
    /// and players, the settings of `ev`; `None` when `ev` is off.
    ///
    /// # Errors
    ///
    /// `invalid_request` for an analysis the search cannot value (MCR forms, melds
    /// without their tiles, kita) or settings that are not those of an `ev` request.
    pub fn ev_request(&self) -> Result<Option<EvRequest>, Error> {
        let EvField::On(settings) = &self.ev else {
            return Ok(None);
        };
        if self.family.unwrap_or_default() != Family::Riichi {
            return Err(Error::invalid_request(
                "`ev`: expected values are a Riichi question; the `family` is mcr",
            ));
        }
        if self.kita > 0 {
            return Err(Error::invalid_request(
                "`ev`: the expected-value search sets no North aside (`kita`)",
            ));
        }
        if let Some(k) = EV_FROM_ANALYSIS.iter().find(|k| settings.contains_key(**k)) {
            return Err(Error::invalid_request(format!(
                "`ev.{k}`: set by the analysis request itself, not inside `ev`"
            )));
        }
        let mut fields = settings.clone();
        fields.insert("hand".into(), self.hand.clone().into());
        match &self.melds {
            MeldsField::Count(0) => {}
            MeldsField::Count(_) => {
                return Err(Error::invalid_request(
                    "`ev`: the search needs every meld's tiles (in brackets in `hand`, or `melds` as a list)",
                ))
            }
            MeldsField::List(list) => {
                fields.insert("melds".into(), serde_json::to_value(list)?);
            }
        }
        if let Some(v) = &self.visible {
            fields.insert("visible".into(), serde_json::to_value(v)?);
        }
        if let Some(p) = self.players {
            fields.insert("players".into(), serde_json::to_value(p)?);
        }
        // Read as JSON text, as a batch line is: the one reader of `ev` requests (a
        // reader of values would be a second one in the WebAssembly module).
        let text = serde_json::Value::Object(fields).to_string();
        let mut d = serde_json::Deserializer::from_str(&text);
        serde_path_to_error::deserialize(&mut d)
            .map(Some)
            .map_err(|e| {
                let path = e.path().to_string();
                // The position is in the text made here, not the caller's.
                let message = e.into_inner().to_string();
                let message = message
                    .rsplit_once(" at line ")
                    .map_or(message.as_str(), |(m, _)| m);
                Error::invalid_request(format!(
                    "`ev.{path}`: {}",
                    super::batch::plain_ranges(message)
                ))
            })
    }
}

/// The wall of `players` under `family`, and `kita` checked against it.
fn wall_of(players: Option<PlayersField>, family: Family, kita: u32) -> Result<Wall, Error> {
    let three = players.is_some_and(|p| p.0 == Players::Three);
    if three && family == Family::Mcr {
        return Err(Error::invalid_request(
            "`players`: three-player mahjong is a Riichi rule; MCR is played by four",
        ));
    }
    if kita > 0 && !three {
        return Err(Error::invalid_request(
            "`kita` (North tiles set aside) is three-player only: set `players` to 3",
        ));
    }
    check_kita(kita)?;
    Ok(players.map_or_else(Wall::default, PlayersField::wall))
}

impl Serialize for DiscardedCopy {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            DiscardedCopy::Gone => "gone",
            DiscardedCopy::Drawable => "drawable",
        })
    }
}

deserialize_by_name!(DiscardedCopy, "gone or drawable", {
    "gone" => DiscardedCopy::Gone,
    "drawable" => DiscardedCopy::Drawable,
});

/// A shanten request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShantenRequest {
    /// The hand, as in [`AnalysisRequest::hand`].
    pub hand: String,
    /// The melds not written in `hand`.
    #[serde(default)]
    pub melds: MeldsField,
    /// `true`: the classic structural shanten that ignores tile availability.
    #[serde(default)]
    pub classic: bool,
    /// Which family's winning forms count: `riichi` (the default) or `mcr`. Also read
    /// as `rules`, its name before 0.2.
    #[serde(default, alias = "rules", skip_serializing_if = "Option::is_none")]
    pub family: Option<Family>,
    /// As [`AnalysisRequest::kongs_in_hand`].
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub kongs_in_hand: bool,
    /// As [`AnalysisRequest::players`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<PlayersField>,
    /// As [`AnalysisRequest::kita`].
    #[serde(default, skip_serializing_if = "is_zero")]
    pub kita: u32,
}

/// `hand` with the melds of the `melds` field, checked against `wall`
/// with `kita` Norths set aside, and whether every meld's tiles are known (a count of
/// melds leaves them out).
fn hand_of(
    mut h: Hand,
    melds: &MeldsField,
    kongs: bool,
    wall: &Wall,
    kita: u32,
) -> Result<(Hand, bool), Error> {
    let listed = match melds {
        MeldsField::Count(n) => *n,
        MeldsField::List(list) => list.len(),
    } + h.melds().len();
    if kongs && h.concealed_len() + 3 * listed > 14 {
        h.fours_as_kongs();
    }
    let complete = match melds {
        MeldsField::Count(n) => *n == 0,
        MeldsField::List(list) => {
            for m in list {
                h.push_meld(m.to_meld(Dialect::Standard)?);
            }
            true
        }
    };
    h.validate(wall)?;
    if !wall.is_four_player() && h.melds().iter().any(|m| m.kind() == MeldKind::Chi) {
        return Err(Error::new(
            ErrorKind::InvalidHand,
            "a chi in three-player mahjong, which has none",
        ));
    }
    let norths = u32::from(h.all_counts().get(Tile::NORTH)) + kita;
    if norths > u32::from(wall.copies(Tile::NORTH)) {
        return Err(Error::new(
            ErrorKind::InvalidHand,
            format!("the hand and the kita hold {norths} North tiles: 4 exist"),
        ));
    }
    Ok((h, complete))
}

/// The holding of a hand read by [`hand_of`] from the same `melds` field.
fn holding_of(h: &Hand, melds: &MeldsField) -> Result<Holding, Error> {
    match melds {
        MeldsField::Count(n) => Ok(Holding::with_unlisted_melds(h, *n)?),
        MeldsField::List(_) => Ok(Holding::from_hand(h)),
    }
}

/// What an analysis request describes, read once: the analyzer, the hand (and whether
/// every meld's tiles are known), and the holding analysed.
struct Prepared {
    analyzer: Analyzer,
    hand: Hand,
    listed: bool,
    holding: Holding,
}

fn mode(classic: bool) -> Mode {
    if classic {
        Mode::Classic
    } else {
        Mode::Exact
    }
}

impl AnalysisRequest {
    /// A request for `hand` alone: no other melds, nothing visible, exact count, Riichi.
    #[must_use]
    pub fn new(hand: impl Into<String>) -> AnalysisRequest {
        AnalysisRequest {
            hand: hand.into(),
            melds: MeldsField::default(),
            visible: None,
            classic: false,
            family: None,
            discarded: None,
            kongs_in_hand: false,
            players: None,
            kita: 0,
            ev: EvField::Off,
        }
    }

    /// The analyzer and holding this request describes.
    ///
    /// # Errors
    ///
    /// `parse` for bad notation, `invalid_hand` for bad melds.
    pub fn prepare(&self) -> Result<(Analyzer, Holding), Error> {
        let p = self.prepared()?;
        Ok((p.analyzer, p.holding))
    }

    fn prepared(&self) -> Result<Prepared, Error> {
        self.prepared_with(None)
    }

    /// [`Self::prepared`] with `given` in place of the `hand` text when given: checked
    /// as reading notation checks a hand, so the answer is the text's.
    fn prepared_with(&self, given: Option<Hand>) -> Result<Prepared, Error> {
        let family = self.family.unwrap_or_default();
        let wall = wall_of(self.players, family, self.kita)?;
        let hand = match given {
            Some(h) => {
                h.validate(&Wall::default())?;
                h
            }
            None => parse_hand(&self.hand)?,
        };
        let (hand, listed) = hand_of(hand, &self.melds, self.kongs_in_hand, &wall, self.kita)?;
        let holding = holding_of(&hand, &self.melds)?;
        // North tiles set aside are seen tiles.
        let mut visible = match &self.visible {
            Some(v) => v.counts().map_err(|e| e.in_field("visible"))?,
            None => TileCounts::new(),
        };
        for _ in 0..self.kita {
            visible.add(Tile::NORTH);
        }
        let analyzer = Analyzer::new(family)
            .with_wall(wall)
            .with_mode(mode(self.classic))
            .with_discarded(self.discarded.unwrap_or_default())
            .with_visible(visible);
        Ok(Prepared {
            analyzer,
            hand,
            listed,
            holding,
        })
    }
}

impl Request for AnalysisRequest {
    type Answer = AnalysisResult;
    type Defaults = Family;

    fn apply_defaults(&mut self, family: &Family) {
        self.family.get_or_insert(*family);
    }

    /// Shanten, forms, and useful tiles, waits and improvements (13 − 3k tiles) or the
    /// discard table (14 − 3k tiles); with `ev`, the expected value of each discard,
    /// searched within `limits` and stopped by `stop` as an `ev` request is.
    fn compute(
        &self,
        limits: &super::limits::Limits,
        stop: &super::Stop,
    ) -> Result<AnalysisResult, Error> {
        let Prepared {
            analyzer,
            hand,
            listed,
            holding,
        } = self.prepared()?;
        let ev = self.ev_request()?;
        let analysis = analyzer.analyze(&holding)?;
        let mut result = AnalysisResult::of(&analysis, &analyzer, &holding);
        result.hand = hand.to_string();
        result.unlisted_melds = holding.melds() - hand.melds().len();
        match &analysis {
            Analysis::Waiting(w) => {
                let imps = analyzer.improvements(&holding)?;
                result = result.with_improvements(&imps);
                if let (Some(waits), true) = (w.waits(), listed) {
                    let details = analyzer.wait_details(&hand, &holding, waits);
                    result.wait_shapes = Some(
                        details
                            .iter()
                            .map(|d| WaitView {
                                tile: d.tile.to_string(),
                                left: d.left,
                                shapes: wait_ids(&d.shapes),
                            })
                            .collect(),
                    );
                }
            }
            Analysis::Drawn(_) if analysis.shanten() == -1 && listed => {
                if let Some(win) = hand.last() {
                    let family = self.family.unwrap_or_default();
                    let readings = complete_readings(&hand, family, win.tile());
                    result.readings = Some(
                        readings
                            .iter()
                            .map(|r| ReadingView {
                                decomposition: r.reading.to_string(),
                                form: r.reading.form().id().to_owned(),
                                waits: wait_ids(&r.waits),
                            })
                            .collect(),
                    );
                }
            }
            Analysis::Drawn(_) => {}
        }
        if let Some(ev) = ev {
            result.ev = Some(ev.answer_within(limits, stop)?);
        }
        Ok(result)
    }
}

impl From<&ShantenRequest> for AnalysisRequest {
    /// The analysis of the same hand, melds, count and wall.
    fn from(r: &ShantenRequest) -> AnalysisRequest {
        AnalysisRequest {
            hand: r.hand.clone(),
            melds: r.melds.clone(),
            classic: r.classic,
            family: r.family,
            kongs_in_hand: r.kongs_in_hand,
            players: r.players,
            kita: r.kita,
            ..AnalysisRequest::new("")
        }
    }
}

impl Request for ShantenRequest {
    type Answer = ShantenResult;
    type Defaults = Family;

    fn apply_defaults(&mut self, family: &Family) {
        self.family.get_or_insert(*family);
    }

    /// Shanten and shanten per form.
    fn compute(&self, _: &super::limits::Limits, _: &super::Stop) -> Result<ShantenResult, Error> {
        self.answer_with(None)
    }
}

impl ShantenRequest {
    /// [`Request::answer`] of this request for `hand` rather than the `hand` text (which
    /// is not read): what a binding given tile counts saves by not writing them as
    /// notation to read them again. The answer, error included, is the one of the
    /// request whose text is `hand` written out.
    ///
    /// # Errors
    ///
    /// As [`Request::answer`].
    pub fn answer_hand(&self, hand: Hand) -> Result<ShantenResult, Error> {
        self.answer_with(Some(hand))
    }

    fn answer_with(&self, hand: Option<Hand>) -> Result<ShantenResult, Error> {
        let p = AnalysisRequest::from(self).prepared_with(hand)?;
        let h = p.holding;
        h.size()?;
        let forms = p.analyzer.forms(h.concealed(), h.melds())?;
        Ok(ShantenResult::from_forms(&forms))
    }
}

/// Shanten per form, keyed as the rule family names them; `null` for a form that
/// cannot be built with the hand's melds. Every key must be present when reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum FormsView {
    /// MCR forms (tried first when reading: its keys are the more specific).
    Mcr(McrFormsView),
    /// Riichi forms.
    Riichi(RiichiFormsView),
}

/// Riichi forms: `regular chiitoitsu kokushi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RiichiFormsView {
    /// Sets and a pair.
    pub regular: i8,
    /// Seven pairs.
    #[serde(deserialize_with = "Option::deserialize")]
    pub chiitoitsu: Option<i8>,
    /// Thirteen orphans.
    #[serde(deserialize_with = "Option::deserialize")]
    pub kokushi: Option<i8>,
}

/// MCR forms: `regular seven_pairs thirteen_orphans honors_and_knitted knitted_straight`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct McrFormsView {
    /// Sets and a pair.
    pub regular: i8,
    /// Seven pairs.
    #[serde(deserialize_with = "Option::deserialize")]
    pub seven_pairs: Option<i8>,
    /// Thirteen orphans.
    #[serde(deserialize_with = "Option::deserialize")]
    pub thirteen_orphans: Option<i8>,
    /// Honours and knitted tiles.
    #[serde(deserialize_with = "Option::deserialize")]
    pub honors_and_knitted: Option<i8>,
    /// Knitted straight.
    #[serde(deserialize_with = "Option::deserialize")]
    pub knitted_straight: Option<i8>,
}

impl FormsView {
    /// The rule family of the keys.
    #[must_use]
    pub const fn family(&self) -> Family {
        match self {
            FormsView::Riichi(_) => Family::Riichi,
            FormsView::Mcr(_) => Family::Mcr,
        }
    }

    /// Every form's key with its shanten (`None`: the form cannot be built with the
    /// hand's melds), in key order.
    #[must_use]
    pub fn entries(&self) -> Vec<(&'static str, Option<i8>)> {
        match *self {
            FormsView::Riichi(f) => vec![
                ("regular", Some(f.regular)),
                ("chiitoitsu", f.chiitoitsu),
                ("kokushi", f.kokushi),
            ],
            FormsView::Mcr(f) => vec![
                ("regular", Some(f.regular)),
                ("seven_pairs", f.seven_pairs),
                ("thirteen_orphans", f.thirteen_orphans),
                ("honors_and_knitted", f.honors_and_knitted),
                ("knitted_straight", f.knitted_straight),
            ],
        }
    }

    /// The view of `forms`.
    #[must_use]
    pub const fn from_forms(forms: &Forms) -> FormsView {
        match forms {
            Forms::Riichi(s) => FormsView::Riichi(RiichiFormsView {
                regular: s.regular,
                chiitoitsu: s.chiitoitsu,
                kokushi: s.kokushi,
            }),
            Forms::Mcr(s) => FormsView::Mcr(McrFormsView {
                regular: s.regular,
                seven_pairs: s.seven_pairs,
                thirteen_orphans: s.thirteen_orphans,
                honors_and_knitted: s.honors_and_knitted,
                knitted_straight: s.knitted_straight,
            }),
        }
    }
}

/// A shanten result: `{"shanten", "regular", "chiitoitsu", "kokushi"}` or the five MCR
/// keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShantenResult {
    /// The least shanten over the forms (−1 complete).
    pub shanten: i8,
    /// Shanten per form.
    #[serde(flatten)]
    pub forms: FormsView,
}

impl ShantenResult {
    /// The result for `forms`.
    #[must_use]
    pub fn from_forms(forms: &Forms) -> ShantenResult {
        ShantenResult {
            shanten: forms.shanten(),
            forms: FormsView::from_forms(forms),
        }
    }
}

/// One row of a discard table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiscardView {
    /// The tile discarded (MPSZ, `0` for the red five).
    pub tile: String,
    /// Shanten after the discard.
    pub shanten: i8,
    /// Useful tiles after the discard, MPSZ, sorted.
    pub useful: String,
    /// Copies of them left.
    pub count: u32,
    /// The useful tiles one by one with the copies left of each: `[["3s", 3], …]`.
    pub tiles: Vec<TileLeft>,
}

/// A tile and the copies of it left to draw: `["3s", 3]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileLeft(pub String, pub u8);

/// An improvement draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImprovementView {
    /// The tile drawn.
    pub draw: String,
    /// The best discard after it.
    pub discard: String,
    /// Useful tiles after draw and discard.
    pub useful: String,
    /// Copies of them left (more than the hand has now).
    pub count: u32,
}

impl ImprovementView {
    /// The view of `imp`.
    #[must_use]
    pub fn from_improvement(imp: &Improvement) -> ImprovementView {
        ImprovementView {
            draw: imp.draw.to_string(),
            discard: format_pai(imp.discard, Format::Mpsz),
            useful: format_set(imp.useful.tiles),
            count: imp.useful.count,
        }
    }
}

/// An analysis result. A 13 − 3k tile hand has `useful`, `count` and `waits` (`null`
/// unless tenpai); a 14 − 3k tile hand has `discards`; a request with `ev` has `ev`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalysisResult {
    /// The hand as read, normalised (MPSZ, melds in brackets; kongs read from fours
    /// with `kongs_in_hand`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub hand: String,
    /// Declared melds whose tiles were not given (a count in `melds`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unlisted_melds: usize,
    /// The least shanten over the forms (−1 complete).
    pub shanten: i8,
    /// Shanten per form.
    pub forms: FormsView,
    /// Useful tiles (13 − 3k tiles), MPSZ, sorted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub useful: Option<String>,
    /// Copies of the useful tiles left (13 − 3k tiles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// The useful tiles one by one with the copies left of each (13 − 3k tiles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiles: Option<Vec<TileLeft>>,
    /// The discard table, best first (14 − 3k tiles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discards: Option<Vec<DiscardView>>,
    /// The waits at tenpai, `null` otherwise (13 − 3k tiles).
    #[serde(default, skip_serializing_if = "Waits::is_absent")]
    pub waits: Waits,
    /// Improvement draws (13 − 3k tiles; empty unless at shanten 0 or 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub improvements: Option<Vec<ImprovementView>>,
    /// Each wait of a tenpai 13 − 3k tile hand with its copies left and wait shapes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wait_shapes: Option<Vec<WaitView>>,
    /// Every reading of a complete 14 − 3k tile hand, with the waits its last tile takes
    /// (the number of readings is the number of ways it is complete).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readings: Option<Vec<ReadingView>>,
    /// The expected value of each discard (a request with `ev`): the answer of the
    /// `ev` request of the same hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ev: Option<EvResult>,
}

/// A wait of a tenpai hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitView {
    /// The tile waited on (MPSZ).
    pub tile: String,
    /// Copies of it left.
    pub left: u8,
    /// The shapes it completes: `ryanmen kanchan penchan shanpon tanki knitted lone`.
    pub shapes: Vec<String>,
}

/// A reading of a complete hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadingView {
    /// The blocks in MPSZ (`123m 456p 789s [777z] 99s`).
    pub decomposition: String,
    /// The form: `regular`, `seven_pairs`, `thirteen_orphans`, ….
    pub form: String,
    /// The waits the winning tile takes in it.
    pub waits: Vec<String>,
}

/// The `waits` field: absent for a 14 − 3k tile hand, `null` before tenpai.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(from = "Option<String>", into = "Option<String>")]
pub enum Waits {
    /// Not a 13 − 3k tile hand: no field.
    #[default]
    Absent,
    /// Not tenpai: `null`.
    NotTenpai,
    /// The waits, MPSZ.
    Tiles(String),
}

impl Waits {
    fn is_absent(&self) -> bool {
        *self == Waits::Absent
    }
}

impl From<Option<String>> for Waits {
    fn from(v: Option<String>) -> Waits {
        v.map_or(Waits::NotTenpai, Waits::Tiles)
    }
}

impl From<Waits> for Option<String> {
    fn from(w: Waits) -> Option<String> {
        match w {
            Waits::Tiles(s) => Some(s),
            Waits::Absent | Waits::NotTenpai => None,
        }
    }
}

impl AnalysisResult {
    /// The result of an analysis made by `analyzer` of the holding `h` (without
    /// improvements, waits and readings).
    #[must_use]
    pub fn of(a: &Analysis, analyzer: &Analyzer, h: &Holding) -> AnalysisResult {
        let forms = a.forms();
        let tiles_left = |tiles: TileSet, discarded: Option<Tile>| -> Vec<TileLeft> {
            tiles
                .iter()
                .map(|t| TileLeft(t.to_string(), analyzer.copies_left(h, discarded, t)))
                .collect()
        };
        let mut r = AnalysisResult {
            hand: String::new(),
            unlisted_melds: 0,
            shanten: forms.shanten(),
            forms: FormsView::from_forms(forms),
            useful: None,
            count: None,
            tiles: None,
            discards: None,
            waits: Waits::Absent,
            improvements: None,
            wait_shapes: None,
            readings: None,
            ev: None,
        };
        match a {
            Analysis::Waiting(w) => {
                r.useful = Some(format_set(w.useful.tiles));
                r.count = Some(w.useful.count);
                r.tiles = Some(tiles_left(w.useful.tiles, None));
                r.waits = w
                    .waits()
                    .map_or(Waits::NotTenpai, |t| Waits::Tiles(format_set(t)));
            }
            Analysis::Drawn(d) => {
                r.discards = Some(
                    d.discards
                        .iter()
                        .map(|d| DiscardView {
                            tile: format_pai(d.tile, Format::Mpsz),
                            shanten: d.shanten,
                            useful: format_set(d.useful.tiles),
                            count: d.useful.count,
                            tiles: tiles_left(d.useful.tiles, Some(d.tile.tile())),
                        })
                        .collect(),
                );
            }
        }
        r
    }

    /// Adds improvement draws.
    #[must_use]
    pub fn with_improvements(mut self, imps: &[Improvement]) -> AnalysisResult {
        self.improvements = Some(imps.iter().map(ImprovementView::from_improvement).collect());
        self
    }
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde passes fields by reference
fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

fn wait_ids(waits: &[Wait]) -> Vec<String> {
    waits.iter().map(|w| w.id().to_owned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(json: &str, family: Family) -> String {
        let mut req: AnalysisRequest = serde_json::from_str(json).unwrap();
        req.apply_defaults(&family);
        match req.answer() {
            Ok(r) => serde_json::to_string(&r).unwrap(),
            Err(e) => format!("error {}: {e}", e.kind()),
        }
    }

    fn shanten(json: &str, family: Family) -> String {
        let mut req: ShantenRequest = serde_json::from_str(json).unwrap();
        req.apply_defaults(&family);
        match req.answer() {
            Ok(r) => serde_json::to_string(&r).unwrap(),
            Err(e) => format!("error {}: {e}", e.kind()),
        }
    }

    #[test]
    fn players_ok_three_player_wall_and_kita() {
        // Without 7m and 8m, a lone 9m waits only for its pair.
        let four = answer(r#"{"hand": "119m123p456p789s1z"}"#, Family::Riichi);
        let three = answer(
            r#"{"hand": "119m123p456p789s1z", "players": 3}"#,
            Family::Riichi,
        );
        assert!(four.contains(r#""useful":"1789m1z","count":16"#), "{four}");
        assert!(three.contains(r#""useful":"19m1z","count":8"#), "{three}");
        // Kita are seen Norths: two set aside leave one to draw for a pair of Norths.
        let hand = r#""hand": "123456789p1s44z5z", "players": 3"#;
        let out = answer(&format!("{{{hand}, \"kita\": 2}}"), Family::Riichi);
        assert!(out.contains(r#"["4z",0]"#), "{out}");
        let out = answer(&format!("{{{hand}}}"), Family::Riichi);
        assert!(out.contains(r#"["4z",2]"#), "{out}");
    }

    #[test]
    fn players_err_sanma_impossible_inputs() {
        for (json, family, want) in [
            (
                r#"{"hand": "234m456p789s1122z", "players": 3}"#,
                Family::Riichi,
                "error invalid_hand",
            ),
            (
                r#"{"hand": "19m456p789s1122z", "players": 3}"#,
                Family::Mcr,
                "error invalid_request",
            ),
            (
                r#"{"hand": "19m456p789s1122z", "kita": 1}"#,
                Family::Riichi,
                "error invalid_request",
            ),
            (
                r#"{"hand": "19m456p789s1144z", "players": 3, "kita": 3}"#,
                Family::Riichi,
                "error invalid_hand",
            ),
            (
                r#"{"hand": "19m456p789s1144z", "players": 3, "kita": 9}"#,
                Family::Riichi,
                "error invalid_hand",
            ),
            (
                r#"{"hand": "19m456p789s1144z", "players": 5}"#,
                Family::Riichi,
                "players",
            ),
        ] {
            let out = std::panic::catch_unwind(|| answer(json, family))
                .unwrap_or_else(|_| "players".to_owned());
            assert!(out.starts_with(want), "{json}: {out}");
        }
        let out = answer(
            r#"{"hand": "19m456p89s1144z", "melds": [{"kind": "chi", "tiles": "123s"}], "players": 3}"#,
            Family::Riichi,
        );
        assert!(out.starts_with("error invalid_hand"), "{out}");
        let out = shanten(
            r#"{"hand": "2m19m456p789s144z", "players": 3}"#,
            Family::Riichi,
        );
        assert!(out.starts_with("error invalid_hand"), "{out}");
    }

    #[test]
    fn ev_ok_one_answer_with_the_ev_request_of_the_same_hand() {
        let out = answer(
            r#"{"hand": "222567m345p33667s", "visible": "1z", "ev": {"dora": ["1z"], "t_max": 8}}"#,
            Family::Riichi,
        );
        let ev: EvRequest = serde_json::from_str(
            r#"{"hand": "222567m345p33667s", "visible": "1z", "dora": ["1z"], "t_max": 8}"#,
        )
        .unwrap();
        let ev = serde_json::to_string(&ev.answer().unwrap()).unwrap();
        let plain = answer(
            r#"{"hand": "222567m345p33667s", "visible": "1z"}"#,
            Family::Riichi,
        );
        assert_eq!(
            out,
            format!("{},\"ev\":{ev}}}", plain.strip_suffix('}').unwrap())
        );
        // `true`: every default; the result reads back whole.
        let out = answer(
            r#"{"hand": "123m456p789s11223z", "ev": true}"#,
            Family::Riichi,
        );
        let back: AnalysisResult = serde_json::from_str(&out).unwrap();
        assert_eq!(back.ev.unwrap().discards[0].tile.as_deref(), Some("3z"));
        let off = answer(
            r#"{"hand": "123m456p789s11223z", "ev": false}"#,
            Family::Riichi,
        );
        assert!(!off.contains("\"ev\""), "{off}");
    }

    #[test]
    fn ev_err_what_the_search_cannot_value_or_read() {
        for (json, family, want) in [
            (
                r#"{"hand": "123m456p789s11223z", "ev": true}"#,
                Family::Mcr,
                "error invalid_request: `ev`: expected values are a Riichi question",
            ),
            (
                r#"{"hand": "123m456p789s1z", "melds": 1, "ev": true}"#,
                Family::Riichi,
                "error invalid_request: `ev`: the search needs every meld's tiles",
            ),
            (
                r#"{"hand": "123m456p789s11223z", "ev": {"hand": "1m"}}"#,
                Family::Riichi,
                "error invalid_request: `ev.hand`: set by the analysis request",
            ),
            (
                r#"{"hand": "123m456p789s11223z", "ev": {"t_max": "x"}}"#,
                Family::Riichi,
                "error invalid_request: `ev.t_max`: invalid type: string \"x\", expected a whole number from 0 to 255",
            ),
        ] {
            let out = answer(json, family);
            assert!(out.starts_with(want), "{json}: {out}");
            assert!(!out.contains(" at line"), "{json}: {out}");
        }
        assert!(
            serde_json::from_str::<AnalysisRequest>(r#"{"hand": "1m", "ev": 3}"#)
                .unwrap_err()
                .to_string()
                .contains("true, false or an object of expected-value settings")
        );
    }

    #[test]
    fn family_ok_read_as_rules_too() {
        let new: AnalysisRequest =
            serde_json::from_str(r#"{"hand": "1m", "family": "mcr"}"#).unwrap();
        let old: AnalysisRequest =
            serde_json::from_str(r#"{"hand": "1m", "rules": "mcr"}"#).unwrap();
        assert_eq!(
            (new.family, old.family),
            (Some(Family::Mcr), Some(Family::Mcr))
        );
        let old: ShantenRequest =
            serde_json::from_str(r#"{"hand": "1m", "rules": "mcr"}"#).unwrap();
        assert_eq!(old.family, Some(Family::Mcr));
        assert!(serde_json::to_string(&new)
            .unwrap()
            .contains(r#""family":"mcr""#));
    }

    #[test]
    fn answer_ok_waiting_not_tenpai() {
        let out = answer(r#"{"hand": "123m456p789s11z35z"}"#, Family::Riichi);
        assert!(
            out.starts_with(
                r#"{"hand":"123m456p789s1135z","shanten":1,"forms":{"regular":1,"chiitoitsu":5,"kokushi":7},"useful":"135z","count":8,"tiles":[["1z",2],["3z",3],["5z",3]],"waits":null,"improvements":[{"draw":"3p","discard":"3z","useful":"12345678p15z","count":33},"#
            ),
            "{out}"
        );
    }

    #[test]
    fn answer_ok_discards() {
        let out = answer(
            r#"{"hand": "[123m][456p][789s]11z2z45s", "classic": false}"#,
            Family::Riichi,
        );
        assert!(
            out.starts_with(
                r#"{"hand":"45s112z[123m][456p][789s]","shanten":0,"forms":{"regular":0,"chiitoitsu":null,"kokushi":null},"discards":[{"tile":"2z","shanten":0,"useful":"36s","count":8,"tiles":[["3s",4],["6s",4]]},"#
            ),
            "{out}"
        );
        assert!(!out.contains("waits"));
    }

    #[test]
    fn answer_ok_meld_count_and_list() {
        let by_count = answer(r#"{"hand": "11z2z45s", "melds": 3}"#, Family::Riichi);
        let by_list = answer(
            r#"{"hand": "11z2z45s", "melds": [{"kind": "chow", "tiles": "123m", "claimed": 1},
                {"kind": "pung", "tiles": "444p", "from": 2}, {"kind": "ankan", "tiles": "9999s"}]}"#,
            Family::Riichi,
        );
        // The same answer, but for the hand as read.
        let from_shanten = |s: &str| s[s.find("\"shanten\"").unwrap()..].to_owned();
        assert_eq!(from_shanten(&by_count), from_shanten(&by_list));
        // Listed meld tiles are held: a pon of 3s leaves one 3s.
        let held = answer(
            r#"{"hand": "11z2z45s", "melds": [{"kind": "pon", "tiles": "333s"}, {"kind": "pon", "tiles": "999m"}, {"kind": "pon", "tiles": "999p"}]}"#,
            Family::Riichi,
        );
        assert!(held.contains(r#""useful":"36s","count":5"#), "{held}");
    }

    #[test]
    fn answer_ok_mcr_keys() {
        let out = answer(r#"{"hand": "3s", "melds": 4}"#, Family::Mcr);
        assert_eq!(
            out,
            r#"{"hand":"3s","unlisted_melds":4,"shanten":0,"forms":{"regular":0,"seven_pairs":null,"thirteen_orphans":null,"honors_and_knitted":null,"knitted_straight":null},"useful":"3s","count":3,"tiles":[["3s",3]],"waits":"3s","improvements":[]}"#
        );
    }

    #[test]
    fn answer_err_kinds() {
        for (json, kind) in [
            (r#"{"hand": "12x"}"#, "parse"),
            (r#"{"hand": "123m"}"#, "invalid_hand"),
            (
                r#"{"hand": "123m406p789s1122z", "visible": "1z1z1z"}"#,
                "invalid_hand",
            ),
            (r#"{"hand": "123m406p789s1122z", "visible": "1q"}"#, "parse"),
            (r#"{"hand": "11z2z45s", "melds": 5}"#, "invalid_hand"),
            (
                r#"{"hand": "11z2z45s", "melds": [{"kind": "chi", "tiles": "135m"}]}"#,
                "invalid_hand",
            ),
            (
                r#"{"hand": "1111z2z45s", "melds": [{"kind": "pon", "tiles": "111z"}]}"#,
                "invalid_hand",
            ),
        ] {
            let out = answer(json, Family::Riichi);
            assert!(out.starts_with(&format!("error {kind}:")), "{json}: {out}");
        }
    }

    #[test]
    fn answer_ok_extra_fields_and_visible_list() {
        let a = answer(
            r#"{"id": 7, "hand": "123m406p789s1122z", "visible": ["1z", "9m"], "expected": {}}"#,
            Family::Riichi,
        );
        assert!(a.contains(r#""count":3"#), "{a}");
    }

    #[test]
    fn shanten_ok_both_families() {
        assert_eq!(
            shanten(
                r#"{"hand": "123m456p789s1111z", "melds": 0}"#,
                Family::Riichi
            ),
            r#"{"shanten":1,"regular":1,"chiitoitsu":5,"kokushi":9}"#
        );
        assert_eq!(
            shanten(
                r#"{"hand": "123m456p789s1111z", "melds": 0, "classic": true}"#,
                Family::Riichi
            ),
            r#"{"shanten":0,"regular":0,"chiitoitsu":5,"kokushi":9}"#
        );
        assert_eq!(
            shanten(r#"{"hand": "178m1239p3s14z", "melds": 1}"#, Family::Mcr),
            r#"{"shanten":3,"regular":3,"seven_pairs":null,"thirteen_orphans":null,"honors_and_knitted":null,"knitted_straight":5}"#
        );
        assert!(shanten(r#"{"hand": "123m"}"#, Family::Riichi).starts_with("error invalid_hand"));
    }

    #[test]
    fn shanten_result_ok_reads_back() {
        for json in [
            r#"{"shanten":1,"regular":1,"chiitoitsu":5,"kokushi":9}"#,
            r#"{"shanten":3,"regular":3,"seven_pairs":null,"thirteen_orphans":null,"honors_and_knitted":null,"knitted_straight":5}"#,
        ] {
            let r: ShantenResult = serde_json::from_str(json).unwrap();
            assert_eq!(serde_json::to_string(&r).unwrap(), json);
        }
    }

    proptest::proptest! {
        /// A hand given as a `Hand` answers as its notation does, errors included: any
        /// counts of 0 to 5 copies (too many tiles, a fifth copy), with or without
        /// melds, three players, MCR forms.
        #[test]
        fn answer_hand_ok_equals_the_text(
            counts in proptest::collection::vec(0u8..=5, 34),
            melds in 0usize..=5,
            family in proptest::sample::select(vec![Family::Riichi, Family::Mcr]),
            three in proptest::bool::ANY,
            classic in proptest::bool::ANY,
        ) {
            let Ok(hand) = Hand::from_counts(TileCounts::from_array(counts.try_into().unwrap()))
            else {
                return Ok(());
            };
            let mut req = ShantenRequest {
                hand: String::new(),
                melds: MeldsField::Count(melds),
                classic,
                family: Some(family),
                kongs_in_hand: false,
                players: three.then(|| serde_json::from_str("3").unwrap()),
                kita: 0,
            };
            let given = req.answer_hand(hand.clone());
            req.hand = hand.to_string();
            proptest::prop_assert_eq!(given, req.answer());
        }
    }
}
