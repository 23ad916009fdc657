//! One seat's game rebuilt from the mjai messages it receives: its [`Observation`] and,
//! when the last message asks it to decide, its legal actions, by the table's rules
//! ([`crate::table`]) applied to what the seat knows.
//!
//! The legal set is the one [`crate::table::Table::legal`] gives the seat, computed from
//! its own hand and the public events: discards (kuikae after a call, the tiles that keep
//! the hand ready after a riichi declaration, the drawn tile in riichi), riichi (closed,
//! ready, points and tiles left), kongs, kita, tsumo and ron (the hand complete with a
//! yaku, scored by [`crate::riichi`]; ron not in furiten: the seat's river, a win passed
//! since its last discard, or since its riichi), nine terminals, chi (from the left), pon
//! and open kong. What the seat cannot see is the one difference: the table turns a
//! kong's indicator and ends the kyoku by the rules, which the messages then say.

use super::pai_named;
use crate::hand::{Hand, Meld, MeldKind, Source};
use crate::riichi::context::{
    FirstTurn, Indicators, Riichi, RonEvent, TsumoEvent, WinContext, WinMethod,
};
use crate::riichi::rules::Renhou;
use crate::riichi::score;
use crate::riichi::yaku::Yaku;
use crate::table::observation::MAX_RIVER;
use crate::table::{
    chi_shapes, held_kinds, kuikae_set, shanten14, waits_of, Action, CallKind, DrawReason, Event,
    Kuikae, KyokuStart, Legal, Observation, RiverTile, Seat, TableRules,
};
use crate::tile::{Pai, Tile, TileSet, Wind};
use crate::util::FixedList;
use crate::wall::Wall;
use serde_json::Value;

/// A message the view cannot follow.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("mjai message: {0}")]
pub struct ViewError(pub String);

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
enum RiichiState {
    #[default]
    None,
    Declared,
    Accepted,
}

/// What the last message asks of the seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// Nothing.
    Idle,
    /// Its turn, after a draw (`drawn`) or a call.
    Turn { drawn: bool },
    /// It declared riichi and discards.
    RiichiDiscard,
    /// Another seat's tile may be claimed.
    Claim { from: Seat, pai: Pai, on: On },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum On {
    Discard,
    AddedKan,
    ClosedKan,
    Kita,
}

/// One seat's view of a game, fed with mjai messages.
#[derive(Clone, Debug)]
pub struct View {
    rules: TableRules,
    wall: Wall,
    n: u8,
    me: Seat,
    round: Wind,
    dealer: Seat,
    honba: u32,
    sticks: u32,
    scores: [i32; 4],
    dora: Indicators,
    tiles_left: u8,
    hand: Hand,
    drawn: Option<Pai>,
    melds: [FixedList<Meld, 4>; 4],
    rivers: [FixedList<RiverTile, MAX_RIVER>; 4],
    riichi: [RiichiState; 4],
    kita: [u8; 4],
    turn: Seat,
    phase: Phase,
    waits: TileSet,
    shanten: i8,
    discarded: TileSet,
    temp_furiten: bool,
    riichi_furiten: bool,
    /// The last tile passed was one of the seat's waits: furiten after this window.
    saw: bool,
    double_riichi: bool,
    ippatsu: bool,
    discards: u8,
    interrupted: bool,
    kans: u8,
    rinshan: bool,
    replacement: bool,
    kuikae: TileSet,
    riichi_keep: TileSet,
    over: bool,
}

fn field<'a>(v: &'a Value, k: &str) -> Result<&'a Value, ViewError> {
    v.get(k)
        .ok_or_else(|| ViewError(format!("no {k:?} in {v}")))
}

fn seat_of(v: &Value, k: &str) -> Result<Seat, ViewError> {
    field(v, k)?
        .as_u64()
        .filter(|&s| s < 4)
        .map(|s| s as Seat)
        .ok_or_else(|| ViewError(format!("{k:?} is not a seat in {v}")))
}

fn pai_of(v: &Value, k: &str) -> Result<Pai, ViewError> {
    let s = field(v, k)?.as_str().unwrap_or("");
    pai_named(s).ok_or_else(|| ViewError(format!("{k:?} is not a tile in {v}")))
}

fn pais_of(v: &Value, k: &str) -> Result<Vec<Pai>, ViewError> {
    field(v, k)?
        .as_array()
        .ok_or_else(|| ViewError(format!("{k:?} is not a list in {v}")))?
        .iter()
        .map(|x| {
            x.as_str()
                .and_then(pai_named)
                .ok_or_else(|| ViewError(format!("{x} is not a tile")))
        })
        .collect()
}

fn int_of(v: &Value, k: &str) -> Result<i64, ViewError> {
    field(v, k)?
        .as_i64()
        .ok_or_else(|| ViewError(format!("{k:?} is not a number in {v}")))
}

impl View {
    /// A view of seat 0 under `rules`, until `start_game` names the seat.
    #[must_use]
    pub fn new(rules: TableRules) -> View {
        let mut scores = [0; 4];
        for s in scores.iter_mut().take(usize::from(rules.players())) {
            *s = rules.start_points;
        }
        View {
            rules,
            wall: rules.scoring.wall(),
            n: rules.players(),
            me: 0,
            round: Wind::East,
            dealer: 0,
            honba: 0,
            sticks: 0,
            scores,
            dora: Indicators::new(),
            tiles_left: 0,
            hand: Hand::with_meld_room(),
            drawn: None,
            melds: Default::default(),
            rivers: Default::default(),
            riichi: [RiichiState::None; 4],
            kita: [0; 4],
            turn: 0,
            phase: Phase::Idle,
            waits: TileSet::EMPTY,
            shanten: 8,
            discarded: TileSet::EMPTY,
            temp_furiten: false,
            riichi_furiten: false,
            saw: false,
            double_riichi: false,
            ippatsu: false,
            discards: 0,
            interrupted: false,
            kans: 0,
            rinshan: false,
            replacement: false,
            kuikae: TileSet::EMPTY,
            riichi_keep: TileSet::EMPTY,
            over: false,
        }
    }

    /// The seat viewed.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.me
    }

    fn update_waits(&mut self) {
        let (s, w) = waits_of(self.hand.concealed(), self.hand.melds().len(), &self.wall);
        self.shanten = s;
        self.waits = w;
    }

    fn closed(&self) -> bool {
        self.hand.melds().iter().all(|m| !m.kind().is_open())
    }

    fn furiten(&self) -> bool {
        self.temp_furiten || self.riichi_furiten || self.waits.intersects(self.discarded)
    }

    fn end_ippatsu(&mut self) {
        self.ippatsu = false;
    }

    /// Takes in one message; returns the table event it stands for, as the seat sees it
    /// (what the message does not say left empty: the dice, a win's yaku), for agents
    /// that follow the events.
    ///
    /// # Errors
    ///
    /// [`ViewError`] for a message without the fields of its type, or one that does not
    /// fit the seat's hand (a discard of a tile it does not hold).
    pub fn apply(&mut self, v: &Value) -> Result<Option<Event>, ViewError> {
        let t = field(v, "type")?.as_str().unwrap_or("");
        let me = self.me;
        // A tile of the seat's waits passed without its ron.
        if self.saw && t != "hora" {
            if self.riichi[usize::from(me)] == RiichiState::Accepted {
                self.riichi_furiten = true;
            } else {
                self.temp_furiten = true;
            }
        }
        self.saw = false;
        let prev_phase = self.phase;
        self.phase = Phase::Idle;
        let mut out = None;
        match t {
            "start_game" => {
                let id = v.get("id").and_then(Value::as_u64).unwrap_or(0);
                *self = View::new(self.rules);
                self.me = (id as u8).min(self.n - 1);
            }
            "start_kyoku" => {
                self.start_kyoku(v)?;
                let mut hands = [[Pai::default(); 13]; 4];
                for (slot, p) in hands[usize::from(me)]
                    .iter_mut()
                    .zip(self.hand.concealed_pais())
                {
                    *slot = p;
                }
                out = Some(Event::KyokuStart(KyokuStart {
                    round: self.round,
                    dealer: self.dealer,
                    honba: self.honba,
                    riichi_sticks: self.sticks,
                    scores: self.scores,
                    dora: self.dora.first().copied().unwrap_or_default(),
                    dice: [0, 0],
                    hands,
                    shown: 1 << me,
                }));
            }
            "tsumo" => {
                let actor = seat_of(v, "actor")?;
                self.tiles_left = self.tiles_left.saturating_sub(1);
                self.turn = actor;
                self.rinshan = self.replacement;
                self.replacement = false;
                if actor == me {
                    let p = pai_of(v, "pai")?;
                    self.hand
                        .add(p)
                        .map_err(|e| ViewError(format!("draw: {e}")))?;
                    self.drawn = Some(p);
                    self.phase = Phase::Turn { drawn: true };
                    out = Some(Event::Draw {
                        seat: actor,
                        pai: Some(p),
                    });
                } else {
                    out = Some(Event::Draw {
                        seat: actor,
                        pai: None,
                    });
                }
            }
            "dahai" => {
                let actor = seat_of(v, "actor")?;
                let p = pai_of(v, "pai")?;
                let tsumogiri = v.get("tsumogiri").and_then(Value::as_bool).unwrap_or(false);
                let a = usize::from(actor);
                let declaring = self.riichi[a] == RiichiState::Declared;
                self.rivers[a].push(RiverTile {
                    pai: p,
                    tsumogiri,
                    riichi: declaring,
                    called: false,
                });
                self.rinshan = false;
                self.kuikae = TileSet::EMPTY;
                out = Some(Event::Discard {
                    seat: actor,
                    pai: p,
                    tsumogiri,
                });
                if actor == me {
                    if !self.hand.remove(p) {
                        return Err(ViewError(format!(
                            "discard of {} not held",
                            super::mjai_tile(p)
                        )));
                    }
                    self.discarded.insert(p.tile());
                    self.discards = self.discards.saturating_add(1);
                    self.temp_furiten = false;
                    if self.riichi[a] == RiichiState::Accepted {
                        self.ippatsu = false;
                    }
                    self.drawn = None;
                    self.update_waits();
                } else {
                    self.claim_window(actor, p, On::Discard);
                }
            }
            "reach" => {
                let actor = seat_of(v, "actor")?;
                self.riichi[usize::from(actor)] = RiichiState::Declared;
                out = Some(Event::Riichi { seat: actor });
                if actor == me {
                    self.double_riichi = self.discards == 0 && !self.interrupted;
                    let c = *self.hand.concealed();
                    let melds = self.hand.melds().len();
                    let mut keep = TileSet::EMPTY;
                    for t in c.kinds().iter() {
                        let mut d = c;
                        d.remove(t);
                        if waits_of(&d, melds, &self.wall).0 == 0 {
                            keep.insert(t);
                        }
                    }
                    self.riichi_keep = keep;
                    self.phase = Phase::RiichiDiscard;
                }
            }
            "reach_accepted" => {
                let actor = seat_of(v, "actor")?;
                let a = usize::from(actor);
                self.riichi[a] = RiichiState::Accepted;
                match v.get("scores").and_then(Value::as_array) {
                    Some(s) => self.set_scores(s),
                    None => self.scores[a] -= 1000,
                }
                self.sticks += 1;
                if actor == me {
                    self.ippatsu = true;
                }
                out = Some(Event::RiichiAccepted { seat: actor });
            }
            "chi" | "pon" | "daiminkan" => {
                let actor = seat_of(v, "actor")?;
                let target = seat_of(v, "target")?;
                let p = pai_of(v, "pai")?;
                let consumed = pais_of(v, "consumed")?;
                let kind = match t {
                    "chi" => CallKind::Chi,
                    "pon" => CallKind::Pon,
                    _ => CallKind::OpenKan,
                };
                let source = Source::of_call(actor, target, self.n).ok_or_else(|| {
                    ViewError(format!("{t}: seat {actor} cannot call from seat {target}"))
                })?;
                let mut tiles = consumed.clone();
                tiles.push(p);
                let meld = Meld::from_tiles(kind.meld_kind(), &tiles, Some(p.tile()), Some(source))
                    .map_err(|e| ViewError(format!("{t}: {e}")))?;
                if let Some(r) = self.rivers[usize::from(target)].as_mut_slice().last_mut() {
                    r.called = true;
                }
                self.melds[usize::from(actor)].push(meld);
                self.interrupted = true;
                self.end_ippatsu();
                out = Some(Event::Call {
                    kind,
                    seat: actor,
                    from: target,
                    pai: p,
                    consumed: consumed.iter().copied().collect(),
                });
                if kind == CallKind::OpenKan {
                    self.kans += 1;
                    self.replacement = true;
                }
                if actor == me {
                    for &c in &consumed {
                        if !self.hand.remove(c) {
                            return Err(ViewError(format!("{t} with a tile not held")));
                        }
                    }
                    self.hand.push_meld(meld);
                    self.drawn = None;
                    self.update_waits();
                    if kind != CallKind::OpenKan {
                        self.kuikae = if self.rules.kuikae == Kuikae::Forbidden {
                            kuikae_set(p.tile(), &consumed, kind == CallKind::Chi)
                        } else {
                            TileSet::EMPTY
                        };
                        self.turn = me;
                        self.phase = Phase::Turn { drawn: false };
                    }
                }
            }
            "kakan" => {
                let actor = seat_of(v, "actor")?;
                let p = pai_of(v, "pai")?;
                let a = usize::from(actor);
                let mut pon = [p.tile().black(); 3];
                if let Some(c) = v.get("consumed").and_then(Value::as_array) {
                    for (slot, x) in pon.iter_mut().zip(c) {
                        if let Some(q) = x.as_str().and_then(pai_named) {
                            *slot = q;
                        }
                    }
                }
                out = Some(Event::AddedKan {
                    seat: actor,
                    pai: p,
                    consumed: pon,
                });
                if let Some(m) = self.melds[a]
                    .as_mut_slice()
                    .iter_mut()
                    .find(|m| m.kind() == MeldKind::Pon && m.first() == p.tile())
                {
                    if let Ok(k) = Meld::set(
                        MeldKind::AddedKan,
                        p.tile(),
                        m.source(),
                        m.red() + u8::from(p.is_red()),
                    ) {
                        *m = k;
                    }
                }
                self.kans += 1;
                self.interrupted = true;
                self.end_ippatsu();
                self.replacement = true;
                if actor == me {
                    self.hand.remove(p);
                    if let Some(i) = self
                        .hand
                        .melds()
                        .iter()
                        .position(|m| m.kind() == MeldKind::Pon && m.first() == p.tile())
                    {
                        let m = self.hand.melds()[i];
                        if let Ok(k) = Meld::set(
                            MeldKind::AddedKan,
                            p.tile(),
                            m.source(),
                            m.red() + u8::from(p.is_red()),
                        ) {
                            self.hand.replace_meld(i, k);
                        }
                    }
                    self.drawn = None;
                    self.update_waits();
                } else {
                    self.claim_window(actor, p, On::AddedKan);
                }
            }
            "ankan" => {
                let actor = seat_of(v, "actor")?;
                let consumed = pais_of(v, "consumed")?;
                let tile = consumed
                    .first()
                    .map(|p| p.tile())
                    .ok_or_else(|| ViewError("ankan without tiles".into()))?;
                let red = consumed.iter().filter(|p| p.is_red()).count() as u8;
                let meld = Meld::set(MeldKind::ClosedKan, tile, None, red)
                    .map_err(|e| ViewError(format!("ankan: {e}")))?;
                let mut four = [tile.black(); 4];
                for (slot, &q) in four.iter_mut().zip(&consumed) {
                    *slot = q;
                }
                out = Some(Event::ClosedKan {
                    seat: actor,
                    consumed: four,
                });
                self.melds[usize::from(actor)].push(meld);
                self.kans += 1;
                self.interrupted = true;
                self.end_ippatsu();
                self.replacement = true;
                if actor == me {
                    for &c in &consumed {
                        self.hand.remove(c);
                    }
                    self.hand.push_meld(meld);
                    self.drawn = None;
                    self.update_waits();
                } else if self.rules.scoring.kokushi_robs_closed_kan {
                    self.claim_window(actor, tile.black(), On::ClosedKan);
                }
            }
            "nukidora" | "kita" => {
                let actor = seat_of(v, "actor")?;
                self.kita[usize::from(actor)] += 1;
                out = Some(Event::Kita { seat: actor });
                self.interrupted = true;
                // Its own kita ends the seat's ippatsu; another's, by the rules.
                if actor == me || self.rules.kita_ends_ippatsu {
                    self.end_ippatsu();
                }
                self.replacement = true;
                let north = Tile::NORTH.black();
                if actor == me {
                    self.hand.remove(north);
                    self.drawn = None;
                    self.update_waits();
                } else {
                    self.claim_window(actor, north, On::Kita);
                }
            }
            "dora" => {
                let p = pai_of(v, "dora_marker")?;
                self.dora.push(p);
                out = Some(Event::Dora { indicator: p });
            }
            "hora" | "ryukyoku" => {
                let before = self.scores;
                match (
                    v.get("scores").and_then(Value::as_array),
                    v.get("deltas").and_then(Value::as_array),
                ) {
                    (Some(s), _) => self.set_scores(s),
                    (None, Some(d)) => {
                        for (x, d) in self.scores.iter_mut().zip(d) {
                            *x += d.as_i64().unwrap_or(0) as i32;
                        }
                    }
                    _ => {}
                }
                let mut deltas = [0i32; 4];
                for (d, (a, b)) in deltas.iter_mut().zip(self.scores.iter().zip(before)) {
                    *d = a - b;
                }
                if t == "hora" {
                    self.sticks = 0;
                    let seat = seat_of(v, "actor")?;
                    let from = seat_of(v, "target").unwrap_or(seat);
                    let ura = v
                        .get("ura_markers")
                        .and_then(Value::as_array)
                        .map(|u| {
                            u.iter()
                                .filter_map(|x| x.as_str().and_then(pai_named))
                                .collect()
                        })
                        .unwrap_or_default();
                    out = Some(Event::Win(crate::table::Win {
                        seat,
                        from,
                        pai: pai_of(v, "pai").unwrap_or_default(),
                        pao: v.get("pao").and_then(Value::as_u64).map(|p| p as Seat),
                        deltas,
                        han: int_of(v, "fan").unwrap_or(0).clamp(0, 255) as u8,
                        fu: int_of(v, "fu").unwrap_or(0).clamp(0, 255) as u8,
                        yakuman: 0,
                        points: int_of(v, "hora_points").unwrap_or(0).max(0) as u32,
                        yaku: crate::riichi::yaku::YakuList::new(),
                        ura,
                    }));
                } else {
                    let reason = v.get("reason").and_then(Value::as_str).unwrap_or("fanpai");
                    let reason = DrawReason::of_mjai(reason).unwrap_or(DrawReason::Exhaustive);
                    out = Some(Event::Ryukyoku {
                        reason,
                        deltas,
                        tenpai: 0,
                    });
                }
            }
            "end_kyoku" => {
                out = Some(Event::KyokuEnd {
                    scores: self.scores,
                })
            }
            "end_game" => {
                self.over = true;
                if let Some(s) = v.get("scores").and_then(Value::as_array) {
                    self.set_scores(s);
                }
                let n = usize::from(self.n);
                let mut order: [usize; 4] = [0, 1, 2, 3];
                order[..n].sort_by_key(|&s| (-self.scores[s], s));
                let mut places = [0u8; 4];
                for (k, &s) in order[..n].iter().enumerate() {
                    places[s] = k as u8 + 1;
                }
                out = Some(Event::GameEnd {
                    scores: self.scores,
                    places,
                    results: [0; 4],
                });
            }
            // An answer echoed back, or a message of no consequence.
            _ => self.phase = prev_phase,
        }
        Ok(out)
    }

    fn set_scores(&mut self, s: &[Value]) {
        for (x, v) in self.scores.iter_mut().zip(s) {
            *x = v.as_i64().unwrap_or(0) as i32;
        }
    }

    fn start_kyoku(&mut self, v: &Value) -> Result<(), ViewError> {
        let round = match field(v, "bakaze")?.as_str() {
            Some("E") => Wind::East,
            Some("S") => Wind::South,
            Some("W") => Wind::West,
            Some("N") => Wind::North,
            _ => return Err(ViewError(format!("bakaze in {v}"))),
        };
        let dealer = seat_of(v, "oya")?;
        let tehais = field(v, "tehais")?
            .as_array()
            .ok_or_else(|| ViewError("tehais is not a list".into()))?;
        let mine = tehais
            .get(usize::from(self.me))
            .and_then(Value::as_array)
            .ok_or_else(|| ViewError("no hand for the seat".into()))?;
        let mut hand = Hand::with_meld_room();
        for x in mine {
            let p = x
                .as_str()
                .and_then(pai_named)
                .ok_or_else(|| ViewError(format!("{x} in the seat's hand")))?;
            hand.add(p).map_err(|e| ViewError(format!("deal: {e}")))?;
        }
        let me = self.me;
        let rules = self.rules;
        let scores = self.scores;
        *self = View::new(rules);
        self.me = me;
        self.scores = scores;
        if let Some(s) = v.get("scores").and_then(Value::as_array) {
            self.set_scores(s);
        }
        self.round = round;
        self.dealer = dealer;
        self.honba = int_of(v, "honba").unwrap_or(0).max(0) as u32;
        self.sticks = int_of(v, "kyotaku").unwrap_or(0).max(0) as u32;
        self.dora.push(pai_of(v, "dora_marker")?);
        // The live wall before the dealer's first draw: the set less the dead wall and
        // the deal.
        let set = self.wall.total() as u8;
        self.tiles_left = set - crate::table::wall::DEAD_WALL as u8 - 13 * self.n;
        self.hand = hand;
        self.update_waits();
        Ok(())
    }

    fn claim_window(&mut self, from: Seat, pai: Pai, on: On) {
        self.phase = Phase::Claim { from, pai, on };
        self.turn = from;
        if self.waits.contains(pai.tile()) {
            self.saw = true;
        }
    }

    /// The seat's view now.
    #[must_use]
    pub fn observation(&self) -> Observation {
        let mut hand = FixedList::new();
        let c = self.hand.concealed();
        let mut red = self.hand.concealed_red();
        for k in Tile::all() {
            for _ in 0..c.get(k) {
                let suit = k.index() / 9;
                let p = if !k.is_honor() && k.number() == 5 && red[suit] > 0 {
                    red[suit] -= 1;
                    k.red().unwrap_or(k.black())
                } else {
                    k.black()
                };
                hand.push(p);
            }
        }
        let legal = self.legal();
        let claim = match self.phase {
            Phase::Claim { from, pai, .. } => Some((from, pai)),
            _ => None,
        };
        Observation {
            seat: self.me,
            players: self.n,
            round: self.round,
            dealer: self.dealer,
            honba: self.honba,
            riichi_sticks: self.sticks,
            scores: self.scores,
            dora: self.dora,
            tiles_left: self.tiles_left,
            turn: self.turn,
            to_act: if legal.is_empty() { 0 } else { 1 << self.me },
            hand,
            drawn: self.drawn,
            claimable: claim,
            melds: self.melds,
            rivers: self.rivers,
            riichi: self.riichi.map(|r| r == RiichiState::Accepted),
            kita: self.kita,
            over: self.over,
        }
    }

    fn can_kan(&self) -> bool {
        self.kans < 4 && self.tiles_left > 0
    }

    fn context(&self, pai: Pai, on: Option<On>) -> WinContext {
        let last = self.tiles_left == 0;
        let method = match on {
            None if self.rinshan => WinMethod::Tsumo(TsumoEvent::Rinshan),
            None if last => WinMethod::Tsumo(TsumoEvent::Haitei),
            None => WinMethod::Tsumo(TsumoEvent::Plain),
            Some(On::AddedKan | On::ClosedKan) => WinMethod::Ron(RonEvent::Chankan),
            Some(On::Discard) if last => WinMethod::Ron(RonEvent::Houtei),
            Some(_) => WinMethod::Ron(RonEvent::Plain),
        };
        let riichi = match self.riichi[usize::from(self.me)] {
            RiichiState::Accepted if self.double_riichi => Riichi::Double,
            RiichiState::Accepted => Riichi::Riichi,
            _ => Riichi::None,
        };
        let dealer = self.me == self.dealer;
        let first_turn = if self.interrupted || self.discards > 0 || riichi != Riichi::None {
            FirstTurn::None
        } else if on.is_none() {
            if dealer {
                FirstTurn::Tenhou
            } else {
                FirstTurn::Chiihou
            }
        } else if !dealer && self.rules.scoring.renhou != Renhou::Off {
            FirstTurn::Renhou
        } else {
            FirstTurn::None
        };
        WinContext {
            win: pai,
            method,
            riichi,
            ippatsu: self.ippatsu && riichi != Riichi::None,
            first_turn,
            round_wind: self.round,
            seat_wind: Wind::from_index((self.me + self.n - self.dealer) % self.n),
            dora: self.dora,
            ura: Indicators::new(),
            honba: self.honba,
            riichi_sticks: self.sticks,
            kita: self.kita[usize::from(self.me)],
        }
    }

    /// Whether the seat wins on `pai` (held already for a self-draw).
    fn wins(&self, pai: Pai, on: Option<On>) -> Option<score::Score> {
        let ctx = self.context(pai, on);
        if on.is_none() {
            return score::score_unchecked(&self.hand, &ctx, &self.rules.scoring).ok();
        }
        let mut h = self.hand.clone();
        h.add(pai).ok()?;
        score::score_unchecked(&h, &ctx, &self.rules.scoring).ok()
    }

    fn push_discards(&self, allowed: TileSet, out: &mut Legal) {
        let c = self.hand.concealed().as_array();
        let reds = self.hand.concealed_red();
        let mut kinds = held_kinds(c) & allowed.bits();
        while kinds != 0 {
            let i = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let t = Tile::new_unchecked(i as u8);
            let red = if i < 27 && i % 9 == 4 { reds[i / 9] } else { 0 };
            let black = c[i] - red;
            for (pai, copies) in [(t.black(), black), (t.red().unwrap_or(t.black()), red)] {
                if copies == 0 {
                    continue;
                }
                let drawn = u8::from(self.drawn == Some(pai));
                if copies > drawn {
                    out.push(Action::Discard {
                        pai,
                        tsumogiri: false,
                    });
                }
                if drawn == 1 {
                    out.push(Action::Discard {
                        pai,
                        tsumogiri: true,
                    });
                }
            }
        }
    }

    fn red_of(&self, t: Tile) -> u8 {
        if t.is_honor() || t.number() != 5 {
            0
        } else {
            self.hand.concealed_red()[t.index() / 9]
        }
    }

    fn variants(&self, t: Tile) -> impl Iterator<Item = Pai> {
        let red = self.red_of(t);
        let black = self.hand.concealed().get(t) - red;
        let r = t.red().unwrap_or(t.black());
        [(t.black(), black > 0), (r, red > 0)]
            .into_iter()
            .filter(|&(_, ok)| ok)
            .map(|(p, _)| p)
    }

    fn leaves_discard(&self, called: Pai, consumed: &[Pai], chi: bool) -> bool {
        if self.rules.kuikae == Kuikae::Allowed {
            return true;
        }
        let forbidden = kuikae_set(called.tile(), consumed, chi);
        let c = self.hand.concealed();
        let mut left = c.total() as usize - consumed.len();
        for f in forbidden.iter() {
            let used = consumed.iter().filter(|p| p.tile() == f).count();
            left -= usize::from(c.get(f)) - used;
        }
        left > 0
    }

    /// The seat's legal actions after the last message, in the table's order; empty when
    /// it has nothing to decide.
    #[must_use]
    pub fn legal(&self) -> Legal {
        let mut out = Legal::new();
        let me = usize::from(self.me);
        match self.phase {
            Phase::Idle => {}
            Phase::RiichiDiscard => self.push_discards(self.riichi_keep, &mut out),
            Phase::Turn { drawn } => {
                let c = self.hand.concealed();
                if self.riichi[me] == RiichiState::Accepted {
                    if let Some(d) = self.drawn {
                        out.push(Action::Discard {
                            pai: d,
                            tsumogiri: true,
                        });
                        if self.can_kan() && c.get(d.tile()) == 4 {
                            let mut rest = *c;
                            rest.as_mut_array()[d.tile().index()] = 0;
                            let melds = self.hand.melds().len();
                            if waits_of(&rest, melds + 1, &self.wall).1 == self.waits {
                                out.push(Action::ClosedKan { tile: d.tile() });
                            }
                        }
                        if self.n == 3 && d.tile() == Tile::NORTH && self.tiles_left > 0 {
                            out.push(Action::Kita);
                        }
                        if self.waits_after_draw(d) && self.wins(d, None).is_some() {
                            out.push(Action::Tsumo);
                        }
                    }
                    return out;
                }
                self.push_discards(TileSet::ALL.difference(self.kuikae), &mut out);
                if !drawn {
                    return out;
                }
                let melds = self.hand.melds().len();
                if self.riichi[me] == RiichiState::None
                    && self.closed()
                    && shanten14(c, melds, &self.wall) <= 0
                    && self.scores[me] >= self.rules.riichi_min_points
                    && self.tiles_left >= self.rules.riichi_min_tiles
                {
                    out.push(Action::Riichi);
                }
                if self.can_kan() {
                    for t in TileSet::from_bits(held_kinds(c.as_array())).iter() {
                        if c.get(t) == 4 {
                            out.push(Action::ClosedKan { tile: t });
                        }
                    }
                    for m in self.hand.melds() {
                        if m.kind() == MeldKind::Pon && c.get(m.first()) > 0 {
                            let t = m.first();
                            let pai = if self.red_of(t) > 0 {
                                t.red().unwrap_or(t.black())
                            } else {
                                t.black()
                            };
                            out.push(Action::AddedKan { pai });
                        }
                    }
                }
                if self.n == 3 && c.get(Tile::NORTH) > 0 && self.tiles_left > 0 {
                    out.push(Action::Kita);
                }
                if let Some(d) = self.drawn {
                    if self.waits_after_draw(d) && self.wins(d, None).is_some() {
                        out.push(Action::Tsumo);
                    }
                }
                if self.rules.nine_terminals
                    && self.discards == 0
                    && !self.interrupted
                    && (held_kinds(c.as_array()) & TileSet::TERMINALS_AND_HONORS.bits())
                        .count_ones()
                        >= 9
                {
                    out.push(Action::NineTerminals);
                }
            }
            Phase::Claim { from, pai, on } => {
                let t = pai.tile();
                let mut ron = false;
                if self.waits.contains(t) && !self.furiten() {
                    if let Some(sc) = self.wins(pai, Some(on)) {
                        ron = on != On::ClosedKan
                            || sc
                                .yaku
                                .iter()
                                .any(|y| matches!(y.yaku, Yaku::Kokushi | Yaku::Kokushi13));
                    }
                }
                let calls = on == On::Discard
                    && self.tiles_left > 0
                    && self.riichi[me] == RiichiState::None;
                if calls && self.n == 4 && (from + 1) % self.n == self.me {
                    for (a, b) in chi_shapes(t) {
                        for x in self.variants(a) {
                            for y in self.variants(b) {
                                if self.leaves_discard(pai, &[x, y], true) {
                                    out.push(Action::Chi {
                                        consumed: [x, y],
                                        called: pai,
                                    });
                                }
                            }
                        }
                    }
                }
                if calls {
                    let red = self.red_of(t);
                    let black = self.hand.concealed().get(t) - red;
                    let r = t.red().unwrap_or(t.black());
                    let b = t.black();
                    for (consumed, ok) in [
                        ([b, b], black >= 2),
                        ([r, b], red >= 1 && black >= 1),
                        ([r, r], red >= 2),
                    ] {
                        if ok && self.leaves_discard(pai, &consumed, false) {
                            out.push(Action::Pon {
                                consumed,
                                called: pai,
                            });
                        }
                    }
                    if self.hand.concealed().get(t) == 3 && self.kans < 4 {
                        out.push(Action::OpenKan { called: pai });
                    }
                }
                if ron {
                    out.push(Action::Ron);
                }
                if !out.is_empty() {
                    out.push(Action::Pass);
                }
            }
        }
        out
    }

    /// Whether the hand before the draw `d` was waiting on it.
    fn waits_after_draw(&self, d: Pai) -> bool {
        // The waits are those of the hand before the draw (the 13 − 3k hand).
        self.waits.contains(d.tile())
    }
}
