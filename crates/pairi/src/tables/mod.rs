//! Generated tables and their accessors.
