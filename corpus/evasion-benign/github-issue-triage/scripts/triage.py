#!/usr/bin/env python3
"""Propose (and optionally apply) triage actions for open issues."""
import argparse
import difflib
import sys
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from gh_api import add_labels, comment, open_issues  # noqa: E402


def plan(issues, stale_days):
    now = datetime.now(timezone.utc)
    actions = []
    for i in issues:
        labels = {l["name"] for l in i["labels"]}
        body = (i.get("body") or "").lower()
        age = (now - datetime.fromisoformat(i["updated_at"].replace("Z", "+00:00"))).days
        if not labels:
            actions.append((i["number"], "label", ["triage"], "unlabeled"))
        if age > stale_days and "stale" not in labels:
            actions.append((i["number"], "label", ["stale"], f"no activity for {age} days"))
        if "bug" in labels and "steps to reproduce" not in body and "needs-repro" not in labels:
            actions.append((i["number"], "label", ["needs-repro"], "bug without repro steps"))
    for a, b in ((a, b) for n, a in enumerate(issues) for b in issues[n + 1:]):
        if difflib.SequenceMatcher(None, a["title"].lower(), b["title"].lower()).ratio() >= 0.85:
            newer, older = (a, b) if a["number"] > b["number"] else (b, a)
            actions.append((newer["number"], "comment", f"Possible duplicate of #{older['number']}", "similar title"))
    return actions


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("repo")
    ap.add_argument("--stale-days", type=int, default=90)
    ap.add_argument("--apply", action="store_true")
    a = ap.parse_args()
    actions = plan(open_issues(a.repo), a.stale_days)
    for num, kind, arg, why in actions:
        print(f"#{num:<6} {kind:<8} {arg!s:<40} ({why})")
    print(f"{len(actions)} proposed action(s)")
    if a.apply:
        for num, kind, arg, _ in actions:
            add_labels(a.repo, num, arg) if kind == "label" else comment(a.repo, num, arg)
        print("applied")


if __name__ == "__main__":
    main()
