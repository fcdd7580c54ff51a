//! SKILL.md frontmatter: split, parse (size- and budget-capped), and read the
//! fields that matter for security, across the Agent Skills spec, Claude
//! Code and OpenClaw/ClawHub (namespaces `openclaw`, `clawdbot`, `moltbot`,
//! `clawdis`).

use crate::limits::MAX_FRONTMATTER_BYTES;
use serde_json::Value;
use std::collections::BTreeMap;

pub use crate::model::skill::{FrontmatterIssue, Manifest};

fn as_str(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Strings from a YAML list, or from a space/comma-separated string.
pub fn str_list(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::Array(a)) => a.iter().filter_map(|x| as_str(Some(x))).collect(),
        Some(Value::String(s)) => split_tools(s),
        _ => Vec::new(),
    }
}

/// Splits `allowed-tools` strings: space- or comma-separated, keeping
/// parenthesised arguments (`Bash(git diff *)`) whole.
fn split_tools(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0usize;
    for c in s.chars() {
        match c {
            '(' => {
                depth += 1;
                cur.push(c)
            }
            ')' => {
                depth = depth.saturating_sub(1);
                cur.push(c)
            }
            ' ' | ',' | '\t' | '\n' if depth == 0 => {
                if !cur.trim().is_empty() {
                    out.push(cur.trim().to_string());
                }
                cur.clear();
            }
            _ => cur.push(c),
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

fn yaml_options() -> serde_saphyr::Options {
    let mut budget = serde_saphyr::Budget::default();
    budget.max_events = 100_000;
    budget.max_aliases = 1_000;
    budget.max_anchors = 1_000;
    budget.max_nodes = 20_000;
    budget.max_depth = 48;
    budget.max_documents = 4;
    budget.max_total_scalar_bytes = 1024 * 1024;
    let mut o = serde_saphyr::Options::default();
    o.duplicate_keys = serde_saphyr::DuplicateKeyPolicy::LastWins;
    o.budget = Some(budget);
    o
}

/// Parses YAML text into JSON under a strict budget (alias bombs, deep nesting).
pub fn parse_yaml(text: &str) -> Result<Value, (usize, String)> {
    serde_saphyr::from_str_with_options::<Value>(text, yaml_options()).map_err(|e| {
        let msg = e.to_string();
        let line = yaml_error_line(&msg);
        let first = msg.lines().next().unwrap_or("invalid YAML").to_string();
        (line, first)
    })
}

/// Whether a YAML error is a budget or depth limit (the input may be valid
/// YAML that was not fully read), not a syntax error.
fn is_budget_error(msg: &str) -> bool {
    let m = msg.to_ascii_lowercase();
    [
        "budget",
        "recursion limit",
        "too large or too complex",
        "depth",
    ]
    .iter()
    .any(|k| m.contains(k))
}

fn yaml_error_line(msg: &str) -> usize {
    // serde-saphyr messages carry "line N"; fall back to 1.
    static LINE: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| crate::rx::re(r"line (\d+)"));
    LINE.captures(msg)
        .and_then(|c| c[1].parse().ok())
        .unwrap_or(1)
}

impl Manifest {
    pub fn parse(text: &str) -> Self {
        let mut m = Manifest {
            body_line: 1,
            fm_line: 1,
            ..Default::default()
        };
        let t = text.strip_prefix('\u{feff}').unwrap_or(text);
        let bom = text.len() - t.len();
        let mut lines = t.split_inclusive('\n');
        let Some(first) = lines.next() else {
            m.issues.push(FrontmatterIssue::Missing);
            return m;
        };
        if first.trim_end() != "---" {
            m.issues.push(FrontmatterIssue::Missing);
            return m;
        }
        let start = bom + first.len();
        let mut pos = start;
        let mut end = None;
        let mut line_no = 1;
        for l in lines {
            line_no += 1;
            if l.trim_end() == "---" {
                end = Some((pos, pos + l.len(), line_no));
                break;
            }
            pos += l.len();
        }
        let Some((fm_end, body_start, close_line)) = end else {
            m.issues.push(FrontmatterIssue::Unterminated);
            return m;
        };
        m.fm_line = 2;
        m.body_offset = body_start;
        m.body_line = close_line + 1;
        let raw = &text[start..fm_end];
        if raw.len() > MAX_FRONTMATTER_BYTES {
            m.issues
                .push(FrontmatterIssue::TooLarge { bytes: raw.len() });
            m.raw = crate::text::slice(raw, 0, MAX_FRONTMATTER_BYTES).to_string();
            m.scan_keys();
            return m;
        }
        m.raw = raw.to_string();
        m.scan_keys();
        match parse_yaml(raw) {
            Ok(Value::Object(map)) => m.data = map,
            Ok(Value::Null) => {}
            Ok(_) => m.issues.push(FrontmatterIssue::NotAMapping),
            Err((line, message)) if is_budget_error(&message) => {
                m.issues.push(FrontmatterIssue::OverBudget {
                    line: line + 1,
                    message,
                })
            }
            Err((line, message)) => m.issues.push(FrontmatterIssue::InvalidYaml {
                line: line + 1,
                message,
            }),
        }
        // OpenClaw's line-based fallback parser merges keys YAML did not see;
        // do the same so a differential parse cannot hide a field.
        if m.data.is_empty() {
            m.fallback_keys();
        }
        m.openclaw = m.find_openclaw();
        m
    }

    /// Why the frontmatter was not fully read, as `SKILL.md: …` reasons that
    /// make the analysis incomplete (a limit never turns fail into pass).
    pub fn incomplete_reasons(&self, manifest_path: &str) -> Vec<String> {
        let path = crate::text::escape_display(manifest_path);
        self.issues
            .iter()
            .filter_map(|i| match i {
                FrontmatterIssue::TooLarge { bytes } => Some(format!(
                    "{path}: the frontmatter has {bytes} bytes, over the {MAX_FRONTMATTER_BYTES}-byte limit; only its top-level keys were read line by line"
                )),
                FrontmatterIssue::OverBudget { line, message } => Some(format!(
                    "{path}: the frontmatter exceeds a YAML parse budget at line {line} ({}); only its top-level keys were read line by line",
                    crate::text::escape_display(message)
                )),
                _ => None,
            })
            .collect()
    }

    /// Top-level keys by line (duplicates detected here, independent of YAML).
    fn scan_keys(&mut self) {
        static KEY: std::sync::LazyLock<regex::Regex> =
            std::sync::LazyLock::new(|| crate::rx::re(r"^([A-Za-z0-9_][\w-]*)\s*:"));
        let re = &*KEY;
        let mut seen: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (i, l) in self.raw.lines().enumerate() {
            if let Some(c) = re.captures(l) {
                seen.entry(c[1].to_string())
                    .or_default()
                    .push(self.fm_line + i);
            }
        }
        for (k, lines) in seen {
            self.key_lines.insert(k.clone(), lines[0]);
            if lines.len() > 1 {
                self.issues
                    .push(FrontmatterIssue::DuplicateKey { key: k, lines });
            }
        }
    }

    fn fallback_keys(&mut self) {
        static KEY_VALUE: std::sync::LazyLock<regex::Regex> =
            std::sync::LazyLock::new(|| crate::rx::re(r"^([\w-]+):\s*(.*)$"));
        let re = &*KEY_VALUE;
        for l in self.raw.lines() {
            if let Some(c) = re.captures(l) {
                let v = c[2].trim().trim_matches('"').trim_matches('\'').to_string();
                self.data
                    .entry(c[1].to_string())
                    .or_insert(Value::String(v));
            }
        }
    }

    fn find_openclaw(&self) -> Option<serde_json::Map<String, Value>> {
        let meta = match self.data.get("metadata") {
            Some(Value::String(s)) => serde_json::from_str(s).ok().or_else(|| parse_yaml(s).ok()),
            Some(v) => Some(v.clone()),
            None => None,
        };
        if let Some(Value::Object(meta)) = meta {
            for ns in ["openclaw", "clawdbot", "moltbot", "clawdis"] {
                if let Some(Value::Object(o)) = meta.get(ns) {
                    return Some(o.clone());
                }
            }
        }
        None
    }

    pub fn get_str(&self, key: &str) -> Option<String> {
        as_str(self.data.get(key))
    }

    pub fn name(&self) -> Option<String> {
        self.get_str("name")
    }

    pub fn description(&self) -> String {
        self.get_str("description").unwrap_or_default()
    }

    /// 1-based line of a top-level key, or the frontmatter start.
    pub fn line_of(&self, key: &str) -> usize {
        self.key_lines.get(key).copied().unwrap_or(self.fm_line)
    }

    fn requires(&self) -> Option<&serde_json::Map<String, Value>> {
        self.openclaw
            .as_ref()
            .and_then(|o| o.get("requires"))
            .or_else(|| self.data.get("requires"))
            .and_then(Value::as_object)
    }

    /// Environment variables the skill declares it needs.
    pub fn declared_env(&self) -> Vec<String> {
        let mut v = str_list(self.requires().and_then(|r| r.get("env")));
        v.extend(str_list(self.requires().and_then(|r| r.get("optionalEnv"))));
        if let Some(o) = self.openclaw.as_ref() {
            v.extend(as_str(o.get("primaryEnv")));
            // `optionalEnv` sits beside `requires` in several registries.
            v.extend(str_list(o.get("optionalEnv")));
            v.extend(str_list(o.get("env")));
        }
        v.sort();
        v.dedup();
        v
    }

    /// Binaries the skill declares it needs.
    pub fn declared_bins(&self) -> Vec<String> {
        let r = self.requires();
        let mut v = str_list(r.and_then(|r| r.get("bins")));
        v.extend(str_list(r.and_then(|r| r.get("anyBins"))));
        v
    }

    /// Install specs (`metadata.openclaw.install`).
    pub fn install_specs(&self) -> Vec<serde_json::Map<String, Value>> {
        match self.openclaw.as_ref().and_then(|o| o.get("install")) {
            Some(Value::Array(a)) => a.iter().filter_map(|x| x.as_object().cloned()).collect(),
            Some(Value::Object(o)) => vec![o.clone()],
            _ => Vec::new(),
        }
    }

    pub fn allowed_tools(&self) -> Vec<String> {
        str_list(
            self.data
                .get("allowed-tools")
                .or_else(|| self.data.get("allowed_tools")),
        )
    }

    pub fn homepage(&self) -> Option<String> {
        self.get_str("homepage").or_else(|| {
            self.openclaw
                .as_ref()
                .and_then(|o| as_str(o.get("homepage")))
        })
    }

    pub fn version(&self) -> Option<String> {
        self.get_str("version").or_else(|| {
            self.data
                .get("metadata")
                .and_then(|m| as_str(m.get("version")))
        })
    }

    /// Text that states the skill's declared purpose (name, description,
    /// when_to_use, homepage), lower-cased.
    pub fn purpose_text(&self) -> String {
        let mut s = String::new();
        for k in ["name", "description", "when_to_use", "homepage"] {
            if let Some(v) = self.get_str(k) {
                s.push_str(&v);
                s.push(' ');
            }
        }
        if let Some(h) = self.homepage() {
            s.push_str(&h);
        }
        s.to_lowercase()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_openclaw_metadata_string_and_requires() {
        let t = "---\nname: weather\ndescription: Weather\nmetadata: {\"clawdbot\":{\"requires\":{\"env\":[\"OWM_KEY\"],\"bins\":[\"curl\"]}}}\n---\n# Body\n";
        let m = Manifest::parse(t);
        assert!(m.issues.is_empty(), "{:?}", m.issues);
        assert_eq!(m.declared_env(), vec!["OWM_KEY"]);
        assert_eq!(m.declared_bins(), vec!["curl"]);
        assert_eq!(m.body_line, 6);
        assert_eq!(m.line_of("description"), 3);
    }

    #[test]
    fn duplicate_keys_are_reported() {
        let m = Manifest::parse("---\nname: good\nname: evil\n---\n");
        assert!(
            m.issues
                .iter()
                .any(|i| matches!(i, FrontmatterIssue::DuplicateKey { key, .. } if key == "name"))
        );
    }

    #[test]
    fn billion_laughs_is_bounded() {
        let mut y = String::from("a: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\n");
        for (p, c) in ["a", "b", "c", "d", "e", "f", "g", "h"]
            .iter()
            .zip(["b", "c", "d", "e", "f", "g", "h", "i"])
        {
            y.push_str(&format!(
                "{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n"
            ));
        }
        let t = format!("---\n{y}---\nbody\n");
        let start = std::time::Instant::now();
        let m = Manifest::parse(&t);
        assert!(start.elapsed().as_secs() < 5);
        assert!(
            m.issues
                .iter()
                .any(|i| matches!(i, FrontmatterIssue::OverBudget { .. }))
        );
    }

    #[test]
    fn unterminated_and_missing() {
        assert_eq!(
            Manifest::parse("---\nname: x\n").issues,
            vec![FrontmatterIssue::Unterminated]
        );
        assert_eq!(
            Manifest::parse("# Title\n").issues,
            vec![FrontmatterIssue::Missing]
        );
    }

    #[test]
    fn allowed_tools_forms() {
        let m = Manifest::parse("---\nallowed-tools: Bash(git diff *) Read, Write\n---\n");
        assert_eq!(m.allowed_tools(), vec!["Bash(git diff *)", "Read", "Write"]);
    }
}
