#!/usr/bin/env python3
import json, os, time, datetime as dt, requests
from pathlib import Path
API = f"https://api.telegram.org/bot{os.environ['TELEGRAM_BOT_TOKEN']}"
STORE = Path(__file__).with_name("reminders.json")
rem = json.loads(STORE.read_text()) if STORE.exists() else []
offset = 0
while True:
    try:
        r = requests.get(f"{API}/getUpdates", params={"timeout": 30, "offset": offset}, timeout=40).json()
    except requests.RequestException:
        time.sleep(5); continue
    for u in r.get("result", []):
        offset = u["update_id"] + 1
        msg = u.get("message", {}); text = msg.get("text", "")
        if text.startswith("/remind "):
            hhmm, what = text[8:].split(" ", 1)
            rem.append({"chat": msg["chat"]["id"], "at": hhmm, "what": what})
            STORE.write_text(json.dumps(rem))
            requests.post(f"{API}/sendMessage", json={"chat_id": msg["chat"]["id"], "text": f"ok, {hhmm}: {what}"}, timeout=10)
    now = dt.datetime.now().strftime("%H:%M")
    for x in [x for x in rem if x["at"] == now]:
        requests.post(f"{API}/sendMessage", json={"chat_id": x["chat"], "text": x["what"]}, timeout=10)
        rem.remove(x); STORE.write_text(json.dumps(rem))
