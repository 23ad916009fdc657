//! Integration tests: the shared JSONL cases.
mod shanten;
