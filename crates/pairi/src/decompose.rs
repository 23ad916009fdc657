//! decompose (in progress).
