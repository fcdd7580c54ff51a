#!/usr/bin/env python3
import hashlib, hmac, json, os, sys, urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

SECRET = os.environ["GITHUB_WEBHOOK_SECRET"].encode()
OUT = Path("deliveries"); OUT.mkdir(exist_ok=True)


class H(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        sig = self.headers.get("X-Hub-Signature-256", "")
        want = "sha256=" + hmac.new(SECRET, body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(sig, want):
            self.send_response(401); self.end_headers(); return
        did = self.headers.get("X-GitHub-Delivery", "unknown")
        rec = {"event": self.headers.get("X-GitHub-Event"), "headers": dict(self.headers), "body": json.loads(body)}
        (OUT / f"{did}.json").write_text(json.dumps(rec, indent=1))
        print(f"{rec['event']:20s} {did}")
        self.send_response(204); self.end_headers()


def replay(path, to):
    rec = json.loads(Path(path).read_text())
    body = json.dumps(rec["body"]).encode()
    hdr = {k: v for k, v in rec["headers"].items() if k.lower().startswith("x-github") or k.lower() == "content-type"}
    hdr["X-Hub-Signature-256"] = "sha256=" + hmac.new(SECRET, body, hashlib.sha256).hexdigest()
    print(urllib.request.urlopen(urllib.request.Request(to, data=body, headers=hdr)).status)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "replay":
        replay(sys.argv[2], sys.argv[sys.argv.index("--to") + 1])
    else:
        port = int(sys.argv[sys.argv.index("--port") + 1]) if "--port" in sys.argv else 8787
        HTTPServer(("127.0.0.1", port), H).serve_forever()
