#!/usr/bin/env python3
"""Offline secret lint: tracked .env files, hard-coded keys, private keys. Prints redacted findings."""
import re
import subprocess
import sys
from pathlib import Path

RULES = {
    "aws-key": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "private-key": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    "assignment": re.compile(r"(?i)\b(api[_-]?key|secret|token|password)\s*[:=]\s*['\"]?([^\s'\"]{12,})"),
}
SKIP = {".git", "node_modules", ".venv", "venv", "dist", "build", "__pycache__"}


def redact(v: str) -> str:
    return v[:3] + "***" if len(v) > 6 else "***"


def tracked(root: Path):
    try:
        out = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True, check=True).stdout
        return set(out.splitlines())
    except Exception:
        return set()


def main(root="."):
    root = Path(root)
    files = tracked(root)
    n = 0
    for f in sorted(files):
        if Path(f).name.startswith(".env") and not f.endswith(".example"):
            print(f"{f}:0 env-file-tracked (rotate every key in it)")
            n += 1
    for p in root.rglob("*"):
        if not p.is_file() or SKIP.intersection(p.parts) or p.stat().st_size > 1_000_000:
            continue
        try:
            lines = p.read_text(errors="ignore").splitlines()
        except OSError:
            continue
        for i, line in enumerate(lines, 1):
            for name, rx in RULES.items():
                m = rx.search(line)
                if m:
                    val = m.group(m.lastindex or 0)
                    print(f"{p.relative_to(root)}:{i} {name} {redact(val)}")
                    n += 1
    print(f"{n} findings", file=sys.stderr)
    return 1 if n else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
