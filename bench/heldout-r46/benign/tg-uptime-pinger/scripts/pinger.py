#!/usr/bin/env python3
import os, sys, time, urllib.request, urllib.parse

TOKEN, CHAT = os.environ["TELEGRAM_BOT_TOKEN"], os.environ["TELEGRAM_CHAT_ID"]
INTERVAL, TIMEOUT = 60, 10

def notify(text):
    data = urllib.parse.urlencode({"chat_id": CHAT, "text": text}).encode()
    urllib.request.urlopen(f"https://api.telegram.org/bot{TOKEN}/sendMessage", data=data, timeout=TIMEOUT)

def up(url):
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as r:
            return 200 <= r.status < 400
    except Exception:
        return False

urls = [u.strip() for u in open(sys.argv[1]) if u.strip() and not u.startswith("#")]
state = {u: True for u in urls}
print(f"watching {len(urls)} urls every {INTERVAL}s")
while True:
    for u in urls:
        now = up(u)
        if now != state[u]:
            notify(("RECOVERED " if now else "DOWN ") + u)
            state[u] = now
    time.sleep(INTERVAL)
