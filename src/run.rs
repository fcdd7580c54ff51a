//! Command implementations. `main` maps their results to exit codes.

use crate::audit::{self, AuditOptions};
use crate::cli::{AuditArgs, Format, RulesArgs};
use crate::model::SkillReport;
use crate::report;
use crate::skill::discover;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

/// Exit codes (`crate::exit`), under their old path.
pub use crate::exit::code as exit;
pub use crate::exit::{UserError, write_out};

/// Loads and analyses skills in parallel; results sorted by path.
pub fn scan(
    paths: &[std::path::PathBuf],
    opts: &AuditOptions,
    jobs: Option<usize>,
    progress: bool,
    keep: bool,
) -> Result<Vec<SkillReport>, UserError> {
    let mut reports = Vec::new();
    scan_each(paths, opts, jobs, progress, keep, |r| reports.push(r))?;
    Ok(reports)
}

/// How far analysis may run ahead of the oldest report not yet handed
/// on: at most this many full reports are held whatever the corpus size,
/// and one slow skill holds back no worker until the window is full.
const WINDOW: usize = 256;

/// Loads and analyses skills in parallel and hands each report to `each`,
/// in path order, as soon as every earlier one has been handed on.
pub fn scan_each(
    paths: &[std::path::PathBuf],
    opts: &AuditOptions,
    jobs: Option<usize>,
    progress: bool,
    keep: bool,
    each: impl FnMut(SkillReport),
) -> Result<(), UserError> {
    scan_window(paths, opts, jobs, progress, keep, WINDOW, each)
}

fn scan_window(
    paths: &[std::path::PathBuf],
    opts: &AuditOptions,
    jobs: Option<usize>,
    progress: bool,
    keep: bool,
    window: usize,
    mut each: impl FnMut(SkillReport),
) -> Result<(), UserError> {
    let found = discover::search(paths).map_err(|e| UserError(e.to_string()))?;
    if found.skills.is_empty() && found.unsearched.is_empty() {
        return Err(UserError(format!(
            "no skill found under {}: a skill is a folder with a SKILL.md (or skill.md). Pass a skill folder, its SKILL.md, or a folder that contains skills.",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    // A folder not searched is reported as an incomplete entry in path
    // order with the skills (never skipped without a word).
    let mut dirs: Vec<Item> = found.skills.into_iter().map(Item::Skill).collect();
    dirs.extend(found.unsearched.into_iter().map(Item::Unsearched));
    // A report's path is its folder's display form: sorting the folders
    // the same way hands the reports on in path order.
    dirs.sort_by_cached_key(|d| d.path().display().to_string());
    let total = dirs.len();
    crate::rx::plan_run(total);
    let cores = jobs
        .filter(|&j| j > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    // The pieces of a large script may use the same number of threads.
    crate::extract::pieces::set_threads(cores);
    let workers = cores.clamp(1, total);
    let show = progress && total > 20 && std::io::stderr().is_terminal();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let window_state = (Mutex::new(Window::default()), Condvar::new());
    let (tx, rx) = mpsc::channel::<(usize, SkillReport)>();
    std::thread::scope(|s| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (dirs, next, done, state) = (&dirs, &next, &done, &window_state);
            s.spawn(move || {
                let _abort = Abort(state);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total {
                        break;
                    }
                    let mut w = state.0.lock().unwrap_or_else(|e| e.into_inner());
                    while i >= w.handed + window && !w.failed {
                        w = state.1.wait(w).unwrap_or_else(|e| e.into_inner());
                    }
                    if w.failed {
                        break;
                    }
                    drop(w);
                    let mut r = dirs[i].analyze(opts);
                    if !keep {
                        r.slim();
                    }
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if show && (n % 25 == 0 || n == total) {
                        let _ = write!(std::io::stderr(), "\rscanning {n}/{total} skills");
                    }
                    if tx.send((i, r)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // A panic while handing on (a renderer bug) must release the workers too.
        let _abort = Abort(&window_state);
        let mut pending = std::collections::BTreeMap::new();
        let mut want = 0;
        for (i, r) in rx {
            pending.insert(i, r);
            while let Some(r) = pending.remove(&want) {
                each(r);
                want += 1;
                window_state
                    .0
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .handed = want;
                window_state.1.notify_all();
            }
        }
    });
    if show {
        let _ = writeln!(std::io::stderr());
    }
    Ok(())
}

/// One entry of a run: a skill folder, or a folder discovery could not
/// search (reported as incomplete).
enum Item {
    Skill(std::path::PathBuf),
    Unsearched(discover::Unsearched),
}

impl Item {
    fn path(&self) -> &std::path::Path {
        match self {
            Item::Skill(p) => p,
            Item::Unsearched(u) => &u.path,
        }
    }

    fn analyze(&self, opts: &AuditOptions) -> SkillReport {
        match self {
            Item::Skill(dir) => {
                audit::analyze(discover::load_skill_excluding(dir, &opts.exclude), opts)
            }
            Item::Unsearched(u) => SkillReport::not_analysed(
                u.path.display().to_string(),
                u.path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                format!("not searched for skills: {}", u.reason),
            ),
        }
    }
}

/// What scan workers wait on.
#[derive(Default)]
struct Window {
    /// Index of the next report to hand on.
    handed: usize,
    /// A worker or the consumer died: the others stop waiting for a report
    /// that will never come, and the scope re-raises the panic (no hang).
    failed: bool,
}

/// Raises the alarm when a scan worker or the consumer unwinds.
struct Abort<'a>(&'a (Mutex<Window>, Condvar));

impl Drop for Abort<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.0.lock().unwrap_or_else(|e| e.into_inner()).failed = true;
            self.0.1.notify_all();
        }
    }
}

pub fn audit(args: &AuditArgs) -> Result<i32, UserError> {
    crate::outcome::check_audit_flags(args)?;
    let policy = crate::policy::Policy::discover(args.policy.as_deref(), args.no_policy)
        .map_err(UserError)?;
    let mut opts =
        crate::policy::Policy::audit_options(policy.as_ref(), &args.exclude, args.skill_budget_ms);
    opts.with_ssl = args.ssl;
    opts.ssl_file = args.ssl_file.clone();
    let baseline = match &args.baseline {
        Some(b) => Some(crate::baseline::Baseline::load(b).map_err(UserError)?),
        None => None,
    };
    let judge = if args.llm {
        Some(crate::judge::JudgeConfig::from_env(policy.as_ref()).map_err(UserError)?)
    } else {
        None
    };
    let color = args.output.is_none()
        && std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none();
    let mut out = report::Outputs::new(args, color).map_err(UserError)?;
    let mut outcome = crate::outcome::Outcome::default();
    let mut in_baseline = 0;
    scan_each(
        &args.paths,
        &opts,
        args.jobs,
        !args.no_progress,
        args.llm,
        |mut r| {
            if let Some(cfg) = &judge {
                crate::judge::judge_skill(&mut r, cfg);
                r.slim();
            }
            if let Some(p) = &policy {
                p.apply(&mut r);
            }
            if let Some(b) = &baseline {
                in_baseline += b.filter(&mut r);
            }
            r.rescore();
            if let Some(p) = &policy {
                p.apply_thresholds(&mut r);
            }
            // Per-dimension policy thresholds, then --fail-on, then the policy's fail_on.
            outcome.record(policy.as_ref(), args.fail_on, &r);
            out.push(r);
        },
    )?;
    out.write()?;
    if let (Some(b), Some(p)) = (&baseline, &args.baseline)
        && in_baseline == 0
        && !b.is_empty()
    {
        eprintln!(
            "skillscan: warning: the baseline {} has {} finding(s) and matched none of this scan's: were the paths scanned from another folder, or is it the report of other skills? Regenerate it with `skillscan audit PATHS --format json -o FILE` from this folder.",
            crate::text::escape_display(&p.display().to_string()),
            b.len()
        );
    }
    eprint!("{}", outcome.explain(args.format, args.fail_on));
    Ok(outcome.code(args.format, args.fail_on))
}

pub fn rules(args: &RulesArgs) -> Result<i32, UserError> {
    crate::outcome::check_rules_format(args.format)?;
    let text = match &args.id {
        Some(id) => {
            let Some(d) = crate::rules::get(id) else {
                return Err(UserError(format!(
                    "no rule {id}. Run `skillscan rules` to list them."
                )));
            };
            match args.format {
                Format::Json => {
                    serde_json::to_string_pretty(&rule_json(d)).unwrap_or_default() + "\n"
                }
                _ => crate::rules::rule_text(d),
            }
        }
        None => match args.format {
            Format::Json => {
                serde_json::to_string_pretty(
                    &crate::rules::all()
                        .iter()
                        .map(|d| rule_json(d))
                        .collect::<Vec<_>>(),
                )
                .unwrap_or_default()
                    + "\n"
            }
            Format::Markdown => crate::rules::all()
                .iter()
                .map(|d| crate::rules::rule_text(d))
                .collect::<Vec<_>>()
                .join("\n"),
            _ => {
                let mut s = String::new();
                for d in crate::rules::all() {
                    let dims: Vec<&str> = d.dimensions.iter().map(|x| x.as_str()).collect();
                    s.push_str(&format!(
                        "{:<12} {:<8} {:<7} {:<45} {}\n",
                        d.id,
                        d.severity.as_str(),
                        d.confidence.as_str(),
                        d.title,
                        dims.join(",")
                    ));
                }
                s
            }
        },
    };
    write_out(None, &text)?;
    Ok(exit::OK)
}

fn rule_json(d: &crate::rules::RuleDef) -> serde_json::Value {
    serde_json::json!({
        "id": d.id, "title": d.title,
        "dimensions": d.dimensions.iter().map(|x| x.as_str()).collect::<Vec<_>>(),
        "severity": d.severity.as_str(), "confidence": d.confidence.as_str(),
        "cwe": d.cwe, "description": d.description, "help": d.help,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn benign() -> Vec<std::path::PathBuf> {
        vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/benign")]
    }

    #[test]
    fn reports_come_in_path_order_whatever_the_window() {
        let mut all = Vec::new();
        scan_window(
            &benign(),
            &AuditOptions::default(),
            Some(3),
            false,
            false,
            1,
            |r| all.push(r.path),
        )
        .expect("scan");
        let mut sorted = all.clone();
        sorted.sort();
        assert!(all.len() > 20);
        assert_eq!(all, sorted);
    }

    #[test]
    fn a_panic_while_handing_on_does_not_leave_workers_waiting() {
        // Window 1: workers wait for the consumer after every skill, so
        // without the alarm they would wait forever and the scope hang.
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let r = std::panic::catch_unwind(|| {
                scan_window(
                    &benign(),
                    &AuditOptions::default(),
                    Some(2),
                    false,
                    false,
                    1,
                    |_| panic!("renderer bug"),
                )
            });
            let _ = tx.send(r.is_err());
        });
        let panicked = rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the scan hung after a panic");
        assert!(panicked);
    }
}
