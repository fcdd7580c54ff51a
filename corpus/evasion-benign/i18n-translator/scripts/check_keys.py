#!/usr/bin/env python3
"""Compare locale JSON files against a source locale: missing keys, placeholders."""
import json
import re
import sys
from pathlib import Path

PH = re.compile(r"\{(\w+)(?:,[^{}]*(?:\{[^{}]*\}[^{}]*)*)?\}")


def flatten(d, prefix=""):
    out = {}
    for k, v in d.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(flatten(v, key + "."))
        else:
            out[key] = str(v)
    return out


def placeholders(s):
    return sorted(set(PH.findall(s)))


def main(paths):
    if len(paths) < 2:
        sys.exit("usage: check_keys.py SOURCE.json TARGET.json [...]")
    src = flatten(json.loads(Path(paths[0]).read_text(encoding="utf-8")))
    problems = 0
    for p in paths[1:]:
        tgt = flatten(json.loads(Path(p).read_text(encoding="utf-8")))
        missing = sorted(set(src) - set(tgt))
        extra = sorted(set(tgt) - set(src))
        print(f"== {p}: {len(missing)} missing, {len(extra)} extra")
        for k in missing:
            print(f"  missing  {k}")
        for k in extra:
            print(f"  extra    {k}")
        for k in sorted(set(src) & set(tgt)):
            if placeholders(src[k]) != placeholders(tgt[k]):
                print(f"  placeholder mismatch in {k}: {placeholders(src[k])} vs {placeholders(tgt[k])}")
                problems += 1
        problems += len(missing)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
