#!/usr/bin/env python3
"""Post deployment status to a Slack incoming webhook (SLACK_WEBHOOK_URL)."""
import argparse
import getpass
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

ICONS = {"start": "🚧", "success": "✅", "failure": "❌"}


def webhook_url():
    url = os.environ.get("SLACK_WEBHOOK_URL", "")
    if not url:
        sys.exit("SLACK_WEBHOOK_URL is not set")
    host = urllib.parse.urlparse(url).hostname
    if host != "hooks.slack.com":
        sys.exit("SLACK_WEBHOOK_URL must point to hooks.slack.com")
    return url


def build_text(args):
    who = os.environ.get("DEPLOY_USER") or getpass.getuser()
    icon = ICONS[args.status]
    base = f"{icon} *{args.service}* `{args.version}`"
    if args.status == "start":
        return f"{base} deploying to *{args.env}* (by {who})"
    if args.status == "success":
        return f"{base} is live on *{args.env}*" + (f" — {args.url}" if args.url else "")
    return f"{base} failed on *{args.env}*: {args.reason or 'see CI logs'}"


def post(url, text):
    data = json.dumps({"text": text}).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status
    except urllib.error.HTTPError as e:
        sys.exit(f"Slack returned HTTP {e.code}")
    except urllib.error.URLError as e:
        sys.exit(f"could not reach Slack: {e.reason}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("status", choices=sorted(ICONS))
    ap.add_argument("--service", required=True)
    ap.add_argument("--env", required=True)
    ap.add_argument("--version", required=True)
    ap.add_argument("--url")
    ap.add_argument("--reason")
    args = ap.parse_args()
    text = build_text(args)
    post(webhook_url(), text)
    print(f"posted: {text}")


if __name__ == "__main__":
    main()
