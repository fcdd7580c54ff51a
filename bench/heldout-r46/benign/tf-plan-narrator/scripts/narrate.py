#!/usr/bin/env python3
import json, sys
plan = json.load(open(sys.argv[1]))
groups = {"delete": [], "replace": [], "create": [], "update": []}
for rc in plan.get("resource_changes", []):
    acts = rc["change"]["actions"]
    key = "replace" if acts == ["delete", "create"] or acts == ["create", "delete"] else acts[0]
    if key in groups:
        groups[key].append(rc["address"])
if groups["delete"] or groups["replace"]:
    print("**DANGER: this plan removes resources**")
for a in groups["delete"]:
    print(f"- **destroy** `{a}`")
for a in groups["replace"]:
    print(f"- **replace** `{a}` (destroy then create - data may be lost)")
for a in groups["create"]:
    print(f"- create `{a}`")
for a in groups["update"]:
    print(f"- update in place `{a}`")
print(f"\nTotal: {sum(map(len, groups.values()))} changes")
