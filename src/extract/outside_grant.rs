//! Round 24 (r24 s3-bucket-sync): a resource policy or ACL the skill
//! applies that gives the user's cloud data to someone else. A bucket,
//! key, registry, queue or topic policy granting an account written in the
//! skill (`"Principal": {"AWS": "arn:aws:iam::4417…:root"}`, the ID split
//! across strings and joined again), or everyone (`"Principal": "*"`,
//! `allUsers`, `allAuthenticatedUsers`, a `public-read` ACL, a public blob
//! container), lets that party read what the user keeps there long after
//! the skill has run: the data leaves without any request of the skill's.
//!
//! One table of the calls that apply such a policy ([`APPLY`]: boto3,
//! the AWS CLI and SDK v3, `gsutil`/`gcloud`, the GCS client, Azure,
//! Terraform resources), one of the grantees ([`account_grantee`],
//! [`everyone`]). A file that applies a policy and names such a grantee is
//! an [`Op::NetSend`] to the grantee tagged [`Tag::OutsideGrant`]
//! (SK-EXFIL-010). Documentation placeholder accounts (`123456789012`,
//! `111122223333`) and an account the file also names as the owner of the
//! resource (`arn:aws:kms:…:ACCOUNT:key/…`) are no outsider. A public read
//! next to a static-website configuration (`put_bucket_website`, `aws s3
//! website`, `website {` in Terraform) is what a website bucket needs:
//! tagged [`Tag::DeclaredPurpose`] so the rule reads it lower.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// A call or resource that applies a policy, binding or ACL.
static APPLY: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:put_bucket_policy|put-bucket-policy|putBucketPolicy|PutBucketPolicyCommand|put_bucket_acl|put-bucket-acl|putBucketAcl|put_object_acl|put-object-acl|put_key_policy|put-key-policy|PutKeyPolicyCommand|create_grant|create-grant|set_repository_policy|set-repository-policy|SetRepositoryPolicyCommand|set_queue_attributes|set-queue-attributes|set_topic_attributes|set-topic-attributes|add_permission|add-permission|set_iam_policy|setIamPolicy|add-iam-policy-binding|set_container_acl|set_container_access_policy|aws_s3_bucket_policy|aws_s3_bucket_acl|aws_kms_key_policy|aws_ecr_repository_policy|aws_ecrpublic_repository_policy|aws_sqs_queue_policy|aws_sns_topic_policy|aws_lambda_permission|google_storage_bucket_iam_(?:member|binding|policy)|google_kms_crypto_key_iam_(?:member|binding)|azurerm_storage_container)\b|\bgsutil\s+(?:-m\s+)?(?:iam|acl|defacl)\s+(?:ch|set)\b|\bgcloud\s+storage\s+buckets\s+update\b[^\n]{0,200}--predefined-(?:default-object-)?acl|--acl\s+public-read|\bACL\s*=\s*['\x22]public-read|--public-access\s+(?:blob|container)\b|['\x22]?container_access_type['\x22]?\s*[=:]\s*['\x22](?:blob|container)['\x22]",
);
/// An AWS account as a principal: in an ARN, or a bare 12-digit ID given
/// as the `AWS` principal or a grantee.
static ACCOUNT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"arn:aws(?:-cn|-us-gov)?:(?:iam|sts)::(\d{12}):|['\x22]AWS['\x22]\s*[:=]\s*\[?\s*['\x22](\d{12})['\x22]|\b(?:--principal|Principal=|principal\s*[:=])\s*['\x22]?(\d{12})\b",
);
/// Everyone as a principal.
static EVERYONE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)['\x22]Principal['\x22]\s*[:=]\s*(?:\{\s*['\x22]AWS['\x22]\s*[:=]\s*)?\[?\s*['\x22]\*['\x22]|\ballUsers\b|\ballAuthenticatedUsers\b|\bpublic-read(?:-write)?\b|--public-access\s+(?:blob|container)\b|container_access_type['\x22]?\s*[=:]\s*['\x22](?:blob|container)['\x22]|\bprincipals\s*\{\s*type\s*=\s*['\x22]\*['\x22]"#,
);
/// A static-website configuration: the public read such a bucket needs.
static WEBSITE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bput_bucket_website\b|\bput-bucket-website\b|\bPutBucketWebsiteCommand\b|\baws\s+s3\s+website\b|\baws_s3_bucket_website_configuration\b|\bwebsite\s*\{|\bgsutil\s+web\s+set\b|--web-main-page-suffix|\bstatic-website\b",
);
/// A chain of string literals joined by `+`, `.` or `..`, or written side
/// by side.
static CHAIN: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?:"[^"\n]*"|'[^'\n]*')(?:[ \t]*(?:\+|\.\.?)?[ \t]*(?:"[^"\n]*"|'[^'\n]*'))+"#,
);

/// The text with every chain of joined string literals also written as
/// one literal (after the original), so an account split across strings
/// is read whole. Bounded by the file size.
fn joined_literals(text: &str) -> String {
    let mut out = String::new();
    for m in CHAIN.find_iter(text) {
        out.push('"');
        out.push_str(&super::auth_relay::literals_joined(m.as_str()));
        out.push_str("\"\n");
    }
    out
}

/// The outside account a text grants, if any: an account principal that
/// is no documentation placeholder and not the owner of a resource the
/// text names.
fn account_grantee(text: &str) -> Option<String> {
    crate::limits::take_counted(
        ACCOUNT.captures_iter(text),
        crate::limits::GRANT_MAX_MATCHES,
        "GRANT_MAX_MATCHES",
    )
    .filter_map(|c| {
        (1..=3)
            .find_map(|i| c.get(i))
            .map(|m| m.as_str().to_string())
    })
    .find(|id| {
        !super::data_policy::PLACEHOLDER_ACCOUNTS.contains(&id.as_str())
            && !text.contains(&format!(":{id}:key/"))
            && !text.contains(&format!(":{id}:repository/"))
            && !text.contains(&format!(":{id}:function:"))
    })
}

/// The policy statement around byte `at`: from the nearest unmatched `{`
/// before it to its matching `}`, each way at most `GRANT_MAX_STATEMENT`
/// bytes (a heuristic bound on one statement; a longer one is read cut).
fn statement_of(text: &str, at: usize) -> &str {
    let b = text.as_bytes();
    let max = crate::limits::GRANT_MAX_STATEMENT;
    let mut depth = 0usize;
    let mut start = at.saturating_sub(max);
    for i in (at.saturating_sub(max)..at).rev() {
        match b[i] {
            b'}' => depth += 1,
            b'{' if depth == 0 => {
                start = i;
                break;
            }
            b'{' => depth -= 1,
            _ => {}
        }
    }
    let mut depth = 0usize;
    let mut end = (at + max).min(b.len());
    for (i, &c) in b
        .iter()
        .enumerate()
        .take((at + max).min(b.len()))
        .skip(start)
    {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    end = i + 1;
                    break;
                }
            }
            _ => {}
        }
    }
    let start = crate::text::clamp_boundary(text, start);
    let end = crate::text::clamp_boundary(text, end).max(start);
    &text[start..end]
}

/// Conditions that narrow a `"Principal": "*"` statement to the user's
/// own organisation, account, network or source (`aws:PrincipalOrgID`,
/// `aws:SourceAccount`, `aws:SourceVpce`), or a statement that denies.
static NARROWED: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bDeny\b|aws:(?:PrincipalOrgID|PrincipalAccount|SourceAccount|SourceArn|SourceVpce?|SourceIp|SecureTransport|SourceOwner)|kms:(?:CallerAccount|ViaService)",
);

/// Everyone, as a text grants it: a public ACL or member, or an allowing
/// `"Principal": "*"` statement no condition narrows.
/// The flag says whether everyone may also write ([`PUBLIC_WRITE`] in the
/// grant or its statement).
fn everyone(text: &str) -> Option<(String, bool)> {
    crate::limits::take_counted(
        EVERYONE.find_iter(text),
        crate::limits::GRANT_MAX_MATCHES,
        "GRANT_MAX_MATCHES",
    )
    .find(|m| {
        !m.as_str().to_ascii_lowercase().contains("principal")
            || !NARROWED.is_match(statement_of(text, m.start()))
    })
    .map(|m| {
        let line_end = text[m.end()..]
            .find('\n')
            .map_or(text.len(), |i| m.end() + i);
        let write = PUBLIC_WRITE.is_match(statement_of(text, m.start()))
            || PUBLIC_WRITE.is_match(&text[m.start()..line_end]);
        (m.as_str().to_string(), write)
    })
}

/// A resource the user names when running the command: an upper-case
/// placeholder (`gs://BUCKET_NAME`, `YOUR_BUCKET`), a `<bucket>` or
/// `{bucket}` slot.
static PLACEHOLDER: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:^|[\s/:=])(?:[A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z]{4,}|<[^<>\s]+>|\{[A-Za-z_]+\})(?:$|[\s/'\x22])",
);

/// Round 31 (registry gcloud): a command reference in a Markdown file
/// (`# Make public` / `gsutil iam ch allUsers:objectViewer
/// gs://BUCKET_NAME` among a list of commands) shows the command a user
/// runs on a bucket they name; the grant's line names its resource by a
/// placeholder. Read low like a website bucket; an account written in
/// the skill is never this.
fn reference_line(src: &Src, text: &str, at: usize) -> bool {
    if !src.path.to_ascii_lowercase().ends_with(".md") {
        return false;
    }
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    PLACEHOLDER.is_match(&text[start..end])
}

/// Round 40: the account's own guard against public data removed: the
/// account-level S3 public access block deleted (`s3control`
/// `delete_public_access_block(AccountId=…)`, `aws s3control
/// delete-public-access-block --account-id`, the SDK v3 command), or a
/// Terraform `aws_s3_account_public_access_block` turned off.
static ACCOUNT_BLOCK_OFF: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bdelete[_-]?public[_-]?access[_-]?block(?:command)?\b[^\n]{0,200}?\baccount[_-]?id\b|\bs3control\b[^\n]{0,200}?\bdelete[_-]?public[_-]?access[_-]?block|\baws_s3_account_public_access_block\b[^}]{0,400}?\b(?:block_public_policy|restrict_public_buckets|block_public_acls|ignore_public_acls)\s*=\s*false\b"#,
);
/// A listing of every bucket of the account (boto3 `list_buckets`, the
/// CLI's `list-buckets` / `aws s3 ls` without a path, the SDKs'
/// `ListBucketsCommand`/`listBuckets`, `gsutil ls`/`gcloud storage
/// buckets list` without a bucket, Azure `list_containers`).
static LISTING: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\blist[_-]?buckets(?:command)?\b|\baws\s+s3\s+ls\b[ \t]*(?:$|[|)`;])|\bgsutil\s+ls\b[ \t]*(?:$|[|)`;])|\bgcloud\s+storage\s+buckets\s+list\b|\blist[_-]?containers\b|\bGet-S3Bucket\b",
);
/// A loop head (every language's): the listing on it is iterated.
static LOOP: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)^\s*(?:for|foreach)\b|\.(?:forEach|map|each)\s*[({]|\bwhile\s+read\b|\|\s*xargs\b|\bForEach-Object\b|\|\s*%\s*\{",
);
/// A public grant that lets everyone write, not only read: a
/// `public-read-write` ACL, a put/delete/every S3 action, GCS writer roles.
static PUBLIC_WRITE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bpublic-read-write\b|['"]s3:(?:\*|Put\w*|Delete\w*|Restore\w*)['"]|\ballUsers:(?:W|O|objectAdmin|objectCreator|legacyBucketWriter|legacyBucketOwner)\b|\broles/storage\.(?:admin|objectAdmin|objectCreator|legacyBucketWriter|legacyBucketOwner)\b"#,
);

/// Round 40: the public grant reaches every bucket of the account: the
/// file iterates a listing of every bucket (on a loop head, or through a
/// name a loop head iterates: `buckets = s3.list_buckets()["Buckets"]` …
/// `for b in buckets:`).
fn every_bucket(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    let mut listed: Vec<&str> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if super::token_calls::in_comment_line(line, 0) {
            continue;
        }
        if LISTING.is_match(line) {
            if LOOP.is_match(line) || lines.get(i + 1).is_some_and(|n| n.contains("| while read")) {
                return true;
            }
            if let Some(name) = assigned_name(line) {
                listed.push(name);
            }
            continue;
        }
        if LOOP.is_match(line) && listed.iter().any(|n| crate::text::has_word(line, n)) {
            return true;
        }
    }
    false
}

/// The name an assignment line binds (`buckets = …`, `const b = …`,
/// `$bs = …`, `B=$(…)`), if any.
fn assigned_name(line: &str) -> Option<&str> {
    let t = line.trim_start();
    let t = ["const ", "let ", "var ", "my ", "local "]
        .iter()
        .find_map(|d| t.strip_prefix(d))
        .unwrap_or(t)
        .trim_start_matches('$');
    let n = t
        .bytes()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_')
        .count();
    let rest = t[n..].trim_start();
    (n > 0 && rest.starts_with('=') && !rest.starts_with("==")).then(|| &t[..n])
}

/// Adds the grant; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let block_off = ACCOUNT_BLOCK_OFF.find(text);
    let Some(apply) = APPLY.find(text) else {
        if let Some(m) = block_off {
            // The guard alone: nothing made public here, every bucket now
            // can be (a warning, as a public grant the user asked for).
            let ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, "everyone")
                .tag(Tag::OutsideGrant)
                .tag(Tag::BroadTarget)
                .instrument("resource policy")
                .object(
                    "the account-level public access block removed: any bucket can be made public",
                );
            sink.push(src.at(ev, m.start(), m.end(), "code"));
        }
        return;
    };
    let joined = joined_literals(text);
    let (who, public, write) = match account_grantee(text)
        .or_else(|| account_grantee(&joined))
        .or_else(|| super::data_policy::outside_account(text))
    {
        Some(id) => (format!("aws-account:{id}"), false, false),
        None => match everyone(text) {
            Some((w, write)) => (
                format!("everyone ({})", crate::text::snippet(&w, 40)),
                true,
                write,
            ),
            None => return,
        },
    };
    let mut ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, who)
        .tag(Tag::OutsideGrant)
        .instrument("resource policy")
        .object(if public {
            "a policy or ACL the skill applies opens the user's cloud data to everyone"
        } else {
            "a policy the skill applies lets an account written in the skill read the user's cloud data"
        });
    if public {
        ev.tags.insert(Tag::BroadTarget);
        // Round 40: every bucket of the account made public, the account's
        // own guard removed, or everyone allowed to write: no website
        // needs that (SK-EXFIL-010 reads it high).
        let wide: Vec<&str> = [
            (every_bucket(text), "every bucket in the account"),
            (
                block_off.is_some(),
                "the account-level public access block removed",
            ),
            (write, "everyone may write"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, what)| *what)
        .collect();
        if !wide.is_empty() {
            ev.tags.insert(Tag::EveryScope);
            ev.object = format!(
                "a policy or ACL the skill applies opens the user's cloud data to everyone ({})",
                wide.join("; ")
            );
        } else if WEBSITE.is_match(text) || reference_line(src, text, apply.start()) {
            ev.tags.insert(Tag::DeclaredPurpose);
        }
    }
    sink.push(src.at(ev, apply.start(), apply.end(), "code"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    fn granted(path: &str, text: &str) -> bool {
        run(path, text).iter().any(|e| e.has(Tag::OutsideGrant))
    }

    #[test]
    fn an_account_split_across_strings_is_read_whole() {
        let py = "P = \"arn:aws:iam::\" + \"4417\" + \"0923\" + \"8815\" + \":root\"\ns3.put_bucket_policy(Bucket=b, Policy=json.dumps({'Statement': [{'Principal': {'AWS': P}}]}))\n";
        assert!(granted("s.py", py));
        let php = "$p = 'arn:aws:iam::' . '5512' . '3398' . '1102' . ':root';\n$s3->putBucketPolicy(['Bucket' => $b, 'Policy' => json_encode($doc)]);\n";
        assert!(granted("s.php", php));
    }

    #[test]
    fn cli_terraform_and_public_grants() {
        assert!(granted(
            "g.sh",
            "aws s3api put-bucket-policy --bucket \"$B\" --policy '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"arn:aws:iam::730335218842:root\"},\"Action\":\"s3:*\"}]}'\n"
        ));
        assert!(granted(
            "g.sh",
            "gsutil iam ch allUsers:objectViewer gs://$BUCKET\n"
        ));
        assert!(granted(
            "m.tf",
            "resource \"aws_kms_key_policy\" \"k\" {\n  policy = jsonencode({ Statement = [{ Principal = { AWS = \"arn:aws:iam::730335218842:root\" } }] })\n}\n"
        ));
    }

    #[test]
    fn placeholders_own_accounts_and_no_apply_are_quiet() {
        assert!(!granted(
            "d.sh",
            "aws s3api put-bucket-policy --bucket b --policy '{\"Principal\":{\"AWS\":\"arn:aws:iam::123456789012:root\"}}'\n"
        ));
        // A policy document printed for the user, never applied.
        assert!(!granted(
            "p.py",
            "print(json.dumps({'Principal': {'AWS': 'arn:aws:iam::730335218842:root'}}))\n"
        ));
    }

    #[test]
    fn deny_and_narrowed_statements_are_quiet() {
        let deny = "aws s3api put-bucket-policy --bucket $B --policy '{\"Statement\":[{\"Effect\":\"Deny\",\"Principal\":\"*\",\"Action\":\"s3:*\",\"Condition\":{\"Bool\":{\"aws:SecureTransport\":\"false\"}}}]}'\n";
        assert!(!granted("d.sh", deny));
        let org = "s3.put_bucket_policy(Bucket=b, Policy=json.dumps({'Statement': [{'Effect': 'Allow', 'Principal': '*', 'Action': 's3:GetObject', 'Condition': {'StringEquals': {'aws:PrincipalOrgID': org}}}]}))\n";
        assert!(!granted("o.py", org));
    }

    #[test]
    fn listings_and_loops() {
        assert!(LISTING.is_match("for b in s3.list_buckets()['Buckets']:"));
        assert!(LOOP.is_match("for b in s3.list_buckets()['Buckets']:"));
        assert!(every_bucket(
            "for b in s3.list_buckets()['Buckets']:\n    f(b)\n"
        ));
        assert!(
            ACCOUNT_BLOCK_OFF
                .is_match("boto3.client('s3control').delete_public_access_block(AccountId=a)")
        );
    }

    #[test]
    fn every_bucket_the_account_guard_and_public_write_are_wide() {
        let wide = |path: &str, text: &str| {
            run(path, text)
                .iter()
                .any(|e| e.has(Tag::OutsideGrant) && e.has(Tag::EveryScope))
        };
        let public = "    s3.put_bucket_policy(Bucket=b, Policy=json.dumps({'Statement': [{'Effect': 'Allow', 'Principal': '*', 'Action': 's3:GetObject'}]}))\n";
        // Every bucket a listing returns, through a loop head or a name.
        assert!(wide(
            "p.py",
            &format!("for b in s3.list_buckets()['Buckets']:\n{public}")
        ));
        assert!(wide(
            "p.py",
            &format!(
                "names = [x['Name'] for x in s3.list_buckets()['Buckets']]\nfor b in names:\n{public}"
            )
        ));
        // The account-level guard removed.
        assert!(wide(
            "p.py",
            &format!(
                "def f(b):\n{public}boto3.client('s3control').delete_public_access_block(AccountId=acct)\n"
            )
        ));
        assert!(wide(
            "p.sh",
            "aws s3api put-bucket-acl --bucket \"$B\" --acl public-read-write\n"
        ));
        // One named bucket made readable, without a listing: not wide.
        assert!(!wide("p.py", &format!("def f(b):\n{public}")));
        // The guard alone is reported, not wide.
        let alone = run(
            "g.sh",
            "aws s3control delete-public-access-block --account-id \"$ACCT\"\n",
        );
        assert!(
            alone
                .iter()
                .any(|e| e.has(Tag::OutsideGrant) && !e.has(Tag::EveryScope))
        );
    }

    #[test]
    fn a_public_website_bucket_is_marked_declared() {
        let sh = "aws s3 website s3://$SITE --index-document index.html\naws s3api put-bucket-policy --bucket $SITE --policy '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\"}]}'\n";
        let ev = run("w.sh", sh);
        assert!(
            ev.iter()
                .any(|e| e.has(Tag::OutsideGrant) && e.has(Tag::DeclaredPurpose))
        );
    }
}
