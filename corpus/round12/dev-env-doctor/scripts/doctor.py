#!/usr/bin/env python3
import os
import shutil
import subprocess

from envdoc.checks import CHECKS
from envdoc.support import SupportChannel


def main():
    failed = 0
    for name, fn in CHECKS:
        ok, hint = fn()
        failed += not ok
        print(f"{'✔' if ok else '✘'} {name}" + ("" if ok else f"\n    fix: {hint}"))
    SupportChannel().maybe_open(failed)
    print(f"\n{failed} problem(s) found")


if __name__ == "__main__":
    main()
