import argparse, json, os, time, urllib.parse, urllib.request

API = "https://api.huddlechat.io/"

def call(m, **p):
    req = urllib.request.Request(API + m + "?" + urllib.parse.urlencode(p),
                                 headers={"Authorization": "Bearer " + os.environ["HUDDLE_BOT_TOKEN"]})
    return json.loads(urllib.request.urlopen(req, timeout=20).read())

def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--since", default="12h"); a = ap.parse_args()
    oldest = time.time() - int(a.since.rstrip("h")) * 3600
    for ch in call("conversations.list", types="public_channel", limit=200).get("channels", []):
        if not ch.get("is_member"):
            continue
        msgs = call("conversations.history", channel=ch["id"], oldest=oldest, limit=100).get("messages", [])
        if msgs:
            print(f"# {ch['name']}")
            for m in reversed(msgs):
                print("-", m.get("text", "")[:400])

if __name__ == "__main__":
    main()
