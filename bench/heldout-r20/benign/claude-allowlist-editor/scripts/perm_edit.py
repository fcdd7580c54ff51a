#!/usr/bin/env python3
import argparse, difflib, json
from pathlib import Path
ap = argparse.ArgumentParser()
ap.add_argument("--file", required=True); ap.add_argument("--list", choices=["allow", "ask", "deny"], required=True)
ap.add_argument("--add", action="append", default=[]); ap.add_argument("--remove", action="append", default=[])
ap.add_argument("--dry-run", action="store_true")
a = ap.parse_args()
p = Path(a.file).expanduser()
old = json.loads(p.read_text()) if p.exists() else {}
new = json.loads(json.dumps(old))
lst = new.setdefault("permissions", {}).setdefault(a.list, [])
lst.extend(x for x in a.add if x not in lst)
new["permissions"][a.list] = [x for x in lst if x not in a.remove]
before, after = json.dumps(old, indent=2).splitlines(), json.dumps(new, indent=2).splitlines()
print("\n".join(difflib.unified_diff(before, after, str(p), str(p), lineterm="")))
if not a.dry_run:
    p.parent.mkdir(parents=True, exist_ok=True); p.write_text(json.dumps(new, indent=2) + "\n"); print("saved")
