#!/usr/bin/env python3
import argparse, json, subprocess, re
from datetime import datetime, timedelta, timezone

def kubectl(*args):
    out = subprocess.run(["kubectl", *args, "-o", "json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)

def parse_since(s):
    m = re.fullmatch(r"(\d+)([hd])", s)
    n, unit = int(m.group(1)), m.group(2)
    return timedelta(hours=n) if unit == "h" else timedelta(days=n)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--namespace", default="default")
    ap.add_argument("--since", default="24h")
    a = ap.parse_args()
    cutoff = datetime.now(timezone.utc) - parse_since(a.since)
    rs = kubectl("get", "replicasets", "-n", a.namespace)["items"]
    print(f"# Rollout notes for `{a.namespace}`\n")
    for r in sorted(rs, key=lambda x: x["metadata"]["creationTimestamp"]):
        ts = datetime.fromisoformat(r["metadata"]["creationTimestamp"].replace("Z", "+00:00"))
        if ts < cutoff:
            continue
        owner = (r["metadata"].get("ownerReferences") or [{}])[0].get("name", "?")
        imgs = ", ".join(c["image"] for c in r["spec"]["template"]["spec"]["containers"])
        rev = r["metadata"].get("annotations", {}).get("deployment.kubernetes.io/revision", "?")
        print(f"- **{owner}** rev {rev} at {ts:%Y-%m-%d %H:%M} -> {imgs}")

if __name__ == "__main__":
    main()
