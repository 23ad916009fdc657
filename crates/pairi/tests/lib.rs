//! Integration tests: the shared JSONL cases.
mod analysis;
mod ev;
mod layering;
mod mcr;
mod record;
mod riichi;
mod shanten;
mod table;
