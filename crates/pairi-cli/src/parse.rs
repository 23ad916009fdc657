//! `pairi parse`.

/// Arguments of `pairi parse`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The hand, in any notation (MPSZ, libsaki, letters, Unicode, bracket melds).
    hand: String,
}

pub(crate) fn run(_args: &Args) -> anyhow::Result<()> {
    anyhow::bail!("not implemented yet")
}
