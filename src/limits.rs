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
/// Bytes of YAML frontmatter parsed: the whole file (the YAML budgets in
/// `skill/frontmatter.rs` bound the cost; a breach marks the skill
/// incomplete).
pub const MAX_FRONTMATTER_BYTES: usize = MAX_FILE_BYTES as usize;
/// Folder depth searched for skills below a scan root. A folder at this
/// depth that has sub-folders is reported as not searched (the run is
/// incomplete); it was 12, and deeper skills were dropped without a word.
pub const MAX_DISCOVERY_DEPTH: usize = 64;
/// Folders visited when searching the scan roots for skills (one run).
/// Past it the search stops and names the first folder not searched (the
/// run is incomplete).
pub const MAX_DISCOVERY_FOLDERS: usize = 100_000;
/// Code parsed by tree-sitter per file, in bytes; larger code is scanned by
/// the line-level matchers only.
pub const MAX_PARSE_BYTES: usize = 16 * 1024 * 1024;
/// Microseconds of tree-sitter parsing per source unit.
pub const PARSE_TIMEOUT_MICROS: u64 = 3_000_000;
/// Milliseconds of extraction per skill. Files not yet analysed when the
/// budget runs out are listed and the analysis is marked incomplete (many
/// files each just under the parse timeout cannot add up to minutes).
pub const SKILL_TIME_BUDGET_MS: u64 = 30_000;

/// The per-skill budget in force: `SKILL_TIME_BUDGET_MS`, or the
/// `SKILLSCAN_SKILL_BUDGET_MS` environment variable of the scanner's user
/// (a slower machine, or a test). The skill being scanned cannot set it.
pub fn skill_time_budget() -> std::time::Duration {
    static MS: std::sync::LazyLock<u64> = std::sync::LazyLock::new(|| {
        std::env::var("SKILLSCAN_SKILL_BUDGET_MS")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(SKILL_TIME_BUDGET_MS)
    });
    std::time::Duration::from_millis(*MS)
}
/// A skill's wall-clock deadline, started when its analysis starts and
/// checked cooperatively: between files, between the passes that follow
/// extraction (script calls, own-writes, flow, SSL build), and inside the
/// loops of the Markdown and prose extractors and before every code unit.
/// Past it the skill is incomplete, naming the limit. Only the scanner's
/// user sets the budget (`--skill-budget-ms`, the policy's
/// `skill_budget_ms`, `SKILLSCAN_SKILL_BUDGET_MS`); nothing in a skill can.
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    start: std::time::Instant,
    budget: std::time::Duration,
}

impl Deadline {
    /// The deadline of a skill whose analysis starts now.
    pub fn for_skill() -> Self {
        Self::after(skill_time_budget())
    }

    pub fn after(budget: std::time::Duration) -> Self {
        Self {
            start: std::time::Instant::now(),
            budget,
        }
    }

    pub fn expired(&self) -> bool {
        self.start.elapsed() > self.budget
    }

    pub fn budget_ms(&self) -> u128 {
        self.budget.as_millis()
    }

    /// "the skill's N ms analysis budget ran out", and how to raise it.
    pub fn ran_out(&self) -> String {
        format!(
            "the skill's {} ms analysis budget ran out (raise it with --skill-budget-ms, the policy's skill_budget_ms or SKILLSCAN_SKILL_BUDGET_MS)",
            self.budget_ms()
        )
    }
}

impl Default for Deadline {
    /// No deadline (unit tests and single extractors).
    fn default() -> Self {
        Self::after(std::time::Duration::MAX)
    }
}

/// Recursion depth when walking a syntax tree.
pub const MAX_AST_DEPTH: usize = 400;
/// Levels of code nested in code (`sh -c '…'` inside `sh -c '…'`, a decoded
/// payload inside a `python -c` string). No real skill comes close; deeper
/// code is not analysed and the analysis is marked incomplete.
pub const MAX_NEST_DEPTH: usize = 16;
/// Layers of encoding decoded after the first (base64 of base64, zlib of
/// base64 …). A payload with more layers marks the analysis incomplete.
pub const MAX_DECODE_DEPTH: usize = 8;
/// Bytes kept from one decoded literal (what a zlib or gzip layer inflates
/// to): the file-size limit, so no literal of an analysed file is cut
/// short of a decompression bomb; past it the analysis is incomplete.
pub const MAX_DECODED_BYTES: usize = MAX_FILE_BYTES as usize;
/// Encoded literals decoded and analysed per unit (a file, a code block, a
/// decoded payload). Past it the analysis is incomplete.
pub const MAX_DECODED_LITERALS: usize = 4_096;
/// Evidence items kept per file (a pathological file cannot flood the report).
pub const MAX_EVIDENCE_PER_FILE: usize = 2_000;
/// Findings reported per rule per file.
pub const MAX_FINDINGS_PER_RULE_FILE: usize = 25;
/// Findings reported per rule per skill (the rest are counted in the last
/// one kept: "and K more").
pub const MAX_FINDINGS_PER_RULE_SKILL: usize = 100;
// Archives: every entry is listed and every declared size counted (one
// linear pass over the central directory or the tar headers); gzip output
// is read up to 64 MiB (`extract/artifacts.rs`), past which the analysis is
// incomplete.
