//! Download-and-run, described once (issue 14; round 12, first concept).
//!
//! `curl … | sh`, `iwr … | iex`, `IEX (New-Object Net.WebClient)
//! .DownloadString(…)`, Python `exec(urlopen(…).read())` and JavaScript
//! `new Function(await (await fetch(u)).text())` are one operation: a value
//! a server returned reaches something that runs it (an interpreter, `eval`,
//! a shell). [`DownloadRun`] is that operation and [`DownloadRun::lower`] the
//! one function that turns it into evidence (`DownloadExec`, `CALL_TOOL`,
//! `PROCESS`, the source's URL tags).
//!
//! Two ways in:
//! * a front-end that sees the run in its syntax, where no binding says it
//!   (the shell's pipe into an interpreter, PowerShell's `| iex` and
//!   `IEX (…DownloadString(…))`, a downloaded file started by
//!   `Start-Process`, the token-level `download, chmod and run` of other
//!   languages), builds a [`DownloadRun`] itself;
//! * everything the bindings say is found once, for every language, by
//!   [`link`], run by `extract_code` after the front-end: an `Exec` or
//!   `DynamicCode` step (not a fixed installed program) whose inputs hold
//!   the output of a `NetFetch` or of a `NetSend`'s response in the same
//!   file is a download-and-run at the run's location.
//!
//! The flow graph's `network-to-exec` detector (SK-EXEC-019) still follows
//! longer paths (through functions and files); on the line of a
//! download-and-run step it counts once with it (`decide/verdict.rs`
//! `fold_same_step`).

use crate::evidence::{Evidence, Op, Tag};
use crate::extract::indicators::classify_url;
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::{HashMap, HashSet};

/// A downloaded value (or a downloaded file) that is run.
#[derive(Clone, Debug, Default)]
pub struct DownloadRun {
    /// Where the code came from: the URL, or the downloaded file's path
    /// when a program file is started (`program`).
    pub source: String,
    /// The bindings of what is run (the fetched value among them).
    pub inputs: Vec<String>,
    /// A downloaded file started as a program rather than code handed to
    /// an interpreter: its path names no host, so no URL tags.
    pub program: bool,
    pub object: Option<String>,
    pub instrument: Option<String>,
}

impl DownloadRun {
    /// Code fetched from `url` and handed to something that runs it.
    pub fn code(url: impl Into<String>, inputs: Vec<String>) -> Self {
        Self {
            source: url.into(),
            inputs,
            ..Self::default()
        }
    }

    /// A downloaded program file started (`Start-Process $out` after a
    /// download to `$out`): its input is the file's binding.
    pub fn program(path: impl Into<String>) -> Self {
        let path = path.into();
        Self {
            inputs: vec![crate::extract::file_bind(&path)],
            source: path,
            program: true,
            ..Self::default()
        }
    }

    pub fn object(mut self, o: impl Into<String>) -> Self {
        self.object = Some(o.into());
        self
    }

    pub fn instrument(mut self, i: impl Into<String>) -> Self {
        self.instrument = Some(i.into());
        self
    }

    /// The evidence: `DownloadExec`, `CALL_TOOL`, `PROCESS`, the URL's tags
    /// (a raw IP, a paste host, plain HTTP, a known installer).
    pub fn lower(self) -> Evidence {
        let (tags, object) = if self.program {
            (Default::default(), "downloaded program run")
        } else {
            (classify_url(&self.source), "downloaded code executed")
        };
        let mut ev = Evidence::new(Op::DownloadExec, A::CallTool, R::Process, self.source)
            .tags(tags)
            .object(self.object.unwrap_or_else(|| object.to_string()));
        if let Some(i) = self.instrument {
            ev.instrument = i;
        }
        ev.inputs = self.inputs;
        ev
    }
}

/// Round 27 (r27 scanned-table-parser): a fetched value written to a file
/// and read back is still the fetched value. For every file write whose
/// inputs hold a fetched binding, the file (its path binding, and the
/// output of each read of the same target in `items`) carries the
/// request's URL: `p.write_bytes(r.read())` then `pickle.load(p.open())`,
/// `fs.writeFileSync(f, body)` then `require(f)`. Two passes over the
/// file's evidence; the writes are keyed by target.
pub(super) fn through_files(
    items: &[Evidence],
    fetched: &HashMap<&str, &str>,
) -> Vec<(String, String)> {
    let mut files: HashMap<&str, &str> = HashMap::new();
    for e in items.iter().filter(|e| e.op == Op::FileWrite) {
        if let Some(url) = e.inputs.iter().find_map(|b| fetched.get(b.as_str())) {
            files.entry(e.target.as_str()).or_insert(*url);
        }
    }
    if files.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<(String, String)> = files
        .iter()
        .map(|(t, u)| (crate::extract::file_bind(t), u.to_string()))
        .collect();
    for e in items.iter().filter(|e| e.op == Op::FileRead) {
        if let (Some(o), Some(url)) = (&e.output, files.get(e.target.as_str())) {
            out.push((o.clone(), url.to_string()));
        }
    }
    out.sort();
    out
}

/// An archive format's file name.
fn archive_name(p: &str) -> bool {
    let l = p.to_ascii_lowercase();
    [
        ".tgz", ".tar.gz", ".tar", ".tar.xz", ".tar.bz2", ".txz", ".zip", ".whl", ".7z", ".nupkg",
        ".jar", ".crx",
    ]
    .iter()
    .any(|x| l.ends_with(x))
}

/// A step's text that unpacks an archive, and the folder it unpacks into
/// (group 1 of [`UNPACK_DIR`]; none: the working folder).
static UNPACK: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\btar\b[^\n|;&]*?\s-{0,2}[a-z]*x|\b(?:unzip|bsdtar|7za?\s+x|jar\s+x)\b|extractall|extract_?all|unpack_archive|expand-archive|extracttodirectory|\.extract\s*\(|\bdecompress\s*\(",
);
static UNPACK_DIR: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:\s-C\s*|--directory[=\s]|\s-d\s+|-destinationpath\s+|extractall\s*\(\s*(?:path\s*=\s*)?|unpack_archive\s*\([^,)]*,\s*|extracttodirectory\s*\([^,)]*,\s*)["']?([^\s"',)]+)"#,
);

/// Round 45 (recall45a, r45 eslint-preset-team): a downloaded archive
/// unpacked, and a file of what it held run (`fetch(u)` written to
/// `peers.tgz`, then `tar -xzf peers.tgz && node package/install.js`;
/// `urlretrieve(u, "/tmp/p.tgz")`, `tarfile.open(…).extractall("/tmp/p")`,
/// `node /tmp/p/x.js`): the run's file binding is the downloaded value, so
/// [`link`] reads it as the download-and-run it is, in every language. A
/// run of a file under the folder the archive went into (or, unpacked in
/// the working folder, a relative path) counts.
fn through_archives<'a>(
    items: &'a [Evidence],
    text: &str,
    fetched: &HashMap<&str, &'a str>,
) -> Vec<(String, String)> {
    // The downloaded archives: a fetch saved to a file, or a write of what
    // a request returned.
    let mut archives: Vec<(String, &str)> = Vec::new();
    for e in items {
        let saved = match e.op {
            Op::NetFetch => e.output.as_deref().and_then(|o| o.strip_prefix("$file_")),
            Op::FileWrite if e.inputs.iter().any(|b| fetched.contains_key(b.as_str())) => {
                Some(e.target.as_str())
            }
            _ => None,
        };
        let url = match e.op {
            Op::NetFetch => Some(e.target.as_str()),
            _ => e
                .inputs
                .iter()
                .find_map(|b| fetched.get(b.as_str()).copied()),
        };
        if let (Some(p), Some(u)) = (saved, url)
            && archive_name(p)
        {
            let base = p.rsplit(['/', '\\']).next().unwrap_or(p).to_string();
            if base.len() >= 3 && archives.len() < 16 {
                archives.push((base, u));
            }
        }
    }
    if archives.is_empty() {
        return Vec::new();
    }
    // Where each is unpacked: `None` for the working folder. Read from the
    // file's lines (the unpack is often no step of its own: `tar` inside a
    // command string), each line once.
    let mut dirs: Vec<(Option<String>, &str)> = Vec::new();
    for l in text.lines() {
        let Some((_, url)) = archives.iter().find(|(b, _)| l.contains(b.as_str())) else {
            continue;
        };
        if !UNPACK.is_match(l) {
            continue;
        }
        let dir = UNPACK_DIR
            .captures(l)
            .and_then(|c| c.get(1))
            .map(|m| m.as_str().trim_end_matches('/').to_string())
            .filter(|d| !d.is_empty() && d != ".");
        if dirs.len() < 16 {
            dirs.push((dir, url));
        }
    }
    if dirs.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for e in items.iter().filter(|e| runs(e)) {
        for b in &e.inputs {
            let Some(p) = b.strip_prefix("$file_") else {
                continue;
            };
            let p = p.trim_start_matches("./");
            let hit = dirs.iter().find(|(d, _)| match d {
                Some(d) => p.starts_with(d.as_str()) && p[d.len()..].starts_with('/'),
                None => !p.starts_with(['/', '~', '$', '{']) && p.contains('/'),
            });
            if let Some((_, url)) = hit {
                out.push((b.clone(), url.to_string()));
            }
        }
    }
    out
}

/// A download-and-run placed at the run it was read from, with where it is
/// and what it was read as (context, gates, manner).
fn at_run(mut ev: Evidence, e: &Evidence) -> Evidence {
    ev.tags
        .extend(e.tags.iter().filter(|t| **t != Tag::ShellTrue));
    placed_as(&mut ev, e);
    ev
}

/// Whether a request's line saves what it fetched under a name that is not
/// `program` (`ADD url /etc/app/config.json`, `curl -o data.json url`):
/// then the program made executable and run is some other file.
fn saved_elsewhere(snippet: &str, program: &str) -> bool {
    let base = program.rsplit('/').next().unwrap_or(program);
    if !base.is_empty() && snippet.contains(base) {
        return false;
    }
    let t = snippet.trim_start();
    t.starts_with("ADD ")
        || t.starts_with("COPY ")
        || [
            " -o ",
            " -O ",
            " --output ",
            "urlretrieve(",
            " > ",
            " -OutFile ",
        ]
        .iter()
        .any(|k| snippet.contains(k))
}

/// A permission change that makes a file executable: an octal mode with
/// an execute bit for the owner (`0o755`, `0755`, `0o700`, `755`) or `+x`.
fn exec_mode(object: &str) -> bool {
    object.contains("+x")
        || object.split_whitespace().any(|w| {
            let d = w.trim_start_matches("0o").trim_start_matches('0');
            d.len() == 3
                && d.bytes().all(|b| (b'0'..=b'7').contains(&b))
                && (d.as_bytes()[0] - b'0') & 1 == 1
        })
}

/// A step that runs what reaches it: a program or command line (not a
/// fixed, installed program, whose input is data) or code.
fn runs(e: &Evidence) -> bool {
    matches!(e.op, Op::Exec | Op::DynamicCode) && !e.has(Tag::FixedProgram)
}

/// The shared rule, for every language: in `items[from..]` (one file's
/// evidence from one `extract_code` call), a run whose inputs hold what a
/// request returned is a download-and-run, unless a front-end already
/// reported that fetched value run (or a download-and-run on that line).
/// Linear in the number of items; pushes through the sink's budget.
pub fn link(sink: &mut super::Sink, from: usize, text: &str) {
    let items = &sink.items[from.min(sink.items.len())..];
    let mut fetched: HashMap<&str, &str> = HashMap::new();
    let mut reported: HashSet<&str> = HashSet::new();
    let mut lines: HashSet<(&str, usize)> = HashSet::new();
    // Round 39: the first request of the file, and what the file makes
    // executable (`os.chmod(path, 0o755)`, `fs.chmodSync(p, 0o755)`).
    // Merge fix: only when the file makes one request (a Dockerfile that
    // ADDs a pinned binary and a data file ran "the data file").
    let mut first_fetch: Option<&Evidence> = None;
    let mut other_fetch = false;
    let mut made_exec: HashSet<&str> = HashSet::new();
    for e in items {
        if e.op == Op::NetFetch {
            match first_fetch {
                None => first_fetch = Some(e),
                Some(t) if t.target != e.target => other_fetch = true,
                _ => {}
            }
        }
        if e.op == Op::PermChange && exec_mode(&e.object) && !e.target.is_empty() {
            made_exec.insert(e.target.as_str());
        }
        match (e.op, &e.output) {
            (Op::NetFetch | Op::NetSend, Some(o)) => {
                fetched.entry(o.as_str()).or_insert(e.target.as_str());
            }
            (Op::DnsQuery, Some(o)) if super::net_send::dns_answer_is_data(e) => {
                fetched.entry(o.as_str()).or_insert(e.target.as_str());
            }
            (Op::DownloadExec, _) => {
                reported.extend(e.inputs.iter().map(String::as_str));
                lines.insert((e.location.path.as_str(), e.location.start_line));
            }
            _ => {}
        }
    }
    if fetched.is_empty() {
        return;
    }
    let carried = through_files(items, &fetched);
    for (b, url) in &carried {
        fetched.entry(b.as_str()).or_insert(url.as_str());
    }
    let unpacked = through_archives(items, text, &fetched);
    for (b, url) in &unpacked {
        fetched.entry(b.as_str()).or_insert(url.as_str());
    }
    let mut out = Vec::new();
    for e in items.iter().filter(|e| runs(e)) {
        // The request whose destination folded to a URL, if several fed it.
        let mut urls = e.inputs.iter().filter_map(|b| fetched.get(b.as_str()));
        let Some(first) = urls.next() else {
            // Round 39: no binding from the response to the run, but the
            // file downloads, makes a file executable and starts that file
            // (the bytes went through a file handle no binding follows):
            // the token-level languages' download, chmod and run
            // (`tokens.rs` `download_run`), for the parsed ones.
            let program = e.target.split_whitespace().next().unwrap_or("");
            let here = (e.location.path.as_str(), e.location.start_line);
            if let Some(url) = first_fetch
                .filter(|f| {
                    !other_fetch
                        && !program.is_empty()
                        && made_exec.contains(program)
                        && !lines.contains(&here)
                        && !saved_elsewhere(&f.snippet, program)
                })
                .map(|f| f.target.as_str())
            {
                lines.insert(here);
                let ev = DownloadRun::code(url, e.inputs.clone())
                    .instrument(e.instrument.clone())
                    .object("downloaded program made executable and run")
                    .lower();
                out.push(at_run(ev, e));
            }
            continue;
        };
        let url = std::iter::once(first)
            .chain(urls)
            .find(|u| {
                u.split_once("://").is_some_and(|(scheme, _)| {
                    !scheme.is_empty() && scheme.bytes().all(|b| b.is_ascii_alphabetic())
                })
            })
            .unwrap_or(first);
        let here = (e.location.path.as_str(), e.location.start_line);
        if e.inputs.iter().any(|b| reported.contains(b.as_str())) || lines.contains(&here) {
            continue;
        }
        lines.insert(here);
        let ev = DownloadRun::code(*url, e.inputs.clone())
            .instrument(e.instrument.clone())
            .lower();
        out.push(at_run(ev, e));
    }
    for ev in out {
        sink.push(ev);
    }
}

/// Gives `ev` the place of the step `e` it was derived from: location,
/// snippet, origin, language and enclosing function.
pub(super) fn placed_as(ev: &mut Evidence, e: &Evidence) {
    ev.location = e.location.clone();
    ev.snippet = e.snippet.clone();
    ev.origin = e.origin;
    ev.lang = e.lang;
    ev.func = e.func.clone();
}
