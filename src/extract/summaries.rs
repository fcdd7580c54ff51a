//! Wrapper-function summaries, one skill-wide pass for every language
//! (issue 14 item 3).
//!
//! A skill function whose body sends to, runs, deletes, writes or reads one
//! of its parameters (a function alias: `grab() { cat "$@"; }`; `def post(u, d): requests.post(u, data=d)`, `function run(c)
//! { exec(c) }`, `send() { curl -d "$1" "$2"; }`, `function Up($u,$b) {
//! Invoke-RestMethod $u -Body $b }`) is summarised by its sink: the
//! front-end marks the sink's `target_param` (the parameter its target is)
//! with [`mark_params`]. Every call of the function (`CallLocal`, from this
//! file or another one of the skill: imports, `source`, `require`) that
//! passes a known value for that parameter (`arg_values`) gets the sink's
//! evidence at the call site, with that value as its target: the URL's
//! host, the path's store, the command line's own steps (analysed as shell
//! code, or as the sink's language for an `eval`). What the call passes for
//! the parameters the sink consumes is the new step's input.
//!
//! A call that passes a parameter of its own function on (`def a(u):
//! post(u, x)`) makes that function a wrapper too, up to
//! `MAX_SUMMARY_DEPTH` levels. Every budget is in `limits.rs`; hitting one
//! marks the skill incomplete.

use super::{Lang, Sink, Src, indicators};
use crate::evidence::{Evidence, Op};
use crate::limits::{MAX_SUMMARY_ARG_BYTES, MAX_SUMMARY_DEPTH, MAX_SUMMARY_SITES};
use std::collections::{BTreeMap, BTreeSet};

/// The operations a wrapper is summarised by.
fn summarised(op: Op) -> bool {
    matches!(
        op,
        Op::NetSend
            | Op::FileRead
            | Op::NetFetch
            | Op::SocketConnect
            | Op::Exec
            | Op::DynamicCode
            | Op::FileDelete
            | Op::FileWrite
    )
}

/// Marks, among `items` (the evidence of the body of function `key`),
/// each summarised step whose target is one of `params` as written
/// (`u`, `$u`, `${u}`, `"$2"`): its `target_param`. Parameter names match
/// without regard to case (PowerShell's are case-insensitive). Shell
/// functions pass `["1", "2", …]`: their parameters are positional.
pub fn mark_params(items: &mut [Evidence], key: &str, params: &[String]) {
    mark_params_each(items, key, params, &[]);
}

/// [`mark_params`], where `each` also names loop variables that iterate a
/// parameter (`for r in roots: shutil.rmtree(r)`: (`r`, `roots`)): a sink on
/// such a variable is summarised by that parameter, and a call site passes
/// the riskiest element of the list it gives (as a loop over a literal list
/// takes its riskiest element).
pub fn mark_params_each(
    items: &mut [Evidence],
    key: &str,
    params: &[String],
    each: &[(String, String)],
) {
    for e in items.iter_mut() {
        if e.target_param.is_some() || !summarised(e.op) || e.func.as_deref() != Some(key) {
            continue;
        }
        let mut t = e.target.trim();
        // Code given to an interpreter by its flag (`bash -c "$1"`: `-c $1`).
        if e.op == Op::DynamicCode && t.starts_with('-') {
            t = t
                .split_once(char::is_whitespace)
                .map_or(t, |(_, r)| r.trim());
        }
        let t = t.trim_matches(|c| c == '"' || c == '\'');
        let t = t.strip_prefix('$').unwrap_or(t);
        let t = t
            .strip_prefix('{')
            .and_then(|x| x.strip_suffix('}'))
            .unwrap_or(t);
        if t.is_empty() {
            continue;
        }
        // A shell function's `"$@"`/`"$*"` read, deleted or sent: its
        // first argument (a command line with it is filled in whole by
        // `placeholder`).
        let all = matches!(t, "@" | "*")
            && params.first().is_some_and(|p| p == "1")
            && !matches!(e.op, Op::Exec | Op::DynamicCode);
        e.target_param = if all {
            Some(0)
        } else {
            let t = each
                .iter()
                .find(|(var, _)| var == t)
                .map_or(t, |(_, param)| param.as_str());
            params.iter().position(|p| p.eq_ignore_ascii_case(t))
        };
    }
}

/// The positional parameter names of a shell function (`$1` … `$9`).
pub fn positional() -> Vec<String> {
    (1..=9).map(|i| i.to_string()).collect()
}

/// A function found to hand parameter `param` to the target of the sink
/// `template`; `carried` are its parameters whose values reach that sink.
struct Summary {
    key: String,
    param: usize,
    template: usize,
    carried: Vec<usize>,
    /// A command line with the parameter in it, not the whole target
    /// ([`placeholder`]): its token, and whether it takes every argument
    /// from `param` on (`"$@"`, `*args`, a spread).
    slot: Option<(&'static str, bool)>,
}

/// The place of a parameter in a command line run by a wrapper
/// (`execFileSync("kubectl", [...args, "-o", "json"])` as `kubectl $_ -o
/// json`, `subprocess.run(["kubectl", *args])`, `kubectl "$@"`): the token
/// written for it, and whether it stands for every argument from there on.
/// Only one such token in the line, else the place is unknown.
fn placeholder(target: &str) -> Option<(&'static str, bool)> {
    const SLOTS: &[(&str, bool)] = &[
        ("$@", true),
        ("$*", true),
        ("*args", true),
        ("$_", true),
        ("$1", false),
    ];
    let words: Vec<&str> = target.split_whitespace().collect();
    let found: Vec<(&'static str, bool)> = words
        .iter()
        .skip(1)
        .filter_map(|w| {
            let w = slot_word(w);
            // Python's `*a`, `*argv`: the starred parameter, every
            // argument from there on.
            if starred(w) {
                return Some(("*args", true));
            }
            SLOTS.iter().find(|(t, _)| w == *t).copied()
        })
        .collect();
    (found.len() == 1).then(|| found[0])
}

/// The value a call passes for a template's slot: one argument, or every
/// argument from `param` on; `None` when one of them is unknown.
fn slot_value(c: &Evidence, param: usize, rest: bool) -> Option<String> {
    let vals = c.arg_values.get(param..)?;
    let vals = if rest { vals } else { vals.get(..1)? };
    let unknown = |v: &String| v.is_empty() || v.starts_with('$');
    // Every argument from the slot on (`git("update-ref", "-d", ref)`): the
    // first names the command; a later one the call does not know is a
    // variable to the command line, as `git update-ref -d "$ref"` is.
    let known_head = rest && vals.first().is_some_and(|v| !unknown(v));
    if vals.is_empty() || !known_head && vals.iter().any(unknown) {
        return None;
    }
    Some(
        vals.iter()
            .map(|v| {
                if unknown(v) {
                    "$arg".to_string()
                } else if v.contains(char::is_whitespace) {
                    format!("'{}'", v.replace('\'', ""))
                } else {
                    v.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// `$param:<key>:<i>` → (key, i).
fn param_of(b: &str) -> Option<(&str, usize)> {
    let (k, i) = b.strip_prefix("$param:")?.rsplit_once(':')?;
    Some((k, i.parse().ok()?))
}

/// Adds, at every call site of a summarised wrapper that passes a known
/// value, the wrapper's sink with that value. Returns reasons the pass is
/// incomplete (a budget hit).
pub fn expand(evidence: &mut Vec<Evidence>, deadline: crate::limits::Deadline) -> Vec<String> {
    let mut incomplete = Vec::new();
    let mut calls: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, e) in evidence.iter().enumerate() {
        if e.op == Op::CallLocal {
            calls.entry(e.target.as_str()).or_default().push(i);
        }
    }
    let mut frontier: Vec<Summary> = evidence
        .iter()
        .enumerate()
        .filter(|(_, e)| summarised(e.op))
        .filter_map(|(i, e)| {
            let key = e.func.clone()?;
            let carried: Vec<usize> = e
                .inputs
                .iter()
                .filter_map(|b| param_of(b).filter(|(k, _)| *k == key).map(|(_, j)| j))
                .collect();
            let (param, slot) = match e.target_param {
                Some(p) => (p, None),
                // A command line with one parameter in it: the one
                // parameter its inputs name.
                None if e.op == Op::Exec => {
                    let slot = placeholder(&e.target)?;
                    let mut ps = carried.clone();
                    ps.sort_unstable();
                    ps.dedup();
                    match ps.as_slice() {
                        [p] => (*p, Some(slot)),
                        // `def git(*a, check=True)`: the starred parameter
                        // comes before the keyword ones the call also names.
                        [p, ..] if slot.0 == "*args" => (*p, Some(slot)),
                        // A shell function's `"$@"`: every positional.
                        [] if matches!(slot.0, "$@" | "$*") => (0, Some(slot)),
                        _ => return None,
                    }
                }
                None => return None,
            };
            Some(Summary {
                key,
                param,
                template: i,
                carried,
                slot,
            })
        })
        .collect();
    if frontier.is_empty() {
        return incomplete;
    }
    let mut out: Vec<Evidence> = Vec::new();
    // Round 27: the direct call sites of each network template, and how
    // many of them passed a known value (`Tag::Summarised`).
    let mut direct: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
    let mut sites = 0usize;
    let mut seen: BTreeSet<(usize, usize)> = BTreeSet::new();
    'depth: for _ in 0..MAX_SUMMARY_DEPTH {
        let mut next = Vec::new();
        for s in &frontier {
            for &ci in calls.get(s.key.as_str()).map(Vec::as_slice).unwrap_or(&[]) {
                if !seen.insert((s.template, ci)) {
                    continue;
                }
                sites += 1;
                if sites > MAX_SUMMARY_SITES || deadline.expired() {
                    incomplete.push(format!(
                        "more than {MAX_SUMMARY_SITES} call sites of wrapper functions (MAX_SUMMARY_SITES) or the deadline; later sites were not given their wrapper's sink"
                    ));
                    next.clear();
                    break 'depth;
                }
                let c = &evidence[ci];
                // A value that is itself a variable (`$HOST`) is unknown.
                let filled;
                let value = match s.slot {
                    None => c
                        .arg_values
                        .get(s.param)
                        .map(String::as_str)
                        .filter(|v| !v.starts_with('$'))
                        .unwrap_or(""),
                    Some((token, rest)) => {
                        filled = slot_value(c, s.param, rest)
                            .map(|v| fill(&evidence[s.template].target, token, &v))
                            .unwrap_or_default();
                        filled.as_str()
                    }
                };
                if value.len() > MAX_SUMMARY_ARG_BYTES {
                    incomplete.push(format!(
                        "{}: an argument of a wrapper call longer than {MAX_SUMMARY_ARG_BYTES} bytes (MAX_SUMMARY_ARG_BYTES) was not followed into the wrapper's sink",
                        crate::text::escape_display(&c.location.path)
                    ));
                    continue;
                }
                let passed = |k: usize| {
                    let mut v: Vec<String> = c.inputs.get(k).into_iter().cloned().collect();
                    v.extend(c.arg_binds.get(k).into_iter().flatten().cloned());
                    v.retain(|b| !b.is_empty());
                    v
                };
                if evidence[s.template].func.as_deref() == Some(s.key.as_str()) {
                    let d = direct.entry(s.template).or_default();
                    d.0 += 1;
                    d.1 += usize::from(!value.is_empty() && s.slot.is_none());
                }
                if !value.is_empty() {
                    let inputs: Vec<String> = s.carried.iter().flat_map(|&k| passed(k)).collect();
                    derive(&evidence[s.template], c, value, inputs, deadline, &mut out);
                    continue;
                }
                // A parameter of the caller passed on: the caller is a
                // wrapper of the same sink.
                let Some(g) = c.func.clone() else { continue };
                let own = |b: &String| param_of(b).filter(|(k, _)| *k == g).map(|(_, j)| j);
                let Some(param) = passed(s.param).iter().find_map(own) else {
                    continue;
                };
                let carried = s
                    .carried
                    .iter()
                    .flat_map(|&k| passed(k))
                    .filter_map(|b| own(&b))
                    .collect();
                next.push(Summary {
                    key: g,
                    param,
                    template: s.template,
                    carried,
                    slot: s.slot,
                });
            }
        }
        frontier = next;
        if frontier.is_empty() {
            break;
        }
    }
    // Summaries left whose calls were not all followed (a recursive
    // wrapper's own call was: it adds nothing new).
    let left = frontier.iter().any(|s| {
        calls
            .get(s.key.as_str())
            .is_some_and(|cs| cs.iter().any(|&ci| !seen.contains(&(s.template, ci))))
    });
    if left {
        incomplete.push(format!(
            "wrapper functions calling each other more than {MAX_SUMMARY_DEPTH} levels deep (MAX_SUMMARY_DEPTH): outer call sites were not given the inner sink"
        ));
    }
    for (t, (all, known)) in direct {
        if all > 0
            && all == known
            && matches!(
                evidence[t].op,
                Op::NetSend | Op::NetFetch | Op::SocketConnect
            )
        {
            evidence[t].tags.insert(crate::evidence::Tag::Summarised);
            // The opening of the request it built (`req = Request(url, …)`
            // then `urlopen(req)`) is the same send.
            if let Some(o) = evidence[t].output.clone() {
                let func = evidence[t].func.clone();
                for e in evidence.iter_mut() {
                    if e.op == Op::NetFetch && e.func == func && e.inputs.contains(&o) {
                        e.tags.insert(crate::evidence::Tag::Summarised);
                    }
                }
            }
        }
    }
    evidence.extend(out);
    incomplete
}

/// A word of a command line or argv list without its quotes and list
/// punctuation (`*a]` → `*a`).
fn slot_word(w: &str) -> &str {
    w.trim_matches(['"', '\'', '[', ']', ',', ')', '('])
}

/// `*a`, `*argv`: a starred parameter.
fn starred(w: &str) -> bool {
    w.strip_prefix('*')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
}

/// An argv list written as a list literal (`["git", *a]`) as the command
/// line it runs (`git *a`); any other target as it is.
fn as_line(template: &str) -> String {
    let t = template.trim();
    match t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        Some(inner) => inner
            .split(',')
            .map(|w| w.trim().trim_matches(['"', '\'']))
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" "),
        None => template.to_string(),
    }
}

/// `template` with its one `token` (quoted or not) replaced by `value`.
fn fill(template: &str, token: &str, value: &str) -> String {
    as_line(template)
        .split_whitespace()
        .map(|w| {
            let bare = slot_word(w);
            if w.trim_matches('"') == token || bare == token || token == "*args" && starred(bare) {
                value
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The language a code string run by `t` is written in: a command line for
/// a process run, the sink's own language for `eval`/`exec`/`iex`.
fn code_lang(t: &Evidence) -> Lang {
    match (t.op, t.lang) {
        (Op::DynamicCode, "python") => Lang::Python,
        (Op::DynamicCode, "javascript" | "typescript") => Lang::JavaScript,
        (Op::DynamicCode | Op::Exec, "powershell") => Lang::PowerShell,
        _ => Lang::Shell,
    }
}

/// The sink `t` at call site `c`, its target `value`.
fn derive(
    t: &Evidence,
    c: &Evidence,
    value: &str,
    inputs: Vec<String>,
    deadline: crate::limits::Deadline,
    out: &mut Vec<Evidence>,
) {
    if matches!(t.op, Op::Exec | Op::DynamicCode) {
        // The command line or code is analysed as code, located at the call.
        let mut src = Src::new(&c.location.path, value, c.origin);
        src.depth = 1;
        // Bindings named after positions are salted by the call's place,
        // so that two call sites' command lines do not share them.
        src.line_base = c.location.start_line.saturating_sub(1);
        src.first_col = c.location.start_column.saturating_sub(1);
        src.derived_span = Some((c.location.clone(), c.snippet.clone()));
        let mut sink = Sink {
            deadline,
            ..Sink::default()
        };
        super::extract_code(code_lang(t), &src, &mut sink);
        for mut e in sink.items {
            e.tags.extend(c.tags.iter().copied());
            e.func = c.func.clone();
            if e.output.is_none() && t.output.is_some() {
                // What the wrapper's run printed is what the call returns.
                e.output = c.output.clone();
            }
            if e.inputs.is_empty() {
                e.inputs = inputs.clone();
            }
            out.push(e);
        }
        return;
    }
    let mut e = t.clone();
    e.target = value.to_string();
    e.location = c.location.clone();
    e.snippet = c.snippet.clone();
    e.origin = c.origin;
    e.lang = c.lang;
    e.func = c.func.clone();
    e.target_param = None;
    // A wrapper of a read (`grab() { cat "$1"; }`, `def rd(p): return
    // open(p).read()`) returns what it read: the call's result.
    e.output = if t.op == Op::FileRead {
        c.output.clone()
    } else {
        None
    };
    e.inputs = inputs;
    e.tags.extend(c.tags.iter().copied());
    if matches!(t.op, Op::FileDelete | Op::FileWrite | Op::FileRead) {
        let (scope, tags) = indicators::classify_path(value);
        e.scope = scope;
        e.tags.extend(tags);
    } else {
        e.tags.extend(indicators::classify_url(value));
    }
    e.object = format!("{} (through a skill function)", t.object);
    out.push(e);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::ANY_BINDING;

    #[test]
    fn a_target_is_a_parameter_as_written_in_every_spelling() {
        let mk = |t: &str| {
            let mut e = Evidence::new(
                Op::NetSend,
                crate::ssl::vocab::ActType::Transfer,
                crate::ssl::vocab::ResourceScope::Network,
                t,
            );
            e.func = Some("m::f".into());
            e
        };
        let mut items = vec![
            mk("u"),
            mk("$U"),
            mk("\"${2}\""),
            mk("u.strip()"),
            mk(ANY_BINDING),
        ];
        mark_params(&mut items, "m::f", &["x".into(), "u".into()]);
        let got: Vec<_> = items.iter().map(|e| e.target_param).collect();
        assert_eq!(got, vec![Some(1), Some(1), None, None, None]);
        let mut sh = vec![mk("$2")];
        mark_params(&mut sh, "m::f", &positional());
        assert_eq!(sh[0].target_param, Some(1));
    }
}
