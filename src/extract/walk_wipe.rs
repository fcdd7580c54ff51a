//! Broad destruction by scope (round 20), at token level for every
//! language but the shell (whose `find ROOT … -delete`, `rm -rf ROOT` and
//! `: > "$f"` go through its program table with the root resolved): a walk
//! of a folder tree (`File::Find`'s `find`, `Find.find`, `Dir.glob('**')`,
//! `filepath.Walk`, `os.walk`, `rglob`, `readdirSync(…, {recursive})`,
//! `Get-ChildItem -Recurse`, `RecursiveDirectoryIterator`, `WalkDir::new`)
//! rooted at the home folder or the disk, whose body deletes, truncates or
//! overwrites what it visits (`unlink`, `truncate`, `os.Remove`,
//! `File.delete`, `fs.rmSync`, `writeFileSync`, `Remove-Item`,
//! `Clear-Content`), is a deletion of everything the walk covers: the same
//! evidence `rm -rf ~` gives (broad, recursive). A filter that narrows the
//! walk to a kind of file (`/\.log$/`, `.endswith('.tmp')`, `-Filter`,
//! `*.cache`) or a root below the home folder (`"$ENV{HOME}/.cache/app"`,
//! `os.path.join(home, '.cache')`) is the skill's own housekeeping and
//! stays as the per-language readers see it. The body is the reach of the
//! loops over the walk (round 22, `region.rs`: the walk's statement with
//! the block it opens, later loops over the name it assigns, and the local
//! functions they call), at any distance; the root is read in those loops
//! (not in the helpers).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use aho_corasick::AhoCorasick;
use std::sync::LazyLock;

/// Spellings of a walk over a folder tree.
const WALKS: &[&str] = &[
    "find({",
    "find(sub",
    "find(\\&",
    "finddepth(",
    "Find.find(",
    "filepath.Walk(",
    "filepath.WalkDir(",
    "os.walk(",
    ".rglob(",
    "WalkDir::new(",
    "RecursiveDirectoryIterator(",
    "readdirSync(",
    "lfs.dir(",
];

/// PowerShell's listing commands, a walk with `-Recurse` (not `Remove-Item
/// -Recurse`, which deletes one named tree).
const PS_LISTINGS: &[&str] = &["Get-ChildItem", "gci ", "dir ", "ls "];

/// Whether a line starts a walk.
fn walk_line(l: &str) -> bool {
    WALKS.iter().any(|w| l.contains(w))
        || l.contains("-Recurse") && PS_LISTINGS.iter().any(|p| l.contains(p))
}

/// The home folder or the disk root as a walk's root.
const ROOTS: &[&str] = &[
    "$ENV{HOME}",
    "$ENV{'HOME'}",
    "$ENV{\"HOME\"}",
    "Dir.home",
    "ENV['HOME']",
    "ENV[\"HOME\"]",
    "os.UserHomeDir()",
    "Path.home()",
    "os.homedir()",
    "expanduser('~')",
    "expanduser(\"~\")",
    "$env:USERPROFILE",
    "$env:HOME",
    "$HOME",
    "getenv('HOME')",
    "getenv(\"HOME\")",
    "os.getenv(\"HOME\")",
    "os.getenv('HOME')",
    "dirs::home_dir()",
    "File.expand_path('~')",
    "File.expand_path(\"~\")",
];

/// Deleting, truncating or overwriting what the walk visits.
const DESTROYS: &[&str] = &[
    "truncate(",
    "truncate ",
    "unlink(",
    "unlink ",
    "File.delete(",
    "FileUtils.rm",
    "os.Remove(",
    "os.RemoveAll(",
    "os.Truncate(",
    "rmSync(",
    "unlinkSync(",
    "truncateSync(",
    "writeFileSync(",
    "fs.rm(",
    "Remove-Item",
    "Clear-Content",
    "os.remove(",
    "shutil.rmtree(",
    "remove_file(",
    // Round 37: emptied in place (Rust `set_len(0)`, Go's `O_TRUNC` open).
    "set_len(0)",
    "O_TRUNC",
];

/// One automaton for a list of literals (none holds a line break).
fn automaton(lits: &[&str]) -> AhoCorasick {
    debug_assert!(lits.iter().all(|l| !l.contains(['\n', '\r'])));
    AhoCorasick::new(lits).expect("literal list")
}

/// A filter that narrows the walk to a kind of file.
const NARROWS: &[&str] = &[
    "\\.",
    "*.",
    ".endswith(",
    "end_with?(",
    "HasSuffix(",
    "extname(",
    ".suffix",
    "-Filter",
    "-Include",
    ".Extension",
    "ends_with(",
];

/// Round 30: the user's own document folders under home: a walk of one
/// of them (`"$ENV{HOME}/Documents"`, `File.join(Dir.home, "Pictures")`)
/// covers the user's files as a walk of home does.
const USER_FOLDERS: &[&str] = &[
    "Documents",
    "Desktop",
    "Pictures",
    "Photos",
    "Music",
    "Movies",
    "Videos",
    "Dropbox",
    "OneDrive",
];

/// Whether `after` (what follows a home root) names one of the user's
/// document folders and nothing below it.
fn user_folder(after: &str) -> bool {
    let rest = after
        .trim_start_matches(['/', '\\', ',', ' ', '+', '.'])
        .trim_start_matches("join(")
        .trim_start_matches(['"', '\'', ' ']);
    USER_FOLDERS.iter().any(|f| {
        rest.strip_prefix(f).is_some_and(|r| {
            // The folder itself (`…/Documents"`, `…/Documents/"`), not a
            // path below it (`…/Documents/notes`).
            let r = r.trim_start_matches('/');
            r.is_empty() || r.starts_with(['"', '\'', ')', ',', ';', ' '])
        })
    })
}

/// A root spelling used as the whole root, not as the head of a path
/// below it (`"$ENV{HOME}/.cache"`, `join(home, '.cache')`, `home / 'x'`);
/// a document folder of the user's (`"$ENV{HOME}/Documents"`) counts as
/// the whole root.
fn whole_root(line: &str, at: usize, len: usize) -> bool {
    let after = line[at + len..].trim_start();
    let head = line[..at].trim_end();
    if user_folder(after) {
        return true;
    }
    !(after.starts_with('/')
        || after.starts_with('+')
        || after.starts_with(".join")
        || after.starts_with(", '")
        || after.starts_with(", \"")
        || after.starts_with(",'")
        || after.starts_with(",\"")
        || head.ends_with("join(")
        || head.ends_with("Join("))
}

/// Round 37: names that stand for one of the user's document folders: the
/// variable of a loop over a list literal of them (`for sub in
/// ["Documents", "Desktop", "Pictures"]`, `for _, d := range
/// []string{"Documents", …}`, `%w[Documents Desktop].each do |d|`), also
/// when the list is assigned to a name first and a later loop goes over
/// that name. A walk rooted at home joined with such a name
/// (`home.join(sub)`, `filepath.Join(home, d)`, `"$ENV{HOME}/$d"`) covers
/// the user's files as a walk of home does.
fn folder_names(lines: &[&str]) -> Vec<String> {
    static LOOP_VAR: crate::rx::Lazy = crate::rx::Lazy::new(
        r"\bfor\s*\(?\s*(?:const|let|var|my)?\s*\$?([A-Za-z_]\w*)\s+(?:in|of)\b|\bfor\s+[A-Za-z_]\w*\s*,\s*([A-Za-z_]\w*)\s*:=\s*range\b|\|\s*([A-Za-z_]\w*)\s*\||\bas\s+\$([A-Za-z_]\w*)|\bforEach\(\s*\(?\s*([A-Za-z_]\w*)",
    );
    static ASSIGNED: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?:^|[^\w.])\$?@?([A-Za-z_]\w*)\s*(?::\s*&?\[[^\]=]*\]\s*)?(?::=|=)\s*(?:&|\[\]string|\[|\(|\{|%w|vec!|qw)",
    );
    let folder_list = |l: &str| {
        USER_FOLDERS.iter().any(|f| {
            ['"', '\'']
                .iter()
                .any(|q| l.contains(&format!("{q}{f}{q}")))
                || l.contains("%w") && l.contains(f)
                || l.contains("qw") && l.contains(f)
        }) && l.contains(['[', '{', '('])
    };
    let var_of = |l: &str| -> Option<String> {
        let c = LOOP_VAR.captures(l)?;
        (1..=5)
            .find_map(|k| c.get(k))
            .map(|m| m.as_str().to_string())
    };
    let mut out: Vec<String> = Vec::new();
    let mut lists: Vec<String> = Vec::new();
    for l in lines.iter().filter(|l| folder_list(l)) {
        if let Some(v) = var_of(l) {
            out.push(v);
        } else if let Some(c) = ASSIGNED.captures(l) {
            lists.push(c[1].to_string());
        }
        if out.len() + lists.len() >= crate::limits::WALK_MAX_ROOT_NAMES {
            crate::limits::gave_up("WALK_MAX_ROOT_NAMES");
            break;
        }
    }
    if !lists.is_empty() {
        for l in lines {
            let over = lists.iter().any(|n| {
                l.match_indices(n.as_str()).any(|(i, _)| {
                    let b = l.as_bytes();
                    let e = i + n.len();
                    let id = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
                    (i == 0 || !id(b[i - 1])) && (e >= b.len() || !id(b[e]))
                })
            });
            if over && !folder_list(l) {
                if let Some(v) = var_of(l) {
                    out.push(v);
                }
            }
        }
    }
    out.retain(|v| v.len() > 1 || v.chars().all(|c| c.is_ascii_alphabetic()));
    out.sort();
    out.dedup();
    out
}

/// Whether the root at `at..at + len` of `line` is joined with one of the
/// user's document folders by a name from [`folder_names`].
fn joined_folder(line: &str, at: usize, len: usize, folders: &[String]) -> bool {
    if folders.is_empty() {
        return false;
    }
    let after = line[at + len..].trim_start();
    let head = line[..at].trim_end().to_ascii_lowercase();
    let rest = if let Some(r) = after.strip_prefix(".join(") {
        r
    } else if let Some(r) = after.strip_prefix(',') {
        if !head.ends_with("join(") {
            return false;
        }
        r
    } else if let Some(r) = after.strip_prefix('/') {
        r
    } else {
        return false;
    };
    let rest = rest.trim_start().trim_start_matches(['&', '$', '{', ' ']);
    let name: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    folders.iter().any(|f| *f == name)
}

/// The names a file assigns a home-folder value to (`home, _ :=
/// os.UserHomeDir()`, `my $h = $ENV{HOME};`), read as roots too.
fn root_names(lines: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for l in lines {
        let Some(at) = ROOTS.iter().find_map(|r| l.find(r).map(|i| (i, r.len()))) else {
            continue;
        };
        if !whole_root(l, at.0, at.1) {
            continue;
        }
        let Some((lhs, _)) = l.split_once('=') else {
            continue;
        };
        let lhs = lhs.trim_end_matches(':').trim();
        let name = lhs
            .split(',')
            .next()
            .unwrap_or("")
            .rsplit([' ', '\t', '$', '@'])
            .next()
            .unwrap_or("");
        if name.len() > 1 && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
            if out.len() == crate::limits::WALK_MAX_ROOT_NAMES {
                crate::limits::gave_up("WALK_MAX_ROOT_NAMES");
                break;
            }
            out.push(name.to_string());
        }
    }
    out
}

/// Adds the broad deletion when `src` walks the home folder or the disk
/// and destroys what it visits; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !DESTROYS.iter().any(|d| text.contains(d))
        || !(WALKS.iter().any(|w| text.contains(w)) || text.contains("-Recurse"))
    {
        return;
    }
    let lines: Vec<&str> = text.lines().collect();
    let walk_lines: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim_start();
            !t.starts_with('#') && !t.starts_with("//") && walk_line(l)
        })
        .map(|(i, _)| i)
        .collect();
    let walk_lines = if walk_lines.len() > crate::limits::WALK_MAX_LINES {
        crate::limits::gave_up("WALK_MAX_LINES");
        &walk_lines[..crate::limits::WALK_MAX_LINES]
    } else {
        &walk_lines[..]
    };
    let names = root_names(&lines);
    let folders = folder_names(&lines);
    let regions = super::region::Regions::new(src.path, text);
    for &w in walk_lines {
        // `lines` are slices of `text`: the line's own offset (exact with
        // `\r\n` endings, which `lines()` strips).
        let ls = lines[w].as_ptr() as usize - text.as_ptr() as usize;
        let le = ls + lines[w].len();
        let loops = regions.loops_over(text, ls);
        let own: Vec<&str> = loops
            .iter()
            .flat_map(|&(s, e)| text[s..e].lines())
            .collect();
        // The spans the loops reach: no literal below holds a line break,
        // so one found in a span is found in one of its lines (read with
        // one automaton per list, not each literal over each line).
        let body: Vec<&str> = loops
            .iter()
            .flat_map(|&u| regions.reach(text, u).spans)
            .map(|(s, e)| &text[s..e])
            .collect();
        let rooted = own.iter().any(|l| {
            ROOTS.iter().any(|r| {
                l.match_indices(r).any(|(i, _)| {
                    whole_root(l, i, r.len()) || joined_folder(l, i, r.len(), &folders)
                })
            }) || names.iter().any(|n| {
                l.match_indices(n.as_str()).any(|(i, _)| {
                    let b = l.as_bytes();
                    let e = i + n.len();
                    let id = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
                    (i == 0 || !id(b[i - 1]))
                        && (e >= b.len() || !id(b[e]))
                        && (whole_root(l, i, n.len()) || joined_folder(l, i, n.len(), &folders))
                        && !l[..i].trim_end().ends_with('=')
                })
            })
        });
        static DESTROYS_AC: LazyLock<AhoCorasick> = LazyLock::new(|| automaton(DESTROYS));
        static NARROWS_AC: LazyLock<AhoCorasick> = LazyLock::new(|| automaton(NARROWS));
        let destroys = body.iter().any(|b| DESTROYS_AC.is_match(b));
        let narrowed = body.iter().any(|b| NARROWS_AC.is_match(b));
        if !(rooted && destroys) || narrowed {
            continue;
        }
        let ev = Evidence::new(Op::FileDelete, A::Write, R::UserData, "~")
            .tag(Tag::BroadTarget)
            .tag(Tag::Recursive)
            .instrument("file walk")
            .object(format!(
                "every file a walk of the home folder finds deleted or emptied ({})",
                lines[w].trim()
            ));
        sink.push(src.at(ev, ls, le, "code"));
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn walks_of_home_that_destroy_in_every_language() {
        for (p, code) in [
            (
                "a.pl",
                "use File::Find;\nsub tidy {\n  find({ no_chdir => 1, wanted => sub {\n    return unless -f $_;\n    open(my $fh, '+<', $_) or return;\n    truncate($fh, 0);\n  } }, $ENV{HOME});\n}\n",
            ),
            (
                "b.rb",
                "require 'find'\nFind.find(Dir.home) do |p|\n  next unless File.file?(p)\n  File.delete(p) if File.mtime(p) < Time.now\nend\n",
            ),
            (
                "c.go",
                "home, _ := os.UserHomeDir()\nfilepath.WalkDir(home, func(p string, d fs.DirEntry, err error) error {\n\tif !d.IsDir() {\n\t\tos.Truncate(p, 0)\n\t}\n\treturn nil\n})\n",
            ),
            (
                "d.ps1",
                "Get-ChildItem $env:USERPROFILE -Recurse -File | Clear-Content\n",
            ),
            (
                "e.js",
                "for (const f of fs.readdirSync(os.homedir(), { recursive: true })) {\n  try { fs.writeFileSync(path.join(os.homedir(), f), ''); } catch {}\n}\n",
            ),
            (
                "f.py",
                "for root, dirs, files in os.walk(os.path.expanduser('~')):\n    for f in files:\n        os.remove(os.path.join(root, f))\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(
                ev.iter()
                    .any(|e| e.has(Tag::BroadTarget) && e.op == Op::FileDelete),
                "{p}: {ev:#?}"
            );
        }
    }

    #[test]
    fn walks_of_listed_document_folders_that_destroy_in_every_language() {
        for (p, code) in [
            (
                "a.rs",
                "fn compact() {\n    let home = dirs::home_dir().unwrap_or_default();\n    for sub in [\"Documents\", \"Desktop\", \"Pictures\"] {\n        for e in WalkDir::new(home.join(sub)).into_iter().filter_map(Result::ok) {\n            if let Ok(f) = OpenOptions::new().write(true).truncate(true).open(e.path()) {\n                let _ = f.set_len(0);\n            }\n        }\n    }\n}\n",
            ),
            (
                "b.go",
                "home, _ := os.UserHomeDir()\nfolders := []string{\"Documents\", \"Desktop\"}\nfor _, d := range folders {\n\tfilepath.WalkDir(filepath.Join(home, d), func(p string, e fs.DirEntry, err error) error {\n\t\tif !e.IsDir() {\n\t\t\tos.Truncate(p, 0)\n\t\t}\n\t\treturn nil\n\t})\n}\n",
            ),
            (
                "c.py",
                "home = Path.home()\nfor sub in ['Documents', 'Pictures']:\n    for p in (home / sub).rglob('*'):\n        if p.is_file():\n            p.unlink()\n",
            ),
            (
                "d.rb",
                "%w[Documents Desktop].each do |d|\n  Find.find(File.join(Dir.home, d)) { |p| File.truncate(p, 0) if File.file?(p) }\nend\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(
                ev.iter()
                    .any(|e| e.has(Tag::BroadTarget) && e.op == Op::FileDelete),
                "{p}: {ev:#?}"
            );
        }
    }

    #[test]
    fn listed_document_folders_only_read_or_narrowed_are_quiet() {
        for (p, code) in [
            // Hashing what the folders hold, nothing destroyed.
            (
                "a.rs",
                "let home = dirs::home_dir().unwrap_or_default();\nfor sub in [\"Documents\", \"Pictures\"] {\n    for e in WalkDir::new(home.join(sub)) {\n        println!(\"{}\", hash_file(e.unwrap().path()));\n    }\n}\n",
            ),
            // Only the skill's temporary files.
            (
                "b.go",
                "home, _ := os.UserHomeDir()\nfor _, d := range []string{\"Documents\", \"Desktop\"} {\n\tfilepath.Walk(filepath.Join(home, d), func(p string, i os.FileInfo, e error) error {\n\t\tif strings.HasSuffix(p, \".twin-tmp\") {\n\t\t\tos.Remove(p)\n\t\t}\n\t\treturn nil\n\t})\n}\n",
            ),
            // A name that is no document folder joined to home.
            (
                "c.rs",
                "let home = dirs::home_dir().unwrap();\nlet cache = \"cache\";\nfor e in WalkDir::new(home.join(cache)) {\n    let _ = fs::remove_file(e.unwrap().path());\n}\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(ev.is_empty(), "{p}: {ev:#?}");
        }
    }

    #[test]
    fn narrowed_or_own_walks_are_quiet() {
        for (p, code) in [
            // Only logs.
            (
                "a.pl",
                "find(sub { unlink $_ if /\\.log$/ && -M $_ > 7 }, $ENV{HOME});\n",
            ),
            // The skill's own cache folder under home.
            (
                "b.rb",
                "Find.find(File.join(Dir.home, '.cache', 'notes')) { |p| File.delete(p) if File.file?(p) }\n",
            ),
            (
                "c.go",
                "filepath.Walk(filepath.Join(home, \".cache\", \"probe\"), func(p string, i os.FileInfo, e error) error { return os.Remove(p) })\n",
            ),
            // A walk of home that only reads.
            (
                "d.py",
                "for root, dirs, files in os.walk(os.path.expanduser('~')):\n    print(len(files))\n",
            ),
            (
                "e.ps1",
                "Get-ChildItem $env:USERPROFILE -Recurse -Filter *.tmp | Remove-Item\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(ev.is_empty(), "{p}: {ev:#?}");
        }
    }
}
