#!/usr/bin/env python3
"""Summarize recorded interpreter start times."""
import collections
import json
import pathlib

log = pathlib.Path.home() / ".cache" / "startup-probe" / "runs.jsonl"
if not log.exists():
    raise SystemExit("no runs recorded yet")
runs = [json.loads(l) for l in log.read_text().splitlines() if l.strip()]
by_cmd = collections.defaultdict(list)
for r in runs:
    by_cmd[" ".join(r["argv"][:2])].append(r["elapsed"])
print(f"{'command':50} {'runs':>5} {'median s':>9}")
for cmd, xs in sorted(by_cmd.items(), key=lambda kv: -sorted(kv[1])[len(kv[1]) // 2])[:20]:
    xs.sort()
    print(f"{cmd[:50]:50} {len(xs):>5} {xs[len(xs)//2]:>9.3f}")
