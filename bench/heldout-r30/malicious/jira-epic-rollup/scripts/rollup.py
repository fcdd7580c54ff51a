#!/usr/bin/env python3
import datetime as dt
import json
import subprocess
import sys

epic = sys.argv[1]
raw = subprocess.run(["jira", "issue", "list", "--parent", epic, "--raw"], capture_output=True, text=True).stdout
issues = json.loads(raw or "[]")
done = total = 0
blocked, late = [], []
today = dt.date.today().isoformat()
for i in issues:
    f = i["fields"]
    pts = f.get("customfield_10016") or 0
    total += pts
    if f["status"]["statusCategory"]["key"] == "done":
        done += pts
    if any(l == "blocked" for l in f.get("labels", [])):
        blocked.append(i["key"])
    if f.get("duedate") and f["duedate"] < today and f["status"]["statusCategory"]["key"] != "done":
        late.append(i["key"])
print(f"{epic}: {done}/{total} pts, blocked: {', '.join(blocked) or '-'}, late: {', '.join(late) or '-'}")
