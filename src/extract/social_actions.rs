//! Round 37: the user's account driven by a stranger's list, at token level
//! for every language. Social actions on a code-hosting or social platform
//! (star, follow, fork, comment, like, repost, vote) made with the user's
//! token on targets computed at run time, in a file that also fetches a
//! list from a fixed outside host that is none of those platforms, are
//! abusive automation of the user's account: a server decides what the
//! user's identity stars, follows and says, as often as the code loops
//! (blind r37's "reciprocity" thread). The user's reputation and the
//! platform's limits are spent on work the user never asked for: evidence
//! tagged [`Tag::Runaway`] (SK-RES-006, resource abuse).
//!
//! Quiet: reads of the same endpoints (stargazers, comments listed), one
//! action on a target the code names, and actions over a list the user's
//! own files or arguments supply (starring the dependencies of a local
//! manifest).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Endpoints that act as the account: `(pattern, act)`.
static ACTION: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?x)
    /user/starred/ | /user/following/ | /repos/[^\s"'`]{0,80}?/forks\b
    | /repos/[^\s"'`]{0,120}?/(?:comments|reactions|subscription)\b
    | /projects/[^\s"'`]{0,80}?/(?:star|fork)\b
    | /api/v1/(?:statuses|accounts)/[^\s"'`]{0,80}?/(?:favourite|reblog|follow)\b
    | /2/users/[^\s"'`]{0,80}?/(?:likes|retweets|following)\b
    | \bfavorites/create\b | \bfriendships/create\b
    | \bapp\.bsky\.(?:feed\.like|feed\.repost|graph\.follow)\b
    | /api/(?:vote|comment|subscribe)\b
    "#,
);
/// A writing method in the statement (`gh(:put, …)`, `method: 'POST'`,
/// `requests.put(`, `http.MethodPut`, `Net::HTTP::Post`, `-X PUT`).
static WRITES: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)["':]\s*(?:put|post)\b|\b(?:put|post)\s*\(|\bMethod(?:Put|Post)\b|::(?:Put|Post)\b|-X\s*(?:PUT|POST)\b|\bcreateRecord\b"#,
);
/// A target filled in at run time.
static COMPUTED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"#\{|\$\{|\{[A-Za-z_][\w.\[\]'"]*\}|%s|["'`]\s*\+\s*[A-Za-z_]|\$[A-Za-z_]"#,
);
/// A fetch verb next to a URL (the list the actions go over).
static FETCH: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)\b(?:get|fetch|urlopen|open|curl|wget|request|Get|load)\b\s*[(\s]");
/// The user's token or credentials on the requests.
static AUTHED: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)token|authorization|bearer|\bauth\b|password|session");
/// Hosts of the platforms themselves (the list comes from somewhere else).
const PLATFORMS: &[&str] = &[
    "github.com",
    "githubusercontent.com",
    "gitlab.com",
    "twitter.com",
    "x.com",
    "bsky.social",
    "bsky.app",
    "reddit.com",
    "mastodon.social",
];

fn platform(host: &str) -> bool {
    PLATFORMS
        .iter()
        .any(|p| host == *p || host.ends_with(&format!(".{p}")))
}

/// Whether the endpoint at `s..e` is filled in at run time: the string
/// literal around it interpolates (`"/user/starred/#{r}"`,
/// `f'…/following/{u}'`, `` `…/${r}` ``), or is joined with a name
/// (`"/user/following/"+u`). A computed header on the same statement
/// (`-H "Authorization: Bearer $TOKEN"`) does not count.
fn computed_path(text: &str, s: usize, e: usize) -> bool {
    let line_start = text[..s].rfind('\n').map_or(0, |n| n + 1);
    let line_end = text[e..].find('\n').map_or(text.len(), |n| e + n);
    let Some(open) = text[line_start..s]
        .rfind(['"', '\'', '`'])
        .map(|i| line_start + i)
    else {
        return false;
    };
    let q = text.as_bytes()[open] as char;
    let close = text[e..line_end].find(q).map_or(line_end, |i| e + i);
    let literal = &text[open + 1..close];
    let after = text[(close + 1).min(line_end)..line_end].trim_start();
    let before = text[line_start..open].trim_end();
    COMPUTED.is_match(literal)
        || after.starts_with('+')
            && after[1..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        || before.ends_with('+') && !before.ends_with("++")
}

/// The first fetch of a fixed outside host that is no platform (a line
/// that is not a comment), by its URL.
fn remote_list(text: &str) -> Option<String> {
    use super::indicators::{URL_RE, url_host};
    for (k, m) in URL_RE.find_iter(text).enumerate() {
        if k == crate::limits::SOCIAL_MAX_URLS {
            crate::limits::gave_up("SOCIAL_MAX_URLS");
            return None;
        }
        let (ls, le) = super::burn::line_span(text, m.start());
        let line = &text[ls..le];
        let head = line.trim_start();
        if head.starts_with(['#', '/', '*']) || head.starts_with("--") {
            continue;
        }
        let url = m.as_str();
        let Some(host) = url_host(url) else {
            continue;
        };
        if platform(&host) || !super::persisted::fixed_outside(url) || !FETCH.is_match(line) {
            continue;
        }
        return Some(host);
    }
    None
}

/// Adds the abusive automation when the file acts as the account on
/// computed targets and fetches the list from elsewhere; see the module
/// docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !AUTHED.is_match(text) {
        return;
    }
    let mut acts: Vec<(usize, usize, String)> = Vec::new();
    for (k, m) in ACTION.find_iter(text).enumerate() {
        if k == crate::limits::SOCIAL_MAX_SITES {
            crate::limits::gave_up("SOCIAL_MAX_SITES");
            break;
        }
        let (from, to) = super::repo_api::statement(text, m.start());
        let stmt = &text[from..to];
        let head = stmt.trim_start();
        if head.starts_with(['#', '/', '*']) || head.starts_with("--") {
            continue;
        }
        if !WRITES.is_match(stmt) || !computed_path(text, m.start(), m.end()) {
            continue;
        }
        acts.push((from, to, m.as_str().trim_matches('/').to_string()));
    }
    let Some(&(from, to, _)) = acts.first() else {
        return;
    };
    let Some(host) = remote_list(text) else {
        return;
    };
    // The platform the actions go to handing out its own list (a hosting
    // service's API documented in one file) is no stranger's list.
    if acts
        .iter()
        .any(|(f, t, _)| text[*f..*t].contains(host.as_str()))
    {
        return;
    }
    let mut names: Vec<&str> = acts.iter().map(|a| a.2.as_str()).collect();
    names.sort();
    names.dedup();
    let ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, "$account")
        .tag(Tag::Runaway)
        .instrument("platform API with the user's token")
        .object(format!(
            "the user's account made to act ({}) on targets from a list {host} supplies: abusive automation of the user's identity",
            names.into_iter().take(4).collect::<Vec<_>>().join(", ")
        ));
    sink.push(src.at(ev, from, to, "code"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn actions_over_a_served_list_in_every_language() {
        for (p, code) in [
            (
                "a.rb",
                "TOKEN = ENV.fetch(\"GITHUB_TOKEN\")\nlist = JSON.parse(Net::HTTP.get(URI(\"https://recip.stats.example/today.json\")))\nloop do\n  list[\"repos\"].each { |r| gh(:put, \"/user/starred/#{r}\"); gh(:post, \"/repos/#{r}/forks\") }\n  sleep 5\nend\n",
            ),
            (
                "b.py",
                "import requests, os\nh = {'Authorization': 'token ' + os.environ['GITHUB_TOKEN']}\nusers = requests.get('https://grow.stats.example/follow.json').json()\nfor u in users:\n    requests.put(f'https://api.github.com/user/following/{u}', headers=h)\n",
            ),
            (
                "c.js",
                "const auth = { Authorization: `Bearer ${process.env.GH_TOKEN}` };\nconst list = await (await fetch('https://boost.stats.example/repos')).json();\nfor (const r of list) {\n  await fetch(`https://api.github.com/user/starred/${r}`, { method: 'PUT', headers: auth });\n}\n",
            ),
            (
                "d.go",
                "tok := os.Getenv(\"GITHUB_TOKEN\")\nresp, _ := http.Get(\"https://swap.stats.example/users\")\nfor _, u := range users {\n\treq, _ := http.NewRequest(http.MethodPut, api+\"/user/following/\"+u, nil)\n\treq.Header.Set(\"Authorization\", \"token \"+tok)\n}\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(
                ev.iter()
                    .any(|e| e.has(Tag::Runaway) && e.op == Op::NetSend),
                "{p}: {ev:#?}"
            );
        }
    }

    #[test]
    fn reads_local_lists_and_named_targets_are_quiet() {
        for (p, code) in [
            // Stargazers read, an outside label service fetched, nothing done
            // as the account.
            (
                "a.rb",
                "TOKEN = ENV.fetch(\"GITHUB_TOKEN\")\nlabels = JSON.parse(Net::HTTP.get(URI(\"https://labels.stats.example/v1\")))\nbatch = gh(:get, \"/repos/#{repo}/stargazers?page=#{page}\")\n",
            ),
            // Starring the dependencies of the user's own manifest.
            (
                "b.py",
                "import requests, os, json\nh = {'Authorization': 'token ' + os.environ['GITHUB_TOKEN']}\nfor dep in json.load(open('package.json'))['dependencies']:\n    requests.put(f'https://api.github.com/user/starred/{dep}', headers=h)\n",
            ),
            // A hosting platform's own API documented: its list and its
            // actions on one host, the token in a header.
            (
                "d.sh",
                "curl -s https://gimhub.example/api/repos?sort=stars\ncurl -X POST https://gimhub.example/api/repos/owner/repo/issues/1/comments \\\n  -H \"Authorization: Bearer $GIMHUB_TOKEN\" -d '{\"body\": \"hi\"}'\n",
            ),
            // One named repository starred, documentation linked.
            (
                "c.js",
                "// see https://docs.stats.example/star\nconst auth = { Authorization: `Bearer ${process.env.GH_TOKEN}` };\nawait fetch('https://api.github.com/user/starred/acme/tool', { method: 'PUT', headers: auth });\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(ev.is_empty(), "{p}: {ev:#?}");
        }
    }
}
