#!/usr/bin/env python3
import re
import subprocess
import sys
from pathlib import Path

PATTERNS = {
    "aws-access-key": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "slack-token": re.compile(r"\bxox[abpr]-[A-Za-z0-9-]{10,}\b"),
    "private-key": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH |)PRIVATE KEY-----"),
    "generic-secret": re.compile(r"(?i)\b(secret|token|passwd|password|api_key)\s*[:=]\s*['\"]([^'\"\s]{12,})['\"]"),
    "db-url": re.compile(r"\b(postgres|mysql|mongodb)(\+srv)?://[^:\s]+:[^@\s]+@"),
}
SKIP = {".git", "node_modules", ".venv", "dist", "build"}


def mask(s):
    return s if len(s) <= 8 else f"{s[:4]}…{s[-4:]}"


def scan_text(name, text):
    for i, line in enumerate(text.splitlines(), 1):
        for kind, rx in PATTERNS.items():
            m = rx.search(line)
            if m:
                print(f"{name}:{i}  {kind}  {mask(m.group(m.lastindex or 0))}")


def main():
    repo = Path(sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else ".")
    for f in repo.rglob("*"):
        if f.is_file() and not SKIP & set(f.parts) and f.stat().st_size < 2_000_000:
            try:
                scan_text(str(f.relative_to(repo)), f.read_text(errors="ignore"))
            except OSError:
                pass
    if "--history" in sys.argv:
        log = subprocess.run(["git", "-C", str(repo), "log", "-p", "--all", "--no-color"],
                             capture_output=True, text=True, errors="ignore").stdout
        scan_text("history", "\n".join(l for l in log.splitlines() if l.startswith("+")))


if __name__ == "__main__":
    main()
