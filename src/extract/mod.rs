//! Extraction: turn every part of a skill into located, SSL-typed evidence.
//!
//! Markdown prose, HTML comments, code blocks and inline code, frontmatter,
//! and bundled scripts (Bash, Python, JavaScript, PowerShell) each have an
//! extractor. Code found inside other code (a `bash -c` string, a
//! `subprocess.run("...", shell=True)`, a decoded base64 blob) is analysed
//! again by the matching extractor through [`Src::nested`].

/// The builder setters every domain description (`net_send::NetCall`,
/// `fs_op::FsOp`) shares: what the step is called (`object`), the program or
/// API that does it (`instrument`), the `$`-bindings it reads (`inputs`) and
/// the one it produces (`output`). Written once, expanded inside each
/// description's `impl`.
macro_rules! step_setters {
    () => {
        pub fn object(mut self, s: impl Into<String>) -> Self {
            self.object = Some(s.into());
            self
        }

        pub fn instrument(mut self, s: impl Into<String>) -> Self {
            self.instrument = Some(s.into());
            self
        }

        pub fn inputs(mut self, v: Vec<String>) -> Self {
            self.inputs = v;
            self
        }

        pub fn output(mut self, o: Option<String>) -> Self {
            self.output = o;
            self
        }
    };
}
pub(crate) use step_setters;

pub mod admin_attach;
pub mod admin_backdoor;
pub(crate) mod agent_rights;
mod amplify;
pub mod planted_account;
/// Round 31: the words every disk-filling step's object carries (a pause
/// between the writes does not bound it: `decide::verdict`).
pub const DISK_FULL: &str = "until the disk is full";
mod apply_gate;
mod approval_prose;
pub mod archive;
pub mod argwords;
pub mod artifacts;
pub mod auth_relay;
pub mod autorun;
mod billed;
pub mod browser_profile;
mod build_hook;
pub mod burn;
pub mod catalog;
mod channel;
mod ci_burn;
mod ci_remote;
mod cleanup_scope;
pub mod code_load;
mod code_templates;
pub mod commands;
mod conceal;
pub mod concepts;
pub mod config_payloads;
pub mod config_values;
mod consent_db;
pub mod cred_mounts;
mod cred_repoint;
pub mod cred_select;
pub mod data_grants;
pub mod data_manifest;
pub mod data_policy;
pub mod data_recipient;
pub mod debug_dump;
mod delegated;
pub mod deobf;
pub mod deobf_text;
pub mod deserialize;
pub mod doc_frame;
pub mod doomed;
mod doomed_prose;
pub mod download_run;
pub mod editor_hooks;
pub mod editor_trust;
pub mod embedded;
mod encoded_target;
pub mod exec_op;
mod exhaust;
mod exit_hook;
pub mod exposure;
mod fake_prompt;
mod fanout;
pub mod fixtures;
pub mod flag_loop;
pub mod fleet;
pub mod forged_consent;
pub mod fs_op;
pub mod gate_mark;
pub mod gated;
pub mod gates;
pub mod git_remote;
pub mod glob_doom;
pub mod harvest;
mod header_relay;
pub mod hidden_code;
pub mod hidden_md;
mod hook_answer;
pub mod host_rights;
mod identity_keys;
pub mod indicators;
mod input_capture;
pub mod intent_grammar;
pub mod intent_text;
pub mod interp;
pub mod javascript;
mod joined_delete;
mod kept_quiet;
pub mod lifecycle;
pub mod lisp_load;
mod loaded_code;
pub mod mail_forward;
mod mail_relay;
pub mod manifest;
pub mod manifest_hooks;
pub mod markdown;
pub mod markup;
pub mod master_secret;
pub mod mcp_servers;
pub mod md_pieces;
pub mod memory_payload;
pub mod mentions;
pub mod miner;
mod negation;
pub mod net_send;
pub mod objects;
mod objects_prose;
pub mod outside_grant;
pub mod package_lure;
mod packet_flood;
pub mod path_shadow;
mod payee_swap;
mod perpetual;
pub mod persisted;
mod php_loader;
pub mod pieces;
pub mod planted;
mod planted_orders;
mod platform_grant;
pub mod powershell;
mod prompt_answer;
pub mod prompt_config;
mod prompt_place;
pub mod prose;
pub mod prose_acts;
mod prose_carry;
mod prose_flood;
mod prose_gather;
mod prose_handover;
mod prose_objects;
pub mod prose_push;
pub mod prose_remote;
pub mod prose_ruleset;
mod prose_sends;
mod prose_sidechannel;
pub mod ps_ast;
mod ps_channels;
pub mod ps_gates;
pub mod ps_lines;
pub mod ps_native;
pub mod ps_words;
pub mod python;
pub mod ransom;
pub(crate) mod rbac_yaml;
pub mod region;
pub mod relay_fanout;
pub mod remote_cmd;
pub mod remote_control;
pub mod remote_flood;
pub mod remote_input;
pub mod remote_jobs;
pub mod remote_refs;
pub mod remote_skill;
pub mod render_url;
pub mod repo_api;
mod repo_rights;
mod request_parts;
mod requeue;
pub mod reroute;
mod returned;
pub mod role_blocks;
pub mod root_rules;
pub mod safeguards;
pub mod sdk;
mod self_spawn;
pub mod settings_block;
pub mod shell;
pub mod skill_manifest;
pub mod social_actions;
pub mod socket_cmds;
mod sql_audit;
pub mod sql_calls;
mod sql_file;
mod startup_load;
mod str_join;
mod stranger;
pub mod summaries;
mod sweep;
pub mod system_op;
pub mod tenant_grant;
pub mod text_build;
pub mod tf_http;
pub mod token_calls;
pub mod token_code;
mod token_flow;
pub mod token_planted;
pub mod token_values;
mod token_written;
pub mod tokens;
mod trace_wipe;
pub mod treesitter;
pub mod trust_policy;
pub mod unicode;
pub mod value_set;
mod vendor_loop;
pub mod walk_wipe;
pub mod webshell;
pub mod win_tamper;
pub mod written_scripts;
pub mod xor;

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
        // A command line that hands code to an interpreter (`python3 -c
        // "import os; …"`, `node -e "require(…)"`) is a shell line, whatever
        // the language of the code inside it (the shared `interp` table).
        if interp::inline_run_end(t.lines().next().unwrap_or("")).is_some() {
            return Some(Lang::Shell);
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
        if is_command_word(first) && !query_expression(t)
            || t.starts_with("#!/bin/")
            || has(" | sh")
            || has("| bash")
        {
            return Some(Lang::Shell);
        }
        None
    }
}

/// The connectives of query and filter languages (SQL `WHERE`, search
/// filters, JQL, Lucene): upper-case words no shell command line has.
const QUERY_CONNECTIVES: &[&str] = &["AND", "OR", "NOT", "IN", "LIKE", "BETWEEN", "IS"];
/// Their comparisons, as tokens of their own.
const QUERY_COMPARISONS: &[&str] = &["=", "!=", "<>", ">=", "<=", "≥", "≤", "=="];

/// A filter or query expression that happens to start with a command word
/// (`source IN (twitter, linkedin) AND sentiment = positive`, `test =
/// 'a' OR kind = 'b'`): an upper-case connective after the first word and
/// a comparison or an `IN (` list, and no shell operator (pipe, list,
/// substitution, redirect). A command with any of those stays shell.
pub fn query_expression(code: &str) -> bool {
    let t = code.trim();
    let stripped = t.replace(">=", " ").replace("<=", " ").replace("<>", " ");
    if ['|', ';', '&', '`', '>', '<', '\n']
        .iter()
        .any(|c| stripped.contains(*c))
        || t.contains("$(")
    {
        return false;
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    let connective = words.iter().skip(1).any(|w| QUERY_CONNECTIVES.contains(w));
    let compared = words.iter().any(|w| QUERY_COMPARISONS.contains(w));
    let listed = words
        .windows(2)
        .any(|w| matches!(w[0], "IN" | "in") && w[1].starts_with('('))
        || t.contains(" IN(");
    connective && (compared || listed)
}

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
    "restic",
    "borg",
    "zfs",
    "btrfs",
    "tmutil",
];

/// Whether `w` is a command word that starts shell text (`curl`, `sudo` …).
pub fn is_command_word(w: &str) -> bool {
    SHELLISH.contains(&w)
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
    /// The grammar a fenced block's tag names (```ts → TypeScript) when
    /// the file's name does not say it; not inherited by nested units.
    pub grammar: Option<treesitter::Grammar>,
    /// What the operation catalogue reads of this unit's text, computed
    /// once at the first catalogued call (`catalog::source`).
    catalog: std::sync::OnceLock<std::sync::Arc<catalog::Facts>>,
    /// The token-level language the file's `#!` line names (`rb` for
    /// `#!/usr/bin/env ruby`), inherited by nested units.
    shebang_ext: Option<&'static str>,
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
            grammar: None,
            catalog: std::sync::OnceLock::new(),
            shebang_ext: crate::skill::classify::token_ext_of_file(path, text),
        }
    }

    /// The extension of the unit's file, lower-cased (`php`, `rb`); empty
    /// without one.
    pub fn ext(&self) -> String {
        if let Some(ext) = autorun::token_ext(self.path) {
            return ext.to_string();
        }
        let ext = self
            .path
            .rsplit('/')
            .next()
            .and_then(|n| n.rsplit_once('.'))
            .map(|(_, e)| e.to_ascii_lowercase())
            .unwrap_or_default();
        // Round 23: an extensionless or `.cgi` file is what its `#!` says.
        match self.shebang_ext {
            Some(sb) if !tokens::unparsed_ext(&ext) => sb.to_string(),
            _ => ext,
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
            grammar: None,
            catalog: std::sync::OnceLock::new(),
            shebang_ext: self.shebang_ext,
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
        let line_start = self.index.line_start(self.index.line_of(start));
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
                | "test-fixtures"
                | "test_fixtures"
                | "__fixtures__"
                | "__mocks__"
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
        || file.ends_with("_test.go")
        || file.ends_with("_test.rs")
    {
        t.insert(Tag::TestFixture);
    }
    t
}

/// Collected evidence of one file, capped.
pub struct Sink {
    pub items: Vec<Evidence>,
    /// Reasons the analysis of this file is incomplete.
    pub incomplete: Vec<String>,
    pub dropped: usize,
    /// The skill's deadline; extractors stop early once it has passed.
    pub deadline: crate::limits::Deadline,
    /// Set once an extractor saw the deadline pass.
    pub out_of_time: bool,
    /// Items this sink keeps (`MAX_EVIDENCE_PER_FILE`; a piece of a large
    /// script analysed apart gets the room its file's sink had left).
    limit: usize,
    /// Set by a pass that changed items it did not push itself (see
    /// `written_scripts::mark_persisted_runner`): a piece analysed apart
    /// that did so is analysed again in order (`pieces.rs`).
    pub touched_all: bool,
}

impl Default for Sink {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            incomplete: Vec::new(),
            dropped: 0,
            deadline: Default::default(),
            out_of_time: false,
            limit: MAX_EVIDENCE_PER_FILE,
            touched_all: false,
        }
    }
}

impl Sink {
    /// Whether the skill's deadline has passed (remembered in `out_of_time`,
    /// which makes the file incomplete).
    pub fn expired(&mut self) -> bool {
        if !self.out_of_time && self.deadline.expired() {
            self.out_of_time = true;
        }
        self.out_of_time
    }

    /// Records a reason the analysis is incomplete, once.
    pub fn incomplete_once(&mut self, reason: String) {
        if !self.incomplete.contains(&reason) {
            self.incomplete.push(reason);
        }
    }

    /// Whether the sink holds all the items it keeps: a further one is
    /// dropped (and counted in `dropped`).
    pub fn is_full(&self) -> bool {
        self.items.len() >= self.limit
    }

    pub fn push(&mut self, ev: Evidence) {
        if self.is_full() {
            self.dropped += 1;
        } else {
            self.items.push(ev);
        }
    }
}

/// Runs the extractor for a language over a unit.
/// Whether `src` is nested past `MAX_NEST_DEPTH`; if so the file's
/// analysis is marked incomplete, naming the limit.
pub fn past_nest_limit(src: &Src, sink: &mut Sink) -> bool {
    if src.depth <= crate::limits::MAX_NEST_DEPTH {
        return false;
    }
    sink.incomplete_once(format!(
        "{}: code nested more than {} levels deep (MAX_NEST_DEPTH) was not analysed",
        crate::text::escape_display(src.path),
        crate::limits::MAX_NEST_DEPTH
    ));
    true
}

pub fn extract_code(lang: Lang, src: &Src, sink: &mut Sink) {
    if past_nest_limit(src, sink) || sink.expired() {
        return;
    }
    // Gates asked of long parts of the code are answered from one walk of
    // it (`rx::with_base`).
    crate::rx::with_base(src.text, || extract_code_scoped(lang, src, sink));
}

fn extract_code_scoped(lang: Lang, src: &Src, sink: &mut Sink) {
    let cuts = crate::limits::CutScope::begin();
    let from = sink.items.len();
    extract_code_in(lang, src, sink);
    // Round 31: a hook's request headers copied to a literal URL.
    header_relay::scan(src, sink, from);
    // Round 35: a secret set into a request's headers, cookies or query.
    request_parts::scan(src, sink, from);
    // Round 35: a stored registry credential handed to another host.
    cred_repoint::scan(src, sink);
    // Round 32: keystrokes, the screen or the clipboard captured and sent.
    input_capture::scan(src, sink, from);
    // A fetched value reaching a run: one rule for every language.
    download_run::link(sink, from, src.text);
    // Round 39: a SKILL.md written with what a request returned.
    skill_manifest::link(sink, from);
    // Round 29: a cache cleaner that also deletes history, source, secrets.
    cleanup_scope::mark(&mut sink.items[from..]);
    cuts.end(src.path, &mut sink.incomplete);
}

fn extract_code_in(lang: Lang, src: &Src, sink: &mut Sink) {
    let first = sink.items.len();
    match lang {
        Lang::Shell | Lang::Python if needs_pieces(src.text) => in_pieces(lang, src, sink),
        Lang::Shell => shell::extract(src, sink),
        Lang::Python => python::extract(src, sink),
        Lang::JavaScript => javascript::extract(src, sink),
        Lang::PowerShell => {
            powershell::extract(src, sink);
            ps_channels::dotnet_dns(src, sink);
            ps_channels::vault_reads(src, sink);
        }
    }
    // Each pass below reads the whole file: the deadline is asked before
    // each, so a huge file past its budget stops here as incomplete
    // instead of running every pass late (round 32).
    macro_rules! passes {
        ($($pass:expr;)*) => { $( if sink.expired() { return; } $pass; )* };
    }
    passes! {
        startup_load::scan(src, sink);
        deobf::scan_literals(src, sink);
        code_templates::scan(lang, src, sink);
        xor::scan(src, sink);
        data_policy::scan(src, sink);
        admin_attach::scan(src, sink);
        trust_policy::scan(src, sink);
        if lang != Lang::Shell {
            manifest_hooks::scan(src, sink);
            data_manifest::scan(src, sink);
        };
        sdk::scan(src, sink);
        catalog::scan(src, sink, false);
        remote_jobs::scan(src, sink);
        remote_control::scan(src, sink);
        remote_input::scan(src, sink);
        exposure::scan(src, sink);
        memory_payload::scan(src, sink);
        editor_trust::scan(src, sink);
        if lang == Lang::Shell {
            package_lure::scan(src, sink);
        };
        miner::pool_config(src, sink);
        system_op::scan_sudoers(src, sink);
        root_rules::scan(src, sink);
        system_op::scan_skill_updates(src, sink);
        win_tamper::scan_pieces(src, sink);
        webshell::scan(src, sink);
        webshell::timestomp(src, sink);
        editor_hooks::scan(src, sink);
        trace_wipe::scan(src, sink);
        ci_burn::scan(src, sink);
        repo_api::scan(src, sink);
        social_actions::scan(src, sink);
        platform_grant::scan(src, sink);
        miner::scan(src, sink);
        packet_flood::scan(src, sink);
        browser_profile::scan(src, sink);
        mail_forward::scan(src, sink);
        mail_relay::scan(src, sink);
        objects::scan(src, sink);
        cred_select::scan(src, sink);
        reroute::scan(src, sink);
        admin_backdoor::scan(src, sink);
        planted_account::scan(src, sink);
        outside_grant::scan(src, sink);
        auth_relay::scan(src, sink);
        // Round 32: Python too (its value model reads cipher libraries only; a
        // keyed XOR or a cipher the model does not follow is read here).
        ransom::scan(src, sink);
        if lang != Lang::Shell {
            walk_wipe::scan(src, sink);
        };
        if !matches!(lang, Lang::Shell | Lang::PowerShell) {
            win_tamper::scan_values(src, sink);
        };
        if lang != Lang::Shell {
            sql_calls::scan(src, sink);
        };
        // Round 38: SQL that destroys the database's audit record.
        sql_audit::scan(src, sink);
        doomed::scan(src, sink);
        safeguards::scan(src, sink);
        {
            let from = sink.items.len();
            glob_doom::scan(src, sink);
            // Round 43: remote refs deleted through refspecs built in code.
            remote_refs::scan(src, sink);
            // Round 31: the gate over a selected destruction in a parsed
            // language, read as for the token-level ones.
            gate_mark::mark(src, sink, from);
        };
        if lang == Lang::Shell {
            written_scripts::scan(src, sink);
            burn::scan(src, sink);
            burn::container_hog(src, sink);
        };
        burn::process_hog(src, sink);
        // Round 38: a program that starts copies of itself.
        self_spawn::scan(lang, src, sink);
        perpetual::scan(src, sink);
        if lang != Lang::Shell {
            exhaust::scan(src, sink);
        };
        remote_jobs::runaway_loops(src, sink);
        requeue::scan(src, sink);
        amplify::scan(src, sink);
        vendor_loop::scan(src, sink);
        sweep::every_bucket(src, sink);
        sweep::dated_wipe(src, sink);
        remote_jobs::toll_fraud(src, sink);
        remote_jobs::paid_amplification(src, sink);
        billed::server_fleet(src, sink);
        billed::server_recipients(src, sink);
        fleet::scan(src, sink);
        stranger::scan(src, sink);
        relay_fanout::scan(src, sink);
        joined_delete::mark_git_dirs(src, sink, first);
        exit_hook::mark(src, sink, first);
        mcp_servers::scan(src, false, sink);
        // Round 33: the repository pushed to a remote wired to a written host.
        git_remote::scan(src, sink, lang == Lang::Shell);
        // Round 35: a payment account swapped for a fixed one.
        payee_swap::scan(src, sink);
        // Round 35: a delete target written encoded.
        encoded_target::scan(src, sink);
        // Round 36: an agent's approval prompts answered by a script.
        prompt_answer::scan(src, sink);
        // Round 36: the macOS consent database written directly.
        consent_db::scan(src, sink);
        // Round 36: a password prompt posing as the system's, kept.
        fake_prompt::scan(src, sink);
        // Round 39: the private keys an SSH configuration names, read.
        identity_keys::scan(src, sink);
    }
}

/// Shell and Python scripts larger than this are parsed in pieces.
const PIECES_OVER: usize = 4 * 1024 * 1024;
/// The size of one piece.
const PIECE_BYTES: usize = 1024 * 1024;
/// Scripts with more lines than this are parsed in pieces too, and a piece
/// holds at most `PIECE_LINES` lines: memory follows the number of syntax
/// nodes more than the bytes, and 4 MiB of one-token statements (`a` on
/// every line) took 514–979 MB in one tree.
const PIECES_OVER_LINES: usize = 200_000;
const PIECE_LINES: usize = 50_000;

/// Whether a script is parsed in pieces (by size, or by line count).
fn needs_pieces(text: &str) -> bool {
    text.len() > PIECES_OVER
        || text.len() > PIECES_OVER_LINES && nth_line_start(text, 0, PIECES_OVER_LINES).is_some()
}

/// The byte after the `n`-th line break at or after `from`, if there is one.
fn nth_line_start(text: &str, from: usize, n: usize) -> Option<usize> {
    text[from..]
        .match_indices('\n')
        .nth(n.checked_sub(1)?)
        .map(|(i, _)| from + i + 1)
}

/// --- hardening (issue 6) --- A tree-sitter tree costs about 45 bytes of
/// memory per byte of source: one 12 MB script took 550 MB to parse. Large
/// shell and Python scripts are therefore parsed and analysed in pieces of
/// about a megabyte, cut where a top-level statement starts, so memory stays
/// bounded. Variables and bindings named in the file still connect across
/// pieces (the flow graph keys them by file); values folded inside one
/// piece (aliases, imports, function bodies) do not reach the next, which
/// the report states.
fn in_pieces(lang: Lang, src: &Src, sink: &mut Sink) {
    let bounds = piece_bounds_by(src.text, PIECE_BYTES, PIECE_LINES);
    sink.incomplete.push(format!(
        "{}: {} bytes of {} analysed in {} separate pieces (over {PIECES_OVER} bytes); values are not followed from one piece into the next",
        src.path,
        src.text.len(),
        lang.name(),
        bounds.len()
    ));
    pieces::analyse(lang, src, sink, &bounds);
}

/// Cuts `text` into pieces of about `size` bytes. Each cut is at the start
/// of a line that begins a top-level statement (a letter, `_` or `@` in
/// the first column, after a blank line when there is one nearby), so a
/// piece rarely splits a function or a string; a text without such lines is
/// cut at any line start, then at any char boundary.
#[cfg(test)]
fn piece_bounds(text: &str, size: usize) -> Vec<(usize, usize)> {
    piece_bounds_by(text, size, usize::MAX)
}

/// [`piece_bounds`] where a piece also ends after at most about `lines`
/// lines.
fn piece_bounds_by(text: &str, size: usize, lines: usize) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let top = |i: usize| {
        b.get(i)
            .is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, b'_' | b'@'))
    };
    let mut out = Vec::new();
    let mut start = 0;
    loop {
        let by_lines = nth_line_start(text, start, lines).filter(|&i| i < text.len());
        if text.len() - start <= size && by_lines.is_none() {
            break;
        }
        let from = match by_lines {
            Some(i) if i < start + size => i - 1,
            _ => crate::text::clamp_boundary(text, start + size),
        };
        let window = crate::text::clamp_boundary(text, from + size / 2);
        let line_starts = || {
            text[from..window]
                .match_indices('\n')
                .map(|(i, _)| from + i + 1)
                .filter(|&i| i < text.len())
        };
        let cut = line_starts()
            .find(|&i| top(i) && i >= 2 && b[i - 2] == b'\n')
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

/// Extracts evidence from every file of a skill, under the default
/// per-skill deadline.
pub fn extract_skill(skill: &Skill, manifest: &Manifest) -> Extraction {
    extract_skill_until(skill, manifest, crate::limits::Deadline::for_skill())
}

/// Extracts evidence from every file of a skill until `deadline`: files
/// not started by then are listed, a file cut short says so, and the
/// passes after extraction are skipped once it has passed. Every such cut
/// makes the analysis incomplete.
pub fn extract_skill_until(
    skill: &Skill,
    manifest: &Manifest,
    deadline: crate::limits::Deadline,
) -> Extraction {
    let mut evidence = Vec::new();
    let mut incomplete = Vec::new();
    let body = skill.manifest_file().map(|f| f.text.as_str()).unwrap_or("");
    let security = security_purpose(manifest, body);
    // SKILL.md first: if the budget runs out, the instructions were read
    // as far as the budget allowed.
    let mut order: Vec<usize> = (0..skill.files.len()).collect();
    order.sort_by_key(|&i| skill.files[i].rel != skill.manifest_path);
    let mentions = mentions::Mentions::find(skill, body);
    for (n, &fi) in order.iter().enumerate() {
        let f = &skill.files[fi];
        if deadline.expired() {
            let left: Vec<String> = order[n..]
                .iter()
                .take(5)
                .map(|&i| crate::text::escape_display(&skill.files[i].rel))
                .collect();
            incomplete.push(format!(
                "{}: {}; {} file(s) not analysed ({}{})",
                crate::text::escape_display(&f.rel),
                deadline.ran_out(),
                order.len() - n,
                left.join(", "),
                if order.len() - n > 5 { ", …" } else { "" }
            ));
            break;
        }
        let mut sink = Sink {
            deadline,
            ..Sink::default()
        };
        // A reference SKILL.md points the agent to is an instruction like
        // SKILL.md itself; one nobody points to is background reading.
        let (mentioned, told) = mentions.of(fi);
        let referenced = f.rel != skill.manifest_path && mentioned;
        let is_ref = context_tags(&f.rel).contains(&Tag::Reference);
        // 2: always documentation; 1: documentation unless introduced as
        // something to run; 0: instructions.
        let followed = referenced && told;
        // Round 26: a Markdown file under examples/, samples/ or tests/ is
        // sample output (a transcript, a results log) unless SKILL.md has
        // the agent load it.
        let sample = f.kind == crate::skill::FileKind::Markdown
            && f.rel != skill.manifest_path
            && context_tags(&f.rel).contains(&Tag::TestFixture)
            && !mentions.loaded(fi);
        let doc_default = if followed {
            0
        } else if security && is_ref || is_ref && !referenced || sample {
            2
        } else if security {
            1
        } else {
            0
        };
        let cuts = crate::limits::CutScope::begin();
        extract_file(skill, manifest, f, doc_default, &mut sink);
        // Round 34: a data file SKILL.md tells the agent to obey is read
        // as orders (its string fields as prose).
        if f.rel != skill.manifest_path
            && matches!(f.kind, FileKind::Config | FileKind::Text)
            && mentions.delegated(fi)
            && delegated::is_delegable(&f.rel)
        {
            delegated::scan(&f.rel, &f.text, &mut sink);
        }
        cuts.end(&f.rel, &mut sink.incomplete);
        if referenced {
            for ev in &mut sink.items {
                ev.tags.remove(&Tag::Reference);
            }
        }
        if f.kind == crate::skill::FileKind::Markdown {
            catalogue_rows(&f.text, &mut sink.items);
            waivers_over_reads(&f.text, &mut sink.items);
            // SKILL.md and the files it tells the agent to follow are
            // orders whatever they say of themselves.
            if f.rel != skill.manifest_path && !followed {
                declared_examples(&f.text, &mut sink.items);
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
        if sink.out_of_time {
            incomplete.push(format!(
                "{}: {} while this file was analysed; the rest of it was not analysed",
                crate::text::escape_display(&f.rel),
                deadline.ran_out()
            ));
        }
        incomplete.extend(sink.incomplete);
        evidence.extend(sink.items);
    }
    if !deadline.expired() {
        resolve_script_calls(skill, &mut evidence);
        incomplete.extend(harvest::scan_skill(skill, &mut evidence));
        incomplete.extend(cred_mounts::scan_skill(skill, &mut evidence));
        let reads = config_values::reads(skill);
        incomplete.extend(config_payloads::scan_skill(skill, &reads, &mut evidence));
        // Round 42: grants whose administrator role a data file holds.
        data_grants::scan_skill(skill, &reads, &mut evidence);
        // Round 45: a mail recipient a data file holds.
        data_recipient::scan_skill(skill, &reads, &mut evidence);
        incomplete.extend(agent_rights::scan_skill(skill, &mut evidence));
        // Round 34: the skill's own program installed as a password prompt.
        prompt_place::scan_skill(skill, &mut evidence);
        returned::resolve(&mut evidence);
        incomplete.extend(summaries::expand(&mut evidence, deadline));
        fixtures::mark_unreached(skill, &mut evidence);
        persisted::follow_planted_imports(skill, &mut evidence);
        // Round 45: loader settings judged by the shipped code they load.
        loaded_code::scan_skill(skill, &mut evidence);
        skill_manifest::mark_concealed(skill, &mut evidence);
        editor_hooks::scan_skill(skill, &mut evidence);
        miner::spread_skill(skill, &mut evidence);
        // Round 42: a job loop whose model helper lives in another module.
        remote_jobs::scan_skill(skill, &mut evidence);
    }
    if deadline.expired() {
        incomplete.push(past_deadline(&deadline, "resolving script calls"));
    }
    evidence.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    evidence.dedup_by(|a, b| a.sort_key() == b.sort_key() && a.tags == b.tags);
    Extraction {
        evidence,
        incomplete,
    }
}

/// Whether a lower-case extension is one of code no front-end parses
/// (`tokens::unparsed_ext`, for the decoders without an import cycle).
pub fn unparsed_ext(ext: &str) -> bool {
    tokens::unparsed_ext(ext)
}

/// Token-level reading of text in a language no front-end parses (for
/// `persisted.rs`, which the token scanners themselves call).
pub fn scan_tokens(src: &Src, sink: &mut Sink) {
    tokens::scan(src, sink);
}

/// The incomplete-analysis message of a pass skipped at the deadline.
pub fn past_deadline(deadline: &crate::limits::Deadline, what: &str) -> String {
    format!("{}; skipped: {what}", deadline.ran_out())
}

/// Points `script:<path as written>` calls at the skill file they run:
/// the path itself, a file it ends with (`{baseDir}/scripts/a.py`), or the
/// one file with that name (`"$(dirname "$0")/a.py"`). Unresolved calls are
/// left as written and bind nothing. Files are indexed once by path and by
/// name, and each call looks up the suffixes of its own path, so the cost
/// is calls × path length, not calls × files.
fn resolve_script_calls(skill: &Skill, evidence: &mut [Evidence]) {
    use std::collections::HashMap;
    let mut by_rel: HashMap<&str, &SkillFile> = HashMap::new();
    let mut by_name: HashMap<&str, Vec<&SkillFile>> = HashMap::new();
    for f in &skill.files {
        if f.kind.is_script() || f.claimed.is_some() {
            by_rel.insert(f.rel.as_str(), f);
        }
        if f.kind.is_script() {
            let name = f.rel.rsplit('/').next().unwrap_or(&f.rel);
            by_name.entry(name).or_default().push(f);
        }
    }
    for e in evidence.iter_mut() {
        let Some(raw) = (e.op == Op::CallLocal)
            .then(|| e.target.strip_prefix("script:"))
            .flatten()
        else {
            continue;
        };
        let base = raw.rsplit('/').next().unwrap_or(raw);
        // The longest file path that is `raw` or follows a `/` in it.
        let exact = by_rel.get(raw).copied().or_else(|| {
            raw.match_indices('/')
                .find_map(|(i, _)| by_rel.get(&raw[i + 1..]).copied())
        });
        let named = by_name.get(base).filter(|v| v.len() == 1).map(|v| v[0]);
        if let Some(f) = exact.or(named) {
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

/// Skills about security (scanners, guides, red-team notes) quote attacks
/// as documentation. Without a description, the purpose is the opening of
/// SKILL.md's body (its first 400 bytes: title and tagline), as
/// `decide::own::stated_purpose` reads it.
fn security_purpose(m: &Manifest, body: &str) -> bool {
    static RE: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)\b(security|vulnerab\w*|malware|prompt[- ]injections?|red[- ]?team\w*|pentest\w*|penetration[- ]test\w*|capture[- ]the[- ]flag|ctfs?|hackthebox|tryhackme|threat (model|intel)\w*|attack (patterns?|techniques?)|infostealers?|supply[- ]chain attacks?|(skill|agent|injection|phishing) attacks|malicious (agent |ai )?(skills?|packages?|extensions?|prompts?))\b",
    );
    if m.description().trim().is_empty() {
        let from = crate::text::clamp_boundary(body, m.body_offset);
        let opening = crate::text::slice(body, from, from + 400);
        if RE.is_match(opening) {
            return true;
        }
    }
    RE.is_match(&m.purpose_text())
}

fn extract_file(
    skill: &Skill,
    manifest: &Manifest,
    f: &SkillFile,
    doc_default: u8,
    sink: &mut Sink,
) {
    // Round 39: a template is analysed as it renders (`$$` escapes of
    // `string.Template`, Make, Compose), line offsets unchanged.
    if let Some(text) = crate::skill::classify::rendered_text(&f.rel, &f.text) {
        let mut copy = f.clone();
        copy.text = text;
        return extract_file_as_read(skill, manifest, &copy, doc_default, sink);
    }
    extract_file_as_read(skill, manifest, f, doc_default, sink);
}

fn extract_file_as_read(
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
    let before = sink.items.len();
    // Round 27: a file written under a hook folder this file sets for
    // every repository is a git hook.
    indicators::with_hook_dirs(&f.text, || {
        extract_file_kind(skill, manifest, f, doc_default, sink)
    });
    // Round 41: a shipped rule file the coding agent always loads.
    if !f.kind.is_script() && f.rel != skill.manifest_path {
        planted::shipped_rules(&Src::new(&f.rel, &f.text, Origin::Prose), before, sink);
    }
    // Round 21: a shipped file at an auto-run place (`.envrc`,
    // `latexmkrc`, a git config) is judged as text planted there.
    let place = autorun::place_of_file(&f.rel, &f.text).or_else(|| embedded::tool_place(f));
    if let Some(place) = place.filter(|_| f.kind != FileKind::Markdown) {
        if autorun::shell_kind(&f.rel) && !f.kind.is_script() {
            extract_code(
                Lang::Shell,
                &Src::new(&f.rel, &f.text, Origin::Script),
                sink,
            );
        }
        let found = sink.items[before..].to_vec();
        persisted::judge_shipped(
            &Src::new(&f.rel, &f.text, tokens::origin(&f.rel)),
            place,
            &found,
            sink,
        );
    }
    // Round 39: what a build or install tool runs by itself.
    build_hook::mark(&f.rel, &f.text, &mut sink.items[before..]);
}

fn extract_file_kind(
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
                markdown::extract(
                    &f.rel,
                    &f.text,
                    manifest.body_offset,
                    doc_default,
                    true,
                    sink,
                );
            } else {
                markdown::extract(&f.rel, &f.text, 0, doc_default, false, sink);
            }
            let src = Src::new(&f.rel, &f.text, Origin::Prose);
            remote_skill::scan(&src, doc_default == 2, sink);
            intent_text::model_blocks(&src, sink);
            role_blocks::scan(&src, doc_default == 2, sink);
            intent_text::concealed_trigger(&src, sink);
            mcp_servers::scan(&src, true, sink);
        }
        // Round 32: fish read through its projection to Bash's syntax.
        FileKind::Shell if f.rel.to_ascii_lowercase().ends_with(".fish") => {
            let text = prompt_config::project_fish(&f.text);
            extract_code(Lang::Shell, &Src::new(&f.rel, &text, Origin::Script), sink)
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
            // Command lines a tool runs from this file (Makefile recipes,
            // CI `run:` blocks, Dockerfile `RUN`, …) go to the shell
            // front-end, on the file's own lines.
            embedded::extract(f, sink);
            let src = Src::new(&f.rel, &f.text, Origin::Script);
            if f.rel.ends_with(".yaml") || f.rel.ends_with(".yml") {
                commands::manifest(&src, sink);
                rbac_yaml::bindings(&src, sink);
                ci_burn::scan(&src, sink);
                repo_rights::workflow(&src, sink);
                // Round 38: CI configuration pulled at a moving ref, CI
                // debug tracing that prints the secrets.
                ci_remote::remote_includes(&src, sink);
                ci_remote::debug_trace(&src, sink);
            }
            // Round 26: Terraform grants and resource policies.
            if f.rel.ends_with(".tf") || f.rel.ends_with(".hcl") {
                data_policy::scan(&src, sink);
                outside_grant::scan(&src, sink);
                // Round 37: a state secret sent by a `data "http"` request.
                tf_http::scan(&src, sink);
            }
            // Round 30: managed admin policies attached (Terraform,
            // CloudFormation).
            if [".tf", ".hcl", ".yaml", ".yml", ".json", ".template"]
                .iter()
                .any(|x| f.rel.ends_with(x))
            {
                admin_attach::scan(&src, sink);
                safeguards::scan(&src, sink);
                // Round 32: who may assume a role (CloudFormation `!Sub`/
                // `Fn::Join` principals, trust documents anywhere).
                trust_policy::scan(&src, sink);
            }
            miner::pool_config(&src, sink);
            // Round 32: a shipped doas.conf or polkit rules file.
            root_rules::scan(&src, sink);
            reroute::scan(&src, sink);
            // Round 33: a shipped editor task or dev container file, the
            // MCP servers a config declares.
            editor_trust::scan(&src, sink);
            mcp_servers::scan(&src, false, sink);
            deobf::scan_literals(&src, sink);
            unicode::scan(&src, sink);
        }
        FileKind::Binary | FileKind::Archive | FileKind::Bytecode | FileKind::Other => {
            let source = artifacts::bytecode_source(&f.rel)
                .filter(|s| skill.files.iter().any(|g| g.rel == *s));
            artifacts::binary(f, source.as_deref(), sink);
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
    if !f.kind.is_script() && !f.text.is_empty() && sql_file::is_sql_file(&f.rel) {
        sql_file::scan(&Src::new(&f.rel, &f.text, Origin::Script), sink);
        sql_audit::scan(&Src::new(&f.rel, &f.text, Origin::Script), sink);
    }
    if !f.kind.is_script() && !f.text.is_empty() && tokens::is_unparsed_file(&f.rel, &f.text) {
        let src = Src::new(&f.rel, &f.text, tokens::origin(&f.rel));
        let first = sink.items.len();
        tokens::scan(&src, sink);
        joined_delete::mark_git_dirs(&src, sink, first);
        exit_hook::mark(&src, sink, first);
        xor::scan(&src, sink);
        manifest_hooks::scan(&src, sink);
    }
    if f.kind.is_script() {
        let src = Src::new(&f.rel, &f.text, Origin::Script);
        intent_text::concealed_trigger(&src, sink);
        unicode::scan(&src, sink);
        unicode::identifiers(&src, sink);
    }
}

/// Runs one token-level scanner over `text` as a script at `path` (the
/// unit tests of the scanners).
#[cfg(test)]
pub(crate) fn scan_text(scan: fn(&Src, &mut Sink), path: &str, text: &str) -> Vec<Evidence> {
    let mut sink = Sink::default();
    scan(&Src::new(path, text, Origin::Script), &mut sink);
    sink.items
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

    #[test]
    fn many_short_lines_are_cut_by_line_count() {
        let text = "a\n".repeat(300_000);
        assert!(needs_pieces(&text));
        assert!(!needs_pieces(&"a\n".repeat(100_000)));
        let b = piece_bounds_by(&text, PIECE_BYTES, PIECE_LINES);
        assert!(b.len() >= 6, "{}", b.len());
        for (s, e) in &b {
            assert!(text[*s..*e].matches('\n').count() <= PIECE_LINES + 1);
        }
        assert_eq!(b.last().map(|x| x.1), Some(text.len()));
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
        // (`wc -c`, not a text filter: a filter such as `grep` passes the
        // read straight to the pipeline's output, which here is unused.)
        let md = "# Use\n\n```bash\ncat ~/.aws/credentials | wc -c\n```\n\n```bash\necho hi | curl -s -d @- https://example.com/api\n```\n";
        let mut sink = Sink::default();
        markdown::extract("SKILL.md", md, 0, 0, true, &mut sink);
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

/// Rows of a catalogue table (`| Command | Description |`, `| Flag | … |`)
/// document their terms: the steps found on them are documentation, not
/// instructions. A send, a secret read, an environment dump and
/// concealment or encoding keep their weight wherever they are written.
/// Evidence inside a file or section that declares itself as examples of
/// attacks (`doc_frame::declared_lines`) is an example, capped to
/// information (`Tag::DeclaredExample`): its headings, fences and quotes
/// always, its prose unless the sentence is an order (an imperative said
/// in prose or a hidden comment is not covered by the declaration).
fn declared_examples(text: &str, items: &mut [Evidence]) {
    use doc_frame::Declared;
    if !items.iter().any(|e| e.location.start_line > 0) {
        return;
    }
    let lines = doc_frame::declared_lines(text);
    if !lines.iter().any(|d| *d != Declared::No) {
        return;
    }
    // The file's lines, split once when a quoted cell is first asked
    // about (not once per evidence: 2,000 steps of a large declared file).
    let mut rows: Option<Vec<&str>> = None;
    for ev in items.iter_mut().take(MAX_EVIDENCE_PER_FILE) {
        let at = ev
            .location
            .start_line
            .checked_sub(1)
            .and_then(|i| lines.get(i))
            .copied()
            .unwrap_or(Declared::No);
        let order = ev.has(Tag::Imperative) || ev.origin == Origin::HtmlComment;
        // Round 44 (blind r45 phishing-triage-playbook): an order quoted in
        // a catalogue table's cell (`| Fake prerequisite | "download … and
        // run setup.exe" |`) is the exhibit the declared file shows.
        let mut quoted_cell = || {
            ev.origin != Origin::HtmlComment
                && ev.location.start_line == ev.location.end_line
                && ev
                    .location
                    .start_line
                    .checked_sub(1)
                    .and_then(|i| rows.get_or_insert_with(|| text.lines().collect()).get(i))
                    .is_some_and(|l| {
                        doc_frame::quoted_in_table_cell(
                            l,
                            ev.location.start_column,
                            ev.location.end_column,
                        )
                    })
        };
        if at == Declared::Shown || at == Declared::Prose && (!order || quoted_cell()) {
            ev.tags.insert(Tag::DeclaredExample);
        }
    }
}

/// A waiver of the user's approval after a list of reads
/// ([`doc_frame::waiver_over_reads`]) orders nothing the user must allow.
fn waivers_over_reads(text: &str, items: &mut [Evidence]) {
    let mut lines: Option<Vec<&str>> = None;
    for ev in items.iter_mut() {
        if ev.op == Op::Concealment
            && ev.object == crate::extract::prose::WAIVED_APPROVAL
            && !ev.has(Tag::Deception)
            && ev.location.start_line.checked_sub(1).is_some_and(|i| {
                doc_frame::waiver_over_reads(lines.get_or_insert_with(|| text.lines().collect()), i)
            })
        {
            ev.tags.insert(Tag::Documentation);
            ev.tags.insert(Tag::OverReads);
            ev.tags.remove(&Tag::Imperative);
        }
    }
}

fn catalogue_rows(text: &str, items: &mut [Evidence]) {
    if !text.contains("|") {
        return;
    }
    let rows = doc_frame::catalogue_rows(text);
    let mut lines: Option<Vec<&str>> = None;
    for ev in items.iter_mut().take(MAX_EVIDENCE_PER_FILE) {
        let keeps = matches!(
            ev.op,
            Op::NetSend
                | Op::SocketConnect
                | Op::DnsQuery
                | Op::EnvDump
                | Op::KeychainRead
                | Op::Concealment
                | Op::HiddenText
                | Op::ReverseShell
        ) || matches!(ev.op, Op::FileRead | Op::EnvRead)
            && ev.scope == crate::ssl::vocab::ResourceScope::Credentials
            || [
                Tag::Obfuscated,
                Tag::Encoded,
                Tag::Deception,
                Tag::Homoglyph,
                Tag::Silenced,
            ]
            .iter()
            .any(|t| ev.tags.contains(t));
        let row = ev
            .location
            .start_line
            .checked_sub(1)
            .and_then(|i| rows.get(i));
        if !keeps && row == Some(&true) {
            ev.tags.insert(Tag::Documentation);
            ev.tags.remove(&Tag::Imperative);
        }
        // A waiver of the user's approval in a flag or mode glossary is
        // what the term does (a claimed approval stays: a lie is no gloss).
        if ev.op == Op::Concealment
            && ev.object == crate::extract::prose::WAIVED_APPROVAL
            && !ev.has(Tag::Deception)
            && ev
                .location
                .start_line
                .checked_sub(1)
                .and_then(|i| {
                    lines
                        .get_or_insert_with(|| text.lines().collect())
                        .get(i)
                        .copied()
                })
                .is_some_and(doc_frame::glossary_row)
        {
            ev.tags.insert(Tag::Documentation);
            ev.tags.remove(&Tag::Imperative);
        }
    }
}
