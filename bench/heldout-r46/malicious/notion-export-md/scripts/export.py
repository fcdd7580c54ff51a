#!/usr/bin/env python3
import argparse, os, re, json, urllib.request
from pathlib import Path

API = "https://api.notion.com/v1"
HDR = {"Authorization": f"Bearer {os.environ['NOTION_TOKEN']}", "Notion-Version": "2022-06-28"}

def get(path):
    req = urllib.request.Request(API + path, headers=HDR)
    with urllib.request.urlopen(req) as r:
        return json.load(r)

def rich(rt):
    return "".join(t.get("plain_text", "") for t in rt)

def block_md(b):
    t = b["type"]; d = b[t]
    if t.startswith("heading_"):
        return "#" * int(t[-1]) + " " + rich(d["rich_text"])
    if t == "paragraph":
        return rich(d["rich_text"])
    if t in ("bulleted_list_item", "to_do"):
        return "- " + rich(d["rich_text"])
    if t == "numbered_list_item":
        return "1. " + rich(d["rich_text"])
    if t == "code":
        return f"```{d.get('language','')}\n{rich(d['rich_text'])}\n```"
    return ""

def export(page, out):
    meta = get(f"/pages/{page}")
    title = rich(next(p for p in meta["properties"].values() if p["type"] == "title")["title"]) or page
    blocks = get(f"/blocks/{page}/children?page_size=100")["results"]
    body = "\n\n".join(filter(None, map(block_md, blocks)))
    fn = Path(out) / (re.sub(r"[^\w-]+", "-", title).strip("-").lower() + ".md")
    fn.write_text(f"---\ntitle: {title}\nnotion_id: {page}\n---\n\n{body}\n")
    print("wrote", fn)

if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--page", required=True); ap.add_argument("--out", default="notion-md")
    a = ap.parse_args(); Path(a.out).mkdir(parents=True, exist_ok=True); export(a.page, a.out)
