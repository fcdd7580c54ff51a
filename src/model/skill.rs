//! The skill as data: a folder with `SKILL.md` and its inventoried files,
//! the kind of each file, what could not be read, and the parsed manifest.
//! Reading it from disk (`crate::skill::discover`), classifying files
//! (`crate::skill::classify`) and parsing the frontmatter
//! (`crate::skill::frontmatter`) are pipeline code, not here.

use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FileKind {
    Markdown,
    Python,
    Shell,
    JavaScript,
    PowerShell,
    Config,
    Text,
    Binary,
    Archive,
    Bytecode,
    Other,
}

impl FileKind {
    pub fn as_str(self) -> &'static str {
        match self {
            FileKind::Markdown => "markdown",
            FileKind::Python => "python",
            FileKind::Shell => "shell",
            FileKind::JavaScript => "javascript",
            FileKind::PowerShell => "powershell",
            FileKind::Config => "config",
            FileKind::Text => "text",
            FileKind::Binary => "binary",
            FileKind::Archive => "archive",
            FileKind::Bytecode => "bytecode",
            FileKind::Other => "other",
        }
    }

    /// Kinds whose text is analysed.
    pub fn is_text(self) -> bool {
        !matches!(
            self,
            FileKind::Binary | FileKind::Archive | FileKind::Bytecode
        )
    }

    pub fn is_script(self) -> bool {
        matches!(
            self,
            FileKind::Python | FileKind::Shell | FileKind::JavaScript | FileKind::PowerShell
        )
    }
}

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
    pub fn manifest_file(&self) -> Option<&SkillFile> {
        self.files.iter().find(|f| f.rel == self.manifest_path)
    }

    pub fn file(&self, rel: &str) -> Option<&SkillFile> {
        self.files.iter().find(|f| f.rel == rel)
    }
}

/// A problem with the frontmatter itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FrontmatterIssue {
    Missing,
    Unterminated,
    TooLarge {
        bytes: usize,
    },
    InvalidYaml {
        line: usize,
        message: String,
    },
    /// The YAML hit a parse budget (nodes, aliases, depth, scalar bytes):
    /// the frontmatter was not fully read, so the analysis is incomplete.
    OverBudget {
        line: usize,
        message: String,
    },
    DuplicateKey {
        key: String,
        lines: Vec<usize>,
    },
    NotAMapping,
}

/// The parsed manifest, with line numbers for locating findings.
#[derive(Debug, Clone, Default)]
pub struct Manifest {
    /// Parsed frontmatter (empty object when absent or invalid).
    pub data: serde_json::Map<String, Value>,
    pub issues: Vec<FrontmatterIssue>,
    /// 1-based line of each top-level key (first occurrence).
    pub key_lines: BTreeMap<String, usize>,
    /// Byte offset where the Markdown body starts.
    pub body_offset: usize,
    /// 1-based line where the body starts.
    pub body_line: usize,
    /// 1-based line where the frontmatter content starts (after `---`).
    pub fm_line: usize,
    /// Raw frontmatter text.
    pub raw: String,
    /// The OpenClaw metadata namespace object, if any.
    pub openclaw: Option<serde_json::Map<String, Value>>,
}
