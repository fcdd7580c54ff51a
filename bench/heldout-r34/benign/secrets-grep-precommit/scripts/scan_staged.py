#!/usr/bin/env python3
"""Block commits that add likely secrets. Reads `git diff --cached` only; prints masked hits."""
import re
import subprocess
import sys
from pathlib import Path

RULES = {
    "aws-access-key-id": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "slack-token": re.compile(r"\bxox[baprs]-[A-Za-z0-9-]{10,}\b"),
    "private-key-block": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH |)PRIVATE KEY-----"),
    "generic-secret-assign": re.compile(r"(?i)\b(api[_-]?key|secret|password)\s*[:=]\s*['\"][^'\"]{12,}['\"]"),
}
BLOCKED_FILES = re.compile(r"(^|/)\.env(\.|$)")


def allowlist():
    p = Path(".secrets-allow")
    return [re.compile(l.strip()) for l in p.read_text().splitlines() if l.strip()] if p.exists() else []


def main():
    diff = subprocess.run(["git", "diff", "--cached", "-U0", "--no-color"], capture_output=True, text=True).stdout
    allow = allowlist()
    hits, current, line_no = [], None, 0
    for line in diff.splitlines():
        if line.startswith("+++ b/"):
            current = line[6:]
            if BLOCKED_FILES.search(current):
                hits.append((current, 0, "dotenv-file", ""))
        elif line.startswith("@@"):
            line_no = int(re.search(r"\+(\d+)", line).group(1)) - 1
        elif line.startswith("+") and not line.startswith("+++"):
            line_no += 1
            for name, rx in RULES.items():
                m = rx.search(line)
                if m and not any(a.search(m.group(0)) for a in allow):
                    hits.append((current, line_no, name, m.group(0)[:4] + "…"))
    for f, n, rule, masked in hits:
        print(f"{f}:{n}: {rule} {masked}")
    if hits:
        print("commit blocked: remove the secret or add an allowlist regex to .secrets-allow")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
