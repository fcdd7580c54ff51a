//! The install-policy request (protocol version 1): read from stdin with a
//! size cap and validated strictly, with the same rules as OpenClaw's
//! reference adapter (ClawScan's `validateRequest`). Anything invalid is an
//! error that the gate turns into a `block`.

use serde_json::{Map, Value};
use std::io::Read;
use std::path::PathBuf;

/// OpenClaw refuses to send requests larger than this.
pub const MAX_REQUEST_BYTES: usize = 256 * 1024;
/// Bytes read before giving up (the limit plus a margin).
pub const READ_CAP_BYTES: usize = MAX_REQUEST_BYTES + 64 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetType {
    Skill,
    Plugin,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathKind {
    Directory,
    File,
}

#[derive(Debug, Clone, Default)]
pub struct SourceMeta {
    pub kind: String,
    pub authority: String,
    pub mutable: bool,
    pub network: bool,
}

#[derive(Debug, Clone, Default)]
pub struct PluginMeta {
    pub plugin_id: String,
    pub content_type: String,
    pub package_name: String,
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct Request {
    pub target_type: TargetType,
    pub target_name: String,
    pub source_path: PathBuf,
    pub source_path_kind: PathKind,
    pub origin_type: String,
    pub origin_package_name: Option<String>,
    pub request_kind: String,
    pub mode: String,
    pub source: Option<SourceMeta>,
    pub plugin: Option<PluginMeta>,
    /// `skill.installSpec`, when a dependency installer is asking.
    pub install_spec: Option<Map<String, Value>>,
}

/// Reads stdin to EOF, at most `READ_CAP_BYTES`.
pub fn read_capped(input: &mut dyn Read) -> Result<Vec<u8>, String> {
    let mut buf = Vec::new();
    input
        .take(READ_CAP_BYTES as u64 + 1)
        .read_to_end(&mut buf)
        .map_err(|e| format!("cannot read the request from stdin: {e}"))?;
    if buf.len() > MAX_REQUEST_BYTES {
        return Err(format!(
            "the request is larger than {MAX_REQUEST_BYTES} bytes, the protocol's limit"
        ));
    }
    Ok(buf)
}

fn str_field<'a>(o: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    o.get(key).and_then(Value::as_str)
}

fn non_empty(o: &Map<String, Value>, key: &str, what: &str) -> Result<String, String> {
    match str_field(o, key) {
        Some(s) if !s.trim().is_empty() => Ok(s.to_string()),
        _ => Err(format!("{what} must be a non-empty string")),
    }
}

/// Parses and validates one request.
pub fn parse(bytes: &[u8]) -> Result<Request, String> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err("the request on stdin is empty; expected one JSON object".into());
    }
    let v: Value = serde_json::from_slice(bytes)
        .map_err(|e| format!("the request is not valid JSON ({e})"))?;
    let o = v.as_object().ok_or("the request must be a JSON object")?;
    match o.get("protocolVersion") {
        Some(p) if p.as_u64() == Some(1) => {}
        Some(p) => {
            return Err(format!(
                "protocolVersion {} is not supported; skillscan speaks install-policy protocol version 1",
                crate::text::snippet(&p.to_string(), 40)
            ));
        }
        None => return Err("protocolVersion is missing; expected 1".into()),
    }
    let target_type = match str_field(o, "targetType") {
        Some("skill") => TargetType::Skill,
        Some("plugin") => TargetType::Plugin,
        _ => return Err(r#"targetType must be "skill" or "plugin""#.into()),
    };
    let target_name = non_empty(o, "targetName", "targetName")?;
    let source_path = non_empty(o, "sourcePath", "sourcePath")?;
    let source_path = PathBuf::from(source_path);
    if !source_path.is_absolute() {
        return Err("sourcePath must be an absolute path".into());
    }
    let source_path_kind = match str_field(o, "sourcePathKind") {
        Some("directory") => PathKind::Directory,
        Some("file") => PathKind::File,
        _ => return Err(r#"sourcePathKind must be "file" or "directory""#.into()),
    };
    let origin = o
        .get("origin")
        .and_then(Value::as_object)
        .ok_or("origin must be an object with a type")?;
    let origin_type = non_empty(origin, "type", "origin.type")?;
    let origin_package_name = str_field(origin, "packageName").map(str::to_string);
    let req = o
        .get("request")
        .and_then(Value::as_object)
        .ok_or("request must be an object with kind and mode")?;
    let mode = match str_field(req, "mode") {
        Some(m @ ("install" | "update")) => m.to_string(),
        _ => return Err(r#"request.mode must be "install" or "update""#.into()),
    };
    let request_kind = str_field(req, "kind").unwrap_or("").to_string();
    match target_type {
        TargetType::Skill if request_kind != "skill-install" => {
            return Err(r#"a skill request's request.kind must be "skill-install""#.into());
        }
        TargetType::Plugin
            if !matches!(
                request_kind.as_str(),
                "plugin-dir" | "plugin-archive" | "plugin-file" | "plugin-npm" | "plugin-git"
            ) =>
        {
            return Err("a plugin request's request.kind is not supported".into());
        }
        _ => {}
    }
    let source = match o.get("source") {
        None | Some(Value::Null) => None,
        Some(Value::Object(s)) => Some(SourceMeta {
            kind: str_field(s, "kind").unwrap_or("").to_string(),
            authority: str_field(s, "authority").unwrap_or("").to_string(),
            mutable: s.get("mutable").and_then(Value::as_bool).unwrap_or(true),
            network: s.get("network").and_then(Value::as_bool).unwrap_or(false),
        }),
        Some(_) => return Err("source must be an object".into()),
    };
    let plugin = match o.get("plugin") {
        None | Some(Value::Null) => None,
        Some(Value::Object(p)) => Some(PluginMeta {
            plugin_id: str_field(p, "pluginId").unwrap_or("").to_string(),
            content_type: str_field(p, "contentType").unwrap_or("").to_string(),
            package_name: str_field(p, "packageName").unwrap_or("").to_string(),
        }),
        Some(_) => return Err("plugin must be an object".into()),
    };
    if target_type == TargetType::Plugin {
        let p = plugin
            .as_ref()
            .ok_or("a plugin request must carry plugin metadata")?;
        if p.plugin_id.trim().is_empty() {
            return Err("plugin.pluginId must not be empty".into());
        }
        if p.plugin_id != target_name {
            return Err("plugin.pluginId must match targetName".into());
        }
        if !matches!(
            p.content_type.as_str(),
            "bundle" | "package" | "file" | "dependency-tree"
        ) {
            return Err("plugin.contentType is not supported".into());
        }
        let dep_origin = origin_type == "plugin-dependency-tree";
        let dep_content = p.content_type == "dependency-tree";
        if dep_content && (!dep_origin || source_path_kind != PathKind::Directory) {
            return Err("dependency-tree request metadata is inconsistent".into());
        }
        if dep_origin && !dep_content {
            return Err("dependency-tree request content role is inconsistent".into());
        }
    }
    let install_spec = match o.get("skill") {
        None | Some(Value::Null) => None,
        Some(Value::Object(s)) => match s.get("installSpec") {
            None | Some(Value::Null) => None,
            Some(Value::Object(spec)) => Some(spec.clone()),
            Some(_) => return Err("skill.installSpec must be an object".into()),
        },
        Some(_) => return Err("skill must be an object".into()),
    };
    Ok(Request {
        target_type,
        target_name,
        source_path,
        source_path_kind,
        origin_type,
        origin_package_name,
        request_kind,
        mode,
        source,
        plugin,
        install_spec,
    })
}

impl Request {
    /// The npm plugin preflight: OpenClaw passes `npm-package-metadata.json`
    /// before touching anything (recognised narrowly, as ClawScan does).
    pub fn is_npm_metadata_preflight(&self) -> bool {
        let (Some(p), Some(s)) = (&self.plugin, &self.source) else {
            return false;
        };
        self.target_type == TargetType::Plugin
            && self.request_kind == "plugin-npm"
            && self.source_path_kind == PathKind::File
            && self.source_path.file_name().and_then(|n| n.to_str())
                == Some("npm-package-metadata.json")
            && p.content_type == "package"
            && !p.package_name.trim().is_empty()
            && s.kind == "npm"
            && !s.mutable
            && s.network
            && (s.authority == "official" || s.authority == "third-party")
            && self.origin_type == "plugin-npm"
            && self.origin_package_name.as_deref() == Some(p.package_name.as_str())
    }

    /// `openclaw doctor --deep`'s synthetic request.
    pub fn is_doctor(&self) -> bool {
        self.origin_type == "doctor" && self.source_path_kind == PathKind::Directory
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn base() -> Value {
        json!({
            "protocolVersion": 1, "targetType": "skill", "targetName": "weather",
            "sourcePath": "/tmp/x", "sourcePathKind": "directory",
            "origin": {"type": "clawhub"},
            "request": {"kind": "skill-install", "mode": "install"}
        })
    }

    fn with(k: &str, v: Value) -> Vec<u8> {
        let mut b = base();
        b[k] = v;
        b.to_string().into_bytes()
    }

    #[test]
    fn accepts_a_skill_request() {
        let r = parse(base().to_string().as_bytes()).unwrap();
        assert_eq!(r.target_type, TargetType::Skill);
        assert!(r.install_spec.is_none());
    }

    #[test]
    fn rejects_bad_requests() {
        assert!(parse(b"").unwrap_err().contains("empty"));
        assert!(parse(b"{").unwrap_err().contains("JSON"));
        assert!(parse(b"[]").unwrap_err().contains("object"));
        assert!(
            parse(&with("protocolVersion", json!(2)))
                .unwrap_err()
                .contains("version 1")
        );
        assert!(parse(&with("targetType", json!("theme"))).is_err());
        assert!(parse(&with("targetName", json!(" "))).is_err());
        assert!(
            parse(&with("sourcePath", json!("rel/x")))
                .unwrap_err()
                .contains("absolute")
        );
        assert!(parse(&with("sourcePathKind", json!("dir"))).is_err());
        assert!(
            parse(&with("origin", json!({})))
                .unwrap_err()
                .contains("origin.type")
        );
        assert!(
            parse(&with(
                "request",
                json!({"kind": "skill-install", "mode": "x"})
            ))
            .is_err()
        );
        assert!(
            parse(&with(
                "request",
                json!({"kind": "plugin-dir", "mode": "install"})
            ))
            .is_err()
        );
        assert!(parse(&with("skill", json!({"installSpec": "x"}))).is_err());
        let mut p = base();
        p["targetType"] = json!("plugin");
        p["request"] = json!({"kind": "plugin-dir", "mode": "install"});
        assert!(
            parse(p.to_string().as_bytes())
                .unwrap_err()
                .contains("plugin metadata")
        );
        p["plugin"] = json!({"pluginId": "other", "contentType": "bundle"});
        assert!(
            parse(p.to_string().as_bytes())
                .unwrap_err()
                .contains("match")
        );
        p["plugin"] = json!({"pluginId": "weather", "contentType": "dependency-tree"});
        assert!(
            parse(p.to_string().as_bytes())
                .unwrap_err()
                .contains("inconsistent")
        );
        p["plugin"] = json!({"pluginId": "weather", "contentType": "bundle"});
        assert!(parse(p.to_string().as_bytes()).is_ok());
    }

    #[test]
    fn caps_the_request_size() {
        let big = vec![b' '; READ_CAP_BYTES + 10];
        assert!(
            read_capped(&mut big.as_slice())
                .unwrap_err()
                .contains("larger")
        );
    }
}
