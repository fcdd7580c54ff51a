//! Calls that change their receiver: `d.update(x)`, `l.append(x)`,
//! `msg.add_attachment(x)` (an e-mail carries what is attached),
//! `cp.read(paths)` (configparser, which loads files into the parser).
//! The receiver then carries what went in, so a value built from it later
//! (`"|".join(d.items())`) is followed to wherever it is sent.

use super::call::Site;
use super::{MAX_ALIAS, Py, Val};
use crate::evidence::Op;
use crate::extract::indicators::{classify_path, riskiest};
use crate::extract::treesitter::KindName;
use crate::ssl::vocab::ResourceScope as R;

/// Methods that put their arguments into the object they are called on.
const MUTATORS: &[&str] = &[
    "update",
    "append",
    "extend",
    "add",
    "insert",
    "appendleft",
    "setdefault",
    "read_dict",
    // email.message: what is attached or set becomes the message's body.
    "add_attachment",
    "attach",
    "set_content",
    "set_payload",
    "add_alternative",
    "add_related",
];

impl Py<'_, '_> {
    /// Records what a receiver-changing call put into its receiver; a
    /// `x.read(paths)` of credential files (a configparser loading
    /// `~/.aws/credentials`) is a read of the riskiest of them.
    pub(super) fn call_mutates(&mut self, k: &mut Site) {
        // `d.update(x)`, or `self.headers.update(x)` (then `$self.headers`).
        let Some(key) = k.obj.and_then(|o| match o.kind_name() {
            "identifier" => Some(format!("${}", self.t(o))),
            _ => self.attr_key(o),
        }) else {
            return;
        };
        let mut added = Vec::new();
        if k.method == "read" {
            let paths = match k.arg0 {
                Some(a) if matches!(a.kind_name(), "list" | "tuple") => self.iter_values(a),
                Some(a) => self.path_of(a).into_iter().collect(),
                None => Vec::new(),
            };
            let secret: Vec<String> = paths
                .into_iter()
                .filter(|p| classify_path(p).0 == R::Credentials)
                .collect();
            if let Some(p) = riskiest(&secret) {
                let name = k.name.clone();
                self.file_op(Op::FileRead, &p, k.c, Vec::new(), k.cx, &name);
                added.extend(self.call_bind.get(&k.c.start_byte()).cloned());
            }
        } else if MUTATORS.contains(&k.method.as_str()) {
            added = k.inputs.clone();
            self.grow_list(k);
        }
        if added.is_empty() {
            return;
        }
        let e = self.alias.entry(key).or_default();
        for b in added {
            if !e.contains(&b) {
                e.push(b);
            }
        }
        crate::evidence::cap_bindings(e, MAX_ALIAS);
    }

    /// `l.append(x)` / `l.extend([…])` / `l.add(x)` / `l.insert(i, x)` on a
    /// name holding a list: the known strings join its values
    /// (`value_set::grow`), so a later `for f in l` walks each of them.
    fn grow_list(&mut self, k: &Site) {
        let Some(o) = k.obj.filter(|o| o.kind_name() == "identifier") else {
            return;
        };
        let name = self.t(o).to_string();
        let held =
            self.lists.contains_key(&name) || matches!(self.conts.get(&name), Some(Val::Seq(_)));
        if !held {
            return;
        }
        let new: Vec<String> = match k.method.as_str() {
            "append" | "add" | "appendleft" => {
                k.arg0.and_then(|a| self.fold(a, 0)).into_iter().collect()
            }
            "insert" => k
                .args
                .get(1)
                .and_then(|a| self.fold(*a, 0))
                .into_iter()
                .collect(),
            "extend" | "update" => k.arg0.map(|a| self.iter_values(a)).unwrap_or_default(),
            _ => Vec::new(),
        };
        if new.is_empty() {
            return;
        }
        let list = self.lists.entry(name.clone()).or_default();
        for v in new {
            crate::extract::value_set::grow(list, v);
        }
        // A set, not a sequence: the order and repeats are not kept, so
        // the list is no longer a literal to join (`"".join(l)`).
        self.conts.remove(&name);
    }
}
