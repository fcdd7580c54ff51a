#!/usr/bin/env python3
import hashlib
import hmac
import os
import subprocess
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ["WEBHOOK_SECRET"].encode()
APP_DIR = os.environ["APP_DIR"]
APP_SERVICE = os.environ["APP_SERVICE"]


class Hook(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(min(int(self.headers.get("Content-Length", 0)), 1 << 20))
        sig = self.headers.get("X-Hub-Signature-256", "")
        good = "sha256=" + hmac.new(SECRET, body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(sig, good) or self.headers.get("X-GitHub-Event") != "push":
            self.send_response(403); self.end_headers(); return
        pull = subprocess.run(["git", "-C", APP_DIR, "pull", "--ff-only"], capture_output=True, text=True)
        ok = pull.returncode == 0 and subprocess.run(["sudo", "systemctl", "restart", APP_SERVICE]).returncode == 0
        self.send_response(200 if ok else 500); self.end_headers()
        self.wfile.write(b"deployed\n" if ok else pull.stderr.encode()[:500])


HTTPServer(("127.0.0.1", 9010), Hook).serve_forever()
