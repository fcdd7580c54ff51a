//! The operation catalogue: dangerous operations described once as
//! `(resource, verb)`, with the spellings every client library gives them
//! (issue 14 item 4, issue 15 item 3; `bench/heldout-r16/transfer.md`
//! cause 1). `kubectl get secrets -A -o yaml`, `core.listSecretForAllNamespaces()`,
//! `v1.list_secret_for_all_namespaces()` and client-go's
//! `Secrets("").List(ctx, …)` are one operation: every secret of a cluster
//! read. A front-end asks the one predicate ([`source`] for calls whose
//! result carries a secret, [`scan`] for deletions and grants, which need
//! no binding) and gets the evidence the CLI spelling produces
//! ([`super::shell`]'s secret stores, [`super::repo_api`]'s deletions,
//! [`super::sdk`]'s admin grants).
//!
//! A spelling is compared by its last name (`client.Git.DeleteRef` →
//! `DeleteRef`), with underscores and dashes removed, in lower case and
//! without a trailing `Command` or `Async` ([`normalised`]): one row serves
//! Python's snake_case, JavaScript's camelCase, Go's PascalCase, the AWS
//! SDK v3 `…Command` classes and PowerShell `Verb-Noun` cmdlets. Names that
//! other libraries also use (`get_secret`, `deleteRef`) count only in a
//! file that names the library ([`Row::hint`]).
//!
//! | resource | verb | spellings (languages) | lowered to |
//! |---|---|---|---|
//! | secret store | read all | k8s list secrets (Py, JS/TS, Go, Ruby), SSM by path, batch get | `keychain_read`, "every … secret read" |
//! | secret store | read one | k8s read secret, Key Vault `get_secret`/`getSecret`/`Get-AzKeyVaultSecret -Name`, `get_secret_value`/`GetSecretValueCommand`, SSM `get_parameter(s)` with decryption, GCP `access_secret_version`, Vault `read_secret_version` | `keychain_read` + `named-item`; every one a listing returned when the file lists the store and the name is computed |
//! | secret store | list names | `list_properties_of_secrets`, `list_secrets`, `Get-AzKeyVaultSecret` without `-Name`, k8s lists whose data the file never reads | nothing (as `kubectl get secrets -A`); a listing for the row above |
//! | cloud credentials | provide | `fromNodeProviderChain`, `fromIni`, `defaultProvider`, boto3 `get_credentials` | `keychain_read` + `named-item` (the SDK's own credential) |
//! | remote ref / release | delete | Octokit `git.deleteRef`/`repos.deleteRelease`, PyGithub `get_git_ref(…).delete()`/`delete_release`, go-github `Git.DeleteRef`, Ruby Octokit `delete_ref` | [`super::repo_api::evidence`], broad when the name is computed over a listing of refs or releases in the file |
//! | branch protection | remove | `deleteBranchProtection`, `remove_protection`, `RemoveBranchProtection`, `unprotect_branch` | [`super::repo_api::evidence`] |
//! | role assignment | grant | `New-AzRoleAssignment`, `role_assignments.create`, `roleAssignments.create` naming Owner | `privileged` + `admin-grant` (as [`super::sdk`]'s IAM grants) |
//!
//! Cloud deletions, object-version wipes, audit-log deletions and IAM
//! grants are [`super::sdk`]'s rows (the same normalisation, read at token
//! level in every language).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use regex::Regex;
use std::collections::BTreeSet;
use std::sync::LazyLock;

/// A secret store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Store {
    Kubernetes,
    AzureKeyVault,
    AwsSecretsManager,
    AwsParameterStore,
    GcpSecretManager,
    Vault,
}

impl Store {
    fn name(self) -> &'static str {
        match self {
            Store::Kubernetes => "Kubernetes",
            Store::AzureKeyVault => "Azure Key Vault",
            Store::AwsSecretsManager => "AWS Secrets Manager",
            Store::AwsParameterStore => "AWS SSM Parameter Store",
            Store::GcpSecretManager => "GCP Secret Manager",
            Store::Vault => "HashiCorp Vault",
        }
    }
}

/// What an operation acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    SecretStore(Store),
    /// The cloud credentials an SDK signs with.
    CloudCredentials,
    /// Branches and tags of a hosted repository.
    RepoRef,
    Release,
    BranchProtection,
    /// A cloud role given to a principal.
    RoleAssignment,
}

/// What the operation does to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// Every secret's value.
    ReadAll,
    /// One secret's value.
    ReadOne,
    /// Names and metadata, no values.
    ListNames,
    /// Hands out the credential.
    Provide,
    /// Lists refs or releases (what a delete can loop over).
    List,
    Delete,
    Remove,
    Grant,
}

/// When a spelling is the operation.
#[derive(Clone, Copy, Debug)]
pub enum When {
    Always,
    /// The call's arguments (squeezed: lower case, no spaces, dashes or
    /// underscores) hold one of these.
    ArgHas(&'static [&'static str]),
    /// One of the call's words (lower case) is one of these switches
    /// (`-name`, `-asplaintext`).
    Flag(&'static [&'static str]),
    /// The file (lower case) reads one of these (a secret's data field).
    FileHas(&'static [&'static str]),
}

/// Languages a spelling is written in (documentation and the generated
/// tests; the predicate itself is language-blind).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Python,
    Js,
    Go,
    Ruby,
    PowerShell,
}

/// One operation: `(resource, verb)` and its spellings. A spelling is
/// `receiver.Method` as a user writes it (`A(…).B` for a call on the
/// result of another, `A("").B` when that call's argument must be `""`);
/// the receiver is documentation, only the method name is matched.
#[derive(Debug)]
pub struct Row {
    pub resource: Resource,
    pub verb: Verb,
    pub spellings: &'static [(Lang, &'static str)],
    /// Lower-case needles, one of which the file must hold (the library's
    /// import); empty when the name is specific enough alone.
    pub hint: &'static [&'static str],
    pub when: When,
}

use Lang::{Go, Js, PowerShell as Ps, Python as Py, Ruby as Rb};
use Resource as Res;

const K8S: &[&str] = &["kubernetes", "k8s"];
const KV: &[&str] = &["keyvault", "key_vault", "secretclient"];
const AWS: &[&str] = &[
    "boto3", "botocore", "@aws-sdk", "aws-sdk", "aws_sdk", "aws::",
];
const GCP: &[&str] = &["secretmanager", "secret-manager", "secret_manager"];
const VAULT: &[&str] = &["hvac", "vault"];
const GITHUB: &[&str] = &["octokit", "github"];
/// Kubernetes secrets listed: every value when the file reads their data.
const K8S_LISTS: &[(Lang, &str)] = &[
    (Js, "core.listSecretForAllNamespaces"),
    (Js, "core.listNamespacedSecret"),
    (Py, "v1.list_secret_for_all_namespaces"),
    (Py, "v1.list_namespaced_secret"),
    (Go, "clientset.CoreV1().Secrets(\"\").List"),
    (Rb, "client.get_secrets"),
];
/// A secret's value read from what a Kubernetes listing returned.
const K8S_DATA: &[&str] = &[
    ".data",
    "[\"data\"]",
    "['data']",
    "stringdata",
    "string_data",
];
/// Azure's Owner and User Access Administrator roles, by name or id.
const AZ_ADMIN: &[&str] = &[
    "owner",
    "8e3af657a8ff443ca75c2fe8c4bcb635",
    "useraccessadministrator",
    "18d7d88dd35e4fb5a5c37773c20a72d9",
];

const fn row(
    resource: Resource,
    verb: Verb,
    spellings: &'static [(Lang, &'static str)],
    hint: &'static [&'static str],
    when: When,
) -> Row {
    Row {
        resource,
        verb,
        spellings,
        hint,
        when,
    }
}

/// Every operation, read in order: the first row whose name, hint and
/// condition hold wins.
pub static ROWS: &[Row] = &[
    // ---- Kubernetes secrets
    row(
        Res::SecretStore(Store::Kubernetes),
        Verb::ReadAll,
        K8S_LISTS,
        K8S,
        When::FileHas(K8S_DATA),
    ),
    row(
        Res::SecretStore(Store::Kubernetes),
        Verb::ListNames,
        K8S_LISTS,
        K8S,
        When::Always,
    ),
    row(
        Res::SecretStore(Store::Kubernetes),
        Verb::ReadOne,
        &[
            (Js, "core.readNamespacedSecret"),
            (Py, "v1.read_namespaced_secret"),
            (Rb, "client.get_secret"),
        ],
        K8S,
        When::Always,
    ),
    // ---- Azure Key Vault
    row(
        Res::SecretStore(Store::AzureKeyVault),
        Verb::ReadOne,
        &[(Ps, "Get-AzKeyVaultSecret")],
        &[],
        When::Flag(&["-name", "-asplaintext"]),
    ),
    row(
        Res::SecretStore(Store::AzureKeyVault),
        Verb::ListNames,
        &[
            (Ps, "Get-AzKeyVaultSecret"),
            (Py, "client.list_properties_of_secrets"),
            (Js, "client.listPropertiesOfSecrets"),
        ],
        &[],
        When::Always,
    ),
    row(
        Res::SecretStore(Store::AzureKeyVault),
        Verb::ReadOne,
        &[(Py, "client.get_secret"), (Js, "client.getSecret")],
        KV,
        When::Always,
    ),
    // ---- AWS Secrets Manager and SSM Parameter Store
    row(
        Res::SecretStore(Store::AwsSecretsManager),
        Verb::ReadAll,
        &[
            (Py, "sm.batch_get_secret_value"),
            (Js, "new BatchGetSecretValueCommand"),
        ],
        AWS,
        When::Always,
    ),
    row(
        Res::SecretStore(Store::AwsSecretsManager),
        Verb::ReadOne,
        &[
            (Py, "sm.get_secret_value"),
            (Js, "new GetSecretValueCommand"),
            (Go, "svc.GetSecretValue"),
            (Rb, "client.get_secret_value"),
            (Ps, "Get-SECSecretValue"),
        ],
        &[],
        When::Always,
    ),
    row(
        Res::SecretStore(Store::AwsSecretsManager),
        Verb::ListNames,
        &[(Py, "sm.list_secrets"), (Js, "new ListSecretsCommand")],
        AWS,
        When::Always,
    ),
    row(
        Res::SecretStore(Store::AwsParameterStore),
        Verb::ReadAll,
        &[
            (Py, "ssm.get_parameters_by_path"),
            (Js, "new GetParametersByPathCommand"),
        ],
        AWS,
        When::ArgHas(&["withdecryption=true", "withdecryption:true"]),
    ),
    row(
        Res::SecretStore(Store::AwsParameterStore),
        Verb::ReadOne,
        &[
            (Py, "ssm.get_parameter"),
            (Py, "ssm.get_parameters"),
            (Js, "new GetParameterCommand"),
            (Go, "svc.GetParameter"),
        ],
        AWS,
        When::ArgHas(&["withdecryption=true", "withdecryption:true"]),
    ),
    // ---- GCP Secret Manager
    row(
        Res::SecretStore(Store::GcpSecretManager),
        Verb::ReadOne,
        &[
            (Py, "client.access_secret_version"),
            (Js, "client.accessSecretVersion"),
            (Go, "client.AccessSecretVersion"),
        ],
        &[],
        When::Always,
    ),
    row(
        Res::SecretStore(Store::GcpSecretManager),
        Verb::ListNames,
        &[(Py, "client.list_secrets"), (Js, "client.listSecrets")],
        GCP,
        When::Always,
    ),
    // ---- HashiCorp Vault
    row(
        Res::SecretStore(Store::Vault),
        Verb::ReadOne,
        &[
            (Py, "client.secrets.kv.v2.read_secret_version"),
            (Py, "client.secrets.kv.v1.read_secret"),
        ],
        VAULT,
        When::Always,
    ),
    row(
        Res::SecretStore(Store::Vault),
        Verb::ListNames,
        &[(Py, "client.secrets.kv.v2.list_secrets")],
        VAULT,
        When::Always,
    ),
    // ---- the credentials an SDK signs with
    row(
        Res::CloudCredentials,
        Verb::Provide,
        &[
            (Js, "fromNodeProviderChain"),
            (Js, "fromIni"),
            (Js, "defaultProvider"),
        ],
        AWS,
        When::Always,
    ),
    row(
        Res::CloudCredentials,
        Verb::Provide,
        &[(Py, "session.get_credentials")],
        AWS,
        When::Always,
    ),
    // ---- refs, releases and branch protection on a repository host
    row(
        Res::RepoRef,
        Verb::List,
        &[
            (Js, "gh.git.listMatchingRefs"),
            (Js, "gh.repos.listBranches"),
            (Js, "gh.repos.listTags"),
            (Py, "repo.get_git_refs"),
            (Py, "repo.get_branches"),
            (Py, "repo.get_tags"),
            (Go, "client.Git.ListMatchingRefs"),
            (Go, "client.Repositories.ListBranches"),
            (Rb, "client.refs"),
        ],
        GITHUB,
        When::Always,
    ),
    row(
        Res::Release,
        Verb::List,
        &[
            (Js, "gh.repos.listReleases"),
            (Py, "repo.get_releases"),
            (Go, "client.Repositories.ListReleases"),
            (Rb, "client.releases"),
        ],
        GITHUB,
        When::Always,
    ),
    row(
        Res::RepoRef,
        Verb::Delete,
        &[
            (Js, "gh.git.deleteRef"),
            (Js, "gh.rest.git.deleteRef"),
            (Py, "repo.get_git_ref(…).delete"),
            (Go, "client.Git.DeleteRef"),
            (Rb, "client.delete_ref"),
        ],
        GITHUB,
        When::Always,
    ),
    row(
        Res::Release,
        Verb::Delete,
        &[
            (Js, "gh.repos.deleteRelease"),
            (Py, "release.delete_release"),
            (Go, "client.Repositories.DeleteRelease"),
            (Rb, "client.delete_release"),
        ],
        GITHUB,
        When::Always,
    ),
    row(
        Res::BranchProtection,
        Verb::Remove,
        &[
            (Js, "gh.repos.deleteBranchProtection"),
            (Py, "branch.remove_protection"),
            (Go, "client.Repositories.RemoveBranchProtection"),
            (Rb, "client.unprotect_branch"),
        ],
        GITHUB,
        When::Always,
    ),
    // ---- cloud role assignments (IAM policies and bindings: `sdk`)
    row(
        Res::RoleAssignment,
        Verb::Grant,
        &[
            (Ps, "New-AzRoleAssignment"),
            (Py, "client.role_assignments.create"),
            (Js, "client.roleAssignments.create"),
        ],
        &["roleassignment", "role_assignment"],
        When::ArgHas(AZ_ADMIN),
    ),
];

/// One spelling as the predicate compares it: `(before, method)`, both
/// normalised; `before` is the chained call (`getgitref` of
/// `get_git_ref(…).delete`) with its required argument, if any.
fn key(spelling: &str) -> (Option<(String, Option<&str>)>, String) {
    let s = spelling.strip_prefix("new ").unwrap_or(spelling);
    if let Some((a, b)) = s.rsplit_once(").") {
        let (call, arg) = a.rsplit_once('(').unwrap_or((a, "…"));
        let call = call.rsplit(['.', ' ']).next().unwrap_or(call);
        let arg = (arg != "…").then_some(arg);
        return (Some((normalised(call), arg)), normalised(b));
    }
    let m = s.rsplit('.').next().unwrap_or(s);
    (None, normalised(m))
}

/// A method name without underscores or dashes, in lower case, without a
/// trailing `Command` or `Async`.
pub fn normalised(method: &str) -> String {
    let n: String = method
        .chars()
        .filter(|c| *c != '_' && *c != '-')
        .collect::<String>()
        .to_ascii_lowercase();
    let n = n.strip_suffix("async").unwrap_or(&n);
    n.strip_suffix("command").unwrap_or(n).to_string()
}

/// Every normalised method name of a plain (unchained) spelling.
static NAMES: LazyLock<BTreeSet<String>> = LazyLock::new(|| {
    ROWS.iter()
        .flat_map(|r| r.spellings.iter())
        .map(|(_, s)| key(s))
        .map(|(_, m)| m)
        .collect()
});

/// The normalised calls a chained spelling is made on (`getgitref` of
/// `get_git_ref(…).delete`).
static BEFORE: LazyLock<BTreeSet<String>> = LazyLock::new(|| {
    ROWS.iter()
        .flat_map(|r| r.spellings.iter())
        .filter_map(|(_, s)| key(s).0.map(|(b, _)| b))
        .collect()
});

/// What the predicate needs of a file, read once.
pub struct Facts {
    /// The rows' needles (library hints, `When::FileHas` words) the file
    /// holds, lower-cased: looked up once per file, not once per call (a
    /// 12 MB file of catalogued calls read its whole text per row).
    present: BTreeSet<&'static str>,
    /// Normalised identifiers of the file that are catalogue names.
    names: BTreeSet<String>,
}

static IDENT: crate::rx::Lazy =
    crate::rx::Lazy::new(r"[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z][A-Za-z0-9]*)?");

fn facts(text: &str) -> Facts {
    // Normalised in one reused buffer (`normalised`'s rule): most
    // identifiers are looked up and not kept.
    let shortest = NAMES.iter().map(String::len).min().unwrap_or(0);
    let mut names = BTreeSet::new();
    let mut buf = String::new();
    for m in IDENT.find_iter(text) {
        let w = m.as_str();
        if w.len() < shortest {
            continue;
        }
        buf.clear();
        buf.extend(
            w.chars()
                .filter(|c| *c != '_' && *c != '-')
                .map(|c| c.to_ascii_lowercase()),
        );
        let n = buf.strip_suffix("async").unwrap_or(&buf);
        let n = n.strip_suffix("command").unwrap_or(n);
        if NAMES.contains(n) {
            names.insert(n.to_string());
        }
    }
    let lower = text.to_ascii_lowercase();
    let present = ROWS
        .iter()
        .flat_map(|r| {
            let when: &[&'static str] = match r.when {
                When::FileHas(n) => n,
                _ => &[],
            };
            r.hint.iter().chain(when.iter())
        })
        .copied()
        .filter(|n| lower.contains(n))
        .collect();
    Facts { present, names }
}

/// The facts of a unit, read once per unit (kept in its `Src`): a file
/// full of catalogued calls is still read once, and no other text can be
/// mistaken for it.
fn file_facts(src: &Src) -> std::sync::Arc<Facts> {
    src.catalog
        .get_or_init(|| std::sync::Arc::new(facts(src.text)))
        .clone()
}

/// Squeezed arguments: lower case, without white space, dashes or
/// underscores.
fn squeeze(args: &str) -> String {
    let s: String = args
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
        .collect();
    // Round 41: literal pieces concatenated are read joined (`('Ow' +
    // 'ner')`, `"Own"."er"`, `'Ow'..'ner'`).
    let mut out = s;
    for q in ["'", "\""] {
        for op in ["+", "..", "."] {
            out = out.replace(&format!("{q}{op}{q}"), "");
        }
    }
    out
}

impl Row {
    fn holds(&self, args: &str, f: &Facts) -> bool {
        (self.hint.is_empty() || self.hint.iter().any(|h| f.present.contains(h)))
            && match self.when {
                When::Always => true,
                When::ArgHas(n) => {
                    let s = squeeze(args);
                    n.iter().any(|n| s.contains(n))
                }
                When::Flag(n) => args
                    .split(|c: char| c.is_whitespace() || c == ':')
                    .any(|w| n.iter().any(|n| w.eq_ignore_ascii_case(n))),
                When::FileHas(n) => n.iter().any(|n| f.present.contains(n)),
            }
    }

    /// Whether the file holds a spelling of `verb` on the same resource.
    fn file_has(&self, verbs: &[Verb], f: &Facts) -> bool {
        ROWS.iter()
            .filter(|r| r.resource == self.resource && verbs.contains(&r.verb))
            .filter(|r| r.hint.is_empty() || r.hint.iter().any(|h| f.present.contains(h)))
            .flat_map(|r| r.spellings.iter())
            .any(|(_, s)| f.names.contains(&key(s).1))
    }
}

/// The row a call of `method` (`chained`: the call it is made on, if any)
/// with arguments `args` is, in the file `text`.
fn row_of(
    method: &str,
    chained: Option<(&str, &str)>,
    args: &str,
    f: &Facts,
) -> Option<&'static Row> {
    let m = normalised(method.rsplit(['.', ':']).next().unwrap_or(method));
    if !NAMES.contains(&m) {
        return None;
    }
    ROWS.iter().find(|r| {
        r.spellings.iter().any(|(_, s)| {
            let (before, name) = key(s);
            name == m
                && match (before, chained) {
                    (None, _) => true,
                    (Some((b, want)), Some((c, a))) => {
                        b == normalised(c) && want.is_none_or(|w| squeeze(w) == squeeze(a))
                    }
                    (Some(_), None) => false,
                }
        }) && r.holds(args, f)
    })
}

/// A name given as one literal (`"heads/feature-x"`, `'db-password'`,
/// `-Name api-key`): no interpolation, concatenation or formatting.
fn literal_name(args: &str) -> bool {
    static LIT: LazyLock<Regex> =
        // A whole argument or keyed value, not a piece of an expression
        // (`ref.ref[len("refs/"):]`).
        LazyLock::new(|| {
            crate::rx::re(r#"(?:^|[,=:{]\s*)["'`][^"'`$\{\}%#+]{1,200}["'`]\s*(?:$|[,}])"#)
        });
    let s: String = args.chars().filter(|c| !c.is_whitespace()).collect();
    let dynamic = [
        "${", "#{", "%s", "%(", "\"+", "+\"", "'+", "+'", "`+", "+`", ".format(", "f\"", "f'",
    ];
    // A cmdlet's `-Name db-password`: a bare word is a literal.
    static BARE: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)(?:^|\s)-(?:name|secretid)\s+[A-Za-z0-9]");
    args.trim().is_empty()
        || BARE.is_match(args)
        || LIT.is_match(args.trim()) && !dynamic.iter().any(|d| s.contains(d))
}

/// The evidence of a catalogued call: `method` called (on the result of
/// `chained`, if any) with `args` (the text between its parentheses, or
/// the rest of a cmdlet's line) in the file `text`. `sources` asks for
/// reads (a front-end binds their result); otherwise deletions, removals
/// and grants.
fn lower(
    method: &str,
    chained: Option<(&str, &str)>,
    args: &str,
    src: &Src,
    sources: bool,
) -> Option<Evidence> {
    let f = file_facts(src);
    let r = row_of(method, chained, args, &f)?;
    let target = crate::text::snippet(method, 120);
    // What the call names: a chained call's receiver names it
    // (`get_git_ref(name).delete()`).
    let named = literal_name(chained.map_or(args, |(_, a)| a));
    match (r.resource, r.verb) {
        (Res::SecretStore(s), Verb::ReadAll) if sources => Some(secret_read(s, true, &target)),
        (Res::SecretStore(s), Verb::ReadOne) if sources => {
            // One name the code or the user gives; every name when the
            // file lists the store and the name is computed (a loop).
            let each = !named && r.file_has(&[Verb::ListNames, Verb::ReadAll], &f);
            let mut ev = secret_read(s, each, &target);
            if each {
                ev.object = format!("each secret a listing of {} returned read", s.name());
            }
            Some(ev)
        }
        (Res::CloudCredentials, Verb::Provide) if sources => Some(
            Evidence::new(Op::KeychainRead, A::Read, R::Credentials, target)
                .tag(Tag::NamedItem)
                .instrument("cloud SDK")
                .object("cloud credentials read from the SDK's credential chain"),
        ),
        (Res::RepoRef | Res::Release, Verb::Delete) if !sources => {
            let broad = !named && r.file_has(&[Verb::List], &f);
            let object = if r.resource == Res::Release {
                "releases deleted"
            } else {
                "remote branches or tags deleted"
            };
            broad.then(|| {
                super::repo_api::evidence(&target, object, true).instrument("repository host SDK")
            })
        }
        (Res::BranchProtection, Verb::Remove) if !sources => Some(
            super::repo_api::evidence(&target, "branch protection removed", false)
                .instrument("repository host SDK"),
        ),
        (Res::RoleAssignment, Verb::Grant) if !sources => {
            let mut ev = Evidence::new(Op::Privileged, A::UpdateState, R::Credentials, target)
                .tag(Tag::AdminGrant)
                .instrument("cloud SDK")
                .object("administrator role Owner granted");
            let s = squeeze(args);
            if !["args", "argv", "params", "options", "opts", "input("]
                .iter()
                .any(|u| s.contains(u))
            {
                ev.tags.insert(Tag::BroadTarget);
            }
            Some(ev)
        }
        _ => None,
    }
}

/// The read of a secret store: every secret, or one named item.
fn secret_read(s: Store, all: bool, target: &str) -> Evidence {
    let ev = Evidence::new(Op::KeychainRead, A::Read, R::Credentials, target)
        .instrument(format!("{} client", s.name()));
    match (all, s) {
        (true, Store::Kubernetes) => ev.object("every cluster secret dumped"),
        (true, _) => ev.object(format!("every secret of {} read", s.name())),
        (false, _) => ev
            .tag(Tag::NamedItem)
            .object("secret read from a credential store"),
    }
}

/// The one predicate for reads: the evidence of a call whose result holds
/// a secret (`method` as the front-end names it, `args` its arguments as
/// written, `src` the unit it is in), or `None`. The front-end sets the
/// output binding.
pub fn source(method: &str, args: &str, src: &Src) -> Option<Evidence> {
    lower(method, None, args, src, true)
}

/// `.method(`, `::method(`, `new Method(` or a `Verb-Noun` cmdlet.
static CALL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:\.\s*|::|\bnew\s+|\b)([A-Za-z_][A-Za-z0-9_]{2,60})\s*\(|(?i:(?:^|[\s|;({=])((?:get|new|remove)-[A-Za-z][A-Za-z0-9]{3,60})(?-u:\b))",
);

/// Every catalogued call of `src` at token level: deletions, removals and
/// grants in every language; reads too when `sources` (languages no
/// front-end parses: Go, Ruby, …, where nothing binds the result).
pub fn scan(src: &Src, sink: &mut Sink, sources: bool) {
    let text = src.text;
    if !text.contains('(') && !text.contains('-') {
        return;
    }
    let mut found: Option<bool> = None;
    // The end of the last call read as a chain's receiver.
    let mut prev: Option<(usize, &str, &str)> = None;
    for c in CALL.captures_iter(text) {
        let (Some(all), Some(m)) = (c.get(0), c.get(1).or_else(|| c.get(2))) else {
            continue;
        };
        let cmdlet = c.get(2).is_some();
        let n = normalised(m.as_str());
        if !NAMES.contains(&n) && (cmdlet || !BEFORE.contains(&n)) {
            continue;
        }
        let (args, end) = if cmdlet {
            let rest = &text[m.end()..];
            let e = rest.find('\n').unwrap_or(rest.len());
            let e = crate::text::clamp_boundary(rest, e.min(crate::limits::SDK_MAX_ARGS));
            (&rest[..e], m.end() + e)
        } else {
            super::sdk::paren_args(text, all.end() - 1)
        };
        // `A(…).B(`: the call this one is made on.
        let chained = prev
            .filter(|(pe, _, _)| {
                if *pe > m.start() {
                    return false;
                }
                let between = &text[*pe..m.start()];
                between.trim().trim_end_matches('.').trim().is_empty() && between.contains('.')
            })
            .map(|(_, n, a)| (n, a));
        // A call nested in the last one's arguments is no receiver of
        // what follows that one.
        if !cmdlet && prev.is_none_or(|(pe, _, _)| m.start() >= pe) {
            prev = Some((end, m.as_str(), args));
        }
        if !*found.get_or_insert_with(|| file_facts(src).names.iter().next().is_some()) {
            return;
        }
        let Some(ev) = lower(m.as_str(), chained, args, src, false)
            .or_else(|| lower(m.as_str(), chained, args, src, true).filter(|_| sources))
        else {
            continue;
        };
        let end = crate::text::clamp_boundary(text, end.min(text.len()));
        sink.push(src.at(ev, m.start(), end, "code"));
    }
}

#[cfg(test)]
mod tests;
