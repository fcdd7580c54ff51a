//! Valuable objects that are not credential files (round 26): what a
//! person values and what protects their accounts, as one table used by
//! every front-end (token level, so every language) and by prose
//! (`objects_prose.rs`).
//!
//! * **Account-security mail** (`SECURITY_MAIL`, also `mail_relay`'s):
//!   one-time and verification codes, password resets and changes, sign-in
//!   and security alerts, new-device notices, 2FA and recovery mail,
//!   forwarding-address notices, and the senders that send them
//!   (`security@`, `no-reply@accounts.`). Acts on it, by structure: a
//!   hiding or destroying act (`HIDE`: IMAP `\Deleted`/`EXPUNGE`/`\Seen`,
//!   Gmail `trash`/`TRASH`/`removeLabelIds`/`batchDelete`, Graph
//!   `permanentDelete`/`markAsRead`/`moveToFolder`/`Remove-MgUserMessage`/
//!   `DELETE`, Exchange `-DeleteMessage`/`-MarkAsRead`, AppleScript
//!   `delete`/`read status`, notmuch `+deleted`, `mu remove`) or a forward
//!   (`FORWARD`: a filter's `forward` action, `forwardingAddresses`,
//!   Graph `/forward`, `messages.send`) whose region (`region.rs`: its
//!   function or outermost block with the local functions they call)
//!   selects security mail — the words in a string of the region, or a
//!   name the region reads whose assignment holds them — in a file that
//!   handles mail (`MAIL_CODE`). A hide is `AntiForensics` tagged
//!   `SecurityMail` (SK-EXEC-027, critical: the user never sees the alert
//!   that their account is being taken over); a forward is a `NetSend`
//!   tagged `MailForward` + `SecurityMail` (SK-EXFIL-006) unless the
//!   forward's line takes its address from the user (environment,
//!   arguments). A test that *excludes* security mail (`continue`, `next`,
//!   `skip`, `not`, `-notmatch`, `exclude`, `keep`) selects nothing.
//! * **Personal records** (`OBJECTS`, each with its kind): photo location
//!   and device metadata (EXIF readers in every language, `exiftool`,
//!   GPS/serial/owner tags), contacts and address books, calendars,
//!   message and chat stores, the clipboard, notes stores, shell/browser/
//!   REPL history, password-manager CLI output, TOTP seeds and recovery
//!   codes. A read is a source (`FileRead` tagged `ValuableObject`, scope
//!   `UserData`, or `Credentials` for vault items, seeds and codes);
//!   `rules/detectors/object_send.rs` (SK-EXFIL-011) pairs it with a send
//!   of the same file to a host no document names.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Account-security mail: codes, resets, sign-in and security alerts,
/// recovery, and the senders of such mail (whole-word heads).
pub static SECURITY_MAIL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bverif|security.code|one.time|\botp\b|password.reset|reset.your.password|sign.?in.(?:code|link|attempt|alert)|log.?in.(?:code|alert|attempt)|\b2fa\b|two.factor|two.step|2.step.verif|magic.link|confirmation.code|\bpasscode\b|security.(?:alert|notice|notification)|new.(?:sign.?in|log.?in|device)|unusual.(?:sign.?in|activity|log.?in)|suspicious.(?:sign.?in|activity|log.?in)|password.(?:was.)?changed|password.change|recovery.(?:email|code|phone)|forwarding.(?:address|rule)|app.password|account.security|no.?reply@accounts|\bsecurity@",
);

/// A file that handles mail: clients, APIs, stores.
static MAIL_CODE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)imaplib|\bimap\w*|imapflow|\bpoplib\b|\bgmail\b|users\(\)\.messages\(\)|users\.messages\b|mbox\b|maildir|MgUser\w*(?:Message|MailFolder)|mailFolders|messageRules|graph\.microsoft\.com|InboxRule|application\s+"Mail"|Application\(\s*['"]Mail['"]|\bnotmuch\b|\bmu\s+(?:find|remove)\b|\bMail::IMAPClient\b|Net::IMAP|\bexchangelib\b|\bEWS\b"#,
);

/// Acts that hide or destroy the mail they select.
static HIDE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\\\\?Deleted\b|\bexpunge\b|\+FLAGS[^\n]{0,40}\\\\?Seen|\.trash\s*\(|(?-i:['"]TRASH['"])|\bremoveLabelIds\b|\bbatchDelete\b|messages\(\)\.delete\b|messages\.delete\s*\(|\bpermanentDelete\b|\bmarkAsRead\b|\bmoveToFolder\b|Remove-MgUser\w*Message\b|Move-MgUserMessage\b|-Method\s+['"]?DELETE\b|-DeleteMessage\b|-MarkAsRead\b|-MoveToFolder\b|-SoftDeleteMessage\b|\bdelete\s+(?:\(?every\s+messages?|messages?|msgs?|m|theMessages?)\b|\bread\s+status\b[^\n]{0,40}\btrue\b|\btag\s+\+deleted\b|\bmu\s+remove\b|recoverableitems"#,
);

/// Acts that send the mail they select somewhere else.
static FORWARD: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)['"]forward['"]\s*:|\bforward\s*[:=]|forwardingAddresses|forwardTo\b|redirectTo\b|forwardAsAttachmentTo\b|-ForwardTo\b|-RedirectTo\b|-ForwardAsAttachmentTo\b|/forward\b|\bcreateForward\b|Invoke-MgForwardUserMessage|messages\(\)\.send\b|messages\.send\s*\(|\bforward\s+(?:the\s+)?(?:msg|message|it)\b"#,
);

/// A line that excludes what it tests: the mail is kept, not selected.
static EXCLUDES: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bcontinue\b|\bnext\b|\bskip\w*|\bnot\b|-notmatch\b|-notlike\b|\bexclud\w*|\bkeep\w*|\bprotect\w*|\bnever\b|\bunless\b|!\s*[/(\w]|\bignore\w*|-in:",
);

/// A line that prints or logs: its words are a message, not a selection.
static OUTPUT_LINE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bconsole\.\w+\s*\(|\bprint(?:f|ln)?\s*\(|\becho\b|Write-(?:Host|Output|Error|Warning)\b|\blog(?:ger)?\.\w+\s*\(|\bputs\b|\bdie\b|\braise\b|\bthrow\b|\bwarn\s*\(",
);

/// `verif…` read as security mail in code only as a mail phrase
/// (`verification code`, `verify your email`, `verification link`): the
/// bare head is also TLS and signature checking.
static VERIFY_MAIL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)^verif(?:ication|y)[ _-](?:code|your|link|email|e-mail|request|required)",
);

/// A line that defines a function: the act is its name, not a call.
static DEFINES: crate::rx::Lazy =
    crate::rx::Lazy::new(r"\b(?:function|def|fn|sub|func|proc)\s+[\w.:]*$");

/// The address of a forward comes from the user (environment, arguments,
/// a prompt, a parameter of the skill's configuration).
static USER_GIVEN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)os\.environ|\bgetenv\b|process\.env|\$ENV\{|\$env:|\bargv\b|\bARGV\b|\bargs\.\w+|Read-Host|\binput\s*\(|\$\{?\d\b|\bparam\s*\(",
);

/// Lines that are comments in the common languages.
fn comment(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with('#') || t.starts_with("//") || t.starts_with("--") || t.starts_with('*')
}

/// Whether `at` is inside a string or regex literal on its line (an odd
/// count of one quote kind before it, or after a `/`, `=~`, `-match`): the
/// words are data the program selects with, not a name.
fn in_literal(text: &str, at: usize) -> bool {
    let (ls, _) = super::region::line_span(text, at);
    let head = &text[ls..at];
    head.matches('"').count() % 2 == 1
        || head.matches('\'').count() % 2 == 1
        || head.contains("=~")
        || head.contains('/')
        || head.contains("-match")
        || head.contains("-like")
}

/// The security-mail selections of `text`: match starts in a literal of a
/// line that does not exclude them, and the names their statements assign.
fn selections(text: &str) -> (Vec<usize>, Vec<String>) {
    let mut at = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for (k, m) in SECURITY_MAIL.find_iter(text).enumerate() {
        if k == crate::limits::REGION_MAX_SITES {
            crate::limits::gave_up("REGION_MAX_SITES");
            break;
        }
        let (ls, le) = super::region::line_span(text, m.start());
        let line = &text[ls..le];
        if comment(line)
            || !in_literal(text, m.start())
            || EXCLUDES.is_match(line)
            || skips_next(text, line, le)
            || OUTPUT_LINE.is_match(line)
            || m.as_str().eq_ignore_ascii_case("verif")
                && !VERIFY_MAIL.is_match(crate::text::slice(text, m.start(), le))
        {
            continue;
        }
        at.push(m.start());
        // The line opening the list or call that holds the word names what
        // it assigns (`NOISE = [`, `$noise = @(`, `_Q = " OR ".join([`),
        // else the word's own line does (`$noise = @('a', 'b')`).
        let open = list_open(text, m.start()).unwrap_or(m.start());
        let (hs, _) = super::region::line_span(text, open);
        for n in super::region::assigned_names(&text[hs..open.max(hs)]) {
            let n = n.trim_start_matches(['$', '@', '%']).to_string();
            if !names.contains(&n) && names.len() < 32 {
                names.push(n);
            }
        }
    }
    (at, names)
}

/// A condition whose body, on the next line, leaves the item alone
/// (`if 'security alert' in subj:` then `continue`): the test excludes.
fn skips_next(text: &str, line: &str, le: usize) -> bool {
    let head = line.trim_start().trim_start_matches(['}', ' ']);
    let cond = [
        "if ", "if(", "elif ", "elsif ", "else if", "unless ", "when ",
    ]
    .iter()
    .any(|k| head.starts_with(k));
    if !cond {
        return false;
    }
    let rest = text
        .get(le..)
        .unwrap_or("")
        .trim_start_matches(['\r', '\n']);
    let next = rest.lines().next().unwrap_or("").trim();
    let next = next.trim_start_matches('{').trim();
    ["continue", "next", "return", "skip"].iter().any(|k| {
        next.strip_prefix(k)
            .is_some_and(|r| r.is_empty() || r.starts_with([';', ' ', '}']))
    })
}

/// Where the list or call holding `at` opens: the nearest unmatched `[`,
/// `(` or `{` before it, at most `OBJECTS_MAX_LIST_BACK` bytes back.
fn list_open(text: &str, at: usize) -> Option<usize> {
    let b = text.as_bytes();
    let floor = at.saturating_sub(crate::limits::OBJECTS_MAX_LIST_BACK);
    let mut depth = 0usize;
    let mut i = at;
    while i > floor {
        i -= 1;
        match b[i] {
            b')' | b']' | b'}' => depth += 1,
            b'(' | b'[' | b'{' if depth == 0 => return Some(i),
            b'(' | b'[' | b'{' => depth -= 1,
            // A line opening at column 0 with a name starts another
            // statement: no list holds the word.
            // A blank line or a statement's end also closes the search.
            b'\n'
                if b.get(i + 1)
                    .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'$' || *c == b'\n') =>
            {
                return None;
            }
            b';' if depth == 0 => return None,
            _ => {}
        }
    }
    if floor > 0 {
        crate::limits::gave_up("OBJECTS_MAX_LIST_BACK");
    }
    None
}

/// Security mail hidden, destroyed or forwarded by the code in `src`; see
/// the module docs.
pub fn scan_security_mail(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !SECURITY_MAIL.is_match(text) || !MAIL_CODE.is_match(text) {
        return;
    }
    let regions = super::region::Regions::new(src.path, text);
    let (picked, names) = selections(text);
    if picked.is_empty() {
        return;
    }
    let mut done = (false, false);
    for (forward, rx) in [(false, &HIDE), (true, &FORWARD)] {
        for (k, m) in rx.find_iter(text).enumerate() {
            if k == crate::limits::REGION_MAX_SITES {
                crate::limits::gave_up("REGION_MAX_SITES");
                break;
            }
            let (ls, le) = super::region::line_span(text, m.start());
            if comment(&text[ls..le])
                || DEFINES.is_match(&text[ls..m.start()])
                || (if forward { done.1 } else { done.0 })
            {
                continue;
            }
            let reach = regions.reach_at(text, m.start());
            let selects = picked.iter().any(|&p| reach.holds(p))
                || names.iter().any(|n| reach.names(text, n));
            if !selects {
                continue;
            }
            let ev = if forward {
                if USER_GIVEN.is_match(&text[ls..le]) {
                    continue;
                }
                done.1 = true;
                Evidence::new(
                    Op::NetSend,
                    A::Transfer,
                    R::Credentials,
                    "mailto:(forward of account-security mail)",
                )
                .tag(Tag::MailForward)
                .tag(Tag::SecurityMail)
                .instrument("mail forward")
                .object(
                    "the user's sign-in codes, password resets and security alerts forwarded out",
                )
            } else {
                done.0 = true;
                Evidence::new(
                    Op::AntiForensics,
                    A::UpdateState,
                    R::UserData,
                    "account-security mail",
                )
                .tag(Tag::SecurityMail)
                .instrument(m.as_str().trim().to_string())
                .object(
                    "the user's sign-in alerts, codes and password-reset mail hidden or destroyed",
                )
            };
            sink.push(src.at(ev, ls, le, "code"));
        }
    }
}

/// Kinds of valuable object, with the scope a read of one has.
#[derive(Clone, Copy)]
struct Kind {
    what: &'static str,
    scope: R,
    rx: &'static crate::rx::Lazy,
}

static PHOTO_META: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\b_?getexif\s*\(|\bget_ifd\s*\(|\bpiexif\.load\b|\bexifread\b|\bexiftool\b|\bexif::Reader\b|\bkamadak_exif\b|\bExifReader\b|\bexifr\b|\bexif-parser\b|\bCGImageSourceCopyPropertiesAtIndex\b|\bMetadataExtractor\b|\bexif_read_data\s*\(|Image::ExifTool|\bGPSLatitude\b|\bBodySerialNumber\b|\bCameraOwnerName\b|\bGPSInfo\b"#,
);
static CONTACTS: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bCNContactStore\b|Application\(\s*['"]Contacts['"]\s*\)|application\s+"Contacts"|\bAddressBook\b|\.abcddb\b|people\(\)\.connections\(\)|people\.connections\b|contacts\.google\.com|BEGIN:VCARD|\bvobject\b"#,
);
static CALENDAR: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"BEGIN:VEVENT|\bVEVENT\b|\bicalendar\b|\bnode-ical\b|\bical\.js\b|\bEKEventStore\b|Application\(\s*['"]Calendar['"]\s*\)|application\s+"Calendar"|\bevents\(\)\.list\b|Calendar\.sqlitedb|\bicalparser\b|\bICal\b"#,
);
static MESSAGES: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bchat\.db\b|Library/Messages\b|ChatStorage\.sqlite|\bconversations\.history\b|conversations_history|\bmsgstore\.db\b|Signal/(?:sql|config\.json)|Telegram Desktop/tdata|\bdiscord\w*/Local Storage"#,
);
static CLIPBOARD: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bpbpaste\b|\bxclip\b[^\n]{0,40}\s-o\b|\bxsel\b[^\n]{0,20}\s-[a-z]*o\b|\bwl-paste\b|\bGet-Clipboard\b|clipboard\.readText\b|\bpyperclip\.paste\b|\bNSPasteboard\b|\bclipboard\.ReadAll\b|\bClipboard\.GetText\b|\bclipboard::get\b|the\s+clipboard|\barboard::Clipboard\b|\bClipboardContext\b|\bcli_clipboard::get_contents\b|\bwl_clipboard_rs::paste\b|\bClipboard\.paste\b|Clipboard->paste\b|Win32::Clipboard\b|\bgetreg\(\s*['"][+*]['"]|\bclipboard\.Read(?:Text)?\(|\bclipboard\.get\(\)"#,
);
static NOTES: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"NoteStore\.sqlite|group\.com\.apple\.notes|application\s+"Notes"|\.obsidian\b|Joplin/|net\.shinyfrog\.bear|\bEvernote\b"#,
);
static HISTORY: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\.(?:bash|zsh|sh|python|node_repl|psql|mysql|sqlite|irb|lesshst)_?history\b|\bfish_history\b|ConsoleHost_history\b|/History['"\s]|places\.sqlite\b|\bHISTFILE\b"#,
);
static VAULT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bbw\s+(?:list|export)\b|['"]bw['"]\s*,\s*['"](?:list|export)['"]|\bop\s+(?:item\s+list|export)\b|\bgopass\s+(?:ls|list|export)\b|\bkeepassxc-cli\s+(?:export|ls)\b|\blpass\s+(?:export|ls)\b"#,
);
static OTP_SEEDS: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)otpauth(?:-migration)?:/|\btotp[_ -]?(?:secret|seed|uri)s?\b|\bauthy\b|\brecovery[_ -]codes?\b|\bbackup[_ -]codes?\b"#,
);

/// Round 38 (r38 perl-log-parser): secret values a credential-format
/// pattern captures from text the code scans (an access log, a repository,
/// a paste): the pattern as code writes it, a class or group right after a
/// vendor's token prefix (`AKIA[0-9A-Z]{16}`, `gh[pousr]_`, `ghp_[A-Za-z…`,
/// `xox[abp]-`, `sk_live_[…`, `glpat-[…`, `AIza[…`; round 44: also after a
/// pattern's own word boundary, `/\bAKIA[…`, and OpenAI's `sk-[A-Za-z0-9…`).
/// What it matches are the
/// secrets themselves; a "redactor" that keeps them and sends them out
/// sends the user's keys. A read scope of user data (a scanner alone reads
/// no credential file); the send rules judge where the values go.
static SECRET_FORMATS: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?:\b|\\b)(?:(?:AKIA|ASIA)(?:\[|\(\?:)|gh\[p[a-z]*\]_|gh[pousr]_\[|xox\[[a-z]+\]|xox[abposr]-\[|sk_live_\[|sk-(?:proj-)?\[A-Za-z0-9|glpat-\[|AIza\[|npm_\[A-Za-z0-9)"#,
);

const KINDS: &[Kind] = &[
    Kind {
        what: "photo location and device metadata",
        scope: R::UserData,
        rx: &PHOTO_META,
    },
    Kind {
        what: "contacts",
        scope: R::UserData,
        rx: &CONTACTS,
    },
    Kind {
        what: "calendar events",
        scope: R::UserData,
        rx: &CALENDAR,
    },
    Kind {
        what: "messages and chat history",
        scope: R::UserData,
        rx: &MESSAGES,
    },
    Kind {
        what: "clipboard contents",
        scope: R::UserData,
        rx: &CLIPBOARD,
    },
    Kind {
        what: "notes",
        scope: R::UserData,
        rx: &NOTES,
    },
    Kind {
        what: "shell or browser history",
        scope: R::UserData,
        rx: &HISTORY,
    },
    Kind {
        what: "password-manager items",
        scope: R::UserData,
        rx: &VAULT,
    },
    Kind {
        what: "TOTP seeds and recovery codes",
        scope: R::UserData,
        rx: &OTP_SEEDS,
    },
    Kind {
        what: "secret values matched by credential patterns",
        scope: R::UserData,
        rx: &SECRET_FORMATS,
    },
];

/// The first match of `rx` outside a comment line, among the first
/// `OBJECTS_MAX_SITES`; past them the file is marked incomplete (lead, round
/// 26: 64 commented mentions must not hide the live one after them).
fn first_live<'t>(rx: &crate::rx::Lazy, text: &'t str) -> Option<regex::Match<'t>> {
    for (k, m) in rx.find_iter(text).enumerate() {
        if k == crate::limits::OBJECTS_MAX_SITES {
            crate::limits::gave_up("OBJECTS_MAX_SITES");
            return None;
        }
        let (ls, le) = super::region::line_span(text, m.start());
        if !comment(&text[ls..le]) {
            return Some(m);
        }
    }
    None
}

/// Reads of valuable objects in the code of `src`: one source per kind,
/// at its first line that is not a comment.
pub fn scan_objects(src: &Src, sink: &mut Sink) {
    let text = src.text;
    for kind in KINDS {
        let Some(m) = first_live(kind.rx, text) else {
            continue;
        };
        let (ls, le) = super::region::line_span(text, m.start());
        let ev = Evidence::new(Op::FileRead, A::Read, kind.scope, kind.what)
            .tag(Tag::ValuableObject)
            .instrument(m.as_str().trim().to_string())
            .object(kind.what);
        sink.push(src.at(ev, ls, le, "code"));
    }
}

/// A host name the file builds from literal pieces, in every language's
/// spelling of a join: `["geo", "kit", "io"].join(".")` (JS, Ruby, Rust),
/// `%w[a b c].join(".")` (Ruby), `".".join(("a", "b"))` (Python),
/// `implode('.', […])` (PHP), `join('.', 'a', 'b')` (Perl, PHP),
/// `strings.Join([]string{…}, ".")` (Go), `join '.', qw(a b c)` (Perl's
/// word list, round 44: r44 logline-redactor's relay); pieces joined with
/// `""` (`['https://', 'x', '.kit', '.app'].join('')`) too.
static JOINED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\[\s*(?P<a>(?:['"][^'"\n]{0,60}['"]\s*,\s*)+['"][^'"\n]{0,60}['"])\s*,?\s*\]\s*\.join\(\s*['"](?P<as>\.?)['"]\s*\)|%w[\[(](?P<b>[\w.\- ]{3,120})[\])]\.join\(\s*['"](?P<bs>\.?)['"]\s*\)|['"](?P<cs>\.?)['"]\.join\(\s*[\[(]\s*(?P<c>(?:['"][^'"\n]{0,60}['"]\s*,\s*)+['"][^'"\n]{0,60}['"])\s*,?\s*[\])]\s*\)|\b(?:implode|join)\(\s*['"](?P<ds>\.?)['"]\s*,\s*\[?\s*(?P<d>(?:['"][^'"\n]{0,60}['"]\s*,\s*)+['"][^'"\n]{0,60}['"])\s*\]?\s*\)|strings\.Join\(\s*\[\]string\{\s*(?P<e>(?:"[^"\n]{0,60}"\s*,\s*)+"[^"\n]{0,60}")\s*,?\s*\}\s*,\s*"(?P<es>\.?)"\s*\)|\bjoin\s*\(?\s*['"](?P<fs>\.?)['"]\s*,\s*qw\s*[\[({/](?P<f>[\w.\- ]{3,120})[\])}/]"#,
);

/// A request that carries data out, in every language: a POST or PUT, a
/// client's post call, an HTTP body, an SMTP client, a DNS lookup (its
/// labels carry data).
static OBJECT_SEND: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\.post\s*\(|['"](?:POST|PUT)['"]|Net::HTTP\.post\b|Net::HTTP::(?:Post|Put)\b|HTTPBody\b|CURLOPT_POSTFIELDS|http\.Post\b|\bNet::SMTP\b|\bsmtplib\b|\bnodemailer\b|\bLookup(?:Host|TXT|IP)\s*\(|\bgethostbyname\b|\bgetaddrinfo\b|\bResolve-DnsName\b|\bdns\.resolve\w*\s*\("#,
);

/// The hosts `text` builds from pieces, with the offset of each join.
pub(super) fn joined_hosts(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for c in JOINED
        .captures_iter(text)
        .take(crate::limits::REGION_MAX_SITES)
    {
        let Some((list, sep)) = [
            ("a", "as"),
            ("b", "bs"),
            ("c", "cs"),
            ("d", "ds"),
            ("e", "es"),
            ("f", "fs"),
        ]
        .iter()
        .find_map(|(l, s)| Some((c.name(l)?, c.name(s)?.as_str()))) else {
            continue;
        };
        let pieces: Vec<&str> = if list.as_str().contains(['"', '\'']) {
            list.as_str()
                .split(['"', '\''])
                .skip(1)
                .step_by(2)
                .collect()
        } else {
            list.as_str().split_whitespace().collect()
        };
        let joined = pieces.join(sep);
        let rest = joined.split_once("://").map_or(joined.as_str(), |(_, r)| r);
        let host = rest
            .split(['/', ':', '?'])
            .next()
            .unwrap_or("")
            .trim_start_matches(|c: char| !c.is_ascii_alphanumeric())
            .to_ascii_lowercase();
        let tld = host.rsplit('.').next().unwrap_or("");
        let labels_ok = host
            .split('.')
            .all(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'));
        // Round 44: a public IPv4 address joined from its octets
        // (`join '.', qw(198 51 100 61)`) is a host built from pieces too.
        let ip = super::indicators::IPV4.is_match(&host)
            && host.split('.').all(|o| o.parse::<u8>().is_ok());
        if host.contains('.')
            && labels_ok
            && (ip || tld.len() >= 2 && tld.bytes().all(|b| b.is_ascii_alphabetic()))
            && !super::indicators::is_private_host(&host)
        {
            out.push((c.get(0).map_or(0, |m| m.start()), host));
        }
    }
    out
}

/// A send of a file that reads a valuable object, to a host the file
/// builds from pieces (no URL literal the other front-ends would read):
/// a `NetSend` tagged `ValuableObject` at the send's line.
fn scan_joined_sends(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let Some(send) = first_live(&OBJECT_SEND, text) else {
        return;
    };
    let Some((_, host)) = joined_hosts(text).into_iter().next() else {
        return;
    };
    let url = format!("https://{host}/");
    let (ls, le) = super::region::line_span(text, send.start());
    let ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, url.clone())
        .tags(super::indicators::classify_url(&url))
        .tag(Tag::ValuableObject)
        .instrument(send.as_str().trim().to_string())
        .object("data sent to a host built from pieces");
    sink.push(src.at(ev, ls, le, "code"));
}

/// The passes, for a code file of any language.
pub fn scan(src: &Src, sink: &mut Sink) {
    scan_security_mail(src, sink);
    let before = sink.items.len();
    scan_objects(src, sink);
    if sink.items.len() > before {
        scan_joined_sends(src, sink);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan_security_mail, path, text)
    }

    #[test]
    fn security_mail_expunged_through_a_named_list() {
        let py = "import imaplib\nNOISE = ['SUBJECT \"new sign-in\"', 'SUBJECT \"security alert\"']\n\ndef purge(m):\n    for crit in NOISE:\n        typ, data = m.search(None, crit)\n        m.store(data[0], '+FLAGS', '\\\\Deleted')\n    m.expunge()\n\ndef news(m):\n    m.store(ids, '+FLAGS', '\\\\Deleted')\n";
        let ev = run("c.py", py);
        assert_eq!(ev.len(), 1, "{ev:#?}");
        assert_eq!(ev[0].location.start_line, 7);
    }

    #[test]
    fn excluded_security_mail_is_no_selection() {
        let py = "import imaplib\n\ndef purge(m, msgs):\n    for i, subj in msgs:\n        if 'security alert' in subj:\n            continue\n        m.store(i, '+FLAGS', '\\\\Deleted')\n";
        assert!(run("c.py", py).is_empty());
    }
}
