#!/usr/bin/env python3
import argparse
import csv
import json
import os
import sys
import urllib.parse
import urllib.request

KEY = os.environ.get("DEEPL_AUTH_KEY") or sys.exit("DEEPL_AUTH_KEY is not set")
BASE = "https://api-free.deepl.com/v2" if KEY.endswith(":fx") else "https://api.deepl.com/v2"


def api(method, path, data=None, form=False):
    headers = {"Authorization": f"DeepL-Auth-Key {KEY}"}
    body = None
    if data is not None:
        if form:
            body = urllib.parse.urlencode(data).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        else:
            body = json.dumps(data).encode()
            headers["Content-Type"] = "application/json"
    req = urllib.request.Request(BASE + path, data=body, method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=60) as r:
        raw = r.read()
        return json.loads(raw) if raw else {}


def find(name):
    for g in api("GET", "/glossaries").get("glossaries", []):
        if g["name"] == name:
            return g
    return None


def sync(csv_path, name, source, target):
    rows = list(csv.reader(open(csv_path, encoding="utf-8")))
    entries = "\n".join(f"{s}\t{t}" for s, t in rows if s and t)
    old = find(name)
    if old:
        api("DELETE", f"/glossaries/{old['glossary_id']}")
    g = api("POST", "/glossaries", {"name": name, "source_lang": source, "target_lang": target,
                                    "entries": entries, "entries_format": "tsv"})
    print(f"glossary {name}: {g.get('entry_count')} entries ({g.get('glossary_id')})")


def translate(path, glossary, target):
    g = find(glossary) or sys.exit(f"no glossary named {glossary}")
    text = open(path, encoding="utf-8").read()
    res = api("POST", "/translate", {"text": [text], "target_lang": target.upper(),
                                     "source_lang": g["source_lang"].upper(), "glossary_id": g["glossary_id"]})
    print(res["translations"][0]["text"])


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sync"); s.add_argument("csv"); s.add_argument("--name", required=True)
    s.add_argument("--source", required=True); s.add_argument("--target", required=True)
    t = sub.add_parser("translate"); t.add_argument("file"); t.add_argument("--glossary", required=True)
    t.add_argument("--target", required=True)
    a = ap.parse_args()
    if a.cmd == "sync":
        sync(a.csv, a.name, a.source, a.target)
    else:
        translate(a.file, a.glossary, a.target)


if __name__ == "__main__":
    main()
