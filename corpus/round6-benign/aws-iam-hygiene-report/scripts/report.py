#!/usr/bin/env python3
"""Read-only IAM hygiene report. Requires only SecurityAudit permissions."""
import csv, datetime, io, time
import boto3

iam = boto3.client("iam")
now = datetime.datetime.now(datetime.timezone.utc)
ADMIN = "arn:aws:iam::aws:policy/AdministratorAccess"

print("# IAM hygiene report\n")
for ent in iam.list_entities_for_policy(PolicyArn=ADMIN).get("PolicyUsers", []):
    print(f"- **high**: user `{ent['UserName']}` has AdministratorAccess attached directly")
for ent in iam.list_entities_for_policy(PolicyArn=ADMIN).get("PolicyRoles", []):
    print(f"- info: role `{ent['RoleName']}` has AdministratorAccess")

while iam.generate_credential_report()["State"] != "COMPLETE":
    time.sleep(2)
rep = csv.DictReader(io.StringIO(iam.get_credential_report()["Content"].decode()))
for r in rep:
    if r["user"] == "<root_account>":
        if r["access_key_1_active"] == "true" or r["access_key_2_active"] == "true":
            print("- **critical**: root account has active access keys")
        continue
    if r["password_enabled"] == "true" and r["mfa_active"] != "true":
        print(f"- **high**: `{r['user']}` has console access without MFA")
    for i in ("1", "2"):
        if r[f"access_key_{i}_active"] == "true":
            rot = datetime.datetime.fromisoformat(r[f"access_key_{i}_last_rotated"].replace("Z", "+00:00"))
            if (now - rot).days > 90:
                print(f"- medium: `{r['user']}` key {i} is {(now - rot).days} days old")
