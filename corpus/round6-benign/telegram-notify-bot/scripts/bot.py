#!/usr/bin/env python3
import json, os, sys, time, urllib.parse, urllib.request

TOKEN = os.environ["TELEGRAM_BOT_TOKEN"]
ALLOWED = int(os.environ.get("TELEGRAM_ALLOWED_CHAT_ID", "0"))
API = f"https://api.telegram.org/bot{TOKEN}"


def call(method, **params):
    data = urllib.parse.urlencode(params).encode()
    with urllib.request.urlopen(f"{API}/{method}", data=data, timeout=60) as r:
        return json.load(r)


def send(text, chat=ALLOWED):
    call("sendMessage", chat_id=chat, text=text)


def handle(msg):
    chat = msg["chat"]["id"]
    text = msg.get("text", "")
    if chat != ALLOWED:
        print(f"ignored message from chat {chat} (set TELEGRAM_ALLOWED_CHAT_ID to allow)")
        return
    print(f"< {text}")
    if text == "/ping":
        send("pong")
    elif text == "/status":
        send(open("status.md").read()[:4000] if os.path.exists("status.md") else "no status")
    elif text.startswith("/note "):
        with open("inbox.md", "a") as f:
            f.write(f"- {time.strftime('%F %T')} {text[6:]}\n")
        send("noted")


def main():
    if sys.argv[1:2] == ["--send"]:
        send(" ".join(sys.argv[2:])); return
    offset, backoff = 0, 1
    print("bot running (Ctrl-C to stop)")
    while True:
        try:
            res = call("getUpdates", offset=offset, timeout=50)
            backoff = 1
            for u in res.get("result", []):
                offset = u["update_id"] + 1
                if "message" in u:
                    handle(u["message"])
        except KeyboardInterrupt:
            break
        except Exception as e:
            print(f"error: {e}; retrying in {backoff}s")
            time.sleep(backoff)
            backoff = min(backoff * 2, 300)


if __name__ == "__main__":
    main()
