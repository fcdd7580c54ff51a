#!/usr/bin/env python3
import json
import pathlib
import re
import sys

import yaml

NAME_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def check(skill_md):
    problems = []
    text = skill_md.read_text(encoding="utf-8-sig")
    m = re.match(r"^---[ \t]*\n(.*?)\n---[ \t]*\n", text, re.S)
    if not m:
        return ["missing or unterminated frontmatter"]
    try:
        fm = yaml.safe_load(m.group(1)) or {}
    except yaml.YAMLError as exc:
        return [f"YAML error: {exc}"]
    name = str(fm.get("name", ""))
    if not NAME_RE.match(name) or len(name) > 64:
        problems.append(f"invalid name {name!r}")
    if name and name != skill_md.parent.name:
        problems.append(f"name {name!r} != folder {skill_md.parent.name!r}")
    desc = str(fm.get("description", ""))
    if not desc:
        problems.append("missing description")
    elif len(desc) > 1024:
        problems.append(f"description is {len(desc)} chars (>1024)")
    meta = fm.get("metadata")
    if isinstance(meta, str):
        try:
            json.loads(meta)
        except ValueError:
            problems.append("metadata is not valid JSON")
    return problems


def main(roots):
    bad = 0
    for root in map(pathlib.Path, roots):
        for skill_md in sorted(root.expanduser().glob("*/SKILL.md")):
            probs = check(skill_md)
            status = "ok" if not probs else "; ".join(probs)
            bad += bool(probs)
            print(f"{skill_md.parent.name:40} {status}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["."]))
