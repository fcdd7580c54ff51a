use super::call::{Call, Emit};
use super::*;

/// The whole environment read.
pub(super) fn env_dump(c: &Call, e: &mut Emit) {
    let cx = c.cx;
    let mut ev = Evidence::new(Op::EnvDump, A::Read, R::Credentials, "environment")
        .object("whole environment read");
    ev.output = cx.pipe_out.clone();
    e.push(ev);
}

/// One environment variable read.
pub(super) fn printenv(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let cx = c.cx;
    let v = args.first().copied().unwrap_or("");
    let mut ev = crate::extract::concepts::env_read(v, "");
    ev.output = cx.pipe_out.clone();
    e.push(ev);
}

/// A saved Wi-Fi key printed: `nmcli -s|--show-secrets … psk|password`,
/// `nmcli device wifi show-password`, `netsh wlan show profile … key=clear`.
pub(super) fn prints_wifi_key(name: &str, args: &[&str], joined: &str) -> bool {
    let lower = joined.to_ascii_lowercase();
    match name {
        "nmcli" => {
            args.contains(&"show-password")
                || (has_flag(args, &["-s"], &["--show-secrets"])
                    && (lower.contains("psk") || lower.contains("password")))
        }
        "netsh" => lower.contains("wlan") && lower.contains("key=clear"),
        _ => false,
    }
}

/// The macOS keychain read.
pub(super) fn keychain(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let joined = &c.joined;
    let cx = c.cx;
    if args.first().is_some_and(|a| {
        a.starts_with("find-") && a.ends_with("password") || *a == "dump-keychain" || *a == "export"
    }) {
        let mut ev = Evidence::new(Op::KeychainRead, A::Read, R::Credentials, args.join(" "))
            .object("macOS keychain read");
        // One item by its service name, not a browser's storage key.
        let lower = joined.to_lowercase();
        if args[0].starts_with("find-")
            && has_flag(args, &["-s", "-l"], &[])
            && ![
                "chrome",
                "chromium",
                "brave",
                "edge",
                "safe storage",
                "opera",
                "vivaldi",
            ]
            .iter()
            .any(|b| lower.contains(b))
        {
            ev.tags.insert(Tag::NamedItem);
        }
        // `security dump-keychain` prints every item's attributes; only
        // `-d` (decrypted data) or `-r` (raw data) adds the secrets.
        if args[0] == "dump-keychain" && !has_flag(args, &["-d", "-r"], &[]) {
            ev.tags.insert(Tag::AttributesOnly);
            ev.object = "macOS keychain listing (item names, no secret values)".into();
        }
        ev.output = cx.pipe_out.clone();
        e.push(ev);
    }
}

/// Git's credential store asked for a password or token, in the forms a
/// script can print it: `git credential fill` (every configured helper:
/// the keychain, `~/.git-credentials`, the credential manager), `git
/// credential-store get`, `git credential-cache get`, and a credential
/// held in git config (`git config --get http.<url>.extraheader`, a
/// `…password`/`…token` key).
pub(super) fn git_credential_read(args: &[&str]) -> bool {
    let mut words = args.iter().filter(|a| !a.starts_with('-'));
    match words.next().copied() {
        Some("credential") => words.next() == Some(&"fill"),
        Some(h) if h.starts_with("credential-") => words.next() == Some(&"get"),
        Some("config") => {
            args.iter().any(|a| a.starts_with("--get"))
                && words.any(|k| {
                    let k = k.to_ascii_lowercase();
                    k.ends_with(".extraheader")
                        || k.ends_with(".password")
                        || k.ends_with(".token")
                        || k.ends_with("accesstoken")
                })
        }
        _ => false,
    }
}

/// Terraform state printed with its secrets: `state pull`; round 37: the
/// state with its sensitive values (`show -json`), every output unmasked
/// (`output -json`), one output's raw value (`output -raw NAME`).
pub(super) fn prints_tf_state(args: &[&str]) -> bool {
    let sub = args.iter().find(|a| !a.starts_with('-')).copied();
    args.windows(2).any(|w| w == ["state", "pull"])
        || sub == Some("show") && args.contains(&"-json")
        || sub == Some("output") && args.iter().any(|a| matches!(*a, "-json" | "-raw"))
}

/// A CLI that prints its credential.
pub(super) fn cli_token(c: &Call, e: &mut Emit) {
    let joined = &c.joined;
    let cx = c.cx;
    let mut ev = Evidence::new(Op::KeychainRead, A::Read, R::Credentials, joined.clone())
        .object("CLI credential printed");
    ev.output = cx.pipe_out.clone();
    e.push(ev);
}

/// A secret read from a credential store, or the CLI run for something else.
pub(super) fn store(c: &Call, e: &mut Emit) {
    let name = &c.name;
    let args: &[&str] = &c.args;
    let joined = &c.joined;
    let cx = c.cx;
    let getsecret = match name.as_str() {
        "secret-tool" => args.first() == Some(&"lookup"),
        "pass" => !args.is_empty() && args.first() != Some(&"insert"),
        "op" | "bw" => args
            .iter()
            .any(|a| matches!(*a, "read" | "get" | "export" | "item")),
        "vault" => {
            args.iter().any(|a| *a == "read" || *a == "kv")
                || args.windows(2).any(|w| w == ["print", "token"])
        }
        "aws" => {
            args.windows(2)
                .any(|w| w[0] == "configure" && w[1] == "export-credentials")
                || args.iter().any(|a| {
                    matches!(
                        *a,
                        "get-secret-value"
                            | "get-session-token"
                            | "get-login-password"
                            | "get-authorization-token"
                    )
                })
        }
        "gcloud" => args
            .iter()
            .any(|a| *a == "print-access-token" || *a == "print-identity-token"),
        "az" => args.contains(&"get-access-token") || args.contains(&"--expose-token"),
        "gpg" => has_flag(args, &["-d"], &["--decrypt", "--export-secret-keys"]),
        "terraform" | "tofu" => prints_tf_state(args),
        "nmcli" | "netsh" => prints_wifi_key(name, args, joined),
        _ => false,
    };
    if getsecret {
        // The signed-in cloud CLI's own access token (`gcloud auth
        // print-access-token`, `az account get-access-token`, `aws sts
        // get-session-token`) is named with its CLI, as `gh auth token`
        // is: the CLI is the vendor the token belongs to
        // (`vendor::ALIASES`). Items of a store (`op read op://…`) keep
        // their item's name.
        let own_cli_token = match name.as_str() {
            "gcloud" => args
                .iter()
                .any(|a| *a == "print-access-token" || *a == "print-identity-token"),
            "az" => args.contains(&"get-access-token") || args.contains(&"--expose-token"),
            "aws" => args.iter().any(|a| {
                matches!(
                    *a,
                    "get-session-token" | "get-login-password" | "get-authorization-token"
                )
            }),
            _ => false,
        };
        let local_tool = matches!(name.as_str(), "terraform" | "tofu" | "nmcli" | "netsh");
        let target = if own_cli_token || local_tool {
            joined.clone()
        } else {
            args.join(" ")
        };
        let mut ev = Evidence::new(Op::KeychainRead, A::Read, R::Credentials, target)
            .object("secret read from a credential store");
        // One named secret (`pass show abuseipdb/api-key`, `op read
        // op://Stripe/key`, `bw get password GitHub`, an access
        // token of the signed-in CLI), not an export or a listing.
        let bulk = matches!(name.as_str(), "terraform" | "tofu") && !args.contains(&"-raw")
            || args.iter().any(|a| {
                matches!(
                    *a,
                    "export" | "list" | "--export-secret-keys" | "export-credentials"
                )
            });
        if !bulk {
            ev.tags.insert(Tag::NamedItem);
        }
        ev.output = cx.pipe_out.clone();
        e.push(ev);
    } else if name != "gpg" && name != "pass" && name != "secret-tool" {
        e.push(
            Evidence::new(Op::Exec, A::CallTool, R::Process, joined.clone())
                .object(format!("{name} CLI")),
        );
    }
}

/// The clipboard read.
pub(super) fn clipboard(c: &Call, e: &mut Emit) {
    let name = &c.name;
    let args: &[&str] = &c.args;
    let cx = c.cx;
    // xclip spells its options with one dash (`-selection`,
    // `-target`): only `-o`/`-out` reads; xsel also takes `--output`.
    let reads = args
        .iter()
        .any(|a| matches!(*a, "-o" | "-out" | "-output" | "--output"))
        || name == "xsel" && has_flag(args, &["-o"], &["--output"]);
    if name == "pbpaste" || name == "wl-paste" || reads {
        let mut ev = Evidence::new(Op::ClipboardRead, A::Read, R::UserData, "clipboard")
            .object("clipboard read");
        ev.output = cx.pipe_out.clone();
        e.push(ev);
    }
}

/// Round 29: a terminal's scrollback printed or saved (`tmux capture-pane
/// -p`, `tmux save-buffer -`, `tmux show-buffer`, `screen -X hardcopy`):
/// what the user typed and what programs printed, secrets included.
pub(super) fn scrollback_read(c: &Call) -> bool {
    let a: &[&str] = &c.args;
    match c.name.as_str() {
        "tmux" => a.iter().any(|w| {
            matches!(
                *w,
                "capture-pane" | "capturep" | "save-buffer" | "saveb" | "show-buffer" | "showb"
            )
        }),
        _ => a.iter().any(|w| *w == "hardcopy"),
    }
}

/// The scrollback read ([`scrollback_read`]): a personal record, its
/// text bound to the pipe or variable it feeds.
pub(super) fn scrollback(c: &Call, e: &mut Emit) {
    let mut ev = Evidence::new(Op::FileRead, A::Read, R::UserData, "terminal scrollback")
        .tag(Tag::ValuableObject)
        .instrument(format!(
            "{} {}",
            c.name,
            c.args.first().copied().unwrap_or("")
        ))
        .object("terminal scrollback read");
    ev.output = c.cx.pipe_out.clone();
    e.push(ev);
}

/// A fake password prompt.
pub(super) fn password_dialog(c: &Call, e: &mut Emit) {
    let joined = &c.joined;
    if joined.contains("hidden answer") || joined.contains("password") {
        e.push(
            Evidence::new(Op::KeychainRead, A::Read, R::Credentials, "password dialog")
                .object("fake password prompt"),
        );
    }
}

/// `read -s VAR` (silent: a password) inside a function that shadows a
/// program asking for one (`sudo() { … read -rs p; … }`): the password the
/// user types for `sudo` lands in `$VAR`, a credential source
/// (`concepts::CREDENTIAL_PROMPTERS`). A silent read anywhere else is the
/// user typing a value the skill asks for, and no source.
pub(super) fn shadowed_prompt(words: &[Word], shadowed: Option<&str>) -> Option<Evidence> {
    let shadowed = shadowed?;
    let (how, var) = hidden_entry(words)?;
    let mut ev = Evidence::new(Op::KeychainRead, A::Read, R::Credentials, how)
        .instrument(format!("{shadowed}() shadow"))
        .object(format!(
            "password typed for `{shadowed}` read silently by a function that shadows it"
        ));
    ev.output = var.map(|v| format!("${v}"));
    Some(ev)
}

/// A command that reads what the user types without showing it (round 25
/// widens `read -s` to its neighbours): `read -s VAR`, `zenity --password`
/// or `--entry --hide-text`, `kdialog --password`, `whiptail`/`dialog
/// --passwordbox`, `systemd-ask-password`, `ssh-askpass`, `osascript …
/// with hidden answer`. Returns what it is and the variable `read` fills.
fn hidden_entry(words: &[Word]) -> Option<(String, Option<String>)> {
    let first = words.first()?.value.as_str();
    let first = first.rsplit('/').next().unwrap_or(first);
    let has = |f: &str| words[1..].iter().any(|w| w.value == f);
    match first {
        "read" => {
            let mut silent = false;
            let mut vars = Vec::new();
            let mut it = words[1..].iter().map(|w| w.value.as_str());
            while let Some(a) = it.next() {
                match a.strip_prefix('-') {
                    Some(flags) if !flags.is_empty() => {
                        silent |= flags.contains('s');
                        // The options that take a value: `-p prompt`, `-t 5`, …
                        if flags.ends_with(['a', 'd', 'i', 'n', 'N', 'p', 't', 'u']) {
                            it.next();
                        }
                    }
                    _ => vars.push(a),
                }
            }
            let var = vars.last().copied().unwrap_or("REPLY");
            silent.then(|| (format!("read -s {var}"), Some(var.to_string())))
        }
        "zenity" if has("--password") || has("--entry") && has("--hide-text") => {
            Some(("zenity password entry".into(), None))
        }
        "kdialog" if has("--password") || has("--newpassword") => {
            Some(("kdialog password entry".into(), None))
        }
        "whiptail" | "dialog" if has("--passwordbox") => {
            Some((format!("{first} --passwordbox"), None))
        }
        "systemd-ask-password" | "ssh-askpass" | "pinentry" => Some((first.to_string(), None)),
        "osascript" if words.iter().any(|w| w.value.contains("hidden answer")) => {
            Some(("osascript hidden answer".into(), None))
        }
        _ => None,
    }
}

/// A master key or encrypted credentials printed decrypted (`rails
/// credentials:show`, `sops -d`, `ansible-vault view`, `openssl enc -d -in
/// config/credentials.yml.enc`; the table is `master_secret.rs`).
pub(super) fn decrypted(c: &Call, e: &mut Emit) {
    let Some(what) = crate::extract::master_secret::decrypting_read(&c.name, &c.args) else {
        return;
    };
    let mut ev = Evidence::new(Op::FileRead, A::Read, R::Credentials, what)
        .tag(Tag::SecretPath)
        .tag(Tag::MasterSecret)
        .object(format!("credentials printed decrypted by {}", c.name));
    ev.output = c.cx.pipe_out.clone();
    e.push(ev);
}
