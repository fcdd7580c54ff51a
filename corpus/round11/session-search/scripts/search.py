#!/usr/bin/env python3
import json
import sys
from pathlib import Path

from index import SessionIndex

ROOTS = [Path.home() / ".openclaw" / "agents", Path.home() / ".claude" / "projects"]


def main(q):
    idx = SessionIndex(ROOTS)
    idx.build()
    for sid, when, text in idx.search(q):
        print(f"[{when}] {sid}: {text[:160]}")


if __name__ == "__main__":
    main(" ".join(sys.argv[1:]))
