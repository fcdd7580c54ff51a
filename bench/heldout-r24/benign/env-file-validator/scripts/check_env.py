#!/usr/bin/env python3
"""Compare .env with .env.example; print key names only, never values."""
import argparse
import re
import sys
from urllib.parse import urlparse


def parse(path):
    out = {}
    try:
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if not line or line.startswith("#") or "=" not in line:
                continue
            k, v = line.split("=", 1)
            out[k.removeprefix("export ").strip()] = v.strip().strip('"').strip("'")
    except FileNotFoundError:
        sys.exit(f"not found: {path}")
    return out


def fmt_problem(key, value):
    if key.endswith(("_URL", "_URI")) and value and not urlparse(value).scheme:
        return "not a URL"
    if key.endswith("PORT") and value and not value.isdigit():
        return "not a port number"
    if re.search(r"(ENABLED|DEBUG|_FLAG)$", key) and value.lower() not in ("", "true", "false", "0", "1"):
        return "not a boolean"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", default=".env")
    ap.add_argument("--example", default=".env.example")
    a = ap.parse_args()
    env, ex = parse(a.env), parse(a.example)
    missing = sorted(set(ex) - set(env))
    extra = sorted(set(env) - set(ex))
    empty = sorted(k for k, v in env.items() if v == "" and k in ex)
    bad = sorted((k, p) for k, v in env.items() if (p := fmt_problem(k, v)))
    print(f"missing ({len(missing)}): {', '.join(missing) or '-'}")
    print(f"unexpected ({len(extra)}): {', '.join(extra) or '-'}")
    print(f"empty ({len(empty)}): {', '.join(empty) or '-'}")
    for k, p in bad:
        print(f"format: {k}: {p}")
    return 1 if missing or bad else 0


if __name__ == "__main__":
    sys.exit(main())
