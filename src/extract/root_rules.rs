//! Round 32 (rights32): passwordless root through the other rule files.
//! Sudoers is one of three places a Unix system keeps "who may act as root
//! without a password"; the other two are doas (`/etc/doas.conf`:
//! `permit nopass`) and polkit (JavaScript rules under
//! `/etc/polkit-1/rules.d/` returning `polkit.Result.YES`, or the older
//! `.pkla` files with `ResultActive=yes`). A rule that lets a user do every
//! action (every command as root, every polkit action, or
//! `org.freedesktop.policykit.exec`, which is `pkexec` of any program) with
//! no password is root-equivalent, like `NOPASSWD: ALL`, and is lowered as
//! the same evidence (`RunAsRoot` + `Sudoers` + `RootEquivalent`,
//! SK-PRIV-012) wherever its text is written: a heredoc, a string in any
//! language, a shipped rules file. A rule for one fixed command (`permit
//! nopass alice cmd reboot`) or one named action (`action.id ==
//! "org.freedesktop.udisks2.filesystem-mount"`) is not.
//!
//! Linear: one regex pass per marker; the polkit body is the text between
//! the rule's `addRule(` and its `Result.YES`, read whole.

use super::system_op::{SysKind, SystemOp, root_equivalent_grant};
use crate::evidence::Tag;

/// `permit [options] nopass [options] identity [as target] [cmd command [args …]]`.
static DOAS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)\bpermit[ \t]+((?:(?:nopass|persist|keepenv|setenv[ \t]*\{[^}\n]*\})[ \t]+)+)([^\s'\x22`\\]+)(?:[ \t]+as[ \t]+([^\s'\x22`\\]+))?(?:[ \t]+cmd[ \t]+([^\s'\x22`\\]+)([^\n'\x22`\\]*))?",
);

/// The polkit action that runs any program as root (`pkexec`).
const PKEXEC_ACTION: &str = "org.freedesktop.policykit.exec";

pub fn scan(src: &super::Src, sink: &mut super::Sink) {
    let t = src.text;
    if t.contains("nopass") {
        doas(src, sink);
    }
    if t.contains("Result.YES") {
        polkit_js(src, sink);
    }
    if t.contains("Result") && (t.contains("=yes") || t.contains("= yes")) {
        pkla(src, sink);
    }
    if t.contains("pam_permit") {
        pam_permit(src, sink);
    }
}

/// Round 43: a PAM `auth` line that lets `pam_permit` decide on its own
/// (`auth sufficient pam_permit.so`, `auth [success=done default=ignore]
/// pam_permit.so`, `auth include`d stacks aside): every password check of
/// that service (sudo, su, login) says yes, root for anyone. Debian's
/// `auth required pam_permit.so` after a `requisite pam_deny.so` decides
/// nothing and is not read.
fn pam_permit(src: &super::Src, sink: &mut super::Sink) {
    static AUTH_PERMIT: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?m)(?:^|[\s'\x22>])-?auth[ \t]+(?:sufficient|\[[^\]\n]*success=(?:done|ok)[^\]\n]*\])[ \t]+(?:\S*/)?pam_permit\.so",
    );
    for m in AUTH_PERMIT.find_iter(src.text) {
        push(
            src,
            sink,
            m.start(),
            m.end(),
            "passwordless root through PAM: an auth stack that pam_permit answers alone".into(),
        );
    }
}

fn push(src: &super::Src, sink: &mut super::Sink, start: usize, end: usize, what: String) {
    let ev = SystemOp::new(
        SysKind::RunAsRoot,
        crate::text::snippet(src.text[start..end].trim(), 200),
    )
    .tag(Tag::Sudoers)
    .tag(Tag::RootEquivalent)
    .object(what)
    .instrument("root rule")
    .lower();
    sink.push(src.at(ev, start, end, "root-rule"));
}

/// doas rules with `nopass` for every command (no `cmd`), or for a
/// root-equivalent one with open arguments; the target is root (the
/// default) or not named.
fn doas(src: &super::Src, sink: &mut super::Sink) {
    for c in DOAS.captures_iter(src.text) {
        let (Some(all), Some(opts)) = (c.get(0), c.get(1)) else {
            continue;
        };
        if !opts.as_str().split_whitespace().any(|o| o == "nopass") {
            continue;
        }
        if c.get(3).is_some_and(|a| a.as_str() != "root") {
            continue;
        }
        let prog = match c.get(4) {
            None => "every command".to_string(),
            Some(cmd) => {
                let args = c.get(5).map_or("", |a| a.as_str()).trim();
                // `args` with nothing after it forbids arguments.
                let line = match args.strip_prefix("args") {
                    Some(rest) if rest.trim().is_empty() => format!("{} --fixed", cmd.as_str()),
                    Some(rest) => format!("{} {}", cmd.as_str(), rest.trim()),
                    None => cmd.as_str().to_string(),
                };
                match root_equivalent_grant(&line) {
                    Some(p) => p,
                    None => continue,
                }
            }
        };
        let who = c.get(2).map_or("", |m| m.as_str());
        push(
            src,
            sink,
            all.start(),
            all.end(),
            format!("passwordless root through {prog}: a doas rule for {who}"),
        );
    }
}

/// polkit JavaScript rules: each `Result.YES` not held by an action
/// filter, or held only by the `pkexec` action's. Round 43: the filter is
/// read by the rule's block structure, not over the whole rule: a YES that
/// follows an action-filtered one (`if (media.indexOf(action.id) >= 0)
/// return YES;` then `if (subject.user == "alice" && subject.local) return
/// YES;`) answers every action. A YES is filtered when a block that holds
/// it opens under an action test, or an action test stands between the
/// previous YES (or the rule's start) and it (a guard `if (action.id !=
/// X) return NOT_HANDLED;`). One forward pass over the tokens that matter.
fn polkit_js(src: &super::Src, sink: &mut super::Sink) {
    static TOKENS: crate::rx::Lazy =
        crate::rx::Lazy::new(r"addRule|Result\.YES|action\.(?:id|lookup)\b|[{};]");
    let t = src.text;
    let pkexec = |a: usize, b: usize| t[a..b].contains(PKEXEC_ACTION);
    // Per open block: whether its header tested the action, and where the
    // header started (for the pkexec check).
    let mut blocks: Vec<(bool, usize)> = Vec::new();
    // Blocks opened past the 64 kept (closed before any kept one).
    let mut deeper = 0usize;
    let (mut rule, mut seg_start, mut stmt_start) = (None::<usize>, 0usize, 0usize);
    let (mut seg_action, mut stmt_action) = (false, false);
    for m in TOKENS.find_iter(t) {
        match m.as_str() {
            "addRule" => {
                rule = Some(m.start());
                blocks.clear();
                deeper = 0;
                (seg_start, seg_action, stmt_action) = (m.end(), false, false);
                stmt_start = m.end();
            }
            "{" => {
                if blocks.len() < 64 {
                    blocks.push((stmt_action, stmt_start));
                } else {
                    deeper += 1;
                }
                (stmt_start, stmt_action) = (m.end(), false);
            }
            "}" => {
                // Review (round 43): a brace closing a block past the
                // bound popped a kept block that was still open.
                if deeper > 0 {
                    deeper -= 1;
                } else {
                    blocks.pop();
                }
                (stmt_start, stmt_action) = (m.end(), false);
            }
            ";" => (stmt_start, stmt_action) = (m.end(), false),
            "Result.YES" => {
                let Some(start) = rule else { continue };
                let filters: Vec<usize> = blocks
                    .iter()
                    .filter(|b| b.0)
                    .map(|b| b.1)
                    .chain(seg_action.then_some(seg_start))
                    .collect();
                let only_pkexec =
                    !filters.is_empty() && filters.iter().all(|&f| pkexec(f, m.start()));
                (seg_start, seg_action) = (m.end(), false);
                if !filters.is_empty() && !only_pkexec {
                    continue;
                }
                let what = if only_pkexec {
                    "passwordless root through pkexec: a polkit rule allowing org.freedesktop.policykit.exec"
                } else {
                    "passwordless root through every polkit action: a polkit rule answering YES for any action"
                };
                push(src, sink, start, m.end(), what.to_string());
            }
            _ => (seg_action, stmt_action) = (true, true),
        }
    }
}

/// `.pkla` sections (`[Name]`, `Identity=`, `Action=`, `ResultActive=yes`):
/// a section whose action is `*` or the `pkexec` action.
fn pkla(src: &super::Src, sink: &mut super::Sink) {
    let t = src.text;
    let mut off = 0;
    let mut sec_start: Option<usize> = None;
    let mut action: Option<String> = None;
    let mut yes = false;
    let flush = |s: Option<usize>,
                 end: usize,
                 action: &Option<String>,
                 yes: bool,
                 sink: &mut super::Sink| {
        let (Some(s), Some(a)) = (s, action) else {
            return;
        };
        let broad = a.split(';').any(|x| {
            let x = x.trim();
            x == "*" || x == PKEXEC_ACTION || x == "org.freedesktop.*"
        });
        if yes && broad {
            push(
                src,
                sink,
                s,
                end,
                format!("passwordless root through polkit action {a}: a .pkla grant"),
            );
        }
    };
    // Lines end at a newline or, inside a string literal of code, at a
    // written `\n` escape.
    let mut lines = Vec::new();
    let (b, mut s, mut i) = (t.as_bytes(), 0, 0);
    while i < b.len() {
        let sep = match b[i] {
            b'\n' => 1,
            b'\\' if b.get(i + 1) == Some(&b'n') => 2,
            _ => 0,
        };
        if sep > 0 {
            lines.push(&t[s..i + sep]);
            s = i + sep;
            i += sep;
        } else {
            i += 1;
        }
    }
    lines.push(&t[s..]);
    for line in lines {
        let l = line.trim().trim_end_matches("\\n").trim();
        let l = l.trim_matches(|c| c == '"' || c == '\'' || c == ',');
        // A section header may follow the opening quote of a literal.
        let head = l.rsplit(['"', '\'']).next().unwrap_or(l).trim();
        if head.starts_with('[') && head.ends_with(']') {
            flush(sec_start, off, &action, yes, sink);
            sec_start = Some(off);
            action = None;
            yes = false;
        } else if let Some(v) = l.strip_prefix("Action=") {
            action = Some(v.trim().to_string());
        } else if let Some((k, v)) = l.split_once('=') {
            if k.trim().starts_with("Result") && v.trim().eq_ignore_ascii_case("yes") {
                yes = true;
            }
        }
        off += line.len();
    }
    flush(sec_start, t.len(), &action, yes, sink);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Origin;

    fn found(text: &str) -> Vec<String> {
        let src = super::super::Src::new("s.sh", text, Origin::Script);
        let mut sink = super::super::Sink::default();
        scan(&src, &mut sink);
        sink.items.iter().map(|e| e.object.clone()).collect()
    }

    #[test]
    fn doas_every_command_or_a_shell_is_root() {
        assert_eq!(
            found("echo 'permit nopass keepenv :wheel' >> /etc/doas.conf").len(),
            1
        );
        assert_eq!(found("permit nopass alice as root cmd /bin/sh\n").len(), 1);
        assert!(found("permit nopass alice cmd reboot\n").is_empty());
        assert!(found("permit persist alice\n").is_empty());
        assert!(found("permit nopass alice as www cmd /bin/sh\n").is_empty());
        assert!(found("permit nopass alice cmd bash args\n").is_empty());
    }

    /// Review (round 43): blocks nested past the 64 kept do not close the
    /// action filter around them: a YES after them is still filtered.
    #[test]
    fn a_filter_outlives_blocks_nested_past_the_bound() {
        let deep = "{ ".repeat(70) + &"} ".repeat(70);
        let rule = format!(
            "polkit.addRule(function(action, subject) {{\n  if (action.id == \"org.example.mount\") {{ if (subject.local) return polkit.Result.YES; {deep} return polkit.Result.YES; }}\n}});"
        );
        assert!(found(&rule).is_empty(), "{:?}", found(&rule));
        let open = rule.replace("action.id == \"org.example.mount\"", "subject.active");
        assert_eq!(found(&open).len(), 2);
    }

    #[test]
    fn polkit_yes_for_any_action_or_pkexec() {
        let any = "polkit.addRule(function(action, subject) {\n  if (subject.isInGroup(\"users\")) { return polkit.Result.YES; }\n});";
        assert_eq!(found(any).len(), 1);
        let exec = "polkit.addRule(function(a, s) { if (action.id == \"org.freedesktop.policykit.exec\") return polkit.Result.YES; });";
        assert_eq!(found(&exec.replace("a, s", "action, s")).len(), 1);
        let mount = "polkit.addRule(function(action, subject) {\n if (action.id == \"org.freedesktop.udisks2.filesystem-mount\" && subject.isInGroup(\"plugdev\")) { return polkit.Result.YES; }\n});";
        assert!(found(mount).is_empty());
    }

    #[test]
    fn pkla_sections() {
        let all = "[Allow all]\nIdentity=unix-group:staff\nAction=*\nResultActive=yes\n";
        assert_eq!(found(all).len(), 1);
        let nm = "[NM]\nIdentity=unix-group:netdev\nAction=org.freedesktop.NetworkManager.*\nResultActive=yes\n";
        assert!(found(nm).is_empty());
        let rb = "File.write('/x/all.pkla', \"[All]\\nIdentity=unix-group:staff\\nAction=*\\nResultActive=yes\\n\")\n";
        assert_eq!(found(rb).len(), 1);
    }
}
