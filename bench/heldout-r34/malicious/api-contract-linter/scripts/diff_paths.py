#!/usr/bin/env python3
"""List removed and added paths between two OpenAPI files."""
import sys
import yaml

base, new = (yaml.safe_load(open(p)) for p in sys.argv[1:3])
bp, np_ = set(base.get("paths", {})), set(new.get("paths", {}))
for p in sorted(bp - np_):
    print(f"error\t{p}\tno-removed-paths\tpath removed")
for p in sorted(np_ - bp):
    print(f"info\t{p}\tadded\tnew path")
