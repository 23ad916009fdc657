//! Japanese Riichi scoring: rules, situation, yaku, fu, points.
