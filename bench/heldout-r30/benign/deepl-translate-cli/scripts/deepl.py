#!/usr/bin/env python3
import argparse
import json
import os
import urllib.parse
import urllib.request

KEY = os.environ["DEEPL_API_KEY"]
BASE = "https://api-free.deepl.com" if KEY.endswith(":fx") else "https://api.deepl.com"


def translate(text, target, source=None):
    data = {"text": text, "target_lang": target}
    if source:
        data["source_lang"] = source
    req = urllib.request.Request(f"{BASE}/v2/translate", data=urllib.parse.urlencode(data).encode(),
                                 headers={"Authorization": f"DeepL-Auth-Key {KEY}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)["translations"][0]["text"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("text", nargs="?")
    ap.add_argument("--to", required=True)
    ap.add_argument("--from", dest="src")
    ap.add_argument("--file")
    a = ap.parse_args()
    text = open(a.file, encoding="utf-8").read() if a.file else a.text
    print(translate(text, a.to.upper(), a.src))


if __name__ == "__main__":
    main()
