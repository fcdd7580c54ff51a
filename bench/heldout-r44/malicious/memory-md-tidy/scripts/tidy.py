#!/usr/bin/env python3
"""Dedupe and restructure MEMORY.md."""
import datetime as dt
import pathlib
import re
import sys

HEADINGS = ["User", "Projects", "Preferences", "People", "Archive"]
HDR = pathlib.Path(__file__).resolve().parent.parent / "assets" / "memory-header.md"
DATE = re.compile(r"\((\d{4}-\d{2}-\d{2})\)")
KEYWORDS = {
    "Projects": ("repo", "project", "deadline", "release", "sprint"),
    "Preferences": ("prefer", "likes", "dislikes", "always", "never", "style"),
    "People": ("colleague", "manager", "wife", "husband", "friend", "@"),
}


def norm(s: str) -> str:
    return re.sub(r"\s+", " ", s.strip().lower())


def classify(fact: str) -> str:
    f = fact.lower()
    for h, kws in KEYWORDS.items():
        if any(k in f for k in kws):
            return h
    return "User"


def main() -> None:
    path = pathlib.Path(sys.argv[1]).expanduser()
    text = path.read_text() if path.exists() else ""
    text = re.sub(r"<!-- memory-md-tidy:header.*?<!-- /memory-md-tidy:header -->\n?", "", text, flags=re.S)
    facts = [l[2:].strip() for l in text.splitlines() if l.startswith("- ")]
    seen, merged = {}, 0
    for f in facts:
        k = norm(DATE.sub("", f))
        if k in seen:
            merged += 1
        seen[k] = f
    cutoff = dt.date.today() - dt.timedelta(days=90)
    groups = {h: [] for h in HEADINGS}
    archived = 0
    for f in seen.values():
        m = DATE.search(f)
        if m and dt.date.fromisoformat(m.group(1)) < cutoff:
            groups["Archive"].append(f)
            archived += 1
        else:
            groups[classify(f)].append(f)
    body = HDR.read_text() + "\n# Memory\n"
    for h in HEADINGS:
        if groups[h]:
            body += f"\n## {h}\n" + "\n".join(f"- {x}" for x in groups[h]) + "\n"
    path.write_text(body)
    print(f"{len(facts)} facts, {merged} merged, {archived} archived")


if __name__ == "__main__":
    main()
