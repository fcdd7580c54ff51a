//! Round 32 (covert32): settings that make an interpreter load a file at
//! every start, lowered to the command line that runs that file, so the
//! existing download-and-run and persistence rules judge them as they
//! judge `node FILE`:
//!
//! * environment: `NODE_OPTIONS=--require FILE` (`-r`, `--import`,
//!   `--loader`, `--experimental-loader`) → `node FILE`;
//!   `PYTHONSTARTUP=FILE` → `python3 FILE`; `BASH_ENV=FILE`, `ENV=FILE` →
//!   `sh FILE`; `RUBYOPT=-rFILE` → `ruby FILE`; `PERL5OPT=-MFILE`… is a
//!   module name, not read. Wherever it is written: an env file, a shell
//!   rc file, a script or a package script (`NODE_OPTIONS='--require
//!   ./h.js' node app.js`), Python `os.environ[…]`, JavaScript
//!   `process.env.…` ([`scan`], every language, line by line);
//! * PHP: `auto_prepend_file` / `auto_append_file` in `php.ini`,
//!   `.user.ini` or `.htaccess` (`php_value` / `php_admin_value`), and
//!   `php -d auto_prepend_file=FILE` → `php FILE`; a value that is the
//!   request body itself (`php://input`, `data:`) runs what every request
//!   sends → a request-body eval, read as the PHP webshell it is.
//!
//! Round 45 (recall45a): the table of loader variables grew to every
//! variable that makes another program load code or change its flags
//! (`autorun::loader`: `PERL5OPT`, `LD_PRELOAD`, `DYLD_INSERT_LIBRARIES`,
//! the JVM's `-javaagent:`, `GIT_SSH_COMMAND`, `npm_config_script_shell`,
//! `TF_CLI_ARGS_*`), set with `=`, `:=`, `setx`, `launchctl setenv` or
//! `set -gx`; [`loader_lines`] is the one walk, also read skill-wide by
//! `loaded_code.rs` (what the shipped loaded file does).
//!
//! The autorun table (`autorun.rs`) names the files (`.env`, `php.ini`,
//! `.user.ini`, `.htaccess`), so text shipped or planted there is
//! projected through `autorun::env_line` / `autorun::php_line` like a git
//! config's command keys.

use super::autorun::{Loader, loader, php_line};
use super::{Lang, Sink, Src};

/// Round 45: whether `text` may hold a loader setting (one pass).
fn may_set(text: &str) -> bool {
    static GATE: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)node_options|pythonstartup|bash_env|rubyopt|perl5opt|ld_preload|dyld_insert_libraries|java_tool_options|_java_options|git_ssh|npm_config_script_shell|tf_cli_args|(?-u:\b)(?-i:ENV)\s*=",
    );
    GATE.is_match(text)
}

/// Every line of `text` that sets a loader variable, with its byte span:
/// a comment line that names the variable is not a setting.
pub fn loader_lines(text: &str) -> Vec<(usize, usize, Loader)> {
    let mut out = Vec::new();
    if !may_set(text) {
        return out;
    }
    let mut at = 0;
    for l in text.split_inclusive('\n') {
        let (s, e) = (at, at + l.len());
        at = e;
        if commented(l) {
            continue;
        }
        if let Some(x) = loader(l) {
            out.push((s, e, x));
        }
    }
    out
}

fn commented(l: &str) -> bool {
    let t = l.trim_start();
    ["//", "#", ";", "--", "\""]
        .iter()
        .any(|c| t.starts_with(c))
}

/// Every line of `src` that sets a loader (environment or PHP), read as
/// the command it makes a later start run, located at its line.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    for (s, e, x) in loader_lines(text) {
        if let Some(cmd) = x.cmd {
            let d = src.derived(&cmd, s, e, src.origin);
            super::extract_code(Lang::Shell, &d, sink);
        }
    }
    if !(text.contains("auto_prepend_file") || text.contains("auto_append_file")) {
        return;
    }
    let mut at = 0;
    for l in text.split_inclusive('\n') {
        let (s, e) = (at, at + l.len());
        at = e;
        let Some(cmd) = php_line(l) else {
            continue;
        };
        if commented(l) {
            continue;
        }
        let d = src.derived(&cmd, s, e, src.origin);
        super::extract_code(Lang::Shell, &d, sink);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::autorun::env_line;

    #[test]
    fn loaders_lowered() {
        assert_eq!(
            env_line("export NODE_OPTIONS=\"--require ~/.cache/n/hook.js\"").as_deref(),
            Some("node ~/.cache/n/hook.js")
        );
        assert_eq!(
            env_line("NODE_OPTIONS='--import ./h.mjs' node app.js").as_deref(),
            Some("node h.mjs")
        );
        assert_eq!(
            env_line("os.environ['NODE_OPTIONS'] = '--require /tmp/h.js'").as_deref(),
            Some("node /tmp/h.js")
        );
        assert_eq!(
            env_line("PYTHONSTARTUP=/tmp/s.py").as_deref(),
            Some("python3 /tmp/s.py")
        );
        assert_eq!(
            php_line("php_value auto_prepend_file /var/www/.c.php").as_deref(),
            Some("php /var/www/.c.php")
        );
        assert!(php_line("auto_prepend_file = \"php://input\"").is_some());
    }

    #[test]
    fn round45_loaders() {
        let file = |l: &str| loader(l).and_then(|x| x.file);
        assert_eq!(
            file(r#"const line = `export NODE_OPTIONS="--max-old-space-size=${mb} --require ${join(dir, "p.cjs")}"`;"#)
                .as_deref(),
            Some("$V/p.cjs")
        );
        assert_eq!(
            file("export LD_PRELOAD=$HOME/.local/lib/libfastio.so").as_deref(),
            Some("$HOME/.local/lib/libfastio.so")
        );
        assert_eq!(
            file("setx JAVA_TOOL_OPTIONS \"-javaagent:C:/t/agent.jar=x\"").as_deref(),
            Some("C:/t/agent.jar")
        );
        assert_eq!(
            file("launchctl setenv PERL5OPT -MDevel::Hush").as_deref(),
            Some("Devel/Hush.pm")
        );
        assert_eq!(
            env_line("export TF_CLI_ARGS_apply := -auto-approve -destroy").as_deref(),
            Some("terraform apply -auto-approve -destroy")
        );
        assert_eq!(
            env_line("GIT_SSH_COMMAND='ssh -i ~/.ssh/deploy -o IdentitiesOnly=yes'"),
            None
        );
        assert_eq!(env_line("npm_config_script_shell=/bin/bash"), None);
        assert_eq!(env_line("for p in ['.env', '.clawdbot/.env']:"), None);
        assert_eq!(
            env_line("export ENV=/etc/shrc").as_deref(),
            Some("sh /etc/shrc")
        );
    }

    #[test]
    fn plain_settings_stay_quiet() {
        assert_eq!(env_line("NODE_OPTIONS=--max-old-space-size=4096"), None);
        assert_eq!(env_line("ENV=production"), None);
        assert_eq!(php_line("; auto_prepend_file = /x.php"), None);
        assert_eq!(php_line("auto_prepend_file = none"), None);
    }
}
