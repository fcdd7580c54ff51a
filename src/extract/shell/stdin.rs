//! What a program reads from a heredoc or here-string is that program's
//! input: SQL for a database client (`psql <<SQL`), the program for an
//! interpreter that reads one from stdin (`bash <<EOF`, `python3 - <<PY`,
//! from the table in [`interp`]), a manifest for a Kubernetes client
//! (`kubectl apply -f - <<EOF`, [`crate::extract::commands::reads_manifest_stdin`]).
//! Each is read as the same text in a file of its kind would be.

use super::*;

impl<'s, 'a> Cx<'s, 'a> {
    /// The input a heredoc or here-string gives the command it feeds.
    pub(super) fn stdin_input(&mut self, node: Node, f: &Flags) {
        let Some(body) = node.child_by_field_name("body") else {
            return;
        };
        self.sql_on_stdin(node, body, f);
        let Some(cmd) = first_command(body) else {
            return;
        };
        let argv: Vec<String> = self.words(cmd).into_iter().map(|w| w.value).collect();
        let (name, at) = unwrap_wrappers(&argv);
        let rest: Vec<&str> = argv.iter().skip(at + 1).map(String::as_str).collect();
        let code = argv.get(at..).and_then(interp::stdin_code);
        let manifest = crate::extract::commands::reads_manifest_stdin(&name, &rest);
        if code.is_none() && !manifest {
            return;
        }
        let mut heredoc = None;
        treesitter::walk(node, |n| {
            if heredoc.is_none() && n.kind_name() == "heredoc_body" {
                heredoc = Some(n);
            }
            heredoc.is_none()
        });
        let Some(h) = heredoc else {
            return;
        };
        let src = self.src;
        if let Some(code) = code {
            let nested = src.nested(self.t(h), h.start_byte(), src.origin);
            interp::analyse(code, &nested, self.sink);
        } else {
            // Round 32: an unquoted heredoc is expanded before kubectl
            // reads it (`name: ${role}` with `role=cluster-$(printf 'ad%s'
            // min)`).
            let text = self.heredoc_text(h);
            let nested = src.nested(&text, h.start_byte(), src.origin);
            crate::extract::commands::manifest(&nested, self.sink);
            crate::extract::rbac_yaml::bindings(&nested, self.sink);
        }
    }

    /// A heredoc body as the shell hands it on: its expansions and command
    /// substitutions replaced by their values (kept as written when
    /// unknown). A quoted heredoc has none.
    fn heredoc_text(&self, h: Node) -> String {
        let base = h.start_byte();
        let t = self.t(h);
        let mut out = String::with_capacity(t.len());
        let mut last = 0;
        for k in named_children(h) {
            if !matches!(
                k.kind_name(),
                "simple_expansion" | "expansion" | "command_substitution"
            ) {
                continue;
            }
            let (s, e) = (k.start_byte() - base, k.end_byte() - base);
            if s < last || e > t.len() || !t.is_char_boundary(s) || !t.is_char_boundary(e) {
                continue;
            }
            out.push_str(&t[last..s]);
            let w = self.word(k);
            if w.value.contains('\n') {
                out.push_str(&t[s..e]);
            } else {
                out.push_str(&w.value);
            }
            last = e;
        }
        out.push_str(&t[last..]);
        out
    }

    /// SQL a database client reads from a heredoc or here-string (`psql
    /// "$URL" <<'SQL' … DROP TABLE … SQL`): the command line names no
    /// statement, so the table's `psql`/`mysql` row cannot see it. A wipe
    /// that is not a schema reset is a database dropped or wiped.
    fn sql_on_stdin(&mut self, node: Node, body: Node, f: &Flags) {
        const CLIENTS: &[&str] = &[
            "psql",
            "mysql",
            "mariadb",
            "sqlite3",
            "mongo",
            "mongosh",
            "redis-cli",
            "clickhouse-client",
            "cockroach",
        ];
        let name = self.first_command_name(body);
        if !CLIENTS.contains(&name.as_str()) {
            return;
        }
        let mut text = None;
        treesitter::walk(node, |n| {
            if text.is_none() && matches!(n.kind_name(), "heredoc_body" | "herestring_redirect") {
                text = Some(self.t(n).to_string());
            }
            text.is_none()
        });
        let Some(sql) = text.filter(|t| super::sql_wipes(t)) else {
            return;
        };
        let ev = Evidence::new(
            Op::FileDelete,
            A::Write,
            R::UserData,
            crate::text::snippet(&sql, 120),
        )
        .tag(Tag::BroadTarget)
        .object("database dropped or wiped")
        .instrument(name);
        self.emit_flags(ev, node.start_byte(), node.end_byte(), f);
    }
}

/// The first simple command in a statement.
fn first_command(n: Node) -> Option<Node> {
    let mut found = None;
    treesitter::walk(n, |x| {
        if found.is_none() && x.kind_name() == "command" {
            found = Some(x);
        }
        found.is_none()
    });
    found
}
