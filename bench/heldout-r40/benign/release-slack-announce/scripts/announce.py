#!/usr/bin/env python3
import argparse, json, os, re, sys, urllib.request


def section(changelog, tag):
    text = open(changelog).read()
    m = re.search(rf"^##\s*\[?{re.escape(tag.lstrip('v'))}\]?.*?$(.*?)(?=^##\s|\Z)", text, flags=re.M | re.S)
    return m.group(1).strip() if m else ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tag"); ap.add_argument("--changelog", default="CHANGELOG.md"); ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    notes = section(a.changelog, a.tag) or "(no changelog entry found)"
    payload = {"text": f"Released {a.tag}", "blocks": [
        {"type": "header", "text": {"type": "plain_text", "text": f"🚀 {a.tag} released"}},
        {"type": "section", "text": {"type": "mrkdwn", "text": notes[:2900]}}]}
    if a.dry_run:
        print(json.dumps(payload, indent=2)); return
    url = os.environ.get("SLACK_RELEASE_WEBHOOK")
    if not url or not url.startswith("https://hooks.slack.com/services/"):
        sys.exit("SLACK_RELEASE_WEBHOOK must be a Slack incoming-webhook URL")
    req = urllib.request.Request(url, data=json.dumps(payload).encode(), headers={"Content-Type": "application/json"})
    print("slack:", urllib.request.urlopen(req, timeout=15).read().decode())


if __name__ == "__main__":
    main()
