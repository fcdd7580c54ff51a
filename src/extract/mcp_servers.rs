//! Round 33 (agent33, mcp-toolbelt-loader): agent tool servers (MCP) as
//! one model, whatever host's file or format declares them. A server is
//! a command the agent's host starts by itself at every session and whose
//! tools the agent then calls; the configuration decides what it runs and
//! whether each call is asked about. Read over any text (a shipped
//! `.mcp.json`/`mcp.json`/`.cursor/mcp.json`/`.vscode/mcp.json`/Claude
//! Desktop `claude_desktop_config.json`/Zed `context_servers`/Codex
//! `config.toml` `[mcp_servers.NAME]`/YAML, a script that writes one as a
//! dict or object, a fenced block in SKILL.md, a `claude|codex|gemini mcp
//! add` command line), per server object:
//!
//! * auto-approval: `alwaysAllow`, `autoApprove`, `auto_approve`,
//!   `trust: true`, `--trust`: every call of the listed tools runs without
//!   a prompt; `"*"` lists every tool;
//! * filesystem scope: a filesystem server rooted at `/`, `~`, `$HOME`,
//!   `C:\`, `/Users`, `/home`, `/root`;
//! * code from outside a registry: a package runner (`npx`, `bunx`,
//!   `pnpm dlx`, `uvx --from`, `pipx run --spec`, `pip install`) given a
//!   URL (`http://198.51.100.77/pkg.tgz`, `git+https://…`): lowered to the
//!   download-and-run it is (`download_run`), so its host is judged as any
//!   download's (a raw IP or plain http is an intent signal).
//!
//! The decision: auto-approval of every tool (`*`), of a server rooted at
//! the whole disk, or of a server whose code comes from outside a registry
//! is an approval bypass (SK-PRIV-006); auto-approval of a few named tools
//! of an ordinary server is the user's documented choice (tag
//! `editor-trust`: a warning).

use super::{Lang, Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// A text that declares or writes MCP servers (VS Code's `servers` key
/// counts only in a file named for MCP).
/// Round 40: MCP's own approval keys (`autoApprove`, `alwaysAllow`) mark a
/// server catalog too, whatever its name or wrapper (`catalog/servers.json`
/// merged into the client config by the skill's steps).
static MARKER: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)mcpServers|mcp_servers|context_servers|\bmcp\s+add\b|\b(?:autoApprove|alwaysAllow)\b",
);
/// A server's start command key (JSON, JS/Python object, YAML, TOML).
static COMMAND_KEY: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"(?m)["']?\b(?:command|cmd)["']?\s*[:=]|\bmcp\s+add\b"#);
/// Auto-approval keys with a non-empty list or `true`; capture 1 is the
/// value.
static AUTO: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)["']?\b(?:alwaysAllow|always_allow|autoApprove|auto_approve|autoApproved|alwaysAllowTools|trust)\b["']?\s*[:=]\s*(\[[^\]]*["'][^\]]*\]|\btrue\b|\n(?:[ \t]*-[ \t]*\S[^\n]*\n?)+)|\s--trust\b"#,
);
/// A filesystem server.
static FS_SERVER: crate::rx::Lazy = crate::rx::Lazy::new(r"(?i)filesystem|\bfs-server\b|mcp-fs\b");
/// A quoted (or YAML list) argument that is the whole disk or the home folder.
static WIDE_ROOT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:["']|-\s+)(?:/|~/?|\$HOME/?|\$\{HOME\}/?|%USERPROFILE%\\?|C:\\{1,2}|C:/|/Users/?|/home/?|/root/?)(?:["']|\s*$)"#,
);
/// Round 40: a root, directory or allow-list flag given the whole disk or
/// the home folder (`"--root", "/"`, `--allowed-dirs=~`), whatever the
/// server is called: its tools reach every file.
static WIDE_FLAG: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)["'\s]--?(?:root|roots|allow(?:ed)?[-_]?(?:dirs?|paths?|roots?)|dirs?|directory|paths?|workspace|base[-_]?dir|mount)["']?\s*[,=:\s]\s*["']?(?:/|~/?|\$HOME/?|\$\{HOME\}/?|C:\\{1,2}|C:/|/Users/?|/home/?|/root/?)(?:["'\s,\]]|$)"#,
);
/// Round 40: a tool that runs commands, listed for auto-approval: every
/// action the machine allows runs without a prompt.
static SHELL_TOOL: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)["'\s-](?:run_?command|execute_?command|exec(?:ute)?_?(?:shell|cmd|command)?|run_?(?:shell|terminal|script)|shell(?:_?exec)?|bash|terminal|system_?exec)["'\s,\]]"#,
);
/// A package runner given a URL: capture 1 is the URL. Round 40: within
/// its argument list (not past a closing `]` or `}`), so a URL in the
/// server's `env` is no package.
static RUNNER_URL: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?:npx|bunx|pnpx|dlx|uvx|pipx|uv|pip3?|deno|npm)\b[^\]\}]{0,240}?[\s"',=\[]((?:git\+)?(?:https?|ssh)://[^\s"',\]\)]+)"#,
);

/// Adds the evidence of the MCP servers `src` declares or writes.
/// `markdown`: the text is documentation (SKILL.md, a reference): its
/// download-and-run lowering is left to the install-spec reading.
pub fn scan(src: &Src, markdown: bool, sink: &mut Sink) {
    let text = src.text;
    let named = crate::skill::classify::placed_path(src.path)
        .to_ascii_lowercase()
        .rsplit('/')
        .next()
        .is_some_and(|n| n.contains("mcp"));
    if !(MARKER.is_match(text) || named && text.contains("servers")) {
        return;
    }
    let keys: Vec<usize> = COMMAND_KEY.find_iter(text).map(|m| m.start()).collect();
    if keys.is_empty() {
        return;
    }
    let objects = objects_around(text, &keys);
    let mut seen: std::collections::HashSet<(usize, usize)> = Default::default();
    let mut spans: Option<Spans> = None;
    for (&at, object) in keys.iter().zip(objects) {
        let (s, e) = object.unwrap_or_else(|| {
            spans
                .get_or_insert_with(|| Spans::new(text))
                .server_span(at)
        });
        if seen.insert((s, e)) {
            server(src, s, e, markdown, sink);
        }
    }
}

/// Reads one server object spanning `s..e`.
fn server(src: &Src, s: usize, e: usize, markdown: bool, sink: &mut Sink) {
    let body = crate::text::slice(src.text, s, e);
    let remote = RUNNER_URL.captures(body).and_then(|c| c.get(1));
    if let Some(u) = remote.filter(|_| !markdown) {
        let url = u.as_str().trim_start_matches("git+").to_string();
        let (us, ue) = (s + u.start(), s + u.end());
        let line = format!("curl -fsSL {url} | sh");
        let sub = src.derived(&line, us, ue, Origin::Hook);
        super::extract_code(Lang::Shell, &sub, sink);
    }
    let Some(a) = AUTO.captures(body) else {
        return;
    };
    let value = a.get(1).map_or("--trust", |v| v.as_str());
    let every = value.contains("\"*\"") || value.contains("'*'") || value.contains("- *");
    let wide = FS_SERVER.is_match(body) && WIDE_ROOT.is_match(body) || WIDE_FLAG.is_match(body);
    let shell = SHELL_TOOL.is_match(&format!(" {value} "));
    let broad = every || wide || shell || remote.is_some();
    let what = if every {
        "every tool of an MCP server auto-approved"
    } else if wide {
        "an MCP server rooted at the whole disk or home folder, auto-approved"
    } else if shell {
        "an MCP server's command-running tool auto-approved"
    } else if remote.is_some() {
        "an MCP server run from code outside a package registry, auto-approved"
    } else {
        "named tools of an MCP server auto-approved"
    };
    let at = s + a.get(0).map_or(0, |m| m.start());
    let end = src.text[at..].find('\n').map_or(src.text.len(), |n| at + n);
    let mut ev = Evidence::new(
        Op::SecurityDisable,
        A::UpdateState,
        R::Other,
        "MCP server config",
    )
    .tag(Tag::ApprovalBypass)
    .tag(Tag::AgentConfig)
    .instrument("MCP server auto-approval")
    .object(what);
    if !broad {
        ev.tags.insert(Tag::EditorTrust);
    }
    sink.push(src.at(ev, at, end.max(at + 1), "config"));
}

/// Where the servers around command keys outside any `{…}` object lie,
/// from facts about the whole text found once (round 45: each key searched
/// back for a TOML header and walked its YAML block line by line, so a
/// 12 MB script of `command:` keys at one depth spent a third of its scan
/// here): the TOML section heads, and for each line the block of lines
/// indented at least as deep around it.
struct Spans<'t> {
    text: &'t str,
    /// Offsets of every `\n[` (a TOML section head follows).
    heads: Vec<usize>,
    /// Each line's start (lines as `str::lines` splits them).
    starts: Vec<usize>,
    /// Each line's block: its first and its end offset.
    blocks: Vec<(usize, usize)>,
}

impl<'t> Spans<'t> {
    fn new(text: &'t str) -> Self {
        let heads = text.match_indices("\n[").map(|(i, _)| i).collect();
        let mut starts = Vec::new();
        let mut ends = Vec::new();
        let mut indents: Vec<Option<usize>> = Vec::new();
        let mut at = 0;
        for l in text.lines() {
            starts.push(at);
            ends.push(at + l.len());
            indents.push((!l.trim().is_empty()).then(|| l.len() - l.trim_start().len()));
            // `lines` drops the `\n` (and a `\r` before it).
            at = text[at..].find('\n').map_or(text.len(), |n| at + n + 1);
        }
        let n = starts.len();
        // The nearest non-blank line before and after each line that is
        // indented less: one stack pass each way.
        let nearest = |order: &mut dyn Iterator<Item = usize>| {
            let mut out = vec![None; n];
            let mut stack: Vec<usize> = Vec::new();
            for i in order {
                let Some(d) = indents[i] else { continue };
                while stack.last().is_some_and(|&j| indents[j].unwrap_or(0) >= d) {
                    stack.pop();
                }
                out[i] = stack.last().copied();
                stack.push(i);
            }
            out
        };
        let before = nearest(&mut (0..n));
        let after = nearest(&mut (0..n).rev());
        let blocks = (0..n)
            .map(|i| {
                let first =
                    before[i].map_or(0, |j| starts.get(j + 1).copied().unwrap_or(text.len()));
                // As the per-line walk counted: the key's own line ends
                // before its line break, the lines after it in full.
                let term = starts.get(i + 1).map_or(0, |&s| s - ends[i]);
                let end = match after[i] {
                    Some(j) => starts[j] - term,
                    None if i + 1 == n => ends[i],
                    None => text.len() - term,
                };
                (first, end)
            })
            .collect();
        Spans {
            text,
            heads,
            starts,
            blocks,
        }
    }

    /// The server around a command key at `at` outside any `{…}` object:
    /// a command line (`claude mcp add …`) is its line; a TOML
    /// `[mcp_servers.…]` section runs to the next header; else the YAML
    /// block of its indentation (the lines around it indented at least as
    /// deep, from the first such line above).
    fn server_span(&self, at: usize) -> (usize, usize) {
        let text = self.text;
        let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
        let line_end = text[at..].find('\n').map_or(text.len(), |n| at + n);
        if text[at..line_end].trim_start().starts_with("mcp") {
            return (line_start, line_end);
        }
        // The last head wholly before `at`, and the first at or after it.
        let k = self.heads.partition_point(|&h| h + 2 <= at);
        if let Some(&h) = k.checked_sub(1).and_then(|k| self.heads.get(k)) {
            let head = h + 1;
            let stop = self.heads[self.heads.partition_point(|&h| h < at)..]
                .first()
                .copied()
                .unwrap_or(text.len());
            if text[head..at]
                .lines()
                .next()
                .is_some_and(|l| l.contains("mcp") || l.contains("server"))
            {
                return (head, stop);
            }
        }
        let i = self
            .starts
            .partition_point(|&s| s <= line_start)
            .saturating_sub(1);
        self.blocks
            .get(i)
            .copied()
            .unwrap_or((line_start, line_end))
    }
}

/// For each position of `keys` (sorted), the innermost `{…}` object
/// holding it, by one pass over the text's braces (braces in quoted
/// strings skipped): linear in the text and the keys.
fn objects_around(text: &str, keys: &[usize]) -> Vec<Option<(usize, usize)>> {
    let b = text.as_bytes();
    let mut stack: Vec<usize> = Vec::new();
    let mut close: std::collections::HashMap<usize, usize> = Default::default();
    let mut open_at: Vec<Option<usize>> = Vec::with_capacity(keys.len());
    let mut quote: Option<u8> = None;
    let mut k = 0;
    let mut i = 0;
    while i < b.len() {
        while k < keys.len() && keys[k] <= i {
            open_at.push(stack.last().copied());
            k += 1;
        }
        let c = b[i];
        match quote {
            Some(q) => {
                if c == b'\\' {
                    i += 1;
                } else if c == q || c == b'\n' {
                    quote = None;
                }
            }
            None => match c {
                b'"' | b'\'' => quote = Some(c),
                b'{' => stack.push(i),
                b'}' => {
                    if let Some(o) = stack.pop() {
                        close.insert(o, i + 1);
                    }
                }
                _ => {}
            },
        }
        i += 1;
    }
    open_at.resize(keys.len(), None);
    open_at
        .into_iter()
        .map(|o| o.and_then(|o| close.get(&o).map(|&c| (o, c))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::Spans;

    /// The per-key reading `Spans` replaced (a search back for a TOML head
    /// and a line-by-line walk of the YAML block), kept as the reference.
    fn reference(text: &str, at: usize) -> (usize, usize) {
        let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
        let line_end = text[at..].find('\n').map_or(text.len(), |n| at + n);
        if text[at..line_end].trim_start().starts_with("mcp") {
            return (line_start, line_end);
        }
        if let Some(h) = text[..at].rfind("\n[") {
            let head = h + 1;
            let stop = text[at..].find("\n[").map_or(text.len(), |n| at + n);
            if text[head..at]
                .lines()
                .next()
                .is_some_and(|l| l.contains("mcp") || l.contains("server"))
            {
                return (head, stop);
            }
        }
        let indent = |l: &str| l.len() - l.trim_start().len();
        let line = text[line_start..].lines().next().unwrap_or("");
        let depth = indent(line);
        let mut start = line_start;
        while start > 0 {
            let prev_start = text[..start - 1].rfind('\n').map_or(0, |n| n + 1);
            let prev = &text[prev_start..start - 1];
            if !prev.trim().is_empty() && indent(prev) < depth {
                break;
            }
            start = prev_start;
        }
        let mut end = line_start + line.len();
        for l in text[end..].split_inclusive('\n').skip(1) {
            if !l.trim().is_empty() && indent(l) < depth {
                break;
            }
            end += l.len();
        }
        (start, end.min(text.len()))
    }

    #[test]
    fn spans_answer_as_the_per_key_reading_did() {
        // Lines drawn from a small alphabet of indents, keys, blanks, CRLF
        // ends and TOML heads, by a fixed linear congruential sequence.
        let pieces = [
            "command: npx srv\n",
            "  command: uvx x\n",
            "    cmd = \"run\"\n",
            "\n",
            "   \n",
            "[mcp_servers.a]\n",
            "[other]\n",
            "  args: [\"-y\"]\n",
            "servers:\n",
            "\tcommand: t\r\n",
            "x",
            "mcp add foo -- npx bar\n",
        ];
        let mut seed: u64 = 45;
        for _ in 0..400 {
            let mut text = String::new();
            for _ in 0..(seed % 17 + 1) {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                text.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            }
            let spans = Spans::new(&text);
            for (at, _) in text
                .match_indices("cmd")
                .chain(text.match_indices("command"))
            {
                assert_eq!(
                    spans.server_span(at),
                    reference(&text, at),
                    "{text:?} at {at}"
                );
            }
        }
    }
}
