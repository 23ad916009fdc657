//! `pairi analyze` and `pairi shanten`: one hand with human output (or JSON), or JSON
//! Lines batches through [`crate::batch`].

use crate::batch;
use crate::output::{print_json, print_line, refused, refused_hand};
use crate::parse::{json_name, players};
use pairi::analysis::{DiscardedCopy, Family};
use pairi::api::analysis::{
    AnalysisRequest, AnalysisResult, DiscardView, EvField, FormsView, ImprovementView, MeldsField,
    ShantenRequest, Waits,
};
use pairi::api::ev::EvResult;
use pairi::api::hand::{PlayersField, TilesField};
use pairi::api::Request;
use pairi::notation::format::unicode_char;
use pairi::notation::{
    format_hand, format_set, parse_hand, parse_tile, parse_tiles, Dialect, Format,
};
use pairi::TileSet;
use std::fmt::Write as _;
use std::io::IsTerminal;

/// Arguments of `pairi analyze`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  pairi analyze 123m406p789s1122z\n  \
    pairi analyze 1289m3478p25s1567z --json\n  \
    pairi analyze 11z2z45s --melds 3 --visible 3s6s6s\n  \
    pairi analyze 222567m345p33667s --ev --dora 1z\n  \
    pairi analyze --batch cases.jsonl --family mcr")]
pub(crate) struct AnalyzeArgs {
    /// The hand in any notation (see `pairi parse --help`): 13 − 3k tiles for useful
    /// tiles, waits and improvements, 14 − 3k tiles (the last one just drawn) for the
    /// discard table. Melds may be written in brackets: `[567m,2]`.
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    hand: Option<String>,
    /// Which family's winning forms count (JSON `family`): `riichi` (regular, seven
    /// pairs, thirteen orphans) or `mcr` (regular, seven pairs, thirteen orphans,
    /// honours and knitted, knitted straight).
    #[arg(long, default_value = "riichi", value_parser = json_name::<Family>, alias = "rules")]
    family: Family,
    /// Tiles seen elsewhere (rivers, other players' melds, dora indicators), in any
    /// notation: they are taken off the counts of useful tiles.
    #[arg(long, value_name = "TILES", conflicts_with = "batch")]
    visible: Option<String>,
    /// Declared melds whose tiles are not written in HAND (they count as sets only).
    #[arg(long, value_name = "N", default_value_t = 0, conflicts_with = "batch")]
    melds: usize,
    /// Count shanten the classic way, ignoring tile availability: a wait on a kind the
    /// hand holds four of still counts.
    #[arg(long, conflicts_with = "batch")]
    classic: bool,
    /// How the discard table counts the copy just discarded: `gone` (it is in the
    /// river and cannot be drawn; the default) or `drawable` (counted from the hand
    /// alone, as tenhou.net/2 does).
    #[arg(long, value_name = "HOW", value_parser = json_name::<DiscardedCopy>, conflicts_with = "batch")]
    discarded: Option<DiscardedCopy>,
    /// Read each four of a kind in a hand of more than 14 − 3k tiles as a concealed kong
    /// (a plain list such as `111122223333444455m`); otherwise write kongs in brackets.
    #[arg(long, conflicts_with = "batch")]
    kongs_in_hand: bool,
    /// 3 for three-player mahjong (sanma): no 2m–8m in the wall (Riichi forms only).
    #[arg(long, value_name = "N", value_parser = players, conflicts_with = "batch")]
    players: Option<PlayersField>,
    /// North tiles set aside as dora (three players): they cannot be drawn.
    #[arg(long, value_name = "N", default_value_t = 0, conflicts_with = "batch")]
    kita: u32,
    /// Add the expected value of each discard (JSON `"ev": true`; `pairi ev`'s default
    /// settings): win and tenpai probability and expected score by the last turn.
    #[arg(long, conflicts_with = "batch")]
    ev: bool,
    /// With --ev: dora indicators (not repeated in --visible; JSON `"ev": {"dora": …}`).
    #[arg(long, value_name = "TILES", requires = "ev", value_delimiter = ',')]
    dora: Vec<String>,
    /// Print the analysis as one JSON object instead of text.
    #[arg(long, conflicts_with = "batch")]
    pub(crate) json: bool,
    /// Answer JSON Lines requests from FILE (`-` for standard input), one result per
    /// line in input order: `{"id", "hand", "melds", "visible", "classic"}`.
    #[arg(long, value_name = "FILE")]
    batch: Option<String>,
}

/// Arguments of `pairi shanten`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  pairi shanten 123m456p789s1111z\n  \
    pairi shanten --batch cases.jsonl --family mcr")]
pub(crate) struct ShantenArgs {
    /// One hand in any notation (13 − 3k or 14 − 3k tiles); or use --batch.
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    hand: Option<String>,
    /// Which family's winning forms count (JSON `family`): `riichi` (keys `regular
    /// chiitoitsu kokushi`) or `mcr` (keys `regular seven_pairs thirteen_orphans
    /// honors_and_knitted knitted_straight`).
    #[arg(long, default_value = "riichi", value_parser = json_name::<Family>, alias = "rules")]
    family: Family,
    /// Declared melds whose tiles are not written in HAND.
    #[arg(long, value_name = "N", default_value_t = 0, conflicts_with = "batch")]
    melds: usize,
    /// Count shanten the classic way, ignoring tile availability.
    #[arg(long, conflicts_with = "batch")]
    classic: bool,
    /// Read each four of a kind in a hand of more than 14 − 3k tiles as a concealed kong.
    #[arg(long, conflicts_with = "batch")]
    kongs_in_hand: bool,
    /// 3 for three-player mahjong (sanma): no 2m–8m in the wall (Riichi forms only).
    #[arg(long, value_name = "N", value_parser = players, conflicts_with = "batch")]
    players: Option<PlayersField>,
    /// North tiles set aside as dora (three players).
    #[arg(long, value_name = "N", default_value_t = 0, conflicts_with = "batch")]
    kita: u32,
    /// Print the result as one JSON object instead of text.
    #[arg(long, conflicts_with = "batch")]
    pub(crate) json: bool,
    /// Answer JSON Lines requests from FILE (`-` for standard input), one result per
    /// line in input order: `{"id", "hand", "melds", "classic"}` →
    /// `{"id", "shanten", <form>: n | null, ...}`.
    #[arg(long, value_name = "FILE")]
    batch: Option<String>,
}

impl AnalyzeArgs {
    /// The request of a single hand.
    pub(crate) fn request(&self) -> AnalysisRequest {
        AnalysisRequest {
            hand: self.hand.clone().unwrap_or_default(),
            melds: MeldsField::Count(self.melds),
            visible: self.visible.clone().map(TilesField::Text),
            classic: self.classic,
            family: Some(self.family),
            discarded: self.discarded,
            kongs_in_hand: self.kongs_in_hand,
            players: self.players,
            kita: self.kita,
            ev: if self.ev {
                let mut settings = serde_json::Map::new();
                if !self.dora.is_empty() {
                    settings.insert("dora".into(), self.dora.clone().into());
                }
                EvField::On(settings)
            } else {
                EvField::Off
            },
        }
    }
}

impl ShantenArgs {
    /// The request of a single hand.
    pub(crate) fn request(&self) -> ShantenRequest {
        ShantenRequest {
            hand: self.hand.clone().unwrap_or_default(),
            melds: MeldsField::Count(self.melds),
            classic: self.classic,
            family: Some(self.family),
            kongs_in_hand: self.kongs_in_hand,
            players: self.players,
            kita: self.kita,
        }
    }
}

pub(crate) fn run_analyze(args: &AnalyzeArgs) -> anyhow::Result<()> {
    if let Some(path) = &args.batch {
        return batch::run::<AnalysisRequest>(path, &args.family);
    }
    let request = args.request();
    let result = request
        .answer()
        .map_err(|e| refused_hand(e, args.json, &request.hand, Dialect::Standard))?;
    if args.json {
        return print_json(&result);
    }
    let style = Style::detect();
    let hand = parse_hand(&result.hand).map_err(|e| refused(e, false))?;
    let mut text = format!("Hand     {}", style.hand(&hand));
    match result.unlisted_melds {
        0 => {}
        1 => text += "  + 1 meld",
        n => text += &format!("  + {n} melds"),
    }
    if args.players.is_some_and(|p| u8::from(p) == 3) {
        text += "  (three players, 108 tiles";
        if args.kita > 0 {
            text += &format!(", {} kita", args.kita);
        }
        text.push(')');
    }
    text.push('\n');
    text += &human(&result, style);
    if let Some(ev) = &result.ev {
        text += &ev_table(&result, ev);
    }
    print_line(text.trim_end())
}

/// The EV columns beside the greedy table, in its row order.
fn ev_table(result: &AnalysisResult, ev: &EvResult) -> String {
    let mut out = String::new();
    let t = usize::from(ev.turn);
    let _ = writeln!(
        out,
        "\nExpected value by turn 18 ({} hand states; R: riichi):",
        ev.searched
    );
    let _ = writeln!(out, "Discard  Shanten   Win %  Tenpai %  Exp. score");
    let order: Vec<Option<String>> = match &result.discards {
        Some(rows) => rows.iter().map(|d| Some(d.tile.clone())).collect(),
        None => vec![None],
    };
    for tile in order {
        let Some(d) = ev.discards.iter().find(|d| d.tile == tile) else {
            continue;
        };
        let at = |v: &Vec<f64>| v.get(t).copied().unwrap_or(0.0);
        let name = format!(
            "{}{}",
            tile.as_deref().unwrap_or("-"),
            if d.riichi { " R" } else { "" }
        );
        let _ = writeln!(
            out,
            "{name:<7}  {:>7}  {:>6.1}  {:>8.1}  {:>10.0}",
            d.shanten,
            100.0 * at(&d.win),
            100.0 * at(&d.tenpai),
            at(&d.score)
        );
    }
    out
}

pub(crate) fn run_shanten(args: &ShantenArgs) -> anyhow::Result<()> {
    if let Some(path) = &args.batch {
        return batch::run::<ShantenRequest>(path, &args.family);
    }
    let request = args.request();
    let result = request
        .answer()
        .map_err(|e| refused_hand(e, args.json, &request.hand, Dialect::Standard))?;
    if args.json {
        return print_json(&result);
    }
    print_line(&format!(
        "{}  ({})",
        shanten_words(result.shanten),
        forms_line(&result.forms)
    ))
}

/// How tiles are shown: MPSZ alone, or with Unicode tiles beside it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Style {
    /// MPSZ only: output to a file or pipe, or a terminal that is not UTF-8.
    Plain,
    /// MPSZ and Unicode tiles: a UTF-8 terminal.
    Unicode,
}

impl Style {
    /// Unicode on a terminal whose locale is UTF-8, plain otherwise.
    fn detect() -> Style {
        let terminal = std::io::stdout().is_terminal();
        Style::choose(terminal, |k| std::env::var(k).ok())
    }

    /// The style for a terminal (or not) and a locale read through `env`: the first
    /// set of `LC_ALL`, `LC_CTYPE`, `LANG` decides, as in POSIX.
    fn choose(terminal: bool, env: impl Fn(&str) -> Option<String>) -> Style {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .find_map(|k| env(k).filter(|v| !v.is_empty()))
            .unwrap_or_default()
            .to_ascii_lowercase();
        let utf8 = locale.contains("utf-8") || locale.contains("utf8");
        if terminal && utf8 {
            Style::Unicode
        } else {
            Style::Plain
        }
    }

    /// A set of kinds: `147m` or `147m  🀇🀊🀍`.
    fn set(self, s: TileSet) -> String {
        let mpsz = if s.is_empty() {
            "-".to_owned()
        } else {
            format_set(s)
        };
        match self {
            Style::Plain => mpsz,
            Style::Unicode => format!("{mpsz}  {}", s.iter().map(unicode_char).collect::<String>()),
        }
    }

    /// A hand: `123m[567s,2]` or `123m[567s,2]  🀇🀈🀉[🀔🀕🀖,2]`.
    fn hand(self, h: &pairi::Hand) -> String {
        let mpsz = format_hand(h, Format::Mpsz);
        match self {
            Style::Plain => mpsz,
            Style::Unicode => format!("{mpsz}  {}", format_hand(h, Format::Unicode)),
        }
    }

    /// `text` in the Unicode style, nothing in the plain one.
    fn unicode(self, text: &str) -> Option<String> {
        match self {
            Style::Plain => None,
            Style::Unicode => Some(text.to_owned()),
        }
    }
}

fn shanten_words(s: i8) -> String {
    match s {
        -1 => "complete (-1)".to_owned(),
        0 => "tenpai (0 shanten)".to_owned(),
        n => format!("{n} shanten"),
    }
}

/// `regular 1, chiitoitsu 4, kokushi 10`, forms impossible with the melds left out.
fn forms_line(forms: &FormsView) -> String {
    forms
        .entries()
        .into_iter()
        .filter_map(|(key, s)| s.map(|s| format!("{key} {s}")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The kinds of an MPSZ set of an answer.
fn set_of(mpsz: &str) -> TileSet {
    parse_tiles(mpsz)
        .map(|v| v.into_iter().map(|p| p.tile()).collect())
        .unwrap_or_default()
}

fn useful_line(style: Style, tiles: &str, count: u32) -> String {
    format!("{}  ({count} left)", style.set(set_of(tiles)))
}

/// The human report of an analysis.
fn human(r: &AnalysisResult, style: Style) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Shanten  {}  [{}: {}]",
        shanten_words(r.shanten),
        r.forms.family().id(),
        forms_line(&r.forms)
    );
    if let Some(readings) = &r.readings {
        let ways = readings.len();
        let _ = writeln!(
            out,
            "Complete in {ways} way{}:",
            if ways == 1 { "" } else { "s" }
        );
        for reading in readings {
            let _ = writeln!(
                out,
                "  {}  ({})",
                reading.decomposition,
                reading.waits.join(" or ")
            );
        }
    }
    if let (Some(useful), Some(count)) = (&r.useful, r.count) {
        match &r.waits {
            Waits::Tiles(waits) => {
                let _ = writeln!(out, "Waits    {}", useful_line(style, waits, count));
                for w in r.wait_shapes.iter().flatten() {
                    let _ = writeln!(
                        out,
                        "  {:<3} {} left  {}",
                        w.tile,
                        w.left,
                        w.shapes.join(", ")
                    );
                }
            }
            Waits::Absent | Waits::NotTenpai => {
                let _ = writeln!(out, "Useful   {}", useful_line(style, useful, count));
            }
        }
        if let Some(imps) = &r.improvements {
            if (0..=1).contains(&r.shanten) {
                improvements_table(&mut out, imps, style);
            }
        }
    }
    if let Some(rows) = &r.discards {
        let _ = writeln!(out);
        discard_table(&mut out, rows, style);
    }
    out
}

/// The kind of a tile of an answer, as a picture.
fn picture(tile: &str) -> char {
    parse_tile(tile).map_or('?', |p| unicode_char(p.tile()))
}

fn discard_table(out: &mut String, rows: &[DiscardView], style: Style) {
    let cells: Vec<Row> = rows
        .iter()
        .map(|d| Row {
            cells: [
                d.tile.clone(),
                d.shanten.to_string(),
                d.count.to_string(),
                plain_set(&d.useful),
            ],
            unicode: style.unicode(&format!(
                "{} → {}",
                picture(&d.tile),
                unicode_set(&d.useful)
            )),
        })
        .collect();
    let align = [Align::Left, Align::Right, Align::Right, Align::Left];
    table(
        out,
        ["Discard", "Shanten", "Left", "Useful tiles"],
        align,
        &cells,
    );
}

fn improvements_table(out: &mut String, imps: &[ImprovementView], style: Style) {
    if imps.is_empty() {
        let _ = writeln!(out, "Improvements  none");
        return;
    }
    let _ = writeln!(
        out,
        "\nImprovements (draws that keep the shanten but widen it):"
    );
    let cells: Vec<Row> = imps
        .iter()
        .map(|i| Row {
            cells: [
                i.draw.clone(),
                i.discard.clone(),
                i.count.to_string(),
                plain_set(&i.useful),
            ],
            unicode: style.unicode(&format!(
                "+{} −{} → {}",
                picture(&i.draw),
                picture(&i.discard),
                unicode_set(&i.useful)
            )),
        })
        .collect();
    let align = [Align::Left, Align::Left, Align::Right, Align::Left];
    table(
        out,
        ["Draw", "Discard", "Left", "Useful tiles"],
        align,
        &cells,
    );
}

fn plain_set(mpsz: &str) -> String {
    Style::Plain.set(set_of(mpsz))
}

fn unicode_set(mpsz: &str) -> String {
    set_of(mpsz).iter().map(unicode_char).collect()
}

/// A table row: four plain cells, then (Unicode style) tile pictures that nothing
/// follows, so their rendered width cannot break the alignment.
struct Row {
    cells: [String; 4],
    unicode: Option<String>,
}

/// How a column lines up.
#[derive(Clone, Copy)]
enum Align {
    /// Text: padded on the right.
    Left,
    /// Numbers: padded on the left.
    Right,
}

/// A text table; the last column is never padded.
fn table(out: &mut String, header: [&str; 4], align: [Align; 4], rows: &[Row]) {
    let mut w = header.map(str::len);
    for r in rows {
        for (i, c) in r.cells.iter().enumerate() {
            w[i] = w[i].max(c.len());
        }
    }
    let line = |out: &mut String, c: [&str; 4], unicode: Option<&str>| {
        let mut s = String::new();
        for i in 0..4 {
            let pad = " ".repeat(w[i] - c[i].len());
            match align[i] {
                Align::Left => {
                    s.push_str(c[i]);
                    s.push_str(&pad);
                }
                Align::Right => {
                    s.push_str(&pad);
                    s.push_str(c[i]);
                }
            }
            s.push_str("  ");
        }
        if let Some(u) = unicode {
            s.push_str(u);
        }
        let _ = writeln!(out, "{}", s.trim_end());
    };
    line(out, header, None);
    for r in rows {
        let [a, b, c, d] = &r.cells;
        line(out, [a, b, c, d], r.unicode.as_deref());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| {
            vars.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn style_ok_unicode_only_on_utf8_terminal() {
        let utf8 = [("LANG", "en_US.UTF-8")];
        assert_eq!(Style::choose(true, env(&utf8)), Style::Unicode);
        assert_eq!(Style::choose(false, env(&utf8)), Style::Plain);
        assert_eq!(Style::choose(true, env(&[("LANG", "C")])), Style::Plain);
        assert_eq!(Style::choose(true, env(&[])), Style::Plain);
        let overridden = [("LC_ALL", "C"), ("LANG", "en_US.UTF-8")];
        assert_eq!(Style::choose(true, env(&overridden)), Style::Plain);
        let empty_all = [("LC_ALL", ""), ("LC_CTYPE", "ja_JP.utf8")];
        assert_eq!(Style::choose(true, env(&empty_all)), Style::Unicode);
    }

    #[test]
    fn style_ok_sets_and_tiles() {
        let s: TileSet = [pairi::t!(1m), pairi::t!(E)].into_iter().collect();
        assert_eq!(Style::Plain.set(s), "1m1z");
        assert_eq!(Style::Unicode.set(s), "1m1z  🀇🀀");
        assert_eq!(Style::Plain.set(TileSet::EMPTY), "-");
    }
}
