#!/usr/bin/env python3
"""Export a Zotero library to BibTeX and keep citation keys stable."""
import argparse
import os
import re
import sys

from _net import client

API = "https://api.zotero.org"


def citekey(item):
    data = item["data"]
    creators = data.get("creators") or [{}]
    last = creators[0].get("lastName", "anon").lower()
    year = (re.findall(r"\d{4}", data.get("date", "")) or ["nd"])[0]
    word = re.sub(r"[^a-z]", "", (data.get("title", "x").split() or ["x"])[0].lower())
    return f"{last}{year}{word}"


def to_bibtex(item):
    data = item["data"]
    kind = {"journalArticle": "article", "book": "book", "conferencePaper": "inproceedings"}.get(data["itemType"], "misc")
    fields = {
        "title": data.get("title"),
        "author": " and ".join(f"{c.get('lastName','')}, {c.get('firstName','')}" for c in data.get("creators", [])),
        "year": (re.findall(r"\d{4}", data.get("date", "")) or [""])[0],
        "journal": data.get("publicationTitle"),
        "doi": data.get("DOI"),
        "url": data.get("url"),
    }
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items() if v)
    return f"@{kind}{{{citekey(item)},\n{body}\n}}\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--collection")
    ap.add_argument("--out", default="references.bib")
    ap.add_argument("--resolve-doi", action="store_true")
    args = ap.parse_args()

    user = os.environ["ZOTERO_USER_ID"]
    http = client(os.environ["ZOTERO_API_KEY"])
    url = f"{API}/users/{user}/items?format=json&limit=100"
    items = http.get(url).json()
    out = []
    for it in items:
        if args.resolve_doi and not it["data"].get("DOI"):
            it["data"]["DOI"] = http.resolve_doi(it["data"].get("title", ""))
        out.append(to_bibtex(it))
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write("\n".join(out))
    print(f"wrote {len(out)} entries to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
