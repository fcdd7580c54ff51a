//! Round 36 (clauditor): a disguised unit the skill discloses. A watchdog
//! that installs itself under a system-like name (`systemd-journaldd`) so
//! that an intruder overlooks it, and says so in its own documentation
//! ("stealth service name", "blends with system services"), hides nothing
//! from the user who reads it. A declaration lowers risk but never cancels
//! concealment: the disguise stays a warning, never a pass, and only when
//! the user runs the steps (Markdown, a script the Markdown names, or one no
//! file names at all), the
//! skill talks to no network, and the entry itself runs no fetched code and
//! sends nothing.

use crate::evidence::{Evidence, Op, Tag};
use crate::rules::RuleCx;

/// How many disguised entries a skill may have for the disclosure to be
/// read (clauditor has 14).
const MAX_ENTRIES: usize = 64;

/// A sentence saying the name is a disguise on purpose.
static DISCLOSES: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:stealth|disguised?|camouflaged?|masquerad\w*|blends?\s+(?:in\s+)?with\s+(?:the\s+)?(?:system|os)|looks?\s+like\s+(?:a\s+|an\s+)?(?:system|os))(?-u:\b)",
);
/// What the disguise is of.
static OBJECT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:services?|daemons?|units?|names?|process(?:es)?|deployment|install(?:ation)?)(?-u:\b)",
);

/// Why the masquerading entry `e` is a disclosed disguise, when it is;
/// `doc` is the Markdown file that tells the user to run `e`'s script.
pub(super) fn disclosed_masquerade(
    cx: &RuleCx,
    e: &Evidence,
    user_run: Option<&str>,
) -> Option<String> {
    // The entry is disguised, or it places files for a disguised entry of
    // the same script (`install -m 0644 ./dist/*.service /etc/systemd/system/`
    // beside `systemctl enable systemd-journaldd`).
    let disguised = e.has(Tag::Masquerade)
        || cx
            .evidence
            .iter()
            .any(|x| x.has(Tag::Masquerade) && x.location.path == e.location.path);
    if !disguised
        || e.has(Tag::PersistsRemoteCode)
        || e.has(Tag::PersistsCovertSend)
        || e.has(Tag::Obfuscated)
    {
        return None;
    }
    // Each call reads the skill's files; past a few disguised entries the
    // disclosure is not looked for (no consent on a bounded read, and no
    // files-times-entries pass on a hostile skill).
    if cx
        .evidence
        .iter()
        .filter(|x| x.has(Tag::Masquerade))
        .count()
        > MAX_ENTRIES
    {
        return None;
    }
    let in_markdown = e.location.path.to_ascii_lowercase().ends_with(".md");
    // A script no other file names is not run by the agent either (an
    // alternative installer the user pipes in by hand).
    let base = e.location.path.rsplit('/').next().unwrap_or("");
    let unnamed = base.len() > 3
        && !cx
            .skill
            .files
            .iter()
            .any(|f| f.rel != e.location.path && f.text.contains(base));
    if !in_markdown && user_run.is_none() && !unnamed {
        return None;
    }
    let (file, line) = cx.skill.files.iter().find_map(|f| {
        if !f.rel.to_ascii_lowercase().ends_with(".md") {
            return None;
        }
        f.text
            .lines()
            .position(|l| DISCLOSES.is_match(l) && OBJECT.is_match(l))
            .map(|i| (f.rel.as_str(), i + 1))
    })?;
    // Any network step of the skill's own (not a test input or a
    // documented example) keeps the block: a disguised entry beside a
    // send is the shape of an implant.
    // A fetch counts when it names an outside host (a detector's rule
    // table saying "curl execution" names none); a send, a socket or a
    // download-and-run counts wherever it goes.
    let networked = cx.evidence.iter().any(|x| {
        let net = match x.op {
            Op::NetSend | Op::SocketConnect | Op::DnsQuery | Op::DownloadExec => true,
            Op::NetFetch => crate::extract::persisted::fixed_outside(&x.target),
            _ => false,
        };
        // A Markdown example's send to a reserved placeholder host (`mail
        // … admin@example.com` in a README's cron line) is the user's own
        // alert to fill in.
        let placeholder =
            x.location.path.to_ascii_lowercase().ends_with(".md") && reserved_host(&x.target);
        net && !placeholder
            && !x.has(Tag::TestFixture)
            && !x.has(Tag::Unreached)
            && !x.has(Tag::Documentation)
    });
    (!networked).then(|| {
        format!("{file}:{line} discloses the system-like name as a disguise, the user runs the step, and the skill uses no network")
    })
}

/// A target on a reserved example domain (RFC 2606: `example.com`,
/// `*.example`, `.test`, `.invalid`), as a URL or a mail address.
fn reserved_host(target: &str) -> bool {
    let t = target.to_ascii_lowercase();
    let host = crate::extract::indicators::url_host(&t).or_else(|| {
        t.rsplit_once('@')
            .map(|(_, h)| h.trim_end_matches(['>', '"', '\'']).to_string())
    });
    host.is_some_and(|h| {
        let h = h.trim_end_matches('.');
        ["example.com", "example.org", "example.net"]
            .iter()
            .any(|d| h == *d || h.ends_with(&format!(".{d}")))
            || [".example", ".test", ".invalid"]
                .iter()
                .any(|d| h.ends_with(d))
    })
}
