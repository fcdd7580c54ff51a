//! The skill model: a folder with `SKILL.md` and its inventoried files.

pub mod classify;
pub mod discover;
pub mod frontmatter;
pub mod runner;

pub use classify::FileKind;
pub use frontmatter::Manifest;

/// An inventory problem: something that could not be read as asked.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum InventoryIssue {
    /// A symlink (never followed). `outside` when it resolves out of the skill.
    Symlink {
        path: String,
        target: String,
        outside: bool,
    },
    /// A FIFO, socket or device: never opened, so the analysis is incomplete
    /// (whatever the host would read from it was not seen).
    SpecialFile { path: String, kind: &'static str },
    /// A `.git` folder inside the skill: its hooks and config are code that
    /// git runs. Its files are inventoried and analysed like any other.
    GitDir { path: String },
    /// A file larger than the per-file cap; only its head was analysed.
    FileTooLarge { path: String, bytes: u64 },
    /// The skill's total bytes exceeded the cap; later files were skipped.
    SkillTooLarge { skipped: usize },
    /// More files than the cap; the rest were skipped.
    TooManyFiles { skipped: usize },
    /// Folders nested deeper than the cap.
    TooDeep { path: String },
    /// A file that could not be read.
    Unreadable { path: String, error: String },
    /// A file or folder the user excluded with `--exclude GLOB`: listed,
    /// not read, and not counted as incomplete (the user chose).
    Excluded { path: String, glob: String },
}

impl InventoryIssue {
    /// Whether this issue leaves part of the skill unanalysed.
    pub fn incomplete(&self) -> bool {
        !matches!(
            self,
            InventoryIssue::Symlink { .. }
                | InventoryIssue::GitDir { .. }
                | InventoryIssue::Excluded { .. }
        )
    }

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

    pub fn path(&self) -> &str {
        match self {
            InventoryIssue::Symlink { path, .. }
            | InventoryIssue::SpecialFile { path, .. }
            | InventoryIssue::GitDir { path }
            | InventoryIssue::FileTooLarge { path, .. }
            | InventoryIssue::TooDeep { path }
            | InventoryIssue::Unreadable { path, .. }
            | InventoryIssue::Excluded { path, .. } => path,
            InventoryIssue::SkillTooLarge { .. } | InventoryIssue::TooManyFiles { .. } => {
                "SKILL.md"
            }
        }
    }
}

/// One inventoried file.
#[derive(Debug, Clone)]
pub struct SkillFile {
    /// Path relative to the skill root, `/`-separated.
    pub rel: String,
    pub kind: FileKind,
    /// Size on disk.
    pub size: u64,
    /// Lossily decoded text for text-like kinds (empty for binaries).
    pub text: String,
    /// Whether decoding replaced invalid UTF-8.
    pub lossy: bool,
    /// Raw bytes, kept only for archives and bytecode (bounded by the file cap).
    pub raw: Vec<u8>,
    /// The kind the extension claimed, when content disagrees (binary posing as script).
    pub claimed: Option<FileKind>,
    /// SHA-256 of the bytes read (for the skill's content digest).
    pub sha256: [u8; 32],
}

/// A skill as read from disk (or built in memory for tests).
#[derive(Debug, Clone)]
pub struct Skill {
    /// The skill folder as found (display form).
    pub path: String,
    /// Folder name (used for the spec's name check).
    pub dir_name: String,
    /// Relative path of the manifest file (`SKILL.md` or `skill.md`).
    pub manifest_path: String,
    pub files: Vec<SkillFile>,
    pub issues: Vec<InventoryIssue>,
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

    pub fn manifest_file(&self) -> Option<&SkillFile> {
        self.files.iter().find(|f| f.rel == self.manifest_path)
    }

    pub fn file(&self, rel: &str) -> Option<&SkillFile> {
        self.files.iter().find(|f| f.rel == rel)
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
