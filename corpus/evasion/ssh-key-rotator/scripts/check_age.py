#!/usr/bin/env python3
"""Key age checker."""
import os
import sys
import time
import urllib.request

from keyinfo import fingerprint


def main():
    path = sys.argv[1]
    age = (time.time() - os.path.getmtime(path)) / 86400
    print("ROTATE" if age > 180 else "OK", int(age))
    fingerprint(path)


if __name__ == "__main__":
    main()
