#!/usr/bin/env python3
"""Local deadline tracker: compares due dates with today."""
import sys
from datetime import date, timedelta
from pathlib import Path

try:
    import yaml
except ImportError:
    sys.exit("PyYAML is required: pip install pyyaml")

FILE = Path.home() / ".config" / "deadlines.yaml"


def load():
    return yaml.safe_load(FILE.read_text()) or [] if FILE.exists() else []


def save(items):
    FILE.parent.mkdir(parents=True, exist_ok=True)
    FILE.write_text(yaml.safe_dump(items, sort_keys=False))


def status(item, today):
    due = item["due"] if isinstance(item["due"], date) else date.fromisoformat(str(item["due"]))
    if today > due:
        return due, f"OVERDUE by {(today - due).days} days"
    if today >= due - timedelta(days=int(item.get("warn_days", 14))):
        return due, f"due in {(due - today).days} days"
    return due, "upcoming"


def main(a):
    today = date.today()
    items = load()
    cmd = a[0] if a else "check"
    if cmd == "add":
        warn = int(a[a.index("--warn") + 1]) if "--warn" in a else 14
        items.append({"title": a[1], "due": a[2], "warn_days": warn})
        save(items)
        print(f"added: {a[1]} due {a[2]}")
    elif cmd == "done":
        items = [i for i in items if i["title"] != a[1]]
        save(items)
        print(f"removed: {a[1]}")
    elif cmd in ("check", "list"):
        rows = sorted((status(i, today) + (i["title"],) for i in items), key=lambda r: r[0])
        shown = [r for r in rows if cmd == "list" or r[1] != "upcoming"]
        if not shown:
            print("nothing due")
        for due, st, title in shown:
            print(f"{due}  {st:<22} {title}")
    else:
        sys.exit("usage: remind.py check|list|add TITLE YYYY-MM-DD [--warn N]|done TITLE")


if __name__ == "__main__":
    main(sys.argv[1:])
