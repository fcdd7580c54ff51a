//! The language an interpreter's name says, one table for every reader of
//! it (round 23): the `#!` line of a file without a telling extension
//! (`bin/rails-log-report` starting `#!/usr/bin/env ruby`, `tool.cgi`
//! starting `#!/usr/bin/perl -w`), and the interpreter SKILL.md or a script
//! hands a file to (`runner.rs`). A parsed language is a `FileKind`; a
//! language read at token level is the extension its scanners key on
//! (`rb`, `pl`, `php`, `lua`).
//!
//! Spellings: `#!/usr/bin/env NAME`, `env -S NAME --flags`, `env -i VAR=x
//! NAME`, versioned names (`python3.12`, `ruby3.2`, `php8.2`, `lua5.4`,
//! `perl5.36`), a full path (`/opt/homebrew/bin/node`), flags after the name
//! (`perl -w`, `node --no-warnings`), `deno run`, `bun`, `tsx`, `ts-node`.

use super::FileKind;

/// What an interpreter reads: a parsed language, or a token-level one by
/// the extension its scanners use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interp {
    Kind(FileKind),
    Token(&'static str),
}

/// Interpreter names (version digits stripped, lower case) and what they read.
const INTERPRETERS: &[(&[&str], Interp)] = &[
    (
        &[
            "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "busybox", "fish", "source",
        ],
        Interp::Kind(FileKind::Shell),
    ),
    (
        &["python", "pypy", "ipython", "uv"],
        Interp::Kind(FileKind::Python),
    ),
    (
        &[
            "node",
            "nodejs",
            "deno",
            "bun",
            "tsx",
            "ts-node",
            "ts-node-esm",
            "esno",
            "zx",
            "npx",
            "bunx",
        ],
        Interp::Kind(FileKind::JavaScript),
    ),
    (
        &["pwsh", "powershell", "powershell.exe", "pwsh-preview"],
        Interp::Kind(FileKind::PowerShell),
    ),
    (&["ruby", "jruby", "truffleruby"], Interp::Token("rb")),
    (&["crystal"], Interp::Token("cr")),
    (&["perl"], Interp::Token("pl")),
    (&["php", "php-cgi"], Interp::Token("php")),
    (&["lua", "luajit"], Interp::Token("lua")),
    (&["rscript"], Interp::Token("r")),
    (&["tclsh", "wish", "expect"], Interp::Token("tcl")),
    (&["awk", "gawk", "mawk", "nawk"], Interp::Token("awk")),
    (&["osascript"], Interp::Token("applescript")),
    (&["groovy"], Interp::Token("groovy")),
    (&["elixir"], Interp::Token("exs")),
    (&["julia"], Interp::Token("jl")),
    (&["kotlin", "kotlinc"], Interp::Token("kts")),
    (&["swift"], Interp::Token("swift")),
    (&["scala"], Interp::Token("scala")),
    (&["dart"], Interp::Token("dart")),
];

/// What the interpreter named `word` reads (`/usr/bin/python3.12`,
/// `ruby`, `PHP8.2`). Version digits and dots at the end do not count.
pub fn interp_of(word: &str) -> Option<Interp> {
    let base = word.rsplit(['/', '\\']).next().unwrap_or(word);
    let lower = base.to_ascii_lowercase();
    let name = lower.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let name = name.strip_suffix('-').unwrap_or(name);
    let name = if name.is_empty() {
        lower.as_str()
    } else {
        name
    };
    INTERPRETERS
        .iter()
        .find(|(names, _)| names.contains(&name))
        .map(|(_, i)| *i)
}

/// The interpreter a `#!` line names: past `env` and its options and
/// assignments (`env -S`, `env -i`, `env VAR=x`).
pub fn interpreter(first_line: &str) -> Option<&str> {
    let rest = first_line.strip_prefix("#!")?.trim();
    let mut words = rest.split_whitespace();
    let first = words.next()?;
    let is_env = first.rsplit('/').next() == Some("env");
    if !is_env {
        return Some(first);
    }
    // `-S` may carry its words glued: `env -Sruby -w`.
    words.find_map(|w| {
        if let Some(glued) = w.strip_prefix("-S").filter(|g| !g.is_empty()) {
            return Some(glued);
        }
        (!w.starts_with('-') && !w.contains('=')).then_some(w)
    })
}

/// What a text's `#!` line says it is.
pub fn of_text(text: &str) -> Option<Interp> {
    let first = text.lines().next()?;
    let first = first.strip_prefix('\u{feff}').unwrap_or(first);
    interp_of(interpreter(first)?)
}

/// The parsed language a text's `#!` line names.
pub fn kind_of_text(text: &str) -> Option<FileKind> {
    match of_text(text)? {
        Interp::Kind(k) => Some(k),
        Interp::Token(_) => None,
    }
}

/// The token-level extension a text's `#!` line names (`rb` for `ruby`).
pub fn token_ext_of_text(text: &str) -> Option<&'static str> {
    // Round 31: a file that opens PHP code (`<?php` first, a template a
    // script installs as a plugin: `assets/cache-health.tpl`) is PHP,
    // whatever its name.
    let head = text.strip_prefix('\u{feff}').unwrap_or(text).trim_start();
    if head.starts_with("<?php") {
        return Some("php");
    }
    match of_text(text)? {
        Interp::Token(e) => Some(e),
        Interp::Kind(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shebang_spellings_name_their_language() {
        let cases: &[(&str, Interp)] = &[
            ("#!/usr/bin/env ruby", Interp::Token("rb")),
            ("#!/usr/bin/env -S ruby -w", Interp::Token("rb")),
            ("#!/usr/bin/env -Sruby -w", Interp::Token("rb")),
            ("#!/usr/bin/env -i PATH=/bin perl", Interp::Token("pl")),
            ("#!/usr/bin/perl -w", Interp::Token("pl")),
            ("#!/usr/bin/python3.12", Interp::Kind(FileKind::Python)),
            ("#!/usr/local/bin/php8.2", Interp::Token("php")),
            ("#!/usr/bin/env lua5.4", Interp::Token("lua")),
            (
                "#!/usr/bin/env node --no-warnings",
                Interp::Kind(FileKind::JavaScript),
            ),
            (
                "#!/usr/bin/env -S deno run --allow-net",
                Interp::Kind(FileKind::JavaScript),
            ),
            ("#!/usr/bin/env bun", Interp::Kind(FileKind::JavaScript)),
            ("#!/usr/bin/env tsx", Interp::Kind(FileKind::JavaScript)),
            ("#!/usr/bin/env ts-node", Interp::Kind(FileKind::JavaScript)),
            ("#!/usr/bin/env pwsh", Interp::Kind(FileKind::PowerShell)),
            ("#!/bin/dash", Interp::Kind(FileKind::Shell)),
            ("#!/bin/zsh -f", Interp::Kind(FileKind::Shell)),
        ];
        for (line, want) in cases {
            assert_eq!(of_text(line), Some(*want), "{line}");
        }
        for line in [
            "#!/usr/bin/env",
            "# not a shebang",
            "#!/usr/bin/env make -f",
            "#!/usr/bin/shellcheck",
        ] {
            assert_eq!(of_text(line), None, "{line}");
        }
    }
}
