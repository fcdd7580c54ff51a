//! Exfiltration through a rendered URL (round 22): the agent told to emit
//! a Markdown image or link (or an `<img>`), whose URL carries a
//! placeholder for the conversation, the user's data or a secret. A chat
//! client fetches an image as soon as it renders it, so the data leaves
//! without a click. The placeholder names the data itself (`<conversation
//! summary>`, `{{api_key}}`), or names a summary, context or payload while
//! the section it sits in names the user's data or the conversation. A
//! badge with a fixed URL or with placeholders for a package or a repo
//! (`img.shields.io/npm/v/<package>`) carries nothing of the user's.

use super::{Sink, Src};
use crate::evidence::{Origin, Tag};

/// An image, a link or an `<img src>`: the URL, with placeholders that may
/// hold spaces (`?ctx=<urlencoded summary>`).
static RENDERED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:!?\[[^\]\n]{0,200}\]\(\s*<?|<img\s[^>\n]{0,300}?src\s*=\s*["'])(?P<url>https?://[^\s()<>"'{}]+(?:(?:<[^<>\n]{1,80}>|\{\{?[^{}\n]{1,80}\}\}?|\$\{[^{}\n]{1,80}\})[^\s()<>"'{}]*)*)"#,
);
/// A placeholder in a URL.
static PLACEHOLDER: crate::rx::Lazy =
    crate::rx::Lazy::new(r"<[^<>\n]{1,80}>|\{\{?[^{}\n]{1,80}\}\}?|\$\{[^{}\n]{1,80}\}");
/// A placeholder that names the data itself.
static STRONG: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:conversations?|chats?|transcripts?|history|messages?|prompts?|questions?|user'?s?[ _-]+(?:input|message|question|data|text|query)|secrets?|tokens?|api[ _-]?keys?|passwords?|credentials?|env|environment|cookies?|pii|customers?|emails?)(?-u:\b)",
);
/// A placeholder that holds whatever the section says it holds.
static WEAK: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:summary|summari[sz]ed|context|content|contents|data|text|body|payload|info|details|notes|recap|digest)(?-u:\b)",
);
/// The section says the payload is the conversation or the user's data.
static SECTION_DATA: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:conversation|chat|transcript|messages\s+so\s+far|customer\s+(?:names?|emails?|data|details)|names,?\s+emails|email\s+addresses|order\s+numbers|internal\s+notes|personal\s+(?:data|details|information)|pii|api\s+keys?|tokens?|passwords?|credentials?|secrets?)(?-u:\b)",
);

/// A URL template written anywhere in the text (inline code, a bare URL),
/// with at least one placeholder: the link the agent is told to build.
static TEMPLATE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"https?://[^\s()<>"'{}`]+(?:(?:<[^<>\n]{1,80}>|\{\{?[^{}\n]{1,80}\}\}?|\$\{[^{}\n]{1,80}\})[^\s()<>"'{}`]*)+"#,
);
/// The section tells the agent to hand out, render or open a link (round
/// 45): "give the user a pre-filled link", "render it as a Markdown
/// link", "open this URL".
static HAND_OUT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:giv|hand|render|show|output|includ|present|provid|repl|respond|post|shar|open|visit|print|return|add|insert|emit|display)\w{0,4}(?-u:\b)[^.\n]{0,120}(?-u:\b)(?:links?|urls?|hyperlinks?|buttons?|images?|badges?)(?-u:\b)|(?-u:\b)(?:pre-?filled|one[ -]click)\s+(?:links?|urls?|forms?)",
);
/// A placeholder (or the query key before it) that names a secret or the
/// conversation: narrower than [`STRONG`], for URLs outside a Markdown
/// link (a docs search for `<your question>` is the vendor's help).
static SECRET_HOLE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:conversations?|chats?|transcripts?|history|secrets?|tokens?|api[ _-]?keys?|passwords?|passwd|credentials?|creds|env|dotenv|environment|cookies?|ssh[ _-]?keys?|private[ _-]?keys?)(?-u:\b)",
);
/// A secret file the section names, whose contents a generic placeholder
/// (`<contents>`) then holds: `.env`, `.npmrc`, `id_rsa`, `credentials`.
static SECRET_FILE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?:^|[\s`'(/~])(?P<f>\.env(?:\.\w+)?|\.npmrc|\.pypirc|\.netrc|\.pgpass|\.git-credentials|id_rsa|id_ed25519|\.aws/credentials|credentials\.json|secrets\.\w+|\.pem|kubeconfig)(?-u:\b)",
);

/// What one section says, for the URLs in it.
#[derive(Clone, Default)]
struct Facts {
    /// It names the user's data or the conversation (`Some(true)`: in
    /// words of more than one, "customer emails", so not a credential).
    data: Option<bool>,
    /// It tells the agent to hand out, render or open a link.
    hand_out: bool,
    /// The secret file it names.
    secret_file: Option<String>,
}

impl Facts {
    fn of(sec: &str) -> Self {
        Facts {
            data: SECTION_DATA.find(sec).map(|m| m.as_str().contains(' ')),
            hand_out: HAND_OUT.is_match(sec),
            secret_file: SECRET_FILE
                .captures(sec)
                .and_then(|c| c.name("f"))
                .map(|f| f.as_str().to_string()),
        }
    }
}

/// One URL that carries data: where it is, what it carries, whether that
/// is a credential.
struct Carried<'t> {
    start: usize,
    end: usize,
    url: &'t str,
    object: String,
    credential: bool,
    what: &'static str,
}

/// Emits a read of the user's data flowing to each rendered URL of `text`
/// (a Markdown file; `doc`: the whole file documents) that carries it.
pub fn scan(file: &Src, text: &str, doc: bool, sink: &mut Sink) {
    let rendered = RENDERED.is_match(text);
    let templates = TEMPLATE.is_match(text) && HAND_OUT.is_match(text);
    if !rendered && !templates {
        return;
    }
    let secs = crate::text::section_bytes(text);
    // What each section says, read once per section (a file of many URLs
    // in one long section stays linear).
    let mut facts: Vec<Option<Facts>> = vec![None; secs.len()];
    let mut section = |at: usize| -> Facts {
        let k = secs.partition_point(|(_, b)| *b <= at);
        let Some(&(a, b)) = secs.get(k).filter(|(a, _)| *a <= at) else {
            return Facts::default();
        };
        facts[k]
            .get_or_insert_with(|| Facts::of(crate::text::slice(text, a, b)))
            .clone()
    };
    let mut found: Vec<Carried> = Vec::new();
    for c in RENDERED.regex().captures_iter(text).filter(|_| rendered) {
        let Some(u) = c.name("url") else { continue };
        let url = u.as_str();
        let sec = section(u.start());
        let holes: Vec<&str> = PLACEHOLDER.find_iter(url).map(|m| m.as_str()).collect();
        let carried = holes
            .iter()
            .find(|h| STRONG.is_match(h) || WEAK.is_match(h) && sec.data.is_some());
        let Some(hole) = carried else { continue };
        let credential = !WEAK.is_match(hole)
            && super::prose_acts::names_credential(hole)
            && sec.data != Some(true);
        found.push(Carried {
            start: u.start(),
            end: u.end(),
            url,
            object: hole.trim_matches(['<', '>', '{', '}', '$']).to_string(),
            credential,
            what: "instruction to emit an image or link whose URL carries the user's data",
        });
    }
    // The Markdown links found above, in order: a template inside one is
    // that link.
    let links: Vec<(usize, usize)> = found.iter().map(|f| (f.start, f.end)).collect();
    for m in TEMPLATE.find_iter(text).filter(|_| templates) {
        let k = links.partition_point(|(_, e)| *e <= m.start());
        if links.get(k).is_some_and(|(s, _)| *s <= m.start()) {
            continue;
        }
        let sec = section(m.start());
        if !sec.hand_out {
            continue;
        }
        if let Some((object, credential)) = template_carries(m.as_str(), &sec) {
            found.push(Carried {
                start: m.start(),
                end: m.end(),
                url: m.as_str(),
                object,
                credential,
                what: "instruction to hand out a link whose URL carries a secret or the conversation",
            });
        }
    }
    if found.is_empty() {
        return;
    }
    found.sort_by_key(|f| f.start);
    let framed = super::doc_frame::framed_lines(text, doc);
    let (mut line, mut pos) = (0usize, 0usize);
    for f in found {
        line += text[pos..f.start].matches('\n').count();
        pos = f.start;
        let mut evs = super::prose_acts::read_then_send(
            &f.object,
            f.credential,
            f.url,
            f.what,
            format!("$rendered_url_{}", f.start),
        );
        let doc_line = framed.get(line).copied().unwrap_or(false);
        for ev in &mut evs {
            ev.tags.insert(if doc_line {
                Tag::Documentation
            } else {
                Tag::Imperative
            });
            let mut e = file.at(ev.clone(), f.start, f.end, "markdown");
            e.origin = Origin::Prose;
            *ev = e;
        }
        for ev in evs {
            sink.push(ev);
        }
    }
}

/// What a URL template outside a Markdown link carries, by its
/// placeholders and their query keys (`?env=<contents>`,
/// `&token={{token}}`): a secret or the conversation named by either, or
/// a generic placeholder (`<contents>`, `<data>`) in a section that names
/// a secret file. (object, credential).
fn template_carries(url: &str, sec: &Facts) -> Option<(String, bool)> {
    for h in PLACEHOLDER.find_iter(url) {
        let hole = h.as_str().trim_matches(['<', '>', '{', '}', '$']);
        // The query key the placeholder is the value of.
        let key = url[..h.start()]
            .strip_suffix('=')
            .and_then(|k| k.rsplit(['?', '&', ';']).next())
            .unwrap_or("");
        // `DEPLOY_API_KEY`, `session-token`: the words of a name.
        let words = |s: &str| s.replace(['_', '-'], " ");
        let named = SECRET_HOLE
            .find(&words(hole))
            .map(|m| (m.as_str().to_ascii_lowercase(), hole))
            .or_else(|| {
                SECRET_HOLE
                    .find(&words(key))
                    .map(|m| (m.as_str().to_ascii_lowercase(), key))
            });
        if let Some((w, name)) = named {
            let conversation = ["conversation", "chat", "transcript", "history"]
                .iter()
                .any(|c| w.starts_with(c));
            // `env=<contents>` in a section naming `.env`: that file.
            let object = match &sec.secret_file {
                Some(f) if matches!(w.as_str(), "env" | "dotenv" | "environment") => f.clone(),
                _ => name.to_string(),
            };
            return Some((object, !conversation));
        }
        if WEAK.is_match(hole) {
            if let Some(f) = &sec.secret_file {
                return Some((f.clone(), true));
            }
        }
    }
    None
}
