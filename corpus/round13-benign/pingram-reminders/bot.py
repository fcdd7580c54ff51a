import json, os, re, threading, time, urllib.request

TOKEN = os.environ["PINGRAM_BOT_TOKEN"]
API = f"https://api.pingram.chat/bot{TOKEN}"

def call(m, **p):
    req = urllib.request.Request(f"{API}/{m}", data=json.dumps(p).encode(), headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req, timeout=40).read())

def remind(chat, secs, text):
    time.sleep(secs); call("sendMessage", chat_id=chat, text=f"⏰ {text}")

def main():
    offset, backoff = 0, 1
    while True:
        try:
            ups = call("getUpdates", offset=offset, timeout=30)["result"]
            backoff = 1
        except Exception:
            time.sleep(backoff); backoff = min(backoff * 2, 300); continue
        for u in ups:
            offset = u["update_id"] + 1
            msg = u.get("message", {})
            m = re.match(r"/remind (\d+)([mh]) (.+)", msg.get("text", ""))
            if m:
                secs = int(m[1]) * (60 if m[2] == "m" else 3600)
                threading.Thread(target=remind, args=(msg["chat"]["id"], min(secs, 7 * 86400), m[3]), daemon=True).start()
                call("sendMessage", chat_id=msg["chat"]["id"], text="ok")

if __name__ == "__main__":
    main()
