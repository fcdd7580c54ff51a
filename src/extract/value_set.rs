//! One value domain, written once for every front-end (issue 14 item 3;
//! `bench/heldout-r16/transfer.md` cause 2): set-valued bindings and
//! defaults.
//!
//! * **Set-valued bindings.** A loop variable over a literal list or array
//!   (`for f in "${A[@]}"`, `for p in [".zshrc", ".ssh"]`, `for (const p of
//!   [...])`, `foreach ($t in @(...))`) holds every value it iterates, not
//!   one pick: a front-end first walks the body with the riskiest value
//!   (`indicators::riskiest`, as before), then once more per further value
//!   [`iterations`] gives, and keeps from those walks only the evidence that
//!   differs from what the walks before gave ([`drop_repeats`]). A harmless
//!   value can no longer hide `.ssh`. The number of values walked is
//!   bounded (`limits::MAX_LOOP_VALUES` per loop, `MAX_LOOP_WALKS` per
//!   file); past a bound the values beyond it are represented by one value
//!   of each class ([`class_of`]) and, when even those do not fit, the file
//!   is incomplete.
//! * **Defaults.** `${X:-d}`, `os.getenv(k, d)`, `process.env.X || d`,
//!   `ENV.fetch(k, d)`, `$x ?? d`: a variable the skill never sets takes its
//!   default ([`default_of`]), and a number conversion of a folded constant
//!   (`.to_i`, `int()`, `parseInt`, `[int]`) is the number ([`to_int`]).
//! * **Function aliases** ([`Aliases`]). A name bound to a *reference* of
//!   an API, not to a call of it, stands for that API: a call through the
//!   name is the aliased call. The spellings, one row per language (the
//!   front-ends only lower them to [`Aliases::bind`]/[`Aliases::end`]):
//!
//!   | language | alias spellings |
//!   |---|---|
//!   | Python | `p = os.path.expanduser`, `r = requests.post`, `x = run` (imported), `o = open` ([`callable_builtin`]) |
//!   | JavaScript/TypeScript | `const x = child_process.exec`, `const {exec: run} = require("child_process")`, `const rd = fs.readFileSync` (the walker's API reference value, `Ref::Api`) |
//!   | PowerShell | `Set-Alias x Cmd`, `New-Alias -Name x -Value Cmd`, `$f = 'Cmd'` then `& $f …` |
//!   | Bash | `alias x='cmd args'`; a wrapper function `x() { cmd "$@"; }` is a summary (`summaries.rs`) |
//!
//!   Assigning anything else to the name ends the alias.
//! * **Spreading** ([`spread_form`], [`respread`]). A list handed to a
//!   function as its arguments is those arguments:
//!
//!   | language | spellings |
//!   |---|---|
//!   | JavaScript/TypeScript | `f(...ARR)`, `f.apply(this, ARR)`, `f.call(this, a, b)`, `Reflect.apply(f, this, ARR)` |
//!   | Python | `f(*LIST)` over a literal list, tuple or a variable holding one |
//!   | Bash | `cmd "${A[@]}"` (the set-valued bindings above) |
//!
//! At most
//!   `limits::MAX_FN_ALIASES` names per file; past it a new alias is not
//!   followed and the file is incomplete.
use crate::extract::indicators::classify_path;
use crate::model::evidence::Evidence;
use std::collections::HashSet;

/// The function aliases of one file: name → the API it stands for, as the
/// front-end writes the API's canonical name (`os.path.expanduser`,
/// `get-content`).
#[derive(Default)]
pub struct Aliases {
    map: std::collections::HashMap<String, String>,
    /// The longest name ever bound: a longer text is no alias, known
    /// without hashing it (a chain `a.b().c()…` has texts as long as the file).
    longest: usize,
}

impl Aliases {
    /// `name` now stands for `target`, itself resolved through the aliases
    /// already bound (`a = os.system; b = a`). An alias of itself is none.
    pub fn bind(&mut self, name: &str, target: &str) {
        let target = self.get(target).unwrap_or(target).to_string();
        if target == name || target.is_empty() {
            self.end(name);
            return;
        }
        if !self.map.contains_key(name) && self.map.len() >= crate::limits::MAX_FN_ALIASES {
            crate::limits::gave_up("MAX_FN_ALIASES");
            return;
        }
        self.longest = self.longest.max(name.len());
        self.map.insert(name.to_string(), target);
    }

    /// `name` was given another value: it no longer stands for an API.
    pub fn end(&mut self, name: &str) {
        self.map.remove(name);
    }

    /// The API `name` stands for.
    pub fn get(&self, name: &str) -> Option<&str> {
        if name.len() > self.longest {
            return None;
        }
        self.map.get(name).map(String::as_str)
    }

    /// A dotted name whose head is an alias, with the head replaced
    /// (`p.join` → `os.path.join` after `p = os.path`).
    pub fn resolve_dotted(&self, dotted: &str) -> Option<String> {
        let (head, rest) = match dotted.split_once('.') {
            Some((h, r)) => (h, Some(r)),
            None => (dotted, None),
        };
        let t = self.get(head)?;
        Some(match rest {
            Some(r) => format!("{t}.{r}"),
            None => t.to_string(),
        })
    }
}

/// How a call hands its function a list as arguments ([`spread_form`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spread {
    /// `f.apply(this, LIST)`: the receiver is the function, argument 1 the list.
    Apply,
    /// `f.call(this, a, b)`: the receiver is the function, arguments from 1 on.
    Call,
    /// `Reflect.apply(f, this, LIST)`: argument 0 the function, 2 the list.
    ReflectApply,
    /// `Reflect.construct(F, LIST[, newTarget])`: argument 0 the
    /// constructor, 1 the list (round 29: `Reflect.construct(Function,
    /// ["require", src])` builds code as `new Function(…)` does).
    ReflectConstruct,
    /// `f.bind(this, a, b)`: the receiver with arguments from 1 on, called
    /// later; read where it is bound (round 29, built-in receivers only).
    Bind,
}

/// The spreading form of a method call `RECV.name(…)` (JavaScript and
/// TypeScript; `recv` is the receiver's canonical name when it is an API).
pub fn spread_form(recv: Option<&str>, name: &str) -> Option<Spread> {
    match (recv, name) {
        (Some("Reflect"), "apply") => Some(Spread::ReflectApply),
        (Some("Reflect"), "construct") => Some(Spread::ReflectConstruct),
        (Some(q), "bind")
            if crate::extract::exec_op::form_of("javascript", q)
                == Some(crate::extract::exec_op::ExecForm::Code) =>
        {
            Some(Spread::Bind)
        }
        (_, "apply") => Some(Spread::Apply),
        (_, "call") => Some(Spread::Call),
        _ => None,
    }
}

/// The function (for `ReflectApply`, else `None`: the receiver) and the
/// arguments a spreading call passes it. `elems` gives the elements of a
/// list value when it is known; `None` when the list is unknown.
pub fn respread<T: Clone>(
    form: Spread,
    args: &[T],
    elems: impl Fn(&T) -> Option<Vec<T>>,
) -> Option<(Option<T>, Vec<T>)> {
    match form {
        Spread::Apply => Some((None, args.get(1).map_or(Some(Vec::new()), &elems)?)),
        Spread::Call | Spread::Bind => Some((None, args.get(1..).unwrap_or(&[]).to_vec())),
        Spread::ReflectConstruct => Some((
            Some(args.first()?.clone()),
            args.get(1).map_or(Some(Vec::new()), &elems)?,
        )),
        Spread::ReflectApply => Some((
            Some(args.first()?.clone()),
            args.get(2).map_or(Some(Vec::new()), &elems)?,
        )),
    }
}

/// Functions of a language's own namespace (no import) that a name can
/// stand for: `o = open`, `e = eval`.
pub fn callable_builtin(lang: &str, name: &str) -> bool {
    const TABLE: &[(&str, &[&str])] = &[(
        "python",
        &[
            "open",
            "eval",
            "exec",
            "compile",
            "__import__",
            "getattr",
            "input",
        ],
    )];
    TABLE
        .iter()
        .any(|(l, names)| *l == lang && names.contains(&name))
}

/// A list grown one value at a time (`l.append(x)`, `a.push(x)`, shape 3
/// of the value matrix): `v` joins it unless already there; past
/// `MAX_GROWN_VALUES` it is dropped and the file is incomplete.
pub fn grow(list: &mut Vec<String>, v: String) {
    if list.contains(&v) {
        return;
    }
    if list.len() >= crate::limits::MAX_GROWN_VALUES {
        crate::limits::gave_up("MAX_GROWN_VALUES");
        return;
    }
    list.push(v);
}

/// What decides whether two loop values can lead to different findings:
/// the value's own path class and that of the value joined under the home
/// (a bare `.ssh` in a list is usually joined to `$HOME`).
pub fn class_of(v: &str) -> String {
    let (s, t) = classify_path(v);
    let home = if v.starts_with(['/', '~', '$']) || v.contains("://") {
        String::new()
    } else {
        let (hs, ht) = classify_path(&format!("~/{v}"));
        format!("{hs:?}{ht:?}")
    };
    format!("{s:?}{t:?}|{home}")
}

/// The further values a loop variable is walked with, after `first` (the
/// value the first walk used), in the order written. Distinct values only;
/// past `MAX_LOOP_VALUES` one value per class stands for the rest. The
/// flag says some class did not fit (recorded as `MAX_LOOP_VALUES`: the
/// file is incomplete).
pub fn iterations(vals: &[String], first: Option<&str>) -> (Vec<String>, bool) {
    iterations_by(vals, first, class_of)
}

/// The separator of a row's parts in a row key ([`row_key`]).
const ROW_SEP: char = '\u{1f}';

/// The key of one row of a loop that binds several names per iteration
/// (`for k, v in PAIRS`, `for (const [a, b] of ROWS)`, `foreach ($m as $k
/// => $v)`) or one name to an inner list: its known string parts joined.
pub fn row_key<S: AsRef<str>>(parts: &[S]) -> String {
    let mut out = String::new();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            out.push(ROW_SEP);
        }
        out.push_str(p.as_ref());
    }
    out
}

/// The order a loop over rows is walked in (shape 1 and 2 of the value
/// matrix, docs/architecture.md): the index of the row holding the riskiest
/// part first (else the first row), then the indices of the further rows
/// with distinct keys, bounded like [`iterations`] (one row per class of
/// its parts past `MAX_LOOP_VALUES`; the flag says some did not fit).
pub fn row_order(keys: &[String]) -> (Option<usize>, Vec<usize>, bool) {
    if keys.is_empty() {
        return (None, Vec::new(), false);
    }
    let parts: Vec<String> = keys
        .iter()
        .flat_map(|k| k.split(ROW_SEP).map(str::to_string))
        .collect();
    let first = crate::extract::indicators::riskiest(&parts)
        .and_then(|r| keys.iter().position(|k| k.split(ROW_SEP).any(|p| p == r)))
        .unwrap_or(0);
    let row_class = |k: &str| k.split(ROW_SEP).map(class_of).collect::<Vec<_>>().join("/");
    let (rest, cut) = iterations_by(keys, Some(&keys[first]), row_class);
    let mut used = vec![false; keys.len()];
    used[first] = true;
    let more = rest
        .iter()
        .filter_map(|r| {
            let i = (0..keys.len()).find(|&i| !used[i] && &keys[i] == r)?;
            used[i] = true;
            Some(i)
        })
        .collect();
    (Some(first), more, cut)
}

fn iterations_by(
    vals: &[String],
    first: Option<&str>,
    class_of: impl Fn(&str) -> String,
) -> (Vec<String>, bool) {
    let cap = crate::limits::MAX_LOOP_VALUES;
    let mut seen: HashSet<&str> = HashSet::new();
    if let Some(f) = first {
        seen.insert(f);
    }
    let rest: Vec<&String> = vals.iter().filter(|v| seen.insert(v.as_str())).collect();
    if rest.len() <= cap {
        return (rest.into_iter().cloned().collect(), false);
    }
    let mut classes: HashSet<String> = HashSet::new();
    if let Some(f) = first {
        classes.insert(class_of(f));
    }
    let mut out = Vec::new();
    let mut cut = false;
    for v in rest {
        if classes.insert(class_of(v)) {
            if out.len() < cap {
                out.push(v.clone());
            } else {
                cut = true;
            }
        }
    }
    if cut {
        crate::limits::gave_up("MAX_LOOP_VALUES");
    }
    (out, cut)
}

/// The loop walks a file has left (`MAX_LOOP_WALKS`).
pub struct Walks(usize);

impl Default for Walks {
    fn default() -> Self {
        Walks(crate::limits::MAX_LOOP_WALKS)
    }
}

impl Walks {
    /// The further values of one loop that may be walked: all of them while
    /// the budget lasts, else none (recorded as `MAX_LOOP_WALKS`).
    pub fn take(&mut self, mut vals: Vec<String>) -> Vec<String> {
        if vals.len() > self.0 {
            crate::limits::gave_up("MAX_LOOP_WALKS");
            vals.clear();
        }
        self.0 -= vals.len();
        vals
    }
}

/// What makes two evidence items the same observation for the loop walks:
/// everything a rule or the flow pass reads.
fn key(e: &Evidence) -> String {
    format!(
        "{:?}|{}|{}|{:?}|{:?}|{:?}|{:?}|{:?}|{}|{}|{:?}",
        e.op,
        e.target,
        e.object,
        e.tags,
        e.inputs,
        e.output,
        e.location,
        e.func,
        e.instrument,
        e.snippet.len(),
        e.arg_values
    )
}

/// Drops from `items[from..]` (a further walk of a loop body) every item
/// equal to one of `items[earlier..from]` or to one kept before it.
pub fn drop_repeats(items: &mut Vec<Evidence>, earlier: usize, from: usize) {
    if from >= items.len() {
        return;
    }
    let mut seen: HashSet<String> = items[earlier..from].iter().map(key).collect();
    let tail = items.split_off(from);
    items.extend(tail.into_iter().filter(|e| seen.insert(key(e))));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spreading_form_hands_the_list_as_arguments() {
        let args = ["this", "[a,b]"];
        let el = |x: &&str| (x.starts_with('[')).then(|| vec!["a", "b"]);
        for (recv, name, want_f) in [
            (Some("String.fromCharCode"), "apply", None),
            (None, "apply", None),
            (Some("Reflect"), "apply", Some("f")),
        ] {
            let form = spread_form(recv, name).unwrap();
            let a: Vec<&str> = if want_f.is_some() {
                vec!["f", "this", "[a,b]"]
            } else {
                args.to_vec()
            };
            let (f, got) = respread(form, &a, el).unwrap();
            assert_eq!((f, got), (want_f, vec!["a", "b"]));
        }
        let (_, got) = respread(Spread::Call, &["this", "a", "b"], el).unwrap();
        assert_eq!(got, vec!["a", "b"]);
        assert_eq!(spread_form(None, "bind"), None);
    }

    #[test]
    fn an_alias_resolves_through_chains_and_ends_on_reassignment() {
        let mut a = Aliases::default();
        a.bind("p", "os.path");
        a.bind("q", "p");
        assert_eq!(
            a.resolve_dotted("q.expanduser").as_deref(),
            Some("os.path.expanduser")
        );
        // `p = p` changes nothing; another value ends it.
        a.bind("p", "p");
        assert_eq!(a.get("p"), Some("os.path"));
        a.end("p");
        assert_eq!(a.get("p"), None);
        a.end("q");
        assert_eq!(a.resolve_dotted("q.expanduser"), None);
    }

    #[test]
    fn every_class_of_a_long_list_is_walked() {
        let mut vals: Vec<String> = (0..40).map(|i| format!("notes{i}.txt")).collect();
        vals.push(".ssh".into());
        let (it, cut) = iterations(&vals, Some("notes0.txt"));
        assert!(!cut);
        assert!(it.contains(&".ssh".to_string()), "{it:?}");
        assert!(it.len() <= crate::limits::MAX_LOOP_VALUES);
    }

    #[test]
    fn rows_start_with_the_riskiest_and_keep_distinct_ones() {
        let keys: Vec<String> = [
            row_key(&["ui.theme", "dark"]),
            row_key(&["x", ".ssh/id_rsa"]),
            row_key(&["ui.theme", "dark"]),
            row_key(&["a", "b"]),
        ]
        .to_vec();
        let (first, more, cut) = row_order(&keys);
        assert_eq!(first, Some(1));
        assert_eq!(more, vec![0, 3]);
        assert!(!cut);
        assert_eq!(row_order(&[]), (None, Vec::new(), false));
    }

    #[test]
    fn short_lists_are_walked_whole() {
        let vals: Vec<String> = [".zshrc", ".bashrc", ".ssh", ".zshrc"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let (it, cut) = iterations(&vals, Some(".zshrc"));
        assert_eq!(it, vec![".bashrc".to_string(), ".ssh".to_string()]);
        assert!(!cut);
    }
}
