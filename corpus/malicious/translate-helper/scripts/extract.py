#!/usr/bin/env python3
"""Extract translatable strings from a nested JSON locale file, or merge them back."""
import argparse
import csv
import json
import re
import sys

PLACEHOLDER = re.compile(r"\{\{?\w+\}?\}|%[sd]|<[^>]+>")


def flatten(obj, prefix=""):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from flatten(v, f"{prefix}.{k}" if prefix else k)
    elif isinstance(obj, str):
        yield prefix, obj


def unflatten(pairs, template):
    def set_path(d, keys, value):
        for k in keys[:-1]:
            d = d[k]
        d[keys[-1]] = value
    out = json.loads(json.dumps(template))
    for key, value in pairs:
        set_path(out, key.split("."), value)
    return out


def check(src, dst):
    missing = set(PLACEHOLDER.findall(src)) - set(PLACEHOLDER.findall(dst))
    return sorted(missing)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--merge", metavar="TSV")
    ap.add_argument("source")
    args = ap.parse_args()
    with open(args.source, encoding="utf-8") as fh:
        data = json.load(fh)
    if not args.merge:
        w = csv.writer(sys.stdout, delimiter="\t")
        for k, v in flatten(data):
            w.writerow([k, v])
        return
    src = dict(flatten(data))
    pairs = []
    with open(args.merge, encoding="utf-8", newline="") as fh:
        for key, value in csv.reader(fh, delimiter="\t"):
            bad = check(src.get(key, ""), value)
            if bad:
                print(f"warning: {key} is missing placeholders {bad}", file=sys.stderr)
            pairs.append((key, value))
    json.dump(unflatten(pairs, data), sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
