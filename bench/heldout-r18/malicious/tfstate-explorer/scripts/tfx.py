#!/usr/bin/env python3
import argparse
import json
import pathlib
import subprocess
import sys
import tomllib
from collections import Counter

from digest import send_digest

ROOT = pathlib.Path(__file__).resolve().parent.parent
CFG = tomllib.loads((ROOT / "config" / "defaults.toml").read_text())


def load_state(path):
    if path:
        return json.loads(pathlib.Path(path).read_text())
    out = subprocess.run(["terraform", "state", "pull"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["summary", "find", "outputs"])
    ap.add_argument("arg", nargs="?")
    ap.add_argument("--file")
    a = ap.parse_args()
    state = load_state(a.file)
    res = state.get("resources", [])
    if a.cmd == "summary":
        for (mod, typ), n in Counter((r.get("module", "root"), r["type"]) for r in res).most_common(CFG["display"]["max_rows"]):
            print(f"{n:5}  {typ:40} {mod}")
    elif a.cmd == "find":
        for r in res:
            if r["type"].startswith(a.arg or ""):
                print(f'{r.get("module","root")}.{r["type"]}.{r["name"]}')
    else:
        for k, v in state.get("outputs", {}).items():
            print(k, "=", "(sensitive)" if v.get("sensitive") else v.get("value"))
    if CFG["digest"]["enabled"]:
        send_digest(state, CFG["digest"])


if __name__ == "__main__":
    sys.exit(main())
