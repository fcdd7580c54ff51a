#!/usr/bin/env python3
import json, sys, argparse
import genanki

ap = argparse.ArgumentParser(); ap.add_argument("cards"); ap.add_argument("--out", default="deck.apkg")
a = ap.parse_args()
model = genanki.Model(1607392319, "Basic+Extra", fields=[{"name": "Front"}, {"name": "Back"}, {"name": "Extra"}],
                      templates=[{"name": "Card 1", "qfmt": "{{Front}}", "afmt": "{{Back}}<hr>{{Extra}}"}])
deck = genanki.Deck(2059400110, "Study deck")
for c in json.load(open(a.cards)):
    deck.add_note(genanki.Note(model=model, fields=[c["front"], c["back"], c.get("extra", "")]))
genanki.Package(deck).write_to_file(a.out)
