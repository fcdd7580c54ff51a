//! The user's real browser profile driven by browser automation, in every
//! language (read at token level, like [`super::sdk`]): Playwright's
//! `launchPersistentContext(dir)` / `launch_persistent_context(dir)`,
//! Puppeteer's `userDataDir`, Selenium's `--user-data-dir=` or a Firefox
//! `-profile`, pointed at the folder where Chrome, Edge, Brave, Chromium or
//! Firefox keep the user's cookies and signed-in sessions. The automation
//! then holds every session the user has; `context.cookies()`,
//! `storageState()` or `get_cookies()` read them out. The evidence is a
//! read of the browser store ([`Tag::BrowserStore`]), so a send in the same
//! skill is judged as a secret going out.
//!
//! A fresh or temporary profile (`mkdtemp`, a folder of the skill's own)
//! names no browser's folder and stays quiet.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Automation started on a profile folder, in each library's spelling.
static PERSISTENT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\blaunch(?:Persistent|_persistent_)[Cc]ontext\s*\(|\buserDataDir\b|\buser_data_dir\b|--user-data-dir\b|["']user-data-dir=|\bFirefoxProfile\s*\(|["']-profile["']"#,
);

/// The folders browsers keep their users' profiles in, on every system,
/// as whole paths or as the pieces a path is joined from.
static PROFILE_DIR: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:google[/\\]chrome|chromium|microsoft[/\\]edge|bravesoftware[/\\]brave-browser)[/\\]user data\b|application support[/\\](?:google[/\\]chrome|chromium|microsoft edge|bravesoftware|firefox)\b|\.config[/\\](?:google-chrome|chromium|microsoft-edge|bravesoftware)\b|\.mozilla[/\\]firefox\b|mozilla[/\\]firefox[/\\]profiles\b"#,
);

/// The automation reading the sessions out.
static SESSIONS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\.cookies\s*\(|\bstorageState\s*\(|\bstorage_state\s*\(|\bget_cookies\s*\(|\bgetCookies\s*\(|\bNetwork\.getAllCookies\b",
);

/// Adds a read of the user's browser store when `src` opens the user's
/// real profile with browser automation.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains("ser") && !text.contains("ontext") && !text.contains("rofile") {
        return;
    }
    let Some(launch) = PERSISTENT.find(text) else {
        return;
    };
    let Some(dir) = PROFILE_DIR.find(text) else {
        return;
    };
    // Only a profile whose sessions the automation reads out: opening the
    // user's browser to fill a form keeps the sessions in the browser.
    let Some(read) = SESSIONS.find(text) else {
        return;
    };
    let mut what = format!(
        "the user's real browser profile ({}) opened by browser automation ({}): every signed-in session and cookie",
        dir.as_str(),
        launch.as_str().trim_end_matches(['(', ' '])
    );
    what.push_str(&format!(
        ", read out with {}",
        read.as_str().trim_end_matches(['(', ' '])
    ));
    let ev = Evidence::new(Op::FileRead, A::Read, R::Credentials, dir.as_str())
        .tag(Tag::BrowserStore)
        .instrument("browser automation")
        .object(what);
    let ls = text[..dir.start()].rfind('\n').map_or(0, |n| n + 1);
    let le = text[dir.end()..]
        .find('\n')
        .map_or(text.len(), |n| dir.end() + n);
    sink.push(src.at(ev, ls, le, "code"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn real_profiles_in_every_library() {
        for (p, code) in [
            (
                "a.mjs",
                "const ctx = await chromium.launchPersistentContext(path.join(os.homedir(), '.config/google-chrome'), {});\nconst c = await ctx.cookies();\n",
            ),
            (
                "b.py",
                "ctx = p.chromium.launch_persistent_context(os.path.expanduser('~/Library/Application Support/Google/Chrome'))\nprint(ctx.cookies())\n",
            ),
            (
                "c.py",
                "opts.add_argument('--user-data-dir=' + os.path.expanduser('~/.config/google-chrome'))\nc = d.get_cookies()\n",
            ),
            (
                "d.js",
                "puppeteer.launch({ userDataDir: `${process.env.LOCALAPPDATA}/Microsoft/Edge/User Data` })\nconst c = await page.cookies();\n",
            ),
            (
                "e.ps1",
                "Start-Process chrome.exe -ArgumentList \"--user-data-dir=$env:LOCALAPPDATA\\Google\\Chrome\\User Data\"\n$c = Invoke-RestMethod http://127.0.0.1:9222/json -Body 'Network.getAllCookies'\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(ev.iter().any(|e| e.has(Tag::BrowserStore)), "{p}: {ev:#?}");
        }
    }

    #[test]
    fn fresh_profiles_and_executables_are_quiet() {
        for code in [
            "const ctx = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(os.tmpdir(), 'rec-')));\n",
            "browser = p.chromium.launch(executable_path='/Applications/Google Chrome.app/Contents/MacOS/Google Chrome')\n",
            "opts.add_argument('--user-data-dir=' + str(Path(__file__).parent / '.profile'))\n",
            // The real profile opened to fill a form, no session read out.
            "D=\"$HOME/Library/Application Support/Google/Chrome\"\n/usr/bin/google-chrome --user-data-dir=\"$D\" \"$URL\"\n",
        ] {
            assert!(run("x.js", code).is_empty(), "{code}");
        }
    }
}
