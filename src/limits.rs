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
/// tree-sitter progress checks per source unit. tree-sitter calls the
/// progress callback once per 100 parser operations, so this budget is a
/// count of parser work: the same input stops at the same place on every
/// machine and under any load (a wall-clock timeout made a large script's
/// report depend on the machine's load). Ordinary code takes 8–13 checks
/// per KiB, so 150,000 checks is about 12 MiB of ordinary code, 3–8 s of
/// parsing on a loaded 2-core machine.
pub const PARSE_MAX_PROGRESS_CHECKS: u64 = 150_000;
/// Microseconds of wall time per tree-sitter parse: a backstop only, for a
/// grammar's external scanner spending long between two progress checks
/// (hostile input). Ordinary input stops at `PARSE_MAX_PROGRESS_CHECKS`
/// long before; a parse cut by this backstop is marked incomplete like any
/// other limit, but where it stops depends on the machine.
pub const PARSE_WALL_BACKSTOP_MICROS: u64 = 20_000_000;

/// The parse limits in force on one thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseLimits {
    /// Bytes of one unit (`MAX_PARSE_BYTES`).
    pub max_bytes: usize,
    /// Progress checks of one parse (`PARSE_MAX_PROGRESS_CHECKS`).
    pub max_checks: u64,
    /// Wall-time backstop of one parse (`PARSE_WALL_BACKSTOP_MICROS`).
    pub wall_micros: u64,
}

impl ParseLimits {
    /// The production limits.
    pub const DEFAULT: ParseLimits = ParseLimits {
        max_bytes: MAX_PARSE_BYTES,
        max_checks: PARSE_MAX_PROGRESS_CHECKS,
        wall_micros: PARSE_WALL_BACKSTOP_MICROS,
    };

    /// Each limit the lower of the two.
    fn min(self, o: ParseLimits) -> ParseLimits {
        ParseLimits {
            max_bytes: self.max_bytes.min(o.max_bytes),
            max_checks: self.max_checks.min(o.max_checks),
            wall_micros: self.wall_micros.min(o.wall_micros),
        }
    }
}

thread_local! {
    static PARSE_LIMITS: std::cell::Cell<ParseLimits> =
        const { std::cell::Cell::new(ParseLimits::DEFAULT) };
}

/// The parse limits in force on this thread: [`ParseLimits::DEFAULT`],
/// unless a test lowered them.
pub fn parse_limits() -> ParseLimits {
    PARSE_LIMITS.with(|c| c.get())
}

/// Lowers the parse limits on this thread until the guard is dropped, so a
/// test can take the production path past them with a small input. Only
/// the scanner's own code can call it; nothing in a skill reaches it.
#[doc(hidden)]
pub fn lower_parse_limits_for_tests(to: ParseLimits) -> ParseLimitsGuard {
    let old = parse_limits();
    PARSE_LIMITS.with(|c| c.set(old.min(to)));
    ParseLimitsGuard(old)
}

/// Restores the parse limits when dropped.
#[doc(hidden)]
pub struct ParseLimitsGuard(ParseLimits);

impl Drop for ParseLimitsGuard {
    fn drop(&mut self) {
        PARSE_LIMITS.with(|c| c.set(self.0));
    }
}

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

/// Calls followed from a shell function that shadows a password-asking
/// program (`sudo() { _auth; … }`) to the helpers that may read the typed
/// password (round 25, `shell/walk.rs` `mark_shadow_helpers`); a deeper
/// chain marks the script incomplete.
pub const SHADOW_HELPER_DEPTH: usize = 4;
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
/// Round 23 (`extract/xor.rs`): distinct literal XOR keys tried per file,
/// and byte lists decoded per file (each list with every key: the work is
/// at most keys × the file's bytes).
pub const XOR_MAX_KEYS: usize = 32;
pub const XOR_MAX_LISTS: usize = 512;
/// Round 23 (`extract/manifest_hooks.rs`): lifecycle hooks a file sets in a
/// manifest, each read as shell code; past it the file is incomplete.
pub const MANIFEST_HOOKS_MAX: usize = 64;
/// `npm run X` hops followed through a package.json `scripts` table from
/// one lifecycle hook (`extract/lifecycle.rs`), and the bytes the resolved
/// command may grow to; past either the rest is left as written and the
/// file is marked incomplete.
pub const LIFECYCLE_MAX_HOPS: usize = 16;
pub const LIFECYCLE_MAX_BYTES: usize = 16 * 1024;
/// Evidence items kept per file (a pathological file cannot flood the report).
pub const MAX_EVIDENCE_PER_FILE: usize = 2_000;
/// SK-EXFIL-004 (a secret read and a send with no proven flow) pairs every
/// secret source with every send; past these counts the pairing stops and
/// the skill is marked incomplete (`rules/detectors/secret_flow.rs`).
pub const NO_FLOW_MAX_SOURCES: usize = 512;
pub const NO_FLOW_MAX_SINKS: usize = 8_192;
/// Findings reported per rule per file.
pub const MAX_FINDINGS_PER_RULE_FILE: usize = 25;
/// Findings reported per rule per skill (the rest are counted in the last
/// one kept: "and K more").
pub const MAX_FINDINGS_PER_RULE_SKILL: usize = 100;
// Archives: every entry is listed and every declared size counted (one
// linear pass over the central directory or the tar headers); gzip output
// is read up to 64 MiB (`extract/artifacts.rs`), past which the analysis is
// incomplete.

// --- Value-following caps of the extractors -------------------------------
// An extractor follows values (a variable's string, a list's elements, the
// bindings an expression reads) only so far. Every byte is still read and
// every command still seen, but a value built past one of these caps is
// unknown, so a payload assembled only through it could be missed. Each cap
// therefore records what it gave up (`gave_up`), and a file where one was
// hit is marked incomplete, naming the cap and the file (`CutScope`).

/// Shell: bytes a folded `printf`/`echo` value (or a function's output) may
/// reach.
pub const SHELL_MAX_FOLD: usize = 64 * 1024;
/// Shell: bytes of variable values built from other variables
/// (`B="$A/x"`) kept per file; past it such a variable is unknown.
pub const SHELL_MAX_VAR_BYTES: usize = 16 * 1024 * 1024;
/// Shell: function outputs (`$(fn)`) folded per file.
pub const SHELL_MAX_FUNCTION_FOLDS: u32 = 2_000;
/// Shell: bytes of text written to start-up files that are analysed again,
/// per file.
pub const SHELL_MAX_DECODED_PERSIST: usize = 256 * 1024;
/// Shell: nested `$(…)` levels folded from their syntax.
pub const SHELL_MAX_FOLD_NESTING: u8 = 6;
/// Every front-end: distinct values a loop variable over a literal list or
/// array is walked with (`extract/value_set.rs`); past it one value per
/// path class stands for the rest, and a class that does not fit marks the
/// file incomplete.
pub const MAX_LOOP_VALUES: usize = 16;
/// Every front-end: further walks of loop bodies per file, one per loop
/// value after the first; past it the riskiest value alone is walked and
/// the file is incomplete.
pub const MAX_LOOP_WALKS: usize = 1024;
/// Handles derived from a job channel followed per file (`channel.rs`:
/// `f = s.makefile()`, wrappers of wrappers); past it the file is incomplete.
pub const MAX_CHANNEL_HANDLES: usize = 64;
/// Every front-end: function aliases followed per file (`p =
/// os.path.expanduser`, `Set-Alias`, `alias x=…`; `extract/value_set.rs`
/// `Aliases`); past it a new alias is not followed and the file is
/// incomplete.
pub const MAX_FN_ALIASES: usize = 256;
/// Every front-end: values a list grown one element at a time holds
/// (`l.append(x)` / `a.push(x)` in a loop, `value_set::grow`); past it a
/// new value is not kept and the file is incomplete.
pub const MAX_GROWN_VALUES: usize = 1024;
/// Token-level languages: bytes after a call that opens a start-up file
/// (`File.open(rc, "a")`) searched for the write through its handle; a
/// handle write only further on marks the file incomplete.
pub const TOKEN_HANDLE_WINDOW: usize = 1024;
/// Shell: elements kept per array assigned literally (`A=(…)`, `A+=(…)`).
pub const MAX_ARRAY_ELEMS: usize = 1024;
/// PowerShell: levels of parentheses and operators a string expression
/// is folded through (`'a' + ('b' + ('c' …))`, `-join`, `-f`); deeper, the
/// value is unknown and the file incomplete.
pub const PS_MAX_FOLD_DEPTH: usize = 8;
/// PowerShell: longest string value a variable is resolved to.
pub const PS_MAX_VAR_LEN: usize = 64 * 1024;
/// PowerShell: longest variable value substituted into a string.
pub const PS_MAX_SUBST: usize = 4096;
/// Python: longest known string value of a variable.
pub const PY_MAX_VALUE_BYTES: usize = 1 << 20;
/// Python: candidates a container-valued expression stands for.
pub const PY_MAX_CANDS: usize = 1000;
/// Python: string values read from one list literal.
pub const PY_MAX_LIST_VALUES: usize = 1024;
/// Python: bindings kept per alias (`a = b`); a closure holds at most four
/// times as many, reached in at most sixteen times as many steps. Past it
/// the set stands for any binding of the file (`evidence::ANY_BINDING`):
/// conservative, so the file stays complete.
pub const PY_MAX_ALIAS: usize = 64;
/// Python: syntax nodes walked to find the bindings of one expression;
/// past it the expression may read any binding of the file (`ANY_BINDING`).
pub const PY_MAX_BINDING_NODES: usize = 2_048;
/// JavaScript: bindings kept per value; past it the value may come from
/// any binding of the file (`ANY_BINDING`).
pub const JS_MAX_BINDS: usize = 32;
/// JavaScript: longest folded string built by concatenation.
pub const JS_MAX_FOLD: usize = 16 * 1024;
/// JavaScript: array elements kept per literal.
pub const JS_MAX_ELEMS: usize = 4096;
/// JavaScript: object properties kept per literal.
pub const JS_MAX_PROPS: usize = 4096;

/// PowerShell: longest native command line (`cmd /c …`, `bash -c …`)
/// rebuilt from resolved words.
pub const PS_MAX_NATIVE_LINE: usize = 4096;
/// PowerShell: physical lines joined into one command while a bracket is
/// open (`@(` … `)`, `@{` … `}`) or a line ends in a continuation.
pub const PS_MAX_JOIN_LINES: usize = 256;
/// PowerShell: functions, endless loops and commands read from the
/// grammar's tree per unit; past it the rest of the structure (summaries,
/// loops, calls) is not read (the line reader still reads every statement).
pub const PS_MAX_STRUCTURE: usize = 1_000_000;
/// PowerShell: longest argument of a command read for a call's bindings or
/// a dot-sourced path (a longer one, such as a nested script block, keeps
/// its place but not its text, so nested commands are not copied per level).
pub const PS_MAX_ARG_WORD: usize = 1024;
/// Agent SDK calls: bytes of a call's arguments read for its options
/// (`permission_mode`, `allowed_tools` …).
pub const SDK_MAX_ARGS: usize = 2000;
/// Bytes of a run call's argument list read in code no extractor parses
/// (`system(…)`, `exec.Command(…)`).
pub const TOKEN_MAX_CALL_ARGS: usize = 4000;
/// Token-level languages: assignments of built strings
/// (`local job = string.format(…)`) one file's values are folded from.
pub const TOKEN_MAX_EXPR_VARS: usize = 2000;
/// Token-level languages: evaluator calls (`eval(…)`, `load(…)`) of one
/// file checked for fetched text (`tokens.rs` `fetched_eval`; each looks
/// back through the file for its variable's assignment).
pub const TOKEN_MAX_EVAL_CALLS: usize = 64;
/// Token-level languages (round 31): writes of one file (`file_put_contents(p,
/// x)`, `File.write(p, x)`) kept to pair with a later `include`/`load` of
/// the same path (`token_written.rs`).
pub const TOKEN_MAX_WRITE_LOADS: usize = 256;
/// Names of a written value looked up for what they were assigned
/// (`token_written::carries`); past it the file is incomplete.
pub const TOKEN_MAX_CARRY_NAMES: usize = 64;
/// Python (round 31): loads of a file path as code (`sys.path.insert`,
/// `zipimport.zipimporter`, `spec_from_file_location`) of one file checked
/// against the files the skill wrote (`python/call.rs` `call_path_load`).
pub const PY_MAX_PATH_LOADS: usize = 64;
/// Round-20 readers (each hit marks the file incomplete): literal addresses
/// and `@` signs one file's mail-forwarding reader checks, spellings of a
/// forwarding call per spelling (`mail_forward.rs`); walk lines and names
/// bound to a home or disk root per file (`walk_wipe.rs`); endless loops per
/// file read for a fetch-and-run body (`remote_control.rs`); writes through
/// one opened start-up file handle (`token_planted.rs`).
pub const MAIL_MAX_ADDRESSES: usize = 64;
pub const MAIL_MAX_AT_SIGNS: usize = 4096;
pub const MAIL_MAX_FORWARD_CALLS: usize = 16;
/// Round 26 (`objects.rs`): bytes read back from a security-mail word for
/// the list literal that holds it (`NOISE = [` … many lines … `]`), and
/// reads of valuable objects or sends looked at per file.
pub const OBJECTS_MAX_LIST_BACK: usize = 8_000;
pub const OBJECTS_MAX_SITES: usize = 64;
pub const WALK_MAX_LINES: usize = 64;
pub const WALK_MAX_ROOT_NAMES: usize = 16;
/// Round 37 (`extract::social_actions`): account actions and URLs read per
/// file; past either the file is incomplete.
pub const SOCIAL_MAX_SITES: usize = 256;
/// Round 37 (`extract::tf_http`): request blocks read per Terraform file,
/// and bytes one block may span.
pub const MAX_TF_BLOCKS: usize = 64;
pub const MAX_TF_BLOCK: usize = 16_384;
/// Round 37 (`extract::shell`): parses of one shell unit again after giving
/// back lines the grammar swallowed into a redirect.
pub const SHELL_MAX_REPARSES: usize = 4;
pub const SOCIAL_MAX_URLS: usize = 512;
/// Names a file binds to a server's answer, followed into loop counts
/// (`extract::exhaust`); past it the file is incomplete.
pub const EXHAUST_MAX_NAMES: usize = 4096;
pub const REMOTE_CONTROL_MAX_LOOPS: usize = 32;
/// Endless loops per file read for a request flood (`fanout.rs`
/// `runaway_loops`, round 21).
pub const FANOUT_MAX_LOOPS: usize = 32;
/// Remote peers and timer re-arms read per file for a stranger's queue or
/// fan-out (`stranger.rs`, round 44).
pub const STRANGER_MAX_SITES: usize = 4096;
/// Bytes of one endless loop's body read for requests, pauses and exits
/// (`fanout.rs` `loop_body`); a body running past it marks the file
/// incomplete.
pub const FANOUT_BODY_MAX: usize = 2000;
/// Round 25 (`amplify.rs`): sites of each amplification shape (endless
/// loops, spawns, pools, evasions) read per file; each reads a region
/// reach of at most `REGION_MAX_REACH_BYTES`.
pub const AMPLIFY_MAX_SITES: usize = 48;
/// Round 22 (`reroute.rs`): logical lines of one text read for a setting
/// that reroutes a tool, and reroutes reported per text.
pub const REROUTE_MAX_SEGMENTS: usize = 200_000;
pub const REROUTE_MAX_FINDINGS: usize = 32;
/// Round 22 (`cred_mounts.rs`): container mounts of one text read for a
/// credential folder.
pub const MOUNT_MAX_SPECS: usize = 256;
/// Round 22 (`admin_backdoor.rs`): function bodies of one file read for a
/// planted administrator login, and bytes of one body.
pub const BACKDOOR_MAX_FUNCTIONS: usize = 512;
pub const BACKDOOR_MAX_BODY: usize = 20_000;
/// Round 24 (`outside_grant.rs`): bytes each way from a principal read for
/// the policy statement around it (a heuristic bound on one statement),
/// and principals, send calls and constant uses of one file read (more
/// marks the skill incomplete).
pub const GRANT_MAX_STATEMENT: usize = 2_000;
pub const GRANT_MAX_MATCHES: usize = 1_024;
/// Round 26 (`data_policy.rs`): policy statements and role keys of one
/// file read (each reads at most `MAX_LITERAL_BYTES` around it), and
/// assignment lines folded.
pub const POLICY_MAX_STATEMENTS: usize = 512;
pub const POLICY_MAX_ASSIGNMENTS: usize = 20_000;
/// Round 24 (`auth_relay.rs`): bytes of one send call's arguments read (a
/// heuristic bound on one call).
pub const AUTH_RELAY_MAX_CALL: usize = 4_000;
pub const TOKEN_MAX_HANDLE_WRITES: usize = 16;
/// Calls of block-creating node RPCs one file's mining reader checks for an
/// endless loop around them (`miner.rs` `block_loop`).
pub const MINER_MAX_RPC_CALLS: usize = 64;
/// Call sites of a hashing function one file's proof-of-work reader checks
/// for a caller that received the job (`miner.rs` `caller_receives`).
pub const MINER_MAX_CALLERS: usize = 32;
/// Token-level values (`extract/token_values.rs`): bytes of a function or
/// loop body read, wrapper functions per file, and call sites of wrappers
/// per file read with the wrapper's run call.
pub const TOKEN_MAX_BODY: usize = 20_000;
pub const TOKEN_MAX_WRAPPERS: usize = 32;
pub const TOKEN_MAX_WRAPPER_SITES: usize = 512;
/// Passes of the token-level name flow (`extract/token_flow.rs`) before
/// the carried sets must have stopped growing (a chain of this many
/// functions or assignments deep).
pub const TOKEN_FLOW_PASSES: usize = 6;
/// Cloud SDK deletes over a listing: `if` lines of the file read for a
/// date or environment gate (`sdk::file_gate`).
pub const SDK_MAX_GATE_LINES: usize = 2000;
/// Destruction by object (`extract/doomed.rs`, round 24): lines of a code
/// file read, lines above a removal searched for its enclosing loop head or
/// gate, lines a listing assignment is followed over, and bytes of a
/// Markdown section read.
pub const DOOMED_MAX_LINES: usize = 4_000_000;
pub const DOOMED_LOOP_LINES: usize = 200;
pub const DOOMED_STMT_LINES: usize = 8;
/// Round 43: lines above a removal searched for the head of the function
/// holding it (the names a listing binds are read from there on); a head
/// further up counts as at this bound. Unbounded, a file of many removals
/// in one long body was read quadratically.
pub const DOOMED_SCOPE_LINES: usize = 2_000;
/// Round 43: bulk removals reported per file; one more marks the skill
/// incomplete (a removal past the bound is not read).
pub const DOOMED_MAX_REMOVALS: usize = 64;
pub const DOOMED_MAX_SECTION: usize = 200_000;
/// Encoded delete targets (`extract/encoded_target.rs`, round 35): passes
/// over a file following the names bound from an encoded literal, and the
/// names followed; past either the skill is incomplete.
pub const ENCODED_TARGET_ROUNDS: usize = 4;
pub const ENCODED_TARGET_NAMES: usize = 64;
/// Names followed from one secret read into request headers, cookies or
/// query parameters (`extract/request_parts.rs`, round 35; each a linear pass
/// over the file's lines), and names holding a stored registry credential
/// (`extract/cred_repoint.rs`, round 35); past either the skill is incomplete.
pub const REQUEST_PART_MAX_NAMES: usize = 256;
pub const CRED_REPOINT_MAX_NAMES: usize = 256;
/// Bytes of one policy value read by `extract/admin_attach.rs` (a list of
/// ARNs over lines included); past it the skill is incomplete.
pub const ADMIN_ATTACH_VALUE_BYTES: usize = 4096;
/// Editor event registrations read per code file by `extract/editor_hooks.rs`;
/// past it the skill is incomplete.
pub const EDITOR_HOOKS_MAX_EVENTS: usize = 64;
/// Code-hosting permission calls read per file by `extract/platform_grant.rs`;
/// past it the skill is incomplete.
pub const PLATFORM_GRANT_SITES: usize = 256;
/// Bytes of one assigned expression or member value read by
/// `extract/data_policy.rs`; a longer value makes the skill incomplete.
pub const POLICY_MAX_VALUE_BYTES: usize = 64_000;
/// Bytes of one trust-policy principal value read by
/// `extract/trust_policy.rs`; past it the skill is incomplete.
pub const TRUST_POLICY_VALUE_BYTES: usize = 2048;
/// Round 42: modules holding the user's model key that
/// `remote_jobs::scan_skill` checks each job-loop file against; past it
/// the skill is incomplete.
pub const REMOTE_JOBS_MAX_MODULES: usize = 32;
/// Round 42: run calls per file whose arguments `exposure::request_exec`
/// reads (each argument list whole); past it the skill is incomplete.
pub const REQUEST_EXEC_MAX_CALLS: usize = 256;
/// Round 42: names assigned from request data that
/// `exposure::request_exec` follows per file; past it the skill is
/// incomplete.
pub const REQUEST_EXEC_MAX_NAMES: usize = 64;
/// Server-script openers (`<?php`, `<%`) looked at per file by
/// `extract/webshell.rs`; past it the skill is incomplete.
pub const WEBSHELL_MAX_OPENERS: usize = 64;
/// Distinct variables filled by hidden password reads looked up per file
/// (`extract/fake_prompt.rs`, round 36); past it the skill is incomplete.
pub const FAKE_PROMPT_READ_VARS: usize = 64;
/// Bytes of one SQL statement read after a write verb on the macOS consent
/// database (`extract/consent_db.rs`, round 36); a longer one makes the
/// skill incomplete.
pub const CONSENT_DB_STATEMENT: usize = 4096;
/// Functions of one code file indexed for removals chosen by globs and
/// walks (`extract/glob_doom.rs`, round 25); past it the rest of the file's
/// functions are not followed and the skill is incomplete.
pub const GLOB_DOOM_MAX_FUNCTIONS: usize = 4_096;
/// Repository-host REST deletes (`extract/repo_api.rs`) and SQL handed to a
/// database driver (`extract/sql_calls.rs`): bytes of the statement around
/// an endpoint or a driver call read for its method or its SQL.
pub const TOKEN_MAX_STATEMENT: usize = 2000;

/// Regions by structure (`extract/region.rs`, round 22): nesting read
/// (deeper openers are counted, not recorded), blocks recorded per file,
/// and bytes one reach (a region plus the local functions it calls,
/// transitively) reads. Hitting one marks the skill incomplete.
pub const REGION_MAX_DEPTH: usize = 256;
pub const REGION_MAX_BLOCKS: usize = 200_000;
pub const REGION_MAX_REACH_BYTES: usize = 1_000_000;
/// Sites per file and class whose region is read (a listing, a walk, a
/// deletion, a hash line): each reads at most `REGION_MAX_REACH_BYTES`.
pub const REGION_MAX_SITES: usize = 256;

/// Wrapper-function summaries (`extract/summaries.rs`): how many levels of
/// wrappers calling wrappers are followed, how many call sites are given
/// their wrapper's sink per skill, and the longest argument value taken
/// as a sink's target. Hitting one marks the skill incomplete.
pub const MAX_SUMMARY_DEPTH: usize = 8;
pub const MAX_SUMMARY_SITES: usize = 2_000;
pub const MAX_SUMMARY_ARG_BYTES: usize = 4_096;

/// Round 24 (pwsh24): words of one command read by the Windows security
/// tampering table (`extract/win_tamper.rs`); a longer command is not
/// classified and the file is incomplete.
pub const WIN_TAMPER_MAX_ARGS: usize = 512;
/// Round 24 (pwsh24): bytes of text written to a PowerShell start-up file
/// (`$PROFILE`, `profile.ps1`) read again as the code it becomes, per
/// file; past it the file is incomplete.
pub const PS_MAX_PLANTED: usize = 256 * 1024;
/// Round 24 (pwsh24): words of one `Start-Process -ArgumentList` read as
/// the started program's argv; the rest is not read and the file is
/// incomplete.
pub const PS_MAX_ARGLIST_WORDS: usize = 256;

/// What each value-following cap gives up, for the incomplete message.
fn gave_up_what(limit: &str) -> String {
    if let Some(what) = token_gave_up_what(limit) {
        return what;
    }
    match limit {
        "SHELL_MAX_FOLD" => format!(
            "a printf/echo or function-output value longer than {SHELL_MAX_FOLD} bytes was cut"
        ),
        "SHELL_MAX_VAR_BYTES" => format!(
            "variables built from other variables held more than {SHELL_MAX_VAR_BYTES} bytes in one file; later ones are unknown"
        ),
        "SHELL_MAX_FUNCTION_FOLDS" => format!(
            "more than {SHELL_MAX_FUNCTION_FOLDS} function outputs ($(fn)) were to be folded; later ones are unknown"
        ),
        "SHELL_MAX_DECODED_PERSIST" => format!(
            "more than {SHELL_MAX_DECODED_PERSIST} bytes of text written to start-up files; the rest was not analysed again"
        ),
        "SHELL_MAX_FOLD_NESTING" => format!(
            "a command substitution nested more than {SHELL_MAX_FOLD_NESTING} levels deep was not folded"
        ),
        "PS_MAX_FOLD_DEPTH" => format!(
            "a PowerShell string expression nests more than {PS_MAX_FOLD_DEPTH} levels deep; its value was not read"
        ),
        "PS_MAX_VAR_LEN" => {
            format!("a variable's value grew past {PS_MAX_VAR_LEN} bytes and was not followed")
        }
        "PS_MAX_SUBST" => format!(
            "a variable's value of {PS_MAX_SUBST} bytes or more was not substituted into a string"
        ),
        "PS_MAX_NATIVE_LINE" => format!(
            "a native command line grew past {PS_MAX_NATIVE_LINE} bytes; its later arguments were not read"
        ),
        "WIN_TAMPER_MAX_ARGS" => format!(
            "a command of more than {WIN_TAMPER_MAX_ARGS} words was not read for Windows security tampering"
        ),
        "PS_MAX_ARGLIST_WORDS" => format!(
            "a Start-Process argument list of more than {PS_MAX_ARGLIST_WORDS} words was cut"
        ),
        "PS_MAX_PLANTED" => format!(
            "more than {PS_MAX_PLANTED} bytes of text written to PowerShell start-up files; the rest was not analysed again"
        ),
        "PS_MAX_JOIN_LINES" => format!(
            "a PowerShell command continued over more than {PS_MAX_JOIN_LINES} lines; the rest was read as new commands"
        ),
        "PS_MAX_STRUCTURE" => format!(
            "more than {PS_MAX_STRUCTURE} functions, loops and commands in one PowerShell unit; the rest of its structure was not read"
        ),
        "PS_MAX_ARG_WORD" => format!(
            "a PowerShell argument word longer than {PS_MAX_ARG_WORD} bytes was not read as a binding or a path"
        ),
        "SDK_MAX_GATE_LINES" => format!(
            "a file holding a cloud SDK delete has more than {SDK_MAX_GATE_LINES} `if` lines; its gates were not read"
        ),
        "ENCODED_TARGET_ROUNDS" => format!(
            "names bound from an encoded literal were followed over {ENCODED_TARGET_ROUNDS} passes of a file and still grew; the rest were not followed to a delete"
        ),
        "ENCODED_TARGET_NAMES" => format!(
            "more than {ENCODED_TARGET_NAMES} names were bound from one encoded literal; the rest were not followed to a delete"
        ),
        "DOOMED_MAX_LINES" => format!(
            "a code file has more than {DOOMED_MAX_LINES} lines; the rest was not read for bulk removals of irreplaceable objects"
        ),
        "GRANT_MAX_MATCHES" => format!(
            "more than {GRANT_MAX_MATCHES} account grants, sends or constant uses in one file were weighed; the rest were not read"
        ),
        "GLOB_DOOM_MAX_FUNCTIONS" => format!(
            "a code file has more than {GLOB_DOOM_MAX_FUNCTIONS} functions; the rest were not followed for removals chosen by globs and walks"
        ),
        "DOOMED_MAX_SECTION" => format!(
            "a Markdown section is longer than {DOOMED_MAX_SECTION} bytes; the rest was not read for bulk removals of irreplaceable objects"
        ),
        "EDITOR_HOOKS_MAX_EVENTS" => "a code file registers more than 64 editor events; the rest were not read for callbacks that send or run fetched code".to_string(),
        "WEBSHELL_MAX_OPENERS" => "a code file holds more than 64 server-script openers (`<?php`, `<%`) or writes of server scripts; the rest were not read for a webshell".to_string(),
        "OBJECTS_MAX_LIST_BACK" => format!(
            "a list literal holding account-security mail words opens more than {OBJECTS_MAX_LIST_BACK} bytes before the word; its name was not read"
        ),
        "OBJECTS_MAX_SITES" => format!(
            "a file spells one valuable-object read or send more than {OBJECTS_MAX_SITES} times; the rest were not read"
        ),
        "MAIL_MAX_ADDRESSES" => format!(
            "a file holds more than {MAIL_MAX_ADDRESSES} quoted mail addresses; the rest were not checked for a forwarding rule"
        ),
        "MAIL_MAX_AT_SIGNS" => format!(
            "a file holds more than {MAIL_MAX_AT_SIGNS} `@` signs; the rest were not read as mail addresses"
        ),
        "MAIL_MAX_FORWARD_CALLS" => format!(
            "a file spells one mail-forwarding call more than {MAIL_MAX_FORWARD_CALLS} times; the rest were not read"
        ),
        "WALK_MAX_LINES" => format!(
            "a file walks folders on more than {WALK_MAX_LINES} lines; the rest were not read for a destructive walk"
        ),
        "SHELL_MAX_REPARSES" => format!(
            "shell code needed more than {SHELL_MAX_REPARSES} parses to give back lines swallowed into a redirect; the rest were read as parsed"
        ),
        "MAX_TF_BLOCKS" => format!(
            "a Terraform file holds more than {MAX_TF_BLOCKS} data \"http\" blocks; the rest were not read"
        ),
        "MAX_TF_BLOCK" => format!(
            "a Terraform data \"http\" block spans more than {MAX_TF_BLOCK} bytes; it was not read"
        ),
        "SOCIAL_MAX_SITES" => format!(
            "a file names account-action endpoints more than {SOCIAL_MAX_SITES} times; the rest were not read"
        ),
        "SOCIAL_MAX_URLS" => format!(
            "a file holds more than {SOCIAL_MAX_URLS} URLs; the rest were not read as the list account actions go over"
        ),
        "EXHAUST_MAX_NAMES" => format!(
            "a file binds more than {EXHAUST_MAX_NAMES} names to a server's answer; the rest were not followed into loop counts"
        ),
        "PLATFORM_GRANT_SITES" => "a file holds more than 256 code-hosting permission calls; the rest were not read".to_string(),
        "WALK_MAX_ROOT_NAMES" => format!(
            "a file binds more than {WALK_MAX_ROOT_NAMES} names to a home or disk root; the rest were not followed"
        ),
        "REGION_MAX_DEPTH" => format!(
            "code nests deeper than {REGION_MAX_DEPTH} blocks; deeper blocks were not read as regions"
        ),
        "REGION_MAX_BLOCKS" => format!(
            "a file holds more than {REGION_MAX_BLOCKS} blocks; the rest were not read as regions"
        ),
        "REGION_MAX_REACH_BYTES" => format!(
            "a region and the functions it calls run past {REGION_MAX_REACH_BYTES} bytes; the rest was not read"
        ),
        "REGION_MAX_SITES" => format!(
            "a file holds more than {REGION_MAX_SITES} sites of one behaviour class; the rest were not read"
        ),
        "AMPLIFY_MAX_SITES" => format!(
            "a file holds more than {AMPLIFY_MAX_SITES} sites of one amplification shape; the rest were not read"
        ),
        "STRANGER_MAX_SITES" => format!(
            "a file holds more than {STRANGER_MAX_SITES} remote peers or timer re-arms; the rest were not read for work done for a stranger"
        ),
        "FANOUT_MAX_LOOPS" => format!(
            "a file holds more than {FANOUT_MAX_LOOPS} endless loops; the rest were not read for a request flood"
        ),
        "REROUTE_MAX_SEGMENTS" => format!(
            "a text holds more than {REROUTE_MAX_SEGMENTS} lines; the rest were not read for a setting that reroutes a tool"
        ),
        "REROUTE_MAX_FINDINGS" => format!(
            "a text writes more than {REROUTE_MAX_FINDINGS} settings that reroute a tool, or names more variable addresses in them; the rest were not reported or resolved"
        ),
        "BACKDOOR_MAX_FUNCTIONS" => format!(
            "a file holds more than {BACKDOOR_MAX_FUNCTIONS} functions; the rest were not read for a planted administrator login"
        ),
        "BACKDOOR_MAX_BODY" => format!(
            "a function body runs past {BACKDOOR_MAX_BODY} bytes (or is not closed); the rest was not read for a planted administrator login"
        ),
        "MOUNT_MAX_SPECS" => format!(
            "a text holds more than {MOUNT_MAX_SPECS} container mounts; the rest were not read for a credential folder"
        ),
        "FANOUT_BODY_MAX" => format!(
            "an endless loop's body runs past {FANOUT_BODY_MAX} bytes; the rest was not read for requests or pauses"
        ),
        "REMOTE_CONTROL_MAX_LOOPS" => format!(
            "a file holds more than {REMOTE_CONTROL_MAX_LOOPS} endless loops; the rest were not read for fetch-and-run"
        ),
        "SDK_MAX_ARGS" => format!(
            "an agent SDK call's arguments run past {SDK_MAX_ARGS} bytes; the rest were not read"
        ),
        "PY_MAX_VALUE_BYTES" => {
            format!("a variable's value grew past {PY_MAX_VALUE_BYTES} bytes and was not followed")
        }
        "PY_MAX_CANDS" => format!(
            "an expression stood for more than {PY_MAX_CANDS} container values; the rest were not followed"
        ),
        "PY_MAX_LIST_VALUES" => format!(
            "a list literal held more than {PY_MAX_LIST_VALUES} values; the rest were not followed"
        ),
        "JS_MAX_FOLD" => {
            format!("a string built by concatenation grew past {JS_MAX_FOLD} bytes and was cut")
        }
        "JS_MAX_ELEMS" => format!(
            "an array literal held more than {JS_MAX_ELEMS} elements; the rest were not followed"
        ),
        "JS_MAX_PROPS" => format!(
            "an object literal held more than {JS_MAX_PROPS} properties; the rest were not followed"
        ),
        "MAX_LOOP_VALUES" => format!(
            "a loop iterated more than {MAX_LOOP_VALUES} kinds of value; the rest were not followed"
        ),
        "MAX_ARRAY_ELEMS" => format!(
            "a shell array held more than {MAX_ARRAY_ELEMS} elements; the rest were not followed"
        ),
        "TOKEN_HANDLE_WINDOW" => format!(
            "a start-up file was opened for writing with no write through its handle in the next {TOKEN_HANDLE_WINDOW} bytes, but with one further on; what it writes was not read"
        ),
        "MAX_GROWN_VALUES" => format!(
            "a list grown by append or push held more than {MAX_GROWN_VALUES} values; the rest were not followed"
        ),
        "MAX_FN_ALIASES" => format!(
            "more than {MAX_FN_ALIASES} function aliases in one file; later ones were not followed"
        ),
        "MAX_CHANNEL_HANDLES" => format!(
            "more than {MAX_CHANNEL_HANDLES} handles derived from a job channel in one file; the rest were not followed"
        ),
        "MAX_LOOP_WALKS" => format!(
            "loop bodies were walked more than {MAX_LOOP_WALKS} times in one file; later loops took one value"
        ),
        _ => format!("the value-following limit {limit} was hit"),
    }
}

/// What each cap of the token-level readers (unparsed languages, miners,
/// policy files) gives up, for the incomplete message.
fn token_gave_up_what(limit: &str) -> Option<String> {
    Some(match limit {
        "TOKEN_MAX_HANDLE_WRITES" => format!(
            "more than {TOKEN_MAX_HANDLE_WRITES} writes follow one opened start-up file; the rest were not read as its text"
        ),
        "MINER_MAX_CALLERS" => format!(
            "a hashing function has more than {MINER_MAX_CALLERS} call sites; the rest were not checked for a received job"
        ),
        "MINER_MAX_RPC_CALLS" => format!(
            "a file calls block-creating node RPCs more than {MINER_MAX_RPC_CALLS} times; the rest were not checked for a mining loop"
        ),
        "POLICY_MAX_STATEMENTS" => format!(
            "a file holds more than {POLICY_MAX_STATEMENTS} policy statements or role keys; the rest were not read for grants"
        ),
        "POLICY_MAX_ASSIGNMENTS" => format!(
            "a file holds more than {POLICY_MAX_ASSIGNMENTS} assignments; later ones were not folded for policy values"
        ),
        "TOKEN_MAX_CARRY_NAMES" => format!(
            "a value written to a file later loaded as code names more than {TOKEN_MAX_CARRY_NAMES} variables; the rest were not looked up"
        ),
        "TOKEN_MAX_WRITE_LOADS" => format!(
            "a file in unparsed code holds more than {TOKEN_MAX_WRITE_LOADS} file writes; the rest were not paired with the files it loads as code"
        ),
        "PY_MAX_PATH_LOADS" => format!(
            "a Python file loads code from more than {PY_MAX_PATH_LOADS} file paths; the rest were not checked against the files the skill writes"
        ),
        "TOKEN_MAX_EVAL_CALLS" => format!(
            "a file in unparsed code holds more than {TOKEN_MAX_EVAL_CALLS} evaluator calls; the rest were not checked for fetched code"
        ),
        "TOKEN_MAX_EXPR_VARS" => format!(
            "a file in unparsed code assigns more than {TOKEN_MAX_EXPR_VARS} values; the rest were not folded"
        ),
        "TOKEN_MAX_CALL_ARGS" => format!(
            "a run call's arguments in unparsed code run past {TOKEN_MAX_CALL_ARGS} bytes; the rest were not read"
        ),
        "TOKEN_MAX_BODY" => format!(
            "a function or loop body in unparsed code runs past {TOKEN_MAX_BODY} bytes; the rest was not read as its body"
        ),
        "TOKEN_MAX_WRAPPERS" => format!(
            "more than {TOKEN_MAX_WRAPPERS} wrapper functions in one unparsed file; the rest were not inlined"
        ),
        "TOKEN_FLOW_PASSES" => format!(
            "a value in unparsed code passes through more than {TOKEN_FLOW_PASSES} functions or assignments in a chain; its end was not followed"
        ),
        "TOKEN_MAX_WRAPPER_SITES" => format!(
            "more than {TOKEN_MAX_WRAPPER_SITES} calls of wrapper functions in one unparsed file; the rest were not inlined"
        ),
        "TOKEN_MAX_STATEMENT" => format!(
            "a statement around a repository API endpoint or a database call runs past {TOKEN_MAX_STATEMENT} bytes; the rest was not read"
        ),
        _ => return None,
    })
}

thread_local! {
    /// Caps hit on this thread since the outermost `CutScope` began: (cap,
    /// times), in the order first hit.
    static CUTS: std::cell::RefCell<Vec<(&'static str, u64)>> = const { std::cell::RefCell::new(Vec::new()) };
    static SCOPES: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Records that the value-following cap `limit` (a constant's name in this
/// file) gave something up. Cheap; reported by the enclosing `CutScope`.
pub fn gave_up(limit: &'static str) {
    CUTS.with(|c| {
        let mut c = c.borrow_mut();
        match c.iter_mut().find(|(l, _)| *l == limit) {
            Some((_, n)) => *n += 1,
            None => c.push((limit, 1)),
        }
    });
}

/// The extraction of one file (or one unit analysed on its own). Scopes
/// nest: only the outermost one reports, so a cap hit in a decoded or
/// nested unit is charged to the file it came from.
pub struct CutScope {
    outer: bool,
}

impl CutScope {
    pub fn begin() -> Self {
        let depth = SCOPES.with(|s| {
            let d = s.get();
            s.set(d + 1);
            d
        });
        if depth == 0 {
            CUTS.with(|c| c.borrow_mut().clear());
        }
        Self { outer: depth == 0 }
    }

    /// Ends the scope; the outermost one appends a message per cap hit to
    /// `incomplete` ("PATH: what was given up (CAP, N times); …").
    pub fn end(self, path: &str, incomplete: &mut Vec<String>) {
        if !self.outer {
            return;
        }
        let hits = CUTS.with(|c| std::mem::take(&mut *c.borrow_mut()));
        for (limit, n) in hits {
            let msg = format!(
                "{}: {} ({limit}, {n} time(s)); a payload built from those values could be missed",
                crate::text::escape_display(path),
                gave_up_what(limit),
            );
            if !incomplete.contains(&msg) {
                incomplete.push(msg);
            }
        }
    }
}

impl Drop for CutScope {
    fn drop(&mut self) {
        SCOPES.with(|s| s.set(s.get().saturating_sub(1)));
    }
}

/// Cap hits recorded apart: (cap, times), in the order first hit.
pub type Cuts = Vec<(&'static str, u64)>;

/// Runs `f` with the cap hits it records kept apart from this thread's
/// (a piece of a large script analysed on another thread, or ahead of its
/// turn): returns them instead, for [`add_cuts`] to charge in order. Scopes
/// begun inside `f` are nested ones (they do not report).
pub fn cuts_apart<R>(f: impl FnOnce() -> R) -> (R, Cuts) {
    let saved = CUTS.with(|c| std::mem::take(&mut *c.borrow_mut()));
    SCOPES.with(|s| s.set(s.get() + 1));
    struct Restore(Option<Cuts>);
    impl Drop for Restore {
        fn drop(&mut self) {
            SCOPES.with(|s| s.set(s.get().saturating_sub(1)));
            if let Some(saved) = self.0.take() {
                CUTS.with(|c| *c.borrow_mut() = saved);
            }
        }
    }
    let mut restore = Restore(Some(saved));
    let r = f();
    let saved = restore.0.take().unwrap_or_default();
    let hits = CUTS.with(|c| std::mem::replace(&mut *c.borrow_mut(), saved));
    (r, hits)
}

/// Charges cap hits kept apart by [`cuts_apart`] to this thread, as if they
/// had been recorded here now (same counts, same order of first hit).
pub fn add_cuts(hits: Cuts) {
    CUTS.with(|c| {
        let mut c = c.borrow_mut();
        for (limit, n) in hits {
            match c.iter_mut().find(|(l, _)| *l == limit) {
                Some((_, m)) => *m += n,
                None => c.push((limit, n)),
            }
        }
    });
}

/// `it.take(max)`, recording `limit` as given up when an item past `max`
/// is asked for (a search that stops early never marks the skill).
pub fn take_counted<I: Iterator>(
    it: I,
    max: usize,
    limit: &'static str,
) -> impl Iterator<Item = I::Item> {
    let mut n = 0usize;
    it.take_while(move |_| {
        n += 1;
        if n > max {
            gave_up(limit);
        }
        n <= max
    })
}

/// `v.truncate(max)`, recording `limit` as given up when something is cut.
pub fn truncate_counted<T>(v: &mut Vec<T>, max: usize, limit: &'static str) {
    if v.len() > max {
        gave_up(limit);
        v.truncate(max);
    }
}

/// Call sites of a DNS-lookup wrapper read to decide whether its name
/// parameter is built from data (`net_send::lookup_name_computed`); a file
/// with more calls to it counts the name as computed (fails toward the
/// finding, never a silent cut).
pub const MAX_LOOKUP_CALLERS: usize = 64;

/// Bytes of one fenced settings block (JSON/YAML/TOML) parsed to read its
/// approval switches (`extract::settings_block`); a longer block is not
/// parsed and marks the skill incomplete.
pub const MAX_SETTINGS_BLOCK: usize = 64 * 1024;

/// Bytes of one element hidden by its style or attribute read for the
/// text it hides (`extract::hidden_md`); a longer one is read to this bound
/// and marks the skill incomplete.
pub const MAX_HIDDEN_ELEMENT: usize = 64 * 1024;

/// Bytes of frontmatter string values read as hidden agent text (every
/// field other than the description, `extract::manifest`); past it the
/// rest is not read and the skill is incomplete.
pub const MAX_FRONTMATTER_TEXT: usize = 64 * 1024;

/// Names quoted near a replacement cue that an installed package is
/// compared with (`extract::package_lure`); more mark the skill incomplete.
pub const MAX_LURE_NAMES: usize = 256;

/// Bytes of shell text projected from one file's embedded commands
/// (`extract/embedded`: Makefile recipes, CI `run:` blocks, Dockerfile
/// `RUN`, …, with the host's variables folded in). Past it the rest is not
/// read and the file is incomplete.
pub const MAX_EMBEDDED_BYTES: usize = 4 * 1024 * 1024;
/// Levels of a Make or just variable expanded inside another (`A = $(B)`,
/// `B = $(C)`); deeper references stay unexpanded.
pub const MAX_MAKE_EXPAND_DEPTH: usize = 8;
/// Bytes one Make/just variable may expand to; a longer expansion is cut
/// (and the file marked incomplete).
pub const MAX_MAKE_EXPAND_BYTES: usize = 64 * 1024;

/// Bundled data files (JSON, YAML, TOML, INI, `.env`) read as value
/// sources per skill (`extract/config_values.rs`, round 19): files larger
/// than this are not parsed.
pub const MAX_CONFIG_FILE_BYTES: usize = 256 * 1024;
/// Data files parsed per skill.
pub const MAX_CONFIG_FILES: usize = 64;
/// Key → value entries kept per skill (lists count once per value).
pub const MAX_CONFIG_ENTRIES: usize = 4_000;
/// Nesting followed into a data file's objects and lists.
pub const MAX_CONFIG_DEPTH: usize = 16;

#[cfg(test)]
mod take_counted_tests {
    use super::*;

    #[test]
    fn a_cut_marks_the_skill_and_an_early_stop_does_not() {
        let (n, cuts) = cuts_apart(|| take_counted(0..10, 4, "GRANT_MAX_MATCHES").count());
        assert_eq!(n, 4);
        assert!(cuts.iter().any(|(l, _)| *l == "GRANT_MAX_MATCHES"));
        let (found, cuts) =
            cuts_apart(|| take_counted(0..10, 4, "GRANT_MAX_MATCHES").find(|&x| x == 2));
        assert_eq!(found, Some(2));
        assert!(cuts.is_empty());
        let (n, cuts) = cuts_apart(|| take_counted(0..4, 4, "GRANT_MAX_MATCHES").count());
        assert_eq!(n, 4);
        assert!(cuts.is_empty());
    }
}

/// Git hook folders one file may set (`core.hooksPath`, `init.templateDir`)
/// that are remembered while it is read (round 27); past it the file is
/// incomplete.
pub const HOOK_DIRS_MAX: usize = 8;
