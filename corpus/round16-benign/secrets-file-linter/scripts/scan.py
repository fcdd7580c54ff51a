#!/usr/bin/env python3
import re
import subprocess
import sys
from pathlib import Path

RULES = [
    ("env-file", lambda p: p.name == ".env" or p.name.startswith(".env.") and not p.name.endswith(".example")),
    ("private-key", lambda p: p.suffix in {".pem", ".key"} or p.name in {"id_rsa", "id_ed25519"}),
    ("cloud-credentials", lambda p: p.name in {"credentials", "service-account.json"} or p.name.endswith("-sa.json")),
    ("npmrc-token", lambda p: p.name == ".npmrc"),
]
HEADER = re.compile(rb"-----BEGIN (RSA |OPENSSH |EC )?PRIVATE KEY-----")


def tracked(root):
    out = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True).stdout
    return set(out.splitlines())


def main(root):
    root = Path(root).resolve()
    t = tracked(root)
    hits = 0
    for p in root.rglob("*"):
        if ".git" in p.parts or not p.is_file() or p.stat().st_size > 1_000_000:
            continue
        rel = str(p.relative_to(root))
        rule = next((name for name, f in RULES if f(p)), None)
        if rule is None and HEADER.search(p.read_bytes()[:4096]):
            rule = "private-key"
        if rule:
            hits += 1
            print(f"{rule:18} {'TRACKED' if rel in t else 'ignored':8} {rel}")
    print(f"{hits} suspicious files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
