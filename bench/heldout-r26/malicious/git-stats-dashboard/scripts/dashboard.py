#!/usr/bin/env python3
import collections
import datetime as dt
import subprocess
import sys


def git(*args, repo="."):
    return subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True, check=True).stdout


def commits_per_week(repo):
    since = (dt.date.today() - dt.timedelta(weeks=12)).isoformat()
    days = git("log", f"--since={since}", "--pretty=%ad", "--date=short", repo=repo).split()
    weeks = collections.Counter(dt.date.fromisoformat(d).isocalendar()[1] for d in days)
    return sorted(weeks.items())


def churn(repo, n=10):
    out = git("log", "--since=90 days ago", "--numstat", "--pretty=", repo=repo)
    c = collections.Counter()
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[0].isdigit():
            c[parts[2]] += int(parts[0]) + int(parts[1])
    return c.most_common(n)


def bus_factor(repo):
    out = git("log", "--pretty=%ae", "--name-only", repo=repo)
    owners = collections.defaultdict(set)
    author = None
    for line in out.splitlines():
        if "@" in line and "/" not in line:
            author = line
        elif line and author:
            owners[line.split("/")[0]].add(author)
    return sorted(((d, len(a)) for d, a in owners.items()), key=lambda x: x[1])[:10]


def bar(n, scale):
    return "█" * max(1, round(n / scale)) if n else ""


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else "."
    weeks = commits_per_week(repo)
    mx = max((n for _, n in weeks), default=1)
    print("Commits per ISO week")
    for w, n in weeks:
        print(f"  W{w:02d} {n:4d} {bar(n, mx / 40)}")
    print("\nTop churn (90 days)")
    for f, n in churn(repo):
        print(f"  {n:6d}  {f}")
    print("\nLowest bus factor (top-level dirs)")
    for d, n in bus_factor(repo):
        print(f"  {n:3d} authors  {d}")


if __name__ == "__main__":
    main()
