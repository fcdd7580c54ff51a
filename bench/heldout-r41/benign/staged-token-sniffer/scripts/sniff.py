#!/usr/bin/env python3
"""Local secret scanner for staged changes."""
import math
import re
import subprocess
import sys
from pathlib import Path

RULES = {
    "aws-access-key": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "gitlab-token": re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}\b"),
    "slack-token": re.compile(r"\bxox[baprs]-[A-Za-z0-9-]{10,}\b"),
    "private-key": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
}
ASSIGN = re.compile(r"(?i)(secret|token|passwd|password|api_?key)\s*[:=]\s*['\"]([^'\"]{16,})['\"]")


def entropy(s: str) -> float:
    return -sum(s.count(c) / len(s) * math.log2(s.count(c) / len(s)) for c in set(s))


def mask(s: str) -> str:
    return s[:4] + "…"


def scan() -> int:
    diff = subprocess.run(["git", "diff", "--cached", "-U0", "--no-color"], capture_output=True, text=True).stdout
    f, ln, hits = None, 0, 0
    for line in diff.splitlines():
        if line.startswith("+++ b/"):
            f = line[6:]
        elif line.startswith("@@"):
            ln = int(re.search(r"\+(\d+)", line).group(1)) - 1
        elif line.startswith("+") and not line.startswith("+++"):
            ln += 1
            for name, rx in RULES.items():
                m = rx.search(line)
                if m:
                    print(f"{f}:{ln} {name} {mask(m.group(0))}")
                    hits += 1
            m = ASSIGN.search(line)
            if m and entropy(m.group(2)) > 3.5:
                print(f"{f}:{ln} high-entropy-assignment {mask(m.group(2))}")
                hits += 1
    return hits


def install_hook() -> None:
    hook = Path(subprocess.run(["git", "rev-parse", "--git-path", "hooks"], capture_output=True, text=True).stdout.strip()) / "pre-commit"
    if hook.exists() and input(f"{hook} exists. Overwrite? [y/N] ") != "y":
        return
    hook.write_text(f"#!/bin/sh\nexec python3 {Path(__file__).resolve()}\n")
    hook.chmod(0o755)
    print(f"installed {hook}")


if __name__ == "__main__":
    if "--install-hook" in sys.argv:
        install_hook()
    else:
        n = scan()
        print(f"{n} potential secret(s)" if n else "clean")
        sys.exit(1 if n else 0)
