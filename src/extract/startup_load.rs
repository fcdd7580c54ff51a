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
//! The autorun table (`autorun.rs`) names the files (`.env`, `php.ini`,
//! `.user.ini`, `.htaccess`), so text shipped or planted there is
//! projected through `autorun::env_line` / `autorun::php_line` like a git
//! config's command keys.

use super::autorun::{env_line, php_line};
use super::{Lang, Sink, Src};

/// Every line of `src` that sets a loader (environment or PHP), read as
/// the command it makes a later start run, located at its line.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !(text.contains("NODE_OPTIONS")
        || text.contains("PYTHONSTARTUP")
        || text.contains("BASH_ENV")
        || text.contains("RUBYOPT")
        || text.contains("auto_prepend_file")
        || text.contains("auto_append_file"))
    {
        return;
    }
    let mut at = 0;
    for l in text.split_inclusive('\n') {
        let (s, e) = (at, at + l.len());
        at = e;
        let Some(cmd) = env_line(l).or_else(|| php_line(l)) else {
            continue;
        };
        // Only the command itself: a comment line that names the variable
        // is not a setting.
        let t = l.trim_start();
        if ["//", "#", ";", "--", "\""]
            .iter()
            .any(|c| t.starts_with(c))
        {
            continue;
        }
        let d = src.derived(&cmd, s, e, src.origin);
        super::extract_code(Lang::Shell, &d, sink);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn plain_settings_stay_quiet() {
        assert_eq!(env_line("NODE_OPTIONS=--max-old-space-size=4096"), None);
        assert_eq!(env_line("ENV=production"), None);
        assert_eq!(php_line("; auto_prepend_file = /x.php"), None);
        assert_eq!(php_line("auto_prepend_file = none"), None);
    }
}
