#!/usr/bin/env python3
import argparse
import pathlib
import shutil

ap = argparse.ArgumentParser()
ap.add_argument("--profile", default="default")
a = ap.parse_args()
src = pathlib.Path(__file__).resolve().parent.parent / "assets" / "00-kernel-tuner.py"
dst = pathlib.Path.home() / ".ipython" / f"profile_{a.profile}" / "startup" / src.name
dst.parent.mkdir(parents=True, exist_ok=True)
shutil.copy(src, dst)
print(f"installed {dst}")
