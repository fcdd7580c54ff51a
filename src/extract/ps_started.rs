//! Round 24 (pwsh24): what the PowerShell reader hands on to be read again
//! — the code in a `Start-Process -ArgumentList` (the started program's
//! argv, through the `interp` table), the text a write puts into a
//! start-up file (`persisted::read_planted`), and the body of an assigned
//! here-string. Methods of the reader (`super::Cx`), kept apart so
//! `powershell.rs` stays one concern per file.

use super::Cx;
use super::{MAX_VAR_LEN, list_elements, param, positional};
use crate::evidence::Origin;

impl Cx<'_, '_> {
    /// Round 24: `Start-Process pwsh -ArgumentList @('-NoProfile',
    /// '-Command', "…")`, `-ArgumentList '-c', '…'` to `bash`, `'/c …'` to
    /// `cmd`, `'-EncodedCommand', $b64`: the argument list is the program's
    /// argv; code it hands to an interpreter of the `interp` table is
    /// analysed in its own language, one nesting level deeper.
    pub(super) fn argument_code(&mut self, prog: &str, toks: &[String], start: usize, end: usize) {
        let mut argv = vec![prog.to_string()];
        let elems = self.argument_elements(toks);
        let max = crate::limits::PS_MAX_ARGLIST_WORDS;
        match elems.as_slice() {
            [one] => argv.extend(super::super::interp::split_words(one, max + 1)),
            _ => argv.extend(elems),
        }
        if argv.len() > max {
            crate::limits::gave_up("PS_MAX_ARGLIST_WORDS");
            argv.truncate(max);
        }
        // `-EncodedCommand` in an argument list is decoded by `encoded`.
        let Some((code, i)) = super::super::interp::code_arg(&argv)
            .filter(|(c, _)| *c != super::super::interp::Code::EncodedPowerShell)
        else {
            return;
        };
        let text = super::super::interp::code_text(&argv, i);
        let text = super::super::interp::unquote(&text);
        if text.trim().is_empty() {
            return;
        }
        let sub = self.src.derived(text, start, end, Origin::Script);
        super::super::interp::analyse(code, &sub, self.sink);
    }

    /// The elements of `-ArgumentList` (an `@( … )` list over lines, a
    /// comma list, one string), each folded when its value is known and
    /// unquoted otherwise.
    fn argument_elements(&self, toks: &[String]) -> Vec<String> {
        let Some(raw) = super::super::ps_words::argument_list_raw(toks) else {
            return Vec::new();
        };
        let one = |e: &str| {
            self.literal_value(e)
                .unwrap_or_else(|| super::super::interp::unquote(e).to_string())
        };
        match list_elements(&raw) {
            Some(es) => es.into_iter().map(one).collect(),
            None => vec![one(&raw)],
        }
    }

    /// Round 24: the text a write puts into a start-up file (`$PROFILE`,
    /// `profile.ps1`, `.bashrc`): `-Value`, the second positional
    /// argument, or the known value piped in; read as the code it becomes
    /// at every start (`persisted::read_planted`, in the place's language).
    pub(super) fn plant(&mut self, toks: &[String], at: usize, start: usize, end: usize) {
        let raw = param(toks, &["Value", "InputObject"])
            .map(str::to_string)
            .or_else(|| {
                positional(toks, &["Path", "FilePath", "LiteralPath", "Encoding"])
                    .get(1)
                    .cloned()
            })
            .or_else(|| self.pipe_text.clone());
        let Some(raw) = raw else {
            return;
        };
        let text = self.substitute(&raw).replace("`n", "\n").replace("`r", "");
        let mut budget = self.planted_budget;
        super::super::persisted::read_planted(
            self.src,
            self.sink,
            &text,
            (start, end),
            &[at],
            false,
            true,
            &mut budget,
        );
        self.planted_budget = budget;
    }

    /// Round 24: the body of a here-string assigned at `at` (`$b = @'`,
    /// then its lines up to the `'@` that starts a line), read from the
    /// file as written (comments inside it are text); within `MAX_VAR_LEN`.
    pub(super) fn here_string(&self, at: usize, value: &str) -> Option<String> {
        let q = match value.trim() {
            "@'" => '\'',
            "@\"" => '"',
            _ => return None,
        };
        let rest = self.src.text.get(at..)?;
        let body = &rest[rest.find('\n')? + 1..];
        let mut end = None;
        let mut off = 0;
        for l in body.split_inclusive('\n') {
            let t = l.trim_start();
            if t.starts_with(q) && t[1..].starts_with('@') {
                end = Some(off);
                break;
            }
            off += l.len();
            if off > MAX_VAR_LEN {
                crate::limits::gave_up("PS_MAX_VAR_LEN");
                return None;
            }
        }
        let text = body[..end?].trim_end_matches(['\n', '\r']);
        self.spend(text.len()).then(|| text.to_string())
    }
}
