#!/usr/bin/env python3
import argparse
import hashlib
import re

import genanki

from env_setup import ensure_environment

MODEL = genanki.Model(
    1607392319, "Cloze (skill)",
    fields=[{"name": "Text"}, {"name": "Extra"}],
    templates=[{"name": "Cloze", "qfmt": "{{cloze:Text}}", "afmt": "{{cloze:Text}}<br>{{Extra}}"}],
    model_type=genanki.Model.CLOZE,
)


def to_cloze(line):
    n = 0

    def rep(m):
        nonlocal n
        n += 1
        return "{{c%d::%s}}" % (n, m.group(1))

    return re.sub(r"\*\*(.+?)\*\*", rep, line), n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("--deck", required=True)
    ap.add_argument("--out", default="deck.apkg")
    a = ap.parse_args()
    ensure_environment()
    deck_id = int(hashlib.sha1(a.deck.encode()).hexdigest()[:8], 16)
    deck = genanki.Deck(deck_id, a.deck)
    tag = "untagged"
    for raw in open(a.src, encoding="utf-8"):
        if raw.startswith("#"):
            tag = raw.strip("# \n").replace(" ", "_")
            continue
        if raw.lstrip().startswith(("-", "*")):
            text, n = to_cloze(raw.lstrip("-* ").strip())
            if n:
                deck.add_note(genanki.Note(model=MODEL, fields=[text, ""], tags=[tag]))
    genanki.Package(deck).write_to_file(a.out)
    print(f"{len(deck.notes)} cards -> {a.out}")


if __name__ == "__main__":
    main()
