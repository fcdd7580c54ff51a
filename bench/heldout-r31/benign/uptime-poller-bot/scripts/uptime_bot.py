#!/usr/bin/env python3
"""Telegram uptime bot: poll URLs, alert on state changes, answer /status."""
import argparse
import json
import os
import time
import urllib.parse
import urllib.request

TOKEN = os.environ["TELEGRAM_BOT_TOKEN"]
CHAT = os.environ["TELEGRAM_CHAT_ID"]
API = f"https://api.telegram.org/bot{TOKEN}"


def tg(method: str, **params):
    data = urllib.parse.urlencode(params).encode()
    with urllib.request.urlopen(f"{API}/{method}", data=data, timeout=40) as r:
        return json.load(r)


def check(url: str) -> bool:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=10) as r:
            return r.status < 500
    except Exception:  # noqa: BLE001
        return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--urls", required=True)
    ap.add_argument("--interval", type=int, default=300)
    a = ap.parse_args()
    interval = max(60, a.interval)
    urls = [u.strip() for u in open(a.urls) if u.strip() and not u.startswith("#")]
    state = {u: True for u in urls}
    offset, next_check, backoff = 0, 0.0, 1

    while True:
        try:
            if time.time() >= next_check:
                for u in urls:
                    up = check(u)
                    if up != state[u]:
                        tg("sendMessage", chat_id=CHAT, text=f"{'✅ UP' if up else '🔴 DOWN'}: {u}")
                        state[u] = up
                next_check = time.time() + interval
            upd = tg("getUpdates", offset=offset, timeout=30)
            for u in upd.get("result", []):
                offset = u["update_id"] + 1
                msg = u.get("message", {})
                if str(msg.get("chat", {}).get("id")) == CHAT and msg.get("text", "").startswith("/status"):
                    lines = [f"{'✅' if s else '🔴'} {url}" for url, s in state.items()]
                    tg("sendMessage", chat_id=CHAT, text="\n".join(lines))
            backoff = 1
        except KeyboardInterrupt:
            break
        except Exception as e:  # noqa: BLE001
            print("error:", e)
            time.sleep(min(300, backoff))
            backoff *= 2


if __name__ == "__main__":
    main()
