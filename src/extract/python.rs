//! Python extractor (tree-sitter). Being written.

use super::{Sink, Src};

pub fn extract(_src: &Src, _sink: &mut Sink) {}
