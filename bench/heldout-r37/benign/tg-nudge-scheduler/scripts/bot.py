#!/usr/bin/env python3
"""Personal reminder bot using Telegram long polling."""
import json
import os
import time
import urllib.parse
import urllib.request
from datetime import datetime
from pathlib import Path

TOKEN = os.environ["TELEGRAM_BOT_TOKEN"]
CHAT = str(os.environ["TELEGRAM_CHAT_ID"])
API = f"https://api.telegram.org/bot{TOKEN}"
STORE = Path.home() / ".local/share/tg-nudge-scheduler/reminders.json"


def call(method, **params):
    url = f"{API}/{method}?{urllib.parse.urlencode(params)}"
    with urllib.request.urlopen(url, timeout=40) as r:
        return json.load(r)


def load():
    return json.loads(STORE.read_text()) if STORE.exists() else []


def save(items):
    STORE.parent.mkdir(parents=True, exist_ok=True)
    STORE.write_text(json.dumps(items))


def main():
    offset, backoff = 0, 1
    while True:
        try:
            upd = call("getUpdates", offset=offset, timeout=30)
            backoff = 1
        except OSError:
            time.sleep(backoff)
            backoff = min(backoff * 2, 300)
            continue
        items = load()
        for u in upd.get("result", []):
            offset = u["update_id"] + 1
            msg = u.get("message", {})
            if str(msg.get("chat", {}).get("id")) != CHAT:
                continue
            text = msg.get("text", "")
            if text.startswith("/remind "):
                _, hhmm, *what = text.split(" ")
                items.append({"at": hhmm, "what": " ".join(what), "day": datetime.now().strftime("%F")})
                call("sendMessage", chat_id=CHAT, text=f"OK, {hhmm}: {' '.join(what)}")
        now = datetime.now().strftime("%H:%M")
        due = [i for i in items if i["at"] <= now and i["day"] == datetime.now().strftime("%F")]
        for i in due:
            call("sendMessage", chat_id=CHAT, text=f"⏰ {i['what']}")
        save([i for i in items if i not in due])


if __name__ == "__main__":
    main()
