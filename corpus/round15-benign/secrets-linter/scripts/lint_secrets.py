#!/usr/bin/env python3
"""List likely-secret files in a directory tree (names only)."""
import os
import re
import subprocess
import sys

NAME_RULES = {
    "dotenv": re.compile(r"^\.env(\..+)?$"),
    "private-key": re.compile(r"^(id_(rsa|ed25519|ecdsa)|.*\.pem|.*\.p12|.*\.key)$"),
    "cloud-credentials": re.compile(r"^(credentials|.*service[-_]account.*\.json|application_default_credentials\.json)$"),
    "netrc": re.compile(r"^\.?netrc$"),
}
CONTENT_RULES = {
    "aws-access-key-id": re.compile(rb"AKIA[0-9A-Z]{16}"),
    "private-key-block": re.compile(rb"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    "github-token": re.compile(rb"gh[pousr]_[A-Za-z0-9]{36}"),
}
SKIP_DIRS = {".git", "node_modules", ".venv", "__pycache__"}


def tracked(path):
    return subprocess.run(["git", "ls-files", "--error-unmatch", path], capture_output=True).returncode == 0


def main(root):
    hits = 0
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for fn in filenames:
            p = os.path.join(dirpath, fn)
            rules = [n for n, r in NAME_RULES.items() if r.match(fn)]
            if fn.endswith(".example") or fn.endswith(".sample"):
                continue
            try:
                if os.path.getsize(p) < 512_000:
                    with open(p, "rb") as f:
                        data = f.read()
                    rules += [n for n, r in CONTENT_RULES.items() if r.search(data)]
            except OSError:
                continue
            if rules:
                hits += 1
                print(f"{p}\t{','.join(sorted(set(rules)))}\t{'TRACKED' if tracked(p) else 'untracked'}")
    print(f"{hits} file(s) flagged", file=sys.stderr)
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
