//! Builds a skill's SSL record from its analysis (`docs/ssl.md`).
//!
//! Unlike the paper's normalizer, which reads only `SKILL.md`, the record
//! covers the bundled scripts too, and every logic step is grounded in a
//! located piece of the skill (the `evidence` extension).
//!
//! * **Logic layer.** One step per evidence item (except `Op::Return`
//!   pseudo-steps), with the report's deterministic ids (`L0007_TRANSFER`),
//!   plus one step per instruction sentence of a numbered procedure, or of a
//!   section that has no evidence (`LP001_READ`, typed from the verb, scope
//!   `MEMORY` or `OTHER`). A section with neither is merged into its
//!   neighbours: it gets no scene.
//! * **Structure layer.** Scenes follow the document: the frontmatter
//!   (`PREPARE`), each H1–H3 section of `SKILL.md` (typed from its heading,
//!   else from its steps), and right after the section that first mentions
//!   it, each bundled file the skill points at (a script it tells the agent
//!   to run is an `ACT` scene of its own). Files nobody mentions share one
//!   `ACT` scene, "bundled files"; steps of an external record that point at
//!   no skill file get a scene of their own. Scenes chain in order
//!   (`success`), each non-`RECOVER` scene may fail over to the first
//!   `RECOVER` scene (`failure`), and every scene has `default → END_FAIL`.
//! * **Scheduling layer.** From the frontmatter and the body: the goal is
//!   the description's first sentence, intents come from its trigger
//!   phrases, `when_to_use` and "When to use" sections, inputs from
//!   `$ARGUMENTS`, `argument-hint` and argparse/click declarations of the
//!   scripts the skill runs; dependencies from `requires`, `allowed-tools`,
//!   the hosts contacted and install specs; control-flow features from the
//!   steps.
//!
//! Grounded: a field is filled only from the skill; where it says nothing the
//! field stays empty. The record is deterministic (same skill, same ids and
//! order) and always passes [`crate::ssl::validate::validate`] without
//! errors (`tests/ssl_build.rs` checks the whole corpus).

use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::extract::indicators::url_host;
use crate::model::SkillReport;
use crate::skill::frontmatter::str_list;
use crate::skill::{FileKind, Manifest, Skill};
use crate::ssl::external::{self, SKILL_SSL_FILE, static_regexes};
use crate::ssl::model::{
    ControlFlowFeatures, Dependency, Evidence as StepEvidence, LogicStep, NamedType, Scene,
    SkillRecord, SslRecord, Transition,
};
use crate::ssl::vocab::{ActType, ResourceScope, SceneType};
use crate::text::{LineIndex, snippet};
use aho_corasick::{AhoCorasick, MatchKind};
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag as MdTag, TagEnd};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Scenes in one record at most; the steps of later units join the last one.
const MAX_SCENES: usize = 200;
/// Intent phrasings kept.
const MAX_INTENTS: usize = 16;
/// Declared inputs, outputs and tags kept.
const MAX_NAMED: usize = 32;

/// The SSL record of an analysed skill, as JSON.
pub fn record_json(report: &SkillReport) -> Value {
    serde_json::to_value(record(report)).unwrap_or(Value::Null)
}

/// The SSL record of an analysed skill.
pub fn record(report: &SkillReport) -> SslRecord {
    Builder::new(report).build()
}

// ---------------------------------------------------------------------------
// SKILL.md structure
// ---------------------------------------------------------------------------

/// A paragraph or list item of prose (code blocks, tables and HTML excluded).
#[derive(Debug, Clone)]
struct Block {
    line: usize,
    end_line: usize,
    text: String,
    /// A top-level item of a numbered list.
    ordered: bool,
}

/// An H1–H3 section of the body, or the text before the first heading.
#[derive(Debug, Clone)]
struct Section {
    /// Heading text; empty for the preamble.
    title: String,
    /// Heading level (1–3); 0 for the preamble.
    level: u8,
    /// First and last line (1-based, inclusive).
    start: usize,
    end: usize,
    blocks: Vec<Block>,
}

fn line_of(idx: &LineIndex, byte: usize) -> usize {
    idx.position(byte).0
}

/// Splits the body of SKILL.md into sections with their prose blocks.
fn sections(text: &str, body_offset: usize, body_line: usize) -> Vec<Section> {
    let offset = crate::text::clamp_boundary(text, body_offset);
    let body = &text[offset..];
    let idx = LineIndex::new(text);
    let last_line = idx.line_count().max(body_line);
    let mut out: Vec<Section> = vec![Section {
        title: String::new(),
        level: 0,
        start: body_line,
        end: last_line,
        blocks: Vec::new(),
    }];
    let mut opts = Options::empty();
    opts.insert(Options::ENABLE_TABLES);
    opts.insert(Options::ENABLE_STRIKETHROUGH);
    let mut in_heading = false;
    let mut in_code = false;
    let mut in_table = false;
    let mut lists: Vec<bool> = Vec::new();
    let mut item_depth = 0usize;
    let mut cur: Option<Block> = None;
    let flush = |cur: &mut Option<Block>, out: &mut Vec<Section>| {
        if let Some(mut b) = cur.take() {
            b.text = b.text.split_whitespace().collect::<Vec<_>>().join(" ");
            if !b.text.is_empty()
                && let Some(s) = out.last_mut()
            {
                s.blocks.push(b);
            }
        }
    };
    for (ev, r) in Parser::new_ext(body, opts).into_offset_iter() {
        let (start, end) = (r.start + offset, r.end + offset);
        let inline_code = matches!(ev, Event::Code(_));
        match ev {
            Event::Start(MdTag::Heading { level, .. }) => {
                flush(&mut cur, &mut out);
                if level <= HeadingLevel::H3 {
                    let line = line_of(&idx, start);
                    if let Some(prev) = out.last_mut() {
                        prev.end = line.saturating_sub(1).max(prev.start);
                    }
                    out.push(Section {
                        title: String::new(),
                        level: level as u8,
                        start: line,
                        end: last_line,
                        blocks: Vec::new(),
                    });
                    in_heading = true;
                }
            }
            Event::End(TagEnd::Heading(level)) => {
                in_heading = false;
                if level > HeadingLevel::H3 {
                    flush(&mut cur, &mut out);
                }
            }
            Event::Start(MdTag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Start(MdTag::Table(_)) => in_table = true,
            Event::End(TagEnd::Table) => in_table = false,
            Event::Start(MdTag::List(first)) => lists.push(first.is_some()),
            Event::End(TagEnd::List(_)) => {
                lists.pop();
            }
            Event::Start(MdTag::Item) => {
                flush(&mut cur, &mut out);
                item_depth += 1;
                cur = Some(Block {
                    line: line_of(&idx, start),
                    end_line: line_of(&idx, start),
                    text: String::new(),
                    ordered: lists.len() == 1 && lists.last() == Some(&true),
                });
            }
            Event::End(TagEnd::Item) => {
                flush(&mut cur, &mut out);
                item_depth = item_depth.saturating_sub(1);
            }
            Event::End(TagEnd::Paragraph) if item_depth == 0 => flush(&mut cur, &mut out),
            Event::Text(t) | Event::Code(t) => {
                // Inline code keeps its backticks: "`fetch` fails" is not
                // an instruction to fetch.
                let t = if inline_code {
                    format!("`{t}`")
                } else {
                    t.to_string()
                };
                if in_heading {
                    if let Some(s) = out.last_mut() {
                        s.title.push_str(t.trim_matches('`'));
                    }
                } else if !in_code && !in_table {
                    let b = cur.get_or_insert_with(|| Block {
                        line: line_of(&idx, start),
                        end_line: line_of(&idx, start),
                        text: String::new(),
                        ordered: false,
                    });
                    b.text.push_str(&t);
                    b.end_line = line_of(&idx, end.saturating_sub(1).max(start));
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(b) = cur.as_mut() {
                    b.text.push(' ');
                }
            }
            _ => {}
        }
    }
    flush(&mut cur, &mut out);
    // The preamble exists only when there is text before the first heading.
    if out.len() > 1 && (out[0].end < out[0].start || out[0].start >= out[1].start) {
        out.remove(0);
    }
    for s in &mut out {
        s.title = s.title.split_whitespace().collect::<Vec<_>>().join(" ");
        s.end = s.end.max(s.start);
    }
    out
}

/// The first sentence of a text (abbreviations such as "e.g." do not end it).
pub fn first_sentence(s: &str) -> String {
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    let chars: Vec<char> = s.chars().collect();
    let mut end = chars.len();
    for (i, &c) in chars.iter().enumerate() {
        if !matches!(c, '.' | '!' | '?') {
            continue;
        }
        let next = chars.get(i + 1).copied();
        if next.is_some_and(|n| !n.is_whitespace()) {
            continue;
        }
        if c == '.' {
            let word: String = chars[..i]
                .iter()
                .rev()
                .take_while(|c| !c.is_whitespace())
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect::<String>()
                .to_lowercase();
            let word = word.trim_start_matches(['(', '"', '\'']);
            if matches!(
                word,
                "e.g" | "i.e" | "etc" | "vs" | "approx" | "incl" | "cf" | "no"
            ) || word.chars().count() == 1
            {
                continue;
            }
        }
        end = i + 1;
        break;
    }
    let out: String = chars[..end].iter().collect();
    let out = out.trim().to_string();
    if out.chars().count() > 300 {
        let mut t: String = out.chars().take(300).collect();
        t.push('…');
        t
    } else {
        out
    }
}

// ---------------------------------------------------------------------------
// Instructions: the verb of an imperative sentence
// ---------------------------------------------------------------------------

/// Sequence words before the verb ("Then run …"). "First", "Next",
/// "Finally" and the like only count with a comma ("First, run …"): "First
/// look at a dataset" is a noun phrase, not an instruction.
const FILLERS: &[&str] = &["then", "now", "also", "always", "please", "and", "again"];
const COMMA_FILLERS: &[&str] = &[
    "first",
    "next",
    "finally",
    "afterwards",
    "lastly",
    "optionally",
    "second",
    "third",
];

fn verb_act(verb: &str) -> Option<ActType> {
    use ActType as A;
    Some(match verb {
        "read" | "load" | "open" | "inspect" | "view" | "look" | "list" | "scan" | "browse"
        | "parse" | "extract" | "collect" | "gather" | "retrieve" | "find" | "locate"
        | "search" | "grep" | "get" | "obtain" | "consult" | "see" | "study" | "explore"
        | "examine" => A::Read,
        "fetch" | "download" | "query" | "request" | "curl" | "ping" | "call" => A::Request,
        "write" | "save" | "create" | "add" | "insert" | "append" | "edit" | "modify"
        | "delete" | "remove" | "rename" | "move" | "copy" | "export" | "store" | "record"
        | "commit" | "fill" | "replace" | "produce" | "generate" | "output" | "format"
        | "scaffold" | "rewrite" | "clean" | "fix" | "make" => A::Write,
        "update" | "set" | "configure" | "enable" | "disable" | "register" | "mark" | "toggle"
        | "reset" | "initialize" | "initialise" | "init" => A::UpdateState,
        "run" | "execute" | "use" | "invoke" | "launch" | "start" | "install" | "build"
        | "deploy" | "apply" | "pipe" | "trigger" => A::CallTool,
        "check" | "verify" | "validate" | "test" | "ensure" | "confirm" | "lint" | "audit" => {
            A::Validate
        }
        "compare" | "diff" | "match" | "cross-check" => A::Compare,
        "choose" | "select" | "pick" | "decide" | "prefer" | "prioritize" | "prioritise"
        | "filter" | "rank" | "sort" => A::Select,
        "analyze" | "analyse" | "summarize" | "summarise" | "determine" | "infer" | "identify"
        | "review" | "plan" | "think" | "consider" | "classify" | "evaluate" | "assess"
        | "explain" | "describe" | "translate" | "refine" | "draft" | "compose" | "interpret"
        | "detect" | "estimate" | "calculate" | "compute" | "convert" | "transform" | "keep"
        | "follow" | "prepare" | "understand" | "break" | "map" | "group" | "organize"
        | "organise" | "structure" | "outline" | "craft" | "pass" | "focus" => A::Infer,
        "tell" | "ask" | "report" | "notify" | "reply" | "respond" | "present" | "show"
        | "display" | "print" | "return" | "offer" | "suggest" | "recommend" | "inform"
        | "warn" | "alert" | "mention" | "answer" | "provide" | "give" | "share" => A::Notify,
        "send" | "upload" | "post" | "push" | "publish" | "submit" | "forward" | "email"
        | "sync" | "transfer" => A::Transfer,
        "stop" | "abort" | "exit" | "quit" | "halt" | "end" => A::Terminate,
        _ => return None,
    })
}

/// An imperative sentence: its act type, its object, and the condition it
/// states ("If the API returns 401, check …").
#[derive(Debug, Clone, PartialEq, Eq)]
struct Instruction {
    act: ActType,
    object: String,
    condition: Option<String>,
}

const CONDITIONS: &[&str] = &[
    "if", "when", "whenever", "once", "after", "before", "unless", "for",
];

/// The instruction of a sentence, e.g. "Summarize the report" → (INFER,
/// "the report"). Prohibitions ("Never …"), quoted requests and sentences
/// that start with code are not instructions.
fn instruction(sentence: &str) -> Option<Instruction> {
    let mut sentence = sentence.trim();
    let mut condition = None;
    let lead = sentence
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    if CONDITIONS.contains(&lead.as_str())
        && let Some((cond, rest)) = sentence.split_once(',')
    {
        condition = Some(cond.trim().to_string());
        sentence = rest.trim();
    }
    let mut words: Vec<&str> = sentence.split_whitespace().collect();
    let clean = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-')
            .to_lowercase()
    };
    // "Step 2:", "2.", "a)" prefixes.
    while let Some(w) = words.first() {
        let c = clean(w);
        let numbered = c.chars().all(|ch| ch.is_ascii_digit()) && !c.is_empty();
        let comma_filler = w.ends_with(',') && COMMA_FILLERS.contains(&c.as_str());
        if c == "step" || numbered || c.is_empty() || FILLERS.contains(&c.as_str()) || comma_filler
        {
            words.remove(0);
        } else {
            break;
        }
    }
    // "You must / should / need to X", "Make sure to X", "Be sure to X".
    let lower: Vec<String> = words.iter().map(|w| clean(w)).collect();
    let skip = match lower.as_slice() {
        [a, b, c, ..] if a == "you" && b == "need" && c == "to" => 3,
        [a, b, ..] if a == "you" && matches!(b.as_str(), "must" | "should" | "can" | "will") => 2,
        [a, b, c, ..] if (a == "make" || a == "be") && b == "sure" && c == "to" => 3,
        _ => 0,
    };
    let words = &words[skip.min(words.len())..];
    let first = words.first()?;
    if first
        .trim_start_matches(['*', '_'])
        .starts_with(['`', '"', '\'', '“', '‘'])
    {
        return None;
    }
    let verb = clean(first);
    if matches!(
        verb.as_str(),
        "never" | "don't" | "dont" | "do" | "avoid" | "not"
    ) {
        return None;
    }
    let act = verb_act(&verb)?;
    // The object: what follows the verb, up to the first clause break.
    let rest = words[1..].join(" ");
    let rest = rest
        .split([',', ';', ':', '(', '.'])
        .next()
        .unwrap_or("")
        .split_whitespace()
        .take(10)
        .collect::<Vec<_>>()
        .join(" ");
    Some(Instruction {
        act,
        object: rest,
        condition,
    })
}

fn coarse_scope(act: ActType) -> ResourceScope {
    match act {
        ActType::Read
        | ActType::Write
        | ActType::UpdateState
        | ActType::CallTool
        | ActType::Request
        | ActType::Transfer => ResourceScope::Other,
        _ => ResourceScope::Memory,
    }
}

// ---------------------------------------------------------------------------
// Scene typing
// ---------------------------------------------------------------------------

/// Heading words → scene types. Phrases are checked first, then words in
/// order; the first word that matches decides.
const PHRASES: &[(&str, SceneType)] = &[
    ("getting started", SceneType::Prepare),
    ("before you", SceneType::Prepare),
    ("set up", SceneType::Prepare),
    ("api key", SceneType::Prepare),
    ("quick start", SceneType::Act),
    ("how to", SceneType::Act),
    ("error handling", SceneType::Recover),
    ("known issues", SceneType::Recover),
    ("clean up", SceneType::Finalize),
    ("wrap up", SceneType::Finalize),
];

const STEMS: &[(&str, SceneType)] = &[
    ("setup", SceneType::Prepare),
    ("install", SceneType::Prepare),
    ("prerequisite", SceneType::Prepare),
    ("requirement", SceneType::Prepare),
    ("configur", SceneType::Prepare),
    ("config", SceneType::Prepare),
    ("environment", SceneType::Prepare),
    ("dependenc", SceneType::Prepare),
    ("authenticat", SceneType::Prepare),
    ("prepar", SceneType::Prepare),
    ("fetch", SceneType::Acquire),
    ("read", SceneType::Acquire),
    ("load", SceneType::Acquire),
    ("collect", SceneType::Acquire),
    ("gather", SceneType::Acquire),
    ("input", SceneType::Acquire),
    ("retriev", SceneType::Acquire),
    ("download", SceneType::Acquire),
    ("discover", SceneType::Acquire),
    ("research", SceneType::Acquire),
    ("search", SceneType::Acquire),
    ("context", SceneType::Acquire),
    ("analy", SceneType::Reason),
    ("plan", SceneType::Reason),
    ("decid", SceneType::Reason),
    ("decision", SceneType::Reason),
    ("strateg", SceneType::Reason),
    ("approach", SceneType::Reason),
    ("think", SceneType::Reason),
    ("principle", SceneType::Reason),
    ("guideline", SceneType::Reason),
    ("rule", SceneType::Reason),
    ("choos", SceneType::Reason),
    ("select", SceneType::Reason),
    ("review", SceneType::Reason),
    ("troubleshoot", SceneType::Recover),
    ("error", SceneType::Recover),
    ("fallback", SceneType::Recover),
    ("recover", SceneType::Recover),
    ("failure", SceneType::Recover),
    ("debug", SceneType::Recover),
    ("faq", SceneType::Recover),
    ("problem", SceneType::Recover),
    ("retry", SceneType::Recover),
    ("test", SceneType::Verify),
    ("check", SceneType::Verify),
    ("validat", SceneType::Verify),
    ("verif", SceneType::Verify),
    ("lint", SceneType::Verify),
    ("output", SceneType::Finalize),
    ("report", SceneType::Finalize),
    ("result", SceneType::Finalize),
    ("cleanup", SceneType::Finalize),
    ("summary", SceneType::Finalize),
    ("response", SceneType::Finalize),
    ("deliver", SceneType::Finalize),
    ("final", SceneType::Finalize),
    ("format", SceneType::Finalize),
    ("run", SceneType::Act),
    ("execut", SceneType::Act),
    ("usage", SceneType::Act),
    ("command", SceneType::Act),
    ("step", SceneType::Act),
    ("workflow", SceneType::Act),
    ("procedure", SceneType::Act),
    ("instruction", SceneType::Act),
    ("example", SceneType::Act),
    ("use", SceneType::Act),
    ("operation", SceneType::Act),
    ("action", SceneType::Act),
    ("script", SceneType::Act),
    ("tool", SceneType::Act),
    ("deploy", SceneType::Act),
];

/// The scene type a heading names, if any.
fn heading_type(title: &str) -> Option<SceneType> {
    let lower = title.to_lowercase();
    if let Some((_, t)) = PHRASES.iter().find(|(p, _)| lower.contains(p)) {
        return Some(*t);
    }
    for word in lower.split(|c: char| !c.is_alphanumeric()) {
        if word.is_empty() {
            continue;
        }
        if let Some((_, t)) = STEMS.iter().find(|(s, _)| word.starts_with(s)) {
            return Some(*t);
        }
    }
    None
}

/// The scene type its steps suggest (majority; ties by a fixed order).
fn steps_type(acts: &[ActType]) -> SceneType {
    const ORDER: [SceneType; 5] = [
        SceneType::Act,
        SceneType::Acquire,
        SceneType::Reason,
        SceneType::Verify,
        SceneType::Finalize,
    ];
    let mut counts = [0usize; 5];
    for a in acts {
        let t = match a {
            ActType::Read | ActType::Request => SceneType::Acquire,
            ActType::Validate | ActType::Compare => SceneType::Verify,
            ActType::Infer | ActType::Select => SceneType::Reason,
            ActType::Notify | ActType::Terminate => SceneType::Finalize,
            _ => SceneType::Act,
        };
        if let Some(i) = ORDER.iter().position(|o| *o == t) {
            counts[i] += 1;
        }
    }
    let best = counts.iter().copied().max().unwrap_or(0);
    ORDER
        .iter()
        .zip(counts)
        .find(|(_, c)| *c == best)
        .map(|(t, _)| *t)
        .unwrap_or(SceneType::Act)
}

// ---------------------------------------------------------------------------
// File mentions
// ---------------------------------------------------------------------------

const RUNNERS: &[&str] = &[
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
struct Mention {
    file: usize,
    line: usize,
    run: bool,
}

fn path_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '.')
}

/// Whether the text before a mention (same line) runs the file.
fn is_run(before: &str, runnable: bool) -> bool {
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

struct Mentions {
    ac: Option<AhoCorasick>,
    /// Pattern index → file index.
    files: Vec<usize>,
    /// Pattern is a bare file name (not a path relative to the skill).
    basename: Vec<bool>,
}

impl Mentions {
    fn new(skill: &Skill) -> Self {
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
    fn find(&self, skill: &Skill, text: &str) -> Vec<Mention> {
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

// ---------------------------------------------------------------------------
// The builder
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Unit {
    Frontmatter,
    Section(usize),
    File(usize),
    Bundled,
    External,
}

/// A step before it gets its transitions.
struct Draft {
    id: String,
    /// Sort key inside its scene: line, column, then creation order.
    key: (usize, usize, usize),
    step: LogicStep,
}

struct Builder<'a> {
    report: &'a SkillReport,
    manifest: &'a Manifest,
    skill: &'a Skill,
    manifest_text: &'a str,
    sections: Vec<Section>,
    /// Steps of every unit.
    steps: BTreeMap<Unit, Vec<Draft>>,
    /// Files that get their own unit, and whether the skill runs them.
    file_run: BTreeMap<usize, bool>,
    /// Units in document order.
    order: Vec<Unit>,
}

fn skill_id(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_uppercase());
        } else if !s.ends_with('_') {
            s.push('_');
        }
    }
    let s = s.trim_matches('_');
    if s.is_empty() {
        "SKILL_UNNAMED".into()
    } else {
        format!("SKILL_{s}")
    }
}

fn upper_slug(s: &str, max: usize) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if out.len() >= max {
            break;
        }
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_uppercase());
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_string()
}

fn push_unique(v: &mut Vec<String>, s: String) {
    if !s.is_empty() && !v.contains(&s) {
        v.push(s);
    }
}

fn effects(op: Op) -> &'static [&'static str] {
    match op {
        Op::NetFetch => &["data_fetched"],
        Op::NetSend => &["data_sent"],
        Op::DnsQuery => &["dns_query_sent"],
        Op::SocketConnect => &["connection_opened"],
        Op::FileRead => &["file_read"],
        Op::FileWrite => &["file_written"],
        Op::FileDelete => &["file_deleted"],
        Op::PermChange => &["permissions_changed"],
        Op::EnvRead => &["env_read"],
        Op::EnvDump => &["environment_dumped"],
        Op::KeychainRead => &["secret_store_read"],
        Op::ClipboardRead => &["clipboard_read"],
        Op::SysInfo => &["system_info_read"],
        Op::Exec => &["process_executed"],
        Op::DynamicCode => &["dynamic_code_executed"],
        Op::Decode => &["data_decoded"],
        Op::DownloadExec => &["remote_code_executed"],
        Op::ReverseShell => &["remote_shell_opened"],
        Op::Privileged => &["privileges_elevated"],
        Op::Persistence => &["persistence_installed"],
        Op::Background => &["background_process_started"],
        Op::ForkBomb => &["processes_spawned"],
        Op::Mining => &["mining_started"],
        Op::Sleep => &["execution_delayed"],
        Op::AntiForensics => &["traces_erased"],
        Op::SecurityDisable => &["protection_disabled"],
        Op::Concealment => &["action_hidden_from_user"],
        Op::PromptOverride => &["instructions_overridden"],
        Op::ToolGrant => &["tool_preapproved"],
        Op::Install => &["package_installed"],
        Op::Output => &["output_shown"],
        Op::Loop
        | Op::Trigger
        | Op::Instruction
        | Op::HiddenText
        | Op::Archive
        | Op::Binary
        | Op::EmbeddedScript
        | Op::CallLocal
        | Op::Return => &[],
    }
}

fn preconditions(e: &Evidence) -> Vec<String> {
    let mut v = Vec::new();
    for (t, s) in [
        (Tag::DateGate, "date_condition"),
        (Tag::EnvGate, "environment_condition"),
        (Tag::FirstRun, "first_run_condition"),
    ] {
        if e.has(t) {
            v.push(s.to_string());
        }
    }
    v
}

fn is_code_origin(o: Origin) -> bool {
    o.is_code() || o == Origin::External
}

impl<'a> Builder<'a> {
    fn new(report: &'a SkillReport) -> Self {
        let skill = &report.skill;
        let manifest_text = skill.manifest_file().map(|f| f.text.as_str()).unwrap_or("");
        let manifest = &report.manifest;
        let body_line = manifest.body_line.max(1);
        let sections = if skill.manifest_file().is_some() {
            sections(manifest_text, manifest.body_offset, body_line)
        } else {
            Vec::new()
        };
        Self {
            report,
            manifest,
            skill,
            manifest_text,
            sections,
            steps: BTreeMap::new(),
            file_run: BTreeMap::new(),
            order: Vec::new(),
        }
    }

    fn body_line(&self) -> usize {
        self.manifest.body_line.max(1)
    }

    fn section_of(&self, line: usize) -> Option<usize> {
        let i = self.sections.partition_point(|s| s.start <= line);
        i.checked_sub(1)
    }

    /// Units in document order, and which files get one.
    fn place_units(&mut self) {
        let mentions = Mentions::new(self.skill);
        let mut by_unit: BTreeMap<Unit, Vec<Mention>> = BTreeMap::new();
        let manifest_mentions = mentions.find(self.skill, self.manifest_text);
        let body_line = self.body_line();
        for m in manifest_mentions {
            let unit = if m.line < body_line {
                Unit::Frontmatter
            } else {
                match self.section_of(m.line) {
                    Some(s) => Unit::Section(s),
                    None => Unit::Frontmatter,
                }
            };
            by_unit.entry(unit).or_default().push(m);
        }
        let mut roots = vec![Unit::Frontmatter];
        roots.extend((0..self.sections.len()).map(Unit::Section));
        let mut placed: BTreeSet<usize> = BTreeSet::new();
        // Whether any reached text runs the file (not only its first mention).
        let mut run_any: BTreeMap<usize, bool> = BTreeMap::new();
        for root in roots {
            // Depth-first, children in order of first mention.
            let mut stack = vec![root];
            while let Some(u) = stack.pop() {
                self.order.push(u);
                let ms = match u {
                    Unit::File(f) => {
                        let file = &self.skill.files[f];
                        if file.kind.is_text() {
                            mentions.find(self.skill, &file.text)
                        } else {
                            Vec::new()
                        }
                    }
                    _ => by_unit.remove(&u).unwrap_or_default(),
                };
                let mut children = Vec::new();
                for m in ms {
                    *run_any.entry(m.file).or_default() |= m.run;
                    if placed.insert(m.file) {
                        children.push(Unit::File(m.file));
                    }
                }
                for c in children.into_iter().rev() {
                    stack.push(c);
                }
            }
        }
        for f in placed {
            self.file_run
                .insert(f, run_any.get(&f).copied().unwrap_or(false));
        }
        self.order.push(Unit::Bundled);
        self.order.push(Unit::External);
    }

    fn unit_of(&self, e: &Evidence) -> Unit {
        let path = e.location.path.as_str();
        if e.origin == Origin::External
            && (path == SKILL_SSL_FILE || self.skill.file(path).is_none())
        {
            return Unit::External;
        }
        if path == self.skill.manifest_path {
            if e.location.start_line < self.body_line() {
                return Unit::Frontmatter;
            }
            return self
                .section_of(e.location.start_line)
                .map(Unit::Section)
                .unwrap_or(Unit::Frontmatter);
        }
        match self.skill.files.iter().position(|f| f.rel == path) {
            Some(i) if self.file_run.contains_key(&i) => Unit::File(i),
            _ => Unit::Bundled,
        }
    }

    fn evidence_steps(&mut self) {
        let ev = &self.report.evidence;
        let ids = if self.report.step_ids.len() == ev.len() {
            self.report.step_ids.clone()
        } else {
            crate::audit::step_ids(ev)
        };
        for (i, (e, id)) in ev.iter().zip(ids).enumerate() {
            let Some(id) = id else { continue };
            if e.op == Op::Return {
                continue;
            }
            let unit = self.unit_of(e);
            let disp = |b: &str| external::display_binding(b);
            let start = e.location.start_line.max(1);
            let end = e.location.end_line.max(start);
            let step = LogicStep {
                logic_step_id: id.clone(),
                act_type: e.act,
                input_args: e
                    .inputs
                    .iter()
                    .filter(|b| !b.is_empty())
                    .map(|b| disp(b))
                    .collect(),
                output_binding: e.output.as_deref().map(disp).unwrap_or_default(),
                actor: if matches!(e.origin, Origin::Hook | Origin::DynamicContext) {
                    "harness".into()
                } else {
                    "skill".into()
                },
                object: e.object.clone(),
                instrument: (!e.instrument.is_empty()).then(|| e.instrument.clone()),
                preconditions: preconditions(e),
                effects: effects(e.op).iter().map(|s| s.to_string()).collect(),
                resource_scope: e.scope,
                resource_target: e.target.clone(),
                next_step_rules: Vec::new(),
                evidence: Some(StepEvidence {
                    path: e.location.path.clone(),
                    start_line: u32::try_from(start).unwrap_or(u32::MAX),
                    end_line: u32::try_from(end).unwrap_or(u32::MAX),
                    snippet: e.snippet.clone(),
                    origin: if e.origin == Origin::External {
                        StepEvidence::ORIGIN_EXTERNAL.into()
                    } else {
                        StepEvidence::ORIGIN_STATIC.into()
                    },
                }),
            };
            self.steps.entry(unit).or_default().push(Draft {
                id,
                key: (start, e.location.start_column, i),
                step,
            });
        }
    }

    fn prose_step(&self, n: usize, block: &Block, sentence: &str, ins: Instruction) -> Draft {
        let act = ins.act;
        let id = format!("LP{n:03}_{act}");
        Draft {
            id: id.clone(),
            key: (block.line, 0, usize::MAX / 2 + n),
            step: LogicStep {
                logic_step_id: id,
                act_type: act,
                input_args: Vec::new(),
                output_binding: String::new(),
                actor: "skill".into(),
                object: ins.object,
                instrument: None,
                preconditions: ins
                    .condition
                    .map(|c| snippet(&c, 120))
                    .into_iter()
                    .collect(),
                effects: Vec::new(),
                resource_scope: coarse_scope(act),
                resource_target: String::new(),
                next_step_rules: Vec::new(),
                evidence: Some(StepEvidence {
                    path: self.skill.manifest_path.clone(),
                    start_line: u32::try_from(block.line).unwrap_or(u32::MAX),
                    end_line: u32::try_from(block.end_line.max(block.line)).unwrap_or(u32::MAX),
                    snippet: snippet(sentence, 200),
                    origin: StepEvidence::ORIGIN_STATIC.into(),
                }),
            },
        }
    }

    /// Steps from numbered procedures, and from the first instruction of a
    /// section that has no evidence.
    fn prose_steps(&mut self) {
        let mut n = 0usize;
        let manifest_ev: Vec<usize> = self
            .report
            .evidence
            .iter()
            .filter(|e| e.location.path == self.skill.manifest_path && e.op != Op::Return)
            .map(|e| e.location.start_line)
            .collect();
        for si in 0..self.sections.len() {
            let has_ev = self
                .steps
                .get(&Unit::Section(si))
                .is_some_and(|v| !v.is_empty());
            let mut drafts = Vec::new();
            let section = &self.sections[si];
            // "When to use" lists requests to the agent, not its steps.
            if INTENT_HEADING.is_match(&section.title) {
                continue;
            }
            for b in section.blocks.iter().filter(|b| b.ordered) {
                let covered = manifest_ev.iter().any(|&l| l >= b.line && l <= b.end_line);
                if covered {
                    continue;
                }
                let s = first_sentence(&b.text);
                if let Some(ins) = instruction(&s) {
                    n += 1;
                    drafts.push(self.prose_step(n, b, &s, ins));
                }
            }
            if !has_ev && drafts.is_empty() {
                let found = section.blocks.iter().find_map(|b| {
                    let s = first_sentence(&b.text);
                    instruction(&s).map(|ins| (b, s, ins))
                });
                if let Some((b, s, ins)) = found {
                    n += 1;
                    drafts.push(self.prose_step(n, b, &s, ins));
                }
            }
            if !drafts.is_empty() {
                self.steps
                    .entry(Unit::Section(si))
                    .or_default()
                    .extend(drafts);
            }
        }
        // No step at all: one grounded in the description (or, failing that,
        // in the first line of SKILL.md), so that the record has a scene.
        if self.steps.values().all(|v| v.is_empty()) {
            let desc_line = self.manifest.line_of("description");
            let (line, text) = if !self.report.description.trim().is_empty() {
                (desc_line, self.report.description.clone())
            } else {
                (
                    1,
                    self.manifest_text.lines().next().unwrap_or("").to_string(),
                )
            };
            let block = Block {
                line,
                end_line: line,
                text: text.clone(),
                ordered: false,
            };
            let ins = Instruction {
                act: ActType::Infer,
                object: first_sentence(&text),
                condition: None,
            };
            let mut d = self.prose_step(1, &block, &text, ins);
            if self.skill.manifest_file().is_none() {
                d.step.evidence = None;
            }
            self.steps.entry(Unit::Frontmatter).or_default().push(d);
        }
    }

    fn unit_name_goal_type(&self, u: Unit, acts: &[ActType]) -> (String, String, SceneType) {
        match u {
            Unit::Frontmatter => (
                "frontmatter".into(),
                "Declarations of the SKILL.md frontmatter".into(),
                SceneType::Prepare,
            ),
            Unit::Section(i) => {
                let s = &self.sections[i];
                let name = if s.title.is_empty() {
                    "overview".to_string()
                } else {
                    snippet(&s.title, 80)
                };
                let goal = s
                    .blocks
                    .first()
                    .map(|b| snippet(&first_sentence(&b.text), 200))
                    .unwrap_or_else(|| name.clone());
                // An H1 is the document's title ("AWS Cost Report"), not a
                // stage: typed by its steps.
                let named = if s.level >= 2 {
                    heading_type(&s.title)
                } else {
                    None
                };
                let t = named.unwrap_or_else(|| steps_type(acts));
                (name, goal, t)
            }
            Unit::File(f) => {
                let rel = snippet(&self.skill.files[f].rel, 120);
                if self.file_run.get(&f).copied().unwrap_or(false) {
                    (rel.clone(), format!("Run {rel}"), SceneType::Act)
                } else {
                    (rel.clone(), format!("Use {rel}"), steps_type(acts))
                }
            }
            Unit::Bundled => (
                "bundled files".into(),
                "Files bundled with the skill that SKILL.md does not mention".into(),
                SceneType::Act,
            ),
            Unit::External => (
                "external SSL record".into(),
                "Steps claimed by an external SSL record".into(),
                steps_type(acts),
            ),
        }
    }

    fn build(mut self) -> SslRecord {
        self.place_units();
        self.evidence_steps();
        self.prose_steps();
        // Scenes: units with steps, in document order, capped.
        let mut units: Vec<(Unit, Vec<Draft>)> = Vec::new();
        let mut order = std::mem::take(&mut self.order);
        // Units missing from `order` (never expected) come last.
        let rest: Vec<Unit> = self
            .steps
            .keys()
            .filter(|k| !order.contains(k))
            .copied()
            .collect();
        order.extend(rest);
        for u in order {
            let Some(mut drafts) = self.steps.remove(&u) else {
                continue;
            };
            if drafts.is_empty() {
                continue;
            }
            drafts.sort_by_key(|d| d.key);
            if units.len() >= MAX_SCENES {
                if let Some(last) = units.last_mut() {
                    last.1.extend(drafts);
                }
            } else {
                units.push((u, drafts));
            }
        }
        // Unique step ids, whatever happened upstream.
        let mut used: BTreeSet<String> = BTreeSet::new();
        for (_, drafts) in &mut units {
            for d in drafts.iter_mut() {
                let mut id = d.id.clone();
                let mut k = 2;
                while used.contains(&id) {
                    id = format!("{}_{k}", d.id);
                    k += 1;
                }
                used.insert(id.clone());
                d.id = id.clone();
                d.step.logic_step_id = id;
            }
        }
        let mut scenes: Vec<Scene> = Vec::new();
        let mut steps: Vec<LogicStep> = Vec::new();
        for (i, (u, drafts)) in units.into_iter().enumerate() {
            let acts: Vec<ActType> = drafts.iter().map(|d| d.step.act_type).collect();
            let (name, goal, t) = self.unit_name_goal_type(u, &acts);
            let slug = upper_slug(&name, 24);
            let mut scene_id = if slug.is_empty() {
                format!("S{:02}_{t}", i + 1)
            } else {
                format!("S{:02}_{t}_{slug}", i + 1)
            };
            if used.contains(&scene_id) {
                scene_id = format!("S{:02}_{t}_SCENE", i + 1);
            }
            used.insert(scene_id.clone());
            let ids: Vec<String> = drafts.iter().map(|d| d.id.clone()).collect();
            let mut input = Vec::new();
            let mut output = Vec::new();
            let mut produced: BTreeSet<String> = BTreeSet::new();
            for (k, mut d) in drafts.into_iter().enumerate() {
                for a in &d.step.input_args {
                    if a.starts_with('$') && !produced.contains(a) {
                        push_unique(&mut input, a.clone());
                    }
                }
                if d.step.output_binding.starts_with('$') {
                    produced.insert(d.step.output_binding.clone());
                    push_unique(&mut output, d.step.output_binding.clone());
                }
                let next = ids
                    .get(k + 1)
                    .cloned()
                    .unwrap_or_else(|| "YIELD_SUCCESS".into());
                d.step.next_step_rules = vec![Transition {
                    condition: "success".into(),
                    target: next,
                }];
                steps.push(d.step);
            }
            scenes.push(Scene {
                scene_id,
                scene_name: name,
                scene_type: t,
                scene_goal: goal,
                input,
                output,
                entry_conditions: Vec::new(),
                exit_conditions: Vec::new(),
                entry_logic_step_id: ids[0].clone(),
                contained_logic_steps: ids,
                next_scene_rules: Vec::new(),
            });
        }
        self.transitions(&mut scenes);
        let skill = self.skill_record(&scenes, &steps);
        SslRecord {
            skill,
            scenes,
            logic_steps: steps,
        }
    }

    /// `success` to the next non-RECOVER scene, `failure` to the first
    /// RECOVER scene, `default` to END_FAIL.
    fn transitions(&self, scenes: &mut [Scene]) {
        let recover = scenes
            .iter()
            .find(|s| s.scene_type == SceneType::Recover)
            .map(|s| s.scene_id.clone());
        let n = scenes.len();
        for i in 0..n {
            let next = scenes[i + 1..]
                .iter()
                .find(|s| s.scene_type != SceneType::Recover)
                .map(|s| s.scene_id.clone())
                .unwrap_or_else(|| "END_SUCCESS".into());
            let s = &mut scenes[i];
            let mut rules = vec![Transition {
                condition: "success".into(),
                target: next,
            }];
            if s.scene_type == SceneType::Recover {
                s.entry_conditions.push("failure".into());
            } else if let Some(r) = &recover {
                rules.push(Transition {
                    condition: "failure".into(),
                    target: r.clone(),
                });
            }
            rules.push(Transition {
                condition: "default".into(),
                target: "END_FAIL".into(),
            });
            s.next_scene_rules = rules;
        }
        if let Some(first) = scenes.first_mut()
            && first.scene_type != SceneType::Recover
        {
            first.entry_conditions.push("skill_dispatched".into());
        }
    }

    fn skill_record(&self, scenes: &[Scene], steps: &[LogicStep]) -> SkillRecord {
        let ev = &self.report.evidence;
        let has_branch = scenes.iter().any(|s| {
            s.next_scene_rules
                .iter()
                .filter(|r| r.condition != "default")
                .count()
                > 1
        }) || steps.iter().any(|s| !s.preconditions.is_empty());
        let has_loop = ev
            .iter()
            .any(|e| matches!(e.op, Op::Loop | Op::ForkBomb) || e.has(Tag::Unbounded));
        let local_calls: BTreeSet<&str> = ev
            .iter()
            .zip(&self.report.step_ids)
            .filter(|(e, _)| e.op == Op::CallLocal)
            .filter_map(|(_, id)| id.as_deref())
            .collect();
        let has_tool_call = steps.iter().any(|s| {
            s.act_type == ActType::CallTool && !local_calls.contains(s.logic_step_id.as_str())
        });
        let touches_sensitive_resources = steps.iter().any(|s| {
            matches!(
                s.resource_scope,
                ResourceScope::Credentials | ResourceScope::UserData
            )
        });
        let prose_only = !ev
            .iter()
            .any(|e| e.op != Op::Return && is_code_origin(e.origin));
        SkillRecord {
            skill_id: skill_id(&self.report.name),
            skill_name: self.report.name.clone(),
            skill_goal: first_sentence(&self.report.description),
            top_pattern: top_pattern(scenes, prose_only),
            expected_inputs: self.expected_inputs(),
            expected_outputs: self.expected_outputs(),
            dependencies: self.dependencies(),
            tags: self.tags(),
            intent_signature: self.intents(),
            control_flow_features: ControlFlowFeatures {
                has_branch,
                has_loop,
                has_tool_call,
                touches_sensitive_resources,
            },
            entry_scene_id: scenes
                .first()
                .map(|s| s.scene_id.clone())
                .unwrap_or_default(),
            subscenes: scenes.iter().map(|s| s.scene_id.clone()).collect(),
        }
    }

    fn tags(&self) -> Vec<String> {
        let m = self.manifest;
        let mut out = Vec::new();
        let meta = m.data.get("metadata");
        let sources = [
            m.data.get("tags"),
            m.data.get("keywords"),
            m.data.get("category"),
            meta.and_then(|v| v.get("tags")),
            meta.and_then(|v| v.get("keywords")),
            meta.and_then(|v| v.get("category")),
            m.openclaw.as_ref().and_then(|o| o.get("tags")),
        ];
        for src in sources.into_iter().flatten() {
            let list = match src {
                Value::String(s) => s
                    .split(',')
                    .map(|t| t.trim().to_string())
                    .collect::<Vec<_>>(),
                v => str_list(Some(v)),
            };
            for t in list {
                if out.len() < MAX_NAMED {
                    push_unique(&mut out, snippet(&t, 60));
                }
            }
        }
        out
    }

    fn intents(&self) -> Vec<String> {
        let mut out = Vec::new();
        let desc = &self.report.description;
        for m in TRIGGER.captures_iter(desc) {
            let clause = first_sentence(m.get(1).map_or("", |c| c.as_str()));
            let clause = clause.trim_end_matches(['.', '!', '?']).trim();
            push_unique(&mut out, snippet(clause, 160));
        }
        for m in TRIGGER_LIST.captures_iter(desc) {
            let list = first_sentence(m.get(1).map_or("", |c| c.as_str()));
            for item in list.trim_end_matches('.').split([',', ';']) {
                let item = item
                    .trim()
                    .trim_start_matches("or ")
                    .trim_matches(|c: char| matches!(c, '"' | '\'' | '“' | '”'));
                push_unique(&mut out, snippet(item, 160));
            }
        }
        let wtu = self
            .manifest
            .data
            .get("when_to_use")
            .or_else(|| self.manifest.data.get("when-to-use"));
        match wtu {
            Some(Value::String(s)) => push_unique(&mut out, snippet(s.trim(), 160)),
            Some(Value::Array(a)) => {
                for v in a.iter().filter_map(Value::as_str) {
                    push_unique(&mut out, snippet(v.trim(), 160));
                }
            }
            _ => {}
        }
        for s in &self.sections {
            if !INTENT_HEADING.is_match(&s.title) {
                continue;
            }
            for b in s.blocks.iter().take(MAX_INTENTS) {
                let t = b
                    .text
                    .trim()
                    .trim_matches(|c: char| matches!(c, '"' | '\'' | '“' | '”'));
                push_unique(&mut out, snippet(t, 160));
            }
        }
        out.truncate(MAX_INTENTS);
        out
    }

    /// `$ARGUMENTS`, `argument-hint`, and argparse/click declarations of the
    /// Python scripts the skill runs.
    fn expected_inputs(&self) -> Vec<NamedType> {
        let mut out: Vec<NamedType> = Vec::new();
        let add = |name: String, ty: &str, out: &mut Vec<NamedType>| {
            if !name.is_empty() && out.len() < MAX_NAMED && !out.iter().any(|n| n.name == name) {
                out.push(NamedType {
                    name,
                    r#type: ty.into(),
                });
            }
        };
        let body = crate::text::slice(
            self.manifest_text,
            self.manifest.body_offset,
            self.manifest_text.len(),
        );
        if let Some(hint) = self.manifest.get_str("argument-hint") {
            for c in HINT.captures_iter(&hint) {
                add(c[1].trim().replace(' ', "_"), "str", &mut out);
            }
        }
        if body.contains("$ARGUMENTS") {
            add("ARGUMENTS".into(), "str", &mut out);
        }
        for (f, run) in &self.file_run {
            let file = &self.skill.files[*f];
            if !run || file.kind != FileKind::Python {
                continue;
            }
            for c in ARGPARSE.captures_iter(&file.text) {
                let names: Vec<&str> = [c.get(2), c.get(4)]
                    .into_iter()
                    .flatten()
                    .map(|m| m.as_str())
                    .collect();
                let long = names.iter().find(|n| n.starts_with("--"));
                let name = long.or(names.first()).copied().unwrap_or("");
                let name = name.trim_start_matches('-').replace('-', "_");
                let rest = c.get(5).map_or("", |m| m.as_str());
                add(name, arg_type(rest), &mut out);
            }
        }
        out
    }

    /// Literal files the skill's code writes.
    fn expected_outputs(&self) -> Vec<NamedType> {
        let mut names: BTreeSet<String> = BTreeSet::new();
        for e in &self.report.evidence {
            if e.op == Op::FileWrite
                && e.origin.is_code()
                && !e.target.is_empty()
                && !e.target.contains(['$', '{', '*', '\n'])
                && !e.target.starts_with("/dev/")
                && !e.target.starts_with('-')
                && !e.target.chars().all(|c| c.is_ascii_digit() || c == '&')
                && !e.has(Tag::TestFixture)
                && !e.has(Tag::Documentation)
            {
                names.insert(snippet(&e.target, 120));
            }
        }
        names
            .into_iter()
            .take(MAX_NAMED)
            .map(|name| NamedType {
                name,
                r#type: "file".into(),
            })
            .collect()
    }

    fn dependencies(&self) -> Vec<Dependency> {
        let m = self.manifest;
        let mut out: Vec<Dependency> = Vec::new();
        let add = |t: &str, v: String, out: &mut Vec<Dependency>| {
            let v = snippet(&v, 200);
            if !v.is_empty() && !out.iter().any(|d| d.r#type == t && d.value == v) {
                out.push(Dependency {
                    r#type: t.into(),
                    value: v,
                });
            }
        };
        for b in m.declared_bins() {
            add("binary", b, &mut out);
        }
        for e in m.declared_env() {
            add("env", e, &mut out);
        }
        for t in m.allowed_tools() {
            add("permission", t, &mut out);
        }
        let mut hosts: BTreeSet<String> = BTreeSet::new();
        for e in &self.report.evidence {
            if matches!(
                e.op,
                Op::NetFetch | Op::NetSend | Op::SocketConnect | Op::DownloadExec | Op::DnsQuery
            ) && let Some(h) = url_host(&e.target)
                && !h.contains(['$', '{', '}', '<', '>'])
                && !e.has(Tag::Documentation)
            {
                hosts.insert(h);
            }
        }
        for h in hosts {
            add("network", h, &mut out);
        }
        for spec in m.install_specs() {
            let kind = spec
                .get("kind")
                .and_then(Value::as_str)
                .unwrap_or("install");
            let what = ["formula", "package", "module", "url", "id"]
                .iter()
                .find_map(|k| spec.get(*k).and_then(Value::as_str))
                .unwrap_or("");
            if !what.is_empty() {
                add("install", format!("{kind}:{what}"), &mut out);
            }
        }
        out
    }
}

fn arg_type(rest: &str) -> &'static str {
    if rest.contains("store_true") || rest.contains("store_false") || rest.contains("is_flag") {
        "bool"
    } else if rest.contains("nargs") || rest.contains("multiple=True") {
        "list"
    } else if rest.contains("type=int") {
        "int"
    } else if rest.contains("type=float") {
        "float"
    } else {
        "str"
    }
}

static_regexes! {
    TRIGGER = r"(?i)\b(?:use (?:this skill |this |it )?(?:when(?:ever)?|for|if)|(?:should be |is )?used (?:when(?:ever)?|for)|invoke (?:this skill )?when|trigger(?:ed)? (?:when|by|on)|activate(?:s)? when|applies when)\s+([^.!?]+[.!?]?)";
    TRIGGER_LIST = r"(?i)\b(?:triggers?|trigger phrases|keywords)\s*(?:include|are)?\s*:\s*([^.!?\n]+)";
    INTENT_HEADING = r"(?i)^(when to (use|activate|invoke)|triggers?|trigger phrases|use cases|example (requests|prompts|queries)|activation)\b";
    HINT = r"[\[<]([^\]>]{1,40})[\]>]";
    ARGPARSE = r#"(?:add_argument|click\.argument|click\.option)\(\s*(['"])([^'"\n]{1,60})['"](?:\s*,\s*(['"])([^'"\n]{1,60})['"])?([^)\n]{0,300})"#;
}

/// `VERB_AND_VERB` from the scene types; `GUIDE_AND_APPLY` for prose-only
/// skills (the paper's pattern for guidance skills).
fn top_pattern(scenes: &[Scene], prose_only: bool) -> String {
    if prose_only {
        return "GUIDE_AND_APPLY".into();
    }
    let verb = |t: SceneType| match t {
        SceneType::Prepare => "PREPARE",
        SceneType::Acquire => "ACQUIRE",
        SceneType::Reason => "REASON",
        SceneType::Act => "ACT",
        SceneType::Verify => "VERIFY",
        SceneType::Recover => "RECOVER",
        SceneType::Finalize => "REPORT",
    };
    let mut core: Vec<SceneType> = Vec::new();
    for s in scenes {
        if !matches!(s.scene_type, SceneType::Prepare | SceneType::Recover)
            && !core.contains(&s.scene_type)
        {
            core.push(s.scene_type);
        }
    }
    match core.as_slice() {
        [] => {
            let first = scenes.first().map_or(SceneType::Prepare, |s| s.scene_type);
            format!("{}_AND_RETURN", verb(first))
        }
        [one] => {
            if scenes.iter().any(|s| s.scene_type == SceneType::Prepare) {
                format!("PREPARE_AND_{}", verb(*one))
            } else {
                format!("{}_AND_RETURN", verb(*one))
            }
        }
        [first, .., last] => format!("{}_AND_{}", verb(*first), verb(*last)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_sentences() {
        assert_eq!(
            first_sentence("Profiles a CSV, e.g. sales data. Use when asked."),
            "Profiles a CSV, e.g. sales data."
        );
        assert_eq!(first_sentence("No end"), "No end");
        assert_eq!(first_sentence("v1.2 is out. Next"), "v1.2 is out.");
        assert_eq!(first_sentence(""), "");
    }

    #[test]
    fn instructions_and_prohibitions() {
        let i = instruction("Summarize the report in 3–5 sentences for the user").unwrap();
        assert_eq!(i.act, ActType::Infer);
        assert_eq!(i.object, "the report in 3–5 sentences for the user");
        assert_eq!(i.condition, None);
        let act = |s: &str| instruction(s).unwrap().act;
        assert_eq!(act("1. **Run** the linter"), ActType::CallTool);
        assert_eq!(act("Then, check the output"), ActType::Validate);
        assert_eq!(act("First, read the guide"), ActType::Read);
        assert!(instruction("First look at a dataset in one command.").is_none());
        assert_eq!(act("You must send it"), ActType::Transfer);
        let i = instruction("If the API returns 401, check the token.").unwrap();
        assert_eq!(i.act, ActType::Validate);
        assert_eq!(i.condition.as_deref(), Some("If the API returns 401"));
        assert!(instruction("\"Send this week's report\"").is_none());
        assert!(instruction("Never run this as root").is_none());
        assert!(instruction("What's the weather in Lisbon?").is_none());
        assert!(instruction("`fetch is not defined`: upgrade to Node 18").is_none());
    }

    #[test]
    fn heading_types() {
        assert_eq!(heading_type("Troubleshooting"), Some(SceneType::Recover));
        assert_eq!(heading_type("Getting started"), Some(SceneType::Prepare));
        assert_eq!(heading_type("Usage"), Some(SceneType::Act));
        assert_eq!(heading_type("Output format"), Some(SceneType::Finalize));
        assert_eq!(heading_type("Verify the result"), Some(SceneType::Verify));
        assert_eq!(heading_type("Anchors"), None);
    }

    #[test]
    fn run_detection() {
        assert!(is_run("python3 {baseDir}/", true));
        assert!(is_run("python3 -u ", true));
        assert!(is_run("$ ./", true));
        assert!(is_run("Run `", true));
        assert!(!is_run("See ", true));
        assert!(!is_run("python3 ", false));
    }

    #[test]
    fn ids() {
        assert_eq!(skill_id("csv-summarizer"), "SKILL_CSV_SUMMARIZER");
        assert_eq!(skill_id("--"), "SKILL_UNNAMED");
        assert_eq!(skill_id("Writing Refiner"), "SKILL_WRITING_REFINER");
        assert_eq!(
            upper_slug("Notes for the agent!", 24),
            "NOTES_FOR_THE_AGENT"
        );
    }

    #[test]
    fn sections_and_blocks() {
        let t = "---\nname: x\n---\nIntro text.\n\n# Title\n\n## Usage\n\n1. Run it.\n2. Check it.\n\n```bash\nrm x\n```\n\n## Notes\n\n- a note\n";
        let m = Manifest::parse(t);
        let s = sections(t, m.body_offset, m.body_line);
        let titles: Vec<&str> = s.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(titles, vec!["", "Title", "Usage", "Notes"]);
        assert_eq!((s[0].start, s[0].end), (4, 5));
        assert_eq!(s[2].start, 8);
        assert_eq!(s[2].end, 16);
        let usage: Vec<(usize, &str, bool)> = s[2]
            .blocks
            .iter()
            .map(|b| (b.line, b.text.as_str(), b.ordered))
            .collect();
        assert_eq!(usage, vec![(10, "Run it.", true), (11, "Check it.", true)]);
        assert_eq!(s[3].blocks[0].text, "a note");
        assert!(!s[3].blocks[0].ordered);
    }
}
