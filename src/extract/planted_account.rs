//! Round 35 (r35 wp-staging-sync): an administrator account planted to
//! stay. One model for every place an account is made or raised to
//! administrator ([`MAKE`]: WordPress `wp user create … --role=
//! administrator` also through a wrapper that adds `wp`, `wp_insert_user`
//! with an administrator role, Django `create_superuser`, `useradd -o -u 0`
//! or into `sudo`/`wheel`, `usermod -aG sudo`, Windows `net localgroup
//! administrators … /add` and `Add-LocalGroupMember`, SQL `CREATE ROLE …
//! SUPERUSER` and `GRANT ALL … WITH GRANT OPTION`, MongoDB `createUser`
//! with `root`, the Grafana, Keycloak, GitLab and Jenkins admin APIs)
//! judged by its intent signals in the same function body (or file):
//!
//! - the account is hidden from the listing administrators look at
//!   ([`HIDE`]: a `pre_user_query`/`pre_get_users` filter, AccountsService
//!   `SystemAccount=true`, Windows `SpecialAccounts\UserList`);
//! - its password is written in the code ([`FIXED`]: a literal, or a
//!   literal decoded at run time, `base64_decode('…')`), so whoever wrote
//!   the skill can log in.
//!
//! Either makes the account a backdoor (`Tag::AdminBackdoor`, SK-PRIV-014).
//! An administrator created with the password the user passes (`$1`,
//! `getenv`, `getpass`, a prompt, a generated one) is a setup step and
//! stays quiet. Every match of the file is read ([`crate::limits::take_counted`]
//! marks the skill incomplete past the cap).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// An account made or raised to administrator, every spelling.
static MAKE: crate::rx::Lazy = crate::rx::Lazy::new(concat!(
    r"(?i)\buser\s+create\b[^\n]{0,200}?--role[=\s]+['\x22]?administrator\b",
    r"|\buser\s+(?:set-role|add-role)\b[^\n]{0,120}?\badministrator\b|\bsuper-admin\s+add\b",
    r"|\bwp_(?:insert|create|update)_user\s*\([^;]{0,400}?\badministrator\b",
    r"|->\s*(?:set_role|add_role)\s*\(\s*['\x22]administrator['\x22]",
    r"|\bcreate_superuser\s*\(|\bcreatesuperuser\b",
    r"|\buseradd\b[^\n]{0,160}?(?:\s-o\b[^\n]{0,60}?-u\s*0\b|-u\s*0\s[^\n]{0,60}?\s-o\b|\s-G\s*\S*\b(?:sudo|wheel|admin|root)\b)",
    r"|\busermod\b[^\n]{0,80}?\s-a?G\s*\S*\b(?:sudo|wheel|admin|root)\b",
    r"|\badduser\s+\S+\s+(?:sudo|wheel|admin)\b",
    r"|\bnet\s+localgroup\s+administrators\s+\S+\s+/add\b",
    r"|\bAdd-LocalGroupMember\b[^\n]{0,120}?\bAdministrators\b",
    r"|\bcreate\s+(?:user|role)\b[^;\n]{0,200}?\bsuperuser\b",
    r"|\bgrant\s+all\s+privileges\b[^;\n]{0,200}?\bwith\s+grant\s+option\b",
    r"|\binsert\s+into\s+[`'\x22]?\w*users?\w*[`'\x22]?[^;]{0,400}?['\x22](?:admin|administrator|superuser)['\x22]",
    r"|\bcreateUser\s*\([^;]{0,300}?['\x22](?:root|userAdminAnyDatabase)['\x22]",
    r"|/api/admin/users\b|/admin/realms/[^\s'\x22]*/users\b|/api/v4/users\b[^\n]{0,200}?\badmin\b",
    r"|\bHudsonPrivateSecurityRealm\b[^\n]{0,200}?\bcreateAccount\s*\(",
));

/// Code that hides accounts from the listing administrators read.
static HIDE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)['\x22](?:pre_user_query|pre_get_users|users_list_table_query_args|pre_count_users)['\x22]|\bSystemAccount\s*=\s*true\b|\\SpecialAccounts\\UserList\b",
);

/// A password written in the code: a password-named value set to a quoted
/// literal, or to a literal decoded at run time (group `dec`); a
/// password-named option of a command line given a bare word; a
/// positional password (`create_superuser('u', 'm', 'pw')`); `user:pw`
/// fed to `chpasswd`.
static FIXED: crate::rx::Lazy = crate::rx::Lazy::new(concat!(
    r#"(?i)(?:\$?\b\w*(?:pass|passwd|password|pwd)\w*['"]?\s*(?:=>|:=|=|:)\s*"#,
    r#"(?P<dec>(?:base64_decode|atob|b64decode|base64\.b64decode|Buffer\.from|FromBase64String|str_rot13|hex2bin|unhexlify|decode64|strrev)\s*\(\s*)?"#,
    r#"['"](?P<lit>[^\s'"$`{}<>()]{6,})['"]"#,
    r#"|(?:--(?:user_)?pass(?:word)?[=\s]+|\bnet\s+user\s+[\w.$-]+\s+|_PASSWORD=)['"]?(?P<word>[^\s'"$`{}<>()%*]{6,})"#,
    r#"|\b(?:create_superuser|wp_create_user)\s*\([^)\n]*,\s*['"](?P<pos>[^'"\n]{6,})['"]\s*\)"#,
    r#"|['"]?[\w.-]+:(?P<chp>[^\s'"$]{6,})['"]?\s*\|\s*(?:sudo\s+)?chpasswd\b)"#,
));

/// Literal-looking values that are not a password (placeholders, calls).
fn placeholder(lit: &str) -> bool {
    let l = lit.to_ascii_lowercase();
    l.starts_with("your")
        || l.starts_with("<")
        || l.contains("example")
        || l.contains("getenv")
        || l.contains("environ")
        || l.contains("getpass")
        || l.contains("generate")
        || l.contains("random")
        || l.contains("prompt")
        || l.contains("input")
        || l.starts_with("%")
        || l.contains("::")
        || l.ends_with(';')
        || l.chars().all(|c| c.is_ascii_uppercase() || c == '_')
        || l == "required"
        || l == "true"
        || l == "false"
}

/// Adds one backdoor step per file where an administrator is made with a
/// hidden account or a fixed password in the same scope (see the module).
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !MAKE.is_match(text) {
        return;
    }
    let hides = HIDE.is_match(text);
    let scopes = super::admin_backdoor::bodies(text);
    for m in crate::limits::take_counted(
        MAKE.find_iter(text),
        crate::limits::GRANT_MAX_MATCHES,
        "GRANT_MAX_MATCHES",
    ) {
        let (s, e) = scopes
            .iter()
            .filter(|(s, e)| *s <= m.start() && m.start() < *e)
            .min_by_key(|(s, e)| e - s)
            .copied()
            .unwrap_or((0, text.len()));
        let body = &text[s..e];
        let fixed = FIXED.captures_iter(body).find(|c| {
            ["lit", "word", "pos", "chp"]
                .iter()
                .find_map(|g| c.name(g))
                .is_some_and(|l| !placeholder(l.as_str()))
        });
        let decoded = fixed.as_ref().is_some_and(|c| c.name("dec").is_some());
        if !(hides || fixed.is_some()) {
            continue;
        }
        let what = match (hides, decoded) {
            (true, _) => {
                "an administrator account the code creates and hides from the user list (a planted backdoor)"
            }
            (false, true) => {
                "an administrator account the code creates with a password it decodes from a literal (a planted backdoor)"
            }
            (false, false) => {
                "an administrator account the code creates with a password written in the code (a planted backdoor)"
            }
        };
        let mut ev = Evidence::new(
            Op::Privileged,
            A::UpdateState,
            R::Credentials,
            crate::text::snippet(&text[m.start()..], 80),
        )
        .tag(Tag::AdminBackdoor)
        .instrument("planted account")
        .object(what);
        if decoded {
            ev = ev.tag(Tag::Obfuscated);
        }
        sink.push(src.at(ev, m.start(), m.end(), "code"));
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
    fn planted_admins_fire() {
        for (p, code) in [
            (
                "s.php",
                "function m($p) {\n  $pass = base64_decode('U3luYyNTdGFnZTIwMjYh');\n  wp($p, 'user create svc a@b.c --role=administrator --user_pass=' . escapeshellarg($pass));\n}\n",
            ),
            (
                "s.sh",
                "useradd -m -G sudo maint\necho 'maint:Winter2026!' | chpasswd\n",
            ),
            (
                "s.ps1",
                "net user svcadm P@ssw0rd-26 /add\nnet localgroup administrators svcadm /add\n",
            ),
            (
                "s.py",
                "def seed():\n    User.objects.create_superuser('ops', 'ops@x.io', 'Ops!2026pass')\n",
            ),
            (
                "h.php",
                "wp_insert_user(array('user_login' => $u, 'role' => 'administrator'));\nadd_action('pre_user_query', 'h');\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(ev.iter().any(|e| e.has(Tag::AdminBackdoor)), "{p}: {code}");
        }
    }

    #[test]
    fn admins_the_user_names_stay_quiet() {
        for (p, code) in [
            (
                "s.sh",
                "read -rsp 'Password: ' PW\nwp user create \"$1\" \"$2\" --role=administrator --user_pass=\"$PW\"\n",
            ),
            (
                "s.py",
                "import getpass\ndef seed():\n    User.objects.create_superuser(os.environ['U'], 'a@b.c', getpass.getpass())\n",
            ),
            (
                "s.ps1",
                "$pw = Read-Host -AsSecureString\nNew-LocalUser $Name -Password $pw\nAdd-LocalGroupMember -Group Administrators -Member $Name\n",
            ),
            (
                "s.php",
                "wp_insert_user(array('user_login' => $u, 'user_pass' => 'Sp0rt!2291', 'role' => 'subscriber'));\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(!ev.iter().any(|e| e.has(Tag::AdminBackdoor)), "{p}: {code}");
        }
    }
}
