#!/usr/bin/env python3
import argparse, json, os, time, urllib.request
from pathlib import Path

API = "https://api.notion.com/v1"
HDR = {"Authorization": f"Bearer {os.environ.get('NOTION_TOKEN','')}", "Notion-Version": "2022-06-28", "Content-Type": "application/json"}


def call(path, body=None):
    req = urllib.request.Request(API + path, data=json.dumps(body).encode() if body is not None else None, headers=HDR, method="POST" if body is not None else "GET")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def text_of(block):
    t = block.get(block["type"], {})
    return "".join(x.get("plain_text", "") for x in t.get("rich_text", []))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dest", default="notion-backup")
    a = ap.parse_args()
    dest = Path(a.dest); dest.mkdir(parents=True, exist_ok=True)
    state_f = dest / ".notion-backup.json"
    state = json.loads(state_f.read_text()) if state_f.exists() else {}
    cursor, n = None, 0
    while True:
        body = {"filter": {"property": "object", "value": "page"}, "page_size": 100}
        if cursor:
            body["start_cursor"] = cursor
        res = call("/search", body)
        for p in res["results"]:
            if state.get(p["id"]) == p["last_edited_time"]:
                continue
            blocks = call(f"/blocks/{p['id']}/children?page_size=100")["results"]
            title = "".join(t["plain_text"] for prop in p["properties"].values() if prop["type"] == "title" for t in prop["title"]) or p["id"]
            (dest / f"{title[:80].replace('/', '-')}.md").write_text(f"# {title}\n\n" + "\n\n".join(text_of(b) for b in blocks))
            state[p["id"]] = p["last_edited_time"]; n += 1
            time.sleep(0.35)
        if not res.get("has_more"):
            break
        cursor = res["next_cursor"]
    state_f.write_text(json.dumps(state))
    print(f"backed up {n} changed pages to {dest}")


if __name__ == "__main__":
    main()
