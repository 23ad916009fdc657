//! Integration tests: the shared JSONL cases.
mod analysis;
mod riichi;
mod shanten;
