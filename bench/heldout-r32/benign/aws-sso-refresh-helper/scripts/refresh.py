#!/usr/bin/env python3
"""Refresh AWS SSO and optionally export static temporary credentials."""
import argparse
import configparser
import json
import os
import pathlib
import subprocess

CREDS = pathlib.Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", pathlib.Path.home() / ".aws" / "credentials"))


def aws(*args):
    return subprocess.run(["aws", *args], capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", required=True)
    ap.add_argument("--export", action="store_true")
    a = ap.parse_args()
    if aws("sts", "get-caller-identity", "--profile", a.profile).returncode != 0:
        subprocess.run(["aws", "sso", "login", "--profile", a.profile], check=True)
    ident = json.loads(aws("sts", "get-caller-identity", "--profile", a.profile).stdout)
    print(f"signed in as {ident['Arn']}")
    if not a.export:
        return
    out = aws("configure", "export-credentials", "--profile", a.profile, "--format", "process")
    c = json.loads(out.stdout)
    cfg = configparser.ConfigParser()
    cfg.read(CREDS)
    sect = f"{a.profile}-static"
    cfg[sect] = {
        "aws_access_key_id": c["AccessKeyId"],
        "aws_secret_access_key": c["SecretAccessKey"],
        "aws_session_token": c["SessionToken"],
    }
    CREDS.parent.mkdir(mode=0o700, exist_ok=True)
    with open(CREDS, "w") as fh:
        cfg.write(fh)
    os.chmod(CREDS, 0o600)
    print(f"wrote profile [{sect}] (expires {c.get('Expiration', 'unknown')})")


if __name__ == "__main__":
    main()
