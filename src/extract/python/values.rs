use super::*;
use crate::limits::PY_MAX_LIST_VALUES;

/// The folded value of `str.maketrans(FROM, TO)`: a marker, then FROM and
/// TO split by U+0001, read back by `.translate(…)`.
const MAKETRANS: &str = "\u{0}maketrans\u{0}";

impl<'s, 'a> Py<'s, 'a> {
    /// String values of an iterable: list/tuple/set literals (with `*splat`
    /// of known lists) or a variable holding one.
    pub(super) fn iter_values(&self, n: Node) -> Vec<String> {
        match n.kind_name() {
            "identifier" => self.lists.get(self.t(n)).cloned().unwrap_or_default(),
            "list" | "tuple" | "set" => {
                let mut out = Vec::new();
                for el in named_children(n) {
                    if out.len() > PY_MAX_LIST_VALUES {
                        crate::limits::gave_up("PY_MAX_LIST_VALUES");
                        break;
                    }
                    if el.kind_name() == "list_splat" {
                        if let Some(inner) = el.named_child(0) {
                            out.extend(self.iter_values(inner));
                        }
                    } else if let Some(v) = self.fold(el, 0) {
                        out.push(v);
                    }
                }
                out
            }
            _ => Vec::new(),
        }
    }

    /// The literal value of an expression; containers keep their shape.
    /// [`Self::value_of`] where it can be a list or a dict: a string
    /// expression is not folded just to find out it is not one (that copied
    /// a growing `x` on every `x = x + 'ab'`).
    pub(super) fn container_of(&self, n: Node, depth: usize) -> Option<Val> {
        if depth > 8 {
            return None;
        }
        match n.kind_name() {
            "list" | "tuple" | "set" | "dictionary" => self.value_of(n, depth),
            "parenthesized_expression" => n
                .named_child(0)
                .and_then(|x| self.container_of(x, depth + 1)),
            "identifier" => self.conts.get(self.t(n)).cloned(),
            _ => None,
        }
    }

    pub(super) fn value_of(&self, n: Node, depth: usize) -> Option<Val> {
        if depth > 8 {
            return None;
        }
        match n.kind_name() {
            "list" | "tuple" | "set" => {
                let mut out = Vec::new();
                for el in named_children(n) {
                    if el.kind_name() == "comment" {
                        continue;
                    }
                    if out.len() > PY_MAX_LIST_VALUES {
                        crate::limits::gave_up("PY_MAX_LIST_VALUES");
                        break;
                    }
                    if el.kind_name() == "list_splat" {
                        if let Some(inner) = el.named_child(0) {
                            out.extend(self.iter_elems(inner, depth + 1));
                        }
                    } else {
                        out.push(
                            self.value_of(el, depth + 1)
                                .unwrap_or_else(|| Val::Dyn(self.t(el).to_string())),
                        );
                    }
                }
                Some(Val::Seq(out))
            }
            "dictionary" => {
                let mut out = Vec::new();
                for pair in named_children(n) {
                    if pair.kind_name() != "pair" {
                        continue;
                    }
                    let (Some(k), Some(v)) = (
                        pair.child_by_field_name("key"),
                        pair.child_by_field_name("value"),
                    ) else {
                        continue;
                    };
                    if out.len() > PY_MAX_LIST_VALUES {
                        crate::limits::gave_up("PY_MAX_LIST_VALUES");
                        break;
                    }
                    let key = self.fold(k, 0).unwrap_or_else(|| self.t(k).to_string());
                    let val = self
                        .value_of(v, depth + 1)
                        .unwrap_or_else(|| Val::Dyn(self.t(v).to_string()));
                    out.push((key, val));
                }
                Some(Val::Map(out))
            }
            "parenthesized_expression" => {
                n.named_child(0).and_then(|x| self.value_of(x, depth + 1))
            }
            "identifier" => self
                .conts
                .get(self.t(n))
                .cloned()
                .or_else(|| self.fold(n, 0).map(Val::Str)),
            _ => self.fold(n, 0).map(Val::Str),
        }
    }

    /// What iterating `n` yields, when it is built from literals: a
    /// container literal or a variable holding one, `D.get(k, [])`, `D[k]`,
    /// `D.values()`, `D.items()`, `sorted(x)`. At most `MAX_CANDS`.
    pub(super) fn iter_elems(&self, n: Node, depth: usize) -> Vec<Val> {
        if depth > 8 {
            return Vec::new();
        }
        let mut out = match n.kind_name() {
            "identifier" => match self.conts.get(self.t(n)) {
                Some(v) => v.elements(),
                None => self
                    .lists
                    .get(self.t(n))
                    .map(|l| l.iter().cloned().map(Val::Str).collect())
                    .unwrap_or_default(),
            },
            "list" | "tuple" | "set" | "dictionary" => self
                .value_of(n, depth + 1)
                .map(|v| v.elements())
                .unwrap_or_default(),
            "parenthesized_expression" => n
                .named_child(0)
                .map(|x| self.iter_elems(x, depth + 1))
                .unwrap_or_default(),
            "subscript" => self
                .selected(n, depth + 1)
                .iter()
                .flat_map(|v| v.elements())
                .collect(),
            "call" => {
                let Some(f) = n.child_by_field_name("function") else {
                    return Vec::new();
                };
                let args = self.args(n);
                match f.kind_name() {
                    "identifier"
                        if matches!(
                            self.t(f),
                            "sorted" | "list" | "tuple" | "set" | "reversed" | "iter"
                        ) =>
                    {
                        args.first()
                            .map(|a| self.iter_elems(*a, depth + 1))
                            .unwrap_or_default()
                    }
                    "attribute" => {
                        let attr = f
                            .child_by_field_name("attribute")
                            .map(|a| self.t(a))
                            .unwrap_or("");
                        let obj = f.child_by_field_name("object");
                        let map = obj.and_then(|o| self.container(o, depth + 1));
                        match (attr, map.as_deref()) {
                            ("get", _) => self
                                .selected(n, depth + 1)
                                .iter()
                                .flat_map(|v| v.elements())
                                .collect(),
                            ("values", Some(Val::Map(m))) => m
                                .iter()
                                .take(MAX_CANDS + 1)
                                .map(|(_, v)| v.clone())
                                .collect(),
                            ("keys", Some(Val::Map(m))) => m
                                .iter()
                                .take(MAX_CANDS + 1)
                                .map(|(k, _)| Val::Str(k.clone()))
                                .collect(),
                            ("items", Some(Val::Map(m))) => m
                                .iter()
                                .take(MAX_CANDS + 1)
                                .map(|(k, v)| Val::Seq(vec![Val::Str(k.clone()), v.clone()]))
                                .collect(),
                            _ => Vec::new(),
                        }
                    }
                    _ => Vec::new(),
                }
            }
            _ => Vec::new(),
        };
        crate::limits::truncate_counted(&mut out, MAX_CANDS, "PY_MAX_CANDS");
        out
    }

    /// A container literal or a variable holding one.
    pub(super) fn container(&self, n: Node, depth: usize) -> Option<std::borrow::Cow<'_, Val>> {
        use std::borrow::Cow;
        match n.kind_name() {
            "identifier" => self.conts.get(self.t(n)).map(Cow::Borrowed),
            "list" | "tuple" | "set" | "dictionary" => self.value_of(n, depth + 1).map(Cow::Owned),
            _ => None,
        }
    }

    /// The values `D.get(k[, d])` or `D[k]` can take for a literal `D`:
    /// the one under a known key, else every value (and the default).
    pub(super) fn selected(&self, n: Node, depth: usize) -> Vec<Val> {
        if depth > 8 {
            return Vec::new();
        }
        let (obj, key, default) = match n.kind_name() {
            "call" => {
                let Some(f) = n
                    .child_by_field_name("function")
                    .filter(|f| f.kind_name() == "attribute")
                else {
                    return Vec::new();
                };
                if f.child_by_field_name("attribute").map(|a| self.t(a)) != Some("get") {
                    return Vec::new();
                }
                let args = self.args(n);
                (
                    f.child_by_field_name("object"),
                    args.first().copied(),
                    args.get(1).copied(),
                )
            }
            "subscript" => (
                n.child_by_field_name("value"),
                n.child_by_field_name("subscript"),
                None,
            ),
            _ => return Vec::new(),
        };
        let Some(c) = obj.and_then(|o| self.container(o, depth + 1)) else {
            return Vec::new();
        };
        let known = key.and_then(|k| self.fold(k, 0));
        let mut out = match c.as_ref() {
            Val::Map(m) => {
                if let Some(v) = known
                    .as_ref()
                    .and_then(|k| m.iter().find(|(mk, _)| mk == k))
                {
                    return vec![v.1.clone()];
                }
                m.iter()
                    .take(MAX_CANDS + 1)
                    .map(|(_, v)| v.clone())
                    .collect::<Vec<_>>()
            }
            Val::Seq(v) if n.kind_name() == "subscript" => {
                let i = key.and_then(|k| self.t(k).parse::<i64>().ok());
                match i {
                    Some(i) => {
                        let i = if i < 0 { v.len() as i64 + i } else { i };
                        return v.get(i as usize).cloned().into_iter().collect();
                    }
                    None => return Vec::new(),
                }
            }
            _ => return Vec::new(),
        };
        if let Some(d) = default.and_then(|d| self.value_of(d, depth + 1)) {
            out.push(d);
        }
        crate::limits::truncate_counted(&mut out, MAX_CANDS, "PY_MAX_CANDS");
        out
    }

    /// Round 33: the strings a `return` gives when they fold (a path, a
    /// list of paths, a comprehension over a known list), for callers in
    /// any file (`returned.rs`). Bounded by the list caps of the folding.
    pub(super) fn returned_values(&mut self, v: Node) -> Vec<String> {
        let mut out: Vec<String> = match v.kind_name() {
            "list_comprehension" | "generator_expression" | "set_comprehension" => {
                self.comp_values(v)
            }
            "list" | "tuple" | "set" | "identifier" => {
                let vals = self.iter_values(v);
                if vals.is_empty() {
                    self.fold(v, 0).into_iter().collect()
                } else {
                    vals
                }
            }
            _ => self.fold(v, 0).into_iter().collect(),
        };
        out.retain(|s| !s.is_empty());
        out.dedup();
        out
    }

    /// Folds `[BODY for x in ITER]` once per literal element of ITER.
    pub(super) fn comp_values(&mut self, n: Node) -> Vec<String> {
        let Some(body) = n.child_by_field_name("body") else {
            return Vec::new();
        };
        let fcs: Vec<Node> = named_children(n)
            .into_iter()
            .filter(|x| x.kind_name() == "for_in_clause")
            .collect();
        let [fc] = fcs.as_slice() else {
            return Vec::new();
        };
        let (Some(l), Some(r)) = (
            fc.child_by_field_name("left"),
            fc.child_by_field_name("right"),
        ) else {
            return Vec::new();
        };
        if l.kind_name() != "identifier" {
            return Vec::new();
        }
        let name = self.t(l).to_string();
        let elems: Vec<String> = self
            .iter_elems(r, 0)
            .into_iter()
            .filter_map(|v| match v {
                Val::Str(s) => Some(s),
                _ => None,
            })
            .collect();
        let saved = self.vars.get(&name).cloned();
        let mut out = Vec::new();
        for e in elems {
            self.vars.insert(name.clone(), e);
            if let Some(v) = self.fold(body, 0) {
                out.push(v);
            }
        }
        match saved {
            Some(v) => self.vars.insert(name, v),
            None => self.vars.remove(&name),
        };
        out
    }

    /// `fernet.encrypt(data)`, `cipher.encrypt(...)`, `encrypt_bytes(...)`.
    pub(super) fn is_encrypt(&self, n: Node) -> bool {
        if n.kind_name() != "call" {
            return false;
        }
        let Some(f) = n.child_by_field_name("function") else {
            return false;
        };
        let last = match f.kind_name() {
            "attribute" => f.child_by_field_name("attribute").map(|a| self.t(a)),
            "identifier" => Some(self.t(f)),
            _ => None,
        }
        .unwrap_or("")
        .to_lowercase();
        last.contains("encrypt") && !last.contains("decrypt")
    }

    /// Ransomware shape: files found by walking the user's folders, each
    /// one's contents written out encrypted, and the original deleted (in
    /// the encrypting function or one it calls). Adds one destructive step
    /// at the encrypting write.
    pub(super) fn ransom(&mut self, start: usize) {
        if self.enc_writes.is_empty() {
            return;
        }
        let items = &self.sink.items[start.min(self.sink.items.len())..];
        let walked = items.iter().any(|e| {
            e.op == Op::FileRead
                && e.object == "file system scan"
                && (e.instrument.ends_with("rglob")
                    || e.instrument == "os.walk"
                    || e.instrument.contains("glob") && e.target.contains("**"))
        });
        let user = !self.user_dirs.is_empty()
            || items.iter().any(|e| {
                e.object == "file system scan" && (e.has(Tag::WideScan) || e.scope == R::UserData)
            });
        if !walked || !user {
            return;
        }
        // Functions that delete files, directly or through local calls.
        let mut deleters: HashSet<String> = items
            .iter()
            .filter(|e| e.op == Op::FileDelete && e.lang == LANG)
            .filter_map(|e| e.func.clone())
            .collect();
        let top_level_delete = items
            .iter()
            .any(|e| e.op == Op::FileDelete && e.lang == LANG && e.func.is_none());
        loop {
            let n = deleters.len();
            for e in items.iter().filter(|e| e.op == Op::CallLocal) {
                if let Some(f) = &e.func {
                    if deleters.contains(&e.target) {
                        deleters.insert(f.clone());
                    }
                }
            }
            if deleters.len() == n {
                break;
            }
        }
        let Some((a, b, func)) = self
            .enc_writes
            .iter()
            .find(|(_, _, f)| match f {
                Some(f) => deleters.contains(f),
                None => top_level_delete,
            })
            .cloned()
        else {
            return;
        };
        let target = if self.user_dirs.is_empty() {
            "the user's files".to_string()
        } else {
            self.user_dirs.join(", ")
        };
        // Whatever the encrypting routine (or one it calls) sends away: the
        // key held for ransom, the victim's host and user.
        let mut reach: HashSet<Option<String>> = HashSet::from([func.clone()]);
        loop {
            let n = reach.len();
            for e in items.iter().filter(|e| e.op == Op::CallLocal) {
                if reach.contains(&e.func) {
                    reach.insert(Some(e.target.clone()));
                }
            }
            if reach.len() == n {
                break;
            }
        }
        let sent = items
            .iter()
            .find(|e| e.op == Op::NetSend && e.lang == LANG && reach.contains(&e.func))
            .map(|e| {
                let mut s = Evidence::new(Op::NetSend, A::Transfer, R::Network, e.target.clone())
                    .object("data sent by the routine that encrypts the user's files")
                    .instrument(e.instrument.clone())
                    .tag(Tag::MassEncrypt);
                s.location = e.location.clone();
                s.snippet = e.snippet.clone();
                s.origin = e.origin;
                s.lang = LANG;
                s.func = e.func.clone();
                s
            });
        let mut ev = Evidence::new(Op::FileDelete, A::Write, R::UserData, target)
            .object("user files encrypted and the originals deleted (ransomware)")
            .instrument("encrypt")
            .tag(Tag::MassEncrypt);
        ev.func = func;
        let ev = self.src.at(ev, a, b, LANG);
        self.sink.push(ev);
        if let Some(s) = sent {
            self.sink.push(s);
        }
    }

    /// Remembers that the file names the user's own folders.
    pub(super) fn note_value(&mut self, v: &str) {
        let (scope, _) = classify_path(v);
        if scope == R::UserData
            && self.user_dirs.len() < 8
            && !self.user_dirs.iter().any(|d| d == v)
        {
            self.user_dirs.push(v.to_string());
        }
    }

    /// `b"..."` literal arguments and variables holding them.
    pub(super) fn literal_bytes_arg(&self, a: Node) -> Option<String> {
        if a.kind_name() == "identifier" {
            return self.vars.get(self.t(a)).cloned();
        }
        None
    }

    /// A path argument: folded string, `Path(...)`, `Path.home() / ...`.
    pub(super) fn path_of(&self, n: Node) -> Option<String> {
        // Unresolved paths keep their expression text (never "": an empty
        // target would read as the root).
        Some(
            self.fold(n, 0)
                .map(|p| if p == "<home>" { "~".to_string() } else { p })
                .unwrap_or_else(|| self.t(n).to_string()),
        )
    }

    // ---------------------------------------------------------------- folding

    /// Constant-folds a string-valued expression.
    pub(super) fn fold(&self, n: Node, depth: usize) -> Option<String> {
        if depth > 24 {
            return None;
        }
        match n.kind_name() {
            "string" => self.string_value(n, depth),
            "concatenated_string" => named_children(n)
                .into_iter()
                .map(|p| self.fold(p, depth + 1))
                .collect::<Option<Vec<_>>>()
                .map(|v| v.concat()),
            "identifier" => self.var_copy(self.t(n)),
            // `f(*ARGS)` over a variable holding a literal list: its first
            // value is the argument in this place (`value_set`, spreading).
            "list_splat" => n
                .named_child(0)
                .and_then(|l| self.iter_values(l).into_iter().next()),
            // `subprocess.Popen([sys.executable, "-c", CODE])`: the running
            // Python interpreter.
            "attribute" if self.t(n) == "sys.executable" => Some("python3".into()),
            "attribute" if self.t(n) == "site.USER_SITE" => {
                Some("~/.local/lib/python3/site-packages".into())
            }
            "parenthesized_expression" => n.named_child(0).and_then(|x| self.fold(x, depth + 1)),
            "integer" => Some(self.t(n).to_string()),
            "binary_operator" => {
                let op = n
                    .child_by_field_name("operator")
                    .map(|o| self.t(o))
                    .unwrap_or("");
                let l = n.child_by_field_name("left")?;
                let r = n.child_by_field_name("right")?;
                match op {
                    // An unknown right side keeps the known prefix: `API + path`
                    // still names the host, `"~/.ssh/" + name` the folder.
                    "+" => {
                        let left = self.fold(l, depth + 1)?;
                        Some(format!(
                            "{left}{}",
                            self.fold(r, depth + 1).unwrap_or_else(|| "{?}".into())
                        ))
                    }
                    "/" => {
                        // pathlib: Path.home() / ".ssh" / "id_rsa"; an unknown
                        // base keeps a literal leaf: `ssh_dir / "authorized_keys"`
                        // names that file wherever the folder is.
                        let left = match self.fold(l, depth + 1) {
                            Some(left) => left,
                            None if r.kind_name() == "string" => "{?}".into(),
                            None => return None,
                        };
                        let right = self.fold(r, depth + 1).unwrap_or_else(|| "{?}".into());
                        Some(format!(
                            "{}/{}",
                            left.trim_end_matches('/'),
                            right.trim_start_matches('/')
                        ))
                    }
                    "%" => {
                        let fmt = self.fold(l, depth + 1)?;
                        let vals: Vec<String> = if r.kind_name() == "tuple" {
                            named_children(r)
                                .into_iter()
                                .map(|x| self.fold(x, depth + 1).unwrap_or_else(|| "{?}".into()))
                                .collect()
                        } else {
                            vec![self.fold(r, depth + 1).unwrap_or_else(|| "{?}".into())]
                        };
                        let mut out = fmt;
                        for v in vals {
                            if let Some(i) = out.find("%s").or_else(|| out.find("%d")) {
                                out.replace_range(i..i + 2, &v);
                            }
                        }
                        Some(out)
                    }
                    _ => None,
                }
            }
            "subscript" => {
                let v = n.child_by_field_name("value")?;
                let vt = self.t(v);
                if vt == "os.environ" || vt.ends_with("environ") {
                    let key = n
                        .child_by_field_name("subscript")
                        .and_then(|k| self.fold(k, depth + 1))?;
                    return if key == "HOME" || key == "USERPROFILE" {
                        Some("~".into())
                    } else {
                        Some(format!("${key}"))
                    };
                }
                // `site.getsitepackages()[0]`: the interpreter's own
                // site-packages (round 24).
                if vt == "site.getsitepackages()" {
                    return Some("/usr/lib/python3/site-packages".into());
                }
                if v.kind_name() == "identifier" && self.conts.contains_key(vt) {
                    // `D[k]` of a dict literal: the value under k, or the
                    // riskiest of its values.
                    return riskiest(&strs(self.selected(n, depth + 1)));
                }
                let s = self.fold(v, depth + 1)?;
                let sub = n.child_by_field_name("subscript")?;
                if sub.kind_name() == "slice" {
                    let t = self.t(sub).replace(' ', "");
                    if t == "::-1" {
                        return Some(s.chars().rev().collect());
                    }
                    let parts: Vec<&str> = t.split(':').collect();
                    let chars: Vec<char> = s.chars().collect();
                    let idx = |x: &str, def: i64| -> i64 {
                        if x.is_empty() {
                            def
                        } else {
                            x.parse().unwrap_or(def)
                        }
                    };
                    let len = chars.len() as i64;
                    let norm = |i: i64| if i < 0 { (len + i).max(0) } else { i.min(len) } as usize;
                    let a = norm(idx(parts.first().copied().unwrap_or(""), 0));
                    let b = norm(idx(parts.get(1).copied().unwrap_or(""), len));
                    let step = idx(parts.get(2).copied().unwrap_or(""), 1);
                    if step <= 0 || a > b {
                        return None;
                    }
                    return Some(chars[a..b].iter().step_by(step as usize).collect());
                }
                None
            }
            "call" => self.fold_call(n, depth),
            // Round 36: `sys.argv[1] if len(sys.argv) > 1 else ROOT`,
            // `sys.argv[1] or ROOT`: the caller's argument when given, else
            // the default, which is what runs when the skill is run as
            // documented (the shell's `${1:-$ROOT}`).
            "conditional_expression" | "boolean_operator" => {
                let kids = named_children(n);
                let (first, last) = (kids.first()?, kids.last()?);
                let user = |x: &Node| {
                    let t = self.t(*x);
                    t.starts_with("sys.argv[") || t.starts_with("args.") || t.starts_with("argv[")
                };
                let or = n.kind_name() == "conditional_expression"
                    || n.child_by_field_name("operator")
                        .is_some_and(|o| self.t(o) == "or");
                (or && kids.len() >= 2 && user(first))
                    .then(|| self.fold(*last, depth + 1))
                    .flatten()
            }
            "attribute" => {
                let t = self.t(n);
                if t == "os.sep" {
                    return Some("/".into());
                }
                None
            }
            _ => None,
        }
    }

    pub(super) fn string_value(&self, n: Node, depth: usize) -> Option<String> {
        let raw = self.t(n);
        let prefix_len = raw.find(['"', '\'']).unwrap_or(0);
        let prefix = raw[..prefix_len].to_lowercase();
        let is_raw = prefix.contains('r');
        let is_f = prefix.contains('f');
        let mut out = String::new();
        for ch in named_children(n) {
            match ch.kind_name() {
                "string_content" => {
                    let t = self.t(ch);
                    out.push_str(&if is_raw { t.to_string() } else { unescape(t) });
                }
                "escape_sequence" => out.push_str(&unescape(self.t(ch))),
                "interpolation" => {
                    if !is_f {
                        return None;
                    }
                    let e = ch
                        .child_by_field_name("expression")
                        .or_else(|| ch.named_child(0))?;
                    match self.fold(e, depth + 1) {
                        Some(v) => out.push_str(&v),
                        None => out.push_str(&format!("{{{}}}", self.t(e))),
                    }
                }
                _ => {}
            }
        }
        Some(out)
    }

    /// The strings of a list the code assigned literally (`PARTS = ["a",
    /// "b"]`, or the literal itself); None when a piece is not a literal.
    /// The characters of a list of character codes: a list or tuple
    /// literal, or a name holding one (also a loop variable bound to an
    /// inner list, `for k in [[46, …], …]`).
    fn char_list(&self, n: Node, depth: usize) -> Option<Vec<String>> {
        let code = |t: &str| {
            let t = t.trim();
            t.parse::<u32>()
                .ok()
                .or_else(|| u32::from_str_radix(t.strip_prefix("0x")?, 16).ok())
                .and_then(char::from_u32)
                .map(|c| c.to_string())
        };
        match n.kind_name() {
            "list" | "tuple" => named_children(n)
                .into_iter()
                .map(|x| code(self.t(x)))
                .collect(),
            "identifier" => self
                .literal_pieces(n, depth)?
                .iter()
                .map(|p| code(p))
                .collect(),
            _ => None,
        }
    }

    fn literal_pieces(&self, n: Node, depth: usize) -> Option<Vec<String>> {
        match &*self.container(n, depth)? {
            Val::Seq(v) => v
                .iter()
                .map(|x| match x {
                    Val::Str(s) => Some(s.clone()),
                    _ => None,
                })
                .collect(),
            _ => None,
        }
    }

    /// `"".join(S)` of a string (a parenthesised run of literals, not a
    /// list): its characters joined by `sep`. `None` when `a` is not such a
    /// name (the caller reads it as a list).
    fn join_string(&self, sep: &str, a: Node, depth: usize) -> Option<Option<String>> {
        if a.kind_name() != "identifier"
            || self.lists.contains_key(self.t(a))
            || self.literal_pieces(a, depth + 1).is_some()
        {
            return None;
        }
        let Some(s) = self.fold(a, depth + 1) else {
            return Some(None);
        };
        if sep.is_empty() {
            return Some(Some(s));
        }
        let mut out = String::with_capacity(s.len() * (sep.len() + 1));
        for (i, c) in s.chars().enumerate() {
            if i > 0 {
                out.push_str(sep);
            }
            out.push(c);
        }
        Some(Some(out))
    }

    /// `os.path.join(…)` folded. Round 33: `*PARTS` of a known list is its
    /// elements (`os.path.join(home, *PARTS)`), every one of them.
    fn fold_join(&self, args: &[Node], depth: usize) -> Option<String> {
        let mut parts = Vec::new();
        for a in args {
            if a.kind_name() == "list_splat" {
                let inner = a.named_child(0)?;
                let vals = self
                    .container_of(inner, depth + 1)
                    .map(|v| v.elements())
                    .unwrap_or_default();
                if vals.is_empty() {
                    return None;
                }
                for v in vals {
                    let Val::Str(x) = v else { return None };
                    parts.push(x);
                }
            } else {
                parts.push(self.fold(*a, depth + 1)?);
            }
        }
        Some(
            parts
                .iter()
                .map(|p| p.trim_end_matches('/').to_string())
                .collect::<Vec<_>>()
                .join("/"),
        )
    }

    /// Round 41 (blind r41 venv-health-probe): `repr(line)` of a known
    /// string is that string quoted as Python writes it, so a start-up line
    /// built as `"exec(" + repr(line) + ")"` is the code it runs.
    fn fold_repr(&self, a: Node, depth: usize) -> Option<String> {
        let v = self.fold(a, depth + 1)?;
        Some(if matches!(a.kind_name(), "integer" | "float") {
            v
        } else {
            py_repr(&v)
        })
    }

    pub(super) fn fold_call(&self, n: Node, depth: usize) -> Option<String> {
        let f = n.child_by_field_name("function")?;
        if f.kind_name() == "identifier" && self.chr_fns.contains(self.t(f)) {
            return self
                .args(n)
                .iter()
                .map(|a| {
                    self.t(*a)
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .and_then(char::from_u32)
                })
                .collect::<Option<String>>();
        }
        if f.kind_name() == "identifier" && self.rot13_fns.contains(self.t(f)) {
            // A helper given the pieces (`unscramble(PARTS)`): they are
            // joined as the helper's `"".join(p)` does.
            let a = *self.args(n).first()?;
            let v = self
                .fold(a, depth + 1)
                .or_else(|| Some(self.literal_pieces(a, depth + 1)?.concat()))?;
            return Some(crate::extract::deobf::rot13(&v));
        }
        let (name, _) = self.callee(f, 0);
        let args = self.args(n);
        let method = name.rsplit('.').next().unwrap_or("");
        // `codecs.decode("uggcf://…", "rot13")`.
        if matches!(name.as_str(), "codecs.decode" | "codecs.encode")
            && args.get(1).is_some_and(|a| {
                let t = self.t(*a).to_lowercase();
                t.contains("rot13") || t.contains("rot_13")
            })
        {
            let v = self.fold(*args.first()?, depth + 1)?;
            return Some(crate::extract::deobf::rot13(&v));
        }
        let obj = if f.kind_name() == "attribute" {
            f.child_by_field_name("object")
        } else {
            None
        };
        match name.as_str() {
            // `os.environ.get("GATEWAY_URL", "http://localhost:18789")`: a
            // URL the user may set, else this machine; the default is where
            // the skill sends when run as documented, as the shell's
            // `${GATEWAY_URL:-http://…}` (`shell/words.rs` `default_of`).
            // A remote default stays `{VAR}`: whether the user configures it
            // is the decision layer's question (a variable the documents
            // name, SK-EXFIL-007).
            "os.getenv" | "os.environ.get" => {
                let d = self.fold(*args.get(1)?, depth + 1)?;
                // Round 36: a device default (`os.environ.get("DEV", root)`
                // with `root = "/dev/" + lsblk(…)`) is the disk written when
                // the user sets nothing.
                if d.starts_with("/dev/") {
                    return Some(d);
                }
                (d.starts_with("http://") || d.starts_with("https://"))
                    .then(|| crate::extract::indicators::url_host(&d))
                    .flatten()
                    .filter(|h| crate::extract::indicators::is_local_host(h))
                    .map(|_| d)
            }
            "os.path.expanduser" | "os.path.expandvars" | "os.path.abspath"
            | "os.path.normpath" | "os.path.realpath" | "str" | "pathlib.Path" | "Path"
            | "os.fspath" => {
                let v = self.fold(*args.first()?, depth + 1)?;
                Some(if name.ends_with("expandvars") {
                    v.replace("$HOME", "~")
                } else {
                    v
                })
            }
            "pathlib.Path.home" | "Path.home" | "os.path.expanduser()" => Some("~".into()),
            // Round 24: the folders whose `.pth` files and modules Python
            // reads at every start.
            "site.getusersitepackages" => Some("~/.local/lib/python3/site-packages".into()),
            "sysconfig.get_path"
                if args.first().is_some_and(|a| self.t(*a).contains("purelib")) =>
            {
                Some("/usr/lib/python3/site-packages".into())
            }
            "os.path.join" | "posixpath.join" => self.fold_join(&args, depth),
            "chr" => {
                let v: u32 = self.t(*args.first()?).parse().ok().or_else(|| {
                    let t = self.t(*args.first()?);
                    u32::from_str_radix(t.trim_start_matches("0x"), 16)
                        .ok()
                        .filter(|_| t.starts_with("0x"))
                })?;
                char::from_u32(v).map(|c| c.to_string())
            }
            "os.getcwd" => Some(".".into()),
            "repr" | "ascii" => self.fold_repr(*args.first()?, depth),
            // `bytes(CODES).decode()`: the characters of a list of codes.
            "bytes" | "bytearray" => Some(self.char_list(*args.first()?, depth + 1)?.concat()),
            _ => match method {
                "join" => {
                    let sep = obj.and_then(|o| self.fold(o, depth + 1))?;
                    let a = *args.first()?;
                    if let Some(s) = self.join_string(&sep, a, depth) {
                        return s;
                    }
                    let items: Option<Vec<String>> = match a.kind_name() {
                        "list" | "tuple" => named_children(a)
                            .into_iter()
                            .map(|x| self.fold(x, depth + 1))
                            .collect(),
                        "call" => {
                            // map(chr, [..])
                            let ft = a
                                .child_by_field_name("function")
                                .map(|x| self.t(x))
                                .unwrap_or("");
                            let inner = self.args(a);
                            if ft == "map" && inner.first().is_some_and(|x| self.t(*x) == "chr") {
                                self.char_list(*inner.get(1)?, depth + 1)
                            } else {
                                None
                            }
                        }
                        "generator_expression" | "list_comprehension" => {
                            // chr(c) for c in [..]
                            let body = a
                                .child_by_field_name("body")
                                .map(|x| self.t(x))
                                .unwrap_or("");
                            let list = named_children(a)
                                .into_iter()
                                .find(|x| x.kind_name() == "for_in_clause")
                                .and_then(|fc| fc.child_by_field_name("right"))?;
                            if body.starts_with("chr(") {
                                self.char_list(list, depth + 1)
                            } else {
                                named_children(list)
                                    .into_iter()
                                    .map(|x| self.fold(x, depth + 1))
                                    .collect()
                            }
                        }
                        // `"".join(PIECES)` of a list the code assigned
                        // literally; a piece that is not a literal stops it.
                        "identifier" => self.literal_pieces(a, depth + 1),
                        _ => None,
                    };
                    Some(items?.join(&sep))
                }
                "format" => {
                    let mut fmt = obj.and_then(|o| self.fold(o, depth + 1))?;
                    for a in &args {
                        let v = self.fold(*a, depth + 1).unwrap_or_else(|| "{?}".into());
                        if let Some(i) = fmt.find("{}") {
                            fmt.replace_range(i..i + 2, &v);
                        }
                    }
                    Some(fmt)
                }
                "decode" | "strip" | "lower" | "upper" | "rstrip" | "lstrip" => {
                    let o = obj?;
                    let inner = self.fold(o, depth + 1)?;
                    Some(match method {
                        "lower" => inner.to_lowercase(),
                        "upper" => inner.to_uppercase(),
                        "strip" => inner.trim().to_string(),
                        _ => inner,
                    })
                }
                "get" if obj.is_some_and(|o| self.container(o, depth + 1).is_some()) => {
                    riskiest(&strs(self.selected(n, depth + 1)))
                }
                // `s.translate(T)` with `T = str.maketrans(FROM, TO)`
                // (a rot13 or other substitution table).
                "translate" => {
                    let s = obj.and_then(|o| self.fold(o, depth + 1))?;
                    let t = self.fold(*args.first()?, depth + 1)?;
                    let (from, to) = t.strip_prefix(MAKETRANS)?.split_once('\u{1}')?;
                    crate::extract::deobf::char_map(&s, from, to)
                }
                "maketrans" if args.len() == 2 => {
                    let a = self.fold(args[0], depth + 1)?;
                    let b = self.fold(args[1], depth + 1)?;
                    Some(format!("{MAKETRANS}{a}\u{1}{b}"))
                }
                "replace" => {
                    let s = obj.and_then(|o| self.fold(o, depth + 1))?;
                    let a = self.fold(*args.first()?, depth + 1)?;
                    let b = self.fold(*args.get(1)?, depth + 1)?;
                    Some(s.replace(&a, &b))
                }
                _ => None,
            },
        }
    }
}

/// A string as Python's `repr` writes it: single quotes unless the text
/// holds a single quote and no double quote; backslashes, the quote and
/// control characters escaped.
fn py_repr(v: &str) -> String {
    let q = if v.contains('\'') && !v.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(v.len() + 2);
    out.push(q);
    for c in v.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == q => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push(q);
    out
}
