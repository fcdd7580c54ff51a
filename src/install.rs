//! `skillscan install SRC DEST`: for installers without a policy hook.
//!
//! 1. SRC is copied into a fresh staging folder next to DEST (same
//!    filesystem), never following symlinks and refusing symlinks and
//!    special files, with the inventory's size and count limits.
//! 2. The STAGED copy is scanned, so the bytes scanned are the bytes
//!    installed. Every folder is scanned (`node_modules`, `.git` included);
//!    anything the inventory did not list is removed from the staging
//!    folder and named (in practice nothing: an inventory limit makes the
//!    analysis incomplete, which refuses the install).
//! 3. The gate's decision applies: `allow` (or `warn` with `--accept-warn`)
//!    renames the staging folder to DEST in one step; anything else removes
//!    the staging folder and leaves DEST absent. The staging folder is also
//!    removed on an error, a panic, and SIGINT/SIGTERM/SIGHUP
//!    (`crate::staging`).
//!
//! Exit codes: 0 installed, 1 refused by the policy, 2 error.

use crate::audit;
use crate::cli::InstallArgs;
use crate::exit::{UserError, code as exit};
use crate::gate::{self, Decision};
use crate::limits::{MAX_DEPTH, MAX_FILES, MAX_SKILL_BYTES};
use crate::policy::Policy;
use crate::report::{self, ReportInput};
use crate::skill::discover;
use std::collections::BTreeSet;
use std::fs;
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

pub fn run(a: &InstallArgs) -> Result<i32, UserError> {
    let policy = Policy::discover(a.policy.as_deref(), false).map_err(UserError)?;
    check_src(&a.src)?;
    let (parent, name) = check_dest(&a.dest)?;
    // From here on the staging copy is removed on every exit path: a
    // refusal, an error, a panic or a signal (`staging.rs`).
    let guard = crate::staging::Staging::guard(make_staging(&parent, &name)?);
    let staging = guard.path().unwrap_or_default();
    let outcome = stage_and_decide(a, policy.as_ref(), &staging, &name);
    let keep = matches!(&outcome, Ok((Decision::Allow, _, _)))
        || (a.accept_warn && matches!(&outcome, Ok((Decision::Warn, _, _))));
    if !keep {
        guard.discard();
    }
    let (decision, reason, skill_name) = outcome?;
    let why = reason.unwrap_or_default();
    if !keep {
        let hint = if decision == Decision::Warn {
            " Pass --accept-warn to install it anyway."
        } else {
            ""
        };
        println!(
            "refused: {skill_name} was not installed (decision: {}). {why}{hint}",
            decision.as_str()
        );
        return Ok(exit::FINDINGS);
    }
    // DEST may have appeared while we scanned; rename must not replace it.
    if fs::symlink_metadata(&a.dest).is_ok() {
        return Err(UserError(format!(
            "{} appeared while the skill was being scanned; nothing was installed. Remove it or choose another destination.",
            a.dest.display()
        )));
    }
    if let Err(e) = guard.commit(|p| fs::rename(p, &a.dest)) {
        return Err(UserError(format!(
            "cannot move the scanned copy into {}: {e}. Nothing was installed.",
            a.dest.display()
        )));
    }
    println!(
        "installed: {skill_name} into {} (decision: {}){}",
        a.dest.display(),
        decision.as_str(),
        if why.is_empty() {
            String::new()
        } else {
            format!(". {why}")
        }
    );
    Ok(exit::OK)
}

fn check_src(src: &Path) -> Result<(), UserError> {
    let meta = fs::symlink_metadata(src).map_err(|e| {
        UserError(format!(
            "cannot read {}: {e}. Pass the skill folder to install.",
            src.display()
        ))
    })?;
    if meta.file_type().is_symlink() {
        return Err(UserError(format!(
            "{} is a symlink; skillscan install never follows symlinks. Pass the real folder.",
            src.display()
        )));
    }
    if !meta.is_dir() {
        return Err(UserError(format!(
            "{} is not a folder; pass the skill folder (the one holding SKILL.md).",
            src.display()
        )));
    }
    Ok(())
}

/// DEST must not exist; its parent must. Returns (parent, file name).
fn check_dest(dest: &Path) -> Result<(PathBuf, String), UserError> {
    if fs::symlink_metadata(dest).is_ok() {
        return Err(UserError(format!(
            "{} already exists; skillscan install only creates a new folder. Remove it first or choose another destination.",
            dest.display()
        )));
    }
    let name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| !n.is_empty())
        .ok_or_else(|| {
            UserError(format!(
                "{} does not name a folder to create; pass a path like ~/.openclaw/skills/<name>.",
                dest.display()
            ))
        })?;
    let parent = match dest.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match fs::metadata(&parent) {
        Ok(m) if m.is_dir() => Ok((parent, name)),
        _ => Err(UserError(format!(
            "the folder {} that should contain {} does not exist; create it first.",
            parent.display(),
            dest.display()
        ))),
    }
}

/// A fresh, hidden folder next to DEST, so the final rename stays on one
/// filesystem and is atomic.
fn make_staging(parent: &Path, name: &str) -> Result<PathBuf, UserError> {
    let pid = std::process::id();
    for n in 0..1000 {
        let p = parent.join(format!(".{name}.skillscan-staging-{pid}-{n}"));
        match fs::create_dir(&p) {
            Ok(()) => return Ok(p),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(UserError(format!(
                    "cannot create a staging folder in {}: {e}. Check that it is writable.",
                    parent.display()
                )));
            }
        }
    }
    Err(UserError(format!(
        "cannot create a staging folder in {}: too many leftovers named .{name}.skillscan-staging-*; remove them.",
        parent.display()
    )))
}

/// Copies, scans, prunes and decides. Returns (decision, reason, skill name).
fn stage_and_decide(
    a: &InstallArgs,
    policy: Option<&Policy>,
    staging: &Path,
    dest_name: &str,
) -> Result<(Decision, Option<String>, String), UserError> {
    let mut copier = Copier {
        src_root: a.src.clone(),
        files: 0,
        bytes: 0,
    };
    copier.copy_dir(&a.src, staging, "", 0)?;

    // Excluded paths are not scanned, so `prune` leaves them out of the
    // installed copy too.
    let opts = Policy::audit_options(policy, &a.exclude, a.skill_budget_ms);
    let mut skill = discover::load_skill_excluding(staging, &opts.exclude);
    // Checked against the name it will have once installed, not the
    // staging folder's.
    skill.dir_name = dest_name.to_string();
    let mut r = audit::analyze(skill, &opts);
    r.path = a.src.display().to_string();
    let scanned: BTreeSet<String> = r.skill.files.iter().map(|f| f.rel.clone()).collect();
    let mut pruned = Vec::new();
    prune(staging, "", &scanned, &mut pruned)?;
    gate::finish(&mut r, policy);
    r.slim();

    let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let input = ReportInput {
        skills: std::slice::from_ref(&r),
        with_ssl: false,
        color,
    };
    eprint!("{}", report::human::render(&input));
    for p in &pruned {
        eprintln!(
            "skillscan: not installed (the scan skips it): {}",
            crate::text::escape_display(p)
        );
    }
    let resp = gate::decide(&r, policy, dest_name);
    Ok((
        resp.decision,
        resp.reason,
        crate::text::escape_display(&r.name),
    ))
}

struct Copier {
    src_root: PathBuf,
    files: usize,
    bytes: u64,
}

impl Copier {
    fn shown(&self, rel: &str) -> String {
        crate::text::escape_display(&self.src_root.join(rel).display().to_string())
    }

    fn copy_dir(
        &mut self,
        src: &Path,
        dst: &Path,
        rel: &str,
        depth: usize,
    ) -> Result<(), UserError> {
        if depth > MAX_DEPTH {
            return Err(UserError(format!(
                "{} is nested deeper than {MAX_DEPTH} folders; skillscan will not install it.",
                self.shown(rel)
            )));
        }
        let rd = fs::read_dir(src)
            .map_err(|e| UserError(format!("cannot read {}: {e}", self.shown(rel))))?;
        let mut entries: Vec<_> = rd.filter_map(Result::ok).collect();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            let name = e.file_name();
            let child_rel = if rel.is_empty() {
                name.to_string_lossy().into_owned()
            } else {
                format!("{rel}/{}", name.to_string_lossy())
            };
            let from = e.path();
            let to = dst.join(&name);
            let meta = fs::symlink_metadata(&from).map_err(|err| {
                UserError(format!("cannot read {}: {err}", self.shown(&child_rel)))
            })?;
            let ft = meta.file_type();
            if ft.is_symlink() {
                return Err(UserError(format!(
                    "{} is a symlink; skillscan install never copies or follows symlinks. Replace it with the file it points to, or remove it.",
                    self.shown(&child_rel)
                )));
            } else if ft.is_dir() {
                fs::create_dir(&to)
                    .map_err(|err| UserError(format!("cannot create {}: {err}", to.display())))?;
                self.copy_dir(&from, &to, &child_rel, depth + 1)?;
            } else if ft.is_file() {
                self.copy_file(&from, &to, &child_rel)?;
            } else {
                return Err(UserError(format!(
                    "{} is a special file (FIFO, socket or device); skillscan install refuses it. Remove it from the skill.",
                    self.shown(&child_rel)
                )));
            }
        }
        Ok(())
    }

    fn copy_file(&mut self, from: &Path, to: &Path, rel: &str) -> Result<(), UserError> {
        self.files += 1;
        if self.files > MAX_FILES {
            return Err(UserError(format!(
                "the skill has more than {MAX_FILES} files; skillscan will not install it."
            )));
        }
        let f = fs::File::open(from)
            .map_err(|e| UserError(format!("cannot read {}: {e}", self.shown(rel))))?;
        let meta = f
            .metadata()
            .map_err(|e| UserError(format!("cannot read {}: {e}", self.shown(rel))))?;
        // Re-check after opening: the path may have been swapped.
        if !meta.is_file() {
            return Err(UserError(format!(
                "{} changed into a non-regular file while being copied; try again.",
                self.shown(rel)
            )));
        }
        let mut opts = fs::OpenOptions::new();
        opts.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
            // No setuid/setgid/sticky bits, nothing group- or world-writable.
            opts.mode(meta.permissions().mode() & 0o755);
        }
        let mut out = opts
            .open(to)
            .map_err(|e| UserError(format!("cannot create {}: {e}", to.display())))?;
        let left = MAX_SKILL_BYTES.saturating_sub(self.bytes);
        let n = std::io::copy(&mut f.take(left + 1), &mut out)
            .map_err(|e| UserError(format!("cannot copy {}: {e}", self.shown(rel))))?;
        self.bytes += n;
        if self.bytes > MAX_SKILL_BYTES {
            return Err(UserError(format!(
                "the skill is larger than {MAX_SKILL_BYTES} bytes; skillscan will not install it."
            )));
        }
        Ok(())
    }
}

/// Removes from the staging folder whatever the scan did not inventory.
fn prune(
    dir: &Path,
    rel: &str,
    scanned: &BTreeSet<String>,
    pruned: &mut Vec<String>,
) -> Result<(), UserError> {
    let rd = fs::read_dir(dir).map_err(|e| {
        UserError(format!(
            "cannot read the staging folder {}: {e}",
            dir.display()
        ))
    })?;
    let mut entries: Vec<_> = rd.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let child = if rel.is_empty() {
            e.file_name().to_string_lossy().into_owned()
        } else {
            format!("{rel}/{}", e.file_name().to_string_lossy())
        };
        let path = e.path();
        let is_dir = fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
        let result = if is_dir {
            let prefix = format!("{child}/");
            if scanned
                .range(prefix.clone()..)
                .next()
                .is_some_and(|s| s.starts_with(&prefix))
            {
                prune(&path, &child, scanned, pruned)?;
                continue;
            }
            pruned.push(format!("{child}/"));
            fs::remove_dir_all(&path)
        } else if scanned.contains(&child) {
            continue;
        } else {
            pruned.push(child);
            fs::remove_file(&path)
        };
        result.map_err(|err| {
            UserError(format!(
                "cannot remove unscanned {} from the staging folder: {err}",
                path.display()
            ))
        })?;
    }
    Ok(())
}
