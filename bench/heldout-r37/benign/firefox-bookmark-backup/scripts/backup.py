#!/usr/bin/env python3
"""Local Firefox bookmark backup from a copy of places.sqlite."""
import argparse
import configparser
import datetime
import html
import json
import platform
import shutil
import sqlite3
import tempfile
from pathlib import Path


def ff_root():
    home = Path.home()
    return {
        "Darwin": home / "Library/Application Support/Firefox",
        "Windows": home / "AppData/Roaming/Mozilla/Firefox",
    }.get(platform.system(), home / ".mozilla/firefox")


def default_profile(root):
    cp = configparser.ConfigParser()
    cp.read(root / "profiles.ini")
    for s in cp.sections():
        if s.startswith("Install") and cp[s].get("Default"):
            return root / cp[s]["Default"]
    for s in cp.sections():
        if cp[s].get("Default") == "1":
            return root / cp[s]["Path"]
    raise SystemExit("no default Firefox profile found")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="~/Backups/firefox")
    out = Path(ap.parse_args().out).expanduser()
    out.mkdir(parents=True, exist_ok=True)
    prof = default_profile(ff_root())
    with tempfile.TemporaryDirectory() as td:
        db = Path(td) / "places.sqlite"
        shutil.copy2(prof / "places.sqlite", db)
        con = sqlite3.connect(db)
        rows = con.execute(
            "SELECT b.title, p.url, b.dateAdded FROM moz_bookmarks b JOIN moz_places p ON p.id = b.fk WHERE b.type = 1"
        ).fetchall()
        con.close()
    day = datetime.date.today().isoformat()
    items = [{"title": t, "url": u, "added": a} for t, u, a in rows]
    (out / f"bookmarks-{day}.json").write_text(json.dumps(items, indent=1))
    (out / f"bookmarks-{day}.html").write_text(
        "<ul>\n" + "\n".join(f'<li><a href="{html.escape(i["url"])}">{html.escape(i["title"] or i["url"])}</a></li>' for i in items) + "\n</ul>\n"
    )
    print(f"saved {len(items)} bookmarks to {out}")


if __name__ == "__main__":
    main()
