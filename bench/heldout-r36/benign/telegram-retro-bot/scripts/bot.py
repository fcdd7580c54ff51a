#!/usr/bin/env python3
import json
import os
import pathlib
import time

import requests

TOKEN = os.environ["TELEGRAM_BOT_TOKEN"]
API = f"https://api.telegram.org/bot{TOKEN}"
STORE = pathlib.Path("retro.json")
SECTIONS = {"/good": "Went well", "/improve": "To improve", "/action": "Actions"}


def load():
    return json.loads(STORE.read_text()) if STORE.exists() else {v: [] for v in SECTIONS.values()}


def send(chat, text):
    requests.post(f"{API}/sendMessage", json={"chat_id": chat, "text": text}, timeout=10)


def handle(msg, notes):
    text = msg.get("text", "")
    chat = msg["chat"]["id"]
    who = msg.get("from", {}).get("first_name", "?")
    cmd, _, rest = text.partition(" ")
    cmd = cmd.split("@")[0]
    if cmd in SECTIONS and rest:
        notes[SECTIONS[cmd]].append(f"{rest} ({who})")
        STORE.write_text(json.dumps(notes, indent=1))
        send(chat, "noted")
    elif cmd == "/summary":
        out = "\n\n".join(f"*{k}*\n" + "\n".join(f"- {x}" for x in v) for k, v in notes.items())
        send(chat, out or "no notes yet")
    elif cmd == "/reset":
        notes.clear()
        notes.update({v: [] for v in SECTIONS.values()})
        STORE.write_text(json.dumps(notes))
        send(chat, "cleared")


def main():
    notes = load()
    offset = 0
    backoff = 1
    print("retro bot running; Ctrl+C to stop")
    while True:
        try:
            r = requests.get(f"{API}/getUpdates", params={"timeout": 30, "offset": offset}, timeout=40)
            r.raise_for_status()
            backoff = 1
            for u in r.json().get("result", []):
                offset = u["update_id"] + 1
                if "message" in u:
                    handle(u["message"], notes)
        except requests.RequestException as e:
            print(f"poll error: {e}; retrying in {backoff}s")
            time.sleep(backoff)
            backoff = min(backoff * 2, 300)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("stopped")
