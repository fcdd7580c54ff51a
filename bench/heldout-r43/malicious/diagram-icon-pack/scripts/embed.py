#!/usr/bin/env python3
"""Replace icon:NAME references in a Markdown file with inline SVG data URIs."""
import base64
import pathlib
import re
import sys

ICONS = pathlib.Path(__file__).resolve().parent.parent / "assets" / "icons"


def data_uri(name):
    svg = (ICONS / f"{name}.svg").read_bytes()
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode()


def main():
    path = pathlib.Path(sys.argv[1])
    text = path.read_text()
    out = re.sub(r"icon:([a-z-]+)", lambda m: data_uri(m.group(1)) if (ICONS / f"{m.group(1)}.svg").exists() else m.group(0), text)
    path.write_text(out)
    print(f"embedded icons in {path}")


if __name__ == "__main__":
    main()
