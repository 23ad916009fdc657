//! Shanten: regular, special forms, and a slow reference.
