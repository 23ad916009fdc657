//! Integration tests: the shared JSONL cases.
mod analysis;
mod ev;
mod layering;
mod mcr;
mod record;
mod record_formats;
mod riichi;
mod shanten;
