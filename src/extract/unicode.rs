//! Invisible, bidi and tag Unicode characters.

use super::{Sink, Src};

pub fn scan(_src: &Src, _sink: &mut Sink) {}
