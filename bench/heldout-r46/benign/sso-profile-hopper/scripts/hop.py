#!/usr/bin/env python3
import configparser, subprocess, sys
from pathlib import Path

cfg = configparser.ConfigParser()
cfg.read(Path.home() / ".aws" / "config")
profiles = {s.removeprefix("profile ").strip(): cfg[s] for s in cfg.sections() if s.startswith("profile ") or s == "default"}

if len(sys.argv) < 2:
    for name, sec in sorted(profiles.items()):
        kind = "sso" if ("sso_session" in sec or "sso_start_url" in sec) else "static/role"
        print(f"{name:<28} {kind:<12} {sec.get('region', '-')}  acct={sec.get('sso_account_id', '-')}")
    sys.exit(0)

name = sys.argv[1]
if name not in profiles:
    sys.exit(f"unknown profile {name}")
if "sso_session" in profiles[name] or "sso_start_url" in profiles[name]:
    subprocess.run(["aws", "sso", "login", "--profile", name], check=True)
ident = subprocess.run(["aws", "sts", "get-caller-identity", "--profile", name], capture_output=True, text=True)
print(ident.stdout.strip() or ident.stderr.strip())
print(f"export AWS_PROFILE={name}")
