//! Shell-hook telemetry (round 28, SK-EXFIL-012): a file the user's shell
//! loads registers a hook that runs around every command line (zsh
//! `preexec`/`precmd`/`zshaddhistory`, `add-zsh-hook`, bash-preexec's
//! `preexec_functions`, `PROMPT_COMMAND`, `trap … DEBUG`, fish
//! `--on-event fish_preexec`/`fish_postexec`/`fish_prompt`, PSReadLine's
//! `-AddToHistoryHandler`, PowerShell's `prompt` function), reads the
//! command line or the history (`$1` of `preexec`, `$BASH_COMMAND`,
//! `history 1`, `fc -ln`, `$history`, `$HISTFILE`, `$argv`, `commandline`,
//! the handler's `$line`, `Get-History`, `ConsoleHost_history.txt`) and
//! sends a body off the machine (`curl -d/--data-binary/-T/-F`, `wget
//! --post-*`, `nc`, `/dev/tcp`, `Invoke-RestMethod -Body`, `… | curl`).
//! Every command the user types, secrets on the command line included,
//! leaves without a prompt: data exfiltration done covertly.
//!
//! The destination decides: on this machine or a private network, or a
//! variable the file never sets (the user's own configured server) is
//! quiet; a host the documents name is medium; a host no document names,
//! or one the file spells encoded (base64, reversed, ROT13, hex), is high.
//! A prompt theme that only prints git status, and a hook that logs
//! locally, send nothing and stay quiet.
//!
//! Token level, one pass per file over the text (every regex is linear);
//! Markdown is read in its fenced code only, so prose about hooks is not
//! code.

use super::super::{RuleCx, RuleDef};
use super::undeclared_send::user_text;
use crate::evidence::Location;
use crate::extract::editor_hooks::{EVENTS, SENDS};
use crate::extract::indicators::{URL_RE, is_private_host, registrable_domain, url_host};
use crate::finding::{Finding, Severity};
use crate::skill::FileKind;

/// Registrations of a hook that runs around each command line.
static HOOK: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)\badd-zsh-hook\s+(?:-\w+\s+)*(?:preexec|precmd|zshaddhistory)\b|\b(?:preexec|precmd|zshaddhistory)_functions\s*\+?=|^\s*(?:function\s+)?(?:preexec|precmd|zshaddhistory)\s*(?:\(\s*\)|\{)|\bPROMPT_COMMAND\s*\+?=|\btrap\s+(?:'[^'\n]*'|"[^"\n]*"|[\w:-]+)\s+DEBUG\b|--on-event[\s=]+fish_(?:preexec|postexec|prompt)\b|(?i:-AddToHistoryHandler\b|\bfunction\s+(?:global:)?prompt\s*\{)"#,
);

/// Reads of the command line or the shell history.
static COMMAND_LINE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\$\{?1\b|\$\{?BASH_COMMAND\b|\bhistory\s+(?:-\w+\s+)*1\b|\bfc\s+-\w*l|\$\{?history\b|\$\{?HISTFILE\b|\.(?:zsh|bash)_history\b|\$argv\b|\bcommandline\b|\$history\[|(?i:\$line\b|\bGet-History\b|ConsoleHost_history|HistorySavePath)"#,
);

/// A send with a body off the machine, on one line.
static SEND: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?:curl\b[^\n]*?\s(?:-d\b|--data\S*|-T\b|--upload-file|-F\b|--form)|wget\b[^\n]*?--post-(?:data|file)|(?:nc|ncat|netcat|socat)\s+[^\n|;&]*\S|(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)\b[^\n]*?-Body|\|\s*curl\b[^\n]*|[^\n]*/dev/(?:tcp|udp)/)[^\n]*"#,
);

/// What an assignment must hold to hide an address.
static DECODES: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)base64\s+(?:-d|-D|--decode)|\|\s*rev\b|xxd\s+-r|tr\s+['"]?A-Za-z|FromBase64String|\[char\]|-join|\bopenssl\s+(?:base64|enc)"#,
);

pub(crate) fn hook_telemetry(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let mut out = Vec::new();
    for f in &cx.skill.files {
        let code = match f.kind {
            FileKind::Binary | FileKind::Archive | FileKind::Bytecode | FileKind::Other => continue,
            FileKind::Markdown => std::borrow::Cow::Owned(crate::text::fence_mask(&f.text, true)),
            _ => std::borrow::Cow::Borrowed(f.text.as_str()),
        };
        let shell = HOOK.is_match(&code) && COMMAND_LINE.is_match(&code);
        let editor = EDITOR_CONTENT.is_match(&code) && EVENTS.is_match(&code);
        if !shell && !editor {
            continue;
        }
        let assigned = assignments(&code);
        let fields = if editor {
            url_fields(&code)
        } else {
            Default::default()
        };
        let sends = shell
            .then(|| {
                SEND.find_iter(&code)
                    .map(|m| (m.start(), m.as_str(), false))
            })
            .into_iter()
            .flatten()
            .chain(
                editor
                    .then(|| {
                        SENDS
                            .find_iter(&code)
                            .map(|m| (m.start(), send_window(&code, m.start()), true))
                    })
                    .into_iter()
                    .flatten(),
            );
        for (start, line, in_editor) in sends {
            if comment_line(&code, start) {
                continue;
            }
            let found = if in_editor {
                editor_destination(&assigned, &fields, line)
            } else {
                destination(&assigned, line)
            };
            let Some((host, hidden)) = found else {
                continue;
            };
            if is_private_host(&host) || !host.contains('.') {
                continue;
            }
            let docs = user_text(cx);
            let named =
                !hidden && (docs.contains(&host) || docs.contains(&registrable_domain(&host)));
            let lineno = code[..start].matches('\n').count() + 1;
            let what = if in_editor {
                "an editor hook in {} reads what the user opens or edits and sends it to"
            } else {
                "a shell hook in {} reads each command line or the history and sends it to"
            };
            let msg = format!(
                "{} {host}{}",
                what.replacen("{}", &f.rel, 1),
                if hidden {
                    ", an address the file hides (decoded at run time)"
                } else if named {
                    ", a host the documents name, on every event without asking"
                } else {
                    ", a host no document names"
                }
            );
            let snippet = line.lines().next().unwrap_or(line).trim();
            let mut fd = cx.finding(def, Location::line(&f.rel, lineno), snippet, msg);
            if named {
                fd.severity = Severity::Medium;
            }
            out.push(fd);
            break;
        }
    }
    out
}

/// The host a send line goes to, and whether its address is hidden: a
/// literal URL on the line, else the value of a variable the line names
/// and the file assigns (a literal, or an encoded one that decodes to a
/// URL). None for a variable the file never sets: the user's own server.
fn destination(assigned: &Assigned, line: &str) -> Option<(String, bool)> {
    if let Some(u) = URL_RE.find(line) {
        return url_host(u.as_str()).map(|h| (h.to_ascii_lowercase(), false));
    }
    if let Some(h) = tcp_host(line) {
        return Some((h, false));
    }
    static VAR: crate::rx::Lazy = crate::rx::Lazy::new(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)");
    VAR.captures_iter(line)
        .filter_map(|c| assigned.get(&c[1]).copied())
        .find_map(host_of_value)
}

/// The host a value assigned to a name sends to: a literal URL in it, or
/// one it hides (encoded, reversed), or an address decoded at run time.
fn host_of_value(rhs: &str) -> Option<(String, bool)> {
    if let Some(u) = URL_RE.find(rhs) {
        return url_host(u.as_str()).map(|h| (h.to_ascii_lowercase(), false));
    }
    let hidden = DECODES.is_match(rhs);
    let mut urls = crate::extract::deobf::transformed_urls(rhs);
    let (decoded, _) = crate::extract::deobf::decoded_texts(rhs);
    urls.extend(
        decoded
            .into_iter()
            .filter_map(|(_, _, t)| URL_RE.find(&t).map(|u| u.as_str().to_string())),
    );
    if let Some(h) = urls.iter().find_map(|u| url_host(u)) {
        return Some((h.to_ascii_lowercase(), true));
    }
    hidden.then(|| ("(decoded at run time).unknown".into(), true))
}

/// Round 43 (recall43b, blind r43 nvim-recent-files): what an editor hands
/// its event callbacks — the buffer's lines or text, its file name — in
/// every editor's API: Neovim (`nvim_buf_get_lines`, `nvim_buf_get_name`,
/// `getline(`, `getbufline(`, `expand('%')`/`<afile>`, the event's
/// `.file`/`.match`), Vim (`readfile(`), Emacs (`buffer-string`,
/// `buffer-substring`, `buffer-file-name`), VS Code (`.getText(`,
/// `document.fileName`, `.uri.fsPath`), Sublime (`view.substr(`,
/// `view.file_name(`), JetBrains (`document.text`, `virtualFile.path`).
static EDITOR_CONTENT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bnvim_buf_get_(?:lines|text|name)\b|\bget(?:buf)?line\s*\(|\bexpand\s*\(\s*["'](?:%|<afile>)|\b(?:ev|args|a|event|au)\.(?:file|match)\b|\breadfile\s*\(|\bbuffer-(?:string|substring(?:-no-properties)?|file-name)\b|\.getText\s*\(|\bdocument\.(?:fileName|uri)\b|\.uri\.fsPath\b|\bview\.(?:substr|file_name)\s*\(|\bdocument\.text\b|\bvirtualFile\.path\b"#,
);

/// The text of an editor send from `at`: to the first blank line, at most
/// 320 bytes (an argv list or a call spread over a few lines).
fn send_window(code: &str, at: usize) -> &str {
    let stop = crate::text::clamp_boundary(code, (at + 320).min(code.len()));
    let w = &code[at..stop];
    &w[..w.find("\n\n").unwrap_or(w.len())]
}

/// Whether the line holding byte `at` is a comment line (`#`, `--`, `//`,
/// `;`, a Vim `"`). Only the 400 bytes before `at` are looked at (a line
/// longer than that is code), so a file of one long line stays linear.
fn comment_line(code: &str, at: usize) -> bool {
    let from = crate::text::clamp_boundary(code, at.saturating_sub(400));
    let head = match code[from..at].rsplit_once('\n') {
        Some((_, h)) => h,
        None if from == 0 => &code[..at],
        None => return false,
    };
    ["#", "--", "//", ";", "\""]
        .iter()
        .any(|c| head.trim_start().starts_with(c))
}

/// Names and table fields that hold a literal URL anywhere in the file
/// (`sync = "https://…"` inside a table, `url: 'https://…'`, Emacs
/// `(defvar my-url "https://…")`/`(setq my-url …)`, Vim `let g:url = …`):
/// the first one of each name, in one pass.
fn url_fields(code: &str) -> Assigned<'_> {
    static FIELD: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"([A-Za-z_][\w-]*)["']?\s*[:=]\s*["'](https?://[^"'\s]+)|\((?:def(?:var|const|custom)|setq)\s+([\w-]+)\s+"(https?://[^"\s]+)"#,
    );
    let mut out: Assigned = Default::default();
    for c in FIELD.captures_iter(code) {
        let (Some(n), Some(v)) = (c.get(1).or(c.get(3)), c.get(2).or(c.get(4))) else {
            continue;
        };
        out.entry(n.as_str()).or_insert(v.as_str());
    }
    out
}

/// The host an editor send goes to: a literal URL in its text, else the
/// first name in it (each part of a dotted name, `opts.sync`) that the file
/// assigns a URL or holds one in a field of that name. None for a server
/// the user configures.
fn editor_destination(
    assigned: &Assigned,
    fields: &Assigned,
    window: &str,
) -> Option<(String, bool)> {
    if let Some(u) = URL_RE.find(window) {
        return url_host(u.as_str()).map(|h| (h.to_ascii_lowercase(), false));
    }
    static NAME: crate::rx::Lazy = crate::rx::Lazy::new(r"[A-Za-z_][\w-]*");
    NAME.find_iter(window).find_map(|n| {
        let n = n.as_str();
        fields
            .get(n)
            .and_then(|u| url_host(u))
            .map(|h| (h.to_ascii_lowercase(), false))
            .or_else(|| assigned.get(n).copied().and_then(host_of_value))
    })
}

/// A file's assignments, name to the text assigned (the first one).
type Assigned<'a> = crate::fxhash::FxHashMap<&'a str, &'a str>;

fn assignments(code: &str) -> Assigned<'_> {
    // Every assignment of the file, first one kept, in one pass.
    static ASSIGN: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"(?m)^[ \t]*(?:(?:typeset|local|declare|export|readonly|set)\s+(?:-\w+\s+)*)?\$?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.+)$"#,
    );
    let mut assigned: Assigned = Default::default();
    for c in ASSIGN.captures_iter(code) {
        let (Some(n), Some(v)) = (c.get(1), c.get(2)) else {
            continue;
        };
        assigned.entry(n.as_str()).or_insert(v.as_str());
    }
    assigned
}

/// `/dev/tcp/HOST/PORT` or `nc HOST PORT`.
fn tcp_host(line: &str) -> Option<String> {
    static TCP: crate::rx::Lazy = crate::rx::Lazy::new(
        r"/dev/(?:tcp|udp)/([A-Za-z0-9.-]+\.[A-Za-z0-9-]+)/|\b(?:nc|ncat|netcat)\s+(?:-\S+\s+)*([A-Za-z0-9.-]+\.[A-Za-z][A-Za-z0-9-]*)\s+\d",
    );
    let c = TCP.captures(line)?;
    c.get(1)
        .or_else(|| c.get(2))
        .map(|m| m.as_str().to_ascii_lowercase())
}
