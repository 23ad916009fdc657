//! Integration tests: the shared JSONL cases.
