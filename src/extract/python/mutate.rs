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
use tree_sitter::Node;

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
    // Round 35: a request carries the headers and cookies set on it.
    "add_header",
    "add_unredirected_header",
    "putheader",
    "set_cookie",
];

/// Round 27: methods that write their arguments into the stream, archive
/// or table they are called on (`buf.write(x)`, `z.write(path)`,
/// `z.writestr(name, data)`, `tar.add(path)`, `w.writerow(row)`): the
/// receiver then carries what was written, as a list carries what was
/// appended.
const WRITERS: &[&str] = &[
    "write",
    "writestr",
    "writelines",
    "writerow",
    "writerows",
    "addfile",
    "dump",
];

/// Round 27: constructors of a writer over a buffer or file object the
/// code holds (`zipfile.ZipFile(buf, "w")`, `tarfile.open(fileobj=buf,
/// mode="w:gz")`, `gzip.GzipFile(fileobj=buf)`, `csv.writer(out)`): what
/// is written through the writer lands in that object. The object is the
/// first positional argument or the keyword named here.
const WRITER_CTORS: &[&str] = &[
    "zipfile.ZipFile",
    "tarfile.open",
    "tarfile.TarFile",
    "gzip.GzipFile",
    "gzip.open",
    "bz2.BZ2File",
    "bz2.open",
    "lzma.LZMAFile",
    "lzma.open",
    "csv.writer",
    "csv.DictWriter",
    "io.TextIOWrapper",
    "io.BufferedWriter",
    "pickle.Pickler",
];
/// The archive writers among them: each member added is a file read.
const ARCHIVERS: &[&str] = &["zipfile.ZipFile", "tarfile.open", "tarfile.TarFile"];
const WRITER_KWARGS: &[&str] = &["fileobj", "file", "f", "stream"];

/// Round 27: functions that write a value into a stream they are given
/// (`json.dump(obj, buf)`, `pickle.dump(obj, buf)`, `shutil.copyfileobj(src,
/// buf)`, `print(x, file=buf)`): the name, the stream's position, and the
/// keyword it may be passed by.
const DUMPS_INTO: &[(&str, usize, &str)] = &[
    ("json.dump", 1, "fp"),
    ("pickle.dump", 1, "file"),
    ("marshal.dump", 1, "file"),
    ("yaml.dump", 1, "stream"),
    ("yaml.safe_dump", 1, "stream"),
    ("toml.dump", 1, "f"),
    ("shutil.copyfileobj", 1, "fdst"),
    ("print", usize::MAX, "file"),
];

impl Py<'_, '_> {
    /// `name = CTOR(obj, …)` or `with CTOR(obj) as name`, for a writer
    /// constructor of [`WRITER_CTORS`]: `name` writes into `obj`.
    pub(super) fn note_writer(&mut self, name: &str, right: Node) {
        let key = format!("${name}");
        let target = (right.kind_name() == "call")
            .then(|| right.child_by_field_name("function"))
            .flatten()
            .filter(|f| {
                let (n, computed) = self.callee(*f, 0);
                !computed && WRITER_CTORS.contains(&n.as_str())
            })
            .and_then(|_| {
                WRITER_KWARGS
                    .iter()
                    .find_map(|k| self.kwarg(right, k))
                    .or_else(|| self.args(right).first().copied())
            })
            .and_then(|o| self.receiver_key(o));
        // A zip or tar writer reads each file it is given (`z.write(path)`,
        // `t.add(path)`), whatever it writes into.
        let archive = (right.kind_name() == "call")
            .then(|| right.child_by_field_name("function"))
            .flatten()
            .is_some_and(|f| {
                let (n, computed) = self.callee(f, 0);
                !computed && ARCHIVERS.contains(&n.as_str())
            });
        if archive {
            self.archivers.insert(key.clone());
        } else {
            self.archivers.remove(&key);
        }
        match target {
            Some(t) if t != key => {
                self.wraps.insert(key, vec![t]);
            }
            _ => {
                self.wraps.remove(&key);
            }
        }
    }

    /// The binding a receiver is known by: `$x` for a name, `$o.k` for an
    /// attribute of a named object.
    fn receiver_key(&self, o: Node) -> Option<String> {
        match o.kind_name() {
            "identifier" => Some(format!("${}", self.t(o))),
            _ => self.attr_key(o),
        }
    }

    /// Records what a receiver-changing call put into its receiver; a
    /// `x.read(paths)` of credential files (a configparser loading
    /// `~/.aws/credentials`) is a read of the riskiest of them.
    pub(super) fn call_mutates(&mut self, k: &mut Site) {
        // `json.dump(obj, buf)`: the stream named by position or keyword.
        let dumped = DUMPS_INTO
            .iter()
            .find(|(n, _, _)| !k.computed && k.name == *n)
            .and_then(|(_, pos, kw)| self.kwarg(k.c, kw).or_else(|| k.args.get(*pos).copied()))
            .and_then(|o| self.receiver_key(o));
        let is_dump = dumped.is_some();
        // A module is no stream (`yaml.dump(x)` returns the text).
        let module = k
            .obj
            .is_some_and(|o| o.kind_name() == "identifier" && self.imports.contains_key(self.t(o)));
        // `d.update(x)`, or `self.headers.update(x)` (then `$self.headers`).
        let Some(key) = dumped.or_else(|| k.obj.and_then(|o| self.receiver_key(o))) else {
            return;
        };
        let mut added = Vec::new();
        if matches!(k.method.as_str(), "write" | "add") && self.archivers.contains(&key) {
            // The member's file is read into the archive.
            if let Some(a) = k.arg0 {
                let p = self.path_of(a).unwrap_or_else(|| self.t(a).to_string());
                let name = k.name.clone();
                self.file_op(Op::FileRead, &p, k.c, Vec::new(), k.cx, &name);
                k.inputs
                    .extend(self.call_bind.get(&k.c.start_byte()).cloned());
            }
        }
        if k.method == "read" && k.obj.is_some() {
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
        } else if is_dump || !module && WRITERS.contains(&k.method.as_str()) {
            added = k.inputs.clone();
            added.retain(|b| b != &key);
        }
        if added.is_empty() {
            return;
        }
        // The receiver, and what it writes into (a zip writer over a
        // buffer, a gzip stream over a file object), a few levels deep.
        let mut keys = vec![key];
        let mut i = 0;
        while i < keys.len() && keys.len() < 4 {
            for w in self.wraps.get(&keys[i]).into_iter().flatten() {
                if !keys.contains(w) {
                    keys.push(w.clone());
                }
            }
            i += 1;
        }
        for key in keys {
            let e = self.alias.entry(key).or_default();
            for b in &added {
                if !e.contains(b) {
                    e.push(b.clone());
                }
            }
            crate::evidence::cap_bindings(e, MAX_ALIAS);
        }
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
