#!/usr/bin/env python3
"""Verify GitHub/Gitea webhook signatures and run deploy.sh on push to main."""
import argparse
import hashlib
import hmac
import http.server
import json
import os
import subprocess

SECRET = os.environ["WEBHOOK_SECRET"].encode()
DEPLOY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "deploy.sh")


class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        sig = self.headers.get("X-Hub-Signature-256") or "sha256=" + (self.headers.get("X-Gitea-Signature") or "")
        want = "sha256=" + hmac.new(SECRET, body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(sig, want):
            self.send_response(401); self.end_headers(); return
        event = self.headers.get("X-GitHub-Event") or self.headers.get("X-Gitea-Event")
        ref = json.loads(body or b"{}").get("ref")
        if event == "push" and ref == "refs/heads/main":
            subprocess.Popen([DEPLOY])
        self.send_response(204); self.end_headers()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=9311)
    a = ap.parse_args()
    http.server.HTTPServer((a.bind, a.port), H).serve_forever()
