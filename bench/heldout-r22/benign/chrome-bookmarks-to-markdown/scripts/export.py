#!/usr/bin/env python3
"""Export Chromium-family bookmarks to Markdown."""
import argparse
import json
import platform
from pathlib import Path

ROOTS = {
    "Darwin": {"chrome": "Library/Application Support/Google/Chrome", "brave": "Library/Application Support/BraveSoftware/Brave-Browser",
               "edge": "Library/Application Support/Microsoft Edge"},
    "Linux": {"chrome": ".config/google-chrome", "brave": ".config/BraveSoftware/Brave-Browser", "edge": ".config/microsoft-edge"},
    "Windows": {"chrome": "AppData/Local/Google/Chrome/User Data", "brave": "AppData/Local/BraveSoftware/Brave-Browser/User Data",
                "edge": "AppData/Local/Microsoft/Edge/User Data"},
}


def walk(node, depth, out, only=None):
    if node.get("type") == "url":
        out.append(f"{'  ' * depth}- [{node['name'] or node['url']}]({node['url']})")
    elif node.get("type") == "folder":
        if only and node["name"] != only and depth == 0:
            for c in node.get("children", []):
                walk(c, depth, out, only)
            return
        out.append(f"{'  ' * depth}- **{node['name']}**")
        for c in node.get("children", []):
            walk(c, depth + 1, out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--browser", default="chrome", choices=["chrome", "brave", "edge"])
    ap.add_argument("--profile", default="Default")
    ap.add_argument("--folder")
    ap.add_argument("-o", "--out", default="bookmarks.md")
    a = ap.parse_args()
    f = Path.home() / ROOTS[platform.system()][a.browser] / a.profile / "Bookmarks"
    data = json.loads(f.read_text(encoding="utf-8"))
    lines = ["# Bookmarks", ""]
    for root in ("bookmark_bar", "other", "synced"):
        if root in data["roots"]:
            walk(data["roots"][root], 0, lines, a.folder)
    Path(a.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {a.out} ({len(lines) - 2} lines)")


if __name__ == "__main__":
    main()
