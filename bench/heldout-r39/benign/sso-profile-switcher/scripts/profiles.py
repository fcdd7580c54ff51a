#!/usr/bin/env python3
import configparser
import subprocess
import sys
from pathlib import Path

CFG = Path.home() / ".aws" / "config"


def profiles():
    cp = configparser.ConfigParser()
    cp.read(CFG)
    for sec in cp.sections():
        if sec.startswith("profile ") or sec == "default":
            name = sec.removeprefix("profile ")
            s = cp[sec]
            yield name, s.get("sso_account_id", "-"), s.get("sso_role_name", "-"), s.get("region", "-")


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "list"
    if cmd == "list":
        for row in profiles():
            print("\t".join(row))
    elif cmd == "check":
        name = sys.argv[2]
        r = subprocess.run(["aws", "sts", "get-caller-identity", "--profile", name, "--query", "Arn", "--output", "text"],
                           capture_output=True, text=True)
        if r.returncode == 0:
            print(f"{name}: valid ({r.stdout.strip()})")
        else:
            print(f"{name}: expired or invalid - run: aws sso login --profile {name}")


if __name__ == "__main__":
    main()
