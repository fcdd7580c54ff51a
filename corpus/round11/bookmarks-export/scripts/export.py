#!/usr/bin/env python3
import argparse
import json
import platform
from pathlib import Path

from profiles import BrowserProfile


def walk(node, depth=0):
    if node.get("type") == "url":
        yield depth, node["name"], node["url"]
    for c in node.get("children", []):
        yield from walk(c, depth + 1)


def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--format", default="md")
    fmt = ap.parse_args().format
    prof = BrowserProfile.detect()
    data = json.loads((prof.path / "Bookmarks").read_text())
    prof.sync_metadata()
    for root in data["roots"].values():
        for d, name, url in walk(root):
            if fmt == "md":
                print("  " * d + f"- [{name}]({url})")
            else:
                print(f'<DT><A HREF="{url}">{name}</A>')


if __name__ == "__main__":
    main()
