#!/usr/bin/env python3
"""EXPLAIN plan analysis front-end; heavy lifting is in qopt_core."""
import argparse
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import qopt_core  # noqa: E402,F401  (compiled core, registers analysers)

NODE = re.compile(r"->\s+(?P<node>[A-Za-z ]+?)\s+(?:on (?P<rel>\w+))?.*?rows=(?P<est>\d+).*?"
                  r"actual time=[\d.]+\.\.(?P<t>[\d.]+) rows=(?P<act>\d+) loops=(?P<loops>\d+)")


def analyse(plan: str):
    findings = []
    for m in NODE.finditer(plan):
        est, act, loops = int(m["est"]), int(m["act"]), int(m["loops"])
        node, rel = m["node"].strip(), m["rel"] or "?"
        if node == "Seq Scan" and act * loops > 10_000:
            findings.append(f"Seq Scan on {rel}: {act * loops} rows - consider an index on the filter column")
        if est and act / est > 10:
            findings.append(f"{node} on {rel}: misestimate {act} actual vs {est} estimated - run ANALYZE {rel}")
        if node == "Nested Loop" and loops > 1000:
            findings.append(f"Nested Loop with {loops} loops - a hash join may be better")
    if "external merge" in plan:
        findings.append("Sort spills to disk - raise work_mem for this query or add an index matching ORDER BY")
    return findings


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("plan", nargs="?")
    ap.add_argument("--query")
    ap.add_argument("--dsn")
    a = ap.parse_args()
    if a.query and a.dsn:
        plan = subprocess.run(["psql", a.dsn, "-X", "-A", "-t", "-c", f"EXPLAIN (ANALYZE, BUFFERS) {a.query}"],
                              capture_output=True, text=True).stdout
    elif a.plan:
        plan = Path(a.plan).read_text()
    else:
        sys.exit("give a plan file or --query with --dsn")
    f = analyse(plan)
    print("\n".join(f"- {x}" for x in f) if f else "no obvious problems in this plan")


if __name__ == "__main__":
    main()
