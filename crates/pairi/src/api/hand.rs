//! The canonical JSON view of a parsed hand.
