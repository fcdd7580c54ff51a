//! Vetting `skill.installSpec`: the dependency install OpenClaw is about to
//! run for a skill (`metadata.openclaw.install`). Findings use rule
//! SK-EXEC-016 ("Unsafe install spec"), so a policy can disable or suppress
//! them like any other rule.

use crate::evidence::{Location, Tag};
use crate::extract::indicators::{classify_url, url_host};
use crate::finding::{Confidence, Dimension, Finding, Severity, stable_hash};
use serde_json::{Map, Value};

pub const RULE: &str = "SK-EXEC-016";

const KINDS: [&str; 5] = ["brew", "node", "go", "uv", "download"];

/// Checks one install spec; findings are in a fixed order.
pub fn vet(spec: &Map<String, Value>) -> Vec<Finding> {
    let mut out: Vec<(Severity, String, String)> = Vec::new();
    let s = |k: &str| spec.get(k).and_then(Value::as_str).map(str::trim);
    let kind = s("kind").unwrap_or("");
    if !KINDS.contains(&kind) {
        out.push((
            Severity::Medium,
            format!(
                "install spec kind `{}` is not one OpenClaw runs (brew, node, go, uv, download)",
                crate::text::snippet(kind, 40)
            ),
            kind.to_string(),
        ));
    }
    if kind == "download" {
        match s("url") {
            None | Some("") => out.push((
                Severity::High,
                "download install spec has no url".into(),
                String::new(),
            )),
            Some(url) => {
                vet_url(url, "url", &mut out);
                let pinned = s("sha256")
                    .is_some_and(|h| h.len() == 64 && h.bytes().all(|c| c.is_ascii_hexdigit()));
                if !pinned {
                    out.push((
                        Severity::Medium,
                        "download is not pinned with a sha256 digest, so its bytes can change after review".into(),
                        url.to_string(),
                    ));
                }
            }
        }
    } else if let Some(url) = s("url").filter(|u| !u.is_empty()) {
        vet_url(url, "url", &mut out);
    }
    for key in ["package", "module", "formula"] {
        if let Some(v) = s(key).filter(|v| v.contains("://")) {
            vet_url(v, key, &mut out);
        }
    }
    if let Some(dir) = s("targetDir").filter(|d| !d.is_empty()) {
        vet_target_dir(dir, &mut out);
    }
    let def = crate::rules::get(RULE);
    out.into_iter()
        .map(|(severity, message, evidence)| Finding {
            rule_id: RULE.to_string(),
            title: def.map(|d| d.title.clone()).unwrap_or_default(),
            dimensions: vec![Dimension::CovertExecution],
            severity,
            confidence: Confidence::High,
            fingerprint: stable_hash(&[RULE, "installSpec", &message, &evidence]),
            message: format!("installSpec: {message}"),
            location: Location::default(),
            snippet: evidence,
            logic_step_id: None,
            flow: Vec::new(),
            suppressed: None,
            downgraded_by: None,
            raised_by: None,
            declared_consent: None,
        })
        .collect()
}

fn vet_url(url: &str, field: &str, out: &mut Vec<(Severity, String, String)>) {
    let lower = url.to_ascii_lowercase();
    if !lower.starts_with("https://") {
        out.push((
            Severity::High,
            format!("{field} is not https, so the download can be altered in transit"),
            url.to_string(),
        ));
    }
    if url_host(&lower).is_none() {
        out.push((
            Severity::Medium,
            format!("{field} has no host"),
            url.to_string(),
        ));
        return;
    }
    let tags = classify_url(url);
    let bad = [
        (
            Tag::RawIp,
            "points at a raw IP address instead of a named host",
        ),
        (Tag::Homoglyph, "uses a homoglyph or punycode host"),
        (Tag::PasteHost, "downloads from a paste site"),
        (Tag::FileDropHost, "downloads from a file-drop host"),
        (Tag::TunnelHost, "downloads through a tunnel host"),
        (Tag::WebhookHost, "downloads from a request-collector host"),
    ];
    for (tag, what) in bad {
        if tags.contains(&tag) {
            out.push((Severity::High, format!("{field} {what}"), url.to_string()));
        }
    }
}

/// OpenClaw installs downloads under `~/.openclaw/tools`; anything else can
/// land on PATH or overwrite files that run.
fn vet_target_dir(dir: &str, out: &mut Vec<(Severity, String, String)>) {
    let d = dir.replace('\\', "/");
    if d.split('/').any(|c| c == "..") {
        out.push((
            Severity::High,
            "targetDir climbs out of its folder with `..`".into(),
            dir.to_string(),
        ));
        return;
    }
    let home_forms = ["~/", "$HOME/", "${HOME}/", "%USERPROFILE%/"];
    let under_home = home_forms
        .iter()
        .find_map(|h| d.strip_prefix(h))
        .or_else(|| {
            // An expanded home: /home/<u>/, /Users/<u>/, /root/, C:/Users/<u>/.
            let rest = d
                .strip_prefix("/home/")
                .or_else(|| d.strip_prefix("/Users/"))
                .or_else(|| d.get(2..).and_then(|r| r.strip_prefix("/Users/")))
                .map(|r| r.split_once('/').map(|(_, r)| r).unwrap_or(""));
            rest.or_else(|| d.strip_prefix("/root/"))
        });
    let absolute =
        d.starts_with('/') || d.starts_with('~') || d.starts_with('$') || d.get(1..2) == Some(":");
    match under_home {
        Some(rest) if rest == ".openclaw/tools" || rest.starts_with(".openclaw/tools/") => {}
        Some(_) => out.push((
            Severity::Medium,
            "targetDir is outside ~/.openclaw/tools".into(),
            dir.to_string(),
        )),
        None if absolute => out.push((
            Severity::High,
            "targetDir is a system location outside ~/.openclaw/tools".into(),
            dir.to_string(),
        )),
        // Relative: resolved under OpenClaw's tools folder.
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn msgs(v: Value) -> Vec<(Severity, String)> {
        vet(v.as_object().unwrap())
            .into_iter()
            .map(|f| (f.severity, f.message))
            .collect()
    }

    #[test]
    fn a_pinned_https_download_is_clean() {
        assert!(msgs(json!({"kind": "download", "url": "https://github.com/o/t/releases/download/v1/t.tgz",
            "sha256": "a".repeat(64), "targetDir": "~/.openclaw/tools/t"}))
        .is_empty());
        assert!(msgs(json!({"kind": "brew", "formula": "jq"})).is_empty());
        assert!(
            msgs(
                json!({"kind": "download", "url": "https://example.com/t.tgz",
            "sha256": "b".repeat(64), "targetDir": "t"})
            )
            .is_empty()
        );
    }

    #[test]
    fn flags_http_raw_ip_unpinned_and_target() {
        let m = msgs(
            json!({"kind": "download", "url": "http://198.51.100.9/t.tgz", "targetDir": "/usr/local/bin"}),
        );
        let text: Vec<&str> = m.iter().map(|(_, s)| s.as_str()).collect();
        assert!(text.iter().any(|s| s.contains("not https")), "{text:?}");
        assert!(text.iter().any(|s| s.contains("raw IP")), "{text:?}");
        assert!(text.iter().any(|s| s.contains("sha256")), "{text:?}");
        assert!(
            text.iter().any(|s| s.contains("system location")),
            "{text:?}"
        );
        assert!(m.iter().any(|(s, _)| *s == Severity::High));
        let m = msgs(
            json!({"kind": "download", "url": "https://x.io/a", "sha256": "c".repeat(64), "targetDir": "/home/u/.config/autostart"}),
        );
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(msgs(json!({"kind": "download", "url": "https://x.io/a", "sha256": "c".repeat(64), "targetDir": "../../bin"}))[0].1.contains(".."));
        assert!(msgs(json!({"kind": "shell"}))[0].1.contains("kind"));
        assert!(!msgs(json!({"kind": "node", "package": "http://evil.test/p.tgz"})).is_empty());
    }
}
