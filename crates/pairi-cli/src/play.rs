//! `pairi play`: a game against pairi's agents, one request at a time (`docs/play.md`):
//! the table rebuilt from the seed and the actions so far, played on to the person's
//! next decision; the answer is the library's `play` answer as JSON. With `--batch`,
//! JSON Lines requests, one answer a line.

use crate::batch;
use crate::output::{print_json, refused};
use clap::Parser;
use pairi::api::play::{Opponents, PlayRequest};
use pairi::api::Request;

const EXAMPLES: &str = "Examples:\n  \
    pairi play --seed 7\n  \
    pairi play --seed 7 --actions 11\n  \
    pairi play --seed 7 --seat 1 --players 3 --opponents pairi\n  \
    pairi play --seed 7 --actions 11 --record tenhou6\n  \
    echo '{\"seed\": 7, \"actions\": []}' | pairi play --batch -\n\n\
    The answer's `actions` with one id of its `legal` appended is the next request's `actions`.";

/// The arguments of `pairi play`.
#[derive(Parser, Debug)]
#[command(after_help = EXAMPLES)]
pub(crate) struct Args {
    /// The table preset: tenhou, mahjongsoul, tenhou-tonpuu, tenhou-sanma,
    /// mahjongsoul-sanma, wrc.
    #[arg(long, default_value = "tenhou")]
    rules: String,
    /// 3 for the rules' three-player preset.
    #[arg(long)]
    players: Option<u8>,
    /// The seed of the walls and of the agents.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The person's seat (0 is East in the first kyoku).
    #[arg(long, default_value_t = 0)]
    seat: u8,
    /// The agents at the other seats: greedy or pairi.
    #[arg(long, default_value = "greedy", value_parser = crate::parse::json_name::<Opponents>)]
    opponents: Opponents,
    /// The actions so far, comma-separated entries (1000 × seat + action id; another
    /// seat's pass is never written): an answer's `actions` with one `legal` id appended.
    #[arg(long, value_delimiter = ',')]
    actions: Vec<u16>,
    /// Include the game as a record in the answer: tenhou6 or mjai (the kyoku played
    /// to their end; the whole game once it is over).
    #[arg(long, value_parser = ["tenhou6", "mjai"])]
    record: Option<String>,
    /// Answer a JSON Lines file of requests (`-` for standard input).
    #[arg(long)]
    batch: Option<String>,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    if let Some(path) = &args.batch {
        return batch::run::<PlayRequest>(path, &());
    }
    let req = PlayRequest {
        rules: Some(args.rules.clone()),
        players: args.players,
        seed: args.seed,
        seat: args.seat,
        opponents: args.opponents,
        actions: args.actions.clone(),
        record: args.record.clone(),
    };
    let answer = req.answer().map_err(|e| refused(e, true))?;
    print_json(&answer)
}
