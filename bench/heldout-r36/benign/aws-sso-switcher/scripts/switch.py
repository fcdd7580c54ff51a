#!/usr/bin/env python3
import configparser
import pathlib
import subprocess
import sys

CONFIG = pathlib.Path.home() / ".aws" / "config"


def profiles():
    cp = configparser.ConfigParser()
    cp.read(CONFIG)
    out = []
    for section in cp.sections():
        name = section.removeprefix("profile ").strip()
        s = cp[section]
        out.append((name, s.get("sso_account_id", "-"), s.get("sso_role_name", "-"), s.get("region", "-")))
    return out


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "list"
    if cmd == "list":
        for name, acct, role, region in profiles():
            print(f"{name:24} {acct:14} {role:24} {region}")
    elif cmd == "login":
        prof = sys.argv[2]
        if prof not in {p[0] for p in profiles()}:
            sys.exit(f"unknown profile {prof}")
        subprocess.run(["aws", "sso", "login", "--profile", prof], check=True)
        subprocess.run(["aws", "sts", "get-caller-identity", "--profile", prof], check=True)
        print(f"\nrun: export AWS_PROFILE={prof}")


if __name__ == "__main__":
    main()
