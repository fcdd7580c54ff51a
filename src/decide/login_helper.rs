//! Round 36 (gsc): a login helper the user runs by hand. A script that
//! walks the user through an interactive sign-in (a browser OAuth flow, a
//! typed code or password) and prints the credential it just obtained so
//! the user can paste it into `.env` hands the user their own new token;
//! when no other file of the skill names the script, the agent is never
//! told to run it, so the print does not land in the agent's context.

use crate::evidence::Evidence;
use crate::rules::RuleCx;

/// An interactive sign-in: a browser OAuth flow, or a prompt for the user.
static INTERACTIVE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\brun_local_server\s*\(|\brun_console\s*\(|\bwebbrowser\.open|\bInstalledAppFlow\b|\bgetpass\.getpass\s*\(|(?:^|[^\w.])input\s*\(|\bRead-Host\b|\brl\.question\s*\(|\bread\s+-[a-z]*p\b",
);

/// Why a secret printed by `e` is the user's own new credential shown to
/// them by a sign-in helper the skill never runs, when it is.
pub(super) fn unrun_login_helper(cx: &RuleCx, e: &Evidence) -> Option<String> {
    if !e.origin.is_code() {
        return None;
    }
    let path = e.location.path.as_str();
    let file = cx.skill.files.iter().find(|f| f.rel == path)?;
    let base = path.rsplit('/').next()?;
    let stem = base.rsplit_once('.').map_or(base, |(s, _)| s);
    if stem.len() < 4 || !INTERACTIVE.is_match(&file.text) {
        return None;
    }
    // Named anywhere else (SKILL.md, a README, another script, a
    // manifest): the agent may be told to run it.
    let named = cx
        .skill
        .files
        .iter()
        .any(|f| f.rel != path && f.text.contains(stem));
    (!named).then(|| {
        format!(
            "{path} is an interactive sign-in helper no other file of the skill names or runs: it shows the user the credential they just obtained"
        )
    })
}
