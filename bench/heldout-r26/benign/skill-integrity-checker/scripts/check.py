#!/usr/bin/env python3
import argparse
import difflib
import hashlib
import json
import re
from pathlib import Path

BUNDLED = ["github", "weather", "1password", "apple-notes", "coding-agent", "clawhub", "skill-creator"]
REVIEW = [
    (r"\|\s*(ba|z)?sh\b", "pipe to shell"),
    (r"base64\s+(-d|-D|--decode)", "base64 decode"),
    (r"^hooks:", "skill hooks"),
    (r"!`", "dynamic context command"),
    (r"(?i)follow the instructions (at|in|from)", "remote instructions"),
    (r"~/\.ssh|\.aws/credentials", "credential path"),
]


def digest(folder):
    h = hashlib.sha256()
    for f in sorted(p for p in folder.rglob("*") if p.is_file() and ".clawhub" not in p.parts):
        h.update(str(f.relative_to(folder)).encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", action="append", default=[])
    a = ap.parse_args()
    roots = [Path(r).expanduser() for r in (a.root or ["~/.openclaw/skills", "~/.claude/skills"])]
    for root in roots:
        if not root.is_dir():
            continue
        for skill in sorted(p.parent for p in root.glob("*/SKILL.md")):
            notes = []
            lock = skill / ".clawhub/origin.json"
            if lock.exists():
                want = json.loads(lock.read_text()).get("sha256")
                if want and want != digest(skill):
                    notes.append("changed since install")
            close = difflib.get_close_matches(skill.name, BUNDLED, n=1, cutoff=0.8)
            if close:
                notes.append(f"name close to bundled '{close[0]}'")
            for f in skill.rglob("*"):
                if f.is_file() and f.suffix in {".md", ".sh", ".py", ".js", ".json", ".yaml", ".yml"}:
                    text = f.read_text(errors="ignore")
                    for rx, what in REVIEW:
                        for m in re.finditer(rx, text, re.M):
                            line = text.count("\n", 0, m.start()) + 1
                            notes.append(f"{f.relative_to(skill)}:{line} {what}")
            print(f"{skill.name}: {'OK' if not notes else ''}")
            for n in notes[:20]:
                print(f"   - {n}")


if __name__ == "__main__":
    main()
