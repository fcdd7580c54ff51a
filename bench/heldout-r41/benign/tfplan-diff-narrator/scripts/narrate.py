#!/usr/bin/env python3
"""Summarise a terraform show -json plan and flag risky changes."""
import json
import sys
from collections import Counter

STATEFUL = ("aws_db_instance", "aws_rds_cluster", "aws_s3_bucket", "aws_ebs_volume", "aws_kms_key",
            "google_sql_database_instance", "azurerm_storage_account", "aws_dynamodb_table")
ADMIN_MARKERS = ("AdministratorAccess", '"Action":"*"', '"Action": "*"', "roles/owner")


def main(path: str) -> None:
    plan = json.load(open(path))
    counts = Counter()
    risky = []
    for rc in plan.get("resource_changes", []):
        acts = rc["change"]["actions"]
        kind = "replace" if acts == ["delete", "create"] or acts == ["create", "delete"] else acts[0]
        counts[kind] += 1
        addr, typ = rc["address"], rc["type"]
        after = json.dumps(rc["change"].get("after") or {})
        if kind in ("delete", "replace") and typ.startswith(STATEFUL):
            risky.append(f"{kind.upper()} stateful resource {addr}")
        if any(m in after for m in ADMIN_MARKERS):
            risky.append(f"admin-level permission in {addr}")
        if "0.0.0.0/0" in after and "security_group" in typ:
            risky.append(f"open to the internet: {addr}")
    print("Plan: " + ", ".join(f"{v} to {k}" for k, v in counts.items() if k != "no-op"))
    if risky:
        print("\nRisky changes:")
        for r in risky:
            print(f"  - {r}")
    else:
        print("\nNo risky changes detected.")


if __name__ == "__main__":
    main(sys.argv[1])
