//! PowerShell (pattern level).

use super::{Sink, Src};

pub fn extract(_src: &Src, _sink: &mut Sink) {}
