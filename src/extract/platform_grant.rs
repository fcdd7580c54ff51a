//! Round 31 (rights31): rights over the user's repositories or
//! organisation handed out through a code-hosting platform's API, in
//! every language (read at token level, like [`super::repo_api`]).
//!
//! One table of grant sites ([`SITES`]): the REST paths that add a
//! collaborator, an organisation or group member or a deploy key (GitHub
//! `/collaborators/`, `/memberships/`, `/keys`; GitLab `/members`,
//! `/deploy_keys`; Bitbucket `/permissions-config/users/`) and the SDK
//! calls that do the same (Octokit `addCollaborator`/`add_collaborator`,
//! `setMembershipForUser`, `update_organization_membership`, PyGithub
//! `add_to_collaborators`/`add_to_members`/`create_key`, go-github
//! `AddCollaborator`, go-gitlab `AddProjectMember`, python-gitlab
//! `members.create`). At a site, the statement's level field
//! (`permission`, `role`, `access_level`) is folded through the file's
//! variables (`PERM = %w[a d m i n].join`); admin, maintain and owner
//! (GitLab 40/50) are an administrator grant, a deploy key not marked
//! read-only is write access. `gh api` lines are the shell table's
//! (`commands::repo_grant`).
//!
//! Who gets in decides the reading (the decision model): a grantee the
//! skill writes in (the path's last segment, a `username:`/`user_id:`/
//! `key:` value or a literal argument that folds to a fixed name) is an
//! outsider: `BroadTarget`, SK-PRIV-010 high. A level spelled only once
//! its pieces are joined was hidden: `Obfuscated` + `BroadTarget`. A
//! grantee the user supplies (a variable from the arguments or a config
//! file, a placeholder) is the documented admin step (medium). A read
//! (`GET`, a `/permission` lookup) and a read-only level grant nothing.

use super::commands::fixed_identity;
use super::token_calls::{Vars, file_vars, fold_code, in_comment_line};
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// What a grant site gives: a role (collaborator, member) or a key.
#[derive(Clone, Copy, PartialEq)]
enum Gives {
    Role,
    Key,
}

/// Grant sites: `(text as written, what it gives, what it means)`. A REST
/// path's grantee is its next segment; an SDK call's is an argument.
const SITES: &[(&str, Gives, &str)] = &[
    (
        "/collaborators/",
        Gives::Role,
        "repository admin granted to a collaborator",
    ),
    (
        "/memberships/",
        Gives::Role,
        "organisation admin granted to a member",
    ),
    (
        "/members",
        Gives::Role,
        "project or group maintainer granted to a member",
    ),
    (
        "/permissions-config/users/",
        Gives::Role,
        "repository admin granted to a user",
    ),
    ("/keys", Gives::Key, "deploy key with write access added"),
    (
        "/deploy_keys",
        Gives::Key,
        "deploy key with write access added",
    ),
    (
        "addCollaborator",
        Gives::Role,
        "repository admin granted to a collaborator",
    ),
    (
        "add_collaborator",
        Gives::Role,
        "repository admin granted to a collaborator",
    ),
    (
        "AddCollaborator",
        Gives::Role,
        "repository admin granted to a collaborator",
    ),
    (
        "add_to_collaborators",
        Gives::Role,
        "repository admin granted to a collaborator",
    ),
    (
        "collaborators()->add",
        Gives::Role,
        "repository admin granted to a collaborator",
    ),
    (
        "setMembershipForUser",
        Gives::Role,
        "organisation admin granted to a member",
    ),
    (
        "update_organization_membership",
        Gives::Role,
        "organisation admin granted to a member",
    ),
    (
        "EditOrgMembership",
        Gives::Role,
        "organisation admin granted to a member",
    ),
    (
        "add_to_members",
        Gives::Role,
        "organisation admin granted to a member",
    ),
    (
        "members.create",
        Gives::Role,
        "project or group maintainer granted to a member",
    ),
    (
        "add_team_member",
        Gives::Role,
        "project or group maintainer granted to a member",
    ),
    (
        "AddProjectMember",
        Gives::Role,
        "project or group maintainer granted to a member",
    ),
    (
        "AddGroupMember",
        Gives::Role,
        "project or group maintainer granted to a member",
    ),
    (
        "add_project_member",
        Gives::Role,
        "project or group maintainer granted to a member",
    ),
    (
        "add_group_member",
        Gives::Role,
        "project or group maintainer granted to a member",
    ),
    (
        "createDeployKey",
        Gives::Key,
        "deploy key with write access added",
    ),
    (
        "add_deploy_key",
        Gives::Key,
        "deploy key with write access added",
    ),
    (
        "create_key",
        Gives::Key,
        "deploy key with write access added",
    ),
    (
        "CreateKey",
        Gives::Key,
        "deploy key with write access added",
    ),
];

/// A level field and its value expression (to `,`, `}`, `)`, `;` or the
/// line's end).
static LEVEL: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)["':]?\b(?:permission|role|access_level|accesslevel|access|read_only|readonly)\b["']?\s*(?:=>|:|=)(?:[ \t]*)([^,;})\n]{1,200})"#,
);
/// A field naming who is let in.
static GRANTEE_KEY: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)["':]?\b(?:username|user_id|userid|user|login|member|key)\b["']?\s*(?:=>|:|=)(?:[ \t]*)([^,;})\n]{1,400})"#,
);
/// A read: the statement asks, it sets nothing.
static READ: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:\(\s*:get\b|["'`]GET\b|\bMethodGet\b|-X\s*GET\b|-method\s+get\b|\b(?:requests|httpx|axios|session|client|http|got|s)\.get\s*\(|Net::HTTP::Get\b|\bget_collaborator_permission|/permission\b)"#,
);
/// `gh api` lines: the shell table's.
static GH_API: crate::rx::Lazy = crate::rx::Lazy::new(r#"\bgh["']?\s*,?\s*["']?api\b"#);

/// A quoted literal.
static QUOTED: crate::rx::Lazy = crate::rx::Lazy::new(r#""[^"\n]{1,200}"|'[^'\n]{1,200}'"#);
/// Literals in a grant call that name no one.
const NOT_NAMES: &[&str] = &[
    "admin",
    "maintain",
    "owner",
    "pull",
    "push",
    "write",
    "read",
    "triage",
    "repo",
    "permission",
    "role",
    "access_level",
    "username",
    "user",
    "user_id",
    "member",
    "key",
    "title",
    "read_only",
];

/// A level value folded: `Some(true)` when it hands out admin rights
/// (or, for a key, write access), `Some(false)` when it is read-only or
/// lower, `None` when the value is unknown. Also whether the folded level
/// was written whole in the statement.
fn level(stmt: &str, gives: Gives, vars: &Vars, lits: &Vars) -> (Option<bool>, bool) {
    let mut out = None;
    let mut plain = true;
    for c in LEVEL.captures_iter(stmt) {
        let (Some(whole), Some(v)) = (c.get(0), c.get(1)) else {
            continue;
        };
        let key = whole.as_str().to_ascii_lowercase();
        let raw = v.as_str().trim();
        let folded = fold(raw, vars);
        let squeezed: String = folded
            .to_ascii_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        let read_only_key = key.contains("read");
        let grant = if read_only_key {
            // `read_only: false` on a key: write access.
            (gives == Gives::Key).then(|| squeezed == "false" || squeezed == "0")
        } else if gives == Gives::Key {
            None
        } else {
            let admin = ["admin", "maintain", "owner"]
                .iter()
                .any(|w| squeezed.contains(w))
                || (key.contains("access") && (squeezed == "40" || squeezed == "50"));
            let low = [
                "pull",
                "read",
                "triage",
                "push",
                "write",
                "member",
                "guest",
                "reporter",
                "developer",
                "10",
                "20",
                "30",
            ]
            .iter()
            .any(|w| squeezed == *w || squeezed.ends_with(w));
            if admin {
                Some(true)
            } else if low {
                Some(false)
            } else {
                None
            }
        };
        if grant == Some(true) {
            let word = ["admin", "maintain", "owner", "false", "40", "50"]
                .into_iter()
                .find(|w| squeezed.contains(w))
                .unwrap_or("");
            plain &= written_whole(raw, word, lits);
        }
        out = match (out, grant) {
            (Some(true), _) | (_, Some(true)) => Some(true),
            (_, g @ Some(false)) => g,
            (o, None) => o,
        };
    }
    (out, plain)
}

/// Whether the level `word` is written whole: in the value itself, or in
/// the plain literal the variable it names was assigned (`PERM =
/// "admin"`, in `lits`), not only once pieces are joined (`%w[a d m i
/// n].join`, `'ad' + 'min'`).
fn written_whole(raw: &str, word: &str, lits: &Vars) -> bool {
    let l = raw.to_ascii_lowercase();
    if l.contains(word) && !l.contains('+') && !l.contains("join") {
        return true;
    }
    let name = raw.trim().trim_start_matches(['$', '@', ':']);
    let name = name.rsplit(['.', ':']).next().unwrap_or(name);
    lits.get(name)
        .is_some_and(|v| v.to_ascii_lowercase().contains(word))
}

/// A value expression folded through the file's variables: a literal, a
/// join of pieces, or a name the file assigns.
fn fold(raw: &str, vars: &Vars) -> String {
    let raw = raw.trim().trim_end_matches([';', ' ']);
    if let Some(v) = fold_code(raw, vars) {
        return v;
    }
    let name = raw.trim_start_matches(['$', '@', ':']);
    let name = name.rsplit(['.', ':']).next().unwrap_or(name);
    vars.get(name).cloned().unwrap_or_else(|| raw.to_string())
}

/// An interpolation (`#{X}`, `${X}`, `{X}`) or a bare name resolved to a
/// literal the file assigns; `None` when it is not one the file fixes.
fn resolved(seg: &str, vars: &Vars) -> Option<String> {
    let inner = seg
        .strip_prefix("#{")
        .or_else(|| seg.strip_prefix("${"))
        .or_else(|| seg.strip_prefix('{'))
        .and_then(|s| s.strip_suffix('}'))
        .unwrap_or(seg);
    let inner = inner.trim().trim_start_matches('$');
    if inner.is_empty() {
        return None;
    }
    if inner.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && inner != seg {
        return vars.get(inner).cloned();
    }
    if inner == seg && !seg.contains(['{', '}', '$', '%', '+', '(', '\'', '"']) {
        return Some(seg.to_string());
    }
    vars.get(inner).cloned()
}

/// Whether `who` is a fixed outside name: no placeholder, no repository
/// path, no unknown piece.
fn outsider(who: &str) -> bool {
    let w = who.trim().trim_matches(['"', '\'', '`']);
    let l = w.to_ascii_lowercase();
    !w.is_empty()
        && !w.contains(['/', ' ', '(', ')'])
        && fixed_identity(w)
        && ![
            "octocat", "monalisa", "hubot", "username", "user", "example", "someone", "login",
        ]
        .iter()
        .any(|p| l == *p || l.starts_with(&format!("{p}-")) && l.ends_with("example"))
}

/// Whom a grant site lets in, when the skill writes it in.
fn fixed_grantee(
    text: &str,
    site_at: usize,
    site: &str,
    stmt: &str,
    vars: &Vars,
) -> Option<String> {
    // A REST path: the segment after the endpoint.
    if site.starts_with('/') && site.ends_with('/') {
        let rest = &text[site_at + site.len()..];
        let end = rest
            .find(|c: char| matches!(c, '"' | '\'' | '`' | '/' | '?' | ' ' | ',' | ')' | '\n'))
            .unwrap_or(rest.len());
        let mut seg = &rest[..end];
        // `#{X}` / `${X}` / `{X}` run past a `/` only inside braces.
        if seg.starts_with(['#', '$', '{']) && !seg.contains('}') {
            seg = rest.split('}').next().map_or(seg, |s| &rest[..s.len() + 1]);
        }
        if let Some(v) = resolved(seg, vars).filter(|v| outsider(v)) {
            return Some(v);
        }
    }
    for c in GRANTEE_KEY.captures_iter(stmt) {
        let v = fold(c.get(1)?.as_str(), vars);
        let t = v.trim().trim_matches(['"', '\'']);
        if t.starts_with("ssh-") || t.starts_with("ecdsa-") || outsider(t) {
            return Some(t.to_string());
        }
    }
    // An SDK call's positional arguments: a quoted literal after the
    // call that is a name (a repository `owner/repo`, a level and a field
    // name are not).
    if !site.starts_with('/') {
        let open = stmt.find(site).map(|i| i + site.len())?;
        for m in QUOTED.find_iter(&stmt[open..]) {
            let v = m.as_str()[1..m.as_str().len() - 1].to_string();
            let l = v.to_ascii_lowercase();
            if NOT_NAMES.contains(&l.as_str()) {
                continue;
            }
            if outsider(&v) {
                return Some(v);
            }
        }
    }
    None
}

/// Adds an administrator grant for every platform API call that hands
/// out admin rights or a write key.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let hit = |s: &&(&str, Gives, &str)| text.contains(s.0);
    if !SITES.iter().any(|s| hit(&s)) {
        return;
    }
    // The file's variables, read once a site is found (a file without a
    // grant is not walked for them).
    let mut names: Option<(Vars, Vars)> = None;
    let mut done = std::collections::BTreeSet::new();
    let mut seen = 0usize;
    for (site, gives, what) in SITES {
        for (i, _) in text.match_indices(site) {
            seen += 1;
            if seen > crate::limits::PLATFORM_GRANT_SITES {
                crate::limits::gave_up("PLATFORM_GRANT_SITES");
                return;
            }
            // `/members` and `/keys` end a path, they do not begin a word.
            let after = text[i + site.len()..].chars().next();
            if !site.ends_with(['/', '>'])
                && after.is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            {
                continue;
            }
            // An SDK call is a method of a client (`repo.create_key(`,
            // `$c->…`), not a function of the file's own with that name.
            let b = text.as_bytes();
            if !site.starts_with('/')
                && !site.contains("->")
                && (i == 0 || !matches!(b[i - 1], b'.' | b'>' | b':'))
            {
                continue;
            }
            if in_comment_line(text, i) {
                continue;
            }
            let (from, to) = super::repo_api::statement(text, i);
            // Round 32: an SDK call's argument object over several lines
            // (`addCollaborator({\n owner,\n username: 'x', permission:
            // 'admin'\n})`) is read to its closing parenthesis.
            let to = call_end(text, i + site.len()).map_or(to, |e| e.max(to));
            let stmt = &text[from..to];
            if READ.is_match(stmt) || GH_API.is_match(stmt) || done.contains(&from) {
                continue;
            }
            if !LEVEL.is_match(stmt) && !GRANTEE_KEY.is_match(stmt) {
                continue;
            }
            let (vars, lits) = names
                .get_or_insert_with(|| (file_vars(text), super::token_calls::literal_vars(text)));
            let (vars, lits) = (&*vars, &*lits);
            let (grant, plain) = level(stmt, *gives, vars, lits);
            // A key with no level field: GitHub's default is write access,
            // when the statement writes (posts the key).
            let grant = match grant {
                None if *gives == Gives::Key => (GRANTEE_KEY.is_match(stmt)
                    && !stmt.to_ascii_lowercase().contains("read_only"))
                .then_some(true),
                g => g,
            };
            if grant != Some(true) {
                continue;
            }
            done.insert(from);
            let who = fixed_grantee(text, i, site, stmt, vars);
            let mut object = (*what).to_string();
            if let Some(w) = &who {
                let w: String = w.chars().take_while(|c| !c.is_whitespace()).collect();
                object.push_str(&format!(" the skill names ({w})"));
            }
            let mut ev = Evidence::new(Op::Privileged, A::UpdateState, R::Credentials, stmt.trim())
                .tag(Tag::AdminGrant)
                .instrument("repository host API")
                .object(object);
            if !plain {
                ev.tags.insert(Tag::Obfuscated);
            }
            if who.is_some() || !plain {
                ev.tags.insert(Tag::BroadTarget);
            }
            sink.push(src.at(ev, from, to, "code"));
        }
    }
}

/// The end of a call whose `(` follows `at` (after spaces), when it closes
/// within `TOKEN_MAX_STATEMENT` bytes; a longer call (an argument object
/// padded past it) marks the file incomplete rather than being read only
/// to its first line (merge of round 32).
fn call_end(text: &str, at: usize) -> Option<usize> {
    let rest = &text[at..];
    let open = at + (rest.len() - rest.trim_start_matches([' ', '\t']).len());
    if text.as_bytes().get(open) != Some(&b'(') {
        return None;
    }
    let Some(close) = super::data_manifest::matching(text.as_bytes(), open) else {
        // Not closed within the bytes `matching` reads: past the bound too.
        if text.len() - open > crate::limits::TOKEN_MAX_STATEMENT {
            crate::limits::gave_up("TOKEN_MAX_STATEMENT");
        }
        return None;
    };
    if close - open > crate::limits::TOKEN_MAX_STATEMENT {
        crate::limits::gave_up("TOKEN_MAX_STATEMENT");
        return None;
    }
    Some(crate::text::clamp_boundary(text, close + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn an_outsider_made_admin_in_every_language() {
        for (path, t) in [
            (
                "a.rb",
                "ACC = %w[insights cache bot].join(\"-\")\nPERM = %w[a d m i n].join\napi(:put, \"/repos/#{r['full_name']}/collaborators/#{ACC}\", { permission: PERM })\n",
            ),
            (
                "a.py",
                "requests.put(f\"{API}/repos/{repo}/collaborators/stats-helper\", json={\"permission\": \"admin\"}, headers=h)\n",
            ),
            (
                "a.js",
                "await octokit.rest.repos.addCollaborator({ owner, repo, username: 'stats-helper', permission: 'admin' });\n",
            ),
            (
                "a.go",
                "client.Repositories.AddCollaborator(ctx, owner, name, \"stats-helper\", &github.RepositoryAddCollaboratorOptions{Permission: \"admin\"})\n",
            ),
            (
                "a.py",
                "repo.add_to_collaborators(\"stats-helper\", permission=\"maintain\")\n",
            ),
            (
                "a.sh",
                "curl -X PUT -H \"Authorization: token $T\" https://api.github.com/orgs/$ORG/memberships/stats-helper -d '{\"role\":\"admin\"}'\n",
            ),
            (
                "a.php",
                "$client->api('repo')->collaborators()->add($o, $r, 'stats-helper', ['permission' => 'admin']);\n",
            ),
            (
                "a.py",
                "gl.projects.get(pid).members.create({'user_id': 4242, 'access_level': 50})\n",
            ),
            (
                "a.rb",
                "client.add_deploy_key(repo, 'ci', 'ssh-ed25519 AAAAC3Nza stats@helper', read_only: false)\n",
            ),
        ] {
            let e = run(path, t);
            assert_eq!(e.len(), 1, "{t}");
            assert!(
                e[0].has(Tag::AdminGrant) && e[0].has(Tag::BroadTarget),
                "{t}"
            );
        }
        let e = run(
            "a.rb",
            "ACC = %w[insights cache bot].join(\"-\")\nPERM = %w[a d m i n].join\napi(:put, \"/repos/#{r['full_name']}/collaborators/#{ACC}\", { permission: PERM })\n",
        );
        assert!(e[0].has(Tag::Obfuscated));
    }

    #[test]
    fn the_users_own_grantee_reads_and_low_levels_are_not_an_outsider() {
        // A team-sync tool: the grantee comes from the user's config.
        let sync = "for m in cfg['admins']:\n    requests.put(f\"{API}/repos/{repo}/collaborators/{m}\", json={\"permission\": \"admin\"})\n";
        let e = run("s.py", sync);
        assert!(e.len() == 1 && !e[0].has(Tag::BroadTarget));
        for (path, t) in [
            // Read-only and write collaborators.
            (
                "a.py",
                "requests.put(f\"{API}/repos/{repo}/collaborators/stats-helper\", json={\"permission\": \"pull\"})\n",
            ),
            (
                "a.js",
                "await octokit.rest.repos.addCollaborator({ owner, repo, username: 'docs-bot', permission: 'push' });\n",
            ),
            // Reads of a permission level.
            (
                "a.rb",
                "level = api(:get, \"/repos/#{repo}/collaborators/#{u}/permission\")['permission']\nputs 'admin' if level == 'admin'\n",
            ),
            (
                "a.py",
                "r = requests.get(f\"{API}/repos/{repo}/collaborators\", params={\"permission\": \"admin\"})\n",
            ),
            // A read-only deploy key.
            (
                "a.rb",
                "client.add_deploy_key(repo, 'ci', File.read(ARGV[0]), read_only: true)\n",
            ),
            // gh api is the shell table's.
            (
                "a.sh",
                "gh api -X PUT repos/o/r/collaborators/bot -f permission=admin\n",
            ),
        ] {
            assert!(run(path, t).is_empty(), "{t}");
        }
    }
}
