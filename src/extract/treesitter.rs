//! tree-sitter plumbing: one parser per language per thread, parsing under a
//! work budget, and bounded node helpers.

use super::Lang;
use crate::limits::{MAX_PARSE_BYTES, PARSE_MAX_PROGRESS_CHECKS, PARSE_WALL_BACKSTOP_MICROS};
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::LazyLock;
use std::time::{Duration, Instant};
use tree_sitter::{Language, Node, ParseOptions, Parser, Point, Tree};

thread_local! {
    static PARSERS: RefCell<HashMap<&'static str, Parser>> = RefCell::new(HashMap::new());
}

/// A tree-sitter grammar. TypeScript and TSX lower through the
/// JavaScript extractor (their node kinds are JavaScript's plus types).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grammar {
    Bash,
    Python,
    JavaScript,
    TypeScript,
    Tsx,
    PowerShell,
}

impl Grammar {
    /// The grammar of a language's code.
    pub fn of(lang: Lang) -> Option<Grammar> {
        match lang {
            Lang::Shell => Some(Grammar::Bash),
            Lang::Python => Some(Grammar::Python),
            Lang::JavaScript => Some(Grammar::JavaScript),
            Lang::PowerShell => Some(Grammar::PowerShell),
        }
    }

    /// The TypeScript grammar for a TypeScript file name (`.ts`, `.mts`,
    /// `.cts`, `.tsx`); None for anything else.
    pub fn typescript_for(path: &str) -> Option<Grammar> {
        let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
        Self::typescript_tag(&ext)
    }

    /// The TypeScript grammar for a fenced block's language tag (`ts`,
    /// `typescript`, `tsx`, `mts`, `cts`); None for anything else.
    pub fn typescript_tag(tag: &str) -> Option<Grammar> {
        match tag.to_ascii_lowercase().as_str() {
            "ts" | "mts" | "cts" | "typescript" => Some(Grammar::TypeScript),
            "tsx" => Some(Grammar::Tsx),
            _ => None,
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    fn key(self) -> &'static str {
        match self {
            Grammar::Bash => "bash",
            Grammar::Python => "python",
            Grammar::JavaScript => "javascript",
            Grammar::TypeScript => "typescript",
            Grammar::Tsx => "tsx",
            Grammar::PowerShell => "powershell",
        }
    }
}

/// TypeScript node kinds read as their JavaScript twins, so the JavaScript
/// lowering handles them unchanged.
fn ts_alias<'k>(kind: &'k str) -> &'k str {
    match kind {
        "abstract_class_declaration" => "class_declaration",
        "public_field_definition" => "field_definition",
        k => k,
    }
}

/// The grammars in [`Grammar`] order, each with its node-kind names indexed
/// by kind id.
static GRAMMARS: LazyLock<[(Language, Vec<&'static str>); 6]> = LazyLock::new(|| {
    static BASH: LazyLock<Language> = LazyLock::new(|| tree_sitter_bash::LANGUAGE.into());
    static PYTHON: LazyLock<Language> = LazyLock::new(|| tree_sitter_python::LANGUAGE.into());
    static JS: LazyLock<Language> = LazyLock::new(|| tree_sitter_javascript::LANGUAGE.into());
    static TS: LazyLock<Language> =
        LazyLock::new(|| tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into());
    static TSX: LazyLock<Language> = LazyLock::new(|| tree_sitter_typescript::LANGUAGE_TSX.into());
    static PS: LazyLock<Language> = LazyLock::new(|| tree_sitter_powershell::LANGUAGE.into());
    [
        (&BASH, false),
        (&PYTHON, false),
        (&JS, false),
        (&TS, true),
        (&TSX, true),
        (&PS, false),
    ]
    .map(|(l, ts): (&'static LazyLock<Language>, bool)| {
        let l: &'static Language = l;
        let names = (0..l.node_kind_count())
            .map(|id| {
                let k = u16::try_from(id)
                    .ok()
                    .and_then(|id| l.node_kind_for_id(id))
                    .unwrap_or("");
                if ts { ts_alias(k) } else { k }
            })
            .collect();
        (l.clone(), names)
    })
});

/// [`Node::kind`] from a table: the same name without measuring and
/// validating a C string on every call (the extractors ask millions of
/// times per registry scan).
pub trait KindName {
    fn kind_name(&self) -> &'static str;
}

impl KindName for Node<'_> {
    fn kind_name(&self) -> &'static str {
        let lang = self.language();
        GRAMMARS
            .iter()
            .find(|(l, _)| *l == *lang)
            .and_then(|(_, names)| names.get(usize::from(self.kind_id())).copied())
            // Every tree comes from one of the grammars above.
            .unwrap_or("")
    }
}

/// Why a unit could not be parsed.
#[derive(Debug)]
pub enum ParseFailure {
    TooLarge(usize),
    /// The work budget (`PARSE_MAX_PROGRESS_CHECKS`) ran out.
    TooMuchWork,
    /// The wall-time backstop (`PARSE_WALL_BACKSTOP_MICROS`) ran out.
    Timeout,
    Unsupported,
}

impl std::fmt::Display for ParseFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseFailure::TooLarge(n) => write!(
                f,
                "{n} bytes is over the {MAX_PARSE_BYTES}-byte parse limit"
            ),
            ParseFailure::TooMuchWork => write!(
                f,
                "parsing exceeded {PARSE_MAX_PROGRESS_CHECKS} progress checks (PARSE_MAX_PROGRESS_CHECKS)"
            ),
            ParseFailure::Timeout => write!(
                f,
                "parsing exceeded {} ms of wall time (PARSE_WALL_BACKSTOP_MICROS)",
                PARSE_WALL_BACKSTOP_MICROS / 1000
            ),
            ParseFailure::Unsupported => write!(f, "no grammar"),
        }
    }
}

/// Parses `text` under a work budget. Syntax errors are fine (tree-sitter
/// recovers); only a spent budget or oversize input fails.
pub fn parse(lang: Lang, text: &str) -> Result<Tree, ParseFailure> {
    match Grammar::of(lang) {
        Some(g) => parse_grammar(g, text),
        None => Err(ParseFailure::Unsupported),
    }
}

/// Parses `text` with grammar `g` (see [`parse`]).
pub fn parse_grammar(g: Grammar, text: &str) -> Result<Tree, ParseFailure> {
    // The limits (lowered only by tests, see `limits::parse_limits`).
    let limits = crate::limits::parse_limits();
    if text.len() > limits.max_bytes {
        return Err(ParseFailure::TooLarge(text.len()));
    }
    let language = GRAMMARS[g.index()].0.clone();
    PARSERS.with(|cell| {
        let mut map = cell.borrow_mut();
        let parser = map.entry(g.key()).or_insert_with(|| {
            let mut p = Parser::new();
            // Only fails on an ABI mismatch, which the build pins.
            let _ = p.set_language(&language);
            p
        });
        let deadline = Instant::now() + Duration::from_micros(limits.wall_micros);
        let mut checks = 0u64;
        let mut failure = ParseFailure::TooMuchWork;
        // --- hardening (issue 6, found by tests/fuzz.rs) ---
        // tree-sitter-bash 0.25.1's external scanner calls `isdigit()` on the
        // lookahead code point after `{` (tree-sitter-bash#337): a code point
        // above U+FFFF indexes glibc's ctype table out of bounds and the
        // process dies with SIGSEGV (`{😀` in a bash code block was enough).
        // The shell grammar is fed every non-ASCII byte as `x`: byte offsets
        // are unchanged, node text is always sliced from the original, and
        // bash treats non-ASCII bytes as word characters anyway.
        let shell_bytes: Vec<u8>;
        let bytes = if g == Grammar::Bash && !text.is_ascii() {
            shell_bytes = text
                .bytes()
                .map(|b| if b.is_ascii() { b } else { b'x' })
                .collect();
            &shell_bytes[..]
        } else {
            text.as_bytes()
        };
        // --- end hardening ---
        let mut input = |i: usize, _p: Point| -> &[u8] { bytes.get(i..).unwrap_or(&[]) };
        // The work budget decides (deterministic: tree-sitter calls this
        // once per 100 parser operations); the clock is only a backstop.
        let mut progress = |_s: &tree_sitter::ParseState| {
            checks += 1;
            if checks > limits.max_checks {
                ControlFlow::Break(())
            } else if Instant::now() > deadline {
                failure = ParseFailure::Timeout;
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let opts = ParseOptions::new().progress_callback(&mut progress);
        let tree = parser.parse_with_options(&mut input, None, Some(opts));
        if tree.is_none() {
            parser.reset();
        }
        tree.ok_or(failure)
    })
}

/// The source text of a node (empty on hostile ranges).
pub fn text<'a>(node: Node, src: &'a str) -> &'a str {
    src.get(node.byte_range()).unwrap_or("")
}

/// Visits every node in pre-order without recursion (deeply nested input
/// cannot overflow the stack). The callback returns `false` to skip children.
pub fn walk<'t>(root: Node<'t>, mut f: impl FnMut(Node<'t>) -> bool) {
    let mut cursor = root.walk();
    let mut descend = f(cursor.node());
    loop {
        if descend && cursor.goto_first_child() {
            descend = f(cursor.node());
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                descend = f(cursor.node());
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
        }
    }
}

/// [`walk`], also handing the callback each node's parent in the walk
/// (`None` for the root) and the cursor standing on the node, whose
/// `field_name` is the node's field in that parent: a walk that needs to
/// know whether an identifier is, say, a call's `function` asks this
/// instead of `Node::parent` (O(depth) in tree-sitter) or a set of node ids.
pub fn walk_in_parent<'t>(
    root: Node<'t>,
    mut f: impl FnMut(Node<'t>, Option<Node<'t>>, &tree_sitter::TreeCursor<'t>) -> bool,
) {
    let mut cursor = root.walk();
    let mut parents: Vec<Node<'t>> = Vec::new();
    let mut descend = f(cursor.node(), None, &cursor);
    loop {
        if descend {
            let node = cursor.node();
            if cursor.goto_first_child() {
                parents.push(node);
                descend = f(cursor.node(), Some(node), &cursor);
                continue;
            }
        }
        loop {
            if cursor.goto_next_sibling() {
                descend = f(cursor.node(), parents.last().copied(), &cursor);
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
            parents.pop();
        }
    }
}

/// Named children of a node.
pub fn named_children<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut c = node.walk();
    node.named_children(&mut c).collect()
}

/// Whether any ancestor (up to `limit` levels) has one of the kinds.
pub fn has_ancestor<'t>(node: Node<'t>, kinds: &[&str], limit: usize) -> Option<Node<'t>> {
    let mut cur = node.parent();
    let mut n = 0;
    while let Some(p) = cur {
        if kinds.contains(&p.kind_name()) {
            return Some(p);
        }
        n += 1;
        if n >= limit {
            break;
        }
        cur = p.parent();
    }
    None
}

/// Decodes C-style escapes (`\xNN`, `\NNN` octal, `\uNNNN`, `\n`...) in a
/// literal body. Used for Bash `$'...'`/`printf` and JS/Python strings.
pub fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('0') if !it.peek().is_some_and(|d| d.is_digit(8)) => out.push('\0'),
            // `\xNN`, `\uNNNN`, and the braced `\x{…}` (Perl) / `\u{…}` forms.
            Some(k @ ('x' | 'u')) => {
                let braced = it.peek() == Some(&'{');
                if braced {
                    it.next();
                }
                let max = match (braced, k) {
                    (true, _) => 6,
                    (false, 'x') => 2,
                    _ => 4,
                };
                let h: String = it
                    .clone()
                    .take(max)
                    .take_while(|d| d.is_ascii_hexdigit())
                    .collect();
                for _ in 0..h.len() {
                    it.next();
                }
                if braced && it.peek() == Some(&'}') {
                    it.next();
                }
                match u32::from_str_radix(&h, 16).ok().and_then(char::from_u32) {
                    Some(ch) => out.push(ch),
                    None => {
                        out.push('\\');
                        out.push(k);
                    }
                }
            }
            Some(d) if d.is_digit(8) => {
                let mut o = d.to_string();
                while o.len() < 3 && it.peek().is_some_and(|x| x.is_digit(8)) {
                    o.push(it.next().unwrap_or('0'));
                }
                match u32::from_str_radix(&o, 8).ok().and_then(char::from_u32) {
                    Some(ch) => out.push(ch),
                    None => out.push('?'),
                }
            }
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescapes_hex_octal_unicode() {
        assert_eq!(unescape(r"\x63\x75\x72\x6c"), "curl");
        assert_eq!(unescape(r"\143url"), "curl");
        assert_eq!(unescape(r"\u0063url"), "curl");
    }

    #[test]
    fn deep_nesting_parses_and_walks_without_overflow() {
        let src = format!("echo {}x{}", "$(".repeat(5000), ")".repeat(5000));
        if let Ok(tree) = parse(Lang::Shell, &src) {
            let mut n = 0usize;
            walk(tree.root_node(), |_| {
                n += 1;
                true
            });
            assert!(n > 0);
        }
    }

    #[test]
    fn table_kind_names_match_tree_sitter() {
        for (lang, code) in [
            (
                Lang::Shell,
                "f() { x=$(curl -s \"$u\" | sh); echo ${x:-a} >> ~/.bashrc; }",
            ),
            (
                Lang::Python,
                "import os\n@d\ndef f(a, *k):\n    return [x for x in os.environ if x]\n",
            ),
            (
                Lang::JavaScript,
                "const {a} = require('x'); class C { #p = 1; m() { return `t${a}` } }",
            ),
            (
                Lang::PowerShell,
                "function f($a) { while ($true) { Invoke-RestMethod -Uri \"https://x/$a\" -Body @{k=$env:K} } }\n. ./lib.ps1\n",
            ),
        ] {
            let tree = parse(lang, code).expect("parses");
            let mut n = 0;
            walk(tree.root_node(), |node| {
                assert_eq!(node.kind_name(), node.kind(), "{lang:?}");
                n += 1;
                true
            });
            assert!(n > 20);
        }
    }

    #[test]
    fn typescript_kinds_read_as_javascript() {
        let code = "abstract class A<T> { private x: number = 1; f(a: T): T { return a as T; } }\ninterface I { a: string }\nconst v = <any>w!;";
        for g in [Grammar::TypeScript, Grammar::Tsx] {
            let code = if g == Grammar::Tsx {
                code.replace("<any>w!", "w!")
            } else {
                code.to_string()
            };
            let tree = parse_grammar(g, &code).expect("parses");
            assert!(
                !tree.root_node().has_error(),
                "{g:?}: {}",
                tree.root_node().to_sexp()
            );
            let mut kinds = Vec::new();
            walk(tree.root_node(), |node| {
                assert_eq!(node.kind_name(), ts_alias(node.kind()), "{g:?}");
                kinds.push(node.kind_name());
                true
            });
            assert!(kinds.contains(&"class_declaration") && kinds.contains(&"field_definition"));
        }
        assert_eq!(
            Grammar::typescript_for("src/a.MTS"),
            Some(Grammar::TypeScript)
        );
        assert_eq!(Grammar::typescript_for("a.tsx"), Some(Grammar::Tsx));
        assert_eq!(Grammar::typescript_for("a.js"), None);
    }
}
