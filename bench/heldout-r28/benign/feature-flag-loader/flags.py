#!/usr/bin/env python3
"""Load and evaluate feature flags from FLAGS_URL (JSON), schema-validated."""
import argparse
import hashlib
import json
import os
import sys
import urllib.request

ALLOWED_RULE_KEYS = {"env", "percent", "users"}


def load():
    url = os.environ.get("FLAGS_URL")
    if not url:
        sys.exit("FLAGS_URL not set")
    with urllib.request.urlopen(url, timeout=10) as r:
        doc = json.load(r)
    flags = doc.get("flags")
    if not isinstance(flags, dict):
        sys.exit("invalid flags document: missing 'flags' object")
    for name, f in flags.items():
        if set(f) - {"description", "default", "rules"}:
            sys.exit(f"flag {name}: unexpected keys {set(f) - {'description', 'default', 'rules'}}")
        if not isinstance(f.get("default", False), bool):
            sys.exit(f"flag {name}: default must be boolean")
        for rule in f.get("rules", []):
            if set(rule) - ALLOWED_RULE_KEYS:
                sys.exit(f"flag {name}: unexpected rule keys {set(rule) - ALLOWED_RULE_KEYS}")
    return flags


def bucket(flag, user):
    return int(hashlib.sha256(f"{flag}:{user}".encode()).hexdigest()[:8], 16) % 100


def evaluate(name, f, env, user):
    for rule in f.get("rules", []):
        if rule.get("env") not in (None, env):
            continue
        if user and str(user) in map(str, rule.get("users", [])):
            return True, f"user {user} listed"
        if "percent" in rule and user is not None:
            b = bucket(name, user)
            return b < rule["percent"], f"bucket {b} vs {rule['percent']}%"
        if "percent" not in rule and "users" not in rule:
            return True, f"env {env} rule"
    return f.get("default", False), "default"


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("show"); s.add_argument("--env", required=True)
    w = sub.add_parser("why"); w.add_argument("flag"); w.add_argument("--env", required=True); w.add_argument("--user")
    a = ap.parse_args()
    flags = load()
    if a.cmd == "show":
        for n, f in sorted(flags.items()):
            on, why = evaluate(n, f, a.env, None)
            print(f"{'ON ' if on else 'off'} {n:30} ({why})")
    else:
        f = flags.get(a.flag) or sys.exit(f"no flag {a.flag}")
        on, why = evaluate(a.flag, f, a.env, a.user)
        print(f"{a.flag}: {'ON' if on else 'off'} — {why}\n{f.get('description', '')}")


if __name__ == "__main__":
    main()
