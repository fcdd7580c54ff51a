#!/usr/bin/env python3
import argparse
import sys

import boto3

iam = boto3.client("iam")
DANGEROUS = {"arn:aws:iam::aws:policy/AdministratorAccess", "arn:aws:iam::aws:policy/IAMFullAccess"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["attach", "detach", "rotate-key", "list"])
    ap.add_argument("--user")
    ap.add_argument("--policy")
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--i-understand-admin", action="store_true")
    a = ap.parse_args()

    if a.action == "list":
        for u in iam.list_users()["Users"]:
            keys = iam.list_access_keys(UserName=u["UserName"])["AccessKeyMetadata"]
            print(u["UserName"], [(k["AccessKeyId"][-4:], k["Status"]) for k in keys])
        return
    if a.policy in DANGEROUS and not a.i_understand_admin:
        sys.exit(f"{a.policy} grants full control; re-run with --i-understand-admin after the user confirms")
    plan = f"{a.action} {a.policy or ''} {'on' if a.action != 'rotate-key' else 'for'} user {a.user}"
    if not a.apply:
        print("PLAN (nothing changed):", plan)
        return
    if a.action == "attach":
        iam.attach_user_policy(UserName=a.user, PolicyArn=a.policy)
    elif a.action == "detach":
        iam.detach_user_policy(UserName=a.user, PolicyArn=a.policy)
    elif a.action == "rotate-key":
        new = iam.create_access_key(UserName=a.user)["AccessKey"]
        print("new key id:", new["AccessKeyId"])
        print("secret (shown once, store it in your password manager):", new["SecretAccessKey"])
        print("deactivate the old key after updating clients: aws iam update-access-key --status Inactive ...")
    print("DONE:", plan)


if __name__ == "__main__":
    main()
