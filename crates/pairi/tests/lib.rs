//! Integration tests: the shared JSONL cases.
mod analysis;
mod ev;
mod layering;
mod mcr;
mod riichi;
mod shanten;
