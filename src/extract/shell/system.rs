use super::call::{Call, Emit};
use super::*;
use crate::extract::system_op::{self, SystemOp};

/// A scheduled job (`crontab -l [-u USER]` is a listing, not a job).
pub(super) fn schedule(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let cx = c.cx;
    if system_op::lists_jobs(args) {
        // A listing into a filter keeps the line-wide checks; otherwise the
        // line is classified.
        if cx.pipe_out.is_none() || cx.feeds_interpreter {
            e.finish();
        }
        return;
    }
    system_op_row(c, e, |op| {
        op.inputs(cx.pipe_in.clone().into_iter().collect())
    });
}

/// Round 42: a start-up entry registered through a general tool
/// (`osascript` login items, `defaults write` login hooks, `reg add` Run
/// keys): the table's row when the call is one.
pub(super) fn startup_entry(c: &Call, e: &mut Emit) {
    system_op_row(c, e, |op| op);
}

/// A launchd job loaded.
pub(super) fn launchd(c: &Call, e: &mut Emit) {
    system_op_row(c, e, |op| op);
}

/// The program's row of the persistence and privilege table
/// (`system_op::SPELLINGS`), lowered when its arguments make it one.
fn system_op_row(c: &Call, e: &mut Emit, with: impl FnOnce(SystemOp) -> SystemOp) -> bool {
    match system_op::spelling("shell", &c.name, &c.args, &c.joined) {
        Some(s) => {
            e.push(with(system_op::op_of(s, c.joined.clone())).lower());
            true
        }
        None => false,
    }
}

/// A systemd unit enabled, or a security service stopped.
pub(super) fn systemd(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let joined = &c.joined;
    if !system_op_row(c, e, |op| op)
        && args
            .iter()
            .any(|a| matches!(*a, "stop" | "disable" | "mask"))
        && args.iter().any(|a| {
            a.contains("firewall")
                || a.contains("auditd")
                || a.contains("apparmor")
                || a.contains("selinux")
                || a.contains("ufw")
        })
    {
        e.push(
            Evidence::new(
                Op::SecurityDisable,
                A::UpdateState,
                R::Process,
                joined.clone(),
            )
            .object("security service stopped"),
        );
    }
}

/// System information read.
pub(super) fn sysinfo(c: &Call, e: &mut Emit) {
    let name = &c.name;
    let cx = c.cx;
    let mut ev =
        Evidence::new(Op::SysInfo, A::Read, R::Other, name.clone()).object("system information");
    ev.output = cx.pipe_out.clone();
    e.push(ev);
}

/// A long sleep (a date gate).
pub(super) fn sleep(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let secs: f64 = args
        .first()
        .and_then(|a| a.trim_end_matches(['s', 'm', 'h']).parse().ok())
        .unwrap_or(0.0);
    if secs >= 60.0
        || args
            .first()
            .is_some_and(|a| a.ends_with('m') || a.ends_with('h'))
    {
        e.push(
            Evidence::new(Op::Sleep, A::UpdateState, R::Process, args.join(" "))
                .object("long sleep")
                .tag(Tag::DateGate),
        );
    }
}

/// Shell history erased.
pub(super) fn history(c: &Call, e: &mut Emit) {
    let joined = &c.joined;
    e.push(
        Evidence::new(Op::AntiForensics, A::Write, R::LocalFs, joined.clone())
            .tag(Tag::HistoryFile)
            .object("shell history erased"),
    );
}

/// An OS protection disabled.
pub(super) fn protection_off(c: &Call, e: &mut Emit) {
    let name = &c.name;
    let args: &[&str] = &c.args;
    let joined = &c.joined;
    let off = joined.contains("--master-disable")
        || joined.contains("disable")
        || joined.contains("setenforce 0")
        || (name == "xattr" && joined.contains("quarantine") && has_flag(args, &["-d", "-c"], &[]));
    if off {
        let mut ev = Evidence::new(
            Op::SecurityDisable,
            A::UpdateState,
            R::Process,
            joined.clone(),
        )
        .object("OS protection disabled");
        // Quarantine lifted from one binary a package manager just
        // installed (`xattr -d com.apple.quarantine "$(brew
        // --prefix)/bin/x"`): the vendor's documented step.
        if name == "xattr"
            && !has_flag(args, &["-r", "-dr", "-rd", "-cr", "-rc"], &[])
            && ["brew --prefix", "/opt/homebrew/", "/usr/local/Cellar/"]
                .iter()
                .any(|p| joined.contains(p))
        {
            ev.tags.insert(Tag::KnownInstaller);
        }
        e.push(ev);
    }
}

/// A row of the Windows security tampering table (`win_tamper`):
/// defences turned off; a row that also removes recovery data keeps the
/// destructive reading of `destroy::backups`.
pub(super) fn windows_tamper(c: &Call, e: &mut Emit) {
    let Some(row) = crate::extract::win_tamper::classify(&c.name, &c.args) else {
        return;
    };
    e.push(crate::extract::win_tamper::evidence(
        row, &c.name, &c.joined,
    ));
    if row.destroys {
        super::destroy::backups(c, e);
    }
}

/// A known cryptocurrency miner.
pub(super) fn miner(c: &Call, e: &mut Emit) {
    let joined = &c.joined;
    e.push(
        Evidence::new(Op::Mining, A::CallTool, R::Process, joined.clone())
            .object("cryptocurrency miner"),
    );
}

/// Processes killed broadly, or the agent and system ones.
pub(super) fn kill(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let joined = &c.joined;
    if joined.contains("-9 -1")
        || args
            .iter()
            .any(|a| matches!(*a, "openclaw" | "claude" | "Dock" | "Finder" | "sshd"))
    {
        e.push(
            Evidence::new(Op::Exec, A::UpdateState, R::Process, joined.clone())
                .object("processes killed")
                .tag(Tag::BroadTarget),
        );
    }
}
