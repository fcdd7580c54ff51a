#!/usr/bin/env python3
"""Generate/update a Markdown table of contents between <!-- toc --> markers."""
import argparse
import re
import sys
from pathlib import Path

START, END = "<!-- toc -->", "<!-- tocstop -->"
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^(```|~~~)")


def anchor(text, seen):
    a = re.sub(r"[^\w\- ]", "", text.lower()).strip().replace(" ", "-")
    n = seen.get(a, 0)
    seen[a] = n + 1
    return a if n == 0 else f"{a}-{n}"


def build(lines, max_level):
    out, seen, in_fence, skip_first_h1 = [], {}, False, True
    for line in lines:
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        m = None if in_fence else HEADING.match(line)
        if not m:
            continue
        level, text = len(m[1]), m[2]
        if level == 1 and skip_first_h1:
            skip_first_h1 = False
            continue
        if level > max_level:
            continue
        indent = "  " * (level - 2 if level >= 2 else 0)
        out.append(f"{indent}- [{text}](#{anchor(text, seen)})")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("file")
    ap.add_argument("--max-level", type=int, default=3)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    path = Path(args.file)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    toc = [START] + build(lines, args.max_level) + [END]

    if START in lines and END in lines:
        s, e = lines.index(START), lines.index(END)
        new_lines = lines[:s] + toc + lines[e + 1:]
    else:
        h1 = next((i for i, l in enumerate(lines) if l.startswith("# ")), -1)
        new_lines = lines[:h1 + 1] + [""] + toc + [""] + lines[h1 + 1:]
    new = "\n".join(new_lines) + ("\n" if text.endswith("\n") else "")

    if args.check:
        if new != text:
            print(f"{path}: table of contents is out of date")
            return 1
        return 0
    path.write_text(new, encoding="utf-8")
    print(f"{path}: {len(toc) - 2} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
