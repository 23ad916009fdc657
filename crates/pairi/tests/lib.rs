//! Integration tests: the shared JSONL cases (skipped, saying so, without `../shared`:
//! see `shared.rs`), and the layering of the library.
mod analysis;
mod dataset;
mod ev;
mod layering;
mod mcr;
mod record;
mod record_formats;
mod review_choices;
mod riichi;
mod shanten;
mod shared;
mod table;
