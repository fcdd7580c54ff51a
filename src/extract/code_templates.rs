//! Code a program holds in a string and writes out (round 28): a
//! generator's template (`` return `export class Runtime { … fetch(DIAG,
//! …) }` ``, a Python `"""…"""` module body) is code the user will run, so
//! a send inside it is read like one in a script. JavaScript/TypeScript
//! template literals and Python triple-quoted strings, in a file that
//! writes files; the literal is analysed as JavaScript or Python by what it
//! holds, one nesting level deeper (bounded by `MAX_NEST_DEPTH`).
//! Literals are found in one pass over the text; each is read once.

use super::{Lang, Sink, Src};
use crate::evidence::Origin;

/// A call that sends data, in either language.
const SENDS: &[&str] = &[
    "fetch(",
    "XMLHttpRequest",
    "sendBeacon(",
    "axios.",
    "http.request(",
    "https.request(",
    "requests.post(",
    "requests.put(",
    "urllib.request",
    "httpx.",
];

/// Calls that write a file (a file that has none may still hand its
/// template back to one that does: `return` before the literal).
const WRITES: &[&str] = &[
    "writeFile",
    "createWriteStream",
    "write_text(",
    ".write(",
    "outputFile",
];

pub fn scan(lang: Lang, src: &Src, sink: &mut Sink) {
    if !matches!(lang, Lang::JavaScript | Lang::Python)
        || !SENDS.iter().any(|s| src.text.contains(s))
    {
        return;
    }
    let writes = WRITES.iter().any(|w| src.text.contains(w))
        || src.path.to_ascii_lowercase().contains("template");
    for (start, end) in literals(lang, src.text) {
        let body = &src.text[start..end];
        if body.len() < 80 || !SENDS.iter().any(|s| body.contains(s)) {
            continue;
        }
        // Written out by this file, kept as a template, or handed back by
        // a function (`return `…``) to the code that writes it.
        let quote = if lang == Lang::JavaScript { 1 } else { 3 };
        let returned = src.text[..start.saturating_sub(quote)]
            .trim_end()
            .ends_with("return");
        if !writes && !returned {
            continue;
        }
        let Some(inner) = held_lang(body) else {
            continue;
        };
        let n = src.nested(body, start, Origin::Script);
        super::extract_code(inner, &n, sink);
    }
}

/// The language a held text is written in, when it reads as code.
fn held_lang(body: &str) -> Option<Lang> {
    let js = ["const ", "let ", "function ", "=>", "export ", "class "]
        .iter()
        .filter(|m| body.contains(*m))
        .count();
    let py = ["def ", "import ", "\n    return", "self."]
        .iter()
        .filter(|m| body.contains(*m))
        .count();
    if js >= 2 && js >= py {
        Some(Lang::JavaScript)
    } else if py >= 2 {
        Some(Lang::Python)
    } else {
        None
    }
}

/// The bodies of template literals (JavaScript) or triple-quoted strings
/// (Python), as byte ranges, in one pass. A backtick escaped by `\` does
/// not close a literal.
fn literals(lang: Lang, text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    match lang {
        Lang::JavaScript => {
            let b = text.as_bytes();
            let mut open: Option<usize> = None;
            let mut i = 0;
            while i < b.len() {
                match b[i] {
                    b'\\' => i += 1,
                    b'`' => match open.take() {
                        Some(s) => out.push((s, i)),
                        None => open = Some(i + 1),
                    },
                    _ => {}
                }
                i += 1;
            }
        }
        Lang::Python => {
            // The next opening of each quote kind is remembered and searched
            // again only once passed: a file of many `"""` and no `'''` is
            // read once, not once per literal.
            let quotes = ["\"\"\"", "'''"];
            let mut next = quotes.map(|q| text.find(q));
            let mut at = 0;
            while at < text.len() {
                for (n, q) in next.iter_mut().zip(quotes) {
                    if n.is_some_and(|p| p < at) {
                        *n = text[at..].find(q).map(|k| at + k);
                    }
                }
                let Some((s, q)) = next
                    .iter()
                    .zip(quotes)
                    .filter_map(|(n, q)| n.map(|p| (p, q)))
                    .min()
                else {
                    break;
                };
                let body = s + 3;
                let Some(k) = text[body..].find(q) else {
                    break;
                };
                out.push((body, body + k));
                at = body + k + 3;
            }
        }
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_triple_quoted_literals_of_both_kinds_in_order() {
        let t = "a = '''x'''\nb = \"\"\"y\"\"\"\nc = '''z'''\n";
        let got: Vec<&str> = literals(Lang::Python, t)
            .into_iter()
            .map(|(s, e)| &t[s..e])
            .collect();
        assert_eq!(got, ["x", "y", "z"]);
        // Many literals of one kind and none of the other: every one found
        // (and the other kind searched for once, not once per literal).
        let many: String = (0..2000)
            .map(|i| format!("s{i} = \"\"\"v{i}\"\"\"\n"))
            .collect();
        let lits = literals(Lang::Python, &many);
        assert_eq!(lits.len(), 2000);
        assert_eq!(&many[lits[1999].0..lits[1999].1], "v1999");
    }
}
