//! `pairi fan`: Chinese Official (MCR) fans of one winning hand, with a referee-style
//! breakdown, or of a JSON Lines batch (`spec/json-api.md`).

use crate::batch::{self, Failure};
use anyhow::Context;
use pairi::api::mcr::{FanRequest, FanResponse, RequestError};
use pairi::mcr::{score_with, FanResult, Rules, WinContext, WinSource, Wind};
use pairi::notation::{parse_hand_with, parse_tiles_with, Dialect};
use serde::Deserialize;
use serde_json::Value;
use std::io::Write;

/// Arguments of `pairi fan`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The hand: concealed tiles and bracket melds (`[123p,1]` chow with the claimed
    /// tile, `[999s,3]` pung from the right, `[8888p,1]` melded kong, `[SSSS]` concealed
    /// kong). Without `--win` its last concealed tile is the winning tile.
    #[arg(required_unless_present = "batch")]
    hand: Option<String>,
    /// The winning tile (added to a 13-tile hand, or one of a 14-tile hand's tiles).
    #[arg(long)]
    win: Option<String>,
    /// Self-drawn (自摸).
    #[arg(long)]
    tsumo: bool,
    /// The winning tile is the last of its kind, three already shown (和绝张).
    #[arg(long)]
    fourth_tile: bool,
    /// With --tsumo: out with replacement tile (杠上开花); without: robbing the kong
    /// (抢杠和).
    #[arg(long)]
    kong: bool,
    /// With --tsumo: last tile draw (妙手回春); without: last tile claim (海底捞月).
    #[arg(long)]
    last_tile: bool,
    /// Flower and season tiles, 0 to 8.
    #[arg(long, default_value_t = 0)]
    flowers: u8,
    /// Prevalent (round) wind: E, S, W or N.
    #[arg(long, default_value = "E", value_parser = parse_wind)]
    round: Wind,
    /// Seat wind: E, S, W or N.
    #[arg(long, default_value = "E", value_parser = parse_wind)]
    seat: Wind,
    /// `mcr` reads 5z 6z 7z as Red, Green, White (the MCR helper's order); letters
    /// E S W N P F C work in either dialect.
    #[arg(long, value_enum, default_value_t = DialectArg::Standard)]
    dialect: DialectArg,
    /// Rule preset (with --batch: for lines that name no rules).
    #[arg(long, value_enum, default_value_t = RulesArg::Default)]
    rules: RulesArg,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Answer a JSON Lines file of fan requests (`-` for standard input).
    #[arg(long, conflicts_with = "hand")]
    batch: Option<String>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum DialectArg {
    Standard,
    Mcr,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum RulesArg {
    /// mahjong-algorithm / MIL conventions.
    Default,
    /// The strict reading of the 1998 rules.
    #[value(name = "strict-1998")]
    Strict1998,
}

fn parse_wind(s: &str) -> Result<Wind, String> {
    let mut chars = s.chars();
    match (chars.next().and_then(Wind::from_letter), chars.next()) {
        (Some(w), None) => Ok(w),
        _ => Err(format!("{s:?} is not a wind: use E, S, W or N")),
    }
}

/// A batch line: the request and its id.
#[derive(Deserialize)]
struct BatchRequest {
    #[serde(default)]
    id: Value,
    #[serde(flatten)]
    request: FanRequest,
}

impl batch::Request for BatchRequest {
    fn id(&self) -> &Value {
        &self.id
    }
}

fn failure(e: &RequestError) -> Failure {
    Failure::new(e.kind(), e)
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let rules = match args.rules {
        RulesArg::Default => Rules::default(),
        RulesArg::Strict1998 => Rules::strict_1998(),
    };
    if let Some(path) = &args.batch {
        // `--rules` is the default for lines that name no rules of their own.
        return batch::run(path, |req: &BatchRequest| {
            req.request.answer_or(&rules).map_err(|e| failure(&e))
        });
    }
    let text = args
        .hand
        .as_deref()
        .context("a hand is needed (or --batch)")?;
    let dialect = match args.dialect {
        DialectArg::Standard => Dialect::Standard,
        DialectArg::Mcr => Dialect::Mcr,
    };
    let hand = parse_hand_with(text, dialect)?;
    let win = match &args.win {
        Some(w) => match parse_tiles_with(w, dialect)?.as_slice() {
            [one] => one.tile(),
            _ => anyhow::bail!("--win takes one tile, found {w:?}"),
        },
        None => hand
            .last()
            .map(|p| p.tile())
            .context("the hand has no concealed tile to win on")?,
    };
    let ctx = WinContext {
        win,
        source: WinSource::from_flags(args.tsumo, args.kong),
        last_of_wall: args.last_tile,
        fourth_tile: args.fourth_tile,
        flowers: args.flowers,
        round_wind: args.round,
        seat_wind: args.seat,
    };
    let result = match score_with(&hand, &ctx, &rules) {
        Ok(r) => r,
        Err(e) => {
            if args.json {
                let v = serde_json::json!({"error": {"kind": e.kind(), "message": e.to_string()}});
                println!("{v}");
            }
            return Err(e.into());
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        serde_json::to_writer(&mut out, &FanResponse::from(&result))?;
        writeln!(out)?;
    } else {
        write_breakdown(&mut out, &result, &ctx)?;
    }
    Ok(())
}

/// Display width of a string in a terminal: CJK characters take two columns.
fn width(s: &str) -> usize {
    s.chars()
        .map(|c| if c as u32 >= 0x2E80 { 2 } else { 1 })
        .sum()
}

fn wind_name(w: Wind) -> &'static str {
    match w {
        Wind::East => "East",
        Wind::South => "South",
        Wind::West => "West",
        Wind::North => "North",
    }
}

/// The referee's sheet: reading, situation, one line per fan, total and minimum.
fn write_breakdown(out: &mut impl Write, r: &FanResult, ctx: &WinContext) -> std::io::Result<()> {
    let how = match ctx.source {
        WinSource::Discard => "claimed discard",
        WinSource::SelfDrawn => "self-drawn",
        WinSource::ReplacementTile => "replacement tile after a kong",
        WinSource::RobbingTheKong => "robbing the kong",
    };
    writeln!(
        out,
        "Reading  {} ({})",
        r.reading(),
        r.form().id().replace('_', " ")
    )?;
    let mut situation = format!("{}, {how}", ctx.win);
    if ctx.last_of_wall {
        situation.push_str(", last tile of the wall");
    }
    if ctx.fourth_tile {
        situation.push_str(", last of its kind");
    }
    writeln!(out, "Win      {situation}")?;
    writeln!(
        out,
        "Winds    round {}, seat {}",
        wind_name(ctx.round_wind),
        wind_name(ctx.seat_wind)
    )?;
    writeln!(out)?;
    for (fan, count) in r.fans() {
        let points = u32::from(fan.points()) * u32::from(count);
        let times = if count > 1 {
            format!(" ({count} x {})", fan.points())
        } else {
            String::new()
        };
        let pad = 12usize.saturating_sub(width(fan.zh()));
        writeln!(
            out,
            "  {points:>3}  {}{:pad$}{}{times}",
            fan.zh(),
            "",
            fan.en()
        )?;
    }
    writeln!(out, "  ---")?;
    let flowers = r.flowers();
    if flowers > 0 {
        writeln!(
            out,
            "  {:>3}  total ({} + {flowers} flower{})",
            r.total(),
            r.base(),
            if flowers == 1 { "" } else { "s" }
        )?;
    } else {
        writeln!(out, "  {:>3}  total", r.total())?;
    }
    let verdict = if r.meets_minimum() {
        "met"
    } else {
        "NOT met: the hand cannot be declared"
    };
    writeln!(out, "  8-fan minimum (flowers excluded): {verdict}")
}
