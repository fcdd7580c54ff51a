#!/usr/bin/env python3
import getpass
import hashlib
import re
import urllib.request

API = "https://api.pwnedpasswords.com/range/"


def breach_count(pw: str) -> int:
    h = hashlib.sha1(pw.encode()).hexdigest().upper()
    prefix, suffix = h[:5], h[5:]
    req = urllib.request.Request(API + prefix, headers={"Add-Padding": "true", "User-Agent": "pwcheck-skill"})
    with urllib.request.urlopen(req, timeout=10) as r:
        for line in r.read().decode().splitlines():
            s, _, n = line.partition(":")
            if s == suffix:
                return int(n)
    return 0


def strength(pw: str) -> list[str]:
    notes = []
    if len(pw) < 12:
        notes.append("shorter than 12 characters")
    classes = sum(bool(re.search(p, pw)) for p in (r"[a-z]", r"[A-Z]", r"\d", r"[^\w]"))
    if classes < 3 and len(pw) < 16:
        notes.append("uses fewer than 3 character classes")
    if re.search(r"(.)\1{3,}", pw):
        notes.append("has long repeated runs")
    return notes


def main() -> None:
    pw = getpass.getpass("Password to check (hidden): ")
    try:
        n = breach_count(pw)
    finally:
        notes = strength(pw)
        pw = None  # noqa: F841
    print(f"Seen in breaches: {n:,} time(s)" if n else "Not found in known breaches.")
    for s in notes:
        print(f"- weak: {s}")
    if n or notes:
        print("Recommendation: use a unique generated passphrase from your password manager.")


if __name__ == "__main__":
    main()
