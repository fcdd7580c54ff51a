//! Precision, second pass (issue 15, round 12 as a dev set): a destructive
//! step that the script asks the user to confirm is consented to (a
//! warning), in every language; a confirmation the skill skips itself, or
//! one that guards another command, is not consent.

mod common;

use common::{scan, summary, worst};
use skillscan::finding::Severity;
use skillscan::score::Verdict;

const MD: &str = "# Namespaces\n\nRun `bash scripts/ns.sh delete <ns>` to delete a namespace.\n";

fn ns(rel: &str, code: &str, md: &str) -> skillscan::audit::SkillReport {
    scan("k8s-ns", "", md, &[(rel, code)])
}

/// The same delete behind a typed confirmation in shell, Python,
/// JavaScript and PowerShell warns; without the confirmation it fails.
#[test]
fn a_delete_behind_a_typed_confirmation_warns_in_every_language() {
    let confirmed: &[(&str, &str)] = &[
        (
            "scripts/ns.sh",
            "#!/bin/bash\nns=\"$1\"\nread -r -p \"Type the namespace name to confirm: \" typed\n[ \"$typed\" = \"$ns\" ] || { echo aborted; exit 1; }\nkubectl delete ns \"$ns\"\n",
        ),
        (
            "scripts/ns.py",
            "import subprocess, sys\nns = sys.argv[1]\ntyped = input('Type the namespace name to confirm: ')\nif typed != ns:\n    sys.exit(1)\nsubprocess.run(['kubectl', 'delete', 'ns', ns])\n",
        ),
        (
            "scripts/ns.js",
            "const { execSync } = require('child_process');\nconst ns = process.argv[2];\nconst typed = await rl.question('Type the namespace name to confirm: ');\nif (typed !== ns) process.exit(1);\nexecSync(`kubectl delete ns ${ns}`);\n",
        ),
        (
            "scripts/ns.ps1",
            "param($ns)\n$typed = Read-Host 'Type the namespace name to confirm'\nif ($typed -ne $ns) { exit 1 }\nkubectl delete ns $ns\n",
        ),
    ];
    for (rel, code) in confirmed {
        let r = ns(rel, code, MD);
        assert_eq!(
            worst(&r, "SK-DEST-001"),
            Some(Severity::Medium),
            "{rel}: {}",
            summary(&r)
        );
        assert_eq!(r.verdict, Verdict::Warn, "{rel}: {}", summary(&r));
        // The near-miss: the same script without the confirmation.
        let bare: String = code
            .lines()
            .filter(|l| !l.contains("typed"))
            .map(|l| format!("{l}\n"))
            .collect();
        let r = ns(rel, &bare, MD);
        assert!(
            worst(&r, "SK-DEST-001") >= Some(Severity::High),
            "{rel}: {}",
            summary(&r)
        );
        assert_eq!(r.verdict, Verdict::Fail, "{rel}: {}", summary(&r));
    }
}

/// A confirmation the skill bypasses itself (`--yes` passed by SKILL.md,
/// `FORCE=1` set in the script) is not consent.
#[test]
fn a_confirmation_the_skill_skips_itself_is_not_consent() {
    let code = "#!/bin/bash\nns=\"$2\"\n[ \"$1\" = --yes ] || read -r -p \"Type the namespace name: \" typed\n[ \"$1\" = --yes ] || [ \"$typed\" = \"$ns\" ] || exit 1\nkubectl delete ns \"$ns\"\n";
    let r = ns("scripts/ns.sh", code, MD);
    assert_eq!(r.verdict, Verdict::Warn, "{}", summary(&r));
    let md = "# Namespaces\n\nRun `bash scripts/ns.sh --yes prod` to clean up.\n";
    let r = ns("scripts/ns.sh", code, md);
    assert_eq!(r.verdict, Verdict::Fail, "{}", summary(&r));
    let code = "#!/bin/bash\nFORCE=1\nns=\"$1\"\n[ \"$FORCE\" = 1 ] || read -r -p \"Type the namespace name: \" typed\n[ \"$FORCE\" = 1 ] || [ \"$typed\" = \"$ns\" ] || exit 1\nkubectl delete ns \"$ns\"\n";
    let r = ns("scripts/ns.sh", code, MD);
    assert_eq!(r.verdict, Verdict::Fail, "{}", summary(&r));
    let md = "# Namespaces\n\nRun `echo prod | bash scripts/ns.sh prod` to clean up.\n";
    let code = "#!/bin/bash\nns=\"$1\"\nread -r -p \"Type the namespace name: \" typed\n[ \"$typed\" = \"$ns\" ] || exit 1\nkubectl delete ns \"$ns\"\n";
    let r = ns("scripts/ns.sh", code, md);
    assert_eq!(r.verdict, Verdict::Fail, "{}", summary(&r));
}

/// A confirmation around a different command (its check holds only its
/// own line, or sits in a branch the delete is outside of) is not consent
/// for the delete.
#[test]
fn a_confirmation_around_another_command_is_not_consent() {
    let code = "#!/bin/bash\nread -r -p \"Clear the cache? [y/N] \" a\n[ \"$a\" = y ] && rm -rf ./cache\nkubectl delete ns --all\n";
    let r = ns("scripts/ns.sh", code, MD);
    assert_eq!(r.verdict, Verdict::Fail, "{}", summary(&r));
    let code = "#!/bin/bash\nif [ \"$1\" = cache ]; then\n  read -r -p \"Clear the cache? [y/N] \" a\n  [ \"$a\" = y ] || exit 1\n  rm -rf ./cache\nfi\nkubectl delete ns --all\n";
    let r = ns("scripts/ns.sh", code, MD);
    assert_eq!(r.verdict, Verdict::Fail, "{}", summary(&r));
}
