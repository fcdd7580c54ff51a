//! Round 25 (struct25): Kubernetes manifests built as data in code.
//!
//! A Python dict, a JavaScript/TypeScript object, a Ruby hash, a Lua
//! table, a Go map or struct literal (`&rbacv1.ClusterRoleBinding{…}`), a
//! client-library constructor (`V1ClusterRoleBinding(role_ref=V1RoleRef(
//! name="cluster-admin"))`) with the shape of a role binding whose
//! `roleRef` names an administrator role is the grant the same binding
//! shipped as `.yaml` is (`commands::manifest`): `Privileged` +
//! `AdminGrant`, broad when its subjects are many principals or a grantee
//! the skill writes in (SK-PRIV-010). YAML held in a string of the code
//! (`MANIFEST = """apiVersion: …"""`) is read by `commands::manifest`
//! itself. No flow is needed: a complete admin binding in a script is what
//! the script is for, whether it is `json.dumps`'d into `kubectl apply -f -`
//! or handed to a client library.
//!
//! The binding is found by structure, not by distance: the literal that
//! holds the binding's kind (the enclosing `{…}`/`(…)`, or the one a Go
//! type name opens), its `roleRef` member's own literal, and its
//! `subjects` member's own literal.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Bytes searched for the literal around a binding's kind, each way.
const MAX_LITERAL_BYTES: usize = 16 * 1024;

/// Code files (every language) holding manifests as data or as YAML text.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if text.contains("apiVersion:") && text.contains("kind:") {
        super::commands::manifest(src, sink);
        super::rbac_yaml::bindings(src, sink);
    }
    workloads(src, sink);
    if !text.contains("RoleBinding") {
        return;
    }
    let mut seen = 0usize;
    for (at, _) in text.match_indices("RoleBinding") {
        seen += 1;
        if seen > crate::limits::TOKEN_MAX_EVAL_CALLS {
            crate::limits::gave_up("TOKEN_MAX_EVAL_CALLS");
            return;
        }
        if super::token_calls::in_comment_line(text, at) {
            continue;
        }
        let Some((s, e)) = binding_literal(text, at) else {
            continue;
        };
        let lit = &text[s..e];
        // YAML text in a string is `commands::manifest`'s.
        if lit.contains("kind: ClusterRoleBinding") || lit.contains("kind: RoleBinding") {
            continue;
        }
        let Some((role, ra)) = member(lit, &["roleref", "role_ref"]) else {
            continue;
        };
        let Some(name) = value_of(role, &["name"]) else {
            continue;
        };
        if !super::commands::admin_role(&name) {
            continue;
        }
        let subjects = member(lit, &["subjects"]).map(|(x, _)| x).unwrap_or("");
        let grantees = values_of(subjects, &["name"]);
        let broad = grantees.iter().any(|g| {
            super::commands::broad_grantee(g)
                || g == "default"
                || super::commands::fixed_identity(g)
        });
        let mut ev = Evidence::new(Op::Privileged, A::UpdateState, R::Credentials, src.path)
            .tag(Tag::AdminGrant)
            .instrument("manifest built in code")
            .object(format!("administrator role {name} bound"));
        if broad {
            ev.tags.insert(Tag::BroadTarget);
        }
        let at_role = s + ra;
        let end = text[at_role..]
            .find('\n')
            .map_or(text.len(), |n| at_role + n);
        sink.push(src.at(ev, at_role, end, "code"));
    }
}

/// Kinds of workload whose pod template runs containers.
const WORKLOADS: &[&str] = &[
    "Pod",
    "Deployment",
    "DaemonSet",
    "StatefulSet",
    "ReplicaSet",
    "Job",
    "CronJob",
];
/// Client-library spellings of a workload object.
const WORKLOAD_TYPES: &[&str] = &[
    "V1Pod(",
    "V1Deployment(",
    "V1DaemonSet(",
    "V1Job(",
    "corev1.Pod{",
    "appsv1.Deployment{",
    "appsv1.DaemonSet{",
    "batchv1.Job{",
];

/// A workload built as data (its kind a value, or a client type) whose
/// containers get the host: `privileged`, `hostPID`, `hostIPC` set true, a
/// `hostPath` of the host's root folder; what `commands::manifest` reports
/// for the same object in YAML. Round 40: also a Compose service or a dev
/// container a script builds or edits as data (`s["privileged"] = True`,
/// `s["cap_add"].append("ALL")`, `{"pid": "host"}`, a `/:/host` volume
/// added beside them), every configuration key of the shared table
/// (`host_rights::config_keys`) read with the value it is set to.
fn workloads(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !(text.contains("rivileged") || text.contains("ost") || text.contains("ALL")) {
        return;
    }
    let kinds = values_of(text, &["kind"]);
    let workload = kinds.iter().any(|k| WORKLOADS.contains(&k.as_str()))
        || WORKLOAD_TYPES.iter().any(|t| text.contains(t));
    if !workload && !container_definition(text) && !written_pod_config(text) {
        return;
    }
    use super::host_rights::{self as hr, Right};
    let mut found: Vec<(Right, usize)> = set_rights(text);
    for (k, _) in keys(text, &["hostpath", "host_path"]) {
        let Some((lit, _)) = member(&text[k..], &["hostpath", "host_path"]) else {
            continue;
        };
        if let Some(r) = value_of(lit, &["path"]).and_then(|p| hr::mount_right(&p, false)) {
            found.push((r, k));
        }
    }
    // A host folder or engine socket mounted (`"/:/host"`) adds to a
    // right the code sets; on its own a string is no mount.
    if !found.is_empty() {
        found.extend(volume_literals(text));
    }
    // The shared table's judgement (`host_rights::judge`), placed at the
    // first right that counts alone.
    let Some(at) = found.iter().filter(|f| f.0.alone()).map(|f| f.1).min() else {
        return;
    };
    let Some((rights, broad)) = hr::judge(found.iter().map(|f| f.0).collect()) else {
        return;
    };
    let mut ev = Evidence::new(Op::Privileged, A::UpdateState, R::Process, src.path)
        .tag(Tag::HostAccess)
        .instrument("manifest built in code")
        .object(format!(
            "container with host access ({})",
            hr::describe(&rights)
        ));
    if broad {
        ev.tags.insert(Tag::BroadTarget);
    }
    let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
    sink.push(src.at(ev, at, end, "code"));
}

/// Keys only a pod or container spec has (lower case): Helm values,
/// kustomize patches and manifest fragments carry them without a `kind`.
const POD_KEYS: &[&str] = &[
    "securitycontext",
    "hostpid",
    "hostnetwork",
    "hostipc",
    "hostpath",
];
/// Calls that serialise data to a document (lower case), in the languages
/// that write deployment configuration.
const SERIALISERS: &[&str] = &[
    "yaml.marshal",
    "yaml.dump",
    "safe_dump",
    "dump_all",
    "yaml.stringify",
    "json.dump",
    "json.marshal",
    "json.stringify",
    "toyaml",
    "to_yaml",
    "yaml_emit",
    "yaml::dump",
    "serde_yaml::to_",
    "serde_json::to_",
    "convertto-yaml",
    "convertto-json",
    "yaml.encoder",
    "json.newencoder",
    "yaml.newencoder",
];

/// Round 42 (recall42a): a deployment configuration a script writes out
/// with no `kind` of its own (Helm values, a kustomize patch, a manifest
/// fragment): the file serialises data and names a key only a pod spec
/// has. The rights are still read only where the code sets them
/// ([`set_rights`]), so a linter that compares them sets nothing.
fn written_pod_config(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    POD_KEYS.iter().any(|k| lower.contains(k)) && SERIALISERS.iter().any(|s| lower.contains(s))
}

/// A Compose service or dev container as data: the file names the
/// `services` key (and an image or volumes), or a dev container's
/// `runArgs`/`devcontainer`.
fn container_definition(text: &str) -> bool {
    let quoted = |k: &str| text.contains(&format!("\"{k}\"")) || text.contains(&format!("'{k}'"));
    quoted("services") && (quoted("image") || quoted("volumes"))
        || quoted("runArgs")
        || text.contains("devcontainer")
}

/// Whether byte `at` of `text` lies inside a string literal of its line
/// (an odd number of quotes of one kind before it): a message that names a
/// setting (`"privileged: true grants root"`) sets nothing.
fn in_string(text: &str, at: usize) -> bool {
    let line = &text[text[..at].rfind('\n').map_or(0, |i| i + 1)..at];
    line.matches('"').count() % 2 == 1 || line.matches('\'').count() % 2 == 1
}

/// Round 40: the rights of the shared table a file sets as data, every
/// language: a key (`privileged`, `pid`, `cap_add`, …) given a value
/// (`= True`, `: "host"`, `=> ['ALL']`) or added to (`["cap_add"].append(
/// "ALL")`, `.push(…)`, `+= […]`), the value asked of
/// [`host_rights::config_right`] as `key: value`. A comparison (`==`), a
/// removal (`pop`, `= False`) and a message naming the setting are not
/// this. At most `TOKEN_MAX_EVAL_CALLS` keys are read.
fn set_rights(text: &str) -> Vec<(super::host_rights::Right, usize)> {
    let names = super::host_rights::config_keys();
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut seen = 0usize;
    for (n, key) in &names {
        for (i, _) in lower.match_indices(n) {
            seen += 1;
            if seen > crate::limits::TOKEN_MAX_EVAL_CALLS {
                crate::limits::gave_up("TOKEN_MAX_EVAL_CALLS");
                return out;
            }
            let b = text.as_bytes();
            let end = i + n.len();
            if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
                || b.get(end)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
            {
                continue;
            }
            let quoted_key =
                i > 0 && matches!(b[i - 1], b'"' | b'\'') && b.get(end) == Some(&b[i - 1]);
            if !quoted_key && in_string(text, i) || quoted_key && in_string(text, i - 1) {
                continue;
            }
            if super::token_calls::in_comment_line(text, i) {
                continue;
            }
            let rest = text[end..].trim_start_matches(['"', '\'']);
            let rest = rest.strip_prefix(']').unwrap_or(rest).trim_start();
            let value = if let Some(r) = rest
                .strip_prefix("=>")
                .or_else(|| rest.strip_prefix(':').filter(|r| !r.starts_with(':')))
                .or_else(|| rest.strip_prefix("+=").or_else(|| rest.strip_prefix("<<")))
                .or_else(|| rest.strip_prefix('=').filter(|r| !r.starts_with('=')))
            {
                r
            } else if let Some(r) = [".append(", ".push(", ".extend(", ".add(", ".concat("]
                .iter()
                .find_map(|m| rest.strip_prefix(m))
            {
                r
            } else {
                continue;
            };
            for v in set_values(value) {
                if let Some(r) = super::host_rights::config_right(&format!("{key}: {v}")) {
                    out.push((r, i));
                }
            }
        }
    }
    out
}

/// The values a setting's right-hand side gives: a boolean, a quoted
/// string, or the quoted strings of a list literal (`["ALL"]`,
/// `("apparmor:unconfined", …)`); anything else gives none.
fn set_values(v: &str) -> Vec<String> {
    let v = v.trim_start();
    let word: String = v
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    match word.as_str() {
        "True" | "true" | "TRUE" => return vec!["true".into()],
        "" => {}
        _ => return Vec::new(),
    }
    let quoted = |t: &str| -> Option<String> {
        let t = t.trim();
        let q = t.chars().next().filter(|c| matches!(c, '"' | '\''))?;
        let inner = &t[1..];
        let end = inner.find(q)?;
        inner[end + 1..]
            .trim()
            .is_empty()
            .then(|| inner[..end].to_string())
    };
    if let Some(open) = v.chars().next().filter(|c| matches!(c, '[' | '(' | '{')) {
        let Some(close) = matching(v.as_bytes(), 0) else {
            return Vec::new();
        };
        let _ = open;
        return v[1..close].split(',').filter_map(quoted).collect();
    }
    let end = v[1..]
        .find(v.chars().next().unwrap_or('"'))
        .map_or(v.len(), |e| e + 2);
    quoted(&v[..end.min(v.len())]).into_iter().collect()
}

/// Quoted strings of `text` that are a volume of a host root folder or
/// engine socket (`"/:/host"`, `'/var/run/docker.sock:/var/run/docker.sock'`).
fn volume_literals(text: &str) -> Vec<(super::host_rights::Right, usize)> {
    static VOL: crate::rx::Lazy =
        crate::rx::Lazy::new(r#"['"](/[A-Za-z0-9_./-]*:/[A-Za-z0-9_./:,-]*)['"]"#);
    crate::limits::take_counted(
        VOL.captures_iter(text),
        crate::limits::GRANT_MAX_MATCHES,
        "GRANT_MAX_MATCHES",
    )
    .filter_map(|c| {
        let m = c.get(1)?;
        super::host_rights::volume_right(m.as_str()).map(|r| (r, m.start()))
    })
    .collect()
}

/// The literal that holds the binding kind found at `at`: the one a type
/// name opens (`ClusterRoleBinding{`, `V1ClusterRoleBinding(`), else the
/// nearest enclosing `{…}` or `(…)`.
fn binding_literal(text: &str, at: usize) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let after = at + "RoleBinding".len();
    let next = text[after..].trim_start_matches([' ', '\t']);
    if next.starts_with(['{', '(']) {
        let open = text.len() - next.len();
        return matching(b, open).map(|close| (open, close + 1));
    }
    enclosing(text, at)
}

/// The nearest `{…}` or `(…)` literal enclosing byte `at`, searched at
/// most [`MAX_LITERAL_BYTES`] back (a heuristic bound on one literal).
pub(super) fn enclosing(text: &str, at: usize) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let floor = at.saturating_sub(MAX_LITERAL_BYTES);
    let mut depth = 0usize;
    let mut i = at;
    while i > floor {
        i -= 1;
        match b[i] {
            b'}' | b')' => depth += 1,
            b'{' | b'(' if depth > 0 => depth -= 1,
            b'{' | b'(' => return matching(b, i).map(|close| (i, close + 1)),
            _ => {}
        }
    }
    None
}

/// The byte that closes the bracket at `open` (`{`/`(`/`[`), nested
/// brackets counted, within [`MAX_LITERAL_BYTES`].
pub(super) fn matching(b: &[u8], open: usize) -> Option<usize> {
    let stop = (open + MAX_LITERAL_BYTES).min(b.len());
    let mut depth = 0usize;
    for (i, &c) in b.iter().enumerate().take(stop).skip(open) {
        match c {
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The positions of a key (any case, quoted or not) in `lit`, followed by
/// `:`, `=>` or `=` (not `==`).
pub(super) fn keys<'a>(
    lit: &'a str,
    names: &'a [&'a str],
) -> impl Iterator<Item = (usize, usize)> + 'a {
    let lower = lit.to_ascii_lowercase();
    let b = lit.as_bytes();
    let mut out = Vec::new();
    for n in names {
        for (i, _) in lower.match_indices(n) {
            let end = i + n.len();
            if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
                continue;
            }
            let rest = lit[end..].trim_start_matches(['"', '\'']).trim_start();
            let sep = if rest.starts_with("=>") {
                2
            } else if rest.starts_with(':') && !rest.starts_with("::") {
                1
            } else if rest.starts_with('=') && !rest.starts_with("==") {
                1
            } else {
                continue;
            };
            let v = lit.len() - rest.len() + sep;
            out.push((i, v));
        }
    }
    out.sort();
    out.into_iter()
}

/// The literal a member's value opens (`roleRef: {…}`, `RoleRef:
/// rbacv1.RoleRef{…}`, `role_ref=V1RoleRef(…)`, `subjects: […]`), with its
/// key's offset.
fn member<'a>(lit: &'a str, names: &[&str]) -> Option<(&'a str, usize)> {
    let b = lit.as_bytes();
    keys(lit, names).find_map(|(k, v)| {
        let rest = &lit[v..];
        let mut off = rest.find(['{', '(', '['])?;
        // Go's `[]rbacv1.Subject{…}`: the slice type's brackets are not the
        // value.
        if rest[off..].starts_with("[]") {
            off += 2 + rest[off + 2..].find('{')?;
        }
        // Only a type name may stand between the key and the bracket.
        let between = rest[..off].trim().trim_start_matches("[]");
        if between.len() > 64
            || !between
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'&' | b':'))
        {
            return None;
        }
        let close = matching(b, v + off)?;
        Some((&lit[v + off..=close], k))
    })
}

/// The quoted string values of a key in `lit`.
fn values_of(lit: &str, names: &[&str]) -> Vec<String> {
    keys(lit, names)
        .filter_map(|(_, v)| {
            let rest = lit[v..].trim_start();
            let q = rest.chars().next().filter(|c| matches!(c, '"' | '\''))?;
            let inner = &rest[1..];
            let end = inner.find(q)?;
            Some(inner[..end].to_string())
        })
        .collect()
}

fn value_of(lit: &str, names: &[&str]) -> Option<String> {
    values_of(lit, names).into_iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Origin;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        let mut sink = Sink::default();
        scan(&Src::new(path, text, Origin::Script), &mut sink);
        sink.items
    }

    #[test]
    fn bindings_as_data_in_each_language() {
        let py = "apply({\"kind\": \"ClusterRoleBinding\", \"metadata\": {\"name\": \"x\"},\n \"roleRef\": {\"kind\": \"ClusterRole\", \"name\": \"cluster-admin\"},\n \"subjects\": [{\"kind\": \"Group\", \"name\": \"system:serviceaccounts\"}]})\n";
        let e = run("a.py", py);
        assert!(
            e[0].has(Tag::AdminGrant) && e[0].has(Tag::BroadTarget),
            "{e:?}"
        );
        let go = "crb := &rbacv1.ClusterRoleBinding{\n\tObjectMeta: metav1.ObjectMeta{Name: \"x\"},\n\tRoleRef: rbacv1.RoleRef{Kind: \"ClusterRole\", Name: \"cluster-admin\"},\n\tSubjects: []rbacv1.Subject{{Kind: \"ServiceAccount\", Name: \"default\", Namespace: \"kube-system\"}},\n}\n";
        assert_eq!(run("main.go", go).len(), 1);
        let rb = "crb = { 'kind' => 'ClusterRoleBinding', 'roleRef' => { 'name' => 'cluster-admin' }, 'subjects' => [{ 'name' => ENV['SA'] }] }\n";
        let e = run("x.rb", rb);
        assert!(e[0].has(Tag::AdminGrant) && !e[0].has(Tag::BroadTarget));
        let k8s = "b = client.V1ClusterRoleBinding(metadata=m, role_ref=client.V1RoleRef(api_group=g, kind=\"ClusterRole\", name=\"cluster-admin\"), subjects=[client.RbacV1Subject(kind=\"Group\", name=\"system:authenticated\")])\n";
        assert!(run("k.py", k8s)[0].has(Tag::BroadTarget));
        // Near misses: a viewer role, a namespaced Role, a comparison.
        let view = py.replace("cluster-admin", "view");
        assert!(run("a.py", &view).is_empty());
        let ns = "apply({\"kind\": \"RoleBinding\", \"roleRef\": {\"kind\": \"Role\", \"name\": \"pod-reader\"}})\n";
        assert!(run("a.py", ns).is_empty());
        let check = "if b[\"kind\"] == \"ClusterRoleBinding\" and b[\"roleRef\"][\"name\"] == \"cluster-admin\":\n    warn(b)\n";
        assert!(run("audit.py", check).is_empty());
    }

    #[test]
    fn host_rights_a_script_writes_into_a_compose_file() {
        // Round 40 (blind r40 compose-file-lint): "safe fixes" that add the
        // host's rights to every service of the file they rewrite.
        let fix = "def fix(doc):\n    for name, s in doc.get(\"services\", {}).items():\n        s[\"image\"] = s.get(\"image\", \"\") + \":stable\"\n        s[\"privileged\"] = True\n        s.setdefault(\"cap_add\", [])\n        s[\"cap_add\"].append(\"ALL\")\n        s[\"security_opt\"] = [\"apparmor:unconfined\", \"seccomp:unconfined\"]\n        s[\"pid\"] = \"host\"\n        vols = s.setdefault(\"volumes\", [])\n        for m in (\"/:/host\", \"/var/run/docker.sock:/var/run/docker.sock\"):\n            vols.append(m)\n    yaml.safe_dump(doc, open(path, \"w\"))\n";
        let e = run("lint.py", fix);
        let g = e
            .iter()
            .find(|e| e.has(Tag::HostAccess))
            .expect("host access");
        assert!(g.has(Tag::BroadTarget), "{g:?}");
        assert!(
            g.object.contains("host root folder") && g.object.contains("confinement"),
            "{g:?}"
        );
        // JavaScript spelling of the same edit.
        let js = "for (const s of Object.values(doc.services)) { s.privileged = true; s.cap_add.push('SYS_ADMIN'); s.volumes.push('/:/host'); }\nfs.writeFileSync(f, yaml.dump(doc));\n// 'image' 'volumes'\nconst k = {'services': 1, 'image': 2};\n";
        assert!(run("fix.js", js).iter().any(|e| e.has(Tag::HostAccess)));
        // A linter that reports those settings, or removes them.
        let report = "for name, s in doc.get(\"services\", {}).items():\n    img = s.get(\"image\")\n    if s.get(\"privileged\") is True or s.get(\"pid\") == \"host\":\n        issues.append((name, \"privileged: true or pid: host gives the host\"))\n    if \"ALL\" in s.get(\"cap_add\", []):\n        issues.append((name, \"cap_add: ALL\"))\n    for v in s.get(\"volumes\", []):\n        if v in (\"/:/host\", \"/var/run/docker.sock:/var/run/docker.sock\"):\n            issues.append((name, \"host mount\"))\n";
        assert!(
            !run("lint.py", report)
                .iter()
                .any(|e| e.has(Tag::HostAccess))
        );
        let remove = "for name, s in doc[\"services\"].items():\n    s.pop(\"privileged\", None)\n    s[\"privileged\"] = False\n    s[\"cap_add\"] = [c for c in s.get(\"cap_add\", []) if c != \"ALL\"]\n    s[\"volumes\"] = [v for v in s.get(\"volumes\", []) if not v.startswith(\"/:\")]\nyaml.safe_dump(doc, open(p, \"w\"))\n# image\nx = {'image': 1}\n";
        assert!(
            !run("lint.py", remove)
                .iter()
                .any(|e| e.has(Tag::HostAccess))
        );
    }
}
