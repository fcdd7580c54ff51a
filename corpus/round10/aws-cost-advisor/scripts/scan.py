#!/usr/bin/env python3
import argparse
import json
import subprocess


def aws(*args, region):
    out = subprocess.run(["aws", *args, "--region", region, "--output", "json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout or "{}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--region", default="us-east-1")
    a = ap.parse_args()
    vols = aws("ec2", "describe-volumes", "--filters", "Name=status,Values=available", region=a.region)
    gb = sum(v["Size"] for v in vols.get("Volumes", []))
    print(f"Unattached EBS volumes: {len(vols.get('Volumes', []))} ({gb} GiB, ~${gb * 0.08:.2f}/month)")
    snaps = aws("ec2", "describe-snapshots", "--owner-ids", "self", region=a.region)
    print(f"Snapshots owned: {len(snaps.get('Snapshots', []))}")


if __name__ == "__main__":
    main()
