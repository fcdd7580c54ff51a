//! The meaning of a command line as data: one row per family of programs,
//! tried in order; the first row whose names hold the program and whose
//! condition holds classifies the line. The handlers live in one file per
//! domain (`net`, `files`, `secrets`, `system`, `code`, `destroy`, `tools`).

use super::call::{Call, Emit, MINERS};
use super::*;
use super::{code, destroy, files, net, secrets, system};

/// Which programs a row is about.
enum Names {
    Any(&'static [&'static str]),
    Like(fn(&str) -> bool),
}

/// One family of programs: the names, a condition on the whole line, and
/// what the line means.
struct Row {
    names: Names,
    when: fn(&Call) -> bool,
    run: fn(&Call, &mut Emit),
}

const fn row(names: &'static [&'static str], run: fn(&Call, &mut Emit)) -> Row {
    Row {
        names: Names::Any(names),
        when: |_| true,
        run,
    }
}

const fn row_if(
    names: &'static [&'static str],
    when: fn(&Call) -> bool,
    run: fn(&Call, &mut Emit),
) -> Row {
    Row {
        names: Names::Any(names),
        when,
        run,
    }
}

/// The table, in the order the rows are tried.
const ROWS: &[Row] = &[
    // Round 24: Windows security tampering (`win_tamper::ROWS`), first so
    // `vssadmin`/`bcdedit` keep both readings (defences off, destruction).
    Row {
        names: Names::Like(crate::extract::win_tamper::names),
        when: |c| crate::extract::win_tamper::classify(&c.name, &c.args).is_some(),
        run: system::windows_tamper,
    },
    row(
        &["curl", "wget", "http", "https", "xh", "aria2c", "fetch"],
        net::http,
    ),
    row_if(
        &["nc", "ncat", "netcat", "socat", "telnet", "openssl"],
        |c| c.name != "openssl" || c.args.first() == Some(&"s_client"),
        net::socket,
    ),
    row(
        &["dig", "nslookup", "host", "drill", "resolvectl"],
        net::dns,
    ),
    row_if(
        &["ping", "ping6"],
        |c| c.args.contains(&"-p"),
        net::icmp_pad,
    ),
    row(&["scp", "rsync", "sftp", "ftp", "rclone"], net::remote_copy),
    // Round 24: a cloud CLI copying files to a bucket (`aws s3 cp|sync`,
    // `gsutil cp|rsync`, `gcloud storage cp`, `azcopy copy`, `az storage
    // blob upload-batch`), with its include patterns.
    row_if(
        &["aws", "gsutil", "gcloud", "azcopy", "az"],
        |c| net::cloud_upload_dest(&c.name, &c.args).is_some(),
        net::cloud_upload,
    ),
    row_if(
        &["gh"],
        |c| {
            c.args.first() == Some(&"gist")
                && matches!(c.args.get(1), Some(&"create" | &"new" | &"edit"))
        },
        net::gist_upload,
    ),
    row(&["mail", "sendmail", "mutt", "mailx", "swaks"], net::mail),
    // Round 23: commands that print a master key or decrypted credentials.
    row_if(
        &[
            "rails",
            "rake",
            "sops",
            "ansible-vault",
            "age",
            "gpg",
            "gpg2",
            "openssl",
        ],
        |c| crate::extract::master_secret::decrypting_read(&c.name, &c.args).is_some(),
        secrets::decrypted,
    ),
    // Round 23: git printing the files its pathspecs name.
    row_if(
        &["git"],
        |c| files::git_prints_files(&c.args),
        files::git_contents,
    ),
    row_if(
        &["git"],
        |c| secrets::git_credential_read(&c.args),
        secrets::cli_token,
    ),
    row(&["git"], |c, e| git(&c.args, &mut |ev| e.push(ev))),
    row(
        &["rm", "shred", "unlink", "rmdir", "srm", "wipe"],
        files::remove,
    ),
    row(&["find"], files::find),
    row(&["dd"], files::dd),
    Row {
        names: Names::Like(|n| {
            n.starts_with("mkfs") || n == "wipefs" || n == "fdisk" || n == "sfdisk" || n == "parted"
        }),
        when: |_| true,
        run: files::format_disk,
    },
    row(
        &["chmod", "chown", "chgrp", "chattr", "setfacl"],
        files::permissions,
    ),
    row(&["setcap"], files::capabilities),
    row(&["crontab", "at", "batch", "schtasks"], system::schedule),
    row(&["launchctl"], system::launchd),
    row(
        &["defaults", "sfltool", "reg", "reg.exe"],
        system::startup_entry,
    ),
    row(&["systemctl"], system::systemd),
    row_if(
        crate::extract::exec_op::SHELL_CODE_BUILTINS,
        |c| !c.cx.fed_by_fetch,
        code::eval,
    ),
    row_if(INTERPRETERS, |c| !c.cx.fed_by_fetch, code::interpreter),
    // direnv's stdlib: `source_url URL HASH` downloads a file and sources
    // it into the shell of every `cd` (round 23).
    row(&["source_url"], |c, e| {
        if !c.url.is_empty() {
            e.push(
                crate::extract::download_run::DownloadRun::code(c.url.clone(), c.reads.clone())
                    .object("downloaded code sourced into the shell (direnv source_url)")
                    .lower(),
            );
            e.finish();
        }
    }),
    // Round 25: a secret file is a secret source whatever prints or parses
    // it: a compressor to stdout (`gzip -c "$KUBECONFIG"`), a dump (`od`,
    // `hexdump`), a line parser (`awk -F= '{print $2}' .env`, `sed -n
    // 's/^TOKEN=//p' .env`, `cut -d= -f2`, `sort`); an encoder given a
    // file is `code::decode`'s.
    row_if(
        &[
            "gzip", "bzip2", "xz", "zstd", "lz4", "od", "hexdump", "awk", "gawk", "mawk", "sed",
            "cut", "sort", "uniq", "tac", "nl",
        ],
        |c| {
            let flag = |f: &str| c.args.iter().any(|a| a.starts_with(f));
            // A filter in a pipe (`git show | gzip | base64 | curl`) names
            // no file: it stays a step of the pipe. A line tool's first
            // operand is its program unless `-e`/`-f` gives it.
            let operands = c.args.iter().filter(|a| !a.starts_with('-')).count();
            let program_first = matches!(c.name.as_str(), "awk" | "gawk" | "mawk" | "sed")
                && !c.args.iter().any(|a| matches!(*a, "-e" | "-f"));
            operands > usize::from(program_first)
                && !(c.name == "sed" && (flag("-i") || flag("--in-place")))
                && !(matches!(c.name.as_str(), "gzip" | "bzip2" | "xz" | "zstd" | "lz4")
                    && (flag("--decompress")
                        || c.args.iter().any(|a| {
                            a.starts_with('-') && !a.starts_with("--") && a.contains('d')
                        })))
        },
        files::readers,
    ),
    row(
        &[
            "base64", "xxd", "uudecode", "gunzip", "zcat", "rev", "base32",
        ],
        code::decode,
    ),
    row_if(
        &["env", "printenv", "export", "set", "declare"],
        |c| c.args.is_empty() || c.args == ["-p"] || c.args == ["-x"],
        secrets::env_dump,
    ),
    row(&["printenv"], secrets::printenv),
    row(&["security"], secrets::keychain),
    // Secrets a local tool prints: Terraform state (every resource's
    // secrets), saved Wi-Fi keys (`nmcli -s … psk`, `netsh wlan … key=clear`).
    row_if(
        &["terraform", "tofu"],
        |c| secrets::prints_tf_state(&c.args),
        secrets::store,
    ),
    row_if(
        &["nmcli", "netsh"],
        |c| secrets::prints_wifi_key(&c.name, &c.args, &c.joined),
        secrets::store,
    ),
    row_if(
        &["aws", "gsutil", "gcloud", "az"],
        |c| {
            let j = &c.joined;
            (j.contains(" rm ") || j.contains(" rb ") || j.contains(" delete"))
                && (j.contains("--recursive")
                    || j.contains("--force")
                    || j.contains("-r ")
                    || j.contains("--quiet"))
        },
        destroy::cloud_storage,
    ),
    // The MinIO client: every version of the objects (`mc rm -r --force
    // --versions`), or a bucket removed with its contents (`mc rb --force`).
    row_if(
        &["mc"],
        |c| {
            let a = &c.args;
            (a.first() == Some(&"rm") && a.contains(&"--versions"))
                || (a.first() == Some(&"rb") && a.contains(&"--force"))
        },
        destroy::cloud_storage,
    ),
    row_if(
        &[
            "gh", "glab", "doctl", "heroku", "vercel", "netlify", "kubectl", "npm", "fly", "flyctl",
        ],
        |c| {
            let args = &c.args;
            (args.first() == Some(&"auth")
                && args.iter().any(|a| *a == "token" || *a == "--show-token"))
                || (c.name == "kubectl" && args.contains(&"--raw") && args.contains(&"view"))
                || (c.name == "npm" && args.first() == Some(&"token"))
                // Round 26: Heroku's colon spelling (`heroku auth:token`).
                || (c.name == "heroku" && args.first() == Some(&"auth:token"))
        },
        secrets::cli_token,
    ),
    Row {
        names: Names::Like(|n| n.starts_with("git-credential-")),
        when: |c| c.args.contains(&"get"),
        run: secrets::cli_token,
    },
    row(
        &[
            "secret-tool",
            "kwallet-query",
            "gpg",
            "pass",
            "op",
            "bw",
            "vault",
            "aws",
            "gcloud",
            "az",
        ],
        secrets::store,
    ),
    row(
        &["pbpaste", "xclip", "xsel", "wl-paste"],
        secrets::clipboard,
    ),
    row_if(
        &["tmux", "screen"],
        secrets::scrollback_read,
        secrets::scrollback,
    ),
    row(&["osascript"], secrets::password_dialog),
    row(
        &[
            "whoami",
            "hostname",
            "uname",
            "id",
            "ifconfig",
            "ipconfig",
            "systeminfo",
            "sw_vers",
            "system_profiler",
        ],
        system::sysinfo,
    ),
    row(&["sleep"], system::sleep),
    row_if(
        &["history", "unset"],
        |c| c.joined.contains("HISTFILE") || c.args.contains(&"-c"),
        system::history,
    ),
    row(
        &[
            "spctl",
            "csrutil",
            "setenforce",
            "ufw",
            "xattr",
            "auditctl",
            "Set-MpPreference",
        ],
        system::protection_off,
    ),
    // `npx -y localtunnel --port 4141`, `bunx untun`, `pnpm dlx ngrok`,
    // `pipx run pyngrok`: a tunnel run by its package.
    row_if(
        &["npx", "bunx", "pnpx", "pnpm", "yarn", "pipx", "uvx"],
        |c| runs_package(c).is_some_and(crate::extract::net_send::is_tunnel_program),
        net::tunnel,
    ),
    row(MINERS, system::miner),
    row(
        &[
            "pip", "pip3", "npm", "pnpm", "yarn", "brew", "apt", "apt-get", "gem", "cargo", "go",
            "uv", "npx", "pipx", "bunx", "openclaw", "clawhub", "claude", "codex",
        ],
        |c, e| managers(&c.name, &c.args, &c.joined, &mut |ev| e.push(ev)),
    ),
    row(
        &[
            "tar", "zip", "7z", "cp", "cat", "less", "more", "strings", "sqlite3", "open", "head",
            "tail", "grep", "jq", "mv", "ln",
        ],
        files::readers,
    ),
    row(&["tee"], files::tee),
    row(&["install", "ginstall"], files::install),
    row(&["kill", "killall", "pkill"], system::kill),
    row(&["ssh"], net::ssh),
    row(crate::extract::net_send::TUNNEL_PROGRAMS, net::tunnel),
    row_if(
        &["kubectl", "oc", "helm"],
        |c| {
            c.args
                .first()
                .is_some_and(|a| matches!(*a, "delete" | "uninstall"))
        },
        destroy::cluster,
    ),
    row_if(
        &["terraform", "tofu", "pulumi", "terragrunt", "cdk", "cdktf"],
        |c| {
            let a = &c.args;
            a.contains(&"destroy")
                || a.contains(&"apply") && a.contains(&"-destroy")
                || destroy::saved_destroy_plan(a)
                || a.windows(2).any(|w| w == ["stack", "rm"])
                || a.contains(&"force-unlock")
                || a.windows(2).any(|w| w == ["state", "rm"])
        },
        destroy::infra,
    ),
    row_if(
        &["vssadmin", "wbadmin", "tmutil", "bcdedit"],
        |c| {
            let j = &c.joined;
            j.contains("delete") || j.contains("recoveryenabled") || j.contains("disable")
        },
        destroy::backups,
    ),
    row_if(
        &["psql", "mysql", "mongo", "mongosh", "redis-cli", "dropdb"],
        |c| c.name == "dropdb" || sql_wipes(&c.joined),
        destroy::database,
    ),
    row_if(
        &["docker", "podman"],
        |c| {
            c.args.contains(&"prune")
                && c.args
                    .iter()
                    .any(|a| *a == "-a" || *a == "--all" || *a == "--volumes")
        },
        destroy::prune,
    ),
    row(&["echo", "printf"], code::echo),
    row(QUIET, |_, _| {}),
];

/// The package a runner runs: `npx [-y] PKG`, `pnpm dlx PKG`, `yarn dlx
/// PKG`, `pipx run PKG`, `uvx PKG`.
/// Round 25: whether the table has a row for `name` by name (not by a
/// name predicate): a program whose command lines the table reads.
pub fn names_program(name: &str) -> bool {
    ROWS.iter()
        .any(|r| matches!(r.names, Names::Any(n) if n.contains(&name)))
}

fn runs_package<'c>(c: &'c Call) -> Option<&'c str> {
    let mut it = c.args.iter().copied().filter(|a| !a.starts_with('-'));
    match c.name.as_str() {
        "pnpm" | "yarn" => it.next().filter(|a| *a == "dlx").and_then(|_| it.next()),
        "pipx" => it.next().filter(|a| *a == "run").and_then(|_| it.next()),
        _ => it.next(),
    }
}

/// Classifies the line by the first row that takes it; a program no row
/// takes is a plain run.
pub(super) fn classify(c: &Call, e: &mut Emit) {
    let name = c.name.as_str();
    let hit = ROWS.iter().find(|r| {
        let named = match r.names {
            Names::Any(list) => list.contains(&name),
            Names::Like(f) => f(name),
        };
        named && (r.when)(c)
    });
    match hit {
        Some(r) => (r.run)(c, e),
        None => code::other(c, e),
    }
}
