//! Round 29 (impact29): a cleanup whose delete set reaches past what can be
//! rebuilt. Read over the file's deletions as the front-ends resolved them
//! (every value a loop or list gives a path: `rmSync(join(proj, d))` over
//! `[...REGEN, ...extra]` is one deletion per name), in every parsed
//! language: when the same file deletes, under a folder it computes (each
//! project a walk found: `$root/$name/…`), both what an install or build
//! brings back (`node_modules`, `dist`, `.cache`, `target`, `__pycache__`,
//! `.venv`) and what nothing brings back — the project's history (`.git`,
//! `.hg`, `.svn`), its source (`src`) or its secrets (`.env`) — the second
//! kind is the user's work deleted under the cover of a cache cleaner
//! ([`Tag::Irreplaceable`] + [`Tag::Sweep`], SK-DEST-005 high).
//!
//! Quiet: a cleaner that deletes only regenerable folders; one `.git`
//! removed from a template the skill just cloned (no regenerable folder
//! beside it, or a literal path).

use crate::evidence::{Evidence, Op, Tag};

/// What an install or a build brings back.
const REGENERABLE: &[&str] = &[
    "node_modules",
    "dist",
    "build",
    ".next",
    ".nuxt",
    ".turbo",
    ".parcel-cache",
    ".cache",
    ".svelte-kit",
    ".angular",
    "target",
    "__pycache__",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".venv",
    "venv",
    ".tox",
    "coverage",
    ".gradle",
    "bower_components",
];

/// What nothing brings back: (last path part, what it is).
const IRREPLACEABLE: &[(&str, &str)] = &[
    (".git", "the project's git history"),
    (".hg", "the project's history"),
    (".svn", "the project's history"),
    ("src", "the project's source code"),
    (".env", "the project's secrets"),
    (".env.local", "the project's secrets"),
    (".ssh", "the user's SSH keys"),
    (".gnupg", "the user's GPG keys"),
];

fn last_part(target: &str) -> &str {
    let t = target.trim_end_matches(['/', '\\']);
    t.rsplit(['/', '\\']).next().unwrap_or(t)
}

/// Whether a target's folder is computed (a variable the code fills) and
/// not a temporary copy the skill made itself (`$(mktemp -d)/workspace`,
/// `$TMPDIR/…`, a staging folder).
fn computed_parent(target: &str) -> bool {
    let t = target.trim_end_matches(['/', '\\']);
    t.rsplit_once(['/', '\\']).is_some_and(|(parent, _)| {
        let p = parent.to_ascii_lowercase();
        p.contains('$')
            && !["mktemp", "tmp", "temp", "staging"]
                .iter()
                .any(|w| p.contains(w))
    })
}

/// Marks the irreplaceable deletions of `items` (one file's evidence) when
/// the same file deletes regenerable folders under a computed folder.
pub fn mark(items: &mut [Evidence]) {
    let deletes = |e: &Evidence| e.op == Op::FileDelete && computed_parent(&e.target);
    if !items
        .iter()
        .any(|e| deletes(e) && REGENERABLE.contains(&last_part(&e.target)))
    {
        return;
    }
    for e in items.iter_mut().filter(|e| deletes(e)) {
        let Some((_, what)) = IRREPLACEABLE
            .iter()
            .find(|(n, _)| *n == last_part(&e.target))
        else {
            continue;
        };
        if e.has(Tag::Irreplaceable) {
            continue;
        }
        e.tags.insert(Tag::Irreplaceable);
        e.tags.insert(Tag::Sweep);
        e.object =
            format!("{what} deleted by a cleanup of regenerable folders: nothing rebuilds it");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ssl::vocab::{ActType as A, ResourceScope as R};

    fn del(t: &str) -> Evidence {
        Evidence::new(Op::FileDelete, A::Write, R::Codebase, t)
    }

    #[test]
    fn history_beside_caches_is_marked_and_caches_alone_are_not() {
        let mut v = vec![del("$root/$name/node_modules"), del("$root/$name/.git")];
        mark(&mut v);
        assert!(v[1].has(Tag::Sweep) && !v[0].has(Tag::Sweep));
        let mut v = vec![del("$root/$name/node_modules"), del("$root/$name/dist")];
        mark(&mut v);
        assert!(v.iter().all(|e| !e.has(Tag::Sweep)));
        let mut v = vec![
            del("$(mktemp -d)/w/node_modules"),
            del("$(mktemp -d)/w/.git"),
        ];
        mark(&mut v);
        assert!(v.iter().all(|e| !e.has(Tag::Sweep)));
        let mut v = vec![del("my-app/node_modules"), del("my-app/.git")];
        mark(&mut v);
        assert!(v.iter().all(|e| !e.has(Tag::Sweep)));
    }
}
