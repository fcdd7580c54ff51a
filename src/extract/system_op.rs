//! The persistence and privilege domains, described once (issue 14, item
//! 4, third and fourth domains).
//!
//! `crontab -`, `schtasks /create`, `Register-ScheduledTask` and a write to
//! `/etc/cron.d/x` are one operation: something scheduled to run again
//! without the user. `sudo`, `doas`, `Start-Process -Verb RunAs` and
//! `os.setuid` are one operation: code run with more rights than the
//! user's. A front-end only maps its syntax into a [`SystemOp`];
//! [`SystemOp::lower`] alone decides the evidence (the op, the SSL
//! `act_type` and `resource_scope`, the target tag, the default object).
//!
//! [`SPELLINGS`] names, per language, the programs, cmdlets and APIs of
//! each kind and the arguments that make them one (`systemctl enable`, not
//! `systemctl status`). Files written through [`super::fs_op::FsOp`] reach
//! the same targets through `indicators::classify_path` ([`kind_of_target`]).
//! [`gains_rights`] is the SSL §5 split: persistence is `covert_execution`,
//! and also `privilege_escalation` only when it gains rights (root or
//! system-wide units and jobs, sudoers, setuid, SSH logins).
//!
//! Cloud and cluster admin grants (`cluster-admin`, `AdministratorAccess`,
//! `roles/owner`) and host-level containers are privilege operations too;
//! their spellings live with the other cloud commands in
//! [`super::commands`] (tags `AdminGrant`, `HostAccess`), not here.

use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::BTreeSet;

/// What a persistence or privilege operation does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SysKind {
    /// A job scheduled to run again (cron, at, Windows scheduled tasks).
    Schedule,
    /// A launchd job loaded.
    Launchd,
    /// A service unit enabled or created (systemd, Windows services).
    Service,
    /// A Windows autorun entry (Run/RunOnce keys, the Startup folder).
    Autorun,
    /// Git hooks or a credential helper set (`core.hooksPath`).
    RepoHooks,
    /// A command run as root (`sudo`, `doas`, `pkexec`, `RunAs`).
    RunAsRoot,
    /// The process's own identity changed (`os.setuid`).
    Identity,
}

impl SysKind {
    /// Persistence (covert execution), as opposed to a privilege change.
    pub fn persists(self) -> bool {
        !matches!(self, SysKind::RunAsRoot | SysKind::Identity)
    }

    /// The target tag rules match on.
    fn tag(self) -> Option<Tag> {
        match self {
            SysKind::Schedule => Some(Tag::Cron),
            SysKind::Launchd | SysKind::Autorun => Some(Tag::LaunchAgent),
            SysKind::Service => Some(Tag::Systemd),
            SysKind::RepoHooks | SysKind::RunAsRoot | SysKind::Identity => None,
        }
    }

    fn default_object(self) -> &'static str {
        match self {
            SysKind::Schedule => "scheduled job",
            SysKind::Launchd => "launchd job",
            SysKind::Service => "systemd unit enabled",
            SysKind::Autorun => "autorun entry",
            SysKind::RepoHooks => "git hook or credential helper changed",
            SysKind::RunAsRoot => "command run as root",
            SysKind::Identity => "process identity changed",
        }
    }
}

/// One persistence or privilege operation, whatever the language wrote it in.
#[derive(Clone, Debug)]
pub struct SystemOp {
    pub kind: SysKind,
    /// What is run, scheduled or enabled, as written (the command line).
    pub target: String,
    /// Tags the front-end read off the syntax (`GitHook` for hooks set for
    /// every repository, `Windows`).
    pub tags: BTreeSet<Tag>,
    /// Bindings of what the operation consumes (a crontab fed on stdin).
    pub inputs: Vec<String>,
    pub output: Option<String>,
    pub object: Option<String>,
    pub instrument: Option<String>,
}

impl SystemOp {
    pub fn new(kind: SysKind, target: impl Into<String>) -> Self {
        SystemOp {
            kind,
            target: target.into(),
            tags: BTreeSet::new(),
            inputs: Vec::new(),
            output: None,
            object: None,
            instrument: None,
        }
    }

    super::step_setters!();

    pub fn tag(mut self, t: Tag) -> Self {
        self.tags.insert(t);
        self
    }

    /// The evidence: `Persistence` (`UPDATE_STATE` of the process table, of
    /// the codebase for git hooks) or `Privileged` (`UPDATE_STATE` of the
    /// process), with the kind's target tag.
    pub fn lower(self) -> Evidence {
        let (op, scope) = match self.kind {
            SysKind::RepoHooks => (Op::Persistence, R::Codebase),
            k if k.persists() => (Op::Persistence, R::Process),
            _ => (Op::Privileged, R::Process),
        };
        let object = self
            .object
            .unwrap_or_else(|| self.kind.default_object().to_string());
        let mut ev = Evidence::new(op, A::UpdateState, scope, self.target)
            .tags(self.kind.tag())
            .tags(self.tags)
            .object(object);
        if let Some(i) = self.instrument {
            ev.instrument = i;
        }
        ev.inputs = self.inputs;
        ev.output = self.output;
        ev
    }
}

/// When a spelling is the operation.
#[derive(Clone, Copy, Debug)]
pub enum When {
    /// Always.
    Always,
    /// One of these arguments is present (case-insensitive): a subcommand
    /// or a switch (`enable`, `/create`).
    AnyArg(&'static [&'static str]),
    /// An argument sets one of these keys (`git config core.hooksPath`).
    Sets(&'static [&'static str]),
    /// The text names a Windows autorun location ([`is_autorun_target`]).
    AutorunTarget,
    /// Round 42: one of `args` is present (any, when empty) and the call's
    /// text says one of `phrases` (case-insensitive): an entry registered
    /// through a general tool (`osascript -e '… make login item …'`,
    /// `defaults write com.apple.loginwindow LoginHook …`, `reg add
    /// …\CurrentVersion\Run`).
    Says {
        args: &'static [&'static str],
        phrases: &'static [&'static str],
    },
}

/// One language's spelling of an operation.
#[derive(Clone, Copy, Debug)]
pub struct Spelling {
    pub lang: &'static str,
    /// Program basenames, cmdlets (lower case) or resolved API names.
    pub names: &'static [&'static str],
    pub kind: SysKind,
    pub when: When,
    /// The object the evidence names, when not the kind's default.
    pub object: Option<&'static str>,
}

const fn row(
    lang: &'static str,
    names: &'static [&'static str],
    kind: SysKind,
    when: When,
    object: Option<&'static str>,
) -> Spelling {
    Spelling {
        lang,
        names,
        kind,
        when,
        object,
    }
}

/// Every spelling, per language. Python and JavaScript subprocess argv and
/// PowerShell native programs go through the `shell` rows (`analyze_argv`).
pub const SPELLINGS: &[Spelling] = &[
    // ---- shell (and every argv handed to a program)
    row(
        "shell",
        &["crontab", "at", "batch", "schtasks"],
        SysKind::Schedule,
        When::Always,
        None,
    ),
    row(
        "shell",
        &["launchctl"],
        SysKind::Launchd,
        When::AnyArg(&["load", "bootstrap", "enable", "submit"]),
        None,
    ),
    row(
        "shell",
        &["systemctl"],
        SysKind::Service,
        When::AnyArg(&["enable", "link"]),
        None,
    ),
    row(
        "shell",
        &["git"],
        SysKind::RepoHooks,
        When::Sets(&["core.hooksPath", "credential.helper", "init.templateDir"]),
        None,
    ),
    // Round 42 (blind r42 screenshot-folder-sorter): start-up entries
    // registered outside the cron/launchd/systemd programs: a macOS Login
    // Item made through System Events (AppleScript or JXA), a login hook or
    // auto-launched app set with `defaults`, `sfltool add-item`, a Windows
    // Run key set with `reg add`.
    row(
        "shell",
        &["osascript"],
        SysKind::Autorun,
        When::Says {
            args: &[],
            phrases: &[
                "make login item",
                "make new login item",
                "loginitems.make(",
                "loginitem.make(",
                "make({new: 'loginitem'",
                "make({new: \"loginitem\"",
            ],
        },
        Some("login item (started at every login)"),
    ),
    row(
        "shell",
        &["defaults"],
        SysKind::Autorun,
        When::Says {
            args: &["write"],
            phrases: &[
                "loginhook",
                "logouthook",
                "autolaunchedapplicationdictionary",
                "com.apple.loginitems",
            ],
        },
        Some("login hook or login item (started at every login)"),
    ),
    row(
        "shell",
        &["sfltool"],
        SysKind::Autorun,
        When::AnyArg(&["add-item"]),
        Some("login item (started at every login)"),
    ),
    row(
        "shell",
        &["reg", "reg.exe"],
        SysKind::Autorun,
        When::Says {
            args: &["add"],
            phrases: &[
                "\\currentversion\\run",
                "\\currentversion\\policies\\explorer\\run",
                "\\winlogon",
            ],
        },
        Some("Windows Run key (started at every login)"),
    ),
    row(
        "shell",
        &["sudo", "doas", "su", "pkexec"],
        SysKind::RunAsRoot,
        When::Always,
        None,
    ),
    // ---- PowerShell cmdlets and the Windows programs it reads itself
    row(
        "powershell",
        &["schtasks"],
        SysKind::Schedule,
        When::AnyArg(&["/create"]),
        Some("scheduled task"),
    ),
    row(
        "powershell",
        &[
            "register-scheduledtask",
            "new-scheduledtask",
            "register-scheduledjob",
        ],
        SysKind::Schedule,
        When::Always,
        Some("scheduled task"),
    ),
    row(
        "powershell",
        &["new-service"],
        SysKind::Service,
        When::Always,
        Some("Windows service"),
    ),
    // `sc` alone is PowerShell's Set-Content alias: only `sc.exe` is the
    // service controller.
    row(
        "powershell",
        &["sc.exe"],
        SysKind::Service,
        When::AnyArg(&["create"]),
        Some("Windows service"),
    ),
    row(
        "powershell",
        &["new-itemproperty", "set-itemproperty", "reg", "sp"],
        SysKind::Autorun,
        When::AutorunTarget,
        None,
    ),
    row(
        "powershell",
        &["start-process"],
        SysKind::RunAsRoot,
        When::AnyArg(&["runas"]),
        Some("program run elevated (RunAs)"),
    ),
    // ---- Python (names resolved through imports)
    row(
        "python",
        &[
            "os.setuid",
            "os.seteuid",
            "os.setgid",
            "os.setegid",
            "os.setresuid",
        ],
        SysKind::Identity,
        When::Always,
        None,
    ),
    // ---- JavaScript / TypeScript (qualified call names)
    row(
        "javascript",
        &[
            "process.setuid",
            "process.seteuid",
            "process.setgid",
            "process.setegid",
        ],
        SysKind::Identity,
        When::Always,
        None,
    ),
];

/// The row of `name` in `lang`, if the arguments make it the operation.
/// `args` are the call's arguments as written (or the PowerShell line's
/// tokens); `text` the whole call, for target conditions.
pub fn spelling(lang: &str, name: &str, args: &[&str], text: &str) -> Option<&'static Spelling> {
    SPELLINGS.iter().find(|s| {
        s.lang == lang
            && s.names.contains(&name)
            && match s.when {
                When::Always => true,
                When::AnyArg(vs) => args
                    .iter()
                    .any(|a| vs.iter().any(|v| a.eq_ignore_ascii_case(v))),
                When::Sets(keys) => {
                    !args.iter().any(|a| is_config_query(a))
                        && args.iter().any(|a| keys.iter().any(|k| a.contains(k)))
                }
                When::AutorunTarget => is_autorun_target(text),
                When::Says {
                    args: want,
                    phrases,
                } => {
                    (want.is_empty()
                        || args
                            .iter()
                            .any(|a| want.iter().any(|v| a.eq_ignore_ascii_case(v))))
                        && {
                            let t = text.to_ascii_lowercase();
                            phrases.iter().any(|p| t.contains(p))
                        }
                }
            }
    })
}

/// A config command's read-only flags (`git config --get credential.helper`,
/// `--get-all`, `--get-regexp`, `--list`): the key is read, not set.
fn is_config_query(a: &str) -> bool {
    a.starts_with("--get") || a == "--list" || a == "-l"
}

/// The operation a row describes, with its object, for `target`.
pub fn op_of(s: &Spelling, target: impl Into<String>) -> SystemOp {
    let op = SystemOp::new(s.kind, target);
    match s.object {
        Some(o) => op.object(o),
        None => op,
    }
}

/// Programs that run the rest of the line as root when they wrap it
/// (`sudo -u x cmd`, `env … doas cmd`): the `shell` `RunAsRoot` row
/// without `su`, which takes no command operand.
/// A scheduler's arguments that only list jobs: `crontab -l`, with or without
/// `-u USER` (`atq`-style `at -l` too). Nothing is installed, replaced or
/// removed (an `-e`, `-r` or a file operand makes it something else).
pub fn lists_jobs<S: AsRef<str>>(args: &[S]) -> bool {
    let mut listing = false;
    let mut it = args.iter().map(AsRef::as_ref);
    while let Some(a) = it.next() {
        match a {
            "-l" => listing = true,
            "-u" => {
                if it.next().is_none() {
                    return false;
                }
            }
            _ => return false,
        }
    }
    listing
}

pub fn wraps_as_root(program: &str) -> bool {
    matches!(program, "sudo" | "doas" | "pkexec")
}

/// Windows Run/RunOnce keys (also the Explorer policy spelling), HKCU or HKLM.
static RUN_KEY: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?:HKCU|HKLM|HKEY_CURRENT_USER|HKEY_LOCAL_MACHINE):?[\\/][^'\s]*CurrentVersion[\\/]+(?:Run|RunOnce|Policies[\\/]+Explorer[\\/]+Run)\b",
);

/// A Windows autorun location named in `text`: a Run/RunOnce key.
pub fn is_autorun_target(text: &str) -> bool {
    RUN_KEY.is_match(text)
}

/// The Windows Startup folder, written as a path: a file there runs at
/// every login.
pub fn is_startup_folder(path: &str) -> bool {
    path.contains("Start Menu/Programs/Startup")
}

/// The kind a written file's target tags name (`classify_path`): a file
/// written under cron, LaunchAgents or systemd is that persistence.
pub fn kind_of_target(tags: &BTreeSet<Tag>) -> Option<SysKind> {
    if tags.contains(&Tag::Cron) {
        Some(SysKind::Schedule)
    } else if tags.contains(&Tag::LaunchAgent) {
        Some(SysKind::Launchd)
    } else if tags.contains(&Tag::Systemd) {
        Some(SysKind::Service)
    } else if tags.contains(&Tag::GitHook) {
        Some(SysKind::RepoHooks)
    } else {
        None
    }
}

/// Locations whose jobs and units run as root or for every user.
const SYSTEM_WIDE: &[&str] = &[
    "/etc/",
    "/library/launchdaemons",
    "/var/spool/cron",
    "/usr/lib/systemd",
];

/// The SSL §5 split: a persistence step also gains rights (privilege
/// escalation) when it writes sudoers, sets setuid, plants an SSH login,
/// installs a root or system-wide unit or job, or runs as root.
pub fn gains_rights(e: &Evidence) -> bool {
    let t = e.target.to_ascii_lowercase();
    e.has(Tag::Sudoers)
        || e.has(Tag::Setuid)
        || e.has(Tag::AuthorizedKeys)
        || SYSTEM_WIDE.iter().any(|p| t.starts_with(p))
        || crate::text::has_word(&e.snippet, "sudo")
}

/// A sudoers grant without a password: `who hosts = (runas) NOPASSWD: cmd,
/// cmd` (tags before `NOPASSWD:` allowed). The command list ends at a
/// quote, a backslash (`\n` in a string) or the end of the line.
static NOPASSWD_GRANT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)[^\s=(]+[ \t]+[\w,.!+-]+[ \t]*=[ \t]*(?:\([^)\n]*\)[ \t]*)?(?:[A-Z_]+:[ \t]*)*NOPASSWD:[ \t]*([^\n'\x22\\`]+)",
);

/// Programs that hand whoever runs them as root a root shell or root
/// writes: shells and interpreters, editors and pagers with a shell escape,
/// `find -exec`, archivers and copiers that overwrite any file, package
/// managers and builders that run scripts, `openvpn --up`, container
/// engines. `kill`, `killall`, `reboot`, `systemctl restart x` are not.
const ROOT_EQUIVALENT: &[&str] = &[
    "bash",
    "sh",
    "zsh",
    "dash",
    "ksh",
    "fish",
    "csh",
    "tcsh",
    "su",
    "sudo",
    "env",
    "python",
    "python2",
    "python3",
    "perl",
    "ruby",
    "node",
    "php",
    "lua",
    "vim",
    "vi",
    "nvim",
    "nano",
    "emacs",
    "ed",
    "less",
    "more",
    "man",
    "find",
    "tar",
    "zip",
    "unzip",
    "rsync",
    "cp",
    "mv",
    "tee",
    "dd",
    "chmod",
    "chown",
    "ln",
    "install",
    "awk",
    "gawk",
    "sed",
    "openvpn",
    "docker",
    "podman",
    "systemctl",
    "apt",
    "apt-get",
    "yum",
    "dnf",
    "pip",
    "pip3",
    "npm",
    "make",
    "git",
    "crontab",
    "mount",
    "nmap",
    "socat",
    "journalctl",
    "ssh",
    "scp",
    "xargs",
    "timeout",
    "nice",
    "strace",
    "gdb",
];

/// A passwordless sudoers grant that is as good as root for whoever holds
/// it: `ALL`, or a root-equivalent program ([`ROOT_EQUIVALENT`]) with no
/// arguments or a wildcard in them. Returns the program that makes it so.
pub fn root_equivalent_grant(commands: &str) -> Option<String> {
    commands.split(',').find_map(|c| {
        let mut words = c.split_whitespace();
        let prog = words.next()?;
        let args: Vec<&str> = words.collect();
        let base = prog.rsplit('/').next().unwrap_or(prog);
        let open_args = args.is_empty() || args.iter().any(|a| a.contains('*'));
        (prog == "ALL" || ROOT_EQUIVALENT.contains(&base) && open_args).then(|| base.to_string())
    })
}

/// A sudoers rule line: `who hosts = (runas) [TAG:] cmd, cmd` (the
/// commands in group 1).
static SUDOERS_RULE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)[^\s=(]+[ \t]+[\w,.!+-]+[ \t]*=[ \t]*(?:\([^)\n]*\)[ \t]*)?(?:[A-Z_]+:[ \t]*)*([^\n'\x22\\`]+)",
);

/// Round 34: the sudoers content `text` writes (the writing lines and a
/// here-document they open) is least privilege: at least one rule, and
/// every rule names programs by path with fixed arguments — no `ALL`, no
/// root-equivalent program ([`root_equivalent_grant`]), no wildcard, no
/// `Defaults` change. A rule the writer builds elsewhere (a variable, a
/// file copied in) is not seen, so it is never scoped.
pub fn scoped_sudoers_write(text: &str) -> bool {
    let body = match text.find("<<") {
        Some(i) => {
            let tag: String = text[i + 2..]
                .trim_start_matches(['-', '~', ' ', '\'', '"'])
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let rest = &text[i..];
            let end = if tag.is_empty() {
                rest.len()
            } else {
                rest.lines()
                    .skip(1)
                    .position(|l| l.trim() == tag)
                    .map_or(rest.len(), |n| {
                        rest.lines().take(n + 1).map(|l| l.len() + 1).sum::<usize>()
                    })
                    .min(rest.len())
            };
            &rest[..end]
        }
        None => text.lines().next().unwrap_or(""),
    };
    if body.contains("Defaults") {
        return false;
    }
    let mut rules = 0;
    for c in SUDOERS_RULE.captures_iter(body) {
        let Some(cmds) = c.get(1) else { continue };
        let cmds = cmds.as_str().trim();
        rules += 1;
        let fixed = cmds.split(',').all(|c| {
            let c = c.trim();
            c.starts_with('/') && !c.contains('*') && !c.split_whitespace().any(|w| w == "ALL")
        });
        if !fixed || root_equivalent_grant(cmds).is_some() {
            return false;
        }
    }
    rules > 0
}

/// Sudoers grants written anywhere in code (a heredoc, an `echo … | sudo
/// tee /etc/sudoers.d/x`, a string in any language): a root-equivalent one
/// is privilege escalation in itself, named as such.
pub fn scan_sudoers(src: &super::Src, sink: &mut super::Sink) {
    if !src.text.contains("NOPASSWD") {
        return;
    }
    for c in NOPASSWD_GRANT.captures_iter(src.text) {
        let (Some(all), Some(cmds)) = (c.get(0), c.get(1)) else {
            continue;
        };
        let Some(prog) = root_equivalent_grant(cmds.as_str()) else {
            continue;
        };
        let ev = SystemOp::new(
            SysKind::RunAsRoot,
            crate::text::snippet(all.as_str().trim(), 200),
        )
        .tag(Tag::Sudoers)
        .tag(Tag::RootEquivalent)
        .object(format!(
            "passwordless root through {prog}: a root-equivalent sudoers grant"
        ))
        .instrument("sudoers")
        .lower();
        sink.push(src.at(ev, all.start(), all.end(), "sudoers"));
    }
}

/// Real systemd components (`systemd-<name>`); any other `systemd-` name
/// a skill installs passes itself off as one.
const SYSTEMD_PARTS: &[&str] = &[
    "journald",
    "journal-flush",
    "logind",
    "resolved",
    "networkd",
    "networkd-wait-online",
    "timesyncd",
    "udevd",
    "udev-trigger",
    "udev-settle",
    "tmpfiles-setup",
    "tmpfiles-clean",
    "tmpfiles-setup-dev",
    "sysctl",
    "modules-load",
    "random-seed",
    "remount-fs",
    "user-sessions",
    "fsck",
    "hostnamed",
    "localed",
    "timedated",
    "machined",
    "homed",
    "oomd",
    "boot-update",
    "update-utmp",
    "binfmt",
    "rfkill",
    "backlight",
    "hwdb-update",
    "pstore",
    "coredump",
    "firstboot",
    "sysusers",
    "quotacheck",
    "vconsole-setup",
    "time-wait-sync",
    "portabled",
    "userdbd",
    "importd",
    "sysext",
    "repart",
    "cryptsetup",
    "growfs",
    "makefs",
    "journal-remote",
    "journal-upload",
    "journal-gatewayd",
    "ask-password-console",
    "ask-password-wall",
];

/// A name a skill gives its job, unit, agent or folder that passes for part
/// of the operating system: a `systemd-` name that is no systemd component
/// (`systemd-journaldd`), a kernel thread (`kworker`, `kthreadd`,
/// `ksoftirqd`), an Apple label in a launch agent (`com.apple.…`), or a
/// hidden folder in a system tree (`/var/lib/.sysd/`).
pub fn masquerades(target: &str) -> bool {
    let t = target.to_ascii_lowercase();
    let hidden_system_dir = [
        "/var/lib/.",
        "/usr/lib/.",
        "/usr/share/.",
        "/etc/.",
        "/opt/.",
    ]
    .iter()
    .any(|p| t.contains(p));
    hidden_system_dir
        || t.split(|c: char| c.is_whitespace() || matches!(c, '/' | '"' | '\'' | '='))
            .any(|w| {
                let w = w
                    .trim_end_matches(".service")
                    .trim_end_matches(".timer")
                    .trim_end_matches(".plist");
                w.strip_prefix("systemd-")
                    .is_some_and(|p| !p.is_empty() && !SYSTEMD_PARTS.contains(&p))
                    || ["kworker", "kthreadd", "ksoftirqd", "kswapd"]
                        .iter()
                        .any(|k| w.starts_with(k))
                    || w.starts_with("com.apple.") && t.contains("launchagents")
            })
        || autostart_passes_for_desktop(&t)
        || task_passes_for_vendor(&t)
        || run_value_passes_for_vendor(&t)
}

/// Round 44 (recall44a): a Run/RunOnce value named after a vendor's own
/// start-up entry (`OneDrive Sync Helper`, `MicrosoftEdgeUpdate`,
/// `WindowsDefender`, `SecurityHealth`, `…Update`) whose command runs from a
/// folder the user can write (AppData, Temp, the profile) that does not
/// name the vendor: the entry passes for the vendor's. `t` is the lower-case
/// target (the key path, value name and command as folded).
fn run_value_passes_for_vendor(t: &str) -> bool {
    const VENDORS: &[&str] = &[
        "onedrive",
        "microsoft",
        "windows",
        "defender",
        "msedge",
        "edgeupdate",
        "google",
        "chrome",
        "adobe",
        "acrobat",
        "java",
        "jusched",
        "intel",
        "nvidia",
        "realtek",
        "securityhealth",
        "svchost",
        "update",
    ];
    const USER_WRITABLE: &[&str] = &[
        "appdata",
        "%temp%",
        "$env:temp",
        "/tmp/",
        "\\temp\\",
        "~/",
        "%userprofile%",
        "$env:userprofile",
        "/users/",
        "\\users\\",
        "programdata",
    ];
    if !is_autorun_target(t) {
        return false;
    }
    // The value name: `-Name X -Value …`, `/v X /d …`.
    let name_at = ["-name ", "/v "]
        .iter()
        .find_map(|k| t.find(k).map(|i| i + k.len()));
    let Some(at) = name_at else { return false };
    let rest = &t[at..];
    let end = [" -value", " -propertytype", " /t ", " /d "]
        .iter()
        .filter_map(|k| rest.find(k))
        .min()
        .unwrap_or(rest.len());
    let squashed: String = rest[..end]
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    // The command's paths in a folder the user can write, none of them
    // the vendor's own (`…/Microsoft/OneDrive/OneDrive.exe`).
    let mut paths = rest[end..]
        .split(|c: char| c.is_whitespace() || matches!(c, '"' | '\''))
        .filter(|w| USER_WRITABLE.iter().any(|u| w.contains(u)))
        .peekable();
    let Some(v) = VENDORS.iter().find(|v| squashed.contains(*v)) else {
        return false;
    };
    paths.peek().is_some() && paths.all(|p| !p.contains(v))
}

/// Round 29 (supply29): a Windows scheduled task or a launch agent named
/// after the operating system's or another vendor's own updater
/// (`OneDrive Standalone Update Task-S-1-5-21`, `GoogleUpdateTaskMachineUA`,
/// `MicrosoftEdgeUpdateTaskMachineCore`, a task under
/// `\Microsoft\Windows\`, `com.google.keystone.*` or
/// `com.microsoft.autoupdate.*` in LaunchAgents). Real per-user tasks embed
/// the user's SID (`S-1-5-21-…`); a skill that writes one is passing for
/// them.
fn task_passes_for_vendor(t: &str) -> bool {
    const UPDATERS: &[&str] = &[
        "onedrive",
        "googleupdate",
        "googlechromeupdate",
        "chromeupdate",
        "edgeupdate",
        "microsoftedge",
        "windowsupdate",
        "windowsdefender",
        "defenderupdate",
        "adobeacrobatupdate",
        "adobegcinvoker",
        "adobeupdate",
        "officeupdate",
        "officeclicktorun",
        "officebackgroundtask",
        "microsoftcompatibility",
        "systemhealth",
        "svchost",
        "wuauclt",
        "runtimebroker",
    ];
    let scheduled = t.contains("scheduledtask") || t.contains("schtasks");
    if scheduled {
        let name = task_name(t);
        let squashed: String = name.chars().filter(char::is_ascii_alphanumeric).collect();
        return name.contains("s-1-5-21")
            || t.contains("\\microsoft\\windows\\")
            || UPDATERS.iter().any(|u| squashed.contains(u));
    }
    t.contains("launchagents")
        && [
            "com.google.keystone",
            "com.microsoft.autoupdate",
            "com.adobe.acc",
            "com.microsoft.update",
        ]
        .iter()
        .any(|l| t.contains(l))
}

/// The task name of a `Register-ScheduledTask -TaskName X` or `schtasks
/// /create /tn X` line (lower case, quotes removed), or "".
fn task_name(t: &str) -> String {
    let at = ["-taskname", "/tn"]
        .iter()
        .find_map(|k| t.find(k).map(|i| i + k.len()));
    let Some(at) = at else { return String::new() };
    let rest = t[at..].trim_start_matches([' ', ':']);
    let name = match rest.chars().next() {
        Some(q @ ('\'' | '"')) => rest[1..].split(q).next().unwrap_or(""),
        _ => rest.split_whitespace().next().unwrap_or(""),
    };
    name.to_string()
}

/// Round 25: an XDG autostart entry the skill writes under the name of a
/// desktop component (`~/.config/autostart/gnome-keyring-compact.desktop`,
/// `org.kde.…`, `at-spi-…`): the desktop ships its own entries in
/// `/etc/xdg/autostart`, so one in the user's folder passing for them is
/// disguise, which no setup declaration cancels.
fn autostart_passes_for_desktop(t: &str) -> bool {
    const DESKTOP_PARTS: &[&str] = &[
        "gnome-",
        "org.gnome.",
        "kde-",
        "org.kde.",
        "org.freedesktop.",
        "xdg-",
        "dbus-",
        "pulseaudio",
        "pipewire",
        "at-spi",
        "ibus-",
        "polkit",
        "tracker-",
        "evolution-",
        "nm-applet",
        "update-notifier",
        "geoclue",
        "gsettings",
        "xfce4-",
        "mate-",
        "cinnamon-",
    ];
    let Some((dir, name)) = t.rsplit_once('/') else {
        return false;
    };
    dir.ends_with("autostart")
        && name.ends_with(".desktop")
        && DESKTOP_PARTS.iter().any(|p| name.starts_with(p))
}

/// Tags persistence steps (jobs, units, agents written or enabled) whose
/// name passes for part of the operating system ([`masquerades`]) as
/// [`Tag::Masquerade`], an intent signal.
pub fn mark_masquerade(evidence: &mut [Evidence]) {
    for e in evidence.iter_mut() {
        let persistence = e.op == Op::Persistence
            || e.op == Op::FileWrite
                && (e.has(Tag::Systemd) || e.has(Tag::LaunchAgent) || e.has(Tag::Cron));
        if persistence && masquerades(&e.target) {
            e.tags.insert(Tag::Masquerade);
        }
    }
}

/// Round 30 (rights30): what an elevated command carries out of sight: a
/// PowerShell `-EncodedCommand` (any accepted abbreviation), base64
/// decoded into the elevated shell, a hidden window.
static HIDDEN_PAYLOAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]*?\s[-/](?:e|ec|en|enc|enco|encod|encode|encoded|encodedc[a-z]*)\s+["']?[A-Za-z0-9+/=$]|frombase64string|\bbase64\s+(?:-d|--decode|-D)\b|\bopenssl\s+(?:base64|enc)\b[^\n]*\s-d\b|-windowstyle\s+["']?hidden|\s-w\s+["']?hidden\b|createnowindow\s*=\s*\$?true|\bb64decode\(|\batob\(|Buffer\.from\([^)\n]*base64"#,
);

/// Tags an elevation (`sudo`, `pkexec`, `doas`, `Start-Process -Verb
/// RunAs`) whose command is encoded or runs in a hidden window as
/// [`Tag::Obfuscated`]: the user is asked for administrator rights for
/// something they cannot read, an intent signal whatever the payload is
/// (SK-PRIV-001 keeps it high). A plain `sudo apt-get install` or a
/// visible elevated script is not.
pub fn mark_hidden_elevation(files: &[crate::skill::SkillFile], evidence: &mut [Evidence]) {
    for e in evidence.iter_mut() {
        if e.op != Op::Privileged
            || e.has(Tag::AdminGrant)
            || e.has(Tag::HostAccess)
            || e.has(Tag::RootEquivalent)
        {
            continue;
        }
        // The whole source line: a pipeline's segment (`… | base64 -d |
        // sudo bash`) is only its own command.
        let line = files
            .iter()
            .find(|f| f.rel == e.location.path)
            .and_then(|f| f.text.lines().nth(e.location.start_line.saturating_sub(1)))
            .unwrap_or("");
        if [e.target.as_str(), e.snippet.as_str(), line]
            .iter()
            .any(|t| HIDDEN_PAYLOAD.is_match(t))
        {
            e.tags.insert(Tag::Obfuscated);
        }
    }
}

/// A command that updates every installed skill at once
/// (`clawdhub update --all`, `openclaw skills update --all`).
static UPDATE_ALL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:clawd?hub(?:@\S+)?|openclaw\s+skills?|clawdbot\s+skills?)\s+update\b[^\n]*?\s--all\b",
);
/// A loop over the skill folders (`for skill_dir in "$dir"/*/`).
static SKILL_LOOP: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?im)^[ \t]*for\s+[^\n]*skill[^\n]*\bin\b[^\n]*\*|^[ \t]*for\s+\w+\s+in\s+[^\n]*skills[^\n]*\*",
);
/// A pull of new commits into a checkout.
static GIT_PULL: crate::rx::Lazy = crate::rx::Lazy::new(r"\bgit\s+(?:-C\s+\S+\s+)?pull\b");

/// Every installed skill updated in one go: `clawdhub update --all`, or a
/// loop over the skill folders in a file that `git pull`s. Tagged
/// `SkillsAutoUpdate`; [`mark_unattended_updates`] adds `Cron` when the
/// skill also schedules it, which is when nobody reviews what arrives.
pub fn scan_skill_updates(src: &super::Src, sink: &mut super::Sink) {
    let text = src.text;
    // Round 42 (registry reading, auto-updater): `clawdhub update --all
    // --dry-run` only lists what would change.
    let dry = |m: &regex::Match| {
        let line_end = text[m.end()..]
            .find('\n')
            .map_or(text.len(), |k| m.end() + k);
        let line = &text[m.start()..line_end];
        line.contains("--dry-run") || line.contains("--check")
    };
    let at = UPDATE_ALL.find_iter(text).find(|m| !dry(m)).or_else(|| {
        SKILL_LOOP
            .is_match(text)
            .then(|| GIT_PULL.find(text))
            .flatten()
    });
    let Some(m) = at else {
        return;
    };
    let ev = Evidence::new(Op::Install, A::CallTool, R::Codebase, m.as_str())
        .tag(Tag::SkillsAutoUpdate)
        .object("every installed skill updated from its source")
        .instrument("skills update");
    sink.push(src.at(ev, m.start(), m.end(), "shell"));
}

/// Words that put a skill's work on a schedule.
static SCHEDULE_WORDS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bcron(?:tab)?\b|--cron\b|\bsystemd\s+timer\b|\.timer\b|\bheartbeat\b|\blaunchd\b|\bschtasks\b",
);

/// Skill-wide: an all-skills update in a skill that schedules work (a
/// persistence step, or a file naming cron, a timer or the heartbeat) runs
/// unattended; it gets `Cron` (SK-EXEC-025 warns). Only the skill's files
/// are read, each whole.
pub fn mark_unattended_updates(
    files: &[crate::model::skill::SkillFile],
    evidence: &mut [Evidence],
) {
    if !evidence.iter().any(|e| e.has(Tag::SkillsAutoUpdate)) {
        return;
    }
    let scheduled = evidence.iter().any(|e| {
        matches!(e.op, Op::Persistence | Op::FileWrite)
            && (e.has(Tag::Cron) || e.has(Tag::Systemd) || e.has(Tag::LaunchAgent))
    }) || files.iter().any(|f| SCHEDULE_WORDS.is_match(&f.text));
    if scheduled {
        for e in evidence.iter_mut().filter(|e| e.has(Tag::SkillsAutoUpdate)) {
            e.tags.insert(Tag::Cron);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_config_key_read_is_not_a_config_key_set() {
        let set = ["config", "--global", "credential.helper", "store"];
        assert!(spelling("shell", "git", &set, "").is_some());
        for read in [
            &["config", "--get", "credential.helper"][..],
            &["config", "--get-all", "core.hooksPath"][..],
            &["config", "--list"][..],
        ] {
            assert!(spelling("shell", "git", read, "").is_none(), "{read:?}");
        }
    }
}
