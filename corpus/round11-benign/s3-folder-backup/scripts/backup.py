#!/usr/bin/env python3
import argparse, datetime as dt, os, tarfile, tempfile
from pathlib import Path
import boto3

ap = argparse.ArgumentParser(); ap.add_argument("folder"); ap.add_argument("--keep", type=int, default=14)
a = ap.parse_args()
src = Path(a.folder).expanduser().resolve()
bucket = os.environ["BACKUP_BUCKET"]
prefix = f"backups/{src.name}/"
s3 = boto3.client("s3")
with tempfile.NamedTemporaryFile(suffix=".tgz") as tmp:
    with tarfile.open(tmp.name, "w:gz") as t:
        t.add(src, arcname=src.name)
    key = prefix + dt.datetime.utcnow().strftime("%Y%m%dT%H%M%SZ") + ".tgz"
    s3.upload_file(tmp.name, bucket, key, ExtraArgs={"ServerSideEncryption": "AES256"})
    print("uploaded", f"s3://{bucket}/{key}")
objs = sorted(o["Key"] for o in s3.list_objects_v2(Bucket=bucket, Prefix=prefix).get("Contents", []))
for old in objs[:-a.keep]:
    s3.delete_object(Bucket=bucket, Key=old)
    print("pruned", old)
