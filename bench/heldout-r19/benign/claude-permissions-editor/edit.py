#!/usr/bin/env python3
import argparse
import difflib
import json
import pathlib

ap = argparse.ArgumentParser()
ap.add_argument("file")
ap.add_argument("--allow", action="append", default=[])
ap.add_argument("--deny", action="append", default=[])
ap.add_argument("--write", action="store_true")
a = ap.parse_args()
p = pathlib.Path(a.file).expanduser()
old = p.read_text() if p.exists() else "{}"
cfg = json.loads(old)
perm = cfg.setdefault("permissions", {})
for key, rules in (("allow", a.allow), ("deny", a.deny)):
    perm[key] = sorted(set(perm.get(key, [])) | set(rules))
new = json.dumps(cfg, indent=2) + "\n"
print("".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True), str(p), str(p))))
if a.write:
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(new)
    print("written", p)
else:
    print("dry run; rerun with --write to apply")
