//! Chinese Official (MCR) fan calculation.
