//! Round 30 (rights30): Kubernetes role bindings in YAML, read by document.
//!
//! `commands::manifest` reads a shipped manifest for host access; this
//! reads its RBAC documents. A `ClusterRoleBinding`/`RoleBinding` whose
//! `roleRef` names an administrator role (`cluster-admin`, `admin`,
//! `edit` is not) or a role the same file defines with `*` verbs on `*`
//! resources is an admin grant (`Privileged` + `AdminGrant`, SK-PRIV-010).
//! Its subjects decide how broad: a group of every caller or every service
//! account (`system:authenticated`, `system:unauthenticated`,
//! `system:anonymous`, `system:serviceaccounts[:ns]`), a namespace's
//! `default` service account (every pod that names none runs as it) make
//! the grant `BroadTarget` — administrator for everyone, an intent signal
//! whatever the skill says it is for. A binding to the skill's own named
//! service account stays the documented admin step (a warning).
//!
//! Line based (indentation, block and flow sequences), every document of
//! the file (`---`), no YAML engine: a hostile file is read in one pass.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// One YAML document of the file: its text and its byte offset.
fn documents(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_end() == "---" || line.starts_with("--- ") {
            out.push((start, &text[start..offset]));
            start = offset + line.len();
        }
        offset += line.len();
    }
    out.push((start, &text[start..]));
    out
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches([' ', '-']).len()
}

fn unquote(v: &str) -> &str {
    v.trim().trim_matches(['"', '\'']).trim()
}

/// The value of `key:` on a line (after an optional `- `), if it is that key.
fn value_of<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let t = line.trim_start().trim_start_matches("- ").trim_start();
    let rest = t.strip_prefix(key)?.strip_prefix(':')?;
    let v = rest.split(" #").next().unwrap_or(rest);
    Some(unquote(v))
}

/// The lines (with their byte offset in the document) of the block that
/// `key:` opens, the key's own line first; flow style stays on that line.
fn block<'a>(doc: &'a str, key: &str) -> Vec<(usize, &'a str)> {
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    let mut offset = 0;
    for line in doc.split_inclusive('\n') {
        let at = offset;
        offset += line.len();
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        match open {
            None => {
                if value_of(line, key).is_some() {
                    open = Some(indent(line));
                    out.push((at, line));
                }
            }
            Some(i) => {
                let t = line.trim_start();
                // A block sequence under the key may sit at the key's own
                // indentation (`subjects:` / `- kind: …`).
                if indent(line) > i || t.starts_with("- ") && line.len() - t.len() >= i {
                    out.push((at, line));
                } else {
                    break;
                }
            }
        }
    }
    out
}

/// Every `name` value in a block, block or flow style (`{kind: Group,
/// name: system:authenticated}`).
fn names(lines: &[(usize, &str)]) -> Vec<String> {
    let mut out = Vec::new();
    for (_, l) in lines {
        for piece in l.split(['{', '}', ',', '[', ']']) {
            if let Some(v) = value_of(piece, "name") {
                if !v.is_empty() {
                    out.push(v.to_string());
                }
            }
        }
    }
    out
}

/// Whether a YAML list value (flow `["*"]` or block `- "*"` lines) under
/// `key` holds `*`.
fn wildcard(lines: &[(usize, &str)], key: &str) -> bool {
    let mut inside = false;
    let mut at = 0;
    for (_, l) in lines {
        if let Some(v) = value_of(l, key) {
            if v.contains('*') {
                return true;
            }
            inside = true;
            at = indent(l);
            continue;
        }
        if inside {
            let t = l.trim_start();
            if t.starts_with("- ") && l.len() - t.len() >= at && value_of(l, "").is_none() {
                if unquote(&t[2..]) == "*" {
                    return true;
                }
                continue;
            }
            inside = false;
        }
    }
    false
}

/// The names of the roles the file defines whose `rules` block passes
/// `test`.
fn defined_roles(docs: &[(usize, &str)], test: impl Fn(&[(usize, &str)]) -> bool) -> Vec<String> {
    docs.iter()
        .filter(|(_, d)| {
            d.lines()
                .any(|l| matches!(value_of(l, "kind"), Some("ClusterRole" | "Role")))
        })
        .filter_map(|(_, d)| {
            test(&block(d, "rules")).then(|| {
                names(&block(d, "metadata"))
                    .into_iter()
                    .next()
                    .unwrap_or_default()
            })
        })
        .filter(|n| !n.is_empty())
        .collect()
}

/// The roles the file defines that allow every verb on every resource.
fn wildcard_roles(docs: &[(usize, &str)]) -> Vec<String> {
    defined_roles(docs, |rules| {
        wildcard(rules, "verbs") && wildcard(rules, "resources")
    })
}

/// The roles the file defines whose rules allow a write verb.
fn write_roles(docs: &[(usize, &str)]) -> Vec<String> {
    const WRITE: &[&str] = &[
        "create",
        "update",
        "patch",
        "delete",
        "deletecollection",
        "escalate",
        "bind",
        "impersonate",
        "*",
    ];
    defined_roles(docs, |rules| {
        rules.iter().any(|(_, l)| {
            l.split(|c: char| !(c.is_ascii_alphanumeric() || c == '*'))
                .any(|w| WRITE.contains(&w))
        })
    })
}

/// Subjects that are many principals at once.
fn broad(subjects: &[String]) -> Option<&String> {
    subjects
        .iter()
        .find(|s| super::commands::broad_grantee(s) || s.as_str() == "default")
}

/// Adds an admin grant for every binding of a manifest (`apiVersion:`
/// and a binding kind) to an administrator role; a binding this reader
/// cannot place is still reported at its `name: cluster-admin`.
pub fn bindings(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains("apiVersion:")
        || !(text.contains("kind: ClusterRoleBinding") || text.contains("kind: RoleBinding"))
    {
        return;
    }
    if read_bindings(src, sink) {
        return;
    }
    if let Some(at) = text.find("name: cluster-admin") {
        let ev = Evidence::new(Op::Privileged, A::UpdateState, R::Credentials, src.path)
            .tag(Tag::AdminGrant)
            .instrument("manifest")
            .object("administrator role cluster-admin bound");
        sink.push(src.at(ev, at, at + "name: cluster-admin".len(), "yaml"));
    }
}

/// Adds an admin grant for every binding of the file to an administrator
/// role; returns whether any binding was read.
fn read_bindings(src: &Src, sink: &mut Sink) -> bool {
    let text = src.text;
    let docs = documents(text);
    let wild = wildcard_roles(&docs);
    let writers = write_roles(&docs);
    let mut any = false;
    for (base, doc) in &docs {
        if !doc.lines().any(|l| {
            matches!(
                value_of(l, "kind"),
                Some("ClusterRoleBinding" | "RoleBinding")
            )
        }) {
            continue;
        }
        let role = block(doc, "roleRef");
        let Some((at, role_name)) = role
            .iter()
            .skip(1)
            .find_map(|(a, l)| value_of(l, "name").map(|n| (*a, n.to_string())))
            .or_else(|| {
                let (a, l) = role.first()?;
                names(&[(*a, l)]).into_iter().next().map(|n| (*a, n))
            })
        else {
            continue;
        };
        let admin = super::commands::admin_role(&role_name) || wild.contains(&role_name);
        let subjects = names(&block(doc, "subjects"));
        // Round 32: callers with no identity at all may not write either:
        // `edit` or a role of the file with write verbs bound to
        // `system:anonymous`/`system:unauthenticated` is a grant to anyone
        // who can reach the API server.
        let anon = subjects.iter().find(|s| {
            let l = s.to_ascii_lowercase();
            l == "system:anonymous" || l == "system:unauthenticated"
        });
        let writes = anon.is_some() && (role_name == "edit" || writers.contains(&role_name));
        if !admin && !writes {
            continue;
        }
        any = true;
        let who = broad(&subjects);
        let kind = if admin {
            "administrator role"
        } else {
            "write role"
        };
        let object = match who {
            Some(w) => format!("{kind} {role_name} bound to {w}"),
            None => format!("{kind} {role_name} bound"),
        };
        let mut ev = Evidence::new(Op::Privileged, A::UpdateState, R::Credentials, src.path)
            .tag(Tag::AdminGrant)
            .instrument("manifest")
            .object(object);
        if who.is_some() {
            ev.tags.insert(Tag::BroadTarget);
        }
        let s = base + at;
        let end = text[s..].find('\n').map_or(text.len(), |n| s + n);
        sink.push(src.at(ev, s, end, "yaml"));
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Origin;

    fn run(y: &str) -> Vec<Evidence> {
        let mut sink = Sink::default();
        read_bindings(&Src::new("m.yaml", y, Origin::Script), &mut sink);
        sink.items
    }

    const CRB: &str = "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: x\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ClusterRole\n  name: ROLE\nsubjects:\nSUBJECTS";

    #[test]
    fn admin_bound_to_every_caller_is_broad() {
        for subj in [
            "  - kind: ServiceAccount\n    name: tool\n    namespace: ops\n  - kind: Group\n    name: system:authenticated\n",
            "- kind: Group\n  name: \"system:serviceaccounts\"\n",
            "  - {kind: Group, name: system:anonymous}\n",
            "  - kind: ServiceAccount\n    name: default\n    namespace: kube-system\n",
        ] {
            let y = CRB
                .replace("ROLE", "cluster-admin")
                .replace("SUBJECTS", subj);
            let e = run(&y);
            assert_eq!(e.len(), 1, "{y}");
            assert!(e[0].has(Tag::BroadTarget), "{y}");
        }
    }

    #[test]
    fn wildcard_role_defined_in_the_file_counts() {
        let role = "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: helper-all\nrules:\n  - apiGroups: [\"*\"]\n    resources:\n      - \"*\"\n    verbs: [\"*\"]\n---\n";
        let y = format!(
            "{role}{}",
            CRB.replace("ROLE", "helper-all").replace(
                "SUBJECTS",
                "  - kind: Group\n    name: system:authenticated\n"
            )
        );
        let e = run(&y);
        assert!(e.len() == 1 && e[0].has(Tag::BroadTarget), "{e:#?}");
    }

    #[test]
    fn own_account_or_narrow_role_is_not_broad() {
        let own = CRB.replace("ROLE", "cluster-admin").replace(
            "SUBJECTS",
            "  - kind: ServiceAccount\n    name: troubleshooter\n    namespace: ops\n",
        );
        let e = run(&own);
        assert!(e.len() == 1 && !e[0].has(Tag::BroadTarget));
        let view = CRB.replace("ROLE", "view").replace(
            "SUBJECTS",
            "  - kind: Group\n    name: system:authenticated\n",
        );
        assert!(run(&view).is_empty());
        let narrow = "kind: ClusterRole\nmetadata:\n  name: r\nrules:\n  - resources: [\"pods\"]\n    verbs: [\"*\"]\n---\n".to_string()
            + &CRB
                .replace("ROLE", "r")
                .replace("SUBJECTS", "  - kind: Group\n    name: system:authenticated\n");
        assert!(run(&narrow).is_empty());
    }
}
