//! Chinese Official (MCR, 国标麻将) fan calculation: the 81 fans with every combination
//! rule, the special forms, and the rule options where authorities differ.
//!
//! ```
//! use pairi::mcr::{score, WinContext, WinSource, Fan};
//! use pairi::notation::parse_hand;
//! use pairi::t;
//!
//! let hand = parse_hand("123m456m789m234p55s").unwrap();
//! let ctx = WinContext::new(t!(5s)).with_source(WinSource::SelfDrawn);
//! let result = score(&hand, &ctx).unwrap();
//! assert!(result.sheet().has(Fan::PureStraight));
//! assert!(result.meets_minimum());
//! ```

pub mod context;
pub mod fan;
pub mod rules;
pub mod score;

pub use context::{FanError, SituationError, WinContext, WinSource};
pub use fan::{Fan, FanSheet};
pub use rules::{AllTerminalsPungs, KnittedStraightWaits, KongPair, Rules, SevenPairsCombinations};
pub use score::{score, score_with, FanResult, ScoredForm, MINIMUM};

#[cfg(test)]
mod tests;
