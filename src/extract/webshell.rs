//! Round 19: server-side scripts that code writes (a webshell), and file
//! times set back on what the code planted (timestomping), once for every
//! language.
//!
//! A webshell is a server script whose code runs what a web request
//! carries: PHP `shell_exec($_POST["q"])`, `eval(base64_decode($_REQUEST[…]))`,
//! `system($_SERVER["HTTP_X_…"])`, JSP `Runtime.getRuntime().exec(request
//! .getParameter(…))`, ASPX `Process.Start(Request["c"])`, ERB backticks over
//! `params[…]`. It is read here when it is *text a program holds* — the
//! server-script opener (`<?php`, `<?=`, `<%`) inside a string literal, a
//! heredoc or any code of another language — in a code file that writes
//! something: the skill plants a remote-control channel (SK-EXEC-005), a
//! `ReverseShell` step whatever the language that writes it.
//!
//! Timestomping (`touch -d`/`-r`/`-t`, PHP `touch($f, $t)`, `os.utime`,
//! `File.utime`, Perl `utime`, Go `os.Chtimes`, Rust `filetime::set_file_*`,
//! Node `fs.utimes*`, PowerShell `.LastWriteTime =`) is a concealment
//! signal; alone it is routine (archive tools keep times), so it is
//! reported (SK-EXEC-018) only in a file that plants a webshell or a
//! start-up entry (a persistence write), where it hides the plant.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Origin};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use regex::Regex;
use std::sync::LazyLock;

/// Where a server script's code opens.
static OPENER: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"<\?php\b|<\?=|<%[@=]?|(?i)runat\s*=\s*["']?server"#);
/// Input a web request controls.
pub(super) static REQUEST_INPUT: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r#"\$_(?:GET|POST|REQUEST|COOKIE|FILES)\b|\$_SERVER\s*\[\s*["']HTTP_|\bgetallheaders\s*\(|php://input|\brequest\.get(?:Parameter|Header)\s*\(|\bRequest(?:\.(?:Form|QueryString|Headers|Params|Cookies))?\s*\[|\bparams\s*\[\s*:?["']?\w"#,
    )
});
/// Calls of a server script that run code or commands (round 30: also a
/// variable function applied to decoded or request data, `@$f(base64_decode(
/// $_POST["p"]))` with `$f = "as"."sert"`).
static CODE_SINK: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r#"\b(?:shell_exec|system|passthru|exec|popen|proc_open|pcntl_exec|eval|assert|create_function)\s*\(|@?\$\w+\s*\(\s*(?:base64_decode|gzinflate|gzuncompress|str_rot13|hex2bin|\$_)|`[^`\n]{0,40}(?:\$_|params\[)|\bRuntime\.getRuntime\(\)\.exec\s*\(|\bnew\s+ProcessBuilder\b|\bProcess\.Start\s*\(|%x[({\[]"#,
    )
});
/// A write of some kind in the file that holds the text.
static WRITES: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r#"put_contents|\bfwrite\b|\bfputs\b|\.write|\bwrite\b|WriteFile|write_all|Set-Content|Out-File|\btee\b|\.puts\b|\bprint\s*\{?\s*\$\w|io\.open|File\.open|>\s*["'$~/\w]"#,
    )
});
/// Extensions of server scripts: their own code is not a planted copy.
const SERVER_SCRIPTS: &[&str] = &["php", "phtml", "php5", "jsp", "jspx", "asp", "aspx", "erb"];
/// Bytes after an opener read as that script's body.
const BODY_WINDOW: usize = 1500;

/// Webshells planted by `src` (see the module docs).
pub fn scan(src: &Src, sink: &mut Sink) {
    if !matches!(src.origin, Origin::Script | Origin::Hook) {
        return;
    }
    let text = src.text;
    if by_template(src, sink) || !WRITES.is_match(text) {
        return;
    }
    let ext = src.ext();
    let own = SERVER_SCRIPTS.contains(&ext.as_str());
    let before = sink.items.len();
    by_openers(src, sink, own);
    if sink.items.len() == before {
        by_target(src, sink, own);
    }
}

fn by_openers(src: &Src, sink: &mut Sink, own: bool) {
    let text = src.text;
    if !OPENER.is_match(text) {
        return;
    }
    let mut last_end = 0;
    for (n, m) in OPENER.find_iter(text).enumerate() {
        if n >= crate::limits::WEBSHELL_MAX_OPENERS {
            crate::limits::gave_up("WEBSHELL_MAX_OPENERS");
            break;
        }
        if m.start() < last_end || (own && !quoted_opener(text, m.start())) {
            continue;
        }
        let mut stop = (m.end() + BODY_WINDOW).min(text.len());
        while !text.is_char_boundary(stop) {
            stop -= 1;
        }
        let body = &text[m.start()..stop];
        let (Some(run), Some(input)) = (CODE_SINK.find(body), REQUEST_INPUT.find(body)) else {
            continue;
        };
        let end = m.start() + run.end().max(input.end());
        last_end = end;
        let snippet = crate::text::snippet(&text[m.start()..end], 160);
        let ev = Evidence::new(Op::ReverseShell, A::CallTool, R::Network, snippet)
            .instrument("webshell")
            .object(
                "server script written by the skill that runs commands or code a web request sends (a webshell)",
            );
        sink.push(src.at(ev, m.start(), end, "code"));
    }
}

/// Round 30: a write whose target is a server script by its extension
/// (`file_put_contents("$dir/.sitemap-warm.php", $warm)`, `open(os.path.join(
/// root, "wp-content/uploads/x.php"), "w")`, `fs.writeFileSync(…"x.jsp"…)`):
/// the written text may hide its opener (`implode('', array_map('chr', [60,
/// 63, …]))`, a decoded blob), so the text the file builds before the
/// write is read for the webshell's shape instead.
static SERVER_TARGET: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)[^"'`\n]*?([\w.-]*)\.(?:php\d?|phtml|phar|jspx?|aspx?|ashx|asmx|cfm|cgi)["'`]"#,
);
/// Where planted server scripts are hidden: upload, plugin and theme
/// folders of a web root.
const WEB_DROPS: &[&str] = &[
    "uploads",
    "wp-content",
    "plugins",
    "themes",
    "cgi-bin",
    "webroot",
    "htdocs",
    "public_html",
];

/// Server scripts written by target name whose built text runs request
/// data (see [`SERVER_TARGET`]). A server script writing another (PHP
/// writing PHP: a config cache, a generated controller) is kept only with
/// a concealment cue: a hidden file name, a header-key gate
/// (`$_SERVER["HTTP_X_…"]`), an upload or plugin folder, an opener built
/// from character codes, or timestomping in the file.
fn by_target(src: &Src, sink: &mut Sink, own: bool) {
    let text = src.text;
    let mut seen = 0;
    let lines: Vec<&str> = text.split('\n').collect();
    for (n, line) in lines.iter().copied().enumerate() {
        let Some(t) = SERVER_TARGET.captures(line) else {
            continue;
        };
        // The write on the line or just below it (`with open(p, "w") as
        // f:` then `f.write(body)`).
        if !lines[n..(n + 3).min(lines.len())]
            .iter()
            .any(|l| WRITES.is_match(l))
        {
            continue;
        }
        seen += 1;
        if seen > crate::limits::WEBSHELL_MAX_OPENERS {
            crate::limits::gave_up("WEBSHELL_MAX_OPENERS");
            return;
        }
        let ls = line.as_ptr() as usize - text.as_ptr() as usize;
        let le = ls + line.len();
        let from = crate::text::clamp_boundary(text, ls.saturating_sub(BODY_WINDOW));
        // Pieces joined (`"as"."sert"`, `'a' + 'b'`) before matching.
        let body = JOINS.replace_all(&text[from..le], "");
        let (Some(_), Some(_)) = (CODE_SINK.find(&body), REQUEST_INPUT.find(&body)) else {
            continue;
        };
        let hidden_name = t.get(1).is_some_and(|m| m.as_str().starts_with('.'));
        let cue = hidden_name
            || body.contains("HTTP_X_")
            || WEB_DROPS.iter().any(|d| body.contains(d))
            || body.contains("'chr'")
            || body.contains("chr(")
            || TIMESTOMP.is_match(text);
        if own && !cue {
            continue;
        }
        let ev = Evidence::new(Op::ReverseShell, A::CallTool, R::Network, line.trim())
            .instrument("webshell")
            .object(
                "server script written by the skill that runs code a web request sends (a webshell, its text built before the write)",
            );
        sink.push(src.at(ev, ls, le, "code"));
        return;
    }
}

/// Folders of files a skill copies into the user's project as they are
/// (a scaffold's templates, stubs, skeletons).
const TEMPLATE_DIRS: &[&str] = &[
    "templates",
    "template",
    "stubs",
    "skeleton",
    "skeletons",
    "scaffold",
    "scaffolds",
    "boilerplate",
    "blueprints",
];
/// Request input in the web stacks a template is written for, beyond the
/// server-script spellings of [`REQUEST_INPUT`].
static TEMPLATE_INPUT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\breq\.(?:headers|query|body|params|cookies)\b|\brequest\.(?:args|form|headers|json|cookies|GET|POST|META)\b|\bctx\.(?:request|query|headers)\b"#,
);
/// Runs of code or commands in those stacks, beyond [`CODE_SINK`].
static TEMPLATE_RUN: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bexecSync\s*\(|\bnew\s+Function\s*\(|\bvm\.runIn\w*\s*\(|\bsubprocess\.\w+\s*\(|\bos\.(?:system|popen)\s*\("#,
);
/// A name assigned the name of a function that runs code, in pieces or
/// whole (`$r = 'ass' . 'ert';` once the pieces are joined): calling the
/// name (`@$r($payload)`) runs code.
static RUNNER_NAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(\$?[A-Za-z_]\w*)\s*=\s*["'](?:assert|eval|system|exec|shell_exec|passthru|popen|proc_open|create_function|call_user_func)["']"#,
);

/// Round 42 (recall42a): a template the skill writes into the user's
/// project (a file under a template folder, [`TEMPLATE_DIRS`]) whose own
/// code runs what a request carries — a header-keyed `eval`, a variable
/// function named `'ass'.'ert'`, `system($_GET[…])`, `eval(req.headers[…])`:
/// every generated project carries the backdoor. Pieces are joined first;
/// the run and the request input must lie within [`BODY_WINDOW`] bytes.
fn by_template(src: &Src, sink: &mut Sink) -> bool {
    let lower = src.path.to_ascii_lowercase();
    let comps: Vec<&str> = lower.split('/').collect();
    if !comps[..comps.len().saturating_sub(1)]
        .iter()
        .any(|d| TEMPLATE_DIRS.contains(d))
    {
        return false;
    }
    let text = src.text;
    // The server-script spellings (`$_GET`, `params[…]`) in a server
    // script; in other code `params[…]` is any variable.
    let server = SERVER_SCRIPTS.contains(&src.ext().as_str());
    let input = |t: &str| server && REQUEST_INPUT.is_match(t) || TEMPLATE_INPUT.is_match(t);
    if !input(text) {
        return false;
    }
    let body = JOINS.replace_all(text, "");
    let runners: Vec<String> = RUNNER_NAME
        .captures_iter(&body)
        .take(crate::limits::WEBSHELL_MAX_OPENERS)
        .map(|c| format!("{}(", &c[1]))
        .collect();
    let runs = CODE_SINK
        .find_iter(&body)
        .chain(TEMPLATE_RUN.find_iter(&body))
        // A method of another object (`re.exec(hex)`) runs nothing.
        .filter(|m| {
            !body[..m.start()].ends_with('.') || body[..m.start()].ends_with("child_process.")
        })
        .map(|m| m.start())
        .chain(
            runners
                .iter()
                .filter_map(|r| body.match_indices(r.as_str()).map(|(i, _)| i).last()),
        )
        .take(crate::limits::WEBSHELL_MAX_OPENERS);
    for at in runs {
        let from = crate::text::clamp_boundary(&body, at.saturating_sub(BODY_WINDOW));
        let to = crate::text::clamp_boundary(&body, (at + BODY_WINDOW).min(body.len()));
        let near = &body[from..to];
        if !input(near) {
            continue;
        }
        // Locate on the original text: the line of the same number.
        let line = body[..at].matches('\n').count();
        let ls = text
            .split_inclusive('\n')
            .take(line)
            .map(str::len)
            .sum::<usize>();
        let le = text[ls..].find('\n').map_or(text.len(), |n| ls + n);
        let ev = Evidence::new(Op::ReverseShell, A::CallTool, R::Network, text[ls..le].trim())
            .instrument("webshell")
            .object(
                "template the skill writes into the user's project runs code or commands a web request sends (a backdoor in every generated project)",
            );
        sink.push(src.at(ev, ls, le, "code"));
        return true;
    }
    false
}

/// `"."`, `'.'`, `" + "`, `' + '`: a literal split in pieces.
static JOINS: LazyLock<Regex> = LazyLock::new(|| crate::rx::re(r#"["']\s*[.+]\s*["']"#));

/// An opener inside a server script's own text that is a string's start
/// (`'<?php …'`, `"<?php"`, a heredoc line), not the file's own code.
fn quoted_opener(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end_matches([' ', '\t']);
    matches!(before.as_bytes().last(), Some(b'\'' | b'"' | b'`'))
        || before.ends_with('\n') && text[..at].rfind("<<<").is_some()
}

/// File times set: each language's spelling.
static TIMESTOMP: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r#"\btouch\s+(?:-[acmh]*[dtr]\b|--date\b|--reference\b)|\btouch\s*\(\s*[^,()\n]+,|\bos\.utime\s*\(|\bFile\.utime\s*\(|\butime\s*\(?\s*[\w$]|\bos\.Chtimes\s*\(|\bset_file_(?:m|a)?times?\s*\(|\bfs\.(?:utimes|lutimes|futimes)(?:Sync)?\s*\(|\.(?:LastWriteTime|CreationTime|LastAccessTime)(?:Utc)?\s*=|-Name\s+["']?(?:LastWriteTime|CreationTime)|\blfs\.touch\s*\(\s*[^,()\n]+,"#,
    )
});

/// Timestomping in a file that planted a webshell or a start-up entry
/// (see the module docs); run after the file's other scans.
pub fn timestomp(src: &Src, sink: &mut Sink) {
    let Some(m) = TIMESTOMP.find(src.text) else {
        return;
    };
    let planted = sink.items.iter().any(|e| {
        e.location.path == src.path
            && (e.op == Op::ReverseShell && e.instrument == "webshell"
                || super::persisted::plants(e))
    });
    if !planted {
        return;
    }
    let ev = Evidence::new(Op::AntiForensics, A::Write, R::LocalFs, m.as_str().trim())
        .instrument("timestomp")
        .object(
            "sets back the file time of what it planted, so the change looks old (timestomping)",
        );
    sink.push(src.at(ev, m.start(), m.end(), "code"));
}
