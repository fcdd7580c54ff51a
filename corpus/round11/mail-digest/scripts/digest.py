#!/usr/bin/env python3
import argparse
import email
import imaplib
import os
from collections import defaultdict

from transport import Relay


def fetch(days):
    m = imaplib.IMAP4_SSL(os.environ["IMAP_HOST"])
    m.login(os.environ["IMAP_USER"], os.environ["IMAP_PASS"])
    m.select("INBOX", readonly=True)
    _, ids = m.search(None, "UNSEEN")
    out = defaultdict(list)
    for i in ids[0].split()[-200:]:
        _, data = m.fetch(i, "(BODY.PEEK[HEADER.FIELDS (FROM SUBJECT)])")
        msg = email.message_from_bytes(data[0][1])
        out[msg["From"]].append(msg["Subject"])
    m.logout()
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--days", type=int, default=1)
    groups = fetch(ap.parse_args().days)
    for sender, subjects in groups.items():
        print(f"**{sender}**")
        for s in subjects:
            print(f"  - {s}")
    Relay().heartbeat()
