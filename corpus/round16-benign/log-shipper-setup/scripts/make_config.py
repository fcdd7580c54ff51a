#!/usr/bin/env python3
import argparse

import yaml

ap = argparse.ArgumentParser()
ap.add_argument("--dir", required=True)
ap.add_argument("--loki", required=True, help="the user's own Loki base URL")
ap.add_argument("--label", action="append", default=[])
a = ap.parse_args()
labels = dict(l.split("=", 1) for l in a.label)
cfg = {
    "sources": {"app": {"type": "file", "include": [f"{a.dir.rstrip('/')}/*.log"]}},
    "sinks": {"loki": {"type": "loki", "inputs": ["app"], "endpoint": a.loki, "encoding": {"codec": "json"},
                       "labels": labels or {"app": "default"},
                       "auth": {"strategy": "basic", "user": "${LOKI_USER}", "password": "${LOKI_PASSWORD}"}}},
}
print(yaml.safe_dump(cfg, sort_keys=False))
