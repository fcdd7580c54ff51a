//! Variants generated from [`ROWS`]: every spelling of every row, written
//! in the language the row claims and run through that language's
//! front-end (Python, JavaScript, PowerShell) or the token level (Go,
//! Ruby), must give the row's evidence; the benign near-misses of each
//! family must not.

use super::*;
use crate::evidence::Origin;
use crate::extract::Lang as FrontEnd;

fn run(lang: Lang, text: &str) -> Vec<Evidence> {
    let (path, fe) = match lang {
        Lang::Python => ("x.py", Some(FrontEnd::Python)),
        Lang::Js => ("x.ts", Some(FrontEnd::JavaScript)),
        Lang::PowerShell => ("x.ps1", Some(FrontEnd::PowerShell)),
        Lang::Go => ("x.go", None),
        Lang::Ruby => ("x.rb", None),
    };
    let src = Src::new(path, text, Origin::Script);
    let mut sink = Sink::default();
    match fe {
        Some(fe) => crate::extract::extract_code(fe, &src, &mut sink),
        None => crate::extract::tokens::scan(&src, &mut sink),
    }
    sink.items
}

fn comment(lang: Lang) -> &'static str {
    match lang {
        Lang::Js | Lang::Go => "//",
        _ => "#",
    }
}

/// One call of `spelling` with `args`, bound to `x`, in `lang`.
fn call(lang: Lang, spelling: &str, args: &str) -> String {
    if lang == Lang::PowerShell {
        return format!("$x = {spelling} {args}\n");
    }
    let (new, s) = match spelling.strip_prefix("new ") {
        Some(s) => (true, s),
        None => (false, spelling),
    };
    let c = if s.contains('…') {
        s.replace('…', args) + "()"
    } else {
        format!("{s}({args})")
    };
    let c = if new {
        format!("client.send(new {c})")
    } else {
        c
    };
    match lang {
        Lang::Js => format!("const x = await {c};\n"),
        Lang::Go => format!("x, err := {c}\n"),
        _ => format!("x = {c}\n"),
    }
}

/// Arguments that make the row's condition hold, naming `name`.
fn args_for(r: &Row, lang: Lang, name: &str) -> String {
    match (r.when, lang) {
        (When::Flag(f), _) => format!("-VaultName kv {} {name}", f[0]),
        (_, Lang::PowerShell) => match r.when {
            When::ArgHas(n) => format!("-Name {name} -RoleDefinitionName {}", n[0]),
            _ => format!("-SecretId {name}"),
        },
        (When::ArgHas(n), _) => format!("{name}, \"{}\"", n[0]),
        _ => name.to_string(),
    }
}

/// The file: the library named (the row's hint), the call, and what the
/// row's condition asks of the file.
fn file(r: &Row, lang: Lang, body: &str) -> String {
    let mut f = String::new();
    if let Some(h) = r.hint.first() {
        f += &format!("{} uses {h}\n", comment(lang));
    }
    f += body;
    if let When::FileHas(n) = r.when {
        f += &format!("y = x{}\n", n[0]);
    }
    f
}

/// A listing of the row's resource, if the table has one (the first
/// spelling of the first listing row).
fn listing(r: &Row, verbs: &[Verb]) -> Option<(&'static Row, &'static str)> {
    ROWS.iter()
        .find(|l| l.resource == r.resource && verbs.contains(&l.verb))
        .map(|l| (l, l.spellings[0].1))
}

/// The same, spelled in `lang` when the listing row has that language.
fn listing_in(r: &Row, verbs: &[Verb], lang: Lang) -> Option<(&'static Row, &'static str)> {
    let (l, first) = listing(r, verbs)?;
    let s = l
        .spellings
        .iter()
        .find(|(g, _)| *g == lang)
        .map_or(first, |(_, s)| *s);
    Some((l, s))
}

fn keychain(ev: &[Evidence]) -> Vec<&Evidence> {
    ev.iter().filter(|e| e.op == Op::KeychainRead).collect()
}

fn what(lang: Lang, text: &str, ev: &[Evidence]) -> String {
    format!(
        "{lang:?}:\n{text}\n=> {:?}",
        ev.iter()
            .map(|e| (e.op, &e.object, &e.tags))
            .collect::<Vec<_>>()
    )
}

#[test]
fn every_spelling_of_every_row_gives_the_rows_evidence() {
    let mut checked = 0;
    for r in ROWS {
        for &(lang, s) in r.spellings {
            let literal = if lang == Lang::PowerShell {
                "app-db-password"
            } else {
                "\"app-db-password\""
            };
            let text = file(r, lang, &call(lang, s, &args_for(r, lang, literal)));
            let ev = run(lang, &text);
            let kc = keychain(&ev);
            let w = what(lang, &text, &ev);
            match (r.resource, r.verb) {
                (Res::SecretStore(_), Verb::ReadAll) => {
                    assert!(kc.len() == 1 && !kc[0].has(Tag::NamedItem), "{w}")
                }
                (Res::SecretStore(_), Verb::ReadOne) | (Res::CloudCredentials, Verb::Provide) => {
                    assert!(kc.len() == 1 && kc[0].has(Tag::NamedItem), "{w}")
                }
                (_, Verb::ListNames | Verb::List) => assert!(kc.is_empty(), "{w}"),
                (Res::RepoRef | Res::Release, Verb::Delete) => {
                    // One literal ref or release: routine, quiet.
                    assert!(!ev.iter().any(|e| e.has(Tag::GitHistory)), "{w}");
                }
                (Res::BranchProtection, Verb::Remove) => assert!(
                    ev.iter()
                        .any(|e| e.has(Tag::GitHistory) && e.op == Op::FileDelete),
                    "{w}"
                ),
                (Res::RoleAssignment, Verb::Grant) => {
                    assert!(ev.iter().any(|e| e.has(Tag::AdminGrant)), "{w}")
                }
                _ => unreachable!("a row the test does not know: {r:?}"),
            }
            checked += 1;
        }
    }
    assert!(checked >= 60, "{checked}");
}

#[test]
fn a_named_read_or_delete_over_a_listing_is_every_item() {
    for r in ROWS {
        let verbs: &[Verb] = match r.verb {
            Verb::ReadOne => &[Verb::ListNames, Verb::ReadAll],
            Verb::Delete => &[Verb::List],
            _ => continue,
        };
        if listing(r, verbs).is_none() {
            continue;
        }
        for &(lang, s) in r.spellings {
            let Some((l, ls)) = listing_in(r, verbs, lang) else {
                continue;
            };
            // The name comes from the listing: a computed name.
            let name = if lang == Lang::PowerShell {
                "$s.Name"
            } else {
                "item.name"
            };
            let mut list = call(lang, ls, &args_for(l, lang, "scope"));
            if let Some(h) = l.hint.first() {
                list = format!("{} uses {h}\n{list}", comment(lang));
            }
            let text = file(
                r,
                lang,
                &format!("{list}{}", call(lang, s, &args_for(r, lang, name))),
            );
            let ev = run(lang, &text);
            let w = what(lang, &text, &ev);
            if r.verb == Verb::ReadOne {
                assert!(keychain(&ev).iter().any(|e| !e.has(Tag::NamedItem)), "{w}");
            } else {
                assert!(
                    ev.iter()
                        .any(|e| e.has(Tag::GitHistory) && e.has(Tag::BroadTarget)),
                    "{w}"
                );
            }
        }
    }
}

#[test]
fn names_other_libraries_share_need_the_librarys_name() {
    // `getSecret` of some other client, `deleteRef` of a local helper, a
    // Kubernetes listing whose data is never read (names only).
    assert!(keychain(&run(Lang::Js, "const v = await cache.getSecret(\"k\");\n")).is_empty());
    assert!(
        run(
            Lang::Go,
            "for _, r := range refs {\n  store.DeleteRef(ctx, r.Name)\n}\n"
        )
        .is_empty()
    );
    let names = "from kubernetes import client\nfor s in v1.list_secret_for_all_namespaces().items:\n    print(s.metadata.namespace, s.metadata.name)\n";
    assert!(keychain(&run(Lang::Python, names)).is_empty());
    // Key Vault names listed without `-Name`/`-AsPlainText`.
    assert!(
        keychain(&run(
            Lang::PowerShell,
            "Get-AzKeyVaultSecret -VaultName kv | Select Name\n"
        ))
        .is_empty()
    );
    // One feature branch the user names, deleted after confirmation.
    let one = "from github import Github\nif input(f\"delete {args.branch}? [y/N] \") == \"y\":\n    repo.get_git_ref(f\"heads/{args.branch}\").delete()\n";
    assert!(run(Lang::Python, one).is_empty());
    // A role assignment that is not an administrator role.
    assert!(
        run(
            Lang::PowerShell,
            "New-AzRoleAssignment -ObjectId $id -RoleDefinitionName Reader\n"
        )
        .is_empty()
    );
}

#[test]
fn reads_bind_their_result_for_the_flow() {
    let js = "import { fromNodeProviderChain } from \"@aws-sdk/credential-providers\";\nconst creds = fromNodeProviderChain();\n";
    let e = run(Lang::Js, js);
    assert!(keychain(&e)[0].output.is_some(), "{e:?}");
    let py = "import boto3\nc = boto3.Session().get_credentials()\n";
    assert!(keychain(&run(Lang::Python, py))[0].output.is_some());
    let ps = "$v = Get-AzKeyVaultSecret -VaultName kv -Name api -AsPlainText\n";
    assert_eq!(
        keychain(&run(Lang::PowerShell, ps))[0].output.as_deref(),
        Some("$v")
    );
}
