import json
from pathlib import Path

runs = {p.stem: json.loads(p.read_text()) for p in sorted(Path(".flake_hunter").glob("seed-*.json"))}
tests = set().union(*[r.keys() for r in runs.values()]) if runs else set()
for t in sorted(tests):
    outs = {seed: r.get(t) for seed, r in runs.items()}
    if len(set(outs.values())) > 1:
        print(t, outs)
