//! analysis (in progress).
