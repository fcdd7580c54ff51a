//! Round 45 (recall45b, r45 meeting-recap-mailer): a mail recipient that
//! the skill's data holds. `mail_forward.rs` and `mail_relay.rs` read an
//! address written where the mail is sent; the next spelling keeps the
//! sending code plain (`s.send_message(msg, to_addrs=rcpts)`) and moves the
//! extra recipient into a bundled defaults file beside it
//! (`archive_copy: "recaps@mailvault-relay.example"`), added to the
//! envelope, a `Bcc`, a `cc:` of nodemailer, a `mail -b` flag. Neither file
//! alone says anything: the code adds "a recipient from the config", the
//! config holds "an address".
//!
//! One reading for every language and every mail tool: a code file that
//! sends mail ([`SENDS`]: SMTP clients, `sendmail`/`mail`/`mutt`/`msmtp`,
//! nodemailer, PHP `mail()`, `Send-MailMessage`, the mail APIs of SES,
//! SendGrid, Mailgun, Postmark, Resend) and reads, from a bundled data file
//! (`config_values::reads`: the code names the file and the key), a value
//! that is a literal address of someone's mailbox ([`fixed_address`]): not
//! a placeholder, not the sender (`from`, `reply_to`, the login), not a
//! contact printed in a signature. Every message the skill sends then goes
//! to that mailbox too. It is a standing copy of the user's mail
//! (`MailForward`, SK-EXFIL-006) unless the skill's documents write the
//! address out, so the user sees who gets the copy.

use super::Src;
use super::config_values::{Entry, Reads};
use crate::evidence::{Evidence, Origin};
use crate::skill::Skill;
use crate::ssl::vocab::ResourceScope as R;

/// Mail sent by a program, in every language's and tool's spelling.
static SENDS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?x)
      \bsmtplib\b | \bNet::SMTP\b | \bnodemailer\b | \bcreateTransport\s*\( | \bsendMail\s*\(
    | \bsend_message\s*\( | \bsendmail\s*\( | \bsmtp\.SendMail\s*\( | \bSMTP(?:_SSL)?\s*\(
    | \bSend-MailMessage\b | \bPHPMailer\b | \bMIME::Lite\b | \bEmail::Sender\b | \bMail::Sendmail\b
    | \bMail\.(?:new|deliver)\b | \blettre:: | \bSmtpClient\b | \bmail\s*\(\s*\$
    | (?:^|[\s;|&(`])(?:/usr/s?bin/)?(?:sendmail|mailx?|mutt|msmtp|s-nail)\s+-
    | \bsend_?email\s*\( | \bSendEmail(?:Command)?\b | \bsendgrid\b | \bmailgun\b | \bpostmark\b
    | \bresend\.emails\b | \bmessages\(\)\.send\s*\(
    ",
);

/// A key that names the sender, the login or a contact shown to readers,
/// not a recipient (lower case, anywhere in the dotted key).
const NOT_RECIPIENT: &[&str] = &[
    "from",
    "sender",
    "reply",
    "return",
    "user",
    "login",
    "signature",
    "footer",
    "support",
    "contact",
    "author",
    "maintainer",
    "homepage",
];

/// Hosts that hold no one's mailbox: documentation placeholders.
fn placeholder_host(host: &str) -> bool {
    let h = host.to_ascii_lowercase();
    ["example.com", "example.org", "example.net", "localhost"]
        .iter()
        .any(|p| h == *p || h.ends_with(&format!(".{p}")))
        || h.starts_with("example.")
        || h.ends_with(".test")
        || h.ends_with(".invalid")
        || h.ends_with(".local")
        || ["your", "company", "domain", "corp.", "acme"]
            .iter()
            .any(|p| h.contains(p))
}

/// The literal mailbox a data value names: `a@b.tld`, `Name <a@b.tld>`,
/// not a placeholder or a template.
pub(crate) fn fixed_address(value: &str) -> Option<&str> {
    let v = value.trim();
    let v = v
        .rsplit_once('<')
        .map_or(v, |(_, r)| r.trim_end_matches('>'))
        .trim();
    let (local, host) = v.split_once('@')?;
    let local_ok = !local.is_empty()
        && local
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-' | b'+'));
    let tld = host.rsplit('.').next().unwrap_or("");
    let host_ok = host.contains('.')
        && host
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-'))
        && tld.len() >= 2
        && tld.bytes().all(|c| c.is_ascii_alphabetic());
    let l = local.to_ascii_lowercase();
    let named_placeholder = ["you", "your", "me", "user", "name", "someone", "recipient"]
        .contains(&l.as_str())
        || l.starts_with("your");
    (local_ok && host_ok && !placeholder_host(host) && !named_placeholder).then_some(v)
}

fn recipient_key(e: &Entry) -> bool {
    let k = e.key.to_ascii_lowercase();
    !NOT_RECIPIENT.iter().any(|w| k.contains(w))
}

/// The addresses the skill's documents write out, gathered once.
fn documented(skill: &Skill) -> std::collections::HashSet<String> {
    let mut out = std::collections::HashSet::new();
    for f in skill.files.iter().filter(|f| {
        let l = f.rel.to_ascii_lowercase();
        l.ends_with(".md") || l.ends_with(".txt") || l.ends_with(".rst")
    }) {
        let words = f.text.split(|c: char| {
            c.is_whitespace()
                || matches!(
                    c,
                    '<' | '>' | '`' | '(' | ')' | ',' | '"' | '\'' | '[' | ']'
                )
        });
        for w in words.filter(|w| w.contains('@')) {
            out.insert(w.trim_end_matches(['.', ':', ';']).to_string());
        }
    }
    out
}

/// Adds a standing copy of the skill's mail for every literal recipient a
/// mail-sending code file reads from a bundled data file.
pub fn scan_skill(skill: &Skill, reads: &Reads, evidence: &mut Vec<Evidence>) {
    let mut done: Vec<&str> = Vec::new();
    let mut docs: Option<std::collections::HashSet<String>> = None;
    // Whether each reader sends mail, asked once per reader.
    let mut sends: std::collections::HashMap<&str, Option<usize>> = Default::default();
    for (reader, data, entry) in &reads.by_reader {
        if done.contains(&reader.as_str()) || !recipient_key(entry) {
            continue;
        }
        let Some(addr) = fixed_address(&entry.value) else {
            continue;
        };
        let Some(file) = skill.files.iter().find(|f| &f.rel == reader) else {
            continue;
        };
        let send = *sends
            .entry(reader.as_str())
            .or_insert_with(|| SENDS.find(&file.text).map(|m| m.start()));
        let Some(send) = send else {
            continue;
        };
        if docs.get_or_insert_with(|| documented(skill)).contains(addr) {
            continue;
        }
        done.push(reader.as_str());
        // Located at the first line that names the key, else at the send.
        let last = entry.key.rsplit('.').next().unwrap_or(&entry.key);
        let at = file.text.find(last).unwrap_or(send);
        let (ls, le) = super::region::line_span(&file.text, at);
        let src = Src::new(&file.rel, &file.text, Origin::Script);
        let ev = super::mail_forward::mail_copy(
            addr,
            R::UserData,
            "mail recipient from data",
            format!(
                "every message the skill sends also goes to {addr}, a recipient read from {data} ({}) that no document names",
                entry.key
            ),
        );
        evidence.push(src.at(ev, ls, le, "code"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_addresses() {
        assert!(fixed_address("recaps-archive@mailvault-relay.example").is_some());
        assert!(fixed_address("Archive <keep@mail-keep.io>").is_some());
        assert!(fixed_address("you@example.com").is_none());
        assert!(fixed_address("team@yourcompany.com").is_none());
        assert!(fixed_address("{{ to }}").is_none());
        assert!(fixed_address("").is_none());
    }

    #[test]
    fn sends() {
        for c in [
            "with smtplib.SMTP(h) as s:",
            "const t = nodemailer.createTransport(cfg)",
            "mail -s \"$SUBJ\" -b \"$BCC\" \"$TO\" < r.txt",
            "mail($to, $subject, $body, $headers);",
            "Send-MailMessage -To $to -Bcc $cfg.archive",
        ] {
            assert!(SENDS.is_match(c), "{c}");
        }
        assert!(!SENDS.is_match("print('mail sent')"));
    }
}
