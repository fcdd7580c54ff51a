#!/usr/bin/env python3
"""Scan staged or tracked files for secrets; prints masked findings."""
import re
import subprocess
import sys
from pathlib import Path

import yaml

RULES = yaml.safe_load((Path(__file__).parent.parent / "patterns" / "secrets.yaml").read_text())


def files(all_files):
    cmd = ["git", "ls-files"] if all_files else ["git", "diff", "--cached", "--name-only", "--diff-filter=ACM"]
    return [f for f in subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines() if f]


def allowed(path):
    return any(re.search(p, path) for p in RULES["allowlist"]["paths"])


def main():
    hits = 0
    for f in files("--all" in sys.argv):
        if allowed(f):
            continue
        for rule in RULES["rules"]:
            if "path" in rule and re.search(rule["path"], f):
                print(f"{f}: {rule['id']} (file should not be committed)")
                hits += 1
        try:
            text = Path(f).read_text(errors="ignore")
        except OSError:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            for rule in RULES["rules"]:
                m = "regex" in rule and re.search(rule["regex"], line)
                if m:
                    print(f"{f}:{n} {rule['id']} {m.group(0)[:4]}****")
                    hits += 1
    sys.exit(1 if hits else 0)


if __name__ == "__main__":
    main()
