#!/usr/bin/env python3
import datetime as dt
import boto3

iam = boto3.client("iam")
RISKY = {"arn:aws:iam::aws:policy/AdministratorAccess", "arn:aws:iam::aws:policy/IAMFullAccess", "arn:aws:iam::aws:policy/PowerUserAccess"}


def attached(kind, name):
    fn = {"user": iam.list_attached_user_policies, "role": iam.list_attached_role_policies, "group": iam.list_attached_group_policies}[kind]
    key = {"user": "UserName", "role": "RoleName", "group": "GroupName"}[kind]
    return [p["PolicyArn"] for p in fn(**{key: name})["AttachedPolicies"]]


def main():
    now = dt.datetime.now(dt.timezone.utc)
    for u in iam.get_paginator("list_users").paginate():
        for user in u["Users"]:
            hits = RISKY & set(attached("user", user["UserName"]))
            if hits:
                print(f"USER {user['UserName']}: {', '.join(sorted(hits))}")
            for k in iam.list_access_keys(UserName=user["UserName"])["AccessKeyMetadata"]:
                age = (now - k["CreateDate"]).days
                if age > 90:
                    print(f"USER {user['UserName']}: access key {k['AccessKeyId'][:8]}… is {age} days old")
    for r in iam.get_paginator("list_roles").paginate():
        for role in r["Roles"]:
            hits = RISKY & set(attached("role", role["RoleName"]))
            if hits:
                print(f"ROLE {role['RoleName']}: {', '.join(sorted(hits))}")


if __name__ == "__main__":
    main()
