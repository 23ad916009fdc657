//! Expected-value requests and results (`docs/json-api.md`, "ev"): the
//! fields of `docs/ev-model.md`, as the lines of `data/ev/cases.jsonl` write them.
//!
//! ```
//! use pairi::api::{ev::EvRequest, Request};
//!
//! let req: EvRequest = serde_json::from_str(r#"{"hand": "123m456p789s11223z", "t_max": 6}"#).unwrap();
//! let res = req.answer().unwrap();
//! assert_eq!(res.shanten, 0);
//! // Discards sorted by expected score, best first.
//! assert_eq!(res.discards[0].tile.as_deref(), Some("3z"));
//! ```

use super::hand::{MeldRequest, PlayersField, TilesField};
use super::limits::{self, Bounded, Limits};
use super::{deserialize_by_name, Error, Request, Stop};
use crate::ev::{
    self, DiscardValue, EvError, Evaluation, Explanation, Maximize, Model, Options, Setup,
};
use crate::hand::Source;
use crate::notation::{format_pai, format_set, parse_hand_unchecked, parse_tile, Dialect, Format};
use crate::riichi::rules::Players;
use crate::tile::{Pai, TileCounts, Wind};
use serde::{Deserialize, Serialize};

impl From<EvError> for Error {
    fn from(e: EvError) -> Error {
        match e {
            EvError::Hand(h) => h.into(),
            EvError::Score(s) => s.into(),
            e => Error::new(e.kind(), e),
        }
    }
}

deserialize_by_name!(Model, "a model: compat or pairi", {
    "compat" => Model::Compat,
    "pairi" => Model::Pairi,
});

deserialize_by_name!(Maximize, "a quantity: score, win or tenpai", {
    "score" => Maximize::Score,
    "win" => Maximize::Win,
    "tenpai" => Maximize::Tenpai,
});

impl Serialize for Maximize {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Maximize::Score => "score",
            Maximize::Win => "win",
            Maximize::Tenpai => "tenpai",
        })
    }
}

impl Serialize for Model {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Model::Compat => "compat",
            Model::Pairi => "pairi",
        })
    }
}

const fn yes() -> bool {
    true
}
const fn one() -> u8 {
    1
}
const fn last_turn() -> u8 {
    ev::MAX_TURNS
}

/// An expected-value request.
#[derive(Clone, Debug, Deserialize)]
#[allow(clippy::struct_excessive_bools)]
pub struct EvRequest {
    /// Concealed tiles: 14 − 3k (a discard to choose) or 13 − 3k.
    pub hand: String,
    /// Declared melds; they never change during the search.
    #[serde(default)]
    pub melds: Vec<MeldRequest>,
    /// Round wind (default East).
    #[serde(default)]
    pub round_wind: Wind,
    /// Seat wind (default East, the dealer).
    #[serde(default)]
    pub seat_wind: Wind,
    /// Dora indicators.
    #[serde(default)]
    pub dora: TilesField,
    /// Draws made so far (default 1).
    #[serde(default = "one")]
    pub turn: u8,
    /// The last turn (default 18).
    #[serde(default = "last_turn")]
    pub t_max: u8,
    /// The search radius (default 1).
    #[serde(default = "one")]
    pub search_radius: u8,
    /// Red fives count as dora and as their own kind (default on).
    #[serde(default = "yes")]
    pub red_fives: bool,
    /// Ura dora as an expectation on riichi wins (default on).
    #[serde(default = "yes")]
    pub ura: bool,
    /// Discards that raise the shanten are explored (default on).
    #[serde(default = "yes")]
    pub shanten_back: bool,
    /// Draws that keep the shanten are explored (default on).
    #[serde(default = "yes")]
    pub hand_changes: bool,
    /// Tiles seen elsewhere (rivers, other players' melds), taken out of the wall.
    #[serde(default)]
    pub visible: TilesField,
    /// The tiles left to draw; `null` for every copy not seen.
    #[serde(default)]
    pub wall: Option<WallRequest>,
    /// The model of play (default `compat`).
    #[serde(default)]
    pub model: Model,
    /// The quantity the discards are sorted by (default `score`).
    #[serde(default)]
    pub maximize: Maximize,
    /// Explain each discard: first draws, likely paths, paths to tenpai.
    #[serde(default)]
    pub explain: bool,
    /// With `explain`: how many paths to a win per discard (default 3).
    #[serde(default = "three")]
    pub paths: usize,
    /// 3 or 4 players (default 4): three play without 2m–8m.
    #[serde(default)]
    pub players: Option<PlayersField>,
    /// The most hand states the search may build (default 2 000 000, or the limit of
    /// the front that answers if less: see [`Limits::states`]).
    #[serde(default)]
    pub max_states: Option<usize>,
    /// A 13 − 3k hand offered another player's discard: every answer (pass, pon, chi,
    /// open kong) valued as the position it leaves, in [`EvResult::calls`].
    #[serde(default)]
    pub calls: Option<CallsRequest>,
}

/// The tile offered to a waiting hand, and who discarded it.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct CallsRequest {
    /// The tile discarded (`0m` for a red five).
    pub tile: String,
    /// Who discarded it: `left` (a chi is possible), `opposite` or `right` (default
    /// `left`).
    #[serde(default = "left")]
    pub from: Source,
}

const fn left() -> Source {
    Source::Left
}

const fn three() -> usize {
    3
}

/// A wall: copies per kind (a five counting its red copies) and red fives per suit.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct WallRequest {
    /// 34 counts, 1m … 7z.
    pub counts: Vec<u8>,
    /// Red 5m, 5p, 5s among them.
    #[serde(default)]
    pub red: [u8; 3],
}

impl EvRequest {
    /// A request for `hand` with every default.
    #[must_use]
    pub fn new(hand: impl Into<String>) -> EvRequest {
        serde_json::from_value(serde_json::json!({ "hand": hand.into() }))
            .unwrap_or_else(|_| unreachable!("a hand alone is a request"))
    }

    /// The library's setup and options (the search bounded as [`limits::LIBRARY`]
    /// bounds a request that names no `max_states`).
    ///
    /// # Errors
    ///
    /// `parse` for bad notation, `invalid_hand` for melds that are not melds,
    /// `invalid_request` for a wall that is not 34 counts.
    pub fn setup(&self) -> Result<(Setup, Options), Error> {
        let mut hand = parse_hand_unchecked(&self.hand)?;
        for m in &self.melds {
            hand.push_meld(m.to_meld(Dialect::Standard)?);
        }
        hand.set_last(None);
        let wall = match &self.wall {
            None => None,
            Some(w) => {
                let counts: [u8; 34] = w.counts.as_slice().try_into().map_err(|_| {
                    Error::invalid_request(format!(
                        "`wall.counts`: 34 counts, 1m to 7z; got {}",
                        w.counts.len()
                    ))
                })?;
                Some((TileCounts::from_array(counts), w.red))
            }
        };
        let setup = Setup {
            hand,
            round_wind: self.round_wind,
            seat_wind: self.seat_wind,
            dora: self
                .dora
                .pais(Dialect::Standard)
                .map_err(|e| e.in_field("dora"))?,
            visible: self
                .visible
                .pais(Dialect::Standard)
                .map_err(|e| e.in_field("visible"))?,
            turn: self.turn,
            t_max: self.t_max,
            wall,
            players: self.players.map_or(Players::Four, |p| p.0),
        };
        let options = Options {
            model: self.model,
            search_radius: self.search_radius,
            red_fives: self.red_fives,
            ura: self.ura,
            shanten_back: self.shanten_back,
            hand_changes: self.hand_changes,
            maximize: self.maximize,
            max_states: limits::LIBRARY.states(self.max_states),
        };
        Ok((setup, options))
    }
}

/// The values of one discard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DiscardView {
    /// The tile discarded (`0m` for a red five); `null` for a 13 − 3k hand.
    pub tile: Option<String>,
    /// Shanten after the discard.
    pub shanten: i8,
    /// Tenpai probability by turn 0 … t_max.
    pub tenpai: Vec<f64>,
    /// Win probability by turn.
    pub win: Vec<f64>,
    /// Expected score by turn.
    pub score: Vec<f64>,
    /// Useful tiles after the discard with their copies in the wall.
    pub useful: Vec<(String, u8)>,
    /// Riichi declared with the discard.
    pub riichi: bool,
    /// Under the pairi model, a discard into closed tenpai: its values with riichi and
    /// with dama, of which `tenpai`, `win` and `score` take the better turn by turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declare: Option<DeclareView>,
    /// Why (with `explain`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explain: Option<ExplanationView>,
}

/// Riichi against dama for one discard into closed tenpai.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeclareView {
    /// With riichi declared.
    pub riichi: LineView,
    /// Without (dama).
    pub dama: LineView,
}

/// Tenpai probability, win probability and expected score by turn of one way to play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineView {
    /// Tenpai probability by turn.
    pub tenpai: Vec<f64>,
    /// Win probability by turn.
    pub win: Vec<f64>,
    /// Expected score by turn.
    pub score: Vec<f64>,
}

impl LineView {
    fn of(l: &ev::Line) -> LineView {
        LineView {
            tenpai: l.tenpai.clone(),
            win: l.win.clone(),
            score: l.score.clone(),
        }
    }
}

/// One answer to an offered tile ([`EvRequest::calls`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CallView {
    /// `pass`, `chi`, `pon` or `kan`.
    pub call: String,
    /// The hand's tiles the call takes.
    pub taken: Vec<String>,
    /// The turn its values are read at: the request's, a turn earlier after a kong
    /// (its replacement tile is one more draw).
    pub turn: u8,
    /// The best entry's win probability at `turn`.
    pub win: f64,
    /// The best entry's expected score at `turn`.
    pub score: f64,
    /// The hand after passing or a kong (one entry), or each discard allowed after a
    /// chi or a pon, best first by `maximize`.
    pub discards: Vec<DiscardView>,
}

impl DiscardView {
    fn of(d: &DiscardValue) -> DiscardView {
        DiscardView {
            tile: d.tile.map(|p| format_pai(p, Format::Mpsz)),
            shanten: d.shanten,
            tenpai: d.tenpai.clone(),
            win: d.win.clone(),
            score: d.score.clone(),
            useful: d.useful.iter().map(|&(t, n)| (t.to_string(), n)).collect(),
            riichi: d.riichi,
            declare: d.declare.as_ref().map(|x| DeclareView {
                riichi: LineView::of(&x.riichi),
                dama: LineView::of(&x.dama),
            }),
            explain: None,
        }
    }
}

/// The answer to an expected-value request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EvResult {
    /// Shanten of the hand as given.
    pub shanten: i8,
    /// Hand states searched.
    pub searched: usize,
    /// Bytes the search held at its largest (see [`Evaluation::memory_bytes`]).
    pub memory_bytes: usize,
    /// The turn the values are read at (the request's `turn`).
    pub turn: u8,
    /// What the discards are sorted by.
    pub maximize: Maximize,
    /// The discards explored, best first by `maximize` at `turn` (ties in tile order).
    pub discards: Vec<DiscardView>,
    /// With `calls`: passing first, then each call the hand can make, in the model.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calls: Option<Vec<CallView>>,
}

/// Why a discard is worth its value (`explain`), for the quantity maximised.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExplanationView {
    /// The value at the turn asked.
    pub value: f64,
    /// The value a turn later (what is left if the next draw changes nothing).
    pub later: f64,
    /// Each first draw: what it adds to `later`, largest first.
    pub first_draws: Vec<FirstDrawView>,
    /// The most likely paths to a win under the maximising policy.
    pub paths: Vec<PathView>,
    /// Distinct paths to tenpai within the turns left (every explored discard).
    pub paths_to_tenpai: f64,
}

/// One first draw.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FirstDrawView {
    /// The tile drawn.
    pub draw: String,
    /// Its copies in the wall.
    pub copies: u8,
    /// The chance to draw it now.
    pub probability: f64,
    /// The discard that follows (`null` on a win).
    pub discard: Option<String>,
    /// Points when it wins.
    pub win: Option<f64>,
    /// The value after it.
    pub value: f64,
    /// What it adds.
    pub contribution: f64,
}

/// A path to a win.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PathView {
    /// `[draw, discard]` pairs.
    pub steps: Vec<(String, String)>,
    /// Waits of the tenpai reached.
    pub waits: String,
    /// Riichi declared on reaching tenpai.
    pub riichi: bool,
    /// The winning tile.
    pub win: String,
    /// Points of the win.
    pub points: f64,
    /// Probability of winning along this path.
    pub probability: f64,
}

impl ExplanationView {
    fn of(x: &Explanation) -> ExplanationView {
        let tile = |p: Pai| format_pai(p, Format::Mpsz);
        ExplanationView {
            value: x.value,
            later: x.later,
            first_draws: x
                .first_draws
                .iter()
                .map(|f| FirstDrawView {
                    draw: tile(f.draw),
                    copies: f.copies,
                    probability: f.probability,
                    discard: f.discard.map(tile),
                    win: f.win,
                    value: f.value,
                    contribution: f.contribution,
                })
                .collect(),
            paths: x
                .paths
                .iter()
                .map(|p| PathView {
                    steps: p
                        .steps
                        .iter()
                        .map(|s| (tile(s.draw), tile(s.discard)))
                        .collect(),
                    waits: format_set(p.waits),
                    riichi: p.riichi,
                    win: tile(p.win),
                    points: p.points,
                    probability: p.probability,
                })
                .collect(),
            paths_to_tenpai: x.paths_to_tenpai,
        }
    }
}

impl EvResult {
    /// The result of an evaluation, sorted by `maximize` at `turn`.
    #[must_use]
    pub fn of(ev: &Evaluation, turn: u8, maximize: Maximize) -> EvResult {
        EvResult::explained(ev, &[], turn, maximize)
    }

    /// [`EvResult::of`] with the explanation of each discard (`why` in the order of
    /// `ev.discards`, or empty).
    #[must_use]
    pub fn explained(
        ev: &Evaluation,
        why: &[Explanation],
        turn: u8,
        maximize: Maximize,
    ) -> EvResult {
        EvResult {
            shanten: ev.shanten,
            searched: ev.searched,
            memory_bytes: ev.memory_bytes,
            turn,
            maximize,
            discards: sorted(ev, why, turn, maximize),
            calls: None,
        }
    }
}

/// The discards of `ev` best first by `maximize` at `turn`, explained by `why`.
fn sorted(ev: &Evaluation, why: &[Explanation], turn: u8, maximize: Maximize) -> Vec<DiscardView> {
    let mut order: Vec<usize> = (0..ev.discards.len()).collect();
    let at = |i: usize| ev.discards[i].at(maximize, turn);
    order.sort_by(|&a, &b| at(b).total_cmp(&at(a)));
    order
        .into_iter()
        .map(|i| DiscardView {
            explain: why.get(i).map(ExplanationView::of),
            ..DiscardView::of(&ev.discards[i])
        })
        .collect()
}

impl EvRequest {
    /// [`Request::answer_within`], reporting the hand states built so far to `progress`
    /// now and then (a long search on a terminal).
    ///
    /// # Errors
    ///
    /// As [`Request::answer_within`].
    pub fn answer_with(
        &self,
        limits: &Limits,
        stop: &Stop,
        progress: &mut dyn FnMut(usize),
    ) -> Result<EvResult, Error> {
        self.check(limits)?;
        self.compute_with(limits, stop, progress)
    }

    fn compute_with(
        &self,
        limits: &Limits,
        stop: &Stop,
        progress: &mut dyn FnMut(usize),
    ) -> Result<EvResult, Error> {
        let (setup, mut options) = self.setup()?;
        options.max_states = limits.states(self.max_states);
        if let Some(c) = &self.calls {
            if self.explain {
                return Err(Error::invalid_request(
                    "`explain` and `calls` are not asked together",
                ));
            }
            let offered = parse_tile(&c.tile).map_err(|e| Error::from(e).in_field("calls.tile"))?;
            let answers = ev::calls(&setup, &options, offered, c.from, stop)?;
            let pass = &answers[0].evaluation;
            let mut result = EvResult::of(pass, self.turn, self.maximize);
            result.searched = answers.iter().map(|a| a.evaluation.searched).sum();
            result.memory_bytes = answers
                .iter()
                .map(|a| a.evaluation.memory_bytes)
                .max()
                .unwrap_or(0);
            result.calls = Some(
                answers
                    .iter()
                    .map(|a| {
                        let best = a.best(self.maximize);
                        let at = |m| best.map_or(0.0, |d| d.at(m, a.turn));
                        CallView {
                            call: a.call.map_or("pass", ev::Call::id).to_owned(),
                            taken: a
                                .taken
                                .iter()
                                .map(|&p| format_pai(p, Format::Mpsz))
                                .collect(),
                            turn: a.turn,
                            win: at(Maximize::Win),
                            score: at(Maximize::Score),
                            discards: sorted(&a.evaluation, &[], a.turn, self.maximize),
                        }
                    })
                    .collect(),
            );
            return Ok(result);
        }
        if self.explain {
            let (ev, why) =
                ev::explain(&setup, &options, self.maximize, self.paths, progress, stop)?;
            Ok(EvResult::explained(&ev, &why, self.turn, self.maximize))
        } else {
            let ev = ev::evaluate_with(&setup, &options, progress, stop)?;
            Ok(EvResult::of(&ev, self.turn, self.maximize))
        }
    }
}

impl Request for EvRequest {
    type Answer = EvResult;
    type Defaults = ();

    fn apply_defaults(&mut self, (): &()) {}

    /// Evaluates every discard: `parse`, `invalid_hand` (not a hand, or already
    /// complete), `invalid_request` (too far from tenpai, turns, radius or wall out of
    /// range), `too_large` (a search past its bound), `timeout` (stopped).
    fn compute(&self, limits: &Limits, stop: &Stop) -> Result<EvResult, Error> {
        self.compute_with(limits, stop, &mut |_| {})
    }
}
