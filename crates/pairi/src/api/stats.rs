//! Shanten distribution results (`pairi stats --json`).
//!
//! `{"tiles", "form", "total", "counts": {"<shanten>": n, ...}, "mean"}`: `total` is the
//! number of hands (`C(136, tiles)` for an exact distribution, the hands dealt for a
//! sample), `counts` the number of hands per shanten value of [`crate::stats::range`]
//! (every value, zero counts included), `mean` the mean shanten. A sample compared with
//! the exact distribution adds `"exact": {"<shanten>": p, ...}` (the exact probability of
//! each value) and `"z": {"<shanten>": z | null, ...}` (see
//! [`Distribution::z_score`]; `null` where undefined or infinite); a Monte Carlo sample
//! adds its `"seed"`.
//!
//! ```
//! use pairi::api::stats::StatsResult;
//! use pairi::stats::{Distribution, Form};
//!
//! let d = Distribution::from_counts(13, Form::Kokushi, [(3, 2), (4, 2)]).unwrap();
//! let json = serde_json::to_string(&StatsResult::new(&d)).unwrap();
//! assert!(json.starts_with(r#"{"tiles":13,"form":"kokushi","total":4,"counts":{"0":0,"#));
//! assert!(json.ends_with(r#""13":0},"mean":3.5}"#));
//! ```

use crate::stats::{Distribution, StatsError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
    /// The z-score of each count against the exact distribution (`null`: undefined).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub z: Option<BTreeMap<i8, Option<f64>>>,
}

impl StatsResult {
    /// The result of a distribution alone.
    #[must_use]
    pub fn new(d: &Distribution) -> StatsResult {
        StatsResult {
            tiles: d.tiles(),
            form: d.form().id().to_owned(),
            total: d.total(),
            counts: d.bins().collect(),
            mean: d.mean(),
            seed: None,
            exact: None,
            z: None,
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
            z: Some(z),
            ..StatsResult::new(sample)
        })
    }
}
