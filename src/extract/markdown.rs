//! Markdown extraction.

use super::Sink;

pub fn extract(_path: &str, _text: &str, _offset: usize, _sink: &mut Sink) {}
