//! Game-record requests and results: check a record (replay and re-score every win),
//! convert it, review its discards. The record travels as its text, in any of the
//! formats of `docs/formats.md` (found from its first characters unless `format` says).
//!
//! ```
//! use pairi::api::{record::CheckRequest, Request};
//!
//! let text = r#"{"name":["A","B","C","D"],"rule":{"disp":"般南喰赤","aka":1},"log":[[[3,0,0],[28200,42000,21600,28200],[18],[],[11,15,23,23,27,29,37,39,43,44,45,46,47],[41],[],[12,12,15,51,19,19,22,22,23,24,33,36,36],[],[],[11,11,14,17,22,35,35,35,36,37,41,44,47],[],[],[12,13,25,27,28,31,36,38,38,41,42,45,46],[37],[42],["九種九牌"]]]}"#;
//! let req = CheckRequest { record: text.into(), ..Default::default() };
//! let res = req.answer().unwrap();
//! assert_eq!((res.kyokus, res.wins, res.mismatches.len()), (1, 0, 0));
//! ```

use super::limits::{self, Limits};
use super::{deserialize_by_name, Error, Request, Stop};
use crate::notation::{format_meld, format_pai, format_pais, format_set, Format as Notation};
use crate::record::check::{self, Difference, Mismatch};
use crate::record::on_table;
use crate::record::review::{self, Flag, Selection};
use crate::record::walls::Walls;
use crate::record::{self, Format, Game, Kyoku, RecordError, Seat};
use crate::riichi::rules::Players;
use crate::tile::Pai;
use serde::{Deserialize, Serialize};

impl From<RecordError> for Error {
    fn from(e: RecordError) -> Error {
        Error::new(e.kind(), e)
    }
}

deserialize_by_name!(Format, "a record format: tenhou6, mjai or mjlog", {
    "tenhou6" => Format::Tenhou6,
    "mjai" => Format::Mjai,
    "mjlog" => Format::Mjlog,
});

impl Serialize for Format {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// The format of a record's text (`format` when given, else found from the text) and
/// each of its games read in turn ([`record::games()`]): the game's number in the file
/// (1 for the first) and the game, or the game's error, which names the game after the
/// first. One game is held at a time.
fn read_games(
    text: &str,
    format: Option<Format>,
    partial: bool,
) -> (
    Format,
    impl Iterator<Item = Result<(usize, Game), Error>> + '_,
) {
    let format = format.unwrap_or_else(|| Format::detect(text));
    (
        format,
        read_each(format, partial, record::games(text, format).map(Ok)),
    )
}

/// Each game's text, in file order, read as a game in `format`: its number in the file
/// (1 for the first) and the game, or its error (the text's own error as it is).
fn read_each<'a, S, I>(
    format: Format,
    partial: bool,
    texts: I,
) -> impl Iterator<Item = Result<(usize, Game), Error>> + 'a
where
    S: AsRef<str>,
    I: IntoIterator<Item = Result<S, Error>>,
    I::IntoIter: 'a,
{
    texts.into_iter().enumerate().map(move |(i, text)| {
        let n = i + 1;
        let text = text?;
        record::read_with(text.as_ref(), Some(format), partial)
            .map(|game| (n, game))
            .map_err(|e| Error::from(e.in_game(n)))
    })
}

/// `e` said of game number `n` of a file (1 for the first, left as it is).
fn in_game(mut e: Error, n: usize) -> Error {
    if n > 1 {
        e.message = format!("game {n}: {}", e.message);
    }
    e
}

/// Replay a record at the table and score every win again.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The record's text.
    pub record: String,
    /// Its format (found from the text when absent).
    #[serde(default)]
    pub format: Option<Format>,
    /// Accept a game cut off before its end (an excerpt, a game in progress): without
    /// it, a kyoku without its win or draw or a game without its close is a `parse`
    /// error.
    #[serde(default)]
    pub partial: bool,
    /// The rules each game is played under at the table: `tenhou`, `mahjongsoul`, or
    /// `auto` (the default: Tenhou's, or Mahjong Soul's for a game the table plays
    /// only under theirs).
    #[serde(default = "auto")]
    pub rules: RecordRules,
}

const fn auto() -> RecordRules {
    RecordRules::Auto
}

impl Default for CheckRequest {
    fn default() -> CheckRequest {
        CheckRequest {
            record: String::new(),
            format: None,
            partial: false,
            rules: RecordRules::Auto,
        }
    }
}

/// One difference between a record and pairi.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MismatchView {
    /// The game's number in the file, for a file of several games (left out for the
    /// first).
    #[serde(skip_serializing_if = "is_first")]
    pub game: usize,
    /// The kyoku (`E1`, `S3.1`).
    pub kyoku: String,
    /// The event's index in the kyoku.
    pub event: usize,
    /// What differs: `han`, `fu`, `points`, `yaku`, `deltas`, `score`, `scores`,
    /// `furiten`, `wall`; or `rule`: the win agrees under a rule the record does not state
    /// (kiriage), which is not a difference. Written as its name.
    #[serde(serialize_with = "difference_name")]
    pub what: Difference,
    /// The record's reading.
    pub record: String,
    /// pairi's reading.
    pub pairi: String,
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_first(n: &usize) -> bool {
    *n <= 1
}

fn difference_name<S: serde::Serializer>(d: &Difference, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(d.name())
}

impl From<Mismatch> for MismatchView {
    fn from(m: Mismatch) -> MismatchView {
        MismatchView {
            game: 1,
            kyoku: m.kyoku,
            event: m.event,
            what: m.what,
            record: m.record,
            pairi: m.pairi,
        }
    }
}

/// What checking a record found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckResult {
    /// The format read.
    pub format: Format,
    /// Players (3 or 4; of the first game).
    pub players: u8,
    /// The table rules the first game was played under: `tenhou`, `tenhou-sanma`,
    /// `mahjongsoul` or `mahjongsoul-sanma`.
    pub rules: &'static str,
    /// Games in the file, when more than one (a file of several games is checked game
    /// by game; the counts below are their sums).
    #[serde(skip_serializing_if = "is_first")]
    pub games: usize,
    /// Kyoku replayed.
    pub kyokus: usize,
    /// Wins scored again.
    pub wins: usize,
    /// Wins whose han, fu, points, yaku and score changes agree with the record (those
    /// with a `rule` mismatch under that rule).
    pub wins_agreeing: usize,
    /// Kyoku whose score changes agree.
    pub kyokus_agreeing: usize,
    /// Every difference.
    pub mismatches: Vec<MismatchView>,
    /// For a Tenhou XML record with its shuffle seed: `reproduced` when every kyoku's
    /// deal, draws and indicators are the walls of that seed, `differ` when one is not
    /// (a `wall` mismatch says where). Left out for a record without a seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub walls: Option<&'static str>,
}

impl Request for CheckRequest {
    type Answer = CheckResult;
    type Defaults = ();

    fn apply_defaults(&mut self, (): &()) {}

    /// `parse` for a text that is not a record, `invalid_hand` for a record the table
    /// does not allow (with the kyoku and event).
    fn compute(&self, _: &Limits, _: &Stop) -> Result<CheckResult, Error> {
        let (format, games) = read_games(&self.record, self.format, self.partial);
        Self::check(format, games, self.rules)
    }
}

impl CheckRequest {
    /// The answer for a record whose games' texts come one at a time, in `format`,
    /// instead of `record` (a front reading a large file in pieces:
    /// [`record::GameStream`]); the same answer as for the whole text.
    ///
    /// # Errors
    ///
    /// As [`Request::answer`], and any error of `games`, as it is.
    pub fn answer_games<S: AsRef<str>>(
        &self,
        format: Format,
        games: impl IntoIterator<Item = Result<S, Error>>,
    ) -> Result<CheckResult, Error> {
        Self::check(format, read_each(format, self.partial, games), self.rules)
    }

    fn check(
        format: Format,
        games: impl Iterator<Item = Result<(usize, Game), Error>>,
        rules: RecordRules,
    ) -> Result<CheckResult, Error> {
        let mut out = CheckResult {
            format,
            players: 0,
            rules: "",
            games: 0,
            kyokus: 0,
            wins: 0,
            wins_agreeing: 0,
            kyokus_agreeing: 0,
            mismatches: Vec::new(),
            walls: None,
        };
        // Game by game: the memory of one game beside the text.
        for game in games {
            let (n, game) = game?;
            out.games = n;
            let (report, mahjong_soul) =
                check_under(&game, rules).map_err(|e| Error::from(e.in_game(n)))?;
            if n == 1 {
                out.players = game.players.count();
                out.rules = preset_name(game.players, mahjong_soul);
            }
            out.kyokus += report.kyokus;
            out.wins += report.wins;
            out.wins_agreeing += report.wins_agreeing;
            out.kyokus_agreeing += report.kyokus_agreeing;
            out.mismatches
                .extend(report.mismatches.into_iter().map(|m| MismatchView {
                    game: n,
                    ..m.into()
                }));
            match record::walls::reproduce(&game) {
                Walls::NoSeed => {}
                Walls::Reproduced { .. } => {
                    out.walls.get_or_insert("reproduced");
                }
                Walls::Unreadable(why) => {
                    out.walls = Some("differ");
                    out.mismatches.push(MismatchView {
                        game: n,
                        kyoku: game.kyokus.first().map(Kyoku::label).unwrap_or_default(),
                        event: 0,
                        what: Difference::Wall,
                        record: format!("the shuffle seed: {why}"),
                        pairi: "a seed of 624 words in base64".into(),
                    });
                }
                Walls::Differ(d) => {
                    out.walls = Some("differ");
                    out.mismatches.push(MismatchView {
                        game: n,
                        kyoku: d.kyoku,
                        event: d.event,
                        what: Difference::Wall,
                        record: format!("{}: {}", d.what, d.record),
                        pairi: d.wall,
                    });
                }
            }
        }
        Ok(out)
    }
}

/// Convert a record to another format.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConvertRequest {
    /// The record's text.
    pub record: String,
    /// Its format (found from the text when absent).
    #[serde(default)]
    pub format: Option<Format>,
    /// Accept a game cut off before its end (an excerpt, a game in progress): without
    /// it, a kyoku without its win or draw or a game without its close is a `parse`
    /// error.
    #[serde(default)]
    pub partial: bool,
    /// The format to write: `tenhou6`, `mjai` or `mjlog`.
    pub to: Format,
}

/// A converted record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConvertResult {
    /// The format written.
    pub format: Format,
    /// The record: one JSON object (tenhou6), JSON Lines (mjai) or one XML document
    /// (mjlog), newline-terminated.
    pub record: String,
}

impl Request for ConvertRequest {
    type Answer = ConvertResult;
    type Defaults = ();

    fn apply_defaults(&mut self, (): &()) {}

    /// As [`CheckRequest`]: the record is replayed before it is written, and one the
    /// table does not allow is an error (`invalid_hand`, with the kyoku and event), never
    /// a converted record. See [`record::convert()`].
    fn compute(&self, _: &Limits, _: &Stop) -> Result<ConvertResult, Error> {
        let mut record = String::new();
        for game in self.games() {
            record.push_str(&game?);
        }
        Ok(ConvertResult {
            format: self.to,
            record,
        })
    }
}

impl ConvertRequest {
    /// The record converted game by game (a file may hold several: [`record::games()`]),
    /// each read, converted and given before the next is read: [`ConvertRequest`]'s
    /// answer is their texts one after the other. Tenhou's XML log holds one game: a
    /// second is a `parse` error.
    pub fn games(&self) -> impl Iterator<Item = Result<String, Error>> + '_ {
        let (_, games) = read_games(&self.record, self.format, self.partial);
        self.convert(games)
    }

    /// [`ConvertRequest::games`] for a record whose games' texts come one at a time,
    /// in `format`, instead of `record` (a front reading a large file in pieces:
    /// [`record::GameStream`]); the same texts as for the whole record.
    pub fn convert_games<'a, S, I>(
        &'a self,
        format: Format,
        games: I,
    ) -> impl Iterator<Item = Result<String, Error>> + 'a
    where
        S: AsRef<str>,
        I: IntoIterator<Item = Result<S, Error>>,
        I::IntoIter: 'a,
    {
        self.convert(read_each(format, self.partial, games))
    }

    fn convert<'a>(
        &'a self,
        games: impl Iterator<Item = Result<(usize, Game), Error>> + 'a,
    ) -> impl Iterator<Item = Result<String, Error>> + 'a {
        games.enumerate().map(move |(i, game)| {
            if i > 0 && self.to == Format::Mjlog {
                return Err(Error::from(RecordError::format(
                    "Tenhou XML",
                    "one game a log, and the record holds more: write it as mjai or tenhou6",
                )));
            }
            let (n, game) = game?;
            record::convert(&game, self.to).map_err(|e| Error::from(e.in_game(n)))
        })
    }
}

pub use crate::record::on_table::RecordRules;

deserialize_by_name!(RecordRules, "the rules of a record: tenhou, mahjongsoul or auto", {
    "tenhou" => RecordRules::Tenhou,
    "mahjongsoul" => RecordRules::MahjongSoul,
    "auto" => RecordRules::Auto,
});

/// The name of the table preset a game of `players` is played under: `tenhou`,
/// `tenhou-sanma`, `mahjongsoul`, `mahjongsoul-sanma`.
const fn preset_name(players: Players, mahjong_soul: bool) -> &'static str {
    match (players, mahjong_soul) {
        (Players::Four, false) => "tenhou",
        (Players::Three, false) => "tenhou-sanma",
        (Players::Four, true) => "mahjongsoul",
        (Players::Three, true) => "mahjongsoul-sanma",
    }
}

/// A game checked under `rules` ([`check::check_at`]); with [`RecordRules::Auto`],
/// under Mahjong Soul's when the table refuses an action (or a win) under Tenhou's and
/// none under Mahjong Soul's ([`on_table::under_either`]). Whether Mahjong Soul's were
/// used.
fn check_under(game: &Game, rules: RecordRules) -> Result<(check::Report, bool), RecordError> {
    on_table::under_either(
        rules,
        |mahjong_soul| check::check_at(game, check::table_rules_of(game, mahjong_soul)),
        |r| r.refused == 0,
    )
}

/// The legal actions at every decision point of a record, played again at the table.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegalRequest {
    /// The record's text.
    pub record: String,
    /// Its format (found from the text when absent).
    #[serde(default)]
    pub format: Option<Format>,
    /// Accept a game cut off before its end (an excerpt, a game in progress).
    #[serde(default)]
    pub partial: bool,
    /// The rules: `tenhou` (default) or `mahjongsoul`.
    #[serde(default)]
    pub rules: RecordRules,
}

/// One seat's decision at one point of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DecisionView {
    /// The game's number in the file (1 for the first), for a file of several games;
    /// left out for a file of one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<usize>,
    /// The number of the record's mjai events before the decision (as `pairi record
    /// convert --to mjai` writes them: `start_game` first, then each kyoku's
    /// `start_kyoku`, its events and `end_kyoku`).
    pub after: usize,
    /// The seat that decides.
    pub seat: Seat,
    /// Its legal actions as mjai messages, in the table's order (discards by tile,
    /// riichi, kongs, kita, tsumo, nine terminals; or chi, pon, open kong, ron and
    /// `none` for a pass).
    pub legal: Vec<serde_json::Value>,
}

/// The decision points of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalResult {
    /// The format read.
    pub format: Format,
    /// Players (3 or 4; of the first game).
    pub players: u8,
    /// Games in the file, when more than one (a file of several games is played game
    /// by game; `kyokus` is their sum).
    #[serde(skip_serializing_if = "is_first")]
    pub games: usize,
    /// The table preset played (`tenhou`, `tenhou-sanma`, `mahjongsoul`, ...; of the
    /// first game).
    pub rules: &'static str,
    /// Kyoku played.
    pub kyokus: usize,
    /// Every seat's decision, by game, then `after`, then seat.
    pub decisions: Vec<DecisionView>,
}

impl Request for LegalRequest {
    type Answer = LegalResult;
    type Defaults = ();

    fn apply_defaults(&mut self, (): &()) {}

    /// `parse` for a text that is not a record; `invalid_hand` for an action the table
    /// does not list as legal (with the kyoku and the event).
    fn compute(&self, _: &Limits, _: &Stop) -> Result<LegalResult, Error> {
        let (format, games) = read_games(&self.record, self.format, self.partial);
        self.legal(format, games)
    }
}

impl LegalRequest {
    /// The answer for a record whose games' texts come one at a time, in `format`,
    /// instead of `record` (a front reading a large file in pieces:
    /// [`record::GameStream`]); the same answer as for the whole text.
    ///
    /// # Errors
    ///
    /// As [`Request::answer`], and any error of `games`, as it is.
    pub fn answer_games<S: AsRef<str>>(
        &self,
        format: Format,
        games: impl IntoIterator<Item = Result<S, Error>>,
    ) -> Result<LegalResult, Error> {
        self.legal(format, read_each(format, self.partial, games))
    }

    /// Each game's decisions in turn (each with its `game` number), for a record whose
    /// games' texts come one at a time in `format`: a front that writes them as they
    /// come holds one game's decisions, not the file's. A file of one game answers
    /// without `game` ([`LegalResult`]): a front leaves it out when no second game
    /// follows.
    pub fn each_game<'a, S, I>(
        &'a self,
        format: Format,
        games: I,
    ) -> impl Iterator<Item = Result<Vec<DecisionView>, Error>> + 'a
    where
        S: AsRef<str>,
        I: IntoIterator<Item = Result<S, Error>>,
        I::IntoIter: 'a,
    {
        read_each(format, self.partial, games).map(move |game| {
            let (n, game) = game?;
            let mut out = Vec::new();
            self.decisions(&game, n, &mut out)
                .map_err(|e| Error::from(e.in_game(n)))?;
            Ok(out)
        })
    }

    fn legal(
        &self,
        format: Format,
        games: impl Iterator<Item = Result<(usize, Game), Error>>,
    ) -> Result<LegalResult, Error> {
        let mut out = LegalResult {
            format,
            players: 0,
            games: 0,
            rules: "",
            kyokus: 0,
            decisions: Vec::new(),
        };
        for game in games {
            let (n, game) = game?;
            out.games = n;
            if n == 1 {
                out.players = game.players.count();
                out.rules = preset_name(game.players, self.rules == RecordRules::MahjongSoul);
            }
            let (kyokus, mahjong_soul) = self
                .decisions(&game, n, &mut out.decisions)
                .map_err(|e| Error::from(e.in_game(n)))?;
            if n == 1 {
                out.rules = preset_name(game.players, mahjong_soul);
            }
            out.kyokus += kyokus;
        }
        // A file of one game: its decisions as they always were, without `game`.
        if out.games == 1 {
            for d in &mut out.decisions {
                d.game = None;
            }
        }
        Ok(out)
    }

    /// Every decision of game number `number` added to `out` under the request's
    /// rules; the kyoku played, and whether under Mahjong Soul's rules. With
    /// [`RecordRules::Auto`], Tenhou's, or Mahjong Soul's when only they play every
    /// action of the game.
    fn decisions(
        &self,
        game: &Game,
        number: usize,
        out: &mut Vec<DecisionView>,
    ) -> Result<(usize, bool), RecordError> {
        let kept = out.len();
        on_table::under_either(
            self.rules,
            |mahjong_soul| {
                out.truncate(kept);
                self.decisions_at(game, number, mahjong_soul, out)
            },
            |_| true,
        )
    }

    /// Every decision of game number `number` under Tenhou's or Mahjong Soul's rules
    /// added to `out`; the kyoku played.
    fn decisions_at(
        &self,
        game: &Game,
        number: usize,
        mahjong_soul: bool,
        out: &mut Vec<DecisionView>,
    ) -> Result<usize, RecordError> {
        let rules = record::on_table::rules_of(game, mahjong_soul);
        // Where each kyoku's events start in the game's mjai stream.
        let mut starts = Vec::with_capacity(game.kyokus.len());
        let mut at = 1;
        for k in &game.kyokus {
            starts.push(at + 1);
            at += k.events.len() + 2;
        }
        record::on_table(game, rules, false, |d| {
            let t = d.table;
            let mask = t.to_act();
            for seat in 0..t.players() {
                if mask & (1 << seat) == 0 {
                    continue;
                }
                let legal = t
                    .legal(seat)
                    .iter()
                    .filter_map(|a| serde_json::from_str(&t.action_mjai(seat, a)).ok())
                    .collect();
                out.push(DecisionView {
                    game: Some(number),
                    after: starts[d.kyoku] + d.after,
                    seat,
                    legal,
                });
            }
        })
    }
}

/// Review the discards of a record.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// The record's text.
    pub record: String,
    /// Its format (found from the text when absent).
    #[serde(default)]
    pub format: Option<Format>,
    /// Accept a game cut off before its end (an excerpt, a game in progress): without
    /// it, a kyoku without its win or draw or a game without its close is a `parse`
    /// error.
    #[serde(default)]
    pub partial: bool,
    /// The seats to review (all when absent).
    #[serde(default)]
    pub seats: Option<Vec<u8>>,
    /// The kyoku to review by label: `E1` (every honba of it), `S3.1` (that honba).
    #[serde(default)]
    pub kyoku: Option<Vec<String>>,
    /// Also value each discard with the expected-value engine (pairi's model).
    #[serde(default)]
    pub ev: bool,
}

/// One discard reviewed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiscardView {
    /// Event index in the kyoku.
    pub event: usize,
    /// Who discarded.
    pub seat: Seat,
    /// The concealed tiles before the discard (MPSZ, sorted), the drawn tile included.
    pub hand: String,
    /// Declared melds.
    pub melds: usize,
    /// Those melds in the hand notation, in the order declared: `[567m,2]` (a chow, its
    /// second tile claimed), `[999s,3]` (a pung from the left), `[7777z]` (a concealed
    /// kong).
    pub declared: Vec<String>,
    /// The tile drawn before the discard, if any.
    pub drawn: Option<String>,
    /// The tile discarded.
    pub discard: String,
    /// Thrown straight from the draw.
    pub tsumogiri: bool,
    /// Declared riichi with it.
    pub riichi: bool,
    /// Shanten before the discard.
    pub shanten_before: i8,
    /// Shanten after it.
    pub shanten: i8,
    /// Useful kinds after it (MPSZ).
    pub useful: String,
    /// Their copies not seen.
    pub useful_count: u32,
    /// The best discards.
    pub best: Vec<String>,
    /// Shanten after the best discard.
    pub best_shanten: i8,
    /// Useful copies after the best discard.
    pub best_useful_count: u32,
    /// Rank of the discard (1 = best).
    pub rank: usize,
    /// Distinct discards there were.
    pub choices: usize,
    /// Flags: `lost_tenpai`, `shanten_back`, `furiten`, `missed_tsumo`, `dama`,
    /// `dealt_in`.
    pub flags: Vec<&'static str>,
    /// With `"ev": true`, for hands up to 3-shanten: the chosen and the best discard
    /// by expected score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ev: Option<EvView>,
    /// When an opponent threatened: each discard offered with its danger.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defence: Option<super::review::DefenceView>,
}

/// Win probability and expected score of a discard and of the best one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvView {
    /// Win probability of the chosen discard.
    pub win: f64,
    /// Its expected score.
    pub score: f64,
    /// The discard of the highest expected score.
    pub best: String,
    /// Its win probability.
    pub best_win: f64,
    /// Its expected score.
    pub best_score: f64,
    /// At a discard into closed tenpai where riichi could be declared: the chosen
    /// discard with riichi and with dama.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub riichi: Option<RiichiView>,
}

/// Riichi against dama for one discard (win probability, expected score each).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RiichiView {
    /// Win probability with riichi.
    pub riichi_win: f64,
    /// Expected score with riichi.
    pub riichi_score: f64,
    /// Win probability with dama.
    pub dama_win: f64,
    /// Expected score with dama.
    pub dama_score: f64,
}

/// A call of the record against passing, with `"ev": true`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CallView {
    /// Event index in the kyoku.
    pub event: usize,
    /// Who called.
    pub seat: Seat,
    /// `chi`, `pon` or `kan`.
    pub call: &'static str,
    /// The tile called.
    pub tile: String,
    /// Win probability after the call.
    pub call_win: f64,
    /// Expected score after the call.
    pub call_score: f64,
    /// Win probability of passing.
    pub pass_win: f64,
    /// Expected score of passing.
    pub pass_score: f64,
}

/// A win passed up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MissedView {
    /// Event index in the kyoku.
    pub event: usize,
    /// Who could have won.
    pub seat: Seat,
    /// On which tile.
    pub tile: String,
    /// Self-draw (`true`) or ron.
    pub tsumo: bool,
    /// What it would have scored.
    pub points: u32,
}

/// One kyoku of a review.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KyokuView {
    /// Its label.
    pub kyoku: String,
    /// Index in the game.
    pub index: usize,
    /// How it ended: `win`, `draw`, or `unfinished` (an excerpt).
    pub result: String,
    /// Score changes per seat (all wins and the draw added up).
    pub deltas: Vec<i32>,
    /// The discards reviewed, in order.
    pub discards: Vec<DiscardView>,
    /// Wins passed up.
    pub missed: Vec<MissedView>,
    /// With `"ev": true`: the calls valued against passing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub calls: Vec<CallView>,
    /// The other choices the table offered: riichi or dama, calls or passing, kongs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<super::review::ChoiceView>,
}

/// A player's game in figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerView {
    /// Seat.
    pub seat: Seat,
    /// Name.
    pub name: String,
    /// Kyoku played.
    pub kyokus: usize,
    /// Wins.
    pub wins: usize,
    /// Deal-ins.
    pub deal_ins: usize,
    /// Kyoku with riichi.
    pub riichi: usize,
    /// Kyoku with a call.
    pub calls: usize,
    /// Kyoku in which the player folded against a threat.
    pub folds: usize,
    /// Win rate.
    pub win_rate: f64,
    /// Deal-in rate.
    pub deal_in_rate: f64,
    /// Riichi rate.
    pub riichi_rate: f64,
    /// Call rate.
    pub call_rate: f64,
    /// Average win, in points.
    pub average_win: f64,
    /// Discards reviewed.
    pub discards: usize,
    /// Share of them ranked best.
    pub agreement: f64,
}

/// A review.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReviewResult {
    /// The format read.
    pub format: Format,
    /// Player names.
    pub names: Vec<String>,
    /// Each kyoku reviewed.
    pub kyokus: Vec<KyokuView>,
    /// One summary per seat.
    pub players: Vec<PlayerView>,
}

/// The review of a record file: each game's, in file order. Written as its game's
/// [`ReviewResult`] for a file of one game, and as `{"format", "games": [review, ...]}`
/// for a file of several.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviews {
    /// The format read.
    pub format: Format,
    /// Each game's review (one at least).
    pub games: Vec<ReviewResult>,
}

impl Serialize for Reviews {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        if let [one] = self.games.as_slice() {
            return one.serialize(s);
        }
        let mut m = s.serialize_struct("Reviews", 2)?;
        m.serialize_field("format", &self.format)?;
        m.serialize_field("games", &self.games)?;
        m.end()
    }
}

fn pai(p: Pai) -> String {
    format_pai(p, Notation::Mpsz)
}

fn selected(game: &Game, labels: &[String]) -> Result<Vec<usize>, Error> {
    let mut out = Vec::new();
    for l in labels {
        let l = l.trim();
        let found: Vec<usize> = game
            .kyokus
            .iter()
            .enumerate()
            .filter(|(_, k)| {
                let full = k.label();
                full == l || (!l.contains('.') && full.split('.').next() == Some(l))
            })
            .map(|(i, _)| i)
            .collect();
        if found.is_empty() {
            return Err(Error::invalid_request(format!(
                "`kyoku`: no kyoku {l:?} in the record (it has {})",
                game.kyokus
                    .iter()
                    .map(crate::record::Kyoku::label)
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        out.extend(found);
    }
    Ok(out)
}

impl ReviewRequest {
    /// Each game's review in turn, for a record whose games' texts come one at a time
    /// in `format` instead of `record` (a front reading a large file in pieces:
    /// [`record::GameStream`]), within the library's limits: a front that writes each
    /// as it comes holds one game's review, not the file's. The reviews are those of
    /// [`Request::answer`]'s [`Reviews::games`], and so are the errors (any error of
    /// `games` as it is).
    pub fn each_game<'a, S, I>(
        &'a self,
        format: Format,
        games: I,
    ) -> impl Iterator<Item = Result<ReviewResult, Error>> + 'a
    where
        S: AsRef<str>,
        I: IntoIterator<Item = Result<S, Error>>,
        I::IntoIter: 'a,
    {
        read_each(format, self.partial, games).map(move |game| {
            let (n, game) = game?;
            self.review_game(&game, format, &limits::LIBRARY, &Stop::never())
                .map_err(|e| in_game(e, n))
        })
    }

    /// Answers from a game already read, within the library's limits.
    ///
    /// # Errors
    ///
    /// As [`Request::answer`].
    pub fn answer_game(&self, game: &Game, format: Format) -> Result<ReviewResult, Error> {
        self.review_game(game, format, &limits::LIBRARY, &Stop::never())
    }

    /// [`ReviewRequest::answer_game`]: each discard's search bounded by `limits`, the
    /// review given up soon after `stop` is set.
    fn review_game(
        &self,
        game: &Game,
        format: Format,
        limits: &Limits,
        stop: &Stop,
    ) -> Result<ReviewResult, Error> {
        let n = game.players.count();
        let mut seats = self.seats.clone().unwrap_or_default();
        if let Some(s) = seats.iter().find(|&&s| s >= n) {
            return Err(Error::invalid_request(format!(
                "`seats`: {s} is not a seat of a {n}-player game (0 to {})",
                n - 1
            )));
        }
        seats.sort_unstable();
        seats.dedup();
        let mut kyokus = selected(game, self.kyoku.as_deref().unwrap_or_default())?;
        kyokus.sort_unstable();
        kyokus.dedup();
        let selection = Selection {
            seats,
            kyokus,
            ev: self.ev,
            ev_states: Some(limits.max_states.min(review::EV_MAX_STATES)),
            stop: stop.clone(),
        };
        let rules = check::rules_of(game);
        let r = review::review(game, &rules, &selection)?;
        let kyokus = game
            .kyokus
            .iter()
            .enumerate()
            .filter(|(i, _)| selection.kyokus.is_empty() || selection.kyokus.contains(i))
            .map(|(i, k)| kyoku_view(i, k, &r, game.players))
            .collect();
        Ok(ReviewResult {
            format,
            names: game.names.clone(),
            kyokus,
            players: r.players.iter().map(player_view).collect(),
        })
    }
}

fn kyoku_view(
    i: usize,
    k: &crate::record::Kyoku,
    r: &review::Review,
    players: Players,
) -> KyokuView {
    use crate::record::Event;
    let result = k
        .events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Win(_) => Some("win"),
            Event::Ryukyoku { .. } => Some("draw"),
            _ => None,
        })
        .unwrap_or("unfinished");
    KyokuView {
        kyoku: k.label(),
        index: i,
        result: result.to_string(),
        deltas: k.deltas(players),
        discards: r
            .discards
            .iter()
            .filter(|d| d.kyoku == i)
            .map(|d| {
                let mut hand = d.hand.clone();
                hand.sort_by_key(|p| (p.tile(), !p.is_red()));
                DiscardView {
                    event: d.event,
                    seat: d.seat,
                    hand: format_pais(&hand, Notation::Mpsz),
                    melds: d.melds,
                    declared: d
                        .declared
                        .iter()
                        .map(|m| format_meld(m, Notation::Mpsz))
                        .collect(),
                    drawn: d.drawn.map(pai),
                    discard: pai(d.discard),
                    tsumogiri: d.tsumogiri,
                    riichi: d.riichi,
                    shanten_before: d.shanten_before,
                    shanten: d.shanten,
                    useful: format_set(d.useful),
                    useful_count: d.useful_count,
                    best: d.best.iter().map(|&p| pai(p)).collect(),
                    best_shanten: d.best_shanten,
                    best_useful_count: d.best_useful_count,
                    rank: d.rank,
                    choices: d.choices,
                    flags: d.flags.iter().map(|f: &Flag| f.id()).collect(),
                    ev: d.ev.map(|e| EvView {
                        win: e.win,
                        score: e.score,
                        best: pai(e.best),
                        best_win: e.best_win,
                        best_score: e.best_score,
                        riichi: e.riichi.map(|r| RiichiView {
                            riichi_win: r.riichi_win,
                            riichi_score: r.riichi_score,
                            dama_win: r.dama_win,
                            dama_score: r.dama_score,
                        }),
                    }),
                    defence: d.defence.as_ref().map(super::review::defence_view),
                }
            })
            .collect(),
        missed: r
            .missed
            .iter()
            .filter(|m| m.kyoku == i)
            .map(|m| MissedView {
                event: m.event,
                seat: m.seat,
                tile: pai(m.pai),
                tsumo: m.tsumo,
                points: m.points,
            })
            .collect(),
        calls: r
            .calls
            .iter()
            .filter(|c| c.kyoku == i)
            .map(|c| CallView {
                event: c.event,
                seat: c.seat,
                call: match c.kind {
                    record::CallKind::Chi => "chi",
                    record::CallKind::Pon => "pon",
                    record::CallKind::OpenKan => "kan",
                },
                tile: pai(c.pai),
                call_win: c.call_win,
                call_score: c.call_score,
                pass_win: c.pass_win,
                pass_score: c.pass_score,
            })
            .collect(),
        decisions: r
            .choices
            .iter()
            .filter(|c| c.kyoku == i)
            .map(super::review::choice_view)
            .collect(),
    }
}

fn player_view(p: &review::PlayerSummary) -> PlayerView {
    PlayerView {
        seat: p.seat,
        name: p.name.clone(),
        kyokus: p.kyokus,
        wins: p.wins,
        deal_ins: p.deal_ins,
        riichi: p.riichi,
        calls: p.calls,
        folds: p.folds,
        win_rate: p.win_rate(),
        deal_in_rate: p.deal_in_rate(),
        riichi_rate: p.riichi_rate(),
        call_rate: p.call_rate(),
        average_win: p.average_win(),
        discards: p.discards,
        agreement: p.agreement(),
    }
}

impl Request for ReviewRequest {
    type Answer = Reviews;
    type Defaults = ();

    fn apply_defaults(&mut self, (): &()) {}

    /// As [`CheckRequest`], game by game; `invalid_request` for a seat or kyoku a game
    /// does not have (`seats` and `kyoku` select in every game); `timeout` once `stop`
    /// is set.
    fn compute(&self, limits: &Limits, stop: &Stop) -> Result<Reviews, Error> {
        let (format, games) = read_games(&self.record, self.format, self.partial);
        let mut out = Reviews {
            format,
            games: Vec::new(),
        };
        for game in games {
            let (n, game) = game?;
            let review = self
                .review_game(&game, format, limits, stop)
                .map_err(|e| in_game(e, n))?;
            out.games.push(review);
        }
        Ok(out)
    }
}
