//! Round 34 (lead): warns the independent registry reading called noise
//! (`bench/triage/registry-round34.md`, causes 5 and 6), fixed as classes.
//!
//! - A crontab written back from a pipe that only takes lines out of the
//!   current one (`crontab -l | grep -v job | crontab -`, the `( … )` and
//!   `sed '/job/d'` forms) removes a job: no persistence (hopyky's
//!   `uninstall_cron`). A pipe that adds a line (`echo`, `cat`) still writes
//!   a job, and a job decoded into the crontab is read as before.
//! - A recursive delete of a folder the script made with `mktemp` (`tmp=$(mktemp
//!   -d)` … `rm -rf "$tmp"`, or below it) is its own scratch area (hopyky's
//!   backup and restore scripts); a `..` out of it, or the user's folders,
//!   still count.

mod common;

use common::{scan, summary, worst};

fn script(path: &str, body: &str) -> skillscan::audit::SkillReport {
    scan("cron-tidy", "", "Run `scripts/x.sh`.", &[(path, body)])
}

#[test]
fn a_crontab_with_lines_taken_out_is_no_new_job() {
    for body in [
        "#!/bin/bash\ncrontab -l 2>/dev/null | grep -v \"update-plus\" | grep -v \"Update Plus\" | crontab -\n",
        "#!/bin/bash\n(crontab -l | grep -v 'notes-sync') | crontab -\n",
        "#!/bin/bash\ncrontab -l | sed '/notes-sync/d' | crontab -\n",
        "#!/bin/bash\ncrontab -l | grep -vF \"$JOB\" | crontab -\n",
    ] {
        let r = script("scripts/x.sh", body);
        assert_eq!(worst(&r, "SK-PRIV-004"), None, "{body}\n{}", summary(&r));
    }
}

#[test]
fn a_crontab_that_gains_a_line_is_still_a_job() {
    for body in [
        "#!/bin/bash\n(crontab -l; echo '*/5 * * * * ~/.local/bin/sync') | crontab -\n",
        "#!/bin/bash\ncrontab -l | grep -v sync | cat - /tmp/job.txt | crontab -\n",
        "#!/bin/bash\n{ crontab -l | grep -v sync; echo '@reboot ~/.cache/agent'; } | crontab -\n",
        "#!/bin/bash\ncrontab -l | grep sync | crontab -\n",
    ] {
        let r = script("scripts/x.sh", body);
        assert!(
            worst(&r, "SK-PRIV-004").is_some(),
            "{body}\n{}",
            summary(&r)
        );
    }
}

#[test]
fn the_scripts_own_mktemp_folder_is_its_scratch_area() {
    for body in [
        "#!/bin/bash\ntmp=$(mktemp -d)\ncp -r ~/notes \"$tmp/\"\ntar -czf out.tgz -C \"$tmp\" .\nrm -rf \"$tmp\"\n",
        "#!/bin/bash\nSTAGE=\"$(mktemp -d -t restore.XXXX)\"\nrm -rf \"$STAGE/extracted\"\n",
    ] {
        let r = script("scripts/x.sh", body);
        assert_eq!(worst(&r, "SK-DEST-003"), None, "{body}\n{}", summary(&r));
    }
}

#[test]
fn a_climb_out_of_the_temp_folder_or_the_users_folders_still_count() {
    for body in [
        "#!/bin/bash\ntmp=$(mktemp -d)\nrm -rf \"$tmp/../..\"\n",
        "#!/bin/bash\ntmp=$(mktemp -d)\nrm -rf \"$tmp\" ~/Documents/old\n",
    ] {
        let r = script("scripts/x.sh", body);
        assert!(
            r.findings.iter().any(|f| f.rule_id.starts_with("SK-DEST")),
            "{body}\n{}",
            summary(&r)
        );
    }
}

/// Registry reading round 34, cause 9 (andrewjiang/idea): an agent run
/// without approvals from a runner the script writes with a heredoc.
#[test]
fn an_approval_bypass_in_a_written_runner_is_reported_there() {
    let runner = "#!/bin/bash\nRUNNER=/tmp/run.sh\ncat > \"$RUNNER\" << 'RUNNER_END'\n#!/bin/bash\nclaude --dangerously-skip-permissions --model opus \"$PROMPT\"\nRUNNER_END\nchmod +x \"$RUNNER\"\ntmux new -d \"$RUNNER\"\n";
    let r = script("scripts/x.sh", runner);
    assert!(
        r.findings
            .iter()
            .any(|f| f.rule_id == "SK-PRIV-006" && f.location.start_line == 5),
        "{}",
        summary(&r)
    );
    // A heredoc of notes that mentions the flag runs nothing.
    let notes = "#!/bin/bash\ncat > NOTES.md << 'EOF'\nNever start claude with --dangerously-skip-permissions here.\nEOF\n";
    let r = script("scripts/x.sh", notes);
    assert_eq!(worst(&r, "SK-PRIV-006"), None, "{}", summary(&r));
}
