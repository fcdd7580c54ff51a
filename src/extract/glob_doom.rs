//! Objects chosen by globs and walks (round 25), once for every language
//! at token level: a deletion, truncation or shredding whose targets come
//! from a glob or a folder walk (`glob.glob('**/*.db*', recursive=True)`,
//! `Path.rglob`, `globSync`, `fs.readdirSync(…, {recursive})`,
//! `filepath.Glob`/`WalkDir`, `Dir.glob`, `Get-ChildItem -Recurse
//! -Include`, `find … -name`, a shell `for f in **/*.kdbx`) that selects
//! the user's valuable objects by extension ([`VALUABLE`]: databases and
//! their journals, password vaults, keys and certificates, backups,
//! documents, photos, a `.git` folder). The object table of
//! [`super::doomed`] lists the removal spellings of stores; this is its
//! by-extension row family: the object is named by the pattern, the verb
//! is any file removal.
//!
//! Structure, not proximity: the selection is read from the removal's own
//! line, the heads of the loops enclosing it (by indentation, up to the
//! function's head or the file's top level, at most `DOOMED_LOOP_LINES`
//! lines up) and the statements assigning a name those lines use (`dbs =
//! glob.glob(…)`; `for pat in PATTERNS:` with `PATTERNS = ("*.db", …)`).
//! A selection rooted in the skill's own folder or a scratch folder
//! ([`OWN_ROOT`]: `__file__`, `__dirname`, `./.cache`, a temporary folder,
//! `build/`) is the skill's own files: quiet. A condition between the loop
//! head and the removal that does not itself name the extension
//! (`if age > 30 days`) selects: a warning instead of a sweep.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::HashMap;

/// A file removal in any language.
static REMOVES: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bos\.(?:remove|unlink|Remove|RemoveAll)\s*\(|\.unlink\s*\(|\bunlink(?:Sync)?\s*\(|\brm(?:Sync)?\s*\(|\brmdirSync\s*\(|\bshutil\.rmtree\s*\(|\bFile\.(?:delete|Delete|unlink)\s*\(|\bFileUtils\.rm(?:_r|_rf|_f)?\b|\bfs::remove_(?:file|dir_all)\s*\(|\bRemove-Item\b|(?:^|[\s;&|({`]|\$\()(?:sudo\s+)?(?:rm|shred|srm|wipe)\s|\s-delete\b|-exec\s+rm\b|\bxargs\s+(?:-0\s+)?rm\b|\bshred\b|\bsend2trash\s*\(|['"]-delete['"]|['"](?:rm|shred|unlink)['"]\s*,"#,
);

/// Round 31: destruction in place, not removal: the file kept but emptied
/// (`truncate $fh, 0`, `os.truncate`, `truncate -s 0`, `O_TRUNC`,
/// `Clear-Content`, `: > "$f"`, `cp /dev/null`), written with nothing
/// (`write_text('')`, `writeFileSync(f, '')`, `File.write(f, '')`,
/// `os.WriteFile(p, nil, …)`, `Set-Content $f ''`, `open(f, 'w').close()`,
/// Perl `open(…, '>', $f); close`) or overwritten by `dd of=`. Noise and
/// ciphertext written back are [`noise_write`] and [`cipher_in_place`].
static EMPTIES: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?:f|os\.|fs\.|File\.)?truncate(?:Sync)?\s*\(?\s*(?:[\w$.]+\s*,\s*)?0\s*\)?(?:[;,\s]|$)|\btruncate\s+(?:-s\s*|--size[= ])0\b|\.truncate\s*\(\s*\)|\bfs\.truncate(?:Sync)?\s*\(\s*[\w$.]+\s*\)|\.SetLength\s*\(\s*0\s*\)|\bO_TRUNC\b|\.set_len\s*\(\s*0\s*\)|\bClear-Content\b|\bdd\b[^\n]*\bof=|(?:^|;|&&|\|\||[{(]|\bdo|\bthen)\s*:?\s*>\s*["']?\$\{?\w|\b(?:cp|cat)\s+/dev/null\b|\bwrite_(?:text|bytes)\s*\(\s*b?(?:''|"")\s*\)|\b(?:writeFileSync|writeFile|write|binwrite|file_put_contents|WriteFile|WriteAllText|WriteAllBytes)\s*\([^\n]{0,160}?,\s*(?:b?''|b?""|nil|null|None|\[\]byte\{\}|\[\]byte\(""\)|\$null|&\[\]|\[\]|Buffer\.alloc\(\s*0\s*\))\s*[,)]|\bSet-Content\b[^\n]*?\s(?:-Value\s+)?(?:''|""|\$null)(?:\s|$)|\bopen\s*\([^\n]*,\s*['"]wb?['"]\s*\)\s*(?:\.close\s*\(|:\s*pass\b)|\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*['"]\+?>['"]\s*,[^;\n]*;\s*close\b"#,
);

/// Random bytes, for an overwrite with noise.
static NOISE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)/dev/u?random\b|\burandom\s*\(|\brandomBytes\s*\(|\brandom_bytes\b|\bRandom\.bytes\b|\bSecureRandom\b|\bRandomNumberGenerator\b|\bfill_bytes\b|\brand\.Read\s*\(|\bgetrandom\b|\bopenssl_random_pseudo_bytes\b|\btoken_bytes\s*\(",
);

/// A write of a file's content, in every language.
static WRITE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bwrite(?:_bytes|_text|_all|FileSync|File|Sync)?\s*\(|\bbinwrite\b|\bfile_put_contents\s*\(|\bWriteAll(?:Bytes|Text)\s*\(|\bSet-Content\b|\bprint\s*\{?\s*\$\w+\}?\s|\bsyswrite\b|\bfs::write\s*\(",
);

/// Whether line `l` overwrites a file with random bytes (`f.write(os.urandom(n))`,
/// `fs.writeFileSync(p, crypto.randomBytes(n))`, `dd if=/dev/urandom of=…`).
fn noise_write(l: &str) -> bool {
    NOISE.is_match(l) && (WRITE.is_match(l) || l.contains(" of="))
}

/// A cipher call.
static CIPHER: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bencrypt\w*\s*\(|\.update\s*\([^\n]*\bcipher|\bcipher\w*\.(?:update|final|seal)\s*\(|\.Seal\s*\(",
);

/// Whether line `l` writes ciphertext back over the file it read (the
/// ransomware shape without a deletion: `p.write_bytes(f.encrypt(p.read_bytes()))`,
/// `fs.writeFileSync(f, enc(fs.readFileSync(f)))`, `File.binwrite(f,
/// c.update(File.binread(f)))`): a write and a cipher on one line, the
/// written name read on it too.
fn cipher_in_place(l: &str) -> bool {
    if !CIPHER.is_match(l) {
        return false;
    }
    let Some(w) = WRITE.find(l) else {
        return false;
    };
    // The written name: the receiver before the call (`p.write_bytes(`) or
    // the first argument (`writeFileSync(f,`).
    let id = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let recv: String = l[..w.start()]
        .trim_end_matches('.')
        .chars()
        .rev()
        .take_while(|&c| id(c))
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let arg: String = l[w.end()..]
        .trim_start()
        .chars()
        .take_while(|&c| id(c))
        .collect();
    // The first argument must be the name alone (`writeFileSync(f, …)`,
    // not `writeFileSync(f + '.enc', …)`: a new file beside the original).
    let after_arg = l[w.end()..].trim_start()[arg.len()..].trim_start();
    let arg = if after_arg.starts_with([',', ')']) {
        arg
    } else {
        String::new()
    };
    let rest = &l[w.end()..];
    [recv, arg].iter().any(|n| {
        !n.is_empty()
            && !matches!(n.as_str(), "fs" | "File" | "IO" | "os" | "Files")
            && rest.matches(n.as_str()).count()
                >= usize::from(rest.trim_start().starts_with(n.as_str())) + 1
    })
}

/// How line `l` destroys a file, if it does: removed, emptied, overwritten
/// with noise, or encrypted in place.
fn destroys(l: &str) -> Option<&'static str> {
    if REMOVES.is_match(l) {
        Some("removed")
    } else if EMPTIES.is_match(l) {
        Some("emptied")
    } else if noise_write(l) {
        Some("overwritten with random bytes")
    } else if cipher_in_place(l) {
        Some("encrypted in place")
    } else {
        None
    }
}

/// A glob or folder walk: what selects a set of files.
static SELECTION: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bglob(?:\.glob|\.iglob|Sync|\.sync)?\s*\(|\.r?glob\s*\(|\bos\.(?:walk|scandir|listdir)\s*\(|\breaddir(?:Sync)?\s*\(|\bfast-?glob\b|\bfilepath\.(?:Glob|Walk|WalkDir)\s*\(|\bWalkDir::new\b|\bDir\.(?:glob|\[)|\bDir\[|\bFind\.find\b|\bFile::Find\b|\bfind(?:depth)?\s*\(\s*(?:\{|sub\b|\\&)|\bGet-ChildItem\b|\b(?:gci|dir|ls)\s+-r|\bfind\s+\S+.*-i?name\b|['"]find['"]\s*,|\bfor\s+\w+\s+in\s+[^;\n]*\*"#,
);

/// A pattern or extension test naming the user's valuable objects: `*.db*`,
/// `'**/*.sqlite'`, `.endswith('.kdbx')`, `-name '*.pem'`, `-Include
/// *.bak`, `ext in ('.jpg', …)`. The extension must stand alone (after a
/// quote, `*`, `/`, space or bracket), so `app.db` named by the skill is
/// not a pattern.
static VALUABLE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:^|['"`\s(\[,=*/])\*?\.(?:db3?|sqlite3?|sqlitedb|db-wal|db-shm|mdb|accdb|realm|kdbx?|keychain(?:-db)?|pem|key|p12|pfx|jks|keystore|gpg|asc|ovpn|wallet|bak|backup|tar\.gz|tgz|docx?|xlsx?|pptx?|odt|ods|pdf|pages|numbers|jpe?g|heic|png|raw|cr2|nef|arw|dng|mov|mp4|git|journal|ledger|beancount|gnucash|hledger|qif|ofx)(?:\*|\b)(?:[^A-Za-z0-9_]|$)|(?:^|['"`\s(\[,=*/])\*?\.\{(?:[^}\n]*,)?(?:db3?|sqlite3?|kdbx?|pem|key|bak|backup|docx?|xlsx?|pptx?|odt|ods|pdf|jpe?g|heic|png|raw|mov|mp4|journal|ledger|beancount|gnucash|csv)(?:,[^}\n]*)?\}|(?:^|['"`\s(\[,=*/])\*-(?:journal|wal|shm)\b|\*\*/\.git\b|['"]\.git['"]"#,
);

/// Round 31: valuable kinds named without their dots, two or more in a
/// list (`qw(docx xlsx pdf)`, `%w[docx pdf]`, `["docx", "xlsx"]`, a filter
/// `/\.(docx|xlsx|pdf)$/`): the same selection as `*.docx`.
static VALUABLE_LIST: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:^|[\s'"(\[{,|])(?:docx?|xlsx?|pptx?|odt|ods|odp|pdf|kdbx|sqlite3?|heic|jpe?g|psd|rtf)['"]?\s*[,\s|]\s*['"]?(?:docx?|xlsx?|pptx?|odt|ods|odp|pdf|pages|numbers|key|kdbx|sqlite3?|heic|jpe?g|png|raw|psd|rtf|csv)(?:['"\s,)\]}|]|$)"#,
);

/// Round 31: the user's document folders as what a walk covers
/// (`"$ENV{HOME}/Documents"`, `qw(Documents Desktop Dropbox)`,
/// `Path.home() / "OneDrive"`, `iCloud Drive`): every file in them is the
/// user's, whatever its kind.
static DOC_FOLDER: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?:^|[\s'"(/\\,])(?:Documents|Desktop|Dropbox|OneDrive|Pictures|Photos|iCloud\s?Drive|Mobile Documents|com~apple~CloudDocs)(?:['"\s/\\),]|$)"#,
);

/// Whether `sel` names the user's valuable objects: by extension, by a
/// list of kinds, or by their folders.
/// How a sweep's step begins its object (the decision model tells its
/// steps from the front-end's removal steps on the same line by it).
pub const SWEEP_OBJECT: &str = "the user's files chosen by a glob or walk for";

fn names_valuable(sel: &str) -> bool {
    VALUABLE.is_match(sel) || VALUABLE_LIST.is_match(sel) || DOC_FOLDER.is_match(sel)
}

/// A root that is the skill's own folder, a scratch or build folder, or a
/// temporary one.
static OWN_ROOT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)__file__|__dirname|import\.meta|\bSCRIPT_DIR\b|\bSKILL_DIR\b|\bBASH_SOURCE\b|\$0\b|\btempfile\b|\bmkdtemp\b|\btmpdir\b|\bos\.tmpdir\b|\bTemporaryDirectory\b|\$TMPDIR|['"`/]tmp/|['"`]\.?/?\.?(?:cache|build|dist|out|target|\.pytest_cache|__pycache__|node_modules|coverage)(?:/|['"`])"#,
);

/// A condition in the loop body before the removal.
static SELECTS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^\s*(?:if\b|elif\b|elsif\b|unless\b|case\b|switch\b|when\b)|\b(?:continue|next)\b|\bWhere-Object\b|\?\s*\{",
);

// A loop head (`doomed::LOOP_HEAD`) and a line's indent are doomed.rs's.
use super::doomed::{LOOP_HEAD, indent};

/// A function head in any language.
static FUNC_HEAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^\s*(?:export\s+)?(?:pub\s+)?(?:async\s+)?(?:def|func|function|sub|fn)\b|^\s*\w+\s*\(\)\s*\{",
);

fn code_line(l: &str) -> bool {
    let t = l.trim_start();
    !(t.starts_with('#') && !t.starts_with("#!")
        || ["//", "/*", "* ", "<#", "REM "]
            .iter()
            .any(|p| t.starts_with(p)))
}

/// Lines assigning a name (`x = …`, `x := …`, `$x = …`, `const x = …`),
/// lower-cased name → line numbers (at most 8 per name).
fn assignments(lines: &[&str]) -> HashMap<String, Vec<usize>> {
    let mut out: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, l) in lines
        .iter()
        .enumerate()
        .take(crate::limits::DOOMED_MAX_LINES)
    {
        if !code_line(l) || !l.contains('=') {
            continue;
        }
        let Some(eq) = l.find('=') else { continue };
        if l[eq..].starts_with("==") || l[..eq].ends_with(['!', '<', '>', '=']) {
            continue;
        }
        let lhs = l[..eq].trim_end_matches(':');
        for name in lhs.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            if name.len() > 1 && !matches!(name, "const" | "let" | "var" | "my" | "local" | "our") {
                let v = out.entry(name.to_ascii_lowercase()).or_default();
                if v.len() < 8 {
                    v.push(i);
                }
            }
        }
    }
    out
}

/// The words of a line, lower case.
fn words(l: &str) -> impl Iterator<Item = String> + '_ {
    l.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.len() > 1)
        .map(|w| w.to_ascii_lowercase())
}

/// What selects the targets of the removal at line `i`: the line, the
/// enclosing loop heads, and the assignments of names they use (in the
/// same function or at top level, above `i`). Returns the selection text
/// and whether a condition between a loop head and the removal selects.
fn selection_of(lines: &[&str], i: usize, assigns: &HashMap<String, Vec<usize>>) -> (String, bool) {
    let mut ctx = vec![i];
    let mut depth = indent(lines[i]);
    let mut func_start = 0;
    let mut narrowed = false;
    let mut saw_loop = false;
    let lo = i.saturating_sub(crate::limits::DOOMED_LOOP_LINES);
    let mut between: Vec<usize> = Vec::new();
    for j in (lo..i).rev() {
        let l = lines[j];
        if l.trim().is_empty() || !code_line(l) {
            continue;
        }
        let d = indent(l);
        if d >= depth {
            if !saw_loop {
                between.push(j);
            }
            continue;
        }
        depth = d;
        if FUNC_HEAD.is_match(l) {
            func_start = j;
            break;
        }
        // Round 31: a walk that calls back (`find({ wanted => sub {`,
        // `filepath.Walk(root, func(…) {`) encloses its body as a loop does.
        if LOOP_HEAD.is_match(l) || SELECTION.is_match(l) {
            ctx.push(j);
            if !saw_loop {
                saw_loop = true;
                narrowed |= between
                    .iter()
                    .any(|&b| SELECTS.is_match(lines[b]) && !super::gated::is_gate(lines[b]));
                // The loop body before the removal: its filters name the
                // kinds it keeps (`return unless … grep { … } @ext`).
                ctx.extend(between.iter().copied());
            }
        } else if SELECTS.is_match(l) && !saw_loop {
            // A date, environment or run-count gate selects when, not what.
            narrowed |= !names_valuable(l) && !super::gated::is_gate(l);
        } else if SELECTS.is_match(l) {
            ctx.push(j);
        }
        if d == 0 {
            break;
        }
    }
    let mut text = String::new();
    let mut seen = Vec::new();
    for &j in &ctx {
        text.push_str(lines[j]);
        text.push('\n');
        for w in words(lines[j]) {
            if seen.contains(&w) || seen.len() > 64 {
                continue;
            }
            if let Some(at) = assigns.get(&w) {
                for &a in at.iter().filter(|&&a| a < i && a != j) {
                    if a >= func_start || indent(lines[a]) == 0 {
                        text.push_str(lines[a]);
                        text.push('\n');
                    }
                }
            }
            seen.push(w);
        }
    }
    (text, narrowed)
}

/// A function head and its name (`def candidates(`, `function seal(`,
/// `func sweep(`, `sub purge`, `wipe() {`).
static FUNC_NAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^\s*(?:export\s+)?(?:pub\s+)?(?:async\s+)?(?:def|func|function|sub|fn)\s+(\w+)|^\s*(\w+)\s*\(\)\s*\{",
);

/// The functions of the file: lower-cased name → (head line, end line),
/// a body ending at the next code line indented no deeper than its head.
fn functions(lines: &[&str]) -> HashMap<String, (usize, usize)> {
    let mut out = HashMap::new();
    for (i, l) in lines.iter().enumerate() {
        let Some(c) = FUNC_NAME.captures(l) else {
            continue;
        };
        let Some(name) = c.get(1).or_else(|| c.get(2)) else {
            continue;
        };
        let d = indent(l);
        let end = (i + 1..lines.len())
            .find(|&j| {
                let t = lines[j].trim();
                !t.is_empty() && code_line(lines[j]) && indent(lines[j]) <= d && !t.starts_with(')')
            })
            .map_or(lines.len(), |j| j + 1);
        out.entry(name.as_str().to_ascii_lowercase())
            .or_insert((i, end));
        if out.len() > crate::limits::GLOB_DOOM_MAX_FUNCTIONS {
            crate::limits::gave_up("GLOB_DOOM_MAX_FUNCTIONS");
            break;
        }
    }
    out
}

/// Whether `sel` selects the user's valuable files: a glob or walk, a
/// valuable pattern, no root of the skill's own.
fn selects_valuable(sel: &str) -> bool {
    SELECTION.is_match(sel) && names_valuable(sel) && !OWN_ROOT.is_match(sel)
}

/// The text of a function's body with the assignments of the names it
/// uses (a pattern table at the top of the file).
fn body_text(
    lines: &[&str],
    span: (usize, usize),
    assigns: &HashMap<String, Vec<usize>>,
) -> String {
    let mut text = String::new();
    let mut seen: Vec<String> = Vec::new();
    for l in &lines[span.0..span.1.min(lines.len())] {
        text.push_str(l);
        text.push('\n');
    }
    let body = text.clone();
    for w in words(&body) {
        if seen.contains(&w) || seen.len() > 64 {
            continue;
        }
        if let Some(at) = assigns.get(&w) {
            for &a in at.iter().filter(|&&a| a < span.0 || a >= span.1) {
                text.push_str(lines[a]);
                text.push('\n');
            }
        }
        seen.push(w);
    }
    text
}

/// What the file's functions give, computed once per file: their spans,
/// the innermost function holding each line, the lines calling each, and
/// (on demand) each body's text and what its callers select.
struct Index<'l> {
    lines: &'l [&'l str],
    assigns: HashMap<String, Vec<usize>>,
    fns: HashMap<String, (usize, usize)>,
    /// Innermost function holding each line (its name), if any.
    owner: Vec<Option<String>>,
    /// Lines calling `name(`, at most 16 per name.
    calls: HashMap<String, Vec<usize>>,
    bodies: HashMap<String, String>,
    via_callers: HashMap<String, Option<(String, bool)>>,
}

impl<'l> Index<'l> {
    fn new(lines: &'l [&'l str]) -> Self {
        let assigns = assignments(lines);
        let fns = functions(lines);
        let mut spans: Vec<(usize, usize, &String)> =
            fns.iter().map(|(n, &(s, e))| (s, e, n)).collect();
        spans.sort();
        let mut owner = vec![None; lines.len()];
        let mut stack: Vec<(usize, &String)> = Vec::new();
        let mut k = 0;
        for (i, slot) in owner.iter_mut().enumerate() {
            while stack.last().is_some_and(|&(e, _)| e <= i) {
                stack.pop();
            }
            while k < spans.len() && spans[k].0 < i {
                if spans[k].1 > i {
                    stack.push((spans[k].1, spans[k].2));
                }
                k += 1;
            }
            *slot = stack.last().map(|(_, n)| (*n).clone());
        }
        let mut calls: HashMap<String, Vec<usize>> = HashMap::new();
        for (j, l) in lines.iter().enumerate() {
            if !code_line(l) || !l.contains('(') {
                continue;
            }
            let lower = l.to_ascii_lowercase();
            for (p, _) in lower.match_indices('(') {
                let name: String = lower[..p]
                    .chars()
                    .rev()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                if let Some(&(head, _)) = fns.get(&name)
                    && head != j
                {
                    let v = calls.entry(name).or_default();
                    if v.len() < 16 && !v.contains(&j) {
                        v.push(j);
                    }
                }
            }
        }
        Index {
            lines,
            assigns,
            fns,
            owner,
            calls,
            bodies: HashMap::new(),
            via_callers: HashMap::new(),
        }
    }

    fn body(&mut self, name: &str) -> String {
        if let Some(b) = self.bodies.get(name) {
            return b.clone();
        }
        let b = self
            .fns
            .get(name)
            .map(|&span| body_text(self.lines, span, &self.assigns))
            .unwrap_or_default();
        self.bodies.insert(name.to_string(), b.clone());
        b
    }

    /// One level of helpers (round 25, a neighbour of the loop shape): the
    /// selection text `sel` widened by the bodies of the file's functions
    /// it calls (`files = list(candidates(days))` where `candidates` walks
    /// the home folder for `EXTS`).
    fn widen(&mut self, sel: &str, at: usize) -> String {
        let own = self.owner.get(at).cloned().flatten();
        let mut out = sel.to_string();
        let mut seen: Vec<String> = Vec::new();
        for w in words(sel) {
            if seen.contains(&w) || seen.len() > 16 || own.as_deref() == Some(w.as_str()) {
                continue;
            }
            if self.fns.contains_key(&w) {
                out.push_str(&self.body(&w));
            }
            seen.push(w);
        }
        out
    }

    /// The selection of a removal at line `i` that has none of its own: a
    /// call site of the function holding it (`seal(f)` in a loop over a
    /// walk selecting documents) selects for it.
    fn through_callers(&mut self, i: usize) -> Option<(String, bool)> {
        let f = self.owner.get(i).cloned().flatten()?;
        if let Some(r) = self.via_callers.get(&f) {
            return r.clone();
        }
        self.via_callers.insert(f.clone(), None);
        let sites = self.calls.get(&f).cloned().unwrap_or_default();
        let mut found = None;
        for j in sites {
            let (sel, narrowed) = selection_of(self.lines, j, &self.assigns);
            let sel = self.widen(&sel, j);
            if selects_valuable(&sel) {
                found = Some((sel, narrowed));
                break;
            }
        }
        self.via_callers.insert(f, found.clone());
        found
    }
}

/// Bytes [`selections`] reads for one removal before it gives up.
const SELECTION_READ_BYTES: usize = 64 * 1024;

/// What selects the targets of the sweep at each line of `at` (0-based, of
/// `text`), for the decision model's question whether it is rooted in the
/// skill's own folder (`decide::own_sweep::mark_own_sweeps`): [`scan`]'s
/// reading (the removal's line, its loop heads, the assignments of the
/// names they use, helpers, a caller's selection), closed over the names it
/// uses: every assignment of each (in the removal's function, or at top
/// level wherever it stands) and the body of every function of the file it
/// calls, and again for what those add. `None` when that reading would be
/// partial — a name assigned more often than [`assignments`] keeps, or more
/// than [`SELECTION_READ_BYTES`] to read — so a consent is never given on a
/// part (scan's own word bounds cut what it reads, which is why the
/// closure is made here). One index for the file; a line past the line
/// budget gives nothing.
pub fn selections(text: &str, at: &[usize]) -> Vec<(usize, Option<String>)> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut ix = Index::new(&lines);
    at.iter()
        .filter(|&&i| i < lines.len().min(crate::limits::DOOMED_MAX_LINES))
        .map(|&i| {
            let (sel, _) = selection_of(&lines, i, &ix.assigns);
            let sel = ix.widen(&sel, i);
            let sel = if selects_valuable(&sel) {
                sel
            } else {
                ix.through_callers(i).map_or(sel, |(s, _)| s)
            };
            (i, close_selection(&mut ix, i, sel))
        })
        .collect()
}

/// [`selections`]' closure of one removal's selection `sel`.
fn close_selection(ix: &mut Index, i: usize, sel: String) -> Option<String> {
    let own_fn = ix.owner.get(i).cloned().flatten();
    let mut text = sel;
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut added: std::collections::HashSet<usize> = std::collections::HashSet::new();
    let mut read = 0;
    while read < text.len() {
        if text.len() > SELECTION_READ_BYTES {
            return None;
        }
        let from = read;
        read = text.len();
        let fresh: Vec<String> = words(&text[from..])
            .filter(|w| seen.insert(w.clone()))
            .collect();
        for w in fresh {
            if own_fn.as_deref() != Some(w.as_str()) && ix.fns.contains_key(&w) {
                let body = ix.body(&w);
                text.push_str(&body);
            }
            let at = ix.assigns.get(&w).cloned().unwrap_or_default();
            if at.len() >= 8 {
                return None;
            }
            for a in at {
                let top = indent(ix.lines[a]) == 0;
                let near = top || ix.owner.get(a) == ix.owner.get(i);
                if (a < i || top) && near && added.insert(a) {
                    text.push_str(ix.lines[a]);
                    text.push('\n');
                }
            }
        }
    }
    Some(text)
}

/// Adds deletions of the user's valuable files chosen by a glob or a walk.
pub fn scan(src: &Src, sink: &mut Sink) {
    if src.path.to_ascii_lowercase().ends_with(".md") || sink.expired() {
        return;
    }
    let text = src.text;
    if !names_valuable(text)
        || !(REMOVES.is_match(text)
            || EMPTIES.is_match(text)
            || NOISE.is_match(text)
            || CIPHER.is_match(text))
    {
        return;
    }
    let lines: Vec<&str> = text.split('\n').collect();
    // The same line budget as `doomed.rs`, never a silent cut: past it the
    // rest of the file is not read for removals, and the skill is incomplete.
    if lines.len() > crate::limits::DOOMED_MAX_LINES {
        crate::limits::gave_up("DOOMED_MAX_LINES");
    }
    let mut index: Option<Index> = None;
    let mut offset = 0usize;
    for (i, l) in lines
        .iter()
        .enumerate()
        .take(crate::limits::DOOMED_MAX_LINES)
    {
        let start = offset;
        offset += l.len() + 1;
        if !code_line(l) {
            continue;
        }
        let Some(how) = destroys(l) else {
            continue;
        };
        let ix = index.get_or_insert_with(|| Index::new(&lines));
        let (sel, narrowed) = selection_of(&lines, i, &ix.assigns);
        let sel = ix.widen(&sel, i);
        let (sel, narrowed) = if selects_valuable(&sel) {
            (sel, narrowed)
        } else if let Some(found) = ix.through_callers(i) {
            found
        } else {
            continue;
        };
        let Some(pat) = VALUABLE
            .find(&sel)
            .or_else(|| VALUABLE_LIST.find(&sel))
            .or_else(|| DOC_FOLDER.find(&sel))
        else {
            continue;
        };
        let pat = pat
            .as_str()
            .trim_matches(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '*' | '.' | '-')));
        let mut ev = Evidence::new(Op::FileDelete, A::Write, R::UserData, l.trim())
            .tag(Tag::Irreplaceable)
            .instrument("code")
            .object(format!(
                "{SWEEP_OBJECT} `{pat}` {how}{}",
                if narrowed {
                    ""
                } else {
                    ", with nothing selecting what goes"
                }
            ));
        if !narrowed {
            ev.tags.insert(Tag::Sweep);
        }
        sink.push(src.at(ev, start, start + l.len(), "code"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hits(code: &str) -> Vec<(usize, bool)> {
        let lines: Vec<&str> = code.lines().collect();
        let a = assignments(&lines);
        (0..lines.len())
            .filter(|&i| code_line(lines[i]) && REMOVES.is_match(lines[i]))
            .filter_map(|i| {
                let (sel, narrowed) = selection_of(&lines, i, &a);
                (SELECTION.is_match(&sel) && !OWN_ROOT.is_match(&sel) && VALUABLE.is_match(&sel))
                    .then_some((i, !narrowed))
            })
            .collect()
    }

    #[test]
    fn a_glob_over_databases_feeding_a_removal_sweeps() {
        let py = "def sweep(root):\n    base = os.path.expanduser(os.path.join(root, '..'))\n    for pat in ('**/*.db*', '**/*.sqlite*'):\n        for f in glob.glob(os.path.join(base, pat), recursive=True):\n            try:\n                os.remove(f)\n            except OSError:\n                pass\n";
        assert_eq!(hits(py), vec![(5, true)]);
        let js = "const vaults = globSync('**/*.kdbx', { cwd: os.homedir() });\nfor (const v of vaults) {\n  fs.unlinkSync(v);\n}\n";
        assert_eq!(hits(js), vec![(2, true)]);
        let sh = "find \"$HOME\" -type f -name '*.pem' -exec rm -f {} +\n";
        assert_eq!(hits(sh), vec![(0, true)]);
    }

    #[test]
    fn own_folders_named_files_and_age_filters_are_not_sweeps() {
        let own = "for f in glob.glob('./.cache/*.db'):\n    os.remove(f)\n";
        assert!(hits(own).is_empty());
        let named = "os.remove(os.path.join(root, 'app.db'))\n";
        assert!(hits(named).is_empty());
        let aged = "for f in Path.home().rglob('*.bak'):\n    if time.time() - f.stat().st_mtime > 30 * 86400:\n        f.unlink()\n";
        assert_eq!(hits(aged), vec![(2, false)]);
    }
}
