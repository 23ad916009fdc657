//! Shanten distribution results (`pairi stats --json`).
//!
//! `{"tiles", "form", "total", "counts": {"<shanten>": n, ...}, "mean"}`: `total` is the
//! number of hands (`C(136, tiles)` for an exact distribution, the hands dealt for a
//! sample), `counts` the number of hands per shanten value of [`crate::stats::range`]
//! (every value, zero counts included), `mean` the mean shanten. A sample compared with
//! the exact distribution adds `"exact": {"<shanten>": p, ...}` (the exact probability of
//! each value), `"exact_mean"`, `"expected": {"<shanten>": N p, ...}` (the hands expected) and
//! `"z": {"<shanten>": z | null, ...}` (see
//! [`Distribution::z_score`]; `null` where undefined or infinite); a Monte Carlo sample
//! adds its `"seed"`.
//!
//! ```
//! use pairi::api::stats::StatsResult;
//! use pairi::stats::{Distribution, Form};
//!
//! let kokushi = Some(Form::ThirteenOrphans);
//! let d = Distribution::from_counts(13, kokushi, [(3, 2), (4, 2)]).unwrap();
//! let json = serde_json::to_string(&StatsResult::new(&d)).unwrap();
//! assert!(json.starts_with(r#"{"tiles":13,"form":"kokushi","total":4,"counts":{"0":0,"#));
//! assert!(json.ends_with(r#""13":0},"mean":3.5}"#));
//! ```

use super::hand::PlayersField;
use super::limits::{Bounded, Limits};
use super::{Error, Request, Stop};
use crate::stats::{self, Counted, Distribution, MonteCarlo, StatsError};
use crate::wall::Wall;
use serde::{de, Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;

/// A statistics request: the exact distribution, a Monte Carlo sample, or counts from
/// elsewhere, of hands of `tiles` tiles dealt from the wall, in one form.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct StatsRequest {
    /// Tiles per hand: 13 (as dealt) or 14 (with the first draw). Default 13.
    #[serde(default = "thirteen")]
    pub tiles: usize,
    /// `all` (the least over the forms, the default), `regular`, `chiitoitsu` or
    /// `kokushi`.
    #[serde(default = "all_forms")]
    pub form: FormName,
    /// Compute the exact distribution (and compare a sample with it).
    #[serde(default)]
    pub exact: bool,
    /// Deal this many random hands (Monte Carlo).
    #[serde(default)]
    pub hands: Option<u64>,
    /// The Monte Carlo seed (the same seed gives the same counts).
    #[serde(default)]
    pub seed: u64,
    /// Counts from elsewhere, shanten → hands, compared with the exact distribution.
    #[serde(default)]
    pub observed: Option<BTreeMap<i8, u128>>,
    /// 3 or 4 players (default 4): three deal from the 108 tiles without 2m–8m.
    #[serde(default)]
    pub players: Option<PlayersField>,
}

fn thirteen() -> usize {
    13
}

fn all_forms() -> FormName {
    FormName(None)
}

/// A counted form of [`crate::stats`] by its id (`all regular chiitoitsu kokushi`; the
/// English `seven_pairs` and `thirteen_orphans` are read too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormName(pub Counted);

impl<'de> Deserialize<'de> for FormName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'_, str>>::deserialize(d)?;
        let english = stats::FORMS
            .into_iter()
            .find(|f| f.is_some_and(|f| f.id() == s));
        stats::form_by_id(&s)
            .or(english)
            .map(FormName)
            .ok_or_else(|| {
                de::Error::invalid_value(
                    de::Unexpected::Str(&s),
                    &"a form: all, regular, chiitoitsu or kokushi",
                )
            })
    }
}

impl Default for StatsRequest {
    fn default() -> Self {
        StatsRequest {
            tiles: 13,
            form: all_forms(),
            exact: false,
            hands: None,
            seed: 0,
            observed: None,
            players: None,
        }
    }
}

/// What a statistics request computed, before it is a result: the exact distribution,
/// and the sample (dealt or observed).
#[derive(Clone, Debug, PartialEq)]
pub struct Computed {
    /// The exact distribution, when asked.
    pub exact: Option<Distribution>,
    /// The sample, when hands were dealt or observed.
    pub sample: Option<Distribution>,
}

impl StatsRequest {
    /// The wall hands are dealt from.
    #[must_use]
    pub fn wall(&self) -> Wall {
        self.players.map_or_else(Wall::default, PlayersField::wall)
    }

    /// The Monte Carlo run asked for, if any, checked.
    ///
    /// # Errors
    ///
    /// `invalid_request` for a hand size or form no hand has, or no hands.
    pub fn monte_carlo(&self) -> Result<Option<MonteCarlo>, Error> {
        let wall = self.wall();
        self.hands
            .map(|n| MonteCarlo::on(&wall, self.tiles, self.form.0, n, self.seed))
            .transpose()
            .map_err(Error::from)
    }

    /// The distributions, the request checked against `limits` first, the Monte Carlo
    /// blocks run by `run` (which may spread them over threads and show progress: see
    /// [`MonteCarlo::run_block`]).
    ///
    /// # Errors
    ///
    /// `invalid_request` for a hand size or form no hand has, counts out of range, or
    /// nothing to compute; `too_large` past `limits`.
    pub fn compute_with(
        &self,
        limits: &Limits,
        run: impl FnOnce(&MonteCarlo) -> Result<Distribution, Error>,
    ) -> Result<Computed, Error> {
        self.check(limits)?;
        let form = self.form.0;
        if !self.exact && self.hands.is_none() && self.observed.is_none() {
            return Err(Error::invalid_request(
                "nothing to compute: ask for `exact`, `hands` or `observed`",
            ));
        }
        if self.hands.is_some() && self.observed.is_some() {
            return Err(Error::invalid_request(
                "`hands` and `observed` are two samples: give one",
            ));
        }
        let observed = match &self.observed {
            Some(counts) => {
                let d = Distribution::from_counts(
                    self.tiles,
                    form,
                    counts.iter().map(|(&s, &n)| (s, n)),
                )
                .map_err(|e| Error::invalid_request(format!("`observed`: {e}")))?;
                if d.total() == 0 {
                    return Err(Error::invalid_request("`observed`: no hands counted"));
                }
                Some(d)
            }
            None => None,
        };
        let mc = self.monte_carlo()?;
        let exact = if self.exact {
            Some(stats::exact_on(&self.wall(), self.tiles, form)?)
        } else {
            None
        };
        let sample = match mc {
            Some(mc) => Some(run(&mc)?),
            None => observed,
        };
        Ok(Computed { exact, sample })
    }
}

impl Computed {
    /// The result of these distributions for `request`.
    ///
    /// # Errors
    ///
    /// `invalid_request` when the sample and the exact distribution do not match.
    pub fn result(&self, request: &StatsRequest) -> Result<StatsResult, Error> {
        let mut r = match (&self.sample, &self.exact) {
            (Some(s), Some(e)) => StatsResult::compared(s, e)?,
            (Some(s), None) => StatsResult::new(s),
            (None, Some(e)) => StatsResult::new(e),
            (None, None) => return Err(Error::invalid_request("nothing was computed")),
        };
        if request.hands.is_some() {
            r.seed = Some(request.seed);
        }
        r.players = request.players.map(u8::from).filter(|&n| n != 4);
        Ok(r)
    }
}

impl Request for StatsRequest {
    type Answer = StatsResult;
    type Defaults = ();

    fn apply_defaults(&mut self, (): &()) {}

    /// The distribution(s), Monte Carlo blocks run in order on this thread, `stop`
    /// checked between blocks (65 536 hands, a few milliseconds).
    fn compute(&self, limits: &Limits, stop: &Stop) -> Result<StatsResult, Error> {
        let run = |mc: &MonteCarlo| {
            let mut d = mc.run_block(0);
            for b in 1..mc.blocks() {
                stop.check()?;
                // Blocks of one run always merge.
                let _ = d.merge(&mc.run_block(b));
            }
            Ok(d)
        };
        self.compute_with(limits, run)?.result(self)
    }
}

/// A shanten distribution as JSON (see the module docs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StatsResult {
    /// Tiles per hand.
    pub tiles: usize,
    /// The form counted: `all`, `regular`, `chiitoitsu` or `kokushi`.
    pub form: String,
    /// The number of hands.
    pub total: u128,
    /// Hands per shanten value (keys are the values as strings, in numeric order).
    pub counts: BTreeMap<i8, u128>,
    /// The mean shanten.
    pub mean: f64,
    /// The seed of a Monte Carlo sample.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The exact probability of each value, for a sample compared with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<BTreeMap<i8, f64>>,
    /// The mean shanten of the exact distribution, for a sample compared with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact_mean: Option<f64>,
    /// The hands expected at each value under the exact distribution (`N p`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected: Option<BTreeMap<i8, f64>>,
    /// The z-score of each count against the exact distribution (`null`: undefined).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub z: Option<BTreeMap<i8, Option<f64>>>,
    /// 3 for hands dealt from the three-player wall (absent for four players).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<u8>,
}

impl StatsResult {
    /// The result of a distribution alone.
    #[must_use]
    pub fn new(d: &Distribution) -> StatsResult {
        StatsResult {
            tiles: d.tiles(),
            form: stats::form_id(d.form()).to_owned(),
            total: d.total(),
            counts: d.bins().collect(),
            mean: d.mean(),
            seed: None,
            exact: None,
            exact_mean: None,
            expected: None,
            z: None,
            players: None,
        }
    }

    /// The result of a sample compared with the `exact` distribution.
    ///
    /// # Errors
    ///
    /// [`StatsError::Mismatch`] when the hand sizes or forms differ.
    pub fn compared(
        sample: &Distribution,
        exact: &Distribution,
    ) -> Result<StatsResult, StatsError> {
        let mut z = BTreeMap::new();
        for (s, _) in sample.bins() {
            z.insert(s, sample.z_score(exact, s)?.filter(|z| z.is_finite()));
        }
        Ok(StatsResult {
            exact: Some(
                sample
                    .bins()
                    .map(|(s, _)| (s, exact.probability(s)))
                    .collect(),
            ),
            exact_mean: Some(exact.mean()),
            expected: Some(
                sample
                    .bins()
                    .map(|(s, _)| (s, sample.total() as f64 * exact.probability(s)))
                    .collect(),
            ),
            z: Some(z),
            ..StatsResult::new(sample)
        })
    }
}
