use super::*;

// ---------------------------------------------------------------------------
// File mentions
// ---------------------------------------------------------------------------

pub(super) const RUNNERS: &[&str] = &[
    "python",
    "python3",
    "python2",
    "py",
    "bash",
    "sh",
    "zsh",
    "ksh",
    "fish",
    "node",
    "nodejs",
    "deno",
    "bun",
    "tsx",
    "ts-node",
    "ruby",
    "perl",
    "php",
    "pwsh",
    "powershell",
    "source",
    ".",
    "exec",
    "uv",
    "uvx",
    "pipx",
    "npx",
    "osascript",
    "run",
    "execute",
    "launch",
    "invoke",
    "call",
    "start",
];

/// A mention of a bundled file in some text.
#[derive(Debug, Clone, Copy)]
pub(super) struct Mention {
    pub(super) file: usize,
    pub(super) line: usize,
    pub(super) run: bool,
}

pub(super) fn path_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '.')
}

/// Whether the text before a mention (same line) runs the file.
pub(super) fn is_run(before: &str, runnable: bool) -> bool {
    if !runnable {
        return false;
    }
    // The path's own prefix: "{baseDir}/", "./", "$DIR/".
    let cut = before
        .rfind(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '`' | '(' | '=' | '['))
        .map(|i| i + before[i..].chars().next().map_or(1, char::len_utf8))
        .unwrap_or(0);
    let prefix = &before[cut..];
    let rest = before[..cut].trim_end();
    let rest = rest
        .trim_end_matches(['"', '\'', '`', '(', '=', '['])
        .trim_end();
    let explicit = prefix.ends_with('/')
        && (prefix.starts_with('.') || prefix.starts_with('{') || prefix.starts_with('$'))
        || prefix == "./";
    let at_command_start = rest.is_empty()
        || ["$", "&&", "||", ";", "|", "!", "sudo", "then", "do", "-c"]
            .iter()
            .any(|s| rest.ends_with(s));
    if explicit && at_command_start {
        return true;
    }
    // "python3 -u scripts/x.py", "uv run scripts/x.py", "Run scripts/x.sh".
    for w in rest.split_whitespace().rev().take(4) {
        let w = w.trim_matches(|c: char| matches!(c, '"' | '\'' | '`' | '(' | '*'));
        if w.starts_with('-') {
            continue;
        }
        let base = w.rsplit('/').next().unwrap_or(w).to_lowercase();
        return RUNNERS.contains(&base.as_str());
    }
    false
}

pub(super) struct Mentions {
    pub(super) ac: Option<AhoCorasick>,
    /// Pattern index → file index.
    pub(super) files: Vec<usize>,
    /// Pattern is a bare file name (not a path relative to the skill).
    pub(super) basename: Vec<bool>,
}

impl Mentions {
    pub(super) fn new(skill: &Skill) -> Self {
        let mut pats: Vec<String> = Vec::new();
        let mut files = Vec::new();
        let mut basename = Vec::new();
        let mut base_count: BTreeMap<&str, usize> = BTreeMap::new();
        for f in &skill.files {
            let b = f.rel.rsplit('/').next().unwrap_or(&f.rel);
            *base_count.entry(b).or_default() += 1;
        }
        for (i, f) in skill.files.iter().enumerate() {
            if f.rel == skill.manifest_path || f.rel.is_empty() {
                continue;
            }
            pats.push(f.rel.clone());
            files.push(i);
            basename.push(false);
            let b = f.rel.rsplit('/').next().unwrap_or(&f.rel);
            if b != f.rel
                && (f.kind.is_script() || f.kind == FileKind::Binary)
                && base_count.get(b) == Some(&1)
                && b.contains('.')
                && b.len() >= 4
            {
                pats.push(b.to_string());
                files.push(i);
                basename.push(true);
            }
        }
        let ac = if pats.is_empty() {
            None
        } else {
            AhoCorasick::builder()
                .match_kind(MatchKind::LeftmostLongest)
                .build(&pats)
                .ok()
        };
        Self {
            ac,
            files,
            basename,
        }
    }

    /// Mentions in `text` (lines from `first_line`, 1-based, of the file).
    pub(super) fn find(&self, skill: &Skill, text: &str) -> Vec<Mention> {
        let Some(ac) = &self.ac else {
            return Vec::new();
        };
        let idx = LineIndex::new(text);
        let mut out = Vec::new();
        for m in ac.find_iter(text) {
            let p = m.pattern().as_usize();
            let before_c = text[..m.start()].chars().next_back();
            let after = &text[m.end()..];
            let mut after_c = after.chars();
            let next = after_c.next();
            let bad_before = match before_c {
                Some('/') if self.basename[p] => !text[..m.start()].ends_with("./"),
                Some(c) => path_char(c),
                None => false,
            };
            let bad_after = match next {
                Some('.') => after_c.next().is_some_and(|c| c.is_alphanumeric()),
                Some(c) => c.is_alphanumeric() || c == '_' || c == '-' || c == '/',
                None => false,
            };
            if bad_before || bad_after {
                continue;
            }
            let (line, _) = idx.position(m.start());
            let line_start = idx.line_start(line - 1);
            let before = crate::text::slice(text, line_start, m.start());
            let file = &skill.files[self.files[p]];
            let runnable = file.kind.is_script() || file.kind == FileKind::Binary;
            out.push(Mention {
                file: self.files[p],
                line,
                run: is_run(before, runnable),
            });
        }
        out
    }
}
