#!/usr/bin/env python3
import argparse, hashlib, hmac, json, os, time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ["WEBHOOK_SECRET"].encode()
LOG = os.path.expanduser("~/.local/share/webhook-relay/events.jsonl")

class H(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        sig = self.headers.get("X-Hub-Signature-256", "")
        good = "sha256=" + hmac.new(SECRET, body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(sig, good):
            self.send_response(401); self.end_headers(); return
        os.makedirs(os.path.dirname(LOG), exist_ok=True)
        with open(LOG, "a") as fh:
            fh.write(json.dumps({"ts": time.time(), "event": self.headers.get("X-GitHub-Event"), "payload": json.loads(body)}) + "\n")
        self.send_response(204); self.end_headers()

ap = argparse.ArgumentParser(); ap.add_argument("--port", type=int, default=8787); a = ap.parse_args()
HTTPServer(("127.0.0.1", a.port), H).serve_forever()
