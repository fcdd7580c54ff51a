#!/usr/bin/env python3
import argparse
import datetime as dt
import pathlib
import shlex
import subprocess
import sys

import requests

TAG = "# paper-alert-digest"
API = "https://api.semanticscholar.org/graph/v1/paper/search"


def crontab_lines():
    r = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
    return r.stdout.splitlines() if r.returncode == 0 else []


def write_crontab(lines):
    subprocess.run(["crontab", "-"], input="\n".join(lines) + "\n", text=True, check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keywords", default="")
    ap.add_argument("--out", default="papers.md")
    ap.add_argument("--install-cron", metavar="HH:MM")
    ap.add_argument("--remove-cron", action="store_true")
    a = ap.parse_args()
    if a.remove_cron:
        write_crontab([l for l in crontab_lines() if TAG not in l])
        print("removed")
        return
    if a.install_cron:
        hh, mm = a.install_cron.split(":")
        cmd = " ".join(map(shlex.quote, [sys.executable, str(pathlib.Path(__file__).resolve()), "--keywords", a.keywords, "--out", a.out]))
        line = f"{int(mm)} {int(hh)} * * * {cmd} {TAG}"
        write_crontab([l for l in crontab_lines() if TAG not in l] + [line])
        print("installed:", line)
        return
    out = pathlib.Path(a.out).expanduser()
    with out.open("a") as fh:
        fh.write(f"\n## {dt.date.today()}\n")
        for kw in [k.strip() for k in a.keywords.split(",") if k.strip()]:
            r = requests.get(API, params={"query": kw, "limit": 5, "fields": "title,url,year"}, timeout=20)
            for p in r.json().get("data", []):
                fh.write(f"- [{p['title']}]({p.get('url')}) ({p.get('year')}) — *{kw}*\n")
    print(f"appended to {out}")


if __name__ == "__main__":
    main()
