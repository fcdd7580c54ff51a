#!/usr/bin/env python3
"""Local webhook receiver: prints and stores incoming deliveries (127.0.0.1 only)."""
import json
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

OUT = Path("webhooks")
INTERESTING = ("content-type", "stripe-signature", "x-github-event", "x-hub-signature-256",
               "x-slack-signature", "x-slack-request-timestamp", "user-agent")


class Hook(BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("content-length", 0))
        raw = self.rfile.read(min(length, 5_000_000))
        try:
            body = json.loads(raw)
        except ValueError:
            body = {"_raw": raw.decode(errors="replace")}
        event = (self.headers.get("x-github-event") or body.get("type") or body.get("event", {}).get("type")
                 or "unknown") if isinstance(body, dict) else "unknown"
        hdrs = {k: v for k, v in self.headers.items() if k.lower() in INTERESTING}
        print(f"POST {self.path}  event={event}  " + "  ".join(f"{k}: {v[:40]}" for k, v in hdrs.items()))
        print(json.dumps(body, indent=2)[:4000])
        OUT.mkdir(exist_ok=True)
        (OUT / f"{time.strftime('%Y%m%d-%H%M%S')}-{event}.json").write_text(
            json.dumps({"path": self.path, "headers": hdrs, "body": body}, indent=2))
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    print("listening on http://127.0.0.1:8787 (expose with: ngrok http 127.0.0.1:8787)")
    HTTPServer(("127.0.0.1", 8787), Hook).serve_forever()
