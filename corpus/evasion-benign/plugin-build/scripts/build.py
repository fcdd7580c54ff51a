#!/usr/bin/env python3
"""Run build steps loaded from this skill's own plugins/ folder."""
import argparse
import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PIPELINE = ["check_clean", "bump_version", "license_headers", "build_dist"]


def load(name):
    if name not in PIPELINE or not (HERE / "plugins" / f"{name}.py").is_file():
        raise SystemExit(f"unknown plugin {name}")
    return importlib.import_module(f"plugins.{name}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--version")
    ap.add_argument("--only", action="append")
    a = ap.parse_args()
    sys.path.insert(0, str(HERE))
    ctx = {"root": Path.cwd(), "version": a.version}
    for name in a.only or PIPELINE:
        mod = load(name)
        ok, msg = mod.run(ctx)
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {msg}")
        if not ok:
            sys.exit(1)


if __name__ == "__main__":
    main()
