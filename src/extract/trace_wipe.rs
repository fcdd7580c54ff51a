//! Round 28: anti-forensics by its object, once for every language (token
//! level, like `burn.rs`): the records of who logged in and what was typed
//! emptied or removed.
//!
//! * **Trace files** ([`TRACE`]): shell and REPL histories (`.bash_history`,
//!   `.zsh_history`, fish, `.python_history`, `ConsoleHost_history.txt`…),
//!   the login records and auth logs (`/var/log/auth.log`, `secure`,
//!   `wtmp`, `btmp`, `lastlog`, `utmp`, `faillog`, the audit log, the
//!   journal folder).
//! * **A wipe** ([`WIPE`]): the operations that empty or remove a file in
//!   each language: shell `: >`, `> f`, `cat /dev/null >`, `truncate -s 0`,
//!   `rm`, `shred`, `ln -sf /dev/null`; Python `os.remove`/`unlink`/
//!   `truncate`, `open(p, "w").close()`, `write_text("")`; Node
//!   `truncateSync`/`unlinkSync`/`rmSync`/`writeFileSync(p, "")`; Ruby
//!   `File.truncate`/`File.delete`/`File.write(p, "")`; PHP
//!   `file_put_contents(p, "")`/`unlink`/`ftruncate`; Perl `open(FH, '>',
//!   $f)` closed on the same line, `truncate`, `unlink`; Go `os.Truncate`/
//!   `os.Remove`; Rust `remove_file`/`File::create`; PowerShell
//!   `Clear-Content`/`Remove-Item`/`Set-Content … ''`.
//!
//! A trace file is wiped when a wipe stands on its line, or when, within
//! [`WINDOW`] lines after it, a wipe names the variable its line assigns or
//! a loop binds (`for my $f (@extra)`, `for p in [...]`, `for (const p of
//! …)`, `for f in A B; do`). Reading a trace file (`tail`, `last -f`,
//! `open(p)`) is not a wipe; a history rewritten with content is not one
//! either (the open must be closed with nothing written).
//!
//! History switched off ([`HIST_OFF`]): `HISTFILE` set to `/dev/null` or
//! emptied or deleted from the environment (`$ENV{HISTFILE}`,
//! `os.environ`, `process.env`, `ENV[…]`, `putenv`, `os.Setenv`,
//! `$env:HISTFILE`), `HISTSIZE=0`, `set +o history`, PSReadLine's
//! `SaveNothing`; the shell table keeps `unset HISTFILE` and `history -c`.
//! A journal vacuumed to nothing (`journalctl --vacuum-time=1s`,
//! `--vacuum-size=1K`) is the same; a retention of days or hundreds of
//! megabytes is housekeeping and stays quiet.
//!
//! Every step is `AntiForensics` (SK-EXEC-018). Each line is reported once;
//! a line another front-end already reported as anti-forensics is skipped.
//! Reads every match of the whole text (linear: each site looks at most
//! [`WINDOW`] lines ahead).

use super::billed::word_in as names;
use super::region::line_span;
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Lines after a trace file in which a wipe of its variable counts.
const WINDOW: usize = 15;

/// Files that record who logged in and what was typed.
static TRACE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?:\.(?:bash|zsh|sh|ksh|python|node_repl|psql|mysql|sqlite|irb|rediscli)_history\b|\bfish_history\b|\bConsoleHost_history\.txt\b|\.lesshst\b|\.viminfo\b|/var/log/(?:auth\.log|secure|wtmp|btmp|lastlog|faillog|audit/audit\.log|journal)\b|/var/run/utmp\b|/run/utmp\b)",
);

/// An operation that empties or removes a file, in any language.
static WIPE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?x)
      (?:^\s*|[;&|({]\s*|\bdo\s+|\bthen\s+)(?::|true|echo(?:\s+-n)?(?:\s+"")?|cat\s+/dev/null|printf\s+(?:""|''))?\s*>\s*["'$~/\w]
    | \btruncate\s+(?:-s\s*0|--size[= ]0)\b
    | (?:^\s*|[;&|(]\s*|\bdo\s+|\bthen\s+|\bsudo\s+|\bexec\s+)(?:rm|shred|srm|wipe)\s
    | \bln\s+-s?f\w*\s+/dev/null\b
    | \b(?:os\.remove|os\.unlink|os\.truncate|unlink|unlinkSync|truncateSync|rmSync|ftruncate|truncate|File\.delete|File\.unlink|File\.truncate|FileUtils\.rm\w*|os\.Remove|os\.RemoveAll|os\.Truncate|remove_file|File::create)\s*\(
    | \.(?:unlink|write_text\(\s*(?:""|'')\s*|write_bytes\(\s*b(?:""|'')\s*)\)
    | \b(?:writeFileSync|writeFile|File\.write|file_put_contents|os\.WriteFile|fs::write)\s*\([^,\n]+,\s*(?:""|''|nil|\[\]byte\{\}|\[\]byte\(""\)|b"")\s*[,)]
    | \bopen\s*\([^)\n]*,\s*["']w\+?b?["']\s*\)\s*(?:\.close\(\)|(?:as\s+\w+\s*)?:\s*pass\b)
    | \bopen\s*\(\s*(?:my\s+)?\$?\w+\s*,\s*["']>\s*["']?[^)\n]*\)[^;\n]*(?:\{\s*close\b|;\s*close\b|\bor\b[^\n]*;\s*close\b)
    | \b(?:Clear-Content|Remove-Item|rm\s+-Force)\b
    | \bSet-Content\b[^\n|]*-Value\s*(?:""|'')
    "#,
);

/// History switched off for the session, in any language.
static HIST_OFF: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?x)
      \$ENV\{\s*["']?HISTFILE["']?\s*\}\s*=\s*["']?(?:/dev/null|["']{2})
    | \bdelete\s+\$ENV\{\s*["']?HISTFILE
    | \bos\.environ\[\s*["']HISTFILE["']\s*\]\s*=\s*["'](?:/dev/null)?["']
    | \b(?:del\s+os\.environ\[|os\.environ\.pop\(|os\.unsetenv\()\s*["']HISTFILE["']
    | \bprocess\.env\.HISTFILE\s*=\s*["'](?:/dev/null)?["']
    | \bdelete\s+process\.env\.HISTFILE\b
    | \bENV\[\s*["']HISTFILE["']\s*\]\s*=\s*(?:["'](?:/dev/null)?["']|nil)
    | \bputenv\(\s*["']HISTFILE=(?:/dev/null)?["']
    | \bos\.(?:Setenv\(\s*"HISTFILE"\s*,\s*"(?:/dev/null)?"|Unsetenv\(\s*"HISTFILE")
    | \$env:HISTFILE\s*=\s*["'](?:/dev/null)?["']
    | (?:^|[;&\s])(?:export\s+)?HISTFILE=(?:/dev/null\b|["']{2}|\s|;|$)
    | (?:^|[;&\s])(?:export\s+)?HISTSIZE=["']?0\b
    | \bset\s+\+o\s+history\b
    | -HistorySaveStyle\s+SaveNothing\b
    | \bjournalctl\b[^\n]*--vacuum-(?:time=\d+(?:s|sec|m|min)?\b[^\w]|time=\d+(?:s|sec|m|min)?$|size=\d+[KB]?\b|files=[01]\b)
    "#,
);

/// A variable a line assigns (`my @extra = (`, `logs = [`, `const p =`,
/// `$f =`, `p :=`).
static ASSIGNS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^\s*(?:(?:my|our|local|const|let|var|readonly|declare(?:\s+-\w+)?)\s+)?[@$%]?(\w+)\s*(?::=|=)",
);
/// A loop that binds a variable: shell/Python/Perl `for`, JS `of`, PHP and
/// PowerShell `foreach`, Go `range`, Ruby and JS each-blocks.
static BINDS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bfor\s+(?:my\s+|our\s+)?\$?(\w+)\s+(?:in\b|\()|\bfor\s*\(\s*(?:const|let|var)\s+(\w+)\s+(?:of|in)\b|\bforeach\s*\(\s*\S+\s+as\s+\$(\w+)|\bforeach\s*\(\s*\$(\w+)\s+in\b|\bfor\s+(?:_|\w+)\s*,\s*(\w+)\s*:=\s*range\b|\.(?:forEach|each|map)\s*\(?\s*(?:\(\s*(\w+)|(\w+)\s*=>)|\bdo\s*\|\s*(\w+)\s*\||\{\s*\|\s*(\w+)\s*\|",
);

fn comment(line: &str) -> bool {
    let l = line.trim_start();
    l.starts_with('#') || l.starts_with("//") || l.starts_with("--") || l.starts_with('*')
}

/// What a trace file is, for the finding.
fn what(trace: &str) -> &'static str {
    let t = trace.to_ascii_lowercase();
    if t.contains("history") || t.contains("lesshst") || t.contains("viminfo") {
        "shell history erased"
    } else if t.contains("tmp") || t.contains("lastlog") || t.contains("faillog") {
        "login records erased (wtmp/btmp/lastlog)"
    } else {
        "system auth or audit log erased"
    }
}

/// The wipe of the trace file at `m`, if any: the line that wipes it.
fn wiped_at(text: &str, at: usize) -> Option<(usize, usize)> {
    let (ls, le) = line_span(text, at);
    let line = &text[ls..le];
    if comment(line) {
        return None;
    }
    if WIPE.is_match(line) {
        return Some((ls, le));
    }
    let mut vars: Vec<&str> = Vec::new();
    if let Some(c) = ASSIGNS.captures(line) {
        vars.extend(c.get(1).map(|m| m.as_str()));
    }
    for c in BINDS.captures_iter(line) {
        vars.extend((1..c.len()).filter_map(|g| c.get(g)).map(|m| m.as_str()));
    }
    let mut pos = le;
    for _ in 0..WINDOW {
        if pos >= text.len() {
            break;
        }
        let (s, e) = line_span(text, pos + 1);
        let l = &text[s..e];
        pos = e;
        if comment(l) {
            continue;
        }
        for c in BINDS.captures_iter(l) {
            vars.extend((1..c.len()).filter_map(|g| c.get(g)).map(|m| m.as_str()));
        }
        if WIPE.is_match(l) && vars.iter().any(|v| names(l, v)) {
            return Some((s, e));
        }
    }
    // A loop head on the trace file's own line (`for f in ~/.bash_history
    // /var/log/wtmp; do : > "$f"; done` is caught above on one line).
    None
}

/// Adds the anti-forensics `src` shows; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    // Lines already reported (a set: a file of many wipes stays linear).
    let mut done: std::collections::HashSet<usize> = sink
        .items
        .iter()
        .filter(|e| e.op == Op::AntiForensics && e.location.path == src.path)
        .map(|e| e.location.start_line)
        .collect();
    let mut push = |sink: &mut Sink, span: (usize, usize), target: &str, object: &str| {
        let ev = src.at(
            Evidence::new(Op::AntiForensics, A::Write, R::LocalFs, target)
                .tag(Tag::HistoryFile)
                .instrument("trace wipe")
                .object(object),
            span.0,
            span.1,
            "code",
        );
        if !done.insert(ev.location.start_line) {
            return;
        }
        sink.push(ev);
    };
    for m in TRACE.find_iter(text) {
        if let Some(span) = wiped_at(text, m.start()) {
            push(sink, span, m.as_str(), what(m.as_str()));
        }
    }
    for m in HIST_OFF.find_iter(text) {
        let span = line_span(text, m.start());
        if comment(&text[span.0..span.1]) {
            continue;
        }
        let object = if m.as_str().contains("journalctl") {
            "system journal vacuumed to nothing"
        } else {
            "shell history switched off"
        };
        push(sink, span, m.as_str().trim(), object);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wiped(text: &str) -> bool {
        TRACE
            .find_iter(text)
            .any(|m| wiped_at(text, m.start()).is_some())
    }

    #[test]
    fn wipes_in_every_language() {
        assert!(wiped(
            "for f in ~/.bash_history /var/log/wtmp; do : > \"$f\"; done\n"
        ));
        assert!(wiped("truncate -s 0 /var/log/lastlog\n"));
        assert!(wiped(
            "my @x = ('/var/log/auth.log');\nfor my $f (@x) {\n  if (open(my $fh, '>', $f)) { close $fh }\n}\n"
        ));
        assert!(wiped(
            "for p in [\"/var/log/wtmp\", h]:\n    open(p, \"w\").close()\n"
        ));
        assert!(wiped(
            "for (const p of [\"/var/log/btmp\"]) fs.truncateSync(p, 0);\n"
        ));
        assert!(wiped(
            "File.write(File.expand_path(\"~/.zsh_history\"), \"\")\n"
        ));
        assert!(wiped("unlink(getenv(\"HOME\").\"/.bash_history\");\n"));
    }

    #[test]
    fn reads_are_not_wipes() {
        assert!(!wiped("tail -n 50 /var/log/auth.log\n"));
        assert!(!wiped("last -f /var/log/wtmp | head\n"));
        assert!(!wiped(
            "h = open(os.path.expanduser(\"~/.bash_history\")).read()\n"
        ));
        assert!(!wiped(
            "/var/log/wtmp {\n    monthly\n    create 0664 root utmp\n    rotate 1\n}\n"
        ));
        assert!(!wiped(
            "p = os.path.expanduser(\"~/.bash_history\")\nlines = dedupe(open(p).read())\nwith open(p, \"w\") as f:\n    f.write(lines)\n"
        ));
        assert!(!HIST_OFF.is_match("journalctl --vacuum-time=14d\n"));
        assert!(HIST_OFF.is_match("journalctl --vacuum-time=1s\n"));
    }
}
