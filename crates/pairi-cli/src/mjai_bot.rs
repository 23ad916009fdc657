//! `pairi mjai-bot`: one of pairi's agents as an mjai bot, for other arenas.
//!
//! Each line of standard input is one mjai message or a JSON array of them (as
//! mjai.app's simulator sends them); each line is answered with one line: the agent's
//! action when the last message asks the seat to decide, `{"type":"none"}` otherwise.
//! The seat is `start_game`'s `id`, or the SEAT argument (mjai.app passes it so). The
//! seat's legal actions are rebuilt from the messages by the table's rules
//! (`pairi::agent::mjai::View`). A line that cannot be read is answered with `none` and
//! reported on standard error; the bot goes on.

use anyhow::Context as _;
use pairi::agent::mjai::{action_message, View};
use pairi::agent::{Agent, Builtin, Pairi, PairiOptions};
use serde_json::Value;
use std::io::{BufRead, Write};

/// Arguments of `pairi mjai-bot`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    pairi mjai-bot --agent pairi\n  \
    pairi mjai-bot --agent greedy --rules mahjongsoul 2\n  \
    echo '[{\"type\":\"start_game\",\"id\":0},...]' | pairi mjai-bot --agent pairi")]
pub(crate) struct Args {
    /// The agent: random, tsumogiri, greedy or pairi.
    #[arg(long, default_value = "pairi")]
    agent: String,
    /// The rules: tenhou or mahjongsoul (or any table preset).
    #[arg(long, default_value = "tenhou")]
    rules: String,
    /// 3 for three-player games.
    #[arg(long, value_parser = clap::value_parser!(u8).range(3..=4))]
    players: Option<u8>,
    /// The seed of the agent's random choices.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The seat, until a start_game message names it.
    seat: Option<u8>,
    /// Write each decision of the pairi agent, with the numbers it compared, to
    /// standard error.
    #[arg(long)]
    explain: bool,
}

/// The agent, kept as pairi's own when it is, to explain its decisions.
enum Player {
    Pairi(Box<Pairi>),
    Other(Box<dyn Agent>),
}

impl Player {
    fn agent(&mut self) -> &mut dyn Agent {
        match self {
            Player::Pairi(p) => p.as_mut(),
            Player::Other(a) => a.as_mut(),
        }
    }
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let invalid = |m: String| {
        crate::output::refused(
            pairi::api::Error::new(pairi::ErrorKind::InvalidRequest, m),
            false,
        )
    };
    let preset = crate::arena::table_rules(&args.rules, args.players).map_err(invalid)?;
    let rules = preset.rules();
    let builtin = Builtin::from_id(&args.agent).ok_or_else(|| {
        invalid(format!(
            "unknown agent {:?}: random, tsumogiri, greedy or pairi",
            args.agent
        ))
    })?;
    let mut player = match builtin {
        Builtin::Pairi => Player::Pairi(Box::new(Pairi::new(PairiOptions::default()))),
        b => Player::Other(b.agent()),
    };
    let mut view = View::new(rules);
    if let Some(s) = args.seat {
        view.apply(&serde_json::json!({"type": "start_game", "id": s}))
            .context("seat")?;
        player.agent().start(view.seat(), &rules, args.seed);
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.context("cannot read standard input")?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = match answer(&line, &mut view, &mut player, &rules, args) {
            Ok(a) => a,
            Err(e) => {
                eprintln!("error: {e:#}");
                serde_json::json!({"type": "none"})
            }
        };
        writeln!(out, "{answer}")
            .and_then(|()| out.flush())
            .context(crate::output::CANNOT_WRITE)?;
    }
    Ok(())
}

fn answer(
    line: &str,
    view: &mut View,
    player: &mut Player,
    rules: &pairi::table::TableRules,
    args: &Args,
) -> anyhow::Result<Value> {
    let v: Value = serde_json::from_str(line).context("not JSON")?;
    let messages = match v {
        Value::Array(a) => a,
        one => vec![one],
    };
    for m in &messages {
        let event = view.apply(m)?;
        if m.get("type").and_then(Value::as_str) == Some("start_game") {
            player.agent().start(view.seat(), rules, args.seed);
        }
        if let Some(e) = event {
            player.agent().event(&e);
        }
    }
    let legal = view.legal();
    if legal.is_empty() {
        return Ok(serde_json::json!({"type": "none"}));
    }
    let obs = view.observation();
    let action = match player {
        Player::Pairi(p) => {
            let d = p.decide(&obs, &legal);
            if args.explain {
                eprint!("{d}");
            }
            d.action
        }
        Player::Other(a) => a.act(&obs, &legal),
    };
    Ok(action_message(&obs, action))
}
