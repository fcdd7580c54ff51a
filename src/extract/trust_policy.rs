//! Round 32 (rights32): who may become a role, read wherever a role is
//! defined, not only beside an administrator attachment.
//!
//! One model for the infrastructure languages: a role has trustees (who may
//! assume it) and rights (what it may do). Trustees are read from every
//! principal site of the file:
//!
//! * CloudFormation YAML or JSON: `Principal: { AWS: … }` with its value
//!   resolved as CloudFormation does — `!Sub`/`Fn::Sub` with `${Param}`
//!   taken from the template's `Parameters` `Default`, `!Join`/`Fn::Join`
//!   of the pieces, `!Ref`/`Ref` of a parameter; `${AWS::AccountId}` and
//!   `Ref: AWS::AccountId` are the user's own account;
//! * the CDK in TypeScript/JavaScript/Python: `AccountPrincipal(…)`,
//!   `ArnPrincipal(…)`, `AnyPrincipal()`/`StarPrincipal()` (everyone), the
//!   argument folded through the file's assignments (`const partner =
//!   '2030' + '11300042'`); `AccountRootPrincipal()` and
//!   `Stack.of(this).account` are the user's;
//! * Pulumi and Terraform trust documents are JSON statements, read by
//!   `data_policy` (its `APPLY` table names their role resources).
//!
//! Rights: an AWS managed administrator policy (`admin_attach::ADMIN`,
//! squeezed), an allowing statement with every action (`Action: '*'`,
//! `actions: ['*']`, `actions=["*"]`, `iam:*`), `grantAdmin`.
//!
//! Decision (SK-PRIV-010, `Privileged` + `AdminGrant`): everyone, or an
//! account the skill writes in that is not a documentation placeholder,
//! → `BroadTarget` (high: rights for an outside principal); a
//! documentation account (`111122223333`, …; the skill cannot know the
//! user's account, so a literal one is never the user's) with
//! administrator rights in a shipped file → `BroadTarget` too; the same in
//! a how-to block of the Markdown stays the documented step (medium, no
//! `BroadTarget`); a placeholder with no rights named is quiet. A
//! principal narrowed by an organisation/account condition is not outside.
//! A file whose grant `data_policy`/`admin_attach` already reported as
//! outside is not reported twice.
//!
//! Linear: one regex pass per site kind; each value is read to the end of
//! its line, bracket or YAML block (`TRUST_POLICY_VALUE_BYTES` bytes, past which the
//! file is marked incomplete).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::HashMap;

/// Words that mark a file defining who may assume a role (lower case).
const MARKERS: &[&str] = &[
    "assumerolepolicy",
    "assume_role_policy",
    "assumedby",
    "assumed_by",
    "accountprincipal(",
    "arnprincipal(",
    "anyprincipal(",
    "starprincipal(",
];

/// The CDK principal classes: (call, everyone).
const CDK: &[(&str, bool)] = &[
    ("AccountPrincipal(", false),
    ("ArnPrincipal(", false),
    ("AnyPrincipal(", true),
    ("StarPrincipal(", true),
];

/// `AWS:` / `"AWS":` key of a CloudFormation principal (not `AWS::Type`).
static AWS_KEY: crate::rx::Lazy = crate::rx::Lazy::new(r#"\bAWS['"]?[ \t]*[:=]"#);
/// Every action: `Action: '*'`, `"Action": ["*"]`, `actions: ['*']`,
/// `actions=["*"]`, `iam:*`.
static EVERY_ACTION: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bactions?['"]?[ \t]*[:=][ \t]*(?:\[[ \t\n-]*|\n[ \t]*-[ \t]*)?['"]?(?:\*(?::\*)?|iam:\*)['"]?|\.grantadmin\(|\bgrant_admin\("#,
);

/// Adds the grants; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let lower = text.to_ascii_lowercase();
    if !MARKERS.iter().any(|m| lower.contains(m)) {
        return;
    }
    let already = sink.items.iter().any(|e| {
        e.location.path == src.path
            && e.op == Op::Privileged
            && e.has(Tag::AdminGrant)
            && e.has(Tag::BroadTarget)
    });
    if already {
        return;
    }
    let params = parameters(text);
    let names = super::data_policy::assignments(text);
    let file_admin = rights(text);
    let narrowed = super::data_policy::narrowed(text);
    let mut sites: Vec<(usize, usize, Trustee)> = Vec::new();
    for (call, everyone) in CDK {
        for (at, _) in text.match_indices(call) {
            if super::token_calls::in_comment_line(text, at) {
                continue;
            }
            let open = at + call.len();
            let arg = value(text, open - 1);
            let who = if *everyone {
                Trustee::Everyone
            } else {
                let inner = arg.trim_start_matches('(');
                let inner = inner.strip_suffix(')').unwrap_or(inner);
                let folded = super::data_policy::fold(inner, &names).unwrap_or_default();
                trustee(&folded)
            };
            sites.push((at, open + arg.len(), who));
        }
    }
    for m in AWS_KEY.find_iter(text) {
        if text[m.end()..].starts_with([':', '='])
            || super::token_calls::in_comment_line(text, m.start())
        {
            continue;
        }
        let v = value(text, m.end());
        let resolved = resolve(v, &params);
        for piece in resolved {
            sites.push((m.start(), m.end() + v.len(), trustee(&piece)));
        }
    }
    // The outermost trustee of the file, its role's rights deciding.
    let types: Vec<usize> = CFN_TYPE.find_iter(text).map(|m| m.start()).collect();
    let mut roles: HashMap<Option<(usize, usize)>, bool> = HashMap::new();
    if sites.len() > crate::limits::POLICY_MAX_STATEMENTS {
        crate::limits::gave_up("POLICY_MAX_STATEMENTS");
        sites.truncate(crate::limits::POLICY_MAX_STATEMENTS);
    }
    let mut best: Option<(usize, usize, Trustee, bool)> = None;
    for (start, end, who) in sites {
        if who == Trustee::Own {
            continue;
        }
        let admin = file_admin
            && *roles
                .entry(role_of(text, start, &types).map(|r| (r.1, r.2)))
                .or_insert_with(|| role_rights(text, start, &types).unwrap_or(true));
        let key = (who.rank(), admin);
        if best.as_ref().is_none_or(|b| key > (b.2.rank(), b.3)) {
            best = Some((start, end, who, admin));
        }
    }
    let Some((start, end, who, admin)) = best else {
        return;
    };
    let shipped = src.origin == Origin::Script;
    let (object, broad) = match (&who, admin) {
        (Trustee::Own, _) => return,
        (_, _) if narrowed => return,
        (Trustee::Everyone, true) => (
            "administrator rights for everyone (any principal may assume the role)".to_string(),
            true,
        ),
        (Trustee::Everyone, false) => (
            "the right to assume the role granted to everyone".to_string(),
            true,
        ),
        (Trustee::Outside(id), true) => (
            format!("administrator rights for AWS account {id}, which may assume the role"),
            true,
        ),
        (Trustee::Outside(id), false) => (
            format!("the right to assume the role granted to AWS account {id}"),
            true,
        ),
        (Trustee::Placeholder(id), true) => (
            format!(
                "administrator rights for AWS account {id} (a documentation account: not the user's), which may assume the role"
            ),
            shipped,
        ),
        (Trustee::Placeholder(_), false) => return,
    };
    let target = match &who {
        Trustee::Everyone => "everyone".to_string(),
        Trustee::Outside(id) | Trustee::Placeholder(id) => format!("AWS account {id}"),
        Trustee::Own => String::new(),
    };
    let mut ev = Evidence::new(Op::Privileged, A::UpdateState, R::Credentials, &target)
        .tag(Tag::AdminGrant)
        .instrument("trust policy")
        .object(object);
    if broad {
        ev.tags.insert(Tag::BroadTarget);
    }
    let end = crate::text::clamp_boundary(
        text,
        end.min(text[start..].find('\n').map_or(text.len(), |n| start + n)),
    );
    sink.push(src.at(ev, start, end.max(start), "code"));
}

/// Administrator rights in `text`: an AWS managed admin policy (squeezed,
/// so a name built in pieces counts), every action, `grantAdmin`.
fn rights(text: &str) -> bool {
    let squeezed: String = text
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    super::admin_attach::ADMIN
        .iter()
        .any(|a| squeezed.contains(a))
        || EVERY_ACTION.is_match(text)
}

/// A role definition around `at`: the CDK/Pulumi `Role(` call holding it,
/// a Terraform `aws_iam_role` block, or a CloudFormation `AWS::IAM::Role`
/// resource; its name (variable, resource address or logical id) and
/// block.
static ROLE_CALL: crate::rx::Lazy = crate::rx::Lazy::new(r"(\w+)\s*=\s*(?:new\s+)?[\w.]*\bRole\(");
static TF_ROLE: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"resource\s+"aws_iam_role"\s+"(\w+)"\s*\{"#);
static CFN_TYPE: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"(?m)^[ \t]*"?Type"?[ \t]*:[ \t]*['"]?AWS::"#);
static LOGICAL_ID: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"(?m)^[ \t]*"?([A-Za-z0-9]+)"?[ \t]*:[ \t]*\{?[ \t]*\r?$"#);

/// Bytes looked back from a principal for the role that holds it.
const ROLE_LOOKBACK: usize = 8192;

fn role_of(text: &str, at: usize, types: &[usize]) -> Option<(String, usize, usize)> {
    let b = text.as_bytes();
    let from = crate::text::clamp_boundary(text, at.saturating_sub(ROLE_LOOKBACK));
    let window = &text[from..at];
    let call = ROLE_CALL.captures_iter(window).last();
    if let Some(c) = call {
        let (all, name) = (c.get(0)?, c.get(1)?);
        let open = from + all.end() - 1;
        if let Some(close) = super::data_manifest::matching(b, open).filter(|c| *c >= at) {
            return Some((name.as_str().to_string(), open, close + 1));
        }
    }
    if let Some(c) = TF_ROLE.captures_iter(window).last() {
        let (all, name) = (c.get(0)?, c.get(1)?);
        let open = from + all.end() - 1;
        let close = super::data_manifest::matching(b, open)?;
        return Some((format!("aws_iam_role.{}", name.as_str()), open, close + 1));
    }
    let ty = window.rfind("AWS::IAM::Role").map(|i| from + i)?;
    let id = LOGICAL_ID
        .captures_iter(&text[from..ty])
        .last()
        .and_then(|c| c.get(1))?;
    let end = next_type(types, at).unwrap_or(text.len());
    Some((id.as_str().to_string(), from + id.start(), end))
}

/// The first CloudFormation `Type: AWS::…` line at or after `at`.
fn next_type(types: &[usize], at: usize) -> Option<usize> {
    let k = types.partition_point(|t| *t < at);
    types.get(k).copied()
}

/// The rights the role around `at` is given: in its own block or in a
/// statement that names it (`role.addToPolicy(…)`, `Roles: [!Ref R]`,
/// `role = aws_iam_role.r.name`). `None` when no role is found.
fn role_rights(text: &str, at: usize, types: &[usize]) -> Option<bool> {
    let (name, s, e) = role_of(text, at, types)?;
    if rights(&text[s..e]) {
        return Some(true);
    }
    let b = text.as_bytes();
    let mut seen = 0usize;
    for (i, _) in text.match_indices(name.as_str()) {
        if (s..e).contains(&i)
            || i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
            || b.get(i + name.len())
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            continue;
        }
        seen += 1;
        if seen > crate::limits::POLICY_MAX_STATEMENTS {
            crate::limits::gave_up("POLICY_MAX_STATEMENTS");
            return Some(true);
        }
        if rights(reference(text, i, types)) {
            return Some(true);
        }
    }
    Some(false)
}

/// The statement around a reference at `i`: the CloudFormation resource
/// holding it, else from its line's start to the end of the first call
/// opened on that line.
fn reference<'t>(text: &'t str, i: usize, types: &[usize]) -> &'t str {
    let line = text[..i].rfind('\n').map_or(0, |n| n + 1);
    let k = types.partition_point(|t| *t < i);
    if k > 0 {
        let end = types.get(k).copied().unwrap_or(text.len());
        return &text[types[k - 1]..end];
    }
    let eol = text[i..].find('\n').map_or(text.len(), |n| i + n);
    let open = text[line..eol].find('(').map(|o| line + o);
    let end = open
        .and_then(|o| super::data_manifest::matching(text.as_bytes(), o))
        .map_or(eol, |c| (c + 1).max(eol));
    &text[line..crate::text::clamp_boundary(text, end)]
}

/// Who a principal value names.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Trustee {
    Own,
    Placeholder(String),
    Outside(String),
    Everyone,
}

impl Trustee {
    fn rank(&self) -> u8 {
        match self {
            Trustee::Own => 0,
            Trustee::Placeholder(_) => 1,
            Trustee::Outside(_) => 2,
            Trustee::Everyone => 3,
        }
    }
}

/// A resolved principal: `*`, a 12-digit account or an IAM ARN, or
/// anything else (the user's own, a variable).
fn trustee(v: &str) -> Trustee {
    let v = v.trim().trim_matches(['"', '\'']).trim();
    if v == "*" {
        return Trustee::Everyone;
    }
    let id = if v.len() == 12 && v.bytes().all(|b| b.is_ascii_digit()) {
        Some(v)
    } else {
        v.strip_prefix("arn:aws:iam::")
            .or_else(|| v.strip_prefix("arn:aws:sts::"))
            .and_then(|r| r.get(..12))
            .filter(|id| id.bytes().all(|b| b.is_ascii_digit()))
    };
    match id {
        Some(id) if super::data_policy::PLACEHOLDER_ACCOUNTS.contains(&id) => {
            Trustee::Placeholder(id.to_string())
        }
        Some(id) => Trustee::Outside(id.to_string()),
        None => Trustee::Own,
    }
}

/// A CloudFormation template's parameters with a `Default` (YAML or JSON).
/// Each parameter's block is read whole: a `Default` after any number of
/// other keys or list lines is found (merge of round 32: a window of eight
/// keys or 600 bytes let a default past it read as the user's own account,
/// without saying so).
fn parameters(text: &str) -> HashMap<String, String> {
    static JSON: crate::rx::Lazy =
        crate::rx::Lazy::new(r#""(\w+)"\s*:\s*\{[^{}]*?"Default"\s*:\s*"([^"]*)""#);
    let mut out = HashMap::new();
    if !text.contains("Default") {
        return out;
    }
    yaml_parameters(text, &mut out);
    for c in JSON.captures_iter(text) {
        if let (Some(n), Some(v)) = (c.get(1), c.get(2)) {
            out.insert(n.as_str().to_string(), v.as_str().to_string());
        }
    }
    out
}

/// YAML: an indented key with nothing after its colon opens a block; its
/// `Default:` is the first among the lines indented deeper than the key,
/// before a line at the key's indentation or less. One pass.
fn yaml_parameters(text: &str, out: &mut HashMap<String, String>) {
    let mut open: Option<(usize, &str)> = None;
    for l in text.lines() {
        let t = l.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let ind = l.len() - l.trim_start_matches([' ', '\t']).len();
        if let Some((oi, name)) = open {
            if ind <= oi {
                open = None;
            } else if let Some(v) = t.strip_prefix("Default:") {
                let v = v.split(" #").next().unwrap_or(v);
                let v = v.trim().trim_matches(['\'', '"']).trim();
                out.insert(name.to_string(), v.to_string());
                open = None;
                continue;
            }
        }
        if open.is_none() && ind > 0 {
            let key = t.strip_suffix(':').map(|k| k.trim_matches(['\'', '"']));
            if let Some(k) = key.filter(|k| {
                !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            }) {
                open = Some((ind, k));
            }
        }
    }
}

/// The value after a key or an open parenthesis at `from`: to the end of
/// its line, or of the bracket it opens, or of the YAML block under it.
fn value(text: &str, from: usize) -> &str {
    let rest = &text[from..];
    let line_start = text[..from].rfind('\n').map_or(0, |n| n + 1);
    let key_indent = text[line_start..]
        .bytes()
        .take_while(|b| *b == b' ' || *b == b'-')
        .count();
    let mut depth = 0usize;
    let mut end = rest.len();
    let mut started = false;
    let b = rest.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if i >= crate::limits::TRUST_POLICY_VALUE_BYTES {
            crate::limits::gave_up("TRUST_POLICY_VALUE_BYTES");
            end = i;
            break;
        }
        let c = b[i];
        match c {
            b'[' | b'(' | b'{' => {
                depth += 1;
                started = true;
            }
            b']' | b')' | b'}' if depth == 0 => {
                end = i;
                break;
            }
            b']' | b')' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    end = i + 1;
                    break;
                }
            }
            b'\n' if depth == 0 => {
                let next = &rest[i + 1..];
                let ind = next.bytes().take_while(|b| *b == b' ').count();
                let blank_head = !started && rest[..i].trim().is_empty();
                if !(blank_head || ind > key_indent && !next.trim().is_empty()) {
                    end = i;
                    break;
                }
            }
            b' ' | b'\t' => {}
            _ => started = true,
        }
        i += 1;
    }
    let end = crate::text::clamp_boundary(rest, end);
    &rest[..end]
}

/// The quoted or plain strings of a CloudFormation value, in order.
fn strings(v: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = v.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'"' || c == b'\'' {
            let close = v[i + 1..].find(c as char).map_or(v.len(), |j| i + 1 + j);
            out.push(v[i + 1..close].to_string());
            i = close + 1;
            continue;
        }
        i += 1;
    }
    out
}

/// A CloudFormation principal value resolved to the strings it stands
/// for: each item of a list, `!Sub`/`Fn::Sub` and `!Join`/`Fn::Join`
/// computed, `!Ref`/`Ref` of a parameter its default. The user's own
/// account is `SELF`; an unknown parameter `$V`.
fn resolve(v: &str, params: &HashMap<String, String>) -> Vec<String> {
    let sub = |s: &str| -> String {
        let mut out = String::new();
        let mut rest = s;
        while let Some(i) = rest.find("${") {
            out.push_str(&rest[..i]);
            let Some(j) = rest[i..].find('}') else {
                break;
            };
            let name = &rest[i + 2..i + j];
            out.push_str(&param(name, params));
            rest = &rest[i + j + 1..];
        }
        out.push_str(rest);
        out
    };
    let t = v.trim();
    if t.contains("Fn::Join") || t.contains("!Join") {
        // Refs inside are the parameters they name.
        let mut with_refs = String::new();
        let mut rest = t;
        static REF: crate::rx::Lazy = crate::rx::Lazy::new(
            r#"!Ref[ \t]+['"]?([\w:]+)['"]?|\{\s*"Ref"\s*:\s*"([\w:]+)"\s*\}"#,
        );
        while let Some(c) = REF.captures(rest) {
            let (Some(all), Some(n)) = (c.get(0), c.get(1).or_else(|| c.get(2))) else {
                break;
            };
            with_refs.push_str(&rest[..all.start()]);
            with_refs.push_str(&format!("'{}'", param(n.as_str(), params)));
            rest = &rest[all.end()..];
        }
        with_refs.push_str(rest);
        let s: Vec<String> = strings(&with_refs)
            .into_iter()
            .filter(|x| !x.starts_with("Fn::"))
            .collect();
        let Some((sep, parts)) = s.split_first() else {
            return Vec::new();
        };
        return vec![sub(&parts.join(sep))];
    }
    if let Some(r) = t.strip_prefix("!Ref") {
        return vec![param(r.trim().trim_matches(['"', '\'']), params)];
    }
    if t.starts_with('{') && t.contains("\"Ref\"") && !t.contains("Fn::") {
        let s = strings(t);
        return vec![param(s.get(1).map_or("", String::as_str), params)];
    }
    let is_sub = t.contains("Fn::Sub") || t.contains("!Sub");
    let items: Vec<String> = if t.contains('"') || t.contains('\'') {
        strings(t)
            .into_iter()
            .filter(|s| !s.starts_with("Fn::"))
            .collect()
    } else {
        t.split(['\n', ',', '[', ']'])
            .map(|x| {
                x.trim()
                    .trim_start_matches("- ")
                    .trim_start_matches("!Sub")
                    .trim()
                    .to_string()
            })
            .filter(|x| !x.is_empty())
            .collect()
    };
    items
        .into_iter()
        .map(|s| {
            if is_sub || s.contains("${") {
                sub(&s)
            } else {
                s
            }
        })
        .collect()
}

/// A CloudFormation parameter's value: the user's account for the pseudo
/// parameters, the default of a template parameter, else unknown.
fn param(name: &str, params: &HashMap<String, String>) -> String {
    if name.starts_with("AWS::") {
        return "SELF".into();
    }
    params.get(name).cloned().unwrap_or_else(|| "$V".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        let src = Src::new(path, text, Origin::Script);
        let mut sink = Sink::default();
        scan(&src, &mut sink);
        sink.items
    }

    const CFN: &str = "Parameters:\n  Partner:\n    Type: String\n    Default: 'ACCT'\nResources:\n  R:\n    Type: AWS::IAM::Role\n    Properties:\n      AssumeRolePolicyDocument:\n        Statement:\n          - Effect: Allow\n            Principal:\n              AWS: PRINCIPAL\n            Action: sts:AssumeRole\n      ManagedPolicyArns:\n        - arn:aws:iam::aws:policy/AdministratorAccess\n";

    #[test]
    fn a_default_past_many_keys_and_lists_is_read() {
        let keys: String = (0..12).map(|i| format!("    Key{i}: v{i}\n")).collect();
        let padded = CFN
            .replace(
                "    Type: String\n",
                &format!("    Type: String\n    AllowedValues:\n      - a\n      - b\n{keys}"),
            )
            .replace("ACCT", "203011300042")
            .replace("PRINCIPAL", "!Sub 'arn:aws:iam::${Partner}:root'");
        assert!(run("t.yaml", &padded)[0].has(Tag::BroadTarget));
        let pad = "x".repeat(2000);
        let json = format!(
            r#"{{"AssumeRolePolicyDocument": {{"Statement": [{{"Effect": "Allow", "Principal": {{"AWS": {{"Fn::Join": ["", ["arn:aws:iam::", {{"Ref": "Partner"}}, ":root"]]}}}}, "Action": "sts:AssumeRole"}}]}}, "Parameters": {{"Partner": {{"Type": "String", "Description": "{pad}", "Default": "203011300042"}}}}}}"#
        );
        assert!(run("t.json", &json)[0].has(Tag::BroadTarget));
    }

    #[test]
    fn cfn_sub_and_join_resolve_the_account() {
        let sub = CFN
            .replace("ACCT", "203011300042")
            .replace("PRINCIPAL", "!Sub 'arn:aws:iam::${Partner}:root'");
        let ev = run("t.yaml", &sub);
        assert_eq!(ev.len(), 1);
        assert!(ev[0].has(Tag::BroadTarget), "{:?}", ev[0].object);
        let join = CFN.replace(
            "PRINCIPAL",
            "!Join ['', ['arn:aws:iam::', '2030113', '00042', ':root']]",
        );
        assert!(run("t.yaml", &join)[0].has(Tag::BroadTarget));
        let json = r#"{"AssumeRolePolicyDocument": {"Statement": [{"Effect": "Allow", "Principal": {"AWS": {"Fn::Join": ["", ["arn:aws:iam::", {"Ref": "Partner"}, ":root"]]}}, "Action": "sts:AssumeRole"}]}, "Parameters": {"Partner": {"Type": "String", "Default": "203011300042"}}}"#;
        assert!(run("t.json", json)[0].has(Tag::BroadTarget));
    }

    #[test]
    fn own_account_and_placeholders() {
        let own = CFN.replace("PRINCIPAL", "!Sub 'arn:aws:iam::${AWS::AccountId}:root'");
        assert!(run("t.yaml", &own).is_empty());
        let param_no_default = CFN
            .replace("    Default: 'ACCT'\n", "")
            .replace("PRINCIPAL", "!Sub 'arn:aws:iam::${Partner}:root'");
        assert!(run("t.yaml", &param_no_default).is_empty());
        let doc = CFN.replace("PRINCIPAL", "arn:aws:iam::111122223333:root");
        assert!(run("t.yaml", &doc)[0].has(Tag::BroadTarget));
        let no_admin = doc.replace("AdministratorAccess", "ReadOnlyAccess");
        assert!(run("t.yaml", &no_admin).is_empty());
        let src = Src::new("SKILL.md", &doc, Origin::CodeBlock);
        let mut sink = Sink::default();
        scan(&src, &mut sink);
        assert!(!sink.items[0].has(Tag::BroadTarget));
    }

    #[test]
    fn cdk_principals() {
        let ts = "const partner = '2030' + '11300042';\nconst role = new iam.Role(this, 'R', { assumedBy: new iam.AccountPrincipal(partner) });\nrole.addToPolicy(new iam.PolicyStatement({ actions: ['*'], resources: ['*'] }));\n";
        assert!(run("s.ts", ts)[0].has(Tag::BroadTarget));
        let any = "role = iam.Role(self, 'R', assumed_by=iam.AnyPrincipal())\n";
        assert!(run("s.py", any)[0].has(Tag::BroadTarget));
        let own = "const role = new iam.Role(this, 'R', { assumedBy: new iam.AccountRootPrincipal() });\nrole.addToPolicy(new iam.PolicyStatement({ actions: ['*'], resources: ['*'] }));\n";
        assert!(run("s.ts", own).is_empty());
        let svc = "const role = new iam.Role(this, 'R', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });\n";
        assert!(run("s.ts", svc).is_empty());
        // The rights are the role's: a read-only role for a placeholder
        // account beside the user's own admin role is no admin grant.
        let two = "const audit = new iam.Role(this, 'A', { assumedBy: new iam.AccountPrincipal('111122223333') });\naudit.addManagedPolicy(iam.ManagedPolicy.fromAwsManagedPolicyName('ReadOnlyAccess'));\nconst ops = new iam.Role(this, 'O', { assumedBy: new iam.AccountRootPrincipal() });\nops.addManagedPolicy(iam.ManagedPolicy.fromAwsManagedPolicyName('AdministratorAccess'));\n";
        assert!(run("s.ts", two).is_empty());
        let swapped = two
            .replace("'ReadOnlyAccess'", "'X'")
            .replace("ops.addManaged", "audit.addManaged");
        assert!(run("s.ts", &swapped)[0].has(Tag::BroadTarget));
    }
}
