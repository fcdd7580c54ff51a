//! Round 38 (recall38a): a program that starts copies of itself, as the
//! fork bomb it is. `:(){ :|:& };:` is a function that calls itself twice
//! in the background (`shell/walk.rs` `fork_bomb`); a script that runs its
//! own file again in the background from inside a function or a loop, in
//! the same mode and with no depth bound, is the same self-replication one
//! process at a time: every copy starts more (blind r38
//! monorepo-lint-fanout: `"$SELF" "$ROOT" &` in the per-package worker of
//! an `xargs -P 0`). One table, a row per language ([`SELF_SPAWN`]): the
//! words that name the program's own file (a shell's `$0`/`BASH_SOURCE`
//! and names assigned from them, Python's `__file__`/`sys.argv[0]`,
//! Node's `__filename`/`process.argv[1]`) in a call that does not wait
//! (a shell line ending in `&`, `Popen`, `spawn`/`fork`).
//!
//! Quiet: a copy started once at the top level (daemonising: `nohup "$0"
//! --bg & exit`), a child started with a literal word that changes its
//! mode (`--child`, `--worker`, `loop`, `"bg"`), a call that waits (`subprocess.run`,
//! `execv`, a shell line without `&`), a file that counts a depth
//! (`DEPTH`, `nesting`, `recursion`, `generation`).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// (language, a call that starts a process without waiting and names the
/// program's own file — `SELF` stands for the names assigned from it).
const SELF_SPAWN: &[(super::Lang, &str)] = &[
    (
        super::Lang::Shell,
        r#"(?m)^[ \t]+(?:(?:nohup|setsid|exec|bash|sh)\s+)?"?(?:\$\{?0\}?|\$\{?BASH_SOURCE(?:\[0\])?\}?|\$\{?(?:SELF)\}?)"?(?P<args>(?:[^\n&|;]|[0-9]?>&[0-9])*)&[ \t]*(?:$|#)"#,
    ),
    (
        super::Lang::Python,
        r#"(?m)^[ \t]+[^\n#]*\bPopen\s*\(\s*\[[^\]\n]*(?:__file__|sys\.argv\[0\]|\bSELF\b)\s*(?P<args>(?:,[^\]\n]*)?)\]"#,
    ),
    (
        super::Lang::JavaScript,
        r#"(?m)^[ \t]+[^\n]*\b(?:spawn|fork)\s*\([^\n]*(?:__filename|process\.argv\[1\]|\bSELF\b)\s*(?P<args>(?:[,\])][^\n]*)?)$"#,
    ),
];

/// A count of how deep the copies go, anywhere in the file.
static DEPTH: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b\w*(?:depth|nesting|recursion|generation)\w*\b\s*(?:[<>+=!:]|-[gl][te]\b)|\$\{?\w*(?:depth|nest|recurs|generation)\w*",
);

/// Whether the child's arguments hold a literal word (an option `--child`,
/// a mode `loop`, `"bg"`): it runs in another mode than its parent. Shell
/// words are literal unless they expand (`"$ROOT"`) or redirect; in
/// Python and JavaScript a quoted string or an option is.
fn other_mode(lang: super::Lang, args: &str) -> bool {
    args.split(|c: char| c.is_whitespace() || matches!(c, ',' | '[' | ']' | '(' | ')'))
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .any(|w| match lang {
            super::Lang::Shell => {
                let w = w.trim_matches(['"', '\'']);
                !w.is_empty()
                    && !w.starts_with('$')
                    && !w.contains('>')
                    && !w.starts_with('<')
                    && !w.starts_with('&')
            }
            _ => w.starts_with(['"', '\'', '`', '-']),
        })
}

/// The names a file assigns from its own path (`SELF="$(cd …)/$(basename
/// "$0")"`, `me = os.path.abspath(__file__)`, `const self = __filename`);
/// a sibling named from its folder (`os.path.join(os.path.dirname(
/// __file__), "deploy.sh")`, `Path(__file__).with_name("warm.py")`) is
/// another program ([`SIBLING`]).
static OWN_PATH_NAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)^\s*(?:local\s+|readonly\s+|export\s+|const\s+|let\s+|var\s+)?([A-Za-z_]\w*)\s*=\s*[^\n]*(?:\$\{?0\b|BASH_SOURCE|__file__|sys\.argv\[0\]|__filename|process\.argv\[1\])"#,
);

/// A path built from the file's folder, not the file (unless its own
/// name is put back: `$(basename "$0")`).
static SIBLING: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bdirname\b|\.parent\b|\bwith_name\b|\bjoin\s*\(|\bresolve\s*\(\s*__dirname",
);

/// Adds a self-replicating spawn in `src` (see the module docs).
pub fn scan(lang: super::Lang, src: &Src, sink: &mut Sink) {
    let text = src.text;
    let Some((_, pattern)) = SELF_SPAWN.iter().find(|(l, _)| *l == lang) else {
        return;
    };
    if DEPTH.is_match(text) {
        return;
    }
    // The file's own-path names stand for `SELF` in the pattern.
    let names: Vec<String> = OWN_PATH_NAME
        .captures_iter(text)
        .filter(|c| {
            let line = c.get(0).map_or("", |m| m.as_str());
            !SIBLING.is_match(line) || line.contains("basename")
        })
        .filter_map(|c| c.get(1).map(|m| regex::escape(m.as_str())))
        .take(8)
        .collect();
    // Without own-path names the pattern is the same for every text:
    // compiled once per language (a 60 MB SKILL.md has ~260k code blocks;
    // compiling per block doubled its run).
    static PLAIN: std::sync::LazyLock<Vec<(super::Lang, Option<regex::Regex>)>> =
        std::sync::LazyLock::new(|| {
            SELF_SPAWN
                .iter()
                .map(|(l, p)| (*l, regex::Regex::new(&p.replace("SELF", "(?:SELF)")).ok()))
                .collect()
        });
    let own;
    let re = if names.is_empty() {
        match PLAIN.iter().find(|(l, _)| *l == lang) {
            Some((_, Some(re))) => re,
            _ => return,
        }
    } else {
        let Ok(re) =
            regex::Regex::new(&pattern.replace("SELF", &format!("(?:{})", names.join("|"))))
        else {
            return;
        };
        own = re;
        &own
    };
    for c in re.captures_iter(text) {
        let Some(m) = c.get(0) else { continue };
        let args = c.name("args").map_or("", |a| a.as_str());
        if other_mode(lang, args) {
            continue;
        }
        // Daemonising: the parent leaves right after (`… & exit`).
        let after = crate::text::slice(text, m.end(), m.end() + 40);
        if after.trim_start().starts_with("exit") {
            continue;
        }
        let (ls, le) = (m.start(), m.end());
        let ev = Evidence::new(Op::ForkBomb, A::CallTool, R::Process, m.as_str().trim())
            .tag(Tag::Unbounded)
            .object(
                "the program starts a copy of itself without waiting, from inside a function \
                 or loop, with no depth bound: every copy starts more",
            );
        sink.push(src.at(ev, ls, le, "code"));
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::Lang;

    fn run(lang: Lang, path: &str, text: &str) -> usize {
        let mut sink = Sink::default();
        scan(
            lang,
            &Src::new(path, text, crate::evidence::Origin::Script),
            &mut sink,
        );
        sink.items.iter().filter(|e| e.op == Op::ForkBomb).count()
    }

    #[test]
    fn self_copies_in_a_worker_multiply() {
        let sh = "SELF=\"$(cd \"$(dirname \"$0\")\" && pwd)/$(basename \"$0\")\"\nlint_one() {\n  if [ -f x ]; then\n    \"$SELF\" \"$ROOT\" &\n  fi\n}\n";
        assert_eq!(run(Lang::Shell, "f.sh", sh), 1);
        let py = "import subprocess, sys\ndef crawl(d):\n    for s in subs(d):\n        subprocess.Popen([sys.executable, __file__, s])\n";
        assert_eq!(run(Lang::Python, "f.py", py), 1);
        let js = "const { spawn } = require('child_process');\nfor (const d of dirs) {\n  spawn(process.execPath, [__filename, d], { detached: true });\n}\n";
        assert_eq!(run(Lang::JavaScript, "f.js", js), 1);
    }

    #[test]
    fn daemons_children_in_another_mode_and_bounded_depth_are_quiet() {
        let daemon =
            "if [ \"$1\" != bg ]; then\n  nohup \"$0\" bg >/dev/null 2>&1 &\n  exit 0\nfi\n";
        assert_eq!(run(Lang::Shell, "f.sh", daemon), 0);
        let child = "for d in */; do\n  \"$0\" --child \"$d\" &\ndone\nwait\n";
        assert_eq!(run(Lang::Shell, "f.sh", child), 0);
        let depth = "DEPTH=${DEPTH:-0}\n[ \"$DEPTH\" -gt 3 ] && exit 0\nfor d in */; do\n  DEPTH=$((DEPTH+1)) \"$0\" \"$d\" &\ndone\n";
        assert_eq!(run(Lang::Shell, "f.sh", depth), 0);
        let waits = "def walk(d):\n    subprocess.run([sys.executable, __file__, d])\n";
        assert_eq!(run(Lang::Python, "f.py", waits), 0);
        // Another program beside the file, named from its folder.
        let sibling = "DEPLOY = os.path.join(os.path.dirname(os.path.abspath(__file__)), \"deploy.sh\")\ndef on_push():\n    subprocess.Popen([DEPLOY])\n";
        assert_eq!(run(Lang::Python, "f.py", sibling), 0);
        let warm = "def start():\n    subprocess.Popen([sys.executable, str(Path(__file__).with_name(\"warm.py\"))])\n";
        assert_eq!(run(Lang::Python, "f.py", warm), 0);
        // The daemon's own loop started in another mode (corpus
        // notes-sync-daemon).
        let mode = "def start():\n    p = subprocess.Popen([sys.executable, __file__, \"loop\"], start_new_session=True)\n";
        assert_eq!(run(Lang::Python, "f.py", mode), 0);
    }
}
