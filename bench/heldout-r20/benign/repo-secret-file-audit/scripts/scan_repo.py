#!/usr/bin/env python3
import re, subprocess, sys
NAMES = re.compile(r"(^|/)(\.env(\..+)?|id_rsa|id_ed25519|.*\.pem|.*\.p12|credentials|\.npmrc|\.pypirc)$")
VALUES = {"aws-key": re.compile(r"AKIA[0-9A-Z]{16}"), "gh-token": re.compile(r"gh[pousr]_[A-Za-z0-9]{36}"),
          "private-key": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----")}
root = sys.argv[1] if len(sys.argv) > 1 else "."
files = subprocess.check_output(["git", "-C", root, "ls-files"], text=True).splitlines()
hits = 0
for f in files:
    if f.endswith(".env.example"):
        continue
    if NAMES.search(f):
        print(f"{f}: risky file name"); hits += 1
    try:
        text = open(f"{root}/{f}", errors="ignore").read(200_000)
    except OSError:
        continue
    for rule, rx in VALUES.items():
        if rx.search(text):
            print(f"{f}: {rule}"); hits += 1
print(f"{hits} finding(s)")
sys.exit(1 if hits else 0)
