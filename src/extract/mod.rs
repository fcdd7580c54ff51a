//! Extraction: turn every part of a skill into located, SSL-typed evidence.
//!
//! Markdown prose, HTML comments, code blocks and inline code, frontmatter,
//! and bundled scripts (Bash, Python, JavaScript, PowerShell) each have an
//! extractor. Code found inside other code (a `bash -c` string, a
//! `subprocess.run("...", shell=True)`, a decoded base64 blob) is analysed
//! again by the matching extractor through [`Src::nested`].

pub mod artifacts;
pub mod commands;
pub mod deobf;
pub mod indicators;
pub mod intent_text;
pub mod javascript;
pub mod manifest;
pub mod markdown;
pub mod markup;
pub mod own;
pub mod powershell;
pub mod prose;
pub mod remote_skill;
pub mod python;
pub mod shell;
pub mod tokens;
pub mod treesitter;
pub mod unicode;

use crate::evidence::{Evidence, Location, Op, Origin, Tag};
use crate::limits::MAX_EVIDENCE_PER_FILE;
use crate::skill::{FileKind, Manifest, Skill, SkillFile};
use crate::text::{LineIndex, snippet};
use std::collections::BTreeSet;

/// Code languages an extractor understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    Shell,
    Python,
    JavaScript,
    PowerShell,
}

impl Lang {
    pub fn name(self) -> &'static str {
        match self {
            Lang::Shell => "bash",
            Lang::Python => "python",
            Lang::JavaScript => "javascript",
            Lang::PowerShell => "powershell",
        }
    }

    /// Language of a fenced block's info string.
    pub fn from_fence(info: &str) -> Option<Lang> {
        let tag = info
            .trim()
            .trim_start_matches('!')
            .split([' ', '{', ','])
            .next()
            .unwrap_or("")
            .to_lowercase();
        Some(match tag.as_str() {
            "bash" | "sh" | "shell" | "zsh" | "console" | "terminal" | "shell-session" | "ksh"
            | "fish" => Lang::Shell,
            "python" | "py" | "python3" | "ipython" | "pycon" => Lang::Python,
            "js" | "javascript" | "node" | "ts" | "typescript" | "jsx" | "tsx" | "mjs" | "cjs" => {
                Lang::JavaScript
            }
            "powershell" | "ps1" | "pwsh" | "ps" | "bat" | "cmd" | "batch" => Lang::PowerShell,
            _ => return None,
        })
    }

    /// Guesses the language of untagged code (fences without info, decoded
    /// payloads). Shell is the default for command-like text.
    pub fn sniff(code: &str) -> Option<Lang> {
        let t = code.trim_start();
        if t.is_empty() {
            return None;
        }
        let has = |s: &str| code.contains(s);
        if has("Invoke-")
            || has("IEX")
            || has("iex ")
            || has("$env:")
            || has("-EncodedCommand")
            || has("New-Object")
        {
            return Some(Lang::PowerShell);
        }
        if has("import ")
            && (has("def ") || has("os.") || has("subprocess") || has("requests") || has("("))
            && !has("from '")
            && !has("require(")
            || has("def ") && has("):")
            || has("print(") && !has("console.")
            || has("__import__")
        {
            return Some(Lang::Python);
        }
        if has("require(")
            || has("=>")
            || has("const ")
            || has("console.")
            || has("let ") && has(";")
            || has("await fetch")
        {
            return Some(Lang::JavaScript);
        }
        let first = t
            .split_whitespace()
            .next()
            .unwrap_or("")
            .trim_start_matches('$');
        const SHELLISH: &[&str] = &[
            "curl",
            "wget",
            "sudo",
            "bash",
            "sh",
            "zsh",
            "echo",
            "cd",
            "export",
            "rm",
            "chmod",
            "mkdir",
            "cat",
            "git",
            "npm",
            "npx",
            "pip",
            "pip3",
            "brew",
            "apt",
            "apt-get",
            "python",
            "python3",
            "node",
            "openclaw",
            "claude",
            "crontab",
            "source",
            "tar",
            "unzip",
            "cp",
            "mv",
            "ls",
            "find",
            "xattr",
            "launchctl",
            "systemctl",
            "env",
            "printf",
            "eval",
            "nc",
            "ssh",
            "scp",
            "docker",
            "kubectl",
            "base64",
            "open",
            "osascript",
            "security",
        ];
        if SHELLISH.contains(&first) || t.starts_with("#!/bin/") || has(" | sh") || has("| bash") {
            return Some(Lang::Shell);
        }
        None
    }
}

/// One unit of source handed to an extractor, positioned in its file.
pub struct Src<'a> {
    /// File path relative to the skill.
    pub path: &'a str,
    pub text: &'a str,
    /// 0-based line of the file where `text` starts.
    pub line_base: usize,
    /// Columns to add on every line (a dedented code block).
    pub col_shift: usize,
    /// Columns to add on the first line only (inline code).
    pub first_col: usize,
    pub origin: Origin,
    /// Context tags added to everything found (reference doc, test fixture...).
    pub ctx: BTreeSet<Tag>,
    /// Decode / nesting depth.
    pub depth: usize,
    index: LineIndex<'a>,
    /// For derived text: the location and snippet every finding pins to.
    derived_span: Option<(Location, String)>,
}

impl<'a> Src<'a> {
    pub fn new(path: &'a str, text: &'a str, origin: Origin) -> Self {
        Self {
            path,
            text,
            line_base: 0,
            col_shift: 0,
            first_col: 0,
            origin,
            ctx: context_tags(path),
            depth: 0,
            index: LineIndex::new(text),
            derived_span: None,
        }
    }

    /// A sub-unit of this one: `text` is found at byte `at` of `self.text`
    /// (e.g. the content of a string literal). Positions map to the file.
    pub fn nested<'b>(&'b self, text: &'b str, at: usize, origin: Origin) -> Src<'b> {
        let loc = self.loc(at, at);
        Src {
            path: self.path,
            text,
            line_base: loc.start_line - 1,
            col_shift: 0,
            first_col: loc.start_column - 1,
            origin,
            ctx: self.ctx.clone(),
            depth: self.depth + 1,
            index: LineIndex::new(text),
            derived_span: self.derived_span.clone(),
        }
    }

    /// A piece `start..end` of this unit's text, analysed on its own (a
    /// large script parsed in parts): same origin and decoding depth.
    pub fn piece(&self, start: usize, end: usize) -> Src<'_> {
        let mut s = self.nested(&self.text[start..end], start, self.origin);
        s.depth = self.depth;
        s
    }

    /// What keeps bindings named after a byte position apart: positions
    /// restart at 0 in every nested unit (each code block of a Markdown
    /// file, a decoded payload, a piece of a large script), so a unit that
    /// is not the whole file prefixes them with its place in the file.
    pub fn salt(&self) -> String {
        if self.depth == 0 && self.line_base == 0 && self.first_col == 0 {
            String::new()
        } else {
            format!("{}_{}_", self.line_base, self.first_col)
        }
    }

    /// `$<kind>_<pos>`: a binding named after byte `pos` of this unit.
    pub fn pos_bind(&self, kind: &str, pos: usize) -> String {
        format!("${kind}_{}{pos}", self.salt())
    }

    /// A sub-unit whose text is not a slice of this one (decoded payloads,
    /// folded strings): every position maps to the span `start..end` here.
    pub fn derived<'b>(
        &'b self,
        text: &'b str,
        start: usize,
        end: usize,
        origin: Origin,
    ) -> Src<'b> {
        let mut s = self.nested(text, start, origin);
        // Everything found in derived text is located at the source literal.
        s.derived_span = Some((self.loc(start, end), self.snippet(start, end)));
        s
    }

    pub fn loc(&self, start: usize, end: usize) -> Location {
        if let Some((l, _)) = &self.derived_span {
            return l.clone();
        }
        let (sl, sc) = self.index.position(start);
        let (el, ec) = self.index.position(end.max(start));
        let col = |line: usize, c: usize| {
            if line == 1 {
                c + self.first_col + self.col_shift
            } else {
                c + self.col_shift
            }
        };
        Location {
            path: self.path.to_string(),
            start_line: sl + self.line_base,
            start_column: col(sl, sc),
            end_line: el + self.line_base,
            end_column: col(el, ec),
        }
    }

    pub fn snippet(&self, start: usize, end: usize) -> String {
        if let Some((_, s)) = &self.derived_span {
            return s.clone();
        }
        let start = crate::text::clamp_boundary(self.text, start);
        let line_start = self.text[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
        let piece = crate::text::slice(self.text, start, end.max(start));
        let piece = if piece.trim().is_empty() {
            crate::text::slice(self.text, line_start, self.text.len())
        } else {
            piece
        };
        snippet(piece, 200)
    }

    /// Fills an evidence item's location, origin, context and snippet.
    pub fn at(&self, mut ev: Evidence, start: usize, end: usize, lang: &'static str) -> Evidence {
        ev.location = self.loc(start, end);
        ev.snippet = self.snippet(start, end);
        ev.origin = self.origin;
        ev.lang = lang;
        ev.tags.extend(self.ctx.iter().copied());
        if self.origin == Origin::Decoded && self.derived_span.is_some() {
            ev.tags.insert(Tag::Encoded);
        }
        ev
    }
}

/// Context tags from where a file lives.
pub fn context_tags(path: &str) -> BTreeSet<Tag> {
    let mut t = BTreeSet::new();
    let lower = path.to_lowercase();
    let comps: Vec<&str> = lower.split('/').collect();
    let dirs = &comps[..comps.len().saturating_sub(1)];
    if dirs
        .iter()
        .any(|d| matches!(*d, "references" | "reference" | "docs" | "doc"))
    {
        t.insert(Tag::Reference);
    }
    let file = comps.last().copied().unwrap_or("");
    if dirs.iter().any(|d| {
        matches!(
            *d,
            "tests"
                | "test"
                | "fixtures"
                | "fixture"
                | "__tests__"
                | "spec"
                | "testdata"
                | "examples"
                | "samples"
                | "patterns"
        )
    }) || file.starts_with("test_")
        || file.contains(".test.")
        || file.contains(".spec.")
        || file.ends_with("_test.py")
    {
        t.insert(Tag::TestFixture);
    }
    t
}

/// Collected evidence of one file, capped.
#[derive(Default)]
pub struct Sink {
    pub items: Vec<Evidence>,
    /// Reasons the analysis of this file is incomplete.
    pub incomplete: Vec<String>,
    pub dropped: usize,
}

impl Sink {
    pub fn push(&mut self, ev: Evidence) {
        if self.items.len() >= MAX_EVIDENCE_PER_FILE {
            self.dropped += 1;
        } else {
            self.items.push(ev);
        }
    }
}

/// Runs the extractor for a language over a unit.
pub fn extract_code(lang: Lang, src: &Src, sink: &mut Sink) {
    if src.depth > crate::limits::MAX_DECODE_DEPTH + 3 {
        return;
    }
    match lang {
        Lang::Shell | Lang::Python if src.text.len() > PIECES_OVER => in_pieces(lang, src, sink),
        Lang::Shell => shell::extract(src, sink),
        Lang::Python => python::extract(src, sink),
        Lang::JavaScript => javascript::extract(src, sink),
        Lang::PowerShell => powershell::extract(src, sink),
    }
    deobf::scan_literals(src, sink);
}

/// Shell and Python scripts larger than this are parsed in pieces.
const PIECES_OVER: usize = 4 * 1024 * 1024;
/// The size of one piece.
const PIECE_BYTES: usize = 1024 * 1024;

/// --- hardening (issue 6) --- A tree-sitter tree costs about 45 bytes of
/// memory per byte of source: one 12 MB script took 550 MB to parse. Large
/// shell and Python scripts are therefore parsed and analysed in pieces of
/// about a megabyte, cut where a top-level statement starts, so memory stays
/// bounded. Variables and bindings named in the file still connect across
/// pieces (the flow graph keys them by file); values folded inside one
/// piece (aliases, imports, function bodies) do not reach the next, which
/// the report states.
fn in_pieces(lang: Lang, src: &Src, sink: &mut Sink) {
    let bounds = piece_bounds(src.text, PIECE_BYTES);
    sink.incomplete.push(format!(
        "{}: {} bytes of {} analysed in {} separate pieces (over {PIECES_OVER} bytes); values are not followed from one piece into the next",
        src.path,
        src.text.len(),
        lang.name(),
        bounds.len()
    ));
    for (start, end) in bounds {
        let piece = src.piece(start, end);
        match lang {
            Lang::Python => python::extract(&piece, sink),
            _ => shell::extract(&piece, sink),
        }
    }
}

/// Cuts `text` into pieces of about `size` bytes. Each cut is at the start
/// of a line that begins a top-level statement (a letter, `_` or `@` in
/// the first column, after a blank line when there is one nearby), so a
/// piece rarely splits a function or a string; a text without such lines is
/// cut at any line start, then at any char boundary.
fn piece_bounds(text: &str, size: usize) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let top = |i: usize| {
        b.get(i)
            .is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, b'_' | b'@'))
    };
    let mut out = Vec::new();
    let mut start = 0;
    while text.len() - start > size {
        let from = crate::text::clamp_boundary(text, start + size);
        let window = crate::text::clamp_boundary(text, from + size / 2);
        let line_starts = || {
            text[from..window]
                .match_indices('\n')
                .map(|(i, _)| from + i + 1)
                .filter(|&i| i < text.len())
        };
        let cut = line_starts()
            .find(|&i| top(i) && b[i - 2] == b'\n')
            .or_else(|| line_starts().find(|&i| top(i)))
            .or_else(|| line_starts().next())
            .unwrap_or(from);
        if cut <= start {
            break;
        }
        out.push((start, cut));
        start = cut;
    }
    out.push((start, text.len()));
    out
}

/// Everything extracted from one skill.
pub struct Extraction {
    pub evidence: Vec<Evidence>,
    pub incomplete: Vec<String>,
}

/// Extracts evidence from every file of a skill.
pub fn extract_skill(skill: &Skill, manifest: &Manifest) -> Extraction {
    let mut evidence = Vec::new();
    let mut incomplete = Vec::new();
    let body = skill.manifest_file().map(|f| f.text.as_str()).unwrap_or("");
    let security = security_purpose(manifest);
    let started = std::time::Instant::now();
    let budget = crate::limits::skill_time_budget();
    // SKILL.md first and always: if the budget runs out, the instructions
    // were still read.
    let mut order: Vec<&SkillFile> = skill.files.iter().collect();
    order.sort_by_key(|f| f.rel != skill.manifest_path);
    for (n, f) in order.iter().copied().enumerate() {
        if n > 0 && started.elapsed() > budget {
            let left: Vec<String> = order[n..]
                .iter()
                .take(5)
                .map(|f| crate::text::escape_display(&f.rel))
                .collect();
            incomplete.push(format!(
                "{}: the skill's {} ms analysis budget ran out; {} file(s) not analysed ({}{})",
                crate::text::escape_display(&f.rel),
                budget.as_millis(),
                order.len() - n,
                left.join(", "),
                if order.len() - n > 5 { ", …" } else { "" }
            ));
            break;
        }
        let mut sink = Sink::default();
        // A reference SKILL.md points the agent to is an instruction like
        // SKILL.md itself; one nobody points to is background reading.
        let name = f.rel.rsplit('/').next().unwrap_or(&f.rel);
        let referenced = f.rel != skill.manifest_path
            && (body.contains(&f.rel) || name.len() > 4 && body.contains(name));
        let is_ref = context_tags(&f.rel).contains(&Tag::Reference);
        // 2: always documentation; 1: documentation unless introduced as
        // something to run; 0: instructions.
        let followed = referenced && told_to_follow(body, &f.rel);
        let doc_default = if followed {
            0
        } else if security && is_ref || is_ref && !referenced {
            2
        } else if security {
            1
        } else {
            0
        };
        extract_file(skill, manifest, f, doc_default, &mut sink);
        if referenced {
            for ev in &mut sink.items {
                ev.tags.remove(&Tag::Reference);
            }
        }
        if sink.dropped > 0 {
            incomplete.push(format!(
                "{}: more than {} observations; {} were dropped",
                crate::text::escape_display(&f.rel),
                MAX_EVIDENCE_PER_FILE,
                sink.dropped
            ));
        }
        incomplete.extend(sink.incomplete);
        evidence.extend(sink.items);
    }
    own::mark_own_config(skill, manifest, &mut evidence);
    resolve_script_calls(skill, &mut evidence);
    // Sends to the service the skill says it is about (a Telegram bot skill
    // posting to api.telegram.org) are its job; rules weigh them down.
    let mut purpose = manifest.purpose_text();
    purpose.push(' ');
    purpose.push_str(&skill.dir_name.to_lowercase());
    if manifest.description().trim().is_empty() {
        // No description: the opening of the body says what the skill is.
        purpose.push(' ');
        purpose.push_str(&own::stated_purpose(skill, manifest).to_lowercase());
    }
    for ev in &mut evidence {
        if matches!(ev.op, Op::NetSend | Op::NetFetch | Op::SocketConnect)
            && indicators::purpose_declares_host(&purpose, &ev.target)
        {
            ev.tags.insert(Tag::DeclaredHost);
        }
        if ev.op == Op::NetSend && indicators::user_chat_channel(&ev.target) {
            ev.tags.insert(Tag::UserChannel);
        }
    }
    own::mark_own_origin(skill, manifest, &mut evidence);
    own::mark_declared_purpose(skill, manifest, &mut evidence);
    own::mark_own_writes(skill, manifest, &mut evidence);
    own::mark_own_services(skill, manifest, &mut evidence);
    evidence.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    evidence.dedup_by(|a, b| a.sort_key() == b.sort_key() && a.tags == b.tags);
    Extraction {
        evidence,
        incomplete,
    }
}

/// Points `script:<path as written>` calls at the skill file they run:
/// the path itself, a file it ends with (`{baseDir}/scripts/a.py`), or the
/// one file with that name (`"$(dirname "$0")/a.py"`). Unresolved calls are
/// left as written and bind nothing.
fn resolve_script_calls(skill: &Skill, evidence: &mut [Evidence]) {
    for e in evidence.iter_mut() {
        let Some(raw) = (e.op == Op::CallLocal)
            .then(|| e.target.strip_prefix("script:"))
            .flatten()
        else {
            continue;
        };
        let base = raw.rsplit('/').next().unwrap_or(raw);
        let exact = skill
            .files
            .iter()
            .filter(|f| f.kind.is_script() || f.claimed.is_some())
            .filter(|f| raw == f.rel || raw.ends_with(&format!("/{}", f.rel)))
            .max_by_key(|f| f.rel.len());
        let by_name: Vec<&SkillFile> = skill
            .files
            .iter()
            .filter(|f| f.kind.is_script() && f.rel.rsplit('/').next() == Some(base))
            .collect();
        let hit = exact.or(if by_name.len() == 1 {
            Some(by_name[0])
        } else {
            None
        });
        if let Some(f) = hit {
            e.target = format!("script:{}", f.rel);
        }
    }
}

/// The binding of a script's `i`-th command-line argument (0-based):
/// `sys.argv[i + 1]`, `$i+1` at a script's top level, `process.argv[i + 2]`.
/// A `CallLocal` whose target is `script:<path>` binds it (see `flow.rs`).
pub fn script_param(path: &str, i: usize) -> String {
    format!("$param:script:{path}:{i}")
}

/// The binding of a file's content, by path: what a download (`curl -o`),
/// a redirect or a copy writes there, and what an upload or a run of that
/// path reads.
pub fn file_bind(path: &str) -> String {
    format!("$file_{path}")
}

/// Whether SKILL.md tells the agent to follow (not just consult) a file.
fn told_to_follow(body: &str, rel: &str) -> bool {
    static RE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(
            r"(?i)\b(follow|obey|execute|carry out|perform|do what|apply (all|every|each))\b",
        )
    });
    let mut from = 0;
    while let Some(i) = body[from..].find(rel) {
        let at = from + i;
        let a = crate::text::clamp_boundary(body, at.saturating_sub(100));
        let b = crate::text::clamp_boundary(body, (at + rel.len() + 100).min(body.len()));
        if RE.is_match(&body[a..b]) {
            return true;
        }
        from = at + rel.len();
    }
    false
}

/// Skills about security (scanners, guides, red-team notes) quote attacks
/// as documentation.
fn security_purpose(m: &Manifest) -> bool {
    static RE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(
            r"(?i)\b(security|vulnerab\w*|malware|prompt[- ]injection|red[- ]?team\w*|pentest\w*|threat (model|intel)\w*|attack (patterns?|techniques?)|infostealers?|supply[- ]chain attacks?)\b",
        )
    });
    RE.is_match(&m.purpose_text())
}

fn extract_file(
    skill: &Skill,
    manifest: &Manifest,
    f: &SkillFile,
    doc_default: u8,
    sink: &mut Sink,
) {
    // A keyword split by invisible characters (`r\u{200b}m -rf`) is analysed
    // as the agent would read it; line numbers are unchanged.
    if let Some(clean) = unicode::strip_invisible(&f.text) {
        if f.kind.is_script() || f.kind == FileKind::Markdown {
            let mut copy = f.clone();
            copy.text = clean;
            let before = sink.items.len();
            extract_file_text(skill, manifest, &copy, doc_default, sink);
            for ev in &mut sink.items[before..] {
                ev.tags.insert(Tag::Obfuscated);
            }
            unicode::scan(&Src::new(&f.rel, &f.text, Origin::Prose), sink);
            if f.kind.is_script() {
                // Look-alike identifiers are read in the text as written.
                unicode::identifiers(&Src::new(&f.rel, &f.text, Origin::Script), sink);
            }
            return;
        }
    }
    extract_file_text(skill, manifest, f, doc_default, sink);
}

fn extract_file_text(
    skill: &Skill,
    manifest: &Manifest,
    f: &SkillFile,
    doc_default: u8,
    sink: &mut Sink,
) {
    let is_manifest = f.rel == skill.manifest_path;
    match f.kind {
        FileKind::Markdown => {
            if is_manifest {
                manifest::extract(skill, manifest, f, sink);
                markdown::extract(&f.rel, &f.text, manifest.body_offset, doc_default, sink);
            } else {
                markdown::extract(&f.rel, &f.text, 0, doc_default, sink);
            }
            let src = Src::new(&f.rel, &f.text, Origin::Prose);
            remote_skill::scan(&src, sink);
            intent_text::model_blocks(&src, sink);
            intent_text::concealed_trigger(&src, sink);
        }
        FileKind::Shell => extract_code(
            Lang::Shell,
            &Src::new(&f.rel, &f.text, Origin::Script),
            sink,
        ),
        FileKind::Python => extract_code(
            Lang::Python,
            &Src::new(&f.rel, &f.text, Origin::Script),
            sink,
        ),
        FileKind::JavaScript => extract_code(
            Lang::JavaScript,
            &Src::new(&f.rel, &f.text, Origin::Script),
            sink,
        ),
        FileKind::PowerShell => extract_code(
            Lang::PowerShell,
            &Src::new(&f.rel, &f.text, Origin::Script),
            sink,
        ),
        FileKind::Config | FileKind::Text => {
            if let Some(k) = markup::kind(&f.rel) {
                markup::extract(&f.rel, &f.text, k, sink);
            }
            artifacts::config(f, sink);
            let src = Src::new(&f.rel, &f.text, Origin::Script);
            if f.rel.ends_with(".yaml") || f.rel.ends_with(".yml") {
                commands::manifest(&src, sink);
            }
            deobf::scan_literals(&src, sink);
            unicode::scan(&src, sink);
        }
        FileKind::Binary | FileKind::Archive | FileKind::Bytecode | FileKind::Other => {
            artifacts::binary(f, sink);
            // --- hardening (issue 6) --- a binary posing as a script is
            // also analysed as the script it claims to be (classify keeps
            // its text): `#!/bin/sh` + `curl … | sh` + one NUL byte is
            // still a script to `sh`.
            let lang = match f.claimed {
                Some(FileKind::Shell) => Some(Lang::Shell),
                Some(FileKind::Python) => Some(Lang::Python),
                Some(FileKind::JavaScript) => Some(Lang::JavaScript),
                Some(FileKind::PowerShell) => Some(Lang::PowerShell),
                _ => None,
            };
            if let Some(lang) = lang.filter(|_| !f.text.is_empty()) {
                extract_code(lang, &Src::new(&f.rel, &f.text, Origin::Script), sink);
            }
            // --- end hardening ---
        }
    }
    if !f.kind.is_script() && !f.text.is_empty() && tokens::is_unparsed_code(&f.rel) {
        tokens::scan(&Src::new(&f.rel, &f.text, Origin::Script), sink);
    }
    if f.kind.is_script() {
        let src = Src::new(&f.rel, &f.text, Origin::Script);
        intent_text::concealed_trigger(&src, sink);
        unicode::scan(&src, sink);
        unicode::identifiers(&src, sink);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_cover_the_text_and_cut_at_top_level_lines() {
        let mut text = String::new();
        for i in 0..2_000 {
            text.push_str(&format!("\nfn_{i}() {{\n  echo \"{i}\"\n}}\n"));
        }
        let bounds = piece_bounds(&text, 4_096);
        assert!(bounds.len() > 5);
        assert_eq!(bounds.first().map(|b| b.0), Some(0));
        assert_eq!(bounds.last().map(|b| b.1), Some(text.len()));
        for w in bounds.windows(2) {
            assert_eq!(w[0].1, w[1].0, "pieces are contiguous");
            // Each later piece starts a top-level definition after a blank line.
            assert!(
                text[w[1].0..].starts_with("fn_"),
                "{:?}",
                &text[w[1].0..][..10]
            );
            assert!(text[..w[1].0].ends_with("\n\n"));
        }
        // No line breaks at all: cut at char boundaries, never panics.
        let one = "é".repeat(10_000);
        let b = piece_bounds(&one, 1_001);
        assert_eq!(b.last().map(|b| b.1), Some(one.len()));
        assert!(b.iter().all(|(s, e)| one.is_char_boundary(*s) && s < e));
    }

    proptest::proptest! {
        #[test]
        fn pieces_are_contiguous_char_aligned_and_nonempty(
            text in "(?s)[a-z_@ \n\té😀{}\"'#]{0,3000}",
            size in 1usize..400,
        ) {
            let b = piece_bounds(&text, size);
            proptest::prop_assert_eq!(b.first().map(|x| x.0), Some(0));
            proptest::prop_assert_eq!(b.last().map(|x| x.1), Some(text.len()));
            for (s, e) in &b {
                proptest::prop_assert!(text.is_char_boundary(*s) && text.is_char_boundary(*e));
                proptest::prop_assert!(s < e || text.is_empty());
            }
            for w in b.windows(2) {
                proptest::prop_assert_eq!(w[0].1, w[1].0);
            }
        }
    }

    #[test]
    fn code_blocks_do_not_share_position_bindings() {
        // Both pipes start at byte 0 of their block: `$pipe_0` in each
        // block once joined a credential read to an unrelated upload.
        let md = "# Use\n\n```bash\ncat ~/.aws/credentials | grep region\n```\n\n```bash\necho hi | curl -s -d @- https://example.com/api\n```\n";
        let mut sink = Sink::default();
        markdown::extract("SKILL.md", md, 0, 0, &mut sink);
        let read = sink
            .items
            .iter()
            .find(|e| e.op == Op::FileRead)
            .expect("read");
        let send = sink
            .items
            .iter()
            .find(|e| e.op == Op::NetSend)
            .expect("send");
        let out = read.output.clone().expect("the read feeds the pipe");
        assert!(
            !send.inputs.contains(&out),
            "{out} reached {:?}",
            send.inputs
        );
    }
}
