use super::*;

impl<'s, 'a> Py<'s, 'a> {
    pub(super) fn t(&self, n: Node) -> &'a str {
        text(n, self.src.text)
    }

    /// `alias` now names the imported `canon`.
    fn add_import(&mut self, alias: String, canon: String) {
        self.imports_longest = self.imports_longest.max(alias.len());
        self.imports.insert(alias, canon);
    }

    /// The dotted name an imported alias stands for. A text longer than
    /// any name imported is none, known without hashing it: nested call
    /// chains (`f0().f1()…`) have node texts as long as the file.
    pub(super) fn import_of(&self, name: &str) -> Option<&String> {
        if name.len() > self.imports_longest {
            return None;
        }
        self.imports.get(name)
    }

    /// One pass over the file before the analysis: imports, local
    /// functions, and helpers that decode strings (`chr` joins, ROT13).
    pub(super) fn collect(&mut self, root: Node) {
        let mut imports = Vec::new();
        let mut defs = Vec::new();
        let mut chr_helpers = Vec::new();
        let mut rot_helpers = Vec::new();
        treesitter::walk(root, |n| {
            let kind = n.kind_name();
            if matches!(kind, "import_statement" | "import_from_statement") {
                imports.push(n);
                return false;
            }
            if kind == "function_definition" {
                defs.push(n);
            }
            if kind == "assignment" || kind == "function_definition" {
                let body = n
                    .child_by_field_name("right")
                    .or_else(|| n.child_by_field_name("body"))
                    .map(|b| self.t(b))
                    .unwrap_or("");
                let name = || {
                    n.child_by_field_name("left")
                        .or_else(|| n.child_by_field_name("name"))
                        .map(|x| self.t(x).to_string())
                };
                // Cheap tests first: a function body can be most of the file.
                let chr = body.contains("chr") && body.contains("join");
                let codecs = body.contains("codecs");
                if chr || codecs {
                    let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
                    if compact.contains("join(map(chr,") || compact.contains("join(chr(") {
                        chr_helpers.extend(name());
                    }
                    if compact.contains("codecs.decode(") && compact.to_lowercase().contains("rot")
                    {
                        rot_helpers.extend(name());
                    }
                }
            }
            !matches!(kind, "string" | "comment")
        });
        self.register_imports(imports);
        self.chr_fns.extend(chr_helpers);
        self.rot13_fns.extend(rot_helpers);
        self.register_defs(defs);
    }

    pub(super) fn register_imports(&mut self, imports: Vec<Node>) {
        for n in imports {
            if n.kind_name() == "import_statement" {
                for ch in named_children(n) {
                    let (name, alias) = match ch.kind_name() {
                        "aliased_import" => (
                            ch.child_by_field_name("name")
                                .map(|x| self.t(x))
                                .unwrap_or(""),
                            ch.child_by_field_name("alias")
                                .map(|x| self.t(x).to_string()),
                        ),
                        _ => (self.t(ch), None),
                    };
                    let root = name.split('.').next().unwrap_or(name);
                    let local = !KNOWN_ROOTS.contains(&root);
                    let key = alias.unwrap_or_else(|| root.to_string());
                    if local {
                        self.locals
                            .insert(key, format!("mod:{}", local_module(self.src.path, name)));
                    } else {
                        let canon = if key == root {
                            root.to_string()
                        } else {
                            name.to_string()
                        };
                        self.add_import(key, canon);
                    }
                }
            } else {
                let module = n
                    .child_by_field_name("module_name")
                    .map(|x| self.t(x))
                    .unwrap_or("");
                let root = module
                    .trim_start_matches('.')
                    .split('.')
                    .next()
                    .unwrap_or("");
                let local =
                    module.starts_with('.') || !KNOWN_ROOTS.contains(&root) && !root.is_empty();
                let mut c = n.walk();
                for ch in n.children_by_field_name("name", &mut c) {
                    let (name, alias) = match ch.kind_name() {
                        "aliased_import" => (
                            ch.child_by_field_name("name")
                                .map(|x| self.t(x))
                                .unwrap_or(""),
                            ch.child_by_field_name("alias")
                                .map(|x| self.t(x))
                                .unwrap_or(""),
                        ),
                        _ => (self.t(ch), self.t(ch)),
                    };
                    let alias = if alias.is_empty() { name } else { alias };
                    if local {
                        let m = local_module(self.src.path, module);
                        self.locals
                            .insert(alias.to_string(), format!("{m}::{name}"));
                    } else {
                        self.add_import(alias.to_string(), format!("{module}.{name}"));
                    }
                }
            }
        }
    }

    /// Functions and methods defined in this file are local call targets.
    pub(super) fn register_defs(&mut self, defs: Vec<Node>) {
        for d in defs {
            if let Some(name) = d.child_by_field_name("name") {
                let name = self.t(name).to_string();
                let body = d
                    .child_by_field_name("body")
                    .map(|b| self.t(b))
                    .unwrap_or("");
                if crate::extract::gates::evasion_checks(body) >= 2 {
                    self.evasion_fns.insert(name.clone());
                }
                self.locals
                    .entry(name.clone())
                    .or_insert_with(|| format!("{}::{name}", self.module));
            }
        }
    }

    // ---------------------------------------------------------------- statements

    pub(super) fn block(&mut self, node: Node, cx: &Ctx, depth: usize) {
        if depth > MAX_DEPTH {
            self.sink.incomplete.push(format!(
                "{}: Python nesting deeper than {MAX_DEPTH}",
                self.src.path
            ));
            return;
        }
        match node.kind_name() {
            "function_definition" => self.function_definition(node, cx, depth),
            "if_statement" => self.if_statement(node, cx, depth),
            "while_statement" => self.while_statement(node, cx, depth),
            "for_statement" => self.for_statement(node, cx, depth),
            "expression_statement" => {
                for ch in named_children(node) {
                    self.block(ch, cx, depth + 1);
                }
            }
            "assignment" | "augmented_assignment" => self.assignment(node, cx),
            "return_statement" => {
                if let Some(v) = node.named_child(0) {
                    self.expr(v, cx, None);
                    if let Some((key, _)) = &cx.func {
                        let mut ev =
                            Evidence::new(Op::Return, A::Terminate, R::Memory, key.clone())
                                .object("function result");
                        ev.inputs = self.bindings(v, cx);
                        ev.arg_values = self.returned_values(v);
                        self.emit(ev, node.start_byte(), node.end_byte(), cx);
                    }
                }
            }
            "with_statement" => self.with_statement(node, cx, depth),
            "call" | "await" | "binary_operator" | "subscript" | "attribute" => {
                self.expr(node, cx, None)
            }
            "comment" | "string" | "import_statement" | "import_from_statement" => {}
            _ => {
                for ch in named_children(node) {
                    self.block(ch, cx, depth + 1);
                }
            }
        }
    }

    /// A function definition: its body analysed with its parameters, its evidence keyed to it.
    fn function_definition(&mut self, node: Node, cx: &Ctx, depth: usize) {
        let name = node
            .child_by_field_name("name")
            .map(|n| self.t(n).to_string())
            .unwrap_or_default();
        let key = format!("{}::{name}", self.module);
        let mut params = Vec::new();
        if let Some(ps) = node.child_by_field_name("parameters") {
            for p in named_children(ps) {
                let id = match p.kind_name() {
                    "identifier" => self.t(p),
                    _ => p
                        .child_by_field_name("name")
                        .or_else(|| p.named_child(0))
                        .map(|x| self.t(x))
                        .unwrap_or(""),
                };
                if id != "self" && id != "cls" {
                    params.push(id.to_string());
                }
            }
        }
        let inner = Ctx {
            func: Some((key.clone(), params)),
            gate: cx.gate,
            unbounded: cx.unbounded,
        };
        let before = self.sink.items.len();
        let outer_each = std::mem::take(&mut self.each_param);
        if let Some(body) = node.child_by_field_name("body") {
            self.body_with_guards(body, &inner, depth + 1);
        }
        let each = std::mem::replace(&mut self.each_param, outer_each);
        for e in &mut self.sink.items[before..] {
            if e.func.is_none() {
                e.func = Some(key.clone());
            }
        }
        if let Some((_, params)) = &inner.func {
            crate::extract::summaries::mark_params_each(
                &mut self.sink.items[before..],
                &key,
                params,
                &each,
            );
        }
    }

    /// An `if`: a gate condition gates its branches.
    fn if_statement(&mut self, node: Node, cx: &Ctx, depth: usize) {
        let cond = node.child_by_field_name("condition");
        let mut inner = cx.clone();
        if let Some(c) = cond {
            self.expr(c, cx, None);
            if let Some(g) = self.gate_of(c) {
                inner.gate = Some(g);
                let before = self.sink.items.len();
                for ch in named_children(node)
                    .into_iter()
                    .filter(|n| Some(*n) != cond)
                {
                    self.block(ch, &inner, depth + 1);
                }
                self.trigger(node, g, before);
                return;
            }
        }
        for ch in named_children(node)
            .into_iter()
            .filter(|n| Some(*n) != cond)
        {
            self.block(ch, &inner, depth + 1);
        }
    }

    /// A `while` loop: one without exit makes its body unbounded.
    fn while_statement(&mut self, node: Node, cx: &Ctx, depth: usize) {
        let mut inner = cx.clone();
        let cond = node
            .child_by_field_name("condition")
            .map(|c| self.t(c))
            .unwrap_or("");
        let body = node
            .child_by_field_name("body")
            .map(|b| self.t(b))
            .unwrap_or("");
        if matches!(cond.trim(), "True" | "1" | "not False")
            && !body.contains("break")
            && !body.contains("return")
            && !body.contains("sys.exit")
            && !body.contains("sleep(")
        {
            inner.unbounded = true;
            let line_end =
                node.start_byte() + self.t(node).find('\n').unwrap_or(self.t(node).len());
            let ev = Evidence::new(Op::Loop, A::CallTool, R::Process, "while True")
                .object("loop without exit")
                .instrument("while")
                .tag(Tag::Unbounded);
            self.emit(ev, node.start_byte(), line_end, cx);
        }
        for ch in named_children(node) {
            self.block(ch, &inner, depth + 1);
        }
    }

    /// A `for` loop: the loop variable takes the riskiest value it iterates, and argv lists are kept.
    fn for_statement(&mut self, node: Node, cx: &Ctx, depth: usize) {
        // `for p in ("~/.aws/credentials", Path.home() / "x")`: the
        // loop variable takes the riskiest literal it iterates first, then
        // every other value in a further walk (`value_set`).
        let mut more: Vec<String> = Vec::new();
        let mut walk_from = usize::MAX;
        if let (Some(l), Some(r)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) {
            // `for r in roots:` over a parameter of the function: a sink on
            // `r` is the function's sink for each element of `roots`.
            if l.kind_name() == "identifier"
                && r.kind_name() == "identifier"
                && let Some((_, params)) = &cx.func
                && params.iter().any(|p| p == self.t(r))
            {
                let pair = (self.t(l).to_string(), self.t(r).to_string());
                self.each_param.push(pair);
            }
            if l.kind_name() == "identifier" {
                // Containers: `for cmd in D.get(k, [])` over a dict
                // of argv lists takes each list in turn.
                let name = self.t(l).to_string();
                let elems = self.iter_elems(r, 0);
                let mut vals = self.iter_values(r);
                if vals.is_empty() {
                    vals = strs(elems.clone());
                }
                if vals.is_empty()
                    && matches!(
                        r.kind_name(),
                        "list_comprehension" | "set_comprehension" | "generator_expression"
                    )
                {
                    vals = self.comp_values(r);
                }
                for v in &vals {
                    self.note_value(v);
                }
                let pick = riskiest(&vals);
                more = crate::extract::value_set::iterations(&vals, pick.as_deref()).0;
                if let Some(v) = pick {
                    self.vars.insert(name.clone(), v);
                }
                let argvs: Vec<Vec<Val>> = elems.into_iter().filter_map(argv_list).collect();
                if argvs.is_empty() {
                    self.argvs.remove(&name);
                } else {
                    self.argvs.insert(name, argvs);
                }
            }
            walk_from = self.sink.items.len();
            self.expr(r, cx, None);
            // The loop variable carries what it iterates: `for hook in
            // tpl.get("hooks", [])` over a fetched document taints `hook`.
            if self.is_stdin(r) {
                self.stdin_read(r, cx, false);
            }
            let b = self.bindings(r, cx);
            let targets = match l.kind_name() {
                "identifier" => vec![l],
                "pattern_list" | "tuple_pattern" => named_children(l),
                _ => Vec::new(),
            };
            for t in targets
                .into_iter()
                .filter(|t| t.kind_name() == "identifier")
            {
                let mut v = b.clone();
                crate::evidence::cap_bindings(&mut v, MAX_ALIAS);
                self.alias.insert(format!("${}", self.t(t)), v);
            }
        }
        // Rows: `for k, v in PAIRS` / `D.items()` binds each name to its
        // column; `for k in [[46, …], …]` binds `k` to each inner list.
        let rows = self.loop_rows(node);
        let first = self.sink.items.len();
        for ch in named_children(node) {
            if Some(ch) != node.child_by_field_name("right") {
                self.block(ch, cx, depth + 1);
            }
        }
        if let Some(l) = node
            .child_by_field_name("left")
            .filter(|l| l.kind_name() == "identifier")
        {
            let var = self.t(l).to_string();
            crate::extract::fs_op::walked_deletes(&mut self.sink.items, walk_from, first, &var);
        }
        if let Some((names, rows, first_row, further)) = rows {
            let keys: Vec<String> = further.iter().map(|&i| row_text(&rows[i])).collect();
            let keep = self.walks.take(keys).len();
            if let Some(body) = node.child_by_field_name("body") {
                for &i in further.iter().take(keep) {
                    self.bind_row(&names, &rows[i]);
                    let from = self.sink.items.len();
                    self.block(body, cx, depth + 1);
                    crate::extract::value_set::drop_repeats(&mut self.sink.items, first, from);
                }
                if let Some(r) = first_row.and_then(|i| rows.get(i)) {
                    self.bind_row(&names, r);
                }
            }
            return;
        }
        let more = self.walks.take(more);
        if let (false, Some(l), Some(body)) = (
            more.is_empty(),
            node.child_by_field_name("left"),
            node.child_by_field_name("body"),
        ) {
            let name = self.t(l).to_string();
            let saved = self.vars.get(&name).cloned();
            for v in more {
                self.vars.insert(name.clone(), v);
                let from = self.sink.items.len();
                self.block(body, cx, depth + 1);
                crate::extract::value_set::drop_repeats(&mut self.sink.items, first, from);
            }
            match saved {
                Some(v) => self.vars.insert(name, v),
                None => self.vars.remove(&name),
            };
        }
    }

    /// The rows of a loop that binds a tuple of names (`for k, v in
    /// PAIRS`) or one name to inner lists (`for k in [[46, …], …]`), with
    /// the first row already bound: the names, the rows, the first row and
    /// the further rows to walk (`value_set::row_order`). `None` for any
    /// other loop (read as before).
    #[allow(clippy::type_complexity)]
    fn loop_rows(
        &mut self,
        node: Node,
    ) -> Option<(Vec<String>, Vec<Vec<Val>>, Option<usize>, Vec<usize>)> {
        let l = node.child_by_field_name("left")?;
        let r = node.child_by_field_name("right")?;
        let names: Vec<String> = match l.kind_name() {
            "identifier" => vec![self.t(l).to_string()],
            "pattern_list" | "tuple_pattern" | "list_pattern" => named_children(l)
                .into_iter()
                .map(|n| self.t(n).to_string())
                .collect(),
            _ => return None,
        };
        let elems = self.iter_elems(r, 0);
        let rows: Vec<Vec<Val>> = if names.len() == 1 {
            // Inner lists only: a list of strings is the string loop.
            // Inner lists of codes or pieces only: argv lists keep their
            // own reading (`argvs`), strings the string loop above.
            let argv_like = |e: &Val| {
                argv_list(e.clone()).is_some_and(|a| {
                    a.iter()
                        .any(|x| matches!(x, Val::Str(s) if s.parse::<i64>().is_err()))
                })
            };
            if !elems.iter().any(|e| matches!(e, Val::Seq(_))) || elems.iter().any(argv_like) {
                return None;
            }
            elems.into_iter().map(|e| vec![e]).collect()
        } else {
            elems
                .into_iter()
                .filter_map(|e| match e {
                    Val::Seq(x) if x.len() == names.len() => Some(x),
                    _ => None,
                })
                .collect()
        };
        if rows.is_empty() {
            return None;
        }
        let keys: Vec<String> = rows.iter().map(|r| row_text(r)).collect();
        let (first, further, _) = crate::extract::value_set::row_order(&keys);
        if let Some(f) = first {
            self.bind_row(&names, &rows[f]);
        }
        Some((names, rows, first, further))
    }

    /// `a, b = x, y` / `a, b = PAIR`: each name takes its place's value
    /// (shape 1 of the value matrix); an unknown right side forgets them.
    fn unpack(&mut self, left: Node, right: Node) {
        let names: Vec<String> = named_children(left)
            .into_iter()
            .map(|n| self.t(n).to_string())
            .collect();
        let row: Option<Vec<Val>> = match right.kind_name() {
            "expression_list" => Some(
                named_children(right)
                    .into_iter()
                    .map(|x| {
                        self.value_of(x, 0)
                            .unwrap_or_else(|| Val::Dyn(self.t(x).to_string()))
                    })
                    .collect(),
            ),
            _ => match self.container_of(right, 0) {
                Some(Val::Seq(x)) => Some(x),
                _ => None,
            },
        };
        let row = row
            .filter(|r| r.len() == names.len())
            .unwrap_or_else(|| vec![Val::Dyn(String::new()); names.len()]);
        self.bind_row(&names, &row);
    }

    /// Binds each name of a loop's tuple to its column of `row`.
    fn bind_row(&mut self, names: &[String], row: &[Val]) {
        for (n, v) in names.iter().zip(row) {
            if n == "_" || n.contains(|c: char| !(c.is_alphanumeric() || c == '_')) {
                continue;
            }
            match v {
                Val::Str(s) => {
                    self.note_value(s);
                    self.vars.insert(n.clone(), s.clone());
                    self.conts.remove(n);
                }
                Val::Seq(_) | Val::Map(_) => {
                    self.vars.remove(n);
                    self.conts.insert(n.clone(), v.clone());
                }
                _ => {
                    self.vars.remove(n);
                    self.conts.remove(n);
                }
            }
        }
    }

    /// A `with` statement: `with open(p) as f:` binds `$f` to the file read.
    fn with_statement(&mut self, node: Node, cx: &Ctx, depth: usize) {
        // `with open(p) as f:` binds `$f` to the file read.
        let mut c = node.walk();
        for item in node.named_children(&mut c) {
            if item.kind_name() == "with_clause" {
                for wi in named_children(item) {
                    let val = wi.child_by_field_name("value").unwrap_or(wi);
                    let (v, target) = if val.kind_name() == "as_pattern" {
                        (
                            val.named_child(0).unwrap_or(val),
                            val.child_by_field_name("alias")
                                .or_else(|| val.named_child(1)),
                        )
                    } else {
                        (val, None)
                    };
                    let before = self.sink.items.len();
                    self.expr(v, cx, None);
                    if let Some(t) = target {
                        let name = self.t(t).trim().to_string();
                        self.note_planting(&name, before);
                        if t.kind_name() == "identifier" || t.kind_name() == "as_pattern_target" {
                            self.note_client(&name, v);
                            self.note_writer(&name, v);
                            self.note_peer(&name, v);
                        }
                        let b = self.bindings(v, cx);
                        self.alias.insert(format!("${name}"), b);
                    }
                }
            } else {
                self.block(item, cx, depth + 1);
            }
        }
    }
    /// A function body where `if <check>: return` at the top gates the rest
    /// (sandbox evasion: `if os.path.exists("/.dockerenv"): return`).
    pub(super) fn body_with_guards(&mut self, body: Node, cx: &Ctx, depth: usize) {
        let mut cur = cx.clone();
        for st in named_children(body) {
            if st.kind_name() == "if_statement" {
                let exits = st.child_by_field_name("consequence").map(|c| {
                    let t = self.t(c).trim();
                    t.starts_with("return")
                        || t.starts_with("sys.exit")
                        || t.starts_with("raise")
                        || t == "pass"
                });
                if exits == Some(true) && st.child_by_field_name("alternative").is_none() {
                    if let Some(g) = st
                        .child_by_field_name("condition")
                        .and_then(|c| self.gate_of(c))
                    {
                        cur.gate = Some(g);
                        continue;
                    }
                }
            }
            let before = self.sink.items.len();
            self.block(st, &cur, depth);
            if let Some(g) = cur.gate.filter(|_| cx.gate.is_none()) {
                self.trigger(st, g, before);
            }
        }
    }

    pub(super) fn trigger(&mut self, node: Node, g: Tag, before: usize) {
        let risky = self.sink.items[before..]
            .iter()
            .any(|e| e.op == Op::CallLocal || crate::extract::concepts::worth_gating(e));
        if risky
            && !self.sink.items[before..]
                .iter()
                .any(|e| e.op == Op::Trigger)
        {
            let line_end =
                node.start_byte() + self.t(node).find('\n').unwrap_or(self.t(node).len());
            let ev = Evidence::new(
                Op::Trigger,
                A::Compare,
                R::Other,
                crate::text::snippet(self.t(node), 80),
            )
            .object("condition gating a risky action")
            .instrument("if")
            .tag(g);
            let ev = self.src.at(ev, node.start_byte(), line_end, LANG);
            self.sink.push(ev);
        }
    }

    /// The gate a condition sets: the shared table (`extract::gates`), or a
    /// call of one of the skill's own sandbox probes.
    pub(super) fn gate_of(&self, cond: Node) -> Option<Tag> {
        let c = self.t(cond);
        crate::extract::gates::gate_of(c, reads_now_py, &self.times)
            .or_else(|| self.calls_evasion_fn(c).then_some(Tag::EnvGate))
    }

    /// Whether a condition calls a skill function that probes for a
    /// sandbox (`if _interactive_host():`).
    pub(super) fn calls_evasion_fn(&self, cond: &str) -> bool {
        self.evasion_fns.iter().any(|f| {
            cond.match_indices(f.as_str()).any(|(i, _)| {
                let before = cond[..i].chars().next_back();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                    && cond[i + f.len()..].trim_start().starts_with('(')
            })
        })
    }

    pub(super) fn assignment(&mut self, node: Node, cx: &Ctx) {
        let Some(right) = node.child_by_field_name("right") else {
            return;
        };
        let before = self.sink.items.len();
        self.expr(right, cx, None);
        let Some(left) = node.child_by_field_name("left") else {
            return;
        };
        if left.kind_name() == "identifier" {
            let name = self.t(left).to_string();
            self.note_planting(&name, before);
        }
        let b = self.bindings(right, cx);
        let value = if self.append_in_place(node, left, right) {
            None
        } else {
            self.fold(right, 0)
        };
        if left.kind_name() == "identifier" {
            let name = self.t(left).to_string();
            match time_value(self.t(right), reads_now_py) {
                Some(t) if node.kind_name() != "augmented_assignment" => {
                    self.times.insert(name, t);
                }
                _ => {
                    self.times.remove(&name);
                }
            }
        }
        if left.kind_name() == "identifier" && matches!(right.kind_name(), "list" | "tuple" | "set")
        {
            let vals = self.iter_values(right);
            for v in &vals {
                self.note_value(v);
            }
            if !vals.is_empty() {
                self.lists.insert(self.t(left).to_string(), vals);
            }
        }
        if left.kind_name() == "identifier" && node.kind_name() == "assignment" {
            let name = self.t(left).to_string();
            self.note_client(&name, right);
            self.note_writer(&name, right);
            self.note_peer(&name, right);
            self.note_fn_alias(&name, right);
            self.argvs.remove(&name);
            if self.is_encrypt(right) {
                self.enc_vars.insert(name.clone());
            } else {
                self.enc_vars.remove(&name);
            }
            if matches!(
                right.kind_name(),
                "list_comprehension" | "set_comprehension" | "generator_expression"
            ) {
                // `[HOME / d for d in ("Documents", "Desktop")]`
                let vals = self.comp_values(right);
                for v in &vals {
                    self.note_value(v);
                }
                if vals.is_empty() {
                    self.conts.remove(&name);
                } else {
                    self.conts.insert(
                        name.clone(),
                        Val::Seq(vals.iter().cloned().map(Val::Str).collect()),
                    );
                    self.lists.insert(name, vals);
                }
            } else {
                // `put = ["pbcopy"] if which("pbcopy") else ["xclip", …]`:
                // the name holds one of the branches' argv lists.
                if right.kind_name() == "conditional_expression" {
                    let kids = named_children(right);
                    let branches: Vec<Vec<Val>> = [kids.first(), kids.get(2)]
                        .into_iter()
                        .flatten()
                        .filter_map(|b| self.container_of(*b, 0).and_then(argv_list))
                        .collect();
                    if branches.len() == 2 {
                        self.argvs.insert(name.clone(), branches);
                    }
                }
                match self.container_of(right, 0) {
                    Some(v @ (Val::Seq(_) | Val::Map(_))) => {
                        self.conts.insert(name, v);
                    }
                    _ => {
                        self.conts.remove(&name);
                    }
                }
            }
        }
        let names: Vec<String> = match left.kind_name() {
            "identifier" => vec![self.t(left).to_string()],
            "pattern_list" | "tuple_pattern" => named_children(left)
                .into_iter()
                .filter(|n| n.kind_name() == "identifier")
                .map(|n| self.t(n).to_string())
                .collect(),
            "subscript" | "attribute" => {
                // `d["k"] = x` / `o.k = x`: the container carries x, and
                // `o.k` carries it on its own (`$o.k`), so that a read of
                // another attribute of `o` does not (per value, not per
                // object: `self.base_url` is not `self.client`'s key).
                let mut v: Vec<String> = left
                    .child_by_field_name("value")
                    .or_else(|| left.child_by_field_name("object"))
                    .map(|n| vec![self.t(n).to_string()])
                    .unwrap_or_default();
                v.extend(self.attr_key(left).map(|k| k[1..].to_string()));
                v
            }
            _ => Vec::new(),
        };
        if matches!(
            left.kind_name(),
            "pattern_list" | "tuple_pattern" | "list_pattern"
        ) {
            self.unpack(left, right);
        }
        for n in names {
            let key = format!("${n}");
            if node.kind_name() == "augmented_assignment" || left.kind_name() != "identifier" {
                let e = self.alias.entry(key).or_default();
                e.extend(b.iter().cloned());
                crate::evidence::cap_bindings(e, MAX_ALIAS);
            } else {
                let mut v = b.to_vec();
                crate::evidence::cap_bindings(&mut v, MAX_ALIAS);
                self.alias.insert(key, v);
            }
            if let Some(v) = &value {
                if left.kind_name() == "identifier" {
                    self.note_value(v);
                    if v.len() <= MAX_VALUE_BYTES {
                        self.vars.insert(n, v.clone());
                    } else {
                        crate::limits::gave_up("PY_MAX_VALUE_BYTES");
                        self.vars.remove(&n);
                    }
                }
            }
        }
    }

    /// A variable's known value, copied within the fold budget.
    pub(super) fn var_copy(&self, name: &str) -> Option<String> {
        let v = self.vars.get(name)?;
        let left = self.fold_budget.get();
        if v.len() > left {
            self.fold_budget.set(0);
            return None;
        }
        self.fold_budget.set(left - v.len());
        Some(v.clone())
    }

    /// `x = x + <expr>` with `x` known: the value grows in place (folding
    /// `x` copied the growing value on every line: 208 KB took 4.7 s).
    pub(super) fn append_in_place(&mut self, node: Node, left: Node, right: Node) -> bool {
        if node.kind_name() != "assignment"
            || left.kind_name() != "identifier"
            || right.kind_name() != "binary_operator"
            || right.child_by_field_name("operator").map(|o| self.t(o)) != Some("+")
        {
            return false;
        }
        let name = self.t(left);
        let Some(l) = right.child_by_field_name("left") else {
            return false;
        };
        if l.kind_name() != "identifier" || self.t(l) != name || !self.vars.contains_key(name) {
            return false;
        }
        let tail = right
            .child_by_field_name("right")
            .and_then(|r| self.fold(r, 1))
            .unwrap_or_else(|| "{?}".into());
        let name = name.to_string();
        let Some(v) = self.vars.get_mut(&name) else {
            return false;
        };
        if v.len() + tail.len() > MAX_VALUE_BYTES {
            crate::limits::gave_up("PY_MAX_VALUE_BYTES");
            self.vars.remove(&name);
            return true;
        }
        v.push_str(&tail);
        if v.len() <= 4096 {
            let v = v.clone();
            self.note_value(&v);
        }
        true
    }

    // ---------------------------------------------------------------- expressions

    /// Handles every call in an expression, innermost first.
    pub(super) fn expr<'t>(&mut self, node: Node<'t>, cx: &Ctx, _assigned: Option<&str>) {
        let mut calls = Vec::new();
        let mut envs = Vec::new();
        let mut copies = Vec::new();
        // Comprehension variables take the riskiest value they iterate.
        let mut comps = Vec::new();
        let comp = |n: Node<'t>, comps: &mut Vec<Node<'t>>| {
            if n.kind_name() == "for_in_clause" {
                comps.push(n);
            }
        };
        treesitter::walk(node, |n| {
            comp(n, &mut comps);
            if matches!(n.kind_name(), "lambda" | "string" | "comment") && n != node {
                // Calls in a string are text; comprehensions in an
                // f-string's `{…}` still bind their variable.
                if n.kind_name() == "string" {
                    treesitter::walk(n, |m| {
                        if m != n {
                            comp(m, &mut comps);
                        }
                        true
                    });
                }
                return n.kind_name() == "lambda";
            }
            if n.kind_name() == "call" {
                calls.push(n);
            }
            if n.kind_name() == "subscript"
                && n.child_by_field_name("value").is_some_and(|v| {
                    let t = self.t(v);
                    t == "os.environ"
                        || self.import_of(t).is_some_and(|c| c == "os.environ")
                        || self.fn_aliases.get(t) == Some("os.environ")
                })
            {
                envs.push(n);
            }
            if self.environ_value(n) {
                copies.push(n);
            }
            true
        });
        for n in copies {
            self.environ_copy(n, cx);
        }
        for fc in comps {
            if let (Some(l), Some(r)) = (
                fc.child_by_field_name("left"),
                fc.child_by_field_name("right"),
            ) {
                if l.kind_name() == "identifier" {
                    let vals = self.iter_values(r);
                    if let Some(v) = riskiest(&vals) {
                        self.vars.insert(self.t(l).to_string(), v);
                    }
                    // Round 33: the variable carries what it iterates, as a
                    // `for` loop's does (`[open(p).read() for p in paths()]`).
                    let mut b = self.bindings(r, cx);
                    if !b.is_empty() {
                        crate::evidence::cap_bindings(&mut b, MAX_ALIAS);
                        self.alias.insert(format!("${}", self.t(l)), b);
                    }
                }
            }
        }
        for e in envs {
            let var = e
                .child_by_field_name("subscript")
                .and_then(|k| self.fold(k, 0))
                .unwrap_or_default();
            self.env_read(&var, e, cx);
        }
        // Post-order: inner calls (later starts, smaller spans) first.
        calls.sort_by_key(|n| (std::cmp::Reverse(n.start_byte()), n.end_byte()));
        for c in calls {
            self.call(c, cx);
        }
    }

    /// `$`-bindings an expression's value comes from (identifiers, known
    /// call results, parameters), expanded through assignments.
    pub(super) fn bindings(&self, node: Node, cx: &Ctx) -> Vec<String> {
        let mut raw = Vec::new();
        // --- hardening (issue 6) --- `Node::parent` costs O(depth) in
        // tree-sitter, and this walk asked it for every identifier: 400
        // nested calls took 8 s and 10,000 never finished. The walk now
        // hands each node its parent and field (`walk_in_parent`), and only
        // the root still asks for its parent.
        // Each call walks its arguments, so n nested calls cost n² visits:
        // past a budget of nodes, an expression's bindings are approximate.
        let root = node.id();
        let mut budget = crate::limits::PY_MAX_BINDING_NODES;
        // --- end hardening ---
        let mut key = String::new();
        treesitter::walk_in_parent(node, |n, parent, cursor| {
            if budget == 0 {
                // The rest of the expression is not walked: it may read any
                // binding of the file.
                if raw.last().map(String::as_str) != Some(crate::evidence::ANY_BINDING) {
                    raw.push(crate::evidence::ANY_BINDING.to_string());
                }
                return false;
            }
            // `a if cond else b`: the value is a or b, never the condition.
            if n.kind_name() == "conditional_expression" && n.id() != root {
                let kids = named_children(n);
                for k in [kids.first(), kids.last()].into_iter().flatten() {
                    raw.extend(self.bindings(*k, cx));
                }
                return false;
            }
            budget -= 1;
            if n.id() != root && self.child_env.contains(&n.start_byte()) {
                return false;
            }
            let kind = n.kind_name();
            // `sys.argv[1]`: the script's first command-line argument, bound
            // to what a caller (SKILL.md: `python scripts/x.py ARG`) passes.
            if kind == "subscript"
                && n.child_by_field_name("value").is_some_and(|v| {
                    let t = self.t(v);
                    t == "sys.argv" || self.import_of(t).is_some_and(|c| c == "sys.argv")
                })
            {
                if let Some(i) = n
                    .child_by_field_name("subscript")
                    .and_then(|i| self.t(i).parse::<usize>().ok())
                    .filter(|i| (1..32).contains(i))
                {
                    raw.push(crate::extract::script_param(self.src.path, i - 1));
                    return false;
                }
            }
            // `keypair.pubkey()`: the public half of a key carries none of
            // the secret (`concepts::derives_public`), unless the skill
            // defines that method itself.
            if kind == "call" && self.public_half(n.child_by_field_name("function")) {
                return false;
            }
            if kind == "call" || kind == "subscript" {
                if let Some(b) = self.call_bind.get(&n.start_byte()) {
                    raw.push(b.clone());
                    // A network call's result is the server's response,
                    // not its request: the key in a header or the payload
                    // it sent does not come back with it. The flow graph
                    // stops taint at network steps; expanding the
                    // arguments here would carry it around that stop.
                    if self.responses.contains(&n.start_byte()) {
                        return false;
                    }
                }
            }
            if matches!(kind, "attribute" | "identifier")
                && let Some(b) = self.env_bind.get(&n.start_byte())
            {
                raw.push(b.clone());
                return false;
            }
            // `o.k` with `o.k` assigned in this file: that value, not all of
            // `o`. An attribute of `self` assigned nowhere in the file is a
            // class attribute (`$k` when the class body assigns it) or comes
            // from elsewhere, not from the instance's other attributes;
            // `self.__dict__` is the whole instance.
            // The key is built in one reused buffer: most attributes are
            // looked up and not kept.
            if kind == "attribute" && self.attr_key_into(n, &mut key) {
                if self.alias.contains_key(key.as_str()) {
                    raw.push(key.clone());
                    return false;
                }
                // `Account.from_key(k).address`, a property of the library.
                if self.public_half(Some(n)) {
                    return false;
                }
                let (obj, attr) = key[1..].split_once('.').unwrap_or_default();
                if matches!(obj, "self" | "cls") && attr != "__dict__" {
                    let class_attr = format!("${attr}");
                    if self.alias.contains_key(class_attr.as_str()) {
                        raw.push(class_attr);
                    }
                    return false;
                }
            }
            if kind == "identifier" {
                // Skip attribute names and keyword names: `a.b` binds `a` only.
                let skipped = if n.id() == root {
                    n.parent().is_some_and(|p| {
                        let f = name_field(p);
                        !f.is_empty() && p.child_by_field_name(f) == Some(n)
                    })
                } else {
                    // Each of these fields holds one child, so the field the
                    // cursor reports is the parent's `child_by_field_name`.
                    parent.is_some_and(|p| cursor.field_name() == Some(name_field(p)))
                };
                if !skipped {
                    let id = self.t(n);
                    if let Some((key, params)) = &cx.func {
                        if let Some(i) = params.iter().position(|p| p == id) {
                            raw.push(format!("$param:{key}:{i}"));
                            return true;
                        }
                    }
                    raw.push(format!("${id}"));
                }
            }
            kind != "lambda"
        });
        self.closure(raw)
    }

    /// `x.pubkey`, `x.address` (`concepts::derives_public`) of a library
    /// object: a method or property this file does not define.
    fn public_half(&self, attr: Option<Node>) -> bool {
        let Some(name) = attr
            .filter(|a| a.kind_name() == "attribute")
            .and_then(|a| a.child_by_field_name("attribute"))
            .map(|x| self.t(x))
            .filter(|x| crate::extract::concepts::derives_public(x))
        else {
            return false;
        };
        !self.own_public.contains(&name)
    }

    /// The binding of one attribute of a named object (`self.base_url`
    /// gives `$self.base_url`); `None` for other expressions.
    pub(super) fn attr_key(&self, n: Node) -> Option<String> {
        let mut key = String::new();
        self.attr_key_into(n, &mut key).then_some(key)
    }

    /// [`Self::attr_key`] written into `key` (cleared first); false when
    /// `n` is not an attribute of a named object.
    pub(super) fn attr_key_into(&self, n: Node, key: &mut String) -> bool {
        key.clear();
        if n.kind_name() != "attribute" {
            return false;
        }
        let Some(obj) = n
            .child_by_field_name("object")
            .filter(|o| o.kind_name() == "identifier")
        else {
            return false;
        };
        let Some(attr) = n.child_by_field_name("attribute") else {
            return false;
        };
        key.push('$');
        key.push_str(self.t(obj));
        key.push('.');
        key.push_str(self.t(attr));
        true
    }

    /// The bindings `raw` came from, transitively. An alias entry already
    /// holds the closure of its value (it was computed when the variable
    /// was assigned), so the walk is bounded by `MAX_ALIAS * 16` steps in
    /// all: an `a1 = a0` chain once re-expanded every earlier link on every
    /// line (54 KB took 17.5 s).
    pub(super) fn closure(&self, raw: Vec<String>) -> Vec<String> {
        // Borrowed names in a hash set, sorted once at the end (the order
        // an ordered set of copies gave): this runs for every expression.
        let mut out: FxHashSet<&str> = FxHashSet::default();
        let mut stack: Vec<&str> = raw.iter().map(String::as_str).collect();
        let mut steps = MAX_ALIAS * 16;
        while let Some(b) = stack.pop() {
            if out.len() > MAX_ALIAS * 4 {
                out.insert(crate::evidence::ANY_BINDING);
                break;
            }
            if out.insert(b) {
                if let Some(srcs) = self.alias.get(b) {
                    for s in srcs {
                        if steps == 0 {
                            out.insert(crate::evidence::ANY_BINDING);
                            break;
                        }
                        steps -= 1;
                        if !out.contains(s.as_str()) {
                            stack.push(s);
                        }
                    }
                }
            }
        }
        let mut sorted: Vec<&str> = out.into_iter().collect();
        sorted.sort_unstable();
        sorted.into_iter().map(str::to_string).collect()
    }

    /// `s = requests.Session()`, `c = httpx.Client(…)`: the name stands for
    /// an HTTP client, so `s.get(url)` resolves to `requests.Session().get`
    /// (the client table's row). Assigning anything else to the name ends
    /// it.
    fn note_client(&mut self, name: &str, right: Node) {
        const CLIENTS: &[&str] = &[
            "requests.Session",
            "requests.session",
            "httpx.Client",
            "httpx.AsyncClient",
            "aiohttp.ClientSession",
            "urllib3.PoolManager",
        ];
        let callee = (right.kind_name() == "call")
            .then(|| right.child_by_field_name("function"))
            .flatten()
            .map(|f| self.callee(f, 0));
        let url = callee
            .as_ref()
            .filter(|(n, computed)| !computed && n == "urllib.request.Request")
            .and_then(|_| {
                let a = right.child_by_field_name("arguments")?;
                named_children(a)
                    .into_iter()
                    .find(|x| x.kind_name() != "keyword_argument")
                    .or_else(|| self.kwarg(right, "url"))
            })
            .and_then(|u| self.fold(u, 0));
        match url {
            Some(u) => self.request_urls.insert(name.to_string(), u),
            None => self.request_urls.remove(name),
        };
        let ctor = callee.filter(|(n, computed)| !computed && CLIENTS.contains(&n.as_str()));
        match ctor {
            Some((n, _)) => {
                self.add_import(name.to_string(), format!("{n}()"));
            }
            None => {
                if self
                    .imports
                    .get(name)
                    .is_some_and(|v| CLIENTS.iter().any(|c| v.starts_with(c)))
                {
                    self.imports.remove(name);
                }
            }
        }
    }

    /// `p = os.path.expanduser`, `r = requests.post`, `o = open`: the name
    /// stands for the API (`value_set::Aliases`); any other value ends it.
    fn note_fn_alias(&mut self, name: &str, right: Node) {
        let mut root = right;
        while root.kind_name() == "attribute" {
            match root.child_by_field_name("object") {
                Some(o) => root = o,
                None => break,
            }
        }
        let head = (root.kind_name() == "identifier").then(|| self.t(root));
        let api = head.is_some_and(|h| {
            self.imports.contains_key(h)
                || self.fn_aliases.get(h).is_some()
                || (right.kind_name() == "identifier"
                    && crate::extract::value_set::callable_builtin("python", h))
        });
        match api.then(|| self.callee(right, 0)) {
            Some((canon, false)) => self.fn_aliases.bind(name, &canon),
            _ => self.fn_aliases.end(name),
        }
    }

    /// Canonical dotted name of a callee, and whether it was computed.
    pub(super) fn callee(&self, f: Node, depth: usize) -> (String, bool) {
        if depth > 16 {
            return (String::new(), false);
        }
        match f.kind_name() {
            "identifier" => {
                let id = self.t(f);
                (
                    self.imports
                        .get(id)
                        .map(String::as_str)
                        .or_else(|| self.fn_aliases.get(id))
                        .map(str::to_string)
                        .unwrap_or_else(|| id.to_string()),
                    false,
                )
            }
            "attribute" => {
                let obj = f.child_by_field_name("object");
                let attr = f
                    .child_by_field_name("attribute")
                    .map(|a| self.t(a))
                    .unwrap_or("");
                let (base, comp) = obj.map(|o| self.callee(o, depth + 1)).unwrap_or_default();
                (format!("{base}.{attr}"), comp)
            }
            "call" => {
                let inner = f
                    .child_by_field_name("function")
                    .map(|x| self.callee(x, depth + 1))
                    .unwrap_or_default();
                let args = self.args(f);
                match inner.0.as_str() {
                    "__import__" | "importlib.import_module" => {
                        let m = args
                            .first()
                            .and_then(|a| self.fold(*a, 0))
                            .unwrap_or_default();
                        let computed = args.first().is_some_and(|a| a.kind_name() != "string");
                        (m, computed || inner.0 == "__import__")
                    }
                    "getattr" => {
                        let base = args
                            .first()
                            .map(|a| self.callee(*a, depth + 1))
                            .unwrap_or_default();
                        let attr = args
                            .get(1)
                            .and_then(|a| self.fold(*a, 0))
                            .unwrap_or_default();
                        let b = if base.0 == "builtins" || base.0.is_empty() {
                            attr
                        } else {
                            format!("{}.{attr}", base.0)
                        };
                        (b, true)
                    }
                    "pathlib.Path" | "Path" => ("pathlib.Path()".into(), inner.1),
                    _ => (format!("{}()", inner.0), inner.1),
                }
            }
            "subscript" => {
                // `globals()['ev'+'al']`, `__builtins__.__dict__['exec']`
                let v = f
                    .child_by_field_name("value")
                    .map(|x| self.t(x))
                    .unwrap_or("");
                let key = f
                    .child_by_field_name("subscript")
                    .and_then(|k| self.fold(k, 0))
                    .unwrap_or_default();
                if v.contains("globals")
                    || v.contains("builtins")
                    || v.contains("locals")
                    || v.contains("vars")
                {
                    (key, true)
                } else {
                    (String::new(), false)
                }
            }
            "parenthesized_expression" => f
                .named_child(0)
                .map(|x| self.callee(x, depth + 1))
                .unwrap_or_default(),
            _ => (String::new(), false),
        }
    }

    pub(super) fn args<'t>(&self, call: Node<'t>) -> Vec<Node<'t>> {
        if let Some(g) = call
            .child_by_field_name("arguments")
            .filter(|a| a.kind_name() == "generator_expression")
        {
            return vec![g];
        }
        // `f(*["a", "b"])`: a literal list spread is its elements
        // (`value_set`, spreading).
        call.child_by_field_name("arguments")
            .map(|a| {
                named_children(a)
                    .into_iter()
                    .filter(|n| !matches!(n.kind_name(), "keyword_argument" | "comment"))
                    .flat_map(|n| match n.named_child(0) {
                        Some(l)
                            if n.kind_name() == "list_splat"
                                && matches!(l.kind_name(), "list" | "tuple") =>
                        {
                            named_children(l)
                        }
                        _ => vec![n],
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    pub(super) fn kwarg<'t>(&self, call: Node<'t>, name: &str) -> Option<Node<'t>> {
        let a = call.child_by_field_name("arguments")?;
        named_children(a)
            .into_iter()
            .find(|n| {
                n.kind_name() == "keyword_argument"
                    && n.child_by_field_name("name")
                        .is_some_and(|k| self.t(k) == name)
            })
            .and_then(|n| n.child_by_field_name("value"))
    }

    pub(super) fn emit(&mut self, mut ev: Evidence, start: usize, end: usize, cx: &Ctx) -> usize {
        if let Some(g) = cx.gate {
            ev.tags.insert(g);
        }
        if cx.unbounded && ev.op != Op::Loop {
            ev.tags.insert(Tag::Unbounded);
        }
        if ev.op == Op::FileRead
            && ev.scope != R::Credentials
            && let Some(o) = &ev.output
        {
            self.user_reads.insert(o.clone());
        }
        let ev = self.src.at(ev, start, end, LANG);
        self.sink.push(ev);
        self.sink.items.len()
    }

    /// Emits `ev` for call `c`, binding its result as `$call_N`.
    pub(super) fn emit_call(&mut self, mut ev: Evidence, c: Node, cx: &Ctx, produces: bool) {
        if produces {
            let b = self.src.pos_bind("call", c.start_byte());
            ev.output = Some(b.clone());
            self.call_bind.insert(c.start_byte(), b);
        }
        self.emit(ev, c.start_byte(), c.end_byte(), cx);
    }
}

/// The key of one loop row (`value_set::row_key`): its strings, and an
/// inner list's items.
fn row_text(row: &[Val]) -> String {
    let part = |v: &Val| match v {
        Val::Str(s) => s.clone(),
        Val::Seq(x) => strs(x.clone()).join(","),
        _ => String::new(),
    };
    crate::extract::value_set::row_key(&row.iter().map(part).collect::<Vec<_>>())
}

/// A list that can be an argv: a literal program, then literal or
/// unknown words.
fn argv_list(v: Val) -> Option<Vec<Val>> {
    match v {
        Val::Seq(x)
            if matches!(x.first(), Some(Val::Str(_)))
                && x.iter().all(|e| matches!(e, Val::Str(_) | Val::Dyn(_))) =>
        {
            Some(x)
        }
        _ => None,
    }
}

/// The field of `p` whose identifier names rather than reads a value: an
/// attribute's name, a keyword argument's keyword, a call's function (""
/// for other nodes, which no field is called).
fn name_field(p: Node) -> &'static str {
    match p.kind_name() {
        "attribute" => "attribute",
        "keyword_argument" => "name",
        "call" => "function",
        _ => "",
    }
}
