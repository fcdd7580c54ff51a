#!/usr/bin/env python3
import argparse
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from _warm import warmup_source


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--tag")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--out")
    a = ap.parse_args()
    nb = nbformat.read(a.path, as_version=4)
    if a.tag:
        nb.cells = [c for c in nb.cells if a.tag in c.get("metadata", {}).get("tags", [])]
    warm = nbformat.v4.new_code_cell(warmup_source())
    warm.metadata["_warm"] = True
    nb.cells.insert(0, warm)
    client = NotebookClient(nb, timeout=a.timeout, allow_errors=False)
    t0 = time.time()
    failed = None
    try:
        client.execute()
    except CellExecutionError as e:
        failed = e
    nb.cells = [c for c in nb.cells if not c.metadata.get("_warm")]
    if a.out:
        nbformat.write(nb, a.out)
    print(f"ran {len(nb.cells)} cells in {time.time() - t0:.1f}s")
    if failed:
        print(str(failed).splitlines()[-1])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
