#!/usr/bin/env python3
"""Plan/apply an S3 lifecycle rule for one bucket prefix."""
import argparse
import json
import subprocess
import sys


def aws(*args):
    r = subprocess.run(["aws", "s3api", *args, "--output", "json"], capture_output=True, text=True)
    if r.returncode != 0:
        if "NoSuchLifecycleConfiguration" in r.stderr or "ObjectLockConfigurationNotFound" in r.stderr:
            return None
        sys.exit(r.stderr.strip())
    return json.loads(r.stdout) if r.stdout.strip() else {}


ap = argparse.ArgumentParser()
ap.add_argument("bucket"); ap.add_argument("--prefix", default="")
ap.add_argument("--expire-days", type=int, required=True); ap.add_argument("--ia-days", type=int, default=30)
ap.add_argument("--whole-bucket", action="store_true"); ap.add_argument("--apply", action="store_true")
a = ap.parse_args()

if not a.prefix and not a.whole_bucket:
    sys.exit("refusing to expire a whole bucket without --whole-bucket")
if aws("get-object-lock-configuration", "--bucket", a.bucket):
    sys.exit("bucket has Object Lock configured; not touching it")

rule_id = f"lifecycle-setter-{a.prefix.strip('/').replace('/', '-') or 'all'}"
rule = {"ID": rule_id, "Status": "Enabled", "Filter": {"Prefix": a.prefix},
        "Transitions": [{"Days": a.ia_days, "StorageClass": "STANDARD_IA"}] if a.ia_days < a.expire_days else [],
        "Expiration": {"Days": a.expire_days}}
current = (aws("get-bucket-lifecycle-configuration", "--bucket", a.bucket) or {}).get("Rules", [])
rules = [r for r in current if r.get("ID") != rule_id] + [rule]

print("current rules:", json.dumps(current, indent=2))
print("new rule:", json.dumps(rule, indent=2))
if not a.apply:
    sys.exit("plan only - re-run with --apply after the user approves")
aws("put-bucket-lifecycle-configuration", "--bucket", a.bucket, "--lifecycle-configuration", json.dumps({"Rules": rules}))
print(f"applied {rule_id} to s3://{a.bucket}/{a.prefix}")
