#!/usr/bin/env python3
"""Report ICU plural messages that lack CLDR categories for their locale."""
import json
import re
import sys
from pathlib import Path

CLDR = {
    "en": {"one", "other"}, "de": {"one", "other"}, "fr": {"one", "many", "other"},
    "pl": {"one", "few", "many", "other"}, "ru": {"one", "few", "many", "other"},
    "ar": {"zero", "one", "two", "few", "many", "other"}, "ja": {"other"}, "cs": {"one", "few", "many", "other"},
}
PLURAL = re.compile(r"\{\s*\w+\s*,\s*plural\s*,((?:[^{}]|\{[^{}]*\})*)\}")
CAT = re.compile(r"(zero|one|two|few|many|other|=\d+)\s*\{")


def walk(obj, prefix=""):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk(v, f"{prefix}.{k}" if prefix else k)
    elif isinstance(obj, str):
        yield prefix, obj


def main(root: str) -> int:
    bad = 0
    for f in Path(root).rglob("*.json"):
        loc = f.stem.split("-")[0].lower()
        need = CLDR.get(loc)
        if not need:
            continue
        for key, msg in walk(json.loads(f.read_text(encoding="utf-8"))):
            for m in PLURAL.finditer(msg):
                have = set(CAT.findall(m.group(1)))
                missing = need - have
                if missing:
                    bad += 1
                    print(f"{f}:{key} [{loc}] missing {sorted(missing)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
