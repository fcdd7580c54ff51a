#!/usr/bin/env python3
import argparse
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

LOG = Path.home() / ".local/state/webhook-receiver/events.jsonl"
SECRET = os.environ["WEBHOOK_SECRET"].encode()


class H(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(min(int(self.headers.get("Content-Length", 0)), 1_000_000))
        sig = self.headers.get("X-Hub-Signature-256", "")
        good = "sha256=" + hmac.new(SECRET, body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(sig, good):
            self.send_response(401); self.end_headers(); return
        LOG.parent.mkdir(parents=True, exist_ok=True)
        with LOG.open("a") as fh:
            fh.write(json.dumps({"t": time.time(), "event": self.headers.get("X-GitHub-Event"), "body": json.loads(body or b"{}")}) + "\n")
        self.send_response(204); self.end_headers()


ap = argparse.ArgumentParser(); ap.add_argument("--port", type=int, default=8787)
HTTPServer(("127.0.0.1", ap.parse_args().port), H).serve_forever()
