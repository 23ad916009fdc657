//! `pairi record check|convert` and `pairi review`: game records through
//! `pairi::api::record`. Files are read one at a time (directories walked, gzip
//! unpacked), and `check`, `convert`, `legal` and `review` read each a block at a time,
//! holding a game at a time, so a directory or a file of any size runs in flat memory.

use crate::output::{pad, print_json, print_line, refused};
use anyhow::Context;
use pairi::api::record::{
    CheckRequest, ConvertRequest, LegalRequest, RecordRules, ReviewRequest, ReviewResult,
};
use pairi::record::check::Difference;
use pairi::record::{Format, GameStream};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Files checked at once (on every core) before their lines are printed.
const CHUNK: usize = 64;

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    pairi record check game.json logs/\n  \
    pairi record check logs/ --json\n  \
    pairi record convert game.json --to mjai\n  \
    pairi record convert game.mjlog --to tenhou6\n  \
    pairi record legal game.json\n\n\
Formats: tenhou.net/6 JSON, mjai JSON Lines, Tenhou XML (mjlog); docs/records.md.")]
pub(crate) struct RecordArgs {
    #[command(subcommand)]
    command: RecordCommand,
}

#[derive(clap::Subcommand, Debug)]
enum RecordCommand {
    /// Replay records and score every win again: one line per file, one per
    /// difference; exit status 1 if any win or score change differs (a `rule` line, a
    /// win that agrees under a rule the record does not state, is not a difference).
    Check(CheckArgs),
    /// Convert a record to tenhou.net/6 JSON, mjai JSON Lines or Tenhou XML; the record
    /// is replayed first, and one that does not replay is an error (exit status 2).
    Convert(ConvertArgs),
    /// Play a record again at the table and list, at every decision point, the legal
    /// actions of every seat that must decide: one JSON line each, `{"after", "seat",
    /// "legal"}` (`after`: the number of the record's mjai events before the decision,
    /// as `record convert --to mjai` writes them; `legal`: mjai messages). A file of
    /// several games is played game by game, each line then with its `game` (1 for the
    /// first). An action the table does not allow is an error (exit status 2).
    Legal(LegalArgs),
}

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    pairi record legal game.json\n  \
    pairi record legal game.mjlog --format mjlog\n  \
    pairi record legal game.jsonl --json\n\n\
Legal actions in the table's order: discards by tile (then the drawn tile again,\n\
tsumogiri), reach, ankan, kakan, nukidora, hora, ryukyoku; on a discard chi, pon,\n\
daiminkan, hora and none (pass). docs/records.md.")]
pub(crate) struct LegalArgs {
    /// The record file (`-` for standard input).
    path: PathBuf,
    /// The rules the record is played under: tenhou, mahjongsoul, or auto (Tenhou's,
    /// or Mahjong Soul's for a game only they play); players and red fives from the
    /// record.
    #[arg(long, value_parser = rules_arg, default_value = "tenhou")]
    rules: RecordRules,
    /// Accept a game cut off before its end (an excerpt, a game in progress): the
    /// kyoku up to the cut. Without it such a record is a `parse` error.
    #[arg(long)]
    partial: bool,
    /// The record's format (found from its text when absent).
    #[arg(long, value_parser = format_arg)]
    format: Option<Format>,
    /// The whole answer as one JSON object (`format`, `players`, `rules`, `kyokus`,
    /// `decisions`) instead of one line per decision.
    #[arg(long)]
    pub(crate) json: bool,
}

fn rules_arg(s: &str) -> Result<RecordRules, String> {
    match s {
        "tenhou" => Ok(RecordRules::Tenhou),
        "mahjongsoul" => Ok(RecordRules::MahjongSoul),
        "auto" => Ok(RecordRules::Auto),
        _ => Err(format!("{s:?}: tenhou, mahjongsoul or auto")),
    }
}

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    pairi record check game.json\n  \
    pairi record check game.json game.mjlog logs/\n  \
    pairi record check logs/ --json\n\n\
Each game is played again at the table (pairi::table): every action must be legal\n\
there, and each win the table makes is compared with the record's. A win the table\n\
refuses is a `furiten` or `score` difference; another action it refuses makes the\n\
file an error naming the kyoku and the event.\n\n\
Exit status: 0 when every win and score change agrees, 1 when one differs, 2 when a\n\
file cannot be read or replayed (the other files are still checked).")]
pub(crate) struct CheckArgs {
    /// Record files or directories (walked for .json, .jsonl, .mjson, .mjlog, .xml, and .gz).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The records' format (found from each file's text when absent).
    #[arg(long, value_parser = format_arg)]
    format: Option<Format>,
    /// Accept a game cut off before its end (an excerpt, a game in progress): the
    /// kyoku up to the cut. Without it such a record is a `parse` error.
    #[arg(long)]
    partial: bool,
    /// The rules each game is played under at the table: tenhou, mahjongsoul, or auto
    /// (Tenhou's, or Mahjong Soul's for a game whose actions only they allow: a folder
    /// of records from both); players and red fives from the record.
    #[arg(long, value_parser = rules_arg, default_value = "auto")]
    rules: RecordRules,
    /// One JSON line per file (with `rules`, the table rules used).
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    pairi record convert game.json --to mjai\n  \
    pairi record convert game.jsonl --to tenhou6\n  \
    pairi record convert game.mjlog --format mjlog --to mjai")]
pub(crate) struct ConvertArgs {
    /// The record file (`-` for standard input).
    path: PathBuf,
    /// The format to write: tenhou6, mjai or mjlog.
    #[arg(long, value_parser = format_arg)]
    to: Format,
    /// Accept a game cut off before its end (an excerpt, a game in progress): the
    /// kyoku up to the cut. Without it such a record is a `parse` error.
    #[arg(long)]
    partial: bool,
    /// The record's format (found from its text when absent).
    #[arg(long, value_parser = format_arg)]
    format: Option<Format>,
}

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    pairi review game.json\n  \
    pairi review game.mjlog --seats 1 --kyoku E1\n  \
    pairi review game.jsonl --html review.html\n  \
    pairi review game.json --seats 0 --ev --json\n\n\
Each discard is compared with the best of the discard table (shanten, then useful\n\
tiles counted with every visible tile); `*` marks a discard that is not the best.\n\
A file of several games is reviewed game by game, each under a `game N:` line (one\n\
HTML page, a section per game; JSON `{\"format\", \"games\": [...]}`).")]
pub(crate) struct ReviewArgs {
    /// The record file (`-` for standard input).
    path: PathBuf,
    /// Review these seats only (0 = East at East 1), comma-separated or repeated.
    #[arg(long, value_delimiter = ',', alias = "seat")]
    seats: Vec<u8>,
    /// Review these kyoku: `E1` (every honba), `S3.1` (that honba), comma-separated.
    #[arg(long, value_delimiter = ',')]
    kyoku: Vec<String>,
    /// The record's format (found from its text when absent).
    #[arg(long, value_parser = format_arg)]
    format: Option<Format>,
    /// Also value each discard with the expected-value engine: win probability and
    /// expected score of the discard and of the best one (slower: up to a second a
    /// discard).
    #[arg(long)]
    ev: bool,
    /// Accept a game cut off before its end (an excerpt, a game in progress): the
    /// kyoku up to the cut. Without it such a record is a `parse` error.
    #[arg(long)]
    partial: bool,
    /// The review as JSON.
    #[arg(long)]
    pub(crate) json: bool,
    /// Also write the review as one self-contained HTML page.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

impl RecordArgs {
    /// Whether the run asked for JSON output.
    pub(crate) fn json(&self) -> bool {
        match &self.command {
            RecordCommand::Check(a) => a.json,
            RecordCommand::Legal(a) => a.json,
            RecordCommand::Convert(_) => false,
        }
    }
}

fn format_arg(s: &str) -> Result<Format, String> {
    Format::from_id(s).ok_or_else(|| "tenhou6, mjai or mjlog".to_string())
}

/// How a record file is named in messages: its path, or `standard input` for `-`.
fn file_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".to_owned()
    } else {
        path.display().to_string()
    }
}

/// The text of a record file (`-` = standard input), gzip unpacked. A file that
/// cannot be read is an `io` error, one that is not (gzipped) UTF-8 text a `parse`
/// error; both name the file.
pub(crate) fn read_text(path: &Path) -> Result<String, pairi::api::Error> {
    use pairi::api::{Error, ErrorKind};
    let name = file_name(path);
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Error::new(ErrorKind::Io, format!("cannot read {name}: {e}")))?;
    } else {
        bytes = std::fs::read(path)
            .map_err(|e| Error::new(ErrorKind::Io, format!("cannot read {name}: {e}")))?;
    }
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(bytes.as_slice())
            .read_to_end(&mut out)
            .map_err(|e| Error::new(ErrorKind::Parse, format!("{name}: not a gzip file: {e}")))?;
        bytes = out;
    }
    String::from_utf8(bytes)
        .map_err(|e| Error::new(ErrorKind::Parse, format!("{name}: not UTF-8 text: {e}")))
}

/// The text of a record file read at a time, in whole lines.
const BLOCK: usize = 1 << 20;

/// A record file (`-` = standard input, gzip unpacked) read a block at a time: its
/// format (`format`, else found from its first block) and its games' texts, each given
/// once the text after it is read ([`GameStream`]). Errors as [`read_text`]'s, each
/// given in its turn.
pub(crate) fn read_games(
    path: &Path,
    format: Option<Format>,
) -> Result<(Format, FileGames), pairi::api::Error> {
    use pairi::api::{Error, ErrorKind};
    let name = file_name(path);
    let input: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(
            std::fs::File::open(path)
                .map_err(|e| Error::new(ErrorKind::Io, format!("cannot read {name}: {e}")))?,
        )
    };
    let mut input = BufReader::new(input);
    let head = input
        .fill_buf()
        .map_err(|e| Error::new(ErrorKind::Io, format!("cannot read {name}: {e}")))?;
    let gzip = head.starts_with(&[0x1f, 0x8b]);
    let reader: Box<dyn BufRead> = if gzip {
        Box::new(BufReader::new(flate2::read::MultiGzDecoder::new(input)))
    } else {
        Box::new(input)
    };
    let mut games = FileGames {
        name,
        gzip,
        reader,
        stream: None,
        ready: VecDeque::new(),
        failed: None,
    };
    let first = games.block()?;
    let format = format.unwrap_or_else(|| Format::detect(&first));
    let mut stream = GameStream::new(format);
    games.ready.extend(stream.push(&first));
    if first.is_empty() {
        games.ready.extend(stream.finish());
    } else {
        games.stream = Some(stream);
    }
    Ok((format, games))
}

/// The games of a record file, read a block at a time ([`read_games`]).
pub(crate) struct FileGames {
    name: String,
    gzip: bool,
    reader: Box<dyn BufRead>,
    /// Until the end of the file.
    stream: Option<GameStream>,
    /// Games found and not yet given.
    ready: VecDeque<String>,
    /// An error met reading, given after the games before it.
    failed: Option<pairi::api::Error>,
}

impl FileGames {
    /// The next [`BLOCK`] of the text, in whole lines (empty at the end).
    fn block(&mut self) -> Result<String, pairi::api::Error> {
        use pairi::api::{Error, ErrorKind};
        let mut bytes = Vec::new();
        while bytes.len() < BLOCK {
            match self.reader.read_until(b'\n', &mut bytes) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) if self.gzip => {
                    return Err(Error::new(
                        ErrorKind::Parse,
                        format!("{}: not a gzip file: {e}", self.name),
                    ))
                }
                Err(e) => {
                    return Err(Error::new(
                        ErrorKind::Io,
                        format!("cannot read {}: {e}", self.name),
                    ))
                }
            }
        }
        String::from_utf8(bytes).map_err(|e| {
            Error::new(
                ErrorKind::Parse,
                format!("{}: not UTF-8 text: {e}", self.name),
            )
        })
    }
}

impl Iterator for FileGames {
    type Item = Result<String, pairi::api::Error>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(game) = self.ready.pop_front() {
                return Some(Ok(game));
            }
            if let Some(e) = self.failed.take() {
                return Some(Err(e));
            }
            self.stream.as_ref()?;
            match self.block() {
                Err(e) => {
                    // The games found so far, then the error: nothing after it.
                    self.stream = None;
                    self.failed = Some(e);
                }
                Ok(block) if block.is_empty() => {
                    let stream = self.stream.take()?;
                    self.ready.extend(stream.finish());
                }
                Ok(block) => {
                    let stream = self.stream.as_mut()?;
                    self.ready.extend(stream.push(&block));
                }
            }
        }
    }
}

/// `e` said of the record file `path`: its message starts with the file's name.
fn of_file(mut e: pairi::api::Error, path: &Path) -> pairi::api::Error {
    let name = file_name(path);
    // A reading error met after the first block names the file already.
    if !e.message.contains(&name) {
        e.message = format!("{name}: {}", e.message);
    }
    e
}

fn is_record(p: &Path) -> bool {
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let name = name.strip_suffix(".gz").unwrap_or(name);
    [".json", ".jsonl", ".mjson", ".mjlog", ".xml"]
        .iter()
        .any(|e| name.ends_with(e))
}

/// Every record file under `paths`, in name order within each directory.
pub(crate) fn walk(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = paths.iter().rev().cloned().collect();
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(&p)
                .with_context(|| format!("cannot read {}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            entries.sort();
            entries.reverse();
            stack.extend(entries.into_iter().filter(|e| e.is_dir() || is_record(e)));
        } else {
            out.push(p);
        }
    }
    Ok(out)
}

pub(crate) fn run(args: &RecordArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        RecordCommand::Check(a) => check(a),
        RecordCommand::Convert(a) => {
            let (format, games) = read_games(&a.path, a.format).map_err(|e| refused(e, false))?;
            let req = ConvertRequest {
                record: String::new(),
                format: Some(format),
                to: a.to,
                partial: a.partial,
            };
            if a.to == Format::Mjlog {
                // One game a log: written once the file is known to hold no other.
                let mut record = String::new();
                for game in req.convert_games(format, games) {
                    record.push_str(&game.map_err(|e| refused(of_file(e, &a.path), false))?);
                }
                print_line(record.trim_end())?;
                return Ok(ExitCode::SUCCESS);
            }
            // Game by game, each written before the next is read.
            for game in req.convert_games(format, games) {
                let game = game.map_err(|e| refused(of_file(e, &a.path), false))?;
                print_line(game.trim_end())?;
            }
            Ok(ExitCode::SUCCESS)
        }
        RecordCommand::Legal(a) => {
            let (format, games) = read_games(&a.path, a.format).map_err(|e| refused(e, a.json))?;
            let req = LegalRequest {
                record: String::new(),
                format: Some(format),
                partial: a.partial,
                rules: a.rules,
            };
            if a.json {
                let res = req
                    .answer_games(format, games)
                    .map_err(|e| refused(of_file(e, &a.path), a.json))?;
                print_json(&res)?;
                return Ok(ExitCode::SUCCESS);
            }
            // Game by game, each written once the next is known to start (a file of one
            // game writes its lines without `game`).
            let write = |decisions: &[pairi::api::record::DecisionView]| -> anyhow::Result<()> {
                let mut lines = String::new();
                for d in decisions {
                    lines.push_str(&serde_json::to_string(d)?);
                    lines.push('\n');
                }
                if !lines.is_empty() {
                    print_line(lines.trim_end())?;
                }
                Ok(())
            };
            let mut first: Option<Vec<pairi::api::record::DecisionView>> = None;
            let mut several = false;
            for game in req.each_game(format, games) {
                let game = game.map_err(|e| refused(of_file(e, &a.path), false))?;
                if let Some(before) = first.take() {
                    write(&before)?;
                    several = true;
                }
                if several {
                    write(&game)?;
                } else {
                    first = Some(game);
                }
            }
            if let Some(mut only) = first {
                for d in &mut only {
                    d.game = None;
                }
                write(&only)?;
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let files = walk(&args.paths)?;
    let bar = if files.len() > 1 && std::io::stderr().is_terminal() {
        let style = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} records {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        indicatif::ProgressBar::new(files.len() as u64).with_style(style)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let (mut differ, mut failed) = (false, false);
    let (mut wins, mut agree, mut by_rule) = (0usize, 0usize, 0usize);
    for chunk in files.chunks(CHUNK) {
        use rayon::prelude::*;
        let results: Vec<_> = chunk
            .par_iter()
            .map(|f| {
                let (format, games) =
                    read_games(f, args.format).map_err(|e| format!("{}: {}", e.kind, e.message))?;
                CheckRequest {
                    record: String::new(),
                    format: Some(format),
                    partial: args.partial,
                    rules: args.rules,
                }
                .answer_games(format, games)
                .map_err(|e| format!("{}: {}", e.kind, e.message))
            })
            .collect();
        for (f, r) in chunk.iter().zip(results) {
            bar.inc(1);
            let name = f.display().to_string();
            match r {
                Err(e) => {
                    failed = true;
                    if args.json {
                        print_json(&serde_json::json!({"file": name, "error": e}))?;
                    } else {
                        bar.suspend(|| print_line(&format!("{name}: error: {e}")))?;
                    }
                }
                Ok(res) => {
                    wins += res.wins;
                    agree += res.wins_agreeing;
                    let rule = res
                        .mismatches
                        .iter()
                        .filter(|m| m.what == Difference::Rule)
                        .count();
                    by_rule += rule;
                    differ |= res.mismatches.len() > rule;
                    if args.json {
                        let mut v = serde_json::to_value(&res)?;
                        if let Some(o) = v.as_object_mut() {
                            o.insert("file".into(), name.into());
                        }
                        print_json(&v)?;
                        continue;
                    }
                    let line = format!(
                        "{name}: {} kyoku, {} wins re-scored, {} agree{}{}",
                        res.kyokus,
                        res.wins,
                        res.wins_agreeing,
                        res.walls.map_or(String::new(), |w| format!(", walls {w}")),
                        if res.mismatches.is_empty() {
                            ""
                        } else if res.mismatches.len() == rule {
                            " — under a rule the record does not state:"
                        } else {
                            " — differences:"
                        }
                    );
                    bar.suspend(|| -> anyhow::Result<()> {
                        print_line(&line)?;
                        for m in &res.mismatches {
                            let game = if m.game > 1 {
                                format!("game {} ", m.game)
                            } else {
                                String::new()
                            };
                            print_line(&format!(
                                "  {game}{} event {} {}: record {} | pairi {}",
                                m.kyoku, m.event, m.what, m.record, m.pairi
                            ))?;
                        }
                        Ok(())
                    })?;
                }
            }
        }
        bar.set_message(format!("{agree}/{wins} wins agree"));
    }
    bar.finish_and_clear();
    if !args.json && files.len() > 1 {
        let rule = if by_rule == 0 {
            String::new()
        } else {
            format!(" ({by_rule} under a rule the record does not state)")
        };
        print_line(&format!(
            "{} records, {agree}/{wins} wins agree{rule}",
            files.len()
        ))?;
    }
    Ok(if failed {
        ExitCode::from(2)
    } else if differ {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `pairi review`: the file read a block at a time and each game reviewed and written
/// as it comes (text, JSON and the HTML page), so that memory holds a game's review,
/// not the file's. The first game is held until the next starts or the file ends: a
/// file of one game is written without the headings of several.
pub(crate) fn review(args: &ReviewArgs) -> anyhow::Result<()> {
    let (format, games) = read_games(&args.path, args.format).map_err(|e| refused(e, args.json))?;
    let req = ReviewRequest {
        record: String::new(),
        format: Some(format),
        seats: (!args.seats.is_empty()).then(|| args.seats.clone()),
        kyoku: (!args.kyoku.is_empty()).then(|| args.kyoku.clone()),
        ev: args.ev,
        partial: args.partial,
    };
    let mut out = ReviewOut::new(args, format)?;
    match each_review(&req, format, games, &mut out) {
        Ok(()) => out.finish(),
        Err(e) => {
            out.abandon();
            Err(e)
        }
    }
}

/// Reviews the games of a file in turn, each written once the next starts or the file
/// ends.
fn each_review(
    req: &ReviewRequest,
    format: Format,
    games: FileGames,
    out: &mut ReviewOut<'_>,
) -> anyhow::Result<()> {
    let mut first: Option<ReviewResult> = None;
    let mut count = 0;
    for game in req.each_game(format, games) {
        let game = game.map_err(|e| refused(of_file(e, &out.args.path), out.args.json))?;
        count += 1;
        if count == 1 {
            first = Some(game);
            continue;
        }
        if let Some(one) = first.take() {
            out.game(Some(1), &one)?;
        }
        out.game(Some(count), &game)?;
    }
    match first {
        Some(one) => out.game(None, &one),
        // Not met: a text without games is given whole, for its reader's error.
        None if count == 0 => Err(refused(
            of_file(
                pairi::api::Error::new(pairi::api::ErrorKind::Parse, "the record holds no game"),
                &out.args.path,
            ),
            out.args.json,
        )),
        None => Ok(()),
    }
}

/// Where `pairi review` writes each game's review: standard output (text or JSON) and
/// the HTML page, written to a file beside it and named as asked once it is whole.
struct ReviewOut<'a> {
    args: &'a ReviewArgs,
    format: Format,
    /// The page being written, and the file it is written to until it takes its name
    /// (none when the page goes straight to a file that is not a regular one: a pipe, a
    /// terminal).
    html: Option<(std::io::BufWriter<std::fs::File>, Option<PathBuf>)>,
    /// The JSON of several games is started and not closed.
    open_json: bool,
}

impl<'a> ReviewOut<'a> {
    fn new(args: &'a ReviewArgs, format: Format) -> anyhow::Result<ReviewOut<'a>> {
        let mut out = ReviewOut {
            args,
            format,
            html: None,
            open_json: false,
        };
        if let Some(path) = &args.html {
            let special = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
            let part = (!special).then(|| {
                let mut part = path.clone().into_os_string();
                part.push(".part");
                PathBuf::from(part)
            });
            let file = std::fs::File::create(part.as_ref().unwrap_or(path))
                .map_err(|e| out.cannot_write(&e))?;
            out.html = Some((std::io::BufWriter::new(file), part));
            let title = args
                .path
                .file_name()
                .map_or("record".into(), |n| n.to_string_lossy().into_owned());
            out.page(&crate::html::start(&title))?;
        }
        Ok(out)
    }

    fn cannot_write(&self, e: &std::io::Error) -> anyhow::Error {
        let path = self.args.html.as_deref().unwrap_or(Path::new(""));
        crate::output::io_failed(
            format!("cannot write {}: {e}", path.display()),
            self.args.json,
        )
    }

    /// Writes `text` to the page.
    fn page(&mut self, text: &str) -> anyhow::Result<()> {
        use std::io::Write;
        let Some((w, _)) = &mut self.html else {
            return Ok(());
        };
        if let Err(e) = w.write_all(text.as_bytes()) {
            return Err(self.cannot_write(&e));
        }
        Ok(())
    }

    /// Writes game number `n`'s review (`None`: the only game of the file).
    fn game(&mut self, n: Option<usize>, res: &ReviewResult) -> anyhow::Result<()> {
        if self.html.is_some() {
            self.page(&crate::html::section(n, res))?;
        }
        if self.args.json {
            let json = serde_json::to_string(res)?;
            return match n {
                None => print_line(&json),
                // `{"format", "games": [...]}`, written a game at a time.
                Some(1) => {
                    self.open_json = true;
                    print_part(&format!(
                        "{{\"format\":{},\"games\":[{json}",
                        serde_json::to_string(&self.format)?
                    ))
                }
                Some(_) => print_part(&format!(",{json}")),
            };
        }
        match n {
            None => print_review(res),
            Some(n) => {
                if n > 1 {
                    print_line("")?;
                }
                let names: Vec<String> = res
                    .players
                    .iter()
                    .map(|p| crate::output::seat_name(res, p.seat))
                    .collect();
                print_line(&format!("game {n}: {}", names.join(", ")))?;
                print_review(res)
            }
        }
    }

    /// The end of the output: the JSON of several games closed, the page given its name.
    fn finish(mut self) -> anyhow::Result<()> {
        let done = self.close();
        if done.is_err() {
            self.abandon();
        }
        done
    }

    fn close(&mut self) -> anyhow::Result<()> {
        if std::mem::take(&mut self.open_json) {
            print_line("]}")?;
        }
        self.page(crate::html::END)?;
        if let (Some((w, part)), Some(path)) = (self.html.take(), &self.args.html) {
            let done = w
                .into_inner()
                .map_err(std::io::IntoInnerError::into_error)
                .and_then(|_| part.as_ref().map_or(Ok(()), |p| std::fs::rename(p, path)));
            if let Err(e) = done {
                if let Some(p) = part {
                    let _ = std::fs::remove_file(p);
                }
                return Err(self.cannot_write(&e));
            }
        }
        Ok(())
    }

    /// The run ends with an error: the page is not written, and the JSON of the games
    /// before it ends its line (the error's JSON follows on its own).
    fn abandon(&mut self) {
        if std::mem::take(&mut self.open_json) {
            let _ = print_part("\n");
        }
        if let Some((_, Some(part))) = self.html.take() {
            let _ = std::fs::remove_file(part);
        }
    }
}

/// Writes `text` to standard output without ending the line.
fn print_part(text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .context(crate::output::CANNOT_WRITE)
}

fn print_review(res: &ReviewResult) -> anyhow::Result<()> {
    for k in &res.kyokus {
        print_line(&format!("{} ({}) {:?}", k.kyoku, k.result, k.deltas))?;
        for d in &k.discards {
            let mark = if d.rank == 1 { " " } else { "*" };
            let best = if d.rank == 1 {
                String::new()
            } else {
                format!(
                    "best {} ({}, {})",
                    d.best.join(" "),
                    d.best_shanten,
                    d.best_useful_count
                )
            };
            let ev = d.ev.as_ref().map_or(String::new(), |e| {
                format!(
                    "  win {:.1}% score {:.0} (best {} {:.1}% {:.0})",
                    100.0 * e.win,
                    e.score,
                    e.best,
                    100.0 * e.best_win,
                    e.best_score
                )
            });
            print_line(&format!(
                "  {mark} {:>3} s{} {} → {}{}  shanten {}→{}  useful {:>2}  {}{}{ev}",
                d.event,
                d.seat,
                pad(&d.hand, 16),
                pad(&d.discard, 2),
                if d.riichi { " R" } else { "  " },
                d.shanten_before,
                d.shanten,
                d.useful_count,
                best,
                if d.flags.is_empty() {
                    String::new()
                } else {
                    format!("  [{}]", d.flags.join(", "))
                }
            ))?;
        }
        for m in &k.missed {
            print_line(&format!(
                "  ! {:>3} {} could win on {} by {} for {}",
                m.event,
                crate::output::seat_name(res, m.seat),
                m.tile,
                if m.tsumo { "tsumo" } else { "ron" },
                m.points
            ))?;
        }
    }
    print_line("")?;
    print_line("player            kyoku  win%  deal-in%  riichi%  call%  avg win  best discard%")?;
    for p in &res.players {
        let agreement = if p.discards == 0 {
            "-".to_string()
        } else {
            format!("{:.1}", 100.0 * p.agreement)
        };
        print_line(&format!(
            "{} {:>5}  {:>4.1}  {:>8.1}  {:>7.1}  {:>5.1}  {:>7.0}  {:>12}",
            pad(&crate::output::seat_name(res, p.seat), 16),
            p.kyokus,
            100.0 * p.win_rate,
            100.0 * p.deal_in_rate,
            100.0 * p.riichi_rate,
            100.0 * p.call_rate,
            p.average_win,
            agreement
        ))?;
    }
    Ok(())
}
