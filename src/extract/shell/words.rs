use super::*;

impl<'s, 'a> Cx<'s, 'a> {
    /// Whether a value of `len` bytes built from other variables is kept:
    /// the file's budget of such bytes (`SHELL_MAX_VAR_BYTES`) pays for it.
    /// Past it the variable is unknown and the file incomplete, so a chain
    /// of assignments that doubles or lengthens a value each line stays
    /// linear in time and memory.
    pub(super) fn keep_built(&mut self, len: usize) -> bool {
        if len > self.var_budget {
            self.var_budget = 0;
            crate::limits::gave_up("SHELL_MAX_VAR_BYTES");
            return false;
        }
        self.var_budget -= len;
        true
    }

    pub(super) fn words(&self, cmd: Node) -> Vec<Word> {
        let mut out = Vec::new();
        if let Some(n) = cmd.child_by_field_name("name") {
            out.push(self.word(n));
        }
        let mut c = cmd.walk();
        for a in cmd.children_by_field_name("argument", &mut c) {
            // `"${A[@]}"` of a known array: one word per element.
            match self.array_elems(a) {
                Some(elems) => {
                    let w = self.word(a);
                    out.extend(elems.into_iter().map(|v| Word {
                        value: v,
                        ..w.clone()
                    }));
                }
                None => out.push(self.word(a)),
            }
        }
        out
    }

    /// Resolves a word node to its value.
    pub fn word(&self, n: Node) -> Word {
        let mut w = Word {
            value: String::new(),
            dynamic: false,
            reads: Vec::new(),
            start: n.start_byte(),
            end: n.end_byte(),
        };
        self.word_into(n, &mut w, 0);
        w
    }

    pub(super) fn word_into(&self, n: Node, w: &mut Word, depth: usize) {
        if depth > 64 {
            w.dynamic = true;
            return;
        }
        match n.kind_name() {
            "word" | "number" | "command_name" if n.named_child_count() == 0 => {
                let t = self.t(n);
                // `c\url` → `curl`; a leading `~` stays as the home marker.
                let mut s = String::new();
                let mut esc = false;
                for ch in t.chars() {
                    if esc {
                        s.push(ch);
                        esc = false;
                    } else if ch == '\\' {
                        esc = true;
                    } else {
                        s.push(ch);
                    }
                }
                w.value.push_str(&s);
            }
            "raw_string" => w.value.push_str(self.t(n).trim_matches('\'')),
            "ansi_c_string" => {
                let t = self.t(n);
                let body = t
                    .strip_prefix("$'")
                    .and_then(|x| x.strip_suffix('\''))
                    .unwrap_or(t);
                if has_code_escapes(body) {
                    self.decoded.set(true);
                }
                w.value.push_str(&unescape(body));
            }
            // Inside double quotes a backslash escapes only `$`, `` ` ``,
            // `"`, `\` and a newline: `sh -c "sh -c \"cat …\""`.
            "string_content" => w.value.push_str(&dq_unescape(self.t(n))),
            "simple_expansion" | "expansion" => {
                // tree-sitter-bash starts an expansion that follows only
                // blanks inside double quotes at the first blank
                // (`"  $TOKEN"`): the blanks are text, not the name.
                let raw = self.t(n);
                let t = raw.trim_start();
                w.value.push_str(&raw[..raw.len() - t.len()]);
                let name = t
                    .trim_start_matches('$')
                    .trim_start_matches('{')
                    .trim_end_matches('}');
                let name = name
                    .split([':', '-', '=', '#', '%', '/', '['])
                    .next()
                    .unwrap_or(name);
                match (&self.cur_fn, name.parse::<usize>()) {
                    (Some(key), Ok(i)) if i >= 1 => w.reads.push(format!("$param:{key}:{}", i - 1)),
                    // `$1` outside a function: the script's own argument,
                    // bound to what a caller (`bash scripts/x.sh ARG`) passes.
                    (None, Ok(i)) if (1..32).contains(&i) => w
                        .reads
                        .push(crate::extract::script_param(self.src.path, i - 1)),
                    _ => w.reads.push(format!("${name}")),
                }
                if self.decoded_vars.contains(name) {
                    self.decoded.set(true);
                }
                // `${x%/*}`, `${x#*/}`, `${x//a/b}`: the value cut down or
                // edited; kept as written when it cannot be computed, so a
                // delete of a cut-down path is seen (`text_build`).
                let op = t
                    .strip_prefix("${")
                    .and_then(|x| x.strip_suffix('}'))
                    .and_then(|x| x.get(name.len()..))
                    .filter(|o| !name.is_empty() && o.starts_with(['%', '#', '/']));
                match (self.vars.get(name), op) {
                    (Some(v), Some(op)) => match crate::extract::text_build::param_edit(v, op) {
                        Some(e) => w.value.push_str(&e),
                        None => {
                            w.dynamic = true;
                            w.value.push_str(t);
                        }
                    },
                    (Some(v), None) => w.value.push_str(v),
                    (None, Some(_)) => {
                        w.dynamic = true;
                        w.value.push_str(t);
                    }
                    // `${X:-}`, `${X-}`: a variable the skill never sets,
                    // written with an empty default: when the environment
                    // does not set it either the word is empty, so a path
                    // built on it (`"$HOME/${SUB:-}"`) is its parent.
                    (None, None) if empty_default(t, name) => {
                        w.dynamic = true;
                    }
                    // `${LOG_ROOT:-$HOME}`, `${DIR:-/tmp/x}`: a variable the
                    // skill never sets holds its default unless the user
                    // sets it, so the default is what the skill does when
                    // run as documented (round 20).
                    (None, None) if default_of(t, name).is_some() => {
                        w.dynamic = true;
                        let d = default_of(t, name).unwrap_or_default();
                        w.value.push_str(&self.default_value(d));
                    }
                    // Round 36: `DEV="${1:-$ROOTDEV}"`, `${TARGET:-/dev/sda}`:
                    // a default that is a value the skill itself set, or a
                    // device, is what runs when the user passes nothing,
                    // positional or not.
                    (None, None) if self.own_default(t, name).is_some() => {
                        w.dynamic = true;
                        let d = self.own_default(t, name).unwrap_or_default();
                        w.value.push_str(&d);
                    }
                    (None, None) => {
                        w.dynamic = true;
                        w.value.push('$');
                        w.value.push_str(name);
                    }
                }
            }
            "command_substitution" => {
                if let Some((v, dynamic)) = self.fold_substitution(n) {
                    w.value.push_str(&v);
                    w.dynamic |= dynamic;
                } else {
                    w.dynamic = true;
                    w.value.push_str(self.t(n));
                }
            }
            _ => {
                let kids = named_children(n);
                if kids.is_empty() {
                    let t = self.t(n);
                    w.value.push_str(t.trim_matches('"'));
                } else {
                    for k in kids {
                        self.word_into(k, w, depth + 1);
                    }
                }
            }
        }
    }

    /// The default of `${1:-$VAR}`/`${NAME:-$VAR}` when `VAR` is a value
    /// this file set, or of `${1:-/dev/sdb}` (a device literal): the
    /// caller's argument or the variable when given, else that value.
    fn own_default(&self, t: &str, name: &str) -> Option<String> {
        let d = param_default(t, name)?;
        if let Some(v) = d.strip_prefix('$') {
            let v = v.trim_start_matches('{').trim_end_matches('}');
            let ident = !v.is_empty() && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            return ident.then(|| self.vars.get(v).cloned()).flatten();
        }
        let plain = !d.contains(['`', '(', '{', '}', '"', '\'', ' ', ';', '|', '&', '$']);
        (plain && d.starts_with("/dev/")).then(|| d.to_string())
    }

    /// The value of a plain default (`default_of`): a leading `$VAR` takes
    /// its known value, else stays `$VAR`.
    fn default_value(&self, d: &str) -> String {
        let Some(v) = d.strip_prefix('$') else {
            return d.to_string();
        };
        let end = v
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(v.len());
        let (var, tail) = v.split_at(end);
        match self.vars.get(var) {
            Some(known) => format!("{known}{tail}"),
            None => format!("${var}{tail}"),
        }
    }

    /// Constant-folds `$(printf '\x63\x75')`, `$(printf '%s/.x' "$HOME")`,
    /// `$(echo abc | rev)`, `$(echo BASE64 | base64 -d)` (the shared filter
    /// replay, [`Self::fold_filters`]) and `$(fn)` for a function of this
    /// file that only prints. The flag says part of the
    /// value is unknown.
    pub(super) fn fold_substitution(&self, n: Node) -> Option<(String, bool)> {
        let kids: Vec<Node> = named_children(n)
            .into_iter()
            .filter(|k| k.kind_name() != "comment")
            .collect();
        // Each level resolves the words inside: bounded nesting
        // (`$(printf "$(printf …)")`, a function printing its own call).
        let depth = self.fold_depth.get();
        if depth >= MAX_FOLD_NESTING && matches!(&kids[..], [c] if c.kind_name() == "command") {
            crate::limits::gave_up("SHELL_MAX_FOLD_NESTING");
        }
        // Round 41 (blind r41 pgdump-offsite-timer): `$(IFS=.; echo
        // "${v[*]}")` prints a known array joined by the first character
        // of IFS (`v=(185 212 47 19)` → `185.212.47.19`).
        if let [assign, cmd] = &kids[..]
            && let Some(v) = self.ifs_join(*assign, *cmd)
        {
            return Some((v, false));
        }
        if let ([cmd], true) = (&kids[..], depth < MAX_FOLD_NESTING) {
            if cmd.kind_name() == "command" {
                self.fold_depth.set(depth + 1);
                let mut out = self.print_output(*cmd);
                if out.is_none() {
                    let name = cmd
                        .child_by_field_name("name")
                        .map(|x| self.word(x).value)
                        .unwrap_or_default();
                    if let Some(def) = self.fn_nodes.get(&name) {
                        out = self.function_output(*def);
                    }
                }
                self.fold_depth.set(depth);
                if let Some((v, d)) = out {
                    return Some((v.trim_end_matches('\n').to_string(), d));
                }
            }
        }
        if let ([p], true) = (&kids[..], depth < MAX_FOLD_NESTING)
            && p.kind_name() == "pipeline"
            && let Some(v) = self.fold_filters(*p)
        {
            return Some((v, false));
        }
        None
    }

    /// `IFS=SEP; echo "${A[*]}"` (or `printf '%s' "${A[*]}"`) of an array
    /// this file assigned: its elements joined by the first character of
    /// SEP, as bash does for `[*]` in quotes.
    fn ifs_join(&self, assign: Node, cmd: Node) -> Option<String> {
        if assign.kind_name() != "variable_assignment" || cmd.kind_name() != "command" {
            return None;
        }
        let sep = self.t(assign).strip_prefix("IFS=")?;
        let sep = sep.trim_matches(['"', '\'']);
        let name = cmd.child_by_field_name("name").map(|x| self.t(x))?;
        let mut c = cmd.walk();
        let args: Vec<Node> = cmd.children_by_field_name("argument", &mut c).collect();
        let arr = match (name, &args[..]) {
            ("echo", [a]) => *a,
            ("printf", [f, a]) if self.t(*f).trim_matches(['"', '\'']) == "%s" => *a,
            _ => return None,
        };
        let t = self.t(arr);
        if !(t.starts_with("\"${") && t.ends_with("[*]}\"")) {
            return None;
        }
        let elems = self.array_elems(arr)?;
        let joiner = sep.chars().next().map(String::from).unwrap_or_default();
        Some(elems.join(&joiner))
    }

    /// `printf '%s' L | tr L /`, `echo /home/u/.npm | sed 's#/\.npm##'`:
    /// known text passed through simple filters (the shared
    /// [`crate::extract::text_build::filter`]).
    fn fold_filters(&self, p: Node) -> Option<String> {
        let stages: Vec<Node> = named_children(p)
            .into_iter()
            .filter(|k| k.kind_name() != "comment")
            .collect();
        if stages.iter().any(|k| k.kind_name() != "command") {
            return None;
        }
        let (first, rest) = stages.split_first()?;
        let (mut text, dynamic) = self.print_output(*first)?;
        if dynamic || rest.is_empty() {
            return None;
        }
        for st in rest {
            let words = self.words(*st);
            if words.iter().any(|w| w.dynamic) {
                return None;
            }
            let argv: Vec<&str> = words.iter().map(|w| w.value.as_str()).collect();
            text = crate::extract::text_build::filter(&argv, &text)?;
            if crate::extract::text_build::is_decoder(&argv).is_some() {
                // A value the script decodes before use was kept from the
                // reader (round 40: `roles/$(printf '%s' 'b3duZXI=' | base64 -d)`).
                self.decoded.set(true);
            }
        }
        Some(text.trim_end_matches('\n').to_string())
    }

    /// What an `echo` or `printf` command prints, and whether part of it is
    /// unknown. `printf -v VAR` prints nothing.
    pub(super) fn print_output(&self, cmd: Node) -> Option<(String, bool)> {
        if cmd.kind_name() != "command" {
            return None;
        }
        let words = self.words(cmd);
        let (name, rest) = words.split_first()?;
        match name.value.as_str() {
            "printf" => {
                let rest = match rest.first() {
                    Some(w) if w.value == "--" => &rest[1..],
                    _ => rest,
                };
                let (fmt, args) = rest.split_first()?;
                if fmt.value.starts_with('-') {
                    return None;
                }
                let args: Vec<String> = args.iter().map(|w| w.value.clone()).collect();
                if has_code_escapes(&fmt.value)
                    || fmt.value.contains("%b") && args.iter().any(|a| has_code_escapes(a))
                {
                    self.decoded.set(true);
                }
                let dynamic = rest.iter().any(|w| w.dynamic);
                Some((printf_format(&fmt.value, &args), dynamic))
            }
            "echo" => {
                let mut escapes = false;
                let mut newline = true;
                let mut at = 0;
                while let Some(w) = rest.get(at) {
                    let v = w.value.as_str();
                    if v.len() < 2
                        || !v.starts_with('-')
                        || !v[1..].chars().all(|c| matches!(c, 'n' | 'e' | 'E'))
                    {
                        break;
                    }
                    newline &= !v.contains('n');
                    escapes = v.contains('e');
                    at += 1;
                }
                let args = &rest[at..];
                let mut out = args
                    .iter()
                    .map(|w| w.value.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                if escapes {
                    if has_code_escapes(&out) {
                        self.decoded.set(true);
                    }
                    out = unescape(&out);
                }
                if newline {
                    out.push('\n');
                }
                Some((out, args.iter().any(|w| w.dynamic)))
            }
            // Round 42 (blind r42 shell-profile-sync): a lookup of a
            // program on PATH prints where it is, and what is run through
            // it is that program (`real="$(command -v git)"; "$real"
            // credential fill` is git's credential store read by a shim).
            "command" | "which" | "type" | "whence" | "where" => {
                let prog = program_lookup(name.value.as_str(), rest)?;
                Some((prog, false))
            }
            _ => None,
        }
    }

    /// What `$(fn)` yields for a function of this file whose body only
    /// prints (`printf`/`echo`, possibly in `case` or `if` branches). With
    /// several branches the one that names a sensitive or persistence path
    /// is taken (`~/.zshrc` or `~/.bashrc` by `$SHELL`: either is a shell
    /// start-up file); otherwise the first.
    pub(super) fn function_output(&self, def: Node) -> Option<(String, bool)> {
        let budget = self.fold_budget.get();
        if budget == 0 {
            crate::limits::gave_up("SHELL_MAX_FUNCTION_FOLDS");
            return None;
        }
        self.fold_budget.set(budget - 1);
        let body = def.child_by_field_name("body")?;
        let mut cmds = Vec::new();
        let mut pure = true;
        treesitter::walk(body, |x| match x.kind_name() {
            "command_substitution"
            | "process_substitution"
            | "function_definition"
            | "heredoc_body" => false,
            "pipeline" | "subshell" => {
                pure = false;
                false
            }
            "command" => {
                cmds.push(x);
                false
            }
            _ => true,
        });
        if !pure || cmds.is_empty() || cmds.len() > 16 {
            return None;
        }
        let mut outs = Vec::new();
        let mut branches = false;
        for c in cmds {
            let name = c
                .child_by_field_name("name")
                .map(|x| self.word(x).value)
                .unwrap_or_default();
            match name.as_str() {
                "echo" | "printf" => {
                    if c.parent()
                        .is_some_and(|p| p.kind_name() == "redirected_statement")
                    {
                        continue;
                    }
                    let mut p = c.parent();
                    while let Some(a) = p {
                        if a.id() == body.id() {
                            break;
                        }
                        if matches!(
                            a.kind_name(),
                            "case_item" | "if_statement" | "elif_clause" | "else_clause"
                        ) {
                            branches = true;
                        }
                        p = a.parent();
                    }
                    match self.print_output(c) {
                        Some(o) => outs.push(o),
                        None => pure = false,
                    }
                }
                "return" | "local" | "true" | ":" | "test" | "[" => {}
                _ => pure = false,
            }
        }
        if !pure || outs.is_empty() {
            return None;
        }
        if !branches {
            let dynamic = outs.iter().any(|o| o.1);
            let joined: String = outs.into_iter().map(|o| o.0).collect();
            if joined.len() > MAX_FOLD {
                crate::limits::gave_up("SHELL_MAX_FOLD");
            }
            return Some((
                crate::text::slice(&joined, 0, MAX_FOLD).to_string(),
                dynamic,
            ));
        }
        let sensitive = |v: &str| {
            let (scope, tags) = classify_path(v.trim());
            scope == R::Credentials || crate::extract::indicators::is_control_target(&tags)
        };
        let i = outs.iter().position(|o| sensitive(&o.0)).unwrap_or(0);
        Some(outs.swap_remove(i))
    }
}

/// Whether text holds escapes that spell characters (`\x63`, `\143`,
/// `\u0063`), not just layout (`\n`, `\t`).
/// The value of double-quoted shell text: `\$`, `` \` ``, `\"`, `\\` lose
/// their backslash, a backslash-newline disappears, any other backslash
/// stays.
/// `${NAME:-}` or `${NAME-}`: an expansion whose default is empty.
/// Positional parameters (`${2:-}`) are the caller's arguments, not an
/// unset variable, and stay as written.
fn empty_default(t: &str, name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && t.strip_prefix("${")
            .and_then(|x| x.strip_suffix('}'))
            .and_then(|x| x.strip_prefix(name))
            .is_some_and(|rest| rest == ":-" || rest == "-")
}

/// The default text of `${NAME:-D}` (also `-`, `:=`, `=`), any name,
/// positional parameters included, quotes trimmed.
fn param_default<'t>(t: &'t str, name: &str) -> Option<&'t str> {
    let rest = t
        .strip_prefix("${")?
        .strip_suffix('}')?
        .strip_prefix(name)?;
    let d = [":-", ":=", "-", "="]
        .iter()
        .find_map(|op| rest.strip_prefix(op))?;
    Some(d.trim_matches('"')).filter(|d| !d.is_empty())
}

/// The default of `${NAME:-D}` (also `-`, `:=`, `=`) when it is a plain
/// folder: literal text, optionally starting with `$HOME`-like variables
/// (no command substitution, no nested default). Positional parameters
/// stay as written.
fn default_of<'t>(t: &'t str, name: &str) -> Option<&'t str> {
    if !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        return None;
    }
    let rest = t
        .strip_prefix("${")?
        .strip_suffix('}')?
        .strip_prefix(name)?;
    let d = [":-", ":=", "-", "="]
        .iter()
        .find_map(|op| rest.strip_prefix(op))?;
    let d = d.trim_matches('"');
    let plain = !d.is_empty()
        && !d.contains(['`', '(', '{', '}', '"', '\'', ' ', ';', '|', '&'])
        && d.matches('$').count() <= usize::from(d.starts_with('$'));
    // Only a folder: a root literal (`/`, `~`, `./x`) or one under the
    // home, working or temporary folder. A default outside URL, key or account
    // stays the variable it is (the user's endpoint and secret, not a
    // fixed one the skill sends to).
    let folder = d.starts_with(['/', '~', '.'])
        || ["$HOME", "$PWD", "$TMPDIR", "$XDG_"]
            .iter()
            .any(|v| d.starts_with(v));
    // A default URL on this machine (`http://127.0.0.1:18789/hooks`) is
    // the local service the skill talks to unless the user points it
    // elsewhere.
    let local = crate::extract::indicators::url_host(d)
        .is_some_and(|h| crate::extract::indicators::is_local_host(&h));
    (plain && (folder && !d.contains("://") || local)).then_some(d)
}

pub fn dq_unescape(s: &str) -> String {
    if !s.contains('\\') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        match (c, it.peek()) {
            ('\\', Some('$' | '`' | '"' | '\\')) => out.extend(it.next()),
            ('\\', Some('\n')) => {
                it.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// The program a PATH lookup names (`command -v git`, `command -V git`,
/// `which -a git`, `type -P git`, `whence -p git`): the path it prints is
/// that program's, so what runs through the printed path is that program.
/// One literal program name only; `command git` (no `-v`) runs it and
/// prints nothing.
fn program_lookup(lookup: &str, rest: &[Word]) -> Option<String> {
    let mut flags = false;
    let mut prog = None;
    for w in rest {
        let v = w.value.as_str();
        if v.starts_with('-') && v.len() > 1 {
            flags = true;
            continue;
        }
        if w.dynamic || prog.is_some() {
            return None;
        }
        prog = Some(v);
    }
    let prog = prog?;
    let needs_flag = matches!(lookup, "command" | "type" | "whence");
    if needs_flag && !flags
        || prog.is_empty()
        || !prog
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.' | b'+'))
    {
        return None;
    }
    Some(prog.to_string())
}

pub(super) fn has_code_escapes(s: &str) -> bool {
    let b = s.as_bytes();
    b.windows(2).any(|w| {
        w[0] == b'\\' && (matches!(w[1], b'x' | b'u' | b'U') || (b'0'..=b'7').contains(&w[1]))
    })
}

/// The output of `printf FMT ARGS…`: escapes in the format, `%s`, `%b`
/// (escapes in the argument), `%d`, `%c` and `%%` (flags and widths
/// ignored), the format reused while arguments remain, as the shell does.
/// Bounded by [`MAX_FOLD`].
pub fn printf_format(fmt: &str, args: &[String]) -> String {
    let mut out = String::new();
    let mut next = 0usize;
    loop {
        let mut used = false;
        let mut it = fmt.chars().peekable();
        while let Some(c) = it.next() {
            if out.len() > MAX_FOLD {
                crate::limits::gave_up("SHELL_MAX_FOLD");
                return crate::text::slice(&out, 0, MAX_FOLD).to_string();
            }
            match c {
                '\\' => {
                    let mut esc = String::from('\\');
                    match it.next() {
                        Some(x @ ('x' | 'u')) => {
                            esc.push(x);
                            let n = if x == 'x' { 2 } else { 4 };
                            while esc.len() < n + 2
                                && it.peek().is_some_and(|d| d.is_ascii_hexdigit())
                            {
                                esc.extend(it.next());
                            }
                        }
                        Some(d) if d.is_digit(8) => {
                            esc.push(d);
                            while esc.len() < 4 && it.peek().is_some_and(|d| d.is_digit(8)) {
                                esc.extend(it.next());
                            }
                        }
                        Some(o) => esc.push(o),
                        None => {}
                    }
                    out.push_str(&unescape(&esc));
                }
                '%' => {
                    while it.peek().is_some_and(|d| "-+ #0123456789.*".contains(*d)) {
                        it.next();
                    }
                    let conv = it.next();
                    if conv == Some('%') {
                        out.push('%');
                        continue;
                    }
                    let Some(conv) = conv else {
                        out.push('%');
                        continue;
                    };
                    let arg = args.get(next).map(String::as_str);
                    if arg.is_some() {
                        next += 1;
                        used = true;
                    }
                    let arg = arg.unwrap_or("");
                    match conv {
                        'b' => out.push_str(&unescape(arg)),
                        'c' => out.extend(arg.chars().next()),
                        'd' | 'i' | 'u' => out.push_str(if arg.is_empty() { "0" } else { arg }),
                        _ => out.push_str(arg),
                    }
                }
                _ => out.push(c),
            }
        }
        if !used || next >= args.len() {
            break;
        }
    }
    out
}
