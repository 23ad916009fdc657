//! `pairi fan`: Chinese Official (MCR) fans of one winning hand, with a referee-style
//! breakdown, or of a JSON Lines batch (`docs/json-api.md`).

use crate::batch;
use crate::output::{pad, print_json, refused_hand};
use crate::parse::json_name;
use anyhow::Context;
use pairi::api::mcr::{FanRequest, FanResponse, RulesPreset, RulesSpec};
use pairi::api::Request;
use pairi::mcr::WinSource;
use pairi::notation::Dialect;
use pairi::tile::Wind;
use std::fmt::Write as _;

/// Arguments of `pairi fan`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    pairi fan 123456789m234p5s --win 5s --tsumo\n  \
    pairi fan \"[123p,1][456p,2][789p,3]66p11z\" --win 1z --json\n  \
    pairi fan 123m456p789s1122z --win 2z --round-wind S --seat-wind W --flowers 2\n  \
    pairi fan --batch fan.jsonl --rules strict_1998\n\n\
The hand holds 13 - 3k concealed tiles with --win, or 14 - 3k whose last is the winning tile.")]
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
    /// Prevalent (round) wind: E, S, W or N (any spelling of a wind: `east`, `1z`).
    #[arg(long, default_value = "E", value_parser = json_name::<Wind>, alias = "round")]
    round_wind: Wind,
    /// Seat wind: E, S, W or N.
    #[arg(long, default_value = "E", value_parser = json_name::<Wind>, alias = "seat")]
    seat_wind: Wind,
    /// `mcr` reads 5z 6z 7z as Red, Green, White (the MCR helper's order); letters
    /// E S W N P F C work in either dialect.
    #[arg(long, default_value = "standard", value_parser = json_name::<Dialect>)]
    dialect: Dialect,
    /// Rule preset (with --batch: for lines that name no rules).
    #[arg(long, default_value = "default", value_parser = json_name::<RulesPreset>)]
    rules: RulesPreset,
    /// Print the result as JSON.
    #[arg(long)]
    pub(crate) json: bool,
    /// Answer a JSON Lines file of fan requests (`-` for standard input).
    #[arg(long, conflicts_with = "hand")]
    batch: Option<String>,
}

/// The request of the command-line arguments.
pub(crate) fn request(args: &Args) -> anyhow::Result<FanRequest> {
    let hand = args.hand.clone().context("a hand is needed (or --batch)")?;
    Ok(FanRequest {
        hand,
        melds: Vec::new(),
        win: args.win.clone(),
        tsumo: args.tsumo,
        fourth_tile: args.fourth_tile,
        kong: args.kong,
        last_tile: args.last_tile,
        flowers: args.flowers,
        round_wind: args.round_wind,
        seat_wind: args.seat_wind,
        rules: Some(RulesSpec::Preset(args.rules)),
        dialect: Some(args.dialect),
    })
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    if let Some(path) = &args.batch {
        // `--rules` is the default for lines that name no rules of their own.
        return batch::run::<FanRequest>(path, &Some(RulesSpec::Preset(args.rules)));
    }
    let req = request(args)?;
    let result = req
        .answer()
        .map_err(|e| refused_hand(e, args.json, &req.hand, args.dialect))?;
    if args.json {
        print_json(&result)
    } else {
        crate::output::print_line(breakdown(&result, &req).trim_end())
    }
}

/// The referee's sheet: reading, situation, one line per fan, total and minimum.
fn breakdown(r: &FanResponse, req: &FanRequest) -> String {
    let mut out = String::new();
    let how = match WinSource::from_flags(req.tsumo, req.kong) {
        WinSource::Discard => "claimed discard",
        WinSource::SelfDrawn => "self-drawn",
        WinSource::ReplacementTile => "replacement tile after a kong",
        WinSource::RobbingTheKong => "robbing the kong",
    };
    let _ = writeln!(
        out,
        "Reading  {} ({})",
        r.decomposition,
        r.form.replace('_', " ")
    );
    let mut situation = format!("{}, {how}", r.win);
    if req.last_tile {
        situation.push_str(", last tile of the wall");
    }
    if req.fourth_tile {
        situation.push_str(", last of its kind");
    }
    let _ = writeln!(out, "Win      {situation}");
    let _ = writeln!(
        out,
        "Winds    round {}, seat {}",
        req.round_wind.name(),
        req.seat_wind.name()
    );
    let _ = writeln!(out);
    for line in &r.breakdown {
        let points = line.points * line.count;
        let times = if line.count > 1 {
            format!(" ({} x {})", line.count, line.points)
        } else {
            String::new()
        };
        let _ = writeln!(out, "  {points:>3}  {}{}{times}", pad(line.zh, 12), line.en);
    }
    let _ = writeln!(out, "  ---");
    if r.flowers > 0 {
        let _ = writeln!(
            out,
            "  {:>3}  total ({} + {} flower{})",
            r.fan,
            r.base,
            r.flowers,
            if r.flowers == 1 { "" } else { "s" }
        );
    } else {
        let _ = writeln!(out, "  {:>3}  total", r.fan);
    }
    let verdict = if r.meets_minimum {
        "met"
    } else {
        "NOT met: the hand cannot be declared"
    };
    let _ = writeln!(out, "  8-fan minimum (flowers excluded): {verdict}");
    out
}
