//! The kinds of error every front end reports (`docs/json-api.md`): each error type of
//! the library says which kind it is through its `kind()`.

use core::fmt;

/// The JSON error kind of a failed request.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Notation that cannot be read (`parse`).
    Parse,
    /// A request that is not JSON, or a field that cannot be used (`invalid_request`).
    InvalidRequest,
    /// Tiles or a situation that break the rules of the game (`invalid_hand`).
    InvalidHand,
    /// A score or fan request whose hand is not complete (`not_winning`).
    NotWinning,
    /// A complete Riichi hand without a yaku (`no_yaku`).
    NoYaku,
    /// A request asking more than the limits of the front that answers it allow: Monte
    /// Carlo hands, hand states of a search, requests in an array, bytes of a record
    /// (`too_large`). The library's own limits are wide; a server's are narrower.
    TooLarge,
    /// Work stopped before its end because the caller stopped it, as a server does at
    /// its time limit (`timeout`). Only a front that sets a time limit reports it.
    Timeout,
    /// A file or stream a front end cannot read or write (`io`): the command line's
    /// input files and output, never the answer to a request (the library does no I/O).
    Io,
}

impl ErrorKind {
    /// The id written in JSON: `parse`, `invalid_request`, `invalid_hand`,
    /// `not_winning`, `no_yaku`, `too_large`, `timeout`, `io`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            ErrorKind::Parse => "parse",
            ErrorKind::InvalidRequest => "invalid_request",
            ErrorKind::InvalidHand => "invalid_hand",
            ErrorKind::NotWinning => "not_winning",
            ErrorKind::NoYaku => "no_yaku",
            ErrorKind::TooLarge => "too_large",
            ErrorKind::Timeout => "timeout",
            ErrorKind::Io => "io",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl PartialEq<&str> for ErrorKind {
    /// A kind equals its JSON id: `kind == "parse"`.
    fn eq(&self, other: &&str) -> bool {
        self.id() == *other
    }
}

impl PartialEq<str> for ErrorKind {
    fn eq(&self, other: &str) -> bool {
        self.id() == other
    }
}
