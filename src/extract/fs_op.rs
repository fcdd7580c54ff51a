//! The file-system domain, described once (issue 14, item 4, second domain).
//!
//! `rm -rf`, `shutil.rmtree`, `fs.rmSync(p, {recursive: true})` and
//! `Remove-Item -Recurse` are one operation. A front-end only maps its
//! syntax (argv, call arguments, receivers, PowerShell parameters) into an
//! [`FsOp`]; [`FsOp::lower`] alone decides the evidence: the operation, the
//! SSL `act_type` and `resource_scope`, the path's classification
//! (`indicators::classify_path`, which also names the persistence targets:
//! rc files, cron, LaunchAgents, units, `authorized_keys`, sudoers), the
//! recursive / forced / broad tags, and the `$`-bindings of the content.
//!
//! [`APIS`] names, per language, the APIs and commands of each kind, so
//! adding one is adding a name to a row.

use super::indicators::{classify_path, is_control_target};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::BTreeSet;

/// What a file-system operation does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FsKind {
    /// A file's content read.
    Read,
    /// A folder listed, walked or globbed.
    List,
    /// A file written, appended to or created (`content` in `inputs`).
    Write,
    /// A file or a tree deleted.
    Delete,
    /// Permission bits changed (`mode`).
    Chmod,
    /// Owner or group changed.
    Chown,
    /// A file copied, moved or linked from `path` to `to`.
    Copy,
}

/// One file-system operation, whatever the language wrote it in.
#[derive(Clone, Debug)]
pub struct FsOp {
    pub kind: FsKind,
    /// The path as folded (`~/.ssh/id_rsa`), empty when unknown.
    pub path: String,
    /// `Copy`: the destination.
    pub to: Option<String>,
    /// The whole tree (`rm -r`, `rmtree`, `{recursive: true}`, `-Recurse`).
    pub recursive: bool,
    /// Forced (`-f`, `{force: true}`, `-Force`).
    pub force: bool,
    /// The front-end knows the target is wider than written (a path cut
    /// down to its parent, `--no-preserve-root`).
    pub broad: bool,
    /// `Chmod`: the mode as written; the front-end tags what it means.
    pub mode: Option<String>,
    /// Tags the front-end read off the syntax (setuid and world-writable
    /// modes, a gate).
    pub tags: BTreeSet<Tag>,
    /// Bindings of what the operation consumes: the content written, the
    /// path's own parts.
    pub inputs: Vec<String>,
    /// The binding of what a read produces.
    pub output: Option<String>,
    /// `List`: the name pattern a search matches (`find ~ -name '*.pem'`);
    /// a pattern naming a credential store makes the search a read of
    /// credentials, and the pattern's tags are the search's.
    pub pattern: Option<String>,
    /// A description that differs from the kind's default.
    pub object: Option<String>,
    pub instrument: Option<String>,
}

impl FsOp {
    pub fn new(kind: FsKind, path: impl Into<String>) -> Self {
        FsOp {
            kind,
            path: path.into(),
            to: None,
            recursive: false,
            force: false,
            broad: false,
            mode: None,
            tags: BTreeSet::new(),
            inputs: Vec::new(),
            output: None,
            pattern: None,
            object: None,
            instrument: None,
        }
    }

    /// A copy, move or link of `from` to `to`.
    pub fn copy(from: impl Into<String>, to: impl Into<String>) -> Self {
        let mut op = Self::new(FsKind::Copy, from);
        op.to = Some(to.into());
        op
    }

    crate::extract::step_setters!();

    pub fn recursive(mut self, on: bool) -> Self {
        self.recursive = on;
        self
    }

    pub fn force(mut self, on: bool) -> Self {
        self.force = on;
        self
    }

    /// The evidence of a one-path operation (every kind but `Copy`).
    pub fn lower(self) -> Evidence {
        let (scope, mut tags) = classify_path(&self.path);
        let (op, act, object) = match self.kind {
            FsKind::Read => (Op::FileRead, A::Read, "file read"),
            FsKind::List => (Op::FileRead, A::Read, "file system scan"),
            FsKind::Write => (Op::FileWrite, A::Write, "file write"),
            FsKind::Delete | FsKind::Copy => (Op::FileDelete, A::Write, "file deletion"),
            FsKind::Chmod => (Op::PermChange, A::UpdateState, "chmod"),
            FsKind::Chown => (Op::PermChange, A::UpdateState, "ownership change"),
        };
        let mut scope = scope;
        // A listing of `~`, `/`, a top folder of the home or a secret
        // folder walks the user's data, in every language.
        if self.kind == FsKind::List && wide(&self.path, &tags) {
            tags.insert(Tag::WideScan);
            if scope == R::LocalFs {
                scope = R::UserData;
            }
        }
        let mut target = self.path;
        if let Some(pat) = self.pattern.filter(|_| self.kind == FsKind::List) {
            let (pscope, ptags) = classify_path(pat.trim_matches('*'));
            if pscope == R::Credentials {
                scope = pscope;
            }
            tags.extend(ptags);
            target = format!("{target} {pat}").trim().to_string();
        }
        if self.recursive {
            tags.insert(Tag::Recursive);
        }
        if self.force {
            tags.insert(Tag::ForceFlag);
        }
        if self.broad {
            tags.insert(Tag::BroadTarget);
        }
        tags.extend(self.tags);
        // Round 31: a setuid root shell hidden in a dot folder or named as
        // an interpreter: concealment, whatever wrote the mode.
        if self.kind == FsKind::Chmod && tags.contains(&Tag::Setuid) && hidden_root_shell(&target) {
            tags.insert(Tag::Obfuscated);
        }
        let object = match (self.object, &self.mode) {
            (Some(o), _) => o,
            (None, Some(m)) if self.kind == FsKind::Chmod => format!("chmod {m}"),
            (None, _) => object.to_string(),
        };
        let mut ev = Evidence::new(op, act, scope, target)
            .tags(tags)
            .object(object);
        if let Some(i) = self.instrument {
            ev.instrument = i;
        }
        ev.inputs = self.inputs;
        ev.output = self.output;
        ev
    }

    /// The evidence of a copy, move or link, in every language: a copy of
    /// a secret ([`sensitive`]) is the read of the source, its content
    /// bound to `output` (or to the destination's `$file_…` binding when
    /// the front-end gives none), and the write of the destination, which
    /// takes that binding. A copy onto a control target (an rc file, cron,
    /// the agent's memory) or into a system folder is that write alone. A
    /// copy of `data.json` into `out/` says nothing.
    pub fn lower_copy(self) -> Vec<Evidence> {
        let to = self.to.clone().unwrap_or_default();
        let (fscope, ftags) = classify_path(&self.path);
        let secret = !self.path.is_empty() && sensitive(fscope, &ftags);
        let (_, ttags) = classify_path(&to);
        let placed = !to.is_empty()
            && (is_control_target(&ttags) || to.starts_with("/usr/") || to.starts_with("/etc/"));
        let carried = self.output.clone().unwrap_or_else(|| super::file_bind(&to));
        let mut out = Vec::new();
        if secret {
            let mut r = FsOp::new(FsKind::Read, self.path.clone())
                .object(self.object.clone().unwrap_or_else(|| "file copied".into()))
                .inputs(self.inputs.clone())
                .output(Some(carried.clone()));
            r.instrument = self.instrument.clone();
            out.push(r.lower());
        }
        // Round 31: a program placed on PATH under another tool's name.
        let shadow = super::path_shadow::shadowed(&self.path, &to);
        // Round 39: a copy onto a skill manifest is what that skill's
        // agent obeys next (`skill_manifest::link` asks where it came from).
        let manifest = !secret && !self.path.is_empty() && super::skill_manifest::is_manifest(&to);
        if secret || placed || shadow.is_some() || manifest {
            let mut w = FsOp::new(FsKind::Write, to).object(match shadow {
                Some(t) => format!(
                    "program placed on PATH under the name of `{t}` (runs whenever `{t}` is typed)"
                ),
                None => "file placed".to_string(),
            });
            w.instrument = self.instrument;
            w.inputs = if secret {
                vec![carried]
            } else if manifest && self.inputs.is_empty() {
                vec![super::file_bind(&self.path)]
            } else {
                self.inputs
            };
            let mut ev = w.lower();
            if shadow.is_some() {
                ev.tags.insert(Tag::Masquerade);
            }
            out.push(ev);
        }
        out
    }
}

/// What a permission mode means, whatever the language wrote it in:
/// octal digits (`4755`, `0o4755`, `0777`; a front-end turns a decimal or
/// hex literal into `0o…` first), symbolic clauses (`u+s`, `g+s`, `+s`,
/// `o+w`, `a+rwx`, `o=rw`) or `stat` names (`S_ISUID`, `S_ISGID`,
/// `S_IWOTH`, `S_IRWXO`). The setuid/setgid bits are [`Tag::Setuid`]; the
/// write bit for others is [`Tag::WorldWritable`].
/// Round 31: file capabilities (`setcap`'s text form, `cap_a,cap_b+ep`)
/// that make a program root in all but name: it may change its user id,
/// bypass file permissions, administer the system or trace any process;
/// `=ep`/`all` is every capability.
pub fn root_capability(caps: &str) -> bool {
    const ROOT: &[&str] = &[
        "cap_setuid",
        "cap_setgid",
        "cap_sys_admin",
        "cap_dac_override",
        "cap_dac_read_search",
        "cap_sys_ptrace",
        "cap_sys_module",
        "cap_chown",
        "cap_fowner",
        "cap_setfcap",
        "cap_sys_rawio",
        "all",
    ];
    let l = caps.to_ascii_lowercase();
    l.split(' ').any(|clause| {
        let Some(at) = clause.find(['+', '=']) else {
            return false;
        };
        let (names, flags) = (&clause[..at], &clause[at + 1..]);
        let raises = flags.contains(['e', 'p']) && !clause[at..].starts_with('-');
        raises && (names.is_empty() || names.split(',').any(|n| ROOT.contains(&n.trim())))
    })
}

/// Round 31: a setuid (or root-capability) target that hides or is a
/// shell: a path under a dot folder or a dot file (`~/.local/bin/.devpy`),
/// or an interpreter or shell by name (`/tmp/python3`, `bash`). Whoever
/// runs it gets a root interpreter; nothing a tool needs.
pub fn hidden_root_shell(path: &str) -> bool {
    const SHELLS: &[&str] = &[
        "sh", "bash", "dash", "zsh", "ksh", "fish", "csh", "tcsh", "busybox", "env", "perl",
        "ruby", "node", "php", "lua", "tclsh", "python", "pwsh", "awk", "find", "vim", "vi",
    ];
    path.split_whitespace().any(|p| {
        let p = p.trim_matches(['"', '\'', '`']);
        let hidden = p
            .split('/')
            .any(|c| c.len() > 1 && c.starts_with('.') && c != ".." && !c.starts_with("./"));
        let base = p.rsplit('/').next().unwrap_or(p);
        let stem = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        hidden || SHELLS.contains(&stem)
    })
}

pub fn mode_tags(mode: &str) -> BTreeSet<Tag> {
    let m = mode.trim();
    let mut tags = BTreeSet::new();
    if windows_grant_to_all(m) {
        tags.insert(Tag::WorldWritable);
        return tags;
    }
    if m.contains("S_ISUID") || m.contains("S_ISGID") {
        tags.insert(Tag::Setuid);
    }
    if m.contains("S_IWOTH") || m.contains("S_IRWXO") {
        tags.insert(Tag::WorldWritable);
    }
    let digits = m
        .strip_prefix("0o")
        .or_else(|| m.strip_prefix("0O"))
        .unwrap_or(m);
    if !digits.is_empty() && digits.len() <= 6 && digits.bytes().all(|b| (b'0'..=b'7').contains(&b))
    {
        let v = u32::from_str_radix(digits, 8).unwrap_or(0);
        if v & 0o6000 != 0 {
            tags.insert(Tag::Setuid);
        }
        if v & 0o002 != 0 {
            tags.insert(Tag::WorldWritable);
        }
        return tags;
    }
    for clause in m.split(',') {
        let Some(at) = clause.find(['+', '=']) else {
            continue;
        };
        let (who, perms) = (&clause[..at], &clause[at + 1..]);
        if !who.bytes().all(|b| matches!(b, b'u' | b'g' | b'o' | b'a')) {
            continue;
        }
        if perms.contains('s') && (who.is_empty() || who.contains(['u', 'g', 'a'])) {
            tags.insert(Tag::Setuid);
        }
        if perms.contains('w') && who.contains(['o', 'a']) {
            tags.insert(Tag::WorldWritable);
        }
    }
    tags
}

/// Everyone (or every user) granted write rights by a Windows ACL:
/// `icacls p /grant Everyone:F`, `/grant *S-1-1-0:(OI)(CI)M`, a
/// `FileSystemAccessRule("Everyone", "FullControl", "Allow")`.
fn windows_grant_to_all(m: &str) -> bool {
    let l = m.to_ascii_lowercase();
    if l.contains("deny") {
        return false;
    }
    [
        "everyone",
        "*s-1-1-0",
        "authenticated users",
        "builtin\\users",
    ]
    .iter()
    .filter_map(|who| l.find(who).map(|i| &l[i + who.len()..]))
    .any(|rest| {
        if let Some(perm) = rest.strip_prefix(':') {
            let perm: String = perm
                .split_whitespace()
                .next()
                .unwrap_or("")
                .replace("(oi)", "")
                .replace("(ci)", "")
                .replace("(io)", "")
                .replace("(np)", "");
            perm.contains(['f', 'm', 'w'])
        } else {
            ["fullcontrol", "modify", "write"]
                .iter()
                .any(|r| rest.contains(r))
        }
    })
}

/// A credential store, a browser profile, a wallet or a broad target:
/// what a copy or an archive takes that matters.
pub fn sensitive(scope: R, tags: &BTreeSet<Tag>) -> bool {
    scope == R::Credentials
        || tags.contains(&Tag::BrowserStore)
        || tags.contains(&Tag::Wallet)
        || tags.contains(&Tag::BroadTarget)
}

/// `~`, `/`, `~/x` or a path `classify_path` calls broad: a listing of it
/// walks the user's data.
fn wide(p: &str, tags: &BTreeSet<Tag>) -> bool {
    tags.contains(&Tag::BroadTarget)
        || p == "~"
        || p == "/"
        || p.starts_with("~/") && p.matches('/').count() <= 1
}

/// The APIs and commands of one kind in one language.
#[derive(Clone, Copy, Debug)]
pub struct Api {
    /// "bash", "python", "python-path" (a `pathlib.Path` method, by its
    /// name), "javascript" (a member of `fs`, `fs/promises`, `fs-extra`),
    /// "powershell".
    pub lang: &'static str,
    pub kind: FsKind,
    /// Whether the API deletes (or walks) the whole tree by itself.
    pub recursive: bool,
    pub names: &'static [&'static str],
}

const fn api(
    lang: &'static str,
    kind: FsKind,
    recursive: bool,
    names: &'static [&'static str],
) -> Api {
    Api {
        lang,
        kind,
        recursive,
        names,
    }
}

/// Per language, which names do what; the first row naming a name wins.
pub const APIS: &[Api] = &[
    // Python: functions resolved through imports.
    api(
        "python",
        FsKind::Read,
        false,
        &[
            "open",
            "io.open",
            "codecs.open",
            // Round 23: a mail store opened whole (`mailbox.mbox(path)`).
            "mailbox.mbox",
            "mailbox.Maildir",
            "mailbox.MH",
            "mailbox.MMDF",
            "mailbox.Babyl",
        ],
    ),
    api(
        "python",
        FsKind::Delete,
        true,
        &["shutil.rmtree", "os.removedirs"],
    ),
    api(
        "python",
        FsKind::Delete,
        false,
        &["os.remove", "os.unlink", "os.rmdir"],
    ),
    api(
        "python",
        FsKind::Copy,
        false,
        &[
            "shutil.move",
            "shutil.copy",
            "shutil.copy2",
            "shutil.copyfile",
            "shutil.copytree",
            "os.symlink",
            "os.link",
        ],
    ),
    api(
        "python",
        FsKind::List,
        false,
        &[
            "os.walk",
            "os.listdir",
            "os.scandir",
            "glob.glob",
            "glob.iglob",
        ],
    ),
    api("python", FsKind::Chmod, false, &["os.chmod", "os.lchmod"]),
    // Python: `pathlib.Path` methods.
    api(
        "python-path",
        FsKind::Read,
        false,
        &["read_text", "read_bytes"],
    ),
    api(
        "python-path",
        FsKind::Write,
        false,
        &["write_text", "write_bytes"],
    ),
    api("python-path", FsKind::Delete, false, &["unlink", "rmdir"]),
    api("python-path", FsKind::Chmod, false, &["chmod", "lchmod"]),
    api(
        "python-path",
        FsKind::List,
        false,
        &["rglob", "glob", "iterdir"],
    ),
    // JavaScript: members of `fs`, `fs/promises`, `fs-extra`.
    api(
        "javascript",
        FsKind::Read,
        false,
        &[
            "readFile",
            "readFileSync",
            "createReadStream",
            "readJson",
            "readJSON",
            "readJsonSync",
            "readJSONSync",
            "readlink",
            "readlinkSync",
        ],
    ),
    api(
        "javascript",
        FsKind::List,
        false,
        &[
            "readdir",
            "readdirSync",
            "opendir",
            "opendirSync",
            "glob",
            "globSync",
        ],
    ),
    api(
        "javascript",
        FsKind::Write,
        false,
        &[
            "writeFile",
            "writeFileSync",
            "appendFile",
            "appendFileSync",
            "outputFile",
            "outputFileSync",
            "writeJson",
            "writeJSON",
            "writeJsonSync",
            "writeJSONSync",
            "outputJson",
            "outputJsonSync",
            "createWriteStream",
        ],
    ),
    api(
        "javascript",
        FsKind::Delete,
        true,
        &["remove", "removeSync", "emptyDir", "emptyDirSync"],
    ),
    api(
        "javascript",
        FsKind::Delete,
        false,
        &["rm", "rmSync", "unlink", "unlinkSync", "rmdir", "rmdirSync"],
    ),
    api(
        "javascript",
        FsKind::Chmod,
        false,
        &["chmod", "chmodSync", "lchmod", "lchmodSync"],
    ),
    api(
        "javascript",
        FsKind::Chown,
        false,
        &["chown", "chownSync", "lchown", "lchownSync"],
    ),
    api(
        "javascript",
        FsKind::Copy,
        false,
        &[
            "copyFile",
            "copyFileSync",
            "cp",
            "cpSync",
            "copy",
            "copySync",
            "rename",
            "renameSync",
            "move",
            "moveSync",
            "symlink",
            "symlinkSync",
        ],
    ),
    // PowerShell cmdlets and their aliases (lower case).
    api(
        "powershell",
        FsKind::Delete,
        false,
        &["remove-item", "rm", "del", "erase", "rd", "rmdir", "ri"],
    ),
    api(
        "powershell",
        FsKind::Read,
        false,
        &["get-content", "gc", "cat", "type"],
    ),
    api(
        "powershell",
        FsKind::Copy,
        false,
        &["copy-item", "cp", "copy"],
    ),
    api(
        "powershell",
        FsKind::Write,
        false,
        &["set-content", "add-content", "out-file", "sc", "ac"],
    ),
    api(
        "powershell",
        FsKind::List,
        false,
        &["get-childitem", "gci", "ls", "dir"],
    ),
    api(
        "powershell",
        FsKind::Chmod,
        false,
        &["icacls", "cacls", "set-acl"],
    ),
    // JavaScript: glob modules (round 33): a listing of what the pattern
    // matches (`fg.sync(["**/.env*"])`, `globSync("**/*.pem")`).
    api(
        "javascript-module",
        FsKind::List,
        false,
        &[
            "glob",
            "glob.sync",
            "glob.glob",
            "glob.globSync",
            "glob.globIterate",
            "glob.globIterateSync",
            "fast-glob",
            "fast-glob.sync",
            "fast-glob.glob",
            "fast-glob.globSync",
            "fast-glob.async",
            "fast-glob.stream",
            "globby",
            "globby.globby",
            "globby.globbySync",
            "globby.sync",
            "tiny-glob",
            "tiny-glob.sync",
        ],
    ),
    // JavaScript: whole-module deleters (`rimraf(p)`, `del(p)`).
    api(
        "javascript-module",
        FsKind::Delete,
        true,
        &["rimraf", "rimraf.sync", "rimraf.rimraf", "del", "del.sync"],
    ),
];

/// The row naming `name` in `lang`.
/// Deletions of each entry a file-system walk yields, in a loop over the
/// walk (`for p in Path.home().rglob("*.csv"): p.unlink()`, `for (const f
/// of glob.sync("**/*.csv", {cwd: os.homedir()})) fs.unlinkSync(f)`): the
/// loop variable `var` is every file the walk finds, so a deletion of it
/// deletes what the walk covers. When the walk is broad (the home folder,
/// a user folder, the disk) the deletion is too. `walk_from..body_from`
/// is the evidence of the loop's iterable, `body_from..` its body.
pub fn walked_deletes(items: &mut [Evidence], walk_from: usize, body_from: usize, var: &str) {
    let body_from = body_from.min(items.len());
    let Some(walk) = items[walk_from.min(body_from)..body_from]
        .iter()
        .rfind(|e| e.op == Op::FileRead && e.object == "file system scan")
    else {
        return;
    };
    if !(walk.has(Tag::BroadTarget) || walk.scope == R::UserData) {
        return;
    }
    let (root, scope, snippet) = (walk.target.clone(), walk.scope, walk.snippet.clone());
    for e in items[body_from..]
        .iter_mut()
        .filter(|e| e.op == Op::FileDelete && e.target == var)
    {
        e.target = root.clone();
        e.scope = scope;
        e.tags.remove(&Tag::OwnArea);
        e.tags.insert(Tag::BroadTarget);
        e.tags.insert(Tag::Recursive);
        e.object = format!("deletion of every file a walk of {root} finds ({snippet})");
    }
}

pub fn api_of(lang: &str, name: &str) -> Option<Api> {
    APIS.iter()
        .find(|a| a.lang == lang && a.names.contains(&name))
        .copied()
}

/// The kind of `name` in `lang`.
pub fn kind_of(lang: &str, name: &str) -> Option<FsKind> {
    api_of(lang, name).map(|a| a.kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_lowering_for_every_kind() {
        let d = FsOp::new(FsKind::Delete, "~/.ssh")
            .recursive(true)
            .force(true)
            .lower();
        assert_eq!((d.op, d.act), (Op::FileDelete, A::Write));
        assert!(d.has(Tag::Recursive) && d.has(Tag::ForceFlag));
        assert_eq!(d.scope, R::Credentials);
        let w = FsOp::new(FsKind::Write, "~/.bashrc")
            .inputs(vec!["$x".into()])
            .lower();
        assert!(w.has(Tag::RcFile) && w.inputs == vec!["$x".to_string()]);
        let l = FsOp::new(FsKind::List, "~/Documents").lower();
        assert!(l.has(Tag::WideScan) && l.scope == R::UserData);
        let s = FsOp::new(FsKind::List, "~/.ssh").lower();
        assert!(s.has(Tag::WideScan) && s.scope == R::Credentials);
        assert!(!FsOp::new(FsKind::List, "./data").lower().has(Tag::WideScan));
        let mut c = FsOp::new(FsKind::Chmod, "/usr/bin/x");
        c.mode = Some("4755".into());
        assert_eq!(c.lower().object, "chmod 4755");
    }

    #[test]
    fn a_search_pattern_naming_a_secret_reads_credentials() {
        let mut f = FsOp::new(FsKind::List, "~");
        f.pattern = Some("id_rsa*".into());
        let f = f.lower();
        assert_eq!((f.scope, f.target.as_str()), (R::Credentials, "~ id_rsa*"));
        let mut g = FsOp::new(FsKind::List, "src");
        g.pattern = Some("*.py".into());
        assert_ne!(g.lower().scope, R::Credentials);
    }

    #[test]
    fn a_copy_binds_the_read_into_the_write() {
        let mut c = FsOp::copy("~/.aws/credentials", "/tmp/c");
        c.output = Some("$copy_1".into());
        let ev = c.lower_copy();
        assert_eq!(ev.len(), 2);
        assert_eq!(ev[0].output.as_deref(), Some("$copy_1"));
        assert_eq!(ev[1].inputs, vec!["$copy_1".to_string()]);
        assert!(
            FsOp::copy("data.json", "out/data.json")
                .lower_copy()
                .is_empty()
        );
        let placed = FsOp::copy("hook.sh", "~/.bashrc").lower_copy();
        assert_eq!((placed.len(), placed[0].op), (1, Op::FileWrite));
        let bare = FsOp::copy("~/.ssh/id_rsa", "/tmp/k").lower_copy();
        assert_eq!(bare[0].output.as_deref(), Some("$file_/tmp/k"));
        assert_eq!(bare[1].inputs, vec!["$file_/tmp/k".to_string()]);
    }

    #[test]
    fn a_mode_means_the_same_in_every_spelling() {
        let t = |m: &str| {
            let v = mode_tags(m);
            (v.contains(&Tag::Setuid), v.contains(&Tag::WorldWritable))
        };
        for m in [
            "4755",
            "0o4755",
            "02755",
            "u+s",
            "g+s",
            "+s",
            "stat.S_ISUID | 0o755",
        ] {
            assert_eq!(t(m), (true, false), "{m}");
        }
        for m in [
            "777", "0777", "0o666", "1777", "o+w", "a+rwx", "o=rw", "S_IWOTH",
        ] {
            assert_eq!(t(m), (false, true), "{m}");
        }
        for m in [
            "644", "0o644", "0o600", "0o755", "755", "+x", "u+rw", "go-w", "0o640",
        ] {
            assert_eq!(t(m), (false, false), "{m}");
        }
    }

    #[test]
    fn table_rows() {
        assert_eq!(kind_of("python", "shutil.rmtree"), Some(FsKind::Delete));
        assert!(api_of("python", "shutil.rmtree").is_some_and(|a| a.recursive));
        assert_eq!(kind_of("python-path", "rglob"), Some(FsKind::List));
        assert_eq!(kind_of("javascript", "readdirSync"), Some(FsKind::List));
        assert_eq!(kind_of("javascript", "chownSync"), Some(FsKind::Chown));
        assert!(kind_of("python", "os.getcwd").is_none());
    }
}
