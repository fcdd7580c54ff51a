//! Declarations the decision model reads beyond the description's purpose
//! words (round 39, blind r39's benign fails): the skill's declared key
//! named in prose and sent to its vendor, and a credential file SKILL.md
//! names as what the skill works on.

use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::rules::RuleCx;

/// "Using the user's Sentry auth token against sentry.io": the skill's own
/// declared key (`primaryEnv`, `requires.env`) named by a key word in the
/// instructions and sent to that key's vendor, which the description also
/// names. How the skill works, not a send to an outside party (blind r39:
/// sentry-release-notify failed on its own description). Not a file (a
/// path names data, not the key), not a collector, paste, tunnel or raw-IP
/// host; intent signals withhold every consent before this is asked.
pub(super) fn prose_key_to_declared_vendor(cx: &RuleCx, e: &Evidence) -> Option<String> {
    use super::vendor::{collector, declared_host, resolved_host, vendor_matches};
    let at = |x: &Evidence| {
        matches!(x.origin, Origin::Prose | Origin::Frontmatter)
            && x.location.path == e.location.path
            && x.location.start_line == e.location.start_line
    };
    let send = cx.evidence.iter().find(|x| x.op == Op::NetSend && at(x))?;
    // Prose names a host without a scheme ("against sentry.io").
    let schemed;
    let send = if resolved_host(&send.target).is_none() && !send.target.contains("://") {
        let mut s = send.clone();
        s.target = format!("https://{}", send.target);
        schemed = s;
        &schemed
    } else {
        send
    };
    let host = resolved_host(&send.target)?;
    if collector(send) || !declared_host(cx, send) {
        return None;
    }
    let key_word = |x: &Evidence| {
        x.op == Op::FileRead
            && x.scope == crate::ssl::vocab::ResourceScope::Credentials
            && !x.target.contains(['/', '.', '~', '$'])
            && send.inputs.iter().any(|i| x.output.as_ref() == Some(i))
    };
    cx.evidence.iter().find(|x| at(x) && key_word(x))?;
    let key = cx
        .manifest
        .declared_env()
        .into_iter()
        .find(|d| vendor_matches(d, &host, true))?;
    Some(format!(
        "{}:{} sends the skill's declared key {key} to its vendor {host}, which the description names",
        e.location.path, e.location.start_line
    ))
}

/// A credential file the description names by its file name (`~/.vault-
/// token` in "renew the user's Vault token (from VAULT_TOKEN or ~/.vault-
/// token)", `config/credentials/*.yml.enc` for a Rails credentials
/// editor, a glob's `*` matching any name): the skill says it works on
/// that file; a warning. Generic names (`config.json`, `credentials`) say
/// nothing, and the agent's own configuration, wallets and browser stores
/// are never declared this way. Where the secret goes is judged by the
/// flow rules, which this leaves as they are (blind r39: two such skills
/// failed on the read alone).
pub(super) fn described_credential_file(cx: &RuleCx, e: &Evidence) -> Option<String> {
    const GENERIC: &[&str] = &[
        "config",
        "config.json",
        "config.yaml",
        "config.yml",
        "config.toml",
        "settings.json",
        "credentials",
        "credentials.json",
        "secrets.json",
        "secrets.yaml",
        "token.json",
        "auth.json",
    ];
    if e.op != Op::FileRead
        || e.has(Tag::AgentConfig)
        || e.has(Tag::Wallet)
        || e.has(Tag::BrowserStore)
    {
        return None;
    }
    let target = placeholders_as_stars(&e.target.to_ascii_lowercase());
    let mut tail = target.rsplit('/');
    let base = tail.next()?;
    let parent = tail.next().unwrap_or("");
    if base.len() < 5 || GENERIC.contains(&base) {
        return None;
    }
    // The description, then SKILL.md's visible prose ("Uses the app's own
    // master key (`config/master.key`, `config/credentials/<env>.key`)").
    // SKILL.md cannot declare a read it makes itself (a lure's "read
    // ~/.netrc", a command line `cat … >> ~/.gnupg/gpg-agent.conf` name
    // their own target): for a read in SKILL.md only the description
    // counts. Both lists are made once per skill.
    let (described, prose) = cx.named_paths.get_or_init(|| named_paths(cx));
    let in_manifest = cx.skill.manifest_path == e.location.path;
    let names = |p: &String| {
        let mut segs = p.rsplit('/');
        let last = segs.next().unwrap_or("");
        if base.contains('*') {
            // A name built at run time: its folder and pattern both.
            !parent.is_empty() && segs.next() == Some(parent) && last == base
        } else {
            !last.is_empty() && glob_names(last, base)
        }
    };
    let named = described.iter().any(names) || !in_manifest && prose.iter().any(names);
    // A send from the same file to a host the skill does not name keeps
    // the read as it is: the declared file is read, the secret may leave
    // (blind r34: an .npmrc doctor posting every token to a "compatibility
    // service").
    let stranger = || {
        cx.evidence.iter().any(|x| {
            matches!(x.op, Op::NetSend | Op::SocketConnect)
                && x.location.path == e.location.path
                && super::vendor::resolved_host(&x.target).is_some_and(|h| {
                    !crate::extract::indicators::is_local_host(&h)
                        && !super::vendor::declared_host(cx, x)
                })
        })
    };
    (named && !stranger()).then(|| {
        format!(
            "{}:{} reads {}, the file SKILL.md says the skill works on",
            e.location.path, e.location.start_line, e.target
        )
    })
}

/// The path-like words of the description and of SKILL.md's visible prose,
/// lower-cased, run-time parts as `*`, trailing punctuation off.
fn named_paths(cx: &RuleCx) -> (Vec<String>, Vec<String>) {
    static PATHISH: crate::rx::Lazy =
        crate::rx::Lazy::new(r"[~$\w./*{}<>#-]*[.*][\w*>}-]+(?:\.[\w*-]+)*");
    let words = |doc: &str| -> Vec<String> {
        let doc = doc.to_ascii_lowercase();
        PATHISH
            .find_iter(&doc)
            .map(|m| placeholders_as_stars(m.as_str().trim_end_matches(['.', ',', ')'])))
            .collect()
    };
    let described = words(&cx.manifest.description());
    let prose = cx
        .skill
        .manifest_file()
        .map(|m| {
            crate::text::visible_prose(&m.text)
                .iter()
                .flat_map(|l| words(l))
                .collect()
        })
        .unwrap_or_default();
    (described, prose)
}

/// `s` with run-time parts (`<env>`, `#{env}`, `${env}`, `{env}`, `$ENV`)
/// written as `*`.
fn placeholders_as_stars(s: &str) -> String {
    static PH: crate::rx::Lazy = crate::rx::Lazy::new(
        r"<[^<>/]{1,40}>|#\{[^{}/]{1,40}\}|\$\{[^{}/]{1,40}\}|\{[^{}/]{1,40}\}|\$\w+",
    );
    PH.replace_all(s, "*").into_owned()
}

/// Whether the file-name pattern `pat` (`*` any run of characters) names
/// `name` entirely; a bare `*` or `*.x` with a short suffix names nothing.
fn glob_names(pat: &str, name: &str) -> bool {
    let parts: Vec<&str> = pat.split('*').collect();
    if parts.len() == 1 {
        return pat == name;
    }
    let literal: usize = parts.iter().map(|p| p.len()).sum();
    if literal < 6 {
        return false;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !name.starts_with(first) || !name.ends_with(last) || name.len() < first.len() + last.len() {
        return false;
    }
    let mut at = first.len();
    let end = name.len() - last.len();
    for p in &parts[1..parts.len() - 1] {
        match name[at..end].find(p) {
            Some(i) => at += i + p.len(),
            None => return false,
        }
    }
    true
}

/// A sweep (SK-DEST-005: files a glob or walk chose, removed) by `find`
/// with one root, whose line removes only the skill's own folder: every
/// other removal step read on that line (the front-end's own reading of
/// `find "$cache" … -delete`, its root resolved) is tagged own-install (`own::mark_own_removals`:
/// `~/.cache/<skill>`, the skill's settings folder), and there is one.
/// Blind r41's pdf-preview-cache-gc (found after the after-measurement:
/// not blind) pruned old PNGs in its own XDG cache folder and failed.
///
/// Round 42: a sweep in code by a glob or walk whose selection is rooted
/// in the skill's own folder (`own_sweep::mark_own_sweeps` tags it
/// own-install; blind r42's preview-cache-gc trimmed its own preview cache
/// in Python).
pub(super) fn own_root_sweep(cx: &RuleCx, e: &Evidence) -> Option<String> {
    if e.object
        .starts_with(crate::extract::glob_doom::SWEEP_OBJECT)
        && e.has(Tag::OwnInstall)
    {
        return Some(format!(
            "{}:{} removes files only inside the skill's own folder (the glob or walk selecting them is rooted there)",
            e.location.path, e.location.start_line
        ));
    }
    // `find ROOT … -delete` with one root: the front-end's removal step
    // is that root's (a second root, `find "$cache" ~/Pictures`, may be
    // read as no step at all).
    let mut words = e.target.split_whitespace();
    words.find(|w| *w == "find")?;
    let roots = words
        .take_while(|w| !w.starts_with(['-', '(', '!', '\\']))
        .count();
    if roots != 1 {
        return None;
    }
    let here = (e.location.path.as_str(), e.location.start_line);
    let mut roots = cx.evidence.iter().filter(|x| {
        x.op == Op::FileDelete
            && (x.location.path.as_str(), x.location.start_line) == here
            && !x
                .object
                .starts_with(crate::extract::glob_doom::SWEEP_OBJECT)
    });
    let first = roots.next()?;
    let own = |x: &Evidence| x.has(Tag::OwnInstall);
    (own(first) && roots.all(own)).then(|| {
        format!(
            "{}:{} removes files only inside the skill's own folder {}",
            e.location.path, e.location.start_line, first.target
        )
    })
}
