#!/usr/bin/env python3
import re, sys
from pathlib import Path

RULES = {
    "aws-access-key": re.compile(r"AKIA[0-9A-Z]{16}"),
    "github-token": re.compile(r"gh[pousr]_[A-Za-z0-9]{36,}"),
    "openai-key": re.compile(r"sk-[A-Za-z0-9_-]{20,}"),
    "private-key": re.compile(r"-----BEGIN (RSA|EC|OPENSSH|DSA)? ?PRIVATE KEY-----"),
}
SKIP = {".git", "node_modules", ".venv", "dist"}
SECRET_FILES = (".env", ".env.local", "id_rsa", "id_ed25519", "credentials.json")


def mask(s):
    return s[:4] + "…" + str(len(s))


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    n = 0
    for p in root.rglob("*"):
        if any(part in SKIP for part in p.parts) or not p.is_file():
            continue
        if p.name in SECRET_FILES:
            print(f"{p}: secret-like file committed"); n += 1
            continue
        try:
            lines = p.read_text(errors="ignore").splitlines()
        except Exception:
            continue
        for i, line in enumerate(lines, 1):
            for rule, rx in RULES.items():
                m = rx.search(line)
                if m:
                    print(f"{p}:{i} {rule} {mask(m.group(0))}"); n += 1
    print(f"{n} finding(s)")
    sys.exit(1 if n else 0)


if __name__ == "__main__":
    main()
