//! `pairi analyze` and `pairi shanten`.

/// Arguments of `pairi analyze`.
#[derive(clap::Args, Debug)]
pub(crate) struct AnalyzeArgs {
    /// The hand.
    hand: Option<String>,
}

/// Arguments of `pairi shanten`.
#[derive(clap::Args, Debug)]
pub(crate) struct ShantenArgs {
    /// JSON Lines input (`-` for standard input).
    #[arg(long)]
    batch: String,
}

pub(crate) fn run_analyze(_args: &AnalyzeArgs) -> anyhow::Result<()> {
    anyhow::bail!("not implemented yet")
}

pub(crate) fn run_shanten(_args: &ShantenArgs) -> anyhow::Result<()> {
    anyhow::bail!("not implemented yet")
}
