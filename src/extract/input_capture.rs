//! Round 32: input capture as a secret read, every language at token level.
//! A program that sees every key the user types (a global keyboard hook or
//! event tap), the screen, or the clipboard polled, holds what the user
//! types into every other window: passwords, messages, keys. The capture is
//! one concept described once as data ([`CAPTURES`]: the APIs and commands
//! of each language and platform), read the same way in every file:
//!
//! * a capture site with a send in the same file ([`SENDS`], or a send the
//!   front-end already lowered there) is a read of what was captured
//!   (keystrokes: a credential read, `Credentials`; the screen: user data;
//!   the clipboard: a clipboard read) whose value reaches every send of the
//!   file — a logger batches keys into a buffer and a timer posts it, so no
//!   statement-level flow is asked for. The secret-flow rules then judge
//!   the send as they judge any key sent out: to a stranger it is
//!   SK-EXFIL-001, to the vendor the skill declares it is lowered there.
//! * a capture with no send in the file (a window manager binding hotkeys,
//!   a text expander, a screenshot tool saving to disk) gives nothing:
//!   kept local, it is the tool's purpose.
//!
//! Hotkey registration (`hs.hotkey.bind`, `keyboard.add_hotkey`,
//! `RegisterHotKey`, `globalShortcut.register`) is not capture and is not
//! in the table. Comment lines are not read. One linear pass per row.

use super::indicators::{URL_RE, classify_url, is_local_host, url_host};
use super::{Sink, Src};
use crate::evidence::{Evidence, Op};
use crate::rx::Lazy;
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Keys,
    Screen,
    Clipboard,
    /// Round 34: a password prompt (a dialog with a hidden answer, a
    /// terminal read with echo off) whose answer the file sends or keeps.
    Password,
}

/// One capture spelling: its pattern, what it captures, and (when the API
/// also serves other events) a word the file must hold as well.
struct Row {
    rx: &'static str,
    kind: Kind,
    what: &'static str,
    needs: Option<&'static str>,
}

const fn row(rx: &'static str, kind: Kind, what: &'static str, needs: Option<&'static str>) -> Row {
    Row {
        rx,
        kind,
        what,
        needs,
    }
}

/// Words that say an event hook is a keyboard hook.
const KEY_WORDS: &str = r"(?i)key_?down|key_?up|keypress|keyboard|kCGEventKey|NSEventMaskKey|NSKeyDownMask|EV_KEY|WH_KEYBOARD|\bVK_|\.char\b|getCharacters";

/// Words that say a terminal password prompt's answer is kept: appended to
/// a log or a file (a dialog's answer is judged by the send alone).
const KEPT_WORDS: &str = r#"(?i)>>\s*["'$~/\w]|\bappendFile(?:Sync)?\s*\(|\bopen\s*\([^)\n]*,\s*["']a\+?b?["']|\bAdd-Content\b|\bOut-File\b[^\n]*-Append|\bAppendAllText\b|\blogging\.\w+\s*\([^)\n]*\b(?:pass|pw|pin|secret)|\btee\s+-a\b"#;

/// The capture table: one row per spelling, every language and platform.
const CAPTURES: &[Row] = &[
    // Round 34: password prompts. A dialog with a hidden answer is asked
    // for a secret on the program's behalf (osascript, zenity, kdialog,
    // yad, PowerShell, .NET, Windows CredUI, Swift/AppKit); with a send in
    // the file its answer is a credential read reaching every send.
    row(
        r"(?i)\bdisplay\s+dialog\b[^\n]*\bhidden\s+answer\b|\bzenity\b[^\n]*--password\b|\bzenity\b[^\n]*--entry\b[^\n]*--hide-text\b|\bkdialog\b[^\n]*--password\b|\byad\b[^\n]*(?:--entry\b[^\n]*--hide-text|:H\b)|\bGet-Credential\b|\.PromptForCredential\s*\(|\bCredUIPromptForCredentials\w*\b|\bCredUIPromptForWindowsCredentials\w*\b|\bNSSecureTextField\b|\bsystemd-ask-password\b|\bssh-askpass\s+['\x22]",
        Kind::Password,
        "password dialog",
        None,
    ),
    // A terminal prompt with echo off counts when the answer is also kept
    // in a file (a CLI asking for a token it hands to its vendor keeps
    // nothing): Python getpass, shell `read -s`, PowerShell
    // `Read-Host -AsSecureString`/`-MaskInput`, Node prompt libraries.
    row(
        r#"(?i)\bgetpass\.getpass\s*\(|\bgetpass\s*\(\s*(?:prompt\s*=\s*)?["']|\bread\s+-[a-z]*s[a-z]*\b|\bRead-Host\b[^\n]*-(?:AsSecureString|MaskInput)\b|\btype\s*:\s*["']password["']|\bpassword\s*\(\s*\{\s*message\b|\breadlineSync\.question\s*\([^)\n]*hideEchoBack|\bIO\.console\.getpass\b|\bnoecho\s*\("#,
        Kind::Password,
        "password prompt",
        Some(KEPT_WORDS),
    ),
    // A pinentry or askpass proxy: the Assuan exchange's data lines carry
    // the passphrase the real pinentry returned.
    row(
        r#"(?i)\bGETPIN\b|\bD\\ \*\)|["']D ["']|\^D\s|startswith\(\s*["']D ["']\s*\)"#,
        Kind::Password,
        "pinentry exchange",
        Some(r"(?i)\bpinentry\b|\bassuan\b"),
    ),
    // Lua (Hammerspoon).
    row(
        r"\bhs\.eventtap\.new\s*\(",
        Kind::Keys,
        "hs.eventtap",
        Some(KEY_WORDS),
    ),
    row(
        // Round 41 (blind r41 hammerspoon-clip-history): a pasteboard
        // watcher is handed every new clipboard content.
        r"\bhs\.pasteboard\.(?:getContents|readString|readAllData|watcher\.new)\s*\(",
        Kind::Clipboard,
        "hs.pasteboard",
        None,
    ),
    row(
        r"\bhs\.screen\.[\w.:]*?(?:snapshot|shotAs\w*)\s*\(|:snapshot\s*\(",
        Kind::Screen,
        "hs.screen snapshot",
        None,
    ),
    // Python.
    row(
        r"\bkeyboard\.Listener\s*\(|\bpynput\.keyboard\.Listener\b|\bfrom\s+pynput\.keyboard\s+import\s+[^\n]*\bListener\b",
        Kind::Keys,
        "pynput keyboard listener",
        None,
    ),
    row(
        r"\bkeyboard\.(?:on_press|on_release|hook|record|start_recording|read_event|read_key)\s*\(",
        Kind::Keys,
        "keyboard hook",
        None,
    ),
    row(
        r"\bpy(?:x)?[Hh]ook\.HookManager\b|\bHookKeyboard\s*\(|\bKeyDown\s*=\s*\w",
        Kind::Keys,
        "pyHook keyboard hook",
        None,
    ),
    row(
        r"\bevdev\.InputDevice\s*\(|\bInputDevice\s*\(\s*['\x22]/dev/input/",
        Kind::Keys,
        "evdev input device",
        Some(KEY_WORDS),
    ),
    row(
        r"\bImageGrab\.grab\s*\(|\bpyautogui\.screenshot\s*\(|\bmss\.mss\s*\(|\bwith\s+mss\s*\(|\bpyscreenshot\.grab\s*\(",
        Kind::Screen,
        "screen grab",
        None,
    ),
    // JavaScript / TypeScript (Node, Electron).
    row(
        r#"require\(\s*['"](?:iohook|uiohook-napi|node-global-key-listener|gkm|node-key-sender-listener)['"]\s*\)|from\s+['"](?:iohook|uiohook-napi|node-global-key-listener)['"]|\buIOhook\.on\s*\(|\bioHook\.on\s*\(\s*['"]key|\bnew\s+GlobalKeyboardListener\s*\("#,
        Kind::Keys,
        "global key listener",
        None,
    ),
    row(
        r#"\bdesktopCapturer\.getSources\s*\(|require\(\s*['"]screenshot-desktop['"]\s*\)|\bscreenshot\s*\(\s*\{\s*(?:format|screen)"#,
        Kind::Screen,
        "screen capture",
        None,
    ),
    row(
        r#"\bclipboardy\.(?:read|readSync)\s*\(|\bclipboard\.readText\s*\(|\bnavigator\.clipboard\.read(?:Text)?\s*\("#,
        Kind::Clipboard,
        "clipboard read",
        None,
    ),
    // Windows (PowerShell, C#, C, Python ctypes, AutoHotkey).
    row(
        r"\bGetAsyncKeyState\b|\bGetKeyState\s*\(\s*\w+\s*\)\s*&\s*0x8000|\bSetWindowsHookEx[AW]?\s*\([^)\n]{0,40}(?:WH_KEYBOARD|\b13\b|\b2\b)|\bWH_KEYBOARD_LL\b",
        Kind::Keys,
        "Windows keyboard hook",
        None,
    ),
    row(
        r"\.CopyFromScreen\s*\(|\bBitBlt\s*\([^)\n]{0,80}GetDC\s*\(\s*(?:0|IntPtr\.Zero|NULL)?\s*\)|\bGetDesktopWindow\s*\(\s*\)[^\n]{0,80}BitBlt",
        Kind::Screen,
        "screen copy",
        None,
    ),
    row(
        r"(?im)^\s*Input\s*,\s*\w+\s*,[^\n]*\bV\b|\bInputHook\s*\(|(?im)^\s*#InstallKeybdHook\b",
        Kind::Keys,
        "AutoHotkey input hook",
        Some(r"(?i)FileAppend|\.Write|Http|Download|UrlDownloadToFile|ComObj"),
    ),
    // macOS (Swift, Objective-C, Python PyObjC).
    row(
        r"\bCGEventTapCreate\s*\(|\bCGEvent\.tapCreate\s*\(|\bQuartz\.CGEventTapCreate\b",
        Kind::Keys,
        "CGEventTap",
        Some(KEY_WORDS),
    ),
    row(
        r"\baddGlobalMonitorForEvents(?:MatchingMask)?\s*[:(]",
        Kind::Keys,
        "NSEvent global monitor",
        Some(KEY_WORDS),
    ),
    row(
        r"\bCGWindowListCreateImage\s*\(|\bCGDisplayCreateImage\s*\(|\bSCScreenshotManager\b|\bSCStream\s*\(",
        Kind::Screen,
        "screen image",
        None,
    ),
    row(
        r"\bNSPasteboard\.general\.string\s*\(|\[\s*\[\s*NSPasteboard\s+generalPasteboard\s*\]\s+stringForType",
        Kind::Clipboard,
        "NSPasteboard",
        None,
    ),
    // Command lines (any language that runs them, shell included).
    row(
        r"\bxinput\s+(?:test|test-xi2)\b|\bxinput\b[^\n]{0,40}\btest\b",
        Kind::Keys,
        "xinput test",
        None,
    ),
    row(
        r"/dev/input/(?:event\d*|by-(?:id|path)/[^\s'\x22]*(?:kbd|keyboard))",
        Kind::Keys,
        "/dev/input",
        Some(KEY_WORDS),
    ),
    row(
        r"\b(?:evtest|showkey|logkeys|xev)\b(?:\s+-|\s+/dev|\s*\||\s*>)",
        Kind::Keys,
        "key event dump",
        None,
    ),
    row(
        r"\bscreencapture\s+-\w*x|\bscreencapture\s+[^\n]{0,40}\.(?:png|jpg)\b|\bscrot\b|\bgnome-screenshot\b|\bimport\s+-window\s+root\b|\bgrim\s+-?\S*\.png",
        Kind::Screen,
        "screenshot command",
        None,
    ),
];

/// The table's patterns, each compiled on its first gated text (a
/// [`Lazy`]: literal gate, then probe): compiling the whole table and a
/// set over it on a skill's first code file was a tenth of a single-skill
/// run, and most files hold none of the rows' words. Rows that need the
/// same words share one pattern (`need_of`).
struct Compiled {
    rows: Vec<Lazy>,
    needs: Vec<Lazy>,
    need_of: Vec<Option<usize>>,
    kept: Lazy,
}

static COMPILED: std::sync::LazyLock<Compiled> = std::sync::LazyLock::new(|| {
    let mut words: Vec<&'static str> = Vec::new();
    let need_of = CAPTURES
        .iter()
        .map(|r| {
            r.needs.map(|n| {
                words.iter().position(|w| *w == n).unwrap_or_else(|| {
                    words.push(n);
                    words.len() - 1
                })
            })
        })
        .collect();
    Compiled {
        rows: CAPTURES.iter().map(|r| Lazy::new(r.rx)).collect(),
        needs: words.into_iter().map(Lazy::new).collect(),
        need_of,
        kept: Lazy::new(KEPT_WORDS),
    }
});

/// Sends a front-end may not lower (token-level languages and platform
/// APIs): the call that takes a body to a host.
static SENDS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bhs\.http\.(?:asyncPost|post|asyncPut|doAsyncRequest|doRequest)\s*\(|\b(?:socket\.)?http\.request\s*\(|\bssl\.https\.request\s*\(|\brequests\.(?:post|put|patch)\s*\(|\burlopen\s*\(|\bfetch\s*\(|\baxios\.(?:post|put)\s*\(|\.(?:post|put)\s*\(|\bInvoke-(?:RestMethod|WebRequest)\b|\.Upload(?:String|Data|File|Values)(?:Async)?\s*\(|\.PostAsync\s*\(|\bhttp\.Post(?:Form)?\s*\(|\bNet::HTTP\.post\b|\bcurl\b[^\n]*\s(?:-d|--data[\w-]*|-F|--form|-T|--upload-file)\b|\bURLSession\b[^\n]*\b(?:uploadTask|dataTask)\b|\bsendBeacon\s*\(|\bsendto\s*\(|\bUrlDownloadToFile\b|\bWinHttp\.WinHttpRequest\b|\bMSXML2\.(?:Server)?XMLHTTP\b",
);

/// An outside URL: not loopback, not a placeholder.
fn outside(url: &str) -> bool {
    let l = url.to_ascii_lowercase();
    url_host(&l).is_some_and(|h| !is_local_host(&h) && h != "example.com")
        && !l.contains('{')
        && !l.contains('<')
}

/// Evidence for one code file `src`, linked to the sends the front-end
/// produced from `before` on.
pub fn scan(src: &Src, sink: &mut Sink, before: usize) {
    let text = src.text;
    let c = &*COMPILED;
    let hits: Vec<(usize, usize, &Row)> = (0..CAPTURES.len())
        .filter_map(|k| {
            let rx = &c.rows[k];
            if !rx.is_match(text) || c.need_of[k].is_some_and(|n| !c.needs[n].is_match(text)) {
                return None;
            }
            rx.find_iter(text)
                .find(|m| !super::token_calls::in_comment_line(text, m.start()))
                .map(|m| (m.start(), m.end(), &CAPTURES[k]))
        })
        .collect();
    if hits.is_empty() {
        return;
    }
    let from = before.min(sink.items.len());
    let mut sends: Vec<usize> = (from..sink.items.len())
        .filter(|&i| {
            let e = &sink.items[i];
            e.location.path == src.path
                && matches!(e.op, Op::NetSend | Op::SocketConnect)
                && (url_host(&e.target.to_ascii_lowercase()).is_none() || outside(&e.target))
        })
        .collect();
    let lowered: Vec<usize> = sends
        .iter()
        .map(|&i| sink.items[i].location.start_line)
        .collect();
    let mut added = Vec::new();
    let vars = super::token_calls::file_vars(text);
    for m in SENDS.find_iter(text) {
        if super::token_calls::in_comment_line(text, m.start()) {
            continue;
        }
        let line_start = text[..m.start()].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[m.end()..]
            .find('\n')
            .map_or(text.len(), |i| m.end() + i);
        let line = &text[line_start..line_end];
        let line_no = src.loc(m.start(), m.end()).start_line;
        if lowered.contains(&line_no) {
            continue;
        }
        let url = URL_RE
            .find_iter(line)
            .map(|u| u.as_str().to_string())
            .find(|u| outside(u))
            .or_else(|| {
                let mut named: Vec<(&String, &String)> = vars
                    .iter()
                    .filter(|(n, v)| {
                        n.len() >= 2
                            && crate::text::has_word(&line[m.start() - line_start..], n)
                            && outside(v)
                    })
                    .collect();
                named.sort();
                named.first().map(|(_, v)| (*v).clone())
            });
        let Some(url) = url else {
            continue;
        };
        let send = Evidence::new(Op::NetSend, A::Transfer, R::Network, url.clone())
            .tags(classify_url(&url))
            .object("captured input sent out")
            .instrument(m.as_str().trim_end_matches(['(', ' ']));
        added.push(src.at(send, m.start(), line_end.max(m.end()), "code"));
    }
    let mut hits = hits;
    if sends.is_empty() && added.is_empty() {
        // Round 34: a password prompt whose answer is written to a file
        // is a credential read by itself (a capture log); nothing else
        // captured is kept without a send.
        hits.retain(|h| h.2.kind == Kind::Password);
        if hits.is_empty() || !c.kept.is_match(text) {
            return;
        }
    }
    for ev in added {
        // Only a send the sink kept has an index: past the observation cap
        // `push` counts the item as dropped (a 12 MB script reached this
        // with a full sink and indexed one past the end).
        let at = sink.items.len();
        sink.push(ev);
        if sink.items.len() > at {
            sends.push(at);
        }
    }
    let mut kinds: Vec<Kind> = Vec::new();
    for (start, end, r) in hits {
        if kinds.contains(&r.kind) {
            continue;
        }
        kinds.push(r.kind);
        let binding = format!("$input_capture_{start}");
        let read = match r.kind {
            Kind::Keys => Evidence::new(Op::FileRead, A::Read, R::Credentials, "keystrokes")
                .object("every key the user types captured by a global hook"),
            Kind::Screen => Evidence::new(Op::FileRead, A::Read, R::UserData, "screen")
                .object("the user's screen captured"),
            Kind::Clipboard => Evidence::new(Op::ClipboardRead, A::Read, R::UserData, "clipboard")
                .object("clipboard read"),
            Kind::Password => {
                Evidence::new(Op::FileRead, A::Read, R::Credentials, "typed password")
                    .object("the password the user types at a prompt captured")
            }
        };
        let mut read = read.instrument(r.what);
        read.output = Some(binding.clone());
        sink.push(src.at(read, start, end, "code"));
        for &i in &sends {
            if let Some(send) = sink.items.get_mut(i) {
                send.inputs.push(binding.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_row_compiles() {
        for rx in super::COMPILED.rows.iter().chain(&super::COMPILED.needs) {
            rx.regex();
        }
        assert_eq!(super::COMPILED.rows.len(), super::CAPTURES.len());
    }
}
