//! Round 34: the whole environment used as a value. `os.environ` put into
//! a dict (`{"config": os.environ}`, `{**os.environ}`), a list, a keyword
//! argument of a call that is not a process's `env=`, or an operand
//! (`os.environ | extra`) is a copy of every variable the process holds:
//! an error report, telemetry event or request body built that way carries
//! every token in the environment. The read is an `EnvDump` whose binding
//! the node's value is known by ([`Py::bindings`]). Not a copy: a
//! subscript or method of it (`os.environ["X"]`, `.get`, `.copy()` — the
//! calls `call_environment` reads), a membership test, a plain alias
//! (`env = os.environ`), the `env=` of a program run, `os.exec*`/`spawn`
//! arguments, and the calls `call_environment` already reads whole
//! (`dict(os.environ)`, `json.dumps`, `str`, `print`).

use super::{Ctx, Py};
use crate::evidence::{Evidence, Op};
use crate::extract::treesitter::KindName;
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use tree_sitter::Node;

/// Calls `call_environment` reads whole when given the environment.
const READ_WHOLE: &[&str] = &["dict", "json.dumps", "str", "repr", "list", "print"];

impl Py<'_, '_> {
    /// `n` names the whole environment (`os.environ`, an imported
    /// `environ`), or splats it (`**os.environ`).
    fn names_environ(&self, n: Node) -> bool {
        let t = self.t(n);
        match n.kind_name() {
            "attribute" | "identifier" => {
                t == "os.environ"
                    || self.import_of(t).is_some_and(|c| c == "os.environ")
                    || self.fn_aliases.get(t) == Some("os.environ")
            }
            _ => false,
        }
    }

    /// `n` is the whole environment in a place where its value is copied.
    pub(super) fn environ_value(&self, n: Node) -> bool {
        if !self.names_environ(n) {
            return false;
        }
        let Some(mut p) = n.parent() else {
            return false;
        };
        if p.kind_name() == "dictionary_splat" || p.kind_name() == "list_splat" {
            match p.parent() {
                Some(q) => p = q,
                None => return false,
            }
        }
        match p.kind_name() {
            "dictionary" | "pair" | "list" | "tuple" | "set" | "binary_operator" => true,
            "keyword_argument" => p
                .child_by_field_name("name")
                .is_some_and(|k| !matches!(self.t(k), "env" | "environ" | "environment")),
            "argument_list" => p
                .parent()
                .and_then(|c| c.child_by_field_name("function"))
                .is_some_and(|f| {
                    let (name, _) = self.callee(f, 0);
                    // `patch.dict(os.environ, {...})`, `monkeypatch`: a
                    // test setting variables, not a copy.
                    !READ_WHOLE.contains(&name.as_str())
                        && !name.ends_with("patch.dict")
                        && !name.contains("monkeypatch")
                        && !name.starts_with("os.exec")
                        && !name.starts_with("os.spawn")
                        && !name.starts_with("os.posix_spawn")
                        && !name.starts_with("subprocess.")
                        && !name.starts_with("pty.")
                        && !name.ends_with("Popen")
                }),
            _ => false,
        }
    }

    /// The `EnvDump` of one copied environment node; its binding is what
    /// the node's value is known by.
    pub(super) fn environ_copy(&mut self, n: Node, cx: &Ctx) {
        let b = self.src.pos_bind("envdump", n.start_byte());
        let mut ev = Evidence::new(Op::EnvDump, A::Read, R::Credentials, "environment")
            .object("whole environment read")
            .instrument("os.environ");
        ev.output = Some(b.clone());
        self.emit(ev, n.start_byte(), n.end_byte(), cx);
        self.env_bind.insert(n.start_byte(), b);
    }
}
