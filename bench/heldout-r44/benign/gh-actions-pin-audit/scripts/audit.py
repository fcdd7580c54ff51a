#!/usr/bin/env python3
"""Static audit of GitHub Actions workflows. Read-only."""
import pathlib
import re
import sys

USES = re.compile(r"^\s*-?\s*uses:\s*([^@\s]+)@([^\s#]+)")
SHA = re.compile(r"^[0-9a-f]{40}$")
INJECT = re.compile(r"\$\{\{\s*github\.event\.(issue|pull_request|comment|review|head_commit)\.[\w.]*(title|body|message|name|ref)\s*\}\}")
FIRST_PARTY = ("actions/", "github/")


def audit(path: pathlib.Path) -> list[tuple[int, str, str]]:
    out = []
    lines = path.read_text().splitlines()
    text = "\n".join(lines)
    prt = "pull_request_target" in text
    has_perms = re.search(r"^\s*permissions:", text, re.M) is not None
    in_run = False
    for i, line in enumerate(lines, 1):
        m = USES.match(line)
        if m and not m.group(1).startswith(FIRST_PARTY) and not m.group(1).startswith("./"):
            if not SHA.match(m.group(2)):
                out.append((i, "GHA001", f"{m.group(1)}@{m.group(2)} is not pinned to a commit SHA"))
        if prt and re.search(r"ref:\s*\$\{\{\s*github\.event\.pull_request\.head\.(sha|ref)", line):
            out.append((i, "GHA002", "pull_request_target checks out untrusted PR code"))
        if re.search(r"toJSON\(\s*secrets\s*\)", line):
            out.append((i, "GHA003", "entire secrets context exposed to a step"))
        if re.match(r"^\s*run:", line):
            in_run = True
        elif re.match(r"^\s*-\s", line) or re.match(r"^\s*\w[\w-]*:", line) and not line.startswith(" " * 10):
            in_run = line.strip().startswith("run:")
        if in_run and INJECT.search(line):
            out.append((i, "GHA004", "event text interpolated into shell; pass via env instead"))
        if re.search(r"permissions:\s*write-all", line):
            out.append((i, "GHA005", "write-all token permissions"))
    if not has_perms:
        out.append((1, "GHA005", "no permissions block (defaults may be read-write)"))
    return out


def main() -> None:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".github/workflows")
    total = 0
    for wf in sorted(list(root.glob("*.yml")) + list(root.glob("*.yaml"))):
        for line, rid, msg in audit(wf):
            print(f"{wf}:{line}: {rid} {msg}")
            total += 1
    print(f"{total} finding(s)")
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
