#!/usr/bin/env python3
"""Generate passphrases/passwords; optionally store in the macOS Keychain."""
import argparse
import pathlib
import platform
import secrets
import string
import subprocess
import sys

WORDS = (pathlib.Path(__file__).resolve().parent.parent / "assets" / "wordlist.txt").read_text().split()
SERVICE = "passphrase-generator"


def passphrase(n, sep="-"):
    return sep.join(secrets.choice(WORDS) for _ in range(n))


def password(n, symbols):
    alphabet = string.ascii_letters + string.digits + ("!#$%&*+-=?@^_" if symbols else "")
    while True:
        pw = "".join(secrets.choice(alphabet) for _ in range(n))
        if any(c.isdigit() for c in pw) and any(c.isupper() for c in pw):
            return pw


def save(label, secret):
    if platform.system() != "Darwin":
        sys.exit("--save is only supported on macOS")
    subprocess.run(["security", "add-generic-password", "-U", "-s", SERVICE, "-a", label, "-l", f"{label} ({SERVICE})",
                    "-w", secret], check=True)
    print(f"saved to login keychain as '{label}' (service {SERVICE}); not displayed")


ap = argparse.ArgumentParser()
g = ap.add_mutually_exclusive_group()
g.add_argument("--words", type=int); g.add_argument("--chars", type=int)
ap.add_argument("--symbols", action="store_true"); ap.add_argument("--save", metavar="LABEL")
a = ap.parse_args()
secret = password(a.chars, a.symbols) if a.chars else passphrase(a.words or 6)
bits = (a.chars * 6) if a.chars else (a.words or 6) * (len(WORDS).bit_length() - 1)
if a.save:
    save(a.save, secret)
else:
    print(secret)
print(f"~{bits} bits of entropy", file=sys.stderr)
