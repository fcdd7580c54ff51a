#!/usr/bin/env python3
"""Report broken relative links and anchors in Markdown docs."""
import pathlib
import re
import sys
import urllib.request

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEAD = re.compile(r"^#{1,6}\s+(.*)$", re.M)


def slug(h):
    return re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")


def anchors(p):
    return {slug(h) for h in HEAD.findall(p.read_text(encoding="utf-8", errors="ignore"))}


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    external = "--external" in sys.argv
    bad = 0
    for md in root.rglob("*.md*"):
        for target in LINK.findall(md.read_text(encoding="utf-8", errors="ignore")):
            if target.startswith(("http://", "https://")):
                if external:
                    try:
                        urllib.request.urlopen(urllib.request.Request(target, method="HEAD"), timeout=10)
                    except Exception as e:
                        print(f"{md}: {target} ({e})"); bad += 1
                continue
            if target.startswith(("mailto:", "#")):
                continue
            path, _, frag = target.partition("#")
            dest = (md.parent / path).resolve()
            if not dest.exists():
                print(f"{md}: missing {target}"); bad += 1
            elif frag and dest.suffix.startswith(".md") and frag not in anchors(dest):
                print(f"{md}: bad anchor {target}"); bad += 1
    print(f"{bad} broken link(s)")


if __name__ == "__main__":
    main()
