//! Discovery: find skills under the given paths and inventory their files.
//!
//! Nothing is executed or followed: symlinks are reported, never read;
//! FIFOs, sockets and devices are never opened (the file type is checked
//! before opening); sizes, counts and depth are capped.
//!
//! Inside a skill every folder is inventoried: `node_modules/` is code
//! `require()` loads, `__pycache__/` holds bytecode Python imports, a
//! virtualenv or `target/` can hold what a script runs, and `.git/` holds
//! hooks (reported as a finding too). Nothing is skipped silently; the normal
//! size, count and depth limits apply and mark the analysis incomplete when
//! hit. Searching a scan root for skills enters every folder too,
//! `node_modules/` and `.git/` included: a package can ship a skill.

use super::{InventoryIssue, Skill, SkillFile, classify};
use crate::limits::*;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// `SKILL.md` in any case, and `skills.md`: hosts on case-insensitive
/// file systems load `Skill.md` or `SKILLS.md` as the manifest.
pub fn is_manifest_name(name: &str) -> bool {
    name.eq_ignore_ascii_case("skill.md") || name.eq_ignore_ascii_case("skills.md")
}

/// A discovery error for people: what went wrong, where, what to do.
#[derive(Debug)]
pub struct DiscoverError(pub String);

impl std::fmt::Display for DiscoverError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A folder below a scan root that was not searched for skills, and why.
/// A run that leaves one is incomplete (it is reported like a skill whose
/// analysis is incomplete, so `audit` exits 2): nothing below a scan root
/// is skipped without a word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsearched {
    pub path: PathBuf,
    pub reason: String,
}

/// What a search of the scan roots found.
#[derive(Debug, Default)]
pub struct Found {
    /// Skill folders, sorted.
    pub skills: Vec<PathBuf>,
    /// Folders not searched (depth or folder limit, unreadable), sorted.
    pub unsearched: Vec<Unsearched>,
}

/// Finds skill folders for the given paths: a skill folder, a `SKILL.md`
/// file, or any folder (searched recursively; a found skill stops descent).
pub fn find_skills(paths: &[PathBuf]) -> Result<Vec<PathBuf>, DiscoverError> {
    Ok(search(paths)?.skills)
}

/// Like `find_skills`, and lists the folders that were not searched.
pub fn search(paths: &[PathBuf]) -> Result<Found, DiscoverError> {
    search_within(paths, MAX_DISCOVERY_DEPTH, MAX_DISCOVERY_FOLDERS)
}

/// `search` with other limits (tests reach a limit without building
/// 100,000 folders).
pub fn search_within(
    paths: &[PathBuf],
    max_depth: usize,
    max_folders: usize,
) -> Result<Found, DiscoverError> {
    let mut s = Search {
        found: Found::default(),
        folders: 0,
        max_depth,
        max_folders,
    };
    for p in paths {
        let meta = fs::symlink_metadata(p).map_err(|e| {
            DiscoverError(format!(
                "cannot read {}: {e}. Check that the path exists and is readable.",
                p.display()
            ))
        })?;
        if meta.is_file() {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if !is_manifest_name(name) {
                return Err(DiscoverError(format!(
                    "{} is a file but not a SKILL.md. Pass a skill folder, its SKILL.md, or a folder of skills.",
                    p.display()
                )));
            }
            let parent = p.parent().map(Path::to_path_buf).unwrap_or_default();
            s.found.skills.push(if parent.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                parent
            });
        } else if meta.is_dir() {
            s.walk(p, 0);
        } else {
            return Err(DiscoverError(format!(
                "{} is not a regular file or folder (symlink or special file); pass the real path.",
                p.display()
            )));
        }
    }
    let mut found = s.found;
    found.skills.sort();
    found.skills.dedup();
    // A folder not searched below one root may be a skill found from another.
    found.unsearched.retain(|u| !found.skills.contains(&u.path));
    found.unsearched.sort_by(|a, b| a.path.cmp(&b.path));
    found.unsearched.dedup_by(|a, b| a.path == b.path);
    Ok(found)
}

fn manifest_in(dir: &Path) -> Option<String> {
    let is_file = |name: &str| fs::symlink_metadata(dir.join(name)).is_ok_and(|m| m.is_file());
    for name in ["SKILL.md", "skill.md"] {
        if is_file(name) {
            return Some(name.to_string());
        }
    }
    // Other spellings, in a fixed order: `Skill.md`, `SKILLS.md`, `skills.md`.
    let mut other: Vec<String> = fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|n| is_manifest_name(n))
        .collect();
    other.sort_by_key(|n| (!n.eq_ignore_ascii_case("skill.md"), n.clone()));
    other.into_iter().find(|n| is_file(n))
}

/// The search of scan roots for skills: every folder is visited (a
/// `node_modules/`, `.git/` or `venv/` too: a skill an npm package ships is
/// a skill like any other) down to `max_depth`, at most `max_folders` in
/// all; a folder
/// the search could not enter is listed in `unsearched`.
struct Search {
    found: Found,
    folders: usize,
    max_depth: usize,
    max_folders: usize,
}

impl Search {
    fn walk(&mut self, dir: &Path, depth: usize) {
        self.folders += 1;
        if self.folders > self.max_folders {
            if self.folders == self.max_folders + 1 {
                self.unsearched(
                    dir,
                    format!(
                        "the search for skills stopped after {} folders (MAX_DISCOVERY_FOLDERS): this folder and the folders after it were not searched. Pass a narrower folder, or the skill folders themselves",
                        self.max_folders
                    ),
                );
            }
            return;
        }
        match manifest_in(dir) {
            Some(m) if m == "SKILL.md" || m == "skill.md" => {
                self.found.skills.push(dir.to_path_buf());
                return;
            }
            // `SKILLS.md` or `Skill.md`: a manifest, unless the folder holds
            // skills of its own (a `SKILLS.md` index over `skills/*/SKILL.md`).
            Some(_) => {
                let before = self.found.skills.len();
                if depth < self.max_depth {
                    self.walk_subdirs(dir, depth);
                }
                if self.found.skills.len() == before {
                    self.found.skills.push(dir.to_path_buf());
                }
                return;
            }
            None => {}
        }
        if depth >= self.max_depth {
            let n = self.subdirs(dir).map_or(0, |d| d.len());
            if n > 0 {
                self.unsearched(
                    dir,
                    format!(
                        "this folder is {depth} folders below the scan root (MAX_DISCOVERY_DEPTH); its {n} sub-folder(s) were not searched for skills. Pass this folder itself to scan the skills below it"
                    ),
                );
            }
            return;
        }
        self.walk_subdirs(dir, depth);
    }

    fn walk_subdirs(&mut self, dir: &Path, depth: usize) {
        let Some(subdirs) = self.subdirs(dir) else {
            return;
        };
        for d in subdirs {
            self.walk(&d, depth + 1);
        }
    }

    /// The folders in `dir` that may hold skills, sorted; `None` (and the
    /// folder listed as not searched) when it cannot be read.
    fn subdirs(&mut self, dir: &Path) -> Option<Vec<PathBuf>> {
        let rd = match fs::read_dir(dir) {
            Ok(rd) => rd,
            Err(e) => {
                self.unsearched(
                    dir,
                    format!(
                        "this folder could not be listed ({e}), so it was not searched for skills. Make it readable, or leave it out of the scanned paths"
                    ),
                );
                return None;
            }
        };
        let mut subdirs: Vec<PathBuf> = rd
            .filter_map(Result::ok)
            .filter(|e| e.file_type().map(|t| t.is_dir()).unwrap_or(false))
            .map(|e| e.path())
            .collect();
        subdirs.sort();
        Some(subdirs)
    }

    fn unsearched(&mut self, dir: &Path, reason: String) {
        self.found.unsearched.push(Unsearched {
            path: dir.to_path_buf(),
            reason,
        });
    }
}

/// Reads and inventories one skill folder.
pub fn load_skill(root: &Path) -> Skill {
    load_skill_excluding(root, &[])
}

/// Reads and inventories one skill folder, leaving out (and listing) paths
/// that match a user's `--exclude` glob (or folder prefix), relative to the
/// skill root. The manifest is never excluded.
pub fn load_skill_excluding(root: &Path, exclude: &[String]) -> Skill {
    let manifest_path = manifest_in(root).unwrap_or_else(|| "SKILL.md".into());
    let dir_name = fs::canonicalize(root)
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .or_else(|| root.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let mut inv = Inventory {
        root: fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf()),
        files: Vec::new(),
        issues: Vec::new(),
        bytes: 0,
        count: 0,
        skipped_count: 0,
        skipped_bytes: 0,
        exclude: exclude
            .iter()
            .map(|g| crate::policy::normalize_rel(g))
            .filter(|g| !g.is_empty())
            .collect(),
        manifest: manifest_path.clone(),
    };
    inv.visit(root, "", 0);
    if inv.skipped_count > 0 {
        inv.issues.push(InventoryIssue::TooManyFiles {
            skipped: inv.skipped_count,
        });
    }
    if inv.skipped_bytes > 0 {
        inv.issues.push(InventoryIssue::SkillTooLarge {
            skipped: inv.skipped_bytes,
        });
    }
    inv.files.sort_by(|a, b| a.rel.cmp(&b.rel));
    inv.issues.sort();
    Skill {
        path: root.display().to_string(),
        dir_name,
        manifest_path,
        files: inv.files,
        issues: inv.issues,
    }
}

struct Inventory {
    root: PathBuf,
    files: Vec<SkillFile>,
    issues: Vec<InventoryIssue>,
    bytes: u64,
    count: usize,
    skipped_count: usize,
    skipped_bytes: usize,
    exclude: Vec<String>,
    manifest: String,
}

impl Inventory {
    /// The `--exclude` glob that matches `rel`, if any.
    fn excluded(&self, rel: &str) -> Option<&String> {
        if rel == self.manifest {
            return None;
        }
        self.exclude
            .iter()
            .find(|g| crate::policy::path_matches(g, rel))
    }

    fn visit(&mut self, dir: &Path, rel: &str, depth: usize) {
        let rd = match fs::read_dir(dir) {
            Ok(rd) => rd,
            Err(e) => {
                self.issues.push(InventoryIssue::Unreadable {
                    path: if rel.is_empty() {
                        ".".into()
                    } else {
                        rel.into()
                    },
                    error: e.to_string(),
                });
                return;
            }
        };
        let mut entries: Vec<_> = rd.filter_map(Result::ok).collect();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            let name = e.file_name().to_string_lossy().into_owned();
            let child_rel = if rel.is_empty() {
                name.clone()
            } else {
                format!("{rel}/{name}")
            };
            let path = e.path();
            if let Some(glob) = self.excluded(&child_rel) {
                self.issues.push(InventoryIssue::Excluded {
                    path: child_rel,
                    glob: glob.clone(),
                });
                continue;
            }
            // symlink_metadata: never follow, and learn the type before opening.
            let meta = match fs::symlink_metadata(&path) {
                Ok(m) => m,
                Err(err) => {
                    self.issues.push(InventoryIssue::Unreadable {
                        path: child_rel,
                        error: err.to_string(),
                    });
                    continue;
                }
            };
            let ft = meta.file_type();
            if ft.is_symlink() {
                let target = fs::read_link(&path)
                    .map(|t| t.display().to_string())
                    .unwrap_or_default();
                let outside = match fs::canonicalize(&path) {
                    Ok(real) => !real.starts_with(&self.root),
                    Err(_) => true, // dangling or looping: treat as outside
                };
                self.issues.push(InventoryIssue::Symlink {
                    path: child_rel,
                    target,
                    outside,
                });
                continue;
            }
            if ft.is_dir() {
                if name == ".git" {
                    self.issues.push(InventoryIssue::GitDir {
                        path: child_rel.clone(),
                    });
                }
                if depth + 1 > MAX_DEPTH {
                    self.issues
                        .push(InventoryIssue::TooDeep { path: child_rel });
                    continue;
                }
                self.visit(&path, &child_rel, depth + 1);
                continue;
            }
            if !ft.is_file() {
                self.issues.push(InventoryIssue::SpecialFile {
                    path: child_rel,
                    kind: special_kind(&ft),
                });
                continue;
            }
            if self.count >= MAX_FILES {
                self.skipped_count += 1;
                continue;
            }
            let size = meta.len();
            if self.bytes >= MAX_SKILL_BYTES {
                self.skipped_bytes += 1;
                continue;
            }
            self.count += 1;
            let cap = MAX_FILE_BYTES.min(MAX_SKILL_BYTES - self.bytes);
            match read_capped(&path, cap) {
                Ok(bytes) => {
                    self.bytes += bytes.len() as u64;
                    if size > bytes.len() as u64 {
                        self.issues.push(InventoryIssue::FileTooLarge {
                            path: child_rel.clone(),
                            bytes: size,
                        });
                    }
                    self.files
                        .push(classify::make_file(&child_rel, &bytes, size));
                }
                Err(err) => self.issues.push(InventoryIssue::Unreadable {
                    path: child_rel,
                    error: err.to_string(),
                }),
            }
        }
    }
}

fn read_capped(path: &Path, cap: u64) -> std::io::Result<Vec<u8>> {
    let f = fs::File::open(path)?;
    // Re-check after opening: the path may have been swapped for a FIFO.
    if !f.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut buf = Vec::new();
    f.take(cap).read_to_end(&mut buf)?;
    Ok(buf)
}

#[cfg(unix)]
fn special_kind(ft: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if ft.is_fifo() {
        "FIFO"
    } else if ft.is_socket() {
        "socket"
    } else if ft.is_block_device() || ft.is_char_device() {
        "device"
    } else {
        "special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_ft: &fs::FileType) -> &'static str {
    "special file"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_spellings_and_skill_indexes() {
        let t = tempfile::tempdir().expect("temp dir");
        let mk = |rel: &str| {
            let p = t.path().join(rel);
            fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            fs::write(p, "---\nname: x\ndescription: y\n---\n").expect("write");
        };
        mk("a/Skill.md");
        mk("b/SKILLS.md");
        mk("c/skills.md");
        // An index over skills of its own is not itself the skill.
        mk("d/SKILLS.md");
        mk("d/skills/one/SKILL.md");
        mk("d/skills/two/SKILL.md");
        mk("e/notes.md");
        let found: Vec<String> = find_skills(&[t.path().to_path_buf()])
            .expect("found")
            .iter()
            .map(|p| {
                p.strip_prefix(t.path())
                    .expect("under")
                    .to_string_lossy()
                    .replace('\\', "/")
            })
            .collect();
        assert_eq!(found, ["a", "b", "c", "d/skills/one", "d/skills/two"]);
        assert_eq!(
            manifest_in(&t.path().join("a")).as_deref(),
            Some("Skill.md")
        );
    }
}
