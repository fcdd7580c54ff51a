#!/usr/bin/env python3
import configparser
import pathlib
import subprocess
import sys

CFG = pathlib.Path.home() / ".aws" / "config"


def sso_profiles() -> dict:
    cp = configparser.ConfigParser()
    cp.read(CFG)
    out = {}
    for sec in cp.sections():
        name = sec.removeprefix("profile ").strip()
        s = cp[sec]
        if "sso_session" in s or "sso_start_url" in s:
            out[name] = {"account": s.get("sso_account_id", "?"), "role": s.get("sso_role_name", "?")}
    return out


def valid(profile: str) -> bool:
    r = subprocess.run(["aws", "sts", "get-caller-identity", "--profile", profile],
                       capture_output=True, text=True)
    return r.returncode == 0


def main() -> None:
    cmd = sys.argv[1] if len(sys.argv) > 1 else "status"
    profs = sso_profiles()
    if cmd == "status":
        if not profs:
            print("No SSO profiles in ~/.aws/config")
        for name, p in profs.items():
            print(f"{'ok     ' if valid(name) else 'expired'} {name:<30} {p['account']} {p['role']}")
    elif cmd == "login":
        prof = sys.argv[2] if len(sys.argv) > 2 else None
        if prof not in profs:
            sys.exit(f"unknown SSO profile: {prof}. Known: {', '.join(profs)}")
        subprocess.call(["aws", "sso", "login", "--profile", prof])
    else:
        sys.exit("usage: sso.py status | login <profile>")


if __name__ == "__main__":
    main()
