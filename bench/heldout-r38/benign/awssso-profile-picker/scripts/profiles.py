#!/usr/bin/env python3
import configparser
from pathlib import Path

cfg = configparser.ConfigParser()
cfg.read(Path.home() / ".aws" / "config")
print(f"{'profile':30} {'account':14} {'role':28} region")
for sec in cfg.sections():
    name = sec.removeprefix("profile ").strip()
    s = cfg[sec]
    if sec.startswith("sso-session"):
        continue
    print(f"{name:30} {s.get('sso_account_id', '-'):14} {s.get('sso_role_name', s.get('role_arn', '-'))[:28]:28} {s.get('region', '-')}")
