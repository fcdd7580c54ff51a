//! Text built by simple filters, written once for every front-end (issue
//! 14): what `tr`, `sed s///`, `cut`, `rev`, `dirname`, `basename`, `head`
//! make of a known string (shell `$(printf '%s' L | tr L /)`), and whether a
//! destruction target is a path cut down from another (shell `${x%/*}`,
//! `$(… | sed 's#/sub##')`, `dirname`; Python `os.path.dirname`,
//! `.rsplit('/', 1)[0]`, `.replace(…, '')`; JavaScript `path.dirname`,
//! `.replace(…, '')`): such a target is an ancestor the code does not name,
//! up to the home folder or `/`.

/// The output of one filter stage given `input`, when the stage is a
/// simple text transform with literal arguments; `None` otherwise.
pub fn filter(argv: &[&str], input: &str) -> Option<String> {
    let (name, args) = argv.split_first()?;
    match *name {
        "tr" => tr(args, input),
        "rev" => Some(
            input
                .lines()
                .map(|l| l.chars().rev().collect::<String>())
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        "sed" => sed(args, input),
        "cut" => cut(args, input),
        "dirname" if args.is_empty() => Some(dirname(input.trim_end())),
        "basename" if args.is_empty() => Some(
            input
                .trim_end()
                .trim_end_matches('/')
                .rsplit('/')
                .next()
                .unwrap_or("")
                .to_string(),
        ),
        "head" if matches!(args, ["-1"] | ["-n", "1"] | ["-n1"]) => {
            Some(input.lines().next().unwrap_or("").to_string())
        }
        "cat" if args.is_empty() => Some(input.to_string()),
        _ => decode(argv, input),
    }
}

/// Round 40: a decoding stage (`base64 -d`, `base32 --decode`, `xxd -r -p`,
/// `openssl base64 -d`) of a known string: the text it decodes to, when
/// that is UTF-8. A value hidden this way (`roles/$(printf '%s' 'b3du…' |
/// base64 -d)`) is the value it decodes to for every table that reads the
/// command line; callers that care mark it concealed ([`is_decoder`]).
fn decode(argv: &[&str], input: &str) -> Option<String> {
    let bytes = match is_decoder(argv)? {
        "base64" => super::deobf::b64(input.trim()),
        "base32" => super::deobf::b32(input.trim()),
        _ => super::deobf::hex(input.trim()),
    }?;
    String::from_utf8(bytes).ok()
}

/// The encoding a filter stage decodes (`base64`, `base32`, `hex`), if it
/// is a decoder.
pub fn is_decoder(argv: &[&str]) -> Option<&'static str> {
    let (name, args) = argv.split_first()?;
    let (name, args) = match (*name, args) {
        ("openssl", ["base64", rest @ ..]) => ("base64", rest),
        (n, a) => (n, a),
    };
    let decoding = args
        .iter()
        .any(|a| matches!(*a, "-d" | "--decode" | "-D" | "-di" | "-id"))
        && args.iter().all(|a| a.starts_with('-'));
    let any = |set: &[&str]| args.iter().any(|a| set.contains(a));
    match name {
        "base64" if decoding => Some("base64"),
        "base32" if decoding => Some("base32"),
        "xxd"
            if any(&["-r", "-revert", "-rp", "-pr", "-rps"])
                && any(&["-p", "-ps", "-plain", "-postscript", "-rp", "-pr", "-rps"]) =>
        {
            Some("hex")
        }
        _ => None,
    }
}

/// Whether a pipeline stage is a filter [`filter`] can replay on known
/// text (`base64 -d`, `rev`, `tr`, `sed s///`, `cut`, …), so a literal
/// printed before it can be followed through to what a later stage reads.
pub fn is_filter(argv: &[&str]) -> bool {
    filter(argv, "").is_some() || is_decoder(argv).is_some()
}

/// Whether a filter stage hides the text it passes on (a decoder, `rev`,
/// `tr`): what comes out was kept from the reader.
pub fn conceals(argv: &[&str]) -> bool {
    is_decoder(argv).is_some() || matches!(argv.first(), Some(&"rev" | &"tr"))
}

/// `text` replayed through filter stages, in pipeline order; `None` when
/// one of them cannot be replayed (a decoder whose input does not decode).
pub fn replay(text: &str, stages: &[Vec<String>]) -> Option<String> {
    let mut out = text.to_string();
    for st in stages {
        let argv: Vec<&str> = st.iter().map(String::as_str).collect();
        out = filter(&argv, &out)?;
    }
    Some(out)
}

/// A shell parameter edit of a known value: `%`/`%%` (suffix), `#`/`##`
/// (prefix) with a literal pattern or `L*` / `*L` (L literal), `/pat/rep` and
/// `//pat/rep` with a literal pattern. `None` when the value is not known
/// (it holds an unresolved `$`) or the pattern is a glob it cannot apply.
pub fn param_edit(value: &str, op: &str) -> Option<String> {
    if value.contains('$') {
        return None;
    }
    let literal = |p: &str| !p.is_empty() && !p.contains(['*', '?', '[', '\\']);
    if let Some(rest) = op.strip_prefix('%') {
        let (longest, pat) = match rest.strip_prefix('%') {
            Some(p) => (true, p),
            None => (false, rest),
        };
        // `%/*`, `%%.*`: the suffix from a separator on (round 40: any one
        // character, `${DOMAIN%%.*}` is the first label of a host).
        if let Some(lit) = pat
            .strip_suffix('*')
            .filter(|l| literal(l) && l.chars().count() == 1)
        {
            let cut = if longest {
                value.find(lit)
            } else {
                value.rfind(lit)
            };
            return Some(cut.map_or(value, |i| &value[..i]).to_string());
        }
        return literal(pat).then(|| value.strip_suffix(pat).unwrap_or(value).to_string());
    }
    if let Some(rest) = op.strip_prefix('#') {
        let (longest, pat) = match rest.strip_prefix('#') {
            Some(p) => (true, p),
            None => (false, rest),
        };
        if let Some(lit) = pat
            .strip_prefix('*')
            .filter(|l| literal(l) && l.chars().count() == 1)
        {
            let cut = if longest {
                value.rfind(lit)
            } else {
                value.find(lit)
            };
            return Some(cut.map_or(value, |i| &value[i + lit.len()..]).to_string());
        }
        return literal(pat).then(|| value.strip_prefix(pat).unwrap_or(value).to_string());
    }
    let (all, rest) = match op.strip_prefix("//") {
        Some(r) => (true, r),
        None => (false, op.strip_prefix('/')?),
    };
    let (pat, rep) = rest.split_once('/').unwrap_or((rest, ""));
    if !literal(pat) {
        return None;
    }
    Some(if all {
        value.replace(pat, rep)
    } else {
        value.replacen(pat, rep, 1)
    })
}

/// `dirname`: everything before the last `/` (`/` for a top-level path).
pub fn dirname(p: &str) -> String {
    let t = p.trim_end_matches('/');
    match t.rfind('/') {
        Some(0) => "/".into(),
        Some(i) => t[..i].to_string(),
        None => ".".into(),
    }
}

/// `tr SET1 SET2` and `tr -d SET` over plain character sets (ranges such as
/// `a-z` are expanded; classes such as `[:upper:]` are not known).
fn tr(args: &[&str], input: &str) -> Option<String> {
    let expand = |s: &str| -> Option<Vec<char>> {
        if s.contains("[:") {
            return None;
        }
        let c: Vec<char> = s.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < c.len() {
            if i + 2 < c.len() && c[i + 1] == '-' && c[i] <= c[i + 2] {
                let (a, b) = (c[i] as u32, c[i + 2] as u32);
                if b - a > 256 {
                    return None;
                }
                out.extend((a..=b).filter_map(char::from_u32));
                i += 3;
            } else {
                out.push(c[i]);
                i += 1;
            }
        }
        Some(out)
    };
    match args {
        ["-d", set] => {
            let set = expand(set)?;
            Some(input.chars().filter(|c| !set.contains(c)).collect())
        }
        [from, to] if !from.starts_with('-') => {
            let (from, to) = (expand(from)?, expand(to)?);
            let last = *to.last()?;
            Some(
                input
                    .chars()
                    .map(|c| match from.iter().position(|f| *f == c) {
                        Some(i) => *to.get(i).unwrap_or(&last),
                        None => c,
                    })
                    .collect(),
            )
        }
        _ => None,
    }
}

/// `sed 's/a/b/[g]'` scripts (any delimiter, `;`-separated, literal
/// patterns only: a pattern with regex syntax other than `\.` is unknown).
fn sed(args: &[&str], input: &str) -> Option<String> {
    let script = match args {
        [s] | ["-e", s] => *s,
        _ => return None,
    };
    let mut out = input.to_string();
    for cmd in script.split(';').filter(|c| !c.trim().is_empty()) {
        let (pat, rep, global) = sed_subst(cmd.trim())?;
        let pat = pat.replace("\\.", ".");
        if pat.is_empty() || pat.contains(['*', '[', '^', '$', '\\', '+', '?', '(']) {
            return None;
        }
        out = if global {
            out.replace(&pat, &rep)
        } else {
            out.replacen(&pat, &rep, 1)
        };
    }
    Some(out)
}

/// `s#pat#rep#flags` → (pattern, replacement, global).
fn sed_subst(cmd: &str) -> Option<(String, String, bool)> {
    let rest = cmd.strip_prefix('s')?;
    let delim = rest.chars().next()?;
    if delim.is_alphanumeric() || delim == '\\' {
        return None;
    }
    let parts: Vec<&str> = rest[delim.len_utf8()..].split(delim).collect();
    match parts.as_slice() {
        [pat, rep, flags] => Some((pat.to_string(), rep.to_string(), flags.contains('g'))),
        _ => None,
    }
}

/// `cut -d/ -f1-3` / `cut -d '/' -f 2` with one field or one range.
fn cut(args: &[&str], input: &str) -> Option<String> {
    let mut delim = None;
    let mut fields = None;
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        if let Some(d) = a.strip_prefix("-d") {
            delim = if d.is_empty() {
                i += 1;
                args.get(i).and_then(|d| d.chars().next())
            } else {
                d.chars().next()
            };
        } else if let Some(f) = a.strip_prefix("-f") {
            fields = if f.is_empty() {
                i += 1;
                args.get(i).copied()
            } else {
                Some(f)
            };
        } else {
            return None;
        }
        i += 1;
    }
    let (d, f) = (delim?, fields?);
    let (from, to) = match f.split_once('-') {
        Some((a, b)) => (a.parse().unwrap_or(1), b.parse().unwrap_or(usize::MAX)),
        None => {
            let n: usize = f.parse().ok()?;
            (n, n)
        }
    };
    if from == 0 {
        return None;
    }
    Some(
        input
            .lines()
            .map(|l| {
                l.split(d)
                    .skip(from - 1)
                    .take(to.saturating_sub(from).saturating_add(1))
                    .collect::<Vec<_>>()
                    .join(&d.to_string())
            })
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// A destruction target that is a path cut down from another, followed by
/// nothing or only a glob of everything in it: `"${x%/*}"`, `${x%%/.npm*}/*`,
/// `$(dirname "$x")`, `$(… | sed 's#/_cacache##')/*`, and the written form
/// of Python's and JavaScript's `dirname`, `rsplit`/`split` + index and
/// `replace(…, '')`. What remains is an ancestor the code never names: the
/// home folder or `/` as easily as a cache folder.
pub fn cut_down_path(target: &str) -> bool {
    let t = target.trim().trim_matches(['"', '\'']);
    let Some((head, tail)) = split_expression(t) else {
        return false;
    };
    let tail = tail.trim_matches(['"', '\'']);
    let glob_only = matches!(
        tail,
        "" | "/" | "/*" | "/.*" | "/.[!.]*" | "/{.,}*" | "/..?*"
    );
    glob_only && strips(head)
}

/// The leading expression of a target and what follows it.
fn split_expression(t: &str) -> Option<(&str, &str)> {
    let open = if t.starts_with("${") {
        ('{', '}')
    } else if t.starts_with("$(") {
        ('(', ')')
    } else {
        // Python / JavaScript calls kept as text by the front-end.
        return Some((t, ""));
    };
    let mut depth = 0usize;
    for (i, c) in t.char_indices().skip(1) {
        if c == open.0 {
            depth += 1;
        } else if c == open.1 {
            depth = depth.saturating_sub(1);
            if depth == 0 {
                return Some((&t[..=i], &t[i + 1..]));
            }
        }
    }
    None
}

/// Whether an expression strips components off a path.
fn strips(e: &str) -> bool {
    if let Some(inner) = e.strip_prefix("${").and_then(|x| x.strip_suffix('}')) {
        // `${x%/*}`, `${x%%/.npm*}`, `${x#*/}`, `${x//\/cache/}` (deleting).
        let name_end = inner
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(inner.len());
        let op = &inner[name_end..];
        return op.starts_with('%')
            || op.starts_with('#')
            || (op.starts_with('/') && op.matches('/').count() <= 2 && op.ends_with('/'));
    }
    if let Some(inner) = e.strip_prefix("$(").and_then(|x| x.strip_suffix(')')) {
        let last = inner.rsplit('|').next().unwrap_or("").trim();
        let words: Vec<&str> = last.split_whitespace().collect();
        return match words.first().copied() {
            Some("dirname") => true,
            Some("sed") => last.split(';').any(|c| {
                let c = c
                    .trim()
                    .trim_start_matches("sed")
                    .trim()
                    .trim_matches(['\'', '"']);
                sed_subst(c).is_some_and(|(_, rep, _)| rep.is_empty())
            }),
            Some("cut") => {
                last.contains("-d/") || last.contains("-d '/'") || last.contains("-d \"/\"")
            }
            Some("awk") => last.contains("-F/") || last.contains("-F'/'"),
            _ => false,
        };
    }
    let l = e.to_ascii_lowercase();
    l.contains("dirname(")
        || l.contains(".parent")
        || (l.contains("rsplit(") || l.contains(".split(")) && l.contains('/') && l.contains('[')
        || l.contains(".replace(") && (l.contains(", '')") || l.contains(", \"\")"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_replay_in_pipeline_order() {
        let st = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        // `echo 'ZnItIG1y' | base64 -d | rev`: decoded first, then reversed.
        assert_eq!(
            replay("ZnItIG1y", &[st(&["base64", "-d"]), st(&["rev"])]).as_deref(),
            Some("rm -rf")
        );
        // rot13 by `tr`, the filter every shell has.
        assert_eq!(
            replay("phey", &[st(&["tr", "A-Za-z", "N-ZA-Mn-za-m"])]).as_deref(),
            Some("curl")
        );
        assert!(is_filter(&["xxd", "-rp"]) && is_filter(&["xxd", "-p", "-r"]));
        assert!(is_filter(&["base64", "-di"]) && is_filter(&["openssl", "base64", "-d"]));
        // Encoding, reading a file, or an unknown stage is not a replayable filter.
        assert!(!is_filter(&["base64"]) && !is_filter(&["xxd", "-p"]));
        assert!(!is_filter(&["cat", "payload.txt"]) && !is_filter(&["echo", "x"]));
        assert!(
            conceals(&["rev"]) && conceals(&["base32", "--decode"]) && !conceals(&["cut", "-c1-3"])
        );
        // A decoder whose input does not decode stops the replay.
        assert_eq!(replay("!!", &[st(&["base64", "-d"])]), None);
    }

    #[test]
    fn filters_build_text() {
        assert_eq!(filter(&["tr", "L", "/"], "L").as_deref(), Some("/"));
        assert_eq!(filter(&["tr", "a-c", "A-C"], "cab").as_deref(), Some("CAB"));
        assert_eq!(filter(&["tr", "-d", "x"], "/xx").as_deref(), Some("/"));
        assert_eq!(
            filter(
                &["sed", "s#/_cacache##;s#/\\.npm##"],
                "/home/u/.npm/_cacache"
            )
            .as_deref(),
            Some("/home/u")
        );
        assert_eq!(
            filter(&["cut", "-d/", "-f1-3"], "/home/u/x").as_deref(),
            Some("/home/u")
        );
        assert_eq!(filter(&["rev"], "fr- mr").as_deref(), Some("rm -rf"));
        assert_eq!(
            filter(&["dirname"], "/home/u/.cache").as_deref(),
            Some("/home/u")
        );
        assert_eq!(filter(&["tr", "[:lower:]", "[:upper:]"], "a"), None);
        assert_eq!(filter(&["sed", "s/a.*//"], "abc"), None);
    }

    #[test]
    fn parameter_edits_of_known_values() {
        assert_eq!(
            param_edit("/home/u/.npm", "%/*").as_deref(),
            Some("/home/u")
        );
        assert_eq!(
            param_edit("/home/u/.npm", "%/.npm").as_deref(),
            Some("/home/u")
        );
        assert_eq!(param_edit("a/b/c", "##*/").as_deref(), Some("c"));
        assert_eq!(param_edit("a/b/c", "//\\//x").as_deref(), None);
        assert_eq!(param_edit("a-b-c", "//-/_").as_deref(), Some("a_b_c"));
        assert_eq!(param_edit("$(npm config get cache)", "%/*"), None);
        assert_eq!(param_edit("/x/.npm/y", "%/.npm*"), None);
        // Round 40: any one separator (`${DOMAIN%%.*}`, `${h#*@}`).
        assert_eq!(
            param_edit("budgetguard-alerts.com", "%%.*").as_deref(),
            Some("budgetguard-alerts")
        );
        assert_eq!(param_edit("a.b.c", "%.*").as_deref(), Some("a.b"));
        assert_eq!(
            param_edit("u@h.example", "#*@").as_deref(),
            Some("h.example")
        );
    }

    #[test]
    fn decoding_stages() {
        assert_eq!(
            filter(&["base64", "-d"], "b3duZXI=\n").as_deref(),
            Some("owner")
        );
        assert_eq!(
            filter(&["base64", "--decode"], "b3duZXI=").as_deref(),
            Some("owner")
        );
        assert_eq!(
            filter(&["xxd", "-r", "-p"], "6f776e6572").as_deref(),
            Some("owner")
        );
        assert_eq!(
            filter(&["openssl", "base64", "-d"], "b3duZXI=").as_deref(),
            Some("owner")
        );
        // Encoding, or decoding a file rather than the input, is no filter here.
        assert_eq!(filter(&["base64"], "owner"), None);
        assert_eq!(filter(&["base64", "-d", "f.b64"], "x"), None);
    }

    #[test]
    fn cut_down_paths_are_recognised_in_every_spelling() {
        for t in [
            "\"${STORE%/*}\"/*",
            "${x%%/.npm*}",
            "$(npm config get cache 2>/dev/null | sed 's#/_cacache##;s#\\.npm.*##')/*",
            "$(dirname \"$CACHE\")",
            "os.path.dirname(os.path.dirname(cache))",
            "cache.rsplit('/', 2)[0]",
            "path.dirname(cacheDir)",
            "cacheDir.replace('/.npm/_cacache', '')",
        ] {
            assert!(cut_down_path(t), "{t}");
        }
        for t in [
            "$DIR/build",
            "${BUILD_DIR}/*",
            "$(mktemp -d)",
            "./dist",
            "${x%/*}/build",
        ] {
            assert!(!cut_down_path(t), "{t}");
        }
    }
}
