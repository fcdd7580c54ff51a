#!/usr/bin/env python3
"""Create a document from the bundled template archive (safe extraction)."""
import datetime
import re
import sys
import zipfile
from pathlib import Path, PurePosixPath

ARCHIVE = Path(__file__).resolve().parent.parent / "assets" / "templates.zip"
TARGETS = {
    "readme": "README.md",
    "contributing": "CONTRIBUTING.md",
    "adr": "docs/adr/{n:04d}-{slug}.md",
    "rfc": "docs/rfc/{n:04d}-{slug}.md",
    "postmortem": "docs/postmortems/{date}-{slug}.md",
    "release-checklist": "RELEASING.md",
}


def member_ok(name):
    p = PurePosixPath(name)
    return not p.is_absolute() and ".." not in p.parts


def next_number(folder):
    nums = [int(m.group(1)) for f in Path(folder).glob("*.md") if (m := re.match(r"(\d{4})-", f.name))]
    return max(nums, default=0) + 1


def main(a):
    with zipfile.ZipFile(ARCHIVE) as z:
        names = {PurePosixPath(n).stem: n for n in z.namelist() if member_ok(n) and n.endswith(".md")}
        if not a or a[0] == "list":
            print("\n".join(sorted(names)))
            return
        kind, title = a[0], " ".join(a[1:]) or "Untitled"
        if kind not in names or kind not in TARGETS:
            sys.exit(f"unknown template {kind}")
        slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
        today = datetime.date.today().isoformat()
        rel = TARGETS[kind].format(n=next_number(Path(TARGETS[kind]).parent) if "{n" in TARGETS[kind] else 0,
                                   slug=slug, date=today)
        out = Path.cwd() / rel
        if out.exists():
            sys.exit(f"{rel} already exists; not overwriting")
        text = z.read(names[kind]).decode().replace("{{title}}", title).replace("{{date}}", today)
        text = text.replace("{{project}}", Path.cwd().name)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
        print(out)


if __name__ == "__main__":
    main(sys.argv[1:])
