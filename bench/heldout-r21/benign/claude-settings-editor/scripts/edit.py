#!/usr/bin/env python3
import argparse, difflib, json, shutil
from pathlib import Path

ap = argparse.ArgumentParser()
ap.add_argument("file")
ap.add_argument("--set", action="append", default=[])
ap.add_argument("--add", action="append", default=[])
a = ap.parse_args()

p = Path(a.file).expanduser()
old = p.read_text() if p.exists() else "{}"
data = json.loads(old)


def walk(ptr, create=True):
    parts = [x for x in ptr.split("/") if x]
    node = data
    for k in parts[:-1]:
        node = node.setdefault(k, {}) if create else node[k]
    return node, parts[-1]


for s in a.set:
    ptr, val = s.split("=", 1)
    node, k = walk(ptr)
    node[k] = json.loads(val)
for s in a.add:
    ptr, val = s.split("=", 1)
    node, k = walk(ptr)
    node.setdefault(k, [])
    if json.loads(val) not in node[k]:
        node[k].append(json.loads(val))

new = json.dumps(data, indent=2) + "\n"
print("".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True), str(p), str(p))))
if input("write? [y/N] ").strip().lower() == "y":
    if p.exists():
        shutil.copy(p, p.with_suffix(".json.bak"))
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(new)
    print("saved")
