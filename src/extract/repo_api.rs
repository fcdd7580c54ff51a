//! Repository-hosting REST calls that destroy, in every language (read at
//! token level, like [`super::sdk`]): the same remote branch and tag
//! deletions and branch-protection removals that [`super::commands`] reads
//! from `git push --delete` and `gh api -X DELETE` lines, written as HTTP
//! `DELETE` requests to the GitHub or GitLab API (`fetch(…/git/refs/tags/${t},
//! { method: 'DELETE' })`, `requests.delete(f"…/releases/{r['id']}")`,
//! `http.NewRequest(http.MethodDelete, api+"/git/refs/heads/"+b, nil)`).
//!
//! One named ref deleted is routine (a merged feature branch); a ref or
//! release whose name is computed (a loop over a listing) is every one of
//! them. Protection removed is history made rewritable whatever it names.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// What an endpoint of a repository host holds: `(path part, object)`.
const ENDPOINTS: &[(&str, &str)] = &[
    // GitHub
    ("/git/refs/", "remote branches or tags deleted"),
    ("/releases/", "releases deleted"),
    ("/protection", "branch protection removed"),
    // GitLab
    ("/repository/branches/", "remote branches or tags deleted"),
    ("/repository/tags/", "remote branches or tags deleted"),
    ("/protected_branches/", "branch protection removed"),
    ("/protected_tags/", "branch protection removed"),
];

/// The HTTP method DELETE, in every language's spelling: a method option
/// or argument (`method: 'DELETE'`, `"DELETE"`, `http.MethodDelete`,
/// `-Method Delete`, `-X DELETE`) or a client's delete verb
/// (`requests.delete(`, `axios.delete(`, `octokit.request('DELETE …`).
static DELETE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"["'`]DELETE\b|\bMethodDelete\b|(?i:-method\s+delete\b|-X\s+DELETE\b|--method[=\s]+delete\b)|\b(?:requests|httpx|axios|session|client|http|got|ky|superagent|req|s)\.delete\s*\(|Net::HTTP::Delete\b"#,
);

/// A ref, release or branch name filled in at run time: an interpolation
/// or a concatenation right after the endpoint.
fn computed(after: &str) -> bool {
    let a = after.trim_start_matches(['"', '\'', '`', ' ']);
    a.starts_with("${")
        || a.starts_with('{')
        || a.starts_with('+')
        || a.starts_with('$')
        || a.starts_with("%s")
        || a.starts_with("#{")
        || a.starts_with('%')
        || a.starts_with(". ")
        || a.starts_with('.') && a[1..].starts_with(['$', ' '])
        || a.starts_with("heads/") && computed(&a[6..])
        || a.starts_with("tags/") && computed(&a[5..])
}

/// The statement around byte `i`: its line, the line before when that
/// one leaves a call open (`requests.delete(` on its own line), and the
/// next when this one does (`{ method: 'DELETE' }` below the URL); at
/// most [`crate::limits::TOKEN_MAX_STATEMENT`] bytes each side.
pub(super) fn statement(text: &str, i: usize) -> (usize, usize) {
    let max = crate::limits::TOKEN_MAX_STATEMENT;
    let open = |l: &str| l.trim_end().ends_with(['(', ',', '{', '[', '\\']);
    let mut from = text[..i].rfind('\n').map_or(0, |n| n + 1);
    let mut to = text[i..].find('\n').map_or(text.len(), |n| i + n);
    if from > 0 {
        let prev = text[..from - 1].rfind('\n').map_or(0, |n| n + 1);
        if open(&text[prev..from - 1]) {
            from = prev;
        }
    }
    if to < text.len() && open(&text[from..to]) {
        to = text[to + 1..].find('\n').map_or(text.len(), |n| to + 1 + n);
    }
    if i - from > max || to - i > max {
        crate::limits::gave_up("TOKEN_MAX_STATEMENT");
    }
    let from = crate::text::clamp_boundary(text, from.max(i.saturating_sub(max)));
    let to = crate::text::clamp_boundary(text, to.min(i + max));
    (from, to)
}

/// `gh api` as a command or an argv (`["gh", "api", …]`): the shell table
/// reads it, through [`deletes`].
static GH_API: crate::rx::Lazy = crate::rx::Lazy::new(r#"\bgh["']?\s*,?\s*["']?api\b"#);

/// What a DELETE of `stmt` (one statement or command line, already known to
/// send a DELETE) destroys: `(object, broad)` for its first repository-host
/// endpoint, if it names one. Computed ref or release names are every one.
pub fn deletes(stmt: &str) -> Option<(&'static str, bool)> {
    ENDPOINTS.iter().find_map(|(part, object)| {
        let i = stmt.find(part)?;
        let protection = object.starts_with("branch protection");
        let broad = !protection && computed(&stmt[i + part.len()..]);
        (protection || broad).then_some((*object, broad))
    })
}

/// The evidence of a repository-host deletion.
pub fn evidence(target: &str, object: &'static str, broad: bool) -> Evidence {
    let mut ev = Evidence::new(Op::FileDelete, A::Write, R::Codebase, target)
        .tag(Tag::GitHistory)
        .object(object);
    if broad {
        ev.tags.insert(Tag::BroadTarget);
    }
    ev
}

/// Adds a deletion of remote refs or releases, or a protection removal,
/// for every repository-host endpoint that the code sends a DELETE to.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains("DELETE") && !text.contains("elete") {
        return;
    }
    let mut done = std::collections::BTreeSet::new();
    for (part, _) in ENDPOINTS {
        for (i, _) in text.match_indices(part) {
            let (from, to) = statement(text, i);
            let stmt = &text[from..to];
            if !DELETE.is_match(stmt) || GH_API.is_match(stmt) || !done.insert(from) {
                continue;
            }
            let Some((object, broad)) = deletes(&text[i..to]) else {
                continue;
            };
            let ev = evidence(part, object, broad).instrument("repository host API");
            sink.push(src.at(ev, from, to, "code"));
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
    fn computed_refs_and_releases_deleted_through_the_api() {
        let js = "for (const t of tags) {\n  await gh(`/repos/${repo}/git/refs/tags/${t.name}`, { method: 'DELETE' });\n}\n";
        let e = run("p.js", js);
        assert!(e.len() == 1 && e[0].has(Tag::BroadTarget) && e[0].has(Tag::GitHistory));
        let py = "for r in releases:\n    requests.delete(\n        f\"{API}/repos/{repo}/releases/{r['id']}\", headers=h)\n";
        assert!(run("p.py", py)[0].has(Tag::BroadTarget));
        let go = "req, _ := http.NewRequest(http.MethodDelete, api+\"/projects/\"+id+\"/repository/branches/\"+b.Name, nil)\n";
        assert!(run("p.go", go)[0].has(Tag::BroadTarget));
        let ps =
            "Invoke-RestMethod -Method Delete -Uri \"$api/repos/$repo/branches/main/protection\"\n";
        let e = run("p.ps1", ps);
        assert!(e.len() == 1 && !e[0].has(Tag::BroadTarget));
    }

    #[test]
    fn reads_and_one_named_ref_are_quiet() {
        // Listing refs and releases; one named branch deleted after merge.
        assert!(
            run(
                "p.js",
                "const tags = await gh(`/repos/${repo}/git/refs/tags`);\n"
            )
            .is_empty()
        );
        assert!(run("p.py", "requests.get(f\"{API}/repos/{repo}/releases/{rid}\")\nrequests.delete(f\"{API}/repos/{repo}/git/refs/heads/feature-x\")\n").is_empty());
        assert!(
            run(
                "p.py",
                "requests.put(f\"{API}/repos/{repo}/branches/main/protection\", json=rules)\n"
            )
            .is_empty()
        );
    }
}
