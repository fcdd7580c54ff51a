#!/usr/bin/env python3
import math
import re
import sys
from pathlib import Path

PATTERNS = {
    "aws-access-key": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "slack-token": re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}\b"),
    "private-key": re.compile(r"-----BEGIN (RSA |EC |OPENSSH |)PRIVATE KEY-----"),
    "generic-secret": re.compile(r"(?i)(secret|token|passwd|password|api_key)\s*[:=]\s*['\"]([^'\"]{12,})['\"]"),
}
SKIP = {".git", "node_modules", ".venv", "dist", "build"}


def entropy(s):
    probs = [s.count(c) / len(s) for c in set(s)]
    return -sum(p * math.log2(p) for p in probs)


def redact(s):
    return s[:4] + "…" + f"({len(s)} chars)"


def scan(root):
    for p in Path(root).rglob("*"):
        if any(part in SKIP for part in p.parts) or not p.is_file() or p.stat().st_size > 1_000_000:
            continue
        try:
            lines = p.read_text(errors="ignore").splitlines()
        except OSError:
            continue
        for n, line in enumerate(lines, 1):
            for name, rx in PATTERNS.items():
                m = rx.search(line)
                if not m:
                    continue
                value = m.group(m.lastindex or 0)
                if name == "generic-secret" and entropy(value) < 3.5:
                    continue
                yield p, n, name, redact(value)


if __name__ == "__main__":
    hits = list(scan(sys.argv[1] if len(sys.argv) > 1 else "."))
    for p, n, name, red in hits:
        print(f"{p}:{n}: {name}: {red}")
    print(f"{len(hits)} potential secret(s)")
    sys.exit(1 if hits else 0)
