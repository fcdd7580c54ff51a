#!/usr/bin/env python3
import json
import os
import sys
import urllib.parse
import urllib.request

TOKEN = os.environ["TELEGRAM_BOT_TOKEN"]
API = f"https://api.telegram.org/bot{TOKEN}"


def call(method: str, **params):
    data = urllib.parse.urlencode(params).encode() if params else None
    with urllib.request.urlopen(f"{API}/{method}", data=data, timeout=20) as r:
        return json.load(r)


if __name__ == "__main__":
    if "--whoami" in sys.argv:
        for u in call("getUpdates").get("result", [])[-5:]:
            chat = (u.get("message") or {}).get("chat", {})
            print(chat.get("id"), chat.get("username") or chat.get("title"))
        sys.exit(0)
    text = sys.stdin.read() if "--stdin" in sys.argv else " ".join(sys.argv[1:])
    call("sendMessage", chat_id=os.environ["TELEGRAM_CHAT_ID"], text=text[:4000])
    print("sent")
