//! Archives built from files, written once (issue 14): which files go into
//! an archive and which file the archive is. An archive whose members are a
//! credential store (`tar czf out.tgz -C "$HOME" .aws`, `zip -r k.zip
//! ~/.ssh`, `7z a x.7z ~/.gnupg`) is a read of those credentials whose data
//! lands in the archive file, so a later upload of that file carries them.
//! Shell command lines use [`shell_archive`]; Python (`shutil.make_archive`
//! with its `root_dir`/`base_dir`) and PowerShell (`Compress-Archive -Path`)
//! resolve their own arguments and use [`member_path`].

/// A member path as the archiver resolves it: relative to the folder it
/// changes into (`tar -C DIR`, `make_archive(root_dir=DIR)`).
pub fn member_path(dir: Option<&str>, member: &str) -> String {
    match dir {
        Some(d) if !member.starts_with('/') && !member.starts_with('~') => {
            let m = member.trim_start_matches("./");
            if m.is_empty() || m == "." {
                d.to_string()
            } else {
                format!("{}/{}", d.trim_end_matches('/'), m)
            }
        }
        _ => member.to_string(),
    }
}

/// Files a folder commonly holds that the secret-path table names
/// (`~/.aws` → `credentials`, `~/.ssh` → `id_rsa`, `~/.docker` →
/// `config.json`): a folder that holds one is a credential store.
const STORE_FILES: &[&str] = &[
    "credentials",
    "config",
    "id_rsa",
    "id_ed25519",
    "config.json",
    "credentials.db",
    "access_tokens.db",
    "private-keys-v1.d",
    "hosts.yml",
];

/// How an archive member is classified: the member itself, or, for a
/// folder, the credential store it holds.
pub fn classify_member(
    p: &str,
) -> (
    crate::ssl::vocab::ResourceScope,
    std::collections::BTreeSet<crate::evidence::Tag>,
) {
    use crate::ssl::vocab::ResourceScope as R;
    let own = super::indicators::classify_path(p);
    if own.0 == R::Credentials || p.ends_with(['*']) {
        return own;
    }
    let dir = p.trim_end_matches('/');
    // The folder must be what makes the file a secret: `credentials` is one
    // in any folder, so it says nothing about `$(mktemp -d)`. Agent folders
    // are judged by the agent-config rules, not here.
    STORE_FILES
        .iter()
        .filter(|f| super::indicators::classify_path(&format!("/srv/app/{f}")).0 != R::Credentials)
        .map(|f| super::indicators::classify_path(&format!("{dir}/{f}")))
        .find(|c| {
            c.0 == R::Credentials
                && !c.1.contains(&crate::evidence::Tag::AgentConfig)
                && !c.1.contains(&crate::evidence::Tag::AgentMemory)
        })
        .unwrap_or(own)
}

/// `(archive file, member paths)` of a `tar` (create mode), `zip` or
/// `7z a` command line; `None` when the line does not create an archive.
pub fn shell_archive(name: &str, args: &[&str]) -> Option<(String, Vec<String>)> {
    match name {
        "tar" | "bsdtar" | "gtar" => tar(args),
        "zip" => {
            let mut rest = args.iter().filter(|a| !a.starts_with('-'));
            let archive = rest.next()?.to_string();
            Some((archive, rest.map(|m| m.to_string()).collect()))
        }
        "7z" | "7za" | "7zz" => {
            let mut rest = args.iter().filter(|a| !a.starts_with('-'));
            if *rest.next()? != "a" {
                return None;
            }
            let archive = rest.next()?.to_string();
            Some((archive, rest.map(|m| m.to_string()).collect()))
        }
        _ => None,
    }
}

/// `tar czf OUT -C DIR A B`, `tar -c -f OUT A`, `tar --create --file=OUT A`.
fn tar(args: &[&str]) -> Option<(String, Vec<String>)> {
    let mut create = false;
    let mut archive = None;
    let mut dir: Option<String> = None;
    let mut members = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        // The first word may be bundled letters without a dash (`czf`).
        let letters = if i == 0 && !a.starts_with('-') && a.chars().all(|c| c.is_ascii_alphabetic())
        {
            Some(a)
        } else if a.starts_with('-') && !a.starts_with("--") {
            Some(&a[1..])
        } else {
            None
        };
        if let Some(l) = letters {
            create |= l.contains('c');
            if l.ends_with('f') {
                i += 1;
                archive = args.get(i).map(|s| s.to_string());
            } else if l == "C" {
                i += 1;
                dir = args.get(i).map(|s| s.to_string());
            }
        } else if let Some(f) = a.strip_prefix("--file=") {
            archive = Some(f.to_string());
        } else if let Some(d) = a.strip_prefix("--directory=") {
            dir = Some(d.to_string());
        } else if a == "--create" {
            create = true;
        } else if !a.starts_with('-') {
            members.push(member_path(dir.as_deref(), a));
        }
        i += 1;
    }
    (create && !members.is_empty()).then(|| (archive.unwrap_or_else(|| "-".into()), members))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_are_resolved_against_the_folder_changed_into() {
        let (a, m) = shell_archive("tar", &["czf", "/tmp/.p.tgz", "-C", "~", ".aws"]).unwrap();
        assert_eq!((a.as_str(), m), ("/tmp/.p.tgz", vec!["~/.aws".to_string()]));
        let (_, m) = shell_archive("tar", &["-czf", "o.tgz", "src"]).unwrap();
        assert_eq!(m, vec!["src".to_string()]);
        let (a, m) = shell_archive("zip", &["-qr", "k.zip", "~/.ssh"]).unwrap();
        assert_eq!((a.as_str(), m), ("k.zip", vec!["~/.ssh".to_string()]));
        let (_, m) = shell_archive("7z", &["a", "x.7z", "~/.gnupg"]).unwrap();
        assert_eq!(m, vec!["~/.gnupg".to_string()]);
        // Extraction and listing build nothing.
        assert!(shell_archive("tar", &["xzf", "o.tgz", "-C", "~"]).is_none());
        assert!(shell_archive("7z", &["x", "x.7z"]).is_none());
    }

    #[test]
    fn a_folder_holding_a_credential_store_is_one() {
        use crate::ssl::vocab::ResourceScope as R;
        assert_eq!(classify_member("~/.aws").0, R::Credentials);
        assert_eq!(classify_member("~/.ssh/").0, R::Credentials);
        assert_ne!(classify_member("src").0, R::Credentials);
        assert_ne!(classify_member("~/projects/app").0, R::Credentials);
        assert_ne!(classify_member("$(mktemp -d)").0, R::Credentials);
        assert_ne!(
            classify_member("$(cd \"$INPUT_PATH\" && pwd)").0,
            R::Credentials
        );
    }
}
