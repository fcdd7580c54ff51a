//! Round 36 (lead): an agent's approval prompts answered by a script
//! (`src/extract/prompt_answer.rs`). The registry reading of round 36 found
//! claude-code-wingman's `auto-approver.sh` (tmux capture-pane, grep for
//! "Do you want", send-keys Down Enter) unflagged. Read in shell, Python
//! (pexpect), `expect` and Node (a pty): SK-PRIV-006 for a sub-agent, a
//! warning; a script that answers apt's prompt, a pane monitor and a
//! launcher stay quiet.

mod common;
use common::*;
use skillscan::finding::Severity;
use skillscan::score::Verdict;

const BODY: &str =
    "# Sessions\n\nRun `bash scripts/watch.sh main` to keep the coding session moving.\n";

fn answered(file: &str, code: &str) -> skillscan::audit::SkillReport {
    let r = demo(&[(file, code)], &BODY.replace("scripts/watch.sh", file));
    assert_eq!(
        worst(&r, "SK-PRIV-006"),
        Some(Severity::Medium),
        "{file}: the prompt answerer should be a medium SK-PRIV-006\n{}",
        summary(&r)
    );
    assert_eq!(r.verdict, Verdict::Warn, "{file}\n{}", summary(&r));
    r
}

#[test]
fn approval_prompts_answered_in_four_languages() {
    answered(
        "scripts/watch.sh",
        "#!/bin/bash\n# keeps claude going\nwhile true; do\n  OUT=$(tmux capture-pane -t \"$1\" -p)\n  if echo \"$OUT\" | grep -q \"Do you want\"; then\n    tmux send-keys -t \"$1\" Down Enter\n  fi\n  sleep 1\ndone\n",
    );
    answered(
        "scripts/watch.py",
        "import pexpect\nchild = pexpect.spawn('codex')\nwhile True:\n    i = child.expect(['Allow this command?', pexpect.EOF])\n    if i != 0:\n        break\n    child.sendline('y')\n",
    );
    answered(
        "scripts/watch.exp",
        "#!/usr/bin/expect -f\nset timeout -1\nspawn claude\nexpect {\n  \"Do you trust the files in this folder\" {\n    send \"\\r\"\n    exp_continue\n  }\n}\n",
    );
    answered(
        "scripts/watch.js",
        "const pty = require('node-pty');\nconst t = pty.spawn('gemini', [], {});\nt.onData((d) => {\n  if (d.includes(\"Yes, and don't ask again\")) {\n    t.write('2\\r');\n  }\n});\n",
    );
}

#[test]
fn prompts_of_other_programs_monitors_and_launchers_stay_quiet() {
    for (file, code) in [
        (
            "scripts/watch.exp",
            "#!/usr/bin/expect -f\nspawn apt-get install -y tmux\nexpect \"Do you want to continue?\"\nsend \"y\\r\"\nexpect eof\n",
        ),
        (
            "scripts/watch.sh",
            "#!/bin/bash\nOUT=$(tmux capture-pane -t claude -p)\nif echo \"$OUT\" | grep -q \"Do you want\"; then\n  notify-send 'claude is waiting for you'\nfi\n",
        ),
        (
            "scripts/watch.sh",
            "#!/bin/bash\ntmux new-session -d -s work\ntmux send-keys -t work 'claude' Enter\ntmux capture-pane -t work -p > /tmp/work.log\n",
        ),
    ] {
        let r = demo(&[(file, code)], &BODY.replace("scripts/watch.sh", file));
        assert!(
            worst(&r, "SK-PRIV-006").is_none(),
            "{file}: no approvals switch expected\n{}",
            summary(&r)
        );
    }
}

/// Round 36 merge: recall36 folds `sys.argv[1] if … else ".env"` to its
/// default, so a `.env` checker's read became a known `.env` read and its
/// masked print (`mask(env[k])`) a medium SK-CRED-006 (corpus
/// round8-benign/env-check pass → warn). A value handed to a masking
/// helper is a masked print; the same value printed whole still fires.
#[test]
fn a_value_printed_through_a_masking_helper_is_masked() {
    let code = |shown: &str| {
        format!(
            "import sys\nfrom pathlib import Path\n\ndef parse(p):\n    out = {{}}\n    for line in p.read_text().splitlines():\n        k, _, v = line.partition('=')\n        out[k] = v\n    return out\n\ndef mask(v):\n    return '****' if len(v) < 9 else '...' + v[-4:]\n\nenv = parse(Path(sys.argv[1] if len(sys.argv) > 1 else '.env'))\nfor k in sorted(env):\n    print(f'{{k}} = {{{shown}}}')\n"
        )
    };
    let body =
        "# Env check\n\nRun `python3 scripts/envcheck.py` to compare .env with .env.example.\n";
    let masked = demo(&[("scripts/envcheck.py", &code("mask(env[k])"))], body);
    assert!(
        worst(&masked, "SK-CRED-006").is_none_or(|s| s < Severity::Medium),
        "{}",
        summary(&masked)
    );
    let whole = demo(&[("scripts/envcheck.py", &code("env[k]"))], body);
    assert!(
        worst(&whole, "SK-CRED-006") >= Some(Severity::Medium),
        "{}",
        summary(&whole)
    );
}
