#!/usr/bin/env python3
"""Report which required environment variables are set, masking their values."""
import argparse
import os
import re
import sys
from pathlib import Path

ENV_LINE = re.compile(r"^\s*(?:export\s+)?([A-Z][A-Z0-9_]*)\s*=\s*(.*)$")
CODE_REFS = [
    re.compile(r"os\.environ(?:\.get)?\(\s*['\"]([A-Z][A-Z0-9_]*)['\"]"),
    re.compile(r"os\.environ\[\s*['\"]([A-Z][A-Z0-9_]*)['\"]\s*\]"),
    re.compile(r"process\.env\.([A-Z][A-Z0-9_]*)"),
    re.compile(r"std::env::var\(\s*\"([A-Z][A-Z0-9_]*)\""),
]


def parse_env_file(path):
    out = {}
    if path.is_file():
        for line in path.read_text(errors="replace").splitlines():
            m = ENV_LINE.match(line)
            if m:
                out[m[1]] = m[2].strip().strip("'\"")
    return out


def mask(value):
    if "://" in value:
        return value.split("://", 1)[0] + "://…"
    return (value[:4] + "…") if len(value) > 8 else "…"


def generate(root):
    names = set()
    for p in Path(root).rglob("*"):
        if p.suffix in {".py", ".js", ".ts", ".mjs", ".rs"} and "node_modules" not in p.parts:
            text = p.read_text(errors="ignore")
            for rx in CODE_REFS:
                names.update(rx.findall(text))
    for n in sorted(names):
        print(f"{n}=")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--names")
    ap.add_argument("--example", default=".env.example")
    ap.add_argument("--dotenv", default=".env")
    ap.add_argument("--generate", metavar="SRC_DIR")
    args = ap.parse_args()
    if args.generate:
        generate(args.generate)
        return 0

    if args.names:
        required = [n.strip() for n in args.names.split(",") if n.strip()]
    else:
        required = list(parse_env_file(Path(args.example)))
    if not required:
        sys.exit("no variable names given and no .env.example found")

    dotenv = parse_env_file(Path(args.dotenv))
    missing = 0
    for name in required:
        if os.environ.get(name):
            print(f"{name:<18}set (env)      {mask(os.environ[name])}  (masked)")
        elif dotenv.get(name):
            print(f"{name:<18}set (.env)     {mask(dotenv[name])}  (masked)")
        else:
            print(f"{name:<18}MISSING")
            missing += 1
    print(f"{missing} missing of {len(required)}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
