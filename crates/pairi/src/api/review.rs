//! The JSON of a review's decisions besides the discard and of the defence of a
//! discard ([`crate::record::choices`]), part of the `review` answer
//! ([`super::record::ReviewRequest`]).

use crate::notation::{format_pai, Format as Notation};
use crate::record::choices::{ChoiceKind, ChoiceReview, Defence};
use crate::record::Seat;
use crate::table::Action;
use crate::tile::Pai;
use serde::Serialize;

fn pai(p: Pai) -> String {
    format_pai(p, Notation::Mpsz)
}

/// One option of a choice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OptionView {
    /// `riichi` or `dama`; `chi`, `pon`, `kan` (open) or `pass`; `ankan`, `kakan` or
    /// `no_kan`.
    pub action: &'static str,
    /// The tile claimed, or the kong's tile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    /// The caller's own tiles of a chi or pon.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub consumed: Vec<String>,
    /// The record took it.
    pub taken: bool,
    /// Shanten after it (of the best discard that follows, for a hand to discard).
    pub shanten: i8,
    /// Win probability by the search (with `ev`, when valued).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win: Option<f64>,
    /// Expected score by the search (with `ev`, when valued).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

/// One choice: riichi or dama, a call or passing, a kong or not.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChoiceView {
    /// Index of the event in the kyoku at which it was made.
    pub event: usize,
    /// Who chose.
    pub seat: Seat,
    /// `riichi`, `call` or `kan`.
    pub kind: &'static str,
    /// The options, the one that forgoes the action first.
    pub options: Vec<OptionView>,
    /// Index in `options` of the one the measure prefers, when it could judge.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<usize>,
    /// The option taken is worse than the best by the measure.
    pub mistake: bool,
    /// An opponent threatened (in riichi, or with three melds or more).
    pub threat: bool,
}

/// One discard offered against a threat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DangerView {
    /// The tile.
    pub tile: String,
    /// The chance it deals in now (pairi's estimate).
    pub danger: f64,
    /// Why: `genbutsu`, `suji`, `kabe`, `no_chance`, `one_chance`, `honour`.
    pub safety: Vec<&'static str>,
    /// Copies of it the seat had not seen.
    pub left: u8,
    /// Shanten after it.
    pub shanten: i8,
    /// Unseen copies of the useful tiles after it.
    pub useful: u32,
    /// Win probability by the search (with `ev`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win: Option<f64>,
    /// Expected score by the search (with `ev`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// The expected score less the danger times the cost of a deal-in (with `ev`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<f64>,
}

/// The discards offered against a threat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DefenceView {
    /// The seats that threaten.
    pub threats: Vec<Seat>,
    /// Those of them in riichi.
    pub riichi: Vec<Seat>,
    /// The discard was a fold: the safest tile, efficiency given up for it.
    pub fold: bool,
    /// The option of the highest value (the safest without `ev`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// The discard is worse than the best by the measure.
    pub mistake: bool,
    /// Every distinct discard offered, safest first.
    pub options: Vec<DangerView>,
}

fn action(kind: ChoiceKind, a: Action) -> (&'static str, Option<String>, Vec<String>) {
    match (kind, a) {
        (ChoiceKind::Riichi, Action::Riichi) => ("riichi", None, Vec::new()),
        (ChoiceKind::Riichi, _) => ("dama", None, Vec::new()),
        (ChoiceKind::Kan, Action::ClosedKan { tile }) => {
            ("ankan", Some(pai(tile.black())), Vec::new())
        }
        (ChoiceKind::Kan, Action::AddedKan { pai: p }) => ("kakan", Some(pai(p)), Vec::new()),
        (ChoiceKind::Kan, _) => ("no_kan", None, Vec::new()),
        (_, Action::Chi { consumed, called }) => (
            "chi",
            Some(pai(called)),
            consumed.iter().map(|&p| pai(p)).collect(),
        ),
        (_, Action::Pon { consumed, called }) => (
            "pon",
            Some(pai(called)),
            consumed.iter().map(|&p| pai(p)).collect(),
        ),
        (_, Action::OpenKan { called }) => ("kan", Some(pai(called)), Vec::new()),
        _ => ("pass", None, Vec::new()),
    }
}

/// The view of a choice.
#[must_use]
pub fn choice_view(c: &ChoiceReview) -> ChoiceView {
    ChoiceView {
        event: c.event,
        seat: c.seat,
        kind: c.kind.id(),
        options: c
            .options
            .iter()
            .map(|o| {
                let (action, tile, consumed) = action(c.kind, o.action);
                OptionView {
                    action,
                    tile,
                    consumed,
                    taken: o.taken,
                    shanten: o.shanten,
                    win: o.win,
                    score: o.score,
                }
            })
            .collect(),
        best: c.best,
        mistake: c.mistake,
        threat: c.threat,
    }
}

/// The view of a defence.
#[must_use]
pub fn defence_view(d: &Defence) -> DefenceView {
    DefenceView {
        threats: d.threats.clone(),
        riichi: d.riichi.clone(),
        fold: d.fold,
        best: d.best.map(pai),
        mistake: d.mistake,
        options: d
            .options
            .iter()
            .map(|o| {
                let r = o.reasons;
                let safety = [
                    (r.genbutsu, "genbutsu"),
                    (r.suji, "suji"),
                    (r.kabe, "kabe"),
                    (r.no_chance, "no_chance"),
                    (r.one_chance, "one_chance"),
                    (r.honour, "honour"),
                ]
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, id)| *id)
                .collect();
                DangerView {
                    tile: pai(o.pai),
                    danger: o.danger,
                    safety,
                    left: r.left,
                    shanten: o.shanten,
                    useful: o.useful,
                    win: o.win,
                    score: o.score,
                    value: o.value,
                }
            })
            .collect(),
    }
}
