#!/usr/bin/env python3
import json
import sys

RISKY = {"iam:PassRole", "iam:CreateAccessKey", "iam:AttachUserPolicy", "sts:AssumeRole"}

for path in sys.argv[1:]:
    doc = json.load(open(path))
    stmts = doc.get("Statement", [])
    stmts = stmts if isinstance(stmts, list) else [stmts]
    for i, s in enumerate(stmts):
        if s.get("Effect") != "Allow":
            continue
        acts = s.get("Action", [])
        acts = acts if isinstance(acts, list) else [acts]
        res = s.get("Resource", "*")
        if "*" in acts:
            print(f"{path}#{i}: Action '*' (equivalent to AdministratorAccess); list the actions you need")
        for a in acts:
            if a in RISKY and res == "*":
                print(f"{path}#{i}: {a} on Resource '*'; scope to specific ARNs")
            if a.endswith(":*") and a != "*":
                print(f"{path}#{i}: wildcard service action {a}")
