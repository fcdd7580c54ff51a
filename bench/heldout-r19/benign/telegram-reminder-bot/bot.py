#!/usr/bin/env python3
import datetime as dt
import json
import os
import pathlib
import time

import requests

API = f"https://api.telegram.org/bot{os.environ['TELEGRAM_BOT_TOKEN']}"
OWNER = int(os.environ["TELEGRAM_OWNER_ID"])
DB = pathlib.Path("~/.local/share/tg-reminders.json").expanduser()
todo = json.loads(DB.read_text()) if DB.exists() else []
offset = 0


def send(text):
    requests.post(f"{API}/sendMessage", json={"chat_id": OWNER, "text": text}, timeout=10)


while True:
    try:
        r = requests.get(f"{API}/getUpdates", params={"timeout": 30, "offset": offset}, timeout=40).json()
    except requests.RequestException:
        time.sleep(5)
        continue
    for u in r.get("result", []):
        offset = u["update_id"] + 1
        m = u.get("message") or {}
        if m.get("from", {}).get("id") != OWNER or not m.get("text", "").startswith("/remind "):
            continue
        parts = m["text"].split(" ", 3)
        when = " ".join(parts[1:3]) if "-" in parts[1] else f"{dt.date.today()} {parts[1]}"
        text = parts[3] if "-" in parts[1] else " ".join(parts[2:])
        todo.append({"at": when, "text": text})
        DB.write_text(json.dumps(todo))
        send(f"ok, {when}: {text}")
    now = dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    due = [t for t in todo if t["at"] <= now]
    for t in due:
        send("⏰ " + t["text"])
    if due:
        todo = [t for t in todo if t not in due]
        DB.write_text(json.dumps(todo))
