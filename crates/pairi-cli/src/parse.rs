//! `pairi parse`: read a hand in any notation, print it normalised or as JSON.

use crate::output::{print_json, print_line, refused_hand};
use pairi::api::parse::ParseRequest;
use pairi::api::Request;
use pairi::notation::{Dialect, Format};

/// Arguments of `pairi parse`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  pairi parse '1f1f1f2y2y2y'\n  \
    pairi parse '[WWWW,1][444s]45m678pFF6m' --to unicode\n  pairi parse 🀀🀀🀀🀅🀅🀅 --json\n  \
    pairi parse 123m45x   # error: parse (a caret under the x)")]
pub(crate) struct Args {
    /// The hand, in any notation: MPSZ (`123m406p11z`, `0` = red five), libsaki
    /// (`1f`..`4f` winds, `1y`..`3y` dragons), letters `E S W N P F C`, mjai red fives
    /// (`5mr`), Unicode tiles, and melds in brackets (`[567m,2]`, `[999s,3]`, `[EEEE]`).
    /// Quote it when it holds spaces or brackets.
    hand: String,
    /// Which meaning `z` digits have: `standard` (Tenhou: 5z White, 6z Green, 7z Red) or
    /// `mcr` (the MCR helper's Chinese order: 5z Red, 6z Green, 7z White).
    #[arg(long, default_value = "standard", value_parser = crate::parse::json_name::<Dialect>)]
    dialect: Dialect,
    /// The notation to print: `mpsz`, `unicode`, `mjai`, `mcr` (honours as letters) or
    /// `libsaki`. Unicode and mcr have no red fives: they are written as fives.
    #[arg(long, default_value = "mpsz", conflicts_with = "json",
          value_parser = crate::parse::json_name::<Format>)]
    to: Format,
    /// Print the hand as a JSON object (concealed tiles, red fives, last tile, melds)
    /// instead of notation.
    #[arg(long)]
    pub(crate) json: bool,
}

/// A command-line value read as the JSON contract names it (`mcr`, `unicode`,
/// `riichi`, `tenhou`, …): the command line and JSON share one vocabulary.
pub(crate) fn json_name<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, String> {
    serde_json::from_value(serde_json::Value::String(s.to_owned())).map_err(|e| {
        let e = e.to_string();
        // serde names the accepted values after "expected".
        match e.split_once("expected ") {
            Some((_, expected)) => format!("expected {expected}"),
            None => e,
        }
    })
}

/// A player count, 3 or 4, read as JSON reads `players`.
pub(crate) fn players(s: &str) -> Result<pairi::api::hand::PlayersField, String> {
    let n: u8 = s
        .parse()
        .map_err(|_| format!("`players` is 3 or 4, not {s}"))?;
    pairi::api::hand::PlayersField::try_from(n)
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let request = ParseRequest {
        hand: args.hand.clone(),
        dialect: Some(args.dialect),
        to: Some(args.to),
    };
    let result = request
        .answer()
        .map_err(|e| refused_hand(e, args.json, &args.hand, args.dialect))?;
    if args.json {
        print_json(&result.hand)
    } else {
        print_line(&result.text)
    }
}
