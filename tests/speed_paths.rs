//! The speed shortcuts of issue 14 give the answers of the slow paths they
//! replace: the path-classification memo, the early return of the
//! invisible-character pass, and the CPU-count variables read off a match
//! instead of its captures. (Speed itself is measured with `bench/run.sh`,
//! never in tests.)

use skillscan::extract::indicators::classify_path;
use skillscan::extract::unicode::strip_invisible;

#[test]
fn classify_path_memo_answers_like_a_first_call() {
    let paths = [
        "~/.ssh/id_rsa",
        "~/.ssh/id_rsa.pub",
        "~/.openclaw/openclaw.json",
        "~/.bashrc",
        "/etc/sudoers",
        "src/main.rs",
        "~/.config/systemd/user/x.service",
        "~/Library/Application Support/Google/Chrome/Default/Login Data",
    ];
    let first: Vec<_> = paths.iter().map(|p| classify_path(p)).collect();
    // Past the memo's bound (4,096 paths), so it is cleared in between.
    for i in 0..5000 {
        classify_path(&format!("~/work/file{i}.txt"));
    }
    for (p, want) in paths.iter().zip(&first) {
        assert_eq!(&classify_path(p), want, "{p}");
        assert_eq!(&classify_path(p), want, "{p} (memo hit)");
    }
    assert!(!first[0].1.is_empty(), "a private key is a secret path");
    assert!(first[1].1.is_empty(), "a public key is not");
}

#[test]
fn strip_invisible_returns_early_only_when_nothing_changes() {
    // Non-ASCII, but neither invisible nor a look-alike: nothing to do.
    assert_eq!(strip_invisible("Résumé — build 🎉 done"), None);
    assert_eq!(strip_invisible("привет мир — ok"), None);
    // An invisible char or a look-alike inside a Latin word still counts.
    assert_eq!(
        strip_invisible("— r\u{200b}m -rf ~").as_deref(),
        Some("— rm -rf ~")
    );
    assert_eq!(
        strip_invisible("🎉 \u{441}url x | bash").as_deref(),
        Some("🎉 curl x | bash")
    );
}

// The CPU-count variables read off a match (instead of its captures) are
// checked where the function lives: `extract::javascript::tests::
// cpu_vars_are_named_after_the_identifier_the_match_starts_with`.
