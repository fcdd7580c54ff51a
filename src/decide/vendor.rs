//! Whose key goes where: vendor and destination matching for secrets.
//!
//! A key the skill declares (`requires.env`, `primaryEnv`) or keeps in its
//! own config entry, sent to its vendor, to the host the description names
//! or to a destination the user configures, is how the key is used; the
//! same key sent to a collector, paste, tunnel or raw-IP host never is.
//! The flow detectors ask this module; nothing else judges vendors.

use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::extract::indicators::{HOSTING_PLATFORMS, URL_RE, classify_url, url_host};
use crate::rules::RuleCx;
use crate::ssl::vocab::ResourceScope as R;

pub(crate) fn declared(cx: &RuleCx, e: &Evidence) -> bool {
    e.op == Op::EnvRead && cx.manifest.declared_env().iter().any(|d| d == &e.target)
}

/// Whether the destination is the service the skill says it talks to.
pub(crate) fn declared_host(cx: &RuleCx, sink: &Evidence) -> bool {
    let Some(host) = resolved_host(&sink.target) else {
        return false;
    };
    let purpose = cx.manifest.purpose_text();
    // The label that names the owner: "api.github.com" → "github"; an app
    // on a hosting platform by its own label ("evil.vercel.app" → "evil",
    // never "vercel"), and only as a whole word of the text.
    let core = crate::extract::indicators::naming_label(&host);
    core.len() >= 3
        && crate::extract::indicators::words_name(&purpose, core)
        && !sink.has(Tag::WebhookHost)
        // A host of one label (`snap` of a URL assembled at run time, not
        // folded whole) is named only as a word, never inside one
        // ("snapshots").
        || host.contains('.') && purpose.contains(&host)
        || sink.has(Tag::DeclaredHost) && !collector(sink)
}

pub(crate) fn declared_env_matches_host(cx: &RuleCx, src: &Evidence, sink: &Evidence) -> bool {
    if !declared(cx, src) {
        return false;
    }
    let Some(host) = resolved_host(&sink.target) else {
        return false;
    };
    declared_host(cx, sink) || vendor_matches(&src.target, &host, true)
}

/// Words in a secret's name that say what it is, not whose it is.
pub(crate) const GENERIC: &[&str] = &[
    "api",
    "key",
    "keys",
    "token",
    "tokens",
    "secret",
    "secrets",
    "access",
    "client",
    "id",
    "auth",
    "bearer",
    "pat",
    "app",
    "bot",
    "url",
    "base",
    "private",
    "password",
    "pass",
    "user",
    "username",
    "account",
    "session",
    "cookie",
    "webhook",
    "endpoint",
    "host",
    "server",
    "org",
    "project",
    "refresh",
    "oauth",
    "sk",
    "pk",
    "live",
    "prod",
    "service",
    "credentials",
    "creds",
    "cred",
    "my",
    "env",
    "developer",
    "master",
    "admin",
    "personal",
    "consumer",
    "signing",
    "svc",
    "acct",
];

/// Vendors whose keys go to a differently named domain.
pub(crate) const ALIASES: &[(&str, &[&str])] = &[
    ("gemini", &["googleapis", "google"]),
    ("google", &["googleapis"]),
    ("vertex", &["googleapis"]),
    ("youtube", &["googleapis"]),
    ("claude", &["anthropic"]),
    ("gpt", &["openai"]),
    ("grok", &["xai"]),
    ("zerox", &["0x"]),
    ("oneinch", &["1inch"]),
    ("hf", &["huggingface"]),
    // ElevenLabs' own header and key name (`xi-api-key`, `XI_API_KEY`).
    ("xi", &["elevenlabs"]),
    ("gh", &["github", "githubusercontent"]),
    // Cloud CLIs whose access token the CLI prints (`gcloud auth
    // print-access-token`): the token is the vendor's.
    ("gcloud", &["googleapis", "google"]),
    ("az", &["microsoft", "azure", "windows", "microsoftonline"]),
    ("github", &["githubusercontent"]),
    ("aws", &["amazonaws"]),
    ("tg", &["telegram"]),
    ("twitter", &["x"]),
    ("x", &["twitter"]),
    ("ts", &["tailscale"]),
    ("hubspot", &["hubapi"]),
    (
        "outlook",
        &["microsoft", "office", "live", "microsoftonline"],
    ),
    ("msgraph", &["microsoft"]),
    ("graph", &["microsoft"]),
    ("onedrive", &["microsoft", "live", "microsoftonline"]),
    ("teams", &["microsoft"]),
    (
        "azure",
        &["microsoft", "windows", "azure", "microsoftonline"],
    ),
    ("volcano", &["volces", "volcengine", "bytedance"]),
    ("volcengine", &["volces", "bytedance"]),
    ("lastfm", &["audioscrobbler", "last"]),
    ("tmdb", &["themoviedb"]),
    ("microsoft", &["microsoftonline"]),
    ("gmail", &["googleapis", "google"]),
    ("gcal", &["googleapis", "google"]),
    ("gdrive", &["googleapis", "google"]),
    // Nest's Device Access API is Google's Smart Device Management API.
    ("nest", &["googleapis", "google"]),
    // Jupiter (Solana swaps) serves its API at api.jup.ag.
    ("jupiter", &["jup"]),
    ("ha", &["nabu"]),
    // Abbreviations a vendor's own documentation uses for its key
    // (`VT_API_KEY` for VirusTotal, `DO_TOKEN` for DigitalOcean).
    ("vt", &["virustotal"]),
    ("otx", &["alienvault"]),
    ("hibp", &["haveibeenpwned"]),
    ("cf", &["cloudflare"]),
    ("do", &["digitalocean"]),
    // Package tools whose credential folders hold a registry's token
    // (`~/.cargo/credentials.toml` is a crates.io token).
    ("cargo", &["crates"]),
    ("npm", &["npmjs"]),
    ("gem", &["rubygems"]),
    ("nuget", &["nuget"]),
];

/// The vendor words of a secret's name: `XAI_API_KEY` → `xai`,
/// `BRAVE_SEARCH_API_KEY` → `brave`, `search`, `bravesearch`;
/// `abuseipdb/api-key` (a `pass` entry) → `abuseipdb`.
pub(crate) fn vendor_tokens(name: &str) -> Vec<String> {
    let lower = name.to_lowercase();
    let mut out: Vec<String> = Vec::new();
    for t in lower.split(['_', '-', '/', '.', ' ', ':']) {
        if t.is_empty() {
            continue;
        }
        if GENERIC.contains(&t) {
            break;
        }
        out.push(t.to_string());
    }
    if out.len() > 1 {
        out.push(out.concat());
    }
    out
}

/// The names a host answers to: its registrable label with and without
/// the TLD (`api.x.ai` → `x`, `xai`) and with marketing affixes removed
/// (`getlate.dev` → `late`).
pub(crate) fn host_names(host: &str) -> Vec<String> {
    let labels: Vec<&str> = host.trim_end_matches('.').split('.').collect();
    let n = labels.len();
    if n < 2 {
        return vec![host.to_string()];
    }
    let (sld, tld) =
        if n >= 3 && matches!(labels[n - 2], "co" | "com" | "org" | "net" | "ac" | "gov") {
            (labels[n - 3], labels[n - 1])
        } else {
            (labels[n - 2], labels[n - 1])
        };
    let mut out = vec![sld.to_string(), format!("{sld}{tld}"), sld.replace('-', "")];
    // An app on a hosting platform (`playground-bots.fly.dev`) is named by
    // its own label, not the platform's.
    if n >= 3 && HOSTING_PLATFORMS.contains(&format!("{sld}.{tld}").as_str()) {
        let app = labels[n - 3];
        out.push(app.to_string());
        out.push(app.replace('-', ""));
    }
    // A storage bucket (`phantombuster.s3.amazonaws.com`,
    // `x.blob.core.windows.net`) is named by its bucket label, which only
    // its owner holds.
    if n >= 4
        && matches!(
            format!("{sld}.{tld}").as_str(),
            "amazonaws.com" | "windows.net" | "googleapis.com"
        )
        && (labels[1] == "s3"
            || labels[1].starts_with("s3-")
            || matches!(labels[1], "blob" | "storage"))
    {
        out.push(labels[0].to_string());
        out.push(labels[0].replace('-', ""));
    }
    for p in ["get", "use", "try", "join", "go", "my"] {
        if let Some(r) = sld.strip_prefix(p).filter(|r| r.len() >= 3) {
            out.push(r.to_string());
        }
    }
    for p in ["app", "api", "hq", "hub", "labs", "ai", "io", "dev"] {
        if let Some(r) = sld.strip_suffix(p).filter(|r| r.len() >= 3) {
            out.push(r.trim_end_matches('-').to_string());
        }
    }
    out
}

/// A URL's host when the scan resolved it: `https://{url}/x` and
/// `https://$HOST/x` name a host the user configures, not a host.
pub(crate) fn resolved_host(url: &str) -> Option<String> {
    url_host(url).filter(|h| {
        !h.is_empty()
            && h.chars().all(|c| {
                c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '[' | ']' | ':')
            })
    })
}

/// The fixed part of a host whose placeholders sit only in labels left of
/// its registrable domain (`{region}-aiplatform.googleapis.com` →
/// `googleapis.com`, `${bucket}.s3.amazonaws.com` → `s3.amazonaws.com`):
/// whatever the user fills in, the request goes to that vendor. A
/// placeholder in the registrable label itself (`api.{vendor}.com`,
/// `{x}googleapis.com`) or a hosting platform's app label (`{app}.vercel.app`,
/// anyone's app) leaves the host unresolved.
pub(crate) fn fixed_vendor_host(url: &str) -> Option<String> {
    let host = url_host(url)?;
    let ok = |l: &str| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    let labels: Vec<&str> = host.split('.').collect();
    let last_open = labels.iter().rposition(|l| !ok(l))?;
    let fixed = &labels[last_open + 1..];
    let n = fixed.len();
    let short_sld = n >= 2 && matches!(fixed[n - 2], "co" | "com" | "org" | "net" | "ac" | "gov");
    if n < 2 || short_sld && n < 3 || labels[..=last_open].iter().any(|l| l.contains('/')) {
        return None;
    }
    let suffix = fixed.join(".");
    (!HOSTING_PLATFORMS.contains(&suffix.as_str())).then_some(suffix)
}

/// Whether a secret named `name` belongs to the service at `host`. Exact
/// names and known aliases always count; with `loose` (a key the skill
/// declares) a name contained in the other counts too.
pub(crate) fn vendor_matches(name: &str, host: &str, loose: bool) -> bool {
    let names = host_names(host);
    vendor_tokens(name).iter().any(|t| {
        names.iter().any(|h| {
            t.len() >= 2 && t == h
                || ALIASES
                    .iter()
                    .any(|(v, hs)| v == t && hs.contains(&h.as_str()))
                || loose
                    && (t.len() >= 4 && h.contains(t.as_str())
                        || h.len() >= 4 && t.contains(h.as_str()))
        })
    })
}

/// OAuth token endpoints: a client secret or refresh token of the skill's
/// own app is exchanged there.
pub(crate) fn identity_provider(host: &str) -> bool {
    matches!(
        host,
        "login.microsoftonline.com"
            | "oauth2.googleapis.com"
            | "accounts.google.com"
            | "www.googleapis.com"
            | "api.login.yahoo.com"
            | "login.live.com"
    )
}

/// The skill is named after the host's vendor (`xai` and `api.x.ai`,
/// `keywords-everywhere` and `api.keywordseverywhere.com`): the key in the
/// skill's own config entry is that vendor's.
pub(crate) fn skill_vendor(cx: &RuleCx, host: &str) -> bool {
    [Some(cx.skill.dir_name.clone()), cx.manifest.name()]
        .into_iter()
        .flatten()
        .any(|n| vendor_matches(&n, host, true) || named_after(&n, host))
}

/// Round 41: an environment key the host named after the skill may have:
/// any but a model vendor's (`remote_jobs::LLM_KEY`) whose vendor the
/// skill is not named after. `OPENAI_API_KEY` in a bench whose name is the
/// collector's (`evalcache.promptbench.dev`: blind r41 fewshot-ab-bench)
/// is OpenAI's key, whatever the skill's description says it is used for;
/// a generic or service key (`AGENT_TOKEN` to the wallet the skill is
/// named after) stays the skill's.
fn skills_own_key(cx: &RuleCx, src: &Evidence) -> bool {
    if !crate::extract::remote_jobs::LLM_KEY.is_match(&src.target) {
        return true;
    }
    let named = format!(
        "{} {}",
        cx.skill.dir_name.to_lowercase(),
        cx.manifest.name().unwrap_or_default().to_lowercase()
    );
    vendor_tokens(&src.target)
        .iter()
        .any(|t| t.len() >= 3 && named.contains(t.as_str()))
}

/// The host's registrable label is the skill's whole name with its
/// separators dropped (`private-connect` and `privateconnect.co`): a
/// name whose first word is generic for a secret (`private`, `app`) still
/// names its host.
fn named_after(name: &str, host: &str) -> bool {
    let joined: String = name
        .to_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    joined.len() >= 5 && host_names(host).iter().any(|h| *h == joined)
}

/// `OPENAI_API_KEY` sent to `api.openai.com`: a key going to its own
/// vendor is how the key is used, declared or not. So is a `pass` or
/// keychain entry named after the service it is sent to.
pub(crate) fn own_vendor(src: &Evidence, sink: &Evidence) -> bool {
    let Some(host) = resolved_host(&sink.target).or_else(|| fixed_vendor_host(&sink.target)) else {
        return false;
    };
    match src.op {
        Op::EnvRead => vendor_matches(&src.target, &host, false),
        Op::KeychainRead => vendor_matches(store_item(&src.target), &host, false),
        // `~/.onedrive-mcp/credentials.json` to login.microsoftonline.com,
        // `~/.config/moltbook/credentials.json` to moltbook.com: a tool's
        // own credential file going to that tool's service.
        Op::FileRead => folder_vendor(src).is_some_and(|v| vendor_matches(v, &host, false)),
        _ => false,
    }
}

/// The item a credential-store read names (round 31): the service or
/// label of `security find-generic-password -s linear-keychain-auth -w`
/// (`-s`, `-l`), else the read as written (`pass show linear/api-key`).
fn store_item(target: &str) -> &str {
    let words: Vec<&str> = target.split_whitespace().collect();
    words
        .windows(2)
        .find(|w| matches!(w[0], "-s" | "-l"))
        .map_or(target, |w| w[1].trim_matches(['"', '\'']))
}

/// The tool a credential file belongs to, by its folder: `moltbook` for
/// `~/.config/moltbook/credentials.json`. Folders every stealer reads
/// (`.ssh`, `.aws`, agent configs, browser and wallet stores) belong to no
/// one tool.
pub(crate) fn folder_vendor(src: &Evidence) -> Option<&str> {
    const SHARED: &[&str] = &[
        "",
        "~",
        "home",
        "root",
        "config",
        "credentials",
        "secrets",
        "local",
        "share",
        "etc",
        "ssh",
        "aws",
        "gnupg",
        "kube",
        "docker",
        "azure",
        "gcloud",
        "clawdbot",
        "openclaw",
        "moltbot",
        "clawd",
        "claude",
        "codex",
        "agents",
        "library",
        "application support",
        "users",
        "tmp",
        "var",
    ];
    if src.has(Tag::AgentConfig) || src.has(Tag::BrowserStore) || src.has(Tag::Wallet) {
        return None;
    }
    let dir = src.target.rsplit_once('/')?.0;
    let folder = dir
        .rsplit('/')
        .map(|c| c.trim_start_matches('.'))
        .find(|c| !SHARED.contains(&c.to_ascii_lowercase().as_str()) && !c.starts_with('$'))?;
    // Only a folder right under home, ~/.config or a per-user data folder
    // (`~/.local/share/com.vercel.cli`, `~/Library/Application
    // Support/com.vercel.cli`: blind r45 vercel-preview-cli) names a tool.
    const DATA_HOMES: &[&str] = &[
        "~/.local/share/",
        "~/.local/state/",
        "~/Library/Application Support/",
    ];
    let depth_ok = dir.starts_with('~') && dir.matches('/').count() <= 2
        || DATA_HOMES.iter().any(|b| {
            dir.strip_prefix(b)
                .is_some_and(|r| !r.is_empty() && !r.contains('/'))
        });
    depth_ok.then_some(folder)
}

/// A credential file of another tool than the skill's own app, though one
/// word of the skill's name names that tool (`~/.cargo/credentials.toml`
/// in cargo-bench-compare): its vendor (crates.io) is where it may go, not
/// a host named like the skill (round 21).
pub(crate) fn other_tools_file(cx: &RuleCx, src: &Evidence) -> bool {
    // A dotted folder of the home, written without `~` by token-level
    // readers (`.cargo/credentials.toml` from `home.join(".cargo")`;
    // round 41, blind r41 composer-audit-plus: `/.composer/auth.json`
    // from `getenv('HOME') . '/.composer/auth.json'`).
    let dotted = || {
        let dir = src.target.rsplit_once('/').map_or("", |(d, _)| d);
        let dir = dir
            .trim_start_matches("~/")
            .trim_start_matches("$HOME/")
            .trim_start_matches('/');
        !dir.contains('/') && dir.len() > 2 && dir.starts_with('.')
    };
    (folder_vendor(src).is_some() || dotted()) && !own_app_file(cx, src)
}

/// The credential file of the app the skill is named after:
/// `~/.spongewallet/credentials.json` in the sponge-wallet skill. Shared
/// stores (`.ssh`, `.aws`, agent configs, browser and wallet stores) never
/// are (`folder_vendor`).
pub(crate) fn own_app_file(cx: &RuleCx, src: &Evidence) -> bool {
    let squash = |s: &str| s.to_lowercase().replace(['-', '_', '.'], "");
    src.op == Op::FileRead
        && folder_vendor(src).is_some_and(|f| {
            let f = squash(f);
            f.len() >= 4
                && [Some(cx.skill.dir_name.clone()), cx.manifest.name()]
                    .into_iter()
                    .flatten()
                    .any(|n| squash(&n) == f)
        })
}

/// For a sink whose URL the scan could not resolve (`f"{API_BASE}{path}"`):
/// whether the file it is in names only hosts of the secret's own vendor
/// (an environment key or store item by its name, a tool's credential file
/// by its folder)
/// (at least one, and no collector, paste, tunnel or raw-IP host).
pub(crate) fn unresolved_own_vendor<'c>(
    cx: &RuleCx<'c>,
    src: &Evidence,
    sink: &'c Evidence,
    hosts: &mut FileHosts<'c>,
) -> bool {
    if resolved_host(&sink.target).is_some() {
        return false;
    }
    // The key's vendor: its name, or the tool whose credential file it is
    // (`~/.local/share/com.vercel.cli/auth.json` to `https://api.vercel.com${path}`:
    // blind r45 vercel-preview-cli).
    let Some(vendor) = (match src.op {
        Op::EnvRead | Op::KeychainRead => Some(src.target.as_str()),
        Op::FileRead => folder_vendor(src),
        _ => None,
    }) else {
        return false;
    };
    // Once per file: a large script has many sinks.
    let named = hosts
        .entry(sink.location.path.as_str())
        .or_insert_with(|| file_hosts(cx, &sink.location.path));
    let Some(named) = named else {
        return false;
    };
    let loose = declared(cx, src);
    // A client of several services (a text-to-speech module with an
    // ElevenLabs and an OpenAI backend) names each service's host and
    // reads each one's key: a host whose key the same file reads is that
    // key's destination, not a stranger. A host no key of the file names
    // (a collector spelled as a constant) still withholds consent.
    let plain = src.op == Op::EnvRead && !sink.has(Tag::Obfuscated) && !sink.has(Tag::Encoded);
    let keyed_host = |h: &str| {
        plain
            && env_keys_of(cx, &sink.location.path)
                .iter()
                .any(|k| *k != src.target && vendor_matches(k, h, false))
    };
    let mut any = false;
    for (h, reference) in named.iter() {
        if vendor_matches(vendor, h, loose) {
            any = true;
        } else if !reference && !keyed_host(h) {
            return false;
        }
    }
    any
}

/// The secret environment names code in `path` reads, made once per scan
/// from the evidence.
pub(crate) fn env_keys_of<'c>(cx: &'c RuleCx, path: &str) -> &'c [String] {
    cx.env_keys
        .get_or_init(|| {
            let mut by_file: std::collections::BTreeMap<&str, std::collections::BTreeSet<&str>> =
                Default::default();
            for e in cx
                .evidence
                .iter()
                .filter(|e| e.op == Op::EnvRead && e.scope == R::Credentials && e.origin.is_code())
            {
                by_file
                    .entry(e.location.path.as_str())
                    .or_default()
                    .insert(e.target.as_str());
            }
            by_file
                .into_iter()
                .map(|(p, ks)| (p.to_string(), ks.into_iter().map(str::to_string).collect()))
                .collect()
        })
        .get(path)
        .map_or(&[], Vec::as_slice)
}

/// Per file: the hosts its URLs name (and whether each is a reference
/// host), or `None` when one of them is a collector.
pub(crate) type FileHosts<'c> = std::collections::HashMap<&'c str, Option<Vec<(String, bool)>>>;

pub(crate) fn file_hosts(cx: &RuleCx, path: &str) -> Option<Vec<(String, bool)>> {
    let f = cx.skill.files.iter().find(|f| f.rel == path)?;
    // Every URL of the file: a collector named after any number of vendor
    // URLs still withholds consent (no silent cut). Hosts are kept once.
    let mut out: std::collections::BTreeMap<String, bool> = std::collections::BTreeMap::new();
    for m in URL_RE.find_iter(&f.text) {
        let u = m.as_str();
        if COLLECTOR_TAGS.iter().any(|t| classify_url(u).contains(t)) {
            return None;
        }
        // `https://...` placeholders name no host.
        if let Some(h) = resolved_host(u)
            .or_else(|| fixed_vendor_host(u))
            .filter(|h| h.split('.').all(|l| !l.is_empty()))
        {
            let reference = is_reference_host(&h);
            out.insert(h, reference);
        }
    }
    // Hosts with a placeholder label (`https://{region}-aiplatform.googleapis.com/…`),
    // which `URL_RE` stops at: their fixed part names the vendor.
    static PLACEHOLDER_URL: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(r"(?i)\bhttps?://[\w.-]*(?:\{[\w.]*\}|\$\{?\w+\}?)[\w.{}$-]*")
    });
    for m in PLACEHOLDER_URL.find_iter(&f.text) {
        let u = m.as_str();
        // A path glued to a whole host (`https://api.vercel.com${path}`:
        // blind r45 vercel-preview-cli) names that host.
        let glued = || {
            let head = &u[..u.find(['$', '{']).unwrap_or(u.len())];
            resolved_host(head).filter(|h| h.contains('.') && h.split('.').all(|l| !l.is_empty()))
        };
        let Some(h) = fixed_vendor_host(u).or_else(glued) else {
            continue;
        };
        let tags = classify_url(&format!("https://{h}/"));
        if COLLECTOR_TAGS.iter().any(|t| tags.contains(t)) {
            return None;
        }
        let reference = is_reference_host(&h);
        out.insert(h, reference);
    }
    Some(out.into_iter().collect())
}

/// Hosts known to collect data for someone else.
pub(crate) const COLLECTOR_TAGS: [Tag; 5] = [
    Tag::WebhookHost,
    Tag::PasteHost,
    Tag::TunnelHost,
    Tag::FileDropHost,
    Tag::RawIp,
];

/// A destination known to collect data for someone else.
pub(crate) fn collector(sink: &Evidence) -> bool {
    COLLECTOR_TAGS.iter().any(|t| sink.has(*t))
}

/// The skill's own credential: a single named secret whose vendor words
/// are what the skill says it is about (`RADARR_API_KEY` in a Radarr
/// skill), or its own entry in the agent config. Harvests (environment
/// dumps, SSH keys, browser stores, other vendors' keys) never are.
pub(crate) fn own_secret(cx: &RuleCx, src: &Evidence) -> bool {
    // A master or signing key belongs to no vendor, whatever the skill's
    // name says (round 23, `extract/master_secret.rs`).
    if src.has(Tag::MasterSecret) {
        return false;
    }
    match src.op {
        Op::FileRead => src.has(Tag::OwnConfig) || own_app_file(cx, src),
        Op::EnvRead | Op::KeychainRead => {
            let purpose = cx.manifest.purpose_text();
            let described: Vec<&str> = purpose
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| w.len() >= 3)
                .collect();
            let named = format!(
                "{} {}",
                cx.skill.dir_name.to_lowercase(),
                cx.manifest.name().unwrap_or_default().to_lowercase()
            );
            let tokens = vendor_tokens(&src.target);
            // A generic name (`API_KEY`, `TOKEN`) names no other vendor: it
            // is the key of whatever service the skill talks to.
            tokens.is_empty()
                || tokens.iter().any(|t| {
                    t.len() >= 3
                        && (described.iter().any(|w| w.starts_with(t.as_str()))
                            || t.len() >= 4 && named.contains(t.as_str()))
                })
        }
        _ => false,
    }
}

/// Hosts a source file names for documentation, not as a destination.
pub(crate) fn is_reference_host(h: &str) -> bool {
    [
        "github.com",
        "docs.",
        "developer.",
        "developers.",
        "example.com",
        "localhost",
        "schema.org",
        "www.w3.org",
        "json-schema.org",
    ]
    .iter()
    .any(|r| h == *r || h.starts_with(r) || h.ends_with(&format!(".{r}")))
}

/// Whether a secret (or user data) going from `src` to `sink` is the
/// skill's own business, and why: this machine, the key's vendor, the host
/// the description names, a destination the user configures. `None` when
/// it is not. A collector, paste, tunnel or raw-IP host is never consented.
/// A consent that rests on the skill's own words: the host its description
/// names, for a key code sends. Such a consent is the decision model's to apply
/// (`Finding::declared_consent`), and only without an intent signal: a
/// stealer that names its collector as its "telemetry host" is not let off.
const NAMED_HOST: &str = "own key to the host its description names";

/// Whether a reason [`consented_destination`] gave rests on what the skill
/// declares about itself rather than on who the destination is.
pub(crate) fn rests_on_declaration(why: &str) -> bool {
    why == NAMED_HOST
}

pub(crate) fn consented_destination<'c>(
    cx: &RuleCx<'c>,
    src: &Evidence,
    sink: &'c Evidence,
    hosts: &mut FileHosts<'c>,
) -> Option<&'static str> {
    // To this machine (`http://localhost:18789/hooks`): nothing leaves.
    if resolved_host(&sink.target).is_some_and(|h| crate::extract::indicators::is_local_host(&h)) {
        return Some("local destination");
    }
    // No vendor, description or setting consents to a master key leaving
    // the machine (round 23), except a secret store's token going to the
    // store's address the user sets.
    if src.has(Tag::MasterSecret) {
        return store_token_to_its_address(cx, src, sink)
            .then_some("the store's token to the address the user sets for it");
    }
    // Round 40: a send planted in the agent's memory or instruction files
    // is a standing order the agent carries out in every later session,
    // with whatever that session holds: no host the skill is named after
    // or describes consents to it (blind r40 memory-compactor).
    if sink.has(Tag::AgentMemory) {
        return None;
    }
    // A page's cookies or storage sent to a relative or unresolved
    // URL (`fetch('/api/state')`): its own origin, as far as the
    // scan can tell.
    if src.has(Tag::WebStorage) && resolved_host(&sink.target).is_none() {
        return Some("the page's own origin");
    }
    let declared_to_vendor = declared(cx, src)
        && resolved_host(&sink.target).is_some_and(|h| vendor_matches(&src.target, &h, true));
    if declared_to_vendor || own_vendor(src, sink) || unresolved_own_vendor(cx, src, sink, hosts) {
        return Some("own vendor");
    }
    // A declared key to the host the description names: the skill's word.
    if declared_env_matches_host(cx, src, sink) {
        return Some(NAMED_HOST);
    }
    // The skill's own key sent to a destination the scan could not
    // resolve (`{API_URL}/x`, `$1`), to its vendor, or to the host
    // its description names: how the key is used. A collector host
    // (webhook, paste, tunnel, raw IP) still counts.
    if own_secret(cx, src) && !collector(sink) {
        let host = resolved_host(&sink.target);
        if host
            .as_ref()
            .is_none_or(|h| vendor_matches(&src.target, h, true) || identity_provider(h))
        {
            return Some("own key to its vendor");
        }
        // The host named after the skill: the service the skill is. A
        // model vendor's key only when the skill is named after that
        // vendor (recall41b, `skills_own_key`).
        if host.as_ref().is_some_and(|h| {
            (src.op == Op::FileRead && !other_tools_file(cx, src)
                || src.has(Tag::OwnConfig) && src.has(Tag::AgentConfig)
                || src.op == Op::KeychainRead
                || src.op == Op::EnvRead && skills_own_key(cx, src))
                && skill_vendor(cx, h)
        }) {
            return Some("own key to the service the skill is named after");
        }
        if declared_host(cx, sink) {
            return Some(NAMED_HOST);
        }
    }
    // "Send your API key with each request to <the service the skill
    // is about>": generic secret words, declared destination. Not "store
    // API keys, passwords and other secrets on <service>" (`WideScan`):
    // every credential the reader holds is not the service's own key.
    // (Not a destination the text names as an outsider: the user's data
    // sent to "the intake" or a public gist is no key used with its
    // service.)
    if matches!(src.origin, Origin::Prose | Origin::Frontmatter)
        && !src.has(Tag::WideScan)
        && !src.has(Tag::Outsider)
        && !collector(sink)
        && !src.target.contains('/')
        && !src.target.contains('.')
        && (declared_host(cx, sink) || resolved_host(&sink.target).is_none())
    {
        return Some("key named in the description's destination");
    }
    // A declared key sent to a destination the scan could not
    // resolve (a variable URL): not evidence of theft.
    if declared(cx, src) && resolved_host(&sink.target).is_none() && src.origin.is_code() {
        return Some("declared key to a user-configured destination");
    }
    if named_env_to_configured(cx, src, sink, hosts) {
        return Some("one named key to a destination the user configures");
    }
    if config_key_to_vendor(cx, src, sink) {
        return Some("a named key from the skill's config file to its vendor");
    }
    if matches!(src.origin, Origin::Prose | Origin::Frontmatter)
        && !src.target.contains('/')
        && !src.target.contains('.')
        && resolved_host(&sink.target).is_some_and(|h| is_reference_host(&h))
    {
        return Some("documentation host");
    }
    None
}

/// One named secret from the environment sent to a URL the scan cannot
/// resolve (`$API_URL/x`, `{self.base_url}`) in a file that names no
/// collector host: a destination the user configures.
/// A secret store's token read from the environment (`VAULT_TOKEN`) sent
/// to a URL the scan cannot resolve that is built from the same store's
/// address setting (`VAULT_ADDR`, `VAULT_URL`: an environment read feeding
/// the request, or the variable in the URL): the one place the token is
/// meant to go (blind r44 vault-kv-reader failed critical). Signing and
/// master keys (`*_KEY`, `*_SECRET`) go nowhere; a resolved host, a
/// collector or a hidden destination keeps its finding.
fn store_token_to_its_address(cx: &RuleCx, src: &Evidence, sink: &Evidence) -> bool {
    const ADDRESS: &[&str] = &["_ADDR", "_ADDRESS", "_URL", "_HOST", "_ENDPOINT", "_SERVER"];
    let name = src.target.to_ascii_uppercase();
    let Some(store) = name.strip_suffix("_TOKEN").filter(|p| p.len() >= 3) else {
        return false;
    };
    let setting = |n: &str| {
        let n = n.to_ascii_uppercase();
        n.strip_prefix(store)
            .is_some_and(|rest| ADDRESS.contains(&rest))
    };
    if src.op != Op::EnvRead
        || !src.origin.is_code()
        || resolved_host(&sink.target).is_some()
        || collector(sink)
        || sink.has(Tag::Obfuscated)
        || sink.has(Tag::Encoded)
    {
        return false;
    }
    let in_url = sink
        .target
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(setting);
    in_url
        || cx.evidence.iter().any(|x| {
            x.op == Op::EnvRead
                && x.location.path == sink.location.path
                && setting(&x.target)
                && x.output.as_ref().is_some_and(|o| sink.inputs.contains(o))
        })
}

fn named_env_to_configured<'c>(
    cx: &RuleCx<'c>,
    src: &Evidence,
    sink: &'c Evidence,
    hosts: &mut FileHosts<'c>,
) -> bool {
    // Only the skill's own (or declared) key: another vendor's key sent to
    // a URL the scan cannot resolve is still a finding.
    (src.op == Op::EnvRead
        && src.origin.is_code()
        && (own_secret(cx, src) || declared(cx, src) || configured_for_key(cx, src, sink))
        || named_store_item(src, sink))
        && resolved_host(&sink.target).is_none()
        && !collector(sink)
        && hosts
            .entry(sink.location.path.as_str())
            .or_insert_with(|| file_hosts(cx, &sink.location.path))
            .is_some()
}

/// One named item from the keychain or a password manager (`security
/// find-generic-password -s "$SERVICE" -w`, `op read op://Vault/Item`),
/// read in code and sent to a URL that is not hidden by encoding: a tool
/// using the credential the user stored for it (a token refresher posting
/// to `$TOKEN_URL`). Dumps and exports are not named items.
fn named_store_item(src: &Evidence, sink: &Evidence) -> bool {
    src.op == Op::KeychainRead
        && src.has(Tag::NamedItem)
        && src.origin.is_code()
        && !sink.has(Tag::Obfuscated)
        && !sink.has(Tag::Encoded)
}

/// The destination is the setting that goes with the key: the URL's
/// variable shares the key's vendor word (`EMBEDDING_API_KEY` to
/// `$EMBEDDING_API`, `CLAWDBOT_WEBHOOK_TOKEN` to `$CLAWDBOT_WEBHOOK_URL`)
/// or names the skill (`$CLAWDGIGS_API` in the clawdgigs skill), or the
/// URL is the script's own argument (`curl -H "…$HA_TOKEN" "$@"`).
fn configured_for_key(cx: &RuleCx, src: &Evidence, sink: &Evidence) -> bool {
    static VAR: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)|\{(?:self\.)?([A-Za-z_][A-Za-z0-9_]*)\}")
    });
    let t = sink.target.trim();
    if matches!(t, "$@" | "$*" | "\"$@\"")
        || t.len() == 2 && t.starts_with('$') && t[1..].chars().all(|c| c.is_ascii_digit())
    {
        return true;
    }
    let key = vendor_tokens(&src.target);
    let skill = cx.skill.dir_name.to_lowercase();
    VAR.captures_iter(t).take(8).any(|c| {
        let var = c.get(1).or_else(|| c.get(2)).map_or("", |m| m.as_str());
        vendor_tokens(var).iter().any(|v| {
            v.len() >= 3 && (key.contains(v) || v.len() >= 4 && skill.contains(v.as_str()))
        })
    })
}

/// Key names in a config lookup: `BLAND_API_KEY`, `.bland_api_key`,
/// `entries?.xai?.apiKey`, `.telegram.botToken`.
pub(crate) static CONFIG_KEY: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    crate::rx::re(
        r#"(?i)\b([a-z][a-z0-9]+)(?:[_.\-]|\?\.|['"]\]\??\.?|(?:\.[a-z0-9_]+)+\.)+(?:api[_-]?|bot[_-]?|access[_-]?|secret[_-]?)?(?:key|token|secret|password)\b"#,
    )
});

/// Secret names in code (`METRICOOL_USER_TOKEN`, `BLAND_API_KEY`).
static ENV_KEY: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    crate::rx::re(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:KEY|TOKEN|SECRET|PASSWORD)\b")
});

/// A `.env` entry's name compared or looked up in code, quoted
/// (`"REVOLUT_CLIENT_ID"`): its first word.
static ENV_ENTRY: std::sync::LazyLock<regex::Regex> =
    std::sync::LazyLock::new(|| crate::rx::re(r#"["']([A-Z][A-Z0-9]+)_[A-Z0-9_]+["']"#));

/// A `.env`, `secrets.json` or agent-config file read for one named key
/// whose vendor is where the value goes: `jq -r .bland_api_key
/// ~/.clawd/secrets.json` to api.bland.ai, `CONTEXT7_API_KEY` from the
/// skill's `.env` to context7.com. Browser, wallet, SSH and cloud stores
/// never count.
fn config_key_to_vendor(cx: &RuleCx, src: &Evidence, sink: &Evidence) -> bool {
    let t = src.target.to_ascii_lowercase();
    let config_file = src.has(Tag::AgentConfig)
        || src.has(Tag::ProjectEnv)
        || t.ends_with(".env")
        || t.ends_with("secrets.json")
        || t.ends_with("config.json");
    // A bot token the user supplies, sent to that bot's API
    // (`.telegram.token` to api.telegram.org), is the token's own vendor.
    if src.op != Op::FileRead
        || !config_file
        || src.has(Tag::BrowserStore)
        || src.has(Tag::Wallet)
        || collector(sink) && !sink.has(Tag::UserChannel)
    {
        return false;
    }
    let Some(file) = cx.skill.files.iter().find(|f| f.rel == src.location.path) else {
        return false;
    };
    let text = crate::text::slice(&file.text, 0, 400_000);
    let profile_store = t.ends_with("auth-profiles.json");
    let to_vendor = |host: &str| {
        CONFIG_KEY
            .captures_iter(text)
            .take(500)
            .any(|c| config_path_names_vendor(&c[0], host))
            || ENV_KEY
                .find_iter(text)
                .take(500)
                .any(|m| vendor_matches(m.as_str(), host, false))
            // The entries the code picks from the file (`k ==
            // "REVOLUT_CLIENT_ID"`): the vendor they are named after.
            || ENV_ENTRY
                .captures_iter(text)
                .take(500)
                .any(|c| vendor_matches(&c[1], host, false))
            || src.has(Tag::OwnConfig) && skill_vendor(cx, host)
            || profile_store && provider_profile_to_vendor(text, host)
            // Round 38 (registry reading, round 38 §4b row 1): the
            // project's own `.env` (`$(dirname …)/.env`) loaded by a
            // launcher, whose keys the skill's code then reads by name
            // (`KLING_ACCESS_KEY`) and sends to that key's vendor.
            || src.has(Tag::ProjectEnv)
                && cx
                    .evidence
                    .iter()
                    .filter(|e| e.op == Op::EnvRead && e.origin.is_code())
                    .take(500)
                    .any(|e| vendor_matches(&e.target, host, false))
    };
    if let Some(host) = resolved_host(&sink.target) {
        return to_vendor(&host);
    }
    // An unresolved request (`https.request(options)`) in a file whose
    // hosts are all that key's vendor: the request goes there.
    let Some(named) = file_hosts(cx, &sink.location.path) else {
        return false;
    };
    let own: Vec<&String> = named.iter().filter(|(_, r)| !r).map(|(h, _)| h).collect();
    !own.is_empty() && own.iter().all(|h| to_vendor(h))
}

/// A config key path names the vendor in any of its segments:
/// `.channels.telegram.accounts.main.botToken` is Telegram's bot token.
fn config_path_names_vendor(path: &str, host: &str) -> bool {
    path.split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .filter(|w| w.len() >= 2)
        .take(12)
        .any(|w| vendor_matches(w, host, false))
}

/// The agent's `auth-profiles.json` holds one token per provider; code that
/// picks a provider's profile (`k.startsWith("google-antigravity")`,
/// `profile.get("provider") == "anthropic"`) and calls that provider's host
/// uses the token for what it is for, wherever the store lives
/// (`~/.openclaw`, `~/.clawdbot`, `/home/ubuntu/.clawdbot`).
fn provider_profile_to_vendor(text: &str, host: &str) -> bool {
    static PICK: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(
            r#"(?i)(?:startsWith\(\s*|provider["']?\s*\)?\s*(?:==|===|:)\s*)["']([a-z][a-z0-9]+)[-:"']"#,
        )
    });
    PICK.captures_iter(text)
        .take(100)
        .any(|c| vendor_matches(&c[1], host, false))
}

/// A call to a vendor's own API, decided once for every language
/// front-end: the request goes to a resolved host (not this machine, not a
/// collector) whose vendor's named key the skill reads in code
/// (`OPENAI_API_KEY` and api.openai.com), or to the setting that goes with
/// a named key (`$EMBEDDING_API` with `EMBEDDING_API_KEY`) in a file that
/// names no collector.
pub(crate) fn host_key_call(cx: &RuleCx, sink: &Evidence) -> bool {
    if collector(sink) {
        return false;
    }
    let mut keys = cx
        .evidence
        .iter()
        .filter(|k| matches!(k.op, Op::EnvRead | Op::KeychainRead) && k.origin.is_code())
        .take(256);
    match resolved_host(&sink.target) {
        Some(h) => {
            !crate::extract::indicators::is_local_host(&h)
                && keys.any(|k| {
                    vendor_matches(&k.target, &h, false) || declared_env_matches_host(cx, k, sink)
                })
        }
        None => {
            keys.any(|k| k.op == Op::EnvRead && configured_for_key(cx, k, sink))
                && file_hosts(cx, &sink.location.path).is_some()
        }
    }
}

/// Whether a secret read at `src` that reaches (or, with `proven` false,
/// only sits beside) the vendor call at `sink` (`host_key_call`) is that
/// call's business: the call's own key, an alternative to it (another
/// store's entry, a generic `API_KEY`), or a named key the skill uses with
/// its own vendor elsewhere (`GEMINI_API_KEY` handed to Google's client,
/// whose answer is then posted to Feishu with Feishu's key: taint through a
/// response, not the key). Without a proven flow, the skill's own `.env`
/// beside a vendor call is configuration too. A whole-environment dump, a
/// credential store, the agent's config, or another vendor's key the skill
/// uses nowhere else still counts.
pub(crate) fn vendor_call_input(
    cx: &RuleCx,
    src: &Evidence,
    sink: &Evidence,
    proven: bool,
) -> bool {
    match src.op {
        Op::EnvRead | Op::KeychainRead => {
            src.origin.is_code()
                && (own_vendor(src, sink)
                    || declared_env_matches_host(cx, src, sink)
                    // Used with its own vendor elsewhere, but the key
                    // itself is not what this send carries: an
                    // `OPENAI_API_KEY` in the body of a request to another
                    // vendor's host is sent there, whatever else the file
                    // imports.
                    || key_serves_own_vendor(cx, src) && !send_names_key(cx, src, sink)
                    // `security find-generic-password … || secret-tool
                    // lookup …` beside the vendor's key: the same key from
                    // another store, or a name that names no other vendor.
                    || proven
                        && (src.op == Op::KeychainRead || vendor_tokens(&src.target).is_empty()))
        }
        Op::FileRead => {
            !proven
                && src.has(Tag::ProjectEnv)
                && !src.has(Tag::AgentConfig)
                && src.origin.is_code()
        }
        _ => false,
    }
}

/// A request to a URL the scan could not resolve (`{self.base_url}/api`)
/// in a file whose every named host is this machine (an Ollama client
/// defaulting to `http://localhost:11434`): nothing is shown to leave.
pub(crate) fn local_only_call<'c>(
    cx: &RuleCx<'c>,
    sink: &'c Evidence,
    hosts: &mut FileHosts<'c>,
) -> bool {
    if resolved_host(&sink.target).is_some() || collector(sink) {
        return false;
    }
    let named = hosts
        .entry(sink.location.path.as_str())
        .or_insert_with(|| file_hosts(cx, &sink.location.path));
    named.as_ref().is_some_and(|n| {
        !n.is_empty()
            && n.iter()
                .all(|(h, _)| crate::extract::indicators::is_local_host(h))
    })
}

/// Whether the send at `sink` carries the key read at `src` itself: the
/// lines of the call name its variable or environment name, or the key
/// attribute of a client built from it in that file (`openai.apiKey`
/// after `const openai = new OpenAI({ apiKey: process.env.OPENAI_API_KEY })`).
/// A client's answer posted on is not the key, nor is a variable that
/// holds either this key or the host's own (`OPENROUTER_API_KEY ||
/// ANTHROPIC_API_KEY` to openrouter.ai: an alternative, taint that does
/// not follow the branch).
fn send_names_key(cx: &RuleCx, src: &Evidence, sink: &Evidence) -> bool {
    static CLIENT: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| crate::rx::re(r"(\w+)\s*=\s*(?:new\s+)?[A-Z]\w*\s*\("));
    let Some(file) = cx.skill.files.iter().find(|f| f.rel == sink.location.path) else {
        return true;
    };
    let from = sink.location.start_line.saturating_sub(1);
    let to = sink
        .location
        .end_line
        .max(sink.location.start_line)
        .min(from + 30);
    let call = file
        .text
        .lines()
        .skip(from)
        .take(to - from)
        .collect::<Vec<_>>()
        .join("\n");
    let var = src.output.as_deref().map(|o| o.trim_start_matches('$'));
    let word = |n: &&str| n.len() >= 3 && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if crate::text::has_word(&call, &src.target) {
        return true;
    }
    if var
        .filter(word)
        .is_some_and(|v| crate::text::has_word(&call, v))
    {
        return !host_key_alternative(cx, src, sink);
    }
    if src.location.path != sink.location.path {
        return false;
    }
    // A client built from the key on the line that reads it, whose key
    // attribute the call sends.
    file.text
        .lines()
        .skip(src.location.start_line.saturating_sub(1))
        .take(
            src.location
                .end_line
                .saturating_sub(src.location.start_line)
                + 1,
        )
        .filter_map(|l| CLIENT.captures(l))
        .any(|c| {
            ["apiKey", "api_key", "_api_key", "token", "auth_token"]
                .iter()
                .any(|a| call.contains(&format!("{}.{a}", &c[1])))
        })
}

/// Another key read into the same variable as `src` (`A || B`, a
/// fallback chain) that belongs to the host the send goes to.
fn host_key_alternative(cx: &RuleCx, src: &Evidence, sink: &Evidence) -> bool {
    let Some(h) = resolved_host(&sink.target) else {
        return false;
    };
    cx.evidence.iter().take(4096).any(|k| {
        !std::ptr::eq(k, src)
            && k.op == Op::EnvRead
            && k.output.is_some()
            && k.output == src.output
            && k.location.path == src.location.path
            && (vendor_matches(&k.target, &h, false) || declared_env_matches_host(cx, k, sink))
    })
}

/// A named key the skill uses with its own vendor: the file that reads it
/// names that vendor's host or loads that vendor's client library
/// (`require("@google/generative-ai")` for `GEMINI_API_KEY`,
/// `from anthropic import Anthropic` for `ANTHROPIC_API_KEY`).
pub(crate) fn key_serves_own_vendor(cx: &RuleCx, src: &Evidence) -> bool {
    static MODULE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(
            r#"(?m)\brequire\(\s*["']([^"'\n]{1,100})["']|^\s*(?:import|from)\s+["']?([@A-Za-z0-9_./\-]{1,100})|\bfrom\s+["']([^"'\n]{1,100})["']"#,
        )
    });
    if vendor_tokens(&src.target).is_empty() {
        return false;
    }
    let Some(file) = cx.skill.files.iter().find(|f| f.rel == src.location.path) else {
        return false;
    };
    let text = crate::text::slice(&file.text, 0, 400_000);
    URL_RE
        .find_iter(text)
        .take(500)
        .any(|m| resolved_host(m.as_str()).is_some_and(|h| vendor_matches(&src.target, &h, false)))
        || MODULE.captures_iter(text).take(200).any(|c| {
            let m = c.get(1).or_else(|| c.get(2)).or_else(|| c.get(3));
            m.is_some_and(|m| {
                m.as_str()
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .filter(|w| w.len() >= 3)
                    .any(|w| vendor_matches(&src.target, &format!("{w}.com"), false))
            })
        })
}

#[cfg(test)]
mod tests {
    use super::{fixed_vendor_host, folder_vendor, provider_profile_to_vendor, vendor_matches};

    #[test]
    fn placeholder_subdomains_keep_their_vendor() {
        for (url, host) in [
            (
                "https://{region}-aiplatform.googleapis.com/v1/x",
                "googleapis.com",
            ),
            ("https://${BUCKET}.s3.amazonaws.com/k", "s3.amazonaws.com"),
            ("https://{shop}.api.example.co.uk/v1", "api.example.co.uk"),
        ] {
            assert_eq!(fixed_vendor_host(url).as_deref(), Some(host), "{url}");
        }
        // The registrable label, a bare placeholder, a short second level
        // and a hosting platform's app label stay unresolved.
        for url in [
            "https://api.{vendor}.com/v1",
            "https://{x}googleapis.com/",
            "https://${HOST}/x",
            "https://{x}.co.uk/",
            "https://{app}.vercel.app/api",
            "https://api.openai.com/v1",
        ] {
            assert_eq!(fixed_vendor_host(url), None, "{url}");
        }
    }
    use crate::evidence::{Evidence, Op, Tag};
    use crate::extract::indicators::classify_path;
    use crate::ssl::vocab::{ActType, ResourceScope};

    fn read(path: &str) -> Evidence {
        let (_, tags) = classify_path(path);
        Evidence::new(
            Op::FileRead,
            ActType::Read,
            ResourceScope::Credentials,
            path,
        )
        .tags(tags)
    }

    #[test]
    fn a_provider_profile_goes_to_that_provider() {
        let js =
            r#"const key = Object.keys(p.profiles).find(k => k.startsWith("google-antigravity"));"#;
        let py =
            r#"if profile.get("provider") == "google-antigravity" and profile.get("refresh"):"#;
        for text in [js, py] {
            assert!(
                provider_profile_to_vendor(text, "daily-cloudcode-pa.sandbox.googleapis.com"),
                "{text}"
            );
            assert!(
                !provider_profile_to_vendor(text, "collect.example.net"),
                "{text}"
            );
        }
        assert!(!provider_profile_to_vendor(
            "const p = 'google';",
            "googleapis.com"
        ));
    }

    #[test]
    fn a_tools_credential_folder_names_its_vendor() {
        for (path, vendor) in [
            ("~/.onedrive-mcp/credentials.json", "onedrive-mcp"),
            ("~/.config/moltbook/credentials.json", "moltbook"),
        ] {
            assert_eq!(folder_vendor(&read(path)), Some(vendor), "{path}");
        }
        for shared in [
            "~/.ssh/id_rsa",
            "~/.aws/credentials",
            "~/.clawdbot/clawdbot.json",
            "~/.config/google-chrome/Default/Cookies",
            "/srv/app/deep/folder/moltbook/credentials.json",
        ] {
            assert_eq!(folder_vendor(&read(shared)), None, "{shared}");
        }
        assert!(!read("~/.ssh/id_rsa").has(Tag::AgentConfig));
        assert!(vendor_matches(
            "onedrive-mcp",
            "login.microsoftonline.com",
            false
        ));
    }

    #[test]
    fn keys_match_their_vendors() {
        for (var, host) in [
            ("OPENAI_API_KEY", "api.openai.com"),
            ("XAI_API_KEY", "api.x.ai"),
            ("LATE_API_KEY", "getlate.dev"),
            ("GEMINI_API_KEY", "generativelanguage.googleapis.com"),
            ("ZEROX_API_KEY", "api.0x.org"),
            ("abuseipdb/api-key", "api.abuseipdb.com"),
            ("CONTEXT7_API_KEY", "context7.com"),
            ("BRAVE_SEARCH_API_KEY", "api.search.brave.com"),
            ("LASTFM_API_KEY", "ws.audioscrobbler.com"),
            ("TMDB_API_KEY", "api.themoviedb.org"),
        ] {
            assert!(vendor_matches(var, host, false), "{var} → {host}");
        }
    }

    #[test]
    fn keys_do_not_match_lookalike_or_foreign_hosts() {
        for (var, host) in [
            ("OPENAI_API_KEY", "openai-proxy.evil.com"),
            ("OPENAI_API_KEY", "api.openai-keys.net"),
            ("AWS_SECRET_ACCESS_KEY", "aws-metrics.io"),
            ("GITHUB_TOKEN", "webhook.site"),
            ("API_KEY", "api.example.net"),
        ] {
            assert!(!vendor_matches(var, host, false), "{var} → {host}");
        }
        // A declared key may go to a host that contains its vendor word.
        assert!(vendor_matches("NETPAD_API_KEY", "www.netpad.io", true));
        assert!(!vendor_matches(
            "OPENAI_API_KEY",
            "api.openai-keys.net",
            false
        ));
    }
}
