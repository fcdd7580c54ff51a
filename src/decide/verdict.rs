//! The decision after the rules: capability weighed against intent and
//! consent (`docs/scoring.md`).
//!
//! A finding keeps its severity when the skill shows any intent signal
//! (concealment, obfuscated or encoded commands, collector destinations,
//! lures, gates, run-time steering, impersonation): declaration never
//! cancels intent. Without one, a dangerous capability the skill declares
//! or the user opts into is capped at `medium` (a warning), and the finding
//! names the evidence the downgrade rests on in `downgraded_by`.

use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::finding::{Finding, Severity};
use crate::rules::RuleCx;

use super::{confirm, dims, mention, purpose, setup};

/// Rules whose findings are intent signals in themselves: hiding,
/// obfuscation, lures, collectors, gates, impersonation, and capabilities
/// no skill legitimately needs.
const INTENT_RULES: &[&str] = &[
    "SK-EXEC-002",  // prerequisite lure
    "SK-EXEC-003",  // decoded or obfuscated code run
    "SK-EXEC-005",  // reverse shell
    "SK-EXEC-006",  // hidden instructions
    "SK-EXEC-008",  // hides actions from the user
    "SK-EXEC-011",  // hidden trigger
    "SK-EXEC-013",  // addresses the reviewer
    "SK-EXEC-017",  // homoglyph / look-alike
    "SK-EXEC-018",  // erases traces
    "SK-EXEC-021",  // silences the scanner
    "SK-EXFIL-002", // collector, paste, tunnel, raw IP
    "SK-EXFIL-003", // DNS smuggling
    "SK-DEST-004",  // ransomware shape
    "SK-RES-002",   // mining
    "SK-HYG-008",   // imitates a well-known skill
];

/// Evidence tags that are intent signals wherever they occur in code.
const INTENT_TAGS: &[Tag] = &[
    Tag::Obfuscated,
    Tag::Deception,
    Tag::PasswordArchive,
    Tag::PersistsRemoteCode,
    Tag::PersistsCovertSend,
    Tag::MassEncrypt,
    Tag::MailForward,
    Tag::AdminBackdoor,
    Tag::Homoglyph,
    Tag::Masquerade,
];

/// The intent signals of one skill: rule ids and evidence, for messages.
pub fn intent_signals(cx: &RuleCx, findings: &[Finding]) -> Vec<String> {
    let mut out: Vec<String> = findings
        .iter()
        .filter(|f| f.suppressed.is_none() && f.severity >= Severity::Medium)
        .filter(|f| INTENT_RULES.contains(&f.rule_id.as_str()))
        .filter(|f| !user_channel(cx, f))
        .filter(|f| !declared_miner(cx, f))
        .filter(|f| documented_file_host(cx, f, findings).is_none())
        .map(|f| {
            format!(
                "{} at {}:{}",
                f.rule_id, f.location.path, f.location.start_line
            )
        })
        .collect();
    for e in cx.evidence.iter().filter(|e| !e.has(Tag::Unreached)) {
        // A disguise the skill's documentation discloses, with no network
        // and in a step the user runs, is a warning of its own
        // (`masquerade`), not an intent that withholds every consent.
        if e.has(Tag::Masquerade)
            && !INTENT_TAGS
                .iter()
                .any(|t| *t != Tag::Masquerade && e.has(*t))
            && disclosed_masquerade(cx, e).is_some()
        {
            continue;
        }
        let gated = e.op == Op::Trigger && (e.has(Tag::DateGate) || e.has(Tag::EnvGate));
        let collector_run = e.op == Op::DownloadExec && e.has(Tag::RawIp);
        let hidden = matches!(e.op, Op::Concealment | Op::HiddenText | Op::AntiForensics)
            && !e.has(Tag::Negated)
            && !e.has(Tag::Documentation);
        if gated
            || collector_run
            || hidden
            || e.origin.is_code() && INTENT_TAGS.iter().any(|t| e.has(*t))
        {
            out.push(format!(
                "{} at {}:{}",
                if e.object.is_empty() {
                    e.instrument.as_str()
                } else {
                    e.object.as_str()
                },
                e.location.path,
                e.location.start_line
            ));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A Telegram bot or chat webhook whose token the user supplies: the
/// user's own channel (SK-EXFIL-002 warns about it), not a stranger's
/// collector, so no intent signal.
fn user_channel(cx: &RuleCx, f: &Finding) -> bool {
    f.rule_id == "SK-EXFIL-002"
        && f.severity <= Severity::Medium
        && evidence_of(cx, f).is_some_and(|e| e.has(Tag::UserChannel))
}

/// A public file host (catbox, transfer.sh, …) that SKILL.md's visible
/// prose names ("Image hosting: catbox.moe"): the disclosed place the
/// skill's output goes, worth a warning and not an intent signal. Not a
/// webhook, paste, tunnel or raw-IP host, not an encoded or hidden send,
/// and not when a secret reaches the same send (SK-EXFIL-001 there).
fn documented_file_host(cx: &RuleCx, f: &Finding, findings: &[Finding]) -> Option<String> {
    if f.rule_id != "SK-EXFIL-002" {
        return None;
    }
    let e = evidence_of(cx, f)?;
    let others = [
        Tag::WebhookHost,
        Tag::PasteHost,
        Tag::TunnelHost,
        Tag::RawIp,
        Tag::Obfuscated,
        Tag::Encoded,
    ];
    if !e.has(Tag::FileDropHost)
        || others.iter().any(|t| e.has(*t))
        || e.origin == Origin::HtmlComment
        || findings
            .iter()
            .any(|g| g.rule_id == "SK-EXFIL-001" && g.location == f.location)
    {
        return None;
    }
    let host = super::vendor::resolved_host(&e.target)?;
    let body = cx.skill.manifest_file()?;
    crate::text::visible_prose(&body.text)
        .iter()
        .any(|line| crate::text::names_host(line, &host))
        .then(|| format!("{} names {host} as where its output goes", body.rel))
}

/// A miner the description declares and starts in the open is a
/// capability the user opts into, not an intent signal in itself.
fn declared_miner(cx: &RuleCx, f: &Finding) -> bool {
    f.rule_id == "SK-RES-002"
        && evidence_of(cx, f).is_some_and(|e| purpose::declared_mining(cx, e).is_some())
}

/// Applies consent downgrades and the dimension definitions to the rule
/// findings of one skill.
pub fn decide(cx: &RuleCx, mut findings: Vec<Finding>) -> Vec<Finding> {
    let intent = intent_signals(cx, &findings);
    // A consent a rule found in the skill's own words (the host its
    // description names) is applied here, where intent can withhold it:
    // without an intent signal the flow is the skill's declared business
    // and is not reported (as when the detector dropped it); with one, it
    // keeps its level.
    if intent.is_empty() {
        findings.retain(|f| f.declared_consent.is_none());
    }
    fold_same_step(cx, &mut findings);
    fold_scheduled_update(cx, &mut findings);
    for f in &mut findings {
        let ev = evidence_of(cx, f);
        dims::apply(cx, f, ev);
        // A finding a rule already set to medium can still be lowered to
        // pass by a pass-level consent (`downgrade` never raises, so the
        // warn-level ones leave it as it is).
        if !intent.is_empty() || f.severity <= Severity::Low {
            continue;
        }
        if let Some(why) =
            purpose::client_output_only(cx, f).filter(|_| f.rule_id == "SK-EXFIL-001")
        {
            downgrade(f, Severity::High, &why);
            f.confidence = crate::finding::Confidence::Low;
            continue;
        }
        if let Some(why) = documented_file_host(cx, f, &[]) {
            downgrade(f, Severity::Medium, &why);
            continue;
        }
        if let Some(why) = withheld_setup_consent(cx, f, ev) {
            f.message = format!("{} ({why})", f.message);
            continue;
        }
        if let Some((to, why)) = consent(cx, f, ev) {
            downgrade(f, to, &why);
        }
    }
    let evs: Vec<Option<&Evidence>> = findings.iter().map(|f| evidence_of(cx, f)).collect();
    super::mention::fold_prose_into_command(cx, &mut findings, &evs);
    super::raise::ordered_intent(cx, &mut findings);
    super::raise::forged_consent(cx, &mut findings);
    super::raise::covert_automatic_send(cx, &mut findings);
    super::raise::hook_uploads_work(cx, &mut findings);
    super::raise::untrusted_index_as_root(cx, &mut findings);
    super::chain::raise(cx, &mut findings);
    super::purpose_class::raise(&intent, &mut findings);
    findings
}

/// The evidence step a finding was made at, by its logic-step id.
fn evidence_of<'c>(cx: &RuleCx<'c>, f: &Finding) -> Option<&'c Evidence> {
    let id = f.logic_step_id.as_ref()?;
    let i = cx.step_ids.iter().position(|s| s.as_ref() == Some(id))?;
    cx.evidence.get(i)
}

/// Caps a finding's severity and records why in the finding.
pub fn downgrade(f: &mut Finding, to: Severity, why: &str) {
    f.downgrade(to, why);
}

/// Why a dangerous capability is consented to, when it is: the evidence
/// the downgrade rests on. `None` keeps the finding as it is.
fn consent(cx: &RuleCx, f: &Finding, ev: Option<&Evidence>) -> Option<(Severity, String)> {
    let ev = ev?;
    let warn = |why: Option<String>| why.map(|w| (Severity::Medium, w));
    let pass = |why: Option<String>| why.map(|w| (Severity::Low, w));
    let info = |why: Option<String>| why.map(|w| (Severity::Info, w));
    match f.rule_id.as_str() {
        "SK-PRIV-004" => pass(purpose::shell_setting_line(cx, ev))
            .or_else(|| info(purpose::toggles_existing_job(cx, ev)))
            .or_else(|| warn(documented_persistence(cx, ev)))
            .or_else(|| warn(disclosed_masquerade(cx, ev)))
            .or_else(|| warn(purpose::enables_installed_service(cx, ev))),
        "SK-CRED-001" => pass(named_key_kept_local(cx, ev))
            .or_else(|| pass(purpose::names_only_use(cx, ev)))
            .or_else(|| pass(purpose::discarded_check(cx, ev)))
            .or_else(|| pass(purpose::filtered_config_check(cx, ev)))
            .or_else(|| warn(setup::agent_store_for_vendor(cx, ev)))
            .or_else(|| pass(setup::read_for_own_vendor(cx, ev)))
            .or_else(|| pass(setup::client_loaded_config(cx, ev)))
            .or_else(|| pass(setup::tool_config_kept_local(cx, ev)))
            .or_else(|| pass(setup::project_env_kept_local(cx, ev)))
            .or_else(|| pass(setup::config_edited_in_place(cx, ev)))
            .or_else(|| pass(setup::config_read_offline(cx, ev)))
            .or_else(|| warn(setup::config_read_kept_local(cx, ev)))
            .or_else(|| warn(purpose::documented_credential_use(cx, ev)))
            .or_else(|| warn(purpose::declared_store_read(cx, ev)))
            .or_else(|| warn(super::declared::described_credential_file(cx, ev)))
            .or_else(|| warn(super::vendor_refresh::vendor_tool_own_credentials(cx, ev))),
        "SK-CRED-002" => warn(purpose::documented_credential_use(cx, ev))
            .or_else(|| warn(purpose::declared_profile_backup(cx, ev))),
        "SK-EXFIL-001" => pass(purpose::held_send_to_vendor(cx, ev))
            .or_else(|| pass(super::declared::prose_key_to_declared_vendor(cx, ev))),
        "SK-PRIV-013" => warn(disclosed_masquerade(cx, ev)),
        "SK-CRED-006" => pass(super::login_helper::unrun_login_helper(cx, ev)),
        "SK-CRED-004" => pass(setup::read_for_own_vendor(cx, ev))
            .or_else(|| pass(setup::store_item_for_own_tool(cx, ev)))
            .or_else(|| pass(setup::described_script_store_read(cx, ev)))
            .or_else(|| pass(purpose::generated_key_export(cx, ev)))
            .or_else(|| warn(purpose::documented_credential_use(cx, ev)))
            .or_else(|| warn(purpose::declared_store_read(cx, ev)))
            .or_else(|| warn(super::vendor_refresh::vendor_tool_own_credentials(cx, ev))),
        "SK-EXEC-001" | "SK-EXEC-019" => pass(purpose::fixed_program(cx, ev))
            .or_else(|| pass(setup::setup_section_installer(cx, f, ev)))
            .or_else(|| warn(setup::vendor_installer(cx, f, ev)))
            .or_else(|| warn(setup::pinned_project_installer(cx, f, ev)))
            .or_else(|| warn(setup::pinned_release_in_image(cx, ev)))
            .or_else(|| pass(setup::ip_echo_as_argument(ev)))
            .or_else(|| warn(setup::fetched_value_as_argument(ev)))
            .or_else(|| warn(purpose::eval_as_parser(cx, ev))),
        "SK-EXEC-007" => pass(setup::described_override(cx, ev)),
        "SK-PRIV-001" => warn(setup::declared_tool_sudo(ev)),
        "SK-PRIV-007" => warn(purpose::declared_defender_exclusion(cx, ev)),
        "SK-EXEC-023" => pass(setup::own_repo_install(cx, ev)),
        "SK-PRIV-005" => pass(purpose::own_skill_install(ev))
            .or_else(|| pass(purpose::memory_fact(cx, ev)))
            .or_else(|| pass(setup::own_repo_install(cx, ev)))
            .or_else(|| pass(purpose::container_first_run_config(cx, ev)))
            .or_else(|| warn(setup::documented_config_write(ev)))
            .or_else(|| warn(purpose::project_rules_link(cx, ev))),
        // A low-confidence bypass already scores a warning; capping its
        // severity would drop it to a pass.
        "SK-PRIV-006" if f.confidence != crate::finding::Confidence::Low => {
            warn(purpose::documented_approval_bypass(cx, ev))
                .or_else(|| warn(mention::cautioned(cx, ev)))
                .or_else(|| warn(mention::printed(cx, ev)))
                .or_else(|| warn(mention::restricted(cx, ev)))
        }
        "SK-DEST-003" => pass(purpose::own_copy_removal(ev)),
        "SK-DEST-002" => pass(purpose::secret_purge_advice(cx, ev))
            .or_else(|| warn(purpose::mirror_to_configured_remote(cx, ev)))
            .or_else(|| warn(confirm::typed_confirmation(cx, ev)))
            .or_else(|| warn(confirm::opt_in_dry_run(cx, ev)))
            .or_else(|| warn(mention::restricted(cx, ev))),
        "SK-RES-002" => warn(purpose::declared_mining(cx, ev)),
        "SK-RES-006" => warn(purpose::declared_stress_test(cx, ev)),
        "SK-RES-003" => pass(paced_loop(cx, ev)).or_else(|| warn(setup::documented_loop(ev))),
        "SK-DEST-005" => pass(super::declared::own_root_sweep(cx, ev))
            .or_else(|| warn(confirm::typed_confirmation(cx, ev)))
            .or_else(|| warn(confirm::opt_in_dry_run(cx, ev))),
        "SK-DEST-001" => pass(filtered_or_reference_delete(cx, ev))
            .or_else(|| warn(confirm::typed_confirmation(cx, ev)))
            .or_else(|| warn(confirm::opt_in_dry_run(cx, ev))),
        _ => None,
    }
}

/// Up to `n` lines of a skill file from the step's line on.
fn lines_from<'c>(cx: &RuleCx<'c>, e: &Evidence, n: usize) -> String {
    let Some(f) = cx.skill.files.iter().find(|f| f.rel == e.location.path) else {
        return e.snippet.clone();
    };
    f.text
        .lines()
        .skip(e.location.start_line.saturating_sub(1))
        .take(n)
        .collect::<Vec<_>>()
        .join("\n")
}

/// A `.env`, `secrets.json` or agent-config file read for one named key
/// (`if key == "KAGI_API_KEY"`, `grep -v "^KEY=" .env`) whose value
/// reaches no network send.
fn named_key_kept_local(cx: &RuleCx, e: &Evidence) -> Option<String> {
    if !setup::config_read(e) {
        return None;
    }
    // Code read at token level proves no flow: with a send in the same
    // file, "sent nowhere" is not known.
    if e.lang == "code"
        && cx.evidence.iter().any(|s| {
            crate::rules::detectors::is_network_sink(s) && s.location.path == e.location.path
        })
    {
        return None;
    }
    let file = cx.skill.files.iter().find(|f| f.rel == e.location.path)?;
    let text = crate::text::slice(&file.text, 0, 400_000);
    let key = crate::decide::vendor::CONFIG_KEY
        .captures(text)?
        .get(0)?
        .as_str()
        .to_string();
    (!setup::value_sent(cx, e)?).then(|| {
        format!(
            "{} is read for one named key ({key}) and sent nowhere",
            e.target
        )
    })
}

/// Long-poll bots and monitors: a loop that pauses (`sleep`, a long-poll
/// `timeout=`, `setInterval`) on each round.
fn paced_loop(cx: &RuleCx, e: &Evidence) -> Option<String> {
    // Round 31: a disk filled a file per turn fills as surely with a pause
    // between the files (`exhaust.rs`, `burn.rs`).
    if e.op == crate::evidence::Op::FileWrite && e.object.contains(crate::extract::DISK_FULL) {
        return None;
    }
    static PAUSE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(
            r"(?i)\bsleep\b|time\.sleep|asyncio\.sleep|setInterval|setTimeout|[?&]timeout=\d|\btimeout\s*=\s*\d|getUpdates|long[- ]?poll|\bnc\s+-l",
        )
    });
    // A poll loop's pause often sits at the end of a long body, and the
    // step may be a line inside the loop: read from the loop's head
    // (`while`, `until`, `for` within 20 lines above) on.
    // A client's own `timeout=3` on the request that is the step is its
    // deadline, not a pause: a fast server answers at once.
    let (body, first) =
        loop_body(cx, e).unwrap_or_else(|| (lines_from(cx, e, 80), e.location.start_line));
    let pause = body.lines().enumerate().find_map(|(k, line)| {
        let own = first + k == e.location.start_line;
        PAUSE
            .find_iter(line)
            .find(|m| !(own && m.as_str().trim_start().starts_with("timeout")))
    });
    pause.map(|m| {
        format!(
            "the loop at {}:{} pauses each round ({})",
            e.location.path,
            e.location.start_line,
            m.as_str()
        )
    })
}

/// The loop the step sits in, and the line number of its head: of the
/// loop heads (`while`, `until`, `for`) within 20 lines above the step
/// whose body holds the step, the nearest `while`/`until`/`for (;;)` (the
/// loop that does not end), else the nearest `for`. None when no head above holds
/// the step (the caller reads the 80 lines from the step).
fn loop_body(cx: &RuleCx, e: &Evidence) -> Option<(String, usize)> {
    let f = cx.skill.files.iter().find(|f| f.rel == e.location.path)?;
    let lines: Vec<&str> = f.text.lines().collect();
    let i = e.location.start_line.checked_sub(1)?.min(lines.len());
    let heads = (i.saturating_sub(20)..=i.min(lines.len().saturating_sub(1)))
        .rev()
        .filter(|&j| {
            let t = lines[j].trim_start();
            t.starts_with("while ")
                || t.starts_with("until ")
                || t.starts_with("for ")
                || t.starts_with("for(")
        })
        .filter_map(|j| {
            let len = body_len(&lines[j..lines.len().min(j + 80)]);
            (i < j + len).then_some((j, len))
        });
    let mut nearest = None;
    let mut unending = None;
    for (j, len) in heads {
        nearest.get_or_insert((j, len));
        let t = lines[j].trim_start();
        // `for (;;)`, `for {`: a loop with no condition is the one that
        // does not end, not the `for (const u of result)` nested in it (a
        // long-poll bot's reply handler, r33 tg-habit-nudger).
        let endless_for = t.starts_with("for") && (t.contains(";;") || t.trim_end() == "for {");
        if t.starts_with("while ") || t.starts_with("until ") || endless_for {
            unending = Some((j, len));
            break;
        }
    }
    let (head, len) = unending.or(nearest)?;
    Some((lines[head..head + len].join("\n"), head + 1))
}

/// How many lines of `window` (a loop's head and what follows, at most 80
/// lines) the loop spans. The body ends at the first non-blank line
/// indented no deeper than the head (Python's dedent; the shell's `done`
/// and JavaScript's `}` are kept with it), so a pause in the code after
/// the loop (the next function's `time.sleep(30)`) does not pace it; a
/// loop whose body is not indented spans the whole window.
fn body_len(window: &[&str]) -> usize {
    let Some(first) = window.first() else {
        return 0;
    };
    let indent = |l: &str| l.len() - l.trim_start().len();
    let end = window
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, l)| !l.trim().is_empty() && indent(l) <= indent(first))
        .map_or(window.len(), |(k, _)| k);
    let indented = window[1..end].iter().any(|l| !l.trim().is_empty());
    let closes = |l: &str| {
        let t = l.trim_start();
        t.starts_with("done") || t.starts_with('}') || t.starts_with(')')
    };
    if !indented {
        window.len()
    } else if window.get(end).is_some_and(|l| closes(l)) {
        end + 1
    } else {
        end
    }
}

/// Whether a `find` line's name filter narrows what it deletes: not
/// `-name '*'`, not negated (`-not -name '.*'`, `! -name keep` match
/// everything else), and not `.git` (every repository's history).
fn find_filter_narrows(line: &str) -> bool {
    static NAME: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(r#"(?:(-not|!)\s+)?-i?name\s+(["']?)([^\s"']*)"#)
    });
    let mut any = false;
    for c in NAME.captures_iter(line) {
        let pat = c.get(3).map_or("", |m| m.as_str());
        if c.get(1).is_some()
            || pat == "*"
            || pat == ".git"
            || pat.is_empty()
            || crate::extract::indicators::is_backup_store(pat)
        {
            return false;
        }
        any = true;
    }
    any
}

/// `find ~ -name '*.csv' -delete`: every file of one kind across the home
/// folder (or a user folder) is the user's data, whatever the filter; junk
/// kinds (`*.pyc`, `*.tmp`, `*.log`) are not.
fn user_kind_under_home(e: &Evidence) -> bool {
    const JUNK: &[&str] = &[
        "tmp",
        "temp",
        "pyc",
        "pyo",
        "log",
        "bak",
        "swp",
        "swo",
        "orig",
        "rej",
        "part",
        "crdownload",
    ];
    static KIND: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(r#"-i?name\s+["']?\*\.([A-Za-z0-9]+)["']?(?:\s|$)"#)
    });
    let t = e.target.trim_end_matches('/');
    let home = matches!(t, "~" | "$HOME" | "${HOME}")
        || (t.starts_with("~/") || t.starts_with("$HOME/"))
            && crate::extract::indicators::is_broad(t);
    home && KIND.captures_iter(&e.snippet).any(|c| {
        let ext = c[1].to_ascii_lowercase();
        !JUNK.contains(&ext.as_str())
    })
}

/// `find . -name __pycache__ -exec rm -rf {} +` deletes only what the
/// filter names; `kubectl delete pods --all` in a kubectl skill's
/// Markdown is its CLI reference, not an instruction to run it.
fn filtered_or_reference_delete(cx: &RuleCx, e: &Evidence) -> Option<String> {
    let line = &e.snippet;
    if crate::text::has_word(line, "find") && find_filter_narrows(line) && !user_kind_under_home(e)
    {
        return Some(format!(
            "the delete at {}:{} is limited to files the find filter names",
            e.location.path, e.location.start_line
        ));
    }
    let docs = matches!(
        e.origin,
        Origin::CodeBlock | Origin::InlineCode | Origin::Prose
    );
    let tool = line.split_whitespace().next().unwrap_or("");
    let subject = format!(
        "{} {}",
        cx.skill.dir_name.to_lowercase(),
        cx.manifest.purpose_text()
    );
    // A sweep over every workspace or release is no one command's
    // reference (round 23).
    (docs
        && !e.has(Tag::EveryScope)
        && tool.len() >= 3
        && tool != "rm"
        && crate::text::has_word(&subject, &tool.to_lowercase()))
    .then(|| {
        format!(
            "{}:{} is the reference of {tool}, the CLI the skill is about",
            e.location.path, e.location.start_line
        )
    })
}

/// Persistence the user opts into: a scheduler entry, login agent or unit
/// that the skill's documentation shows as a setup step the user runs
/// (a code block or a script its Markdown names), never sudoers, SSH keys
/// or start-up text that fetches code.
fn documented_persistence(cx: &RuleCx, e: &Evidence) -> Option<String> {
    // Round 25: an entry disguised as part of the system
    // (`system_op::masquerades`) is concealment, which no setup step
    // the documentation shows cancels.
    if e.has(Tag::Sudoers) && !scoped_sudoers(cx, e)
        || e.has(Tag::AuthorizedKeys)
        || e.has(Tag::PersistsRemoteCode)
        || e.has(Tag::PersistsCovertSend)
        || e.has(Tag::Masquerade)
    {
        return None;
    }
    let at = format!("{}:{}", e.location.path, e.location.start_line);
    if e.has(Tag::OwnService) {
        return Some(format!("the unit at {at} runs the skill's own program"));
    }
    if matches!(
        e.origin,
        Origin::CodeBlock | Origin::InlineCode | Origin::Prose
    ) {
        return Some(format!("documented at {at} as a setup step the user runs"));
    }
    told_to_run(cx, e).map(|doc| {
        format!(
            "{} is a setup script that {doc} tells the user to run",
            e.location.path
        )
    })
}

/// A disguised entry the skill's documentation discloses, in a step the
/// user runs (`masquerade::disclosed_masquerade`).
fn disclosed_masquerade(cx: &RuleCx, e: &Evidence) -> Option<String> {
    super::masquerade::disclosed_masquerade(cx, e, told_to_run(cx, e))
}

/// Round 34: a sudoers write whose rule, read on the writing line (and a
/// here-document it opens), grants named programs with fixed arguments
/// only (`system_op::scoped_sudoers_write`): least privilege a setup step
/// may document, unlike a root-equivalent grant.
fn scoped_sudoers(cx: &RuleCx, e: &Evidence) -> bool {
    if e.has(Tag::RootEquivalent) {
        return false;
    }
    let Some(f) = cx.skill.file(&e.location.path) else {
        return false;
    };
    let Some(start) = e.location.start_line.checked_sub(1) else {
        return false;
    };
    let from = f
        .text
        .split_inclusive('\n')
        .take(start)
        .map(str::len)
        .sum::<usize>();
    crate::extract::system_op::scoped_sudoers_write(&f.text[from.min(f.text.len())..])
}

/// The Markdown file that names the script `e` is in, when `e` is in one.
fn told_to_run<'c>(cx: &RuleCx<'c>, e: &Evidence) -> Option<&'c str> {
    if e.origin != Origin::Script {
        return None;
    }
    let name = e
        .location
        .path
        .rsplit('/')
        .next()
        .unwrap_or(&e.location.path);
    cx.skill
        .files
        .iter()
        .find(|d| d.rel.ends_with(".md") && name.len() > 3 && d.text.contains(name))
        .map(|d| d.rel.as_str())
}

/// Declaration never cancels intent: persistence planted by a setup
/// script the Markdown tells the user to run keeps its level when the
/// script, or a file it installs, uploads, pushes, sends in the background
/// or runs fetched code (`setup::setup_script_intent`). The finding says
/// so, naming the evidence.
fn withheld_setup_consent(cx: &RuleCx, f: &Finding, e: Option<&Evidence>) -> Option<String> {
    let e = e?;
    if f.rule_id != "SK-PRIV-004" || f.severity <= Severity::Medium || e.has(Tag::OwnService) {
        return None;
    }
    let doc = told_to_run(cx, e)?;
    let why = setup::setup_script_intent(cx, &e.location.path)?;
    Some(format!(
        "not lowered as a setup script {doc} tells the user to run: {why}"
    ))
}

/// SK-EXEC-019 on the line SK-EXEC-001 already reports is one
/// download-and-run step, not two pieces of evidence: it counts once.
/// An unattended all-skills update (SK-EXEC-025) in a skill whose
/// scheduled job is already reported (SK-PRIV-004 on a cron job, timer or
/// launchd job) is what that job runs: it is named, but counted once, with
/// the job, so the two do not add up to more than the one schedule.
fn fold_scheduled_update(cx: &RuleCx, findings: &mut [Finding]) {
    let job = findings
        .iter()
        .filter(|f| f.rule_id == "SK-PRIV-004" && f.suppressed.is_none())
        .filter(|f| {
            evidence_of(cx, f)
                .is_some_and(|e| e.has(Tag::Cron) || e.has(Tag::Systemd) || e.has(Tag::LaunchAgent))
        })
        .map(|f| format!("{}:{}", f.location.path, f.location.start_line))
        .next();
    let Some(job) = job else {
        return;
    };
    for f in findings.iter_mut().filter(|f| f.rule_id == "SK-EXEC-025") {
        downgrade(
            f,
            Severity::Info,
            &format!("what the scheduled job SK-PRIV-004 at {job} runs"),
        );
    }
}

fn fold_same_step(cx: &RuleCx, findings: &mut [Finding]) {
    let steps: Vec<(String, usize)> = findings
        .iter()
        .filter(|f| f.rule_id == "SK-EXEC-001" && f.suppressed.is_none())
        .map(|f| (f.location.path.clone(), f.location.start_line))
        .collect();
    // (A piped `irm … | iex` is one download-then-run step already at
    // extraction; a run-time code finding on the same line is another
    // piece of code, `… && eval "$(echo … | base64 -d)"`, and stays.)
    for f in findings.iter_mut().filter(|f| f.rule_id == "SK-EXEC-019") {
        let here = (f.location.path.clone(), f.location.start_line);
        if steps.contains(&here) {
            let why = format!(
                "the same download-and-run step as SK-EXEC-001 at {}:{}",
                here.0, here.1
            );
            downgrade(f, Severity::Info, &why);
        }
    }
    // A skill file fetched into the skills folder (`curl -o
    // ~/.openclaw/skills/x/SKILL.md https://…/skill.md`) is one step:
    // the remote-instructions finding (SK-EXEC-023) names it, the write of
    // SKILL.md (SK-PRIV-005) on the same line counts with it. So does a
    // PRIV-005 on a line where a stronger covert-execution finding stands.
    let covert: Vec<(String, usize, Severity, String)> = findings
        .iter()
        .filter(|f| {
            f.rule_id != "SK-PRIV-005"
                && f.suppressed.is_none()
                && f.dimensions
                    .contains(&crate::finding::Dimension::CovertExecution)
        })
        .map(|f| {
            let at = &f.location;
            (
                at.path.clone(),
                at.start_line,
                f.severity,
                f.rule_id.clone(),
            )
        })
        .collect();
    for f in findings.iter_mut().filter(|f| f.rule_id == "SK-PRIV-005") {
        let here = (f.location.path.as_str(), f.location.start_line);
        let by = covert.iter().find(|(p, l, sev, id)| {
            (p.as_str(), *l) == here && (id == "SK-EXEC-023" || *sev > f.severity)
        });
        if let Some((p, l, _, id)) = by {
            let why = format!("the same step as {id} at {p}:{l}");
            downgrade(f, Severity::Info, &why);
        }
    }
    // The lure rule (SK-EXEC-002) reads decoded text for what it tells the
    // reader; a payload decoded inside a script or config file is run, not
    // told: on the step SK-EXEC-001 reports it counts once, with it.
    let in_code = |path: &str| {
        cx.skill
            .files
            .iter()
            .find(|f| f.rel == path)
            .is_some_and(|f| f.kind != crate::skill::FileKind::Markdown)
    };
    for f in findings.iter_mut().filter(|f| f.rule_id == "SK-EXEC-002") {
        let here = (f.location.path.clone(), f.location.start_line);
        if steps.contains(&here) && in_code(&here.0) {
            let why = format!(
                "decoded code run inside {}, the download-and-run step SK-EXEC-001 reports at line {}",
                here.0, here.1
            );
            downgrade(f, Severity::Info, &why);
        }
    }
}

#[cfg(test)]
mod find_filter_tests {
    use super::find_filter_narrows;

    #[test]
    fn only_a_positive_name_filter_narrows_a_find_delete() {
        assert!(find_filter_narrows(
            "find . -name __pycache__ -exec rm -rf {} +"
        ));
        assert!(find_filter_narrows(
            "find \"$D\" -type f -name '*.tmp' -delete"
        ));
        assert!(!find_filter_narrows(
            "find \"$T/$d\" -mindepth 1 -not -name '.*' -exec rm -rf {} +"
        ));
        assert!(!find_filter_narrows("find ~ ! -name keep -delete"));
        assert!(!find_filter_narrows(
            "find \"$T\" -maxdepth 3 -type d -name .git -prune -exec rm -rf {} +"
        ));
        assert!(!find_filter_narrows("find . -name '*' -delete"));
        // A filter naming the user's backup stores narrows to what matters.
        assert!(!find_filter_narrows(
            "find / -name \"*.backupdb\" -exec rm -rf {} +"
        ));
    }
}
