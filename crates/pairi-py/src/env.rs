//! Game environments for learning programs: [`EnvTable`], one game stepped by action
//! index, and [`VecTable`], many games stepped in one call without the interpreter
//! lock, writing observations and masks into arrays it owns. The encodings are
//! `pairi::encode` (`docs/env.md`); seats not learning are played by built-in agents
//! in Rust.

use crate::errors::invalid;
use numpy::{
    PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pairi::agent::{Agent, Builtin};
use pairi::encode::{self, ACTION_COUNT, OBS_SIZE, PLANES};
use pairi::table::{Event, Table, TablePreset, TableRules, WallSource};
use pairi::util::rng::Xoshiro256;
use pyo3::prelude::*;
use rayon::prelude::*;
use std::sync::Mutex;

/// What one step did, the built-in agents' moves after it included.
#[derive(Clone, Copy, Default, Debug)]
struct Summary {
    events: u32,
    deltas: [i32; 4],
    kyoku_ends: u32,
    over: bool,
}

/// One game: the table, the built-in agents of the seats that do not learn, and a
/// generator for random actions drawn in Rust.
struct Game {
    rules: TableRules,
    table: Table,
    /// Behind a lock only to make the game `Sync`; reached through `get_mut`.
    agents: [Option<Mutex<Box<dyn Agent>>>; 4],
    kinds: [Option<Builtin>; 4],
    seed: u64,
    rng: Xoshiro256,
}

fn agent_seed(seed: u64, seat: u8) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (u64::from(seat) + 1)
}

impl Game {
    fn new(rules: TableRules, kinds: [Option<Builtin>; 4], seed: u64) -> PyResult<Game> {
        let table = Table::new(rules, WallSource::Seed(seed))
            .map_err(|e| invalid(format!("the table: {e}")))?;
        let mut g = Game {
            rules,
            table,
            agents: Default::default(),
            kinds,
            seed,
            rng: Xoshiro256::new(seed),
        };
        g.start();
        Ok(g)
    }

    /// Seats the agents and plays their moves up to a learning seat's decision.
    fn start(&mut self) {
        for (s, k) in self.kinds.iter().enumerate() {
            self.agents[s] = k.map(|b| {
                let mut a = b.agent();
                a.start(s as u8, &self.rules, agent_seed(self.seed, s as u8));
                Mutex::new(a)
            });
        }
        let events = self.table.events();
        for (s, a) in self.agents.iter_mut().enumerate() {
            if let Some(a) = a {
                let a = a
                    .get_mut()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                pairi::agent::tell(a.as_mut(), s as u8, events);
            }
        }
        let mut sum = Summary::default();
        self.run_agents(&mut sum);
    }

    fn reset(&mut self, seed: u64) -> PyResult<()> {
        self.table = Table::new(self.rules, WallSource::Seed(seed))
            .map_err(|e| invalid(format!("the table: {e}")))?;
        self.seed = seed;
        self.rng = Xoshiro256::new(seed);
        self.start();
        Ok(())
    }

    /// The learning seat that must decide now (the lowest), if any.
    fn seat(&self) -> Option<u8> {
        let m = self.table.to_act();
        (m != 0 && !self.table.is_over()).then(|| m.trailing_zeros() as u8)
    }

    /// Plays `action` for `seat`, tells the agents, adds what happened to `sum`.
    fn play(&mut self, seat: u8, action: pairi::table::Action, sum: &mut Summary) -> bool {
        let Ok(events) = self.table.step(seat, action) else {
            return false;
        };
        for e in events {
            sum.events += 1;
            match e {
                Event::Win(w) => {
                    for (d, x) in sum.deltas.iter_mut().zip(w.deltas) {
                        *d += x;
                    }
                }
                Event::Ryukyoku { deltas, .. } => {
                    for (d, x) in sum.deltas.iter_mut().zip(deltas) {
                        *d += x;
                    }
                }
                Event::KyokuEnd { .. } => sum.kyoku_ends += 1,
                Event::GameEnd { .. } => sum.over = true,
                _ => {}
            }
        }
        for (s, a) in self.agents.iter_mut().enumerate() {
            if let Some(a) = a {
                let a = a
                    .get_mut()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                pairi::agent::tell(a.as_mut(), s as u8, events);
            }
        }
        true
    }

    /// Lets the built-in agents decide while one of them must.
    fn run_agents(&mut self, sum: &mut Summary) {
        while !self.table.is_over() {
            let m = self.table.to_act();
            let Some(seat) =
                (0..4u8).find(|&s| m & (1 << s) != 0 && self.agents[usize::from(s)].is_some())
            else {
                break;
            };
            let legal = self.table.legal(seat);
            let obs = self.table.observation(seat);
            let Some(agent) = self.agents[usize::from(seat)].as_mut() else {
                break;
            };
            let agent = agent
                .get_mut()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let action = agent.act(&obs, &legal);
            if !self.play(seat, action, sum) {
                break;
            }
        }
    }

    /// Plays action `index` for the seat to act (a uniformly random legal one when
    /// `None`), then the agents' moves.
    fn step(&mut self, index: Option<usize>) -> Result<Summary, String> {
        let Some(seat) = self.seat() else {
            return Err("the game is over".into());
        };
        let legal = self.table.legal(seat);
        let index = match index {
            Some(i) => i,
            None => {
                let i = self.rng.below(legal.len() as u64) as usize;
                legal.get(i).map_or(usize::MAX, encode::index_of)
            }
        };
        let Some(action) = encode::action_at(index, &legal) else {
            return Err(format!("action {index} is not legal for seat {seat}"));
        };
        let mut sum = Summary::default();
        self.play(seat, action, &mut sum);
        self.run_agents(&mut sum);
        Ok(sum)
    }

    /// Each seat's reward: its game result (score − return points + uma, + oka for
    /// the first) in thousands of points once the game is over, else 0.
    fn rewards(&self) -> [f32; 4] {
        let mut r = [0.0; 4];
        if let Some(Event::GameEnd { results, .. }) = self.table.events().last() {
            for (x, &v) in r.iter_mut().zip(results) {
                *x = v as f32 / 1000.0;
            }
        }
        r
    }

    fn write(&self, obs: &mut [f32], mask: &mut [bool]) {
        match self.seat() {
            Some(seat) => {
                encode::observe(&self.table.observation(seat), obs);
                encode::mask(&self.table.legal(seat), mask);
            }
            None => {
                obs.fill(0.0);
                mask.fill(false);
            }
        }
    }
}

fn rules_of(rules: &str) -> PyResult<TableRules> {
    TablePreset::from_id(rules)
        .map(TablePreset::rules)
        .ok_or_else(|| {
            let names: Vec<&str> = TablePreset::ALL.iter().map(|p| p.id()).collect();
            invalid(format!(
                "unknown rules {rules:?}: one of {}",
                names.join(", ")
            ))
        })
}

fn kinds_of(
    rules: &TableRules,
    agents: Option<Vec<Option<String>>>,
) -> PyResult<[Option<Builtin>; 4]> {
    let n = usize::from(rules.players());
    let mut kinds = [None; 4];
    if let Some(agents) = agents {
        if agents.len() != n {
            return Err(invalid(format!(
                "agents: {} entries for {n} seats (None for a learning seat)",
                agents.len()
            )));
        }
        for (k, a) in kinds.iter_mut().zip(agents) {
            *k = match a {
                None => None,
                Some(name) => Some(Builtin::from_id(&name).ok_or_else(|| {
                    invalid(format!(
                        "unknown agent {name:?}: random, tsumogiri, greedy or pairi"
                    ))
                })?),
            };
        }
    }
    if kinds[..n].iter().all(Option::is_some) {
        return Err(invalid("agents: at least one seat must learn (None)"));
    }
    Ok(kinds)
}

/// What one step did: `events` the number of table events (the built-in agents'
/// moves included), `deltas` the score changes per seat, `kyoku_ends` the kyoku
/// finished, `over` whether the game ended.
#[pyclass(module = "pairi._pairi", frozen, get_all)]
pub struct StepInfo {
    events: u32,
    deltas: Vec<i32>,
    kyoku_ends: u32,
    over: bool,
}

/// One game stepped by action index (`pairi.env.Table`): see `docs/env.md`.
#[pyclass(module = "pairi._pairi")]
pub struct EnvTable {
    game: Game,
}

#[pymethods]
impl EnvTable {
    #[new]
    #[pyo3(signature = (rules = "tenhou", seed = 0, agents = None))]
    fn new(rules: &str, seed: u64, agents: Option<Vec<Option<String>>>) -> PyResult<Self> {
        let rules = rules_of(rules)?;
        let kinds = kinds_of(&rules, agents)?;
        Ok(EnvTable {
            game: Game::new(rules, kinds, seed)?,
        })
    }

    /// A new game from `seed` (the last seed when `None`).
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, seed: Option<u64>) -> PyResult<()> {
        self.game.reset(seed.unwrap_or(self.game.seed))
    }

    /// The game's seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.game.seed
    }

    /// Three or four.
    #[getter]
    fn players(&self) -> u8 {
        self.game.rules.players()
    }

    /// The learning seat that must decide now, `None` once the game is over.
    #[getter]
    fn seat(&self) -> Option<u8> {
        self.game.seat()
    }

    /// Whether the game is over.
    #[getter]
    fn over(&self) -> bool {
        self.game.table.is_over()
    }

    /// The scores by seat.
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.game.table.scores()[..usize::from(self.game.rules.players())].to_vec()
    }

    /// The learning seats (those with no built-in agent).
    #[getter]
    fn learners(&self) -> Vec<u8> {
        (0..self.game.rules.players())
            .filter(|&s| self.game.kinds[usize::from(s)].is_none())
            .collect()
    }

    /// Each seat's reward: 0 until the game is over, then its result in thousands of
    /// points (score − return points + uma, + oka for the first).
    fn rewards(&self) -> Vec<f32> {
        self.game.rewards()[..usize::from(self.game.rules.players())].to_vec()
    }

    /// The observation planes of `seat` (the seat to act when `None`): a `float32`
    /// array of shape `(PLANES, 34)`, written into `out` when given (a C-contiguous
    /// array of that shape, returned), else new.
    #[pyo3(signature = (seat = None, out = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: Option<u8>,
        out: Option<Bound<'py, PyArray2<f32>>>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let seat = self.seat_or(seat)?;
        let a = out.unwrap_or_else(|| PyArray2::<f32>::zeros(py, [PLANES, 34], false));
        {
            let mut w = a.try_readwrite().map_err(|e| invalid(e.to_string()))?;
            let s = w.as_slice_mut().map_err(|e| invalid(e.to_string()))?;
            if s.len() != OBS_SIZE || a.shape() != [PLANES, 34] {
                return Err(invalid(format!(
                    "out: shape {:?}, not ({PLANES}, 34)",
                    a.shape()
                )));
            }
            encode::observe(&self.game.table.observation(seat), s);
        }
        Ok(a)
    }

    /// The legal mask of `seat` (the seat to act when `None`; all false once the game
    /// is over): a `bool` array of `ACTION_COUNT`, written into `out` when given.
    #[pyo3(signature = (seat = None, out = None))]
    fn mask<'py>(
        &self,
        py: Python<'py>,
        seat: Option<u8>,
        out: Option<Bound<'py, PyArray1<bool>>>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let legal = match self.seat_or(seat) {
            Ok(s) => self.game.table.legal(s),
            Err(_) if seat.is_none() => Default::default(),
            Err(e) => return Err(e),
        };
        let a = out.unwrap_or_else(|| PyArray1::<bool>::zeros(py, ACTION_COUNT, false));
        {
            let mut w = a.try_readwrite().map_err(|e| invalid(e.to_string()))?;
            let s = w.as_slice_mut().map_err(|e| invalid(e.to_string()))?;
            if s.len() != ACTION_COUNT {
                return Err(invalid(format!(
                    "out: {} values, not {ACTION_COUNT}",
                    s.len()
                )));
            }
            encode::mask(&legal, s);
        }
        Ok(a)
    }

    /// The indices of the legal actions of the seat to act, in the table's order
    /// (empty once the game is over).
    fn legal_indices(&self) -> Vec<usize> {
        self.game
            .seat()
            .map(|s| {
                self.game
                    .table
                    .legal(s)
                    .iter()
                    .map(encode::index_of)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The mjai form of action `index` of the seat to act.
    fn action_mjai(&self, index: usize) -> PyResult<String> {
        let seat = self.seat_or(None)?;
        let legal = self.game.table.legal(seat);
        let a = encode::action_at(index, &legal)
            .ok_or_else(|| invalid(format!("action {index} is not legal for seat {seat}")))?;
        Ok(self.game.table.action_mjai(seat, &a))
    }

    /// Plays legal action `index` for the seat to act, then the built-in agents'
    /// moves up to the next learning decision.
    fn step(&mut self, index: usize) -> PyResult<StepInfo> {
        let s = self.game.step(Some(index)).map_err(invalid)?;
        Ok(StepInfo {
            events: s.events,
            deltas: s.deltas[..usize::from(self.game.rules.players())].to_vec(),
            kyoku_ends: s.kyoku_ends,
            over: s.over,
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "Table(seed={}, players={}, seat={:?}, over={})",
            self.game.seed,
            self.game.rules.players(),
            self.game.seat(),
            self.game.table.is_over()
        )
    }
}

impl EnvTable {
    fn seat_or(&self, seat: Option<u8>) -> PyResult<u8> {
        match seat {
            Some(s) if s < self.game.rules.players() => Ok(s),
            Some(s) => Err(invalid(format!("no seat {s}"))),
            None => self.game.seat().ok_or_else(|| invalid("the game is over")),
        }
    }
}

/// `n` games stepped together without the interpreter lock (`pairi.env.VecTable`).
/// Its arrays are its own, rewritten by every call: `observations` `(n, PLANES, 34)`
/// float32, `masks` `(n, ACTION_COUNT)` bool, `seats` `(n,)` int64 (the seat to act),
/// `rewards` `(n, 4)` float32 and `dones` `(n,)` bool (set on the step a game ended,
/// with that game's rewards; the table has then started the next game).
#[pyclass(module = "pairi._pairi")]
pub struct VecTable {
    games: Vec<Game>,
    first_seed: u64,
    observations: Py<PyArray3<f32>>,
    masks: Py<PyArray2<bool>>,
    seats: Py<PyArray1<i64>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
    finished: u64,
}

/// The views of a `VecTable`'s arrays.
type Views<'py> = (
    Bound<'py, PyArray3<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
);

#[pymethods]
impl VecTable {
    #[new]
    #[pyo3(signature = (n, rules = "tenhou", seed = 0, agents = None))]
    fn new(
        py: Python<'_>,
        n: usize,
        rules: &str,
        seed: u64,
        agents: Option<Vec<Option<String>>>,
    ) -> PyResult<Self> {
        if n == 0 || n > 1 << 20 {
            return Err(invalid(format!("n = {n}: 1 to 1048576 tables")));
        }
        let rules = rules_of(rules)?;
        let kinds = kinds_of(&rules, agents)?;
        let games = py.detach(|| {
            (0..n as u64)
                .into_par_iter()
                .map(|i| Game::new(rules, kinds, seed.wrapping_add(i)))
                .collect::<PyResult<Vec<Game>>>()
        })?;
        let mut v = VecTable {
            games,
            first_seed: seed,
            observations: PyArray3::<f32>::zeros(py, [n, PLANES, 34], false).unbind(),
            masks: PyArray2::<bool>::zeros(py, [n, ACTION_COUNT], false).unbind(),
            seats: PyArray1::<i64>::zeros(py, n, false).unbind(),
            rewards: PyArray2::<f32>::zeros(py, [n, 4], false).unbind(),
            dones: PyArray1::<bool>::zeros(py, n, false).unbind(),
            finished: 0,
        };
        v.write_all(py)?;
        Ok(v)
    }

    /// The number of tables.
    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// Games finished since the start.
    #[getter]
    fn games_finished(&self) -> u64 {
        self.finished
    }

    /// The seed of each table's current game.
    #[getter]
    fn seeds(&self) -> Vec<u64> {
        self.games.iter().map(|g| g.seed).collect()
    }

    /// Every table back to a new game, seeds from `seed` (the first seed when
    /// `None`) on; returns the arrays.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Views<'py>> {
        let seed = seed.unwrap_or(self.first_seed);
        self.first_seed = seed;
        let games = &mut self.games;
        py.detach(|| {
            games
                .par_iter_mut()
                .enumerate()
                .try_for_each(|(i, g)| g.reset(seed.wrapping_add(i as u64)))
        })?;
        self.finished = 0;
        self.write_all(py)?;
        Ok(self.views(py))
    }

    /// The arrays: `(observations, masks, seats, rewards, dones)`.
    fn arrays<'py>(&self, py: Python<'py>) -> Views<'py> {
        self.views(py)
    }

    /// Plays `actions[i]` (an action index legal in `masks[i]`) at table `i`, for every
    /// table at once; returns the arrays. An illegal index raises, naming the table,
    /// after the legal ones are played.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Views<'py>> {
        let actions = actions.as_slice().map_err(|e| invalid(e.to_string()))?;
        if actions.len() != self.games.len() {
            return Err(invalid(format!(
                "{} actions for {} tables",
                actions.len(),
                self.games.len()
            )));
        }
        let actions: Vec<i64> = actions.to_vec();
        self.advance(py, |i| {
            Some(usize::try_from(actions[i]).unwrap_or(usize::MAX))
        })
    }

    /// Plays a uniformly random legal action at every table (drawn in Rust, seeded by
    /// each game's seed), `times` times; returns the arrays of the last step.
    #[pyo3(signature = (times = 1))]
    fn step_random<'py>(&mut self, py: Python<'py>, times: usize) -> PyResult<Views<'py>> {
        for _ in 0..times.max(1) {
            self.advance(py, |_| None)?;
        }
        Ok(self.views(py))
    }
}

impl VecTable {
    fn views<'py>(&self, py: Python<'py>) -> Views<'py> {
        (
            self.observations.bind(py).clone(),
            self.masks.bind(py).clone(),
            self.seats.bind(py).clone(),
            self.rewards.bind(py).clone(),
            self.dones.bind(py).clone(),
        )
    }

    /// Steps every table with the action `choose` gives it (`None`: a random legal one),
    /// restarts finished games, and rewrites the arrays. Table `i` plays the seeds
    /// `first + i`, `first + i + n`, `first + i + 2n`, ... in turn.
    fn advance<'py, F>(&mut self, py: Python<'py>, choose: F) -> PyResult<Views<'py>>
    where
        F: Fn(usize) -> Option<usize> + Sync,
    {
        let n = self.games.len() as u64;
        let obs = self.observations.bind(py);
        let masks = self.masks.bind(py);
        let seats = self.seats.bind(py);
        let rewards = self.rewards.bind(py);
        let dones = self.dones.bind(py);
        let mut obs_w = obs.readwrite();
        let mut mask_w = masks.readwrite();
        let mut seat_w = seats.readwrite();
        let mut rew_w = rewards.readwrite();
        let mut done_w = dones.readwrite();
        let err = |e: numpy::NotContiguousError| invalid(e.to_string());
        let o = obs_w.as_slice_mut().map_err(err)?;
        let m = mask_w.as_slice_mut().map_err(err)?;
        let s = seat_w.as_slice_mut().map_err(err)?;
        let r = rew_w.as_slice_mut().map_err(err)?;
        let d = done_w.as_slice_mut().map_err(err)?;
        let games = &mut self.games;
        let (bad, ended) = py.detach(|| {
            games
                .par_iter_mut()
                .zip(o.par_chunks_mut(OBS_SIZE))
                .zip(m.par_chunks_mut(ACTION_COUNT))
                .zip(s.par_iter_mut())
                .zip(r.par_chunks_mut(4))
                .zip(d.par_iter_mut())
                .enumerate()
                .map(|(i, (((((g, o), m), s), r), d))| {
                    *d = false;
                    r.fill(0.0);
                    let mut fault = None;
                    match g.step(choose(i)) {
                        Ok(sum) if sum.over => {
                            r.copy_from_slice(&g.rewards());
                            *d = true;
                            if let Err(e) = g.reset(g.seed.wrapping_add(n)) {
                                fault = Some(e.to_string());
                            }
                        }
                        Ok(_) => {}
                        Err(e) => fault = Some(e),
                    }
                    g.write(o, m);
                    *s = g.seat().map_or(-1, i64::from);
                    (fault.map(|f| (i, f)), u64::from(*d))
                })
                .reduce(
                    || (None, 0),
                    |(a, x), (b, y)| {
                        (
                            match (a, b) {
                                (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
                                (a, b) => a.or(b),
                            },
                            x + y,
                        )
                    },
                )
        });
        self.finished += ended;
        if let Some((i, f)) = bad {
            return Err(invalid(format!("table {i}: {f}")));
        }
        Ok(self.views(py))
    }

    /// Writes every table's observation, mask and seat, and clears the rewards and
    /// dones.
    fn write_all(&mut self, py: Python<'_>) -> PyResult<()> {
        let mut obs_w = self.observations.bind(py).readwrite();
        let mut mask_w = self.masks.bind(py).readwrite();
        let mut seat_w = self.seats.bind(py).readwrite();
        let err = |e: numpy::NotContiguousError| invalid(e.to_string());
        let o = obs_w.as_slice_mut().map_err(err)?;
        let m = mask_w.as_slice_mut().map_err(err)?;
        let s = seat_w.as_slice_mut().map_err(err)?;
        let games = &mut self.games;
        py.detach(|| {
            games
                .par_iter_mut()
                .zip(o.par_chunks_mut(OBS_SIZE))
                .zip(m.par_chunks_mut(ACTION_COUNT))
                .zip(s.par_iter_mut())
                .for_each(|(((g, o), m), s)| {
                    g.write(o, m);
                    *s = g.seat().map_or(-1, i64::from);
                });
        });
        self.rewards
            .bind(py)
            .readwrite()
            .as_slice_mut()
            .map_err(err)?
            .fill(0.0);
        self.dones
            .bind(py)
            .readwrite()
            .as_slice_mut()
            .map_err(err)?
            .fill(false);
        Ok(())
    }
}

/// Adds the environment classes and the encoding's constants to the module.
pub(crate) fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<EnvTable>()?;
    m.add_class::<VecTable>()?;
    m.add_class::<StepInfo>()?;
    m.add("ENCODING_VERSION", encode::ENCODING_VERSION)?;
    m.add("ACTION_COUNT", ACTION_COUNT)?;
    m.add("OBS_PLANES", PLANES)?;
    Ok(())
}
