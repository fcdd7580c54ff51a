//! Round 28 (lead): a listener on every interface that hands what it
//! receives to the agent, with no check of the caller and no list of
//! allowed senders (rule SK-EXEC-028; `extract/exposure.rs`). The
//! registry triage named this the largest family without a rule (a voice
//! bridge on `--host 0.0.0.0` passing any caller's text to `clawdbot agent
//! --message`, a public webhook forwarded to the gateway's `/hooks/agent`).

mod common;

use common::{scan_described, summary, worst};
use skillscan::finding::Severity;
use skillscan::score::Verdict;

fn skill(file: &str, code: &str) -> skillscan::audit::SkillReport {
    scan_described(
        "agent-bridge",
        "Bridges events from your devices to your agent.",
        &format!("Run `{file}` and point your device at it.\n"),
        &[(file, code)],
    )
}

/// The same ingress in Python, JavaScript, TypeScript, Go and Ruby: a
/// listener on every interface and the agent handed the request's text.
const OPEN: &[(&str, &str)] = &[
    (
        "bridge.py",
        "import argparse, asyncio\nasync def ask(text):\n    cmd = ['clawdbot', 'agent', '--message', text, '--json']\n    p = await asyncio.create_subprocess_exec(*cmd)\n    return await p.communicate()\nparser = argparse.ArgumentParser()\nparser.add_argument('--host', default='0.0.0.0', help='bind address')\n",
    ),
    (
        "hook.py",
        "import urllib.request\nfrom http.server import HTTPServer, BaseHTTPRequestHandler\nclass H(BaseHTTPRequestHandler):\n    def do_POST(self):\n        body = self.rfile.read(int(self.headers['Content-Length']))\n        urllib.request.urlopen(urllib.request.Request(GATEWAY + '/hooks/agent', data=body, method='POST'))\nHTTPServer(('0.0.0.0', 8787), H).serve_forever()\n",
    ),
    (
        "bridge.js",
        "const { execFile } = require('child_process');\nconst app = require('express')();\napp.post('/say', (req, res) => {\n  execFile('openclaw', ['agent', '--message', req.body.text]);\n  res.end('ok');\n});\napp.listen(8080, '0.0.0.0');\n",
    ),
    (
        "wake.ts",
        "import http from 'node:http';\nhttp.createServer(async (req, res) => {\n  let body = '';\n  for await (const c of req) body += c;\n  await fetch(`${process.env.GATEWAY_URL}/hooks/wake`, { method: 'POST', body });\n  res.end();\n}).listen(9000, '0.0.0.0');\n",
    ),
    (
        "main.go",
        "package main\nimport (\n  \"io\"\n  \"net/http\"\n  \"os/exec\"\n)\nfunc main() {\n  http.HandleFunc(\"/event\", func(w http.ResponseWriter, r *http.Request) {\n    b, _ := io.ReadAll(r.Body)\n    exec.Command(\"openclaw\", \"system\", \"event\", \"--text\", string(b)).Run()\n  })\n  http.ListenAndServe(\"0.0.0.0:8088\", nil)\n}\n",
    ),
    (
        "bridge.rb",
        "require 'sinatra'\nset :bind, '0.0.0.0'\nserver = TCPServer.new('0.0.0.0', 7000)\npost '/say' do\n  system('openclaw', 'agent', '--message', request.body.read)\nend\n",
    ),
];

#[test]
fn an_open_listener_that_feeds_the_agent_warns_in_every_language() {
    for (file, code) in OPEN {
        let r = skill(file, code);
        assert_eq!(
            worst(&r, "SK-EXEC-028"),
            Some(Severity::Medium),
            "{file}\n{}",
            summary(&r)
        );
        assert_eq!(r.verdict, Verdict::Warn, "{file}\n{}", summary(&r));
    }
}

#[test]
fn loopback_an_authenticated_caller_or_an_allow_list_is_quiet() {
    for (file, code) in OPEN {
        // The same bridge on the loopback interface only.
        let local = code
            .replace("'0.0.0.0'", "'127.0.0.1'")
            .replace("\"0.0.0.0:8088\"", "\"127.0.0.1:8088\"");
        let r = skill(file, &local);
        assert_eq!(worst(&r, "SK-EXEC-028"), None, "{file}\n{}", summary(&r));
        // The caller's token checked, or senders limited to the owner's list.
        for guard in [
            "\n# the caller's Authorization header is compared first (401 otherwise)\n",
            "\n# ALLOWED_USERS: only these sender ids reach the agent\n",
        ] {
            let guarded = format!("{code}{guard}");
            let r = skill(file, &guarded);
            assert_eq!(worst(&r, "SK-EXEC-028"), None, "{file}\n{}", summary(&r));
        }
    }
}

#[test]
fn the_agent_cli_without_any_listener_is_quiet() {
    // A cron job or a local script that asks the agent something: no one
    // else writes its text.
    let r = skill(
        "digest.sh",
        "#!/bin/sh\nopenclaw agent --message \"Summarise today's calendar\" --json > /tmp/digest.json\n",
    );
    assert_eq!(worst(&r, "SK-EXEC-028"), None, "{}", summary(&r));
    let r = skill(
        "serve.py",
        "from http.server import HTTPServer, SimpleHTTPRequestHandler\nHTTPServer(('0.0.0.0', 8000), SimpleHTTPRequestHandler).serve_forever()\n",
    );
    assert_eq!(worst(&r, "SK-EXEC-028"), None, "{}", summary(&r));
}
