//! Integration tests: the shared JSONL cases.
mod analysis;
mod layering;
mod mcr;
mod riichi;
mod shanten;
