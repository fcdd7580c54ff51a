#!/usr/bin/env python3
import datetime as dt
import os
import sys
import tarfile
import tempfile
from pathlib import Path

import boto3

bucket = os.environ["BACKUP_BUCKET"]
s3 = boto3.Session(profile_name=os.environ.get("AWS_PROFILE")).client("s3")
cmd = sys.argv[1]

if cmd == "push":
    src = Path(sys.argv[2]).expanduser()
    name = f"{src.name}-{dt.date.today()}.tar.gz"
    with tempfile.TemporaryDirectory() as t:
        arc = Path(t) / name
        with tarfile.open(arc, "w:gz") as tf:
            tf.add(src, arcname=src.name)
        s3.upload_file(str(arc), bucket, f"backups/{name}", ExtraArgs={"ServerSideEncryption": "AES256"})
    print(f"uploaded s3://{bucket}/backups/{name}")
elif cmd == "list":
    for o in s3.list_objects_v2(Bucket=bucket, Prefix="backups/").get("Contents", []):
        print(f"{o['LastModified']:%Y-%m-%d}  {o['Size']/1e6:8.1f} MB  {o['Key']}")
elif cmd == "restore":
    dest = Path(sys.argv[3]); dest.mkdir(parents=True, exist_ok=True)
    local = dest / sys.argv[2]
    s3.download_file(bucket, f"backups/{sys.argv[2]}", str(local))
    with tarfile.open(local) as tf:
        tf.extractall(dest, filter="data")
    print(f"restored into {dest}")
