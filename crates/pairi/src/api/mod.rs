//! Serde types of the JSON contract (`spec/json-api.md`), shared by the CLI, the web
//! page and the bindings. One submodule per request family.

pub mod analysis;
pub mod hand;
pub mod mcr;
pub mod riichi;
pub mod stats;
