use super::*;

impl<'s, 'a> Cx<'s, 'a> {
    pub(super) fn t(&self, n: Node) -> &'a str {
        text(n, self.src.text)
    }

    pub(super) fn block(&mut self, node: Node, flags: &Flags, depth: usize) {
        if depth > crate::limits::MAX_AST_DEPTH {
            self.sink.incomplete.push(format!(
                "{}: shell nesting deeper than {}",
                self.src.path,
                crate::limits::MAX_AST_DEPTH
            ));
            return;
        }
        match node.kind_name() {
            "command" => self.command(node, flags, depth),
            "pipeline" => self.pipeline(node, flags, depth),
            "redirected_statement" => {
                let mut f = flags.clone();
                let before = self.sink.items.len();
                let mut c = node.walk();
                for r in node.children_by_field_name("redirect", &mut c) {
                    self.redirect(r, &mut f);
                }
                self.persisted_code(node, before);
                self.stdin_input(node, &f);
                if let Some(body) = node.child_by_field_name("body") {
                    self.block(body, &f, depth + 1);
                }
            }
            "variable_assignment" => self.assignment(node, flags, depth),
            "while_statement" | "until_statement" | "for_statement" | "c_style_for_statement" => {
                let more = self.loop_variable(node);
                self.read_from_listing(node, flags);
                let mut f = flags.clone();
                if self.is_unbounded_loop(node) {
                    f.unbounded = true;
                    let ev = Evidence::new(Op::Loop, A::CallTool, R::Process, "unbounded loop")
                        .object("loop without exit")
                        .instrument(node.kind_name())
                        .tag(Tag::Unbounded);
                    self.emit(
                        ev,
                        node.start_byte(),
                        node.start_byte() + self.t(node).find('\n').unwrap_or(self.t(node).len()),
                    );
                }
                let first = self.sink.items.len();
                for ch in named_children(node) {
                    self.block(ch, &f, depth + 1);
                }
                self.loop_again(node, more, first, &f, depth);
                self.every_scope(node, first);
            }
            "if_statement" => {
                let mut f = flags.clone();
                if let Some(cond) = node.child_by_field_name("condition") {
                    f.gated = self.gate_of(self.t(cond)).or(f.gated);
                }
                for ch in named_children(node) {
                    self.block(ch, &f, depth + 1);
                }
            }
            "function_definition" => {
                self.fork_bomb(node);
                let name = node
                    .child_by_field_name("name")
                    .map(|n| self.t(n).to_string())
                    .unwrap_or_default();
                // Round 31: `sudo() { /tmp/.w "$@"; }` shadows the tool.
                if let Some(body) = node.child_by_field_name("body") {
                    let body_text = self.t(body).trim_matches(['{', '}', ' ', '\n']).to_string();
                    if crate::extract::path_shadow::alias_shadows(&name, &body_text) {
                        let ev =
                            crate::extract::path_shadow::step(&name, &body_text, "shell function");
                        self.emit(ev, node.start_byte(), body.start_byte());
                    }
                }
                let key = self.funcs.get(&name).cloned();
                let saved = std::mem::replace(&mut self.cur_fn, key.clone());
                let before = self.sink.items.len();
                for ch in named_children(node) {
                    self.block(ch, flags, depth + 1);
                }
                if let Some(key) = &key {
                    for e in &mut self.sink.items[before..] {
                        if e.func.is_none() {
                            e.func = Some(key.clone());
                        }
                    }
                    let params = crate::extract::summaries::positional();
                    crate::extract::summaries::mark_params(
                        &mut self.sink.items[before..],
                        key,
                        &params,
                    );
                }
                // A shell function returns what it prints: values it reads
                // or fetches are its result.
                if let Some(key) = key {
                    let ret = self.src.pos_bind("ret", node.start_byte());
                    for e in &mut self.sink.items[before..] {
                        if e.output.is_none() && crate::extract::concepts::printed_result(e.op) {
                            e.output = Some(ret.clone());
                        }
                    }
                    let mut outs: Vec<String> = self.sink.items[before..]
                        .iter()
                        .filter(|e| e.op != Op::Return)
                        .filter_map(|e| e.output.clone())
                        .collect();
                    outs.sort();
                    outs.dedup();
                    if !outs.is_empty() {
                        let mut ev = Evidence::new(Op::Return, A::Terminate, R::Memory, key)
                            .object("function output");
                        ev.inputs = outs;
                        self.emit(ev, node.start_byte(), node.start_byte());
                    }
                }
                self.cur_fn = saved;
            }
            "list" => {
                // `a && b &` etc.: background applies to the list's last part.
                // A test before `&&`/`||` gates what follows it as `if`
                // would (`[ "$(date +%d)" = 13 ] && wipe`).
                let mut f = flags.clone();
                for ch in named_children(node) {
                    self.block(ch, &f, depth + 1);
                    // Only a test is a condition: `curl … && chmod +x` runs
                    // the second step after the first, whatever it fetched.
                    let t = self.t(ch).trim_start_matches(['!', ' ']);
                    let test = ch.kind_name() == "test_command"
                        || t.starts_with("test ")
                        || t.starts_with('[');
                    if test && let Some(g) = self.gate_of(self.t(ch)) {
                        f.gated = Some(g);
                    }
                }
            }
            "comment" | "heredoc_body" => {}
            _ => {
                let kids: Vec<Node> = {
                    let mut c = node.walk();
                    node.children(&mut c).collect()
                };
                for (i, ch) in kids.iter().enumerate() {
                    if !ch.is_named() {
                        continue;
                    }
                    let mut f = flags.clone();
                    if kids.get(i + 1).is_some_and(|n| n.kind_name() == "&") {
                        f.background = true;
                    }
                    self.block(*ch, &f, depth + 1);
                }
            }
        }
    }

    /// Function names defined here, and skill files pulled in with `source`.
    pub(super) fn collect_functions(&mut self, root: Node<'s>) {
        let module = crate::extract::python::module_key(self.src.path);
        let dir = self
            .src
            .path
            .rsplit_once('/')
            .map(|(d, _)| d.to_string())
            .unwrap_or_default();
        let mut defs = Vec::new();
        let mut sources = Vec::new();
        treesitter::walk(root, |n| {
            if n.kind_name() == "function_definition" {
                defs.push(n);
            }
            if n.kind_name() == "command" {
                sources.push(n);
            }
            n.kind_name() != "comment"
        });
        for &d in &defs {
            if let Some(name) = d.child_by_field_name("name") {
                let name = self.t(name).to_string();
                if let Some(text) = self.forwarding_body(d) {
                    self.fn_aliases.bind(&name, &text);
                }
                self.funcs.insert(name.clone(), format!("{module}::{name}"));
                self.fn_nodes.insert(name, d);
            }
        }
        self.mark_shadow_helpers(&defs);
        for c in sources {
            // Folding every command's words is costly: only `source` and
            // `.` (possibly quoted) are wanted here.
            let name = c
                .child_by_field_name("name")
                .map(|n| self.t(n).trim_matches(['"', '\'']))
                .unwrap_or("");
            if name != "source" && name != "." {
                continue;
            }
            let words = self.words(c);
            if words.len() == 2 && (words[0].value == "source" || words[0].value == ".") {
                let p = &words[1].value;
                if p.contains("://") {
                    continue;
                }
                // `$DIR/lib.sh`, `$(dirname "$0")/lib.sh`, `./lib.sh` → relative to this script.
                let rel = p
                    .rsplit_once('/')
                    .map(|(a, b)| {
                        if a.starts_with('$')
                            || a == "."
                            || a.is_empty()
                            || a.contains("dirname")
                            || a.contains("BASH_SOURCE")
                        {
                            b.to_string()
                        } else {
                            format!("{}/{b}", a.trim_start_matches("./"))
                        }
                    })
                    .unwrap_or_else(|| p.clone());
                let full = if dir.is_empty() {
                    rel
                } else {
                    format!("{dir}/{rel}")
                };
                self.sourced.push(crate::extract::python::module_key(&full));
            }
        }
    }

    /// Round 25: the functions a function shadowing a password-asking
    /// program calls (`sudo() { _auth; command sudo "$@"; }` calls
    /// `_auth`), and the functions those call, up to
    /// `SHADOW_HELPER_DEPTH` calls deep: a silent read in any of them
    /// reads the password typed for the shadowed program
    /// (`secrets::shadowed_prompt`).
    fn mark_shadow_helpers(&mut self, defs: &[Node<'s>]) {
        let mut frontier: Vec<(Node<'s>, &'static str)> = defs
            .iter()
            .filter_map(|d| {
                let name = self.t(d.child_by_field_name("name")?);
                Some((*d, crate::extract::concepts::shadows_prompter(name)?))
            })
            .collect();
        for round in 0..=crate::limits::SHADOW_HELPER_DEPTH {
            if round == crate::limits::SHADOW_HELPER_DEPTH {
                if !frontier.is_empty() {
                    self.sink.incomplete.push(format!(
                        "{}: helpers of a shadowed program followed {} calls deep",
                        self.src.path,
                        crate::limits::SHADOW_HELPER_DEPTH
                    ));
                }
                break;
            }
            let mut next = Vec::new();
            for (def, prompter) in frontier {
                let Some(body) = def.child_by_field_name("body") else {
                    continue;
                };
                let mut called = Vec::new();
                treesitter::walk(body, |n| {
                    if n.kind_name() == "command"
                        && let Some(c) = n.child_by_field_name("name")
                    {
                        called.push(self.t(c).to_string());
                    }
                    n.kind_name() != "function_definition"
                });
                for name in called {
                    let (Some(key), Some(node)) = (self.funcs.get(&name), self.fn_nodes.get(&name))
                    else {
                        continue;
                    };
                    if !self.shadow_of.contains_key(key)
                        && crate::extract::concepts::shadows_prompter(key).is_none()
                    {
                        self.shadow_of.insert(key.clone(), prompter);
                        next.push((*node, prompter));
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            frontier = next;
        }
    }

    /// A function whose body is one command that forwards every argument
    /// (`grab() { cat "$@"; }`, `g() { curl -fsS "$@"; }`): the command's
    /// plain words before `"$@"`, so that a call is that command
    /// (`value_set::Aliases`).
    fn forwarding_body(&self, def: Node) -> Option<String> {
        let body = def.child_by_field_name("body")?;
        let cmds: Vec<Node> = named_children(body)
            .into_iter()
            .filter(|c| c.kind_name() != "comment")
            .collect();
        let [cmd] = cmds.as_slice() else { return None };
        if cmd.kind_name() != "command" {
            return None;
        }
        let words: Vec<&str> = named_children(*cmd)
            .into_iter()
            .map(|w| self.t(w))
            .collect();
        let (last, head) = words.split_last()?;
        let plain = |w: &&str| {
            !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,".contains(c))
        };
        (matches!(last.trim_matches('"'), "$@" | "$*")
            && !head.is_empty()
            && head.iter().all(plain))
        .then(|| head.join(" "))
    }

    pub(super) fn is_unbounded_loop(&self, node: Node) -> bool {
        let body = self.t(node);
        let head = body.split(['\n', ';']).next().unwrap_or("");
        let infinite = node.kind_name() == "while_statement"
            && (head.contains("true")
                || head.contains(" :")
                || head.contains("[ 1 ]")
                || head.contains("(( 1 ))"))
            || node.kind_name() == "c_style_for_statement" && head.replace(' ', "").contains(";;");
        infinite
            && !body.contains("break")
            && !body.contains("exit")
            && !body.contains("return")
            && !body.contains("sleep")
    }

    /// The gate a condition sets (the shared table, `extract::gates`).
    pub(super) fn gate_of(&self, cond: &str) -> Option<Tag> {
        crate::extract::gates::gate_of(cond, reads_now_sh, &self.times)
    }

    pub(super) fn fork_bomb(&mut self, node: Node) {
        let Some(name) = node.child_by_field_name("name") else {
            return;
        };
        let name = self.t(name);
        let body = node
            .child_by_field_name("body")
            .map(|b| self.t(b))
            .unwrap_or("");
        if body.contains(&format!("{name}|{name}")) || body.contains(&format!("{name} | {name}")) {
            let ev = Evidence::new(Op::ForkBomb, A::CallTool, R::Process, name)
                .object("self-replicating function")
                .tag(Tag::Unbounded);
            self.emit(ev, node.start_byte(), node.end_byte());
        }
    }

    pub(super) fn redirect(&mut self, r: Node, f: &mut Flags) {
        if r.kind_name() != "file_redirect" {
            return;
        }
        let Some(dest) = r.child_by_field_name("destination") else {
            return;
        };
        if self.src.origin != Origin::Script
            && placeholder_bracket(self.src.text, r.start_byte(), r.end_byte())
        {
            return;
        }
        let target = self.word(dest).value;
        let op = self.t(r);
        if target == "/dev/null" {
            f.silenced = true;
            return;
        }
        if let Some(rest) = target
            .strip_prefix("/dev/tcp/")
            .or_else(|| target.strip_prefix("/dev/udp/"))
        {
            let mut call = crate::extract::net_send::NetCall::new(
                crate::extract::net_send::NetKind::ShellOverSocket,
                rest,
            )
            .instrument("/dev/tcp");
            call.tag_url = false;
            self.emit(call.lower().1, r.start_byte(), r.end_byte());
            return;
        }
        let stderr = op.starts_with('2');
        let op = op.trim_start_matches(|c: char| c.is_ascii_digit());
        // `2>&1`, `>&2`, `<&0`, `3>&-`: a descriptor copied or closed, no file.
        if (op.starts_with(">&") || op.starts_with("<&"))
            && !target.is_empty()
            && target.chars().all(|c| c.is_ascii_digit() || c == '-')
        {
            return;
        }
        if op.starts_with('<') {
            self.file_op(Op::FileRead, &target, r, f);
        } else {
            self.file_op(Op::FileWrite, &target, r, f);
            // `cat ~/.ssh/id_rsa > /tmp/k`: what the command prints is now
            // that file's content, which a later `curl -F f=@/tmp/k` sends.
            if !stderr {
                f.pipe_out = Some(crate::extract::file_bind(&target));
            }
        }
    }

    pub(super) fn file_op(&mut self, op: Op, path: &str, node: Node, f: &Flags) {
        use crate::extract::fs_op::{FsKind, FsOp};
        let fs = if op == Op::FileRead {
            FsOp::new(FsKind::Read, path).output(f.bind.clone().or_else(|| f.pipe_out.clone()))
        } else {
            FsOp::new(FsKind::Write, path).inputs(f.pipe_in.iter().cloned().collect())
        };
        let ev = fs.instrument("redirect").lower();
        self.emit_flags(ev, node.start_byte(), node.end_byte(), f);
    }

    /// `printf '%s\n' "$loader" >> ~/.bashrc`, `echo "* * * * * curl … | sh"
    /// >> /etc/cron.d/x`: the text written into a start-up file, scheduler
    /// or unit runs at every start, so it is analysed again as shell,
    /// located at the write. Only what runs or reaches the network is kept
    /// (an `export PATH=…` line says nothing); a write whose text carries
    /// intent (`extract/persisted.rs`: runs fetched code, sends local data
    /// out, sends hidden) is tagged [`Tag::PersistsRemoteCode`] or
    /// [`Tag::PersistsCovertSend`].
    pub(super) fn persisted_code(&mut self, node: Node, before: usize) {
        // Round 27: a git hook too (`printf '#!/bin/sh\n…' >
        // ~/.git-templates/hooks/post-checkout`): the same places as every
        // other writer's (`persisted::PLANTED_PLACES`).
        let persistent =
            |e: &Evidence| e.op == Op::FileWrite && crate::extract::persisted::plants(e);
        let writes: Vec<usize> = (before..self.sink.items.len())
            .filter(|&i| persistent(&self.sink.items[i]))
            .collect();
        if writes.is_empty() {
            return;
        }
        let Some(mut body) = node.child_by_field_name("body") else {
            return;
        };
        // `grep -q M "$rc" || printf … >> "$rc"` parses as one redirected
        // list; the redirect belongs to its last command.
        while body.kind_name() == "list" {
            match named_children(body)
                .into_iter()
                .rfind(|n| n.kind_name() != "comment")
            {
                Some(last) => body = last,
                None => return,
            }
        }
        self.decoded.set(false);
        let Some((text, _)) = self
            .print_output(body)
            .or_else(|| self.heredoc_output(node, body))
            .or_else(|| self.group_output(body))
        else {
            return;
        };
        let decoded = self.decoded.get();
        self.persisted_text(&text, decoded, node, &writes);
    }

    /// Analyses `text`, planted by the steps `writes` (a start-up file,
    /// unit or schedule written at `node`), as the program it becomes
    /// (`persisted::read_planted`, the one reader for every language).
    pub(super) fn persisted_text(
        &mut self,
        text: &str,
        decoded: bool,
        node: Node,
        writes: &[usize],
    ) {
        let src = self.src;
        crate::extract::persisted::read_planted(
            src,
            self.sink,
            text,
            (node.start_byte(), node.end_byte()),
            writes,
            decoded,
            false,
            &mut self.persist_budget,
        );
    }

    /// What a group of prints writes (`{ echo A; echo B; } >> "$rc"`,
    /// `( printf …; echo … ) >> F`, round 21): each print's text in order,
    /// a line each; a command that prints nothing known is left out.
    pub(super) fn group_output(&self, body: Node) -> Option<(String, bool)> {
        if !matches!(body.kind_name(), "compound_statement" | "subshell") {
            return None;
        }
        let mut out = String::new();
        for ch in named_children(body) {
            if let Some((t, _)) = self.print_output(ch) {
                out.push_str(&t);
                if !t.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
        (!out.is_empty()).then_some((out, false))
    }

    /// What `cat > F <<TAG … TAG` (or `tee F <<TAG`) writes: the heredoc.
    pub(super) fn heredoc_output(&self, node: Node, body: Node) -> Option<(String, bool)> {
        if !matches!(self.first_command_name(body).as_str(), "cat" | "tee") {
            return None;
        }
        let mut found = None;
        treesitter::walk(node, |n| {
            if found.is_none() && n.kind_name() == "heredoc_body" {
                found = Some(self.t(n).to_string());
            }
            found.is_none()
        });
        found.map(|t| (t, false))
    }

    pub(super) fn assignment(&mut self, node: Node, flags: &Flags, depth: usize) {
        let Some(name) = node.child_by_field_name("name") else {
            return;
        };
        let name = self.t(name).to_string();
        let Some(value) = node.child_by_field_name("value") else {
            return;
        };
        self.decoded.set(false);
        if value.kind_name() == "array" {
            // `A=(x y)`, `A+=(z)`: the elements; `$A` is the first.
            let append = self.t(node)[name.len()..].starts_with("+=");
            let mut elems = Vec::new();
            for e in named_children(value) {
                match self.array_elems(e) {
                    Some(more) => elems.extend(more),
                    None => elems.push(self.word(e).value),
                }
            }
            let list = self.arrays.entry(name.clone()).or_default();
            if !append {
                list.clear();
            }
            list.extend(elems);
            if list.len() > crate::limits::MAX_ARRAY_ELEMS {
                crate::limits::gave_up("MAX_ARRAY_ELEMS");
                list.truncate(crate::limits::MAX_ARRAY_ELEMS);
            }
        } else {
            self.arrays.remove(&name);
        }
        let w = self.word(value);
        if self.decoded.get() {
            self.decoded_vars.insert(name.clone());
        } else {
            self.decoded_vars.remove(&name);
        }
        match self.arrays.get(&name).map(|l| l.first().cloned()) {
            Some(Some(v)) => self.vars.insert(name.clone(), v),
            Some(None) => self.vars.remove(&name),
            None if w.reads.is_empty() || self.keep_built(w.value.len()) => {
                self.vars.insert(name.clone(), w.value.clone())
            }
            None => self.vars.remove(&name),
        };
        match time_value(self.t(value), reads_now_sh) {
            Some(t) => {
                self.times.insert(name.clone(), t);
            }
            None => {
                self.times.remove(&name);
            }
        }
        // Work inside `X=$(...)` produces `$X`.
        let mut f = flags.clone();
        f.bind = Some(format!("${name}"));
        let mut found = Vec::new();
        treesitter::walk(value, |n| {
            if n.kind_name() == "command_substitution" {
                found.push(n);
                false
            } else {
                true
            }
        });
        for cs in found {
            for ch in named_children(cs) {
                self.block(ch, &f, depth + 1);
            }
        }
        if let Some(envname) = w
            .reads
            .iter()
            .find(|v| !v.starts_with("$param:") && is_secret_env(v.trim_start_matches('$')))
        {
            let mut ev =
                crate::extract::concepts::env_read(envname.trim_start_matches('$'), "$VAR");
            ev.output = Some(format!("${name}"));
            self.emit(ev, node.start_byte(), node.end_byte());
        }
    }

    /// `for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do`, `for f in
    /// "${A[@]}"`: the loop variable first takes the riskiest word it
    /// iterates (a start-up file, a credential, a broad path), else the
    /// first; the other values are returned, each walked again by
    /// `loop_again` (set-valued bindings, `value_set`).
    fn loop_variable(&mut self, node: Node) -> Vec<String> {
        if node.kind_name() != "for_statement" {
            return Vec::new();
        }
        let Some(var) = node.child_by_field_name("variable") else {
            return Vec::new();
        };
        let name = self.t(var).to_string();
        let mut c = node.walk();
        let words: Vec<Node> = node.children_by_field_name("value", &mut c).collect();
        let mut vals: Vec<String> = Vec::new();
        for w in words {
            match self.array_elems(w) {
                Some(elems) => vals.extend(elems),
                None => vals.push(self.word(w).value),
            }
        }
        let pick = vals
            .iter()
            .find(|v| is_control_target(&classify_path(v).1))
            .cloned()
            .or_else(|| riskiest(&vals));
        let (more, _) = crate::extract::value_set::iterations(&vals, pick.as_deref());
        match pick {
            Some(v) => self.vars.insert(name, v),
            None => self.vars.remove(&name),
        };
        self.walks.take(more)
    }

    /// Round 27: `docker volume ls -q | while read v; do docker volume rm
    /// "$v"; done`: the variable a `while read` loop fed by a store
    /// listing's pipe reads is every member it printed, as the operand
    /// `xargs` adds ([`xargs_operands`]).
    fn read_from_listing(&mut self, node: Node, flags: &Flags) {
        // Names only known at run time (a store listing, remote refs): a
        // listing whose names the scan knows (`find … -name '*.log'`)
        // keeps its loop variable as written.
        if node.kind_name() != "while_statement"
            || !flags.listed.as_ref().is_some_and(Vec::is_empty)
        {
            return;
        }
        let Some(pipe) = &flags.pipe_in else {
            return;
        };
        let Some(cond) = node.child_by_field_name("condition") else {
            return;
        };
        let text = self.t(cond).to_string();
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.first().is_some_and(|w| *w == "read") {
            if let Some(v) = words.last().filter(|v| {
                !v.starts_with('-') && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            }) {
                self.vars.insert(v.to_string(), pipe.clone());
            }
        }
    }

    /// Round 23: a `for` loop over a listing of every scope a tool manages
    /// (`$(terraform workspace list)`, `$(helm list -q)`, `$(kubectl get ns
    /// -o name)`, `$(pulumi stack ls)`): a delete or destroy in its body
    /// runs in every one of them, broad and tagged `EveryScope`.
    fn every_scope(&mut self, node: Node, first: usize) {
        static SCOPES: crate::rx::Lazy = crate::rx::Lazy::new(
            r"\b(?:terraform|tofu|terragrunt)\s+workspace\s+(?:list|show)\b|\bpulumi\s+stack\s+(?:ls|list)\b|\bhelm\s+(?:list|ls)\b|\bkubectl\s+get\s+(?:ns|namespaces?)\b|\bkubectl\s+config\s+get-contexts\b|\bkubectx\b|\bcdk\s+(?:list|ls)\b|\bgcloud\s+projects\s+list\b|\baz\s+group\s+list\b",
        );
        if node.kind_name() != "for_statement" {
            return;
        }
        let mut c = node.walk();
        let listed = node
            .children_by_field_name("value", &mut c)
            .any(|w| SCOPES.is_match(self.t(w)));
        if !listed {
            return;
        }
        for e in &mut self.sink.items[first..] {
            if e.op == Op::FileDelete && e.scope == R::Other {
                e.tags.insert(Tag::EveryScope);
                e.tags.insert(Tag::BroadTarget);
            }
        }
    }

    /// The body of a `for` loop walked once more per further value of its
    /// variable, keeping only what those walks add (`value_set`).
    fn loop_again(&mut self, node: Node, more: Vec<String>, first: usize, f: &Flags, depth: usize) {
        let (Some(var), Some(body)) = (
            node.child_by_field_name("variable"),
            node.child_by_field_name("body"),
        ) else {
            return;
        };
        let name = self.t(var).to_string();
        let saved = self.vars.get(&name).cloned();
        for v in more {
            self.vars.insert(name.clone(), v);
            let from = self.sink.items.len();
            self.block(body, f, depth + 1);
            crate::extract::value_set::drop_repeats(&mut self.sink.items, first, from);
        }
        match saved {
            Some(v) => self.vars.insert(name, v),
            None => self.vars.remove(&name),
        };
    }

    /// `"${A[@]}"`, `${A[*]}` of an array assigned here: its elements.
    pub(super) fn array_elems(&self, n: Node) -> Option<Vec<String>> {
        let t = self.t(n).trim_matches('"');
        let name = t
            .strip_prefix("${")?
            .strip_suffix("[@]}")
            .or_else(|| t.strip_prefix("${")?.strip_suffix("[*]}"))?;
        self.arrays.get(name).cloned()
    }

    pub(super) fn pipeline(&mut self, node: Node, flags: &Flags, depth: usize) {
        let mut stages: Vec<Node> = named_children(node)
            .into_iter()
            .filter(|n| n.kind_name() != "comment")
            .collect();
        // tree-sitter-bash reads `a | b | c || d` as `a | (b | c || d)`:
        // the stages are a, b, c, and `|| d` runs after the pipeline.
        let mut after: Vec<Node> = Vec::new();
        if let Some(last) = stages.last().copied().filter(|l| l.kind_name() == "list") {
            let kids = named_children(last);
            if kids.first().is_some_and(|k| k.kind_name() == "pipeline") {
                stages.pop();
                stages.extend(
                    named_children(kids[0])
                        .into_iter()
                        .filter(|n| n.kind_name() != "comment"),
                );
                after = kids[1..].to_vec();
            }
        }
        let names: Vec<String> = stages.iter().map(|s| self.stage_name(*s)).collect();
        let start = self.sink.items.len();
        let result = flags.pipe_out.clone().or(flags.bind.clone());
        // The binding the next stage reads: a quiet filter passes its input on.
        let mut carry = flags.pipe_in.clone();
        // The names a listing stage prints, passed on by filters
        // (`git ls-files '*.env' | head | xargs cat`).
        let mut listed = flags.listed.clone();
        let placeholder = stages
            .first()
            .is_some_and(|s| pipes::placeholder_source(&self.stage_words(*s)));
        // What the earlier stages were (an interactive shell, plain tools,
        // quiet filters) and the bindings they produced: kept as the loop
        // goes, so a
        // pipeline of n stages costs O(n), not O(n²) (a 24,000-stage
        // pipeline took 2.3 s when each stage asked again).
        let mut shell_before = false;
        let mut plain_before = true;
        let mut filters_before = true;
        let mut outputs: std::collections::HashSet<String> = Default::default();
        for (i, st) in stages.iter().enumerate() {
            let mut f = flags.clone();
            f.pipe_in = carry.clone();
            f.listed = listed.clone();
            f.pipe_out = if i + 1 == stages.len() {
                result.clone()
            } else {
                Some(self.src.pos_bind("pipe", st.start_byte()))
            };
            f.feeds_interpreter = names.get(i + 1).is_some_and(|n| {
                INTERPRETERS.contains(&n.as_str())
                    || argv::SCRIPT_RUNNERS.contains(&n.as_str())
                    || n == "source"
                    || n == "eval"
                    || n == "crontab"
            }) && stages
                .get(i + 1)
                .is_none_or(|next| self.program_from_stdin(*next));
            f.feeds_count = names.get(i + 1).is_some_and(|n| {
                crate::extract::concepts::counts_only(n, || {
                    self.stage_words(stages[i + 1])
                        .into_iter()
                        .map(|w| w.value)
                        .collect()
                })
            });
            if i > 0
                && (names[i - 1] == "base64"
                    || names[i - 1] == "xxd"
                    || names[i - 1] == "openssl"
                    || names[i - 1] == "gunzip"
                    || names[i - 1] == "rev")
            {
                f.fed_by_decoder = Some(names[i - 1].clone());
            }
            if INTERPRETERS.contains(&names[i].as_str()) {
                self.literal_into_interpreter(&stages, &names, i);
            }
            f.fed_by_fetch =
                i > 0 && matches!(names[i - 1].as_str(), "curl" | "wget" | "fetch" | "aria2c");
            f.fed_by_shell = shell_before;
            // `echo '...' | base64 -d | bash`: the bytes piped on are a
            // placeholder that decodes to nothing; no stage reads code.
            if placeholder && i > 0 && filters_before {
                f.pipe_in = None;
                f.fed_by_decoder = None;
            }
            // `glab completion -s fish | source`, `starship init fish |
            // source`: a local tool printing its own shell setup, the pipe
            // form of the `eval "$(tool init)"` idiom (see `command`).
            if i > 0 && matches!(names[i].as_str(), "source" | "." | "eval") && plain_before {
                f.fed_by_fetch = true;
            }
            let before = self.sink.items.len();
            self.block(*st, &f, depth + 1);
            if let Some(var) = stages.get(i + 1).and_then(|n| {
                let argv: Vec<String> = self.stage_words(*n).into_iter().map(|w| w.value).collect();
                pipes::grep_one_var(&argv)
            }) {
                pipes::narrow_env_dump(&mut self.sink.items, before, &var);
            }
            let new = self.sink.items.get(before..).unwrap_or_default();
            outputs.extend(new.iter().filter_map(|e| e.output.clone()));
            shell_before = shell_before || self.interactive_shell(*st, &names[i]);
            plain_before = plain_before && plain_tool(&names[i]);
            filters_before = filters_before && (i == 0 || pipes::passes_through(&names[i]));
            let quiet_filter = i > 0
                && pipes::passes_through(&names[i])
                && !pipes::transformed(&self.sink.items, before, &f.pipe_out)
                && carry.as_ref().is_some_and(|c| outputs.contains(c));
            if !quiet_filter {
                carry = f.pipe_out.clone();
            }
            let argv: Vec<String> = self.stage_words(*st).into_iter().map(|w| w.value).collect();
            match crate::extract::concepts::listed_names(&argv) {
                Some(n) => listed = Some(n),
                // Round 27: a `grep` that keeps only matching names
                // (`kubectl get pods -o name | grep node-debugger- | xargs
                // kubectl delete`) picks from names known at run time; `grep
                // -v` (all but some) still passes every other one on.
                None if names[i] == "grep"
                    && listed.as_ref().is_some_and(Vec::is_empty)
                    && !argv.iter().any(|a| {
                        a.starts_with('-') && !a.starts_with("--") && a.contains('v')
                            || a == "--invert-match"
                    }) =>
                {
                    listed = None
                }
                None if pipes::passes_through(&names[i]) => {}
                None => listed = None,
            }
        }
        if let (Some(c), Some(r)) = (&carry, &result) {
            if c != r && outputs.contains(c) {
                pipes::rebind_result(&mut self.sink.items, start, c, r);
            }
        }
        self.piped_crontab(&stages, &names, start);
        for n in after {
            self.block(n, flags, depth + 1);
        }
    }

    /// Whether an interpreter stage takes its program from the pipe:
    /// `| sh`, `| bash -s`, `| python3 -`. With a program of its own
    /// (`| python3 -c "json.load(sys.stdin)"`, `| python3 -m json.tool`,
    /// `| node script.js`, a heredoc) the piped bytes are data.
    pub(super) fn program_from_stdin(&self, stage: Node) -> bool {
        if stage.kind_name() == "redirected_statement" {
            let mut c = stage.walk();
            if stage
                .children_by_field_name("redirect", &mut c)
                .any(|r| matches!(r.kind_name(), "heredoc_redirect" | "herestring_redirect"))
            {
                return false;
            }
        }
        let cmd = if stage.kind_name() == "redirected_statement" {
            stage.child_by_field_name("body").unwrap_or(stage)
        } else {
            stage
        };
        if cmd.kind_name() != "command" {
            return true;
        }
        let argv: Vec<String> = self.words(cmd).into_iter().map(|w| w.value).collect();
        let (name, at) = unwrap_wrappers(&argv);
        if matches!(name.as_str(), "source" | "eval" | "crontab" | ".") {
            return true;
        }
        let args: Vec<&str> = argv[(at + 1).min(argv.len())..]
            .iter()
            .map(String::as_str)
            .collect();
        if argv::SCRIPT_RUNNERS.contains(&name.as_str()) {
            return argv::stdin_script(&name, &args);
        }
        stdin_is_program(&args)
    }

    /// `echo "curl ... | sh" | bash` and `echo B64 | base64 -d | bash`: the
    /// echoed (and decoded) text runs, so analyse it as code.
    pub(super) fn literal_into_interpreter(&mut self, stages: &[Node], names: &[String], i: usize) {
        let (j, filters) = self.filters_before(stages, i);
        if j == 0 || !matches!(names[j - 1].as_str(), "echo" | "printf") {
            return;
        }
        let stage = stages[j - 1];
        let cmd = if stage.kind_name() == "redirected_statement" {
            stage.child_by_field_name("body").unwrap_or(stage)
        } else {
            stage
        };
        let mut c = cmd.walk();
        let Some(arg) = cmd
            .children_by_field_name("argument", &mut c)
            .filter(|a| !self.t(*a).starts_with('-'))
            .last()
        else {
            return;
        };
        let w = self.word(arg);
        if w.dynamic || w.value.len() < 4 {
            return;
        }
        let Some(code) = crate::extract::text_build::replay(&w.value, &filters) else {
            return;
        };
        let lang = match names[i].as_str() {
            "python" | "python3" | "python2" => Lang::Python,
            "node" | "deno" | "bun" => Lang::JavaScript,
            "pwsh" | "powershell" => Lang::PowerShell,
            _ => Lang::Shell,
        };
        let src = self.src;
        let nested = src.derived(&code, arg.start_byte(), arg.end_byte(), Origin::Decoded);
        crate::extract::extract_code(lang, &nested, self.sink);
    }

    /// The filter stages right before stage `i` (`echo B64 | base64 -d |
    /// rev | bash`: `base64 -d`, `rev`), in pipeline order, and the index of
    /// the first of them. One reading for every pipe that carries a literal
    /// into a reader ([`crate::extract::text_build::is_filter`]).
    pub(super) fn filters_before(&self, stages: &[Node], i: usize) -> (usize, Vec<Vec<String>>) {
        let mut j = i;
        let mut filters = Vec::new();
        while j > 0 {
            let words = self.stage_words(stages[j - 1]);
            if words.is_empty() || words.iter().any(|w| w.dynamic) {
                break;
            }
            let argv: Vec<String> = words.into_iter().map(|w| w.value).collect();
            let refs: Vec<&str> = argv.iter().map(String::as_str).collect();
            if !crate::extract::text_build::is_filter(&refs) {
                break;
            }
            filters.push(argv);
            j -= 1;
        }
        filters.reverse();
        (j, filters)
    }

    /// The program name of the first command inside a node.
    pub(super) fn first_command_name(&self, n: Node) -> String {
        let mut found = None;
        treesitter::walk(n, |x| {
            if found.is_some() {
                return false;
            }
            if x.kind_name() == "command" {
                found = Some(x);
                return false;
            }
            true
        });
        found.map(|c| self.stage_name(c)).unwrap_or_default()
    }

    /// A pipeline stage that is a shell reading its commands from its
    /// input: `sh -i`, `/bin/bash` with no script (round 31).
    fn interactive_shell(&self, n: Node, name: &str) -> bool {
        matches!(name, "sh" | "bash" | "zsh" | "dash" | "ksh" | "ash") && {
            let words = self.stage_words(n);
            let args: Vec<&str> = words.iter().skip(1).map(|w| w.value.as_str()).collect();
            args.contains(&"-i") || args.iter().all(|a| a.starts_with('-') && *a != "-c")
        }
    }

    pub(super) fn stage_name(&self, n: Node) -> String {
        let argv: Vec<String> = self.stage_words(n).into_iter().map(|w| w.value).collect();
        let (name, _) = unwrap_wrappers(&argv);
        name
    }

    /// The words of a pipeline stage that is one command (also redirected).
    pub(super) fn stage_words(&self, n: Node) -> Vec<Word> {
        let cmd = if n.kind_name() == "redirected_statement" {
            n.child_by_field_name("body").unwrap_or(n)
        } else {
            n
        };
        if cmd.kind_name() != "command" {
            return Vec::new();
        }
        let mut words = self.words(cmd);
        self.split_head(&mut words);
        words
    }

    pub(super) fn command(&mut self, node: Node, flags: &Flags, depth: usize) {
        self.decoded.set(false);
        let mut words = self.words(node);
        // Round 40: an argument the script decoded before use (here or in
        // the variable that holds it): what the line does was kept from
        // the reader.
        let concealed = self.decoded.get();
        if words.is_empty() {
            return;
        }
        self.expand_alias(&mut words);
        xargs_operands(&mut words, flags);
        let shadowed = self.cur_fn.as_deref().and_then(|k| {
            crate::extract::concepts::shadows_prompter(k).or_else(|| self.shadow_of.get(k).copied())
        });
        if let Some(ev) = super::secrets::shadowed_prompt(&words, shadowed) {
            self.emit(ev, node.start_byte(), node.end_byte());
        }
        // Substitutions in arguments run first: `bash -c "$(curl ...)"`.
        let mut subs = Vec::new();
        let mut c = node.walk();
        for a in node.children_by_field_name("argument", &mut c) {
            treesitter::walk(a, |n| {
                if n.kind_name() == "command_substitution"
                    || n.kind_name() == "process_substitution"
                {
                    subs.push(n);
                    false
                } else {
                    true
                }
            });
        }
        // A secret variable the script never assigns comes from the
        // environment: `curl -d "k=$AWS_SECRET_ACCESS_KEY" …` reads it.
        // (Scripts only: Markdown examples write `$API_KEY` as a placeholder.)
        let script = self.src.origin == Origin::Script;
        let mut inherited: Vec<&str> = words
            .iter()
            .flat_map(|w| w.reads.iter())
            .map(|r| r.trim_start_matches('$'))
            .filter(|v| script && self.inherited_secret(v))
            .collect();
        inherited.sort_unstable();
        inherited.dedup();
        for v in inherited {
            self.env_read(
                v,
                "environment variable",
                node.start_byte(),
                node.end_byte(),
            );
        }
        let argv: Vec<String> = words.iter().map(|w| w.value.clone()).collect();
        let (name, _) = unwrap_wrappers(&argv);
        let runs_args = INTERPRETERS.contains(&name.as_str())
            || name == "eval"
            || name == "source"
            || name == ".";
        let before = self.sink.items.len();
        let mut sub_names = Vec::new();
        for s in &subs {
            let mut f = flags.clone();
            f.pipe_out = Some(self.src.pos_bind("sub", s.start_byte()));
            f.feeds_interpreter = runs_args;
            for ch in named_children(*s) {
                sub_names.push(self.first_command_name(ch));
                self.block(ch, &f, depth + 1);
            }
        }
        let mut f = flags.clone();
        // `bash -c "$(curl …)"` is reported once, as download-and-run.
        f.fed_by_fetch = flags.fed_by_fetch
            || self.sink.items[before..]
                .iter()
                .any(|e| e.op == Op::DownloadExec);
        // `eval "$(ssh-agent -s)"`, `eval "$(brew shellenv)"`: a local tool
        // printing shell settings is an idiom, not hidden code.
        if name == "eval"
            && !subs.is_empty()
            && sub_names.iter().all(|n| plain_tool(n))
            && argv[1..].iter().all(|a| a.starts_with("$("))
        {
            f.fed_by_fetch = true;
        }
        for s in &subs {
            f.pipe_in
                .get_or_insert_with(|| self.src.pos_bind("sub", s.start_byte()));
        }
        let mut evs = Vec::new();
        let cx_argv: ArgvCx = f.clone().into();
        let local = self
            .funcs
            .get(&name)
            .cloned()
            .map(|k| vec![k])
            .unwrap_or_else(|| {
                let ident = !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && name.contains('_');
                if ident {
                    self.sourced
                        .iter()
                        .map(|m| format!("{m}::{name}"))
                        .collect()
                } else {
                    Vec::new()
                }
            });
        if !local.is_empty() {
            for key in local {
                let mut ev = Evidence::new(Op::CallLocal, A::CallTool, R::Codebase, key)
                    .object("call into the skill's own code")
                    .instrument(name.clone());
                ev.inputs = words
                    .iter()
                    .skip(1)
                    .map(|w| w.reads.first().cloned().unwrap_or_default())
                    .collect();
                ev.arg_values = words
                    .iter()
                    .skip(1)
                    .map(|w| (!w.dynamic).then(|| w.value.clone()).unwrap_or_default())
                    .collect();
                ev.output = cx_argv.pipe_out.clone();
                self.emit_flags(ev, node.start_byte(), node.end_byte(), &f);
            }
            return;
        }
        self.script_call(&words, node, &f);
        analyze_argv(&words, &cx_argv, &mut evs);
        // `-d "{\"t\": $(cat a.json), \"ctx\": \"$(cat ctx.b64)\"}"`: every
        // substitution feeds what takes the first one (round 35).
        if let Some((first, rest)) = subs.split_first()
            && !rest.is_empty()
        {
            let first = self.src.pos_bind("sub", first.start_byte());
            for ev in evs.iter_mut().filter(|e| e.inputs.contains(&first)) {
                for s in rest {
                    ev.inputs.push(self.src.pos_bind("sub", s.start_byte()));
                }
            }
        }
        for mut ev in evs {
            if concealed && ev.op == Op::Privileged && ev.has(Tag::AdminGrant) {
                // As `commands.rs` reads a role computed by a reversing
                // function: nobody decodes a role name except to hide it.
                ev.tags.insert(Tag::Obfuscated);
            }
            // Inline code run by `bash -c '...'`, `python -c '...'`, `eval '...'`.
            self.emit_flags(ev, node.start_byte(), node.end_byte(), &f);
        }
        // Nested code strings: `bash -c "..."`, `eval "..."`, `python -c "..."`.
        if let Some((lang, w)) = code_argument(&argv, &words) {
            // A remote command keeps its unknown parts as `$name` words: the
            // other host's shell reads what is known around them.
            let remote = lang == interp::Code::Remote && !w.value.trim().is_empty();
            // Round 29: a shell text with substitutions in it (`sh -c "…
            // $(whoami) …"`) is read too, the substitutions left for the
            // inner shell to run: the literal text around them is code.
            // A text whose command word is itself a substitution (`bash -c
            // "$(curl …)"`, `eval "$(ssh-agent -s)"`) names no command here:
            // what runs is what the substitution prints, judged where it
            // is fetched.
            let opaque = w.dynamic
                && lang == interp::Code::Lang(crate::extract::Lang::Shell)
                && !w.value.trim_start().starts_with(['$', '`'])
                && interp::opaque_code(lang, &w.value).is_some();
            if (!w.dynamic || remote || opaque) && w.end > w.start {
                let inner_start = w.start + 1;
                let inner_end = w.end.saturating_sub(1).max(inner_start);
                let src = self.src;
                if let Some(inner) = src.text.get(inner_start..inner_end) {
                    if inner == w.value {
                        let nested = src.nested(inner, inner_start, src.origin);
                        interp::analyse(lang, &nested, self.sink);
                    } else {
                        let code = w.value.clone();
                        let nested = src.derived(&code, w.start, w.end, src.origin);
                        interp::analyse(lang, &nested, self.sink);
                    }
                }
            }
        }
    }

    /// `python scripts/up.py ~/.ssh/id_rsa`, `bash scripts/x.sh "$TOKEN"`:
    /// a run of one of the skill's own scripts is a call whose arguments
    /// bind the script's `sys.argv`/`$1`/`process.argv` (see
    /// `script_param`). `extract_skill` resolves the path against the
    /// skill's files. A literal secret path or a secret variable passed as
    /// an argument is read here, where the caller names it.
    /// `alias x='cmd args'` / `unalias x` are noted; a command whose first
    /// word is an alias is the alias's words and then its own arguments
    /// (`value_set::Aliases`).
    /// An unquoted substitution in command position (`$(printf 'c%sl
    /// -fs%s' ur SL) URL`, Make's `$(shell …)` projected as `$(…)`) is
    /// split into words by the shell: its first word is the program.
    fn split_head(&self, words: &mut Vec<Word>) -> bool {
        let Some(w0) = words.first() else {
            return false;
        };
        let unquoted_sub = self
            .src
            .text
            .get(w0.start..w0.end)
            .is_some_and(|t| t.starts_with("$(") || t.starts_with('`'));
        if !unquoted_sub || w0.dynamic || !w0.value.trim().contains(char::is_whitespace) {
            return false;
        }
        let split = plain_words(&w0.value, w0);
        words.splice(0..1, split);
        true
    }

    fn expand_alias(&mut self, words: &mut Vec<Word>) {
        if self.split_head(words) {
            return;
        }
        match words[0].value.as_str() {
            "alias" => {
                for w in &words[1..] {
                    if let Some((n, v)) = w.value.split_once('=')
                        && !n.starts_with('-')
                    {
                        self.fn_aliases.bind(n, v.trim());
                        // Round 31: `alias sudo='~/.cache/x/wrap'`.
                        if crate::extract::path_shadow::alias_shadows(n, v) {
                            let ev = crate::extract::path_shadow::step(n, v, "alias");
                            self.emit(ev, w.start, w.end);
                        }
                    }
                }
            }
            "unalias" => {
                for w in &words[1..] {
                    self.fn_aliases.end(&w.value);
                }
            }
            first => {
                let Some(text) = self.fn_aliases.get(first) else {
                    return;
                };
                let expanded = plain_words(text, &words[0]);
                if !expanded.is_empty() {
                    words.splice(0..1, expanded);
                }
            }
        }
    }

    pub(super) fn script_call(&mut self, words: &[Word], node: Node, f: &Flags) {
        let argv: Vec<&str> = words.iter().map(|w| w.value.as_str()).collect();
        let Some((script, first_arg)) = local_script(&argv) else {
            return;
        };
        let mut inputs = Vec::new();
        for (i, w) in words.iter().enumerate().skip(first_arg) {
            if let Some(r) = w.reads.first() {
                let var = r.trim_start_matches('$');
                if self.inherited_secret(var) {
                    self.env_read(
                        var,
                        "environment variable passed to a script",
                        w.start,
                        w.end,
                    );
                }
                inputs.push(r.clone());
                continue;
            }
            // Text that mentions a path (`detect.py "cat ~/.x/config.json"`,
            // a detector's test input) is not a path: a word with blanks is
            // one only when it starts as a path does.
            let text = w.value.trim();
            let pathlike =
                !text.contains(char::is_whitespace) || text.starts_with(['/', '~', '.', '$']);
            let (scope, tags) = classify_path(&w.value);
            if scope == R::Credentials && pathlike {
                let b = format!("{}_{i}", self.src.pos_bind("arg", node.start_byte()));
                let mut ev = Evidence::new(Op::FileRead, A::Read, scope, w.value.clone())
                    .tags(tags)
                    .tag(Tag::PassedToScript)
                    .object("sensitive file passed to a script");
                ev.output = Some(b.clone());
                self.emit(ev, w.start, w.end);
                inputs.push(b);
            } else {
                inputs.push(String::new());
            }
        }
        let mut ev = Evidence::new(
            Op::CallLocal,
            A::CallTool,
            R::Codebase,
            format!("script:{script}"),
        )
        .object("run of the skill's own script")
        .instrument(argv.first().copied().unwrap_or(""));
        ev.inputs = inputs;
        self.emit_flags(ev, node.start_byte(), node.end_byte(), f);
    }

    /// A secret variable the script never assigns: it comes from the
    /// environment.
    pub(super) fn inherited_secret(&self, var: &str) -> bool {
        !var.starts_with("param:") && !self.vars.contains_key(var) && is_secret_env(var)
    }

    /// The read of secret environment variable `var`, bound as `$var`.
    pub(super) fn env_read(&mut self, var: &str, what: &str, start: usize, end: usize) {
        let mut ev = crate::extract::concepts::env_read(var, "$VAR").object(what);
        ev.output = Some(format!("${var}"));
        self.emit(ev, start, end);
    }

    pub(super) fn emit(&mut self, ev: Evidence, start: usize, end: usize) {
        let ev = self.src.at(ev, start, end, LANG);
        self.sink.push(ev);
    }

    pub(super) fn emit_flags(&mut self, mut ev: Evidence, start: usize, end: usize, f: &Flags) {
        let manner = crate::extract::exec_op::Manner {
            detached: f.background,
            silenced: f.silenced,
        };
        manner.mark(std::slice::from_mut(&mut ev));
        if f.unbounded {
            ev.tags.insert(Tag::Unbounded);
        }
        if let Some(g) = f.gated {
            ev.tags.insert(g);
        }
        self.emit(ev, start, end);
    }
}

/// The commands in text written to a persistence target: a shell start-up
/// file runs as it is; a cron line runs after its schedule; a systemd unit
/// runs its `Exec…=` lines.
/// `… | xargs CMD ARGS`: CMD runs with the piped names as further
/// arguments (or in place of `-I {}`), so `git ls-files '*.env' | xargs
/// cat` reads `.env` and `git ls-remote | xargs git push origin --delete`
/// deletes every listed ref. Names a listing stage printed are given as
/// written (`concepts::listed_names`); names known only at run time (every
/// remote ref) are one dynamic operand reading the pipe. Piped data that
/// no listing printed adds nothing.
fn xargs_operands(words: &mut Vec<Word>, flags: &Flags) {
    let argv: Vec<String> = words.iter().map(|w| w.value.clone()).collect();
    let (name, at) = unwrap_wrappers(&argv);
    // `xargs -I{} sh -c '… "{}"'`: the names are data quoted into a
    // script, not code (a quoting weakness at most).
    if INTERPRETERS.contains(&name.as_str()) {
        return;
    }
    let Some(x) = argv[..at.min(argv.len())]
        .iter()
        .position(|a| basename(a) == "xargs")
    else {
        return;
    };
    let Some(pipe) = &flags.pipe_in else {
        return;
    };
    let replace = argv[x..at]
        .windows(2)
        .find(|w| w[0] == "-I")
        .map(|w| w[1].clone())
        .or_else(|| {
            argv[x..at]
                .iter()
                .any(|a| a == "-i")
                .then(|| "{}".to_string())
        });
    // Only a listing's names: data of any other kind (`echo "$list" |
    // xargs …` after a confirmation) is left as it was written.
    let Some(names) = flags.listed.clone() else {
        return;
    };
    let operands: Vec<Word> = if names.is_empty() {
        vec![Word {
            value: pipe.clone(),
            dynamic: true,
            reads: vec![pipe.clone()],
            start: 0,
            end: 0,
        }]
    } else {
        names
            .iter()
            .map(|n| Word {
                value: n.clone(),
                dynamic: false,
                reads: vec![pipe.clone()],
                start: 0,
                end: 0,
            })
            .collect()
    };
    match replace.filter(|r| !r.is_empty()) {
        Some(r) => {
            if let Some(w) = words.iter_mut().skip(at + 1).find(|w| w.value.contains(&r)) {
                let first = &operands[0];
                w.value = w.value.replace(&r, &first.value);
                w.dynamic |= first.dynamic;
                w.reads.extend(first.reads.iter().cloned());
            }
        }
        None => words.extend(operands),
    }
}

/// `sed -n 1p <clawdbot-root>/AGENTS.md`, `> <file>`: the angle brackets of a
/// `<placeholder>` in documentation, not an input and an output redirect.
/// `start..end` is the redirect's span in `text`.
fn placeholder_bracket(text: &str, start: usize, end: usize) -> bool {
    let b = text.as_bytes();
    let name = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.');
    let op = text.get(start..end).unwrap_or("");
    let body = op.trim_start_matches(|c: char| c.is_ascii_digit() || "<>&|".contains(c));
    let body = body.trim_start();
    // `<name>`: the input side, closed by `>` right after the name.
    if op.starts_with('<')
        && !op.starts_with("<<")
        && body.bytes().next().is_some_and(|c| c.is_ascii_alphabetic())
        && body.bytes().all(name)
        && b.get(end) == Some(&b'>')
    {
        return true;
    }
    // The output side: `>` closing a `<name` that ends right before it.
    if op.starts_with('>') && start > 0 && b.get(start - 1).is_some_and(|c| name(*c)) {
        let mut i = start;
        while i > 0 && name(b[i - 1]) {
            i -= 1;
        }
        if i > 0 && b[i - 1] == b'<' && b.get(i).is_some_and(|c| c.is_ascii_alphabetic()) {
            return true;
        }
    }
    // `> <file>`: a destination that is itself a placeholder.
    body.starts_with('<') && body.ends_with('>') && body.len() > 2
}

/// `text`'s whitespace-separated words as literal words placed where `at`
/// is (an alias body, or a command name a substitution spelled).
fn plain_words(text: &str, at: &Word) -> Vec<Word> {
    text.split_whitespace()
        .map(|t| Word {
            value: t.to_string(),
            dynamic: false,
            reads: Vec::new(),
            ..at.clone()
        })
        .collect()
}

/// A command name that is a local tool printing its own shell setup
/// (`brew shellenv`, `glab completion`), not a fetch, decoder, reader,
/// remote shell or a name held in a variable.
fn plain_tool(name: &str) -> bool {
    !name.is_empty() && !name.starts_with('$') && !SUSPECT_SOURCES.contains(&name)
}
