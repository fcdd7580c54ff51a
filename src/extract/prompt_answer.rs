//! Round 36 (lead): an agent's approval prompts answered by a script.
//!
//! A flag (`--dangerously-skip-permissions`) or a setting
//! (`defaultMode: bypassPermissions`) switches an agent's approvals off;
//! so does a script that watches the agent's terminal for its approval
//! prompt and types the answer. The registry reading of round 36 found
//! one (`auto-approver.sh`: `tmux capture-pane`, `grep -q "Do you want"`,
//! `tmux send-keys … Down Enter`, every second); the static reading saw
//! nothing in it. The same loop is written with `expect`/`send`, Python's
//! `pexpect` (`child.expect(…)`, `child.sendline("y")`), a pty in Node
//! (`onData` and `write("\r")`) or `screen -X stuff`.
//!
//! Three parts in one code file, read by their literals (any language):
//! a read of a terminal (`capture-pane`, `expect`, a pty's output), an
//! approval prompt's words, and a key sent back within a few lines of
//! those words (Enter, `y`, `1`, Down). The prompt's words are an agent's
//! own ("Do you trust the files in this folder", "don't ask again",
//! "allow for this session", "Do you want to proceed"), or a bare question
//! ("Do you want", `(y/n)`) in a file that names an agent CLI. An `expect`
//! script answering `apt`'s "Do you want to continue?" or ssh's host-key
//! question names no agent and stays quiet, as does a script that only
//! reads the pane (a monitor) or only sends keys (a launcher).
//!
//! The finding is an approvals switch (SK-PRIV-006) for a sub-agent: the
//! session the script watches runs unsupervised, as when a skill starts
//! `codex --yolo` in a pane (a warning; concealment around it raises it).
//! Nothing is written to the agent's settings, so it is no lasting change.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// A read of a terminal's output.
static SCREEN_READ: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\btmux\s+capture-pane\b|capture_pane\(|\bscreen\s[^\n]*-X\s+hardcopy\b|\.expect(?:_exact|_list)?\s*\(|(?m:^\s*expect\s+(?:-re\s+|-exact\s+|-gl\s+)?["{])|\bpexpect\b|\bwexpect\b|\bnode-pty\b|\.onData\s*\(|\bpty\.(?:spawn|fork)\b|\bread_nonblocking\s*\("#,
);
/// Words of an agent's own approval prompt.
static AGENT_PROMPT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)do you trust (?:the files|this folder|the authors)|trust (?:the files in )?this (?:folder|workspace)|don'?t ask again|allow (?:for |during )?(?:this |the )?session|yes,? and (?:allow|don'?t)|do you want to (?:proceed|make this edit|create|allow|run this)|allow (?:this )?(?:command|tool|execution)\?|approve (?:this )?(?:command|tool call|action)|permission (?:required|requested|prompt)|bypass permissions",
);
/// A bare question, counted only in a file naming an agent CLI.
static BARE_PROMPT: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)do you want|\(y/n\)|\[y/n\]|proceed\?|continue\?");
/// An agent CLI named in the file.
static AGENT_NAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bclaude(?:[ -]code)?\b|\bcodex\b|\bgemini(?:[ -]cli)?\b|\baider\b|\bcursor-agent\b|\bopencode\b|\bopenclaw\b|\bcopilot\b|\bqwen-code\b",
);
/// A key sent back to the terminal.
static KEY_SEND: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\btmux\s+send-keys\b[^\n]*(?:\benter\b|\bc-m\b|\bdown\b|\btab\b|\s['"]?(?:y|yes|1|2)['"]?(?:\s|$))|\bsend_keys\s*\([^\n]*(?:enter|\\r|\\n|['"](?:y|yes|1|2)['"])|(?m:^\s*send\s+(?:--\s+)?["{](?:y|yes|1|2)?\\r)|\.sendline\s*\(\s*(?:['"](?:y|yes|1|2)?['"])?\s*\)|\.send(?:control)?\s*\(\s*['"](?:y|yes|1|2|m)?(?:\\r|\\n)?['"]\s*\)|\.write\s*\(\s*['"](?:y|yes|1|2)?(?:\\r|\\n|\\x1b\[b)+['"]\s*\)|\bscreen\s[^\n]*-X\s+stuff\b"#,
);

/// Lines after the prompt's words within which the key must be sent.
const NEAR_LINES: usize = 12;

/// Adds the approvals switch of a script that answers an agent's approval
/// prompts (one finding per file, at the first key sent).
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !SCREEN_READ.is_match(text) || !KEY_SEND.is_match(text) {
        return;
    }
    let agent_named = AGENT_NAME.is_match(text);
    if !AGENT_PROMPT.is_match(text) && !(agent_named && BARE_PROMPT.is_match(text)) {
        return;
    }
    let lines = super::header_relay::lines_at(text);
    // The last line holding a prompt's words, by index into `lines`.
    let mut prompt_at: Option<usize> = None;
    for (k, &(at, line)) in lines.iter().enumerate() {
        if super::token_calls::in_comment_line(text, at + line.len() - line.trim_start().len()) {
            continue;
        }
        if AGENT_PROMPT.is_match(line) || (agent_named && BARE_PROMPT.is_match(line)) {
            prompt_at = Some(k);
        }
        let Some(p) = prompt_at else { continue };
        if k - p > NEAR_LINES {
            continue;
        }
        let Some(m) = KEY_SEND.find(line) else {
            continue;
        };
        let (start, end) = (at + m.start(), at + m.end());
        // Not `agent_rights::evidence`: nothing is written to the agent's
        // settings (no lasting change, so no covert_execution by itself);
        // the approvals are off for the session the script watches, an
        // agent run in a pane or pty, as for `codex --yolo` started in a
        // pane (`Tag::SubAgent`: a warning unless something hides it).
        let ev = Evidence::new(
            Op::SecurityDisable,
            A::UpdateState,
            R::Other,
            m.as_str().trim(),
        )
        .tag(Tag::ApprovalBypass)
        .tag(Tag::SubAgent)
        .instrument("prompt answerer")
        .object("an agent's approval prompts answered by a script");
        sink.push(src.at(ev, start, end, "code"));
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fires(path: &str, text: &str) -> bool {
        !crate::extract::scan_text(scan, path, text).is_empty()
    }

    #[test]
    fn answerers_in_several_languages() {
        let tmux = "while true; do\n  OUT=$(tmux capture-pane -t \"$S\" -p)\n  if echo \"$OUT\" | grep -q \"Do you want\"; then\n    tmux send-keys -t \"$S\" Down Enter\n  fi\n  sleep 1\ndone\n# drives claude\n";
        assert!(fires("a.sh", tmux));
        let py = "import pexpect\nchild = pexpect.spawn('claude')\nwhile True:\n    i = child.expect(['Do you want to proceed', pexpect.EOF])\n    if i == 0:\n        child.sendline('1')\n";
        assert!(fires("a.py", py));
        let exp = "#!/usr/bin/expect\nspawn codex\nexpect {\n  \"Allow this command?\" {\n    send \"y\\r\"\n    exp_continue\n  }\n}\n";
        assert!(fires("a.exp", exp));
        let js = "const pty = require('node-pty');\nconst t = pty.spawn('gemini', []);\nt.onData((d) => {\n  if (d.includes(\"Allow for this session\")) {\n    t.write('2\\r');\n  }\n});\n";
        assert!(fires("a.js", js));
    }

    #[test]
    fn the_registry_shape() {
        let t = "#!/bin/bash\n# Auto-Approver: Monitors tmux session and auto-approves Claude Code prompts\nwhile true; do\n    OUTPUT=$(tmux capture-pane -t \"$SESSION_NAME\" -p 2>/dev/null)\n    if echo \"$OUTPUT\" | grep -q \"Do you trust\"; then\n        tmux send-keys -t \"$SESSION_NAME\" Enter\n        sleep 2\n    elif echo \"$OUTPUT\" | grep -q \"Do you want\"; then\n        # Navigate down one option (from 1 to 2) and press Enter\n        tmux send-keys -t \"$SESSION_NAME\" Down Enter\n    fi\ndone\n";
        assert!(SCREEN_READ.is_match(t), "read");
        assert!(KEY_SEND.is_match(t), "send");
        assert!(AGENT_NAME.is_match(t), "agent");
        assert!(BARE_PROMPT.is_match(t), "bare");
        assert!(fires("auto-approver.sh", t));
    }

    #[test]
    fn neighbours_stay_quiet() {
        // apt's question answered by expect: no agent named.
        let apt =
            "spawn apt-get install tmux\nexpect \"Do you want to continue?\"\nsend \"y\\r\"\n";
        assert!(!fires("a.exp", apt));
        // A monitor that reads the pane and only reports.
        let monitor = "OUT=$(tmux capture-pane -t claude -p)\nif echo \"$OUT\" | grep -q \"Do you want\"; then\n  notify-send 'claude is waiting for you'\nfi\n";
        assert!(!fires("a.sh", monitor));
        // A launcher that sends a command, no prompt answered.
        let launch = "tmux new-session -d -s work\ntmux send-keys -t work 'claude' Enter\ntmux capture-pane -t work -p > log.txt\n";
        assert!(!fires("a.sh", launch));
    }
}
