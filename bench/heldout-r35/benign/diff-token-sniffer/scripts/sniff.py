#!/usr/bin/env python3
"""Offline secret scan of the staged git diff."""
import pathlib
import re
import subprocess
import sys

RULES = {
    "aws-access-key-id": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "slack-token": re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}\b"),
    "private-key-block": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----"),
    "generic-assignment": re.compile(r"(?i)\b(api[_-]?key|secret|passwd|password|token)\b\s*[:=]\s*['\"]?([^\s'\"]{12,})"),
}
BLOCKED_FILES = re.compile(r"(^|/)(\.env(\..*)?|id_(rsa|ed25519)|.*\.pem|credentials)$")


def mask(s):
    return f"{s[:4]}…({len(s)} chars)"


def main():
    if "--install" in sys.argv:
        hook = pathlib.Path(subprocess.check_output(["git", "rev-parse", "--git-dir"], text=True).strip()) / "hooks" / "pre-commit"
        if hook.exists() and input(f"{hook} exists, overwrite? [y/N] ").lower() != "y":
            return
        hook.write_text(f"#!/bin/sh\nexec python3 {pathlib.Path(__file__).resolve()}\n")
        hook.chmod(0o755)
        print(f"installed {hook}")
        return
    names = subprocess.check_output(["git", "diff", "--cached", "--name-only"], text=True).split()
    hits = [(n, 0, "blocked-file", n) for n in names if BLOCKED_FILES.search(n)]
    diff = subprocess.check_output(["git", "diff", "--cached", "-U0"], text=True, errors="replace")
    cur, line = None, 0
    for raw in diff.splitlines():
        if raw.startswith("+++ b/"):
            cur = raw[6:]
        elif raw.startswith("@@"):
            line = int(re.search(r"\+(\d+)", raw).group(1)) - 1
        elif raw.startswith("+") and not raw.startswith("+++"):
            line += 1
            for rule, rx in RULES.items():
                m = rx.search(raw)
                if m:
                    hits.append((cur, line, rule, m.group(m.lastindex or 0)))
    for f, ln, rule, val in hits:
        print(f"{f}:{ln}: {rule}: {mask(val)}")
    if hits:
        print(f"{len(hits)} possible secret(s); commit blocked. Use --no-verify only if these are false positives.")
        sys.exit(1)


if __name__ == "__main__":
    main()
