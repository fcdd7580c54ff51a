//! obfuscator.io string tables: the table, its accessors and aliases, and
//! the simulated rotation that folds accessor calls to their strings.

use super::*;

/// String tables found in a file: name → strings, and the strings' spans.
#[derive(Default)]
struct Tables {
    strs: HashMap<String, Vec<String>>,
    spans: HashMap<String, Vec<(usize, usize)>>,
}

impl<'s, 'a, 't> Cx<'s, 'a, 't> {
    // ---- obfuscator.io string tables --------------------------------------

    /// Finds obfuscator.io string tables (`function T(){const a=[..];
    /// T=function(){return a;};return T();}` or a `const` array), their
    /// accessor functions (`W(i)` returning `table[i - OFFSET]`) and aliases,
    /// and simulates the rotation IIFE (`push(shift())` until a checksum of
    /// `parseInt` terms matches). Accessor calls then fold to the string.
    pub(super) fn string_tables(&mut self, root: Node<'t>, masked: &str) {
        let (fns, calls, consts) = self.table_candidates(root);
        let tables = self.find_tables(consts, &fns);
        if tables.strs.is_empty() {
            return;
        }
        let wrappers = self.table_accessors(&fns, &tables.strs);
        if wrappers.is_empty() {
            return;
        }
        let rotation = self.table_rotations(calls, &tables.strs, &wrappers);
        self.install_accessors(masked, &tables.strs, &wrappers, &rotation);
        self.unrotated_commands(root, &fns, &tables, &rotation);
    }

    /// Function declarations, IIFE calls and `const` arrays that may hold or
    /// serve a string table.
    #[allow(clippy::type_complexity)]
    fn table_candidates(
        &self,
        root: Node<'t>,
    ) -> (Vec<Node<'t>>, Vec<Node<'t>>, Vec<(String, Node<'t>)>) {
        let mut fns: Vec<Node<'t>> = Vec::new();
        let mut calls: Vec<Node<'t>> = Vec::new();
        let mut consts: Vec<(String, Node<'t>)> = Vec::new();
        // Every node is visited (an explicit stack, so no recursion): a
        // table declared after many ordinary arrays or functions is still
        // found.
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            match n.kind_name() {
                "function_declaration" => fns.push(n),
                "call_expression" => {
                    let callee = n.child_by_field_name("function");
                    if callee.is_some_and(|c| {
                        matches!(
                            c.kind_name(),
                            "parenthesized_expression" | "function_expression" | "function"
                        )
                    }) {
                        calls.push(n);
                    }
                }
                "variable_declarator" => {
                    if let (Some(nm), Some(v)) = (
                        n.child_by_field_name("name"),
                        n.child_by_field_name("value"),
                    ) && nm.kind_name() == "identifier"
                        && v.kind_name() == "array"
                    {
                        consts.push((self.t(nm).to_string(), v));
                    }
                }
                _ => {}
            }
            let mut c = n.walk();
            stack.extend(n.children(&mut c));
        }
        (fns, calls, consts)
    }

    /// Tables: name → strings (and their spans), from `const` arrays and
    /// from arrays declared directly in a function body.
    fn find_tables(&mut self, consts: Vec<(String, Node<'t>)>, fns: &[Node<'t>]) -> Tables {
        let mut tables = Tables::default();
        for (name, arr) in consts {
            self.add_table(&mut tables, name, arr);
        }
        for f in fns {
            let (Some(nm), Some(body)) =
                (f.child_by_field_name("name"), f.child_by_field_name("body"))
            else {
                continue;
            };
            let name = self.t(nm).to_string();
            let stmts = named_children(body);
            if !stmts.iter().any(|st| st.kind_name() == "return_statement") {
                continue;
            }
            // `const a = [..]` directly in the body.
            for st in stmts {
                if !matches!(
                    st.kind_name(),
                    "lexical_declaration" | "variable_declaration"
                ) {
                    continue;
                }
                for dcl in named_children(st) {
                    if let Some(v) = dcl.child_by_field_name("value")
                        && v.kind_name() == "array"
                    {
                        self.add_table(&mut tables, name.clone(), v);
                    }
                }
            }
        }
        tables
    }

    /// Adds the array `arr` as table `name` when it is all strings.
    fn add_table(&mut self, tables: &mut Tables, name: String, arr: Node<'t>) {
        let elems = named_children(arr);
        if elems.len() < 3 || elems.iter().any(|e| e.kind_name() != "string") {
            return;
        }
        if elems.len() > MAX_ELEMS {
            crate::limits::gave_up("JS_MAX_ELEMS");
            return;
        }
        let strs: Vec<String> = elems
            .iter()
            .map(|e| self.string(*e).str().unwrap_or("").to_string())
            .collect();
        tables.spans.insert(
            name.clone(),
            elems
                .iter()
                .map(|e| (e.start_byte(), e.end_byte()))
                .collect(),
        );
        tables.strs.insert(name, strs);
    }

    /// Accessors: name → (table name, delta).
    fn table_accessors(
        &self,
        fns: &[Node<'t>],
        tables: &HashMap<String, Vec<String>>,
    ) -> HashMap<String, (String, i64)> {
        let mut wrappers: HashMap<String, (String, i64)> = HashMap::new();
        for f in fns {
            let (Some(nm), Some(body)) =
                (f.child_by_field_name("name"), f.child_by_field_name("body"))
            else {
                continue;
            };
            let name = self.t(nm).to_string();
            if tables.contains_key(&name) {
                continue;
            }
            let bt = self.t(body);
            if bt.len() > 4096
                || ["atob", "fromCharCode", "charCodeAt", "decodeURIComponent"]
                    .iter()
                    .any(|w| bt.contains(w))
            {
                continue;
            }
            let Some(table) = first_table_use(bt, tables) else {
                continue;
            };
            let Some(delta) = table_delta(bt) else {
                continue;
            };
            wrappers.insert(name, (table.clone(), delta));
        }
        wrappers
    }

    /// Rotation IIFEs: `(function(t, n){ .. push(shift()) .. })(T, 0x..)`:
    /// table name → the rotation found (`None`: not simulated).
    fn table_rotations(
        &mut self,
        calls: Vec<Node<'t>>,
        tables: &HashMap<String, Vec<String>>,
        wrappers: &HashMap<String, (String, i64)>,
    ) -> HashMap<String, Option<usize>> {
        let mut rotation: HashMap<String, Option<usize>> = HashMap::new();
        for c in calls {
            let Some(args) = c.child_by_field_name("arguments") else {
                continue;
            };
            let a = named_children(args);
            if a.len() != 2 || a[0].kind_name() != "identifier" || a[1].kind_name() != "number" {
                continue;
            }
            let tname = self.t(a[0]).to_string();
            let Some(table) = tables.get(&tname) else {
                continue;
            };
            let ft = c
                .child_by_field_name("function")
                .map(|f| self.t(f))
                .unwrap_or("");
            if !(ft.contains("push") && ft.contains("shift")) {
                continue;
            }
            let target = parse_num(self.t(a[1]));
            let delta = wrappers
                .values()
                .find(|(t, _)| *t == tname)
                .map(|(_, d)| *d)
                .unwrap_or(0);
            let r = match (target, c.child_by_field_name("function")) {
                (Some(target), Some(f)) => self.simulate_rotation(f, table, delta, target),
                _ => None,
            };
            rotation.insert(tname, r);
        }
        rotation
    }

    /// Accessors and their aliases fold to the (rotated) table's strings.
    fn install_accessors(
        &mut self,
        masked: &str,
        tables: &HashMap<String, Vec<String>>,
        wrappers: &HashMap<String, (String, i64)>,
        rotation: &HashMap<String, Option<usize>>,
    ) {
        // Aliases (`const q = W;`, `r = q;` …): every assignment of one name
        // to another is read once, and the names reachable from each
        // accessor through them are its aliases (each name visited once).
        let mut assigned_from: HashMap<&str, Vec<&str>> = HashMap::new();
        for c in ALIAS.captures_iter(masked) {
            if let (Some(a), Some(b)) = (c.get(1), c.get(2))
                && !tables.contains_key(a.as_str())
            {
                assigned_from
                    .entry(b.as_str())
                    .or_default()
                    .push(a.as_str());
            }
        }
        let mut roots: Vec<&String> = wrappers.keys().collect();
        roots.sort();
        let mut names: HashMap<String, String> = HashMap::new();
        for w in roots {
            let mut queue = vec![w.as_str()];
            while let Some(n) = queue.pop() {
                if names.contains_key(n) {
                    continue;
                }
                names.insert(n.to_string(), w.clone());
                if let Some(next) = assigned_from.get(n) {
                    queue.extend(next.iter().copied());
                }
            }
        }
        for (alias, w) in names {
            let Some((tname, delta)) = wrappers.get(&w) else {
                continue;
            };
            let Some(table) = tables.get(tname) else {
                continue;
            };
            match rotation.get(tname) {
                None => {
                    self.str_fns.insert(alias, (Rc::new(table.clone()), *delta));
                }
                Some(Some(r)) => {
                    let mut t = table.clone();
                    let by = *r % t.len().max(1);
                    t.rotate_left(by);
                    self.str_fns.insert(alias, (Rc::new(t), *delta));
                }
                Some(None) => {
                    self.str_fns_unknown.insert(alias);
                }
            }
        }
    }

    /// Commands among the strings of a table whose rotation could not be
    /// simulated, when the table also names a way to run them.
    fn unrotated_commands(
        &mut self,
        root: Node<'t>,
        fns: &[Node<'t>],
        tables: &Tables,
        rotation: &HashMap<String, Option<usize>>,
    ) {
        // A rotation that could not be simulated: the strings are still
        // candidates. Commands among them are analysed when the table also
        // names a way to run them.
        for (tname, r) in rotation {
            if r.is_some() {
                continue;
            }
            let Some(table) = tables.strs.get(tname) else {
                continue;
            };
            let runs = table.iter().any(|s| {
                matches!(
                    s.as_str(),
                    "child_process" | "exec" | "execSync" | "spawn" | "spawnSync" | "eval"
                )
            });
            if !runs {
                continue;
            }
            let anchor = fns
                .iter()
                .find(|f| {
                    f.child_by_field_name("name")
                        .is_some_and(|n| self.t(n) == tname.as_str())
                })
                .copied()
                .unwrap_or(root);
            let sp = tables.spans.get(tname);
            for (k, cand) in table.iter().enumerate().take(MAX_ELEMS) {
                if cand.contains(' ') && Lang::sniff(cand) == Some(Lang::Shell) {
                    let from = self.sink.items.len();
                    let v = V {
                        computed: true,
                        span: sp.and_then(|s| s.get(k)).copied(),
                        ..V::default()
                    };
                    self.nested(Lang::Shell, cand, &v, anchor, Origin::Script);
                    self.tag_range(from, &[Tag::Obfuscated]);
                }
            }
        }
    }

    /// Rotations (0..len) after which the checksum expression of the IIFE
    /// `f` equals `target`, evaluating `parseInt(W(i))` terms on the table.
    fn simulate_rotation(
        &self,
        f: Node<'t>,
        table: &[String],
        delta: i64,
        target: f64,
    ) -> Option<usize> {
        // The checksum: the first expression in `f` with `parseInt(` terms.
        let mut stack = vec![(f, 0usize)];
        let mut expr = None;
        let mut seen = 0;
        while let Some((n, depth)) = stack.pop() {
            seen += 1;
            if seen > 20_000 || depth > 40 {
                continue;
            }
            if matches!(n.kind_name(), "binary_expression" | "unary_expression")
                && self.t(n).matches("parseInt").count() >= 2
            {
                let parent_too = n.parent().is_some_and(|p| {
                    matches!(
                        p.kind_name(),
                        "binary_expression" | "unary_expression" | "parenthesized_expression"
                    ) && self.t(p).matches("parseInt").count() >= 2
                });
                if !parent_too {
                    expr = Some(n);
                    break;
                }
            }
            let mut c = n.walk();
            let kids: Vec<Node> = n.children(&mut c).collect();
            for ch in kids.into_iter().rev() {
                stack.push((ch, depth + 1));
            }
        }
        let expr = expr?;
        let len = table.len();
        if len == 0 {
            return None;
        }
        for r in 0..len {
            let v = self.checksum(expr, table, r, delta, 0)?;
            if v == target {
                return Some(r);
            }
        }
        None
    }

    /// Evaluates a checksum expression; `None` when it has a form not
    /// simulated (the caller then gives up on the rotation).
    fn checksum(
        &self,
        n: Node,
        table: &[String],
        r: usize,
        delta: i64,
        depth: usize,
    ) -> Option<f64> {
        if depth > 64 {
            return None;
        }
        match n.kind_name() {
            "number" => parse_num(self.t(n)),
            "parenthesized_expression" => {
                let c = named_children(n).into_iter().next()?;
                self.checksum(c, table, r, delta, depth + 1)
            }
            "unary_expression" => {
                let arg = n.child_by_field_name("argument")?;
                let v = self.checksum(arg, table, r, delta, depth + 1)?;
                match n.child_by_field_name("operator").map(|o| self.t(o)) {
                    Some("-") => Some(-v),
                    Some("+") => Some(v),
                    _ => None,
                }
            }
            "binary_expression" => {
                let l =
                    self.checksum(n.child_by_field_name("left")?, table, r, delta, depth + 1)?;
                let rr =
                    self.checksum(n.child_by_field_name("right")?, table, r, delta, depth + 1)?;
                match n.child_by_field_name("operator").map(|o| self.t(o))? {
                    "+" => Some(l + rr),
                    "-" => Some(l - rr),
                    "*" => Some(l * rr),
                    "/" => Some(l / rr),
                    "%" => Some(l % rr),
                    _ => None,
                }
            }
            "call_expression" => {
                let f = n.child_by_field_name("function")?;
                if self.t(f) != "parseInt" {
                    return None;
                }
                let a = named_children(n.child_by_field_name("arguments")?);
                let inner = a.first()?;
                if inner.kind_name() != "call_expression" {
                    return None;
                }
                let ia = named_children(inner.child_by_field_name("arguments")?);
                let i = ia.first().and_then(|x| match x.kind_name() {
                    "number" => parse_num(self.t(*x)),
                    "string" => {
                        let t = self.t(*x);
                        parse_num(t.get(1..t.len().saturating_sub(1))?)
                    }
                    _ => None,
                })?;
                let idx = i as i64 + delta;
                let s = usize::try_from(idx)
                    .ok()
                    .filter(|i| *i < table.len())
                    .map(|i| table[(i + r) % table.len()].as_str());
                Some(s.map(js_parse_int).unwrap_or(f64::NAN))
            }
            _ => None,
        }
    }
}

/// JavaScript `parseInt(s)` (radix 10, or 16 after `0x`).
fn js_parse_int(s: &str) -> f64 {
    let t = s.trim_start();
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let (radix, t) = match t.get(..2) {
        Some("0x") | Some("0X") => (16, &t[2..]),
        _ => (10, t),
    };
    let digits: String = t.chars().take_while(|c| c.is_digit(radix)).collect();
    if digits.is_empty() {
        return f64::NAN;
    }
    let v = if radix == 10 {
        digits.parse::<f64>().unwrap_or(f64::NAN)
    } else {
        digits
            .chars()
            .fold(0f64, |a, c| a * 16.0 + c.to_digit(16).unwrap_or(0) as f64)
    };
    if neg { -v } else { v }
}

/// The index offset of an accessor body: `i = i - 0x1a2`, `i -= 0x1a2`,
/// `i = i - -0x1a2`, `t[i + 0x10]`; 0 when it indexes without one.
/// The first table (in text order) that `body` indexes or calls: a name
/// of `tables` standing as a whole word and followed by `[` or `()`.
fn first_table_use(body: &str, tables: &HashMap<String, Vec<String>>) -> Option<String> {
    let b = body.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    let mut i = 0;
    while i < b.len() {
        if !ident(b[i]) || (i > 0 && ident(b[i - 1])) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && ident(b[i]) {
            i += 1;
        }
        let name = &body[start..i];
        if tables.contains_key(name) {
            let after = body[i..].trim_start();
            if after.starts_with("()") || after.starts_with('[') {
                return Some(name.to_string());
            }
        }
    }
    None
}

fn table_delta(body: &str) -> Option<i64> {
    let num = |sign: &str, raw: &str| -> Option<i64> {
        let raw: String = raw
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '(' && *c != ')')
            .collect();
        let (neg, raw) = match raw.strip_prefix('-') {
            Some(r) => (true, r.to_string()),
            None => (false, raw),
        };
        let v = parse_num(&raw)? as i64;
        let v = if neg { -v } else { v };
        Some(if sign == "-" { -v } else { v })
    };
    for c in TABLE_OFFSET.captures_iter(body) {
        if c.get(1).map(|m| m.as_str()) == c.get(2).map(|m| m.as_str())
            && let (Some(sg), Some(n)) = (c.get(3), c.get(4))
        {
            return num(sg.as_str(), n.as_str());
        }
    }
    if let Some(c) = TABLE_OFFSET_AUG.captures(body)
        && let (Some(sg), Some(n)) = (c.get(1), c.get(2))
    {
        return num(sg.as_str(), n.as_str());
    }
    if let Some(c) = TABLE_OFFSET_IDX.captures(body)
        && let (Some(sg), Some(n)) = (c.get(1), c.get(2))
    {
        return num(sg.as_str(), n.as_str());
    }
    Some(0).filter(|_| body.contains('['))
}

const NUM_PAT: &str = r"\(?\s*-?\s*(?:0[xX][0-9a-fA-F]+|\d+)\s*\)?";
pub(super) static TABLE_OFFSET: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(&format!(
        r"([A-Za-z_$][\w$]*)\s*=\s*([A-Za-z_$][\w$]*)\s*([-+])\s*({NUM_PAT})"
    ))
});
static TABLE_OFFSET_AUG: LazyLock<Regex> =
    LazyLock::new(|| crate::rx::re(&format!(r"[A-Za-z_$][\w$]*\s*([-+])=\s*({NUM_PAT})")));
static TABLE_OFFSET_IDX: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(&format!(
        r"\[\s*[A-Za-z_$][\w$]*\s*([-+])\s*({NUM_PAT})\s*\]"
    ))
});
pub(super) static STRING_ARRAY: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\[\s*(?:'[^'\n]*'|"[^"\n]*")\s*,\s*(?:'[^'\n]*'|"[^"\n]*")\s*,\s*['"]"#,
);
static ALIAS: crate::rx::Lazy =
    crate::rx::Lazy::new(r"([A-Za-z_$][\w$]*)\s*=\s*([A-Za-z_$][\w$]*)\s*[;,)\n]");
