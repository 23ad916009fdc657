//! Integration tests: the shared JSONL cases.
mod analysis;
mod mcr;
mod riichi;
mod shanten;
