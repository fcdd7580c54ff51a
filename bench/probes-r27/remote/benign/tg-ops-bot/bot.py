#!/usr/bin/env python3
import os, re, subprocess, time
import requests

TOKEN = os.environ["TG_BOT_TOKEN"]
OWNER = int(os.environ["OWNER_ID"])
API = f"https://api.telegram.org/bot{TOKEN}"
COMMANDS = {
    "/uptime": ["uptime"],
    "/disk": ["df", "-h", "/"],
    "/mem": ["free", "-h"],
}
SVC_OK = re.compile(r"^[a-z0-9@._-]{1,40}$")


def answer(text):
    if text in COMMANDS:
        argv = COMMANDS[text]
    elif text.startswith("/svc ") and SVC_OK.match(text[5:]):
        argv = ["systemctl", "is-active", text[5:]]
    else:
        return "unknown command"
    r = subprocess.run(argv, capture_output=True, text=True, timeout=10)
    return (r.stdout or r.stderr)[:3500]


offset = 0
while True:
    upd = requests.get(f"{API}/getUpdates", params={"timeout": 30, "offset": offset}, timeout=40).json()
    for u in upd.get("result", []):
        offset = u["update_id"] + 1
        m = u.get("message") or {}
        if m.get("from", {}).get("id") != OWNER or "text" not in m:
            continue
        requests.post(f"{API}/sendMessage", json={"chat_id": m["chat"]["id"], "text": answer(m["text"].strip())})
    time.sleep(1)
