//! What a request may ask for: every cost a field can raise (Monte Carlo hands, hand
//! states of a search, paths of an explanation, bytes of a record, requests in an
//! array) is bounded here, in one place, whatever the other fields say. Each request
//! kind has one [`Bounded::check`], run before any work by [`Request::answer_within`]
//! and so by every front: the command line and the bindings under
//! [`Limits::default`], the HTTP server under its own, narrower limits.
//!
//! A check also tells how much work the request is ([`Cost`]), so that a server can
//! keep long work apart from short.
//!
//! ```
//! use pairi::api::limits::{Bounded, Cost, Limits};
//! use pairi::api::stats::StatsRequest;
//! use pairi::ErrorKind;
//!
//! let server = Limits { max_hands: 1_000_000, ..Limits::default() };
//! let mut req: StatsRequest = serde_json::from_str(r#"{"exact": true}"#).unwrap();
//! assert_eq!(req.check(&server), Ok(Cost::Long));
//! req.hands = Some(10_000_000_000);
//! assert_eq!(req.check(&server).unwrap_err().kind, ErrorKind::TooLarge);
//! ```
//!
//! [`Request::answer_within`]: super::Request::answer_within

use super::analysis::{AnalysisRequest, ShantenRequest};
use super::ev::EvRequest;
use super::mcr::FanRequest;
use super::parse::ParseRequest;
use super::record::{CheckRequest, ConvertRequest, LegalRequest, ReviewRequest};
use super::riichi::ScoreRequest;
use super::stats::StatsRequest;
use super::{Error, ErrorKind};

/// The most a request may ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Requests in one array (an HTTP body); a batch's lines stream and are not
    /// counted.
    pub max_items: usize,
    /// Hands a Monte Carlo statistics request deals (`hands`), with or without `exact`.
    pub max_hands: u64,
    /// Hand states an expected-value search builds (`max_states`); a request that
    /// names none gets this or [`crate::ev::MAX_STATES`], whichever is less; a review
    /// valuing its discards searches at most this many per discard too.
    pub max_states: usize,
    /// Paths to a win listed per discard by an explanation (`paths`).
    pub max_paths: usize,
    /// Bytes of a record's text (`record`).
    pub max_record_bytes: usize,
    /// Actions a play request replays (`actions`): a hanchan takes a few thousand.
    pub max_play_actions: usize,
}

/// The library's limits: wide enough for any use on one's own machine, finite.
pub const LIBRARY: Limits = Limits {
    max_items: usize::MAX,
    max_hands: 10_000_000_000,
    max_states: 100_000_000,
    max_paths: 20,
    max_record_bytes: usize::MAX,
    max_play_actions: 100_000,
};

impl Default for Limits {
    /// [`LIBRARY`].
    fn default() -> Limits {
        LIBRARY
    }
}

/// How much work a request is, once checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// Microseconds to a millisecond: one hand analysed, scored, read.
    Short,
    /// Up to the limits: a search, a sample, a record read and replayed.
    Long,
}

/// A request checked against [`Limits`] before any work.
pub trait Bounded {
    /// Refuses a request that asks more than `limits` allow, with `too_large` naming
    /// the field; says how long its work is.
    ///
    /// # Errors
    ///
    /// `too_large` for a field past its limit.
    fn check(&self, limits: &Limits) -> Result<Cost, Error>;
}

fn too_large(field: &str, message: impl core::fmt::Display) -> Error {
    Error::new(ErrorKind::TooLarge, format!("`{field}`: {message}"))
}

impl Limits {
    /// The hand states of a search that asks `asked` (`None`: the default bound).
    #[must_use]
    pub fn states(&self, asked: Option<usize>) -> usize {
        asked.unwrap_or(crate::ev::MAX_STATES.min(self.max_states))
    }

    fn record(&self, record: &str) -> Result<Cost, Error> {
        if record.len() > self.max_record_bytes {
            return Err(too_large(
                "record",
                format_args!(
                    "{} bytes, at most {} here",
                    record.len(),
                    self.max_record_bytes
                ),
            ));
        }
        Ok(Cost::Long)
    }
}

macro_rules! short {
    ($($t:ty),*) => {$(
        /// One hand, read and answered in microseconds: nothing to bound beyond the
        /// size of its text.
        impl Bounded for $t {
            fn check(&self, _: &Limits) -> Result<Cost, Error> {
                Ok(Cost::Short)
            }
        }
    )*};
}

short!(ParseRequest, ShantenRequest, ScoreRequest, FanRequest);

impl Bounded for AnalysisRequest {
    /// One hand; with `ev`, its search bounded as an `ev` request's (`ev.max_states`,
    /// `ev.paths`).
    fn check(&self, limits: &Limits) -> Result<Cost, Error> {
        match self.ev_request()? {
            None => Ok(Cost::Short),
            Some(ev) => ev.check(limits).map_err(|mut e| {
                e.message = e.message.replacen('`', "`ev.", 1);
                e
            }),
        }
    }
}

impl Bounded for StatsRequest {
    /// `hands`, whatever `exact` and `observed` say; an exact distribution takes a
    /// fraction of a second, counts given take none.
    fn check(&self, limits: &Limits) -> Result<Cost, Error> {
        if let Some(n) = self.hands {
            if n > limits.max_hands {
                return Err(too_large(
                    "hands",
                    format_args!("{n} hands, at most {} here", limits.max_hands),
                ));
            }
        }
        Ok(if self.exact || self.hands.is_some() {
            Cost::Long
        } else {
            Cost::Short
        })
    }
}

impl Bounded for EvRequest {
    /// `max_states` and, with `explain`, `paths`.
    fn check(&self, limits: &Limits) -> Result<Cost, Error> {
        if let Some(n) = self.max_states {
            if n > limits.max_states {
                return Err(too_large(
                    "max_states",
                    format_args!("{n} hand states, at most {} here", limits.max_states),
                ));
            }
        }
        if self.explain && self.paths > limits.max_paths {
            return Err(too_large(
                "paths",
                format_args!("{} paths, at most {} here", self.paths, limits.max_paths),
            ));
        }
        Ok(Cost::Long)
    }
}

impl Bounded for CheckRequest {
    /// The record's bytes.
    fn check(&self, limits: &Limits) -> Result<Cost, Error> {
        limits.record(&self.record)
    }
}

impl Bounded for ConvertRequest {
    /// The record's bytes.
    fn check(&self, limits: &Limits) -> Result<Cost, Error> {
        limits.record(&self.record)
    }
}

impl Bounded for LegalRequest {
    /// The record's bytes.
    fn check(&self, limits: &Limits) -> Result<Cost, Error> {
        limits.record(&self.record)
    }
}

impl Bounded for ReviewRequest {
    /// The record's bytes; with `ev`, each discard's search is bounded by
    /// [`Limits::max_states`] and the whole review by the caller's stop.
    fn check(&self, limits: &Limits) -> Result<Cost, Error> {
        limits.record(&self.record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind<B: Bounded>(r: &B, limits: &Limits) -> Result<Cost, &'static str> {
        r.check(limits).map_err(|e| e.kind.id())
    }

    fn read<T: serde::de::DeserializeOwned>(json: &str) -> T {
        serde_json::from_str(json).unwrap()
    }

    const NARROW: Limits = Limits {
        max_items: 10,
        max_hands: 1000,
        max_states: 5000,
        max_paths: 3,
        max_record_bytes: 100,
        max_play_actions: 10,
    };

    #[test]
    fn check_stats_hands_whatever_exact_and_observed_say() {
        for (json, want) in [
            (r#"{"exact": true}"#, Ok(Cost::Long)),
            (r#"{"observed": {"1": 5}}"#, Ok(Cost::Short)),
            (r#"{"hands": 1000}"#, Ok(Cost::Long)),
            (r#"{"hands": 1001}"#, Err("too_large")),
            (r#"{"exact": true, "hands": 10000000000}"#, Err("too_large")),
            (r#"{"exact": false, "hands": 1001}"#, Err("too_large")),
            (
                r#"{"exact": true, "hands": 1001, "observed": {"1": 5}}"#,
                Err("too_large"),
            ),
        ] {
            assert_eq!(kind(&read::<StatsRequest>(json), &NARROW), want, "{json}");
        }
        let huge = read::<StatsRequest>(r#"{"exact": true, "hands": 10000000001}"#);
        assert_eq!(kind(&huge, &LIBRARY), Err("too_large"));
        let most = read::<StatsRequest>(r#"{"hands": 10000000000}"#);
        assert_eq!(kind(&most, &LIBRARY), Ok(Cost::Long));
    }

    #[test]
    fn check_analysis_ev_as_an_ev_request() {
        for (json, want) in [
            (r#"{"hand": "123m"}"#, Ok(Cost::Short)),
            (r#"{"hand": "123m", "ev": false}"#, Ok(Cost::Short)),
            (r#"{"hand": "123m", "ev": true}"#, Ok(Cost::Long)),
            (
                r#"{"hand": "123m", "ev": {"max_states": 5000}}"#,
                Ok(Cost::Long),
            ),
            (
                r#"{"hand": "123m", "ev": {"max_states": 5001}}"#,
                Err("too_large"),
            ),
            (
                r#"{"hand": "123m", "ev": {"explain": true, "paths": 4}}"#,
                Err("too_large"),
            ),
        ] {
            assert_eq!(
                kind(&read::<AnalysisRequest>(json), &NARROW),
                want,
                "{json}"
            );
        }
        let e = read::<AnalysisRequest>(r#"{"hand": "1m", "ev": {"max_states": 9999}}"#)
            .check(&NARROW)
            .unwrap_err();
        assert!(e.message.starts_with("`ev.max_states`: 9999"), "{e}");
    }

    #[test]
    fn check_ev_states_and_paths() {
        for (json, want) in [
            (r#"{"hand": "123m"}"#, Ok(Cost::Long)),
            (r#"{"hand": "123m", "max_states": 5000}"#, Ok(Cost::Long)),
            (r#"{"hand": "123m", "max_states": 5001}"#, Err("too_large")),
            (r#"{"hand": "123m", "paths": 20}"#, Ok(Cost::Long)),
            (
                r#"{"hand": "123m", "paths": 4, "explain": true}"#,
                Err("too_large"),
            ),
            (
                r#"{"hand": "123m", "paths": 3, "explain": true, "max_states": 9999}"#,
                Err("too_large"),
            ),
        ] {
            assert_eq!(kind(&read::<EvRequest>(json), &NARROW), want, "{json}");
        }
        assert_eq!(NARROW.states(None), 5000);
        assert_eq!(LIBRARY.states(None), crate::ev::MAX_STATES);
        assert_eq!(NARROW.states(Some(7)), 7);
    }

    #[test]
    fn check_records_by_their_bytes() {
        let short = format!(r#"{{"record": "{}"}}"#, "x".repeat(100));
        let long = format!(r#"{{"record": "{}"}}"#, "x".repeat(101));
        assert_eq!(kind(&read::<CheckRequest>(&short), &NARROW), Ok(Cost::Long));
        assert_eq!(
            kind(&read::<CheckRequest>(&long), &NARROW),
            Err("too_large")
        );
        assert_eq!(
            kind(&read::<ReviewRequest>(&long), &NARROW),
            Err("too_large")
        );
        let convert = format!(r#"{{"record": "{}", "to": "mjai"}}"#, "x".repeat(101));
        assert_eq!(
            kind(&read::<ConvertRequest>(&convert), &NARROW),
            Err("too_large")
        );
        assert_eq!(
            kind(&read::<ReviewRequest>(&long), &LIBRARY),
            Ok(Cost::Long)
        );
    }

    #[test]
    fn check_short_kinds() {
        let hand = r#"{"hand": "123m456p789s1122z"}"#;
        assert_eq!(
            kind(&read::<AnalysisRequest>(hand), &NARROW),
            Ok(Cost::Short)
        );
        assert_eq!(
            kind(&read::<ShantenRequest>(hand), &NARROW),
            Ok(Cost::Short)
        );
        assert_eq!(kind(&read::<ParseRequest>(hand), &NARROW), Ok(Cost::Short));
    }
}
