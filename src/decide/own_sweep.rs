//! Round 42 (blind r42 preview-cache-gc): a sweep by a glob or walk in
//! code (`extract::glob_doom`, SK-DEST-005) whose selection is rooted in
//! the skill's own folder: an LRU trim of its own preview cache in Python,
//! the same consent round 41 gave `find "$cache" … -delete` in shell
//! (`declared::own_root_sweep`), now for every language glob_doom reads.
//!
//! The selection is glob_doom's own reading of the removal (its line, loop
//! heads, the assignments they use, helpers, callers). It is the skill's
//! own folder when some quoted literal of it names a folder after the
//! skill (a path segment equal to one of the skill's names, not a user
//! folder), and nothing else in it could widen the root:
//! - every quoted literal is that name, a base folder (`.cache`,
//!   `~/.config`, `Library/Caches`, …), a base-folder variable
//!   (`XDG_CACHE_HOME`), a pattern (`*.jpg`), an extension, or a path of
//!   such segments; nothing climbs (`..`), no root `/` alone;
//! - the home folder (`Path.home()`, `expanduser`, `os.homedir()`,
//!   `$HOME`, `~`) is named only on a line that also names the skill's
//!   folder under it (`Path.home() / ".cache" / "<skill>"`), so a second
//!   root (`for root in (CACHE, Path.home())`) keeps the finding.

use crate::evidence::{Evidence, Op, Tag};
use crate::skill::Skill;

/// Base folders a skill's own cache, settings or data folder sits under.
const BASES: &[&str] = &[
    "~",
    ".cache",
    "cache",
    ".config",
    ".local",
    "share",
    "state",
    "library",
    "caches",
    "application support",
    "appdata",
    "local",
    "roaming",
    "tmp",
    "temp",
];

/// Base-folder variables.
const BASE_VARS: &[&str] = &[
    "XDG_CACHE_HOME",
    "XDG_CONFIG_HOME",
    "XDG_DATA_HOME",
    "XDG_STATE_HOME",
    "LOCALAPPDATA",
    "APPDATA",
    "TMPDIR",
    "TEMP",
    "TMP",
    "HOME",
    "USERPROFILE",
];

/// Folders of the user's own files: never a skill's own folder, whatever
/// the skill is called.
const USER_FOLDERS: &[&str] = &[
    "documents",
    "pictures",
    "photos",
    "downloads",
    "desktop",
    "music",
    "movies",
    "videos",
    "projects",
    "src",
    "code",
    "backups",
    "backup",
    "mail",
];

/// The home folder, in the languages glob_doom reads.
static HOME: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bPath\.home\s*\(|\bexpanduser\s*\(|\bhomedir\s*\(|\bUserHomeDir\s*\(|\bhome_dir\s*\(|\bDir\.home\b|\$\{?HOME\b|\$env:USERPROFILE\b|\bgetenv\s*\(\s*['"](?:HOME|USERPROFILE)['"]|\benviron(?:\.get)?\s*[\[(]\s*['"](?:HOME|USERPROFILE)['"]|\bENV\s*\[\s*['"]HOME['"]|(?:^|[\s'"`=(])~(?:/|['"`\s]|$)"#,
);

/// A path built on a line: a join, a path constructor, Python's `/`.
static PATH_BUILD: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bjoin\s*\(|\bPath\s*\(|\bresolve\s*\(|\bFile\.(?:join|expand_path)\b|\bfilepath\.Join\b|\bJoin-Path\b|\bPathBuf\b|\.push\s*\(|/\s*['"]|['"]\s*/"#,
);

/// A quoted literal: `'…'`, `"…"` or `` `…` `` on one line, at most 200
/// bytes.
static QUOTED: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"'([^'\n]{0,200})'|"([^"\n]{0,200})"|`([^`\n]{0,200})`"#);

/// How a literal of the selection stands to the skill's own folder.
#[derive(PartialEq, Eq, Clone, Copy)]
enum Lit {
    /// Names the skill's own folder (a segment is one of its names).
    Own,
    /// Cannot widen the root: a base folder, a variable, a pattern.
    Neutral,
    /// Anything else: a root of its own, a climb, an unknown word.
    Other,
}

fn classify(lit: &str, names: &[String]) -> Lit {
    if lit.contains('*') || lit.contains('?') {
        return if lit.contains("..") {
            Lit::Other
        } else {
            Lit::Neutral
        };
    }
    if BASE_VARS.contains(&lit) {
        return Lit::Neutral;
    }
    // An extension (`.jpg`) or a mode/encoding word of a few letters.
    let ext = lit.len() <= 9
        && lit.starts_with('.')
        && lit[1..].chars().all(|c| c.is_ascii_alphanumeric());
    if ext || lit.len() <= 3 && !lit.is_empty() && lit.chars().all(|c| c.is_ascii_lowercase()) {
        return Lit::Neutral;
    }
    if lit.is_empty() || lit == "/" {
        return Lit::Other;
    }
    let mut own = false;
    for seg in lit.split(['/', '\\']).filter(|s| !s.is_empty()) {
        let l = seg.to_ascii_lowercase();
        if l == ".." || USER_FOLDERS.contains(&l.as_str()) {
            return Lit::Other;
        }
        if BASES.contains(&l.as_str()) {
            continue;
        }
        let bare = l.trim_start_matches('.');
        if names.iter().any(|n| n == bare) {
            own = true;
            continue;
        }
        return Lit::Other;
    }
    if own { Lit::Own } else { Lit::Neutral }
}

/// The literal naming the skill's own folder, when the selection `sel`
/// is rooted there (the module's two conditions).
fn own_root(sel: &str, names: &[String]) -> Option<String> {
    let mut found = None;
    for line in sel.lines() {
        let mut own_here = false;
        // The end of the last literal naming the skill's folder on this
        // line: a plain word after it, with no home folder between, is a
        // folder inside it (`path.join(home, '.<skill>', 'previews')`).
        let mut own_end: Option<usize> = None;
        for c in QUOTED.captures_iter(line) {
            let Some(m) = c.get(1).or(c.get(2)).or(c.get(3)) else {
                continue;
            };
            let lit = m.as_str();
            let inside = own_end.is_some_and(|e| {
                !HOME.is_match(&line[e..m.start()])
                    && !lit.is_empty()
                    && lit
                        .chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '-' | '_'))
                    && !USER_FOLDERS.contains(&lit.to_ascii_lowercase().as_str())
            });
            // A plain word (`'path'` in `require('path')`, `'utf-8'`) is
            // no root unless a path is built on this line.
            let plain = !lit.is_empty()
                && !lit.contains(['/', '\\', '~'])
                && !lit.starts_with('.')
                && !USER_FOLDERS.contains(&lit.to_ascii_lowercase().as_str())
                && !PATH_BUILD.is_match(line);
            match classify(lit, names) {
                Lit::Other if inside || plain => {}
                Lit::Other => return None,
                Lit::Own => {
                    own_here = true;
                    own_end = Some(m.end());
                    found.get_or_insert_with(|| lit.to_string());
                }
                Lit::Neutral => {}
            }
        }
        // A path-like literal without the skill's name is a root of its
        // own unless this line also names the skill's folder.
        if !own_here && HOME.is_match(line) {
            return None;
        }
    }
    found
}

/// Tags glob_doom's sweeps whose selection is rooted in the skill's own
/// folder (`names`: `own::folder_names`) as [`Tag::OwnInstall`] (`declared::own_root_sweep` consents to
/// them). One index per file; the removal's line must be the one the
/// evidence names (a piece of a large file read apart is left alone).
pub(super) fn mark_own_sweeps(skill: &Skill, names: &[String], ev: &mut [Evidence]) {
    if names.is_empty() {
        return;
    }
    let sweep = |e: &Evidence| {
        e.op == Op::FileDelete
            && e.object
                .starts_with(crate::extract::glob_doom::SWEEP_OBJECT)
            && !e.has(Tag::OwnInstall)
    };
    let mut files: Vec<&str> = ev
        .iter()
        .filter(|e| sweep(e))
        .map(|e| e.location.path.as_str())
        .collect();
    files.sort_unstable();
    files.dedup();
    let files: Vec<String> = files.into_iter().map(str::to_string).collect();
    for path in files {
        let Some(file) = skill.files.iter().find(|f| f.rel == path) else {
            continue;
        };
        let at: Vec<usize> = ev
            .iter()
            .filter(|e| sweep(e) && e.location.path == path)
            .filter_map(|e| e.location.start_line.checked_sub(1))
            .collect();
        let lines: Vec<&str> = file.text.split('\n').collect();
        let owned: Vec<usize> = crate::extract::glob_doom::selections(&file.text, &at)
            .into_iter()
            .filter(|(_, sel)| sel.as_deref().is_some_and(|s| own_root(s, names).is_some()))
            .map(|(i, _)| i)
            .collect();
        for e in ev.iter_mut() {
            let Some(i) = e.location.start_line.checked_sub(1) else {
                continue;
            };
            if sweep(e)
                && e.location.path == path
                && owned.contains(&i)
                && lines.get(i).is_some_and(|l| l.trim() == e.target)
            {
                e.tags.insert(Tag::OwnInstall);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["preview-cache-gc".into()]
    }

    #[test]
    fn a_cache_named_after_the_skill_is_its_own() {
        let sel = "f = files.pop(0); f.unlink()\nwhile files and total > max_mb * 1e6:\nfiles = sorted(CACHE.glob(\"*.jpg\"), key=lambda f: f.stat().st_mtime)\nCACHE = pathlib.Path(os.environ.get(\"XDG_CACHE_HOME\", pathlib.Path.home() / \".cache\")) / \"preview-cache-gc\"\n";
        assert_eq!(own_root(sel, &names()).as_deref(), Some("preview-cache-gc"));
        let js = "fs.unlinkSync(p)\nfor (const p of globSync('*.png', { cwd: dir }))\nconst dir = path.join(os.homedir(), '.cache', 'preview-cache-gc')\n";
        assert!(own_root(js, &names()).is_some());
        // A folder inside the skill's own.
        let js = "const dir = path.join(os.homedir(), '.preview-cache-gc', 'previews')\n";
        assert!(own_root(js, &names()).is_some());
        // A second root on the same line is not inside it.
        let js = "const dirs = [path.join(os.homedir(), '.preview-cache-gc'), path.join(os.homedir(), 'notes')]\n";
        assert!(own_root(js, &names()).is_none());
    }

    #[test]
    fn a_second_root_or_a_user_folder_is_not() {
        // The home folder on a line of its own: a second root.
        let sel = "f.unlink()\nfor root in (CACHE, Path.home()):\nfor f in root.rglob('*.jpg'):\nCACHE = Path.home() / '.cache' / 'preview-cache-gc'\n";
        assert!(own_root(sel, &names()).is_none());
        // A user folder beside the cache, a climb, an unknown root.
        let sel = "ROOTS = [CACHE / 'preview-cache-gc', HOME / 'Pictures']\nf.unlink()\n";
        assert!(own_root(sel, &names()).is_none());
        let sel = "ROOT = Path('~/.cache/preview-cache-gc/../..').expanduser()\nf.unlink()\n";
        assert!(own_root(sel, &names()).is_none());
        let sel = "for f in Path(sys.argv[1]).rglob('*.jpg'):\nf.unlink()\n";
        assert!(own_root(sel, &names()).is_none());
        let sel = "CACHE = Path.home() / '.cache' / 'preview-cache-gc'\nfor root in (CACHE, Path('notes')):\nf.unlink()\n";
        assert!(own_root(sel, &names()).is_none());
        // Module names and encodings are no roots.
        let js = "const path = require('path');\nconst dir = path.join(os.homedir(), '.preview-cache-gc');\nfs.readFileSync(p, 'utf-8')\n";
        assert!(own_root(js, &names()).is_some());
        // A skill named after a user folder owns no such folder.
        assert!(own_root("d = Path.home() / 'photos'\n", &["photos".to_string()]).is_none());
    }
}
