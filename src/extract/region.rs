//! Regions of code by structure (round 22): the one reader every
//! token-level behaviour class uses to decide "X happens together with Y"
//! instead of a byte or line proximity window.
//!
//! A file is read once, at the level the token readers already work, by
//! its language family ([`Family`]):
//!
//! * **indent** (Python, Ruby, Lua, YAML, Nim): a line heads a block of the
//!   lines indented deeper after it (Ruby's and Lua's `end` closes at the
//!   head's indentation, so indentation says the same);
//! * **brace** (C family, Go, Rust, JavaScript/TypeScript, Java, PHP, Perl,
//!   PowerShell, and anything unknown that has braces): `{ … }` with
//!   strings and comments skipped;
//! * **shell**: `do … done`, `if … fi`, `case … esac` and `{ … }` as words,
//!   quotes, `${…}` and comments skipped.
//!
//! Named local functions (`def`, `function`, `fn`, `func`, `sub`, `proc`,
//! `name() {`, `const name = (…) =>`, a method `name(…) {`) are recorded
//! with their bodies. [`Regions::unit_at`] is the region a position belongs
//! to (its function body, else its outermost block, else its line);
//! [`Regions::reach`] adds the bodies of the local functions named inside a
//! span, transitively, each once.
//!
//! Hostile input: one linear pass; nesting deeper than
//! `REGION_MAX_DEPTH`, more than `REGION_MAX_BLOCKS` blocks, and a reach
//! reading more than `REGION_MAX_REACH_BYTES` each stop and record
//! `gave_up` (the analysis is marked incomplete), never a silent cut.
//! Unbalanced closers are ignored; blocks still open at the end close at
//! the end of the file.

use crate::fxhash::FxHashMap;
use crate::limits::{REGION_MAX_BLOCKS, REGION_MAX_DEPTH, REGION_MAX_REACH_BYTES};
use std::collections::HashMap;

/// How a language marks its blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Indent,
    Brace,
    Shell,
}

impl Family {
    /// The family of a file by its extension (a shebang for none), else by
    /// whether its text has braces.
    pub fn of(path: &str, text: &str) -> Family {
        let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
        match ext.as_deref() {
            Some("py" | "pyw" | "rb" | "rake" | "lua" | "yml" | "yaml" | "nim" | "gemspec") => {
                Family::Indent
            }
            Some("sh" | "bash" | "zsh" | "ksh" | "command") => Family::Shell,
            Some(
                "js" | "mjs" | "cjs" | "ts" | "tsx" | "jsx" | "mts" | "cts" | "go" | "rs" | "c"
                | "h" | "cc" | "cpp" | "hpp" | "cs" | "java" | "kt" | "kts" | "swift" | "php"
                | "pl" | "pm" | "ps1" | "psm1" | "scala" | "groovy" | "dart",
            ) => Family::Brace,
            _ => {
                let first = text.lines().next().unwrap_or("");
                if first.starts_with("#!") {
                    if first.contains("python") || first.contains("ruby") || first.contains("lua") {
                        return Family::Indent;
                    }
                    if first.contains("sh") && !first.contains("pwsh") {
                        return Family::Shell;
                    }
                }
                if text.contains('{') {
                    Family::Brace
                } else {
                    Family::Indent
                }
            }
        }
    }
}

/// A block: `head` is the start of the line that opens it, `start..end`
/// its body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    pub head: usize,
    pub start: usize,
    pub end: usize,
}

/// A named local function and its body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Func {
    pub name: String,
    pub block: Block,
}

/// The structure of one file.
#[derive(Debug, Default)]
pub struct Regions {
    /// Blocks in order of their opening (so an enclosing block comes
    /// before the blocks it holds).
    blocks: Vec<Block>,
    /// The block each block sits in (blocks nest), by index.
    parent: Vec<Option<usize>>,
    /// The function each block is the body of, by index.
    func_of: Vec<Option<usize>>,
    funcs: Vec<Func>,
    /// Each function name with the functions of that name, by index.
    names: Vec<(String, Vec<usize>)>,
    /// A name's index in `names`.
    name_id: FxHashMap<String, u32>,
    /// The names each span read by a reach calls ([`Regions::called`]).
    called: std::cell::RefCell<FxHashMap<(usize, usize), std::rc::Rc<[u32]>>>,
    /// A budget was hit while reading the structure.
    pub incomplete: bool,
}

/// The spans a [`Regions::reach`] covers.
#[derive(Debug, Clone, Default)]
pub struct Reach {
    pub spans: Vec<(usize, usize)>,
    /// The byte budget stopped the reach before every function was read.
    pub gave_up: bool,
}

impl Reach {
    /// The first match of `rx` in any span of the reach (span order).
    pub fn find<'t>(&self, text: &'t str, rx: &crate::rx::Lazy) -> Option<regex::Match<'t>> {
        self.spans
            .iter()
            .find_map(|&(s, e)| rx.find_within(text, s, e))
    }

    /// Whether `name` is a whole word of any span.
    pub fn names(&self, text: &str, name: &str) -> bool {
        self.spans
            .iter()
            .any(|&(s, e)| words(&text[s..e]).any(|(_, w)| w == name))
    }

    /// Whether any span holds `at`.
    pub fn holds(&self, at: usize) -> bool {
        self.spans.iter().any(|&(s, e)| s <= at && at < e)
    }

    /// Every match of `rx` in the reach (overlapping spans read once each).
    pub fn matches<'t>(&self, text: &'t str, rx: &crate::rx::Lazy) -> Vec<regex::Match<'t>> {
        let mut out: Vec<regex::Match<'t>> = Vec::new();
        // The starts taken: a membership test per match, not a scan of
        // `out` (quadratic in the matches of a long reach; round 32).
        let mut taken: std::collections::HashSet<usize> = std::collections::HashSet::new();
        for &(s, e) in &self.spans {
            for m in rx.find_iter(&text[s..e]) {
                let at = s + m.start();
                if !taken.contains(&at) {
                    if let Some(m2) = rx.find_within(text, at, e) {
                        taken.insert(m2.start());
                        out.push(m2);
                    }
                }
            }
        }
        out
    }
}

impl Regions {
    /// Reads the structure of `text` (see the module docs).
    pub fn new(path: &str, text: &str) -> Regions {
        let mut r = Regions::default();
        let family = Family::of(path, text);
        match family {
            Family::Brace => r.read_braces(text, hash_comments(path)),
            Family::Indent => r.read_indent(text),
            Family::Shell => r.read_shell(text),
        }
        r.blocks
            .sort_by_key(|b| (b.start, std::cmp::Reverse(b.end)));
        let mut of_block: HashMap<(usize, usize), usize> = HashMap::new();
        for i in 0..r.funcs.len() {
            r.name_function(i);
            let f = &r.funcs[i];
            of_block.insert((f.block.start, f.block.end), i);
        }
        let mut stack: Vec<usize> = Vec::new();
        for (i, b) in r.blocks.iter().enumerate() {
            while stack
                .last()
                .is_some_and(|&t| r.blocks[t].end < b.end || r.blocks[t].end <= b.start)
            {
                stack.pop();
            }
            r.parent.push(stack.last().copied());
            r.func_of.push(of_block.get(&(b.start, b.end)).copied());
            stack.push(i);
        }
        if family == Family::Brace {
            r.expression_arrows(text);
        }
        r
    }

    /// `const hit = u => https.get(u, …)`: an arrow function whose body is
    /// an expression, not a block. Its body is the rest of its statement
    /// ([`Regions::statement_at`]); recorded as a function so a reach
    /// follows its calls and a call inside it is in its body.
    fn expression_arrows(&mut self, text: &str) {
        static EXPR_ARROW: crate::rx::Lazy = crate::rx::Lazy::new(
            r"(?m)^[ \t]*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:\([^()\n]*\)|[A-Za-z_$][\w$]*)\s*=>\s*[^\s{]",
        );
        for (k, c) in EXPR_ARROW.captures_iter(text).enumerate() {
            if k == REGION_MAX_SITES_ARROWS {
                crate::limits::gave_up("REGION_MAX_BLOCKS");
                self.incomplete = true;
                break;
            }
            let (Some(all), Some(name)) = (c.get(0), c.get(1)) else {
                continue;
            };
            let (head, end) = self.statement_at(text, all.start());
            let i = self.funcs.len();
            self.funcs.push(Func {
                name: name.as_str().to_string(),
                block: Block {
                    head,
                    start: all.end().saturating_sub(1),
                    end,
                },
            });
            self.name_function(i);
        }
    }

    /// Files function `i` under its name.
    fn name_function(&mut self, i: usize) {
        let name = &self.funcs[i].name;
        let id = match self.name_id.get(name) {
            Some(&id) => id as usize,
            None => {
                self.name_id.insert(name.clone(), self.names.len() as u32);
                self.names.push((name.clone(), Vec::new()));
                self.names.len() - 1
            }
        };
        self.names[id].1.push(i);
    }

    /// Every named local function and its body.
    pub fn function_bodies(&self) -> &[Func] {
        &self.funcs
    }

    /// The innermost block whose body holds `at`.
    pub fn block_at(&self, at: usize) -> Option<Block> {
        self.innermost(at).map(|i| self.blocks[i])
    }

    /// The outermost block whose body holds `at`.
    pub fn outer_block_at(&self, at: usize) -> Option<Block> {
        let mut i = self.innermost(at)?;
        while let Some(p) = self.parent[i] {
            i = p;
        }
        Some(self.blocks[i])
    }

    /// Whether no block was found.
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// The blocks whose body holds `at`, innermost first (at most the
    /// nesting depth).
    pub fn blocks_around(&self, at: usize) -> Vec<Block> {
        let mut out = Vec::new();
        let mut i = self.innermost(at);
        while let Some(b) = i {
            out.push(self.blocks[b]);
            i = self.parent[b];
        }
        out
    }

    /// The innermost named function whose body holds `at`.
    pub fn function_at(&self, at: usize) -> Option<&Func> {
        let mut i = self.innermost(at);
        while let Some(b) = i {
            if let Some(f) = self.func_of[b] {
                return Some(&self.funcs[f]);
            }
            i = self.parent[b];
        }
        None
    }

    /// The innermost block holding `at`, by index: the last block opened
    /// before `at`, or the first of its enclosing blocks still open there
    /// (blocks nest, so no other block can hold `at`). Bounded by the
    /// nesting depth.
    fn innermost(&self, at: usize) -> Option<usize> {
        let upto = self.blocks.partition_point(|b| b.start <= at);
        let mut i = upto.checked_sub(1);
        while let Some(b) = i {
            if at < self.blocks[b].end {
                return Some(b);
            }
            i = self.parent[b];
        }
        None
    }

    /// The region `at` belongs to: the body of its function (from the
    /// function's head line), else its outermost block (from the head
    /// line: a loop's header is part of the loop), else its own line.
    pub fn unit_at(&self, text: &str, at: usize) -> (usize, usize) {
        if let Some(f) = self.function_at(at) {
            return (f.block.head, f.block.end);
        }
        if let Some(b) = self.outer_block_at(at) {
            return (b.head, b.end);
        }
        self.statement_at(text, at)
    }

    /// The statement on the line of `at`: the line, and when a block opens
    /// on it, the block to the end of the line that closes it (`}, root)`).
    pub fn statement_at(&self, text: &str, at: usize) -> (usize, usize) {
        let (s, e) = line_span(text, at);
        let first = self.blocks.partition_point(|b| b.start < s);
        let opened = self.blocks[first..]
            .iter()
            .take_while(|b| b.start <= e + 1)
            .filter(|b| b.head == s)
            .map(|b| b.end)
            .max();
        match opened {
            // An indented block ends where the next line starts: its last
            // line is the one before.
            Some(end) if end > e && text.as_bytes().get(end.wrapping_sub(1)) == Some(&b'\n') => {
                (s, end - 1)
            }
            Some(end) if end > e => (s, line_span(text, end).1),
            _ => (s, e),
        }
    }

    /// The loops over what the statement at `at` produces: the statement
    /// itself with the block it opens (`for b in list_buckets():`,
    /// `walk(root, func(p) {`), and every later statement of the same
    /// enclosing block that names a variable the statement assigns (`bs =
    /// list_buckets()` … `for b in bs:`). Each span is a statement as
    /// [`Regions::statement_at`] reads it.
    pub fn loops_over(&self, text: &str, at: usize) -> Vec<(usize, usize)> {
        let own = self.statement_at(text, at);
        let mut out = vec![own];
        let names = assigned_names(&text[own.0..line_span(text, at).1]);
        if names.is_empty() {
            return out;
        }
        let end = self.block_at(at).map_or(text.len(), |b| b.end);
        let mut pos = own.1;
        let mut read = 0;
        while pos < end {
            let (ls, le) = line_span(text, (pos + 1).min(text.len()));
            if le <= pos || ls >= end {
                break;
            }
            read += le - ls;
            if read > REGION_MAX_REACH_BYTES {
                crate::limits::gave_up("REGION_MAX_REACH_BYTES");
                break;
            }
            let line = &text[ls..le];
            if words(line).any(|(_, w)| names.iter().any(|n| n == w)) && LOOP_HEAD.is_match(line) {
                let st = self.statement_at(text, ls);
                out.push(st);
                pos = st.1.max(le);
            } else {
                pos = le;
            }
        }
        out
    }

    /// `span` and the bodies of the local functions named inside it,
    /// transitively, each once. A name counts as a call when it is a whole
    /// word that is not its own definition (a callback passed by name is
    /// reached too).
    pub fn reach(&self, text: &str, span: (usize, usize)) -> Reach {
        let mut out = Reach {
            spans: vec![span],
            gave_up: false,
        };
        if self.funcs.is_empty() {
            return out;
        }
        let mut seen = vec![false; self.funcs.len()];
        // Names already followed: a name is looked up once per reach,
        // however often it is written.
        let mut followed = vec![false; self.names.len()];
        let mut read = 0usize;
        let mut next = 0;
        while next < out.spans.len() {
            let (s, e) = out.spans[next];
            next += 1;
            read += e - s;
            if read > REGION_MAX_REACH_BYTES {
                crate::limits::gave_up("REGION_MAX_REACH_BYTES");
                out.gave_up = true;
                break;
            }
            for &id in self.called(text, (s, e)).iter() {
                if std::mem::replace(&mut followed[id as usize], true) {
                    continue;
                }
                for &i in &self.names[id as usize].1 {
                    let f = &self.funcs[i];
                    if seen[i] {
                        continue;
                    }
                    // Already inside the span being read: nothing new.
                    if span.0 <= f.block.head && f.block.end <= span.1 {
                        seen[i] = true;
                        continue;
                    }
                    seen[i] = true;
                    out.spans.push((f.block.head, f.block.end));
                }
            }
        }
        out
    }

    /// The local functions a span names, as ids into `names`: each name
    /// once, in the order of its first whole-word use that is not its own
    /// definition. Read once per span and kept (a reach from each of many
    /// sites reads the same helper bodies; reading them again made a
    /// 12 MB script's reaches quadratic in practice). `text` is the text
    /// the regions were read from.
    fn called(&self, text: &str, (s, e): (usize, usize)) -> std::rc::Rc<[u32]> {
        if let Some(known) = self.called.borrow().get(&(s, e)) {
            return known.clone();
        }
        let mut ids: Vec<u32> = Vec::new();
        let mut listed: crate::fxhash::FxHashSet<u32> = Default::default();
        for (ws, word) in words(&text[s..e]) {
            let Some(&id) = self.name_id.get(word) else {
                continue;
            };
            if listed.contains(&id) || self.defines_at(s + ws, word) {
                continue;
            }
            listed.insert(id);
            ids.push(id);
        }
        let ids: std::rc::Rc<[u32]> = ids.into();
        self.called.borrow_mut().insert((s, e), ids.clone());
        ids
    }

    /// Whether the word `name` at `at` is the name a function's head
    /// defines (the first block opened after `at` has its head before it
    /// and is a function of that name).
    fn defines_at(&self, at: usize, name: &str) -> bool {
        let next = self.blocks.partition_point(|b| b.start <= at);
        self.blocks.get(next).is_some_and(|b| b.head <= at)
            && self
                .func_of
                .get(next)
                .copied()
                .flatten()
                .is_some_and(|f| self.funcs[f].name == name)
    }

    /// [`Regions::reach`] of [`Regions::unit_at`].
    pub fn reach_at(&self, text: &str, at: usize) -> Reach {
        self.reach(text, self.unit_at(text, at))
    }

    fn push_block(&mut self, text: &str, head: usize, start: usize, end: usize) {
        if self.blocks.len() >= REGION_MAX_BLOCKS {
            if !self.incomplete {
                crate::limits::gave_up("REGION_MAX_BLOCKS");
            }
            self.incomplete = true;
            return;
        }
        let b = Block { head, start, end };
        self.blocks.push(b);
        if let Some(name) = function_name(&text[head..start]) {
            self.funcs.push(Func { name, block: b });
        }
    }

    /// Records an opener past the depth budget; returns whether it fits.
    fn deeper(&mut self, depth: usize) -> bool {
        if depth < REGION_MAX_DEPTH {
            return true;
        }
        if !self.incomplete {
            crate::limits::gave_up("REGION_MAX_DEPTH");
        }
        self.incomplete = true;
        false
    }

    /// An opener: its block is recorded on the stack, or counted past the
    /// depth budget.
    fn open(
        &mut self,
        stack: &mut Vec<(usize, usize)>,
        over: &mut usize,
        head: usize,
        start: usize,
    ) {
        if *over > 0 || !self.deeper(stack.len()) {
            *over += 1;
        } else {
            stack.push((head, start));
        }
    }

    /// A closer at `end`: the block it closes (an uncounted one past the
    /// budget, or none when unbalanced).
    fn close(&mut self, text: &str, stack: &mut Vec<(usize, usize)>, over: &mut usize, end: usize) {
        if *over > 0 {
            *over -= 1;
        } else if let Some((head, start)) = stack.pop() {
            self.push_block(text, head, start, end);
        }
    }

    fn read_braces(&mut self, text: &str, hash: bool) {
        let b = text.as_bytes();
        let mut stack: Vec<(usize, usize)> = Vec::new();
        let mut over = 0usize;
        let mut lines = LineStarts::default();
        let mut quotes = Quotes::default();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'/' if b.get(i + 1) == Some(&b'/') => i = eol(b, i),
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    i = find(b, i + 2, b"*/").map_or(b.len(), |j| j + 2);
                    continue;
                }
                b'#' if hash && (i == 0 || b[i - 1] != b'$') => i = eol(b, i),
                b'"' | b'\'' | b'`' => {
                    i = quotes.skip(b, i);
                    continue;
                }
                b'{' => {
                    let head = lines.start(b, i);
                    self.open(&mut stack, &mut over, head, i + 1);
                }
                b'}' => self.close(text, &mut stack, &mut over, i),
                _ => {}
            }
            i += 1;
        }
        while let Some((head, start)) = stack.pop() {
            self.push_block(text, head, start, text.len());
        }
    }

    fn read_indent(&mut self, text: &str) {
        // (indent, head line start, body start)
        let mut stack: Vec<(usize, usize, usize)> = Vec::new();
        let mut prev: Option<(usize, usize, usize)> = None; // indent, line start, line end
        let mut at = 0;
        for line in text.split_inclusive('\n') {
            let start = at;
            at += line.len();
            let t = line.trim_start_matches([' ', '\t']);
            let body = t.trim_end();
            if body.is_empty() || body.starts_with('#') || body.starts_with("--") {
                continue;
            }
            let indent = line.len() - t.len();
            while let Some(&(ind, head, bstart)) = stack.last() {
                if indent > ind {
                    break;
                }
                stack.pop();
                self.push_block(text, head, bstart, start);
            }
            if let Some((pind, pstart, pend)) = prev {
                if indent > pind && self.deeper(stack.len()) {
                    stack.push((pind, pstart, pend));
                }
            }
            prev = Some((indent, start, at));
        }
        while let Some((_, head, bstart)) = stack.pop() {
            self.push_block(text, head, bstart, text.len());
        }
    }

    fn read_shell(&mut self, text: &str) {
        let b = text.as_bytes();
        let mut stack: Vec<(usize, usize)> = Vec::new();
        let mut over = 0usize;
        let mut lines = LineStarts::default();
        let mut quotes = Quotes::default();
        let mut i = 0;
        let mut word_start: Option<usize> = None;
        let sep = |c: u8| c.is_ascii_whitespace() || matches!(c, b';' | b'&' | b'|' | b'(' | b')');
        while i <= b.len() {
            let c = b.get(i).copied().unwrap_or(b'\n');
            let ends = sep(c) || (c == b'#' && word_start.is_none());
            if ends {
                if let Some(ws) = word_start.take() {
                    let w = &text[ws..i];
                    if matches!(w, "do" | "then" | "{" | "case") {
                        let head = lines.start(b, ws);
                        self.open(&mut stack, &mut over, head, i);
                    } else if matches!(w, "done" | "fi" | "}" | "esac") {
                        self.close(text, &mut stack, &mut over, ws);
                    } else if w == "elif" || w == "else" {
                        // `then … elif …; then`: the first arm closes here.
                        if over == 0 {
                            if let Some((head, start)) = stack.pop() {
                                self.push_block(text, head, start, ws);
                                stack.push((head, i));
                            }
                        }
                    }
                }
                if c == b'#' {
                    i = eol(b, i);
                    continue;
                }
                i += 1;
                continue;
            }
            match c {
                b'"' | b'\'' | b'`' => {
                    word_start.get_or_insert(i);
                    i = quotes.skip(b, i);
                    continue;
                }
                b'$' if b.get(i + 1) == Some(&b'{') => {
                    word_start.get_or_insert(i);
                    i = find(b, i + 2, b"}").map_or(b.len(), |j| j + 1);
                    continue;
                }
                _ => {
                    word_start.get_or_insert(i);
                }
            }
            i += 1;
        }
        while let Some((head, start)) = stack.pop() {
            self.push_block(text, head, start, text.len());
        }
    }
}

/// Expression-bodied arrow functions recorded per file (with the blocks'
/// budget: past it the file is marked incomplete).
const REGION_MAX_SITES_ARROWS: usize = REGION_MAX_BLOCKS;

/// A line that iterates: a loop keyword or an iterating call.
static LOOP_HEAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\b(?:for|foreach|while|until|each|each_\w+|map|forEach|ForEach-Object|ForEach|range|times)\b",
);

/// The names a statement assigns (`bs = …`, `const { Buckets } = …`,
/// `my @files = …`, `files, err := …`, `$list = …`).
pub fn assigned_names(line: &str) -> Vec<String> {
    const SKIP: &[&str] = &[
        "const", "let", "var", "my", "our", "local", "mut", "auto", "val",
    ];
    let Some(eq) = line.find('=') else {
        return Vec::new();
    };
    if matches!(line.as_bytes().get(eq + 1), Some(b'=' | b'>' | b'~'))
        || eq > 0 && matches!(line.as_bytes()[eq - 1], b'!' | b'<' | b'>' | b'=')
    {
        return Vec::new();
    }
    words(&line[..eq])
        .map(|(_, w)| w)
        .filter(|w| !SKIP.contains(w) && w.len() > 1 && !w.bytes().all(|c| c.is_ascii_digit()))
        .map(str::to_string)
        .take(8)
        .collect()
}

/// `lhs = rhs` on a line (not `==`, `=>`, `<=`, `>=`, `!=`).
pub fn split_assign(l: &str) -> Option<(&str, &str)> {
    let eq = l.find('=')?;
    let (lhs, rhs) = (&l[..eq], &l[eq + 1..]);
    if rhs.starts_with(['=', '>', '~']) || lhs.ends_with(['!', '<', '>', '=']) {
        return None;
    }
    Some((lhs, rhs))
}

/// The names an assignment's left side binds.
pub fn lhs_names(lhs: &str) -> Vec<String> {
    let lhs = lhs.split_once('=').map_or(lhs, |(l, _)| l);
    let lhs = lhs.split_once(':').map_or(lhs, |(l, _)| l);
    lhs.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| {
            !w.is_empty()
                && !w.bytes().all(|b| b.is_ascii_digit())
                && !matches!(
                    *w,
                    "const"
                        | "let"
                        | "var"
                        | "my"
                        | "local"
                        | "export"
                        | "self"
                        | "this"
                        | "err"
                        | "_"
                        | "if"
                        | "for"
                        | "while"
                        | "return"
                        | "await"
                        | "async"
                        | "function"
                        | "def"
                        | "func"
                )
        })
        .map(str::to_string)
        .collect()
}

/// Languages whose `#` starts a comment among the brace family.
fn hash_comments(path: &str) -> bool {
    let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    matches!(
        ext.as_deref(),
        Some("pl" | "pm" | "ps1" | "psm1" | "php" | "r") | None
    )
}

/// The name of the function a block's head (`text[head..body]`, the
/// opener's line up to the body) defines, if it defines one.
fn function_name(head: &str) -> Option<String> {
    static NAMED: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?:^|[\s;{}(])(?:def|function|fn|func|sub|proc)\s+(?:\([^)]*\)\s*)?(?:self\.)?([A-Za-z_][\w]*(?:[.:][A-Za-z_]\w*)?)(?:[^{};\[]|\[[^\]\n]*\])*\{?\s*$",
    );
    static ARROW: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:function\b[^=]*|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)\s*\{?\s*$",
    );
    static METHOD: crate::rx::Lazy = crate::rx::Lazy::new(
        r"^\s*(?:(?:async|static|public|private|protected|export|default|override|final|[A-Za-z_][\w<>\[\]]*\s+\*?)\s*)*([A-Za-z_][\w]*)\s*\([^()]*\)\s*(?::\s*[^{]*)?\{?\s*$",
    );
    const CONTROL: &[&str] = &[
        "if", "for", "while", "switch", "catch", "foreach", "elseif", "until", "with", "return",
        "else", "do", "try", "unless", "elsif", "when", "match", "loop", "select",
    ];
    let head = crate::text::slice(head, head.len().saturating_sub(400), head.len());
    let last = head.lines().last().unwrap_or("");
    if let Some(c) = NAMED.captures_iter(head).last() {
        let name = &c[1];
        let short = name.rsplit(['.', ':']).next().unwrap_or(name);
        return Some(short.to_string());
    }
    if let Some(c) = ARROW.captures(last) {
        return Some(c[1].to_string());
    }
    let first = last
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .find(|w| !w.is_empty());
    if first.is_some_and(|w| CONTROL.contains(&w)) {
        return None;
    }
    let c = METHOD.captures(last)?;
    let name = &c[1];
    (!CONTROL.contains(&name)).then(|| name.to_string())
}

/// Whole words (identifiers) of `s` with their offsets.
fn words(s: &str) -> impl Iterator<Item = (usize, &str)> {
    let b = s.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        let w = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        while i < b.len() {
            if w(b[i]) && (i == 0 || !(w(b[i - 1]) || b[i - 1] >= 0x80)) {
                let st = i;
                while i < b.len() && w(b[i]) {
                    i += 1;
                }
                return Some((st, &s[st..i]));
            }
            i += 1;
        }
        None
    })
}

fn eol(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |n| i + n)
}

fn line_start(b: &[u8], i: usize) -> usize {
    b[..i]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |n| n + 1)
}

fn find(b: &[u8], from: usize, pat: &[u8]) -> Option<usize> {
    if from >= b.len() {
        return None;
    }
    b[from..]
        .windows(pat.len())
        .position(|w| w == pat)
        .map(|n| from + n)
}

/// Line starts found going forward: each byte is looked at once however
/// many openers a line has.
#[derive(Default)]
struct LineStarts {
    upto: usize,
    last: usize,
}

impl LineStarts {
    fn start(&mut self, b: &[u8], i: usize) -> usize {
        if i < self.upto {
            return line_start(b, i);
        }
        if let Some(n) = b[self.upto..i].iter().rposition(|&c| c == b'\n') {
            self.last = self.upto + n + 1;
        }
        self.upto = i;
        self.last
    }
}

/// Strings skipped. `"` and `'` strings end at their line (a lone quote, a
/// Rust lifetime, an apostrophe in a word, is no string); backticks may
/// span lines. A quote that found no partner on its line is remembered, so
/// a line of escaped quotes is read once, not once per quote.
#[derive(Default)]
struct Quotes {
    /// Per quote kind (`"`, `'`, `` ` ``): no partner before this position.
    open_until: [usize; 3],
}

impl Quotes {
    /// The position after the string that starts at `i`.
    fn skip(&mut self, b: &[u8], i: usize) -> usize {
        let q = b[i];
        let k = match q {
            b'"' => 0,
            b'\'' => 1,
            _ => 2,
        };
        if i < self.open_until[k] {
            return i + 1;
        }
        let mut j = i + 1;
        while j < b.len() {
            match b[j] {
                b'\\' => j += 2,
                c if c == q => return j + 1,
                b'\n' if q != b'`' => {
                    self.open_until[k] = j;
                    return i + 1;
                }
                _ => j += 1,
            }
        }
        self.open_until[k] = b.len();
        i + 1
    }
}

/// The line holding `at`: its start and its end (before the newline).
pub fn line_span(text: &str, at: usize) -> (usize, usize) {
    let b = text.as_bytes();
    let s = line_start(b, at.min(b.len()));
    (s, eol(b, at.min(b.len())))
}

#[cfg(test)]
mod tests;
