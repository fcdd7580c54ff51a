#!/usr/bin/env python3
"""Thin wrapper around the Stripe CLI for local webhook development (test mode only)."""
import argparse
import os
import pathlib
import re
import subprocess
import sys


def stripe_key() -> str:
    key = os.environ.get("STRIPE_SECRET_KEY", "")
    if not key:
        env = pathlib.Path.cwd() / ".env"
        if env.exists():
            for line in env.read_text().splitlines():
                m = re.match(r"^\s*STRIPE_SECRET_KEY\s*=\s*['\"]?([^'\"\s]+)", line)
                if m:
                    key = m.group(1)
                    break
    if not key:
        sys.exit("STRIPE_SECRET_KEY not set (env or .env)")
    if not re.match(r"^(sk|rk)_test_", key):
        sys.exit("Refusing to run: only Stripe test-mode keys are allowed")
    return key


def run(args: list[str]) -> int:
    env = dict(os.environ, STRIPE_API_KEY=stripe_key())
    return subprocess.call(["stripe", *args], env=env)


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    l = sub.add_parser("listen"); l.add_argument("--to", required=True); l.add_argument("--events", default="")
    t = sub.add_parser("trigger"); t.add_argument("event")
    r = sub.add_parser("recent"); r.add_argument("--limit", type=int, default=10)
    rs = sub.add_parser("resend"); rs.add_argument("event_id")
    a = ap.parse_args()

    if a.cmd == "listen":
        args = ["listen", "--forward-to", a.to]
        if a.events:
            args += ["--events", a.events]
        sys.exit(run(args))
    if a.cmd == "trigger":
        sys.exit(run(["trigger", a.event]))
    if a.cmd == "recent":
        sys.exit(run(["events", "list", "--limit", str(a.limit)]))
    if a.cmd == "resend":
        sys.exit(run(["events", "resend", a.event_id]))


if __name__ == "__main__":
    main()
