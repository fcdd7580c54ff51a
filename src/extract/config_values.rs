//! Values from the skill's bundled data files (round 19, brief data19).
//!
//! Code often keeps what it acts on in a data file beside it: the folders
//! it uploads from (`sources.json`: `{"root": "~/.ssh", "glob": "id_*"}`),
//! the files a share step attaches (`share.conf`:
//! `ATTACH_CONTEXT=".npmrc .pypirc"`), the endpoint or target list. Read
//! alone, the code holds no literal and the data file holds no code, so no
//! flow is seen. This module parses the bundled JSON, YAML, TOML, INI and
//! `.env`-style files once per skill into key → value entries (nested keys
//! as dotted paths, lists as value sets, an object's folder field joined
//! with its relative fields: `root` + `glob` → `~/.ssh/id_*`) and answers,
//! for every code file of any language, which of those values it reads: a
//! data file counts only when the code names it (its file name, as
//! `json.load(open("sources.json"))`, `require("./x.json")`, `source
//! share.conf`, `git config -f pack.ini`, `jq -r .k x.json`,
//! `Get-Content x.json | ConvertFrom-Json` all do), and of it only the
//! entries whose key the code names (`cfg["shared"]`, `cfg.sync.endpoint`,
//! `$ATTACH_CONTEXT`, `pack.rules`). A data file no code names stays inert.
//!
//! Consumers: `harvest.rs` (credential stores a read data file lists are a
//! collection list of the file that reads them) and `config_payloads.rs`
//! (an encoded value that decodes to code, read by code that runs code, is
//! analysed as the reader's language at the reader). Budgets: `limits.rs`
//! `MAX_CONFIG_FILE_BYTES`, `MAX_CONFIG_FILES`, `MAX_CONFIG_ENTRIES`,
//! `MAX_CONFIG_DEPTH`; hitting one marks the skill incomplete.

use crate::limits::{
    MAX_CONFIG_DEPTH, MAX_CONFIG_ENTRIES, MAX_CONFIG_FILE_BYTES, MAX_CONFIG_FILES,
};
use crate::skill::{FileKind, Skill};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// One value of a data file under its dotted key (`sync.endpoint`,
/// `shared.root`; a list gives one entry per member).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
}

/// What the code files of a skill read from its data files: data file
/// (path in the skill) → the values read, each with whether the reading
/// code joins paths to the home folder (so `.npmrc` means `~/.npmrc`).
#[derive(Debug, Default)]
pub struct Reads {
    pub values: BTreeMap<String, Vec<(Entry, bool)>>,
    /// The same values by the code file that reads them: (reader, data
    /// file, entry), in reading order.
    pub by_reader: Vec<(String, String, Entry)>,
    pub incomplete: Vec<String>,
}

/// A data file by its name: the formats parsed here. Lock files and
/// package manifests are data about packages, not values code acts on.
pub fn is_data_file(rel: &str) -> bool {
    let base = rel.rsplit('/').next().unwrap_or(rel).to_ascii_lowercase();
    if base.ends_with("-lock.json")
        || base.ends_with(".lock")
        || matches!(
            base.as_str(),
            "package.json" | "tsconfig.json" | "jsconfig.json" | "composer.json" | "pnpm-lock.yaml"
        )
    {
        return false;
    }
    base.starts_with(".env")
        || matches!(
            base.rsplit('.').next().unwrap_or(""),
            "json"
                | "jsonc"
                | "yaml"
                | "yml"
                | "toml"
                | "ini"
                | "cfg"
                | "conf"
                | "env"
                | "properties"
        ) && base.contains('.')
}

/// Parses one data file into a JSON value by its extension; `None` for a
/// file that does not parse.
pub fn parse(rel: &str, text: &str) -> Option<Value> {
    let base = rel.rsplit('/').next().unwrap_or(rel).to_ascii_lowercase();
    match base.rsplit('.').next().unwrap_or("") {
        "json" | "jsonc" => serde_json::from_str(text).ok(),
        "yaml" | "yml" => crate::skill::frontmatter::parse_yaml(text).ok(),
        _ => Some(flat_lines(text)),
    }
}

/// TOML, INI, `.properties` and `.env` read as flat `key = value` lines
/// (strings, booleans, one-line string arrays; `export K=V`; `#`/`;`
/// comments) under their `[table]`.
pub fn flat_lines(body: &str) -> Value {
    let mut root = serde_json::Map::new();
    let mut table = String::new();
    // Every line: a key past any count is still read (linear).
    for line in body.lines() {
        let l = line.trim();
        if l.starts_with('#') || l.starts_with(';') {
            continue;
        }
        if l.starts_with('[') && l.ends_with(']') {
            table = l.trim_matches(['[', ']']).to_string();
            continue;
        }
        let l = l.strip_prefix("export ").unwrap_or(l);
        let Some((k, v)) = l.split_once('=') else {
            continue;
        };
        let v = v.trim();
        let val = if v == "true" || v == "false" {
            Value::Bool(v == "true")
        } else if v.starts_with('[') {
            Value::Array(
                v.trim_matches(['[', ']'])
                    .split(',')
                    .map(|e| Value::String(e.trim().trim_matches(['"', '\'']).to_string()))
                    .collect(),
            )
        } else {
            Value::String(v.trim_matches(['"', '\'']).to_string())
        };
        let key = k.trim().trim_matches('"').to_string();
        let slot = if table.is_empty() {
            &mut root
        } else {
            root.entry(table.clone())
                .or_insert_with(|| Value::Object(Default::default()))
                .as_object_mut()
                .expect("tables are objects")
        };
        slot.insert(key, val);
    }
    Value::Object(root)
}

/// A folder a relative field may sit under: home-relative or absolute.
fn folder_like(s: &str) -> bool {
    (s.starts_with("~/") || s == "~" || s.starts_with("$HOME") || s.starts_with('/'))
        && !s.contains("://")
        && s.len() <= 200
}

/// A path piece to join under a folder: no scheme, no space, not itself a
/// folder.
fn relative_piece(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 120
        && !folder_like(s)
        && !s.contains("://")
        && !s.contains(char::is_whitespace)
}

/// Flattens `v` under `prefix` into `out`; false when a budget was hit.
fn flatten(v: &Value, prefix: &str, depth: usize, out: &mut Vec<Entry>) -> bool {
    if depth > MAX_CONFIG_DEPTH {
        return false;
    }
    if out.len() >= MAX_CONFIG_ENTRIES {
        return false;
    }
    let key = |k: &str| {
        if prefix.is_empty() {
            k.to_string()
        } else {
            format!("{prefix}.{k}")
        }
    };
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if !flatten(x, &key(k), depth + 1, out) {
                    return false;
                }
            }
            // A row of a table: a folder field and relative fields
            // (`{"root": "~/.ssh", "glob": "id_*"}`) name the joined path.
            let strs: Vec<(&String, &str)> = m
                .iter()
                .filter_map(|(k, x)| Some((k, x.as_str()?)))
                .take(16)
                .collect();
            // The joined path is read when the code names either field.
            for (dk, dir) in strs.iter().filter(|(_, s)| folder_like(s)) {
                for (k, rel) in strs.iter().filter(|(_, s)| relative_piece(s)) {
                    if out.len() + 2 > MAX_CONFIG_ENTRIES {
                        return false;
                    }
                    let value = format!("{}/{}", dir.trim_end_matches('/'), rel);
                    for k in [k, dk] {
                        out.push(Entry {
                            key: key(k),
                            value: value.clone(),
                        });
                    }
                }
            }
            true
        }
        Value::Array(a) => a.iter().all(|x| flatten(x, prefix, depth + 1, out)),
        Value::String(s) => {
            out.push(Entry {
                key: prefix.to_string(),
                value: s.clone(),
            });
            true
        }
        Value::Bool(_) | Value::Number(_) => {
            out.push(Entry {
                key: prefix.to_string(),
                value: v.to_string(),
            });
            true
        }
        Value::Null => true,
    }
}

/// The entries of one data file; false as the second value when a budget
/// cut them.
pub fn entries(rel: &str, text: &str) -> (Vec<Entry>, bool) {
    if text.len() > MAX_CONFIG_FILE_BYTES {
        return (Vec::new(), false);
    }
    let Some(v) = parse(rel, text) else {
        return (Vec::new(), true);
    };
    let mut out = Vec::new();
    let whole = flatten(&v, "", 0, &mut out);
    (out, whole)
}

/// Code that joins paths to the user's home folder, in any language.
static HOME_REF: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\$\{?HOME\b|~/|expanduser|homedir|Path\.home|USERPROFILE|UserHomeDir|home_dir|ENV\[["']HOME|getenv\(["']HOME"#,
);

/// The words of code (identifier-like runs, `-` kept) for key lookups.
/// Lower-cased: Go and C# spell a `files` key as a `Files` field.
fn words(code: &str) -> BTreeSet<String> {
    code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.'))
        .flat_map(|w| std::iter::once(w).chain(w.split('.')))
        .filter(|w| w.len() >= 2)
        .map(str::to_ascii_lowercase)
        .collect()
}

/// Whether `code` names the data file `rel` by its file name (a whole
/// name: `"sources.json"`, `/pack.ini`, not `mysources.json`).
fn names_file(code: &str, base: &str) -> bool {
    code.match_indices(base).any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = code[i + base.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')
            && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Whether code with these words names the entry's key: its full dotted
/// key or its last part (`cfg["shared"]`, `cfg.sync.endpoint`, `$NAME`).
fn names_key(words: &BTreeSet<String>, key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    let last = key.rsplit('.').next().unwrap_or(&key);
    !last.is_empty() && (words.contains(&key) || words.contains(last))
}

/// What the skill's code files read from its data files.
pub fn reads(skill: &Skill) -> Reads {
    let mut out = Reads::default();
    let data: Vec<&crate::skill::SkillFile> = skill
        .files
        .iter()
        .filter(|f| f.kind == FileKind::Config && is_data_file(&f.rel) && !f.text.is_empty())
        .collect();
    if data.is_empty() {
        return out;
    }
    let code: Vec<&crate::skill::SkillFile> = skill
        .files
        .iter()
        .filter(|f| {
            !f.text.is_empty()
                && f.rel != skill.manifest_path
                && (f.kind.is_script() || super::tokens::is_unparsed_file(&f.rel, &f.text))
        })
        .collect();
    if code.is_empty() {
        return out;
    }
    let mut parsed = 0usize;
    let mut total = 0usize;
    for d in data {
        let base = d.rel.rsplit('/').next().unwrap_or(&d.rel);
        let readers: Vec<&&crate::skill::SkillFile> =
            code.iter().filter(|c| names_file(&c.text, base)).collect();
        if readers.is_empty() {
            continue;
        }
        parsed += 1;
        if parsed > MAX_CONFIG_FILES {
            out.incomplete.push(format!(
                "more than {MAX_CONFIG_FILES} bundled data files are read by code; the rest were not read as value sources"
            ));
            break;
        }
        let (entries, whole) = entries(&d.rel, &d.text);
        if !whole {
            out.incomplete.push(format!(
                "{}: a data-file budget was reached (MAX_CONFIG_FILE_BYTES, MAX_CONFIG_ENTRIES or MAX_CONFIG_DEPTH); its values were read in part",
                crate::text::escape_display(&d.rel)
            ));
        }
        for r in readers {
            let w = words(&r.text);
            let home = HOME_REF.is_match(&r.text);
            for e in entries.iter().filter(|e| names_key(&w, &e.key)) {
                total += 1;
                if total > MAX_CONFIG_ENTRIES {
                    out.incomplete.push(format!(
                        "more than {MAX_CONFIG_ENTRIES} data-file values are read by code; the rest were not followed"
                    ));
                    return out;
                }
                out.values
                    .entry(d.rel.clone())
                    .or_default()
                    .push((e.clone(), home));
                out.by_reader
                    .push((r.rel.clone(), d.rel.clone(), e.clone()));
            }
        }
    }
    out
}

/// The paths one read value names: the value, the words of a list
/// spelled as one string (`".npmrc .pypirc"`), and under the home folder
/// a bare dot-file name when the reading code joins to the home folder.
pub fn path_candidates(value: &str, home: bool) -> Vec<String> {
    let mut out = Vec::new();
    let parts: Vec<&str> = if value.contains(char::is_whitespace) || value.contains(',') {
        value
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .take(crate::limits::MAX_LOOP_VALUES)
            .collect()
    } else {
        vec![value]
    };
    for p in parts {
        if home && p.starts_with('.') && !p.starts_with("./") && !p.starts_with("..") {
            out.push(format!("~/{p}"));
        } else {
            out.push(p.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_join_a_folder_with_its_relative_fields() {
        let (e, whole) = entries(
            "s.json",
            r#"{"shared": [{"root": "~/.ssh", "glob": "id_*"}], "api": "https://x.example/v1"}"#,
        );
        assert!(whole);
        assert!(e.contains(&Entry {
            key: "shared.glob".into(),
            value: "~/.ssh/id_*".into()
        }));
        assert!(e.iter().any(|x| x.key == "api"));
    }

    #[test]
    fn ini_env_and_toml_lines_are_flat_keys() {
        let (e, _) = entries("p.ini", "[pack]\n  rules = https://h.example/u\n; c = d\n");
        assert_eq!(
            e,
            vec![Entry {
                key: "pack.rules".into(),
                value: "https://h.example/u".into()
            }]
        );
        let (e, _) = entries("share.env", "export A=\".npmrc .pypirc\"\n");
        assert_eq!(e[0].key, "A");
        assert_eq!(
            path_candidates(&e[0].value, true),
            vec!["~/.npmrc", "~/.pypirc"]
        );
        assert_eq!(
            path_candidates(&e[0].value, false),
            vec![".npmrc", ".pypirc"]
        );
    }

    #[test]
    fn a_file_is_named_only_as_a_whole_name() {
        assert!(names_file("open('conf/sources.json')", "sources.json"));
        assert!(!names_file("open('mysources.json')", "sources.json"));
        assert!(!names_file("open('sources.json5')", "sources.json"));
    }

    #[test]
    fn deep_nesting_is_cut_and_reported() {
        let deep = format!("{}1{}", "[".repeat(40), "]".repeat(40));
        let (_, whole) = entries("d.json", &deep);
        assert!(!whole);
        let big = "x".repeat(MAX_CONFIG_FILE_BYTES + 1);
        assert!(!entries("b.json", &big).1);
    }
}
