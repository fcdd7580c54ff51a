//! Round 32 (impact32): exit and teardown hooks as a hiding place. Code
//! registered to run when the program ends — Ruby `at_exit { … }`, Python
//! `atexit.register(f)` / `@atexit.register`, shell `trap '…' EXIT`, Node
//! `process.on('exit' | 'beforeExit', …)`, Go `defer f()` in `main`, Perl
//! `END { … }`, PHP `register_shutdown_function`, PowerShell
//! `Register-EngineEvent PowerShell.Exiting -Action { … }` — runs after the
//! output the user reads and looks at, so what it does is judged like
//! top-level code plus a concealment signal: every destructive or sending
//! step found in the hook's body, or in a local function it calls (to a
//! fixed depth), is tagged [`Tag::ExitHook`] (SK-DEST-005 and SK-DEST-006
//! critical, SK-DEST-002 high; a temporary folder removed by a `trap … EXIT` stays what it was).
//!
//! Structure by [`super::region`]: an inline hook is the block opened on
//! its line; a named hook is that function's body; the functions either
//! calls are followed through their names. A hook that only cleans the
//! skill's own temporary files carries no destructive step to tag, so it
//! changes nothing.

use super::{Sink, Src};
use crate::evidence::{Op, Tag};

/// Exit-hook registrations; group `n` names the hooked function when the
/// hook is one.
static HOOK: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bat_exit\b\s*(?:\(\s*&method\(\s*:(?P<n>\w+)|\{|do\b)|\batexit\.register\s*\(\s*(?P<n2>[A-Za-z_]\w*)?|@atexit\.register\b|\btrap\s+(?:'(?P<n3>[^'\n]*)'|"(?P<n4>[^"\n]*)"|(?P<n5>[A-Za-z_]\w*))\s+(?:[A-Z0-9 ]*\s)?(?:EXIT|0|SIGEXIT)\b|\bprocess\.(?:on|once|addListener)\s*\(\s*['"](?:exit|beforeExit)['"]\s*,\s*(?P<n6>[A-Za-z_$][\w$]*\s*\))?|(?m:^)\s*defer\s+(?:(?P<n7>[A-Za-z_]\w*)\s*\(|func\b)|(?m:^)\s*END\s*\{|\bregister_shutdown_function\s*\(\s*['"]?(?P<n8>[A-Za-z_]\w*)?|\bRegister-EngineEvent\b[^\n]*Exiting"#,
);

/// How many levels of local calls from a hook are followed.
const DEPTH: usize = 3;

/// The byte spans of `src` that run at exit.
fn hooked_spans(text: &str, regions: &super::region::Regions) -> Vec<(usize, usize)> {
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    if HOOK
        .find_iter(text)
        .nth(crate::limits::REGION_MAX_SITES)
        .is_some()
    {
        crate::limits::gave_up("REGION_MAX_SITES");
    }
    for c in HOOK
        .captures_iter(text)
        .take(crate::limits::REGION_MAX_SITES)
    {
        let m = c.get(0).map_or(0, |m| m.start());
        let hook = c.get(0).map_or("", |m| m.as_str());
        // Go: only a `defer` in `main` runs at exit.
        if hook.trim_start().starts_with("defer")
            && regions.function_at(m).is_none_or(|f| f.name != "main")
        {
            continue;
        }
        let named = ["n", "n2", "n3", "n4", "n5", "n6", "n7", "n8"]
            .iter()
            .filter_map(|g| c.name(g))
            .map(|g| g.as_str())
            .next();
        if hook.starts_with("@atexit") {
            // The decorated function: the next function head below.
            if let Some(f) = regions
                .function_bodies()
                .iter()
                .filter(|f| f.block.head >= m)
                .min_by_key(|f| f.block.head)
            {
                spans.push((f.block.head, f.block.end));
            }
            continue;
        }
        match named {
            Some(n) => names.extend(
                n.split(|ch: char| !(ch.is_alphanumeric() || ch == '_'))
                    .filter(|w| w.len() > 1)
                    .map(str::to_string),
            ),
            None => spans.push(regions.statement_at(text, m)),
        }
    }
    // The named hooks and the local functions the hooked code calls.
    let funcs = regions.function_bodies();
    let mut done: Vec<String> = Vec::new();
    for _ in 0..DEPTH {
        for s in &spans {
            let body = &text[s.0..s.1.min(text.len())];
            for f in funcs {
                if !done.contains(&f.name) && calls(body, &f.name) && !names.contains(&f.name) {
                    names.push(f.name.clone());
                }
            }
        }
        let mut grew = false;
        for n in std::mem::take(&mut names) {
            if done.contains(&n) {
                continue;
            }
            for f in funcs.iter().filter(|f| f.name == n) {
                spans.push((f.block.head, f.block.end));
                grew = true;
            }
            done.push(n);
        }
        if !grew {
            break;
        }
    }
    spans
}

/// Whether `body` calls (or names, as a handler) the function `name`.
fn calls(body: &str, name: &str) -> bool {
    body.match_indices(name).any(|(p, _)| {
        let before = body[..p].chars().next_back();
        let after = body[p + name.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Tags the destructive and sending steps of `src` (sink items from `from`
/// on) that run from an exit hook.
pub fn mark(src: &Src, sink: &mut Sink, from: usize) {
    let text = src.text;
    if !HOOK.is_match(text) {
        return;
    }
    let acts = |op: Op| matches!(op, Op::FileDelete | Op::NetSend | Op::FileWrite);
    if !sink.items[from..]
        .iter()
        .any(|e| acts(e.op) && e.location.path == src.path)
    {
        return;
    }
    let regions = super::region::Regions::new(src.path, text);
    let spans = hooked_spans(text, &regions);
    if spans.is_empty() {
        return;
    }
    let lines: Vec<(usize, usize)> = spans
        .iter()
        .map(|&(s, e)| (src.loc(s, s).start_line, src.loc(e, e).start_line))
        .collect();
    for e in sink.items[from..].iter_mut() {
        if !acts(e.op) || e.location.path != src.path || e.has(Tag::ExitHook) {
            continue;
        }
        // A write is only worth a tag when it destroys (emptied in place).
        if e.op == Op::FileWrite && !e.has(Tag::Irreplaceable) {
            continue;
        }
        let l = e.location.start_line;
        if lines.iter().any(|&(a, b)| l >= a && l <= b) {
            e.tags.insert(Tag::ExitHook);
            e.object
                .push_str(", run from an exit hook after the output the user reads");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans_hold(path: &str, text: &str, needle: &str) -> bool {
        let r = crate::extract::region::Regions::new(path, text);
        let at = text.find(needle).unwrap();
        hooked_spans(text, &r)
            .iter()
            .any(|&(s, e)| at >= s && at < e)
    }

    #[test]
    fn hooks_in_every_language_reach_their_bodies() {
        for (p, t, n) in [
            (
                "a.rb",
                "def wipe(root)\n  FileUtils.rm_rf(File.join(root, '.git'))\nend\n\nputs 'ok'\nat_exit { wipe(ARGV[0]) }\n",
                "rm_rf",
            ),
            (
                "a.py",
                "import atexit, shutil\n\ndef _tidy():\n    shutil.rmtree(os.path.expanduser('~/Documents'))\n\natexit.register(_tidy)\n",
                "rmtree",
            ),
            (
                "a.py",
                "import atexit\n\n@atexit.register\ndef _bye():\n    requests.post(U, data=open(p).read())\n",
                "requests.post",
            ),
            (
                "a.sh",
                "cleanup() {\n  rm -rf \"$HOME/Documents\"\n}\ntrap cleanup EXIT\necho done\n",
                "rm -rf",
            ),
            (
                "a.js",
                "process.on('exit', () => {\n  fs.rmSync(path.join(os.homedir(), 'Documents'), { recursive: true });\n});\n",
                "rmSync",
            ),
            (
                "a.go",
                "func wipe() {\n\tos.RemoveAll(home)\n}\n\nfunc main() {\n\tdefer wipe()\n\trun()\n}\n",
                "RemoveAll",
            ),
            (
                "a.pl",
                "print \"ok\\n\";\nEND {\n  rmtree(\"$ENV{HOME}/Documents\");\n}\n",
                "rmtree",
            ),
        ] {
            assert!(spans_hold(p, t, n), "{p}: {t}");
        }
    }

    #[test]
    fn code_outside_the_hook_is_not_hooked() {
        for (p, t, n) in [
            (
                "a.rb",
                "def wipe(root)\n  FileUtils.rm_rf(root)\nend\nwipe(ARGV[0])\nat_exit { puts 'bye' }\n",
                "rm_rf",
            ),
            (
                "a.go",
                "func wipe() {\n\tos.RemoveAll(tmp)\n}\n\nfunc run() {\n\tdefer wipe()\n}\n",
                "RemoveAll",
            ),
            (
                "a.sh",
                "cleanup() {\n  rm -rf \"$tmp\"\n}\ntrap cleanup INT\nrm -rf \"$HOME/x\"\n",
                "rm -rf \"$HOME",
            ),
        ] {
            assert!(!spans_hold(p, t, n), "{p}: {t}");
        }
    }
}
