//! Round 32 (impact32): a tree or file delete in the token-level languages
//! (Ruby, Perl, PHP, Go, Rust, Lua) whose path is written inline as the home
//! folder joined with a literal — `FileUtils.rm_rf(File.join(Dir.home,
//! "Documents"))`, `rmtree("$ENV{HOME}/Documents")`, `os.RemoveAll(
//! filepath.Join(os.Getenv("HOME"), "Pictures"))`, `unlink(getenv('HOME') .
//! '/.ssh/id_rsa')`, `File.expand_path("~/Documents")` — or a repository's
//! `.git` folder joined to any root (`File.join(root, ".git")`). The
//! token-level flow (`token_flow.rs`) follows the home folder through the
//! names a file assigns; an inline join names no variable, so it was no
//! delete at all. The folded path goes through the one file-system lowering
//! (`fs_op::FsOp::lower`), so `~/Documents` is the broad delete every
//! parsed language reports and `$root/.git` the recursive delete of a
//! repository's history.

use super::fs_op::{FsKind, FsOp};
use super::{Sink, Src};

/// Deletes, every token-level language; group `t` marks a tree delete.
static DELETE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\b(?:(?P<t>FileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry(?:_secure)?|rmtree)|FileUtils\.rm|File::Path::rmtree|remove_tree|rmtree|os\.RemoveAll|fs::remove_dir_all|remove_dir_all|rrmdir|deltree|Filesystem->remove)|File\.delete|File\.unlink|os\.Remove|fs::remove_file|unlink|os\.remove|rmdir)\b\s*\(?",
);

/// The home folder written inline, in each language.
const HOME: &str = r#"(?:Dir\.home(?:\(\))?|ENV\[\s*['"]HOME['"]\s*\]|ENV\.fetch\(\s*['"]HOME['"]\s*\)|\$ENV\{\s*['"]?HOME['"]?\s*\}|getenv\(\s*['"]HOME['"]\s*\)|\$_SERVER\[\s*['"]HOME['"]\s*\]|os\.Getenv\(\s*"HOME"\s*\)|os\.getenv\(\s*['"]HOME['"]\s*\)|File::HomeDir->my_home|File\.expand_path\(\s*['"]~['"]\s*\))"#;

/// A home-rooted path: joined (`File.join(H, "a", "b")`, `catfile(H,
/// 'a')`, `filepath.Join(H, "a")`), concatenated (`H + "/a"`, `H .
/// '/a'`, `H .. "/a"`), interpolated (`"#{H}/a"`, `"$ENV{HOME}/a"`), or a
/// `~` path expanded (`File.expand_path("~/a")`). Group `r` is the rest.
static HOME_PATH: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    crate::rx::re(&format!(
        r##"(?:File\.join|catfile|catdir|File::Spec->cat(?:file|dir)|filepath\.Join|path\.join|Path::new)\s*\(\s*{HOME}\s*\)?\s*,\s*(?P<r>['"][^)\n]*)|{HOME}\s*(?:\+|\.\.|\.)\s*(?P<r2>['"]/?[^'"\n]+['"])|"#\{{\s*{HOME}\s*\}}(?P<r3>/[^"\n]*)"|"\$ENV\{{HOME\}}(?P<r4>/[^"\n]*)"|File\.expand_path\(\s*['"]~(?P<r5>/[^'"\n]*)['"]|^\s*{HOME}\s*[),;\s]"##
    ))
});

/// A `.git` folder joined to any root (`File.join(root, ".git")`, `root +
/// "/.git"`, `"#{root}/.git"`).
static GIT_DIR: crate::rx::Lazy = crate::rx::Lazy::new(
    r##"(?:File\.join|catdir|File::Spec->catdir|filepath\.Join|path\.join)\s*\(\s*\$?(?P<v>[A-Za-z_][\w.]*)\s*,\s*['"]\.git['"]\s*\)|\$?(?P<v2>[A-Za-z_]\w*)\s*(?:\+|\.\.|\.)\s*['"]/\.git['"]|"(?:#\{|\$\{?)(?P<v3>[A-Za-z_]\w*)\}?/\.git""##,
);

/// The literal segments of the rest of a joined path, as a path; `None`
/// when a variable segment follows (a narrower place, not known here).
fn segments(rest: &str) -> Option<String> {
    let mut out = String::new();
    let mut quote = None;
    let mut cur = String::new();
    for c in rest.chars() {
        match quote {
            Some(q) if c == q => {
                let seg = cur.trim_matches('/');
                if !seg.is_empty() {
                    out.push('/');
                    out.push_str(seg);
                }
                cur.clear();
                quote = None;
            }
            Some(_) => cur.push(c),
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == ')' || c == ';' || c == '\n' => break,
            None if c.is_alphanumeric() || c == '$' || c == '@' => return None,
            None => {}
        }
    }
    Some(out)
}

/// The path a delete's arguments name, when it is one of this module's.
fn path_of(args: &str) -> Option<String> {
    if let Some(h) = HOME_PATH
        .captures(args)
        .filter(|h| h.get(0).is_some_and(|g| g.start() < 4))
    {
        let rest = if let Some(r) = h.name("r").or_else(|| h.name("r2")) {
            segments(r.as_str())?
        } else if let Some(r) = ["r3", "r4", "r5"].iter().find_map(|g| h.name(g)) {
            let r = r.as_str().trim_end_matches('/');
            if r.contains(['$', '#', '{']) {
                return None;
            }
            r.to_string()
        } else {
            String::new()
        };
        return Some(format!("~{rest}"));
    }
    let g = GIT_DIR
        .captures(args)
        .filter(|g| g.get(0).is_some_and(|x| x.start() < 4))?;
    let v = ["v", "v2", "v3"]
        .iter()
        .find_map(|n| g.name(n))
        .map_or("root", |v| v.as_str());
    Some(format!("${v}/.git"))
}

/// Adds the deletes of inline home-rooted paths and `.git` folders.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !DELETE.is_match(text) {
        return;
    }
    let sites: Vec<_> = DELETE.captures_iter(text).collect();
    if sites.len() > crate::limits::REGION_MAX_SITES {
        crate::limits::gave_up("REGION_MAX_SITES");
    }
    for c in sites.iter().take(crate::limits::REGION_MAX_SITES) {
        let Some(m) = c.get(0) else { continue };
        let (ls, le) = super::region::line_span(text, m.start());
        let t = text[ls..le].trim_start();
        if t.starts_with('#') || t.starts_with("//") || t.starts_with("--") {
            continue;
        }
        let args = &text[m.end()..le];
        let tree = c.name("t").is_some();
        let Some(path) = path_of(args) else {
            continue;
        };
        let mut op = FsOp::new(FsKind::Delete, &path).recursive(tree || path.ends_with("/.git"));
        op.instrument = Some(m.as_str().trim_end_matches(['(', ' ']).to_string());
        sink.push(src.at(op.lower(), ls + (text[ls..le].len() - t.len()), le, "code"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::{Op, Tag};

    fn run(path: &str, text: &str) -> Vec<crate::evidence::Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn inline_home_paths_are_deletes_of_the_home() {
        for (p, c, want) in [
            (
                "a.rb",
                "FileUtils.rm_rf(File.join(Dir.home, \"Documents\"))\n",
                "~/Documents",
            ),
            (
                "a.rb",
                "FileUtils.rm_rf(Dir.home + \"/Documents\")\n",
                "~/Documents",
            ),
            (
                "a.rb",
                "FileUtils.rm_rf \"#{Dir.home}/Documents\"\n",
                "~/Documents",
            ),
            (
                "a.rb",
                "FileUtils.rm_rf(File.expand_path(\"~/Documents\"))\n",
                "~/Documents",
            ),
            ("a.pl", "rmtree(\"$ENV{HOME}/Documents\");\n", "~/Documents"),
            (
                "a.go",
                "os.RemoveAll(filepath.Join(os.Getenv(\"HOME\"), \"Pictures\"))\n",
                "~/Pictures",
            ),
            (
                "a.php",
                "unlink(getenv('HOME') . '/.ssh/id_rsa');\n",
                "~/.ssh/id_rsa",
            ),
            (
                "a.rb",
                "FileUtils.rm_rf(File.join(root, \".git\"))\n",
                "$root/.git",
            ),
        ] {
            let ev = run(p, c);
            assert!(
                ev.iter()
                    .any(|e| e.op == Op::FileDelete && e.target == want),
                "{p}: {c}: {ev:#?}"
            );
        }
        let docs = run(
            "a.rb",
            "FileUtils.rm_rf(File.join(Dir.home, \"Documents\"))\n",
        );
        assert!(docs.iter().any(|e| e.has(Tag::BroadTarget)), "{docs:#?}");
    }

    #[test]
    fn other_paths_are_left_to_the_flow() {
        for c in [
            "FileUtils.rm_rf(File.join(Dir.home, \".cache\", name))\n",
            "FileUtils.rm_rf(File.join(tmp, \"build\"))\n",
            "# FileUtils.rm_rf(File.join(Dir.home, \"Documents\"))\n",
        ] {
            let ev = run("a.rb", c);
            assert!(!ev.iter().any(|e| e.has(Tag::BroadTarget)), "{c}: {ev:#?}");
        }
    }
}

/// Whether a delete's target is a repository's `.git` folder: the last
/// segment of a folded path (`$root/.git`, `.git`), or the last literal of
/// a join the front-end kept unresolved (`os.path.join(root, ".git")`,
/// `path.join(dir, '.git')`).
fn git_dir(target: &str) -> bool {
    let t = target.trim().trim_end_matches('/');
    t == ".git"
        || t.ends_with("/.git")
        || t.ends_with("\\.git")
        || t.trim_end_matches(')')
            .trim_end()
            .strip_suffix(".git\"")
            .or_else(|| t.trim_end_matches(')').trim_end().strip_suffix(".git'"))
            .is_some_and(|h| h.ends_with('"') || h.ends_with('\'') || h.ends_with('/'))
}

/// Round 32: a repository's `.git` folder deleted is its history thrown
/// away, in every language (`rm -rf .git`, `shutil.rmtree(os.path.join(root,
/// ".git"))`, `FileUtils.rm_rf(File.join(root, ".git"))`): the deletes of
/// `src` (sink items from `from` on) that target one are tagged
/// [`Tag::GitHistory`] (SK-DEST-002).
pub fn mark_git_dirs(src: &Src, sink: &mut Sink, from: usize) {
    for e in sink.items[from..].iter_mut() {
        if e.op == crate::evidence::Op::FileDelete
            && e.location.path == src.path
            && !e.has(crate::evidence::Tag::GitHistory)
            && git_dir(&e.target)
        {
            e.tags.insert(crate::evidence::Tag::GitHistory);
        }
    }
}

#[cfg(test)]
mod git_tests {
    #[test]
    fn git_folders_in_every_spelling() {
        for t in [
            ".git",
            "$root/.git",
            "./.git/",
            "os.path.join(root, \".git\")",
            "path.join(dir, '.git')",
            "~/proj/.git",
        ] {
            assert!(super::git_dir(t), "{t}");
        }
        for t in [
            ".github",
            "$root/.gitignore",
            "os.path.join(root, \".gitkeep\")",
            "repo.git",
            "$root/.git/hooks/pre-commit",
        ] {
            assert!(!super::git_dir(t), "{t}");
        }
    }
}
