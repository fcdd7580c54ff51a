//! Secrets reaching the network (or the agent's context), with declared
//! purpose taken into account: a key the skill declares in `requires.env`,
//! sent to the service its description names, is the skill's job, not theft.

use super::super::{RuleCx, RuleDef, weigh};
use crate::decide::vendor::{self, FileHosts, declared, declared_host, own_secret};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::finding::{Confidence, Finding, Severity};
use crate::ssl::vocab::ResourceScope as R;

/// A step that reads a secret.
pub(crate) fn is_secret_source(e: &Evidence) -> bool {
    match e.op {
        Op::FileRead => e.scope == R::Credentials || e.has(Tag::BrowserStore) || e.has(Tag::Wallet),
        // A copy that only becomes a child's environment is no harvest.
        Op::EnvDump => !e.has(Tag::ChildEnv),
        // A keychain listing prints item names, not secret values.
        Op::KeychainRead => !e.has(Tag::AttributesOnly),
        Op::EnvRead => e.scope == R::Credentials,
        _ => false,
    }
}

/// A step that reads user data worth stealing (conversation, documents, clipboard).
fn is_user_data_source(e: &Evidence) -> bool {
    matches!(e.op, Op::FileRead | Op::ClipboardRead)
        && (e.scope == R::UserData || e.has(Tag::WideScan))
}

/// The URL a send's unresolved address starts from: `{NAME}…`,
/// `${NAME}…` or `$NAME…` with `NAME = "https://…"` (or an environment
/// lookup with that default) assigned on a line of the sink's file.
fn default_url(cx: &RuleCx, sink: &Evidence) -> Option<String> {
    let t = sink.target.trim_start_matches('$');
    let t = t.strip_prefix('{').unwrap_or(t);
    let name: String = t
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if name.len() < 3 || name.len() > 64 {
        return None;
    }
    let file = cx.skill.file(&sink.location.path)?;
    file.text.lines().find_map(|l| {
        let rest = l.trim_start().strip_prefix(name.as_str())?.trim_start();
        let rhs = rest.strip_prefix('=')?;
        if rhs.starts_with('=') {
            return None;
        }
        crate::extract::indicators::URL_RE
            .find(rhs)
            .map(|m| m.as_str().to_string())
    })
}

pub(crate) fn is_network_sink(e: &Evidence) -> bool {
    // An open relay (`extract/exposure.rs`) is a listener, not a request
    // that carries data out.
    // Round 27: a wrapper's send judged at each of its call sites
    // (`Tag::Summarised`) is not judged again with its parameter as the
    // address.
    !e.has(Tag::Summarised)
        && (matches!(e.op, Op::NetSend | Op::SocketConnect) && !e.has(Tag::OpenListener)
            || e.op == Op::DnsQuery && e.has(Tag::Encoded)
            || e.op == Op::NetFetch && !e.inputs.is_empty())
}

pub(crate) fn secret_to_network(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut hosts = FileHosts::new();
    for (i, sink) in cx.evidence.iter().enumerate() {
        if !is_network_sink(sink) {
            continue;
        }
        let paths = cx.flows.upstream(i);
        let vendor_call = vendor::host_key_call(cx, sink);
        // The flow reported: the first one nothing consents to, else the
        // first one only the skill's own words consent to (the decision
        // model applies that consent when the skill shows no intent).
        let mut chosen: Option<(&Vec<usize>, Option<&'static str>)> = None;
        for path in &paths {
            let src = &cx.evidence[path[0]];
            let user_data = is_user_data_source(src);
            if !is_secret_source(src) && !user_data {
                continue;
            }
            let master = src.has(Tag::MasterSecret);
            // Round 27: the user's files sent to an address built on a
            // constant (`f"{API_URL}{endpoint}"`) whose default URL is the
            // service the description names: the service the skill is
            // about (a code host pushing the project's files).
            if user_data
                && !is_secret_source(src)
                && vendor::resolved_host(&sink.target).is_none()
                && let Some(url) = default_url(cx, sink)
            {
                let mut probe = sink.clone();
                probe.target = url;
                if declared_host(cx, &probe) {
                    continue;
                }
            }
            if vendor_call && !master && vendor::vendor_call_input(cx, src, sink, true) {
                continue;
            }
            match vendor::consented_destination(cx, src, sink, &mut hosts) {
                // Code that sends the key: a prose flow ("send your key
                // with each request to the API") is a weak reading of
                // documentation, and its consent stands.
                Some(why)
                    if vendor::rests_on_declaration(why)
                        && src.origin.is_code()
                        && sink.origin.is_code() =>
                {
                    chosen = chosen.or(Some((path, Some(why))));
                }
                Some(_) => {}
                None => {
                    chosen = Some((path, None));
                    break;
                }
            }
        }
        if let Some((path, consent)) = chosen {
            let src = &cx.evidence[path[0]];
            let user_data = is_user_data_source(src);
            let master = src.has(Tag::MasterSecret);
            let Some((mut sev, mut conf)) = weigh(sink, def.severity, def.confidence) else {
                continue;
            };
            if declared(cx, src) && src.origin.is_code() {
                // Declared key, but sent somewhere the description does not name.
                sev = Severity::High;
                conf = Confidence::Medium;
            } else if user_data && !is_secret_source(src) {
                sev = sev.min(Severity::High);
            }
            // A key no vendor takes, proven sent off the machine, from code
            // (round 23): its own name or a declaration never lowers it.
            if master && src.origin.is_code() {
                sev = Severity::Critical;
                conf = Confidence::High;
            }
            if let Some((s2, _)) = weigh(src, sev, conf) {
                sev = sev.min(s2);
            }
            let what = if is_secret_source(src) {
                "secret"
            } else {
                "user data"
            };
            let msg = format!(
                "{what} from {} ({}) flows to {} ({})",
                crate::text::snippet(&src.target, 80),
                src.location.path,
                crate::text::snippet(&sink.target, 80),
                sink.object
            );
            let mut f = cx.finding(def, sink.location.clone(), &sink.snippet, msg);
            f.severity = sev;
            f.confidence = conf;
            f.logic_step_id = cx.step_ids.get(i).cloned().flatten();
            f.flow = cx.flow_steps(path, |e| format!("{} {}: {}", e.act, e.scope, e.object));
            f.declared_consent = consent.map(|why| {
                let host = vendor::resolved_host(&sink.target).unwrap_or_default();
                format!("{why} ({host})")
            });
            out.push(f);
        }
    }
    out
}

/// No proven flow, but the skill reads undeclared secrets and also sends
/// data out: the split-file stealer shape. Lower confidence.
pub(crate) fn secret_and_network<'c>(def: &RuleDef, cx: &RuleCx<'c>) -> Vec<Finding> {
    let ev = cx.evidence;
    let strong = |e: &Evidence| {
        matches!(
            e.origin,
            Origin::Script | Origin::Hook | Origin::DynamicContext
        ) && !e.has(Tag::Documentation)
            && !e.has(Tag::TestFixture)
            && !e.has(Tag::Reference)
    };
    let sources: Vec<usize> = ev
        .iter()
        .enumerate()
        .filter(|(_, e)| {
            is_secret_source(e)
                && (!declared(cx, e) || e.has(Tag::MasterSecret))
                // A credential file the skill owns only by one word of its
                // name (`mark_own_config`: `~/.cargo` for "cargo-bench-…")
                // is paired too: `consented_destination` lets it reach its
                // vendor, a host the description names or one the scan
                // cannot resolve, but a name never cancels a secret sent to
                // a stranger. A store named after the whole skill
                // (`~/.config/molt-chess/`) and the skill's own environment
                // keys are not: each goes to its own service, and pairing
                // one with another service's send is no evidence.
                && !(own_secret(cx, e) && (e.op != Op::FileRead || vendor::own_app_file(cx, e)))
                && strong(e)
                // A page reading its own cookies or storage is ordinary;
                // only a proven flow to another host counts.
                && !e.has(Tag::WebStorage)
        })
        .map(|(i, _)| i)
        .collect();
    if sources.is_empty() {
        return Vec::new();
    }
    // A web page's requests (`assets/index.html` calling its backend)
    // carry what the page has, not what the skill's scripts read.
    let sinks: Vec<usize> = ev
        .iter()
        .enumerate()
        .filter(|(_, e)| {
            matches!(e.op, Op::NetSend | Op::SocketConnect)
                && !e.has(Tag::OpenListener)
                && !e.has(Tag::LoginOnly)
                && strong(e)
                && crate::extract::markup::kind(&e.location.path).is_none()
        })
        .map(|(i, _)| i)
        .collect();
    let (n_sources, n_sinks) = (sources.len(), sinks.len());
    let (mut sources, mut sinks) = (sources, sinks);
    sources.truncate(crate::limits::NO_FLOW_MAX_SOURCES);
    sinks.truncate(crate::limits::NO_FLOW_MAX_SINKS);
    let found = no_flow_pair(def, cx, &sources, &sinks);
    // Past a bound with nothing found, a pair beyond it was never judged.
    if found.is_empty() && (n_sources > sources.len() || n_sinks > sinks.len()) {
        cx.give_up(format!(
            "SK-EXFIL-004 paired only the first {} of {n_sources} secret reads and {} of {n_sinks} sends (limits.rs NO_FLOW_MAX_*); a pair past them was not judged",
            sources.len(),
            sinks.len()
        ));
    }
    found
}

/// A dotenv file (`.env`, `.env.local`) loaded whole into the environment
/// (`export $(cat "$SCRIPT_DIR/.env" | xargs)`, `load_dotenv()`) hands the
/// skill's code the keys it then reads by name; a send to the vendor of one
/// of those names (`KLING_ACCESS_KEY` read, a call to api-beijing.klingai.com)
/// is the key in use, not the file sent (registry round 45:
/// itrocker/nanobanana-ppt-skills). Only for the unproven pairing: a proven
/// flow of the file is judged as before, and a collector, paste, tunnel or
/// raw-IP host never counts.
fn dotenv_keys_to_their_vendor(cx: &RuleCx, src: &Evidence, sink: &Evidence) -> bool {
    let base = src.target.rsplit(['/', '\\']).next().unwrap_or_default();
    if src.op != Op::FileRead || !(base == ".env" || base.starts_with(".env.")) {
        return false;
    }
    let Some(host) = vendor::resolved_host(&sink.target) else {
        return false;
    };
    !vendor::collector(sink)
        && cx.evidence.iter().any(|e| {
            e.op == Op::EnvRead
                && e.has(Tag::SecretEnv)
                && e.origin.is_code()
                && vendor::vendor_matches(&e.target, &host, true)
        })
}

/// The first unconsented (secret read, send) pair of `sources` × `sinks`,
/// as SK-EXFIL-004's finding.
fn no_flow_pair<'c>(
    def: &RuleDef,
    cx: &RuleCx<'c>,
    sources: &[usize],
    sinks: &[usize],
) -> Vec<Finding> {
    let ev = cx.evidence;
    // The first pair whose send goes somewhere the secret's owner did not
    // consent to: `OPENAI_API_KEY` read and a call to api.openai.com, or a
    // send to this machine, is the key in use, not the stealer shape.
    // A pair the analysis proves apart (`separated`) is no evidence either.
    let mut hosts = FileHosts::new();
    let mut kept = std::collections::HashMap::new();
    let explained = |ni: usize| {
        cx.flows
            .upstream(ni)
            .iter()
            .any(|p| is_secret_source(&ev[p[0]]))
    };
    let mut pairs = sources
        .iter()
        .flat_map(|&si| sinks.iter().map(move |&ni| (si, ni)));
    // The first unconsented pair; when a proven flow already explains its
    // send, `secret_to_network` speaks for the skill.
    let Some((si, ni)) = pairs.find(|&(si, ni)| {
        vendor::consented_destination(cx, &ev[si], &ev[ni], &mut hosts).is_none()
            && !dotenv_keys_to_their_vendor(cx, &ev[si], &ev[ni])
            && !separated(cx, si, ni, &mut kept)
    }) else {
        return Vec::new();
    };
    if explained(ni) {
        return Vec::new();
    }
    // A vendor's own call beside an alternative or self-used key, or a
    // call to this machine, is no stray send: look further.
    let stray = |si: usize, ni: usize, hosts: &mut FileHosts<'c>| {
        !(vendor::host_key_call(cx, &ev[ni])
            && vendor::vendor_call_input(cx, &ev[si], &ev[ni], false))
            && !vendor::local_only_call(cx, &ev[ni], hosts)
    };
    let (si, ni) = if stray(si, ni, &mut hosts) {
        (si, ni)
    } else {
        let Some(p) = pairs.find(|&(si, ni)| {
            vendor::consented_destination(cx, &ev[si], &ev[ni], &mut hosts).is_none()
                && !dotenv_keys_to_their_vendor(cx, &ev[si], &ev[ni])
                && stray(si, ni, &mut hosts)
                && !explained(ni)
                && !separated(cx, si, ni, &mut kept)
        }) else {
            return Vec::new();
        };
        p
    };
    let (s, n) = (&ev[si], &ev[ni]);
    if let Some(src_decl) = Some(declared_host(cx, n)).filter(|d| *d) {
        let _ = src_decl;
        return Vec::new();
    }
    let msg = format!(
        "reads {} ({}:{}) and sends data to {} ({}:{}); no direct data flow was proven",
        crate::text::snippet(&s.target, 60),
        s.location.path,
        s.location.start_line,
        crate::text::snippet(&n.target, 60),
        n.location.path,
        n.location.start_line
    );
    let pool = key_pool(cx, n, sources, &mut hosts);
    let mut f = cx.finding(def, n.location.clone(), &n.snippet, msg);
    let pooled = pool.is_some();
    if let Some(p) = pool {
        // Several vendors' keys and a send to none of them: harvesting,
        // whether or not the flow between them was followed.
        f.message = format!("{}; {p}", f.message);
        f.severity = Severity::Critical;
        f.confidence = Confidence::High;
    }
    if !pooled && same_file_store_send(s, n) {
        // Round 32: a credential store read and a send to a literal host
        // in one script (Wi-Fi keys exported to a folder, then the folder
        // posted to a "mirror"): the value is in the script's hands and the
        // host is a stranger, however the two are joined.
        f.message = format!(
            "{}; the store read and the send to a host the skill never declares are in one script",
            f.message
        );
        f.confidence = Confidence::Medium;
    }
    f.logic_step_id = cx.step_ids.get(ni).cloned().flatten();
    f.flow = cx.flow_steps(&[si, ni], |e| {
        format!("{} {}: {}", e.act, e.scope, e.object)
    });
    vec![f]
}

/// A credential store read (a file or a secret-store command, not an
/// environment variable) and a send to a literal outside host, both in
/// one bundled script.
/// The host is no one the store's owner deals with: not this machine, not
/// an OAuth token endpoint, not the vendor the store's path names
/// (`google-antigravity.json` refreshed at Google). A host named like the
/// skill (`vault.wifibak.example` for wifi-profile-backup) is no vendor of
/// a store the machine keeps.
fn same_file_store_send(s: &Evidence, n: &Evidence) -> bool {
    s.location.path == n.location.path
        && s.origin == Origin::Script
        && n.origin == Origin::Script
        && matches!(s.op, Op::FileRead | Op::KeychainRead)
        && !s.has(Tag::AttributesOnly)
        && vendor::resolved_host(&n.target).is_some_and(|h| {
            !crate::extract::indicators::is_local_host(&h)
                && !vendor::identity_provider(&h)
                && !vendor::vendor_matches(&s.target, &h, true)
        })
}

/// A key pool: secret variables of `MIN_KEY_VENDORS` or more vendors
/// (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GROQ_API_KEY`) read in code,
/// none of which consents to the send `n` (its host is none of their
/// vendors, nor one the user configures). Returns the reason.
fn key_pool<'c>(
    cx: &RuleCx<'c>,
    n: &'c Evidence,
    sources: &[usize],
    hosts: &mut FileHosts<'c>,
) -> Option<String> {
    use crate::extract::harvest::{MIN_KEY_VENDORS, key_vendor};
    use crate::extract::indicators::{is_local_host, is_secret_env};
    // A resolved host off this machine: a page's relative request goes to
    // its own backend, a `$HOST` to one the user sets.
    if !vendor::resolved_host(&n.target).is_some_and(|h| !is_local_host(&h)) {
        return None;
    }
    let mut vendors = std::collections::BTreeSet::new();
    for &i in sources {
        let s = &cx.evidence[i];
        // Keys named in the file that sends (`ENV[v]` over a name list).
        if s.op == Op::EnvRead
            && s.origin.is_code()
            && s.location.path == n.location.path
            && is_secret_env(&s.target)
            && s.target
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
            && vendor::consented_destination(cx, s, n, hosts).is_none()
        {
            vendors.insert(key_vendor(&s.target));
        }
    }
    (vendors.len() >= MIN_KEY_VENDORS).then(|| {
        let names: Vec<&str> = vendors.iter().take(6).copied().collect();
        format!(
            "keys of {} vendors ({}) go to a host that is none of theirs: a key pool is harvesting",
            vendors.len(),
            names.join(", ")
        )
    })
}

/// Whether the secret read at `si` is proven apart from the send at `ni`
/// that no flow connects it to (per value, not per skill): the two are in
/// different files or different functions, the secret is read inside a
/// function or a shell script (not a module-level value that another file
/// may import), and its value stays where it was read: nothing downstream
/// of it writes a file, prints, runs a command, returns it to an unknown
/// caller, or lands in another file. A network step it reaches is its own
/// send, judged by `secret_to_network`, unless it is this send. `kept`
/// caches, per source, the steps its value reaches when they stay local.
pub(crate) fn separated(
    cx: &RuleCx,
    si: usize,
    ni: usize,
    kept: &mut std::collections::HashMap<usize, Option<Vec<usize>>>,
) -> bool {
    let (s, n) = (&cx.evidence[si], &cx.evidence[ni]);
    let apart = s.location.path != n.location.path
        || matches!((&s.func, &n.func), (Some(a), Some(b)) if a != b);
    // A read bound to nothing (a check with its output discarded, or a
    // store named in a script's path list) has no value to hand on; that
    // script then needs a file write of its own to pass anything along.
    let same_file = |op: Op| {
        cx.evidence
            .iter()
            .any(|e| e.op == op && e.location.path == s.location.path)
    };
    let unbound = s.output.is_none() && !same_file(Op::FileWrite) && !same_file(Op::Archive);
    let scoped = s.func.is_some() || matches!(s.lang, "bash" | "sh" | "zsh") || unbound;
    if !apart || !scoped || s.op == Op::EnvDump {
        return false;
    }
    let local = kept.entry(si).or_insert_with(|| {
        let down = cx.flows.downstream(si)?;
        // A return is followed to its callers by the flow graph; one that
        // no call in the skill reaches goes to an unknown caller.
        let called = |f: &str| {
            cx.evidence
                .iter()
                .any(|c| c.op == Op::CallLocal && c.target == f)
        };
        // A value bound to a file (`cat key > /tmp/c`) is in the file
        // system, where another script may pick it up.
        let to_file = |e: &Evidence| e.output.as_deref().is_some_and(|o| o.starts_with("$file_"));
        // A bound value no step is seen to use went somewhere the
        // extractor does not follow (`setattr(self, "k", v)`): unknown.
        let seen = s.output.is_none() || !down.is_empty();
        let stays = seen
            && !to_file(s)
            && down.iter().all(|&j| {
                let e = &cx.evidence[j];
                !to_file(e)
                    && e.location.path == s.location.path
                    && !matches!(
                        e.op,
                        Op::FileWrite
                            | Op::Output
                            | Op::Exec
                            | Op::DownloadExec
                            | Op::DynamicCode
                            | Op::Archive
                            | Op::Persistence
                            | Op::Background
                    )
                    && (e.op != Op::Return || called(&e.target))
            });
        stays.then_some(down)
    });
    // The value reaching this very send is a flow, not a separation.
    local.as_ref().is_some_and(|down| !down.contains(&ni))
}

/// A secret printed to stdout or logs lands in the agent's context.
pub(crate) fn secret_to_output(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let mut out = Vec::new();
    // One line index per file, built on first use (many prints, one file).
    let mut lines = Lines::default();
    for (i, sink) in cx.evidence.iter().enumerate() {
        // Output with a binding goes into a pipe or a variable, not to the agent.
        if sink.op != Op::Output || sink.output.is_some() {
            continue;
        }
        // `console.log` in a page or an SVG writes to the browser console.
        if crate::extract::markup::kind(&sink.location.path).is_some() {
            continue;
        }
        // A whole-environment copy counts only when printed directly; copies
        // handed to subprocesses are not printed secrets.
        if let Some(path) = cx.flows.upstream(i).into_iter().find(|p| {
            is_secret_source(&cx.evidence[p[0]])
                // A page's own storage logged to the browser console.
                && !cx.evidence[p[0]].has(Tag::WebStorage)
                && (cx.evidence[p[0]].op != Op::EnvDump || p.len() <= 2)
                && names_printed_value(cx, p, sink, &mut lines)
        }) {
            let src = &cx.evidence[path[0]];
            let Some((sev, conf)) = weigh(sink, def.severity, def.confidence) else {
                continue;
            };
            let mut f = cx.finding(
                def,
                sink.location.clone(),
                &sink.snippet,
                format!(
                    "the value of {} is printed where the agent reads it",
                    crate::text::snippet(&src.target, 60)
                ),
            );
            f.severity = sev;
            f.confidence = conf;
            f.logic_step_id = cx.step_ids.get(i).cloned().flatten();
            f.flow = cx.flow_steps(&path, |e| e.object.clone());
            out.push(f);
        }
    }
    out
}

/// Whether the printed text names the value that reaches it (`print(token)`,
/// `echo "$API_KEY"`, `console.log(process.env.KEY)`). What a call returned
/// (device names, row counts, prices) that the path-insensitive taint links
/// to the key is not the key: `print(f"Turned on: {device['name']}")`.
fn names_printed_value<'c>(
    cx: &RuleCx<'c>,
    path: &[usize],
    sink: &Evidence,
    lines: &mut Lines<'c>,
) -> bool {
    let Some(&prev) = path.len().checked_sub(2).and_then(|i| path.get(i)) else {
        return true;
    };
    let prev = &cx.evidence[prev];
    let bound = prev.output.as_deref().unwrap_or("").trim_start_matches('$');
    let synthetic = ["pipe_", "sub_", "param:", "upload_"]
        .iter()
        .any(|p| bound.starts_with(p));
    if masked(&sink.snippet) {
        return false;
    }
    synthetic
        || !bound.is_empty() && crate::text::has_word(&sink.snippet, bound)
        || crate::text::has_word(&sink.snippet, &prev.target)
        || match source_line(cx, prev, lines).and_then(assigned_name) {
            Some(n) => crate::text::has_word(&sink.snippet, n),
            // No name to look for (`return os.environ.get("X_TOKEN")`, a
            // value passed on from SKILL.md): a print that names nothing
            // secret (`print(json.dumps(pin))`) shows what a call returned.
            None => names_secret(&sink.snippet),
        }
}

/// Round 24: whether a print names a secret, by the head word of each name
/// it prints: `auth_token`, `apiKey`, `client_secret`, `$GH_TOKEN` name
/// one; `auth_url`, `oauth_state`, `author` do not (the
/// last part of a name says what the value is: an authorize URL carries
/// the public `client_id`, not the key). `environ`, `process.env` and a
/// `$NAME` print the environment itself.
fn names_secret(snippet: &str) -> bool {
    static NAMES: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| crate::rx::re(r"[A-Za-z_][A-Za-z0-9_]*"));
    // The words of the earlier substring test, now as head words only.
    const HEADS: &[&str] = &[
        "key",
        "keys",
        "apikey",
        "token",
        "tokens",
        "secret",
        "secrets",
        "password",
        "passwords",
        "passwd",
        "passphrase",
        "credential",
        "credentials",
        "auth",
        "authorization",
        "bearer",
        "cookie",
        "cookies",
        "environ",
    ];
    if snippet.contains("process.env") || SHELL_VAR.is_match(snippet) {
        return true;
    }
    NAMES.find_iter(snippet).any(|m| {
        let head = last_word(m.as_str());
        HEADS.contains(&head.as_str())
    })
}

/// The last word of an identifier, lower-cased: `auth_url` → `url`,
/// `apiKey` → `key`, `GH_TOKEN` → `token`.
fn last_word(name: &str) -> String {
    let name = name.trim_end_matches('_');
    let tail = name.rsplit('_').next().unwrap_or(name);
    // camelCase: the last capital starts the last word (`apiKey`), unless
    // the whole tail is capitals (`TOKEN`).
    let cut = if tail.chars().any(|c| c.is_ascii_lowercase()) {
        tail.rfind(|c: char| c.is_ascii_uppercase()).unwrap_or(0)
    } else {
        0
    };
    tail[cut..].to_ascii_lowercase()
}

/// A shell variable printed (`$API_KEY`, `${TOKEN}`).
static SHELL_VAR: std::sync::LazyLock<regex::Regex> =
    std::sync::LazyLock::new(|| crate::rx::re(r"\$\{?[A-Z_][A-Z0-9_]*(?:[^A-Za-z0-9_]|$)"));

/// A masked print: the first or last few characters of the value
/// (`api_key[:12]`, `token.slice(0, 8)`, `${KEY:0:6}`), which the rule's
/// help recommends, or the value handed to a masking helper
/// (`mask(env[k])`, `redact(token)`; round 36: a `.env` checker printing
/// `mask(v)` warned once its default path `.env` was folded).
fn masked(snippet: &str) -> bool {
    static MASK: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(
            r"(?i)\b[a-z_]*(?:mask|redact|censor|obscur)[a-z_]*\s*\(|\[\s*:\s*(?:[1-9]|1[0-6])\s*\]|\[\s*-(?:[1-9]|1[0-6])\s*:\s*\]|\.(?:slice|substring|substr)\(\s*0\s*,\s*(?:[1-9]|1[0-6])\s*\)|\.(?:slice|substring|substr)\(\s*-(?:[1-9]|1[0-6])\s*\)|:0:(?:[1-9]|1[0-6])\}",
        )
    });
    MASK.is_match(snippet)
}

/// Line indexes of the skill's files, by path.
type Lines<'c> = std::collections::HashMap<&'c str, crate::text::LineIndex<'c>>;

/// The line a source was read on (`None` when the file is not in the skill;
/// then the print is reported, erring on the side of it).
fn source_line<'c>(cx: &RuleCx<'c>, e: &Evidence, lines: &mut Lines<'c>) -> Option<&'c str> {
    let f = cx.skill.files.iter().find(|f| f.rel == e.location.path)?;
    let idx = lines
        .entry(f.rel.as_str())
        .or_insert_with(|| crate::text::LineIndex::new(&f.text));
    let n = e.location.start_line.checked_sub(1)?;
    (n < idx.line_count()).then(|| idx.line_text(n))
}

/// The variable a source line assigns (`token = os.environ['X']` gives
/// `token`), when the extractor bound the value under a synthetic name.
fn assigned_name(snippet: &str) -> Option<&str> {
    let (lhs, _) = snippet.split_once('=')?;
    let name = lhs
        .trim()
        .trim_start_matches("const ")
        .trim_start_matches("let ")
        .trim();
    let name = name
        .trim_start_matches("var ")
        .trim_start_matches('$')
        .trim();
    (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then_some(name)
}

/// A secret-looking environment variable read in code but not declared.
pub(crate) fn undeclared_env(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let declared = cx.manifest.declared_env();
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for (i, e) in cx.evidence.iter().enumerate() {
        if e.op == Op::EnvRead
            && e.scope == R::Credentials
            && e.origin == Origin::Script
            && !declared.contains(&e.target)
            && seen.insert(e.target.clone())
        {
            let Some((sev, conf)) = weigh(e, def.severity, def.confidence) else {
                continue;
            };
            let mut f = cx.finding_at(def, i);
            f.severity = sev;
            f.confidence = conf;
            out.push(f);
        }
    }
    out
}
