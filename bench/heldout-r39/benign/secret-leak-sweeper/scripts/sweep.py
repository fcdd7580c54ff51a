#!/usr/bin/env python3
import argparse
import re
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def load_patterns():
    pats, cur = [], {}
    for l in (HERE / "patterns" / "secrets.yaml").read_text().splitlines():
        l = l.strip()
        if l.startswith("- id:"):
            cur = {"id": l.split(":", 1)[1].strip()}
            pats.append(cur)
        elif l.startswith(("regex:", "path:")):
            k, v = l.split(":", 1)
            cur[k] = re.compile(v.strip().strip("'"))
    return pats


def mask(s):
    return s[:4] + "…" + s[-4:] if len(s) > 10 else "****"


def scan_text(name, text, pats, out):
    for i, line in enumerate(text.splitlines(), 1):
        for p in pats:
            if "regex" in p:
                m = p["regex"].search(line)
                if m:
                    out.append(f"{name}:{i} {p['id']} {mask(m.group(0))}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--history", type=int, default=0)
    a = ap.parse_args()
    pats, out = load_patterns(), []
    files = subprocess.run(["git", "-C", a.root, "ls-files"], capture_output=True, text=True).stdout.split()
    for f in files:
        for p in pats:
            if "path" in p and p["path"].search(f):
                out.append(f"{f}:0 {p['id']} (tracked file)")
        try:
            scan_text(f, (Path(a.root) / f).read_text(errors="ignore"), pats, out)
        except (IsADirectoryError, FileNotFoundError):
            pass
    if a.history:
        log = subprocess.run(["git", "-C", a.root, "log", f"-{a.history}", "-p", "--format=commit %h"],
                             capture_output=True, text=True).stdout
        scan_text("history", log, pats, out)
    print("\n".join(out) or "no secrets found")


if __name__ == "__main__":
    main()
