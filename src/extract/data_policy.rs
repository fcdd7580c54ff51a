//! Round 26 (policy26): cloud policies and grants built as data.
//!
//! struct25's `data_manifest` reads a Kubernetes role binding built as a
//! literal; this reads the same thing for the clouds. One reader for a
//! policy statement or a role binding, whatever language holds it: a JSON
//! string handed to the CLI, a Python dict, a JS/TS object, a Ruby hash, a
//! Go map, a PowerShell hashtable, a PHP/Perl array, an HCL block. Three
//! shapes, each found by structure (the literal that encloses a key, the
//! members of that literal), not by distance:
//!
//! * an AWS statement: a literal with `Effect` folding to `Allow`, its
//!   `Action`/`Actions`, `Resource` and `Principal`/`Principals` members;
//! * a GCP binding: a literal with `role` (folding to `roles/…`) and
//!   `members`/`member`;
//! * an Azure role assignment: a literal with `roleDefinitionName` /
//!   `role_definition_name` / `roleDefinitionId` and a principal key.
//!
//! Values fold as the token-level readers fold them
//! (`token_calls::fold_code`: `"roles/" + "own" + "er"`, `[…].join(":")`,
//! `%w[Administrator Access].join`), through the variables the file
//! assigns (a name assigned a literal hash, `support = { "AWS" => … }`,
//! is read as that literal), and template strings (`${X}`, `#{x}`).
//!
//! Only a file that applies such a document ([`APPLY`]: the CLI verbs,
//! SDK calls and Terraform resources that set a policy, a trust policy, a
//! binding or an assignment) is read: a report that lists policies applies
//! none. What is granted ([`ADMIN_ACTIONS`], [`ASSUME_ACTIONS`]) to whom
//! ([`outside`]: everyone, an AWS account written in the skill that is no
//! documentation placeholder, a fixed GCP member or Azure principal)
//! decides the evidence: `Privileged` + `AdminGrant` (SK-PRIV-010), broad
//! when the grantee is one the skill writes in or everyone. A grantee the
//! user passes (a variable, an interpolation of the caller's own account)
//! is no outsider. A statement that only lets an outside account read the
//! data ([`DATA_READS`]) is `outside_grant`'s (SK-EXFIL-010, which knows a
//! public website bucket): [`outside_account`] hands it the account when
//! only folding finds it.

use super::data_manifest::{enclosing, keys, matching};
use super::token_calls::{Vars, fold_code, in_comment_line};
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::HashMap;

/// Calls and resources that apply an IAM policy, a trust policy, a bucket
/// policy, a binding or a role assignment (lower case, as written in the
/// file: CLI verbs, SDK methods in snake and camel case, Terraform
/// resource types).
pub(super) const APPLY: &[&str] = &[
    "put-role-policy",
    "put_role_policy",
    "putrolepolicy",
    "put-user-policy",
    "put_user_policy",
    "putuserpolicy",
    "put-group-policy",
    "put_group_policy",
    "create-policy",
    "create_policy",
    "createpolicycommand",
    "create-role",
    "create_role",
    "createrolecommand",
    "update-assume-role-policy",
    "update_assume_role_policy",
    "updateassumerolepolicy",
    "put-bucket-policy",
    "put_bucket_policy",
    "putbucketpolicy",
    "set-iam-policy",
    "set_iam_policy",
    "setiampolicy",
    "add-iam-policy-binding",
    "role assignment create",
    "role_assignments.create",
    "roleassignments.create",
    "new-azroleassignment",
    "resource \"aws_iam_",
    "resource \"google_",
    "resource \"azurerm_role_assignment",
    "resource \"aws_s3_bucket_policy",
];

/// Actions that give control of the account or of the resource's access:
/// every action, every IAM action, rewriting the policy itself, handing a
/// role on.
const ADMIN_ACTIONS: &[&str] = &[
    "*",
    "*:*",
    "iam:*",
    "s3:*",
    "sts:*",
    "kms:*",
    "organizations:*",
    "s3:putbucketpolicy",
    "s3:putbucketacl",
    "iam:passrole",
    "iam:createaccesskey",
    "iam:attachrolepolicy",
    "iam:attachuserpolicy",
    "iam:putrolepolicy",
    "iam:putuserpolicy",
    "iam:createpolicyversion",
    "iam:updateassumerolepolicy",
];
/// Actions of a trust policy: who may become the role.
const ASSUME_ACTIONS: &[&str] = &[
    "sts:assumerole",
    "sts:assumerolewithwebidentity",
    "sts:assumerolewithsaml",
];
/// Prefixes of actions that read the data a resource holds.
const DATA_READS: &[&str] = &[
    "s3:get",
    "s3:list",
    "secretsmanager:getsecretvalue",
    "ssm:getparameter",
    "kms:decrypt",
    "dynamodb:get",
    "dynamodb:scan",
    "dynamodb:query",
    "rds-db:connect",
];
/// Azure built-in administrator roles by id (Owner, Contributor, User
/// Access Administrator).
const AZURE_ADMIN_IDS: &[&str] = &[
    "8e3af657-a8ff-443c-a75c-2fe8c4bcb635",
    "b24988ac-6180-42a0-ab88-20f7382dd24c",
    "18d7d88d-d35e-4fb5-a5c3-7773c20a72d9",
];

/// `(role keys, grantee keys)` of a binding: GCP, Azure.
const BINDINGS: &[(&[&str], &[&str], bool)] = &[
    (&["role"], &["members", "member"], true),
    (
        &[
            "roledefinitionname",
            "role_definition_name",
            "roledefinitionid",
            "role_definition_id",
        ],
        &[
            "principalid",
            "principal_id",
            "assignee",
            "assigneeobjectid",
            "assignee_object_id",
            "objectid",
            "signinname",
        ],
        false,
    ),
];

/// What a file assigns: the folded literal values, and the raw text of
/// each name's last assignment (a name holding a hash literal).
pub(super) struct Names<'t> {
    vars: Vars,
    raw: HashMap<&'t str, &'t str>,
}

/// Adds the grants; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let lower = text.to_ascii_lowercase();
    if !APPLY.iter().any(|a| lower.contains(a)) {
        return;
    }
    if !(lower.contains("effect") || lower.contains("role")) {
        return;
    }
    let names = assignments(text);
    let mut seen = 0usize;
    for (k, v) in keys(text, &["effect"]) {
        seen += 1;
        if seen > crate::limits::POLICY_MAX_STATEMENTS {
            crate::limits::gave_up("POLICY_MAX_STATEMENTS");
            return;
        }
        if in_comment_line(text, k) {
            continue;
        }
        let effect = fold(raw_value(text, v), &names);
        if !effect.is_some_and(|e| e.trim().eq_ignore_ascii_case("allow")) {
            continue;
        }
        if let Some(ev) = statement(text, k, &names) {
            push(src, sink, ev, k);
        }
    }
    // Round 30 (rights30): an HCL `statement { … }` of an
    // `aws_iam_policy_document` allows unless it says otherwise (`effect`
    // defaults to Allow); one with an `effect` key was read above.
    for k in hcl_statements(text) {
        seen += 1;
        if seen > crate::limits::POLICY_MAX_STATEMENTS {
            crate::limits::gave_up("POLICY_MAX_STATEMENTS");
            return;
        }
        if let Some(ev) = statement(text, k, &names) {
            push(src, sink, ev, k);
        }
    }
    for (role_keys, member_keys, gcp) in BINDINGS {
        for (k, v) in keys(text, role_keys) {
            seen += 1;
            if seen > crate::limits::POLICY_MAX_STATEMENTS {
                crate::limits::gave_up("POLICY_MAX_STATEMENTS");
                return;
            }
            if in_comment_line(text, k) {
                continue;
            }
            if let Some(ev) = binding(text, k, v, member_keys, *gcp, &names) {
                push(src, sink, ev, k);
            }
        }
    }
}

/// The byte just inside each HCL `statement {` block that has no `effect`
/// (Terraform's default is Allow).
fn hcl_statements(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for (i, w) in text.match_indices("statement") {
        if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b'"') {
            continue;
        }
        let rest = text[i + w.len()..].trim_start_matches([' ', '\t']);
        if !rest.starts_with('{') || in_comment_line(text, i) {
            continue;
        }
        let open = text.len() - rest.len();
        let Some(close) = matching(b, open) else {
            continue;
        };
        if keys(&text[open..close], &["effect"]).next().is_none() {
            out.push(open + 1);
        }
    }
    out
}

/// Terraform's `variable "NAME" { default = EXPR }`: the expression
/// `var.NAME` stands for.
fn hcl_defaults(text: &str) -> Vec<(String, &str)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for (i, w) in text.match_indices("variable \"") {
        if i > 0 && !b[i - 1].is_ascii_whitespace() {
            continue;
        }
        let rest = &text[i + w.len()..];
        let Some(q) = rest.find('"') else { continue };
        let name = &rest[..q];
        let Some(open) = rest[q..].find('{').map(|o| i + w.len() + q + o) else {
            continue;
        };
        let Some(close) = matching(b, open) else {
            continue;
        };
        let body = &text[open + 1..close];
        if let Some((_, v)) = keys(body, &["default"]).next() {
            out.push((format!("var.{name}"), raw_value(body, v)));
        }
    }
    out
}

/// Accounts the AWS documentation uses as examples.
pub(super) const PLACEHOLDER_ACCOUNTS: &[&str] = &[
    "123456789012",
    "111122223333",
    "444455556666",
    "210987654321",
    "000000000000",
    "999999999999",
    "012345678901",
    "111111111111",
    "222222222222",
];

fn push(src: &Src, sink: &mut Sink, ev: Evidence, at: usize) {
    let text = src.text;
    let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
    sink.push(src.at(ev, at, end, "code"));
}

fn grant(object: String, who: Option<&str>) -> Evidence {
    let broad = who.is_some();
    let target = who.unwrap_or("policy document");
    let mut ev = Evidence::new(Op::Privileged, A::UpdateState, R::Credentials, target)
        .tag(Tag::AdminGrant)
        .instrument("policy built as data")
        .object(object);
    if broad {
        ev.tags.insert(Tag::BroadTarget);
    }
    ev
}

/// The outside AWS account an allowing statement of the file names, when
/// only folding finds it (`["7410", …].join("")` in a template string):
/// `outside_grant`'s reading of the same policy.
pub(super) fn outside_account(text: &str) -> Option<String> {
    if !text.contains("ffect") {
        return None;
    }
    let names = assignments(text);
    keys(text, &["effect"])
        .take(crate::limits::POLICY_MAX_STATEMENTS)
        .filter(|(k, v)| {
            !in_comment_line(text, *k)
                && fold(raw_value(text, *v), &names)
                    .is_some_and(|e| e.trim().eq_ignore_ascii_case("allow"))
        })
        .find_map(|(k, _)| {
            let (s, e) = around(text, k)?;
            let lit = &text[s..e];
            let actions = member_values(lit, &["action", "actions"], &names);
            let data = actions.iter().any(|a| {
                let a = a.to_ascii_lowercase();
                DATA_READS.iter().any(|d| a.starts_with(d))
                    || a.ends_with(":*")
                    || ADMIN_ACTIONS.contains(&a.as_str())
            });
            if !data {
                return None;
            }
            let principals = member_values(lit, &["principal", "principals"], &names);
            principals
                .iter()
                .find_map(|p| account_id(p.trim()).map(str::to_string))
        })
}

/// The literal around a key: `{…}`/`(…)`, or a PHP/Perl `[…]` array
/// when it is nearer.
fn around(text: &str, k: usize) -> Option<(usize, usize)> {
    let braces = enclosing(text, k);
    let floor = braces.map_or(k.saturating_sub(4_096), |(s, _)| s);
    let b = text.as_bytes();
    let mut depth = 0usize;
    for i in (floor..k).rev() {
        match b[i] {
            b']' => depth += 1,
            b'[' if depth > 0 => depth -= 1,
            b'[' => return matching(b, i).map(|c| (i, c + 1)).or(braces),
            _ => {}
        }
    }
    braces
}

/// An allowing AWS statement around the `Effect` key at `k`.
fn statement(text: &str, k: usize, names: &Names) -> Option<Evidence> {
    let (s, e) = around(text, k)?;
    let lit = &text[s..e];
    let actions: Vec<String> = member_values(lit, &["action", "actions"], names)
        .into_iter()
        .map(|a| a.to_ascii_lowercase())
        .collect();
    let resources = member_values(lit, &["resource", "resources"], names);
    let principals = member_values(lit, &["principal", "principals"], names);
    let hcl_principals = hcl_block_values(lit, "principals", names);
    let principals: Vec<String> = principals.into_iter().chain(hcl_principals).collect();
    let admin = actions.iter().find(|a| ADMIN_ACTIONS.contains(&a.as_str()));
    let assume = actions
        .iter()
        .find(|a| ASSUME_ACTIONS.contains(&a.as_str()));
    let who = outside(&principals);
    if let Some(who) = who {
        if narrowed(lit) {
            return None;
        }
        // A read of the data alone is `outside_grant`'s (SK-EXFIL-010,
        // which knows a public website bucket); here the control.
        let what = match (admin, assume) {
            (Some(a), _) => format!("administrator rights ({a})"),
            (None, Some(_)) => "the right to assume the role".to_string(),
            _ => return None,
        };
        return Some(grant(format!("{what} granted"), Some(&who)));
    }
    // No outside principal: an identity policy the skill attaches, giving
    // every action on every resource (a documented admin step warns).
    let every = actions
        .iter()
        .any(|a| matches!(a.as_str(), "*" | "*:*" | "iam:*"));
    let anywhere = resources.is_empty() || resources.iter().any(|r| r.trim() == "*");
    (every && anywhere && principals.is_empty()).then(|| {
        grant(
            "policy granting every action on every resource".to_string(),
            None,
        )
    })
}

/// A GCP binding or Azure role assignment around the role key at `k`.
fn binding(
    text: &str,
    k: usize,
    v: usize,
    member_keys: &[&str],
    gcp: bool,
    names: &Names,
) -> Option<Evidence> {
    let role = fold(raw_value(text, v), names)?;
    let role_l = role.trim().to_ascii_lowercase();
    let admin = if gcp {
        role_l.starts_with("roles/") && super::commands::admin_role(&role_l)
    } else {
        super::commands::admin_role(&role_l) || AZURE_ADMIN_IDS.iter().any(|i| role_l.contains(i))
    };
    if !admin {
        return None;
    }
    let (s, e) = around(text, k)?;
    let lit = &text[s..e];
    if keys(lit, member_keys).next().is_none() {
        return None;
    }
    let members = member_values(lit, member_keys, names);
    let fixed = members.iter().find(|m| {
        let m = m.trim();
        !m.contains("$V")
            && (super::commands::broad_grantee(m)
                || (super::commands::fixed_identity(m) && (!gcp || m.contains(':'))))
    });
    Some(grant(
        format!("administrator role {role} granted"),
        fixed.map(|m| m.trim()),
    ))
}

/// A `Principal: "*"` statement narrowed to the user's own organisation,
/// account or network by a condition.
pub(super) fn narrowed(lit: &str) -> bool {
    let l = lit.to_ascii_lowercase();
    [
        "aws:principalorgid",
        "aws:principalaccount",
        "aws:sourceaccount",
        "aws:sourcearn",
        "aws:sourcevpc",
        "aws:sourceip",
    ]
    .iter()
    .any(|c| l.contains(c))
}

/// The grantee outside the user, if any: everyone, an AWS account written
/// in the skill (no placeholder), a fixed GCP member.
fn outside(principals: &[String]) -> Option<String> {
    for p in principals {
        let p = p.trim();
        let l = p.to_ascii_lowercase();
        if p == "*" || l == "allusers" || l == "allauthenticatedusers" {
            return Some("everyone".to_string());
        }
        if let Some(id) = account_id(p) {
            return Some(format!("AWS account {id}"));
        }
    }
    None
}

/// A 12-digit AWS account in an ARN or alone, no documentation placeholder.
pub(super) fn account_id(p: &str) -> Option<&str> {
    let id = if p.len() == 12 && p.bytes().all(|b| b.is_ascii_digit()) {
        p
    } else {
        let rest = p
            .strip_prefix("arn:aws:iam::")
            .or_else(|| p.strip_prefix("arn:aws:sts::"))?;
        let id = rest.get(..12)?;
        if !id.bytes().all(|b| b.is_ascii_digit()) || rest.as_bytes().get(12) != Some(&b':') {
            return None;
        }
        id
    };
    (!PLACEHOLDER_ACCOUNTS.contains(&id)).then_some(id)
}

/// The folded values of a member (`Action: [...]`, `"Principal" =>
/// support`), each string of a list or hash literal on its own.
fn member_values(lit: &str, key_names: &[&str], names: &Names) -> Vec<String> {
    let mut out = Vec::new();
    for (_, v) in keys(lit, key_names) {
        values(raw_value(lit, v), names, 0, &mut out);
    }
    out
}

/// HCL's `principals { type = "AWS" identifiers = [...] }` block.
fn hcl_block_values(lit: &str, block: &str, names: &Names) -> Vec<String> {
    let mut out = Vec::new();
    let lower = lit.to_ascii_lowercase();
    for (i, _) in lower.match_indices(block) {
        let rest = lit[i + block.len()..].trim_start_matches([' ', '\t']);
        if !rest.starts_with('{') {
            continue;
        }
        let open = lit.len() - rest.len();
        if let Some(close) = matching(lit.as_bytes(), open) {
            let inner = &lit[open..=close];
            for (_, v) in keys(inner, &["identifiers"]) {
                values(raw_value(inner, v), names, 0, &mut out);
            }
        }
    }
    out
}

/// The text of a value starting at byte `v`: up to the comma, semicolon
/// or line end that ends it at its own depth, or the bracket that closes
/// its literal.
fn raw_value(text: &str, v: usize) -> &str {
    let b = text.as_bytes();
    let start = v + (text[v..].len() - text[v..].trim_start_matches([' ', '\t']).len());
    let stop = (start + crate::limits::POLICY_MAX_VALUE_BYTES).min(b.len());
    let (mut depth, mut quote) = (0usize, None::<u8>);
    let mut i = start;
    while i < stop {
        let c = b[i];
        match quote {
            Some(_) if c == b'\\' => i += 1,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                b'"' | b'\'' | b'`' => quote = Some(c),
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' if depth == 0 => break,
                b')' | b']' | b'}' => depth -= 1,
                b',' | b';' | b'\n' if depth == 0 => break,
                // Round 40 (blind r40 iam-spend-lens): a trailing comment
                // (`ACCT = "4" + "71112" + "903385"   # collector`) is no
                // part of the value.
                b'#' if depth == 0 && i > start && matches!(b[i - 1], b' ' | b'\t') => break,
                b'/' if depth == 0
                    && b.get(i + 1) == Some(&b'/')
                    && i > start
                    && matches!(b[i - 1], b' ' | b'\t') =>
                {
                    break;
                }
                _ => {}
            },
        }
        i += 1;
    }
    if i >= stop && stop < b.len() {
        // A value longer than the window is not read whole: say so rather
        // than judge a cut grant (lead, round 26 review).
        crate::limits::gave_up("POLICY_MAX_VALUE_BYTES");
    }
    let end = crate::text::clamp_boundary(text, i.min(b.len())).max(start);
    text[start..end].trim()
}

/// The strings an expression stands for: each member of a list or hash
/// literal (a hash member's value), else the folded value; a name assigned
/// a literal is read as that literal.
pub(super) fn values(e: &str, names: &Names, depth: usize, out: &mut Vec<String>) {
    let e = e.trim();
    if depth > 4 || e.is_empty() || out.len() > 64 {
        return;
    }
    if let Some(words) = e.strip_prefix("%w[").and_then(|r| r.strip_suffix(']')) {
        out.extend(words.split_whitespace().map(str::to_string));
        return;
    }
    // Go's typed literal: `map[string]string{…}`, `[]string{…}`.
    let typed = e.find('{').filter(|&i| {
        i > 0
            && e.ends_with('}')
            && e[..i].bytes().all(|c| {
                c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'[' | b']' | b'*' | b'&')
            })
    });
    let e = typed.map_or(e, |i| &e[i..]);
    let b = e.as_bytes();
    if matches!(b[0], b'[' | b'{' | b'(') && matching(b, 0) == Some(b.len() - 1) {
        for m in members(&e[1..e.len() - 1]) {
            values(m, names, depth + 1, out);
        }
        return;
    }
    if let Some(v) = fold(e, names) {
        out.push(v);
        return;
    }
    let name = e.trim_start_matches(['$', '@']);
    if let Some(raw) = names.raw.get(name) {
        values(raw, names, depth + 1, out);
    }
}

/// The members of a list or hash body, split at top-level commas; a hash
/// member (`"AWS" => x`, `AWS: x`, `key = x`) gives its value.
pub(super) fn members(body: &str) -> Vec<&str> {
    let b = body.as_bytes();
    let (mut depth, mut quote, mut from) = (0usize, None::<u8>, 0usize);
    let mut sep: Option<usize> = None;
    let mut out = Vec::new();
    let mut take = |from: usize, to: usize, sep: Option<usize>| {
        let m = match sep {
            Some(s) => &body[s..to],
            None => &body[from..to],
        };
        let m = m.trim();
        if !m.is_empty() {
            out.push(m);
        }
    };
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match quote {
            Some(_) if c == b'\\' => i += 1,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                b'"' | b'\'' | b'`' => quote = Some(c),
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                b',' | b';' | b'\n' if depth == 0 => {
                    take(from, i, sep);
                    from = i + 1;
                    sep = None;
                }
                b'=' if depth == 0 && sep.is_none() && b.get(i + 1) == Some(&b'>') => {
                    sep = Some(i + 2);
                    i += 1;
                }
                b'=' if depth == 0 && sep.is_none() && b.get(i + 1) != Some(&b'=') => {
                    sep = Some(i + 1)
                }
                b':' if depth == 0
                    && sep.is_none()
                    && b.get(i + 1) != Some(&b':')
                    && (i == 0 || b[i - 1] != b':') =>
                {
                    sep = Some(i + 1)
                }
                _ => {}
            },
        }
        i += 1;
    }
    take(from, b.len(), sep);
    out
}

/// A value folded to text: a string literal, a concatenation or join of
/// literals and known names, a template string with its `${x}`/`#{x}`/
/// `{x}` filled in (an unknown one is `$V`).
pub(super) fn fold(e: &str, names: &Names) -> Option<String> {
    let e = e.trim();
    let template = e
        .strip_prefix('`')
        .and_then(|r| r.strip_suffix('`'))
        .or_else(|| e.strip_prefix("f\"").and_then(|r| r.strip_suffix('"')))
        .or_else(|| e.strip_prefix("f'").and_then(|r| r.strip_suffix('\'')));
    let raw = match template {
        Some(t) => t.to_string(),
        None => fold_code(e, &names.vars)?,
    };
    Some(interpolate(
        &raw,
        &names.vars,
        template.is_some() && e.starts_with('f'),
    ))
}

/// `${x}`, `#{x}` (and Python's `{x}` in an f-string) replaced by the
/// value the file gives `x`, or `$V`.
fn interpolate(s: &str, vars: &Vars, bare: bool) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    loop {
        let next = ["${", "#{"]
            .iter()
            .filter_map(|o| rest.find(o).map(|i| (i, 2)))
            .chain(bare.then(|| rest.find('{').map(|i| (i, 1))).flatten())
            .min();
        let Some((i, open)) = next else {
            out.push_str(rest);
            return out;
        };
        let Some(close) = rest[i..].find('}') else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..i]);
        let name = rest[i + open..i + close].trim();
        out.push_str(vars.get(name).map_or("$V", String::as_str));
        rest = &rest[i + close + 1..];
    }
}

/// The file's assignments `NAME = EXPR` (`const`/`let`/`var`/`my`/`local`
/// declarations, `$name`, Go's `:=`), in order: each expression folded
/// with the names assigned before it.
pub(super) fn assignments(text: &str) -> Names<'_> {
    let mut names = Names {
        vars: Vars::new(),
        raw: HashMap::new(),
    };
    let mut offset = 0;
    let mut count = 0usize;
    for line in text.split_inclusive('\n') {
        let at = offset;
        offset += line.len();
        let t = line.trim_start();
        let t = ["const ", "let ", "var ", "my ", "our ", "local "]
            .iter()
            .find_map(|d| t.strip_prefix(d))
            .unwrap_or(t);
        let t = t.trim_start_matches(['$', '@']);
        let n = t
            .bytes()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_')
            .count();
        if n == 0 || n > 64 || t.as_bytes()[0].is_ascii_digit() {
            continue;
        }
        let name = &t[..n];
        let rest = t[n..].trim_start();
        let rest = rest.strip_prefix(":=").or_else(|| {
            rest.strip_prefix('=')
                .filter(|r| !r.starts_with('=') && !r.starts_with('>'))
        });
        let Some(rest) = rest else {
            continue;
        };
        count += 1;
        if count > crate::limits::POLICY_MAX_ASSIGNMENTS {
            crate::limits::gave_up("POLICY_MAX_ASSIGNMENTS");
            break;
        }
        let start = at + (line.len() - rest.len());
        let expr = raw_value(text, start);
        let expr = expr.trim_end_matches(';').trim();
        if expr.is_empty() {
            continue;
        }
        if let Some(v) = fold(expr, &names) {
            names.vars.insert(name.to_string(), v);
        }
        names.raw.insert(name, expr);
    }
    if text.contains("variable \"") {
        for (name, expr) in hcl_defaults(text) {
            if let Some(v) = fold(expr, &names) {
                names.vars.insert(name, v);
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn members_and_folds() {
        assert_eq!(
            members("\"AWS\" => x, AWS: `a:${B}`, k = \"v\", \"s3:Get\""),
            vec!["x", "`a:${B}`", "\"v\"", "\"s3:Get\""]
        );
        let n =
            assignments("B = [\"74\", \"10\"].join(\"\")\nrole = \"roles/\" + \"own\" + \"er\"\n");
        assert_eq!(n.vars.get("role").map(String::as_str), Some("roles/owner"));
        assert_eq!(
            fold("`arn:${B}:root`", &n).as_deref(),
            Some("arn:7410:root")
        );
        // Round 40: a trailing comment is no part of the value; Python's
        // `SEP.join(LIST)` folds.
        let n = assignments(
            "A = \"4\" + \"71112\" + \"903385\"   # collector account\nP = \"arn:aws:iam::aws:policy/\" + \"\".join([\"Admin\", \"istrator\", \"Access\"])  // x\n",
        );
        assert_eq!(n.vars.get("A").map(String::as_str), Some("471112903385"));
        assert_eq!(
            n.vars.get("P").map(String::as_str),
            Some("arn:aws:iam::aws:policy/AdministratorAccess")
        );
    }

    #[test]
    fn grants_and_near_misses() {
        let py = "role = 'roles/' + 'own' + 'er'\nm = 'serviceAccount:' + 'x' + '@p.iam.gserviceaccount.com'\npolicy['bindings'].append({'role': role, 'members': [m]})\nsubprocess.run(['gcloud', 'projects', 'set-iam-policy', p, f])\n";
        let e = run("a.py", py);
        assert!(
            e[0].has(Tag::AdminGrant) && e[0].has(Tag::BroadTarget),
            "{e:?}"
        );
        // The report that only reads policies applies none.
        assert!(run("a.py", &py.replace("set-iam-policy", "get-iam-policy")).is_empty());
        // A viewer role; an admin role for the user's own member.
        assert!(run("a.py", &py.replace("own' + 'er", "viewer")).is_empty());
        let own = py.replace("[m]", "[args.member]");
        assert!(!run("a.py", &own)[0].has(Tag::BroadTarget));
    }
}
