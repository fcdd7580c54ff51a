//! Resource limits for hostile input. Every skill is written by a possible
//! attacker: each limit bounds time or memory, and exceeding one is reported
//! and marks the analysis incomplete (which blocks in gate mode).

/// Bytes of one file that are analysed.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;
/// Bytes of all files of one skill that are analysed.
pub const MAX_SKILL_BYTES: u64 = 64 * 1024 * 1024;
/// Files inventoried in one skill.
pub const MAX_FILES: usize = 5_000;
/// Folder depth below the skill root.
pub const MAX_DEPTH: usize = 24;
/// Bytes of YAML frontmatter parsed.
pub const MAX_FRONTMATTER_BYTES: usize = 64 * 1024;
/// Folder depth searched for skills below a scan root.
pub const MAX_DISCOVERY_DEPTH: usize = 12;
/// Code parsed by tree-sitter per file, in bytes; larger code is scanned by
/// the line-level matchers only.
pub const MAX_PARSE_BYTES: usize = 16 * 1024 * 1024;
/// Microseconds of tree-sitter parsing per source unit.
pub const PARSE_TIMEOUT_MICROS: u64 = 3_000_000;
/// Recursion depth when walking a syntax tree.
pub const MAX_AST_DEPTH: usize = 400;
/// Recursive decode depth for encoded payloads.
pub const MAX_DECODE_DEPTH: usize = 3;
/// Bytes decoded from one literal.
pub const MAX_DECODED_BYTES: usize = 256 * 1024;
/// Evidence items kept per file (a pathological file cannot flood the report).
pub const MAX_EVIDENCE_PER_FILE: usize = 2_000;
/// Findings reported per rule per file.
pub const MAX_FINDINGS_PER_RULE_FILE: usize = 25;
/// Archive entries listed.
pub const MAX_ARCHIVE_ENTRIES: usize = 10_000;
