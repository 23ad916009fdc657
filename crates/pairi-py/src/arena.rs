//! The arena from Python (`pairi.arena.Arena`, `docs/arena.md`): games between built-in
//! agents played in Rust without the interpreter lock, any range of a run's game
//! numbers at a time (`pairi::agent::arena::run_range`), each game's result a plain
//! dict that pickles and merges, and the summary of any set of them: the object
//! `pairi arena --json` prints for the same games. Game `i` of a run is the same game
//! whichever process or machine plays it, so ranges played apart (`pairi.ray`) sum to
//! the run.

use crate::convert::json;
use crate::errors::invalid;
use crate::results::to_python;
use pairi::agent::arena::{self, Arena as Run, GamePlan, GameResult, SeatStats};
use pairi::agent::{Agent, Builtin, Fault, Pairi, PairiOptions};
use pairi::table::TablePreset;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde::{Deserialize, Serialize};

/// A game's result as a dict: its number, plan, final scores and places, each seat's
/// counts and its fault lines (lists of the players' length).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    index: u64,
    unit: u64,
    wall_seed: u64,
    slots: Vec<usize>,
    scores: Vec<i32>,
    places: Vec<u8>,
    stats: Vec<SeatStats>,
    faults: Vec<String>,
}

/// `LABEL=AGENT` or `AGENT` (a built-in: `random`, `tsumogiri`, `greedy`, `pairi`), as
/// the command line reads a slot.
fn slot(text: &str) -> PyResult<(String, Builtin)> {
    let text = text.trim();
    let (label, body) = match text.split_once('=') {
        Some((l, b))
            if !l.is_empty()
                && l.chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-') =>
        {
            (l.to_owned(), b)
        }
        _ => (text.to_owned(), text),
    };
    let agent = Builtin::from_id(body).ok_or_else(|| {
        invalid(format!(
            "unknown agent {body:?}: random, tsumogiri, greedy or pairi (LABEL=AGENT for a label of its own)"
        ))
    })?;
    Ok((label, agent))
}

/// The table preset of `rules` and `players`, as the command line reads them.
fn preset_of(rules: &str, players: Option<u8>) -> PyResult<TablePreset> {
    let preset = TablePreset::from_id(rules).ok_or_else(|| {
        invalid(format!(
            "unknown rules {rules:?}: tenhou, mahjongsoul, tenhou-tonpuu, tenhou-sanma, mahjongsoul-sanma, wrc"
        ))
    })?;
    Ok(match (preset, players) {
        (TablePreset::Tenhou, Some(3)) => TablePreset::TenhouSanma,
        (TablePreset::MahjongSoul, Some(3)) => TablePreset::MahjongSoulSanma,
        (p, Some(n)) if p.rules().players() != n => {
            return Err(invalid(format!(
                "the rules {rules} have no {n}-player game"
            )))
        }
        (p, _) => p,
    })
}

/// What `__reduce__` gives: the callable and its arguments.
type Reduced<'py> = (Bound<'py, PyAny>, (Vec<String>, u64));

/// A run of games between built-in agents, as `pairi arena` plays it: `agents` one per
/// seat (`LABEL=AGENT` gives an agent a label of its own; slots with the same label are
/// one agent), `games` (with `duplicate`, rounded up to whole sets), `seed`, `rules`
/// (a table preset) and `players` (3 for its three-player preset), `baseline` (default:
/// the last slot's label), `pairi_states` (the most hand states one search of the
/// `pairi` agent builds). It pickles as its arguments.
#[pyclass(module = "pairi._pairi", name = "Arena", frozen)]
pub struct PyArena {
    arena: Run,
    preset: TablePreset,
    agents: Vec<Builtin>,
    texts: Vec<String>,
    asked: u64,
    baseline: Option<String>,
    pairi_states: Option<usize>,
}

impl PyArena {
    fn make(&self, slot: usize) -> Box<dyn Agent> {
        match self.agents[slot] {
            Builtin::Pairi => Box::new(Pairi::new(PairiOptions {
                max_states: self
                    .pairi_states
                    .unwrap_or(PairiOptions::default().max_states),
                ..PairiOptions::default()
            })),
            b => b.agent(),
        }
    }

    fn row(&self, g: &GameResult) -> Row {
        let n = usize::from(g.players);
        let faults = g
            .faults
            .iter()
            .map(|(seat, kyoku, f)| {
                format!(
                    "game {} seat {seat} ({}), kyoku {kyoku}: {}",
                    g.plan.index,
                    self.arena.labels[g.plan.slots[usize::from(*seat)]],
                    f.reason
                )
            })
            .collect();
        Row {
            index: g.plan.index,
            unit: g.plan.unit,
            wall_seed: g.plan.wall_seed,
            slots: g.plan.slots[..n].to_vec(),
            scores: g.scores[..n].to_vec(),
            places: g.places[..n].to_vec(),
            stats: g.stats[..n].to_vec(),
            faults,
        }
    }

    /// The game of `row`, checked to be a game of this run.
    fn game(&self, row: Row) -> Result<(GameResult, Vec<String>), String> {
        let at = row.index;
        if at >= self.arena.games {
            return Err(format!(
                "game {at}: this run has games 0 to {}",
                self.arena.games - 1
            ));
        }
        let plan: GamePlan = self.arena.plan(at);
        let n = usize::from(self.arena.players());
        if row.unit != plan.unit || row.wall_seed != plan.wall_seed || row.slots != plan.slots[..n]
        {
            return Err(format!(
                "game {at} is not a game of this run (another seed, rules or duplicate)"
            ));
        }
        let lengths = [row.scores.len(), row.places.len(), row.stats.len()];
        if lengths.iter().any(|&l| l != n) {
            return Err(format!(
                "game {at}: scores, places and stats need {n} seats"
            ));
        }
        let mut g = GameResult {
            plan,
            players: self.arena.players(),
            scores: [0; 4],
            places: [0; 4],
            stats: [SeatStats::default(); 4],
            faults: Vec::new(),
            events: Vec::new(),
        };
        g.scores[..n].copy_from_slice(&row.scores);
        g.places[..n].copy_from_slice(&row.places);
        g.stats[..n].copy_from_slice(&row.stats);
        // Only whether a game has faults counts in the summary; their lines are kept.
        g.faults = row
            .faults
            .iter()
            .map(|r| {
                (
                    0,
                    0,
                    Fault {
                        reason: r.clone(),
                        played: None,
                    },
                )
            })
            .collect();
        Ok((g, row.faults))
    }
}

#[pymethods]
impl PyArena {
    #[new]
    #[pyo3(signature = (agents, games = 100, *, seed = 0, rules = "tenhou", players = None,
        duplicate = false, baseline = None, pairi_states = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        agents: Vec<String>,
        games: u64,
        seed: u64,
        rules: &str,
        players: Option<u8>,
        duplicate: bool,
        baseline: Option<String>,
        pairi_states: Option<usize>,
    ) -> PyResult<Self> {
        let preset = preset_of(rules, players)?;
        let slots = agents
            .iter()
            .map(|a| slot(a))
            .collect::<PyResult<Vec<_>>>()?;
        let labels = slots.iter().map(|(l, _)| l.clone()).collect();
        let arena = Run::new(
            preset.rules(),
            labels,
            games,
            seed,
            duplicate,
            baseline.clone(),
        )
        .map_err(|e| invalid(e.to_string()))?;
        Ok(PyArena {
            arena,
            preset,
            agents: slots.into_iter().map(|(_, b)| b).collect(),
            texts: agents,
            asked: games,
            baseline,
            pairi_states,
        })
    }

    /// Games in the run (with `duplicate`, whole sets).
    #[getter]
    fn games(&self) -> u64 {
        self.arena.games
    }

    /// Players at the table.
    #[getter]
    fn players(&self) -> u8 {
        self.arena.players()
    }

    /// The run's seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.arena.seed
    }

    /// The table preset's name (`tenhou-sanma` for `rules="tenhou", players=3`).
    #[getter]
    fn rules(&self) -> &'static str {
        self.preset.id()
    }

    /// Whether the games are duplicate.
    #[getter]
    fn duplicate(&self) -> bool {
        self.arena.duplicate
    }

    /// The label of each slot.
    #[getter]
    fn labels(&self) -> Vec<String> {
        self.arena.labels.clone()
    }

    /// Plays games `start` to `start + count - 1` (to the last game when `count` is
    /// `None`) in Rust without the interpreter lock, on `threads` threads (default: one
    /// per core): a list of dicts, one per game in game order (`index`, `unit`,
    /// `wall_seed`, `slots`, `scores`, `places`, `stats` by seat, `faults`). A game is
    /// the same whichever range or process plays it.
    #[pyo3(signature = (start = 0, count = None, *, threads = None))]
    fn play(
        &self,
        py: Python<'_>,
        start: u64,
        count: Option<u64>,
        threads: Option<usize>,
    ) -> PyResult<Py<PyAny>> {
        let games = self.arena.games;
        let count = count.unwrap_or_else(|| games.saturating_sub(start));
        let end = start.checked_add(count).filter(|&e| e <= games);
        let Some(end) = end else {
            return Err(invalid(format!(
                "games {start} to {start} + {count}: this run has games 0 to {}",
                games - 1
            )));
        };
        let make = |slot: usize| -> Result<Box<dyn Agent>, String> { Ok(self.make(slot)) };
        let work = || arena::run_range(&self.arena, start..end, &make, &|_| {}, false);
        let played = py.detach(|| match threads {
            Some(t) => rayon::ThreadPoolBuilder::new()
                .num_threads(t.max(1))
                .build()
                .map_err(|e| e.to_string())
                .and_then(|pool| pool.install(work).map_err(|e| e.to_string())),
            None => work().map_err(|e| e.to_string()),
        });
        let played = played.map_err(invalid)?;
        let rows: Vec<Row> = played.iter().map(|g| self.row(g)).collect();
        to_python(py, &rows)
    }

    /// The results of `games` (dicts from `play`, in any order, each game at most once)
    /// as `pairi arena --json` prints them for the same games: a dict with `games`,
    /// `units`, `duplicate`, `baseline`, `agents`, `marked`, `kyoku`, `rules`, `seed`,
    /// `faults`.
    fn summary(&self, py: Python<'_>, games: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let mut results = Vec::new();
        let mut faults: Vec<(u64, Vec<String>)> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for item in games.try_iter()? {
            let item = item?;
            let row: Row = serde_json::from_value(json("games", &item)?)
                .map_err(|e| invalid(format!("games: not a game of `play`: {e}")))?;
            if !seen.insert(row.index) {
                return Err(invalid(format!("game {} given twice", row.index)));
            }
            let (g, lines) = self.game(row).map_err(invalid)?;
            faults.push((g.plan.index, lines));
            results.push(g);
        }
        results.sort_by_key(|g| g.plan.index);
        faults.sort_by_key(|(i, _)| *i);
        let summary = arena::summarize(&self.arena, &results);
        let mut v = serde_json::to_value(&summary).map_err(|e| invalid(e.to_string()))?;
        if let Some(o) = v.as_object_mut() {
            o.insert("rules".into(), self.preset.id().into());
            o.insert("seed".into(), self.arena.seed.into());
            let lines: Vec<String> = faults.into_iter().flat_map(|(_, l)| l).collect();
            o.insert("faults".into(), lines.into());
        }
        to_python(py, &v)
    }

    /// Pickled as its arguments: `functools.partial(Arena, **keywords)(agents, games)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let py = slf.py();
        let a = slf.get();
        let kw = PyDict::new(py);
        kw.set_item("seed", a.arena.seed)?;
        kw.set_item("rules", a.preset.id())?;
        kw.set_item("duplicate", a.arena.duplicate)?;
        kw.set_item("baseline", a.baseline.clone())?;
        kw.set_item("pairi_states", a.pairi_states)?;
        let make = py
            .import("functools")?
            .getattr("partial")?
            .call((slf.get_type(),), Some(&kw))?;
        Ok((make, (a.texts.clone(), a.asked)))
    }

    fn __repr__(&self) -> String {
        format!(
            "Arena({:?}, {}, seed={}, rules={:?}, duplicate={})",
            self.texts,
            self.arena.games,
            self.arena.seed,
            self.preset.id(),
            if self.arena.duplicate {
                "True"
            } else {
                "False"
            }
        )
    }
}

pub(crate) fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyArena>()
}
