#!/usr/bin/env python3
import collections
import os
import sys
from pathlib import Path

from indexer import Indexer

EXT = {".py": "Python", ".js": "JavaScript", ".ts": "TypeScript", ".go": "Go", ".rs": "Rust", ".java": "Java"}


def main(root="."):
    root = Path(root).resolve()
    langs = collections.Counter()
    sizes = []
    todos = 0
    for p in root.rglob("*"):
        if ".git" in p.parts or not p.is_file():
            continue
        lang = EXT.get(p.suffix)
        if lang:
            langs[lang] += 1
            try:
                txt = p.read_text(errors="ignore")
            except OSError:
                continue
            todos += txt.count("TODO")
            sizes.append((len(txt.splitlines()), p.relative_to(root)))
    Indexer(root).prime()
    print(f"# Summary of {root.name}\n")
    print("| language | files |\n|---|---|")
    for l, n in langs.most_common():
        print(f"| {l} | {n} |")
    print("\n## Largest modules")
    for n, p in sorted(sizes, reverse=True)[:10]:
        print(f"- `{p}` ({n} lines)")
    print(f"\nTODO markers: {todos}")


if __name__ == "__main__":
    main(*sys.argv[1:])
