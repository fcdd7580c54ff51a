//! Round 30 (rights30): an AWS managed administrator policy attached by
//! infrastructure code, whatever spells it. Terraform
//! (`aws_iam_*_policy_attachment` `policy_arn =`, `managed_policy_arns =
//! [...]`), CloudFormation (`ManagedPolicyArns:`), the CDK in TypeScript
//! and Python (`ManagedPolicy.fromAwsManagedPolicyName(…)`,
//! `from_aws_managed_policy_name(…)`, `fromManagedPolicyArn(…)`), Pulumi
//! (`policyArn:`, `policy_arn=`): the value is read whole (up to the end
//! of its statement, a list to its closing bracket) and squeezed to its
//! letters and digits, so a name built in pieces (`join("",
//! ["Administrator", "Access"])`, `"Admin" + "istratorAccess"`,
//! `format("%s%s", …)`) is the name it builds. `Privileged` + `AdminGrant`
//! (SK-PRIV-010); a name that only the squeeze finds was hidden from the
//! reader — `Obfuscated`, and with it `BroadTarget` (the same reading as
//! `commands.rs` gives a concealed role on the command line): an intent
//! signal, whoever the grantee is. The CLI's `--policy-arn` and the SDKs'
//! `attach_role_policy` are `commands.rs`'s and `sdk.rs`'s, except (round
//! 40) an SDK call whose policy argument only folding through the file's
//! assignments names (`PolicyArn=P`, `P = … "".join(["Admin", …])`):
//! hidden, read here.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Keys and calls whose value is a managed policy (lower case).
const KEYS: &[&str] = &[
    "policy_arn",
    "policyarn",
    "managed_policy_arns",
    "managedpolicyarns",
    "fromawsmanagedpolicyname(",
    "from_aws_managed_policy_name(",
    "frommanagedpolicyarn(",
    "from_managed_policy_arn(",
];
/// AWS managed policies that give control of the account.
pub(super) const ADMIN: &[&str] = &["administratoraccess", "iamfullaccess", "poweruseraccess"];
/// An AWS account named as a principal that may act in the account: a
/// trust policy's `AWS` principal, an `identifiers`/`Principal` line, the
/// CDK's `AccountPrincipal`/`ArnPrincipal` (capture: the account).
static PRINCIPAL: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:principal|identifiers|assumedby|trusted_?(?:account|arn|entit)\w*)[^\n]{0,160}?(?:arn:aws:iam::|['"])(\d{12})\b|\bAWS['"]?\s*[:=]\s*\[?\s*['"]?(?:arn:aws:iam::)?(\d{12})\b"#,
);
/// An SDK or CLI attach call (`attach_user_policy(…, PolicyArn=…)`,
/// `AttachRolePolicyCommand`, `aws iam attach-role-policy`): `sdk.rs`'s
/// and `commands.rs`'s, which know the grantee.
static SDK_ATTACH: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)attach[_-]?(?:role|user|group)[_-]?policy");

/// The value after a key or call at `from`: to the end of the line, or of
/// the bracket it opens.
fn value(text: &str, from: usize) -> &str {
    let rest = &text[from..];
    let b = rest.as_bytes();
    let mut depth = 0usize;
    let mut end = rest.len();
    for (i, &c) in b.iter().enumerate() {
        if i >= crate::limits::ADMIN_ATTACH_VALUE_BYTES {
            crate::limits::gave_up("ADMIN_ATTACH_VALUE_BYTES");
            end = i;
            break;
        }
        match c {
            b'[' | b'(' | b'{' => depth += 1,
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
            // A YAML block list goes on while its next line is an item.
            b'\n'
                if depth == 0
                    && i > 0
                    && !rest[..i].trim().is_empty()
                    && !rest[i + 1..].trim_start().starts_with("- ") =>
            {
                end = i;
                break;
            }
            _ => {}
        }
    }
    let end = crate::text::clamp_boundary(rest, end);
    &rest[..end]
}

/// A value built from pieces: a join, a format, a concatenation, a
/// CloudFormation `Fn::Join`/`!Join`/`!Sub`.
fn pieces(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    [
        "join(", "format(", "concat(", "fn::join", "!join", "!sub", "fn::sub", "\" + \"", "' + '",
        ".join",
    ]
    .iter()
    .any(|p| l.contains(p))
}

/// Terraform's `local.NAME` / `var.NAME`: the expression a `locals`
/// entry (`NAME = …`) or the variable's `default` gives it.
pub(super) fn reference<'t>(text: &'t str, v: &str) -> Option<&'t str> {
    let v = v.trim();
    let (kind, name) = v.split_once('.')?;
    if !matches!(kind, "local" | "var")
        || name.is_empty()
        || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        return None;
    }
    let (anchor, key) = if kind == "local" {
        (None, name)
    } else {
        (text.find(&format!("variable \"{name}\"")), "default")
    };
    let from = anchor.unwrap_or(0);
    if kind == "var" && anchor.is_none() {
        return None;
    }
    let mut at = from;
    for line in text[from..].split_inclusive('\n') {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix(key) {
            let rest = rest.trim_start();
            if rest.starts_with('=') && !rest.starts_with("==") {
                let open = at + (line.len() - rest.len()) + 1;
                return Some(value(text, open));
            }
        }
        at += line.len();
    }
    None
}

/// Adds an admin grant for every managed administrator policy attached.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let lower = text.to_ascii_lowercase();
    if !KEYS.iter().any(|k| lower.contains(k)) {
        return;
    }
    // An outside account the file lets in: admin attached in the same file
    // is administrator for that account (the trust and the attachment are
    // one role in one template; `data_policy` reads the trust statement
    // itself).
    // Round 31: a documentation account (`444455556666`) is a placeholder
    // when written plainly; one whose ARN is built from pieces
    // (`join(":", ["arn:aws:iam:", "444455556666", "root"])`) was hidden
    // from the reader, and nobody hides a placeholder.
    let outsider = PRINCIPAL.captures_iter(text).find_map(|c| {
        let m = c.get(1).or_else(|| c.get(2))?;
        let id = m.as_str();
        if super::token_calls::in_comment_line(text, c.get(0)?.start()) {
            return None;
        }
        let from = text[..m.start()].rfind('\n').map_or(0, |n| n + 1);
        let line = &text[from..text[m.start()..]
            .find('\n')
            .map_or(text.len(), |n| m.start() + n)];
        super::data_policy::account_id(id)
            .or_else(|| {
                (super::data_policy::PLACEHOLDER_ACCOUNTS.contains(&id) && pieces(line))
                    .then_some(id)
            })
            .map(str::to_string)
    });
    let mut seen = 0usize;
    let mut names: Option<super::data_policy::Names> = None;
    for k in KEYS {
        for (at, _) in lower.match_indices(k) {
            seen += 1;
            if seen > crate::limits::POLICY_MAX_STATEMENTS {
                crate::limits::gave_up("POLICY_MAX_STATEMENTS");
                return;
            }
            let b = lower.as_bytes();
            if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
                continue;
            }
            if super::token_calls::in_comment_line(text, at) {
                continue;
            }
            let from = crate::text::clamp_boundary(text, at.saturating_sub(300));
            let sdk = SDK_ATTACH.is_match(&text[from..at]);
            let after = at + k.len();
            let rest = &lower[after..];
            let rest_t = rest.trim_start_matches(['"', '\'', ' ', '\t']);
            // A key is followed by `=`/`:`; a call by its arguments.
            let open = if k.ends_with('(') {
                after
            } else if rest_t.starts_with('=') && !rest_t.starts_with("==")
                || rest_t.starts_with(':') && !rest_t.starts_with("::")
            {
                lower.len() - rest_t.len() + 1
            } else {
                continue;
            };
            let v = value(text, open);
            // Round 31: `policy_arn = local.support_policy`: the value the
            // file's `locals` (or a variable's default) gives the name.
            let v = reference(text, v).unwrap_or(v);
            let vl = v.to_ascii_lowercase();
            let squeezed: String = vl.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
            let plain = ADMIN.iter().find(|a| squeezed.contains(*a));
            // An SDK or CLI attach call naming the policy plainly is
            // `sdk.rs`'s and `commands.rs`'s, which know the grantee. Round
            // 40 (blind r40 iam-spend-lens): one whose policy argument only
            // folding through the file's assignments names (`PolicyArn=P`,
            // `P = "arn:…/" + "".join(["Admin", "istrator", "Access"])`)
            // is read here, hidden.
            let folded = match (sdk, plain) {
                (true, Some(_)) => continue,
                (true, None) => {
                    let names = names.get_or_insert_with(|| super::data_policy::assignments(text));
                    let mut vals = Vec::new();
                    super::data_policy::values(v, names, 0, &mut vals);
                    vals.iter()
                        .map(|x| {
                            x.to_ascii_lowercase()
                                .replace(|c: char| !c.is_ascii_alphanumeric(), "")
                        })
                        .find_map(|x| ADMIN.iter().find(|a| x.contains(*a)))
                }
                (false, _) => None,
            };
            let Some(name) = plain.or(folded) else {
                continue;
            };
            let hidden = folded.is_some() || !vl.contains(name);
            let mut object = format!("administrator policy {name} attached");
            if hidden {
                object.push_str(", its name built from pieces");
            }
            if let Some(id) = &outsider {
                object.push_str(&format!(" to a role AWS account {id} may assume"));
            }
            let mut ev = Evidence::new(Op::Privileged, A::UpdateState, R::Credentials, src.path)
                .tag(Tag::AdminGrant)
                .instrument("managed policy attached")
                .object(object);
            if hidden {
                ev.tags.insert(Tag::Obfuscated);
            }
            if hidden || outsider.is_some() {
                ev.tags.insert(Tag::BroadTarget);
            }
            let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
            sink.push(src.at(ev, at, end, "code"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn an_sdk_attach_whose_policy_only_folding_names_is_hidden() {
        // Round 40 (blind r40 iam-spend-lens): the policy held by a name
        // assigned a join of pieces, a trailing comment after it.
        let py = "P = \"arn:aws:iam::aws:policy/\" + \"\".join([\"Admin\", \"istrator\", \"Access\"])  # reader\niam.attach_role_policy(RoleName=R, PolicyArn=P)\n";
        let e = run("s.py", py);
        assert!(
            e.len() == 1 && e[0].has(Tag::AdminGrant) && e[0].has(Tag::Obfuscated),
            "{e:?}"
        );
        let js = "const P = [\"arn:aws:iam::aws:policy/Admin\", \"istratorAccess\"].join(\"\");\nawait iam.send(new AttachRolePolicyCommand({ RoleName: r, PolicyArn: P }));\n";
        assert!(run("s.js", js).iter().any(|e| e.has(Tag::AdminGrant)));
        // A read-only policy built the same way, and an admin policy named
        // plainly in the call (`sdk.rs`'s), are not read here.
        assert!(
            run(
                "s.py",
                &py.replace(
                    "\"Admin\", \"istrator\", \"Access\"",
                    "\"ReadOnly\", \"Access\""
                )
            )
            .is_empty()
        );
        assert!(run("s.py", "iam.attach_role_policy(RoleName=R, PolicyArn=\"arn:aws:iam::aws:policy/AdministratorAccess\")\n").is_empty());
    }

    #[test]
    fn admin_policy_attached_in_every_spelling() {
        for (path, t) in [
            (
                "main.tf",
                "resource \"aws_iam_role_policy_attachment\" \"a\" {\n  role = aws_iam_role.r.name\n  policy_arn = \"arn:aws:iam::aws:policy/AdministratorAccess\"\n}\n",
            ),
            (
                "t.yaml",
                "Resources:\n  R:\n    Type: AWS::IAM::Role\n    Properties:\n      ManagedPolicyArns:\n        - arn:aws:iam::aws:policy/IAMFullAccess\n",
            ),
            (
                "stack.ts",
                "role.addManagedPolicy(iam.ManagedPolicy.fromAwsManagedPolicyName('AdministratorAccess'));\n",
            ),
            (
                "stack.py",
                "role.add_managed_policy(iam.ManagedPolicy.from_aws_managed_policy_name(\"PowerUserAccess\"))\n",
            ),
        ] {
            let e = run(path, t);
            assert_eq!(e.len(), 1, "{t}");
            assert!(
                e[0].has(Tag::AdminGrant) && !e[0].has(Tag::Obfuscated),
                "{t}"
            );
        }
    }

    #[test]
    fn a_name_built_from_pieces_is_concealed() {
        for (path, t) in [
            (
                "main.tf",
                "  policy_arn = \"arn:aws:iam::aws:policy/${join(\"\", [\"Administrator\", \"Access\"])}\"\n",
            ),
            (
                "main.tf",
                "  managed_policy_arns = [format(\"arn:aws:iam::aws:policy/%s%s\", \"Admin\", \"istratorAccess\")]\n",
            ),
            (
                "stack.ts",
                "iam.ManagedPolicy.fromAwsManagedPolicyName('Administrator' + 'Access')\n",
            ),
        ] {
            let e = run(path, t);
            assert_eq!(e.len(), 1, "{t}");
            assert!(
                e[0].has(Tag::Obfuscated) && e[0].has(Tag::BroadTarget),
                "{t}"
            );
        }
    }

    #[test]
    fn narrow_policies_and_other_keys_are_quiet() {
        for t in [
            "  policy_arn = \"arn:aws:iam::aws:policy/ReadOnlyAccess\"\n",
            "  policy_arn = aws_iam_policy.deploy.arn\n",
            "# policy_arn = \"arn:aws:iam::aws:policy/AdministratorAccess\"\n",
            "if policy_arn == \"arn:aws:iam::aws:policy/AdministratorAccess\":\n    warn()\n",
        ] {
            assert!(run("main.tf", t).is_empty(), "{t}");
        }
    }
}
