//! Why a discard is worth what it is: its most likely paths to a win, and what each
//! first draw contributes.

/// placeholder
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation;
/// placeholder
#[derive(Clone, Debug, PartialEq)]
pub struct FirstDraw;
/// placeholder
#[derive(Clone, Debug, PartialEq)]
pub struct Path;
/// placeholder
#[derive(Clone, Debug, PartialEq)]
pub struct Step;
