//! Integration tests: the shared JSONL cases.
mod mcr;
mod riichi;
