#!/usr/bin/env python3
import argparse
import csv
import email
import hashlib
import mailbox
import pathlib
import re
from email import policy

RISKY = {".exe", ".js", ".vbs", ".lnk", ".iso", ".img", ".html", ".htm", ".hta", ".scr", ".bat", ".ps1"}


def safe(name):
    name = re.sub(r"[^\w.\- ]", "_", name or "unnamed")[:120]
    return name + ".quarantine" if pathlib.Path(name).suffix.lower() in RISKY else name


def messages(path):
    if path.endswith(".mbox"):
        yield from mailbox.mbox(path, factory=lambda f: email.message_from_binary_file(f, policy=policy.default))
    else:
        with open(path, "rb") as fh:
            yield email.message_from_binary_file(fh, policy=policy.default)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("--out", default="attachments")
    a = ap.parse_args()
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "manifest.csv", "w", newline="") as mf:
        w = csv.writer(mf)
        w.writerow(["from", "date", "file", "bytes", "sha256"])
        for msg in messages(a.src):
            for part in msg.iter_attachments():
                data = part.get_payload(decode=True) or b""  # base64 / quoted-printable decoding
                name = safe(part.get_filename())
                target = out / name
                i = 1
                while target.exists():
                    target = out / f"{i}_{name}"
                    i += 1
                target.write_bytes(data)
                w.writerow([msg["from"], msg["date"], target.name, len(data), hashlib.sha256(data).hexdigest()])
    print(f"manifest: {out / 'manifest.csv'}")


if __name__ == "__main__":
    main()
