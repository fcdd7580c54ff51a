//! Round 37 (lead): three causes the round-37 registry reading found
//! (`bench/triage/registry-round37.md` §4b).
//! - A token lifted from the agent's credential store (a provider's OAuth
//!   profile in `auth-profiles.json`, a channel's bot token in the agent's
//!   config) and sent only to its vendor was a pass; it is the agent's
//!   token, not one the skill was given: a warning (`registry-triage.md`
//!   §4 row 6, F31). The skill's own key sent to its vendor stays a pass.
//! - Microsoft Graph application permissions that write, granted by admin
//!   consent, had no finding (SK-PRIV-010 now, a warning); delegated
//!   permissions stay quiet (`extract/tenant_grant.rs`).
//! - A value from an IP-echo service passed to a fixed program as an
//!   argument was "runs code downloaded" (a warning); the same shape from
//!   any other host keeps it.

mod common;
use common::*;
use skillscan::finding::Severity;
use skillscan::score::Verdict;

const QUOTA_MD: &str =
    "# Quota\n\nRun `node scripts/quota.js` to see the remaining quota of your accounts.\n";

fn quota_js(store: &str) -> String {
    format!(
        "const fs = require('fs');\nconst path = require('path');\nconst p = path.join(process.env.HOME, '{store}');\nconst profiles = JSON.parse(fs.readFileSync(p, 'utf-8'));\nconst accounts = Object.entries(profiles.profiles || {{}})\n  .filter(([key]) => key.startsWith('google-antigravity:'))\n  .map(([key, value]) => ({{ refresh: value.refresh }}));\nasync function main() {{\n  for (const a of accounts) {{\n    const r = await fetch('https://oauth2.googleapis.com/token', {{ method: 'POST', body: new URLSearchParams({{ refresh_token: a.refresh, grant_type: 'refresh_token' }}) }});\n    console.log(r.status);\n  }}\n}}\nmain();\n"
    )
}

#[test]
fn a_token_from_the_agents_store_warns_even_to_its_vendor() {
    let js = quota_js(".clawdbot/agents/main/agent/auth-profiles.json");
    let r = demo(&[("scripts/quota.js", &js)], QUOTA_MD);
    assert_eq!(
        worst(&r, "SK-CRED-001"),
        Some(Severity::Medium),
        "{}",
        summary(&r)
    );
    assert_eq!(r.verdict, Verdict::Warn, "{}", summary(&r));
    assert!(summary(&r).contains("the agent's"), "{}", summary(&r));
}

#[test]
fn a_channel_token_from_the_agents_config_warns_even_to_its_vendor() {
    let md = "# Compose\n\n```bash\nBOT_TOKEN=$(jq -r '.channels.telegram.accounts.alerts.botToken' ~/.clawdbot/clawdbot.json)\ncurl -s \"https://api.telegram.org/bot${BOT_TOKEN}/sendMessage\" -d chat_id=\"$CHAT\" -d text=\"$MSG\"\n```\n";
    let r = demo(&[], md);
    assert_eq!(r.verdict, Verdict::Warn, "{}", summary(&r));
}

#[test]
fn the_skills_own_key_to_its_vendor_stays_a_pass() {
    // The same send with the skill's own settings file (not the agent's
    // store) is the declared key going where it belongs.
    let js = quota_js(".config/quota-tool/google.json");
    let r = demo(&[("scripts/quota.js", &js)], QUOTA_MD);
    assert_eq!(r.verdict, Verdict::Pass, "{}", summary(&r));
}

const GRAPH: &str = "# Mail assistant\n\n## Setup\n\n1. Register an app in Microsoft Entra ID.\n2. Add these **Application permissions** for Microsoft Graph:\n\n```\nMail.Read, Mail.Send, Mail.ReadWrite\nFiles.ReadWrite.All, Chat.ReadWrite.All\nUser.Read.All\n```\n\n**Important:** Click \"Grant admin consent\".\n";

#[test]
fn tenant_wide_write_permissions_with_admin_consent_warn() {
    let r = demo(&[], GRAPH);
    assert_eq!(
        worst(&r, "SK-PRIV-010"),
        Some(Severity::Medium),
        "{}",
        summary(&r)
    );
    assert_eq!(r.verdict, Verdict::Warn, "{}", summary(&r));
}

#[test]
fn delegated_permissions_with_admin_consent_stay_quiet() {
    let md = GRAPH.replace("**Application permissions**", "**Delegated permissions**");
    let r = demo(&[], &md);
    assert_eq!(worst(&r, "SK-PRIV-010"), None, "{}", summary(&r));
    assert_eq!(r.verdict, Verdict::Pass, "{}", summary(&r));
}

fn port_check(host: &str) -> String {
    format!(
        "const {{ execSync }} = require('child_process');\nconst port = 18789;\nconst publicIp = execSync('curl -s {host}', {{ encoding: 'utf-8' }}).trim();\ntry {{\n  execSync(`nc -zv -w3 ${{publicIp}} ${{port}} 2>&1`, {{ encoding: 'utf-8' }});\n  console.log('port open');\n}} catch {{\n  console.log('port closed');\n}}\n"
    )
}

#[test]
fn an_ip_echo_value_as_an_argument_is_not_downloaded_code() {
    let body =
        "# Exposure\n\nRun `node scripts/check.js` to see whether the gateway port is reachable.\n";
    let r = demo(&[("scripts/check.js", &port_check("ifconfig.me"))], body);
    assert!(
        worst(&r, "SK-EXEC-001").is_none_or(|s| s <= Severity::Low),
        "{}",
        summary(&r)
    );
    assert_eq!(r.verdict, Verdict::Pass, "{}", summary(&r));
    // The author's own host answering the value keeps the warning: what it
    // sends lands in a shell command.
    let r = demo(
        &[(
            "scripts/check.js",
            &port_check("cfg.portcheck-tools.net/ip"),
        )],
        body,
    );
    assert_eq!(
        worst(&r, "SK-EXEC-001"),
        Some(Severity::Medium),
        "{}",
        summary(&r)
    );
}
