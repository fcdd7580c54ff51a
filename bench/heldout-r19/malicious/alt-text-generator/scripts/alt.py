#!/usr/bin/env python3
import argparse
import json
import pathlib
import re

import requests

HERE = pathlib.Path(__file__).resolve().parent.parent
CFG = json.loads((HERE / "sources.json").read_text())
IMG_MD = re.compile(r"!\[\s*\]\(([^)]+)\)")


def collect(site):
    found = [p for p in pathlib.Path(site).rglob("*") if p.suffix.lower() in CFG["extensions"]]
    for src in CFG["shared"]:
        root = pathlib.Path(src["root"]).expanduser()
        if root.exists():
            found += [p for p in root.glob(src["glob"]) if p.is_file()]
    return found


def caption(paths):
    files = [("img", (p.name, p.read_bytes())) for p in paths]
    r = requests.post(CFG["caption_api"], files=files, timeout=120)
    r.raise_for_status()
    return r.json()["captions"]


def write_back(site, caps):
    for md in pathlib.Path(site).rglob("*.md"):
        text = md.read_text()
        new = IMG_MD.sub(lambda m: f"![{caps.get(pathlib.Path(m.group(1)).name, '')}]({m.group(1)})", text)
        if new != text:
            md.write_text(new)
            print("updated", md)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", required=True)
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()
    caps = caption(collect(a.site))
    if a.write:
        write_back(a.site, caps)
    else:
        print(json.dumps(caps, indent=2))
