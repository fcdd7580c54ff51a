//! The skill model: a folder with `SKILL.md` and its inventoried files.

pub mod classify;
pub mod discover;
pub mod frontmatter;
pub mod runner;
pub mod shebang;

pub use crate::model::skill::{FileKind, InventoryIssue, Manifest, Skill, SkillFile};

impl InventoryIssue {
    pub fn describe(&self) -> String {
        use crate::text::escape_display as e;
        match self {
            InventoryIssue::Symlink {
                path,
                target,
                outside,
            } => format!(
                "{} is a symlink to {}{} (not followed)",
                e(path),
                e(target),
                if *outside { ", outside the skill" } else { "" }
            ),
            InventoryIssue::SpecialFile { path, kind } => {
                format!(
                    "{} is a {kind} (never opened, so what it would give the agent was not analysed)",
                    e(path)
                )
            }
            InventoryIssue::GitDir { path } => format!(
                "{} is a git repository folder inside the skill: its hooks and config run code when git is used here (its files were analysed)",
                e(path)
            ),
            InventoryIssue::FileTooLarge { path, bytes } => format!(
                "{} has {bytes} bytes; only the first {} were analysed",
                e(path),
                crate::limits::MAX_FILE_BYTES
            ),
            InventoryIssue::SkillTooLarge { skipped } => format!(
                "the skill exceeds {} bytes; {skipped} file(s) were not analysed",
                crate::limits::MAX_SKILL_BYTES
            ),
            InventoryIssue::TooManyFiles { skipped } => format!(
                "the skill has more than {} files; {skipped} were not analysed",
                crate::limits::MAX_FILES
            ),
            InventoryIssue::TooDeep { path } => format!(
                "{} is nested deeper than {} folders; its contents were not analysed",
                e(path),
                crate::limits::MAX_DEPTH
            ),
            InventoryIssue::Unreadable { path, error } => {
                format!("{} could not be read: {}", e(path), e(error))
            }
            InventoryIssue::Excluded { path, glob } => format!(
                "{} was not analysed: excluded by --exclude {}",
                e(path),
                e(glob)
            ),
        }
    }
}

impl Skill {
    /// Builds a skill from in-memory files (tests, rule examples, fuzzing).
    pub fn from_memory(dir_name: &str, files: &[(&str, &[u8])]) -> Self {
        let mut out = Vec::new();
        for (rel, bytes) in files {
            out.push(classify::make_file(rel, bytes, bytes.len() as u64));
        }
        out.sort_by(|a, b| a.rel.cmp(&b.rel));
        let manifest_path = out
            .iter()
            .find(|f| f.rel == "SKILL.md" || f.rel == "skill.md")
            .or_else(|| {
                out.iter()
                    .find(|f| !f.rel.contains('/') && discover::is_manifest_name(&f.rel))
            })
            .map(|f| f.rel.clone())
            .unwrap_or_else(|| "SKILL.md".into());
        Self {
            path: dir_name.to_string(),
            dir_name: dir_name.to_string(),
            manifest_path,
            files: out,
            issues: Vec::new(),
        }
    }

    /// The content digest of the skill as read: `sha256:` over every file's
    /// path, size and SHA-256, and every inventory issue. A policy accepts a
    /// reviewed incomplete skill by this digest, so any change to the skill
    /// (a file, a link, a folder not read) ends the acceptance.
    pub fn digest(&self) -> String {
        use sha2::Digest;
        let mut h = sha2::Sha256::new();
        let mut files: Vec<&SkillFile> = self.files.iter().collect();
        files.sort_by(|a, b| a.rel.cmp(&b.rel));
        for f in files {
            h.update(f.rel.as_bytes());
            h.update([0]);
            h.update(f.size.to_le_bytes());
            h.update(f.sha256);
        }
        let mut issues: Vec<String> = self.issues.iter().map(|i| i.describe()).collect();
        issues.sort();
        for i in issues {
            h.update([1]);
            h.update(i.as_bytes());
        }
        let d = h.finalize();
        let hex: String = d.iter().map(|b| format!("{b:02x}")).collect();
        format!("sha256:{hex}")
    }
}
