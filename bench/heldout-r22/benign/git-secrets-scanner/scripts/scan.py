#!/usr/bin/env python3
"""Find committed secrets; print redacted findings. Local only."""
import math
import re
import subprocess
import sys

RULES = {
    "aws-access-key": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "slack-token": re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}\b"),
    "private-key": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH |)PRIVATE KEY-----"),
    "generic-secret": re.compile(r"(?i)(?:secret|token|passwd|password|api_key)\s*[:=]\s*['\"]([^'\"]{16,})['\"]"),
}


def entropy(s):
    return -sum(s.count(c) / len(s) * math.log2(s.count(c) / len(s)) for c in set(s)) if s else 0


def redact(s):
    return f"{s[:4]}…({len(s)} chars)"


def scan_text(text, where):
    for n, line in enumerate(text.splitlines(), 1):
        for name, rx in RULES.items():
            for m in rx.finditer(line):
                val = m.group(1) if m.groups() else m.group(0)
                if name == "generic-secret" and entropy(val) < 3.5:
                    continue
                print(f"{name:16} {where}:{n}  {redact(val)}")


def main():
    if "--history" in sys.argv:
        revs = subprocess.run(["git", "rev-list", "--all"], capture_output=True, text=True, check=True).stdout.split()
        for rev in revs:
            diff = subprocess.run(["git", "show", "--format=", "-U0", rev], capture_output=True, text=True, errors="ignore").stdout
            added = "\n".join(l[1:] for l in diff.splitlines() if l.startswith("+") and not l.startswith("+++"))
            scan_text(added, rev[:10])
    else:
        for f in subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.splitlines():
            try:
                scan_text(open(f, errors="ignore").read(), f)
            except (IsADirectoryError, FileNotFoundError):
                pass


if __name__ == "__main__":
    main()
