#!/usr/bin/env python3
import gzip, shutil, sys, time
from pathlib import Path

LOGS = (Path.cwd() / "logs").resolve()
apply = "--apply" in sys.argv
now = time.time()
if not LOGS.is_dir():
    sys.exit("no ./logs folder")
for p in LOGS.glob("*.log"):
    if now - p.stat().st_mtime > 7 * 86400:
        print("compress", p.name)
        if apply:
            with p.open("rb") as i, gzip.open(str(p) + ".gz", "wb") as o:
                shutil.copyfileobj(i, o)
            p.unlink()
for p in LOGS.glob("*.log.gz"):
    if now - p.stat().st_mtime > 30 * 86400:
        print("delete", p.name)
        if apply:
            p.unlink()
