//! `pairi fan`.

/// Arguments of `pairi fan`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The hand.
    hand: Option<String>,
}

pub(crate) fn run(_args: &Args) -> anyhow::Result<()> {
    anyhow::bail!("not implemented yet")
}
