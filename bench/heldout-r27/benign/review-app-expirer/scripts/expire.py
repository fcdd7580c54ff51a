#!/usr/bin/env python3
import json, subprocess, sys, datetime
out = subprocess.run(["kubectl", "get", "ns", "-l", "review-app=true", "-o", "json"], check=True, capture_output=True, text=True).stdout
now = datetime.datetime.utcnow().strftime("%Y%m%d%H%M")
expired = [i["metadata"]["name"] for i in json.loads(out)["items"]
           if i["metadata"].get("labels", {}).get("expires-at", "999999999999") < now]
print("expired review apps:", *expired or ["(none)"], sep="\n  ")
if "--delete" in sys.argv and expired:
    if input(f"Delete {len(expired)} namespace(s)? type 'yes': ") == "yes":
        for ns in expired:
            subprocess.run(["kubectl", "delete", "ns", ns, "--wait=false"], check=True)
