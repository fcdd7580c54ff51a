//! Deobfuscation: decode encoded literals and analyse the payload again.

use super::{Sink, Src};
use base64::Engine;

/// Decodes standard or URL-safe base64, padded or not, ignoring whitespace.
pub fn b64(s: &str) -> Option<Vec<u8>> {
    let clean: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    let e = base64::engine::general_purpose::STANDARD;
    let ep = base64::engine::general_purpose::STANDARD_NO_PAD;
    let u = base64::engine::general_purpose::URL_SAFE;
    let up = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    e.decode(&clean)
        .or_else(|_| ep.decode(clean.trim_end_matches('=')))
        .or_else(|_| u.decode(&clean))
        .or_else(|_| up.decode(clean.trim_end_matches('=')))
        .ok()
}

/// Decodes a hex string (`\\x` escapes, `0x` prefixes and separators ignored).
pub fn hex(s: &str) -> Option<Vec<u8>> {
    let clean: String = s
        .replace("\\x", "")
        .replace("0x", "")
        .chars()
        .filter(|c| c.is_ascii_hexdigit())
        .collect();
    if clean.len() < 2 || clean.len() % 2 != 0 {
        return None;
    }
    (0..clean.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&clean[i..i + 2], 16).ok())
        .collect()
}

pub fn scan_literals(_src: &Src, _sink: &mut Sink) {}
