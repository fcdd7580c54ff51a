//! The PowerShell reader's values (`powershell.rs`): variables resolved
//! and substituted, right-hand sides folded to strings (`+`, parenthesised
//! pieces, lists joined, formats: `ps_words::fold_expr`), `Join-Path`
//! parts, a batch file's `%NAME%` (round 44), under the copy budget.

use super::*;

impl Cx<'_, '_> {
    /// Substitutes known `$var` values and home-directory variables.
    pub(super) fn resolve(&self, s: &str) -> String {
        let mut out = s.trim_matches(['"', '\'']).to_string();
        for (k, home) in [
            ("$env:APPDATA", "~/AppData/Roaming"),
            ("$env:LOCALAPPDATA", "~/AppData/Local"),
            ("$env:USERPROFILE", "~"),
            ("$env:HOMEPATH", "~"),
            ("$env:TEMP", "/tmp"),
            ("$env:TMP", "/tmp"),
            ("$HOME", "~"),
            ("${env:USERPROFILE}", "~"),
        ] {
            if let Some(i) = out.to_lowercase().find(&k.to_lowercase()) {
                out.replace_range(i..i + k.len(), home);
            }
        }
        if out.contains('$') {
            out = self.substitute(&out);
        }
        out.replace('\\', "/")
    }

    /// Replaces every `$name` whose value is known (and under 4 KiB), in
    /// one pass over `s`: each reference is looked up, instead of every
    /// known variable searched for in `s` (which grew with the file).
    pub(super) fn substitute(&self, s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        let mut rest = s;
        while let Some(i) = rest.find('$') {
            out.push_str(&rest[..i]);
            let after = &rest[i + 1..];
            let n = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            match self
                .var(&after[..n])
                .filter(|v| n > 0 && subst_size_ok(v) && self.spend(v.len()))
            {
                Some(v) => out.push_str(v),
                None => out.push_str(&rest[i..i + 1 + n]),
            }
            rest = &after[n..];
        }
        out.push_str(rest);
        if self.batch && out.contains('%') {
            out = self.batch_refs(&out);
        }
        out
    }

    /// A batch file's `%NAME%` references to names it set, folded in one
    /// pass (`%APPDATA%` and other unknown names stay as written).
    pub(super) fn batch_refs(&self, s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        let mut rest = s;
        while let Some(i) = rest.find('%') {
            out.push_str(&rest[..i]);
            let after = &rest[i + 1..];
            let known = after
                .find('%')
                .filter(|&n| {
                    n > 0
                        && after[..n]
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_')
                })
                .and_then(|n| Some((n, self.var(&after[..n])?)))
                .filter(|(_, v)| subst_size_ok(v) && self.spend(v.len()));
            match known {
                Some((n, v)) => {
                    out.push_str(v);
                    rest = &after[n + 1..];
                }
                None => {
                    out.push('%');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The value of a right-hand side made only of string literals and known
    /// variables joined with `+`: `"a"`, `'b' + "c"`, `$x + 'd'`.
    pub(super) fn literal_value(&self, value: &str) -> Option<String> {
        let value = value.trim().trim_end_matches(';').trim_end();
        if let Some(s) = char_join(value) {
            return Some(s);
        }
        if let Some(s) = self.encoded_value(value) {
            return Some(s);
        }
        let value = value
            .strip_prefix('(')
            .and_then(|v| v.strip_suffix(')'))
            .unwrap_or(value);
        if let Some(joined) = self.join_path(value) {
            return Some(joined);
        }
        let Some(parts) = split_plus(value) else {
            // Round 44: pieces in parentheses, lists joined, formats.
            return crate::extract::ps_words::fold_expr(
                value,
                &|p| self.fold_leaf(p),
                &|n| self.arrays.get(&n.to_ascii_lowercase()).cloned(),
                0,
            );
        };
        let mut out = String::new();
        for part in parts {
            let part = part.trim();
            let quoted = one_quoted(part);
            if quoted {
                out.push_str(&self.resolve(part));
            } else {
                let name = part.strip_prefix('$')?;
                let name = name
                    .strip_prefix('{')
                    .and_then(|n| n.strip_suffix('}'))
                    .unwrap_or(name);
                if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    return None;
                }
                let v = self.var(name)?;
                if !self.spend(v.len()) {
                    return None;
                }
                out.push_str(v);
            }
            if out.len() > MAX_VAR_LEN {
                crate::limits::gave_up("PS_MAX_VAR_LEN");
                return None;
            }
        }
        Some(out)
    }

    /// A quoted literal's value, or a known variable's (`$x`, `${x}`).
    pub(super) fn fold_leaf(&self, part: &str) -> Option<String> {
        if one_quoted(part) {
            return Some(self.resolve(part));
        }
        let name = part.strip_prefix('$')?;
        let name = name
            .strip_prefix('{')
            .and_then(|n| n.strip_suffix('}'))
            .unwrap_or(name);
        self.var(name).map(str::to_string)
    }

    /// Round 26: a path built from parts (`ps_words::join_parts`), each a
    /// literal or a known variable (`$HOME` read as `~`).
    pub(super) fn join_path(&self, value: &str) -> Option<String> {
        let [a, b] = crate::extract::ps_words::join_parts(value)?;
        let part = |p: &str| -> Option<String> {
            if one_quoted(p) {
                Some(self.resolve(p))
            } else if p.eq_ignore_ascii_case("$home") || p.eq_ignore_ascii_case("$env:userprofile")
            {
                Some("~".to_string())
            } else if p.len() > 5 && p[..5].eq_ignore_ascii_case("$env:") {
                // `$env:LOCALAPPDATA` as the folder it names (round 44).
                Some(self.resolve(p)).filter(|r| !r.contains('$'))
            } else {
                Some(self.var(p.strip_prefix('$')?)?.to_string())
            }
        };
        Some(format!(
            "{}/{}",
            part(a)?.trim_end_matches(['/', '\\']),
            part(b)?
        ))
    }

    /// Takes `n` bytes from the copy budget; false once it is exhausted.
    pub(super) fn spend(&self, n: usize) -> bool {
        let left = self.copy_budget.get();
        if n > left {
            self.copy_budget.set(0);
            return false;
        }
        self.copy_budget.set(left - n);
        true
    }

    /// A variable's known string value (PowerShell names are case-insensitive).
    pub(super) fn var(&self, name: &str) -> Option<&str> {
        self.vars
            .get(&name.to_ascii_lowercase())
            .map(String::as_str)
    }
}
