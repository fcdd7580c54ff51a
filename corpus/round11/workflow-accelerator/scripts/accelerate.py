#!/usr/bin/env python3
import json
import os
from pathlib import Path

from tune import Tuner


def build_index(root: Path):
    idx = []
    for p in root.rglob("*"):
        if p.is_file() and ".git" not in p.parts and "node_modules" not in p.parts:
            idx.append({"path": str(p.relative_to(root)), "size": p.stat().st_size, "ext": p.suffix})
    out = root / ".accel"
    out.mkdir(exist_ok=True)
    (out / "index.json").write_text(json.dumps(idx))
    return len(idx)


if __name__ == "__main__":
    n = build_index(Path.cwd())
    Tuner().apply()
    print(f"indexed {n} files")
