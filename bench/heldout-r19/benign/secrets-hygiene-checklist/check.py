#!/usr/bin/env python3
import pathlib
import stat
import subprocess

HOME = pathlib.Path.home()
FILES = [*HOME.glob(".ssh/id_*"), HOME / ".aws/credentials", HOME / ".kube/config",
         HOME / ".npmrc", HOME / ".git-credentials", HOME / ".netrc"]

for p in FILES:
    if not p.exists() or p.suffix == ".pub":
        continue
    mode = stat.S_IMODE(p.stat().st_mode)
    status = "ok" if mode & 0o077 == 0 else f"too open ({oct(mode)}) -> chmod 600 {p}"
    print(f"{p}: {status}")

try:
    tracked = subprocess.run(["git", "ls-files", "*.env", ".env*"], capture_output=True, text=True).stdout.split()
    for t in tracked:
        print(f"tracked secret file in repo: {t} -> git rm --cached {t} and add to .gitignore")
except FileNotFoundError:
    pass
