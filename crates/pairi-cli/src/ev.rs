//! `pairi ev`: per-discard tenpai probability, win probability and expected score
//! (`docs/ev-model.md`), as a table sorted by the quantity maximised, with the
//! explanation of each discard beneath it, a chart of win probability by turn, or
//! JSON Lines batches (`docs/json-api.md`).

use crate::batch;
use crate::output::{pad, print_json, print_line, refused_hand};
use crate::parse::json_name;
use anyhow::Context;
use pairi::api::ev::{CallsRequest, DiscardView, EvRequest, EvResult, ExplanationView};
use pairi::api::hand::TilesField;
use pairi::ev::{Maximize, Model};
use pairi::notation::Dialect;
use pairi::tile::Wind;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;

/// Arguments of `pairi ev`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    pairi ev 123m456p789s1123z\n  \
    pairi ev 222567m345p33667s --dora 1z --turn 3 --explain\n  \
    pairi ev 23345m77p678s[345s] --maximize win --plot win.svg\n  \
    pairi ev --batch ev.jsonl\n\n\
A 14 - 3k tile hand gets one row per discard; a 13 - 3k hand one row for itself.\n\
The model is nekobean/mahjong-cpp's (docs/ev-model.md): self-draws only, riichi on every\n\
closed tenpai, discards return to the wall. --model pairi: one policy, riichi or dama,\n\
discards gone, ippatsu, double riichi and haitei (docs/ev.md).")]
#[allow(clippy::struct_excessive_bools)]
pub(crate) struct Args {
    /// The hand: 14 - 3k tiles (a discard to choose) or 13 - 3k, melds in brackets
    /// (`[345s]`, `[5555z]` for a kong).
    #[arg(required_unless_present = "batch")]
    hand: Option<String>,
    /// Dora indicators (repeat or separate with commas).
    #[arg(long, value_delimiter = ',')]
    dora: Vec<String>,
    /// Tiles seen elsewhere (rivers, other players' melds): not in the wall.
    #[arg(long, value_delimiter = ',')]
    visible: Vec<String>,
    /// Round wind: E, S, W or N.
    #[arg(long, default_value = "E", value_parser = json_name::<Wind>, alias = "round")]
    round_wind: Wind,
    /// Seat wind (East is the dealer).
    #[arg(long, default_value = "E", value_parser = json_name::<Wind>, alias = "seat")]
    seat_wind: Wind,
    /// Draws made so far (1 = the first draw).
    #[arg(long, default_value_t = 1)]
    turn: u8,
    /// 3 for three-player mahjong (no 2m-8m in the wall).
    #[arg(long, value_name = "N", value_parser = crate::parse::players)]
    players: Option<pairi::api::hand::PlayersField>,
    /// The last turn with a draw (at most 18).
    #[arg(long, default_value_t = 18)]
    t_max: u8,
    /// How far beyond the best the search wanders (0 to 2).
    #[arg(long, default_value_t = 1, alias = "radius")]
    search_radius: u8,
    /// Explore discards that raise the shanten (on by default).
    #[arg(long, overrides_with = "no_shanten_back")]
    shanten_back: bool,
    /// Do not explore discards that raise the shanten.
    #[arg(long)]
    no_shanten_back: bool,
    /// Explore draws that keep the shanten (on by default).
    #[arg(long, overrides_with = "no_hand_changes")]
    hand_changes: bool,
    /// Do not explore draws that keep the shanten.
    #[arg(long)]
    no_hand_changes: bool,
    /// Ignore ura dora (JSON `"ura": false`).
    #[arg(long)]
    no_ura: bool,
    /// Red fives are plain fives (no red dora; JSON `"red_fives": false`).
    #[arg(long, alias = "no-red")]
    no_red_fives: bool,
    /// The quantity to sort by and explain: score, win or tenpai.
    #[arg(long, default_value = "score", value_parser = json_name::<Maximize>)]
    maximize: Maximize,
    /// The model of play.
    #[arg(long, default_value = "compat", value_parser = json_name::<Model>)]
    model: Model,
    /// Explain each discard: what each first draw adds, the likeliest paths to a win.
    #[arg(long)]
    explain: bool,
    /// With --explain: paths per discard.
    #[arg(long, default_value_t = 3)]
    paths: usize,
    /// Stop with an error past this many hand states.
    #[arg(long, default_value_t = pairi::ev::MAX_STATES)]
    max_states: usize,
    /// Draw win probability by turn for the top discards (.svg or .png).
    #[arg(long)]
    plot: Option<PathBuf>,
    /// Print the result as JSON.
    #[arg(long)]
    pub(crate) json: bool,
    /// Answer a JSON Lines file of requests (`-` for standard input).
    #[arg(long, conflicts_with = "hand")]
    batch: Option<String>,
    /// A 13 - 3k hand offered this tile: pass, pon, chi and open kong, each valued as
    /// the position it leaves (use with --model pairi).
    #[arg(long, value_name = "TILE", conflicts_with = "explain")]
    calls: Option<String>,
    /// With --calls: who discarded it (left, opposite, right); a chi only from the left.
    #[arg(long, default_value = "left", value_parser = json_name::<pairi::hand::Source>, requires = "calls")]
    from: pairi::hand::Source,
}

/// The request of the command-line arguments.
pub(crate) fn request(args: &Args) -> anyhow::Result<EvRequest> {
    let hand = args.hand.clone().context("a hand is needed (or --batch)")?;
    let mut req = EvRequest::new(hand);
    req.round_wind = args.round_wind;
    req.seat_wind = args.seat_wind;
    req.dora = TilesField::List(args.dora.clone());
    req.visible = TilesField::List(args.visible.clone());
    req.turn = args.turn;
    req.t_max = args.t_max;
    req.search_radius = args.search_radius;
    req.shanten_back = !args.no_shanten_back;
    req.hand_changes = !args.no_hand_changes;
    req.ura = !args.no_ura;
    req.red_fives = !args.no_red_fives;
    req.maximize = args.maximize;
    req.model = args.model;
    req.explain = args.explain;
    req.paths = args.paths;
    req.max_states = Some(args.max_states);
    req.players = args.players;
    req.calls = args.calls.clone().map(|tile| CallsRequest {
        tile,
        from: args.from,
    });
    Ok(req)
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    if let Some(path) = &args.batch {
        return batch::run::<EvRequest>(path, &());
    }
    if let Some(p) = &args.plot {
        crate::plot::check_path(p)?;
    }
    let req = request(args)?;
    let bar = if std::io::stderr().is_terminal() {
        let style = indicatif::ProgressStyle::with_template("{spinner} {msg} hand states")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
        indicatif::ProgressBar::new_spinner().with_style(style)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let result = req.answer_with(
        &pairi::api::limits::LIBRARY,
        &pairi::api::Stop::never(),
        &mut |n| bar.set_message(n.to_string()),
    );
    bar.finish_and_clear();
    let result = result.map_err(|e| refused_hand(e, args.json, &req.hand, Dialect::Standard))?;
    if let Some(p) = &args.plot {
        let series: Vec<(String, Vec<(f64, f64)>)> = result
            .discards
            .iter()
            .take(4)
            .map(|d| {
                let label = d
                    .tile
                    .clone()
                    .map_or("hand".into(), |t| format!("discard {t}"));
                let points = (usize::from(req.turn)..d.win.len())
                    .map(|t| (t as f64, d.win[t]))
                    .collect();
                (label, points)
            })
            .collect();
        crate::plot::lines(
            p,
            &format!("Win probability by turn: {}", req.hand),
            ("turn", "win probability"),
            &series,
        )
        .map_err(|e| {
            crate::output::io_failed(format!("cannot draw {}: {e:#}", p.display()), args.json)
        })?;
    }
    if args.json {
        print_json(&result)
    } else {
        print_line(table(&result).trim_end())
    }
}

fn percent(p: f64) -> String {
    format!("{:.1}", 100.0 * p)
}

/// The table, then the explanation of each discard when asked.
fn table(r: &EvResult) -> String {
    let mut out = String::new();
    let t = usize::from(r.turn);
    let _ = writeln!(
        out,
        "{}-shanten, turn {}, {} hand states searched ({:.1} MB), sorted by {}",
        r.shanten,
        r.turn,
        r.searched,
        r.memory_bytes as f64 / 1e6,
        name(r.maximize)
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "discard  shanten   win %  tenpai %   exp. score  useful tiles   (R: riichi)"
    );
    for d in &r.discards {
        let at = |v: &Vec<f64>| v.get(t).copied().unwrap_or(0.0);
        let _ = writeln!(
            out,
            "{}  {:>7}  {:>6}  {:>8}  {:>11.0}  {} ({})",
            pad(
                &format!(
                    "{}{}",
                    d.tile.as_deref().unwrap_or("-"),
                    if d.riichi { " R" } else { "" }
                ),
                7
            ),
            d.shanten,
            percent(at(&d.win)),
            percent(at(&d.tenpai)),
            at(&d.score),
            useful(d),
            d.useful.iter().map(|u| u32::from(u.1)).sum::<u32>()
        );
    }
    if let Some(calls) = &r.calls {
        let _ = writeln!(out);
        let _ = writeln!(out, "answer  taken      turn   win %   exp. score  then");
        for c in calls {
            let then = c.discards.first().map_or(String::new(), |d| {
                d.tile
                    .as_deref()
                    .map_or("draw".into(), |t| format!("discard {t}"))
            });
            let _ = writeln!(
                out,
                "{}  {}  {:>4}  {:>6}  {:>11.0}  {then}",
                pad(&c.call, 6),
                pad(&c.taken.join(" "), 9),
                c.turn,
                percent(c.win),
                c.score,
            );
        }
    }
    // Riichi against dama where the model valued both.
    for d in &r.discards {
        if let Some(x) = &d.declare {
            let at = |v: &Vec<f64>| v.get(t).copied().unwrap_or(0.0);
            let _ = writeln!(
                out,
                "{}: riichi {:.0} ({}% win), dama {:.0} ({}% win)",
                d.tile.as_deref().unwrap_or("-"),
                at(&x.riichi.score),
                percent(at(&x.riichi.win)),
                at(&x.dama.score),
                percent(at(&x.dama.win)),
            );
        }
    }
    // The three best discards on a terminal; --json gives every one.
    for d in r.discards.iter().take(3) {
        if let Some(x) = &d.explain {
            let _ = writeln!(out);
            explain(&mut out, d, x, r.maximize);
        }
    }
    out
}

fn name(m: Maximize) -> &'static str {
    match m {
        Maximize::Score => "expected score",
        Maximize::Win => "win probability",
        Maximize::Tenpai => "tenpai probability",
    }
}

fn useful(d: &DiscardView) -> String {
    d.useful
        .iter()
        .map(|(t, _)| t.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn value(m: Maximize, v: f64) -> String {
    match m {
        Maximize::Score => format!("{v:.0}"),
        _ => format!("{}%", percent(v)),
    }
}

/// A path count: exact up to a million, then in scientific form.
fn count(n: f64) -> String {
    if n == 1.0 {
        "1 path".into()
    } else if n < 1e6 {
        format!("{n:.0} paths")
    } else {
        format!("{n:.2e} paths")
    }
}

fn explain(out: &mut String, d: &DiscardView, x: &ExplanationView, m: Maximize) {
    let head = d
        .tile
        .as_deref()
        .map_or("The hand".to_string(), |t| format!("Discard {t}"));
    let _ = writeln!(
        out,
        "{head}: {} {} now, {} if the next draw changes nothing; {} to tenpai",
        name(m),
        value(m, x.value),
        value(m, x.later),
        count(x.paths_to_tenpai)
    );
    let _ = writeln!(out, "  next draw   chance   then         value    adds");
    for f in x.first_draws.iter().take(8) {
        let then = match (&f.win, &f.discard) {
            (Some(p), _) => format!("win {p:.0}"),
            (None, Some(t)) => format!("discard {t}"),
            (None, None) => "-".into(),
        };
        let adds = match m {
            Maximize::Score => format!("{:+.0}", f.contribution),
            _ => format!("{:+.2}%", 100.0 * f.contribution),
        };
        let _ = writeln!(
            out,
            "  {} x{}  {:>6}%   {}  {:>8}  {adds:>6}",
            pad(&f.draw, 3),
            f.copies,
            percent(f.probability),
            pad(&then, 11),
            value(m, f.value),
        );
    }
    if x.first_draws.len() > 8 {
        let _ = writeln!(out, "  ... {} more draws", x.first_draws.len() - 8);
    }
    for p in &x.paths {
        let steps: Vec<String> = p.steps.iter().map(|(a, b)| format!("+{a} -{b}")).collect();
        let route = if steps.is_empty() {
            "already tenpai".to_string()
        } else {
            steps.join(", ")
        };
        let _ = writeln!(
            out,
            "  path {:>5.2}%: {route}; {} on {}, win on {} for {:.0}",
            100.0 * p.probability,
            if p.riichi { "riichi" } else { "tenpai" },
            p.waits,
            p.win,
            p.points
        );
    }
}
