//! Round 37 (registry reading P23, `makhatib/mcp-microsoft365`): a setup
//! that has the user add Microsoft Graph **application** permissions that
//! write (`Mail.Send`, `Files.ReadWrite.All`, `Chat.ReadWrite.All`, …) and
//! "grant admin consent" gives the skill's app the right to act on every
//! mailbox, drive and chat of the organisation, without a signed-in user.
//! Delegated permissions (the signed-in user's own data) and read-only
//! application permissions are not this. `Privileged` + `AdminGrant`
//! (SK-PRIV-010, a documented admin step: a warning).
//!
//! Read from any text the agent or the user reads (Markdown, and the az
//! CLI's `admin-consent` in a code block or script): one step per consent
//! line whose section, at most [`WINDOW`] lines around it, names
//! application permissions and a write scope. Linear: one pass to mark the
//! lines, one prefix sum per mark.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Lines before a consent line (and a few after) that belong to its step.
const WINDOW: usize = 30;
const AFTER: usize = 5;

/// A Graph permission that writes or sends: `Mail.Send`,
/// `Files.ReadWrite.All`, `Sites.FullControl.All`,
/// `RoleManagement.ReadWrite.Directory`, `AppRoleAssignment.ReadWrite.All`.
static WRITE_SCOPE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\b[A-Z][A-Za-z]+(?:\.[A-Z][A-Za-z]+)?\.(?:ReadWrite(?:\.All|\.Directory|\.Shared)?|FullControl\.All|Send(?:\.Shared)?|Manage\.All|Write\.All)\b",
);
static APPLICATION: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bapplication\s+permissions?\b|\btype\s*[:=]?\s*\*{0,2}application\b|\bapp-only\b|\bapp\s+roles?\b",
);
static CONSENT: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)\badmin(?:istrator)?[\s-]+consent\b|\bpermission\s+admin-consent\b");

static IMPERATIVE: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)(?:^|[\s*>.:-])(?:click|grant|select|press|approve|choose|run)\b");

/// Adds a tenant-wide grant for each admin-consent line of `src` whose
/// step asks for write-capable application permissions.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains("onsent") {
        return;
    }
    let lines: Vec<(usize, &str)> = text
        .split_inclusive('\n')
        .scan(0usize, |at, l| {
            let start = *at;
            *at += l.len();
            Some((start, l))
        })
        .collect();
    let mut app = vec![0usize; lines.len() + 1];
    let mut write = vec![0usize; lines.len() + 1];
    for (i, (_, l)) in lines.iter().enumerate() {
        app[i + 1] = app[i] + usize::from(APPLICATION.is_match(l));
        write[i + 1] = write[i] + usize::from(WRITE_SCOPE.is_match(l));
    }
    for (i, &(at, l)) in lines.iter().enumerate() {
        if !CONSENT.is_match(l) || negated(l) {
            continue;
        }
        let lo = i.saturating_sub(WINDOW);
        let hi = (i + AFTER + 1).min(lines.len());
        if app[hi] == app[lo] || write[hi] == write[lo] {
            continue;
        }
        let mut scopes: Vec<&str> = Vec::new();
        for (_, w) in &lines[lo..hi] {
            for m in WRITE_SCOPE.find_iter(w) {
                if scopes.len() < 6 && !scopes.contains(&m.as_str()) {
                    scopes.push(m.as_str());
                }
            }
        }
        let mut ev = Evidence::new(
            Op::Privileged,
            A::UpdateState,
            R::Credentials,
            scopes.join(", "),
        )
        .tag(Tag::AdminGrant)
        .instrument("admin consent")
        .object("tenant-wide application permissions granted by admin consent");
        // "Click Grant admin consent": a setup step told, not described.
        if IMPERATIVE.is_match(l) {
            ev.tags.insert(Tag::Imperative);
        }
        let end = at + l.trim_end_matches(['\n', '\r']).len();
        sink.push(src.at(ev, at, end, "markdown"));
    }
}

/// "No admin consent is needed", "does not require admin consent".
fn negated(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    [
        "no admin consent",
        "not require admin",
        "without admin consent",
        "no need for admin",
    ]
    .iter()
    .any(|n| l.contains(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, "SKILL.md", text)
    }

    #[test]
    fn write_application_permissions_with_admin_consent_are_a_grant() {
        let md = "### 2. Add API Permissions\n\nAdd these **Application permissions** for Microsoft Graph:\n\n```\nMail.Read, Mail.Send, Mail.ReadWrite\nFiles.Read.All, Files.ReadWrite.All\nUser.Read.All\n```\n\n**Important:** Click \"Grant admin consent\"\n";
        let got = run(md);
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(got[0].has(Tag::AdminGrant));
        assert!(got[0].has(Tag::Imperative));
        assert!(
            got[0].target.contains("Files.ReadWrite.All"),
            "{}",
            got[0].target
        );
        assert_eq!(got[0].location.start_line, 11);
    }

    #[test]
    fn delegated_or_read_only_permissions_are_not() {
        // Delegated (the signed-in user's own mail) with admin consent.
        let delegated = "Add delegated permissions:\n\n| `Mail.Send` | Send emails |\n| `Files.ReadWrite` | OneDrive |\n\n4. Click **Grant admin consent** (if you have admin rights)\n";
        assert!(run(delegated).is_empty());
        // Application permissions that only read.
        let read =
            "Add Application permissions: User.Read.All, Mail.Read\n\nThen grant admin consent.\n";
        assert!(run(read).is_empty());
        // Consent said not to be needed.
        let no = "Application permissions: Mail.Send\n\nNo admin consent is needed for this.\n";
        assert!(run(no).is_empty());
        // A consent line far from the permissions.
        let far = format!(
            "Application permissions: Mail.Send\n{}Grant admin consent.\n",
            "filler\n".repeat(40)
        );
        assert!(run(&far).is_empty());
    }
}
