#!/usr/bin/env python3
"""Reproducible registry triage sample: 30 fails (from ALL fails, known-malicious included)
and 30 warns, random.Random(seed).sample over populations sorted by path.
Usage: registry-sample.py SEED REPORT.json
Round 7: seed 20261202; round 8: seed 20261203; round 9: seed 20261209; round 10: seed 20261210 (see registry-round{7,8,9,10}.md)."""
import json, random, os, sys
SEED = int(sys.argv[1])
REPORT = sys.argv[2]
KNOWN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "known-malicious.txt")
skills = json.load(open(REPORT))["skills"]
known = {l.strip() for l in open(KNOWN) if l.strip() and not l.startswith("#")}
def key(s):  # owner/name
    return "/".join(s["path"].rstrip("/").split("/")[-2:])
fails = sorted([s for s in skills if s["verdict"] == "fail"], key=lambda s: s["path"])
warns = sorted([s for s in skills if s["verdict"] == "warn"], key=lambda s: s["path"])
rng = random.Random(SEED)
fs = rng.sample(fails, min(30, len(fails)))
ws = rng.sample(warns, min(30, len(warns)))
print(f"population: skills={len(skills)} fails={len(fails)} warns={len(warns)} "
      f"known_in_fails={sum(key(s) in known for s in fails)} known_total={len(known)} "
      f"known_in_report={sum(key(s) in known for s in skills)}")
order = ["data_exfiltration","destructive","privilege_escalation","covert_execution","resource_abuse","credential_access"]
sev = {"critical":4,"high":3,"medium":2,"low":1,"info":0}
for tag, sample in (("F", fs), ("W", ws)):
    for i, s in enumerate(sample, 1):
        dims = ",".join(f"{d[:5]}:{s['risk'][d]['level']}({s['risk'][d]['score']})" for d in order
                        if s['risk'][d]['level'] in ("medium","high","critical"))
        top = sorted(s["findings"], key=lambda f: -sev.get(f["severity"],0))[:4]
        drv = "; ".join(f"{f['rule_id']}/{f['severity']}/{f.get('confidence')}@{f['location']['path']}:{f['location']['start_line']}" for f in top)
        print(f"{tag}{i:02d}\t{key(s)}\t{'KNOWN' if key(s) in known else ''}\t{s['verdict']}: {dims}\t{drv}")
