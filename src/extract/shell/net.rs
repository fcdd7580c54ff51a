use super::call::{Call, Emit};
use super::*;
use crate::extract::download_run::DownloadRun;
use crate::extract::net_send::{self, NetCall, NetKind};

/// An HTTP client: a send when it posts data or a file, else a request (and
/// a download run when it feeds an interpreter). The command line is mapped
/// into a [`NetCall`]; `net_send` decides the evidence.
pub(super) fn http(c: &Call, e: &mut Emit) {
    let name = &c.name;
    let args: &[&str] = &c.args;
    let cx = c.cx;
    let row = net_send::client("bash", name).or_else(|| net_send::client("bash", "curl"));
    let body = row.map_or(&[][..], |r| r.body);
    let (long, short): (Vec<&str>, Vec<&str>) = body.iter().partition(|f| f.starts_with("--"));
    let sends = has_flag(args, &short, &long)
        || flag_value(args, &["-X", "--request", "--method"]).is_some_and(net_send::method_sends)
        || (name == "http" || name == "xh")
            && args.iter().any(|a| a.contains('=') && !a.contains("://"));
    // The destination is the first operand that is a URL, not a URL given
    // as an option's value (`-x http://proxy`, `-H "Referer: https://…"`).
    let operand = http_operand(name, args);
    let target = match operand.and_then(|o| URL_RE.find(o).filter(|m| m.start() == 0)) {
        Some(m) => m.as_str().to_string(),
        None if c.url.is_empty() => operand.unwrap_or_default().to_string(),
        None => c.url.clone(),
    };
    let sends = sends || (cx.pipe_in.is_some() && args.iter().any(|a| a.contains("@-")));
    let mut call = NetCall::http(sends, target.clone());
    call.uploads = uploads(args, row.map_or(&[][..], |r| r.files));
    call.also = more_urls(name, args, &target);
    call.inputs = c.reads.clone();
    // A `$(…)` on the line (a header, the URL, a form field) is sent
    // whether or not the request has a body.
    if sends || args.iter().any(|a| a.contains("$(") || a.contains('`')) {
        call.inputs.extend(cx.pipe_in.clone());
    }
    if !sends {
        call.output = cx.pipe_out.clone();
        if let Some(o) = flag_value(args, &["-o", "--output", "-O", "--output-document"]) {
            call.output = Some(crate::extract::file_bind(o));
            call.object = Some(format!("download to {o}"));
            // Round 38: a tool's name placed on PATH from plain HTTP or a
            // raw IP (`path_shadow::fetched_shadow`).
            let o = o.trim_matches(['"', '\'']);
            if let Some((dir, file)) = o.rsplit_once('/')
                && let Some(t) = crate::extract::path_shadow::fetched_shadow(&target, dir, &[file])
            {
                let ev = Evidence::new(Op::FileWrite, A::Write, R::LocalFs, o)
                    .tag(Tag::Masquerade)
                    .instrument(name.clone())
                    .object(format!(
                        "program fetched over an unauthenticated channel ({target}) and placed on PATH under the name of `{t}` (runs whenever `{t}` is typed)"
                    ));
                e.push(ev);
            }
        }
    }
    let (reads, evs) = call.lower_all();
    for r in reads {
        e.push(r);
    }
    if !sends && cx.feeds_interpreter {
        // Piped into an interpreter: the response is the code it runs.
        let fetched = evs.first().and_then(|ev| ev.output.clone());
        e.push(DownloadRun::code(target.clone(), fetched.into_iter().collect()).lower());
    }
    for ev in evs {
        e.push(ev);
    }
}

/// The destinations after the first: every URL operand of `curl URL1 URL2`
/// or `wget -q URL1 URL2` (`--url URL` included), not a URL given as an
/// option's value (a referer, a proxy, a header, a body).
fn more_urls(name: &str, args: &[&str], first: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for a in http_operands(name, args) {
        let Some(url) = URL_RE.find(a).map(|m| m.as_str()) else {
            continue;
        };
        if a.starts_with(url) && url != first && !out.iter().any(|o| o == url) {
            out.push(url.to_string());
        }
    }
    out
}

/// The local files a command-line client uploads: `-d @file`,
/// `-F f=@file`, `-F f=<file` (the file's text as the field, round 30),
/// `--data-binary @file`, and the client's file options (`-T file`,
/// `--upload-file`, wget `--post-file`/`--body-file`).
fn uploads(args: &[&str], files: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = args
        .iter()
        .filter(|a| !a.contains("://"))
        .filter_map(|a| {
            a.split_once('@').map(|(_, p)| p).or_else(|| {
                // `-F "name=<file name>"` is a placeholder, no file.
                a.split_once("=<")
                    .map(|(_, p)| p)
                    .filter(|p| !p.ends_with('>'))
            })
        })
        .filter(|p| !p.is_empty() && *p != "-")
        .map(str::to_string)
        .collect();
    if let Some(p) = flag_value(args, files)
        && !out.iter().any(|o| o == p)
    {
        out.push(p.to_string());
    }
    out
}

/// A raw socket client; with `-e`/`EXEC:` or feeding a shell, a reverse shell.
pub(super) fn socket(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let joined = &c.joined;
    let cx = c.cx;
    let target = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    // Only netcat's family takes `-e`/`-c` as "run this program": openssl's
    // options are single-dash words (`-connect`, `-servername` are no
    // bundle of `-c`/`-e`) and telnet's `-e` sets the escape character, so
    // a TLS probe (`openssl s_client -connect host:443`) stays a client.
    let netcat = matches!(c.name.as_str(), "nc" | "ncat" | "netcat");
    let shell = netcat && has_flag(args, &["-e", "-c"], &["--exec", "--sh-exec", "--lua-exec"])
        || joined.contains("EXEC:")
        || joined.contains("exec:")
        || joined.contains("SYSTEM:")
        || joined.contains("system:")
        || cx.feeds_interpreter
        || cx.fed_by_shell;
    let mut call = if shell {
        NetCall::new(NetKind::ShellOverSocket, target)
    } else {
        let mut call = NetCall::new(NetKind::Connect, target);
        call.inputs.extend(cx.pipe_in.clone());
        call
    };
    call.tag_url = false;
    e.push(call.lower().1);
}

/// A DNS lookup; a computed name smuggles data out in its labels.
pub(super) fn dns(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let words = c.words;
    let at = c.at;
    let reads = &c.reads;
    let cx = c.cx;
    let target = args
        .iter()
        .find(|a| !a.starts_with('-') && !a.starts_with('+') && !a.starts_with('@'))
        .map(|s| s.to_string())
        .unwrap_or_default();
    // Data smuggled in a label (`"$c.x.example"`), not a plain `"$host"`.
    let dynamic = words.iter().skip(at + 1).any(|w| {
        w.dynamic
            && w.value.contains('$')
            && w.value.contains('.')
            && !w.value.starts_with("$(")
            && w.value.trim_start_matches('$').contains('.')
    }) || cx.pipe_in.is_some()
        || words.iter().skip(at + 1).any(|w| {
            // A substitution with a fixed domain part beside it
            // (`$(base64 < f).x.example`), not a name computed whole
            // (`$(awk … <<<"$name")`) or a server chosen with `@`.
            !w.value.starts_with(['@', '+', '-'])
                && w.value.contains("$(")
                && outside_substitutions(&w.value).contains('.')
        });
    let mut call = NetCall::new(NetKind::Dns, target).inputs(reads.clone());
    call.computed = dynamic;
    call.tag_url = false;
    e.push(call.lower().1);
}

/// `v` with every balanced `$( … )` span removed: the literal text around
/// command substitutions.
fn outside_substitutions(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    let mut depth = 0usize;
    let mut chars = v.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '$' && chars.peek() == Some(&'(') {
            chars.next();
            depth += 1;
        } else if depth > 0 && c == '(' {
            depth += 1;
        } else if depth > 0 && c == ')' {
            depth -= 1;
        } else if depth == 0 {
            out.push(c);
        }
    }
    out
}

/// Files copied to a remote host, and the credential files among them.
pub(super) fn remote_copy(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let remote = args
        .iter()
        .rev()
        .find(|a| a.contains(':') && !a.starts_with('-'))
        .map(|s| s.to_string());
    if let Some(r) = remote {
        let files = args
            .iter()
            .copied()
            .filter(|a| !a.starts_with('-') && !a.contains(':'));
        let mut inputs = uploaded(files, e);
        // Round 24: `rsync --include='*.pem' --include='*.env*'`, `rclone
        // copy --include '*.key'`: the patterns pick credential files
        // from the folder copied.
        inputs.extend(selected_credentials(
            args,
            "file pattern copied off the host",
            e,
        ));
        let mut ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, r)
            .object("files copied to a remote host");
        ev.inputs = inputs;
        e.push(ev);
    }
}

/// Mail sent with what it was given.
pub(super) fn mail(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let reads = &c.reads;
    let cx = c.cx;
    let to = args.iter().find(|a| a.contains('@')).map(|s| s.to_string());
    let mut call = NetCall::new(NetKind::Send, to.unwrap_or_default()).object("mail sent");
    call.tag_url = false;
    call.inputs.extend(cx.pipe_in.clone());
    call.inputs.extend(reads.clone());
    e.push(call.lower().1);
}

/// `ping -p PATTERN host`: the pattern fills every echo request's padding,
/// so data put in it leaves the host (an ICMP covert channel). A constant
/// pattern (`-p ff`, a link test) carries nothing and is not a send.
pub(super) fn icmp_pad(c: &Call, e: &mut Emit) {
    let words = c.words.get(c.at + 1..).unwrap_or(&[]);
    let Some(i) = words.iter().position(|w| w.value == "-p") else {
        return;
    };
    // Data in the pattern: a variable or substitution, not a hex constant.
    let carries = words.get(i + 1).is_some_and(|w| {
        w.dynamic || !w.reads.is_empty() || !w.value.bytes().all(|b| b.is_ascii_hexdigit())
    });
    if !carries {
        return;
    }
    let host = words
        .iter()
        .skip(i + 2)
        .rev()
        .find(|w| !w.value.starts_with('-'))
        .map(|w| w.value.clone())
        .unwrap_or_default();
    // A destination with a scheme, so the host is read as resolved (a raw
    // IP, a collector) like any URL.
    let url = if host.is_empty() || host.contains('$') {
        host
    } else {
        format!("icmp://{host}")
    };
    let mut call = NetCall::new(NetKind::Send, url).object("data sent in ICMP echo padding");
    call.computed = true;
    call.inputs.extend(c.cx.pipe_in.clone());
    call.inputs.extend(c.reads.clone());
    e.push(call.lower().1);
}

/// The bucket a cloud CLI line copies local files to (`aws s3 cp|sync|mv
/// SRC s3://B`, `gsutil [-m] cp|rsync|mv SRC gs://B`, `gcloud storage
/// cp|rsync SRC gs://B`, `azcopy copy|sync SRC https://…`, `az storage blob
/// upload|upload-batch --destination C`); `None` for a download or any
/// other line.
pub(super) fn cloud_upload_dest(name: &str, args: &[&str]) -> Option<String> {
    let ops = cloud_operands(args);
    let verb = match name {
        "aws" => (ops.first() == Some(&"s3")).then(|| ops.get(1)).flatten(),
        "gcloud" => (ops.first() == Some(&"storage"))
            .then(|| ops.get(1))
            .flatten(),
        "gsutil" | "azcopy" => ops.first(),
        _ => (ops.first() == Some(&"storage") && ops.get(1) == Some(&"blob"))
            .then(|| ops.get(2))
            .flatten(),
    }?;
    if !matches!(
        *verb,
        "cp" | "sync" | "mv" | "rsync" | "copy" | "upload" | "upload-batch"
    ) {
        return None;
    }
    if name == "az" {
        let i = args
            .iter()
            .position(|a| matches!(*a, "--destination" | "-d" | "--container-name" | "-c"))?;
        return args.get(i + 1).map(|d| format!("azure-blob://{d}"));
    }
    let remote = |a: &&str| {
        a.starts_with("s3://") || a.starts_with("gs://") || a.contains(".core.windows.net")
    };
    // The destination is the last operand, and a remote one; a remote
    // source with a local destination is a download.
    let last = ops.last()?;
    (remote(last) && ops.iter().rev().skip(1).any(|a| !remote(a))).then(|| last.to_string())
}

/// Flags of the cloud CLIs that take a value (`--include '*.key'`): the
/// value is no operand.
const CLOUD_VALUE_FLAGS: &[&str] = &[
    "--include",
    "--exclude",
    "--pattern",
    "--include-pattern",
    "--exclude-pattern",
    "--profile",
    "--region",
    "--acl",
    "--storage-class",
    "--sse",
    "--content-type",
    "--cache-control",
    "--metadata",
    "--endpoint-url",
    "--account-name",
    "--source",
    "-s",
    "-x",
    "-h",
    "-o",
];

/// The operands of a cloud CLI line: words that are neither flags nor a
/// value-taking flag's value.
fn cloud_operands<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
        } else if a.starts_with('-') {
            skip = CLOUD_VALUE_FLAGS.contains(a);
        } else {
            out.push(*a);
        }
    }
    out
}

/// A cloud CLI upload ([`cloud_upload_dest`]): the local operands and the
/// credential files its include patterns select go to the bucket.
pub(super) fn cloud_upload(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let Some(dest) = cloud_upload_dest(&c.name, args) else {
        return;
    };
    let skip = match c.name.as_str() {
        "aws" | "gcloud" => 2,
        "az" => 3,
        _ => 1,
    };
    let files: Vec<&str> = cloud_operands(args)
        .into_iter()
        .skip(skip)
        .filter(|a| !a.contains("://") && !a.contains(".core.windows.net"))
        .collect();
    let mut inputs = uploaded(files.into_iter(), e);
    inputs.extend(selected_credentials(
        args,
        "file pattern uploaded to a bucket",
        e,
    ));
    let mut ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, dest)
        .object("files uploaded to a cloud bucket");
    ev.inputs = inputs;
    e.push(ev);
}

/// Reads of the credential files a copy or sync tool's include patterns
/// select ([`credential_includes`]), each bound to its upload.
///
/// [`credential_includes`]: crate::extract::concepts::credential_includes
pub(super) fn selected_credentials(args: &[&str], what: &str, e: &mut Emit) -> Vec<String> {
    crate::extract::concepts::credential_includes(args)
        .into_iter()
        .map(|g| {
            let mut ev = Evidence::new(Op::FileRead, A::Read, R::Credentials, g)
                .tag(Tag::SecretPath)
                .object(what);
            ev.output = Some(format!("$upload_{g}"));
            e.push(ev);
            format!("$upload_{g}")
        })
        .collect()
}

/// The bindings of files a command sends off the host (`$upload_PATH`),
/// with a read of each credential file among them bound to its binding.
fn uploaded<'a>(files: impl Iterator<Item = &'a str>, e: &mut Emit) -> Vec<String> {
    files
        .map(|f| {
            let (scope, mut tags) = classify_path(f);
            // Round 24: `scp ~/certs/*.pem host:` takes every key there.
            let glob = crate::extract::concepts::credential_glob(f);
            if glob {
                tags.insert(Tag::SecretPath);
            }
            if scope == R::Credentials || glob {
                let mut ev = Evidence::new(Op::FileRead, A::Read, R::Credentials, f)
                    .tags(tags)
                    .object("file copied off the host");
                ev.output = Some(format!("$upload_{f}"));
                e.push(ev);
            }
            format!("$upload_{f}")
        })
        .collect()
}

/// `gh gist create|edit FILE…`: the files are uploaded to a gist (public
/// with `--public`, and a "secret" gist is readable by anyone with its
/// link), so they leave as a remote copy does.
pub(super) fn gist_upload(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    // `-d/--desc`, `-f/--filename` take a value; `-` is standard input.
    let mut files = Vec::new();
    let mut it = args.iter().skip(2);
    while let Some(a) = it.next() {
        if matches!(*a, "-d" | "--desc" | "-f" | "--filename" | "-a" | "--add") {
            it.next();
        } else if !a.starts_with('-') {
            files.push(*a);
        }
    }
    let mut call = NetCall::new(NetKind::Send, "https://gist.github.com/".to_string())
        .object("files published as a gist");
    call.inputs = uploaded(files.into_iter(), e);
    call.inputs.extend(c.cx.pipe_in.clone());
    call.inputs.extend(c.reads.clone());
    e.push(call.lower().1);
}

/// A remote shell; `-R` exposes this host.
pub(super) fn ssh(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let cx = c.cx;
    let (host, command) = ssh_host(args);
    let mut call = NetCall::new(NetKind::RemoteShell, host);
    call.tag_url = false;
    call.exposes = has_flag(args, &["-R"], &[]);
    call.inputs.extend(cx.pipe_in.clone());
    let login = !command && !call.exposes && call.inputs.is_empty();
    let mut ev = call.lower().1;
    if login {
        ev.tags.insert(crate::evidence::Tag::LoginOnly);
    }
    e.push(ev);
}

/// The destination of `ssh [options] host [command]`: the first operand
/// that is not the value of an option (`-o StrictHostKeyChecking=no`,
/// `-i key`, `-p 22`), and whether a remote command follows it.
fn ssh_host<'x>(args: &[&'x str]) -> (&'x str, bool) {
    const WITH_VALUE: &[u8] = b"BbcDEeFIiJLlmOopQRSWw";
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let Some(flags) = a.strip_prefix('-') else {
            return (a, it.next().is_some());
        };
        // `-o` takes the next word; `-oX=y` and `-p22` carry their value.
        if flags.len() == 1 && WITH_VALUE.contains(&flags.as_bytes()[0]) {
            it.next();
        }
    }
    ("", false)
}

/// A tunnel that exposes this host.
pub(super) fn tunnel(c: &Call, e: &mut Emit) {
    let mut call = NetCall::new(NetKind::Tunnel, c.joined.clone());
    call.tag_url = false;
    e.push(call.lower().1);
}
