//! A person at the table (`docs/play.md`): one request plays a game up to the person's
//! next decision, with no state kept between requests.
//!
//! The table is rebuilt from the seed and the actions taken so far, each checked legal
//! for the seat that must decide; then the opponents' agents act until the person's seat
//! must decide or the game ends. The list holds only what the person may know: the
//! actions that happened, each with its seat ([`entry`]: `1000 × seat + id`,
//! `table::Action::id`), and the person's own passes; an opponent that may claim a tile
//! and does not is not written (its pass is implied when the table is rebuilt), so the
//! list never tells who could have claimed.
//! The answer gives the whole action list to send back with the person's choice
//! appended, the events since the request's last action as the person's seat sees them
//! (mjai messages), the seat's observation, its legal actions, the kyoku results among
//! those events and, at the end, the final placement. The same request gets the same
//! answer from every front.

use super::limits::{Bounded, Cost, Limits};
use super::riichi::YakuNames;
use super::{Error, Request, Stop};
use crate::agent::{mjai, Agent, Greedy, Pairi, PairiOptions};
use crate::record::{self, Format};
use crate::table::{
    Action, Event, Observation, Seat, Table, TableError, TablePreset, TableRules, WallSource,
};
use crate::tile::Pai;
use crate::util::rng::SplitMix64;
use crate::ErrorKind;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The opponents' agents a request may seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Opponents {
    /// `greedy`: tile efficiency (fast; the default).
    #[default]
    Greedy,
    /// `pairi`: pairi's decision engine (the expected-value search near ready).
    Pairi,
}

super::deserialize_by_name!(Opponents, "greedy or pairi", {
    "greedy" => Opponents::Greedy,
    "pairi" => Opponents::Pairi,
});

impl Opponents {
    /// The JSON name.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Opponents::Greedy => "greedy",
            Opponents::Pairi => "pairi",
        }
    }
}

impl Serialize for Opponents {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// A game against pairi's agents, played up to the person's next decision.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// The table preset: `tenhou` (default), `mahjongsoul`, `tenhou-tonpuu`,
    /// `tenhou-sanma`, `mahjongsoul-sanma`, `wrc`.
    #[serde(default)]
    pub rules: Option<String>,
    /// 3 for the rules' three-player preset.
    #[serde(default)]
    pub players: Option<u8>,
    /// The seed of the walls and of the agents.
    #[serde(default)]
    pub seed: u64,
    /// The person's seat (0 is East in the first kyoku).
    #[serde(default)]
    pub seat: Seat,
    /// The agents at the other seats.
    #[serde(default)]
    pub opponents: Opponents,
    /// Every action taken so far that the person may know, in order, as entries
    /// ([`entry`]: `1000 × seat + id`): the previous answer's `actions` with the
    /// person's choice (a `legal` id) appended. Opponents' passes are never written.
    #[serde(default)]
    pub actions: Vec<u16>,
    /// `tenhou6` or `mjai`: the answer carries the game as a record in that format
    /// (the kyoku played to their end; the whole game once it is over).
    #[serde(default)]
    pub record: Option<String>,
}

impl PlayRequest {
    /// The table preset of `rules` and `players`.
    ///
    /// # Errors
    ///
    /// `invalid_request` for an unknown preset or a player count it has not.
    pub fn preset(&self) -> Result<TablePreset, Error> {
        let name = self.rules.as_deref().unwrap_or("tenhou");
        let preset = TablePreset::from_id(name).ok_or_else(|| {
            Error::invalid_request(format!(
                "`rules`: unknown rules {name:?}: tenhou, mahjongsoul, tenhou-tonpuu, \
                 tenhou-sanma, mahjongsoul-sanma, wrc"
            ))
        })?;
        Ok(match (preset, self.players) {
            (TablePreset::Tenhou, Some(3)) => TablePreset::TenhouSanma,
            (TablePreset::MahjongSoul, Some(3)) => TablePreset::MahjongSoulSanma,
            (p, Some(n)) if p.rules().players() != n => {
                return Err(Error::invalid_request(format!(
                    "`players`: the rules {} have no {n}-player game",
                    p.id()
                )))
            }
            (p, _) => p,
        })
    }

    /// The record format asked for, if any.
    ///
    /// # Errors
    ///
    /// `invalid_request` for a format other than `tenhou6` and `mjai`.
    pub fn record_format(&self) -> Result<Option<Format>, Error> {
        self.record
            .as_deref()
            .map(|id| match Format::from_id(id) {
                Some(f @ (Format::Tenhou6 | Format::Mjai)) => Ok(f),
                _ => Err(Error::invalid_request(format!(
                    "`record`: unknown format {id:?}: tenhou6 or mjai"
                ))),
            })
            .transpose()
    }
}

impl Bounded for PlayRequest {
    /// `actions` at most `max_play_actions`; a whole game replayed is long work.
    fn check(&self, limits: &Limits) -> Result<Cost, Error> {
        if self.actions.len() > limits.max_play_actions {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "`actions`: {} actions, at most {} here",
                    self.actions.len(),
                    limits.max_play_actions
                ),
            ));
        }
        Ok(Cost::Long)
    }
}

/// One action the person may take.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalAction {
    /// Its entry ([`entry`]: `1000 × seat + id`), to append to `actions`.
    pub id: u16,
    /// Its mjai type: `dahai`, `reach`, `hora`, `chi`, `pon`, `daiminkan`, `ankan`,
    /// `kakan`, `nukidora`, `ryukyoku`, `none`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The tile: discarded, claimed, won on, made a kong of, added.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pai: Option<String>,
    /// The person's own tiles of a call.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub consumed: Vec<String>,
    /// A discard of the tile just drawn.
    #[serde(skip_serializing_if = "core::ops::Not::not")]
    pub tsumogiri: bool,
}

fn code(p: Pai) -> String {
    p.to_string()
}

impl LegalAction {
    fn of(seat: Seat, a: Action, obs: &Observation) -> LegalAction {
        let claimed = obs.claimable.map(|(_, p)| code(p));
        let (pai, consumed, tsumogiri) = match a {
            Action::Discard { pai, tsumogiri } => (Some(code(pai)), vec![], tsumogiri),
            Action::Chi { consumed, called } | Action::Pon { consumed, called } => (
                Some(code(called)),
                consumed.iter().map(|&p| code(p)).collect(),
                false,
            ),
            Action::OpenKan { called } => (Some(code(called)), vec![], false),
            Action::ClosedKan { tile } => (Some(code(tile.black())), vec![], false),
            Action::AddedKan { pai } => (Some(code(pai)), vec![], false),
            Action::Tsumo => (obs.drawn.map(code), vec![], false),
            Action::Ron => (claimed, vec![], false),
            Action::Riichi | Action::Kita | Action::NineTerminals | Action::Pass => {
                (None, vec![], false)
            }
        };
        LegalAction {
            id: entry(seat, a),
            kind: a.mjai_type(),
            pai,
            consumed,
            tsumogiri,
        }
    }
}

/// One discard in a river.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RiverJson {
    /// The tile.
    pub pai: String,
    /// Thrown straight from the draw.
    pub tsumogiri: bool,
    /// The riichi declaration tile.
    pub riichi: bool,
    /// Claimed by another player.
    pub called: bool,
}

/// One meld on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MeldJson {
    /// `chi pon minkan ankan kakan`.
    pub kind: &'static str,
    /// Its tiles.
    pub tiles: Vec<String>,
}

/// What the person's seat sees: never another seat's concealed tiles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The round wind: `E S W N`.
    pub round: String,
    /// The dealer's seat.
    pub dealer: Seat,
    /// Honba.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub riichi_sticks: u32,
    /// Scores by seat.
    pub scores: Vec<i32>,
    /// The dora indicators turned.
    pub dora: Vec<String>,
    /// Tiles left in the live wall.
    pub tiles_left: u8,
    /// Whose turn it is (or who discarded the tile being claimed).
    pub turn: Seat,
    /// The person's concealed tiles, sorted, the drawn tile included.
    pub hand: Vec<String>,
    /// The tile just drawn.
    pub drawn: Option<String>,
    /// The tile being claimed, while claims are open.
    pub claimable: Option<String>,
    /// Every seat's melds.
    pub melds: Vec<Vec<MeldJson>>,
    /// Every seat's discards in order.
    pub rivers: Vec<Vec<RiverJson>>,
    /// Whose riichi is on the table.
    pub riichi: Vec<bool>,
    /// Norths set aside by seat (three players).
    pub kita: Vec<u8>,
}

impl View {
    fn of(o: &Observation) -> View {
        let n = usize::from(o.players);
        View {
            round: o.round.letter().to_string(),
            dealer: o.dealer,
            honba: o.honba,
            riichi_sticks: o.riichi_sticks,
            scores: o.scores[..n].to_vec(),
            dora: o.dora.iter().map(|&p| code(p)).collect(),
            tiles_left: o.tiles_left,
            turn: o.turn,
            hand: o.hand.iter().map(|&p| code(p)).collect(),
            drawn: o.drawn.map(code),
            claimable: o.claimable.map(|(_, p)| code(p)),
            melds: o.melds[..n]
                .iter()
                .map(|ms| {
                    ms.iter()
                        .map(|m| MeldJson {
                            kind: m.kind().id(),
                            tiles: m.pais().map(code).collect(),
                        })
                        .collect()
                })
                .collect(),
            rivers: o.rivers[..n]
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|t| RiverJson {
                            pai: code(t.pai),
                            tsumogiri: t.tsumogiri,
                            riichi: t.riichi,
                            called: t.called,
                        })
                        .collect()
                })
                .collect(),
            riichi: o.riichi[..n].to_vec(),
            kita: o.kita[..n].to_vec(),
        }
    }
}

/// A win of a kyoku.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WinJson {
    /// The winner.
    pub seat: Seat,
    /// Who dealt the tile (the winner for a self-draw).
    pub from: Seat,
    /// The winning tile.
    pub pai: String,
    /// Han, dora included (0 for a yakuman).
    pub han: u8,
    /// Fu.
    pub fu: u8,
    /// Yakuman count.
    pub yakuman: u8,
    /// What the others pay, honba included.
    pub points: u32,
    /// The yaku with their names and values.
    pub yaku: YakuNames,
    /// The ura dora indicators shown.
    pub ura: Vec<String>,
}

/// How a kyoku ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KyokuResult {
    /// The round wind of the kyoku.
    pub round: String,
    /// Its dealer.
    pub dealer: Seat,
    /// Its honba.
    pub honba: u32,
    /// Its wins (two for a double ron), or none.
    pub wins: Vec<WinJson>,
    /// Why it was drawn (mjai's reason), when no one won.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw: Option<&'static str>,
    /// The seats ready at an exhaustive draw.
    pub tenpai: Vec<Seat>,
    /// Score changes by seat.
    pub deltas: Vec<i32>,
    /// Scores after it.
    pub scores: Vec<i32>,
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameEndJson {
    /// Final scores.
    pub scores: Vec<i32>,
    /// Each seat's place, 1 first.
    pub places: Vec<u8>,
    /// Each seat's result with return points, uma and oka, in points.
    pub results: Vec<i32>,
}

/// The answer: the game up to the person's next decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayAnswer {
    /// The table preset played.
    pub rules: &'static str,
    /// Three or four.
    pub players: u8,
    /// The person's seat.
    pub seat: Seat,
    /// Every action taken so far: send it back with the chosen id appended.
    pub actions: Vec<u16>,
    /// The events since the request's last action (all of them for a new game) as the
    /// person's seat sees them, as mjai messages.
    pub events: Vec<Value>,
    /// What the person's seat sees now.
    pub view: View,
    /// The person's legal actions; empty when the game is over.
    pub legal: Vec<LegalAction>,
    /// The kyoku that ended among `events`.
    pub results: Vec<KyokuResult>,
    /// The end of the game, once it is over.
    pub game_end: Option<GameEndJson>,
    /// The game as a record in the format asked for (`record` in the request): the
    /// kyoku played to their end, every one once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
}

/// The most actions the opponents may add in one request.
const GAME_ACTIONS: usize = 100_000;

/// The entry of `action` by `seat` in a play request's `actions`: `1000 × seat + id`
/// (`table::Action::id`, below 1000), so that an entry names who acted (a claim such as
/// a ron may be open to several seats at once) and the seats that let a tile go need
/// not be written.
#[must_use]
pub fn entry(seat: Seat, action: Action) -> u16 {
    1000 * u16::from(seat) + action.id()
}

/// The seat and the action id of an entry ([`entry`]).
fn split_entry(entry: u16) -> (Seat, u16) {
    ((entry / 1000) as Seat, entry % 1000)
}

fn table_error(e: TableError) -> Error {
    Error::new(e.kind(), e)
}

/// The seed of seat `s`'s agent.
fn agent_seed(seed: u64, s: Seat) -> u64 {
    let mut g = SplitMix64::new(seed ^ 0x9e1a_7000 ^ u64::from(s));
    g.next_u64()
}

impl PlayRequest {
    /// The action entry `e` (`actions[i]`) stands for when seat `s` must decide among
    /// `legal` at a table of `n` seats; `None` when `s` is an opponent that may claim
    /// a tile and `e` is not one of its claims (it lets the tile go, and `e` comes
    /// later). Another seat's pass is refused wherever it stands (whether or not that
    /// seat could claim), and an error at an opponent's decision does not list its
    /// legal actions.
    fn read_entry(
        &self,
        i: usize,
        e: u16,
        s: Seat,
        legal: &[Action],
        n: Seat,
    ) -> Result<Option<Action>, Error> {
        let (seat, id) = split_entry(e);
        if seat >= n {
            return Err(Error::invalid_request(format!(
                "`actions[{i}]`: {e} names seat {seat}, not a seat of a {n}-player table"
            )));
        }
        if seat != self.seat && id == Action::Pass.id() {
            return Err(Error::invalid_request(format!(
                "`actions[{i}]`: {e} is a pass of seat {seat}: another seat's pass is never \
                 written"
            )));
        }
        if s != self.seat && legal.contains(&Action::Pass) {
            // An opponent asked about a tile: a claim of its own comes next, or it let
            // the tile go (claim ids are never those of a seat's own turn, so its next
            // turn's action is not taken for a claim).
            return Ok(legal
                .iter()
                .copied()
                .find(|a| seat == s && a.id() == id && *a != Action::Pass));
        }
        if seat != s {
            return Err(Error::invalid_request(format!(
                "`actions[{i}]`: {e} is an action of seat {seat}, but seat {s} must decide now"
            )));
        }
        if let Some(a) = legal.iter().copied().find(|a| a.id() == id) {
            return Ok(Some(a));
        }
        if s == self.seat {
            let ids: Vec<String> = legal.iter().map(|&a| entry(s, a).to_string()).collect();
            Err(Error::invalid_request(format!(
                "`actions[{i}]`: {e} is not a legal action of seat {s} now (legal: {})",
                ids.join(" ")
            )))
        } else {
            Err(Error::invalid_request(format!(
                "`actions[{i}]`: {e} is not a legal action of seat {s} now"
            )))
        }
    }
}

impl Request for PlayRequest {
    type Answer = PlayAnswer;
    type Defaults = ();

    fn apply_defaults(&mut self, (): &()) {}

    /// `invalid_request` for unknown rules, a seat the table has not, an action that is
    /// not legal for the seat that must decide (or one past the end of the game);
    /// `timeout` once `stop` is set.
    fn compute(&self, limits: &Limits, stop: &Stop) -> Result<PlayAnswer, Error> {
        let opponent = |_: Seat| -> Box<dyn Agent> {
            match self.opponents {
                Opponents::Greedy => Box::new(Greedy::default()),
                Opponents::Pairi => Box::new(
                    Pairi::new(PairiOptions {
                        max_states: limits.max_states.min(PairiOptions::default().max_states),
                        ..PairiOptions::default()
                    })
                    .with_stop(stop.clone()),
                ),
            }
        };
        self.play_on(WallSource::Seed(self.seed), &opponent, stop)
    }
}

impl PlayRequest {
    /// The game on the walls of `walls`, `opponent(s)` the agent at each other seat.
    fn play_on(
        &self,
        walls: WallSource,
        opponent: &dyn Fn(Seat) -> Box<dyn Agent>,
        stop: &Stop,
    ) -> Result<PlayAnswer, Error> {
        let preset = self.preset()?;
        let record_format = self.record_format()?;
        let rules: TableRules = preset.rules();
        let n = rules.players();
        if self.seat >= n {
            return Err(Error::invalid_request(format!(
                "`seat`: {} is not a seat of a {n}-player table (0 to {})",
                self.seat,
                n - 1
            )));
        }
        let mut table = Table::new(rules, walls).map_err(table_error)?;
        let mut agents: Vec<Option<Box<dyn Agent>>> = (0..n)
            .map(|s| (s != self.seat).then(|| opponent(s)))
            .collect();
        for (s, a) in agents.iter_mut().enumerate() {
            if let Some(a) = a {
                a.start(s as Seat, &rules, agent_seed(self.seed, s as Seat));
            }
        }
        let mut log = Log::default();
        let mut collecting = self.actions.is_empty();
        let first = table.events().to_vec();
        // Every event of the game, for the record.
        let mut all: Vec<Event> = Vec::new();
        if record_format.is_some() {
            all.extend_from_slice(&first);
        }
        deliver(&first, &mut agents, &mut log, collecting);
        let mut actions = Vec::with_capacity(self.actions.len() + 64);
        let mut legal_now = Vec::new();
        // Entries of the request read so far, and table steps made (implied passes
        // included).
        let mut read = 0;
        let mut steps = 0usize;
        loop {
            if table.is_over() {
                if read < self.actions.len() {
                    return Err(Error::invalid_request(format!(
                        "`actions[{read}]`: the game is over"
                    )));
                }
                break;
            }
            // Past this bound (no game comes near it) the request stops. Each entry is
            // followed by at most three implied passes.
            if steps >= 4 * self.actions.len() + GAME_ACTIONS {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    "the game has more actions than a request may play",
                ));
            }
            steps += 1;
            let s = table.to_act().trailing_zeros() as Seat;
            let legal = table.legal(s);
            let (action, written) = if let Some(&e) = self.actions.get(read) {
                match self.read_entry(read, e, s, &legal, n)? {
                    Some(a) => {
                        read += 1;
                        if read == self.actions.len() {
                            collecting = true;
                        }
                        (a, true)
                    }
                    // An opponent that may claim and is not written lets the tile go.
                    None => (Action::Pass, false),
                }
            } else if s == self.seat {
                if legal.len() == 1 {
                    // One choice (the tile drawn after riichi): played for the person.
                    (legal[0], true)
                } else {
                    let obs = table.observation(s);
                    legal_now = legal.iter().map(|&a| LegalAction::of(s, a, &obs)).collect();
                    break;
                }
            } else {
                stop.check()?;
                let obs = table.observation(s);
                let agent = agents[usize::from(s)]
                    .as_mut()
                    .ok_or_else(|| Error::invalid_request("no agent at an opponent's seat"))?;
                let a = agent.act(&obs, &legal);
                let a = if legal.contains(&a) {
                    a
                } else {
                    crate::agent::fallback(&legal)
                };
                // An opponent's pass is not written: it would tell that it could claim.
                (a, a != Action::Pass)
            };
            if written {
                actions.push(entry(s, action));
            }
            let events = table.step(s, action).map_err(table_error)?.to_vec();
            if record_format.is_some() {
                all.extend_from_slice(&events);
            }
            deliver(&events, &mut agents, &mut log, collecting);
        }
        let record = record_format.map(|f| record_text(&all, &rules, self.seat, self.opponents, f));
        let obs = table.observation(self.seat);
        Ok(PlayAnswer {
            rules: preset.id(),
            players: n,
            seat: self.seat,
            actions,
            events: log
                .collected
                .iter()
                .map(|e| mjai::event(&e.seen_by(self.seat), n))
                .collect(),
            view: View::of(&obs),
            legal: legal_now,
            results: results(&log, n),
            game_end: log.collected.iter().find_map(|e| match *e {
                Event::GameEnd {
                    scores,
                    places,
                    results,
                } => Some(GameEndJson {
                    scores: scores[..usize::from(n)].to_vec(),
                    places: places[..usize::from(n)].to_vec(),
                    results: results[..usize::from(n)].to_vec(),
                }),
                _ => None,
            }),
            record,
        })
    }
}

/// The name of seat `s` in a record of the game.
fn player_name(s: Seat, person: Seat, opponents: Opponents) -> String {
    if s == person {
        "player".to_owned()
    } else {
        opponents.id().to_owned()
    }
}

/// The game's record in format `f` (tenhou.net/6 or mjai), made by
/// [`record::played::game_of_events`] from every table event up to the end of the last
/// kyoku that ended: the kyoku in progress would show the other seats' hands and the
/// wall.
fn record_text(
    all: &[Event],
    rules: &TableRules,
    person: Seat,
    opponents: Opponents,
    f: Format,
) -> String {
    let end = all
        .iter()
        .rposition(|e| matches!(e, Event::KyokuEnd { .. } | Event::GameEnd { .. }))
        .map_or(0, |i| i + 1);
    let names = (0..rules.players())
        .map(|s| player_name(s, person, opponents))
        .collect();
    let game = record::played::game_of_events(&all[..end], rules, names);
    match f {
        Format::Mjai => record::mjai::write_lines(&game),
        _ => format!("{}\n", record::tenhou6::write(&game)),
    }
}

/// The events of a request: those kept for the answer, and the deal of the kyoku they
/// start in.
#[derive(Default)]
struct Log {
    collected: Vec<Event>,
    start: Option<Event>,
}

fn deliver(events: &[Event], agents: &mut [Option<Box<dyn Agent>>], log: &mut Log, collect: bool) {
    for (s, a) in agents.iter_mut().enumerate() {
        if let Some(a) = a {
            crate::agent::tell(a.as_mut(), s as Seat, events);
        }
    }
    for e in events {
        if collect {
            log.collected.push(*e);
        } else if matches!(e, Event::KyokuStart(_)) {
            log.start = Some(*e);
        }
    }
}

/// The kyoku that end among `events`.
fn results(log: &Log, n: u8) -> Vec<KyokuResult> {
    let n = usize::from(n);
    let mut out = Vec::new();
    let mut current: Option<KyokuResult> = None;
    for e in log.start.iter().chain(&log.collected) {
        let r = current.get_or_insert_with(|| KyokuResult {
            round: String::new(),
            dealer: 0,
            honba: 0,
            wins: Vec::new(),
            draw: None,
            tenpai: Vec::new(),
            deltas: vec![0; n],
            scores: Vec::new(),
        });
        match *e {
            Event::KyokuStart(k) => {
                r.round = k.round.letter().to_string();
                r.dealer = k.dealer;
                r.honba = k.honba;
            }
            Event::Win(w) => {
                for (d, x) in r.deltas.iter_mut().zip(w.deltas) {
                    *d += x;
                }
                r.wins.push(WinJson {
                    seat: w.seat,
                    from: w.from,
                    pai: code(w.pai),
                    han: w.han,
                    fu: w.fu,
                    yakuman: w.yakuman,
                    points: w.points,
                    yaku: YakuNames {
                        yaku: w.yaku,
                        yakuman: w.yakuman > 0,
                    },
                    ura: w.ura.iter().map(|&p| code(p)).collect(),
                });
            }
            Event::Ryukyoku {
                reason,
                deltas,
                tenpai,
            } => {
                r.draw = Some(reason.mjai());
                for (d, x) in r.deltas.iter_mut().zip(deltas) {
                    *d += x;
                }
                r.tenpai = (0..n as Seat).filter(|s| tenpai & (1 << s) != 0).collect();
            }
            Event::KyokuEnd { scores } => {
                r.scores = scores[..n].to_vec();
                out.extend(current.take());
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests;
