//! Package lures in install commands, wherever they are written (a
//! fenced block, inline code, the description, a script):
//! * an install from an index or registry the skill names instead of the
//!   public one (`--index-url`, `--extra-index-url`, `--registry`,
//!   `--trusted-host`, `--find-links`): whoever runs that host chooses the
//!   code (dependency confusion), a finding in itself. An index the user
//!   configures (`$PIP_INDEX_URL`) or one on this machine stays quiet;
//! * a look-alike package name, checked against the names the same text
//!   says it replaces (an abbreviation, a prefix or a suffix of one: `yt-`
//!   for `youtube-`); one-edit look-alikes of the popular-package table
//!   (`indicators::look_alike_package`) are read by the shell front-end.

use super::indicators::shortened_name;
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// An install command of a package manager, and its arguments up to the
/// end of the command.
static INSTALL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:pip3?|pipx|uv\s+pip|uv|poetry|npm|pnpm|yarn|bun|python3?\s+-m\s+pip)\s+(?:install|add|i)(?-u:\b)([^\n`|;&)]*)",
);
/// Package names quoted in the text (the names it may say it replaces).
static QUOTED_NAME: crate::rx::Lazy =
    crate::rx::Lazy::new(r"`(@?[A-Za-z][\w.-]{2,60}(?:/[\w.-]{2,60})?)`");
/// Words that say a named package is being replaced.
static REPLACE_CUE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(instead of|replaces?|replaced|replacement|in place of|drop-in|fork(ed)?|patched|the (public|official|upstream|original|standard)|rate-?limited|deprecated|broken|even if|already (present|installed)|uninstall)(?-u:\b)",
);
/// Words that say the quoted name is a package.
static PACKAGE_WORD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(packages?|librar(y|ies)|modules?|dependency|dependencies|sdk|wheel|distribution|build|crate|gem)(?-u:\b)",
);
/// Flags whose value is the index or host packages come from.
const INDEX_FLAGS: &[&str] = &[
    "-i",
    "--index-url",
    "--extra-index-url",
    "--index",
    "--default-index",
    "--registry",
    "--trusted-host",
    "--find-links",
    "-f",
    "--source",
];
/// Other flags that take a value (skipped when collecting names).
const VALUED: &[&str] = &[
    "-r",
    "--requirement",
    "-c",
    "--constraint",
    "-t",
    "--target",
    "--prefix",
    "--root",
    "--python",
    "--platform",
    "--tag",
    "-w",
    "--workspace",
    "-e",
    "--editable",
];
/// Whether an install flag takes a value (an index, a requirements file,
/// a target …): the word after it is not a package name. Shared by the
/// shell front-end's look-alike reading.
pub(crate) fn flag_takes_value(flag: &str) -> bool {
    INDEX_FLAGS.contains(&flag) || VALUED.contains(&flag)
}

/// The public registries and the official vendor indexes.
const REGISTRY_HOSTS: &[&str] = &[
    "pypi.org",
    "pypi.python.org",
    "files.pythonhosted.org",
    "test.pypi.org",
    "registry.npmjs.org",
    "registry.npmjs.com",
    "registry.yarnpkg.com",
    "npm.pkg.github.com",
    "download.pytorch.org",
    "pypi.nvidia.com",
    "registry.npmmirror.com",
    "mirrors.aliyun.com",
    "pypi.tuna.tsinghua.edu.cn",
    "localhost",
    "127.0.0.1",
];

/// The host of an index value (a URL or a bare host), or `None` when the
/// user configures it (`$VAR`, `${VAR}`, `%VAR%`, a placeholder).
fn index_host(v: &str) -> Option<String> {
    let v = v.trim_matches(['"', '\'']);
    if v.is_empty() || v.contains('$') || v.contains('%') || v.contains('<') || v.contains('{') {
        return None;
    }
    let rest = v.split_once("://").map_or(v, |(_, r)| r);
    let rest = rest.rsplit_once('@').map_or(rest, |(_, h)| h);
    let host = rest
        .split(['/', ':', '?'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    (host.contains('.') || host == "localhost").then_some(host)
}

fn official(host: &str) -> bool {
    REGISTRY_HOSTS
        .iter()
        .any(|r| host == *r || host.ends_with(&format!(".{r}")))
}

/// The evidence of an install from an index the skill names: `flag` is an
/// index flag ([`INDEX_FLAGS`]) and `value` its host, neither an official
/// registry nor one the user configures. One reading for the text scan
/// below and for argv any language builds (`shell::tools::managers`:
/// `subprocess.run([sys.executable, "-m", "pip", "install", "--index-url",
/// IDX, …])`, `execFileSync("npm", ["install", "--registry", R, …])`).
pub(crate) fn index_evidence(flag: &str, value: &str) -> Option<Evidence> {
    if !INDEX_FLAGS.contains(&flag) {
        return None;
    }
    let host = index_host(value).filter(|h| !official(h))?;
    let plain = value.trim_matches(['"', '\'']).starts_with("http://");
    let trusted = flag == "--trusted-host";
    let mut ev = Evidence::new(Op::Install, A::CallTool, R::Network, value)
        .tag(Tag::UntrustedIndex)
        .instrument(flag)
        .object(if trusted {
            format!("TLS verification switched off for the package host {host}")
        } else {
            format!("packages installed from an index the skill names ({host})")
        });
    if plain || trusted {
        ev.tags.insert(Tag::PlainHttp);
    }
    Some(ev)
}

/// Round 30: the index flags of an install's argv (after the manager's
/// name), each value read by [`index_evidence`].
pub(crate) fn argv_indexes(args: &[&str]) -> Vec<Evidence> {
    let mut out = Vec::new();
    for (i, a) in args.iter().enumerate() {
        let (flag, inline) = a.split_once('=').map_or((*a, None), |(f, v)| (f, Some(v)));
        if !a.starts_with('-') {
            continue;
        }
        if let Some(ev) = inline
            .or_else(|| args.get(i + 1).copied())
            .and_then(|v| index_evidence(flag, v))
        {
            out.push(ev);
        }
    }
    out
}

/// Whether the front-end already reported an index install on the line of
/// byte `at` (the shell reads its argv through [`argv_indexes`]).
fn seen_on_line(src: &Src, sink: &Sink, at: usize) -> bool {
    let line = src.loc(at, at).start_line;
    sink.items.iter().any(|e| {
        e.has(Tag::UntrustedIndex) && e.location.path == src.path && e.location.start_line == line
    })
}

/// Adds the evidence of package lures in `src`.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let lower = text.to_ascii_lowercase();
    if !lower.contains("install") && !lower.contains(" add ") {
        return;
    }
    // Names the text says are replaced: quoted near a replacement cue
    // ("the public `x` package", "instead of `x`", "even if `x` is
    // already present").
    let quoted: Vec<&str> = QUOTED_NAME
        .captures_iter(text)
        .filter_map(|c| c.get(1))
        .filter(|m| {
            let a = crate::text::clamp_boundary(text, m.start().saturating_sub(120));
            let b = crate::text::clamp_boundary(text, (m.end() + 120).min(text.len()));
            REPLACE_CUE.is_match(&text[a..b]) && PACKAGE_WORD.is_match(&text[a..b])
        })
        .map(|m| m.as_str())
        .take(crate::limits::MAX_LURE_NAMES)
        .collect();
    if quoted.len() == crate::limits::MAX_LURE_NAMES {
        sink.incomplete_once(format!(
            "{}: more than {} quoted names; later ones were not compared with installed packages (MAX_LURE_NAMES)",
            src.path,
            crate::limits::MAX_LURE_NAMES
        ));
    }
    for c in INSTALL.captures_iter(text) {
        let (Some(all), Some(args)) = (c.get(0), c.get(1)) else {
            continue;
        };
        let (start, end) = (all.start(), all.end());
        let words: Vec<&str> = args.as_str().split_whitespace().collect();
        let mut names = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let w = words[i];
            let (flag, inline) = w.split_once('=').map_or((w, None), |(f, v)| (f, Some(v)));
            if w.starts_with('-') {
                let value = inline.or_else(|| {
                    flag_takes_value(flag)
                        .then(|| words.get(i + 1).copied())
                        .flatten()
                });
                if inline.is_none() && flag_takes_value(flag) {
                    i += 1;
                }
                if let Some(ev) = value.and_then(|v| index_evidence(flag, v))
                    && !seen_on_line(src, sink, start)
                {
                    sink.push(src.at(ev, start, end, "code"));
                }
            } else if !matches!(w, "install" | "add" | "i" | "-m" | "pip") {
                names.push(
                    w.split(['=', '<', '>', '!', '~', '[', ';'])
                        .next()
                        .unwrap_or(""),
                );
            }
            i += 1;
        }
        for n in names.into_iter().filter(|n| n.len() >= 3) {
            // (One-edit look-alikes of the popular-package table are the
            // shell front-end's, `shell::tools::look_alikes`.)
            let real = quoted
                .iter()
                .find(|q| shortened_name(n, q))
                .map(|q| q.to_string());
            if let Some(real) = real {
                let ev = Evidence::new(Op::Install, A::CallTool, R::Network, n)
                    .tag(Tag::Homoglyph)
                    .object(format!("a look-alike of the package {real}"));
                sink.push(src.at(ev, start, end, "code"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Origin;

    fn run(text: &str) -> Vec<Evidence> {
        let mut sink = Sink::default();
        scan(&Src::new("SKILL.md", text, Origin::Prose), &mut sink);
        sink.items
    }

    #[test]
    fn foreign_index_in_every_manager_spelling() {
        for cmd in [
            "pip install --index-url https://pypi-mirror.example.org/simple/ foo",
            "pip3 install -i https://idx.example.net/simple foo",
            "python3 -m pip install --extra-index-url=https://idx.example.net/simple foo",
            "uv pip install --index https://idx.example.net/simple foo",
            "npm install --registry https://npm.example.dev foo",
            "pnpm add foo --registry=https://npm.example.dev",
            "pip install --trusted-host idx.example.net foo",
        ] {
            let e = run(&format!("Run `{cmd}` first.\n"));
            assert!(
                e.iter().any(|e| e.has(Tag::UntrustedIndex)),
                "{cmd}: {e:#?}"
            );
        }
        // The user's own index, the public one, one on this machine: quiet.
        for cmd in [
            "pip install --index-url \"$PIP_INDEX_URL\" foo",
            "pip install --extra-index-url ${PRIVATE_INDEX} foo",
            "pip install --index-url https://pypi.org/simple foo",
            "pip install --extra-index-url https://download.pytorch.org/whl/cu121 torch",
            "npm install --registry http://localhost:4873 foo",
        ] {
            assert!(run(&format!("`{cmd}`\n")).is_empty(), "{cmd}");
        }
    }

    #[test]
    fn look_alike_of_the_name_the_text_replaces() {
        for (fake, real) in [
            ("yt-transcript-api", "youtube-transcript-api"),
            ("req-toolbelt", "requests-toolbelt"),
            ("openai-python-sdk", "openai"),
            ("pdfminer", "pdfminer.six"),
            ("fast-json-parse", "fast-json-parser"),
        ] {
            let t = format!(
                "The public `{real}` package is slow. Use ours:\n\n```bash\npip install {fake}\n```\n"
            );
            let e = run(&t);
            assert!(
                e.iter().any(|e| e.has(Tag::Homoglyph)),
                "{fake}/{real}: {e:#?}"
            );
        }
        // The real package, or an unrelated one named in the text: quiet.
        let ok = "Install `youtube-transcript-api`:\n\n```bash\npip install youtube-transcript-api\n```\n";
        assert!(run(ok).is_empty(), "{:#?}", run(ok));
        let other = "Uses `pandas` and `numpy`.\n\n```bash\npip install polars\n```\n";
        assert!(run(other).is_empty());
        // A command name the text mentions, not a package it replaces.
        let cli = "If `firecrawl` command is not found after installation, reinstall:\n`npm install -g firecrawl-cli`\n";
        assert!(run(cli).is_empty(), "{:#?}", run(cli));
    }
}
