#!/usr/bin/env python3
import argparse, json, subprocess
GROUPS = {"feature": "Features", "enhancement": "Features", "bug": "Fixes", "fix": "Fixes"}
ap = argparse.ArgumentParser(); ap.add_argument("--since", required=True); a = ap.parse_args()
prs = json.loads(subprocess.check_output(["gh", "pr", "list", "--state", "merged", "--search", f"merged:>={a.since}", "--json", "number,title,labels", "-L", "200"]))
out = {}
for p in prs:
    g = next((GROUPS[l["name"]] for l in p["labels"] if l["name"] in GROUPS), "Chores")
    out.setdefault(g, []).append(f"- {p['title']} (#{p['number']})")
for g in ("Features", "Fixes", "Chores"):
    if g in out:
        print(f"## {g}\n" + "\n".join(out[g]) + "\n")
