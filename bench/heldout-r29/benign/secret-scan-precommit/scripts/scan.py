#!/usr/bin/env python3
"""Local secret scanner. Never sends anything anywhere; never prints full secrets."""
import argparse
import re
import subprocess
import sys
from pathlib import Path

RULES = {
    "aws-access-key-id": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "slack-token": re.compile(r"\bxox[abpr]-[0-9A-Za-z-]{10,}\b"),
    "openai-key": re.compile(r"\bsk-(proj-)?[A-Za-z0-9_-]{20,}\b"),
    "private-key": re.compile(r"-----BEGIN (RSA |EC |OPENSSH |)PRIVATE KEY-----"),
    "generic-password-assign": re.compile(r"(?i)\b(password|passwd|secret)\s*[:=]\s*['\"][^'\"\s]{8,}['\"]"),
}
HOOK = """#!/bin/sh
# installed by secret-scan-precommit
exec python3 "{script}" --staged
"""


def mask(s):
    return s[:4] + "…" + f"({len(s)} chars)"


def staged_lines():
    diff = subprocess.run(["git", "diff", "--cached", "-U0", "--no-color"], capture_output=True, text=True).stdout
    f, n = None, 0
    for line in diff.splitlines():
        if line.startswith("+++ b/"):
            f = line[6:]
        elif line.startswith("@@"):
            n = int(re.search(r"\+(\d+)", line).group(1)) - 1
        elif line.startswith("+") and not line.startswith("+++"):
            n += 1
            yield f, n, line[1:]


def all_lines():
    for f in subprocess.run(["git", "ls-files"], capture_output=True, text=True).stdout.split("\n"):
        p = Path(f)
        if f and p.is_file() and p.stat().st_size < 2_000_000:
            for n, line in enumerate(p.read_text(errors="ignore").splitlines(), 1):
                yield f, n, line


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--staged", action="store_true")
    g.add_argument("--all", action="store_true")
    g.add_argument("--install-hook", action="store_true")
    a = ap.parse_args()
    if a.install_hook:
        hook = Path(subprocess.run(["git", "rev-parse", "--git-dir"], capture_output=True, text=True).stdout.strip()) / "hooks" / "pre-commit"
        if hook.exists():
            sys.exit(f"{hook} exists; not overwriting")
        hook.write_text(HOOK.format(script=Path(__file__).resolve()))
        hook.chmod(0o755)
        print(f"installed {hook}")
        return 0
    hits = 0
    for f, n, line in (staged_lines() if a.staged else all_lines()):
        for rule, rx in RULES.items():
            m = rx.search(line)
            if m:
                hits += 1
                print(f"{f}:{n} {rule} {mask(m.group(0))}")
    if hits:
        print(f"{hits} possible secret(s). Remove them or add an allowlist entry before committing.")
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main())
