//! Round 31 (impact31): resource exhaustion without loop words, as one
//! model in every language at token level (Go, Rust, Python, JavaScript/
//! TypeScript, Ruby, Perl, PHP, PowerShell, Lua; the shell's `while :; do
//! dd …` is `burn.rs`). A loop that cannot end on its own
//! ([`endless_heads`]: `for {`, `for i := 0; ; i++ {`, `for (;;)`, `for
//! (let i = 0; ; i++)`, `while True:`, `while (true)`, `loop {`, `loop do`,
//! `itertools.count()`) or whose count a server sets ([`fetched_names`])
//! and whose body, each turn, does one of:
//!
//! * **fills the disk**: creates a file ([`CREATES`]: `os.Create`,
//!   `open(…, 'w')`, `writeFileSync`, `File::create`, `File.open(…, 'w')`,
//!   `fopen`, `Out-File`, `fallocate`) with nothing removed ([`FREES`]) and
//!   no cap checked ([`CAPPED`]: a comparison that breaks or returns, a
//!   free-space query) — `Op::FileWrite` + `Unbounded` (SK-RES-003);
//! * **spawns without waiting** ([`super::perpetual::SPAWN`]: a goroutine,
//!   thread, process, fork, job) in a body that never waits, accepts, reads
//!   or leaves ([`super::perpetual::WAITS`]) — `Op::ForkBomb` + `Unbounded`
//!   (SK-RES-001);
//! * **balloons memory**: appends a fresh allocation to a collection it
//!   keeps ([`BALLOON`]) and never drops one — `Op::Loop` + `Runaway`
//!   (SK-RES-006).
//!
//! Quiet: a cache prefetcher that checks its size cap or evicts, a
//! benchmark with a fixed count, a server's accept loop (it waits), a log
//! appender writing one file (no file created per turn), a worker that
//! sleeps between spawns. A size or count fetched from a server is named in
//! the evidence (the server chooses how much of the machine goes).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Loop heads with no condition that can turn false, beyond
/// `perpetual::ENDLESS_HEAD`: a counting `for` with an empty test (Go
/// `for i := 0; ; i++ {`, C-like `for (let i = 0; ; i++)`) and Python's
/// `for i in itertools.count():`.
pub(super) static MORE_ENDLESS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)^\s*for\s+[^;\n{]*;\s*;[^{\n]*\{|\bfor\s*\(\s*(?:let|var|int|auto|\$?\w+)?\s*\$?\w*\s*=\s*[^;\n]*;\s*;[^)\n]*\)\s*\{?|\bfor\s+\w+\s+in\s+(?:itertools\.)?count\s*\([^)\n]*\)\s*:",
);

/// Creating or growing a file.
static CREATES: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bos\.(?:Create|WriteFile|OpenFile)\s*\(|\bioutil\.WriteFile\s*\(|\bopen\s*\((?:[^\n()]|\([^\n()]*\))*,\s*f?['"](?:w|wb|a|ab|x|xb)\+?['"]|\.write_(?:bytes|text)\s*\(|\b(?:writeFileSync|writeFile|appendFileSync|createWriteStream)\s*\(|\bFile::create\s*\(|\bfs::write\s*\(|\bFile\.(?:open\s*\((?:[^\n()]|\([^\n()]*\))*['"][wa]b?['"]|write|binwrite)\b|\bfopen\s*\([^\n)]*['"][wax]|\bfile_put_contents\s*\(|\bOut-File\b|\bSet-Content\b|\bWriteAll(?:Bytes|Text)\s*\(|\bfallocate\b|\bio\.open\s*\([^\n)]*['"][wa]|\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*['"]>{1,2}['"]"#,
);

/// A name built per turn (a format, an interpolation, a counter): a new
/// file each time, not one log appended to.
static VARIES: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bf['"]|\$\{|#\{|\.format\s*\(|\bformat!\s*\(|\bSprintf\s*\(|%0?\d*[ds]\b|\buuid|\bstrconv\.Itoa\b|\+\s*(?:i|n|idx|count|str\s*\(\s*\w+\s*\))\b"#,
);

/// Freeing what was written: a removal, a rotation, an eviction.
static FREES: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bos\.(?:remove|unlink|Remove|RemoveAll)\s*\(|\.unlink\s*\(|\bunlink(?:Sync)?\b|\brmSync\s*\(|\bfs::remove_file\b|\bFile\.delete\b|\bRemove-Item\b|\bevict\w*|\bprune\w*|\brotate\w*|\bcleanup\w*|\bshutil\.rmtree\b",
);

/// A cap checked in the body: a comparison that leaves (`if total >= MAX
/// { break }`, `if n > limit: return`), or a free-space query.
static CAPPED: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)^\s*(?:if|unless)\b[^\n]*[^<\-=!]\s(?:<|>|<=|>=)\s[^\n]*(?:\n[^\n]*)?\b(?:break|return|exit|last)\b|\b(?:statvfs|disk_usage|Statfs|GetDiskFreeSpace\w*|Get-PSDrive|Get-Volume|checkDiskSpace|diskusage|fs2?\.statfs\w*)\b",
);

/// A fresh allocation appended to a collection kept across turns.
static BALLOON: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:\.append\s*\(|\bappend\s*\(\s*\w+\s*,|\.push\s*\(|\.extend\s*\(|<<\s*|\+=\s*|\bpush\s*\(?\s*@\w+\s*,)\s*(?:make\s*\(\s*\[\]byte|bytearray\s*\(|bytes\s*\(\s*\d|Buffer\.(?:alloc|allocUnsafe)\s*\(|new\s+(?:Array|ArrayBuffer|Uint8Array)\s*\(|vec!\s*\[|Vec::with_capacity\s*\(|\[0\]\s*\*|b?['\x22].['\x22]\s*\*\s*|['\x22].['\x22]\s*x\s*|\x22.\x22\.repeat\s*\(|'.'\.repeat\s*\(|\[byte\[\]\]::new\s*\(|New-Object\s+byte\[\])",
);

/// Reading a server's answer, in every language.
pub(super) static FETCH: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bhttp\.(?:Get|Post)\s*\(|\bclient\.(?:Do|Get)\s*\(|\brequests\.(?:get|post)\s*\(|\burlopen\s*\(|\bfetch\s*\(|\baxios\b|\bNet::HTTP\b|\bURI\.open\b|\bInvoke-(?:RestMethod|WebRequest)\b|\bfile_get_contents\s*\(\s*['\x22]https?:|\bLWP::|\bHTTP::Tiny\b|\breqwest::|\bcurl\b|\bReadAll\s*\(\s*\w+\.Body\b|\.text\s*\(\s*\)|\bresp(?:onse)?\.(?:text|json|body|Body)\b",
);

/// Names a file binds from a server's answer, followed through the
/// assignments that use them (`b, _ := io.ReadAll(resp.Body)`; `v, err :=
/// strconv.ParseInt(…b…)`; `hint = v`). One pass over the lines, in
/// order, twice (a name bound in a later function, used earlier); linear.
fn fetched_names(lines: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
    for _ in 0..2 {
        for l in lines {
            let Some(eq) = l.find('=') else { continue };
            let (lhs, rhs) = l.split_at(eq);
            if rhs.starts_with("==") || lhs.ends_with(['!', '<', '>', '=']) {
                continue;
            }
            let tainted = FETCH.is_match(rhs) || words(rhs).any(|w| seen.contains(w));
            if !tainted {
                continue;
            }
            for w in words(lhs.trim_end_matches(':')) {
                if !matches!(
                    w,
                    "const"
                        | "let"
                        | "var"
                        | "my"
                        | "local"
                        | "err"
                        | "val"
                        | "if"
                        | "for"
                        | "while"
                ) && !seen.contains(w)
                {
                    if names.len() == crate::limits::EXHAUST_MAX_NAMES {
                        crate::limits::gave_up("EXHAUST_MAX_NAMES");
                        return names;
                    }
                    seen.insert(w.to_string());
                    names.push(w.to_string());
                }
            }
        }
    }
    names
}

fn words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty() && *w != "_" && !w.bytes().all(|b| b.is_ascii_digit()))
}

/// A loop head that counts to a server-set number (`for i in
/// range(int(n))`, `for (let i = 0; i < hint; i++)`, `for w < hint`).
static COUNTED_HEAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)^\s*(?:for|while)\b[^\n]*(?:\{|:|\bdo)\s*$|(?m)^\s*(?:for|while)\s*\([^\n]*\)\s*\{?\s*$|\.times\s+do\b|\.times\s*\{",
);

/// The lines after a head at `start..end` indented deeper than its own
/// line (a `do … end` block), read whole.
fn indented_body(text: &str, start: usize, end: usize) -> &str {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let ls = text[..start].rfind('\n').map_or(0, |n| n + 1);
    let own = indent(&text[ls..start.max(ls)]);
    let rest = &text[end..];
    let mut len = 0;
    for (i, l) in rest.split_inclusive('\n').enumerate() {
        if i > 0 && !l.trim().is_empty() && indent(l) <= own {
            break;
        }
        len += l.len();
    }
    &rest[..len]
}

/// Whether a loop body leaves the loop: a `return`, `raise`, `throw` or
/// exit anywhere in it, or a `break` when no loop is nested in it (a
/// nested loop's `break` leaves only that loop). A poller that downloads
/// once and returns is no fill.
fn leaves(body: &str) -> bool {
    static LEAVE: crate::rx::Lazy = crate::rx::Lazy::new(
        r"\breturn\b|\braise\b|\bthrow\b|\bsys\.exit\b|\bos\.Exit\b|\bexit\s*\(|\bprocess\.exit\b",
    );
    static NESTED: crate::rx::Lazy = crate::rx::Lazy::new(r"(?m)^\s*(?:for|while|loop)\b");
    LEAVE.is_match(body) || body.contains("break") && !NESTED.is_match(body)
}

/// Whether a file the body creates is named anew each turn: the created
/// name (a call's first argument, else the rest of the line), or the
/// assignment in the body of the plain name it passes, is built per turn
/// ([`VARIES`]). The content written is not the name: a long-poll bot's
/// `appendFileSync(log, `${day},${habit}\n`)` grows one log (r33
/// tg-habit-nudger).
fn names_vary(body: &str) -> bool {
    CREATES.find_iter(body).any(|m| {
        let eol = body[m.start()..]
            .find('\n')
            .map_or(body.len(), |n| m.start() + n);
        // `Path(f"{i}.bin").write_bytes(b)`: the name is the receiver.
        let bol = body[..m.start()].rfind('\n').map_or(0, |n| n + 1);
        if m.as_str().starts_with('.') && VARIES.is_match(&body[bol..m.start()]) {
            return true;
        }
        // Perl's `open(my $fh, '>', "$dir/$i")` names it after the mode.
        let perl = m.as_str().ends_with(">'") || m.as_str().ends_with(">\"");
        let Some(open) = m.as_str().find('(').filter(|_| !perl) else {
            return VARIES.is_match(&body[m.start()..eol]);
        };
        let open = m.start() + open + 1;
        let arg = first_arg(&body[open..eol]);
        if VARIES.is_match(arg) {
            return true;
        }
        let name = arg.trim();
        name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && !name.is_empty()
            && body.lines().any(|l| {
                let Some((lhs, rhs)) = l.split_once('=') else {
                    return false;
                };
                !rhs.starts_with('=') && words(lhs).any(|w| w == name) && VARIES.is_match(rhs)
            })
    })
}

/// A call's first argument: the text up to the first comma or closing
/// bracket at depth 0.
fn first_arg(args: &str) -> &str {
    let mut depth = 0i32;
    for (i, c) in args.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => return &args[..i],
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => return &args[..i],
            _ => {}
        }
    }
    args
}

/// What a loop body does to the machine each turn, if it exhausts it.
fn exhausts(body: &str) -> Option<(Op, Tag, &'static str)> {
    let waits = super::perpetual::WAITS.is_match(body);
    if CREATES.is_match(body)
        && names_vary(body)
        && !leaves(body)
        && !FREES.is_match(body)
        && !CAPPED.is_match(body)
    {
        return Some((
            Op::FileWrite,
            Tag::Unbounded,
            "files written until the disk is full",
        ));
    }
    if super::perpetual::SPAWN.is_match(body) && !waits {
        return Some((
            Op::ForkBomb,
            Tag::Unbounded,
            "a worker started every turn, none awaited: processes or threads until the machine stalls",
        ));
    }
    if BALLOON.is_match(body) && !waits && !body.contains(".pop") && !body.contains(".clear") {
        return Some((
            Op::Loop,
            Tag::Runaway,
            "memory allocated every turn and kept: the machine's memory until it is exhausted",
        ));
    }
    None
}

/// Adds each loop that exhausts the disk, the process table or memory;
/// see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !(CREATES.is_match(text) || super::perpetual::SPAWN.is_match(text) || BALLOON.is_match(text))
    {
        return;
    }
    let lines: Vec<&str> = text.lines().collect();
    let fetched = if FETCH.is_match(text) {
        fetched_names(&lines)
    } else {
        Vec::new()
    };
    let mut heads: Vec<(usize, usize, bool)> = super::perpetual::ENDLESS_HEAD
        .find_iter(text)
        .chain(MORE_ENDLESS.find_iter(text))
        .map(|m| (m.start(), m.end(), true))
        .collect();
    let fetched_set: std::collections::HashSet<&str> = fetched.iter().map(String::as_str).collect();
    if !fetched.is_empty() {
        // Loops counting to a number a server set.
        heads.extend(
            COUNTED_HEAD
                .find_iter(text)
                // A count, not a walk over fetched items (`for c in items:`).
                .filter(|m| {
                    let h = m.as_str();
                    (h.contains("range") || h.contains('<') || h.contains(".times"))
                        && words(h).any(|w| fetched_set.contains(w))
                })
                .map(|m| (m.start(), m.end(), false)),
        );
    }
    heads.sort_unstable();
    heads.dedup_by_key(|h| h.0);
    if heads.len() > crate::limits::FANOUT_MAX_LOOPS {
        crate::limits::gave_up("FANOUT_MAX_LOOPS");
    }
    let mut seen = std::collections::BTreeSet::new();
    for &(s, e, endless) in heads.iter().take(crate::limits::FANOUT_MAX_LOOPS) {
        let head = &text[s..e];
        let body = if head.trim_end().ends_with("do") && !head.contains('{') {
            // `loop do` / `while true do` (Ruby, Lua): the lines indented
            // deeper than the head.
            indented_body(text, s, e)
        } else {
            super::fanout::body_until(text, s, e, text.len()).0
        };
        let Some((op, tag, what)) = exhausts(body) else {
            continue;
        };
        if !seen.insert(format!("{op:?}")) {
            continue;
        }
        let used: std::collections::HashSet<&str> = words(body).chain(words(head)).collect();
        let hint = fetched.iter().find(|n| used.contains(n.as_str()));
        let how = match (endless, hint) {
            (_, Some(n)) => format!("{what} (how much is set by a server's answer, `{n}`)"),
            (true, None) => what.to_string(),
            (false, None) => continue,
        };
        let (act, scope) = match op {
            Op::FileWrite => (A::Write, R::LocalFs),
            _ => (A::CallTool, R::Process),
        };
        let mut ev = Evidence::new(op, act, scope, head.trim())
            .tag(tag)
            .instrument("code")
            .object(how);
        if tag == Tag::Runaway {
            ev.tags.insert(Tag::Unbounded);
        }
        let (ls, le) = super::burn::line_span(text, s);
        sink.push(src.at(ev, ls, le, "code"));
    }
}
