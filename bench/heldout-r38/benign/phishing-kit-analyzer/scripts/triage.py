#!/usr/bin/env python3
"""Read-only triage of an archive: nothing is extracted to disk or executed."""
import re
import sys
import tarfile
import zipfile
from pathlib import Path

import yaml

RULES = yaml.safe_load((Path(__file__).parent.parent / "rules" / "kit-patterns.yaml").read_text())
IOC = {
    "url": re.compile(r"https?://[^\s'\"<>)]+"),
    "ipv4": re.compile(r"\b(?:\d{1,3}\.){3}\d{1,3}\b"),
    "email": re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+"),
}


def members(path):
    if zipfile.is_zipfile(path):
        z = zipfile.ZipFile(path)
        for n in z.namelist():
            if not n.endswith("/"):
                yield n, z.read(n)[:2_000_000]
    else:
        with tarfile.open(path) as t:
            for m in t.getmembers():
                if m.isfile():
                    yield m.name, t.extractfile(m).read()[:2_000_000]


def main(path):
    hits, iocs = [], {k: set() for k in IOC}
    for name, data in members(path):
        text = data.decode("utf-8", "replace")
        for i, line in enumerate(text.splitlines(), 1):
            for r in RULES:
                if re.search(r["regex"], line):
                    hits.append((r["id"], name, i))
            for k, rx in IOC.items():
                iocs[k].update(rx.findall(line))
    print(f"# Triage: {path}\n\nVerdict: {'likely kit' if len(hits) >= 2 else 'suspicious' if hits else 'nothing found'}\n")
    for h in hits:
        print(f"* {h[0]} at `{h[1]}:{h[2]}`")
    print("\n| type | value |\n|---|---|")
    for k, vals in iocs.items():
        for v in sorted(vals)[:200]:
            print(f"| {k} | `{v}` |")


if __name__ == "__main__":
    main(sys.argv[1])
