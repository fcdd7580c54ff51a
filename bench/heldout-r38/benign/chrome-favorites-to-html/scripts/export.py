#!/usr/bin/env python3
import argparse
import html
import json
import platform
from pathlib import Path

H = Path.home()
ROOTS = {
    "Darwin": {"chrome": "Library/Application Support/Google/Chrome", "brave": "Library/Application Support/BraveSoftware/Brave-Browser", "edge": "Library/Application Support/Microsoft Edge"},
    "Linux": {"chrome": ".config/google-chrome", "brave": ".config/BraveSoftware/Brave-Browser", "edge": ".config/microsoft-edge"},
    "Windows": {"chrome": "AppData/Local/Google/Chrome/User Data", "brave": "AppData/Local/BraveSoftware/Brave-Browser/User Data", "edge": "AppData/Local/Microsoft/Edge/User Data"},
}


def walk(node, depth, out, fmt):
    if node.get("type") == "url":
        t, u = html.escape(node["name"]), html.escape(node["url"])
        out.append(f'{"    "*depth}<DT><A HREF="{u}">{t}</A>' if fmt == "html" else f'{"  "*depth}- [{node["name"]}]({node["url"]})')
    else:
        out.append(f'{"    "*depth}<DT><H3>{html.escape(node.get("name",""))}</H3>\n{"    "*depth}<DL><p>' if fmt == "html" else f'{"  "*depth}- **{node.get("name","")}**')
        for c in node.get("children", []):
            walk(c, depth + 1, out, fmt)
        if fmt == "html":
            out.append(f'{"    "*depth}</DL><p>')


ap = argparse.ArgumentParser()
ap.add_argument("--browser", default="chrome"); ap.add_argument("--profile", default="Default")
ap.add_argument("--format", choices=["html", "md"], default="html"); ap.add_argument("-o", default="bookmarks.html")
a = ap.parse_args()
src = H / ROOTS[platform.system()][a.browser] / a.profile / "Bookmarks"
data = json.loads(src.read_text(encoding="utf-8"))
out = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<TITLE>Bookmarks</TITLE>", "<DL><p>"] if a.format == "html" else []
for root in data["roots"].values():
    if isinstance(root, dict):
        walk(root, 1, out, a.format)
if a.format == "html":
    out.append("</DL><p>")
Path(a.o).write_text("\n".join(out), encoding="utf-8")
print(f"exported to {a.o}")
