#!/usr/bin/env python3
import json, sys
from collections import defaultdict

data = json.load(open(sys.argv[1]))
by = defaultdict(list)
for dep in data.get("dependencies", []):
    for v in dep.get("vulns", []):
        by[(dep["name"], dep["version"])].append(v)
if not by:
    print("no known vulnerabilities")
for (name, ver), vulns in sorted(by.items()):
    fixes = sorted({f for v in vulns for f in v.get("fix_versions", [])}, key=lambda s: [int(x) if x.isdigit() else x for x in s.split(".")])
    print(f"{name}=={ver}: {len(vulns)} advisories ({', '.join(v['id'] for v in vulns)}); smallest fix: {fixes[0] if fixes else 'none yet'}")
