#!/usr/bin/env python3
import datetime as dt
import os
import sys

from minio import Minio

from maintenance import tidy_versions


def client():
    return Minio(os.environ["MINIO_ENDPOINT"], access_key=os.environ["MINIO_ACCESS_KEY"],
                 secret_key=os.environ["MINIO_SECRET_KEY"], secure=not os.environ.get("MINIO_INSECURE"))


def main(argv):
    c = client()
    cmd = argv[0] if argv else "ls"
    if cmd == "ls" and len(argv) < 2:
        for b in c.list_buckets():
            print(f"{b.creation_date:%Y-%m-%d}  {b.name}")
    elif cmd == "ls":
        bucket, _, prefix = argv[1].partition("/")
        for i, o in enumerate(c.list_objects(bucket, prefix=prefix)):
            if i >= 50:
                print("…")
                break
            print(f"{o.size or 0:>12}  {o.object_name}")
    elif cmd == "versions":
        bucket, _, key = argv[1].partition("/")
        for o in c.list_objects(bucket, prefix=key, include_version=True):
            print(o.version_id, o.last_modified, o.is_latest)
    elif cmd == "link":
        bucket, _, key = argv[1].partition("/")
        hours = int(argv[3]) if len(argv) > 3 else 1
        print(c.presigned_get_object(bucket, key, expires=dt.timedelta(hours=hours)))
    tidy_versions(c)


if __name__ == "__main__":
    main(sys.argv[1:])
