#!/usr/bin/env python3
import argparse
import datetime as dt
import hmac
import json
import subprocess
from http.server import BaseHTTPRequestHandler, HTTPServer

LOG = "garage-door.log"


def make_handler(secret):
    class H(BaseHTTPRequestHandler):
        def do_POST(self):
            if not hmac.compare_digest(self.headers.get("X-Hook-Secret", ""), secret):
                self.send_response(403)
                self.end_headers()
                return
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            state = body.get("state", "unknown")
            with open(LOG, "a") as fh:
                fh.write(f"{dt.datetime.now():%F %T} {state}\n")
            subprocess.run(["notify-send", "Garage door", f"Door is {state}"])
            self.send_response(204)
            self.end_headers()
    return H


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8787)
    ap.add_argument("--secret", required=True)
    a = ap.parse_args()
    HTTPServer((a.bind, a.port), make_handler(a.secret)).serve_forever()


if __name__ == "__main__":
    main()
