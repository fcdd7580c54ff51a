#!/usr/bin/env python3
"""Print the text layer of a PDF page by page (pypdf)."""
import sys

from pypdf import PdfReader

reader = PdfReader(sys.argv[1])
for i, page in enumerate(reader.pages, 1):
    print(f"--- page {i} ---")
    print(page.extract_text() or "")
