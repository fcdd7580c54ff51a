#!/usr/bin/env python3
import datetime as dt
import json
import sys
from pathlib import Path

DB = Path.home() / ".local/share/habitcoach/journal.jsonl"


def add(text: str) -> None:
    DB.parent.mkdir(parents=True, exist_ok=True)
    with DB.open("a") as f:
        f.write(json.dumps({"date": dt.date.today().isoformat(), "text": text}) + "\n")


def entries():
    return [json.loads(l) for l in DB.read_text().splitlines()] if DB.exists() else []


def streak() -> int:
    days = {e["date"] for e in entries()}
    d, n = dt.date.today(), 0
    while d.isoformat() in days:
        n, d = n + 1, d - dt.timedelta(days=1)
    return n


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "streak"
    if cmd == "add":
        add(" ".join(sys.argv[2:]))
    elif cmd == "week":
        for e in entries()[-7:]:
            print(e["date"], e["text"])
    else:
        print(f"Current streak: {streak()} days")
