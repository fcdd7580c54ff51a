#!/usr/bin/env python3
"""Offline secret scanner with masked output."""
import argparse
import pathlib
import re
import subprocess

RULES = {
    "aws-access-key": re.compile(r"\bAKIA[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "slack-token": re.compile(r"\bxox[abpr]-[A-Za-z0-9-]{10,}\b"),
    "private-key": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----"),
    "generic-secret": re.compile(r"(?i)\b(api[_-]?key|secret|password|token)\s*[=:]\s*['\"]?([^\s'\"]{12,})"),
}
SKIP = {".git", "node_modules", ".venv", "dist", "build"}


def mask(s):
    return s[:4] + "…" if len(s) > 4 else "…"


def scan_text(label, text, out):
    for i, line in enumerate(text.splitlines(), 1):
        for name, rx in RULES.items():
            m = rx.search(line)
            if m:
                out.append((label, i, name, mask(m.group(m.lastindex or 0))))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--history", action="store_true")
    a = ap.parse_args()
    root = pathlib.Path(a.root)
    out = []
    tracked = set(subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True).stdout.split())
    for p in root.rglob("*"):
        if p.is_file() and not (SKIP & set(p.parts)) and p.stat().st_size < 2_000_000:
            try:
                scan_text(str(p), p.read_text(errors="ignore"), out)
            except OSError:
                pass
    for f in tracked:
        if pathlib.Path(f).name.startswith(".env") and not f.endswith(".example"):
            out.append((f, 0, "tracked-dotenv", "file is committed"))
    if a.history:
        revs = subprocess.run(["git", "-C", str(root), "rev-list", "--all", "--objects"], capture_output=True, text=True).stdout
        for line in revs.splitlines():
            sha, _, path = line.partition(" ")
            if path:
                blob = subprocess.run(["git", "-C", str(root), "cat-file", "-p", sha], capture_output=True, text=True, errors="ignore").stdout
                scan_text(f"{path}@{sha[:8]}", blob, out)
    for f, line, rule, m in out:
        print(f"{f}:{line}\t{rule}\t{m}")
    print(f"{len(out)} finding(s)")


if __name__ == "__main__":
    main()
