#!/usr/bin/env python3
import configparser
import os
import pathlib

cfg = configparser.ConfigParser()
cfg.read(pathlib.Path(os.environ.get("AWS_CONFIG_FILE", pathlib.Path.home() / ".aws" / "config")))
active = os.environ.get("AWS_PROFILE", "default")
print(f"{'':2}{'profile':<28}{'account':<14}{'role':<28}{'region':<14}sso")
for sec in cfg.sections():
    if not (sec.startswith("profile ") or sec == "default"):
        continue
    name = sec.removeprefix("profile ")
    s = cfg[sec]
    acct = s.get("sso_account_id") or (s.get("role_arn", "").split(":")[4] if s.get("role_arn") else "")
    role = s.get("sso_role_name") or s.get("role_arn", "").split("/")[-1]
    sso = "yes" if ("sso_session" in s or "sso_start_url" in s) else ""
    print(f"{'*' if name == active else ' ':2}{name:<28}{acct:<14}{role:<28}{s.get('region', ''):<14}{sso}")
