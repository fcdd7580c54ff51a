#!/usr/bin/env python3
import csv
import datetime as dt
import io
import time

import boto3

iam = boto3.client("iam")
ADMIN = "arn:aws:iam::aws:policy/AdministratorAccess"


def credential_report():
    while iam.generate_credential_report()["State"] != "COMPLETE":
        time.sleep(2)
    return list(csv.DictReader(io.StringIO(iam.get_credential_report()["Content"].decode())))


def main():
    now = dt.datetime.now(dt.timezone.utc)
    print("# IAM audit\n\n## Users without MFA")
    rows = credential_report()
    for r in rows:
        if r["password_enabled"] == "true" and r["mfa_active"] == "false":
            print(f"- {r['user']}")
    print("\n## Access keys older than 90 days")
    for r in rows:
        for n in ("1", "2"):
            rot = r[f"access_key_{n}_last_rotated"]
            if r[f"access_key_{n}_active"] == "true" and rot not in ("N/A", ""):
                age = (now - dt.datetime.fromisoformat(rot.replace("Z", "+00:00"))).days
                if age > 90:
                    print(f"- {r['user']} key {n}: {age} days")
    print("\n## Principals with AdministratorAccess")
    for kind in ("PolicyUsers", "PolicyGroups", "PolicyRoles"):
        for e in iam.list_entities_for_policy(PolicyArn=ADMIN).get(kind, []):
            print(f"- {kind[6:-1].lower()}: {e.get('UserName') or e.get('GroupName') or e.get('RoleName')}")


if __name__ == "__main__":
    main()
