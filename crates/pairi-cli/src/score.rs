//! `pairi score`: Riichi scoring of one hand (readable breakdown or `--json`), or of a
//! JSON Lines batch (`--batch FILE|-`).

use crate::batch::{self, Failure, Request};
use anyhow::{bail, Context};
use pairi::api::riichi::{ScoreRequest, ScoreResult};
use pairi::decompose::Origin;
use pairi::riichi::Wind;
use serde_json::{json, Map, Value};

/// Arguments of `pairi score`.
#[derive(clap::Args, Debug)]
#[allow(clippy::struct_excessive_bools)]
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
    /// Round wind: E, S, W or N.
    #[arg(long, default_value = "E")]
    round: String,
    /// Seat wind: E (dealer), S, W or N.
    #[arg(long, default_value = "E")]
    seat: String,
    /// Honba counters on the table.
    #[arg(long, default_value_t = 0)]
    honba: u32,
    /// Riichi sticks on the table.
    #[arg(long, default_value_t = 0)]
    sticks: u32,
    /// Rules preset: default, tenhou, mahjongsoul, mleague, wrc, ema.
    #[arg(long)]
    rules: Option<String>,
    /// A rule option on top of the preset, KEY=VALUE (e.g. `kiriage=true`,
    /// `double_wind_fu=2`, `renhou=mangan`); repeatable.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rule: Vec<String>,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Score a JSON Lines file of requests (`-` for standard input).
    #[arg(long, conflicts_with = "hand")]
    batch: Option<String>,
}

impl Request for ScoreRequest<Value> {
    fn id(&self) -> &Value {
        &self.id
    }
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    if let Some(path) = &args.batch {
        return batch::run(path, |req: &ScoreRequest<Value>| {
            req.score().map_err(Failure::from)
        });
    }
    let req = request(args)?;
    let result = req
        .score()
        .map_err(|e| anyhow::anyhow!("{}: {e}", e.kind()))?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&result)?);
    } else {
        print!("{}", human(&req, &result));
    }
    Ok(())
}

/// The request of the command-line arguments, through the JSON request type so that
/// both paths check the same things.
fn request(args: &Args) -> anyhow::Result<ScoreRequest<Value>> {
    let Some(hand) = &args.hand else {
        bail!("a hand or --batch is required")
    };
    let mut rules = Map::new();
    if let Some(p) = &args.rules {
        rules.insert("preset".into(), Value::String(p.clone()));
    }
    for kv in &args.rule {
        let (k, v) = kv
            .split_once('=')
            .with_context(|| format!("--rule {kv}: expected KEY=VALUE"))?;
        let v = serde_json::from_str(v).unwrap_or_else(|_| Value::String(v.to_string()));
        rules.insert(k.to_string(), v);
    }
    let v = json!({
        "hand": hand,
        "win": args.win,
        "tsumo": args.tsumo,
        "riichi": args.riichi || args.double_riichi,
        "double_riichi": args.double_riichi,
        "ippatsu": args.ippatsu,
        "rinshan": args.rinshan,
        "chankan": args.chankan,
        "haitei": args.haitei,
        "houtei": args.houtei,
        "tenhou": args.tenhou,
        "chiihou": args.chiihou,
        "renhou": args.renhou,
        "round_wind": args.round.to_uppercase(),
        "seat_wind": args.seat.to_uppercase(),
        "dora": args.dora,
        "ura": args.ura,
        "honba": args.honba,
        "riichi_sticks": args.sticks,
        "rules": Value::Object(rules),
    });
    serde_json::from_value(v).context("invalid_request")
}

/// The readable breakdown.
fn human(req: &ScoreRequest<Value>, r: &ScoreResult) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let how = if req.tsumo { "tsumo" } else { "ron" };
    let win = req.win.clone().unwrap_or_default();
    let _ = writeln!(
        s,
        "{}  {how} {win}  round {}, seat {}",
        req.hand,
        Wind::from(req.round_wind),
        Wind::from(req.seat_wind)
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
        let _ = writeln!(s, "  {name:<36} {ja:<12} {v:>2} {unit}");
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
    let value = if r.yakuman > 0 {
        format!("{} yakuman", r.yakuman)
    } else {
        format!("{} han {} fu", r.han, r.fu)
    };
    let limit = r.limit.map(|l| format!(" {l}")).unwrap_or_default();
    let _ = writeln!(s, "value    {value}{limit}");
    let p = &r.payments;
    let pay = match (p.ron, p.all, p.dealer, p.non_dealer) {
        (Some(x), ..) => format!("ron {x}"),
        (_, Some(x), ..) => format!("{x} from each player"),
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
