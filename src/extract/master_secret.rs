//! Secrets no vendor takes (round 23): a web framework's master and signing
//! keys, the keys that decrypt a repository's encrypted credentials, the
//! token of the user's own secret store. No service is meant to receive
//! them, so neither the skill's name (`rails-log-analyzer` reading
//! `RAILS_MASTER_KEY`) nor a vendor word consents to sending them off the
//! machine (`decide/vendor.rs` asks [`Tag::MasterSecret`] before any
//! exemption). One table, read for every language: the environment names
//! (`ENV["RAILS_MASTER_KEY"]`, `os.environ["DJANGO_SECRET_KEY"]`,
//! `process.env.NEXTAUTH_SECRET`, `$env:VAULT_TOKEN`), the files
//! (`config/master.key`, `config/credentials/production.key`,
//! `*.yml.enc`, `.vault_pass`, `~/.config/sops/age/keys.txt`, Laravel's
//! `storage/oauth-private.key`) and the commands that print them decrypted
//! (`rails credentials:show`, `sops -d`, `ansible-vault view`, `age -d`,
//! `gpg -d`, `openssl enc -d` of such a file: [`decrypting_read`]).

use crate::evidence::{Evidence, Op, Tag};

/// Environment names that hold a master, signing or vault key.
/// `DATABASE_URL` is not here: whether it carries a password is in its
/// value, which the scan does not see.
const ENV_NAMES: &[&str] = &[
    "RAILS_MASTER_KEY",
    "SECRET_KEY_BASE",
    "DJANGO_SECRET_KEY",
    "FLASK_SECRET_KEY",
    "APP_KEY",
    "LARAVEL_APP_KEY",
    "JWT_SECRET",
    "JWT_SECRET_KEY",
    "JWT_PRIVATE_KEY",
    "JWT_SIGNING_KEY",
    "SESSION_SECRET",
    "COOKIE_SECRET",
    "NEXTAUTH_SECRET",
    "AUTH_SECRET",
    "BETTER_AUTH_SECRET",
    "DEVISE_SECRET_KEY",
    "VAULT_TOKEN",
    "SOPS_AGE_KEY",
    "AGE_SECRET_KEY",
    "ANSIBLE_VAULT_PASSWORD",
];

/// Name endings that say the same of any prefix (`PII_ENCRYPTION_KEY`,
/// `ACTIVE_RECORD_MASTER_KEY`).
const ENV_SUFFIXES: &[&str] = &[
    "_ENCRYPTION_KEY",
    "_MASTER_KEY",
    "_SECRET_KEY_BASE",
    "_VAULT_PASSWORD",
];

/// Files that hold such a key, or the credentials it decrypts (regexes
/// over the normalised path, case-insensitive).
static PATHS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?:^|/)config/master\.key$|(?:^|/)config/credentials(?:/[\w.*?-]+)?\.(?:key|ya?ml\.enc)$|(?:^|/)[\w.*?{},/-]*\.ya?ml\.enc$|(?:^|/)\.vault[_-]pass(?:word)?[\w.*?-]*$|(?:^|/)\.config/sops/age/keys\.txt$|(?:^|/)sops/age/keys\.txt$|(?:^|/)storage/oauth-private\.key$|(?:^|/)\.vault-token$",
);

/// Whether environment variable `name` holds a key no vendor takes.
pub fn env(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    ENV_NAMES.contains(&upper.as_str()) || ENV_SUFFIXES.iter().any(|s| upper.ends_with(s))
}

/// Whether a path names a file holding such a key.
pub fn path(p: &str) -> bool {
    let n = p.replace('\\', "/");
    let n = n.trim_matches(['"', '\'']);
    PATHS.is_match(n)
}

/// Whether a step reads a key no vendor takes.
pub fn reads(e: &Evidence) -> bool {
    match e.op {
        Op::EnvRead => env(&e.target),
        Op::FileRead => path(&e.target),
        _ => false,
    }
}

/// Tags every step that reads such a key (`decide::annotate`).
pub fn mark(evidence: &mut [Evidence]) {
    for e in evidence.iter_mut() {
        if reads(e) {
            e.tags.insert(Tag::MasterSecret);
        }
    }
}

/// A command line that prints a master secret or the credentials it
/// decrypts: `rails credentials:show`, `bin/rails credentials:show`,
/// `sops -d F` / `sops decrypt F`, `ansible-vault view|decrypt F`, and
/// `age -d`, `gpg -d`/`--decrypt`, `openssl enc -d` of a file in the
/// table. Returns what is read (the file, or the credentials file Rails
/// decrypts).
pub fn decrypting_read(name: &str, args: &[&str]) -> Option<String> {
    let base = name.rsplit('/').next().unwrap_or(name);
    let operand = |skip: &[&str]| {
        args.iter()
            .copied()
            .filter(|a| !a.starts_with('-') && !skip.contains(a))
            .last()
            .map(str::to_string)
    };
    match base {
        "rails" | "rake" if args.iter().any(|a| a.starts_with("credentials:show")) => {
            Some("config/credentials.yml.enc".to_string())
        }
        "sops"
            if args
                .iter()
                .any(|a| matches!(*a, "-d" | "--decrypt" | "decrypt")) =>
        {
            operand(&["decrypt"]).or_else(|| Some("sops-encrypted file".to_string()))
        }
        "ansible-vault"
            if args
                .first()
                .is_some_and(|a| matches!(*a, "view" | "decrypt")) =>
        {
            operand(&["view", "decrypt"]).or_else(|| Some("ansible vault".to_string()))
        }
        "age" | "gpg" | "gpg2" | "openssl"
            if args.iter().any(|a| matches!(*a, "-d" | "--decrypt")) =>
        {
            let f = args
                .windows(2)
                .find(|w| matches!(w[0], "-in" | "-i" | "--input"))
                .map(|w| w[1].to_string())
                .or_else(|| operand(&["enc"]))?;
            path(&f).then_some(f)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn master_secrets_by_name_and_path() {
        for n in [
            "RAILS_MASTER_KEY",
            "secret_key_base",
            "PII_ENCRYPTION_KEY",
            "VAULT_TOKEN",
            "APP_KEY",
        ] {
            assert!(env(n), "{n}");
        }
        for n in [
            "OPENAI_API_KEY",
            "GITHUB_TOKEN",
            "APP_KEY_PATH",
            "MASTER_KEYBOARD",
        ] {
            assert!(!env(n), "{n}");
        }
        for p in [
            "config/master.key",
            "./config/credentials/production.key",
            "config/credentials{,/*}.yml.enc",
            "~/.config/sops/age/keys.txt",
            ".vault_pass.txt",
            "storage/oauth-private.key",
        ] {
            assert!(path(p), "{p}");
        }
        for p in [
            "config/database.yml",
            "config/master.key.example",
            "keys.txt",
            "app/models/user.rb",
        ] {
            assert!(!path(p), "{p}");
        }
    }

    #[test]
    fn decrypting_commands_read_the_secret() {
        assert!(decrypting_read("bin/rails", &["credentials:show"]).is_some());
        assert_eq!(
            decrypting_read("sops", &["-d", "secrets.enc.yaml"]).as_deref(),
            Some("secrets.enc.yaml")
        );
        assert!(decrypting_read("ansible-vault", &["view", "group_vars/all/vault.yml"]).is_some());
        assert!(
            decrypting_read(
                "openssl",
                &["enc", "-d", "-in", "config/credentials.yml.enc"]
            )
            .is_some()
        );
        // Decrypting an ordinary file, or encrypting, is not this read.
        assert!(decrypting_read("gpg", &["-d", "notes.txt.gpg"]).is_none());
        assert!(decrypting_read("sops", &["-e", "secrets.yaml"]).is_none());
        assert!(decrypting_read("ansible-vault", &["encrypt", "vault.yml"]).is_none());
    }
}
