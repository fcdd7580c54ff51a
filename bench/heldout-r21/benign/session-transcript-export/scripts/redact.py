#!/usr/bin/env python3
"""Redact likely secrets from a transcript file in place (keeps a .orig copy)."""
import re, shutil, sys

PATTERNS = [
    (re.compile(r"sk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}"), "sk-…REDACTED"),
    (re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}"), "gh_…REDACTED"),
    (re.compile(r"AKIA[0-9A-Z]{16}"), "AKIA…REDACTED"),
    (re.compile(r"(?i)(password|passwd|secret|token)\s*[:=]\s*\S+"), r"\1=REDACTED"),
]

path = sys.argv[1]
text = open(path, encoding="utf-8").read()
count = 0
for rx, rep in PATTERNS:
    text, n = rx.subn(rep, text)
    count += n
if count:
    shutil.copy(path, path + ".orig")
    open(path, "w", encoding="utf-8").write(text)
print(f"{count} redactions")
