//! `pairi arena`: many games between agents on every core, and how each did, with 95 %
//! intervals (`pairi::agent::arena`); records of the games on request. Agents are the
//! library's built-ins or programs speaking mjai (`bot.rs`).

use crate::bot::{Bot, BotOptions};
use crate::output::{print_line, refused};
use anyhow::Context as _;
use pairi::agent::arena::{self, Arena, ArenaError, Estimate, GameResult, Summary};
use pairi::agent::{Agent, Builtin, Pairi, PairiOptions};
use pairi::table::{mjai_tile, Action, TablePreset};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Arguments of `pairi arena`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Agents:\n  \
    random      uniformly among the legal actions\n  \
    tsumogiri   wins when it can, otherwise discards the tile drawn and passes\n  \
    greedy      tile efficiency (lowest shanten, most useful tiles, best shape); riichi when ready;\n              calls that lower the shanten and keep a yaku\n  \
    pairi       pairi's decision engine: expected-value search, riichi or dama by value, calls\n              that raise the expected score, folding against riichi\n  \
    cmd:COMMAND a program speaking mjai on standard input and output (the seat is its last argument)\n  \
    LABEL=AGENT the agent under a label of its own (slots with the same label are one agent)\n\n\
Examples:\n  \
    pairi arena --agents pairi,greedy,greedy,greedy --games 1000 --seed 1 --duplicate\n  \
    pairi arena --agents new=pairi,pairi,pairi,pairi --games 400 --json\n  \
    pairi arena --agents greedy,greedy,greedy --players 3 --games 100 --records games/\n  \
    pairi arena --agent 'cmd:python3 bot.py' --agents greedy,greedy,greedy --games 10")]
pub(crate) struct Args {
    /// The agents, one per seat, comma-separated (see below).
    #[arg(long, value_delimiter = ',')]
    agents: Vec<String>,
    /// One more agent, its text taken whole (a command may hold commas); these come
    /// before those of --agents.
    #[arg(long)]
    agent: Vec<String>,
    /// Games to play (with --duplicate, rounded up to whole sets of one game per seat
    /// rotation).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// The seed: the same seed plays the same games on any number of threads.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The rules: tenhou or mahjongsoul (or any table preset: tenhou-tonpuu, wrc, ...).
    #[arg(long, default_value = "tenhou")]
    rules: String,
    /// 3 for three-player games (the rules' three-player preset).
    #[arg(long, value_parser = clap::value_parser!(u8).range(3..=4))]
    players: Option<u8>,
    /// Play each set of walls once per seat rotation, so the luck of the deal cancels.
    #[arg(long)]
    duplicate: bool,
    /// The agent the others are compared with (default: the last slot's).
    #[arg(long)]
    baseline: Option<String>,
    /// Write each game's record to DIR (game-NNNNNN.json, tenhou.net/6; or .jsonl, mjai).
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
    /// The records' format: tenhou6 or mjai.
    #[arg(long, default_value = "tenhou6", value_parser = ["tenhou6", "mjai"])]
    records_format: String,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Seconds a program may take to answer (its first answer: --startup).
    #[arg(long, default_value_t = 3.0)]
    timeout: f64,
    /// Seconds a program may take to start and give its first answer.
    #[arg(long, default_value_t = 10.0)]
    startup: f64,
    /// The most hand states one expected-value search of the `pairi` agent builds.
    #[arg(long, default_value_t = PairiOptions::default().max_states)]
    pairi_states: usize,
    /// The results as one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
}

/// One slot's agent.
#[derive(Clone, Debug)]
enum Spec {
    Builtin(Builtin),
    Command(String),
}

/// `LABEL=AGENT` or `AGENT`, into the label and the agent.
fn slot(text: &str) -> Result<(String, Spec), String> {
    let text = text.trim();
    let (label, body) = match text.split_once('=') {
        Some((l, b))
            if !l.starts_with("cmd:")
                && !l.is_empty()
                && l.chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-') =>
        {
            (l.to_owned(), b)
        }
        _ => (text.to_owned(), text),
    };
    let spec = match body.strip_prefix("cmd:") {
        Some(cmd) if !cmd.trim().is_empty() => Spec::Command(cmd.trim().to_owned()),
        Some(_) => return Err("cmd: needs a command".into()),
        None => Spec::Builtin(Builtin::from_id(body).ok_or_else(|| {
            format!("unknown agent {body:?}: random, tsumogiri, greedy, pairi or cmd:COMMAND")
        })?),
    };
    Ok((label, spec))
}

/// The table rules of `--rules` and `--players`.
pub(crate) fn table_rules(rules: &str, players: Option<u8>) -> Result<TablePreset, String> {
    let preset = TablePreset::from_id(rules).ok_or_else(|| {
        format!("unknown rules {rules:?}: tenhou, mahjongsoul, tenhou-tonpuu, tenhou-sanma, mahjongsoul-sanma, wrc")
    })?;
    Ok(match (preset, players) {
        (TablePreset::Tenhou, Some(3)) => TablePreset::TenhouSanma,
        (TablePreset::MahjongSoul, Some(3)) => TablePreset::MahjongSoulSanma,
        (p, Some(n)) if p.rules().players() != n => {
            return Err(format!("the rules {rules} have no {n}-player game"))
        }
        (p, _) => p,
    })
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let json = args.json;
    let invalid = |m: String| {
        refused(
            pairi::api::Error::new(pairi::ErrorKind::InvalidRequest, m),
            json,
        )
    };
    let preset = table_rules(&args.rules, args.players).map_err(invalid)?;
    let rules = preset.rules();
    let mut slots = Vec::new();
    for text in args.agent.iter().chain(&args.agents) {
        slots.push(slot(text).map_err(invalid)?);
    }
    let labels: Vec<String> = slots.iter().map(|(l, _)| l.clone()).collect();
    let arena = Arena::new(
        rules,
        labels,
        args.games,
        args.seed,
        args.duplicate,
        args.baseline.clone(),
    )
    .map_err(|e| refused(arena_error(&e), json))?;
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let specs: Vec<Spec> = slots.into_iter().map(|(_, s)| s).collect();
    let bot_options = BotOptions {
        timeout: Duration::from_secs_f64(args.timeout.max(0.001)),
        startup: Duration::from_secs_f64(args.startup.max(0.001)),
        players: rules.players(),
    };
    let pairi_options = PairiOptions {
        max_states: args.pairi_states,
        ..PairiOptions::default()
    };
    let make = |slot: usize| -> Result<Box<dyn Agent>, String> {
        Ok(match &specs[slot] {
            Spec::Builtin(Builtin::Pairi) => Box::new(Pairi::new(pairi_options)),
            Spec::Builtin(b) => b.agent(),
            Spec::Command(c) => Box::new(Bot::new(c.clone(), bot_options)),
        })
    };
    let bar = if std::io::stderr().is_terminal() {
        let style = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games {per_sec} eta {eta} {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        indicatif::ProgressBar::new(arena.games).with_style(style)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let faults: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let write_error: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let done = |g: &GameResult| {
        for (seat, kyoku, f) in &g.faults {
            let played = f
                .played
                .map(|a| format!("; played {}", action_text(a)))
                .unwrap_or_default();
            let line = format!(
                "game {} seat {seat} ({}), kyoku {kyoku}: {}{played}",
                g.plan.index,
                arena.labels[g.plan.slots[usize::from(*seat)]],
                f.reason,
            );
            bar.suspend(|| eprintln!("{line}"));
            if let Ok(mut v) = faults.lock() {
                v.push(line);
            }
        }
        if let Some(dir) = &args.records {
            if let Err(e) = write_record(dir, &args.records_format, &arena, g) {
                if let Ok(mut w) = write_error.lock() {
                    w.get_or_insert(e);
                }
            }
        }
        bar.inc(1);
    };
    let start = Instant::now();
    let cpu0 = cpu_seconds();
    let played = match args.threads {
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t.max(1))
            .build()
            .context("cannot start the worker threads")?
            .install(|| arena::run(&arena, &make, &done, args.records.is_some())),
        None => arena::run(&arena, &make, &done, args.records.is_some()),
    };
    bar.finish_and_clear();
    let results = played.map_err(|e| refused(arena_error(&e), json))?;
    if let Some(e) = write_error.into_inner().ok().flatten() {
        return Err(e);
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu0;
    let summary = arena::summarize(&arena, &results);
    let faults = faults.into_inner().unwrap_or_default();
    if json {
        let mut v = serde_json::to_value(&summary)?;
        if let Some(o) = v.as_object_mut() {
            o.insert("rules".into(), preset.id().into());
            o.insert("seed".into(), args.seed.into());
            o.insert("faults".into(), faults.into());
        }
        print_line(&v.to_string())?;
        eprintln!("{}", timing(&summary, secs, cpu));
    } else {
        print_line(&text(&summary, preset, args.seed))?;
        print_line(&timing(&summary, secs, cpu))?;
    }
    Ok(())
}

fn arena_error(e: &ArenaError) -> pairi::api::Error {
    pairi::api::Error::new(e.kind(), e.to_string())
}

/// An action in words for a log line.
fn action_text(a: Action) -> String {
    match a {
        Action::Discard { pai, .. } => format!("dahai {}", mjai_tile(pai)),
        _ => a.mjai_type().to_owned(),
    }
}

fn write_record(
    dir: &std::path::Path,
    format: &str,
    arena: &Arena,
    g: &GameResult,
) -> anyhow::Result<()> {
    let names: Vec<String> = (0..usize::from(g.players))
        .map(|s| arena.labels[g.plan.slots[s]].clone())
        .collect();
    let game = pairi::record::played::game_of_events(&g.events, &arena.rules, names);
    let (text, ext) = if format == "mjai" {
        let lines: Vec<String> = pairi::record::mjai::write(&game)
            .iter()
            .map(ToString::to_string)
            .collect();
        (lines.join("\n") + "\n", "jsonl")
    } else {
        (
            pairi::record::tenhou6::write(&game).to_string() + "\n",
            "json",
        )
    };
    let path = dir.join(format!("game-{:06}.{ext}", g.plan.index));
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// `2.41 ±0.03`, with a star when different from the baseline.
fn cell(e: &Estimate, scale: f64, decimals: usize) -> String {
    if e.mean.is_nan() {
        return "-".into();
    }
    let star = if e.vs_baseline.is_some_and(|d| d.significant) {
        "*"
    } else {
        ""
    };
    if e.ci.is_nan() {
        format!("{:.*}{star}", decimals, e.mean * scale)
    } else {
        format!(
            "{:.*} ±{:.*}{star}",
            decimals,
            e.mean * scale,
            decimals,
            e.ci * scale
        )
    }
}

fn text(s: &Summary, preset: TablePreset, seed: u64) -> String {
    let mut out = String::new();
    let unit = if s.duplicate {
        format!("{} sets of duplicate games", s.units)
    } else {
        "independent games".to_owned()
    };
    out.push_str(&format!(
        "{} games ({unit}), {} kyoku, rules {}, seed {seed}; 95 % intervals, * differs from {} (95 %)\n",
        s.games,
        s.kyoku,
        preset.id(),
        s.baseline
    ));
    let mut head = vec!["agent", "seats", "place", "points"];
    let places = ["1st %", "2nd %", "3rd %", "4th %"];
    let n = s.agents.first().map_or(4, |a| a.places.len());
    head.extend_from_slice(&places[..n]);
    head.extend_from_slice(&[
        "win %",
        "deal-in %",
        "riichi %",
        "call %",
        "win size",
        "deal-in size",
    ]);
    let mut rows: Vec<Vec<String>> = vec![head.iter().map(|h| (*h).to_owned()).collect()];
    for a in &s.agents {
        let mut r = vec![
            a.label.clone(),
            a.seats.to_string(),
            cell(&a.placement, 1.0, 3),
            cell(&a.points, 1.0, 0),
        ];
        for p in &a.places {
            r.push(cell(p, 100.0, 1));
        }
        for e in [&a.win_rate, &a.deal_in_rate, &a.riichi_rate, &a.call_rate] {
            r.push(cell(e, 100.0, 1));
        }
        r.push(cell(&a.win_size, 1.0, 0));
        r.push(cell(&a.deal_in_size, 1.0, 0));
        rows.push(r);
    }
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for r in &rows {
        let line: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, x)| {
                if c == 0 {
                    format!("{x:<w$}", w = widths[c])
                } else {
                    format!("{x:>w$}", w = widths[c])
                }
            })
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    for a in &s.agents {
        if let (Some(p), Some(q)) = (a.placement.vs_baseline, a.points.vs_baseline) {
            out.push_str(&format!(
                "{} against {}: placement {:+.3} ±{:.3}{}, points {:+.0} ±{:.0}{}\n",
                a.label,
                s.baseline,
                p.diff,
                p.ci,
                if p.significant { " (significant)" } else { "" },
                q.diff,
                q.ci,
                if q.significant { " (significant)" } else { "" },
            ));
        }
    }
    if !s.marked.is_empty() {
        out.push_str(&format!(
            "{} game(s) marked: an agent failed to answer (see the lines above): {:?}\n",
            s.marked.len(),
            s.marked
        ));
    }
    out.trim_end().to_owned()
}

fn timing(s: &Summary, secs: f64, cpu: f64) -> String {
    let decisions: u64 = s.agents.iter().map(|a| a.decisions).sum();
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into());
    format!(
        "{:.1} s ({:.1} s of CPU, load {load}): {:.1} games/s, {:.1} per CPU second; {:.0} decisions/s",
        secs,
        cpu,
        s.games as f64 / secs,
        if cpu > 0.0 { s.games as f64 / cpu } else { f64::NAN },
        decisions as f64 / secs
    )
}

/// CPU time of this process (user and system) from `/proc/self/stat`, in seconds; 0
/// elsewhere.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_ok_labels_and_commands() {
        assert!(matches!(slot("greedy"), Ok((l, Spec::Builtin(Builtin::Greedy))) if l == "greedy"));
        assert!(matches!(slot("new=pairi"), Ok((l, Spec::Builtin(Builtin::Pairi))) if l == "new"));
        assert!(
            matches!(slot("cmd:python3 bot.py --x=1"), Ok((l, Spec::Command(c))) if l == "cmd:python3 bot.py --x=1" && c == "python3 bot.py --x=1")
        );
        assert!(
            matches!(slot("me=cmd:./bot"), Ok((l, Spec::Command(c))) if l == "me" && c == "./bot")
        );
        assert!(slot("nobody").is_err());
        assert!(slot("cmd:").is_err());
    }
}
