//! Values PowerShell encodes at run time, folded to the text they become
//! (a child of `powershell.rs`, which holds the value folding).

use super::Cx;

impl<'s, 'a> Cx<'s, 'a> {
    /// Round 29 (supply29): `[Convert]::ToBase64String([Text.Encoding]::
    /// Unicode.GetBytes(X))` of a value this file knows: the base64 text
    /// itself, so `-EncodedCommand $enc` decodes what `X` held (a command
    /// encoded at run time for a scheduled task or a child process).
    pub(super) fn encoded_value(&self, value: &str) -> Option<String> {
        use base64::Engine;
        static ENCODE: crate::rx::Lazy = crate::rx::Lazy::new(
            r"(?is)^\[(?:system\.)?convert\]::tobase64string\(\s*\[(?:system\.)?text\.encoding\]::(unicode|utf8|ascii)\.getbytes\((.*)\)\s*\)$",
        );
        let c = ENCODE.captures(value)?;
        let inner = self.literal_value(c.get(2)?.as_str())?;
        let bytes: Vec<u8> = if c[1].eq_ignore_ascii_case("unicode") {
            inner.encode_utf16().flat_map(u16::to_le_bytes).collect()
        } else {
            inner.into_bytes()
        };
        if !self.spend(bytes.len() * 2) {
            return None;
        }
        Some(base64::engine::general_purpose::STANDARD.encode(bytes))
    }
}
