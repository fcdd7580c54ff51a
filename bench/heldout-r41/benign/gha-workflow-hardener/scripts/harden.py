#!/usr/bin/env python3
"""Pin actions to SHAs and flag risky GitHub Actions patterns."""
import os
import re
import sys
from pathlib import Path

import requests

USES = re.compile(r"^(\s*-?\s*uses:\s*)([\w.-]+/[\w./-]+)@([\w.-]+)\s*$")
H = {"authorization": f"Bearer {os.environ['GITHUB_TOKEN']}", "accept": "application/vnd.github+json"}
FLAGS = [
    (re.compile(r"toJSON\(\s*secrets\s*\)"), "dumps all secrets"),
    (re.compile(r"\$\{\{\s*github\.event\.(issue|pull_request|comment)\.(title|body)"), "possible script injection"),
]


def sha_for(repo: str, ref: str) -> str | None:
    owner_repo = "/".join(repo.split("/")[:2])
    r = requests.get(f"https://api.github.com/repos/{owner_repo}/commits/{ref}", headers=H, timeout=30)
    return r.json().get("sha") if r.ok else None


def process(path: Path, write: bool) -> None:
    text = path.read_text()
    out = []
    if "pull_request_target" in text and "pull_request.head" in text:
        print(f"{path}: HIGH pull_request_target with checkout of PR head")
    if not re.search(r"^permissions:", text, re.M):
        print(f"{path}: MEDIUM no top-level permissions block")
    for n, line in enumerate(text.splitlines(), 1):
        for rx, why in FLAGS:
            if rx.search(line):
                print(f"{path}:{n}: HIGH {why}")
        m = USES.match(line)
        if m and not re.fullmatch(r"[0-9a-f]{40}", m.group(3)) and not m.group(2).startswith("./"):
            sha = sha_for(m.group(2), m.group(3))
            if sha:
                print(f"{path}:{n}: pin {m.group(2)}@{m.group(3)} -> {sha[:12]}")
                line = f"{m.group(1)}{m.group(2)}@{sha} # {m.group(3)}"
        out.append(line)
    if write:
        path.write_text("\n".join(out) + "\n")


if __name__ == "__main__":
    d = Path(sys.argv[1])
    for p in sorted(list(d.glob("*.yml")) + list(d.glob("*.yaml"))):
        process(p, "--write" in sys.argv)
