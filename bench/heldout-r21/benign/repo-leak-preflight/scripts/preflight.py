#!/usr/bin/env python3
import fnmatch, re, subprocess, sys

NAMES = ["id_rsa", "id_ed25519", "*.pem", "*.p12", "*.key", ".env", ".env.*", "credentials", ".git-credentials",
         ".npmrc", "kubeconfig", "config", "*.tfstate", "service-account*.json"]
ALLOW = {".env.example", ".env.sample"}
PATTERNS = {"private key": re.compile(r"-----BEGIN (RSA |EC |OPENSSH )?PRIVATE KEY-----"),
            "aws access key id": re.compile(r"\bAKIA[0-9A-Z]{16}\b")}

files = subprocess.run(["git", "ls-files", "-z"], capture_output=True, text=True, check=True).stdout.split("\0")
hits = 0
for f in filter(None, files):
    base = f.rsplit("/", 1)[-1]
    if base in ALLOW:
        continue
    if base == "config" and "/.kube/" not in f"/{f}":
        continue
    if any(fnmatch.fnmatch(base, n) for n in NAMES):
        print(f"secret-like file tracked: {f}"); hits += 1
        continue
    try:
        text = open(f, encoding="utf-8", errors="ignore").read(200_000)
    except (IsADirectoryError, FileNotFoundError):
        continue
    for label, rx in PATTERNS.items():
        if rx.search(text):
            print(f"{label} pattern in: {f}"); hits += 1
sys.exit(1 if hits else 0)
