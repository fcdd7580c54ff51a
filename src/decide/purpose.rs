//! Purpose-aligned use judged after the rules (round 9 of the registry
//! reading, `docs/scoring.md`, "Consent and declaration"): a credential
//! the documentation uses on this machine, a fixed program reading fetched
//! data, history rewritten to purge a leaked secret, a system service
//! switched on that the skill does not ship, an approval bypass the
//! documentation prints for the user, the skill installing its own files,
//! and a container's first-run config. Each answer names the evidence it
//! rests on; `verdict::decide` applies none of them when the skill shows an
//! intent signal.

use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::finding::Finding;
use crate::rules::RuleCx;

/// Markdown shown to the user: a code block, inline code or prose.
fn in_markdown(e: &Evidence) -> bool {
    matches!(
        e.origin,
        Origin::CodeBlock | Origin::InlineCode | Origin::Prose
    )
}

/// The lines of the step's file, when the skill has it.
fn file_lines<'c>(cx: &RuleCx<'c>, e: &Evidence) -> Option<Vec<&'c str>> {
    let f = cx.skill.files.iter().find(|f| f.rel == e.location.path)?;
    Some(crate::text::slice(&f.text, 0, 400_000).lines().collect())
}

/// The command the step's line belongs to: the line and the lines before
/// it that end in a `\` continuation (at most 8).
fn logical_command(lines: &[&str], line_no: usize) -> String {
    let Some(i) = line_no.checked_sub(1).filter(|i| *i < lines.len()) else {
        return String::new();
    };
    let mut start = i;
    while start > 0 && i - start < 8 && lines[start - 1].trim_end().ends_with('\\') {
        start -= 1;
    }
    lines[start..=i].join(" ")
}

/// A network tool as a command word (`curl`, `scp`, `| nc`), a URL, or a
/// `/dev/tcp` redirect on the command: the credential could leave. Path
/// components (`~/.ssh/id_rsa`) are not commands.
fn names_network(cmd: &str) -> bool {
    static TOOL: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)(?:^|[;&|(`]|\$\()\s*(?:sudo\s+)?(?:curl|wget|nc|ncat|netcat|socat|scp|sftp|rsync|ftp|ssh|telnet|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|gh|git|mail|sendmail)\b",
    );
    static URL: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)\b(?:https?|ftp)://|/dev/(?:tcp|udp)/|\b\w+@[\w.-]+:");
    TOOL.is_match(cmd) || URL.is_match(cmd)
}

/// A debug or verification step the Markdown shows: an agent-config or
/// `.env` file read by a command that only filters it (`cat
/// ~/.clawdbot/clawdbot.json | jq '.skills'`, `grep STRIPE .env.local`),
/// with no network tool or URL on the command and the value reaching no
/// send. The filter names a setting, not a secret (`jq '.token'` and
/// `grep -i key` keep the finding), and the file is read, not dumped or
/// copied. Reading one's settings to check them: a pass.
pub(super) fn filtered_config_check(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static FILTER: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"^\s*(?:cat\s+\S+\s*\|\s*jq\s+(?:-\w+\s+)*['"]?(\.[\w.\[\]]+)['"]?\s*$|grep\s+(?:-[a-zA-Z]+\s+)*['"]?\^?([A-Za-z][\w]*)['"]?\s+\S+\s*$)"#,
    );
    static SECRET_WORD: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)key|token|secret|pass|auth|cred|env|priv");
    if !in_markdown(e) || !super::setup::config_read(e) {
        return None;
    }
    let lines = file_lines(cx, e)?;
    let cmd = logical_command(&lines, e.location.start_line);
    let c = FILTER.captures(cmd.trim())?;
    let what = c.get(1).or_else(|| c.get(2))?.as_str();
    if SECRET_WORD.is_match(what) || names_network(&cmd) || super::setup::value_sent(cx, e)? {
        return None;
    }
    Some(format!(
        "{}:{} shows the user one setting of {} ({what}) as a check, sent nowhere",
        e.location.path, e.location.start_line, e.target
    ))
}

/// A key exported from the user's keyring to a file.
static GPG_EXPORT: crate::rx::Lazy =
    crate::rx::Lazy::new(r"\bgpg\b.*--export-secret-(?:sub)?keys\b.*(?:>|--output\b|-o\b)");

/// A credential the skill's documentation uses on this machine: copied to
/// a local path (`cp ~/.config/solana/id.json ~/.clawdgigs/keypair.json`,
/// a temporary copy for an import), a key exported from the user's own
/// keyring to a file (`gpg --export-secret-keys … > agent_privkey.asc`), or
/// given to the tool the skill is about (`coolify-cli … --private-key
/// "$(cat ~/.ssh/id_rsa)"`, which uploads it to the user's own server).
/// The value must reach no send and the command must name no network
/// tool or URL. Capability the user is shown and runs: a warning.
pub(super) fn documented_credential_use(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static CP_LOCAL: crate::rx::Lazy =
        crate::rx::Lazy::new(r#"^\s*(?:sudo\s+)?cp\s+(?:-\w+\s+)*\S+\s+["']?[~/.$]"#);
    static CAT_ARG: crate::rx::Lazy = crate::rx::Lazy::new(r#"["']?\$\(cat\s+[^)]+\)"#);
    if !in_markdown(e) || e.has(Tag::BrowserStore) || e.has(Tag::WebStorage) {
        return None;
    }
    let lines = file_lines(cx, e)?;
    let cmd = logical_command(&lines, e.location.start_line);
    let cmd = cmd.trim();
    if cmd.is_empty() || names_network(cmd) || super::setup::value_sent(cx, e)? {
        return None;
    }
    let at = format!("{}:{}", e.location.path, e.location.start_line);
    if GPG_EXPORT.is_match(cmd) {
        return Some(format!(
            "{at} exports a key from the user's keyring to a local file"
        ));
    }
    if e.op == Op::FileRead && CP_LOCAL.is_match(cmd) && !cmd.contains('|') {
        return Some(format!("{at} copies the credential on this machine"));
    }
    if e.op == Op::FileRead && CAT_ARG.is_match(cmd) {
        let tool = cmd.split_whitespace().next().unwrap_or("");
        let base = tool.rsplit('/').next().unwrap_or(tool).to_lowercase();
        let own = super::setup::skill_words(cx)
            .iter()
            .any(|w| base.contains(w.as_str()));
        if own {
            return Some(format!(
                "{at} gives the credential to {base}, the tool the skill is about"
            ));
        }
    }
    None
}

/// Key generators whose new key a setup step then exports: one table of
/// their spellings (`gpg --full-generate-key`, `--quick-gen-key`,
/// `--batch --generate-key`).
const KEY_GENERATORS: &[&str] = &[
    "--gen-key",
    "--generate-key",
    "--full-gen-key",
    "--full-generate-key",
    "--quick-gen-key",
    "--quick-generate-key",
];

/// A key the skill's own Markdown has the user generate (`gpg
/// --full-generate-key`, in any of its Markdown files) and then export to
/// a local file (`gpg --armor --export-secret-keys agent@x > key.asc`):
/// the agent's own new key, not one of the user's, kept on this machine.
/// Everything `documented_credential_use` asks holds too (no network tool
/// or URL on the command, the value reaches no send); without a
/// generation step the export stays a warning.
pub(super) fn generated_key_export(cx: &RuleCx, e: &Evidence) -> Option<String> {
    documented_credential_use(cx, e)?;
    let lines = file_lines(cx, e)?;
    if !GPG_EXPORT.is_match(&logical_command(&lines, e.location.start_line)) {
        return None;
    }
    let generated = cx.skill.files.iter().find_map(|f| {
        if !f.rel.to_ascii_lowercase().ends_with(".md") {
            return None;
        }
        crate::text::slice(&f.text, 0, 400_000)
            .lines()
            .position(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                w.contains(&"gpg") && w.iter().any(|a| KEY_GENERATORS.contains(a))
            })
            .map(|i| format!("{}:{}", f.rel, i + 1))
    })?;
    Some(format!(
        "{}:{} exports the key the skill's setup generates ({generated}) to a local file",
        e.location.path, e.location.start_line
    ))
}

/// Calls that carve a piece out of text by a pattern, in every language:
/// one table (`re.search(…).group(1)`, `str.match(/…/)`, `preg_match`).
const PATTERN_CARVERS: &[&str] = &[
    "re.search(",
    "re.match(",
    "re.fullmatch(",
    "re.findall(",
    "re.finditer(",
    ".match(/",
    ".matchAll(/",
    ".exec(",
    "preg_match(",
    "preg_match_all(",
    ".scan(/",
    "=~",
];

/// A parsing shortcut: an expression evaluator (`eval`, never `exec`,
/// `Function` or a shell) whose value the code keeps (`puzzle =
/// eval(puzzle_str)`, `return eval(s)`, `items.append(eval(s))`), run on
/// a literal carved out of fetched text by a pattern within the 30 lines
/// above (`re.finditer(r"\{[^}]+\}", page)`). The page's author could
/// inject code, which is a weakness worth a warning; the skill does not
/// download a program to run. Whole fetched bodies evaluated, or an
/// evaluation whose value is dropped, keep the finding.
pub(super) fn eval_as_parser(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static KEPT: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?:^|[\s;{(])(?:(?:const|let|var|my|local)\s+)?\$?[A-Za-z_][\w.]*(?:\[[^\]]*\])?\s*=\s*eval\s*\(|\breturn\s+eval\s*\(|\.(?:append|push|add)\(\s*eval\s*\(",
    );
    if e.origin != Origin::Script || e.instrument != "eval" {
        return None;
    }
    let lines = file_lines(cx, e)?;
    let i = e.location.start_line.checked_sub(1)?;
    let line = lines.get(i)?;
    if !KEPT.is_match(line) {
        return None;
    }
    let above = lines[i.saturating_sub(30)..i].join("\n");
    let carver = PATTERN_CARVERS.iter().find(|c| above.contains(*c))?;
    Some(format!(
        "{}:{} evaluates a literal carved from fetched text ({carver}…) and keeps its value: a parsing shortcut open to injection, not a program downloaded and run",
        e.location.path, e.location.start_line
    ))
}

/// Interpreters and shells: a program that runs what it is given.
static INTERPRETER: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)^(?:sudo|(?:ba|z|da|k|c)?sh|python[\d.]*|node|perl|ruby|php|eval|source|pwsh|powershell|iex|osascript|deno|bun|npx|xargs|env|nohup|curl|wget)$",
);

/// Fetched data read by a fixed program, not run as code:
/// `subprocess.run([OPENBB_BINARY, symbol, '--earnings'])` (an argument
/// list, no shell) and `python3 scripts/generate_tts.py --text "$weather"`
/// (a script the skill ships, the value an argument). What the program is
/// stays fixed; the fetched value is data.
/// Argument lists of programs that keep a value as a command they run
/// later (git's command keys and `!` aliases, npm scripts, crontab).
static STORES_CODE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"["'](?:git|crontab)["']\s*,\s*(?:["'][^"']*["']\s*,\s*)*?["'](?:config|-c|-)["']|["']npm["']\s*,\s*(?:["'][^"']*["']\s*,\s*)*?["'](?:pkg|set-script)["']"#,
);

pub(super) fn fixed_program(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static PY_ARGV: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"subprocess\.(?:run|call|check_call|check_output|Popen)\(\s*\[\s*(?:["']([^"'$\s]+)["']|([A-Z][A-Z0-9_]*))\s*,"#,
    );
    static LOCAL_SCRIPT: crate::rx::Lazy = crate::rx::Lazy::new(
        r"^\s*(?:[A-Za-z_]\w*=\S*\s+)*(?:python[\d.]*|node|bash|sh|ruby|perl)\s+((?:\./)?[\w][\w./-]*\.(?:py|js|mjs|sh|rb|pl))(?:\s|$)",
    );
    let lines = file_lines(cx, e)?;
    let at = format!("{}:{}", e.location.path, e.location.start_line);
    let i = e.location.start_line.checked_sub(1)?;
    if e.origin == Origin::Script {
        let body = lines
            .iter()
            .skip(i)
            .take(8)
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
        if let Some(c) = PY_ARGV.captures(&body) {
            let prog = c.get(1).or_else(|| c.get(2)).map_or("", |m| m.as_str());
            let base = prog.rsplit('/').next().unwrap_or(prog);
            // Round 32: `git config core.fsmonitor "curl … | sh"`, `crontab`,
            // `npm pkg set scripts.x=…`: the program stores the value as a
            // command it runs later, so the fetch in it is code.
            if !INTERPRETER.is_match(base)
                && !body.contains("shell=True")
                && !STORES_CODE.is_match(&body)
            {
                return Some(format!(
                    "{at} runs the fixed program {prog} with an argument list and no shell; the fetched value is data"
                ));
            }
        }
    }
    // The command the step's line belongs to, from its first word.
    let first = logical_command(&lines, i + 1);
    let c = LOCAL_SCRIPT.captures(&first)?;
    let script = c.get(1)?.as_str().trim_start_matches("./");
    let shipped = cx
        .skill
        .files
        .iter()
        .any(|f| f.rel == script || f.rel.ends_with(&format!("/{script}")));
    (shipped && !first.contains("$(curl") && !first.contains("| sh") && !first.contains("| bash"))
        .then(|| {
            format!("{at} passes the fetched value to {script}, a script the skill ships, as an argument")
        })
}

/// `git push --force --all` in a section that purges a leaked `.env` or
/// key from the user's own history (`git filter-branch … .env`, BFG,
/// `git filter-repo`): remediation advice, not remote destruction.
pub(super) fn secret_purge_advice(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static REWRITE: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)\bfilter-branch\b|\bfilter-repo\b|\bbfg\b");
    static SECRET: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)\.env\b|secret|credential|password|token|api[_ -]?key|\.pem\b|private key",
    );
    if !in_markdown(e) {
        return None;
    }
    let lines = file_lines(cx, e)?;
    let i = e.location.start_line.checked_sub(1)?;
    let before = lines[i.saturating_sub(15)..i.min(lines.len())].join("\n");
    (REWRITE.is_match(&before) && SECRET.is_match(&before)).then(|| {
        format!(
            "{}:{} follows a rewrite that purges a leaked secret from the user's own history",
            e.location.path, e.location.start_line
        )
    })
}

/// `git push --mirror backup` in a skill whose description says it mirrors
/// or backs up a repository, to a remote *name* other than the user's own
/// `origin`/`upstream`, that no file of the skill points at a fixed
/// address (`git remote add backup https://…` with a real host): the
/// declared capability, to a destination the user configures, which makes
/// the destination match the source (refs it no longer has are deleted
/// there). A warning. A mirror push over `origin`, to a URL, or to a
/// remote the skill wires to its own host keeps the finding.
pub(super) fn mirror_to_configured_remote(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static DECLARED: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)\b(mirror\w*|back\s*up\w*|backups?|replica\w*|redundant cop(y|ies))\b",
    );
    static REMOTE_ADD: crate::rx::Lazy =
        crate::rx::Lazy::new(r"\bremote\s+(?:add|set-url)\s+(?:-\S+\s+)*([\w.-]+)\s+(\S+)");
    fn mirror_remote(target: &str) -> Option<Option<&str>> {
        let args: Vec<&str> = target.split_whitespace().collect();
        args.contains(&"--mirror").then(|| {
            args.iter()
                .skip_while(|a| **a != "push")
                .skip(1)
                .find(|a| !a.starts_with('-'))
                .copied()
        })
    }
    // A bare `git push --mirror` in a sentence ("the script uses `git push
    // --mirror`, which also deletes refs …") names the command a script
    // of the skill runs: it is judged by that script's remote.
    let remote = match mirror_remote(&e.target)? {
        Some(r) => r,
        None if e.origin == Origin::InlineCode => cx
            .evidence
            .iter()
            .filter(|o| o.origin.is_code() && o.origin != Origin::InlineCode)
            .find_map(|o| mirror_remote(&o.target).flatten())?,
        None => return None,
    };
    let configured_name = !remote.is_empty()
        && remote
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && !matches!(remote, "origin" | "upstream")
        || user_set_url(cx, remote);
    let purpose = super::own::stated_purpose(cx.skill, cx.manifest);
    if !configured_name || !DECLARED.is_match(&purpose) {
        return None;
    }
    // The remote must not be wired to a fixed host anywhere in the skill;
    // a placeholder (`<url>`, `$URL`, an `example` host) is the user's.
    let fixed = cx.skill.files.iter().any(|f| {
        REMOTE_ADD.captures_iter(&f.text).any(|c| {
            let (name, url) = (&c[1], c[2].to_ascii_lowercase());
            name == remote && !url.contains(['<', '$', '{']) && !url.contains("example")
        })
    });
    (!fixed).then(|| {
        format!(
            "{}:{} mirrors to `{remote}`, a remote the user configures, as the description declares",
            e.location.path, e.location.start_line
        )
    })
}

/// Round 38: a remote URL built on a setting the user gives
/// (`"$BACKUP_REMOTE_BASE/$repo.git"`): SKILL.md names the variable, and
/// no file of the skill but Markdown assigns it a value (a shipped default
/// is the author's host, not the user's).
fn user_set_url(cx: &RuleCx, remote: &str) -> bool {
    let Some(rest) = remote
        .strip_prefix("${")
        .or_else(|| remote.strip_prefix('$'))
    else {
        return false;
    };
    let var: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if var.len() < 3 {
        return false;
    }
    let named = cx
        .skill
        .files
        .iter()
        .any(|f| f.rel == "SKILL.md" && f.text.contains(&var));
    // A value given after `VAR=` or `${VAR:-…}`; an empty default
    // (`${VAR:-}`, `VAR=""`) gives none.
    let assigned = cx.skill.files.iter().any(|f| {
        !f.rel.ends_with(".md")
            && [format!("{var}="), format!("{var}:-")].iter().any(|a| {
                f.text.match_indices(a.as_str()).any(|(i, _)| {
                    let rest = f.text[i + a.len()..].trim_start_matches(['"', '\'']);
                    !rest.is_empty() && !rest.starts_with(['}', '\n', ' ', ';', '"', '\''])
                })
            })
    });
    named && !assigned
}

/// `systemctl enable bluetooth.service` for a unit the skill neither ships
/// nor writes: an installed system service switched back on, not the
/// skill's code made persistent. Remote-access services keep the finding.
pub(super) fn enables_installed_service(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static ENABLE: crate::rx::Lazy =
        crate::rx::Lazy::new(r"systemctl\s+(?:--\S+\s+)*enable\s+(?:--now\s+)?([A-Za-z0-9@_.-]+)");
    static REMOTE: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)ssh|telnet|vnc|rdp|tor\b|ngrok|cloudflared|frp|proxy|tunnel|cron",
    );
    let text = format!("{} {}", e.target, e.snippet);
    let unit = ENABLE.captures(&text)?.get(1)?.as_str();
    let stem = unit.trim_end_matches(".service").trim_end_matches(".timer");
    if stem.len() < 3 || REMOTE.is_match(stem) || e.has(Tag::OwnService) {
        return None;
    }
    let shipped = cx.skill.files.iter().any(|f| {
        let base = f.rel.rsplit('/').next().unwrap_or(&f.rel);
        base.starts_with(stem)
            || f.text.contains(&format!("{stem}.service")) && f.text.contains("[Service]")
    });
    // A unit file the skill writes (`/etc/systemd/system/<stem>.service`);
    // the enable step itself names the unit but writes nothing.
    let written = cx.evidence.iter().any(|x| {
        x.op == Op::FileWrite && x.target.contains(stem)
            || x.target.contains(&format!("/{stem}.service"))
            || x.target.contains(&format!("/{stem}.timer"))
    });
    let words = super::setup::skill_words(cx);
    let own = words
        .iter()
        .any(|w| stem.to_lowercase().contains(w.as_str()));
    (!shipped && !written && !own).then(|| {
        format!(
            "{}:{} switches on {unit}, an installed system service the skill does not ship",
            e.location.path, e.location.start_line
        )
    })
}

/// `claude --dangerously-skip-permissions`, `gemini --yolo` printed in the
/// skill's Markdown for the user to run: an approval bypass the user is
/// shown, worth a warning. Config edits that turn approvals off are
/// SK-PRIV-005 and keep their level.
/// A sentence telling the agent to act without asking ("the agent should
/// run it without asking") is an order to the agent, not a command shown:
/// it keeps its level.
/// A snippet the section tells the agent to apply without asking, or to
/// keep quiet about ("apply it with a direct file edit rather than asking
/// … talking about it just adds noise"), is an instruction to apply, not a
/// snippet shown to the user: it keeps its level.
///
/// A setting persisted in the agent's configuration (a settings file,
/// `config set`) outlives the step: shown without the user's choice in its
/// section ("ask the user first", "optional", "if you want") it is an
/// order to reconfigure the agent, and keeps its level (round 21).
pub(super) fn documented_approval_bypass(cx: &RuleCx, e: &Evidence) -> Option<String> {
    let order = e.origin == Origin::Prose && !e.target.contains("--") && !e.target.contains('.');
    let unchosen = persisted_setting(e)
        && section_text(cx, e).is_some_and(|(_, t)| {
            BROAD_BYPASS.is_match(&t) && !(USER_CHOICE.is_match(&t) && !waived_or_hidden(&t))
        });
    (in_markdown(e) && !order && !unchosen && !ordered_in_section(cx, e)).then(|| {
        format!(
            "{}:{} is a command the documentation shows the user",
            e.location.path, e.location.start_line
        )
    })
}

/// The section around a Markdown step (from its heading to the next)
/// waives the user's confirmation or hides the act: the shared
/// instruction grammar, negation and all. A documentation section
/// ("Troubleshooting", "Security notes") that quotes such words is not an
/// order.
pub(super) fn ordered_in_section(cx: &RuleCx, e: &Evidence) -> bool {
    section_text(cx, e).is_some_and(|(framed, text)| !framed && waived_or_hidden(&text))
}

/// Asking the user waived, or the act hidden, in `text` (the shared
/// instruction grammar, negation and all).
fn waived_or_hidden(text: &str) -> bool {
    use crate::extract::intent_grammar::{self as grammar, Intent};
    [Intent::ApprovalWaived, Intent::Hidden]
        .into_iter()
        .any(|i| grammar::find(text, i).is_some())
}

/// The section around a Markdown step (from its heading to the next), and
/// whether its heading frames it as documentation.
fn section_text(cx: &RuleCx, e: &Evidence) -> Option<(bool, String)> {
    let lines = file_lines(cx, e)?;
    let at = e.location.start_line.saturating_sub(1).min(lines.len());
    // Headings outside code fences only: a `# comment` line in a shell
    // block must not cut the section between a step and the order next to it.
    let heads: Vec<usize> = super::raise::heading_lines(&lines.join("\n"))
        .into_iter()
        .map(|n| n - 1)
        .collect();
    let above = heads.iter().rev().find(|&&h| h < at).copied();
    let top = above.unwrap_or(0);
    let end = heads
        .iter()
        .find(|&&h| h >= at)
        .copied()
        .unwrap_or(lines.len());
    let framed = above.is_some_and(|h| {
        crate::extract::doc_frame::is_doc_frame(
            lines[h].trim_start().trim_start_matches(['#', ' ']),
        )
    });
    Some((framed, lines[top..end].join("\n")))
}

/// The user's choice of a setting, said in its section: the agent asks
/// first, the user confirms or opts in, the step is optional.
static USER_CHOICE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:ask(?:s|ing)?|confirm(?:s|ing)?\s+with|check(?:s|ing)?\s+with)\s+(?:the\s+)?users?\s+(?:first|before|whether|if|for\s+(?:their\s+)?(?:confirmation|consent|approval|permission))|(?-u:\b)(?:if|once|after|when)\s+(?:the\s+)?(?:user|you)\s+(?:explicitly\s+)?(?:agrees?|confirms?|approves?|wants?|prefers?|asks?\s+for\s+it|chooses?|opts?\s+in)|(?-u:\b)(?:with|given)\s+(?:the\s+)?user'?s?\s+(?:explicit\s+)?(?:confirmation|consent|approval|permission|go-?ahead)|(?-u:\b)opt[- ]in(?-u:\b)|(?-u:\b)optional(?:ly)?(?-u:\b)|(?-u:\b)if\s+you\s+(?:want|prefer|trust|choose|like)(?-u:\b)|(?-u:\b)(?:decide|choose)\s+(?:for\s+yourself\s+)?whether|(?-u:\b)whether\s+you\s+(?:want|need)|(?-u:\b)(?:it\s+is|it'?s)\s+up\s+to\s+(?:you|the\s+user)|(?-u:\b)your\s+(?:own\s+)?(?:choice|call|decision)(?-u:\b)",
);

/// Settings that take the user out of the loop for every later command:
/// approvals bypassed, every shell command allowed, the sandbox or the
/// install policy off. (Enabling a project's own MCP servers,
/// `enableAllProjectMcpServers`, is setup of the skill's own tool.)
static BROAD_BYPASS: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)bypassPermissions|Bash\(\*\)|dangerously|danger-full-access|approval_policy\W+never|ask_for_approval\W+never|\b(?:sandbox|installPolicy(?:\.enabled)?)["']?\s*[:=]?\s*["']?(?:false|off|none|disabled)\b|installPolicy\.enabled\s+false|security\s+full|\byolo\b|autoApprove["']?\s*:\s*\[\s*["']\*"#,
);

/// A setting that persists in the agent's configuration: a settings or
/// config file the step writes, or a `config set` command; not a flag of
/// one run (`claude --dangerously-skip-permissions`).
fn persisted_setting(e: &Evidence) -> bool {
    let t = e.target.trim().to_ascii_lowercase();
    let file = [".json", ".jsonc", ".toml", ".yaml", ".yml"]
        .iter()
        .any(|x| t.ends_with(x));
    file || t.contains(" config set ") || t.contains(" config.set ")
}

/// A held document sent (`prose_acts::HELD_SEND`, read by object kind) to
/// the service the description names ("uploads each one to
/// api.vercel.com" in a Vercel deploy skill): how the skill works.
pub(super) fn held_send_to_vendor(cx: &RuleCx, e: &Evidence) -> Option<String> {
    let send = cx.evidence.iter().find(|x| {
        x.op == Op::NetSend
            && x.object == crate::extract::prose_acts::HELD_SEND
            && x.location.path == e.location.path
            && x.location.start_line == e.location.start_line
    })?;
    super::vendor::declared_host(cx, send).then(|| {
        format!(
            "{}:{} sends to the service the description names",
            e.location.path, e.location.start_line
        )
    })
}

/// `cp -r "$SCRIPT_DIR"/* "$HOME/.claude/skills/ppt-generator/"`: an
/// install script copying the skill's own files into one skills folder.
pub(super) fn own_skill_install(e: &Evidence) -> Option<String> {
    static OWN_SRC: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"^\s*cp\s+(?:-\w+\s+)*["']?\$\{?(?:SCRIPT_DIR|SCRIPT_PATH|SRC_DIR|SOURCE_DIR|HERE|DIR)\}?["']?/?\*?\s"#,
    );
    let t = e.target.replace('\\', "/");
    let into_skills = t.contains("/skills/") && !t.to_ascii_lowercase().ends_with("skill.md");
    (e.origin == Origin::Script && into_skills && OWN_SRC.is_match(&e.snippet)).then(|| {
        format!(
            "{}:{} copies the skill's own files into its folder {}",
            e.location.path, e.location.start_line, e.target
        )
    })
}

/// `rm -rf ~/.claude/skills/ppt-generator` before copying the skill there
/// again, `rm -rf ~/.openclaw/skills/<own> ~/.config/<own>` to uninstall:
/// a delete of the skill's own copy or settings folder
/// ([`super::own::mark_own_removals`]).
pub(super) fn own_copy_removal(e: &Evidence) -> Option<String> {
    (e.op == crate::evidence::Op::FileDelete && e.has(Tag::OwnInstall)).then(|| {
        format!(
            "{}:{} removes the skill's own installed copy or settings folder {}",
            e.location.path, e.location.start_line, e.target
        )
    })
}

/// A container entrypoint that writes the agent's config inside its own
/// container on first run, only when the file is absent, and sets no
/// safeguard (approvals, sandbox, permissions, hooks, MCP servers).
pub(super) fn container_first_run_config(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static ABSENT: crate::rx::Lazy = crate::rx::Lazy::new(r#"if\s+\[\[?\s+!\s+-[fe]\s+"?\$\{?\w+"#);
    let base = e.location.path.rsplit('/').next().unwrap_or("");
    // An entrypoint script of a skill that ships a container definition.
    let entrypoint = base.contains("entrypoint")
        && cx.skill.files.iter().any(|f| {
            let n = f.rel.to_ascii_lowercase();
            n.ends_with("dockerfile") || n.contains("docker-compose")
        });
    if e.origin != Origin::Script || !entrypoint || e.has(Tag::AgentMemory) {
        return None;
    }
    let lines = file_lines(cx, e)?;
    let i = e.location.start_line.checked_sub(1)?;
    let guard = lines[i.saturating_sub(3)..i.min(lines.len())].join("\n");
    let body = lines
        .iter()
        .skip(i)
        .take(60)
        .copied()
        .collect::<Vec<_>>()
        .join("\n");
    (ABSENT.is_match(&guard) && !super::setup::SAFEGUARD.is_match(&body)).then(|| {
        format!(
            "{}:{} writes the agent config inside its own container on first run, only if absent",
            e.location.path, e.location.start_line
        )
    })
}

/// `ln -sf "$AGENTS_FILE" .cursorrules` in a setup script: the project's
/// rules file linked to the guide the skill ships (a relative link name
/// in the current project, not the user's global rules). Worth a
/// warning: the guide becomes standing instructions for that project.
pub(super) fn project_rules_link(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static LINK: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"^\s*ln\s+-[sfn]+\s+["']?\$\{?(\w+)\}?["']?\s+["']?([\w.-]+)["']?\s*$"#,
    );
    if e.origin != Origin::Script || e.has(Tag::RemoteInstructions) {
        return None;
    }
    let c = LINK.captures(e.snippet.trim())?;
    let (var, link) = (c.get(1)?.as_str(), c.get(2)?.as_str());
    // The variable names a file the skill ships (`AGENTS_FILE=…/AGENTS.md`).
    let lines = file_lines(cx, e)?;
    let def = lines
        .iter()
        .find(|l| l.trim_start().starts_with(&format!("{var}=")))?;
    let shipped = cx.skill.files.iter().any(|f| {
        let base = f.rel.rsplit('/').next().unwrap_or(&f.rel);
        base.len() >= 4 && f.rel.ends_with(".md") && def.contains(base)
    });
    (shipped && !link.contains('/')).then(|| {
        format!(
            "{}:{} links the project's {link} to a guide the skill ships",
            e.location.path, e.location.start_line
        )
    })
}

/// SK-EXFIL-001 from a key that builds a vendor client in its file
/// (`new Anthropic({ apiKey: ANTHROPIC_API_KEY })`, `new
/// GoogleGenerativeAI(API_KEY)`) to a send whose call names neither the
/// key nor its variable: what reaches the send is the client's output (a
/// model's answer posted to Feishu), joined to the key by the file-wide
/// binding, not the key. Evidence without a proven flow: high at low
/// confidence, like SK-EXFIL-004. Collector destinations keep the finding.
pub(super) fn client_output_only(cx: &RuleCx, f: &Finding) -> Option<String> {
    let step = |id: &String| {
        let i = cx.step_ids.iter().position(|s| s.as_ref() == Some(id))?;
        cx.evidence.get(i)
    };
    let src = step(f.flow.first()?.logic_step_id.as_ref()?)?;
    let sink = step(f.logic_step_id.as_ref()?)?;
    if src.op != Op::EnvRead
        || !src.origin.is_code()
        || super::vendor::collector(sink)
        || sink.has(Tag::Obfuscated)
        || sink.has(Tag::Encoded)
    {
        return None;
    }
    let mut names = vec![src.target.clone()];
    names.extend(
        src.output
            .as_ref()
            .map(|o| o.trim_start_matches('$').to_string()),
    );
    names.retain(|n| n.len() >= 3 && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    names.dedup();
    let src_lines = file_lines(cx, src)?;
    let built = names.iter().find(|n| {
        let client = crate::rx::re(&format!(
            r"(?:\bnew\s+\w+|\b[A-Z]\w*)\s*\(\s*\{{?\s*(?:(?i:api_?key)\s*[:=]\s*)?{}\b",
            regex::escape(n)
        ));
        src_lines.iter().any(|l| client.is_match(l))
    })?;
    let sink_lines = file_lines(cx, sink)?;
    let from = sink.location.start_line.checked_sub(1)?;
    let to = f
        .location
        .end_line
        .max(sink.location.start_line)
        .min(from + 30);
    let call = sink_lines.get(from..to.min(sink_lines.len()))?.join("\n");
    if names.iter().any(|n| crate::text::has_word(&call, n)) {
        return None;
    }
    Some(format!(
        "{} builds a client at {} and the send at {}:{} names no key: the client's output, not the key, reaches it",
        built, src.location.path, sink.location.path, sink.location.start_line
    ))
}

/// A secret store read by a skill whose description says it works on that
/// store: `~/.zsh_history` for "Generate shell aliases from your command
/// history", Terraform state (`terraform.tfstate`, `terraform state pull`)
/// for a Terraform state explorer, the saved Wi-Fi key (`nmcli -s … psk`,
/// `netsh wlan … key=clear`) for a Wi-Fi QR-code sharer. The capability is
/// what the skill is for, declared; a warning. Where the secret is sent is
/// judged by the flow rules, which this leaves as they are.
pub(super) fn declared_store_read(cx: &RuleCx, e: &Evidence) -> Option<String> {
    let description = cx.manifest.description().to_lowercase();
    let target = e.target.to_ascii_lowercase();
    let names = |words: &[&str]| words.iter().any(|w| crate::text::has_word(&description, w));
    let (store, declared) = if e.op == Op::FileRead && e.has(Tag::HistoryFile) {
        ("shell history", names(&["history"]))
    } else if (e.op == Op::FileRead
        && (target.ends_with(".tfstate") || target.ends_with(".tfstate.backup")))
        || (e.op == Op::KeychainRead && matches!(e.instrument.as_str(), "terraform" | "tofu"))
    {
        (
            "Terraform state",
            names(&["terraform", "tofu", "opentofu", "tfstate"]),
        )
    } else if e.op == Op::KeychainRead
        && (matches!(e.instrument.as_str(), "nmcli" | "netsh") || airport_item(&target))
    {
        (
            "saved Wi-Fi key",
            names(&["wi-fi", "wifi", "wireless", "wlan"]),
        )
    } else {
        return None;
    };
    declared.then(|| {
        format!(
            "{}:{} reads the {store} the description says the skill works on",
            e.location.path, e.location.start_line
        )
    })
}

/// Round 29 (supply29): a Microsoft Defender path exclusion the skill's
/// description declares ("exclude one build folder from Microsoft
/// Defender"), for a folder the user names (a variable or parameter, or a
/// literal folder two or more levels deep): the trade-off is what the skill
/// is for, a warning. A broad literal (a drive root, the user profile,
/// `%TEMP%`, Downloads, `C:\Users`), a process or extension exclusion and
/// any real-time switch keep the finding.
pub(super) fn declared_defender_exclusion(cx: &RuleCx, e: &Evidence) -> Option<String> {
    let description = cx.manifest.description().to_lowercase();
    let names = |words: &[&str]| words.iter().any(|w| crate::text::has_word(&description, w));
    if !(names(&["defender", "antivirus", "anti-virus"])
        && (description.contains("exclu") || description.contains("dev drive")))
    {
        return None;
    }
    let t = e.target.to_ascii_lowercase();
    let words: Vec<&str> = t.split_whitespace().collect();
    if !matches!(
        words.first(),
        Some(&"add-mppreference" | &"set-mppreference")
    ) || words.iter().any(|w| {
        w.starts_with("-disable")
            || w.starts_with("-exclusionprocess")
            || w.starts_with("-exclusionextension")
            || w.starts_with("-exclusionipaddress")
    }) {
        return None;
    }
    let i = words.iter().position(|w| w.starts_with("-exclusionpath"))?;
    let value = words.get(i + 1)?.trim_matches(['\'', '"']);
    let broad = value.is_empty()
        || [
            "$env:userprofile",
            "$home",
            "%userprofile%",
            "$env:temp",
            "%temp%",
            "downloads",
            "c:\\users",
            "$env:windir",
            "$env:programdata",
        ]
        .iter()
        .any(|b| value.starts_with(b) || value.contains("\\downloads"))
        || {
            let parts: Vec<&str> = value.split(['\\', '/']).filter(|p| !p.is_empty()).collect();
            !value.starts_with('$') && parts.len() < 3
        };
    if broad {
        return None;
    }
    Some(format!(
        "{}:{} excludes a folder the user names from Microsoft Defender, as the description declares",
        e.location.path, e.location.start_line
    ))
}

/// `security find-generic-password -wa "<SSID>"`: the macOS keychain item
/// of a saved Wi-Fi network, looked up by its account (the SSID) or under
/// the AirPort service; an item named by another service (`-s "Chrome Safe
/// Storage"`) is not one.
fn airport_item(target: &str) -> bool {
    let words: Vec<&str> = target.split_whitespace().collect();
    if words.first() != Some(&"find-generic-password") {
        return false;
    }
    let service = words
        .iter()
        .position(|w| matches!(*w, "-s" | "-l" | "-D"))
        .and_then(|i| words.get(i + 1));
    let by_account = words
        .iter()
        .any(|w| w.starts_with('-') && !w.starts_with("--") && w[1..].contains('a'));
    service.map_or(by_account, |s| s.to_ascii_lowercase().contains("airport"))
}

/// A miner the description declares ("Mine Botcoin …, CPU-mineable"),
/// started in the open: the user installs a miner knowingly, so it warns.
/// A miner started detached, silenced or in the background, a block RPC
/// looped without exit in code (`miner::block_loop`), or in a skill with
/// any intent signal (which `decide` checks first), is a hidden miner
/// and keeps its fail.
pub(super) fn declared_mining(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static MINING: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(r"(?i)(?-u:\b)(mine|mines|mining|miner|mineable)(?-u:\b)")
    });
    let description = cx.manifest.description();
    (e.op == Op::Mining
        && MINING.is_match(&description)
        && ![Tag::Detached, Tag::Silenced, Tag::Obfuscated, Tag::Encoded]
            .iter()
            .any(|t| e.has(*t))
        // A mining loop without exit in a bundled script runs unattended
        // (a prose mention of a miner is tagged unbounded too, and stays
        // declared; so does a loop shown in a SKILL.md code block, which is
        // what the user reads before asking for it).
        && !(e.origin.is_code() && !shown_in_manifest(cx, e) && e.has(Tag::Unbounded))
        && !cx
            .evidence
            .iter()
            .any(|b| b.op == Op::Background && b.location.path == e.location.path))
    .then(|| {
        format!(
            "{}:{} starts the miner the description declares, in the open",
            e.location.path, e.location.start_line
        )
    })
}

/// Round 32: a packet flood (`extract/packet_flood.rs`) in a skill whose
/// description declares load, stress or denial-of-service testing ("SYN
/// flood resilience test for your own servers"): a capability the user
/// opts into, so it warns. A spoofed source, a detached or backgrounded
/// flood, or a flood in a skill with any intent signal (which `decide`
/// checks first) keeps its fail.
pub(super) fn declared_stress_test(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static STRESS: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(
            r"(?i)(?-u:\b)(stress[- ]?test\w*|load[- ]?test\w*|dos|ddos|denial[- ]of[- ]service|flood (?:test|resilience)|penetration test\w*|pentest\w*|red[- ]team\w*|resilience test\w*)(?-u:\b)",
        )
    });
    let description = cx.manifest.description();
    (e.instrument == "packet flood"
        && STRESS.is_match(&description)
        && !e.object.contains("spoofed")
        && ![Tag::Detached, Tag::Silenced, Tag::Obfuscated, Tag::Encoded]
            .iter()
            .any(|t| e.has(*t))
        && !cx
            .evidence
            .iter()
            .any(|b| b.op == Op::Background && b.location.path == e.location.path))
    .then(|| {
        format!(
            "{}:{} floods as the description's stress test declares, in the open",
            e.location.path, e.location.start_line
        )
    })
}

/// A step written in a code block of SKILL.md itself: what the user
/// reads before asking for it.
fn shown_in_manifest(cx: &RuleCx, e: &Evidence) -> bool {
    e.origin == Origin::CodeBlock
        && cx
            .skill
            .manifest_file()
            .is_some_and(|f| f.rel == e.location.path)
}

/// A credential or config file read only to check it: the command that
/// reads it sends its whole output to `/dev/null` (`cat ~/.clawdbot/clawdbot.json
/// | jq . > /dev/null && echo "Config valid"`, `jq . config.json >/dev/null`),
/// names no network tool or URL, tees nothing, runs only readers and
/// parsers (`cat`, `jq`, `grep`, `python3 -m json.tool`), and the value
/// reaches no send. A syntax check, not a use of the secret.
pub(super) fn discarded_check(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static TO_NULL: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?:^|[^0-9&])(?:&>|1?>)\s*/dev/null\b");
    static REDIRECT: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?:^|[^<])(?:&>|\d?>{1,2})\s*&?\s*([^\s;&|]+)");
    if e.op != Op::FileRead || e.has(Tag::BrowserStore) || e.has(Tag::Wallet) {
        return None;
    }
    let lines = file_lines(cx, e)?;
    let cmd = logical_command(&lines, e.location.start_line);
    let name = e.target.rsplit('/').next().unwrap_or(&e.target);
    // The `&&` / `||` / `;` segment that reads the file.
    let seg = cmd
        .split("&&")
        .flat_map(|s| s.split("||"))
        .flat_map(|s| s.split(';'))
        .find(|s| !name.is_empty() && s.contains(name))?;
    // Every program of the pipeline only reads or parses: a `cp`, `tar` or
    // interpreter with its own code could put the file elsewhere.
    let readers_only = seg.split('|').filter(|p| !p.trim().is_empty()).all(|p| {
        let mut w = p.split_whitespace().skip_while(|w| *w == "sudo");
        match w.next().unwrap_or("") {
            "cat" | "jq" | "yq" | "grep" | "egrep" | "head" | "tail" | "wc" | "stat" | "test"
            | "json_pp" | "xmllint" | "sort" => true,
            "python" | "python3" => w.next() == Some("-m") && w.next() == Some("json.tool"),
            _ => false,
        }
    });
    let all_null = REDIRECT
        .captures_iter(seg)
        .all(|c| matches!(&c[1], "/dev/null" | "1" | "2"));
    if !TO_NULL.is_match(seg)
        || !readers_only
        || !all_null
        || seg.contains("tee ")
        || names_network(&cmd)
        || super::setup::value_sent(cx, e)?
    {
        return None;
    }
    Some(format!(
        "{}:{} reads {} only to check it: the output is discarded (> /dev/null)",
        e.location.path, e.location.start_line, e.target
    ))
}

/// Shell start-up files a one-line setting is appended to.
const RC_FILES: &[&str] = &[
    ".bashrc",
    ".zshrc",
    ".profile",
    ".bash_profile",
    ".zprofile",
    ".zshenv",
    "config.fish",
];

/// Variables that decide what a shell or interpreter runs (the search
/// path, prompt hooks, preloads, start-up files, commands run for git,
/// editors, pagers): setting one in an rc file is no mere setting.
fn runs_something(name: &str) -> bool {
    let n = name.to_ascii_uppercase();
    const EXACT: &[&str] = &[
        "PATH",
        "PROMPT_COMMAND",
        "PS0",
        "PS1",
        "PS4",
        "BASH_ENV",
        "ENV",
        "ZDOTDIR",
        "PYTHONSTARTUP",
        "PYTHONPATH",
        "PERL5LIB",
        "PERL5OPT",
        "RUBYOPT",
        "RUBYLIB",
        "EDITOR",
        "VISUAL",
        "PAGER",
        "MANPAGER",
        "BROWSER",
        "SHELL",
        "PROMPT",
        "RPROMPT",
        "PRECMD",
        "SUDO_ASKPASS",
        "SSH_ASKPASS",
        "GIT_ASKPASS",
        "HISTFILE",
    ];
    EXACT.contains(&n.as_str())
        || ["LD_", "DYLD_", "GIT_"].iter().any(|p| n.starts_with(p))
        || ["_OPTIONS", "_OPTS", "OPT", "_COMMAND", "_CMD", "PATH"]
            .iter()
            .any(|s| n.ends_with(s))
}

/// `echo 'export GEMINI_API_KEY="your-key"' >> ~/.zshrc` or `echo
/// "autoload -U compinit; compinit" >> ~/.zshrc` shown in the Markdown: a
/// setting appended to the user's shell start-up file that only sets a
/// variable (no command substitution) or turns on completion. It runs
/// nothing fetched and starts nothing, so the persistence is the user's
/// own configuration (round 20). Any other statement (an alias, a
/// command, `curl`, `$(…)`) keeps the finding.
pub fn shell_setting_line(cx: &RuleCx, e: &Evidence) -> Option<String> {
    if !in_markdown(e) || e.has(Tag::PersistsRemoteCode) || e.has(Tag::PersistsCovertSend) {
        return None;
    }
    let lines = file_lines(cx, e)?;
    let line = lines.get(e.location.start_line.checked_sub(1)?)?.trim();
    let (cmd, file) = line.split_once(">>")?;
    let file = file.trim().trim_matches(['"', '\'']);
    if !RC_FILES.iter().any(|r| file.ends_with(*r)) || file.contains(' ') {
        return None;
    }
    let cmd = cmd.trim();
    let body = cmd
        .strip_prefix("echo ")
        .or_else(|| cmd.strip_prefix("printf "))?
        .trim();
    let q = body.chars().next()?;
    if !matches!(q, '"' | '\'') || !body.ends_with(q) || body.len() < 2 {
        return None;
    }
    let body = &body[1..body.len() - 1];
    if body.contains("$(") || body.contains('`') || body.contains("<(") || body.contains('|') {
        return None;
    }
    let setting = |s: &str| {
        let s = s.trim();
        let assign = s.strip_prefix("export ").unwrap_or(s);
        let name_ok = assign.split_once('=').is_some_and(|(n, v)| {
            !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                && !runs_something(n)
                && !v.contains('$')
        });
        name_ok
            || s.is_empty()
            || matches!(
                s,
                "compinit" | "autoload -U compinit" | "autoload -Uz compinit"
            )
            || s.starts_with("set -gx ")
                && !s.contains(['(', '$'])
                && !s.split_whitespace().nth(2).is_some_and(runs_something)
    };
    body.split([';', '\n']).all(setting).then(|| {
        format!(
            "{}:{} appends a shell setting to {file} (a variable or completion), which runs nothing",
            e.location.path, e.location.start_line
        )
    })
}

/// "Add the user's timezone to `MEMORY.md`": prose that has the agent
/// record a short fact in its memory file, not an instruction. The
/// object of the sentence (between the verb and the memory file) is a
/// short noun phrase: at most six words, no code, no URL, no quote, no
/// secret word and no verb of action. Rules and persona files
/// (`AGENTS.md`, `SOUL.md`, `CLAUDE.md`, `HEARTBEAT.md`) carry
/// instructions and keep the finding (round 20).
pub fn memory_fact(cx: &RuleCx, e: &Evidence) -> Option<String> {
    if e.origin != Origin::Prose || !e.has(Tag::AgentMemory) || e.has(Tag::RemoteInstructions) {
        return None;
    }
    let base = e.target.rsplit('/').next().unwrap_or(&e.target);
    if !base.eq_ignore_ascii_case("MEMORY.md") {
        return None;
    }
    let lines = file_lines(cx, e)?;
    let line = lines.get(e.location.start_line.checked_sub(1)?)?;
    let lower = line.to_ascii_lowercase();
    let at = lower.find("memory.md")?;
    let before = lower[..at].trim_end_matches(['`', '*', ' ', '[']);
    // Round 35 (prose): "update memory.md", "update your memory.md" as a
    // checklist step gives no content at all: the agent keeps its own notes.
    let after = lower[at + "memory.md".len()..].trim_start_matches(['`', '*', ']']);
    let tail_ok = after.trim().is_empty() || matches!(after.trim(), "." | ")" | ").");
    let bare = ["update", "update your", "update the", "update its"]
        .iter()
        .any(|v| {
            before.ends_with(&format!(" {v}")) || before.ends_with(&format!(":{v}")) || before == *v
        });
    if bare && tail_ok {
        return Some(format!(
            "{}:{} has the agent update its memory file, with no content given",
            e.location.path, e.location.start_line
        ));
    }
    let before = ["into", "to", "in"]
        .iter()
        .find_map(|p| before.strip_suffix(*p))?;
    let verb = [
        "add ", "save ", "record ", "store ", "note ", "write ", "put ",
    ]
    .iter()
    .filter_map(|v| before.rfind(*v).map(|i| (i, v.len())))
    .max()?;
    let object = before[verb.0 + verb.1..].trim();
    let words: Vec<&str> = object.split_whitespace().collect();
    const SECRET: &[&str] = &[
        "key",
        "token",
        "password",
        "passphrase",
        "secret",
        "credential",
        "cookie",
        "seed",
        "mnemonic",
        "recovery",
        "private",
    ];
    // Words that point at text given elsewhere ("add the following to
    // MEMORY.md:", "the rules below"): the fact is not this sentence.
    const POINTERS: &[&str] = &[
        "following",
        "below",
        "above",
        "this",
        "these",
        "those",
        "text",
        "rules",
        "rule",
        "instructions",
        "instruction",
        "block",
        "lines",
        "line",
        "snippet",
        "section",
    ];
    let clean = !words.is_empty()
        && words.len() <= 6
        && !object.contains(['`', '"', ':', '/', '<', '>', '$', '(', '|'])
        && !words.iter().any(|w| {
            SECRET.iter().any(|s| w.starts_with(s))
                || POINTERS.contains(w)
                || crate::extract::doc_frame::IMPERATIVE.is_match(w)
        });
    // The sentence ends there (no "and follow it", no ":" before a block).
    (clean && tail_ok).then(|| {
        format!(
            "{}:{} records a fact ({object}) in the agent's memory file",
            e.location.path, e.location.start_line
        )
    })
}

/// Round 35 (browser-profile-backup): a browser profile or wallet store
/// copied by a skill whose description says it backs that store up
/// ("Back up a Firefox or Chrome profile … to a local folder"). Its
/// description names the browser or the wallet and a backup, restore,
/// migration or export; the skill has no network step in any file (no
/// request, upload, socket or DNS query: an archive of cookies with a send
/// anywhere is a stealer's shape, and the flow rules judge the send); the
/// store's value reaches no print (the agent is not handed the cookies);
/// and no file unlocks the saved passwords (the browser's keychain entry,
/// DPAPI). A declared capability, worth a warning.
pub(super) fn declared_profile_backup(cx: &RuleCx, e: &Evidence) -> Option<String> {
    const STORES: &[&str] = &[
        "browser",
        "firefox",
        "chrome",
        "chromium",
        "brave",
        "edge",
        "safari",
        "vivaldi",
        "opera",
        "librewolf",
        "wallet",
    ];
    const KEEPS: &[&str] = &[
        "back up",
        "backup",
        "backs up",
        "backups",
        "restore",
        "migrate",
        "migration",
        "export",
        "archive",
        "snapshot",
        "move to a new",
    ];
    const UNLOCKS: &[&str] = &[
        "safe storage",
        "cryptunprotectdata",
        "win32crypt",
        "dpapi",
        "key4.db",
        "nss_decrypt",
        "pk11sdr",
        "decrypt_password",
    ];
    if e.op != Op::FileRead || !(e.has(Tag::BrowserStore) || e.has(Tag::Wallet)) {
        return None;
    }
    let d = cx.manifest.description().to_lowercase();
    let store = STORES.iter().find(|w| crate::text::has_word(&d, w))?;
    if !KEEPS.iter().any(|w| d.contains(w)) {
        return None;
    }
    let networked = cx.evidence.iter().any(|s| {
        matches!(
            s.op,
            Op::NetSend | Op::NetFetch | Op::SocketConnect | Op::DnsQuery | Op::KeychainRead
        )
    });
    let unlocks = cx.skill.files.iter().any(|f| {
        let t = f.text.to_lowercase();
        UNLOCKS.iter().any(|u| t.contains(u))
    });
    if networked || unlocks {
        return None;
    }
    // A print reached by the file-wide flow names the store's value when
    // it is on the read's own line (`print(open(db).read())`) or names the
    // variable the read binds (`print(rows)`); `print(f"written: {out}")`
    // after `tar.add(profile)` names the archive, not its contents.
    let i = cx.evidence.iter().position(|x| std::ptr::eq(x, e))?;
    let bound = e.output.as_deref().unwrap_or("").trim_start_matches('$');
    let printed = cx.flows.downstream(i)?.iter().any(|&j| {
        cx.evidence.get(j).is_none_or(|x| {
            x.op == Op::Output
                && (x.location.path == e.location.path
                    && x.location.start_line == e.location.start_line
                    || !bound.is_empty()
                        && !bound.starts_with("call_")
                        && crate::text::has_word(&x.snippet, bound))
        })
    });
    (!printed).then(|| {
        format!(
            "{}:{} copies the {store} store the description says the skill backs up, and the skill sends nothing over the network",
            e.location.path, e.location.start_line
        )
    })
}

/// Round 35 (solobuddy): a launchd or systemd job switched on or off in
/// the skill's Markdown (`launchctl load ~/Library/LaunchAgents/x.plist`,
/// `launchctl unload …`, `systemctl --user start x.service`) that no file
/// of the skill creates: no skill file is named like it, and no line of
/// any file that names it writes, copies, links or creates it (`cat > …`,
/// `cp`, `install`, `tee`, a heredoc, "create"/"write"/"save"). The skill
/// toggles a job the user already has; it puts nothing in place.
pub(super) fn toggles_existing_job(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static TOGGLE: crate::rx::Lazy = crate::rx::Lazy::new(
        r"^\s*(?:sudo\s+)?(?:launchctl\s+(?:load|unload|start|stop|kickstart|bootout|enable|disable)(?:\s+-\w+)*|systemctl\s+(?:--user\s+)?(?:start|stop|restart|enable|disable)(?:\s+--now)?)\s+(\S+)\s*$",
    );
    static CREATES: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)>|<<|\b(?:cp|mv|ln|install|tee|rsync|curl|wget|touch)\b|\b(?:creat\w*|writ\w*|sav\w*|generat\w*|copy|copies|place\w*|put)\b",
    );
    if !in_markdown(e) {
        return None;
    }
    let cmd = e.target.trim();
    let job = TOGGLE.captures(cmd)?.get(1)?.as_str();
    let base = job
        .rsplit('/')
        .next()
        .unwrap_or(job)
        .trim_matches(['"', '\'']);
    let stem = base.trim_end_matches(".plist").trim_end_matches(".service");
    if stem.len() < 4 || base.contains('$') || base.contains('{') {
        return None;
    }
    let shipped = cx
        .skill
        .files
        .iter()
        .any(|f| f.rel.rsplit('/').next().is_some_and(|b| b.contains(stem)));
    let created = cx.skill.files.iter().any(|f| {
        f.text
            .lines()
            .filter(|l| l.contains(stem) && !TOGGLE.is_match(l))
            .any(|l| CREATES.is_match(l))
    });
    let written = cx.evidence.iter().any(|x| {
        matches!(x.op, Op::FileWrite | Op::Persistence)
            && !std::ptr::eq(x, e)
            && x.target.contains(stem)
            && !TOGGLE.is_match(x.target.trim())
    });
    (!shipped && !created && !written).then(|| {
        format!(
            "{}:{} switches {base}, a job no file of the skill creates",
            e.location.path, e.location.start_line
        )
    })
}

/// Round 35 (security-monitor): a credential file read whose value the
/// code only tests for names (`if (env.includes('TWITTER'))`,
/// `env.match(/(?:TWITTER|KAPSO)/g)`, `'OPENAI' in text`,
/// `re.findall(r'STRIPE|GITHUB', text)`): every use of the variable the
/// read binds, in its file, is a presence test or a match of a pattern of
/// plain words, whose result is those fixed words and never the values. A
/// use of any other kind (a print, a send, a split, a pattern that
/// captures `=(.*)`) keeps the finding.
pub(super) fn names_only_use(cx: &RuleCx, e: &Evidence) -> Option<String> {
    if e.op != Op::FileRead || !e.origin.is_code() {
        return None;
    }
    let var = e.output.as_deref()?.trim_start_matches('$');
    if var.len() < 3 || var.starts_with("call_") || var.starts_with("pipe_") {
        return None;
    }
    let v = regex::escape(var);
    // A pattern of plain words: letters, digits, `_`, `-`, `|`, groups.
    let words = r"(?:\(\?:|[A-Za-z0-9_|()-])+";
    let tests = crate::rx::re(&format!(
        r#"\b{v}\s*\.\s*(?:includes|startsWith|endsWith|indexOf|search|has|count|find|__contains__)\s*\(\s*(?:['"][A-Za-z0-9_ -]+['"]|/{words}/[a-z]*)\s*\)|\b{v}\s*\.\s*match\s*\(\s*/{words}/[a-z]*\s*\)|/{words}/[a-z]*\s*\.\s*test\s*\(\s*{v}\s*\)|['"][A-Za-z0-9_-]+['"]\s+(?:not\s+)?in\s+{v}\b|\bre\.(?:search|findall|match)\s*\(\s*r?['"]{words}['"]\s*,\s*{v}\s*\)"#
    ));
    let uses = crate::rx::re(&format!(r"\b{v}\b"));
    let file = cx.skill.files.iter().find(|f| f.rel == e.location.path)?;
    let mut seen = 0;
    for (n, line) in file.text.lines().enumerate() {
        if n + 1 == e.location.start_line {
            continue;
        }
        let all = uses.find_iter(line).count();
        if all == 0 {
            continue;
        }
        if tests.find_iter(line).count() < all {
            return None;
        }
        seen += all;
    }
    (seen > 0).then(|| {
        format!(
            "{} is read only to test which names it holds ({var} is used in presence tests and word matches alone)",
            e.target
        )
    })
}
