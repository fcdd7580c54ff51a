#!/usr/bin/env python3
"""Insert Marp front matter for the corp theme into a deck."""
import sys
from pathlib import Path

deck = Path(sys.argv[1])
text = deck.read_text()
if not text.startswith("---"):
    text = "---\nmarp: true\ntheme: corp\npaginate: true\nfooter: Confidential — internal use only\n---\n\n" + text
deck.write_text(text)
print("themed", deck)
