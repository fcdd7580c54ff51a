//! Indicator lists (`rules/indicators/*.txt`), compiled once, and the
//! classifiers that turn a path, URL or variable name into an SSL
//! `resource_scope` plus tags.

use crate::evidence::Tag;
use crate::rx::AnyOf;
use crate::ssl::vocab::ResourceScope;
use std::collections::BTreeSet;
use std::sync::LazyLock;

fn lines(src: &'static str) -> impl Iterator<Item = &'static str> {
    src.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

fn set(src: &'static str) -> AnyOf {
    AnyOf::new(lines(src), true)
}

static SECRET_PATHS: LazyLock<AnyOf> =
    LazyLock::new(|| set(include_str!("../../rules/indicators/secret_paths.txt")));
static AGENT_CONFIGS: LazyLock<AnyOf> =
    LazyLock::new(|| set(include_str!("../../rules/indicators/agent_configs.txt")));
static AGENT_MEMORY: LazyLock<AnyOf> =
    LazyLock::new(|| set(include_str!("../../rules/indicators/agent_memory.txt")));
static BROWSER: LazyLock<AnyOf> =
    LazyLock::new(|| set(include_str!("../../rules/indicators/browser_stores.txt")));
static WALLETS: LazyLock<AnyOf> =
    LazyLock::new(|| set(include_str!("../../rules/indicators/wallets.txt")));

/// `(class, host-or-prefix)` pairs from `hosts.txt`.
static HOSTS: LazyLock<Vec<(String, String)>> = LazyLock::new(|| {
    lines(include_str!("../../rules/indicators/hosts.txt"))
        .filter_map(|l| l.split_once(' '))
        .map(|(c, h)| (c.to_string(), h.trim().to_lowercase()))
        .collect()
});

/// Well-known skill names (typosquat targets).
pub static KNOWN_NAMES: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| lines(include_str!("../../rules/indicators/names.txt")).collect());

/// Widely installed packages (look-alike install targets).
static POPULAR_PACKAGES: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| lines(include_str!("../../rules/indicators/packages.txt")).collect());

/// The popular package `name` imitates, when it is not one itself: the
/// same letters with two neighbours swapped (`reqeusts`), or, for names
/// of seven letters or more, one letter changed (`requestz`).
pub fn look_alike_package(name: &str) -> Option<&'static str> {
    let n = name.to_ascii_lowercase();
    if n.len() < 5 || POPULAR_PACKAGES.contains(&n.as_str()) {
        return None;
    }
    POPULAR_PACKAGES.iter().copied().find(|p| {
        let (a, b) = (n.as_bytes(), p.as_bytes());
        if a.len() != b.len() {
            return false;
        }
        let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
        match diff.as_slice() {
            [i, j] => *j == i + 1 && a[*i] == b[*j] && a[*j] == b[*i],
            [i] => a.len() >= 7 && a[*i].is_ascii_alphabetic() && b[*i].is_ascii_alphabetic(),
            _ => false,
        }
    })
}

/// Whether package `name` is a shortened or extended form of `real`
/// (the name a text says it replaces): the same words with one or more
/// abbreviated (`yt-transcript-api` for `youtube-transcript-api`), or with
/// words added or dropped at either end (`pdfminer` for `pdfminer.six`,
/// `openai-python-sdk` for `openai`). Words split at `-`, `_`, `.`.
pub fn shortened_name(name: &str, real: &str) -> bool {
    let norm = |s: &str| s.to_ascii_lowercase().replace('_', "-");
    let (n, r) = (norm(name), norm(real));
    let r = r.rsplit('/').next().unwrap_or(&r).to_string();
    let n = n.rsplit('/').next().unwrap_or(&n).to_string();
    if n == r || n.len() < 3 || r.len() < 3 {
        return false;
    }
    let words = |s: &str| -> Vec<String> {
        s.split(['-', '.'])
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let (a, b) = (words(&n), words(&r));
    // An abbreviation of one word: its first letter, then a subsequence.
    let abbrev = |x: &str, y: &str| {
        x.len() < y.len() && x.chars().next() == y.chars().next() && {
            let mut ys = y.chars();
            x.chars().all(|c| ys.any(|d| d == c))
        }
    };
    if a.len() == b.len() {
        let mut short = 0;
        for (x, y) in a.iter().zip(&b) {
            if x == y {
                continue;
            }
            if abbrev(x, y) {
                short += 1;
            } else {
                return false;
            }
        }
        return short > 0;
    }
    let (small, big) = if a.len() < b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    !small.is_empty()
        && small.iter().map(String::len).sum::<usize>() >= 4
        && (big.starts_with(small) || big.ends_with(small))
}

/// Start-up files: the shell's rc files, and the files an interpreter runs
/// at every start (IPython's profile `startup/` scripts, Python's
/// `sitecustomize.py`/`usercustomize.py` and `.pth` path hooks, R's
/// `.Rprofile`): text planted there runs later, unasked. Round 24: an
/// IPython profile's `startup/` wherever `IPYTHONDIR` puts it, IPython and
/// Jupyter config files (Python run at every kernel or server start), a
/// module dropped straight into `site-packages` (what a `.pth` line beside
/// it imports at every start), `.irbrc`/`.pryrc`, R's `Rprofile.site` and
/// `/etc/ld.so.preload` (a library loaded into every process).
static RC_FILE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(^|/)\.(bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zshenv|zprofile|zlogin|zlogout|kshrc|cshrc|tcshrc|rprofile|envrc|latexmkrc|vimrc|exrc)$|(^|/)(_vimrc|init\.vim)$|/nvim/init\.lua$|(^|/)config\.fish$|/fish/(functions|conf\.d)/[^/]+\.fish$|(^|/)starship\.toml$|\.omp\.(json|ya?ml|toml)$|/etc/(profile|bash\.bashrc|zshrc|environment)|(^|/)profile_[^/]+/startup/[^/]+\.(py|ipy)$|(^|/)(sitecustomize|usercustomize)\.py$|[^/]\.pth$|/(site|dist)-packages/[^/]+\.py$|(^|/)(ipython_config|ipython_kernel_config|jupyter_[a-z_]*config)\.py$|(^|/)\.(irbrc|pryrc)$|(^|/)Rprofile\.site$|^/etc/ld\.so\.preload$|/\.ipython/profile_[^/]+/startup/[^/]+$|^\$profile(\.(currentuserallhosts|currentusercurrenthost|alluserscurrenthost|allusersallhosts))?$|(^|/)(windows)?powershell/([a-z.]+_)?profile\.ps1$|(^|/)microsoft\.[a-z]+_profile\.ps1$",
);
/// The user's global git hook and template folders: hooks there run in
/// every repository.
static GLOBAL_GIT_HOOKS: crate::rx::Lazy =
    crate::rx::Lazy::new(r"^~/(\.git-templates?|\.config/git|\.git_template)/hooks(/|$)");
/// The agent's installed program: an agent's npm package under a
/// `node_modules` folder (global or the agent's own), Claude Code's local
/// install, the desktop app bundles. A skill's own checkout of an agent's
/// source (`openclaw/dist` with no `node_modules` above it) is not one.
static AGENT_RUNTIME: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?:node_modules|npm root -g\)?|lib/node_modules)/+(?:@anthropic-ai/claude-code|@openai/codex|@google/gemini-cli|openclaw|clawdbot|moltbot|@openclaw/[a-z0-9._-]+)(?:/|$)|(?:^|/)\.claude/local/|/Claude\.app/Contents/|/\.(?:vscode|cursor)(?:-server)?/extensions/anthropic\.claude-code",
);
static CRON: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(^|/)(cron\.(d|daily|hourly|weekly|monthly)|crontabs?)(/|$)|/var/spool/cron",
);
static LAUNCH: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)Library/(LaunchAgents|LaunchDaemons)|StartupItems|\\Start Menu\\Programs\\Startup|CurrentVersion\\Run",
);
static SYSTEMD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)systemd/(user|system)/|\.config/systemd|/etc/systemd|\.(service|timer)$|/etc/init\.d|/etc/rc\.local|\.config/autostart",
);
static SUDOERS: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)/etc/sudoers|/etc/passwd$|/etc/group$|/etc/pam\.d");
static DISK: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^/dev/(sd[a-z]|nvme\d|disk\d|hd[a-z]|vd[a-z]|xvd[a-z]|mmcblk\d|rdisk\d)",
);
static SECRET_ENV: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(KEY|TOKEN|SECRET|PASSW(OR)?D|PASSPHRASE|CREDENTIAL|PRIVATE|SESSION|COOKIE|AUTH|APIKEY|_PAT$|^AWS_|^GH_|^GITHUB_TOKEN|SEED|MNEMONIC|WEBHOOK)",
);
/// Names with `TOKEN` in them that are not secrets: the token being traded
/// (`BUY_TOKEN` is an ERC-20 address), counts and limits of LLM tokens;
/// and the names that say which keychain entry to read
/// (`KEYCHAIN_SERVICE="Claude Code-credentials"`), not its value.
static NOT_SECRET_TOKEN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^(?:(?:BUY|SELL|FROM|TO|BASE|QUOTE|INPUT|OUTPUT|IN|OUT|SRC|DST|SOURCE|TARGET|PAY|FEE|REWARD|STAKE)_TOKEN|\w*TOKEN_(?:MINT|SYMBOL|DECIMALS|LIMIT|COUNT|BUDGET)|(?:MAX|MIN|NUM)_\w*TOKENS|TOKENIZERS?_\w+|(?:DEFAULT_)?KEY(?:CHAIN|RING)_(?:SERVICE|FIELD|ACCOUNT|ACCT|LABEL|ITEM|ENTRY|BACKEND))$",
);
pub(crate) static IPV4: crate::rx::Lazy = crate::rx::Lazy::new(r"^\d{1,3}(\.\d{1,3}){3}$");

/// A path normalised for matching: `$HOME`, `${HOME}`, `%USERPROFILE%`,
/// `os.homedir()` and `Path.home()` forms become `~`.
pub fn normalize_path(p: &str) -> String {
    let mut s = p
        .trim()
        .trim_matches(|c| c == '"' || c == '\'' || c == '`')
        .replace('\\', "/");
    for h in [
        "${HOME}",
        "$HOME",
        "%USERPROFILE%",
        "%HOMEPATH%",
        "$env:USERPROFILE",
        "$env:HOME",
        "<home>",
    ] {
        if let Some(rest) = s.strip_prefix(h) {
            s = format!("~{rest}");
        }
    }
    for (var, dir) in XDG_HOMES {
        if let Some(rest) = s.strip_prefix(var) {
            if rest.is_empty() || rest.starts_with('/') {
                s = format!("{dir}{rest}");
                break;
            }
        }
    }
    while s.contains("//") {
        s = s.replace("//", "/");
    }
    resolve_parent_steps(&s)
}

/// XDG base directories and where they sit in the home folder when unset:
/// `$XDG_CACHE_HOME/..` is the home folder itself.
const XDG_HOMES: &[(&str, &str)] = &[
    ("${XDG_CACHE_HOME}", "~/.cache"),
    ("$XDG_CACHE_HOME", "~/.cache"),
    ("${XDG_CONFIG_HOME}", "~/.config"),
    ("$XDG_CONFIG_HOME", "~/.config"),
    ("${XDG_DATA_HOME}", "~/.local/share"),
    ("$XDG_DATA_HOME", "~/.local/share"),
    ("${XDG_STATE_HOME}", "~/.local/state"),
    ("$XDG_STATE_HOME", "~/.local/state"),
];

/// Folds `name/..` steps of a home- or root-anchored path lexically
/// (`~/.cache/../x` is `~/x`, `~/.cache/..` is `~`). A step after a
/// variable, a glob or another `..` is kept: its parent is not known.
fn resolve_parent_steps(s: &str) -> String {
    if !(s.starts_with("~/") || s.starts_with('/')) || !s.split('/').any(|c| c == "..") {
        return s.to_string();
    }
    let mut out: Vec<&str> = Vec::new();
    for (i, c) in s.split('/').enumerate() {
        let foldable = out.last().is_some_and(|last: &&str| {
            out.len() > 1
                && !last.is_empty()
                && *last != ".."
                && !last.contains(['$', '*', '?', '[', '{', '%', '('])
        });
        if c == ".." && i > 0 && foldable {
            out.pop();
        } else if c == "." && i > 0 {
        } else {
            out.push(c);
        }
    }
    match out.as_slice() {
        [""] => "/".into(),
        ["~"] => "~".into(),
        _ => out.join("/"),
    }
}

/// A `.env` file (or Wrangler's `.dev.vars`) of the skill or of the project it works in: a relative
/// path (`.env`, `scripts/.env.local`) or one under the skill's own folder
/// (`$(dirname "$0")/.env`, `__dirname/.env`, `$SCRIPT_DIR/.env`). The
/// agent's and the user's `.env` (`~/.clawdbot/.env`, `/root/.env`) are not.
fn is_project_env(n: &str) -> bool {
    let name = n.rsplit('/').next().unwrap_or(n);
    // `.dev.vars` is Cloudflare Wrangler's project `.env` (same content,
    // same place), so it gets the project `.env` treatment.
    let env_name = name == ".env"
        || name.starts_with(".env.")
        || name.starts_with(".env*")
        || name == ".dev.vars";
    if !env_name || n.contains("..") {
        return false;
    }
    const SELF_DIRS: &[&str] = &[
        "$(dirname",
        "${0%/*}",
        "__dirname",
        "{baseDir}",
        "$SCRIPT_DIR",
        "${SCRIPT_DIR}",
        "$SKILL_DIR",
        "${SKILL_DIR}",
        "$DIR/",
        "${DIR}/",
        "$BASE_DIR",
        "Path(__file__)",
    ];
    !(n.starts_with('~') || n.starts_with('/') || n.starts_with('$') || n.starts_with('%'))
        || SELF_DIRS.iter().any(|d| n.starts_with(d))
}

/// Whether a path stays inside the skill's own working area: relative, no
/// `..`, not home- or root-anchored, not a glob of everything.
pub fn is_own_area(p: &str) -> bool {
    let p = normalize_path(p);
    let p = p.trim_start_matches("./");
    !p.is_empty()
        && !p.starts_with('/')
        && !p.starts_with('~')
        && !p.starts_with('$')
        && !p.split('/').any(|c| c == "..")
        && p != "*"
        && p != "."
}

/// A folder the script itself made this run (`tmp=$(mktemp -d)` … `rm -rf
/// "$tmp"`, resolved to `$(mktemp -d)`): its own scratch area, so a
/// recursive delete of it or below it is cleanup (registry reading round 34:
/// hopyky's backup and restore scripts). A `..` climbing out of it is not.
pub fn is_own_temp(p: &str) -> bool {
    let p = normalize_path(p);
    p.starts_with("$(mktemp")
        && p.find(')').is_some_and(|end| {
            let rest = &p[end + 1..];
            (rest.is_empty() || rest.starts_with('/')) && !rest.split('/').any(|c| c == "..")
        })
}

/// A package manager's download cache or index (`rm -rf
/// /var/lib/apt/lists/*` after `apt-get install`, the usual image and
/// installer clean-up): the package manager rebuilds it, so deleting it
/// loses nothing of the user's; it counts as the skill's own area.
pub fn is_package_cache(p: &str) -> bool {
    const CACHES: &[&str] = &[
        "/var/lib/apt/lists/",
        "/var/cache/apt/",
        "/var/cache/apk/",
        "/var/cache/yum/",
        "/var/cache/dnf/",
        "/var/cache/zypp/",
        "/root/.cache/pip/",
        "~/.cache/pip/",
        "/root/.npm/_cacache/",
        "~/.npm/_cacache/",
    ];
    let p = normalize_path(p);
    CACHES
        .iter()
        .any(|c| p.starts_with(c) || p == c.trim_end_matches('/'))
        && !p.split('/').any(|c| c == "..")
}

/// Paths remembered per thread by [`classify_path`] before the memo is
/// cleared (a bound on its memory).
const CLASSIFY_MEMO: usize = 4096;

thread_local! {
    static CLASSIFIED: std::cell::RefCell<std::collections::HashMap<String, (ResourceScope, BTreeSet<Tag>)>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
    /// Round 27: the folders the file being read makes git's hook folder
    /// for every repository ([`with_hook_dirs`]).
    static HOOK_DIRS: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The folders `text` makes the user's git hook folder for every
/// repository (round 27, r27 pr-description-writer): `git config --global
/// core.hooksPath DIR` (or `--system`, or a `hooksPath = DIR` line of a
/// git config), and `init.templateDir DIR` (whose `hooks/` every new
/// clone copies). A repository's own `core.hooksPath .githooks` is left
/// out unless DIR is under the home folder. Normalised, lower case,
/// without a trailing `/`; at most `HOOK_DIRS_MAX`, past it the file is
/// incomplete.
pub fn hook_dirs(text: &str) -> Vec<String> {
    static SET: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"(?i)(--global\s+|--system\s+)?\b(?:core\.)?(hookspath|init\.templatedir|templatedir)\b["']?\s*[=\s]\s*["']?([^\s"';)]+)"#,
    );
    let mut out: Vec<String> = Vec::new();
    static GATE: crate::rx::Lazy = crate::rx::Lazy::new(r"(?i)hookspath|templatedir");
    if !GATE.is_match(text) {
        return out;
    }
    for c in SET.captures_iter(text) {
        let (Some(key), Some(dir)) = (c.get(2), c.get(3)) else {
            continue;
        };
        let mut d = normalize_path(dir.as_str()).to_ascii_lowercase();
        while d.ends_with('/') {
            d.pop();
        }
        let home = d.starts_with('~') || d.starts_with("$home") || d.starts_with("/etc/");
        let template = key.as_str().to_ascii_lowercase().contains("templatedir");
        if d.is_empty() || !(template || home || c.get(1).is_some()) {
            continue;
        }
        if template {
            d.push_str("/hooks");
        }
        if out.contains(&d) {
            continue;
        }
        if out.len() == crate::limits::HOOK_DIRS_MAX {
            crate::limits::gave_up("HOOK_DIRS_MAX");
            break;
        }
        out.push(d);
    }
    out
}

/// Runs `f` with the hook folders `text` sets ([`hook_dirs`]) known to
/// [`classify_path`]: a file written under one is a git hook.
pub fn with_hook_dirs<R>(text: &str, f: impl FnOnce() -> R) -> R {
    let dirs = hook_dirs(text);
    if dirs.is_empty() {
        return f();
    }
    let saved = HOOK_DIRS.with(|h| std::mem::replace(&mut *h.borrow_mut(), dirs));
    let r = f();
    HOOK_DIRS.with(|h| *h.borrow_mut() = saved);
    r
}

/// Whether `p` lies under a hook folder the file being read sets.
fn in_hook_dir(p: &str) -> bool {
    HOOK_DIRS.with(|h| {
        let h = h.borrow();
        if h.is_empty() {
            return false;
        }
        let n = normalize_path(p).to_ascii_lowercase();
        h.iter().any(|d| {
            n.len() > d.len() + 1 && n.starts_with(d.as_str()) && n.as_bytes()[d.len()] == b'/'
        })
    })
}

/// Git runs a file of one of these names in a hooks folder by itself (the
/// one list: `embedded` and `written_scripts` read a hook by it too).
pub(crate) const GIT_HOOKS: &[&str] = &[
    "applypatch-msg",
    "pre-applypatch",
    "post-applypatch",
    "pre-commit",
    "pre-merge-commit",
    "prepare-commit-msg",
    "commit-msg",
    "post-commit",
    "pre-rebase",
    "post-checkout",
    "post-merge",
    "pre-push",
    "post-rewrite",
    "pre-auto-gc",
    "reference-transaction",
    "pre-receive",
    "update",
    "post-receive",
    "post-update",
];

/// Round 34: a hook of one repository that git runs by itself at a commit,
/// checkout or merge: a hook name ([`GIT_HOOKS`]) under
/// `.git/hooks/` (also a submodule's `.git/modules/*/hooks/`), under
/// husky's folder (`.husky/`, which husky makes the hooks path), or under
/// a `hooks` folder of a git directory the code computed (`$gitDir/hooks/
/// post-merge`, the output of `git rev-parse --git-dir`). A skill's own
/// `hooks/pre-commit` template is not one: nothing makes git run it.
fn repo_hook(lower: &str) -> bool {
    let Some((dir, name)) = lower.rsplit_once('/') else {
        return false;
    };
    if !GIT_HOOKS.contains(&name) {
        return false;
    }
    if dir == ".husky" || dir.ends_with("/.husky") {
        return true;
    }
    let Some(base) = dir.strip_suffix("/hooks") else {
        return false;
    };
    base == ".git"
        || base.ends_with("/.git")
        || base.contains(".git/modules/")
        || base.starts_with('$') && !base.contains("/.")
}

/// Classifies a file-system target. The answer depends on the path alone,
/// and the same paths recur across a skill's files and a large script's
/// lines (6% of a 4 MB shell script was this function), so answers are
/// remembered per thread.
pub fn classify_path(p: &str) -> (ResourceScope, BTreeSet<Tag>) {
    let mut answer = classify_path_memo(p);
    if in_hook_dir(p) {
        answer.1.insert(Tag::GitHook);
    }
    answer
}

fn classify_path_memo(p: &str) -> (ResourceScope, BTreeSet<Tag>) {
    if let Some(hit) = CLASSIFIED.with(|m| m.borrow().get(p).cloned()) {
        return hit;
    }
    let answer = classify_path_uncached(p);
    CLASSIFIED.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= CLASSIFY_MEMO {
            m.clear();
        }
        m.insert(p.to_string(), answer.clone());
    });
    answer
}

/// Suffixes that name a backup or saved copy of a file.
const BACKUP_SUFFIXES: &[&str] = &[".bak", ".backup", ".orig", ".old", ".save", ".prev", "~"];

/// The path of the file a backup copies (`~/.ssh/config.bak.2024-01-01` →
/// `~/.ssh/config`): a backup suffix, and any date or number after it, cut
/// from the last name; other paths are returned as they are.
fn unbacked(lower: &str) -> &str {
    let mut p = lower;
    for _ in 0..2 {
        let name_at = p.rfind('/').map_or(0, |i| i + 1);
        let cut = BACKUP_SUFFIXES.iter().find_map(|x| {
            let at = p[name_at..].rfind(x)? + name_at;
            let tail = &p[at + x.len()..];
            (at > name_at
                && tail
                    .bytes()
                    .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'_')))
            .then_some(at)
        });
        match cut {
            Some(at) => p = &p[..at],
            None => break,
        }
    }
    p
}

fn classify_path_uncached(p: &str) -> (ResourceScope, BTreeSet<Tag>) {
    let n = normalize_path(p);
    let mut tags = BTreeSet::new();
    let mut scope = if n.starts_with('~') || n.starts_with('/') {
        ResourceScope::LocalFs
    } else {
        ResourceScope::Codebase
    };
    let lower = n.to_lowercase();
    // A path under a folder the script itself just made (`STAGING=$(mktemp
    // -d)`, then `$STAGING/config/credentials`) holds only what the script
    // put there: the read that filled it is the one that took the secret.
    // A backup or saved copy (`config.bak`, `known_hosts.old`,
    // `id_ed25519.pub.orig`) holds what its original holds: a copy of a file
    // that is no secret is no secret either (a copy of a key stays a key).
    let original = unbacked(&lower);
    let not_secret = lower.starts_with("$(mktemp")
        || original.ends_with(".pub")
        || original.ends_with("known_hosts")
        || original.ends_with(".ssh/config")
        || original.ends_with("authorized_keys")
        || original.ends_with("authorized_keys2")
        || [
            ".example",
            ".sample",
            ".template",
            ".dist",
            ".tmpl",
            ".defaults",
        ]
        .iter()
        .any(|e| lower.ends_with(e));
    if not_secret {
        // Public keys, host lists (`known_hosts`, `~/.ssh/config`: aliases
        // and key paths, no key material) and example files are not secrets.
    } else if AGENT_CONFIGS.is_match(&n) {
        tags.insert(Tag::AgentConfig);
        tags.insert(Tag::SecretPath);
        scope = ResourceScope::Credentials;
    } else if SECRET_PATHS.is_match(&n) || super::master_secret::path(&n) {
        tags.insert(Tag::SecretPath);
        scope = ResourceScope::Credentials;
        if is_project_env(&n) {
            tags.insert(Tag::ProjectEnv);
        }
    }
    if BROWSER.is_match(&n) {
        tags.insert(Tag::BrowserStore);
        scope = ResourceScope::Credentials;
    }
    if WALLETS.is_match(&n) {
        tags.insert(Tag::Wallet);
        scope = ResourceScope::Credentials;
    }
    if AGENT_MEMORY.is_match(&n) {
        tags.insert(Tag::AgentMemory);
    }
    if AGENT_RUNTIME.is_match(&n) {
        tags.insert(Tag::AgentRuntime);
    }
    if RC_FILE.is_match(&n) {
        tags.insert(Tag::RcFile);
    }
    if lower.ends_with("/authorized_keys") || lower.ends_with("/authorized_keys2") {
        tags.insert(Tag::AuthorizedKeys);
    }
    if n.contains("_history") {
        tags.insert(Tag::HistoryFile);
    }
    if CRON.is_match(&n) {
        tags.insert(Tag::Cron);
    }
    if GLOBAL_GIT_HOOKS.is_match(&n) {
        tags.insert(Tag::GitHook);
    } else if repo_hook(&lower) {
        tags.insert(Tag::GitHook);
        tags.insert(Tag::RepoHook);
    }
    if LAUNCH.is_match(&n) {
        tags.insert(Tag::LaunchAgent);
    }
    // `~/.config/systemd/user/secrets.conf` is an environment file a unit
    // may read, not a unit: under a systemd folder only units, drop-ins
    // (`x.service.d/…`) and the folder itself count.
    let systemd_dir = lower.contains("systemd/") && !lower.contains("/etc/init.d");
    let systemd_unit = !systemd_dir
        || lower.ends_with('/')
        || lower.contains(".d/")
        || !lower.rsplit('/').next().unwrap_or("").contains('.')
        || [
            ".service", ".timer", ".path", ".socket", ".target", ".mount",
        ]
        .iter()
        .any(|x| lower.ends_with(x));
    if SYSTEMD.is_match(&n) && systemd_unit {
        tags.insert(Tag::Systemd);
    }
    if SUDOERS.is_match(&n) {
        tags.insert(Tag::Sudoers);
    }
    if DISK.is_match(&n) {
        tags.insert(Tag::DiskDevice);
    }
    if is_broad(&n) {
        tags.insert(Tag::BroadTarget);
    }
    if is_own_area(&n) || is_package_cache(&n) || is_own_temp(&n) {
        tags.insert(Tag::OwnArea);
    }
    // Round 23: the user's mail (an mbox, a Maildir, Apple Mail,
    // Thunderbird and Outlook stores) is the user's data wherever it sits.
    if scope != ResourceScope::Credentials && MAILBOX.is_match(&n) {
        scope = ResourceScope::UserData;
    }
    if scope == ResourceScope::LocalFs
        && [
            "~/Documents",
            "~/Desktop",
            "~/Downloads",
            "~/Pictures",
            "~/Music",
            "~/Movies",
            "~/Videos",
            "~/Projects",
        ]
        .iter()
        .any(|d| n.starts_with(d))
    {
        scope = ResourceScope::UserData;
    }
    (scope, tags)
}

/// Mail stores: mbox files, Maildir folders, Apple Mail, Thunderbird and
/// Outlook profiles, the system spool.
static MAILBOX: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\.(?:mbox|mbx|pst|ost|emlx)$|(?:^|/)(?:Maildir|\.maildir)(?:/|$)|(?:^|/)Library/Mail(?:/|$)|(?:^|/)\.(?:thunderbird|mozilla-thunderbird|icedove)(?:/|$)|Thunderbird/Profiles(?:/|$)|Microsoft/Outlook(?:/|$)|^/var/(?:spool/)?mail(?:/|$)|^~/Mail(?:/|$)",
);

/// The value to assume for a variable iterating `vals`: a credential or
/// broad path if there is one, else one outside the skill's own code, else
/// a fully known one, else the first.
pub fn riskiest(vals: &[String]) -> Option<String> {
    // Rank: a credential or broad target; then anything outside the
    // skill's own code (a home or system folder); then a fully known value;
    // then the first. `for d in (root / "skills", Path.home() / ".openclaw"
    // / "skills")` is the agent's skills folder, not `{?}/skills`.
    let outside = |v: &&String| classify_path(v).0 != ResourceScope::Codebase;
    vals.iter()
        .find(|v| {
            let (s, t) = classify_path(v);
            s == ResourceScope::Credentials || t.contains(&Tag::BroadTarget)
        })
        .or_else(|| vals.iter().find(outside))
        .or_else(|| vals.iter().find(|v| !v.contains("{?}")))
        .or(vals.first())
        .cloned()
}

/// Writing here persists or changes control: shell start-up files, schedulers,
/// login agents, sudoers, agent memory and configuration.
pub fn is_control_target(tags: &BTreeSet<Tag>) -> bool {
    tags.iter().any(|t| {
        matches!(
            t,
            Tag::RcFile
                | Tag::Cron
                | Tag::LaunchAgent
                | Tag::Systemd
                | Tag::Sudoers
                | Tag::AuthorizedKeys
                | Tag::AgentMemory
                | Tag::AgentConfig
                | Tag::AgentRuntime
        )
    })
}

/// Whole-disk, whole-home or whole-repo targets.
pub fn is_broad(n: &str) -> bool {
    if n.trim().is_empty() {
        return false;
    }
    let t = n
        .trim_end_matches('/')
        .trim_end_matches("/*")
        .trim_end_matches("/.");
    // `~/{.,}[!.]*`, `~/.[!.]*`: a glob of every entry of a broad folder.
    if let Some((parent, last)) = t.rsplit_once('/') {
        if is_match_all(last) {
            return is_broad(if parent.is_empty() { "/" } else { parent });
        }
    }
    matches!(
        t,
        "" | "~"
            | "*"
            | "/*"
            | "."
            | ".."
            | "./*"
            | "/home"
            | "/Users"
            | "/etc"
            | "/usr"
            | "/var"
            | "/bin"
            | "/boot"
            | "/System"
            | "/Library"
            | "C:"
            | "C:/Windows"
            | "~/Documents"
            | "~/Downloads"
            | "~/Pictures"
            | "~/Music"
            | "~/Movies"
            | "~/Videos"
            | "~/Projects"
            | "~/src"
            | "~/code"
            | "~/dev"
            | "~/workspace"
            | "~/.ssh"
            | "~/.local"
            | "$HOME"
            | "~/Desktop"
            | "~/Library"
            | "~/.config"
    ) || n == "/"
        || n.starts_with("/*")
        || is_backup_store(t)
}

/// The user's backup stores: a backups folder in the home folder
/// (`~/backups`, `~/Backups`), a Time Machine store (`Backups.backupdb`,
/// any `*.backupdb`) and the iOS device backups. Deleting one destroys the
/// user's only other copy of their data, as deleting the home folder does;
/// a skill's own `./.cache/backups` or `~/.tool/backups` is not one.
pub fn is_backup_store(t: &str) -> bool {
    let l = t.to_ascii_lowercase();
    let last = l.rsplit('/').next().unwrap_or("");
    matches!(l.as_str(), "~/backups" | "~/backup" | "~/.backups")
        || last.ends_with(".backupdb")
        || l.ends_with("/mobilesync/backup")
}

/// A glob component with no name in it (`*`, `.*`, `{.,}[!.]*`): it
/// matches every entry, or every hidden one, of its folder.
fn is_match_all(c: &str) -> bool {
    c.contains('*') && c.chars().all(|ch| "*?.{},[]!^".contains(ch))
}

/// The host of a URL (lower-cased), if it parses as one.
pub fn url_host(url: &str) -> Option<String> {
    let rest = url.split_once("://").map(|(_, r)| r)?;
    let hostport = rest.split(['/', '?', '#']).next()?;
    let host = hostport.rsplit('@').next()?;
    let host = if host.starts_with('[') {
        host
    } else {
        host.split(':').next()?
    };
    if host.is_empty() {
        None
    } else {
        Some(host.to_lowercase())
    }
}

/// Tags for a URL: collector, paste, tunnel, file-drop or installer host,
/// raw IP, plain http, homoglyph or punycode host.
pub fn classify_url(url: &str) -> BTreeSet<Tag> {
    let mut tags = BTreeSet::new();
    let lower = url.to_lowercase();
    let Some(host) = url_host(&lower) else {
        return tags;
    };
    let host_path = lower
        .split_once("://")
        .map(|(_, r)| r)
        .unwrap_or(&lower)
        .to_string();
    for (class, h) in HOSTS.iter() {
        // An installer row with a path (a downgrade) matches at a path
        // boundary: `raw.githubusercontent.com/babashka` is that owner's
        // files, not `…/babashka-evil/…`, an account anyone can register.
        // The detection rows keep matching a prefix (`api.telegram.org/bot`
        // is followed by the bot's token).
        let at_boundary = |rest: &str| {
            class != "installer"
                || h.ends_with('/')
                || rest.is_empty()
                || rest.starts_with(['/', '?', '#'])
        };
        let hit = if h.contains('/') {
            host_path.strip_prefix(h.as_str()).is_some_and(at_boundary)
                || host_path
                    .match_indices(&format!(".{h}"))
                    .any(|(i, m)| at_boundary(&host_path[i + m.len()..]))
        } else {
            host == *h || host.ends_with(&format!(".{h}"))
        };
        if hit {
            tags.insert(match class.as_str() {
                "webhook" => Tag::WebhookHost,
                "paste" => Tag::PasteHost,
                "tunnel" => Tag::TunnelHost,
                "filedrop" => Tag::FileDropHost,
                _ => Tag::KnownInstaller,
            });
        }
    }
    // Private, loopback and link-local addresses are the user's own devices
    // (a router, a LAN gadget, a console), not a collector on the internet.
    if IPV4.is_match(&host) && !is_private_host(&host) {
        tags.insert(Tag::RawIp);
    }
    if lower.starts_with("http://") && !is_private_host(&host) {
        tags.insert(Tag::PlainHttp);
    }
    if !host.is_ascii() || host.split('.').any(|l| l.starts_with("xn--")) {
        tags.insert(Tag::Homoglyph);
    }
    if lower.contains("/releases/download/") {
        tags.insert(Tag::ReleaseDownload);
    }
    if [".exe", ".msi", ".dmg", ".pkg", ".scr", ".bat", ".app.zip"]
        .iter()
        .any(|e| lower.split('?').next().unwrap_or("").ends_with(e))
    {
        tags.insert(Tag::ExeDownload);
    }
    tags
}

pub fn is_local_host(host: &str) -> bool {
    host == "localhost"
        || host.starts_with("127.")
        || host == "0.0.0.0"
        || host == "[::1]"
        || host.ends_with(".local")
}

/// Hosts that cannot be reached from the internet: loopback, RFC 1918
/// (10/8, 172.16/12, 192.168/16), link-local (169.254/16, fe80::), carrier
/// NAT (100.64/10, used by Tailscale), IPv6 unique-local and `.local`/`.lan`
/// names.
pub fn is_private_host(host: &str) -> bool {
    if is_local_host(host) || host.ends_with(".lan") || host.ends_with(".internal") {
        return true;
    }
    let h = host.trim_start_matches('[').trim_end_matches(']');
    if h.starts_with("fe80:")
        || h.starts_with("fc") && h.contains(':')
        || h.starts_with("fd") && h.contains(':')
    {
        return true;
    }
    if !IPV4.is_match(h) {
        return false;
    }
    let o: Vec<u16> = h.split('.').filter_map(|x| x.parse().ok()).collect();
    if o.len() != 4 || o.iter().any(|x| *x > 255) {
        return false;
    }
    matches!(
        (o[0], o[1]),
        (10, _) | (127, _) | (0, _) | (192, 168) | (169, 254)
    ) || o[0] == 172 && (16..=31).contains(&o[1])
        || o[0] == 100 && (64..=127).contains(&o[1])
}

/// Whether the skill's stated purpose (lower-cased name, description,
/// homepage) names the service a URL belongs to: a Telegram bot skill
/// posting to `api.telegram.org`, an uploader for catbox posting to
/// `catbox.moe`. Raw IPs and short or generic labels never count.
pub fn purpose_declares_host(purpose: &str, url: &str) -> bool {
    let Some(host) = url_host(url) else {
        return false;
    };
    if purpose.is_empty() || IPV4.is_match(&host) || !host.contains('.') {
        return false;
    }
    if purpose.contains(&host) {
        return true;
    }
    // The label that names the host's owner: an app on a hosting platform
    // (`evil.vercel.app`) is named by its own label, never by "vercel".
    let core = match naming_label(&host) {
        "discordapp" => "discord",
        c => c,
    };
    if core.len() < 4
        || matches!(
            core,
            "api" | "apis" | "webhook" | "hooks" | "cloud" | "host"
        )
    {
        return false;
    }
    words_name(purpose, core)
}

/// Hosting platforms whose subdomains are separate apps (anyone's).
pub const HOSTING_PLATFORMS: &[&str] = &[
    "fly.dev",
    "vercel.app",
    "netlify.app",
    "herokuapp.com",
    "onrender.com",
    "railway.app",
    "pages.dev",
    "workers.dev",
    "deno.dev",
    "github.io",
];

/// The registrable domain of a host (`api.github.com` → `github.com`,
/// `x.co.uk` → `x.co.uk`); for an app on a hosting platform, the app's own
/// name under it (`evil.vercel.app`).
pub fn registrable_domain(host: &str) -> String {
    let labels: Vec<&str> = host.trim_end_matches('.').split('.').collect();
    let n = labels.len();
    if n < 2 {
        return host.to_string();
    }
    let short_sld = n >= 3 && matches!(labels[n - 2], "co" | "com" | "org" | "net" | "ac" | "gov");
    let two = format!("{}.{}", labels[n - 2], labels[n - 1]);
    let keep = if short_sld || n >= 3 && HOSTING_PLATFORMS.contains(&two.as_str()) {
        3
    } else {
        2
    };
    labels[n - keep.min(n)..].join(".")
}

/// The label that names a host's owner: the registrable label
/// (`api.github.com` → `github`), the app's label on a hosting platform
/// (`evil.vercel.app` → `evil`).
pub fn naming_label(host: &str) -> &str {
    let h = host.trim_end_matches('.');
    let labels: Vec<&str> = h.split('.').collect();
    let n = labels.len();
    if n < 2 {
        return h;
    }
    let short_sld = n >= 3 && matches!(labels[n - 2], "co" | "com" | "org" | "net" | "ac" | "gov");
    let two = format!("{}.{}", labels[n - 2], labels[n - 1]);
    if short_sld || n >= 3 && HOSTING_PLATFORMS.contains(&two.as_str()) {
        labels[n - 3]
    } else {
        labels[n - 2]
    }
}

/// Whether `text` has `label` as a whole word (split at anything but
/// letters and digits, or kept whole with its hyphens: `shop-metrics`),
/// or its plural. Never a part of a longer word (`vercel` in
/// `vercelapp`, `hub` in `github`).
pub fn words_name(text: &str, label: &str) -> bool {
    if label.is_empty() {
        return false;
    }
    let same = |w: &str| w == label || w.strip_suffix('s') == Some(label);
    text.split(|c: char| !c.is_alphanumeric()).any(same)
        || text
            .split(|c: char| !c.is_alphanumeric() && c != '-')
            .any(|w| same(w.trim_matches('-')))
}

/// A chat platform's bot or webhook URL whose credential is not written
/// in the skill (`api.telegram.org/bot$TELEGRAM_BOT_TOKEN/…`,
/// `bot<YOUR_BOT_TOKEN>`, `hooks.slack.com/services/...`): the user's own
/// bot or channel, configured by the user. A literal token
/// (`bot123456:AA…`) is someone else's collector.
pub fn user_chat_channel(url: &str) -> bool {
    static LITERAL: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)api\.telegram\.org/bot\d{5,}:[\w-]{20,}|discord(?:app)?\.com/api/webhooks/\d{5,}/[\w-]{20,}|hooks\.slack\.com/services/T\w{6,}/B\w{6,}/\w{12,}",
    );
    let Some(host) = url_host(url) else {
        return false;
    };
    let chat = matches!(
        host.as_str(),
        "api.telegram.org" | "discord.com" | "discordapp.com" | "hooks.slack.com"
    );
    chat && !LITERAL.is_match(url)
}

/// Whether an environment variable name looks like it holds a secret.
pub fn is_secret_env(name: &str) -> bool {
    // Where a secret lives, or a public half, is not the secret:
    // `GOOGLE_CREDENTIALS_PATH`, `WEBHOOK_URL`, `WALLET_ADDRESS`, `PUBLIC_KEY`.
    const NOT_SECRET: &[&str] = &[
        "_PATH",
        "_DIR",
        "_URL",
        "_URI",
        "_ADDRESS",
        "_ENDPOINT",
        "_HOST",
        "_PORT",
        "_NAME",
        "PUBLIC_KEY",
        "_PUBKEY",
        "_FILE_NAME",
    ];
    let upper = name.to_ascii_uppercase();
    if super::master_secret::env(name) {
        return true;
    }
    SECRET_ENV.is_match(name)
        && !matches!(name, "KEYBOARD" | "AUTHOR" | "SSH_AUTH_SOCK")
        && !NOT_SECRET_TOKEN.is_match(&upper)
        && !NOT_SECRET.iter().any(|s| upper.ends_with(s))
}

/// URLs in free text (http, https, ws, wss, ftp).
pub static URL_RE: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"(?i)\b(?:https?|wss?|ftp)://[^\s"'`<>()\[\]{}|\\^]+"#);

// ---- time gates ---------------------------------------------------------
//
// A time bomb compares "now" with a fixed point in time. Relative checks
// (`now - start > K`, `now > expiry - 60`, `now >= deadline` with a value
// read from a token, cache or config) are ordinary expiry, TTL and timeout
// logic and are not gates.

static ISO_DATE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:^|[^\d])(?:19[7-9]\d|2\d{3})[-/](?:0?[1-9]|1[0-2])[-/](?:0?[1-9]|[12]\d|3[01])(?:$|[^\d])",
);
/// `20260301` (as `date +%Y%m%d` prints it), optionally with a time.
static COMPACT_DATE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:^|[^\w.])20[2-9]\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:[01]\d|2[0-3])?(?:[0-5]\d)?(?:$|[^\w.])",
);
/// `date(2026, 3, 1)`, `datetime(2026, …)`, `new Date(2026, 2, 1)`,
/// `Date.UTC(2026, …)`, `mktime((2026, …`, `Timestamp(2026, …)`.
static DATE_CTOR: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?:date|datetime|utc|mktime|timestamp|struct_time|time\.(?:new|local|utc|gm|mktime)|date(?:time)?\.(?:new|civil|parse))\s*\(\s*[(\[]?\s*['\x22]?(?:19[7-9]\d|2\d{3})\s*[-,)]",
);
/// Epoch seconds or milliseconds after mid-2017 (1.5e9 s).
static EPOCH: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?:^|[^\w.])((?:1[5-9]\d{8}|[2-9]\d{9})(?:\d{3})?)(?:$|[^\w.])");
static YEAR_FIELD: crate::rx::Lazy =
    crate::rx::Lazy::new(r"getFullYear|getUTCFullYear|\.year\b|\btm_year\b|%Y|\bYear\b");
static YEAR_LIT: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?:^|[^\w.])(?:19[7-9]\d|20\d\d|21\d\d)(?:$|[^\w.])");

/// Whether `t` holds an absolute point in time written as a constant: an
/// ISO or compact date, a date constructor with a literal year, an epoch
/// literal after 2017, or a calendar year next to a year accessor.
pub fn absolute_time(t: &str) -> bool {
    if t.len() > 4000 {
        return false;
    }
    if ISO_DATE.is_match(t) || COMPACT_DATE.is_match(t) || DATE_CTOR.is_match(t) {
        return true;
    }
    let digits = t.replace('_', "");
    if EPOCH.captures_iter(&digits).any(|c| {
        let n = &c[1];
        // INT32_MAX / UINT32_MAX are limits, not dates.
        !matches!(n, "2147483647" | "4294967295")
    }) {
        return true;
    }
    YEAR_FIELD.is_match(t) && YEAR_LIT.is_match(t)
}

static NOW_PY: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:\b(?:date|datetime)\.(?:today|now|utcnow)|\btime\.(?:time|time_ns|localtime|gmtime)|\b(?:arrow|pendulum|timezone)\.(?:now|utcnow)|(?:^|[^.\w])time)\s*\(",
);
static NOW_JS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bDate\.now\s*\(|\bnew\s+Date\s*\(\s*\)|\bnew\s+Date\b\s*[^(\s]|\b(?:moment|dayjs)\s*\(\s*\)",
);
/// The `date` command as a command (`$(date +%s)`, `` `date` ``, `date +%Y`),
/// or bash's `$EPOCHSECONDS`; never a substring such as `$candidate`.
static NOW_SH: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:\$\(|`)\s*(?:command\s+)?g?date\b|(?:^|[\s;|&(!])g?date\s+(?:-u\s+|--utc\s+)?\+|\bEPOCH(?:SECONDS|REALTIME)\b",
);

/// What a variable holds, as far as time gates are concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeVal {
    /// The current time, or a plain view of it (`datetime.now()`,
    /// `$(date +%s)`, `date.today().isoformat()`).
    Now,
    /// The current calendar year (`new Date().getFullYear()`).
    Year,
    /// An absolute date constant (`datetime(2026, 3, 1)`, `"2026-03-01"`).
    Abs,
}

/// `+` or `-` outside brackets and quotes, or shell arithmetic: the value is
/// derived from the time (a deadline, a cutoff, a file name), not the time.
fn top_level_arith(s: &str) -> bool {
    if s.contains("$((") || s.contains("expr ") {
        return true;
    }
    let (mut depth, mut quote) = (0i32, None::<char>);
    let mut prev = ' ';
    for c in s.chars() {
        match quote {
            Some(q) => {
                if c == q && prev != '\\' {
                    quote = None;
                }
            }
            None => match c {
                '\'' | '"' | '`' => quote = Some(c),
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                '+' | '-' if depth <= 0 => return true,
                _ => {}
            },
        }
        prev = c;
    }
    false
}

/// The time value of an assignment's right-hand side `rhs`, given the
/// language's "reads now" test.
pub fn time_value(rhs: &str, reads_now: fn(&str) -> bool) -> Option<TimeVal> {
    let rhs = rhs.trim();
    if rhs.len() > 200 {
        return None;
    }
    if reads_now(rhs) {
        if top_level_arith(rhs) {
            return None;
        }
        return Some(if YEAR_FIELD.is_match(rhs) {
            TimeVal::Year
        } else {
            TimeVal::Now
        });
    }
    (rhs.len() <= 120 && absolute_time(rhs)).then_some(TimeVal::Abs)
}

/// Whether condition `cond` compares the current time with an absolute
/// constant, directly or through variables with known time values.
pub fn is_date_gate(
    cond: &str,
    reads_now: fn(&str) -> bool,
    vars: &std::collections::HashMap<String, TimeVal>,
) -> bool {
    if cond.len() > 4000 {
        return false;
    }
    let var = |want: TimeVal| {
        !vars.is_empty()
            && IDENT
                .find_iter(cond)
                .any(|m| vars.get(m.as_str()) == Some(&want))
    };
    let year = var(TimeVal::Year);
    let now = reads_now(cond) || year || var(TimeVal::Now);
    // Round 30: a year and month written as one number (`202703`), as
    // `strftime("%Y%m")` / `date('Ym')` / `os.date("%Y%m")` print it.
    now && (absolute_time(cond)
        || var(TimeVal::Abs)
        || year && YEAR_LIT.is_match(cond)
        || YEAR_MONTH_LIT.is_match(cond))
}

/// `202703`: a calendar year and month in one literal.
static YEAR_MONTH_LIT: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?:^|[^\w.])20[2-9]\d(?:0[1-9]|1[0-2])(?:$|[^\w.])");

pub(super) static IDENT: crate::rx::Lazy = crate::rx::Lazy::new(r"[A-Za-z_]\w*");

/// Python code that reads the current date or time.
pub fn reads_now_py(t: &str) -> bool {
    NOW_PY.is_match(t)
}

/// JavaScript code that reads the current date or time.
pub fn reads_now_js(t: &str) -> bool {
    NOW_JS.is_match(t)
}

/// Shell code that runs `date` or reads `$EPOCHSECONDS`.
pub fn reads_now_sh(t: &str) -> bool {
    NOW_SH.is_match(t)
}

#[cfg(test)]
mod tests {

    #[test]
    fn parent_steps_and_xdg_dirs_fold_to_the_folder_they_name() {
        use super::{is_broad, normalize_path};
        assert_eq!(normalize_path("$XDG_CACHE_HOME/.."), "~");
        assert_eq!(
            normalize_path("${XDG_CONFIG_HOME}/../.ssh/id_rsa"),
            "~/.ssh/id_rsa"
        );
        assert_eq!(normalize_path("$HOME/.cache/../{.,}[!.]*"), "~/{.,}[!.]*");
        assert_eq!(normalize_path("/var/log/../../etc"), "/etc");
        // Unknown parents stay as written.
        assert_eq!(normalize_path("$PROJECT/.."), "$PROJECT/..");
        assert_eq!(normalize_path("~/*/../x"), "~/*/../x");
        assert!(is_broad(&normalize_path("$XDG_CACHE_HOME/../{.,}[!.]*")));
        assert!(is_broad("~/.*"));
        assert!(is_broad("~/backups"));
        assert!(is_broad("~/Backups/*"));
        assert!(is_broad("/Volumes/TM/Backups.backupdb"));
        assert!(is_broad("*.backupdb"));
        assert!(!is_broad("./.cache/backups"));
        assert!(!is_broad("~/.mytool/backups"));
        // Near misses: one named cache folder, a named glob under home.
        assert!(!is_broad(&normalize_path(
            "$XDG_CACHE_HOME/thumbnail-cache/*"
        )));
        assert!(!is_broad("~/tmp-*"));
        assert!(!is_broad("~/*.log"));
    }

    #[test]
    fn chat_channels_with_user_supplied_tokens() {
        for own in [
            "https://api.telegram.org/bot$TELEGRAM_BOT_TOKEN/sendMessage",
            "https://api.telegram.org/bot<YOUR_BOT_TOKEN>/sendPhoto",
            "https://hooks.slack.com/services/...",
            "https://discord.com/api/webhooks/{id}/{token}",
        ] {
            assert!(user_chat_channel(own), "{own}");
        }
        for foreign in [
            "https://api.telegram.org/bot7012345678:AAHk3v9Qx2mZpL8sW4tYbN6cR1dE0fGhIjK/sendMessage",
            "https://discord.com/api/webhooks/123456789012/abcdefghijklmnopqrstuvwxyz012345",
            "https://webhook.site/0c1d",
        ] {
            assert!(!user_chat_channel(foreign), "{foreign}");
        }
    }

    use super::*;

    #[test]
    fn classifies_secret_and_agent_paths() {
        let (s, t) = classify_path("$HOME/.clawdbot/.env");
        assert_eq!(s, ResourceScope::Credentials);
        assert!(t.contains(&Tag::AgentConfig));
        let (s, t) = classify_path("~/.ssh/id_rsa");
        assert_eq!(s, ResourceScope::Credentials);
        assert!(t.contains(&Tag::SecretPath));
        // The SSH client config names hosts and key paths, not keys.
        assert_ne!(classify_path("~/.ssh/config").0, ResourceScope::Credentials);
        assert_eq!(
            classify_path("~/.ssh/id_ed25519").0,
            ResourceScope::Credentials
        );
        let (s, t) = classify_path("build/output.txt");
        assert_eq!(s, ResourceScope::Codebase);
        assert!(t.contains(&Tag::OwnArea));
        assert!(classify_path("~/.bashrc").1.contains(&Tag::RcFile));
        for start in [
            "~/.ipython/profile_default/startup/00-x.py",
            "{?}/site-packages/zz_hook.pth",
            "{?}/sitecustomize.py",
            "~/.Rprofile",
        ] {
            assert!(classify_path(start).1.contains(&Tag::RcFile), "{start}");
        }
        for plain in [
            "~/.ipython/profile_default/ipython_config.json",
            "docs/depth.md",
            "a.python",
        ] {
            assert!(!classify_path(plain).1.contains(&Tag::RcFile), "{plain}");
        }
        assert!(classify_path("~").1.contains(&Tag::BroadTarget));
        assert!(!classify_path("dist").1.contains(&Tag::BroadTarget));
    }

    #[test]
    fn classifies_hosts() {
        assert!(classify_url("https://webhook.site/abc").contains(&Tag::WebhookHost));
        assert!(classify_url("https://discord.com/api/webhooks/1/x").contains(&Tag::WebhookHost));
        assert!(!classify_url("https://discord.com/channels/1").contains(&Tag::WebhookHost));
        assert!(classify_url("http://91.92.242.30/x").contains(&Tag::RawIp));
        assert!(classify_url("http://91.92.242.30/x").contains(&Tag::PlainHttp));
        assert!(classify_url("https://аpi.github.com/").contains(&Tag::Homoglyph));
        assert!(classify_url("https://brew.sh/install.sh").contains(&Tag::KnownInstaller));
        assert!(!classify_url("http://localhost:8080/").contains(&Tag::PlainHttp));
        for lan in [
            "http://192.168.7.80/api/v1/draw",
            "https://10.1.0.1",
            "http://172.20.0.5:8080/x",
            "http://169.254.169.254/latest",
            "http://printer.local/",
            "http://100.101.102.103:3000/",
        ] {
            let t = classify_url(lan);
            assert!(
                !t.contains(&Tag::RawIp) && !t.contains(&Tag::PlainHttp),
                "{lan}"
            );
        }
        assert!(classify_url("http://172.32.0.1/x").contains(&Tag::RawIp));
        assert!(classify_url("http://11.0.0.1/x").contains(&Tag::RawIp));
        assert_eq!(
            url_host("https://user@Example.com:8443/p"),
            Some("example.com".into())
        );
    }

    #[test]
    fn purpose_names_the_service() {
        let p = "telegram-bot send messages via the telegram bot api";
        assert!(purpose_declares_host(
            p,
            "https://api.telegram.org/bot${TOKEN}/sendMessage"
        ));
        assert!(!purpose_declares_host(p, "https://webhook.site/x"));
        assert!(!purpose_declares_host(
            "weather report",
            "https://api.telegram.org/bot1/sendMessage"
        ));
        assert!(!purpose_declares_host(p, "http://91.92.242.30/x"));
    }

    #[test]
    fn secret_env_names() {
        assert!(is_secret_env("OPENAI_API_KEY"));
        assert!(is_secret_env("AWS_SECRET_ACCESS_KEY"));
        assert!(!is_secret_env("PATH"));
        assert!(!is_secret_env("HOME"));
        for not_secret in [
            "BUY_TOKEN",
            "SELL_TOKEN",
            "MAX_TOKENS",
            "USDC_TOKEN_MINT",
            "KEYCHAIN_SERVICE",
            "DEFAULT_KEYCHAIN_FIELD",
        ] {
            assert!(!is_secret_env(not_secret), "{not_secret}");
        }
        assert!(is_secret_env("BOT_TOKEN"));
        assert!(is_secret_env("KEYCHAIN_PASSWORD"));
    }
    #[test]
    fn absolute_times() {
        for t in [
            "date.today() >= date(2026, 12, 1)",
            "datetime.now() > datetime(2026,3,1)",
            "time.time() > 1767225600",
            "Date.now() > 1_767_225_600_000",
            "new Date().getFullYear() >= 2026",
            "[ $(date +%Y) -ge 2026 ]",
            "[ \"$(date +%Y%m%d)\" -gt 20260301 ]",
            "now.isoformat() > '2026-03-01'",
            "Date.UTC(2026, 2, 1)",
        ] {
            assert!(absolute_time(t), "{t}");
        }
        for t in [
            "time.time() - cached_at < VEHICLE_CACHE_MAX_AGE",
            "time.time() > (tokens['expiry_date'] - 60)",
            "Date.now() - start > 120000",
            "datetime.now(timezone.utc) >= deadline",
            "x < 2147483647",
            "d.strftime('%Y-%m-%d')",
            "version == '1.2026.1'",
        ] {
            assert!(!absolute_time(t), "{t}");
        }
    }

    #[test]
    fn now_readers() {
        assert!(reads_now_py("datetime.date.today() < x"));
        assert!(reads_now_py("time.time() > x"));
        assert!(!reads_now_py("self.start_time() > x"));
        assert!(reads_now_js("Date.now() > x"));
        assert!(reads_now_js("new Date().getFullYear()"));
        assert!(!reads_now_js("new Date(token.exp)"));
        for t in [
            "[ $(date +%s) -gt 1 ]",
            "[ `date +%Y` -ge 2026 ]",
            "(( EPOCHSECONDS > 1 ))",
            "[ \"$(date -u +%F)\" \\> x ]",
        ] {
            assert!(reads_now_sh(t), "{t}");
        }
        for t in [
            "[[ ! -f \"$candidate\" ]]",
            "! validate_number \"$D\"",
            "[ -n \"$update_date\" ]",
        ] {
            assert!(!reads_now_sh(t), "{t}");
        }
    }
    #[test]
    fn date_gates_through_variables() {
        use std::collections::HashMap;
        let mut v = HashMap::new();
        for (name, rhs) in [
            ("now", "datetime.now(timezone.utc)"),
            ("KILL", "datetime(2026, 3, 1)"),
            ("deadline", "time.time() + timeout"),
            ("fname", "'out-' + datetime.now().isoformat()"),
        ] {
            if let Some(t) = time_value(rhs, reads_now_py) {
                v.insert(name.to_string(), t);
            }
        }
        assert_eq!(v.get("now"), Some(&TimeVal::Now));
        assert_eq!(v.get("KILL"), Some(&TimeVal::Abs));
        assert!(!v.contains_key("deadline") && !v.contains_key("fname"));
        assert!(is_date_gate("now >= KILL", reads_now_py, &v));
        assert!(is_date_gate("now.year >= 2026", reads_now_py, &v));
        assert!(!is_date_gate("now >= deadline", reads_now_py, &v));
        assert!(!is_date_gate("time.time() < deadline", reads_now_py, &v));
        let mut s = HashMap::new();
        s.insert(
            "NOW".to_string(),
            time_value("$(date +%s)", reads_now_sh).unwrap(),
        );
        assert!(time_value("$(( $(date +%s) - 86400 ))", reads_now_sh).is_none());
        assert!(is_date_gate(
            "[ \"$NOW\" -gt 1767225600 ]",
            reads_now_sh,
            &s
        ));
        assert!(!is_date_gate(
            "[ \"$NOW\" -gt \"$EXPIRES\" ]",
            reads_now_sh,
            &s
        ));
        let mut j = HashMap::new();
        j.insert(
            "y".to_string(),
            time_value("new Date().getFullYear()", reads_now_js).unwrap(),
        );
        j.insert(
            "t".to_string(),
            time_value("Date.now()", reads_now_js).unwrap(),
        );
        assert!(is_date_gate("y >= 2026", reads_now_js, &j));
        assert!(!is_date_gate("y >= minYear", reads_now_js, &j));
        assert!(!is_date_gate("t - last > 60000", reads_now_js, &j));
    }
}
