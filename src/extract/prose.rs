//! Prose rules.
