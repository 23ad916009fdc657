//! The JSON contract (`docs/json-api.md`): every request the front ends accept, the one
//! [`Request::answer`] of each, its result, and the batch envelope. The command line,
//! the HTTP server, the web page and the Python bindings are shims over this module:
//! they build a request (from arguments, a body, a call), call [`Request::answer`] or
//! [`batch::answer_line`], and show the result. So one request gets one answer
//! whichever front asked.
//!
//! - [`Error`]: the one error of the boundary, `{"kind", "message"}`; every library
//!   error converts into it, keeping its [`ErrorKind`].
//! - [`Request`]: a request type, with what a batch may give lines that leave fields
//!   out ([`Request::Defaults`]).
//! - [`batch`]: one JSON line in, one JSON line out, the `id` echoed as written.
//!
//! ```
//! use pairi::api::{analysis::AnalysisRequest, Request};
//!
//! let req: AnalysisRequest = serde_json::from_str(r#"{"hand": "123m406p789s1122z"}"#).unwrap();
//! let res = req.answer().unwrap();
//! assert_eq!(res.shanten, 0);
//! let mut line = Vec::new();
//! pairi::api::batch::answer_line::<AnalysisRequest>(
//!     r#"{"id": 7, "hand": "123m"}"#,
//!     &Default::default(),
//!     &mut line,
//! );
//! assert!(String::from_utf8(line).unwrap().starts_with(r#"{"id":7,"error":{"kind":"invalid_hand","#));
//! ```

pub mod analysis;
pub mod batch;
pub mod ev;
pub mod hand;
pub mod limits;
pub mod mcr;
pub mod parse;
pub mod play;
pub mod record;
pub mod review;
pub mod riichi;
pub mod stats;

pub use crate::error::ErrorKind;
pub use crate::util::{Stop, Yield};
use limits::{Bounded, Limits};
use serde::de::DeserializeOwned;
use serde::{Serialize, Serializer};

/// Why a request could not be answered: its [`ErrorKind`] and a one-line message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct Error {
    /// The JSON error kind.
    pub kind: ErrorKind,
    /// What went wrong, in one line.
    pub message: String,
    /// For notation that cannot be read: the 1-based character column of the problem
    /// in the text that held it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
}

impl Error {
    /// An error of `kind`.
    #[must_use]
    pub fn new(kind: ErrorKind, message: impl core::fmt::Display) -> Error {
        Error {
            kind,
            message: message.to_string(),
            column: None,
        }
    }

    /// A request field that cannot be used, or a request that is not JSON.
    #[must_use]
    pub fn invalid_request(message: impl core::fmt::Display) -> Error {
        Error::new(ErrorKind::InvalidRequest, message)
    }

    /// The error kind.
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The error said of the request field `name` (its message prefixed with it).
    #[must_use]
    pub fn in_field(mut self, name: &str) -> Error {
        self.message = format!("`{name}`: {}", self.message);
        self
    }
}

impl Serialize for ErrorKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// Every library error becomes an [`Error`] of its own kind and message.
macro_rules! from_library_error {
    ($($t:ty),* $(,)?) => {$(
        impl From<$t> for Error {
            fn from(e: $t) -> Error {
                Error::new(e.kind(), e)
            }
        }
    )*};
}

impl From<crate::notation::ParseError> for Error {
    fn from(e: crate::notation::ParseError) -> Error {
        Error {
            column: Some(e.column),
            ..Error::new(e.kind(), &e)
        }
    }
}

impl From<crate::notation::NotationError> for Error {
    fn from(e: crate::notation::NotationError) -> Error {
        match e {
            crate::notation::NotationError::Parse(p) => p.into(),
            crate::notation::NotationError::Hand(h) => h.into(),
        }
    }
}

from_library_error!(
    crate::hand::HandError,
    crate::riichi::ScoreError,
    crate::mcr::FanError,
    crate::stats::StatsError,
);

impl From<crate::wall::WallError> for Error {
    fn from(e: crate::wall::WallError) -> Error {
        Error::invalid_request(e)
    }
}

impl From<crate::util::Stopped> for Error {
    fn from(e: crate::util::Stopped) -> Error {
        Error::new(e.kind(), e)
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Error {
        Error::invalid_request(e)
    }
}

/// A request of the JSON contract: read, checked against [`Limits`] ([`Bounded`]),
/// computed.
pub trait Request: DeserializeOwned + Bounded {
    /// The result of a successful answer.
    type Answer: Serialize;

    /// What a batch gives lines that leave it out: the rule family, the rules.
    type Defaults: Clone + Default + Send + Sync;

    /// Fills what the request left unset from `defaults` (a field the request sets
    /// keeps its value).
    fn apply_defaults(&mut self, defaults: &Self::Defaults);

    /// The work of a request already checked against `limits`, given up with a
    /// `timeout` error soon after `stop` is set (long work checks it now and then).
    ///
    /// # Errors
    ///
    /// As [`Request::answer`].
    fn compute(&self, limits: &Limits, stop: &Stop) -> Result<Self::Answer, Error>;

    /// Checks the request against `limits` ([`Bounded::check`]), then answers it,
    /// stopping when `stop` says.
    ///
    /// # Errors
    ///
    /// As [`Request::answer`]; `too_large` for a request past `limits`; `timeout`
    /// once `stop` is set.
    fn answer_within(&self, limits: &Limits, stop: &Stop) -> Result<Self::Answer, Error> {
        self.check(limits)?;
        self.compute(limits, stop)
    }

    /// Answers the request within the library's limits ([`limits::LIBRARY`]).
    ///
    /// # Errors
    ///
    /// [`Error`] of the kind the problem is: `parse`, `invalid_request`,
    /// `invalid_hand`, `not_winning` or `no_yaku`; `too_large` past the library's
    /// limits.
    fn answer(&self) -> Result<Self::Answer, Error> {
        self.answer_within(&limits::LIBRARY, &Stop::never())
    }
}

/// Reads one of `names` (each JSON name with its value) as that value; any other text
/// is an error that lists `expected`.
pub(crate) fn by_name<'de, D: serde::Deserializer<'de>, T: Copy>(
    d: D,
    names: &[(&str, T)],
    expected: &'static str,
) -> Result<T, D::Error> {
    let s = <std::borrow::Cow<'_, str> as serde::Deserialize>::deserialize(d)?;
    names
        .iter()
        .find(|(n, _)| *n == s)
        .map(|&(_, v)| v)
        .ok_or_else(|| serde::de::Error::invalid_value(serde::de::Unexpected::Str(&s), &expected))
}

/// `Deserialize` for a library enum from its JSON names (several names may read as one
/// value): `deserialize_by_name!(Family, "riichi or mcr", { "riichi" => Family::Riichi, … })`.
macro_rules! deserialize_by_name {
    ($ty:ty, $expected:literal, { $($name:literal => $value:expr),* $(,)? }) => {
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::api::by_name(d, &[$(($name, $value)),*], $expected)
            }
        }
    };
}
pub(crate) use deserialize_by_name;

/// Serialises a value as its `Display` text, without building a `String`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Display<T>(pub T);

impl<T: core::fmt::Display> Serialize for Display<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}
