//! `pairi score`: Riichi scoring of one hand (readable breakdown or `--json`), or of a
//! JSON Lines batch (`--batch FILE|-`).

use crate::batch;
use crate::output::{pad, print_json, refused, refused_hand};
use crate::parse::json_name;
use anyhow::Context;
use pairi::api::hand::TilesField;
use pairi::api::riichi::{RulesRequest, ScoreRequest, ScoreResult};
use pairi::api::Request;
use pairi::decompose::Origin;
use pairi::notation::Dialect;
use pairi::tile::Wind;
use serde_json::{Map, Value};

/// Arguments of `pairi score`.
#[derive(clap::Args, Debug)]
#[allow(clippy::struct_excessive_bools)]
#[command(after_help = "Examples:\n  \
    pairi score 234m406p78999s[777z] --win 9s --round-wind E --seat-wind S --dora 3p\n  \
    pairi score 234m406p7899s[777z] --win 9s --seat-wind south --json\n  \
    pairi score 123m456p789s11z22z --win 2z --tsumo --riichi --dora 3z --ura 4z --rules tenhou\n  \
    pairi score 123m456p789s11z22z --win 2z --riichi --honba 2 --riichi-sticks 1 --rule kiriage=true\n  \
    pairi score --batch score.jsonl --rules mahjongsoul\n\n\
The hand holds 13 - 3k concealed tiles with --win, or 14 - 3k whose last is the winning tile.")]
pub(crate) struct Args {
    /// The hand: concealed tiles with the winning tile, melds in brackets
    /// (`234m406p78999s[777z]`).
    #[arg(required_unless_present = "batch")]
    hand: Option<String>,
    /// The winning tile (default: the last concealed tile written).
    #[arg(long)]
    win: Option<String>,
    /// Won by self-draw (default: ron).
    #[arg(long)]
    tsumo: bool,
    /// Riichi was declared.
    #[arg(long)]
    riichi: bool,
    /// Double riichi was declared.
    #[arg(long)]
    double_riichi: bool,
    /// Won within one go-around of riichi.
    #[arg(long)]
    ippatsu: bool,
    /// Won on the replacement tile of a kong.
    #[arg(long)]
    rinshan: bool,
    /// Won on a tile added to a kong.
    #[arg(long)]
    chankan: bool,
    /// Won on the last tile of the wall.
    #[arg(long)]
    haitei: bool,
    /// Won on the last discard.
    #[arg(long)]
    houtei: bool,
    /// The dealer's win on the initial deal.
    #[arg(long)]
    tenhou: bool,
    /// A non-dealer's win on the first draw.
    #[arg(long)]
    chiihou: bool,
    /// A non-dealer's win on a discard before the first draw (needs a renhou rule).
    #[arg(long)]
    renhou: bool,
    /// Dora indicators (repeat or separate with commas).
    #[arg(long, value_delimiter = ',')]
    dora: Vec<String>,
    /// Ura dora indicators (only with riichi).
    #[arg(long, value_delimiter = ',')]
    ura: Vec<String>,
    /// Round wind: E, S, W or N (any spelling of a wind: `east`, `1z`).
    #[arg(long, default_value = "E", value_parser = json_name::<Wind>, alias = "round")]
    round_wind: Wind,
    /// Seat wind: E (dealer), S, W or N.
    #[arg(long, default_value = "E", value_parser = json_name::<Wind>, alias = "seat")]
    seat_wind: Wind,
    /// Honba counters on the table.
    #[arg(long, default_value_t = 0)]
    honba: u32,
    /// Riichi sticks on the table.
    #[arg(long, default_value_t = 0, alias = "sticks")]
    riichi_sticks: u32,
    /// Rules preset: default, tenhou, mahjongsoul, mleague, wrc, ema, tenhou-sanma,
    /// mahjongsoul-sanma.
    #[arg(long)]
    rules: Option<String>,
    /// 3 for three-player mahjong (sanma) under the rules asked for; 4 for four.
    #[arg(long, value_name = "N", value_parser = crate::parse::players)]
    players: Option<pairi::api::hand::PlayersField>,
    /// North tiles set aside as dora (three players, 0 to 4).
    #[arg(long, value_name = "N", default_value_t = 0, conflicts_with = "batch")]
    kita: u32,
    /// A rule option on top of the preset, KEY=VALUE (e.g. `kiriage=true`,
    /// `double_wind_fu=2`, `renhou=mangan`); repeatable.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rule: Vec<String>,
    /// Print the result as JSON.
    #[arg(long)]
    pub(crate) json: bool,
    /// Score a JSON Lines file of requests (`-` for standard input).
    #[arg(long, conflicts_with = "hand")]
    batch: Option<String>,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    if let Some(path) = &args.batch {
        return batch::run::<ScoreRequest>(path, &rules(args)?);
    }
    let req = request(args)?;
    let result = req
        .answer()
        .map_err(|e| refused_hand(e, args.json, &req.hand, Dialect::Standard))?;
    if args.json {
        print_json(&result)
    } else {
        crate::output::print_line(human(&req, &result).trim_end())
    }
}

/// The rules of `--rules` and `--rule`: a preset, options on top of it, or none.
fn rules(args: &Args) -> anyhow::Result<Option<RulesRequest>> {
    if args.rules.is_none() && args.rule.is_empty() && args.players.is_none() {
        return Ok(None);
    }
    // The options are the JSON request's rule object, keys and values as it names them.
    let mut options = Map::new();
    if let Some(p) = &args.rules {
        options.insert("preset".into(), Value::String(p.clone()));
    }
    if let Some(p) = args.players {
        options.insert("players".into(), Value::from(u8::from(p)));
    }
    for kv in &args.rule {
        let (k, v) = kv
            .split_once('=')
            .with_context(|| format!("--rule {kv}: expected KEY=VALUE"))?;
        let v = serde_json::from_str(v).unwrap_or_else(|_| Value::String(v.to_owned()));
        options.insert(k.to_owned(), v);
    }
    serde_json::from_value(Value::Object(options))
        .map(Some)
        .map_err(|e| {
            refused(
                pairi::api::Error::invalid_request(format!("rules: {e}")),
                args.json,
            )
        })
}

/// The request of the command-line arguments.
pub(crate) fn request(args: &Args) -> anyhow::Result<ScoreRequest> {
    let hand = args.hand.clone().context("a hand or --batch is required")?;
    Ok(ScoreRequest {
        hand,
        melds: Vec::new(),
        win: args.win.clone(),
        tsumo: args.tsumo,
        riichi: args.riichi || args.double_riichi,
        double_riichi: args.double_riichi,
        ippatsu: args.ippatsu,
        rinshan: args.rinshan,
        chankan: args.chankan,
        haitei: args.haitei,
        houtei: args.houtei,
        tenhou: args.tenhou,
        chiihou: args.chiihou,
        renhou: args.renhou,
        round_wind: args.round_wind,
        seat_wind: args.seat_wind,
        dora: TilesField::List(args.dora.clone()),
        ura: TilesField::List(args.ura.clone()),
        honba: args.honba,
        riichi_sticks: args.riichi_sticks,
        rules: rules(args)?,
        players: args.players,
        kita: args.kita,
    })
}

/// The readable breakdown.
fn human(req: &ScoreRequest, r: &ScoreResult) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let (how, win) = (r.how, &r.win.0);
    let three = req
        .inputs()
        .is_ok_and(|i| i.rules.players == pairi::riichi::rules::Players::Three);
    let table = if three {
        format!(", three players, {} kita", req.kita)
    } else {
        String::new()
    };
    let _ = writeln!(
        s,
        "{}  {how} {win}  round {}, seat {}{table}",
        req.hand, req.round_wind, req.seat_wind
    );
    let _ = writeln!(s, "reading  {}  ({} wait)", r.decomposition.0, r.wait);
    s.push_str("yaku\n");
    for v in &r.yaku.0 {
        let i = v.yaku.info();
        let (name, ja, v) = (i.english, i.japanese, v.value);
        let unit = if r.yakuman > 0 && r.han == 0 {
            "yakuman"
        } else {
            "han"
        };
        let _ = writeln!(s, "  {} {} {v:>2} {unit}", pad(name, 36), pad(ja, 12));
    }
    let items: Vec<String> = r
        .fu_detail
        .0
        .items
        .iter()
        .map(|f| match f.reason.block() {
            Some(mut b) => {
                b.origin = Origin::Concealed;
                format!("{} {b} {}", f.reason.id(), f.fu)
            }
            None => format!("{} {}", f.reason.id(), f.fu),
        })
        .collect();
    let _ = writeln!(s, "fu       {}  ({})", r.fu, items.join(", "));
    // A yakuman count names its limit already ("1 yakuman"); han and fu are followed
    // by the limit they reach, if any ("7 han 30 fu haneman").
    let value = if r.yakuman > 0 {
        format!("{} yakuman", r.yakuman)
    } else {
        let limit = r.limit.map(|l| format!(" {l}")).unwrap_or_default();
        format!("{} han {} fu{limit}", r.han, r.fu)
    };
    let _ = writeln!(s, "value    {value}");
    let p = &r.payments;
    let pay = match (p.ron, p.all, p.dealer, p.non_dealer) {
        (Some(x), ..) => format!("ron {x}"),
        (_, Some(x), ..) => format!("{x} from each player"),
        (_, _, Some(d), Some(n)) if three => {
            format!("{d} from the dealer, {n} from the non-dealer")
        }
        (_, _, Some(d), Some(n)) => format!("{d} from the dealer, {n} from each non-dealer"),
        _ => String::new(),
    };
    let _ = writeln!(
        s,
        "payment  {pay} (honba included); total {}; riichi sticks +{}",
        r.total, r.riichi_sticks_collected
    );
    s
}
