//! Someone else's jobs on the user's bill (round 26), in every language at
//! token level, like [`super::remote_jobs`]: a *paid or metered sink* that
//! uses the user's account, whose *size or destination is a value the code
//! fetched from a fixed remote server*, with *no bound the user set*.
//!
//! * **a fleet sized by a server** ([`server_fleet`]): cloud instances
//!   created in the user's account (`RunInstancesCommand`,
//!   `run_instances`, `aws ec2 run-instances`, `instances().insert`,
//!   `gcloud compute instances create`, `az vm create`, droplets, pods,
//!   `New-EC2Instance`, spot fleets) whose count or type is a field of a
//!   value fetched from a server (`MinCount: p.shards` where `p = await
//!   preset()` and `preset` fetches a fixed URL), in a file that never
//!   tears them down (terminate, delete, a terminate-on-shutdown setting);
//! * **messages to a server's list** ([`server_recipients`]): an SMS,
//!   call or mail sent through a paid messaging API (`SMS_HOSTS`,
//!   [`MAIL_HOSTS`]) whose recipient field is a field of a value fetched
//!   from a server (`To = $h.msisdn` where `$h` is an item of
//!   `Invoke-RestMethod https://panel…`), round 21's toll-fraud class
//!   reached by structure rather than by the list's name (`numbers`).
//!
//! The value is followed by [`fetched_from`]: the variable's assignment
//! in the file (`p = …`, `const p: T = …`, `$p = …`, `p := …`), the loop
//! that binds it (`for h in xs`, `for (const h of xs)`, `xs.forEach(h =>`,
//! `for _, h := range xs`, `$_`/`foreach ($h in $xs)` in PowerShell,
//! `Decode(&p)`), up to [`FOLLOW_DEPTH`] steps, until a fetch of a fixed
//! remote URL on the line or in the local functions the line calls
//! ([`super::region`]). Values from a flag, a bundled file or a literal
//! stay quiet. Both become a send tagged [`Tag::RemoteJobs`] (SK-RES-005).

use super::indicators::{URL_RE, is_local_host, is_private_host, url_host};
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Assignments followed from the sink's value back to a fetch.
const FOLLOW_DEPTH: usize = 4;

/// Creating compute in the user's cloud account, per SDK and CLI.
static FLEET_CREATE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bRunInstances(?:Command)?\b|\brun_instances\s*\(|\brunInstances\s*\(|\bec2\s+run-instances\b|\bNew-EC2Instance\b|\bRequestSpotFleet(?:Command)?\b|\brequest_spot_fleet\s*\(|\brequest_spot_instances\s*\(|\bRequestSpotInstances(?:Command)?\b|\bCreateFleet(?:Command)?\b|\bcreate_fleet\s*\(|\binstances\(\)\.insert\s*\(|\binstances\.insert\s*\(|\bcompute\s+instances\s+create\b|\bInstancesClient\b[^\n]{0,80}\.insert\b|\baz\s+vm\s+create\b|\bvirtual_machines\.begin_create_or_update\b|\bdroplets?\.create\s*\(|\bcreate_droplets?\s*\(|\bdoctl\s+compute\s+droplet\s+create\b|\bhcloud\s+server\s+create\b|\bservers\.create\s*\(|\bcreate_pod\s*\(|\bcreatePod\s*\(|\bvastai\s+create\s+instance\b|\blinodes?\s+create\b|\binstance-operations/launch\b",
);
/// The count or type of what is created, taken from a value's field:
/// `MinCount: p.shards`, `count=cfg["n"]`, `--count $p.n`,
/// `InstanceType: p.type`. Group 1 is the value holding the field.
static SIZED_BY: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?:MinCount|MaxCount|count|instance_?count|num_?instances|TargetCapacity|TotalTargetCapacity|InstanceType|instance_?type|machine_?type|size|gpu_?count|quantity)["']?\s*[:=]\s*\$?([a-z_]\w*)(?:\.\w+|\[\s*["']\w+["']\s*\])|--(?:count|instance-type|machine-type|size)[\s=]+["']?\$\{?([a-z_]\w*)"#,
);
/// Teardown of what was created, or created to end by itself.
static TEARDOWN: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bterminate[_-]?instances\b|\bTerminateInstances\w*|\bRemove-EC2Instance\b|\binstances\(\)\.delete\b|\binstances\.delete\b|\bcompute\s+instances\s+delete\b|\baz\s+vm\s+delete\b|\bbegin_delete\b|\bdroplets?\.(?:delete|destroy)\b|\bdelete_droplet\b|\bdroplet\s+delete\b|\bserver\s+delete\b|\bservers\.delete\b|\b(?:terminate|remove|delete)_?pod\b|\bdestroy\s+instance\b|\bCancelSpotFleetRequests\w*|\bcancel_spot_fleet_requests\b|\bDeleteFleets\w*|\bdelete_fleets\b|InstanceInitiatedShutdownBehavior["']?\s*[:=]\s*["']terminate|instance-initiated-shutdown-behavior\s+terminate|\binstance-operations/terminate\b"#,
);
/// Hosts of the cloud account itself: a call there is the user's own
/// account, not a server handing out sizes.
const PROVIDER_HOSTS: &[&str] = &[
    "amazonaws.com",
    "googleapis.com",
    "azure.com",
    "microsoft.com",
    "digitalocean.com",
    "hetzner.cloud",
    "linode.com",
    "vultr.com",
    "runpod.io",
    "lambdalabs.com",
    "vast.ai",
];
/// Paid mail APIs: each message is billed to (and sent in the name of)
/// the user's account. The SMS and voice hosts are round 21's
/// `remote_jobs::SMS_HOSTS`.
pub const MAIL_HOSTS: &[&str] = &[
    "api.sendgrid.com",
    "api.mailgun.net",
    "api.eu.mailgun.net",
    "api.postmarkapp.com",
    "api.resend.com",
    "api.brevo.com",
    "api.sendinblue.com",
    "mandrillapp.com",
    "api.sparkpost.com",
    "api.mailjet.com",
];
/// A paid messaging SDK named by the code (the host stays inside the SDK).
static PAID_SDK: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?:twilio|sendgrid|mailgun|vonage|nexmo|plivo|telnyx|messagebird|postmark|sparkpost|mailjet|clicksend)\b|["']resend["']"#,
);
/// A recipient field taken from a value's field: `To = $h.msisdn`,
/// `to: lead.phone`, `"to": row["number"]`, `{"email": r["addr"]}`.
static RECIPIENT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)["']?\b(?:to|email|phone|number|msisdn|recipient|destination|to_?number|to_?address)["']?\s*[:=]\s*\$?([a-z_]\w*)(?:\.\w+|\[\s*["']\w+["']\s*\])"#,
);
/// Round 29: a loop over a value's recipient list (`foreach ($m['to'] as
/// $rcpt)`, `for r in job["recipients"]:`, `for (const r of m.to)`,
/// `m.to.forEach(`, `for _, r := range m.To`, `foreach ($r in $m.to)`):
/// each recipient is one the value names. Group 1 (or 2) is the value.
static RECIPIENT_LOOP: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:\bforeach\s*\(\s*\$?|\bfor\s+\w+(?:\s*,\s*\w+)?\s+in\s+\$?|\bof\s+|\brange\s+|\bforeach\s*\(\s*\$\w+\s+in\s+\$)([a-z_]\w*)(?:\.|\[\s*["']|\.get\(\s*["'])(?:to|recipients?|rcpts?|emails?|addresses|to_?list|numbers|phones)\b|\b([a-z_]\w*)\.(?:to|recipients?|rcpts?|emails|addresses)\.(?:forEach|map|each)\b"#,
);
/// Round 29: the user's own mail account as the sink: an SMTP client or
/// dialogue (`mail_relay.rs`' tables), PHP `mail(`, `sendmail`, a Gmail or
/// Graph send. Spam relayed through it is sent in the user's name and gets
/// the user's account blocked.
static MAIL_ACCOUNT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bsmtplib\b|\bSMTP(?:_SSL)?\s*\(|\bnodemailer\b|\bcreateTransport\s*\(|\bsmtp\.SendMail\s*\(|\bNet::SMTP\b|\bSend-MailMessage\b|\bPHPMailer\b|\bMIME::Lite\b|\bEmail::Sender\b|\blettre::|\bSmtpClient\b|(?:\b|\\[rn])RCPT\s+TO\s*:|^\s*mail\s*\(|[^\w>.$]mail\s*\(\s*\$|\bsendmail\b|\busers\(\)\.messages\(\)\.send\b|\busers\.messages\.send\b|\bsendMail\s*\(",
);
/// A fetch: what brings a value in from a URL, per language.
static FETCH: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bfetch\s*\(|\b(?:requests|httpx|session|client|axios)\.get\s*\(|\burlopen\s*\(|\bhttp\.Get\s*\(|\bInvoke-RestMethod\b|\bInvoke-WebRequest\b|\birm\s|\biwr\s|\bcurl\b|\bwget\b|\bureq::get\b|\breqwest::(?:blocking::)?get\b|\bNet::HTTP\.get\b|\bfile_get_contents\s*\(|\bHTTP::Tiny\b|\bLWP::Simple\b|\bgot\s*\(",
);

/// Adds a fleet sized by a server.
pub fn server_fleet(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let Some(create) = FLEET_CREATE.find(text) else {
        return;
    };
    if TEARDOWN.is_match(text) || !FETCH.is_match(text) {
        return;
    }
    let regions = std::cell::OnceCell::new();
    let mut tried: Vec<&str> = Vec::new();
    for c in SIZED_BY.captures_iter(text) {
        let Some(holder) = c.get(1).or_else(|| c.get(2)) else {
            continue;
        };
        if !first_try(&mut tried, holder.as_str()) {
            continue;
        }
        let Some(host) = fetched_from(src.path, text, &regions, holder.as_str(), PROVIDER_HOSTS)
        else {
            continue;
        };
        let at = c.get(0).map_or(0, |m| m.start());
        let (ls, le) = super::region::line_span(text, at);
        let ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, host.clone())
            .tag(Tag::RemoteJobs)
            .instrument("cloud instances")
            .object(format!(
                "cloud instances created in the user's account (`{}`), their count or type set by {host}, never torn down",
                create.as_str().trim()
            ));
        sink.push(src.at(ev, ls, le, "code"));
        return;
    }
}

/// Adds paid messages sent to recipients a server lists.
pub fn server_recipients(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let hosts = super::remote_jobs::SMS_HOSTS.iter().chain(MAIL_HOSTS);
    let Some(paid) = hosts
        .clone()
        .find(|h| text.contains(*h))
        .map(|h| format!("the user's paid account ({h})"))
        .or_else(|| {
            PAID_SDK
                .find(text)
                .map(|m| format!("the user's paid account ({})", m.as_str()))
        })
        .or_else(|| {
            MAIL_ACCOUNT.find(text).map(|m| {
                format!(
                    "the user's own mail account (`{}`)",
                    m.as_str().trim().trim_end_matches('(').trim()
                )
            })
        })
    else {
        return;
    };
    if !FETCH.is_match(text) {
        return;
    }
    let skip: Vec<&str> = hosts.copied().collect();
    let regions = std::cell::OnceCell::new();
    let mut tried: Vec<&str> = Vec::new();
    // The user's own mail account: only a loop over a value's recipient
    // list counts (a `to:` field is also what reading mail gives back).
    let own_account = paid.starts_with("the user's own");
    let fields = RECIPIENT.captures_iter(text).filter(|_| !own_account);
    for c in fields.chain(RECIPIENT_LOOP.captures_iter(text)) {
        let Some(holder) = c.get(1).or_else(|| c.get(2)) else {
            continue;
        };
        if !first_try(&mut tried, holder.as_str()) {
            continue;
        }
        let Some(host) = fetched_from(src.path, text, &regions, holder.as_str(), &skip) else {
            continue;
        };
        let at = c.get(0).map_or(0, |m| m.start());
        let (ls, le) = super::region::line_span(text, at);
        let ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, host.clone())
            .tag(Tag::RemoteJobs)
            .instrument("paid messages")
            .object(format!(
                "messages sent through {paid} to recipients listed by {host} (a spam relay or toll fraud in the user's name and on the user's bill)"
            ));
        sink.push(src.at(ev, ls, le, "code"));
        return;
    }
}

/// Whether `name` is followed for the first time (each value is followed
/// once per file; more than `REGION_MAX_SITES` values give up).
fn first_try<'t>(tried: &mut Vec<&'t str>, name: &'t str) -> bool {
    if tried.contains(&name) {
        return false;
    }
    if tried.len() == crate::limits::REGION_MAX_SITES {
        crate::limits::gave_up("REGION_MAX_SITES");
        tried.push("");
        return false;
    }
    tried.push(name);
    tried.len() <= crate::limits::REGION_MAX_SITES
}

/// The remote host the value `name` was fetched from, following its
/// assignments and loop bindings in `text` (see the module docs); hosts
/// ending in one of `own` are the sink's own API, not a server.
fn fetched_from(
    path: &str,
    text: &str,
    regions: &std::cell::OnceCell<super::region::Regions>,
    name: &str,
    own: &[&str],
) -> Option<String> {
    let mut name = name.to_string();
    for _ in 0..FOLLOW_DEPTH {
        let (at, rhs) = binding(text, &name)?;
        let regions = regions.get_or_init(|| super::region::Regions::new(path, text));
        let (ls, le) = super::region::line_span(text, at);
        let reach = regions.reach(text, (ls, le));
        for (k, &(s, e)) in reach.spans.iter().enumerate() {
            let span = if k == 0 { rhs } else { &text[s..e] };
            if FETCH.is_match(span)
                && let Some(host) = remote_host(span, text, own)
            {
                return Some(host);
            }
        }
        // Not fetched here: the value it came from, if it is one name.
        name = if rhs.trim().trim_end_matches(';') == "$_" {
            piped_into(text, regions, at)?
        } else {
            source_name(rhs)?
        };
    }
    None
}

/// The first remote host named in `span`, or through a constant it names
/// (`f"{API}/panel"`), that is not one of `own`.
fn remote_host(span: &str, text: &str, own: &[&str]) -> Option<String> {
    let ok = |h: &String| {
        !is_local_host(h)
            && !is_private_host(h)
            && !own.iter().any(|o| h == o || h.ends_with(&format!(".{o}")))
    };
    if let Some(h) = URL_RE
        .find_iter(span)
        .filter_map(|m| url_host(m.as_str()))
        .find(ok)
    {
        return Some(h);
    }
    // A constant the span names, assigned a URL at the file's top level.
    text.lines()
        .filter(|l| !l.starts_with(char::is_whitespace))
        .find_map(|l| {
            let (lhs, rhs) = l.split_once('=')?;
            let c = lhs
                .trim()
                .rsplit(char::is_whitespace)
                .next()?
                .trim_start_matches('$');
            if c.len() < 2 || !super::region::assigned_names(l).iter().any(|n| n == c) {
                return None;
            }
            if !word_in(span, c) {
                return None;
            }
            let host = URL_RE.find(rhs).and_then(|m| url_host(m.as_str()))?;
            ok(&host).then_some(host)
        })
}

/// Where `name` gets its value: the right-hand side of its first
/// assignment, or the iterated value of the loop that binds it (with the
/// byte offset of that line).
fn binding<'t>(text: &'t str, name: &str) -> Option<(usize, &'t str)> {
    let mut pos = 0;
    for l in text.split('\n') {
        let at = pos;
        pos += l.len() + 1;
        if !word_in(l, name) {
            continue;
        }
        if let Some(rhs) = assigned_rhs(l, name) {
            return Some((at, rhs));
        }
        if let Some(src) = loop_source(l, name) {
            return Some((at, src));
        }
    }
    None
}

/// `name = rhs`, `const name: T = rhs`, `$name = rhs`, `name := rhs`,
/// `Decode(&name)` (the line itself is the source).
fn assigned_rhs<'t>(l: &'t str, name: &str) -> Option<&'t str> {
    if l.contains(&format!("&{name})")) && (l.contains("Decode(") || l.contains("Unmarshal(")) {
        return Some(l);
    }
    let t = l.trim_start();
    let t = ["const ", "let ", "var ", "local ", "my ", "our "]
        .iter()
        .find_map(|k| t.strip_prefix(k))
        .unwrap_or(t)
        .trim_start();
    let t = t.strip_prefix('$').unwrap_or(t);
    let rest = t.strip_prefix(name)?;
    let rest = match rest.trim_start().strip_prefix(':') {
        // A type annotation (`p: Preset = …`) or Go's `:=`.
        Some(r) if r.starts_with('=') => r,
        Some(r) => &r[r.find('=')?..],
        None => rest.trim_start(),
    };
    let rhs = rest.strip_prefix('=')?;
    (!rhs.starts_with('=')).then_some(rhs)
}

/// The value a loop binding `name` iterates: `for name in X`, `for (const
/// name of X)`, `X.forEach(name =>`, `X.map((name) =>`, `for _, name :=
/// range X`, `foreach ($name in $X)`, and PowerShell's `$_` as
/// `X | ForEach-Object` (`$h = $_` is read as an assignment first).
fn loop_source<'t>(l: &'t str, name: &str) -> Option<&'t str> {
    let t = l.trim();
    // Round 39: Python's `with urlopen(u) as name:` binds what the
    // context manager opens.
    if let Some((src, var)) = t
        .strip_prefix("with ")
        .or_else(|| t.strip_prefix("async with "))
        .and_then(|r| r.rsplit_once(" as "))
        && var.trim_end_matches(':').trim() == name
    {
        return Some(src);
    }
    for (open, sep) in [
        ("for ", " in "),
        ("for (const ", " of "),
        ("for (let ", " of "),
        ("for (var ", " of "),
        ("foreach ($", " in "),
        ("for _, ", " range "),
    ] {
        if let Some((var, src)) = t.strip_prefix(open).and_then(|r| r.split_once(sep)) {
            let var = var
                .trim_start_matches('$')
                .trim()
                .trim_end_matches(":=")
                .trim();
            if var == name || var.rsplit([',', ' ']).next() == Some(name) {
                return Some(src);
            }
        }
    }
    // PHP: `foreach ($xs as $name)`, `foreach ($xs as $k => $name)`.
    if let Some(r) = t
        .strip_prefix("foreach (")
        .or_else(|| t.strip_prefix("foreach("))
    {
        if let Some((src, var)) = r.rsplit_once(" as ") {
            let var = var.split(')').next().unwrap_or("");
            let var = var
                .rsplit("=>")
                .next()
                .unwrap_or(var)
                .trim()
                .trim_start_matches('$');
            if var == name {
                return Some(src);
            }
        }
    }
    for m in [".forEach(", ".map(", ".each {", ".each do |"] {
        if let Some(i) = t.find(m) {
            let after = t[i + m.len()..].trim_start_matches(['(', '|', ' ']);
            let after = after.strip_prefix("async").unwrap_or(after);
            let after = after.trim_start_matches(['(', '|', ' ']);
            if after.starts_with(name)
                && !after[name.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
            {
                return Some(&t[..i]);
            }
        }
    }
    None
}

/// PowerShell's `$_` on the line at `at`: the value piped into the
/// `X | ForEach-Object { … }` (or `X | % { … }`) whose block holds it, at
/// any depth ([`super::region`]).
fn piped_into(text: &str, regions: &super::region::Regions, at: usize) -> Option<String> {
    regions.blocks_around(at).iter().find_map(|b| {
        let head = &text[b.head..b.start];
        let head = head.rsplit('\n').next().unwrap_or(head);
        let i = head
            .find("| ForEach-Object")
            .or_else(|| head.find("| % "))?;
        source_name(&head[..i])
    })
}

/// The one name a right-hand side passes on (`$_`, `items`, `batch.get("items")`,
/// `cfg["list"]`, `$panel`), for the next step of [`fetched_from`].
fn source_name(rhs: &str) -> Option<String> {
    let r = rhs.trim().trim_end_matches([';', ')', ':', '{']).trim();
    let r = r.trim_start_matches(['(', '$']);
    // Round 39: a module's decoder over one name (`json.load(r)`,
    // `JSON.parse(body)`, `yaml.safe_load(f)`): the value came from it.
    if let Some(arg) = DECODED.captures(rhs.trim()).and_then(|c| c.get(1)) {
        return Some(arg.as_str().to_string());
    }
    let head: String = r
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!head.is_empty() && head != "_").then_some(head)
}

/// A decoder call over one name: capture 1 the name.
static DECODED: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^(?:await\s+)?(?:json|JSON|yaml|toml|tomllib|msgpack|pickle|ujson|orjson)\.(?:load|loads|parse|safe_load|decode|unpackb?)\(\s*([A-Za-z_]\w*)\s*\)\s*;?$",
);

/// The words of `s`: its longest runs of letters, digits and `_`. A name
/// made of such characters occurs in `s` as a whole word ([`word_in`])
/// exactly when it is one of them.
pub(super) fn words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
}

/// Whether `name` occurs in `s` as a whole word.
pub(super) fn word_in(s: &str, name: &str) -> bool {
    s.match_indices(name).any(|(i, _)| {
        let before = s[..i].chars().next_back();
        let after = s[i + name.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}
