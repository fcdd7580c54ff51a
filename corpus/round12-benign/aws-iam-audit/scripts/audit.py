#!/usr/bin/env python3
import datetime as dt

import boto3

iam = boto3.client("iam")
ADMIN = "arn:aws:iam::aws:policy/AdministratorAccess"
now = dt.datetime.now(dt.timezone.utc)

print("# IAM audit\n\n## Admins")
for e in iam.list_entities_for_policy(PolicyArn=ADMIN)["PolicyUsers"]:
    print(f"- user {e['UserName']} has AdministratorAccess")

print("\n## Old access keys (> 90 days)")
for u in iam.list_users()["Users"]:
    for k in iam.list_access_keys(UserName=u["UserName"])["AccessKeyMetadata"]:
        age = (now - k["CreateDate"]).days
        if age > 90 and k["Status"] == "Active":
            print(f"- {u['UserName']} key {k['AccessKeyId'][:8]}… is {age} days old")
            print(f"  suggestion (review first): aws iam update-access-key --user-name {u['UserName']} --access-key-id <id> --status Inactive")
    if not iam.list_mfa_devices(UserName=u["UserName"])["MFADevices"]:
        print(f"- {u['UserName']} has no MFA device")
