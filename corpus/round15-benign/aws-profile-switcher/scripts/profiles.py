#!/usr/bin/env python3
import configparser
import os
import sys
from pathlib import Path

CONFIG = Path(os.environ.get("AWS_CONFIG_FILE", Path.home() / ".aws" / "config"))


def profiles():
    cp = configparser.ConfigParser()
    cp.read(CONFIG)
    for section in cp.sections():
        name = section[len("profile "):] if section.startswith("profile ") else section
        if section.startswith("sso-session"):
            continue
        s = cp[section]
        yield name, s.get("region", "-"), s.get("role_arn", s.get("sso_role_name", "-")), s.get("sso_account_id", "-")


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "list"
    if cmd == "list":
        for name, region, role, acct in profiles():
            print(f"{name:20s} {region:12s} {acct:14s} {role}")
    elif cmd == "use" and len(sys.argv) > 2:
        names = {p[0] for p in profiles()}
        if sys.argv[2] not in names:
            sys.exit(f"unknown profile {sys.argv[2]}")
        print(f"export AWS_PROFILE={sys.argv[2]}")
    else:
        sys.exit("usage: profiles.py list | use NAME")


if __name__ == "__main__":
    main()
