//! Analysis and shanten requests and results (`spec/json-api.md`, "Analysis result" and
//! "Shanten result").
//!
//! A request is `{"hand", "melds", "visible", "classic"}`; the `id` of a batch line is the
//! batch runner's business. `melds` is a number of melds whose tiles are not given, or a
//! list of [`MeldRequest`]s; melds written in brackets inside `hand` count too.
//!
//! ```
//! use pairi::analysis::RuleFamily;
//! use pairi::api::analysis::AnalysisRequest;
//!
//! let req: AnalysisRequest =
//!     serde_json::from_str(r#"{"hand": "123m406p789s1122z", "visible": "1z"}"#).unwrap();
//! let res = req.answer(RuleFamily::Riichi).unwrap();
//! assert_eq!(
//!     serde_json::to_string(&res).unwrap(),
//!     r#"{"shanten":0,"forms":{"regular":0,"chiitoitsu":4,"kokushi":8},"useful":"12z","count":3,"waits":"12z"}"#
//! );
//! ```

use crate::analysis::{Analysis, Analyzer, Forms, Holding, Improvement, RuleFamily};
use crate::api::hand::MeldRequest;
use crate::notation::{format_pai, format_set, parse_hand, parse_tiles, Format};
use crate::shanten::Mode;
use crate::tile::TileCounts;
use crate::{Error, Hand};
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

/// The `visible` field: tiles seen elsewhere, as one notation string or a list of tiles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum VisibleField {
    /// `"1z2z9m"`.
    Text(String),
    /// `["1z", "2z", "9m"]`.
    List(Vec<String>),
}

impl VisibleField {
    /// The tiles as counts.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] when a tile is not notation.
    pub fn counts(&self) -> Result<TileCounts, Error> {
        let mut c = TileCounts::new();
        let mut add = |s: &str| -> Result<(), Error> {
            for p in parse_tiles(s)? {
                c.add(p.tile());
            }
            Ok(())
        };
        match self {
            VisibleField::Text(s) => add(s)?,
            VisibleField::List(v) => v.iter().try_for_each(|s| add(s))?,
        }
        Ok(c)
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
    pub visible: Option<VisibleField>,
    /// `true`: the classic structural shanten that ignores tile availability.
    #[serde(default)]
    pub classic: bool,
}

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
}

/// Builds the holding of `hand` plus the `melds` field.
fn holding(hand: &str, melds: &MeldsField) -> Result<Holding, Error> {
    let mut h: Hand = parse_hand(hand)?;
    match melds {
        MeldsField::Count(n) => Ok(Holding::with_unlisted_melds(&h, *n)?),
        MeldsField::List(list) => {
            for m in list {
                h.push_meld(m.to_meld()?);
            }
            h.validate(crate::hand::RedLimit::default())?;
            Ok(Holding::from_hand(&h))
        }
    }
}

fn mode(classic: bool) -> Mode {
    if classic {
        Mode::Classic
    } else {
        Mode::Exact
    }
}

impl AnalysisRequest {
    /// The analyzer and holding this request describes.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] for bad notation, [`Error::Hand`] for bad melds.
    pub fn prepare(&self, family: RuleFamily) -> Result<(Analyzer, Holding), Error> {
        let holding = holding(&self.hand, &self.melds)?;
        let mut analyzer = Analyzer::new(family).with_mode(mode(self.classic));
        if let Some(v) = &self.visible {
            analyzer = analyzer.with_visible(v.counts()?);
        }
        Ok((analyzer, holding))
    }

    /// Answers the request: shanten, forms, and useful tiles or the discard table.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] for bad notation, [`Error::Hand`] (`invalid_hand`) for a wrong
    /// tile count or more than four copies among held and visible tiles.
    pub fn answer(&self, family: RuleFamily) -> Result<AnalysisResult, Error> {
        let (analyzer, holding) = self.prepare(family)?;
        Ok(AnalysisResult::from_analysis(&analyzer.analyze(&holding)?))
    }
}

impl ShantenRequest {
    /// Answers the request: shanten and shanten per form.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] for bad notation, [`Error::Hand`] for a wrong tile count or
    /// more than four copies of a kind.
    pub fn answer(&self, family: RuleFamily) -> Result<ShantenResult, Error> {
        let h = holding(&self.hand, &self.melds)?;
        h.size()?;
        let forms = Analyzer::new(family)
            .with_mode(mode(self.classic))
            .forms(h.concealed(), h.melds())?;
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
}

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
/// unless tenpai); a 14 − 3k tile hand has `discards`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisResult {
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
    /// The discard table, best first (14 − 3k tiles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discards: Option<Vec<DiscardView>>,
    /// The waits at tenpai, `null` otherwise (13 − 3k tiles).
    #[serde(default, skip_serializing_if = "Waits::is_absent")]
    pub waits: Waits,
    /// Improvement draws, when asked for (13 − 3k tiles at shanten 0 or 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub improvements: Option<Vec<ImprovementView>>,
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
    /// The result of an analysis (without improvements).
    #[must_use]
    pub fn from_analysis(a: &Analysis) -> AnalysisResult {
        let forms = a.forms();
        let mut r = AnalysisResult {
            shanten: forms.shanten(),
            forms: FormsView::from_forms(forms),
            useful: None,
            count: None,
            discards: None,
            waits: Waits::Absent,
            improvements: None,
        };
        match a {
            Analysis::Waiting(w) => {
                r.useful = Some(format_set(w.useful.tiles));
                r.count = Some(w.useful.count);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(json: &str, family: RuleFamily) -> String {
        let req: AnalysisRequest = serde_json::from_str(json).unwrap();
        match req.answer(family) {
            Ok(r) => serde_json::to_string(&r).unwrap(),
            Err(e) => format!("error {}: {e}", e.kind()),
        }
    }

    fn shanten(json: &str, family: RuleFamily) -> String {
        let req: ShantenRequest = serde_json::from_str(json).unwrap();
        match req.answer(family) {
            Ok(r) => serde_json::to_string(&r).unwrap(),
            Err(e) => format!("error {}: {e}", e.kind()),
        }
    }

    #[test]
    fn answer_ok_waiting_not_tenpai() {
        assert_eq!(
            answer(r#"{"hand": "123m456p789s11z35z"}"#, RuleFamily::Riichi),
            r#"{"shanten":1,"forms":{"regular":1,"chiitoitsu":5,"kokushi":7},"useful":"135z","count":8,"waits":null}"#
        );
    }

    #[test]
    fn answer_ok_discards() {
        let out = answer(
            r#"{"hand": "[123m][456p][789s]11z2z45s", "classic": false}"#,
            RuleFamily::Riichi,
        );
        assert!(
            out.starts_with(
                r#"{"shanten":0,"forms":{"regular":0,"chiitoitsu":null,"kokushi":null},"discards":[{"tile":"2z","shanten":0,"useful":"36s","count":8},"#
            ),
            "{out}"
        );
        assert!(!out.contains("waits"));
    }

    #[test]
    fn answer_ok_meld_count_and_list() {
        let by_count = answer(r#"{"hand": "11z2z45s", "melds": 3}"#, RuleFamily::Riichi);
        let by_list = answer(
            r#"{"hand": "11z2z45s", "melds": [{"kind": "chow", "tiles": "123m", "claimed": 1},
                {"kind": "pung", "tiles": "444p", "from": 2}, {"kind": "ankan", "tiles": "9999s"}]}"#,
            RuleFamily::Riichi,
        );
        assert_eq!(by_count, by_list);
        // Listed meld tiles are held: a pon of 3s leaves one 3s.
        let held = answer(
            r#"{"hand": "11z2z45s", "melds": [{"kind": "pon", "tiles": "333s"}, {"kind": "pon", "tiles": "999m"}, {"kind": "pon", "tiles": "999p"}]}"#,
            RuleFamily::Riichi,
        );
        assert!(held.contains(r#""useful":"36s","count":5"#), "{held}");
    }

    #[test]
    fn answer_ok_mcr_keys() {
        let out = answer(r#"{"hand": "3s", "melds": 4}"#, RuleFamily::Mcr);
        assert_eq!(
            out,
            r#"{"shanten":0,"forms":{"regular":0,"seven_pairs":null,"thirteen_orphans":null,"honors_and_knitted":null,"knitted_straight":null},"useful":"3s","count":3,"waits":"3s"}"#
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
            let out = answer(json, RuleFamily::Riichi);
            assert!(out.starts_with(&format!("error {kind}:")), "{json}: {out}");
        }
    }

    #[test]
    fn answer_ok_extra_fields_and_visible_list() {
        let a = answer(
            r#"{"id": 7, "hand": "123m406p789s1122z", "visible": ["1z", "9m"], "expected": {}}"#,
            RuleFamily::Riichi,
        );
        assert!(a.contains(r#""count":3"#), "{a}");
    }

    #[test]
    fn shanten_ok_both_families() {
        assert_eq!(
            shanten(
                r#"{"hand": "123m456p789s1111z", "melds": 0}"#,
                RuleFamily::Riichi
            ),
            r#"{"shanten":1,"regular":1,"chiitoitsu":5,"kokushi":9}"#
        );
        assert_eq!(
            shanten(
                r#"{"hand": "123m456p789s1111z", "melds": 0, "classic": true}"#,
                RuleFamily::Riichi
            ),
            r#"{"shanten":0,"regular":0,"chiitoitsu":5,"kokushi":9}"#
        );
        assert_eq!(
            shanten(r#"{"hand": "178m1239p3s14z", "melds": 1}"#, RuleFamily::Mcr),
            r#"{"shanten":3,"regular":3,"seven_pairs":null,"thirteen_orphans":null,"honors_and_knitted":null,"knitted_straight":5}"#
        );
        assert!(
            shanten(r#"{"hand": "123m"}"#, RuleFamily::Riichi).starts_with("error invalid_hand")
        );
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
}
