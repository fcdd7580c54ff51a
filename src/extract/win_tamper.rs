//! Round 24 (pwsh24): Windows security tampering as data. One table of the
//! commands that turn a defence of the machine off — Microsoft Defender
//! switched off or told to skip paths and processes, its services stopped,
//! the firewall off, UAC off, the machine's script policy lifted, recovery
//! — whatever host spells them: a PowerShell line
//! (`powershell.rs`), a shell, `cmd /c`, Python `subprocess` or JavaScript
//! `child_process` argv, a token-level run call (all through the shell
//! table, `shell/table.rs`), and code handed to an interpreter as a string
//! or argument array (`interp.rs`). A row is lowered to `SecurityDisable`
//! (SK-PRIV-007: `privilege_escalation`, defences turned off, ssl.md §5).
//! Shadow copies and boot recovery removed (`vssadmin`, `wmic`,
//! `bcdedit`) stay the shell table's destructive rows (the labelled corpus
//! scores them destructive only); `destroys` is for a row that is both.
//!
//! Matching is on whole words (the program's basename, lower case, no
//! `.exe`; each argument lower case), never on substrings of the line: a
//! `Write-Host "Set-MpPreference -DisableRealtimeMonitoring"` or a comment
//! names no program.

use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// One family of tampering commands.
pub struct Row {
    /// Program or cmdlet names (lower case, no `.exe`).
    pub names: &'static [&'static str],
    /// Whether the arguments (lower case) turn a defence off.
    pub when: fn(&[String]) -> bool,
    /// The SSL object of the step.
    pub object: &'static str,
    /// The step also destroys recovery data (shadow copies, boot recovery).
    pub destroys: bool,
}

/// Services whose stop or removal turns a defence off.
const SECURITY_SERVICES: &[&str] = &[
    "windefend",
    "wdnissvc",
    "wdfilter",
    "wdboot",
    "sense",
    "mpssvc",
    "wscsvc",
    "securityhealthservice",
    "bfe",
    "eventlog",
    "sysmon",
    "sysmon64",
];

/// Registry values that switch a defence off, and the value that does it.
const REG_OFF: &[(&str, &str)] = &[
    ("enablelua", "0"),
    ("consentpromptbehavioradmin", "0"),
    ("promptonsecuredesktop", "0"),
    ("disableantispyware", "1"),
    ("disableantivirus", "1"),
    ("disablerealtimemonitoring", "1"),
    ("disablebehaviormonitoring", "1"),
    ("disableioavprotection", "1"),
    ("disableonaccessprotection", "1"),
    ("disablescanonrealtimeenable", "1"),
    ("tamperprotection", "0"),
    ("enablesmartscreen", "0"),
    ("enablefirewall", "0"),
    // Round 29 (supply29): Office's macro and document protections. All
    // macros enabled without a prompt, programmatic access to every VBA
    // project, internet-downloaded content allowed to run, Protected View
    // off for internet files, attachments and unsafe locations.
    ("vbawarnings", "1"),
    ("accessvbom", "1"),
    ("blockcontentexecutionfrominternet", "0"),
    ("disableinternetfilesinpv", "1"),
    ("disableattachementsinpv", "1"),
    ("disableattachmentsinpv", "1"),
    ("disableunsafelocationsinpv", "1"),
    ("macroruntimescanscope", "0"),
    ("smartscreenenabled", "off"),
];

/// A value that means "false" or "off" to PowerShell or the registry.
fn falsy(v: &str) -> bool {
    matches!(
        v.trim_matches(|c| c == '\'' || c == '"'),
        "$false" | "false" | "0" | "disabled" | "off" | "no"
    )
}

fn clean(a: &str) -> &str {
    a.trim_matches(|c| matches!(c, '\'' | '"' | ',' | '`' | '(' | ')' | ';'))
}

fn has(a: &[String], w: &str) -> bool {
    a.iter().any(|x| clean(x) == w)
}

/// `-Name value` and `-Name:value`: the value of a switch or parameter
/// named by `pred`, `Some("")` for a bare switch.
fn params<'a>(a: &'a [String], pred: impl Fn(&str) -> bool) -> Vec<&'a str> {
    let mut out = Vec::new();
    for (i, x) in a.iter().enumerate() {
        let Some(body) = x.strip_prefix('-') else {
            continue;
        };
        let (name, inline) = match body.split_once(':') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        if !pred(name) {
            continue;
        }
        let v = inline.or_else(|| {
            a.get(i + 1)
                .map(String::as_str)
                .filter(|v| !v.starts_with('-'))
        });
        out.push(v.map(clean).unwrap_or(""));
    }
    out
}

/// `Set-MpPreference -DisableX $true` (a bare switch or any value but a
/// false one), `-ExclusionPath/-Process/-Extension/-IpAddress …`,
/// `-EnableControlledFolderAccess Disabled`.
fn defender_prefs(a: &[String]) -> bool {
    !params(a, |n| n.starts_with("disable"))
        .iter()
        .all(|v| falsy(v))
        || !params(a, |n| n.starts_with("exclusion")).is_empty()
        || params(a, |n| n.starts_with("enable") || n == "puaprotection")
            .iter()
            .any(|v| matches!(*v, "disabled" | "0" | "$false" | "false"))
}

/// `sc stop WinDefend`, `sc config WinDefend start= disabled`, `sc delete
/// Sense`, `net stop mpssvc`.
fn service_stop(a: &[String]) -> bool {
    let named = a.iter().any(|x| SECURITY_SERVICES.contains(&clean(x)));
    let verb = a.first().map(|v| clean(v)).unwrap_or("");
    named
        && (matches!(verb, "stop" | "delete")
            || verb == "config" && (has(a, "disabled") || has(a, "start=disabled")))
}

/// `Stop-Service WinDefend`, `Set-Service -Name mpssvc -StartupType
/// Disabled`, `Set-Service … -Status Stopped`.
fn service_cmdlet(a: &[String]) -> bool {
    a.iter().any(|x| SECURITY_SERVICES.contains(&clean(x)))
}

fn service_set(a: &[String]) -> bool {
    service_cmdlet(a) && (has(a, "disabled") || has(a, "stopped"))
}

/// `netsh advfirewall set allprofiles state off`, `netsh firewall set
/// opmode disable` (also `mode=disable`).
fn firewall_off(a: &[String]) -> bool {
    let fw = has(a, "advfirewall") || has(a, "firewall");
    fw && has(a, "set")
        && (has(a, "state") && has(a, "off")
            || has(a, "opmode") && has(a, "disable")
            || has(a, "mode=disable"))
}

/// `Set-NetFirewallProfile -Enabled False`.
fn firewall_profile(a: &[String]) -> bool {
    params(a, |n| n == "enabled").iter().any(|v| falsy(v))
}

/// `Set-ExecutionPolicy Bypass|Unrestricted -Scope LocalMachine`: the
/// machine's policy lifted for every user. `-Scope Process` and
/// `CurrentUser` (the documented install step) are not rows.
fn machine_policy(a: &[String]) -> bool {
    let lifted = a
        .iter()
        .any(|x| matches!(clean(x), "bypass" | "unrestricted"));
    let machine = params(a, |n| n == "scope")
        .iter()
        .any(|v| *v == "localmachine");
    lifted && machine
}

/// `reg add …\System /v EnableLUA /t REG_DWORD /d 0 /f`,
/// `Set-ItemProperty -Path … -Name EnableLUA -Value 0`,
/// `New-ItemProperty … -Name DisableAntiSpyware -Value 1`.
fn registry_off(a: &[String]) -> bool {
    REG_OFF.iter().any(|(name, off)| {
        let Some(i) = a.iter().position(|x| clean(x) == *name) else {
            return false;
        };
        let after = &a[i + 1..];
        let val = after
            .iter()
            .position(|x| matches!(clean(x), "/d" | "-value"))
            .and_then(|j| after.get(j + 1))
            .or_else(|| after.iter().find(|x| !x.starts_with(['-', '/'])));
        let v = val.map(|v| clean(v)).unwrap_or("");
        v == *off || *off == "0" && v == "$false" || *off == "1" && v == "$true"
    })
}

/// Round 29 (supply29): a registry value of `REG_OFF` set from code in
/// any other language or a `.reg` file: `winreg.SetValueEx(k,
/// "VBAWarnings", 0, winreg.REG_DWORD, 1)`, `key.SetValue("AccessVBOM",
/// 1)`, `k.SetDWordValue("EnableLUA", 0)`, `"VBAWarnings"=dword:00000001`.
/// The shell and PowerShell read these through [`classify`].
pub fn scan_values(src: &super::Src, sink: &mut super::Sink) {
    static SET: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"(?i)["'](\w+)["']\s*(?:,[^\n()]*?(\d+)\s*\)|=\s*dword:([0-9a-f]{1,8}))"#,
    );
    let text = src.text;
    let lower = text.to_ascii_lowercase();
    if !REG_OFF.iter().any(|(n, _)| lower.contains(n)) {
        return;
    }
    for c in SET.captures_iter(text) {
        let (Some(all), Some(name)) = (c.get(0), c.get(1)) else {
            continue;
        };
        let name = name.as_str().to_ascii_lowercase();
        let value = match (c.get(2), c.get(3)) {
            (Some(d), _) => d.as_str().parse::<u64>().ok(),
            (_, Some(h)) => u64::from_str_radix(h.as_str(), 16).ok(),
            _ => None,
        };
        let Some(value) = value else { continue };
        let off = REG_OFF
            .iter()
            .any(|(n, v)| *n == name && v.parse::<u64>().ok() == Some(value));
        if !off {
            continue;
        }
        let line = crate::text::snippet(all.as_str(), 200);
        let mut ev = Evidence::new(Op::SecurityDisable, A::UpdateState, R::Process, line)
            .object("Windows security setting switched off in the registry")
            .instrument("registry");
        ev.tags.insert(Tag::Windows);
        sink.push(src.at(ev, all.start(), all.end(), "code"));
    }
}

/// Defender's switches that turn a protection off or carve out paths.
const DEFENDER_SWITCHES: &[&str] = &[
    "disablerealtimemonitoring",
    "disableioavprotection",
    "disablebehaviormonitoring",
    "disableblockatfirstseen",
    "disablescriptscanning",
    "disableintrusionpreventionsystem",
    "disableprivacymode",
    "disablearchivescanning",
    "exclusionpath",
    "exclusionprocess",
    "exclusionextension",
];
/// Adjacent string pieces: `'a' + 'b'`, `'a','b'`, `"a" . "b"`.
static PIECES: crate::rx::Lazy = crate::rx::Lazy::new(r#"["']\s*[,+.&]?\s*["']"#);

/// Round 30 (rights30): Defender switched off with its cmdlet or switch
/// names built from pieces (`-join ('S','e','t','-','M','p',…)`, `('Disable'
/// + 'RealtimeMonitoring') = $true` in a hashtable splatted or joined into
/// a command line), in any language. The plain spelling is [`classify`]'s
/// (which reads whole words of a command, so a name in a message is not a
/// command); a name only the joining of pieces spells was hidden on
/// purpose, so the file is `SecurityDisable` + `Obfuscated` whether or not
/// the command it builds can be followed. A switch set `$false` turns the
/// protection back on and is not read.
pub fn scan_pieces(src: &super::Src, sink: &mut super::Sink) {
    let text = src.text;
    if !(text.contains('\'') || text.contains('"')) {
        return;
    }
    let lower = text.to_ascii_lowercase();
    if !(lower.contains("disable") || lower.contains("exclusion") || lower.contains("mppref")) {
        return;
    }
    let folded = PIECES.replace_all(&lower, "");
    let cmdlet = folded.contains("set-mppreference") || folded.contains("add-mppreference");
    if !cmdlet {
        return;
    }
    let on = DEFENDER_SWITCHES.iter().find_map(|w| {
        folded.match_indices(w).find_map(|(i, _)| {
            let after = &folded[i + w.len()..];
            let after = &after[..crate::text::clamp_boundary(after, after.len().min(40))];
            (!after.contains("$false") && !after.contains("false")).then_some(*w)
        })
    });
    let Some(switch) = on else {
        return;
    };
    let plain = (lower.contains("set-mppreference") || lower.contains("add-mppreference"))
        && lower.contains(switch);
    if plain {
        return;
    }
    let at = ["mppref", "disable", "exclusion"]
        .iter()
        .filter_map(|w| lower.find(w))
        .min()
        .unwrap_or(0);
    let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
    let mut ev = Evidence::new(
        Op::SecurityDisable,
        A::UpdateState,
        R::Process,
        format!("Set-MpPreference -{switch}"),
    )
    .object("Microsoft Defender protection disabled, its names built from pieces")
    .instrument("Set-MpPreference");
    ev.tags.insert(Tag::Windows);
    ev.tags.insert(Tag::Obfuscated);
    sink.push(src.at(ev, at, end, "code"));
}

/// The table.
pub const ROWS: &[Row] = &[
    Row {
        names: &["set-mppreference", "add-mppreference"],
        when: defender_prefs,
        object: "Microsoft Defender protection disabled",
        destroys: false,
    },
    Row {
        names: &["sc", "net", "net1"],
        when: service_stop,
        object: "security service stopped",
        destroys: false,
    },
    Row {
        names: &["stop-service", "spsv"],
        when: service_cmdlet,
        object: "security service stopped",
        destroys: false,
    },
    Row {
        names: &["set-service"],
        when: service_set,
        object: "security service stopped",
        destroys: false,
    },
    Row {
        names: &["netsh"],
        when: firewall_off,
        object: "firewall disabled",
        destroys: false,
    },
    Row {
        names: &["set-netfirewallprofile"],
        when: firewall_profile,
        object: "firewall disabled",
        destroys: false,
    },
    Row {
        names: &["set-executionpolicy"],
        when: machine_policy,
        object: "script execution policy lifted for the whole machine",
        destroys: false,
    },
    Row {
        names: &["reg", "set-itemproperty", "new-itemproperty", "sp"],
        when: registry_off,
        object: "Windows security setting switched off in the registry",
        destroys: false,
    },
];

/// The program's name as the table knows it: basename, lower case, no
/// `.exe`.
pub fn program(arg0: &str) -> String {
    let base = arg0.rsplit(['/', '\\']).next().unwrap_or(arg0);
    let base = base.to_ascii_lowercase();
    base.trim_end_matches(".exe").to_string()
}

/// Whether any row is about `name`.
pub fn names(name: &str) -> bool {
    let p = program(name);
    ROWS.iter().any(|r| r.names.contains(&p.as_str()))
}

/// The row a command (program and arguments, as written) is.
pub fn classify<S: AsRef<str>>(name: &str, args: &[S]) -> Option<&'static Row> {
    let p = program(name);
    if args.len() > crate::limits::WIN_TAMPER_MAX_ARGS {
        crate::limits::gave_up("WIN_TAMPER_MAX_ARGS");
        return None;
    }
    let lower: Vec<String> = args
        .iter()
        .flat_map(|a| {
            // `start= disabled` and `/d 0` arrive as separate words; a
            // word `-Name:Value` keeps its colon for `params`.
            a.as_ref()
                .split_whitespace()
                .map(str::to_ascii_lowercase)
                .collect::<Vec<_>>()
        })
        .collect();
    ROWS.iter()
        .find(|r| r.names.contains(&p.as_str()) && (r.when)(&lower))
}

/// The evidence of a row: `SecurityDisable`, tagged `Windows`.
pub fn evidence(row: &Row, name: &str, line: &str) -> Evidence {
    let mut ev = Evidence::new(
        Op::SecurityDisable,
        A::UpdateState,
        R::Process,
        crate::text::snippet(line, 200),
    )
    .object(row.object)
    .instrument(&program(name));
    ev.tags.insert(Tag::Windows);
    ev
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(line: &str) -> Option<&'static str> {
        let w: Vec<&str> = line.split_whitespace().collect();
        classify(w[0], &w[1..]).map(|r| r.object)
    }

    #[test]
    fn rows_fire_on_tampering_and_not_on_its_near_misses() {
        for l in [
            "Set-MpPreference -DisableRealtimeMonitoring $true",
            "Set-MpPreference -DisableRealtimeMonitoring:$true",
            "Set-MpPreference -DisableIOAVProtection 1",
            "Add-MpPreference -ExclusionPath C:\\Users",
            "Add-MpPreference -ExclusionProcess powershell.exe",
            "sc.exe stop WinDefend",
            "sc config WinDefend start= disabled",
            "net stop mpssvc",
            "Stop-Service -Name WinDefend -Force",
            "Set-Service -Name mpssvc -StartupType Disabled",
            "netsh advfirewall set allprofiles state off",
            "netsh firewall set opmode disable",
            "Set-NetFirewallProfile -Profile Domain,Public,Private -Enabled False",
            "Set-ExecutionPolicy Unrestricted -Scope LocalMachine -Force",
            "Set-ExecutionPolicy -ExecutionPolicy Bypass -Scope:LocalMachine",
            "reg add HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System /v EnableLUA /t REG_DWORD /d 0 /f",
            "Set-ItemProperty -Path HKLM:\\x -Name EnableLUA -Value 0",
            "New-ItemProperty -Path HKLM:\\x -Name DisableAntiSpyware -Value 1 -PropertyType DWord",
        ] {
            assert!(hit(l).is_some(), "{l}");
        }
        for l in [
            "Set-MpPreference -DisableRealtimeMonitoring $false",
            "Set-MpPreference -SignatureUpdateInterval 4",
            "Get-MpPreference",
            "sc query WinDefend",
            "sc stop MyAppService",
            "net stop spooler",
            "Stop-Service -Name MyApp",
            "netsh advfirewall firewall add rule name=app dir=in action=allow",
            "netsh advfirewall set allprofiles state on",
            "Set-NetFirewallProfile -Enabled True",
            "Set-ExecutionPolicy RemoteSigned -Scope CurrentUser",
            "Set-ExecutionPolicy Bypass -Scope Process -Force",
            "reg add HKCU\\Software\\App /v EnableLUA /d 1 /f",
            "Set-ItemProperty -Path HKCU:\\Console -Name FontSize -Value 0",
            "bcdedit /enum",
            "vssadmin list shadows",
            "Write-Host Set-MpPreference",
        ] {
            assert!(hit(l).is_none(), "{l}");
        }
    }
}
