//! Parse requests: a hand in any notation, read in a dialect, given back as the
//! canonical [`HandView`] and as text in one notation.
//!
//! ```
//! use pairi::api::{parse::ParseRequest, Request};
//!
//! let req: ParseRequest = serde_json::from_str(r#"{"hand": "EEEFFF", "to": "unicode"}"#).unwrap();
//! let res = req.answer().unwrap();
//! assert_eq!(res.text, "🀀🀀🀀🀅🀅🀅");
//! assert_eq!(res.hand.concealed, "111666z");
//! ```

use super::hand::HandView;
use super::{deserialize_by_name, Error, Request};
use crate::notation::{format_hand, parse_hand_with, Dialect, Format};
use serde::{Deserialize, Serialize};

/// A parse request.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct ParseRequest {
    /// The hand in any notation.
    pub hand: String,
    /// `standard` (Tenhou order for `z`, the default) or `mcr`.
    #[serde(default)]
    pub dialect: Option<Dialect>,
    /// The notation of `text`: `mpsz` (the default), `unicode`, `mjai`, `mcr` or
    /// `libsaki`.
    #[serde(default)]
    pub to: Option<Format>,
}

/// A parsed hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParseResult {
    /// The hand in the notation asked for.
    pub text: String,
    /// The canonical view of the hand.
    pub hand: HandView,
}

deserialize_by_name!(Format, "a notation: mpsz, unicode, mjai, mcr or libsaki", {
    "mpsz" => Format::Mpsz,
    "unicode" => Format::Unicode,
    "mjai" => Format::Mjai,
    "mcr" => Format::Mcr,
    "libsaki" => Format::Libsaki,
});

impl Request for ParseRequest {
    type Answer = ParseResult;
    type Defaults = ();

    fn apply_defaults(&mut self, (): &()) {}

    /// The hand read and written back: `parse` or `invalid_hand` when it cannot be read.
    fn compute(&self, _: &super::limits::Limits, _: &super::Stop) -> Result<ParseResult, Error> {
        let hand = parse_hand_with(&self.hand, self.dialect.unwrap_or_default())?;
        Ok(ParseResult {
            text: format_hand(&hand, self.to.unwrap_or_default()),
            hand: HandView::from_hand(&hand),
        })
    }
}
