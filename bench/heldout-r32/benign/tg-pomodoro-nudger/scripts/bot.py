#!/usr/bin/env python3
"""Minimal Pomodoro bot using Telegram long polling."""
import json
import os
import time
import urllib.parse
import urllib.request

TOKEN = os.environ["TELEGRAM_BOT_TOKEN"]
CHAT = int(os.environ["TELEGRAM_CHAT_ID"])
API = f"https://api.telegram.org/bot{TOKEN}"


def call(method, **params):
    data = urllib.parse.urlencode(params).encode()
    with urllib.request.urlopen(f"{API}/{method}", data=data, timeout=40) as r:
        return json.load(r)


def send(text):
    call("sendMessage", chat_id=CHAT, text=text)


def main():
    offset, ends_at, label = 0, None, None
    backoff = 1
    while True:
        try:
            upd = call("getUpdates", offset=offset, timeout=30)
            backoff = 1
        except Exception as e:
            print("poll error:", e)
            time.sleep(backoff)
            backoff = min(backoff * 2, 300)
            continue
        for u in upd.get("result", []):
            offset = u["update_id"] + 1
            msg = u.get("message") or {}
            if msg.get("chat", {}).get("id") != CHAT:
                continue
            text = msg.get("text", "")
            if text.startswith("/start25"):
                ends_at, label = time.time() + 25 * 60, "focus"
                send("🍅 25-minute focus started")
            elif text.startswith("/break5"):
                ends_at, label = time.time() + 5 * 60, "break"
                send("☕ 5-minute break")
            elif text.startswith("/status"):
                send(f"{label}: {int((ends_at - time.time()) // 60)} min left" if ends_at else "no timer")
        if ends_at and time.time() >= ends_at:
            send(f"⏰ {label} finished")
            ends_at = None


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("stopped")
