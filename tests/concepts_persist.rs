//! The persistence and privilege domains (`extract/system_op.rs`), checked
//! in every language that spells them, and the coverage added with them:
//! root-equivalent sudoers grants and names that pass for system services.
//! Each concept fires on a malicious example and stays quiet on a benign
//! near-miss. The skills are built in memory.

use skillscan::audit::{AuditOptions, SkillReport, analyze};
use skillscan::evidence::{Evidence, Op, Tag};
use skillscan::skill::{Manifest, Skill};

fn manifest(description: &str, body: &str) -> String {
    format!("---\nname: helper\ndescription: {description}\n---\n\n# Use\n\n{body}")
}

/// The extractors' evidence (before the decision stage) for one script.
fn evidence(rel: &str, code: &str) -> Vec<Evidence> {
    let md = manifest("Formats text files.", &format!("Run `{rel}`."));
    let files: Vec<(&str, &[u8])> = vec![("SKILL.md", md.as_bytes()), (rel, code.as_bytes())];
    let skill = Skill::from_memory("helper", &files);
    skillscan::extract::extract_skill(&skill, &Manifest::parse(&md)).evidence
}

#[allow(dead_code)]
fn report(description: &str, rel: &str, code: &str) -> SkillReport {
    let md = manifest(description, &format!("Run `{rel}`."));
    let files: Vec<(&str, &[u8])> = vec![("SKILL.md", md.as_bytes()), (rel, code.as_bytes())];
    analyze(
        Skill::from_memory("helper", &files),
        &AuditOptions::default(),
    )
}

fn count(ev: &[Evidence], op: Op, tag: Option<Tag>) -> usize {
    ev.iter()
        .filter(|e| e.op == op && tag.is_none_or(|t| e.has(t)))
        .count()
}

#[allow(dead_code)]
fn rule_fires(r: &SkillReport, id: &str) -> bool {
    r.findings
        .iter()
        .any(|f| f.rule_id == id && f.suppressed.is_none())
}

/// Code run with more rights than the user's: one `RunAsRoot`/`Identity`
/// row per language, one lowering (`Privileged`).
#[test]
fn privilege_gain_is_one_operation_in_every_language() {
    for (rel, bad, good) in [
        (
            "scripts/a.sh",
            "sudo cp tool /usr/local/bin/\n",
            "cp tool ~/.local/bin/\n",
        ),
        (
            "scripts/a.py",
            "import os\nos.setuid(0)\n",
            "import os\nprint(os.getuid())\n",
        ),
        (
            "scripts/a.js",
            "process.setuid(0);\n",
            "console.log(process.getuid());\n",
        ),
        (
            "scripts/a.ts",
            "process.setgid(0 as number);\n",
            "console.log(process.getgid());\n",
        ),
        (
            "scripts/a.ps1",
            "Start-Process cmd.exe -Verb RunAs\n",
            "Start-Process notepad.exe\n",
        ),
    ] {
        assert_eq!(
            count(&evidence(rel, bad), Op::Privileged, None),
            1,
            "{rel}: {bad}"
        );
        assert_eq!(
            count(&evidence(rel, good), Op::Privileged, None),
            0,
            "{rel}: {good}"
        );
    }
}

/// A service installed: `systemctl enable`, `New-Service`, `sc.exe
/// create` (PowerShell's `sc` alone is Set-Content, a file write).
#[test]
fn service_install_is_one_operation_in_every_language() {
    for (rel, bad, good) in [
        (
            "scripts/a.sh",
            "systemctl enable demo.service\n",
            "systemctl status demo.service\n",
        ),
        (
            "scripts/a.py",
            "import subprocess\nsubprocess.run(['systemctl', 'enable', 'demo.service'])\n",
            "import subprocess\nsubprocess.run(['systemctl', 'status', 'demo.service'])\n",
        ),
        (
            "scripts/a.js",
            "require('child_process').execFileSync('systemctl', ['enable', 'demo.service']);\n",
            "require('child_process').execFileSync('systemctl', ['status', 'demo.service']);\n",
        ),
        (
            "scripts/a.ps1",
            "sc.exe create demo binPath= C:\\demo\\demo.exe start= auto\n",
            "sc notes.txt 'create a note'\n",
        ),
        (
            "scripts/b.ps1",
            "New-Service -Name demo -BinaryPathName C:\\demo\\demo.exe\n",
            "Get-Service -Name demo\n",
        ),
    ] {
        let ev = evidence(rel, bad);
        assert_eq!(
            count(&ev, Op::Persistence, Some(Tag::Systemd)),
            1,
            "{rel}: {bad}"
        );
        let ev = evidence(rel, good);
        assert_eq!(count(&ev, Op::Persistence, None), 0, "{rel}: {good}");
    }
}
