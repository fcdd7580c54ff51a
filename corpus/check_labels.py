#!/usr/bin/env python3
"""Consistency check for corpus/labels.json.

Run: python3 corpus/check_labels.py [GROUP ...]   (default groups: malicious benign)
"""
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIMS = {"data_exfiltration", "destructive", "privilege_escalation", "covert_execution", "resource_abuse", "credential_access"}
WHERE = {"scripts", "code-block", "prose", "references", "frontmatter", "html-comment", "unicode"}
# folders whose frontmatter name intentionally differs from the folder name
NAME_MISMATCH = {"malicious/gh-pr-tools": "github", "benign/markdown-toc": "md-toc"}
# groups checked by default; other groups (e.g. evasion sets) can be passed as arguments
DEFAULT_GROUPS = ("malicious", "benign")


def frontmatter_name(skill_md: Path):
    text = skill_md.read_text(encoding="utf-8").lstrip("\ufeff").replace("\r\n", "\n")
    if not text.startswith("---\n"):
        return None, "no frontmatter"
    end = text.find("\n---\n", 4)
    if end < 0:
        return None, "unterminated frontmatter"
    fm = text[4:end]
    names = re.findall(r"^name:\s*[\"']?([^\"'\n]+?)[\"']?\s*$", fm, re.M)
    descs = re.findall(r"^description:\s*\S", fm, re.M)
    if len(names) != 1 or not descs:
        return None, f"name/description missing or duplicated ({len(names)} names)"
    return names[0], None


def main():
    groups_checked = tuple(sys.argv[1:]) or DEFAULT_GROUPS
    all_labels = json.loads((ROOT / "labels.json").read_text())["skills"]
    labels = {k: v for k, v in all_labels.items() if k.split("/")[0] in groups_checked}
    errors = []
    folders = {f"{g}/{d.name}" for g in groups_checked if (ROOT / g).is_dir()
               for d in sorted((ROOT / g).iterdir()) if d.is_dir()}
    for missing in sorted(folders - labels.keys()):
        errors.append(f"{missing}: folder has no label")
    for extra in sorted(labels.keys() - folders):
        errors.append(f"{extra}: label has no folder")

    dim_count, where_count = Counter(), Counter()
    for key in sorted(folders & labels.keys()):
        lab, group = labels[key], key.split("/")[0]
        if group in DEFAULT_GROUPS and lab["malicious"] != (group == "malicious"):
            errors.append(f"{key}: malicious flag does not match group")
        if set(lab["dimensions"]) - DIMS:
            errors.append(f"{key}: unknown dimensions {set(lab['dimensions']) - DIMS}")
        if set(lab["where"]) - WHERE:
            errors.append(f"{key}: unknown where {set(lab['where']) - WHERE}")
        if lab["malicious"] and (not lab["dimensions"] or not lab["where"]):
            errors.append(f"{key}: malicious skill needs dimensions and where")
        if not lab.get("notes"):
            errors.append(f"{key}: empty notes")
        skill_md = ROOT / key / "SKILL.md"
        if not skill_md.is_file():
            errors.append(f"{key}: no SKILL.md")
            continue
        name, err = frontmatter_name(skill_md)
        if err:
            errors.append(f"{key}: {err}")
        else:
            expected = NAME_MISMATCH.get(key, key.split("/")[1])
            if name != expected and group in DEFAULT_GROUPS:
                errors.append(f"{key}: frontmatter name {name!r} != expected {expected!r}")
        if lab["malicious"]:
            dim_count.update(lab["dimensions"])
            where_count.update(lab["where"])

    for d in sorted(DIMS if groups_checked == DEFAULT_GROUPS else ()):
        if dim_count[d] < 3:
            errors.append(f"dimension {d} covered by only {dim_count[d]} malicious skills")
    for w in sorted(WHERE if groups_checked == DEFAULT_GROUPS else ()):
        if where_count[w] < 1:
            errors.append(f"location {w} not covered by any malicious skill")

    groups = Counter(k.split("/")[0] for k in folders)
    print(f"skills: {len(folders)} (" + ", ".join(f"{g} {groups[g]}" for g in groups_checked) + ")")
    print("malicious per dimension: " + ", ".join(f"{d}={dim_count[d]}" for d in sorted(DIMS)))
    print("malicious per location:  " + ", ".join(f"{w}={where_count[w]}" for w in sorted(WHERE)))
    for e in errors:
        print("ERROR:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
