//! `pairi parse`: read a hand in any notation, print it normalised or as JSON.

use pairi::api::hand::HandView;
use pairi::notation::{format_hand, parse_hand_with, Dialect, Format};

/// Arguments of `pairi parse`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  pairi parse '1f1f1f2y2y2y'\n  \
    pairi parse '[WWWW,1][444s]45m678pFF6m' --to unicode\n  pairi parse 🀀🀀🀀🀅🀅🀅 --json")]
pub(crate) struct Args {
    /// The hand, in any notation: MPSZ (`123m406p11z`, `0` = red five), libsaki
    /// (`1f`..`4f` winds, `1y`..`3y` dragons), letters `E S W N P F C`, mjai red fives
    /// (`5mr`), Unicode tiles, and melds in brackets (`[567m,2]`, `[999s,3]`, `[EEEE]`).
    /// Quote it when it holds spaces or brackets.
    hand: String,
    /// Which meaning `z` digits have: `standard` (Tenhou: 5z White, 6z Green, 7z Red) or
    /// `mcr` (the MCR helper's Chinese order: 5z Red, 6z Green, 7z White).
    #[arg(long, value_enum, default_value_t = DialectArg::Standard)]
    dialect: DialectArg,
    /// The notation to print: `mpsz`, `unicode`, `mjai`, `mcr` (honours as letters) or
    /// `libsaki`. Unicode and mcr have no red fives: they are written as fives.
    #[arg(long, value_enum, default_value_t = FormatArg::Mpsz, conflicts_with = "json")]
    to: FormatArg,
    /// Print the hand as a JSON object (concealed tiles, red fives, last tile, melds)
    /// instead of notation.
    #[arg(long)]
    json: bool,
}

/// `--dialect`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub(crate) enum DialectArg {
    /// Tenhou order for `z`.
    Standard,
    /// Chinese order for `z` (MCR helper strings).
    Mcr,
}

impl From<DialectArg> for Dialect {
    fn from(d: DialectArg) -> Dialect {
        match d {
            DialectArg::Standard => Dialect::Standard,
            DialectArg::Mcr => Dialect::Mcr,
        }
    }
}

/// `--to`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub(crate) enum FormatArg {
    /// `123m406p11z[567s,2]`.
    Mpsz,
    /// `🀇🀈🀉`.
    Unicode,
    /// `1m 5mr E P`.
    Mjai,
    /// `123m456pEE`.
    Mcr,
    /// `123m406p1f1f`.
    Libsaki,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Mpsz => Format::Mpsz,
            FormatArg::Unicode => Format::Unicode,
            FormatArg::Mjai => Format::Mjai,
            FormatArg::Mcr => Format::Mcr,
            FormatArg::Libsaki => Format::Libsaki,
        }
    }
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let hand = parse_hand_with(&args.hand, args.dialect.into()).map_err(crate::hand_error)?;
    let line = if args.json {
        serde_json::to_string(&HandView::from_hand(&hand))?
    } else {
        format_hand(&hand, args.to.into())
    };
    crate::print_line(&line)
}
