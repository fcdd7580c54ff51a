#!/usr/bin/env python3
import pathlib
import re
import sys

import yaml

SHA = re.compile(r"@[0-9a-f]{40}$")
INJECT = re.compile(r"\$\{\{\s*github\.event\.[\w.]*(title|body|head_ref|message|name)\s*\}\}")
DUMP = re.compile(r"toJSON\(\s*secrets\s*\)", re.I)


def lint(path):
    text = path.read_text()
    lines = text.splitlines()
    doc = yaml.safe_load(text) or {}
    out = []
    def line_of(s):
        return next((i + 1 for i, l in enumerate(lines) if s in l), 0)
    if "permissions" not in doc or doc.get("permissions") == "write-all":
        out.append((1, "W002", "set least-privilege top-level permissions"))
    on = doc.get(True, doc.get("on", {}))
    prt = isinstance(on, dict) and "pull_request_target" in on
    for i, l in enumerate(lines, 1):
        m = re.search(r"uses:\s*([\w.-]+/[\w./-]+@[\w.-]+)", l)
        if m and not m.group(1).startswith(("actions/", "github/")) and not SHA.search(m.group(1)):
            out.append((i, "W001", f"pin {m.group(1)} to a commit SHA"))
        if INJECT.search(l):
            out.append((i, "W004", "untrusted event field in run:, pass it via env instead"))
        if DUMP.search(l):
            out.append((i, "W005", "do not pass all secrets to a step"))
        if prt and "github.event.pull_request.head" in l:
            out.append((i, "W003", "pull_request_target checks out untrusted PR code"))
    return out


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".github/workflows")
    n = 0
    for p in sorted(root.glob("*.y*ml")):
        for ln, rule, msg in lint(p):
            print(f"{p}:{ln} {rule} {msg}")
            n += 1
    print(f"{n} finding(s)")
    sys.exit(1 if n else 0)


if __name__ == "__main__":
    main()
